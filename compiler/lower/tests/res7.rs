//! Forms of issue #4 item 4 left after res6 (task res7): a `static` resource local of a
//! called function whose resource flows from one call to the next (`static_flow`).

mod common;

use common::{dump, lower_errors, run_elements};
use expect_test::expect;

/// `h(A, true)` sets the local and reads `A`; `h(B, false)` reads what the first call left
/// (`A`); `h(B, true)` then reads `B`, and `h(A, false)` still `B`.
#[test]
fn static_resource_local_keeps_the_earlier_calls_resource() {
    let out = run_elements(
        r#"
RWStructuredBuffer<uint> A : register(u0);
RWStructuredBuffer<uint> B : register(u1);
RWStructuredBuffer<uint> o : register(u2);
uint h(RWStructuredBuffer<uint> x, bool set) {
    static RWStructuredBuffer<uint> t;
    if (set) t = x;
    return t[0];
}
[numthreads(1, 1, 1)]
void main() {
    o[0] = h(A, true);
    o[1] = h(B, false);
    o[2] = h(B, true);
    o[3] = h(A, false);
}
"#,
        &[(0, 0, &[5]), (1, 0, &[9]), (2, 0, &[0; 4])],
        2,
    );
    assert_eq!(out, [5, 5, 9, 9]);
}

/// The straight-line form with an initializer: each call reads what the one before left
/// (the initializer's buffer on the first), then stores its argument; a caller between the
/// entry and `h` passes the state through.
#[test]
fn static_resource_local_read_before_its_assignment_on_each_call() {
    let out = run_elements(
        r#"
RWStructuredBuffer<uint> A : register(u0);
RWStructuredBuffer<uint> B : register(u1);
RWStructuredBuffer<uint> C : register(u2);
RWStructuredBuffer<uint> o : register(u3);
uint h(RWStructuredBuffer<uint> x) {
    static RWStructuredBuffer<uint> t = A;
    uint r = t[0];
    t = x;
    return r;
}
uint twice(RWStructuredBuffer<uint> x, RWStructuredBuffer<uint> y) { return h(x) * 10 + h(y); }
[numthreads(1, 1, 1)]
void main() {
    o[0] = h(B);
    o[1] = twice(C, A);
    o[2] = h(B);
}
"#,
        &[(0, 0, &[1]), (1, 0, &[2]), (2, 0, &[3]), (3, 0, &[0; 3])],
        3,
    );
    assert_eq!(out, [1, 23, 1]);
}

/// One copy of `h` per resource the local holds when it is called: the second copy samples
/// `a` without taking it as an argument.
#[test]
fn static_resource_local_copies_per_incoming_resource() {
    let text = r#"
Texture2D<float4> a;
Texture2D<float4> b;
SamplerState smp;
float4 h(Texture2D<float4> x, bool set) {
    static Texture2D<float4> t;
    if (set) t = x;
    return t.SampleLevel(smp, float2(0.5, 0.5), 0);
}
[numthreads(1, 1, 1)]
void main() {
    float4 v = h(a, true) + h(b, false);
}
"#;
    let d = dump(text);
    let start = d.find("func @h(").expect("a copy of h");
    expect![[r#"
        func @h(%arg0: bool) -> float4 {
        bb0: ; selection merge=bb2 (entry)
          %0 = alloca : ptr<function, bool> ; set
          store %0, %arg0
          cond_br true:bool, bb1, bb2
        bb1: ; (if.then)
          br bb2
        bb2: ; (if.merge)
          %1 = composite_construct 0.5:float, 0.5:float : float2
          %2 = texture_sample_level @g0, @g1, %1, 0.0:float : float4
          ret %2
        }

        func @h.1(%arg0: bool) -> float4 {
        bb0: ; selection merge=bb2 (entry)
          %0 = alloca : ptr<function, bool> ; set
          store %0, %arg0
          cond_br false:bool, bb1, bb2
        bb1: ; (if.then)
          br bb2
        bb2: ; (if.merge)
          %1 = composite_construct 0.5:float, 0.5:float : float2
          %2 = texture_sample_level @g0, @g1, %1, 0.0:float : float4
          ret %2
        }

        entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
    "#]]
    .assert_eq(&d[start..]);
}

/// The first call reads the local before anything was assigned: DXC's legalization fails
/// (E3020 at the read). A later call whose assignment depends on a run-time value leaves a
/// choice of resources that the next read cannot resolve (E3020 too).
#[test]
fn static_resource_local_read_unassigned_or_chosen_at_run_time() {
    let unassigned = lower_errors(
        r#"
RWStructuredBuffer<uint> A;
RWStructuredBuffer<uint> o;
uint h(RWStructuredBuffer<uint> x) {
    static RWStructuredBuffer<uint> t;
    uint r = t[0];
    t = x;
    return r;
}
[numthreads(1, 1, 1)]
void main() { o[0] = h(A) + h(A); }
"#,
    );
    assert!(unassigned.contains("E3020"), "{unassigned}");
    assert!(
        unassigned.contains("used before one is assigned"),
        "{unassigned}"
    );
    let chosen = lower_errors(
        r#"
RWStructuredBuffer<uint> A;
RWStructuredBuffer<uint> B;
RWStructuredBuffer<uint> o;
cbuffer C { uint k; };
uint h(RWStructuredBuffer<uint> x, bool set) {
    static RWStructuredBuffer<uint> t;
    if (set) t = x;
    return t[0];
}
[numthreads(1, 1, 1)]
void main() { o[0] = h(A, true); o[1] = h(B, k > 0); }
"#,
    );
    assert!(chosen.contains("E3020"), "{chosen}");
    assert!(chosen.contains("run-time control flow"), "{chosen}");
}

/// `static S s = make(x, k)` in a function called twice with different buffers: the
/// initializer runs on the first call only, so the second call reads the first call's buffer
/// and scale.
#[test]
fn static_struct_local_initialized_by_the_first_call() {
    let out = run_elements(
        r#"
struct S { RWStructuredBuffer<uint> b; uint k; };
RWStructuredBuffer<uint> A : register(u0);
RWStructuredBuffer<uint> B : register(u1);
RWStructuredBuffer<uint> o : register(u2);
S make(RWStructuredBuffer<uint> x, uint k) { S s; s.b = x; s.k = k; return s; }
uint h(RWStructuredBuffer<uint> x, uint k) {
    static S s = make(x, k);
    s.k += 1;
    return s.b[0] * s.k;
}
[numthreads(1, 1, 1)]
void main() {
    o[0] = h(A, 2);
    o[1] = h(B, 5);
}
"#,
        &[(0, 0, &[7]), (1, 0, &[100]), (2, 0, &[0; 2])],
        2,
    );
    assert_eq!(out, [21, 28]);
}

/// Whether the initializer already ran depends on a run-time condition (the first call is
/// inside an `if`): DXC's legalization fails, E3020 at the initializer.
#[test]
fn static_struct_local_first_call_chosen_at_run_time() {
    let e = lower_errors(
        r#"
struct S { RWStructuredBuffer<uint> b; uint k; };
RWStructuredBuffer<uint> A;
RWStructuredBuffer<uint> B;
RWStructuredBuffer<uint> o;
cbuffer C { uint n; };
S make(RWStructuredBuffer<uint> x, uint k) { S s; s.b = x; s.k = k; return s; }
uint h(RWStructuredBuffer<uint> x, uint k) { static S s = make(x, k); return s.b[0] * s.k; }
[numthreads(1, 1, 1)]
void main() {
    if (n > 0) o[1] = h(A, 1);
    o[0] = h(B, 2);
}
"#,
    );
    assert!(e.contains("E3020"), "{e}");
    assert!(e.contains("run-time control flow"), "{e}");
}

// Task res8: the last forms of a called function's `static` resource local.

/// `static ... t = x;` with `x` a parameter: the initializer runs on the first call only, so
/// every later call reads the first call's buffer, whatever it passes.
#[test]
fn static_resource_local_initialized_by_a_parameter_keeps_the_first() {
    let out = run_elements(
        r#"
RWStructuredBuffer<uint> A : register(u0);
RWStructuredBuffer<uint> B : register(u1);
RWStructuredBuffer<uint> o : register(u2);
uint h(RWStructuredBuffer<uint> x) {
    static RWStructuredBuffer<uint> t = x;
    return t[0];
}
uint g(RWStructuredBuffer<uint> x) {
    static RWStructuredBuffer<uint> t = x;
    uint r = t[0];
    t = B;
    return r;
}
[numthreads(1, 1, 1)]
void main() {
    o[0] = h(B);
    o[1] = h(A);
    o[2] = g(A);
    o[3] = g(A);
}
"#,
        &[(0, 0, &[4]), (1, 0, &[6]), (2, 0, &[0; 4])],
        2,
    );
    assert_eq!(out, [6, 6, 4, 6]);
}

/// Whether the parameter initializer already ran depends on a run-time condition: E3020
/// at the initializer.
#[test]
fn static_resource_local_parameter_initializer_first_call_chosen_at_run_time() {
    let e = lower_errors(
        r#"
RWStructuredBuffer<uint> A;
RWStructuredBuffer<uint> B;
RWStructuredBuffer<uint> o;
cbuffer C { uint n; };
uint h(RWStructuredBuffer<uint> x) { static RWStructuredBuffer<uint> t = x; return t[0]; }
[numthreads(1, 1, 1)]
void main() {
    if (n > 0) o[1] = h(A);
    o[0] = h(B);
}
"#,
    );
    assert!(e.contains("E3020"), "{e}");
    assert!(e.contains("run-time control flow"), "{e}");
    // At the initializer `x`.
    assert!(e.contains("E3020 181..182"), "{e}");
}

/// A struct `static` local without an initializer, read before the call assigns its
/// buffer: each call reads what the one before left. The first call, which has nothing to
/// read yet, only assigns; read there, it is E3020.
#[test]
fn static_struct_local_without_initializer_flows_through_calls() {
    let src = |first: &str| {
        format!(
            r#"
struct S {{ RWStructuredBuffer<uint> b; uint k; }};
RWStructuredBuffer<uint> A : register(u0);
RWStructuredBuffer<uint> B : register(u1);
RWStructuredBuffer<uint> o : register(u2);
uint h(RWStructuredBuffer<uint> x, bool read) {{
    static S s;
    uint r = 0;
    if (read) r = s.b[0] + s.k;
    s.b = x;
    s.k += 10;
    return r;
}}
[numthreads(1, 1, 1)]
void main() {{
    o[0] = h(A, {first});
    o[1] = h(B, true);
    o[2] = h(A, true);
}}
"#
        )
    };
    let out = run_elements(
        &src("false"),
        &[(0, 0, &[3]), (1, 0, &[5]), (2, 0, &[0; 3])],
        2,
    );
    assert_eq!(out, [0, 13, 25]);
    let e = lower_errors(&src("true"));
    assert!(e.contains("E3020"), "{e}");
    assert!(e.contains("used before one is assigned"), "{e}");
}

/// `static S s = { A, 1 }; ... s.b = x;`: the list runs on the first call only, later
/// calls read what the one before assigned.
#[test]
fn static_struct_local_list_initializer_then_parameter_flows() {
    let out = run_elements(
        r#"
struct S { RWStructuredBuffer<uint> b; uint k; };
RWStructuredBuffer<uint> A : register(u0);
RWStructuredBuffer<uint> B : register(u1);
RWStructuredBuffer<uint> o : register(u2);
uint h(RWStructuredBuffer<uint> x) {
    static S s = { A, 1 };
    uint r = s.b[0] * s.k;
    s.b = x;
    s.k += 1;
    return r;
}
[numthreads(1, 1, 1)]
void main() { o[0] = h(B); o[1] = h(A); o[2] = h(B); }
"#,
        &[(0, 0, &[7]), (1, 0, &[100]), (2, 0, &[0; 3])],
        2,
    );
    assert_eq!(out, [7, 200, 21]);
}

/// `static S s = { A, 1 }; s.b = B;`: a known buffer the list does not name flows the same
/// way (the first call reads `A`, later ones `B`); a struct assigned its buffer before each
/// read still reads the call's own.
#[test]
fn static_struct_local_list_then_other_known_buffer_flows() {
    let out = run_elements(
        r#"
struct S { RWStructuredBuffer<uint> b; uint k; };
RWStructuredBuffer<uint> A : register(u0);
RWStructuredBuffer<uint> B : register(u1);
RWStructuredBuffer<uint> o : register(u2);
uint h() {
    static S s = { A, 1 };
    uint r = s.b[0] * s.k;
    s.b = B;
    return r;
}
uint p(RWStructuredBuffer<uint> x) { static S s; s.b = x; return s.b[0]; }
[numthreads(1, 1, 1)]
void main() { o[0] = h(); o[1] = h(); o[2] = p(A) * 1000 + p(B); }
"#,
        &[(0, 0, &[7]), (1, 0, &[100]), (2, 0, &[0; 3])],
        2,
    );
    assert_eq!(out, [7, 100, 7100]);
}

/// A struct `static` local without an initializer whose buffer member is given two
/// different known buffers flows too: each call reads what the one before left.
#[test]
fn static_struct_local_given_two_known_buffers_flows() {
    let out = run_elements(
        r#"
struct S { RWStructuredBuffer<uint> b; uint k; };
RWStructuredBuffer<uint> A : register(u0);
RWStructuredBuffer<uint> B : register(u1);
RWStructuredBuffer<uint> o : register(u2);
uint h(bool first) {
    static S s;
    uint r = 0;
    if (!first) r = s.b[0];
    s.b = A;
    if (!first) s.b = B;
    return r;
}
[numthreads(1, 1, 1)]
void main() { o[0] = h(true); o[1] = h(false); o[2] = h(false); }
"#,
        &[(0, 0, &[7]), (1, 0, &[100]), (2, 0, &[0; 3])],
        2,
    );
    assert_eq!(out, [0, 7, 100]);
}
