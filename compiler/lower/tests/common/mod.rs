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
    let mut db = RootDatabase::new(Arc::new(NoSource));
    let file = db.set_file_text("/test.hlsl", Some(text.into()));
    let config = db.new_config(PreprocessConfig::default());
    let sema: Vec<_> = db::semantic_diagnostics(&db, file, config)
        .into_iter()
        .filter(|d| d.severity == db::Severity::Error)
        .collect();
    assert!(sema.is_empty(), "semantic errors: {sema:?}");
    lower::lower_module(&db, file, config, "main", stage).map_err(|ds| {
        ds.iter()
            .map(|d| format!("{} {:?}: {}", d.code, d.range, d.message))
            .collect::<Vec<_>>()
            .join("\n")
    })
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
