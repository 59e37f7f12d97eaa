//! The resource forms DXC's legalization resolves at compile time (`lower/src/resource_choice.rs`
//! and `resource_structs.rs`): `?:` and `if` choosing a resource by a constant condition,
//! functions returning a resource chosen by a constant argument; the E3020 errors where the
//! choice is made at run time. IR snapshots (each dump verified) and interpreter runs with
//! hand-computed results.

mod common;

use expect_test::{expect, Expect};

fn check(text: &str, expect: Expect) {
    expect.assert_eq(&common::dump(text));
}

use common::{as_u32, lower_errors as errors, run_u32 as run, words_u32 as words};
use interp::{dispatch, Bindings, Program, ProgramOptions, Resource, RunOptions};

const CHOICE: &str = r#"
RWStructuredBuffer<uint> First : register(u0);
RWStructuredBuffer<uint> Second : register(u1);
static const int MODE = 1;
RWStructuredBuffer<uint> pick(int which) {
    if (which == 0) { return First; } else { return Second; }
}
[numthreads(1, 1, 1)]
void main() {
    RWStructuredBuffer<uint> t = MODE > 0 ? Second : First;
    t[0] = 10;
    pick(0)[1] = 20;
    pick(MODE)[2] = 30;
    RWStructuredBuffer<uint> u;
    if (!(MODE == 1)) { u = Second; } else { u = First; }
    u[3] = 40;
}
"#;

#[test]
fn constant_conditions_choose_the_resource() {
    // `MODE > 0` holds, so `t` is `Second`; `pick` has a copy per constant argument, each
    // returning one global (its `if` still branches; only the bindings are resolved); the
    // `if` on `!(MODE == 1)` runs its `else` arm, so `u` is `First`.
    check(
        CHOICE,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(1) layout(relaxed_std430) ; Second
            @g1 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; First
            @g2 = private int = 1:int ; MODE

            func @main_body() -> void {
            bb0: ; selection merge=bb3 (entry)
              %0 = access_chain @g0, 0:int : ptr<storage_buffer, uint>
              store %0, 10:uint
              call @pick(0:int)
              %1 = access_chain @g1, 1:int : ptr<storage_buffer, uint>
              store %1, 20:uint
              %2 = load @g2 : int
              call @pick.1(%2)
              %3 = access_chain @g0, 2:int : ptr<storage_buffer, uint>
              store %3, 30:uint
              %4 = load @g2 : int
              %5 = eq %4, 1:int : bool
              %6 = logical_not %5 : bool
              cond_br %6, bb1, bb2
            bb1: ; (if.then)
              br bb3
            bb2: ; (if.else)
              br bb3
            bb3: ; (if.merge)
              %7 = access_chain @g1, 3:int : ptr<storage_buffer, uint>
              store %7, 40:uint
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            func @pick(%arg0: int) -> void {
            bb0: ; selection merge=bb3 (entry)
              %0 = alloca : ptr<function, int> ; which
              store %0, %arg0
              %1 = eq 0:int, 0:int : bool
              cond_br %1, bb1, bb2
            bb1: ; (if.then)
              ret
            bb2: ; (if.else)
              ret
            bb3: ; (if.merge)
              unreachable
            }

            func @pick.1(%arg0: int) -> void {
            bb0: ; selection merge=bb3 (entry)
              %0 = alloca : ptr<function, int> ; which
              store %0, %arg0
              %1 = eq 1:int, 0:int : bool
              cond_br %1, bb1, bb2
            bb1: ; (if.then)
              ret
            bb2: ; (if.else)
              ret
            bb3: ; (if.merge)
              unreachable
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

#[test]
fn constant_conditions_run() {
    // First gets 20 at [1] (pick(0)) and 40 at [3] (u); Second 10 at [0] (t) and 30 at [2]
    // (pick(1)).
    let out = run(CHOICE, vec![vec![0; 4], vec![0; 4]]);
    assert_eq!(out[0], vec![0, 20, 0, 40]);
    assert_eq!(out[1], vec![10, 0, 30, 0]);
}

#[test]
fn run_time_conditional_of_resources_is_an_error_at_the_choice() {
    let text = r#"
RWStructuredBuffer<uint> First : register(u0);
RWStructuredBuffer<uint> Second : register(u1);
[numthreads(2, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    (id.x > 0 ? First : Second)[id.x] = 1;
}
"#;
    let e = errors(text);
    assert!(e.starts_with("E3020"), "{e}");
    assert!(e.contains("known only at run time"), "{e}");
    // The range is the `?:` itself.
    let choice = "id.x > 0 ? First : Second";
    let at = text.find(choice).unwrap();
    assert!(e.contains(&format!("{at}..{}", at + choice.len())), "{e}");
}

#[test]
fn run_time_argument_choosing_the_returned_resource_is_an_error() {
    let e = errors(
        r#"
RWStructuredBuffer<uint> First : register(u0);
RWStructuredBuffer<uint> Second : register(u1);
RWStructuredBuffer<uint> pick(uint which) {
    if (which == 0) { return First; }
    return Second;
}
[numthreads(2, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    pick(id.x)[0] = 1;
}
"#,
    );
    assert!(e.starts_with("E3020"), "{e}");
    assert!(e.contains("depends on run-time control flow"), "{e}");
}

const HANDED_BACK: &str = r#"
RWStructuredBuffer<uint> First : register(u0);
RWStructuredBuffer<uint> Second : register(u1);
struct Pair { RWStructuredBuffer<uint> a; RWStructuredBuffer<uint> b; uint n; };
void swap(inout RWStructuredBuffer<uint> x, inout RWStructuredBuffer<uint> y) {
    RWStructuredBuffer<uint> t = x;
    x = y;
    y = t;
}
void choose(bool c, out RWStructuredBuffer<uint> r) { if (c) r = First; else r = Second; }
void flip(inout Pair p) {
    RWStructuredBuffer<uint> t = p.a;
    p.a = p.b;
    p.b = t;
    p.n += 1;
}
[numthreads(1, 1, 1)]
void main() {
    RWStructuredBuffer<uint> x = First;
    RWStructuredBuffer<uint> y = Second;
    swap(x, y);
    x[0] = 1;
    RWStructuredBuffer<uint> r;
    choose(false, r);
    r[1] = 2;
    Pair p = { First, Second, 5 };
    flip(p);
    p.a[2] = p.n;
    p.b[3] = 4;
}
"#;

#[test]
fn out_and_inout_parameters_hand_resources_back() {
    // `swap` takes no argument (its copy is for First, Second) and leaves `x` bound to
    // Second; `choose(false, r)` binds `r` to Second; `flip` takes a pointer to `p`'s data
    // (`n`) and swaps its buffers, so `p.a` is Second and `p.b` First afterwards.
    check(
        HANDED_BACK,
        expect![[r#"
            struct Pair { uint n; }

            @g0 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; First
            @g1 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(1) layout(relaxed_std430) ; Second

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, Pair> ; p
              call @swap()
              %1 = access_chain @g1, 0:int : ptr<storage_buffer, uint>
              store %1, 1:uint
              call @choose(false:bool)
              %2 = access_chain @g1, 1:int : ptr<storage_buffer, uint>
              store %2, 2:uint
              %3 = access_chain %0, 0:int : ptr<function, uint>
              store %3, 5:uint
              call @flip(%0)
              %4 = access_chain @g1, 2:int : ptr<storage_buffer, uint>
              %5 = access_chain %0, 0:int : ptr<function, uint>
              %6 = load %5 : uint
              store %4, %6
              %7 = access_chain @g0, 3:int : ptr<storage_buffer, uint>
              store %7, 4:uint
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            func @swap() -> void {
            bb0: ; (entry)
              ret
            }

            func @choose(%arg0: bool) -> void {
            bb0: ; selection merge=bb3 (entry)
              %0 = alloca : ptr<function, bool> ; c
              store %0, %arg0
              cond_br false:bool, bb1, bb2
            bb1: ; (if.then)
              br bb3
            bb2: ; (if.else)
              br bb3
            bb3: ; (if.merge)
              ret
            }

            func @flip(%arg0: ptr<function, Pair>) -> void {
            bb0: ; (entry)
              %0 = access_chain %arg0, 0:int : ptr<function, uint>
              %1 = load %0 : uint
              %2 = add %1, 1:uint : uint
              store %0, %2
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

#[test]
fn out_and_inout_parameters_run() {
    // Second: [0] = 1 (x after the swap), [1] = 2 (r), [2] = 6 (p.n after flip); First:
    // [3] = 4 (p.b after flip).
    let out = run(HANDED_BACK, vec![vec![0; 4], vec![0; 4]]);
    assert_eq!(out[0], vec![0, 0, 0, 4]);
    assert_eq!(out[1], vec![1, 2, 6, 0]);
}

#[test]
fn out_resource_chosen_at_run_time_is_an_error_at_the_parameter() {
    let text = r#"
RWStructuredBuffer<uint> First : register(u0);
RWStructuredBuffer<uint> Second : register(u1);
void choose(bool c, out RWStructuredBuffer<uint> r) { if (c) r = First; else r = Second; }
[numthreads(2, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    RWStructuredBuffer<uint> r;
    choose(id.x > 0, r);
    r[1] = 2;
}
"#;
    let e = errors(text);
    assert!(e.starts_with("E3020"), "{e}");
    assert!(e.contains("depends on run-time control flow"), "{e}");
    // One error, at the parameter `r` of `choose`.
    assert_eq!(e.lines().count(), 1, "{e}");
    let at = text.find("> r)").unwrap() + 2;
    assert!(e.contains(&format!("{at}..{}", at + 1)), "{e}");
}

const STATICS: &str = r#"
RWStructuredBuffer<uint> Items : register(u0);
RWStructuredBuffer<uint> Counts : register(u1);
struct Sink {
    RWStructuredBuffer<uint> items;
    RWStructuredBuffer<uint> count;
    uint bias;
    void put(uint i, uint v) { items[i] = v + bias; count[0] += 1; }
};
Sink makeSink() { Sink s; s.items = Items; s.count = Counts; s.bias = 100; return s; }
static Sink gSink = makeSink();
static Sink gSwapped = { Counts, Items, 7 };
static RWStructuredBuffer<uint> gLast = Counts;
void fill(Sink s, uint v) { s.put(v, v); }
[numthreads(1, 1, 1)]
void main() {
    gSink.put(0, 1);
    fill(gSwapped, 2);
    gLast[3] = gSink.bias + gSwapped.bias;
}
"#;

#[test]
fn static_globals_holding_resources_name_their_initializers_resources() {
    // The statics' data parts (`bias`) are private globals set by `init_globals`; their
    // resources are the initializers' globals, used directly: `gSink.put` is the copy for
    // (Items, Counts) and takes a temporary copy of `gSink`'s data as `this`, copied back;
    // `fill(gSwapped, 2)` the copy for (Counts, Items); `gLast` is Counts.
    check(
        STATICS,
        expect![[r#"
            struct Sink { uint bias; }

            @g0 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(1) layout(relaxed_std430) ; Counts
            @g1 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; Items
            @g2 = private Sink ; gSink
            @g3 = private Sink ; gSwapped

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, Sink>
              %1 = load @g2 : Sink
              store %0, %1
              call @Sink.put(%0, 0:uint, 1:uint)
              %2 = load %0 : Sink
              store @g2, %2
              %3 = load @g3 : Sink
              call @fill(%3, 2:uint)
              %4 = access_chain @g0, 3:int : ptr<storage_buffer, uint>
              %5 = access_chain @g2, 0:int : ptr<private, uint>
              %6 = load %5 : uint
              %7 = access_chain @g3, 0:int : ptr<private, uint>
              %8 = load %7 : uint
              %9 = add %6, %8 : uint
              store %4, %9
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @init_globals()
              call @main_body()
              ret
            }

            func @makeSink() -> Sink {
            bb0: ; (entry)
              %0 = alloca : ptr<function, Sink> ; s
              %1 = access_chain %0, 0:int : ptr<function, uint>
              store %1, 100:uint
              %2 = load %0 : Sink
              ret %2
            }

            func @Sink.put(%arg0: ptr<function, Sink>, %arg1: uint, %arg2: uint) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; i
              %1 = alloca : ptr<function, uint> ; v
              store %0, %arg1
              store %1, %arg2
              %2 = load %0 : uint
              %3 = access_chain @g1, %2 : ptr<storage_buffer, uint>
              %4 = load %1 : uint
              %5 = access_chain %arg0, 0:int : ptr<function, uint>
              %6 = load %5 : uint
              %7 = add %4, %6 : uint
              store %3, %7
              %8 = access_chain @g0, 0:int : ptr<storage_buffer, uint>
              %9 = load %8 : uint
              %10 = add %9, 1:uint : uint
              store %8, %10
              ret
            }

            func @fill(%arg0: Sink, %arg1: uint) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, Sink> ; s
              %1 = alloca : ptr<function, uint> ; v
              store %0, %arg0
              store %1, %arg1
              %2 = load %1 : uint
              %3 = load %1 : uint
              call @Sink.put.1(%0, %2, %3)
              ret
            }

            func @Sink.put.1(%arg0: ptr<function, Sink>, %arg1: uint, %arg2: uint) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; i
              %1 = alloca : ptr<function, uint> ; v
              store %0, %arg1
              store %1, %arg2
              %2 = load %0 : uint
              %3 = access_chain @g0, %2 : ptr<storage_buffer, uint>
              %4 = load %1 : uint
              %5 = access_chain %arg0, 0:int : ptr<function, uint>
              %6 = load %5 : uint
              %7 = add %4, %6 : uint
              store %3, %7
              %8 = access_chain @g1, 0:int : ptr<storage_buffer, uint>
              %9 = load %8 : uint
              %10 = add %9, 1:uint : uint
              store %8, %10
              ret
            }

            func @init_globals() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, Sink>
              %1 = call @makeSink() : Sink
              store %0, %1
              %2 = load %0 : Sink
              store @g2, %2
              %3 = access_chain @g3, 0:int : ptr<private, uint>
              store %3, 7:uint
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

#[test]
fn static_globals_holding_resources_run() {
    // gSink.put(0, 1): Items[0] = 1 + 100, Counts[0] += 1. fill(gSwapped, 2): Counts[2] =
    // 2 + 7, Items[0] += 1. gLast[3] = 100 + 7.
    let out = run(STATICS, vec![vec![0; 4], vec![0; 4]]);
    assert_eq!(out[0], vec![102, 0, 0, 0]);
    assert_eq!(out[1], vec![1, 0, 9, 107]);
}

#[test]
fn assigning_to_a_static_holding_resources_in_a_called_function_flows_back() {
    // Assigned a resource other than its initializer's in a function other than the one
    // using it: the static's resource flows back from the call (`static_flow`), so the
    // store writes `Counts`.
    let out = common::run_u32(
        r#"
RWStructuredBuffer<uint> Items : register(u0);
RWStructuredBuffer<uint> Counts : register(u1);
static RWStructuredBuffer<uint> gOut = Items;
void retarget() { gOut = Counts; }
[numthreads(1, 1, 1)]
void main() {
    gOut[0] = 2;
    retarget();
    gOut[0] = 1;
}
"#,
        vec![vec![0], vec![0]],
    );
    assert_eq!(out, [vec![2], vec![1]]);
}

const RAY_QUERY_PARAMS: &str = r#"
RaytracingAccelerationStructure Scene : register(t0);
RWStructuredBuffer<uint> Out : register(u1);
void launch(inout RayQuery<RAY_FLAG_CULL_NON_OPAQUE> q, float3 dir) {
    RayDesc r;
    r.Origin = 0;
    r.Direction = dir;
    r.TMin = 0;
    r.TMax = 100;
    q.TraceRayInline(Scene, RAY_FLAG_NONE, 0xff, r);
    while (q.Proceed()) {}
}
uint status(RayQuery<RAY_FLAG_CULL_NON_OPAQUE> q) { return q.CommittedStatus(); }
[numthreads(1, 1, 1)]
void main() {
    RayQuery<RAY_FLAG_CULL_NON_OPAQUE> q;
    launch(q, float3(0, 0, 1));
    Out[0] = status(q);
}
"#;

#[test]
fn ray_queries_are_passed_by_reference() {
    // Both `launch` (inout) and `status` (in) take a pointer to `main`'s query variable;
    // nothing copies the query.
    let dump = common::dump(RAY_QUERY_PARAMS);
    let calls: Vec<&str> = dump
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("call @") || l.contains("= call @"))
        .collect();
    expect![[r#"
        [
            "call @launch(%0, %1)",
            "%3 = call @status(%0) : uint",
            "call @main_body()",
        ]
    "#]]
    .assert_debug_eq(&calls);
    assert!(
        dump.contains("func @launch(%arg0: ptr<function, RayQuery<"),
        "{dump}"
    );
    assert!(
        dump.contains("func @status(%arg0: ptr<function, RayQuery<"),
        "{dump}"
    );
}

#[test]
fn copying_a_ray_query_is_refused_as_dxc_does() {
    for body in ["RayQuery<0> b = q;", "RayQuery<0> b; b = q;"] {
        let text =
            format!("[numthreads(1, 1, 1)]\nvoid main() {{\n    RayQuery<0> q;\n    {body}\n}}\n");
        let e = errors(&text);
        assert!(e.starts_with("E3004"), "{e}");
        assert!(
            e.contains("store value of type 'RayQuery<0>' is unsupported"),
            "{e}"
        );
    }
}

const UNASSIGNED: &str = r#"
RWStructuredBuffer<uint> Data : register(u0);
struct Tables {
    RWStructuredBuffer<uint> main;
    RWStructuredBuffer<uint> spare;
    uint base;
    void put(uint i) { main[i] = base + i; }
    RWStructuredBuffer<uint> first() { return main; }
};
void putTwice(Tables t, uint i) { t.put(i); t.put(i + 1); }
[numthreads(1, 1, 1)]
void main() {
    Tables t;
    t.main = Data;
    t.base = 10;
    t.put(0);
    Tables u = t;
    putTwice(u, 2);
    u.first()[3] = 7;
}
"#;

#[test]
fn members_never_assigned_travel_unused() {
    // `spare` is never assigned: the calls on `t` and `u` and the copy `u = t` still work,
    // with copies of `put` and `putTwice` for (Data, unassigned).
    check(
        UNASSIGNED,
        expect![[r#"
            struct Tables { uint base; }

            @g0 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; Data

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, Tables> ; t
              %1 = alloca : ptr<function, Tables> ; u
              %2 = access_chain %0, 0:int : ptr<function, uint>
              store %2, 10:uint
              call @Tables.put(%0, 0:uint)
              %3 = load %0 : Tables
              store %1, %3
              %4 = load %1 : Tables
              call @putTwice(%4, 2:uint)
              call @Tables.first(%1)
              %5 = access_chain @g0, 3:int : ptr<storage_buffer, uint>
              store %5, 7:uint
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            func @Tables.put(%arg0: ptr<function, Tables>, %arg1: uint) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; i
              store %0, %arg1
              %1 = load %0 : uint
              %2 = access_chain @g0, %1 : ptr<storage_buffer, uint>
              %3 = access_chain %arg0, 0:int : ptr<function, uint>
              %4 = load %3 : uint
              %5 = load %0 : uint
              %6 = add %4, %5 : uint
              store %2, %6
              ret
            }

            func @putTwice(%arg0: Tables, %arg1: uint) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, Tables> ; t
              %1 = alloca : ptr<function, uint> ; i
              store %0, %arg0
              store %1, %arg1
              %2 = load %1 : uint
              call @Tables.put(%0, %2)
              %3 = load %1 : uint
              %4 = add %3, 1:uint : uint
              call @Tables.put(%0, %4)
              ret
            }

            func @Tables.first(%arg0: ptr<function, Tables>) -> void {
            bb0: ; (entry)
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

#[test]
fn members_never_assigned_run() {
    // put(0): Data[0] = 10; putTwice(u, 2): Data[2] = 12, Data[3] = 13; then Data[3] = 7.
    let out = run(UNASSIGNED, vec![vec![0; 4]]);
    assert_eq!(out[0], vec![10, 0, 12, 7]);
}

/// A buffer member never assigned, written, is DXC's undefined buffer pointer (weak6; it
/// was E3020): its legalization leaves an `OpUndef` pointer there, which validates.
#[test]
fn using_a_member_never_assigned_is_an_undefined_buffer() {
    let text = UNASSIGNED.replace("u.first()[3] = 7;", "u.spare[3] = 7;");
    let dump = common::dump(&text);
    assert!(
        dump.contains("private storage_buffer RWStructuredBuffer<uint>"),
        "{dump}"
    );
    assert!(dump.contains("; undefined.buffer"), "{dump}");
}

const LOCAL_ARRAYS: &str = r#"
RWStructuredBuffer<uint> Banks[4] : register(u0);
[numthreads(2, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    RWStructuredBuffer<uint> all[4] = Banks;
    RWStructuredBuffer<uint> upper[2] = { Banks[2], Banks[3] };
    all[id.x][0] = 5 + id.x;
    upper[id.x][1] = 7 + id.x;
}
"#;

#[test]
fn run_time_index_into_local_copies_of_a_global_array() {
    // `all` names Banks; `upper` holds Banks[2], Banks[3], so `upper[i]` is Banks[i + 2].
    check(
        LOCAL_ARRAYS,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer array<RWStructuredBuffer<uint>, 4> set(0) binding(0) count(4) layout(relaxed_std430) ; Banks

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              store %0, %arg0
              %1 = access_chain @g1, 2:int : ptr<storage_buffer, RWStructuredBuffer<uint>>
              %2 = access_chain @g1, 3:int : ptr<storage_buffer, RWStructuredBuffer<uint>>
              %3 = load %0 : uint3
              %4 = composite_extract %3, [0] : uint
              %5 = access_chain @g1, %4 : ptr<storage_buffer, RWStructuredBuffer<uint>>
              %6 = access_chain %5, 0:int : ptr<storage_buffer, uint>
              %7 = load %0 : uint3
              %8 = composite_extract %7, [0] : uint
              %9 = add 5:uint, %8 : uint
              store %6, %9
              %10 = load %0 : uint3
              %11 = composite_extract %10, [0] : uint
              %12 = convert %11 : int
              %13 = add %12, 2:int : int
              %14 = access_chain @g1, %13 : ptr<storage_buffer, RWStructuredBuffer<uint>>
              %15 = access_chain %14, 1:int : ptr<storage_buffer, uint>
              %16 = load %0 : uint3
              %17 = composite_extract %16, [0] : uint
              %18 = add 7:uint, %17 : uint
              store %15, %18
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            entry compute "main" @main numthreads(2, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn run_time_index_into_local_copies_runs() {
    let m = common::lower(LOCAL_ARRAYS);
    let program = Program::new(&m, "main", &ProgramOptions::default()).expect("program");
    let mut bindings = Bindings::new(&program);
    for k in 0..4 {
        bindings
            .bind(&program, 0, 0, k, Resource::buffer(words(&[0, 0])))
            .expect("bind");
    }
    dispatch(
        &program,
        &mut bindings,
        [1, 1, 1],
        &RunOptions::default(),
        None,
    )
    .expect("run");
    let (first, _) = program.find_binding(0, 0).expect("Banks");
    let bank = |k: usize| {
        let b = bindings.resources[first + k].as_ref().expect("bound");
        as_u32(&b.data)
    };
    // Thread 0 writes Banks[0][0] = 5 and Banks[2][1] = 7; thread 1 Banks[1][0] = 6 and
    // Banks[3][1] = 8.
    assert_eq!(bank(0), vec![5, 0]);
    assert_eq!(bank(1), vec![6, 0]);
    assert_eq!(bank(2), vec![0, 7]);
    assert_eq!(bank(3), vec![0, 8]);
}

#[test]
fn run_time_index_into_distinct_resources_is_an_error() {
    let text = r#"
RWStructuredBuffer<uint> First : register(u0);
RWStructuredBuffer<uint> Second : register(u1);
[numthreads(2, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    RWStructuredBuffer<uint> pair[2] = { First, Second };
    pair[id.x][0] = 1;
}
"#;
    let e = errors(text);
    assert!(e.starts_with("E3020"), "{e}");
    assert!(
        e.contains("not consecutive elements of one global array"),
        "{e}"
    );
}

const ARGUMENT_FORMS: &str = r#"
struct Slot { RWStructuredBuffer<uint> buf; uint k; };
struct Pair { Slot left; Slot right; };
RWStructuredBuffer<uint> First : register(u0);
RWStructuredBuffer<uint> Second : register(u1);
static Pair gPair = { { First, 10 }, { Second, 20 } };
void put(Slot s, uint i) { s.buf[i] = s.k; }
[numthreads(1, 1, 1)]
void main() {
    Slot one = { First, 1 };
    Slot slots[2] = { one, { Second, 2 } };
    put(slots[0], 0);
    put(slots[1], 1);
    slots[0].buf = Second;
    slots[1].k = 5;
    put(slots[0], 2);
    put(slots[1], 3);
    put(gPair.right, 0);
    Pair p = gPair;
    put(p.left, 3);
}
"#;

#[test]
fn arguments_from_array_elements_statics_and_fields_of_fields() {
    // `slots` is an alloca of two `Slot` data parts with four resource slots; each element,
    // a field of a static and a field of a field pick the copy of `put` by their buffer.
    check(
        ARGUMENT_FORMS,
        expect![[r#"
            struct Slot { uint k; }
            struct Pair { Slot left; Slot right; }

            @g0 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; First
            @g1 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(1) layout(relaxed_std430) ; Second
            @g2 = private Pair ; gPair

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, Slot> ; one
              %1 = alloca : ptr<function, array<Slot, 2>> ; slots
              %2 = alloca : ptr<function, Pair> ; p
              %3 = access_chain %0, 0:int : ptr<function, uint>
              store %3, 1:uint
              %4 = load %0 : Slot
              %5 = access_chain %1, 0:int : ptr<function, Slot>
              store %5, %4
              %6 = access_chain %1, 1:int, 0:int : ptr<function, uint>
              store %6, 2:uint
              %7 = access_chain %1, 0:int : ptr<function, Slot>
              %8 = load %7 : Slot
              call @put(%8, 0:uint)
              %9 = access_chain %1, 1:int : ptr<function, Slot>
              %10 = load %9 : Slot
              call @put.1(%10, 1:uint)
              %11 = access_chain %1, 1:int, 0:int : ptr<function, uint>
              store %11, 5:uint
              %12 = access_chain %1, 0:int : ptr<function, Slot>
              %13 = load %12 : Slot
              call @put.1(%13, 2:uint)
              %14 = access_chain %1, 1:int : ptr<function, Slot>
              %15 = load %14 : Slot
              call @put.1(%15, 3:uint)
              %16 = access_chain @g2, 1:int : ptr<private, Slot>
              %17 = load %16 : Slot
              call @put.1(%17, 0:uint)
              %18 = load @g2 : Pair
              store %2, %18
              %19 = access_chain %2, 0:int : ptr<function, Slot>
              %20 = load %19 : Slot
              call @put(%20, 3:uint)
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @init_globals()
              call @main_body()
              ret
            }

            func @put(%arg0: Slot, %arg1: uint) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, Slot> ; s
              %1 = alloca : ptr<function, uint> ; i
              store %0, %arg0
              store %1, %arg1
              %2 = load %1 : uint
              %3 = access_chain @g0, %2 : ptr<storage_buffer, uint>
              %4 = access_chain %0, 0:int : ptr<function, uint>
              %5 = load %4 : uint
              store %3, %5
              ret
            }

            func @put.1(%arg0: Slot, %arg1: uint) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, Slot> ; s
              %1 = alloca : ptr<function, uint> ; i
              store %0, %arg0
              store %1, %arg1
              %2 = load %1 : uint
              %3 = access_chain @g1, %2 : ptr<storage_buffer, uint>
              %4 = access_chain %0, 0:int : ptr<function, uint>
              %5 = load %4 : uint
              store %3, %5
              ret
            }

            func @init_globals() -> void {
            bb0: ; (entry)
              %0 = access_chain @g2, 0:int, 0:int : ptr<private, uint>
              store %0, 10:uint
              %1 = access_chain @g2, 1:int, 0:int : ptr<private, uint>
              store %1, 20:uint
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

#[test]
fn arguments_from_array_elements_statics_and_fields_of_fields_run() {
    // First: [0] = 1 (slots[0]), [3] = 10 (p.left); Second: [0] = 20 (gPair.right), [1] = 2
    // (slots[1]), [2] = 1 (slots[0] rebound to Second), [3] = 5 (slots[1]).
    let out = run(ARGUMENT_FORMS, vec![vec![0; 4], vec![0; 4]]);
    assert_eq!(out[0], vec![1, 0, 0, 10]);
    assert_eq!(out[1], vec![20, 2, 1, 5]);
}

const CONSTANT_SWITCH: &str = r#"
RWStructuredBuffer<uint> First : register(u0);
RWStructuredBuffer<uint> Second : register(u1);
static const uint QUALITY = 2;
[numthreads(1, 1, 1)]
void main() {
    RWStructuredBuffer<uint> target = First;
    switch (QUALITY) {
    case 1:
        target = First;
        break;
    case 2:
    case 3:
        target = Second;
    default:
        target[0] = 9;
        break;
    }
    target[1] = 4;
}
"#;

#[test]
fn switch_on_a_constant_keeps_the_bindings_of_the_clauses_that_run() {
    // QUALITY is 2: the clause `case 2: case 3:` runs and falls into `default`, so both the
    // store in `default` and the one after the `switch` go to Second.
    let out = run(CONSTANT_SWITCH, vec![vec![0; 2], vec![0; 2]]);
    assert_eq!(out[0], vec![0, 0]);
    assert_eq!(out[1], vec![9, 4]);
    let dump = common::dump(CONSTANT_SWITCH);
    let stores: Vec<&str> = dump
        .lines()
        .map(str::trim)
        .filter(|l| l.contains("= access_chain @"))
        .collect();
    // Both stores reach Second (@g2) directly; the `switch` instruction stays, only the
    // bindings follow the clauses the constant selects.
    expect![[r#"
        [
            "%1 = access_chain @g2, 0:int : ptr<storage_buffer, uint>",
            "%2 = access_chain @g2, 1:int : ptr<storage_buffer, uint>",
        ]
    "#]]
    .assert_debug_eq(&stores);
}

#[test]
fn switch_on_a_run_time_value_may_not_rebind() {
    let text = CONSTANT_SWITCH.replace("switch (QUALITY)", "switch (First[3])");
    let e = errors(&text);
    assert!(e.starts_with("E3020"), "{e}");
    assert!(e.contains("depends on run-time control flow"), "{e}");
}

#[test]
fn statics_whose_initializers_use_themselves_are_errors_not_hangs() {
    for text in [
        r#"
RWStructuredBuffer<uint> Data : register(u0);
static RWStructuredBuffer<uint> gOut = gOut;
[numthreads(1, 1, 1)]
void main() { gOut[0] = 1; }
"#,
        r#"
RWStructuredBuffer<uint> Data : register(u0);
struct Sink { RWStructuredBuffer<uint> buf; uint k; };
Sink make();
static Sink gSink = make();
Sink make() { Sink s; s.buf = gSink.buf; s.k = 1; return s; }
[numthreads(1, 1, 1)]
void main() { gSink.buf[0] = gSink.k; }
"#,
    ] {
        // No resource to name: the E3020 of an unassigned use, at the static (res11; was
        // E3001).
        let e = errors(text);
        assert!(e.starts_with("E3020"), "{e}");
        assert!(e.contains("read by its own initializer"), "{e}");
    }
}

const UNROLLED: &str = r#"
RWStructuredBuffer<uint> First : register(u0);
RWStructuredBuffer<uint> Second : register(u1);
[numthreads(1, 1, 1)]
void main() {
    RWStructuredBuffer<uint> t;
    [unroll]
    for (int k = 0; k < 3; k++) {
        if (k == 1) { t = Second; } else { t = First; }
        t[k] = k + 1;
    }
}
"#;

#[test]
fn unrolled_loops_choose_resources_per_iteration() {
    // The loop rebinds `t` by its induction variable: it is unrolled, and each copy's `if`
    // has a constant condition. Iterations 0 and 2 store into First, 1 into Second.
    let out = run(UNROLLED, vec![vec![0; 3], vec![0; 3]]);
    assert_eq!(out[0], vec![1, 0, 3]);
    assert_eq!(out[1], vec![0, 2, 0]);
    // Without a hint the loop is unrolled all the same; `[loop]` keeps it, and the choice.
    let without = UNROLLED.replace("[unroll]\n", "");
    let out = run(&without, vec![vec![0; 3], vec![0; 3]]);
    assert_eq!(out[0], vec![1, 0, 3]);
    assert_eq!(out[1], vec![0, 2, 0]);
    let e = errors(&UNROLLED.replace("[unroll]", "[loop]"));
    assert!(e.contains("depends on run-time control flow"), "{e}");
}

#[test]
fn function_returning_a_resource_chosen_by_a_conditional() {
    // The brief's form: `pick` returns `c ? a : b`; each call with a constant gets its copy.
    let text = r#"
RWStructuredBuffer<uint> First : register(u0);
RWStructuredBuffer<uint> Second : register(u1);
RWStructuredBuffer<uint> pick(bool c) { return c ? First : Second; }
[numthreads(1, 1, 1)]
void main() {
    pick(true)[0] = 3;
    pick(false)[1] = 4;
}
"#;
    let out = run(text, vec![vec![0; 2], vec![0; 2]]);
    assert_eq!(out[0], vec![3, 0]);
    assert_eq!(out[1], vec![0, 4]);
    let dump = common::dump(text);
    assert!(dump.contains("call @pick(true:bool)"), "{dump}");
    assert!(dump.contains("call @pick.1(false:bool)"), "{dump}");
    // With a run-time argument the `?:` inside `pick` is the error.
    let e = errors(&text.replace("pick(false)", "pick(First[5] > 0)"));
    assert!(e.contains("known only at run time"), "{e}");
}

#[test]
fn arguments_made_in_place() {
    // A call's result and a cast to the struct's own type pass like a local.
    let text = r#"
RWStructuredBuffer<uint> Items : register(u0);
struct Sink { RWStructuredBuffer<uint> items; uint bias; };
Sink makeSink(uint b) { Sink s; s.items = Items; s.bias = b; return s; }
void fill(Sink s, uint v) { s.items[v] = v + s.bias; }
[numthreads(1, 1, 1)]
void main() {
    fill(makeSink(3), 1);
    Sink t = { Items, 2 };
    fill((Sink)t, 2);
}
"#;
    // Items[1] = 1 + 3, Items[2] = 2 + 2.
    let out = run(text, vec![vec![0; 3]]);
    assert_eq!(out[0], vec![0, 4, 4]);
}

/// A resource named for nothing (an expression statement, the left of `,`) is no value to
/// load: only what the comma yields is lowered (was an IR verifier failure, found by
/// mutation fuzzing).
#[test]
fn resources_named_for_their_effects_only_do_nothing() {
    check(
        r#"
SamplerState s : register(s0);
Texture2D t : register(t0);
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    s;
    (t);
    Out[0] = (s, t, 2.5);
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = access_chain @g0, 0:int : ptr<storage_buffer, float>
              store %0, 2.5:float
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
