//! The disk as the database's `FileSource`, and the database's files as codespan-reporting's
//! `Files` for rendering diagnostics.

use std::sync::Arc;

use codespan_reporting::files::{Error as FilesError, Files, SimpleFile};
use db::{FileId, FileSource, RootDatabase, SourceDb};

/// Reads regular files from the disk (a directory named like an include is not a match).
pub struct DiskSource;

impl FileSource for DiskSource {
    fn read(&self, path: &str) -> Option<String> {
        let meta = std::fs::metadata(path).ok()?;
        if !meta.is_file() {
            return None;
        }
        let bytes = std::fs::read(path).ok()?;
        Some(String::from_utf8_lossy(&bytes).into_owned())
    }
}

/// Every file of the database that has text, indexed by `FileId`.
pub struct FilesView(Vec<SimpleFile<String, Arc<str>>>);

impl FilesView {
    pub fn new(db: &RootDatabase) -> FilesView {
        let mut files = Vec::new();
        while let Some(file) = db.file(FileId(files.len() as u32)) {
            let text = file.text(db).unwrap_or_else(|| Arc::from(""));
            files.push(SimpleFile::new(file.path(db).clone(), text));
        }
        FilesView(files)
    }

    pub fn text(&self, id: FileId) -> &str {
        self.0.get(id.0 as usize).map_or("", |f| f.source())
    }

    /// How many files there are (their ids are `0..len`).
    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn path(&self, id: FileId) -> &str {
        self.0.get(id.0 as usize).map_or("<unknown>", |f| f.name())
    }

    fn get(&self, id: FileId) -> Result<&SimpleFile<String, Arc<str>>, FilesError> {
        self.0.get(id.0 as usize).ok_or(FilesError::FileMissing)
    }
}

impl<'a> Files<'a> for FilesView {
    type FileId = FileId;
    type Name = String;
    type Source = &'a str;

    fn name(&'a self, id: FileId) -> Result<String, FilesError> {
        Ok(self.get(id)?.name().clone())
    }

    fn source(&'a self, id: FileId) -> Result<&'a str, FilesError> {
        Ok(self.get(id)?.source())
    }

    fn line_index(&'a self, id: FileId, byte_index: usize) -> Result<usize, FilesError> {
        self.get(id)?.line_index((), byte_index)
    }

    fn line_range(
        &'a self,
        id: FileId,
        line_index: usize,
    ) -> Result<std::ops::Range<usize>, FilesError> {
        self.get(id)?.line_range((), line_index)
    }
}

/// Locations in the IR dump (`--ir-locations`) as `path:line:column..line:column`, with the
/// path as the user gave it and 1-based lines and columns (columns count characters).
impl db::ir::SourceNames for FilesView {
    fn describe(&self, loc: db::ir::SourceLoc) -> Option<String> {
        let id = FileId(loc.file);
        let file = self.0.get(loc.file as usize)?;
        let start = self.location(id, loc.start as usize).ok()?;
        let end = self.location(id, loc.end.max(loc.start) as usize).ok()?;
        Some(format!(
            "{}:{}:{}..{}:{}",
            file.name(),
            start.line_number,
            start.column_number,
            end.line_number,
            end.column_number
        ))
    }
}
