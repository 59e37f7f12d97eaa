//! Elements and rows of multi-dimensional global resource arrays named by `static`
//! initializers: `static Texture2D row[4] = grid[1];` (with `Texture2D grid[3][4];`),
//! `static Texture2D t = grid[2][3];`, `= grid[K]` with `K` a `static const`.
//!
//! A resource a static names is a global and an element index ([`StaticResource`]); for a
//! global array of arrays that index is the element's position in row-major order (the
//! order of the backend's one flat descriptor array), so `grid[1][2]` is element 6 and the
//! row `grid[1]` is the run of elements 4..8. [`ModuleCtx::static_pointer`] turns it back
//! into one index per dimension, and a run-time index into such a run (`row[i]`) is the
//! element `grid[1][i]` ([`FnLower::row_run_time_element`]), as DXC's legalization finds
//! once the static's copies are propagated.
//!
//! Called from `resource_statics.rs` (initializers and pointers) and `resource_index.rs`
//! (run-time indices).

use hir::body::{Body, Expr, ExprId};
use hir::{InferenceResult, Resolution};
use ir::{Global, Value};
use types::Type;

use crate::context::{GlobalRef, ModuleCtx, R};
use crate::func::FnLower;
use crate::resource_statics::{const_index, StaticResource};
use crate::resource_structs::{Binding, Slot};

/// The lengths of the dimensions of array type `ty`, outermost first (empty for no array).
pub(crate) fn array_dims(mut ty: &Type) -> Vec<u32> {
    let mut dims = Vec::new();
    while let Type::Array {
        element,
        len: Some(n),
    } = ty
    {
        dims.push(*n);
        ty = element;
    }
    dims
}

/// The row-major position of the element at `indices` (one per dimension of `dims`), when
/// every index lies inside its dimension.
pub(crate) fn flat_position(dims: &[u32], indices: &[i64]) -> Option<i64> {
    if dims.len() != indices.len() {
        return None;
    }
    let mut flat = 0i64;
    for (&n, &k) in dims.iter().zip(indices) {
        if k < 0 || k >= i64::from(n) {
            return None;
        }
        flat = flat * i64::from(n) + k;
    }
    Some(flat)
}

/// The index in each dimension of `dims` of the element at row-major position `flat`.
pub(crate) fn unflatten(dims: &[u32], mut flat: i64) -> Vec<i64> {
    let mut out = vec![0; dims.len()];
    for (slot, &n) in out.iter_mut().zip(dims).rev() {
        let n = i64::from(n.max(1));
        *slot = flat.rem_euclid(n);
        flat = flat.div_euclid(n);
    }
    out
}

/// What a chain of constant indices into a global resource array names: one resource
/// (`grid[1][2]`, position in row-major order) or a row of the innermost dimension
/// (`grid[1]`, the positions of its elements in order).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum GlobalPart {
    Element(StaticResource),
    Row(Vec<StaticResource>),
}

impl ModuleCtx<'_> {
    /// The dimensions of global `g`'s array type, outermost first.
    pub(crate) fn global_dims(&self, g: Global) -> Vec<u32> {
        array_dims(&self.mb.module().globals[g].ty)
    }

    /// How HLSL names resource `r`: `t`, `ts[2]`, or `grid[1][2]` for an element of an array
    /// of arrays (its position in row-major order written as one index per dimension).
    pub(crate) fn resource_name(&self, (g, k): StaticResource) -> String {
        let name = &self.mb.module().globals[g].name;
        let Some(k) = k else { return name.clone() };
        let dims = self.global_dims(g);
        if dims.len() < 2 {
            return format!("{name}[{k}]");
        }
        let indices: String = unflatten(&dims, k)
            .iter()
            .map(|i| format!("[{i}]"))
            .collect();
        format!("{name}{indices}")
    }

    /// The element or innermost row of a global array of arrays of resources that `e`
    /// names with indices known at compile time (`grid[1][2]`, `grid[K]`); `None` for any
    /// other expression, a one-dimensional array (`resource_statics` names its elements) or
    /// an index outside the array.
    pub(crate) fn multi_dim_part(
        &mut self,
        body: &Body,
        infer: &InferenceResult,
        mut e: ExprId,
    ) -> R<Option<GlobalPart>> {
        let mut indices = Vec::new();
        let base = loop {
            match body.expr(e) {
                Expr::Paren(i) => e = *i,
                Expr::Index { base, index } => {
                    let Some(k) = const_index(self, body, infer, *index) else {
                        return Ok(None);
                    };
                    indices.push(k);
                    e = *base;
                }
                Expr::Path(_) => break e,
                _ => return Ok(None),
            }
        };
        indices.reverse();
        let item = self.global_item(infer, base);
        let Some(item) = item else { return Ok(None) };
        if indices.is_empty() || self.is_resource_static(item) || !self.is_resource_item(item) {
            return Ok(None);
        }
        let g = match self.global_for(item)? {
            GlobalRef::Var(g) => g,
            GlobalRef::CBufferMember(..) => return Ok(None),
        };
        let dims = self.global_dims(g);
        if dims.len() < 2 {
            return Ok(None);
        }
        if indices.len() == dims.len() {
            return Ok(flat_position(&dims, &indices).map(|k| GlobalPart::Element((g, Some(k)))));
        }
        if indices.len() + 1 != dims.len() {
            return Ok(None);
        }
        let n = dims[dims.len() - 1];
        let mut first = indices.clone();
        first.push(0);
        let Some(start) = flat_position(&dims, &first) else {
            return Ok(None);
        };
        let row = (0..i64::from(n)).map(|k| (g, Some(start + k))).collect();
        Ok(Some(GlobalPart::Row(row)))
    }
}

impl ModuleCtx<'_> {
    /// The global array whose consecutive elements the `static` array of resources `base`
    /// names in order (`static Texture2D row[4] = grid[1];`, `= { ts[1], ts[2] }`), within
    /// one innermost row for an array of arrays: an element of it at a run-time index is an
    /// element of the global (`static Texture2D t = row[i];`, whose index `init_globals`
    /// stores as a row-major position, [`FnLower::static_run_index`]). `None` for any other.
    pub(crate) fn static_run_array(
        &mut self,
        infer: &InferenceResult,
        base: ExprId,
    ) -> R<Option<Global>> {
        let Some(b) = self.resource_static_read(infer, base)? else {
            return Ok(None);
        };
        if b.array.is_none() || !b.indexed_slots.is_empty() || b.assigned.is_some() {
            return Ok(None);
        }
        Ok(self.consecutive_run(&b.slots))
    }

    /// The global whose consecutive elements `slots` hold in order, within one innermost
    /// row for an array of arrays.
    pub(crate) fn consecutive_run(&self, slots: &[Option<StaticResource>]) -> Option<Global> {
        let Some((g, Some(start))) = slots.first().copied().flatten() else {
            return None;
        };
        let consecutive =
            (slots.iter().enumerate()).all(|(k, s)| *s == Some((g, Some(start + k as i64))));
        let dims = self.global_dims(g);
        let last = i64::from(dims.last().copied().unwrap_or(0));
        let in_one_row = last > 0
            && (start + slots.len() as i64 - 1) / last == start / last
            && (dims.len() >= 2 || start + (slots.len() as i64) <= last);
        (consecutive && in_one_row).then_some(g)
    }

    /// The global array whose element a run-time index into `e` names when `e` is an array
    /// of arrays of resources (`grid[k][1]`: every index given, one at least known only at
    /// run time), or a member array of a struct static or global struct holding one
    /// global's consecutive elements (`gm.texs[k]`). `init_globals` stores the element's
    /// row-major position ([`FnLower::static_run_index`]). `None` for any other `e`.
    pub(crate) fn run_time_part_array(
        &mut self,
        body: &Body,
        infer: &InferenceResult,
        e: ExprId,
        range: syntax::TextRange,
    ) -> R<Option<Global>> {
        let e = crate::unparen(body, e);
        let Expr::Index { base, index } = body.expr(e) else {
            return Ok(None);
        };
        let (base, index) = (*base, *index);
        if matches!(body.expr(base), Expr::Field { .. }) {
            if const_index(self, body, infer, index).is_some() {
                return Ok(None);
            }
            let slots = self.member_part_slots(body, infer, base, range)?;
            return Ok(slots.and_then(|s| self.consecutive_run(&s)));
        }
        // Every index of an array of arrays, one at least not constant.
        let mut indices = vec![index];
        let mut root = base;
        while let Expr::Index { base, index } = body.expr(root) {
            indices.push(*index);
            root = *base;
        }
        if indices
            .iter()
            .all(|&k| const_index(self, body, infer, k).is_some())
        {
            return Ok(None);
        }
        let item = match (body.expr(root), infer.resolution(root)) {
            (Expr::Path(_), Some(Resolution::Global(ast))) => self.tree.by_ast(*ast),
            _ => None,
        };
        let Some(item) = item else { return Ok(None) };
        if self.is_resource_static(item) || !self.is_resource_item(item) {
            return Ok(None);
        }
        let GlobalRef::Var(g) = self.global_for(item)? else {
            return Ok(None);
        };
        let dims = self.global_dims(g);
        Ok((dims.len() >= 2 && dims.len() == indices.len()).then_some(g))
    }
}

impl FnLower<'_, '_> {
    /// The row-major position of the element `e` names when it is an element of a `static`
    /// array of resources at a run-time index ([`ModuleCtx::static_run_array`]): the element's
    /// pointer, lowered as a use of it is, read back as one `int`. `None` for any other `e`.
    pub(crate) fn static_run_index(&mut self, e: ExprId) -> R<Option<Value>> {
        let Expr::Index { base, .. } = self.body.expr(e).clone() else {
            return Ok(None);
        };
        // A global array (or descriptor heap) named directly: its index is the position.
        let plain_global =
            matches!(self.body.expr(base), Expr::Path(_)) && self.resource_static(base).is_none();
        if plain_global {
            return Ok(None);
        }
        let p = self.resource_pointer(e)?;
        // The indices from the global, through access chains of access chains.
        let mut indices: Vec<Value> = Vec::new();
        let mut at = p;
        let g = loop {
            let Value::Inst(i) = at else {
                return Err(self.unsupported("this element in a `static` initializer", e));
            };
            let d = self.cx.mb.module().functions[self.func].insts[i].clone();
            let (ir::Opcode::AccessChain, [base, rest @ ..]) = (d.opcode, &d.operands[..]) else {
                return Err(self.unsupported("this element in a `static` initializer", e));
            };
            indices.splice(0..0, rest.iter().copied());
            match base {
                Value::Global(g) => break *g,
                other => at = *other,
            }
        };
        let dims = self.cx.global_dims(g);
        if indices.len() != dims.len().max(1) {
            return Err(self.unsupported("this element in a `static` initializer", e));
        }
        let mut flat: Option<Value> = None;
        for (k, &v) in indices.iter().enumerate() {
            let from = self.type_of(v);
            let v = self.convert_value(v, &from, &Type::INT, e)?;
            flat = Some(match flat {
                None => v,
                // Constant rows fold (`grid[1][i]`: `4 + i`).
                Some(f) if self.int_constant(f).is_some() => {
                    let n = i64::from(dims.get(k).copied().unwrap_or(1));
                    let base = self.int_constant(f).unwrap_or(0) * n;
                    match self.int_constant(v) {
                        Some(c) => self.fb().int((base + c) as i32),
                        None if base == 0 => v,
                        None => {
                            let base = self.fb().int(base as i32);
                            self.fb().binary(ir::Opcode::Add, base, v)
                        }
                    }
                }
                Some(f) => {
                    let n = self.fb().int(dims.get(k).copied().unwrap_or(1) as i32);
                    let scaled = self.fb().binary(ir::Opcode::Mul, f, n);
                    self.fb().binary(ir::Opcode::Add, scaled, v)
                }
            });
        }
        Ok(flat)
    }

    /// The indices into global `g` of the element at the row-major position `flat` holds
    /// (an `int`): `flat` itself for a one-dimensional array. Also the instructions made, in
    /// order.
    pub(crate) fn unflatten_value(&mut self, g: Global, flat: Value) -> (Vec<Value>, Vec<Value>) {
        let dims = self.cx.global_dims(g);
        self.unflatten_over(&dims, flat)
    }

    /// The indices into an array of dimensions `dims` of the element at the row-major
    /// position `flat` (an `int`): `flat` itself for one dimension or none. Also the
    /// instructions made, in order.
    pub(crate) fn unflatten_over(&mut self, dims: &[u32], flat: Value) -> (Vec<Value>, Vec<Value>) {
        let (mut out, mut made) = (Vec::new(), Vec::new());
        let mut rest = flat;
        for &n in dims.iter().skip(1).rev() {
            let n = self.fb().int(n as i32);
            out.push(self.fb().binary(ir::Opcode::Rem, rest, n));
            rest = self.fb().binary(ir::Opcode::Div, rest, n);
            made.extend([out[out.len() - 1], rest]);
        }
        out.push(rest);
        out.reverse();
        (out, made)
    }

    /// The indices, one per dimension, of the element at position `k` of global `g`
    /// ([`StaticResource`]'s index): `k` itself for a one-dimensional array.
    pub(crate) fn element_indices(&mut self, g: Global, k: i64) -> Vec<Value> {
        let dims = self.cx.global_dims(g);
        let indices = if dims.len() < 2 {
            vec![k]
        } else {
            unflatten(&dims, k)
        };
        indices
            .into_iter()
            .map(|i| self.fb().int(i as i32))
            .collect()
    }

    /// The row `slots` hold in order when they are consecutive elements of one innermost row
    /// of a global array of arrays (`static Texture2D row[4] = grid[1];`, or `= grid[k]`):
    /// the global, the indices before the column, and the first slot's column.
    pub(crate) fn innermost_row(&self, slots: &[Slot]) -> Option<InnermostRow> {
        let mut row: Option<InnermostRow> = None;
        for (at, slot) in slots.iter().enumerate() {
            let Some(Binding::Bound(p)) = self.res.slots.get(slot).copied() else {
                return None;
            };
            // Through access chains of access chains (`grid[1][0]` lowered an index at a time).
            let (g, indices) = self.chain_from_global(p)?;
            let (g, (last, outer)) = (&g, indices.split_last()?);
            let dims = self.cx.global_dims(*g);
            if outer.is_empty() || outer.len() + 1 != dims.len() {
                return None;
            }
            let column = self.int_constant(*last)?;
            // The row's indices: constants, or one value every slot shares (a `static` row
            // at a run-time index, loaded once, `row_statics`).
            let same = |a: &[Value], b: &[Value]| {
                a.len() == b.len()
                    && a.iter().zip(b).all(|(&x, &y)| {
                        x == y
                            || matches!((self.int_constant(x), self.int_constant(y)),
                                (Some(p), Some(q)) if p == q)
                    })
            };
            match &row {
                None => {
                    row = Some(InnermostRow {
                        global: *g,
                        outer: outer.to_vec(),
                        first: column,
                    })
                }
                Some(r)
                    if r.global == *g && same(&r.outer, outer) && r.first + at as i64 == column => {
                }
                Some(_) => return None,
            }
        }
        row
    }

    /// The element of `row` at `int` index `index` from its first slot: `grid[1][c + i]`.
    pub(crate) fn row_element(&mut self, row: InnermostRow, index: Value) -> Value {
        let mut indices: Vec<Value> = row.outer;
        let last = if row.first == 0 {
            index
        } else {
            let c = self.fb().int(row.first as i32);
            self.fb().binary(ir::Opcode::Add, index, c)
        };
        indices.push(last);
        self.fb().access_chain(Value::Global(row.global), &indices)
    }
}

/// A run of slots holding consecutive elements of one innermost row of a global array of
/// arrays ([`FnLower::innermost_row`]).
#[derive(Debug, Clone)]
pub(crate) struct InnermostRow {
    global: Global,
    /// The indices of the row (all dimensions but the last): constants, or values every slot
    /// of the run shares.
    outer: Vec<Value>,
    /// The column of the run's first slot.
    first: i64,
}

impl InnermostRow {
    /// The global, the row's indices and the column of the run's first slot.
    pub(crate) fn parts(self) -> (Global, Vec<Value>, i64) {
        (self.global, self.outer, self.first)
    }
}

#[cfg(test)]
mod tests {
    use super::{flat_position, unflatten};

    #[test]
    fn positions_are_row_major_and_round_trip() {
        let dims = [3, 4];
        assert_eq!(flat_position(&dims, &[1, 2]), Some(6));
        assert_eq!(flat_position(&dims, &[2, 3]), Some(11));
        assert_eq!(flat_position(&dims, &[3, 0]), None);
        assert_eq!(flat_position(&dims, &[1]), None);
        assert_eq!(unflatten(&dims, 6), vec![1, 2]);
        assert_eq!(unflatten(&[2, 3, 4], 23), vec![1, 2, 3]);
    }
}
