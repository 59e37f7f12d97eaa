//! Turns parser steps into rowan trees: the lossless tree of the main file, and the expanded
//! tree that semantic analysis reads.
//!
//! Both trees have the same nodes. They differ in their tokens:
//! - the lossless tree holds the main file's text byte for byte: tokens written in the file,
//!   whitespace and comments, directive lines (`PP_DIRECTIVE`), inactive regions
//!   (`PP_INACTIVE`) and macro uses (`MACRO_CALL`, placed where the first token of the
//!   expansion is); tokens that come from included files have no text of their own in it;
//! - the expanded tree holds the expanded tokens (from macros and includes too), with one space
//!   where whitespace stood, so its text is what the compiler really parses.

use rowan::{GreenNode, GreenNodeBuilder, GreenNodeData, NodeOrToken, TextRange, TextSize};

use crate::diagnostics::Diagnostic;
use crate::lexer::Lexed;
use crate::parser::{Output, Split, Step};
use crate::preprocess::{FileId, Preprocessed, RegionKind, TokenOrigin};
use crate::SyntaxKind::{self, *};

/// Code of syntax errors reported by the parser.
pub const SYNTAX_ERROR: &str = "E1200";

/// What both builders do at each step.
trait Sink {
    /// Called before `Enter` and before each token, with the input index of the next token
    /// (`None` at the end), so leading trivia can be placed before the node that follows.
    fn trivia_before(&mut self, next_token: Option<usize>);
    fn enter(&mut self, kind: SyntaxKind);
    fn exit(&mut self, is_root: bool);
    fn token(&mut self, kind: SyntaxKind, index: usize, split: Split);
    /// Called where the parser reported an error, between the tokens around it.
    fn error(&mut self) {}
}

fn drive(parse: &Output, sink: &mut dyn Sink) {
    let mut depth = 0usize;
    let mut steps = parse.steps();
    while let Some(step) = steps.next() {
        match step {
            Step::Enter(kind) => {
                if depth > 0 {
                    sink.trivia_before(steps.next_token());
                }
                depth += 1;
                sink.enter(kind);
            }
            Step::Exit => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    sink.trivia_before(None);
                }
                sink.exit(depth == 0);
            }
            Step::Token { kind, index, split } => {
                sink.trivia_before(Some(index as usize));
                sink.token(kind, index as usize, split);
            }
            Step::Error { .. } => sink.error(),
        }
    }
}

/// The text range a (possibly split) token covers within `range`.
fn split_range(range: TextRange, split: Split) -> TextRange {
    let first = range.start() + TextSize::from(1);
    match split {
        Split::Whole => range,
        Split::FirstHalf => TextRange::new(range.start(), first.min(range.end())),
        Split::SecondHalf => TextRange::new(first.min(range.end()), range.end()),
    }
}

/// Parser errors as diagnostics, placed on the text the offending token came from.
pub(crate) fn syntax_errors(
    parse: &Output,
    pp: &Preprocessed,
    main: FileId,
    text_len: TextSize,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    if parse.errors.is_empty() {
        // No error event exists: skip the walk.
        return out;
    }
    for (message, index, after) in parse.errors_at() {
        let (file, range) = match pp.tokens.get(index as usize) {
            Some(t) => t.origin.diagnostic_range(),
            None => (main, TextRange::empty(text_len)),
        };
        let range = if after {
            TextRange::empty(range.end())
        } else {
            range
        };
        out.push(Diagnostic::error(
            SYNTAX_ERROR,
            parse.errors[message as usize].clone(),
            file,
            range,
        ));
    }
    out
}

/// Builds the lossless tree of `text` (the main file `file`).
pub(crate) fn build_lossless(
    file: FileId,
    text: &str,
    lexed: &Lexed,
    pp: &Preprocessed,
    parse: &Output,
) -> GreenNode {
    let mut sink = LosslessSink {
        file,
        text,
        raw_starts: Vec::with_capacity(lexed.tokens.len()),
        raw_kinds: lexed.tokens.iter().map(|t| t.kind).collect(),
        raw_cursor: 0,
        region_cursor: 0,
        pos: 0,
        pp,
        builder: GreenNodeBuilder::new(),
        main_includes: pp
            .includes
            .iter()
            .filter(|i| i.from == file)
            .map(|i| i.path_range)
            .collect(),
        include_cursor: 0,
        in_include: false,
    };
    let mut offset = 0u32;
    for t in &lexed.tokens {
        sink.raw_starts.push(offset);
        offset += t.len;
    }
    sink.raw_starts.push(offset);
    drive(parse, &mut sink);
    sink.builder.finish()
}

struct LosslessSink<'a> {
    file: FileId,
    text: &'a str,
    /// Start offsets of the raw tokens of `text`, plus the end.
    raw_starts: Vec<u32>,
    raw_kinds: Vec<SyntaxKind>,
    raw_cursor: usize,
    region_cursor: usize,
    /// Everything before `pos` is in the tree.
    pos: u32,
    pp: &'a Preprocessed,
    builder: GreenNodeBuilder<'static>,
    /// The path ranges of the main file's `#include`s, in order, and the next one to place.
    main_includes: Vec<TextRange>,
    include_cursor: usize,
    /// The last token placed came from an included file (its text is elsewhere).
    in_include: bool,
}

impl LosslessSink<'_> {
    fn push(&mut self, kind: SyntaxKind, start: u32, end: u32) {
        if end > start {
            self.builder
                .token(kind.into(), &self.text[start as usize..end as usize]);
        }
        self.pos = self.pos.max(end);
    }

    /// Emits `[pos, until)` as trivia: regions as single tokens, the rest as raw tokens.
    fn gap(&mut self, until: u32) {
        let until = until.min(self.text.len() as u32);
        while self.pos < until {
            // Skip regions that end before pos.
            while self.region_cursor < self.pp.regions.len()
                && u32::from(self.pp.regions[self.region_cursor].range.end()) <= self.pos
            {
                self.region_cursor += 1;
            }
            let region = self.pp.regions.get(self.region_cursor).copied();
            if let Some(r) = region {
                let (rs, re) = (u32::from(r.range.start()), u32::from(r.range.end()));
                if rs <= self.pos {
                    let kind = match r.kind {
                        RegionKind::Directive => PP_DIRECTIVE,
                        RegionKind::Inactive => PP_INACTIVE,
                        RegionKind::MacroCall => MACRO_CALL,
                    };
                    self.push(kind, self.pos, re.min(until));
                    continue;
                }
            }
            let stop = region.map_or(until, |r| u32::from(r.range.start()).min(until));
            // Raw tokens between pos and stop.
            while self.raw_cursor + 1 < self.raw_starts.len()
                && self.raw_starts[self.raw_cursor + 1] <= self.pos
            {
                self.raw_cursor += 1;
            }
            let end = self
                .raw_starts
                .get(self.raw_cursor + 1)
                .copied()
                .unwrap_or(until)
                .min(stop);
            let kind = self
                .raw_kinds
                .get(self.raw_cursor)
                .copied()
                .unwrap_or(ERROR_TOKEN);
            let end = if end <= self.pos { stop } else { end };
            self.push(kind, self.pos, end);
        }
    }

    /// The end of the next `#include` directive line of the main file at or after `pos`.
    fn next_include_line_end(&mut self) -> Option<u32> {
        while self
            .main_includes
            .get(self.include_cursor)
            .is_some_and(|r| u32::from(r.start()) < self.pos)
        {
            self.include_cursor += 1;
        }
        let path = *self.main_includes.get(self.include_cursor)?;
        let line = self.pp.regions[self.region_cursor..]
            .iter()
            .find(|r| r.kind == RegionKind::Directive && r.range.contains_range(path))?;
        Some(line.range.end().into())
    }

    /// Where the text of input token `index` starts in the main file, if it has text there.
    fn start_of(&self, index: usize) -> Option<u32> {
        match self.pp.tokens.get(index)?.origin {
            TokenOrigin::File { file, range } if file == self.file => Some(range.start().into()),
            TokenOrigin::Macro { file, call, .. } if file == self.file => Some(call.start().into()),
            _ => None,
        }
    }
}

impl Sink for LosslessSink<'_> {
    fn trivia_before(&mut self, next_token: Option<usize>) {
        match next_token {
            Some(index) => match self.start_of(index) {
                Some(start) => {
                    self.in_include = false;
                    self.gap(start);
                }
                // The first token of an included file's text: place it, and what follows from
                // that file, after the `#include` line that brought it in.
                None if !self.in_include => {
                    self.in_include = true;
                    if let Some(end) = self.next_include_line_end() {
                        self.gap(end);
                    }
                }
                None => {}
            },
            None => self.gap(self.text.len() as u32),
        }
    }

    fn enter(&mut self, kind: SyntaxKind) {
        self.builder.start_node(kind.into());
    }

    fn exit(&mut self, _is_root: bool) {
        self.builder.finish_node();
    }

    fn token(&mut self, kind: SyntaxKind, index: usize, split: Split) {
        let Some(t) = self.pp.tokens.get(index) else {
            return;
        };
        match t.origin {
            TokenOrigin::File { file, range } if file == self.file => {
                let r = split_range(range, split);
                let (start, end) = (u32::from(r.start()).max(self.pos), u32::from(r.end()));
                self.push(kind, start, end);
            }
            // The first token of an expansion brings the macro use's text; the rest bring none.
            TokenOrigin::Macro { file, call, .. }
                if file == self.file && self.pos <= u32::from(call.start()) =>
            {
                self.push(MACRO_CALL, call.start().into(), call.end().into());
            }
            _ => {}
        }
    }
}

/// The expanded tree, and where each of its tokens starts in its text.
#[derive(Debug, Clone)]
pub struct ExpandedTree {
    pub green: GreenNode,
    /// For each input token, its start offset in the expanded tree's text.
    pub token_starts: Vec<TextSize>,
    /// Where each syntax error lies in the expanded tree's text, in tree order: the end of
    /// the last token before it (a missing `;` follows its statement), or the start of the
    /// token the parser refused when the error wraps it in an `ERROR` node.
    pub error_offsets: Vec<TextSize>,
}

/// Equality that skips shared subtrees (an incremental re-parse shares all nodes off the
/// edited path), so salsa's comparison of an edited tree with the old one is cheap.
impl PartialEq for ExpandedTree {
    fn eq(&self, other: &ExpandedTree) -> bool {
        self.token_starts == other.token_starts
            && self.error_offsets == other.error_offsets
            && green_eq(&self.green, &other.green)
    }
}

impl Eq for ExpandedTree {}

/// Structural equality of two green nodes, answering at once for a node shared by both
/// (rowan's own equality walks shared subtrees too).
pub fn green_eq(a: &GreenNodeData, b: &GreenNodeData) -> bool {
    if std::ptr::eq(a, b) {
        return true;
    }
    if a.kind() != b.kind()
        || a.text_len() != b.text_len()
        || a.children().len() != b.children().len()
    {
        return false;
    }
    a.children().zip(b.children()).all(|pair| match pair {
        (NodeOrToken::Node(x), NodeOrToken::Node(y)) => green_eq(x, y),
        (NodeOrToken::Token(x), NodeOrToken::Token(y)) => x == y,
        _ => false,
    })
}

impl ExpandedTree {
    /// The input token whose text in the expanded tree contains `offset`.
    pub fn token_at(&self, offset: TextSize) -> Option<usize> {
        match self.token_starts.binary_search(&offset) {
            Ok(i) => Some(i),
            Err(0) => None,
            Err(i) => Some(i - 1),
        }
    }
}

pub(crate) fn build_expanded(pp: &Preprocessed, parse: &Output) -> ExpandedTree {
    let mut sink = ExpandedSink {
        pp,
        builder: GreenNodeBuilder::new(),
        offset: TextSize::from(0),
        token_starts: vec![TextSize::from(0); pp.tokens.len()],
        spaced: vec![false; pp.tokens.len()],
        error_offsets: Vec::new(),
    };
    drive(parse, &mut sink);
    ExpandedTree {
        green: sink.builder.finish(),
        token_starts: sink.token_starts,
        error_offsets: sink.error_offsets,
    }
}

struct ExpandedSink<'a> {
    pp: &'a Preprocessed,
    builder: GreenNodeBuilder<'static>,
    offset: TextSize,
    token_starts: Vec<TextSize>,
    /// Whether the space before token `i` was already emitted.
    spaced: Vec<bool>,
    error_offsets: Vec<TextSize>,
}

impl Sink for ExpandedSink<'_> {
    fn trivia_before(&mut self, next_token: Option<usize>) {
        let Some(index) = next_token else { return };
        let Some(t) = self.pp.tokens.get(index) else {
            return;
        };
        if t.leading_space && index > 0 && !self.spaced[index] {
            self.spaced[index] = true;
            self.builder.token(WHITESPACE.into(), " ");
            self.offset += TextSize::from(1);
        }
    }

    fn enter(&mut self, kind: SyntaxKind) {
        self.builder.start_node(kind.into());
    }

    fn exit(&mut self, _is_root: bool) {
        self.builder.finish_node();
    }

    fn token(&mut self, kind: SyntaxKind, index: usize, split: Split) {
        let Some(t) = self.pp.tokens.get(index) else {
            return;
        };
        let full = TextRange::at(TextSize::from(t.text_start), TextSize::from(t.text_len));
        let r = split_range(full, split);
        if split != Split::SecondHalf {
            self.token_starts[index] = self.offset;
        }
        let text = &self.pp.text[r];
        self.builder.token(kind.into(), text);
        self.offset += TextSize::of(text);
    }

    fn error(&mut self) {
        self.error_offsets.push(self.offset);
    }
}
