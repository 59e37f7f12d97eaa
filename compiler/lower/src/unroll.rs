//! `for` loops that must be unrolled to lower at all: a texel offset must be a constant
//! (the specification makes offsets immediates), and HLSL lets it name the induction variable
//! of a loop (`for (int x = -1; x <= 1; ++x) t.Sample(s, uv, int2(x, 0))`). DXC unrolls such
//! loops: those marked `[unroll]` always, unmarked ones in its DXIL legalization (its SPIR-V
//! path leaves them and spirv-val then refuses the module); we unroll both, and never a
//! `[loop]` one. A `for` loop is lowered as a loop (keeping its hint) when it can be; only
//! when that fails because an offset is not a constant, and the loop has the simple shape
//! below, is it lowered again with its body repeated once per value of the variable
//! (likewise when a resource would depend on the loop's run-time control flow, as DXC's
//! legalization unrolls such loops):
//!
//! - the variable is declared by the loop's initializer with a constant value;
//! - the condition compares the variable with a constant (`<`, `<=`, `>`, `>=`, `!=`);
//! - the step is `++`, `--`, `+= c` or `-= c` on the variable;
//! - the body never assigns the variable and has no `break` or `continue`.

use std::collections::HashMap;

use hir::body::{Expr, ExprId, LocalId, Stmt, StmtId};
use syntax::ast::{ArithOp, BinaryOp, CmpOp, PostfixOp, PrefixOp};

use crate::context::R;
use crate::func::FnLower;

/// At most this many copies of a body.
const MAX_ITERATIONS: usize = 256;

/// The message of the error that unrolling can cure.
pub const OFFSET_NOT_CONSTANT: &str = "a texel offset that is not a constant";

impl FnLower<'_, '_> {
    /// `for (init; cond; step) body` with hint `[unroll]`: a loop, or the body once per value
    /// of its induction variable when only that lets its texel offsets be constants.
    pub fn lower_unroll_for(
        &mut self,
        s: StmtId,
        init: Option<StmtId>,
        cond: Option<ExprId>,
        step: Option<ExprId>,
        body: StmtId,
    ) -> R<()> {
        let Some((var, values)) = self.unroll_plan(init, cond, step, body) else {
            // Not a shape unrolling handles: a loop, whatever comes of it.
            if let Some(i) = init {
                self.lower_stmt(i)?;
            }
            return self.lower_loop_stmt(s, cond, step, body);
        };
        let saved = self.snapshot();
        let looped = (|| {
            if let Some(i) = init {
                self.lower_stmt(i)?;
            }
            self.lower_loop_stmt(s, cond, step, body)
        })();
        let Err(error) = looped else {
            return Ok(());
        };
        // Unrolling cures constant offsets, and resources chosen by the induction variable
        // (`resource_choice` resolves conditions on it in each copy).
        let only_offsets = self.cx.diagnostics[saved.diagnostics..].iter().all(|d| {
            d.message.ends_with(OFFSET_NOT_CONSTANT)
                || d.message == crate::resource_structs::RUNTIME_CHOICE
        });
        if !only_offsets {
            return Err(error);
        }
        // Start again from before the loop.
        self.cx.diagnostics.truncate(saved.diagnostics);
        self.restore(saved);
        for v in values {
            if self.current.is_none() {
                break;
            }
            self.const_locals.insert(var, v);
            let r = self.lower_stmt(body);
            self.const_locals.remove(&var);
            r?;
        }
        Ok(())
    }

    /// The induction variable and its values, when the loop has the shape unrolling needs.
    fn unroll_plan(
        &self,
        init: Option<StmtId>,
        cond: Option<ExprId>,
        step: Option<ExprId>,
        body: StmtId,
    ) -> Option<(LocalId, Vec<i64>)> {
        let Stmt::Decl(vars) = self.body.stmt(init?) else {
            return None;
        };
        let [var] = vars[..] else {
            return None;
        };
        let start = self.const_scalar(self.body.local(var).init?)?;
        let Expr::Binary {
            op: BinaryOp::Cmp(op),
            lhs,
            rhs,
        } = self.body.expr(cond?).clone()
        else {
            return None;
        };
        if !matches!(self.body.expr(lhs), Expr::Local(l) if *l == var) {
            return None;
        }
        let bound = self.const_scalar(rhs)?;
        let delta = match self.body.expr(step?).clone() {
            Expr::Prefix { op, expr } if self.is_var(expr, var) => match op {
                PrefixOp::PreInc => 1,
                PrefixOp::PreDec => -1,
                _ => return None,
            },
            Expr::Postfix { op, expr } if self.is_var(expr, var) => match op {
                PostfixOp::PostInc => 1,
                PostfixOp::PostDec => -1,
            },
            Expr::Binary {
                op: BinaryOp::Assign { op: Some(a) },
                lhs,
                rhs,
            } if self.is_var(lhs, var) => match a {
                ArithOp::Add => self.const_scalar(rhs)?,
                ArithOp::Sub => -self.const_scalar(rhs)?,
                _ => return None,
            },
            _ => return None,
        };
        if delta == 0 || !self.stmt_keeps(body, var) {
            return None;
        }
        let holds = |v: i64| match op {
            CmpOp::Lt => v < bound,
            CmpOp::Le => v <= bound,
            CmpOp::Gt => v > bound,
            CmpOp::Ge => v >= bound,
            CmpOp::Ne => v != bound,
            CmpOp::Eq => v == bound,
        };
        let mut values = Vec::new();
        let mut v = start;
        while holds(v) {
            if values.len() == MAX_ITERATIONS {
                return None;
            }
            values.push(v);
            v = v.checked_add(delta)?;
        }
        Some((var, values))
    }

    fn is_var(&self, e: ExprId, var: LocalId) -> bool {
        match self.body.expr(e) {
            Expr::Local(l) => *l == var,
            Expr::Paren(i) => self.is_var(*i, var),
            _ => false,
        }
    }

    /// The constant value of a scalar integer expression.
    fn const_scalar(&self, e: ExprId) -> Option<i64> {
        match self.const_ints(e)?[..] {
            [v] => Some(v),
            _ => None,
        }
    }

    /// Whether statement `s` neither assigns `var` (nor passes it where it could be) nor
    /// contains `break` or `continue`.
    fn stmt_keeps(&self, s: StmtId, var: LocalId) -> bool {
        let exprs_keep = |es: &[ExprId]| es.iter().all(|&e| self.expr_keeps(e, var));
        match self.body.stmt(s) {
            Stmt::Break | Stmt::Continue | Stmt::NotSupported(_) => false,
            Stmt::Expr(e) => exprs_keep(&[*e]),
            Stmt::Return(e) => exprs_keep(&e.iter().copied().collect::<Vec<_>>()),
            Stmt::Decl(locals) => locals.iter().all(|l| {
                self.body
                    .local(*l)
                    .init
                    .is_none_or(|e| self.expr_keeps(e, var))
            }),
            Stmt::Block(stmts) => stmts.iter().all(|&st| self.stmt_keeps(st, var)),
            Stmt::If {
                cond,
                then,
                otherwise,
            } => {
                exprs_keep(&[*cond])
                    && self.stmt_keeps(*then, var)
                    && otherwise.is_none_or(|o| self.stmt_keeps(o, var))
            }
            Stmt::For {
                init,
                cond,
                step,
                body,
            } => {
                init.is_none_or(|i| self.stmt_keeps(i, var))
                    && exprs_keep(&cond.iter().chain(step).copied().collect::<Vec<_>>())
                    && self.stmt_keeps(*body, var)
            }
            Stmt::While { cond, body } | Stmt::DoWhile { body, cond } => {
                exprs_keep(&[*cond]) && self.stmt_keeps(*body, var)
            }
            Stmt::Switch { expr, clauses } => {
                exprs_keep(&[*expr])
                    && clauses
                        .iter()
                        .all(|c| c.stmts.iter().all(|&st| self.stmt_keeps(st, var)))
            }
            Stmt::Discard | Stmt::Empty | Stmt::TypeDecl(_) => true,
        }
    }

    fn expr_keeps(&self, e: ExprId, var: LocalId) -> bool {
        let writes_var = match self.body.expr(e) {
            Expr::Binary {
                op: BinaryOp::Assign { .. },
                lhs,
                ..
            } => self.is_var(*lhs, var),
            Expr::Prefix {
                op: PrefixOp::PreInc | PrefixOp::PreDec,
                expr,
            }
            | Expr::Postfix { expr, .. } => self.is_var(*expr, var),
            // A user call could take it as `out`.
            Expr::Call { args, .. } | Expr::MethodCall { args, .. } => {
                self.infer.resolution(e).is_some() && args.iter().any(|&a| self.is_var(a, var))
            }
            _ => false,
        };
        !writes_var
            && self
                .body
                .children(e)
                .into_iter()
                .all(|c| self.expr_keeps(c, var))
    }
}

/// The induction variables of the loops being unrolled, by local.
pub type ConstLocals = HashMap<LocalId, i64>;
