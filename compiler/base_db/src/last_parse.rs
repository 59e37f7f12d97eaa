//! The last parse of every (file, configuration), kept beside salsa so that `parse_file` can
//! re-parse the next version of a file incrementally (`syntax::reparse`) instead of from
//! scratch.
//!
//! Salsa gives a query no access to its previous value, so the root database holds this table
//! and `parse_file` reads and fills it. It never decides a result on its own: an incremental
//! re-parse is made from the old parse and the new text only, and is the parse a fresh run
//! would give (property-tested in `syntax`). Every file the old parse tried to read (includes,
//! and the paths probed before one was found) is read again through the database first, which
//! records the same dependencies a full parse would; if any of them changed, it is a full
//! parse. A stale entry (a snapshot that parsed an older text last) only costs a full parse.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use syntax::{ParsedFile, PreprocessConfig};

use crate::{CompileConfig, SourceDb, SourceFile};

/// The table; `SourceDb::last_parses` hands it to `parse_file`.
#[derive(Default)]
pub struct LastParses {
    parses: Mutex<HashMap<(SourceFile, CompileConfig), LastParse>>,
}

/// One parse, with what it was made under.
struct LastParse {
    preprocess: PreprocessConfig,
    parsed: ParsedFile,
    /// Every path the parse tried to read, with what it found.
    reads: Arc<[FileRead]>,
}

/// A path a parse tried to read and the text it found there (`None`: nothing).
pub type FileRead = (String, Option<Arc<str>>);

impl LastParses {
    /// How many parses the table holds.
    pub fn len(&self) -> usize {
        self.parses.lock().map_or(0, |p| p.len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Drops the parses of `file` (a document the editor closed): the table keeps only what
    /// the next edit may re-parse from.
    pub fn forget(&self, file: SourceFile) {
        if let Ok(mut parses) = self.parses.lock() {
            parses.retain(|(f, _), _| *f != file);
        }
    }

    /// The parse of `text` made incrementally from the last parse of `file` under `config`,
    /// if there is one under the same preprocessor settings and the edit allows it.
    /// The files it read are read again through `db`, as the full parse would.
    pub fn reparse(
        &self,
        db: &dyn SourceDb,
        file: SourceFile,
        config: CompileConfig,
        preprocess: &PreprocessConfig,
        text: &str,
    ) -> Option<(ParsedFile, Arc<[FileRead]>)> {
        let (old, reads) = {
            let parses = self.parses.lock().ok()?;
            let last = parses.get(&(file, config))?;
            if last.preprocess != *preprocess {
                return None;
            }
            (last.parsed.clone(), last.reads.clone())
        };
        for (path, seen) in reads.iter() {
            if db.file_at(path).text(db) != *seen {
                return None;
            }
        }
        Some((syntax::reparse::reparse_token(&old, text)?, reads))
    }

    /// Remembers `parsed` as the last parse of `file` under `config`, which read `reads`.
    pub fn remember(
        &self,
        file: SourceFile,
        config: CompileConfig,
        preprocess: &PreprocessConfig,
        parsed: &ParsedFile,
        reads: Arc<[FileRead]>,
    ) {
        if let Ok(mut parses) = self.parses.lock() {
            let last = LastParse {
                preprocess: preprocess.clone(),
                parsed: parsed.clone(),
                reads,
            };
            parses.insert((file, config), last);
        }
    }
}
