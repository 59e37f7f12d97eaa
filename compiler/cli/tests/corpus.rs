//! Runs `hlslc --check` on every shader of the corpus (`tests/shaders/`), once per entry point
//! its header lines name, and expects no diagnostics: these are shaders DXC accepts.
//!
//! Header lines: `// entry: NAME PROFILE` (repeatable), `// define: NAME[=VALUE]`,
//! `// include-dir: DIR` (relative to `tests/shaders/`), `// args: FLAGS...`.

use std::path::{Path, PathBuf};
use std::process::Command;

#[derive(Debug, Default)]
struct Header {
    entries: Vec<(String, String)>,
    defines: Vec<String>,
    include_dirs: Vec<String>,
    args: Vec<String>,
}

fn header(text: &str) -> Header {
    let mut h = Header::default();
    for line in text.lines() {
        let Some(comment) = line.trim().strip_prefix("//") else {
            break;
        };
        let comment = comment.trim();
        if let Some(rest) = comment.strip_prefix("entry:") {
            let mut parts = rest.split_whitespace();
            if let (Some(name), Some(profile)) = (parts.next(), parts.next()) {
                h.entries.push((name.to_owned(), profile.to_owned()));
            }
        } else if let Some(rest) = comment.strip_prefix("define:") {
            h.defines.push(rest.trim().to_owned());
        } else if let Some(rest) = comment.strip_prefix("include-dir:") {
            h.include_dirs.push(rest.trim().to_owned());
        } else if let Some(rest) = comment.strip_prefix("args:") {
            h.args.extend(rest.split_whitespace().map(str::to_owned));
        }
    }
    h
}

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/shaders")
        .canonicalize()
        .unwrap()
}

#[test]
fn corpus_checks_clean() {
    let dir = corpus_dir();
    let mut shaders: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "hlsl"))
        .collect();
    shaders.sort();
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
            let mut cmd = Command::new(env!("CARGO_BIN_EXE_hlslc"));
            cmd.current_dir(&dir)
                .args(["-T", profile, "-E", entry, "--check"]);
            for d in &h.defines {
                cmd.args(["-D", d]);
            }
            for i in &h.include_dirs {
                cmd.args(["-I", i]);
            }
            cmd.args(&h.args).arg(path);
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
