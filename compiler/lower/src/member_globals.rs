//! A static member named through an instance of its struct (`t.M` for `static float4 M;` of
//! struct `T`): the static global itself, as `T::M` names it. The checker resolves such a
//! field to the member's declaration; `expr` asks here before lowering a field access.

use hir::body::{Expr, ExprId};
use hir::item_tree::ItemKind;
use ir::Value;

use crate::context::{GlobalRef, R};
use crate::func::{FnLower, Place};

impl FnLower<'_, '_> {
    /// Whether field access `e` names a static member (of a global variable's declaration).
    pub(crate) fn names_member_global(&self, e: ExprId) -> bool {
        matches!(self.body.expr(e), Expr::Field { .. })
            && matches!(self.infer.resolution(e), Some(hir::Resolution::Global(_)))
    }

    /// The place of the static member field access `e` names (see
    /// [`FnLower::names_member_global`]).
    pub(crate) fn member_global(&mut self, e: ExprId) -> R<Place> {
        let idx = match self.infer.resolution(e).cloned() {
            Some(hir::Resolution::Global(ast)) => self.cx.tree.by_ast(ast),
            _ => None,
        };
        let Some(idx) = idx.filter(|&i| matches!(self.cx.tree.item(i).kind, ItemKind::Variable(_)))
        else {
            return Err(self.unsupported("this static member", e));
        };
        match self.cx.global_for(idx)? {
            GlobalRef::Var(g) => Ok(Place::Ptr(Value::Global(g))),
            GlobalRef::CBufferMember(g, m) => {
                let m = self.fb().int(m as i32);
                Ok(Place::Ptr(self.fb().access_chain(Value::Global(g), &[m])))
            }
        }
    }
}
