//! Folding of literal-only integer expressions (`3000000000 + 1`, `0xFFFFFFFF & 0xFF00`,
//! `~0`, `1 << 31`): DXC's unsuffixed integer literals are 64-bit "literal int"s that clang
//! folds before they meet a type, so an expression of literals only is computed on 64 bits
//! and converted once, where it is used. Lowering it operator by operator at the type
//! inference gave it (`int`) would wrap (`3000000000 + 1` as a `double` became
//! -1294967295.0) and ask for `Int64` where a literal is past `int`'s range.

use hir::body::{Expr, ExprId, Literal};
use hir::type_ref::IntSuffix;
use syntax::ast::{BinaryOp, PrefixOp};

use crate::func::FnLower;

impl FnLower<'_, '_> {
    /// The 64-bit value of `e` when it is an integer expression of unsuffixed literals,
    /// parentheses and the arithmetic and bitwise operators (not a plain literal, which
    /// `literal_at` reads itself); `None` otherwise, or where the value overflows, divides by
    /// zero or shifts out of range (then lowered operator by operator, as before).
    pub(crate) fn folded_literal_int(&self, e: ExprId) -> Option<i64> {
        match self.body.expr(e) {
            Expr::Binary { .. } | Expr::Prefix { .. } | Expr::Paren(_) => self.literal_int(e),
            _ => None,
        }
    }

    fn literal_int(&self, e: ExprId) -> Option<i64> {
        if !self.infer.is_literal(e)
            || !self
                .infer
                .type_of_expr(e)?
                .scalar_kind()
                .is_some_and(|k| k.is_integer())
        {
            return None;
        }
        match self.body.expr(e) {
            Expr::Literal(Literal::Int(v, IntSuffix::None)) => i64::try_from(*v).ok(),
            Expr::Paren(i) => self.literal_int(*i),
            Expr::Prefix { op, expr } => {
                let v = self.literal_int(*expr)?;
                match op {
                    PrefixOp::Neg => v.checked_neg(),
                    PrefixOp::Plus => Some(v),
                    PrefixOp::BitNot => Some(!v),
                    _ => None,
                }
            }
            Expr::Binary {
                op: BinaryOp::Arith(a),
                lhs,
                rhs,
            } => a.checked_i64(self.literal_int(*lhs)?, self.literal_int(*rhs)?),
            _ => None,
        }
    }
}
