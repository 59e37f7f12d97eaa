//! A constant array index out of bounds before HLSL 2018 (`-HV 2016`/`2017`): DXC gives
//! clang's warnings there ("array index -1 is before the beginning of the array", "array
//! index 2 is past the end of the array (which contains 2 elements)", `W2017`), where later
//! versions refuse the index (`E2012`, in `expr.rs`).

use super::{BodyNode, InferCtx};
use crate::body::ExprId;
use crate::codes;

/// The first `__HLSL_VERSION` that refuses a constant index out of an array's bounds.
const HLSL_2018: u32 = 2018;

impl InferCtx<'_> {
    pub(super) fn array_bounds_are_warnings(&self) -> bool {
        self.config.preprocess(self.db).hlsl_version < HLSL_2018
    }

    /// W2017 for a constant `index` (its value `constant`) outside an array of `len`.
    pub(super) fn warn_array_bounds(
        &mut self,
        index: ExprId,
        constant: Option<i64>,
        len: Option<u32>,
    ) {
        let (Some(i), Some(len)) = (constant, len) else {
            return;
        };
        let message = if i < 0 {
            format!("array index {i} is before the beginning of the array")
        } else if i >= i64::from(len) {
            let elements = if len == 1 { "element" } else { "elements" };
            format!(
                "array index {i} is past the end of the array (which contains {len} {elements})"
            )
        } else {
            return;
        };
        self.diag(codes::ARRAY_BOUNDS_WARNING, BodyNode::Expr(index), message);
    }
}
