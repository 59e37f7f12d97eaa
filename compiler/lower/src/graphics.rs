//! Vertex and pixel entry wrappers: each parameter (or each field of a struct parameter) with
//! a semantic becomes an input global, a built-in for system values (`SV_VertexID`,
//! `SV_Position` of a pixel shader...) and the next location otherwise; the return value (or
//! each field of a returned struct) becomes an output global the same way (`SV_Target<n>` is
//! location `n`). The wrapper loads the inputs, calls `Name_body` and stores the outputs.

use ir::{BuiltIn, EntryPoint, Global, Opcode, Stage, StageBinding, Value};
use types::{ScalarKind, Type};

use crate::context::ModuleCtx;
use crate::entry::ShaderStage;

/// One stage variable: its semantic and type.
struct Var {
    semantic: String,
    ty: Type,
}

/// The built-in of a system value on the input (`output == false`) or output side.
fn builtin(stage: ShaderStage, output: bool, semantic: &str) -> Option<(BuiltIn, Type)> {
    let s = semantic.to_ascii_uppercase();
    let float4 = Type::Vector(ScalarKind::Float, 4);
    Some(match (stage, output, s.as_str()) {
        (ShaderStage::Vertex, false, "SV_VERTEXID") => (BuiltIn::VertexIndex, Type::UINT),
        (ShaderStage::Vertex, false, "SV_INSTANCEID") => (BuiltIn::InstanceIndex, Type::UINT),
        (ShaderStage::Vertex, true, "SV_POSITION") => (BuiltIn::Position, float4),
        (ShaderStage::Pixel, false, "SV_POSITION") => (BuiltIn::FragCoord, float4),
        (ShaderStage::Pixel, false, "SV_ISFRONTFACE") => (BuiltIn::FrontFacing, Type::BOOL),
        (ShaderStage::Pixel, false, "SV_SAMPLEINDEX") => (BuiltIn::SampleId, Type::UINT),
        (ShaderStage::Pixel, true, "SV_DEPTH") => (BuiltIn::FragDepth, Type::FLOAT),
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

/// The stage variables of a value of `ty` with `semantic` (struct fields carry their own).
fn vars_of(ty: &Type, semantic: Option<&str>) -> Option<Vec<Var>> {
    match ty {
        Type::Struct(s) => {
            let mut out = Vec::new();
            for f in &s.fields {
                out.extend(vars_of(&f.ty, f.semantic.as_deref())?);
            }
            Some(out)
        }
        Type::Scalar(_) | Type::Vector(..) => Some(vec![Var {
            semantic: semantic?.to_owned(),
            ty: ty.clone(),
        }]),
        _ => None,
    }
}

/// Declares the globals of `vars` on one side; `None` (with a diagnostic) when one cannot be.
fn declare(
    cx: &mut ModuleCtx<'_>,
    stage: ShaderStage,
    output: bool,
    vars: &[Var],
    range: syntax::TextRange,
) -> Option<Vec<(Global, Type)>> {
    let mut next_location = 0;
    let mut out = Vec::new();
    for v in vars {
        let (binding, ty) = if let Some((b, t)) = builtin(stage, output, &v.semantic) {
            (StageBinding::BuiltIn(b), t)
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
    for (p, ps) in f.params.iter().zip(&sig.params) {
        let ty = ps.ty.clone();
        let vars = ty.as_ref().and_then(|t| vars_of(t, p.semantic.as_deref()));
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
        match vars_of(&ret, f.semantic.as_deref()) {
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
