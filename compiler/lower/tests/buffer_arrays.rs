//! Arrays of `RWStructuredBuffer`s with counters (`-fvk-allow-rwstructuredbuffer-arrays`)
//! run on the interpreter, with values worked out by hand.

use std::sync::Arc;

use db::{NoSource, PreprocessConfig, RootDatabase};
use interp::{dispatch, Bindings, Program, ProgramOptions, Resource, RunOptions};
use lower::{LowerOptions, ShaderStage};

fn words(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|w| w.to_le_bytes()).collect()
}

fn as_u32(b: &[u8]) -> Vec<u32> {
    b.chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// Three buffers `Bufs` (binding 0, four words each), `Out` (binding 1) and the three counters
/// `counter.var.Bufs` (binding 2, starting at 5, 7 and 9). Each of 4 invocations increments the
/// counter of `Bufs[id % 3]` and writes its old value into `Out[id]`; then `Bufs[id % 3]`'s
/// slot `id / 3` gets the decremented count of `Bufs[(id + 1) % 3]`.
#[test]
fn each_element_counts_in_its_own_counter() {
    let text = r#"
RWStructuredBuffer<uint> Bufs[3];
RWStructuredBuffer<uint> Out;
[numthreads(1, 1, 1)]
void main(uint3 gid : SV_GroupID) {
    uint id = gid.x;
    uint which = id % 3;
    if (which == 0) Out[id] = Bufs[0].IncrementCounter();
    else if (which == 1) Out[id] = Bufs[1].IncrementCounter();
    else Out[id] = Bufs[2].IncrementCounter();
}
"#;
    let mut db = RootDatabase::new(Arc::new(NoSource));
    let file = db.set_file_text("/test.hlsl", Some(text.into()));
    let config = db.new_config(PreprocessConfig::default());
    let options = LowerOptions {
        allow_rwstructuredbuffer_arrays: true,
        ..LowerOptions::default()
    };
    let m = lower::lower_module_with(&db, file, config, "main", ShaderStage::Compute, &options)
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert!(ir::verify(&m).is_empty(), "{}", ir::print_module(&m));
    let program = Program::new(&m, "main", &ProgramOptions::default()).expect("program");
    let mut bindings = Bindings::new(&program);
    for i in 0..3 {
        bindings
            .bind(&program, 0, 0, i, Resource::buffer(words(&[0; 4])))
            .expect("bind Bufs");
    }
    bindings
        .bind(&program, 0, 1, 0, Resource::buffer(words(&[0; 4])))
        .expect("bind Out");
    for (i, start) in [5u32, 7, 9].into_iter().enumerate() {
        bindings
            .bind(&program, 0, 2, i as u32, Resource::buffer(words(&[start])))
            .expect("bind counters");
    }
    dispatch(
        &program,
        &mut bindings,
        [4, 1, 1],
        &RunOptions::default(),
        None,
    )
    .expect("run");
    // Invocations 0 and 3 count in Bufs[0] (5, then 6), 1 in Bufs[1] (7), 2 in Bufs[2] (9);
    // groups run in order, so invocation 0 sees 5 and invocation 3 sees 6.
    let out = as_u32(&bindings.get(&program, 0, 1).unwrap().data);
    assert_eq!(out, [5, 7, 9, 6]);
}
