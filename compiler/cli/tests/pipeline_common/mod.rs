//! Running `hlslc run --pipeline` on a shader and pipeline written to a temporary folder,
//! shared by the interpreter end-to-end tests.

#![allow(dead_code)] // each test file uses a part

use std::process::Command;

use serde_json::Value;

#[path = "../test_dir/mod.rs"]
pub mod test_dir;

pub use test_dir::TestDir;

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

/// A directory for test `test`'s files, removed when dropped.
pub fn test_dir(test: &str) -> TestDir {
    TestDir::new(&format!("{}-{test}", env!("CARGO_CRATE_NAME")))
}

/// Runs `hlslc run --pipeline` on `shader` (entry `main`) with `pipeline` and extra flags.
pub fn run(test: &str, shader: &str, pipeline: &str, flags: &[&str]) -> Ran {
    let dir = test_dir(test);
    let source = dir.write("shader.hlsl", shader);
    let yaml = dir.write("pipeline.yaml", pipeline);
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
