//! The resource forms DXC's legalization resolves at compile time, through `hlslc -spirv` and
//! `spirv-val`: resources chosen by `?:`, `if` and function arguments known at compile time
//! (the rest of issue #4's resource gaps follow in the same file). Each use must load the
//! global resource variable itself (Vulkan forbids opaque types in `Function` storage).

use crate::harness::{compile, refuse, Module};

/// How many `OpLoad`s read the global named `name`.
fn loads_of(m: &Module, name: &str) -> usize {
    let id = m.id(name);
    m.asm
        .lines()
        .filter(|l| l.contains("= OpLoad ") && l.ends_with(&format!(" {id}")))
        .count()
}

/// No pointer in `Function` storage points to an image, sampler or buffer block.
fn assert_no_opaque_locals(m: &Module) {
    for l in m.asm.lines() {
        if let Some((_, t)) = l.split_once(" = OpTypePointer Function ") {
            let def = m
                .asm
                .lines()
                .find_map(|d| d.strip_prefix(&format!("{t} = ")))
                .unwrap_or_default();
            assert!(
                !def.starts_with("OpTypeImage") && !def.starts_with("OpTypeSampler"),
                "an opaque type in Function storage: {def}\n{}",
                m.asm
            );
        }
    }
}

#[test]
fn constant_choices_sample_the_chosen_texture() {
    let text = r#"
Texture2D Stone : register(t0);
Texture2D Moss : register(t1);
SamplerState Linear : register(s0);
static const bool DETAILED = true;
Texture2D layer(int n) {
    if (n == 0) { return Stone; }
    return Moss;
}
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    Texture2D base = DETAILED ? Moss : Stone;
    Texture2D other;
    if (DETAILED) { other = Stone; } else { other = Moss; }
    return base.Sample(Linear, uv) + other.Sample(Linear, uv) + layer(1).Sample(Linear, uv);
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    assert_no_opaque_locals(&m);
    // `base` and `layer(1)` are Moss, `other` is Stone.
    assert_eq!(loads_of(&m, "Moss"), 2, "{}", m.asm);
    assert_eq!(loads_of(&m, "Stone"), 1, "{}", m.asm);
}

#[test]
fn run_time_choice_of_a_texture_is_refused_at_the_conditional() {
    let text = r#"
Texture2D Stone : register(t0);
Texture2D Moss : register(t1);
SamplerState Linear : register(s0);
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    return (uv.x > 0.5 ? Stone : Moss).Sample(Linear, uv);
}
"#;
    refuse(text, "ps_6_0", &[], 1, "E3020");
    refuse(
        text,
        "ps_6_0",
        &[],
        1,
        "by a condition known only at run time",
    );
}

#[test]
fn out_and_inout_parameters_holding_resources() {
    let text = r#"
Texture2D Stone : register(t0);
Texture2D Moss : register(t1);
SamplerState Linear : register(s0);
struct Layer { Texture2D tex; SamplerState samp; float weight; };
void base(out Texture2D t) { t = Stone; }
void overlay(inout Layer l) { l.tex = Moss; l.weight *= 0.5; }
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    Texture2D t;
    base(t);
    Layer l = { Stone, Linear, 1.0 };
    overlay(l);
    return t.Sample(Linear, uv) + l.tex.Sample(l.samp, uv) * l.weight;
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    assert_no_opaque_locals(&m);
    // `t` is Stone, `l.tex` Moss after `overlay`, whose only parameter is a pointer to the
    // data part (`weight`).
    assert_eq!(loads_of(&m, "Stone"), 1, "{}", m.asm);
    assert_eq!(loads_of(&m, "Moss"), 1, "{}", m.asm);
    m.assert_has(&["OpTypeFunction %void %_ptr_Function_Layer"]);
}

#[test]
fn static_globals_holding_resources() {
    let text = r#"
Texture2D Stone : register(t0);
Texture2D Layers[3] : register(t1);
SamplerState Linear : register(s0);
struct Material { Texture2D albedo; SamplerState samp; float4 tint; };
static Texture2D gDetail = Layers[2];
static Material gStone = { Stone, Linear, float4(1, 0.5, 0.5, 1) };
float4 shade(Material m, float2 uv) { return m.albedo.Sample(m.samp, uv) * m.tint; }
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    return shade(gStone, uv) + gDetail.Sample(gStone.samp, uv * 4);
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    assert_no_opaque_locals(&m);
    assert_eq!(loads_of(&m, "Stone"), 1, "{}", m.asm);
    // `gDetail` is element 2 of Layers: an access chain, no variable of its own.
    m.assert_has(&["OpAccessChain %_ptr_UniformConstant_type_image %Layers %int_2"]);
    assert!(!m.asm.contains("\"gDetail\""), "{}", m.asm);
    // `gStone`'s data part is a private variable.
    m.assert_has(&["OpVariable %_ptr_Private_Material Private"]);
}

#[test]
fn ray_query_parameters_and_copies() {
    let text = r#"
RaytracingAccelerationStructure Scene : register(t0);
RWStructuredBuffer<uint> Out : register(u1);
void launch(inout RayQuery<RAY_FLAG_CULL_NON_OPAQUE> q, float3 dir) {
    RayDesc r;
    r.Origin = 0;
    r.Direction = dir;
    r.TMin = 0;
    r.TMax = 100;
    q.TraceRayInline(Scene, RAY_FLAG_NONE, 0xff, r);
    while (q.Proceed()) {}
}
uint status(RayQuery<RAY_FLAG_CULL_NON_OPAQUE> q) { return q.CommittedStatus(); }
[numthreads(1, 1, 1)]
void main() {
    RayQuery<RAY_FLAG_CULL_NON_OPAQUE> q;
    launch(q, float3(0, 0, 1));
    Out[0] = status(q);
}
"#;
    let flags = ["-fspv-target-env=vulkan1.2"];
    let m = compile(text, "cs_6_5", &flags);
    // The query is one variable, passed by pointer to both functions.
    let query = m
        .asm
        .lines()
        .find_map(|l| l.strip_suffix(" = OpTypeRayQueryKHR"))
        .expect("a ray query type")
        .to_owned();
    let pointer = m
        .asm
        .lines()
        .find_map(|l| l.strip_suffix(&format!(" = OpTypePointer Function {query}")))
        .expect("a pointer to it")
        .to_owned();
    let variables = format!("OpVariable {pointer} Function");
    assert_eq!(m.asm.matches(&variables).count(), 1, "{}", m.asm);
    let params = format!("OpFunctionParameter {pointer}");
    assert_eq!(m.asm.matches(&params).count(), 2, "{}", m.asm);
    let copy = text.replace(
        "launch(q, float3(0, 0, 1));",
        "RayQuery<RAY_FLAG_CULL_NON_OPAQUE> b = q;",
    );
    refuse(&copy, "cs_6_5", &flags, 1, "store value of type 'RayQuery<");
}

#[test]
fn objects_with_members_never_assigned() {
    let text = r#"
StructuredBuffer<float4> Colors : register(t0);
struct Palette {
    StructuredBuffer<float4> colors;
    StructuredBuffer<float4> fallback;
    float4 at(uint i) { return colors[i]; }
};
Palette make() { Palette p; p.colors = Colors; return p; }
float4 main(nointerpolation uint i : INDEX) : SV_Target {
    Palette p = make();
    return p.at(i) + make().at(i + 1);
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    assert_eq!(loads_of(&m, "Colors"), 0, "{}", m.asm);
    m.assert_has(&["OpAccessChain %_ptr_Uniform_v4float %Colors"]);
    // Read, the member never assigned is DXC's undefined buffer pointer (its legalization
    // turns the never-stored variable holding it into an `OpUndef`; weak6).
    let used = text.replace("return p.at(i)", "return p.fallback[i]");
    let m = compile(&used, "ps_6_0", &[]);
    m.assert_has(&["OpUndef %_ptr_Uniform_type_StructuredBuffer_float4"]);
}

#[test]
fn run_time_index_into_local_resource_arrays() {
    let text = r#"
Texture2D Layers[4] : register(t0);
Texture2D Stone : register(t4);
SamplerState Linear : register(s0);
cbuffer Params : register(b0) { uint layer; };
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    Texture2D all[4] = Layers;
    Texture2D top[2] = { Layers[2], Layers[3] };
    return all[layer].Sample(Linear, uv) + top[layer].Sample(Linear, uv);
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    assert_no_opaque_locals(&m);
    // `top[layer]` is Layers[layer + 2].
    m.assert_has(&["OpIAdd %int", "%int_2"]);
    assert_eq!(
        m.asm
            .matches("OpAccessChain %_ptr_UniformConstant_type_2d_image %Layers")
            .count()
            + m.asm
                .matches("OpAccessChain %_ptr_UniformConstant_type_image %Layers")
                .count(),
        4,
        "{}",
        m.asm
    );
    let distinct = text.replace("{ Layers[2], Layers[3] }", "{ Layers[2], Stone }");
    refuse(
        &distinct,
        "ps_6_0",
        &[],
        1,
        "not consecutive elements of one global array",
    );
}

#[test]
fn arguments_holding_resources_and_their_counters() {
    // Counted buffers reached through an array element, a field of a field and a static
    // keep their `counter.var.*` buffers.
    let text = r#"
struct Queue { RWStructuredBuffer<uint> items; uint limit; };
struct Stage { Queue q; };
RWStructuredBuffer<uint> Hits : register(u0);
RWStructuredBuffer<uint> Misses : register(u1);
static Stage gStage = { { Misses, 4 } };
void record(Queue q, uint v) {
    if (v < q.limit) {
        q.items[q.items.IncrementCounter()] = v;
    }
}
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Queue queues[2] = { { Hits, 8 }, { Misses, 2 } };
    record(queues[INDEX], id.x);
    record(queues[1], id.x);
    Stage s;
    s.q = queues[0];
    record(s.q, id.x);
    record(gStage.q, id.x);
}
"#;
    // `Hits` and `Misses` are not consecutive elements of one array: the element passed at a
    // run-time index names no single resource (E3020, as DXC's legalization fails).
    let bad = text.replace("INDEX", "id.x & 1");
    refuse(&bad, "cs_6_0", &[], 1, "E3020");
    refuse(
        &bad,
        "cs_6_0",
        &[],
        1,
        "not consecutive elements of one global array",
    );
    let ok = text.replace("INDEX", "0");
    let m = compile(&ok, "cs_6_0", &[]);
    m.assert_has(&["counter.var.Hits", "counter.var.Misses", "OpAtomicIAdd"]);
    // Two copies of `record`, one per buffer (with `main`, `main_body`, `init_globals`).
    assert_eq!(m.asm.matches(" = OpFunction %void").count(), 5, "{}", m.asm);
}

#[test]
fn switch_on_a_constant_chooses_the_texture() {
    let text = r#"
Texture2D Stone : register(t0);
Texture2D Moss : register(t1);
SamplerState Linear : register(s0);
#define LAYER 1
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    Texture2D t;
    switch (LAYER) {
    case 0: t = Stone; break;
    default: t = Moss; break;
    }
    return t.Sample(Linear, uv);
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    assert_no_opaque_locals(&m);
    assert_eq!(loads_of(&m, "Moss"), 1, "{}", m.asm);
    assert_eq!(loads_of(&m, "Stone"), 0, "{}", m.asm);
}

#[test]
fn global_structs_holding_resources() {
    // An unused one stays out of `$Globals` (which would otherwise hold an image).
    let text = r#"
struct Pair { Texture2D tex; SamplerState samp; };
Pair gPair;
float4 tint;
float4 main(float2 uv : TEXCOORD0) : SV_Target { return tint; }
"#;
    compile(text, "ps_6_0", &[]);
    // A used one is one resource per member (`resources3.rs` tests the bindings).
    let used = text.replace(
        "return tint;",
        "return gPair.tex.Sample(gPair.samp, uv) * tint;",
    );
    let m = compile(&used, "ps_6_0", &[]);
    assert_eq!(loads_of(&m, "gPair.tex"), 1, "{}", m.asm);
}

#[test]
fn unrolled_loop_chooses_a_texture_per_iteration() {
    let text = r#"
Texture2D Stone : register(t0);
Texture2D Moss : register(t1);
SamplerState Linear : register(s0);
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    Texture2D t;
    float4 sum = 0;
    [unroll]
    for (int k = 0; k < 3; k++) {
        if (k > 0) { t = Moss; } else { t = Stone; }
        sum += t.Sample(Linear, uv * (k + 1));
    }
    return sum;
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    assert_no_opaque_locals(&m);
    assert_eq!(loads_of(&m, "Stone"), 1, "{}", m.asm);
    assert_eq!(loads_of(&m, "Moss"), 2, "{}", m.asm);
}
