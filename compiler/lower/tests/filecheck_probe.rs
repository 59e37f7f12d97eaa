//! Constructs that DXC's HLSLFileCheck tests showed lowering wrongly or not at all, in shaders
//! of our own, with their values on the interpreter worked out by hand.

mod common;

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
fn a_vector_truncated_to_one_component_keeps_its_first_component() {
    // Each one-component local takes the first component of a longer vector, converted:
    // 1.0 is true, 7u is 7, 2.5 stays 2.5 (times 2 is 5).
    let out = run_words(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    bool1 b = float4(1, 0, 0, 0);
    int1 i = uint3(7, 2, 3);
    float1 f = float2(2.5, 9.0);
    Out[0] = b.x ? 1 : 0;
    Out[1] = i.x;
    Out[2] = (uint)(f.x * 2);
}
"#,
        3,
    );
    assert_eq!(out, [1, 7, 5]);
}
