//! Completion after `Scope::`: the enumerators of an enum (scoped or not: `Mode::` offers
//! `Mode::Off`'s `Off`) and the names a namespace declares, looked up by the path before the
//! cursor in the file's declarations (the tree, as the other declared names in
//! `completion.rs`). Called by `completion::completions`.

use syntax::ast::{self, AstNode, HasName};
use syntax::ParsedFile;
use tower_lsp_server::ls_types::{CompletionItem, CompletionItemKind};

/// The completions after the `::` that `prefix` (the text before the word being typed) ends
/// with; `None` when it does not end with one or the path names no enum or namespace here.
pub fn completions(parsed: &ParsedFile, prefix: &str) -> Option<Vec<CompletionItem>> {
    let path = path_before(prefix)?;
    let file = ast::SourceFile::cast(parsed.syntax())?;
    let mut items: Vec<ast::Item> = file.items().collect();
    let (last, scopes) = path.split_last()?;
    for segment in scopes {
        items = items
            .iter()
            .filter_map(|i| match i {
                ast::Item::NamespaceDef(n) if name_is(n.name(), segment) => n.item_list(),
                _ => None,
            })
            .flat_map(|list| list.items().collect::<Vec<_>>())
            .collect();
    }
    let mut out = Vec::new();
    for item in &items {
        match item {
            ast::Item::EnumDef(e) if name_is(e.name(), last) => {
                for v in e.variant_list().into_iter().flat_map(|l| l.variants()) {
                    if let Some(n) = v.name() {
                        out.push(entry(
                            &n.text(),
                            CompletionItemKind::ENUM_MEMBER,
                            "enum value",
                        ));
                    }
                }
            }
            ast::Item::NamespaceDef(n) if name_is(n.name(), last) => {
                for member in n.item_list().into_iter().flat_map(|l| l.items()) {
                    crate::features::completion::declared_names(
                        &member,
                        &mut |label, kind, detail| out.push(entry(label, kind, detail)),
                    );
                }
            }
            _ => {}
        }
    }
    (!out.is_empty()).then_some(out)
}

fn name_is(name: Option<ast::Name>, want: &str) -> bool {
    name.is_some_and(|n| n.text().trim() == want)
}

/// The names of `a::b::` at the end of `prefix` (`["a", "b"]`).
fn path_before(prefix: &str) -> Option<Vec<String>> {
    let mut rest = prefix.trim_end().strip_suffix("::")?;
    let mut segments = Vec::new();
    loop {
        let trimmed = rest.trim_end();
        let start = trimmed
            .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(0, |i| i + 1);
        let name = &trimmed[start..];
        if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
            return None;
        }
        segments.push(name.to_owned());
        match trimmed[..start].trim_end().strip_suffix("::") {
            Some(before) => rest = before,
            None => break,
        }
    }
    segments.reverse();
    Some(segments)
}

fn entry(label: &str, kind: CompletionItemKind, detail: &str) -> CompletionItem {
    CompletionItem {
        label: label.trim().to_owned(),
        kind: Some(kind),
        detail: Some(detail.to_owned()),
        ..CompletionItem::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(text: &str) -> Option<Vec<String>> {
        let offset = text.find("$0").unwrap();
        let text = text.replace("$0", "");
        let parsed = syntax::parse(&text);
        let items = completions(&parsed, &text[..offset])?;
        Some(items.into_iter().map(|i| i.label).collect())
    }

    #[test]
    fn paths() {
        assert_eq!(
            path_before("x = gfx::Blend::"),
            Some(vec!["gfx".to_owned(), "Blend".to_owned()])
        );
        assert_eq!(path_before("Mode ::"), Some(vec!["Mode".to_owned()]));
        assert_eq!(path_before("x = a."), None);
        assert_eq!(path_before("::"), None);
    }

    #[test]
    fn enumerators_of_scoped_and_plain_enums_and_namespace_members() {
        let src = "enum class Mode : uint { Off, On = 3 };
namespace gfx { enum Blend { Opaque, Add }; float scale; }
void f() { $0 }";
        let at = |what: &str| labels(&src.replace("$0", &format!("{what}$0")));
        assert_eq!(at("Mode m = Mode::"), Some(vec!["Off".into(), "On".into()]));
        assert_eq!(
            at("gfx::Blend::"),
            Some(vec!["Opaque".into(), "Add".into()])
        );
        assert_eq!(
            at("gfx::"),
            Some(vec![
                "Blend".into(),
                "Opaque".into(),
                "Add".into(),
                "scale".into()
            ])
        );
        assert_eq!(at("Unknown::"), None);
        assert_eq!(at("x = "), None);
    }
}
