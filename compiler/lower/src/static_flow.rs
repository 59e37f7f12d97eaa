//! A `static` resource assigned different resources in several functions
//! (`static Texture2D st; void a() { st = t0; } void b() { st = t1; }`), or a struct static
//! (or static array) whose resources functions other than one entry rebind. DXC inlines every
//! call, so its legalization follows the static's value through the entry point and accepts
//! the shader wherever each use sees one resource. hlslc follows it the same way without
//! inlining: the static's current resource is state that flows through calls, the way
//! resources flow through `inout` parameters (`resource_out`).
//!
//! Such a static ([`Assigned::Flowing`]) flows through the functions that name it and every
//! function calling one of them, transitively (its *flow set*). Each of them tracks it in a
//! slot, like a resource local: an entry (a function no function calls) starts from the
//! initializer's resource (or none), a called function from the resource its caller's slot
//! held at the call, which picks the callee's copy (a key of [`crate::context::FunctionKey`],
//! as functions taking resources are compiled once per distinct resource). Each `return`
//! of a called copy records the resource its slot holds (where they disagree, a resource
//! chosen by run-time control flow), and the caller rebinds its slot to it after the call.
//! A use where the slot depends on run-time control flow, in the caller or in a callee it
//! passes that on to, is the `E3020` of resource locals (DXC's legalization fails there);
//! one where nothing was assigned, that of an unassigned resource.
//!
//! An element of a global array at a run-time index (`st = ts[i]`) flows too: a caller's
//! slot holding one picks a copy given that array ([`Held::Element`]), which takes the index
//! as an `int` parameter after its declared ones; a copy whose `return`s leave one hands the
//! index back through a hidden `out int` parameter, as returned elements do
//! (`resource_handed`, [`Held::Handed`]), and the caller's slot indexes the array with it.
//!
//! A `static` resource local of a called function (`void h(Texture2D a, bool set) { static
//! Texture2D t; if (set) t = a; use(t); }`) is one variable shared by every call and copy of
//! the function, so it flows the same way ([`StaticId::Local`]): its flow set is the function
//! declaring it and, transitively, its callers; in the declaring function the local itself
//! is the slot (bound, when a copy starts, to what the caller gave it, and never rebound by
//! its declaration), elsewhere a temporary. A read before any call assigned it is the
//! `E3020` of an unassigned resource, as DXC's legalization fails there too. A struct
//! `static` local initialized by a call or a copy (`static S s = make(x);`) flows the same
//! way, one slot per resource member: its declaration runs the initializer (guarded by a
//! flag global) where no slot holds a resource yet, i.e. on the first call, and nothing
//! where every slot does; where that depends on run-time control flow, `E3020`. So do a
//! plain resource local initialized by anything but one known resource (`static Texture2D t
//! = x;`, `x` a parameter: the first call's copy binds it, later copies keep what they are
//! given, `FnLower::init_flowing_static_resource`; one initialized with an element at a
//! run-time index, `static Texture2D t = ts[i];`, hands the first call's index back and
//! later copies take it) and any struct local that does not keep one known resource per
//! slot on every call (`static_local_slots`: `static S s = { a, 1 }; s.t = x;`,
//! `s.set(b)`, `rebind(s)`). A copy that leaves an element it was given as it came hands
//! back [`Held::Element`]: the caller's slot stays as it was.
//!
//! Called from `static_assign.rs` (the slots when a function starts), `user_call.rs` (calls)
//! and `resource_out.rs` (returns).

use std::collections::{BTreeSet, HashMap};

use hir::body::LocalId;
use hir::item_tree::{ItemIdx, ItemKind};
use ir::Func;

use crate::context::{ModuleCtx, R};
use crate::func::FnLower;
use crate::resource_statics::StaticResource;
use crate::resource_structs::Binding;
use crate::static_assign::Assigned;

/// What a flowing static holds at a call or a `return`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Held {
    /// Nothing assigned yet.
    Unbound,
    /// A global or a constant element of one.
    Named(StaticResource),
    /// A resource chosen by run-time control flow: only a use of it is an error.
    Conflict,
    /// An element of the global array at a run-time index, given to a copy with the index
    /// as an `int` argument (in a key's incoming states); `true` when the index is marked by
    /// `NonUniformResourceIndex`, which the copy marks again (`resource_nonuniform`).
    Element(ir::Global, bool),
    /// An element of the global array at a run-time index a copy leaves, whose index it
    /// stores through its hidden `out int` parameter (the IR parameter number).
    Handed(ir::Global, u32),
}

/// A `static` whose resources flow through calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum StaticId {
    /// A global `static`.
    Global(ItemIdx),
    /// A `static` resource local of function `.0` (one variable for every copy).
    Local(ItemIdx, LocalId),
}

/// A flowing static, one of its slots (the path of member and element indices; empty for a
/// plain resource) and what it holds.
pub type StaticState = (StaticId, Vec<u32>, Held);

/// The module-wide state of flowing statics.
#[derive(Debug, Default)]
pub struct StaticFlows {
    /// The flowing statics of the file and their flow sets, once worked out.
    sets: Option<Vec<(StaticId, BTreeSet<ItemIdx>)>>,
    /// What each copy of a called function was given (its key's statics).
    pub incoming: HashMap<Func, Vec<StaticState>>,
    /// What each copy's `return`s leave in the statics it was given, once lowered.
    pub outgoing: HashMap<Func, Vec<StaticState>>,
    /// The IR parameters of each copy carrying the indices of its incoming
    /// [`Held::Element`]s: (position in its incoming states, parameter).
    pub index_params: HashMap<Func, Vec<(usize, u32)>>,
    /// The pointer each copy binds an incoming [`Held::Element`] to when it starts (by its
    /// position in the copy's incoming states): a `return` leaving it there leaves the
    /// caller's element as it was.
    element_pointers: HashMap<(Func, usize), ir::Value>,
    /// A call giving a copy these states with a resource chosen by run-time control flow
    /// (the range of the call): the label of the copy's `E3020` (`resource_labels`).
    conflict_calls: HashMap<Vec<StaticState>, syntax::TextRange>,
}

impl ModuleCtx<'_> {
    /// The flowing statics whose flow set holds function `f`.
    pub(crate) fn statics_flowing_through(&mut self, f: ItemIdx) -> Vec<StaticId> {
        self.flowing_statics()
            .iter()
            .filter(|(_, set)| set.contains(&f))
            .map(|(s, _)| *s)
            .collect()
    }

    /// Whether static `idx` flows through function `f`.
    pub(crate) fn flows_through(&self, idx: ItemIdx, f: ItemIdx) -> bool {
        let sets = self.static_flows.sets.as_deref().unwrap_or_default();
        sets.iter()
            .any(|(s, set)| *s == StaticId::Global(idx) && set.contains(&f))
    }

    /// Whether `static` local `l` of function `f` flows through calls (its resource is
    /// state kept from one call to the next).
    pub(crate) fn flowing_local(&mut self, f: ItemIdx, l: LocalId) -> bool {
        let id = StaticId::Local(f, l);
        self.flowing_statics().iter().any(|(s, _)| *s == id)
    }

    /// The flowing statics of the file with their flow sets, worked out on first need.
    pub(crate) fn flowing_statics(&mut self) -> &[(StaticId, BTreeSet<ItemIdx>)] {
        if self.static_flows.sets.is_none() {
            // While they are worked out, nothing flows (a static's initializer may call a
            // function whose lowering asks).
            self.static_flows.sets = Some(Vec::new());
            let sets = self.find_flowing_statics();
            self.static_flows.sets = Some(sets);
        }
        self.static_flows.sets.as_deref().unwrap_or_default()
    }

    fn find_flowing_statics(&mut self) -> Vec<(StaticId, BTreeSet<ItemIdx>)> {
        let candidates: Vec<ItemIdx> = self
            .tree
            .indices()
            .filter(|&i| {
                let ItemKind::Variable(v) = &self.tree.item(i).kind else {
                    return false;
                };
                v.is_static && self.tree.item(i).parent.is_none() && self.is_resource_static(i)
            })
            .collect();
        let mut out = Vec::new();
        let mut callers: Option<HashMap<ItemIdx, BTreeSet<ItemIdx>>> = None;
        for idx in candidates {
            let uses = self.static_uses(idx);
            if uses.assigned.is_empty() && !uses.rebinds_members() {
                continue;
            }
            let users = uses.users().clone();
            let Ok(b) = self.static_binding(idx) else {
                continue;
            };
            if b.assigned != Some(Assigned::Flowing) {
                continue;
            }
            let callers = callers.get_or_insert_with(|| self.callers());
            out.push((StaticId::Global(idx), with_callers(users, callers)));
        }
        // `static` resource locals written in a called function, other than those every
        // write gives one resource (aliases, `static_assign`).
        for fid in hir::functions(self.db, self.file, self.config) {
            let Some(f) = self.tree.by_ast(fid.ast(self.db)) else {
                continue;
            };
            let body = hir::body::body(self.db, fid);
            let infer = crate::enums::infer(self.db, fid);
            for (i, local) in body.locals.iter().enumerate() {
                let l = LocalId(i as u32);
                let plain = matches!(
                    infer.type_of_local(l),
                    Some(t @ types::Type::Resource(_)) if crate::resources::resource_of(t).is_some()
                );
                if !local.is_static || local.param.is_some() {
                    continue;
                }
                // A struct holding resources that does not keep one known resource per slot
                // on every call (`static_local_slots`): initialized by anything but a list
                // (`static S s = make(x);`, run on the first call only), given a member
                // something else than one known resource or one the list did not give it
                // (`s.t = x;`), or rebound by a method or a call taking it (`s.set(b)`):
                // what one call leaves, the next reads.
                let split = infer
                    .type_of_local(l)
                    .and_then(crate::resource_structs::split_type);
                if let Some(split) = split {
                    let flows = self.is_called(f)
                        && !self.static_split_local_is_plain(&body, &infer, l)
                        && !self.split_static_local_is_alias(&body, &infer, l, &split);
                    if flows {
                        let callers = callers.get_or_insert_with(|| self.callers());
                        let id = StaticId::Local(f, l);
                        out.push((id, with_callers(BTreeSet::from([f]), callers)));
                    }
                    continue;
                }
                if !plain || !self.is_called(f) {
                    continue;
                }
                let written = crate::resource_choice::is_written(&body, &infer, l);
                // An initializer other than one known resource (`static Texture2D t = x;`,
                // `x` a parameter) gives the resource of the first call's copy: the local
                // flows even if nothing assigns it later.
                let unknown_init = local
                    .init
                    .filter(|&i| self.assigned_item(&body, &infer, i).is_none());
                let by_call = unknown_init.is_some_and(|i| reads_locals(&body, i));
                if !written && !by_call {
                    continue;
                }
                if unknown_init.is_none() && self.has_static_local_alias(&body, &infer, l) {
                    continue;
                }
                let id = StaticId::Local(f, l);
                let callers = callers.get_or_insert_with(|| self.callers());
                out.push((id, with_callers(BTreeSet::from([f]), callers)));
            }
        }
        out
    }

    /// The functions of the file calling each function (by their definitions).
    fn callers(&self) -> HashMap<ItemIdx, BTreeSet<ItemIdx>> {
        let mut callers: HashMap<ItemIdx, BTreeSet<ItemIdx>> = HashMap::new();
        for fid in hir::functions(self.db, self.file, self.config) {
            let Some(caller) = self.tree.by_ast(fid.ast(self.db)) else {
                continue;
            };
            for &callee in crate::enums::infer(self.db, fid).calls.iter() {
                if let Some(callee) = self.tree.by_ast(callee) {
                    let callee = self.definition_of(callee);
                    callers.entry(callee).or_default().insert(caller);
                }
            }
        }
        callers
    }
}

impl FnLower<'_, '_> {
    /// When the function starts: a slot for every flowing static it is in the flow set of,
    /// bound to what its caller gave this copy (an entry keeps the initializer's resource).
    pub(crate) fn bind_flowing_statics(&mut self) -> R<()> {
        let incoming = self.cx.static_flows.incoming.get(&self.func).cloned();
        for id in self.cx.statics_flowing_through(self.item) {
            let idx = match id {
                StaticId::Global(idx) => idx,
                StaticId::Local(..) => {
                    self.bind_flowing_local(id, incoming.as_deref())?;
                    continue;
                }
            };
            let Some(l) = self.static_struct_local(idx)? else {
                continue;
            };
            let Some(incoming) = &incoming else {
                continue;
            };
            for path in self.slot_paths(l) {
                let held = incoming
                    .iter()
                    .find(|(s, p, _)| *s == StaticId::Global(idx) && *p == path);
                let slot = (l, path);
                self.res.slots.remove(&slot);
                let position = held.and_then(|h| incoming.iter().position(|x| x == h));
                match held.map(|h| h.2) {
                    Some(Held::Named(r)) => {
                        let p = self.static_pointer(r);
                        self.res.slots.insert(slot, Binding::Bound(p));
                    }
                    Some(Held::Conflict) => {
                        self.res.slots.insert(slot, Binding::Conflict);
                    }
                    Some(Held::Element(g, nonuniform)) => {
                        // The index is this copy's argument for that state.
                        let arg = position.and_then(|k| self.static_index_param(k));
                        let Some(n) = arg else {
                            let range = self.cx.item_range(self.item);
                            return Err(self.cx.unsupported(
                                "a `static` resource given as an element at a run-time index \
                                 without its index",
                                range,
                            ));
                        };
                        let name = format!("{}.index", self.cx.tree.item(idx).name);
                        self.fb().set_param_name(n as usize, &name);
                        let mut index = ir::Value::Arg(n);
                        if nonuniform {
                            index = self.mark_nonuniform(index);
                        }
                        let p = self.global_element(g, index);
                        if let Some(k) = position {
                            self.cx
                                .static_flows
                                .element_pointers
                                .insert((self.func, k), p);
                        }
                        self.res.slots.insert(slot, Binding::Bound(p));
                    }
                    Some(Held::Unbound | Held::Handed(..)) | None => {}
                }
            }
        }
        Ok(())
    }

    /// When the function starts, for flowing `static` local `id` (`StaticId::Local`): in the
    /// declaring function the local is bound to what the caller gave this copy; elsewhere a
    /// temporary slot stands for it, bound likewise, or in an entry (given nothing) to the
    /// initializer's resource.
    fn bind_flowing_local(&mut self, id: StaticId, incoming: Option<&[StaticState]>) -> R<()> {
        let StaticId::Local(f, l) = id else {
            return Ok(());
        };
        let split = self.flowing_local_split(f, l);
        let paths = match &split {
            Some(split) => split.resource_paths(),
            None => vec![Vec::new()],
        };
        let slot_of = if f == self.item {
            l
        } else {
            let temp = LocalId(self.body.locals.len() as u32 + self.res.temps);
            self.res.temps += 1;
            self.res.local_statics.insert(id, temp);
            if let Some(split) = split.clone() {
                // Its slots, for `slot_paths`; no data here (a private global there).
                self.res.split.insert(
                    temp,
                    crate::resource_structs::SplitLocal { split, data: None },
                );
            }
            temp
        };
        for path in paths {
            let held = incoming.and_then(|states| {
                let k = states.iter().position(|(s, p, _)| *s == id && *p == path)?;
                Some((k, states[k].2))
            });
            let bound = match (incoming, held) {
                (None, _) if split.is_none() => self
                    .flowing_local_initial(f, l)
                    .map(|r| Binding::Bound(self.static_pointer(r))),
                (None, _) => None,
                (Some(_), Some((_, Held::Named(r)))) => {
                    Some(Binding::Bound(self.static_pointer(r)))
                }
                (Some(_), Some((_, Held::Conflict))) => Some(Binding::Conflict),
                (Some(_), Some((k, Held::Element(g, nonuniform)))) => {
                    let Some(n) = self.static_index_param(k) else {
                        let range = self.cx.item_range(self.item);
                        return Err(self.cx.unsupported(
                            "a `static` resource given as an element at a run-time index \
                             without its index",
                            range,
                        ));
                    };
                    self.fb().set_param_name(n as usize, "static.index");
                    let mut index = ir::Value::Arg(n);
                    if nonuniform {
                        index = self.mark_nonuniform(index);
                    }
                    let p = self.global_element(g, index);
                    self.cx
                        .static_flows
                        .element_pointers
                        .insert((self.func, k), p);
                    Some(Binding::Bound(p))
                }
                (Some(_), _) => None,
            };
            if f == self.item && split.is_none() {
                match bound {
                    Some(Binding::Bound(p)) => self.locals[l.0 as usize] = Some(p),
                    Some(Binding::Conflict) => {
                        self.res.conflicts.insert(l);
                    }
                    None => {}
                }
                continue;
            }
            if let Some(b) = bound {
                self.res.slots.insert((slot_of, path), b);
            }
        }
        Ok(())
    }

    /// The resource slots of flowing `static` local `l` of function `f`, when it is a
    /// struct holding resources.
    fn flowing_local_split(
        &mut self,
        f: ItemIdx,
        l: LocalId,
    ) -> Option<crate::resource_structs::Split> {
        let fid = self.cx.function_id(f);
        let infer = crate::enums::infer(self.cx.db, fid);
        infer
            .type_of_local(l)
            .and_then(crate::resource_structs::split_type)
    }

    /// The resource the initializer of flowing `static` local `l` of function `f` names.
    fn flowing_local_initial(&mut self, f: ItemIdx, l: LocalId) -> Option<StaticResource> {
        let fid = self.cx.function_id(f);
        let body = hir::body::body(self.cx.db, fid);
        let infer = crate::enums::infer(self.cx.db, fid);
        let init = body.local(l).init?;
        self.cx.assigned_resource(&body, &infer, init)
    }

    /// The temporary (or struct temporary) standing for flowing static `s` here.
    fn static_slot_local(&self, s: StaticId) -> Option<LocalId> {
        match s {
            StaticId::Global(g) => self.res.statics.get(&g).copied(),
            // A struct local is its own slots in the declaring function.
            StaticId::Local(f, l) if f == self.item => Some(l),
            StaticId::Local(..) => self.res.local_statics.get(&s).copied(),
        }
    }

    /// What flowing `static` local `l` of this function, incoming state `k` of this copy,
    /// holds at a `return`: an element at a run-time index (`static Texture2D t = ts[i];`,
    /// the first call's) goes back through a hidden `out int`, as for any flowing static.
    fn local_static_held(&mut self, l: LocalId, k: u32, at: syntax::TextRange) -> R<Held> {
        if self.res.conflicts.contains(&l) {
            return Ok(Held::Conflict);
        }
        let Some(p) = self.locals[l.0 as usize] else {
            return Ok(Held::Unbound);
        };
        if let Some(kept) = self.kept_element(k as usize, p) {
            return Ok(kept);
        }
        match self.hand_back(p, crate::resource_handed::HandedAt::Static(k)) {
            Some(crate::resource_handed::Handed::Named(r)) => Ok(Held::Named(r)),
            Some(crate::resource_handed::Handed::Indexed(g, n)) => Ok(Held::Handed(g, n)),
            Some(crate::resource_handed::Handed::InIndexedRow(..)) | None => {
                Err(self.cx.unsupported(
                    "a `static` resource local holding a resource other than a global or an \
                 element of one at a return",
                    at,
                ))
            }
        }
    }

    /// [`Held::Element`] when `p` is the pointer this copy bound incoming state `k`, an
    /// element at a run-time index, to when it started (the copy leaves it as it came).
    fn kept_element(&self, k: usize, p: ir::Value) -> Option<Held> {
        let given = self.cx.static_flows.element_pointers.get(&(self.func, k))?;
        if *given != p {
            return None;
        }
        let incoming = self.cx.static_flows.incoming.get(&self.func)?;
        match incoming.get(k)?.2 {
            held @ Held::Element(..) => Some(held),
            _ => None,
        }
    }

    /// The IR parameter carrying the index of incoming state `k` of this copy (an
    /// [`Held::Element`]).
    fn static_index_param(&self, k: usize) -> Option<u32> {
        let params = self.cx.static_flows.index_params.get(&self.func)?;
        params.iter().find(|(at, _)| *at == k).map(|(_, n)| *n)
    }

    /// The resources the flowing statics of callee `idx` hold at its call `e` here, which
    /// pick its copy, and the `int` index of each that is an element at a run-time index
    /// (the call's arguments after the declared ones).
    pub(crate) fn statics_for_call(
        &mut self,
        idx: ItemIdx,
        e: hir::body::ExprId,
    ) -> R<(Vec<StaticState>, Vec<ir::Value>)> {
        let mut states = Vec::new();
        let mut indices = Vec::new();
        for s in self.cx.statics_flowing_through(idx) {
            let l = match s {
                StaticId::Global(g) => self.static_struct_local(g)?,
                StaticId::Local(..) => self.res.local_statics.get(&s).copied(),
            };
            let Some(l) = l else {
                continue;
            };
            let at = self.expr_range(e);
            for path in self.slot_paths(l) {
                let slot = (l, path.clone());
                let held = match self.slot_element(&slot) {
                    Some((g, index, nonuniform)) => {
                        indices.push(index);
                        Held::Element(g, nonuniform)
                    }
                    None => self.static_held(s, slot, at, "call")?,
                };
                states.push((s, path, held));
            }
        }
        if states.iter().any(|(_, _, h)| *h == Held::Conflict) {
            let at = self.expr_range(e);
            let calls = &mut self.cx.static_flows.conflict_calls;
            calls.entry(states.clone()).or_insert(at);
        }
        Ok((states, indices))
    }

    /// The label of an `E3020` of this copy where what its `static`s hold depends on
    /// run-time control flow: a call giving it such a state.
    pub(crate) fn conflict_call_labels(&self) -> Vec<crate::resource_labels::Label> {
        let flows = &self.cx.static_flows;
        let call = (flows.incoming.get(&self.func)).and_then(|s| flows.conflict_calls.get(s));
        call.map(|&at| {
            let what = "called here, where whether an earlier call ran it depends on run-time \
                        control flow";
            vec![(at, what.to_owned())]
        })
        .unwrap_or_default()
    }

    /// The global array and `int` index of the element at a run-time index `slot` is
    /// bound to, when it is one, and whether the index is marked non-uniform.
    fn slot_element(
        &mut self,
        slot: &crate::resource_structs::Slot,
    ) -> Option<(ir::Global, ir::Value, bool)> {
        let Some(Binding::Bound(p)) = self.res.slots.get(slot).copied() else {
            return None;
        };
        if self.named_resource_value(p).is_some() {
            return None;
        }
        let (g, index) = match self.element_of(p) {
            Some(e) => e,
            None => self.flat_element_of(p)?,
        };
        let types::Type::Scalar(kind) = self.type_of(index) else {
            return None;
        };
        let nonuniform = self.is_nonuniform_index(index);
        let index = self.convert_kind(index, kind, types::ScalarKind::Int, &types::Type::INT);
        Some((g, index, nonuniform))
    }

    /// After call `e` of copy `f`, given `states`: rebinds each static's slot to what `f`
    /// left in it.
    pub(crate) fn bind_statics_after_call(
        &mut self,
        f: Func,
        states: &[StaticState],
        temps: &crate::resource_handed::IndexTemps,
        e: hir::body::ExprId,
    ) -> R<()> {
        if states.is_empty() {
            return Ok(());
        }
        let Some(left) = self.cx.static_flows.outgoing.get(&f).cloned() else {
            if !self.cx.diagnostics.is_empty() {
                // The callee failed to lower and said why.
                return Err(crate::context::Unsupported);
            }
            return Err(self.unsupported(
                "this call (what it leaves in the `static` resources it assigns is unknown)",
                e,
            ));
        };
        for (s, path, held) in left {
            let Some(l) = self.static_slot_local(s) else {
                continue;
            };
            let slot = (l, path.clone());
            let before = self.res.slots.get(&slot).copied();
            match held {
                Held::Named(r) => {
                    let p = self.static_pointer(r);
                    self.bind_slot(l, path, p, e)?;
                }
                // The element at the index the callee left in its hidden parameter.
                Held::Handed(g, n) => {
                    let handed = crate::resource_handed::Handed::Indexed(g, n);
                    let Some(p) = self.handed_pointer(handed, temps) else {
                        return Err(self.unsupported(
                            "this call handing back a `static` resource by index",
                            e,
                        ));
                    };
                    self.bind_slot(l, path, p, e)?;
                }
                // The element it was given, left as it was: the slot keeps it.
                Held::Element(..) => {}
                Held::Unbound | Held::Conflict => {
                    let now = (held == Held::Conflict).then_some(Binding::Conflict);
                    if now != before {
                        // A rebinding all the same (`resource_loops`).
                        let declared = self.res.declared_depth.get(&l).copied().unwrap_or(0);
                        self.record_loop_rebind((l, Some(path)), declared);
                    }
                    match now {
                        Some(b) => self.res.slots.insert(slot, b),
                        None => self.res.slots.remove(&slot),
                    };
                }
            }
        }
        Ok(())
    }

    /// At a `return` (or the end of the body) at `at` of a copy given flowing statics:
    /// records what it leaves in them; where exits disagree, a conflict (an error only where
    /// the caller uses it).
    pub(crate) fn record_static_states(&mut self, at: syntax::TextRange) -> R<()> {
        if self.res.flow.dead {
            return Ok(());
        }
        let Some(incoming) = self.cx.static_flows.incoming.get(&self.func).cloned() else {
            return Ok(());
        };
        let mut now = Vec::new();
        for (k, (s, path, _)) in incoming.into_iter().enumerate() {
            if let StaticId::Local(f, l) = s {
                if f == self.item && !self.res.split.contains_key(&l) {
                    // The declaring function: the local itself.
                    let held = self.local_static_held(l, k as u32, at)?;
                    now.push((s, path, held));
                    continue;
                }
            }
            let Some(l) = self.static_slot_local(s) else {
                continue;
            };
            let slot = (l, path.clone());
            // An element at a run-time index goes back through a hidden `out int`.
            let element = match self.res.slots.get(&slot).copied() {
                Some(Binding::Bound(p)) if self.kept_element(k, p).is_some() => {
                    self.kept_element(k, p)
                }
                Some(Binding::Bound(p)) if self.named_resource_value(p).is_none() => {
                    match self.hand_back(p, crate::resource_handed::HandedAt::Static(k as u32)) {
                        Some(crate::resource_handed::Handed::Indexed(g, n)) => {
                            Some(Held::Handed(g, n))
                        }
                        _ => None,
                    }
                }
                _ => None,
            };
            let held = match element {
                Some(h) => h,
                None => self.static_held(s, slot, at, "return")?,
            };
            now.push((s, path, held));
        }
        let merged = match self.cx.static_flows.outgoing.get(&self.func) {
            Some(prev) => (prev.iter().zip(&now))
                .map(|((s, path, a), (_, _, b))| {
                    let held = if a == b { *a } else { Held::Conflict };
                    (*s, path.clone(), held)
                })
                .collect(),
            None => now,
        };
        self.cx.static_flows.outgoing.insert(self.func, merged);
        Ok(())
    }

    /// The slot paths of the temporary `l` standing for a static: a struct's resources, an
    /// array's elements, or the one slot of a plain resource.
    fn slot_paths(&self, l: hir::body::LocalId) -> Vec<Vec<u32>> {
        if let Some(sl) = self.res.split.get(&l) {
            return sl.split.resource_paths();
        }
        match self.res.arrays.get(&l) {
            Some(&n) => (0..n).map(|k| vec![k]).collect(),
            None => vec![Vec::new()],
        }
    }

    /// What `slot` of flowing static `s` holds at a `what` (`call`, `return`) at
    /// `at`; an element at a run-time index is not followed (E3001).
    fn static_held(
        &mut self,
        s: StaticId,
        slot: crate::resource_structs::Slot,
        at: syntax::TextRange,
        what: &str,
    ) -> R<Held> {
        match self.res.slots.get(&slot).copied() {
            None => Ok(Held::Unbound),
            Some(Binding::Conflict) => Ok(Held::Conflict),
            Some(Binding::Bound(p)) => match self.named_resource_value(p) {
                Some(r) => Ok(Held::Named(r)),
                None => {
                    let name = match s {
                        StaticId::Global(g) => self.cx.tree.item(g).name.clone(),
                        StaticId::Local(..) => "a local".to_owned(),
                    };
                    Err(self.cx.unsupported(
                        &format!(
                            "a `static` resource (`{name}`) holding an element at a run-time \
                             index at a {what}"
                        ),
                        at,
                    ))
                }
            },
        }
    }
}

/// Whether `e` reads a local or a parameter of `body`.
fn reads_locals(body: &hir::body::Body, e: hir::body::ExprId) -> bool {
    matches!(body.expr(e), hir::body::Expr::Local(_))
        || body.children(e).into_iter().any(|c| reads_locals(body, c))
}

/// `users` and, transitively, the functions calling them.
fn with_callers(
    users: BTreeSet<ItemIdx>,
    callers: &HashMap<ItemIdx, BTreeSet<ItemIdx>>,
) -> BTreeSet<ItemIdx> {
    let mut set = users.clone();
    let mut work: Vec<ItemIdx> = users.into_iter().collect();
    while let Some(f) = work.pop() {
        for &c in callers.get(&f).into_iter().flatten() {
            if set.insert(c) {
                work.push(c);
            }
        }
    }
    set
}
