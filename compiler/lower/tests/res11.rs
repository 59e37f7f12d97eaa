//! Forms of issue #4 item 4 left after res10 in the `static`-resource files and
//! `texture.rs` (task res11): the ranges and labels of the `E3020`s where a resource
//! depends on run-time control flow (which assignments meet at the use, `resource_labels`),
//! and of `E3272` (the sampler of a `[[vk::combinedImageSampler]]` pair sampling another
//! texture).

mod common;

use expect_test::expect;
use lower::ShaderStage;

/// The diagnostics of lowering `main` of `text` as a pixel shader, which must fail: each as
/// `code range `text`: message`, then its labels as `  range `text`: message`.
fn errors_with_labels(text: &str) -> String {
    let Err(ds) = common::lower_diagnostics(text, ShaderStage::Pixel) else {
        panic!("lowered");
    };
    let mut out = Vec::new();
    for d in ds {
        let covered = |r: syntax::TextRange| &text[usize::from(r.start())..usize::from(r.end())];
        out.push(format!(
            "{} {:?} `{}`: {}",
            d.code,
            d.range,
            covered(d.range),
            d.message
        ));
        for r in d.related {
            out.push(format!(
                "  {:?} `{}`: {}",
                r.range,
                covered(r.range),
                r.message
            ));
        }
    }
    out.join("\n")
}

#[test]
fn a_run_time_choice_names_the_assignments_that_meet() {
    let text = r#"
Texture2D ta;
Texture2D tb;
SamplerState smp;
cbuffer C { uint k; };
float4 main(float2 uv : TEXCOORD) : SV_Target {
    Texture2D t = ta;
    if (k > 1)
        t = tb;
    return t.Sample(smp, uv);
}
"#;
    expect![[r#"
        E3020 182..183 `t`: this resource depends on run-time control flow (different resources are assigned to it on different paths); Vulkan needs each use to name one resource, and DXC fails here too ("generated SPIR-V is invalid" once its legalization cannot remove the choice)
          136..138 `ta`: `ta` assigned here
          163..164 `t`: `tb` assigned here"#]]
    .assert_eq(&errors_with_labels(text));
}

#[test]
fn a_run_time_choice_of_a_member_names_both_arms() {
    let text = r#"
Texture2D ta;
Texture2D tb;
SamplerState smp;
cbuffer C { uint k; };
struct M { Texture2D t; float w; };
float4 main(float2 uv : TEXCOORD) : SV_Target {
    M m;
    m.w = 1;
    if (k > 1)
        m.t = tb;
    else
        m.t = ta;
    return m.t.Sample(smp, uv) * m.w;
}
"#;
    expect![[r#"
        E3020 247..250 `m.t`: this resource depends on run-time control flow (different resources are assigned to it on different paths); Vulkan needs each use to name one resource, and DXC fails here too ("generated SPIR-V is invalid" once its legalization cannot remove the choice)
          199..202 `m.t`: `tb` assigned here
          226..229 `m.t`: `ta` assigned here"#]]
    .assert_eq(&errors_with_labels(text));
}

#[test]
fn a_resource_rebound_in_a_run_time_loop_names_both_assignments() {
    let text = r#"
Texture2D ts[3];
SamplerState smp;
cbuffer C { uint n; };
float4 main(float2 uv : TEXCOORD) : SV_Target {
    Texture2D t = ts[0];
    float4 r = 0;
    for (uint i = 0; i < n; i++) {
        r += t.Sample(smp, uv);
        t = ts[2];
    }
    return r;
}
"#;
    expect![[r#"
        E3020 198..199 `t`: this resource depends on run-time control flow (different resources are assigned to it on different paths); Vulkan needs each use to name one resource, and DXC fails here too ("generated SPIR-V is invalid" once its legalization cannot remove the choice)
          125..130 `ts[0]`: `ts[0]` assigned here
          225..226 `t`: `ts[2]` assigned here"#]]
    .assert_eq(&errors_with_labels(text));
}

#[test]
fn a_flowing_static_chosen_by_calls_names_the_calls() {
    let text = r#"
Texture2D a;
Texture2D b;
SamplerState smp;
cbuffer C { uint n; };
static Texture2D g;
void set_a() { g = a; }
void set_b() { g = b; }
float4 main(float2 uv : TEXCOORD) : SV_Target {
    if (n > 2) set_a(); else set_b();
    return g.Sample(smp, uv);
}
"#;
    expect![[r#"
        E3020 233..234 `g`: this resource depends on run-time control flow (different resources are assigned to it on different paths); Vulkan needs each use to name one resource, and DXC fails here too ("generated SPIR-V is invalid" once its legalization cannot remove the choice)
          199..206 `set_a()`: `a` assigned by this call
          213..220 `set_b()`: `b` assigned by this call"#]]
    .assert_eq(&errors_with_labels(text));
}

/// The `static` resource local of a function called in a loop with a run-time trip count:
/// which call runs its initializer first is known only at run time. DXC's legalization fails
/// there too: run on the SPIR-V DXC writes for it (the static a private variable, its
/// initializer behind an `init` flag, the call inlined into the loop), `spirv-opt
/// --legalize-hlsl` leaves an `OpPhi` of the image (the undefined value before the first
/// call and the parameter's resource), which `spirv-val` refuses ("Result type cannot be
/// OpTypeImage"). The error names the call.
#[test]
fn a_static_local_first_given_in_a_run_time_loop_names_the_call() {
    let text = r#"
Texture2D a;
SamplerState smp;
cbuffer C { uint n; };
float4 f(Texture2D x, float2 uv) {
    static Texture2D t = x;
    return t.Sample(smp, uv);
}
float4 main(float2 uv : TEXCOORD) : SV_Target {
    float4 r = 0;
    for (uint i = 0; i < n; i++)
        r += f(a, uv);
    return r;
}
"#;
    expect![[r#"
        E3020 115..116 `x`: this resource depends on run-time control flow (different resources are assigned to it on different paths); Vulkan needs each use to name one resource, and DXC fails here too ("generated SPIR-V is invalid" once its legalization cannot remove the choice)
          262..270 `f(a, uv)`: called here, where whether an earlier call ran it depends on run-time control flow"#]]
    .assert_eq(&errors_with_labels(text));
}

#[test]
fn static_initializers_chosen_at_run_time_name_what_meets() {
    let text = r#"
Texture2D a;
Texture2D b;
SamplerState smp;
cbuffer C { uint n; };
static Texture2D g = n > 2 ? a : b;
float4 main(float2 uv : TEXCOORD) : SV_Target {
    return g.Sample(smp, uv);
}
"#;
    expect![[r#"
        E3020 85..102 `g = n > 2 ? a : b`: this `static` resource is chosen by a condition known only at run time; Vulkan needs each use to name one resource, and DXC fails here too ("generated SPIR-V is invalid" once its legalization cannot remove the choice)
          97..98 `a`: `a` if the condition holds
          101..102 `b`: `b` otherwise"#]]
    .assert_eq(&errors_with_labels(text));
    let text = r#"
Texture2D a;
Texture2D b;
SamplerState smp;
cbuffer C { uint n; };
static Texture2D pair[2] = { a, b };
static Texture2D w = pair[n];
float4 main(float2 uv : TEXCOORD) : SV_Target {
    return w.Sample(smp, uv);
}
"#;
    expect![[r#"
        E3020 122..133 `w = pair[n]`: this `static` resource is an element of a `static` array of different resources at an index known only at run time; Vulkan needs each use to name one resource, and DXC fails here too ("generated SPIR-V is invalid" once its legalization cannot remove the choice)
          85..103 `pair[2] = { a, b }`: `pair` holds `a`, `b`"#]]
    .assert_eq(&errors_with_labels(text));
}

#[test]
fn a_struct_static_chosen_at_run_time_names_its_arms() {
    let text = r#"
Texture2D a; Texture2D b; SamplerState smp; cbuffer C { uint n; };
struct M { Texture2D t; float w; };
static M m1 = { a, 2 };
static M m0 = { b, 3 };
static M ch = n > 1 ? m1 : m0;
float4 main(float2 uv : TEXCOORD) : SV_Target { return ch.t.Sample(smp, uv) * ch.w; }
"#;
    expect![[r#"
        E3020 161..181 `ch = n > 1 ? m1 : m0`: this `static` resource is chosen by a condition known only at run time; Vulkan needs each use to name one resource, and DXC fails here too ("generated SPIR-V is invalid" once its legalization cannot remove the choice)
          174..176 `m1`: `m1` if the condition holds
          179..181 `m0`: `m0` otherwise"#]].assert_eq(&errors_with_labels(text));
}

#[test]
fn the_sampler_of_a_combined_pair_samples_no_other_texture() {
    let text = r#"
[[vk::combinedImageSampler]] Texture2D albedo : register(t1);
[[vk::combinedImageSampler]] SamplerState albedoSampler : register(s1);
Texture2D other : register(t3);
float4 main(float2 uv : TEXCOORD) : SV_Target {
    return albedo.Sample(albedoSampler, uv) + other.Sample(albedoSampler, uv);
}
"#;
    expect!["E3272 274..287 `albedoSampler`: `albedoSampler` is the [[vk::combinedImageSampler]] partner of `albedo`, merged into one combined image sampler with it, so it cannot sample another texture; DXC's convert-to-sampled-image pass fails here too"]
    .assert_eq(&errors_with_labels(text));
}
