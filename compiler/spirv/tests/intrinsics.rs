//! Intrinsics and value opcodes: `GLSL.std.450` math, integer bit operations, conversions
//! between every scalar kind, matrix products with DXC's operand swap, component-wise
//! matrix arithmetic, composites and swizzles, derivatives, `clip`, out-parameter
//! intrinsics, attribute evaluation and wave and quad operations.

mod common;

use common::*;
use expect_test::expect;
use ir::types::{AddressSpace, MatrixOrientation, ScalarKind, Type};
use ir::{
    EntryPoint, FunctionBuilder, Intrinsic, ModuleBuilder, Opcode, Stage, StageBinding, Value,
};
use spirv_backend::TargetEnv;

/// A shader of `stage` with a float4 input `v` (location 0) and an int4 input `n`
/// (location 1); the body's float4 result goes to location 0.
fn shader(
    stage: Stage,
    body: impl FnOnce(&mut FunctionBuilder<'_>, Value, Value) -> Value,
) -> ir::Module {
    let mut mb = ModuleBuilder::new();
    let v = mb.input("in.var.V", float_n(4), StageBinding::Location(0));
    let n = mb.input("in.var.N", int_n(4), StageBinding::Location(1));
    let out = mb.output("out.var.R", float_n(4), StageBinding::Location(0));
    let f = mb.declare_function("main", vec![], Type::Void);
    {
        let mut fb = mb.function(f);
        let b = fb.create_block("entry");
        fb.switch_to_block(b);
        let vv = fb.load(Value::Global(v));
        let nv = fb.load(Value::Global(n));
        let r = body(&mut fb, vv, nv);
        fb.store(Value::Global(out), r);
        fb.ret(None);
    }
    mb.entry_point(EntryPoint {
        name: "main".into(),
        stage,
        function: f,
        inputs: vec![v, n],
        outputs: vec![out],
        workgroup_size: None,
        modes: Vec::new(),
    });
    mb.finish()
}

fn pixel(body: impl FnOnce(&mut FunctionBuilder<'_>, Value, Value) -> Value) -> ir::Module {
    shader(Stage::Pixel, body)
}

/// Applies each intrinsic to `v` and sums the results.
fn sum_unary(fb: &mut FunctionBuilder<'_>, v: Value, list: &[Intrinsic]) -> Value {
    let mut acc = v;
    for &i in list {
        let r = fb.call_intrinsic(i, float_n(4), &[v]);
        acc = fb.binary(Opcode::Add, acc, r);
    }
    acc
}

#[test]
fn float_math_through_glsl_std_450() {
    use Intrinsic::*;
    let m = pixel(|fb, v, _| {
        let a = sum_unary(
            fb,
            v,
            &[
                Abs, Acos, Asin, Atan, Ceil, Cos, Cosh, Degrees, Exp, Exp2, Floor, Frac, Log,
                Log10, Log2, Radians, Rcp, Round, Rsqrt, Saturate, Sin, Sinh, Sqrt, Tan, Tanh,
                Trunc, Normalize,
            ],
        );
        let b = fb.call_intrinsic(Atan2, float_n(4), &[a, v]);
        let c = fb.call_intrinsic(Pow, float_n(4), &[b, v]);
        let d = fb.call_intrinsic(Min, float_n(4), &[c, v]);
        let e = fb.call_intrinsic(Max, float_n(4), &[d, v]);
        let f = fb.call_intrinsic(Clamp, float_n(4), &[e, v, a]);
        let g = fb.call_intrinsic(Lerp, float_n(4), &[f, v, a]);
        let h = fb.call_intrinsic(SmoothStep, float_n(4), &[g, v, a]);
        let i = fb.call_intrinsic(Step, float_n(4), &[h, v]);
        let j = fb.call_intrinsic(Mad, float_n(4), &[i, v, a]);
        let k = fb.call_intrinsic(Fmod, float_n(4), &[j, v]);
        let l = fb.call_intrinsic(Reflect, float_n(4), &[k, v]);
        let eta = fb.float(1.5);
        let m = fb.call_intrinsic(Refract, float_n(4), &[l, v, eta]);
        let n = fb.call_intrinsic(FaceForward, float_n(4), &[m, v, a]);
        let o = fb.call_intrinsic(Ldexp, float_n(4), &[n, v]);
        let len = fb.call_intrinsic(Length, Type::FLOAT, &[o]);
        let dist = fb.call_intrinsic(Distance, Type::FLOAT, &[o, v]);
        let dot = fb.mat(Opcode::Dot, o, v);
        let xyz = fb.swizzle(o, &[0, 1, 2]);
        let cr = fb.call_intrinsic(Cross, float_n(3), &[xyz, xyz]);
        let cx = fb.extract(cr, &[0]);
        let s = fb.binary(Opcode::Add, len, dist);
        let s = fb.binary(Opcode::Add, s, dot);
        let s = fb.binary(Opcode::Add, s, cx);
        let sign = fb.call_intrinsic(Sign, int_n(4), &[o]);
        let signf = fb.convert(sign, float_n(4));
        let w = fb.construct(float_n(4), &[s, s, s, s]);
        fb.binary(Opcode::Add, w, signf)
    });
    check(
        &m,
        expect![[r#"
        ; SPIR-V 1.0
        ; Bound: 110
        OpCapability Shader
        %glsl = OpExtInstImport "GLSL.std.450"
        OpMemoryModel Logical GLSL450
        OpEntryPoint Fragment %main "main" %in_var_V %in_var_N %out_var_R
        OpExecutionMode %main OriginUpperLeft
        OpName %main "main"
        OpName %in_var_V "in.var.V"
        OpName %in_var_N "in.var.N"
        OpName %out_var_R "out.var.R"
        OpName %entry "entry"
        OpDecorate %in_var_V Location 0
        OpDecorate %in_var_N Location 1
        OpDecorate %out_var_R Location 0
        OpDecorate %87 NoContraction
        OpDecorate %in_var_N Flat
        %float = OpTypeFloat 32
        %v4float = OpTypeVector %float 4
        %_ptr_Input_v4float = OpTypePointer Input %v4float
        %in_var_V = OpVariable %_ptr_Input_v4float Input
        %int = OpTypeInt 32 1
        %v4int = OpTypeVector %int 4
        %_ptr_Input_v4int = OpTypePointer Input %v4int
        %in_var_N = OpVariable %_ptr_Input_v4int Input
        %_ptr_Output_v4float = OpTypePointer Output %v4float
        %out_var_R = OpVariable %_ptr_Output_v4float Output
        %void = OpTypeVoid
        %fn_void = OpTypeFunction %void
        %float_0_30103 = OpConstant %float 0.30103
        %v4float_0_30103_0_30103_0_30103_0_30103 = OpConstantComposite %v4float %float_0_30103 %float_0_30103 %float_0_30103 %float_0_30103
        %float_1 = OpConstant %float 1.0
        %v4float_1_1_1_1 = OpConstantComposite %v4float %float_1 %float_1 %float_1 %float_1
        %float_0 = OpConstant %float 0.0
        %v4float_0_0_0_0 = OpConstantComposite %v4float %float_0 %float_0 %float_0 %float_0
        %float_1_5 = OpConstant %float 1.5
        %v3float = OpTypeVector %float 3
        %main = OpFunction %void None %fn_void
        %entry = OpLabel
        %15 = OpLoad %v4float %in_var_V
        %16 = OpLoad %v4int %in_var_N
        %18 = OpExtInst %v4float %glsl FAbs %15
        %19 = OpFAdd %v4float %15 %18
        %20 = OpExtInst %v4float %glsl Acos %15
        %21 = OpFAdd %v4float %19 %20
        %22 = OpExtInst %v4float %glsl Asin %15
        %23 = OpFAdd %v4float %21 %22
        %24 = OpExtInst %v4float %glsl Atan %15
        %25 = OpFAdd %v4float %23 %24
        %26 = OpExtInst %v4float %glsl Ceil %15
        %27 = OpFAdd %v4float %25 %26
        %28 = OpExtInst %v4float %glsl Cos %15
        %29 = OpFAdd %v4float %27 %28
        %30 = OpExtInst %v4float %glsl Cosh %15
        %31 = OpFAdd %v4float %29 %30
        %32 = OpExtInst %v4float %glsl Degrees %15
        %33 = OpFAdd %v4float %31 %32
        %34 = OpExtInst %v4float %glsl Exp %15
        %35 = OpFAdd %v4float %33 %34
        %36 = OpExtInst %v4float %glsl Exp2 %15
        %37 = OpFAdd %v4float %35 %36
        %38 = OpExtInst %v4float %glsl Floor %15
        %39 = OpFAdd %v4float %37 %38
        %40 = OpExtInst %v4float %glsl Fract %15
        %41 = OpFAdd %v4float %39 %40
        %42 = OpExtInst %v4float %glsl Log %15
        %43 = OpFAdd %v4float %41 %42
        %44 = OpExtInst %v4float %glsl Log2 %15
        %47 = OpFMul %v4float %44 %v4float_0_30103_0_30103_0_30103_0_30103
        %48 = OpFAdd %v4float %43 %47
        %49 = OpExtInst %v4float %glsl Log2 %15
        %50 = OpFAdd %v4float %48 %49
        %51 = OpExtInst %v4float %glsl Radians %15
        %52 = OpFAdd %v4float %50 %51
        %55 = OpFDiv %v4float %v4float_1_1_1_1 %15
        %56 = OpFAdd %v4float %52 %55
        %57 = OpExtInst %v4float %glsl RoundEven %15
        %58 = OpFAdd %v4float %56 %57
        %59 = OpExtInst %v4float %glsl InverseSqrt %15
        %60 = OpFAdd %v4float %58 %59
        %63 = OpExtInst %v4float %glsl FClamp %15 %v4float_0_0_0_0 %v4float_1_1_1_1
        %64 = OpFAdd %v4float %60 %63
        %65 = OpExtInst %v4float %glsl Sin %15
        %66 = OpFAdd %v4float %64 %65
        %67 = OpExtInst %v4float %glsl Sinh %15
        %68 = OpFAdd %v4float %66 %67
        %69 = OpExtInst %v4float %glsl Sqrt %15
        %70 = OpFAdd %v4float %68 %69
        %71 = OpExtInst %v4float %glsl Tan %15
        %72 = OpFAdd %v4float %70 %71
        %73 = OpExtInst %v4float %glsl Tanh %15
        %74 = OpFAdd %v4float %72 %73
        %75 = OpExtInst %v4float %glsl Trunc %15
        %76 = OpFAdd %v4float %74 %75
        %77 = OpExtInst %v4float %glsl Normalize %15
        %78 = OpFAdd %v4float %76 %77
        %79 = OpExtInst %v4float %glsl Atan2 %78 %15
        %80 = OpExtInst %v4float %glsl Pow %79 %15
        %81 = OpExtInst %v4float %glsl FMin %80 %15
        %82 = OpExtInst %v4float %glsl FMax %81 %15
        %83 = OpExtInst %v4float %glsl FClamp %82 %15 %78
        %84 = OpExtInst %v4float %glsl FMix %83 %15 %78
        %85 = OpExtInst %v4float %glsl SmoothStep %84 %15 %78
        %86 = OpExtInst %v4float %glsl Step %85 %15
        %87 = OpExtInst %v4float %glsl Fma %86 %15 %78
        %88 = OpFRem %v4float %87 %15
        %89 = OpExtInst %v4float %glsl Reflect %88 %15
        %91 = OpExtInst %v4float %glsl Refract %89 %15 %float_1_5
        %92 = OpExtInst %v4float %glsl FaceForward %91 %15 %78
        %93 = OpExtInst %v4float %glsl Exp2 %15
        %94 = OpFMul %v4float %92 %93
        %95 = OpExtInst %float %glsl Length %94
        %96 = OpExtInst %float %glsl Distance %94 %15
        %97 = OpDot %float %94 %15
        %99 = OpVectorShuffle %v3float %94 %94 0 1 2
        %100 = OpExtInst %v3float %glsl Cross %99 %99
        %101 = OpCompositeExtract %float %100 0
        %102 = OpFAdd %float %95 %96
        %103 = OpFAdd %float %102 %97
        %104 = OpFAdd %float %103 %101
        %105 = OpExtInst %v4float %glsl FSign %94
        %106 = OpConvertFToS %v4int %105
        %107 = OpConvertSToF %v4float %106
        %108 = OpCompositeConstruct %v4float %104 %104 %104 %104
        %109 = OpFAdd %v4float %108 %107
        OpStore %out_var_R %109
        OpReturn
        OpFunctionEnd
    "#]],
    );
}

#[test]
fn integer_intrinsics_and_bit_operations() {
    use Intrinsic::*;
    let m = pixel(|fb, v, n| {
        let u = fb.bitcast(n, uint_n(4));
        let a = fb.call_intrinsic(Abs, int_n(4), &[n]);
        let b = fb.call_intrinsic(Min, int_n(4), &[a, n]);
        let c = fb.call_intrinsic(Max, uint_n(4), &[u, u]);
        let d = fb.call_intrinsic(Clamp, int_n(4), &[b, n, a]);
        let e = fb.call_intrinsic(CountBits, uint_n(4), &[c]);
        let f = fb.call_intrinsic(ReverseBits, uint_n(4), &[e]);
        let g = fb.call_intrinsic(FirstBitHigh, int_n(4), &[d]);
        let h = fb.call_intrinsic(FirstBitHigh, uint_n(4), &[f]);
        let i = fb.call_intrinsic(FirstBitLow, uint_n(4), &[h]);
        let j = fb.call_intrinsic(Mad, int_n(4), &[g, n, a]);
        let sh = fb.binary(Opcode::Shl, j, n);
        let sr = fb.binary(Opcode::Shr, sh, n);
        let ur = fb.binary(Opcode::Shr, i, u);
        let x = fb.binary(Opcode::BitXor, ur, u);
        let o = fb.binary(Opcode::BitOr, x, u);
        let an = fb.binary(Opcode::BitAnd, o, u);
        let no = fb.unary(Opcode::BitNot, an);
        let rem = fb.binary(Opcode::Rem, sr, n);
        let urem = fb.binary(Opcode::Rem, no, u);
        let div = fb.binary(Opcode::Div, urem, u);
        let asf = fb.call_intrinsic(AsFloat, float_n(4), &[div]);
        let remf = fb.convert(rem, float_n(4));
        let dot = fb.mat(Opcode::Dot, n, n);
        let dotf = fb.convert(dot, Type::FLOAT);
        let s = fb.construct(float_n(4), &[dotf, dotf, dotf, dotf]);
        let t = fb.binary(Opcode::Add, asf, remf);
        let isn = fb.call_intrinsic(IsNan, Type::vector(ScalarKind::Bool, 4), &[v]);
        let isf = fb.call_intrinsic(IsFinite, Type::vector(ScalarKind::Bool, 4), &[v]);
        let both = fb.binary(Opcode::LogicalOr, isn, isf);
        let any = fb.call_intrinsic(Any, Type::BOOL, &[both]);
        let all = fb.call_intrinsic(All, Type::BOOL, &[n]);
        let either = fb.binary(Opcode::LogicalAnd, any, all);
        let not = fb.unary(Opcode::LogicalNot, either);
        let r = fb.binary(Opcode::Add, s, t);
        let zero = fb
            .module_builder()
            .const_vector(vec![ir::Constant::float(0.0); 4]);
        fb.select(not, r, zero)
    });
    check(
        &m,
        expect![[r#"
        ; SPIR-V 1.0
        ; Bound: 82
        OpCapability Shader
        %glsl = OpExtInstImport "GLSL.std.450"
        OpMemoryModel Logical GLSL450
        OpEntryPoint Fragment %main "main" %in_var_V %in_var_N %out_var_R
        OpExecutionMode %main OriginUpperLeft
        OpName %main "main"
        OpName %in_var_V "in.var.V"
        OpName %in_var_N "in.var.N"
        OpName %out_var_R "out.var.R"
        OpName %entry "entry"
        OpDecorate %in_var_V Location 0
        OpDecorate %in_var_N Location 1
        OpDecorate %out_var_R Location 0
        OpDecorate %30 NoContraction
        OpDecorate %31 NoContraction
        OpDecorate %in_var_N Flat
        %float = OpTypeFloat 32
        %v4float = OpTypeVector %float 4
        %_ptr_Input_v4float = OpTypePointer Input %v4float
        %in_var_V = OpVariable %_ptr_Input_v4float Input
        %int = OpTypeInt 32 1
        %v4int = OpTypeVector %int 4
        %_ptr_Input_v4int = OpTypePointer Input %v4int
        %in_var_N = OpVariable %_ptr_Input_v4int Input
        %_ptr_Output_v4float = OpTypePointer Output %v4float
        %out_var_R = OpVariable %_ptr_Output_v4float Output
        %void = OpTypeVoid
        %fn_void = OpTypeFunction %void
        %uint = OpTypeInt 32 0
        %v4uint = OpTypeVector %uint 4
        %int_31 = OpConstant %int 31
        %v4int_31_31_31_31 = OpConstantComposite %v4int %int_31 %int_31 %int_31 %int_31
        %uint_31 = OpConstant %uint 31
        %v4uint_31_31_31_31 = OpConstantComposite %v4uint %uint_31 %uint_31 %uint_31 %uint_31
        %bool = OpTypeBool
        %v4bool = OpTypeVector %bool 4
        %int_0 = OpConstant %int 0
        %v4int_0_0_0_0 = OpConstantComposite %v4int %int_0 %int_0 %int_0 %int_0
        %float_0 = OpConstant %float 0.0
        %v4float_0_0_0_0 = OpConstantComposite %v4float %float_0 %float_0 %float_0 %float_0
        %main = OpFunction %void None %fn_void
        %entry = OpLabel
        %15 = OpLoad %v4float %in_var_V
        %16 = OpLoad %v4int %in_var_N
        %19 = OpBitcast %v4uint %16
        %21 = OpExtInst %v4int %glsl SAbs %16
        %22 = OpExtInst %v4int %glsl SMin %21 %16
        %23 = OpExtInst %v4uint %glsl UMax %19 %19
        %24 = OpExtInst %v4int %glsl SClamp %22 %16 %21
        %25 = OpBitCount %v4uint %23
        %26 = OpBitReverse %v4uint %25
        %27 = OpExtInst %v4int %glsl FindSMsb %24
        %28 = OpExtInst %v4uint %glsl FindUMsb %26
        %29 = OpExtInst %v4uint %glsl FindILsb %28
        %30 = OpIMul %v4int %27 %16
        %31 = OpIAdd %v4int %30 %21
        %34 = OpBitwiseAnd %v4int %16 %v4int_31_31_31_31
        %35 = OpShiftLeftLogical %v4int %31 %34
        %36 = OpBitwiseAnd %v4int %16 %v4int_31_31_31_31
        %37 = OpShiftRightArithmetic %v4int %35 %36
        %40 = OpBitwiseAnd %v4uint %19 %v4uint_31_31_31_31
        %41 = OpShiftRightLogical %v4uint %29 %40
        %42 = OpBitwiseXor %v4uint %41 %19
        %43 = OpBitwiseOr %v4uint %42 %19
        %44 = OpBitwiseAnd %v4uint %43 %19
        %45 = OpNot %v4uint %44
        %46 = OpSRem %v4int %37 %16
        %47 = OpUMod %v4uint %45 %19
        %48 = OpUDiv %v4uint %47 %19
        %49 = OpBitcast %v4float %48
        %50 = OpConvertSToF %v4float %46
        %51 = OpIMul %v4int %16 %16
        %52 = OpCompositeExtract %int %51 0
        %53 = OpCompositeExtract %int %51 1
        %54 = OpIAdd %int %52 %53
        %55 = OpCompositeExtract %int %51 2
        %56 = OpIAdd %int %54 %55
        %57 = OpCompositeExtract %int %51 3
        %58 = OpIAdd %int %56 %57
        %59 = OpConvertSToF %float %58
        %60 = OpCompositeConstruct %v4float %59 %59 %59 %59
        %61 = OpFAdd %v4float %49 %50
        %64 = OpIsNan %v4bool %15
        %65 = OpIsNan %v4bool %15
        %66 = OpIsInf %v4bool %15
        %67 = OpLogicalOr %v4bool %65 %66
        %68 = OpLogicalNot %v4bool %67
        %69 = OpLogicalOr %v4bool %64 %68
        %70 = OpAny %bool %69
        %73 = OpINotEqual %v4bool %16 %v4int_0_0_0_0
        %74 = OpAll %bool %73
        %75 = OpLogicalAnd %bool %70 %74
        %76 = OpLogicalNot %bool %75
        %77 = OpFAdd %v4float %60 %61
        %80 = OpCompositeConstruct %v4bool %76 %76 %76 %76
        %81 = OpSelect %v4float %80 %77 %v4float_0_0_0_0
        OpStore %out_var_R %81
        OpReturn
        OpFunctionEnd
    "#]],
    );
}

#[test]
fn conversions_between_scalar_kinds() {
    let m = pixel(|fb, v, n| {
        let x = fb.extract(v, &[0]);
        let i = fb.extract(n, &[0]);
        let kinds = [
            ScalarKind::Bool,
            ScalarKind::Int,
            ScalarKind::Uint,
            ScalarKind::Half,
            ScalarKind::Double,
            ScalarKind::Int64,
            ScalarKind::Uint64,
            ScalarKind::Min16Float,
            ScalarKind::Int16,
            ScalarKind::Float16,
        ];
        let mut acc = x;
        for &from_src in &[x, i] {
            for &k in &kinds {
                let c = fb.convert(from_src, Type::Scalar(k));
                let back = fb.convert(c, Type::FLOAT);
                acc = fb.binary(Opcode::Add, acc, back);
            }
        }
        let b = fb.convert(n, Type::vector(ScalarKind::Bool, 4));
        let bf = fb.convert(b, float_n(4));
        let u = fb.convert(v, uint_n(4));
        let uf = fb.convert(u, float_n(4));
        let s = fb.binary(Opcode::Add, bf, uf);
        let w = fb.construct(float_n(4), &[acc, acc, acc, acc]);
        fb.binary(Opcode::Add, s, w)
    });
    check_env(
        &m,
        TargetEnv::Vulkan1_1,
        expect![[r#"
            ; SPIR-V 1.3
            ; Bound: 95
            OpCapability Shader
            OpCapability Float16
            OpCapability Float64
            OpCapability Int64
            OpCapability Int16
            OpMemoryModel Logical GLSL450
            OpEntryPoint Fragment %main "main" %in_var_V %in_var_N %out_var_R
            OpExecutionMode %main OriginUpperLeft
            OpName %main "main"
            OpName %in_var_V "in.var.V"
            OpName %in_var_N "in.var.N"
            OpName %out_var_R "out.var.R"
            OpName %entry "entry"
            OpDecorate %in_var_V Location 0
            OpDecorate %in_var_N Location 1
            OpDecorate %out_var_R Location 0
            OpDecorate %75 RelaxedPrecision
            OpDecorate %in_var_N Flat
            %float = OpTypeFloat 32
            %v4float = OpTypeVector %float 4
            %_ptr_Input_v4float = OpTypePointer Input %v4float
            %in_var_V = OpVariable %_ptr_Input_v4float Input
            %int = OpTypeInt 32 1
            %v4int = OpTypeVector %int 4
            %_ptr_Input_v4int = OpTypePointer Input %v4int
            %in_var_N = OpVariable %_ptr_Input_v4int Input
            %_ptr_Output_v4float = OpTypePointer Output %v4float
            %out_var_R = OpVariable %_ptr_Output_v4float Output
            %void = OpTypeVoid
            %fn_void = OpTypeFunction %void
            %bool = OpTypeBool
            %float_0 = OpConstant %float 0.0
            %float_1 = OpConstant %float 1.0
            %uint = OpTypeInt 32 0
            %double = OpTypeFloat 64
            %int64 = OpTypeInt 64 1
            %uint64 = OpTypeInt 64 0
            %int16 = OpTypeInt 16 1
            %half = OpTypeFloat 16
            %int_0 = OpConstant %int 0
            %v4bool = OpTypeVector %bool 4
            %v4int_0_0_0_0 = OpConstantComposite %v4int %int_0 %int_0 %int_0 %int_0
            %v4float_1_1_1_1 = OpConstantComposite %v4float %float_1 %float_1 %float_1 %float_1
            %v4float_0_0_0_0 = OpConstantComposite %v4float %float_0 %float_0 %float_0 %float_0
            %v4uint = OpTypeVector %uint 4
            %main = OpFunction %void None %fn_void
            %entry = OpLabel
            %15 = OpLoad %v4float %in_var_V
            %16 = OpLoad %v4int %in_var_N
            %17 = OpCompositeExtract %float %15 0
            %18 = OpCompositeExtract %int %16 0
            %21 = OpFUnordNotEqual %bool %17 %float_0
            %23 = OpSelect %float %21 %float_1 %float_0
            %24 = OpFAdd %float %17 %23
            %25 = OpConvertFToS %int %17
            %26 = OpConvertSToF %float %25
            %27 = OpFAdd %float %24 %26
            %29 = OpConvertFToU %uint %17
            %30 = OpConvertUToF %float %29
            %31 = OpFAdd %float %27 %30
            %32 = OpFAdd %float %31 %17
            %34 = OpFConvert %double %17
            %35 = OpFConvert %float %34
            %36 = OpFAdd %float %32 %35
            %38 = OpConvertFToS %int64 %17
            %39 = OpConvertSToF %float %38
            %40 = OpFAdd %float %36 %39
            %42 = OpConvertFToU %uint64 %17
            %43 = OpConvertUToF %float %42
            %44 = OpFAdd %float %40 %43
            %45 = OpFAdd %float %44 %17
            %47 = OpConvertFToS %int16 %17
            %48 = OpConvertSToF %float %47
            %49 = OpFAdd %float %45 %48
            %51 = OpFConvert %half %17
            %52 = OpFConvert %float %51
            %53 = OpFAdd %float %49 %52
            %55 = OpINotEqual %bool %18 %int_0
            %56 = OpSelect %float %55 %float_1 %float_0
            %57 = OpFAdd %float %53 %56
            %58 = OpConvertSToF %float %18
            %59 = OpFAdd %float %57 %58
            %60 = OpBitcast %uint %18
            %61 = OpConvertUToF %float %60
            %62 = OpFAdd %float %59 %61
            %63 = OpConvertSToF %float %18
            %64 = OpFAdd %float %62 %63
            %65 = OpConvertSToF %double %18
            %66 = OpFConvert %float %65
            %67 = OpFAdd %float %64 %66
            %68 = OpSConvert %int64 %18
            %69 = OpConvertSToF %float %68
            %70 = OpFAdd %float %67 %69
            %71 = OpSConvert %int64 %18
            %72 = OpBitcast %uint64 %71
            %73 = OpConvertUToF %float %72
            %74 = OpFAdd %float %70 %73
            %75 = OpConvertSToF %float %18
            %76 = OpFAdd %float %74 %75
            %77 = OpSConvert %int16 %18
            %78 = OpConvertSToF %float %77
            %79 = OpFAdd %float %76 %78
            %80 = OpConvertSToF %half %18
            %81 = OpFConvert %float %80
            %82 = OpFAdd %float %79 %81
            %85 = OpINotEqual %v4bool %16 %v4int_0_0_0_0
            %88 = OpSelect %v4float %85 %v4float_1_1_1_1 %v4float_0_0_0_0
            %90 = OpConvertFToU %v4uint %15
            %91 = OpConvertUToF %v4float %90
            %92 = OpFAdd %v4float %88 %91
            %93 = OpCompositeConstruct %v4float %82 %82 %82 %82
            %94 = OpFAdd %v4float %92 %93
            OpStore %out_var_R %94
            OpReturn
            OpFunctionEnd
        "#]],
    );
}

#[test]
fn matrix_products_swap_operands_like_dxc() {
    let m = pixel(|fb, v, _| {
        let m44 = Type::matrix(ScalarKind::Float, 4, 4);
        let m43 = Type::matrix(ScalarKind::Float, 4, 3);
        let m34 = Type::matrix_with(ScalarKind::Float, 3, 4, MatrixOrientation::RowMajor);
        let a = fb.construct(m44.clone(), &[v, v, v, v]);
        let xyz = fb.swizzle(v, &[0, 1, 2]);
        let b = fb.construct(m43, &[xyz, xyz, xyz, xyz]);
        let c = fb.construct(m34, &[v, v, v]);
        let ab = fb.mat(Opcode::MatMul, a, b);
        let abc = fb.mat(Opcode::MatMul, ab, c);
        let mv = fb.mat(Opcode::MatVecMul, abc, v);
        let vm = fb.mat(Opcode::VecMatMul, mv, a);
        let t = fb.call_intrinsic(Intrinsic::Transpose, m44.clone(), &[a]);
        let det = fb.call_intrinsic(Intrinsic::Determinant, Type::FLOAT, &[t]);
        let sum = fb.binary(Opcode::Add, a, t);
        let prod = fb.binary(Opcode::Mul, sum, a);
        let neg = fb.unary(Opcode::Neg, prod);
        let lt = fb.compare(Opcode::Lt, neg, a);
        let sel = fb.select(lt, neg, a);
        let row = fb.extract(sel, &[1]);
        let r = fb.binary(Opcode::Add, vm, row);
        let d4 = fb.construct(float_n(4), &[det, det, det, det]);
        fb.binary(Opcode::Add, r, d4)
    });
    check(
        &m,
        expect![[r#"
        ; SPIR-V 1.0
        ; Bound: 106
        OpCapability Shader
        %glsl = OpExtInstImport "GLSL.std.450"
        OpMemoryModel Logical GLSL450
        OpEntryPoint Fragment %main "main" %in_var_V %in_var_N %out_var_R
        OpExecutionMode %main OriginUpperLeft
        OpName %main "main"
        OpName %in_var_V "in.var.V"
        OpName %in_var_N "in.var.N"
        OpName %out_var_R "out.var.R"
        OpName %entry "entry"
        OpDecorate %in_var_V Location 0
        OpDecorate %in_var_N Location 1
        OpDecorate %out_var_R Location 0
        OpDecorate %in_var_N Flat
        %float = OpTypeFloat 32
        %v4float = OpTypeVector %float 4
        %_ptr_Input_v4float = OpTypePointer Input %v4float
        %in_var_V = OpVariable %_ptr_Input_v4float Input
        %int = OpTypeInt 32 1
        %v4int = OpTypeVector %int 4
        %_ptr_Input_v4int = OpTypePointer Input %v4int
        %in_var_N = OpVariable %_ptr_Input_v4int Input
        %_ptr_Output_v4float = OpTypePointer Output %v4float
        %out_var_R = OpVariable %_ptr_Output_v4float Output
        %void = OpTypeVoid
        %fn_void = OpTypeFunction %void
        %mat4v4float = OpTypeMatrix %v4float 4
        %v3float = OpTypeVector %float 3
        %mat4v3float = OpTypeMatrix %v3float 4
        %mat3v4float = OpTypeMatrix %v4float 3
        %bool = OpTypeBool
        %v4bool = OpTypeVector %bool 4
        %uint = OpTypeInt 32 0
        %uint_4 = OpConstant %uint 4
        %_arr_v4bool_uint_4 = OpTypeArray %v4bool %uint_4
        %main = OpFunction %void None %fn_void
        %entry = OpLabel
        %15 = OpLoad %v4float %in_var_V
        %16 = OpLoad %v4int %in_var_N
        %18 = OpCompositeConstruct %mat4v4float %15 %15 %15 %15
        %20 = OpVectorShuffle %v3float %15 %15 0 1 2
        %22 = OpCompositeConstruct %mat4v3float %20 %20 %20 %20
        %24 = OpCompositeConstruct %mat3v4float %15 %15 %15
        %25 = OpMatrixTimesMatrix %mat4v3float %22 %18
        %26 = OpMatrixTimesMatrix %mat4v4float %24 %25
        %27 = OpVectorTimesMatrix %v4float %15 %26
        %28 = OpMatrixTimesVector %v4float %18 %27
        %29 = OpTranspose %mat4v4float %18
        %31 = OpExtInst %float %glsl Determinant %29
        %32 = OpCompositeExtract %v4float %18 0
        %33 = OpCompositeExtract %v4float %29 0
        %34 = OpFAdd %v4float %32 %33
        %35 = OpCompositeExtract %v4float %18 1
        %36 = OpCompositeExtract %v4float %29 1
        %37 = OpFAdd %v4float %35 %36
        %38 = OpCompositeExtract %v4float %18 2
        %39 = OpCompositeExtract %v4float %29 2
        %40 = OpFAdd %v4float %38 %39
        %41 = OpCompositeExtract %v4float %18 3
        %42 = OpCompositeExtract %v4float %29 3
        %43 = OpFAdd %v4float %41 %42
        %44 = OpCompositeConstruct %mat4v4float %34 %37 %40 %43
        %45 = OpCompositeExtract %v4float %44 0
        %46 = OpCompositeExtract %v4float %18 0
        %47 = OpFMul %v4float %45 %46
        %48 = OpCompositeExtract %v4float %44 1
        %49 = OpCompositeExtract %v4float %18 1
        %50 = OpFMul %v4float %48 %49
        %51 = OpCompositeExtract %v4float %44 2
        %52 = OpCompositeExtract %v4float %18 2
        %53 = OpFMul %v4float %51 %52
        %54 = OpCompositeExtract %v4float %44 3
        %55 = OpCompositeExtract %v4float %18 3
        %56 = OpFMul %v4float %54 %55
        %57 = OpCompositeConstruct %mat4v4float %47 %50 %53 %56
        %58 = OpCompositeExtract %v4float %57 0
        %59 = OpFNegate %v4float %58
        %60 = OpCompositeExtract %v4float %57 1
        %61 = OpFNegate %v4float %60
        %62 = OpCompositeExtract %v4float %57 2
        %63 = OpFNegate %v4float %62
        %64 = OpCompositeExtract %v4float %57 3
        %65 = OpFNegate %v4float %64
        %66 = OpCompositeConstruct %mat4v4float %59 %61 %63 %65
        %67 = OpCompositeExtract %v4float %66 0
        %68 = OpCompositeExtract %v4float %18 0
        %71 = OpFOrdLessThan %v4bool %67 %68
        %72 = OpCompositeExtract %v4float %66 1
        %73 = OpCompositeExtract %v4float %18 1
        %74 = OpFOrdLessThan %v4bool %72 %73
        %75 = OpCompositeExtract %v4float %66 2
        %76 = OpCompositeExtract %v4float %18 2
        %77 = OpFOrdLessThan %v4bool %75 %76
        %78 = OpCompositeExtract %v4float %66 3
        %79 = OpCompositeExtract %v4float %18 3
        %80 = OpFOrdLessThan %v4bool %78 %79
        %84 = OpCompositeConstruct %_arr_v4bool_uint_4 %71 %74 %77 %80
        %85 = OpCompositeExtract %v4bool %84 0
        %86 = OpCompositeExtract %v4float %66 0
        %87 = OpCompositeExtract %v4float %18 0
        %88 = OpSelect %v4float %85 %86 %87
        %89 = OpCompositeExtract %v4bool %84 1
        %90 = OpCompositeExtract %v4float %66 1
        %91 = OpCompositeExtract %v4float %18 1
        %92 = OpSelect %v4float %89 %90 %91
        %93 = OpCompositeExtract %v4bool %84 2
        %94 = OpCompositeExtract %v4float %66 2
        %95 = OpCompositeExtract %v4float %18 2
        %96 = OpSelect %v4float %93 %94 %95
        %97 = OpCompositeExtract %v4bool %84 3
        %98 = OpCompositeExtract %v4float %66 3
        %99 = OpCompositeExtract %v4float %18 3
        %100 = OpSelect %v4float %97 %98 %99
        %101 = OpCompositeConstruct %mat4v4float %88 %92 %96 %100
        %102 = OpCompositeExtract %v4float %101 1
        %103 = OpFAdd %v4float %28 %102
        %104 = OpCompositeConstruct %v4float %31 %31 %31 %31
        %105 = OpFAdd %v4float %103 %104
        OpStore %out_var_R %105
        OpReturn
        OpFunctionEnd
    "#]],
    );
}

#[test]
fn composites_swizzles_and_dynamic_indexing() {
    let m = pixel(|fb, v, n| {
        let i = fb.extract(n, &[0]);
        let x = fb.extract_dynamic(v, i);
        let w = fb.insert_dynamic(v, x, i);
        let y = fb.swizzle(w, &[3, 2, 1, 0]);
        let z = fb.swizzle(y, &[1]);
        let splat = fb.swizzle(z, &[0, 0, 0, 0]);
        let one = Type::vector(ScalarKind::Float, 1);
        let v1 = fb.construct(one.clone(), &[z]);
        let back = fb.extract(v1, &[0]);
        let ins = fb.insert(splat, back, &[2]);
        let s = structure(
            "Pair",
            &[("a", float_n(4)), ("b", Type::array(Type::FLOAT, 2))],
        );
        let arr = fb.construct(Type::array(Type::FLOAT, 2), &[z, back]);
        let p = fb.construct(s, &[ins, arr]);
        let e = fb.extract(p, &[1, 1]);
        let p2 = fb.insert(p, e, &[0, 3]);
        let a = fb.extract(p2, &[0]);
        let local = fb.alloca(float_n(4), "local");
        fb.store(local, a);
        let c = fb.access_chain(local, &[i]);
        fb.store(c, x);
        fb.load(local)
    });
    check(
        &m,
        expect![[r#"
        ; SPIR-V 1.0
        ; Bound: 38
        OpCapability Shader
        OpMemoryModel Logical GLSL450
        OpEntryPoint Fragment %main "main" %in_var_V %in_var_N %out_var_R
        OpExecutionMode %main OriginUpperLeft
        OpName %main "main"
        OpName %in_var_V "in.var.V"
        OpName %in_var_N "in.var.N"
        OpName %out_var_R "out.var.R"
        OpName %entry "entry"
        OpName %Pair "Pair"
        OpMemberName %Pair 0 "a"
        OpMemberName %Pair 1 "b"
        OpName %local "local"
        OpDecorate %in_var_V Location 0
        OpDecorate %in_var_N Location 1
        OpDecorate %out_var_R Location 0
        OpDecorate %in_var_N Flat
        %float = OpTypeFloat 32
        %v4float = OpTypeVector %float 4
        %_ptr_Input_v4float = OpTypePointer Input %v4float
        %in_var_V = OpVariable %_ptr_Input_v4float Input
        %int = OpTypeInt 32 1
        %v4int = OpTypeVector %int 4
        %_ptr_Input_v4int = OpTypePointer Input %v4int
        %in_var_N = OpVariable %_ptr_Input_v4int Input
        %_ptr_Output_v4float = OpTypePointer Output %v4float
        %out_var_R = OpVariable %_ptr_Output_v4float Output
        %void = OpTypeVoid
        %fn_void = OpTypeFunction %void
        %uint = OpTypeInt 32 0
        %uint_2 = OpConstant %uint 2
        %_arr_float_uint_2 = OpTypeArray %float %uint_2
        %Pair = OpTypeStruct %v4float %_arr_float_uint_2
        %_ptr_Function_v4float = OpTypePointer Function %v4float
        %_ptr_Function_float = OpTypePointer Function %float
        %main = OpFunction %void None %fn_void
        %entry = OpLabel
        %local = OpVariable %_ptr_Function_v4float Function
        %15 = OpLoad %v4float %in_var_V
        %16 = OpLoad %v4int %in_var_N
        %17 = OpCompositeExtract %int %16 0
        %18 = OpVectorExtractDynamic %float %15 %17
        %19 = OpVectorInsertDynamic %v4float %15 %18 %17
        %20 = OpVectorShuffle %v4float %19 %19 3 2 1 0
        %21 = OpCompositeExtract %float %20 1
        %22 = OpCompositeConstruct %v4float %21 %21 %21 %21
        %23 = OpCompositeInsert %v4float %21 %22 2
        %27 = OpCompositeConstruct %_arr_float_uint_2 %21 %21
        %29 = OpCompositeConstruct %Pair %23 %27
        %30 = OpCompositeExtract %float %29 1 1
        %31 = OpCompositeInsert %Pair %30 %29 0 3
        %32 = OpCompositeExtract %v4float %31 0
        OpStore %local %32
        %36 = OpAccessChain %_ptr_Function_float %local %17
        OpStore %36 %18
        %37 = OpLoad %v4float %local
        OpStore %out_var_R %37
        OpReturn
        OpFunctionEnd
    "#]],
    );
}

#[test]
fn derivatives_and_clip_in_a_pixel_shader() {
    use Intrinsic::*;
    let m = pixel(|fb, v, _| {
        let a = sum_unary(
            fb,
            v,
            &[Ddx, Ddy, Fwidth, DdxCoarse, DdxFine, DdyCoarse, DdyFine],
        );
        let x = fb.extract(a, &[0]);
        fb.call_intrinsic(Clip, Type::Void, &[x]);
        fb.call_intrinsic(Clip, Type::Void, &[a]);
        a
    });
    check(
        &m,
        expect![[r#"
        ; SPIR-V 1.0
        ; Bound: 43
        OpCapability Shader
        OpCapability DerivativeControl
        OpMemoryModel Logical GLSL450
        OpEntryPoint Fragment %main "main" %in_var_V %in_var_N %out_var_R
        OpExecutionMode %main OriginUpperLeft
        OpName %main "main"
        OpName %in_var_V "in.var.V"
        OpName %in_var_N "in.var.N"
        OpName %out_var_R "out.var.R"
        OpName %entry "entry"
        OpDecorate %in_var_V Location 0
        OpDecorate %in_var_N Location 1
        OpDecorate %out_var_R Location 0
        OpDecorate %in_var_N Flat
        %float = OpTypeFloat 32
        %v4float = OpTypeVector %float 4
        %_ptr_Input_v4float = OpTypePointer Input %v4float
        %in_var_V = OpVariable %_ptr_Input_v4float Input
        %int = OpTypeInt 32 1
        %v4int = OpTypeVector %int 4
        %_ptr_Input_v4int = OpTypePointer Input %v4int
        %in_var_N = OpVariable %_ptr_Input_v4int Input
        %_ptr_Output_v4float = OpTypePointer Output %v4float
        %out_var_R = OpVariable %_ptr_Output_v4float Output
        %void = OpTypeVoid
        %fn_void = OpTypeFunction %void
        %bool = OpTypeBool
        %float_0 = OpConstant %float 0.0
        %v4bool = OpTypeVector %bool 4
        %v4float_0_0_0_0 = OpConstantComposite %v4float %float_0 %float_0 %float_0 %float_0
        %main = OpFunction %void None %fn_void
        %entry = OpLabel
        %15 = OpLoad %v4float %in_var_V
        %16 = OpLoad %v4int %in_var_N
        %17 = OpDPdx %v4float %15
        %18 = OpFAdd %v4float %15 %17
        %19 = OpDPdy %v4float %15
        %20 = OpFAdd %v4float %18 %19
        %21 = OpFwidth %v4float %15
        %22 = OpFAdd %v4float %20 %21
        %23 = OpDPdxCoarse %v4float %15
        %24 = OpFAdd %v4float %22 %23
        %25 = OpDPdxFine %v4float %15
        %26 = OpFAdd %v4float %24 %25
        %27 = OpDPdyCoarse %v4float %15
        %28 = OpFAdd %v4float %26 %27
        %29 = OpDPdyFine %v4float %15
        %30 = OpFAdd %v4float %28 %29
        %31 = OpCompositeExtract %float %30 0
        %34 = OpFOrdLessThan %bool %31 %float_0
        OpSelectionMerge %36 None
        OpBranchConditional %34 %35 %36
        %35 = OpLabel
        OpKill
        %36 = OpLabel
        %39 = OpFOrdLessThan %v4bool %30 %v4float_0_0_0_0
        %40 = OpAny %bool %39
        OpSelectionMerge %42 None
        OpBranchConditional %40 %41 %42
        %41 = OpLabel
        OpKill
        %42 = OpLabel
        OpStore %out_var_R %30
        OpReturn
        OpFunctionEnd
    "#]],
    );
}

#[test]
fn out_parameter_intrinsics_store_through_pointers() {
    use Intrinsic::*;
    let m = pixel(|fb, v, _| {
        let ip = fb.alloca(float_n(4), "ip");
        let e = fb.alloca(float_n(4), "e");
        let s = fb.alloca(float_n(4), "s");
        let c = fb.alloca(float_n(4), "c");
        let fr = fb.call_intrinsic(Modf, float_n(4), &[v, ip]);
        let mant = fb.call_intrinsic(Frexp, float_n(4), &[v, e]);
        fb.call_intrinsic(Sincos, Type::Void, &[v, s, c]);
        let mut acc = fb.binary(Opcode::Add, fr, mant);
        for p in [ip, e, s, c] {
            let x = fb.load(p);
            acc = fb.binary(Opcode::Add, acc, x);
        }
        let h = fb.extract(acc, &[0]);
        let packed = fb.call_intrinsic(F32ToF16, Type::UINT, &[h]);
        let unpacked = fb.call_intrinsic(F16ToF32, Type::FLOAT, &[packed]);
        let lo = fb.call_intrinsic(AsUint, Type::UINT, &[unpacked]);
        let d = fb.call_intrinsic(AsDouble, Type::scalar(ScalarKind::Double), &[lo, lo]);
        let df = fb.convert(d, Type::FLOAT);
        let w = fb.construct(float_n(4), &[df, df, df, df]);
        fb.binary(Opcode::Add, acc, w)
    });
    check_env(
        &m,
        TargetEnv::Vulkan1_0,
        expect![[r#"
        ; SPIR-V 1.0
        ; Bound: 59
        OpCapability Shader
        OpCapability Float64
        %glsl = OpExtInstImport "GLSL.std.450"
        OpMemoryModel Logical GLSL450
        OpEntryPoint Fragment %main "main" %in_var_V %in_var_N %out_var_R
        OpExecutionMode %main OriginUpperLeft
        OpName %main "main"
        OpName %in_var_V "in.var.V"
        OpName %in_var_N "in.var.N"
        OpName %out_var_R "out.var.R"
        OpName %entry "entry"
        OpName %ip "ip"
        OpName %e "e"
        OpName %s "s"
        OpName %c "c"
        OpDecorate %in_var_V Location 0
        OpDecorate %in_var_N Location 1
        OpDecorate %out_var_R Location 0
        OpDecorate %in_var_N Flat
        %float = OpTypeFloat 32
        %v4float = OpTypeVector %float 4
        %_ptr_Input_v4float = OpTypePointer Input %v4float
        %in_var_V = OpVariable %_ptr_Input_v4float Input
        %int = OpTypeInt 32 1
        %v4int = OpTypeVector %int 4
        %_ptr_Input_v4int = OpTypePointer Input %v4int
        %in_var_N = OpVariable %_ptr_Input_v4int Input
        %_ptr_Output_v4float = OpTypePointer Output %v4float
        %out_var_R = OpVariable %_ptr_Output_v4float Output
        %void = OpTypeVoid
        %fn_void = OpTypeFunction %void
        %_ptr_Function_v4float = OpTypePointer Function %v4float
        %_struct = OpTypeStruct %v4float %v4float
        %_struct_0 = OpTypeStruct %v4float %v4int
        %uint = OpTypeInt 32 0
        %v2float = OpTypeVector %float 2
        %float_0 = OpConstant %float 0.0
        %v2uint = OpTypeVector %uint 2
        %double = OpTypeFloat 64
        %main = OpFunction %void None %fn_void
        %entry = OpLabel
        %ip = OpVariable %_ptr_Function_v4float Function
        %e = OpVariable %_ptr_Function_v4float Function
        %s = OpVariable %_ptr_Function_v4float Function
        %c = OpVariable %_ptr_Function_v4float Function
        %15 = OpLoad %v4float %in_var_V
        %16 = OpLoad %v4int %in_var_N
        %24 = OpExtInst %_struct %glsl ModfStruct %15
        %25 = OpCompositeExtract %v4float %24 0
        %26 = OpCompositeExtract %v4float %24 1
        OpStore %ip %26
        %28 = OpExtInst %_struct_0 %glsl FrexpStruct %15
        %29 = OpCompositeExtract %v4float %28 0
        %30 = OpCompositeExtract %v4int %28 1
        %31 = OpConvertSToF %v4float %30
        OpStore %e %31
        %32 = OpExtInst %v4float %glsl Sin %15
        %33 = OpExtInst %v4float %glsl Cos %15
        OpStore %s %32
        OpStore %c %33
        %34 = OpFAdd %v4float %25 %29
        %35 = OpLoad %v4float %ip
        %36 = OpFAdd %v4float %34 %35
        %37 = OpLoad %v4float %e
        %38 = OpFAdd %v4float %36 %37
        %39 = OpLoad %v4float %s
        %40 = OpFAdd %v4float %38 %39
        %41 = OpLoad %v4float %c
        %42 = OpFAdd %v4float %40 %41
        %43 = OpCompositeExtract %float %42 0
        %47 = OpCompositeConstruct %v2float %43 %float_0
        %48 = OpExtInst %uint %glsl PackHalf2x16 %47
        %49 = OpExtInst %v2float %glsl UnpackHalf2x16 %48
        %50 = OpCompositeExtract %float %49 0
        %51 = OpBitcast %uint %50
        %54 = OpCompositeConstruct %v2uint %51 %51
        %55 = OpBitcast %double %54
        %56 = OpFConvert %float %55
        %57 = OpCompositeConstruct %v4float %56 %56 %56 %56
        %58 = OpFAdd %v4float %42 %57
        OpStore %out_var_R %58
        OpReturn
        OpFunctionEnd
    "#]],
    );
    let _ = AddressSpace::Function;
}

#[test]
fn attribute_evaluation_needs_the_input_pointer() {
    use Intrinsic::*;
    let m = pixel(|fb, v, n| {
        let c = fb.call_intrinsic(EvaluateAttributeAtCentroid, float_n(4), &[v]);
        let i = fb.extract(n, &[0]);
        let s = fb.call_intrinsic(EvaluateAttributeAtSample, float_n(4), &[v, i]);
        let off = fb.swizzle(n, &[0, 1]);
        let o = fb.call_intrinsic(EvaluateAttributeSnapped, float_n(4), &[v, off]);
        let a = fb.binary(Opcode::Add, c, s);
        fb.binary(Opcode::Add, a, o)
    });
    let text = emit_valid(&m, &spirv_backend::SpirvOptions::new(TargetEnv::Vulkan1_1));
    assert!(
        text.contains("OpCapability InterpolationFunction"),
        "{text}"
    );
    assert!(text.contains("InterpolateAtCentroid %in_var_V"), "{text}");
    assert!(text.contains("InterpolateAtOffset %in_var_V"), "{text}");
}

/// Wave operations in a compute shader.
fn wave_module() -> ir::Module {
    use Intrinsic::*;
    let mut mb = ModuleBuilder::new();
    let buf = mb.resource(
        "buf",
        Type::resource(ir::types::ResourceType::StructuredBuffer {
            kind: ir::types::StructuredKind::ReadWrite,
            element: Type::UINT,
        }),
        0,
        0,
    );
    let f = mb.declare_function("main", vec![], Type::Void);
    {
        let mut fb = mb.function(f);
        let b = fb.create_block("");
        fb.switch_to_block(b);
        let lane = fb.call_intrinsic(WaveGetLaneIndex, Type::UINT, &[]);
        let count = fb.call_intrinsic(WaveGetLaneCount, Type::UINT, &[]);
        let first = fb.call_intrinsic(WaveIsFirstLane, Type::BOOL, &[]);
        let any = fb.call_intrinsic(WaveActiveAnyTrue, Type::BOOL, &[first]);
        let all = fb.call_intrinsic(WaveActiveAllTrue, Type::BOOL, &[any]);
        let eq = fb.call_intrinsic(WaveActiveAllEqual, Type::BOOL, &[lane]);
        let ballot = fb.call_intrinsic(WaveActiveBallot, uint_n(4), &[all]);
        let bits = fb.call_intrinsic(WaveActiveCountBits, Type::UINT, &[eq]);
        let prefix_bits = fb.call_intrinsic(WavePrefixCountBits, Type::UINT, &[eq]);
        let at = fb.call_intrinsic(WaveReadLaneAt, Type::UINT, &[lane, count]);
        let firstv = fb.call_intrinsic(WaveReadLaneFirst, Type::UINT, &[at]);
        let mut acc = fb.binary(Opcode::Add, bits, prefix_bits);
        acc = fb.binary(Opcode::Add, acc, firstv);
        for i in [
            WaveActiveSum,
            WaveActiveProduct,
            WaveActiveBitAnd,
            WaveActiveBitOr,
            WaveActiveBitXor,
            WaveActiveMin,
            WaveActiveMax,
            WavePrefixSum,
            WavePrefixProduct,
        ] {
            let r = fb.call_intrinsic(i, Type::UINT, &[acc]);
            acc = fb.binary(Opcode::Add, acc, r);
        }
        let fsum = fb.convert(acc, Type::FLOAT);
        let fs = fb.call_intrinsic(WaveActiveSum, Type::FLOAT, &[fsum]);
        let fi = fb.convert(fs, Type::UINT);
        let bx = fb.extract(ballot, &[0]);
        let total = fb.binary(Opcode::Add, fi, bx);
        let zero = fb.uint(0);
        let p = fb.access_chain(Value::Global(buf), &[lane]);
        fb.store(p, total);
        let _ = zero;
        fb.ret(None);
    }
    mb.entry_point(EntryPoint {
        name: "main".into(),
        stage: Stage::Compute,
        function: f,
        inputs: vec![],
        outputs: vec![],
        workgroup_size: Some([64, 1, 1]),
        modes: Vec::new(),
    });
    mb.finish()
}

#[test]
fn wave_operations_through_group_non_uniform() {
    let m = wave_module();
    emit_valid(&m, &spirv_backend::SpirvOptions::new(TargetEnv::Vulkan1_3));
    check_env(
        &m,
        TargetEnv::Vulkan1_1,
        expect![[r#"
        ; SPIR-V 1.3
        ; Bound: 58
        OpCapability Shader
        OpCapability GroupNonUniform
        OpCapability GroupNonUniformVote
        OpCapability GroupNonUniformArithmetic
        OpCapability GroupNonUniformBallot
        OpCapability GroupNonUniformShuffle
        OpMemoryModel Logical GLSL450
        OpEntryPoint GLCompute %main "main" %var_SubgroupLocalInvocationId %var_SubgroupSize
        OpExecutionMode %main LocalSize 64 1 1
        OpName %main "main"
        OpName %type_RWStructuredBuffer_uint "type.RWStructuredBuffer.uint"
        OpMemberName %type_RWStructuredBuffer_uint 0 "data"
        OpName %buf "buf"
        OpName %var_SubgroupLocalInvocationId "var.SubgroupLocalInvocationId"
        OpName %var_SubgroupSize "var.SubgroupSize"
        OpDecorate %_runtimearr_uint ArrayStride 4
        OpMemberDecorate %type_RWStructuredBuffer_uint 0 Offset 0
        OpDecorate %type_RWStructuredBuffer_uint Block
        OpDecorate %buf DescriptorSet 0
        OpDecorate %buf Binding 0
        OpDecorate %var_SubgroupLocalInvocationId BuiltIn SubgroupLocalInvocationId
        OpDecorate %var_SubgroupSize BuiltIn SubgroupSize
        %uint = OpTypeInt 32 0
        %_runtimearr_uint = OpTypeRuntimeArray %uint
        %type_RWStructuredBuffer_uint = OpTypeStruct %_runtimearr_uint
        %_ptr_StorageBuffer_type_RWStructuredBuffer_uint = OpTypePointer StorageBuffer %type_RWStructuredBuffer_uint
        %buf = OpVariable %_ptr_StorageBuffer_type_RWStructuredBuffer_uint StorageBuffer
        %void = OpTypeVoid
        %fn_void = OpTypeFunction %void
        %_ptr_Input_uint = OpTypePointer Input %uint
        %var_SubgroupLocalInvocationId = OpVariable %_ptr_Input_uint Input
        %var_SubgroupSize = OpVariable %_ptr_Input_uint Input
        %bool = OpTypeBool
        %uint_3 = OpConstant %uint 3
        %v4uint = OpTypeVector %uint 4
        %float = OpTypeFloat 32
        %uint_0 = OpConstant %uint 0
        %_ptr_StorageBuffer_uint = OpTypePointer StorageBuffer %uint
        %main = OpFunction %void None %fn_void
        %9 = OpLabel
        %12 = OpLoad %uint %var_SubgroupLocalInvocationId
        %14 = OpLoad %uint %var_SubgroupSize
        %17 = OpGroupNonUniformElect %bool %uint_3
        %18 = OpGroupNonUniformAny %bool %uint_3 %17
        %19 = OpGroupNonUniformAll %bool %uint_3 %18
        %20 = OpGroupNonUniformAllEqual %bool %uint_3 %12
        %22 = OpGroupNonUniformBallot %v4uint %uint_3 %19
        %23 = OpGroupNonUniformBallot %v4uint %uint_3 %20
        %24 = OpGroupNonUniformBallotBitCount %uint %uint_3 Reduce %23
        %25 = OpGroupNonUniformBallot %v4uint %uint_3 %20
        %26 = OpGroupNonUniformBallotBitCount %uint %uint_3 ExclusiveScan %25
        %27 = OpGroupNonUniformShuffle %uint %uint_3 %12 %14
        %28 = OpGroupNonUniformBroadcastFirst %uint %uint_3 %27
        %29 = OpIAdd %uint %24 %26
        %30 = OpIAdd %uint %29 %28
        %31 = OpGroupNonUniformIAdd %uint %uint_3 Reduce %30
        %32 = OpIAdd %uint %30 %31
        %33 = OpGroupNonUniformIMul %uint %uint_3 Reduce %32
        %34 = OpIAdd %uint %32 %33
        %35 = OpGroupNonUniformBitwiseAnd %uint %uint_3 Reduce %34
        %36 = OpIAdd %uint %34 %35
        %37 = OpGroupNonUniformBitwiseOr %uint %uint_3 Reduce %36
        %38 = OpIAdd %uint %36 %37
        %39 = OpGroupNonUniformBitwiseXor %uint %uint_3 Reduce %38
        %40 = OpIAdd %uint %38 %39
        %41 = OpGroupNonUniformUMin %uint %uint_3 Reduce %40
        %42 = OpIAdd %uint %40 %41
        %43 = OpGroupNonUniformUMax %uint %uint_3 Reduce %42
        %44 = OpIAdd %uint %42 %43
        %45 = OpGroupNonUniformIAdd %uint %uint_3 ExclusiveScan %44
        %46 = OpIAdd %uint %44 %45
        %47 = OpGroupNonUniformIMul %uint %uint_3 ExclusiveScan %46
        %48 = OpIAdd %uint %46 %47
        %50 = OpConvertUToF %float %48
        %51 = OpGroupNonUniformFAdd %float %uint_3 Reduce %50
        %52 = OpConvertFToU %uint %51
        %53 = OpCompositeExtract %uint %22 0
        %54 = OpIAdd %uint %52 %53
        %57 = OpAccessChain %_ptr_StorageBuffer_uint %buf %uint_0 %12
        OpStore %57 %54
        OpReturn
        OpFunctionEnd
    "#]],
    );
}

#[test]
fn wave_operations_need_vulkan_1_1() {
    expect!["needs a newer target: WaveGetLaneIndex needs vulkan1.1 or later (GroupNonUniform operations) (in @main)"].assert_eq(&emit_error(&wave_module(), TargetEnv::Vulkan1_0));
}

#[test]
fn quad_operations_in_a_pixel_shader() {
    use Intrinsic::*;
    let m = pixel(|fb, v, n| {
        let x = fb.call_intrinsic(QuadReadAcrossX, float_n(4), &[v]);
        let y = fb.call_intrinsic(QuadReadAcrossY, float_n(4), &[x]);
        let d = fb.call_intrinsic(QuadReadAcrossDiagonal, float_n(4), &[y]);
        let two = fb.uint(2);
        let l = fb.call_intrinsic(QuadReadLaneAt, float_n(4), &[d, two]);
        let _ = n;
        l
    });
    emit_valid(&m, &spirv_backend::SpirvOptions::new(TargetEnv::Vulkan1_1));
    let text = emit_valid(&m, &spirv_backend::SpirvOptions::new(TargetEnv::Vulkan1_2));
    assert!(text.contains("OpGroupNonUniformQuadSwap"), "{text}");
    assert!(text.contains("OpGroupNonUniformQuadBroadcast"), "{text}");
}

#[test]
fn precise_arithmetic_is_no_contraction() {
    let m = pixel(|fb, v, _| {
        let a = fb.binary(Opcode::Mul, v, v);
        fb.set_precise(a);
        let b = fb.binary(Opcode::Add, a, v);
        fb.set_precise(b);
        b
    });
    let text = emit_valid(&m, &spirv_backend::SpirvOptions::new(TargetEnv::Vulkan1_0));
    assert_eq!(text.matches("NoContraction").count(), 2, "{text}");
}

/// A precise operation on a matrix is computed row by row in SPIR-V: every row's
/// instruction is `NoContraction` (the rows of `m * m + m` on a 3x4 matrix: 3 `OpFMul` and
/// 3 `OpFAdd`), as DXC decorates them.
#[test]
fn precise_matrix_arithmetic_is_no_contraction_row_by_row() {
    let m = pixel(|fb, v, _| {
        let mat = Type::matrix(ScalarKind::Float, 3, 4);
        let m = fb.construct(mat, &[v, v, v]);
        let a = fb.binary(Opcode::Mul, m, m);
        fb.set_precise(a);
        let b = fb.binary(Opcode::Add, a, m);
        fb.set_precise(b);
        fb.extract(b, &[1])
    });
    let text = emit_valid(&m, &spirv_backend::SpirvOptions::new(TargetEnv::Vulkan1_0));
    assert_eq!(text.matches("NoContraction").count(), 6, "{text}");
}

/// `half` without `-enable-16bit-types` is a 32-bit float with no `RelaxedPrecision`, as in
/// DXC (its `isRelaxedPrecisionType` takes the min-precision types only): a `half` local and
/// its arithmetic are plain, a `min16float` one is relaxed.
#[test]
fn half_is_not_relaxed_precision() {
    let m = pixel(|fb, v, _| {
        let h4 = Type::vector(ScalarKind::Half, 4);
        let local = fb.alloca(h4.clone(), "h");
        let h = fb.convert(v, h4.clone());
        let sq = fb.binary(Opcode::Mul, h, h);
        fb.store(local, sq);
        let back = fb.load(local);
        let m4 = Type::vector(ScalarKind::Min16Float, 4);
        let mlocal = fb.alloca(m4.clone(), "m");
        let mv = fb.convert(back, m4.clone());
        fb.store(mlocal, mv);
        let mback = fb.load(mlocal);
        fb.convert(mback, float_n(4))
    });
    let text = emit_valid(&m, &spirv_backend::SpirvOptions::new(TargetEnv::Vulkan1_0));
    assert!(!text.contains("OpDecorate %h RelaxedPrecision"), "{text}");
    assert!(text.contains("OpDecorate %m RelaxedPrecision"), "{text}");
}

#[test]
fn minimum_precision_values_are_relaxed_precision() {
    let m = pixel(|fb, v, _| {
        let h4 = Type::vector(ScalarKind::Min16Float, 4);
        let local = fb.alloca(h4.clone(), "h");
        let h = fb.convert(v, h4.clone());
        let sq = fb.binary(Opcode::Mul, h, h);
        fb.store(local, sq);
        let back = fb.load(local);
        fb.convert(back, float_n(4))
    });
    check(
        &m,
        expect![[r#"
        ; SPIR-V 1.0
        ; Bound: 21
        OpCapability Shader
        OpMemoryModel Logical GLSL450
        OpEntryPoint Fragment %main "main" %in_var_V %in_var_N %out_var_R
        OpExecutionMode %main OriginUpperLeft
        OpName %main "main"
        OpName %in_var_V "in.var.V"
        OpName %in_var_N "in.var.N"
        OpName %out_var_R "out.var.R"
        OpName %entry "entry"
        OpName %h "h"
        OpDecorate %in_var_V Location 0
        OpDecorate %in_var_N Location 1
        OpDecorate %out_var_R Location 0
        OpDecorate %h RelaxedPrecision
        OpDecorate %19 RelaxedPrecision
        OpDecorate %20 RelaxedPrecision
        OpDecorate %in_var_N Flat
        %float = OpTypeFloat 32
        %v4float = OpTypeVector %float 4
        %_ptr_Input_v4float = OpTypePointer Input %v4float
        %in_var_V = OpVariable %_ptr_Input_v4float Input
        %int = OpTypeInt 32 1
        %v4int = OpTypeVector %int 4
        %_ptr_Input_v4int = OpTypePointer Input %v4int
        %in_var_N = OpVariable %_ptr_Input_v4int Input
        %_ptr_Output_v4float = OpTypePointer Output %v4float
        %out_var_R = OpVariable %_ptr_Output_v4float Output
        %void = OpTypeVoid
        %fn_void = OpTypeFunction %void
        %_ptr_Function_v4float = OpTypePointer Function %v4float
        %main = OpFunction %void None %fn_void
        %entry = OpLabel
        %h = OpVariable %_ptr_Function_v4float Function
        %15 = OpLoad %v4float %in_var_V
        %16 = OpLoad %v4int %in_var_N
        %19 = OpFMul %v4float %15 %15
        OpStore %h %19
        %20 = OpLoad %v4float %h
        OpStore %out_var_R %20
        OpReturn
        OpFunctionEnd
    "#]],
    );
}
