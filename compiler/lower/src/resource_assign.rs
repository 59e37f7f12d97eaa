//! An assignment of resources used as a value: `c = b = a;` and `(b = a).t.Sample(s, uv)`
//! for structs holding resources, `x = y = tex;` for resource locals.
//!
//! An assignment expression's value is what was assigned, and, as resources are bound at
//! compile time (`resource_structs`), so are its resources: lowering the assignment rebinds
//! its left side, which then denotes the value. The assignment is lowered once per
//! statement, as the expression may be looked at more than once (a denotation, then the
//! place of a member).
//!
//! Called from `resource_structs.rs` (`denote`, places) and `expr.rs` (`is_place_expr`).

use hir::body::{Expr, ExprId};
use syntax::ast::BinaryOp;

use crate::context::R;
use crate::func::FnLower;

impl FnLower<'_, '_> {
    /// Whether `e` is a plain assignment (`=`) of a resource or a struct holding resources.
    pub(crate) fn is_resource_assignment(&self, e: ExprId) -> bool {
        matches!(
            self.body.expr(e),
            Expr::Binary {
                op: BinaryOp::Assign { op: None },
                ..
            }
        ) && self.holds_resources(e)
    }

    /// For a plain assignment `lhs = rhs` of resources used as a value: performs it (the
    /// first time in the statement) and gives `lhs`, which now holds the value; `None` for
    /// any other expression.
    pub(crate) fn assigned_target(&mut self, e: ExprId) -> Option<R<ExprId>> {
        if !self.is_resource_assignment(e) {
            return None;
        }
        let Expr::Binary { lhs, .. } = *self.body.expr(e) else {
            return None;
        };
        if self.res.assigned.insert(e) {
            if let Err(u) = self.lower_expr(e) {
                return Some(Err(u));
            }
        }
        Some(Ok(lhs))
    }
}
