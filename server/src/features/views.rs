//! The custom requests that show a text in a side pane, all taking
//! `{ textDocument, position?, optimized? }` (DESIGN.md, "The language server").
//!
//! The syntax tree is served now; the IR, SPIR-V, MSL, WGSL and signature views answer a text
//! that says which stage they wait for, so a client shows a message rather than an error. When a
//! stage lands, its arm of `view_text` calls the stage's query on the snapshot.

use serde::Deserialize;
use tower_lsp_server::ls_types::{Position, TextDocumentIdentifier};

use crate::state::Snapshot;

/// The parameters of every view request.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ViewParams {
    pub text_document: TextDocumentIdentifier,
    #[serde(default)]
    pub position: Option<Position>,
    /// For `viewIr`: the optimized IR rather than the IR right after lowering.
    #[serde(default)]
    pub optimized: Option<bool>,
}

/// The side-pane views, one per custom request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    SyntaxTree,
    Ir,
    Spirv,
    Msl,
    Wgsl,
    Signatures,
}

impl View {
    pub const ALL: [View; 6] = [
        View::SyntaxTree,
        View::Ir,
        View::Spirv,
        View::Msl,
        View::Wgsl,
        View::Signatures,
    ];

    /// The JSON-RPC method name.
    pub fn method(self) -> &'static str {
        match self {
            View::SyntaxTree => "hlsl-analyzer/syntaxTree",
            View::Ir => "hlsl-analyzer/viewIr",
            View::Spirv => "hlsl-analyzer/viewSpirv",
            View::Msl => "hlsl-analyzer/viewMsl",
            View::Wgsl => "hlsl-analyzer/viewWgsl",
            View::Signatures => "hlsl-analyzer/viewSignatures",
        }
    }
}

/// The text of `view` for the file at `path`.
pub fn view_text(snap: &Snapshot, view: View, path: &str, params: &ViewParams) -> String {
    let _ = params.position; // the function at the cursor, once there are functions to show
    match view {
        View::SyntaxTree => syntax::debug_tree(&snap.parse(path).syntax()),
        View::Ir => {
            let which = if params.optimized == Some(true) {
                "optimized IR"
            } else {
                "IR"
            };
            format!(
                "not supported yet: the {which} view needs lowering from HLSL to the IR, which \
                 is not built yet"
            )
        }
        View::Spirv => "not supported yet: the SPIR-V view needs lowering from HLSL to the IR, \
                        which is not built yet (the SPIR-V backend that follows it is)"
            .to_owned(),
        View::Msl => "not supported yet: the MSL view needs lowering from HLSL to the IR and \
                      the MSL backend, which are not built yet"
            .to_owned(),
        View::Wgsl => "not supported yet: the WGSL view needs lowering from HLSL to the IR and \
                       the WGSL backend, which are not built yet"
            .to_owned(),
        View::Signatures => "not supported yet: entry-point signatures need lowering from HLSL \
                             to the IR and the signature analysis, which are not built yet"
            .to_owned(),
    }
}
