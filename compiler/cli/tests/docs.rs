//! Keeps `docs/diagnostics.md` true: every diagnostic code used in the compiler's sources is
//! documented there, and every documented code is still used.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// Every quoted error or warning code (E or W and four digits) in the Rust sources under `dir`.
fn codes_in_sources(dir: &Path, out: &mut BTreeSet<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            codes_in_sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            out.extend(codes_in_text(&text, '"'));
        }
    }
}

/// Codes such as `E1001` that stand right after `open` (a quote or a backtick).
fn codes_in_text(text: &str, open: char) -> Vec<String> {
    let bytes = text.as_bytes();
    let mut codes = Vec::new();
    for (i, _) in text.match_indices(open) {
        let rest = &bytes[i + 1..];
        if rest.len() >= 6
            && matches!(rest[0], b'E' | b'W')
            && rest[1..5].iter().all(u8::is_ascii_digit)
            && rest[5] == open as u8
        {
            codes.push(String::from_utf8_lossy(&rest[..5]).into_owned());
        }
    }
    codes
}

#[test]
fn every_diagnostic_code_is_documented() {
    let root = repo_root();
    let mut used = BTreeSet::new();
    codes_in_sources(&root.join("compiler"), &mut used);
    // Test files mention codes they expect; only the compiler's own sources count.
    let doc = std::fs::read_to_string(root.join("docs/diagnostics.md")).unwrap();
    let documented: BTreeSet<String> = doc
        .lines()
        .filter(|l| l.starts_with("| `"))
        .flat_map(|l| codes_in_text(l, '`'))
        .collect();
    let undocumented: Vec<_> = used.difference(&documented).collect();
    let stale: Vec<_> = documented.difference(&used).collect();
    assert!(
        undocumented.is_empty(),
        "codes used but not in docs/diagnostics.md: {undocumented:?}"
    );
    assert!(
        stale.is_empty(),
        "codes in docs/diagnostics.md that nothing uses: {stale:?}"
    );
}
