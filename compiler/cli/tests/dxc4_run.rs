//! `hlslc run` checks of values for fixes from the fourth survey of DXC's SPIR-V tests
//! (dxc4): each runs a small compute shader on the interpreter and compares the buffers with
//! values computed by hand.

mod pipeline_common;

use serde_json::{json, Value};

/// SM 6.6 float atomics: eight threads add, take the minimum and the maximum of
/// `id * 0.5` (0, 0.5, ... 3.5) in a groupshared float and a structured buffer.
#[test]
fn float_atomics_add_min_and_max() {
    let shader = "RWStructuredBuffer<float> o : register(u0);
groupshared float Sum;
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    if (id.x == 0) { Sum = 0; }
    GroupMemoryBarrierWithGroupSync();
    float v = (float)id.x * 0.5;
    InterlockedAdd(Sum, v);
    InterlockedMin(o[1], v);
    InterlockedMax(o[2], v);
    InterlockedAdd(o[3], 1.0);
    GroupMemoryBarrierWithGroupSync();
    if (id.x == 0) { o[0] = Sum; }
}
";
    let pipeline = "Shaders:\n  - Stage: Compute\n    Entry: main\nDispatchParameters:\n  DispatchGroupCount: [1, 1, 1]\n\
Buffers:\n  - { Name: o, Format: Float32, Data: [0, 100, -100, 0] }\n\
DescriptorSets:\n  - Resources:\n    - Name: o\n      Kind: RWStructuredBuffer\n      DirectXBinding: { Register: 0, Space: 0 }\n";
    let b: Value =
        pipeline_common::run("float-atomics", shader, pipeline, &["-T", "cs_6_6"]).buffers();
    assert_eq!(b["o"], json!([14, 0, 3.5, 8]));
}
