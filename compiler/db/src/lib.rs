//! The root database: it owns the salsa storage and the file table, implements every stage's
//! database trait, and is what `hlslc` and the language server hold.
//!
//! Drivers create it with a `FileSource`, push edits with `set_file_text`, make a
//! `CompileConfig`, and call the queries of the stages (re-exported here).

use std::sync::Arc;

pub use base_db::{
    expanded_tree, parse_file, CompileConfig, Diagnostic, EntryPointConfig, FileId, FileSource,
    NoSource, ParsedFile, PreprocessConfig, Severity, ShaderStage, ShaderTarget, SourceDb,
    SourceFile,
};

use base_db::{FileTable, LastParses};

pub use hir::{
    ast_id_map, diagnostics as semantic_diagnostics, entry_points, navigation, type_of_expr_at,
    user_range, HirDb,
};

/// Lowering to the IR (`hlslc --emit ir`).
pub use lower::{
    binding_warnings, ir, lower_library_warned, lower_library_with, lower_module,
    lower_module_warned, lower_module_with, specialize, BindingShift, BoundRegister, LayoutChoice,
    LowerOptions, Lowering, RegisterClass, ShaderStage as LowerStage, SpecOverride, StageIoOrder,
    NO_ENTRY as NO_ENTRY_POINT,
};

/// The database the command line and the server own. Cloning it gives a snapshot for another
/// thread; a write on the original cancels queries running on snapshots.
#[salsa::db]
#[derive(Clone)]
pub struct RootDatabase {
    storage: salsa::Storage<Self>,
    files: Arc<FileTable>,
    /// Shared with snapshots: a parse made on any of them helps the next edit.
    last_parses: Arc<LastParses>,
}

impl RootDatabase {
    /// A database that reads files it has not seen through `source`.
    pub fn new(source: Arc<dyn FileSource>) -> RootDatabase {
        RootDatabase {
            storage: salsa::Storage::default(),
            files: Arc::new(FileTable::new(source)),
            last_parses: Arc::default(),
        }
    }

    /// A database whose salsa events go to `on_event` (tests use it to see what re-runs).
    pub fn with_event_log(
        source: Arc<dyn FileSource>,
        on_event: impl Fn(salsa::Event) + Send + Sync + 'static,
    ) -> RootDatabase {
        RootDatabase {
            storage: salsa::Storage::new(Some(Box::new(on_event))),
            files: Arc::new(FileTable::new(source)),
            last_parses: Arc::default(),
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

    /// Forgets the last parses of the file at `path` (closed in the editor): the next parse of
    /// it is a full one, and the table does not grow with every file ever opened.
    pub fn forget_last_parses(&self, path: &str) {
        self.last_parses.forget(self.file_at(path));
    }

    /// A compile configuration input with no entry points named from outside the source.
    pub fn new_config(&self, preprocess: PreprocessConfig) -> CompileConfig {
        CompileConfig::new(self, preprocess)
    }

    /// A compile configuration input with the entry points the command line (`-E`/`-T`) or
    /// the workspace configuration names.
    pub fn new_config_with_entries(
        &self,
        preprocess: PreprocessConfig,
        entry_points: Vec<EntryPointConfig>,
    ) -> CompileConfig {
        CompileConfig::builder(preprocess)
            .entry_points(entry_points)
            .new(self)
    }
}

#[salsa::db]
impl salsa::Database for RootDatabase {}

#[salsa::db]
impl SourceDb for RootDatabase {
    fn file_at(&self, path: &str) -> SourceFile {
        self.files.get_or_read(self, path)
    }

    fn file(&self, id: FileId) -> Option<SourceFile> {
        self.files.by_id(id)
    }

    fn last_parses(&self) -> Option<&LastParses> {
        Some(&self.last_parses)
    }
}

#[salsa::db]
impl HirDb for RootDatabase {}

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
    fn closing_a_file_forgets_its_last_parses() {
        let mut db = RootDatabase::new(Arc::new(NoSource));
        let a = db.set_file_text("/p/a.hlsl", Some("float x;\n".into()));
        let b = db.set_file_text("/p/b.hlsl", Some("float y;\n".into()));
        let config = db.new_config(PreprocessConfig::default());
        parse_file(&db, a, config);
        parse_file(&db, b, config);
        assert_eq!(db.last_parses.len(), 2);
        db.forget_last_parses("/p/a.hlsl");
        assert_eq!(db.last_parses.len(), 1);
        // The file still parses (in full) and is remembered again.
        db.set_file_text("/p/a.hlsl", Some("float x2;\n".into()));
        assert!(!parse_file(&db, a, config).has_errors());
        assert_eq!(db.last_parses.len(), 2);
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
    fn semantic_diagnostics_come_through_the_root_database() {
        let (mut db, _log) = logged_db();
        let a = db.set_file_text(
            "/p/a.hlsl",
            Some("float4 f(float2 uv) { float4 c = uv; return c; }\n".into()),
        );
        let config = db.new_config(PreprocessConfig::default());
        let diags = crate::semantic_diagnostics(&db, a, config);
        let codes: Vec<&str> = diags.iter().map(|d| d.code).collect();
        assert_eq!(codes, ["E2003"], "{diags:?}");
        let at = syntax::TextSize::from(44);
        let ty = crate::type_of_expr_at(&db, a, config, at).map(|t| t.to_string());
        assert_eq!(ty.as_deref(), Some("float4"));
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
