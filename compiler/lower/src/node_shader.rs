//! The refusal of a work-graph node shader (`[Shader("node")]`, SM 6.8) as an entry. Node
//! shaders are DXIL-only: DXC's `-spirv` does not compile them, and Vulkan has no stage for
//! them. A library's node entry, or `-E` naming one, is refused with `E3304` at its
//! `[Shader("node")]` attribute, instead of the general "not supported yet" of a stage the
//! lowering does not know. (The node record and output types the parameters use are refused
//! earlier, by name, in `hir`'s `dxil_only_types`, `E2279`.) Called by `entry::lower_entry_stage`.

use hir::item_tree::ItemIdx;
use syntax::ast::{self, AstNode};

use crate::context::ModuleCtx;

/// Whether entry `name` is a node shader: its `[shader("...")]` names `node`.
pub(crate) fn is_node_entry(cx: &ModuleCtx<'_>, name: &str) -> bool {
    hir::entry::entry_points(cx.db, cx.file, cx.config)
        .iter()
        .any(|e| e.name == name && e.stage == hir::entry::Stage::Node)
}

/// `E3304` for node entry `idx`, at its `[Shader("node")]` attribute (any case, as DXC reads
/// it), else at the function.
pub(crate) fn refuse_node_entry(cx: &mut ModuleCtx<'_>, idx: ItemIdx) {
    let range = crate::attrs::item_node(cx, idx)
        .into_iter()
        .flat_map(|n| {
            n.children()
                .filter_map(ast::Attribute::cast)
                .collect::<Vec<_>>()
        })
        .find(|a| a.name_text().eq_ignore_ascii_case("shader"))
        .map(|a| a.syntax().text_range())
        .unwrap_or_else(|| cx.item_range(idx));
    cx.error(
        crate::NODE_SHADER,
        "work-graph node shaders (`[Shader(\"node\")]`, SM 6.8) are DXIL-only: SPIR-V for \
         Vulkan has no node stage, and DXC's -spirv does not compile them"
            .to_owned(),
        range,
    );
}
