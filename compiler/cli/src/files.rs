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

/// Every file of the database that has text, indexed by `FileId`; then, for `#line N "name"`
/// directives, views of those files under their presumed names and line numbers.
pub struct FilesView {
    files: Vec<SimpleFile<String, Arc<str>>>,
    /// Per file: what to add to a line's 0-based index to get the line number shown.
    line_shift: Vec<i64>,
    /// The presumed views, by the file they show and the byte offset they start at.
    presumed: Vec<Presumed>,
}

/// The part of `file` from byte `from` on, as a `#line` directive presents it.
struct Presumed {
    file: FileId,
    from: usize,
    view: FileId,
}

impl FilesView {
    pub fn new(db: &RootDatabase) -> FilesView {
        let mut files = Vec::new();
        while let Some(file) = db.file(FileId(files.len() as u32)) {
            let text = file.text(db).unwrap_or_else(|| Arc::from(""));
            files.push(SimpleFile::new(file.path(db).clone(), text));
        }
        let line_shift = vec![1; files.len()];
        FilesView {
            files,
            line_shift,
            presumed: Vec::new(),
        }
    }

    /// Locations after each `#line N "name"` are shown as DXC shows them: in file `name`
    /// (or the same file without a name), the line after the directive numbered `N`.
    pub fn with_line_directives(
        mut self,
        directives: &[syntax::preprocess::LineDirective],
    ) -> Self {
        for d in directives {
            let Some(source) = self.files.get(d.file.0 as usize).cloned() else {
                continue;
            };
            let from = usize::from(d.offset);
            let Ok(physical) = source.line_index((), from) else {
                continue;
            };
            let name = d.path.clone().unwrap_or_else(|| {
                self.presumed_name(d.file, from)
                    .unwrap_or_else(|| source.name().clone())
            });
            let view = FileId(self.files.len() as u32);
            self.files
                .push(SimpleFile::new(name, source.source().clone()));
            self.line_shift.push(i64::from(d.line) - physical as i64);
            self.presumed.push(Presumed {
                file: d.file,
                from,
                view,
            });
        }
        self
    }

    /// The name a position of `file` is shown with under the directives so far.
    fn presumed_name(&self, file: FileId, offset: usize) -> Option<String> {
        let view = self.view_of(file, offset);
        (view != file).then(|| self.path(view).to_owned())
    }

    /// The file (or presumed view of it) that shows byte `offset` of `file`.
    fn view_of(&self, file: FileId, offset: usize) -> FileId {
        self.presumed
            .iter()
            .rev()
            .find(|p| p.file == file && p.from <= offset)
            .map_or(file, |p| p.view)
    }

    /// `d` with its locations moved into the views that `#line` directives make.
    pub fn presumed(&self, d: &syntax::Diagnostic) -> syntax::Diagnostic {
        if self.presumed.is_empty() {
            return d.clone();
        }
        let mut d = d.clone();
        d.file = self.view_of(d.file, usize::from(d.range.start()));
        for r in &mut d.related {
            r.file = self.view_of(r.file, usize::from(r.range.start()));
        }
        d
    }

    /// The 1-based line number shown for 0-based line `index` of `id`.
    pub fn shown_line(&self, id: FileId, index: usize) -> i64 {
        index as i64 + self.line_shift.get(id.0 as usize).copied().unwrap_or(1)
    }

    pub fn text(&self, id: FileId) -> &str {
        self.files.get(id.0 as usize).map_or("", |f| f.source())
    }

    /// How many source files there are (their ids are `0..len`); the views that `#line`
    /// directives add come after them and are not counted.
    pub fn len(&self) -> usize {
        self.files.len() - self.presumed.len()
    }

    pub fn path(&self, id: FileId) -> &str {
        self.files
            .get(id.0 as usize)
            .map_or("<unknown>", |f| f.name())
    }

    fn get(&self, id: FileId) -> Result<&SimpleFile<String, Arc<str>>, FilesError> {
        self.files.get(id.0 as usize).ok_or(FilesError::FileMissing)
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

    fn line_number(&'a self, id: FileId, line_index: usize) -> Result<usize, FilesError> {
        self.get(id)?;
        Ok(self.shown_line(id, line_index).max(0) as usize)
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
        let file = self.files.get(loc.file as usize)?;
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
