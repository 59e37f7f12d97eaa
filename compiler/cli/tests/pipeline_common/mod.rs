//! Running `hlslc run --pipeline` on a shader and pipeline written to a temporary folder,
//! shared by the interpreter end-to-end tests.

#![allow(dead_code)] // each test file uses a part

use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

/// What one `hlslc run` printed.
pub struct Ran {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

impl Ran {
    /// The `buffers` object of the JSON output; panics (showing stderr) if the run failed.
    pub fn buffers(&self) -> Value {
        assert_eq!(self.code, Some(0), "hlslc run failed:\n{}", self.stderr);
        let json: Value = serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.stdout));
        json["buffers"].clone()
    }
}

pub fn write(dir: &str, name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir()
        .join(format!(
            "hlslc-{}-{}",
            env!("CARGO_CRATE_NAME"),
            std::process::id()
        ))
        .join(dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Runs `hlslc run --pipeline` on `shader` (entry `main`) with `pipeline` and extra flags.
pub fn run(test: &str, shader: &str, pipeline: &str, flags: &[&str]) -> Ran {
    let source = write(test, "shader.hlsl", shader);
    let yaml = write(test, "pipeline.yaml", pipeline);
    let out = Command::new(env!("CARGO_BIN_EXE_hlslc"))
        .arg("run")
        .arg("--pipeline")
        .arg(&yaml)
        .args(flags)
        .arg(&source)
        .output()
        .unwrap();
    Ran {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}
