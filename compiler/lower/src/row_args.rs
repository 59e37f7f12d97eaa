//! Elements and rows of global arrays of arrays of resources passed to functions:
//! `f(grid[1][2])` to a `Texture2D` parameter, `f(grid[i][1])`, a `static` row
//! (`static Texture2D row[4] = grid[1];`) or a local holding elements of one
//! (`{ grid[0][1], grid[2][3] }`) to a `Texture2D t[N]` parameter.
//!
//! A call passes a resource that is an element of a global array as the global and an `int`
//! index (`ResourceArg::indexed`), and the copy it picks rebuilds the access chain. For an
//! array of arrays that index is the row-major position over the indices given (as a
//! `static` names such an element, `resource_rows`): `grid[1][2]` of `grid[3][4]` is 6,
//! the row `cube[1][2]` of `cube[2][3][4]` is row 5. The copy turns it back into one index
//! per dimension ([`FnLower::incoming_element`]). A run of slots holding a whole innermost
//! row in order is passed as that row ([`FnLower::row_argument`]), so a run-time index into
//! the parameter indexes the row, as DXC's legalization finds once the call is inlined.
//!
//! Called from `user_call.rs` and `resource_out.rs` (arguments), `resource_array_args.rs`
//! (array arguments) and `func.rs` (parameters).

use hir::body::ExprId;
use ir::{Global, Value};
use types::Type;

use crate::context::{ResourceArg, R};
use crate::func::FnLower;
use crate::resource_structs::{element_slots, Slot};

impl FnLower<'_, '_> {
    /// The global and the row-major position over the indices given when `p` is an access
    /// chain into a global array of arrays of resources with two indices or more
    /// (`grid[1][j]`, `cube[1][2]`); `None` for any other pointer (a one-index element is
    /// `element_of`'s).
    pub(crate) fn element_position(&mut self, p: Value, at: ExprId) -> R<Option<(Global, Value)>> {
        let Some((g, indices)) = self.chain_from_global(p) else {
            return Ok(None);
        };
        let (g, indices) = (&g, &indices[..]);
        let dims = self.cx.global_dims(*g);
        if indices.len() < 2 || indices.len() > dims.len() {
            return Ok(None);
        }
        let mut flat: Option<Value> = None;
        for (k, &v) in indices.iter().enumerate() {
            let from = self.type_of(v);
            let v = self.convert_value(v, &from, &Type::INT, at)?;
            flat = Some(match flat {
                None => v,
                Some(f) => {
                    let n = i64::from(dims[k]);
                    match (self.int_constant(f), self.int_constant(v)) {
                        (Some(a), Some(b)) => self.fb().int((a * n + b) as i32),
                        _ => {
                            let n = self.fb().int(n as i32);
                            let scaled = self.fb().binary(ir::Opcode::Mul, f, n);
                            self.fb().binary(ir::Opcode::Add, scaled, v)
                        }
                    }
                }
            });
        }
        Ok(flat.map(|f| (*g, f)))
    }

    /// The global and the index of `p` when it is an element of a global resource array:
    /// `element_of`'s one index, or for an array of arrays its row-major position
    /// ([`Self::element_position`]).
    pub(crate) fn element_index_of(&mut self, p: Value, at: ExprId) -> R<Option<(Global, Value)>> {
        match self.element_of(p) {
            Some(e) => Ok(Some(e)),
            None => self.element_position(p, at),
        }
    }

    /// The global and the indices from it of access chain `p`, through access chains of
    /// access chains (`grid[1][j]` lowered one index at a time).
    pub(crate) fn chain_from_global(&self, p: Value) -> Option<(Global, Vec<Value>)> {
        let mut indices: Vec<Value> = Vec::new();
        let mut at = p;
        loop {
            let Value::Inst(i) = at else { return None };
            let d = &self.cx.mb.module().functions[self.func].insts[i];
            let (ir::Opcode::AccessChain, [base, rest @ ..]) = (d.opcode, &d.operands[..]) else {
                return None;
            };
            indices.splice(0..0, rest.iter().copied());
            match base {
                Value::Global(g) => return Some((*g, indices)),
                other => at = *other,
            }
        }
    }

    /// In a copy given an element (or row) of global `g` at `int` position `position`
    /// ([`Self::element_position`]): the pointer to it, one index per outer dimension of
    /// `g`, `inner` dimensions (those of the parameter's own array type) left.
    pub(crate) fn incoming_element(&mut self, g: Global, position: Value, inner: usize) -> Value {
        let dims = self.cx.global_dims(g);
        let given = dims.len().saturating_sub(inner).max(1);
        if given == 1 {
            return self.fb().access_chain(Value::Global(g), &[position]);
        }
        let mut indices = Vec::new();
        let mut rest = position;
        for &n in dims[1..given].iter().rev() {
            let n = self.fb().int(n as i32);
            indices.push(self.fb().binary(ir::Opcode::Rem, rest, n));
            rest = self.fb().binary(ir::Opcode::Div, rest, n);
        }
        indices.push(rest);
        indices.reverse();
        self.fb().access_chain(Value::Global(g), &indices)
    }

    /// The argument for an array parameter of `n` resources when `slots` hold a whole
    /// innermost row of a global array of arrays in order (`static Texture2D row[4] =
    /// grid[1];`): the row, as `f(grid[1])` passes it, with its row-major position among
    /// the rows. `None` for any other run of slots.
    fn row_argument(&mut self, slots: &[Slot], n: u32) -> Option<(ResourceArg, Value)> {
        let (g, outer, first) = self.innermost_row(slots)?.parts();
        let dims = self.cx.global_dims(g);
        if first != 0 || dims.last().copied() != Some(n) {
            return None;
        }
        let index = self.row_position(&outer, &dims);
        let arg = ResourceArg {
            global: Some(g),
            indexed: true,
            ..Default::default()
        };
        Some((arg, index))
    }

    /// The row-major position among the rows of an array of arrays of dimensions `dims` of
    /// the row at indices `outer` (`int`s; constants fold).
    pub(crate) fn row_position(&mut self, outer: &[Value], dims: &[u32]) -> Value {
        let mut position: Option<Value> = None;
        for (&k, &d) in outer.iter().zip(dims) {
            position = Some(match position {
                None => k,
                Some(p) => match (self.int_constant(p), self.int_constant(k)) {
                    (Some(a), Some(b)) => self.fb().int((a * i64::from(d) + b) as i32),
                    _ => {
                        let n = self.fb().int(d as i32);
                        let scaled = self.fb().binary(ir::Opcode::Mul, p, n);
                        self.fb().binary(ir::Opcode::Add, scaled, k)
                    }
                },
            });
        }
        position.unwrap_or_else(|| self.fb().int(0))
    }

    /// [`Self::row_argument`] for the `n` slots of local array `l` under `path` (a local
    /// resource array, or the temporary standing for a `static` one).
    pub(crate) fn local_row_argument(
        &mut self,
        l: hir::body::LocalId,
        path: &[u32],
        n: u32,
    ) -> Option<(Vec<ResourceArg>, Vec<Value>)> {
        let slots = element_slots(l, path, n);
        let (arg, index) = self.row_argument(&slots, n)?;
        Some((vec![arg], vec![index]))
    }
}
