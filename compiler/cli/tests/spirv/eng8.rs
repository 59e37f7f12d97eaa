//! Shapes from Embark's kajiya and Diligent Engine's HLSL that the eng8 survey found `hlslc`
//! treating differently from DXC's `-spirv` build. Each module is validated by `spirv-val`.

use crate::harness::{compile, refuse};

/// kajiya's shader compiler passes `-enable-templates` (with `-WX -Ges`) to every compile, and
/// its headers hold function templates (an image sampler generic over a remap functor).
/// DXC's HLSL 2021 features have a switch each for older versions; all are accepted.
#[test]
fn hlsl_2021_feature_switches_are_accepted() {
    let src = r#"
struct Halve { float4 remap(float4 v) { return v * 0.5; } };
template<typename Remap>
float4 fetch_remapped(Texture2D<float4> tex, int2 px, Remap remap) {
    return remap.remap(tex[px]);
}
Texture2D<float4> input_tex;
RWTexture2D<float4> output_tex;
[numthreads(8, 8, 1)]
void main(uint2 px : SV_DispatchThreadID) {
    Halve h;
    output_tex[px] = fetch_remapped(input_tex, px, h);
}
"#;
    let kajiya = [
        "-enable-templates",
        "-fspv-target-env=vulkan1.2",
        "-WX",
        "-Ges",
    ];
    let m = compile(src, "cs_6_4", &kajiya);
    m.assert_has(&["OpImageFetch", "OpImageWrite"]);
    for flag in [
        "-enable-operator-overloading",
        "-enable-bitfields",
        "-strict-udt-casting",
        "-enable-short-circuit",
    ] {
        compile(src, "cs_6_4", &["-HV", "2018", flag]);
    }
}

/// Under `-HV 2018`, `&&` works per component and evaluates both sides; DXC's
/// `-enable-short-circuit` gives it HLSL 2021's meaning there: scalars only, and the right
/// side evaluated only when the left does not decide.
#[test]
fn enable_short_circuit_gives_hlsl_2018_the_2021_operators() {
    let vector = r#"
RWStructuredBuffer<uint> o;
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    o[0] = all(id.xy > 0 && id.xy < 8) ? 1 : 0;
}
"#;
    compile(vector, "cs_6_0", &["-HV", "2018"]);
    refuse(
        vector,
        "cs_6_0",
        &["-HV", "2018", "-enable-short-circuit"],
        1,
        "error[E2017]",
    );
    let effect = r#"
RWStructuredBuffer<uint> o;
bool bump() { o[1] += 1; return true; }
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    if (id.x > 0 && bump()) { o[0] = 1; }
}
"#;
    let branches = |flags: &[&str]| {
        compile(effect, "cs_6_0", flags)
            .asm
            .matches("OpBranchConditional")
            .count()
    };
    let per_component = branches(&["-HV", "2018"]);
    let short_circuit = branches(&["-HV", "2018", "-enable-short-circuit"]);
    assert_eq!(short_circuit, branches(&["-HV", "2021"]));
    assert_eq!(short_circuit, per_component + 1);
}

/// kajiya's G-buffer header declares `struct GbufferData;` before the packed struct whose
/// `unpack()` returns it, then defines it with a static `create_zero()` that its hit shaders
/// call as `GbufferData::create_zero()`. The qualifier names the definition, not the
/// forward declaration (which has no members).
#[test]
fn a_static_method_of_a_forward_declared_struct_is_found_through_its_definition() {
    let src = r#"
struct Sample;
struct PackedSample {
    uint bits;
    Sample unpack();
};
struct Sample {
    float value;
    static const uint Count = 3;
    static Sample zero() { Sample s; s.value = 0; return s; }
    PackedSample pack();
};
PackedSample Sample::pack() { PackedSample p; p.bits = asuint(value); return p; }
Sample PackedSample::unpack() { Sample s; s.value = asfloat(bits); return s; }
RWStructuredBuffer<float> o;
[numthreads(1, 1, 1)]
void main() {
    Sample s = Sample::zero();
    s.value += o[1] * Sample::Count;
    o[0] = s.pack().unpack().value;
}
"#;
    let m = compile(src, "cs_6_0", &[]);
    m.assert_has(&["OpBitcast"]);
}

/// Diligent's epipolar light scattering sizes its group-shared flag array and its thread group
/// with `max(INITIAL_SAMPLE_STEP, 32)`. DXC's constant evaluator folds the `min` and `max`
/// intrinsics of constants (DirectXShaderCompiler issue 3355), in array sizes and
/// `[numthreads]` alike; a user function of the name is no constant.
#[test]
fn min_and_max_of_constants_size_arrays_and_thread_groups() {
    let src = r#"
#define STEP 128
#define GROUP max(STEP, 32)
groupshared uint flags[GROUP / 32];
groupshared float4 tile[min(GROUP, 64) + 1];
RWStructuredBuffer<uint> o;
[numthreads(GROUP, 1, 1)]
void main(uint i : SV_GroupIndex) {
    uint local[GROUP / 32];
    for (int k = 0; k < GROUP / 32; ++k) local[k] = flags[k];
    tile[i % 65] = float4(local[0], 0, 0, 1);
    GroupMemoryBarrierWithGroupSync();
    o[i] = local[i % (GROUP / 32)] + uint(tile[0].x);
}
"#;
    let m = compile(src, "cs_6_0", &[]);
    m.assert_has(&[
        "OpExecutionMode %main LocalSize 128 1 1",
        "OpTypeArray %uint %uint_4",
        "OpTypeArray %v4float %uint_65",
    ]);
    let user = r#"
int max(int a, int b) { return a; }
groupshared uint flags[max(4, 8)];
[numthreads(1, 1, 1)]
void main() { flags[0] = 1; }
"#;
    refuse(user, "cs_6_0", &[], 1, "error[E2022]");
}
