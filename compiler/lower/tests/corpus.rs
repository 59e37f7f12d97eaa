//! Every entry point of the shader corpus (`tests/shaders`, with the entries, include
//! directories and defines of its header comments) either lowers to a module the verifier
//! accepts or is refused with E3001/E3002 diagnostics; nothing panics.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use db::{FileSource, PreprocessConfig, RootDatabase};
use lower::ShaderStage;
use syntax::preprocess::{ShaderStage as Stage, ShaderTarget};

struct Disk;

impl FileSource for Disk {
    fn read(&self, path: &str) -> Option<String> {
        std::fs::read_to_string(path).ok()
    }
}

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/shaders")
}

#[test]
fn corpus_lowers_or_is_refused_cleanly() {
    let mut lowered = 0;
    let mut refused = 0;
    // Geometry, tessellation, mesh and library (ray-tracing) entry points must all lower.
    let mut refused_stages = Vec::new();
    let mut spirv_failures = Vec::new();
    let mut paths: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "hlsl"))
        .collect();
    paths.sort();
    for path in paths {
        let text = std::fs::read_to_string(&path).unwrap();
        let header = |key: &str| -> Vec<String> {
            text.lines()
                .filter_map(|l| l.strip_prefix(&format!("// {key}:")))
                .map(|s| s.trim().to_owned())
                .collect()
        };
        let include_dirs = header("include-dir")
            .into_iter()
            .map(|d| corpus_dir().join(d).to_string_lossy().into_owned())
            .collect();
        let defines = header("define")
            .into_iter()
            .map(|d| match d.split_once('=') {
                Some((n, v)) => (n.to_owned(), Some(v.to_owned())),
                None => (d, None),
            })
            .collect();
        for entry in header("entry") {
            let mut parts = entry.split_whitespace();
            let (Some(name), Some(profile)) = (parts.next(), parts.next()) else {
                continue;
            };
            let (stage, pp_stage) = match &profile[..2] {
                "cs" => (ShaderStage::Compute, Stage::Compute),
                "vs" => (ShaderStage::Vertex, Stage::Vertex),
                "ps" => (ShaderStage::Pixel, Stage::Pixel),
                "gs" => (ShaderStage::Geometry, Stage::Geometry),
                "hs" => (ShaderStage::Hull, Stage::Hull),
                "ds" => (ShaderStage::Domain, Stage::Domain),
                "ms" => (ShaderStage::Mesh, Stage::Mesh),
                "as" => (ShaderStage::Amplification, Stage::Amplification),
                _ => (ShaderStage::Other, Stage::Library),
            };
            let mut db = RootDatabase::new(Arc::new(Disk));
            let file = db.set_file_text(&path.to_string_lossy(), Some(text.as_str().into()));
            let config = db.new_config(PreprocessConfig {
                include_dirs: Vec::clone(&include_dirs),
                defines: Vec::clone(&defines),
                target: Some(ShaderTarget {
                    stage: pp_stage,
                    major: 6,
                    minor: 6,
                }),
                ..PreprocessConfig::default()
            });
            if db::parse_file(&db, file, config).has_errors()
                || db::semantic_diagnostics(&db, file, config)
                    .iter()
                    .any(|d| d.severity == db::Severity::Error)
            {
                continue;
            }
            match lower::lower_module(&db, file, config, name, stage) {
                Ok(m) => {
                    let errors = ir::verify(&m);
                    assert!(
                        errors.is_empty(),
                        "{} {name}: verifier errors {errors:?}\n{}",
                        path.display(),
                        ir::print_module(&m)
                    );
                    lowered += 1;
                    spirv_failures.extend(spirv_check(&m, &format!("{} {name}", path.display())));
                }
                Err(ds) => {
                    assert!(
                        ds.iter().all(|d| d.code == "E3001" || d.code == "E3002"),
                        "{ds:?}"
                    );
                    refused += 1;
                    if ["gs", "hs", "ds", "ms", "as", "li"].contains(&&profile[..2]) {
                        refused_stages.push(format!("{} {name}: {ds:?}", path.display()));
                    }
                }
            }
        }
    }
    eprintln!("lowered {lowered}, refused {refused}");
    assert!(lowered >= 88, "only {lowered} entry points lowered");
    assert!(refused_stages.is_empty(), "{}", refused_stages.join("\n"));
    assert!(spirv_failures.is_empty(), "{}", spirv_failures.join("\n"));
}

/// Every lowered corpus entry point emits SPIR-V that every installed `spirv-val` accepts.
fn spirv_check(m: &ir::Module, what: &str) -> Vec<String> {
    let options = spirv_backend::SpirvOptions::new(spirv_backend::TargetEnv::Vulkan1_2);
    match spirv_backend::emit(m, &options) {
        Ok(words) => spirv_backend::validate::validate(
            &words,
            &spirv_backend::validator_options(m, &options),
        )
        .into_iter()
        .map(|f| format!("{what}: {f}"))
        .collect(),
        Err(e) => vec![format!("{what}: emit failed: {e}")],
    }
}
