//! `workspace/symbol`: the declarations of the open files and of the HLSL files under the
//! workspace root (`hir::navigation::file_symbols`), matched against the query as a
//! case-insensitive subsequence (`shl` finds `shadeLight`). A header's declarations are listed
//! once however many files include it.

use std::collections::HashSet;
use std::path::Path;

use db::navigation::{self, NavKind};
use syntax::{FileId, TextRange};
use tower_lsp_server::ls_types::{SymbolKind, WorkspaceSymbol};

use crate::features::references::locations;
use crate::state::Snapshot;

/// Files under the root that are read at most, and how deep the search goes.
const MAX_FILES: usize = 1000;
const MAX_DEPTH: usize = 12;
/// Symbols answered at most (the client narrows the query as the user types).
const MAX_SYMBOLS: usize = 2000;

const EXTENSIONS: &[&str] = &["hlsl", "hlsli", "fx", "fxh"];

pub fn workspace_symbols(snap: &Snapshot, query: &str) -> Vec<WorkspaceSymbol> {
    let mut paths: Vec<String> = snap.docs.keys().cloned().collect();
    paths.sort();
    if let Some(root) = &snap.root {
        let mut found = Vec::new();
        hlsl_files(Path::new(&**root), 0, &mut found);
        found.sort();
        for p in found {
            if !paths.contains(&p) {
                paths.push(p);
            }
        }
    }
    let query: Vec<char> = query.to_lowercase().chars().collect();
    let mut seen: HashSet<(FileId, TextRange)> = HashSet::new();
    let mut found = Vec::new();
    'files: for path in &paths {
        let file = snap.file(path);
        let config = snap.compile_config(path);
        for symbol in navigation::file_symbols(&snap.db, file, config) {
            if !matches(&symbol.name, &query) || !seen.insert(symbol.key()) {
                continue;
            }
            found.push(symbol);
            if found.len() >= MAX_SYMBOLS {
                break 'files;
            }
        }
    }
    let keys: Vec<_> = found.iter().map(|s| s.key()).collect();
    let locs = locations(snap, &keys);
    found
        .iter()
        .zip(locs)
        .filter_map(|(symbol, location)| Some((symbol, location?)))
        .map(|(symbol, location)| WorkspaceSymbol {
            name: symbol.name.clone(),
            kind: symbol_kind(symbol.kind),
            tags: None,
            container_name: None,
            location: tower_lsp_server::ls_types::OneOf::Left(location),
            data: None,
        })
        .collect()
}

/// Whether `query` (lowercase) is a subsequence of `name`, ignoring case.
fn matches(name: &str, query: &[char]) -> bool {
    let mut rest = query.iter().peekable();
    for c in name.chars().flat_map(char::to_lowercase) {
        if rest.peek() == Some(&&c) {
            rest.next();
        }
    }
    rest.peek().is_none()
}

fn symbol_kind(kind: NavKind) -> SymbolKind {
    match kind {
        NavKind::Function => SymbolKind::FUNCTION,
        NavKind::Method => SymbolKind::METHOD,
        NavKind::Struct => SymbolKind::STRUCT,
        NavKind::Field => SymbolKind::FIELD,
        NavKind::CBuffer => SymbolKind::OBJECT,
        NavKind::Global | NavKind::Local | NavKind::Parameter => SymbolKind::VARIABLE,
        NavKind::Typedef => SymbolKind::TYPE_PARAMETER,
        NavKind::Enum => SymbolKind::ENUM,
        NavKind::Enumerator => SymbolKind::ENUM_MEMBER,
        NavKind::Namespace => SymbolKind::NAMESPACE,
    }
}

/// HLSL files under `dir`, skipping hidden directories and build output.
fn hlsl_files(dir: &Path, depth: usize, out: &mut Vec<String>) {
    if depth > MAX_DEPTH || out.len() >= MAX_FILES {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.flatten().collect();
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        let path = entry.path();
        if kind.is_dir() {
            if !name.starts_with('.') && name != "target" && name != "node_modules" {
                hlsl_files(&path, depth + 1, out);
            }
        } else if kind.is_file()
            && path
                .extension()
                .is_some_and(|e| EXTENSIONS.contains(&&*e.to_string_lossy()))
        {
            out.push(path.to_string_lossy().replace('\\', "/"));
            if out.len() >= MAX_FILES {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::matches;

    #[test]
    fn subsequence_matching() {
        let q = |s: &str| s.chars().collect::<Vec<_>>();
        assert!(matches("shadeLight", &q("shl")));
        assert!(matches("shadeLight", &q("")));
        assert!(!matches("shade", &q("shx")));
    }
}
