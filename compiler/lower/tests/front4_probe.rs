//! Constructs DXC's own test suites showed the front end refusing, second round, lowered to
//! IR: the snapshots are read by hand against the lowering rule each test names.

mod common;

use expect_test::expect;

#[test]
fn sm68_barrier_flags_become_the_ir_barrier_flags() {
    // GROUP_SHARED_MEMORY at group scope with a sync, a UAV at device scope, a UAV without a
    // scope (orders nothing, so no barrier), a sync alone, and the object form (UAV_MEMORY).
    expect![[r#"
        func @main_body() -> void {
        bb0: ; (entry)
          barrier workgroup_memory|group_sync
          barrier device_memory
          barrier group_sync
          barrier device_memory|group_sync
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
