//! The place a cast denotes when semantic analysis kept it as an lvalue (`hir`'s
//! `lvalue_casts`): `((int3)i4).x = 1`, `f_out((int3)i4)`. Called from `expr.rs` (`lvalue`).
//!
//! A vector cast to a vector of its element type with `m` components names the first `m`
//! components of the operand (a swizzle `.x..`), and a cast to the operand's own type names
//! the operand. A struct cast to one of its bases (`(Base)derived = b`) is not lowered yet.

use hir::body::ExprId;
use types::Type;

use crate::context::R;
use crate::func::{FnLower, Place};

impl FnLower<'_, '_> {
    /// Whether `(T)operand` (the cast `cast`) is one of the casts this module lowers as a
    /// place rather than as a value.
    pub fn is_place_cast(&self, cast: ExprId, operand: ExprId) -> bool {
        match (
            self.infer.type_of_expr(cast),
            self.infer.type_of_expr(operand),
        ) {
            (Some(Type::Vector(to, m)), Some(Type::Vector(from, n))) => to == from && m <= n,
            (Some(to @ Type::Struct(_)), Some(from @ Type::Struct(_))) => to != from,
            _ => false,
        }
    }

    /// The place of a cast `is_place_cast` accepted.
    pub fn cast_place(&mut self, cast: ExprId, operand: ExprId) -> R<Place> {
        match (
            self.infer.type_of_expr(cast).cloned(),
            self.infer.type_of_expr(operand).cloned(),
        ) {
            (Some(Type::Vector(_, m)), Some(Type::Vector(_, n))) => {
                let base = self.lvalue(operand)?;
                if m == n {
                    return Ok(base);
                }
                Ok(Place::Swizzle(Box::new(base), (0..m).collect()))
            }
            _ => Err(self.unsupported("assigning through a cast to a base struct", cast)),
        }
    }
}
