//! Folding of literal-only expressions (`3000000000 + 1`, `0xFFFFFFFF & 0xFF00`, `~0`,
//! `1 << 31`, `1.0 / 3.0`): DXC's unsuffixed literals are 64-bit "literal int"s and "literal
//! float"s that clang folds before they meet a type, so an expression of literals only is
//! computed on 64 bits and converted once, where it is used. Lowering it operator by operator
//! at the type inference gave it (`int`, `float`) would wrap (`3000000000 + 1` as a `double`
//! became -1294967295.0), lose a `double`'s precision (`1.0 / 3.0` rounded to a `float`
//! first) and ask for `Int64` where a literal is past `int`'s range. From HLSL 202x on an
//! unsuffixed floating literal is a `float` (conforming literals), so floating expressions
//! are folded only before that.

use hir::body::{Expr, ExprId, Literal};
use hir::type_ref::{FloatSuffix, IntSuffix};
use syntax::ast::{ArithOp, BinaryOp, PrefixOp};

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

    /// The 64-bit value of `e` when it is a floating expression of unsuffixed literals,
    /// parentheses and `+ - * / %` before HLSL 202x (not a plain literal); `None` otherwise or
    /// where the value is not a number.
    pub(crate) fn folded_literal_float(&self, e: ExprId) -> Option<f64> {
        if self.hlsl_version() >= hir::HLSL_202X {
            return None;
        }
        match self.body.expr(e) {
            Expr::Binary { .. } | Expr::Prefix { .. } | Expr::Paren(_) => {
                self.literal_float(e).filter(|f| !f.is_nan())
            }
            _ => None,
        }
    }

    fn literal_float(&self, e: ExprId) -> Option<f64> {
        if !self.infer.is_literal(e) {
            return None;
        }
        let kind = self.infer.type_of_expr(e)?.scalar_kind()?;
        if kind.is_integer() {
            return self.literal_int(e).map(|i| i as f64);
        }
        if !kind.is_float() {
            return None;
        }
        match self.body.expr(e) {
            Expr::Literal(Literal::Float(bits, FloatSuffix::None)) => Some(f64::from_bits(*bits)),
            Expr::Paren(i) => self.literal_float(*i),
            Expr::Prefix { op, expr } => {
                let v = self.literal_float(*expr)?;
                match op {
                    PrefixOp::Neg => Some(-v),
                    PrefixOp::Plus => Some(v),
                    _ => None,
                }
            }
            Expr::Binary {
                op: BinaryOp::Arith(a),
                lhs,
                rhs,
            } => {
                let (l, r) = (self.literal_float(*lhs)?, self.literal_float(*rhs)?);
                match a {
                    ArithOp::Add => Some(l + r),
                    ArithOp::Sub => Some(l - r),
                    ArithOp::Mul => Some(l * r),
                    ArithOp::Div => Some(l / r),
                    // HLSL's `%` on floats keeps the dividend's sign, as Rust's does.
                    ArithOp::Rem => Some(l % r),
                    _ => None,
                }
            }
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
