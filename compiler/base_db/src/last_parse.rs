//! The last parse of every (file, configuration), kept beside salsa so that `parse_file` can
//! re-parse the next version of a file incrementally (`syntax::reparse`) instead of from
//! scratch.
//!
//! Salsa gives a query no access to its previous value, so the root database holds this table
//! and `parse_file` reads and fills it. It never decides a result on its own: an incremental
//! re-parse is made from the old parse and the new text only, and is the parse a fresh run
//! would give (property-tested in `syntax`); it is only tried when the old parse read no other
//! file, so the query's dependencies are the same either way. A stale entry (a snapshot that
//! parsed an older text last) only costs a full parse.

use std::collections::HashMap;
use std::sync::Mutex;

use syntax::{ParsedFile, PreprocessConfig};

use crate::{CompileConfig, SourceFile};

/// The table; `SourceDb::last_parses` hands it to `parse_file`.
#[derive(Default)]
pub struct LastParses {
    parses: Mutex<HashMap<(SourceFile, CompileConfig), (PreprocessConfig, ParsedFile)>>,
}

impl LastParses {
    /// The parse of `text` made incrementally from the last parse of `file` under `config`,
    /// if there is one under the same preprocessor settings and the edit allows it.
    pub fn reparse(
        &self,
        file: SourceFile,
        config: CompileConfig,
        preprocess: &PreprocessConfig,
        text: &str,
    ) -> Option<ParsedFile> {
        let old = {
            let parses = self.parses.lock().ok()?;
            let (settings, old) = parses.get(&(file, config))?;
            if settings != preprocess {
                return None;
            }
            old.clone()
        };
        syntax::reparse::reparse_token(&old, text)
    }

    /// Remembers `parsed` as the last parse of `file` under `config`.
    pub fn remember(
        &self,
        file: SourceFile,
        config: CompileConfig,
        preprocess: &PreprocessConfig,
        parsed: &ParsedFile,
    ) {
        if let Ok(mut parses) = self.parses.lock() {
            parses.insert((file, config), (preprocess.clone(), parsed.clone()));
        }
    }
}
