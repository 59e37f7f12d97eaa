//! The place a cast denotes when semantic analysis kept it as an lvalue (`hir`'s
//! `lvalue_casts`): `((int3)i4).x = 1`, `f_out((int3)i4)`. Called from `expr.rs` (`lvalue`).
//!
//! A vector cast to a vector of its element type with `m` components names the first `m`
//! components of the operand (a swizzle `.x..`), and a cast to the operand's own type names
//! the operand. A struct cast to one of its bases (`((B)d).a = 1`, `(B)d = b`, `f_inout((B)d)`)
//! names the derived struct's first fields, where its bases are laid out (`Place::Base`), as
//! DXC's access chain to the base.

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
            (Some(to @ Type::Struct(_)), Some(_)) => match self.lvalue(operand)? {
                Place::Ptr(p) | Place::Base(p, _) if self.is_base_prefix(&to, p) => {
                    Ok(Place::Base(p, to))
                }
                _ => Err(self.unsupported("assigning through a cast to a base struct", cast)),
            },
            _ => Err(self.unsupported("assigning through a cast to a base struct", cast)),
        }
    }

    /// Whether base struct `base`'s fields are the first fields of the struct `ptr` points to.
    fn is_base_prefix(&mut self, base: &Type, ptr: ir::Value) -> bool {
        let derived = self.type_of(ptr).pointee().map(|(_, t)| t.clone());
        match (base, derived) {
            (Type::Struct(b), Some(Type::Struct(d))) => {
                b.fields.len() <= d.fields.len()
                    && b.fields.iter().zip(&d.fields).all(|(x, y)| x.ty == y.ty)
            }
            _ => false,
        }
    }
}
