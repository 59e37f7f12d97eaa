//! SM 6.8's `Barrier(memoryTypeFlags, semanticFlags)` (and its UAV-object form) as the IR's
//! `Barrier`. The checker (`hir::infer::barrier`) records each call's constant flags; this
//! maps them the way DXC lowers them to DXIL's fence and sync bits:
//!
//! - `GROUP_SHARED_MEMORY` orders groupshared memory (always at group scope);
//! - `UAV_MEMORY` (and node-record memory, which lives in device memory here) is ordered only
//!   when a scope is named: `DEVICE_SCOPE` orders it device-wide (DXIL's global UAV fence,
//!   SPIR-V's `Device` memory scope), `GROUP_SCOPE` alone only within the group (DXIL's
//!   thread-group UAV fence, the IR's `GROUP_SCOPE` flag, SPIR-V's `Workgroup` memory
//!   scope); with both, the wider scope wins, as in DXC;
//! - `GROUP_SYNC` waits for the whole group.
//!
//! `ALL_MEMORY` is every memory kind. Flags that are not constant expressions are refused
//! (E3255 at the flag argument): SPIR-V barriers take constant scopes and semantics, and DXC's
//! validator requires DXIL's barrier flags to be immediate constants too.

use hir::body::ExprId;
use hir::infer::barrier::{memory, semantic};
use ir::BarrierFlags;

use crate::context::R;
use crate::func::FnLower;

/// The IR flags of `Barrier(mem, sem)` with constant flags.
pub fn barrier_flags(mem: u32, sem: u32) -> BarrierFlags {
    let mut flags = BarrierFlags::default();
    if mem & memory::GROUP_SHARED != 0 {
        flags = flags | BarrierFlags::WORKGROUP_MEMORY;
    }
    let device_memory = memory::UAV | memory::NODE_INPUT | memory::NODE_OUTPUT;
    if mem & device_memory != 0 {
        if sem & semantic::DEVICE_SCOPE != 0 {
            flags = flags | BarrierFlags::DEVICE_MEMORY;
        } else if sem & semantic::GROUP_SCOPE != 0 {
            flags = flags | BarrierFlags::DEVICE_MEMORY | BarrierFlags::GROUP_SCOPE;
        }
    }
    if sem & semantic::GROUP_SYNC != 0 {
        flags = flags | BarrierFlags::GROUP_SYNC;
    }
    flags
}

impl FnLower<'_, '_> {
    /// `Barrier(...)`: the IR barrier its constant flags name; `args` are the call's
    /// arguments (`(memoryTypeFlags, semanticFlags)` or `(object, semanticFlags)`).
    pub fn lower_sm68_barrier(&mut self, e: ExprId, args: &[ExprId]) -> R<Option<ir::Value>> {
        let call = self
            .infer
            .barriers
            .binary_search_by_key(&e, |b| b.call)
            .ok()
            .map(|i| self.infer.barriers[i]);
        let (mem, sem) = call.map_or((None, None), |c| (c.memory, c.semantic));
        let (Some(mem), Some(sem)) = (mem, sem) else {
            // The first flag argument that is not constant (the object form's flags are its
            // second argument, as are the semantic flags of the flag form).
            let (at, which) = match (mem, args) {
                (None, [m, ..]) => (*m, "MemoryTypeFlags"),
                (_, [_, s, ..]) => (*s, "SemanticFlags"),
                _ => (e, "flags"),
            };
            let range = self.expr_range(at);
            return Err(self.cx.error(
                crate::BARRIER_FLAGS_NOT_CONSTANT,
                format!(
                    "{which} of Barrier must be an immediate constant (DXC's validator \
                     requires constant barrier flags, and SPIR-V barriers take constant scopes \
                     and semantics)"
                ),
                range,
            ));
        };
        let flags = barrier_flags(mem, sem);
        if flags != BarrierFlags::default() {
            self.fb().barrier(flags);
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WG: BarrierFlags = BarrierFlags::WORKGROUP_MEMORY;
    const DEV: BarrierFlags = BarrierFlags::DEVICE_MEMORY;
    const SYNC: BarrierFlags = BarrierFlags::GROUP_SYNC;
    const GROUP: BarrierFlags = BarrierFlags::GROUP_SCOPE;

    #[test]
    fn the_legacy_barriers_have_their_sm68_spellings() {
        // The equivalences DXC documents for the SM 6.8 barrier: GroupMemoryBarrier is
        // (GROUP_SHARED_MEMORY, GROUP_SCOPE), DeviceMemoryBarrier (UAV_MEMORY, DEVICE_SCOPE),
        // AllMemoryBarrier (ALL_MEMORY, DEVICE_SCOPE), each WithGroupSync adding GROUP_SYNC.
        assert_eq!(barrier_flags(0x2, 0x2), WG);
        assert_eq!(barrier_flags(0x2, 0x3), WG | SYNC);
        assert_eq!(barrier_flags(0x1, 0x4), DEV);
        assert_eq!(barrier_flags(0x1, 0x5), DEV | SYNC);
        assert_eq!(barrier_flags(0xF, 0x4), WG | DEV);
        assert_eq!(barrier_flags(0xF, 0x5), WG | DEV | SYNC);
    }

    #[test]
    fn uav_memory_needs_a_scope_and_sync_alone_orders_nothing() {
        assert_eq!(barrier_flags(0x1, 0), BarrierFlags::default());
        assert_eq!(barrier_flags(0x1, 0x1), SYNC);
        assert_eq!(barrier_flags(0x1, 0x3), DEV | GROUP | SYNC);
        assert_eq!(barrier_flags(0, 0x1), SYNC);
        assert_eq!(barrier_flags(0, 0), BarrierFlags::default());
        // Groupshared memory is ordered at group scope with or without a named scope.
        assert_eq!(barrier_flags(0x2, 0), WG);
        assert_eq!(barrier_flags(0xF, 0), WG);
    }

    #[test]
    fn a_uav_fence_keeps_the_scope_it_names() {
        // DXIL: DEVICE_SCOPE is the global UAV fence, GROUP_SCOPE alone the thread-group one;
        // both named is the global one.
        assert_eq!(barrier_flags(0x1, 0x2), DEV | GROUP);
        assert_eq!(barrier_flags(0x1, 0x4), DEV);
        assert_eq!(barrier_flags(0x1, 0x6), DEV);
        // Groupshared memory is ordered at group scope whatever the UAV scope.
        assert_eq!(barrier_flags(0x3, 0x2), WG | DEV | GROUP);
        assert_eq!(barrier_flags(0xF, 0x3), WG | DEV | GROUP | SYNC);
    }
}
