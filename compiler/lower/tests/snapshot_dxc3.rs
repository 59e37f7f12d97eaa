//! Snapshot tests of fixes from the third survey of DXC's SPIR-V tests (dxc3): integer
//! and floating literals as DXC's 64-bit literal types; each dump verified.

mod common;

use expect_test::{expect, Expect};
use lower::ShaderStage;

fn check(text: &str, expect: Expect) {
    expect.assert_eq(&ir::print_module(&common::lower_stage(
        text,
        ShaderStage::Compute,
    )));
}

/// A `?:` between literals past `int`'s range selects `int64` values and converts the choice;
/// an expression of literals alone is folded on 64 bits into one constant of its use's type.
#[test]
fn wide_literals() {
    check(
        r#"
RWStructuredBuffer<double> o;
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    bool c = id.x == 0;
    o[0] = c ? 3000000000 : 1;
    o[1] = 3000000000 + 1;
    o[2] = -(1 << 31) - 1;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<double> set(0) binding(0) layout(relaxed_std430) ; o

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, bool> ; c
              store %0, %arg0
              %2 = load %0 : uint3
              %3 = composite_extract %2, [0] : uint
              %4 = eq %3, 0:uint : bool
              store %1, %4
              %5 = access_chain @g1, 0:int : ptr<storage_buffer, double>
              %6 = load %1 : bool
              %7 = select %6, 3000000000:int64_t, 1:int64_t : int64_t
              %8 = convert %7 : double
              store %5, %8
              %9 = access_chain @g1, 1:int : ptr<storage_buffer, double>
              store %9, 3000000001.0:double
              %10 = access_chain @g1, 2:int : ptr<storage_buffer, double>
              store %10, -2147483649.0:double
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

/// A floating expression of literals folds at double precision into one constant of its
/// use's type (before HLSL 202x); with a run-time operand it stays an operation on `float`.
#[test]
fn floating_literal_expressions() {
    check(
        r#"
RWStructuredBuffer<double> o;
RWStructuredBuffer<float> f;
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    o[0] = 1.0 / 4.0 + 2;
    f[0] = (1.5 * 2.0) % 2.0;
    f[1] = id.x * 0.5;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<double> set(0) binding(0) layout(relaxed_std430) ; o
            @g2 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(1) layout(relaxed_std430) ; f

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              store %0, %arg0
              %1 = access_chain @g1, 0:int : ptr<storage_buffer, double>
              store %1, 2.25:double
              %2 = access_chain @g2, 0:int : ptr<storage_buffer, float>
              store %2, 1.0:float
              %3 = access_chain @g2, 1:int : ptr<storage_buffer, float>
              %4 = load %0 : uint3
              %5 = composite_extract %4, [0] : uint
              %6 = convert %5 : float
              %7 = mul %6, 0.5:float : float
              store %3, %7
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}
