//! Every texture opcode: sampling (plain, bias, level, gradient, comparison, comparison at
//! level zero) with and without offsets, gathers, fetches from sampled, multisampled and
//! storage textures and texel buffers, stores, queries, LOD, resource arrays with
//! `NonUniformResourceIndex`, and the image types of every dimension.

mod common;

use common::*;
use expect_test::expect;
use ir::types::{ResourceType, ScalarKind, TextureAccess, TextureDim, Type};
use ir::{
    EntryPoint, FunctionBuilder, Intrinsic, ModuleBuilder, Opcode, Stage, StageBinding, Value,
};
use spirv_backend::TargetEnv;

fn tex(dim: TextureDim) -> Type {
    texture(dim, TextureAccess::ReadOnly, float_n(4))
}

/// A pixel shader whose body `f` writes a float4 to `SV_Target`.
fn pixel(
    setup: impl FnOnce(&mut ModuleBuilder) -> Vec<ir::Global>,
    body: impl FnOnce(&mut FunctionBuilder<'_>, &[ir::Global]) -> Value,
) -> ir::Module {
    let mut mb = ModuleBuilder::new();
    let globals = setup(&mut mb);
    let out = mb.output("out.var.SV_Target", float_n(4), StageBinding::Location(0));
    let f = mb.declare_function("main", vec![], Type::Void);
    {
        let mut fb = mb.function(f);
        let b = fb.create_block("entry");
        fb.switch_to_block(b);
        let v = body(&mut fb, &globals);
        fb.store(Value::Global(out), v);
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
    mb.finish()
}

fn fconst(fb: &mut FunctionBuilder<'_>, vals: &[f32]) -> Value {
    let parts: Vec<ir::Constant> = vals.iter().map(|&v| ir::Constant::float(v)).collect();
    if parts.len() == 1 {
        return fb.float(vals[0]);
    }
    fb.module_builder().const_vector(parts)
}

fn iconst(fb: &mut FunctionBuilder<'_>, vals: &[i32]) -> Value {
    let parts: Vec<ir::Constant> = vals.iter().map(|&v| ir::Constant::int(v)).collect();
    if parts.len() == 1 {
        return fb.int(vals[0]);
    }
    fb.module_builder().const_vector(parts)
}

#[test]
fn sampling_with_bias_level_gradient_and_offsets() {
    let m = pixel(
        |mb| {
            vec![
                mb.resource("t", tex(TextureDim::D2), 0, 0),
                mb.resource("s", sampler(false), 0, 1),
            ]
        },
        |fb, g| {
            let (t, s) = (Value::Global(g[0]), Value::Global(g[1]));
            let uv = fconst(fb, &[0.5, 0.5]);
            let a = fb.resource_op(Opcode::TextureSample, &[t, s, uv], &[]);
            let b = fb.resource_op(Opcode::TextureSample, &[t, s, uv], &[1, -1]);
            let bias = fb.float(0.5);
            let c = fb.resource_op(Opcode::TextureSampleBias, &[t, s, uv, bias], &[]);
            let lvl = fb.float(2.0);
            let d = fb.resource_op(Opcode::TextureSampleLevel, &[t, s, uv, lvl], &[2, 3]);
            let dx = fconst(fb, &[0.1, 0.0]);
            let dy = fconst(fb, &[0.0, 0.1]);
            let e = fb.resource_op(Opcode::TextureSampleGrad, &[t, s, uv, dx, dy], &[]);
            let ab = fb.binary(Opcode::Add, a, b);
            let cd = fb.binary(Opcode::Add, c, d);
            let abcd = fb.binary(Opcode::Add, ab, cd);
            fb.binary(Opcode::Add, abcd, e)
        },
    );
    check(
        &m,
        expect![[r#"
        ; SPIR-V 1.0
        ; Bound: 56
        OpCapability Shader
        OpMemoryModel Logical GLSL450
        OpEntryPoint Fragment %main "main" %out_var_SV_Target
        OpExecutionMode %main OriginUpperLeft
        OpName %main "main"
        OpName %t "t"
        OpName %s "s"
        OpName %out_var_SV_Target "out.var.SV_Target"
        OpName %entry "entry"
        OpDecorate %t DescriptorSet 0
        OpDecorate %t Binding 0
        OpDecorate %s DescriptorSet 0
        OpDecorate %s Binding 1
        OpDecorate %out_var_SV_Target Location 0
        %float = OpTypeFloat 32
        %type_image = OpTypeImage %float 2D 0 0 0 1 Unknown
        %_ptr_UniformConstant_type_image = OpTypePointer UniformConstant %type_image
        %t = OpVariable %_ptr_UniformConstant_type_image UniformConstant
        %type_sampler = OpTypeSampler
        %_ptr_UniformConstant_type_sampler = OpTypePointer UniformConstant %type_sampler
        %s = OpVariable %_ptr_UniformConstant_type_sampler UniformConstant
        %v4float = OpTypeVector %float 4
        %_ptr_Output_v4float = OpTypePointer Output %v4float
        %out_var_SV_Target = OpVariable %_ptr_Output_v4float Output
        %void = OpTypeVoid
        %fn_void = OpTypeFunction %void
        %type_sampled_image = OpTypeSampledImage %type_image
        %v2float = OpTypeVector %float 2
        %float_0_5 = OpConstant %float 0.5
        %v2float_0_5_0_5 = OpConstantComposite %v2float %float_0_5 %float_0_5
        %int = OpTypeInt 32 1
        %int_1 = OpConstant %int 1
        %int_n1 = OpConstant %int -1
        %v2int = OpTypeVector %int 2
        %v2int_1_n1 = OpConstantComposite %v2int %int_1 %int_n1
        %float_2 = OpConstant %float 2.0
        %int_2 = OpConstant %int 2
        %int_3 = OpConstant %int 3
        %v2int_2_3 = OpConstantComposite %v2int %int_2 %int_3
        %float_0_1 = OpConstant %float 0.1
        %float_0 = OpConstant %float 0.0
        %v2float_0_1_0 = OpConstantComposite %v2float %float_0_1 %float_0
        %v2float_0_0_1 = OpConstantComposite %v2float %float_0 %float_0_1
        %main = OpFunction %void None %fn_void
        %entry = OpLabel
        %15 = OpLoad %type_image %t
        %16 = OpLoad %type_sampler %s
        %18 = OpSampledImage %type_sampled_image %15 %16
        %22 = OpImageSampleImplicitLod %v4float %18 %v2float_0_5_0_5
        %23 = OpLoad %type_image %t
        %24 = OpLoad %type_sampler %s
        %25 = OpSampledImage %type_sampled_image %23 %24
        %31 = OpImageSampleImplicitLod %v4float %25 %v2float_0_5_0_5 ConstOffset %v2int_1_n1
        %32 = OpLoad %type_image %t
        %33 = OpLoad %type_sampler %s
        %34 = OpSampledImage %type_sampled_image %32 %33
        %35 = OpImageSampleImplicitLod %v4float %34 %v2float_0_5_0_5 Bias %float_0_5
        %36 = OpLoad %type_image %t
        %37 = OpLoad %type_sampler %s
        %38 = OpSampledImage %type_sampled_image %36 %37
        %43 = OpImageSampleExplicitLod %v4float %38 %v2float_0_5_0_5 Lod|ConstOffset %float_2 %v2int_2_3
        %44 = OpLoad %type_image %t
        %45 = OpLoad %type_sampler %s
        %46 = OpSampledImage %type_sampled_image %44 %45
        %51 = OpImageSampleExplicitLod %v4float %46 %v2float_0_5_0_5 Grad %v2float_0_1_0 %v2float_0_0_1
        %52 = OpFAdd %v4float %22 %31
        %53 = OpFAdd %v4float %35 %43
        %54 = OpFAdd %v4float %52 %53
        %55 = OpFAdd %v4float %54 %51
        OpStore %out_var_SV_Target %55
        OpReturn
        OpFunctionEnd
    "#]],
    );
}

#[test]
fn comparison_sampling_and_gathers() {
    let m = pixel(
        |mb| {
            vec![
                mb.resource(
                    "shadow",
                    texture(TextureDim::D2, TextureAccess::ReadOnly, Type::FLOAT),
                    0,
                    0,
                ),
                mb.resource("cmp", sampler(true), 0, 1),
                mb.resource("t", tex(TextureDim::D2), 0, 2),
                mb.resource("s", sampler(false), 0, 3),
            ]
        },
        |fb, g| {
            let (sh, cmp, t, s) = (
                Value::Global(g[0]),
                Value::Global(g[1]),
                Value::Global(g[2]),
                Value::Global(g[3]),
            );
            let uv = fconst(fb, &[0.5, 0.5]);
            let r = fb.float(0.25);
            let a = fb.resource_op(Opcode::TextureSampleCompare, &[sh, cmp, uv, r], &[]);
            let b = fb.resource_op(
                Opcode::TextureSampleCompareLevelZero,
                &[sh, cmp, uv, r],
                &[1, 1],
            );
            let g4 = fb.resource_op(Opcode::TextureGather, &[t, s, uv], &[2]);
            let g5 = fb.resource_op(Opcode::TextureGather, &[t, s, uv], &[0, 1, 0]);
            let gc = fb.resource_op(Opcode::TextureGatherCompare, &[sh, cmp, uv, r], &[]);
            let ab = fb.binary(Opcode::Add, a, b);
            let v = fb.construct(float_n(4), &[ab, ab, ab, ab]);
            let x = fb.binary(Opcode::Add, v, g4);
            let y = fb.binary(Opcode::Add, x, g5);
            fb.binary(Opcode::Add, y, gc)
        },
    );
    check(
        &m,
        expect![[r#"
        ; SPIR-V 1.0
        ; Bound: 55
        OpCapability Shader
        OpCapability ImageGatherExtended
        OpMemoryModel Logical GLSL450
        OpEntryPoint Fragment %main "main" %out_var_SV_Target
        OpExecutionMode %main OriginUpperLeft
        OpName %main "main"
        OpName %shadow "shadow"
        OpName %cmp "cmp"
        OpName %t "t"
        OpName %s "s"
        OpName %out_var_SV_Target "out.var.SV_Target"
        OpName %entry "entry"
        OpDecorate %shadow DescriptorSet 0
        OpDecorate %shadow Binding 0
        OpDecorate %cmp DescriptorSet 0
        OpDecorate %cmp Binding 1
        OpDecorate %t DescriptorSet 0
        OpDecorate %t Binding 2
        OpDecorate %s DescriptorSet 0
        OpDecorate %s Binding 3
        OpDecorate %out_var_SV_Target Location 0
        %float = OpTypeFloat 32
        %type_image = OpTypeImage %float 2D 0 0 0 1 Unknown
        %_ptr_UniformConstant_type_image = OpTypePointer UniformConstant %type_image
        %shadow = OpVariable %_ptr_UniformConstant_type_image UniformConstant
        %type_sampler = OpTypeSampler
        %_ptr_UniformConstant_type_sampler = OpTypePointer UniformConstant %type_sampler
        %cmp = OpVariable %_ptr_UniformConstant_type_sampler UniformConstant
        %t = OpVariable %_ptr_UniformConstant_type_image UniformConstant
        %s = OpVariable %_ptr_UniformConstant_type_sampler UniformConstant
        %v4float = OpTypeVector %float 4
        %_ptr_Output_v4float = OpTypePointer Output %v4float
        %out_var_SV_Target = OpVariable %_ptr_Output_v4float Output
        %void = OpTypeVoid
        %fn_void = OpTypeFunction %void
        %type_sampled_image = OpTypeSampledImage %type_image
        %v2float = OpTypeVector %float 2
        %float_0_5 = OpConstant %float 0.5
        %v2float_0_5_0_5 = OpConstantComposite %v2float %float_0_5 %float_0_5
        %float_0_25 = OpConstant %float 0.25
        %float_0 = OpConstant %float 0.0
        %int = OpTypeInt 32 1
        %int_1 = OpConstant %int 1
        %v2int = OpTypeVector %int 2
        %v2int_1_1 = OpConstantComposite %v2int %int_1 %int_1
        %int_2 = OpConstant %int 2
        %int_0 = OpConstant %int 0
        %v2int_1_0 = OpConstantComposite %v2int %int_1 %int_0
        %main = OpFunction %void None %fn_void
        %entry = OpLabel
        %17 = OpLoad %type_image %shadow
        %18 = OpLoad %type_sampler %cmp
        %20 = OpSampledImage %type_sampled_image %17 %18
        %25 = OpImageSampleDrefImplicitLod %float %20 %v2float_0_5_0_5 %float_0_25
        %26 = OpLoad %type_image %shadow
        %27 = OpLoad %type_sampler %cmp
        %28 = OpSampledImage %type_sampled_image %26 %27
        %34 = OpImageSampleDrefExplicitLod %float %28 %v2float_0_5_0_5 %float_0_25 Lod|ConstOffset %float_0 %v2int_1_1
        %35 = OpLoad %type_image %t
        %36 = OpLoad %type_sampler %s
        %37 = OpSampledImage %type_sampled_image %35 %36
        %39 = OpImageGather %v4float %37 %v2float_0_5_0_5 %int_2
        %40 = OpLoad %type_image %t
        %41 = OpLoad %type_sampler %s
        %42 = OpSampledImage %type_sampled_image %40 %41
        %45 = OpImageGather %v4float %42 %v2float_0_5_0_5 %int_0 ConstOffset %v2int_1_0
        %46 = OpLoad %type_image %shadow
        %47 = OpLoad %type_sampler %cmp
        %48 = OpSampledImage %type_sampled_image %46 %47
        %49 = OpImageDrefGather %v4float %48 %v2float_0_5_0_5 %float_0_25
        %50 = OpFAdd %float %25 %34
        %51 = OpCompositeConstruct %v4float %50 %50 %50 %50
        %52 = OpFAdd %v4float %51 %39
        %53 = OpFAdd %v4float %52 %45
        %54 = OpFAdd %v4float %53 %49
        OpStore %out_var_SV_Target %54
        OpReturn
        OpFunctionEnd
    "#]],
    );
}

#[test]
fn fetches_from_sampled_multisampled_and_buffer_resources() {
    let m = pixel(
        |mb| {
            vec![
                mb.resource("t", tex(TextureDim::D2), 0, 0),
                mb.resource(
                    "ms",
                    texture(TextureDim::D2MS, TextureAccess::ReadOnly, float_n(4)),
                    0,
                    1,
                ),
                mb.resource(
                    "buf",
                    Type::resource(ResourceType::TypedBuffer {
                        access: TextureAccess::ReadOnly,
                        element: float_n(2),
                    }),
                    0,
                    2,
                ),
                mb.resource("arr", tex(TextureDim::D2Array), 0, 3),
            ]
        },
        |fb, g| {
            let xy = iconst(fb, &[1, 2]);
            let lvl = fb.int(0);
            let a = fb.resource_op(
                Opcode::TextureLoad,
                &[Value::Global(g[0]), xy, lvl],
                &[1, 1],
            );
            let smp = fb.int(3);
            let b = fb.resource_op(Opcode::TextureLoad, &[Value::Global(g[1]), xy, smp], &[]);
            let i = fb.int(7);
            let c = fb.resource_op(Opcode::TextureLoad, &[Value::Global(g[2]), i], &[]);
            let xyz = iconst(fb, &[1, 2, 0]);
            let d = fb.resource_op(Opcode::TextureLoad, &[Value::Global(g[3]), xyz, lvl], &[]);
            let ab = fb.binary(Opcode::Add, a, b);
            let abd = fb.binary(Opcode::Add, ab, d);
            let c4 = fb.construct(float_n(4), &[c, c]);
            fb.binary(Opcode::Add, abd, c4)
        },
    );
    check(
        &m,
        expect![[r#"
        ; SPIR-V 1.0
        ; Bound: 46
        OpCapability Shader
        OpCapability SampledBuffer
        OpMemoryModel Logical GLSL450
        OpEntryPoint Fragment %main "main" %out_var_SV_Target
        OpExecutionMode %main OriginUpperLeft
        OpName %main "main"
        OpName %t "t"
        OpName %ms "ms"
        OpName %buf "buf"
        OpName %arr "arr"
        OpName %out_var_SV_Target "out.var.SV_Target"
        OpName %entry "entry"
        OpDecorate %t DescriptorSet 0
        OpDecorate %t Binding 0
        OpDecorate %ms DescriptorSet 0
        OpDecorate %ms Binding 1
        OpDecorate %buf DescriptorSet 0
        OpDecorate %buf Binding 2
        OpDecorate %arr DescriptorSet 0
        OpDecorate %arr Binding 3
        OpDecorate %out_var_SV_Target Location 0
        %float = OpTypeFloat 32
        %type_image = OpTypeImage %float 2D 0 0 0 1 Unknown
        %_ptr_UniformConstant_type_image = OpTypePointer UniformConstant %type_image
        %t = OpVariable %_ptr_UniformConstant_type_image UniformConstant
        %type_image_0 = OpTypeImage %float 2D 0 0 1 1 Unknown
        %_ptr_UniformConstant_type_image_0 = OpTypePointer UniformConstant %type_image_0
        %ms = OpVariable %_ptr_UniformConstant_type_image_0 UniformConstant
        %type_image_1 = OpTypeImage %float Buffer 0 0 0 1 Unknown
        %_ptr_UniformConstant_type_image_1 = OpTypePointer UniformConstant %type_image_1
        %buf = OpVariable %_ptr_UniformConstant_type_image_1 UniformConstant
        %type_image_2 = OpTypeImage %float 2D 0 1 0 1 Unknown
        %_ptr_UniformConstant_type_image_2 = OpTypePointer UniformConstant %type_image_2
        %arr = OpVariable %_ptr_UniformConstant_type_image_2 UniformConstant
        %v4float = OpTypeVector %float 4
        %_ptr_Output_v4float = OpTypePointer Output %v4float
        %out_var_SV_Target = OpVariable %_ptr_Output_v4float Output
        %void = OpTypeVoid
        %fn_void = OpTypeFunction %void
        %int = OpTypeInt 32 1
        %v2int = OpTypeVector %int 2
        %int_1 = OpConstant %int 1
        %int_2 = OpConstant %int 2
        %v2int_1_2 = OpConstantComposite %v2int %int_1 %int_2
        %int_0 = OpConstant %int 0
        %v2int_1_1 = OpConstantComposite %v2int %int_1 %int_1
        %int_3 = OpConstant %int 3
        %int_7 = OpConstant %int 7
        %v2float = OpTypeVector %float 2
        %v3int = OpTypeVector %int 3
        %v3int_1_2_0 = OpConstantComposite %v3int %int_1 %int_2 %int_0
        %main = OpFunction %void None %fn_void
        %entry = OpLabel
        %21 = OpLoad %type_image %t
        %29 = OpImageFetch %v4float %21 %v2int_1_2 Lod|ConstOffset %int_0 %v2int_1_1
        %30 = OpLoad %type_image_0 %ms
        %32 = OpImageFetch %v4float %30 %v2int_1_2 Sample %int_3
        %33 = OpLoad %type_image_1 %buf
        %35 = OpImageFetch %v4float %33 %int_7
        %37 = OpVectorShuffle %v2float %35 %35 0 1
        %38 = OpLoad %type_image_2 %arr
        %41 = OpImageFetch %v4float %38 %v3int_1_2_0 Lod %int_0
        %42 = OpFAdd %v4float %29 %32
        %43 = OpFAdd %v4float %42 %41
        %44 = OpCompositeConstruct %v4float %37 %37
        %45 = OpFAdd %v4float %43 %44
        OpStore %out_var_SV_Target %45
        OpReturn
        OpFunctionEnd
    "#]],
    );
}

/// Storage textures and texel buffers: inferred formats, an explicit format, and a
/// three-component texel (no format: `*WithoutFormat` capabilities, padded writes).
fn storage_module() -> ir::Module {
    let mut mb = ModuleBuilder::new();
    let img = mb.resource(
        "img",
        texture(TextureDim::D2, TextureAccess::ReadWrite, float_n(4)),
        0,
        0,
    );
    let img3 = mb.resource(
        "img3",
        texture(TextureDim::D2, TextureAccess::ReadWrite, float_n(3)),
        0,
        1,
    );
    let fmt = mb.resource(
        "fmt",
        texture(TextureDim::D1, TextureAccess::ReadWrite, float_n(2)),
        0,
        2,
    );
    mb.module_mut().globals[fmt].image_format = Some(ir::ImageFormat::Rg16f);
    let rwbuf = mb.resource(
        "rwbuf",
        Type::resource(ResourceType::TypedBuffer {
            access: TextureAccess::ReadWrite,
            element: Type::UINT,
        }),
        0,
        3,
    );
    let vol = mb.resource(
        "vol",
        texture(TextureDim::D3, TextureAccess::ReadWrite, int_n(4)),
        0,
        4,
    );
    let f = mb.declare_function("main", vec![], Type::Void);
    {
        let mut fb = mb.function(f);
        let b = fb.create_block("");
        fb.switch_to_block(b);
        let xy = iconst(&mut fb, &[1, 2]);
        let v = fb.resource_op(Opcode::TextureLoad, &[Value::Global(img), xy], &[]);
        fb.texture(
            Opcode::TextureStore,
            Type::Void,
            &[Value::Global(img), xy, v],
            &[],
        );
        let v3 = fb.resource_op(Opcode::TextureLoad, &[Value::Global(img3), xy], &[]);
        fb.texture(
            Opcode::TextureStore,
            Type::Void,
            &[Value::Global(img3), xy, v3],
            &[],
        );
        let x = fb.int(3);
        let h = fb.resource_op(Opcode::TextureLoad, &[Value::Global(fmt), x], &[]);
        fb.texture(
            Opcode::TextureStore,
            Type::Void,
            &[Value::Global(fmt), x, h],
            &[],
        );
        let u = fb.resource_op(Opcode::TextureLoad, &[Value::Global(rwbuf), x], &[]);
        fb.texture(
            Opcode::TextureStore,
            Type::Void,
            &[Value::Global(rwbuf), x, u],
            &[],
        );
        let xyz = iconst(&mut fb, &[1, 2, 3]);
        let w = fb.resource_op(Opcode::TextureLoad, &[Value::Global(vol), xyz], &[]);
        fb.texture(
            Opcode::TextureStore,
            Type::Void,
            &[Value::Global(vol), xyz, w],
            &[],
        );
        fb.ret(None);
    }
    mb.entry_point(EntryPoint {
        name: "main".into(),
        stage: Stage::Compute,
        function: f,
        inputs: vec![],
        outputs: vec![],
        workgroup_size: Some([8, 8, 1]),
        modes: Vec::new(),
    });
    mb.finish()
}

#[test]
fn storage_texture_and_texel_buffer_reads_and_writes() {
    check(
        &storage_module(),
        expect![[r#"
        ; SPIR-V 1.0
        ; Bound: 55
        OpCapability Shader
        OpCapability Image1D
        OpCapability ImageBuffer
        OpCapability StorageImageExtendedFormats
        OpCapability StorageImageReadWithoutFormat
        OpCapability StorageImageWriteWithoutFormat
        OpMemoryModel Logical GLSL450
        OpEntryPoint GLCompute %main "main"
        OpExecutionMode %main LocalSize 8 8 1
        OpName %main "main"
        OpName %img "img"
        OpName %img3 "img3"
        OpName %fmt "fmt"
        OpName %rwbuf "rwbuf"
        OpName %vol "vol"
        OpDecorate %img DescriptorSet 0
        OpDecorate %img Binding 0
        OpDecorate %img3 DescriptorSet 0
        OpDecorate %img3 Binding 1
        OpDecorate %fmt DescriptorSet 0
        OpDecorate %fmt Binding 2
        OpDecorate %rwbuf DescriptorSet 0
        OpDecorate %rwbuf Binding 3
        OpDecorate %vol DescriptorSet 0
        OpDecorate %vol Binding 4
        %float = OpTypeFloat 32
        %type_image = OpTypeImage %float 2D 0 0 0 2 Rgba32f
        %_ptr_UniformConstant_type_image = OpTypePointer UniformConstant %type_image
        %img = OpVariable %_ptr_UniformConstant_type_image UniformConstant
        %type_image_0 = OpTypeImage %float 2D 0 0 0 2 Unknown
        %_ptr_UniformConstant_type_image_0 = OpTypePointer UniformConstant %type_image_0
        %img3 = OpVariable %_ptr_UniformConstant_type_image_0 UniformConstant
        %type_image_1 = OpTypeImage %float 1D 0 0 0 2 Rg16f
        %_ptr_UniformConstant_type_image_1 = OpTypePointer UniformConstant %type_image_1
        %fmt = OpVariable %_ptr_UniformConstant_type_image_1 UniformConstant
        %uint = OpTypeInt 32 0
        %type_image_2 = OpTypeImage %uint Buffer 0 0 0 2 R32ui
        %_ptr_UniformConstant_type_image_2 = OpTypePointer UniformConstant %type_image_2
        %rwbuf = OpVariable %_ptr_UniformConstant_type_image_2 UniformConstant
        %int = OpTypeInt 32 1
        %type_image_3 = OpTypeImage %int 3D 0 0 0 2 Rgba32i
        %_ptr_UniformConstant_type_image_3 = OpTypePointer UniformConstant %type_image_3
        %vol = OpVariable %_ptr_UniformConstant_type_image_3 UniformConstant
        %void = OpTypeVoid
        %fn_void = OpTypeFunction %void
        %v2int = OpTypeVector %int 2
        %int_1 = OpConstant %int 1
        %int_2 = OpConstant %int 2
        %v2int_1_2 = OpConstantComposite %v2int %int_1 %int_2
        %v4float = OpTypeVector %float 4
        %v3float = OpTypeVector %float 3
        %float_0 = OpConstant %float 0.0
        %int_3 = OpConstant %int 3
        %v2float = OpTypeVector %float 2
        %v4uint = OpTypeVector %uint 4
        %v3int = OpTypeVector %int 3
        %v3int_1_2_3 = OpConstantComposite %v3int %int_1 %int_2 %int_3
        %v4int = OpTypeVector %int 4
        %main = OpFunction %void None %fn_void
        %22 = OpLabel
        %23 = OpLoad %type_image %img
        %29 = OpImageRead %v4float %23 %v2int_1_2
        %30 = OpLoad %type_image %img
        OpImageWrite %30 %v2int_1_2 %29
        %31 = OpLoad %type_image_0 %img3
        %32 = OpImageRead %v4float %31 %v2int_1_2
        %34 = OpVectorShuffle %v3float %32 %32 0 1 2
        %35 = OpLoad %type_image_0 %img3
        %37 = OpCompositeConstruct %v4float %34 %float_0
        OpImageWrite %35 %v2int_1_2 %37
        %38 = OpLoad %type_image_1 %fmt
        %40 = OpImageRead %v4float %38 %int_3
        %42 = OpVectorShuffle %v2float %40 %40 0 1
        %43 = OpLoad %type_image_1 %fmt
        OpImageWrite %43 %int_3 %42
        %44 = OpLoad %type_image_2 %rwbuf
        %46 = OpImageRead %v4uint %44 %int_3
        %47 = OpCompositeExtract %uint %46 0
        %48 = OpLoad %type_image_2 %rwbuf
        OpImageWrite %48 %int_3 %47
        %49 = OpLoad %type_image_3 %vol
        %53 = OpImageRead %v4int %49 %v3int_1_2_3
        %54 = OpLoad %type_image_3 %vol
        OpImageWrite %54 %v3int_1_2_3 %53
        OpReturn
        OpFunctionEnd
    "#]],
    );
}

#[test]
fn size_level_sample_and_lod_queries() {
    let m = pixel(
        |mb| {
            vec![
                mb.resource("t", tex(TextureDim::D2), 0, 0),
                mb.resource("s", sampler(false), 0, 1),
                mb.resource(
                    "ms",
                    texture(TextureDim::D2MSArray, TextureAccess::ReadOnly, float_n(4)),
                    0,
                    2,
                ),
                mb.resource(
                    "rw",
                    texture(TextureDim::D2Array, TextureAccess::ReadWrite, Type::FLOAT),
                    0,
                    3,
                ),
                mb.resource(
                    "buf",
                    Type::resource(ResourceType::TypedBuffer {
                        access: TextureAccess::ReadOnly,
                        element: Type::FLOAT,
                    }),
                    0,
                    4,
                ),
                mb.resource("cube", tex(TextureDim::CubeArray), 0, 5),
            ]
        },
        |fb, g| {
            let t = Value::Global(g[0]);
            let one = fb.uint(1);
            let size = fb.resource_op(Opcode::TextureQuerySize, &[t], &[]);
            let size1 = fb.resource_op(Opcode::TextureQuerySize, &[t, one], &[]);
            let levels = fb.resource_op(Opcode::TextureQueryLevels, &[t], &[]);
            let ms_size = fb.resource_op(Opcode::TextureQuerySize, &[Value::Global(g[2])], &[]);
            let samples = fb.resource_op(Opcode::TextureQuerySamples, &[Value::Global(g[2])], &[]);
            let rw_size = fb.resource_op(Opcode::TextureQuerySize, &[Value::Global(g[3])], &[]);
            let buf_size = fb.resource_op(Opcode::TextureQuerySize, &[Value::Global(g[4])], &[]);
            let cube_size = fb.resource_op(Opcode::TextureQuerySize, &[Value::Global(g[5])], &[]);
            let uv = fconst(fb, &[0.5, 0.5]);
            let lod = fb.resource_op(Opcode::TextureQueryLod, &[t, Value::Global(g[1]), uv], &[]);
            let s = fb.binary(Opcode::Add, size, size1);
            let sx = fb.extract(s, &[0]);
            let a = fb.binary(Opcode::Add, sx, levels);
            let b = fb.binary(Opcode::Add, a, samples);
            let mz = fb.extract(ms_size, &[2]);
            let c = fb.binary(Opcode::Add, b, mz);
            let rz = fb.extract(rw_size, &[2]);
            let d = fb.binary(Opcode::Add, c, rz);
            let e = fb.binary(Opcode::Add, d, buf_size);
            let cz = fb.extract(cube_size, &[2]);
            let total = fb.binary(Opcode::Add, e, cz);
            let ft = fb.convert(total, Type::FLOAT);
            let lx = fb.extract(lod, &[0]);
            fb.construct(float_n(4), &[ft, lx, lx, lx])
        },
    );
    check(
        &m,
        expect![[r#"
        ; SPIR-V 1.0
        ; Bound: 70
        OpCapability Shader
        OpCapability SampledCubeArray
        OpCapability SampledBuffer
        OpCapability ImageQuery
        OpMemoryModel Logical GLSL450
        OpEntryPoint Fragment %main "main" %out_var_SV_Target
        OpExecutionMode %main OriginUpperLeft
        OpName %main "main"
        OpName %t "t"
        OpName %s "s"
        OpName %ms "ms"
        OpName %rw "rw"
        OpName %buf "buf"
        OpName %cube "cube"
        OpName %out_var_SV_Target "out.var.SV_Target"
        OpName %entry "entry"
        OpDecorate %t DescriptorSet 0
        OpDecorate %t Binding 0
        OpDecorate %s DescriptorSet 0
        OpDecorate %s Binding 1
        OpDecorate %ms DescriptorSet 0
        OpDecorate %ms Binding 2
        OpDecorate %rw DescriptorSet 0
        OpDecorate %rw Binding 3
        OpDecorate %buf DescriptorSet 0
        OpDecorate %buf Binding 4
        OpDecorate %cube DescriptorSet 0
        OpDecorate %cube Binding 5
        OpDecorate %out_var_SV_Target Location 0
        %float = OpTypeFloat 32
        %type_image = OpTypeImage %float 2D 0 0 0 1 Unknown
        %_ptr_UniformConstant_type_image = OpTypePointer UniformConstant %type_image
        %t = OpVariable %_ptr_UniformConstant_type_image UniformConstant
        %type_sampler = OpTypeSampler
        %_ptr_UniformConstant_type_sampler = OpTypePointer UniformConstant %type_sampler
        %s = OpVariable %_ptr_UniformConstant_type_sampler UniformConstant
        %type_image_0 = OpTypeImage %float 2D 0 1 1 1 Unknown
        %_ptr_UniformConstant_type_image_0 = OpTypePointer UniformConstant %type_image_0
        %ms = OpVariable %_ptr_UniformConstant_type_image_0 UniformConstant
        %type_image_1 = OpTypeImage %float 2D 0 1 0 2 R32f
        %_ptr_UniformConstant_type_image_1 = OpTypePointer UniformConstant %type_image_1
        %rw = OpVariable %_ptr_UniformConstant_type_image_1 UniformConstant
        %type_image_2 = OpTypeImage %float Buffer 0 0 0 1 Unknown
        %_ptr_UniformConstant_type_image_2 = OpTypePointer UniformConstant %type_image_2
        %buf = OpVariable %_ptr_UniformConstant_type_image_2 UniformConstant
        %type_image_3 = OpTypeImage %float Cube 0 1 0 1 Unknown
        %_ptr_UniformConstant_type_image_3 = OpTypePointer UniformConstant %type_image_3
        %cube = OpVariable %_ptr_UniformConstant_type_image_3 UniformConstant
        %v4float = OpTypeVector %float 4
        %_ptr_Output_v4float = OpTypePointer Output %v4float
        %out_var_SV_Target = OpVariable %_ptr_Output_v4float Output
        %void = OpTypeVoid
        %fn_void = OpTypeFunction %void
        %uint = OpTypeInt 32 0
        %v2uint = OpTypeVector %uint 2
        %uint_0 = OpConstant %uint 0
        %uint_1 = OpConstant %uint 1
        %v3uint = OpTypeVector %uint 3
        %type_sampled_image = OpTypeSampledImage %type_image
        %v2float = OpTypeVector %float 2
        %float_0_5 = OpConstant %float 0.5
        %v2float_0_5_0_5 = OpConstantComposite %v2float %float_0_5 %float_0_5
        %main = OpFunction %void None %fn_void
        %entry = OpLabel
        %27 = OpLoad %type_image %t
        %31 = OpImageQuerySizeLod %v2uint %27 %uint_0
        %32 = OpLoad %type_image %t
        %34 = OpImageQuerySizeLod %v2uint %32 %uint_1
        %35 = OpLoad %type_image %t
        %36 = OpImageQueryLevels %uint %35
        %37 = OpLoad %type_image_0 %ms
        %39 = OpImageQuerySize %v3uint %37
        %40 = OpLoad %type_image_0 %ms
        %41 = OpImageQuerySamples %uint %40
        %42 = OpLoad %type_image_1 %rw
        %43 = OpImageQuerySize %v3uint %42
        %44 = OpLoad %type_image_2 %buf
        %45 = OpImageQuerySize %uint %44
        %46 = OpLoad %type_image_3 %cube
        %47 = OpImageQuerySizeLod %v3uint %46 %uint_0
        %48 = OpLoad %type_image %t
        %49 = OpLoad %type_sampler %s
        %51 = OpSampledImage %type_sampled_image %48 %49
        %55 = OpImageQueryLod %v2float %51 %v2float_0_5_0_5
        %56 = OpIAdd %v2uint %31 %34
        %57 = OpCompositeExtract %uint %56 0
        %58 = OpIAdd %uint %57 %36
        %59 = OpIAdd %uint %58 %41
        %60 = OpCompositeExtract %uint %39 2
        %61 = OpIAdd %uint %59 %60
        %62 = OpCompositeExtract %uint %43 2
        %63 = OpIAdd %uint %61 %62
        %64 = OpIAdd %uint %63 %45
        %65 = OpCompositeExtract %uint %47 2
        %66 = OpIAdd %uint %64 %65
        %67 = OpConvertUToF %float %66
        %68 = OpCompositeExtract %float %55 0
        %69 = OpCompositeConstruct %v4float %67 %68 %68 %68
        OpStore %out_var_SV_Target %69
        OpReturn
        OpFunctionEnd
    "#]],
    );
}

#[test]
fn non_uniform_index_into_a_runtime_texture_array() {
    let m = pixel(
        |mb| {
            let all = mb.resource("textures", Type::unsized_array(tex(TextureDim::D2)), 0, 0);
            let fixed = mb.resource("some", Type::array(tex(TextureDim::D2), 4), 0, 1);
            mb.module_mut().globals[fixed].resource_count = Some(4);
            let s = mb.resource("s", sampler(false), 0, 2);
            let i = mb.input("in.var.INDEX", Type::UINT, StageBinding::Location(0));
            vec![all, fixed, s, i]
        },
        |fb, g| {
            let i = fb.load(Value::Global(g[3]));
            let nu = fb.call_intrinsic(Intrinsic::NonUniformIndex, Type::UINT, &[i]);
            let t = fb.access_chain(Value::Global(g[0]), &[nu]);
            let uv = fconst(fb, &[0.5, 0.5]);
            let a = fb.resource_op(Opcode::TextureSample, &[t, Value::Global(g[2]), uv], &[]);
            let two = fb.int(2);
            let t2 = fb.access_chain(Value::Global(g[1]), &[two]);
            let b = fb.resource_op(Opcode::TextureSample, &[t2, Value::Global(g[2]), uv], &[]);
            fb.binary(Opcode::Add, a, b)
        },
    );
    for env in [TargetEnv::Vulkan1_0, TargetEnv::Vulkan1_1] {
        emit_valid(&m, &spirv_backend::SpirvOptions::new(env));
    }
    check_env(
        &m,
        TargetEnv::Vulkan1_2,
        expect![[r#"
        ; SPIR-V 1.5
        ; Bound: 42
        OpCapability Shader
        OpCapability ShaderNonUniform
        OpCapability RuntimeDescriptorArray
        OpCapability SampledImageArrayNonUniformIndexing
        OpMemoryModel Logical GLSL450
        OpEntryPoint Fragment %main "main" %textures %some %s %in_var_INDEX %out_var_SV_Target
        OpExecutionMode %main OriginUpperLeft
        OpName %main "main"
        OpName %textures "textures"
        OpName %some "some"
        OpName %s "s"
        OpName %in_var_INDEX "in.var.INDEX"
        OpName %out_var_SV_Target "out.var.SV_Target"
        OpName %entry "entry"
        OpDecorate %textures DescriptorSet 0
        OpDecorate %textures Binding 0
        OpDecorate %some DescriptorSet 0
        OpDecorate %some Binding 1
        OpDecorate %s DescriptorSet 0
        OpDecorate %s Binding 2
        OpDecorate %in_var_INDEX Location 0
        OpDecorate %out_var_SV_Target Location 0
        OpDecorate %25 NonUniform
        OpDecorate %26 NonUniform
        OpDecorate %29 NonUniform
        OpDecorate %in_var_INDEX Flat
        %float = OpTypeFloat 32
        %type_image = OpTypeImage %float 2D 0 0 0 1 Unknown
        %_runtimearr_type_image = OpTypeRuntimeArray %type_image
        %_ptr_UniformConstant__runtimearr_type_image = OpTypePointer UniformConstant %_runtimearr_type_image
        %textures = OpVariable %_ptr_UniformConstant__runtimearr_type_image UniformConstant
        %uint = OpTypeInt 32 0
        %uint_4 = OpConstant %uint 4
        %_arr_type_image_uint_4 = OpTypeArray %type_image %uint_4
        %_ptr_UniformConstant__arr_type_image_uint_4 = OpTypePointer UniformConstant %_arr_type_image_uint_4
        %some = OpVariable %_ptr_UniformConstant__arr_type_image_uint_4 UniformConstant
        %type_sampler = OpTypeSampler
        %_ptr_UniformConstant_type_sampler = OpTypePointer UniformConstant %type_sampler
        %s = OpVariable %_ptr_UniformConstant_type_sampler UniformConstant
        %_ptr_Input_uint = OpTypePointer Input %uint
        %in_var_INDEX = OpVariable %_ptr_Input_uint Input
        %v4float = OpTypeVector %float 4
        %_ptr_Output_v4float = OpTypePointer Output %v4float
        %out_var_SV_Target = OpVariable %_ptr_Output_v4float Output
        %void = OpTypeVoid
        %fn_void = OpTypeFunction %void
        %_ptr_UniformConstant_type_image = OpTypePointer UniformConstant %type_image
        %type_sampled_image = OpTypeSampledImage %type_image
        %v2float = OpTypeVector %float 2
        %float_0_5 = OpConstant %float 0.5
        %v2float_0_5_0_5 = OpConstantComposite %v2float %float_0_5 %float_0_5
        %int = OpTypeInt 32 1
        %int_2 = OpConstant %int 2
        %main = OpFunction %void None %fn_void
        %entry = OpLabel
        %23 = OpLoad %uint %in_var_INDEX
        %25 = OpAccessChain %_ptr_UniformConstant_type_image %textures %23
        %26 = OpLoad %type_image %25
        %27 = OpLoad %type_sampler %s
        %29 = OpSampledImage %type_sampled_image %26 %27
        %33 = OpImageSampleImplicitLod %v4float %29 %v2float_0_5_0_5
        %36 = OpAccessChain %_ptr_UniformConstant_type_image %some %int_2
        %37 = OpLoad %type_image %36
        %38 = OpLoad %type_sampler %s
        %39 = OpSampledImage %type_sampled_image %37 %38
        %40 = OpImageSampleImplicitLod %v4float %39 %v2float_0_5_0_5
        %41 = OpFAdd %v4float %33 %40
        OpStore %out_var_SV_Target %41
        OpReturn
        OpFunctionEnd
    "#]],
    );
}

#[test]
fn image_types_of_every_dimension() {
    let dims = [
        TextureDim::D1,
        TextureDim::D1Array,
        TextureDim::D2,
        TextureDim::D2Array,
        TextureDim::D3,
        TextureDim::Cube,
        TextureDim::CubeArray,
    ];
    let m = pixel(
        |mb| {
            let mut g: Vec<ir::Global> = dims
                .iter()
                .enumerate()
                .map(|(i, d)| mb.resource(&format!("t{}", d.suffix()), tex(*d), 0, i as u32))
                .collect();
            g.push(mb.resource("s", sampler(false), 1, 0));
            g
        },
        |fb, g| {
            let s = Value::Global(*g.last().unwrap());
            let mut acc = fconst(fb, &[0.0, 0.0, 0.0, 0.0]);
            for (k, d) in dims.iter().enumerate() {
                let n = d.coordinate_count();
                let c = fconst(fb, &vec![0.5; n as usize]);
                let v = fb.resource_op(Opcode::TextureSample, &[Value::Global(g[k]), s, c], &[]);
                acc = fb.binary(Opcode::Add, acc, v);
            }
            acc
        },
    );
    check(
        &m,
        expect![[r#"
        ; SPIR-V 1.0
        ; Bound: 83
        OpCapability Shader
        OpCapability Sampled1D
        OpCapability SampledCubeArray
        OpMemoryModel Logical GLSL450
        OpEntryPoint Fragment %main "main" %out_var_SV_Target
        OpExecutionMode %main OriginUpperLeft
        OpName %main "main"
        OpName %t1D "t1D"
        OpName %t1DArray "t1DArray"
        OpName %t2D "t2D"
        OpName %t2DArray "t2DArray"
        OpName %t3D "t3D"
        OpName %tCube "tCube"
        OpName %tCubeArray "tCubeArray"
        OpName %s "s"
        OpName %out_var_SV_Target "out.var.SV_Target"
        OpName %entry "entry"
        OpDecorate %t1D DescriptorSet 0
        OpDecorate %t1D Binding 0
        OpDecorate %t1DArray DescriptorSet 0
        OpDecorate %t1DArray Binding 1
        OpDecorate %t2D DescriptorSet 0
        OpDecorate %t2D Binding 2
        OpDecorate %t2DArray DescriptorSet 0
        OpDecorate %t2DArray Binding 3
        OpDecorate %t3D DescriptorSet 0
        OpDecorate %t3D Binding 4
        OpDecorate %tCube DescriptorSet 0
        OpDecorate %tCube Binding 5
        OpDecorate %tCubeArray DescriptorSet 0
        OpDecorate %tCubeArray Binding 6
        OpDecorate %s DescriptorSet 1
        OpDecorate %s Binding 0
        OpDecorate %out_var_SV_Target Location 0
        %float = OpTypeFloat 32
        %type_image = OpTypeImage %float 1D 0 0 0 1 Unknown
        %_ptr_UniformConstant_type_image = OpTypePointer UniformConstant %type_image
        %t1D = OpVariable %_ptr_UniformConstant_type_image UniformConstant
        %type_image_0 = OpTypeImage %float 1D 0 1 0 1 Unknown
        %_ptr_UniformConstant_type_image_0 = OpTypePointer UniformConstant %type_image_0
        %t1DArray = OpVariable %_ptr_UniformConstant_type_image_0 UniformConstant
        %type_image_1 = OpTypeImage %float 2D 0 0 0 1 Unknown
        %_ptr_UniformConstant_type_image_1 = OpTypePointer UniformConstant %type_image_1
        %t2D = OpVariable %_ptr_UniformConstant_type_image_1 UniformConstant
        %type_image_2 = OpTypeImage %float 2D 0 1 0 1 Unknown
        %_ptr_UniformConstant_type_image_2 = OpTypePointer UniformConstant %type_image_2
        %t2DArray = OpVariable %_ptr_UniformConstant_type_image_2 UniformConstant
        %type_image_3 = OpTypeImage %float 3D 0 0 0 1 Unknown
        %_ptr_UniformConstant_type_image_3 = OpTypePointer UniformConstant %type_image_3
        %t3D = OpVariable %_ptr_UniformConstant_type_image_3 UniformConstant
        %type_image_4 = OpTypeImage %float Cube 0 0 0 1 Unknown
        %_ptr_UniformConstant_type_image_4 = OpTypePointer UniformConstant %type_image_4
        %tCube = OpVariable %_ptr_UniformConstant_type_image_4 UniformConstant
        %type_image_5 = OpTypeImage %float Cube 0 1 0 1 Unknown
        %_ptr_UniformConstant_type_image_5 = OpTypePointer UniformConstant %type_image_5
        %tCubeArray = OpVariable %_ptr_UniformConstant_type_image_5 UniformConstant
        %type_sampler = OpTypeSampler
        %_ptr_UniformConstant_type_sampler = OpTypePointer UniformConstant %type_sampler
        %s = OpVariable %_ptr_UniformConstant_type_sampler UniformConstant
        %v4float = OpTypeVector %float 4
        %_ptr_Output_v4float = OpTypePointer Output %v4float
        %out_var_SV_Target = OpVariable %_ptr_Output_v4float Output
        %void = OpTypeVoid
        %fn_void = OpTypeFunction %void
        %type_sampled_image = OpTypeSampledImage %type_image
        %float_0_5 = OpConstant %float 0.5
        %float_0 = OpConstant %float 0.0
        %v4float_0_0_0_0 = OpConstantComposite %v4float %float_0 %float_0 %float_0 %float_0
        %type_sampled_image_0 = OpTypeSampledImage %type_image_0
        %v2float = OpTypeVector %float 2
        %v2float_0_5_0_5 = OpConstantComposite %v2float %float_0_5 %float_0_5
        %type_sampled_image_1 = OpTypeSampledImage %type_image_1
        %type_sampled_image_2 = OpTypeSampledImage %type_image_2
        %v3float = OpTypeVector %float 3
        %v3float_0_5_0_5_0_5 = OpConstantComposite %v3float %float_0_5 %float_0_5 %float_0_5
        %type_sampled_image_3 = OpTypeSampledImage %type_image_3
        %type_sampled_image_4 = OpTypeSampledImage %type_image_4
        %type_sampled_image_5 = OpTypeSampledImage %type_image_5
        %v4float_0_5_0_5_0_5_0_5 = OpConstantComposite %v4float %float_0_5 %float_0_5 %float_0_5 %float_0_5
        %main = OpFunction %void None %fn_void
        %entry = OpLabel
        %33 = OpLoad %type_image %t1D
        %34 = OpLoad %type_sampler %s
        %36 = OpSampledImage %type_sampled_image %33 %34
        %38 = OpImageSampleImplicitLod %v4float %36 %float_0_5
        %41 = OpFAdd %v4float %v4float_0_0_0_0 %38
        %42 = OpLoad %type_image_0 %t1DArray
        %43 = OpLoad %type_sampler %s
        %45 = OpSampledImage %type_sampled_image_0 %42 %43
        %48 = OpImageSampleImplicitLod %v4float %45 %v2float_0_5_0_5
        %49 = OpFAdd %v4float %41 %48
        %50 = OpLoad %type_image_1 %t2D
        %51 = OpLoad %type_sampler %s
        %53 = OpSampledImage %type_sampled_image_1 %50 %51
        %54 = OpImageSampleImplicitLod %v4float %53 %v2float_0_5_0_5
        %55 = OpFAdd %v4float %49 %54
        %56 = OpLoad %type_image_2 %t2DArray
        %57 = OpLoad %type_sampler %s
        %59 = OpSampledImage %type_sampled_image_2 %56 %57
        %62 = OpImageSampleImplicitLod %v4float %59 %v3float_0_5_0_5_0_5
        %63 = OpFAdd %v4float %55 %62
        %64 = OpLoad %type_image_3 %t3D
        %65 = OpLoad %type_sampler %s
        %67 = OpSampledImage %type_sampled_image_3 %64 %65
        %68 = OpImageSampleImplicitLod %v4float %67 %v3float_0_5_0_5_0_5
        %69 = OpFAdd %v4float %63 %68
        %70 = OpLoad %type_image_4 %tCube
        %71 = OpLoad %type_sampler %s
        %73 = OpSampledImage %type_sampled_image_4 %70 %71
        %74 = OpImageSampleImplicitLod %v4float %73 %v3float_0_5_0_5_0_5
        %75 = OpFAdd %v4float %69 %74
        %76 = OpLoad %type_image_5 %tCubeArray
        %77 = OpLoad %type_sampler %s
        %79 = OpSampledImage %type_sampled_image_5 %76 %77
        %81 = OpImageSampleImplicitLod %v4float %79 %v4float_0_5_0_5_0_5_0_5
        %82 = OpFAdd %v4float %75 %81
        OpStore %out_var_SV_Target %82
        OpReturn
        OpFunctionEnd
    "#]],
    );
    let _ = ScalarKind::Float;
}
