//! `arr.Length`, the element count of a sized array: a deprecated member DXC still accepts
//! (with a warning, `hir`'s W2015), lowered to a `uint` constant. Called from `expr.rs`.

use hir::body::{Expr, ExprId};
use types::Type;

use crate::func::FnLower;

impl FnLower<'_, '_> {
    /// The length `e` reads when it is `arr.Length` of a sized array.
    pub fn array_length_member(&self, e: ExprId) -> Option<u32> {
        let Expr::Field { expr, name } = self.body.expr(e) else {
            return None;
        };
        if name != "Length" {
            return None;
        }
        match self.infer.type_of_expr(*expr)? {
            Type::Array { len: Some(n), .. } => Some(*n),
            _ => None,
        }
    }
}
