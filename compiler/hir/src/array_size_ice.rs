//! Which array sizes DXC takes as integer constant expressions. Its front end is clang's:
//! an array size must be an integer constant expression, and a conversion of a floating
//! value to an integer is not one, so `float a[int(.3 * 12)]`, `float a[(uint)4.0]` and
//! `float a[N]` with `static const uint N = (uint)F;` (`F` a float constant) are "variable
//! length arrays are not supported in HLSL" (DXC's `NonVLAArrays.hlsl` test, DXC issue 2530),
//! and a size of float type is clang's "size of array has non-integer type". DXC's HLSL
//! additions fold `min` and `max` of constants there (DXC PRs 4591 and earlier), not `clamp`,
//! `abs` or other intrinsics (those fold only in code generation). The evaluator
//! (`lower_type`) computes the value; this module says whether DXC would take it. Called by
//! `lower_type` for array dimensions.

use crate::item_tree::ItemKind;
use crate::lower_type::{ConstValue, TypeCtx};
use crate::type_ref::ConstExpr;

impl TypeCtx<'_> {
    /// Whether evaluating `e` converts a floating value to an integer somewhere (an explicit
    /// cast, or an integer constant initialized from a float), which no integer constant
    /// expression does.
    pub(crate) fn truncates_float(&self, e: &ConstExpr) -> bool {
        match e {
            ConstExpr::Convert(t, a) => {
                let to_integer = self
                    .resolve(t, &mut Vec::new())
                    .and_then(|t| t.scalar_kind())
                    .is_some_and(|k| !k.is_float());
                (to_integer && matches!(self.eval(a), Some(ConstValue::Float(_))))
                    || self.truncates_float(a)
            }
            ConstExpr::Path(p) => {
                let found = self.scope.lookup_qualified(self.tree, &self.site, p);
                let Some(&idx) = found.first() else {
                    return false;
                };
                let ItemKind::Variable(v) = &self.tree.item(idx).kind else {
                    return false;
                };
                let Some(init) = v.init.as_ref().filter(|_| v.is_const) else {
                    return false;
                };
                let ctx = self.nested(idx);
                let integer = ctx
                    .resolve(&v.ty, &mut Vec::new())
                    .and_then(|t| t.scalar_kind())
                    .is_some_and(|k| !k.is_float());
                ctx.truncates_float(init)
                    || (integer && matches!(ctx.eval(init), Some(ConstValue::Float(_))))
            }
            ConstExpr::Neg(a) | ConstExpr::Not(a) | ConstExpr::BitNot(a) => self.truncates_float(a),
            ConstExpr::Binary(_, a, b) | ConstExpr::MinMax(_, _, a, b) => {
                self.truncates_float(a) || self.truncates_float(b)
            }
            ConstExpr::Cond(c, a, b) => {
                self.truncates_float(c) || self.truncates_float(a) || self.truncates_float(b)
            }
            _ => false,
        }
    }
}
