//! `static`s holding resources written through `out` arguments of calls in other statics'
//! initializers: `static Texture2D b; static Texture2D a = mk(b);` with
//! `Texture2D mk(out Texture2D o) { o = g2; return g1; }`.
//!
//! DXC runs every static's initializer in the entry wrapper, in declaration order, inlines
//! the call and legalizes, so after the wrappers' initializers `b` names the resource the
//! call left in its parameter (`g2`) wherever it is used. hlslc lowers the call's copy (the
//! one its arguments pick, `static_init_calls`) and gives `b` what the copy hands back for
//! that parameter (`resource_out`). Supported: a plain resource `static`, with or without an
//! initializer, that no function assigns, written by one such call (an `out` parameter, or an
//! `inout` one, which takes the static's own initializer's resource, nothing without one).
//!
//! Called from `resource_statics.rs` (bindings) and `static_init_calls.rs` (the calls).

use hir::body::{Expr, ExprId};
use hir::item_tree::{ItemIdx, ItemKind, ParamDirection};
use hir::{GlobalId, Resolution};

use crate::context::{ModuleCtx, R};
use crate::func::FnLower;
use crate::resource_handed::Handed;
use crate::resource_statics::{StaticBinding, StaticResource};
use ir::Value;

/// A call in the initializer of `static` `writer` passing a `static` to an `out` or `inout`
/// parameter holding resources: the call and the parameter's declared index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct OutWrite {
    pub writer: ItemIdx,
    pub call: ExprId,
    pub param: u32,
    pub direction: ParamDirection,
    /// The argument: the static, or a member or element of a struct static or static array
    /// (`mk(s.tex)`, `mk(ts[1])`).
    pub arg: ExprId,
}

/// One step from a `static` to a part of it: a member's name, or a constant element index.
pub(crate) type Step = Result<String, i64>;

impl ModuleCtx<'_> {
    /// The calls in `static` initializers that pass `static` `idx` (by name, parentheses
    /// aside) to an `out` or `inout` parameter holding resources, in declaration order.
    pub(crate) fn static_out_writes(&mut self, idx: ItemIdx) -> Vec<OutWrite> {
        let target = self.tree.item(idx).ast;
        let mut out = Vec::new();
        for writer in 0..self.tree.items.len() {
            let writer = ItemIdx(writer as u32);
            let ItemKind::Variable(v) = &self.tree.item(writer).kind else {
                continue;
            };
            if !v.is_static || writer == idx {
                continue;
            }
            let gid = GlobalId::new(self.db, self.file, self.config, self.tree.item(writer).ast);
            let (body, _) = hir::body::global_body_with_source_map(self.db, gid);
            if body.init.is_none() {
                continue;
            }
            let infer = crate::enums::infer_global(self.db, gid);
            for (k, x) in body.exprs.iter().enumerate() {
                let call = ExprId(k as u32);
                let args = match x {
                    Expr::Call { args, .. } | Expr::MethodCall { args, .. } => args,
                    _ => continue,
                };
                let Some(Resolution::Function { function, .. }) = infer.resolution(call) else {
                    continue;
                };
                let Some(f) = self.tree.by_ast(*function) else {
                    continue;
                };
                let f = self.definition_of(f);
                let Some(decl) = self.tree.function(f).cloned() else {
                    continue;
                };
                for (i, &a) in args.iter().enumerate() {
                    let Some(p) = decl.params.get(i) else {
                        continue;
                    };
                    if p.direction == ParamDirection::In {
                        continue;
                    }
                    let a = crate::unparen(&body, a);
                    let names = self
                        .static_part(&body, &infer, a)
                        .is_some_and(|(item, _)| self.tree.item(item).ast == target);
                    let holds = (infer.type_of_expr(a))
                        .is_some_and(|t| crate::resource_out::hands_back(t, p.direction));
                    if names && holds {
                        out.push(OutWrite {
                            writer,
                            call,
                            param: i as u32,
                            direction: p.direction,
                            arg: a,
                        });
                    }
                }
            }
        }
        out
    }

    /// The binding of plain resource `static` `idx` written by calls in other statics'
    /// initializers ([`Self::static_out_writes`]): the resource the last call's copy hands
    /// back for that parameter (each call seeing what the one before left, as DXC's entry
    /// wrapper runs the initializers in order). A static functions also assign starts from
    /// that resource (`static_assign`). `None` when no such call writes it.
    pub(crate) fn out_written_binding(
        &mut self,
        idx: ItemIdx,
        body: &hir::body::Body,
        infer: &hir::InferenceResult,
        range: syntax::TextRange,
    ) -> R<Option<StaticBinding>> {
        let writes = self.static_out_writes(idx);
        let Some(&first) = writes.first() else {
            return Ok(None);
        };
        let assigned = !self.static_uses(idx).assigned.is_empty();
        if assigned {
            // Lowering the writing calls may ask which statics flow through calls: work that
            // out first, this static's binding with it (`static_flow`), so that it is not
            // taken for one no function assigns while the calls are lowered.
            self.flowing_statics();
            if let Some(b) = self
                .static_resources
                .get(&idx)
                .filter(|b| b.assigned.is_some())
            {
                return Ok(Some(b.clone()));
            }
        }
        // Its own initializer's resource, which the call's `inout` parameter takes.
        let initial = match body.init {
            Some(_) => Some(self.out_static_initial(idx, range)?),
            None => None,
        };
        let writers: Vec<ItemIdx> = writes.iter().map(|w| w.writer).collect();
        // A static initialized before the first call runs sees the resource before it: its
        // own initializer's (`static_phase`); without one, none.
        if let Some(reader) = self.earlier_reader(idx, ItemIdx(0)..first.writer, &writers) {
            if initial.is_none() {
                let (name, writer) = (
                    self.tree.item(idx).name.clone(),
                    self.tree.item(first.writer).name.clone(),
                );
                let label = (self.item_range(reader), "read here".to_owned());
                return Err(self.error_with_labels(
                    crate::RESOURCE_NOT_LEGAL,
                    format!(
                        "`{name}` is read by the initializer of a `static` declared before \
                         `{writer}`, whose initializer's call writes it, so that read names no \
                         resource; {}",
                        crate::resource_structs::DXC_FAILS
                    ),
                    range,
                    &[label],
                ));
            }
        }
        // What the static holds before each writing initializer runs, which the initializers
        // of statics declared before that writer read (`static_phase`).
        let mut phases = Vec::new();
        let mut current = initial;
        // The last call hands back an element at a run-time index: its array, and the plain
        // resource `static` whose initializer makes that call, if it is one.
        let mut indexed: Option<ir::Global> = None;
        let mut resource_writer: Option<ItemIdx> = None;
        for write in writes {
            if indexed.is_some() {
                return Err(self.indexed_out_write(range));
            }
            let before = StaticBinding {
                slots: vec![current],
                ..StaticBinding::default()
            };
            phases.push((write.writer, before));
            // While the writing call is lowered, the static holds what the calls before left,
            // which an `inout` argument passes where `init_globals` runs the call.
            let during = StaticBinding {
                slots: current.map(|r| vec![Some(r)]).unwrap_or_default(),
                ..StaticBinding::default()
            };
            if write.direction == ParamDirection::InOut {
                (self.out_write_inputs).insert((write.writer, write.arg), vec![current]);
            }
            self.static_resources.insert(idx, during);
            let r = self.out_written_resources(write, range);
            self.static_resources.remove(&idx);
            current = match r?.as_deref() {
                Some([Some(Handed::Named(r))]) => Some(*r),
                // The writer's initializer stores the index the call hands back when
                // `init_globals` runs it (`FnLower::rebind_out_written`).
                Some([Some(Handed::Indexed(array, _))])
                    if !self.is_resource_static(write.writer) =>
                {
                    indexed = Some(*array);
                    None
                }
                // An `inout` parameter left as it came in keeps what it held.
                Some([None]) if write.direction == ParamDirection::InOut => current,
                // A plain resource writer (`static Texture2D a = mk(o);`): `init_globals`
                // runs its call for the index (`out_index_runs`).
                Some([Some(Handed::Indexed(array, _))])
                    if self.static_splits_nothing(write.writer) =>
                {
                    indexed = Some(*array);
                    resource_writer = Some(write.writer);
                    None
                }
                // A writer holding resources, whose call `init_globals` does not run.
                Some([Some(Handed::Indexed(..) | Handed::InIndexedRow(..))]) => {
                    return Err(self.indexed_out_write(range))
                }
                _ => None,
            };
        }
        self.static_phases.insert(idx, phases);
        if let Some(array) = indexed {
            if assigned {
                return Err(self.indexed_out_write(range));
            }
            let name = format!("{}.index", self.tree.item(idx).name);
            let index = self.mb.private(&name, types::Type::INT, None);
            if let Some(w) = resource_writer {
                self.out_index_runs.push((w, index));
                self.static_inits.push((w, index));
            }
            return Ok(Some(StaticBinding {
                slots: vec![None],
                index: Some((array, index)),
                ..StaticBinding::default()
            }));
        }
        // Also assigned by functions: they start from what the calls left.
        if assigned {
            return self.assigned_static_binding(idx, body, infer, range, Some(current));
        }
        Ok(Some(StaticBinding {
            slots: vec![current],
            ..StaticBinding::default()
        }))
    }

    /// E3001 at `range`: an element at a run-time index handed back through an `out`
    /// argument to a `static` other than as the last write of a plain one no function
    /// assigns, by a call in the initializer of a `static` holding no resources.
    fn indexed_out_write(&mut self, range: syntax::TextRange) -> crate::context::Unsupported {
        self.unsupported(
            "a `static` resource written through an `out` argument of a call in another \
             `static`'s initializer with an element at a run-time index (then written again, \
             assigned by a function, or by the initializer of a `static` holding resources)",
            range,
        )
    }

    /// What the copy of call `write.call` (in the initializer of `write.writer`) hands back
    /// for parameter `write.param`: what each slot holds (`None` for a slot left
    /// unassigned, or as it came in for an `inout` one).
    fn out_written_resources(
        &mut self,
        write: OutWrite,
        range: syntax::TextRange,
    ) -> R<Option<Vec<Option<Handed>>>> {
        let gid = GlobalId::new(
            self.db,
            self.file,
            self.config,
            self.tree.item(write.writer).ast,
        );
        let (body, map) = hir::body::global_body_with_source_map(self.db, gid);
        let infer = crate::enums::infer_global(self.db, gid);
        let outer = self.static_init_map.replace(map);
        let outer_writer = self.out_writer.replace(write.writer);
        let f = self.initializer_call(&body, &infer, write.call, range);
        self.static_init_map = outer;
        self.out_writer = outer_writer;
        let f = f?;
        let handed = self.handed_out.get(&f).and_then(|h| {
            h.iter()
                .find(|(n, _)| *n == write.param)
                .map(|(_, slots)| slots.clone())
        });
        let Some(handed) = handed.flatten() else {
            // The function failed to lower and said why.
            if !self.diagnostics.is_empty() {
                return Err(crate::context::Unsupported);
            }
            return Err(self.unsupported(
                "a `static` resource written through an `out` argument of a call in another \
                 `static`'s initializer (what the call hands back is unknown)",
                range,
            ));
        };
        Ok(Some(handed))
    }

    /// Struct static (or static array of resources) `idx`, bound as `b` by its initializer,
    /// after the calls in other statics' initializers that pass it or a part of it to `out`
    /// or `inout` parameters (`mk(s.tex)`, `mk(s)` with `out S`): each slot under the part
    /// takes what the call's copy hands back (an `inout` one left as it came in keeps its
    /// resource), in declaration order.
    pub(crate) fn out_written_parts(
        &mut self,
        idx: ItemIdx,
        mut b: StaticBinding,
        range: syntax::TextRange,
    ) -> R<StaticBinding> {
        let writes = self.static_out_writes(idx);
        if writes.is_empty() {
            return Ok(b);
        }
        let writers: Vec<ItemIdx> = writes.iter().map(|w| w.writer).collect();
        let last = writes[writes.len() - 1].writer;
        // The static's resources are one set everywhere: a reader between two writes (or
        // before the first) would see others.
        if self
            .earlier_reader(idx, ItemIdx(0)..last, &writers)
            .is_some()
        {
            return Err(self.unsupported(
                "a `static` holding resources read by an initializer that runs before a call in \
                 another `static`'s initializer that writes it",
                range,
            ));
        }
        let paths: Vec<Vec<u32>> = match (&b.split, b.array) {
            (Some(split), _) => split.resource_paths(),
            (None, n) => (0..n.unwrap_or(0)).map(|k| vec![k]).collect(),
        };
        for write in writes {
            let gid = GlobalId::new(
                self.db,
                self.file,
                self.config,
                self.tree.item(write.writer).ast,
            );
            let (body, _) = hir::body::global_body_with_source_map(self.db, gid);
            let infer = crate::enums::infer_global(self.db, gid);
            let under = self
                .static_part(&body, &infer, write.arg)
                .and_then(|(_, steps)| part_path(b.split.as_ref(), steps))
                .map(|path| {
                    (paths.iter().enumerate())
                        .filter(|(_, p)| p.starts_with(&path))
                        .map(|(k, _)| k)
                        .collect::<Vec<_>>()
                });
            let Some(under) = under.filter(|u| !u.is_empty()) else {
                return Err(self.unsupported(
                    "this argument holding resources in a `static` initializer (a part of a \
                     `static` written through an `out` or `inout` parameter)",
                    range,
                ));
            };
            // Indices the initializer keeps for its run-time elements are no longer read.
            b.indexed_slots.retain(|s| !under.contains(&s.slot));
            self.static_resources.insert(idx, b.clone());
            if write.direction == ParamDirection::InOut {
                let now = under.iter().map(|&k| b.slots[k]).collect();
                self.out_write_inputs.insert((write.writer, write.arg), now);
            }
            let handed = self
                .out_written_resources(write, range)?
                .unwrap_or_default();
            if handed.len() != under.len() {
                return Err(self.unsupported(
                    "this argument holding resources in a `static` initializer (a part of a \
                     `static` written through an `out` or `inout` parameter)",
                    range,
                ));
            }
            for (j, (&k, r)) in under.iter().zip(handed).enumerate() {
                match r {
                    Some(Handed::Named(r)) => b.slots[k] = Some(r),
                    // The call stores the index where `init_globals` runs it: the
                    // initializer of a data `static`, or of a plain resource one
                    // (`out_index_runs`); the slot reads it (`IndexedSlot`).
                    Some(Handed::Indexed(array, _))
                        if !self.is_resource_static(write.writer)
                            || self.static_splits_nothing(write.writer) =>
                    {
                        b.slots[k] = None;
                        let name = format!("{}.index{k}", self.tree.item(idx).name);
                        let index = self.mb.private(&name, types::Type::INT, None);
                        if self.is_resource_static(write.writer) {
                            self.out_index_runs.push((write.writer, index));
                            self.static_inits.push((write.writer, index));
                        }
                        (self.out_part_indices.entry((write.writer, write.arg)))
                            .or_default()
                            .push((j, index));
                        b.indexed_slots.push(crate::resource_statics::IndexedSlot {
                            slot: k,
                            array,
                            index,
                            // No expression of the static's own initializer.
                            expr: ExprId(u32::MAX),
                            column: None,
                        });
                    }
                    Some(Handed::Indexed(..) | Handed::InIndexedRow(..)) => {
                        return Err(self.unsupported(
                            "a part of a `static` written through an `out` argument of a call \
                             in another `static`'s initializer with an element at a run-time \
                             index",
                            range,
                        ))
                    }
                    None if write.direction == ParamDirection::InOut => {}
                    None => b.slots[k] = None,
                }
            }
        }
        self.static_resources.insert(idx, b.clone());
        Ok(b)
    }

    /// The `static` holding resources that argument `a` is or is a part of (`s`, `s.tex`,
    /// `o.inner`, `ts[1]`: members and constant elements, parentheses aside), and the steps
    /// from it to `a`, outermost first.
    pub(crate) fn static_part(
        &self,
        body: &hir::body::Body,
        infer: &hir::InferenceResult,
        mut a: ExprId,
    ) -> Option<(ItemIdx, Vec<Step>)> {
        let mut steps = Vec::new();
        loop {
            match body.expr(a) {
                Expr::Paren(i) => a = *i,
                Expr::Field { expr, name } => {
                    steps.push(Ok(name.to_string()));
                    a = *expr;
                }
                Expr::Index { base, index } => {
                    // An element of a resource is its memory, no part of the static.
                    if matches!(infer.type_of_expr(*base), Some(types::Type::Resource(_))) {
                        return None;
                    }
                    let k = crate::resource_statics::const_index(self, body, infer, *index)?;
                    steps.push(Err(k));
                    a = *base;
                }
                Expr::Path(_) => break,
                _ => return None,
            }
        }
        let item = self.global_item(infer, a)?;
        let ItemKind::Variable(v) = &self.tree.item(item).kind else {
            return None;
        };
        if !v.is_static || !self.is_resource_static(item) {
            return None;
        }
        steps.reverse();
        Some((item, steps))
    }
}

impl ModuleCtx<'_> {
    /// The resources the slots of argument `a` (a struct static or static array, or a part of
    /// one, [`Self::static_part`]) hold now, in slot order.
    pub(crate) fn part_slots_now(
        &mut self,
        body: &hir::body::Body,
        infer: &hir::InferenceResult,
        a: ExprId,
        range: syntax::TextRange,
    ) -> R<Vec<Option<StaticResource>>> {
        let a = crate::unparen(body, a);
        if matches!(body.expr(a), Expr::Path(_)) {
            if let Some((item, _)) = self.static_part(body, infer, a) {
                return Ok(self.read_static_binding(item)?.slots);
            }
        }
        match self.member_slots(body, infer, a, range)? {
            Some(slots) => Ok(slots),
            None => Err(self.unsupported(
                "this argument holding resources in a `static` initializer (a part of a \
                 `static` written through an `out` or `inout` parameter)",
                range,
            )),
        }
    }
}

/// The slot path of the part `steps` name (outermost first) in a static split as `split`
/// (`None`: a static array of resources); `None` when the steps name no part holding
/// resources.
fn part_path(split: Option<&crate::resource_structs::Split>, steps: Vec<Step>) -> Option<Vec<u32>> {
    use crate::resource_structs::Member;
    let Some(mut split) = split.cloned() else {
        return match steps.as_slice() {
            [] => Some(Vec::new()),
            [Err(k)] => Some(vec![u32::try_from(*k).ok()?]),
            _ => None,
        };
    };
    let mut path = Vec::new();
    let mut steps = steps.into_iter();
    while let Some(step) = steps.next() {
        let i = match step {
            Ok(name) if !split.is_array => split.names.iter().position(|n| *n == name),
            Err(k) if split.is_array => usize::try_from(k).ok(),
            _ => None,
        }?;
        path.push(i as u32);
        match split.members.get(i)? {
            Member::Nested(sub, _) => split = (**sub).clone(),
            Member::ResourceArray(n) => {
                return match (steps.next(), steps.next()) {
                    (None, _) => Some(path),
                    (Some(Err(k)), None) if u32::try_from(k).is_ok_and(|k| k < *n) => {
                        path.push(k as u32);
                        Some(path)
                    }
                    _ => None,
                };
            }
            Member::Resource => return steps.next().is_none().then_some(path),
            Member::Data(_) => return None,
        }
    }
    Some(path)
}

impl ModuleCtx<'_> {
    /// Whether `static` `idx` is a plain resource (no struct, no array).
    fn static_splits_nothing(&self, idx: ItemIdx) -> bool {
        let gid = GlobalId::new(self.db, self.file, self.config, self.tree.item(idx).ast);
        matches!(
            crate::enums::global_type(self.db, gid),
            Some(types::Type::Resource(_))
        )
    }
}

impl ModuleCtx<'_> {
    /// In the initializer of a `static` other than one of the writers, declared before a
    /// call in another initializer writes plain resource `static` `idx`: what `idx` holds
    /// there (its own initializer's resource, or what the writes before left), as DXC's
    /// entry wrapper runs the initializers in declaration order. `None` elsewhere (every
    /// other reader sees what the last write left).
    pub(crate) fn static_phase(&self, idx: ItemIdx) -> Option<StaticBinding> {
        let reader = self.reading_initializer.filter(|&r| r != idx)?;
        let phases = self.static_phases.get(&idx)?;
        if phases.iter().any(|(writer, _)| *writer == reader) {
            return None;
        }
        (phases.iter())
            .find(|(writer, _)| reader < *writer)
            .map(|(_, b)| b.clone())
    }
}

impl ModuleCtx<'_> {
    /// A `static` declared in `within` (item order), none of `writers`, whose initializer
    /// names `static` `idx`: it runs before the calls of `writers` after it give `idx`
    /// resources.
    fn earlier_reader(
        &mut self,
        idx: ItemIdx,
        within: std::ops::Range<ItemIdx>,
        writers: &[ItemIdx],
    ) -> Option<ItemIdx> {
        let target = self.tree.item(idx).ast;
        (within.start.0..within.end.0).map(ItemIdx).find(|&reader| {
            let ItemKind::Variable(v) = &self.tree.item(reader).kind else {
                return false;
            };
            if !v.is_static || reader == idx || writers.contains(&reader) {
                return false;
            }
            let gid = GlobalId::new(self.db, self.file, self.config, self.tree.item(reader).ast);
            let (body, _) = hir::body::global_body_with_source_map(self.db, gid);
            let infer = crate::enums::infer_global(self.db, gid);
            (0..body.exprs.len()).any(|k| {
                let e = ExprId(k as u32);
                matches!(body.expr(e), Expr::Path(_))
                    && matches!(infer.resolution(e), Some(Resolution::Global(g)) if *g == target)
            })
        })
    }

    /// The resource the initializer of plain resource `static` `idx` names: what an `inout`
    /// parameter of a call in a later initializer takes (not the static's binding, which is
    /// what the call hands back). Read while the static names nothing (a read of itself is
    /// E3020), its binding restored after.
    pub(crate) fn out_static_initial(
        &mut self,
        idx: ItemIdx,
        range: syntax::TextRange,
    ) -> R<StaticResource> {
        let gid = GlobalId::new(self.db, self.file, self.config, self.tree.item(idx).ast);
        let (body, map) = hir::body::global_body_with_source_map(self.db, gid);
        let infer = crate::enums::infer_global(self.db, gid);
        let Some(init) = body.init else {
            return Err(self.unsupported("this `static` initializer", range));
        };
        let saved = self.static_resources.insert(idx, StaticBinding::default());
        let outer = self.static_init_map.replace(map);
        let r = self.named_resource(&body, &infer, init, range);
        self.static_init_map = outer;
        match saved {
            Some(b) => self.static_resources.insert(idx, b),
            None => self.static_resources.remove(&idx),
        };
        r
    }

    /// The plain resource `static` argument `a` of a call in a `static` initializer names
    /// (parentheses aside), passed to an `out` or `inout` parameter holding resources: the
    /// one form [`Self::out_written_binding`] binds, and whether it has an initializer.
    pub(crate) fn out_argument_static(
        &self,
        body: &hir::body::Body,
        infer: &hir::InferenceResult,
        a: ExprId,
    ) -> Option<(ItemIdx, bool)> {
        let a = crate::unparen(body, a);
        let item = match infer.resolution(a) {
            Some(Resolution::Global(ast)) if matches!(body.expr(a), Expr::Path(_)) => {
                self.tree.by_ast(*ast)
            }
            _ => None,
        };
        let item = item.filter(|&i| self.is_resource_static(i))?;
        let gid = GlobalId::new(self.db, self.file, self.config, self.tree.item(item).ast);
        let plain = crate::enums::global_type(self.db, gid)
            .is_some_and(|t| matches!(t, types::Type::Resource(_)));
        let (own, _) = hir::body::global_body_with_source_map(self.db, gid);
        plain.then_some((item, own.init.is_some()))
    }
}

impl FnLower<'_, '_> {
    /// Whether this is the lowering of a `static`'s initializer (in `init_globals`).
    pub(crate) fn in_static_initializer(&self) -> bool {
        matches!(self.cx.tree.item(self.item).kind, ItemKind::Variable(_))
    }

    /// The `static` argument `a` is or is a part of (parentheses aside) when calls in
    /// `static` initializers write it ([`ModuleCtx::out_written_binding`],
    /// [`ModuleCtx::out_written_parts`]).
    /// In a `static`'s initializer, argument `a` of a call's `out`/`inout` parameter when it
    /// is (a part of) a `static` that calls in initializers write: its binding was worked
    /// out before any function was lowered, so nothing is rebound here, except the index of
    /// an element at a run-time index handed back to a plain one, stored in its private
    /// `int` (`StaticBinding::index`). `None` for any other argument.
    pub(crate) fn rebind_out_written(
        &mut self,
        a: ExprId,
        pointers: &[Option<Value>],
    ) -> Option<R<()>> {
        if !self.in_static_initializer() {
            return None;
        }
        let idx = self.out_written_static(a)?;
        // Elements at run-time indices handed back to parts of a struct static or static
        // array: their indices.
        let key = (self.item, crate::unparen(&self.body, a));
        if let Some(parts) = self.cx.out_part_indices.get(&key).cloned() {
            for (j, index) in parts {
                let Some(Some(p)) = pointers.get(j).copied() else {
                    continue;
                };
                let k = match self.element_index_of(p, a) {
                    Ok(Some((_, k))) => k,
                    Ok(None) => continue,
                    Err(u) => return Some(Err(u)),
                };
                let from = self.type_of(k);
                match self.convert_value(k, &from, &types::Type::INT, a) {
                    Ok(v) => self.fb().store(Value::Global(index), v),
                    Err(u) => return Some(Err(u)),
                }
            }
            return Some(Ok(()));
        }
        let b = match self.cx.static_binding(idx) {
            Ok(b) => b,
            Err(u) => return Some(Err(u)),
        };
        let (Some((_, index)), [Some(p)]) = (b.index, pointers) else {
            return Some(Ok(()));
        };
        let k = match self.element_index_of(*p, a) {
            Ok(Some((_, k))) => k,
            Ok(None) => return Some(Ok(())),
            Err(u) => return Some(Err(u)),
        };
        let from = self.type_of(k);
        Some(self.convert_value(k, &from, &types::Type::INT, a).map(|v| {
            self.fb().store(Value::Global(index), v);
        }))
    }

    /// In a `static`'s initializer, the resources `inout` argument `a` passes when it names
    /// (a part of) a `static` that calls in initializers write: what its slots hold when
    /// this call runs, not what the last call leaves (`ModuleCtx::out_write_inputs`).
    pub(crate) fn out_write_input(&self, a: ExprId) -> Option<Vec<Option<StaticResource>>> {
        if !self.in_static_initializer() {
            return None;
        }
        let a = crate::unparen(&self.body, a);
        self.cx.out_write_inputs.get(&(self.item, a)).cloned()
    }

    pub(crate) fn out_written_static(&mut self, a: ExprId) -> Option<ItemIdx> {
        let (idx, _) = self.cx.static_part(&self.body, &self.infer, a)?;
        (!self.cx.static_out_writes(idx).is_empty()).then_some(idx)
    }
}
