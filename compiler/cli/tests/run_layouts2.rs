//! `hlslc run` on buffers whose layout `[[vk::offset]]` sets, on byte-address buffer loads and
//! stores of structs with bit-fields, and on layout rules the interpreter follows. Every
//! expected value is worked out by hand from the buffer bytes and the layout rules.

use serde_json::json;

mod pipeline_common;

use pipeline_common::run;

/// One compute shader, one group, and the buffers bound at `(name, kind, register)`.
fn pipeline(buffers: &str, bound: &[(&str, &str, u32)]) -> String {
    let mut s = String::from(
        "Shaders:\n  - Stage: Compute\n    Entry: main\nDispatchParameters:\n  DispatchGroupCount: [1, 1, 1]\nBuffers:\n",
    );
    s += buffers;
    s += "DescriptorSets:\n  - Resources:\n";
    for (name, kind, register) in bound {
        s += &format!(
            "    - Name: {name}\n      Kind: {kind}\n      DirectXBinding: {{ Register: {register}, Space: 0 }}\n"
        );
    }
    s
}

/// `struct S { uint a; [[vk::offset(12)]] uint b; }`: `b` is the fourth word of each
/// element and the stride is 16, so of the words 1..8, element 0 reads a = 1, b = 4 and
/// element 1 reads a = 5, b = 8 (without the offset: 1, 2, 3, 4).
#[test]
fn structured_buffer_reads_a_member_at_its_vk_offset() {
    let shader = "struct S { uint a; [[vk::offset(12)]] uint b; };
StructuredBuffer<S> In : register(t0);
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() { Out[0] = In[0].a; Out[1] = In[0].b; Out[2] = In[1].a; Out[3] = In[1].b; }
";
    let buffers = "  - { Name: In, Format: UInt32, Stride: 16, Data: [1, 2, 3, 4, 5, 6, 7, 8] }\n  - { Name: Out, Format: UInt32, FillSize: 16 }\n";
    let p = pipeline(
        buffers,
        &[
            ("In", "StructuredBuffer", 0),
            ("Out", "RWStructuredBuffer", 0),
        ],
    );
    assert_eq!(
        run("vk_offset_read", shader, &p, &[]).buffers()["Out"],
        json!([1, 4, 5, 8])
    );
}

/// A store through a member at `[[vk::offset(8)]]` writes the third word of the element.
#[test]
fn structured_buffer_writes_a_member_at_its_vk_offset() {
    let shader = "struct S { uint a; [[vk::offset(8)]] uint b; };
RWStructuredBuffer<S> Data : register(u0);
[numthreads(1, 1, 1)]
void main() { Data[0].b = 7; Data[1].a = 9; }
";
    let buffers = "  - { Name: Data, Format: UInt32, Stride: 12, FillSize: 24 }\n";
    let p = pipeline(buffers, &[("Data", "RWStructuredBuffer", 0)]);
    assert_eq!(
        run("vk_offset_write", shader, &p, &[]).buffers()["Data"],
        json!([0, 0, 7, 9, 0, 0])
    );
}

/// Unnamed bit-fields take no initializer (C++ [dcl.init.aggr]; Clang's HLSL initializer
/// lists skip them too, llvm-project PR 159212): `S s = { 1, 2 }` sets `a` = 1 and `b` = 2;
/// nested lists, a struct value in a list, a vector spread over the fields, a flat cast and a
/// constant all skip it.
#[test]
fn initializer_lists_skip_unnamed_bit_fields() {
    let shader = "struct S { uint a : 4; uint : 4; uint b : 4; };
struct T { S s; uint c; };
static const S k = { 9, 3 };
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    S s = { 1, 2 };
    T t = { 3, 4, 5 };
    T u = { s, 6 };
    S w = { uint2(7, 8) };
    S x = (S)uint2(2, 5);
    S z = { {1}, {2} };
    Out[0] = s.a + 10 * s.b;
    Out[1] = t.s.a + 10 * t.s.b + 100 * t.c;
    Out[2] = u.s.b + 10 * u.c;
    Out[3] = 10 * w.a + w.b;
    Out[4] = 10 * x.a + x.b;
    Out[5] = 10 * k.a + k.b;
    Out[6] = 10 * z.a + z.b;
}
";
    let p = pipeline(
        "  - { Name: Out, Format: UInt32, FillSize: 28 }\n",
        &[("Out", "RWStructuredBuffer", 0)],
    );
    assert_eq!(
        run("unnamed_bit_fields", shader, &p, &[]).buffers()["Out"],
        json!([21, 543, 62, 78, 25, 93, 12])
    );
}
