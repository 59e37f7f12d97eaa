//! The tracked queries that run the front end: preprocessing and parsing.

use std::sync::Arc;

use syntax::{FileLoader, LoadedFile, ParsedFile};

use crate::{CompileConfig, Db, SourceFile};

/// `file` preprocessed and parsed under `config`. Includes are read through the database, so
/// editing a header re-runs this query for the files that include it, and only for those.
#[salsa::tracked(returns(ref))]
pub fn parse_file(db: &dyn Db, file: SourceFile, config: CompileConfig) -> ParsedFile {
    let text = file.text(db).unwrap_or_else(|| Arc::from(""));
    let loader = DbLoader { db };
    syntax::parse_file(
        file.id(db),
        file.path(db),
        &text,
        config.preprocess(db),
        &loader,
    )
}

/// Reads includes through the database, recording each as a dependency of the query.
struct DbLoader<'db> {
    db: &'db dyn Db,
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

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use syntax::PreprocessConfig;

    use crate::{parse_file, NoSource, RootDatabase};

    /// A database that records which queries executed.
    fn logged_db() -> (RootDatabase, Arc<Mutex<Vec<String>>>) {
        let log = Arc::new(Mutex::new(Vec::new()));
        let sink = log.clone();
        let db = RootDatabase::with_event_log(Arc::new(NoSource), move |event| {
            if let salsa::EventKind::WillExecute { database_key } = event.kind {
                sink.lock().unwrap().push(format!("{database_key:?}"));
            }
        });
        (db, log)
    }

    fn take(log: &Mutex<Vec<String>>) -> Vec<String> {
        std::mem::take(&mut *log.lock().unwrap())
    }

    #[test]
    fn header_edit_reparses_includers_only() {
        let (mut db, log) = logged_db();
        db.set_file_text("/p/common.hlsli", Some("#define N 4\n".into()));
        let a = db.set_file_text(
            "/p/a.hlsl",
            Some("#include \"common.hlsli\"\nfloat x[N];\n".into()),
        );
        let b = db.set_file_text("/p/b.hlsl", Some("float y;\n".into()));
        let config = db.new_config(PreprocessConfig::default());

        assert!(!parse_file(&db, a, config).has_errors());
        parse_file(&db, b, config);
        assert_eq!(take(&log).len(), 2);

        db.set_file_text("/p/common.hlsli", Some("#define N 8\n".into()));
        parse_file(&db, a, config);
        parse_file(&db, b, config);
        let ran = take(&log);
        assert_eq!(ran.len(), 1, "{ran:?}");
        assert!(ran[0].starts_with("parse_file"), "{ran:?}");
    }

    #[test]
    fn a_header_that_appears_later_is_picked_up() {
        let (mut db, _log) = logged_db();
        let a = db.set_file_text(
            "/p/a.hlsl",
            Some("#include \"late.hlsli\"\nfloat x = LATE;\n".into()),
        );
        let config = db.new_config(PreprocessConfig::default());
        assert!(parse_file(&db, a, config).has_errors());

        db.set_file_text("/p/late.hlsli", Some("#define LATE 1\n".into()));
        let parsed = parse_file(&db, a, config);
        assert!(!parsed.has_errors(), "{:?}", parsed.diagnostics);
    }
}
