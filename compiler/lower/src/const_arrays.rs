//! Elements of `static const` arrays, and `static const` integer vectors, read where the
//! specification needs an immediate: a texel offset `t.Sample(s, uv, kOffsets[i])` with `i` a
//! constant (or the induction variable of a loop being unrolled, [`crate::unroll`]), or
//! `t.Sample(s, uv, kOffset.yx)`. The array's initializer is read from its
//! HIR, flattened by HLSL's initializer-list rules (`{ int2(-1, 0), int2(1, 0) }` or
//! `{ -1, 0, 1, 0 }`), and split into elements of the array's element type. Only integer
//! scalars and vectors are evaluated, what offsets are made of.

use hir::body::{Body, Expr, ExprId, Literal};
use hir::ids::GlobalId;
use hir::infer::InferenceResult;
use hir::item_tree::ItemKind;
use syntax::ast::PrefixOp;
use types::Type;

use crate::func::FnLower;

/// More components than any offset array needs: past this, the array is not evaluated.
const MAX_COMPONENTS: usize = 4096;

impl FnLower<'_, '_> {
    /// The components of element `index` of the `static const` array named by `base`.
    pub(crate) fn const_array_element(&self, base: ExprId, index: i64) -> Option<Vec<i64>> {
        let Some(Type::Array { element, len }) = self.infer.type_of_expr(base) else {
            return None;
        };
        let width = match &**element {
            Type::Scalar(k) if k.is_integer() => 1,
            Type::Vector(k, n) if k.is_integer() => usize::from(*n),
            _ => return None,
        };
        let len = usize::try_from((*len)?).ok()?;
        let index = usize::try_from(index).ok().filter(|&i| i < len)?;
        let flat = self.static_const_components(base)?;
        if flat.len() != len * width {
            return None;
        }
        Some(flat[index * width..(index + 1) * width].to_vec())
    }

    /// The components of the `static const` integer vector named by `e` (`kOffset` of
    /// `static const int2 kOffset = int2(1, -1);`).
    pub(crate) fn const_global_vector(&self, e: ExprId) -> Option<Vec<i64>> {
        let Some(Type::Vector(k, n)) = self.infer.type_of_expr(e) else {
            return None;
        };
        if !k.is_integer() {
            return None;
        }
        self.static_const_components(e)
            .filter(|flat| flat.len() == usize::from(*n))
    }

    /// The flattened integer components of the initializer of the `static const` global
    /// named by `e`.
    fn static_const_components(&self, e: ExprId) -> Option<Vec<i64>> {
        let Expr::Path(_) = self.body.expr(e) else {
            return None;
        };
        let hir::Resolution::Global(ast) = self.infer.resolution(e)? else {
            return None;
        };
        let idx = self.cx.tree.by_ast(*ast)?;
        let ItemKind::Variable(v) = &self.cx.tree.item(idx).kind else {
            return None;
        };
        if !(v.is_static && v.is_const) {
            return None;
        }
        let gid = GlobalId::new(self.cx.db, self.cx.file, self.cx.config, *ast);
        let (body, _) = hir::body::global_body_with_source_map(self.cx.db, gid);
        let infer = crate::enums::infer_global(self.cx.db, gid);
        let mut flat = Vec::new();
        flatten(&body, &infer, body.init?, &mut flat)?;
        Some(flat)
    }
}

/// Appends the integer components of constant expression `e` of `body` to `out`; `None` when
/// any is not a constant this knows.
fn flatten(body: &Body, infer: &InferenceResult, e: ExprId, out: &mut Vec<i64>) -> Option<()> {
    if out.len() > MAX_COMPONENTS {
        return None;
    }
    match body.expr(e) {
        Expr::Literal(Literal::Int(v, _)) => out.push(i64::try_from(*v).ok()?),
        Expr::Paren(i) | Expr::Cast { expr: i, .. } => flatten(body, infer, *i, out)?,
        Expr::Prefix { op, expr } => {
            let mut inner = Vec::new();
            flatten(body, infer, *expr, &mut inner)?;
            match op {
                PrefixOp::Plus => out.extend(inner),
                PrefixOp::Neg => out.extend(inner.iter().map(|v| v.wrapping_neg())),
                _ => return None,
            }
        }
        // `int2(-1, 0)`: a constructor's arguments, in order (a user function's result is
        // no constant here).
        Expr::Call { args, .. } if infer.resolution(e).is_none() => {
            for &a in args {
                flatten(body, infer, a, out)?;
            }
        }
        Expr::InitList(args) => {
            for &a in args {
                flatten(body, infer, a, out)?;
            }
        }
        _ => return None,
    }
    Some(())
}
