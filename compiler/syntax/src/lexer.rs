//! The HLSL lexer: text in, a list of tokens (kind and length) out, covering every byte.
//!
//! It never fails: bytes it does not understand become `ERROR_TOKEN`s and a `LexError` says why.
//! It knows nothing of directives; the preprocessor groups tokens into lines itself. A
//! backslash-newline is its own `WHITESPACE` token starting with `\`, so the preprocessor can
//! tell a continued directive line from its end.

use crate::SyntaxKind::{self, *};

/// One lexed token: its kind and its length in bytes. Offsets follow from the lengths.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LexedToken {
    pub kind: SyntaxKind,
    pub len: u32,
}

/// A problem found while lexing, at a byte range of the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LexError {
    pub start: u32,
    pub end: u32,
    pub message: String,
}

/// The tokens of a text, with the errors met on the way.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Lexed {
    pub tokens: Vec<LexedToken>,
    pub errors: Vec<LexError>,
}

impl Lexed {
    /// Iterates `(kind, start, end)` over the tokens.
    pub fn iter_ranges(&self) -> impl Iterator<Item = (SyntaxKind, u32, u32)> + '_ {
        let mut offset = 0u32;
        self.tokens.iter().map(move |t| {
            let start = offset;
            offset += t.len;
            (t.kind, start, offset)
        })
    }
}

/// No newline: `RawTok::first_nl` of a token on the same line as the one before it.
pub(crate) const NO_NL: u32 = u32::MAX;

/// A significant token of a lexed file, with what the preprocessor needs to know of the trivia
/// before it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct RawTok {
    pub kind: SyntaxKind,
    pub start: u32,
    pub end: u32,
    /// Offset of the first line-ending `\n` in the trivia before this token, or `NO_NL`.
    pub first_nl: u32,
    /// Offset of the last line-ending `\n` in the trivia before this token, or `NO_NL`.
    pub last_nl: u32,
    pub space_before: bool,
    /// First token of its line (or of the file).
    pub line_start: bool,
}

/// Lexes `text` into tokens whose lengths add up to `text.len()`.
pub fn lex(text: &str) -> Lexed {
    lex_inner::<false>(text).0
}

/// Lexes `text` into all its tokens and, in the same pass, its significant tokens for the
/// preprocessor, ending with an `EOF` sentinel. A UTF-8 byte order mark at the start is not
/// text: it is left out of the significant tokens (the lexer itself calls it an error).
pub(crate) fn lex_with_significant(text: &str) -> (Lexed, Vec<RawTok>) {
    lex_inner::<true>(text)
}

/// The lexer loop; `SIGNIFICANT` says whether to build the significant tokens too.
fn lex_inner<const SIGNIFICANT: bool>(text: &str) -> (Lexed, Vec<RawTok>) {
    let mut lexer = Lexer {
        bytes: text.as_bytes(),
        text,
        pos: 0,
        first_nl: NO_NL,
        last_nl: NO_NL,
        out: Lexed::default(),
    };
    // About one token per three bytes of real code: reserving avoids regrowing.
    lexer.out.tokens.reserve(text.len() / 3 + 1);
    let mut toks = Vec::new();
    if SIGNIFICANT {
        toks.reserve(text.len() / 5 + 1);
    }
    let bom = if text.starts_with('\u{feff}') { 3 } else { 0 };
    // The newlines and spacing of the trivia since the last significant token.
    let mut first_nl = NO_NL;
    let mut last_nl = NO_NL;
    let mut space = false;
    while lexer.pos < lexer.bytes.len() {
        let start = lexer.pos;
        let kind = lexer.next_kind();
        debug_assert!(lexer.pos > start, "lexer made no progress");
        lexer.out.tokens.push(LexedToken {
            kind,
            len: (lexer.pos - start) as u32,
        });
        if !SIGNIFICANT {
            continue;
        }
        match kind {
            WHITESPACE => {
                space = true;
                if lexer.first_nl != NO_NL {
                    if first_nl == NO_NL {
                        first_nl = lexer.first_nl;
                    }
                    last_nl = lexer.last_nl;
                    lexer.first_nl = NO_NL;
                }
            }
            COMMENT => space = true,
            ERROR_TOKEN if start == 0 && lexer.pos == bom => {}
            _ => {
                toks.push(RawTok {
                    kind,
                    start: start as u32,
                    end: lexer.pos as u32,
                    first_nl,
                    last_nl,
                    // The first token of a file is separated from what comes before it.
                    space_before: space || toks.is_empty(),
                    line_start: first_nl != NO_NL || toks.is_empty(),
                });
                first_nl = NO_NL;
                last_nl = NO_NL;
                space = false;
            }
        }
    }
    if SIGNIFICANT {
        let len = text.len() as u32;
        toks.push(RawTok {
            kind: EOF,
            start: len,
            end: len,
            first_nl,
            last_nl,
            space_before: space,
            line_start: true,
        });
    }
    (lexer.out, toks)
}

struct Lexer<'a> {
    bytes: &'a [u8],
    text: &'a str,
    pos: usize,
    /// The first and last `\n` of the last whitespace token that had one (`first_nl` is
    /// `NO_NL` once the caller has taken them).
    first_nl: u32,
    last_nl: u32,
    out: Lexed,
}

impl Lexer<'_> {
    fn peek(&self, n: usize) -> u8 {
        self.bytes.get(self.pos + n).copied().unwrap_or(0)
    }

    fn error(&mut self, start: usize, message: impl Into<String>) {
        self.out.errors.push(LexError {
            start: start as u32,
            end: self.pos as u32,
            message: message.into(),
        });
    }

    #[inline(always)]
    fn next_kind(&mut self) -> SyntaxKind {
        let start = self.pos;
        let c = self.peek(0);
        match c {
            b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c => {
                while let Some(&b) = self.bytes.get(self.pos) {
                    match b {
                        b'\n' => {
                            if self.first_nl == NO_NL {
                                self.first_nl = self.pos as u32;
                            }
                            self.last_nl = self.pos as u32;
                        }
                        b' ' | b'\t' | b'\r' | 0x0b | 0x0c => {}
                        _ => break,
                    }
                    self.pos += 1;
                }
                WHITESPACE
            }
            b'\\' if self.peek(1) == b'\n' => {
                self.pos += 2;
                WHITESPACE
            }
            b'\\' if self.peek(1) == b'\r' && self.peek(2) == b'\n' => {
                self.pos += 3;
                WHITESPACE
            }
            b'/' if self.peek(1) == b'/' => {
                // A line comment ends at the newline (before a `\r\n`), unless the newline is
                // escaped. Most bytes are neither: found by a plain search.
                loop {
                    let rest = &self.bytes[self.pos..];
                    let Some(nl) = rest.iter().position(|&b| b == b'\n') else {
                        self.pos = self.bytes.len();
                        break;
                    };
                    let before = &rest[..nl];
                    let escaped = before.ends_with(b"\\") || before.ends_with(b"\\\r");
                    if escaped {
                        self.pos += nl + 1;
                        continue;
                    }
                    self.pos += if before.ends_with(b"\r") { nl - 1 } else { nl };
                    break;
                }
                COMMENT
            }
            b'/' if self.peek(1) == b'*' => {
                self.pos += 2;
                loop {
                    if self.pos >= self.bytes.len() {
                        self.error(start, "unterminated block comment");
                        break;
                    }
                    if self.peek(0) == b'*' && self.peek(1) == b'/' {
                        self.pos += 2;
                        break;
                    }
                    self.pos += 1;
                }
                COMMENT
            }
            b'0'..=b'9' => self.number(),
            b'.' if self.peek(1).is_ascii_digit() => self.number(),
            b'"' => self.quoted(b'"', STRING),
            b'\'' => self.quoted(b'\'', CHAR),
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                while is_ident_continue(self.peek(0)) {
                    self.pos += 1;
                }
                // Keywords are lowercase: other names need no lookup.
                if c.is_ascii_lowercase() {
                    SyntaxKind::from_keyword(&self.text[start..self.pos]).unwrap_or(IDENT)
                } else {
                    IDENT
                }
            }
            _ if c >= 0x80 => {
                // A non-ASCII character: skip the whole UTF-8 sequence.
                let ch = self.text[self.pos..]
                    .chars()
                    .next()
                    .map_or(1, char::len_utf8);
                self.pos += ch;
                self.error(start, "unexpected character");
                ERROR_TOKEN
            }
            _ => self.punct(),
        }
    }

    /// A numeric literal: digits, an optional fraction and exponent (or `#INF`), then suffix
    /// letters.
    ///
    /// Unlike a C pp-number it stops before a `.` that starts a swizzle (`1.xxx`,
    /// `0.5f.xx`), which HLSL allows on literals. Bad suffixes stay in the token, for semantic
    /// analysis to report.
    fn number(&mut self) -> SyntaxKind {
        if self.peek(0) == b'0' && matches!(self.peek(1), b'x' | b'X') {
            self.pos += 2;
            while is_ident_continue(self.peek(0)) {
                self.pos += 1;
            }
            return INT_NUMBER;
        }
        let mut float = false;
        while self.peek(0).is_ascii_digit() {
            self.pos += 1;
        }
        if self.peek(0) == b'.' {
            let next = self.peek(1);
            let starts_swizzle = (next.is_ascii_alphabetic() || next == b'_')
                && !matches!(next, b'e' | b'E' | b'f' | b'F' | b'h' | b'H' | b'l' | b'L');
            if !starts_swizzle {
                float = true;
                self.pos += 1;
                while self.peek(0).is_ascii_digit() {
                    self.pos += 1;
                }
            }
        }
        // `1.#INF`: the legacy infinity literal DXC and FXC still take (the digits before it
        // do not matter).
        if self.text[self.pos..].starts_with("#INF") {
            float = true;
            self.pos += "#INF".len();
        } else if matches!(self.peek(0), b'e' | b'E') {
            let sign = usize::from(matches!(self.peek(1), b'+' | b'-'));
            if self.peek(1 + sign).is_ascii_digit() {
                float = true;
                self.pos += 1 + sign;
                while self.peek(0).is_ascii_digit() {
                    self.pos += 1;
                }
            }
        }
        let suffix_start = self.pos;
        while is_ident_continue(self.peek(0)) {
            self.pos += 1;
        }
        let suffix = &self.text[suffix_start..self.pos];
        if float || suffix.starts_with(['f', 'F', 'h', 'H']) {
            FLOAT_NUMBER
        } else {
            INT_NUMBER
        }
    }

    fn quoted(&mut self, quote: u8, kind: SyntaxKind) -> SyntaxKind {
        let start = self.pos;
        self.pos += 1;
        loop {
            match self.peek(0) {
                0 if self.pos >= self.bytes.len() => {
                    self.error(start, "unterminated literal");
                    return kind;
                }
                b'\n' => {
                    self.error(start, "unterminated literal");
                    return kind;
                }
                b'\\' => {
                    self.pos += 1;
                    if self.pos < self.bytes.len() {
                        // Step over the escaped character, keeping to char boundaries.
                        let ch = self.text[self.pos..]
                            .chars()
                            .next()
                            .map_or(1, char::len_utf8);
                        self.pos += ch;
                    }
                }
                c if c == quote => {
                    self.pos += 1;
                    return kind;
                }
                _ => {
                    let ch = self.text[self.pos..]
                        .chars()
                        .next()
                        .map_or(1, char::len_utf8);
                    self.pos += ch;
                }
            }
        }
    }

    // Inlined: a third of all tokens are punctuation, and the call costs as much as the match.
    #[inline(always)]
    fn punct(&mut self) -> SyntaxKind {
        let start = self.pos;
        let next = self.peek(1);
        // `op`, `op=` (and for `&`, `|`, `+`, `-`: the doubled operator).
        let with_eq = |single, eq| if next == b'=' { (eq, 2) } else { (single, 1) };
        let (kind, len) = match self.peek(0) {
            b'(' => (L_PAREN, 1),
            b')' => (R_PAREN, 1),
            b'{' => (L_BRACE, 1),
            b'}' => (R_BRACE, 1),
            b'[' => (L_BRACK, 1),
            b']' => (R_BRACK, 1),
            b';' => (SEMICOLON, 1),
            b',' => (COMMA, 1),
            b'?' => (QUESTION, 1),
            b'~' => (TILDE, 1),
            b'.' if next == b'.' && self.peek(2) == b'.' => (DOT3, 3),
            b'.' => (DOT, 1),
            b':' if next == b':' => (COLON2, 2),
            b':' => (COLON, 1),
            b'#' if next == b'#' => (HASH2, 2),
            b'#' => (HASH, 1),
            b'=' => with_eq(EQ, EQ2),
            b'!' => with_eq(BANG, NEQ),
            b'*' => with_eq(STAR, STAREQ),
            b'/' => with_eq(SLASH, SLASHEQ),
            b'%' => with_eq(PERCENT, PERCENTEQ),
            b'^' => with_eq(CARET, CARETEQ),
            b'<' if next == b'<' && self.peek(2) == b'=' => (SHLEQ, 3),
            b'<' if next == b'<' => (SHL, 2),
            b'<' => with_eq(LT, LTEQ),
            b'>' if next == b'>' && self.peek(2) == b'=' => (SHREQ, 3),
            b'>' if next == b'>' => (SHR, 2),
            b'>' => with_eq(GT, GTEQ),
            b'&' if next == b'&' => (AMP2, 2),
            b'&' => with_eq(AMP, AMPEQ),
            b'|' if next == b'|' => (PIPE2, 2),
            b'|' => with_eq(PIPE, PIPEEQ),
            b'+' if next == b'+' => (PLUS2, 2),
            b'+' => with_eq(PLUS, PLUSEQ),
            b'-' if next == b'-' => (MINUS2, 2),
            b'-' if next == b'>' => (ARROW, 2),
            b'-' => with_eq(MINUS, MINUSEQ),
            _ => {
                self.pos += 1;
                self.error(start, "unexpected character");
                return ERROR_TOKEN;
            }
        };
        self.pos += len;
        kind
    }
}

/// Bytes that continue an identifier: ASCII letters, digits and `_`.
const IDENT_CONTINUE: [bool; 256] = {
    let mut table = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        table[c] = b.is_ascii_alphanumeric() || b == b'_';
        c += 1;
    }
    table
};

fn is_ident_continue(c: u8) -> bool {
    IDENT_CONTINUE[usize::from(c)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use expect_test::{expect, Expect};

    fn check(text: &str, expect: Expect) {
        let lexed = lex(text);
        let mut out = String::new();
        for (kind, start, end) in lexed.iter_ranges() {
            out.push_str(&format!(
                "{kind:?} {:?}\n",
                &text[start as usize..end as usize]
            ));
        }
        for e in &lexed.errors {
            out.push_str(&format!("error {}..{}: {}\n", e.start, e.end, e.message));
        }
        expect.assert_eq(&out);
    }

    #[test]
    fn infinity_literals() {
        // DXC's legacy infinity: `#INF` ends the number (a suffix may follow); a lone `#` after
        // a number is still a punctuation token.
        check(
            "1.#INF -1.#INF 1#INF 1.#INFf 2#",
            expect![[r##"
                FLOAT_NUMBER "1.#INF"
                WHITESPACE " "
                MINUS "-"
                FLOAT_NUMBER "1.#INF"
                WHITESPACE " "
                FLOAT_NUMBER "1#INF"
                WHITESPACE " "
                FLOAT_NUMBER "1.#INFf"
                WHITESPACE " "
                INT_NUMBER "2"
                HASH "#"
            "##]],
        );
    }

    #[test]
    fn numbers() {
        check(
            "1 0x1F 017 1u 2ul 3ll .5 1. 1e5 1.5e-3f 2h 0x10u 1.0L 7F 1.xxx 0.5f.xy 1.e3 2e",
            expect![[r#"
                INT_NUMBER "1"
                WHITESPACE " "
                INT_NUMBER "0x1F"
                WHITESPACE " "
                INT_NUMBER "017"
                WHITESPACE " "
                INT_NUMBER "1u"
                WHITESPACE " "
                INT_NUMBER "2ul"
                WHITESPACE " "
                INT_NUMBER "3ll"
                WHITESPACE " "
                FLOAT_NUMBER ".5"
                WHITESPACE " "
                FLOAT_NUMBER "1."
                WHITESPACE " "
                FLOAT_NUMBER "1e5"
                WHITESPACE " "
                FLOAT_NUMBER "1.5e-3f"
                WHITESPACE " "
                FLOAT_NUMBER "2h"
                WHITESPACE " "
                INT_NUMBER "0x10u"
                WHITESPACE " "
                FLOAT_NUMBER "1.0L"
                WHITESPACE " "
                FLOAT_NUMBER "7F"
                WHITESPACE " "
                INT_NUMBER "1"
                DOT "."
                IDENT "xxx"
                WHITESPACE " "
                FLOAT_NUMBER "0.5f"
                DOT "."
                IDENT "xy"
                WHITESPACE " "
                FLOAT_NUMBER "1.e3"
                WHITESPACE " "
                INT_NUMBER "2e"
            "#]],
        );
    }

    #[test]
    fn punctuation_and_keywords() {
        check(
            "a>>=b<<c::d ... struct row_major ->",
            expect![[r#"
                IDENT "a"
                SHREQ ">>="
                IDENT "b"
                SHL "<<"
                IDENT "c"
                COLON2 "::"
                IDENT "d"
                WHITESPACE " "
                DOT3 "..."
                WHITESPACE " "
                STRUCT_KW "struct"
                WHITESPACE " "
                IDENT "row_major"
                WHITESPACE " "
                ARROW "->"
            "#]],
        );
    }

    #[test]
    fn significant_tokens_know_the_lines_before_them() {
        let text = "\u{feff}#if A // c\n\n  x \\\n y/* a\nb */z\n";
        let (lexed, toks) = lex_with_significant(text);
        assert_eq!(
            lexed.tokens.iter().map(|t| t.len).sum::<u32>(),
            text.len() as u32
        );
        let mut out = String::new();
        for t in &toks {
            let nl = |n: u32| {
                if n == NO_NL {
                    "-".to_string()
                } else {
                    n.to_string()
                }
            };
            out.push_str(&format!(
                "{:?} {:?} nl {}..{} space {} line_start {}\n",
                t.kind,
                &text[t.start as usize..t.end as usize],
                nl(t.first_nl),
                nl(t.last_nl),
                t.space_before,
                t.line_start,
            ));
        }
        expect![[r##"
            HASH "#" nl -..- space true line_start true
            IF_KW "if" nl -..- space false line_start false
            IDENT "A" nl -..- space true line_start false
            IDENT "x" nl 13..14 space true line_start true
            IDENT "y" nl -..- space true line_start false
            IDENT "z" nl -..- space true line_start false
            EOF "" nl 33..33 space true line_start true
        "##]]
        .assert_eq(&out);
    }

    #[test]
    fn comments_strings_and_continuations() {
        check(
            "// line \\\n still\n/* block */\"s\\\"x\" \\\n@é\"open\n/* open",
            expect![[r#"
                COMMENT "// line \\\n still"
                WHITESPACE "\n"
                COMMENT "/* block */"
                STRING "\"s\\\"x\""
                WHITESPACE " "
                WHITESPACE "\\\n"
                ERROR_TOKEN "@"
                ERROR_TOKEN "é"
                STRING "\"open"
                WHITESPACE "\n"
                COMMENT "/* open"
                error 37..38: unexpected character
                error 38..40: unexpected character
                error 40..45: unterminated literal
                error 46..53: unterminated block comment
            "#]],
        );
    }

    #[test]
    fn line_comments_end_before_the_newline_unless_escaped() {
        // `\r\n` ends a comment before its `\r`; a backslash before `\n` or `\r\n` continues
        // it, the last of two backslashes too; a lone `\r` is comment text.
        check(
            "// a\r\n// b \\\r\n c\n// d\r\r\n//e\\\\\nf\n// g",
            expect![[r#"
                COMMENT "// a"
                WHITESPACE "\r\n"
                COMMENT "// b \\\r\n c"
                WHITESPACE "\n"
                COMMENT "// d\r"
                WHITESPACE "\r\n"
                COMMENT "//e\\\\\nf"
                WHITESPACE "\n"
                COMMENT "// g"
            "#]],
        );
    }
}
