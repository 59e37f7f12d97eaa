//! Function parameters and calls the lowering once refused (issue #4 item 4): parameters
//! declared as arrays of unknown size, sized by each call's argument (`unsized_params`).
//! IR snapshots (each dump verified) and interpreter runs with hand-computed results.

mod common;

use expect_test::{expect, Expect};

fn check(text: &str, expect: Expect) {
    expect.assert_eq(&common::dump(text));
}

use common::run_u32 as run;

#[test]
fn unsized_array_parameters_get_a_copy_per_argument_length() {
    // `first` is called with a `float[2]` and a `float[3]`: two copies, `first` and
    // `first.1`, each taking its array by value; `fill`'s `out float a[]` is a pointer to the
    // caller's `float[2]` temporary.
    check(
        r#"
RWStructuredBuffer<float> Out;
float first(float a[]) { return a[0]; }
void fill(out float a[]) { a[1] = 5; a[0] = 4; }
[numthreads(1, 1, 1)]
void main() {
    float two[2] = {1, 2};
    float three[3] = {3, 4, 5};
    fill(two);
    Out[0] = first(two) + first(three);
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, array<float, 2>>
              %1 = alloca : ptr<function, array<float, 2>> ; two
              %2 = alloca : ptr<function, array<float, 3>> ; three
              %3 = composite_construct 1.0:float, 2.0:float : array<float, 2>
              store %1, %3
              %4 = composite_construct 3.0:float, 4.0:float, 5.0:float : array<float, 3>
              store %2, %4
              call @fill(%0)
              %5 = load %0 : array<float, 2>
              store %1, %5
              %6 = access_chain @g0, 0:int : ptr<storage_buffer, float>
              %7 = load %1 : array<float, 2>
              %8 = call @first(%7) : float
              %9 = load %2 : array<float, 3>
              %10 = call @first.1(%9) : float
              %11 = add %8, %10 : float
              store %6, %11
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            func @fill(%arg0: ptr<function, array<float, 2>>) -> void {
            bb0: ; (entry)
              %0 = access_chain %arg0, 1:int : ptr<function, float>
              store %0, 5.0:float
              %1 = access_chain %arg0, 0:int : ptr<function, float>
              store %1, 4.0:float
              ret
            }

            func @first(%arg0: array<float, 2>) -> float {
            bb0: ; (entry)
              %0 = alloca : ptr<function, array<float, 2>> ; a
              store %0, %arg0
              %1 = access_chain %0, 0:int : ptr<function, float>
              %2 = load %1 : float
              ret %2
            }

            func @first.1(%arg0: array<float, 3>) -> float {
            bb0: ; (entry)
              %0 = alloca : ptr<function, array<float, 3>> ; a
              store %0, %arg0
              %1 = access_chain %0, 0:int : ptr<function, float>
              %2 = load %1 : float
              ret %2
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

#[test]
fn unsized_array_parameters_run_with_their_arguments() {
    // sum2({3, 4}) = 7 and sum2({5, 6, 7}) = 11; fill({.., ..}, 9) makes f = {9, 18} and
    // bump adds 100 to f[1]: 9 + 118 = 127; relay passes its `uint[3]` on to sum2's
    // `uint[3]` copy: (5 + 6) * 10 = 110; clobber changes its own copy only:
    // 1000 + g[0] = 1005.
    let text = r#"
RWStructuredBuffer<uint> Out : register(u0);
uint sum2(uint a[]) { return a[0] + a[1]; }
void fill(out uint a[], uint v) { a[0] = v; a[1] = v * 2; }
void bump(inout uint a[]) { a[1] += 100; }
uint relay(uint a[]) { return sum2(a) * 10; }
uint clobber(uint a[]) { a[0] = 1000; return a[0]; }
[numthreads(1, 1, 1)]
void main() {
    uint f[2] = {3, 4};
    uint g[3] = {5, 6, 7};
    Out[0] = sum2(f);
    Out[1] = sum2(g);
    fill(f, 9);
    bump(f);
    Out[2] = f[0] + f[1];
    Out[3] = relay(g);
    Out[4] = clobber(g) + g[0];
}
"#;
    let out = run(text, vec![vec![0; 5]]);
    assert_eq!(out[0], [7, 11, 127, 110, 1005]);
}
