//! The entry wrapper: `Name_body` is the user's function; `Name` (the only entry point) loads
//! the built-in inputs its parameters name (`SV_DispatchThreadID`, ...), or those of the
//! fields of a struct parameter (one input per field, as DXC declares them), converts them to
//! the parameter types, and calls the body. `[numthreads]` gives the workgroup size. Compute and
//! amplification shaders are lowered here; the other stages in `graphics` (vertex, pixel) and
//! `stages` (geometry, hull, domain, mesh).

use hir::item_tree::ItemIdx;
use ir::{BuiltIn, EntryPoint, Global, Opcode, Stage, StageBinding, Value};
use types::{ScalarKind, Type};

use crate::context::ModuleCtx;

/// The stage an entry point is compiled for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShaderStage {
    Compute,
    Vertex,
    Pixel,
    Geometry,
    Hull,
    Domain,
    Mesh,
    Amplification,
    RayGeneration,
    Intersection,
    AnyHit,
    ClosestHit,
    Miss,
    Callable,
    /// Libraries (the stage comes from the function's `[shader("...")]`) and what has no
    /// entry wrapper yet.
    Other,
}

impl ShaderStage {
    /// The lowering stage of an entry point's stage (`[shader("...")]`).
    pub fn of_entry(stage: hir::entry::Stage) -> ShaderStage {
        use hir::entry::Stage as S;
        match stage {
            S::Vertex => ShaderStage::Vertex,
            S::Pixel => ShaderStage::Pixel,
            S::Geometry => ShaderStage::Geometry,
            S::Hull => ShaderStage::Hull,
            S::Domain => ShaderStage::Domain,
            S::Compute => ShaderStage::Compute,
            S::Mesh => ShaderStage::Mesh,
            S::Amplification => ShaderStage::Amplification,
            S::RayGeneration => ShaderStage::RayGeneration,
            S::Intersection => ShaderStage::Intersection,
            S::AnyHit => ShaderStage::AnyHit,
            S::ClosestHit => ShaderStage::ClosestHit,
            S::Miss => ShaderStage::Miss,
            S::Callable => ShaderStage::Callable,
            S::Node => ShaderStage::Other,
        }
    }
}

impl From<syntax::preprocess::ShaderStage> for ShaderStage {
    /// The lowering stage of a profile's stage (`-T`, `[shader("...")]`, the configuration).
    fn from(stage: syntax::preprocess::ShaderStage) -> ShaderStage {
        use syntax::preprocess::ShaderStage as Profile;
        match stage {
            Profile::Compute => ShaderStage::Compute,
            Profile::Vertex => ShaderStage::Vertex,
            Profile::Pixel => ShaderStage::Pixel,
            Profile::Geometry => ShaderStage::Geometry,
            Profile::Hull => ShaderStage::Hull,
            Profile::Domain => ShaderStage::Domain,
            Profile::Mesh => ShaderStage::Mesh,
            Profile::Amplification => ShaderStage::Amplification,
            _ => ShaderStage::Other,
        }
    }
}

/// The built-in of a compute-shader system value and its natural type.
fn compute_builtin(semantic: &str) -> Option<(BuiltIn, Type)> {
    let uint3 = Type::Vector(ScalarKind::Uint, 3);
    Some(match semantic.to_ascii_uppercase().as_str() {
        "SV_DISPATCHTHREADID" => (BuiltIn::GlobalInvocationId, uint3),
        "SV_GROUPTHREADID" => (BuiltIn::LocalInvocationId, uint3),
        "SV_GROUPID" => (BuiltIn::WorkgroupId, uint3),
        "SV_GROUPINDEX" => (BuiltIn::LocalInvocationIndex, Type::UINT),
        _ => return None,
    })
}

/// A built-in input's value `v` as parameter (or field) type `ty`: the components it keeps
/// (`uint2 id : SV_DispatchThreadID`), converted when the type's scalar differs.
fn adapt_builtin(fb: &mut ir::FunctionBuilder<'_>, v: Value, ty: &Type) -> Value {
    let from = fb.type_of(v);
    let part = match (&from, ty) {
        (a, b) if a == b => return v,
        (Type::Vector(..), Type::Vector(_, n)) => {
            let comps: Vec<u8> = (0..*n).collect();
            fb.swizzle(v, &comps)
        }
        (Type::Vector(..), Type::Scalar(_)) => fb.extract(v, &[0]),
        _ => v,
    };
    if fb.type_of(part) == *ty {
        part
    } else {
        fb.convert(part, ty.clone())
    }
}

/// For each parameter of entry `idx`, the semantics of its fields when it is a struct whose
/// every field has one (`struct In { uint3 id : SV_DispatchThreadID; }`), else `None`.
fn struct_param_fields(cx: &ModuleCtx<'_>, idx: ItemIdx) -> Vec<Option<Vec<String>>> {
    let fid = cx.function_id(idx);
    let sig = crate::enums::function_signature(cx.db, fid);
    sig.params
        .iter()
        .map(|p| match &p.ty {
            Some(Type::Struct(s)) => s.fields.iter().map(|f| f.semantic.clone()).collect(),
            _ => None,
        })
        .collect()
}

/// Parses an integer attribute argument (`64`, `0x40`, `8u`).
/// `[WaveSize(n)]` as an execution mode; of SM 6.8's `[WaveSize(min, max[, preferred])]`
/// the preferred size, else 32 (the interpreter's default) clamped to the range.
/// Each argument may name a constant (`[WaveSize(WAVE)]`), evaluated in the function's scope.
fn wave_size(
    cx: &ModuleCtx<'_>,
    idx: hir::item_tree::ItemIdx,
    f: &hir::item_tree::Function,
) -> Option<ir::ExecutionMode> {
    let args = crate::stages::attrs::attr(f, "WaveSize")?;
    let evaluated = crate::attrs::function_attr_counts(cx, idx, "WaveSize").unwrap_or_default();
    let n: Option<Vec<u32>> = args
        .iter()
        .enumerate()
        .map(|(i, a)| {
            crate::stages::attrs::eval_count(a).or_else(|| evaluated.get(i).copied().flatten())
        })
        .collect();
    let size = match n?[..] {
        [n] => n,
        [min, max] => 32u32.clamp(min.min(max), max.max(min)),
        [_, _, preferred] => preferred,
        _ => return None,
    };
    Some(ir::ExecutionMode::WaveSize(size))
}

pub(crate) fn parse_count(text: &str) -> Option<u32> {
    let t = text.trim().trim_end_matches(['u', 'U']);
    match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        Some(hex) => u32::from_str_radix(hex, 16).ok(),
        None => t.parse().ok(),
    }
}

/// Lowers entry `name` into the module, its stage variables located as the options ask.
pub fn lower_entry(cx: &mut ModuleCtx<'_>, name: &str, stage: ShaderStage) {
    // A library's entry (`-T lib_6_x`) has the stage of its `[shader("...")]`.
    let stage = match stage {
        ShaderStage::Other => hir::entry::entry_points(cx.db, cx.file, cx.config)
            .iter()
            .find(|e| e.name == name && e.source == hir::entry::EntrySource::ShaderAttribute)
            .map_or(ShaderStage::Other, |e| ShaderStage::of_entry(e.stage)),
        s => s,
    };
    cx.entry_stage = Some(stage);
    lower_entry_stage(cx, name, stage);
    crate::stage_io_order::reorder(cx, stage);
}

/// Whether `stage` is a ray-tracing stage (its parameters are payloads and attributes).
pub(crate) fn is_ray_stage(stage: ShaderStage) -> bool {
    matches!(
        stage,
        ShaderStage::RayGeneration
            | ShaderStage::Intersection
            | ShaderStage::AnyHit
            | ShaderStage::ClosestHit
            | ShaderStage::Miss
            | ShaderStage::Callable
    )
}

fn lower_entry_stage(cx: &mut ModuleCtx<'_>, name: &str, stage: ShaderStage) {
    let candidates = cx.functions_named(name);
    let Some(&idx) = candidates.first() else {
        let range = syntax::TextRange::default();
        cx.error(
            crate::NO_ENTRY,
            format!("entry point `{name}` not found"),
            range,
        );
        return;
    };
    let range = cx.item_range(idx);
    if !is_ray_stage(stage) && crate::entry_resources::refuse_descriptor_params(cx, idx) {
        return;
    }
    match stage {
        ShaderStage::Compute => {}
        ShaderStage::RayGeneration
        | ShaderStage::Intersection
        | ShaderStage::AnyHit
        | ShaderStage::ClosestHit
        | ShaderStage::Miss
        | ShaderStage::Callable => {
            crate::stages::raytracing::lower_ray_entry(cx, idx, name, stage);
            return;
        }
        ShaderStage::Amplification => {
            if crate::stages::mesh::declare_task_payload(cx, idx).is_err() {
                return;
            }
        }
        ShaderStage::Vertex | ShaderStage::Pixel => {
            crate::graphics::lower_graphics_entry(cx, idx, name, stage);
            return;
        }
        ShaderStage::Geometry => {
            let _ = crate::stages::geometry::lower_geometry_entry(cx, idx, name);
            return;
        }
        ShaderStage::Hull => {
            let _ = crate::stages::tessellation::lower_hull_entry(cx, idx, name);
            return;
        }
        ShaderStage::Domain => {
            let _ = crate::stages::tessellation::lower_domain_entry(cx, idx, name);
            return;
        }
        ShaderStage::Mesh => {
            let _ = crate::stages::mesh::lower_mesh_entry(cx, idx, name);
            return;
        }
        ShaderStage::Other if crate::node_shader::is_node_entry(cx, name) => {
            crate::node_shader::refuse_node_entry(cx, idx);
            return;
        }
        ShaderStage::Other => {
            cx.unsupported("this shader stage (libraries have no entry wrapper)", range);
            return;
        }
    }
    let f = cx.tree.function(idx).cloned().expect("a function");
    // Literals, or arithmetic on them after macro expansion (`[numthreads(8 * 8, 1, 1)]`).
    let Some(size) = crate::attrs::entry_numthreads(cx, idx) else {
        cx.unsupported(
            "a compute or amplification entry without a constant `[numthreads(x, y, z)]`",
            range,
        );
        return;
    };
    // Each parameter's built-in inputs: one for a system value, one per field for a struct
    // of them (DXC makes a stage variable per field).
    let mut inputs: Vec<(Vec<Global>, String)> = Vec::new();
    let struct_params = struct_param_fields(cx, idx);
    for (i, p) in f.params.iter().enumerate() {
        let semantic = p.semantic.as_deref();
        let one = |cx: &mut ModuleCtx<'_>, s: &str| {
            compute_builtin(s).map(|(b, ty)| cx.mb.input(s, ty, StageBinding::BuiltIn(b)))
        };
        // `[[vk::builtin("DrawIndex")]]` (amplification) or `("DeviceIndex")`: that built-in,
        // whatever the semantic, as DXC takes it.
        let ir_stage = if stage == ShaderStage::Amplification {
            Stage::Amplification
        } else {
            Stage::Compute
        };
        let vk = crate::attrs::param_builtin(cx, idx, i).and_then(|name| {
            crate::stages::vars::vk_builtin(ir_stage, crate::stages::vars::Side::Input, &name)
        });
        let globals = match (semantic, struct_params.get(i).and_then(|f| f.as_ref())) {
            _ if vk.is_some() => vk.map(|(b, ty)| {
                let name = semantic.unwrap_or(&p.name);
                vec![cx.mb.input(name, ty, StageBinding::BuiltIn(b))]
            }),
            (Some(s), _) => one(cx, s).map(|g| vec![g]),
            (None, Some(fields)) => fields.iter().map(|s| one(cx, s)).collect(),
            (None, None) => None,
        };
        match globals {
            Some(globals) => {
                crate::stage_decorations::decorate_compute_param(cx, idx, i, &globals);
                inputs.push((globals, p.name.clone()))
            }
            None => {
                cx.unsupported(
                    &format!(
                        "the entry parameter `{}` (only compute system values, or a struct of \
                         them, are supported)",
                        p.name
                    ),
                    range,
                );
                return;
            }
        }
    }
    let Ok(body) = cx.function_for(idx, &format!("{name}_body")) else {
        return;
    };
    let wrapper = cx.mb.declare_function(name, Vec::new(), Type::Void);
    // An amplification entry's call of its body is located at its name, where the backend
    // reports what the target cannot express about it (`mesh_nv`).
    let entry_loc = (stage == ShaderStage::Amplification)
        .then(|| cx.source_loc(crate::stages::tess_refusals::name_range(cx, idx)));
    let params: Vec<Type> = cx.mb.module().functions[body]
        .params
        .iter()
        .map(|p| p.ty.clone())
        .collect();
    {
        let mut fb = cx.mb.function(wrapper);
        let b = fb.create_block("entry");
        fb.switch_to_block(b);
        let mut args = Vec::new();
        for ((globals, pname), pty) in inputs.iter().zip(&params) {
            let v = match (&globals[..], pty) {
                ([g], _) => {
                    let v = fb.load(Value::Global(*g));
                    fb.set_name(v, pname);
                    adapt_builtin(&mut fb, v, pty)
                }
                (_, Type::Struct(s)) => {
                    let mut parts = Vec::new();
                    for (g, field) in globals.iter().zip(&s.fields) {
                        let v = fb.load(Value::Global(*g));
                        parts.push(adapt_builtin(&mut fb, v, &field.ty));
                    }
                    let v = fb.construct(pty.clone(), &parts);
                    fb.set_name(v, pname);
                    v
                }
                _ => continue,
            };
            args.push(v);
        }
        fb.set_loc(entry_loc);
        fb.call(body, &args);
        fb.set_loc(None);
        fb.inst(Opcode::Return, Type::Void, Vec::new());
    }
    cx.mb.entry_point(EntryPoint {
        name: name.to_owned(),
        stage: if stage == ShaderStage::Amplification {
            Stage::Amplification
        } else {
            Stage::Compute
        },
        function: wrapper,
        inputs: inputs.iter().flat_map(|(g, _)| g.iter().copied()).collect(),
        outputs: Vec::new(),
        workgroup_size: Some(size),
        modes: wave_size(cx, idx, &f).into_iter().collect(),
    });
    cx.drain_queue();
    crate::init::lower_init_globals(cx, wrapper);
}
