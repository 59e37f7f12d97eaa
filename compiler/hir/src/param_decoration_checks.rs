//! Inline SPIR-V decorations (`[[vk::ext_decorate]]`, `[[vk::ext_decorate_id]]`,
//! `[[vk::ext_decorate_string]]`) that DXC drops:
//!
//! - on a parameter of a function that is not an entry point: DXC decorates the variables it
//!   declares and the entry point's stage variables, but a function parameter
//!   (`OpFunctionParameter`) never (`W2100`). A function counts as an entry point when
//!   [`crate::entry::may_be_entry`] says so: the file's entry points, and, where the
//!   configuration names none (the editor without an `[[entry]]` for the file), any
//!   top-level function no function of the file calls, which `-E` may name; a hull shader's
//!   patch-constant function is not warned about either (its parameters are stage
//!   variables, which DXC decorates);
//! - on an entry point, where no stage variable comes from the declaration (`W2111`): a
//!   ray-tracing entry's parameters (payloads, hit attributes), a mesh shader's payload, a
//!   parameter or result of struct type (each field's variable takes the field's decorations,
//!   as DXC's `createSpirvInterfaceVariable` does), a `uniform` parameter, an entry that
//!   returns nothing.
//!
//! Each is a warning at the attribute. Called by `diagnostics::diagnostics`; the lowering
//! (`lower::stage_decorations`, `lower::inline_spirv`) drops them alike.

use base_db::{CompileConfig, SourceFile};
use syntax::ast::{self, AstNode, HasAttributes};
use syntax::Diagnostic;
use types::Type;

use crate::codes;
use crate::entry::{entry_points, may_be_entry, Stage};
use crate::ids::{ast_id_map, expanded_root, user_range, FunctionId};
use crate::item_tree::{item_tree, MeshParam};
use crate::HirDb;

/// The decoration attributes DXC applies to variables only.
pub const DECORATIONS: &[&str] = &[
    "vk::ext_decorate",
    "vk::ext_decorate_id",
    "vk::ext_decorate_string",
];

/// Whether a stage value of type `ty` is split into its struct's fields (a struct, an array
/// of them, or a patch or stream of them), whose declarations the stage variables take their
/// decorations from.
fn is_split(ty: &Type) -> bool {
    match ty {
        Type::Struct(_) => true,
        Type::Array { element, .. } => is_split(element),
        Type::Resource(r) => r.element().is_some_and(is_split),
        _ => false,
    }
}

/// `W2100` for every decoration attribute on a parameter of a function defined in `file`
/// that is not one of its entry points, and `W2111` for those on entry points that no stage
/// variable takes.
pub(crate) fn param_decoration_diagnostics(
    db: &dyn HirDb,
    file: SourceFile,
    config: CompileConfig,
    out: &mut Vec<Diagnostic>,
) {
    let tree = item_tree(db, file, config);
    let entries = entry_points(db, file, config);
    let map = ast_id_map(db, file, config);
    // A hull shader's patch-constant function: its parameters are stage variables too.
    let patch_constant: Vec<String> = entries
        .iter()
        .filter(|e| e.stage == Stage::Hull)
        .filter_map(|e| tree.by_ast(e.function))
        .filter_map(|i| tree.function(i))
        .flat_map(|f| &f.attrs)
        .filter(|a| a.name.eq_ignore_ascii_case("patchconstantfunc"))
        .filter_map(|a| a.args.first())
        .map(|n| n.trim().trim_matches('"').to_owned())
        .collect();
    let mut root = None;
    let mut warn = |attr: &ast::Attribute, code: &'static str, message: String| {
        let (f, r) = user_range(db, file, config, attr.syntax().text_range());
        out.push(Diagnostic::warning(code, message, f, r));
    };
    for idx in tree.indices() {
        let Some(f) = tree.function(idx) else {
            continue;
        };
        if !f.has_body {
            continue;
        }
        let item = tree.item(idx);
        let root = root.get_or_insert_with(|| expanded_root(db, file, config));
        let Some(node) = map.node(root, item.ast).and_then(ast::FnDef::cast) else {
            continue;
        };
        let decorations = |attrs: Vec<ast::Attribute>| -> Vec<(ast::Attribute, String)> {
            attrs
                .into_iter()
                .map(|a| {
                    let name = a.name_text();
                    (a, name)
                })
                .filter(|(_, n)| DECORATIONS.contains(&n.as_str()))
                .collect()
        };
        let params: Vec<ast::Param> = node
            .param_list()
            .map(|l| l.params().collect())
            .unwrap_or_default();
        let entry = entries.iter().find(|e| e.function == item.ast);
        let Some(entry) = entry else {
            if may_be_entry(db, file, config, idx) || patch_constant.contains(&item.name) {
                continue;
            }
            for param in &params {
                for (attr, name) in decorations(param.attributes().collect()) {
                    warn(
                        &attr,
                        codes::PARAMETER_DECORATION_IGNORED,
                        format!(
                            "`[[{name}]]` on a parameter of a function that is not an entry \
                             point is ignored: DXC decorates variables and the entry point's \
                             stage variables, never a function parameter"
                        ),
                    );
                }
            }
            continue;
        };
        // An entry point: what no stage variable comes from.
        let sig = crate::function_signature(db, FunctionId::new(db, file, config, item.ast));
        let ray_tracing = matches!(
            entry.stage,
            Stage::RayGeneration
                | Stage::Intersection
                | Stage::AnyHit
                | Stage::ClosestHit
                | Stage::Miss
                | Stage::Callable
                | Stage::Node
        );
        for (n, param) in params.iter().enumerate() {
            let found = decorations(param.attributes().collect());
            if found.is_empty() {
                continue;
            }
            let p = f.params.get(n);
            let ty = sig.params.get(n).and_then(|p| p.ty.clone());
            let why = if ray_tracing {
                Some(format!(
                    "the parameters of a {} shader are no stage variables (payloads, hit \
                     attributes and the like are variables DXC does not decorate)",
                    entry.stage.name()
                ))
            } else if p.is_some_and(|p| p.mesh == Some(MeshParam::Payload)) {
                Some("a mesh shader's payload is no stage variable".to_owned())
            } else if p.is_some_and(|p| p.is_uniform) {
                Some("a `uniform` parameter is no stage variable".to_owned())
            } else if ty.as_ref().is_some_and(is_split) {
                Some(
                    "its stage variables are those of its struct's fields, which take the \
                     fields' own decorations"
                        .to_owned(),
                )
            } else {
                None
            };
            let Some(why) = why else {
                continue;
            };
            for (attr, name) in found {
                warn(
                    &attr,
                    codes::ENTRY_DECORATION_IGNORED,
                    format!(
                        "`[[{name}]]` on this entry point parameter is ignored: DXC decorates \
                         stage variables, and {why}"
                    ),
                );
            }
        }
        let found = decorations(node.attributes().collect());
        let why = match &sig.ret {
            Some(t) if t.is_void() => Some("the entry point returns nothing"),
            Some(t) if is_split(t) => Some(
                "its result's stage variables are those of its struct's fields, which take \
                 the fields' own decorations",
            ),
            _ => None,
        };
        if let Some(why) = why {
            for (attr, name) in found {
                // `vk::ext_decorate_id` and `vk::ext_decorate_string` on a function are
                // errors already (E2027, E3012).
                if name == "vk::ext_decorate" {
                    warn(
                        &attr,
                        codes::ENTRY_DECORATION_IGNORED,
                        format!(
                            "`[[{name}]]` on this entry point is ignored: DXC gives it to the \
                             entry's result variable, and {why}"
                        ),
                    );
                }
            }
        }
    }
}
