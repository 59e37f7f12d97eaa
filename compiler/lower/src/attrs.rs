//! Vulkan attributes read from the syntax of a declaration: `[[vk::binding(b, s)]]` on
//! resources (for `resources`) and `[[vk::location(n)]]` on entry parameters, entry results and
//! struct fields (for `graphics`). The item tree keeps attributes of functions only, so these
//! look at the declaration's node.

use hir::item_tree::{ItemIdx, ItemKind};
use syntax::ast::{self, AstNode, HasAttributes};
use syntax::SyntaxNode;

use crate::context::ModuleCtx;

/// The arguments of attribute `name` on the declaration of `idx` (or on the declaration
/// statement that holds it: `[[vk::binding(0)]] Texture2D t;` puts the attribute on the
/// statement, the item is its declarator).
pub fn item_attr(cx: &ModuleCtx<'_>, idx: ItemIdx, name: &str) -> Option<Vec<String>> {
    let node = item_node(cx, idx)?;
    let decl = node.parent();
    [Some(node), decl]
        .into_iter()
        .flatten()
        .flat_map(|n| n.children().filter_map(ast::Attribute::cast))
        .find(|a| a.name_text() == name)
        .map(|a| crate::stmt::attr_args(&a))
}

fn item_node(cx: &ModuleCtx<'_>, idx: ItemIdx) -> Option<SyntaxNode> {
    let root = hir::ids::expanded_root(cx.db, cx.file, cx.config);
    hir::ast_id_map(cx.db, cx.file, cx.config).node(&root, cx.tree.item(idx).ast)
}

/// `[[vk::location(n)]]` among `attrs`: `Some(Ok(n))`, or `Some(Err(text))` for an argument
/// that is not a number.
fn location_in(attrs: impl Iterator<Item = ast::Attribute>) -> Option<Result<u32, String>> {
    let a = attrs
        .into_iter()
        .find(|a| a.name_text() == "vk::location")?;
    let args = crate::stmt::attr_args(&a);
    let text = args
        .first()
        .map(|s| s.trim().to_owned())
        .unwrap_or_default();
    Some(text.parse().map_err(|_| text))
}

/// `[[vk::location]]` of parameter `param` of entry function `idx`.
pub fn param_location(
    cx: &ModuleCtx<'_>,
    idx: ItemIdx,
    param: usize,
) -> Option<Result<u32, String>> {
    let f = ast::FnDef::cast(item_node(cx, idx)?)?;
    let p = f.param_list()?.params().nth(param)?;
    location_in(p.attributes())
}

/// `[[vk::location]]` on entry function `idx` itself: the location of its result.
pub fn result_location(cx: &ModuleCtx<'_>, idx: ItemIdx) -> Option<Result<u32, String>> {
    let f = ast::FnDef::cast(item_node(cx, idx)?)?;
    location_in(f.attributes())
}

/// `[[vk::location]]` on field `field` of the struct type named `struct_name` (qualified, with
/// template arguments when it has some).
pub fn field_location(
    cx: &ModuleCtx<'_>,
    struct_name: &str,
    field: &str,
) -> Option<Result<u32, String>> {
    let base = struct_name.split('<').next().unwrap_or(struct_name);
    let s = cx.tree.indices().find(|&i| {
        matches!(cx.tree.item(i).kind, ItemKind::Struct(_)) && cx.tree.qualified_name(i) == base
    })?;
    let ItemKind::Struct(st) = &cx.tree.item(s).kind else {
        return None;
    };
    let member = st
        .members
        .iter()
        .copied()
        .find(|&m| cx.tree.item(m).name == field)?;
    let node = item_node(cx, member)?;
    let decl = node.parent();
    [Some(node), decl]
        .into_iter()
        .flatten()
        .find_map(ast::VarDecl::cast)
        .and_then(|d| location_in(d.attributes()))
}
