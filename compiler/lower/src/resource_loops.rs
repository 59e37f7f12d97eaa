//! Resources rebound inside loops (`for (...) { t = t0; use(t); t = t1; use(t); }`, or a
//! `static` whose resource flows through calls made in the loop, `static_flow`). DXC's
//! legalization accepts such a loop when every use sees one resource: a use after the
//! rebinding in the same iteration sees what was just assigned; only a use that may see
//! the resource of the previous iteration (or, after the loop, of any iteration) depends on
//! run-time control flow.
//!
//! Bindings are compile-time state and a loop's body is lowered once, so a loop whose body
//! rebinds a resource declared outside it is lowered from a snapshot (`snapshot`): if the
//! bindings at the end of the body differ from those at the loop's entry, the loop is
//! lowered again starting from their merge, in which those resources are conflicts (`E3020`
//! where read before being rebound in the iteration). After the loop, they are the merge of
//! the entry's and the body end's bindings; a `break` or `continue` in the body makes every
//! resource the body rebinds a conflict there (their bindings at the jumps are not kept).
//! A `switch` clause still may not rebind them (`resource_structs`).
//!
//! Called from `stmt.rs` (loops, `break`, `continue`) and `resource_structs.rs` (binding).

use std::collections::HashSet;

use hir::body::LocalId;

use crate::func::FnLower;
use crate::resource_structs::{Binding, BindingState};

/// A resource local (no path) or a slot of one, rebound inside a loop.
pub(crate) type Rebound = (LocalId, Option<Vec<u32>>);

/// The per-function state of loops that rebind resources.
#[derive(Debug, Default, Clone)]
pub struct LoopRebinds {
    /// For each loop being lowered, innermost last: what its body rebound that was declared
    /// outside it.
    touched: Vec<HashSet<Rebound>>,
    /// For each `switch` being lowered, innermost last: the bindings at the `break`s of one
    /// on a run-time selector (`None` for one on a constant selector), merged after it.
    switch_exits: Vec<Option<Vec<BindingState>>>,
    /// How many `break`s and `continue`s were lowered.
    pub(crate) jumps: u32,
    /// Whether the function holds anything a loop could rebind, once worked out.
    may_rebind: Option<bool>,
}

/// How far a loop's lowering went: the state it started from and what it saw.
pub(crate) struct LoopStart {
    before: BindingState,
    jumps: u32,
}

impl FnLower<'_, '_> {
    /// Starts lowering a `switch`, whose selector is known at compile time or not
    /// (`runtime`). Its clauses may rebind resources as the arms of an `if` do: the
    /// bindings after it merge those at its `break`s, at the end of the last clause and,
    /// without a `default`, before it ([`Self::close_switch`]).
    pub(crate) fn open_switch(&mut self, runtime: bool) {
        self.res.loops.switch_exits.push(runtime.then(Vec::new));
    }

    /// At a `break` leaving the innermost `switch` (one on a run-time selector): keeps the
    /// bindings there for the merge after it, unless the code never runs.
    pub(crate) fn switch_break(&mut self) {
        if self.res.flow.dead {
            return;
        }
        let state = self.binding_state();
        if let Some(Some(exits)) = self.res.loops.switch_exits.last_mut() {
            exits.push(state);
        }
    }

    /// Ends the innermost `switch`: for one on a run-time selector, the bindings at its
    /// `break`s, to merge with those that fall out of it.
    pub(crate) fn close_switch(&mut self) -> Vec<BindingState> {
        self.res
            .loops
            .switch_exits
            .pop()
            .flatten()
            .unwrap_or_default()
    }

    /// Records that `r`, declared at loop depth `declared`, was rebound here.
    pub(crate) fn record_loop_rebind(&mut self, r: Rebound, declared: u32) {
        if declared < self.res.loop_depth {
            if let Some(t) = self.res.loops.touched.last_mut() {
                t.insert(r);
            }
        }
    }

    /// Whether this function has resources a loop could rebind: locals or parameters
    /// holding resources, `this` of a struct holding them, `static`s holding them. Without,
    /// loops need no snapshot.
    pub(crate) fn loops_may_rebind(&mut self) -> bool {
        if let Some(m) = self.res.loops.may_rebind {
            return m;
        }
        let holds = |t: &types::Type| {
            crate::resource_out::holds_resources(t)
                || crate::resource_array_args::resource_array_len(t).is_some()
        };
        let locals = (0..self.body.locals.len()).any(|i| {
            self.infer
                .type_of_local(LocalId(i as u32))
                .is_some_and(holds)
        });
        let statics = (0..self.body.exprs.len())
            .any(|k| self.resource_static(hir::body::ExprId(k as u32)).is_some());
        let m = locals
            || statics
            || self.res.this_local.is_some()
            || !self.cx.statics_flowing_through(self.item).is_empty();
        self.res.loops.may_rebind = Some(m);
        m
    }

    /// When a loop starts.
    pub(crate) fn begin_loop(&mut self) -> LoopStart {
        self.res.loops.touched.push(HashSet::new());
        LoopStart {
            before: self.binding_state(),
            jumps: self.res.loops.jumps,
        }
    }

    /// When the loop's body ends (`end`: the bindings there, `None` when it does not reach
    /// its end): the bindings the loop must start from when they are not those it started
    /// from (lower it again from them; not after the `second_pass`), else `None`, having set
    /// the bindings after the loop.
    pub(crate) fn end_loop(
        &mut self,
        start: LoopStart,
        end: Option<BindingState>,
        second_pass: bool,
    ) -> Option<BindingState> {
        let touched = self.res.loops.touched.pop().unwrap_or_default();
        if touched.is_empty() {
            return None;
        }
        // The enclosing loop sees the rebinding too (when declared outside it as well; a
        // surplus entry only makes its merge look at one more resource).
        if let Some(outer) = self.res.loops.touched.last_mut() {
            outer.extend(touched.iter().cloned());
        }
        let jumped = self.res.loops.jumps != start.jumps;
        let mut merged = self.merged_bindings(&start.before, end.as_ref());
        if jumped {
            for (l, path) in &touched {
                match path {
                    Some(p) => {
                        merged.set_slot((*l, p.clone()), Binding::Conflict);
                    }
                    None => merged.set_local_conflict(*l),
                }
            }
        }
        let differs = touched
            .iter()
            .any(|r| start.before.binding_of(r) != merged.binding_of(r));
        if differs && !second_pass {
            return Some(merged);
        }
        self.restore_bindings(merged);
        None
    }

    /// The merge of `before` with `end` (the body's end, when it reaches it).
    fn merged_bindings(
        &mut self,
        before: &BindingState,
        end: Option<&BindingState>,
    ) -> BindingState {
        let now = self.binding_state();
        let states = match end {
            Some(e) => vec![before.clone(), e.clone()],
            None => vec![before.clone()],
        };
        self.merge_bindings(states);
        let merged = self.binding_state();
        self.restore_bindings(now);
        merged
    }
}
