//! Calls in the initializers of `static`s holding resources (`static Texture2D t = pick(a);`,
//! `static M m = make(m1, 2);`): the function copy a call's arguments pick, lowered before the
//! static's binding is worked out so that the resources it returns are known, as a call in a
//! function picks it (each resource argument a global, an element of one, a `static` or a
//! member of one; each struct argument its slots; each `in` scalar argument known at compile
//! time a constant of the copy). An element at a run-time index the copy returns is kept by
//! the static as its index, which `init_globals` stores when it runs the call.
//!
//! Called from `resource_statics.rs`.

use hir::body::{Body, Expr, ExprId};
use hir::{InferenceResult, Resolution};
use ir::Global;
use types::Type;

use crate::context::{ModuleCtx, R};
use crate::resource_statics::const_index;
use crate::resource_structs::split_type;

impl ModuleCtx<'_> {
    /// The global array whose element at a run-time index call `e` returns, when `e` is a
    /// call of a function returning one (its copy is lowered now).
    pub(crate) fn indexed_call_array(
        &mut self,
        body: &Body,
        infer: &InferenceResult,
        e: ExprId,
        range: syntax::TextRange,
    ) -> R<Option<Global>> {
        let e = crate::unparen(body, e);
        if !matches!(body.expr(e), Expr::Call { .. } | Expr::MethodCall { .. }) {
            return Ok(None);
        }
        let f = self.initializer_call(body, infer, e, range)?;
        if !self.indexed_returns.contains(&f) {
            return Ok(None);
        }
        Ok(match self.resource_returns.get(&f).copied().flatten() {
            Some((array, None)) => Some(array),
            _ => None,
        })
    }

    /// The function call `init` of a `static` initializer calls, lowered now so that the
    /// resources it returns are known: the copy its arguments pick, as a call in a function
    /// would (each resource argument a known global, each `in` scalar argument known at
    /// compile time a constant of the copy, `resource_choice`).
    pub(crate) fn initializer_call(
        &mut self,
        body: &Body,
        infer: &InferenceResult,
        init: ExprId,
        range: syntax::TextRange,
    ) -> R<ir::Func> {
        let Some(Resolution::Function { function, .. }) = infer.resolution(init) else {
            return Err(self.unsupported("this `static` initializer", range));
        };
        let Some(idx) = self.tree.by_ast(*function) else {
            return Err(self.unsupported("this `static` initializer", range));
        };
        // A prototype seen before the definition: the defaults may be on either.
        let declared = idx;
        let idx = self.definition_of(idx);
        let name = self.function_name(idx);
        let (args, receiver) = match body.expr(init) {
            Expr::Call { args, .. } => (args.clone(), None),
            Expr::MethodCall { receiver, args, .. } => (args.clone(), Some(*receiver)),
            _ => (Vec::new(), None),
        };
        // A method of a struct holding resources: the object's resources come first, one per
        // slot, as a call in a function passes them (`user_call`).
        let mut resources = Vec::new();
        let this_split = match self.method_owner(idx) {
            Some(_) => self
                .this_type(idx, &[])?
                .filter(|t| split_type(t).is_some()),
            None => None,
        };
        if let Some(this_ty) = this_split {
            let slots = match receiver {
                Some(r) => self.argument_slots(body, infer, r, &this_ty, range)?,
                None => None,
            };
            match slots {
                Some(slots) => resources.extend(slots),
                None => {
                    return Err(self.unsupported(
                        "this method call in a `static` initializer (its object's resources \
                         are not all known)",
                        range,
                    ))
                }
            }
        }
        let fid = self.function_id(idx);
        let sig = crate::enums::function_signature(self.db, fid);
        let takes_resources = sig.params.iter().any(|p| {
            p.ty.as_ref()
                .is_some_and(|t| crate::resources::resource_of(t).is_some())
        });
        if args.is_empty() && !takes_resources && resources.is_empty() {
            let f = self.function_for(idx, &name)?;
            self.lower_now(f);
            return Ok(f);
        }
        let Some(decl) = self.tree.function(idx).cloned() else {
            return Err(self.unsupported("this `static` initializer", range));
        };
        let mut constants = Vec::new();
        for (i, p) in sig.params.iter().enumerate() {
            let direction = decl.params.get(i).map(|d| d.direction);
            let holds = p.ty.as_ref().is_some_and(|t| {
                crate::resource_out::holds_resources(t)
                    || crate::resources::resource_of(t).is_some()
            });
            // An `out` value, or `out` resources (handed back to the `static` passed,
            // `static_out_args`): no part of the copy's choice. An `inout` value is written
            // by the call `init_globals` runs; `inout` resources pick the copy as `in` ones.
            match (direction, args.get(i)) {
                (Some(hir::item_tree::ParamDirection::In) | None, _) => {}
                (_, _) if !holds => continue,
                (Some(d), Some(&a)) if self.out_argument_static(body, infer, a).is_some() => {
                    // `inout`: it comes in holding its initializer's resource, or nothing
                    // (`static_out_args`).
                    if d == hir::item_tree::ParamDirection::InOut {
                        // What earlier writing calls left, when `static_out_args` lowers
                        // this call for what it writes.
                        let key = self.out_writer.map(|w| (w, crate::unparen(body, a)));
                        let now = key.and_then(|k| self.out_write_inputs.get(&k).cloned());
                        let r = match self.out_argument_static(body, infer, a) {
                            _ if now.is_some() => match now.as_deref() {
                                Some([Some((g, k))]) => Some((*g, k.is_some())),
                                _ => None,
                            },
                            Some((item, true)) => {
                                let (g, k) = self.out_static_initial(item, range)?;
                                Some((g, k.is_some()))
                            }
                            _ => None,
                        };
                        resources.push(crate::context::ResourceArg {
                            global: r.map(|(g, _)| g),
                            indexed: r.is_some_and(|(_, indexed)| indexed),
                            ..Default::default()
                        });
                    }
                    continue;
                }
                // A part of a struct static or static array (`mk(s.tex)`, `mk(s)`): an
                // `inout` one comes in holding the resources its slots hold now
                // (`static_out_args`).
                (Some(d), Some(&a)) if self.static_part(body, infer, a).is_some() => {
                    if d == hir::item_tree::ParamDirection::InOut {
                        let slots = self.part_slots_now(body, infer, a, range)?;
                        resources.extend(slots.into_iter().map(|r| crate::context::ResourceArg {
                            global: r.map(|(g, _)| g),
                            indexed: r.is_some_and(|(_, k)| k.is_some()),
                            ..Default::default()
                        }));
                    }
                    continue;
                }
                _ => {
                    return Err(self.unsupported(
                        "this call in a `static` initializer (an `out` or `inout` argument \
                         holding resources other than a plain resource `static`)",
                        range,
                    ))
                }
            }
            let Some(&a) = args.get(i) else {
                // A default resource argument: the resource it names, as for an argument.
                if matches!(p.ty, Some(Type::Resource(_))) {
                    match self.default_resource(declared, idx, i, range)? {
                        Some((g, indexed)) => resources.push(crate::context::ResourceArg {
                            global: Some(g),
                            indexed,
                            ..Default::default()
                        }),
                        None => {
                            return Err(self.unsupported(
                                "this call in a `static` initializer (a default resource argument \
                             naming no resource global, element of one or `static`)",
                                range,
                            ))
                        }
                    }
                    continue;
                }
                // A default scalar argument: computed by the copy, no constant of it.
                if holds {
                    return Err(self.unsupported(
                        "this call in a `static` initializer (a default argument holding \
                         resources)",
                        range,
                    ));
                }
                continue;
            };
            match &p.ty {
                Some(t) if crate::resource_array_args::resource_array_len(t).is_some() => {
                    // An array of resources: a whole global array, as in a function.
                    if let Some(g) = self.argument_array(body, infer, a, t)? {
                        resources.push(crate::context::ResourceArg {
                            global: Some(g),
                            ..Default::default()
                        });
                    } else if let Some(elements) = self.argument_elements(infer, a, t)? {
                        // A `static` array of other resources: element by element, as a call
                        // in a function passes a local array (`resource_array_args`).
                        resources.extend(elements);
                    } else {
                        return Err(self.unsupported(
                            "this array of resources in a `static` initializer (pass a global \
                             array of resources, or a `static` array of resources)",
                            range,
                        ));
                    }
                }
                Some(Type::Resource(_)) => {
                    match self.argument_resource(body, infer, a, range)? {
                        // An element is given by index, as in a function.
                        Some((g, indexed)) => resources.push(crate::context::ResourceArg {
                            global: Some(g),
                            indexed,
                            ..Default::default()
                        }),
                        None => return Err(self.unsupported(
                            "this resource argument in a `static` initializer (pass a resource \
                             global, an element of one, a `static` or a member of one)",
                            range,
                        )),
                    }
                }
                Some(t) if crate::resource_out::holds_resources(t) => {
                    // A struct holding resources: one resource per slot, as in a function.
                    match self.argument_slots(body, infer, a, t, range)? {
                        Some(slots) => resources.extend(slots),
                        None => {
                            return Err(self.unsupported(
                                "this argument holding resources in a `static` initializer",
                                range,
                            ))
                        }
                    }
                }
                Some(Type::Scalar(_)) => {
                    if let Some(v) = const_index(self, body, infer, a) {
                        constants.push((i as u32, v));
                    }
                }
                _ => {}
            }
        }
        let copy = crate::context::CopyArgs {
            resources: &resources,
            constants: &constants,
            ..Default::default()
        };
        let f = self.function_for_resources(idx, &name, copy)?;
        self.lower_now(f);
        Ok(f)
    }

    /// The resource argument `a` of a call in a `static` initializer gives: the global (an
    /// array for an element) and whether it is an element; `None` when it is no resource
    /// global, element of one, plain resource `static` or member of a struct static.
    fn argument_resource(
        &mut self,
        body: &Body,
        infer: &InferenceResult,
        a: ExprId,
        range: syntax::TextRange,
    ) -> R<Option<(Global, bool)>> {
        if let Some((g, index)) = self.assigned_resource(body, infer, a) {
            return Ok(Some((g, index.is_some())));
        }
        // An element at a run-time index (`ts[k]`): the copy takes the index.
        if let Some((array, _)) = self.runtime_global_element(body, infer, a)? {
            return Ok(Some((array, true)));
        }
        // One of an array of arrays (`grid[k][1]`), or of a member array holding one global's
        // consecutive elements: the copy takes its row-major position (`row_args`).
        if let Some(array) = self.run_time_part_array(body, infer, a, range)? {
            return Ok(Some((array, true)));
        }
        let item = match infer.resolution(a) {
            Some(Resolution::Global(ast)) if matches!(body.expr(a), Expr::Path(_)) => {
                self.tree.by_ast(*ast)
            }
            _ => None,
        };
        // A plain resource `static`: the resource it names.
        if let Some(item) = item.filter(|&i| self.is_resource_static(i)) {
            let b = self.read_static_binding(item)?;
            return Ok(match (b.split.is_none() && b.array.is_none(), b.index) {
                (true, Some((array, _))) => Some((array, true)),
                (true, None) => b
                    .slots
                    .first()
                    .copied()
                    .flatten()
                    .map(|(g, k)| (g, k.is_some())),
                (false, _) => None,
            });
        }
        // A call's result (`id(mk())`) or a `?:` on a compile-time condition: the resource
        // it names, as for an initializer.
        let inner = crate::unparen(body, a);
        if matches!(
            body.expr(inner),
            Expr::Call { .. } | Expr::MethodCall { .. } | Expr::Conditional { .. }
        ) {
            // A call handing back an element at a run-time index: the copy takes the index
            // the call gives when `init_globals` runs it.
            if let Some(array) = self.indexed_call_array(body, infer, inner, range)? {
                return Ok(Some((array, true)));
            }
            let (g, k) = self.named_resource(body, infer, inner, range)?;
            return Ok(Some((g, k.is_some())));
        }
        // A member of a struct static (`m1.t`).
        Ok(self
            .member_resource(body, infer, a, range)?
            .map(|(g, k)| (g, k.is_some())))
    }

    /// The resource the default of parameter `i` of function `idx` (declared first as
    /// `declared`, where the default may be) names, as [`Self::argument_resource`] gives
    /// it; `None` when it names none of those.
    fn default_resource(
        &mut self,
        declared: hir::item_tree::ItemIdx,
        idx: hir::item_tree::ItemIdx,
        i: usize,
        range: syntax::TextRange,
    ) -> R<Option<(Global, bool)>> {
        let found = [declared, idx].into_iter().find_map(|site| {
            let d = crate::attrs::param_node(self, site, i)?.default_value()?;
            Some((site, d))
        });
        let Some((site, syntax)) = found else {
            return Ok(None);
        };
        let (default_body, _) = hir::body::lower_default_value(&syntax);
        let fid = self.function_id(site);
        let default_infer = crate::enums::infer_default(self.db, fid, &default_body, i, &[]);
        let errors = default_infer
            .diagnostics
            .iter()
            .any(|d| d.severity == syntax::Severity::Error);
        match default_body.init {
            Some(init) if !errors => {
                self.argument_resource(&default_body, &default_infer, init, range)
            }
            _ => Ok(None),
        }
    }

    /// The global array of resources argument `a` (of type `ty`, an array of resources) of
    /// a call in a `static` initializer passes whole: a global array of that type, or a
    /// `static` array holding its elements in order; `None` for any other.
    fn argument_array(
        &mut self,
        body: &Body,
        infer: &InferenceResult,
        a: ExprId,
        ty: &Type,
    ) -> R<Option<Global>> {
        if let Some((g, None)) = self.assigned_resource(body, infer, a) {
            let global_ty = &self.mb.module().globals[g].ty;
            return Ok((global_ty == ty).then_some(g));
        }
        let item = match infer.resolution(a) {
            Some(Resolution::Global(ast)) if matches!(body.expr(a), Expr::Path(_)) => {
                self.tree.by_ast(*ast)
            }
            _ => None,
        };
        let Some(item) = item.filter(|&i| self.is_resource_static(i)) else {
            return Ok(None);
        };
        let b = self.read_static_binding(item)?;
        if b.array.is_none() || !b.indexed_slots.is_empty() {
            return Ok(None);
        }
        // Every slot element `k` of one global array of this type.
        let Some(Some((g, Some(0)))) = b.slots.first().copied() else {
            return Ok(None);
        };
        let in_order = b
            .slots
            .iter()
            .enumerate()
            .all(|(k, s)| *s == Some((g, Some(k as i64))));
        Ok((in_order && &self.mb.module().globals[g].ty == ty).then_some(g))
    }

    /// The elements argument `a` (of type `ty`, an array of resources) of a call in a
    /// `static` initializer passes one by one when it is a `static` array holding elements
    /// of several one-dimensional global arrays or resource globals (`{ ga[0], gb[1] }`):
    /// one [`crate::context::ResourceArg`] per element, as `user_call` passes a local array
    /// of resources (`resource_out::push_passed_resource`), so that the copy is the one
    /// `init_globals` calls. `None` for any other argument.
    fn argument_elements(
        &mut self,
        infer: &InferenceResult,
        a: ExprId,
        ty: &Type,
    ) -> R<Option<Vec<crate::context::ResourceArg>>> {
        let item = self.global_item(infer, a);
        let Some(item) = item.filter(|&i| self.is_resource_static(i)) else {
            return Ok(None);
        };
        let b = self.read_static_binding(item)?;
        let n = crate::resource_array_args::resource_array_len(ty);
        // A whole innermost row of an array of arrays, at a constant or run-time index: the
        // row, as `user_call` passes it (`row_args`).
        let row = match self.run_time_row_static(infer, a)? {
            Some(g) => Some(g),
            None if b.indexed_slots.is_empty() => self.whole_row(&b.slots),
            None => None,
        };
        if let (Some(g), Some(_)) = (row, n.filter(|_| b.assigned.is_none())) {
            return Ok(Some(vec![crate::context::ResourceArg {
                global: Some(g),
                indexed: true,
                ..Default::default()
            }]));
        }
        if b.array != n || !b.indexed_slots.is_empty() || b.assigned.is_some() {
            return Ok(None);
        }
        let mut out: Vec<crate::context::ResourceArg> = Vec::new();
        let mut previous: Option<(Global, i64)> = None;
        for slot in &b.slots {
            // An element of an array of arrays: by its row-major position, no part of a run
            // (`row_args`).
            if let Some((g, Some(_))) = slot.filter(|(g, _)| self.global_dims(*g).len() > 1) {
                previous = None;
                out.push(crate::context::ResourceArg {
                    global: Some(g),
                    indexed: true,
                    ..Default::default()
                });
                continue;
            }
            let follows = matches!((previous, slot), (Some((pg, pk)), Some((g, Some(k))))
                if pg == *g && pk + 1 == *k);
            previous = match slot {
                Some((g, Some(k))) => Some((*g, *k)),
                _ => None,
            };
            out.push(crate::context::ResourceArg {
                global: slot.map(|(g, _)| g),
                indexed: slot.is_some_and(|(_, k)| k.is_some()),
                follows,
                ..Default::default()
            });
        }
        Ok(Some(out))
    }

    /// The global array of arrays whose whole innermost row `slots` hold in order.
    fn whole_row(
        &self,
        slots: &[Option<crate::resource_statics::StaticResource>],
    ) -> Option<Global> {
        let g = self.consecutive_run(slots)?;
        let dims = self.global_dims(g);
        let start = slots.first().copied().flatten().and_then(|(_, k)| k)?;
        let last = i64::from(*dims.last()?);
        (dims.len() >= 2 && start % last == 0 && slots.len() as i64 == last).then_some(g)
    }

    /// The resources argument `a` (of type `ty`, a struct holding resources) of a call in a
    /// `static` initializer gives its parameter, one per slot as a call in a function passes
    /// them; `None` when they are not all known.
    fn argument_slots(
        &mut self,
        body: &Body,
        infer: &InferenceResult,
        a: ExprId,
        ty: &Type,
        range: syntax::TextRange,
    ) -> R<Option<Vec<crate::context::ResourceArg>>> {
        let Some(split) = split_type(ty) else {
            return Ok(None);
        };
        // A static holding an element at a run-time index keeps it apart from its slots:
        // named whole, each such slot passes its array and the copy takes the index
        // (`init_globals` passes the one the static holds, as a call in a function does).
        let item = self.global_item(infer, a);
        let indexed = match item {
            Some(item) if self.is_resource_static(item) => {
                let b = self.read_static_binding(item)?;
                if !b.indexed_slots.is_empty() && matches!(body.expr(a), Expr::Path(_)) {
                    if b.slots.len() != split.resource_paths().len() {
                        return Ok(None);
                    }
                    let args = b.slots.iter().enumerate().map(|(k, r)| {
                        match b.indexed_slots.iter().find(|s| s.slot == k) {
                            Some(s) => crate::context::ResourceArg {
                                global: Some(s.array),
                                indexed: true,
                                ..Default::default()
                            },
                            None => crate::context::ResourceArg {
                                global: r.map(|(g, _)| g),
                                indexed: r.is_some_and(|(_, k)| k.is_some()),
                                ..Default::default()
                            },
                        }
                    });
                    return Ok(Some(args.collect()));
                }
                !b.indexed_slots.is_empty()
            }
            _ => false,
        };
        let pending = self.pending_indexed.len();
        let slots = self.struct_resources(body, infer, a, &split, range)?;
        if indexed || self.pending_indexed.len() != pending {
            self.pending_indexed.truncate(pending);
            return Ok(None);
        }
        let args = slots.into_iter().map(|r| crate::context::ResourceArg {
            global: r.map(|(g, _)| g),
            indexed: r.is_some_and(|(_, k)| k.is_some()),
            ..Default::default()
        });
        Ok(Some(args.collect()))
    }
}

/// How a call's struct result splits, and the resource in each of its slots.
pub(crate) type CallSlots = (
    crate::resource_structs::Split,
    Vec<Option<crate::resource_statics::StaticResource>>,
);

impl ModuleCtx<'_> {
    /// How the struct call `call` of a `static` initializer returns splits, and the
    /// resource in each of its slots, for a member of its result (`make().inner`); `None`
    /// when it returns no struct holding resources. An element at a run-time index it hands
    /// back is a marker slot (`resource_statics::slot_resource`), its entry of
    /// `pending_indexed` naming the call.
    pub(crate) fn call_result_slots(
        &mut self,
        body: &Body,
        infer: &InferenceResult,
        call: ExprId,
        range: syntax::TextRange,
    ) -> R<Option<CallSlots>> {
        let Some(split) = infer.type_of_expr(call).and_then(split_type) else {
            return Ok(None);
        };
        let slots = self.struct_resources(body, infer, call, &split, range)?;
        Ok(Some((split, slots)))
    }
}
