//! `static_assert(condition, "message")` at file, namespace or struct level and in function
//! bodies: the condition is evaluated as a constant expression in the scope it is written in,
//! and a false one is clang's (so DXC's) error, `static_assert failed "message"`. Inside a
//! template, a condition that does not depend on the template's parameters is checked where
//! it is written, as clang does; one that does is checked at each instantiation
//! (`static_assert_instances`), with the parameters bound, and a false one names the
//! instantiation site as a secondary label. A condition this evaluator cannot compute (a
//! local constant, an intrinsic) is a warning that it was not checked, never a false error
//! (in a template, where it is left unchecked silently).

use base_db::{CompileConfig, SourceFile};
use syntax::ast::{self, AstNode};
use syntax::{Diagnostic, SyntaxKind};

use crate::codes;
use crate::ids::{ast_id_map, expanded_root, user_range};
use crate::item_tree::{item_tree, ItemIdx};
use crate::lower_type::{ConstValue, TypeCtx};
use crate::scope::{item_scope, LookupSite};
use crate::static_assert_instances::{enclosing_template, template_instances};
use crate::type_ref::ConstExpr;
use crate::HirDb;

/// An assertion inside a template whose condition depends on its parameters.
struct Deferred {
    condition: ConstExpr,
    message: Option<String>,
    /// The innermost item around it, and the template around that.
    owner: ItemIdx,
    template: ItemIdx,
    range: (syntax::FileId, syntax::TextRange),
}

/// The diagnostics of every `static_assert` of `file`.
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
    let mut deferred = Vec::new();
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
        let template = owner.and_then(|o| enclosing_template(&tree, o));
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
        let lowered = ConstExpr::lower(&condition);
        match ctx.eval(&lowered) {
            Some(v) if holds(v) => {}
            Some(_) => out.push(failed(&message, dfile, range)),
            None => {
                if let (Some(owner), Some(template)) = (owner, template) {
                    deferred.push(Deferred {
                        condition: lowered,
                        message,
                        owner,
                        template,
                        range: (dfile, range),
                    });
                    continue;
                }
                out.push(Diagnostic::warning(
                    codes::STATIC_ASSERT_NOT_CHECKED,
                    "this static_assert is not checked: its condition is not a constant \
                 expression this compiler evaluates"
                        .to_owned(),
                    dfile,
                    range,
                ))
            }
        }
    }
    if deferred.is_empty() {
        return;
    }
    let wanted = deferred.iter().map(|d| d.template).collect();
    let instances = template_instances(db, (file, config), (&tree, &scope, map), &root, &wanted);
    for d in &deferred {
        for instance in instances.iter().filter(|i| i.template == d.template) {
            let mut ctx = TypeCtx::inside(&tree, &scope, d.owner);
            if tree.function(d.owner).is_none() {
                ctx.site.horizon = None;
            }
            ctx.env.extend(instance.env.iter().cloned());
            if ctx.eval(&d.condition).is_some_and(|v| !holds(v)) {
                let (sfile, srange) = user_range(db, file, config, instance.site);
                let kind = if tree.function(d.template).is_some() {
                    "function template specialization"
                } else {
                    "template class"
                };
                out.push(failed(&d.message, d.range.0, d.range.1).with_related(
                    sfile,
                    srange,
                    format!(
                        "in instantiation of {kind} '{}' requested here",
                        instance.spelled
                    ),
                ));
            }
        }
    }
}

/// clang's words for a false assertion.
fn failed(message: &Option<String>, file: syntax::FileId, range: syntax::TextRange) -> Diagnostic {
    let text = match message {
        Some(m) => format!("static_assert failed {m}"),
        None => "static_assert failed".to_owned(),
    };
    Diagnostic::error(codes::STATIC_ASSERT_FAILED, text, file, range)
}

/// Whether a condition's value is true (a non-zero number).
fn holds(v: ConstValue) -> bool {
    match v {
        ConstValue::Bool(b) => b,
        ConstValue::Int(i) => i != 0,
        ConstValue::Float(f) => f != 0.0,
    }
}
