//! Diagnostics of parameters' default values: each default is lowered and inferred as an
//! expression of its own in the scope of its function's declaration (as lowering computes it
//! at the calls that leave it out), and its errors are reported where it is written. A
//! default naming a parameter of its function is refused as clang (and so DXC) refuses it:
//! "default argument references parameter".

use base_db::{CompileConfig, SourceFile};
use syntax::ast::{self, AstNode};
use syntax::{Diagnostic, FileId, TextRange};

use crate::body::{lower_default_value, Expr};
use crate::codes;
use crate::ids::{ast_id_map, expanded_root, user_range, AstId, FunctionId};
use crate::item_tree::{item_tree, ItemIdx, ItemTree};
use crate::HirDb;

/// The diagnostics of every default value in `file` outside templates (whose defaults are
/// checked by each instance's lowering).
pub(crate) fn default_diagnostics(
    db: &dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
    item_range: &dyn Fn(AstId) -> (FileId, TextRange),
    out: &mut Vec<Diagnostic>,
) {
    let tree = item_tree(db, file, config);
    let root = expanded_root(db, file, config);
    let map = ast_id_map(db, file, config);
    for idx in tree.indices() {
        let Some(f) = tree.function(idx) else {
            continue;
        };
        if !f.params.iter().any(|p| p.has_default) || in_template(&tree, idx) {
            continue;
        }
        let ast = tree.item(idx).ast;
        let Some(fn_def) = map.node(&root, ast).and_then(ast::FnDef::cast) else {
            continue;
        };
        let params: Vec<ast::Param> = fn_def
            .param_list()
            .into_iter()
            .flat_map(|l| l.params())
            .collect();
        let names: Vec<&str> = f.params.iter().map(|p| p.name.as_str()).collect();
        let fid = FunctionId::new(db, file, config, ast);
        for (i, p) in params.iter().enumerate() {
            let Some(default) = p.default_value() else {
                continue;
            };
            let (body, source_map) = lower_default_value(&default);
            let named_param = body.exprs.iter().enumerate().find_map(|(e, x)| match x {
                Expr::Path(path) => path
                    .as_name()
                    .filter(|n| names.contains(n))
                    .map(|n| (e, n.to_owned())),
                _ => None,
            });
            if let Some((e, name)) = named_param {
                let range = source_map.exprs[e].text_range();
                let (dfile, range) = user_range(db, file, config, range);
                out.push(Diagnostic::error(
                    codes::UNDEFINED_NAME,
                    format!("default argument references parameter `{name}`"),
                    dfile,
                    range,
                ));
                continue;
            }
            let result = crate::infer::infer_default(db, fid, &body, i, &[]);
            crate::diagnostics::map_body_diagnostics(
                db,
                file,
                config,
                &result,
                &source_map,
                item_range(ast),
                item_range,
                out,
            );
        }
    }
}

/// Whether function `idx` is a template or a method of a template struct.
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
