//! The tracked queries that run the front end: preprocessing and parsing.

use std::sync::Arc;

use syntax::{ExpandedTree, FileLoader, LoadedFile, ParsedFile};

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
    if let Some(parsed) = last.and_then(|l| l.reparse(file, config, preprocess, &text)) {
        if let Some(last) = last {
            last.remember(file, config, preprocess, &parsed);
        }
        return parsed;
    }
    let loader = DbLoader { db };
    let parsed = syntax::parse_file(file.id(db), file.path(db), &text, preprocess, &loader);
    if let Some(last) = last {
        last.remember(file, config, preprocess, &parsed);
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

/// Reads includes through the database, recording each as a dependency of the query.
struct DbLoader<'db> {
    db: &'db dyn SourceDb,
}

impl FileLoader for DbLoader<'_> {
    fn load(&self, path: &str) -> Option<LoadedFile> {
        let file = self.db.file_at(path);
        let text = file.text(self.db)?;
        Some(LoadedFile {
            id: file.id(self.db),
            path: path.to_owned(),
            text,
        })
    }
}
