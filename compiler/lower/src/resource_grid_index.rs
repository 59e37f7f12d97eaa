//! One element of a global array of arrays of resources (`Texture2D grid[2][3]`) that a
//! function returns: `return grid[1][0];` or `return grid[i][j];`.
//!
//! A function returning an element at a run-time index returns the `int` index and its
//! callers index the global array with it (`resource_returns`). For an array of arrays the
//! element has several indices, so the function returns them folded into one row-major
//! element number (`(i * 3) + j` for `grid[2][3]`), and each caller unfolds it again by
//! division and remainder by the inner lengths. Constant indices go the same way: the
//! number is then a constant, which the backend's folding leaves as it is.
//!
//! Called from `resource_returns.rs`.

use ir::{Global, Opcode, Value};
use types::Type;

use crate::func::FnLower;

impl FnLower<'_, '_> {
    /// The global array and the indices (outermost first) of the resource pointer `p`, when
    /// it is an element of a global array reached by access chains only.
    pub(crate) fn global_element_chain(&self, p: Value) -> Option<(Global, Vec<Value>)> {
        let mut indices = Vec::new();
        let mut at = p;
        loop {
            let Value::Inst(i) = at else {
                return None;
            };
            let d = &self.cx.mb.module().functions[self.func].insts[i];
            if d.opcode != Opcode::AccessChain || d.operands.len() < 2 {
                return None;
            }
            let mut here = d.operands[1..].to_vec();
            here.append(&mut indices);
            indices = here;
            match d.operands[0] {
                Value::Global(g) => return Some((g, indices)),
                base => at = base,
            }
        }
    }

    /// The lengths of the nested arrays inside the outermost array of global `g` (`[3]` for
    /// `grid[2][3]`, nothing for a plain array), or `None` when one is unsized.
    pub(crate) fn inner_array_lengths(&self, g: Global) -> Option<Vec<u32>> {
        let mut lens = Vec::new();
        let Type::Array { element, .. } = &self.cx.mb.module().globals[g].ty else {
            return Some(lens);
        };
        let mut ty: &Type = element;
        while let Type::Array { element, len } = ty {
            lens.push((*len)?);
            ty = element;
        }
        Some(lens)
    }

    /// The row-major element number of `int` indices `indices` (outermost first) into an
    /// array whose inner lengths are `inner`.
    pub(crate) fn fold_element_index(&mut self, indices: &[Value], inner: &[u32]) -> Value {
        let mut folded = indices[0];
        for (&index, &len) in indices[1..].iter().zip(inner) {
            let len = self.fb().int(len as i32);
            let scaled = self.fb().binary(Opcode::Mul, folded, len);
            folded = self.fb().binary(Opcode::Add, scaled, index);
        }
        folded
    }

    /// The indices (outermost first) of element number `folded` of an array whose inner
    /// lengths are `inner`: the inverse of [`Self::fold_element_index`].
    pub(crate) fn unfold_element_index(&mut self, folded: Value, inner: &[u32]) -> Vec<Value> {
        let mut indices = Vec::with_capacity(inner.len() + 1);
        let mut rest = folded;
        for &len in inner.iter().rev() {
            let len = self.fb().int(len as i32);
            indices.push(self.fb().binary(Opcode::Rem, rest, len));
            rest = self.fb().binary(Opcode::Div, rest, len);
        }
        indices.push(rest);
        indices.reverse();
        indices
    }
}
