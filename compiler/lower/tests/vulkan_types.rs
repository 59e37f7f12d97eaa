//! Snapshot tests of the rest of inline SPIR-V: `[[vk::ext_decorate_id]]` on globals (its
//! integer operands become constants, written as ids). Each dump verified.

mod common;

use expect_test::expect;

#[test]
fn decorate_id_operands_are_constants() {
    let dump = common::dump(
        r#"
[[vk::ext_decorate_id(/* UniformId */ 27, /* Subgroup */ 3)]] RWStructuredBuffer<uint> Buf;
[numthreads(1, 1, 1)]
void main() { Buf[0] = 1; }
"#,
    );
    expect![[r#"
        @g0 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) spirv_decorate_id(27, 3:uint) layout(relaxed_std430) ; Buf

        func @main_body() -> void {
        bb0: ; (entry)
          %0 = access_chain @g0, 0:int : ptr<storage_buffer, uint>
          store %0, 1:uint
          ret
        }

        func @main() -> void {
        bb0: ; (entry)
          call @main_body()
          ret
        }

        entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
    "#]].assert_eq(&dump);
}
