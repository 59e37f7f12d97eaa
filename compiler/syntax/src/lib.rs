//! HLSL syntax: lexer, preprocessor, parser, lossless rowan tree and typed AST.
//!
//! A value-level library with no IO and no salsa: text in, trees and diagnostics out. It never
//! fails and never panics. `parse_file` runs the whole front of the pipeline on one file:
//! lex, preprocess (reading includes through a `FileLoader`), parse the expanded tokens, and
//! build two trees from the one parse: the lossless tree of the file (its text is the file,
//! byte for byte) and the expanded tree that semantic analysis reads.

pub mod ast;
pub mod diagnostics;
pub mod lexer;
pub mod line_index;
pub mod parser;
pub mod preprocess;
pub mod reparse;
mod syntax_kind;
pub mod tree_builder;

use std::sync::{Arc, OnceLock};

pub use rowan::{TextRange, TextSize};

pub use crate::diagnostics::{Diagnostic, Related, Severity};
pub use crate::preprocess::{
    FileId, FileLoader, LoadedFile, NoFiles, PreprocessConfig, Preprocessed,
};
pub use crate::syntax_kind::SyntaxKind;
pub use crate::tree_builder::{green_eq, ExpandedTree};

/// The rowan language tag of HLSL trees.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Hlsl {}

impl rowan::Language for Hlsl {
    type Kind = SyntaxKind;

    fn kind_from_raw(raw: rowan::SyntaxKind) -> SyntaxKind {
        SyntaxKind::from(raw.0)
    }

    fn kind_to_raw(kind: SyntaxKind) -> rowan::SyntaxKind {
        rowan::SyntaxKind(kind.into())
    }
}

pub type SyntaxNode = rowan::SyntaxNode<Hlsl>;
pub type SyntaxToken = rowan::SyntaxToken<Hlsl>;
pub type SyntaxElement = rowan::SyntaxElement<Hlsl>;

impl From<SyntaxKind> for rowan::SyntaxKind {
    fn from(kind: SyntaxKind) -> rowan::SyntaxKind {
        rowan::SyntaxKind(kind.into())
    }
}

/// One file, preprocessed and parsed.
///
/// Parsing stops at the parser's events; the two trees are built from them the first time they
/// are asked for, and kept. `hlslc --check` never builds the lossless tree, and the editor's
/// syntax features never build the expanded one.
#[derive(Debug, Clone)]
pub struct ParsedFile {
    pub file: FileId,
    text: Arc<str>,
    lexed: Arc<lexer::Lexed>,
    pub preprocessed: Arc<Preprocessed>,
    /// The parser's events and messages (the steps are read from them as a tree is built).
    parse: Arc<parser::Output>,
    /// Preprocessor and syntax diagnostics, preprocessor first.
    pub diagnostics: Vec<Diagnostic>,
    lossless: Arc<OnceLock<rowan::GreenNode>>,
    expanded: Arc<OnceLock<ExpandedTree>>,
}

/// Equality ignores the tree caches: they follow from the rest.
impl PartialEq for ParsedFile {
    fn eq(&self, other: &ParsedFile) -> bool {
        self.file == other.file
            && self.text == other.text
            && self.preprocessed == other.preprocessed
            && self.parse == other.parse
            && self.diagnostics == other.diagnostics
    }
}

impl Eq for ParsedFile {}

impl ParsedFile {
    /// The lossless tree: its text is the file's text.
    pub fn syntax(&self) -> SyntaxNode {
        let green = self.lossless.get_or_init(|| {
            tree_builder::build_lossless(
                self.file,
                &self.text,
                &self.lexed,
                &self.preprocessed,
                &self.parse,
            )
        });
        SyntaxNode::new_root(green.clone())
    }

    /// The expanded tree (macros expanded, includes spliced in).
    pub fn expanded(&self) -> &ExpandedTree {
        self.expanded
            .get_or_init(|| tree_builder::build_expanded(&self.preprocessed, &self.parse))
    }

    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }

    /// Whether semantic analysis of this parse says something true: yes, unless the
    /// preprocessor lost text the file needs (a missing or cyclic include, a broken `#if` or
    /// `#define`, a runaway macro), where every use of what it held would be a false error.
    /// Syntax errors do not stop it: semantic analysis leaves out what they cascade into,
    /// as clang does after recovering; nor do a stray character, `#error`, an unknown
    /// directive, a malformed `#line` or `_Pragma`, which leave the rest of the text whole.
    pub fn supports_semantic_analysis(&self) -> bool {
        const TEXT_KEPT: [&str; 5] = ["E1001", "E1015", "E1016", "E1017", "E1021"];
        self.preprocessed
            .diagnostics
            .iter()
            .all(|d| d.severity != Severity::Error || TEXT_KEPT.contains(&d.code))
    }
}

/// Preprocesses and parses `text`, the contents of `file` at `path`.
pub fn parse_file(
    file: FileId,
    path: &str,
    text: &str,
    config: &PreprocessConfig,
    loader: &dyn FileLoader,
) -> ParsedFile {
    let (lexed, significant) = lexer::lex_with_significant(text);
    let pp = preprocess::preprocess_lexed(file, path, text, &lexed, significant, config, loader);
    let mut input = parser::Input::with_capacity(pp.tokens.len());
    // Recovery from a missing `}` reads where the lines of the main file start, how deep.
    let mut lines = LineStarts::new(text);
    for (i, t) in pp.tokens.iter().enumerate() {
        let joint = pp.tokens.get(i + 1).is_some_and(|next| !next.leading_space);
        // Only an identifier's spelling matters to the parser.
        let token_text = if t.kind == SyntaxKind::IDENT {
            pp.token_text(i)
        } else {
            ""
        };
        input.push(t.kind, token_text, joint);
        // A token joint to the one before starts no line (`(`, `;`, `.x`...): skipped, it is
        // part of the text before the next one, where the backward scan stops.
        // The first token of a macro use starts the line the use starts (`NUMTHREADS` on
        // the line before a function); the use's other tokens are met out of order.
        if t.leading_space || i == 0 {
            let range = match t.origin {
                preprocess::TokenOrigin::File { file: f, range } if f == file => Some(range),
                preprocess::TokenOrigin::Macro { file: f, call, .. } if f == file => Some(call),
                _ => None,
            };
            if let Some(indent) = range.and_then(|range| lines.indent_of(range)) {
                input.mark_line_start(i, indent);
            }
        }
    }
    let output = parser::parse_source_file(&input);
    let mut diagnostics = pp.diagnostics.clone();
    diagnostics.extend(tree_builder::syntax_errors(
        &output,
        &pp,
        file,
        TextSize::of(text),
    ));
    ParsedFile {
        file,
        text: Arc::from(text),
        lexed: Arc::new(lexed),
        preprocessed: Arc::new(pp),
        parse: Arc::new(output),
        diagnostics,
        lossless: Arc::default(),
        expanded: Arc::default(),
    }
}

/// Tells, for the tokens of one text met in increasing offsets, which ones start a line and
/// their indentation. Only the blanks before each token are read (backwards from it, up to
/// anything else), so a pass costs about one step per token and per byte of indentation.
struct LineStarts<'t> {
    text: &'t [u8],
    /// The end of the last token met (tokens before it were looked at already).
    prev_end: usize,
    /// A token was met already.
    seen_token: bool,
}

impl<'t> LineStarts<'t> {
    fn new(text: &'t str) -> LineStarts<'t> {
        LineStarts {
            text: text.as_bytes(),
            prev_end: 0,
            seen_token: false,
        }
    }

    /// The indentation of the token at `range` when only blanks stand before it on its
    /// line. A token met out of order (before one already seen) answers `None`.
    fn indent_of(&mut self, range: TextRange) -> Option<u32> {
        let (start, end) = (usize::from(range.start()), usize::from(range.end()));
        if start < self.prev_end || end > self.text.len() {
            return None;
        }
        let gap = &self.text[self.prev_end..start];
        self.prev_end = end;
        let first_token = !std::mem::replace(&mut self.seen_token, true);
        let mut blanks = 0u32;
        for &b in gap.iter().rev() {
            match b {
                b'\n' | b'\r' => return Some(blanks),
                b' ' | b'\t' => blanks += 1,
                _ => return None,
            }
        }
        // Nothing but blanks since the last token: the same line, unless it is the first.
        first_token.then_some(blanks)
    }
}

/// Parses `text` on its own: no includes, no defines. For tests and quick looks.
pub fn parse(text: &str) -> ParsedFile {
    parse_file(
        FileId(0),
        "input.hlsl",
        text,
        &PreprocessConfig::default(),
        &NoFiles,
    )
}

/// The tree in rowan's debug form: one line per node and token, indented by depth, with kind
/// and range, and for tokens their whole text (rowan's own form shortens long tokens; this one
/// never does, so joining the token texts gives the file back).
pub fn debug_tree(node: &SyntaxNode) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let mut depth = 0usize;
    for event in node.preorder_with_tokens() {
        match event {
            rowan::WalkEvent::Enter(element) => {
                let _ = write!(
                    out,
                    "{:indent$}{:?}@{:?}",
                    "",
                    element.kind(),
                    element.text_range(),
                    indent = depth * 2
                );
                match element {
                    rowan::NodeOrToken::Node(_) => depth += 1,
                    rowan::NodeOrToken::Token(token) => {
                        let _ = write!(out, " {:?}", token.text());
                    }
                }
                out.push('\n');
            }
            rowan::WalkEvent::Leave(rowan::NodeOrToken::Node(_)) => depth -= 1,
            rowan::WalkEvent::Leave(rowan::NodeOrToken::Token(_)) => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    struct OneHeader;

    impl FileLoader for OneHeader {
        fn load(&self, path: &str) -> Option<LoadedFile> {
            (path == "h.hlsli").then(|| LoadedFile {
                id: FileId(1),
                path: path.into(),
                text: "int c;\n".into(),
            })
        }
    }

    #[test]
    fn included_items_sit_after_their_include_line() {
        let text = "float a;\n#include \"h.hlsli\"\nfloat b;\n";
        let parsed = parse_file(
            FileId(0),
            "m.hlsl",
            text,
            &PreprocessConfig::default(),
            &OneHeader,
        );
        assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
        let tree = parsed.syntax();
        assert_eq!(tree.to_string(), text);
        let outline: Vec<String> = tree
            .children_with_tokens()
            .filter(|e| !matches!(e.kind(), SyntaxKind::WHITESPACE))
            .map(|e| format!("{:?}@{:?}", e.kind(), e.text_range()))
            .collect();
        assert_eq!(
            outline,
            [
                "VAR_DECL@0..8",
                "PP_DIRECTIVE@9..27",
                "VAR_DECL@27..27",
                "VAR_DECL@28..36"
            ]
        );
        // The expanded tree holds all three declarations with their text.
        let expanded = SyntaxNode::new_root(parsed.expanded().green.clone());
        assert_eq!(expanded.to_string(), "float a; int c; float b;");
    }

    #[test]
    fn syntax_errors_sit_between_the_tokens_of_the_expanded_tree() {
        // Expanded: `void f() { float y = g() float z = 1 $ 2; }` (one space per gap).
        let parsed = parse("void f() {\n  float y = g()\n  float z = 1 $ 2;\n}\n");
        let expanded = parsed.expanded();
        let text = SyntaxNode::new_root(expanded.green.clone()).to_string();
        let at: Vec<&str> = expanded
            .error_offsets
            .iter()
            .map(|&o| &text[usize::from(o)..])
            .collect();
        // The missing `;` right after `g()`; at the stray `$` (a lexer error too), the `;`
        // the declaration ends without (after `1`) and the statement `$` cannot start.
        assert_eq!(
            at,
            [" float z = 1 $ 2; }", " $ 2; }", "$ 2; }"],
            "{:?}",
            parsed.diagnostics
        );
        assert!(parsed.supports_semantic_analysis());
    }

    #[test]
    fn lost_text_stops_semantic_analysis() {
        assert!(!parse("#include \"nowhere.hlsli\"\nfloat x;\n").supports_semantic_analysis());
        assert!(!parse("#if 1 +\n#endif\nfloat x;\n").supports_semantic_analysis());
        assert!(parse("#error stop\nfloat x = ;\n").supports_semantic_analysis());
    }

    #[test]
    fn lossless_with_directives() {
        let text = "#define X 1\nfloat a; // c\n#if 0\nnope\n#endif\n";
        let parsed = parse(text);
        assert_eq!(parsed.syntax().to_string(), text);
    }
}
