//! hlsl-analyzer: the HLSL language server, speaking LSP over stdio through tower-lsp-server.
//!
//! `run_stdio` wires three parts together: the transport and handlers (`server`), the thread
//! that owns the salsa database (`state`), and the outbox task that sends diagnostics and log
//! messages to the client. Features (`features/`) are plain functions over a snapshot;
//! `convert` translates offsets, paths and diagnostics to the LSP's terms; `config` reads
//! `hlsl-analyzer.toml` and the client's settings.

pub mod config;
pub mod convert;
pub mod features;
pub mod server;
pub mod state;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use tower_lsp_server::{LspService, Server};

use crate::server::Backend;
use crate::state::StateHandle;

/// How many requests and notifications tower-lsp may run at once. Requests wait on the
/// blocking pool, and an edit must never wait behind them (it is what cancels them).
const MAX_CONCURRENT: usize = 64;

/// Serves LSP on stdin/stdout until the client says `exit` or closes the input.
pub fn run_stdio() -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread().build()?;
    runtime.block_on(async {
        let (out_tx, out_rx) = tokio::sync::mpsc::unbounded_channel();
        let state = StateHandle::start(out_tx, tokio::runtime::Handle::current());
        let generation = state.generation.clone();
        let (service, socket) = LspService::build(move |client| {
            let refresh_tokens = Arc::new(AtomicBool::new(false));
            let outbox = server::outbox(client.clone(), out_rx, generation, refresh_tokens.clone());
            tokio::spawn(outbox);
            Backend::new(client, state, refresh_tokens)
        })
        .custom_method("hlsl-analyzer/syntaxTree", Backend::syntax_tree)
        .custom_method("hlsl-analyzer/viewIr", Backend::view_ir)
        .custom_method("hlsl-analyzer/viewSpirv", Backend::view_spirv)
        .custom_method("hlsl-analyzer/viewMsl", Backend::view_msl)
        .custom_method("hlsl-analyzer/viewWgsl", Backend::view_wgsl)
        .custom_method("hlsl-analyzer/viewSignatures", Backend::view_signatures)
        .custom_method("hlsl-analyzer/debug/panic", Backend::panic_for_test)
        .finish();
        Server::new(tokio::io::stdin(), tokio::io::stdout(), socket)
            .concurrency_level(MAX_CONCURRENT)
            .serve(service)
            .await;
    });
    // Do not wait for a diagnostics run that is still going: the client has gone.
    runtime.shutdown_timeout(std::time::Duration::from_millis(200));
    Ok(())
}
