//! Intrinsic names DXC does not know that other HLSL compilers took: the wave intrinsics'
//! pre-release names (before Shader Model 6.0 was published) that glslang still accepts,
//! glslang's own spelling of one attribute evaluation, and the Direct3D 9 texture functions
//! (`tex2D`), which DXC's front end parses but does not compile. A call to one stays an
//! undeclared name (E2001), as in DXC; the message then says what the name was and what to
//! write instead.

/// Pre-release wave and quad names and the Shader Model 6.0 intrinsic each became.
const PRE_RELEASE: &[(&str, &str)] = &[
    ("WaveOnce", "WaveIsFirstLane"),
    ("WaveAnyTrue", "WaveActiveAnyTrue"),
    ("WaveAllTrue", "WaveActiveAllTrue"),
    ("WaveAllEqual", "WaveActiveAllEqual"),
    ("WaveBallot", "WaveActiveBallot"),
    ("WaveReadFirstLane", "WaveReadLaneFirst"),
    ("WaveAllSum", "WaveActiveSum"),
    ("WaveAllProduct", "WaveActiveProduct"),
    ("WaveAllBitAnd", "WaveActiveBitAnd"),
    ("WaveAllBitOr", "WaveActiveBitOr"),
    ("WaveAllBitXor", "WaveActiveBitXor"),
    ("WaveAllMin", "WaveActiveMin"),
    ("WaveAllMax", "WaveActiveMax"),
    ("QuadSwapX", "QuadReadAcrossX"),
    ("QuadSwapY", "QuadReadAcrossY"),
];

/// Names glslang spells its own way, and DXC's spelling.
const GLSLANG_SPELLING: &[(&str, &str)] =
    &[("EvaluateAttributeAtCentroid", "EvaluateAttributeCentroid")];

/// Pre-release names that were dropped without a replacement.
const DROPPED: &[&str] = &["WaveGetOrderedIndex", "GlobalOrderedCountIncrement"];

/// Direct3D 9 texture functions and the texture method that does the same.
const D3D9_TEXTURE: &[(&str, &str)] = &[
    ("tex1D", "Texture1D.Sample"),
    ("tex1Dbias", "Texture1D.SampleBias"),
    ("tex1Dgrad", "Texture1D.SampleGrad"),
    ("tex1Dlod", "Texture1D.SampleLevel"),
    ("tex1Dproj", "Texture1D.Sample"),
    ("tex2D", "Texture2D.Sample"),
    ("tex2Dbias", "Texture2D.SampleBias"),
    ("tex2Dgrad", "Texture2D.SampleGrad"),
    ("tex2Dlod", "Texture2D.SampleLevel"),
    ("tex2Dproj", "Texture2D.Sample"),
    ("tex3D", "Texture3D.Sample"),
    ("tex3Dbias", "Texture3D.SampleBias"),
    ("tex3Dgrad", "Texture3D.SampleGrad"),
    ("tex3Dlod", "Texture3D.SampleLevel"),
    ("tex3Dproj", "Texture3D.Sample"),
    ("texCUBE", "TextureCube.Sample"),
    ("texCUBEbias", "TextureCube.SampleBias"),
    ("texCUBEgrad", "TextureCube.SampleGrad"),
    ("texCUBElod", "TextureCube.SampleLevel"),
    ("texCUBEproj", "TextureCube.Sample"),
];

/// What to add to "use of undeclared identifier `name`" when `name` is one of these old
/// intrinsics, starting with `: `; `None` for any other name.
pub(crate) fn hint(name: &str) -> Option<String> {
    if let Some((_, now)) = PRE_RELEASE.iter().find(|(old, _)| *old == name) {
        return Some(format!(
            ": `{name}` is a pre-release name of `{now}`, which is what DXC knows"
        ));
    }
    if let Some((_, dxc)) = GLSLANG_SPELLING.iter().find(|(old, _)| *old == name) {
        return Some(format!(": `{name}` is glslang's spelling of `{dxc}`"));
    }
    if DROPPED.contains(&name) {
        return Some(format!(
            ": `{name}` is a pre-release wave intrinsic that Shader Model 6.0 dropped"
        ));
    }
    if let Some((_, method)) = D3D9_TEXTURE.iter().find(|(old, _)| *old == name) {
        return Some(format!(
            ": `{name}` is a Direct3D 9 intrinsic that DXC does not compile; use `{method}` \
             with a `SamplerState`"
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::hint;

    #[test]
    fn old_names_get_a_hint_and_others_none() {
        assert_eq!(
            hint("WaveAllSum").as_deref(),
            Some(
                ": `WaveAllSum` is a pre-release name of `WaveActiveSum`, which is what DXC knows"
            )
        );
        assert!(hint("GlobalOrderedCountIncrement")
            .unwrap()
            .contains("dropped"));
        assert!(hint("tex2Dlod")
            .unwrap()
            .contains("`Texture2D.SampleLevel`"));
        assert_eq!(
            hint("EvaluateAttributeAtCentroid").as_deref(),
            Some(": `EvaluateAttributeAtCentroid` is glslang's spelling of `EvaluateAttributeCentroid`")
        );
        assert_eq!(hint("WaveActiveSum"), None);
        assert_eq!(hint("frobnicate"), None);
    }
}
