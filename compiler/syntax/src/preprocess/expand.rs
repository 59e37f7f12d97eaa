//! Macro expansion with C's rules.
//!
//! `expand_next` reads a token; if it names an enabled macro (a function-like one only when
//! `(` follows), the macro's replacement is built and pushed as a context, with the macro
//! disabled until the context is read to its end: a name of a disabled macro read meanwhile is
//! painted blue (`Tok::no_expand`) and never expanded again. Arguments are read unexpanded;
//! each is macro-expanded on its own (in a context above a barrier) before substitution,
//! except where it is an operand of `#` or `##`. Expansion is bounded: the total number of
//! tokens produced by macros and the nesting of macro invocations in arguments are capped.

use rowan::TextRange;

use super::engine::{
    is_ident_like, site, spelled, Builtin, Context, Item, ItemKind, Pp, Tok, MAX_ARG_DEPTH,
    MAX_EXPANDED_TOKENS,
};
use super::{FileId, MacroUse, RegionKind, TokenOrigin};
use crate::lexer::lex;
use crate::SyntaxKind::*;

impl Pp<'_> {
    /// The next fully expanded token, or `None` at the end of the input (above `barrier`, or
    /// of all files when there is no barrier).
    pub(super) fn expand_next(&mut self, barrier: Option<usize>) -> Option<Tok> {
        loop {
            let mut t = self.next_raw(barrier, false)?;
            if t.no_expand || !is_ident_like(t.kind) {
                return Some(t);
            }
            let text = self.text(&t);
            if self.in_if_expr && text == "defined" {
                return Some(self.defined_operator(t, barrier));
            }
            let Some(&m) = self.macro_names.get(text) else {
                if text == "_Pragma" && self.peek_lparen(barrier) {
                    self.pragma_operator(&t, barrier);
                    continue;
                }
                return Some(t);
            };
            if self.expansion_stopped {
                return Some(t);
            }
            let Some(mac) = self.macros.get(m as usize) else {
                return Some(t);
            };
            if mac.disabled {
                t.no_expand = true;
                return Some(t);
            }
            if mac.params.is_some() && !self.peek_lparen(barrier) {
                return Some(t);
            }
            if let Some(b) = mac.builtin {
                return Some(self.builtin(b, t, m));
            }
            self.expand_macro(m, t, barrier);
        }
    }

    /// `_Pragma("...")`, `_Pragma` having been read and `(` being next: applies the pragma
    /// and produces nothing.
    fn pragma_operator(&mut self, name: &Tok, barrier: Option<usize>) {
        let mut toks = Vec::with_capacity(3);
        while toks.len() < 3 {
            match self.next_raw(barrier, true) {
                Some(t) => {
                    toks.push(t);
                    if t.kind == R_PAREN {
                        break;
                    }
                }
                None => break,
            }
        }
        let (file, start) = site(name);
        let end = toks
            .last()
            .map(site)
            .filter(|(f, r)| *f == file && r.end() >= start.end())
            .map_or(start, |(_, r)| start.cover(r));
        self.region(
            RegionKind::MacroCall,
            file,
            start.start().into(),
            end.end().into(),
        );
        let kinds: Vec<_> = toks.iter().map(|t| t.kind).collect();
        if kinds != [L_PAREN, STRING, R_PAREN] {
            self.error(
                "E1021",
                "_Pragma takes a parenthesized string literal",
                (file, end),
            );
            return;
        }
        let text = self.text(&toks[1]);
        let inner = text
            .strip_prefix('"')
            .and_then(|s| s.strip_suffix('"'))
            .unwrap_or("");
        let mut unescaped = String::with_capacity(inner.len());
        let mut chars = inner.chars();
        while let Some(c) = chars.next() {
            if c == '\\' {
                if let Some(n) = chars.next() {
                    if n != '"' && n != '\\' {
                        unescaped.push('\\');
                    }
                    unescaped.push(n);
                }
            } else {
                unescaped.push(c);
            }
        }
        let lexed = lex(&unescaped);
        let words: Vec<String> = lexed
            .iter_ranges()
            .filter(|(k, _, _)| !k.is_trivia())
            .map(|(_, s, e)| unescaped[s as usize..e as usize].to_string())
            .collect();
        self.apply_pragma(&words, (file, end));
    }

    fn record_use(&mut self, name: &Tok, m: u32) {
        if let (TokenOrigin::File { file, range }, Some(mac)) =
            (name.origin, self.macros.get(m as usize))
        {
            self.out.macro_uses.push(MacroUse {
                file,
                name_range: range,
                definition: mac.def,
            });
        }
    }

    fn builtin(&mut self, b: Builtin, name: Tok, m: u32) -> Tok {
        self.record_use(&name, m);
        self.expanded_since_emit = true;
        let (file, call) = site(&name);
        self.region(
            RegionKind::MacroCall,
            file,
            call.start().into(),
            call.end().into(),
        );
        let origin = TokenOrigin::Macro {
            file,
            call,
            spelled: None,
        };
        let mut t = match b {
            Builtin::Line => {
                // Like GCC and clang: the line where the outermost macro use ends.
                let end = call.end().checked_sub(1.into()).unwrap_or(call.end());
                let (line, _) = self.presumed(file, end);
                self.arena_tok(INT_NUMBER, &line.to_string(), origin)
            }
            Builtin::File => {
                let (_, path) = self.presumed(file, call.start());
                let mut s = String::with_capacity(path.len() + 2);
                s.push('"');
                for c in path.chars() {
                    if c == '\\' || c == '"' {
                        s.push('\\');
                    }
                    s.push(c);
                }
                s.push('"');
                self.arena_tok(STRING, &s, origin)
            }
            Builtin::Counter => {
                let n = self.counter;
                self.counter += 1;
                self.arena_tok(INT_NUMBER, &n.to_string(), origin)
            }
        };
        t.leading_space = name.leading_space;
        t
    }

    /// Expands macro `m` whose name `name` was just read, pushing its replacement.
    fn expand_macro(&mut self, m: u32, name: Tok, barrier: Option<usize>) {
        let Some(mac) = self.macros.get(m as usize) else {
            return;
        };
        let body = mac.body.clone();
        let params = mac.params;
        let variadic = mac.variadic;
        self.record_use(&name, m);
        self.expanded_since_emit = true;
        let (file, name_range) = site(&name);
        let (call, args) = match params {
            None => (name_range, Vec::new()),
            Some(n) => {
                let (args, close) = match self.collect_args(&name, n, variadic, barrier) {
                    Ok(found) => found,
                    Err(last) => {
                        let (last_file, last_range) = site(&last);
                        let end = if last_file == file {
                            last_range.end().max(name_range.end())
                        } else {
                            name_range.end()
                        };
                        self.region(
                            RegionKind::MacroCall,
                            file,
                            name_range.start().into(),
                            end.into(),
                        );
                        return;
                    }
                };
                let (close_file, close_range) = site(&close);
                let call = if close_file == file && close_range.end() >= name_range.start() {
                    name_range.cover(close_range)
                } else {
                    name_range
                };
                self.region(
                    RegionKind::MacroCall,
                    file,
                    call.start().into(),
                    call.end().into(),
                );
                if !self.check_arg_count(&args, n, variadic, (file, call), m) {
                    return;
                }
                (call, args)
            }
        };
        if params.is_none() {
            self.region(
                RegionKind::MacroCall,
                file,
                call.start().into(),
                call.end().into(),
            );
        }
        let mut args = args;
        if params == Some(0) {
            args.clear();
        } else if variadic && params.is_some_and(|n| args.len() + 1 == n as usize) {
            args.push(Vec::new());
        }
        let va = match params {
            Some(n) if variadic => n.checked_sub(1),
            _ => None,
        };
        let mut toks = self.substitute(&body, &args, file, call, va);
        if let Some(first) = toks.first_mut() {
            first.leading_space = name.leading_space;
        }
        self.expanded_tokens += toks.len();
        if self.expanded_tokens > MAX_EXPANDED_TOKENS {
            self.stop_expansion((file, call));
            return;
        }
        if let Some(mac) = self.macros.get_mut(m as usize) {
            mac.disabled = true;
        }
        self.contexts.push(Context {
            toks,
            pos: 0,
            disabled: Some(m),
        });
    }

    fn stop_expansion(&mut self, at: (FileId, TextRange)) {
        if !self.expansion_stopped {
            self.expansion_stopped = true;
            self.error(
                "E1009",
                format!(
                    "macro expansion too large (over {MAX_EXPANDED_TOKENS} tokens): expansion stopped"
                ),
                at,
            );
        }
    }

    fn check_arg_count(
        &mut self,
        args: &[Vec<Tok>],
        n: u32,
        variadic: bool,
        at: (FileId, TextRange),
        m: u32,
    ) -> bool {
        let n = n as usize;
        let got = if n == 0 && args.len() == 1 && args[0].is_empty() {
            0
        } else {
            args.len()
        };
        let ok = if variadic { got + 1 >= n } else { got == n };
        if !ok {
            let name = self
                .macros
                .get(m as usize)
                .and_then(|mac| self.out.macro_definitions.get(mac.def))
                .map_or(String::new(), |d| d.name.clone());
            let expected = if variadic {
                format!("at least {}", n - 1)
            } else {
                n.to_string()
            };
            self.error(
                "E1007",
                format!("macro `{name}` expects {expected} arguments, got {got}"),
                at,
            );
        }
        ok
    }

    /// Reads the arguments of a function-like macro invocation (the `(` is next). Returns the
    /// arguments, unexpanded, and the closing `)`; or, when the input ends first, the last
    /// token read.
    fn collect_args(
        &mut self,
        name: &Tok,
        n: u32,
        variadic: bool,
        barrier: Option<usize>,
    ) -> Result<(Vec<Vec<Tok>>, Tok), Tok> {
        let Some(mut last) = self.next_raw(barrier, true) else {
            return Err(*name);
        };
        let mut args: Vec<Vec<Tok>> = Vec::new();
        let mut cur: Vec<Tok> = Vec::new();
        let mut depth = 0usize;
        loop {
            let Some(mut t) = self.next_raw(barrier, true) else {
                self.error(
                    "E1006",
                    "unterminated function-like macro invocation",
                    site(name),
                );
                return Err(last);
            };
            last = t;
            match t.kind {
                L_PAREN => depth += 1,
                R_PAREN if depth == 0 => {
                    args.push(cur);
                    return Ok((args, t));
                }
                R_PAREN => depth -= 1,
                COMMA if depth == 0 && !(variadic && args.len() + 1 >= n as usize) => {
                    args.push(std::mem::take(&mut cur));
                    continue;
                }
                k if is_ident_like(k) && !t.no_expand => {
                    let text = self.text(&t);
                    if let Some(&m) = self.macro_names.get(text) {
                        if self.macros.get(m as usize).is_some_and(|m| m.disabled) {
                            t.no_expand = true;
                        }
                    }
                }
                _ => {}
            }
            cur.push(t);
        }
    }

    /// Fully macro-expands one argument on its own.
    fn pre_expand(&mut self, arg: &[Tok]) -> Vec<Tok> {
        if self.arg_depth >= MAX_ARG_DEPTH {
            if !self.arg_depth_reported {
                self.arg_depth_reported = true;
                if let Some(t) = arg.first() {
                    self.error(
                        "E1020",
                        "macro invocations nested too deeply in macro arguments",
                        site(t),
                    );
                }
            }
            return arg.to_vec();
        }
        // Only a name that may be a macro (or `defined`, in a `#if` line) can expand.
        let may_expand = |t: &Tok| {
            is_ident_like(t.kind)
                && !t.no_expand
                && (self.in_if_expr || self.macro_names.may_contain(self.text(t)))
        };
        if !arg.iter().any(may_expand) {
            return arg.to_vec();
        }
        self.arg_depth += 1;
        let barrier = self.contexts.len();
        self.contexts.push(Context {
            toks: arg.to_vec(),
            pos: 0,
            disabled: None,
        });
        let mut out = Vec::with_capacity(arg.len());
        while let Some(t) = self.expand_next(Some(barrier)) {
            out.push(t);
        }
        while self.contexts.len() > barrier {
            self.pop_context();
        }
        self.arg_depth -= 1;
        out
    }

    /// Builds the replacement of a macro invocation at `call` in `file`.
    fn substitute(
        &mut self,
        body: &[Item],
        args: &[Vec<Tok>],
        file: FileId,
        call: TextRange,
        va: Option<u32>,
    ) -> Vec<Tok> {
        let stamp = |t: &Tok| -> Tok {
            Tok {
                origin: TokenOrigin::Macro {
                    file,
                    call,
                    spelled: spelled(t),
                },
                ..*t
            }
        };
        let mut expanded: Vec<Option<Vec<Tok>>> = vec![None; args.len()];
        let mut out: Vec<Tok> = Vec::with_capacity(body.len());
        // The tokens of the current item (reused, so substitution allocates little).
        let mut operand: Vec<Tok> = Vec::new();
        let mut paste_next = false;
        let mut left_empty = false;
        for (i, item) in body.iter().enumerate() {
            if self.expansion_stopped {
                return Vec::new();
            }
            if item.kind == ItemKind::Paste {
                paste_next = true;
                continue;
            }
            let next_is_paste = body.get(i + 1).is_some_and(|n| n.kind == ItemKind::Paste);
            operand.clear();
            match item.kind {
                ItemKind::Tok | ItemKind::Paste => operand.push(stamp(&item.tok)),
                ItemKind::Stringify(p) => {
                    let arg = args.get(p as usize).map_or(&[][..], |a| a.as_slice());
                    let s = self.stringify(arg);
                    let origin = TokenOrigin::Macro {
                        file,
                        call,
                        spelled: None,
                    };
                    operand.push(self.arena_tok(STRING, &s, origin));
                }
                ItemKind::Param(p) => {
                    let p = p as usize;
                    let arg = args.get(p).map_or(&[][..], |a| a.as_slice());
                    // An operand of `##` is pasted as written, unless fxc's rule
                    // (`-flegacy-macro-expansion`) expands it first.
                    if (paste_next || next_is_paste) && !self.config.legacy_macro_expansion {
                        operand.extend(arg.iter().map(stamp));
                    } else {
                        if expanded.get(p).is_some_and(|e| e.is_none()) {
                            let e = self.pre_expand(arg);
                            self.expanded_tokens += e.len();
                            if self.expanded_tokens > MAX_EXPANDED_TOKENS {
                                self.stop_expansion((file, call));
                                return Vec::new();
                            }
                            expanded[p] = Some(e);
                        }
                        if let Some(e) = expanded.get(p).and_then(|e| e.as_ref()) {
                            operand.extend(e.iter().map(stamp));
                        }
                    }
                }
            }
            if let Some(first) = operand.first_mut() {
                first.leading_space = item.tok.leading_space;
            }
            let is_va = matches!(item.kind, ItemKind::Param(p) if Some(p) == va);
            let gnu_comma = paste_next && is_va && out.last().is_some_and(|t| t.kind == COMMA);
            if paste_next && !left_empty && !operand.is_empty() && !out.is_empty() && !gnu_comma {
                let mut rest = operand.drain(..);
                if let (Some(left), Some(right)) = (out.pop(), rest.next()) {
                    let (a, b) = self.paste(left, right, file, call);
                    out.push(a);
                    out.extend(b);
                }
                out.extend(rest);
                left_empty = false;
            } else {
                // GNU `, ## __VA_ARGS__`: the comma goes away when the variadic argument is
                // empty.
                if gnu_comma && operand.is_empty() && !left_empty {
                    out.pop();
                }
                left_empty = operand.is_empty();
                out.append(&mut operand);
            }
            paste_next = false;
        }
        out
    }

    /// The text of a string literal spelling `arg` (C's `#` operator).
    fn stringify(&self, arg: &[Tok]) -> String {
        let mut s = String::from("\"");
        for (i, t) in arg.iter().enumerate() {
            if i > 0 && t.leading_space {
                s.push(' ');
            }
            let text = self.text(t);
            if t.kind == STRING || t.kind == CHAR {
                for c in text.chars() {
                    if c == '\\' || c == '"' {
                        s.push('\\');
                    }
                    s.push(c);
                }
            } else {
                s.push_str(text);
            }
        }
        s.push('"');
        s
    }

    /// Pastes two tokens (C's `##`), re-lexing the joined text.
    /// On failure both tokens are kept.
    fn paste(
        &mut self,
        left: Tok,
        right: Tok,
        file: FileId,
        call: TextRange,
    ) -> (Tok, Option<Tok>) {
        let mut joined = String::with_capacity((left.len + right.len) as usize);
        joined.push_str(self.text(&left));
        joined.push_str(self.text(&right));
        let lexed = lex(&joined);
        let valid = lexed.errors.is_empty()
            && lexed.tokens.len() == 1
            && lexed
                .tokens
                .first()
                .is_some_and(|t| !t.kind.is_trivia() && t.kind != ERROR_TOKEN);
        if !valid {
            let l = self.text(&left).to_string();
            let r = self.text(&right).to_string();
            self.error(
                "E1008",
                format!("pasting `{l}` and `{r}` does not give a valid preprocessing token"),
                (file, call),
            );
            return (left, Some(right));
        }
        let kind = lexed.tokens.first().map_or(ERROR_TOKEN, |t| t.kind);
        let origin = TokenOrigin::Macro {
            file,
            call,
            spelled: None,
        };
        let mut t = self.arena_tok(kind, &joined, origin);
        t.leading_space = left.leading_space;
        (t, None)
    }
}
