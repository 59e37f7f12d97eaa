//! Values of zero-length arrays (`float z[0]`, `float y[0] = z;`, `S s[2][0]`): DXC accepts
//! them (clang's zero-length arrays) and, holding nothing, they are empty values here: no
//! memory, no stores, no IR parameter and no returned value. A copy, an assignment, an
//! argument or a `return` of one only runs what its expressions do besides their value
//! (calls); reading an element of one is an error at the use (`func.rs`, E3257: every index
//! is past its end). SPIR-V has no
//! arrays of length 0, so none reaches the backend: a struct member holding nothing is dropped
//! from the struct's IR type (`types::Type::ir_form`, through `enums.rs`). Called from `stmt.rs` (declarations,
//! `return`), `expr.rs` (assignments) and `context.rs` (signatures).

use hir::body::{Expr, ExprId};
use types::Type;

use crate::context::R;
use crate::func::FnLower;

/// Whether `t` holds no element: an array of length 0, or an array of such arrays.
pub fn is_empty(t: &Type) -> bool {
    types::holds_nothing(t)
}

impl FnLower<'_, '_> {
    /// Whether expression `e` is an empty value.
    pub(crate) fn is_empty_value(&self, e: ExprId) -> bool {
        self.infer.type_of_expr(e).is_some_and(is_empty)
    }

    /// The error for an element of a zero-length array read or written at `at`: clang (so
    /// DXC) does not check indices into one, but any is past its end, and SPIR-V has no
    /// arrays of length 0 (a constant index is semantic analysis's E2012).
    pub(crate) fn empty_element_error(
        &mut self,
        at: syntax::TextRange,
    ) -> crate::context::Unsupported {
        self.cx.error(
            crate::EMPTY_ARRAY_ELEMENT,
            "an element of a zero-length array: every index is past the end of the array \
             (which contains 0 elements)"
                .to_owned(),
            at,
        )
    }

    /// Runs what the empty value `e` does besides its value: the calls in it (a name, an
    /// element or a member of one does nothing).
    pub(crate) fn discard_empty(&mut self, e: ExprId) -> R<()> {
        match self.body.expr(e).clone() {
            Expr::Local(_) | Expr::Path(_) | Expr::Literal(_) | Expr::Missing => Ok(()),
            Expr::Paren(i) | Expr::Field { expr: i, .. } | Expr::Cast { expr: i, .. } => {
                self.discard_empty(i)
            }
            Expr::Index { base, index } => {
                self.discard_empty(base)?;
                self.lower_expr(index).map(|_| ())
            }
            Expr::InitList(items) => {
                for i in items {
                    self.lower_expr(i)?;
                }
                Ok(())
            }
            // A call returning an empty value returns nothing.
            _ => self.lower_expr(e).map(|_| ()),
        }
    }

    /// `lhs = rhs` of empty values: the calls in `rhs`, then nothing is stored. `None` when
    /// `lhs` is not an empty value.
    pub(crate) fn assign_empty(&mut self, lhs: ExprId, rhs: ExprId) -> Option<R<()>> {
        if !self.is_empty_value(lhs) {
            return None;
        }
        Some(
            self.discard_empty(rhs)
                .and_then(|()| self.discard_empty(lhs)),
        )
    }
}
