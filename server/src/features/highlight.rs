//! `textDocument/semanticTokens/full` and `/full/delta`, from the lossless tree and the
//! preprocessor's records.
//!
//! Lexical and syntactic for now: keywords, built-in type names, declared names by where they
//! stand (function, struct, field, parameter...), numbers, strings, comments, directives, macro
//! names (from `Preprocessed::macro_uses`), semantics and attributes, and inactive `#if` text
//! as comments. Semantic analysis will refine references (a `NAME_REF` that names a variable or
//! a constant) when it lands.

use std::collections::HashSet;

use syntax::{ParsedFile, SyntaxKind, SyntaxToken, TextRange, TextSize};
use tower_lsp_server::ls_types::{
    SemanticToken, SemanticTokenModifier, SemanticTokenType, SemanticTokens, SemanticTokensEdit,
    SemanticTokensLegend,
};

use crate::convert::LineMap;
use crate::features::folding::directive_name;
use crate::features::hlsl_names::is_builtin_type;

/// Token types, in legend order; `Ty` indexes this.
const TOKEN_TYPES: &[SemanticTokenType] = &[
    SemanticTokenType::NAMESPACE,
    SemanticTokenType::TYPE,
    SemanticTokenType::STRUCT,
    SemanticTokenType::ENUM,
    SemanticTokenType::ENUM_MEMBER,
    SemanticTokenType::PARAMETER,
    SemanticTokenType::VARIABLE,
    SemanticTokenType::PROPERTY,
    SemanticTokenType::FUNCTION,
    SemanticTokenType::METHOD,
    SemanticTokenType::MACRO,
    SemanticTokenType::KEYWORD,
    SemanticTokenType::COMMENT,
    SemanticTokenType::STRING,
    SemanticTokenType::NUMBER,
    SemanticTokenType::TYPE_PARAMETER,
    SemanticTokenType::DECORATOR,
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ty {
    Namespace,
    Type,
    Struct,
    Enum,
    EnumMember,
    Parameter,
    Variable,
    Property,
    Function,
    Method,
    Macro,
    Keyword,
    Comment,
    String,
    Number,
    TypeParameter,
    Decorator,
}

/// Modifiers, in legend order (bit `i` is entry `i`).
const TOKEN_MODIFIERS: &[SemanticTokenModifier] = &[
    SemanticTokenModifier::DECLARATION,
    SemanticTokenModifier::READONLY,
    SemanticTokenModifier::DEFAULT_LIBRARY,
];

const DECLARATION: u32 = 1;
const READONLY: u32 = 2;
const DEFAULT_LIBRARY: u32 = 4;

pub fn legend() -> SemanticTokensLegend {
    SemanticTokensLegend {
        token_types: TOKEN_TYPES.to_vec(),
        token_modifiers: TOKEN_MODIFIERS.to_vec(),
    }
}

/// One highlighted range of the file (may span lines; split when encoded).
#[derive(Debug, Clone, Copy)]
struct Highlight {
    range: TextRange,
    ty: Ty,
    mods: u32,
}

/// The semantic tokens of a parsed file, encoded for the client.
pub fn semantic_tokens(parsed: &ParsedFile, map: &LineMap) -> Vec<SemanticToken> {
    let macro_names: HashSet<TextRange> = parsed
        .preprocessed
        .macro_uses
        .iter()
        .filter(|u| u.file == parsed.file)
        .map(|u| u.name_range)
        .collect();
    let mut out = Vec::new();
    for token in parsed
        .syntax()
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
    {
        let range = token.text_range();
        if range.is_empty() {
            continue;
        }
        let simple = |ty| Highlight { range, ty, mods: 0 };
        match token.kind() {
            SyntaxKind::WHITESPACE => {}
            SyntaxKind::COMMENT | SyntaxKind::PP_INACTIVE => out.push(simple(Ty::Comment)),
            SyntaxKind::PP_DIRECTIVE => {
                directive(token.text(), range.start(), &macro_names, &mut out)
            }
            SyntaxKind::MACRO_CALL => lexical(token.text(), range.start(), &macro_names, &mut out),
            SyntaxKind::STRING | SyntaxKind::CHAR => out.push(simple(Ty::String)),
            SyntaxKind::INT_NUMBER | SyntaxKind::FLOAT_NUMBER => out.push(simple(Ty::Number)),
            kind if kind.is_keyword() => out.push(simple(Ty::Keyword)),
            SyntaxKind::IDENT => {
                if let Some((ty, mods)) = classify_ident(&token) {
                    out.push(Highlight { range, ty, mods });
                }
            }
            _ => {}
        }
    }
    encode(&out, map)
}

/// Highlights a directive line: `#name` as a keyword, the defined name as a macro declaration,
/// include paths as strings, and the rest lexically.
fn directive(
    text: &str,
    start: TextSize,
    macro_names: &HashSet<TextRange>,
    out: &mut Vec<Highlight>,
) {
    let name = directive_name(text);
    let Some(name_at) = text.find(name).filter(|_| !name.is_empty()) else {
        out.push(Highlight {
            range: TextRange::at(start, TextSize::of(text)),
            ty: Ty::Keyword,
            mods: 0,
        });
        return;
    };
    let keyword_end = name_at + name.len();
    out.push(Highlight {
        range: TextRange::new(start, start + TextSize::from(keyword_end as u32)),
        ty: Ty::Keyword,
        mods: 0,
    });
    let rest = &text[keyword_end..];
    let rest_start = start + TextSize::from(keyword_end as u32);
    if name == "include" {
        let trimmed = rest.trim_start();
        if trimmed.starts_with('<') || trimmed.starts_with('"') {
            let close = if trimmed.starts_with('<') { '>' } else { '"' };
            let lead = rest.len() - trimmed.len();
            let len = trimmed[1..].find(close).map_or(trimmed.len(), |i| i + 2);
            out.push(Highlight {
                range: TextRange::at(
                    rest_start + TextSize::from(lead as u32),
                    TextSize::from(len as u32),
                ),
                ty: Ty::String,
                mods: 0,
            });
            return;
        }
    }
    let mut highlights = Vec::new();
    lexical(rest, rest_start, macro_names, &mut highlights);
    if name == "define" || name == "undef" {
        // The first identifier is the macro's name.
        if let Some(first) = syntax::lexer::lex(rest)
            .iter_ranges()
            .find(|(kind, _, _)| *kind == SyntaxKind::IDENT)
        {
            let range = TextRange::new(
                rest_start + TextSize::from(first.1),
                rest_start + TextSize::from(first.2),
            );
            highlights.retain(|h| h.range != range);
            highlights.push(Highlight {
                range,
                ty: Ty::Macro,
                mods: DECLARATION,
            });
        }
    }
    out.extend(highlights);
}

/// Highlights `text` (at `start` in the file) from its tokens alone.
fn lexical(
    text: &str,
    start: TextSize,
    macro_names: &HashSet<TextRange>,
    out: &mut Vec<Highlight>,
) {
    let lexed = syntax::lexer::lex(text);
    for (kind, s, e) in lexed.iter_ranges() {
        let range = TextRange::new(start + TextSize::from(s), start + TextSize::from(e));
        let token_text = &text[s as usize..e as usize];
        let ty = match kind {
            SyntaxKind::COMMENT => Ty::Comment,
            SyntaxKind::STRING | SyntaxKind::CHAR => Ty::String,
            SyntaxKind::INT_NUMBER | SyntaxKind::FLOAT_NUMBER => Ty::Number,
            SyntaxKind::IDENT if macro_names.contains(&range) => Ty::Macro,
            SyntaxKind::IDENT if is_builtin_type(token_text) => Ty::Type,
            SyntaxKind::IDENT if SyntaxKind::from_contextual_keyword(token_text).is_some() => {
                continue
            }
            kind if kind.is_keyword() => Ty::Keyword,
            _ => continue,
        };
        let mods = if ty == Ty::Type { DEFAULT_LIBRARY } else { 0 };
        out.push(Highlight { range, ty, mods });
    }
}

/// What an identifier of the tree is, from where it stands.
fn classify_ident(token: &SyntaxToken) -> Option<(Ty, u32)> {
    use SyntaxKind::*;
    let parent = token.parent()?;
    let grand = parent.parent();
    let grand_kind = grand.as_ref().map(|g| g.kind());
    let text = token.text();
    match parent.kind() {
        NAME => {
            let in_fields = grand
                .as_ref()
                .and_then(|g| g.parent())
                .and_then(|p| p.parent())
                .is_some_and(|p| p.kind() == FIELD_LIST);
            let ty = match grand_kind? {
                FN_DEF => {
                    let method = grand
                        .as_ref()
                        .and_then(|g| g.parent())
                        .is_some_and(|p| p.kind() == FIELD_LIST);
                    if method {
                        Ty::Method
                    } else {
                        Ty::Function
                    }
                }
                STRUCT_DEF | CBUFFER_DEF => Ty::Struct,
                ENUM_DEF => Ty::Enum,
                VARIANT => Ty::EnumMember,
                NAMESPACE_DEF => Ty::Namespace,
                TYPE_ALIAS => Ty::Type,
                TEMPLATE_PARAM => Ty::TypeParameter,
                PARAM => Ty::Parameter,
                VAR_DECLARATOR => {
                    let decl = grand.as_ref().and_then(|g| g.parent());
                    match decl.as_ref().map(|d| d.kind()) {
                        Some(TYPEDEF_DEF) => Ty::Type,
                        _ if in_fields => Ty::Property,
                        _ => {
                            let readonly = decl.is_some_and(|d| {
                                d.children_with_tokens().any(|t| t.kind() == CONST_KW)
                            });
                            let mods = DECLARATION | if readonly { READONLY } else { 0 };
                            return Some((Ty::Variable, mods));
                        }
                    }
                }
                _ => return None,
            };
            Some((ty, DECLARATION))
        }
        NAME_REF => {
            if is_builtin_type(text) {
                return Some((Ty::Type, DEFAULT_LIBRARY));
            }
            let segment = grand.filter(|g| g.kind() == PATH_SEGMENT);
            let path = segment.as_ref().and_then(|s| s.parent());
            let in_type = path
                .as_ref()
                .and_then(|p| p.parent())
                .is_some_and(|p| p.kind() == TYPE_REF);
            if in_type {
                return Some((Ty::Type, 0));
            }
            if path
                .as_ref()
                .and_then(|p| p.parent())
                .is_some_and(|p| p.kind() == ATTRIBUTE)
            {
                return Some((Ty::Decorator, 0));
            }
            match grand_kind? {
                FIELD_EXPR => Some((Ty::Property, 0)),
                METHOD_CALL_EXPR => Some((Ty::Method, 0)),
                PATH_SEGMENT => {
                    let expr = path.as_ref().and_then(|p| p.parent())?;
                    let callee = expr.kind() == PATH_EXPR
                        && expr.parent().is_some_and(|c| {
                            c.kind() == CALL_EXPR && c.first_child().as_ref() == Some(&expr)
                        });
                    let mods = if intrinsics::lookup(text).is_some() {
                        DEFAULT_LIBRARY
                    } else {
                        0
                    };
                    callee.then_some((Ty::Function, mods))
                }
                _ => None,
            }
        }
        SEMANTIC => Some((Ty::Decorator, 0)),
        _ => None,
    }
}

/// Splits highlights at line ends and encodes them relative to each other, in UTF-16.
fn encode(highlights: &[Highlight], map: &LineMap) -> Vec<SemanticToken> {
    let mut sorted = highlights.to_vec();
    sorted.sort_by_key(|h| (h.range.start(), h.range.end()));
    let text = map.text();
    let mut tokens = Vec::with_capacity(sorted.len());
    let (mut prev_line, mut prev_start) = (0u32, 0u32);
    let mut covered = TextSize::from(0);
    for h in sorted {
        if h.range.start() < covered {
            continue; // overlapping: the first one wins
        }
        covered = h.range.end();
        let mut start = usize::from(h.range.start());
        let end = usize::from(h.range.end());
        while start < end {
            let line_end = text[start..end].find('\n').map_or(end, |i| start + i);
            let piece = TextRange::new(
                TextSize::from(start as u32),
                TextSize::from(
                    text[start..line_end].trim_end_matches('\r').len() as u32 + start as u32,
                ),
            );
            if !piece.is_empty() {
                let pos = map.position(piece.start());
                let delta_line = pos.line - prev_line;
                let delta_start = if delta_line == 0 {
                    pos.character - prev_start
                } else {
                    pos.character
                };
                tokens.push(SemanticToken {
                    delta_line,
                    delta_start,
                    length: map.utf16_len(piece),
                    token_type: h.ty as u32,
                    token_modifiers_bitset: h.mods,
                });
                prev_line = pos.line;
                prev_start = pos.character;
            }
            start = line_end + 1;
        }
    }
    tokens
}

/// The edit that turns `old` into `new`: one replacement of the middle that differs.
pub fn delta(old: &[SemanticToken], new: &[SemanticToken]) -> Vec<SemanticTokensEdit> {
    let prefix = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    let max_suffix = old.len().min(new.len()) - prefix;
    let suffix = old
        .iter()
        .rev()
        .zip(new.iter().rev())
        .take(max_suffix)
        .take_while(|(a, b)| a == b)
        .count();
    if prefix == old.len() && prefix == new.len() {
        return Vec::new();
    }
    vec![SemanticTokensEdit {
        start: (prefix * 5) as u32,
        delete_count: ((old.len() - prefix - suffix) * 5) as u32,
        data: Some(new[prefix..new.len() - suffix].to_vec()),
    }]
}

/// Full tokens with a result id.
pub fn full(result_id: String, data: Vec<SemanticToken>) -> SemanticTokens {
    SemanticTokens {
        result_id: Some(result_id),
        data,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Decodes tokens back to `line:col len type mods` lines for reading.
    fn show(text: &str) -> String {
        let parsed = syntax::parse(text);
        let map = LineMap::new(text);
        let (mut line, mut col) = (0, 0);
        let mut out = String::new();
        for t in semantic_tokens(&parsed, &map) {
            line += t.delta_line;
            col = if t.delta_line == 0 {
                col + t.delta_start
            } else {
                t.delta_start
            };
            let ty = TOKEN_TYPES[t.token_type as usize].as_str();
            out.push_str(&format!(
                "{line}:{col} {} {ty} {}\n",
                t.length, t.token_modifiers_bitset
            ));
        }
        out
    }

    #[test]
    fn declarations_and_literals() {
        let text = "struct S { float4 p : SV_Position; };\n// é\nS f(in S s) { return s; }\n";
        assert_eq!(
            show(text),
            "0:0 6 keyword 0\n0:7 1 struct 1\n0:11 6 type 4\n0:18 1 property 1\n0:22 11 decorator 0\n\
1:0 4 comment 0\n2:0 1 type 0\n2:2 1 function 1\n2:4 2 keyword 0\n2:7 1 type 0\n2:9 1 parameter 1\n2:14 6 keyword 0\n"
        );
    }

    #[test]
    fn directives_and_multiline_comments() {
        let text = "#include \"a.hlsli\"\n#define N 4\n/* a\nb */\n";
        assert_eq!(
            show(text),
            "0:0 8 keyword 0\n0:9 9 string 0\n1:0 7 keyword 0\n1:8 1 macro 1\n1:10 1 number 0\n2:0 4 comment 0\n3:0 4 comment 0\n"
        );
    }

    #[test]
    fn delta_replaces_the_middle() {
        let t = |n| SemanticToken {
            delta_line: n,
            delta_start: 0,
            length: 1,
            token_type: 0,
            token_modifiers_bitset: 0,
        };
        let edits = delta(&[t(1), t(2), t(3)], &[t(1), t(5), t(6), t(3)]);
        assert_eq!(edits.len(), 1);
        assert_eq!((edits[0].start, edits[0].delete_count), (5, 5));
        assert_eq!(edits[0].data.as_deref(), Some(&[t(5), t(6)][..]));
        assert!(delta(&[t(1)], &[t(1)]).is_empty());
    }
}
