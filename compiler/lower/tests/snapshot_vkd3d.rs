//! Snapshot tests of forms found by measuring `hlslc` on vkd3d's HLSL test suite: a
//! one-component vector splatted to a wider vector, and components read from a swizzle by a
//! constant or run-time index; each dump verified.

mod common;

use expect_test::{expect, Expect};
use lower::ShaderStage;

fn check(text: &str, expect: Expect) {
    expect.assert_eq(&ir::print_module(&common::lower_stage(
        text,
        ShaderStage::Compute,
    )));
}

#[test]
fn float1_splats_and_swizzle_components() {
    check(
        r#"
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(4, 1, 1)]
void main(uint gi : SV_GroupIndex) {
    float1 b = 3;
    float4 v = float4(1, 2, 3, 4);
    Out[0] = b;
    Out[1] = v.wyxz[3] + v.wyxz[gi];
}
"#,
        expect![[r#"
            @g0 = input uint builtin(LocalInvocationIndex) ; SV_GroupIndex
            @g1 = resource storage_buffer RWStructuredBuffer<float4> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; gi
              %1 = alloca : ptr<function, float1> ; b
              %2 = alloca : ptr<function, float4> ; v
              store %0, %arg0
              store %1, {3.0}:float1
              %3 = composite_construct 1.0:float, 2.0:float, 3.0:float, 4.0:float : float4
              store %2, %3
              %4 = access_chain @g1, 0:int : ptr<storage_buffer, float4>
              %5 = load %1 : float1
              %6 = composite_extract %5, [0] : float
              %7 = composite_construct %6, %6, %6, %6 : float4
              store %4, %7
              %8 = access_chain @g1, 1:int : ptr<storage_buffer, float4>
              %9 = load %2 : float4
              %10 = swizzle %9, wyxz : float4
              %11 = composite_extract %10, [3] : float
              %12 = load %2 : float4
              %13 = swizzle %12, wyxz : float4
              %14 = load %0 : uint
              %15 = extract_dynamic %13, %14 : float
              %16 = add %11, %15 : float
              %17 = composite_construct %16, %16, %16, %16 : float4
              store %8, %17
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint ; gi
              call @main_body(%0)
              ret
            }

            entry compute "main" @main numthreads(4, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn numthreads_of_a_named_constant() {
    check(
        r#"
static const uint G = 8;
[numthreads(G, G / 4, 1)]
void main() {}
"#,
        expect![[r#"
            func @main_body() -> void {
            bb0: ; (entry)
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            entry compute "main" @main numthreads(8, 2, 1) inputs() outputs()
        "#]],
    );
}
