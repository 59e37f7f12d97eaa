//! Shapes from Wicked Engine's shaders (its Vulkan build: `-spirv -fspv-target-env=vulkan1.2
//! -fvk-use-dx-layout -fvk-use-dx-position-w` and the `t`/`u`/`s` shifts of
//! `wiShaderCompiler.cpp`) that the eng4 survey found lowering wrongly or not at all. Each
//! module is validated by `spirv-val`.

use crate::harness::compile;

/// Wicked Engine's compile flags for a SPIR-V target.
const WICKED_FLAGS: &[&str] = &[
    "-fspv-target-env=vulkan1.2",
    "-fvk-use-dx-layout",
    "-fvk-use-dx-position-w",
    "-fvk-t-shift",
    "1000",
    "0",
    "-fvk-u-shift",
    "2000",
    "0",
    "-fvk-s-shift",
    "3000",
    "0",
];

/// A resource parameter with a default (`in SamplerState sam = sampler_linear_wrap`, as in
/// its parallax occlusion mapping helper): a call leaving it out samples through the global
/// the default names, a call passing one samples through that.
#[test]
fn left_out_resource_parameter_takes_its_default_global() {
    let text = r#"
SamplerState wrap_sampler : register(s1);
SamplerState clamp_sampler : register(s2);
Texture2D height_map : register(t0);
float height_at(Texture2D tex, float2 uv, in SamplerState sam = wrap_sampler)
{
    return tex.SampleLevel(sam, uv, 0).r;
}
float4 main(float2 uv : TEXCOORD0) : SV_Target
{
    float by_default = height_at(height_map, uv);
    float given = height_at(height_map, uv, clamp_sampler);
    return float4(by_default, given, 0, 1);
}
"#;
    let m = compile(text, "ps_6_0", WICKED_FLAGS);
    assert_eq!(m.binding("wrap_sampler"), (0, 3001), "{}", m.asm);
    assert_eq!(m.binding("clamp_sampler"), (0, 3002), "{}", m.asm);
    let wrap = m.id("wrap_sampler");
    let clamp = m.id("clamp_sampler");
    for sampler in [&wrap, &clamp] {
        let load = format!("OpLoad %type_sampler {sampler}");
        assert!(m.has(&load), "no `{load}` in\n{}", m.asm);
    }
    let samples = m.asm.matches("OpImageSampleExplicitLod").count();
    assert_eq!(samples, 2, "one sample per call:\n{}", m.asm);
}
