//! SM 6.8's `Barrier(memoryTypeFlags, semanticFlags)` and `Barrier(uavObject, semanticFlags)`.
//!
//! The intrinsic table holds the flag form; the object form (a `RW*` resource in place of
//! the memory flags, which means `UAV_MEMORY`) is checked here, as the table has no
//! resource patterns. Every call records its flags where they are constant expressions
//! (`ALL_MEMORY | GROUP_SYNC`, `1 + 2`, a `static const`): the stage checks
//! (`barrier_checks`) and lowering read them from [`InferenceResult::barriers`].
//!
//! [`InferenceResult::barriers`]: super::InferenceResult::barriers

use types::Type;

use super::{BodyNode, InferCtx};
use crate::body::ExprId;
use crate::codes;
use crate::register_checks::RegisterUse;

/// `MEMORY_TYPE_FLAG` bits (DXC's values, also in `builtin_consts`).
pub mod memory {
    pub const UAV: u32 = 0x1;
    pub const GROUP_SHARED: u32 = 0x2;
    pub const NODE_INPUT: u32 = 0x4;
    pub const NODE_OUTPUT: u32 = 0x8;
    /// `ALL_MEMORY`: every kind the context has (DXC masks it, so it is valid everywhere).
    pub const ALL: u32 = 0xF;
}

/// `BARRIER_SEMANTIC_FLAG` bits.
pub mod semantic {
    pub const GROUP_SYNC: u32 = 0x1;
    pub const GROUP_SCOPE: u32 = 0x2;
    pub const DEVICE_SCOPE: u32 = 0x4;
}

/// A call that needs a newer shader model than the intrinsic's other forms: checked where
/// an entry point or an exported function reaches it, as DXC does (`barrier_checks`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GatedCall {
    pub call: ExprId,
    /// What needs the shader model, as DXC names it ("overload of intrinsic
    /// CalculateLevelOfDetail with SamplerComparisonState").
    pub what: String,
    pub min_sm: (u32, u32),
}

/// One `Barrier(...)` call of a body; a flag is `None` when it is not a constant expression.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BarrierCall {
    pub call: ExprId,
    pub memory: Option<u32>,
    pub semantic: Option<u32>,
}

impl InferCtx<'_> {
    /// `Barrier(object, flags)` with a resource first: `Some(type)` when this is the object
    /// form (checked and recorded here), `None` for the flag form (resolved by the table,
    /// then recorded by [`Self::record_barrier`]).
    pub(super) fn barrier_object_form(
        &mut self,
        id: ExprId,
        args: &[ExprId],
    ) -> Option<Option<Type>> {
        let [object, flags] = *args else {
            return None;
        };
        let ty = self.result.type_of_expr(object)?.clone();
        if !matches!(ty, Type::Resource(_)) {
            return None;
        }
        if RegisterUse::of_type(&ty) != RegisterUse::Writable {
            self.diag(
                codes::NO_MATCHING_OVERLOAD,
                BodyNode::Expr(id),
                format!(
                    "no matching overload for call to `Barrier`: the object form takes a \
                     read-write resource (UAV), not `{ty}`"
                ),
            );
            return Some(None);
        }
        self.check_conversion(flags, &Type::UINT);
        self.result.barriers.push(BarrierCall {
            call: id,
            memory: Some(memory::UAV),
            semantic: self.const_int_expr(flags).map(|v| v as u32),
        });
        Some(Some(Type::Void))
    }

    /// Records the flags of a resolved `Barrier(memoryTypeFlags, semanticFlags)`.
    pub(super) fn record_barrier(&mut self, id: ExprId, args: &[ExprId]) {
        if let [mem, sem] = *args {
            self.result.barriers.push(BarrierCall {
                call: id,
                memory: self.const_int_expr(mem).map(|v| v as u32),
                semantic: self.const_int_expr(sem).map(|v| v as u32),
            });
        }
    }

    /// `t.CalculateLevelOfDetail(cmp, uv)` with a comparison sampler: SM 6.8.
    pub(super) fn record_gated_method(&mut self, id: ExprId, name: &str, args: &[ExprId]) {
        let lod = matches!(
            name,
            "CalculateLevelOfDetail" | "CalculateLevelOfDetailUnclamped"
        );
        let comparison = args.first().and_then(|&a| self.result.type_of_expr(a)).is_some_and(
            |t| matches!(t, Type::Resource(r) if matches!(**r, types::ResourceType::Sampler { comparison: true })),
        );
        if lod && comparison {
            self.result.gated_calls.push(GatedCall {
                call: id,
                what: format!("overload of intrinsic {name} with SamplerComparisonState"),
                min_sm: (6, 8),
            });
        }
    }
}
