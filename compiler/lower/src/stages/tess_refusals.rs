//! Tessellation signatures DXC's SPIR-V backend has no valid form for, refused with `E3288`
//! at the declaration: an `out` or `inout` parameter of a patch-constant function (DXC takes
//! only its `InputPatch`, `OutputPatch`, `SV_PrimitiveID` and `SV_ViewID`: "patch constant
//! function parameter '...' unknown"; DXIL: "should not have inout param") or of a hull
//! entry (DXC writes it to one output variable shared by every control point, neither
//! arrayed nor `Patch`, which Vulkan refuses), and a hull entry with neither
//! `[outputcontrolpoints]` nor an `InputPatch` (no count for `OutputVertices`, which Vulkan
//! requires, nor for its per-control-point outputs). Called by `tessellation`.

use hir::item_tree::{ItemIdx, Param, ParamDirection};
use syntax::ast::{AstNode, HasName};
use syntax::TextRange;

use crate::context::{ModuleCtx, Unsupported};

/// The range of function `idx`'s name (its whole declaration when the name is not found).
pub(crate) fn name_range(cx: &ModuleCtx<'_>, idx: ItemIdx) -> TextRange {
    crate::attrs::item_node(cx, idx)
        .and_then(syntax::ast::FnDef::cast)
        .and_then(|f| f.name())
        .map_or_else(|| cx.item_range(idx), |n| n.syntax().text_range())
}

/// Refuses `out`/`inout` parameter `p` (at `at`) of function `idx`: the patch-constant
/// function when `pcf`, else the hull entry.
pub(crate) fn out_param(
    cx: &mut ModuleCtx<'_>,
    idx: ItemIdx,
    p: &Param,
    pcf: bool,
    at: TextRange,
) -> Unsupported {
    let kind = if p.direction == ParamDirection::InOut {
        "inout"
    } else {
        "out"
    };
    let function = cx.tree.item(idx).name.clone();
    let name = &p.name;
    let message = if pcf {
        format!(
            "patch constant function parameter '{name}' unknown: the `{kind}` parameter of \
             `{function}` is no input DXC knows (an `InputPatch`, an `OutputPatch`, \
             `SV_PrimitiveID` or `SV_ViewID`), and patch constants go out through its result \
             (DXIL: \"Patch Constant function {function} should not have inout param\")"
        )
    } else {
        format!(
            "the `{kind}` parameter `{name}` of hull entry `{function}`: a hull shader hands \
             back its control point as its result; DXC writes an `{kind}` parameter to one \
             output shared by every invocation, neither per control point nor `Patch`, which \
             Vulkan refuses (return it in the control point instead)"
        )
    };
    cx.error(crate::SIGNATURE_WITHOUT_SPIRV_FORM, message, at)
}

/// Refuses hull entry `idx` (named `name`), which has neither `[outputcontrolpoints]` nor an
/// `InputPatch` to take its number of control points from.
pub(crate) fn no_control_point_count(
    cx: &mut ModuleCtx<'_>,
    idx: ItemIdx,
    name: &str,
) -> Unsupported {
    let at = name_range(cx, idx);
    cx.error(
        crate::SIGNATURE_WITHOUT_SPIRV_FORM,
        format!(
            "hull entry `{name}` has neither `[outputcontrolpoints(N)]` nor an `InputPatch`: \
             its number of output control points is unknown, and Vulkan requires it \
             (`OutputVertices`, the size of every per-control-point output); add \
             `[outputcontrolpoints(N)]`"
        ),
        at,
    )
}
