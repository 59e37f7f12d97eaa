//! `static` locals holding resources in a function other functions call, whose resources
//! every assignment gives one resource each: `M pick() { static M m; m.t = t0; m.k = 2;
//! return m; }`. The local keeps its value from one call to the next, so its resources would
//! have to flow through calls; but when each resource slot is only ever assigned one
//! resource (a global or a constant element of one), that slot stands for it on every call,
//! as DXC's legalization sees it after inlining. Such a local is an alias: a plain resource
//! local is bound to its resource when the function starts, a struct's slots likewise (its
//! data part a private global, as for any `static` local), and the assignments of resources
//! have no effect (`resource_structs::assign_resource`).
//!
//! An initializer list counts as the first assignment of each slot (HLSL's flat rule: the
//! list's resources fill the slots in order); it runs once, the first time the declaration
//! is reached, guarded by a flag global as for any `static` local
//! ([`FnLower::init_alias_static_split`]): its data goes to the private global, its
//! resources are the slots' aliases already.
//!
//! Anything else that could change a slot (an assignment of a whole struct or member
//! struct, a run-time index, a method call on it, passing it to a function, another
//! initializer) makes the local flow through calls instead (`static_local_slots` decides,
//! `static_flow`).
//!
//! Called from `static_assign.rs`.

use hir::body::{Expr, ExprId, LocalId};
use syntax::ast::BinaryOp;

use crate::func::FnLower;
use crate::resource_statics::StaticResource;
use crate::resource_structs::{Binding, Member, Split};

/// One step from a struct local towards one of its members.
enum Step {
    Field(String),
    Element(i64),
}

/// What an assigned place inside a split local is.
enum PartKind {
    /// A resource slot (its path).
    Slot(Vec<u32>),
    /// A data member (or a part of one).
    Data,
}

impl FnLower<'_, '_> {
    /// The one resource each slot of `static` struct local `l` (split as `split`) is ever
    /// assigned, when every write to `l` is an assignment of one known resource to one slot
    /// or a write of data; `None` otherwise. Slots never assigned are absent.
    pub(crate) fn local_static_split_aliases(
        &mut self,
        l: LocalId,
        split: &Split,
    ) -> Option<Vec<(Vec<u32>, StaticResource)>> {
        let body = self.body.clone();
        let mut out: Vec<(Vec<u32>, StaticResource)> = Vec::new();
        if let Some(init) = body.local(l).init {
            // Any other initializer gives its resources where it runs, checked there
            // (`init_alias_static_split`).
            if !matches!(body.expr(init), Expr::InitList(_)) {
                return self.split_writes_aliases(l, split, out);
            }
            // Each slot, in order, takes the list's next resource.
            let mut resources = Vec::new();
            self.list_resources(init, &mut resources);
            let paths = split.resource_paths();
            if resources.len() != paths.len() {
                return None;
            }
            for (path, r) in paths.into_iter().zip(resources) {
                out.push((path, r?));
            }
        }
        self.split_writes_aliases(l, split, out)
    }

    /// [`Self::local_static_split_aliases`] for the writes of the body, after the
    /// initializer's resources `out`.
    fn split_writes_aliases(
        &mut self,
        l: LocalId,
        split: &Split,
        mut out: Vec<(Vec<u32>, StaticResource)>,
    ) -> Option<Vec<(Vec<u32>, StaticResource)>> {
        let body = self.body.clone();
        for (k, x) in body.exprs.iter().enumerate() {
            let e = ExprId(k as u32);
            if let Some(w) = crate::resource_choice::assigned_operand(x) {
                let Some(steps) = self.steps_from(l, w) else {
                    continue;
                };
                match part_of(split, &steps)? {
                    PartKind::Data => continue,
                    PartKind::Slot(path) => {
                        // Only a plain assignment of one known resource.
                        let Expr::Binary {
                            op: BinaryOp::Assign { op: None },
                            rhs,
                            ..
                        } = x
                        else {
                            return None;
                        };
                        let r = self.cx.assigned_resource(&body, &self.infer, *rhs)?;
                        match out.iter().find(|(p, _)| *p == path) {
                            Some((_, prev)) if *prev != r => return None,
                            Some(_) => {}
                            None => out.push((path, r)),
                        }
                    }
                }
                continue;
            }
            match x {
                // A method of it (or of a member struct) may rebind its resources.
                Expr::MethodCall { receiver, .. } => {
                    let on_resource = matches!(
                        self.infer.type_of_expr(*receiver),
                        Some(types::Type::Resource(_))
                    );
                    if !on_resource && self.steps_from(l, *receiver).is_some() {
                        return None;
                    }
                }
                // A user function may take it as `out`.
                Expr::Call { args, .. }
                    if self.infer.resolution(e).is_some()
                        && args.iter().any(|&a| self.steps_from(l, a).is_some()) =>
                {
                    return None;
                }
                _ => {}
            }
        }
        Some(out)
    }

    /// The resources of initializer list `e` in order, as HLSL's flat rule places them
    /// (`None` for one that is not a global or a constant element of one, or a struct or
    /// array holding several).
    fn list_resources(&mut self, e: ExprId, out: &mut Vec<Option<StaticResource>>) {
        if let Expr::InitList(items) = self.body.expr(e).clone() {
            for i in items {
                self.list_resources(i, out);
            }
            return;
        }
        match self.infer.type_of_expr(e) {
            Some(t @ types::Type::Resource(_)) if crate::resources::resource_of(t).is_some() => {
                let body = self.body.clone();
                out.push(self.cx.assigned_resource(&body, &self.infer, e));
            }
            Some(t) if crate::resource_out::holds_resources(t) => out.push(None),
            Some(t) if crate::resources::resource_of(t).is_some() => out.push(None),
            _ => {}
        }
    }

    /// The declaration of aliasing `static` struct local `l` with initializer list `init`:
    /// the first time it is reached (a flag global says), the list fills the data part;
    /// the slots keep the aliases they were bound to when the function started (the
    /// list's own resources, checked by [`Self::local_static_split_aliases`]).
    pub(crate) fn init_alias_static_split(
        &mut self,
        l: LocalId,
        init: ExprId,
    ) -> crate::context::R<()> {
        let no = self.cx.mb.const_handle(ir::Constant::bool(false));
        let (flag, _) = self.static_private(l, "init", types::Type::BOOL, Some(no));
        let Some(merge) = self.first_time(flag) else {
            return Ok(());
        };
        let saved: Vec<_> = (self.res.slots.iter())
            .filter(|((x, _), _)| *x == l)
            .map(|(k, v)| (k.clone(), *v))
            .collect();
        self.init_split_local(l, init)?;
        // Any initializer but a list: each slot keeps the resource it gives, which must be
        // the one later assignments give (if any) and the same in every copy of the
        // function, as the first call, whichever copy makes it, runs it.
        let given = if matches!(self.body.expr(init), Expr::InitList(_)) {
            Vec::new()
        } else {
            self.initializer_aliases(l, init, &saved)?
        };
        self.res.slots.retain(|(x, _), _| *x != l);
        self.res.slots.extend(saved);
        for (path, r) in given {
            let p = self.static_pointer(r);
            self.res.slots.insert((l, path), Binding::Bound(p));
        }
        self.br(merge);
        self.switch_to(merge);
        Ok(())
    }

    /// The resource each slot of aliasing `static` struct local `l` holds after its
    /// initializer `init` (not a list) ran, checked against the slots' aliases `saved`
    /// and the other copies of the function; E3001 where it is no one known resource or
    /// disagrees.
    fn initializer_aliases(
        &mut self,
        l: LocalId,
        init: ExprId,
        saved: &[(crate::resource_structs::Slot, Binding)],
    ) -> crate::context::R<Vec<(Vec<u32>, StaticResource)>> {
        let paths = match self.res.split.get(&l) {
            Some(sl) => sl.split.resource_paths(),
            None => Vec::new(),
        };
        let mut given = Vec::new();
        for path in paths {
            let r = match self.res.slots.get(&(l, path.clone())).copied() {
                Some(Binding::Bound(p)) => self.named_resource_value(p),
                _ => None,
            };
            let before = saved.iter().find(|((_, p), _)| *p == path).map(|(_, b)| *b);
            let agrees = match (r, before) {
                (Some(r), Some(Binding::Bound(p))) => self.named_resource_value(p) == Some(r),
                (Some(_), None) => true,
                _ => false,
            };
            let Some(r) = r.filter(|_| agrees) else {
                return Err(self.unsupported(
                    "this initializer of a `static` local in a function other functions call, \
                     which gives it a resource other than one known resource, or not the one \
                     its later assignments give",
                    init,
                ));
            };
            given.push((path, r));
        }
        let template_args = (self.cx.template_args.get(&self.func).cloned()).unwrap_or_default();
        let key = (self.item, template_args, l, "");
        match self.cx.static_initializer_resources.get(&key) {
            Some(first) if *first != given => {
                return Err(self.unsupported(
                    "this initializer of a `static` local, which gives it different resources \
                     in different copies of the function (the resources of the first call \
                     would be kept)",
                    init,
                ));
            }
            Some(_) => {}
            None => {
                self.cx
                    .static_initializer_resources
                    .insert(key, given.clone());
            }
        }
        Ok(given)
    }

    /// Whether `e` is an aliasing `static` local or a part of one (whose resource slots
    /// assignments leave as they are).
    pub(crate) fn alias_static_part(&self, e: ExprId) -> bool {
        let aliases: Vec<LocalId> = self.res.alias_statics.iter().copied().collect();
        aliases.into_iter().any(|l| self.steps_from(l, e).is_some())
    }

    /// The steps from local `l` to the place `e` names (`m.inner.t`, `m.ts[1]`), when `e` is
    /// a part of `l` not inside a resource's memory; an element at a run-time index is
    /// `Element(-1)`, which names no slot.
    fn steps_from(&self, l: LocalId, mut e: ExprId) -> Option<Vec<Step>> {
        let mut steps = Vec::new();
        loop {
            match self.body.expr(e) {
                Expr::Local(x) if *x == l => break,
                Expr::Paren(i) => e = *i,
                Expr::Field { expr, name } => {
                    steps.push(Step::Field(name.clone()));
                    e = *expr;
                }
                Expr::Index { base, index } => {
                    // An element of a buffer or texture member is the resource's memory.
                    if matches!(
                        self.infer.type_of_expr(*base),
                        Some(types::Type::Resource(_))
                    ) {
                        return None;
                    }
                    steps.push(Step::Element(self.static_index(*index).unwrap_or(-1)));
                    e = *base;
                }
                _ => return None,
            }
        }
        steps.reverse();
        Some(steps)
    }
}

/// What `steps` from a split struct reach: a resource slot, data, or (`None`) anything
/// else (a whole member struct, an element at a run-time index, an unknown member).
fn part_of(split: &Split, steps: &[Step]) -> Option<PartKind> {
    let mut cur = split;
    let mut path = Vec::new();
    let mut rest = steps.iter();
    while let Some(step) = rest.next() {
        let i = match step {
            Step::Field(name) if !cur.is_array => cur.names.iter().position(|n| n == name)?,
            Step::Element(k) if cur.is_array => usize::try_from(*k).ok()?,
            _ => return None,
        };
        path.push(i as u32);
        match cur.members.get(i)? {
            Member::Data(_) => return Some(PartKind::Data),
            Member::Resource => return rest.next().is_none().then_some(PartKind::Slot(path)),
            Member::ResourceArray(n) => {
                let Some(Step::Element(k)) = rest.next() else {
                    return None;
                };
                let k = u32::try_from(*k).ok().filter(|k| k < n)?;
                path.push(k);
                return rest.next().is_none().then_some(PartKind::Slot(path));
            }
            Member::Nested(sub, _) => cur = sub,
        }
    }
    // The whole struct, or a whole member struct.
    None
}
