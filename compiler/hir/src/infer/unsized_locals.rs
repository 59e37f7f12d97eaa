//! Local arrays whose size nothing gives (`E2022`), in clang's words at the local: one
//! declared `[]` without an initializer to count ("definition of variable with array type
//! needs an explicit size or an initializer"), and one whose element is itself an array of
//! unknown size (`float2 a[3][]`: "array has incomplete element type 'float2[]'"), which no
//! initializer sizes. Parameters are left to the signature checks. Called by
//! `declare_local`.

use types::Type;

use super::{BodyNode, InferCtx};
use crate::body::LocalId;
use crate::codes;

impl InferCtx<'_> {
    /// Refuses local `id` of type `ty` (after its initializer sized it) when a size is missing.
    pub(super) fn check_unsized_local(&mut self, id: LocalId, ty: Option<&Type>, has_init: bool) {
        let Some(Type::Array { element, len }) = ty else {
            return;
        };
        let message = if let Some(inner) = unsized_inside(element) {
            format!("array has incomplete element type '{inner}'")
        } else if len.is_none() && !has_init {
            "definition of variable with array type needs an explicit size or an initializer"
                .to_owned()
        } else {
            return;
        };
        self.diag(codes::NOT_CONSTANT, BodyNode::Local(id), message);
    }
}

/// The first array of unknown size in `ty` (itself or an element of it).
fn unsized_inside(ty: &Type) -> Option<&Type> {
    match ty {
        Type::Array { len: None, .. } => Some(ty),
        Type::Array { element, .. } => unsized_inside(element),
        _ => None,
    }
}
