//! Directive lines: `#define`, `#undef`, `#include`, the conditionals (with the skipping of
//! inactive groups), `#pragma`, `#error`, `#warning` and `#line`.
//!
//! A directive line runs from its `#` to the end of the line; in the main file it becomes a
//! `RegionKind::Directive` region, and lines skipped by a false condition become
//! `RegionKind::Inactive` regions (broken by the nested conditional directives, which stay
//! directive regions).

use std::rc::Rc;
use std::sync::Arc;

use rowan::TextRange;

use super::engine::{
    is_ident_like, lex_file, Cond, Item, ItemKind, LineOverride, Macro, Pp, RawTok, Tok,
    MAX_INCLUDED_TOKENS, MAX_INCLUDE_DEPTH, NO_NL, PREDEF_FILE,
};
use super::{
    Diagnostic, FileId, Include, LineDirective, MacroDefinition, MacroUse, PackMatrixPragma,
    RegionKind, TokenOrigin,
};
use crate::SyntaxKind::*;

/// The tokens of a directive line after the `#`, and where the line ends.
struct Line {
    lexed: Rc<super::engine::LexedFile>,
    /// Indices of the tokens after `#` in `lexed.toks`.
    start: usize,
    end: usize,
    /// The `#`.
    hash: u32,
    /// Offset of the newline ending the line (or the end of the text).
    line_end: u32,
    file: FileId,
}

impl Line {
    fn toks(&self) -> &[RawTok] {
        self.lexed.toks.get(self.start..self.end).unwrap_or(&[])
    }

    fn range(&self) -> TextRange {
        TextRange::new(self.hash.into(), self.line_end.max(self.hash).into())
    }

    /// The offset where the next line starts.
    fn next_line(&self, text_len: u32) -> u32 {
        if self.line_end < text_len {
            self.line_end + 1
        } else {
            text_len
        }
    }
}

fn raw_range(t: &RawTok) -> TextRange {
    TextRange::new(t.start.into(), t.end.into())
}

impl Pp<'_> {
    /// Reads the rest of the line whose `#` was just read.
    fn read_line(&mut self, hash: u32) -> Option<Line> {
        let f = self.files.last_mut()?;
        let lexed = f.lexed.clone();
        let start = f.pos;
        let mut end = start;
        while let Some(t) = lexed.toks.get(end) {
            if t.line_start || t.kind == EOF {
                break;
            }
            end += 1;
        }
        f.pos = end;
        let (file, src) = (f.id, f.src);
        let text_len = self.src_text(src).len() as u32;
        let line_end = match lexed.toks.get(end) {
            Some(t) if t.first_nl != NO_NL => t.first_nl,
            _ => text_len,
        };
        Some(Line {
            lexed,
            start,
            end,
            hash,
            line_end,
            file,
        })
    }

    fn cur_text_len(&self) -> u32 {
        self.files
            .last()
            .map_or(0, |f| self.src_text(f.src).len() as u32)
    }

    fn raw_text(&self, t: &RawTok) -> &str {
        let src = self.files.last().map_or(0, |f| f.src);
        self.src_text(src)
            .get(t.start as usize..t.end as usize)
            .unwrap_or("")
    }

    /// Handles the directive line whose `#` is `hash`.
    pub(super) fn directive(&mut self, hash: RawTok, in_args: bool) {
        let Some(line) = self.read_line(hash.start) else {
            return;
        };
        self.flush_lex_errors(line.line_end, true);
        self.region(RegionKind::Directive, line.file, hash.start, line.line_end);
        let toks = line.toks();
        let Some(name_tok) = toks.first().copied() else {
            return; // The null directive.
        };
        let name = self.raw_text(&name_tok).to_string();
        let args = &toks[1..];
        let at = (line.file, line.range());
        match name.as_str() {
            "define" => self.define(args, &line),
            "undef" => self.undef(args, &line),
            "include" => {
                if in_args {
                    self.error(
                        "E1018",
                        "#include inside macro arguments is not supported",
                        at,
                    );
                } else {
                    self.include(args, &line);
                }
            }
            "if" => {
                let v = self.eval_if(args, &line);
                self.open_cond(&line, v);
            }
            "ifdef" | "ifndef" => {
                // `#ifndef X` as the first line of a file may be an include guard.
                let first_in_file = self
                    .files
                    .last()
                    .is_some_and(|f| f.lexed.toks.first().is_some_and(|t| t.start == hash.start));
                if name == "ifndef" && first_in_file && args.len() == 1 {
                    let guard = self.raw_text(&args[0]).to_string();
                    if let Some(f) = self.files.last_mut() {
                        f.guard = Some((guard, None));
                    }
                }
                let v = self.ifdef(args, &line, &name);
                self.open_cond(&line, v);
            }
            "elif" | "else" => {
                let Some(c) = self.files.last_mut().and_then(|f| f.conds.last_mut()) else {
                    self.error("E1014", format!("#{name} without #if"), at);
                    return;
                };
                let seen_else = c.seen_else;
                c.taken = true;
                if name == "else" {
                    c.seen_else = true;
                    self.extra_tokens(args, &line, &name);
                }
                if let Some(f) = self.files.last_mut() {
                    if f.conds.len() == 1 {
                        f.guard = None;
                    }
                }
                if seen_else {
                    self.error("E1013", format!("#{name} after #else"), at);
                }
                // A branch was active: skip the rest of the group.
                let start = line.next_line(self.cur_text_len());
                self.skip(start);
            }
            "endif" => {
                self.extra_tokens(args, &line, &name);
                if self.files.last_mut().and_then(|f| f.conds.pop()).is_none() {
                    self.error("E1014", "#endif without #if", at);
                }
                self.guard_endif();
            }
            "pragma" => self.pragma(args),
            "error" | "warning" => {
                let text = self.rest_text(args);
                let msg = if text.is_empty() {
                    format!("#{name}")
                } else {
                    text
                };
                if name == "error" {
                    self.error("E1015", msg, at);
                } else {
                    self.warning("W1002", msg, at);
                }
            }
            "line" => self.line_directive(args, &line),
            _ if name_tok.kind == INT_NUMBER => self.line_directive(toks, &line),
            _ => self.error("E1016", format!("unknown directive `#{name}`"), at),
        }
    }

    /// The source text of `args` (to the end of the line), trimmed.
    /// The source text of `args` (a trailing comment left out).
    fn rest_text(&self, args: &[RawTok]) -> String {
        let (Some(first), Some(last)) = (args.first(), args.last()) else {
            return String::new();
        };
        let src = self.files.last().map_or(0, |f| f.src);
        self.src_text(src)
            .get(first.start as usize..last.end as usize)
            .unwrap_or("")
            .to_string()
    }

    fn extra_tokens(&mut self, args: &[RawTok], line: &Line, name: &str) {
        if let (Some(first), Some(last)) = (args.first(), args.last()) {
            self.warning(
                "W1003",
                format!("extra tokens at end of #{name} directive"),
                (
                    line.file,
                    TextRange::new(first.start.into(), last.end.into()),
                ),
            );
        }
    }

    fn open_cond(&mut self, line: &Line, value: bool) {
        let range = line.range();
        if let Some(f) = self.files.last_mut() {
            f.conds.push(Cond {
                range,
                taken: value,
                seen_else: false,
            });
        }
        if !value {
            let start = line.next_line(self.cur_text_len());
            self.skip(start);
        }
    }

    fn ifdef(&mut self, args: &[RawTok], line: &Line, name: &str) -> bool {
        let Some(id) = args.first().filter(|t| is_ident_like(t.kind)) else {
            self.error(
                "E1005",
                format!("macro name missing after #{name}"),
                (line.file, line.range()),
            );
            return false;
        };
        self.extra_tokens(&args[1..], line, name);
        let defined = self.is_defined_raw(id, line.file);
        defined == (name == "ifdef")
    }

    /// Whether the macro named by `t` (a token of the current file) is defined; records a use.
    fn is_defined_raw(&mut self, t: &RawTok, file: FileId) -> bool {
        let text = self.raw_text(t);
        match self.macro_names.get(text) {
            Some(&m) => {
                if let Some(def) = self.macros.get(m as usize).map(|m| m.def) {
                    self.out.macro_uses.push(MacroUse {
                        file,
                        name_range: raw_range(t),
                        definition: def,
                    });
                }
                true
            }
            None => false,
        }
    }

    /// Skips an inactive group from `inactive_start` (the start of the line after the
    /// controlling directive) up to the directive that ends it or starts an active branch.
    fn skip(&mut self, mut inactive_start: u32) {
        let mut depth = 0usize;
        let Some((lexed, file)) = self.files.last().map(|f| (f.lexed.clone(), f.id)) else {
            return;
        };
        loop {
            let Some(f) = self.files.last_mut() else {
                return;
            };
            let Some(&rt) = lexed.toks.get(f.pos) else {
                return;
            };
            if rt.kind == EOF {
                let end = self.cur_text_len();
                self.region(RegionKind::Inactive, file, inactive_start, end);
                self.flush_lex_errors(u32::MAX, false);
                return;
            }
            f.pos += 1;
            if rt.kind != HASH || !rt.line_start {
                continue;
            }
            let name_tok = lexed.toks.get(f.pos).filter(|t| !t.line_start).copied();
            let name = name_tok.map_or("", |t| self.raw_text(&t));
            let kind = match name {
                "if" | "ifdef" | "ifndef" => 0,
                "elif" => 1,
                "else" => 2,
                "endif" => 3,
                _ => continue,
            };
            // The line before this directive closes the inactive run.
            if rt.last_nl != NO_NL {
                self.region(RegionKind::Inactive, file, inactive_start, rt.last_nl);
            }
            self.flush_lex_errors(rt.start, false);
            let Some(line) = self.read_line(rt.start) else {
                return;
            };
            self.region(RegionKind::Directive, file, rt.start, line.line_end);
            inactive_start = line.next_line(self.cur_text_len());
            let at = (file, line.range());
            match kind {
                0 => depth += 1,
                3 if depth > 0 => depth -= 1,
                1 | 2 if depth > 0 => {}
                3 => {
                    self.flush_lex_errors(line.line_end, false);
                    self.extra_tokens(line.toks().get(1..).unwrap_or(&[]), &line, "endif");
                    if let Some(f) = self.files.last_mut() {
                        f.conds.pop();
                    }
                    self.guard_endif();
                    return;
                }
                _ => {
                    let Some(c) = self.files.last().and_then(|f| f.conds.last()).copied() else {
                        return;
                    };
                    let is_else = kind == 2;
                    if let Some(f) = self.files.last_mut() {
                        if f.conds.len() == 1 {
                            f.guard = None;
                        }
                    }
                    if c.seen_else {
                        let name = if is_else { "else" } else { "elif" };
                        self.error("E1013", format!("#{name} after #else"), at);
                    }
                    let value = if c.taken {
                        false
                    } else if is_else {
                        true
                    } else {
                        self.flush_lex_errors(line.line_end, true);
                        let args = line.toks().get(1..).unwrap_or(&[]).to_vec();
                        self.eval_if(&args, &line)
                    };
                    if let Some(c) = self.files.last_mut().and_then(|f| f.conds.last_mut()) {
                        c.seen_else |= is_else;
                        c.taken |= value;
                    }
                    if value {
                        self.flush_lex_errors(line.line_end, false);
                        return;
                    }
                }
            }
        }
    }

    /// After an `#endif`: if it closed the include guard candidate of the file, remembers
    /// where (the guard holds if nothing but the end of the file follows).
    fn guard_endif(&mut self) {
        if let Some(f) = self.files.last_mut() {
            if f.conds.is_empty() {
                if let Some((_, closed_at @ None)) = &mut f.guard {
                    *closed_at = Some(f.pos);
                }
            }
        }
    }

    /// Converts raw tokens of the current file to `Tok`s.
    fn line_toks(&self, args: &[RawTok]) -> Vec<Tok> {
        args.iter().map(|t| self.file_tok(t)).collect()
    }

    /// Macro-expands the tokens of a directive line.
    pub(super) fn expand_line(&mut self, toks: Vec<Tok>) -> Vec<Tok> {
        let barrier = self.contexts.len();
        self.contexts.push(super::engine::Context {
            toks,
            pos: 0,
            disabled: None,
        });
        let saved = self.in_directive;
        self.in_directive = true;
        let mut out = Vec::new();
        while let Some(t) = self.expand_next(Some(barrier)) {
            out.push(t);
        }
        while self.contexts.len() > barrier {
            self.pop_context();
        }
        self.in_directive = saved;
        out
    }

    /// Evaluates the expression of `#if`/`#elif`.
    fn eval_if(&mut self, args: &[RawTok], line: &Line) -> bool {
        let toks = self.line_toks(args);
        let saved = self.in_if_expr;
        self.in_if_expr = true;
        let expanded = self.expand_line(toks);
        self.in_if_expr = saved;
        let at = (line.file, line.range());
        match self.eval_expr(&expanded) {
            Ok(v) => v != 0,
            Err(e) => {
                let at = e.at.unwrap_or(at);
                self.error(e.code, e.message, at);
                false
            }
        }
    }

    fn define(&mut self, args: &[RawTok], line: &Line) {
        let at = (line.file, line.range());
        let Some(&name_tok) = args.first() else {
            self.error("E1005", "macro name missing after #define", at);
            return;
        };
        if !is_ident_like(name_tok.kind) {
            self.error(
                "E1005",
                "macro name must be an identifier",
                (line.file, raw_range(&name_tok)),
            );
            return;
        }
        let name = self.raw_text(&name_tok).to_string();
        let name_at = (line.file, raw_range(&name_tok));
        if name == "defined" {
            self.error("E1005", "`defined` cannot be used as a macro name", name_at);
            return;
        }
        let mut i = 1;
        let mut params: Option<Vec<String>> = None;
        let mut variadic = false;
        if args
            .get(1)
            .is_some_and(|t| t.kind == L_PAREN && !t.space_before)
        {
            let mut ps = Vec::new();
            i = 2;
            loop {
                let Some(t) = args.get(i) else {
                    self.error("E1005", "missing `)` in macro parameter list", name_at);
                    return;
                };
                match t.kind {
                    R_PAREN if ps.is_empty() => {
                        i += 1;
                        break;
                    }
                    DOT3 => {
                        ps.push("__VA_ARGS__".to_string());
                        variadic = true;
                        if args.get(i + 1).map(|t| t.kind) != Some(R_PAREN) {
                            self.error(
                                "E1005",
                                "missing `)` after `...` in macro parameter list",
                                (line.file, raw_range(t)),
                            );
                            return;
                        }
                        i += 2;
                        break;
                    }
                    k if is_ident_like(k) => {
                        let p = self.raw_text(t).to_string();
                        if ps.contains(&p) || p == "__VA_ARGS__" {
                            self.error(
                                "E1005",
                                format!("duplicate or reserved macro parameter `{p}`"),
                                (line.file, raw_range(t)),
                            );
                            return;
                        }
                        ps.push(p);
                        match args.get(i + 1).map(|t| t.kind) {
                            Some(COMMA) => i += 2,
                            Some(R_PAREN) => {
                                i += 2;
                                break;
                            }
                            Some(DOT3) if args.get(i + 2).map(|t| t.kind) == Some(R_PAREN) => {
                                variadic = true;
                                i += 3;
                                break;
                            }
                            _ => {
                                self.error(
                                    "E1005",
                                    "expected `,` or `)` in macro parameter list",
                                    (line.file, raw_range(t)),
                                );
                                return;
                            }
                        }
                    }
                    _ => {
                        self.error(
                            "E1005",
                            "invalid token in macro parameter list",
                            (line.file, raw_range(t)),
                        );
                        return;
                    }
                }
            }
            params = Some(ps);
        }
        let body_raw = args.get(i..).unwrap_or(&[]);
        let mut items: Vec<Item> = Vec::with_capacity(body_raw.len());
        let mut j = 0;
        while let Some(rt) = body_raw.get(j) {
            let tok = self.file_tok(rt);
            let text = self.raw_text(rt);
            let param_index = |text: &str| -> Option<u32> {
                let ps = params.as_ref()?;
                if text == "__VA_ARGS__" && !variadic {
                    return None;
                }
                ps.iter().position(|p| p == text).map(|p| p as u32)
            };
            let kind = if rt.kind == HASH2 {
                ItemKind::Paste
            } else if rt.kind == HASH && params.is_some() {
                let next = body_raw.get(j + 1);
                match next.and_then(|n| param_index(self.raw_text(n))) {
                    Some(p) => {
                        j += 1;
                        ItemKind::Stringify(p)
                    }
                    None => {
                        self.error(
                            "E1005",
                            "`#` is not followed by a macro parameter",
                            (line.file, raw_range(rt)),
                        );
                        return;
                    }
                }
            } else if is_ident_like(rt.kind) {
                match param_index(text) {
                    Some(p) => ItemKind::Param(p),
                    None => ItemKind::Tok,
                }
            } else {
                ItemKind::Tok
            };
            items.push(Item { kind, tok });
            j += 1;
        }
        let first_paste = items.first().is_some_and(|i| i.kind == ItemKind::Paste);
        let last_paste = items.last().is_some_and(|i| i.kind == ItemKind::Paste);
        if first_paste || last_paste {
            self.error(
                "E1005",
                "`##` cannot appear at either end of a macro expansion",
                name_at,
            );
            return;
        }
        let body = match (body_raw.first(), body_raw.last()) {
            (Some(a), Some(b)) => {
                let src = self.files.last().map_or(0, |f| f.src);
                self.src_text(src)
                    .get(a.start as usize..b.end as usize)
                    .unwrap_or("")
                    .to_string()
            }
            _ => String::new(),
        };
        // Redefinition.
        if let Some(&old) = self.macro_names.get(name.as_str()) {
            let old = &self.macros[old as usize];
            if old.builtin.is_some() {
                self.warning(
                    "W1005",
                    format!("redefining builtin macro `{name}`"),
                    name_at,
                );
            } else if !self.same_definition(old, params.as_ref(), variadic, &items) {
                let prev = &self.out.macro_definitions[old.def];
                let d = Diagnostic::warning(
                    "W1001",
                    format!("`{name}` macro redefined"),
                    name_at.0,
                    name_at.1,
                );
                let d = if prev.predefined {
                    d
                } else {
                    d.with_related(prev.file, prev.name_range, "previous definition is here")
                };
                self.diag(d);
            }
        }
        let predefined = line.file == PREDEF_FILE;
        let def = self.out.macro_definitions.len();
        self.out.macro_definitions.push(MacroDefinition {
            name: name.clone(),
            file: if predefined { self.main } else { line.file },
            name_range: if predefined {
                TextRange::empty(0.into())
            } else {
                raw_range(&name_tok)
            },
            params: params.clone(),
            body,
            predefined,
        });
        let m = Macro {
            def,
            params: params.map(|p| p.len() as u32),
            variadic,
            body: Rc::from(items),
            builtin: None,
            disabled: false,
        };
        let index = self.macros.len() as u32;
        self.macros.push(m);
        self.macro_names.insert(name, index);
    }

    /// Whether a redefinition is the same as the definition `old` (C's rule: same parameters,
    /// same tokens, same whitespace separation).
    fn same_definition(
        &self,
        old: &Macro,
        params: Option<&Vec<String>>,
        variadic: bool,
        items: &[Item],
    ) -> bool {
        let old_def = &self.out.macro_definitions[old.def];
        if old_def.params.as_ref() != params || old.variadic != variadic {
            return false;
        }
        if old.body.len() != items.len() {
            return false;
        }
        old.body.iter().zip(items).enumerate().all(|(i, (a, b))| {
            a.kind == b.kind
                && (i == 0 || a.tok.leading_space == b.tok.leading_space)
                && self.text(&a.tok) == self.text(&b.tok)
        })
    }

    fn undef(&mut self, args: &[RawTok], line: &Line) {
        let Some(t) = args.first().filter(|t| is_ident_like(t.kind)) else {
            self.error(
                "E1005",
                "macro name missing after #undef",
                (line.file, line.range()),
            );
            return;
        };
        self.extra_tokens(&args[1..], line, "undef");
        let name = self.raw_text(t).to_string();
        if let Some(&m) = self.macro_names.get(name.as_str()) {
            if self.macros[m as usize].builtin.is_some() {
                self.warning(
                    "W1005",
                    format!("undefining builtin macro `{name}`"),
                    (line.file, raw_range(t)),
                );
            }
            self.macro_names.remove(name.as_str());
        }
    }

    fn include(&mut self, args: &[RawTok], line: &Line) {
        let at = (line.file, line.range());
        let (written, angled, range, used) = match args.first() {
            Some(t) if t.kind == STRING => {
                let text = self.raw_text(t);
                let inner = text
                    .strip_prefix('"')
                    .map(|s| s.strip_suffix('"').unwrap_or(s))
                    .unwrap_or(text);
                (inner.to_string(), false, raw_range(t), 1)
            }
            Some(t) if t.kind == LT => match args.iter().position(|t| t.kind == GT) {
                Some(close) => {
                    let src = self.files.last().map_or(0, |f| f.src);
                    let end = args[close].start;
                    let inner = self
                        .src_text(src)
                        .get(t.end as usize..end as usize)
                        .unwrap_or("")
                        .to_string();
                    (
                        inner,
                        true,
                        TextRange::new(t.start.into(), args[close].end.into()),
                        close + 1,
                    )
                }
                None => {
                    self.error("E1004", "missing `>` in #include", at);
                    return;
                }
            },
            Some(first) => {
                let range = TextRange::new(
                    first.start.into(),
                    args.last().map_or(first.end, |l| l.end).into(),
                );
                let toks = self.line_toks(args);
                let expanded = self.expand_line(toks);
                match self.include_name(&expanded) {
                    Some((w, angled)) => (w, angled, range, args.len()),
                    None => {
                        self.error(
                            "E1004",
                            "expected \"FILENAME\" or <FILENAME> after #include",
                            (line.file, range),
                        );
                        return;
                    }
                }
            }
            None => {
                self.error(
                    "E1004",
                    "expected \"FILENAME\" or <FILENAME> after #include",
                    at,
                );
                return;
            }
        };
        self.extra_tokens(args.get(used..).unwrap_or(&[]), line, "include");
        let from_dir = if angled {
            None
        } else {
            self.files.last().map(|f| dir_of(&f.path).to_string())
        };
        let loaded = candidates(&written, from_dir.as_deref(), &self.config.include_dirs)
            .into_iter()
            .find_map(|p| self.loader.load(&p));
        let Some(loaded) = loaded else {
            self.error(
                "E1002",
                format!("file not found: `{written}`"),
                (line.file, range),
            );
            return;
        };
        self.out.includes.push(Include {
            from: line.file,
            path_range: range,
            to: loaded.id,
            path: loaded.path.clone(),
        });
        if self.pragma_once.contains_key(&loaded.id) {
            return;
        }
        // A file wholly inside `#ifndef X ... #endif` with `X` defined would produce nothing.
        if let Some(guard) = self.guards.get(&loaded.id) {
            if self.macro_names.contains_key(guard.as_str()) {
                return;
            }
        }
        let cycle = self.files.iter().any(|f| f.id == loaded.id);
        if self.files.len() >= MAX_INCLUDE_DEPTH || (cycle && self.include_depth_reported) {
            // Once a cycle hit the depth limit, files already being read are not entered
            // again: a file including itself twice would otherwise take exponential time.
            if !self.include_depth_reported {
                self.include_depth_reported = true;
                let msg = if cycle {
                    format!(
                        "#include nested too deeply: `{}` includes itself (include cycle without a guard)",
                        loaded.path
                    )
                } else {
                    "#include nested too deeply".to_string()
                };
                self.error("E1003", msg, (line.file, range));
            }
            return;
        }
        let (src, lexed) = match self.lexed_cache.get(&loaded.id) {
            Some((src, lexed)) => (*src, lexed.clone()),
            None => {
                let src = self.texts.len() as u32;
                let lexed = Rc::new(lex_file(&loaded.text));
                self.texts.push(Arc::clone(&loaded.text));
                self.lexed_cache.insert(loaded.id, (src, lexed.clone()));
                (src, lexed)
            }
        };
        self.included_tokens += lexed.toks.len();
        if self.included_tokens > MAX_INCLUDED_TOKENS {
            if !self.include_budget_reported {
                self.include_budget_reported = true;
                self.error(
                    "E1003",
                    format!("too much included text (over {MAX_INCLUDED_TOKENS} tokens): #include ignored"),
                    (line.file, range),
                );
            }
            return;
        }
        self.push_file(loaded.id, loaded.path, src, lexed, false);
    }

    /// The file name of a macro-expanded `#include` line.
    fn include_name(&self, toks: &[Tok]) -> Option<(String, bool)> {
        let first = toks.first()?;
        if first.kind == STRING {
            let text = self.text(first);
            let inner = text.strip_prefix('"')?.strip_suffix('"')?;
            return Some((inner.to_string(), false));
        }
        if first.kind != LT {
            return None;
        }
        let mut name = String::new();
        for (i, t) in toks.iter().enumerate().skip(1) {
            if t.kind == GT {
                return Some((name, true));
            }
            if t.leading_space && i > 1 {
                name.push(' ');
            }
            name.push_str(self.text(t));
        }
        None
    }

    fn pragma(&mut self, args: &[RawTok]) {
        let (Some(first), Some(last)) = (args.first(), args.last()) else {
            return;
        };
        let words: Vec<&str> = args.iter().map(|t| self.raw_text(t)).collect();
        let words: Vec<String> = words.into_iter().map(str::to_string).collect();
        let file = self.files.last().map_or(self.main, |f| f.id);
        let at = (file, TextRange::new(first.start.into(), last.end.into()));
        self.apply_pragma(&words, at);
    }

    /// Applies a pragma given as its token texts (after `#pragma`, or inside `_Pragma`).
    pub(super) fn apply_pragma(&mut self, words: &[String], at: (FileId, TextRange)) {
        let Some(first) = words.first() else { return };
        match first.as_str() {
            "once" => {
                if let Some(id) = self.files.last().map(|f| f.id) {
                    self.pragma_once.insert(id, ());
                }
            }
            "pack_matrix" => {
                let rest: Vec<&str> = words[1..].iter().map(String::as_str).collect();
                let row_major = match rest.as_slice() {
                    ["(", "row_major", ")"] => Some(true),
                    ["(", "column_major", ")"] => Some(false),
                    _ => None,
                };
                match row_major {
                    Some(row_major) => self.out.pack_matrix.push(PackMatrixPragma {
                        token_index: self.out.tokens.len(),
                        row_major,
                    }),
                    None => self.warning(
                        "W1004",
                        "expected `(row_major)` or `(column_major)` after #pragma pack_matrix",
                        at,
                    ),
                }
            }
            // Other pragmas (`warning`, `def`, `message`...) are ignored, as DXC does.
            _ => {}
        }
    }

    fn line_directive(&mut self, args: &[RawTok], line: &Line) {
        let at = (line.file, line.range());
        let toks = self.line_toks(args);
        let expanded = self.expand_line(toks);
        let number = expanded
            .first()
            .filter(|t| t.kind == INT_NUMBER)
            .map(|t| self.text(t))
            .filter(|s| s.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|s| s.parse::<u32>().ok());
        let Some(number) = number else {
            self.error("E1017", "#line expects a line number", at);
            return;
        };
        let path = match expanded.get(1) {
            None => None,
            Some(t) if t.kind == STRING => {
                let text = self.text(t);
                Some(
                    text.strip_prefix('"')
                        .map(|s| s.strip_suffix('"').unwrap_or(s))
                        .unwrap_or(text)
                        .to_string(),
                )
            }
            Some(_) => {
                self.error("E1017", "#line expects a file name string", at);
                return;
            }
        };
        if expanded.len() > 2 {
            self.extra_tokens(&args[args.len().min(2)..], line, "line");
        }
        let Some(index) = self.files.len().checked_sub(1) else {
            return;
        };
        let phys = self.physical_line(index, line.line_end) + 1;
        let next = line.next_line(self.cur_text_len());
        if let Some(f) = self.files.last_mut() {
            let path = path.or_else(|| f.line_override.as_ref().and_then(|o| o.path.clone()));
            f.line_override = Some(LineOverride {
                phys,
                line: number,
                path: path.clone(),
            });
            self.out.line_directives.push(LineDirective {
                file: f.id,
                offset: next.into(),
                line: number,
                path,
            });
        }
    }

    /// Handles `defined X` / `defined(X)` in a `#if` line, `defined` having been read: returns
    /// the `1` or `0` token that replaces it.
    pub(super) fn defined_operator(&mut self, kw: Tok, barrier: Option<usize>) -> Tok {
        let mut value = false;
        let mut ok = false;
        let mut last = kw;
        if let Some(t) = self.next_raw(barrier, false) {
            last = t;
            let name = if t.kind == L_PAREN {
                let n = self.next_raw(barrier, false);
                if let Some(n) = n {
                    last = n;
                }
                match self.next_raw(barrier, false) {
                    Some(close) if close.kind == R_PAREN => {
                        last = close;
                        n
                    }
                    _ => None,
                }
            } else {
                Some(t)
            };
            if let Some(n) = name.filter(|n| is_ident_like(n.kind)) {
                ok = true;
                let text = self.text(&n);
                if let Some(&m) = self.macro_names.get(text) {
                    value = true;
                    if let (TokenOrigin::File { file, range }, Some(m)) =
                        (n.origin, self.macros.get(m as usize))
                    {
                        self.out.macro_uses.push(MacroUse {
                            file,
                            name_range: range,
                            definition: m.def,
                        });
                    }
                }
            }
        }
        if !ok {
            let (file, a) = kw.origin.diagnostic_range();
            let (_, b) = last.origin.diagnostic_range();
            let range = if b.start() >= a.start() {
                a.cover(b)
            } else {
                a
            };
            self.error("E1019", "`defined` requires an identifier", (file, range));
        }
        let mut t = self.arena_tok(INT_NUMBER, if value { "1" } else { "0" }, kw.origin);
        t.leading_space = kw.leading_space;
        t
    }
}

/// The directory part of `path` (empty for a bare file name).
fn dir_of(path: &str) -> &str {
    match path.rfind(['/', '\\']) {
        Some(i) => &path[..i],
        None => "",
    }
}

fn is_absolute(path: &str) -> bool {
    let b = path.as_bytes();
    path.starts_with('/')
        || path.starts_with('\\')
        || (b.len() >= 2 && b[0].is_ascii_alphabetic() && b[1] == b':')
}

/// Joins `dir` and `file` with `/`, normalising `\`, `./` and `a/../`.
pub(crate) fn join_path(dir: &str, file: &str) -> String {
    let joined = if dir.is_empty() || is_absolute(file) {
        file.replace('\\', "/")
    } else {
        format!("{dir}/{file}").replace('\\', "/")
    };
    let absolute = joined.starts_with('/');
    let mut parts: Vec<&str> = Vec::new();
    for part in joined.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                if parts.last().is_some_and(|p| *p != "..") {
                    parts.pop();
                } else if !absolute {
                    parts.push("..");
                }
            }
            p => parts.push(p),
        }
    }
    let body = parts.join("/");
    if absolute {
        format!("/{body}")
    } else {
        body
    }
}

/// The paths to try for an `#include` of `file`, in order.
fn candidates(file: &str, from_dir: Option<&str>, include_dirs: &[String]) -> Vec<String> {
    if is_absolute(file) {
        return vec![join_path("", file)];
    }
    let mut out = Vec::with_capacity(include_dirs.len() + 1);
    if let Some(dir) = from_dir {
        out.push(join_path(dir, file));
    }
    for d in include_dirs {
        out.push(join_path(d, file));
    }
    out
}
