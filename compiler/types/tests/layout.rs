//! Buffer layout tests: offsets, strides and sizes checked against hand-computed values.

use expect_test::{expect, Expect};
use types::{
    LayoutRules, MatrixOrientation, ScalarKind, StructField, StructType, Type, TypeLayout,
};

fn field(name: &str, ty: Type) -> StructField {
    StructField::new(name, ty)
}

fn st(name: &str, fields: Vec<(&str, Type)>) -> Type {
    Type::structure(StructType {
        name: name.to_owned(),
        fields: fields.into_iter().map(|(n, t)| field(n, t)).collect(),
    })
}

fn f(n: u8) -> Type {
    if n == 1 {
        Type::FLOAT
    } else {
        Type::vector(ScalarKind::Float, n)
    }
}

fn check(ty: &Type, rules: LayoutRules, expect: Expect) {
    expect.assert_eq(&TypeLayout::of(ty, rules).describe(ty));
}

fn offsets(ty: &Type, rules: LayoutRules) -> Vec<u32> {
    match TypeLayout::of(ty, rules).kind {
        types::LayoutKind::Struct { members } => members.iter().map(|m| m.offset).collect(),
        _ => Vec::new(),
    }
}

#[test]
fn float3_then_float_packs_into_one_row() {
    let s = st("S", vec![("a", f(3)), ("b", f(1))]);
    for rules in [
        LayoutRules::RelaxedStd140,
        LayoutRules::Std140,
        LayoutRules::RelaxedStd430,
        LayoutRules::Std430,
        LayoutRules::Dx,
        LayoutRules::Scalar,
    ] {
        assert_eq!(offsets(&s, rules), [0, 12], "{rules:?}");
        assert_eq!(TypeLayout::of(&s, rules).size, 16, "{rules:?}");
    }
}

#[test]
fn float_then_float3_relaxed_versus_strict() {
    let s = st("S", vec![("a", f(1)), ("b", f(3))]);
    assert_eq!(offsets(&s, LayoutRules::RelaxedStd140), [0, 4]);
    assert_eq!(offsets(&s, LayoutRules::RelaxedStd430), [0, 4]);
    assert_eq!(offsets(&s, LayoutRules::Dx), [0, 4]);
    assert_eq!(offsets(&s, LayoutRules::Scalar), [0, 4]);
    assert_eq!(offsets(&s, LayoutRules::Std140), [0, 16]);
    assert_eq!(offsets(&s, LayoutRules::Std430), [0, 16]);
    check(
        &s,
        LayoutRules::Std140,
        expect![[r#"
            S offset=0 size=32 align=16
              a: float offset=0 size=4 align=4
              b: float3 offset=16 size=12 align=16
        "#]],
    );
}

#[test]
fn improper_straddle_moves_vector_to_next_row() {
    // float2 at 0..8, a float3 at 8 would cover 8..20 and cross the 16-byte boundary.
    let s = st("S", vec![("a", f(2)), ("b", f(3))]);
    check(
        &s,
        LayoutRules::RelaxedStd140,
        expect![[r#"
            S offset=0 size=32 align=16
              a: float2 offset=0 size=8 align=8
              b: float3 offset=16 size=12 align=16
        "#]],
    );
    assert_eq!(offsets(&s, LayoutRules::Scalar), [0, 8]);
    assert_eq!(TypeLayout::of(&s, LayoutRules::Scalar).size, 20);
}

#[test]
fn scalar_arrays_take_a_row_per_element_in_std140_and_dx() {
    let a = Type::array(Type::FLOAT, 3);
    check(
        &a,
        LayoutRules::RelaxedStd140,
        expect![[r#"
            float[3] offset=0 size=48 align=16 array_stride=16
        "#]],
    );
    check(
        &a,
        LayoutRules::Dx,
        expect![[r#"
            float[3] offset=0 size=36 align=16 array_stride=16
        "#]],
    );
    check(
        &a,
        LayoutRules::RelaxedStd430,
        expect![[r#"
            float[3] offset=0 size=12 align=4 array_stride=4
        "#]],
    );
}

#[test]
fn float2_array_then_float() {
    let s = st("S", vec![("arr", Type::array(f(2), 2)), ("c", f(1))]);
    check(
        &s,
        LayoutRules::RelaxedStd140,
        expect![[r#"
            S offset=0 size=48 align=16
              arr: float2[2] offset=0 size=32 align=16 array_stride=16
              c: float offset=32 size=4 align=4
        "#]],
    );
    // HLSL packing: the padding after the last element belongs to the next member.
    check(
        &s,
        LayoutRules::Dx,
        expect![[r#"
            S offset=0 size=28 align=16
              arr: float2[2] offset=0 size=24 align=16 array_stride=16
              c: float offset=24 size=4 align=4
        "#]],
    );
    check(
        &s,
        LayoutRules::Std430,
        expect![[r#"
            S offset=0 size=24 align=8
              arr: float2[2] offset=0 size=16 align=8 array_stride=8
              c: float offset=16 size=4 align=4
        "#]],
    );
}

#[test]
fn matrices_row_and_column_major() {
    let row = Type::matrix_with(ScalarKind::Float, 3, 4, MatrixOrientation::RowMajor);
    let col = Type::matrix_with(ScalarKind::Float, 3, 4, MatrixOrientation::ColumnMajor);
    let s = st("M", vec![("row", row), ("col", col), ("tail", f(1))]);
    // row_major float3x4: 3 rows of float4. column_major float3x4: 4 columns of float3.
    check(
        &s,
        LayoutRules::RelaxedStd140,
        expect![[r#"
            M offset=0 size=128 align=16
              row: row_major float3x4 offset=0 size=48 align=16 matrix_stride=16 row_major
              col: float3x4 offset=48 size=64 align=16 matrix_stride=16 column_major
              tail: float offset=112 size=4 align=4
        "#]],
    );
    check(
        &s,
        LayoutRules::Dx,
        expect![[r#"
            M offset=0 size=112 align=16
              row: row_major float3x4 offset=0 size=48 align=16 matrix_stride=16 row_major
              col: float3x4 offset=48 size=60 align=16 matrix_stride=16 column_major
              tail: float offset=108 size=4 align=4
        "#]],
    );
    let col2x3 = Type::matrix(ScalarKind::Float, 2, 3);
    check(
        &col2x3,
        LayoutRules::RelaxedStd430,
        expect![[r#"
            float2x3 offset=0 size=24 align=8 matrix_stride=8 column_major
        "#]],
    );
    check(
        &col2x3,
        LayoutRules::RelaxedStd140,
        expect![[r#"
            float2x3 offset=0 size=48 align=16 matrix_stride=16 column_major
        "#]],
    );
    check(
        &col2x3,
        LayoutRules::Scalar,
        expect![[r#"
            float2x3 offset=0 size=24 align=4 matrix_stride=8 column_major
        "#]],
    );
}

#[test]
fn nested_structs() {
    let inner = st("Inner", vec![("a", f(1)), ("b", f(2))]);
    let outer = st("Outer", vec![("x", f(1)), ("i", inner), ("y", f(1))]);
    check(
        &outer,
        LayoutRules::RelaxedStd140,
        expect![[r#"
            Outer offset=0 size=48 align=16
              x: float offset=0 size=4 align=4
              i: Inner offset=16 size=16 align=16
                a: float offset=16 size=4 align=4
                b: float2 offset=20 size=8 align=8
              y: float offset=32 size=4 align=4
        "#]],
    );
    check(
        &outer,
        LayoutRules::Std140,
        expect![[r#"
            Outer offset=0 size=48 align=16
              x: float offset=0 size=4 align=4
              i: Inner offset=16 size=16 align=16
                a: float offset=16 size=4 align=4
                b: float2 offset=24 size=8 align=8
              y: float offset=32 size=4 align=4
        "#]],
    );
    check(
        &outer,
        LayoutRules::Std430,
        expect![[r#"
            Outer offset=0 size=32 align=8
              x: float offset=0 size=4 align=4
              i: Inner offset=8 size=16 align=8
                a: float offset=8 size=4 align=4
                b: float2 offset=16 size=8 align=8
              y: float offset=24 size=4 align=4
        "#]],
    );
    check(
        &outer,
        LayoutRules::Dx,
        expect![[r#"
            Outer offset=0 size=32 align=16
              x: float offset=0 size=4 align=4
              i: Inner offset=16 size=12 align=16
                a: float offset=16 size=4 align=4
                b: float2 offset=20 size=8 align=4
              y: float offset=28 size=4 align=4
        "#]],
    );
}

#[test]
fn arrays_of_structs() {
    let s = st("P", vec![("pos", f(3))]);
    let a = Type::array(s, 2);
    check(
        &a,
        LayoutRules::RelaxedStd430,
        expect![[r#"
            P[2] offset=0 size=32 align=16 array_stride=16
              [0]: P offset=0 size=16 align=16
                pos: float3 offset=0 size=12 align=16
        "#]],
    );
    check(
        &a,
        LayoutRules::Scalar,
        expect![[r#"
            P[2] offset=0 size=24 align=4 array_stride=12
              [0]: P offset=0 size=12 align=4
                pos: float3 offset=0 size=12 align=4
        "#]],
    );
}

#[test]
fn sixty_four_bit_vectors_keep_full_alignment() {
    let s = st(
        "D",
        vec![("a", f(1)), ("b", Type::vector(ScalarKind::Double, 3))],
    );
    assert_eq!(offsets(&s, LayoutRules::RelaxedStd430), [0, 32]);
    assert_eq!(TypeLayout::of(&s, LayoutRules::RelaxedStd430).size, 64);
    let h = st(
        "H",
        vec![
            ("a", Type::scalar(ScalarKind::Float16)),
            ("b", Type::vector(ScalarKind::Float16, 2)),
        ],
    );
    assert_eq!(offsets(&h, LayoutRules::RelaxedStd430), [0, 2]);
    assert_eq!(offsets(&h, LayoutRules::Std430), [0, 4]);
}

#[test]
fn runtime_array_has_stride_and_no_size() {
    let a = Type::unsized_array(Type::UINT);
    check(
        &a,
        LayoutRules::RelaxedStd430,
        expect![[r#"
            uint[] offset=0 size=0 align=4 array_stride=4
        "#]],
    );
}

#[test]
fn absurd_sizes_saturate_instead_of_overflowing() {
    let huge = Type::array(
        Type::array(Type::matrix(ScalarKind::Double, 4, 4), u32::MAX),
        u32::MAX,
    );
    for rules in [
        LayoutRules::RelaxedStd140,
        LayoutRules::Dx,
        LayoutRules::Scalar,
    ] {
        assert_eq!(TypeLayout::of(&huge, rules).size, u32::MAX, "{rules:?}");
    }
    let odd = st(
        "Odd",
        vec![
            ("empty", Type::vector(ScalarKind::Float, 0)),
            ("m", Type::matrix(ScalarKind::Float, 0, 0)),
        ],
    );
    let _ = TypeLayout::of(&odd, LayoutRules::Dx);
    let _ = TypeLayout::of(&odd, LayoutRules::RelaxedStd140);
}

#[test]
fn scalar_layout_pads_struct_tails_as_c_does() {
    // `struct DF { double a; float b; }`: `b` at 8, the end at 12, the alignment 8 (the
    // double), so C's size 16; DXC's scalar layout follows C since its pull request 7996.
    let s = st(
        "DF",
        vec![("a", Type::scalar(ScalarKind::Double)), ("b", f(1))],
    );
    let l = TypeLayout::of(&s, LayoutRules::Scalar);
    assert_eq!((l.size, l.alignment), (16, 8));
    let arr = TypeLayout::of(&Type::array(s.clone(), 2), LayoutRules::Scalar);
    assert_eq!(
        arr.kind,
        types::LayoutKind::Array {
            stride: 16,
            element: Box::new(l)
        }
    );
    assert_eq!(TypeLayout::of(&s, LayoutRules::RelaxedStd430).size, 16);
    // After a struct, the next member starts past the struct's padded size.
    let outer = st("O", vec![("s", s), ("c", f(1))]);
    assert_eq!(offsets(&outer, LayoutRules::Scalar), [0, 16]);
    assert_eq!(offsets(&outer, LayoutRules::Std430), [0, 16]);
}

fn mat(k: ScalarKind, rows: u8, cols: u8, o: MatrixOrientation) -> Type {
    Type::matrix_with(k, rows, cols, o)
}

/// Matrices with one row or column are vectors for DXC: laid out like `float3`/`float2`
/// (a `1x1` like a scalar) and placed by the relaxed vector rule, whatever the orientation.
#[test]
fn one_row_or_column_matrices_are_vectors() {
    use MatrixOrientation::{ColumnMajor, RowMajor};
    let k = ScalarKind::Float;
    let s = st(
        "S",
        vec![
            ("a", f(1)),
            ("b", mat(k, 1, 3, ColumnMajor)),
            ("c", mat(k, 2, 1, ColumnMajor)),
            ("d", mat(k, 1, 1, ColumnMajor)),
            ("e", mat(k, 1, 2, RowMajor)),
        ],
    );
    // Relaxed: b (a float3, 12 bytes) fits after a in row 0; c at 16; d at 24; e (8 bytes)
    // would straddle 28..36, so it moves to 32. 40 rounded up to the struct's 16.
    check(
        &s,
        LayoutRules::RelaxedStd140,
        expect![[r#"
            S offset=0 size=48 align=16
              a: float offset=0 size=4 align=4
              b: float1x3 offset=4 size=12 align=16
              c: float2x1 offset=16 size=8 align=8
              d: float1x1 offset=24 size=4 align=4
              e: row_major float1x2 offset=32 size=8 align=8
        "#]],
    );
    // Strict std140 aligns the float3 to 16 and the float2s to 8.
    assert_eq!(offsets(&s, LayoutRules::Std140), [0, 16, 32, 40, 48]);
    assert_eq!(TypeLayout::of(&s, LayoutRules::Std140).size, 64);
    assert_eq!(offsets(&s, LayoutRules::RelaxedStd430), [0, 4, 16, 24, 32]);
    assert_eq!(offsets(&s, LayoutRules::Scalar), [0, 4, 16, 24, 28]);
    assert_eq!(TypeLayout::of(&s, LayoutRules::Scalar).size, 36);
    // Non-float ones too (no array of rows: an int1x3 is an int3).
    let i = mat(ScalarKind::Int, 1, 3, ColumnMajor);
    check(
        &i,
        LayoutRules::RelaxedStd430,
        expect![[r#"
            int1x3 offset=0 size=12 align=16
        "#]],
    );
}

/// `-fvk-use-dx-layout`: a `column_major` 1xN (or `row_major` Nx1) matrix is N vectors of one
/// component, each starting a 16-byte row: size 16 * (N - 1) + 4. The other orientation is a
/// vector packed like `floatN`.
#[test]
fn one_row_or_column_matrices_under_dx_rules() {
    use MatrixOrientation::{ColumnMajor, RowMajor};
    let k = ScalarKind::Float;
    let s = st(
        "S",
        vec![
            ("a", f(1)),
            ("b", mat(k, 1, 3, ColumnMajor)),
            ("c", mat(k, 2, 1, ColumnMajor)),
            ("d", mat(k, 1, 1, ColumnMajor)),
            ("e", mat(k, 1, 2, RowMajor)),
            ("g", mat(k, 3, 1, RowMajor)),
        ],
    );
    // b: 36 bytes from 16 (ends at 52); c (a float2) packs at 52; d at 60; e at 64; g is
    // three one-component rows from the next row, 80.
    check(
        &s,
        LayoutRules::Dx,
        expect![[r#"
            S offset=0 size=116 align=16
              a: float offset=0 size=4 align=4
              b: float1x3 offset=16 size=36 align=16 matrix_stride=16 column_major
              c: float2x1 offset=52 size=8 align=4
              d: float1x1 offset=60 size=4 align=4
              e: row_major float1x2 offset=64 size=8 align=4
              g: row_major float3x1 offset=80 size=36 align=16 matrix_stride=16 row_major
        "#]],
    );
    // FXC's cbuffer packing of a struct member: { float1x1; float1x2; float } takes 40
    // bytes (the float1x2 at 16, 20 bytes long, the float at 36).
    let inner = st(
        "Inner",
        vec![
            ("x", mat(k, 1, 1, ColumnMajor)),
            ("y", mat(k, 1, 2, ColumnMajor)),
            ("z", f(1)),
        ],
    );
    let outer = st("Outer", vec![("a", f(1)), ("i", inner), ("b", f(1))]);
    assert_eq!(offsets(&outer, LayoutRules::Dx), [0, 16, 56]);
    let TypeLayout {
        kind: types::LayoutKind::Struct { members },
        ..
    } = TypeLayout::of(&outer, LayoutRules::Dx)
    else {
        panic!("a struct layout");
    };
    assert_eq!(members[1].layout.size, 40);
    assert!(matches!(
        &members[1].layout.kind,
        types::LayoutKind::Struct { members } if members.iter().map(|m| m.offset).eq([0, 16, 36])
    ));
}

#[test]
fn arrays_of_one_row_matrices() {
    let m = Type::matrix(ScalarKind::Float, 1, 3);
    let arr = Type::array(m, 2);
    // A float3 element: stride 16 in std140/std430 (float3 aligns to 16), 12 in scalar.
    for (rules, stride, size) in [
        (LayoutRules::RelaxedStd140, 16, 32),
        (LayoutRules::Std430, 16, 32),
        (LayoutRules::Scalar, 12, 24),
        // Dx: each element is 36 bytes (three rows of one float): stride 48, the last
        // element's padding not counted.
        (LayoutRules::Dx, 48, 84),
    ] {
        let l = TypeLayout::of(&arr, rules);
        assert_eq!(l.size, size, "{rules:?}");
        assert!(
            matches!(l.kind, types::LayoutKind::Array { stride: s, .. } if s == stride),
            "{rules:?}"
        );
    }
}

/// DXC lays an empty struct out with size 0 and alignment 1 before any rounding of struct
/// alignments to 16 bytes; the std140 rules still round it (Vulkan's uniform buffer rules,
/// which DXC's own unrounded offsets fail), the DX rules do not: the member after it starts
/// at the same offset.
#[test]
fn empty_structs_take_no_space() {
    let e = st("E", vec![]);
    let s = st("S", vec![("a", f(1)), ("e", e.clone()), ("b", f(1))]);
    let c = st(
        "C",
        vec![
            ("x", f(1)),
            ("e", e.clone()),
            ("y", f(1)),
            ("s", s.clone()),
            ("z", f(1)),
        ],
    );
    for rules in [
        LayoutRules::RelaxedStd430,
        LayoutRules::Std430,
        LayoutRules::Dx,
        LayoutRules::Scalar,
    ] {
        let l = TypeLayout::of(&e, rules);
        assert_eq!((l.size, l.alignment), (0, 1), "{rules:?}");
        assert_eq!(offsets(&s, rules), [0, 4, 4], "{rules:?}");
    }
    for rules in [LayoutRules::RelaxedStd140, LayoutRules::Std140] {
        let l = TypeLayout::of(&e, rules);
        assert_eq!((l.size, l.alignment), (0, 16), "{rules:?}");
        // e at 16, b after it; S is 32 bytes, rounded to its 16-byte alignment.
        assert_eq!(offsets(&s, rules), [0, 16, 16], "{rules:?}");
        assert_eq!(offsets(&c, rules), [0, 16, 16, 32, 64], "{rules:?}");
    }
    // DX: e takes no row of its own; S (8 bytes, not padded) starts a row at 16, z at 24.
    assert_eq!(offsets(&c, LayoutRules::Dx), [0, 4, 4, 16, 24]);
    // std430 and scalar: S is 8 bytes aligned to 4.
    assert_eq!(offsets(&c, LayoutRules::RelaxedStd430), [0, 4, 4, 8, 16]);
    assert_eq!(offsets(&c, LayoutRules::Std430), [0, 4, 4, 8, 16]);
    assert_eq!(offsets(&c, LayoutRules::Scalar), [0, 4, 4, 8, 16]);
}

/// D3D packs structured buffers with every member at its scalar's alignment and a struct's
/// size padded to its alignment (DXC's `FxcSBuffer`), as the scalar layout does now: in
/// `T { S s; float d; }` with `S { float3 a; double b; float c; }`, S ends at 28 and is 32
/// bytes, so d is at 32.
#[test]
fn dx_structured_buffers_pad_struct_tails() {
    let s = st(
        "S",
        vec![
            ("a", f(3)),
            ("b", Type::Scalar(ScalarKind::Double)),
            ("c", f(1)),
        ],
    );
    let t = st("T", vec![("s", s.clone()), ("d", f(1))]);
    assert_eq!(offsets(&s, LayoutRules::DxStructured), [0, 16, 24]);
    assert_eq!(TypeLayout::of(&s, LayoutRules::DxStructured).size, 32);
    assert_eq!(offsets(&t, LayoutRules::DxStructured), [0, 32]);
    assert_eq!(offsets(&t, LayoutRules::Scalar), [0, 32]);
    assert_eq!(TypeLayout::of(&t, LayoutRules::DxStructured).size, 40);
}

fn pinned(name: &str, ty: Type, at: u32) -> StructField {
    StructField {
        offset: Some(at),
        ..field(name, ty)
    }
}

/// `struct S { float4 a; [[vk::offset(32)]] float b; float2 c; }`: `b` sits at 32 under every
/// rule set and `c` follows it by the rules: the strict GL rules align a float2 to 8 (40),
/// the relaxed and scalar ones to its component (36, which does not straddle a 16-byte row).
/// The size is the end (44) rounded to the struct's alignment (16 from the float4) except
/// where the rules leave the tail unpadded (DX) or the alignment is 4 (scalar, dx structured).
#[test]
fn vk_offset_pins_a_member_under_every_rule_set() {
    let s = Type::structure(StructType {
        name: "S".to_owned(),
        fields: vec![field("a", f(4)), pinned("b", f(1), 32), field("c", f(2))],
    });
    for (rules, c, size) in [
        (LayoutRules::RelaxedStd140, 36, 48),
        (LayoutRules::Std140, 40, 48),
        (LayoutRules::RelaxedStd430, 36, 48),
        (LayoutRules::Std430, 40, 48),
        (LayoutRules::Dx, 36, 44),
        (LayoutRules::Scalar, 36, 44),
        (LayoutRules::DxStructured, 36, 44),
    ] {
        assert_eq!(offsets(&s, rules), [0, 32, c], "{rules:?}");
        assert_eq!(TypeLayout::of(&s, rules).size, size, "{rules:?}");
    }
}

/// An explicit offset below the running one is taken as written (DXC does no checking), and
/// the members after it continue from its end.
#[test]
fn vk_offset_may_go_backwards() {
    let s = Type::structure(StructType {
        name: "S".to_owned(),
        fields: vec![field("a", f(4)), pinned("b", f(1), 4), field("c", f(1))],
    });
    assert_eq!(offsets(&s, LayoutRules::RelaxedStd430), [0, 4, 8]);
    assert_eq!(TypeLayout::of(&s, LayoutRules::RelaxedStd430).size, 16);
}

/// `[[vk::offset]]` overrules `packoffset` (the explicit list of a cbuffer).
#[test]
fn vk_offset_overrules_packoffset() {
    let s = Type::structure(StructType {
        name: "type.CB".to_owned(),
        fields: vec![field("a", f(4)), pinned("b", f(1), 48)],
    });
    let l =
        types::BufferLayout::with_member_offsets(&s, LayoutRules::RelaxedStd140, &[None, Some(20)]);
    let types::LayoutKind::Struct { members } = l.layout.kind else {
        panic!("not a struct layout")
    };
    assert_eq!(members[1].offset, 48);
}

/// A bit-field at an explicit offset starts a word of its own there, even when the word of
/// the bit-field before it has room.
#[test]
fn vk_offset_on_a_bit_field_starts_a_word() {
    let bits = |name: &str, w: u8| StructField {
        bit_width: Some(w),
        ..field(name, Type::UINT)
    };
    let s = Type::structure(StructType {
        name: "S".to_owned(),
        fields: vec![
            bits("a", 4),
            StructField {
                offset: Some(8),
                ..bits("b", 4)
            },
        ],
    });
    check(
        &s,
        LayoutRules::RelaxedStd430,
        expect![[r#"
            S offset=0 size=12 align=4
              a: uint offset=0 size=4 align=4 bits=0..4
              b: uint offset=8 size=4 align=4 bits=0..4
        "#]],
    );
}

/// `[[vk::offset(4)]] float4 b` after a float: the relaxed rules let a vector start at its
/// component's alignment, but a float4 at 4 would straddle a 16-byte row, so only 16 is
/// allowed; the scalar rules (and the DX structured ones, scalar-aligned) take 4; the DX
/// cbuffer rules are not checked.
#[test]
fn vk_offset_faults_on_misaligned_members() {
    let s = Type::structure(StructType {
        name: "S".to_owned(),
        fields: vec![field("a", f(1)), pinned("b", f(4), 4)],
    });
    let faults = |rules| types::explicit_offset_faults(&s, &TypeLayout::of(&s, rules), rules);
    assert_eq!(
        faults(LayoutRules::RelaxedStd140),
        [
            "`[[vk::offset(4)]]` places `S.b` (float4) where the relaxed_std140 layout does not \
          allow it to start (the next offset it allows is 16); the SPIR-V would fail validation"
        ]
    );
    assert_eq!(faults(LayoutRules::Std430).len(), 1);
    assert!(faults(LayoutRules::Scalar).is_empty());
    assert!(faults(LayoutRules::Dx).is_empty());
    assert!(faults(LayoutRules::DxStructured).is_empty());
}

/// `[[vk::offset(8)]] float b` inside a float4 `a` overlaps it; two pinned members that
/// overlap each other are reported once.
#[test]
fn vk_offset_faults_on_overlaps() {
    let s = Type::structure(StructType {
        name: "S".to_owned(),
        fields: vec![field("a", f(4)), pinned("b", f(1), 8)],
    });
    let rules = LayoutRules::RelaxedStd430;
    assert_eq!(
        types::explicit_offset_faults(&s, &TypeLayout::of(&s, rules), rules),
        [
            "`[[vk::offset(8)]]` makes `S.b` (bytes 8..12) overlap `a` (bytes 0..16); members \
          of a Vulkan buffer cannot overlap"
        ]
    );
    let both = Type::structure(StructType {
        name: "T".to_owned(),
        fields: vec![pinned("a", f(1), 0), pinned("b", f(1), 0)],
    });
    let l = TypeLayout::of(&both, rules);
    assert_eq!(types::explicit_offset_faults(&both, &l, rules).len(), 1);
    // Members in another order than their offsets are fine when they do not overlap.
    let swapped = Type::structure(StructType {
        name: "U".to_owned(),
        fields: vec![pinned("a", f(1), 16), pinned("b", f(4), 0)],
    });
    let l = TypeLayout::of(&swapped, rules);
    assert!(types::explicit_offset_faults(&swapped, &l, rules).is_empty());
}

/// Explicit offsets near 4 GiB on a struct and on a member of the struct nested in it add up
/// past what 32-bit offsets address: one fault, before any other check.
#[test]
fn vk_offset_faults_past_four_gibibytes() {
    let inner = Type::structure(StructType {
        name: "I".to_owned(),
        fields: vec![field("x", f(1)), pinned("y", f(4), 4_294_967_264)],
    });
    let outer = Type::structure(StructType {
        name: "S".to_owned(),
        fields: vec![field("a", f(1)), pinned("i", inner, 4_294_967_040)],
    });
    let rules = LayoutRules::Scalar;
    let faults = types::explicit_offset_faults(&outer, &TypeLayout::of(&outer, rules), rules);
    assert_eq!(faults.len(), 1);
    // 4294967040 + 4294967264 + 16 = 8589934320.
    assert!(faults[0].contains("up to byte 8589934320"), "{faults:?}");
}

/// `struct D : B { float b; }` with `B { float3 a; }`: the front end flattens `B`'s fields
/// first (`base_depth` 1), but the base is laid out as a member of its own, as DXC declares
/// it. std140 and std430 round `B` to 16 bytes, so `b` is at 16 (flattened, it would share
/// `a`'s row at 12); the scalar rules do not round, so `b` stays at 12. A base's base nests
/// one level deeper: with `E : D { float c; }`, `D` is 32 bytes under std430 (20 rounded
/// to its 16-byte alignment), so `c` is at 32.
#[test]
fn a_base_is_laid_out_as_a_member_of_its_own() {
    let inherited = |name: &str, ty: Type, depth: u8| StructField {
        base_depth: depth,
        ..field(name, ty)
    };
    let d = Type::structure(StructType {
        name: "D".into(),
        fields: vec![inherited("a", f(3), 1), field("b", f(1))],
    });
    assert_eq!(offsets(&d, LayoutRules::Std140), [0, 16]);
    assert_eq!(offsets(&d, LayoutRules::Std430), [0, 16]);
    assert_eq!(TypeLayout::of(&d, LayoutRules::Std430).size, 32);
    assert_eq!(offsets(&d, LayoutRules::Scalar), [0, 12]);
    let e = Type::structure(StructType {
        name: "E".into(),
        fields: vec![
            inherited("a", f(3), 2),
            inherited("b", f(1), 1),
            field("c", f(1)),
        ],
    });
    assert_eq!(offsets(&e, LayoutRules::Std430), [0, 16, 32]);
    // A base of one float under std140 takes a whole row: `b` at 16, not 4.
    let small = Type::structure(StructType {
        name: "S".into(),
        fields: vec![inherited("x", f(1), 1), field("y", f(1))],
    });
    assert_eq!(offsets(&small, LayoutRules::Std140), [0, 16]);
    assert_eq!(offsets(&small, LayoutRules::Std430), [0, 4]);
}

/// `struct C : A, B { float c; }` with `A { float a; }` and `B { float3 b; }`: each base is a
/// member of its own, as DXC declares them (`base_starts` marks where `B` begins). `B` starts
/// at its own alignment after `A` (16 under the relaxed std140 and std430 rules, where one
/// merged base would have put `b` at 4), and `c` after `B`'s rounded size. A base's own two bases nest alike.
#[test]
fn each_of_several_bases_is_a_member_of_its_own() {
    let inherited = |name: &str, ty: Type, depth: u8, starts: u8| StructField {
        base_depth: depth,
        base_starts: starts,
        ..field(name, ty)
    };
    let c = Type::structure(StructType {
        name: "C".into(),
        fields: vec![
            inherited("a", f(1), 1, 1),
            inherited("b", f(3), 1, 1),
            field("c", f(1)),
        ],
    });
    assert_eq!(offsets(&c, LayoutRules::RelaxedStd140), [0, 16, 32]);
    assert_eq!(offsets(&c, LayoutRules::RelaxedStd430), [0, 16, 32]);
    assert_eq!(offsets(&c, LayoutRules::Scalar), [0, 4, 16]);
    // Without the marks the two bases read as one: `b` shares `a`'s row.
    let merged = Type::structure(StructType {
        name: "M".into(),
        fields: vec![
            inherited("a", f(1), 1, 1),
            inherited("b", f(3), 1, 0),
            field("c", f(1)),
        ],
    });
    assert_eq!(offsets(&merged, LayoutRules::RelaxedStd430), [0, 4, 16]);
    // `E : C { float e; }`: C's bases are two levels up, the first also starts `C`.
    let e = Type::structure(StructType {
        name: "E".into(),
        fields: vec![
            inherited("a", f(1), 2, 0b11),
            inherited("b", f(3), 2, 0b10),
            inherited("c", f(1), 1, 0),
            field("e", f(1)),
        ],
    });
    assert_eq!(offsets(&e, LayoutRules::RelaxedStd430), [0, 16, 32, 48]);
}
