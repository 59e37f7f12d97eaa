//! `static` arrays of resources initialized with a row of a global array of arrays at a
//! run-time index: `Texture2D grid[3][4]; static Texture2D row[4] = grid[k];` (`k` a cbuffer
//! value), also as part of a flattened list (`{ grid[k], grid[j] }` for eight slots).
//!
//! DXC runs the initializer once in the entry wrapper; after inlining and legalization each
//! use of `row[1]` is `grid[k][1]` and `row[i]` is `grid[k][i]`. hlslc keeps the row's
//! position among the rows (`k`, or `k * 3 + j` for `cube[k][j]`) in one private `int`
//! (`StaticBinding::indexed_slots`, one entry per slot sharing the global, each with its
//! column) that `init_globals` stores once; each function that uses the static loads it at
//! the top of its entry block, turns it back into the row's indices and binds slot `c` to
//! `grid[..][c]`. The slots then share their row indices, so `resource_rows`' innermost-row
//! rule indexes the row at run time and `row_args` passes it whole to an array parameter.
//!
//! Called from `resource_statics.rs` (bindings and slots) and `init.rs` (the index).

use hir::body::{Body, Expr, ExprId};
use hir::InferenceResult;
use ir::{Global, Value};
use types::Type;

use crate::context::{GlobalRef, ModuleCtx, R};
use crate::func::FnLower;
use crate::resource_statics::{const_index, IndexedSlot};

impl ModuleCtx<'_> {
    /// The global array of arrays of resources whose innermost row `e` names at an index
    /// known only at run time (`grid[k]`, `cube[1][j]`), when that row has `n` elements;
    /// `None` for any other expression.
    pub(crate) fn run_time_row(
        &mut self,
        body: &Body,
        infer: &InferenceResult,
        e: ExprId,
        n: u32,
    ) -> R<Option<Global>> {
        let mut at = crate::unparen(body, e);
        let mut indices = Vec::new();
        while let Expr::Index { base, index } = body.expr(at) {
            indices.push(*index);
            at = crate::unparen(body, *base);
        }
        if !matches!(body.expr(at), Expr::Path(_)) || indices.is_empty() {
            return Ok(None);
        }
        if indices
            .iter()
            .all(|&k| const_index(self, body, infer, k).is_some())
        {
            return Ok(None);
        }
        let Some(item) = self.global_item(infer, at) else {
            return Ok(None);
        };
        if self.is_resource_static(item) || !self.is_resource_item(item) {
            return Ok(None);
        }
        let GlobalRef::Var(g) = self.global_for(item)? else {
            return Ok(None);
        };
        let dims = self.global_dims(g);
        let is_row = dims.len() >= 2 && indices.len() + 1 == dims.len() && dims.last() == Some(&n);
        Ok(is_row.then_some(g))
    }
}

impl ModuleCtx<'_> {
    /// The global array when `base` names a `static` array of resources holding one row at a
    /// run-time index (`row` of `static Texture2D row[4] = grid[k];`): an element of it
    /// (`row[2]`, `row[i]`) initializing a plain `static` is an element of the global, whose
    /// row-major position `init_globals` stores (`FnLower::static_run_index`).
    pub(crate) fn run_time_row_static(
        &mut self,
        infer: &InferenceResult,
        base: ExprId,
    ) -> R<Option<Global>> {
        let Some(b) = self.resource_static_read(infer, base)? else {
            return Ok(None);
        };
        let Some(first) = b.indexed_slots.first() else {
            return Ok(None);
        };
        let one_row = b.array.is_some_and(|n| b.indexed_slots.len() == n as usize)
            && b.assigned.is_none()
            && (b.indexed_slots.iter().enumerate())
                .all(|(k, s)| s.index == first.index && s.slot == k && s.column == Some(k as u32));
        Ok(one_row.then_some(first.array))
    }
}

impl FnLower<'_, '_> {
    /// The value `init_globals` stores in the private `int` of indexed slot `s`: the index
    /// expression's value, or for a row at a run-time index ([`IndexedSlot::column`]) the
    /// row's position among the rows.
    pub(crate) fn indexed_slot_index(&mut self, s: &IndexedSlot) -> R<Value> {
        if s.column.is_none() {
            return self.coerce(s.expr, &Type::INT);
        }
        let p = self.resource_pointer(s.expr)?;
        let Some((_, indices)) = self.chain_from_global(p) else {
            return Err(self.unsupported("this row in a `static` initializer", s.expr));
        };
        let dims = self.cx.global_dims(s.array);
        let mut outer = Vec::new();
        for v in indices {
            let from = self.type_of(v);
            outer.push(self.convert_value(v, &from, &Type::INT, s.expr)?);
        }
        Ok(self.row_position(&outer, &dims))
    }

    /// Slots `columns` of a `static` row of `array` at the run-time position private `int`
    /// `index` holds: the position loaded once, turned back into one index per outer
    /// dimension, and `array[..][c]` for each column `c`, all at the top of the entry block
    /// (the index is set before any function runs) or, in a `static` initializer, where
    /// used.
    pub(crate) fn static_row_slots(
        &mut self,
        array: Global,
        index: Global,
        columns: &[u32],
    ) -> Vec<Value> {
        let dims = self.cx.global_dims(array);
        let outer_dims = &dims[..dims.len().saturating_sub(1)];
        let k = self.fb().load(Value::Global(index));
        let (outer, unflattened) = self.unflatten_over(outer_dims, k);
        let mut made = vec![k];
        made.extend(unflattened);
        let mut slots = Vec::new();
        for &c in columns {
            let mut indices = outer.clone();
            indices.push(self.fb().int(c as i32));
            slots.push(self.fb().access_chain(Value::Global(array), &indices));
        }
        if !self.in_static_initializer() {
            made.extend(&slots);
            self.hoist_to_entry(&made);
        }
        slots
    }

    /// Moves instructions `made` (in order) to the top of the entry block.
    fn hoist_to_entry(&mut self, made: &[Value]) {
        let f = &mut self.cx.mb.module_mut().functions[self.func];
        let Some(&entry) = f.layout.first() else {
            return;
        };
        for (k, v) in made.iter().enumerate() {
            let Value::Inst(i) = *v else { continue };
            if let Some(b) = f.insts[i].block.take() {
                f.blocks[b].insts.retain(|&x| x != i);
            }
            f.insts[i].block = Some(entry);
            f.blocks[entry].insts.insert(k, i);
        }
    }
}
