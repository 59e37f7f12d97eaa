//! Shapes from AMD's FidelityFX SDK (SSSR, blur, denoiser, classifier, LPM, optical flow,
//! frame interpolation) and NVIDIA's donut shaders that the eng7 survey found `hlslc`
//! treating differently from DXC's `-spirv` build. Each module is validated by `spirv-val`.

use crate::harness::{compile, refuse, run, stderr_of};

const WAVE_SIZE_WARNING: &str = "warning[W2116]: Wave size is not supported by Vulkan SPIR-V. \
                                 Consider using VK_EXT_subgroup_size_control.";

/// A compute entry's `[WaveSize]` (the SDK's `FFX_PREFER_WAVE64` on its SM 6.6 builds) says
/// nothing in SPIR-V: Vulkan takes a required subgroup size from the pipeline. DXC warns so,
/// and so do we, once, for the fixed and the SM 6.8 range forms; the module is unchanged.
#[test]
fn wave_size_on_a_compute_entry_is_reported_as_ignored() {
    let fixed = r#"
RWStructuredBuffer<uint> lanes : register(u0);
[WaveSize(64)]
[numthreads(64, 1, 1)]
void main(uint i : SV_GroupIndex) { lanes[i] = WaveGetLaneCount(); }
"#;
    let flags = ["-fspv-target-env=vulkan1.1"];
    let stderr = stderr_of(fixed, "cs_6_6", &flags);
    assert_eq!(stderr.matches(WAVE_SIZE_WARNING).count(), 1, "{stderr}");
    let m = compile(fixed, "cs_6_6", &flags);
    let modes: Vec<&str> = m
        .asm
        .lines()
        .filter(|l| l.contains("OpExecutionMode"))
        .collect();
    assert_eq!(
        modes,
        ["OpExecutionMode %main LocalSize 64 1 1"],
        "{}",
        m.asm
    );
    let range = fixed.replace("[WaveSize(64)]", "[WaveSize(32, 64, 64)]");
    let stderr = stderr_of(&range, "cs_6_8", &flags);
    assert_eq!(stderr.matches(WAVE_SIZE_WARNING).count(), 1, "{stderr}");
    // Below SM 6.6 the attribute is DXC's error, and that is all that is said.
    let (out, _) = run(fixed, "cs_6_5", &flags);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("attribute wavesize requires shader model 6.6"),
        "{stderr}"
    );
    assert!(!stderr.contains("W2116"), "{stderr}");
    // As every warning, an error under -WX.
    refuse(
        fixed,
        "cs_6_6",
        &["-fspv-target-env=vulkan1.1", "-WX"],
        1,
        "Wave size is not supported",
    );
}

/// A `[WaveSize]` on a function that is no entry point is left alone.
#[test]
fn wave_size_on_a_helper_function_is_not_reported() {
    let src = r#"
RWStructuredBuffer<uint> lanes : register(u0);
[WaveSize(64)] uint helper(uint i) { return i * 2; }
[numthreads(64, 1, 1)]
void main(uint i : SV_GroupIndex) { lanes[i] = helper(i); }
"#;
    let stderr = stderr_of(src, "cs_6_6", &[]);
    assert!(!stderr.contains("W2116"), "{stderr}");
}

/// Indexing an array of descriptors with `NonUniformResourceIndex` (FidelityFX's classifier
/// reads `r_input_shadowMap[NonUniformResourceIndex(cascadeIndex)]`) declares, besides
/// `ShaderNonUniform`, the capability for that kind of descriptor, as DXC does: the module's
/// promise of the descriptor-indexing feature the device must enable.
#[test]
fn nonuniform_descriptor_indexing_declares_the_descriptor_kind() {
    let src = r#"
Texture2D<float> cascades[4] : register(t0);
SamplerState filters[2] : register(s0);
RWTexture2D<float4> targets[3] : register(u0);
Buffer<float4> lookup[2] : register(t8);
RWBuffer<uint> tallies[2] : register(u8);
StructuredBuffer<float> weights[2] : register(t12);
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    uint c = id.x & 3;
    float depth = cascades[NonUniformResourceIndex(c)][id.xy];
    float fil = cascades[0].SampleLevel(filters[NonUniformResourceIndex(c & 1)], float2(0.5, 0.5), 0);
    float4 row = lookup[NonUniformResourceIndex(c & 1)][id.x];
    float w = weights[NonUniformResourceIndex(c & 1)][id.x];
    tallies[NonUniformResourceIndex(c & 1)][id.x] = 1;
    targets[NonUniformResourceIndex(c % 3)][id.xy] = row + depth + fil + w;
}
"#;
    let m = compile(src, "cs_6_0", &["-fspv-target-env=vulkan1.2"]);
    m.assert_has(&[
        "OpCapability ShaderNonUniform",
        "OpCapability SampledImageArrayNonUniformIndexing",
        "OpCapability StorageImageArrayNonUniformIndexing",
        "OpCapability UniformTexelBufferArrayNonUniformIndexing",
        "OpCapability StorageTexelBufferArrayNonUniformIndexing",
    ]);
    // A structured buffer needs none (DXC names no capability for it), and neither does a
    // uniform index.
    assert!(!m.has("StorageBufferArrayNonUniformIndexing"), "{}", m.asm);
    let uniform = r#"
Texture2D<float> cascades[4] : register(t0);
RWStructuredBuffer<float> result : register(u0);
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) { result[id.x] = cascades[id.x & 3][id.xy]; }
"#;
    let m = compile(uniform, "cs_6_0", &[]);
    assert!(!m.has("NonUniform"), "{}", m.asm);
}
