//! Atomics on one component of a vector or one element of a matrix in memory
//! (`InterlockedMax(buf[0].v.y, x)`): a pointer to that scalar, run on the interpreter.

mod common;

#[test]
fn atomic_on_a_vector_component_of_a_structured_buffer_element() {
    let text = r#"
struct S { uint2 v; row_major int2x2 m; };
RWStructuredBuffer<S> Buf : register(u0);
groupshared uint4 Shared;
[numthreads(4, 1, 1)]
void main(uint i : SV_GroupIndex) {
    if (i == 0) Shared = 0;
    GroupMemoryBarrierWithGroupSync();
    InterlockedMax(Buf[0].v.y, i + 10);
    InterlockedAdd(Buf[1].m._m10, 2);
    InterlockedAdd(Shared.z, i);
    GroupMemoryBarrierWithGroupSync();
    if (i == 0) Buf[1].v.x = Shared.z;
}
"#;
    let dump = common::dump(text);
    assert!(dump.contains("atomic_rmw"), "{dump}");
    // Two elements of 6 words (uint2, then the row-major int2x2 row by row).
    let out = common::run_u32(text, vec![vec![0; 12]]);
    // Buf[0].v.y = max(0, 10..13) = 13; Buf[1].m._m10 = 4 * 2 = 8 (row 1, column 0: word
    // 6 + 2 + 2); Buf[1].v.x = 0 + 1 + 2 + 3 = 6.
    assert_eq!(out[0], vec![0, 13, 0, 0, 0, 0, 6, 0, 0, 0, 8, 0]);
}
