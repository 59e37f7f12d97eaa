//! Elements of global arrays of arrays of resources held by a `static` whose resources flow
//! through calls (`static_flow`): `set(grid[1][2])` with `void set(Texture2D t) { st = t; }`,
//! or `st = grid[k][j]` in a helper.
//!
//! A copy given such an element holds an access chain with one index per dimension (built
//! from the row-major position it was passed, `row_args`). Where a flowing static's slot
//! holds one at a call or a `return`, it travels as one `int`, its row-major position over
//! the whole array, exactly as an element of a one-dimensional array travels with its
//! index: the callee is given it as [`crate::static_flow::Held::Element`], a copy leaving it
//! hands it back through its hidden `out int` ([`crate::resource_handed::Handed::Indexed`]),
//! and the pointer is rebuilt from it by [`FnLower::global_element`]. DXC inlines the calls,
//! so its legalization sees the same element.
//!
//! Called from `static_flow.rs` and `resource_handed.rs`.

use ir::{Global, Value};
use types::{ScalarKind, Type};

use crate::func::FnLower;

impl FnLower<'_, '_> {
    /// The global array of arrays and the row-major position (an `int`) of the element `p`
    /// names, when `p` is an access chain with one index per dimension of a global array of
    /// two dimensions or more, one of them known only at run time; `None` otherwise
    /// (a one-dimensional element is `element_of`'s, a constant one is named).
    pub(crate) fn flat_element_of(&mut self, p: Value) -> Option<(Global, Value)> {
        let (g, indices) = self.chain_from_global(p)?;
        let dims = self.cx.global_dims(g);
        if dims.len() < 2 || indices.len() != dims.len() {
            return None;
        }
        if indices.iter().all(|&i| self.int_constant(i).is_some()) {
            return None;
        }
        let mut flat: Option<Value> = None;
        for (k, &v) in indices.iter().enumerate() {
            let Type::Scalar(kind) = self.type_of(v) else {
                return None;
            };
            let v = self.convert_kind(v, kind, ScalarKind::Int, &Type::INT);
            flat = Some(match flat {
                None => v,
                Some(f) => {
                    let n = self.fb().int(dims[k] as i32);
                    let scaled = self.fb().binary(ir::Opcode::Mul, f, n);
                    self.fb().binary(ir::Opcode::Add, scaled, v)
                }
            });
        }
        flat.map(|f| (g, f))
    }

    /// The element of global array `g` at `int` `index`: its index for a one-dimensional
    /// array, its row-major position for an array of arrays (one index per dimension
    /// rebuilt from it).
    pub(crate) fn global_element(&mut self, g: Global, index: Value) -> Value {
        self.incoming_element(g, index, 0)
    }
}
