//! The shader corpus (`tests/shaders/`) and its header lines, shared by the corpus tests.
//!
//! Header lines: `// entry: NAME PROFILE` (repeatable), `// define: NAME[=VALUE]`,
//! `// include-dir: DIR` (relative to `tests/shaders/`), `// args: FLAGS...`.

#![allow(dead_code)] // each test file uses a part

use std::path::{Path, PathBuf};
use std::process::Command;

#[derive(Debug, Default)]
pub struct Header {
    pub entries: Vec<(String, String)>,
    pub defines: Vec<String>,
    pub include_dirs: Vec<String>,
    pub args: Vec<String>,
}

impl Header {
    /// `-D`, `-I` and the extra flags of the header, as `hlslc` takes them.
    pub fn flags(&self) -> Vec<String> {
        let mut flags = Vec::new();
        for d in &self.defines {
            flags.extend(["-D".to_owned(), d.clone()]);
        }
        for i in &self.include_dirs {
            flags.extend(["-I".to_owned(), i.clone()]);
        }
        flags.extend(self.args.iter().cloned());
        flags
    }
}

pub fn header(text: &str) -> Header {
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

pub fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/shaders")
        .canonicalize()
        .unwrap()
}

/// Every `.hlsl` file of the corpus, sorted.
pub fn corpus_shaders() -> Vec<PathBuf> {
    let mut shaders: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "hlsl"))
        .collect();
    shaders.sort();
    shaders
}

/// `hlslc` run from the corpus directory, so header include dirs resolve.
pub fn hlslc_in_corpus() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_hlslc"));
    cmd.current_dir(corpus_dir());
    cmd
}
