//! The language features, each a function from a snapshot (or a parsed file) to LSP data.
//! Handlers in `server.rs` call them on the blocking pool; none of them knows about the
//! transport, threads or cancellation.

pub mod completion;
pub mod diagnostics;
pub mod folding;
pub mod highlight;
pub mod hlsl_names;
pub mod local_completion;
pub mod member_completion;
pub mod navigation;
pub mod references;
pub mod scope_completion;
pub mod signature_help;
pub mod symbols;
pub mod views;
pub mod workspace_symbols;
