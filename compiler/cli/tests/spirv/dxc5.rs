//! Differences from DXC's SPIR-V found in the fifth survey of DXC's `CodeGenSPIRV` tests:
//! each test is one construct with what DXC emits for it, written for this suite.

use crate::harness::compile;

/// Minimum-precision values are `RelaxedPrecision` (struct members through
/// `OpMemberDecorate`), and `half` without `-enable-16bit-types` is a plain 32-bit float that
/// takes no decoration, as in DXC (its `isRelaxedPrecisionType` knows the `min*` types only).
#[test]
fn relaxed_precision_marks_min_precision_members_and_not_half() {
    let text = r#"
struct Pair { float whole; min16float low; min16uint count; half h; };
float4 main(float4 v : V) : SV_Target {
    Pair p;
    p.whole = v.x;
    p.low = (min16float)v.y;
    p.count = (min16uint)v.z;
    p.h = (half)v.w;
    half scaled = p.h * 2;
    return float4(p.whole, p.low, p.count, scaled);
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    m.assert_has(&[
        "OpMemberDecorate %Pair 1 RelaxedPrecision",
        "OpMemberDecorate %Pair 2 RelaxedPrecision",
    ]);
    assert!(
        !m.has("OpMemberDecorate %Pair 0 RelaxedPrecision"),
        "{}",
        m.asm
    );
    assert!(
        !m.has("OpMemberDecorate %Pair 3 RelaxedPrecision"),
        "{}",
        m.asm
    );
    assert!(!m.has("OpDecorate %scaled RelaxedPrecision"), "{}", m.asm);
}

/// Under `vulkan1.3` a storage image or texel buffer without `[[vk::image_format]]` is
/// declared with the `Unknown` format, as DXC declares it there (its `type.rwtexture` test),
/// so one shader binds images of any format; an explicit format stays, an image an atomic
/// operates on keeps its inferred `R32ui` (Vulkan's `OpImageTexelPointer` needs one), and
/// older environments keep inferring formats.
#[test]
fn storage_image_formats_are_unknown_under_vulkan_1_3() {
    let text = r#"
RWTexture2D<float4> color : register(u0);
[[vk::image_format("rgba8")]] RWTexture2D<float4> ldr : register(u1);
RWBuffer<uint> list : register(u2);
RWTexture2D<uint> counts : register(u3);
[numthreads(8, 8, 1)]
void main(uint2 id : SV_DispatchThreadID) {
    color[id] = color[id] * 2 + ldr[id] + list[id.x];
    list[id.y] = 3;
    InterlockedAdd(counts[id], 1);
}
"#;
    let m = compile(text, "cs_6_0", &["-fspv-target-env=vulkan1.3"]);
    m.assert_has(&[
        "OpTypeImage %float 2D 0 0 0 2 Unknown",
        "OpTypeImage %float 2D 0 0 0 2 Rgba8",
        "OpTypeImage %uint Buffer 0 0 0 2 Unknown",
        "OpTypeImage %uint 2D 0 0 0 2 R32ui",
        "OpCapability StorageImageReadWithoutFormat",
        "OpCapability StorageImageWriteWithoutFormat",
    ]);
    let old = compile(text, "cs_6_0", &["-fspv-target-env=vulkan1.2"]);
    old.assert_has(&[
        "OpTypeImage %float 2D 0 0 0 2 Rgba32f",
        "OpTypeImage %uint Buffer 0 0 0 2 R32ui",
    ]);
}

/// A texture or typed buffer of minimum-precision texels is `RelaxedPrecision`, as DXC's
/// `isRelaxedPrecisionType` looks through a resource to its result type; one of `float`
/// texels is not.
#[test]
fn min_precision_textures_are_relaxed_precision() {
    let text = r#"
Texture2D<min16float4> low : register(t0);
Texture2D<float4> full : register(t1);
RWBuffer<min16uint> counts : register(u2);
SamplerState s : register(s0);
float4 main(float2 uv : UV) : SV_Target {
    counts[0] = 3;
    return low.Sample(s, uv) + full.Sample(s, uv);
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    m.assert_has(&[
        "OpDecorate %low RelaxedPrecision",
        "OpDecorate %counts RelaxedPrecision",
    ]);
    assert!(!m.has("OpDecorate %full RelaxedPrecision"), "{}", m.asm);
}
