//! Vertex and pixel entry wrappers: each parameter (or each field of a struct parameter) with
//! a semantic becomes an input global, a built-in for system values (`SV_VertexID`,
//! `SV_Position` of a pixel shader...) and the next location otherwise; the return value (or
//! each field of a returned struct) becomes an output global the same way (`SV_Target<n>` is
//! location `n`), unless `[[vk::location(n)]]` says otherwise. The wrapper loads the inputs,
//! calls `Name_body` and stores the outputs.

use ir::{BuiltIn, EntryPoint, Global, Opcode, Stage, StageBinding, Value};
use types::{ScalarKind, Type};

use crate::context::ModuleCtx;
use crate::entry::ShaderStage;

/// One stage variable: its semantic, type and `[[vk::location]]` (an error for an argument
/// that is not a number).
struct Var {
    semantic: String,
    ty: Type,
    location: Option<Result<u32, String>>,
    /// `nointerpolation`, `centroid`... of the struct field it comes from.
    interpolation: Vec<types::Interpolation>,
}

/// The built-in of a system value on the input (`output == false`) or output side.
fn builtin(stage: ShaderStage, output: bool, semantic: &str) -> Option<(BuiltIn, Type)> {
    // `SV_Position0` is `SV_Position`: these system values have only index 0.
    let s = semantic.to_ascii_uppercase();
    let s = s.strip_suffix('0').unwrap_or(&s);
    let float4 = Type::Vector(ScalarKind::Float, 4);
    Some(match (stage, output, s) {
        (ShaderStage::Vertex, false, "SV_VERTEXID") => (BuiltIn::VertexIndex, Type::UINT),
        (ShaderStage::Vertex, false, "SV_INSTANCEID") => (BuiltIn::InstanceIndex, Type::UINT),
        (ShaderStage::Vertex, true, "SV_POSITION") => (BuiltIn::Position, float4),
        (ShaderStage::Pixel, false, "SV_POSITION") => (BuiltIn::FragCoord, float4),
        (ShaderStage::Pixel, false, "SV_ISFRONTFACE") => (BuiltIn::FrontFacing, Type::BOOL),
        (ShaderStage::Pixel, false, "SV_SAMPLEINDEX") => (BuiltIn::SampleId, Type::UINT),
        (ShaderStage::Pixel, true, "SV_DEPTH") => (BuiltIn::FragDepth, Type::FLOAT),
        (ShaderStage::Pixel, false, "SV_RENDERTARGETARRAYINDEX") => (BuiltIn::Layer, Type::UINT),
        // `SampleMask` is an array of one word in SPIR-V.
        (ShaderStage::Pixel, _, "SV_COVERAGE") => (BuiltIn::SampleMask, Type::array(Type::UINT, 1)),
        _ => return None,
    })
}

/// `SV_Target3` → 3.
fn target_index(semantic: &str) -> Option<u32> {
    let s = semantic.to_ascii_uppercase();
    let rest = s.strip_prefix("SV_TARGET")?;
    if rest.is_empty() {
        Some(0)
    } else {
        rest.parse().ok()
    }
}

/// The stage variables of a value of `ty` with `semantic` and `location` (struct fields
/// carry their own).
fn vars_of(
    cx: &ModuleCtx<'_>,
    ty: &Type,
    semantic: Option<&str>,
    location: Option<Result<u32, String>>,
) -> Option<Vec<Var>> {
    match ty {
        Type::Struct(s) => {
            let mut out = Vec::new();
            for f in &s.fields {
                let location = crate::attrs::field_location(cx, &s.name, &f.name);
                let mut vars = vars_of(cx, &f.ty, f.semantic.as_deref(), location)?;
                for v in &mut vars {
                    if v.interpolation.is_empty() {
                        v.interpolation = f.interpolation.clone();
                    }
                }
                out.extend(vars);
            }
            Some(out)
        }
        Type::Scalar(_) | Type::Vector(..) => Some(vec![Var {
            semantic: semantic?.to_owned(),
            ty: ty.clone(),
            location,
            interpolation: Vec::new(),
        }]),
        _ => None,
    }
}

/// The explicit locations of `vars` (`None` where a variable is a built-in), when any variable
/// has `[[vk::location]]`; like DXC, either every located variable of one side has one or none
/// does.
fn explicit_locations(
    cx: &mut ModuleCtx<'_>,
    stage: ShaderStage,
    output: bool,
    vars: &[Var],
    range: syntax::TextRange,
) -> Result<Option<Vec<Option<u32>>>, ()> {
    if vars.iter().all(|v| v.location.is_none()) {
        return Ok(None);
    }
    let side = if output { "outputs" } else { "inputs" };
    let mut out = Vec::new();
    for v in vars {
        if builtin(stage, output, &v.semantic).is_some() {
            out.push(None);
            continue;
        }
        match &v.location {
            Some(Ok(n)) => out.push(Some(*n)),
            Some(Err(text)) => {
                let message = format!("`[[vk::location({text})]]` needs a constant number");
                cx.error(crate::BAD_LOCATION, message, range);
                return Err(());
            }
            None => {
                let message = format!(
                    "the stage {side} mix `[[vk::location]]` with implicit locations \
                     (`{}` has none): give every one a location, or none (DXC requires the same)",
                    v.semantic
                );
                cx.error(crate::BAD_LOCATION, message, range);
                return Err(());
            }
        }
    }
    Ok(Some(out))
}

/// Declares the globals of `vars` on one side; `None` (with a diagnostic) when one cannot be.
fn declare(
    cx: &mut ModuleCtx<'_>,
    stage: ShaderStage,
    output: bool,
    vars: &[Var],
    range: syntax::TextRange,
) -> Option<Vec<(Global, Type)>> {
    let explicit = explicit_locations(cx, stage, output, vars, range).ok()?;
    let mut next_location = 0;
    let mut out = Vec::new();
    for (i, v) in vars.iter().enumerate() {
        let (binding, ty) = if let Some((b, t)) = builtin(stage, output, &v.semantic) {
            (StageBinding::BuiltIn(b), t)
        } else if let Some(n) = explicit.as_ref().and_then(|e| e[i]) {
            (StageBinding::Location(n), v.ty.clone())
        } else if v.semantic.to_ascii_uppercase().starts_with("SV_")
            && !(output && stage == ShaderStage::Pixel && target_index(&v.semantic).is_some())
        {
            cx.unsupported(&format!("the system value `{}` here", v.semantic), range);
            return None;
        } else if let Some(n) = target_index(&v.semantic).filter(|_| output) {
            (StageBinding::Location(n), v.ty.clone())
        } else {
            next_location += 1;
            (StageBinding::Location(next_location - 1), v.ty.clone())
        };
        let name = format!("{}.{}", if output { "out" } else { "in" }, v.semantic);
        let g = if output {
            cx.mb.output(&name, ty.clone(), binding)
        } else {
            cx.mb.input(&name, ty.clone(), binding)
        };
        if matches!(binding, StageBinding::Location(_)) {
            cx.mb.module_mut().globals[g].interpolation = v.interpolation.clone();
        }
        out.push((g, ty));
    }
    Some(out)
}

pub fn lower_graphics_entry(
    cx: &mut ModuleCtx<'_>,
    idx: hir::item_tree::ItemIdx,
    name: &str,
    stage: ShaderStage,
) {
    let range = cx.item_range(idx);
    let f = cx.tree.function(idx).cloned().expect("a function");
    let sig = hir::function_signature(cx.db, cx.function_id(idx));
    let mut inputs = Vec::new();
    let mut param_shapes = Vec::new();
    for (i, (p, ps)) in f.params.iter().zip(&sig.params).enumerate() {
        let ty = ps.ty.clone();
        let location = crate::attrs::param_location(cx, idx, i);
        let vars = ty
            .as_ref()
            .and_then(|t| vars_of(cx, t, p.semantic.as_deref(), location));
        let (Some(ty), Some(vars), hir::item_tree::ParamDirection::In) = (ty, vars, p.direction)
        else {
            cx.unsupported(
                &format!(
                    "the entry parameter `{}` (only `in` values with semantics)",
                    p.name
                ),
                range,
            );
            return;
        };
        param_shapes.push((ty, vars.len()));
        inputs.extend(vars);
    }
    let ret = sig.ret.clone().unwrap_or(Type::Void);
    let outputs = if ret.is_void() {
        Vec::new()
    } else {
        let location = crate::attrs::result_location(cx, idx);
        match vars_of(cx, &ret, f.semantic.as_deref(), location) {
            Some(v) => v,
            None => {
                cx.unsupported("an entry result without semantics", range);
                return;
            }
        }
    };
    let Some(in_globals) = declare(cx, stage, false, &inputs, range) else {
        return;
    };
    let Some(out_globals) = declare(cx, stage, true, &outputs, range) else {
        return;
    };
    let Ok(body) = cx.function_for(idx, &format!("{name}_body")) else {
        return;
    };
    let wrapper = cx.mb.declare_function(name, Vec::new(), Type::Void);
    {
        let mut fb = cx.mb.function(wrapper);
        let b = fb.create_block("entry");
        fb.switch_to_block(b);
        let mut loaded: Vec<Value> = Vec::new();
        for ((g, gty), v) in in_globals.iter().zip(&inputs) {
            let x = fb.load(Value::Global(*g));
            // A built-in of another type than declared (`uint2 id : SV_VertexID` is not
            // valid HLSL, but `int` is): convert.
            let x = if *gty == v.ty {
                x
            } else if let Type::Array { .. } = gty {
                fb.extract(x, &[0])
            } else {
                fb.convert(x, v.ty.clone())
            };
            loaded.push(x);
        }
        let mut args = Vec::new();
        let mut next = loaded.into_iter();
        for (ty, _) in &param_shapes {
            args.push(build(&mut fb, ty, &mut next));
        }
        let result = fb.call(body, &args);
        let mut parts = Vec::new();
        if !ret.is_void() {
            split(&mut fb, result, &ret, &mut parts);
        }
        for ((g, gty), v) in out_globals.iter().zip(parts) {
            let v = if fb.type_of(v) == *gty {
                v
            } else if let Type::Array { .. } = gty {
                fb.construct(gty.clone(), &[v])
            } else {
                fb.convert(v, gty.clone())
            };
            fb.store(Value::Global(*g), v);
        }
        fb.inst(Opcode::Return, Type::Void, Vec::new());
    }
    cx.mb.entry_point(EntryPoint {
        name: name.to_owned(),
        stage: if stage == ShaderStage::Vertex {
            Stage::Vertex
        } else {
            Stage::Pixel
        },
        function: wrapper,
        inputs: in_globals.iter().map(|(g, _)| *g).collect(),
        outputs: out_globals.iter().map(|(g, _)| *g).collect(),
        workgroup_size: None,
        modes: Vec::new(),
    });
    cx.drain_queue();
    crate::init::lower_init_globals(cx, wrapper);
}

/// A value of `ty` from the loaded stage variables, in order.
fn build(
    fb: &mut ir::FunctionBuilder<'_>,
    ty: &Type,
    next: &mut impl Iterator<Item = Value>,
) -> Value {
    match ty {
        Type::Struct(s) => {
            let parts: Vec<Value> = s.fields.iter().map(|f| build(fb, &f.ty, next)).collect();
            fb.construct(ty.clone(), &parts)
        }
        _ => next.next().expect("one variable per leaf"),
    }
}

/// The leaves of a result, in order.
fn split(fb: &mut ir::FunctionBuilder<'_>, v: Value, ty: &Type, out: &mut Vec<Value>) {
    match ty {
        Type::Struct(s) => {
            for (i, f) in s.fields.iter().enumerate() {
                let part = fb.extract(v, &[i as u32]);
                split(fb, part, &f.ty, out);
            }
        }
        _ => out.push(v),
    }
}
