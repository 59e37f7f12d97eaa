//! Tests of the preprocessor: an in-memory file loader and snapshots of a compact rendering of
//! the output (expanded text, token origins, regions, includes, diagnostics). Every test also
//! checks that the lossless tree of the main file reproduces its text byte for byte.

use std::collections::HashMap;
use std::fmt::Write;
use std::sync::Arc;

use expect_test::Expect;

use super::*;

/// Files by path; the first one is the main file (id 0), the others get ids 1, 2...
struct MemFiles {
    files: HashMap<String, (FileId, Arc<str>)>,
}

impl MemFiles {
    fn new(files: &[(&str, &str)]) -> MemFiles {
        MemFiles {
            files: files
                .iter()
                .enumerate()
                .map(|(i, (p, t))| (p.to_string(), (FileId(i as u32), Arc::from(*t))))
                .collect(),
        }
    }
}

impl FileLoader for MemFiles {
    fn load(&self, path: &str) -> Option<LoadedFile> {
        let (id, text) = self.files.get(path)?;
        Some(LoadedFile {
            id: *id,
            path: path.to_string(),
            text: text.clone(),
        })
    }
}

fn range(r: TextRange) -> String {
    format!("{}..{}", u32::from(r.start()), u32::from(r.end()))
}

/// The expanded text: tokens separated by one space where whitespace stood.
fn expanded_text(pp: &Preprocessed) -> String {
    let mut s = String::new();
    for (i, t) in pp.tokens.iter().enumerate() {
        if i > 0 && t.leading_space {
            s.push(' ');
        }
        s.push_str(pp.token_text(i));
    }
    s
}

fn render(pp: &Preprocessed, main_text: &str, with_tokens: bool) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "text: {}", expanded_text(pp));
    if with_tokens {
        for (i, t) in pp.tokens.iter().enumerate() {
            let origin = match t.origin {
                TokenOrigin::File { file, range: r } => format!("file {}:{}", file.0, range(r)),
                TokenOrigin::Macro {
                    file,
                    call,
                    spelled,
                } => {
                    let sp =
                        spelled.map_or("-".to_string(), |(f, r)| format!("{}:{}", f.0, range(r)));
                    format!("macro {}:{} spelled {}", file.0, range(call), sp)
                }
            };
            let _ = writeln!(s, "  {:?} {:?} {}", t.kind, pp.token_text(i), origin);
        }
    }
    for r in &pp.regions {
        let text = main_text
            .get(usize::from(r.range.start())..usize::from(r.range.end()))
            .unwrap_or("?");
        let _ = writeln!(s, "region {:?} {} {:?}", r.kind, range(r.range), text);
    }
    for i in &pp.includes {
        let _ = writeln!(
            s,
            "include {}:{} -> {} {}",
            i.from.0,
            range(i.path_range),
            i.to.0,
            i.path
        );
    }
    for p in &pp.pack_matrix {
        let _ = writeln!(
            s,
            "pack_matrix at {} row_major={}",
            p.token_index, p.row_major
        );
    }
    for l in &pp.line_directives {
        let _ = writeln!(
            s,
            "line {} at {} = {} {:?}",
            l.file.0,
            u32::from(l.offset),
            l.line,
            l.path
        );
    }
    for d in &pp.diagnostics {
        let _ = writeln!(
            s,
            "{} {:?} {}:{}: {}",
            d.code,
            d.severity,
            d.file.0,
            range(d.range),
            d.message
        );
        for r in &d.related {
            let _ = writeln!(
                s,
                "  related {}:{}: {}",
                r.file.0,
                range(r.range),
                r.message
            );
        }
    }
    s
}

/// Preprocesses without parsing (for the runaway tests, whose output is huge).
fn run_pp(text: &str) -> Preprocessed {
    let pp = preprocess(
        FileId(0),
        "main.hlsl",
        text,
        &PreprocessConfig::default(),
        &NoFiles,
    );
    for w in pp.regions.windows(2) {
        assert!(w[0].range.end() <= w[1].range.start(), "{:?}", pp.regions);
    }
    pp
}

fn run(files: &[(&str, &str)], config: &PreprocessConfig) -> Preprocessed {
    let loader = MemFiles::new(files);
    let (path, text) = files[0];
    let pp = preprocess(FileId(0), path, text, config, &loader);
    // Regions are sorted and disjoint, and the lossless tree is the file.
    for w in pp.regions.windows(2) {
        assert!(w[0].range.end() <= w[1].range.start(), "{:?}", pp.regions);
    }
    let parsed = crate::parse_file(FileId(0), path, text, config, &loader);
    assert_eq!(parsed.syntax().to_string(), text);
    pp
}

fn check_files(files: &[(&str, &str)], config: &PreprocessConfig, expect: Expect) {
    let pp = run(files, config);
    expect.assert_eq(&render(&pp, files[0].1, true));
}

/// Full rendering of one file.
fn check(text: &str, expect: Expect) {
    check_files(&[("main.hlsl", text)], &PreprocessConfig::default(), expect);
}

/// Expanded text, regions and diagnostics, without token origins.
fn check_text(text: &str, expect: Expect) {
    let pp = run(&[("main.hlsl", text)], &PreprocessConfig::default());
    expect.assert_eq(&render(&pp, text, false));
}

fn check_config(text: &str, config: &PreprocessConfig, expect: Expect) {
    let pp = run(&[("main.hlsl", text)], config);
    expect.assert_eq(&render(&pp, text, false));
}

mod directives;
mod macros;
mod misc;
