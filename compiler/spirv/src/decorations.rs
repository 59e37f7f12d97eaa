//! Layout decorations of buffer struct members: `Offset`, and for float matrices (or arrays
//! of them) `MatrixStride` with the majorness swapped as DXC does: HLSL matrices are stored
//! transposed, so an HLSL `row_major` matrix is `ColMajor` in SPIR-V and `column_major` is
//! `RowMajor`. Array strides are decorated where arrays are made (`types`). A matrix with one
//! row or column is a vector (or an array of scalars) in SPIR-V and gets neither.

use rspirv::dr::Operand;
use rspirv::spirv::{Decoration, Word};
use types::{LayoutKind, MatrixOrientation, MemberLayout, Type, TypeLayout};

use crate::context::Ctx;

/// The matrix layout under a member of type `ty`, looking through arrays.
fn matrix_layout(ty: &Type, layout: &TypeLayout) -> Option<(u32, MatrixOrientation)> {
    match (ty, &layout.kind) {
        (
            Type::Matrix { scalar, .. },
            LayoutKind::Matrix {
                stride,
                orientation,
            },
        ) if crate::types::is_float_matrix(*scalar) && ty.one_row_or_column().is_none() => {
            Some((*stride, *orientation))
        }
        (Type::Array { element, .. }, LayoutKind::Array { element: el, .. }) => {
            matrix_layout(element, el)
        }
        _ => None,
    }
}

impl Ctx<'_> {
    pub fn member_layout_decorations(
        &mut self,
        struct_id: Word,
        member: u32,
        ty: &Type,
        m: &MemberLayout,
    ) {
        self.member_decorate(
            struct_id,
            member,
            Decoration::Offset,
            &[Operand::LiteralBit32(m.offset)],
        );
        if let Some((stride, orientation)) = matrix_layout(ty, &m.layout) {
            self.member_decorate(
                struct_id,
                member,
                Decoration::MatrixStride,
                &[Operand::LiteralBit32(stride)],
            );
            let major = match orientation {
                MatrixOrientation::RowMajor => Decoration::ColMajor,
                MatrixOrientation::ColumnMajor => Decoration::RowMajor,
            };
            self.member_decorate(struct_id, member, major, &[]);
        }
    }
}
