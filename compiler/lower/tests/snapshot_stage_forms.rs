//! Snapshot tests of forms DXC accepts for `-spirv` that lowering used to refuse (issue #4
//! item 4): one-sample writes of multisampled storage textures, stage I/O from helper
//! functions, clip/cull distance arrays, entry parameters without semantics.

mod common;

use expect_test::{expect, Expect};

fn check(text: &str, expect: Expect) {
    expect.assert_eq(&common::dump(text));
}

#[test]
fn one_sample_of_a_multisampled_storage_texel_is_written_and_updated() {
    // `t.sample[s][c] = v` stores with the sample index as a fourth operand; `.x = 9` reads
    // that sample, inserts and writes it back.
    check(
        r#"
RWTexture2DMS<float4> T : register(u0);
[numthreads(1, 1, 1)]
void main() {
    uint s = 3;
    T.sample[s][uint2(1, 2)] = float4(1, 2, 3, 4);
    T.sample[s][uint2(5, 6)].x = 9.0;
}
"#,
        expect![[r#"
            @g0 = resource uniform_constant RWTexture2DMS<float4> set(0) binding(0) ; T

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; s
              store %0, 3:uint
              %1 = load %0 : uint
              %2 = composite_construct 1:uint, 2:uint : uint2
              %3 = composite_construct 1.0:float, 2.0:float, 3.0:float, 4.0:float : float4
              texture_store @g0, %2, %3, %1
              %4 = load %0 : uint
              %5 = composite_construct 5:uint, 6:uint : uint2
              %6 = texture_load @g0, %5, %4 : float4
              %7 = composite_insert %6, 9.0:float, [0] : float4
              texture_store @g0, %5, %7, %4
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}
