//! The custom requests that show a text in a side pane, all taking
//! `{ textDocument, position?, optimized? }` (DESIGN.md, "The language server").
//!
//! The syntax tree, the IR (of the function under the cursor, or of the whole module of the
//! entry point at or nearest the cursor) and that entry point's SPIR-V are served; the optimized-IR, MSL, WGSL and signature views answer a text that says which stage
//! they wait for, so a client shows a message rather than an error. Entry points are the
//! functions marked `[shader("...")]` or `[numthreads]`, and those the configuration names.

use serde::Deserialize;
use tower_lsp_server::ls_types::{Position, TextDocumentIdentifier};

use syntax::ast::{self, AstNode, HasName};
use syntax::{TextRange, TextSize};

use crate::convert::LineMap;
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
    match view {
        View::SyntaxTree => syntax::debug_tree(&snap.parse(path).syntax()),
        View::Ir if params.optimized == Some(true) => {
            "not supported yet: the optimized IR view needs the optimizer, which is not built \
             yet (\"HLSL: Show IR of Function\" shows the IR right after lowering)"
                .to_owned()
        }
        View::Ir => match lowered(snap, path, params) {
            // The function under the cursor when the entry point's module has it (the entry
            // function itself is `NAME_body`), else the whole module.
            Ok((entry, module)) => match function_at_cursor(snap, path, params)
                .and_then(|name| ir_function_named(&module, &name))
            {
                Some((name, func)) => format!(
                    "; function `{name}` of entry point `{entry}`\n{}",
                    db::ir::print_function(&module, func, &db::ir::PrintOptions::default())
                ),
                None => format!("; entry point `{entry}`\n{}", db::ir::print_module(&module)),
            },
            Err(message) => message,
        },
        View::Spirv => match lowered(snap, path, params) {
            Ok((entry, module)) => {
                let env_name = snap.config().target_env.as_str();
                let env = spirv_backend::TargetEnv::from_name(env_name)
                    .unwrap_or(spirv_backend::TargetEnv::Vulkan1_0);
                match spirv_backend::emit(&module, &spirv_backend::SpirvOptions::new(env)) {
                    Ok(words) => format!(
                        "; entry point `{entry}`, {}\n{}",
                        env.name(),
                        spirv_backend::disassemble(&words)
                    ),
                    Err(e) => format!("; entry point `{entry}`: the SPIR-V backend stopped:\n{e}"),
                }
            }
            Err(message) => message,
        },
        View::Msl => "not supported yet: the MSL view needs the MSL backend, which is not built \
                      yet"
        .to_owned(),
        View::Wgsl => "not supported yet: the WGSL view needs the WGSL backend, which is not \
                       built yet"
            .to_owned(),
        View::Signatures => "not supported yet: entry-point signatures need the signature \
                             analysis, which is not built yet"
            .to_owned(),
    }
}

/// The name of the HLSL function whose definition holds the cursor.
fn function_at_cursor(snap: &Snapshot, path: &str, params: &ViewParams) -> Option<String> {
    let cursor = cursor_offset(snap, path, params)?;
    snap.parse(path)
        .syntax()
        .descendants()
        .filter_map(ast::FnDef::cast)
        .find(|f| f.syntax().text_range().contains_inclusive(cursor))
        .and_then(|f| f.name())
        .map(|n| n.text())
}

/// The IR function lowered from HLSL function `name`: `name` itself, an overload `name.N`, or
/// the body `name_body` of an entry point.
fn ir_function_named(module: &db::ir::Module, name: &str) -> Option<(String, db::ir::Func)> {
    let body = format!("{name}_body");
    module
        .functions
        .iter()
        .find(|(_, f)| {
            f.name == body
                || f.name == name
                || f.name
                    .strip_prefix(name)
                    .is_some_and(|r| r.starts_with('.'))
        })
        .map(|(h, f)| (f.name.clone(), h))
}

/// The cursor of a view request as an offset in the file's text.
fn cursor_offset(snap: &Snapshot, path: &str, params: &ViewParams) -> Option<TextSize> {
    let text = snap.text(path);
    params.position.map(|p| LineMap::new(&text).offset(p))
}

/// An entry point of a file: its function's name, stage, and where the function is.
struct EntryCandidate {
    name: String,
    stage: db::LowerStage,
    range: TextRange,
}

/// The entry points whose functions are in the file at `path`, in source order: what semantic
/// analysis finds (the configuration, `[shader("...")]`, `[numthreads]`), with the stage it
/// gives them.
fn entry_points(snap: &Snapshot, path: &str) -> Vec<EntryCandidate> {
    let (file, config) = (snap.file(path), snap.compile_config(path));
    let ids = db::ast_id_map(&snap.db, file, config);
    let main = file.id(&snap.db);
    db::entry_points(&snap.db, file, config)
        .iter()
        .filter_map(|e| {
            let expanded = ids.range(e.function)?;
            let (in_file, range) = db::user_range(&snap.db, file, config, expanded);
            (in_file == main).then(|| EntryCandidate {
                name: e.name.clone(),
                stage: db::LowerStage::of_entry(e.stage),
                range,
            })
        })
        .collect()
}

/// The IR of the entry point at the cursor (or the nearest one before it, or the first), or a
/// message saying why there is none.
fn lowered(
    snap: &Snapshot,
    path: &str,
    params: &ViewParams,
) -> Result<(String, db::ir::Module), String> {
    let parsed = snap.parse(path);
    if parsed.has_errors() {
        return Err("the file has errors; fix them to see its IR and SPIR-V".to_owned());
    }
    let entries = entry_points(snap, path);
    let text = snap.text(path);
    let cursor = cursor_offset(snap, path, params);
    let chosen = cursor
        .and_then(|c| {
            entries
                .iter()
                .find(|e| e.range.contains_inclusive(c))
                .or_else(|| entries.iter().rfind(|e| e.range.start() <= c))
        })
        .or(entries.first());
    let Some(entry) = chosen else {
        return Err(
            "no entry point in this file: mark one with [shader(\"...\")] or \
                    [numthreads(...)], or name it in hlsl-analyzer.toml"
                .to_owned(),
        );
    };
    let file = snap.file(path);
    let config = snap.compile_config(path);
    db::lower_module(&snap.db, file, config, &entry.name, entry.stage)
        .map(|module| (entry.name.clone(), module))
        .map_err(|errors| {
            let map = LineMap::new(&text);
            let mut message = format!("entry point `{}` does not lower:\n", entry.name);
            for d in errors {
                let at = map.position(d.range.start());
                message.push_str(&format!(
                    "{}:{}: error[{}]: {}\n",
                    at.line + 1,
                    at.character + 1,
                    d.code,
                    d.message
                ));
            }
            message
        })
}
