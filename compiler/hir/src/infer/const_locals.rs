//! `const` locals as compile-time integers: `const int N = 3; float3 centers[N];` sizes the
//! array by the local, as DXC (clang) takes any integral constant expression. A `const`
//! integer local with a constant initializer binds its value in the type context for the
//! rest of its block, so array sizes (and template arguments) of later declarations see it.
//! Called by `declare_local`; `Stmt::Block` drops the bindings at the block's end.

use syntax::ast::{BinaryOp, PrefixOp};

use super::InferCtx;
use crate::body::{Expr, ExprId, Literal, LocalId};
use crate::lower_type::TemplateArg;

impl InferCtx<'_> {
    /// Binds `id`'s value when it is a `const` integer local with a constant initializer.
    pub(super) fn bind_const_local(&mut self, id: LocalId) {
        let local = self.body.local(id);
        if !local.is_const || local.param.is_some() {
            return;
        }
        let integral = matches!(
            self.result.local_types[id.0 as usize],
            Some(types::Type::Scalar(k)) if k.is_integer()
        );
        if !integral {
            return;
        }
        if let Some(v) = local.init.and_then(|e| self.const_int_expr(e)) {
            let name = local.name.clone();
            self.tcx.env.push((name, TemplateArg::Value(v)));
        }
    }

    /// The value of `e` when it is an integer constant expression: literals, `const` locals
    /// bound so far, global constants, and integer arithmetic on them.
    pub(super) fn const_int_expr(&self, e: ExprId) -> Option<i64> {
        match self.body.expr(e) {
            Expr::Literal(Literal::Int(v, _)) => i64::try_from(*v).ok(),
            Expr::Paren(i)
            | Expr::Prefix {
                op: PrefixOp::Plus,
                expr: i,
            } => self.const_int_expr(*i),
            Expr::Prefix {
                op: PrefixOp::Neg,
                expr,
            } => self.const_int_expr(*expr)?.checked_neg(),
            Expr::Local(l) => match self
                .tcx
                .env
                .iter()
                .rev()
                .find(|(n, _)| *n == self.body.local(*l).name)
            {
                Some((_, TemplateArg::Value(v))) => Some(*v),
                _ => None,
            },
            Expr::Path(p) => self
                .tcx
                .eval(&crate::type_ref::ConstExpr::Path(p.clone()))
                .filter(|v| matches!(v, crate::lower_type::ConstValue::Int(_)))
                .map(|v| v.as_int()),
            Expr::Binary {
                op: BinaryOp::Arith(op),
                lhs,
                rhs,
            } => {
                let (a, b) = (self.const_int_expr(*lhs)?, self.const_int_expr(*rhs)?);
                op.checked_i64(a, b)
            }
            _ => None,
        }
    }
}
