//! The preprocessor's state: the stack of files being read, the macro table, the stack of
//! macro expansion contexts, and the output being built.
//!
//! Files are lexed once (and cached by `FileId` for repeated includes) into a list of
//! significant tokens, each knowing whether a line ends before it. Reading goes through
//! `next_raw`: the top expansion context first, then the current file, where directive lines
//! are handled as they come (`directives.rs`). `expand_next` (`expand.rs`) adds macro expansion
//! on top, and `run` emits what it returns.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::rc::Rc;
use std::sync::Arc;

use rowan::{TextRange, TextSize};

use super::names::MacroNames;
use super::{
    Diagnostic, FileId, FileLoader, PpToken, PreprocessConfig, Preprocessed, Region, RegionKind,
    TokenOrigin,
};
use crate::lexer::{lex_with_significant, LexError, Lexed};
use crate::SyntaxKind::{self, *};

/// `Tok::src` of a text held in `Pp::arena` (pasted and stringified tokens, builtins).
pub(super) const ARENA: u32 = u32::MAX;
/// The file id of the predefined-macro buffer (never shown: mapped to the main file).
pub(super) const PREDEF_FILE: FileId = FileId(u32::MAX);
/// Most tokens macro expansion may produce in one run before it stops (about 50 MB of
/// output tokens; real shaders stay far below).
pub(super) const MAX_EXPANDED_TOKENS: usize = 1_000_000;
/// Most tokens all the included files together may have (counting each inclusion), so files
/// including each other without guards stay bounded.
pub(super) const MAX_INCLUDED_TOKENS: usize = 20_000_000;
/// Deepest `#include` nesting.
pub(super) const MAX_INCLUDE_DEPTH: usize = 200;
/// Deepest nesting of macro invocations inside macro arguments.
pub(super) const MAX_ARG_DEPTH: usize = 200;

/// A fast hasher for macro names (FxHash).
#[derive(Default, Clone, Copy)]
pub(super) struct FxHasher(u64);

impl Hasher for FxHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut buf = [0u8; 8];
            buf[..chunk.len()].copy_from_slice(chunk);
            self.0 = (self.0.rotate_left(5) ^ u64::from_le_bytes(buf))
                .wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }
}

pub(super) type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// A token being preprocessed. Its text is `Pp::src_text(src)[start..start + len]`.
#[derive(Debug, Clone, Copy)]
pub(super) struct Tok {
    pub kind: SyntaxKind,
    pub src: u32,
    pub start: u32,
    pub len: u32,
    pub leading_space: bool,
    /// Painted blue: never expanded again.
    pub no_expand: bool,
    pub origin: TokenOrigin,
}

pub(super) use crate::lexer::{RawTok, NO_NL};

/// A file lexed into significant tokens; the last token is an `EOF` sentinel.
pub(super) struct LexedFile {
    pub toks: Vec<RawTok>,
    pub errors: Vec<LexError>,
}

pub(super) fn lex_file(text: &str) -> LexedFile {
    let (lexed, toks) = lex_with_significant(text);
    lexed_file(text, &lexed, toks)
}

/// A `LexedFile` from the lexer's output: the errors, but not that of a byte order mark.
pub(super) fn lexed_file(text: &str, lexed: &Lexed, toks: Vec<RawTok>) -> LexedFile {
    let bom = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let mut errors = lexed.errors.clone();
    errors.retain(|e| !(e.start == 0 && e.end == bom));
    LexedFile { toks, errors }
}

/// One `#if` group being read.
#[derive(Debug, Clone, Copy)]
pub(super) struct Cond {
    /// The range of the opening directive.
    pub range: TextRange,
    /// Some branch of the group was taken (so later `#elif`/`#else` are skipped).
    pub taken: bool,
    pub seen_else: bool,
}

/// A `#line` in effect: physical line `phys` is presumed line `line`.
#[derive(Debug, Clone)]
pub(super) struct LineOverride {
    pub phys: u32,
    pub line: u32,
    pub path: Option<String>,
}

/// A file being read.
pub(super) struct FileState {
    pub id: FileId,
    pub path: String,
    pub src: u32,
    pub lexed: Rc<LexedFile>,
    pub pos: usize,
    pub err_cursor: usize,
    pub conds: Vec<Cond>,
    pub is_main: bool,
    pub line_starts: Option<Vec<u32>>,
    pub line_override: Option<LineOverride>,
    /// An include guard candidate: the macro of a leading `#ifndef`, and the token index just
    /// after its `#endif` once read.
    pub guard: Option<(String, Option<usize>)>,
}

/// A macro's replacement list item.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum ItemKind {
    Tok,
    /// A parameter, by index.
    Param(u32),
    /// `#param`.
    Stringify(u32),
    /// `##`.
    Paste,
}

/// One item of a replacement list, with the token it was written as (for its origin and
/// leading space; for `#param`, the `#`).
#[derive(Debug, Clone, Copy)]
pub(super) struct Item {
    pub kind: ItemKind,
    pub tok: Tok,
}

/// Macros computed when used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Builtin {
    Line,
    File,
    Counter,
}

/// A defined macro.
#[derive(Debug, Clone)]
pub(super) struct Macro {
    /// Index into `Preprocessed::macro_definitions`.
    pub def: usize,
    /// Number of parameters of a function-like macro (`None` if object-like), the variadic
    /// one included.
    pub params: Option<u32>,
    pub variadic: bool,
    pub body: Rc<[Item]>,
    pub builtin: Option<Builtin>,
    /// Being expanded: its name is not expanded again (C's "blue paint").
    pub disabled: bool,
}

/// Tokens of a macro expansion (or a macro argument, or a directive line) being read.
pub(super) struct Context {
    pub toks: Vec<Tok>,
    pub pos: usize,
    /// The macro to re-enable when the context is popped.
    pub disabled: Option<u32>,
}

/// The preprocessor.
pub(super) struct Pp<'a> {
    pub main: FileId,
    pub config: &'a PreprocessConfig,
    pub loader: &'a dyn FileLoader,
    pub out: Preprocessed,
    /// File texts by `Tok::src`.
    pub texts: Vec<Arc<str>>,
    /// Texts made while preprocessing.
    pub arena: String,
    pub files: Vec<FileState>,
    pub lexed_cache: FxMap<FileId, (u32, Rc<LexedFile>)>,
    pub macros: Vec<Macro>,
    pub macro_names: MacroNames,
    pub contexts: Vec<Context>,
    pub pragma_once: FxMap<FileId, ()>,
    /// Files wholly inside an include guard, with the guard macro.
    pub guards: FxMap<FileId, String>,
    pub counter: u64,
    pub expanded_tokens: usize,
    pub expansion_stopped: bool,
    pub arg_depth: usize,
    pub arg_depth_reported: bool,
    pub include_depth_reported: bool,
    pub included_tokens: usize,
    pub include_budget_reported: bool,
    /// Evaluating a `#if` line: `defined` is an operator.
    pub in_if_expr: bool,
    /// Expanding the tokens of a directive line (no macro-use regions).
    pub in_directive: bool,
    /// A macro was expanded since the last token was emitted.
    pub expanded_since_emit: bool,
}

pub(super) fn run(
    file: FileId,
    path: &str,
    text: &str,
    lexed: &Lexed,
    significant: Vec<RawTok>,
    config: &PreprocessConfig,
    loader: &dyn FileLoader,
) -> Preprocessed {
    let mut pp = Pp {
        main: file,
        config,
        loader,
        out: Preprocessed::default(),
        texts: Vec::new(),
        arena: String::new(),
        files: Vec::new(),
        lexed_cache: FxMap::default(),
        macros: Vec::new(),
        macro_names: MacroNames::default(),
        contexts: Vec::new(),
        pragma_once: FxMap::default(),
        guards: FxMap::default(),
        counter: 0,
        expanded_tokens: 0,
        expansion_stopped: false,
        arg_depth: 0,
        arg_depth_reported: false,
        include_depth_reported: false,
        included_tokens: 0,
        include_budget_reported: false,
        in_if_expr: false,
        in_directive: false,
        expanded_since_emit: false,
    };
    pp.texts.push(Arc::from(text));
    pp.predefine();
    let lexed = Rc::new(lexed_file(text, lexed, significant));
    pp.out.tokens.reserve(lexed.toks.len());
    pp.out.text.reserve(text.len());
    pp.push_file(file, path.to_string(), 0, lexed, true);
    // `_Pragma` is no macro but must not take the fast path.
    pp.macro_names.watch("_Pragma");
    loop {
        pp.emit_plain_file_tokens();
        let Some(t) = pp.expand_next(None) else { break };
        pp.emit(t);
    }
    pp.finish_regions();
    pp.out
}

impl Pp<'_> {
    /// Defines the builtin macros, the predefined ones and the `-D` ones.
    fn predefine(&mut self) {
        use std::fmt::Write;
        for (name, builtin) in [
            ("__LINE__", Builtin::Line),
            ("__FILE__", Builtin::File),
            ("__COUNTER__", Builtin::Counter),
        ] {
            let def = self.out.macro_definitions.len();
            self.out.macro_definitions.push(super::MacroDefinition {
                name: name.to_string(),
                file: self.main,
                name_range: TextRange::empty(0.into()),
                params: None,
                body: String::new(),
                predefined: true,
            });
            self.add_macro(
                name,
                Macro {
                    def,
                    params: None,
                    variadic: false,
                    body: Rc::from(Vec::new()),
                    builtin: Some(builtin),
                    disabled: false,
                },
            );
        }
        // The predefined macros are numbers: defined straight from one buffer holding their
        // names and values, without lexing it and reading `#define` lines (a parse on every
        // keystroke pays this for each file).
        let mut buf = String::with_capacity(512);
        let mut numbers: Vec<(u32, u32, u32)> = Vec::with_capacity(20);
        let mut number = |buf: &mut String, name: &str, value: u32| {
            let name_start = buf.len() as u32;
            buf.push_str(name);
            buf.push(' ');
            let value_start = buf.len() as u32;
            let _ = write!(buf, "{value}");
            numbers.push((name_start, value_start, buf.len() as u32));
            buf.push('\n');
        };
        number(&mut buf, "__HLSL_VERSION", self.config.hlsl_version);
        number(&mut buf, "__hlsl_dx_compiler", 1);
        if self.config.enable_16bit_types {
            number(&mut buf, "__HLSL_ENABLE_16_BIT", 1);
        }
        if self.config.spirv {
            number(&mut buf, "__spirv__", 1);
        }
        for (name, value) in [
            ("__SHADER_STAGE_PIXEL", 0),
            ("__SHADER_STAGE_VERTEX", 1),
            ("__SHADER_STAGE_GEOMETRY", 2),
            ("__SHADER_STAGE_HULL", 3),
            ("__SHADER_STAGE_DOMAIN", 4),
            ("__SHADER_STAGE_COMPUTE", 5),
            ("__SHADER_STAGE_LIBRARY", 6),
            ("__SHADER_STAGE_MESH", 13),
            ("__SHADER_STAGE_AMPLIFICATION", 14),
        ] {
            number(&mut buf, name, value);
        }
        if let Some(t) = self.config.target {
            use super::ShaderStage::*;
            // DXC's values (the DXIL shader kinds).
            let stage = match t.stage {
                Pixel => 0,
                Vertex => 1,
                Geometry => 2,
                Hull => 3,
                Domain => 4,
                Compute => 5,
                Library => 6,
                Mesh => 13,
                Amplification => 14,
            };
            number(&mut buf, "__SHADER_TARGET_STAGE", stage);
            number(&mut buf, "__SHADER_TARGET_MAJOR", t.major);
            number(&mut buf, "__SHADER_TARGET_MINOR", t.minor);
        }
        let src = self.texts.len() as u32;
        self.texts.push(Arc::from(buf.as_str()));
        for (name_start, value_start, value_end) in numbers {
            self.predefine_number(src, name_start, value_start, value_end);
        }
        if self.config.defines.is_empty() {
            return;
        }
        // `-D` values may be any text: read as `#define` lines of a buffer of their own.
        let mut buf = String::new();
        for (name, value) in &self.config.defines {
            // `-D NAME=VALUE` may not contain a newline: keep the first line.
            let value = value.as_deref().unwrap_or("1");
            let value = value.lines().next().unwrap_or("");
            let name = name.lines().next().unwrap_or("");
            let _ = writeln!(buf, "#define {name} {value}");
        }
        let src = self.texts.len() as u32;
        self.texts.push(Arc::from(buf.as_str()));
        let lexed = Rc::new(lex_file(&buf));
        self.push_file(PREDEF_FILE, "<command line>".to_string(), src, lexed, false);
        while self.next_raw(None, false).is_some() {}
    }

    /// Defines the predefined macro whose name starts at `name_start` of text `src` (up to the
    /// blank before `value_start`) as the number from `value_start` to `value_end`: what
    /// `#define NAME VALUE` read from that text defines.
    fn predefine_number(&mut self, src: u32, name_start: u32, value_start: u32, value_end: u32) {
        let text = self.src_text(src);
        let name = text
            .get(name_start as usize..value_start as usize - 1)
            .unwrap_or("")
            .to_string();
        let value = text
            .get(value_start as usize..value_end as usize)
            .unwrap_or("")
            .to_string();
        let tok = Tok {
            kind: SyntaxKind::INT_NUMBER,
            src,
            start: value_start,
            len: value_end - value_start,
            leading_space: true,
            no_expand: false,
            origin: TokenOrigin::File {
                file: PREDEF_FILE,
                range: TextRange::new(value_start.into(), value_end.into()),
            },
        };
        let def = self.out.macro_definitions.len();
        self.out.macro_definitions.push(super::MacroDefinition {
            name: name.clone(),
            file: self.main,
            name_range: TextRange::empty(0.into()),
            params: None,
            body: value,
            predefined: true,
        });
        self.add_macro(
            &name,
            Macro {
                def,
                params: None,
                variadic: false,
                body: Rc::from(vec![Item {
                    kind: ItemKind::Tok,
                    tok,
                }]),
                builtin: None,
                disabled: false,
            },
        );
    }

    pub(super) fn add_macro(&mut self, name: &str, m: Macro) {
        if let Some(&i) = self.macro_names.get(name) {
            self.macros[i as usize] = m;
        } else {
            self.macro_names
                .insert(name.to_string(), self.macros.len() as u32);
            self.macros.push(m);
        }
    }

    pub(super) fn push_file(
        &mut self,
        id: FileId,
        path: String,
        src: u32,
        lexed: Rc<LexedFile>,
        is_main: bool,
    ) {
        self.files.push(FileState {
            id,
            path,
            src,
            lexed,
            pos: 0,
            err_cursor: 0,
            conds: Vec::new(),
            is_main,
            line_starts: None,
            line_override: None,
            guard: None,
        });
    }

    /// The text of source `src`.
    pub(super) fn src_text(&self, src: u32) -> &str {
        if src == ARENA {
            &self.arena
        } else {
            self.texts.get(src as usize).map_or("", |t| t)
        }
    }

    pub(super) fn text(&self, t: &Tok) -> &str {
        self.src_text(t.src)
            .get(t.start as usize..(t.start + t.len) as usize)
            .unwrap_or("")
    }

    /// A token whose text is `text`, stored in the arena.
    pub(super) fn arena_tok(&mut self, kind: SyntaxKind, text: &str, origin: TokenOrigin) -> Tok {
        let start = self.arena.len() as u32;
        self.arena.push_str(text);
        Tok {
            kind,
            src: ARENA,
            start,
            len: text.len() as u32,
            leading_space: false,
            no_expand: false,
            origin,
        }
    }

    /// Reports a diagnostic (ones in the predefined buffer point at the start of the main file).
    pub(super) fn diag(&mut self, mut d: Diagnostic) {
        if d.file == PREDEF_FILE {
            d.file = self.main;
            d.range = TextRange::empty(0.into());
        }
        self.out.diagnostics.push(d);
    }

    pub(super) fn error(
        &mut self,
        code: &'static str,
        msg: impl Into<String>,
        at: (FileId, TextRange),
    ) {
        self.diag(Diagnostic::error(code, msg, at.0, at.1));
    }

    pub(super) fn warning(
        &mut self,
        code: &'static str,
        msg: impl Into<String>,
        at: (FileId, TextRange),
    ) {
        self.diag(Diagnostic::warning(code, msg, at.0, at.1));
    }

    /// Records a region of the main file.
    pub(super) fn region(&mut self, kind: RegionKind, file: FileId, start: u32, end: u32) {
        if kind == RegionKind::MacroCall && self.in_directive {
            return;
        }
        if file == self.main && start < end && self.files.last().is_some_and(|f| f.is_main) {
            self.out.regions.push(Region {
                kind,
                range: TextRange::new(start.into(), end.into()),
            });
        }
    }

    /// Sorts the regions and merges overlapping ones (a macro use spanning directive lines
    /// becomes one macro use).
    fn finish_regions(&mut self) {
        let mut regions = std::mem::take(&mut self.out.regions);
        regions.sort_by_key(|r| (r.range.start(), std::cmp::Reverse(r.range.end())));
        let mut merged: Vec<Region> = Vec::with_capacity(regions.len());
        for r in regions {
            if let Some(last) = merged.last_mut() {
                if r.range.start() < last.range.end() {
                    let end = last.range.end().max(r.range.end());
                    if r.kind == RegionKind::MacroCall {
                        last.kind = RegionKind::MacroCall;
                    }
                    last.range = TextRange::new(last.range.start(), end);
                    continue;
                }
            }
            merged.push(r);
        }
        self.out.regions = merged;
    }

    /// Appends a token to the output.
    fn emit(&mut self, t: Tok) {
        let src: &str = if t.src == ARENA {
            &self.arena
        } else {
            self.texts.get(t.src as usize).map_or("", |s| s)
        };
        let text = src
            .get(t.start as usize..(t.start + t.len) as usize)
            .unwrap_or("");
        push_output(
            &mut self.out,
            &mut self.expanded_since_emit,
            t.kind,
            text,
            t.leading_space,
            t.origin,
        );
    }

    /// The fast path of the main loop: copies tokens of the current file straight to the
    /// output while nothing can happen to them, that is while no expansion is being read and
    /// the next token starts no directive line, has no lexer error before its end, is not the
    /// end of the file, and is not a name the expansion machinery must see (a macro name or
    /// `_Pragma`). Most tokens of a file take this path.
    fn emit_plain_file_tokens(&mut self) {
        if !self.contexts.is_empty() {
            return;
        }
        let Pp {
            files,
            texts,
            out,
            macro_names,
            expanded_since_emit,
            ..
        } = self;
        let Some(f) = files.last_mut() else { return };
        let Some(text) = texts.get(f.src as usize) else {
            return;
        };
        let errors_from = f
            .lexed
            .errors
            .get(f.err_cursor)
            .map_or(u32::MAX, |e| e.start);
        let file = f.id;
        let toks = &f.lexed.toks;
        let mut pos = f.pos;
        while let Some(rt) = toks.get(pos) {
            if rt.kind == EOF || (rt.kind == HASH && rt.line_start) || rt.end > errors_from {
                break;
            }
            let token_text = text.get(rt.start as usize..rt.end as usize).unwrap_or("");
            if is_ident_like(rt.kind) && macro_names.may_contain(token_text) {
                break;
            }
            let origin = TokenOrigin::File {
                file,
                range: TextRange::new(rt.start.into(), rt.end.into()),
            };
            let follows_file_token = !*expanded_since_emit
                && out
                    .tokens
                    .last()
                    .is_some_and(|prev| matches!(prev.origin, TokenOrigin::File { .. }));
            if follows_file_token {
                // Nothing to separate: the token keeps its spacing (`push_output`'s check
                // only applies where an expansion starts or ends).
                let text_start = out.text.len() as u32;
                out.text.push_str(token_text);
                out.tokens.push(PpToken {
                    kind: rt.kind,
                    text_start,
                    text_len: token_text.len() as u32,
                    leading_space: rt.space_before,
                    origin,
                });
            } else {
                push_output(
                    out,
                    expanded_since_emit,
                    rt.kind,
                    token_text,
                    rt.space_before,
                    origin,
                );
            }
            pos += 1;
        }
        f.pos = pos;
    }

    /// The next token, without macro expansion: from the top context above `barrier` (the
    /// index of the lowest visible context), or, with no barrier, from the current file.
    /// `in_args`: reading macro arguments, so the end of a file is not crossed.
    pub(super) fn next_raw(&mut self, barrier: Option<usize>, in_args: bool) -> Option<Tok> {
        loop {
            let floor = barrier.unwrap_or(0);
            if self.contexts.len() > floor {
                let c = self.contexts.last_mut()?;
                if let Some(&t) = c.toks.get(c.pos) {
                    c.pos += 1;
                    return Some(t);
                }
                self.pop_context();
                continue;
            }
            if barrier.is_some() {
                return None;
            }
            return self.file_next(in_args);
        }
    }

    pub(super) fn pop_context(&mut self) {
        if let Some(c) = self.contexts.pop() {
            if let Some(m) = c.disabled {
                if let Some(m) = self.macros.get_mut(m as usize) {
                    m.disabled = false;
                }
            }
        }
    }

    /// Whether the next token (without consuming anything) is `(`.
    pub(super) fn peek_lparen(&self, barrier: Option<usize>) -> bool {
        let floor = barrier.unwrap_or(0);
        for c in self.contexts[floor.min(self.contexts.len())..].iter().rev() {
            if let Some(t) = c.toks.get(c.pos) {
                return t.kind == L_PAREN;
            }
        }
        if barrier.is_some() {
            return false;
        }
        let Some(f) = self.files.last() else {
            return false;
        };
        match f.lexed.toks.get(f.pos) {
            Some(t) => t.kind == L_PAREN,
            None => false,
        }
    }

    /// The next token of the current file, handling directive lines and file ends.
    fn file_next(&mut self, in_args: bool) -> Option<Tok> {
        loop {
            let f = self.files.last_mut()?;
            let &rt = f.lexed.toks.get(f.pos)?;
            if rt.kind == EOF {
                if in_args {
                    return None;
                }
                self.end_file();
                continue;
            }
            f.pos += 1;
            self.flush_lex_errors(rt.end, true);
            if rt.kind == HASH && rt.line_start {
                self.directive(rt, in_args);
                continue;
            }
            return Some(self.file_tok(&rt));
        }
    }

    /// A token of the current file as a `Tok`.
    pub(super) fn file_tok(&self, rt: &RawTok) -> Tok {
        let f = self.files.last();
        let (id, src) = f.map_or((self.main, 0), |f| (f.id, f.src));
        Tok {
            kind: rt.kind,
            src,
            start: rt.start,
            len: rt.end - rt.start,
            leading_space: rt.space_before,
            no_expand: false,
            origin: TokenOrigin::File {
                file: id,
                range: TextRange::new(rt.start.into(), rt.end.into()),
            },
        }
    }

    /// Reports (or, in skipped text, drops) the lexer errors of the current file before `upto`.
    pub(super) fn flush_lex_errors(&mut self, upto: u32, report: bool) {
        let Some(f) = self.files.last_mut() else {
            return;
        };
        let mut found = Vec::new();
        while let Some(e) = f.lexed.errors.get(f.err_cursor) {
            if e.start >= upto {
                break;
            }
            f.err_cursor += 1;
            if report {
                found.push((e.start, e.end, e.message.clone()));
            }
        }
        let id = f.id;
        for (s, e, m) in found {
            self.error("E1001", m, (id, TextRange::new(s.into(), e.into())));
        }
    }

    /// The end of the current file: reports unterminated conditionals and pops it.
    fn end_file(&mut self) {
        self.flush_lex_errors(u32::MAX, true);
        let Some(f) = self.files.pop() else { return };
        if let Some((guard, Some(closed_at))) = &f.guard {
            let only_eof_after = f.lexed.toks.get(*closed_at).is_some_and(|t| t.kind == EOF);
            if only_eof_after && f.conds.is_empty() && !f.is_main {
                self.guards.insert(f.id, guard.clone());
            }
        }
        for c in f.conds.iter().rev() {
            self.error(
                "E1012",
                "unterminated conditional directive",
                (f.id, c.range),
            );
        }
    }

    /// The 1-based physical line of `offset` in the current file.
    pub(super) fn physical_line(&mut self, file_index: usize, offset: u32) -> u32 {
        let Some(f) = self.files.get(file_index) else {
            return 1;
        };
        if f.line_starts.is_none() {
            let text = self
                .texts
                .get(f.src as usize)
                .cloned()
                .unwrap_or_else(|| Arc::from(""));
            let mut starts = vec![0u32];
            starts.extend(
                text.bytes()
                    .enumerate()
                    .filter(|&(_, b)| b == b'\n')
                    .map(|(i, _)| i as u32 + 1),
            );
            if let Some(f) = self.files.get_mut(file_index) {
                f.line_starts = Some(starts);
            }
        }
        let starts = self
            .files
            .get(file_index)
            .and_then(|f| f.line_starts.as_ref());
        match starts {
            Some(s) => match s.binary_search(&offset) {
                Ok(i) => i as u32 + 1,
                Err(i) => i as u32,
            },
            None => 1,
        }
    }

    /// The presumed line of `offset` in file `file` (honouring `#line`), and the presumed file
    /// name.
    pub(super) fn presumed(&mut self, file: FileId, offset: TextSize) -> (u32, String) {
        let Some(index) = self.files.iter().rposition(|f| f.id == file) else {
            let path = self
                .files
                .last()
                .map(|f| f.path.clone())
                .unwrap_or_default();
            return (1, path);
        };
        let phys = self.physical_line(index, offset.into());
        let f = &self.files[index];
        match &f.line_override {
            Some(o) if phys >= o.phys => (
                o.line.wrapping_add(phys - o.phys),
                o.path.clone().unwrap_or_else(|| f.path.clone()),
            ),
            _ => (phys, f.path.clone()),
        }
    }
}

/// Appends a token with text `text` to `out`.
#[inline]
fn push_output(
    out: &mut Preprocessed,
    expanded_since_emit: &mut bool,
    kind: SyntaxKind,
    text: &str,
    leading_space: bool,
    origin: TokenOrigin,
) {
    let text_start = out.text.len() as u32;
    // Where a macro expansion starts or ends, tokens that would read as one token when
    // written together are separated (as `cpp -E` does), so the expanded text re-lexes
    // to the same tokens: `-NEG` with `#define NEG -1` is `- -1`, not `--1`.
    let mut leading_space = leading_space;
    if !leading_space {
        if let (Some(prev), Some(&first)) = (out.tokens.last(), text.as_bytes().first()) {
            let was_macro = matches!(prev.origin, TokenOrigin::Macro { .. });
            let is_macro = matches!(origin, TokenOrigin::Macro { .. });
            if *expanded_since_emit || was_macro && !is_macro {
                let end = (prev.text_start + prev.text_len) as usize;
                let last = out.text.as_bytes().get(end.wrapping_sub(1)).copied();
                leading_space = last.is_some_and(|last| would_glue(last, first));
            }
        }
    }
    *expanded_since_emit = false;
    out.text.push_str(text);
    out.tokens.push(PpToken {
        kind,
        text_start,
        text_len: text.len() as u32,
        leading_space,
        origin,
    });
}

/// The file and range a token is reported at (its outermost macro use for macro tokens).
pub(super) fn site(t: &Tok) -> (FileId, TextRange) {
    t.origin.diagnostic_range()
}

/// Where a token's text was written, if anywhere.
pub(super) fn spelled(t: &Tok) -> Option<(FileId, TextRange)> {
    match t.origin {
        TokenOrigin::File { file, range } if file != PREDEF_FILE => Some((file, range)),
        TokenOrigin::File { .. } => None,
        TokenOrigin::Macro { spelled, .. } => spelled,
    }
}

/// Whether a token ending with byte `a` followed by one starting with `b` would lex
/// differently when written without space between them.
fn would_glue(a: u8, b: u8) -> bool {
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    if word(a) && (word(b) || b == b'.') || a == b'.' && b.is_ascii_digit() {
        return true;
    }
    matches!(
        (a, b),
        (b'+', b'+' | b'=')
            | (b'-', b'-' | b'=' | b'>')
            | (b'<', b'<' | b'=')
            | (b'>', b'>' | b'=')
            | (b'&', b'&' | b'=')
            | (b'|', b'|' | b'=')
            | (b'=' | b'!' | b'*' | b'%' | b'^', b'=')
            | (b'/', b'/' | b'*' | b'=')
            | (b'*', b'/')
            | (b':', b':')
            | (b'#', b'#')
            | (b'.', b'.')
    )
}

pub(super) fn is_ident_like(kind: SyntaxKind) -> bool {
    kind == IDENT || kind.is_keyword()
}
