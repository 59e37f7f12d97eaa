//! One value per resource, so that bindings compare what they name, not how it was reached.
//!
//! A slot or resource local is bound to a resource pointer: a global, or an access chain
//! into a global array. Each `gt[0]` in the source builds an access chain of its own, so two
//! paths binding a slot to `gt[0]` would hold different values and their merge would look
//! like a run-time choice (E3020) where DXC's legalization sees one resource (its copy
//! propagation forwards the same load on both paths). Before a binding is recorded and
//! before the bindings of the paths of a selection or a loop are merged, an element of a
//! global array at a constant index becomes the one access chain at the top of the entry
//! block that stands for it (`resource_statics::static_pointer`).
//!
//! Called from `resource_structs.rs` (binding a slot or local, merging bindings).

use ir::Value;

use crate::func::FnLower;

impl FnLower<'_, '_> {
    /// The value standing for the resource `p` points at: the entry block's access chain for
    /// an element of a global array of resources at a constant index, `p` itself otherwise.
    pub(crate) fn same_resource_value(&mut self, p: Value) -> Value {
        let Some(r @ (_, Some(_))) = self.named_resource_value(p) else {
            return p;
        };
        let module = self.cx.mb.module();
        let ty = module.value_type(&module.functions[self.func], p);
        match ty {
            Some(types::Type::Pointer { pointee, .. }) if pointee.as_resource().is_some() => {
                self.static_pointer(r)
            }
            _ => p,
        }
    }
}
