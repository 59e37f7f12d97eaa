//! Diagnostics rendered for a terminal (codespan-reporting, rustc style), as JSON lines, or
//! one line each in the forms IDEs parse (DXC's `-fdiagnostics-format=msvc` and `vi`).

use std::io::Write;

use codespan_reporting::diagnostic::{Diagnostic as Rendered, Label};
use codespan_reporting::term::{self, Config};
use serde_json::json;
use syntax::line_index::LineIndex;
use syntax::{Diagnostic, Severity};

use crate::files::FilesView;

/// Writes `diags` to `out` in rustc/clang style, at the files and lines `#line` presumes.
pub fn human(out: &mut dyn Write, view: &FilesView, diags: &[Diagnostic], color: bool) {
    let config = Config::default();
    for d in diags {
        let d = &view.presumed(d);
        let severity = match d.severity {
            Severity::Error => codespan_reporting::diagnostic::Severity::Error,
            Severity::Warning => codespan_reporting::diagnostic::Severity::Warning,
            Severity::Note => codespan_reporting::diagnostic::Severity::Note,
        };
        let mut labels = vec![Label::primary(d.file, d.range)];
        labels.extend(
            d.related
                .iter()
                .map(|r| Label::secondary(r.file, r.range).with_message(&r.message)),
        );
        let rendered = Rendered::new(severity)
            .with_code(d.code)
            .with_message(&d.message)
            .with_labels(labels);
        let result = if color {
            let mut stream =
                term::termcolor::StandardStream::stderr(term::termcolor::ColorChoice::Always);
            term::emit_to_write_style(&mut stream, &config, view, &rendered)
        } else {
            term::emit_to_io_write(out, &config, view, &rendered)
        };
        if let Err(e) = result {
            let _ = writeln!(
                out,
                "error[{}]: {} (could not show the source: {e})",
                d.code, d.message
            );
        }
    }
}

/// Writes one JSON object per line for each diagnostic: severity, code, message, file, 1-based
/// line and column of start and end, byte offsets, and related locations. Files and lines are
/// the presumed ones of `#line` directives, as in the human form.
pub fn json(out: &mut dyn Write, files: &FilesView, diags: &[Diagnostic]) {
    let location = |file: syntax::FileId, range: syntax::TextRange| {
        let point = |offset: syntax::TextSize| {
            let (line, column) = shown_line_col(files, file, offset);
            json!({ "line": line, "column": column, "offset": u32::from(offset) })
        };
        (
            files.path(file).to_owned(),
            point(range.start()),
            point(range.end()),
        )
    };
    for d in diags {
        let d = &files.presumed(d);
        let severity = severity_word(d.severity);
        let (file, start, end) = location(d.file, d.range);
        let related: Vec<_> = d
            .related
            .iter()
            .map(|r| {
                let (file, start, end) = location(r.file, r.range);
                json!({ "file": file, "start": start, "end": end, "message": r.message })
            })
            .collect();
        let value = json!({
            "severity": severity,
            "code": d.code,
            "message": d.message,
            "file": file,
            "start": start,
            "end": end,
            "related": related,
        });
        let _ = writeln!(out, "{value}");
    }
}

/// The one-line forms of [`one_line`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineStyle {
    /// `file(line,col): error E2001: message`, which Visual Studio's error list reads.
    Msvc,
    /// `file +line:col: error E2001: message`, which vi opens at the place.
    Vi,
}

/// Writes each diagnostic, then each of its related locations as a `note`, on one line of
/// `style`, at the files and lines `#line` presumes (1-based lines and columns).
pub fn one_line(out: &mut dyn Write, files: &FilesView, diags: &[Diagnostic], style: LineStyle) {
    let place = |file: syntax::FileId, range: syntax::TextRange| {
        let (line, column) = shown_line_col(files, file, range.start());
        let path = files.path(file);
        match style {
            LineStyle::Msvc => format!("{path}({line},{column})"),
            LineStyle::Vi => format!("{path} +{line}:{column}"),
        }
    };
    for d in diags {
        let d = &files.presumed(d);
        let severity = severity_word(d.severity);
        let _ = writeln!(
            out,
            "{}: {severity} {}: {}",
            place(d.file, d.range),
            d.code,
            d.message
        );
        for r in &d.related {
            let _ = writeln!(out, "{}: note: {}", place(r.file, r.range), r.message);
        }
    }
}

/// The line (as `#line` presumes it) and 1-based column of `offset` in `file`.
fn shown_line_col(files: &FilesView, file: syntax::FileId, offset: syntax::TextSize) -> (i64, u32) {
    let lc = LineIndex::new(files.text(file)).line_col(offset);
    (files.shown_line(file, lc.line as usize), lc.col + 1)
}

/// How the one-line formats name a severity.
fn severity_word(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    }
}
