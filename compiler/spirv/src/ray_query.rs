//! Inline ray tracing through `SPV_KHR_ray_query`, after DXC: the acceleration structure and
//! `RayQuery` types, and the `RayQuery::*` intrinsics as `OpRayQuery*KHR` instructions.
//! `TraceRayInline` splits its `RayDesc` into the origin, tmin, direction and tmax operands;
//! `Candidate*`/`Committed*` getters pass the intersection (0 candidate, 1 committed); the
//! 4x3 matrices are the SPIR-V result as it is (four columns of `float3`, which is how an
//! HLSL `float4x3` is stored) and the 3x4 ones its transpose. `SPV_KHR_ray_query` requires only
//! SPIR-V 1.0, so inline ray tracing is emitted for every target environment, as DXC does (the
//! Vulkan driver needs `VK_KHR_ray_query`, which asks for `VK_KHR_spirv_1_4` or Vulkan 1.2);
//! the ray-tracing pipeline's `SPV_KHR_ray_tracing` requires SPIR-V 1.4, and there DXC refuses
//! a lower target instead of raising it, and so do we. Called from `intrinsics` (the calls) and
//! `resources` (the types).

use rspirv::dr::Operand;
use rspirv::spirv::{Capability, Op, Word};
use types::Type;

use crate::context::Ctx;
use crate::functions::Fx;
use crate::{Result, SpirvError};

/// Which intersection a getter reads (the `Intersection` operand of the getters).
const CANDIDATE: u32 = 0;
const COMMITTED: u32 = 1;

impl Ctx<'_> {
    /// `OpTypeAccelerationStructureKHR`, with the capability of the module's kind of ray
    /// tracing: `RayTracingKHR` in ray-tracing pipeline stages, `RayQueryKHR` otherwise.
    pub(crate) fn acceleration_structure_type(&mut self) -> Result<Word> {
        if self.m.entry_points.iter().any(|e| is_ray_stage(e.stage)) {
            self.require_ray_tracing("RaytracingAccelerationStructure")?;
        } else {
            self.require_ray_query("RaytracingAccelerationStructure")?;
        }
        Ok(self.spv_type(Op::TypeAccelerationStructureKHR, vec![], vec![]))
    }

    /// `OpTypeRayQueryKHR`.
    pub(crate) fn ray_query_type(&mut self) -> Result<Word> {
        self.require_ray_query("RayQuery")?;
        Ok(self.spv_type(Op::TypeRayQueryKHR, vec![], vec![]))
    }

    /// The `RayQueryKHR` capability and `SPV_KHR_ray_query` (any SPIR-V version).
    pub(crate) fn require_ray_query(&mut self, _what: &str) -> Result<()> {
        self.capability(Capability::RayQueryKHR);
        self.extension("SPV_KHR_ray_query");
        Ok(())
    }

    /// The `RayTracingKHR` capability and `SPV_KHR_ray_tracing`, which requires SPIR-V 1.4.
    /// Below it DXC does not raise the version but fails ("Vulkan 1.1 with SPIR-V 1.4 is
    /// required for Raytracing"); so does this, naming the targets that work.
    pub(crate) fn require_ray_tracing(&mut self, what: &str) -> Result<()> {
        if self.ray_tracing_nv() {
            self.require_ray_tracing_nv();
            return Ok(());
        }
        if !self.at_least(1, 4) {
            return Err(SpirvError::needs_target(format!(
                "{what}: Vulkan 1.1 with SPIR-V 1.4 is required for ray tracing \
                 (SPV_KHR_ray_tracing requires SPIR-V 1.4), and the target is {}; give \
                 -fspv-target-env=vulkan1.1spirv1.4 or later (DXC does not raise the target \
                 by itself either)",
                self.env().name()
            )));
        }
        self.capability(Capability::RayTracingKHR);
        self.extension("SPV_KHR_ray_tracing");
        Ok(())
    }
}

/// The ray-tracing pipeline stages.
pub(crate) fn is_ray_stage(stage: ir::Stage) -> bool {
    use ir::Stage as S;
    matches!(
        stage,
        S::RayGeneration | S::Intersection | S::AnyHit | S::ClosestHit | S::Miss | S::Callable
    )
}

/// A getter: the opcode, whether it takes the intersection operand and which one.
fn getter(intr: ir::Intrinsic) -> Option<(Op, Option<u32>)> {
    use ir::Intrinsic as I;
    Some(match intr {
        I::RayQueryCommittedStatus => (Op::RayQueryGetIntersectionTypeKHR, Some(COMMITTED)),
        I::RayQueryCandidateType => (Op::RayQueryGetIntersectionTypeKHR, Some(CANDIDATE)),
        I::RayQueryWorldRayOrigin => (Op::RayQueryGetWorldRayOriginKHR, None),
        I::RayQueryWorldRayDirection => (Op::RayQueryGetWorldRayDirectionKHR, None),
        I::RayQueryRayTMin => (Op::RayQueryGetRayTMinKHR, None),
        I::RayQueryRayFlags => (Op::RayQueryGetRayFlagsKHR, None),
        I::RayQueryCandidateTriangleRayT => (Op::RayQueryGetIntersectionTKHR, Some(CANDIDATE)),
        I::RayQueryCommittedRayT => (Op::RayQueryGetIntersectionTKHR, Some(COMMITTED)),
        _ => {
            let name = intr.name().strip_prefix("RayQuery::")?;
            let (which, prop) = if let Some(p) = name.strip_prefix("Candidate") {
                (CANDIDATE, p)
            } else {
                (COMMITTED, name.strip_prefix("Committed")?)
            };
            let op = match prop {
                "InstanceIndex" => Op::RayQueryGetIntersectionInstanceIdKHR,
                "InstanceID" => Op::RayQueryGetIntersectionInstanceCustomIndexKHR,
                "InstanceContributionToHitGroupIndex" => {
                    Op::RayQueryGetIntersectionInstanceShaderBindingTableRecordOffsetKHR
                }
                "GeometryIndex" => Op::RayQueryGetIntersectionGeometryIndexKHR,
                "PrimitiveIndex" => Op::RayQueryGetIntersectionPrimitiveIndexKHR,
                "ObjectRayOrigin" => Op::RayQueryGetIntersectionObjectRayOriginKHR,
                "ObjectRayDirection" => Op::RayQueryGetIntersectionObjectRayDirectionKHR,
                "ObjectToWorld3x4" | "ObjectToWorld4x3" => {
                    Op::RayQueryGetIntersectionObjectToWorldKHR
                }
                "WorldToObject3x4" | "WorldToObject4x3" => {
                    Op::RayQueryGetIntersectionWorldToObjectKHR
                }
                "TriangleBarycentrics" => Op::RayQueryGetIntersectionBarycentricsKHR,
                "TriangleFrontFace" => Op::RayQueryGetIntersectionFrontFaceKHR,
                _ => return None,
            };
            (op, Some(which))
        }
    })
}

/// `RAY_FLAG_SKIP_TRIANGLES | RAY_FLAG_SKIP_PROCEDURAL_PRIMITIVES`: flags that need the
/// `RayTraversalPrimitiveCullingKHR` capability.
const SKIP_PRIMITIVES: i64 = 0x300;

impl Fx<'_, '_> {
    /// Declares `RayTraversalPrimitiveCullingKHR` when the ray flags `flags` surely include a
    /// primitive-skipping flag: a constant, or a constant OR-ed in (a `RayQuery`'s template
    /// flags), as DXC does when it sees them.
    pub(crate) fn primitive_culling(&mut self, flags: ir::Value) {
        let known = |v: ir::Value| self.cx.m.const_int(v).unwrap_or(0);
        let bits = match flags {
            ir::Value::Inst(i) => match self.f.insts.get(i) {
                Some(d) if d.opcode == ir::Opcode::BitOr => {
                    d.operands.iter().fold(0, |acc, &o| acc | known(o))
                }
                _ => 0,
            },
            v => known(v),
        };
        if bits & SKIP_PRIMITIVES != 0 {
            self.cx
                .capability(Capability::RayTraversalPrimitiveCullingKHR);
        }
    }

    /// A `RayQuery::*` intrinsic; `d.operands[0]` is the query pointer.
    pub(crate) fn lower_ray_query(
        &mut self,
        intr: ir::Intrinsic,
        d: &ir::InstData,
    ) -> Result<Option<Word>> {
        use ir::Intrinsic as I;
        self.cx.require_ray_query("RayQuery")?;
        let Some((&query_value, rest)) = d.operands.split_first() else {
            return Err(SpirvError::invalid(format!(
                "{} takes the query as its first operand",
                intr.name()
            )));
        };
        let query = self.value(query_value)?;
        let need = |n: usize| -> Result<()> {
            if rest.len() == n {
                Ok(())
            } else {
                Err(SpirvError::invalid(format!(
                    "{} takes {} operands, not {}",
                    intr.name(),
                    n + 1,
                    rest.len() + 1
                )))
            }
        };
        match intr {
            I::RayQueryTraceRayInline => {
                need(4)?;
                let accel_ty = self.cx.acceleration_structure_type()?;
                let accel_ptr = self.value(rest[0])?;
                let accel = self.op(Op::Load, accel_ty, vec![Operand::IdRef(accel_ptr)]);
                self.primitive_culling(rest[1]);
                let flags = self.value(rest[1])?;
                let mask = self.value(rest[2])?;
                let [origin, tmin, direction, tmax] = self.ray_desc_parts(rest[3])?;
                self.op_void(
                    Op::RayQueryInitializeKHR,
                    Self::ids(&[query, accel, flags, mask, origin, tmin, direction, tmax]),
                );
                Ok(None)
            }
            I::RayQueryProceed => {
                need(0)?;
                let b = self.cx.bool_type();
                Ok(Some(self.op(
                    Op::RayQueryProceedKHR,
                    b,
                    vec![Operand::IdRef(query)],
                )))
            }
            I::RayQueryAbort | I::RayQueryCommitNonOpaqueTriangleHit => {
                need(0)?;
                let op = if intr == I::RayQueryAbort {
                    Op::RayQueryTerminateKHR
                } else {
                    Op::RayQueryConfirmIntersectionKHR
                };
                self.op_void(op, vec![Operand::IdRef(query)]);
                Ok(None)
            }
            I::RayQueryCommitProceduralPrimitiveHit => {
                need(1)?;
                let t = self.value(rest[0])?;
                self.op_void(Op::RayQueryGenerateIntersectionKHR, Self::ids(&[query, t]));
                Ok(None)
            }
            I::RayQueryCandidateProceduralPrimitiveNonOpaque => {
                need(0)?;
                let b = self.cx.bool_type();
                let opaque = self.op(
                    Op::RayQueryGetIntersectionCandidateAABBOpaqueKHR,
                    b,
                    vec![Operand::IdRef(query)],
                );
                Ok(Some(self.op(
                    Op::LogicalNot,
                    b,
                    vec![Operand::IdRef(opaque)],
                )))
            }
            _ => {
                let (op, which) = getter(intr).ok_or_else(|| {
                    SpirvError::unsupported(format!("the intrinsic {}", intr.name()))
                })?;
                need(0)?;
                let mut ops = vec![Operand::IdRef(query)];
                if let Some(w) = which {
                    ops.push(Operand::IdRef(self.cx.const_uint(w)));
                }
                let transposed = matches!(
                    &d.ty,
                    Type::Matrix {
                        rows: 3,
                        cols: 4,
                        ..
                    }
                );
                if !transposed {
                    let ty = self.cx.plain_type(&d.ty)?;
                    return Ok(Some(self.op(op, ty, ops)));
                }
                // The SPIR-V result is four columns of float3: an HLSL float4x3.
                let spv_ty = match &d.ty {
                    Type::Matrix {
                        scalar,
                        orientation,
                        ..
                    } => Type::Matrix {
                        scalar: *scalar,
                        rows: 4,
                        cols: 3,
                        orientation: *orientation,
                    },
                    _ => return Err(SpirvError::invalid("a 3x4 getter without a matrix type")),
                };
                let t4x3 = self.cx.plain_type(&spv_ty)?;
                let m = self.op(op, t4x3, ops);
                let t3x4 = self.cx.plain_type(&d.ty)?;
                Ok(Some(self.op(Op::Transpose, t3x4, vec![Operand::IdRef(m)])))
            }
        }
    }
}
