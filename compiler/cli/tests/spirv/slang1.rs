//! Shapes from the D3D11-era shaders of Slang's `tests/hlsl` (the DirectX SDK samples, `.fx`
//! effect files) and Microsoft's Xbox ATG samples that the slang1 survey found `hlslc`
//! treating differently from DXC's `-spirv` build. Each compiled module is validated by
//! `spirv-val`.

use crate::harness::{compile, run, stderr_of};

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
    assert_eq!(stderr.matches("warning[W2120]").count(), 4, "{stderr}");
    assert!(
        stderr.contains("warning[W2120]: effect state block ignored - effect syntax is deprecated"),
        "{stderr}"
    );
}

/// Direct3D 9 effect files describe a sampler in its initializer (`sampler s =
/// sampler_state { Texture = t; };`). DXC declares the sampler and ignores the description,
/// with "effect sampler_state assignment ignored - effect syntax is deprecated"; annotations
/// (`< int ui = 1; >`) and a state block after a declarator are ignored with their own
/// warnings.
#[test]
fn sampler_state_initializer_is_ignored_with_a_warning() {
    let src = r#"
Texture2D albedo;
sampler pointClamp : register(s1) = sampler_state { Texture = albedo; Filter = MIN_MAG_MIP_POINT; };
SamplerState linearWrap < int ui = 1; > { Filter = MIN_MAG_MIP_LINEAR; };
float4 main(float2 uv : TEXCOORD0) : SV_Target
{
    return albedo.Sample(pointClamp, uv) + albedo.Sample(linearWrap, uv);
}
"#;
    let stderr = stderr_of(src, "ps_5_0", &[]);
    for message in [
        "effect sampler_state assignment ignored - effect syntax is deprecated",
        "possible effect annotation ignored - effect syntax is deprecated",
        "effect state block ignored - effect syntax is deprecated",
    ] {
        assert_eq!(
            stderr
                .matches(&format!("warning[W2120]: {message}"))
                .count(),
            1,
            "{stderr}"
        );
    }
    let m = compile(src, "ps_5_0", &[]);
    assert!(
        m.asm.contains("OpDecorate %pointClamp Binding 1"),
        "{}",
        m.asm
    );
}

/// D3D11's dynamic shader linkage declared globals of an interface type for the runtime to
/// bind a class to (`iBaseLight g_light;`). DXC has no such linkage: an interface's methods
/// are pure virtual, so the declaration is of an abstract class, refused where it is written,
/// with a note at each method left unimplemented. A class missing one of its interface's
/// methods is abstract too; one implementing them all is an ordinary struct.
#[test]
fn interface_typed_declarations_are_abstract_class_errors() {
    let src = r#"
interface ILight { float3 Shade(float3 n); float Power(); };
class Lamp : ILight { float3 c; float3 Shade(float3 n) { return c * n.y; } float Power() { return 1; } };
class HalfLamp : ILight { float3 Shade(float3 n) { return n; } };
ILight g_light;
cbuffer Lights { Lamp g_lamp; HalfLamp g_half; };
float3 Light(ILight l, float3 n) { return n; }
float4 main(float3 n : NORMAL) : SV_Target { return float4(g_lamp.Shade(n), 1); }
"#;
    let (out, _) = run(src, "ps_6_0", &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("error[E2278]: variable type 'ILight' is an abstract class"),
        "{stderr}"
    );
    assert!(stderr.contains("5 │ ILight g_light;"), "{stderr}");
    assert!(
        stderr.contains("unimplemented pure virtual method 'Shade' in 'ILight'"),
        "{stderr}"
    );
    assert!(
        stderr.contains("error[E2278]: variable type 'HalfLamp' is an abstract class"),
        "{stderr}"
    );
    assert!(
        stderr.contains("unimplemented pure virtual method 'Power' in 'ILight'"),
        "{stderr}"
    );
    assert!(
        stderr.contains("error[E2278]: parameter type 'ILight' is an abstract class"),
        "{stderr}"
    );
    assert_eq!(stderr.matches("error[E2278]").count(), 3, "{stderr}");
    assert!(!stderr.contains("'Lamp' is an abstract"), "{stderr}");
}
