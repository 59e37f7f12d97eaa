//! The salsa inputs every stage reads, the table of files, and the front-end queries.
//!
//! Inputs are source files (path and text, `None` while the path does not exist) and compile
//! configurations. Files are read lazily through a `FileSource` that the driver supplies (the
//! disk for `hlslc`, the editor's buffers over the disk for the server): the first time any query
//! asks for a path, the database reads it once and makes it an input; later changes come in as
//! input changes. This crate does no IO of its own. The root database (`db` crate) implements
//! `SourceDb`; later stages define their own database traits on top of it.

mod files;
mod queries;

use std::sync::Arc;

pub use crate::files::{FileSource, FileTable, NoSource};
pub use crate::queries::{expanded_tree, parse_file};
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
}

/// The front end's view of the database: files by path and by id.
#[salsa::db]
pub trait SourceDb: salsa::Database {
    /// The input for `path`, reading the file through the `FileSource` the first time.
    fn file_at(&self, path: &str) -> SourceFile;

    /// The input with id `id`.
    fn file(&self, id: FileId) -> Option<SourceFile>;
}
