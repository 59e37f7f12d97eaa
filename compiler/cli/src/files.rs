//! The files `hlslc` reads: the input and everything it includes, read from disk once each.
//!
//! Implements the preprocessor's `FileLoader` and codespan-reporting's `Files`, so the same table
//! serves includes and diagnostic rendering.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use codespan_reporting::files::{Error as FilesError, Files, SimpleFile};
use syntax::{FileId, FileLoader, LoadedFile};

/// Every file read so far, by id; ids are handed out in reading order.
#[derive(Default)]
pub struct DiskFiles {
    files: RefCell<Vec<SimpleFile<String, Arc<str>>>>,
    by_path: RefCell<HashMap<String, Option<FileId>>>,
}

impl DiskFiles {
    /// Adds a file whose text is already known (the input).
    pub fn add(&self, path: &str, text: Arc<str>) -> FileId {
        let mut files = self.files.borrow_mut();
        let id = FileId(files.len() as u32);
        files.push(SimpleFile::new(path.to_owned(), text));
        self.by_path.borrow_mut().insert(path.to_owned(), Some(id));
        id
    }

    pub fn text(&self, id: FileId) -> Arc<str> {
        self.files.borrow()[id.0 as usize].source().clone()
    }

    pub fn path(&self, id: FileId) -> String {
        self.files.borrow()[id.0 as usize].name().clone()
    }
}

impl FileLoader for DiskFiles {
    fn load(&self, path: &str) -> Option<LoadedFile> {
        if let Some(known) = self.by_path.borrow().get(path) {
            return known.map(|id| LoadedFile {
                id,
                path: path.to_owned(),
                text: self.text(id),
            });
        }
        // Only regular files: a directory named like the include is not a match.
        let text = std::fs::metadata(path)
            .ok()
            .filter(|m| m.is_file())
            .and_then(|_| std::fs::read(path).ok())
            .map(|bytes| Arc::<str>::from(String::from_utf8_lossy(&bytes).as_ref()));
        match text {
            Some(text) => {
                let id = self.add(path, text.clone());
                Some(LoadedFile {
                    id,
                    path: path.to_owned(),
                    text,
                })
            }
            None => {
                self.by_path.borrow_mut().insert(path.to_owned(), None);
                None
            }
        }
    }
}

/// A snapshot of the table for codespan-reporting, which wants plain borrows.
pub struct FilesView(pub Vec<SimpleFile<String, Arc<str>>>);

impl DiskFiles {
    pub fn view(&self) -> FilesView {
        FilesView(self.files.borrow().clone())
    }
}

impl<'a> Files<'a> for FilesView {
    type FileId = FileId;
    type Name = String;
    type Source = &'a str;

    fn name(&'a self, id: FileId) -> Result<String, FilesError> {
        Ok(self
            .0
            .get(id.0 as usize)
            .ok_or(FilesError::FileMissing)?
            .name()
            .clone())
    }

    fn source(&'a self, id: FileId) -> Result<&'a str, FilesError> {
        Ok(self
            .0
            .get(id.0 as usize)
            .ok_or(FilesError::FileMissing)?
            .source())
    }

    fn line_index(&'a self, id: FileId, byte_index: usize) -> Result<usize, FilesError> {
        self.0
            .get(id.0 as usize)
            .ok_or(FilesError::FileMissing)?
            .line_index((), byte_index)
    }

    fn line_range(
        &'a self,
        id: FileId,
        line_index: usize,
    ) -> Result<std::ops::Range<usize>, FilesError> {
        self.0
            .get(id.0 as usize)
            .ok_or(FilesError::FileMissing)?
            .line_range((), line_index)
    }
}
