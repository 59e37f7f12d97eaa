//! `out` and `inout` parameters holding resources: a resource (`void get(out Texture2D t)`)
//! or a struct holding resources (`void fill(inout Material m)`).
//!
//! Resources are bound at compile time (`resource_structs`), so such a parameter hands its
//! bindings back like a returned resource does: the callee is lowered before its first
//! caller, each `return` (and the end of the body) records the resource global left in every
//! slot of the parameter (an element at a run-time index passes its index through a hidden
//! `out int`, `resource_handed`; they must agree, as DXC's legalization needs one resource
//! per use),
//! and the caller rebinds its argument to them after the call. An `inout` parameter's
//! incoming resources pick the callee's copy like an `in` argument's (an element of a
//! resource array with its index as an `int` argument); a slot the callee leaves as it came
//! in is handed back as `None`, and the caller keeps its own binding there. The data part
//! of a struct is passed as a pointer to the caller's copy, as for any `out` parameter.
//!
//! A method of a struct holding resources hands its object's resources back the same way
//! (`this` as an `inout` parameter, [`THIS`]): the caller rebinds the receiver.
//!
//! Called from `func.rs` (parameters), `stmt.rs` (`return`) and `user_call.rs` (arguments).

use hir::body::{Expr, ExprId, LocalId};
use hir::item_tree::ParamDirection;
use ir::Value;
use types::Type;

use crate::context::{ResourceArg, R};
use crate::func::FnLower;
use crate::resource_handed::{Handed, HandedAt, IndexTemps};
use crate::resource_structs::split_type;

/// For each `out`/`inout` parameter holding resources (by declared index): the resource
/// (a global, a constant element of one, or an element at a run-time index handed back
/// through a hidden parameter, `resource_handed`) its slots hold when the function returns
/// (`None` for one never assigned), once its body is lowered.
pub type HandedOut = Vec<(u32, Option<Vec<Option<Handed>>>)>;

/// The declared index standing for `this` in [`HandedOut`]: a method of a struct holding
/// resources hands its object's resources back like an `inout` parameter.
pub const THIS: u32 = u32::MAX;

/// Whether a parameter of type `ty` passed `direction` hands resources back: a resource,
/// an array of resources, or a struct holding resources.
pub fn hands_back(ty: &Type, direction: ParamDirection) -> bool {
    let array = crate::resource_array_args::resource_array_len(ty).is_some();
    direction != ParamDirection::In && (holds_resources(ty) || array)
}

/// A resource, or a struct holding resources.
pub fn holds_resources(ty: &Type) -> bool {
    split_type(ty).is_some()
        || matches!(ty, Type::Resource(_)) && crate::resources::resource_of(ty).is_some()
}

impl FnLower<'_, '_> {
    /// Records the bindings of the `out`/`inout` parameters holding resources as this
    /// function leaves at `at` (a `return`, or the end of the body); a disagreement with an
    /// earlier exit is reported there.
    pub fn record_out_resources(&mut self, at: syntax::TextRange) -> R<()> {
        // So do the `static`s flowing through this copy (`static_flow`).
        self.record_static_states(at)?;
        if self.res.out_params.is_empty() || self.res.flow.dead {
            return Ok(());
        }
        let mut now = Vec::new();
        for &(n, l) in &self.res.out_params.clone() {
            // Errors point at the parameter (at the method, for `this`).
            let param = match self.map.locals.get(l.0 as usize) {
                Some(p) if n != THIS => p.text_range(),
                _ => self.cx.item_range(self.item),
            };
            now.push((n, self.slots_of(n, l, param)?));
        }
        let Some(mut recorded) = self.cx.handed_out.get(&self.func).cloned() else {
            return Ok(());
        };
        for ((_, prev), (_, globals)) in recorded.iter_mut().zip(now) {
            let Some(p) = prev else {
                *prev = Some(globals);
                continue;
            };
            // An element at a constant index and one at a run-time index of the same array
            // agree: both go through the hidden index (`resource_handed`).
            if !self.merge_handed(p, &globals) {
                return Err(self.cx.error(
                    crate::RESOURCE_NOT_LEGAL,
                    "the resource this function hands back through an `out` parameter \
                         depends on run-time control flow (different resources on different \
                         paths); Vulkan needs each use to name one resource"
                        .to_owned()
                        + ", and "
                        + crate::resource_structs::DXC_FAILS,
                    at,
                ));
            }
        }
        self.cx.handed_out.insert(self.func, recorded);
        Ok(())
    }

    /// Records the element pointers the slots of parameter `l` were just bound to
    /// (`bound`, in slot order), where `indexed` says the caller passed an element of a
    /// resource array with its index.
    pub fn record_incoming(&mut self, l: LocalId, bound: &[Option<Value>], indexed: &[bool]) {
        let Some(sl) = self.res.split.get(&l) else {
            return;
        };
        let paths = sl.split.resource_paths();
        for ((path, p), &indexed) in paths.into_iter().zip(bound).zip(indexed) {
            if let (Some(p), true) = (p, indexed) {
                self.res.incoming.insert((l, path), *p);
            }
        }
    }

    /// The resource in each slot of parameter `l` (declared index `n`) now; `None` for a
    /// slot never assigned or still holding the element it came in with. An element at a
    /// run-time index stores its index through the slot's hidden parameter.
    fn slots_of(&mut self, n: u32, l: LocalId, at: syntax::TextRange) -> R<Vec<Option<Handed>>> {
        let conflict = self.res.conflicts.contains(&l);
        let paths = self.res.split.get(&l).map(|sl| sl.split.resource_paths());
        let array = self.res.arrays.get(&l).copied();
        let bound: Vec<(Vec<u32>, Option<crate::resource_structs::Binding>)> = match paths {
            // An array of resources: one slot per element.
            None if array.is_some() => self.array_slots(l, array.unwrap_or(0)),
            Some(paths) => paths
                .into_iter()
                .map(|p| {
                    let b = self.res.slots.get(&(l, p.clone())).copied();
                    (p, b)
                })
                .collect(),
            None if conflict => {
                vec![(Vec::new(), Some(crate::resource_structs::Binding::Conflict))]
            }
            None => vec![(
                Vec::new(),
                self.locals[l.0 as usize].map(crate::resource_structs::Binding::Bound),
            )],
        };
        let mut globals = Vec::new();
        for (k, (path, b)) in bound.into_iter().enumerate() {
            let incoming = self.res.incoming.get(&(l, path)).copied();
            globals.push(match b {
                None => None,
                Some(crate::resource_structs::Binding::Bound(p)) if Some(p) == incoming => None,
                Some(crate::resource_structs::Binding::Bound(p)) => {
                    match self.hand_back(p, HandedAt::Out(n, k as u32)) {
                        Some(h) => Some(h),
                        None => {
                            return Err(self.cx.unsupported(
                                "handing back this resource through an `out` parameter",
                                at,
                            ))
                        }
                    }
                }
                Some(crate::resource_structs::Binding::Conflict) => {
                    return Err(self.cx.error(
                        crate::RESOURCE_NOT_LEGAL,
                        "this `out` parameter's resource depends on run-time control flow; \
                         Vulkan needs each use to name one resource"
                            .to_owned()
                            + ", and "
                            + crate::resource_structs::DXC_FAILS,
                        at,
                    ))
                }
            });
        }
        Ok(globals)
    }

    /// The binding of each element of local resource array `l` of length `n`: its slots, or
    /// the elements of the global array (or row of one) it names whole.
    fn array_slots(
        &mut self,
        l: LocalId,
        n: u32,
    ) -> Vec<(Vec<u32>, Option<crate::resource_structs::Binding>)> {
        let whole = self.locals[l.0 as usize];
        let mut out = Vec::new();
        for k in 0..n {
            let b = match whole {
                Some(Value::Global(g)) => Some(crate::resource_structs::Binding::Bound(
                    self.static_pointer((g, Some(i64::from(k)))),
                )),
                // A row of a global array of arrays (`resource_array_returns`).
                Some(row) => {
                    let k = self.fb().int(k as i32);
                    let p = self.fb().access_chain(row, &[k]);
                    Some(crate::resource_structs::Binding::Bound(p))
                }
                None => self.res.slots.get(&(l, vec![k])).copied(),
            };
            out.push((vec![k], b));
        }
        out
    }

    /// The argument of an `out`/`inout` struct parameter holding resources: the resources
    /// it brings in (for `inout`), and its IR arguments: the pointer to its data part, then
    /// the `int` index of each incoming resource that is an element of a resource array.
    pub fn out_split_argument(
        &mut self,
        a: ExprId,
        inout: bool,
    ) -> R<(Vec<ResourceArg>, Vec<Value>)> {
        let Some(part) = self.struct_part(a)? else {
            return Err(self.unsupported(
                "this argument holding resources (pass a local or a member of one)",
                a,
            ));
        };
        let mut resources = Vec::new();
        let mut indices = Vec::new();
        // A `static` that calls in initializers write: what it holds when this call runs.
        if let Some(now) = self.out_write_input(a).filter(|_| inout) {
            for r in now {
                let passed = r.map(|r| self.static_pointer(r));
                if !self.push_passed_resource(passed, a, &mut resources, &mut indices)? {
                    return Err(self.unsupported("passing this resource member", a));
                }
            }
        } else if inout {
            for rel in part.split.resource_paths() {
                let mut path = part.path.clone();
                path.extend(rel);
                let passed = self.passed_slot(&(part.local, path), a)?;
                if !self.push_passed_resource(passed, a, &mut resources, &mut indices)? {
                    return Err(self.unsupported("passing this resource member", a));
                }
            }
        }
        let mut values: Vec<Value> = self.part_data_pointer(&part).into_iter().collect();
        values.extend(indices);
        Ok((resources, values))
    }

    /// The global array and index of `p` when it is an element of a resource array.
    /// Adds the resource a slot holds (`passed_slot`: unbound, a global, or an element of a
    /// global array) to a call's resource arguments, and an element's index, as an `int`, to
    /// `indices`. `false` when the slot holds anything else.
    pub(crate) fn push_passed_resource(
        &mut self,
        slot: Option<Value>,
        at: ExprId,
        resources: &mut Vec<ResourceArg>,
        indices: &mut Vec<Value>,
    ) -> R<bool> {
        let (global, index) = match slot {
            None => (None, None),
            Some(Value::Global(g)) => (Some(g), None),
            Some(p) => match self.element_of(p) {
                Some((g, index)) => (Some(g), Some(index)),
                // An element of an array of arrays: its row-major position (`row_args`),
                // no part of a run of consecutive elements.
                None => match self.element_position(p, at)? {
                    Some((g, position)) => {
                        indices.push(position);
                        resources.push(ResourceArg {
                            global: Some(g),
                            indexed: true,
                            ..Default::default()
                        });
                        return Ok(true);
                    }
                    None => return Ok(false),
                },
            },
        };
        let mut follows = false;
        if let Some(index) = index {
            let from = self.type_of(index);
            let index = self.convert_value(index, &from, &Type::INT, at)?;
            follows = self.follows_previous(global, index, resources, indices);
            indices.push(index);
        }
        resources.push(ResourceArg {
            global,
            indexed: index.is_some(),
            nonuniform: index.is_some_and(|i| self.is_nonuniform_index(i)),
            follows,
        });
        Ok(true)
    }

    pub(crate) fn element_of(&self, p: Value) -> Option<(ir::Global, Value)> {
        let Value::Inst(i) = p else { return None };
        let d = &self.cx.mb.module().functions[self.func].insts[i];
        match (d.opcode, &d.operands[..]) {
            (ir::Opcode::AccessChain, [Value::Global(g), index]) => Some((*g, *index)),
            _ => None,
        }
    }

    /// After a call of `f`: rebinds the arguments of its `out`/`inout` parameters holding
    /// resources to what it handed back (`inout`: the declared indices of the `inout` ones,
    /// which keep their bindings where nothing is handed back).
    pub fn bind_handed_out(
        &mut self,
        f: ir::Func,
        args: &[ExprId],
        inout: &[u32],
        temps: &IndexTemps,
        e: ExprId,
    ) -> R<()> {
        let Some(handed) = self.cx.handed_out.get(&f).cloned() else {
            return Ok(());
        };
        for (n, globals) in handed {
            if n == THIS {
                continue;
            }
            let Some(&a) = args.get(n as usize) else {
                continue;
            };
            let Some(globals) = globals else {
                if !self.cx.diagnostics.is_empty() {
                    // The callee failed to lower and said why.
                    return Err(crate::context::Unsupported);
                }
                return Err(self.unsupported(
                    "this call handing back resources (what it hands back is unknown)",
                    e,
                ));
            };
            let pointers = self.handed_pointers(&globals, temps, e)?;
            self.rebind(a, &pointers, inout.contains(&n))?;
        }
        Ok(())
    }

    /// In a method of a struct holding resources: `this` hands its resources back like an
    /// `inout` parameter; its slots (bound to `bound`) came in as they are.
    pub fn hand_back_this(&mut self, bound: &[Option<Value>]) {
        let Some(l) = self.res.this_local else {
            return;
        };
        self.res.out_params.push((THIS, l));
        let all = vec![true; bound.len()];
        self.record_incoming(l, bound, &all);
    }

    /// After a call of method `f` of a struct holding resources: rebinds the resources of its
    /// object (`receiver`, or this method's own object) that the method rebound.
    pub fn bind_handed_this(
        &mut self,
        f: ir::Func,
        receiver: Option<crate::user_call::Receiver>,
        temps: &IndexTemps,
        e: ExprId,
    ) -> R<()> {
        let handed = self.cx.handed_out.get(&f).and_then(|h| {
            h.iter()
                .find(|(n, _)| *n == THIS)
                .map(|(_, globals)| globals.clone())
        });
        let Some(globals) = handed else {
            return Ok(());
        };
        let Some(globals) = globals else {
            if !self.cx.diagnostics.is_empty() {
                // The callee failed to lower and said why.
                return Err(crate::context::Unsupported);
            }
            return Err(self.unsupported(
                "this method call handing back its object's resources (what it hands back is \
                 unknown)",
                e,
            ));
        };
        // Nothing rebound: the object keeps its resources.
        if globals.iter().all(Option::is_none) {
            return Ok(());
        }
        let pointers = self.handed_pointers(&globals, temps, e)?;
        match receiver {
            Some(r) => {
                let denoted = self.denote_receiver(r);
                self.rebind_denoted(denoted, r.object(), &pointers, true)
            }
            None => {
                let Some(l) = self.res.this_local else {
                    return Err(self.unsupported("calling a method without its object", e));
                };
                let paths = self
                    .res
                    .split
                    .get(&l)
                    .map(|sl| sl.split.resource_paths())
                    .unwrap_or_default();
                for (path, p) in paths.into_iter().zip(pointers) {
                    if let Some(p) = p {
                        self.bind_slot(l, path, p, e)?;
                    }
                }
                Ok(())
            }
        }
    }

    /// Binds argument `a` (a resource local or member, or a struct holding resources) to
    /// `pointers`, one per slot.
    fn rebind(&mut self, a: ExprId, pointers: &[Option<Value>], inout: bool) -> R<()> {
        // A plain resource `static` an initializer's call writes names what the call hands
        // back everywhere, worked out before any function is lowered (`static_out_args`).
        if let Some(done) = self.rebind_out_written(a, pointers) {
            return done;
        }
        if let Expr::Local(l) = *self.body.expr(a) {
            let plain = matches!(self.infer.type_of_local(l), Some(Type::Resource(_)));
            if plain && !self.res.split.contains_key(&l) {
                return match pointers.first().copied().flatten() {
                    Some(p) => self.bind_local(l, p, a),
                    None => Ok(()),
                };
            }
        }
        self.rebind_place(a, pointers, inout)
    }
}
