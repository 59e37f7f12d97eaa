//! Valid HLSL that once met false errors: declarations written as conditions
//! (`if (int y = g())`, `while (uint x = f())`, `switch (uint c = e)`), a prefix increment
//! passed to an `out` parameter, methods called on array elements; the IR they lower to and
//! their values on the interpreter, worked out by hand. And what stays refused, with a clear
//! error: `groupshared` outside compute-like stages.

mod common;

use expect_test::expect;
use interp::{dispatch, Bindings, Program, ProgramOptions, Resource, RunOptions};

/// Runs `main` of `text` once with a zeroed `uint` buffer of `n` words at `u0`.
fn run_words(text: &str, n: usize) -> Vec<u32> {
    let m = common::lower(text);
    let program = Program::new(&m, "main", &ProgramOptions::default()).expect("program");
    let mut bindings = Bindings::new(&program);
    bindings
        .bind(&program, 0, 0, 0, Resource::buffer(vec![0; n * 4]))
        .expect("bind");
    dispatch(
        &program,
        &mut bindings,
        [1, 1, 1],
        &RunOptions::default(),
        None,
    )
    .expect("run");
    let data = &bindings.get(&program, 0, 0).unwrap().data;
    data.chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

#[test]
fn declared_conditions_run() {
    let out = run_words(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
uint next(inout uint n) { return n--; }
[numthreads(1, 1, 1)]
void main() {
    uint n = 4;
    uint sum = 0;
    uint iters = 0;
    // x takes 4, 3, 2, 1, then 0 ends the loop; the last call leaves n wrapped to 0xFFFFFFFF.
    while (uint x = next(n)) { sum += x; iters++; }
    Out[0] = sum;
    Out[1] = iters;
    Out[2] = n;
    // y is 0: the else branch sees it.
    if (int y = (int)sum - 10) Out[3] = 1; else Out[3] = 2 + y;
    switch (uint c = iters * 2) { case 8: Out[4] = c + 1; break; default: Out[4] = 0; }
    // `continue` re-declares w from m: w = 3, 2 (skipped), 1, then 0 ends the loop.
    uint m = 3;
    uint k = 0;
    while (uint w = m) { m--; if (w == 2) continue; k += w; }
    Out[5] = k;
}
"#,
        6,
    );
    assert_eq!(out, vec![10, 4, 0xFFFF_FFFF, 2, 9, 4]);
}

#[test]
fn declared_while_condition_ir() {
    expect![[r#"
        @g0 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

        func @main_body() -> void {
        bb0: ; (entry)
          %0 = alloca : ptr<function, int> ; i
          %1 = alloca : ptr<function, int> ; x
          store %0, 3:int
          br bb1
        bb1: ; loop merge=bb8 continue=bb7 (loop.header)
          br bb2
        bb2: ; (loop.check)
          cond_br true:bool, bb3, bb8
        bb3: ; selection merge=bb6 (loop.body)
          %2 = load %0 : int
          store %1, %2
          %3 = load %1 : int
          %4 = ne %3, 0:int : bool
          cond_br %4, bb4, bb5
        bb4: ; (if.then)
          br bb6
        bb5: ; (if.else)
          br bb8
        bb6: ; (if.merge)
          %5 = load %1 : int
          %6 = sub %5, 1:int : int
          store %0, %6
          br bb7
        bb7: ; (loop.continue)
          br bb1
        bb8: ; (loop.merge)
          %7 = access_chain @g0, 0:int : ptr<storage_buffer, int>
          %8 = load %0 : int
          store %7, %8
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
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    int i = 3;
    while (int x = i) { i = x - 1; }
    Out[0] = i;
}
"#,
    ));
}

#[test]
fn prefix_increment_is_an_lvalue() {
    // `++a[0]` makes a[0] 6, then `set` overwrites it through the `out` parameter with 40;
    // `twice(++b)` doubles b after its increment: (2 + 1) * 2 = 6. `arr[1].bump()` works on
    // the element through a temporary copied back: 7 + 1 = 8.
    let out = run_words(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
struct Counter { uint n; void bump() { n++; } };
void set(out uint v) { v = 40; }
void twice(inout uint v) { v *= 2; }
[numthreads(1, 1, 1)]
void main() {
    uint a[2] = { 5, 9 };
    set(++a[0]);
    uint b = 2;
    twice(++b);
    Counter arr[2];
    arr[1].n = 7;
    arr[1].bump();
    Out[0] = a[0];
    Out[1] = a[1];
    Out[2] = b;
    Out[3] = arr[1].n;
}
"#,
        4,
    );
    assert_eq!(out, vec![40, 9, 6, 8]);
}

#[test]
fn groupshared_outside_compute_is_refused() {
    let err = common::try_lower_stage(
        r#"
groupshared float cache;
float4 main() : SV_Target { cache = 1; return cache; }
"#,
        lower::ShaderStage::Pixel,
    )
    .unwrap_err();
    expect!["E3004 19..24: `groupshared` variable `cache` in a pixel shader: Vulkan has workgroup memory in compute, mesh and amplification shaders only (VUID-StandaloneSpirv-None-04645); DXC emits a `Workgroup` variable here, which is invalid Vulkan SPIR-V that spirv-val rejects"].assert_eq(&err);
}

#[test]
fn static_members_defined_out_of_class() {
    // `S::SIX` takes its value from the definition after the struct: 5 + 6 * 10 = 65; the
    // definition in a namespace finds `N::T`: 7.
    let out = run_words(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
struct S { static const uint FIVE = 5; static const uint SIX; };
const uint S::SIX = 6;
namespace N { struct T { static const uint SEVEN; }; }
static const uint N::T::SEVEN = 7;
[numthreads(1, 1, 1)]
void main() {
    Out[0] = S::FIVE + S::SIX * 10;
    Out[1] = N::T::SEVEN;
}
"#,
        2,
    );
    assert_eq!(out, vec![65, 7]);
}

#[test]
fn struct_to_struct_of_the_same_layout() {
    // The fields are copied in order: Out = { 3, 4, 5 }.
    let out = run_words(
        r#"
struct A { uint2 p; uint q; };
struct B { uint2 x; uint y; };
RWStructuredBuffer<B> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    A a;
    a.p = uint2(3, 4);
    a.q = 5;
    Out[0] = a;
}
"#,
        3,
    );
    assert_eq!(out, vec![3, 4, 5]);
}

#[test]
fn matrix_condition_chooses_per_component() {
    // c picks a where true, b where false: { 1, 20, 30, 4 }. (HLSL 2021 spells the
    // component-wise choice `select`; `?:` takes a scalar condition.)
    let out = run_words(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    uint2x2 a = { 1, 2, 3, 4 };
    uint2x2 b = { 10, 20, 30, 40 };
    bool2x2 c = { true, false, false, true };
    uint2x2 r = select(c, a, b);
    Out[0] = r[0][0];
    Out[1] = r[0][1];
    Out[2] = r[1][0];
    Out[3] = r[1][1];
}
"#,
        4,
    );
    assert_eq!(out, vec![1, 20, 30, 4]);
}
