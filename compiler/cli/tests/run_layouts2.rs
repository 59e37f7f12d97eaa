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

/// Every word of the buffer holds its own index (as a float), so each read returns the
/// member's byte offset / 4. `S` under vector-relaxed std430 (the default) and std430: `a` 0;
/// the matrices align to their float3 vectors (16): `m` (2 row_major float2x3, two rows
/// each, stride 16, 32 per matrix) 16..80 and `n` (2 column_major float3x2, two columns)
/// 80..144; `v` 144; `w` would cross a 16-byte row at 156 (relaxed) or is 8-aligned (strict):
/// 160; `last` 168; the size 172 rounds to 176. Under the scalar rules (and the DX structured
/// ones, scalar-aligned): `m` 4..52 (vectors 12 apart), `n` 52..100, `v` 100, `w` 112, `last`
/// 120, size 124.
#[test]
fn structured_buffer_layouts_read_by_the_interpreter() {
    let shader = "struct S {
    float a;
    row_major float2x3 m[2];
    column_major float3x2 n[2];
    float3 v;
    float2 w;
    float last;
};
StructuredBuffer<S> In : register(t0);
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    Out[0] = In[0].a;
    Out[1] = In[0].m[1][1][2];
    Out[2] = In[0].n[1][2][1];
    Out[3] = In[0].v.z;
    Out[4] = In[0].w.y;
    Out[5] = In[0].last;
    Out[6] = In[1].a;
}
";
    let words: Vec<String> = (0..96).map(|i| i.to_string()).collect();
    for (flags, stride, expected) in [
        (&[][..], 176, [0, 18, 34, 38, 41, 42, 44]),
        (
            &["-fvk-use-gl-layout"][..],
            176,
            [0, 18, 34, 38, 41, 42, 44],
        ),
        (
            &["-fvk-use-scalar-layout"][..],
            124,
            [0, 12, 24, 27, 29, 30, 31],
        ),
        (
            &["-fvk-use-dx-layout"][..],
            124,
            [0, 12, 24, 27, 29, 30, 31],
        ),
    ] {
        let buffers = format!(
            "  - {{ Name: In, Format: Float32, Stride: {stride}, Data: [{}] }}\n  - {{ Name: Out, Format: Float32, FillSize: 28 }}\n",
            words.join(", ")
        );
        let p = pipeline(
            &buffers,
            &[
                ("In", "StructuredBuffer", 0),
                ("Out", "RWStructuredBuffer", 0),
            ],
        );
        assert_eq!(
            run("sb_layouts", shader, &p, flags).buffers()["Out"],
            json!(expected),
            "{flags:?}"
        );
    }
}

/// A cbuffer read by the interpreter, each word holding its index: vector-relaxed std140 (and
/// the DX packing) puts `b` at 4 (b.z is word 3), `c` at 16, `d` at 20 (d.y word 6); strict
/// std140 aligns `b` to 16 (b.z word 6), `c` follows at 28 and `d` aligns to 8: 32 (d.y word
/// 9). `[[vk::offset(48)]]` puts `e` at word 12 under every rule set.
#[test]
fn cbuffer_layouts_and_vk_offset_read_by_the_interpreter() {
    let shader = "cbuffer CB : register(b0) { float a; float3 b; float c; float2 d; [[vk::offset(48)]] float e; }
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() { Out[0] = a; Out[1] = b.z; Out[2] = c; Out[3] = d.y; Out[4] = e; }
";
    let words: Vec<String> = (0..16).map(|i| i.to_string()).collect();
    let buffers = format!(
        "  - {{ Name: CB, Format: Float32, Data: [{}] }}\n  - {{ Name: Out, Format: Float32, FillSize: 20 }}\n",
        words.join(", ")
    );
    let p = pipeline(
        &buffers,
        &[
            ("CB", "ConstantBuffer", 0),
            ("Out", "RWStructuredBuffer", 0),
        ],
    );
    for (flags, expected) in [
        (&[][..], [0, 3, 4, 6, 12]),
        (&["-fvk-use-dx-layout"][..], [0, 3, 4, 6, 12]),
        (&["-fvk-use-gl-layout"][..], [0, 6, 7, 9, 12]),
    ] {
        assert_eq!(
            run("cb_layouts", shader, &p, flags).buffers()["Out"],
            json!(expected),
            "{flags:?}"
        );
    }
}

/// A byte-address buffer's templated load takes a member's `[[vk::offset]]` too (DXC reads
/// the offsets of the struct's lowered type): `b` at 12 is word 3, `c` after it word 4.
#[test]
fn byte_address_load_honours_vk_offset() {
    let shader = "struct V { float a; [[vk::offset(12)]] float b; float c; };
ByteAddressBuffer In : register(t0);
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() { V v = In.Load<V>(0); Out[0] = v.a; Out[1] = v.b; Out[2] = v.c; }
";
    let buffers = "  - { Name: In, Format: Float32, Data: [0, 1, 2, 3, 4, 5] }\n  - { Name: Out, Format: Float32, FillSize: 12 }\n";
    let p = pipeline(
        buffers,
        &[
            ("In", "ByteAddressBuffer", 0),
            ("Out", "RWStructuredBuffer", 0),
        ],
    );
    assert_eq!(
        run("bab_vk_offset", shader, &p, &[]).buffers()["Out"],
        json!([0, 3, 4])
    );
}

/// 16-bit members with `-enable-16bit-types` under vector-relaxed std430: `a` (half) bytes
/// 0..2, `b` (half3, aligned to its 2-byte component) 2..8, `c` 8..12; the struct aligns to
/// 8 (a half3's std430 alignment), so its size is 16. Words: 0x40003C00 holds a = 1.0 and
/// b.x; 0x44004200 holds b.y and b.z = 4.0; 0x40A00000 is c = 5.0; element 1 starts at word
/// 4, whose low half 0x4600 is 6.0.
#[test]
fn sixteen_bit_members_read_by_the_interpreter() {
    let shader = "struct S { half a; half3 b; float c; };
StructuredBuffer<S> In : register(t0);
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() { Out[0] = In[0].a; Out[1] = In[0].b.z; Out[2] = In[0].c; Out[3] = In[1].a; }
";
    let buffers = "  - { Name: In, Format: UInt32, Stride: 16, Data: [0x40003C00, 0x44004200, 0x40A00000, 0, 0x4600, 0, 0, 0] }\n  - { Name: Out, Format: Float32, FillSize: 16 }\n";
    let p = pipeline(
        buffers,
        &[
            ("In", "StructuredBuffer", 0),
            ("Out", "RWStructuredBuffer", 0),
        ],
    );
    assert_eq!(
        run(
            "half_members",
            shader,
            &p,
            &["-T", "cs_6_2", "-enable-16bit-types"]
        )
        .buffers()["Out"],
        json!([1, 4, 5, 6])
    );
}

/// `struct D : B { uint b; }` with `B { uint3 a; }` in a structured buffer: the base is a
/// member of its own (DXC), rounded to 16 bytes under std430, so `b` is the fifth word and the
/// stride 32 (20 rounded to 16). Of the words 1..16, element 0 reads a.x = 1, b = 5 and
/// element 1 reads a.x = 9, b = 13 (flattened, `b` would be word 4 and the stride 16).
#[test]
fn structured_buffer_reads_a_derived_struct_with_its_base_as_a_member() {
    let shader = "struct B { uint3 a; };
struct D : B { uint b; };
StructuredBuffer<D> In : register(t0);
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() { Out[0] = In[0].a.x; Out[1] = In[0].b; Out[2] = In[1].a.x; Out[3] = In[1].b; }
";
    let buffers = "  - { Name: In, Format: UInt32, Stride: 32, Data: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16] }\n  - { Name: Out, Format: UInt32, FillSize: 16 }\n";
    let p = pipeline(
        buffers,
        &[
            ("In", "StructuredBuffer", 0),
            ("Out", "RWStructuredBuffer", 0),
        ],
    );
    assert_eq!(
        run("derived_read", shader, &p, &[]).buffers()["Out"],
        json!([1, 5, 9, 13])
    );
}

/// `sizeof` in constant expressions: array sizes, a `static const` and `[[vk::offset]]`.
/// `S { float4 a; uint b; }` is 20 bytes (C's layout), so `N` = 5, `g` has 20 elements and
/// `o[0]` = 5 + 1 + 2 + 20 = 28; `o[1]` = the element count of `arr` read back through a
/// loop over `N` (5); `P`'s `b` is at `sizeof(float4)` = 16, which its read shows: of the
/// words 1..5 (one 20-byte element), `p[0].b` = 5.
#[test]
fn sizeof_is_a_constant_expression() {
    let shader = "struct S { float4 a; uint b; };
static const uint N = sizeof(S) / 4;
groupshared uint g[sizeof(S)];
struct P { uint a; [[vk::offset(sizeof(float4))]] uint b; };
StructuredBuffer<P> In : register(t0);
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    uint arr[N];
    for (uint i = 0; i < N; i++) arr[i] = 1;
    g[sizeof(S) - 1] = 2;
    Out[0] = N + arr[0] + g[19] + sizeof(S);
    uint n = 0;
    for (uint j = 0; j < N; j++) n += arr[j];
    Out[1] = n;
    Out[2] = In[0].b;
}
";
    let buffers = "  - { Name: In, Format: UInt32, Stride: 20, Data: [1, 2, 3, 4, 5] }\n  - { Name: Out, Format: UInt32, FillSize: 12 }\n";
    let p = pipeline(
        buffers,
        &[
            ("In", "StructuredBuffer", 0),
            ("Out", "RWStructuredBuffer", 0),
        ],
    );
    assert_eq!(
        run("sizeof_constant", shader, &p, &[]).buffers()["Out"],
        json!([28, 5, 5])
    );
}
