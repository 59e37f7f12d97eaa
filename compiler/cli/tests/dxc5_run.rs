//! `hlslc run` checks of values for fixes from the fifth survey of DXC's SPIR-V tests
//! (dxc5): each runs a small compute shader on the interpreter and compares the buffers with
//! values computed by hand.

mod pipeline_common;

use serde_json::{json, Value};

/// Runs `hlslc run --pipeline` on `shader` with one read-write structured buffer `o` of
/// `count` `Int32` elements at `u0`; the `buffers` object it prints.
fn run_ints(test: &str, shader: &str, count: u32) -> Value {
    let pipeline = format!(
        "Shaders:\n  - Stage: Compute\n    Entry: main\nDispatchParameters:\n  DispatchGroupCount: [1, 1, 1]\n\
Buffers:\n  - {{ Name: o, Format: Int32, FillSize: {} }}\n\
DescriptorSets:\n  - Resources:\n    - Name: o\n      Kind: RWStructuredBuffer\n      DirectXBinding: {{ Register: 0, Space: 0 }}\n",
        count * 4
    );
    pipeline_common::run(test, shader, &pipeline, &[]).buffers()
}

/// A compound assignment to a matrix computes in the common type of both sides and converts
/// back, as for scalars and vectors: `int2x2 *= 0.5` halves (it multiplied by `int(0.5)`, 0).
#[test]
fn matrix_compound_assignment_computes_in_the_wider_type() {
    let shader = "RWStructuredBuffer<int> o : register(u0);
[numthreads(1, 1, 1)]
void main() {
    int2x2 m = int2x2(3, 5, 7, 9);
    m *= 0.5;
    uint2x3 u = uint2x3(10, 20, 30, 40, 50, 60);
    u /= 2.5f;
    int2x2 n = int2x2(4, 6, 8, 10);
    n *= float2x2(0.25, 0.5, 0.75, 1.5);
    int2 v = int2(3, 5);
    v *= 0.5;
    o[0] = m[0][0]; o[1] = m[0][1]; o[2] = m[1][0]; o[3] = m[1][1];
    o[4] = u[0][0]; o[5] = u[1][2];
    o[6] = n[0][0]; o[7] = n[0][1]; o[8] = n[1][0]; o[9] = n[1][1];
    o[10] = v.x; o[11] = v.y;
}
";
    let b = run_ints("matrix-compound", shader, 12);
    // 1.5, 2.5, 3.5, 4.5 truncate to 1, 2, 3, 4; 10 / 2.5 = 4, 60 / 2.5 = 24;
    // 4 * 0.25 = 1, 6 * 0.5 = 3, 8 * 0.75 = 6, 10 * 1.5 = 15.
    assert_eq!(b["o"], json!([1, 2, 3, 4, 4, 24, 1, 3, 6, 15, 1, 2]));
}
