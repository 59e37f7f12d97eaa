//! Constructs DXC's own test suites showed the front end refusing, second round, lowered to
//! IR: the snapshots are read by hand against the lowering rule each test names.

mod common;

use expect_test::expect;

#[test]
fn sm68_barrier_flags_become_the_ir_barrier_flags() {
    // GROUP_SHARED_MEMORY at group scope with a sync, a UAV at device scope, a UAV without a
    // scope (orders nothing, so no barrier), a sync alone, and the object form (UAV_MEMORY)
    // at group scope (device memory ordered within the group only).
    expect![[r#"
        func @main_body() -> void {
        bb0: ; (entry)
          barrier workgroup_memory|group_sync
          barrier device_memory
          barrier group_sync
          barrier device_memory|group_sync|group_scope
          ret
        }

        func @main() -> void {
        bb0: ; (entry)
          call @main_body()
          ret
        }

        entry compute "main" @main numthreads(2, 1, 1) inputs() outputs()
    "#]]
    .assert_eq(&common::dump(
        r#"
RWBuffer<uint> b;
[numthreads(2, 1, 1)]
void main() {
    Barrier(GROUP_SHARED_MEMORY, GROUP_SYNC | GROUP_SCOPE);
    Barrier(UAV_MEMORY, DEVICE_SCOPE);
    Barrier(UAV_MEMORY, 0);
    Barrier(0, GROUP_SYNC);
    Barrier(b, GROUP_SCOPE | GROUP_SYNC);
}
"#,
    ));
}

#[test]
fn aligned_loads_read_like_templated_loads() {
    // Words of `b`: 10, 3.0f (0x40400000), 7, 9. `AlignedLoad<uint2>(8, 8)` reads words 2
    // and 3; `AlignedLoad<float>(4, 4)` reads word 1 as a float.
    let out = common::run_u32(
        r#"
ByteAddressBuffer b : register(t0);
RWStructuredBuffer<uint> o : register(u1);
[numthreads(1, 1, 1)]
void main() {
    uint2 pair = b.AlignedLoad<uint2>(8, 8);
    o[0] = pair.x;
    o[1] = pair.y;
    o[2] = (uint)b.AlignedLoad<float>(4, 4);
}
"#,
        vec![vec![10, 0x4040_0000, 7, 9], vec![0; 3]],
    );
    assert_eq!(out[1], [7, 9, 3]);
}
