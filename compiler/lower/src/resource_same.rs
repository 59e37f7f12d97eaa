//! One value per resource, so that bindings compare what they name, not how it was reached.
//!
//! A slot or resource local is bound to a resource pointer: a global, or an access chain
//! into a global array. Each `gt[0]` in the source builds an access chain of its own, so two
//! paths binding a slot to `gt[0]` would hold different values and their merge would look
//! like a run-time choice (E3020) where DXC's legalization sees one resource (its copy
//! propagation forwards the same load on both paths). Where the bindings of the paths of a
//! selection or a loop meet and disagree only so, they take the one access chain at the top
//! of the entry block that stands for the element (`resource_statics::static_pointer`); a
//! rebinding to the element a slot already holds keeps the slot's value.
//!
//! Likewise an element of a global resource array at an index known at compile time but not
//! written as a literal (`g[K]` with `static const int K`, `g[layer]` with a local holding one
//! constant, `local_constants`) is that one access chain, as DXC's constant propagation
//! makes its index a constant ([`FnLower::constant_element`]).
//!
//! Called from `resource_structs.rs` (binding a slot or local, merging bindings, the pointer
//! a resource expression denotes).

use hir::body::{Expr, ExprId};
use ir::Value;

use crate::context::R;
use crate::func::{FnLower, Place};

impl FnLower<'_, '_> {
    /// The one value for the resource both `a` and `b` point at, when they point at the same
    /// element of a global array of resources at a constant index through different access
    /// chains: the entry block's access chain for it. `None` when they differ (or are one
    /// value already).
    pub(crate) fn same_resource_value(&mut self, a: Value, b: Value) -> Option<Value> {
        if a == b {
            return None;
        }
        let r @ (_, Some(_)) = self.named_resource_value(a)? else {
            return None;
        };
        if self.named_resource_value(b)? != r {
            return None;
        }
        let module = self.cx.mb.module();
        let ty = module.value_type(&module.functions[self.func], a);
        match ty {
            Some(types::Type::Pointer { pointee, .. }) if pointee.as_resource().is_some() => {
                Some(self.static_pointer(r))
            }
            _ => None,
        }
    }

    /// For `g[i]`, `g` a global array of resources and `i` known at compile time (in
    /// bounds) but no literal: the entry block's access chain to that element.
    pub(crate) fn constant_element(&mut self, e: ExprId) -> R<Option<Value>> {
        let Expr::Index { base, index } = *self.body.expr(e) else {
            return Ok(None);
        };
        if !matches!(self.body.expr(base), Expr::Path(_)) || self.const_int(index).is_some() {
            return Ok(None);
        }
        let Some(k) = self.static_index(index) else {
            return Ok(None);
        };
        let Some(types::Type::Array {
            len: Some(len),
            element,
        }) = self.infer.type_of_expr(base)
        else {
            return Ok(None);
        };
        if element.as_resource().is_none() || k < 0 || k >= i64::from(*len) {
            return Ok(None);
        }
        let Place::Ptr(Value::Global(g)) = self.lvalue(base)? else {
            return Ok(None);
        };
        if self.cx.mb.module().globals[g].kind != ir::GlobalKind::Resource {
            return Ok(None);
        }
        Ok(Some(self.static_pointer((g, Some(k)))))
    }
}
