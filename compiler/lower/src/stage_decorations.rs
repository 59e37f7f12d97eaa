//! Inline SPIR-V decorations (`[[vk::ext_decorate]]`, `[[vk::ext_decorate_id]]`,
//! `[[vk::ext_decorate_string]]`) on the declarations behind an entry point's stage
//! variables, as DXC's `DeclResultIdMapper::createSpirvInterfaceVariable` gives them: every
//! stage variable takes the decorations of the declaration its semantic is read from, which
//! is the parameter for a parameter that is one value, the struct field for a part of a
//! struct (the parameter's own are then dropped), and the entry function for a result that
//! is one value. This holds for every stage with stage variables (vertex, pixel, geometry,
//! hull, domain, mesh, compute), per-vertex arrays and patches included. A `Location`
//! decoration is the variable's location (`attrs::location_in` reads it, as
//! `[[vk::location]]`), so it is not written twice; an inline `BuiltIn` makes the variable
//! that built-in, with no location ([`declares_builtin`]). Clip and cull distances live in one
//! shared built-in array and take none, as DXC's `gl_PerVertex` handling gives them none.
//!
//! What DXC never decorates (a ray-tracing payload or hit attribute, a mesh payload, a
//! struct parameter's own attributes, an entry that returns nothing) is dropped here, and
//! semantic analysis warns about it (`W2111`). Called by `graphics`, `entry` (compute) and
//! `stages::vars` (the other stages).

use hir::item_tree::ItemIdx;
use syntax::ast::{self, AstNode};
use syntax::{SyntaxKind, TextRange};
use types::Type;

use crate::context::ModuleCtx;
use crate::stages::vars::Step;

/// The declaration whose attributes apply to the node at `range` of the expanded tree: the
/// nearest parameter, variable (struct field) or function declaration holding it.
fn declaration_attrs(cx: &ModuleCtx<'_>, range: TextRange) -> Vec<ast::Attribute> {
    let root = hir::ids::expanded_root(cx.db, cx.file, cx.config);
    if range.is_empty() || !root.text_range().contains_range(range) {
        return Vec::new();
    }
    let element = root.covering_element(range);
    let Some(node) =
        (element.as_node().cloned()).or_else(|| element.as_token().and_then(|t| t.parent()))
    else {
        return Vec::new();
    };
    node.ancestors()
        .find(|n| {
            matches!(
                n.kind(),
                SyntaxKind::PARAM | SyntaxKind::VAR_DECL | SyntaxKind::FN_DEF
            )
        })
        .map(|n| n.children().filter_map(ast::Attribute::cast).collect())
        .unwrap_or_default()
}

/// The inline decorations of the declaration at `range` for the stage variable `var`,
/// without `Location` (the variable's binding already says it).
pub(crate) fn decorate_from(cx: &mut ModuleCtx<'_>, range: TextRange, var: ir::Global) {
    let attrs = declaration_attrs(cx, range);
    if attrs.is_empty() {
        return;
    }
    let mut decorations = cx.decorations_of(&attrs, true, range);
    decorations.retain(|d| d.decoration != crate::inline_spirv::LOCATION);
    let g = &mut cx.mb.module_mut().globals[var];
    for d in decorations {
        if !g.spirv_decorations.contains(&d) {
            g.spirv_decorations.push(d);
        }
    }
}

/// The range of the struct field that a leaf reached by `steps` from a value of type `ty`
/// is (the innermost field on the way); `None` for a value that is a leaf itself.
pub(crate) fn leaf_field_range(cx: &ModuleCtx<'_>, ty: &Type, steps: &[Step]) -> Option<TextRange> {
    let mut at = ty;
    let mut found = None;
    for step in steps {
        match (step, at) {
            (Step::Field(i), Type::Struct(s)) => {
                let f = s.fields.get(*i as usize)?;
                found = crate::attrs::field_range(cx, &s.name, &f.name);
                at = &f.ty;
            }
            (Step::Elements(_), Type::Array { element, .. }) => at = element,
            _ => return None,
        }
    }
    found
}

/// The declaration behind the leaf reached by `steps` from parameter `n` of entry `idx` (of
/// type `ty`): the parameter when it is the leaf, else the innermost field.
pub(crate) fn param_leaf_decl(
    cx: &ModuleCtx<'_>,
    idx: ItemIdx,
    n: usize,
    ty: &Type,
    steps: &[Step],
) -> Option<TextRange> {
    if steps.is_empty() {
        crate::stages::param_decl_range(cx, idx, n)
    } else {
        leaf_field_range(cx, ty, steps)
    }
}

/// The declaration behind the leaf reached by `steps` from the result (of type `ty`) of entry
/// `idx`: the function when the result is the leaf, else the innermost field.
pub(crate) fn result_leaf_decl(
    cx: &ModuleCtx<'_>,
    idx: ItemIdx,
    ty: &Type,
    steps: &[Step],
) -> Option<TextRange> {
    if steps.is_empty() {
        Some(cx.item_range(idx))
    } else {
        leaf_field_range(cx, ty, steps)
    }
}

/// Decorates `var`, the stage variable of the leaf reached by `steps` from parameter `n` of
/// entry `idx` (of type `ty`): with the parameter's decorations when the parameter is the
/// leaf, else with the field's.
pub(crate) fn decorate_param_var(
    cx: &mut ModuleCtx<'_>,
    idx: ItemIdx,
    n: usize,
    ty: &Type,
    steps: &[Step],
    var: ir::Global,
) {
    if let Some(range) = param_leaf_decl(cx, idx, n, ty, steps) {
        decorate_from(cx, range, var);
    }
}

/// Decorates `var`, the stage variable of the leaf reached by `steps` from the result (of
/// type `ty`) of entry `idx`: with the function's decorations when the result is the leaf,
/// else with the field's.
pub(crate) fn decorate_result_var(
    cx: &mut ModuleCtx<'_>,
    idx: ItemIdx,
    ty: &Type,
    steps: &[Step],
    var: ir::Global,
) {
    if let Some(range) = result_leaf_decl(cx, idx, ty, steps) {
        decorate_from(cx, range, var);
    }
}

/// Whether the declaration at `range` carries an inline `BuiltIn` decoration
/// (`[[vk::ext_decorate(11, n)]]`): its stage variable is that built-in, and, as DXC's
/// `locOrBuiltinDecorateAttr` marks it, takes no location.
pub(crate) fn declares_builtin(cx: &ModuleCtx<'_>, range: Option<TextRange>) -> bool {
    let Some(range) = range else {
        return false;
    };
    declaration_attrs(cx, range).iter().any(|a| {
        a.name_text() == "vk::ext_decorate"
            && crate::stmt::attr_args(a)
                .first()
                .and_then(|t| crate::inline_spirv::int_arg(t))
                == Some(i64::from(BUILTIN))
    })
}

/// SPIR-V's `BuiltIn` decoration.
const BUILTIN: u32 = 11;

/// Decorates `globals`, the built-ins of parameter `n` of compute or amplification entry
/// `idx`: one for a system value (the parameter's decorations), one per field for a struct
/// of them (each field's).
pub(crate) fn decorate_compute_param(
    cx: &mut ModuleCtx<'_>,
    idx: ItemIdx,
    n: usize,
    globals: &[ir::Global],
) {
    let sig = crate::enums::function_signature(cx.db, cx.function_id(idx));
    let Some(ty) = sig.params.get(n).and_then(|p| p.ty.clone()) else {
        return;
    };
    let is_struct = matches!(ty, Type::Struct(_));
    for (k, &g) in globals.iter().enumerate() {
        let steps = if is_struct {
            vec![Step::Field(k as u32)]
        } else {
            Vec::new()
        };
        decorate_param_var(cx, idx, n, &ty, &steps, g);
    }
}
