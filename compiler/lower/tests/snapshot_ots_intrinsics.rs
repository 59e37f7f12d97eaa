//! Lowering changes found by running the offload test suite's intrinsic tests: `dot` of two
//! scalars (their product, as DXC emits it) and HLSL 202x's conforming float literals (an
//! unsuffixed literal is a `float`, rounded to 32 bits before it widens to `double`). Each
//! dump is verified; the constants are worked out by hand in the comments.

mod common;

use std::sync::Arc;

use db::{NoSource, PreprocessConfig, RootDatabase};
use expect_test::{expect, Expect};
use lower::ShaderStage;

/// The verified dump of `main` compiled as HLSL `hlsl_version` (2029 is `-HV 202x`).
fn check_version(text: &str, hlsl_version: u32, expect: Expect) {
    let mut db = RootDatabase::new(Arc::new(NoSource));
    let file = db.set_file_text("/test.hlsl", Some(text.into()));
    let config = db.new_config(PreprocessConfig {
        hlsl_version,
        ..PreprocessConfig::default()
    });
    let m = lower::lower_module(&db, file, config, "main", ShaderStage::Compute)
        .unwrap_or_else(|e| panic!("lowering failed: {e:?}"));
    assert!(ir::verify(&m).is_empty(), "{}", ir::print_module(&m));
    expect.assert_eq(&ir::print_module(&m));
}

#[test]
fn dot_of_two_scalars_is_a_multiply() {
    expect![[r#"
        @g0 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; F
        @g1 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(1) layout(relaxed_std430) ; I

        func @main_body() -> void {
        bb0: ; (entry)
          %0 = access_chain @g0, 0:int : ptr<storage_buffer, float>
          %1 = access_chain @g0, 1:int : ptr<storage_buffer, float>
          %2 = load %1 : float
          %3 = access_chain @g0, 2:int : ptr<storage_buffer, float>
          %4 = load %3 : float
          %5 = mul %2, %4 : float
          store %0, %5
          %6 = access_chain @g1, 0:int : ptr<storage_buffer, int>
          %7 = access_chain @g1, 1:int : ptr<storage_buffer, int>
          %8 = load %7 : int
          %9 = mul %8, 7:int : int
          store %6, %9
          ret
        }

        func @main() -> void {
        bb0: ; (entry)
          call @main_body()
          ret
        }

        entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
    "#]]
    .assert_eq(&common::dump(
        r#"
RWStructuredBuffer<float> F : register(u0);
RWStructuredBuffer<int> I : register(u1);
[numthreads(1, 1, 1)]
void main() {
    F[0] = dot(F[1], F[2]);
    I[0] = dot(I[1], 7);
}
"#,
    ));
}

/// `5.57` as a double: under HLSL 2021 the nearest double; under 202x the nearest float
/// (0x40B23D71 = 5.570000171661377) widened, whose low 29 mantissa bits are zero.
const LITERAL: &str = r#"
RWStructuredBuffer<double> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    Out[0] = 5.57;
    Out[1] = 5.57l;
}
"#;

#[test]
fn unsuffixed_float_literal_keeps_double_precision_before_202x() {
    check_version(
        LITERAL,
        2021,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<double> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = access_chain @g0, 0:int : ptr<storage_buffer, double>
              store %0, 5.57:double
              %1 = access_chain @g0, 1:int : ptr<storage_buffer, double>
              store %1, 5.57:double
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

#[test]
fn unsuffixed_float_literal_is_a_float_under_202x() {
    // The `l`-suffixed literal stays a double.
    check_version(
        LITERAL,
        2029,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<double> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = access_chain @g0, 0:int : ptr<storage_buffer, double>
              store %0, 5.570000171661377:double
              %1 = access_chain @g0, 1:int : ptr<storage_buffer, double>
              store %1, 5.57:double
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

#[test]
fn static_initializer_literal_is_a_float_under_202x() {
    // The same rule for a `static` global's literal initializer (its constant); the
    // `l`-suffixed one stays a double.
    check_version(
        r#"
RWStructuredBuffer<double> Out : register(u0);
static double a = 5.57;
static double b = -5.57l;
[numthreads(1, 1, 1)]
void main() {
    Out[0] = a + b;
}
"#,
        2029,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<double> set(0) binding(0) layout(relaxed_std430) ; Out
            @g1 = private double = 5.570000171661377:double ; a
            @g2 = private double = -5.57:double ; b

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = access_chain @g0, 0:int : ptr<storage_buffer, double>
              %1 = load @g1 : double
              %2 = load @g2 : double
              %3 = add %1, %2 : double
              store %0, %3
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
