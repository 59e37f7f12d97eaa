//! Uses of resources that are never assigned (`Texture2D t; ... t.Sample(s, uv)`, a struct
//! local whose resource member is never set, then `m.buf[0]`).
//!
//! DXC accepts such source and compiles it as long as its optimizer removes the use before
//! legalization (`docs/SPIR-V.rst`, "HLSL legalization"): there is no resource to name, so a
//! use that survives leaves a resource in function memory, which Vulkan forbids. Here a use
//! in a statement that never runs by compile-time conditions (the arm of an `if` whose
//! condition is a constant the other way, code after an arm that always leaves: the
//! `StaticFlow` of `resource_choice`) is compiled away with its statement, as the optimizer
//! removes it; any other use is E3020 at the use.
//!
//! Called from `stmt.rs` (each statement lowered in statically dead code goes through
//! [`FnLower::lower_dead_stmt`]) and `resource_structs.rs` (reading an unassigned slot).

use hir::body::StmtId;

use crate::context::{Unsupported, R};
use crate::func::FnLower;

impl FnLower<'_, '_> {
    /// The error of a use of a resource never assigned, at `range`: nothing reported in
    /// statically dead code or an unread local's initializer (its statement is dropped,
    /// `resource_unread`), E3020 anywhere else.
    pub(crate) fn unassigned_use(&mut self, range: syntax::TextRange) -> Unsupported {
        self.unassigned(range, "this resource is used before one is assigned to it")
    }

    /// [`Self::unassigned_use`] for a use of a plain `static` resource no function assigns.
    pub(crate) fn unassigned_static_use(&mut self, range: syntax::TextRange) -> Unsupported {
        self.unassigned(range, "this `static` resource is never assigned")
    }

    fn unassigned(&mut self, range: syntax::TextRange, what: &str) -> Unsupported {
        if self.res.flow.dead || self.res.dropping {
            self.res.dead_use = true;
            return Unsupported;
        }
        self.cx.error(
            crate::RESOURCE_NOT_LEGAL,
            format!(
                "{what}, so the use names no resource; DXC accepts this only where its \
                 optimizer removes the use (code that never runs by compile-time conditions), \
                 and its legalization fails otherwise"
            ),
            range,
        )
    }

    /// Lowers statement `s` of statically dead code; one that uses a resource never assigned
    /// is dropped whole, as DXC's optimizer drops it.
    pub(crate) fn lower_dead_stmt(&mut self, s: StmtId) -> R<()> {
        let saved = self.snapshot();
        match self.lower_stmt_here(s) {
            Err(_) if self.res.dead_use => {
                self.res.dead_use = false;
                self.restore(saved);
                Ok(())
            }
            r => r,
        }
    }
}
