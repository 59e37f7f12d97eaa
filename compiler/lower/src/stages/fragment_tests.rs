//! The pixel-shader attributes of `SPV_AMD_shader_early_and_late_fragment_tests`, as DXC maps
//! them (`docs/SPIR-V.rst`): `[[vk::early_and_late_tests]]` is `EarlyAndLateFragmentTestsAMD`,
//! `[[vk::depth_unchanged]]` is `DepthUnchanged`, and `[[vk::stencil_ref_unchanged_front]]`,
//! `..._greater_equal_front`, `..._less_equal_front` and their `_back` forms are the
//! `StencilRef*AMD` modes. Called by the graphics entry wrapper for a pixel entry point; the
//! front end checks that one face gets one stencil promise (`E2240`, DXC's words), and here a
//! second depth promise beside an `SV_DepthGreaterEqual`/`SV_DepthLessEqual` output is
//! refused (`E3240`), as SPIR-V allows one depth mode.

use hir::item_tree::{Function, ItemIdx};
use ir::{ExecutionMode, StencilRef};

use crate::context::ModuleCtx;
use crate::stages::attrs::attr;

/// The `[[vk::stencil_ref_*]]` attributes and the promise each makes.
const STENCIL_ATTRS: [(&str, StencilRef); 6] = [
    (
        "vk::stencil_ref_unchanged_front",
        StencilRef::UnchangedFront,
    ),
    (
        "vk::stencil_ref_greater_equal_front",
        StencilRef::GreaterEqualFront,
    ),
    (
        "vk::stencil_ref_less_equal_front",
        StencilRef::LessEqualFront,
    ),
    ("vk::stencil_ref_unchanged_back", StencilRef::UnchangedBack),
    (
        "vk::stencil_ref_greater_equal_back",
        StencilRef::GreaterEqualBack,
    ),
    ("vk::stencil_ref_less_equal_back", StencilRef::LessEqualBack),
];

/// Adds the modes of pixel entry `f`'s (item `idx`) fragment-test attributes to `modes`,
/// which already hold those of its depth outputs.
pub(crate) fn add_modes(
    cx: &mut ModuleCtx<'_>,
    f: &Function,
    idx: ItemIdx,
    modes: &mut Vec<ExecutionMode>,
) {
    if attr(f, "vk::early_and_late_tests").is_some() {
        modes.push(ExecutionMode::EarlyAndLateFragmentTests);
    }
    if attr(f, "vk::depth_unchanged").is_some() {
        let written = modes
            .iter()
            .find(|m| matches!(m, ExecutionMode::DepthGreater | ExecutionMode::DepthLess));
        match written {
            Some(m) => {
                let semantic = if *m == ExecutionMode::DepthGreater {
                    "SV_DepthGreaterEqual"
                } else {
                    "SV_DepthLessEqual"
                };
                let range = crate::attrs::function_attr_range(cx, idx, "vk::depth_unchanged");
                cx.error(
                    crate::DEPTH_MODE_CONFLICT,
                    format!(
                        "`[[vk::depth_unchanged]]` contradicts the `{semantic}` output of `{}`: \
                         a pixel shader makes one promise about the depth it writes",
                        cx.tree.item(idx).name
                    ),
                    range,
                );
            }
            None => modes.push(ExecutionMode::DepthUnchanged),
        }
    }
    // Two promises for one face are the front end's error (E2240); keep the first.
    for back in [false, true] {
        let first = STENCIL_ATTRS
            .iter()
            .filter(|(_, r)| r.is_back() == back)
            .find(|(name, _)| attr(f, name).is_some());
        if let Some((_, r)) = first {
            modes.push(ExecutionMode::StencilRef(*r));
        }
    }
}
