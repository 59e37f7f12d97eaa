//! The labels of `E3020` where a resource depends on run-time control flow: which
//! assignments of which resources meet at the use.
//!
//! While a function is lowered, every resource local and slot of a struct local
//! ([`Rebound`]) keeps the assignments whose resource it may hold at this point of the code
//! ([`Origins`], part of the binding state `resource_structs` snapshots and merges): an
//! assignment replaces them, the merge of a selection or a loop unites those of its paths.
//! Where a use finds a resource chosen at run time, the error names each of them ("`ta`
//! assigned here"), as secondary labels of the diagnostic. Called from `resource_structs.rs`
//! (bindings and the error), `static_assign.rs`, `static_flow.rs` and `resource_statics.rs`
//! (the `static` forms of the error).

use std::collections::HashMap;

use hir::body::ExprId;
use syntax::TextRange;

use crate::context::{ModuleCtx, Unsupported};
use crate::func::FnLower;
use crate::resource_loops::Rebound;

/// One label: a range of the expanded tree and what happens there.
pub type Label = (TextRange, String);

/// The assignments whose resource each resource local or slot may hold.
#[derive(Debug, Clone, Default)]
pub struct Origins(HashMap<Rebound, Vec<Label>>);

impl Origins {
    /// `r` now holds the resource the assignment `at` gives, and only that.
    pub(crate) fn assign(&mut self, r: Rebound, at: Label) {
        self.0.insert(r, vec![at]);
    }

    /// Adds the assignments `other` keeps (the state at the end of another path).
    pub(crate) fn unite(&mut self, other: &Origins) {
        for (r, labels) in &other.0 {
            let mine = self.0.entry(r.clone()).or_default();
            for l in labels {
                if !mine.contains(l) {
                    mine.push(l.clone());
                }
            }
        }
    }

    /// The assignments whose resource `r` may hold.
    pub(crate) fn of(&self, r: &Rebound) -> &[Label] {
        self.0.get(r).map(Vec::as_slice).unwrap_or_default()
    }
}

impl ModuleCtx<'_> {
    /// Records an error with `code` at `range` of the expanded tree, with `labels` (ranges of
    /// the expanded tree) as its related locations; an error already recorded at that range
    /// with that message is not repeated (each copy of a function lowers its body).
    pub fn error_with_labels(
        &mut self,
        code: &'static str,
        message: String,
        range: TextRange,
        labels: &[Label],
    ) -> Unsupported {
        let (file, user) = hir::user_range(self.db, self.file, self.config, range);
        let mut d = syntax::Diagnostic::error(code, message, file, user);
        let seen = self
            .diagnostics
            .iter()
            .any(|x| x.code == d.code && x.range == d.range && x.message == d.message);
        if seen {
            return Unsupported;
        }
        for (r, what) in labels {
            let (lf, lr) = hir::user_range(self.db, self.file, self.config, *r);
            if lr != user || lf != file {
                d = d.with_related(lf, lr, what.clone());
            }
        }
        self.diagnostics.push(d);
        Unsupported
    }
}

impl FnLower<'_, '_> {
    /// Records that assignment `e` gives `r` the resource `p` points to.
    pub(crate) fn record_origin(&mut self, r: Rebound, p: ir::Value, e: ExprId) {
        let at = self.expr_range(e);
        let name = match self.resource_label_name(p) {
            Some(name) => format!("`{name}`"),
            None => "a resource".to_owned(),
        };
        let by_call = matches!(
            self.body.expr(e),
            hir::body::Expr::Call { .. } | hir::body::Expr::MethodCall { .. }
        );
        let what = match by_call {
            true => format!("{name} assigned by this call"),
            false => format!("{name} assigned here"),
        };
        self.res.origins.assign(r, (at, what));
    }

    /// `E3020` at `range`: the resource of `r` (when known) depends on run-time control flow;
    /// labelled with the assignments that meet there.
    pub(crate) fn runtime_choice_at(
        &mut self,
        r: Option<Rebound>,
        range: TextRange,
    ) -> Unsupported {
        // One label alone: the other paths assigned nothing.
        let labels = r
            .map(|r| self.res.origins.of(&r).to_vec())
            .unwrap_or_default();
        self.cx.error_with_labels(
            crate::RESOURCE_NOT_LEGAL,
            crate::resource_structs::RUNTIME_CHOICE.to_owned(),
            range,
            &labels,
        )
    }

    /// The name of the resource `p` points to, when it is a global or a constant element of
    /// one (`ts[2]`).
    fn resource_label_name(&self, p: ir::Value) -> Option<String> {
        let r = self.named_resource_value(p)?;
        Some(self.cx.resource_name(r))
    }
}
