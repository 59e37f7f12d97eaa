//! Stage rules of issue #4 item 4, second round: derivatives in compute, mesh and
//! amplification shaders need shader model 6.6 (`E2140`, DXC's validator words), checked at
//! each use an entry of those stages reaches; integer vertex outputs take no interpolation
//! mode but `nointerpolation` (`E2031`), as DXC decorates them.

use expect_test::expect;

use super::front4_probe::check_profile;

const COMPUTE: &str = r#"
RWStructuredBuffer<float> o;
Texture2D<float> t;
SamplerState s;
float helper(float x) { return ddy_fine(x); }
float unreached(float x) { return ddx(x); }
[numthreads(2, 2, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float x = id.x;
    o[id.x] = ddx(x) + fwidth(x) + helper(x)
        + t.Sample(s, x.xx) + t.CalculateLevelOfDetail(s, x.xx) + t.SampleLevel(s, x.xx, 0);
}
"#;

#[test]
fn compute_derivatives_below_shader_model_6_6_are_refused_where_used() {
    // Every derivative `main` reaches, in the helper too; not the one nothing calls, and not
    // `SampleLevel`, whose level is explicit.
    check_profile(
        COMPUTE,
        &[("main", "cs_6_5")],
        expect![[r#"
            E2140 5:32 opcode 'Derivatives in CS/MS/AS' should only be used in 'Shader Model 6.6+'
            E2140 10:15 opcode 'Derivatives in CS/MS/AS' should only be used in 'Shader Model 6.6+'
            E2140 10:24 opcode 'Derivatives in CS/MS/AS' should only be used in 'Shader Model 6.6+'
            E2140 11:11 opcode 'Derivatives in CS/MS/AS' should only be used in 'Shader Model 6.6+'
            E2140 11:31 opcode 'Derivatives in CS/MS/AS' should only be used in 'Shader Model 6.6+'
        "#]],
    );
    check_profile(COMPUTE, &[("main", "cs_6_6")], expect![[""]]);
}

#[test]
fn mesh_and_amplification_derivatives_need_6_6_too_but_pixel_ones_do_not() {
    let amplification = r#"
struct P { float v; };
groupshared P payload;
[numthreads(4, 1, 1)]
void main(uint i : SV_GroupIndex) {
    payload.v = ddx((float)i);
    DispatchMesh(1, 1, 1, payload);
}
"#;
    check_profile(
        amplification,
        &[("main", "as_6_5")],
        expect![[r#"
            E2140 6:17 opcode 'Derivatives in CS/MS/AS' should only be used in 'Shader Model 6.6+'
        "#]],
    );
    let pixel = "float4 main(float2 uv : UV) : SV_Target { return ddx(uv).xyxy; }";
    check_profile(pixel, &[("main", "ps_6_0")], expect![[""]]);
}

#[test]
fn integer_vertex_outputs_take_no_interpolation_mode() {
    // DXC decorates vertex outputs as it does pixel inputs, so it refuses the same modes on
    // integer ones, in its newer words; float outputs and `nointerpolation` are fine, and
    // other stages' outputs are not checked (DXC does not decorate them).
    let vertex = r#"
struct VOut { float4 pos : SV_Position; centroid uint c : C; nointerpolation int d : D; linear float f : F; };
VOut main() { VOut o = (VOut)0; return o; }
"#;
    check_profile(
        vertex,
        &[("main", "vs_6_0")],
        expect![[r#"
            E2031 2:55 only nointerpolation mode allowed for integer input parameters in pixel shader or integer output in vertex shader: field `c` of type `uint` is `centroid`
        "#]],
    );
    let domain = r#"
struct HSC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
struct DOut { float4 pos : SV_Position; centroid uint c : C; };
[domain("tri")]
DOut main(HSC h, float3 uvw : SV_DomainLocation) { DOut o = (DOut)0; return o; }
"#;
    check_profile(domain, &[("main", "ds_6_0")], expect![[""]]);
}
