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
//! initializer) makes the local flow through calls instead (`static_flow`). The rule is
//! `static_local_slots`'s, which decides it for the whole file before lowering: this module
//! asks it for the slots' resources (`ModuleCtx::split_slot_aliases`) and declares them.
//!
//! Called from `static_assign.rs`.

use hir::body::{Expr, ExprId, LocalId};

use crate::func::FnLower;
use crate::resource_statics::StaticResource;
use crate::resource_structs::{Binding, Split};

impl FnLower<'_, '_> {
    /// The one resource each slot of `static` struct local `l` (split as `split`) is ever
    /// assigned, when every write to `l` is an assignment of one known resource to one slot
    /// or a write of data; `None` otherwise. Slots never assigned are absent. The check is
    /// `static_local_slots`'s ([`ModuleCtx::split_slot_aliases`]), the resources declared
    /// here in the order it finds them.
    ///
    /// [`ModuleCtx::split_slot_aliases`]: crate::context::ModuleCtx::split_slot_aliases
    pub(crate) fn local_static_split_aliases(
        &mut self,
        l: LocalId,
        split: &Split,
    ) -> Option<Vec<(Vec<u32>, StaticResource)>> {
        let body = self.body.clone();
        let infer = self.infer.clone();
        // Any other initializer than a list gives its resources where it runs, checked there
        // (`init_alias_static_split`).
        let list = (body.local(l).init).filter(|&i| matches!(body.expr(i), Expr::InitList(_)));
        let known = self.cx.split_slot_aliases(&body, &infer, l, split, list)?;
        known
            .into_iter()
            .map(|(path, r)| Some((path, self.cx.known_resource(r)?)))
            .collect()
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
        (self.res.alias_statics.iter())
            .any(|&l| self.cx.steps_from(&self.body, &self.infer, l, e).is_some())
    }
}
