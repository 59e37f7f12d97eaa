//! `-fspv-preserve-bindings`: the module declares every resource, cbuffer, tbuffer and
//! `$Globals` of the file with its descriptor set and binding, whether the entry point uses
//! it or not, as DXC documents the flag ("preserves all bindings declared within the module,
//! even when those bindings are unused"). Without it, globals are declared on first use
//! ([`crate::resources`]), which drops the unused ones as DXC's optimizer does.
//!
//! Called from [`crate::lower_module_with`] after the entry point is lowered, so the used
//! globals keep the order their first use gave them.

use hir::item_tree::{ItemIdx, ItemKind};

use crate::context::ModuleCtx;
use crate::resource_globals::GlobalStruct;

impl ModuleCtx<'_> {
    /// Declares each bound item of the file the entry point left undeclared (only under
    /// `-fspv-preserve-bindings`). An item that cannot be declared on its own is left out
    /// without a diagnostic: it is unused, so nothing of the shader depends on it.
    pub(crate) fn declare_unused_resources(&mut self) {
        if !self.options.preserve_bindings {
            return;
        }
        for idx in self.bindings.bound_items() {
            self.declare_quietly(idx);
        }
        if !self.loose_globals().is_empty() {
            let before = self.diagnostics.len();
            if self.dollar_globals().is_err() {
                self.diagnostics.truncate(before);
            }
        }
    }

    fn declare_quietly(&mut self, idx: ItemIdx) {
        let before = self.diagnostics.len();
        let declared = match &self.tree.item(idx).kind {
            ItemKind::CBuffer(_) => self.cbuffer_for(idx).map(drop),
            // A global struct of resources is one global per member, declared where a member
            // is used (`resource_statics`).
            ItemKind::Variable(_)
                if matches!(self.global_struct(idx), Some(GlobalStruct::Resources(_))) =>
            {
                Ok(())
            }
            ItemKind::Variable(_) => self.global_for(idx).map(drop),
            _ => Ok(()),
        };
        if declared.is_err() {
            self.diagnostics.truncate(before);
        }
    }
}
