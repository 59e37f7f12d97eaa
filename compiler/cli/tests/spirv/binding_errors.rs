//! Declarations DXC refuses before emitting anything, which hlslc refuses the same way (exit
//! status 1, the code and DXC's message): `[[vk::binding]]` on a `$Globals` member (E3005),
//! overlapping `packoffset`s (E3006); and reused bindings, which today's DXC accepts and
//! older versions refused: warning W3001.

use crate::harness::{compile, refuse, run};

/// Compiles `src` (valid SPIR-V expected) and returns what `hlslc` printed on stderr.
fn warnings_of(src: &str, profile: &str, flags: &[&str]) -> String {
    compile(src, profile, flags);
    let (out, _) = run(src, profile, flags);
    assert!(out.status.success());
    String::from_utf8_lossy(&out.stderr).into_owned()
}

const REUSED: &str = "warning[W3001]: resource binding #";

#[test]
fn explicit_bindings_may_not_collide() {
    let src = r#"
[[vk::binding(4, 1)]] Texture2D<float4> a;
[[vk::binding(4, 1)]] RWTexture2D<float4> b;
float4 main() : SV_Target { return a.Load(int3(0, 0, 0)) + b[uint2(0, 0)]; }
"#;
    let stderr = warnings_of(src, "ps_6_0", &[]);
    assert!(
        stderr
            .contains("warning[W3001]: resource binding #4 in descriptor set #1 already assigned"),
        "{stderr}"
    );
    // -WX makes it an error, as every warning.
    refuse(
        src,
        "ps_6_0",
        &["-WX"],
        1,
        "resource binding #4 in descriptor set #1",
    );
    // Registers of different classes map to the same binding without shifts.
    let src = r#"
cbuffer Params : register(b0) { float scale; };
RWStructuredBuffer<float> data : register(u0);
[numthreads(1, 1, 1)] void main() { data[0] = scale; }
"#;
    let stderr = warnings_of(src, "cs_6_0", &[]);
    assert!(
        stderr.contains("resource binding #0 in descriptor set #0"),
        "{stderr}"
    );
    // A shift that separates them leaves nothing to warn about.
    let flags = ["-fvk-u-shift", "8", "0"];
    assert_eq!(compile(src, "cs_6_0", &flags).binding("data"), (0, 8));
    assert!(!warnings_of(src, "cs_6_0", &flags).contains(REUSED));
}

#[test]
fn a_sampler_and_a_texture_may_share_a_binding_once() {
    let shared = r#"
[[vk::binding(2)]] SamplerState smp;
[[vk::binding(2)]] Texture2D<float4> tex;
float4 main(float2 uv : UV) : SV_Target { return tex.Sample(smp, uv); }
"#;
    let m = compile(shared, "ps_6_0", &[]);
    assert_eq!(m.binding("smp"), (0, 2));
    assert_eq!(m.binding("tex"), (0, 2));
    assert!(!warnings_of(shared, "ps_6_0", &[]).contains(REUSED));
    // A third resource on the pair is reported, even another texture.
    let third = format!("[[vk::binding(2)]] Texture2D<float4> tex2;\n{shared}");
    let stderr = warnings_of(&third, "ps_6_0", &[]);
    assert!(
        stderr.contains("resource binding #2 in descriptor set #0"),
        "{stderr}"
    );
    // Two samplers never share.
    let src = r#"
SamplerState s1 : register(s3);
SamplerState s2 : register(s3);
Texture2D<float4> tex;
float4 main(float2 uv : UV) : SV_Target { return tex.Sample(s1, uv) + tex.Sample(s2, uv); }
"#;
    let stderr = warnings_of(src, "ps_6_0", &[]);
    assert!(
        stderr.contains("resource binding #3 in descriptor set #0"),
        "{stderr}"
    );
}

#[test]
fn globals_members_take_no_binding() {
    let src = r#"
[[vk::binding(3, 1)]] float4 tint;
float4 main() : SV_Target { return tint; }
"#;
    refuse(
        src,
        "ps_6_0",
        &[],
        1,
        "error[E3005]: variable 'tint' will be placed in $Globals so cannot have vk::binding \
         attribute",
    );
}

#[test]
fn overlapping_packoffsets_are_refused_at_the_member() {
    // `b` (c0.y, bytes 4..8) lands inside `a` (bytes 0..16).
    let src = r#"
cbuffer Params {
    float4 a : packoffset(c0);
    float b : packoffset(c0.y);
};
float4 main() : SV_Target { return a * b; }
"#;
    refuse(
        src,
        "ps_6_0",
        &[],
        1,
        "error[E3006]: packoffset caused overlap with previous members",
    );
    // Adjacent members do not overlap.
    let src = r#"
cbuffer Params {
    float3 a : packoffset(c0);
    float b : packoffset(c0.w);
};
float4 main() : SV_Target { return float4(a, b); }
"#;
    assert_eq!(
        compile(src, "ps_6_0", &[]).offsets("type.Params"),
        vec![0, 12]
    );
}
