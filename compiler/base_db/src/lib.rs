//! The salsa inputs every stage reads, the table of files, and the front-end queries.
//!
//! Inputs are source files (path and text, `None` while the path does not exist) and compile
//! configurations (preprocessor settings, and the entry points named from outside the source).
//! Files are read lazily through a `FileSource` that the driver supplies (the
//! disk for `hlslc`, the editor's buffers over the disk for the server): the first time any query
//! asks for a path, the database reads it once and makes it an input; later changes come in as
//! input changes. This crate does no IO of its own. The root database (`db` crate) implements
//! `SourceDb`; later stages define their own database traits on top of it.

mod files;
mod last_parse;
mod queries;

use std::sync::Arc;

pub use crate::files::{FileSource, FileTable, NoSource};
pub use crate::last_parse::LastParses;
pub use crate::queries::{expanded_tree, parse_file};
pub use syntax::preprocess::{ShaderStage, ShaderTarget};
pub use syntax::{Diagnostic, FileId, ParsedFile, PreprocessConfig, Severity};

/// One file the compiler has looked for: the main file, an include, or a path it probed.
#[salsa::input(debug)]
pub struct SourceFile {
    /// Stable for the life of the database; what diagnostics and trees refer to.
    #[returns(copy)]
    pub id: FileId,
    #[returns(ref)]
    pub path: String,
    /// The text, or `None` if nothing exists at `path`.
    #[returns(clone)]
    pub text: Option<Arc<str>>,
}

/// What a compilation is asked to do, apart from the files.
#[salsa::input(debug)]
pub struct CompileConfig {
    #[returns(ref)]
    pub preprocess: PreprocessConfig,
    /// Entry points named from outside the source: `-E` with `-T` on the command line, or the
    /// `[[entry]]` tables of the workspace configuration. Empty by default; set it with
    /// `CompileConfig::builder(preprocess).entry_points(entries).new(db)`. A query that reads
    /// only `preprocess` does not re-run when this changes.
    #[default]
    #[returns(ref)]
    pub entry_points: Vec<EntryPointConfig>,
}

/// An entry point the configuration names: a function name and the profile to compile it
/// with. The function is looked up by name among the file's top-level functions.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct EntryPointConfig {
    pub name: String,
    pub target: ShaderTarget,
}

/// The front end's view of the database: files by path and by id.
#[salsa::db]
pub trait SourceDb: salsa::Database {
    /// The input for `path`, reading the file through the `FileSource` the first time.
    fn file_at(&self, path: &str) -> SourceFile;

    /// The input with id `id`.
    fn file(&self, id: FileId) -> Option<SourceFile>;

    /// The last parses `parse_file` re-parses edits from; a database without the table
    /// always parses from scratch.
    fn last_parses(&self) -> Option<&LastParses> {
        None
    }
}
