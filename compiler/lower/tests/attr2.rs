//! Stage-related lowering of issue #4 item 4, second round: interpolation modes where DXC
//! decorates them, and attribute evaluation of parts of inputs handed to helpers. The
//! snapshots are read by hand against the rule each test names.

mod common;

use expect_test::expect;
use lower::ShaderStage;

/// The stage variables of `main` lowered for `stage`: the dump's `input`/`output` lines.
fn stage_vars(text: &str, stage: ShaderStage) -> String {
    let dump = ir::print_module(&common::lower_stage(text, stage));
    dump.lines()
        .filter(|l| l.contains(" input ") || l.contains(" output "))
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn vertex_outputs_keep_their_modes_and_integers_are_not_interpolated() {
    // DXC decorates vertex outputs: the written modes on floats, `nointerpolation` (Flat)
    // on every integer or bool output; the inputs carry none.
    expect![[r#"
        @g0 = input float4 location(0) ; in.POSITION
        @g1 = output float4 builtin(Position) ; out.SV_Position
        @g2 = output float2 location(0) centroid ; out.B
        @g3 = output uint location(1) nointerpolation ; out.C
        @g4 = output bool location(2) nointerpolation ; out.E
        @g5 = output float location(3) noperspective sample ; out.F
    "#]]
    .assert_eq(&stage_vars(
        r#"
struct VOut {
  float4 pos : SV_Position;
  centroid float2 b : B;
  uint c : C;
  bool e : E;
  noperspective sample float f : F;
};
VOut main(noperspective float4 p : POSITION) {
  VOut o = (VOut)0;
  o.pos = p;
  return o;
}
"#,
        ShaderStage::Vertex,
    ));
}

#[test]
fn geometry_variables_carry_no_interpolation() {
    // DXC decorates only pixel inputs and vertex outputs.
    expect![[r#"
        @g0 = input array<float4, 3> builtin(Position) ; in.SV_Position
        @g1 = input array<uint, 3> location(0) ; in.ID
        @g2 = input array<float, 3> location(1) ; in.CC
        @g3 = output float4 builtin(Position) ; out.SV_Position
        @g4 = output uint location(0) ; out.ID
        @g5 = output float location(1) ; out.CC
    "#]]
    .assert_eq(&stage_vars(
        r#"
struct V { float4 pos : SV_Position; nointerpolation uint id : ID; centroid float c : CC; };
[maxvertexcount(3)]
void main(triangle V input[3], inout TriangleStream<V> s) {
  for (int i = 0; i < 3; ++i) s.Append(input[i]);
}
"#,
        ShaderStage::Geometry,
    ));
}
