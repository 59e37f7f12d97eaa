//! `textDocument/documentSymbol`: the outline of a file from its typed AST.
//!
//! Functions, structs with their fields and methods, cbuffers with their members, globals,
//! typedefs, type aliases, enums with their variants and namespaces with their items. Only
//! what is written in the file appears (items spliced in from includes take no text there).

use syntax::ast::{self, AstNode, HasName};
use syntax::{SyntaxNode, TextRange};
use tower_lsp_server::ls_types::{DocumentSymbol, SymbolKind};

use crate::convert::LineMap;

/// The outline of the file whose lossless tree is `root`.
pub fn document_symbols(root: &SyntaxNode, map: &LineMap) -> Vec<DocumentSymbol> {
    let Some(file) = ast::SourceFile::cast(root.clone()) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for item in file.items() {
        item_symbols(&item, map, &mut out);
    }
    out
}

fn item_symbols(item: &ast::Item, map: &LineMap, out: &mut Vec<DocumentSymbol>) {
    match item {
        ast::Item::FnDef(f) => {
            let detail = fn_signature(f);
            let kind = if f
                .syntax()
                .ancestors()
                .any(|a| a.kind() == syntax::SyntaxKind::FIELD_LIST)
            {
                SymbolKind::METHOD
            } else {
                SymbolKind::FUNCTION
            };
            push(out, map, f.syntax(), f.name(), kind, detail, Vec::new());
        }
        ast::Item::VarDecl(v) => {
            let ty = v.ty().map(|t| compact(&t.syntax().to_string()));
            let in_struct = v
                .syntax()
                .parent()
                .is_some_and(|p| p.kind() == syntax::SyntaxKind::FIELD_LIST);
            let in_cbuffer = v.syntax().ancestors().any(|a| {
                a.kind() == syntax::SyntaxKind::ITEM_LIST
                    && a.parent()
                        .is_some_and(|p| p.kind() == syntax::SyntaxKind::CBUFFER_DEF)
            });
            let is_const = v
                .syntax()
                .children_with_tokens()
                .any(|t| t.kind() == syntax::SyntaxKind::CONST_KW);
            let kind = if in_struct || in_cbuffer {
                SymbolKind::FIELD
            } else if is_const {
                SymbolKind::CONSTANT
            } else {
                SymbolKind::VARIABLE
            };
            for declarator in v.declarators() {
                let detail = ty.clone().map(|ty| {
                    let suffix: String = declarator
                        .array_suffixes()
                        .map(|s| compact(&s.syntax().to_string()))
                        .collect();
                    format!("{ty}{suffix}")
                });
                push(
                    out,
                    map,
                    declarator.syntax(),
                    declarator.name(),
                    kind,
                    detail,
                    Vec::new(),
                );
            }
        }
        ast::Item::StructDef(s) => {
            let mut children = Vec::new();
            if let Some(fields) = s.field_list() {
                for member in fields.members() {
                    item_symbols(&member, map, &mut children);
                }
            }
            let kind = match s.keyword().map(|k| k.kind()) {
                Some(syntax::SyntaxKind::CLASS_KW) => SymbolKind::CLASS,
                Some(syntax::SyntaxKind::INTERFACE_KW) => SymbolKind::INTERFACE,
                _ => SymbolKind::STRUCT,
            };
            push(out, map, s.syntax(), s.name(), kind, None, children);
        }
        ast::Item::CBufferDef(c) => {
            let mut children = Vec::new();
            if let Some(items) = c.item_list() {
                for member in items.items() {
                    item_symbols(&member, map, &mut children);
                }
            }
            let detail = Some(if c.is_tbuffer() { "tbuffer" } else { "cbuffer" }.to_owned());
            push(
                out,
                map,
                c.syntax(),
                c.name(),
                SymbolKind::STRUCT,
                detail,
                children,
            );
        }
        ast::Item::TypedefDef(t) => {
            let ty = t.ty().map(|t| compact(&t.syntax().to_string()));
            for declarator in t.declarators() {
                push(
                    out,
                    map,
                    declarator.syntax(),
                    declarator.name(),
                    SymbolKind::TYPE_PARAMETER,
                    ty.clone(),
                    Vec::new(),
                );
            }
        }
        ast::Item::TypeAlias(t) => {
            let ty = t.ty().map(|t| compact(&t.syntax().to_string()));
            push(
                out,
                map,
                t.syntax(),
                t.name(),
                SymbolKind::TYPE_PARAMETER,
                ty,
                Vec::new(),
            );
        }
        ast::Item::EnumDef(e) => {
            let mut children = Vec::new();
            if let Some(variants) = e.variant_list() {
                for v in variants.variants() {
                    let detail = v.value().map(|x| compact(&x.syntax().to_string()));
                    push(
                        &mut children,
                        map,
                        v.syntax(),
                        v.name(),
                        SymbolKind::ENUM_MEMBER,
                        detail,
                        Vec::new(),
                    );
                }
            }
            push(
                out,
                map,
                e.syntax(),
                e.name(),
                SymbolKind::ENUM,
                None,
                children,
            );
        }
        ast::Item::NamespaceDef(n) => {
            let mut children = Vec::new();
            if let Some(items) = n.item_list() {
                for member in items.items() {
                    item_symbols(&member, map, &mut children);
                }
            }
            push(
                out,
                map,
                n.syntax(),
                n.name(),
                SymbolKind::NAMESPACE,
                None,
                children,
            );
        }
        ast::Item::UsingNamespace(_) | ast::Item::StaticAssert(_) => {}
    }
}

/// Adds a symbol for `node` named by `name`, if the name is written in this file.
#[allow(deprecated)] // `DocumentSymbol::deprecated` must be spelled out.
fn push(
    out: &mut Vec<DocumentSymbol>,
    map: &LineMap,
    node: &SyntaxNode,
    name: Option<ast::Name>,
    kind: SymbolKind,
    detail: Option<String>,
    children: Vec<DocumentSymbol>,
) {
    let Some(name) = name else { return };
    let name_range = name.syntax().text_range();
    let text = name.text();
    if name_range.is_empty() || text.trim().is_empty() {
        return;
    }
    let range = trimmed_range(node);
    out.push(DocumentSymbol {
        name: text,
        detail,
        kind,
        tags: None,
        deprecated: None,
        range: map.range(range.cover(name_range)),
        selection_range: map.range(name_range),
        children: (!children.is_empty()).then_some(children),
    });
}

/// The range of `node` without leading or trailing trivia. Walks in from both ends, so a
/// function costs its first and last tokens, not its whole body.
fn trimmed_range(node: &SyntaxNode) -> TextRange {
    let whole = node.text_range();
    let solid = |t: &syntax::SyntaxToken| !t.kind().is_trivia() && !t.text_range().is_empty();
    let inside = |t: &syntax::SyntaxToken| whole.contains_range(t.text_range());
    let first = std::iter::successors(node.first_token(), |t| t.next_token())
        .take_while(inside)
        .find(solid);
    let Some(first) = first else {
        return whole;
    };
    let last = std::iter::successors(node.last_token(), |t| t.prev_token())
        .take_while(inside)
        .find(solid)
        .unwrap_or_else(|| first.clone());
    first.text_range().cover(last.text_range())
}

/// `float4 (float2 uv, uint id)`: the return type and parameter list, whitespace collapsed.
fn fn_signature(f: &ast::FnDef) -> Option<String> {
    let ret = f.return_type().map(|t| compact(&t.syntax().to_string()));
    let params = f.param_list().map(|p| compact(&p.syntax().to_string()));
    match (ret, params) {
        (Some(r), Some(p)) => Some(format!("{r} {p}")),
        (r, p) => r.or(p),
    }
}

/// Collapses runs of whitespace (newlines included) into one space.
pub fn compact(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
