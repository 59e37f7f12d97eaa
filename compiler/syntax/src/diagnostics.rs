//! Diagnostics as plain data: a stable code, a severity, a message, a range and related notes.
//!
//! Every stage produces these; only the edges render them (the command line as text, the
//! language server as LSP JSON). The codes are listed in `docs/diagnostics.md`.

use rowan::TextRange;

use crate::preprocess::FileId;

/// How serious a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Error,
    Warning,
    Note,
}

/// A secondary location with its own message ("previous definition is here").
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Related {
    pub file: FileId,
    pub range: TextRange,
    pub message: String,
}

/// One diagnostic.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Diagnostic {
    /// Stable code such as `E1001`; see `docs/diagnostics.md`.
    pub code: &'static str,
    pub severity: Severity,
    pub message: String,
    pub file: FileId,
    pub range: TextRange,
    pub related: Vec<Related>,
}

impl Diagnostic {
    pub fn error(
        code: &'static str,
        message: impl Into<String>,
        file: FileId,
        range: TextRange,
    ) -> Diagnostic {
        Diagnostic {
            code,
            severity: Severity::Error,
            message: message.into(),
            file,
            range,
            related: Vec::new(),
        }
    }

    pub fn warning(
        code: &'static str,
        message: impl Into<String>,
        file: FileId,
        range: TextRange,
    ) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(code, message, file, range)
        }
    }

    /// Adds a related location.
    pub fn with_related(
        mut self,
        file: FileId,
        range: TextRange,
        message: impl Into<String>,
    ) -> Diagnostic {
        self.related.push(Related {
            file,
            range,
            message: message.into(),
        });
        self
    }
}
