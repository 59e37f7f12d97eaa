//! Atomic read-modify-write intrinsics on `groupshared` variables and resource elements
//! (32-bit, and 64-bit and float variants from SM 6.6), and the memory barriers.

use crate::model::avail::{at, ALL};
use crate::model::Category::{Atomic, Barrier};
use crate::model::{ShaderModel, StageSet};
use crate::Table;

/// Adds the atomics and barriers.
pub(crate) fn add(t: &mut Table) {
    // Operations with an optional original value.
    for (op, doc) in [
        ("Add", "Atomically adds value to dest; the optional original receives dest's previous value."),
        ("And", "Atomically ands value into dest; the optional original receives dest's previous value."),
        ("Or", "Atomically ors value into dest; the optional original receives dest's previous value."),
        ("Xor", "Atomically xors value into dest; the optional original receives dest's previous value."),
        ("Min", "Atomically stores the smaller of dest and value (signed or unsigned by type); the optional original receives the previous value."),
        ("Max", "Atomically stores the larger of dest and value (signed or unsigned by type); the optional original receives the previous value."),
    ] {
        let mut sigs = vec![
            format!("void Interlocked{op}(inout T dest, T value) where T: int32 s"),
            format!("void Interlocked{op}(inout T dest, T value, out T original) where T: int32 s"),
            format!("@6.6 void Interlocked{op}(inout T dest, T value) where T: int64 s"),
            format!("@6.6 void Interlocked{op}(inout T dest, T value, out T original) where T: int64 s"),
        ];
        // DXC's SPIR-V takes 32-bit floats too (SPV_EXT_shader_atomic_float_add and
        // SPV_EXT_shader_atomic_float_min_max).
        if matches!(op, "Add" | "Min" | "Max") {
            sigs.push(format!("@6.6 void Interlocked{op}(inout float dest, float value)"));
            sigs.push(format!(
                "@6.6 void Interlocked{op}(inout float dest, float value, out float original)"
            ));
        }
        let sigs: Vec<&str> = sigs.iter().map(String::as_str).collect();
        t.def(Atomic, ALL, true, doc, &sigs);
    }
    t.def(
        Atomic,
        ALL,
        true,
        "Atomically replaces dest with value and returns the previous value in original.",
        &[
            "void InterlockedExchange(inout T dest, T value, out T original) where T: int32 s",
            "@6.6 void InterlockedExchange(inout T dest, T value, out T original) where T: int64 s",
            "@6.6 void InterlockedExchange(inout float dest, float value, out float original)",
        ],
    );
    t.def(
        Atomic,
        ALL,
        true,
        "Atomically stores value into dest if dest equals compare; original receives the previous value.",
        &[
            "void InterlockedCompareExchange(inout T dest, T compare, T value, out T original) where T: int32 s",
            "@6.6 void InterlockedCompareExchange(inout T dest, T compare, T value, out T original) where T: int64 s",
        ],
    );
    t.def(
        Atomic,
        ALL,
        true,
        "Atomically stores value into dest if dest equals compare, without returning the previous value.",
        &[
            "void InterlockedCompareStore(inout T dest, T compare, T value) where T: int32 s",
            "@6.6 void InterlockedCompareStore(inout T dest, T compare, T value) where T: int64 s",
        ],
    );
    let sm66 = at(ShaderModel::SM6_6, StageSet::ALL);
    t.def(Atomic, sm66, true, "Compare-exchange on a float compared bit for bit (so -0 and +0 differ, and NaNs can match).", &["void InterlockedCompareExchangeFloatBitwise(inout float dest, float compare, float value, out float original)"]);
    t.def(Atomic, sm66, true, "Compare-store on a float compared bit for bit.", &["void InterlockedCompareStoreFloatBitwise(inout float dest, float compare, float value)"]);

    // Barriers.
    let group = at(ShaderModel::SM6_0, StageSet::COMPUTE_LIKE);
    let device = at(
        ShaderModel::SM6_0,
        StageSet::COMPUTE_LIKE.union(StageSet::PIXEL),
    );
    t.def(
        Barrier,
        group,
        true,
        "Waits until all groupshared writes of the group are visible.",
        &["void GroupMemoryBarrier()"],
    );
    t.def(Barrier, group, true, "Waits until all groupshared writes are visible and every thread of the group has reached this call.", &["void GroupMemoryBarrierWithGroupSync()"]);
    t.def(
        Barrier,
        device,
        true,
        "Waits until all device-memory (UAV) writes are visible.",
        &["void DeviceMemoryBarrier()"],
    );
    t.def(Barrier, group, true, "Waits until all device-memory writes are visible and every thread of the group has reached this call.", &["void DeviceMemoryBarrierWithGroupSync()"]);
    t.def(
        Barrier,
        device,
        true,
        "Waits until all groupshared and device-memory writes are visible.",
        &["void AllMemoryBarrier()"],
    );
    t.def(Barrier, group, true, "Waits until all memory writes are visible and every thread of the group has reached this call.", &["void AllMemoryBarrierWithGroupSync()"]);
    // SM 6.8's general barrier: `memoryTypeFlags` is a `MEMORY_TYPE_FLAG` combination
    // (`UAV_MEMORY`, `GROUP_SHARED_MEMORY`, ...), `semanticFlags` a `BARRIER_SEMANTIC_FLAG`
    // one (`GROUP_SYNC`, `GROUP_SCOPE`, `DEVICE_SCOPE`). The form taking a UAV object in
    // place of the memory flags is checked by `hir` (the table has no resource patterns).
    t.def(
        Barrier,
        at(ShaderModel::SM6_8, StageSet::ALL),
        true,
        "Orders the memory the flags name at the scope they name, and with GROUP_SYNC waits until every thread of the group has reached this call.",
        &["@6.8 void Barrier(uint memoryTypeFlags, uint semanticFlags)"],
    );
}
