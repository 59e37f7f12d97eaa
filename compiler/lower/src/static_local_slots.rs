//! Which struct `static` locals holding resources, in a function other functions call, keep
//! one resource per slot on every call (aliases, `static_local_alias`) and which must flow
//! from call to call (`static_flow`), decided for the whole file before any function is
//! lowered (a flowing local is part of its callers' copies).
//!
//! A local is an alias only when every write to a resource slot is a plain assignment of
//! one known resource (a global or a constant element of one) to a slot named by members and
//! constant indices, each slot only ever given one resource (an initializer list counting as
//! the first assignment of each slot, by HLSL's flat rule), and nothing else can rebind a
//! slot: no method call on it or on a member struct, no user call taking it or a part of it
//! (which may be `out`), no write of a whole member struct or of the whole local. Anything
//! else makes it flow, which follows every form DXC's inlining does: `static S s = { a, b };
//! s.t = b;` (the second call reads `b`), `s.set(b)`, `rebind(s)` with `inout S`. The
//! check is conservative: whatever it calls an alias, `FnLower::local_static_split_aliases`
//! resolves.

use hir::body::{Body, Expr, ExprId, LocalId};
use hir::item_tree::ItemIdx;
use hir::InferenceResult;
use syntax::ast::BinaryOp;
use types::Type;

use crate::context::ModuleCtx;
use crate::resource_structs::{Member, Split};

/// One step from a local towards a part of it: a member name, or a constant element.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Step {
    Field(String),
    Element(i64),
}

/// A known resource: a global item and its constant index, if an element.
pub(crate) type Known = (ItemIdx, Option<i64>);

impl ModuleCtx<'_> {
    /// Whether struct `static` local `l` of `body` (split as `split`) keeps one known
    /// resource per slot on every call, as the module docs say.
    pub(crate) fn split_static_local_is_alias(
        &self,
        body: &Body,
        infer: &InferenceResult,
        l: LocalId,
        split: &Split,
    ) -> bool {
        let list = match body.local(l).init {
            // Any other initializer may give other resources on another call: it flows.
            Some(init) if !matches!(body.expr(init), Expr::InitList(_)) => return false,
            init => init,
        };
        self.split_slot_aliases(body, infer, l, split, list)
            .is_some()
    }

    /// The one known resource each slot of struct `static` local `l` of `body` (split as
    /// `split`) is given by initializer list `list` (if any) and by the writes of the body,
    /// as the module docs say: each slot's path (as `Split::resource_paths` gives it) with its
    /// resource, the list's first in order, then the writes' in the order they come; slots
    /// never given one are absent. `None` when a write or the list gives a slot anything
    /// else, or something may rebind one (`static_local_alias` resolves the same).
    pub(crate) fn split_slot_aliases(
        &self,
        body: &Body,
        infer: &InferenceResult,
        l: LocalId,
        split: &Split,
        list: Option<ExprId>,
    ) -> Option<Vec<(Vec<u32>, Known)>> {
        let slots = slot_steps(split);
        let mut given: Vec<(Vec<Step>, Known)> = Vec::new();
        if let Some(init) = list {
            let mut listed = Vec::new();
            if !self.list_resources(body, infer, init, &mut listed) || listed.len() != slots.len() {
                return None;
            }
            given.extend(slots.iter().cloned().zip(listed));
        }
        for (k, x) in body.exprs.iter().enumerate() {
            let e = ExprId(k as u32);
            if let Some(w) = crate::resource_choice::assigned_operand(x) {
                // Not a part of `l`: `None`.
                let Some(steps) = self.steps_from(body, infer, l, w) else {
                    continue;
                };
                let holds = infer
                    .type_of_expr(w)
                    .is_some_and(crate::resource_out::holds_resources);
                if !holds {
                    // Data (or a part of data).
                    continue;
                }
                // A whole member struct, the whole local, or a run-time element: `None`.
                let steps = steps.filter(|s| slots.contains(s))?;
                let Expr::Binary {
                    op: BinaryOp::Assign { op: None },
                    rhs,
                    ..
                } = x
                else {
                    return None;
                };
                let r = self.assigned_item(body, infer, *rhs)?;
                match given.iter().find(|(s, _)| *s == steps) {
                    Some((_, prev)) if *prev != r => return None,
                    Some(_) => {}
                    None => given.push((steps, r)),
                }
                continue;
            }
            let rebinds = match x {
                Expr::MethodCall { receiver, .. } => {
                    !matches!(infer.type_of_expr(*receiver), Some(Type::Resource(_)))
                        && self.steps_from(body, infer, l, *receiver).is_some()
                }
                Expr::Call { args, .. } => {
                    infer.resolution(e).is_some()
                        && args
                            .iter()
                            .any(|&a| self.steps_from(body, infer, l, a).is_some())
                }
                _ => false,
            };
            if rebinds {
                return None;
            }
        }
        let paths = split.resource_paths();
        let path_of = |steps: &Vec<Step>| {
            let at = slots.iter().position(|s| s == steps)?;
            paths.get(at).cloned()
        };
        given
            .iter()
            .map(|(steps, r)| Some((path_of(steps)?, *r)))
            .collect()
    }

    /// Appends the resources of initializer list `e` in HLSL's flat order; `false` when one
    /// is not a known resource (or a struct or array holding several).
    fn list_resources(
        &self,
        body: &Body,
        infer: &InferenceResult,
        e: ExprId,
        out: &mut Vec<Known>,
    ) -> bool {
        if let Expr::InitList(items) = body.expr(e) {
            return items
                .iter()
                .all(|&i| self.list_resources(body, infer, i, out));
        }
        match infer.type_of_expr(e) {
            Some(t) if crate::resource_out::holds_resources(t) => {
                match self.assigned_item(body, infer, e) {
                    Some(r) if matches!(t, Type::Resource(_)) => {
                        out.push(r);
                        true
                    }
                    _ => false,
                }
            }
            Some(t) if crate::resources::resource_of(t).is_some() => false,
            _ => true,
        }
    }

    /// The steps from local `l` to the place `e` names, when `e` is a part of `l` not inside
    /// a resource's memory; `Some(None)` for a part at a run-time element.
    pub(crate) fn steps_from(
        &self,
        body: &Body,
        infer: &InferenceResult,
        l: LocalId,
        mut e: ExprId,
    ) -> Option<Option<Vec<Step>>> {
        let mut steps = Vec::new();
        let mut known = true;
        loop {
            match body.expr(e) {
                Expr::Local(x) if *x == l => break,
                Expr::Paren(i) => e = *i,
                Expr::Field { expr, name } => {
                    steps.push(Step::Field(name.clone()));
                    e = *expr;
                }
                Expr::Index { base, index } => {
                    // An element of a buffer or texture member is the resource's memory.
                    if matches!(infer.type_of_expr(*base), Some(Type::Resource(_))) {
                        return None;
                    }
                    match crate::resource_statics::const_index(self, body, infer, *index) {
                        Some(k) => steps.push(Step::Element(k)),
                        None => known = false,
                    }
                    e = *base;
                }
                _ => return None,
            }
        }
        steps.reverse();
        Some(known.then_some(steps))
    }
}

/// The steps to each resource slot of `split`, in the order of `Split::resource_paths`.
fn slot_steps(split: &Split) -> Vec<Vec<Step>> {
    let mut out = Vec::new();
    for (i, m) in split.members.iter().enumerate() {
        let here = if split.is_array {
            Step::Element(i as i64)
        } else {
            Step::Field(split.names.get(i).cloned().unwrap_or_default())
        };
        match m {
            Member::Data(_) => {}
            Member::Resource => out.push(vec![here]),
            Member::ResourceArray(n) => {
                out.extend((0..*n).map(|k| vec![here.clone(), Step::Element(i64::from(k))]))
            }
            Member::Nested(sub, _) => out.extend(slot_steps(sub).into_iter().map(|p| {
                let mut q = vec![here.clone()];
                q.extend(p);
                q
            })),
        }
    }
    out
}
