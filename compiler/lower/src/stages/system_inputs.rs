//! The inputs of a hull or geometry shader that are not its per-vertex arrays (the
//! `InputPatch`, the input primitive), and the parameters of a patch-constant function
//! besides its patches, are system values: a tessellation control or geometry shader's
//! inputs are per vertex in Vulkan, so a value of a user semantic (`float4 x : EXTRA`) would
//! be a plain `Input` variable that no previous stage can write. DXC refuses them (its
//! signature points `HSIn`, `PCIn` and `GSIn` take no user semantic), and so do we, in its
//! words, under semantic analysis's code for a semantic invalid for its stage (`E2023`).
//! Called by `tessellation` and `geometry` for each such parameter.

use super::vars::Leaf;
use crate::context::{ModuleCtx, R};

/// Which input is checked.
pub(super) enum Input<'a> {
    /// A hull shader's parameter besides its `InputPatch`.
    Hull,
    /// A patch-constant function's parameter of this name besides its patches.
    PatchConstantParameter(&'a str),
    /// A geometry shader's parameter besides its input primitive.
    Geometry,
}

/// Refuses the first of `leaves` (of one parameter declared at `range`) that has a user
/// semantic and no `[[vk::builtin]]`.
pub(super) fn check(
    cx: &mut ModuleCtx<'_>,
    leaves: &[Leaf],
    input: Input<'_>,
    range: syntax::TextRange,
) -> R<()> {
    let user = leaves.iter().find(|l| {
        l.vk_builtin.is_none()
            && !l
                .semantic
                .get(..3)
                .is_some_and(|p| p.eq_ignore_ascii_case("sv_"))
    });
    let Some(leaf) = user else { return Ok(()) };
    let semantic = &leaf.semantic;
    let message = match input {
        Input::PatchConstantParameter(name) => format!(
            "patch constant function parameter '{name}' unknown: a patch-constant function \
             takes an `InputPatch`, an `OutputPatch` and system values (`SV_PrimitiveID`), not \
             `{semantic}`"
        ),
        Input::Hull => format!(
            "invalid usage of semantic '{semantic}' in a hull shader input: besides its \
             `InputPatch`, a hull shader takes system values (`SV_OutputControlPointID`, \
             `SV_PrimitiveID`)"
        ),
        Input::Geometry => format!(
            "invalid usage of semantic '{semantic}' in a geometry shader input: besides its \
             input primitive, a geometry shader takes system values (`SV_PrimitiveID`, \
             `SV_GSInstanceID`)"
        ),
    };
    Err(cx.error(hir::codes::INVALID_SEMANTIC, message, range))
}
