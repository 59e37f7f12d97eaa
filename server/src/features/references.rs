//! Names of the language: `textDocument/definition` and `textDocument/references` from
//! `hir::navigation` (locals, parameters, the overload a call selects, types, members after
//! `.`, enumerators, namespaces), and `locations`, which turns the compiler's (file, range)
//! pairs into LSP locations.
//!
//! References are searched in the file asked about with everything it includes, then in every
//! other open file (which sees a shared header's declarations through its own includes); a
//! declaration is the same in two files when its name is written at the same place.

use db::navigation::{self, Definition};
use std::collections::HashMap;
use syntax::{FileId, TextRange, TextSize};
use tower_lsp_server::ls_types::Location;

use crate::convert::{path_to_uri, LineMap};
use crate::state::Snapshot;

/// The locations of (file, range) pairs, in order (`None` for a file with no path); one
/// text and one line map per file.
pub fn locations(snap: &Snapshot, ranges: &[(FileId, TextRange)]) -> Vec<Option<Location>> {
    let mut by_file: HashMap<FileId, Vec<usize>> = HashMap::new();
    for (i, (file, _)) in ranges.iter().enumerate() {
        by_file.entry(*file).or_default().push(i);
    }
    let mut out: Vec<Option<Location>> = vec![None; ranges.len()];
    for (file, indices) in by_file {
        let Some(path) = snap.path_of(file) else {
            continue;
        };
        let Some(uri) = path_to_uri(&path) else {
            continue;
        };
        let text = snap.text(&path);
        let map = LineMap::new(&text);
        for i in indices {
            out[i] = Some(Location {
                uri: uri.clone(),
                range: map.range(ranges[i].1),
            });
        }
    }
    out
}

/// Where the language name at `offset` of `path` is declared: one location, or several for
/// an ambiguous call.
pub fn definition(snap: &Snapshot, path: &str, offset: TextSize) -> Vec<Location> {
    let file = snap.file(path);
    let config = snap.compile_config(path);
    let Some(resolved) = navigation::definition_at(&snap.db, file, config, offset) else {
        return Vec::new();
    };
    let ranges: Vec<_> = resolved.definitions.iter().map(|(_, t)| t.key()).collect();
    locations(snap, &ranges).into_iter().flatten().collect()
}

/// Every use of the name at `offset` of `path` (and its declarations when asked), in the file
/// with its includes and in the other open files.
pub fn references(
    snap: &Snapshot,
    path: &str,
    offset: TextSize,
    include_declaration: bool,
) -> Option<Vec<Location>> {
    let file = snap.file(path);
    let config = snap.compile_config(path);
    let (resolved, mut refs) = navigation::references_at(&snap.db, file, config, offset)?;
    let (first, target) = resolved.definitions.first()?;
    if matches!(first, Definition::Item(_)) {
        let keys: Vec<_> = resolved.definitions.iter().map(|(_, t)| t.key()).collect();
        let mut others: Vec<&String> = snap.docs.keys().filter(|p| *p != path).collect();
        others.sort();
        for other in others {
            let (file, config) = (snap.file(other), snap.compile_config(other));
            refs.extend(navigation::references(
                &snap.db,
                file,
                config,
                &target.name,
                &keys,
            ));
        }
    }
    let mut ranges: Vec<(FileId, TextRange)> = Vec::new();
    for r in refs {
        let key = (r.file, r.range);
        if (r.is_declaration && !include_declaration) || ranges.contains(&key) {
            continue;
        }
        ranges.push(key);
    }
    Some(locations(snap, &ranges).into_iter().flatten().collect())
}
