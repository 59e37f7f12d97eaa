//! `#if` expressions: C integer constant expressions over 64-bit values.
//!
//! The tokens arrive macro-expanded, `defined` already replaced by `1` or `0`. Identifiers left
//! are `0` (`true` is `1`). Values are signed unless an operand is unsigned (a `u` suffix or a
//! literal too large for `i64`), as C's usual arithmetic conversions say. `&&`, `||` and `?:`
//! only report errors (division by zero) in the operands they evaluate.

use rowan::TextRange;

use super::engine::{is_ident_like, site, Pp, Tok};
use super::FileId;
use crate::SyntaxKind::{self, *};

/// Deepest nesting of parentheses and unary operators.
const MAX_DEPTH: usize = 256;

/// Why an expression could not be evaluated.
pub(super) struct ExprError {
    pub code: &'static str,
    pub message: String,
    /// Where (`None`: the whole directive).
    pub at: Option<(FileId, TextRange)>,
}

#[derive(Debug, Clone, Copy)]
struct Val {
    v: u64,
    unsigned: bool,
}

impl Val {
    fn int(v: i64) -> Val {
        Val {
            v: v as u64,
            unsigned: false,
        }
    }

    fn bool(b: bool) -> Val {
        Val::int(b as i64)
    }

    fn truthy(self) -> bool {
        self.v != 0
    }
}

struct Parser<'p, 'a> {
    pp: &'p Pp<'a>,
    toks: &'p [Tok],
    pos: usize,
    depth: usize,
}

type Res = Result<Val, ExprError>;

impl Pp<'_> {
    /// Evaluates a `#if` expression.
    pub(super) fn eval_expr(&self, toks: &[Tok]) -> Result<i64, ExprError> {
        let mut p = Parser {
            pp: self,
            toks,
            pos: 0,
            depth: 0,
        };
        if toks.is_empty() {
            return Err(ExprError {
                code: "E1010",
                message: "expected an expression after #if".to_string(),
                at: None,
            });
        }
        let v = p.cond(true)?;
        if let Some(t) = p.toks.get(p.pos) {
            return Err(p.err_at(t, "unexpected token in #if expression"));
        }
        Ok(v.v as i64)
    }
}

fn binary_prec(kind: SyntaxKind) -> Option<u8> {
    Some(match kind {
        PIPE2 => 1,
        AMP2 => 2,
        PIPE => 3,
        CARET => 4,
        AMP => 5,
        EQ2 | NEQ => 6,
        LT | GT | LTEQ | GTEQ => 7,
        SHL | SHR => 8,
        PLUS | MINUS => 9,
        STAR | SLASH | PERCENT => 10,
        _ => return None,
    })
}

impl Parser<'_, '_> {
    fn peek(&self) -> SyntaxKind {
        self.toks.get(self.pos).map_or(EOF, |t| t.kind)
    }

    fn err_at(&self, t: &Tok, msg: &str) -> ExprError {
        let text = self.pp.text(t);
        ExprError {
            code: "E1010",
            message: format!("{msg}: `{text}`"),
            at: Some(site(t)),
        }
    }

    fn err_end(&self, msg: &str) -> ExprError {
        ExprError {
            code: "E1010",
            message: msg.to_string(),
            at: self.toks.last().map(site),
        }
    }

    fn enter(&mut self) -> Result<(), ExprError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.err_end("#if expression nested too deeply"));
        }
        Ok(())
    }

    /// `a ? b : c`, evaluating only the chosen branch when `live`.
    fn cond(&mut self, live: bool) -> Res {
        self.enter()?;
        let c = self.binary(1, live)?;
        let r = if self.peek() == QUESTION {
            self.pos += 1;
            let a = self.cond(live && c.truthy())?;
            if self.peek() != COLON {
                return Err(self.err_end("expected `:` in #if expression"));
            }
            self.pos += 1;
            let b = self.cond(live && !c.truthy())?;
            let unsigned = a.unsigned || b.unsigned;
            let v = if c.truthy() { a.v } else { b.v };
            Val { v, unsigned }
        } else {
            c
        };
        self.depth -= 1;
        Ok(r)
    }

    fn binary(&mut self, min_prec: u8, live: bool) -> Res {
        let mut lhs = self.unary(live)?;
        while let Some(prec) = binary_prec(self.peek()).filter(|&p| p >= min_prec) {
            let op_index = self.pos;
            let op = self.peek();
            self.pos += 1;
            let rhs_live = match op {
                AMP2 => live && lhs.truthy(),
                PIPE2 => live && !lhs.truthy(),
                _ => live,
            };
            let rhs = self.binary(prec + 1, rhs_live)?;
            lhs = self.apply(op, lhs, rhs, live, op_index)?;
        }
        Ok(lhs)
    }

    fn apply(&self, op: SyntaxKind, a: Val, b: Val, live: bool, op_index: usize) -> Res {
        let unsigned = a.unsigned || b.unsigned;
        let (x, y) = (a.v, b.v);
        let (sx, sy) = (x as i64, y as i64);
        let arith = |v: u64| Val { v, unsigned };
        Ok(match op {
            PIPE2 => Val::bool(a.truthy() || b.truthy()),
            AMP2 => Val::bool(a.truthy() && b.truthy()),
            PIPE => arith(x | y),
            CARET => arith(x ^ y),
            AMP => arith(x & y),
            EQ2 => Val::bool(x == y),
            NEQ => Val::bool(x != y),
            LT | GT | LTEQ | GTEQ => {
                let ord = if unsigned { x.cmp(&y) } else { sx.cmp(&sy) };
                Val::bool(match op {
                    LT => ord.is_lt(),
                    GT => ord.is_gt(),
                    LTEQ => ord.is_le(),
                    _ => ord.is_ge(),
                })
            }
            SHL => Val {
                v: x.wrapping_shl(y.min(63) as u32),
                unsigned: a.unsigned,
            },
            SHR => Val {
                v: if a.unsigned {
                    x.wrapping_shr(y.min(63) as u32)
                } else {
                    (sx >> y.min(63)) as u64
                },
                unsigned: a.unsigned,
            },
            PLUS => arith(x.wrapping_add(y)),
            MINUS => arith(x.wrapping_sub(y)),
            STAR => arith(x.wrapping_mul(y)),
            SLASH | PERCENT => {
                if y == 0 {
                    if !live {
                        return Ok(Val::int(0));
                    }
                    let at = self.toks.get(op_index).map(site);
                    return Err(ExprError {
                        code: "E1011",
                        message: "division by zero in #if expression".to_string(),
                        at,
                    });
                }
                let v = match (op, unsigned) {
                    (SLASH, true) => x / y,
                    (SLASH, false) => sx.wrapping_div(sy) as u64,
                    (_, true) => x % y,
                    (_, false) => sx.wrapping_rem(sy) as u64,
                };
                arith(v)
            }
            _ => Val::int(0),
        })
    }

    fn unary(&mut self, live: bool) -> Res {
        let Some(t) = self.toks.get(self.pos).copied() else {
            return Err(self.err_end("expected a value in #if expression"));
        };
        self.pos += 1;
        match t.kind {
            PLUS | MINUS | BANG | TILDE => {
                self.enter()?;
                let v = self.unary(live)?;
                self.depth -= 1;
                Ok(match t.kind {
                    PLUS => v,
                    MINUS => Val {
                        v: v.v.wrapping_neg(),
                        unsigned: v.unsigned,
                    },
                    BANG => Val::bool(!v.truthy()),
                    _ => Val {
                        v: !v.v,
                        unsigned: v.unsigned,
                    },
                })
            }
            L_PAREN => {
                let v = self.cond(live)?;
                if self.peek() != R_PAREN {
                    return Err(self.err_end("expected `)` in #if expression"));
                }
                self.pos += 1;
                Ok(v)
            }
            INT_NUMBER => parse_int(self.pp.text(&t))
                .ok_or_else(|| self.err_at(&t, "invalid integer literal in #if expression")),
            CHAR => parse_char(self.pp.text(&t))
                .ok_or_else(|| self.err_at(&t, "invalid character literal in #if expression")),
            FLOAT_NUMBER => Err(self.err_at(&t, "floating-point literal in #if expression")),
            TRUE_KW => Ok(Val::int(1)),
            k if is_ident_like(k) => Ok(Val::int(0)),
            _ => Err(self.err_at(&t, "unexpected token in #if expression")),
        }
    }
}

/// An integer literal: decimal, `0x` hex, `0b` binary or octal, with `u`/`l` suffixes.
fn parse_int(text: &str) -> Option<Val> {
    let digits_end = text.trim_end_matches(['u', 'U', 'l', 'L']).len();
    let suffix = &text[digits_end..];
    let body = &text[..digits_end];
    let mut unsigned = suffix.contains(['u', 'U']);
    let (digits, radix) = if let Some(h) = body.strip_prefix("0x").or(body.strip_prefix("0X")) {
        (h, 16)
    } else if let Some(b) = body.strip_prefix("0b").or(body.strip_prefix("0B")) {
        (b, 2)
    } else if body.len() > 1 && body.starts_with('0') {
        (&body[1..], 8)
    } else {
        (body, 10)
    };
    if digits.is_empty() {
        return None;
    }
    let v = u64::from_str_radix(digits, radix).ok()?;
    if v > i64::MAX as u64 {
        unsigned = true;
    }
    Some(Val { v, unsigned })
}

/// A character literal's value (several characters are combined, as C compilers do).
fn parse_char(text: &str) -> Option<Val> {
    let inner = text.strip_prefix('\'')?.strip_suffix('\'')?;
    let bytes = inner.as_bytes();
    let mut i = 0;
    let mut value: u64 = 0;
    let mut count = 0;
    while i < bytes.len() {
        let c = if bytes[i] == b'\\' {
            i += 1;
            let e = *bytes.get(i)?;
            i += 1;
            match e {
                b'n' => 10,
                b't' => 9,
                b'r' => 13,
                b'a' => 7,
                b'b' => 8,
                b'f' => 12,
                b'v' => 11,
                b'x' => {
                    let start = i;
                    while i < bytes.len() && bytes[i].is_ascii_hexdigit() {
                        i += 1;
                    }
                    u64::from_str_radix(inner.get(start..i)?, 16).ok()? & 0xff
                }
                b'0'..=b'7' => {
                    let start = i - 1;
                    while i < bytes.len() && i < start + 3 && (b'0'..=b'7').contains(&bytes[i]) {
                        i += 1;
                    }
                    u64::from_str_radix(inner.get(start..i)?, 8).ok()? & 0xff
                }
                other => u64::from(other),
            }
        } else {
            let ch = inner.get(i..)?.chars().next()?;
            i += ch.len_utf8();
            u64::from(u32::from(ch))
        };
        value = (value << 8) | c;
        count += 1;
    }
    if count == 0 {
        return None;
    }
    // A single plain character is a (signed) char.
    if count == 1 && value < 0x80 {
        return Some(Val::int(value as i64));
    }
    Some(Val::int(value as i64))
}
