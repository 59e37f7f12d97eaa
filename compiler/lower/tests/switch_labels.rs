//! `case` and `default` labels in blocks nested in a `switch` body (C's rule, which DXC
//! follows): each is a target of the one structured `switch`, the nested blocks' statements
//! spliced into the clause list in order. The IR it lowers to, its values on the interpreter
//! (worked out by hand). A label that cannot be a target of structured control flow (inside an
//! `if`) is refused by `hir` (its `switch_labels` tests).

mod common;

use expect_test::expect;
use interp::{dispatch, Bindings, Program, ProgramOptions, Resource, RunOptions};

const NESTED: &str = r#"
RWStructuredBuffer<int> Out : register(u0);
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    int b = 0;
    switch (int(id.x)) {
        case 0: b = 10;
        case 1: { int k = 3; b += k; case 2: b += 100; break; }
        case 3: { b = 7; { case 4: b += 1; } }
        case 5: b += 1000; break;
        default: b = -1;
    }
    Out[id.x] = b;
}
"#;

#[test]
fn nested_labels_are_targets_of_the_switch() {
    // One `switch` with six case targets; the blocks fall through in source order.
    let dump = common::dump(NESTED);
    let switch = dump
        .lines()
        .find(|l| l.trim_start().starts_with("switch "))
        .unwrap_or_default();
    expect![[r#"  switch %5, bb7, [0: bb1, 1: bb2, 2: bb3, 3: bb4, 4: bb5, 5: bb6]"#]]
        .assert_eq(switch);
    assert_eq!(dump.matches("switch ").count(), 1, "{dump}");
}

#[test]
fn nested_labels_run() {
    let m = common::lower(NESTED);
    let program = Program::new(&m, "main", &ProgramOptions::default()).expect("program");
    let mut bindings = Bindings::new(&program);
    bindings
        .bind(&program, 0, 0, 0, Resource::buffer(vec![0; 8 * 4]))
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
    let out: Vec<i32> = data
        .chunks(4)
        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    // 0: 10 + 3 + 100; 1: 3 + 100; 2: 100 (its `k` is never read); 3: 7 + 1 + 1000;
    // 4: 1 + 1000; 5: 1000; 6 and 7: the default.
    assert_eq!(out, vec![113, 103, 100, 1008, 1001, 1000, -1, -1]);
}
