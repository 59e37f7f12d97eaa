//! DXC's `string` conversions, in its words: a `string` (a literal, or a global declared
//! `string`) initializes only a `string`, and a `string` is initialized by one value only
//! (`{ 'A', 'B' }` is "too many elements in vector initialization"). `string` has no type
//! of its own here (only global constants have it, to name `printf` formats), so these
//! checks read the declarations. Called for the initializers of globals and locals.

use super::{BodyNode, InferCtx, ValueRes};
use crate::body::{Expr, ExprId, Literal};
use crate::codes;
use crate::item_tree::ItemKind;

impl InferCtx<'_> {
    /// The initializer `init` of a variable whose declared type is a string (`declared` is
    /// `None`) or `Some(type name as DXC spells it, 'const bool')`.
    pub(super) fn check_string_init(&mut self, init: ExprId, declared: Option<String>) {
        let source = self.string_source(init);
        match (declared, source) {
            // A string from a string: fine.
            (None, Some(_)) => {}
            (None, None) => {
                if let Expr::InitList(items) = self.body.expr(init) {
                    if items.len() > 1 {
                        let message = format!(
                            "too many elements in vector initialization (expected 1 element, \
                             have {})",
                            items.len()
                        );
                        self.diag(codes::TYPE_MISMATCH, BodyNode::Expr(init), message);
                    }
                    return;
                }
                let Some(from) = self.value_type_name(init) else {
                    return;
                };
                let message =
                    format!("cannot initialize a variable of type 'string' with an {from}");
                self.diag(codes::TYPE_MISMATCH, BodyNode::Expr(init), message);
            }
            (Some(to), Some(value)) => {
                let message = format!(
                    "cannot initialize a variable of type '{to}' with an {value} of type 'string'"
                );
                self.diag(codes::TYPE_MISMATCH, BodyNode::Expr(init), message);
            }
            (Some(_), None) => {}
        }
    }

    /// Whether `e` names a global declared `string` (a constant: DXC's SPIR-V makes it an
    /// `OpString`, which nothing can assign).
    pub(super) fn is_string_variable(&mut self, e: ExprId) -> bool {
        self.string_source(e) == Some("lvalue")
    }

    /// `Some("rvalue")` for a string literal, `Some("lvalue")` for a global declared
    /// `string`; `None` for anything else.
    fn string_source(&mut self, e: ExprId) -> Option<&'static str> {
        match self.body.expr(e) {
            Expr::Paren(inner) => self.string_source(*inner),
            Expr::Literal(Literal::String) => Some("rvalue"),
            Expr::Path(p) => {
                let Some(ValueRes::Global(g)) = self.resolve_value(&p.clone()) else {
                    return None;
                };
                match &self.tree.item(g).kind {
                    ItemKind::Variable(v) if v.ty.is_string() => Some("lvalue"),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// `rvalue of type 'literal int'`, `lvalue of type 'const bool'`: how DXC names the
    /// value of a numeric initializer.
    fn value_type_name(&mut self, e: ExprId) -> Option<String> {
        let ty = self.result.display_type(e);
        if ty == "{unknown}" {
            return None;
        }
        let mut inner = e;
        while let Expr::Paren(i) = self.body.expr(inner) {
            inner = *i;
        }
        Some(match self.body.expr(inner).clone() {
            Expr::Path(p) => {
                let constant = match self.resolve_value(&p) {
                    Some(ValueRes::Global(g)) => {
                        matches!(&self.tree.item(g).kind, ItemKind::Variable(v) if v.is_const)
                    }
                    _ => false,
                };
                let prefix = if constant { "const " } else { "" };
                format!("lvalue of type '{prefix}{ty}'")
            }
            _ => format!("rvalue of type '{ty}'"),
        })
    }
}
