//! Declarations of an abstract class type, which DXC refuses as clang does (`E2278`). An HLSL
//! `interface` declares its methods pure virtual, so an interface with a method is abstract,
//! and so is a class deriving from one without a method of each of those names (its own or
//! an intermediate base's). D3D11's dynamic shader linkage declared such variables
//! (`iBaseLight g_light;`) for the runtime to bind a class instance to; DXC has no dynamic
//! linkage and reports, at the declaration's name, "variable type 'iBaseLight' is an abstract
//! class" (a global, a cbuffer member), "field type ..." (a struct field), "parameter type
//! ..." or "return type ...", with a note at each method left pure: "unimplemented pure
//! virtual method 'Shade' in 'iBaseLight'". A class that implements every method is an
//! ordinary struct. Locals are not checked here (a call through one still stops lowering).
//! Called by `diagnostics::diagnostics`.

use base_db::{CompileConfig, SourceFile};
use syntax::ast::{self, AstNode, HasName};
use syntax::{Diagnostic, SyntaxKind, TextRange};
use types::Type;

use crate::codes;
use crate::ids::{ast_id_map, expanded_root, user_range};
use crate::item_tree::{item_tree, ItemIdx, ItemKind, ItemTree};
use crate::lower_type::TypeCtx;
use crate::scope::item_scope;
use crate::HirDb;

/// Past this depth of bases the class is taken as complete (a cycle is reported elsewhere).
const MAX_BASE_DEPTH: usize = 16;

pub(crate) fn abstract_type_diagnostics(
    db: &dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
    out: &mut Vec<Diagnostic>,
) {
    let tree = item_tree(db, file, config);
    let root = expanded_root(db, file, config);
    let map = ast_id_map(db, file, config);
    let is_interface = |idx: ItemIdx| {
        map.node(&root, tree.item(idx).ast).is_some_and(|n| {
            n.children_with_tokens()
                .any(|t| t.kind() == SyntaxKind::INTERFACE_KW)
        })
    };
    if !tree
        .indices()
        .any(|i| tree.strukt(i).is_some() && is_interface(i))
    {
        return;
    }
    let scope = item_scope(db, file, config);
    let name_range = |idx: ItemIdx| -> TextRange {
        map.node(&root, tree.item(idx).ast)
            .map(|n| {
                ast::StructDef::cast(n.clone())
                    .and_then(|s| s.name())
                    .map(|name| name.syntax().text_range())
                    .or_else(|| {
                        ast::FnDef::cast(n.clone())
                            .and_then(|f| f.name())
                            .map(|name| name.syntax().text_range())
                    })
                    .or_else(|| {
                        ast::VarDeclarator::cast(n.clone())
                            .and_then(|v| v.name())
                            .map(|name| name.syntax().text_range())
                    })
                    .unwrap_or_else(|| n.text_range())
            })
            .unwrap_or_default()
    };
    let abstract_of = |tcx: &TypeCtx<'_>, ty: &Type| -> Option<(ItemIdx, Vec<ItemIdx>)> {
        let Type::Struct(s) = ty else {
            return None;
        };
        let (idx, _) = tcx.struct_item(s)?;
        let pure = pure_methods(&tree, &scope, idx, &is_interface, 0);
        (!pure.is_empty()).then_some((idx, pure))
    };
    for idx in tree.indices() {
        let item = tree.item(idx);
        let tcx = TypeCtx::inside(&tree, &scope, idx);
        let mut checks: Vec<(&'static str, &crate::type_ref::TypeRef, TextRange)> = Vec::new();
        match &item.kind {
            ItemKind::Variable(v) => {
                let field = item.parent.is_some_and(|p| tree.strukt(p).is_some());
                let what = if field { "field" } else { "variable" };
                checks.push((what, &v.ty, name_range(idx)));
            }
            ItemKind::Function(f) => {
                let node = map.node(&root, item.ast).and_then(ast::FnDef::cast);
                let ret_range = node
                    .as_ref()
                    .and_then(|n| n.return_type())
                    .map_or_else(|| name_range(idx), |t| t.syntax().text_range());
                checks.push(("return", &f.ret, ret_range));
                let params: Vec<_> = node
                    .as_ref()
                    .and_then(|n| n.param_list())
                    .map(|l| l.params().collect())
                    .unwrap_or_default();
                for (i, p) in f.params.iter().enumerate() {
                    let range = params.get(i).map_or_else(
                        || name_range(idx),
                        |p| {
                            p.name().map_or_else(
                                || p.syntax().text_range(),
                                |n| n.syntax().text_range(),
                            )
                        },
                    );
                    checks.push(("parameter", &p.ty, range));
                }
            }
            _ => continue,
        }
        for (what, tref, range) in checks {
            let mut errors = Vec::new();
            let Some(ty) = tcx.resolve(tref, &mut errors) else {
                continue;
            };
            let Some((class, pure)) = abstract_of(&tcx, &ty) else {
                continue;
            };
            let class_name = &tree.item(class).name;
            let (f, r) = user_range(db, file, config, range);
            let mut d = Diagnostic::error(
                codes::ABSTRACT_CLASS_TYPE,
                format!("{what} type '{class_name}' is an abstract class"),
                f,
                r,
            );
            for m in pure {
                let owner = tree
                    .item(m)
                    .parent
                    .map_or_else(String::new, |p| tree.item(p).name.to_string());
                let (mf, mr) = user_range(db, file, config, name_range(m));
                d = d.with_related(
                    mf,
                    mr,
                    format!(
                        "unimplemented pure virtual method '{}' in '{owner}'",
                        tree.item(m).name
                    ),
                );
            }
            out.push(d);
        }
    }
}

/// The methods of interfaces that `idx` (a struct, class or interface) leaves without an
/// implementation: all of an interface's own, and for a class those of its bases that no
/// method of the class (or of a base in between) of the same name implements.
fn pure_methods(
    tree: &ItemTree,
    scope: &crate::scope::ItemScope,
    idx: ItemIdx,
    is_interface: &dyn Fn(ItemIdx) -> bool,
    depth: usize,
) -> Vec<ItemIdx> {
    let Some(strukt) = tree.strukt(idx) else {
        return Vec::new();
    };
    let methods: Vec<ItemIdx> = strukt
        .members
        .iter()
        .copied()
        .filter(|&m| tree.function(m).is_some())
        .collect();
    if is_interface(idx) {
        return methods;
    }
    if depth >= MAX_BASE_DEPTH {
        return Vec::new();
    }
    let tcx = TypeCtx::inside(tree, scope, idx);
    let mut pure = Vec::new();
    for base in &strukt.bases {
        let mut errors = Vec::new();
        let Some(Type::Struct(s)) = tcx.resolve(base, &mut errors) else {
            continue;
        };
        let Some((b, _)) = tcx.struct_item(&s) else {
            continue;
        };
        for m in pure_methods(tree, scope, b, is_interface, depth + 1) {
            let name = &tree.item(m).name;
            if !methods.iter().any(|&own| tree.item(own).name == *name) {
                pure.push(m);
            }
        }
    }
    pure
}
