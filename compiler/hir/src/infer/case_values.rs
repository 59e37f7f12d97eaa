//! `case` values DXC refuses (`E2271`), in clang's words, at the value:
//!
//! - one that is no integer constant: a `float` (`case 2.1f:`, refused from shader model 6)
//!   or one reading a variable that is not `const` (`case 1 + a:`): "expression is not an
//!   integral constant expression";
//! - the value of an earlier label of the same switch (`case 2:` then `case 1 + 1:`, or `-1`
//!   and `0xffffffff` in a 32-bit switch): "duplicate case value '2'".
//!
//! Values this cannot evaluate are left to lowering. Called by `infer_stmt` on a `switch`.

use types::{ScalarKind, Type};

use super::{BodyNode, InferCtx};
use crate::body::{CaseClause, Expr, ExprId};
use crate::codes;

impl InferCtx<'_> {
    /// Checks the values of `clauses`, a switch on a value of type `selector`.
    pub(super) fn check_case_values(&mut self, selector: Option<&Type>, clauses: &[CaseClause]) {
        let kind = selector.and_then(Type::scalar_kind);
        let wide = matches!(kind, Some(ScalarKind::Int64 | ScalarKind::Uint64));
        let unsigned = matches!(kind, Some(ScalarKind::Uint | ScalarKind::Uint64));
        let mut seen: Vec<i64> = Vec::new();
        for v in clauses.iter().filter_map(|c| c.value) {
            let float = self
                .result
                .type_of_expr(v)
                .and_then(Type::scalar_kind)
                .is_some_and(ScalarKind::is_float);
            if float || self.reads_variable(v) {
                self.diag(
                    codes::SWITCH_LABEL,
                    BodyNode::Expr(v),
                    "expression is not an integral constant expression".into(),
                );
                continue;
            }
            let Some(n) = self.const_int(v).or_else(|| self.const_int_expr(v)) else {
                continue;
            };
            // A 32-bit switch compares 32-bit values: `-1` is `0xffffffff`.
            let n = if wide { n } else { i64::from(n as u32) };
            if seen.contains(&n) {
                let shown = if wide || unsigned {
                    n.to_string()
                } else {
                    (n as u32 as i32).to_string()
                };
                self.diag(
                    codes::SWITCH_LABEL,
                    BodyNode::Expr(v),
                    format!("duplicate case value '{shown}'"),
                );
            } else {
                seen.push(n);
            }
        }
    }

    /// Whether `e` reads a local that is not `const` (a parameter included).
    fn reads_variable(&self, e: ExprId) -> bool {
        match self.body.expr(e) {
            Expr::Local(l) => {
                let local = self.body.local(*l);
                !local.is_const || local.param.is_some()
            }
            _ => self
                .body
                .children(e)
                .into_iter()
                .any(|c| self.reads_variable(c)),
        }
    }
}
