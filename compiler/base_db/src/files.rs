//! The table of files the database has seen, and the `FileSource` it reads new ones from.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use syntax::FileId;

use crate::{SourceDb, SourceFile};

/// Where the database reads a file it has not seen yet. Implemented by the drivers (disk,
/// editor buffers); the database calls it at most once per path.
pub trait FileSource: Send + Sync {
    /// The text at `path`, or `None` if there is no such file.
    fn read(&self, path: &str) -> Option<String>;
}

/// A source with no files: everything comes in through `set_file_text`.
pub struct NoSource;

impl FileSource for NoSource {
    fn read(&self, _path: &str) -> Option<String> {
        None
    }
}

/// Path to input, and id to input. Inputs are created once per path and live as long as the
/// database.
pub struct FileTable {
    source: Arc<dyn FileSource>,
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    by_path: HashMap<String, SourceFile>,
    by_id: Vec<SourceFile>,
}

impl FileTable {
    pub fn new(source: Arc<dyn FileSource>) -> FileTable {
        FileTable {
            source,
            inner: Mutex::new(Inner::default()),
        }
    }

    pub fn get_or_read(&self, db: &dyn SourceDb, path: &str) -> SourceFile {
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(file) = inner.by_path.get(path) {
            return *file;
        }
        let text = self.source.read(path).map(Arc::<str>::from);
        let id = FileId(inner.by_id.len() as u32);
        let file = SourceFile::new(db, id, path.to_owned(), text);
        inner.by_path.insert(path.to_owned(), file);
        inner.by_id.push(file);
        file
    }

    pub fn by_id(&self, id: FileId) -> Option<SourceFile> {
        let inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        inner.by_id.get(id.0 as usize).copied()
    }
}
