//! `[[vk::offset(N)]]` on struct and cbuffer members, byte-address loads and stores of structs
//! with bit-fields, and layout sweeps: the offsets and strides read back from the
//! disassembly are worked out by hand from DXC's `docs/SPIR-V.rst` ("Memory layout rules":
//! `[[vk::offset]]` sets a member's byte offset in every resource, overrules `packoffset`,
//! and the members after it follow it by the rules).

use crate::harness::{compile, refuse};

/// `struct PC { float4 a; [[vk::offset(32)]] float b; }` as a push-constant block: `b` is at
/// 32, not at 16 where the rules would put it.
#[test]
fn vk_offset_in_a_push_constant_struct() {
    let m = compile(
        "struct PC { float4 a; [[vk::offset(32)]] float b; };
[[vk::push_constant]] PC pc;
float4 main() : SV_Target { return pc.a * pc.b; }
",
        "ps_6_0",
        &[],
    );
    assert_eq!(m.offsets("type.PushConstant.PC"), [0, 32]);
}

/// The same struct through `ConstantBuffer<PC>` and a push-constant `ConstantBuffer<PC>`.
#[test]
fn vk_offset_in_constant_buffers_of_a_struct() {
    let m = compile(
        "struct PC { float4 a; [[vk::offset(32)]] float b; float c; };
ConstantBuffer<PC> cb : register(b0);
float4 main() : SV_Target { return cb.a * cb.b + cb.c; }
",
        "ps_6_0",
        &[],
    );
    // c follows b: 36.
    assert_eq!(m.offsets("type.ConstantBuffer.PC"), [0, 32, 36]);
    let m = compile(
        "struct PC { float4 a; [[vk::offset(32)]] float b; };
[[vk::push_constant]] ConstantBuffer<PC> pc;
float4 main() : SV_Target { return pc.a * pc.b; }
",
        "ps_6_0",
        &[],
    );
    assert_eq!(m.offsets("type.PushConstant.PC"), [0, 32]);
}

/// `cbuffer CB { float4 a0; [[vk::offset(48)]] float b0; }`: b0 at 48; a tbuffer alike.
#[test]
fn vk_offset_on_cbuffer_and_tbuffer_members() {
    let m = compile(
        "cbuffer CB { float4 a0; [[vk::offset(48)]] float b0; float c0; }
float4 main() : SV_Target { return a0 * b0 + c0; }
",
        "ps_6_0",
        &[],
    );
    assert_eq!(m.offsets("type.CB"), [0, 48, 52]);
    let m = compile(
        "tbuffer TB { float4 a0; [[vk::offset(64)]] float b0; }
float4 main() : SV_Target { return a0 * b0; }
",
        "ps_6_0",
        &[],
    );
    assert_eq!(m.offsets("type.TB"), [0, 64]);
}

/// `[[vk::offset]]` overrules `packoffset` on the same member, and DXC's packoffset overlap
/// check does not look at it (`packoffset(c0.y)` would overlap `a0`).
#[test]
fn vk_offset_overrules_packoffset() {
    let m = compile(
        "cbuffer CB {
    float4 a0 : packoffset(c0);
    [[vk::offset(32)]] float b0 : packoffset(c0.y);
    float c0 : packoffset(c1);
}
float4 main() : SV_Target { return a0 * b0 + c0; }
",
        "ps_6_0",
        &[],
    );
    assert_eq!(m.offsets("type.CB"), [0, 32, 16]);
}

/// A structured buffer's element struct with `[[vk::offset(20)]]` on its second member, under
/// each rule set: `a` at 0, `b` at 20, `c` (a float2) after b's end (24): 24 under every rule
/// (already 8-aligned, no 16-byte row crossed). The array stride is the struct's size: the
/// end (32) rounded to the struct's alignment (4 or 8 or 16).
#[test]
fn vk_offset_in_a_structured_buffer_under_each_rule_set() {
    let text = "struct S { float a; [[vk::offset(20)]] float b; float2 c; };
RWStructuredBuffer<S> sb : register(u0);
[numthreads(1, 1, 1)]
void main() { sb[1].a = sb[0].b + sb[0].c.y; }
";
    for flags in [
        &[][..],
        &["-fvk-use-gl-layout"][..],
        &["-fvk-use-scalar-layout"][..],
        &["-fvk-use-dx-layout"][..],
    ] {
        let m = compile(text, "cs_6_0", flags);
        assert_eq!(m.offsets("S"), [0, 20, 24], "{flags:?}");
        assert_eq!(m.array_strides(&m.id("S")), [32], "{flags:?}");
    }
}

/// A nested struct with `[[vk::offset]]` keeps its offsets inside a cbuffer, and the member
/// after the nested struct follows the struct's size (std140 rounds it to 16: 48).
#[test]
fn vk_offset_in_a_nested_struct() {
    let m = compile(
        "struct Inner { float x; [[vk::offset(32)]] float y; };
cbuffer CB { Inner i; float after; }
float4 main() : SV_Target { return i.x + i.y + after; }
",
        "ps_6_0",
        &[],
    );
    assert_eq!(m.offsets("Inner"), [0, 32]);
    assert_eq!(m.offsets("type.CB"), [0, 48]);
}

/// A `[[vk::offset]]` that breaks the buffer's Vulkan rules is refused at the buffer (E3160):
/// DXC emits it unchecked and its SPIR-V fails validation. A float4 at 4 would straddle a
/// 16-byte row (relaxed std140 allows 16 next); under the scalar rules 4 is fine, but a
/// member pinned over another is refused under every rule set.
#[test]
fn vk_offsets_the_vulkan_rules_refuse() {
    let misaligned = "struct S { float a; [[vk::offset(4)]] float4 b; };
ConstantBuffer<S> cb;
float4 main() : SV_Target { return cb.b * cb.a; }
";
    refuse(
        misaligned,
        "ps_6_0",
        &[],
        1,
        "error[E3160]: `[[vk::offset(4)]]` places `S.b` (float4) where the relaxed_std140 \
         layout does not allow it to start (the next offset it allows is 16)",
    );
    let m = compile(misaligned, "ps_6_0", &["-fvk-use-scalar-layout"]);
    assert_eq!(m.offsets("type.ConstantBuffer.S"), [0, 4]);
    let overlapping = "struct S { float4 a; [[vk::offset(8)]] float b; };
RWStructuredBuffer<S> sb;
[numthreads(1, 1, 1)] void main() { sb[0].b = 1; }
";
    for flags in [
        &[][..],
        &["-fvk-use-scalar-layout"][..],
        &["-fvk-use-dx-layout"][..],
    ] {
        refuse(
            overlapping,
            "cs_6_0",
            flags,
            1,
            "`[[vk::offset(8)]]` makes `S.b` (bytes 8..12) overlap `a` (bytes 0..16)",
        );
    }
    // The DX cbuffer layout follows no Vulkan alignment rule: a float4 at 4 is taken as
    // written, as DXC does.
    let m = compile(misaligned, "ps_6_0", &["-fvk-use-dx-layout"]);
    assert_eq!(m.offsets("type.ConstantBuffer.S"), [0, 4]);
}

/// `[[vk::offset]]` needs one integer constant (E2170) and a field or cbuffer member (E2027,
/// DXC's wording for misplaced Vulkan attributes).
#[test]
fn vk_offset_arguments_and_places() {
    let shader = |member: &str| {
        format!(
            "struct S {{ float a; {member} }};
ConstantBuffer<S> cb;
float4 main() : SV_Target {{ return cb.a; }}
"
        )
    };
    for member in [
        "[[vk::offset(-4)]] float b;",
        "[[vk::offset(1.5)]] float b;",
        "[[vk::offset(4294967296)]] float b;",
    ] {
        refuse(
            &shader(member),
            "ps_6_0",
            &[],
            1,
            "error[E2170]: 'offset' attribute requires an integer constant from 0 to 4294967295",
        );
    }
    for member in ["[[vk::offset]] float b;", "[[vk::offset(4, 8)]] float b;"] {
        refuse(
            &shader(member),
            "ps_6_0",
            &[],
            1,
            "error[E2170]: 'offset' attribute takes one argument",
        );
    }
    // A constant expression is evaluated: 4 * 8 = 32.
    let m = compile(
        &shader("[[vk::offset(4 * 8)]] float b;").replace("return cb.a;", "return cb.a + cb.b;"),
        "ps_6_0",
        &[],
    );
    assert_eq!(m.offsets("type.ConstantBuffer.S"), [0, 32]);
    refuse(
        "[[vk::offset(4)]] float g;
float4 main() : SV_Target { return g; }
",
        "ps_6_0",
        &[],
        1,
        "error[E2027]: 'offset' attribute only applies to fields",
    );
}

/// A byte-address buffer's templated load and store of a struct with bit-fields: the storage
/// words are loaded and the fields extracted with shifts (an arithmetic one for the signed
/// field), and the store ors the masked and shifted fields of a word together.
#[test]
fn byte_address_load_and_store_of_bit_fields_validate() {
    let m = compile(
        "struct P { uint a : 4; uint b : 12; int c : 8; uint d; };
RWByteAddressBuffer Buf : register(u0);
[numthreads(1, 1, 1)]
void main() {
    P p = Buf.Load<P>(0);
    p.a += 1;
    Buf.Store(16, p);
}
",
        "cs_6_2",
        &[],
    );
    m.assert_has(&[
        "OpShiftRightArithmetic",
        "OpShiftRightLogical",
        "OpBitwiseOr",
    ]);
}

/// An initializer list counts the named members only: an unnamed bit-field takes no value, so
/// three values for `S` (two named bit-fields) are one too many.
#[test]
fn initializer_lists_do_not_count_unnamed_bit_fields() {
    let shader = |list: &str| {
        format!(
            "struct S {{ uint a : 4; uint : 4; uint b : 4; }};
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {{ S s = {list}; Out[0] = s.a + s.b; }}
"
        )
    };
    compile(&shader("{ 1, 2 }"), "cs_6_0", &[]);
    refuse(
        &shader("{ 1, 2, 3 }"),
        "cs_6_0",
        &[],
        1,
        "initializer list has 3 component(s), `S` needs 2",
    );
}

/// A tbuffer is a storage buffer to DXC (`tBufferLayoutRule`): vector-relaxed std430 by
/// default, std430 with `-fvk-use-gl-layout` (it was std140 there), cbuffer packing with
/// `-fvk-use-dx-layout`, scalar with `-fvk-use-scalar-layout`. `float tarr[3]; float3 tv;`:
/// std430 strides the array by 4 (0..12) and moves tv to 16 (relaxed: 12..24 would cross a
/// 16-byte row; strict: aligned to 16); scalar takes 12; the cbuffer packing strides the
/// array by 16 (0..36) and tv fits the rest of that row at 36.
#[test]
fn tbuffer_rules_under_each_flag() {
    let tbuffer = "tbuffer TB { float tarr[3]; float3 tv; }
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)] void main() { Out[0] = (uint)(tarr[1] + tv.x); }
";
    let texture_buffer = "struct T { float tarr[3]; float3 tv; };
TextureBuffer<T> TB;
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)] void main() { Out[0] = (uint)(TB.tarr[1] + TB.tv.x); }
";
    for (flags, stride, tv) in [
        (&[][..], 4, 16),
        (&["-fvk-use-gl-layout"][..], 4, 16),
        (&["-fvk-use-scalar-layout"][..], 4, 12),
        (&["-fvk-use-dx-layout"][..], 16, 36),
    ] {
        let m = compile(tbuffer, "cs_6_0", flags);
        assert_eq!(m.offsets("type.TB"), [0, tv], "{flags:?}");
        assert_eq!(m.array_strides("%float"), [stride], "{flags:?}");
        let m = compile(texture_buffer, "cs_6_0", flags);
        assert_eq!(m.offsets("type.TextureBuffer.T"), [0, tv], "{flags:?}");
        assert_eq!(m.array_strides("%float"), [stride], "{flags:?}");
    }
}

/// A cbuffer mixing nested struct arrays, bools, a half and 1x3 matrices, under each rule set
/// (worked out by hand from `docs/SPIR-V.rst`'s rules; bools are 32-bit words, a half is a
/// float without `-enable-16bit-types`, a 1x3 matrix is a float3 except where the DX
/// packing stores a `column_major float1x3` as three one-float columns, one row each):
///
/// | member | relaxed std140 | std140 | DX | scalar |
/// |---|---|---|---|---|
/// | `N arr[2]` (N: a float3) | 0 (stride 16) | 0 | 0 (16, ends at 28) | 0 (12) |
/// | `float after` | 32 | 32 | 28 (the array's tail) | 24 |
/// | `bool b` | 36 | 36 | 32 | 28 |
/// | `bool2 c` | 40 | 40 (8-aligned) | 36 | 32 |
/// | `M m` (x, n[2], h) | 48 | 48 | 48 (new row) | 40 |
/// | `float tail` | 112 (M is 64) | 112 | 96 (M is 48: h at 44) | 72 (M is 32) |
/// | `row_major float1x3 r` | 116 | 128 | 100 | 76 |
/// | `column_major float1x3 cm` | 128 | 144 | 112 (three rows) | 88 |
/// | `float z` | 140 | 156 | 148 (32 + 4 past 112) | 100 |
#[test]
fn nested_arrays_bools_and_one_row_matrices_in_a_cbuffer() {
    let text = "struct N { float3 p; };
struct M { float x; N n[2]; half h; };
cbuffer CB {
    N arr[2]; float after; bool b; bool2 c; M m; float tail;
    row_major float1x3 r; column_major float1x3 cm; float z;
}
RWStructuredBuffer<float> o;
[numthreads(1, 1, 1)]
void main() {
    o[0] = arr[1].p.z + after + (b ? 1 : 0) + (c.y ? 1 : 0) + m.n[1].p.y + m.h + tail
        + r._m02 + cm._m02 + z;
}
";
    for (flags, cb, m_offsets) in [
        (
            &[][..],
            [0, 32, 36, 40, 48, 112, 116, 128, 140],
            [0, 16, 48],
        ),
        (
            &["-fvk-use-gl-layout"][..],
            [0, 32, 36, 40, 48, 112, 128, 144, 156],
            [0, 16, 48],
        ),
        (
            &["-fvk-use-dx-layout"][..],
            [0, 28, 32, 36, 48, 96, 100, 112, 148],
            [0, 16, 44],
        ),
        (
            &["-fvk-use-scalar-layout"][..],
            [0, 24, 28, 32, 40, 72, 76, 88, 100],
            [0, 4, 28],
        ),
    ] {
        let m = compile(text, "cs_6_2", flags);
        assert_eq!(m.offsets("type.CB"), cb, "{flags:?}");
        assert_eq!(m.offsets("M"), m_offsets, "{flags:?}");
    }
}

/// Offsets that add up past 4 GiB through a nested struct are refused (E3160) instead of
/// overflowing in the backend or the interpreter.
#[test]
fn vk_offsets_past_four_gibibytes_are_refused() {
    refuse(
        "struct I { float x; [[vk::offset(4294967264)]] float4 y; };
struct S { float a; [[vk::offset(4294967040)]] I i; };
RWStructuredBuffer<S> sb : register(u0);
[numthreads(1, 1, 1)] void main() { sb[0].a = sb[0].i.y.w; }
",
        "cs_6_0",
        &["-fvk-use-scalar-layout"],
        1,
        "error[E3160]: the layout of `S` places members up to byte 8589934320",
    );
}

/// A derived struct in a cbuffer and a structured buffer: DXC declares the base as a member
/// of its own, so under std140 (cbuffer) a one-float base takes a 16-byte row and `b` is at
/// 16; under std430 (structured buffer) a `float3` base rounds to 16 and `b` is at 16 too,
/// the element 32 bytes (20 rounded to the 16-byte alignment).
#[test]
fn a_derived_struct_lays_its_base_out_as_a_member() {
    let m = compile(
        "struct B1 { float a; };
struct D1 : B1 { float b; };
struct B3 { float3 a; };
struct D3 : B3 { float b; };
cbuffer C { D1 cd; };
StructuredBuffer<D3> sb;
RWStructuredBuffer<float> o;
[numthreads(1, 1, 1)] void main() { o[0] = cd.a + cd.b + sb[0].a.x + sb[0].b; }
",
        "cs_6_0",
        &[],
    );
    assert_eq!(m.offsets("D1"), [0, 16]);
    assert_eq!(m.offsets("D3"), [0, 16]);
}
