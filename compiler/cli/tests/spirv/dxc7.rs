//! Differences from DXC's SPIR-V found in the seventh survey of DXC's `CodeGenSPIRV` tests:
//! each test is one construct with what DXC emits for it, written for this suite.

use crate::harness::compile;

/// DXC's SPIR-V path takes `[outputtopology("point")]` on a mesh shader: one `uint` index
/// per primitive, `OutputPoints` (it was E2025, "expected one of line, triangle").
#[test]
fn a_mesh_shader_may_output_points() {
    let text = r#"
struct Vertex { float4 pos : SV_Position; };
[outputtopology("point")]
[numthreads(32, 1, 1)]
void main(out vertices Vertex verts[8], out indices uint dots[8], uint t : SV_GroupIndex) {
    SetMeshOutputCounts(8, 8);
    verts[t % 8].pos = float4(1, 2, 3, 1);
    dots[t % 8] = t % 8;
}
"#;
    let m = compile(text, "ms_6_5", &["-fspv-target-env=vulkan1.3"]);
    m.assert_has(&["OpExecutionMode %main OutputPoints"]);
}
