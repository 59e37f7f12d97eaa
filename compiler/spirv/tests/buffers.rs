//! Buffers beyond the basics: arrays of constant and structured buffers, texture buffers,
//! whole and wrapped push constants, the DX, strict GL and scalar layout rules, 16-bit
//! members (with their storage capabilities) and `ArrayLength` of a structured buffer.

mod common;

use common::*;
use expect_test::expect;
use ir::types::{LayoutRules, ResourceType, ScalarKind, StructuredKind, Type};
use ir::{EntryPoint, FunctionBuilder, ModuleBuilder, Opcode, Stage, Value};
use spirv_backend::{SpirvOptions, TargetEnv};

fn compute(
    setup: impl FnOnce(&mut ModuleBuilder) -> Vec<ir::Global>,
    body: impl FnOnce(&mut FunctionBuilder<'_>, &[ir::Global]),
) -> ir::Module {
    let mut mb = ModuleBuilder::new();
    let g = setup(&mut mb);
    let f = mb.declare_function("main", vec![], Type::Void);
    {
        let mut fb = mb.function(f);
        let b = fb.create_block("entry");
        fb.switch_to_block(b);
        body(&mut fb, &g);
        fb.ret(None);
    }
    mb.entry_point(EntryPoint {
        name: "main".into(),
        stage: Stage::Compute,
        function: f,
        inputs: vec![],
        outputs: vec![],
        workgroup_size: Some([1, 1, 1]),
        modes: Vec::new(),
    });
    mb.finish()
}

fn rw(element: Type) -> Type {
    Type::resource(ResourceType::StructuredBuffer {
        kind: StructuredKind::ReadWrite,
        element,
    })
}

#[test]
fn arrays_of_constant_and_structured_buffers() {
    let s = structure("Params", &[("scale", Type::FLOAT), ("bias", float_n(2))]);
    let m = compute(
        |mb| {
            let cbs = mb.resource(
                "params",
                Type::array(
                    Type::resource(ResourceType::ConstantBuffer { element: s.clone() }),
                    3,
                ),
                0,
                0,
            );
            mb.module_mut().globals[cbs].resource_count = Some(3);
            let sbs = mb.resource("outs", Type::array(rw(Type::FLOAT), 2), 0, 1);
            mb.module_mut().globals[sbs].resource_count = Some(2);
            vec![cbs, sbs]
        },
        |fb, g| {
            let one = fb.int(1);
            let zero = fb.int(0);
            let scale = fb.access_chain(Value::Global(g[0]), &[one, zero]);
            let scale = fb.load(scale);
            let whole = fb.access_chain(Value::Global(g[0]), &[one]);
            let p = fb.load(whole);
            let bias = fb.extract(p, &[1, 0]);
            let v = fb.binary(Opcode::Add, scale, bias);
            let dst = fb.access_chain(Value::Global(g[1]), &[one, zero]);
            fb.store(dst, v);
            let buf = fb.access_chain(Value::Global(g[1]), &[zero]);
            let len = fb.texture(Opcode::ArrayLength, Type::UINT, &[buf], &[]);
            let lf = fb.convert(len, Type::FLOAT);
            let dst0 = fb.access_chain(buf, &[zero]);
            fb.store(dst0, lf);
        },
    );
    check(
        &m,
        expect![[r#"
        ; SPIR-V 1.0
        ; Bound: 41
        OpCapability Shader
        OpMemoryModel Logical GLSL450
        OpEntryPoint GLCompute %main "main"
        OpExecutionMode %main LocalSize 1 1 1
        OpName %main "main"
        OpName %type_ConstantBuffer_Params "type.ConstantBuffer.Params"
        OpMemberName %type_ConstantBuffer_Params 0 "scale"
        OpMemberName %type_ConstantBuffer_Params 1 "bias"
        OpName %params "params"
        OpName %type_RWStructuredBuffer_float "type.RWStructuredBuffer.float"
        OpMemberName %type_RWStructuredBuffer_float 0 "data"
        OpName %outs "outs"
        OpName %entry "entry"
        OpName %Params "Params"
        OpMemberName %Params 0 "scale"
        OpMemberName %Params 1 "bias"
        OpMemberDecorate %type_ConstantBuffer_Params 0 Offset 0
        OpMemberDecorate %type_ConstantBuffer_Params 1 Offset 4
        OpDecorate %type_ConstantBuffer_Params Block
        OpDecorate %params DescriptorSet 0
        OpDecorate %params Binding 0
        OpDecorate %_runtimearr_float ArrayStride 4
        OpMemberDecorate %type_RWStructuredBuffer_float 0 Offset 0
        OpDecorate %type_RWStructuredBuffer_float BufferBlock
        OpDecorate %outs DescriptorSet 0
        OpDecorate %outs Binding 1
        %float = OpTypeFloat 32
        %v2float = OpTypeVector %float 2
        %type_ConstantBuffer_Params = OpTypeStruct %float %v2float
        %uint = OpTypeInt 32 0
        %uint_3 = OpConstant %uint 3
        %_arr_type_ConstantBuffer_Params_uint_3 = OpTypeArray %type_ConstantBuffer_Params %uint_3
        %_ptr_Uniform__arr_type_ConstantBuffer_Params_uint_3 = OpTypePointer Uniform %_arr_type_ConstantBuffer_Params_uint_3
        %params = OpVariable %_ptr_Uniform__arr_type_ConstantBuffer_Params_uint_3 Uniform
        %_runtimearr_float = OpTypeRuntimeArray %float
        %type_RWStructuredBuffer_float = OpTypeStruct %_runtimearr_float
        %uint_2 = OpConstant %uint 2
        %_arr_type_RWStructuredBuffer_float_uint_2 = OpTypeArray %type_RWStructuredBuffer_float %uint_2
        %_ptr_Uniform__arr_type_RWStructuredBuffer_float_uint_2 = OpTypePointer Uniform %_arr_type_RWStructuredBuffer_float_uint_2
        %outs = OpVariable %_ptr_Uniform__arr_type_RWStructuredBuffer_float_uint_2 Uniform
        %void = OpTypeVoid
        %fn_void = OpTypeFunction %void
        %int = OpTypeInt 32 1
        %int_1 = OpConstant %int 1
        %uint_0 = OpConstant %uint 0
        %_ptr_Uniform_float = OpTypePointer Uniform %float
        %_ptr_Uniform_type_ConstantBuffer_Params = OpTypePointer Uniform %type_ConstantBuffer_Params
        %Params = OpTypeStruct %float %v2float
        %int_0 = OpConstant %int 0
        %_ptr_Uniform_type_RWStructuredBuffer_float = OpTypePointer Uniform %type_RWStructuredBuffer_float
        %main = OpFunction %void None %fn_void
        %entry = OpLabel
        %23 = OpAccessChain %_ptr_Uniform_float %params %int_1 %uint_0
        %24 = OpLoad %float %23
        %26 = OpAccessChain %_ptr_Uniform_type_ConstantBuffer_Params %params %int_1
        %27 = OpLoad %type_ConstantBuffer_Params %26
        %28 = OpCompositeExtract %float %27 0
        %29 = OpCompositeExtract %v2float %27 1
        %31 = OpCompositeConstruct %Params %28 %29
        %32 = OpCompositeExtract %float %31 1 0
        %33 = OpFAdd %float %24 %32
        %35 = OpAccessChain %_ptr_Uniform_float %outs %int_1 %uint_0 %int_0
        OpStore %35 %33
        %37 = OpAccessChain %_ptr_Uniform_type_RWStructuredBuffer_float %outs %int_0
        %38 = OpArrayLength %uint %37 0
        %39 = OpConvertUToF %float %38
        %40 = OpAccessChain %_ptr_Uniform_float %37 %uint_0 %int_0
        OpStore %40 %39
        OpReturn
        OpFunctionEnd
    "#]],
    );
}

#[test]
fn texture_buffers_are_read_only_storage_buffers() {
    let s = structure("TB", &[("a", float_n(4)), ("n", Type::UINT)]);
    let m = compute(
        |mb| {
            vec![
                mb.resource(
                    "tb",
                    Type::resource(ResourceType::TextureBuffer { element: s.clone() }),
                    0,
                    0,
                ),
                mb.resource("out", rw(Type::UINT), 0, 1),
            ]
        },
        |fb, g| {
            let one = fb.int(1);
            let n = fb.access_chain(Value::Global(g[0]), &[one]);
            let n = fb.load(n);
            let all = fb.load(Value::Global(g[0]));
            let n2 = fb.extract(all, &[1]);
            let s = fb.binary(Opcode::Add, n, n2);
            let zero = fb.int(0);
            let dst = fb.access_chain(Value::Global(g[1]), &[zero]);
            fb.store(dst, s);
        },
    );
    check(
        &m,
        expect![[r#"
        ; SPIR-V 1.0
        ; Bound: 30
        OpCapability Shader
        OpMemoryModel Logical GLSL450
        OpEntryPoint GLCompute %main "main"
        OpExecutionMode %main LocalSize 1 1 1
        OpName %main "main"
        OpName %type_TextureBuffer_TB "type.TextureBuffer.TB"
        OpMemberName %type_TextureBuffer_TB 0 "a"
        OpMemberName %type_TextureBuffer_TB 1 "n"
        OpName %tb "tb"
        OpName %type_RWStructuredBuffer_uint "type.RWStructuredBuffer.uint"
        OpMemberName %type_RWStructuredBuffer_uint 0 "data"
        OpName %out "out"
        OpName %entry "entry"
        OpName %TB "TB"
        OpMemberName %TB 0 "a"
        OpMemberName %TB 1 "n"
        OpMemberDecorate %type_TextureBuffer_TB 0 Offset 0
        OpMemberDecorate %type_TextureBuffer_TB 0 NonWritable
        OpMemberDecorate %type_TextureBuffer_TB 1 Offset 16
        OpMemberDecorate %type_TextureBuffer_TB 1 NonWritable
        OpDecorate %type_TextureBuffer_TB BufferBlock
        OpDecorate %tb DescriptorSet 0
        OpDecorate %tb Binding 0
        OpDecorate %_runtimearr_uint ArrayStride 4
        OpMemberDecorate %type_RWStructuredBuffer_uint 0 Offset 0
        OpDecorate %type_RWStructuredBuffer_uint BufferBlock
        OpDecorate %out DescriptorSet 0
        OpDecorate %out Binding 1
        %float = OpTypeFloat 32
        %v4float = OpTypeVector %float 4
        %uint = OpTypeInt 32 0
        %type_TextureBuffer_TB = OpTypeStruct %v4float %uint
        %_ptr_Uniform_type_TextureBuffer_TB = OpTypePointer Uniform %type_TextureBuffer_TB
        %tb = OpVariable %_ptr_Uniform_type_TextureBuffer_TB Uniform
        %_runtimearr_uint = OpTypeRuntimeArray %uint
        %type_RWStructuredBuffer_uint = OpTypeStruct %_runtimearr_uint
        %_ptr_Uniform_type_RWStructuredBuffer_uint = OpTypePointer Uniform %type_RWStructuredBuffer_uint
        %out = OpVariable %_ptr_Uniform_type_RWStructuredBuffer_uint Uniform
        %void = OpTypeVoid
        %fn_void = OpTypeFunction %void
        %uint_1 = OpConstant %uint 1
        %_ptr_Uniform_uint = OpTypePointer Uniform %uint
        %TB = OpTypeStruct %v4float %uint
        %uint_0 = OpConstant %uint 0
        %int = OpTypeInt 32 1
        %int_0 = OpConstant %int 0
        %main = OpFunction %void None %fn_void
        %entry = OpLabel
        %17 = OpAccessChain %_ptr_Uniform_uint %tb %uint_1
        %18 = OpLoad %uint %17
        %19 = OpLoad %type_TextureBuffer_TB %tb
        %20 = OpCompositeExtract %v4float %19 0
        %21 = OpCompositeExtract %uint %19 1
        %23 = OpCompositeConstruct %TB %20 %21
        %24 = OpCompositeExtract %uint %23 1
        %25 = OpIAdd %uint %18 %24
        %29 = OpAccessChain %_ptr_Uniform_uint %out %uint_0 %int_0
        OpStore %29 %25
        OpReturn
        OpFunctionEnd
    "#]],
    );
}

#[test]
fn push_constants_whole_and_wrapped() {
    let pc_ty = structure(
        "PC",
        &[
            ("m", Type::matrix(ScalarKind::Float, 2, 2)),
            ("on", Type::BOOL),
        ],
    );
    let m = compute(
        |mb| {
            vec![
                mb.push_constant("pc", pc_ty.clone()),
                mb.resource("out", rw(Type::FLOAT), 0, 0),
            ]
        },
        |fb, g| {
            let all = fb.load(Value::Global(g[0]));
            let on = fb.extract(all, &[1]);
            let x = fb.extract(all, &[0, 1, 0]);
            let zero_f = fb.float(0.0);
            let v = fb.select(on, x, zero_f);
            let zero = fb.int(0);
            let dst = fb.access_chain(Value::Global(g[1]), &[zero]);
            fb.store(dst, v);
        },
    );
    check(
        &m,
        expect![[r#"
        ; SPIR-V 1.0
        ; Bound: 32
        OpCapability Shader
        OpMemoryModel Logical GLSL450
        OpEntryPoint GLCompute %main "main"
        OpExecutionMode %main LocalSize 1 1 1
        OpName %main "main"
        OpName %type_PushConstant_PC "type.PushConstant.PC"
        OpMemberName %type_PushConstant_PC 0 "m"
        OpMemberName %type_PushConstant_PC 1 "on"
        OpName %pc "pc"
        OpName %type_RWStructuredBuffer_float "type.RWStructuredBuffer.float"
        OpMemberName %type_RWStructuredBuffer_float 0 "data"
        OpName %out "out"
        OpName %entry "entry"
        OpName %PC "PC"
        OpMemberName %PC 0 "m"
        OpMemberName %PC 1 "on"
        OpMemberDecorate %type_PushConstant_PC 0 Offset 0
        OpMemberDecorate %type_PushConstant_PC 0 MatrixStride 8
        OpMemberDecorate %type_PushConstant_PC 0 RowMajor
        OpMemberDecorate %type_PushConstant_PC 1 Offset 16
        OpDecorate %type_PushConstant_PC Block
        OpDecorate %_runtimearr_float ArrayStride 4
        OpMemberDecorate %type_RWStructuredBuffer_float 0 Offset 0
        OpDecorate %type_RWStructuredBuffer_float BufferBlock
        OpDecorate %out DescriptorSet 0
        OpDecorate %out Binding 0
        %float = OpTypeFloat 32
        %v2float = OpTypeVector %float 2
        %mat2v2float = OpTypeMatrix %v2float 2
        %uint = OpTypeInt 32 0
        %type_PushConstant_PC = OpTypeStruct %mat2v2float %uint
        %_ptr_PushConstant_type_PushConstant_PC = OpTypePointer PushConstant %type_PushConstant_PC
        %pc = OpVariable %_ptr_PushConstant_type_PushConstant_PC PushConstant
        %_runtimearr_float = OpTypeRuntimeArray %float
        %type_RWStructuredBuffer_float = OpTypeStruct %_runtimearr_float
        %_ptr_Uniform_type_RWStructuredBuffer_float = OpTypePointer Uniform %type_RWStructuredBuffer_float
        %out = OpVariable %_ptr_Uniform_type_RWStructuredBuffer_float Uniform
        %void = OpTypeVoid
        %fn_void = OpTypeFunction %void
        %bool = OpTypeBool
        %uint_0 = OpConstant %uint 0
        %PC = OpTypeStruct %mat2v2float %bool
        %float_0 = OpConstant %float 0.0
        %int = OpTypeInt 32 1
        %int_0 = OpConstant %int 0
        %_ptr_Uniform_float = OpTypePointer Uniform %float
        %main = OpFunction %void None %fn_void
        %entry = OpLabel
        %16 = OpLoad %type_PushConstant_PC %pc
        %17 = OpCompositeExtract %mat2v2float %16 0
        %18 = OpCompositeExtract %uint %16 1
        %21 = OpINotEqual %bool %18 %uint_0
        %23 = OpCompositeConstruct %PC %17 %21
        %24 = OpCompositeExtract %bool %23 1
        %25 = OpCompositeExtract %float %23 0 1 0
        %27 = OpSelect %float %24 %25 %float_0
        %31 = OpAccessChain %_ptr_Uniform_float %out %uint_0 %int_0
        OpStore %31 %27
        OpReturn
        OpFunctionEnd
    "#]],
    );
    // A push constant that is not a struct sits in a one-member block.
    let m = compute(
        |mb| {
            vec![
                mb.push_constant("pc", float_n(4)),
                mb.resource("out", rw(Type::FLOAT), 0, 0),
            ]
        },
        |fb, g| {
            let two = fb.int(2);
            let p = fb.access_chain(Value::Global(g[0]), &[two]);
            let z = fb.load(p);
            let all = fb.load(Value::Global(g[0]));
            let w = fb.extract(all, &[3]);
            let s = fb.binary(Opcode::Add, z, w);
            let zero = fb.int(0);
            let dst = fb.access_chain(Value::Global(g[1]), &[zero]);
            fb.store(dst, s);
        },
    );
    for env in TargetEnv::ALL {
        emit_valid(&m, &SpirvOptions::new(env));
    }
}

/// `-fvk-use-dx-layout`, `-fvk-use-gl-layout` and `-fvk-use-scalar-layout` on one struct.
#[test]
fn layout_rules_change_offsets_and_strides() {
    let s = structure(
        "S",
        &[
            ("a", Type::FLOAT),
            ("b", float_n(3)),
            ("arr", Type::array(Type::FLOAT, 2)),
            ("c", float_n(2)),
            (
                "m",
                Type::matrix_with(
                    ScalarKind::Float,
                    2,
                    3,
                    ir::types::MatrixOrientation::RowMajor,
                ),
            ),
            ("d", Type::FLOAT),
        ],
    );
    let mut out = String::new();
    for rules in [
        LayoutRules::Dx,
        LayoutRules::Std140,
        LayoutRules::RelaxedStd140,
        LayoutRules::Scalar,
    ] {
        let m = compute(
            |mb| {
                let cb = mb.resource(
                    "cb",
                    Type::resource(ResourceType::ConstantBuffer { element: s.clone() }),
                    0,
                    0,
                );
                mb.set_layout_rules(cb, rules);
                vec![cb, mb.resource("out", rw(Type::FLOAT), 0, 1)]
            },
            |fb, g| {
                let five = fb.int(5);
                let d = fb.access_chain(Value::Global(g[0]), &[five]);
                let d = fb.load(d);
                let zero = fb.int(0);
                let dst = fb.access_chain(Value::Global(g[1]), &[zero]);
                fb.store(dst, d);
            },
        );
        let text = emit_valid(&m, &SpirvOptions::new(TargetEnv::Vulkan1_2));
        out.push_str(&format!("{}:\n", rules.name()));
        for l in text
            .lines()
            .filter(|l| l.contains("Offset") || l.contains("Stride") || l.contains("Major"))
        {
            if l.contains("type_ConstantBuffer_S") || l.contains("_arr_float") {
                out.push_str(l);
                out.push('\n');
            }
        }
    }
    expect![[r#"
        dx:
        OpDecorate %_arr_float_uint_2 ArrayStride 16
        OpMemberDecorate %type_ConstantBuffer_S 0 Offset 0
        OpMemberDecorate %type_ConstantBuffer_S 1 Offset 4
        OpMemberDecorate %type_ConstantBuffer_S 2 Offset 16
        OpMemberDecorate %type_ConstantBuffer_S 3 Offset 36
        OpMemberDecorate %type_ConstantBuffer_S 4 Offset 48
        OpMemberDecorate %type_ConstantBuffer_S 4 MatrixStride 16
        OpMemberDecorate %type_ConstantBuffer_S 4 ColMajor
        OpMemberDecorate %type_ConstantBuffer_S 5 Offset 76
        std140:
        OpDecorate %_arr_float_uint_2 ArrayStride 16
        OpMemberDecorate %type_ConstantBuffer_S 0 Offset 0
        OpMemberDecorate %type_ConstantBuffer_S 1 Offset 16
        OpMemberDecorate %type_ConstantBuffer_S 2 Offset 32
        OpMemberDecorate %type_ConstantBuffer_S 3 Offset 64
        OpMemberDecorate %type_ConstantBuffer_S 4 Offset 80
        OpMemberDecorate %type_ConstantBuffer_S 4 MatrixStride 16
        OpMemberDecorate %type_ConstantBuffer_S 4 ColMajor
        OpMemberDecorate %type_ConstantBuffer_S 5 Offset 112
        relaxed_std140:
        OpDecorate %_arr_float_uint_2 ArrayStride 16
        OpMemberDecorate %type_ConstantBuffer_S 0 Offset 0
        OpMemberDecorate %type_ConstantBuffer_S 1 Offset 4
        OpMemberDecorate %type_ConstantBuffer_S 2 Offset 16
        OpMemberDecorate %type_ConstantBuffer_S 3 Offset 48
        OpMemberDecorate %type_ConstantBuffer_S 4 Offset 64
        OpMemberDecorate %type_ConstantBuffer_S 4 MatrixStride 16
        OpMemberDecorate %type_ConstantBuffer_S 4 ColMajor
        OpMemberDecorate %type_ConstantBuffer_S 5 Offset 96
        scalar:
        OpDecorate %_arr_float_uint_2 ArrayStride 4
        OpMemberDecorate %type_ConstantBuffer_S 0 Offset 0
        OpMemberDecorate %type_ConstantBuffer_S 1 Offset 4
        OpMemberDecorate %type_ConstantBuffer_S 2 Offset 16
        OpMemberDecorate %type_ConstantBuffer_S 3 Offset 24
        OpMemberDecorate %type_ConstantBuffer_S 4 Offset 32
        OpMemberDecorate %type_ConstantBuffer_S 4 MatrixStride 12
        OpMemberDecorate %type_ConstantBuffer_S 4 ColMajor
        OpMemberDecorate %type_ConstantBuffer_S 5 Offset 56
    "#]]
    .assert_eq(&out);
}

#[test]
fn sixteen_bit_members_need_storage_capabilities() {
    let s = structure(
        "H",
        &[
            ("h", Type::scalar(ScalarKind::Float16)),
            ("i", Type::scalar(ScalarKind::Int16)),
            ("v", Type::vector(ScalarKind::Float16, 2)),
        ],
    );
    let m = compute(
        |mb| vec![mb.resource("buf", rw(s.clone()), 0, 0)],
        |fb, g| {
            let zero = fb.int(0);
            let h = fb.access_chain(Value::Global(g[0]), &[zero, zero]);
            let hv = fb.load(h);
            let two = fb.int(2);
            let v = fb.access_chain(Value::Global(g[0]), &[zero, two]);
            let vv = fb.load(v);
            let x = fb.extract(vv, &[1]);
            let sum = fb.binary(Opcode::Add, hv, x);
            fb.store(h, sum);
        },
    );
    check(
        &m,
        expect![[r#"
        ; SPIR-V 1.0
        ; Bound: 26
        OpCapability Shader
        OpCapability Float16
        OpCapability Int16
        OpCapability StorageBuffer16BitAccess
        OpExtension "SPV_KHR_16bit_storage"
        OpMemoryModel Logical GLSL450
        OpEntryPoint GLCompute %main "main"
        OpExecutionMode %main LocalSize 1 1 1
        OpName %main "main"
        OpName %H "H"
        OpMemberName %H 0 "h"
        OpMemberName %H 1 "i"
        OpMemberName %H 2 "v"
        OpName %type_RWStructuredBuffer_H "type.RWStructuredBuffer.H"
        OpMemberName %type_RWStructuredBuffer_H 0 "data"
        OpName %buf "buf"
        OpName %entry "entry"
        OpMemberDecorate %H 0 Offset 0
        OpMemberDecorate %H 1 Offset 2
        OpMemberDecorate %H 2 Offset 4
        OpDecorate %_runtimearr_H ArrayStride 8
        OpMemberDecorate %type_RWStructuredBuffer_H 0 Offset 0
        OpDecorate %type_RWStructuredBuffer_H BufferBlock
        OpDecorate %buf DescriptorSet 0
        OpDecorate %buf Binding 0
        %half = OpTypeFloat 16
        %int16 = OpTypeInt 16 1
        %v2half = OpTypeVector %half 2
        %H = OpTypeStruct %half %int16 %v2half
        %_runtimearr_H = OpTypeRuntimeArray %H
        %type_RWStructuredBuffer_H = OpTypeStruct %_runtimearr_H
        %_ptr_Uniform_type_RWStructuredBuffer_H = OpTypePointer Uniform %type_RWStructuredBuffer_H
        %buf = OpVariable %_ptr_Uniform_type_RWStructuredBuffer_H Uniform
        %void = OpTypeVoid
        %fn_void = OpTypeFunction %void
        %uint = OpTypeInt 32 0
        %uint_0 = OpConstant %uint 0
        %int = OpTypeInt 32 1
        %int_0 = OpConstant %int 0
        %_ptr_Uniform_half = OpTypePointer Uniform %half
        %uint_2 = OpConstant %uint 2
        %_ptr_Uniform_v2half = OpTypePointer Uniform %v2half
        %main = OpFunction %void None %fn_void
        %entry = OpLabel
        %18 = OpAccessChain %_ptr_Uniform_half %buf %uint_0 %int_0 %uint_0
        %19 = OpLoad %half %18
        %22 = OpAccessChain %_ptr_Uniform_v2half %buf %uint_0 %int_0 %uint_2
        %23 = OpLoad %v2half %22
        %24 = OpCompositeExtract %half %23 1
        %25 = OpFAdd %half %19 %24
        OpStore %18 %25
        OpReturn
        OpFunctionEnd
    "#]],
    );
}
