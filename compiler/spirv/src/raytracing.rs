//! Ray-tracing pipeline stages through `SPV_KHR_ray_tracing`, after DXC's `docs/SPIR-V.rst`:
//! the six execution models, the system values (`DispatchRaysIndex` is `LaunchIdKHR`,
//! `RayTCurrent` is `RayTmaxKHR`, `InstanceIndex` is `InstanceId`, `InstanceID` is
//! `InstanceCustomIndexKHR`, ...) as built-in inputs the backend adds, the 3x4 matrices as
//! the transpose of the built-in's four columns of `float3`; `TraceRay` (`OpTraceRayKHR` with
//! the `RayDesc` split and the payload variable), `CallShader` (`OpExecuteCallableKHR`),
//! `ReportHit` (`OpReportIntersectionKHR`), and the any-hit terminators `IgnoreHit`
//! (`OpIgnoreIntersectionKHR`) and `AcceptHitAndEndSearch` (`OpTerminateRayKHR`). The
//! extension needs SPIR-V 1.4 (Vulkan 1.2); the NV forms are in `ray_tracing_nv`. Called from
//! `intrinsics`, `functions` and `stages`.

use rspirv::dr::Operand;
use rspirv::spirv::{BuiltIn, ExecutionModel, Op, Word};
use types::{ScalarKind, Type};

use crate::context::Ctx;
use crate::functions::Fx;
use crate::{Result, SpirvError};

impl Ctx<'_> {
    /// The execution model of a ray-tracing stage (`None` for other stages).
    pub(crate) fn ray_execution_model(
        &mut self,
        e: &ir::EntryPoint,
    ) -> Result<Option<ExecutionModel>> {
        use ir::Stage as S;
        let model = match e.stage {
            S::RayGeneration => ExecutionModel::RayGenerationKHR,
            S::Intersection => ExecutionModel::IntersectionKHR,
            S::AnyHit => ExecutionModel::AnyHitKHR,
            S::ClosestHit => ExecutionModel::ClosestHitKHR,
            S::Miss => ExecutionModel::MissKHR,
            S::Callable => ExecutionModel::CallableKHR,
            _ => return Ok(None),
        };
        self.require_ray_tracing(&format!("{} shaders", e.stage.name()))?;
        Ok(Some(model))
    }
}

/// The built-in of a system value, the type the built-in has, and whether the HLSL value is
/// its transpose (the 3x4 matrices).
fn system_value(intr: ir::Intrinsic) -> Option<(BuiltIn, Type, bool)> {
    use ir::Intrinsic as I;
    let uint3 = Type::vector(ScalarKind::Uint, 3);
    let float3 = Type::vector(ScalarKind::Float, 3);
    let mat4x3 = Type::matrix(ScalarKind::Float, 4, 3);
    Some(match intr {
        I::DispatchRaysIndex => (BuiltIn::LaunchIdKHR, uint3, false),
        I::DispatchRaysDimensions => (BuiltIn::LaunchSizeKHR, uint3, false),
        I::WorldRayOrigin => (BuiltIn::WorldRayOriginKHR, float3, false),
        I::WorldRayDirection => (BuiltIn::WorldRayDirectionKHR, float3, false),
        I::ObjectRayOrigin => (BuiltIn::ObjectRayOriginKHR, float3, false),
        I::ObjectRayDirection => (BuiltIn::ObjectRayDirectionKHR, float3, false),
        I::RayTMin => (BuiltIn::RayTminKHR, Type::FLOAT, false),
        I::RayTCurrent => (BuiltIn::RayTmaxKHR, Type::FLOAT, false),
        I::RayFlags => (BuiltIn::IncomingRayFlagsKHR, Type::UINT, false),
        I::InstanceIndex => (BuiltIn::InstanceId, Type::UINT, false),
        I::InstanceID => (BuiltIn::InstanceCustomIndexKHR, Type::UINT, false),
        I::GeometryIndex => (BuiltIn::RayGeometryIndexKHR, Type::UINT, false),
        I::PrimitiveIndex => (BuiltIn::PrimitiveId, Type::UINT, false),
        I::HitKind => (BuiltIn::HitKindKHR, Type::UINT, false),
        I::ObjectToWorld4x3 => (BuiltIn::ObjectToWorldKHR, mat4x3, false),
        I::WorldToObject4x3 => (BuiltIn::WorldToObjectKHR, mat4x3, false),
        I::ObjectToWorld3x4 | I::ObjectToWorld => (BuiltIn::ObjectToWorldKHR, mat4x3, true),
        I::WorldToObject3x4 | I::WorldToObject => (BuiltIn::WorldToObjectKHR, mat4x3, true),
        _ => return None,
    })
}

/// The stages that may use `intr` (Vulkan's execution models of each built-in, and of
/// `OpTraceRayKHR`, `OpExecuteCallableKHR` and `OpReportIntersectionKHR`).
fn stages_of(intr: ir::Intrinsic) -> &'static [ir::Stage] {
    use ir::Intrinsic as I;
    use ir::Stage as S;
    const ALL: &[S] = &[
        S::RayGeneration,
        S::Intersection,
        S::AnyHit,
        S::ClosestHit,
        S::Miss,
        S::Callable,
    ];
    const SEEN: &[S] = &[S::Intersection, S::AnyHit, S::ClosestHit, S::Miss];
    const HIT: &[S] = &[S::Intersection, S::AnyHit, S::ClosestHit];
    match intr {
        I::DispatchRaysIndex | I::DispatchRaysDimensions => ALL,
        I::WorldRayOrigin | I::WorldRayDirection | I::RayTMin | I::RayTCurrent | I::RayFlags => {
            SEEN
        }
        I::HitKind => &[S::AnyHit, S::ClosestHit],
        I::TraceRay => &[S::RayGeneration, S::ClosestHit, S::Miss],
        I::CallShader => &[S::RayGeneration, S::ClosestHit, S::Miss, S::Callable],
        I::ReportHit => &[S::Intersection],
        _ => HIT,
    }
}

/// Whether `intr` belongs to the ray-tracing pipeline stages (this module lowers it).
pub(crate) fn is_pipeline_intrinsic(intr: ir::Intrinsic) -> bool {
    use ir::Intrinsic as I;
    matches!(intr, I::TraceRay | I::CallShader | I::ReportHit) || system_value(intr).is_some()
}

impl Fx<'_, '_> {
    /// A system value, `TraceRay`, `CallShader` or `ReportHit`.
    pub(crate) fn lower_pipeline_intrinsic(
        &mut self,
        intr: ir::Intrinsic,
        d: &ir::InstData,
    ) -> Result<Option<Word>> {
        use ir::Intrinsic as I;
        let allowed = stages_of(intr);
        if let Some(s) = self.stages.iter().find(|s| !allowed.contains(s)) {
            let names: Vec<&str> = allowed.iter().map(|s| s.name()).collect();
            return Err(SpirvError::unsupported(format!(
                "{} in a {} shader (only {} shaders have it)",
                intr.name(),
                s.name(),
                names.join(", ")
            )));
        }
        self.cx.require_ray_tracing(intr.name())?;
        let need = |n: usize| -> Result<()> {
            if d.operands.len() == n {
                Ok(())
            } else {
                Err(SpirvError::invalid(format!(
                    "{} takes {n} operands, not {}",
                    intr.name(),
                    d.operands.len()
                )))
            }
        };
        if let Some((b, ty, transpose)) = system_value(intr) {
            need(0)?;
            let t = self.cx.plain_type(&ty)?;
            let var = self.cx.builtin_input(b, t);
            self.cx.func_uses[self.fidx].builtins.insert(var);
            let v = self.op(Op::Load, t, vec![Operand::IdRef(var)]);
            if !transpose {
                return Ok(Some(v));
            }
            let rt = self.cx.plain_type(&d.ty)?;
            return Ok(Some(self.op(Op::Transpose, rt, vec![Operand::IdRef(v)])));
        }
        match intr {
            I::TraceRay => {
                need(8)?;
                let accel_ty = self.cx.acceleration_structure_type()?;
                let accel_ptr = self.value(d.operands[0])?;
                let accel = self.op(Op::Load, accel_ty, vec![Operand::IdRef(accel_ptr)]);
                self.primitive_culling(d.operands[1]);
                let mut ops = vec![accel];
                for &v in &d.operands[1..6] {
                    ops.push(self.value(v)?);
                }
                ops.extend(self.ray_desc_parts(d.operands[6])?);
                ops.push(self.value(d.operands[7])?);
                if self.cx.ray_tracing_nv() {
                    self.trace_nv(&ops)?;
                } else {
                    self.op_void(Op::TraceRayKHR, Self::ids(&ops));
                }
                Ok(None)
            }
            I::CallShader => {
                need(2)?;
                let ops = self.values(&d.operands)?;
                if self.cx.ray_tracing_nv() {
                    self.execute_callable_nv(&ops)?;
                } else {
                    self.op_void(Op::ExecuteCallableKHR, Self::ids(&ops));
                }
                Ok(None)
            }
            I::ReportHit => {
                // The attributes were stored into the hit attribute variable before the call;
                // the instruction takes the distance and the kind.
                need(3)?;
                let ops = self.values(&d.operands[..2])?;
                let b = self.cx.bool_type();
                Ok(Some(self.op(Op::ReportIntersectionKHR, b, Self::ids(&ops))))
            }
            _ => Err(SpirvError::unsupported(format!(
                "the intrinsic {}",
                intr.name()
            ))),
        }
    }

    /// Origin, tmin, direction and tmax of a `RayDesc` value.
    pub(crate) fn ray_desc_parts(&mut self, ray_value: ir::Value) -> Result<[Word; 4]> {
        let ray = self.value(ray_value)?;
        let Type::Struct(s) = self.type_of(ray_value)? else {
            return Err(SpirvError::invalid("a ray operand that is not a RayDesc"));
        };
        if s.fields.len() != 4 {
            return Err(SpirvError::invalid("a ray operand that is not a RayDesc"));
        }
        let mut parts = [0; 4];
        for (n, f) in s.fields.iter().enumerate() {
            let t = self.cx.plain_type(&f.ty)?;
            parts[n] = self.op(
                Op::CompositeExtract,
                t,
                vec![Operand::IdRef(ray), Operand::LiteralBit32(n as u32)],
            );
        }
        Ok(parts)
    }

    /// `IgnoreHit` and `AcceptHitAndEndSearch`: terminators of any-hit shaders.
    pub(crate) fn lower_hit_terminator(&mut self, op: ir::Opcode) -> Result<()> {
        if let Some(s) = self.stages.iter().find(|s| **s != ir::Stage::AnyHit) {
            return Err(SpirvError::unsupported(format!(
                "{} in a {} shader (only any-hit shaders have it)",
                op.name(),
                s.name()
            )));
        }
        self.cx.require_ray_tracing(op.name())?;
        if self.cx.ray_tracing_nv() {
            self.hit_terminator_nv(op == ir::Opcode::IgnoreHit);
            return Ok(());
        }
        let spv = if op == ir::Opcode::IgnoreHit {
            Op::IgnoreIntersectionKHR
        } else {
            Op::TerminateRayKHR
        };
        self.op_void(spv, vec![]);
        Ok(())
    }
}
