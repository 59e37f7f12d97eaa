//! `static` resources assigned in functions (`static Texture2D st; ... st = t1;`). DXC's
//! legalization inlines every call and follows the static's value through the entry point,
//! so an assignment is accepted where each use sees one known resource. Two forms are
//! resolved here, from the assignments of every function of the file:
//!
//! - every assignment (and the initializer, if any) names the same resource: the static is an
//!   alias of it everywhere, as a static with that initializer is (`resource_statics`), and
//!   the assignments have no effect;
//! - the static is named by one function only, which no function calls (an entry point, run
//!   once per invocation): that function tracks it like a resource local (a temporary slot
//!   bound to the initializer's resource, or unbound, when the function starts, rebound by
//!   each assignment), so a use after an `if` that assigns different resources on its arms
//!   is DXC's legalization failure (`E3020`), as for locals.
//!
//! A struct static holding resources, or a static array of resources, whose resource members
//! or elements one function rebinds (`m.t = t1;`, `ts[0] = t1;`) is tracked the same way
//! when that function is the only one naming it and no function calls it, and flows through
//! calls otherwise.
//!
//! Different resources assigned where several functions name the static make its resource
//! state that flows through calls (`static_flow`).

use crate::unparen;
use std::collections::BTreeSet;

use hir::body::{Body, Expr, ExprId};
use hir::item_tree::ItemIdx;
use hir::{InferenceResult, Resolution};
use syntax::ast::BinaryOp;

use crate::context::{GlobalRef, ModuleCtx, R};
use crate::func::FnLower;
use crate::resource_statics::StaticResource;
use ir::Value;

impl StaticUses {
    /// The functions naming the static.
    pub(crate) fn users(&self) -> &BTreeSet<ItemIdx> {
        &self.users
    }

    /// Whether a function rebinds a resource member or element of the static.
    pub(crate) fn rebinds_members(&self) -> bool {
        self.member_rebinds
    }
}

/// Where and what the functions of the file assign to one plain resource static.
pub(crate) struct StaticUses {
    /// The resource each assignment names (`None`: not one known resource).
    pub assigned: Vec<Option<StaticResource>>,
    /// The functions naming the static.
    users: BTreeSet<ItemIdx>,
    /// Whether a function calls one of `users`.
    users_called: bool,
    /// Whether a function assigns resources to a member of the static (or to the whole
    /// struct static).
    member_rebinds: bool,
}

/// How a plain resource static that functions assign is resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Assigned {
    /// Every assignment names this resource.
    Alias(StaticResource),
    /// Tracked through this function, the only one naming it.
    Tracked(ItemIdx),
    /// Tracked through every function naming it and their callers, its resource flowing
    /// through calls (`static_flow`).
    Flowing,
}

impl ModuleCtx<'_> {
    /// How the functions of the file, which assign a plain resource static as `uses` says,
    /// resolve it; its initializer names `initial` (`None` without one).
    pub(crate) fn static_assigned(
        uses: StaticUses,
        initial: Option<Option<StaticResource>>,
    ) -> Option<Assigned> {
        if uses.assigned.is_empty() {
            return None;
        }
        let mut all = uses.assigned.clone();
        if let Some(init) = initial {
            all.push(init);
        }
        if let Some(Some(r)) = all.first().copied() {
            if all.iter().all(|a| *a == Some(r)) {
                return Some(Assigned::Alias(r));
            }
        }
        match uses.users.first() {
            Some(&f) if uses.users.len() == 1 && !uses.users_called => Some(Assigned::Tracked(f)),
            _ => Some(Assigned::Flowing),
        }
    }

    /// How the functions of the file resolve struct static (or static array) `idx` holding
    /// resources whose resource members functions rebind: tracked through the one function
    /// naming it when no function calls that one, else flowing through calls
    /// (`static_flow`); `None` when nothing rebinds them.
    pub(crate) fn split_static_assigned(&mut self, idx: ItemIdx) -> Option<Assigned> {
        let uses = self.static_uses(idx);
        match uses.users.first() {
            _ if !uses.member_rebinds => None,
            Some(&f) if uses.users.len() == 1 && !uses.users_called => Some(Assigned::Tracked(f)),
            // Rebound where more than one function names it: flowing through calls.
            _ => Some(Assigned::Flowing),
        }
    }

    /// The assignments to static `idx` in every function of the file, and who names it.
    pub(crate) fn static_uses(&mut self, idx: ItemIdx) -> StaticUses {
        let target = self.tree.item(idx).ast;
        let mut uses = StaticUses {
            assigned: Vec::new(),
            users: BTreeSet::new(),
            users_called: false,
            member_rebinds: false,
        };
        let mut callees = BTreeSet::new();
        for fid in hir::functions(self.db, self.file, self.config) {
            let Some(f) = self.tree.by_ast(fid.ast(self.db)) else {
                continue;
            };
            let body = hir::body::body(self.db, fid);
            let infer = crate::enums::infer(self.db, fid);
            callees.extend(infer.calls.iter().copied());
            let names = |e: ExprId| matches!(infer.resolution(e), Some(Resolution::Global(a)) if *a == target);
            for (k, x) in body.exprs.iter().enumerate() {
                let e = ExprId(k as u32);
                if matches!(x, Expr::Path(_)) && names(e) {
                    uses.users.insert(f);
                }
                if let Expr::Binary {
                    op: BinaryOp::Assign { op: None },
                    lhs,
                    rhs,
                } = x
                {
                    if names(unparen(&body, *lhs)) {
                        let r = self.assigned_resource(&body, &infer, *rhs);
                        uses.assigned.push(r);
                    }
                    let holds = infer
                        .type_of_expr(*lhs)
                        .is_some_and(crate::resource_out::holds_resources);
                    if holds && member_root(&body, &infer, *lhs).is_some_and(names) {
                        uses.member_rebinds = true;
                    }
                }
            }
            // Passed to an `out`/`inout` parameter, which may rebind it (`resource_out`): a
            // plain resource static is assigned what the call hands back (not one resource
            // known before lowering), a member or element of a struct static or static array
            // (`mk(s.tex)`, `mk(s)`) is rebound.
            let rebound =
                crate::resource_array_args::rebinding_arguments(&self.tree, &body, &infer);
            for a in rebound {
                if !member_root(&body, &infer, a).is_some_and(names) {
                    continue;
                }
                let whole = unparen(&body, a);
                let plain = matches!(body.expr(whole), Expr::Path(_))
                    && matches!(infer.type_of_expr(whole), Some(types::Type::Resource(_)));
                if plain {
                    uses.assigned.push(None);
                } else {
                    uses.member_rebinds = true;
                }
            }
        }
        uses.users_called = uses
            .users
            .iter()
            .any(|&f| callees.contains(&self.tree.item(f).ast));
        uses
    }

    /// The resource `e` names when it is a resource global or a constant element of a
    /// global array; `None` for anything else (reported by no diagnostic: the caller decides).
    pub(crate) fn assigned_resource(
        &mut self,
        body: &Body,
        infer: &InferenceResult,
        e: ExprId,
    ) -> Option<StaticResource> {
        let known = self.assigned_item(body, infer, e)?;
        self.known_resource(known)
    }

    /// The resource global item `item` (at constant index `index`, if an element) is,
    /// declared now.
    pub(crate) fn known_resource(
        &mut self,
        (item, index): (ItemIdx, Option<i64>),
    ) -> Option<StaticResource> {
        match self.global_for(item).ok()? {
            GlobalRef::Var(g) => Some((g, index)),
            GlobalRef::CBufferMember(..) => None,
        }
    }
}

/// The name a member or element of which `e` is (`m.inner.t`, `m.texs[1]`), not through an
/// element of a resource (a buffer's memory is no part of the static).
fn member_root(body: &Body, infer: &InferenceResult, mut e: ExprId) -> Option<ExprId> {
    loop {
        match body.expr(e) {
            Expr::Path(_) => return Some(e),
            Expr::Paren(i) | Expr::Field { expr: i, .. } => e = *i,
            Expr::Index { base, .. } => {
                if matches!(infer.type_of_expr(*base), Some(types::Type::Resource(_))) {
                    return None;
                }
                e = *base;
            }
            _ => return None,
        }
    }
}

impl ModuleCtx<'_> {
    /// Whether a function of the file calls function `idx`.
    pub(crate) fn is_called(&self, idx: ItemIdx) -> bool {
        let target = self.tree.item(idx).ast;
        hir::functions(self.db, self.file, self.config)
            .iter()
            .any(|&fid| crate::enums::infer(self.db, fid).calls.contains(&target))
    }
}

impl FnLower<'_, '_> {
    /// A `static` local `l` of struct type `ty` holding resources that is not the same on
    /// every call (`resource_statics::static_split_is_local`): in a function no function
    /// calls (an entry point, run once per invocation) it is reached at most once, outside
    /// loops, so it is a split local whose data part is a private global (as any `static`
    /// local's), initialized where it is declared. Elsewhere each slot stands for one
    /// resource on every call (`static_local_alias`), or the local's resources flow from
    /// one call to the next (`static_flow`; `static_local_slots` decides which).
    pub(crate) fn static_split_local(
        &mut self,
        l: hir::body::LocalId,
        ty: &types::Type,
        range: syntax::TextRange,
    ) -> R<()> {
        let Some(split) = crate::resource_structs::split_type(ty) else {
            return Err(self.cx.unsupported(&format!("a local of type {ty}"), range));
        };
        if self.cx.flowing_local(self.item, l) {
            // Initialized by a call or a copy: its resources flow from call to call
            // (`static_flow`), its data part a private global; the declaration runs the
            // initializer on the first call only (`init_flowing_static_split`).
            let data =
                (split.data.clone()).map(|d| Value::Global(self.static_private(l, "", d, None).0));
            self.res
                .split
                .insert(l, crate::resource_structs::SplitLocal { split, data });
            self.res.static_once.insert(l);
            return Ok(());
        }
        // In a called function, every slot stands for one resource on every call
        // (`static_local_alias`): any other flows (`static_local_slots`).
        let aliases = if self.cx.is_called(self.item) {
            match self.local_static_split_aliases(l, &split) {
                Some(aliases) => Some(aliases),
                None => {
                    return Err(self.cx.unsupported(
                        "a `static` local holding resources in a function other functions \
                         call that neither keeps one resource per member nor flows through \
                         calls (a compiler bug: `static_local_slots` decides which flow)",
                        range,
                    ));
                }
            }
        } else {
            None
        };
        let data =
            (split.data.clone()).map(|d| Value::Global(self.static_private(l, "", d, None).0));
        self.res
            .split
            .insert(l, crate::resource_structs::SplitLocal { split, data });
        match aliases {
            Some(aliases) => {
                for (path, r) in aliases {
                    let p = self.static_pointer(r);
                    self.res
                        .slots
                        .insert((l, path), crate::resource_structs::Binding::Bound(p));
                }
                self.res.alias_statics.insert(l);
            }
            None => {
                self.res.static_once.insert(l);
            }
        }
        Ok(())
    }

    /// A `static` resource local `l` that is written: in a function no function calls it is
    /// reached at most once, outside loops, so it is a resource local. In a called function,
    /// where its resource would persist from one call to the next, it is an alias of the
    /// one resource every assignment (and the initializer) names, as a static global is
    /// (DXC's legalization sees that resource at every use), or its resource flows from call
    /// to call (`static_flow`).
    pub(crate) fn static_resource_local(
        &mut self,
        l: hir::body::LocalId,
        range: syntax::TextRange,
    ) -> R<()> {
        if self.cx.flowing_local(self.item, l) {
            // Its resource flows from call to call (`static_flow`): bound when the function
            // starts to what the caller gave it, rebound by assignments, never by its
            // declaration.
            self.res.static_once.insert(l);
            return Ok(());
        }
        if never_written(&self.body, l) {
            // Never given a resource: each use reads DXC's undefined value
            // (`resource_undefined`).
            self.res.static_once.insert(l);
            return Ok(());
        }
        if self.cx.is_called(self.item) {
            if let Some(r) = self.local_static_alias(l) {
                let p = self.static_pointer(r);
                self.locals[l.0 as usize] = Some(p);
                self.res.alias_statics.insert(l);
                return Ok(());
            }
            // Any other flows through calls (`static_flow`).
            return Err(self.cx.unsupported(
                "a `static` resource local in a function other functions call that neither \
                 keeps one resource nor flows through calls (a compiler bug: `static_flow` \
                 decides which flow)",
                range,
            ));
        }
        self.res.static_once.insert(l);
        Ok(())
    }

    /// The one resource (a global or a constant element of one) that every assignment to
    /// `static` resource local `l` and its initializer name, if they all name one.
    fn local_static_alias(&mut self, l: hir::body::LocalId) -> Option<StaticResource> {
        let body = self.body.clone();
        let infer = self.infer.clone();
        self.cx.static_local_alias(&body, &infer, l)
    }

    /// Binds, when the function starts, the statics it tracks (so that a slot exists on
    /// every path before the first `if`).
    pub(crate) fn bind_tracked_statics(&mut self) -> R<()> {
        let body = self.body.clone();
        let mut seen = BTreeSet::new();
        for (k, x) in body.exprs.iter().enumerate() {
            if !matches!(x, Expr::Path(_)) {
                continue;
            }
            let e = ExprId(k as u32);
            let Some(idx) = self.resource_static(e) else {
                continue;
            };
            if !seen.insert(idx) {
                continue;
            }
            // A struct static's binding is worked out only when this function tracks it (so
            // resources are declared in the order the code names them otherwise).
            let plain = matches!(self.infer.type_of_expr(e), Some(types::Type::Resource(_)));
            if !plain && self.cx.split_static_assigned(idx) != Some(Assigned::Tracked(self.item)) {
                continue;
            }
            let b = self.cx.static_binding(idx)?;
            if b.assigned == Some(Assigned::Tracked(self.item)) {
                self.static_struct_local(idx)?;
            }
        }
        // Statics whose resource flows through calls (`static_flow`).
        self.bind_flowing_statics()
    }

    /// Whether static `idx` is tracked in this function (its temporary may be rebound).
    pub(crate) fn tracks_static(&self, idx: ItemIdx) -> bool {
        match self.cx.static_resources.get(&idx).and_then(|b| b.assigned) {
            Some(Assigned::Tracked(f)) => f == self.item,
            Some(Assigned::Flowing) => self.cx.flows_through(idx, self.item),
            _ => false,
        }
    }

    /// Whether an assignment to static `idx` changes nothing (every assignment names the
    /// resource it already stands for).
    pub(crate) fn static_alias_assignment(&self, idx: ItemIdx) -> bool {
        self.cx
            .static_resources
            .get(&idx)
            .is_some_and(|b| matches!(b.assigned, Some(Assigned::Alias(_))))
    }
}

impl ModuleCtx<'_> {
    /// The one resource (a global or a constant element of one) that every assignment to
    /// `static` resource local `l` of `body` and its initializer name, if they all name one.
    pub(crate) fn static_local_alias(
        &mut self,
        body: &Body,
        infer: &InferenceResult,
        l: hir::body::LocalId,
    ) -> Option<StaticResource> {
        let all: Vec<Option<StaticResource>> = local_sources(body, l)
            .into_iter()
            .map(|e| e.and_then(|e| self.assigned_resource(body, infer, e)))
            .collect();
        let first = (*all.first()?)?;
        all.iter().all(|a| *a == Some(first)).then_some(first)
    }

    /// Whether [`Self::static_local_alias`] finds one resource, found without declaring
    /// the globals named (so that a scan of the file leaves the declaration order alone).
    pub(crate) fn has_static_local_alias(
        &self,
        body: &Body,
        infer: &InferenceResult,
        l: hir::body::LocalId,
    ) -> bool {
        let all: Vec<Option<(ItemIdx, Option<i64>)>> = local_sources(body, l)
            .into_iter()
            .map(|e| e.and_then(|e| self.assigned_item(body, infer, e)))
            .collect();
        match all.first() {
            Some(Some(first)) => all.iter().all(|a| a.as_ref() == Some(first)),
            _ => false,
        }
    }

    /// The resource global item (and constant index) `e` names, as
    /// [`Self::assigned_resource`] finds it but without declaring it.
    pub(crate) fn assigned_item(
        &self,
        body: &Body,
        infer: &InferenceResult,
        e: ExprId,
    ) -> Option<(ItemIdx, Option<i64>)> {
        let item = |cx: &Self, e: ExprId| -> Option<ItemIdx> {
            let Some(Resolution::Global(ast)) = infer.resolution(e) else {
                return None;
            };
            let item = cx.tree.by_ast(*ast)?;
            (!cx.is_resource_static(item) && cx.is_resource_item(item)).then_some(item)
        };
        match body.expr(e) {
            Expr::Paren(i) => self.assigned_item(body, infer, *i),
            Expr::Path(_) => Some((item(self, e)?, None)),
            Expr::Index { base, index } if matches!(body.expr(*base), Expr::Path(_)) => {
                let g = item(self, *base)?;
                let k = crate::resource_statics::const_index(self, body, infer, *index)?;
                Some((g, Some(k)))
            }
            _ => None,
        }
    }
}

/// What `static` resource local `l` of `body` is given: its initializer and the right-hand
/// side of every assignment to it, and `None` for each call it is an argument of (an `out`
/// argument may write it).
/// Whether local `l` of `body` has no initializer and is never assigned nor passed to a call.
pub(crate) fn never_written(body: &Body, l: hir::body::LocalId) -> bool {
    local_sources(body, l).is_empty()
}

fn local_sources(body: &Body, l: hir::body::LocalId) -> Vec<Option<ExprId>> {
    let mut all = Vec::new();
    if let Some(init) = body.local(l).init {
        all.push(Some(init));
    }
    for x in body.exprs.iter() {
        if let Expr::Binary {
            op: BinaryOp::Assign { .. },
            lhs,
            rhs,
        } = x
        {
            if matches!(body.expr(crate::unparen(body, *lhs)), Expr::Local(y) if *y == l) {
                all.push(Some(*rhs));
            }
        }
        if let Expr::Call { args, .. } | Expr::MethodCall { args, .. } = x {
            let names_l = |&a: &ExprId| matches!(body.expr(crate::unparen(body, a)), Expr::Local(y) if *y == l);
            if args.iter().any(names_l) {
                all.push(None);
            }
        }
    }
    all
}

impl FnLower<'_, '_> {
    /// The declaration of a struct `static` local whose resources flow from call to call
    /// (`static_flow`), initialized by `init`: where no earlier call ran the initializer
    /// (no slot holds a resource yet) it runs now, guarded by a flag global as for any
    /// `static` local; where an earlier call did (every slot holds one), nothing runs;
    /// where that depends on run-time control flow, DXC's legalization fails (E3020).
    pub(crate) fn init_flowing_static_split(
        &mut self,
        l: hir::body::LocalId,
        init: ExprId,
    ) -> R<()> {
        let paths = match self.res.split.get(&l) {
            Some(sl) => sl.split.resource_paths(),
            None => return Ok(()),
        };
        let held: Vec<Option<crate::resource_structs::Binding>> = paths
            .iter()
            .map(|p| self.res.slots.get(&(l, p.clone())).copied())
            .collect();
        let bound = |b: &Option<crate::resource_structs::Binding>| {
            matches!(b, Some(crate::resource_structs::Binding::Bound(_)))
        };
        if !held.is_empty() && held.iter().all(bound) {
            return Ok(());
        }
        if !held.iter().all(Option::is_none) {
            let labels = self.conflict_call_labels();
            return Err(self.cx.error_with_labels(
                crate::RESOURCE_NOT_LEGAL,
                crate::resource_structs::RUNTIME_CHOICE.to_owned(),
                self.expr_range(init),
                &labels,
            ));
        }
        let no = self.cx.mb.const_handle(ir::Constant::bool(false));
        let (flag, _) = self.static_private(l, "init", types::Type::BOOL, Some(no));
        let Some(merge) = self.first_time(flag) else {
            return Ok(());
        };
        self.init_split_local(l, init)?;
        self.br(merge);
        self.switch_to(merge);
        Ok(())
    }

    /// The declaration of flowing `static` resource local `l` (`static Texture2D t = x;`)
    /// with initializer `init`, in a copy given what the local holds: the first call (given
    /// nothing) binds it to the initializer's resource, a later one (given a resource) keeps
    /// that; where which call is first depends on run-time control flow, `E3020`.
    pub(crate) fn init_flowing_static_resource(
        &mut self,
        l: hir::body::LocalId,
        init: ExprId,
    ) -> R<()> {
        if self.res.conflicts.contains(&l) {
            let labels = self.conflict_call_labels();
            return Err(self.cx.error_with_labels(
                crate::RESOURCE_NOT_LEGAL,
                crate::resource_structs::RUNTIME_CHOICE.to_owned(),
                self.expr_range(init),
                &labels,
            ));
        }
        if self.locals[l.0 as usize].is_some() {
            return Ok(());
        }
        self.bind_resource_local(l, init)
    }
}
