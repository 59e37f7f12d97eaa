//! The operators DXC refuses on a `bool` lvalue, in its words ("operator cannot be used with a
//! bool lvalue", fxc's X3020): `++` and `--` (prefix and postfix), `<<=` and `>>=`, on a
//! `bool` of any shape. `b << 1` and `b += 1` stay valid (the `bool` promotes to `int`, and
//! the sum converts back). Called by `expr` while inferring those expressions.

use syntax::ast::ArithOp;
use types::{ScalarKind, Type};

use super::{BodyNode, InferCtx};
use crate::body::ExprId;
use crate::codes;

impl InferCtx<'_> {
    /// Reports `++`/`--` (or, with `Some(op)`, compound assignment `op=`) at `id` on a target
    /// of type `ty` when DXC refuses it on a `bool`. Returns whether it did.
    pub(super) fn bool_lvalue_op(&mut self, id: ExprId, ty: &Type, op: Option<ArithOp>) -> bool {
        if ty.scalar_kind() != Some(ScalarKind::Bool)
            || !matches!(op, None | Some(ArithOp::Shl | ArithOp::Shr))
        {
            return false;
        }
        self.diag(
            codes::INVALID_OPERANDS,
            BodyNode::Expr(id),
            "operator cannot be used with a bool lvalue".to_owned(),
        );
        true
    }
}
