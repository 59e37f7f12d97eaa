//! Printer snapshots of module-level items (spec constants, struct types, globals with their
//! bindings and layouts, entry points) and of the resource, atomic and barrier opcodes.
//! Every module also passes the verifier.

mod common;

use common::*;
use expect_test::expect;
use ir::types::{
    AddressSpace, BufferLayout, Interpolation, LayoutRules, ResourceType, ScalarKind, StreamKind,
    StructField, StructType, StructuredKind, TextureAccess, TextureDim, Type,
};
use ir::{
    AtomicOp, BarrierFlags, BuiltIn, EntryPoint, ImageFormat, Intrinsic, ModuleBuilder, Opcode,
    Stage, StageBinding, Value,
};

fn tex2d() -> Type {
    texture(TextureDim::D2, TextureAccess::ReadOnly, float_n(4))
}

#[test]
fn spec_constants_lines_and_operands() {
    let mut mb = ModuleBuilder::new();
    let count = mb.spec_constant(0, "kCount", ScalarKind::Int, 4);
    let scale = mb.spec_constant(3, "kScale", ScalarKind::Float, 1.5f32.to_bits() as u64);
    let flag = mb.spec_constant(7, "kEnabled", ScalarKind::Bool, 1);
    let f = mb.declare_function("uses_spec", vec![Type::INT, Type::FLOAT], Type::FLOAT);
    let mut fb = mb.function(f);
    let b = fb.create_block("");
    fb.switch_to_block(b);
    let n = fb.binary(Opcode::Mul, fb.arg(0), count);
    let nf = fb.convert(n, Type::FLOAT);
    let s = fb.binary(Opcode::Mul, nf, scale);
    let r = fb.select(flag, s, fb.arg(1));
    fb.ret(Some(r));
    check(
        &mb.finish(),
        expect![[r#"
            spec 0 kCount = 4:int
            spec 3 kScale = 1.5:float
            spec 7 kEnabled = true:bool

            func @uses_spec(%arg0: int, %arg1: float) -> float {
            bb0:
              %0 = mul %arg0, spec(0 kCount) : int
              %1 = convert %0 : float
              %2 = mul %1, spec(3 kScale) : float
              %3 = select spec(7 kEnabled), %2, %arg1 : float
              ret %3
            }
        "#]],
    );
}

#[test]
fn stage_variables_and_entry_point() {
    let vs_out = Type::structure(StructType {
        name: "VSOut".into(),
        fields: vec![
            StructField {
                name: "pos".into(),
                ty: float_n(4),
                semantic: Some("SV_Position".into()),
                interpolation: Vec::new(),
                bit_width: None,
                offset: None,
                base_depth: 0,
                base_starts: 0,
            },
            StructField {
                name: "color".into(),
                ty: float_n(3),
                semantic: Some("COLOR0".into()),
                interpolation: vec![Interpolation::NoInterpolation],
                bit_width: None,
                offset: None,
                base_depth: 0,
                base_starts: 0,
            },
        ],
    });
    let mut mb = ModuleBuilder::new();
    let pos = mb.input(
        "in.var.SV_Position",
        float_n(4),
        StageBinding::BuiltIn(BuiltIn::FragCoord),
    );
    let color = mb.input("in.var.COLOR0", float_n(3), StageBinding::Location(0));
    mb.module_mut().globals[color].interpolation = vec![Interpolation::NoInterpolation];
    let target = mb.output("out.var.SV_Target", float_n(4), StageBinding::Location(0));
    let body = mb.declare_function("main_body", vec![vs_out.clone()], float_n(4));
    {
        let mut fb = mb.function(body);
        let b = fb.create_block("entry");
        fb.switch_to_block(b);
        let c = fb.extract(fb.arg(0), &[1]);
        let one = fb.float(1.0);
        let r = fb.construct(float_n(4), &[c, one]);
        fb.ret(Some(r));
    }
    let main = mb.declare_function("main", vec![], Type::Void);
    {
        let mut fb = mb.function(main);
        let b = fb.create_block("entry");
        fb.switch_to_block(b);
        let p = fb.load(Value::Global(pos));
        let c = fb.load(Value::Global(color));
        let s = fb.construct(vs_out, &[p, c]);
        let r = fb.call(body, &[s]);
        fb.store(Value::Global(target), r);
        fb.ret(None);
    }
    mb.entry_point(EntryPoint {
        name: "main".into(),
        stage: Stage::Pixel,
        function: main,
        inputs: vec![pos, color],
        outputs: vec![target],
        workgroup_size: None,
        modes: Vec::new(),
    });
    check(
        &mb.finish(),
        expect![[r#"
            struct VSOut { float4 pos : SV_Position; nointerpolation float3 color : COLOR0; }

            @g0 = input float4 builtin(FragCoord) ; in.var.SV_Position
            @g1 = input float3 location(0) nointerpolation ; in.var.COLOR0
            @g2 = output float4 location(0) ; out.var.SV_Target

            func @main_body(%arg0: VSOut) -> float4 {
            bb0: ; (entry)
              %0 = composite_extract %arg0, [1] : float3
              %1 = composite_construct %0, 1.0:float : float4
              ret %1
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : float4
              %1 = load @g1 : float3
              %2 = composite_construct %0, %1 : VSOut
              %3 = call @main_body(%2) : float4
              store @g2, %3
              ret
            }

            entry pixel "main" @main inputs(@g0, @g1) outputs(@g2)
        "#]],
    );
}

#[test]
fn resources_with_bindings_layouts_and_formats() {
    let globals = structure(
        "type.$Globals",
        &[("tint", float_n(4)), ("scale", Type::FLOAT)],
    );
    let particle = structure("Particle", &[("pos", float_n(3)), ("life", Type::FLOAT)]);
    let mut mb = ModuleBuilder::new();
    let cb_ty = Type::resource(ResourceType::ConstantBuffer {
        element: globals.clone(),
    });
    mb.resource("$Globals", cb_ty, 0, 0);
    let sb_ty = Type::resource(ResourceType::StructuredBuffer {
        kind: StructuredKind::ReadWrite,
        element: particle.clone(),
    });
    let sb = mb.resource("particles", sb_ty, 0, 1);
    mb.set_layout_rules(sb, LayoutRules::Scalar);
    let img = mb.resource(
        "output",
        texture(TextureDim::D2, TextureAccess::ReadWrite, float_n(4)),
        1,
        0,
    );
    mb.module_mut().globals[img].image_format = Some(ImageFormat::Rgba8);
    let textures = mb.resource("textures", Type::array(tex2d(), 8), 1, 1);
    mb.module_mut().globals[textures].resource_count = Some(8);
    mb.resource("samp", sampler(false), 2, 0);
    mb.resource("shadow", sampler(true), 2, 1);
    mb.resource(
        "tlas",
        Type::resource(ResourceType::RaytracingAccelerationStructure),
        3,
        0,
    );
    mb.resource(
        "raw",
        Type::resource(ResourceType::ByteAddressBuffer {
            access: TextureAccess::ReadOnly,
        }),
        3,
        1,
    );
    mb.resource(
        "typed",
        Type::resource(ResourceType::TypedBuffer {
            access: TextureAccess::RasterizerOrdered,
            element: Type::UINT,
        }),
        3,
        2,
    );
    check(
        &mb.finish(),
        expect![[r#"
            struct type.$Globals { float4 tint; float scale; }
            struct Particle { float3 pos; float life; }

            @g0 = resource uniform ConstantBuffer<type.$Globals> set(0) binding(0) layout(relaxed_std140) ; $Globals
            @g1 = resource storage_buffer RWStructuredBuffer<Particle> set(0) binding(1) layout(scalar) ; particles
            @g2 = resource uniform_constant RWTexture2D<float4> set(1) binding(0) format(rgba8) ; output
            @g3 = resource uniform_constant array<Texture2D<float4>, 8> set(1) binding(1) count(8) ; textures
            @g4 = resource uniform_constant SamplerState set(2) binding(0) ; samp
            @g5 = resource uniform_constant SamplerComparisonState set(2) binding(1) ; shadow
            @g6 = resource uniform_constant RaytracingAccelerationStructure set(3) binding(0) ; tlas
            @g7 = resource storage_buffer ByteAddressBuffer set(3) binding(1) ; raw
            @g8 = resource uniform_constant RasterizerOrderedBuffer<uint> set(3) binding(2) ; typed
        "#]],
    );
}

#[test]
fn constant_buffer_chains_start_inside_the_element() {
    let globals = structure(
        "type.$Globals",
        &[
            ("tint", float_n(4)),
            ("weights", Type::array(Type::FLOAT, 4)),
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
    mb.module_mut().globals[cb].layout =
        Some(BufferLayout::new(&globals, LayoutRules::RelaxedStd140));
    let f = mb.declare_function("read_cb", vec![Type::INT], Type::FLOAT);
    let mut fb = mb.function(f);
    let b = fb.create_block("");
    fb.switch_to_block(b);
    let one = fb.int(1);
    let zero = fb.int(0);
    let w = fb.access_chain(Value::Global(cb), &[one, fb.arg(0)]);
    let t = fb.access_chain(Value::Global(cb), &[zero]);
    let wv = fb.load(w);
    let tv = fb.load(t);
    let whole = fb.load(Value::Global(cb));
    fb.set_name(whole, "copy of the whole block");
    let x = fb.swizzle(tv, &[0]);
    let r = fb.binary(Opcode::Mul, wv, x);
    fb.ret(Some(r));
    check(
        &mb.finish(),
        expect![[r#"
            struct type.$Globals { float4 tint; array<float, 4> weights; }

            @g0 = resource uniform ConstantBuffer<type.$Globals> set(0) binding(0) layout(relaxed_std140) ; $Globals

            func @read_cb(%arg0: int) -> float {
            bb0:
              %0 = access_chain @g0, 1:int, %arg0 : ptr<uniform, float>
              %1 = access_chain @g0, 0:int : ptr<uniform, float4>
              %2 = load %0 : float
              %3 = load %1 : float4
              %4 = load @g0 : type.$Globals ; copy of the whole block
              %5 = swizzle %3, x : float
              %6 = mul %2, %5 : float
              ret %6
            }
        "#]],
    );
}

#[test]
fn structured_and_byte_address_buffers() {
    let particle = structure("Particle", &[("pos", float_n(3)), ("life", Type::FLOAT)]);
    let mut mb = ModuleBuilder::new();
    let sb = mb.resource(
        "particles",
        Type::resource(ResourceType::StructuredBuffer {
            kind: StructuredKind::ReadWrite,
            element: particle,
        }),
        0,
        0,
    );
    let raw = mb.resource(
        "raw",
        Type::resource(ResourceType::ByteAddressBuffer {
            access: TextureAccess::ReadWrite,
        }),
        0,
        1,
    );
    let f = mb.declare_function("buffers", vec![Type::UINT], Type::Void);
    let mut fb = mb.function(f);
    let b = fb.create_block("");
    fb.switch_to_block(b);
    let one = fb.int(1);
    let life = fb.access_chain(Value::Global(sb), &[fb.arg(0), one]);
    let l = fb.load(life);
    let bits = fb.bitcast(l, Type::UINT);
    let off = fb.uint(16);
    fb.texture(
        Opcode::ByteAddressStore,
        Type::Void,
        &[Value::Global(raw), off, bits],
        &[],
    );
    fb.texture(
        Opcode::ByteAddressLoad,
        Type::vector(ScalarKind::Uint, 2),
        &[Value::Global(raw), off],
        &[],
    );
    let word = fb.access_chain(Value::Global(raw), &[fb.arg(0)]);
    fb.store(word, bits);
    fb.texture(Opcode::ArrayLength, Type::UINT, &[Value::Global(sb)], &[]);
    fb.ret(None);
    check(
        &mb.finish(),
        expect![[r#"
            struct Particle { float3 pos; float life; }

            @g0 = resource storage_buffer RWStructuredBuffer<Particle> set(0) binding(0) layout(relaxed_std430) ; particles
            @g1 = resource storage_buffer RWByteAddressBuffer set(0) binding(1) ; raw

            func @buffers(%arg0: uint) -> void {
            bb0:
              %0 = access_chain @g0, %arg0, 1:int : ptr<storage_buffer, float>
              %1 = load %0 : float
              %2 = bitcast %1 : uint
              byte_address_store @g1, 16:uint, %2
              %3 = byte_address_load @g1, 16:uint : uint2
              %4 = access_chain @g1, %arg0 : ptr<storage_buffer, uint>
              store %4, %2
              %5 = array_length @g0 : uint
              ret
            }
        "#]],
    );
}

#[test]
fn trailing_texture_operands_and_four_offsets() {
    // A clamp prints as `min_lod(..)`, a status pointer as `status(..)`, a run-time gather
    // offset as `offset(%..)`, eight offset immediates as `offsets(..)`.
    let mut mb = ModuleBuilder::new();
    let t = mb.resource("t", tex2d(), 0, 0);
    let s = mb.resource("s", sampler(false), 0, 1);
    let f = mb.declare_function("f", vec![float_n(2), int_n(2)], Type::Void);
    let mut fb = mb.function(f);
    let b = fb.create_block("");
    fb.switch_to_block(b);
    let (t, s, uv, o) = (Value::Global(t), Value::Global(s), fb.arg(0), fb.arg(1));
    let st = fb.alloca(Type::UINT, "st");
    let clamp = fb.float(0.5);
    fb.resource_op(Opcode::TextureSample, &[t, s, uv, clamp], &[1, 0]);
    fb.resource_op(Opcode::TextureSample, &[t, s, uv, clamp, st], &[]);
    fb.resource_op(Opcode::TextureGather, &[t, s, uv, o, st], &[3]);
    fb.resource_op(
        Opcode::TextureGather,
        &[t, s, uv],
        &[1, 0, 0, 1, 0, 0, 1, 1, 1],
    );
    let level = fb.int(0);
    fb.resource_op(Opcode::TextureLoad, &[t, o, level, st], &[]);
    fb.ret(None);
    check(
        &mb.finish(),
        expect![[r#"
        @g0 = resource uniform_constant Texture2D<float4> set(0) binding(0) ; t
        @g1 = resource uniform_constant SamplerState set(0) binding(1) ; s

        func @f(%arg0: float2, %arg1: int2) -> void {
        bb0:
          %0 = alloca : ptr<function, uint> ; st
          %1 = texture_sample @g0, @g1, %arg0, offset(1, 0), min_lod(0.5:float) : float4
          %2 = texture_sample @g0, @g1, %arg0, min_lod(0.5:float), status(%0) : float4
          %3 = texture_gather @g0, @g1, %arg0, component(3), offset(%arg1), status(%0) : float4
          %4 = texture_gather @g0, @g1, %arg0, component(1), offsets(0, 0, 1, 0, 0, 1, 1, 1) : float4
          %5 = texture_load @g0, %arg1, 0:int, status(%0) : float4
          ret
        }
    "#]],
    );
}

#[test]
fn texture_sampling_family() {
    let mut mb = ModuleBuilder::new();
    let t = mb.resource("t", tex2d(), 0, 0);
    let s = mb.resource("s", sampler(false), 0, 1);
    let f = mb.declare_function("sample", vec![float_n(2), Type::FLOAT], Type::Void);
    let mut fb = mb.function(f);
    let b = fb.create_block("");
    fb.switch_to_block(b);
    let (t, s, uv, x) = (Value::Global(t), Value::Global(s), fb.arg(0), fb.arg(1));
    let f4 = float_n(4);
    fb.texture(Opcode::TextureSample, f4.clone(), &[t, s, uv], &[]);
    fb.texture(Opcode::TextureSample, f4.clone(), &[t, s, uv], &[1, -1]);
    fb.texture(Opcode::TextureSampleBias, f4.clone(), &[t, s, uv, x], &[]);
    fb.texture(
        Opcode::TextureSampleLevel,
        f4.clone(),
        &[t, s, uv, x],
        &[2, 0],
    );
    fb.texture(Opcode::TextureSampleGrad, f4, &[t, s, uv, uv, uv], &[]);
    fb.texture(Opcode::TextureQueryLod, float_n(2), &[t, s, uv], &[]);
    fb.ret(None);
    check(
        &mb.finish(),
        expect![[r#"
            @g0 = resource uniform_constant Texture2D<float4> set(0) binding(0) ; t
            @g1 = resource uniform_constant SamplerState set(0) binding(1) ; s

            func @sample(%arg0: float2, %arg1: float) -> void {
            bb0:
              %0 = texture_sample @g0, @g1, %arg0 : float4
              %1 = texture_sample @g0, @g1, %arg0, offset(1, -1) : float4
              %2 = texture_sample_bias @g0, @g1, %arg0, %arg1 : float4
              %3 = texture_sample_level @g0, @g1, %arg0, %arg1, offset(2, 0) : float4
              %4 = texture_sample_grad @g0, @g1, %arg0, %arg0, %arg0 : float4
              %5 = texture_query_lod @g0, @g1, %arg0 : float2
              ret
            }
        "#]],
    );
}

#[test]
fn comparison_sampling_and_gathers() {
    let mut mb = ModuleBuilder::new();
    let depth = mb.resource(
        "depth",
        texture(TextureDim::D2Array, TextureAccess::ReadOnly, Type::FLOAT),
        0,
        0,
    );
    let cmp = mb.resource("cmp", sampler(true), 0, 1);
    let lin = mb.resource("lin", sampler(false), 0, 2);
    let f = mb.declare_function("compare", vec![float_n(3), Type::FLOAT], Type::Void);
    let mut fb = mb.function(f);
    let b = fb.create_block("");
    fb.switch_to_block(b);
    let (t, c, l, uv, r) = (
        Value::Global(depth),
        Value::Global(cmp),
        Value::Global(lin),
        fb.arg(0),
        fb.arg(1),
    );
    fb.texture(
        Opcode::TextureSampleCompare,
        Type::FLOAT,
        &[t, c, uv, r],
        &[],
    );
    fb.texture(
        Opcode::TextureSampleCompareLevelZero,
        Type::FLOAT,
        &[t, c, uv, r],
        &[0, 1],
    );
    fb.texture(Opcode::TextureGather, float_n(4), &[t, l, uv], &[0]);
    fb.texture(Opcode::TextureGather, float_n(4), &[t, l, uv], &[3, 1, 1]);
    fb.texture(
        Opcode::TextureGatherCompare,
        float_n(4),
        &[t, c, uv, r],
        &[-2, 2],
    );
    fb.ret(None);
    check(
        &mb.finish(),
        expect![[r#"
            @g0 = resource uniform_constant Texture2DArray<float> set(0) binding(0) ; depth
            @g1 = resource uniform_constant SamplerComparisonState set(0) binding(1) ; cmp
            @g2 = resource uniform_constant SamplerState set(0) binding(2) ; lin

            func @compare(%arg0: float3, %arg1: float) -> void {
            bb0:
              %0 = texture_sample_compare @g0, @g1, %arg0, %arg1 : float
              %1 = texture_sample_compare_level_zero @g0, @g1, %arg0, %arg1, offset(0, 1) : float
              %2 = texture_gather @g0, @g2, %arg0, component(0) : float4
              %3 = texture_gather @g0, @g2, %arg0, component(3), offset(1, 1) : float4
              %4 = texture_gather_compare @g0, @g1, %arg0, %arg1, offset(-2, 2) : float4
              ret
            }
        "#]],
    );
}

#[test]
fn texture_loads_stores_and_queries() {
    let mut mb = ModuleBuilder::new();
    let ms = mb.resource(
        "ms",
        texture(TextureDim::D2MS, TextureAccess::ReadOnly, float_n(4)),
        0,
        0,
    );
    let rw = mb.resource(
        "rw",
        texture(TextureDim::D3, TextureAccess::ReadWrite, float_n(4)),
        0,
        1,
    );
    let t = mb.resource("t", tex2d(), 0, 2);
    let tb = mb.resource(
        "tb",
        Type::resource(ResourceType::TypedBuffer {
            access: TextureAccess::ReadOnly,
            element: float_n(4),
        }),
        0,
        3,
    );
    let f = mb.declare_function("loads", vec![int_n(2), int_n(3), Type::INT], Type::Void);
    let mut fb = mb.function(f);
    let b = fb.create_block("");
    fb.switch_to_block(b);
    let f4 = float_n(4);
    let (ms, rw, t, tb) = (
        Value::Global(ms),
        Value::Global(rw),
        Value::Global(t),
        Value::Global(tb),
    );
    fb.texture(
        Opcode::TextureLoad,
        f4.clone(),
        &[ms, fb.arg(0), fb.arg(2)],
        &[],
    );
    fb.texture(
        Opcode::TextureLoad,
        f4.clone(),
        &[t, fb.arg(0), fb.arg(2)],
        &[1, 1],
    );
    fb.texture(Opcode::TextureLoad, f4.clone(), &[tb, fb.arg(2)], &[]);
    let v = fb.texture(Opcode::TextureLoad, f4, &[rw, fb.arg(1)], &[]);
    fb.texture(Opcode::TextureStore, Type::Void, &[rw, fb.arg(1), v], &[]);
    let zero = fb.uint(0);
    fb.texture(
        Opcode::TextureQuerySize,
        Type::vector(ScalarKind::Uint, 2),
        &[t, zero],
        &[],
    );
    fb.texture(
        Opcode::TextureQuerySize,
        Type::vector(ScalarKind::Uint, 3),
        &[rw],
        &[],
    );
    fb.texture(Opcode::TextureQueryLevels, Type::UINT, &[t], &[]);
    fb.texture(Opcode::TextureQuerySamples, Type::UINT, &[ms], &[]);
    fb.ret(None);
    check(
        &mb.finish(),
        expect![[r#"
            @g0 = resource uniform_constant Texture2DMS<float4> set(0) binding(0) ; ms
            @g1 = resource uniform_constant RWTexture3D<float4> set(0) binding(1) ; rw
            @g2 = resource uniform_constant Texture2D<float4> set(0) binding(2) ; t
            @g3 = resource uniform_constant Buffer<float4> set(0) binding(3) ; tb

            func @loads(%arg0: int2, %arg1: int3, %arg2: int) -> void {
            bb0:
              %0 = texture_load @g0, %arg0, %arg2 : float4
              %1 = texture_load @g2, %arg0, %arg2, offset(1, 1) : float4
              %2 = texture_load @g3, %arg2 : float4
              %3 = texture_load @g1, %arg1 : float4
              texture_store @g1, %arg1, %3
              %4 = texture_query_size @g2, 0:uint : uint2
              %5 = texture_query_size @g1 : uint3
              %6 = texture_query_levels @g2 : uint
              %7 = texture_query_samples @g0 : uint
              ret
            }
        "#]],
    );
}

#[test]
fn atomics_on_groupshared_buffers_and_textures() {
    let mut mb = ModuleBuilder::new();
    let counter = mb.groupshared("counter", Type::UINT);
    let raw = mb.resource(
        "counter.var.items",
        Type::resource(ResourceType::ByteAddressBuffer {
            access: TextureAccess::ReadWrite,
        }),
        0,
        0,
    );
    let img = mb.resource(
        "img",
        texture(TextureDim::D2, TextureAccess::ReadWrite, Type::INT),
        0,
        1,
    );
    mb.module_mut().globals[img].image_format = Some(ImageFormat::R32i);
    let f = mb.declare_function("atomics", vec![Type::UINT, int_n(2), Type::INT], Type::Void);
    let mut fb = mb.function(f);
    let b = fb.create_block("");
    fb.switch_to_block(b);
    let one = fb.uint(1);
    let cv = Value::Global(counter);
    for op in [
        AtomicOp::Add,
        AtomicOp::And,
        AtomicOp::Or,
        AtomicOp::Xor,
        AtomicOp::Min,
        AtomicOp::Max,
        AtomicOp::Exchange,
    ] {
        fb.atomic_rmw(op, Type::UINT, &[cv], fb.arg(0));
    }
    let zero = fb.uint(0);
    let word = fb.access_chain(Value::Global(raw), &[zero]);
    let all = fb.uint(0xFFFF_FFFF);
    fb.atomic_rmw(AtomicOp::Add, Type::UINT, &[word], all);
    fb.atomic_compare_exchange(Type::UINT, &[word], zero, one);
    fb.atomic_rmw(
        AtomicOp::Max,
        Type::INT,
        &[Value::Global(img), fb.arg(1)],
        fb.arg(2),
    );
    let z = fb.int(0);
    fb.atomic_compare_exchange(Type::INT, &[Value::Global(img), fb.arg(1)], z, fb.arg(2));
    fb.ret(None);
    check(
        &mb.finish(),
        expect![[r#"
            @g0 = groupshared uint ; counter
            @g1 = resource storage_buffer RWByteAddressBuffer set(0) binding(0) ; counter.var.items
            @g2 = resource uniform_constant RWTexture2D<int> set(0) binding(1) format(r32i) ; img

            func @atomics(%arg0: uint, %arg1: int2, %arg2: int) -> void {
            bb0:
              %0 = atomic_rmw add @g0, %arg0 : uint
              %1 = atomic_rmw and @g0, %arg0 : uint
              %2 = atomic_rmw or @g0, %arg0 : uint
              %3 = atomic_rmw xor @g0, %arg0 : uint
              %4 = atomic_rmw min @g0, %arg0 : uint
              %5 = atomic_rmw max @g0, %arg0 : uint
              %6 = atomic_rmw exchange @g0, %arg0 : uint
              %7 = access_chain @g1, 0:uint : ptr<storage_buffer, uint>
              %8 = atomic_rmw add %7, 4294967295:uint : uint
              %9 = atomic_compare_exchange %7, 0:uint, 1:uint : uint
              %10 = atomic_rmw max @g2, %arg1, %arg2 : int
              %11 = atomic_compare_exchange @g2, %arg1, 0:int, %arg2 : int
              ret
            }
        "#]],
    );
}

#[test]
fn barriers_with_flags() {
    let mut mb = ModuleBuilder::new();
    let f = mb.declare_function("barriers", vec![], Type::Void);
    let mut fb = mb.function(f);
    let b = fb.create_block("");
    fb.switch_to_block(b);
    fb.barrier(BarrierFlags::WORKGROUP_MEMORY);
    fb.barrier(BarrierFlags::WORKGROUP_MEMORY | BarrierFlags::GROUP_SYNC);
    fb.barrier(BarrierFlags::DEVICE_MEMORY);
    fb.barrier(BarrierFlags::ALL_MEMORY | BarrierFlags::GROUP_SYNC);
    fb.ret(None);
    check(
        &mb.finish(),
        expect![[r#"
            func @barriers() -> void {
            bb0:
              barrier workgroup_memory
              barrier workgroup_memory|group_sync
              barrier device_memory
              barrier workgroup_memory|device_memory|group_sync
              ret
            }
        "#]],
    );
}

#[test]
fn resource_arrays_and_non_uniform_index() {
    let mut mb = ModuleBuilder::new();
    let textures = mb.resource("textures", Type::array(tex2d(), 16), 0, 0);
    mb.module_mut().globals[textures].resource_count = Some(16);
    let s = mb.resource("s", sampler(false), 0, 1);
    let f = mb.declare_function("pick", vec![Type::INT, float_n(2)], float_n(4));
    let mut fb = mb.function(f);
    let b = fb.create_block("");
    fb.switch_to_block(b);
    let i = fb.call_intrinsic(Intrinsic::NonUniformIndex, Type::INT, &[fb.arg(0)]);
    let t = fb.access_chain(Value::Global(textures), &[i]);
    let r = fb.texture(
        Opcode::TextureSample,
        float_n(4),
        &[t, Value::Global(s), fb.arg(1)],
        &[],
    );
    fb.ret(Some(r));
    check(
        &mb.finish(),
        expect![[r#"
            @g0 = resource uniform_constant array<Texture2D<float4>, 16> set(0) binding(0) count(16) ; textures
            @g1 = resource uniform_constant SamplerState set(0) binding(1) ; s

            func @pick(%arg0: int, %arg1: float2) -> float4 {
            bb0:
              %0 = call_intrinsic NonUniformIndex(%arg0) : int
              %1 = access_chain @g0, %0 : ptr<uniform_constant, Texture2D<float4>>
              %2 = texture_sample %1, @g1, %arg1 : float4
              ret %2
            }
        "#]],
    );
}

#[test]
fn compute_entry_point_with_numthreads() {
    let mut mb = ModuleBuilder::new();
    let id = mb.input(
        "gl_GlobalInvocationID",
        Type::vector(ScalarKind::Uint, 3),
        StageBinding::BuiltIn(BuiltIn::GlobalInvocationId),
    );
    let out = mb.resource(
        "out",
        Type::resource(ResourceType::TypedBuffer {
            access: TextureAccess::ReadWrite,
            element: Type::UINT,
        }),
        0,
        0,
    );
    let main = mb.declare_function("main", vec![], Type::Void);
    let mut fb = mb.function(main);
    let b = fb.create_block("entry");
    fb.switch_to_block(b);
    let v = fb.load(Value::Global(id));
    let x = fb.swizzle(v, &[0]);
    fb.texture(
        Opcode::TextureStore,
        Type::Void,
        &[Value::Global(out), x, x],
        &[],
    );
    fb.ret(None);
    mb.entry_point(EntryPoint {
        name: "main".into(),
        stage: Stage::Compute,
        function: main,
        inputs: vec![id],
        outputs: vec![],
        workgroup_size: Some([8, 8, 1]),
        modes: Vec::new(),
    });
    check(
        &mb.finish(),
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; gl_GlobalInvocationID
            @g1 = resource uniform_constant RWBuffer<uint> set(0) binding(0) ; out

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3
              %1 = swizzle %0, x : uint
              texture_store @g1, %1, %1
              ret
            }

            entry compute "main" @main numthreads(8, 8, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn geometry_stream_and_patch_types() {
    let v = structure("GSVertex", &[("pos", float_n(4))]);
    let mut mb = ModuleBuilder::new();
    let f = mb.declare_function(
        "emit",
        vec![
            ptr(
                AddressSpace::Function,
                Type::resource(ResourceType::Stream {
                    kind: StreamKind::Triangle,
                    element: v.clone(),
                }),
            ),
            ptr(
                AddressSpace::Function,
                Type::resource(ResourceType::InputPatch {
                    element: v.clone(),
                    count: 3,
                }),
            ),
            v,
        ],
        Type::Void,
    );
    let mut fb = mb.function(f);
    let b = fb.create_block("");
    fb.switch_to_block(b);
    fb.call_intrinsic(Intrinsic::StreamAppend, Type::Void, &[fb.arg(0), fb.arg(2)]);
    fb.call_intrinsic(Intrinsic::StreamRestartStrip, Type::Void, &[fb.arg(0)]);
    fb.ret(None);
    check(
        &mb.finish(),
        expect![[r#"
            struct GSVertex { float4 pos; }

            func @emit(%arg0: ptr<function, TriangleStream<GSVertex>>, %arg1: ptr<function, InputPatch<GSVertex, 3>>, %arg2: GSVertex) -> void {
            bb0:
              call_intrinsic StreamAppend(%arg0, %arg2)
              call_intrinsic StreamRestartStrip(%arg0)
              ret
            }
        "#]],
    );
}

#[test]
fn push_constants_and_nested_struct_declarations() {
    let inner = structure(
        "Inner",
        &[(
            "m",
            Type::matrix_with(
                ScalarKind::Float,
                4,
                4,
                ir::types::MatrixOrientation::RowMajor,
            ),
        )],
    );
    let outer = structure("Outer", &[("inner", inner), ("count", Type::UINT)]);
    let mut mb = ModuleBuilder::new();
    let mut g = ir::GlobalVar::new(
        "push",
        ir::GlobalKind::PushConstant,
        AddressSpace::PushConstant,
        outer.clone(),
    );
    g.layout = Some(BufferLayout::new(&outer, LayoutRules::RelaxedStd430));
    mb.global(g);
    check(
        &mb.finish(),
        expect![[r#"
            struct Inner { row_major float4x4 m; }
            struct Outer { Inner inner; uint count; }

            @g0 = push_constant Outer layout(relaxed_std430) ; push
        "#]],
    );
}

#[test]
fn resource_op_infers_result_types() {
    let mut mb = ModuleBuilder::new();
    let t = mb.resource(
        "t",
        texture(
            TextureDim::CubeArray,
            TextureAccess::ReadOnly,
            Type::vector(ScalarKind::Half, 3),
        ),
        0,
        0,
    );
    let s = mb.resource("s", sampler(false), 0, 1);
    let c = mb.resource("c", sampler(true), 0, 2);
    let b = mb.resource(
        "b",
        Type::resource(ResourceType::TypedBuffer {
            access: TextureAccess::ReadOnly,
            element: int_n(2),
        }),
        0,
        3,
    );
    let f = mb.declare_function(
        "inferred",
        vec![float_n(4), Type::FLOAT, Type::INT],
        Type::Void,
    );
    let mut fb = mb.function(f);
    let blk = fb.create_block("");
    fb.switch_to_block(blk);
    let (t, s, c, b) = (
        Value::Global(t),
        Value::Global(s),
        Value::Global(c),
        Value::Global(b),
    );
    fb.resource_op(Opcode::TextureSample, &[t, s, fb.arg(0)], &[]);
    fb.resource_op(
        Opcode::TextureSampleCompare,
        &[t, c, fb.arg(0), fb.arg(1)],
        &[],
    );
    fb.resource_op(Opcode::TextureGather, &[t, s, fb.arg(0)], &[2]);
    fb.resource_op(Opcode::TextureQuerySize, &[t], &[]);
    fb.resource_op(Opcode::TextureQueryLevels, &[t], &[]);
    // A LOD query's coordinate has no layer.
    let dir = fb.swizzle(fb.arg(0), &[0, 1, 2]);
    fb.resource_op(Opcode::TextureQueryLod, &[t, s, dir], &[]);
    fb.resource_op(Opcode::TextureLoad, &[b, fb.arg(2)], &[]);
    fb.resource_op(Opcode::TextureQuerySize, &[b], &[]);
    fb.ret(None);
    check(
        &mb.finish(),
        expect![[r#"
            @g0 = resource uniform_constant TextureCubeArray<half3> set(0) binding(0) ; t
            @g1 = resource uniform_constant SamplerState set(0) binding(1) ; s
            @g2 = resource uniform_constant SamplerComparisonState set(0) binding(2) ; c
            @g3 = resource uniform_constant Buffer<int2> set(0) binding(3) ; b

            func @inferred(%arg0: float4, %arg1: float, %arg2: int) -> void {
            bb0:
              %0 = texture_sample @g0, @g1, %arg0 : half3
              %1 = texture_sample_compare @g0, @g2, %arg0, %arg1 : half
              %2 = texture_gather @g0, @g1, %arg0, component(2) : half4
              %3 = texture_query_size @g0 : uint3
              %4 = texture_query_levels @g0 : uint
              %5 = swizzle %arg0, xyz : float3
              %6 = texture_query_lod @g0, @g1, %5 : float2
              %7 = texture_load @g3, %arg2 : int2
              %8 = texture_query_size @g3 : uint
              ret
            }
        "#]],
    );
}

#[test]
fn buffer_layouts_listed_on_request() {
    let globals = structure(
        "type.$Globals",
        &[
            ("tint", float_n(3)),
            ("scale", Type::FLOAT),
            ("weights", Type::array(Type::FLOAT, 2)),
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
    let dx = mb.resource(
        "$DxGlobals",
        Type::resource(ResourceType::ConstantBuffer {
            element: globals.clone(),
        }),
        0,
        1,
    );
    mb.set_layout_rules(dx, LayoutRules::Dx);
    mb.resource(
        "items",
        Type::resource(ResourceType::StructuredBuffer {
            kind: StructuredKind::ReadOnly,
            element: globals,
        }),
        0,
        2,
    );
    let _ = cb;
    let m = mb.finish();
    assert!(ir::verify(&m).is_empty());
    expect![[r#"
        struct type.$Globals { float3 tint; float scale; array<float, 2> weights; }

        @g0 = resource uniform ConstantBuffer<type.$Globals> set(0) binding(0) layout(relaxed_std140) ; $Globals
        ;   type.$Globals offset=0 size=48 align=16
        ;     tint: float3 offset=0 size=12 align=16
        ;     scale: float offset=12 size=4 align=4
        ;     weights: float[2] offset=16 size=32 align=16 array_stride=16
        @g1 = resource uniform ConstantBuffer<type.$Globals> set(0) binding(1) layout(dx) ; $DxGlobals
        ;   type.$Globals offset=0 size=36 align=16
        ;     tint: float3 offset=0 size=12 align=4
        ;     scale: float offset=12 size=4 align=4
        ;     weights: float[2] offset=16 size=20 align=16 array_stride=16
        @g2 = resource storage_buffer StructuredBuffer<type.$Globals> set(0) binding(2) layout(relaxed_std430) ; items
        ;   type.$Globals[] offset=0 size=0 align=16 array_stride=32
        ;     [0]: type.$Globals offset=0 size=32 align=16
        ;       tint: float3 offset=0 size=12 align=16
        ;       scale: float offset=12 size=4 align=4
        ;       weights: float[2] offset=16 size=8 align=4 array_stride=4
    "#]]
    .assert_eq(&ir::print_module_with(
        &m,
        &ir::PrintOptions {
            layouts: true,
            ..Default::default()
        },
    ));
}

#[test]
fn stage_modes_flags_and_geometry_and_mesh_opcodes() {
    use ir::{ExecutionMode as M, InputPrimitive, OutputTopology, TessDomain, TessOutput};
    let mut mb = ModuleBuilder::new();
    let tess = mb.output(
        "out.SV_TessFactor",
        Type::array(Type::FLOAT, 4),
        StageBinding::BuiltIn(BuiltIn::TessLevelOuter),
    );
    mb.module_mut().globals[tess].patch = true;
    let prim = mb.output(
        "out.PRIM",
        Type::array(Type::UINT, 8),
        StageBinding::Location(1),
    );
    mb.module_mut().globals[prim].per_primitive = true;
    let payload = mb.task_payload("payload", Type::UINT);
    let f = mb.declare_function("gs", vec![], Type::Void);
    {
        let mut fb = mb.function(f);
        let b = fb.create_block("");
        fb.switch_to_block(b);
        fb.emit_vertex();
        fb.end_primitive();
        let n = fb.uint(3);
        fb.set_mesh_outputs(n, n);
        fb.emit_mesh_tasks(n, n, n, Value::Global(payload));
    }
    mb.entry_point(EntryPoint {
        name: "gs".into(),
        stage: Stage::Geometry,
        function: f,
        inputs: vec![],
        outputs: vec![],
        workgroup_size: None,
        modes: vec![
            M::Invocations(1),
            M::InputPrimitive(InputPrimitive::LineAdj),
            M::OutputTopology(OutputTopology::LineStrip),
            M::OutputVertices(4),
        ],
    });
    mb.entry_point(EntryPoint {
        name: "hs".into(),
        stage: Stage::Hull,
        function: f,
        inputs: vec![],
        outputs: vec![tess],
        workgroup_size: None,
        modes: vec![
            M::Domain(TessDomain::Isoline),
            M::Partitioning(ir::TessPartitioning::FractionalEven),
            M::TessOutput(TessOutput::Line),
            M::OutputVertices(2),
        ],
    });
    check(
        &mb.finish(),
        expect![[r#"
            @g0 = output array<float, 4> builtin(TessLevelOuter) patch ; out.SV_TessFactor
            @g1 = output array<uint, 8> location(1) per_primitive ; out.PRIM
            @g2 = task_payload uint ; payload

            func @gs() -> void {
            bb0:
              emit_vertex
              end_primitive
              set_mesh_outputs 3:uint, 3:uint
              emit_mesh_tasks 3:uint, 3:uint, 3:uint, @g2
            }

            entry geometry "gs" @gs invocations(1) input_primitive(lineadj) output_topology(line_strip) output_vertices(4) inputs() outputs()
            entry hull "hs" @gs domain(isoline) partitioning(fractional_even) tess_output(line) output_vertices(2) inputs() outputs(@g0)
        "#]],
    );
}

#[test]
fn a_packed_stage_variable_prints_its_component() {
    let mut mb = ModuleBuilder::new();
    let a = mb.input("in.var.A", Type::FLOAT, StageBinding::Location(0));
    let b = mb.input("in.var.B", float_n(2), StageBinding::Location(0));
    mb.module_mut().globals[b].component = Some(1);
    let main = mb.declare_function("main", vec![], Type::Void);
    {
        let mut fb = mb.function(main);
        let e = fb.create_block("entry");
        fb.switch_to_block(e);
        fb.ret(None);
    }
    mb.entry_point(EntryPoint {
        name: "main".into(),
        stage: Stage::Vertex,
        function: main,
        inputs: vec![a, b],
        outputs: vec![],
        workgroup_size: None,
        modes: Vec::new(),
    });
    check(
        &mb.finish(),
        expect![[r#"
            @g0 = input float location(0) ; in.var.A
            @g1 = input float2 location(0) component(1) ; in.var.B

            func @main() -> void {
            bb0: ; (entry)
              ret
            }

            entry vertex "main" @main inputs(@g0, @g1) outputs()
        "#]],
    );
}
