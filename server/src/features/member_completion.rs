//! Completion after `.`: the fields and methods of a struct (and of a `ConstantBuffer`'s
//! struct), the methods of a resource from the `intrinsics` crate's method table
//! (`tex.` offers `Sample`, `Load`, `GetDimensions`...), vector swizzles in both component
//! sets up to the vector's length, and matrix element swizzles. The receiver's type comes from
//! inference on the file as it is, half-typed member access included.

use db::navigation::{self, NavKind};
use syntax::TextSize;
use tower_lsp_server::ls_types::{CompletionItem, CompletionItemKind};
use types::Type;

use crate::state::Snapshot;

/// The members of the value before the `.` at `dot` of `path`.
pub fn completions(snap: &Snapshot, path: &str, dot: TextSize) -> Vec<CompletionItem> {
    let file = snap.file(path);
    let config = snap.compile_config(path);
    let Some(ty) = navigation::receiver_type_at(&snap.db, file, config, dot) else {
        return Vec::new();
    };
    match &ty {
        Type::Scalar(_) => swizzles(1),
        Type::Vector(_, n) => swizzles(*n as usize),
        Type::Matrix { rows, cols, .. } => matrix_elements(*rows as usize, *cols as usize),
        Type::Resource(resource) => {
            let mut items: Vec<CompletionItem> = Vec::new();
            let struct_members = navigation::struct_members(&snap.db, file, config, &ty);
            items.extend(struct_members.iter().map(|(definition, target)| {
                member_item(snap, path, *definition, &target.name, target.kind)
            }));
            for method in intrinsics::methods_of(resource).iter() {
                if items.iter().any(|i| i.label == method.name) {
                    continue; // one entry per name; the overloads show in signature help
                }
                items.push(CompletionItem {
                    label: method.name.to_owned(),
                    kind: Some(CompletionItemKind::METHOD),
                    detail: method.signature_texts().into_iter().next(),
                    documentation: Some(tower_lsp_server::ls_types::Documentation::String(
                        method.doc.to_owned(),
                    )),
                    ..CompletionItem::default()
                });
            }
            items
        }
        Type::Struct(_) => {
            let mut items: Vec<CompletionItem> = Vec::new();
            for (definition, target) in navigation::struct_members(&snap.db, file, config, &ty) {
                if target.name.is_empty() || items.iter().any(|i| i.label == target.name) {
                    continue;
                }
                items.push(member_item(
                    snap,
                    path,
                    definition,
                    &target.name,
                    target.kind,
                ));
            }
            items
        }
        _ => Vec::new(),
    }
}

fn member_item(
    snap: &Snapshot,
    path: &str,
    definition: navigation::Definition,
    name: &str,
    kind: NavKind,
) -> CompletionItem {
    let file = snap.file(path);
    let config = snap.compile_config(path);
    let detail = navigation::describe(&snap.db, file, config, definition).map(|d| d.declaration);
    CompletionItem {
        label: name.to_owned(),
        kind: Some(match kind {
            NavKind::Method | NavKind::Function => CompletionItemKind::METHOD,
            _ => CompletionItemKind::FIELD,
        }),
        detail,
        ..CompletionItem::default()
    }
}

/// Swizzles of a vector of `n` components: each component, and the components in order, in
/// both the `xyzw` and the `rgba` set.
fn swizzles(n: usize) -> Vec<CompletionItem> {
    let mut items = Vec::new();
    for set in ["xyzw", "rgba"] {
        let set = &set[..n.clamp(1, 4)];
        for (i, c) in set.chars().enumerate() {
            items.push(swizzle_item(c.to_string(), i as u32));
        }
        for len in 2..=set.len() {
            items.push(swizzle_item(set[..len].to_owned(), 10 + len as u32));
        }
    }
    items
}

fn swizzle_item(label: String, order: u32) -> CompletionItem {
    CompletionItem {
        detail: Some(format!(
            "swizzle ({} component{})",
            label.len(),
            if label.len() == 1 { "" } else { "s" }
        )),
        kind: Some(CompletionItemKind::FIELD),
        sort_text: Some(format!("{order:02}")),
        label,
        ..CompletionItem::default()
    }
}

/// `_m00` (zero-based) and `_11` (one-based) elements of a `rows`x`cols` matrix.
fn matrix_elements(rows: usize, cols: usize) -> Vec<CompletionItem> {
    let mut items = Vec::new();
    for r in 0..rows.min(4) {
        for c in 0..cols.min(4) {
            for label in [format!("_m{r}{c}"), format!("_{}{}", r + 1, c + 1)] {
                items.push(CompletionItem {
                    label,
                    kind: Some(CompletionItemKind::FIELD),
                    detail: Some(format!("row {r}, column {c}")),
                    ..CompletionItem::default()
                });
            }
        }
    }
    items
}

#[cfg(test)]
mod tests {
    use super::{matrix_elements, swizzles};

    #[test]
    fn swizzles_follow_the_length() {
        let labels = |items: Vec<tower_lsp_server::ls_types::CompletionItem>| {
            items.into_iter().map(|i| i.label).collect::<Vec<_>>()
        };
        assert_eq!(labels(swizzles(2)), ["x", "y", "xy", "r", "g", "rg"]);
        assert_eq!(labels(swizzles(4)).len(), 14);
        assert_eq!(labels(matrix_elements(2, 2)).len(), 8);
    }
}
