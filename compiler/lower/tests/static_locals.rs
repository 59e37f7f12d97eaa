//! `static` locals whose initializer is not a constant, and `static const` ones whose
//! initializer reads locals: a private global and an `init.` flag, the initializer run the
//! first time the declaration is reached (as DXC does). The dumps are verified; the kernels
//! also run on the interpreter with expected values worked out by hand.

mod common;

use expect_test::expect;
use interp::{dispatch, Bindings, Program, ProgramOptions, Resource, RunOptions};

/// Runs `text` (one group) with one `uint` buffer of `n` zero words at binding 0.
fn run(text: &str, n: usize) -> Vec<u32> {
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

const COUNTER: &str = r#"
RWStructuredBuffer<uint> Out : register(u0);
uint Next(uint start) {
    static uint counter = start * 2;
    counter++;
    return counter;
}
[numthreads(1, 1, 1)]
void main() {
    Out[0] = Next(5);
    Out[1] = Next(100);
    Out[2] = Next(7);
}
"#;

#[test]
fn non_constant_initializer_runs_behind_a_flag() {
    expect![[r#"
        @g0 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; Out
        @g1 = private uint ; Next.counter
        @g2 = private bool = false:bool ; init.Next.counter

        func @main_body() -> void {
        bb0: ; (entry)
          %0 = access_chain @g0, 0:int : ptr<storage_buffer, uint>
          %1 = call @Next(5:uint) : uint
          store %0, %1
          %2 = access_chain @g0, 1:int : ptr<storage_buffer, uint>
          %3 = call @Next(100:uint) : uint
          store %2, %3
          %4 = access_chain @g0, 2:int : ptr<storage_buffer, uint>
          %5 = call @Next(7:uint) : uint
          store %4, %5
          ret
        }

        func @main() -> void {
        bb0: ; (entry)
          call @main_body()
          ret
        }

        func @Next(%arg0: uint) -> uint {
        bb0: ; selection merge=bb2 (entry)
          %0 = alloca : ptr<function, uint> ; start
          store %0, %arg0
          %1 = load @g2 : bool
          cond_br %1, bb2, bb1
        bb1: ; (static.init)
          store @g2, true:bool
          %2 = load %0 : uint
          %3 = mul %2, 2:uint : uint
          store @g1, %3
          br bb2
        bb2: ; (static.merge)
          %4 = load @g1 : uint
          %5 = add %4, 1:uint : uint
          store @g1, %5
          %6 = load @g1 : uint
          ret %6
        }

        entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
    "#]].assert_eq(&common::dump(COUNTER));
}

#[test]
fn non_constant_initializer_runs_once() {
    // The first call initializes `counter` to 5 * 2 = 10 and returns 11; later calls keep
    // counting from there and ignore their argument.
    assert_eq!(run(COUNTER, 3), vec![11, 12, 13]);
}

#[test]
fn initializer_reads_a_buffer_and_a_static_const() {
    let text = r#"
RWStructuredBuffer<uint> Out : register(u0);
uint Scaled(uint i) {
    static const uint Factor = 3;
    static uint first = Out[0] + Factor;
    return first * i;
}
[numthreads(1, 1, 1)]
void main() {
    Out[0] = 4;
    uint a = Scaled(1);
    Out[0] = 50;
    Out[1] = a;
    Out[2] = Scaled(2);
}
"#;
    // `first` is 4 + 3 = 7 on the first call, and stays 7 after `Out[0]` changes.
    assert_eq!(run(text, 3), vec![50, 7, 14]);
}

#[test]
fn static_const_reading_a_parameter_keeps_the_first_value() {
    let text = r#"
RWStructuredBuffer<uint> Out : register(u0);
uint First(uint x) {
    static const uint first = x + 1;
    static const uint two = 2;
    return first * two;
}
[numthreads(1, 1, 1)]
void main() {
    Out[0] = First(10);
    Out[1] = First(20);
}
"#;
    // `first` is 10 + 1 = 11 from the first call on: 22 both times.
    assert_eq!(run(text, 2), vec![22, 22]);
    let dump = common::dump(text);
    assert!(dump.contains("init.First.first"), "{dump}");
    // `two` has a constant initializer: an ordinary local, no flag.
    assert!(!dump.contains("init.First.two"), "{dump}");
}
