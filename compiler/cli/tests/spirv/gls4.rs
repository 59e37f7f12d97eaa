//! Shapes from glslang's and vkd3d's HLSL test suites that the gls4 survey found refused
//! although DXC compiles them (each validated by `spirv-val`), and the neighbours DXC
//! refuses, which must stay refused.

use crate::harness::{compile, refuse};

/// A `static` resource declared without an initializer and never assigned names no
/// resource; uses of it that never run (an arm a constant condition skips, a local nobody
/// reads) go away as DXC's optimizer removes them, and the shader compiles.
#[test]
fn unassigned_static_resource_in_code_that_never_runs() {
    let m = compile(
        r#"
static Texture2D spare;
static RWTexture2D<float> scratch;
SamplerState s : register(s0);
float4 main() : SV_Target {
    float4 unread = spare.Sample(s, float2(0, 1));
    if (0) {
        scratch[int2(0, 0)] = 2;
        return spare.Sample(s, float2(0.5, 0.5));
    }
    return float4(0, 1, 2, 3);
}
"#,
        "ps_6_0",
        &[],
    );
    assert!(!m.has("OpImageSampleImplicitLod"), "{}", m.asm);
    assert!(!m.has("OpImageWrite"), "{}", m.asm);
}

/// The same static texture read where the code runs is an undefined image (res15: DXC's
/// legalization turns the loads of the never-stored private variable into an `OpUndef`,
/// which validates; W2119 warns); a writable one is still refused (E3020).
#[test]
fn unassigned_static_resource_read_where_it_runs() {
    let m = compile(
        r#"
static Texture2D spare;
SamplerState s : register(s0);
float4 main() : SV_Target { return spare.Sample(s, float2(0, 1)); }
"#,
        "ps_6_0",
        &[],
    );
    assert!(m.has("%spare = OpUndef"), "{}", m.asm);
    // A writable texture is undefined too (res17); an atomic on it needs a real image.
    let m = compile(
        r#"
static RWTexture2D<float> scratch;
float4 main() : SV_Target { return scratch[int2(0, 0)]; }
"#,
        "ps_6_0",
        &[],
    );
    assert!(m.has("OpImageRead"), "{}", m.asm);
    refuse(
        r#"
static RWTexture2D<uint> scratch;
float4 main() : SV_Target { uint o; InterlockedAdd(scratch[int2(0, 0)], 1, o); return o; }
"#,
        "ps_6_0",
        &[],
        1,
        "E3020",
    );
}

/// A prototype never defined: calling it is an error of its own (was "not supported yet"),
/// naming it only in code no entry point reaches is fine.
#[test]
fn prototype_without_definition() {
    refuse(
        r#"
float4 tint();
float4 main() : SV_Target { return tint(); }
"#,
        "ps_6_0",
        &[],
        1,
        "E3282",
    );
    compile(
        r#"
float4 tint();
float4 unused() { return tint(); }
float4 main() : SV_Target { return 1; }
"#,
        "ps_6_0",
        &[],
    );
}

/// A local array of textures sized by its initializer list takes one element per texture
/// (was "not supported yet: a resource local initialized with this").
#[test]
fn texture_array_local_sized_by_its_list() {
    let m = compile(
        r#"
Texture2D t : register(t0);
Texture2D u : register(t1);
float4 main() : SV_Target {
    Texture2D both[] = {t, u};
    return both[1].Load(int3(0, 0, 0));
}
"#,
        "ps_6_0",
        &[],
    );
    m.assert_has(&["OpImageFetch"]);
}
