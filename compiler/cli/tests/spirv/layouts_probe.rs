//! Buffer layout corner cases found by comparing our `Offset` decorations with DXC's layout
//! rules (`docs/SPIR-V.rst`, "Memory layout rules", and DXC's alignment calculator as that
//! page describes it): empty structs, bit-fields packed into shared words, structs with
//! zero-length array members. Expected offsets are worked out by hand in each test's comment.

use crate::harness::{compile, refuse};

const DX: &[&str] = &["-fvk-use-dx-layout"];

const EMPTY_STRUCTS: &str = r#"
struct E {};
struct S { float a; E e; float b; };
cbuffer C { float x; E e; float y; S s; float z; };
RWStructuredBuffer<S> sb;
[numthreads(1, 1, 1)]
void main() { sb[0].b = x + y + s.b + z + sb[1].a; }
"#;

/// An empty struct has size 0. Under the std140 rules of a cbuffer its alignment is rounded
/// up to 16 like every struct's (Vulkan requires it; DXC's unrounded offsets fail validation
/// there, DXC issue 2882), so it starts a row and the member after it shares its offset.
#[test]
fn empty_structs_in_cbuffers_start_a_row() {
    let m = compile(EMPTY_STRUCTS, "cs_6_0", &[]);
    // x at 0, e and y at 16, S (a 0, e 16, b 16: 32 bytes) at 32, z at 64.
    assert_eq!(m.offsets("type.C"), [0, 16, 16, 32, 64]);
}

/// Under the DX rules an empty struct takes no space and no alignment (DXC's alignment
/// calculator: size 0, alignment 1): the member after it starts at the same offset.
#[test]
fn empty_structs_take_no_space_under_dx_rules() {
    let m = compile(EMPTY_STRUCTS, "cs_6_0", DX);
    // x at 0, e and y at 4; S (a 0, e 4, b 4: 8 bytes, not padded) starts a row at 16; z at 24.
    assert_eq!(m.offsets("type.C"), [0, 4, 4, 16, 24]);
}

/// DXC packs a bit-field into the word of the bit-field before it when both have the same
/// type and the word has room (`LowerTypeVisitor::populateLayoutInformation`, and its test of
/// struct member access to bit-fields): a and b share word 0 (bits 0..4 and 4..16), c is
/// word 1, d (an `int`) starts word 2, and e (30 bits after d's 3) does not fit and starts
/// word 3. A bit-field is read with `OpBitFieldUExtract`/`OpBitFieldSExtract` at its offset.
const BIT_FIELDS: &str = r#"
struct B { uint a : 4; uint b : 12; uint c; int d : 3; int e : 30; };
StructuredBuffer<B> sb;
cbuffer C { float f; B cb; };
RWStructuredBuffer<int> Out;
[numthreads(1, 1, 1)]
void main() { Out[0] = sb[0].b + cb.a + cb.e + f; }
"#;

#[test]
fn bit_fields_share_words_in_buffers() {
    let m = compile(BIT_FIELDS, "cs_6_0", &[]);
    // Four words at 0, 4, 8, 12 under std430 and std140 alike; B is 16 bytes either way.
    assert!(m.has("OpMemberName %B 0 \"a\""));
    assert!(m.has("OpMemberName %B 1 \"c\""));
    assert!(m.has("OpMemberName %B 2 \"d\""));
    assert!(m.has("OpMemberName %B 3 \"e\""));
    assert_eq!(m.offsets("B"), [0, 4, 8, 12]);
    assert!(m.has("OpDecorate %_runtimearr_B ArrayStride 16"));
    assert_eq!(m.offsets("type.C"), [0, 16]);
    let extracts: Vec<&str> = m
        .asm
        .lines()
        .filter(|l| l.contains("OpBitField"))
        .map(|l| l.split_once(" = ").map_or(l, |(_, r)| r))
        .collect();
    // sb[0].b: bits 4..16 of word 0; cb.a: bits 0..4 of word 0; cb.e: bits 0..30 of word 3.
    assert_eq!(extracts.len(), 3, "{extracts:?}");
    assert!(
        extracts[0].starts_with("OpBitFieldUExtract %uint ")
            && extracts[0].ends_with(" %uint_4 %uint_12")
    );
    assert!(
        extracts[1].starts_with("OpBitFieldUExtract %uint ")
            && extracts[1].ends_with(" %uint_0 %uint_4")
    );
    assert!(
        extracts[2].starts_with("OpBitFieldSExtract %int ")
            && extracts[2].ends_with(" %uint_0 %uint_30")
    );
}

/// A store into a bit-field in a buffer reads the word, inserts the value's bits at the
/// field's offset and writes the word back; a whole struct stored from private memory is
/// packed by inserting each field into a zero word.
#[test]
fn bit_field_stores_insert_into_the_word() {
    let m = compile(
        r#"
struct B { uint a : 4; uint b : 12; };
RWStructuredBuffer<B> sb;
[numthreads(1, 1, 1)]
void main() { sb[0].b = 7; B x = { 1, 2 }; sb[1] = x; }
"#,
        "cs_6_0",
        &[],
    );
    assert_eq!(m.offsets("B"), [0]);
    let inserts: Vec<&str> = m
        .asm
        .lines()
        .filter(|l| l.contains("OpBitFieldInsert"))
        .map(|l| l.split_once(" = ").map_or(l, |(_, r)| r))
        .collect();
    // sb[0].b = 7 (bits 4..16), then x.a (bits 0..4) into zero and x.b (bits 4..16) after it.
    assert_eq!(inserts.len(), 3, "{inserts:?}");
    assert!(inserts[0].ends_with(" %uint_4 %uint_12"));
    assert!(inserts[1].contains(" %uint_0 ") && inserts[1].ends_with(" %uint_0 %uint_4"));
    assert!(inserts[2].ends_with(" %uint_4 %uint_12"));
}

/// Behind a `vk::BufferPointer` the pointee is laid out as a storage buffer, bit-fields packed
/// the same way: the access chain names the shared word, reads extract and writes insert.
#[test]
fn bit_fields_behind_buffer_pointers() {
    let m = compile(
        r#"
struct B { uint a : 4; uint b : 12; };
struct Root { vk::BufferPointer<B> p; };
[[vk::push_constant]] Root r;
RWStructuredBuffer<uint> Out;
[numthreads(1, 1, 1)]
void main() { Out[0] = r.p.Get().b; r.p.Get().a = 3; }
"#,
        "cs_6_0",
        &["-fspv-target-env=vulkan1.2"],
    );
    // B is one word: a and b share it.
    assert!(m.asm.lines().any(|l| l.ends_with("= OpTypeStruct %uint")));
    assert!(m
        .asm
        .lines()
        .any(|l| l.contains("OpBitFieldUExtract %uint ") && l.ends_with(" %uint_4 %uint_12")));
    assert!(m
        .asm
        .lines()
        .any(|l| l.contains("OpBitFieldInsert %uint ") && l.ends_with(" %uint_3 %uint_0 %uint_4")));
}

/// A zero-length array member holds nothing: the struct leaves it out (SPIR-V has no arrays
/// of length 0), so the members after it keep the offsets they would have without it.
#[test]
fn zero_length_members_are_left_out() {
    let m = compile(
        r#"
struct Z { float a; float e[0]; float b; };
struct W { Z z; float c; };
StructuredBuffer<Z> sb;
cbuffer C { W w; float t; };
RWStructuredBuffer<float> Out;
[numthreads(1, 1, 1)]
void main() { Z z = sb[0]; Z y = { 1.0, 2.0 }; Out[0] = z.a + z.b + y.b + w.z.b + w.c + t; }
"#,
        "cs_6_0",
        &[],
    );
    // Z: a at 0, b at 4; W (std140): z at 0 (16 bytes), c at 16; t after W's 32 bytes.
    assert_eq!(m.offsets("Z"), [0, 4]);
    assert_eq!(m.offsets("W"), [0, 16]);
    assert_eq!(m.offsets("type.C"), [0, 32]);
    assert!(!m.has("OpMemberName %Z 1 \"e\""));
    assert!(m.has("OpDecorate %_runtimearr_Z ArrayStride 8"));
}

/// Vulkan descriptors cannot be arrays of arrays: `Texture2D t[2][3]` is one array of 6
/// textures at one binding (the sampler takes the next), and `t[i][j]` is element
/// `i * 3 + j`, computed at run time when an index is (`NonUniform` with the indices that are
/// not uniform) and folded when both are constants.
#[test]
fn resource_arrays_of_arrays_are_one_array() {
    let m = compile(
        r#"
Texture2D t[2][3];
SamplerState s;
float4 main(float2 uv : TEXCOORD, int i : I) : SV_Target {
    return t[1][i].Sample(s, uv) + t[1][2].Sample(s, uv)
        + t[NonUniformResourceIndex(i)][NonUniformResourceIndex(i + 1)].Sample(s, uv);
}
"#,
        "ps_6_0",
        &[],
    );
    assert_eq!(m.binding("t"), (0, 0));
    assert_eq!(m.binding("s"), (0, 1));
    assert!(m
        .asm
        .lines()
        .any(|l| l.contains("OpTypeArray") && l.ends_with("%uint_6")));
    let chains: Vec<&str> = m
        .asm
        .lines()
        .filter(|l| l.contains("OpAccessChain") && l.contains(" %t "))
        .collect();
    assert_eq!(chains.len(), 3, "{chains:?}");
    // t[1][2] is element 5.
    assert!(chains[1].ends_with(" %t %uint_5"), "{chains:?}");
    // The run-time ones multiply the row by 3 and add the column.
    let muls = m
        .asm
        .lines()
        .filter(|l| l.contains("OpIMul %uint") && l.ends_with(" %uint_3"));
    assert_eq!(muls.count(), 2);
    assert!(m.has("OpCapability ShaderNonUniform"));
}

/// Under `-fspv-flatten-resource-arrays` each element is its own variable at consecutive
/// bindings in row-major order (`t[1][2]` at binding 5), and the sampler follows at 6.
#[test]
fn flattened_resource_arrays_of_arrays_take_a_binding_per_element() {
    let m = compile(
        r#"
Texture2D t[2][3];
SamplerState s;
float4 main(float2 uv : TEXCOORD) : SV_Target {
    return t[1][2].Sample(s, uv) + t[0][1].Sample(s, uv);
}
"#,
        "ps_6_0",
        &["-fspv-flatten-resource-arrays"],
    );
    assert_eq!(m.binding("t[0][0]"), (0, 0));
    assert_eq!(m.binding("t[0][1]"), (0, 1));
    assert_eq!(m.binding("t[1][2]"), (0, 5));
    assert_eq!(m.binding("s"), (0, 6));
    let t12 = m.id("t[1][2]");
    let t01 = m.id("t[0][1]");
    assert!(m
        .asm
        .lines()
        .any(|l| l.contains("OpLoad") && l.ends_with(&format!(" {t12}"))));
    assert!(m
        .asm
        .lines()
        .any(|l| l.contains("OpLoad") && l.ends_with(&format!(" {t01}"))));
}

/// `-fvk-use-dx-layout` packs structured buffers as D3D does: members at their scalar's
/// alignment, a struct's size padded to its alignment. S (float3 at 0, double at 16, float
/// at 24) is 32 bytes, so d follows at 32; the element is 40 bytes, padded to 40 (a multiple
/// of 8).
#[test]
fn dx_layout_pads_nested_struct_tails_in_structured_buffers() {
    let m = compile(
        r#"
struct S { float3 a; double b; float c; };
struct T { S s; float d; };
RWStructuredBuffer<T> sb;
[numthreads(1, 1, 1)]
void main() { sb[1].d = sb[0].s.a.x + (float)sb[0].s.b + sb[0].s.c; }
"#,
        "cs_6_0",
        DX,
    );
    assert_eq!(m.offsets("S"), [0, 16, 24]);
    assert_eq!(m.offsets("T"), [0, 32]);
    assert!(m.has("OpDecorate %_runtimearr_T ArrayStride 40"));
}

/// A row of an array of arrays of resources passed to a function (`pick(t[1], ...)`): the
/// callee receives the row's index and finishes the element index as `row * 3 + j`.
#[test]
fn rows_of_resource_arrays_of_arrays_pass_to_functions() {
    let m = compile(
        r#"
Texture2D t[2][3];
SamplerState s;
float4 pick(Texture2D row[3], int j, float2 uv) { return row[j].Sample(s, uv); }
float4 main(float2 uv : TEXCOORD, int i : I) : SV_Target { return pick(t[1], i, uv) + pick(t[i], 2, uv); }
"#,
        "ps_6_0",
        &[],
    );
    // Both calls pass the row as an `int` argument: 1, and i.
    assert!(m
        .asm
        .lines()
        .any(|l| l.contains("OpFunctionCall") && l.contains(" %int_1 ")));
    let chains = m
        .asm
        .lines()
        .filter(|l| l.contains("OpAccessChain") && l.contains(" %t "))
        .count();
    // One chain in each copy of the callee: the constant `j` of the second call indexes
    // `row`, so it picks a copy of its own (`resource_choice::resource_index_params`).
    assert_eq!(chains, 2, "one chain in each copy of the callee");
    assert!(m
        .asm
        .lines()
        .any(|l| l.contains("OpIMul %uint") && l.ends_with(" %uint_3")));
}

/// Vulkan takes `OpBitField*` on 32-bit integers only: 64- and 16-bit bit-fields are read
/// with a left shift that puts the field's top bit at the word's and a right shift back
/// (arithmetic for a signed field), and written with masks. d sits at bits 40..60 of its
/// `int64_t` word (left 4, right 44); f at bits 5..12 of its `uint16_t` word (left 4, right 9).
#[test]
fn wide_and_narrow_bit_fields_use_shifts() {
    let m = compile(
        r#"
struct B { int64_t c : 40; int64_t d : 20; uint16_t e : 5; uint16_t f : 7; };
RWStructuredBuffer<B> sb;
RWStructuredBuffer<int64_t> Out;
[numthreads(1, 1, 1)]
void main() { Out[0] = sb[0].d + sb[0].f; sb[0].f = 9; }
"#,
        "cs_6_2",
        &["-enable-16bit-types"],
    );
    assert_eq!(m.offsets("B"), [0, 8]);
    assert!(!m.has("OpBitField"));
    assert!(m
        .asm
        .lines()
        .any(|l| l.contains("OpShiftLeftLogical %int64 ") && l.ends_with(" %uint_4")));
    assert!(m
        .asm
        .lines()
        .any(|l| l.contains("OpShiftRightArithmetic %int64 ") && l.ends_with(" %uint_44")));
    assert!(m
        .asm
        .lines()
        .any(|l| l.contains("OpShiftRightLogical %uint16 ") && l.ends_with(" %uint_9")));
    // f = 9: the word keeps every bit but 5..12 (0xF01F), then takes 9 & 0x7F shifted by 5.
    assert!(m.has("%uint16_61471"));
    assert!(m.has("OpBitwiseOr %uint16"));
}

/// Bit-fields clang (and so DXC) refuses, in its words: wider than the type, named with
/// width 0, of a type that is no integer.
#[test]
fn impossible_bit_fields_are_refused() {
    let shader = |field: &str| {
        format!(
            "struct B {{ {field} uint rest : 4; }};\nRWStructuredBuffer<B> sb;\n\
             [numthreads(1, 1, 1)]\nvoid main() {{ sb[0].rest = 1; }}\n"
        )
    };
    refuse(
        &shader("uint a : 40;"),
        "cs_6_0",
        &[],
        1,
        "E2121]: size of bit-field 'a' (40 bits) exceeds size of its type (32 bits)",
    );
    refuse(
        &shader("uint b : 0;"),
        "cs_6_0",
        &[],
        1,
        "E2121]: named bit-field 'b' has zero width",
    );
    refuse(
        &shader("float f : 3;"),
        "cs_6_0",
        &[],
        1,
        "E2121]: bit-field 'f' has non-integral type 'float'",
    );
}
