//! The owner of the database: one thread that applies document changes, configuration and disk
//! changes in order, hands out snapshots, and starts the diagnostics of each new revision.
//!
//! Handlers never touch the database directly. Notifications become `Op`s on one channel, so
//! the owner sees them in the order the client sent them; within a batch it also sorts the
//! changes of each document by version, since tower-lsp may start handlers concurrently.
//! Requests ask the owner for a `Snapshot` (a clone of the database) through the same channel,
//! so a request sees every edit sent before it. Writing to the database (`set_file_text`)
//! makes salsa cancel the queries running on snapshots and wait for them to drop; that is why
//! the owner is a plain thread and not a task of the async runtime.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, Sender};
use std::sync::{Arc, RwLock};

use db::{
    CompileConfig, EntryPointConfig, FileSource, ParsedFile, PreprocessConfig, RootDatabase,
    SourceDb,
};
use tokio::sync::{mpsc::UnboundedSender, oneshot};
use tower_lsp_server::ls_types::{MessageType, TextDocumentContentChangeEvent, Uri};

use crate::config::{Config, Settings, CONFIG_FILE};
use crate::convert::apply_change;
use crate::features::diagnostics::{self, FileDiagnostics};

/// Something for the owner to do.
pub enum Op {
    /// `initialize`: the workspace root and the client's `initializationOptions`.
    Initialize {
        root: Option<String>,
        options: Option<serde_json::Value>,
    },
    Open {
        uri: Uri,
        path: String,
        version: i32,
        text: String,
    },
    Change {
        path: String,
        version: i32,
        changes: Vec<TextDocumentContentChangeEvent>,
    },
    Close {
        path: String,
    },
    /// Files changed on disk (watched files, saves).
    DiskChanged {
        paths: Vec<String>,
    },
    /// `workspace/didChangeConfiguration` settings.
    Configure {
        settings: serde_json::Value,
    },
    Snapshot(oneshot::Sender<Snapshot>),
}

/// What the owner and the diagnostics jobs send to the client, in order.
pub enum Outgoing {
    /// Diagnostics of the open files at revision `generation`.
    Diagnostics {
        generation: u64,
        files: Vec<FileDiagnostics>,
    },
    /// A document was opened: its diagnostics will be published from now on.
    Opened(Uri),
    /// A document was closed: clear its diagnostics.
    Clear(Uri),
    /// The configuration changed (highlighting of inactive regions may have too).
    ConfigChanged,
    Log(MessageType, String),
    Show(MessageType, String),
}

/// An open document as the client last sent it.
#[derive(Debug, Clone)]
pub struct OpenDocument {
    pub uri: Uri,
    pub version: i32,
}

/// A read-only view of the database for one request or one diagnostics run.
pub struct Snapshot {
    pub db: RootDatabase,
    configs: Arc<ConfigTable>,
    /// Open documents by database path.
    pub docs: Arc<HashMap<String, OpenDocument>>,
    /// The workspace root, if the client gave one.
    pub root: Option<Arc<str>>,
}

impl Snapshot {
    /// The configuration in force.
    pub fn config(&self) -> &Config {
        &self.configs.config
    }

    /// The compile configuration of the file at `path`.
    pub fn compile_config(&self, path: &str) -> CompileConfig {
        self.configs.for_path(path)
    }

    /// The input of the file at `path`.
    pub fn file(&self, path: &str) -> db::SourceFile {
        self.db.file_at(path)
    }

    /// The text of `path` (empty if there is none).
    pub fn text(&self, path: &str) -> Arc<str> {
        self.db
            .file_at(path)
            .text(&self.db)
            .unwrap_or_else(|| Arc::from(""))
    }

    /// `path` preprocessed and parsed under its configuration.
    pub fn parse(&self, path: &str) -> &ParsedFile {
        let file = self.db.file_at(path);
        db::parse_file(&self.db, file, self.compile_config(path))
    }

    /// The database path of a file id.
    pub fn path_of(&self, id: db::FileId) -> Option<String> {
        self.db.file(id).map(|f| f.path(&self.db).clone())
    }
}

/// The compile configuration inputs of the current `Config`: one for files no entry point
/// names, and one per entry-point file.
struct ConfigTable {
    config: Arc<Config>,
    default: CompileConfig,
    per_file: HashMap<String, CompileConfig>,
}

impl ConfigTable {
    fn for_path(&self, path: &str) -> CompileConfig {
        self.per_file.get(path).copied().unwrap_or(self.default)
    }
}

/// Open buffers over the disk: what the database reads the first time it sees a path.
#[derive(Default)]
pub struct Overlay {
    open: RwLock<HashMap<String, Arc<str>>>,
}

impl Overlay {
    fn set(&self, path: &str, text: Option<Arc<str>>) {
        let mut open = self.open.write().unwrap_or_else(|e| e.into_inner());
        match text {
            Some(text) => open.insert(path.to_owned(), text),
            None => open.remove(path),
        };
    }
}

impl FileSource for Overlay {
    fn read(&self, path: &str) -> Option<String> {
        let open = self.open.read().unwrap_or_else(|e| e.into_inner());
        if let Some(text) = open.get(path) {
            return Some(text.to_string());
        }
        drop(open);
        read_disk(path)
    }
}

/// Reads a regular file (a directory named like an include is not a match).
pub fn read_disk(path: &str) -> Option<String> {
    let meta = std::fs::metadata(path).ok()?;
    if !meta.is_file() {
        return None;
    }
    let bytes = std::fs::read(path).ok()?;
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

/// The handle that handlers use to reach the owner.
#[derive(Clone)]
pub struct StateHandle {
    ops: Sender<Op>,
    /// The revision whose diagnostics are the latest; older results are stale.
    pub generation: Arc<AtomicU64>,
}

impl StateHandle {
    /// Starts the owner thread. Its messages for the client go to `out`; diagnostics jobs run
    /// on the blocking pool of `runtime`.
    pub fn start(out: UnboundedSender<Outgoing>, runtime: tokio::runtime::Handle) -> StateHandle {
        let (ops, rx) = std::sync::mpsc::channel();
        let generation = Arc::new(AtomicU64::new(0));
        let latest = generation.clone();
        std::thread::Builder::new()
            .name("hlsl-analyzer-db".into())
            .spawn(move || Owner::new(out, runtime, latest).run(rx))
            .expect("cannot start the database thread");
        StateHandle { ops, generation }
    }

    /// Queues `op`. Returns false if the owner has stopped.
    pub fn send(&self, op: Op) -> bool {
        self.ops.send(op).is_ok()
    }

    /// A snapshot that includes every change sent before this call.
    pub async fn snapshot(&self) -> Option<Snapshot> {
        let (tx, rx) = oneshot::channel();
        if !self.send(Op::Snapshot(tx)) {
            return None;
        }
        rx.await.ok()
    }
}

/// A document's text as the owner keeps it for applying incremental changes.
struct Document {
    uri: Uri,
    version: i32,
    text: String,
}

struct Owner {
    db: RootDatabase,
    overlay: Arc<Overlay>,
    docs: HashMap<String, Document>,
    root: Option<String>,
    file_layer: Settings,
    init_layer: Settings,
    client_layer: Settings,
    configs: Arc<ConfigTable>,
    /// Compile configurations by value, so that going back to a configuration reuses the
    /// results computed under it.
    interned: HashMap<(PreprocessConfig, Vec<EntryPointConfig>), CompileConfig>,
    generation: Arc<AtomicU64>,
    out: UnboundedSender<Outgoing>,
    runtime: tokio::runtime::Handle,
    /// Documents opened or changed since diagnostics last started: published first.
    edited: Vec<String>,
}

impl Owner {
    fn new(
        out: UnboundedSender<Outgoing>,
        runtime: tokio::runtime::Handle,
        generation: Arc<AtomicU64>,
    ) -> Owner {
        let overlay = Arc::new(Overlay::default());
        let db = RootDatabase::new(overlay.clone());
        let config = Arc::new(Config::default());
        let mut interned = HashMap::new();
        let pp = config.preprocess_for("");
        let default = db.new_config(pp.clone());
        interned.insert((pp, Vec::new()), default);
        Owner {
            db,
            overlay,
            docs: HashMap::new(),
            root: None,
            file_layer: Settings::default(),
            init_layer: Settings::default(),
            client_layer: Settings::default(),
            configs: Arc::new(ConfigTable {
                config,
                default,
                per_file: HashMap::new(),
            }),
            interned,
            generation,
            out,
            runtime,
            edited: Vec::new(),
        }
    }

    fn run(mut self, ops: Receiver<Op>) {
        while let Ok(first) = ops.recv() {
            let mut batch = vec![first];
            batch.extend(ops.try_iter());
            sort_changes_by_version(&mut batch);
            let mut changed = false;
            for op in batch {
                // A bug in applying one operation must not stop the server.
                let applied =
                    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.apply(op)));
                match applied {
                    Ok(c) => changed |= c,
                    Err(payload) => {
                        let message = format!(
                            "applying a change panicked: {}",
                            crate::server::panic_message(&*payload)
                        );
                        self.log(MessageType::ERROR, message);
                        changed = true;
                    }
                }
            }
            if changed {
                self.start_diagnostics();
            }
        }
    }

    /// Applies one operation; returns whether diagnostics may have changed.
    fn apply(&mut self, op: Op) -> bool {
        match op {
            Op::Initialize { root, options } => {
                self.root = root;
                if let Some(options) = options {
                    match Settings::from_json(&options) {
                        Ok(layer) => self.init_layer = layer,
                        Err(e) => self.show(MessageType::ERROR, e),
                    }
                }
                self.load_config_file();
                self.update_config();
                true
            }
            Op::Open {
                uri,
                path,
                version,
                text,
            } => {
                self.set_text(&path, Some(&text), true);
                self.edited.push(path.clone());
                let _ = self.out.send(Outgoing::Opened(uri.clone()));
                self.docs.insert(path, Document { uri, version, text });
                true
            }
            Op::Change {
                path,
                version,
                changes,
            } => {
                let Some(doc) = self.docs.get_mut(&path) else {
                    self.log(
                        MessageType::WARNING,
                        format!("change to `{path}`, which is not open; ignored"),
                    );
                    return false;
                };
                if version <= doc.version {
                    let message = format!(
                        "change to `{path}` at version {version} after version {}; ignored",
                        doc.version
                    );
                    self.log(MessageType::WARNING, message);
                    return false;
                }
                doc.version = version;
                for change in &changes {
                    apply_change(&mut doc.text, change);
                }
                let text: Arc<str> = Arc::from(doc.text.as_str());
                self.overlay.set(&path, Some(text.clone()));
                self.db.set_file_text(&path, Some(text));
                self.edited.push(path);
                true
            }
            Op::Close { path } => {
                if let Some(doc) = self.docs.remove(&path) {
                    let _ = self.out.send(Outgoing::Clear(doc.uri));
                }
                self.overlay.set(&path, None);
                self.db.forget_last_parses(&path);
                let disk = read_disk(&path);
                self.set_text(&path, disk.as_deref(), false);
                true
            }
            Op::DiskChanged { paths } => {
                let mut changed = false;
                for path in paths {
                    if self.is_config_file(&path) {
                        self.load_config_file();
                        self.update_config();
                        changed = true;
                    } else if !self.docs.contains_key(&path) {
                        let disk = read_disk(&path);
                        self.set_text(&path, disk.as_deref(), false);
                        changed = true;
                    }
                }
                changed
            }
            Op::Configure { settings } => {
                match Settings::from_json(&settings) {
                    Ok(layer) => self.client_layer = layer,
                    Err(e) => self.show(MessageType::ERROR, e),
                }
                self.update_config();
                true
            }
            Op::Snapshot(reply) => {
                // A request that went away drops the receiver; the snapshot is dropped here.
                let _ = reply.send(self.snapshot());
                false
            }
        }
    }

    fn set_text(&mut self, path: &str, text: Option<&str>, open: bool) {
        let text: Option<Arc<str>> = text.map(Arc::from);
        if open {
            self.overlay.set(path, text.clone());
        }
        self.db.set_file_text(path, text);
    }

    fn snapshot(&self) -> Snapshot {
        let docs = self
            .docs
            .iter()
            .map(|(path, doc)| {
                let open = OpenDocument {
                    uri: doc.uri.clone(),
                    version: doc.version,
                };
                (path.clone(), open)
            })
            .collect();
        Snapshot {
            db: self.db.clone(),
            configs: self.configs.clone(),
            docs: Arc::new(docs),
            root: self.root.as_deref().map(Arc::from),
        }
    }

    fn config_file_path(&self) -> Option<String> {
        let root = self.root.as_deref()?;
        Some(format!("{}/{CONFIG_FILE}", root.trim_end_matches('/')))
    }

    fn is_config_file(&self, path: &str) -> bool {
        self.config_file_path().as_deref() == Some(path)
    }

    fn load_config_file(&mut self) {
        self.file_layer = Settings::default();
        let Some(path) = self.config_file_path() else {
            return;
        };
        let Some(text) = read_disk(&path) else {
            return;
        };
        match Settings::from_toml(&text) {
            Ok(layer) => {
                self.file_layer = layer;
                self.log(MessageType::INFO, format!("read {path}"));
            }
            Err(e) => self.show(MessageType::ERROR, e),
        }
    }

    /// Recomputes the configuration from the layers and makes its compile configurations.
    fn update_config(&mut self) {
        let layers = [&self.file_layer, &self.init_layer, &self.client_layer];
        let (config, problems) = Config::resolve(self.root.as_deref(), &layers);
        for problem in problems {
            self.show(MessageType::ERROR, format!("configuration: {problem}"));
        }
        let default = self.intern(config.preprocess_for(""), Vec::new());
        let per_file = config
            .entries
            .iter()
            .map(|e| {
                let pp = config.preprocess_for(&e.file);
                (
                    e.file.clone(),
                    self.intern(pp, config.entry_points_for(&e.file)),
                )
            })
            .collect();
        let changed = *self.configs.config != config;
        self.configs = Arc::new(ConfigTable {
            config: Arc::new(config),
            default,
            per_file,
        });
        if changed {
            let _ = self.out.send(Outgoing::ConfigChanged);
        }
    }

    fn intern(&mut self, pp: PreprocessConfig, entries: Vec<EntryPointConfig>) -> CompileConfig {
        let key = (pp, entries);
        if let Some(config) = self.interned.get(&key) {
            return *config;
        }
        let config = self
            .db
            .new_config_with_entries(key.0.clone(), key.1.clone());
        self.interned.insert(key, config);
        config
    }

    /// Computes the diagnostics of every open file on a snapshot, on the blocking pool: the
    /// files edited since the last run first, published as soon as they are known, then the
    /// others (whose semantic diagnostics salsa only revalidates when nothing they read
    /// changed). A later write cancels the run; the outbox drops results of runs that are no
    /// longer the latest.
    fn start_diagnostics(&mut self) {
        let generation = self.generation.fetch_add(1, Ordering::SeqCst) + 1;
        let snapshot = self.snapshot();
        let edited = std::mem::take(&mut self.edited);
        let out = self.out.clone();
        let latest = self.generation.clone();
        self.runtime.spawn_blocking(move || {
            for paths in diagnostics::publication_order(&snapshot, &edited) {
                if paths.is_empty() {
                    continue;
                }
                let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    diagnostics::files(&snapshot, &paths)
                }));
                match result {
                    Ok((files, panics)) => {
                        for message in panics {
                            let _ = out.send(Outgoing::Log(MessageType::ERROR, message));
                        }
                        if latest.load(Ordering::SeqCst) != generation {
                            return;
                        }
                        let _ = out.send(Outgoing::Diagnostics { generation, files });
                    }
                    Err(payload) if payload.is::<salsa::Cancelled>() => return,
                    Err(payload) => {
                        let message = format!(
                            "diagnostics panicked: {}",
                            crate::server::panic_message(&*payload)
                        );
                        let _ = out.send(Outgoing::Log(MessageType::ERROR, message));
                        return;
                    }
                }
            }
        });
    }

    fn log(&self, kind: MessageType, message: String) {
        let _ = self.out.send(Outgoing::Log(kind, message));
    }

    fn show(&self, kind: MessageType, message: String) {
        let _ = self.out.send(Outgoing::Show(kind, message));
    }
}

/// Puts the changes of each document in version order, keeping every other operation where it
/// was: changes of one document swap places only among themselves.
fn sort_changes_by_version(batch: &mut [Op]) {
    let mut slots: HashMap<String, Vec<usize>> = HashMap::new();
    for (i, op) in batch.iter().enumerate() {
        if let Op::Change { path, .. } = op {
            slots.entry(path.clone()).or_default().push(i);
        }
    }
    for indices in slots.values() {
        let version = |op: &Op| match op {
            Op::Change { version, .. } => *version,
            _ => 0,
        };
        // A selection sort over the slots: batches are short.
        for a in 0..indices.len() {
            let mut min = a;
            for b in a + 1..indices.len() {
                if version(&batch[indices[b]]) < version(&batch[indices[min]]) {
                    min = b;
                }
            }
            if min != a {
                batch.swap(indices[a], indices[min]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(path: &str, version: i32) -> Op {
        Op::Change {
            path: path.into(),
            version,
            changes: Vec::new(),
        }
    }

    fn describe(batch: &[Op]) -> Vec<String> {
        batch
            .iter()
            .map(|op| match op {
                Op::Change { path, version, .. } => format!("{path}@{version}"),
                Op::Close { path } => format!("close {path}"),
                _ => "other".into(),
            })
            .collect()
    }

    #[test]
    fn changes_sorted_per_document() {
        let mut batch = vec![
            change("a", 3),
            change("b", 9),
            Op::Close { path: "c".into() },
            change("a", 2),
            change("b", 8),
            change("a", 4),
        ];
        sort_changes_by_version(&mut batch);
        assert_eq!(
            describe(&batch),
            ["a@2", "b@8", "close c", "a@3", "b@9", "a@4"]
        );
    }
}
