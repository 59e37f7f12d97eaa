//! `hlslc run` checks of values for fixes from the second survey of DXC's SPIR-V tests
//! (dxc2): each runs a small compute shader on the interpreter and compares the buffers with
//! values computed by hand.

mod pipeline_common;

use serde_json::{json, Value};

/// Runs `hlslc run --pipeline` on `shader` with `pipeline`; the `buffers` object it prints.
fn run(test: &str, shader: &str, pipeline: &str, flags: &[&str]) -> Value {
    pipeline_common::run(test, shader, pipeline, flags).buffers()
}

/// A local array of column-major matrices copied from a cbuffer array of row-major ones
/// keeps every element in place: `c[i][r]` is row `r` of `R[i]`.
#[test]
fn matrix_array_copied_across_orientations() {
    let shader = "cbuffer B : register(b0) { row_major float2x2 R[2]; };
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    float2x2 c[2] = R;
    Out[0] = float4(c[1][0], c[0][1]);
    Out[1] = float4(c[0][0][1], c[1][1][0], c[1]._m11, c[0]._m10);
}
";
    // Row-major 2x2 in a cbuffer: one 16-byte register per row. R[0] = [[1, 2], [3, 4]],
    // R[1] = [[5, 6], [7, 8]].
    let pipeline = "Shaders:\n  - Stage: Compute\n    Entry: main\nDispatchParameters:\n  DispatchGroupCount: [1, 1, 1]\n\
Buffers:\n  - { Name: B, Format: Float32, Data: [1, 2, 0, 0, 3, 4, 0, 0, 5, 6, 0, 0, 7, 8, 0, 0] }\n  - { Name: Out, Format: Float32, FillSize: 32 }\n\
DescriptorSets:\n  - Resources:\n    - Name: B\n      Kind: ConstantBuffer\n      DirectXBinding: { Register: 0, Space: 0 }\n    - Name: Out\n      Kind: RWStructuredBuffer\n      DirectXBinding: { Register: 0, Space: 0 }\n";
    for flags in [&[][..], &["-Zpr"][..]] {
        let b = run("matrix-array", shader, pipeline, flags);
        // Row 0 of R[1], row 1 of R[0]; then R[0]_01, R[1]_10, R[1]_11, R[0]_10.
        assert_eq!(b["Out"], json!([5, 6, 3, 4, 2, 7, 8, 3]), "{flags:?}");
    }
}

/// A method of `T` called on a `ConstantBuffer<T>` runs on a copy of the buffer's `T`: it
/// reads the members, and what it changes of `this` stays in the copy.
#[test]
fn method_called_on_a_constant_buffer() {
    let shader = "struct A {
    float a;
    uint b;
    float Scaled() { return a * b; }
    float Bump() { a += 1; return a; }
};
ConstantBuffer<A> foo : register(b0);
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    Out[0] = foo.Scaled();
    Out[1] = foo.Bump();
    Out[2] = foo.a;
}
";
    // a = 2.5 (0x40200000), b = 3.
    let pipeline = "Shaders:\n  - Stage: Compute\n    Entry: main\nDispatchParameters:\n  DispatchGroupCount: [1, 1, 1]\n\
Buffers:\n  - { Name: foo, Format: Hex32, Data: [0x40200000, 3, 0, 0] }\n  - { Name: Out, Format: Float32, FillSize: 12 }\n\
DescriptorSets:\n  - Resources:\n    - Name: foo\n      Kind: ConstantBuffer\n      DirectXBinding: { Register: 0, Space: 0 }\n    - Name: Out\n      Kind: RWStructuredBuffer\n      DirectXBinding: { Register: 0, Space: 0 }\n";
    let b = run("cbuffer-method", shader, pipeline, &[]);
    // 2.5 * 3; the copy's a + 1; the buffer's a unchanged.
    assert_eq!(b["Out"], json!([7.5, 3.5, 2.5]));
}

/// An assignment is an lvalue, its left side once assigned (as in C++, and DXC): assigned
/// again, compound-assigned, or passed to an `inout` parameter.
#[test]
fn assignment_used_as_an_lvalue() {
    let shader = "RWStructuredBuffer<int> Out : register(u0);
void bump(inout int x) { x += 100; }
[numthreads(1, 1, 1)]
void main() {
    int a = 1, b = 10, c = 2, d = 3;
    (d += c) = (b -= a);
    int e = 4;
    (e *= 3) += 1;
    int f[2] = {1, 2};
    bump(f[1] += 5);
    Out[0] = d; Out[1] = b; Out[2] = e; Out[3] = f[1];
}
";
    let pipeline = "Shaders:\n  - Stage: Compute\n    Entry: main\nDispatchParameters:\n  DispatchGroupCount: [1, 1, 1]\n\
Buffers:\n  - { Name: Out, Format: Int32, FillSize: 16 }\n\
DescriptorSets:\n  - Resources:\n    - Name: Out\n      Kind: RWStructuredBuffer\n      DirectXBinding: { Register: 0, Space: 0 }\n";
    let b = run("assign-lvalue", shader, pipeline, &[]);
    // d = 3 + 2, then b = 10 - 1 = 9 into d; e = 4 * 3 + 1; f[1] = 2 + 5 + 100.
    assert_eq!(b["Out"], json!([9, 9, 13, 107]));
}
