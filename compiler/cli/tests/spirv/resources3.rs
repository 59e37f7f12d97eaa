//! The last resource forms that needed DXC's legalization (issue #4, items 4 and 5), through
//! `hlslc -spirv` and `spirv-val`: non-`static` global structs of textures and samplers (one
//! variable per resource, named and bound as DXC's legalization leaves them), and DXC's
//! errors where a resource cannot be named at compile time.

use crate::harness::{compile, refuse, Module};

/// How many `OpLoad`s read the global named `name`.
fn loads_of(m: &Module, name: &str) -> usize {
    let id = m.id(name);
    m.asm
        .lines()
        .filter(|l| l.contains("= OpLoad ") && l.ends_with(&format!(" {id}")))
        .count()
}

#[test]
fn global_struct_of_texture_and_sampler_is_split_per_member() {
    // The "sampler2D" emulation of ported engines: `gMat` takes t3 and the binding after it,
    // one per member in order; `Before` and `After` take the first free bindings (0 and 1).
    let text = r#"
struct Sampler2D { Texture2D t; SamplerState s; };
Texture2D Before;
Sampler2D gMat : register(t3);
Texture2D After;
float4 tex2D(Sampler2D x, float2 uv) { return x.t.Sample(x.s, uv); }
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    return tex2D(gMat, uv) + gMat.t.Sample(gMat.s, uv * 2) + After.Sample(gMat.s, uv)
        + Before.Sample(gMat.s, uv);
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    assert_eq!(m.binding("gMat.t"), (0, 3));
    assert_eq!(m.binding("gMat.s"), (0, 4));
    assert_eq!(m.binding("Before"), (0, 0));
    assert_eq!(m.binding("After"), (0, 1));
    // `tex2D`'s copy for `gMat` and `main` each sample `gMat.t` once.
    assert_eq!(loads_of(&m, "gMat.t"), 2, "{}", m.asm);
    assert_eq!(loads_of(&m, "gMat.s"), 4, "{}", m.asm);
    // No struct of opaque types anywhere.
    let opaque: Vec<&str> = m
        .asm
        .lines()
        .filter(|l| l.contains("= OpTypeImage") || l.contains("= OpTypeSampler"))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(!opaque.is_empty(), "{}", m.asm);
    let holds_opaque = |l: &&str| {
        l.contains("= OpTypeStruct") && l.split_whitespace().skip(3).any(|id| opaque.contains(&id))
    };
    assert!(!m.asm.lines().any(|l| holds_opaque(&l)), "{}", m.asm);
}

#[test]
fn global_struct_bindings_with_vk_binding_and_shifts() {
    // `[[vk::binding(2, 1)]]` places the three resources of `gSet` at 2..4 of set 1;
    // `-fvk-t-shift 10 0` moves `gReg`'s t1 to 11 (and its second member to 12); `$Globals`
    // (for `tint`) takes the first free binding of set 0 where `tint` is declared.
    let text = r#"
struct Layered { Texture2D layer[2]; SamplerState samp; };
struct Pair { Texture2D t; SamplerState s; };
[[vk::binding(2, 1)]] Layered gSet;
float4 tint;
Pair gReg : register(t1);
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    return gSet.layer[1].Sample(gSet.samp, uv) * tint + gReg.t.Sample(gReg.s, uv);
}
"#;
    let m = compile(text, "ps_6_0", &["-fvk-t-shift", "10", "0"]);
    assert_eq!(m.binding("gSet.layer[1]"), (1, 3));
    assert_eq!(m.binding("gSet.samp"), (1, 4));
    assert_eq!(m.binding("gReg.t"), (0, 11));
    assert_eq!(m.binding("gReg.s"), (0, 12));
    assert_eq!(m.binding("$Globals"), (0, 0));
}

#[test]
fn a_struct_of_resources_makes_resource_arrays_take_a_binding_per_element() {
    // DXC flattens every composite of resources once the file declares a global struct of
    // them: `Layers` takes 0..2, so `gPair` starts at 3.
    let text = r#"
struct Pair { Texture2D t; SamplerState s; };
Texture2D Layers[3];
Pair gPair;
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    return gPair.t.Sample(gPair.s, uv) + Layers[1].Sample(gPair.s, uv);
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    assert_eq!(m.binding("gPair.t"), (0, 3));
    assert_eq!(m.binding("gPair.s"), (0, 4));
    assert_eq!(m.binding("Layers"), (0, 0));
}

#[test]
fn global_structs_dxc_refuses() {
    let mixed = r#"
struct Material { Texture2D albedo; SamplerState samp; float4 tint; };
Material gMat;
float4 main(float2 uv : TEXCOORD0) : SV_Target { return gMat.albedo.Sample(gMat.samp, uv); }
"#;
    refuse(mixed, "ps_6_0", &[], 1, "E3021");
    refuse(
        mixed,
        "ps_6_0",
        &[],
        1,
        "global structures containing both resources and non-resources are not supported",
    );
    let buffers = r#"
struct Views { StructuredBuffer<float4> data; SamplerState samp; };
Views gViews;
float4 main(float2 uv : TEXCOORD0) : SV_Target { return gViews.data[0]; }
"#;
    refuse(
        buffers,
        "ps_6_0",
        &[],
        1,
        "global structures containing buffers are not supported",
    );
}

#[test]
fn unassigned_resources_in_dead_code_are_compiled_away() {
    // `detail` and `m.mask` are never assigned; their uses sit in arms a constant condition
    // never runs, so they are dropped: only `Base` is sampled.
    let text = r#"
Texture2D Base : register(t0);
SamplerState Linear : register(s0);
struct Layer { Texture2D mask; float weight; };
static const bool DETAILED = false;
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    Texture2D detail;
    Layer m;
    m.weight = 0.5;
    float4 c = Base.Sample(Linear, uv);
    if (DETAILED) {
        c *= detail.Sample(Linear, uv) * m.mask.Sample(Linear, uv).x;
    }
    return c * m.weight;
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    assert_eq!(loads_of(&m, "Base"), 1, "{}", m.asm);
    assert_eq!(
        m.asm.matches("OpImageSampleImplicitLod").count(),
        1,
        "{}",
        m.asm
    );
    // Used where the condition is known only at run time, each reads an undefined texture,
    // the `OpUndef` DXC's legalization leaves for its never-stored local (res17; was E3020).
    let live = text.replace("if (DETAILED)", "if (uv.x > 0.5)");
    let m = compile(&live, "ps_6_0", &[]);
    assert_eq!(
        m.asm.matches("OpImageSampleImplicitLod").count(),
        3,
        "{}",
        m.asm
    );
    assert!(m.has("%undefined_texture = OpUndef"), "{}", m.asm);
}

#[test]
fn run_time_choice_of_a_sampler_is_dxcs_failure() {
    // DXC's short-circuiting `?:` keeps the sampler in function memory, which its
    // legalization cannot remove: "generated SPIR-V is invalid".
    let text = r#"
Texture2D Base : register(t0);
SamplerState Point : register(s0);
SamplerState Linear : register(s1);
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    return Base.Sample(uv.x > 0.5 ? Linear : Point, uv);
}
"#;
    refuse(text, "ps_6_0", &[], 1, "E3020");
    refuse(text, "ps_6_0", &[], 1, "generated SPIR-V is invalid");
}

#[test]
fn run_time_index_into_a_local_array_of_materials() {
    // Each element's texture and sampler are consecutive elements of `Albedo` and `Samplers`
    // (from 1), so `mats[pick]` samples `Albedo[pick + 1]` with `Samplers[pick + 1]`; the
    // weight is read from element `pick` of the data array.
    let text = r#"
Texture2D Albedo[4] : register(t0);
SamplerState Samplers[4] : register(s0);
struct Material { Texture2D tex; SamplerState samp; float weight; };
cbuffer Params : register(b0) { uint pick; };
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    Material mats[2] = { { Albedo[1], Samplers[1], 0.25 }, { Albedo[2], Samplers[2], 0.75 } };
    return mats[pick].tex.Sample(mats[pick].samp, uv) * mats[pick].weight;
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    let albedo = m.id("Albedo");
    let samplers = m.id("Samplers");
    // One access chain into each global array with a run-time index (the initializer's
    // constant-index chains name the slots and are left unused), then the sample.
    let run_time: Vec<&str> = m
        .asm
        .lines()
        .filter(|l| l.contains("OpAccessChain") && (l.contains(&albedo) || l.contains(&samplers)))
        .filter(|l| !l.rsplit(' ').next().unwrap_or("").starts_with("%int_"))
        .collect();
    assert_eq!(run_time.len(), 2, "{}", m.asm);
    assert_eq!(
        m.asm.matches("OpImageSampleImplicitLod").count(),
        1,
        "{}",
        m.asm
    );
    // Scattered elements cannot be chosen at run time.
    let scattered = text.replace(
        "{ Albedo[2], Samplers[2], 0.75 }",
        "{ Albedo[3], Samplers[2], 0.75 }",
    );
    refuse(&scattered, "ps_6_0", &[], 1, "E3020");
    refuse(
        &scattered,
        "ps_6_0",
        &[],
        1,
        "not consecutive elements of one global array",
    );
}

#[test]
fn array_elements_in_methods_returns_and_casts() {
    // A method of a struct whose texture is an element of `Albedo` takes the element's index
    // (one copy for both objects); `detail()` returns a constant element; `(Texture2D)t` is
    // `t`. Every sample reads an element of `Albedo` through an access chain.
    let text = r#"
Texture2D Albedo[4] : register(t0);
SamplerState Linear : register(s0);
struct Layer {
    Texture2D tex;
    float weight;
    float4 shade(float2 uv) { return tex.Sample(Linear, uv) * weight; }
};
Texture2D detail() { return Albedo[3]; }
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    Layer base = { Albedo[0], 0.5 };
    Layer top = { (Texture2D)Albedo[2], 0.25 };
    return base.shade(uv) + top.shade(uv * 2) + detail().Sample(Linear, uv);
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    // `Layer.shade` is one function taking the data pointer, the index and `uv`.
    assert_eq!(
        m.asm
            .matches("OpFunctionCall %v4float %Layer_shade")
            .count(),
        2,
        "{}",
        m.asm
    );
    m.assert_has(&["OpFunctionParameter %int"]);
    assert_eq!(
        m.asm.matches("OpImageSampleImplicitLod").count(),
        2,
        "{}",
        m.asm
    );
    assert_eq!(loads_of(&m, "Linear"), 2, "{}", m.asm);
}

#[test]
fn out_parameter_hands_back_an_array_element() {
    let text = r#"
Texture2D Albedo[4] : register(t0);
SamplerState Linear : register(s0);
void choose(out Texture2D t) { t = Albedo[1]; }
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    Texture2D t;
    choose(t);
    return t.Sample(Linear, uv);
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    let albedo = m.id("Albedo");
    assert!(
        m.asm
            .lines()
            .any(|l| l.contains("OpAccessChain") && l.contains(&format!("{albedo} %int_1"))),
        "{}",
        m.asm
    );
    assert_eq!(
        m.asm.matches("OpImageSampleImplicitLod").count(),
        1,
        "{}",
        m.asm
    );
}

#[test]
fn static_texture_indexed_by_a_named_constant() {
    let text = r#"
Texture2D Albedo[4] : register(t0);
SamplerState Linear : register(s0);
static const uint DETAIL = 2;
static Texture2D gDetail = Albedo[DETAIL + 1];
float4 main(float2 uv : TEXCOORD0) : SV_Target { return gDetail.Sample(Linear, uv); }
"#;
    let m = compile(text, "ps_6_0", &[]);
    let albedo = m.id("Albedo");
    assert!(
        m.asm
            .lines()
            .any(|l| l.contains("OpAccessChain") && l.contains(&format!("{albedo} %int_3"))),
        "{}",
        m.asm
    );
}

#[test]
fn function_returning_a_texture_at_a_run_time_index() {
    // The bindless accessor: `material` returns the index of the element, and `main`
    // samples `Albedo[id]` through its own access chain.
    let text = r#"
Texture2D Albedo[8] : register(t0);
SamplerState Linear : register(s0);
cbuffer Params : register(b0) { uint id; };
Texture2D material(uint i) { return Albedo[NonUniformResourceIndex(i)]; }
float4 main(float2 uv : TEXCOORD0) : SV_Target { return material(id).Sample(Linear, uv); }
"#;
    let m = compile(text, "ps_6_0", &[]);
    m.assert_has(&["OpTypeFunction %int %uint", "OpFunctionCall %int %material"]);
    assert_eq!(
        m.asm.matches("OpImageSampleImplicitLod").count(),
        1,
        "{}",
        m.asm
    );
}

#[test]
fn flattened_initializer_list_of_a_material() {
    let text = r#"
Texture2D Albedo : register(t0);
SamplerState Linear : register(s0);
struct Material { Texture2D tex; float2 scale; SamplerState samp; };
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    Material m = { Albedo, 1, 2, Linear };
    return m.tex.Sample(m.samp, uv * m.scale);
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    assert_eq!(loads_of(&m, "Albedo"), 1, "{}", m.asm);
    assert_eq!(loads_of(&m, "Linear"), 1, "{}", m.asm);
}

/// A cbuffer member of a struct type holding a texture would put the texture in buffer memory
/// (DXC's SPIR-V fails validation): E3021 at the member, not an invalid module. A texture
/// declared in the cbuffer itself is a global of its own.
#[test]
fn cbuffer_member_holding_a_resource_is_refused() {
    let text = "struct M { float4 c; Texture2D t; };
cbuffer C { M m; float4 k; Texture2D direct; };
SamplerState s;
float4 main(float2 uv : TEXCOORD0) : SV_Target { return m.c + k + direct.Sample(s, uv); }
";
    refuse(
        text,
        "ps_6_0",
        &[],
        1,
        "error[E3021]: `m`: a cbuffer member whose type holds resources",
    );
    let ok = text.replace("M m; ", "");
    let ok = ok.replace("m.c + ", "");
    let m = compile(&ok, "ps_6_0", &[]);
    m.id("direct");
}
