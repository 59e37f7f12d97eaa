//! Function parameters and calls the lowering once refused (issue #4 item 4): parameters
//! declared as arrays of unknown size, sized by each call's argument (`unsized_params`),
//! default arguments computed at the call (`default_args`), local arrays of resources passed
//! element by element (`resource_array_args`). IR snapshots (each dump verified) and
//! interpreter runs with hand-computed results.

mod common;

use expect_test::{expect, Expect};

fn check(text: &str, expect: Expect) {
    expect.assert_eq(&common::dump(text));
}

use common::{as_u32, lower_errors as errors, run_u32 as run, words_u32 as words};
use interp::{dispatch, Bindings, Program, ProgramOptions, Resource, RunOptions};

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

#[test]
fn run_time_defaults_are_computed_at_each_call() {
    // `gain`'s default reads the cbuffer member at the call; `at`'s constructor mixes a
    // cbuffer member and a literal, which becomes a `float` constant.
    check(
        r#"
cbuffer Settings { float Gain; int Count; };
RWStructuredBuffer<float2> Out;
float2 shade(float x, float gain = Gain * 2, float2 at = float2(Count, 1)) { return at * x * gain; }
[numthreads(1, 1, 1)]
void main() {
    Out[0] = shade(3);
}
"#,
        expect![[r#"
            struct type.Settings { float Gain; int Count; }

            @g0 = resource storage_buffer RWStructuredBuffer<float2> set(0) binding(1) layout(relaxed_std430) ; Out
            @g1 = resource uniform ConstantBuffer<type.Settings> set(0) binding(0) layout(relaxed_std140) ; Settings

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = access_chain @g0, 0:int : ptr<storage_buffer, float2>
              %1 = access_chain @g1, 0:int : ptr<uniform, float>
              %2 = load %1 : float
              %3 = mul %2, 2.0:float : float
              %4 = access_chain @g1, 1:int : ptr<uniform, int>
              %5 = load %4 : int
              %6 = convert %5 : float
              %7 = composite_construct %6, 1.0:float : float2
              %8 = call @shade(3.0:float, %3, %7) : float2
              store %0, %8
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            func @shade(%arg0: float, %arg1: float, %arg2: float2) -> float2 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float> ; x
              %1 = alloca : ptr<function, float> ; gain
              %2 = alloca : ptr<function, float2> ; at
              store %0, %arg0
              store %1, %arg1
              store %2, %arg2
              %3 = load %2 : float2
              %4 = load %0 : float
              %5 = composite_construct %4, %4 : float2
              %6 = mul %3, %5 : float2
              %7 = load %1 : float
              %8 = composite_construct %7, %7 : float2
              %9 = mul %6, %8 : float2
              ret %9
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

#[test]
fn run_time_defaults_run_with_the_globals_of_the_moment() {
    // next(1) with gStep = 3: 5 + 1 * (3 * 2 + 1) = 12; after gBase = 100: 100 + 2 * 7 =
    // 114; given base 1: 1 + 2 * 7 = 15; given both: 1 + 2 * 1 = 3.
    let text = r#"
RWStructuredBuffer<uint> Out : register(u0);
static uint gBase = 5;
static uint gStep;
uint next(uint k, uint base = gBase, uint step = gStep * 2 + 1) { return base + k * step; }
[numthreads(1, 1, 1)]
void main() {
    gStep = 3;
    Out[0] = next(1);
    gBase = 100;
    Out[1] = next(2);
    Out[2] = next(2, 1);
    Out[3] = next(2, 1, 1);
}
"#;
    let out = run(text, vec![vec![0; 4]]);
    assert_eq!(out[0], [12, 114, 15, 3]);
}

const LOCAL_RESOURCE_ARRAYS: &str = r#"
[[vk::binding(0)]] StructuredBuffer<uint> Src[3];
[[vk::binding(1)]] StructuredBuffer<uint> Extra;
[[vk::binding(2)]] RWStructuredBuffer<uint> Out;
uint pick(StructuredBuffer<uint> bufs[2]) { return bufs[0][0] * 100 + bufs[1][0] * 10 + bufs[1][1]; }
uint relay(StructuredBuffer<uint> bufs[2]) { return pick(bufs) + 1; }
[numthreads(1, 1, 1)]
void main() {
    StructuredBuffer<uint> ab[2] = {Src[2], Extra};
    StructuredBuffer<uint> cd[2] = {Src[0], Src[1]};
    Out[0] = pick(ab);
    Out[1] = pick(cd);
    Out[2] = relay(ab);
}
"#;

#[test]
fn local_resource_arrays_pass_their_elements() {
    // `pick(ab)` is the copy for (Src[index], Extra): it takes the index of `Src`'s element
    // as an `int`; `pick(cd)` the copy for two elements of `Src`, two indices; `relay` hands
    // its parameter on element by element, to the first copy again.
    check(
        LOCAL_RESOURCE_ARRAYS,
        expect![[r#"
            @g0 = resource storage_buffer array<StructuredBuffer<uint>, 3> set(0) binding(0) count(3) layout(relaxed_std430) ; Src
            @g1 = resource storage_buffer StructuredBuffer<uint> set(0) binding(1) layout(relaxed_std430) ; Extra
            @g2 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(2) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = access_chain @g0, 2:int : ptr<storage_buffer, StructuredBuffer<uint>>
              %1 = access_chain @g0, 0:int : ptr<storage_buffer, StructuredBuffer<uint>>
              %2 = access_chain @g0, 1:int : ptr<storage_buffer, StructuredBuffer<uint>>
              %3 = access_chain @g2, 0:int : ptr<storage_buffer, uint>
              %4 = call @pick(2:int) : uint
              store %3, %4
              %5 = access_chain @g2, 1:int : ptr<storage_buffer, uint>
              %6 = call @pick.1(0:int, 1:int) : uint
              store %5, %6
              %7 = access_chain @g2, 2:int : ptr<storage_buffer, uint>
              %8 = call @relay(2:int) : uint
              store %7, %8
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            func @pick(%arg0: int) -> uint {
            bb0: ; (entry)
              %0 = access_chain @g0, %arg0 : ptr<storage_buffer, StructuredBuffer<uint>>
              %1 = access_chain %0, 0:int : ptr<storage_buffer, uint>
              %2 = load %1 : uint
              %3 = mul %2, 100:uint : uint
              %4 = access_chain @g1, 0:int : ptr<storage_buffer, uint>
              %5 = load %4 : uint
              %6 = mul %5, 10:uint : uint
              %7 = add %3, %6 : uint
              %8 = access_chain @g1, 1:int : ptr<storage_buffer, uint>
              %9 = load %8 : uint
              %10 = add %7, %9 : uint
              ret %10
            }

            func @pick.1(%arg0: int, %arg1: int) -> uint {
            bb0: ; (entry)
              %0 = access_chain @g0, %arg0 : ptr<storage_buffer, StructuredBuffer<uint>>
              %1 = access_chain @g0, %arg1 : ptr<storage_buffer, StructuredBuffer<uint>>
              %2 = access_chain %0, 0:int : ptr<storage_buffer, uint>
              %3 = load %2 : uint
              %4 = mul %3, 100:uint : uint
              %5 = access_chain %1, 0:int : ptr<storage_buffer, uint>
              %6 = load %5 : uint
              %7 = mul %6, 10:uint : uint
              %8 = add %4, %7 : uint
              %9 = access_chain %1, 1:int : ptr<storage_buffer, uint>
              %10 = load %9 : uint
              %11 = add %8, %10 : uint
              ret %11
            }

            func @relay(%arg0: int) -> uint {
            bb0: ; (entry)
              %0 = access_chain @g0, %arg0 : ptr<storage_buffer, StructuredBuffer<uint>>
              %1 = call @pick(%arg0) : uint
              %2 = add %1, 1:uint : uint
              ret %2
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

#[test]
fn local_resource_arrays_run_with_their_elements() {
    // Src = {1, 2}, {3, 4}, {5, 6}; Extra = {7, 8}.
    // pick(ab) = 5 * 100 + 7 * 10 + 8 = 578; pick(cd) = 1 * 100 + 3 * 10 + 4 = 134;
    // relay(ab) = 578 + 1 = 579.
    let m = common::lower(LOCAL_RESOURCE_ARRAYS);
    let program = Program::new(&m, "main", &ProgramOptions::default()).expect("program");
    let mut bindings = Bindings::new(&program);
    for (k, data) in [[1u32, 2], [3, 4], [5, 6]].iter().enumerate() {
        bindings
            .bind(&program, 0, 0, k as u32, Resource::buffer(words(data)))
            .expect("bind Src");
    }
    bindings
        .bind(&program, 0, 1, 0, Resource::buffer(words(&[7, 8])))
        .expect("bind Extra");
    bindings
        .bind(&program, 0, 2, 0, Resource::buffer(words(&[0; 3])))
        .expect("bind Out");
    dispatch(
        &program,
        &mut bindings,
        [1, 1, 1],
        &RunOptions::default(),
        None,
    )
    .expect("run");
    assert_eq!(
        as_u32(&bindings.get(&program, 0, 2).unwrap().data),
        vec![578, 134, 579]
    );
}

#[test]
fn run_time_index_into_a_passed_run_of_a_global_array() {
    // `cd` holds Src[1] and Src[2], consecutive elements: the call marks the second as
    // following the first (`resource_runs`), so the copy of `nth` indexes `Src` at its first
    // incoming index plus `i`. Src = {1, 2}, {3, 4}, {5, 6}: thread t reads Src[1 + t][0].
    let text = r#"
[[vk::binding(0)]] StructuredBuffer<uint> Src[3];
[[vk::binding(2)]] RWStructuredBuffer<uint> Out;
uint nth(StructuredBuffer<uint> bufs[2], uint i) { return bufs[i][0]; }
[numthreads(2, 1, 1)]
void main(uint t : SV_GroupIndex) {
    StructuredBuffer<uint> cd[2] = {Src[1], Src[2]};
    Out[t] = nth(cd, t);
}
"#;
    let m = common::lower(text);
    let program = Program::new(&m, "main", &ProgramOptions::default()).expect("program");
    let mut bindings = Bindings::new(&program);
    for (k, data) in [[1u32, 2], [3, 4], [5, 6]].iter().enumerate() {
        bindings
            .bind(&program, 0, 0, k as u32, Resource::buffer(words(data)))
            .expect("bind Src");
    }
    bindings
        .bind(&program, 0, 2, 0, Resource::buffer(words(&[0; 2])))
        .expect("bind Out");
    dispatch(
        &program,
        &mut bindings,
        [1, 1, 1],
        &RunOptions::default(),
        None,
    )
    .expect("run");
    assert_eq!(
        as_u32(&bindings.get(&program, 0, 2).unwrap().data),
        vec![3, 5]
    );
}

#[test]
fn run_time_index_into_a_passed_local_array_of_scattered_elements_is_e3020() {
    // Src[2], Src[0] are no run: the run-time index would choose the buffer at run time.
    let text = r#"
[[vk::binding(0)]] StructuredBuffer<uint> Src[3];
[[vk::binding(2)]] RWStructuredBuffer<uint> Out;
uint nth(StructuredBuffer<uint> bufs[2], uint i) { return bufs[i][0]; }
[numthreads(1, 1, 1)]
void main(uint t : SV_GroupIndex) {
    StructuredBuffer<uint> cd[2] = {Src[2], Src[0]};
    Out[0] = nth(cd, t);
}
"#;
    let e = errors(text);
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(e.starts_with("E3020"), "{e}");
}

const INOUT_ELEMENTS: &str = r#"
[[vk::binding(0)]] StructuredBuffer<uint> Bufs[3];
[[vk::binding(1)]] RWStructuredBuffer<uint> Out;
struct Pick { StructuredBuffer<uint> buf; uint scale; };
void keep(inout Pick p) { p.scale += 1; }
void swap(inout Pick p) { p.scale = p.buf[0]; p.buf = Bufs[0]; }
uint second(inout StructuredBuffer<uint> b) { return b[1]; }
[numthreads(1, 1, 1)]
void main() {
    Pick p;
    p.buf = Bufs[2];
    p.scale = 10;
    keep(p);
    Out[0] = p.buf[0] * p.scale;
    swap(p);
    Out[1] = p.buf[1] * p.scale;
    StructuredBuffer<uint> b = Bufs[1];
    Out[2] = second(b);
}
"#;

#[test]
fn inout_resources_that_are_array_elements_come_with_their_index() {
    // `keep` and `swap` take a pointer to `Pick`'s data part and the index of `Bufs`'s
    // element; `keep` leaves `p.buf` as it came (main goes on sampling `Bufs[2]`), `swap`
    // hands back `Bufs[0]`; `second` gets the index of `b`'s element of `Bufs`.
    check(
        INOUT_ELEMENTS,
        expect![[r#"
            struct Pick { uint scale; }

            @g0 = resource storage_buffer array<StructuredBuffer<uint>, 3> set(0) binding(0) count(3) layout(relaxed_std430) ; Bufs
            @g1 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(1) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = access_chain @g0, 0:int : ptr<storage_buffer, StructuredBuffer<uint>>
              %1 = alloca : ptr<function, Pick> ; p
              %2 = access_chain @g0, 2:int : ptr<storage_buffer, StructuredBuffer<uint>>
              %3 = access_chain %1, 0:int : ptr<function, uint>
              store %3, 10:uint
              call @keep(%1, 2:int)
              %4 = access_chain @g1, 0:int : ptr<storage_buffer, uint>
              %5 = access_chain %2, 0:int : ptr<storage_buffer, uint>
              %6 = load %5 : uint
              %7 = access_chain %1, 0:int : ptr<function, uint>
              %8 = load %7 : uint
              %9 = mul %6, %8 : uint
              store %4, %9
              call @swap(%1, 2:int)
              %10 = access_chain @g1, 1:int : ptr<storage_buffer, uint>
              %11 = access_chain %0, 1:int : ptr<storage_buffer, uint>
              %12 = load %11 : uint
              %13 = access_chain %1, 0:int : ptr<function, uint>
              %14 = load %13 : uint
              %15 = mul %12, %14 : uint
              store %10, %15
              %16 = access_chain @g0, 1:int : ptr<storage_buffer, StructuredBuffer<uint>>
              %17 = access_chain @g1, 2:int : ptr<storage_buffer, uint>
              %18 = call @second(1:int) : uint
              store %17, %18
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            func @keep(%arg0: ptr<function, Pick>, %arg1: int) -> void {
            bb0: ; (entry)
              %0 = access_chain @g0, %arg1 : ptr<storage_buffer, StructuredBuffer<uint>>
              %1 = access_chain %arg0, 0:int : ptr<function, uint>
              %2 = load %1 : uint
              %3 = add %2, 1:uint : uint
              store %1, %3
              ret
            }

            func @swap(%arg0: ptr<function, Pick>, %arg1: int) -> void {
            bb0: ; (entry)
              %0 = access_chain @g0, %arg1 : ptr<storage_buffer, StructuredBuffer<uint>>
              %1 = access_chain %arg0, 0:int : ptr<function, uint>
              %2 = access_chain %0, 0:int : ptr<storage_buffer, uint>
              %3 = load %2 : uint
              store %1, %3
              %4 = access_chain @g0, 0:int : ptr<storage_buffer, StructuredBuffer<uint>>
              ret
            }

            func @second(%arg0: int) -> uint {
            bb0: ; (entry)
              %0 = access_chain @g0, %arg0 : ptr<storage_buffer, StructuredBuffer<uint>>
              %1 = access_chain %0, 1:int : ptr<storage_buffer, uint>
              %2 = load %1 : uint
              ret %2
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

#[test]
fn inout_resources_that_are_array_elements_run() {
    // Bufs = {1, 2}, {3, 4}, {5, 6}. keep: p = (Bufs[2], 11): 5 * 11 = 55; swap reads
    // Bufs[2][0] = 5 into scale and hands back Bufs[0]: 2 * 5 = 10; second(Bufs[1]) = 4.
    let m = common::lower(INOUT_ELEMENTS);
    let program = Program::new(&m, "main", &ProgramOptions::default()).expect("program");
    let mut bindings = Bindings::new(&program);
    for (k, data) in [[1u32, 2], [3, 4], [5, 6]].iter().enumerate() {
        bindings
            .bind(&program, 0, 0, k as u32, Resource::buffer(words(data)))
            .expect("bind Bufs");
    }
    bindings
        .bind(&program, 0, 1, 0, Resource::buffer(words(&[0; 3])))
        .expect("bind Out");
    dispatch(
        &program,
        &mut bindings,
        [1, 1, 1],
        &RunOptions::default(),
        None,
    )
    .expect("run");
    assert_eq!(
        as_u32(&bindings.get(&program, 0, 1).unwrap().data),
        vec![55, 10, 4]
    );
}

#[test]
fn sizeof_a_struct_declared_in_the_function_runs() {
    // Natural layout with scalar alignment (DXC's `sizeof`): L = float + float2 = 12 bytes;
    // Pair (L[2]) = 24; N = L (12) + bool (4) + G (12) = 28; L[3] = 36; an enum declared
    // here is its `int`: 4.
    let text = r#"
RWStructuredBuffer<uint> Out : register(u0);
struct G { float3 p; };
[numthreads(1, 1, 1)]
void main() {
    struct L { float a; float2 b; };
    typedef L Pair[2];
    struct N { L l; bool h; G g; };
    enum E { One, Two };
    Out[0] = sizeof(L);
    Out[1] = sizeof(Pair);
    Out[2] = sizeof(N);
    Out[3] = sizeof(L[3]);
    Out[4] = sizeof(E);
}
"#;
    let out = run(text, vec![vec![0; 5]]);
    assert_eq!(out[0], [12, 24, 28, 36, 4]);
}

#[test]
fn sizeof_a_struct_declared_in_the_function_is_a_constant() {
    check(
        r#"
RWStructuredBuffer<uint> Out;
[numthreads(1, 1, 1)]
void main() {
    struct Texel { float4 color; uint mask; };
    Out[0] = sizeof(Texel);
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = access_chain @g0, 0:int : ptr<storage_buffer, uint>
              store %0, 20:uint
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

// The sweep of the remaining `unsupported(` sites (issue #4 item 4.5): forms DXC accepts
// that reached one.

const SWEEP: &str = r#"
[[vk::binding(0)]] RWStructuredBuffer<int> Out;
[[vk::binding(1)]] StructuredBuffer<int> Src;
groupshared uint2 Counts;
struct Pair { int a; int b; };
int first(uint k) {
    static StructuredBuffer<int> s = Src;
    return s[k];
}
[numthreads(4, 1, 1)]
void main(uint i : SV_GroupIndex) {
    if (i == 0) { Counts = 0; }
    GroupMemoryBarrierWithGroupSync();
    InterlockedAdd(Counts.y, i);
    GroupMemoryBarrierWithGroupSync();
    if (i == 0) {
        bool t = true;
        bool f = false;
        Out[0] = ~t;
        Out[1] = ~f;
        Out[2] = Counts.y;
        Pair x = {1, 2};
        Pair y = {3, 4};
        Pair z = Out[2] > 5 ? x : y;
        Out[3] = z.a * 10 + z.b;
        float4 v = 0;
        v.zyx[Out[2] - 5] = 7;
        Out[4] = (int)v.y * 10 + (int)v.z;
        Out[5] = first(1);
    }
}
"#;

#[test]
fn swept_forms_run() {
    // ~true = ~1 = -2 and ~false = -1 (a `bool` promotes to `int`); the four invocations
    // add 0 + 1 + 2 + 3 = 6 to Counts.y; 6 > 5 picks x: 1 * 10 + 2 = 12; zyx[6 - 5] is y:
    // 7 * 10 + 0 = 70; the `static` resource local is Src: Src[1] = 9.
    let out = run(SWEEP, vec![vec![0; 6], vec![5, 9]]);
    let expected = [-2i32, -1, 6, 12, 70, 9].map(|v| v as u32);
    assert_eq!(out[0], expected);
}

#[test]
fn swept_forms_lower() {
    // The atomic takes a pointer to Counts.y; the struct `?:` branches to a `phi`; `zyx[k]`
    // picks the component with `select`s; `s` is `Src` itself.
    check(
        SWEEP,
        expect![[r#"
        struct Pair { int a; int b; }

        @g0 = input uint builtin(LocalInvocationIndex) ; SV_GroupIndex
        @g1 = groupshared uint2 ; Counts
        @g2 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out
        @g3 = resource storage_buffer StructuredBuffer<int> set(0) binding(1) layout(relaxed_std430) ; Src

        func @main_body(%arg0: uint) -> void {
        bb0: ; selection merge=bb2 (entry)
          %0 = alloca : ptr<function, uint> ; i
          %1 = alloca : ptr<function, bool> ; t
          %2 = alloca : ptr<function, bool> ; f
          %3 = alloca : ptr<function, Pair> ; x
          %4 = alloca : ptr<function, Pair> ; y
          %5 = alloca : ptr<function, Pair> ; z
          %6 = alloca : ptr<function, float4> ; v
          store %0, %arg0
          %7 = load %0 : uint
          %8 = eq %7, 0:uint : bool
          cond_br %8, bb1, bb2
        bb1: ; (if.then)
          store @g1, {0, 0}:uint2
          br bb2
        bb2: ; selection merge=bb7 (if.merge)
          barrier workgroup_memory|group_sync
          %9 = access_chain @g1, 1:int : ptr<workgroup, uint>
          %10 = load %0 : uint
          %11 = atomic_rmw add %9, %10 : uint
          barrier workgroup_memory|group_sync
          %12 = load %0 : uint
          %13 = eq %12, 0:uint : bool
          cond_br %13, bb3, bb7
        bb3: ; selection merge=bb6 (if.then)
          store %1, true:bool
          store %2, false:bool
          %14 = access_chain @g2, 0:int : ptr<storage_buffer, int>
          %15 = load %1 : bool
          %16 = select %15, 1:int, 0:int : int
          %17 = bit_not %16 : int
          store %14, %17
          %18 = access_chain @g2, 1:int : ptr<storage_buffer, int>
          %19 = load %2 : bool
          %20 = select %19, 1:int, 0:int : int
          %21 = bit_not %20 : int
          store %18, %21
          %22 = access_chain @g2, 2:int : ptr<storage_buffer, int>
          %23 = load @g1 : uint2
          %24 = composite_extract %23, [1] : uint
          %25 = convert %24 : int
          store %22, %25
          %26 = composite_construct 1:int, 2:int : Pair
          store %3, %26
          %27 = composite_construct 3:int, 4:int : Pair
          store %4, %27
          %28 = access_chain @g2, 2:int : ptr<storage_buffer, int>
          %29 = load %28 : int
          %30 = gt %29, 5:int : bool
          cond_br %30, bb4, bb5
        bb4: ; (cond.then)
          %31 = load %3 : Pair
          br bb6
        bb5: ; (cond.else)
          %32 = load %4 : Pair
          br bb6
        bb6: ; (cond.merge)
          %33 = phi [%31, bb4], [%32, bb5] : Pair
          store %5, %33
          %34 = access_chain @g2, 3:int : ptr<storage_buffer, int>
          %35 = access_chain %5, 0:int : ptr<function, int>
          %36 = load %35 : int
          %37 = mul %36, 10:int : int
          %38 = access_chain %5, 1:int : ptr<function, int>
          %39 = load %38 : int
          %40 = add %37, %39 : int
          store %34, %40
          store %6, {0.0, 0.0, 0.0, 0.0}:float4
          %41 = access_chain @g2, 2:int : ptr<storage_buffer, int>
          %42 = load %41 : int
          %43 = sub %42, 5:int : int
          %44 = eq %43, 1:int : bool
          %45 = select %44, 1:int, 0:int : int
          %46 = eq %43, 0:int : bool
          %47 = select %46, 2:int, %45 : int
          %48 = access_chain %6, %47 : ptr<function, float>
          store %48, 7.0:float
          %49 = access_chain @g2, 4:int : ptr<storage_buffer, int>
          %50 = load %6 : float4
          %51 = composite_extract %50, [1] : float
          %52 = convert %51 : int
          %53 = mul %52, 10:int : int
          %54 = load %6 : float4
          %55 = composite_extract %54, [2] : float
          %56 = convert %55 : int
          %57 = add %53, %56 : int
          store %49, %57
          %58 = access_chain @g2, 5:int : ptr<storage_buffer, int>
          %59 = call @first(1:uint) : int
          store %58, %59
          br bb7
        bb7: ; (if.merge)
          ret
        }

        func @main() -> void {
        bb0: ; (entry)
          %0 = load @g0 : uint ; i
          call @main_body(%0)
          ret
        }

        func @first(%arg0: uint) -> int {
        bb0: ; (entry)
          %0 = alloca : ptr<function, uint> ; k
          store %0, %arg0
          %1 = load %0 : uint
          %2 = access_chain @g3, %1 : ptr<storage_buffer, int>
          %3 = load %2 : int
          ret %3
        }

        entry compute "main" @main numthreads(4, 1, 1) inputs(@g0) outputs()
    "#]],
    );
}

#[test]
fn a_constant_index_into_a_texel_writes_that_component() {
    // b[1][3] += 2 reads texel 1 (4, 5, 6, 7) and writes 7 + 2 = 9 to its `w`; b[0][0] = 7.
    let text = r#"
RWBuffer<uint4> b : register(u0);
[numthreads(1, 1, 1)]
void main() {
    b[1][3] += 2;
    b[0][0] = 7;
}
"#;
    let out = run(text, vec![vec![0, 1, 2, 3, 4, 5, 6, 7]]);
    assert_eq!(out[0], [7, 1, 2, 3, 4, 5, 6, 9]);
}

#[test]
fn sizeof_names_globals_and_elements() {
    // `sizeof(x)` and `sizeof(x[i])` parse as types; they name the variable and its element:
    // Params.light (float3 + uint) = 16, gTable (float2x3) = 24, a row of it (float3) = 12,
    // an element of Out (uint) = 4, an element of the local `arr` (float3) = 12, arr = 48.
    let text = r#"
RWStructuredBuffer<uint> Out : register(u0);
struct Light { float3 dir; uint flags; };
cbuffer Params { Light light; };
static float2x3 gTable;
[numthreads(1, 1, 1)]
void main() {
    float3 arr[4];
    Out[0] = sizeof(light);
    Out[1] = sizeof(gTable);
    Out[2] = sizeof(gTable[1]);
    Out[3] = sizeof(Out[0]);
    Out[4] = sizeof(arr[0]);
    Out[5] = sizeof(arr);
}
"#;
    let out = run(text, vec![vec![0; 6]]);
    assert_eq!(out[0], [16, 24, 12, 4, 12, 48]);
}

#[test]
fn run_time_defaults_read_members_and_elements_of_globals() {
    // gRig = { {1, 2}, {3, 4}, {5, 6} } then gRig.arms[2].y = 60 at run time: pick() reads
    // gRig.arms[2].y = 60; the swizzle default gRig.arms[1].yx = (4, 3) gives 4 * 10 + 3.
    let text = r#"
RWStructuredBuffer<uint> Out : register(u0);
struct Rig { uint2 arms[3]; };
static Rig gRig = { 1, 2, 3, 4, 5, 6 };
uint pick(uint v = gRig.arms[2].y) { return v; }
uint pair(uint2 v = (gRig.arms[1]).yx) { return v.x * 10 + v.y; }
[numthreads(1, 1, 1)]
void main() {
    gRig.arms[2].y = 60;
    Out[0] = pick();
    Out[1] = pair();
}
"#;
    let out = run(text, vec![vec![0; 2]]);
    assert_eq!(out[0], [60, 43]);
}

#[test]
fn float_bitwise_compare_exchange_on_byte_address_buffers_runs() {
    // Word 0 holds 1.0 (0x3F800000): compared with 1.0, it becomes 2.0 (0x40000000). Word 1
    // holds 5.0 (0x40A00000): compared with 3.0, it stays, and the original 5.0 comes back.
    let text = r#"
[[vk::binding(0)]] RWByteAddressBuffer Words;
[[vk::binding(1)]] RWStructuredBuffer<float> Out;
[numthreads(1, 1, 1)]
void main() {
    Words.InterlockedCompareStoreFloatBitwise(0, 1.0, 2.0);
    float original;
    Words.InterlockedCompareExchangeFloatBitwise(4, 3.0, 4.5, original);
    Out[0] = original;
}
"#;
    let out = run(text, vec![vec![0x3F80_0000, 0x40A0_0000], vec![0]]);
    assert_eq!(out[0], [0x4000_0000, 0x40A0_0000]);
    assert_eq!(out[1], [0x40A0_0000]);
}

#[test]
fn add_uint64_carries_into_the_high_word() {
    // (0xFFFFFFFF, 1) + (2, 3) = low 0xFFFFFFFF + 2 = 1 with a carry, high 1 + 3 + 1 = 5;
    // (5, 0) + (6, 0) = (11, 0) without one.
    let text = r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    uint4 r = AddUint64(uint4(0xFFFFFFFF, 1, 5, 0), uint4(2, 3, 6, 0));
    uint2 s = AddUint64(uint2(7, 8), uint2(1, 1));
    Out[0] = r.x; Out[1] = r.y; Out[2] = r.z; Out[3] = r.w; Out[4] = s.x; Out[5] = s.y;
}
"#;
    let out = run(text, vec![vec![0; 6]]);
    assert_eq!(out[0], [1, 5, 11, 0, 8, 9]);
}

#[test]
fn packed_8_bit_intrinsics_run() {
    // pack_u8(1, 2, 3, 0x1FF) keeps low bytes: 0xFF030201; pack_s8(-1, 0, 1, -128) =
    // 0x8001_00FF; pack_clamp_u8(-5, 300, 7, 255) clamps to (0, 255, 7, 255) = 0xFF07FF00;
    // pack_clamp_s8(-300, 200, -1, 5) to (-128, 127, -1, 5) = 0x05FF7F80. Unpacking
    // 0x80FF7F01: unsigned (1, 127, 255, 128), signed (1, 127, -1, -128).
    let text = r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    Out[0] = pack_u8(uint4(1, 2, 3, 0x1FF));
    Out[1] = pack_s8(int4(-1, 0, 1, -128));
    Out[2] = pack_clamp_u8(int4(-5, 300, 7, 255));
    Out[3] = pack_clamp_s8(int4(-300, 200, -1, 5));
    uint4 u = unpack_u8u32(0x80FF7F01);
    int4 s = unpack_s8s32(0x80FF7F01);
    Out[4] = u.x; Out[5] = u.y; Out[6] = u.z; Out[7] = u.w;
    Out[8] = s.x; Out[9] = s.y; Out[10] = s.z; Out[11] = s.w;
}
"#;
    let out = run(text, vec![vec![0; 12]]);
    let expected = [
        0xFF03_0201u32,
        0x8001_00FF,
        0xFF07_FF00,
        0x05FF_7F80,
        1,
        127,
        255,
        128,
        1,
        127,
        -1i32 as u32,
        -128i32 as u32,
    ];
    assert_eq!(out[0], expected);
}

#[test]
fn packed_dot_products_run() {
    // Bytes from the lowest: (4, 3, 2, 1) . (8, 7, 6, 5) = 32 + 21 + 12 + 5 = 70, + 10 = 80.
    // Signed: (1, -2, 2, -1) . (4, 2, -1, 3) = 4 - 4 - 2 - 3 = -5, + -5 = -10.
    // dot2add: 1 + 1.5 * 2 + 2 * 0.25 = 4.5, doubled 9.
    let text = r#"
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    Out[0] = dot4add_u8packed(0x01020304, 0x05060708, 10);
    Out[1] = dot4add_i8packed(0xFF02FE01, 0x03FF0204, -5);
    Out[2] = (int)(dot2add(half2(1.5, 2), half2(2, 0.25), 1.0) * 2);
}
"#;
    let out = run(text, vec![vec![0; 3]]);
    assert_eq!(out[0], [80, -10i32 as u32, 9]);
}
