//! Vertex and pixel shaders: stage inputs and outputs with locations, built-ins and
//! interpolation, `-fvk-invert-y`, depth output, `discard` per target, constant buffers with
//! layout decorations, push constants and spec constants.

mod common;

use common::*;
use expect_test::expect;
use ir::types::{Interpolation, MatrixOrientation, ResourceType, ScalarKind, Type};
use ir::{BuiltIn, EntryPoint, ModuleBuilder, Opcode, Stage, StageBinding, Value};
use spirv_backend::{SpirvOptions, TargetEnv};

/// A vertex shader: `pos` in, `mul(mvp, pos)` to `SV_Position`, a color passed through.
fn vertex_module() -> ir::Module {
    let globals = structure(
        "type.$Globals",
        &[
            (
                "mvp",
                Type::matrix_with(ScalarKind::Float, 4, 4, MatrixOrientation::RowMajor),
            ),
            ("tint", float_n(3)),
        ],
    );
    let mut mb = ModuleBuilder::new();
    let cb = mb.resource(
        "$Globals",
        Type::resource(ResourceType::ConstantBuffer { element: globals }),
        0,
        0,
    );
    let pos = mb.input("in.var.POSITION", float_n(4), StageBinding::Location(0));
    let color = mb.input("in.var.COLOR", float_n(3), StageBinding::Location(1));
    let out_pos = mb.output(
        "out.var.SV_Position",
        float_n(4),
        StageBinding::BuiltIn(BuiltIn::Position),
    );
    let out_color = mb.output("out.var.COLOR", float_n(3), StageBinding::Location(0));
    let f = mb.declare_function("main", vec![], Type::Void);
    {
        let mut fb = mb.function(f);
        let b = fb.create_block("entry");
        fb.switch_to_block(b);
        let p = fb.load(Value::Global(pos));
        let zero = fb.int(0);
        let m = fb.access_chain(Value::Global(cb), &[zero]);
        let mvp = fb.load(m);
        let clip = fb.mat(Opcode::MatVecMul, mvp, p);
        fb.store(Value::Global(out_pos), clip);
        let c = fb.load(Value::Global(color));
        let one = fb.int(1);
        let t = fb.access_chain(Value::Global(cb), &[one]);
        let tint = fb.load(t);
        let c2 = fb.binary(Opcode::Mul, c, tint);
        fb.store(Value::Global(out_color), c2);
        fb.ret(None);
    }
    mb.entry_point(EntryPoint {
        name: "main".into(),
        stage: Stage::Vertex,
        function: f,
        inputs: vec![pos, color],
        outputs: vec![out_pos, out_color],
        workgroup_size: None,
        modes: Vec::new(),
    });
    mb.finish()
}

#[test]
fn vertex_shader_with_a_cbuffer_matrix() {
    check(
        &vertex_module(),
        expect![[r#"
        ; SPIR-V 1.0
        ; Bound: 33
        OpCapability Shader
        OpMemoryModel Logical GLSL450
        OpEntryPoint Vertex %main "main" %in_var_POSITION %in_var_COLOR %out_var_SV_Position %out_var_COLOR
        OpName %main "main"
        OpName %type__Globals "type.$Globals"
        OpMemberName %type__Globals 0 "mvp"
        OpMemberName %type__Globals 1 "tint"
        OpName %_Globals "$Globals"
        OpName %in_var_POSITION "in.var.POSITION"
        OpName %in_var_COLOR "in.var.COLOR"
        OpName %out_var_SV_Position "out.var.SV_Position"
        OpName %out_var_COLOR "out.var.COLOR"
        OpName %entry "entry"
        OpMemberDecorate %type__Globals 0 Offset 0
        OpMemberDecorate %type__Globals 0 MatrixStride 16
        OpMemberDecorate %type__Globals 0 ColMajor
        OpMemberDecorate %type__Globals 1 Offset 64
        OpDecorate %type__Globals Block
        OpDecorate %_Globals DescriptorSet 0
        OpDecorate %_Globals Binding 0
        OpDecorate %in_var_POSITION Location 0
        OpDecorate %in_var_COLOR Location 1
        OpDecorate %out_var_SV_Position BuiltIn Position
        OpDecorate %out_var_COLOR Location 0
        %float = OpTypeFloat 32
        %v4float = OpTypeVector %float 4
        %mat4v4float = OpTypeMatrix %v4float 4
        %v3float = OpTypeVector %float 3
        %type__Globals = OpTypeStruct %mat4v4float %v3float
        %_ptr_Uniform_type__Globals = OpTypePointer Uniform %type__Globals
        %_Globals = OpVariable %_ptr_Uniform_type__Globals Uniform
        %_ptr_Input_v4float = OpTypePointer Input %v4float
        %in_var_POSITION = OpVariable %_ptr_Input_v4float Input
        %_ptr_Input_v3float = OpTypePointer Input %v3float
        %in_var_COLOR = OpVariable %_ptr_Input_v3float Input
        %_ptr_Output_v4float = OpTypePointer Output %v4float
        %out_var_SV_Position = OpVariable %_ptr_Output_v4float Output
        %_ptr_Output_v3float = OpTypePointer Output %v3float
        %out_var_COLOR = OpVariable %_ptr_Output_v3float Output
        %void = OpTypeVoid
        %fn_void = OpTypeFunction %void
        %uint = OpTypeInt 32 0
        %uint_0 = OpConstant %uint 0
        %_ptr_Uniform_mat4v4float = OpTypePointer Uniform %mat4v4float
        %uint_1 = OpConstant %uint 1
        %_ptr_Uniform_v3float = OpTypePointer Uniform %v3float
        %main = OpFunction %void None %fn_void
        %entry = OpLabel
        %20 = OpLoad %v4float %in_var_POSITION
        %24 = OpAccessChain %_ptr_Uniform_mat4v4float %_Globals %uint_0
        %25 = OpLoad %mat4v4float %24
        %26 = OpVectorTimesMatrix %v4float %20 %25
        OpStore %out_var_SV_Position %26
        %27 = OpLoad %v3float %in_var_COLOR
        %30 = OpAccessChain %_ptr_Uniform_v3float %_Globals %uint_1
        %31 = OpLoad %v3float %30
        %32 = OpFMul %v3float %27 %31
        OpStore %out_var_COLOR %32
        OpReturn
        OpFunctionEnd
    "#]],
    );
}

#[test]
fn invert_y_negates_the_position_written() {
    let m = vertex_module();
    let mut options = SpirvOptions::new(TargetEnv::Vulkan1_1);
    options.invert_y = true;
    let text = emit_valid(&m, &options);
    assert!(text.contains("OpFNegate %float"), "{text}");
}

#[test]
fn pixel_shader_inputs_with_interpolation_and_depth_output() {
    let mut mb = ModuleBuilder::new();
    let frag = mb.input(
        "in.var.SV_Position",
        float_n(4),
        StageBinding::BuiltIn(BuiltIn::FragCoord),
    );
    let uv = mb.input("in.var.TEXCOORD0", float_n(2), StageBinding::Location(0));
    mb.module_mut().globals[uv].interpolation = vec![Interpolation::Centroid];
    let id = mb.input("in.var.ID", Type::UINT, StageBinding::Location(1));
    let np = mb.input("in.var.NP", Type::FLOAT, StageBinding::Location(2));
    mb.module_mut().globals[np].interpolation = vec![Interpolation::NoPerspective];
    let smp = mb.input("in.var.SMP", Type::FLOAT, StageBinding::Location(3));
    mb.module_mut().globals[smp].interpolation = vec![Interpolation::Sample];
    let flat = mb.input("in.var.FLAT", float_n(2), StageBinding::Location(4));
    mb.module_mut().globals[flat].interpolation = vec![Interpolation::NoInterpolation];
    let face = mb.input(
        "in.var.SV_IsFrontFace",
        Type::BOOL,
        StageBinding::BuiltIn(BuiltIn::FrontFacing),
    );
    let target = mb.output("out.var.SV_Target", float_n(4), StageBinding::Location(0));
    let depth = mb.output(
        "out.var.SV_Depth",
        Type::FLOAT,
        StageBinding::BuiltIn(BuiltIn::FragDepth),
    );
    let f = mb.declare_function("main", vec![], Type::Void);
    {
        let mut fb = mb.function(f);
        let b = fb.create_block("entry");
        fb.switch_to_block(b);
        let p = fb.load(Value::Global(frag));
        let z = fb.extract(p, &[2]);
        fb.store(Value::Global(depth), z);
        let t = fb.load(Value::Global(uv));
        let i = fb.load(Value::Global(id));
        let fi = fb.convert(i, Type::FLOAT);
        let n = fb.load(Value::Global(np));
        let s = fb.load(Value::Global(smp));
        let fl = fb.load(Value::Global(flat));
        let sum = fb.binary(Opcode::Add, t, fl);
        let front = fb.load(Value::Global(face));
        let one = fb.float(1.0);
        let w = fb.select(front, one, n);
        let out = fb.construct(float_n(4), &[sum, fi, w]);
        let _ = s;
        fb.store(Value::Global(target), out);
        fb.ret(None);
    }
    mb.entry_point(EntryPoint {
        name: "main".into(),
        stage: Stage::Pixel,
        function: f,
        inputs: vec![frag, uv, id, np, smp, flat, face],
        outputs: vec![target, depth],
        workgroup_size: None,
        modes: Vec::new(),
    });
    check(
        &mb.finish(),
        expect![[r#"
            ; SPIR-V 1.0
            ; Bound: 39
            OpCapability Shader
            OpCapability SampleRateShading
            OpMemoryModel Logical GLSL450
            OpEntryPoint Fragment %main "main" %in_var_SV_Position %in_var_TEXCOORD0 %in_var_ID %in_var_NP %in_var_SMP %in_var_FLAT %in_var_SV_IsFrontFace %out_var_SV_Target %out_var_SV_Depth
            OpExecutionMode %main OriginUpperLeft
            OpExecutionMode %main DepthReplacing
            OpName %main "main"
            OpName %in_var_SV_Position "in.var.SV_Position"
            OpName %in_var_TEXCOORD0 "in.var.TEXCOORD0"
            OpName %in_var_ID "in.var.ID"
            OpName %in_var_NP "in.var.NP"
            OpName %in_var_SMP "in.var.SMP"
            OpName %in_var_FLAT "in.var.FLAT"
            OpName %in_var_SV_IsFrontFace "in.var.SV_IsFrontFace"
            OpName %out_var_SV_Target "out.var.SV_Target"
            OpName %out_var_SV_Depth "out.var.SV_Depth"
            OpName %entry "entry"
            OpDecorate %in_var_SV_Position BuiltIn FragCoord
            OpDecorate %in_var_TEXCOORD0 Location 0
            OpDecorate %in_var_TEXCOORD0 Centroid
            OpDecorate %in_var_ID Location 1
            OpDecorate %in_var_NP Location 2
            OpDecorate %in_var_NP NoPerspective
            OpDecorate %in_var_SMP Location 3
            OpDecorate %in_var_SMP Sample
            OpDecorate %in_var_FLAT Location 4
            OpDecorate %in_var_FLAT Flat
            OpDecorate %in_var_SV_IsFrontFace BuiltIn FrontFacing
            OpDecorate %out_var_SV_Target Location 0
            OpDecorate %out_var_SV_Depth BuiltIn FragDepth
            OpDecorate %in_var_ID Flat
            %float = OpTypeFloat 32
            %v4float = OpTypeVector %float 4
            %_ptr_Input_v4float = OpTypePointer Input %v4float
            %in_var_SV_Position = OpVariable %_ptr_Input_v4float Input
            %v2float = OpTypeVector %float 2
            %_ptr_Input_v2float = OpTypePointer Input %v2float
            %in_var_TEXCOORD0 = OpVariable %_ptr_Input_v2float Input
            %uint = OpTypeInt 32 0
            %_ptr_Input_uint = OpTypePointer Input %uint
            %in_var_ID = OpVariable %_ptr_Input_uint Input
            %_ptr_Input_float = OpTypePointer Input %float
            %in_var_NP = OpVariable %_ptr_Input_float Input
            %in_var_SMP = OpVariable %_ptr_Input_float Input
            %in_var_FLAT = OpVariable %_ptr_Input_v2float Input
            %bool = OpTypeBool
            %_ptr_Input_bool = OpTypePointer Input %bool
            %in_var_SV_IsFrontFace = OpVariable %_ptr_Input_bool Input
            %_ptr_Output_v4float = OpTypePointer Output %v4float
            %out_var_SV_Target = OpVariable %_ptr_Output_v4float Output
            %_ptr_Output_float = OpTypePointer Output %float
            %out_var_SV_Depth = OpVariable %_ptr_Output_float Output
            %void = OpTypeVoid
            %fn_void = OpTypeFunction %void
            %float_1 = OpConstant %float 1.0
            %main = OpFunction %void None %fn_void
            %entry = OpLabel
            %26 = OpLoad %v4float %in_var_SV_Position
            %27 = OpCompositeExtract %float %26 2
            OpStore %out_var_SV_Depth %27
            %28 = OpLoad %v2float %in_var_TEXCOORD0
            %29 = OpLoad %uint %in_var_ID
            %30 = OpConvertUToF %float %29
            %31 = OpLoad %float %in_var_NP
            %32 = OpLoad %float %in_var_SMP
            %33 = OpLoad %v2float %in_var_FLAT
            %34 = OpFAdd %v2float %28 %33
            %35 = OpLoad %bool %in_var_SV_IsFrontFace
            %37 = OpSelect %float %35 %float_1 %31
            %38 = OpCompositeConstruct %v4float %34 %30 %37
            OpStore %out_var_SV_Target %38
            OpReturn
            OpFunctionEnd
        "#]],
    );
}

/// `if (a < 0.5) discard;` in a pixel shader.
fn discard_module() -> ir::Module {
    let mut mb = ModuleBuilder::new();
    let a = mb.input("in.var.A", Type::FLOAT, StageBinding::Location(0));
    let target = mb.output("out.var.SV_Target", float_n(4), StageBinding::Location(0));
    let f = mb.declare_function("main", vec![], Type::Void);
    {
        let mut fb = mb.function(f);
        let entry = fb.create_block("entry");
        let then = fb.create_block("if.then");
        let merge = fb.create_block("if.merge");
        fb.switch_to_block(entry);
        let v = fb.load(Value::Global(a));
        let half = fb.float(0.5);
        let c = fb.compare(Opcode::Lt, v, half);
        fb.mark_selection(entry, merge, None);
        fb.cond_br(c, then, merge);
        fb.switch_to_block(then);
        fb.kill();
        fb.switch_to_block(merge);
        let out = fb.construct(float_n(4), &[v, v, v, v]);
        fb.store(Value::Global(target), out);
        fb.ret(None);
    }
    mb.entry_point(EntryPoint {
        name: "main".into(),
        stage: Stage::Pixel,
        function: f,
        inputs: vec![a],
        outputs: vec![target],
        workgroup_size: None,
        modes: Vec::new(),
    });
    mb.finish()
}

#[test]
fn discard_is_op_kill_before_spirv_1_6() {
    check_env(
        &discard_module(),
        TargetEnv::Vulkan1_0,
        expect![[r#"
        ; SPIR-V 1.0
        ; Bound: 18
        OpCapability Shader
        OpMemoryModel Logical GLSL450
        OpEntryPoint Fragment %main "main" %in_var_A %out_var_SV_Target
        OpExecutionMode %main OriginUpperLeft
        OpName %main "main"
        OpName %in_var_A "in.var.A"
        OpName %out_var_SV_Target "out.var.SV_Target"
        OpName %entry "entry"
        OpName %if_then "if.then"
        OpName %if_merge "if.merge"
        OpDecorate %in_var_A Location 0
        OpDecorate %out_var_SV_Target Location 0
        %float = OpTypeFloat 32
        %_ptr_Input_float = OpTypePointer Input %float
        %in_var_A = OpVariable %_ptr_Input_float Input
        %v4float = OpTypeVector %float 4
        %_ptr_Output_v4float = OpTypePointer Output %v4float
        %out_var_SV_Target = OpVariable %_ptr_Output_v4float Output
        %void = OpTypeVoid
        %fn_void = OpTypeFunction %void
        %float_0_5 = OpConstant %float 0.5
        %bool = OpTypeBool
        %main = OpFunction %void None %fn_void
        %entry = OpLabel
        %13 = OpLoad %float %in_var_A
        %16 = OpFOrdLessThan %bool %13 %float_0_5
        OpSelectionMerge %if_merge None
        OpBranchConditional %16 %if_then %if_merge
        %if_then = OpLabel
        OpKill
        %if_merge = OpLabel
        %17 = OpCompositeConstruct %v4float %13 %13 %13 %13
        OpStore %out_var_SV_Target %17
        OpReturn
        OpFunctionEnd
    "#]],
    );
}

#[test]
fn discard_is_terminate_invocation_in_spirv_1_6() {
    let text = emit_valid(&discard_module(), &SpirvOptions::new(TargetEnv::Vulkan1_3));
    assert!(text.contains("OpTerminateInvocation"), "{text}");
    assert!(!text.contains("OpKill"), "{text}");
}

/// Entry points list only stage variables before SPIR-V 1.4, every global used after.
#[test]
fn interface_lists_by_target() {
    let m = vertex_module();
    let old = emit_valid(&m, &SpirvOptions::new(TargetEnv::Vulkan1_1));
    let new = emit_valid(&m, &SpirvOptions::new(TargetEnv::Vulkan1_2));
    let entry = |t: &str| {
        t.lines()
            .find(|l| l.starts_with("OpEntryPoint"))
            .unwrap_or("")
            .to_owned()
    };
    expect![[r#"
        OpEntryPoint Vertex %main "main" %in_var_POSITION %in_var_COLOR %out_var_SV_Position %out_var_COLOR
        OpEntryPoint Vertex %main "main" %_Globals %in_var_POSITION %in_var_COLOR %out_var_SV_Position %out_var_COLOR
    "#]].assert_eq(&format!("{}\n{}\n", entry(&old), entry(&new)));
}

#[test]
fn cbuffer_layouts_with_arrays_nested_structs_bools_and_matrices() {
    let inner = structure("Light", &[("dir", float_n(3)), ("on", Type::BOOL)]);
    let globals = structure(
        "type.$Globals",
        &[
            ("scale", Type::FLOAT),
            ("offset", float_n(3)),
            ("weights", Type::array(Type::FLOAT, 4)),
            ("light", inner.clone()),
            ("lights", Type::array(inner, 2)),
            ("view", Type::matrix(ScalarKind::Float, 3, 3)),
            ("flags", Type::vector(ScalarKind::Bool, 2)),
            (
                "ids",
                Type::matrix_with(ScalarKind::Int, 2, 3, MatrixOrientation::RowMajor),
            ),
        ],
    );
    let mut mb = ModuleBuilder::new();
    let cb = mb.resource(
        "$Globals",
        Type::resource(ResourceType::ConstantBuffer {
            element: globals.clone(),
        }),
        0,
        0,
    );
    let out = mb.output("out.var.SV_Target", float_n(4), StageBinding::Location(0));
    let f = mb.declare_function("main", vec![], Type::Void);
    {
        let mut fb = mb.function(f);
        let b = fb.create_block("entry");
        fb.switch_to_block(b);
        // The whole cbuffer as a value, then pieces of it.
        let all = fb.load(Value::Global(cb));
        let scale = fb.extract(all, &[0]);
        let three = fb.int(3);
        let one = fb.int(1);
        let on = fb.access_chain(Value::Global(cb), &[three, one]);
        let on = fb.load(on);
        let zero_f = fb.float(0.0);
        let s = fb.select(on, scale, zero_f);
        let two = fb.int(2);
        let w = fb.access_chain(Value::Global(cb), &[two, one]);
        let w = fb.load(w);
        let five = fb.int(5);
        let view = fb.access_chain(Value::Global(cb), &[five]);
        let view = fb.load(view);
        let row = fb.extract(view, &[0]);
        let x = fb.extract(row, &[0]);
        let r = fb.construct(float_n(4), &[s, w, x, x]);
        fb.store(Value::Global(out), r);
        fb.ret(None);
    }
    mb.entry_point(EntryPoint {
        name: "main".into(),
        stage: Stage::Pixel,
        function: f,
        inputs: vec![],
        outputs: vec![out],
        workgroup_size: None,
        modes: Vec::new(),
    });
    check(
        &mb.finish(),
        expect![[r#"
            ; SPIR-V 1.0
            ; Bound: 87
            OpCapability Shader
            OpMemoryModel Logical GLSL450
            OpEntryPoint Fragment %main "main" %out_var_SV_Target
            OpExecutionMode %main OriginUpperLeft
            OpName %main "main"
            OpName %Light "Light"
            OpMemberName %Light 0 "dir"
            OpMemberName %Light 1 "on"
            OpName %type__Globals "type.$Globals"
            OpMemberName %type__Globals 0 "scale"
            OpMemberName %type__Globals 1 "offset"
            OpMemberName %type__Globals 2 "weights"
            OpMemberName %type__Globals 3 "light"
            OpMemberName %type__Globals 4 "lights"
            OpMemberName %type__Globals 5 "view"
            OpMemberName %type__Globals 6 "flags"
            OpMemberName %type__Globals 7 "ids"
            OpName %_Globals "$Globals"
            OpName %out_var_SV_Target "out.var.SV_Target"
            OpName %entry "entry"
            OpName %Light_0 "Light"
            OpMemberName %Light_0 0 "dir"
            OpMemberName %Light_0 1 "on"
            OpName %type__Globals_0 "type.$Globals"
            OpMemberName %type__Globals_0 0 "scale"
            OpMemberName %type__Globals_0 1 "offset"
            OpMemberName %type__Globals_0 2 "weights"
            OpMemberName %type__Globals_0 3 "light"
            OpMemberName %type__Globals_0 4 "lights"
            OpMemberName %type__Globals_0 5 "view"
            OpMemberName %type__Globals_0 6 "flags"
            OpMemberName %type__Globals_0 7 "ids"
            OpDecorate %_arr_float_uint_4 ArrayStride 16
            OpMemberDecorate %Light 0 Offset 0
            OpMemberDecorate %Light 1 Offset 12
            OpDecorate %_arr_Light_uint_2 ArrayStride 16
            OpDecorate %_arr_v3int_uint_2 ArrayStride 16
            OpMemberDecorate %type__Globals 0 Offset 0
            OpMemberDecorate %type__Globals 1 Offset 4
            OpMemberDecorate %type__Globals 2 Offset 16
            OpMemberDecorate %type__Globals 3 Offset 80
            OpMemberDecorate %type__Globals 4 Offset 96
            OpMemberDecorate %type__Globals 5 Offset 128
            OpMemberDecorate %type__Globals 5 MatrixStride 16
            OpMemberDecorate %type__Globals 5 RowMajor
            OpMemberDecorate %type__Globals 6 Offset 176
            OpMemberDecorate %type__Globals 7 Offset 192
            OpDecorate %type__Globals Block
            OpDecorate %_Globals DescriptorSet 0
            OpDecorate %_Globals Binding 0
            OpDecorate %out_var_SV_Target Location 0
            %float = OpTypeFloat 32
            %v3float = OpTypeVector %float 3
            %uint = OpTypeInt 32 0
            %uint_4 = OpConstant %uint 4
            %_arr_float_uint_4 = OpTypeArray %float %uint_4
            %Light = OpTypeStruct %v3float %uint
            %uint_2 = OpConstant %uint 2
            %_arr_Light_uint_2 = OpTypeArray %Light %uint_2
            %mat3v3float = OpTypeMatrix %v3float 3
            %v2uint = OpTypeVector %uint 2
            %int = OpTypeInt 32 1
            %v3int = OpTypeVector %int 3
            %_arr_v3int_uint_2 = OpTypeArray %v3int %uint_2
            %type__Globals = OpTypeStruct %float %v3float %_arr_float_uint_4 %Light %_arr_Light_uint_2 %mat3v3float %v2uint %_arr_v3int_uint_2
            %_ptr_Uniform_type__Globals = OpTypePointer Uniform %type__Globals
            %_Globals = OpVariable %_ptr_Uniform_type__Globals Uniform
            %v4float = OpTypeVector %float 4
            %_ptr_Output_v4float = OpTypePointer Output %v4float
            %out_var_SV_Target = OpVariable %_ptr_Output_v4float Output
            %void = OpTypeVoid
            %fn_void = OpTypeFunction %void
            %_arr_float_uint_4_0 = OpTypeArray %float %uint_4
            %bool = OpTypeBool
            %Light_0 = OpTypeStruct %v3float %bool
            %uint_0 = OpConstant %uint 0
            %_arr_Light_0_uint_2 = OpTypeArray %Light_0 %uint_2
            %v2bool = OpTypeVector %bool 2
            %v2uint_0_0 = OpConstantComposite %v2uint %uint_0 %uint_0
            %_arr_v3int_uint_2_0 = OpTypeArray %v3int %uint_2
            %type__Globals_0 = OpTypeStruct %float %v3float %_arr_float_uint_4_0 %Light_0 %_arr_Light_0_uint_2 %mat3v3float %v2bool %_arr_v3int_uint_2_0
            %uint_3 = OpConstant %uint 3
            %uint_1 = OpConstant %uint 1
            %_ptr_Uniform_uint = OpTypePointer Uniform %uint
            %float_0 = OpConstant %float 0.0
            %int_1 = OpConstant %int 1
            %_ptr_Uniform_float = OpTypePointer Uniform %float
            %uint_5 = OpConstant %uint 5
            %_ptr_Uniform_mat3v3float = OpTypePointer Uniform %mat3v3float
            %main = OpFunction %void None %fn_void
            %entry = OpLabel
            %24 = OpLoad %type__Globals %_Globals
            %25 = OpCompositeExtract %float %24 0
            %26 = OpCompositeExtract %v3float %24 1
            %27 = OpCompositeExtract %_arr_float_uint_4 %24 2
            %29 = OpCompositeExtract %float %27 0
            %30 = OpCompositeExtract %float %27 1
            %31 = OpCompositeExtract %float %27 2
            %32 = OpCompositeExtract %float %27 3
            %33 = OpCompositeConstruct %_arr_float_uint_4_0 %29 %30 %31 %32
            %34 = OpCompositeExtract %Light %24 3
            %37 = OpCompositeExtract %v3float %34 0
            %38 = OpCompositeExtract %uint %34 1
            %40 = OpINotEqual %bool %38 %uint_0
            %41 = OpCompositeConstruct %Light_0 %37 %40
            %42 = OpCompositeExtract %_arr_Light_uint_2 %24 4
            %44 = OpCompositeExtract %Light %42 0
            %45 = OpCompositeExtract %v3float %44 0
            %46 = OpCompositeExtract %uint %44 1
            %47 = OpINotEqual %bool %46 %uint_0
            %48 = OpCompositeConstruct %Light_0 %45 %47
            %49 = OpCompositeExtract %Light %42 1
            %50 = OpCompositeExtract %v3float %49 0
            %51 = OpCompositeExtract %uint %49 1
            %52 = OpINotEqual %bool %51 %uint_0
            %53 = OpCompositeConstruct %Light_0 %50 %52
            %54 = OpCompositeConstruct %_arr_Light_0_uint_2 %48 %53
            %55 = OpCompositeExtract %mat3v3float %24 5
            %56 = OpCompositeExtract %v2uint %24 6
            %59 = OpINotEqual %v2bool %56 %v2uint_0_0
            %60 = OpCompositeExtract %_arr_v3int_uint_2 %24 7
            %62 = OpCompositeExtract %v3int %60 0
            %63 = OpCompositeExtract %v3int %60 1
            %64 = OpCompositeConstruct %_arr_v3int_uint_2_0 %62 %63
            %66 = OpCompositeConstruct %type__Globals_0 %25 %26 %33 %41 %54 %55 %59 %64
            %67 = OpCompositeExtract %float %66 0
            %71 = OpAccessChain %_ptr_Uniform_uint %_Globals %uint_3 %uint_1
            %72 = OpLoad %uint %71
            %73 = OpINotEqual %bool %72 %uint_0
            %75 = OpSelect %float %73 %67 %float_0
            %78 = OpAccessChain %_ptr_Uniform_float %_Globals %uint_2 %int_1
            %79 = OpLoad %float %78
            %82 = OpAccessChain %_ptr_Uniform_mat3v3float %_Globals %uint_5
            %83 = OpLoad %mat3v3float %82
            %84 = OpCompositeExtract %v3float %83 0
            %85 = OpCompositeExtract %float %84 0
            %86 = OpCompositeConstruct %v4float %75 %79 %85 %85
            OpStore %out_var_SV_Target %86
            OpReturn
            OpFunctionEnd
        "#]],
    );
}

#[test]
fn push_constants_and_spec_constants() {
    let pc_ty = structure("PC", &[("scale", Type::FLOAT), ("count", Type::UINT)]);
    let mut mb = ModuleBuilder::new();
    let pc = mb.push_constant("pc", pc_ty);
    let k = mb.spec_constant(7, "kScale", ScalarKind::Float, 2.0f32.to_bits() as u64);
    let on = mb.spec_constant(8, "kOn", ScalarKind::Bool, 1);
    let out = mb.output("out.var.SV_Target", Type::FLOAT, StageBinding::Location(0));
    let f = mb.declare_function("main", vec![], Type::Void);
    {
        let mut fb = mb.function(f);
        let b = fb.create_block("entry");
        fb.switch_to_block(b);
        let zero = fb.int(0);
        let p = fb.access_chain(Value::Global(pc), &[zero]);
        let s = fb.load(p);
        let m = fb.binary(Opcode::Mul, s, k);
        let r = fb.select(on, m, s);
        fb.store(Value::Global(out), r);
        fb.ret(None);
    }
    mb.entry_point(EntryPoint {
        name: "main".into(),
        stage: Stage::Pixel,
        function: f,
        inputs: vec![],
        outputs: vec![out],
        workgroup_size: None,
        modes: Vec::new(),
    });
    check(
        &mb.finish(),
        expect![[r#"
        ; SPIR-V 1.0
        ; Bound: 21
        OpCapability Shader
        OpMemoryModel Logical GLSL450
        OpEntryPoint Fragment %main "main" %out_var_SV_Target
        OpExecutionMode %main OriginUpperLeft
        OpName %main "main"
        OpName %type_PushConstant_PC "type.PushConstant.PC"
        OpMemberName %type_PushConstant_PC 0 "scale"
        OpMemberName %type_PushConstant_PC 1 "count"
        OpName %pc "pc"
        OpName %out_var_SV_Target "out.var.SV_Target"
        OpName %entry "entry"
        OpName %kScale "kScale"
        OpName %kOn "kOn"
        OpMemberDecorate %type_PushConstant_PC 0 Offset 0
        OpMemberDecorate %type_PushConstant_PC 1 Offset 4
        OpDecorate %type_PushConstant_PC Block
        OpDecorate %out_var_SV_Target Location 0
        OpDecorate %kScale SpecId 7
        OpDecorate %kOn SpecId 8
        %float = OpTypeFloat 32
        %uint = OpTypeInt 32 0
        %type_PushConstant_PC = OpTypeStruct %float %uint
        %_ptr_PushConstant_type_PushConstant_PC = OpTypePointer PushConstant %type_PushConstant_PC
        %pc = OpVariable %_ptr_PushConstant_type_PushConstant_PC PushConstant
        %_ptr_Output_float = OpTypePointer Output %float
        %out_var_SV_Target = OpVariable %_ptr_Output_float Output
        %void = OpTypeVoid
        %fn_void = OpTypeFunction %void
        %uint_0 = OpConstant %uint 0
        %_ptr_PushConstant_float = OpTypePointer PushConstant %float
        %kScale = OpSpecConstant %float 2.0
        %bool = OpTypeBool
        %kOn = OpSpecConstantTrue %bool
        %main = OpFunction %void None %fn_void
        %entry = OpLabel
        %14 = OpAccessChain %_ptr_PushConstant_float %pc %uint_0
        %15 = OpLoad %float %14
        %17 = OpFMul %float %15 %kScale
        %20 = OpSelect %float %kOn %17 %15
        OpStore %out_var_SV_Target %20
        OpReturn
        OpFunctionEnd
    "#]],
    );
}

#[test]
fn vertex_built_ins_and_a_bool_output() {
    let mut mb = ModuleBuilder::new();
    let vid = mb.input(
        "in.var.SV_VertexID",
        Type::UINT,
        StageBinding::BuiltIn(BuiltIn::VertexIndex),
    );
    let iid = mb.input(
        "in.var.SV_InstanceID",
        Type::UINT,
        StageBinding::BuiltIn(BuiltIn::InstanceIndex),
    );
    let pos = mb.output(
        "out.var.SV_Position",
        float_n(4),
        StageBinding::BuiltIn(BuiltIn::Position),
    );
    let flag = mb.output("out.var.FLAG", Type::BOOL, StageBinding::Location(0));
    let clip = mb.output(
        "out.var.SV_ClipDistance",
        Type::array(Type::FLOAT, 1),
        StageBinding::BuiltIn(BuiltIn::ClipDistance),
    );
    let f = mb.declare_function("main", vec![], Type::Void);
    {
        let mut fb = mb.function(f);
        let b = fb.create_block("entry");
        fb.switch_to_block(b);
        let v = fb.load(Value::Global(vid));
        let i = fb.load(Value::Global(iid));
        let s = fb.binary(Opcode::Add, v, i);
        let x = fb.convert(s, Type::FLOAT);
        let p = fb.construct(float_n(4), &[x, x, x, x]);
        fb.store(Value::Global(pos), p);
        let zero = fb.uint(0);
        let odd = fb.compare(Opcode::Ne, v, zero);
        fb.store(Value::Global(flag), odd);
        let zero_i = fb.int(0);
        let c0 = fb.access_chain(Value::Global(clip), &[zero_i]);
        fb.store(c0, x);
        fb.ret(None);
    }
    mb.entry_point(EntryPoint {
        name: "main".into(),
        stage: Stage::Vertex,
        function: f,
        inputs: vec![vid, iid],
        outputs: vec![pos, flag, clip],
        workgroup_size: None,
        modes: Vec::new(),
    });
    check(
        &mb.finish(),
        expect![[r#"
        ; SPIR-V 1.0
        ; Bound: 32
        OpCapability Shader
        OpCapability ClipDistance
        OpMemoryModel Logical GLSL450
        OpEntryPoint Vertex %main "main" %in_var_SV_VertexID %in_var_SV_InstanceID %out_var_SV_Position %out_var_FLAG %out_var_SV_ClipDistance
        OpName %main "main"
        OpName %in_var_SV_VertexID "in.var.SV_VertexID"
        OpName %in_var_SV_InstanceID "in.var.SV_InstanceID"
        OpName %out_var_SV_Position "out.var.SV_Position"
        OpName %out_var_FLAG "out.var.FLAG"
        OpName %out_var_SV_ClipDistance "out.var.SV_ClipDistance"
        OpName %entry "entry"
        OpDecorate %in_var_SV_VertexID BuiltIn VertexIndex
        OpDecorate %in_var_SV_InstanceID BuiltIn InstanceIndex
        OpDecorate %out_var_SV_Position BuiltIn Position
        OpDecorate %out_var_FLAG Location 0
        OpDecorate %out_var_SV_ClipDistance BuiltIn ClipDistance
        %uint = OpTypeInt 32 0
        %_ptr_Input_uint = OpTypePointer Input %uint
        %in_var_SV_VertexID = OpVariable %_ptr_Input_uint Input
        %in_var_SV_InstanceID = OpVariable %_ptr_Input_uint Input
        %float = OpTypeFloat 32
        %v4float = OpTypeVector %float 4
        %_ptr_Output_v4float = OpTypePointer Output %v4float
        %out_var_SV_Position = OpVariable %_ptr_Output_v4float Output
        %_ptr_Output_uint = OpTypePointer Output %uint
        %out_var_FLAG = OpVariable %_ptr_Output_uint Output
        %uint_1 = OpConstant %uint 1
        %_arr_float_uint_1 = OpTypeArray %float %uint_1
        %_ptr_Output__arr_float_uint_1 = OpTypePointer Output %_arr_float_uint_1
        %out_var_SV_ClipDistance = OpVariable %_ptr_Output__arr_float_uint_1 Output
        %void = OpTypeVoid
        %fn_void = OpTypeFunction %void
        %uint_0 = OpConstant %uint 0
        %bool = OpTypeBool
        %int = OpTypeInt 32 1
        %int_0 = OpConstant %int 0
        %_ptr_Output_float = OpTypePointer Output %float
        %main = OpFunction %void None %fn_void
        %entry = OpLabel
        %19 = OpLoad %uint %in_var_SV_VertexID
        %20 = OpLoad %uint %in_var_SV_InstanceID
        %21 = OpIAdd %uint %19 %20
        %22 = OpConvertUToF %float %21
        %23 = OpCompositeConstruct %v4float %22 %22 %22 %22
        OpStore %out_var_SV_Position %23
        %26 = OpINotEqual %bool %19 %uint_0
        %27 = OpSelect %uint %26 %uint_1 %uint_0
        OpStore %out_var_FLAG %27
        %31 = OpAccessChain %_ptr_Output_float %out_var_SV_ClipDistance %int_0
        OpStore %31 %22
        OpReturn
        OpFunctionEnd
    "#]],
    );
}
