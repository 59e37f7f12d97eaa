//! `printf(format, args...)`: a `CallIntrinsic(Printf)` whose operands are the values to
//! print, each of its own type, and whose one literal names the format in the module's
//! strings (the SPIR-V backend emits DXC's `NonSemantic.DebugPrintf` instruction with an
//! `OpString`). Arguments are passed as the values they are, as DXC passes them; a resource
//! (or a value holding one) is refused (E3256). Called by `call.rs`.

use hir::body::{Expr, ExprId, Literal};
use hir::item_tree::{ItemIdx, ItemKind};
use ir::{InstData, Intrinsic, Opcode, Value};
use syntax::ast::{self, AstNode};
use types::Type;

use crate::context::R;
use crate::func::FnLower;

impl FnLower<'_, '_> {
    pub fn lower_printf(&mut self, e: ExprId, args: &[ExprId]) -> R<Option<Value>> {
        let Some((&format, values)) = args.split_first() else {
            return Err(self.unsupported("`printf` without a format", e));
        };
        let Some(text) = self.string_literal(format) else {
            return Err(self.unsupported(
                "a `printf` format that is not a string literal or an initialized global `string`",
                e,
            ));
        };
        let mut operands = Vec::new();
        for &a in values {
            if self.string_literal(a).is_some() {
                let range = self.expr_range(a);
                return Err(self.cx.error(
                    crate::PRINTF_ARGUMENT,
                    "a string cannot be a printf argument (only the format is a string): \
                     write its text into the format"
                        .to_owned(),
                    range,
                ));
            }
            let ty = self.ty(a)?;
            // DXC passes each argument as the value it is (its SPIR-V emitter lowers every
            // argument with `doExpr`): a bool, a matrix, an array or a struct is one operand.
            // A resource has no such value: Vulkan's handle is opaque (a buffer is not even
            // loadable), so no implementation of debug printf could print it.
            if holds_resource(&ty) {
                let range = self.expr_range(a);
                return Err(self.cx.error(
                    crate::PRINTF_ARGUMENT,
                    format!(
                        "a value of type `{ty}` cannot be a printf argument: debug printf \
                         prints numeric values (scalars, vectors and aggregates of them); \
                         print an element or a value loaded from the resource instead"
                    ),
                    range,
                ));
            }
            operands.push(self.coerce(a, &ty)?);
        }
        let index = self.cx.mb.string(&text);
        let mut d = InstData::new(
            Opcode::CallIntrinsic(Intrinsic::Printf),
            Type::Void,
            operands,
        );
        d.literals = vec![i64::from(index)];
        self.fb().push(d);
        Ok(None)
    }

    /// `global = "text";` for a global `string`: records the text for the `printf`s lowered
    /// after it (a string is a compile-time value, never memory). False when `lhs` is not a
    /// global `string` or `rhs` not a literal.
    pub(crate) fn assign_string(&mut self, lhs: ExprId, rhs: ExprId) -> bool {
        let Some(idx) = self.string_global(lhs) else {
            return false;
        };
        let Some(text) = self.string_literal(rhs) else {
            return false;
        };
        self.cx.string_values.insert(idx, text);
        true
    }

    /// The global `string` that expression `e` names.
    fn string_global(&self, e: ExprId) -> Option<ItemIdx> {
        if !matches!(self.body.expr(e), Expr::Path(_)) {
            return None;
        }
        let Some(hir::Resolution::Global(ast)) = self.infer.resolution(e) else {
            return None;
        };
        let idx = self.cx.tree.by_ast(*ast)?;
        match &self.cx.tree.item(idx).kind {
            ItemKind::Variable(v) if v.ty.is_string() => Some(idx),
            _ => None,
        }
    }

    /// The value of string literal `e` (adjacent literals joined), escapes resolved, or of
    /// the global `string` `e` names: the text last assigned to it, else its initializer.
    fn string_literal(&self, e: ExprId) -> Option<String> {
        let root = hir::ids::expanded_root(self.cx.db, self.cx.file, self.cx.config);
        let node = match self.body.expr(e) {
            Expr::Literal(Literal::String) => self.map.expr_syntax(e).to_node(&root),
            Expr::Path(_) => {
                let idx = self.string_global(e)?;
                if let Some(text) = self.cx.string_values.get(&idx) {
                    return Some(text.clone());
                }
                let declarator = hir::ast_id_map(self.cx.db, self.cx.file, self.cx.config)
                    .node(&root, self.cx.tree.item(idx).ast)
                    .and_then(ast::VarDeclarator::cast)?;
                declarator.initializer()?.syntax().clone()
            }
            _ => return None,
        };
        unquote(&node.text().to_string())
    }
}

/// Whether `ty` is or holds a resource (an object with no numeric value).
fn holds_resource(ty: &Type) -> bool {
    match ty {
        Type::Resource(_) => true,
        Type::Array { element, .. } => holds_resource(element),
        Type::Struct(s) => s.fields.iter().any(|f| holds_resource(&f.ty)),
        _ => false,
    }
}

/// The characters of the C string literals in `text` (`"a\n" "b"` is `a`, newline, `b`);
/// `None` for text that is not a run of complete string literals.
fn unquote(text: &str) -> Option<String> {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    loop {
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        match chars.next() {
            None => return Some(out),
            Some('"') => {}
            Some(_) => return None,
        }
        loop {
            match chars.next()? {
                '"' => break,
                '\\' => out.push(match chars.next()? {
                    'n' => '\n',
                    't' => '\t',
                    'r' => '\r',
                    '0' => '\0',
                    'a' => '\u{7}',
                    'b' => '\u{8}',
                    'f' => '\u{c}',
                    'v' => '\u{b}',
                    c => c,
                }),
                c => out.push(c),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::unquote;

    #[test]
    fn string_literals_are_unquoted_and_joined() {
        assert_eq!(unquote(r#""x = %d\n""#).as_deref(), Some("x = %d\n"));
        assert_eq!(unquote(r#""a" "b\"c""#).as_deref(), Some("ab\"c"));
        assert_eq!(unquote(r#""tab\there\\""#).as_deref(), Some("tab\there\\"));
        assert_eq!(unquote(r#""open"#), None);
        assert_eq!(unquote("x"), None);
    }
}
