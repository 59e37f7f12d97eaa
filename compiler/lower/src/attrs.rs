//! Vulkan attributes read from the syntax of a declaration: `[[vk::binding(b, s)]]` on
//! resources (for `resources`), and `[[vk::location(n)]]` and `[[vk::perprimitive]]` on entry
//! parameters, entry results and struct fields (for `graphics`). The item tree keeps attributes of functions only, so these
//! look at the declaration's node.

use hir::item_tree::{ItemIdx, ItemKind};
use syntax::ast::{self, AstNode, HasAttributes, HasModifiers};
use syntax::SyntaxNode;

use crate::context::ModuleCtx;

/// The arguments of attribute `name` on the declaration of `idx` (or on the declaration
/// statement that holds it: `[[vk::binding(0)]] Texture2D t;` puts the attribute on the
/// statement, the item is its declarator).
pub fn item_attr(cx: &ModuleCtx<'_>, idx: ItemIdx, name: &str) -> Option<Vec<String>> {
    item_attribute(cx, idx, name).map(|a| crate::stmt::attr_args(&a))
}

/// The arguments of attribute `name` on the declaration of `idx`, each evaluated as an
/// integer constant in the scope of the declaration, as DXC evaluates them: a literal, a
/// named constant (`[[vk::binding(0, SET)]]` after `static const uint SET = 1;`, as Wicked
/// Engine declares its bindless descriptor sets), arithmetic on them. `None` for an argument
/// that is no integer constant.
pub fn item_attr_ints(cx: &ModuleCtx<'_>, idx: ItemIdx, name: &str) -> Option<Vec<Option<i64>>> {
    let attr = item_attribute(cx, idx, name)?;
    let tcx = hir::lower_type::TypeCtx::inside(&cx.tree, &cx.scope, idx);
    let Some(list) = attr.arg_list() else {
        return Some(Vec::new());
    };
    Some(
        list.args()
            .map(|a| match tcx.eval(&hir::type_ref::ConstExpr::lower(&a))? {
                hir::lower_type::ConstValue::Int(v) => Some(v),
                _ => None,
            })
            .collect(),
    )
}

/// Attribute `name` on the declaration of `idx` (or on the declaration statement holding it).
fn item_attribute(cx: &ModuleCtx<'_>, idx: ItemIdx, name: &str) -> Option<ast::Attribute> {
    let node = item_node(cx, idx)?;
    let decl = node.parent();
    [Some(node), decl]
        .into_iter()
        .flatten()
        .flat_map(|n| n.children().filter_map(ast::Attribute::cast))
        .find(|a| a.name_text() == name)
}

/// The name of attribute `name` written on global item `idx` or on its declaration statement
/// (`vk::binding` in `[[vk::binding(1)]] float4 g;`), where DXC reports a misuse of it; the
/// item's range when it has no such attribute.
pub(crate) fn item_attr_range(cx: &ModuleCtx<'_>, idx: ItemIdx, name: &str) -> syntax::TextRange {
    item_attribute(cx, idx, name)
        .map(|a| match a.path() {
            Some(p) => p.syntax().text_range(),
            None => a.syntax().text_range(),
        })
        .unwrap_or_else(|| cx.item_range(idx))
}

/// The syntax node of item `idx` in the expanded tree.
pub(crate) fn item_node(cx: &ModuleCtx<'_>, idx: ItemIdx) -> Option<SyntaxNode> {
    let root = hir::ids::expanded_root(cx.db, cx.file, cx.config);
    hir::ast_id_map(cx.db, cx.file, cx.config).node(&root, cx.tree.item(idx).ast)
}

/// `[[vk::location(n)]]` among `attrs`, else an inline `Location` (`[[vk::ext_decorate(30,
/// n)]]`): `Some(Ok(n))`, or `Some(Err(text))` for an argument that is not a number.
fn location_in(
    cx: &ModuleCtx<'_>,
    scope: ItemIdx,
    attrs: impl Iterator<Item = ast::Attribute>,
) -> Option<Result<u32, String>> {
    let attrs: Vec<ast::Attribute> = attrs.collect();
    let Some(a) = attrs.iter().find(|a| a.name_text() == "vk::location") else {
        // `[[vk::ext_decorate(30, n)]]` (`Location`): DXC takes it as the variable's
        // location, so it is read here, the one place that reads locations of parameters,
        // results and struct fields alike.
        return decorated_location(attrs.into_iter());
    };
    let args = crate::stmt::attr_args(a);
    let text = args
        .first()
        .map(|s| s.trim().to_owned())
        .unwrap_or_default();
    if let Ok(n) = text.parse() {
        return Some(Ok(n));
    }
    // A named constant (`static const uint LOC = 3;`), evaluated as DXC evaluates it.
    let tcx = hir::lower_type::TypeCtx::inside(&cx.tree, &cx.scope, scope);
    let value = a.arg_list().and_then(|l| l.args().next()).and_then(|e| {
        match tcx.eval(&hir::type_ref::ConstExpr::lower(&e))? {
            hir::lower_type::ConstValue::Int(v) => u32::try_from(v).ok(),
            _ => None,
        }
    });
    Some(value.ok_or(text))
}

/// The argument of `[[vk::builtin("Name")]]` among `attrs`.
fn builtin_in(attrs: impl Iterator<Item = ast::Attribute>) -> Option<String> {
    builtin_at(attrs).map(|(name, _)| name)
}

/// The argument of `[[vk::builtin("Name")]]` among `attrs`, with the range of the
/// attribute's name, where DXC reports a misuse of it.
fn builtin_at(
    mut attrs: impl Iterator<Item = ast::Attribute>,
) -> Option<(String, syntax::TextRange)> {
    let a = attrs.find(|a| a.name_text() == "vk::builtin")?;
    let args = crate::stmt::attr_args(&a);
    let range = match a.path() {
        Some(p) => p.syntax().text_range(),
        None => a.syntax().text_range(),
    };
    Some((args.first()?.trim().trim_matches('"').to_owned(), range))
}

/// The first argument of attribute `name` among `attrs` as a number (`None` inside when it is
/// not one), with the range of the attribute's name.
fn number_attr_at(
    mut attrs: impl Iterator<Item = ast::Attribute>,
    name: &str,
) -> Option<(Option<u32>, syntax::TextRange)> {
    let a = attrs.find(|a| a.name_text() == name)?;
    let args = crate::stmt::attr_args(&a);
    let range = match a.path() {
        Some(p) => p.syntax().text_range(),
        None => a.syntax().text_range(),
    };
    Some((args.first().and_then(|t| t.trim().parse().ok()), range))
}

/// `[[vk::index(N)]]` and `[[vk::location(N)]]` of a declaration, each with the range of its
/// name: what DXC checks of dual-source blending.
#[derive(Debug, Clone, Default)]
pub struct IndexAttrs {
    pub index: Option<(Option<u32>, syntax::TextRange)>,
    pub location: Option<(Option<u32>, syntax::TextRange)>,
}

impl IndexAttrs {
    fn of(attrs: impl Iterator<Item = ast::Attribute>) -> IndexAttrs {
        let attrs: Vec<ast::Attribute> = attrs.collect();
        IndexAttrs {
            index: number_attr_at(attrs.iter().cloned(), "vk::index"),
            location: number_attr_at(attrs.into_iter(), "vk::location"),
        }
    }
}

/// [`IndexAttrs`] of parameter `param` of function `idx`.
pub fn param_index_attrs(cx: &ModuleCtx<'_>, idx: ItemIdx, param: usize) -> IndexAttrs {
    param_node(cx, idx, param)
        .map(|p| IndexAttrs::of(p.attributes()))
        .unwrap_or_default()
}

/// [`IndexAttrs`] of the result of function `idx`.
pub fn result_index_attrs(cx: &ModuleCtx<'_>, idx: ItemIdx) -> IndexAttrs {
    item_node(cx, idx)
        .and_then(ast::FnDef::cast)
        .map(|f| IndexAttrs::of(f.attributes()))
        .unwrap_or_default()
}

/// [`IndexAttrs`] of field `field` of the struct named `struct_name`.
pub fn field_index_attrs(cx: &ModuleCtx<'_>, struct_name: &str, field: &str) -> IndexAttrs {
    field_attrs(cx, struct_name, field)
        .map(|a| IndexAttrs::of(a.into_iter()))
        .unwrap_or_default()
}

/// [`param_builtin`] with the range of the attribute.
pub fn param_builtin_at(
    cx: &ModuleCtx<'_>,
    idx: ItemIdx,
    param: usize,
) -> Option<(String, syntax::TextRange)> {
    builtin_at(param_node(cx, idx, param)?.attributes())
}

/// [`result_builtin`] with the range of the attribute.
pub fn result_builtin_at(cx: &ModuleCtx<'_>, idx: ItemIdx) -> Option<(String, syntax::TextRange)> {
    let f = ast::FnDef::cast(item_node(cx, idx)?)?;
    builtin_at(f.attributes())
}

/// [`field_builtin`] with the range of the attribute.
pub fn field_builtin_at(
    cx: &ModuleCtx<'_>,
    struct_name: &str,
    field: &str,
) -> Option<(String, syntax::TextRange)> {
    builtin_at(field_attrs(cx, struct_name, field)?.into_iter())
}

/// The syntax of parameter `param` of function `idx`, in the expanded tree.
pub(crate) fn param_node(cx: &ModuleCtx<'_>, idx: ItemIdx, param: usize) -> Option<ast::Param> {
    let f = ast::FnDef::cast(item_node(cx, idx)?)?;
    f.param_list()?.params().nth(param)
}

/// `[[vk::builtin("Name")]]` of parameter `param` of entry function `idx`.
pub fn param_builtin(cx: &ModuleCtx<'_>, idx: ItemIdx, param: usize) -> Option<String> {
    builtin_in(param_node(cx, idx, param)?.attributes())
}

/// `[[vk::builtin("Name")]]` on the entry function `idx` (its result).
pub fn result_builtin(cx: &ModuleCtx<'_>, idx: ItemIdx) -> Option<String> {
    let f = ast::FnDef::cast(item_node(cx, idx)?)?;
    builtin_in(f.attributes())
}

/// `[[vk::builtin("Name")]]` on field `field` of the struct named `struct_name`.
pub fn field_builtin(cx: &ModuleCtx<'_>, struct_name: &str, field: &str) -> Option<String> {
    builtin_in(field_attrs(cx, struct_name, field)?.into_iter())
}

/// `[[vk::location]]` of parameter `param` of entry function `idx`.
pub fn param_location(
    cx: &ModuleCtx<'_>,
    idx: ItemIdx,
    param: usize,
) -> Option<Result<u32, String>> {
    let p = param_node(cx, idx, param)?;
    location_in(cx, idx, p.attributes())
}

/// `[[vk::ext_decorate(30, n)]]` (`Location`) among `attrs`: DXC takes it as the stage
/// variable's location.
fn decorated_location(attrs: impl Iterator<Item = ast::Attribute>) -> Option<Result<u32, String>> {
    attrs
        .filter(|a| a.name_text() == "vk::ext_decorate")
        .find_map(|a| {
            let args = crate::stmt::attr_args(&a);
            let first = crate::inline_spirv::int_arg(args.first()?)?;
            (first == i64::from(crate::inline_spirv::LOCATION)).then(|| {
                let text = args.get(1).map(|s| s.trim().to_owned()).unwrap_or_default();
                crate::inline_spirv::int_arg(&text)
                    .and_then(|n| u32::try_from(n).ok())
                    .ok_or(text)
            })
        })
}

/// Whether parameter `param` of function `idx` carries attribute `name` (`vk::perprimitive`).
pub fn param_has_attr(cx: &ModuleCtx<'_>, idx: ItemIdx, param: usize, name: &str) -> bool {
    param_node(cx, idx, param).is_some_and(|p| p.attributes().any(|a| a.name_text() == name))
}

/// The interpolation modifiers (`noperspective`, `centroid`...) of parameter `param` of
/// function `idx`; the item tree keeps them for struct fields only.
pub fn param_interpolation(
    cx: &ModuleCtx<'_>,
    idx: ItemIdx,
    param: usize,
) -> Vec<types::Interpolation> {
    use syntax::SyntaxKind as K;
    use types::Interpolation as I;
    let Some(p) = param_node(cx, idx, param) else {
        return Vec::new();
    };
    p.modifiers()
        .iter()
        .filter_map(|t| match t.kind() {
            K::LINEAR_KW => Some(I::Linear),
            K::CENTROID_KW => Some(I::Centroid),
            K::NOINTERPOLATION_KW => Some(I::NoInterpolation),
            K::NOPERSPECTIVE_KW => Some(I::NoPerspective),
            K::SAMPLE_KW => Some(I::Sample),
            _ => None,
        })
        .collect()
}

/// `[[vk::location]]` on entry function `idx` itself: the location of its result.
pub fn result_location(cx: &ModuleCtx<'_>, idx: ItemIdx) -> Option<Result<u32, String>> {
    let f = ast::FnDef::cast(item_node(cx, idx)?)?;
    location_in(cx, idx, f.attributes())
}

/// `[[vk::location]]` on field `field` of the struct type named `struct_name` (qualified, with
/// template arguments when it has some).
pub fn field_location(
    cx: &ModuleCtx<'_>,
    struct_name: &str,
    field: &str,
) -> Option<Result<u32, String>> {
    let member = field_member(cx, struct_name, field)?;
    location_in(cx, member, field_attrs(cx, struct_name, field)?.into_iter())
}

/// Whether field `field` of the struct named `struct_name` carries attribute `name`.
pub fn field_has_attr(cx: &ModuleCtx<'_>, struct_name: &str, field: &str, name: &str) -> bool {
    field_attrs(cx, struct_name, field).is_some_and(|a| a.iter().any(|a| a.name_text() == name))
}

/// Whether field `field` of the struct named `struct_name` is declared `precise`.
pub fn field_is_precise(cx: &ModuleCtx<'_>, struct_name: &str, field: &str) -> bool {
    field_decl(cx, struct_name, field).is_some_and(|d| {
        d.modifiers()
            .iter()
            .any(|t| t.kind() == syntax::SyntaxKind::PRECISE_KW)
    })
}

/// The range of the declaration of field `field` of the struct named `struct_name`.
pub fn field_range(
    cx: &ModuleCtx<'_>,
    struct_name: &str,
    field: &str,
) -> Option<syntax::TextRange> {
    field_decl(cx, struct_name, field).map(|d| d.syntax().text_range())
}

/// The attributes of the declaration of field `field` of the struct named `struct_name`.
fn field_attrs(cx: &ModuleCtx<'_>, struct_name: &str, field: &str) -> Option<Vec<ast::Attribute>> {
    field_decl(cx, struct_name, field).map(|d| d.attributes().collect())
}

/// The item of field `field` of the struct named `struct_name`.
fn field_member(cx: &ModuleCtx<'_>, struct_name: &str, field: &str) -> Option<ItemIdx> {
    let base = struct_name.split('<').next().unwrap_or(struct_name);
    let s = cx.tree.indices().find(|&i| {
        matches!(cx.tree.item(i).kind, ItemKind::Struct(_)) && cx.tree.qualified_name(i) == base
    })?;
    let ItemKind::Struct(st) = &cx.tree.item(s).kind else {
        return None;
    };
    st.members
        .iter()
        .copied()
        .find(|&m| cx.tree.item(m).name == field)
}

/// The declaration of field `field` of the struct named `struct_name`.
fn field_decl(cx: &ModuleCtx<'_>, struct_name: &str, field: &str) -> Option<ast::VarDecl> {
    let member = field_member(cx, struct_name, field)?;
    let node = item_node(cx, member)?;
    let decl = node.parent();
    [Some(node), decl]
        .into_iter()
        .flatten()
        .find_map(ast::VarDecl::cast)
}

/// Whether the declaration of a local or parameter whose name is `name` (a node of the
/// expanded tree) carries attribute `attr`.
pub fn local_has_attr(name: &SyntaxNode, attr: &str) -> bool {
    local_attrs(name).iter().any(|a| a.name_text() == attr)
}

/// The attributes on the declaration of a local or parameter whose name is `name`:
/// `[[vk::aliased_pointer]] P p = ...;` puts them on the declaration statement,
/// `void f([[vk::aliased_pointer]] P p)` on the parameter.
pub fn local_attrs(name: &SyntaxNode) -> Vec<ast::Attribute> {
    use syntax::SyntaxKind;
    name.ancestors()
        .find(|n| matches!(n.kind(), SyntaxKind::PARAM | SyntaxKind::DECL_STMT))
        .map(|decl| decl.children().filter_map(ast::Attribute::cast).collect())
        .unwrap_or_default()
}

/// `[numthreads(x, y, z)]` of entry function `idx`, each argument a constant the checker
/// evaluates: literals, arithmetic after macro expansion, named constants
/// (`static const uint G = 64;`) and casts (`uint(8)`). The definition's attribute, else
/// one written on a prototype of the function before it (`[numthreads(8, 1, 1)] void
/// main();`).
pub fn entry_numthreads(cx: &ModuleCtx<'_>, idx: ItemIdx) -> Option<[u32; 3]> {
    let name = &cx.tree.item(idx).name;
    let start = item_node(cx, idx)?.text_range().start();
    let prototypes = cx.tree.indices().filter(|&i| {
        i != idx
            && cx.tree.item(i).name == *name
            && cx.tree.item(i).parent == cx.tree.item(idx).parent
            && cx.tree.function(i).is_some_and(|f| !f.has_body)
            && item_node(cx, i).is_some_and(|n| n.text_range().start() < start)
    });
    std::iter::once(idx)
        .chain(prototypes)
        .find_map(|i| numthreads_of(cx, i))
}

/// The first argument of attribute `[name(n)]` on function `idx`, evaluated as a constant in
/// its scope (`[maxvertexcount(MAX_VERTICES)]` after `static const uint MAX_VERTICES = 6;`),
/// as DXC evaluates attribute arguments. `None` when the function has no such attribute or
/// the argument is no non-negative integer constant.
pub fn function_attr_count(cx: &ModuleCtx<'_>, idx: ItemIdx, name: &str) -> Option<u32> {
    *function_attr_counts(cx, idx, name)?.first()?
}

/// Every argument of attribute `[name(...)]` on function `idx`, each evaluated as
/// [`function_attr_count`] evaluates the first (`[WaveSize(MIN, MAX)]`).
pub fn function_attr_counts(
    cx: &ModuleCtx<'_>,
    idx: ItemIdx,
    name: &str,
) -> Option<Vec<Option<u32>>> {
    let f = ast::FnDef::cast(item_node(cx, idx)?)?;
    let attr = f
        .attributes()
        .find(|a| a.name_text().eq_ignore_ascii_case(name))?;
    let tcx = hir::lower_type::TypeCtx::inside(&cx.tree, &cx.scope, idx);
    Some(
        attr.arg_list()?
            .args()
            .map(
                |arg| match tcx.eval(&hir::type_ref::ConstExpr::lower(&arg))? {
                    hir::lower_type::ConstValue::Int(v) => u32::try_from(v).ok(),
                    _ => None,
                },
            )
            .collect(),
    )
}

/// The evaluated `[numthreads]` on the declaration of function `idx`, if it has one.
fn numthreads_of(cx: &ModuleCtx<'_>, idx: ItemIdx) -> Option<[u32; 3]> {
    let f = ast::FnDef::cast(item_node(cx, idx)?)?;
    let attr = f
        .attributes()
        .find(|a| a.name_text().eq_ignore_ascii_case("numthreads"))?;
    let tcx = hir::lower_type::TypeCtx::inside(&cx.tree, &cx.scope, idx);
    let values: Option<Vec<u32>> = attr
        .arg_list()?
        .args()
        .map(|a| match tcx.eval(&hir::type_ref::ConstExpr::lower(&a))? {
            hir::lower_type::ConstValue::Int(v) => u32::try_from(v).ok(),
            _ => None,
        })
        .collect();
    values.filter(|v| v.len() == 3).map(|v| [v[0], v[1], v[2]])
}

/// The range of attribute `name` on function `idx` (`[[vk::depth_unchanged]]`), or of the
/// function when it is not found.
pub fn function_attr_range(cx: &ModuleCtx<'_>, idx: ItemIdx, name: &str) -> syntax::TextRange {
    item_node(cx, idx)
        .and_then(ast::FnDef::cast)
        .and_then(|f| f.attributes().find(|a| a.name_text() == name))
        .map(|a| a.syntax().text_range())
        .unwrap_or_else(|| cx.item_range(idx))
}
