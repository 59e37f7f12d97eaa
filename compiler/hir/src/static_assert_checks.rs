//! `static_assert(condition, "message")` at file, namespace or struct level and in function
//! bodies: the condition is evaluated as a constant expression in the scope it is written in,
//! and a false one is clang's (so DXC's) error, `static_assert failed "message"`. Inside a
//! template the condition may depend on the template's parameters, so it is left to the
//! instances (which are not checked yet); a condition this evaluator cannot compute (a local
//! constant, an intrinsic) is a warning that it was not checked, never a false error.

use base_db::{CompileConfig, SourceFile};
use syntax::ast::{self, AstNode};
use syntax::{Diagnostic, SyntaxKind};

use crate::codes;
use crate::ids::{ast_id_map, expanded_root, user_range};
use crate::item_tree::{item_tree, ItemIdx, ItemTree};
use crate::lower_type::{ConstValue, TypeCtx};
use crate::scope::{item_scope, LookupSite};
use crate::type_ref::ConstExpr;
use crate::HirDb;

/// The diagnostics of every `static_assert` of `file` outside templates.
pub(crate) fn static_assert_diagnostics(
    db: &dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
    out: &mut Vec<Diagnostic>,
) {
    let root = expanded_root(db, file, config);
    let mut asserts = root
        .descendants()
        .filter(|n| n.kind() == SyntaxKind::STATIC_ASSERT)
        .filter_map(ast::StaticAssert::cast)
        .peekable();
    if asserts.peek().is_none() {
        return;
    }
    let tree = item_tree(db, file, config);
    let scope = item_scope(db, file, config);
    let map = ast_id_map(db, file, config);
    for a in asserts {
        let mut args = a.arg_list().into_iter().flat_map(|l| l.args());
        let Some(condition) = args.next() else {
            continue;
        };
        let message = args.next().map(|m| m.syntax().text().to_string());
        // The innermost item around the assertion: its scope and template parameters.
        let owner = a
            .syntax()
            .ancestors()
            .skip(1)
            .find_map(|n| map.id_of(&n).and_then(|id| tree.by_ast(id)));
        if owner.is_some_and(|o| in_template(&tree, o)) {
            continue;
        }
        let ctx = match owner {
            Some(o) => {
                let mut ctx = TypeCtx::inside(&tree, &scope, o);
                // In a namespace or struct, the members declared before the assertion are
                // visible (they come after their parent in the item tree).
                if tree.function(o).is_none() {
                    ctx.site.horizon = None;
                }
                ctx
            }
            None => TypeCtx::new(&tree, &scope, LookupSite::file()),
        };
        let (dfile, range) = user_range(db, file, config, condition.syntax().text_range());
        match ctx.eval(&ConstExpr::lower(&condition)) {
            Some(v) if holds(v) => {}
            Some(_) => {
                let text = match &message {
                    Some(m) => format!("static_assert failed {m}"),
                    None => "static_assert failed".to_owned(),
                };
                out.push(Diagnostic::error(
                    codes::STATIC_ASSERT_FAILED,
                    text,
                    dfile,
                    range,
                ));
            }
            None => out.push(Diagnostic::warning(
                codes::STATIC_ASSERT_NOT_CHECKED,
                "this static_assert is not checked: its condition is not a constant \
                 expression this compiler evaluates"
                    .to_owned(),
                dfile,
                range,
            )),
        }
    }
}

/// Whether a condition's value is true (a non-zero number).
fn holds(v: ConstValue) -> bool {
    match v {
        ConstValue::Bool(b) => b,
        ConstValue::Int(i) => i != 0,
        ConstValue::Float(f) => f != 0.0,
    }
}

/// Whether item `idx` is a template, or inside one.
fn in_template(tree: &ItemTree, idx: ItemIdx) -> bool {
    let mut at = Some(idx);
    while let Some(i) = at {
        let templated = match tree.function(i) {
            Some(f) => f.template.is_some(),
            None => tree.strukt(i).is_some_and(|s| s.template.is_some()),
        };
        if templated {
            return true;
        }
        at = tree.item(i).parent;
    }
    false
}
