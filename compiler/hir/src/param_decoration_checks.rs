//! Inline SPIR-V decorations (`[[vk::ext_decorate]]`, `[[vk::ext_decorate_id]]`,
//! `[[vk::ext_decorate_string]]`) on a parameter of a function that is not an entry point:
//! DXC decorates the variables it declares and the entry point's stage variables, but a
//! function parameter (`OpFunctionParameter`) never, so it drops these silently. They are
//! dropped here too, with a warning at the attribute (`W2100`). Called by
//! `diagnostics::diagnostics`; the lowering (`lower::inline_spirv`) skips them.

use base_db::{CompileConfig, SourceFile};
use syntax::ast::{self, AstNode, HasAttributes};
use syntax::Diagnostic;

use crate::codes;
use crate::entry::entry_points;
use crate::ids::{ast_id_map, expanded_root, user_range};
use crate::item_tree::item_tree;
use crate::HirDb;

/// The decoration attributes DXC applies to variables only.
pub const DECORATIONS: &[&str] = &[
    "vk::ext_decorate",
    "vk::ext_decorate_id",
    "vk::ext_decorate_string",
];

/// `W2100` for every decoration attribute on a parameter of a function defined in `file`
/// that is not one of its entry points.
pub(crate) fn param_decoration_diagnostics(
    db: &dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
    out: &mut Vec<Diagnostic>,
) {
    let tree = item_tree(db, file, config);
    let entries = entry_points(db, file, config);
    let map = ast_id_map(db, file, config);
    let mut root = None;
    for idx in tree.indices() {
        let Some(f) = tree.function(idx) else {
            continue;
        };
        let item = tree.item(idx);
        if !f.has_body || entries.iter().any(|e| e.function == item.ast) {
            continue;
        }
        let root = root.get_or_insert_with(|| expanded_root(db, file, config));
        let Some(node) = map.node(root, item.ast).and_then(ast::FnDef::cast) else {
            continue;
        };
        let Some(params) = node.param_list() else {
            continue;
        };
        for param in params.params() {
            for attr in param.attributes() {
                let name = attr.name_text();
                if !DECORATIONS.contains(&name.as_str()) {
                    continue;
                }
                let (f, r) = user_range(db, file, config, attr.syntax().text_range());
                out.push(Diagnostic::warning(
                    codes::PARAMETER_DECORATION_IGNORED,
                    format!(
                        "`[[{name}]]` on a parameter of a function that is not an entry point \
                         is ignored: DXC decorates variables and the entry point's stage \
                         variables, never a function parameter"
                    ),
                    f,
                    r,
                ));
            }
        }
    }
}
