//! `[[vk::shader_record_ext]]` and `[[vk::shader_record_nv]]` globals: the block of the shader
//! binding table's current record, which ray-tracing stages read. Called by the resource
//! lowering (`resources`) when a global carries either attribute; the global is an
//! `ir::GlobalKind::ShaderRecord` in the `shader_record_buffer` address space, which the SPIR-V
//! backend emits in `ShaderRecordBufferKHR` with no descriptor binding, as DXC does.
//! A use in an entry of another stage is `E3287` at the use, labelled with the declaration
//! (`check_use`, called by `expr.rs` for every global a name reads): the shader binding
//! table exists for ray-tracing stages only (VUID-StandaloneSpirv-ShaderRecordBufferKHR-07119).
//! In a library the stages checked are those of the `[shader("...")]` entries whose calls
//! reach the function holding the use, whichever entry is being lowered.

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

/// Refuses a use (at `at`, in function `func`) of global `idx` (or of a member of the
/// cbuffer `idx` is in) that is a shader-record block, when an entry that runs the use is
/// not a ray-tracing stage: the entry being lowered, or in a library any `[shader("...")]`
/// entry whose calls reach `func` (a function several entries call is lowered once, under
/// whichever entry calls it first); when no entry's calls are seen to reach `func` (a
/// method, a static's initializer), the entry being lowered.
pub(crate) fn check_use(
    cx: &mut ModuleCtx<'_>,
    func: ItemIdx,
    idx: ItemIdx,
    at: syntax::TextRange,
) -> R<()> {
    let Some(lowered) = cx.entry_stage else {
        return Ok(());
    };
    if !cx.is_shader_record(idx)
        && !cx
            .tree
            .item(idx)
            .parent
            .is_some_and(|p| cx.is_shader_record(p))
    {
        return Ok(());
    }
    let library =
        cx.config.preprocess(cx.db).target.map(|t| t.stage) == Some(base_db::ShaderStage::Library);
    let mut stages = if library {
        reaching_stages(cx, func)
    } else {
        Vec::new()
    };
    if stages.is_empty() {
        stages.push(lowered);
    }
    let stage = stages.into_iter().find(|&s| !crate::entry::is_ray_stage(s));
    let Some(stage) = stage else {
        return Ok(());
    };
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

/// The stages of the library's `[shader("...")]` entries whose calls reach function `func`
/// (the entry itself included), in source order.
fn reaching_stages(cx: &ModuleCtx<'_>, func: ItemIdx) -> Vec<crate::entry::ShaderStage> {
    use std::collections::{HashMap, HashSet};
    let target = cx.tree.item(func).ast;
    let mut graph: HashMap<hir::AstId, Vec<hir::AstId>> = HashMap::new();
    for fid in hir::functions(cx.db, cx.file, cx.config) {
        let calls = crate::enums::infer(cx.db, fid).calls.clone();
        graph.insert(fid.ast(cx.db), calls);
    }
    let mut stages = Vec::new();
    for e in hir::entry::entry_points(cx.db, cx.file, cx.config).iter() {
        if e.source != hir::entry::EntrySource::ShaderAttribute {
            continue;
        }
        let mut seen = HashSet::from([e.function]);
        let mut work = vec![e.function];
        while let Some(f) = work.pop() {
            if f == target {
                stages.push(crate::entry::ShaderStage::of_entry(e.stage));
                break;
            }
            for &c in graph.get(&f).into_iter().flatten() {
                if seen.insert(c) {
                    work.push(c);
                }
            }
        }
    }
    stages
}
