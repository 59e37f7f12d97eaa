//! `[[vk::shader_record_ext]]` and `[[vk::shader_record_nv]]` globals: the block of the shader
//! binding table's current record, which ray-tracing stages read. Called by the resource
//! lowering (`resources`) when a global carries either attribute; the global is an
//! `ir::GlobalKind::ShaderRecord` in the `shader_record_buffer` address space, which the SPIR-V
//! backend emits in `ShaderRecordBufferKHR` with no descriptor binding, as DXC does.
//! A use in an entry of another stage is `E3287` at the use, labelled with the declaration
//! (`check_use`, called by `expr.rs` for every global a name reads): the shader binding
//! table exists for ray-tracing stages only (VUID-StandaloneSpirv-ShaderRecordBufferKHR-07119).

use hir::item_tree::ItemIdx;
use types::{ResourceType, Type};

use crate::context::{ModuleCtx, R};
use crate::resources::resource_of;

/// The shader-record block of `[[vk::shader_record_ext]] ConstantBuffer<S> r;` or
/// `[[vk::shader_record_ext]] S r;`: a global of struct `S`, laid out as DXC lays out these
/// blocks (the storage-buffer rules, like push constants).
pub(crate) fn shader_record_for(cx: &mut ModuleCtx<'_>, idx: ItemIdx, ty: Type) -> R<ir::Global> {
    let range = cx.item_range(idx);
    let block = match resource_of(&ty) {
        None => ty,
        Some(ResourceType::ConstantBuffer { element }) if ty.as_resource().is_some() => {
            element.clone()
        }
        Some(_) => {
            return Err(cx.unsupported("`[[vk::shader_record_ext]]` on this resource type", range))
        }
    };
    if !matches!(block, Type::Struct(_)) {
        return Err(cx.unsupported("`[[vk::shader_record_ext]]` on a non-struct global", range));
    }
    let name = cx.tree.item(idx).name.clone();
    Ok(cx.mb.shader_record(&name, block))
}

/// Refuses a use (at `at`) of global `idx` (or of a member of the cbuffer `idx` is in) that is
/// a shader-record block, when the entry being lowered is not a ray-tracing stage.
pub(crate) fn check_use(cx: &mut ModuleCtx<'_>, idx: ItemIdx, at: syntax::TextRange) -> R<()> {
    let Some(stage) = cx.entry_stage else {
        return Ok(());
    };
    if crate::entry::is_ray_stage(stage) {
        return Ok(());
    }
    let record = [Some(idx), cx.tree.item(idx).parent]
        .into_iter()
        .flatten()
        .find(|&i| cx.is_shader_record(i));
    let Some(record) = record else {
        return Ok(());
    };
    let attr = if crate::attrs::item_attr(cx, record, "vk::shader_record_nv").is_some() {
        "shader_record_nv"
    } else {
        "shader_record_ext"
    };
    let name = cx.tree.item(record).name.clone();
    let decl = cx.item_range(record);
    Err(cx.error_with_labels(
        crate::SHADER_RECORD_OUTSIDE_RAY_TRACING,
        format!(
            "`[[vk::{attr}]]` block `{name}` used in a {} entry point: the shader binding \
             table's record exists in ray-tracing stages only (raygeneration, intersection, \
             anyhit, closesthit, miss, callable)",
            format!("{stage:?}").to_lowercase()
        ),
        at,
        &[(decl, format!("`{name}` is declared here"))],
    ))
}
