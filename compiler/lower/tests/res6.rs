//! The last "not supported yet" forms of issue #4 item 4 in lowering (task res6): an
//! assignment with effects in its left side used as an lvalue, places through a cast to a
//! base struct, and the other forms probed in `docs/lowering-gaps.md`. Interpreter runs
//! with hand-computed results, and IR snapshots where the shape matters.

mod common;

use common::{run_elements, run_u32};

// ---- `(a[i++] = 1) += 2`: the place is found once ----

/// `i++` runs once: `a[0]` is 1 then 3, `a[1]` untouched, `i` is 1. Then the same through a
/// compound assignment (`(b[j++] += 5) *= 2`: `b[0]` = (1 + 5) * 2) and a chain.
#[test]
fn assignment_with_effects_on_its_left_as_an_lvalue() {
    let out = run_u32(
        r#"
RWStructuredBuffer<int> o : register(u0);
[numthreads(1, 1, 1)]
void main() {
    int a[2] = { 0, 7 };
    int i = 0;
    (a[i++] = 1) += 2;
    int b[3] = { 1, 1, 1 };
    uint j = 0;
    (b[j++] += 5) *= 2;
    ((b[++j] = 4) -= 1) <<= 2;
    o[0] = a[0]; o[1] = a[1]; o[2] = i;
    o[3] = b[0]; o[4] = b[1]; o[5] = b[2]; o[6] = j;
}
"#,
        vec![vec![0; 7]],
    );
    assert_eq!(out[0], [3, 7, 1, 12, 1, 12, 2]);
}

// ---- Places through a cast to a base struct ----

/// `((B)d).a = 1`, `+= 2`, `bump((B)d)` (an `inout B`), `(B)d = b` and a base of a base:
/// every write lands in `d`'s first fields and leaves its own ones alone.
#[test]
fn places_through_a_cast_to_a_base_struct() {
    let out = run_u32(
        r#"
struct A0 { uint x; };
struct B : A0 { uint a; };
struct D : B { uint b; };
RWStructuredBuffer<uint> o : register(u0);
void bump(inout B b) { b.a += 10; b.x += 100; }
void zero(out A0 z) { z.x = 0; }
[numthreads(1, 1, 1)]
void main() {
    D d; d.x = 4; d.a = 0; d.b = 5;
    ((B)d).a = 1;
    ((B)d).a += 2;
    bump((B)d);
    o[0] = d.x; o[1] = d.a; o[2] = d.b;
    B nb; nb.x = 7; nb.a = 8;
    (B)d = nb;
    o[3] = d.x; o[4] = d.a; o[5] = d.b;
    ((A0)(B)d).x *= 3;
    o[6] = d.x;
    zero((A0)d);
    o[7] = d.x; o[8] = d.a;
}
"#,
        vec![vec![0; 9]],
    );
    assert_eq!(out[0], [104, 13, 5, 7, 8, 5, 21, 0, 8]);
}

// ---- `arr[j++]` of a local array of structs holding resources ----

/// `S s = arr[j++]` copies element `j` (data and buffer) and increments `j` once, though
/// the index is read once per member: `s` is element 0 (3 + Bufs[0][0]), `t` element 1
/// (4 + Bufs[1][0]), `j` ends at 2, and `arr[--j].b[1]` reads Bufs[1][1].
#[test]
fn whole_element_at_an_index_with_effects() {
    let out = run_elements(
        r#"
struct S { RWStructuredBuffer<uint> b; uint k; };
RWStructuredBuffer<uint> Bufs[2] : register(u0);
RWStructuredBuffer<uint> o : register(u1);
[numthreads(1, 1, 1)]
void main() {
    S arr[2];
    arr[0].b = Bufs[0]; arr[0].k = 3;
    arr[1].b = Bufs[1]; arr[1].k = 4;
    uint j = 0;
    S s = arr[j++];
    o[0] = s.k + s.b[0];
    S t = arr[j++];
    o[1] = t.k + t.b[0];
    o[2] = j;
    o[3] = arr[--j].b[1];
}
"#,
        &[(0, 0, &[10, 11]), (0, 1, &[20, 21]), (1, 0, &[0; 4])],
        1,
    );
    assert_eq!(out, [13, 24, 2, 21]);
}

// ---- `static` arrays and structs initialized with elements at run-time indices ----

/// `sel` and `p` take elements of `Bufs` at indices read from `o` once, before `main` runs
/// (so `o[0] = 1` does not move `sel[0]`): `sel[0]` is Bufs[2], `sel[1]` Bufs[0], `p.b`
/// Bufs[1]; a helper reads `sel` too.
#[test]
fn static_array_and_struct_initialized_at_run_time_indices() {
    let out = run_elements(
        r#"
RWStructuredBuffer<uint> Bufs[3] : register(u0);
RWStructuredBuffer<uint> o : register(u1);
struct P { RWStructuredBuffer<uint> b; uint s; };
static RWStructuredBuffer<uint> sel[2] = { Bufs[o[0]], Bufs[o[1]] };
static P p = { Bufs[o[2]], 5 };
uint first() { return sel[0][0]; }
[numthreads(1, 1, 1)]
void main() {
    o[0] = 1;
    o[3] = first();
    o[4] = sel[1][0];
    o[5] = p.b[0] + p.s;
}
"#,
        &[
            (0, 0, &[100]),
            (0, 1, &[200]),
            (0, 2, &[300]),
            (1, 0, &[2, 0, 1, 0, 0, 0]),
        ],
        1,
    );
    assert_eq!(out, [1, 0, 1, 300, 100, 205]);
}

// ---- Counters of structured buffers read from `ResourceDescriptorHeap` ----

/// Four threads take slots of heap element `k` through `IncrementCounter`: its counter in
/// the counter heap (the binding after the heap's) ends at 4, the other element's stays 0,
/// and the four slots hold the thread numbers plus one, once each.
#[test]
fn increment_counter_of_a_heap_element_uses_the_counter_heap() {
    use interp::{dispatch, Bindings, Program, ProgramOptions, Resource, RunOptions};
    let m = common::lower(
        r#"
cbuffer Root : register(b0) { uint k; }
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    RWStructuredBuffer<uint> b = ResourceDescriptorHeap[k];
    uint slot = b.IncrementCounter();
    b[slot] = id.x + 1;
}
"#,
    );
    let dump = ir::print_module(&m);
    assert!(
        dump.contains("set(0) binding(2) ; counter.var.ResourceDescriptorHeap"),
        "{dump}"
    );
    // The counter heap is a runtime array like any other to the interpreter.
    let options = ProgramOptions {
        descriptor_heap_len: 2,
        unbounded_array_len: 2,
        ..Default::default()
    };
    let program = Program::new(&m, "main", &options).expect("program");
    let mut bindings = Bindings::new(&program);
    bindings
        .bind(
            &program,
            0,
            0,
            0,
            Resource::buffer(common::words_u32(&[1, 0, 0, 0])),
        )
        .expect("bind root");
    for i in 0..2 {
        bindings
            .bind(&program, 0, 1, i, Resource::buffer(vec![0; 16]))
            .expect("bind heap");
        bindings
            .bind(&program, 0, 2, i, Resource::buffer(vec![0; 4]))
            .expect("bind counters");
    }
    dispatch(
        &program,
        &mut bindings,
        [1, 1, 1],
        &RunOptions::default(),
        None,
    )
    .expect("run");
    let element = |binding: u32, i: usize| {
        let (first, _) = program.find_binding(0, binding).unwrap();
        common::as_u32(&bindings.resources[first + i].as_ref().unwrap().data)
    };
    assert_eq!(element(2, 1), [4]);
    assert_eq!(element(2, 0), [0]);
    let mut slots = element(1, 1);
    slots.sort_unstable();
    assert_eq!(slots, [1, 2, 3, 4]);
    assert_eq!(element(1, 0), [0; 4]);
}

// ---- `InterlockedExchangeFloat` of a byte-address buffer ----

/// The word at byte 0 takes 2.5's bits and hands back 1.5's, as a float.
#[test]
fn interlocked_exchange_float_of_a_byte_address_buffer() {
    let out = run_u32(
        r#"
RWByteAddressBuffer b : register(u0);
[numthreads(1, 1, 1)]
void main() {
    float old;
    b.InterlockedExchangeFloat(0, 2.5, old);
    b.Store(4, asuint(old * 2));
}
"#,
        vec![vec![1.5f32.to_bits(), 0]],
    );
    assert_eq!(out[0], [2.5f32.to_bits(), 3.0f32.to_bits()]);
}
