//! What `-HV` changes in lowering: before HLSL 2021, `&&`, `||` and `?:` evaluate every
//! operand (DXC's HLSL 2018 rules); from 2021 on they short-circuit. Run on the interpreter
//! with a side effect that shows which operands ran; values worked out by hand.

use std::sync::Arc;

use db::{NoSource, PreprocessConfig, RootDatabase};
use interp::{dispatch, Bindings, Program, ProgramOptions, Resource, RunOptions};
use lower::ShaderStage;

/// `Out[0]` counts the calls of `bump`; `Out[1..4]` hold the three results.
const SHADER: &str = r#"
RWStructuredBuffer<uint> Out : register(u0);
static uint calls = 0;
bool bump(bool v) { calls++; return v; }
uint pick(uint v) { calls++; return v; }
[numthreads(1, 1, 1)]
void main() {
    bool a = false && bump(true);
    bool b = true || bump(false);
    uint c = a ? pick(5) : 7;
    Out[0] = calls;
    Out[1] = a;
    Out[2] = b;
    Out[3] = c;
}
"#;

fn run(hlsl_version: u32) -> Vec<u32> {
    let mut db = RootDatabase::new(Arc::new(NoSource));
    let file = db.set_file_text("/test.hlsl", Some(SHADER.into()));
    let config = db.new_config(PreprocessConfig {
        hlsl_version,
        ..PreprocessConfig::default()
    });
    let errors: Vec<_> = db::semantic_diagnostics(&db, file, config)
        .into_iter()
        .filter(|d| d.severity == db::Severity::Error)
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    let m = lower::lower_module(&db, file, config, "main", ShaderStage::Compute)
        .unwrap_or_else(|e| panic!("lowering failed: {e:?}"));
    assert!(ir::verify(&m).is_empty(), "{}", ir::print_module(&m));
    let program = Program::new(&m, "main", &ProgramOptions::default()).expect("program");
    let mut bindings = Bindings::new(&program);
    bindings
        .bind(&program, 0, 0, 0, Resource::buffer(vec![0; 16]))
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
fn hlsl_2021_short_circuits() {
    // No call runs: `false &&`, `true ||` and a false condition skip them.
    assert_eq!(run(2021), vec![0, 0, 1, 7]);
}

#[test]
fn hlsl_2018_evaluates_every_operand() {
    // All three calls run; the results are the same.
    assert_eq!(run(2018), vec![3, 0, 1, 7]);
}
