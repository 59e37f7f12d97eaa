//! `textDocument/foldingRange` from the lossless tree: braces and multi-line lists, block
//! comments and runs of line comments, `#if` ... `#else` ... `#endif` regions (which hold the
//! inactive text), `#pragma region`, and runs of consecutive `#include` lines.
//!
//! A fold ends on the line before its closing line (the `}` or `#endif` stays visible).

use syntax::{SyntaxKind, SyntaxNode, SyntaxToken};
use tower_lsp_server::ls_types::{FoldingRange, FoldingRangeKind};

use crate::convert::LineMap;

pub fn folding_ranges(root: &SyntaxNode, map: &LineMap) -> Vec<FoldingRange> {
    let mut folds = Folds::default();
    let mut conditionals: Vec<u32> = Vec::new();
    let mut regions: Vec<u32> = Vec::new();
    let mut includes: Option<(u32, u32)> = None;
    let mut line_comments: Option<(u32, u32)> = None;

    for element in root.descendants_with_tokens() {
        let token = match element {
            rowan::NodeOrToken::Node(node) => {
                if is_foldable_node(node.kind()) {
                    let range = node.text_range();
                    if !range.is_empty() {
                        let start = map.line_of(range.start());
                        let end = map.line_of(range.end());
                        folds.add(start, end.saturating_sub(1), None);
                    }
                }
                continue;
            }
            rowan::NodeOrToken::Token(token) => token,
        };
        let range = token.text_range();
        let start = map.line_of(range.start());
        let end = map.line_of(range.end());
        match token.kind() {
            SyntaxKind::COMMENT => {
                if token.text().starts_with("/*") {
                    folds.add(start, end, Some(FoldingRangeKind::Comment));
                } else if starts_line(&token) {
                    line_comments = match line_comments {
                        Some((first, last)) if last + 1 == start => Some((first, start)),
                        other => {
                            close_run(&mut folds, other, FoldingRangeKind::Comment);
                            Some((start, start))
                        }
                    };
                }
            }
            SyntaxKind::PP_DIRECTIVE => {
                let name = directive_name(token.text());
                match name {
                    "if" | "ifdef" | "ifndef" => conditionals.push(start),
                    "elif" | "elifdef" | "elifndef" | "else" => {
                        if let Some(open) = conditionals.pop() {
                            folds.add(
                                open,
                                start.saturating_sub(1),
                                Some(FoldingRangeKind::Region),
                            );
                        }
                        conditionals.push(start);
                    }
                    "endif" => {
                        if let Some(open) = conditionals.pop() {
                            folds.add(
                                open,
                                start.saturating_sub(1),
                                Some(FoldingRangeKind::Region),
                            );
                        }
                    }
                    "pragma" => {
                        let rest = token.text().trim_start_matches('#').trim_start();
                        let arg = rest["pragma".len()..].split_whitespace().next();
                        match arg {
                            Some("region") => regions.push(start),
                            Some("endregion") => {
                                if let Some(open) = regions.pop() {
                                    folds.add(open, start, Some(FoldingRangeKind::Region));
                                }
                            }
                            _ => {}
                        }
                    }
                    _ => {}
                }
                if name == "include" {
                    includes = match includes {
                        Some((first, last)) if last + 1 == start => Some((first, start)),
                        other => {
                            close_run(&mut folds, other, FoldingRangeKind::Imports);
                            Some((start, start))
                        }
                    };
                }
            }
            _ => {}
        }
        // Runs end at the first token that is not part of them (whitespace does not count).
        if token.kind() != SyntaxKind::WHITESPACE {
            if token.kind() != SyntaxKind::COMMENT || token.text().starts_with("/*") {
                close_run(&mut folds, line_comments.take(), FoldingRangeKind::Comment);
            }
            let is_include = token.kind() == SyntaxKind::PP_DIRECTIVE
                && directive_name(token.text()) == "include";
            if !is_include {
                close_run(&mut folds, includes.take(), FoldingRangeKind::Imports);
            }
        }
    }
    close_run(&mut folds, line_comments, FoldingRangeKind::Comment);
    close_run(&mut folds, includes, FoldingRangeKind::Imports);
    folds.0
}

#[derive(Default)]
struct Folds(Vec<FoldingRange>);

impl Folds {
    fn add(&mut self, start: u32, end: u32, kind: Option<FoldingRangeKind>) {
        if end <= start {
            return;
        }
        self.0.push(FoldingRange {
            start_line: start,
            start_character: None,
            end_line: end,
            end_character: None,
            kind,
            collapsed_text: None,
        });
    }
}

fn close_run(folds: &mut Folds, run: Option<(u32, u32)>, kind: FoldingRangeKind) {
    if let Some((first, last)) = run {
        folds.add(first, last, Some(kind));
    }
}

fn is_foldable_node(kind: SyntaxKind) -> bool {
    use SyntaxKind::*;
    matches!(
        kind,
        BLOCK
            | FIELD_LIST
            | ITEM_LIST
            | VARIANT_LIST
            | SWITCH_BODY
            | INIT_LIST_EXPR
            | PARAM_LIST
            | ARG_LIST
    )
}

/// `include` for `#  include "a.h"`.
pub fn directive_name(text: &str) -> &str {
    let rest = text.trim_start_matches('#').trim_start();
    let end = rest
        .find(|c: char| !c.is_ascii_alphanumeric() && c != '_')
        .unwrap_or(rest.len());
    &rest[..end]
}

/// Whether only whitespace stands before `token` on its line.
fn starts_line(token: &SyntaxToken) -> bool {
    match token.prev_token() {
        None => true,
        Some(prev) if prev.kind() == SyntaxKind::WHITESPACE => {
            prev.text().contains('\n') || prev.prev_token().is_none()
        }
        Some(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folds(text: &str) -> String {
        let parsed = syntax::parse(text);
        let map = LineMap::new(text);
        folding_ranges(&parsed.syntax(), &map)
            .iter()
            .map(|f| format!("{}..{} {:?}\n", f.start_line, f.end_line, f.kind))
            .collect()
    }

    #[test]
    fn braces_comments_directives() {
        let text = r#"#include "a.hlsli"
#include "b.hlsli"
// one
// two
struct S {
    float a;
};
/* block
   comment */
#if FOO
float x;
#else
float y;
#endif
void f() {
    if (true) {
        return;
    }
}
"#;
        assert_eq!(
            folds(text),
            "0..1 Some(Imports)\n2..3 Some(Comment)\n4..5 None\n7..8 Some(Comment)\n9..10 Some(Region)\n11..12 Some(Region)\n14..17 None\n15..16 None\n"
        );
    }
}
