//! Runs `hlslc --check` on every shader of the corpus (`tests/shaders/`), once per entry point
//! its header lines name, and expects no diagnostics: these are shaders DXC accepts.
//!
//! Header lines: see `common/mod.rs`.

mod common;

use common::*;

#[test]
fn corpus_checks_clean() {
    let shaders = corpus_shaders();
    assert!(
        shaders.len() >= 40,
        "the corpus has only {} shaders",
        shaders.len()
    );

    let mut failures = Vec::new();
    let mut runs = 0;
    for path in &shaders {
        let text = std::fs::read_to_string(path).unwrap();
        let h = header(&text);
        assert!(
            !h.entries.is_empty(),
            "{} has no `// entry:` line",
            path.display()
        );
        for (entry, profile) in &h.entries {
            let mut cmd = hlslc_in_corpus();
            cmd.args(["-T", profile, "-E", entry, "--check"])
                .args(h.flags())
                .arg(path);
            let out = cmd.output().unwrap();
            runs += 1;
            if !out.status.success() || !out.stderr.is_empty() {
                failures.push(format!(
                    "{} ({entry} {profile}):\n{}",
                    path.file_name().unwrap().to_string_lossy(),
                    String::from_utf8_lossy(&out.stderr)
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {runs} checks failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
