//! A database for the tests of this crate: files come in through `set_file_text`.

use std::sync::{Arc, Mutex};

use base_db::{FileTable, NoSource, SourceDb, SourceFile};
use syntax::FileId;

use crate::IntrinsicTable;

#[salsa::db]
#[derive(Clone)]
pub(crate) struct TestDb {
    storage: salsa::Storage<Self>,
    files: Arc<FileTable>,
    intrinsics: Option<Arc<dyn IntrinsicTable>>,
}

impl TestDb {
    pub(crate) fn new() -> TestDb {
        TestDb {
            storage: salsa::Storage::default(),
            files: Arc::new(FileTable::new(Arc::new(NoSource))),
            intrinsics: None,
        }
    }

    /// A database whose executed queries are appended to `log`.
    pub(crate) fn with_log(log: Arc<Mutex<Vec<String>>>) -> TestDb {
        TestDb {
            storage: salsa::Storage::new(Some(Box::new(move |event: salsa::Event| {
                if let salsa::EventKind::WillExecute { database_key } = event.kind {
                    log.lock().unwrap().push(format!("{database_key:?}"));
                }
            }))),
            files: Arc::new(FileTable::new(Arc::new(NoSource))),
            intrinsics: None,
        }
    }

    /// A database whose inference consults `table` for intrinsics.
    pub(crate) fn with_intrinsics(table: Arc<dyn IntrinsicTable>) -> TestDb {
        TestDb {
            intrinsics: Some(table),
            ..TestDb::new()
        }
    }

    pub(crate) fn set_file_text(&mut self, path: &str, text: &str) -> SourceFile {
        use salsa::Setter;
        let file = self.file_at(path);
        let text: Option<Arc<str>> = Some(text.into());
        if file.text(self) != text {
            file.set_text(self).to(text);
        }
        file
    }
}

#[salsa::db]
impl salsa::Database for TestDb {}

#[salsa::db]
impl SourceDb for TestDb {
    fn file_at(&self, path: &str) -> SourceFile {
        self.files.get_or_read(self, path)
    }

    fn file(&self, id: FileId) -> Option<SourceFile> {
        self.files.by_id(id)
    }
}

#[salsa::db]
impl crate::HirDb for TestDb {
    fn intrinsics(&self) -> &dyn IntrinsicTable {
        match &self.intrinsics {
            Some(t) => t.as_ref(),
            None => &crate::NoIntrinsics,
        }
    }
}
