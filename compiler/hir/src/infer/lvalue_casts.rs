//! Casts that DXC keeps as lvalues: `place` (in `expr.rs`) asks `cast_keeps_place` whether
//! `(T)x` names (part of) `x`'s memory.
//!
//! DXC treats two kinds of C-style cast of an lvalue as an lvalue, so they can be assigned
//! to, passed to `out`/`inout` parameters and have members written through them:
//! - a vector truncated to a vector (or identity) of the same element type, `(int3)i4`,
//!   which names the first components (`((int3)i4).x = 1`);
//! - a struct cast to one of its bases, `(Base)derived`, which names the base's part.
//!
//! Any other cast (`(float4)i4`, a conversion of the elements) is a value.

use types::{StructType, Type};

use super::InferCtx;
use crate::body::ExprId;

/// How deep base-class chains are followed (a cycle is an error reported elsewhere).
const MAX_BASE_DEPTH: u32 = 16;

impl InferCtx<'_> {
    /// Whether the cast `cast` of `operand` denotes the operand's place (see the module
    /// comment); both types must be known.
    pub(super) fn cast_keeps_place(&self, cast: ExprId, operand: ExprId) -> bool {
        let (Some(to), Some(from)) = (
            self.result.type_of_expr(cast),
            self.result.type_of_expr(operand),
        ) else {
            return false;
        };
        match (to, from) {
            (Type::Vector(to_kind, m), Type::Vector(from_kind, n)) => {
                to_kind == from_kind && m <= n
            }
            (Type::Struct(base), Type::Struct(derived)) => {
                base == derived || self.is_base_struct(base, derived, 0)
            }
            _ => false,
        }
    }

    /// Whether `base` is a (direct or indirect) base of struct `derived`.
    pub(super) fn is_base_struct(
        &self,
        base: &StructType,
        derived: &StructType,
        depth: u32,
    ) -> bool {
        if depth > MAX_BASE_DEPTH {
            return false;
        }
        let Some((idx, _)) = self.tcx.struct_item(derived) else {
            return false;
        };
        let Some(s) = self.tree.strukt(idx) else {
            return false;
        };
        let inner = crate::lower_type::TypeCtx::inside(self.tree, self.scope, idx);
        s.bases.iter().any(|b| {
            matches!(inner.resolve(b, &mut Vec::new()),
                Some(Type::Struct(direct)) if *direct == *base
                    || self.is_base_struct(base, &direct, depth + 1))
        })
    }
}
