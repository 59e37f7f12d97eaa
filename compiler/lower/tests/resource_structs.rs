//! Locals holding resources (`lower/src/resource_structs.rs`): structs with resource members
//! split into a data alloca and compile-time resource bindings, resource locals assigned
//! after their declaration, local resource arrays, struct arguments choosing the callee's
//! copy; IR snapshots (each dump verified), interpreter runs with hand-computed results, and
//! the E3020 errors where a resource would depend on run-time control flow.

mod common;

use expect_test::{expect, Expect};

fn check(text: &str, expect: Expect) {
    expect.assert_eq(&common::dump(text));
}

use common::{as_u32, lower_errors as errors, run_u32 as run, words_u32 as words};
use interp::{dispatch, Bindings, Program, ProgramOptions, Resource, RunOptions};

const PAIR: &str = r#"
struct Pair { RWStructuredBuffer<uint> src; RWStructuredBuffer<uint> dst; uint scale; };
RWStructuredBuffer<uint> A : register(u0);
RWStructuredBuffer<uint> B : register(u1);
RWStructuredBuffer<uint> C : register(u2);
void scaleInto(Pair p, uint i) { p.dst[i] = p.src[i] * p.scale; }
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Pair p;
    p.src = A;
    p.dst = B;
    p.scale = 3;
    scaleInto(p, id.x);
    Pair q = p;
    q.src = B;
    q.dst = C;
    q.scale = p.scale + 1;
    scaleInto(q, id.x);
}
"#;

#[test]
fn struct_members_split_and_arguments_pick_the_copy() {
    // The data member is the only field of the local's alloca; each distinct pair of
    // resources gets its own copy of `scaleInto`, which uses the globals directly.
    check(
        PAIR,
        expect![[r#"
            struct Pair { uint scale; }

            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; A
            @g2 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(1) layout(relaxed_std430) ; B
            @g3 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(2) layout(relaxed_std430) ; C

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, Pair> ; p
              %2 = alloca : ptr<function, Pair> ; q
              store %0, %arg0
              %3 = access_chain %1, 0:int : ptr<function, uint>
              store %3, 3:uint
              %4 = load %1 : Pair
              %5 = load %0 : uint3
              %6 = composite_extract %5, [0] : uint
              call @scaleInto(%4, %6)
              %7 = load %1 : Pair
              store %2, %7
              %8 = access_chain %2, 0:int : ptr<function, uint>
              %9 = access_chain %1, 0:int : ptr<function, uint>
              %10 = load %9 : uint
              %11 = add %10, 1:uint : uint
              store %8, %11
              %12 = load %2 : Pair
              %13 = load %0 : uint3
              %14 = composite_extract %13, [0] : uint
              call @scaleInto.1(%12, %14)
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            func @scaleInto(%arg0: Pair, %arg1: uint) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, Pair> ; p
              %1 = alloca : ptr<function, uint> ; i
              store %0, %arg0
              store %1, %arg1
              %2 = load %1 : uint
              %3 = access_chain @g2, %2 : ptr<storage_buffer, uint>
              %4 = load %1 : uint
              %5 = access_chain @g1, %4 : ptr<storage_buffer, uint>
              %6 = load %5 : uint
              %7 = access_chain %0, 0:int : ptr<function, uint>
              %8 = load %7 : uint
              %9 = mul %6, %8 : uint
              store %3, %9
              ret
            }

            func @scaleInto.1(%arg0: Pair, %arg1: uint) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, Pair> ; p
              %1 = alloca : ptr<function, uint> ; i
              store %0, %arg0
              store %1, %arg1
              %2 = load %1 : uint
              %3 = access_chain @g3, %2 : ptr<storage_buffer, uint>
              %4 = load %1 : uint
              %5 = access_chain @g2, %4 : ptr<storage_buffer, uint>
              %6 = load %5 : uint
              %7 = access_chain %0, 0:int : ptr<function, uint>
              %8 = load %7 : uint
              %9 = mul %6, %8 : uint
              store %3, %9
              ret
            }

            entry compute "main" @main numthreads(4, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn struct_arguments_run() {
    // B = A * 3, then C = B * 4.
    let out = run(PAIR, vec![vec![1, 2, 3, 4], vec![0; 4], vec![0; 4]]);
    assert_eq!(out[1], [3, 6, 9, 12]);
    assert_eq!(out[2], [12, 24, 36, 48]);
}

const REBIND: &str = r#"
RWStructuredBuffer<uint> A : register(u0);
RWStructuredBuffer<uint> B : register(u1);
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    RWStructuredBuffer<uint> t;
    t = A;
    uint v = t[id.x];
    t = B;
    RWStructuredBuffer<uint> ts[2] = { A, B };
    if (v > 2) { t = ts[1]; } else { t = B; }
    t[id.x] = v + ts[0][id.x] * 10;
}
"#;

#[test]
fn resource_locals_rebound() {
    // `t` names A, then B; both arms of the `if` bind it to B, so the store after it goes
    // to B; `ts[0]` is A.
    check(
        REBIND,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; A
            @g2 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(1) layout(relaxed_std430) ; B

            func @main_body(%arg0: uint3) -> void {
            bb0: ; selection merge=bb3 (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, uint> ; v
              store %0, %arg0
              %2 = load %0 : uint3
              %3 = composite_extract %2, [0] : uint
              %4 = access_chain @g1, %3 : ptr<storage_buffer, uint>
              %5 = load %4 : uint
              store %1, %5
              %6 = load %1 : uint
              %7 = gt %6, 2:uint : bool
              cond_br %7, bb1, bb2
            bb1: ; (if.then)
              br bb3
            bb2: ; (if.else)
              br bb3
            bb3: ; (if.merge)
              %8 = load %0 : uint3
              %9 = composite_extract %8, [0] : uint
              %10 = access_chain @g2, %9 : ptr<storage_buffer, uint>
              %11 = load %1 : uint
              %12 = load %0 : uint3
              %13 = composite_extract %12, [0] : uint
              %14 = access_chain @g1, %13 : ptr<storage_buffer, uint>
              %15 = load %14 : uint
              %16 = mul %15, 10:uint : uint
              %17 = add %11, %16 : uint
              store %10, %17
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            entry compute "main" @main numthreads(4, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn resource_locals_run() {
    // B[i] = A[i] + A[i] * 10.
    let out = run(REBIND, vec![vec![1, 2, 3, 4], vec![0; 4]]);
    assert_eq!(out[0], [1, 2, 3, 4]);
    assert_eq!(out[1], [11, 22, 33, 44]);
}

#[test]
fn initializer_list_and_copy_in_a_loop() {
    // A struct declared inside the loop may be bound there; 1 + 2 + 3 is added to Out[i].
    let text = r#"
struct Src { RWStructuredBuffer<uint> buf; uint add; };
RWStructuredBuffer<uint> Out : register(u0);
uint readPlus(Src s, uint i) { return s.buf[i] + s.add; }
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Src base = { Out, 0 };
    for (uint k = 1; k <= 3; ++k) {
        Src s = base;
        s.add = k;
        Out[id.x] = readPlus(s, id.x);
    }
}
"#;
    let out = run(text, vec![vec![10, 20, 30, 40]]);
    assert_eq!(out[0], [16, 26, 36, 46]);
}

#[test]
fn different_resources_on_two_arms_is_an_error() {
    let e = errors(
        r#"
RWStructuredBuffer<uint> A : register(u0);
RWStructuredBuffer<uint> B : register(u1);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    RWStructuredBuffer<uint> t = A;
    if (id.x > 0) { t = B; }
    t[0] = 1;
}
"#,
    );
    assert!(e.starts_with("E3020"), "{e}");
    assert!(e.contains("depends on run-time control flow"), "{e}");
}

#[test]
fn rebinding_in_a_loop_is_an_error() {
    let e = errors(
        r#"
struct S { RWStructuredBuffer<uint> buf; };
RWStructuredBuffer<uint> A : register(u0);
RWStructuredBuffer<uint> B : register(u1);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    S s;
    s.buf = A;
    for (uint i = 0; i < id.x; ++i) { s.buf[i] = 1; s.buf = B; }
}
"#,
    );
    assert!(e.contains("depends on run-time control flow"), "{e}");
}

#[test]
fn run_time_index_into_distinct_resources_is_an_error() {
    let e = errors(
        r#"
RWStructuredBuffer<uint> A : register(u0);
RWStructuredBuffer<uint> B : register(u1);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    RWStructuredBuffer<uint> ts[2] = { A, B };
    ts[id.x][0] = 1;
}
"#,
    );
    // Consecutive elements of one global array are fine (`resource_gaps.rs`).
    assert!(
        e.starts_with("E3020") && e.contains("not consecutive elements of one global array"),
        "{e}"
    );
}

#[test]
fn nested_structs_run() {
    // B = A + 100, then A = B + 1 (each thread reads what it wrote).
    let text = r#"
struct Io { RWStructuredBuffer<uint> src; RWStructuredBuffer<uint> dst; };
struct Job { Io io; uint add; };
RWStructuredBuffer<uint> A : register(u0);
RWStructuredBuffer<uint> B : register(u1);
void runJob(Job j, uint i) { j.io.dst[i] = j.io.src[i] + j.add; }
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Io io;
    io.src = A;
    io.dst = B;
    Job j;
    j.io = io;
    j.add = 100;
    runJob(j, id.x);
    Job k = j;
    k.io.src = B;
    k.io.dst = A;
    k.add = 1;
    runJob(k, id.x);
}
"#;
    let out = run(text, vec![vec![1, 2, 3, 4], vec![0; 4]]);
    assert_eq!(out[1], [101, 102, 103, 104]);
    assert_eq!(out[0], [102, 103, 104, 105]);
}

/// Copied, a member never assigned stays unassigned; used, it is DXC's undefined buffer
/// pointer (weak6; it was E3020): the IR holds one `private` global of its type.
#[test]
fn unassigned_members_may_be_copied_and_used_as_undefined_buffers() {
    let text = r#"
struct Io { RWStructuredBuffer<uint> src; RWStructuredBuffer<uint> dst; };
RWStructuredBuffer<uint> A : register(u0);
[numthreads(1, 1, 1)]
void main() {
    Io a;
    a.dst = A;
    Io b = a;
    b.dst[0] = 7;
    b.src[0] = 1;
}
"#;
    let dump = common::dump(text);
    assert!(
        dump.contains("private storage_buffer RWStructuredBuffer<uint> layout(relaxed_std430) ; undefined.buffer"),
        "{dump}"
    );
    let out = run(text, vec![vec![0]]);
    assert_eq!(out[0], [7]);
}

const RETURNS: &str = r#"
struct Io { RWStructuredBuffer<uint> src; RWStructuredBuffer<uint> dst; uint add; };
RWStructuredBuffer<uint> A : register(u0);
RWStructuredBuffer<uint> B : register(u1);
Io makeIo(uint add) { Io io; io.src = A; io.dst = B; io.add = add; return io; }
Io swapped(Io io) { Io r; r.src = io.dst; r.dst = io.src; r.add = io.add * 2; return r; }
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Io io = makeIo(5);
    io.dst[id.x] = io.src[id.x] + io.add;
    swapped(io).dst[id.x] += swapped(makeIo(1)).add + swapped(io).src[id.x];
}
"#;

#[test]
fn returned_structs_bind_the_callee_resources() {
    // B = A + 5; then `swapped(io)` names (src B, dst A) and `swapped(makeIo(1)).add` is 2:
    // A += 2 + B.
    let out = run(RETURNS, vec![vec![1, 2, 3, 4], vec![0; 4]]);
    assert_eq!(out[1], [6, 7, 8, 9]);
    assert_eq!(out[0], [9, 11, 13, 15]);
}

#[test]
fn returning_different_resources_is_an_error() {
    let e = errors(
        r#"
struct S { RWStructuredBuffer<uint> buf; };
RWStructuredBuffer<uint> A : register(u0);
RWStructuredBuffer<uint> B : register(u1);
S pick(bool first) { S s; s.buf = A; if (first) { return s; } s.buf = B; return s; }
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    pick(id.x == 0).buf[0] = 1;
}
"#,
    );
    assert!(e.contains("depends on run-time control flow"), "{e}");
}

#[test]
fn members_bound_to_array_elements_pass_their_index() {
    // A bindless-style struct: `v.buf` is element `id.x % 2` of `Bufs`, chosen at run time by
    // the index, not by control flow; the callee copy takes the index as an `int`. Element 0
    // gets 1 * 10 and element 1 gets 1 * 10 + 1 (threads 0 and 2 write Bufs[0][0] and
    // Bufs[0][2], threads 1 and 3 Bufs[1][1] and Bufs[1][3]).
    let text = r#"
struct View { RWStructuredBuffer<uint> buf; uint scale; };
RWStructuredBuffer<uint> Bufs[2] : register(u0);
void write(View v, uint i, uint value) { v.buf[i] = value * v.scale + i % 2; }
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    View v;
    v.buf = Bufs[id.x % 2];
    v.scale = 10;
    write(v, id.x, 1);
}
"#;
    let m = common::lower(text);
    let program = Program::new(&m, "main", &ProgramOptions::default()).expect("program");
    let mut bindings = Bindings::new(&program);
    for k in 0..2 {
        bindings
            .bind(&program, 0, 0, k, Resource::buffer(words(&[0; 4])))
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
    let (first, _) = program.find_binding(0, 0).expect("Bufs");
    let buf = |k: usize| as_u32(&bindings.resources[first + k].as_ref().unwrap().data);
    assert_eq!(buf(0), [10, 0, 10, 0]);
    assert_eq!(buf(1), [0, 11, 0, 11]);
}

#[test]
fn methods_of_structs_holding_resources() {
    // `this` passes its data by pointer (so `add += 1` is seen by the caller) and its
    // resources pick the copy: B[i] = A[i] + 10, then A[i] = 11.
    let text = r#"
struct Io {
    RWStructuredBuffer<uint> src;
    RWStructuredBuffer<uint> dst;
    uint add;
    uint Read(uint i) { return this.src[i] + add; }
    void Copy(uint i) { dst[i] = Read(i); add += 1; }
};
RWStructuredBuffer<uint> A : register(u0);
RWStructuredBuffer<uint> B : register(u1);
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Io io;
    io.src = A;
    io.dst = B;
    io.add = 10;
    io.Copy(id.x);
    A[id.x] = io.add;
}
"#;
    let out = run(text, vec![vec![1, 2, 3, 4], vec![0; 4]]);
    assert_eq!(out[1], [11, 12, 13, 14]);
    assert_eq!(out[0], [11, 11, 11, 11]);
}

#[test]
fn functions_returning_resources() {
    // The callee returns nothing in the IR; the caller uses the global its `return` names:
    // B[i] = A[i] * 2 + 1.
    let text = r#"
RWStructuredBuffer<uint> A : register(u0);
RWStructuredBuffer<uint> B : register(u1);
struct Pair {
    RWStructuredBuffer<uint> first;
    RWStructuredBuffer<uint> second;
    RWStructuredBuffer<uint> Second() { return second; }
};
RWStructuredBuffer<uint> output() { return B; }
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Pair p;
    p.first = A;
    p.second = B;
    output()[id.x] = p.first[id.x] * 2;
    p.Second()[id.x] += 1;
}
"#;
    let out = run(text, vec![vec![1, 2, 3, 4], vec![0; 4]]);
    assert_eq!(out[1], [3, 5, 7, 9]);
}
