//! Forms of issue #4 item 4 left after res8 (task res9): `static` locals and globals holding
//! resources that flow through calls (`static_flow`, `static_local_slots`), run on the
//! interpreter, and the forms DXC's legalization refuses too (E3020, with their ranges).

mod common;

use common::{lower_errors, run_elements};

/// `static S s = { A, B, 1 }; ... s.t = B;` (`t` was `A`): the list runs on the first call
/// only, so the first call reads `A` and the second what the first left, `B`.
#[test]
fn static_struct_local_list_member_given_another_listed_buffer() {
    let out = run_elements(
        r#"
struct S { RWStructuredBuffer<uint> t; RWStructuredBuffer<uint> u; uint k; };
RWStructuredBuffer<uint> A : register(u0);
RWStructuredBuffer<uint> B : register(u1);
RWStructuredBuffer<uint> o : register(u2);
uint h() {
    static S s = { A, B, 1 };
    uint r = s.t[0] * s.k + s.u[0];
    s.t = B;
    s.k += 1;
    return r;
}
[numthreads(1, 1, 1)]
void main() {
    o[0] = h();
    o[1] = h();
    o[2] = h();
}
"#,
        &[(0, 0, &[3]), (1, 0, &[100]), (2, 0, &[0; 3])],
        2,
    );
    assert_eq!(out, [3 + 100, 200 + 100, 300 + 100]);
}

/// A struct `static` local without an initializer given `A` by an assignment and then `B`
/// by its method: a later call reads `B`.
#[test]
fn static_struct_local_rebound_by_its_method() {
    let out = run_elements(
        r#"
struct S {
    RWStructuredBuffer<uint> t;
    void set(RWStructuredBuffer<uint> x) { t = x; }
};
RWStructuredBuffer<uint> A : register(u0);
RWStructuredBuffer<uint> B : register(u1);
RWStructuredBuffer<uint> o : register(u2);
uint h(bool first) {
    static S s;
    uint r = 0;
    if (!first) r = s.t[0];
    s.t = A;
    s.set(B);
    return r;
}
[numthreads(1, 1, 1)]
void main() {
    o[0] = h(true);
    o[1] = h(false);
}
"#,
        &[(0, 0, &[3]), (1, 0, &[100]), (2, 0, &[0; 2])],
        2,
    );
    assert_eq!(out, [0, 100]);
}

/// The same local rebound by a function taking it `inout` (its data part, a private
/// global, goes through a temporary): the second call reads what `rebind` gave it.
#[test]
fn static_struct_local_rebound_by_an_inout_call() {
    let out = run_elements(
        r#"
struct S { RWStructuredBuffer<uint> t; uint k; };
RWStructuredBuffer<uint> A : register(u0);
RWStructuredBuffer<uint> B : register(u1);
RWStructuredBuffer<uint> o : register(u2);
void rebind(inout S s) { s.t = B; s.k = s.k + 5; }
uint h(bool first) {
    static S s;
    uint r = 0;
    if (!first) r = s.t[0] + s.k;
    s.t = A;
    s.k = 1;
    rebind(s);
    return r;
}
[numthreads(1, 1, 1)]
void main() {
    o[0] = h(true);
    o[1] = h(false);
}
"#,
        &[(0, 0, &[3]), (1, 0, &[100]), (2, 0, &[0; 2])],
        2,
    );
    assert_eq!(out, [0, 106]);
}

/// `static ... t = Bufs[i];` in a called function, `i` a parameter: the initializer runs on
/// the first call only, so every call reads the first call's element, also through a
/// caller in between and after a call under a run-time `if` that leaves it as it was.
#[test]
fn static_resource_local_keeps_the_first_calls_element() {
    let out = run_elements(
        r#"
RWStructuredBuffer<uint> Bufs[3] : register(u0);
RWStructuredBuffer<uint> o : register(u3);
cbuffer C : register(b0) { uint k; };
uint h(uint i) {
    static RWStructuredBuffer<uint> t = Bufs[i];
    return t[0];
}
uint g(uint i) { return h(i) * 10; }
[numthreads(1, 1, 1)]
void main() {
    uint i = o[3];
    o[0] = h(i);
    o[1] = g(i + 1);
    if (o[4] > 0) o[2] = h(0);
    o[5] = h(2);
}
"#,
        &[
            (0, 0, &[7]),
            (0, 1, &[8]),
            (0, 2, &[9]),
            (3, 0, &[0, 0, 0, 1, 1, 0]),
        ],
        3,
    );
    assert_eq!(out, [8, 80, 8, 1, 1, 8]);
}

/// `static ... t = Bufs[i];` whose first call is under a run-time `if`: whether the
/// initializer runs at the second call depends on run-time control flow, which DXC's
/// legalization cannot resolve either: E3020 at the initializer.
#[test]
fn static_resource_local_element_first_called_under_a_run_time_if() {
    let text = r#"
RWStructuredBuffer<uint> Bufs[3];
RWStructuredBuffer<uint> o;
uint h(uint i) {
    static RWStructuredBuffer<uint> t = Bufs[i];
    return t[0];
}
[numthreads(1, 1, 1)]
void main() {
    if (o[4] > 0) o[2] = h(0);
    o[0] = h(o[3]);
}
"#;
    let e = lower_errors(text);
    let at = text.find("Bufs[i]").unwrap();
    assert!(
        e.contains(&format!("E3020 {}..{}", at, at + "Bufs[i]".len())),
        "{e}"
    );
    assert!(e.contains("run-time control flow"), "{e}");
}

/// `static ... t = Bufs[k];` (a global, `k` a cbuffer value) that a function also assigns:
/// it starts as the element at `k` (computed once) and flows through the calls.
#[test]
fn static_global_element_at_a_run_time_index_then_assigned() {
    let out = run_elements(
        r#"
RWStructuredBuffer<uint> Bufs[3] : register(u0);
RWStructuredBuffer<uint> B : register(u3);
RWStructuredBuffer<uint> o : register(u4);
static RWStructuredBuffer<uint> t = Bufs[o[3]];
uint read() { return t[0]; }
void set() { t = B; }
[numthreads(1, 1, 1)]
void main() {
    o[0] = read();
    set();
    o[1] = read();
    o[3] = 0;
}
"#,
        &[
            (0, 0, &[7]),
            (0, 1, &[8]),
            (0, 2, &[9]),
            (3, 0, &[50]),
            (4, 0, &[0, 0, 0, 2]),
        ],
        4,
    );
    assert_eq!(out, [9, 50, 0, 0]);
}

/// The same static assigned under a run-time `if` in a helper: its use after the call
/// names one of two resources chosen at run time (E3020 at the use).
#[test]
fn static_global_element_assigned_under_a_run_time_if() {
    let text = r#"
RWStructuredBuffer<uint> Bufs[3];
RWStructuredBuffer<uint> B;
RWStructuredBuffer<uint> o;
static RWStructuredBuffer<uint> t = Bufs[o[3]];
void set() { if (o[2] > 0) t = B; }
[numthreads(1, 1, 1)]
void main() {
    set();
    o[0] = t[0];
}
"#;
    let e = lower_errors(text);
    let at = text.find("t[0]").unwrap();
    assert!(e.contains(&format!("E3020 {}..{}", at, at + 1)), "{e}");
}

/// A struct `static` global without an initializer: the entry assigns its buffer, a helper
/// rebinds it, and each read sees the buffer last given; its data part starts unset.
#[test]
fn static_struct_global_without_an_initializer() {
    let out = run_elements(
        r#"
struct M { RWStructuredBuffer<uint> t; uint k; };
RWStructuredBuffer<uint> A : register(u0);
RWStructuredBuffer<uint> B : register(u1);
RWStructuredBuffer<uint> o : register(u2);
static M gs;
static RWStructuredBuffer<uint> arr[2];
void set() { gs.t = B; gs.k = 2; }
[numthreads(1, 1, 1)]
void main() {
    gs.t = A;
    gs.k = 1;
    o[0] = gs.t[0] * gs.k;
    set();
    o[1] = gs.t[0] * gs.k;
    arr[0] = B;
    arr[1] = A;
    o[2] = arr[1][0] + arr[0][0];
}
"#,
        &[(0, 0, &[3]), (1, 0, &[100]), (2, 0, &[0; 3])],
        2,
    );
    assert_eq!(out, [3, 200, 103]);
}

/// A struct `static` global read before anything assigns its buffer.
#[test]
fn static_struct_global_without_an_initializer_read_first() {
    // `gs.t` is never assigned: an undefined buffer, as DXC's legalization leaves its
    // never-stored private variable (res17; was E3020 at the use).
    let text = r#"
struct M { RWStructuredBuffer<uint> t; uint k; };
RWStructuredBuffer<uint> o;
static M gs;
[numthreads(1, 1, 1)]
void main() { o[0] = gs.t[0]; }
"#;
    let ir = common::dump(text);
    assert!(ir.contains("undefined.buffer"), "{ir}");
}

/// Struct `static` globals initialized by lists flattened (`{ A, 1, 2 }`) or nested other
/// than the struct is (`{ { A, 1 }, 2, Bufs }`), by HLSL's flat rule.
#[test]
fn static_struct_globals_initialized_by_flattened_lists() {
    let out = run_elements(
        r#"
struct M { RWStructuredBuffer<uint> t; uint2 k; };
struct N { M m; RWStructuredBuffer<uint> u[2]; };
RWStructuredBuffer<uint> A : register(u0);
RWStructuredBuffer<uint> Bufs[2] : register(u1);
RWStructuredBuffer<uint> o : register(u3);
static M m = { A, 1, 2 };
static N n = { { Bufs[1], 3 }, 4, Bufs };
[numthreads(1, 1, 1)]
void main() {
    o[0] = m.t[0] * m.k.y + m.k.x;
    o[1] = n.m.t[0] * n.m.k.x + n.m.k.y;
    o[2] = n.u[0][0];
}
"#,
        &[(0, 0, &[5]), (1, 0, &[7]), (1, 1, &[9]), (3, 0, &[0; 3])],
        3,
    );
    assert_eq!(out, [11, 31, 7]);
}

/// `static` resources initialized by a member of a struct static (`gs.t`) and by an
/// element at a run-time index of a `static` array holding a whole global array in order.
#[test]
fn static_resources_initialized_by_a_member_or_a_static_array_element() {
    let out = run_elements(
        r#"
struct M { RWStructuredBuffer<uint> t; RWStructuredBuffer<uint> u[2]; uint k; };
RWStructuredBuffer<uint> A : register(u0);
RWStructuredBuffer<uint> Bufs[2] : register(u1);
RWStructuredBuffer<uint> o : register(u3);
static M gs = { A, Bufs, 3 };
static RWStructuredBuffer<uint> t = gs.t;
static RWStructuredBuffer<uint> u = gs.u[1];
static RWStructuredBuffer<uint> all[2] = Bufs;
static RWStructuredBuffer<uint> w = all[o[3]];
[numthreads(1, 1, 1)]
void main() {
    o[0] = t[0];
    o[1] = u[0];
    o[2] = w[0];
}
"#,
        &[
            (0, 0, &[5]),
            (1, 0, &[7]),
            (1, 1, &[9]),
            (3, 0, &[0, 0, 0, 0]),
        ],
        3,
    );
    assert_eq!(out, [5, 9, 7, 0]);
}

/// A `static` resource initialized by an element of a `static` array of different
/// resources at a run-time index: E3020 at the initializer (DXC cannot remove the array).
#[test]
fn static_resource_from_a_static_array_at_a_run_time_index() {
    let text = r#"
RWStructuredBuffer<uint> A;
RWStructuredBuffer<uint> B;
RWStructuredBuffer<uint> o;
static RWStructuredBuffer<uint> pair[2] = { B, A };
static RWStructuredBuffer<uint> w = pair[o[3]];
[numthreads(1, 1, 1)]
void main() { o[0] = w[0]; }
"#;
    let e = lower_errors(text);
    let at = text.find("w = pair").unwrap();
    assert!(
        e.contains(&format!("E3020 {}..{}", at, at + "w = pair[o[3]]".len())),
        "{e}"
    );
    assert!(e.contains("index known only at run time"), "{e}");
}

/// `static` globals initialized by calls with arguments: a resource global and constants
/// pick the callee's copy, as a call in a function would (`pick(1)` returns `Bufs[1]`,
/// `make(B, 3)` a struct holding `B`), and the data part comes from the same call.
#[test]
fn static_globals_initialized_by_calls_with_arguments() {
    let out = run_elements(
        r#"
struct M { RWStructuredBuffer<uint> t; uint k; };
RWStructuredBuffer<uint> Bufs[2] : register(u0);
RWStructuredBuffer<uint> B : register(u2);
RWStructuredBuffer<uint> o : register(u3);
RWStructuredBuffer<uint> pick(uint i) { return Bufs[i]; }
M make(RWStructuredBuffer<uint> x, uint k) { M m; m.t = x; m.k = k; return m; }
static RWStructuredBuffer<uint> t = pick(1);
static M s = make(B, 3);
[numthreads(1, 1, 1)]
void main() {
    o[0] = t[0];
    o[1] = s.t[0] * s.k;
}
"#,
        &[(0, 0, &[7]), (0, 1, &[9]), (2, 0, &[5]), (3, 0, &[0; 2])],
        3,
    );
    assert_eq!(out, [9, 15]);
}

/// `static ... t = pick();` with `pick` returning an element at a run-time index: the
/// index `pick` hands back is stored once, before the entry runs, so a later change of what
/// it read does not move the static.
#[test]
fn static_global_initialized_by_a_call_returning_a_run_time_element() {
    let out = run_elements(
        r#"
RWStructuredBuffer<uint> Bufs[3] : register(u0);
RWStructuredBuffer<uint> o : register(u3);
RWStructuredBuffer<uint> pick() { return Bufs[o[2]]; }
static RWStructuredBuffer<uint> t = pick();
[numthreads(1, 1, 1)]
void main() {
    o[0] = t[0];
    o[2] = 0;
    o[1] = t[0];
}
"#,
        &[(0, 0, &[7]), (0, 1, &[8]), (0, 2, &[9]), (3, 0, &[0, 0, 2])],
        3,
    );
    assert_eq!(out, [9, 9, 0]);
}

/// Calls in `static` initializers leaving out a default argument, or given a constant
/// element of a resource array (handed back by index, as in a function).
#[test]
fn static_globals_initialized_by_calls_with_defaults_and_elements() {
    let out = run_elements(
        r#"
RWStructuredBuffer<uint> Bufs[3] : register(u0);
RWStructuredBuffer<uint> o : register(u3);
RWStructuredBuffer<uint> id(RWStructuredBuffer<uint> x, uint unused = 4) { return x; }
static RWStructuredBuffer<uint> t = id(Bufs[2]);
static RWStructuredBuffer<uint> u = id(o);
[numthreads(1, 1, 1)]
void main() {
    o[0] = t[0];
    u[1] = 6;
}
"#,
        &[(0, 0, &[7]), (0, 1, &[8]), (0, 2, &[9]), (3, 0, &[0, 0])],
        3,
    );
    assert_eq!(out, [9, 6]);
}

/// A struct `static` initialized by a call handing back an element at a run-time index in
/// a member: `init_globals` runs the call once, storing its data and the index.
#[test]
fn static_struct_initialized_by_a_call_handing_back_a_run_time_element() {
    let out = run_elements(
        r#"
struct M { RWStructuredBuffer<uint> t; uint k; };
RWStructuredBuffer<uint> Bufs[3] : register(u0);
RWStructuredBuffer<uint> o : register(u3);
M make() { M m; m.t = Bufs[o[2]]; m.k = 2; return m; }
static M s = make();
[numthreads(1, 1, 1)]
void main() {
    o[2] = 0;
    o[0] = s.t[0] * s.k;
}
"#,
        &[(0, 0, &[7]), (0, 1, &[8]), (0, 2, &[9]), (3, 0, &[0, 0, 1])],
        3,
    );
    assert_eq!(out, [16, 0, 0]);
}
