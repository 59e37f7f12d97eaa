//! A hull entry point and its patch-constant function run as two separate functions of the
//! stage, so neither may call the other: DXC refuses "patch constant function 'pcf' should
//! not be reachable from entry function 'main'" and "entry function 'main' should not be
//! reachable from patch constant function 'pcf'" (`E2035`), here at the
//! `[patchconstantfunc]` argument that pairs them. Called by `diagnostics::file_diagnostics`
//! with its call graph.

use std::collections::HashMap;

use base_db::{CompileConfig, SourceFile};
use syntax::ast::{self, AstNode, HasAttributes};
use syntax::Diagnostic;

use crate::barrier_checks::reached;
use crate::codes;
use crate::entry::{entry_points, Stage};
use crate::ids::{ast_id_map, expanded_root, user_range, AstId};
use crate::item_tree::item_tree;
use crate::HirDb;

/// Adds the reachability errors of every hull entry of `file` and its patch-constant
/// function; `graph` maps each function with a body to the functions it calls.
pub(crate) fn hull_reachability_diagnostics(
    db: &dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
    graph: &HashMap<AstId, Vec<AstId>>,
    out: &mut Vec<Diagnostic>,
) {
    let entries = entry_points(db, file, config);
    if !entries.iter().any(|e| e.stage == Stage::Hull) {
        return;
    }
    let tree = item_tree(db, file, config);
    let map = ast_id_map(db, file, config);
    let root = expanded_root(db, file, config);
    for entry in entries.iter().filter(|e| e.stage == Stage::Hull) {
        let Some(def) = map.node(&root, entry.function).and_then(ast::FnDef::cast) else {
            continue;
        };
        let Some((arg, name)) = patch_constant_name(&def) else {
            continue;
        };
        let Some(pcf) = tree
            .indices()
            .find(|&i| {
                tree.item(i).name == name
                    && tree.item(i).parent.is_none()
                    && tree.function(i).is_some_and(|f| f.has_body)
            })
            .map(|i| tree.item(i).ast)
        else {
            continue;
        };
        if pcf == entry.function {
            continue;
        }
        let mut messages = Vec::new();
        if reached(entry.function, graph).contains(&pcf) {
            messages.push(format!(
                "patch constant function '{name}' should not be reachable from entry function \
                 '{}'",
                entry.name
            ));
        }
        if reached(pcf, graph).contains(&entry.function) {
            messages.push(format!(
                "entry function '{}' should not be reachable from patch constant function \
                 '{name}'",
                entry.name
            ));
        }
        for message in messages {
            let (f, r) = user_range(db, file, config, arg.syntax().text_range());
            out.push(Diagnostic::error(codes::STAGE_ATTRIBUTES, message, f, r));
        }
    }
}

/// The argument of a hull entry's `[patchconstantfunc("name")]` and the name in it; `None`
/// without the attribute or when the argument is no string (`attr_checks`' error).
pub(crate) fn patch_constant_name(def: &ast::FnDef) -> Option<(ast::Expr, String)> {
    let arg = def
        .attributes()
        .find(|a| a.name_text().eq_ignore_ascii_case("patchconstantfunc"))?
        .arg_list()?
        .args()
        .next()?;
    let text = arg.syntax().text().to_string();
    let name = text
        .trim()
        .strip_prefix('"')?
        .strip_suffix('"')?
        .to_string();
    Some((arg, name))
}
