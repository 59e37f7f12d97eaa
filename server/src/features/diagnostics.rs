//! Diagnostics of open files, converted for `textDocument/publishDiagnostics`.
//!
//! Preprocessor and syntax diagnostics come from `parse_file`; semantic diagnostics from `hir`
//! join them unless the preprocessor lost text (`ParsedFile::supports_semantic_analysis`),
//! as in `hlslc`: after a syntax error `hir` still reports every diagnostic the error does
//! not cascade into, so the rest of the file keeps its diagnostics while the user types. A
//! panic in semantic analysis is caught here, so the syntax diagnostics still reach the user
//! (and the panic is reported in the log). A diagnostic that lies in an included file is shown on the
//! `#include` line of the main file that leads to it (with the real place as related
//! information), since a client shows a file's diagnostics only on that file.

use std::collections::HashMap;
use std::panic::AssertUnwindSafe;

use syntax::{Diagnostic, FileId, TextRange};
use tower_lsp_server::ls_types::{
    self as lsp, DiagnosticRelatedInformation, DiagnosticSeverity, NumberOrString, Uri,
};

use crate::convert::LineMap;
use crate::features::navigation::location;
use crate::state::Snapshot;

/// The diagnostics of one open document at one version.
#[derive(Debug, Clone, PartialEq)]
pub struct FileDiagnostics {
    pub uri: Uri,
    pub version: i32,
    pub diagnostics: Vec<lsp::Diagnostic>,
}

/// The open documents split in two, each in path order: those among `edited` first (their
/// diagnostics are the ones the user waits for), then the others.
pub fn publication_order(snap: &Snapshot, edited: &[String]) -> [Vec<String>; 2] {
    let (mut first, mut rest): (Vec<String>, Vec<String>) = snap
        .docs
        .keys()
        .cloned()
        .partition(|path| edited.contains(path));
    first.sort();
    rest.sort();
    [first, rest]
}

/// The diagnostics of the open documents at `paths`, in that order, and the messages of
/// panics caught on the way. Paths that are not open are skipped.
pub fn files(snap: &Snapshot, paths: &[String]) -> (Vec<FileDiagnostics>, Vec<String>) {
    let mut panics = Vec::new();
    let files = paths
        .iter()
        .filter(|path| snap.docs.contains_key(*path))
        .map(|path| {
            let doc = &snap.docs[path];
            FileDiagnostics {
                uri: doc.uri.clone(),
                version: doc.version,
                diagnostics: file_diagnostics(snap, path, &mut panics),
            }
        })
        .collect();
    (files, panics)
}

/// The compiler's diagnostics of the file at `path`: preprocessor and syntax, then semantic.
fn compiler_diagnostics(snap: &Snapshot, path: &str, panics: &mut Vec<String>) -> Vec<Diagnostic> {
    let parsed = snap.parse(path);
    let mut all = parsed.diagnostics.clone();
    if !parsed.supports_semantic_analysis() {
        return all;
    }
    let file = snap.file(path);
    let config = snap.compile_config(path);
    let semantic = std::panic::catch_unwind(AssertUnwindSafe(|| {
        db::semantic_diagnostics(&snap.db, file, config)
    }));
    match semantic {
        Ok(semantic) => all.extend(semantic),
        // Cancellation is not a failure: let it reach the run's handler.
        Err(payload) if payload.is::<salsa::Cancelled>() => std::panic::resume_unwind(payload),
        Err(payload) => panics.push(format!(
            "semantic analysis of `{path}` panicked: {}",
            crate::server::panic_message(&*payload)
        )),
    }
    all
}

/// The diagnostics of the file at `path`, on its own text.
pub fn file_diagnostics(
    snap: &Snapshot,
    path: &str,
    panics: &mut Vec<String>,
) -> Vec<lsp::Diagnostic> {
    let diagnostics = compiler_diagnostics(snap, path, panics);
    let parsed = snap.parse(path);
    let text = snap.text(path);
    let map = LineMap::new(&text);
    let main = parsed.file;
    // For each included file, the include in its includer that brought it in first.
    let mut included_by: HashMap<FileId, (FileId, TextRange)> = HashMap::new();
    for include in &parsed.preprocessed.includes {
        included_by
            .entry(include.to)
            .or_insert((include.from, include.path_range));
    }
    let mut out = Vec::with_capacity(diagnostics.len());
    for d in &diagnostics {
        let mut related: Vec<DiagnosticRelatedInformation> = d
            .related
            .iter()
            .filter_map(|r| {
                Some(DiagnosticRelatedInformation {
                    location: location(snap, r.file, r.range)?,
                    message: r.message.clone(),
                })
            })
            .collect();
        let (range, message) = if d.file == main {
            (d.range, d.message.clone())
        } else {
            // Walk up the include chain to the main file (bounded: chains can be cyclic).
            let mut at = d.file;
            let mut range = TextRange::default();
            for _ in 0..64 {
                match included_by.get(&at) {
                    Some(&(from, path_range)) => {
                        range = path_range;
                        if from == main {
                            break;
                        }
                        at = from;
                    }
                    None => break,
                }
            }
            if let Some(loc) = location(snap, d.file, d.range) {
                related.insert(
                    0,
                    DiagnosticRelatedInformation {
                        location: loc,
                        message: d.message.clone(),
                    },
                );
            }
            let name = snap.path_of(d.file).unwrap_or_default();
            (range, format!("in included file `{name}`: {}", d.message))
        };
        out.push(lsp::Diagnostic {
            range: map.range(range),
            severity: Some(match d.severity {
                syntax::Severity::Error => DiagnosticSeverity::ERROR,
                syntax::Severity::Warning => DiagnosticSeverity::WARNING,
                syntax::Severity::Note => DiagnosticSeverity::INFORMATION,
            }),
            code: Some(NumberOrString::String(d.code.to_owned())),
            code_description: None,
            source: Some("hlsl-analyzer".to_owned()),
            message,
            related_information: (!related.is_empty()).then_some(related),
            tags: None,
            data: None,
        });
    }
    out
}
