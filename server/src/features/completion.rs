//! `textDocument/completion` from the text around the cursor, the tree and the preprocessor:
//! semantics after a declarator's `:`, attribute names inside `[`, directive names after `#`,
//! after `Scope::` the enumerators or namespace members `scope_completion.rs` finds, and
//! otherwise the parameters and locals in scope (`local_completion.rs`), keywords, built-in
//! types, macros, intrinsic functions and the names this file declares. Members after `.` are `member_completion.rs`'s (`member_dot` finds the dot).

use std::collections::HashSet;

use syntax::ast::{self, AstNode, HasName};
use syntax::{ParsedFile, SyntaxKind, TextSize};
use tower_lsp_server::ls_types::{CompletionItem, CompletionItemKind};

use crate::features::hlsl_names::{
    numeric_type_names, ATTRIBUTES, DIRECTIVES, KEYWORDS, OBJECT_TYPES, SEMANTICS,
};
use crate::features::local_completion::{locals_at, LocalKind};

/// Where the cursor stands, as completion sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Context {
    /// After `:` following a declarator, parameter list or parameter.
    Semantic,
    /// Inside `[` or `[[` that starts an attribute.
    Attribute,
    /// After `#` at the start of a line.
    Directive,
    /// After `.` or `->`: members, which need types.
    Member,
    /// Anywhere else.
    General,
}

pub fn completions(parsed: &ParsedFile, text: &str, offset: TextSize) -> Vec<CompletionItem> {
    let offset = usize::from(offset).min(text.len());
    let before = &text[..offset];
    // The identifier being typed, which the client filters on.
    let word_start = before
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_ascii_alphanumeric() || *c == '_')
        .last()
        .map_or(offset, |(i, _)| i);
    match context(parsed, before, word_start) {
        Context::Semantic => {
            let mut items: Vec<_> = SEMANTICS
                .iter()
                .map(|s| item(s, CompletionItemKind::CONSTANT, "semantic"))
                .collect();
            items.push(item("register", CompletionItemKind::KEYWORD, "binding"));
            items.push(item("packoffset", CompletionItemKind::KEYWORD, "binding"));
            items
        }
        Context::Attribute => ATTRIBUTES
            .iter()
            .map(|a| item(a, CompletionItemKind::PROPERTY, "attribute"))
            .collect(),
        Context::Directive => DIRECTIVES
            .iter()
            .map(|d| item(d, CompletionItemKind::KEYWORD, "directive"))
            .collect(),
        Context::Member => Vec::new(),
        Context::General => {
            crate::features::scope_completion::completions(parsed, &before[..word_start])
                .unwrap_or_else(|| general(parsed, TextSize::from(word_start as u32)))
        }
    }
}

/// The offset of the `.` before the member name being typed at `offset`, if there is one
/// (`a.`, `a.xy`, `a. x`; not `1.` nor `..`).
pub fn member_dot(text: &str, offset: TextSize) -> Option<TextSize> {
    let offset = usize::from(offset).min(text.len());
    let before = text.get(..offset)?;
    let word = before.trim_end_matches(|c: char| c.is_ascii_alphanumeric() || c == '_');
    let dotted = word.trim_end();
    let dot = dotted.strip_suffix('.')?;
    // A number (`1.`) is not a receiver; `)`, `]` and names are.
    let last = dot.trim_end().chars().next_back()?;
    if !(last.is_ascii_alphanumeric() || last == '_' || last == ')' || last == ']') {
        return None;
    }
    let token_start = dot
        .trim_end_matches(|c: char| c.is_ascii_alphanumeric() || c == '_')
        .len();
    if dot[token_start..].starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    Some(TextSize::from(dot.len() as u32))
}

fn context(parsed: &ParsedFile, before: &str, word_start: usize) -> Context {
    let line_start = before[..word_start].rfind('\n').map_or(0, |i| i + 1);
    let line_before = &before[line_start..word_start];
    if line_before.trim_start() == "#" {
        return Context::Directive;
    }
    let prefix = before[..word_start].trim_end();
    if prefix.ends_with('.') || prefix.ends_with("->") {
        return Context::Member;
    }
    // `[[vk::bind` is still an attribute name.
    let prefix = prefix.strip_suffix("vk::").unwrap_or(prefix).trim_end();
    if prefix.ends_with('[') {
        // `a[` indexes; `[` after `;`, `}`, `{`, `)` of a statement, or at the start, is an
        // attribute.
        let before_bracket = prefix.trim_end_matches('[').trim_end();
        let indexes = before_bracket
            .chars()
            .next_back()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == ']' || c == ')');
        return if indexes {
            Context::General
        } else {
            Context::Attribute
        };
    }
    if prefix.ends_with(':') && !prefix.ends_with("::") {
        let colon = TextSize::from((prefix.len() - 1) as u32);
        let root = parsed.syntax();
        let parent_kind = root
            .token_at_offset(colon)
            .find(|t| t.kind() == SyntaxKind::COLON)
            .and_then(|t| t.parent())
            .map(|p| p.kind());
        return match parent_kind {
            Some(
                SyntaxKind::CONDITIONAL_EXPR
                | SyntaxKind::CASE_CLAUSE
                | SyntaxKind::BASE_LIST
                | SyntaxKind::SWITCH_BODY
                | SyntaxKind::ENUM_DEF,
            ) => Context::General,
            _ => Context::Semantic,
        };
    }
    Context::General
}

/// Everything a name at `word_start` can be: the locals in scope first (they shadow the rest).
fn general(parsed: &ParsedFile, word_start: TextSize) -> Vec<CompletionItem> {
    let mut seen = HashSet::new();
    let mut items = Vec::new();
    let mut add = |label: &str, kind, detail: &str| {
        if seen.insert(label.to_owned()) {
            items.push(item(label, kind, detail));
        }
    };
    for local in locals_at(&parsed.syntax(), word_start) {
        let kind = match local.kind {
            LocalKind::Local | LocalKind::Parameter => CompletionItemKind::VARIABLE,
            LocalKind::Field => CompletionItemKind::FIELD,
            LocalKind::Type => CompletionItemKind::STRUCT,
        };
        add(&local.name, kind, &local.detail);
    }
    for k in KEYWORDS {
        add(k, CompletionItemKind::KEYWORD, "keyword");
    }
    for t in numeric_type_names() {
        add(&t, CompletionItemKind::STRUCT, "built-in type");
    }
    for t in OBJECT_TYPES {
        add(t, CompletionItemKind::CLASS, "built-in type");
    }
    for m in &parsed.preprocessed.macro_definitions {
        add(&m.name, CompletionItemKind::CONSTANT, "macro");
    }
    for f in intrinsics::all() {
        add(f.name, CompletionItemKind::FUNCTION, "intrinsic");
    }
    if let Some(file) = ast::SourceFile::cast(parsed.syntax()) {
        for it in file.items() {
            declared_names(&it, &mut add);
        }
    }
    items
}

/// Names declared at file level (and inside namespaces and cbuffers, which share its scope).
pub(crate) fn declared_names(
    item: &ast::Item,
    add: &mut impl FnMut(&str, CompletionItemKind, &str),
) {
    let mut name = |n: Option<ast::Name>, kind, detail: &str| {
        if let Some(n) = n {
            let text = n.text();
            if !text.trim().is_empty() {
                add(text.trim(), kind, detail);
            }
        }
    };
    match item {
        ast::Item::FnDef(f) => name(f.name(), CompletionItemKind::FUNCTION, "function"),
        ast::Item::StructDef(s) => name(s.name(), CompletionItemKind::STRUCT, "struct"),
        ast::Item::VarDecl(v) => {
            for d in v.declarators() {
                name(d.name(), CompletionItemKind::VARIABLE, "global");
            }
        }
        ast::Item::TypedefDef(t) => {
            for d in t.declarators() {
                name(d.name(), CompletionItemKind::TYPE_PARAMETER, "typedef");
            }
        }
        ast::Item::TypeAlias(t) => name(t.name(), CompletionItemKind::TYPE_PARAMETER, "alias"),
        ast::Item::EnumDef(e) => {
            name(e.name(), CompletionItemKind::ENUM, "enum");
            if !e.is_scoped() {
                for v in e.variant_list().into_iter().flat_map(|l| l.variants()) {
                    name(v.name(), CompletionItemKind::ENUM_MEMBER, "enum value");
                }
            }
        }
        ast::Item::CBufferDef(c) => {
            for member in c.item_list().into_iter().flat_map(|l| l.items()) {
                declared_names(&member, add);
            }
        }
        ast::Item::NamespaceDef(n) => name(n.name(), CompletionItemKind::MODULE, "namespace"),
        ast::Item::UsingNamespace(_) | ast::Item::StaticAssert(_) => {}
    }
}

fn item(label: &str, kind: CompletionItemKind, detail: &str) -> CompletionItem {
    CompletionItem {
        label: label.to_owned(),
        kind: Some(kind),
        detail: Some(detail.to_owned()),
        ..CompletionItem::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The context and a few labels at `$0`.
    fn complete(text: &str) -> (Context, Vec<String>) {
        let offset = text.find("$0").unwrap();
        let text = text.replace("$0", "");
        let parsed = syntax::parse(&text);
        let ctx = {
            let before = &text[..offset];
            let ws = before
                .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .map_or(0, |i| i + 1);
            context(&parsed, before, ws)
        };
        let labels = completions(&parsed, &text, TextSize::from(offset as u32))
            .into_iter()
            .map(|i| i.label)
            .collect();
        (ctx, labels)
    }

    #[test]
    fn contexts() {
        let (ctx, labels) = complete("float4 main() : SV_$0");
        assert_eq!(ctx, Context::Semantic);
        assert!(labels.contains(&"SV_Target".to_owned()));
        let (ctx, labels) = complete("[num$0]\nvoid main() {}");
        assert_eq!(ctx, Context::Attribute);
        assert!(labels.contains(&"numthreads".to_owned()));
        assert_eq!(complete("#inc$0").0, Context::Directive);
        assert_eq!(complete("void f() { a[$0] }").0, Context::General);
        assert_eq!(complete("void f() { x = c ? a :$0 }").0, Context::General);
        assert_eq!(complete("void f() { s.$0 }").0, Context::Member);
        let dot = |t: &str| {
            member_dot(
                &t.replace("$0", ""),
                TextSize::from(t.find("$0").unwrap() as u32),
            )
        };
        assert_eq!(dot("void f() { s.$0 }"), Some(TextSize::from(12)));
        assert_eq!(dot("void f() { s.xy$0 }"), Some(TextSize::from(12)));
        assert_eq!(dot("void f() { a[0].$0 }"), Some(TextSize::from(15)));
        assert_eq!(dot("float x = 1.$0"), None);
        assert_eq!(dot("float x = y$0"), None);
        let (ctx, labels) = complete("#define FOO 1\nstruct Light {};\nvoid f() { $0 }");
        assert_eq!(ctx, Context::General);
        for want in [
            "FOO",
            "Light",
            "f",
            "float4x4",
            "Texture2D",
            "return",
            "lerp",
        ] {
            assert!(labels.contains(&want.to_owned()), "{want}");
        }
    }
}
