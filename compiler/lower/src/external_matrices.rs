//! DXC's refusal of column-major matrices of a non-float element type in memory a buffer
//! fills ("externally initialized non-floating-point column-major matrices not supported
//! yet"): SPIR-V has matrices of floats only, and DXC writes a non-float matrix as an array
//! of rows, which keeps the `row_major` order only. DXC lowers the types of every declared
//! buffer, so it refuses such a member whether the entry point reads it or not, at the
//! declaration: a `cbuffer`/`tbuffer` member or a `$Globals` member at its name, a
//! `ConstantBuffer`, `TextureBuffer` or structured buffer at the buffer's name. The backend
//! refuses it too, but only for the buffers the entry uses. Called by [`crate::resources`]
//! with the other declaration checks.

use hir::item_tree::{ItemIdx, ItemKind};
use hir::GlobalId;
use types::{MatrixOrientation, ResourceType, Type};

use crate::context::ModuleCtx;

/// The code of DXC's refusal of a column-major non-float matrix in a buffer.
pub const EXTERNAL_INT_MATRIX: &str = "E3294";

/// Whether `ty` holds a column-major matrix of a non-float element type that is more than
/// one row or column (a one-row or one-column matrix is a vector in SPIR-V).
fn has_column_major_non_float_matrix(ty: &Type) -> bool {
    match ty {
        Type::Matrix {
            scalar,
            orientation: MatrixOrientation::ColumnMajor,
            ..
        } => !scalar.is_float() && ty.one_row_or_column().is_none(),
        Type::Array { element, .. } => has_column_major_non_float_matrix(element),
        Type::Struct(s) => s
            .fields
            .iter()
            .any(|f| has_column_major_non_float_matrix(&f.ty)),
        _ => false,
    }
}

/// The data a buffer resource (or array of them) of type `ty` holds, if it is one whose
/// contents are laid out in memory.
fn buffer_contents(ty: &Type) -> Option<&Type> {
    match ty {
        Type::Array { element, .. } => buffer_contents(element),
        _ => match crate::resources::resource_of(ty)? {
            ResourceType::ConstantBuffer { element }
            | ResourceType::TextureBuffer { element }
            | ResourceType::StructuredBuffer { element, .. } => Some(element),
            _ => None,
        },
    }
}

impl ModuleCtx<'_> {
    /// E3294 on every global or `cbuffer` member whose buffer memory holds a column-major
    /// non-float matrix (see the module doc).
    pub(crate) fn check_external_int_matrices(&mut self) {
        let mut pending: Vec<(ItemIdx, bool)> = self
            .tree
            .top_level
            .iter()
            .rev()
            .map(|&i| (i, false))
            .collect();
        while let Some((i, in_cbuffer)) = pending.pop() {
            let v = match &self.tree.item(i).kind {
                ItemKind::Namespace(members) => {
                    pending.extend(members.iter().rev().map(|&m| (m, false)));
                    continue;
                }
                ItemKind::CBuffer(c) => {
                    pending.extend(c.members.iter().rev().map(|&m| (m, true)));
                    continue;
                }
                ItemKind::Variable(v) => v,
                _ => continue,
            };
            if v.is_static || v.groupshared || (!in_cbuffer && self.constant_id(i).is_some()) {
                continue;
            }
            let g = GlobalId::new(self.db, self.file, self.config, self.tree.item(i).ast);
            let Some(ty) = crate::enums::global_type(self.db, g) else {
                continue;
            };
            // A plain value outside a cbuffer is a `$Globals` member (or a push constant);
            // either is a buffer's memory.
            let contents = match buffer_contents(&ty) {
                Some(c) => c,
                None if crate::resources::resource_of(&ty).is_none() => &ty,
                None => continue,
            };
            if has_column_major_non_float_matrix(contents) {
                let range = crate::attrs::item_node(self, i)
                    .and_then(|n| n.children().find(|c| c.kind() == syntax::SyntaxKind::NAME))
                    .map(|n| n.text_range())
                    .unwrap_or_else(|| self.item_range(i));
                self.error(
                    EXTERNAL_INT_MATRIX,
                    "externally initialized non-floating-point column-major matrices not \
                     supported yet"
                        .to_owned(),
                    range,
                );
            }
        }
    }
}
