//! The LSP handlers: `Backend` implements tower-lsp's `LanguageServer` and the custom requests.
//!
//! Notifications that change state become `Op`s for the database owner (`state.rs`), queued
//! before the handler first awaits, so their order is the client's. Requests take a snapshot
//! from the owner and run the feature on the blocking pool (`Backend::run`), where a salsa
//! cancellation becomes `ContentModified` and a panic becomes an error with a message (and a
//! log line for the client) while the server keeps serving. Notifications to the client go
//! through one outbox task (`outbox`), which publishes diagnostics in order and only when they
//! changed.

use std::collections::HashMap;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use serde_json::Value;
use tokio::sync::mpsc::UnboundedReceiver;
use tower_lsp_server::jsonrpc::{Error, ErrorCode, Result};
use tower_lsp_server::ls_types::*;
use tower_lsp_server::{Client, LanguageServer};

use crate::convert::{uri_to_path, LineMap};
use crate::features::diagnostics::FileDiagnostics;
use crate::features::views::{view_text, View, ViewParams};
use crate::features::{
    completion, folding, highlight, member_completion, navigation, references, signature_help,
    symbols, workspace_symbols,
};
use crate::state::{Op, Outgoing, Snapshot, StateHandle};

pub struct Backend {
    client: Client,
    state: StateHandle,
    /// The last semantic tokens sent for each document, for `/full/delta`.
    tokens: Mutex<HashMap<Uri, (String, Vec<SemanticToken>)>>,
    next_result_id: AtomicU64,
    /// The client answers `workspace/configuration` (settings can be pulled).
    pull_configuration: AtomicBool,
    /// The client accepts a dynamic registration of watched files.
    watch_files: AtomicBool,
    /// The client re-asks for semantic tokens on `workspace/semanticTokens/refresh`; shared
    /// with the outbox, which sends it when the configuration changes.
    refresh_tokens: Arc<AtomicBool>,
}

impl Backend {
    pub fn new(client: Client, state: StateHandle, refresh_tokens: Arc<AtomicBool>) -> Backend {
        Backend {
            client,
            state,
            tokens: Mutex::new(HashMap::new()),
            next_result_id: AtomicU64::new(1),
            pull_configuration: AtomicBool::new(false),
            watch_files: AtomicBool::new(false),
            refresh_tokens,
        }
    }

    fn send(&self, op: Op) {
        if !self.state.send(op) {
            eprintln!("hlsl-analyzer: the database thread has stopped");
        }
    }

    /// Runs `f` on a snapshot on the blocking pool. Cancellation by a newer edit answers
    /// `ContentModified`; a panic answers an internal error naming the request.
    async fn run<T, F>(&self, request: &'static str, f: F) -> Result<T>
    where
        T: Send + 'static,
        F: FnOnce(&Snapshot) -> T + Send + 'static,
    {
        let Some(snapshot) = self.state.snapshot().await else {
            return Err(error_with(
                ErrorCode::InternalError,
                "the database thread has stopped",
            ));
        };
        let joined = tokio::task::spawn_blocking(move || {
            let result = std::panic::catch_unwind(AssertUnwindSafe(|| f(&snapshot)));
            // Drop the snapshot here, before the answer travels: the owner waits for every
            // snapshot to go away before it applies the next edit.
            drop(snapshot);
            result
        })
        .await;
        match joined {
            Ok(Ok(value)) => Ok(value),
            Ok(Err(payload)) if payload.is::<salsa::Cancelled>() => Err(error_with(
                ErrorCode::ContentModified,
                "the document changed while the request ran",
            )),
            Ok(Err(payload)) => {
                let message = format!("{request} panicked: {}", panic_message(&*payload));
                self.client
                    .log_message(MessageType::ERROR, message.clone())
                    .await;
                Err(error_with(ErrorCode::InternalError, message))
            }
            Err(e) => Err(error_with(
                ErrorCode::InternalError,
                format!("{request} failed: {e}"),
            )),
        }
    }

    async fn view(&self, view: View, params: ViewParams) -> Result<String> {
        let path = uri_to_path(&params.text_document.uri);
        self.run(view.method(), move |snap| {
            view_text(snap, view, &path, &params)
        })
        .await
    }

    pub async fn syntax_tree(&self, params: ViewParams) -> Result<String> {
        self.view(View::SyntaxTree, params).await
    }

    pub async fn view_ir(&self, params: ViewParams) -> Result<String> {
        self.view(View::Ir, params).await
    }

    pub async fn view_spirv(&self, params: ViewParams) -> Result<String> {
        self.view(View::Spirv, params).await
    }

    pub async fn view_msl(&self, params: ViewParams) -> Result<String> {
        self.view(View::Msl, params).await
    }

    pub async fn view_wgsl(&self, params: ViewParams) -> Result<String> {
        self.view(View::Wgsl, params).await
    }

    pub async fn view_signatures(&self, params: ViewParams) -> Result<String> {
        self.view(View::Signatures, params).await
    }

    /// Test hook (`hlsl-analyzer/debug/panic`): panics inside a request, to show that the
    /// server answers with an error and keeps serving; with `{ "cancel": true }` it unwinds as
    /// salsa does when an edit cancels a query.
    pub async fn panic_for_test(&self, params: Value) -> Result<Value> {
        let cancel = params["cancel"] == Value::Bool(true);
        self.run("hlsl-analyzer/debug/panic", move |_| -> Value {
            if cancel {
                std::panic::resume_unwind(Box::new(salsa::Cancelled::PendingWrite));
            }
            panic!("requested panic")
        })
        .await
    }

    async fn semantic_tokens(
        &self,
        uri: Uri,
        previous: Option<String>,
    ) -> Result<SemanticTokensFullDeltaResult> {
        let path = uri_to_path(&uri);
        let data = self
            .run("semanticTokens", move |snap| {
                let text = snap.text(&path);
                let map = LineMap::new(&text);
                highlight::semantic_tokens(snap.parse(&path), &map)
            })
            .await?;
        let id = self
            .next_result_id
            .fetch_add(1, Ordering::Relaxed)
            .to_string();
        let mut cache = self.tokens.lock().unwrap_or_else(|e| e.into_inner());
        let old = cache.insert(uri, (id.clone(), data.clone()));
        match (previous, old) {
            (Some(prev), Some((old_id, old_data))) if prev == old_id => Ok(
                SemanticTokensFullDeltaResult::TokensDelta(SemanticTokensDelta {
                    result_id: Some(id),
                    edits: highlight::delta(&old_data, &data),
                }),
            ),
            _ => Ok(SemanticTokensFullDeltaResult::Tokens(highlight::full(
                id, data,
            ))),
        }
    }
}

fn error_with(code: ErrorCode, message: impl Into<String>) -> Error {
    Error {
        code,
        message: message.into().into(),
        data: None,
    }
}

/// The message of a panic payload.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "unknown panic".to_owned()
    }
}

/// The byte offset of `pos` in the text of `path` on the snapshot.
fn offset_of(snap: &Snapshot, path: &str, pos: Position) -> syntax::TextSize {
    let text = snap.text(path);
    LineMap::new(&text).offset(pos)
}

impl LanguageServer for Backend {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        #[allow(deprecated)] // `root_uri` is what older clients send
        let root = params
            .workspace_folders
            .as_ref()
            .and_then(|f| f.first())
            .map(|f| f.uri.clone())
            .or(params.root_uri.clone())
            .map(|uri| uri_to_path(&uri));
        let pull = params
            .capabilities
            .workspace
            .as_ref()
            .and_then(|w| w.configuration)
            .unwrap_or(false);
        self.pull_configuration.store(pull, Ordering::Relaxed);
        let refresh = params
            .capabilities
            .workspace
            .as_ref()
            .and_then(|w| w.semantic_tokens.as_ref())
            .and_then(|t| t.refresh_support)
            .unwrap_or(false);
        self.refresh_tokens.store(refresh, Ordering::Relaxed);
        let watch = params
            .capabilities
            .workspace
            .as_ref()
            .and_then(|w| w.did_change_watched_files.as_ref())
            .and_then(|w| w.dynamic_registration)
            .unwrap_or(false);
        self.watch_files.store(watch, Ordering::Relaxed);
        self.send(Op::Initialize {
            root,
            options: params.initialization_options.clone(),
        });
        let capabilities = ServerCapabilities {
            text_document_sync: Some(TextDocumentSyncCapability::Options(
                TextDocumentSyncOptions {
                    open_close: Some(true),
                    change: Some(TextDocumentSyncKind::INCREMENTAL),
                    save: Some(TextDocumentSyncSaveOptions::Supported(true)),
                    ..TextDocumentSyncOptions::default()
                },
            )),
            hover_provider: Some(HoverProviderCapability::Simple(true)),
            definition_provider: Some(OneOf::Left(true)),
            references_provider: Some(OneOf::Left(true)),
            workspace_symbol_provider: Some(OneOf::Left(true)),
            signature_help_provider: Some(SignatureHelpOptions {
                trigger_characters: Some(vec!["(".into(), ",".into()]),
                retrigger_characters: None,
                work_done_progress_options: WorkDoneProgressOptions::default(),
            }),
            document_symbol_provider: Some(OneOf::Left(true)),
            folding_range_provider: Some(FoldingRangeProviderCapability::Simple(true)),
            completion_provider: Some(CompletionOptions {
                trigger_characters: Some(vec![":".into(), "[".into(), "#".into(), ".".into()]),
                ..CompletionOptions::default()
            }),
            semantic_tokens_provider: Some(
                SemanticTokensServerCapabilities::SemanticTokensOptions(SemanticTokensOptions {
                    legend: highlight::legend(),
                    range: Some(false),
                    full: Some(SemanticTokensFullOptions::Delta { delta: Some(true) }),
                    ..SemanticTokensOptions::default()
                }),
            ),
            ..ServerCapabilities::default()
        };
        Ok(InitializeResult {
            capabilities,
            server_info: Some(ServerInfo {
                name: "hlsl-analyzer".to_owned(),
                version: Some(env!("CARGO_PKG_VERSION").to_owned()),
            }),
            offset_encoding: None,
        })
    }

    async fn initialized(&self, _: InitializedParams) {
        // Watching files needs dynamic registration; a client that cannot do it still sends
        // saves (`didSave`) of open files, the configuration file included.
        if !self.watch_files.load(Ordering::Relaxed) {
            return;
        }
        let watchers = ["**/hlsl-analyzer.toml", "**/*.{hlsl,hlsli,h,fx,fxh,inc}"]
            .into_iter()
            .map(|glob| FileSystemWatcher {
                glob_pattern: GlobPattern::String(glob.to_owned()),
                kind: None,
            })
            .collect();
        let options = DidChangeWatchedFilesRegistrationOptions { watchers };
        let registration = Registration {
            id: "hlsl-analyzer-watch".to_owned(),
            method: "workspace/didChangeWatchedFiles".to_owned(),
            register_options: serde_json::to_value(options).ok(),
        };
        // Not awaited here: a client that exits before answering must not keep this handler
        // (and so the server) alive.
        let client = self.client.clone();
        tokio::spawn(async move {
            let _ = client.register_capability(vec![registration]).await;
        });
    }

    async fn shutdown(&self) -> Result<()> {
        Ok(())
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        let doc = params.text_document;
        self.send(Op::Open {
            path: uri_to_path(&doc.uri),
            uri: doc.uri,
            version: doc.version,
            text: doc.text,
        });
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        self.send(Op::Change {
            path: uri_to_path(&params.text_document.uri),
            version: params.text_document.version,
            changes: params.content_changes,
        });
    }

    async fn did_save(&self, params: DidSaveTextDocumentParams) {
        self.send(Op::DiskChanged {
            paths: vec![uri_to_path(&params.text_document.uri)],
        });
    }

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        let uri = params.text_document.uri;
        self.tokens
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&uri);
        self.send(Op::Close {
            path: uri_to_path(&uri),
        });
    }

    async fn did_change_configuration(&self, params: DidChangeConfigurationParams) {
        if params.settings.is_null() && self.pull_configuration.load(Ordering::Relaxed) {
            // A client of the pull model only says that something changed: ask for ours.
            let client = self.client.clone();
            let state = self.state.clone();
            tokio::spawn(async move {
                let item = ConfigurationItem {
                    scope_uri: None,
                    section: Some("hlsl-analyzer".to_owned()),
                };
                if let Ok(mut values) = client.configuration(vec![item]).await {
                    if !values.is_empty() {
                        state.send(Op::Configure {
                            settings: values.swap_remove(0),
                        });
                    }
                }
            });
            return;
        }
        self.send(Op::Configure {
            settings: params.settings,
        });
    }

    async fn did_change_watched_files(&self, params: DidChangeWatchedFilesParams) {
        let paths = params
            .changes
            .iter()
            .map(|change| uri_to_path(&change.uri))
            .collect();
        self.send(Op::DiskChanged { paths });
    }

    async fn document_symbol(
        &self,
        params: DocumentSymbolParams,
    ) -> Result<Option<DocumentSymbolResponse>> {
        let path = uri_to_path(&params.text_document.uri);
        self.run("documentSymbol", move |snap| {
            let text = snap.text(&path);
            let map = LineMap::new(&text);
            let symbols = symbols::document_symbols(&snap.parse(&path).syntax(), &map);
            Some(DocumentSymbolResponse::Nested(symbols))
        })
        .await
    }

    async fn folding_range(&self, params: FoldingRangeParams) -> Result<Option<Vec<FoldingRange>>> {
        let path = uri_to_path(&params.text_document.uri);
        self.run("foldingRange", move |snap| {
            let text = snap.text(&path);
            let map = LineMap::new(&text);
            Some(folding::folding_ranges(&snap.parse(&path).syntax(), &map))
        })
        .await
    }

    async fn semantic_tokens_full(
        &self,
        params: SemanticTokensParams,
    ) -> Result<Option<SemanticTokensResult>> {
        match self.semantic_tokens(params.text_document.uri, None).await? {
            SemanticTokensFullDeltaResult::Tokens(tokens) => {
                Ok(Some(SemanticTokensResult::Tokens(tokens)))
            }
            _ => unreachable!("no previous result id, so no delta"),
        }
    }

    async fn semantic_tokens_full_delta(
        &self,
        params: SemanticTokensDeltaParams,
    ) -> Result<Option<SemanticTokensFullDeltaResult>> {
        let result = self
            .semantic_tokens(params.text_document.uri, Some(params.previous_result_id))
            .await?;
        Ok(Some(result))
    }

    async fn goto_definition(
        &self,
        params: GotoDefinitionParams,
    ) -> Result<Option<GotoDefinitionResponse>> {
        let at = params.text_document_position_params;
        let path = uri_to_path(&at.text_document.uri);
        self.run("definition", move |snap| {
            let offset = offset_of(snap, &path, at.position);
            navigation::definition(snap, &path, offset)
        })
        .await
    }

    async fn references(&self, params: ReferenceParams) -> Result<Option<Vec<Location>>> {
        let at = params.text_document_position;
        let path = uri_to_path(&at.text_document.uri);
        let include_declaration = params.context.include_declaration;
        self.run("references", move |snap| {
            let offset = offset_of(snap, &path, at.position);
            navigation::macro_references(snap, &path, offset, include_declaration)
                .or_else(|| references::references(snap, &path, offset, include_declaration))
        })
        .await
    }

    async fn signature_help(&self, params: SignatureHelpParams) -> Result<Option<SignatureHelp>> {
        let at = params.text_document_position_params;
        let path = uri_to_path(&at.text_document.uri);
        self.run("signatureHelp", move |snap| {
            let offset = offset_of(snap, &path, at.position);
            signature_help::signature_help(snap, &path, offset)
        })
        .await
    }

    async fn symbol(
        &self,
        params: WorkspaceSymbolParams,
    ) -> Result<Option<WorkspaceSymbolResponse>> {
        self.run("workspaceSymbol", move |snap| {
            let symbols = workspace_symbols::workspace_symbols(snap, &params.query);
            Some(WorkspaceSymbolResponse::Nested(symbols))
        })
        .await
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        let at = params.text_document_position_params;
        let path = uri_to_path(&at.text_document.uri);
        self.run("hover", move |snap| {
            let text = snap.text(&path);
            let map = LineMap::new(&text);
            let offset = map.offset(at.position);
            navigation::hover(snap, &path, offset, &map)
        })
        .await
    }

    async fn completion(&self, params: CompletionParams) -> Result<Option<CompletionResponse>> {
        let at = params.text_document_position;
        let path = uri_to_path(&at.text_document.uri);
        self.run("completion", move |snap| {
            let text = snap.text(&path);
            let offset = LineMap::new(&text).offset(at.position);
            let items = match completion::member_dot(&text, offset) {
                Some(dot) => member_completion::completions(snap, &path, dot),
                None => completion::completions(snap.parse(&path), &text, offset),
            };
            Some(CompletionResponse::Array(items))
        })
        .await
    }
}

/// Sends what the owner and the diagnostics jobs produce to the client, in order. Diagnostics
/// of a file are published when its version or its diagnostics changed since the last publish;
/// results of a superseded revision and of closed files are dropped.
pub async fn outbox(
    client: Client,
    mut rx: UnboundedReceiver<Outgoing>,
    latest: Arc<AtomicU64>,
    refresh_tokens: Arc<AtomicBool>,
) {
    let mut published: HashMap<Uri, Option<FileDiagnostics>> = HashMap::new();
    while let Some(message) = rx.recv().await {
        match message {
            Outgoing::Opened(uri) => {
                published.insert(uri, None);
            }
            Outgoing::Clear(uri) => {
                published.remove(&uri);
                client.publish_diagnostics(uri, Vec::new(), None).await;
            }
            Outgoing::Diagnostics { generation, files } => {
                if generation < latest.load(Ordering::SeqCst) {
                    continue;
                }
                for file in files {
                    let Some(last) = published.get_mut(&file.uri) else {
                        continue; // closed meanwhile
                    };
                    if last.as_ref() == Some(&file) {
                        continue;
                    }
                    client
                        .publish_diagnostics(
                            file.uri.clone(),
                            file.diagnostics.clone(),
                            Some(file.version),
                        )
                        .await;
                    *last = Some(file);
                }
            }
            Outgoing::ConfigChanged => {
                // Inactive regions may have moved. Not awaited: the answer may take a while.
                if refresh_tokens.load(Ordering::Relaxed) {
                    let client = client.clone();
                    tokio::spawn(async move {
                        let _ = client.semantic_tokens_refresh().await;
                    });
                }
            }
            Outgoing::Log(kind, message) => client.log_message(kind, message).await,
            Outgoing::Show(kind, message) => client.show_message(kind, message).await,
        }
    }
}
