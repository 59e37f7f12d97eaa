//! `return` in a function whose result holds resources (split out of `resource_structs`): a
//! function returning a plain resource records the global, or the element of one, that each
//! `return` names (they must agree; an element at a run-time index goes back through a hidden
//! `out int`, `resource_handed`) and returns nothing in the IR; a function returning a struct
//! holding resources returns its data part after recording the resources of each member.
//! Called from `stmt.rs` (`return_split`) and `resource_structs` (`returned_resource`).

use hir::body::ExprId;
use ir::Value;
use types::Type;

use crate::context::R;
use crate::func::{FnLower, Place};
use crate::resource_handed::HandedAt;
use crate::resource_structs::{Binding, Denoted, Split};

impl FnLower<'_, '_> {
    /// `return e;` in a function returning a struct holding resources: the operands of the
    /// `ret` (the data part), after recording the returned resources; `None` in other
    /// functions.
    pub fn return_split(&mut self, e: ExprId) -> Option<R<Vec<Value>>> {
        if self.cx.resource_returns.contains_key(&self.func) {
            return Some(self.resource_return_value(e));
        }
        let (split, _) = self.cx.split_returns.get(&self.func)?.clone();
        Some(self.split_return_value(e, &split))
    }

    /// `return r;` in a function returning a resource: records the global or constant
    /// element of one (which every `return` must agree on); the `ret` has no operand.
    fn resource_return_value(&mut self, e: ExprId) -> R<Vec<Value>> {
        if !self.res.flow.dead && self.never_assigned(e) {
            // Handed back unassigned: only a use of the call's result is an error, in the
            // caller, where an unread local may drop it (`resource_unread`).
            let named = matches!(self.cx.resource_returns.get(&self.func), Some(Some(_)));
            if named || self.cx.indexed_returns.contains(&self.func) {
                return Err(self.runtime_choice(e));
            }
            self.cx.unassigned_returns.insert(self.func);
            return Ok(Vec::new());
        }
        let p = self.resource_pointer(e)?;
        if self.res.flow.dead {
            // Never runs, by compile-time conditions: returns nothing, or index 0 where the
            // function returns an index (`resource_choice`).
            return Ok(self.dead_resource_return());
        }
        if self.cx.unassigned_returns.contains(&self.func) {
            return Err(self.runtime_choice(e));
        }
        let Some(g) = self.named_resource_value(p) else {
            return self.indexed_return_value(p, e);
        };
        if self.cx.indexed_returns.contains(&self.func) {
            return Err(self.runtime_choice(e));
        }
        match self.cx.resource_returns.get_mut(&self.func) {
            Some(Some(prev)) if *prev != g => return Err(self.runtime_choice(e)),
            Some(r) => *r = Some(g),
            None => {}
        }
        Ok(Vec::new())
    }

    /// `return arr[i];` with a run-time `i` in a function returning a resource: the IR
    /// function returns the `int` index, and its callers index the global array (every
    /// `return` must name that array so).
    fn indexed_return_value(&mut self, p: Value, e: ExprId) -> R<Vec<Value>> {
        // An element of an array of arrays returns its indices folded into one element
        // number (`resource_grid_index`).
        let element = self.global_element_chain(p).and_then(|(g, indices)| {
            let inner = self.inner_array_lengths(g)?;
            (indices.len() == inner.len() + 1).then_some((g, indices, inner))
        });
        let Some((g, indices, inner)) = element else {
            return Err(self.unsupported("returning this resource", e));
        };
        // The first `return`, or one indexing the same array as the earlier ones.
        let first = matches!(self.cx.resource_returns.get(&self.func), Some(None));
        let same = matches!(self.cx.resource_returns.get(&self.func),
            Some(Some((prev, None))) if *prev == g)
            && self.cx.indexed_returns.contains(&self.func);
        if !(first || same) {
            return Err(self.runtime_choice(e));
        }
        if indices.iter().any(|&i| self.is_nonuniform_index(i)) {
            // The caller marks the index again (`resource_nonuniform`).
            self.cx.nonuniform_returns.insert(self.func);
        }
        let mut ints = Vec::with_capacity(indices.len());
        for index in indices {
            let from = self.type_of(index);
            ints.push(self.convert_value(index, &from, &Type::INT, e)?);
        }
        let index = self.fold_element_index(&ints, &inner);
        if first {
            // The function now returns an `int`: so do the `return`s already lowered in code
            // that never runs.
            let zero = self.fb().int(0);
            let f = &mut self.cx.mb.module_mut().functions[self.func];
            f.ret = Type::INT;
            let returns: Vec<ir::Inst> = f
                .insts
                .iter()
                .filter(|(_, d)| d.opcode == ir::Opcode::Return && d.operands.is_empty())
                .map(|(i, _)| i)
                .collect();
            for i in returns {
                f.insts[i].operands.push(zero);
            }
        }
        self.cx.resource_returns.insert(self.func, Some((g, None)));
        self.cx.indexed_returns.insert(self.func);
        Ok(vec![index])
    }

    /// The operands of a `return` of a resource in code that never runs.
    fn dead_resource_return(&mut self) -> Vec<Value> {
        if self.cx.indexed_returns.contains(&self.func) {
            vec![self.fb().int(0)]
        } else {
            Vec::new()
        }
    }

    /// A call returning a resource, as the global its callee returns.
    pub(crate) fn returned_resource(&mut self, e: ExprId) -> Option<R<Place>> {
        let ty = self.infer.type_of_expr(e)?;
        if !matches!(ty, Type::Resource(_)) || crate::resources::resource_of(ty).is_none() {
            return None;
        }
        self.res.last_split_call = None;
        let value = match self.lower_expr(e) {
            Ok(v) => v,
            Err(u) => return Some(Err(u)),
        };
        let callee = self.res.last_split_call.take();
        let returned = callee.and_then(|f| self.cx.resource_returns.get(&f).copied().flatten());
        let indexed = callee.is_some_and(|f| self.cx.indexed_returns.contains(&f));
        if callee.is_some_and(|f| self.cx.unassigned_returns.contains(&f)) {
            // The callee handed back a resource never assigned (`resource_unread`).
            let range = self.expr_range(e);
            return Some(Err(self.unassigned_use(range)));
        }
        Some(match (returned, value) {
            // The callee returned the index of an element of the global array.
            (Some((g, None)), Some(i)) if indexed => {
                let marked = callee.is_some_and(|f| self.cx.nonuniform_returns.contains(&f));
                let i = if marked { self.mark_nonuniform(i) } else { i };
                let inner = self.inner_array_lengths(g).unwrap_or_default();
                let indices = self.unfold_element_index(i, &inner);
                Ok(Place::Ptr(
                    self.fb().access_chain(Value::Global(g), &indices),
                ))
            }
            (Some(r), _) => Ok(Place::Ptr(self.static_pointer(r))),
            // The callee failed to lower and said why.
            (None, _) if !self.cx.diagnostics.is_empty() => Err(crate::context::Unsupported),
            (None, _) => Err(self.unsupported(
                "this call returning a resource (the resource it returns is unknown)",
                e,
            )),
        })
    }

    fn split_return_value(&mut self, e: ExprId, split: &Split) -> R<Vec<Value>> {
        if let Some(n) = crate::resource_array_returns::returned_array_len(split) {
            // An array of resources (`resource_array_returns`): no data part.
            let bindings = self.array_bindings(e, n)?;
            self.record_split_return(e, bindings, "returning this array of resources")?;
            return Ok(Vec::new());
        }
        let part = match self.denote(e) {
            Some(Ok(Denoted::Struct(p))) if p.split == *split => p,
            Some(Err(u)) => return Err(u),
            _ => return Err(self.unsupported("returning this struct holding resources", e)),
        };
        let bindings = split
            .resource_paths()
            .into_iter()
            .map(|rel| {
                let mut path = part.path.clone();
                path.extend(rel);
                self.res.slots.get(&(part.local, path)).copied()
            })
            .collect();
        self.record_split_return(e, bindings, "returning this struct holding resources")?;
        Ok(match part.data {
            Some((ptr, at)) => {
                let p = self.data_pointer(ptr, &at);
                vec![self.fb().load(p)]
            }
            None => Vec::new(),
        })
    }

    /// Records what one `return e;` leaves in each resource slot of the returned value
    /// (`bindings`, in slot order), merged with what the earlier `return`s left; `what` is
    /// the E3001 message of a slot holding something no caller can name.
    fn record_split_return(
        &mut self,
        e: ExprId,
        bindings: Vec<Option<Binding>>,
        what: &str,
    ) -> R<()> {
        let dead = self.res.flow.dead;
        let mut returned = Vec::new();
        for (k, b) in bindings.into_iter().enumerate() {
            returned.push(match b {
                None => None,
                Some(Binding::Conflict) => return Err(self.runtime_choice(e)),
                // Code that never runs hands nothing back (`resource_choice`).
                Some(Binding::Bound(_)) if dead => None,
                // A global, a constant element, or an element at a run-time index whose
                // index goes back through a hidden parameter (`resource_handed`).
                Some(Binding::Bound(p)) => match self.hand_back(p, HandedAt::Return(k as u32)) {
                    Some(h) => Some(h),
                    None => return Err(self.unsupported(what, e)),
                },
            });
        }
        let entry = self
            .cx
            .split_returns
            .get(&self.func)
            .map(|(_, r)| r.clone());
        let merged = match entry {
            // Never runs, by compile-time conditions (`resource_choice`).
            _ if dead => None,
            // A constant and a run-time element of one array agree (`resource_handed`).
            Some(Some(mut prev)) => match self.merge_handed(&mut prev, &returned) {
                true => Some(prev),
                false => return Err(self.runtime_choice(e)),
            },
            Some(None) => Some(returned),
            None => None,
        };
        if let (Some(merged), Some((_, r))) = (merged, self.cx.split_returns.get_mut(&self.func)) {
            *r = Some(merged);
        }
        Ok(())
    }
}
