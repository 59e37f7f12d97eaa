//! Buffer layout corner cases found by comparing our `Offset` decorations with DXC's layout
//! rules (`docs/SPIR-V.rst`, "Memory layout rules", and DXC's alignment calculator as that
//! page describes it): empty structs, bit-fields packed into shared words, structs with
//! zero-length array members. Expected offsets are worked out by hand in each test's comment.

use crate::harness::compile;

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
