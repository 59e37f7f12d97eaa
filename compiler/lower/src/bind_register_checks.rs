//! What DXC refuses under `-fvk-bind-register` (`E3303`), in its words at the resource's
//! name. With the flag, DXC binds every resource from the flag's table alone (its
//! `decorateResourceBindings` skips `[[vk::binding]]` and the automatic passes), so:
//! a resource without a `register(...)` ("-fvk-bind-register requires register
//! annotations on all resources"), a register the table does not name ("missing
//! -fvk-bind-register for resource"), and the counter of an RW, append or consume
//! structured buffer, which has no register of its own ("-fvk-bind-register for
//! RW/Append/Consume StructuredBuffer unimplemented", when the counter is declared: on its
//! first use, as DXC declares it).
//!
//! Called from `resources.rs` (`assign_bindings`) and `counters.rs` (`counter_for`).

use hir::item_tree::ItemIdx;
use syntax::{SyntaxKind, TextRange};

use crate::context::ModuleCtx;
use crate::resources::parse_register;

/// DXC's words for a resource without a register.
const NO_REGISTER: &str = "-fvk-bind-register requires register annotations on all resources";
/// DXC's words for a register the flag does not name.
const NOT_NAMED: &str = "missing -fvk-bind-register for resource";
/// DXC's words for a counter.
const COUNTER: &str = "-fvk-bind-register for RW/Append/Consume StructuredBuffer unimplemented";

impl ModuleCtx<'_> {
    /// Whether `-fvk-bind-register` was given.
    fn binds_registers(&self) -> bool {
        !self.options.bound_registers.is_empty()
    }

    /// The range of item `idx`'s name (its whole declaration when the name is not found).
    fn declared_name_range(&self, idx: ItemIdx) -> TextRange {
        let name = &self.tree.item(idx).name;
        crate::attrs::item_node(self, idx)
            .and_then(|n| {
                n.descendants_with_tokens()
                    .filter_map(|e| e.into_token())
                    .find(|t| t.kind() == SyntaxKind::IDENT && t.text() == name)
            })
            .map_or_else(|| self.item_range(idx), |t| t.text_range())
    }

    /// Under `-fvk-bind-register`: refuses resource item `idx` (its `register` arguments
    /// `register`) when the flag's table cannot bind it.
    pub(crate) fn check_bound_register(&mut self, idx: ItemIdx, register: Option<&Vec<String>>) {
        if !self.binds_registers() {
            return;
        }
        let message = match register {
            None => NO_REGISTER,
            Some(args) => match parse_register(args) {
                Some((class, n, space))
                    if self.options.bound_register(class, n, space).is_some() =>
                {
                    return;
                }
                _ => NOT_NAMED,
            },
        };
        let range = self.declared_name_range(idx);
        self.error(crate::BIND_REGISTER_REFUSED, message.to_owned(), range);
    }

    /// Under `-fvk-bind-register`: refuses the counter of the structured buffer item `idx`
    /// declares, when the counter is declared.
    pub(crate) fn check_bound_register_counter(&mut self, idx: Option<ItemIdx>) {
        let Some(idx) = idx.filter(|_| self.binds_registers()) else {
            return;
        };
        let range = self.declared_name_range(idx);
        self.error(crate::BIND_REGISTER_REFUSED, COUNTER.to_owned(), range);
    }
}
