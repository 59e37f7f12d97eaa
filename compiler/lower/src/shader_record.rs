//! `[[vk::shader_record_ext]]` and `[[vk::shader_record_nv]]` globals: the block of the shader
//! binding table's current record, which ray-tracing stages read. Called by the resource
//! lowering (`resources`) when a global carries either attribute; the global is an
//! `ir::GlobalKind::ShaderRecord` in the `shader_record_buffer` address space, which the SPIR-V
//! backend emits in `ShaderRecordBufferKHR` with no descriptor binding, as DXC does.

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
