//! Forms of issue #4 item 4 left after res10 in the `static`-resource files and `texture.rs`
//! (task res11), through `hlslc -spirv` and every `spirv-val` installed: a struct `static`
//! without data members initialized by a call handing back elements at run-time indices, a
//! `[[vk::combinedImageSampler]]` texture sampled with another sampler, and the forms DXC
//! refuses (their ranges and labels are checked in `lower/tests/res11.rs`).

use crate::harness::{compile, refuse};

/// `static R g = pick(idx);` where `R` holds only resources and `pick` hands back elements at
/// run-time indices: `init_globals` runs the call once for the indices it hands back (there
/// is no data part to fill), each stored in the static's private `int`, as DXC runs the
/// initializer once; the uses index the arrays with them.
#[test]
fn a_struct_static_without_data_keeps_the_elements_a_call_hands_back() {
    let m = compile(
        "Texture2D<float4> ts[4];
SamplerState smps[2];
Texture2D<float4> a;
cbuffer C { uint idx; uint j; };
struct R { Texture2D<float4> t; SamplerState s; Texture2D<float4> u; };
R pick(uint i, uint k) { R r; r.t = ts[i]; r.s = smps[k]; r.u = a; return r; }
static R g = pick(idx, j + 1);
float4 main(float2 uv : TEXCOORD) : SV_Target {
    return g.t.Sample(g.s, uv) + g.u.Sample(g.s, uv);
}
",
        "ps_6_0",
        &[],
    );
    m.assert_has(&["\"init_globals\"", "\"g.index0\"", "\"g.index1\""]);
    // The call runs once, in `init_globals`.
    let calls = m
        .asm
        .lines()
        .filter(|l| l.contains("OpFunctionCall %void %pick"))
        .count();
    assert_eq!(calls, 1, "{}", m.asm);
    assert!(m.has("OpStore %g_index0"), "{}", m.asm);
    assert!(m.has("OpStore %g_index1"), "{}", m.asm);
}

/// A `[[vk::combinedImageSampler]]` texture sampled with a sampler other than its pair's
/// (of any sampling method): its image (`OpImage` of the combined image sampler) sampled
/// with that sampler, as DXC's convert-to-sampled-image pass rewrites such a use; with its
/// pair's sampler it is the combined image sampler itself.
#[test]
fn a_combined_texture_samples_with_another_sampler_through_its_image() {
    let m = compile(
        "[[vk::combinedImageSampler]] Texture2D albedo : register(t1);
[[vk::combinedImageSampler]] SamplerState albedoSampler : register(s1);
SamplerState pointSampler : register(s2);
SamplerComparisonState shadowSampler : register(s3);
float4 tap(Texture2D t, SamplerState s, float2 uv) { return t.Sample(s, uv); }
float4 main(float2 uv : TEXCOORD) : SV_Target {
    return albedo.Sample(pointSampler, uv) + albedo.Sample(albedoSampler, uv)
        + albedo.SampleLevel(pointSampler, uv, 2) + albedo.GatherRed(pointSampler, uv)
        + albedo.SampleCmp(shadowSampler, uv, 0.5) + tap(albedo, pointSampler, uv)
        + albedo.CalculateLevelOfDetail(pointSampler, uv);
}
",
        "ps_6_0",
        &[],
    );
    let images = m.asm.lines().filter(|l| l.contains("= OpImage %")).count();
    let sampled = m
        .asm
        .lines()
        .filter(|l| l.contains("OpSampledImage"))
        .count();
    // Six uses with another sampler, each through the image; the pair's sampler none.
    assert_eq!((images, sampled), (6, 6), "{}", m.asm);
    assert_eq!(m.binding("albedo"), (0, 1), "{}", m.asm);
    assert_eq!(m.binding("pointSampler"), (0, 2), "{}", m.asm);
}

/// The sampler of a pair sampling another texture: merged into the pair's combined image
/// sampler, it has no variable of its own (DXC's pass fails on such a use), so E3272 at the
/// sampler argument, directly or through another pair's texture.
#[test]
fn the_sampler_of_a_combined_pair_samples_no_other_texture() {
    refuse(
        "[[vk::combinedImageSampler]] Texture2D albedo : register(t1);
[[vk::combinedImageSampler]] SamplerState albedoSampler : register(s1);
Texture2D other : register(t3);
float4 main(float2 uv : TEXCOORD) : SV_Target {
    return albedo.Sample(albedoSampler, uv) + other.Sample(albedoSampler, uv);
}
",
        "ps_6_0",
        &[],
        1,
        "error[E3272]: `albedoSampler` is the [[vk::combinedImageSampler]] partner of `albedo`",
    );
    refuse(
        "[[vk::combinedImageSampler]] Texture2D albedo : register(t1);
[[vk::combinedImageSampler]] SamplerState albedoSampler : register(s1);
[[vk::combinedImageSampler]] Texture2D normals : register(t2);
[[vk::combinedImageSampler]] SamplerState normalsSampler : register(s2);
float4 main(float2 uv : TEXCOORD) : SV_Target {
    return albedo.Sample(albedoSampler, uv) + albedo.GatherRed(normalsSampler, uv);
}
",
        "ps_6_0",
        &[],
        1,
        "error[E3272]: `normalsSampler` is the [[vk::combinedImageSampler]] partner of `normals`",
    );
}

/// `static` struct initializers DXC accepts that were "not supported yet": a cast to the
/// static's own type, a `?:` on a compile-time condition, a member struct of a struct static
/// and an element of a static array of structs; and a static array of resources initialized
/// with an array member of a struct static. Each names the resources of what it copies.
#[test]
fn static_initializers_of_member_structs_elements_casts_and_constant_choices() {
    let m = compile(
        "Texture2D<float4> a : register(t0);
Texture2D<float4> b : register(t1);
Texture2D<float4> c : register(t2);
SamplerState smp : register(s0);
struct M { Texture2D<float4> t; float w; };
struct Outer { M inner; float z; };
struct A2 { Texture2D<float4> texs[2]; };
static M m1 = { a, 2 };
static M m0 = { b, 3 };
static M cast = (M)m1;
static M chosen = false ? m1 : m0;
static Outer o = { { c, 4 }, 1 };
static M inner = o.inner;
static M ms[2] = { { a, 5 }, { c, 6 } };
static M second = ms[1];
static A2 g2 = { b, c };
static Texture2D<float4> two[2] = g2.texs;
float4 main(float2 uv : TEXCOORD) : SV_Target {
    return cast.t.Sample(smp, uv) * cast.w + chosen.t.Sample(smp, uv) * chosen.w
        + inner.t.Sample(smp, uv) * inner.w + second.t.Sample(smp, uv) * second.w
        + two[0].Sample(smp, uv) + two[1].Sample(smp, uv);
}
",
        "ps_6_0",
        &[],
    );
    // `cast` samples `a`; `chosen` and `two[0]` `b`; `inner`, `second` and `two[1]` `c`.
    let loads = |name: &str| {
        let suffix = format!(" %{name}");
        m.asm
            .lines()
            .filter(|l| l.contains("= OpLoad") && l.ends_with(&suffix))
            .count()
    };
    assert_eq!((loads("a"), loads("b"), loads("c")), (1, 2, 3), "{}", m.asm);
    m.assert_has(&["\"init_globals\""]);
}

/// Calls in `static` initializers whose resource arguments are no globals: another
/// resource `static`, a member of a struct static, an element at a run-time index (the copy
/// takes its index, and the static keeps the one the call hands back), and structs holding
/// resources (one resource per slot, as a call in a function passes them).
#[test]
fn static_initializer_calls_take_statics_members_elements_and_structs() {
    let m = compile(
        "Texture2D<float4> a : register(t0);
Texture2D<float4> b : register(t1);
Texture2D<float4> ts[4] : register(t2);
SamplerState smp : register(s0);
cbuffer C { uint k; };
struct M { Texture2D<float4> t; float w; };
struct R { Texture2D<float4> t; SamplerState s; };
Texture2D<float4> id(Texture2D<float4> x) { return x; }
Texture2D<float4> first(M m) { return m.t; }
M scale(M m, float f) { m.w *= f; return m; }
R flip(R r) { return r; }
static Texture2D<float4> s0 = a;
static M m1 = { b, 2 };
static R r0 = { a, smp };
static Texture2D<float4> t1 = id(s0);
static Texture2D<float4> t2 = id(m1.t);
static Texture2D<float4> t3 = id(ts[k]);
static Texture2D<float4> t4 = first(m1);
static M m2 = scale(m1, 3);
static R r1 = flip(r0);
float4 main(float2 uv : TEXCOORD) : SV_Target {
    return t1.Sample(smp, uv) + t2.Sample(smp, uv) + t3.Sample(smp, uv)
        + t4.Sample(smp, uv) + m2.t.Sample(smp, uv) * m2.w + r1.t.Sample(r1.s, uv);
}
",
        "ps_6_0",
        &[],
    );
    m.assert_has(&["\"init_globals\"", "\"t3.index\"", "OpStore %t3_index"]);
}

/// A `static` holding resources read by its own initializer, directly or through a function
/// it calls, before it holds any: no resource to name, E3020 at the static (was E3001); a
/// list of the wrong length for a struct or array holding resources is E2016 in semantic
/// analysis, resources counting one value each (was E3001 in lowering).
#[test]
fn statics_read_by_their_own_initializers_and_lists_of_another_length_are_refused() {
    refuse(
        "Texture2D<float4> a;
SamplerState smp;
static Texture2D<float4> t = t;
float4 main(float2 uv : TEXCOORD) : SV_Target { return t.Sample(smp, uv); }
",
        "ps_6_0",
        &[],
        1,
        "error[E3020]: this `static` holding resources is read by its own initializer",
    );
    refuse(
        "Texture2D<float4> a;
SamplerState smp;
struct M { Texture2D<float4> t; float w; };
M self();
static M m = self();
M self() { M x = m; x.w = 2; return x; }
float4 main(float2 uv : TEXCOORD) : SV_Target { return m.t.Sample(smp, uv) * m.w; }
",
        "ps_6_0",
        &[],
        1,
        "error[E3020]: this `static` holding resources is read by its own initializer",
    );
    refuse(
        "Texture2D<float4> a;
SamplerState smp;
struct M { Texture2D<float4> t; float w; };
static M m = { a };
float4 main(float2 uv : TEXCOORD) : SV_Target { return m.t.Sample(smp, uv) * m.w; }
",
        "ps_6_0",
        &[],
        1,
        "error[E2016]: initializer list has 1 component(s), `M` needs 2",
    );
}
