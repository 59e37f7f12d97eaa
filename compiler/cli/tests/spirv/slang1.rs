//! Shapes from the D3D11-era shaders of Slang's `tests/hlsl` (the DirectX SDK samples, `.fx`
//! effect files) and Microsoft's Xbox ATG samples that the slang1 survey found `hlslc`
//! treating differently from DXC's `-spirv` build. Each compiled module is validated by
//! `spirv-val`.

use crate::harness::{compile, run};

/// What `hlslc` printed on stderr for `src`, which must compile to valid SPIR-V.
fn stderr_of(src: &str, profile: &str, flags: &[&str]) -> String {
    compile(src, profile, flags);
    let (out, _) = run(src, profile, flags);
    assert!(out.status.success());
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// An effect file keeps its shaders next to `technique11` blocks whose passes name them
/// (`SetVertexShader(CompileShader(vs_4_0, VS()))`). DXC skips each block with "effect
/// technique ignored - effect syntax is deprecated" and compiles the entry as usual; the
/// spellings it takes are `technique`, `Technique`, `technique10` and `technique11`.
#[test]
fn technique_blocks_are_skipped_with_a_warning() {
    let src = r#"
SamplerState linearWrap { Filter = MIN_MAG_MIP_LINEAR; AddressU = Wrap; };
Texture2D albedo;
float4 main(float2 uv : TEXCOORD0) : SV_Target { return albedo.Sample(linearWrap, uv); }
technique11 Forward
{
    pass P0
    {
        SetVertexShader(NULL);
        SetPixelShader(CompileShader(ps_4_0, main()));
        SetBlendState(NoBlending, float4(0.0f, 0.0f, 0.0f, 0.0f), 0xFFFFFFFF);
    }
}
technique10 { pass {} }
Technique Legacy < string ui = "x"; > { pass {} };
"#;
    let stderr = stderr_of(src, "ps_4_0", &[]);
    assert_eq!(
        stderr
            .matches("warning[W2120]: effect technique ignored - effect syntax is deprecated")
            .count(),
        3,
        "{stderr}"
    );
    assert!(stderr.contains("5 │ technique11 Forward"), "{stderr}");
}
