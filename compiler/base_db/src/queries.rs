//! The tracked queries that run the front end: preprocessing and parsing.

use std::cell::RefCell;
use std::sync::Arc;

use syntax::{ExpandedTree, FileLoader, LoadedFile, ParsedFile};

use crate::last_parse::FileRead;
use crate::{CompileConfig, SourceDb, SourceFile};

/// `file` preprocessed and parsed under `config`. Includes are read through the database, so
/// editing a header re-runs this query for the files that include it, and only for those.
/// An edit inside one token is re-parsed from the last parse (`LastParses`) when the
/// database keeps them.
#[salsa::tracked(returns(ref))]
pub fn parse_file(db: &dyn SourceDb, file: SourceFile, config: CompileConfig) -> ParsedFile {
    let text = file.text(db).unwrap_or_else(|| Arc::from(""));
    let preprocess = config.preprocess(db);
    let last = db.last_parses();
    if let Some(last) = last {
        if let Some((parsed, reads)) = last.reparse(db, file, config, preprocess, &text) {
            last.remember(file, config, preprocess, &parsed, reads);
            return parsed;
        }
    }
    let loader = DbLoader {
        db,
        reads: RefCell::default(),
    };
    let parsed = syntax::parse_file(file.id(db), file.path(db), &text, preprocess, &loader);
    if let Some(last) = last {
        let reads = loader.reads.into_inner().into();
        last.remember(file, config, preprocess, &parsed, reads);
    }
    parsed
}

/// The expanded tree of `file` (macros expanded, includes spliced in), which semantic
/// analysis reads. Equal trees are backdated, so an edit that changes only trivia or the
/// lossless tree does not invalidate what depends on this.
#[salsa::tracked(returns(ref))]
pub fn expanded_tree(db: &dyn SourceDb, file: SourceFile, config: CompileConfig) -> ExpandedTree {
    parse_file(db, file, config).expanded().clone()
}

/// Reads includes through the database, recording each as a dependency of the query, and
/// keeps the list of what it read for `LastParses`.
struct DbLoader<'db> {
    db: &'db dyn SourceDb,
    reads: RefCell<Vec<FileRead>>,
}

impl FileLoader for DbLoader<'_> {
    fn load(&self, path: &str) -> Option<LoadedFile> {
        let file = self.db.file_at(path);
        let found = file.text(self.db);
        self.reads
            .borrow_mut()
            .push((path.to_owned(), found.clone()));
        let text = found?;
        Some(LoadedFile {
            id: file.id(self.db),
            path: path.to_owned(),
            text,
        })
    }
}
