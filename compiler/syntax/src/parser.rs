//! The event-based parser: a token-kind `Input` in, an `Output` of events out, read as `Step`s.
//!
//! Modeled on rust-analyzer's parser crate. The grammar (in `grammar/`) drives a `Parser` that
//! only sees token kinds (trivia already removed, contextual keywords precomputed); it records
//! `start node / token / finish node / error` events. `Output::steps` resolves `precede` links
//! while it yields the plain sequence of steps that a tree builder (`crate::tree_builder`) turns
//! into a rowan tree, adding trivia and token texts. The parser never panics and always makes progress: every
//! grammar loop must consume a token or stop.

mod grammar;
mod output;

pub use output::{Output, Steps};

use std::cell::{Cell, OnceCell};

use crate::SyntaxKind::{self, *};

/// What the parser sees of one significant token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InputToken {
    pub kind: SyntaxKind,
    /// The contextual keyword this `IDENT` spells, if any (`in`, `row_major`, `point`, ...).
    pub contextual_kw: Option<SyntaxKind>,
    /// No trivia between this token and the next one.
    pub joint_to_next: bool,
    /// What the grammar needs to know of this `IDENT`'s spelling, beyond contextual keywords.
    pub ident_class: Option<IdentClass>,
    /// The token's column (bytes of blanks before it) when it is the first token of a line
    /// of the main file; `NOT_LINE_START` otherwise. Recovery from a missing `}` reads it.
    pub line_indent: u16,
}

/// `InputToken::line_indent` of a token that does not start a line.
pub const NOT_LINE_START: u16 = u16::MAX;

/// Spellings of identifiers that the grammar treats specially.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdentClass {
    /// A built-in scalar, vector or matrix type (`float`, `uint3`, `float4x4`, `vector`,
    /// `matrix`); used to tell casts from parenthesised expressions.
    BuiltinType,
    /// `operator`, in operator function names (HLSL 2021).
    Operator,
    /// `unsigned` or `signed` before an integer type (`unsigned int`).
    Signedness,
    /// `void`, which as a whole parameter list (`f(void)`) declares no parameter.
    Void,
    /// `static_assert`, which starts a compile-time assertion when a `(` follows.
    StaticAssert,
    /// `layout`, which glslang takes before a declaration as GLSL does (`layout(binding = 1)`).
    GlslLayout,
    /// `technique`, `Technique`, `technique10` or `technique11`: DXC's keywords that start an
    /// effects-framework technique block, which it parses and ignores.
    Technique,
    /// `sampler_state`, which after `=` starts a Direct3D 9 effects sampler description
    /// (`sampler S = sampler_state { Texture = t; };`), ignored by DXC.
    SamplerStateKw,
}

/// The significant tokens of the (preprocessed) text, in order.
#[derive(Debug, Default, Clone)]
pub struct Input {
    tokens: Vec<InputToken>,
}

impl Input {
    /// An empty input with room for `tokens` tokens.
    pub fn with_capacity(tokens: usize) -> Input {
        Input {
            tokens: Vec::with_capacity(tokens),
        }
    }

    /// Appends a token; `text`, its spelling, is only read for an `IDENT`.
    #[inline]
    pub fn push(&mut self, kind: SyntaxKind, text: &str, joint_to_next: bool) {
        let (contextual_kw, ident_class) = if kind == IDENT {
            classify_ident(text)
        } else {
            (None, None)
        };
        self.tokens.push(InputToken {
            kind,
            contextual_kw,
            joint_to_next,
            ident_class,
            line_indent: NOT_LINE_START,
        });
    }

    /// Marks token `index` as the first of its line, `indent` bytes of blanks in.
    pub fn mark_line_start(&mut self, index: usize, indent: u32) {
        if let Some(t) = self.tokens.get_mut(index) {
            t.line_indent = u16::try_from(indent).unwrap_or(NOT_LINE_START - 1);
        }
    }

    pub fn len(&self) -> usize {
        self.tokens.len()
    }

    pub fn is_empty(&self) -> bool {
        self.tokens.is_empty()
    }
}

/// The contextual keyword an identifier spells, or the special class of its spelling.
#[inline(never)]
pub(crate) fn classify_ident(text: &str) -> (Option<SyntaxKind>, Option<IdentClass>) {
    // Every contextual keyword and special spelling starts with a lowercase letter: most
    // user names are told apart by their first byte.
    let b = text.as_bytes();
    if matches!(b.len(), 9 | 11) && b.get(1..9) == Some(b"echnique".as_slice()) {
        // DXC's spellings only: `TechNiQue` and `Technique10` are plain names there.
        if matches!(
            text,
            "technique" | "Technique" | "technique10" | "technique11"
        ) {
            return (None, Some(IdentClass::Technique));
        }
    }
    if !b.first().is_some_and(u8::is_ascii_lowercase) {
        return (None, None);
    }
    // Only vector and matrix types end in a digit (`float4`, `uint2x3`): one check for them.
    let last = b[b.len() - 1];
    if last.is_ascii_digit() {
        let class = is_vector_or_matrix_name(b).then_some(IdentClass::BuiltinType);
        return (None, class);
    }
    if let Some(kw) = SyntaxKind::from_contextual_keyword(text) {
        return (Some(kw), None);
    }
    let class = match text {
        "operator" => Some(IdentClass::Operator),
        "unsigned" | "signed" => Some(IdentClass::Signedness),
        "void" => Some(IdentClass::Void),
        "static_assert" => Some(IdentClass::StaticAssert),
        "layout" => Some(IdentClass::GlslLayout),
        "sampler_state" => Some(IdentClass::SamplerStateKw),
        "vector" | "matrix" => Some(IdentClass::BuiltinType),
        _ if is_scalar_type_name(b) => Some(IdentClass::BuiltinType),
        _ => None,
    };
    (None, class)
}

/// Whether `b`, which ends in a digit, names a built-in vector or matrix type: a scalar type
/// with an `N` or `NxM` suffix, N and M in 1..=4 (`float4`, `min16float2x2`).
fn is_vector_or_matrix_name(b: &[u8]) -> bool {
    let dim = |c: u8| (b'1'..=b'4').contains(&c);
    let n = b.len();
    let base = if n > 3 && b[n - 2] == b'x' && dim(b[n - 1]) && dim(b[n - 3]) {
        &b[..n - 3]
    } else if n > 1 && dim(b[n - 1]) {
        &b[..n - 1]
    } else {
        return false;
    };
    is_scalar_type_name(base)
}

/// Whether `text` names a built-in scalar type.
fn is_scalar_type_name(text: &[u8]) -> bool {
    matches!(
        text,
        b"bool"
            | b"int"
            | b"uint"
            | b"dword"
            | b"half"
            | b"float"
            | b"double"
            | b"min16float"
            | b"min10float"
            | b"min16int"
            | b"min12int"
            | b"min16uint"
            | b"int16_t"
            | b"uint16_t"
            | b"int32_t"
            | b"uint32_t"
            | b"int64_t"
            | b"uint64_t"
            | b"float16_t"
            | b"float32_t"
            | b"float64_t"
    )
}

/// How a token step uses its input token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Split {
    /// The whole input token.
    Whole,
    /// The first byte of a `>>` used as two `>` (closing nested template arguments).
    FirstHalf,
    /// The rest of it.
    SecondHalf,
}

/// One step of the parse, after `precede` links are resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    Enter(SyntaxKind),
    Exit,
    /// Input token `index`, placed in the tree with `kind` (which can differ from the lexed kind
    /// for contextual keywords and split tokens).
    Token {
        kind: SyntaxKind,
        index: u32,
        split: Split,
    },
    /// An error located at input token `index` (== input length for the end of input);
    /// `message` indexes `Output::errors`. Events stay small: a file has millions of them.
    Error {
        message: u32,
        index: u32,
    },
}

/// Parses a whole file from `input`.
pub fn parse_source_file(input: &Input) -> Output {
    let mut p = Parser::new(input);
    grammar::source_file(&mut p);
    p.finish()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Event {
    Start {
        kind: SyntaxKind,
        forward_parent: Option<u32>,
    },
    Finish,
    Token {
        kind: SyntaxKind,
        index: u32,
        split: Split,
    },
    /// With `after`, the error sits right after token `index` (an empty range at its end).
    Error {
        message: u32,
        index: u32,
        after: bool,
    },
}

/// A set of token kinds, used for recovery and lookahead.
#[derive(Clone, Copy)]
pub(crate) struct TokenSet([u64; 3]);

impl TokenSet {
    pub(crate) const EMPTY: TokenSet = TokenSet([0; 3]);

    pub(crate) const fn new(kinds: &[SyntaxKind]) -> TokenSet {
        let mut bits = [0u64; 3];
        let mut i = 0;
        while i < kinds.len() {
            let k = kinds[i] as usize;
            bits[k / 64] |= 1 << (k % 64);
            i += 1;
        }
        TokenSet(bits)
    }

    pub(crate) const fn union(self, other: TokenSet) -> TokenSet {
        TokenSet([
            self.0[0] | other.0[0],
            self.0[1] | other.0[1],
            self.0[2] | other.0[2],
        ])
    }

    pub(crate) const fn contains(&self, kind: SyntaxKind) -> bool {
        let k = kind as usize;
        k < 192 && self.0[k / 64] & (1 << (k % 64)) != 0
    }
}

/// The grammar's handle on the input: lookahead, consumption, node markers, errors.
pub(crate) struct Parser<'i> {
    input: &'i Input,
    /// The kinds of the input tokens, where a `>>` being split reads as the `>` still to
    /// consume (so lookahead is one load).
    kinds: Vec<SyntaxKind>,
    pos: usize,
    /// The current token is the second half of a split `>>`.
    in_split: bool,
    events: Vec<Event>,
    /// Error messages, indexed by `Event::Error::message`.
    errors: Vec<String>,
    /// Guards against grammar loops that do not consume: lookahead calls since the last bump.
    steps: Cell<u32>,
    /// How deeply the grammar's recursive rules are nested (see `enter_nesting`).
    depth: u32,
    /// How many `switch` bodies enclose the current token: inside one, a `case` or `default`
    /// label may start a `CASE_CLAUSE` in a nested block too.
    pub(crate) switch_depth: u32,
    /// How many function bodies enclose the current token (reset inside a struct body, whose
    /// methods may have bodies even in a local struct): a function definition inside one is
    /// an error.
    pub(crate) fn_body_depth: u32,
    /// The body of the function (at file, namespace or struct level) being parsed, for
    /// recovery from its missing `}` (`grammar::resume`).
    pub(crate) open_body: Option<OpenBody>,
    /// The first input token of the innermost item being parsed.
    pub(crate) item_start: usize,
    /// The last token found to be where the file's items resume after a body left open.
    pub(crate) items_resume_at: Cell<Option<usize>>,
    /// Brace depths of the input, computed the first time recovery asks.
    braces: OnceCell<BraceDepths>,
    /// The `{` of the body `body_closed_ahead` last asked about, and the `}` it found for it.
    last_closing: Cell<Option<(usize, usize)>>,
}

/// A function body being parsed, as recovery from its missing `}` sees it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct OpenBody {
    /// The indentation of the line the function starts (0 when it starts no line).
    pub(crate) indent: u32,
    /// The input index of the body's `{`.
    pub(crate) l_brace: usize,
    /// The indentation of the body's own lines: that of the first line starting after the
    /// `{`, or one more than the head's when the body starts on the `{`'s line
    /// (`struct S { float a;`), which puts lines at the head's column out of it.
    pub(crate) inner_indent: Option<u32>,
    pub(crate) kind: BodyKind,
}

/// What an `OpenBody` belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BodyKind {
    /// A function's statements.
    Function,
    /// A struct's members, which may be functions: only its braces left unclosed say it
    /// ends early.
    Struct,
    /// A cbuffer's or tbuffer's declarations.
    Buffer,
}

/// `{`/`}` nesting over the input: `before[i]` is the depth before token `i`, and
/// `lowest_from[i]` the lowest depth reached from there to the end of input.
struct BraceDepths {
    before: Vec<i32>,
    lowest_from: Vec<i32>,
}

impl BraceDepths {
    fn of(kinds: &[SyntaxKind]) -> BraceDepths {
        let mut before = Vec::with_capacity(kinds.len() + 1);
        let mut depth = 0i32;
        for &kind in kinds {
            before.push(depth);
            match kind {
                L_BRACE => depth += 1,
                R_BRACE => depth -= 1,
                _ => {}
            }
        }
        before.push(depth);
        let mut lowest_from = before.clone();
        for i in (0..kinds.len()).rev() {
            lowest_from[i] = lowest_from[i].min(lowest_from[i + 1]);
        }
        BraceDepths {
            before,
            lowest_from,
        }
    }
}

const STEP_LIMIT: u32 = 15_000_000;

/// How deeply recursive rules (expressions, statements, types, items) may nest before the
/// parser gives up on the rest of the input instead of overflowing the stack.
const DEPTH_LIMIT: u32 = 256;

impl<'i> Parser<'i> {
    fn new(input: &'i Input) -> Parser<'i> {
        Parser {
            input,
            kinds: input.tokens.iter().map(|t| t.kind).collect(),
            pos: 0,
            in_split: false,
            // About four events per token: reserving avoids regrowing a large vector.
            events: Vec::with_capacity(input.len() * 4 + 16),
            errors: Vec::new(),
            steps: Cell::new(0),
            depth: 0,
            switch_depth: 0,
            fn_body_depth: 0,
            open_body: None,
            item_start: 0,
            items_resume_at: Cell::new(None),
            braces: OnceCell::new(),
            last_closing: Cell::new(None),
        }
    }

    /// The indentation of token `n` ahead when it is the first token of a line of the main
    /// file.
    #[inline]
    pub(crate) fn nth_line_indent(&self, n: usize) -> Option<u32> {
        if self.in_split && n == 0 {
            return None;
        }
        self.nth_line_indent_at(self.pos + n)
    }

    /// The indentation of input token `index` when it is the first token of a line.
    #[inline]
    pub(crate) fn nth_line_indent_at(&self, index: usize) -> Option<u32> {
        let indent = self.input.tokens.get(index)?.line_indent;
        (indent != NOT_LINE_START).then_some(u32::from(indent))
    }

    /// The indentation of the first line of the main file starting after input token
    /// `index`, looking no further than a bounded number of tokens.
    pub(crate) fn next_line_indent_after(&self, index: usize) -> Option<u32> {
        const MAX_LOOKAHEAD: usize = 512;
        (index + 1..self.input.len().min(index + 1 + MAX_LOOKAHEAD))
            .find_map(|i| self.nth_line_indent_at(i))
    }

    /// Whether the rest of the input closes `body`: counting braces from the current token
    /// on, the depth falls back to the one before the body's `{`, at a `}` that is not on a
    /// line of its own less indented than the function (that one closes an enclosing
    /// namespace or struct). Recovery asks it last: it is the one check that scans ahead.
    pub(crate) fn body_closed_ahead(&self, body: OpenBody) -> bool {
        let depths = self.braces.get_or_init(|| BraceDepths::of(&self.kinds));
        let pos = self.pos.min(self.kinds.len());
        let (Some(&lowest), Some(&open)) =
            (depths.lowest_from.get(pos), depths.before.get(body.l_brace))
        else {
            return true;
        };
        if lowest > open {
            return false;
        }
        if depths.before[pos] <= open {
            return true;
        }
        // The `}` bringing the depth back (one does, as `lowest <= open`); the one found last
        // for this body answers again while it is still ahead, so asking at every line of a
        // long body scans it once.
        let closing = match self.last_closing.get() {
            Some((l_brace, j)) if l_brace == body.l_brace && j >= pos => Some(j),
            _ => (pos..self.kinds.len()).find(|&j| depths.before[j + 1] <= open),
        };
        if let Some(j) = closing {
            self.last_closing.set(Some((body.l_brace, j)));
        }
        match closing {
            Some(j) => self.nth_line_indent_at(j).is_none_or(|i| i >= body.indent),
            None => true,
        }
    }

    /// The kind of the token before the current one (`None` at the start or inside a split
    /// `>>`).
    pub(crate) fn prev_kind(&self) -> Option<SyntaxKind> {
        if self.in_split {
            return None;
        }
        self.pos
            .checked_sub(1)
            .and_then(|i| self.kinds.get(i))
            .copied()
    }

    /// Enters one level of a recursive rule; false (without entering) when too deep.
    pub(crate) fn enter_nesting(&mut self) -> bool {
        if self.depth >= DEPTH_LIMIT {
            return false;
        }
        self.depth += 1;
        true
    }

    /// Leaves a level entered with `enter_nesting`.
    pub(crate) fn exit_nesting(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// The kind of the current token (`EOF` past the end).
    pub(crate) fn current(&self) -> SyntaxKind {
        self.nth(0)
    }

    /// The kind of the token `n` ahead (`EOF` past the end).
    pub(crate) fn nth(&self, n: usize) -> SyntaxKind {
        let steps = self.steps.get();
        // A grammar bug that loops without consuming must end, not hang: report EOF.
        if steps > STEP_LIMIT {
            return EOF;
        }
        self.steps.set(steps + 1);
        self.kinds.get(self.pos + n).copied().unwrap_or(EOF)
    }

    pub(crate) fn at(&self, kind: SyntaxKind) -> bool {
        self.current() == kind
    }

    pub(crate) fn nth_at(&self, n: usize, kind: SyntaxKind) -> bool {
        self.nth(n) == kind
    }

    pub(crate) fn at_ts(&self, set: TokenSet) -> bool {
        set.contains(self.current())
    }

    pub(crate) fn at_end(&self) -> bool {
        self.at(EOF)
    }

    /// The contextual keyword the token `n` ahead spells, if it is an `IDENT` that does.
    pub(crate) fn nth_contextual_kw(&self, n: usize) -> Option<SyntaxKind> {
        if self.in_split && n == 0 {
            return None;
        }
        self.input
            .tokens
            .get(self.pos + n)
            .and_then(|t| t.contextual_kw)
    }

    /// Is the current token an `IDENT` spelling contextual keyword `kw`?
    #[allow(dead_code)] // For grammar rules to come.
    pub(crate) fn at_contextual_kw(&self, kw: SyntaxKind) -> bool {
        self.nth_contextual_kw(0) == Some(kw)
    }

    /// The special spelling class of the identifier `n` ahead, if any.
    pub(crate) fn nth_ident_class(&self, n: usize) -> Option<IdentClass> {
        if self.in_split && n == 0 {
            return None;
        }
        self.input
            .tokens
            .get(self.pos + n)
            .and_then(|t| t.ident_class)
    }

    /// Whether a grammar loop stopped making progress and hit the step limit (a grammar bug;
    /// the parse then ends early).
    pub(crate) fn stuck(&self) -> bool {
        self.steps.get() > STEP_LIMIT
    }

    /// The index of the current input token; grammar loops compare it to check progress.
    pub(crate) fn token_pos(&self) -> (usize, bool) {
        (self.pos, self.in_split)
    }

    /// Whether token `n` ahead is directly followed by token `n + 1` (no trivia between).
    #[allow(dead_code)] // For grammar rules to come.
    pub(crate) fn nth_joint(&self, n: usize) -> bool {
        self.input
            .tokens
            .get(self.pos + n)
            .is_some_and(|t| t.joint_to_next)
    }

    /// Consumes the current token if it is `kind`.
    pub(crate) fn eat(&mut self, kind: SyntaxKind) -> bool {
        if !self.at(kind) {
            return false;
        }
        self.do_bump(kind);
        true
    }

    /// Consumes the current token, which must be `kind`.
    pub(crate) fn bump(&mut self, kind: SyntaxKind) {
        let ok = self.eat(kind);
        debug_assert!(ok, "bump: expected {kind:?}, at {:?}", self.current());
    }

    /// Consumes the current token whatever it is (nothing at the end of input).
    pub(crate) fn bump_any(&mut self) {
        let kind = self.current();
        if kind != EOF {
            self.do_bump(kind);
        }
    }

    /// Consumes the current token and records it with kind `kind` (contextual keywords).
    pub(crate) fn bump_remap(&mut self, kind: SyntaxKind) {
        if !self.at_end() {
            self.do_bump(kind);
        }
    }

    /// Consumes a `>`, splitting a `>>` into two `>` when the grammar closes nested template
    /// arguments (`vector<vector<float, 2>, 2>>`). Returns false if the current token is neither.
    pub(crate) fn eat_template_close(&mut self) -> bool {
        if self.in_split {
            self.events.push(Event::Token {
                kind: GT,
                index: self.pos as u32,
                split: Split::SecondHalf,
            });
            self.in_split = false;
            self.pos += 1;
            self.steps.set(0);
            return true;
        }
        match self.current() {
            GT => {
                self.do_bump(GT);
                true
            }
            SHR => {
                self.events.push(Event::Token {
                    kind: GT,
                    index: self.pos as u32,
                    split: Split::FirstHalf,
                });
                self.in_split = true;
                if let Some(kind) = self.kinds.get_mut(self.pos) {
                    *kind = GT;
                }
                self.steps.set(0);
                true
            }
            _ => false,
        }
    }

    fn do_bump(&mut self, kind: SyntaxKind) {
        let split = if self.in_split {
            Split::SecondHalf
        } else {
            Split::Whole
        };
        self.in_split = false;
        self.events.push(Event::Token {
            kind,
            index: self.pos as u32,
            split,
        });
        self.pos += 1;
        self.steps.set(0);
    }

    /// Records an error at the current token.
    /// An error identical to one already recorded at the same token (as when nested rules
    /// unwind at the same spot) is recorded once.
    /// Where the file's items resume (`grammar::resume`), an error is about what is missing
    /// before the next item: it sits at the end of the previous token instead.
    pub(crate) fn error(&mut self, message: impl Into<String>) {
        if self.items_resume_at.get() == Some(self.pos) && self.pos > 0 && !self.in_split {
            self.push_error_at(self.pos - 1, true, message.into());
            return;
        }
        // At the end of input (code half typed), what is missing belongs right after the last
        // token; the first thing found missing there is the one to say.
        if self.pos >= self.input.len() && self.pos > 0 {
            let last = self.input.len() - 1;
            // Errors there come after the last token's event.
            let said = self
                .events
                .iter()
                .rev()
                .take_while(|e| !matches!(e, Event::Token { .. }))
                .any(|e| matches!(e, Event::Error { index, after: true, .. } if *index as usize == last));
            if !said {
                self.push_error_at(last, true, message.into());
            }
            return;
        }
        let index = self.pos.min(self.input.len());
        self.push_error(index, message.into());
    }

    fn push_error(&mut self, index: usize, message: String) {
        self.push_error_at(index, false, message);
    }

    fn push_error_at(&mut self, index: usize, after: bool, message: String) {
        let index = index as u32;
        let errors = &self.errors;
        let duplicate = self
            .events
            .iter()
            .rev()
            .take_while(|e| !matches!(e, Event::Token { .. }))
            .any(|e| matches!(e, Event::Error { message: m, index: i, after: a } if *i == index && *a == after && errors[*m as usize] == message));
        if !duplicate {
            self.events.push(Event::Error {
                message: self.errors.len() as u32,
                index,
                after,
            });
            self.errors.push(message);
        }
    }

    /// Records an error on the previous token (the one a missing `;` should follow), or on
    /// the current one at the start of input.
    pub(crate) fn error_after_previous(&mut self, message: impl Into<String>) {
        if self.pos == 0 || self.in_split {
            self.error(message);
            return;
        }
        let index = (self.pos - 1).min(self.input.len());
        self.push_error(index, message.into());
    }

    /// Records an error at the end of the previous token (an empty range where a missing `}`
    /// belongs), or at the current token at the start of input.
    pub(crate) fn error_at_end_of_previous(&mut self, message: impl Into<String>) {
        if self.pos == 0 || self.in_split {
            self.error(message);
            return;
        }
        let index = (self.pos - 1).min(self.input.len());
        self.push_error_at(index, true, message.into());
    }

    /// Consumes `kind` or records "expected ..." without consuming.
    pub(crate) fn expect(&mut self, kind: SyntaxKind) -> bool {
        if self.eat(kind) {
            return true;
        }
        self.error(format!("expected {}", describe(kind)));
        false
    }

    /// Reports `message` and wraps the current token in an `ERROR` node, unless it is in
    /// `recovery` (or a brace, or the end), which are left for an enclosing rule.
    pub(crate) fn err_recover(&mut self, message: &str, recovery: TokenSet) {
        if self.at_ts(recovery) || matches!(self.current(), L_BRACE | R_BRACE | EOF) {
            self.error(message);
            return;
        }
        let m = self.start();
        self.error(message);
        self.bump_any();
        m.complete(self, ERROR);
    }

    /// Reports `message` and wraps the current token in an `ERROR` node, whatever it is.
    pub(crate) fn err_and_bump(&mut self, message: &str) {
        let m = self.start();
        self.error(message);
        self.bump_any();
        m.complete(self, ERROR);
    }

    /// Starts a node; it must be completed or abandoned.
    pub(crate) fn start(&mut self) -> Marker {
        let pos = self.events.len() as u32;
        self.events.push(Event::Start {
            kind: SyntaxKind::__LAST,
            forward_parent: None,
        });
        Marker {
            pos,
            completed: false,
        }
    }

    fn finish(self) -> Output {
        Output {
            events: self.events,
            errors: self.errors,
        }
    }
}

/// A started node. Dropping it without `complete` or `abandon` is a grammar bug; in release
/// builds it is harmless (the start event stays a tombstone).
pub(crate) struct Marker {
    pos: u32,
    completed: bool,
}

impl Marker {
    pub(crate) fn complete(mut self, p: &mut Parser<'_>, kind: SyntaxKind) -> CompletedMarker {
        self.completed = true;
        if let Event::Start { kind: slot, .. } = &mut p.events[self.pos as usize] {
            *slot = kind;
        }
        p.events.push(Event::Finish);
        CompletedMarker {
            pos: self.pos,
            kind,
        }
    }

    pub(crate) fn abandon(mut self, p: &mut Parser<'_>) {
        self.completed = true;
        let idx = self.pos as usize;
        if idx == p.events.len() - 1 {
            p.events.pop();
        }
        // Otherwise the start event stays with kind `__LAST`, a tombstone skipped later.
    }
}

impl Drop for Marker {
    fn drop(&mut self) {
        if !self.completed && !std::thread::panicking() {
            debug_assert!(false, "Marker dropped without complete or abandon");
        }
    }
}

/// A finished node, which a later node can still wrap (`precede`), e.g. the left operand of a
/// binary expression.
#[derive(Clone, Copy)]
pub(crate) struct CompletedMarker {
    pos: u32,
    kind: SyntaxKind,
}

impl CompletedMarker {
    /// Starts a new node that will become this node's parent.
    pub(crate) fn precede(self, p: &mut Parser<'_>) -> Marker {
        let new = p.start();
        if let Event::Start { forward_parent, .. } = &mut p.events[self.pos as usize] {
            *forward_parent = Some(new.pos - self.pos);
        }
        new
    }

    #[allow(dead_code)] // For grammar rules to come.
    pub(crate) fn kind(&self) -> SyntaxKind {
        self.kind
    }
}

/// How an error message names a token kind.
pub(crate) fn describe(kind: SyntaxKind) -> &'static str {
    match kind {
        L_PAREN => "`(`",
        R_PAREN => "`)`",
        L_BRACE => "`{`",
        R_BRACE => "`}`",
        L_BRACK => "`[`",
        R_BRACK => "`]`",
        SEMICOLON => "`;`",
        COMMA => "`,`",
        DOT => "`.`",
        COLON => "`:`",
        COLON2 => "`::`",
        QUESTION => "`?`",
        EQ => "`=`",
        LT => "`<`",
        GT => "`>`",
        IDENT => "an identifier",
        INT_NUMBER => "an integer",
        FLOAT_NUMBER => "a number",
        STRING => "a string",
        WHILE_KW => "`while`",
        EOF => "end of file",
        _ => "a token",
    }
}
