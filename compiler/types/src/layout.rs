//! Buffer layout: size, alignment, member offsets, array strides, matrix strides and majorness
//! of a type placed in a constant or storage buffer, under the layout rules DXC uses for SPIR-V.
//! Called by `lower` (the layout stored on buffer globals), the backends (offsets and strides)
//! and `hir` (hover shows offsets).
//!
//! Rules, by [`LayoutRules`]:
//! - `Std140` / `Std430`: the GL rules. Vectors of 3 and 4 components align to 4 components;
//!   in std140 arrays, matrix vectors and structs also round their alignment up to 16 bytes.
//! - `RelaxedStd140` / `RelaxedStd430` (DXC's defaults for cbuffers and storage buffers): like
//!   the GL rules, but a vector member aligns only to its component, unless that would make it
//!   straddle a 16-byte boundary improperly, in which case it moves to the next 16-byte row.
//! - `Dx` (`-fvk-use-dx-layout` for cbuffers): HLSL's cbuffer packing in 16-byte rows. Scalars
//!   and vectors pack tightly but never straddle a row; arrays, matrices and structs start a
//!   new row, every array element and matrix vector starts a row, and the padding after the
//!   last element of an array or the last member of a struct is not part of its size, so the
//!   next member can use it.
//! - `Scalar`: everything aligns to its scalar component, and a struct's size is padded to
//!   its alignment: C's struct layout, as DXC lays out `-fvk-use-scalar-layout` since its
//!   pull request 7996 (before, a struct's tail padding could hold the next member).
//! - `DxStructured` (`-fvk-use-dx-layout` for storage buffers): the same rules, as D3D packs
//!   structured buffers.
//!
//! Bit-fields (`uint a : 4; uint b : 12;`) pack as DXC packs them for SPIR-V: a bit-field
//! shares the word of the member before it when that is a bit-field of the same type and the
//! word has room for it, at the next free bit; otherwise it is placed like a whole member of
//! its type, at bit 0. The layout of such a member is [`LayoutKind::BitField`].
//!
//! `[[vk::offset(N)]]` on a struct member ([`crate::StructField::offset`]) or a cbuffer member,
//! and `packoffset` on a cbuffer member, place that member at byte N whatever the rules say;
//! the members after it follow it by the rules. The struct's alignment is still that of its
//! members, and its size covers the furthest member end.
//!
//! A struct without members (`struct E {};`) has size 0; its alignment is 1 except under the
//! std140 rules, which round every struct's alignment up to 16.
//!
//! Matrices are laid out in HLSL terms: a `row_major` RxC matrix is R row vectors of C
//! components, a `column_major` one is C column vectors of R components; the matrix stride is
//! the distance between those vectors.
//!
//! A matrix with a single row or column is a vector for DXC (a `1x1` a scalar): it is laid
//! out as one, whatever its orientation, and relaxed placement moves it like a vector. The
//! exception is `Dx`, where a matrix stored as several one-component vectors (a
//! `column_major float1x3`, a `row_major float3x1`) keeps one 16-byte row per component.

use std::fmt::Write as _;

use crate::ty::{MatrixOrientation, ScalarKind, Type};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LayoutRules {
    /// Vector-relaxed std140: DXC's default for constant buffers.
    RelaxedStd140,
    /// Vector-relaxed std430: DXC's default for storage buffers.
    RelaxedStd430,
    /// Strict GL std140 (`-fvk-use-gl-layout`).
    Std140,
    /// Strict GL std430 (`-fvk-use-gl-layout`).
    Std430,
    /// HLSL cbuffer packing (`-fvk-use-dx-layout`).
    Dx,
    /// Scalar block layout (`-fvk-use-scalar-layout`).
    Scalar,
    /// D3D's structured buffer packing (`-fvk-use-dx-layout` for storage buffers, DXC's
    /// `FxcSBuffer`): the scalar layout, except that a struct's size is rounded up to its
    /// alignment, so the member after a nested struct starts past its tail padding.
    DxStructured,
}

impl LayoutRules {
    pub fn name(self) -> &'static str {
        match self {
            LayoutRules::RelaxedStd140 => "relaxed_std140",
            LayoutRules::RelaxedStd430 => "relaxed_std430",
            LayoutRules::Std140 => "std140",
            LayoutRules::Std430 => "std430",
            LayoutRules::Dx => "dx",
            LayoutRules::Scalar => "scalar",
            LayoutRules::DxStructured => "dx_structured",
        }
    }

    fn is_std140_like(self) -> bool {
        matches!(self, LayoutRules::RelaxedStd140 | LayoutRules::Std140)
    }

    fn relaxes_vectors(self) -> bool {
        matches!(
            self,
            LayoutRules::RelaxedStd140 | LayoutRules::RelaxedStd430 | LayoutRules::Dx
        )
    }
}

/// The layout of one type under some rules.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TypeLayout {
    pub size: u32,
    pub alignment: u32,
    pub kind: LayoutKind,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum LayoutKind {
    Scalar,
    Vector,
    /// `stride` is the distance between the row vectors (`RowMajor`) or column vectors.
    Matrix {
        stride: u32,
        orientation: MatrixOrientation,
    },
    Array {
        stride: u32,
        element: Box<TypeLayout>,
    },
    Struct {
        members: Vec<MemberLayout>,
    },
    /// Resources, pointers, void: not laid out in memory.
    Opaque,
    /// A bit-field of a struct in a buffer (`uint a : 4;`): bits `bit_offset ..
    /// bit_offset + width` of the integer at the member's offset, which consecutive bit-fields
    /// of the same type share while they fit (see [`TypeLayout::of`]'s struct rule).
    BitField {
        bit_offset: u32,
        width: u32,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MemberLayout {
    pub offset: u32,
    pub layout: TypeLayout,
}

/// The layout of a buffer's element type, stored on buffer globals.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BufferLayout {
    pub rules: LayoutRules,
    pub layout: TypeLayout,
}

impl BufferLayout {
    pub fn new(ty: &Type, rules: LayoutRules) -> BufferLayout {
        BufferLayout {
            rules,
            layout: TypeLayout::of(ty, rules),
        }
    }

    /// The layout of struct `ty` with some members at explicit offsets (`packoffset`, by
    /// member index; `None` or missing: placed after the previous member by `rules`).
    pub fn with_member_offsets(ty: &Type, rules: LayoutRules, offsets: &[Option<u32>]) -> Self {
        let layout = match ty {
            Type::Struct(s) if offsets.iter().any(Option::is_some) => {
                TypeLayout::of_struct(s, rules, offsets)
            }
            _ => TypeLayout::of(ty, rules),
        };
        BufferLayout { rules, layout }
    }
}

fn round_up(n: u32, align: u32) -> u32 {
    if align <= 1 {
        n
    } else {
        n.div_ceil(align).saturating_mul(align)
    }
}

/// Alignment of a vector under the GL rules.
fn std_vector_alignment(kind: ScalarKind, len: u8) -> u32 {
    let c = kind.size_in_buffer();
    match len {
        1 => c,
        2 => 2 * c,
        _ => 4 * c,
    }
}

/// A vector improperly straddles when it crosses a 16-byte boundary while smaller than 16
/// bytes, or starts off a 16-byte boundary while larger.
fn improper_straddle(offset: u32, size: u32) -> bool {
    if size == 0 {
        false
    } else if size <= 16 {
        offset / 16 != offset.saturating_add(size - 1) / 16
    } else {
        !offset.is_multiple_of(16)
    }
}

impl TypeLayout {
    /// Computes the layout of `ty` under `rules`.
    pub fn of(ty: &Type, rules: LayoutRules) -> TypeLayout {
        match ty {
            Type::Scalar(k) => {
                let s = k.size_in_buffer();
                TypeLayout {
                    size: s,
                    alignment: s,
                    kind: LayoutKind::Scalar,
                }
            }
            Type::Vector(k, n) => {
                let c = k.size_in_buffer();
                let alignment = match rules {
                    LayoutRules::Scalar | LayoutRules::DxStructured | LayoutRules::Dx => c,
                    _ => std_vector_alignment(*k, *n),
                };
                TypeLayout {
                    size: c * u32::from(*n),
                    alignment,
                    kind: LayoutKind::Vector,
                }
            }
            Type::Matrix { scalar, .. }
                if ty.one_row_or_column().is_some() && !stored_as_rows_of_one(ty, rules) =>
            {
                match ty.one_row_or_column() {
                    Some((_, n)) if n > 1 => TypeLayout::of(&Type::Vector(*scalar, n), rules),
                    _ => TypeLayout::of(&Type::Scalar(*scalar), rules),
                }
            }
            Type::Matrix {
                scalar,
                rows,
                cols,
                orientation,
            } => {
                let (count, len) = match orientation {
                    MatrixOrientation::RowMajor => (u32::from(*rows), *cols),
                    MatrixOrientation::ColumnMajor => (u32::from(*cols), *rows),
                };
                let c = scalar.size_in_buffer();
                let vec_size = c * u32::from(len);
                let (alignment, stride, size) = match rules {
                    LayoutRules::Std140 | LayoutRules::RelaxedStd140 => {
                        let a = round_up(std_vector_alignment(*scalar, len), 16);
                        (a, a, a.saturating_mul(count))
                    }
                    LayoutRules::Std430 | LayoutRules::RelaxedStd430 => {
                        let a = std_vector_alignment(*scalar, len);
                        (a, a, a.saturating_mul(count))
                    }
                    LayoutRules::Scalar | LayoutRules::DxStructured => {
                        (c, vec_size, vec_size.saturating_mul(count))
                    }
                    LayoutRules::Dx => {
                        let stride = round_up(vec_size, 16);
                        let size = stride
                            .saturating_mul(count.saturating_sub(1))
                            .saturating_add(vec_size);
                        (16, stride, size)
                    }
                };
                TypeLayout {
                    size,
                    alignment,
                    kind: LayoutKind::Matrix {
                        stride,
                        orientation: *orientation,
                    },
                }
            }
            Type::Array { element, len } => {
                let e = TypeLayout::of(element, rules);
                let n = len.unwrap_or(0);
                let (alignment, stride, size) = match rules {
                    LayoutRules::Std140 | LayoutRules::RelaxedStd140 => {
                        let a = round_up(e.alignment, 16);
                        let stride = round_up(e.size, a);
                        (a, stride, stride.saturating_mul(n))
                    }
                    LayoutRules::Std430
                    | LayoutRules::RelaxedStd430
                    | LayoutRules::Scalar
                    | LayoutRules::DxStructured => {
                        let stride = round_up(e.size, e.alignment);
                        (e.alignment, stride, stride.saturating_mul(n))
                    }
                    LayoutRules::Dx => {
                        let stride = round_up(e.size, 16);
                        let size = if n == 0 {
                            0
                        } else {
                            stride.saturating_mul(n - 1).saturating_add(e.size)
                        };
                        (16, stride, size)
                    }
                };
                TypeLayout {
                    size,
                    alignment,
                    kind: LayoutKind::Array {
                        stride,
                        element: Box::new(e),
                    },
                }
            }
            Type::Struct(s) => TypeLayout::of_struct(s, rules, &[]),
            // A buffer pointer is laid out as a `uint64_t` under every rule set (the
            // vk::BufferPointer proposal, "Buffer Pointer Data Size and Alignment").
            Type::BufferPointer { .. } => TypeLayout {
                size: 8,
                alignment: 8,
                kind: LayoutKind::Scalar,
            },
            // A reference to the enclosing struct is only ever a buffer pointer's pointee,
            // which no layout expands; were it asked for, it holds nothing.
            Type::StructRef(_) => TypeLayout {
                size: 0,
                alignment: 1,
                kind: LayoutKind::Scalar,
            },
            // An enum is stored as its underlying scalar (DXC lays `E` out as that type).
            Type::Enum(e) => TypeLayout::of(&Type::Scalar(e.underlying), rules),
            // `vk::SpirvType` declares its size and alignment (the same under every rule set,
            // as in DXC); `vk::SpirvOpaqueType` has none.
            Type::Spirv(t) => match t.layout {
                Some(l) => TypeLayout {
                    size: l.size,
                    alignment: l.alignment.max(1),
                    kind: LayoutKind::Scalar,
                },
                None => TypeLayout {
                    size: 0,
                    alignment: 1,
                    kind: LayoutKind::Opaque,
                },
            },
            Type::Void | Type::Resource(_) | Type::Pointer { .. } => TypeLayout {
                size: 0,
                alignment: 1,
                kind: LayoutKind::Opaque,
            },
        }
    }

    /// A struct's layout; member `i` goes at `explicit[i]` when that is given.
    fn of_struct(s: &crate::StructType, rules: LayoutRules, explicit: &[Option<u32>]) -> Self {
        let mut offset = 0;
        let mut end = 0u32;
        let mut max_align = 1;
        let mut members = Vec::with_capacity(s.fields.len());
        // The bit-field run the previous member ended: its offset, the next free bit and
        // its type.
        let mut run: Option<(u32, u32, &Type)> = None;
        // A derived struct's inherited fields (the front end puts them first) are laid out as
        // struct members of their own, one per base, as DXC declares the bases: under std140
        // the own fields start after the last base's size rounded to 16.
        let inherited = s.fields.iter().take_while(|f| f.base_depth > 0).count();
        for base in direct_bases(&s.name, &s.fields[..inherited]) {
            // An empty base is a member of its own type (`StructField::empty_base`), placed
            // like the base it stands for.
            if let [f] = base.fields.as_slice() {
                if f.is_empty_base() && f.base_depth == 0 {
                    let layout = TypeLayout::of(&f.ty, rules);
                    max_align = max_align.max(layout.alignment);
                    let at = place(offset, &f.ty, &layout, rules);
                    offset = at.saturating_add(layout.size);
                    end = offset;
                    members.push(MemberLayout { offset: at, layout });
                    continue;
                }
            }
            let ty = Type::structure(base);
            let Type::Struct(base) = &ty else { continue };
            let base_layout = TypeLayout::of_struct(base, rules, &[]);
            max_align = max_align.max(base_layout.alignment);
            let at = place(offset, &ty, &base_layout, rules);
            if let LayoutKind::Struct { members: inner } = base_layout.kind {
                members.extend(inner.into_iter().map(|m| MemberLayout {
                    offset: m.offset.saturating_add(at),
                    ..m
                }));
            }
            offset = at.saturating_add(base_layout.size);
            end = offset;
        }
        for (i, field) in s.fields.iter().enumerate().skip(inherited) {
            let mut layout = TypeLayout::of(&field.ty, rules);
            max_align = max_align.max(layout.alignment);
            // `[[vk::offset]]` overrules `packoffset`, which overrules the rules; DXC
            // checks neither for alignment or overlap ("no error checking").
            let pinned = field.offset.or(explicit.get(i).copied().flatten());
            offset = match pinned {
                Some(at) => at,
                None => place(offset, &field.ty, &layout, rules),
            };
            match field.bit_width {
                Some(width) => {
                    // DXC packs a bit-field into the previous member's word when that is a
                    // bit-field of the same type with room left for it; otherwise it starts
                    // a word of its own, placed as a whole member. One at an explicit
                    // offset starts its own word there.
                    let width = u32::from(width);
                    let bits = layout.size.saturating_mul(8);
                    let bit_offset = match run {
                        Some((at, next, ty))
                            if pinned.is_none() && *ty == field.ty && next + width <= bits =>
                        {
                            offset = at;
                            next
                        }
                        _ => 0,
                    };
                    layout.kind = LayoutKind::BitField { bit_offset, width };
                    run = Some((offset, bit_offset + width, &field.ty));
                }
                None => run = None,
            }
            members.push(MemberLayout {
                offset,
                layout: layout.clone(),
            });
            offset = offset.saturating_add(layout.size);
            end = end.max(offset);
        }
        // A struct without members asks for no alignment under the DX rules (DXC's
        // alignment calculator answers size 0, alignment 1 before any rounding to 16), so the
        // member after it starts where it stands. The std140 rules keep rounding it to 16:
        // Vulkan requires it of uniform buffers (DXC's unrounded offset there fails
        // validation, DXC issue 2882).
        let alignment =
            if rules.is_std140_like() || (rules == LayoutRules::Dx && !s.fields.is_empty()) {
                round_up(max_align, 16)
            } else {
                max_align
            };
        // DX cbuffer layout does not pad a struct's tail: the next member may use it.
        let size = if rules == LayoutRules::Dx {
            end
        } else {
            round_up(end, alignment)
        };
        TypeLayout {
            size,
            alignment,
            kind: LayoutKind::Struct { members },
        }
    }

    /// A readable listing of the layout with field names, one line per member, for tests,
    /// hover and the IR dump.
    pub fn describe(&self, ty: &Type) -> String {
        let mut out = String::new();
        describe_into(&mut out, self, ty, "", 0, 0);
        out
    }
}

/// Whether `ty` (a matrix with one row or column) is stored, under `rules`, as several vectors
/// of one component: only the `Dx` rules do that, for a `column_major` 1xN or a `row_major`
/// Nx1 matrix (each component starts a 16-byte row, as in FXC's cbuffer packing).
fn stored_as_rows_of_one(ty: &Type, rules: LayoutRules) -> bool {
    match ty {
        Type::Matrix {
            rows,
            cols,
            orientation,
            ..
        } if rules == LayoutRules::Dx => match orientation {
            MatrixOrientation::ColumnMajor => *rows == 1 && *cols > 1,
            MatrixOrientation::RowMajor => *cols == 1 && *rows > 1,
        },
        _ => false,
    }
}

/// The component kind of a type that relaxed rules place like a vector: vectors, and matrices
/// with one row or column (DXC treats those as vectors everywhere).
fn vector_like(ty: &Type) -> Option<ScalarKind> {
    match ty {
        Type::Vector(k, _) => Some(*k),
        _ => ty.one_row_or_column().map(|(k, _)| k),
    }
}

/// The offset of a member of layout `l` placed at or after `offset`.
pub(crate) fn place(offset: u32, ty: &Type, l: &TypeLayout, rules: LayoutRules) -> u32 {
    if let (Some(k), true) = (vector_like(ty), rules.relaxes_vectors()) {
        let c = k.size_in_buffer();
        // Vectors of 64-bit components keep their full alignment.
        let start = round_up(offset, if c <= 4 { c } else { l.alignment });
        if improper_straddle(start, l.size) {
            return round_up(start, 16);
        }
        return start;
    }
    round_up(offset, l.alignment)
}

fn describe_into(
    out: &mut String,
    l: &TypeLayout,
    ty: &Type,
    name: &str,
    offset: u32,
    depth: usize,
) {
    let indent = "  ".repeat(depth);
    let label = if name.is_empty() {
        String::new()
    } else {
        format!("{name}: ")
    };
    let _ = write!(
        out,
        "{indent}{label}{} offset={offset} size={} align={}",
        ty, l.size, l.alignment
    );
    match &l.kind {
        LayoutKind::Matrix {
            stride,
            orientation,
        } => {
            let major = match orientation {
                MatrixOrientation::RowMajor => "row_major",
                MatrixOrientation::ColumnMajor => "column_major",
            };
            let _ = writeln!(out, " matrix_stride={stride} {major}");
        }
        LayoutKind::Array { stride, element } => {
            let _ = writeln!(out, " array_stride={stride}");
            if let Type::Array { element: ety, .. } = ty {
                if matches!(
                    element.kind,
                    LayoutKind::Struct { .. }
                        | LayoutKind::Array { .. }
                        | LayoutKind::Matrix { .. }
                ) {
                    describe_into(out, element, ety, "[0]", offset, depth + 1);
                }
            }
        }
        LayoutKind::Struct { members } => {
            out.push('\n');
            if let Type::Struct(s) = ty {
                for (m, f) in members.iter().zip(&s.fields) {
                    describe_into(out, &m.layout, &f.ty, &f.name, offset + m.offset, depth + 1);
                }
            }
        }
        LayoutKind::BitField { bit_offset, width } => {
            let _ = writeln!(out, " bits={bit_offset}..{}", bit_offset + width);
        }
        _ => out.push('\n'),
    }
}

/// The byte offset `packoffset(TEXT)` names: `c5` is register 5 (80 bytes), `c5.y` its second
/// component (84); `None` for text that is not a constant register.
pub fn packoffset_bytes(text: &str) -> Option<u32> {
    let text: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let rest = text.strip_prefix(['c', 'C'])?;
    let (register, component) = match rest.split_once('.') {
        Some((r, c)) => (r, Some(c)),
        None => (rest, None),
    };
    let register: u32 = if register.is_empty() {
        0
    } else {
        register.parse().ok()?
    };
    let component = match component {
        None => 0,
        Some(c) => packoffset_component(c)?,
    };
    register.checked_mul(16)?.checked_add(component * 4)
}

/// The component a `packoffset` suffix names: `x`/`r` 0, `y`/`g` 1, `z`/`b` 2, `w`/`a` 3.
pub fn packoffset_component(suffix: &str) -> Option<u32> {
    match suffix {
        "x" | "r" => Some(0),
        "y" | "g" => Some(1),
        "z" | "b" => Some(2),
        "w" | "a" => Some(3),
        _ => None,
    }
}

/// The direct bases of struct `name` whose inherited fields are `inherited` (the fields with
/// a `base_depth`, first in the struct): one struct per base, a new one where a field starts
/// a base one level up (`StructField::base_starts`), each field one level shallower.
fn direct_bases(name: &str, inherited: &[crate::StructField]) -> Vec<crate::StructType> {
    let mut out: Vec<crate::StructType> = Vec::new();
    for (i, f) in inherited.iter().enumerate() {
        if i == 0 || f.base_starts & 1 != 0 {
            out.push(crate::StructType {
                name: name.to_owned(),
                fields: Vec::new(),
            });
        }
        if let Some(base) = out.last_mut() {
            base.fields.push(crate::StructField {
                base_depth: f.base_depth - 1,
                base_starts: f.base_starts >> 1,
                ..f.clone()
            });
        }
    }
    out
}

#[cfg(test)]
mod packoffset_tests {
    use super::packoffset_bytes;

    #[test]
    fn registers_and_components() {
        assert_eq!(packoffset_bytes("c0"), Some(0));
        assert_eq!(packoffset_bytes("c5.y"), Some(84));
        assert_eq!(packoffset_bytes("c12.w"), Some(204));
        assert_eq!(packoffset_bytes("c"), Some(0));
        assert_eq!(packoffset_bytes("c1 . z"), Some(24));
        assert_eq!(packoffset_bytes("t0"), None);
        assert_eq!(packoffset_bytes("c1.q"), None);
    }
}
