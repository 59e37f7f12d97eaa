//! `-P`: the preprocessed text as DXC (clang) writes it, keeping the lines of the source:
//! each token on the line of the file it came from (a macro's expansion on the line of its
//! use; the first token of a line at its column), with a `#line N "file"` marker at the start, wherever the text enters or leaves an
//! included file, and where a gap of more than a few lines is cheaper to mark than to fill;
//! `#pragma pack_matrix` stays where it was, as the compiler reads it from the text.
//! The result is HLSL that compiles alike, with diagnostics on the original lines. Called by
//! the driver (`main.rs`).

use std::collections::HashMap;

use db::{FileId, RootDatabase, SourceDb as _};
use syntax::line_index::LineIndex;
use syntax::preprocess::Preprocessed;

/// Empty lines written out rather than a `#line` marker (clang writes up to 8).
const MAX_BLANK_LINES: u32 = 8;

/// The preprocessed text of `pp`, whose files `db` holds.
pub fn line_preserving_text(db: &RootDatabase, pp: &Preprocessed) -> String {
    let mut lines: HashMap<FileId, (LineIndex, String)> = HashMap::new();
    let mut out = String::new();
    // The file and line the text written so far is on; `None` before the first token.
    let mut at: Option<(FileId, u32)> = None;
    let mut line_start = true;
    let mut pragmas = pp.pack_matrix.iter().peekable();
    for (i, token) in pp.tokens.iter().enumerate() {
        // `#pragma pack_matrix` stays in the text, where it applied; the next token gets a
        // marker, since the pragma took a line of its own.
        while let Some(p) = pragmas.next_if(|p| p.token_index <= i) {
            pack_matrix(&mut out, p.row_major, line_start);
            line_start = true;
            at = None;
        }
        let (file, range) = token.origin.diagnostic_range();
        let (index, path) = lines.entry(file).or_insert_with(|| {
            let f = db.file(file);
            let text = f.and_then(|f| f.text(db)).unwrap_or_default();
            let path = f.map(|f| f.path(db).clone()).unwrap_or_default();
            (LineIndex::new(&text), path)
        });
        let lc = index.line_col(range.start());
        let line = lc.line + 1;
        let now = match at {
            Some((f, l)) if f == file && line <= l => {
                // On the current line, or a token written on an earlier line (a macro
                // argument before the use's end): it stays on the current line.
                l
            }
            Some((f, l)) if f == file && line - l <= MAX_BLANK_LINES => {
                (l..line).for_each(|_| out.push('\n'));
                line_start = true;
                line
            }
            _ => {
                marker(&mut out, line, path, line_start);
                line_start = true;
                line
            }
        };
        if line_start {
            // The first token of a line keeps its column.
            (0..lc.col).for_each(|_| out.push(' '));
        } else if token.leading_space {
            out.push(' ');
        }
        out.push_str(pp.token_text(i));
        line_start = false;
        at = Some((file, now));
    }
    for p in pragmas {
        pack_matrix(&mut out, p.row_major, line_start);
        line_start = true;
    }
    if !line_start {
        out.push('\n');
    }
    out
}

/// `#pragma pack_matrix(...)` on a line of its own.
fn pack_matrix(out: &mut String, row_major: bool, line_start: bool) {
    if !line_start {
        out.push('\n');
    }
    let order = if row_major {
        "row_major"
    } else {
        "column_major"
    };
    out.push_str(&format!("#pragma pack_matrix({order})\n"));
}

/// `#line N "path"` on a line of its own: the next line is line `line` of `path`.
fn marker(out: &mut String, line: u32, path: &str, line_start: bool) {
    if !line_start {
        out.push('\n');
    }
    let quoted = path.replace('\\', "\\\\").replace('"', "\\\"");
    out.push_str(&format!("#line {line} \"{quoted}\"\n"));
}
