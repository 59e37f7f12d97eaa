//! The last "not supported yet" forms of issue #4 item 4 in lowering (task res5): `static`
//! locals of functions copied per resource argument (one variable for every copy), `static`
//! locals holding resources given different resources on different calls, and struct
//! `static` locals initialized other than by a list. IR snapshots (each dump verified) and
//! interpreter runs with hand-computed results.

mod common;

use expect_test::Expect;

use common::{as_u32, lower, words_u32};
use interp::{dispatch, Bindings, Program, ProgramOptions, Resource, RunOptions};

#[allow(dead_code)]
fn check(text: &str, expect: Expect) {
    expect.assert_eq(&common::dump(text));
}

/// Lowers `text`, binds each (binding, words) at set 0, runs one group and returns the words
/// at binding `out`.
fn run_bound(text: &str, buffers: &[(u32, &[u32])], out: u32) -> Vec<u32> {
    let m = lower(text);
    let program = Program::new(&m, "main", &ProgramOptions::default()).expect("program");
    let mut bindings = Bindings::new(&program);
    for &(binding, data) in buffers {
        bindings
            .bind(&program, 0, binding, 0, Resource::buffer(words_u32(data)))
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
    as_u32(&bindings.get(&program, 0, out).unwrap().data)
}

// ---- One variable for every copy of a function ----

const COUNTER_ACROSS_COPIES: &str = r#"
StructuredBuffer<uint> A : register(t0);
StructuredBuffer<uint> B : register(t1);
RWStructuredBuffer<uint> Out : register(u2);
uint add(StructuredBuffer<uint> b) {
    static uint total = 0;
    total += b[0];
    return total;
}
[numthreads(1, 1, 1)]
void main() {
    Out[0] = add(A);
    Out[1] = add(B);
    Out[2] = add(A);
}
"#;

/// `add(A)` and `add(B)` are two copies of `add` (one per buffer), but `total` is one
/// variable: 10, 10 + 100, 110 + 10.
#[test]
fn a_static_local_is_one_variable_for_every_copy() {
    let out = run_bound(
        COUNTER_ACROSS_COPIES,
        &[(0, &[10]), (1, &[100]), (2, &[0, 0, 0])],
        2,
    );
    assert_eq!(out, [10, 110, 120]);
    let dump = common::dump(COUNTER_ACROSS_COPIES);
    assert_eq!(dump.matches("private uint").count(), 1, "{dump}");
}
