//! The call around a cursor, for signature help: the called name, what it calls (the user
//! overloads and which one the arguments choose, or an intrinsic, or a method of a resource),
//! the inferred argument types and the argument the cursor is in. Works on half-typed calls
//! (`f(a, ` with no closing parenthesis): the parser still makes a call with an argument list.

use std::sync::Arc;

use base_db::{CompileConfig, SourceFile};
use syntax::ast::{self, AstNode};
use syntax::preprocess::TokenOrigin;
use syntax::{SyntaxKind, SyntaxNode, TextSize};
use types::Type;

use super::{operands, Definition, Sema};
use crate::body::Expr;
use crate::ids::FunctionId;
use crate::infer::{function_signature, FunctionSignature};
use crate::item_tree::ItemIdx;
use crate::HirDb;

/// A call that the cursor is inside the parentheses of.
#[derive(Debug, Clone)]
pub struct CallSite {
    /// The called name as written (`f`, `ns::f`, `Sample`).
    pub name: String,
    pub callee: Callee,
    /// The inferred type of each argument written so far, and whether it is a literal.
    pub args: Vec<Option<(Type, bool)>>,
    /// The argument the cursor is in (0-based).
    pub active_parameter: u32,
}

#[derive(Debug, Clone)]
pub enum Callee {
    /// User functions or methods: every overload, and the one the arguments choose.
    Functions {
        overloads: Vec<Arc<FunctionSignature>>,
        chosen: Option<usize>,
    },
    /// No user function has the name: an intrinsic, if there is one.
    Intrinsic,
    /// A method of a value that is not a user struct (a resource), with the value's type.
    Method(Type),
}

/// The call whose argument list contains `offset` of `file`'s text (innermost first).
pub fn call_at(
    db: &dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
    offset: TextSize,
) -> Option<CallSite> {
    let sema = Sema::new(db, file, config);
    let expanded = expanded_offset_before(db, file, config, offset)?;
    let token = sema.root.token_at_offset(expanded).left_biased()?;
    let arg_list = token
        .parent_ancestors()
        .filter(|n| n.kind() == SyntaxKind::ARG_LIST)
        .find(|list| {
            // Inside the parentheses: after `(`, and before `)` if there is one.
            let r = list.text_range();
            let closed = list
                .last_token()
                .is_some_and(|t| t.kind() == SyntaxKind::R_PAREN);
            r.start() < expanded && (!closed || expanded < r.end())
        })?;
    let call = arg_list.parent()?;
    let active_parameter = arg_list
        .children_with_tokens()
        .filter(|e| e.kind() == SyntaxKind::COMMA && e.text_range().end() <= expanded)
        .count() as u32;
    match call.kind() {
        SyntaxKind::CALL_EXPR => function_call(&sema, &call, active_parameter),
        SyntaxKind::METHOD_CALL_EXPR => method_call(&sema, &call, active_parameter),
        _ => None,
    }
}

fn function_call(sema: &Sema<'_>, call: &SyntaxNode, active_parameter: u32) -> Option<CallSite> {
    let callee = ast::CallExpr::cast(call.clone())?.callee()?;
    let ast::Expr::PathExpr(path_expr) = callee else {
        return None;
    };
    let path = path_expr.path()?;
    let name_ref = path.last_segment()?.name_ref()?;
    let name = path
        .syntax()
        .text()
        .to_string()
        .split_whitespace()
        .collect();
    let data = sema.body_of(call);
    let args = data
        .as_ref()
        .and_then(|d| {
            let e = d.map.expr_for_node(call)?;
            match d.body.expr(e) {
                Expr::Call { args, .. } => Some(operands(d, args)),
                _ => None,
            }
        })
        .unwrap_or_default();
    let chosen = sema.resolve_name_ref(name_ref.syntax());
    let site = sema.site_of(call);
    let all: Vec<ItemIdx> = sema
        .scope
        .lookup_qualified(&sema.tree, &site, &crate::type_ref::lower_path(&path))
        .into_iter()
        .filter(|i| sema.tree.function(*i).is_some())
        .collect();
    let callee = if all.is_empty() {
        Callee::Intrinsic
    } else {
        overloads(sema, &all, &chosen)
    };
    Some(CallSite {
        name,
        callee,
        args: args
            .into_iter()
            .map(|a| a.map(|o| (o.ty, o.literal)))
            .collect(),
        active_parameter,
    })
}

fn method_call(sema: &Sema<'_>, call: &SyntaxNode, active_parameter: u32) -> Option<CallSite> {
    let method = ast::MethodCallExpr::cast(call.clone())?;
    let name = method.name_ref()?.text();
    let data = sema.body_of(call)?;
    let e = data.map.expr_for_node(call)?;
    let Expr::MethodCall { receiver, args, .. } = data.body.expr(e) else {
        return None;
    };
    let receiver_ty = data.infer.type_of_expr(*receiver)?.clone();
    let args_out = operands(&data, args)
        .into_iter()
        .map(|a| a.map(|o| (o.ty, o.literal)))
        .collect();
    let callee = match sema.struct_of(&receiver_ty) {
        Some(s) => {
            let methods: Vec<ItemIdx> = sema
                .struct_and_bases(s)
                .into_iter()
                .map(|s| {
                    sema.scope
                        .in_scope(Some(s), &name)
                        .iter()
                        .copied()
                        .filter(|m| sema.tree.function(*m).is_some())
                        .collect::<Vec<_>>()
                })
                .find(|m| !m.is_empty())?;
            let chosen = sema.resolve_method(call);
            overloads(sema, &methods, &chosen)
        }
        None => Callee::Method(receiver_ty),
    };
    Some(CallSite {
        name,
        callee,
        args: args_out,
        active_parameter,
    })
}

/// The distinct overloads among `functions` (a prototype and its definition are one), with
/// the chosen one when the arguments choose exactly one.
fn overloads(sema: &Sema<'_>, functions: &[ItemIdx], chosen: &[Definition]) -> Callee {
    let mut items: Vec<ItemIdx> = Vec::new();
    for &f in functions {
        let Definition::Item(c) = sema.canonical(Definition::Item(f)) else {
            continue;
        };
        if !items.contains(&c) {
            items.push(c);
        }
    }
    let signature = |i: ItemIdx| {
        let ast = sema.tree.item(i).ast;
        function_signature(
            sema.db,
            FunctionId::new(sema.db, sema.file, sema.config, ast),
        )
    };
    let chosen = match chosen {
        [Definition::Item(one)] => items.iter().position(|i| i == one),
        _ => None,
    };
    Callee::Functions {
        overloads: items.into_iter().map(signature).collect(),
        chosen,
    }
}

/// The offset in the expanded tree of `offset` of `file`'s text, or of the end of the last
/// token written before it (the cursor is often in whitespace: `f(a, |`).
fn expanded_offset_before(
    db: &dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
    offset: TextSize,
) -> Option<TextSize> {
    let parsed = base_db::parse_file(db, file, config);
    let tree = base_db::expanded_tree(db, file, config);
    let id = file.id(db);
    let tokens = &parsed.preprocessed.tokens;
    let index = tokens.iter().rposition(|t| match t.origin {
        TokenOrigin::File { file, range } => file == id && range.start() < offset,
        TokenOrigin::Macro { file, call, .. } => file == id && call.start() < offset,
    })?;
    let start = *tree.token_starts.get(index)?;
    let (_, range) = tokens[index].origin.diagnostic_range();
    let len = TextSize::from(tokens[index].text_len);
    let delta = offset.checked_sub(range.start()).unwrap_or_default();
    Some(start + delta.min(len))
}
