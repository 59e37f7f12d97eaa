//! Shared test helpers: lower an HLSL compute shader from text, verify the module.

#![allow(dead_code)]

use std::sync::Arc;

use db::{NoSource, PreprocessConfig, RootDatabase};
use lower::ShaderStage;

/// Lowers `main` of `text` as a compute shader: the module, or the diagnostics as text.
pub fn try_lower(text: &str) -> Result<ir::Module, String> {
    try_lower_stage(text, ShaderStage::Compute)
}

/// Lowers `main` of `text` for `stage`.
pub fn try_lower_stage(text: &str, stage: ShaderStage) -> Result<ir::Module, String> {
    lower_diagnostics(text, stage).map_err(|ds| {
        ds.iter()
            .map(|d| format!("{} {:?}: {}", d.code, d.range, d.message))
            .collect::<Vec<_>>()
            .join("\n")
    })
}

/// Lowers `main` of `text` for `stage` after checking that semantic analysis finds no error:
/// the module, or lowering's diagnostics.
pub fn lower_diagnostics(
    text: &str,
    stage: ShaderStage,
) -> Result<ir::Module, Vec<syntax::Diagnostic>> {
    let mut db = RootDatabase::new(Arc::new(NoSource));
    let file = db.set_file_text("/test.hlsl", Some(text.into()));
    let config = db.new_config(PreprocessConfig::default());
    let sema: Vec<_> = db::semantic_diagnostics(&db, file, config)
        .into_iter()
        .filter(|d| d.severity == db::Severity::Error)
        .collect();
    assert!(sema.is_empty(), "semantic errors: {sema:?}");
    lower::lower_module(&db, file, config, "main", stage)
}

/// Lowers and verifies; panics with the dump when the verifier complains.
pub fn lower(text: &str) -> ir::Module {
    lower_stage(text, ShaderStage::Compute)
}

/// [`lower`] for `stage`.
pub fn lower_stage(text: &str, stage: ShaderStage) -> ir::Module {
    let module = try_lower_stage(text, stage).unwrap_or_else(|e| panic!("lowering failed:\n{e}"));
    let errors = ir::verify(&module);
    assert!(
        errors.is_empty(),
        "verifier errors: {errors:?}\n{}",
        ir::print_module(&module)
    );
    module
}

/// The verified dump.
pub fn dump(text: &str) -> String {
    ir::print_module(&lower(text))
}

/// The little-endian bytes of `v`.
pub fn words_u32(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// The little-endian 32-bit words of `b`.
pub fn as_u32(b: &[u8]) -> Vec<u32> {
    b.chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// Lowers `text`, binds `buffers` (of 32-bit words) at set 0, bindings 0.., runs one group on
/// the interpreter and returns the buffers' words afterwards.
pub fn run_u32(text: &str, buffers: Vec<Vec<u32>>) -> Vec<Vec<u32>> {
    use interp::{dispatch, Bindings, Program, ProgramOptions, Resource, RunOptions};
    let m = lower(text);
    let program = Program::new(&m, "main", &ProgramOptions::default()).expect("program");
    let mut bindings = Bindings::new(&program);
    let n = buffers.len();
    for (i, data) in buffers.into_iter().enumerate() {
        bindings
            .bind(&program, 0, i as u32, 0, Resource::buffer(words_u32(&data)))
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
    (0..n)
        .map(|i| as_u32(&bindings.get(&program, 0, i as u32).unwrap().data))
        .collect()
}

/// Lowers `text`, binds each (binding, array element, words) at set 0, runs one group on the
/// interpreter and returns the words at binding `out`.
#[allow(dead_code)] // not every test binary runs arrays of buffers
pub fn run_elements(text: &str, buffers: &[(u32, u32, &[u32])], out: u32) -> Vec<u32> {
    use interp::{dispatch, Bindings, Program, ProgramOptions, Resource, RunOptions};
    let m = lower(text);
    let program = Program::new(&m, "main", &ProgramOptions::default()).expect("program");
    let mut bindings = Bindings::new(&program);
    for &(binding, element, data) in buffers {
        bindings
            .bind(
                &program,
                0,
                binding,
                element,
                Resource::buffer(words_u32(data)),
            )
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

/// The diagnostics of lowering `text`, which must fail.
pub fn lower_errors(text: &str) -> String {
    match try_lower(text) {
        Ok(m) => panic!("lowered:\n{}", ir::print_module(&m)),
        Err(e) => e,
    }
}
