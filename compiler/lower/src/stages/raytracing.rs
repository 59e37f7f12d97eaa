//! Ray-tracing pipeline stages after DXC's SPIR-V mapping (`docs/SPIR-V.rst`, "Ray
//! Tracing"): the entry wrappers of ray generation, intersection, any-hit, closest-hit, miss
//! and callable shaders, and the calls that pass data between stages.
//!
//! - The payload (`inout` parameter of hit and miss shaders) is an `incoming_ray_payload`
//!   global, the hit attributes (`in` parameter of hit shaders) a `hit_attribute` global, a
//!   callable shader's parameter an `incoming_callable_data` global. The wrapper copies them
//!   into the body's parameters and the payload back after the call; `IgnoreHit` and
//!   `AcceptHitAndEndSearch` in the entry's own body write the payload back first, since they
//!   end the invocation (as DXC does).
//! - `TraceRay` copies its payload into a `ray_payload` global (one per payload type), calls
//!   the `TraceRay` intrinsic and copies it back; `CallShader` does the same with a
//!   `callable_data` global; `ReportHit` stores its attributes into the `hit_attribute`
//!   global of their type before the `ReportHit` intrinsic.
//!
//! Called from `entry::lower_entry` (wrappers) and `call::lower_intrinsic` (the calls).

use hir::body::ExprId;
use hir::item_tree::ItemIdx;
use ir::{EntryPoint, Global, GlobalKind, Intrinsic, Opcode, Stage, Value};
use types::{AddressSpace, Type};

use crate::context::{ModuleCtx, R};
use crate::entry::ShaderStage;
use crate::func::{FnLower, Place};

/// The IR stage of a ray-tracing shader stage.
fn ir_stage(stage: ShaderStage) -> Option<Stage> {
    Some(match stage {
        ShaderStage::RayGeneration => Stage::RayGeneration,
        ShaderStage::Intersection => Stage::Intersection,
        ShaderStage::AnyHit => Stage::AnyHit,
        ShaderStage::ClosestHit => Stage::ClosestHit,
        ShaderStage::Miss => Stage::Miss,
        ShaderStage::Callable => Stage::Callable,
        _ => return None,
    })
}

/// The address spaces of a stage's parameters, in order.
fn parameter_spaces(stage: Stage) -> &'static [AddressSpace] {
    match stage {
        Stage::Miss => &[AddressSpace::IncomingRayPayload],
        Stage::AnyHit | Stage::ClosestHit => {
            &[AddressSpace::IncomingRayPayload, AddressSpace::HitAttribute]
        }
        Stage::Callable => &[AddressSpace::IncomingCallableData],
        _ => &[],
    }
}

/// The `ray_data` global in `space` holding a `ty`, made the first time (payloads, callable
/// data and hit attributes of one type share one variable, as an entry point may use at most
/// one hit attribute variable).
pub(crate) fn ray_data_global(cx: &mut ModuleCtx<'_>, space: AddressSpace, ty: &Type) -> Global {
    let found = cx
        .mb
        .module()
        .globals
        .iter()
        .find(|(_, g)| g.kind == GlobalKind::RayData && g.space == space && g.ty == *ty)
        .map(|(h, _)| h);
    if let Some(g) = found {
        return g;
    }
    let name = format!("{}.{ty}", space.name());
    cx.mb.ray_data(&name, space, ty.clone())
}

/// Lowers the ray-tracing entry `name` (function `idx`) for `stage`: the body, a wrapper that
/// copies the stage's data in and out, and the entry point.
pub fn lower_ray_entry(cx: &mut ModuleCtx<'_>, idx: ItemIdx, name: &str, stage: ShaderStage) {
    let range = cx.item_range(idx);
    let Some(stage) = ir_stage(stage) else {
        cx.unsupported("this shader stage", range);
        return;
    };
    let spaces = parameter_spaces(stage);
    let Some(f) = cx.tree.function(idx).cloned() else {
        return;
    };
    if f.params.len() != spaces.len() {
        // DXC refuses these too (its `err_raytracing_entry_param_count`); two `inout`
        // payloads in a closest-hit entry are a common porting slip.
        let takes = match stage {
            Stage::Miss => "one parameter, the payload",
            Stage::AnyHit | Stage::ClosestHit => {
                "two parameters, the payload and the hit attributes"
            }
            Stage::Callable => "one parameter, the callable data",
            _ => "no parameters",
        };
        cx.error(
            "E3210",
            format!(
                "a {} entry point takes {takes}; this one has {}",
                stage.name(),
                f.params.len()
            ),
            range,
        );
        return;
    }
    let Ok(body) = cx.function_for(idx, &format!("{name}_body")) else {
        return;
    };
    let params: Vec<Type> = cx.mb.module().functions[body]
        .params
        .iter()
        .map(|p| p.ty.clone())
        .collect();
    if params.len() != spaces.len() {
        cx.unsupported("these entry parameters", range);
        return;
    }
    // Each parameter: its global, and whether the body takes a pointer (`inout`).
    let mut io = Vec::new();
    for (ty, &space) in params.iter().zip(spaces) {
        let (value_ty, by_pointer) = match ty {
            Type::Pointer { pointee, .. } => ((**pointee).clone(), true),
            t => (t.clone(), false),
        };
        if !crate::func::is_storable(&value_ty) {
            cx.unsupported(
                &format!("a {} entry parameter of type {value_ty}", stage.name()),
                range,
            );
            return;
        }
        io.push((ray_data_global(cx, space, &value_ty), value_ty, by_pointer));
    }
    let payloads: Vec<(u32, Global)> = io
        .iter()
        .enumerate()
        .filter(|(_, (_, _, by_pointer))| *by_pointer)
        .map(|(n, (g, _, _))| (n as u32, *g))
        .collect();
    cx.ray_payload_params.insert(body, payloads);
    let wrapper = cx.mb.declare_function(name, Vec::new(), Type::Void);
    {
        let mut fb = cx.mb.function(wrapper);
        let b = fb.create_block("entry");
        fb.switch_to_block(b);
        let mut args = Vec::new();
        let mut copies = Vec::new();
        for (g, ty, by_pointer) in &io {
            let temp = by_pointer.then(|| fb.alloca(ty.clone(), ""));
            let v = fb.load(Value::Global(*g));
            if let Some(temp) = temp {
                fb.store(temp, v);
                copies.push((temp, *g));
                args.push(temp);
            } else {
                args.push(v);
            }
        }
        fb.call(body, &args);
        for (temp, g) in copies {
            let v = fb.load(temp);
            fb.store(Value::Global(g), v);
        }
        fb.inst(Opcode::Return, Type::Void, Vec::new());
    }
    cx.mb.entry_point(EntryPoint {
        name: name.to_owned(),
        stage,
        function: wrapper,
        inputs: Vec::new(),
        outputs: Vec::new(),
        workgroup_size: None,
        modes: Vec::new(),
    });
    cx.drain_queue();
    crate::init::lower_init_globals(cx, wrapper);
}

impl FnLower<'_, '_> {
    /// `TraceRay`, `CallShader`, `ReportHit`, `IgnoreHit` and `AcceptHitAndEndSearch`;
    /// `None` for other intrinsics.
    pub(crate) fn lower_pipeline_call(
        &mut self,
        e: ExprId,
        name: &str,
        args: &[ExprId],
    ) -> Option<R<Option<Value>>> {
        Some(match name {
            "TraceRay" => self.lower_trace_ray(e, args),
            "CallShader" => self.lower_call_shader(e, args),
            "ReportHit" => self.lower_report_hit(e, args),
            "IgnoreHit" | "AcceptHitAndEndSearch" => {
                let op = if name == "IgnoreHit" {
                    Opcode::IgnoreHit
                } else {
                    Opcode::AcceptHitAndEndSearch
                };
                self.end_hit(op);
                Ok(None)
            }
            _ => return None,
        })
    }

    /// Copies the value at `place` into the `ray_data` global of its type in `space`.
    fn copy_to_ray_data(&mut self, place: &Place, space: AddressSpace) -> R<(Global, Type)> {
        let ty = self.place_type(place);
        let g = ray_data_global(self.cx, space, &ty);
        let v = self.load_place(place)?;
        self.fb().store(Value::Global(g), v);
        Ok((g, ty))
    }

    fn copy_back(&mut self, g: Global, place: &Place) -> R<()> {
        let v = self.fb().load(Value::Global(g));
        self.store_place(place, v)
    }

    fn lower_trace_ray(&mut self, e: ExprId, args: &[ExprId]) -> R<Option<Value>> {
        self.need_args(e, "TraceRay", args, 8)?;
        let Place::Ptr(accel) = self.lvalue(args[0])? else {
            return Err(self.unsupported("this acceleration structure argument", e));
        };
        let mut operands = vec![accel];
        for &a in &args[1..6] {
            operands.push(self.coerce(a, &Type::UINT)?);
        }
        let ray_ty = self.ty(args[6])?;
        operands.push(self.coerce(args[6], &ray_ty)?);
        let payload = self.lvalue(args[7])?;
        let (g, _) = self.copy_to_ray_data(&payload, AddressSpace::RayPayload)?;
        operands.push(Value::Global(g));
        self.fb()
            .call_intrinsic(Intrinsic::TraceRay, Type::Void, &operands);
        self.copy_back(g, &payload)?;
        Ok(None)
    }

    fn lower_call_shader(&mut self, e: ExprId, args: &[ExprId]) -> R<Option<Value>> {
        self.need_args(e, "CallShader", args, 2)?;
        let index = self.coerce(args[0], &Type::UINT)?;
        let data = self.lvalue(args[1])?;
        let (g, _) = self.copy_to_ray_data(&data, AddressSpace::CallableData)?;
        self.fb().call_intrinsic(
            Intrinsic::CallShader,
            Type::Void,
            &[index, Value::Global(g)],
        );
        self.copy_back(g, &data)?;
        Ok(None)
    }

    fn lower_report_hit(&mut self, e: ExprId, args: &[ExprId]) -> R<Option<Value>> {
        self.need_args(e, "ReportHit", args, 3)?;
        let t = self.coerce(args[0], &Type::FLOAT)?;
        let kind = self.coerce(args[1], &Type::UINT)?;
        let attr_ty = self.ty(args[2])?;
        let attr = self.coerce(args[2], &attr_ty)?;
        let g = ray_data_global(self.cx, AddressSpace::HitAttribute, &attr_ty);
        self.fb().store(Value::Global(g), attr);
        let accepted = self.fb().call_intrinsic(
            Intrinsic::ReportHit,
            Type::BOOL,
            &[t, kind, Value::Global(g)],
        );
        Ok(Some(accepted))
    }

    /// `IgnoreHit`/`AcceptHitAndEndSearch`: in the body of a hit entry, the payload
    /// parameter goes back to the incoming payload first (the wrapper's copy never runs).
    fn end_hit(&mut self, op: Opcode) {
        if self.current.is_none() {
            return;
        }
        let payloads = self
            .cx
            .ray_payload_params
            .get(&self.func)
            .cloned()
            .unwrap_or_default();
        for (n, g) in payloads {
            let v = self.fb().load(Value::Arg(n));
            self.fb().store(Value::Global(g), v);
        }
        self.terminate(op, Vec::new());
    }
}
