//! Structs holding resources, resource locals assigned after their declaration and local
//! resource arrays, through `hlslc -spirv` and `spirv-val`. Vulkan forbids opaque types in
//! `Function` storage, so, as after DXC's legalization, every texture, sampler or buffer use
//! loads the global resource variable itself; only the data members live in a local.

use crate::harness::{compile, refuse, Module};

/// The definitions of the types that `Function` pointers point to.
fn function_pointees(m: &Module) -> Vec<String> {
    let def = |id: &str| {
        m.asm
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{id} = ")).map(str::to_owned))
            .unwrap_or_default()
    };
    m.asm
        .lines()
        .filter_map(|l| {
            l.split_once(" = OpTypePointer Function ")
                .map(|(_, t)| def(t))
        })
        .collect()
}

fn assert_no_opaque_locals(m: &Module) {
    for d in function_pointees(m) {
        assert!(
            !d.starts_with("OpTypeImage")
                && !d.starts_with("OpTypeSampler")
                && !d.starts_with("OpTypeSampledImage")
                && !d.starts_with("OpTypeRuntimeArray"),
            "an opaque type in Function storage: {d}\n{}",
            m.asm
        );
    }
}

const MATERIAL: &str = r#"
struct Material { Texture2D albedo; SamplerState samp; float4 tint; };
Texture2D Stone : register(t0);
Texture2D Moss : register(t1);
SamplerState Linear : register(s0);
float4 shade(Material m, float2 uv) { return m.albedo.Sample(m.samp, uv) * m.tint; }
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    Material a;
    a.albedo = Stone;
    a.samp = Linear;
    a.tint = float4(1, 0.5, 0.5, 1);
    Material b = a;
    b.albedo = Moss;
    Texture2D detail;
    detail = Moss;
    return shade(a, uv) + shade(b, uv) + detail.Sample(b.samp, uv * 4);
}
"#;

#[test]
fn material_struct_samples_the_globals() {
    let m = compile(MATERIAL, "ps_6_0", &[]);
    assert_no_opaque_locals(&m);
    // Three samples, each loading the image and the sampler from the globals.
    assert_eq!(
        m.asm.matches("OpImageSampleImplicitLod").count(),
        3,
        "{}",
        m.asm
    );
    let stone = m.id("Stone");
    let moss = m.id("Moss");
    let linear = m.id("Linear");
    for g in [&stone, &moss, &linear] {
        assert!(m.has(&format!(" {g}\n")), "no load of {g}:\n{}", m.asm);
    }
    // `shade` has one copy per distinct albedo.
    assert_eq!(m.asm.matches("OpFunctionCall").count(), 3, "{}", m.asm);
}

#[test]
fn material_struct_at_every_optimization_level() {
    for flags in [&["-O0"][..], &["-O3"][..]] {
        let m = compile(MATERIAL, "ps_6_0", flags);
        assert_no_opaque_locals(&m);
    }
}

#[test]
fn struct_of_buffers_with_counters() {
    // An append buffer and a counted structured buffer reached through struct members keep
    // their `counter.var.*` buffers.
    let text = r#"
struct Queues {
    RWStructuredBuffer<uint> items;
    AppendStructuredBuffer<uint> found;
    uint threshold;
};
RWStructuredBuffer<uint> Items : register(u0);
AppendStructuredBuffer<uint> Found : register(u1);
void scan(Queues q, uint i) {
    if (q.items[i] > q.threshold) {
        q.found.Append(i);
        q.items.IncrementCounter();
    }
}
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Queues q = { Items, Found, 7 };
    scan(q, id.x);
}
"#;
    let m = compile(text, "cs_6_0", &[]);
    assert_no_opaque_locals(&m);
    m.assert_has(&["counter.var.Found", "counter.var.Items", "OpAtomicIAdd"]);
}

#[test]
fn local_resource_array() {
    let text = r#"
Texture2D<float> Shadow : register(t0);
Texture2D<float> Ao : register(t1);
RWStructuredBuffer<float> Out : register(u0);
[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Texture2D<float> maps[2] = { Shadow, Ao };
    Out[id.y * 8 + id.x] = maps[0].Load(int3(id.xy, 0)) * maps[1].Load(int3(id.xy, 0));
}
"#;
    let m = compile(text, "cs_6_0", &[]);
    assert_no_opaque_locals(&m);
    assert_eq!(m.asm.matches("OpImageFetch").count(), 2, "{}", m.asm);
}

#[test]
fn resource_chosen_at_run_time_is_refused() {
    let text = r#"
Texture2D A : register(t0);
Texture2D B : register(t1);
SamplerState S : register(s0);
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    Texture2D t = A;
    if (uv.x > 0.5) t = B;
    return t.Sample(S, uv);
}
"#;
    refuse(text, "ps_6_0", &[], 1, "depends on run-time control flow");
}

#[test]
fn member_array_holding_a_whole_global_array() {
    // `s.maps = Maps` binds each element to the global's; a local array copied from it stands
    // for the global when passed whole.
    let text = r#"
Texture2D Maps[2] : register(t0);
SamplerState Samp : register(s0);
struct Set { Texture2D maps[2]; float weight; };
float4 blend(Texture2D ts[2], float2 uv) { return ts[0].Sample(Samp, uv) + ts[1].Sample(Samp, uv); }
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    Set s;
    s.maps = Maps;
    s.weight = 0.5;
    Texture2D local[2] = s.maps;
    return blend(local, uv) * s.weight + s.maps[1].Sample(Samp, uv);
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    assert_no_opaque_locals(&m);
    assert_eq!(
        m.asm.matches("OpImageSampleImplicitLod").count(),
        3,
        "{}",
        m.asm
    );
}

#[test]
fn nested_struct_of_buffers() {
    let text = r#"
struct Io { StructuredBuffer<float> src; RWStructuredBuffer<float> dst; };
struct Pass { Io io; float scale; };
StructuredBuffer<float> In : register(t0);
RWStructuredBuffer<float> Out : register(u0);
void apply(Pass p, uint i) { p.io.dst[i] = p.io.src[i] * p.scale; }
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Pass p;
    p.io.src = In;
    p.io.dst = Out;
    p.scale = 2;
    apply(p, id.x);
}
"#;
    let m = compile(text, "cs_6_0", &[]);
    assert_no_opaque_locals(&m);
}

#[test]
fn material_returned_from_a_function() {
    // The callee returns the data part; the caller binds the resources its `return` names.
    let text = r#"
struct Material { Texture2D albedo; SamplerState samp; float4 tint; };
Texture2D Stone : register(t0);
Texture2D Moss : register(t1);
SamplerState Linear : register(s0);
Material make(Texture2D albedo, float4 tint) {
    Material m;
    m.albedo = albedo;
    m.samp = Linear;
    m.tint = tint;
    return m;
}
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    Material stone = make(Stone, float4(1, 1, 1, 1));
    return stone.albedo.Sample(stone.samp, uv) * stone.tint
        + make(Moss, float4(0, 1, 0, 1)).albedo.Sample(Linear, uv);
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    assert_no_opaque_locals(&m);
    assert_eq!(
        m.asm.matches("OpImageSampleImplicitLod").count(),
        2,
        "{}",
        m.asm
    );
}

#[test]
fn bindless_material_members() {
    // Members bound to elements of unbounded arrays chosen by a material index: each use
    // indexes the global array; the callee takes the indices as `int`s.
    let text = r#"
struct Material { Texture2D albedo; SamplerState samp; float4 tint; };
Texture2D Textures[] : register(t0, space1);
SamplerState Samplers[] : register(s0, space2);
cbuffer Draw : register(b0) { uint g_Albedo; uint g_Sampler; };
float4 shade(Material m, float2 uv) { return m.albedo.Sample(m.samp, uv) * m.tint; }
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    Material m;
    m.albedo = Textures[g_Albedo];
    m.samp = Samplers[g_Sampler];
    m.tint = float4(1, 1, 1, 1);
    return shade(m, uv);
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    assert_no_opaque_locals(&m);
    m.assert_has(&["OpTypeRuntimeArray", "OpImageSampleImplicitLod"]);
}

#[test]
fn material_with_methods() {
    // A struct of only resources has no data: its methods take no object argument at all.
    let text = r#"
struct Maps {
    Texture2D albedo;
    SamplerState samp;
    float4 Albedo(float2 uv) { return albedo.Sample(samp, uv); }
};
Texture2D Stone : register(t0);
SamplerState Linear : register(s0);
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    Maps maps;
    maps.albedo = Stone;
    maps.samp = Linear;
    return maps.Albedo(uv);
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    assert_no_opaque_locals(&m);
    m.assert_has(&["OpImageSampleImplicitLod"]);
}
