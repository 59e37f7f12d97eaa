//! Invalid attribute arguments (E2025), and attributes DXC accepts that must stay clean.

use expect_test::expect;

use super::{check_diagnostics, diagnostics_with_entries};

#[test]
fn numthreads_zero_is_ignored_with_w2016() {
    check_diagnostics(
        r#"
[numthreads(0, 1, 1)] void main() {}
"#,
        expect![[r#"
            W2016 2:1 `[numthreads(0, 1, 1)]`: Group size of 0 (0 * 1 * 1) is outside of valid range [1..1024] - attribute will be ignored
        "#]],
    );
}

#[test]
fn numthreads_too_many_threads() {
    check_diagnostics(
        r#"
[numthreads(64, 32, 1)] void a() {}
[numthreads(1, 1, 128)] void b() {}
[numthreads(2048, 1, 1)] void c() {}
"#,
        expect![[r#"
            W2016 2:1 `[numthreads(64, 32, 1)]`: Group size of 2048 (64 * 32 * 1) is outside of valid range [1..1024] - attribute will be ignored
            E2025 3:19 `128`: `[numthreads]` z must be between 1 and 64, not 128
            W2016 4:1 `[numthreads(2048, 1, 1)]`: Group size of 2048 (2048 * 1 * 1) is outside of valid range [1..1024] - attribute will be ignored
        "#]],
    );
}

#[test]
fn numthreads_not_constant_and_wrong_count() {
    check_diagnostics(
        r#"
uint n;
[numthreads(n, 1, 1)] void a() {}
[numthreads(8, 8)] void b() {}
[numthreads(8.5, 1, 1)] void c() {}
"#,
        expect![[r#"
            E2025 3:13 `n`: the arguments of `[numthreads]` must be integer constants
            E2025 4:1 `[numthreads(8, 8)]`: `[numthreads]` takes 3 argument(s), 2 given
            E2025 5:13 `8.5`: the arguments of `[numthreads]` must be integer constants
        "#]],
    );
}

#[test]
fn numthreads_from_constants_ok() {
    check_diagnostics(
        r#"
#define GROUP 16
static const uint TILE = 8;
[numthreads(GROUP * 2, TILE, 1)] void a() {}
[numthreads(1024, 1, 1)] void b() {}
[numthreads(32, 32, 1)] void c() {}
"#,
        expect![[r#""#]],
    );
}

#[test]
fn mesh_thread_limit() {
    check_diagnostics(
        r#"
[shader("mesh")] [outputtopology("triangle")] [numthreads(256, 1, 1)] void ms() {}
"#,
        expect![[r#"
            E2025 2:47 `[numthreads(256, 1, 1)]`: `[numthreads]` asks for 256 threads; a mesh shader has at most 128
        "#]],
    );
}

#[test]
fn shader_bogus() {
    check_diagnostics(
        r#"
[shader("bogus")] void a() {}
[shader(1)] void b() {}
[shader("Pixel")] float4 c() : SV_Target { return 0; }
"#,
        expect![[r#"
            E2025 2:9 `"bogus"`: `"bogus"` is not a valid argument of `[shader]` (expected one of "vertex", "pixel", "geometry", "hull", "domain", "compute", "mesh", "amplification", "raygeneration", "intersection", "anyhit", "closesthit", "miss", "callable", "node")
            E2025 3:9 `1`: `[shader]` takes a string
        "#]],
    );
}

#[test]
fn tessellation_attributes() {
    check_diagnostics(
        r#"
[domain("x")] [partitioning("odd")] [outputtopology("triangle")] [outputcontrolpoints(33)] [maxtessfactor(65.0)] [patchconstantfunc(PCF)]
void hs() {}
"#,
        expect![[r#"
            E2025 2:9 `"x"`: `"x"` is not a valid argument of `[domain]` (expected one of "tri", "quad", "isoline")
            E2025 2:29 `"odd"`: `"odd"` is not a valid argument of `[partitioning]` (expected one of "integer", "fractional_even", "fractional_odd", "pow2")
            E2025 2:87 `33`: `[outputcontrolpoints]` must be between 0 and 32, not 33
            E2025 2:107 `65.0`: `[maxtessfactor]` must be between 1 and 64
            E2025 2:133 `PCF`: `[patchconstantfunc]` takes a string
        "#]],
    );
}

#[test]
fn hull_and_mesh_topologies_differ() {
    let src = r#"
[shader("hull")] [outputtopology("triangle")] void hs() {}
[shader("mesh")] [numthreads(1, 1, 1)] [outputtopology("triangle_cw")] void ms() {}
"#;
    expect![[r#"
        E2025 2:34 `"triangle"`: `"triangle"` is not a valid argument of `[outputtopology]` (expected one of "point", "line", "triangle_cw", "triangle_ccw")
        E2035 2:52 `hs`: hull entry point must have a valid patchconstantfunc attribute
        W2004 2:52 `hs`: hull entry point has no `[partitioning]` attribute: the SPIR-V declares no tessellation spacing, and a Vulkan pipeline needs one in the hull or the domain shader (DXC's domain shaders declare none)
        E2025 3:56 `"triangle_cw"`: `"triangle_cw"` is not a valid argument of `[outputtopology]` (expected one of "point", "line", "triangle")
    "#]].assert_eq(&diagnostics_with_entries(src, &[]));
}

#[test]
fn hull_without_partitioning_is_a_warning() {
    let src = r#"
struct P { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
P pc() { return (P)0; }
[shader("hull")] [domain("tri")] [outputtopology("triangle_cw")] [patchconstantfunc("pc")] [outputcontrolpoints(3)]
float4 hs(uint i : SV_OutputControlPointID) : POSITION { return 0; }
"#;
    expect![[r#"
        W2004 5:8 `hs`: hull entry point has no `[partitioning]` attribute: the SPIR-V declares no tessellation spacing, and a Vulkan pipeline needs one in the hull or the domain shader (DXC's domain shaders declare none)
    "#]].assert_eq(&diagnostics_with_entries(src, &[]));
}

#[test]
fn maxvertexcount_and_instance() {
    // A negative literal on a function that is no entry point is DXC's warning (W2104).
    check_diagnostics(
        r#"
[maxvertexcount(-1)] void a() {}
[maxvertexcount()] void b() {}
[instance(0)] [maxvertexcount(3)] void c() {}
[instance(42)] [maxvertexcount(3)] void d() {}
[instance(32)] [maxvertexcount(3)] void e() {}
"#,
        expect![[r#"
            W2104 2:1 `[maxvertexcount(-1)]`: attribute 'maxvertexcount' must have a uint literal argument
            E2025 3:1 `[maxvertexcount()]`: `[maxvertexcount]` takes 1 argument(s), 0 given
            E2025 4:11 `0`: `[instance]` must be between 1 and 32, not 0
            W2003 5:11 `42`: `[instance(42)]`: D3D allows at most 32 geometry shader instances, so DXIL rejects this; SPIR-V takes it (`Invocations 42`), and Vulkan needs a device whose maxGeometryShaderInvocations is at least 42
        "#]],
    );
}

#[test]
fn wave_size() {
    check_diagnostics(
        r#"
[WaveSize(3)] [numthreads(64, 1, 1)] void a() {}
[WaveSize(256)] [numthreads(64, 1, 1)] void b() {}
[WaveSize(64, 32)] [numthreads(64, 1, 1)] void c() {}
[WaveSize(16, 64, 128)] [numthreads(64, 1, 1)] void d() {}
[WaveSize(16, 64, 32)] [WaveSize(32)] [numthreads(64, 1, 1)] void e() {}
[WaveSize(1, 2, 3, 4)] [numthreads(64, 1, 1)] void f() {}
"#,
        expect![[r#"
            E2025 2:11 `3`: `[WaveSize]` takes powers of two from 4 to 128, not 3
            E2025 3:11 `256`: `[WaveSize]` takes powers of two from 4 to 128, not 256
            E2025 4:1 `[WaveSize(64, 32)]`: `[WaveSize]`: the minimum must be less than the maximum
            E2025 5:19 `128`: `[WaveSize]`: the preferred size must be between the minimum and the maximum
            W2116 6:1 `[WaveSize(16, 64, 32)]`: Wave size is not supported by Vulkan SPIR-V. Consider using VK_EXT_subgroup_size_control.
            E2025 7:1 `[WaveSize(1, 2, 3, 4)]`: `[WaveSize]` takes 1 to 3 argument(s), 4 given
        "#]],
    );
}

/// A compute entry's valid `[WaveSize]` gets DXC's `-spirv` warning, at the attribute; a
/// refused one (above) only its error, and other functions nothing.
#[test]
fn valid_wave_size_is_reported_as_ignored_by_spirv() {
    check_diagnostics(
        r#"
[WaveSize(32)] [numthreads(64, 1, 1)] void a() {}
[WaveSize(16, 64, 32)] [numthreads(64, 1, 1)] void b() {}
[WaveSize(32)] void helper() {}
"#,
        expect![[r#"
            W2116 2:1 `[WaveSize(32)]`: Wave size is not supported by Vulkan SPIR-V. Consider using VK_EXT_subgroup_size_control.
            W2116 3:1 `[WaveSize(16, 64, 32)]`: Wave size is not supported by Vulkan SPIR-V. Consider using VK_EXT_subgroup_size_control.
        "#]],
    );
}

#[test]
fn earlydepthstencil_takes_no_arguments() {
    check_diagnostics(
        r#"
[earlydepthstencil(1)] float4 a() : SV_Target { return 0; }
[earlydepthstencil] float4 b() : SV_Target { return 0; }
"#,
        expect![[r#"
            E2025 2:1 `[earlydepthstencil(1)]`: `[earlydepthstencil]` takes 0 argument(s), 1 given
        "#]],
    );
}

#[test]
fn known_function_attributes_are_left_alone_but_clipplanes_is_ignored() {
    check_diagnostics(
        r#"
[[vk::binding(0)]] Texture2D t;
float4 p;
[RootSignature("CBV(b0)")] [clipplanes(p)] [numthreads(1, 1, 1)] void a() {}
"#,
        expect![[r#"
            W2105 4:28 `[clipplanes(p)]`: `[clipplanes]` is ignored: DXC's SPIR-V backend writes no clip distances for it (write `SV_ClipDistance` outputs instead)
        "#]],
    );
}
