//! Incremental re-parsing of an edit inside one token, after rust-analyzer's `reparsing.rs`.
//!
//! When an edit changes the text of one number or identifier and nothing else (the token keeps
//! its kind, its neighbours keep theirs, an identifier is no macro name before or after and
//! means nothing special to the grammar), the token stream, the parse and every tree node stay
//! the same: only that token's text changes and everything after it moves. `reparse_token`
//! builds that parse from the old one, splicing the new token into the trees already built,
//! and answers `None` whenever it is in any doubt (directives, macros, `#line`, diagnostics),
//! so the caller parses from scratch. Included files are the caller's to check: the result is
//! right if they read the same as for `old`. The base database calls it from the `parse_file` query;
//! a property test checks the result against a fresh parse on random edits.

use std::sync::{Arc, OnceLock};

use rowan::{GreenNode, GreenToken, TextRange, TextSize};

use crate::lexer::{self, LexedToken};
use crate::parser::classify_ident;
use crate::preprocess::{PpToken, Preprocessed, TokenOrigin};
use crate::tree_builder::ExpandedTree;
use crate::{FileId, ParsedFile, SyntaxKind, SyntaxNode};

/// The parse of `new_text`, made from `old` (the parse of another version of the same file
/// under the same configuration) when the two texts differ inside one number or identifier
/// token; `None` when the edit is anything else.
pub fn reparse_token(old: &ParsedFile, new_text: &str) -> Option<ParsedFile> {
    let pp = &old.preprocessed;
    // Anything that makes offsets meaningful outside the token stream, or whose positions
    // would need moving, is left to a full parse.
    if !old.diagnostics.is_empty()
        || !old.lexed.errors.is_empty()
        || !pp.line_directives.is_empty()
        || !pp.diagnostics.is_empty()
    {
        return None;
    }
    let edit = TextEdit::between(&old.text, new_text)?;
    // The raw token holding the edit: at a boundary, the one it ends (the edit appends to
    // it), else the one it starts.
    let (k, token_start) = raw_token_at(&old.lexed.tokens, edit.start)?;
    if k > 0 && token_start == edit.start {
        let before = token_start - old.lexed.tokens[k - 1].len;
        if let Some(parsed) = reparse_in(old, new_text, edit, k - 1, before) {
            return Some(parsed);
        }
    }
    reparse_in(old, new_text, edit, k, token_start)
}

/// `reparse_token` for an edit inside raw token `k`, which starts at `token_start`.
fn reparse_in(
    old: &ParsedFile,
    new_text: &str,
    edit: TextEdit,
    k: usize,
    token_start: u32,
) -> Option<ParsedFile> {
    let pp = &old.preprocessed;
    let old_text: &str = &old.text;
    let old_token = old.lexed.tokens[k];
    let token_end = token_start + old_token.len;
    if edit.old_end > token_end || token_start == token_end {
        return None;
    }
    let kind = old_token.kind;
    let trivia = is_trivia(kind);
    if !trivia
        && !matches!(
            kind,
            SyntaxKind::INT_NUMBER | SyntaxKind::FLOAT_NUMBER | SyntaxKind::IDENT
        )
    {
        return None;
    }
    let new_len = u32::try_from(i64::from(old_token.len) + edit.delta()).ok()?;
    if new_len == 0 {
        return None;
    }
    check_relex(&old.lexed.tokens, k, token_start, new_text, edit.delta())?;
    let old_spelling = &old_text[token_start as usize..token_end as usize];
    let new_spelling = &new_text[token_start as usize..(token_start + new_len) as usize];
    if kind == SyntaxKind::IDENT && !same_meaning_ident(pp, old_spelling, new_spelling) {
        return None;
    }
    let old_range = TextRange::new(token_start.into(), token_end.into());
    let shift = Shift {
        file: old.file,
        token: old_range,
        delta: edit.delta(),
    };
    if trivia {
        // Whitespace or a comment: no token of the stream changes, only what comes after
        // moves. Lines must stay lines (directives, `__LINE__`), and directive lines, skipped
        // regions and macro uses are left to a full parse.
        let line_break = |s: &str| s.bytes().any(|b| matches!(b, b'\n' | b'\r' | b'\\'));
        let removed = &old_text[edit.start as usize..edit.old_end as usize];
        let inserted = &new_text[edit.start as usize..edit.new_end as usize];
        if line_break(removed) || line_break(inserted) || old_spelling.starts_with('\\') {
            return None;
        }
        let touches = |r: &crate::preprocess::Region| {
            r.range.start() <= old_range.end() && old_range.start() <= r.range.end()
        };
        if pp.regions.iter().any(touches) {
            return None;
        }
    }

    let (index, preprocessed) = if trivia {
        let mut out = (**pp).clone();
        shift_ranges(&mut out, &shift)?;
        (None, out)
    } else {
        // The token in the expanded stream: written in the main file at exactly this range.
        let index = stream_index(pp, old.file, old_range)?;
        (
            Some(index),
            shift_preprocessed(pp, index, new_spelling, &shift)?,
        )
    };

    let mut lexed = (*old.lexed).clone();
    lexed.tokens[k] = LexedToken { kind, len: new_len };

    let lossless = match old.lossless.get() {
        Some(green) => {
            let spliced = splice_token(green, old_range, kind, new_spelling)?;
            Arc::new(OnceLock::from(spliced))
        }
        None => Arc::default(),
    };
    let expanded = match (old.expanded.get(), index) {
        // Trivia is one space in the expanded tree whatever it spells: nothing changes.
        (Some(tree), None) => Arc::new(OnceLock::from(tree.clone())),
        (Some(tree), Some(index)) => {
            let start = *tree.token_starts.get(index)?;
            let range = TextRange::at(start, old_range.len());
            let green = splice_token(&tree.green, range, kind, new_spelling)?;
            let mut token_starts = tree.token_starts.clone();
            for s in &mut token_starts[index + 1..] {
                *s = shift_offset(*s, edit.delta())?;
            }
            Arc::new(OnceLock::from(ExpandedTree {
                green,
                token_starts,
                // Only a parse without errors is reused.
                error_offsets: Vec::new(),
            }))
        }
        (None, _) => Arc::default(),
    };

    Some(ParsedFile {
        file: old.file,
        text: Arc::from(new_text),
        lexed: Arc::new(lexed),
        preprocessed: Arc::new(preprocessed),
        parse: old.parse.clone(),
        diagnostics: Vec::new(),
        lossless,
        expanded,
    })
}

/// The one changed span between two texts: `[start, old_end)` of the old text became
/// `[start, new_end)` of the new one.
#[derive(Debug, Clone, Copy)]
struct TextEdit {
    start: u32,
    old_end: u32,
    new_end: u32,
}

impl TextEdit {
    /// The smallest such span; `None` for equal texts or texts too long for offsets.
    fn between(old: &str, new: &str) -> Option<TextEdit> {
        if old == new || u32::try_from(old.len().max(new.len())).is_err() {
            return None;
        }
        let (a, b) = (old.as_bytes(), new.as_bytes());
        let prefix = common_prefix(a, b);
        let room = a.len().min(b.len()) - prefix;
        let suffix = common_suffix(&a[prefix..], &b[prefix..]).min(room);
        Some(TextEdit {
            start: prefix as u32,
            old_end: (a.len() - suffix) as u32,
            new_end: (b.len() - suffix) as u32,
        })
    }

    fn delta(&self) -> i64 {
        i64::from(self.new_end) - i64::from(self.old_end)
    }
}

/// The length of the common prefix of `a` and `b`, compared a block at a time (this runs on
/// every keystroke over the whole file).
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    const BLOCK: usize = 64;
    let n = a.len().min(b.len());
    let mut i = 0;
    while i + BLOCK <= n && a[i..i + BLOCK] == b[i..i + BLOCK] {
        i += BLOCK;
    }
    i + a[i..n]
        .iter()
        .zip(&b[i..n])
        .take_while(|(x, y)| x == y)
        .count()
}

/// The length of the common suffix of `a` and `b`.
fn common_suffix(a: &[u8], b: &[u8]) -> usize {
    const BLOCK: usize = 64;
    let n = a.len().min(b.len());
    let (a, b) = (&a[a.len() - n..], &b[b.len() - n..]);
    let mut i = 0;
    while i + BLOCK <= n && a[n - i - BLOCK..n - i] == b[n - i - BLOCK..n - i] {
        i += BLOCK;
    }
    i + a[..n - i]
        .iter()
        .rev()
        .zip(b[..n - i].iter().rev())
        .take_while(|(x, y)| x == y)
        .count()
}

/// The index and start of the raw token whose text holds offset `at`, or of the last token
/// when `at` is the end of the text.
fn raw_token_at(tokens: &[LexedToken], at: u32) -> Option<(usize, u32)> {
    let mut start = 0u32;
    for (i, t) in tokens.iter().enumerate() {
        let end = start + t.len;
        if at < end || (at == end && i + 1 == tokens.len()) {
            return Some((i, start));
        }
        start = end;
    }
    None
}

fn is_trivia(kind: SyntaxKind) -> bool {
    matches!(kind, SyntaxKind::WHITESPACE | SyntaxKind::COMMENT)
}

/// Checks that lexing the edited token with two neighbours on each side gives the same
/// tokens, only the edited one longer or shorter by `delta`.
fn check_relex(
    tokens: &[LexedToken],
    k: usize,
    token_start: u32,
    new_text: &str,
    delta: i64,
) -> Option<()> {
    let first = k.saturating_sub(2);
    let last = (k + 2).min(tokens.len() - 1);
    let before: u32 = tokens[first..k].iter().map(|t| t.len).sum();
    let window_start = token_start - before;
    let old_window: u32 = tokens[first..=last].iter().map(|t| t.len).sum();
    let window_end = u32::try_from(i64::from(window_start + old_window) + delta).ok()?;
    let window = new_text.get(window_start as usize..window_end as usize)?;
    let relexed = lexer::lex(window);
    if !relexed.errors.is_empty() || relexed.tokens.len() != last - first + 1 {
        return None;
    }
    for (i, (new, old)) in relexed.tokens.iter().zip(&tokens[first..=last]).enumerate() {
        let expected_len = if first + i == k {
            u32::try_from(i64::from(old.len) + delta).ok()?
        } else {
            old.len
        };
        if new.kind != old.kind || new.len != expected_len {
            return None;
        }
    }
    Some(())
}

/// Whether renaming identifier `old` to `new` can change nothing but the token's text: neither
/// is a macro name (or could become one), and the grammar classifies both alike.
fn same_meaning_ident(pp: &Preprocessed, old: &str, new: &str) -> bool {
    let special = |s: &str| s.starts_with("__") || matches!(s, "defined" | "_Pragma");
    let defined = |s: &str| pp.macro_definitions.iter().any(|d| d.name == s);
    !special(old)
        && !special(new)
        && !defined(old)
        && !defined(new)
        && classify_ident(old) == classify_ident(new)
}

/// The index of the expanded-stream token written in `file` at exactly `range`.
fn stream_index(pp: &Preprocessed, file: FileId, range: TextRange) -> Option<usize> {
    // Tokens of included files interleave with the main file's, so no order to search by.
    let written = TokenOrigin::File { file, range };
    pp.tokens.iter().position(|t| t.origin == written)
}

/// How offsets of the main file move: ranges after `token` by `delta`, `token` itself grows
/// or shrinks at its end.
struct Shift {
    file: FileId,
    token: TextRange,
    delta: i64,
}

impl Shift {
    /// `range` of `file` after the edit; `None` for a range that overlaps the token without
    /// being it (which a token edit cannot move soundly).
    fn range(&self, file: FileId, range: TextRange) -> Option<TextRange> {
        if file != self.file || range.end() <= self.token.start() {
            return Some(range);
        }
        if range.start() >= self.token.end() {
            return Some(TextRange::new(
                shift_offset(range.start(), self.delta)?,
                shift_offset(range.end(), self.delta)?,
            ));
        }
        if range == self.token {
            return Some(TextRange::new(
                range.start(),
                shift_offset(range.end(), self.delta)?,
            ));
        }
        None
    }
}

fn shift_offset(offset: TextSize, delta: i64) -> Option<TextSize> {
    u32::try_from(i64::from(u32::from(offset)) + delta)
        .ok()
        .map(TextSize::from)
}

/// `pp` with token `index` spelled `spelling` and every range of the main file moved.
fn shift_preprocessed(
    pp: &Preprocessed,
    index: usize,
    spelling: &str,
    shift: &Shift,
) -> Option<Preprocessed> {
    let mut out = pp.clone();
    // The token's text in the arena.
    let edited = pp.tokens[index];
    let (start, end) = (edited.text_start, edited.text_start + edited.text_len);
    let new_len = u32::try_from(spelling.len()).ok()?;
    let arena_delta = i64::from(new_len) - i64::from(edited.text_len);
    let shares_text = |(i, t): (usize, &PpToken)| {
        i != index && t.text_start < end && t.text_start + t.text_len > start
    };
    if pp.tokens.iter().enumerate().any(shares_text) {
        // Another token's text overlaps the edited one: too clever to patch.
        return None;
    }
    out.text
        .replace_range(start as usize..end as usize, spelling);
    out.tokens[index].text_len = new_len;
    if arena_delta == 0 {
        // Nothing moves (typing over a digit, say).
        return Some(out);
    }
    for (i, t) in out.tokens.iter_mut().enumerate() {
        if i != index && t.text_start >= end {
            t.text_start = u32::try_from(i64::from(t.text_start) + arena_delta).ok()?;
        }
    }
    shift_ranges(&mut out, shift)?;
    Some(out)
}

/// Moves every range of the main file in `pp` as `shift` says.
fn shift_ranges(out: &mut Preprocessed, shift: &Shift) -> Option<()> {
    for t in &mut out.tokens {
        t.origin = match t.origin {
            TokenOrigin::File { file, range } => TokenOrigin::File {
                file,
                range: shift.range(file, range)?,
            },
            TokenOrigin::Macro {
                file,
                call,
                spelled,
            } => TokenOrigin::Macro {
                file,
                call: shift.range(file, call)?,
                spelled: match spelled {
                    Some((f, r)) => Some((f, shift.range(f, r)?)),
                    None => None,
                },
            },
        };
    }
    for region in &mut out.regions {
        region.range = shift.range(shift.file, region.range)?;
    }
    for def in &mut out.macro_definitions {
        if !def.predefined {
            def.name_range = shift.range(def.file, def.name_range)?;
        }
    }
    for include in &mut out.includes {
        include.path_range = shift.range(include.from, include.path_range)?;
    }
    for used in &mut out.macro_uses {
        used.name_range = shift.range(used.file, used.name_range)?;
    }
    Some(())
}

/// `root` with the token at `range` (of kind `kind`) spelled `spelling`; the nodes off the
/// path to it are shared with `root`.
fn splice_token(
    root: &GreenNode,
    range: TextRange,
    kind: SyntaxKind,
    spelling: &str,
) -> Option<GreenNode> {
    let tree = SyntaxNode::new_root(root.clone());
    let token = tree
        .token_at_offset(range.start())
        .find(|t| t.text_range() == range)?;
    if token.kind() != kind {
        return None;
    }
    Some(token.replace_with(GreenToken::new(kind.into(), spelling)))
}

#[cfg(test)]
mod tests;
