//! The salsa database: the compiler's inputs and the queries that tie its stages together.
//!
//! Inputs are source files (path and text, `None` while the path does not exist) and compile
//! configurations. Every stage is a tracked query, so an editor asks only for what it shows and
//! an edit recomputes only what it can change. Files are read lazily through a `FileSource`
//! that the driver supplies (the disk for `hlslc`, the editor's buffers over the disk for the
//! server): the first time any query asks for a path, the database reads it once and makes it an
//! input; later changes come in through `RootDatabase::set_file_text`. This crate does no IO of
//! its own.

mod files;
mod queries;

use std::sync::Arc;

pub use crate::files::{FileSource, NoSource};
pub use crate::queries::parse_file;
pub use syntax::{Diagnostic, FileId, ParsedFile, PreprocessConfig, Severity};

use crate::files::FileTable;

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

/// The queries' view of the database.
#[salsa::db]
pub trait Db: salsa::Database {
    /// The input for `path`, reading the file through the `FileSource` the first time.
    fn file_at(&self, path: &str) -> SourceFile;

    /// The input with id `id`.
    fn file(&self, id: FileId) -> Option<SourceFile>;
}

/// The database the command line and the server own.
#[salsa::db]
#[derive(Clone)]
pub struct RootDatabase {
    storage: salsa::Storage<Self>,
    files: Arc<FileTable>,
}

impl RootDatabase {
    /// A database that reads files it has not seen through `source`.
    pub fn new(source: Arc<dyn FileSource>) -> RootDatabase {
        RootDatabase {
            storage: salsa::Storage::default(),
            files: Arc::new(FileTable::new(source)),
        }
    }

    /// A database whose `salsa` events go to `on_event` (tests use it to see what re-runs).
    pub fn with_event_log(
        source: Arc<dyn FileSource>,
        on_event: impl Fn(salsa::Event) + Send + Sync + 'static,
    ) -> RootDatabase {
        RootDatabase {
            storage: salsa::Storage::new(Some(Box::new(on_event))),
            files: Arc::new(FileTable::new(source)),
        }
    }

    /// Sets the text at `path` (an editor change, or a file that appeared or went away).
    pub fn set_file_text(&mut self, path: &str, text: Option<Arc<str>>) -> SourceFile {
        use salsa::Setter;
        let file = self.file_at(path);
        if file.text(self) != text {
            file.set_text(self).to(text);
        }
        file
    }

    /// A compile configuration input.
    pub fn new_config(&self, preprocess: PreprocessConfig) -> CompileConfig {
        CompileConfig::new(self, preprocess)
    }
}

#[salsa::db]
impl salsa::Database for RootDatabase {}

#[salsa::db]
impl Db for RootDatabase {
    fn file_at(&self, path: &str) -> SourceFile {
        self.files.get_or_read(self, path)
    }

    fn file(&self, id: FileId) -> Option<SourceFile> {
        self.files.by_id(id)
    }
}
