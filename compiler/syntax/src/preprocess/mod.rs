//! The C preprocessor as DXC applies it to HLSL: directives, macro expansion, includes.
//!
//! `preprocess` turns a file's text into the expanded token stream the parser reads. Every
//! expanded token remembers where it came from (`TokenOrigin`), and the preprocessor records the
//! regions of the main file that the parser never sees as tokens (directive lines, inactive
//! `#if` regions, macro uses), so the tree builder can keep the tree lossless.
//! Includes are read through `FileLoader`, so the database can track them.
//!
//! # Design
//!
//! The work is split in modules: `engine` (files, token reading, output), `directives`
//! (`#define`, `#include`, conditionals, pragmas...), `expand` (macro expansion with C's
//! rules) and `expr` (`#if` expressions).
//!
//! - Each file is lexed once (included files are cached by `FileId`) into its significant
//!   tokens, each knowing whether a line ends before it, so directive lines and skipped groups
//!   are found without looking at trivia again. Token texts are never copied until they are
//!   emitted: a token names its source text (a file, or an arena for pasted and stringified
//!   tokens) and a range in it.
//! - Reading is a pull: `expand_next` takes the next token from the stack of macro expansion
//!   contexts, else from the current file (where directive lines are handled as met), and
//!   expands macro names. A macro is disabled while its expansion is read (names of disabled
//!   macros are painted and never expanded again); arguments are collected unexpanded and each
//!   is expanded on its own before substitution, except as an operand of `#` or `##`. All of
//!   it is iterative except argument pre-expansion, whose nesting is capped.
//! - Bounds: at most `MAX_EXPANDED_TOKENS` tokens from macros, `MAX_ARG_DEPTH` nested
//!   argument expansions, `MAX_INCLUDE_DEPTH` nested includes and `MAX_INCLUDED_TOKENS` tokens
//!   of included text; past them a diagnostic is reported once and the work stops.
//! - Predefined macros and `-D` defines are `#define` lines of a buffer read before the file;
//!   `__LINE__`, `__FILE__` and `__COUNTER__` are computed at each use. `#line` changes what
//!   they report and is recorded in `Preprocessed::line_directives`.
//! - Regions of the main file (directive lines, inactive lines, macro uses) are gathered as
//!   met, then sorted and merged: a macro use whose arguments span directive lines is one
//!   macro-use region.
//! - Lexer errors are reported as their tokens are read, except in skipped groups.
//! - A file wholly inside `#ifndef X` ... `#endif` is not read again once `X` is defined, nor
//!   is a `#pragma once` file (the `#include` is still recorded).
//!
//! # Diagnostic codes
//!
//! | Code  | Meaning |
//! |-------|---------|
//! | E1001 | Lexer error (unexpected character, unterminated literal or comment). |
//! | E1002 | `#include` file not found. |
//! | E1003 | `#include` nested too deeply (include cycle), or too much included text. |
//! | E1004 | Malformed `#include` (no `"file"` or `<file>`). |
//! | E1005 | Malformed `#define` or `#undef` (missing name, bad parameter list, misplaced `#` or `##`). |
//! | E1006 | Unterminated function-like macro invocation. |
//! | E1007 | Wrong number of arguments in a macro invocation. |
//! | E1008 | Token pasting (`##`) does not give one valid token. |
//! | E1009 | Macro expansion too large (runaway expansion stopped). |
//! | E1010 | Invalid `#if`/`#elif` expression. |
//! | E1011 | Division by zero in a `#if`/`#elif` expression. |
//! | E1012 | Unterminated conditional (`#if` without `#endif` at end of file). |
//! | E1013 | `#else` or `#elif` after `#else`. |
//! | E1014 | `#elif`, `#else` or `#endif` without `#if`. |
//! | E1015 | `#error` directive. |
//! | E1016 | Unknown preprocessor directive. |
//! | E1017 | Malformed `#line` directive. |
//! | E1018 | `#include` inside macro arguments. |
//! | E1019 | `defined` without an identifier. |
//! | E1020 | Macro arguments nested too deeply. |
//! | E1021 | `_Pragma` without a parenthesized string literal. |
//! | W1001 | Macro redefined with a different body. |
//! | W1002 | `#warning` directive. |
//! | W1003 | Extra tokens at the end of a directive. |
//! | W1004 | Malformed `#pragma pack_matrix`. |
//! | W1005 | Defining or undefining a builtin macro. |

use std::sync::Arc;

mod directives;
mod engine;
mod expand;
mod expr;
mod names;
#[cfg(test)]
mod tests;

use rowan::TextRange;

use crate::diagnostics::Diagnostic;
use crate::SyntaxKind;

/// A file known to whoever drives the compiler (the database or the command line).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FileId(pub u32);

/// Reads the files that `#include` names. Paths are as the preprocessor built them
/// (the includer's directory or an include directory, joined with the written path).
pub trait FileLoader {
    /// The file at `path`, or `None` if it does not exist.
    fn load(&self, path: &str) -> Option<LoadedFile>;
}

/// A file the loader found.
#[derive(Debug, Clone)]
pub struct LoadedFile {
    pub id: FileId,
    /// The path as it will be shown in diagnostics and `__FILE__`.
    pub path: String,
    pub text: Arc<str>,
}

/// A loader that finds nothing: for parsing a text on its own.
pub struct NoFiles;

impl FileLoader for NoFiles {
    fn load(&self, _path: &str) -> Option<LoadedFile> {
        None
    }
}

/// The shader stage of a profile, as `__SHADER_TARGET_STAGE` reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ShaderStage {
    Pixel,
    Vertex,
    Geometry,
    Hull,
    Domain,
    Compute,
    Library,
    Mesh,
    Amplification,
}

/// A target profile such as `cs_6_0`: stage and shader model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ShaderTarget {
    pub stage: ShaderStage,
    pub major: u32,
    pub minor: u32,
}

impl ShaderTarget {
    /// Parses a DXC profile such as `cs_6_0`, `ps_6_6` or `lib_6_x` (`x`: the newest minor
    /// version the compiler knows). Shared by `hlslc -T` and the server's configuration.
    /// A shader model 4 or 5 profile DXC's table knows (`vs_5_0`, `ps_4_1`, `cs_5_1`,
    /// `hs_5_0`: the fxc profiles the D3D12 samples compile with) is upgraded to 6.0, as
    /// dxc.exe upgrades it (`hlslc` warns as dxc.exe does); mesh, amplification and library
    /// profiles have none.
    pub fn from_profile(profile: &str) -> Result<ShaderTarget, String> {
        let bad = || {
            format!("unknown profile `{profile}` (expected STAGE_MAJOR_MINOR, such as cs_6_0 or ps_6_6)")
        };
        let mut parts = profile.split('_');
        let (Some(stage), Some(major), Some(minor), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(bad());
        };
        let stage = match stage {
            "ps" => ShaderStage::Pixel,
            "vs" => ShaderStage::Vertex,
            "gs" => ShaderStage::Geometry,
            "hs" => ShaderStage::Hull,
            "ds" => ShaderStage::Domain,
            "cs" => ShaderStage::Compute,
            "lib" => ShaderStage::Library,
            "ms" => ShaderStage::Mesh,
            "as" => ShaderStage::Amplification,
            _ => return Err(bad()),
        };
        let major: u32 = major.parse().map_err(|_| bad())?;
        let minor: u32 = if minor == "x" {
            8
        } else {
            minor.parse().map_err(|_| bad())?
        };
        // DXC's 4.x/5.x profiles: `hs`/`ds` from 5.0, the others from 4.0, minor 0 or 1.
        let legacy = match stage {
            ShaderStage::Hull | ShaderStage::Domain => major == 5,
            ShaderStage::Pixel
            | ShaderStage::Vertex
            | ShaderStage::Geometry
            | ShaderStage::Compute => major == 4 || major == 5,
            ShaderStage::Library | ShaderStage::Mesh | ShaderStage::Amplification => false,
        };
        if legacy && minor <= 1 {
            return Ok(ShaderTarget {
                stage,
                major: 6,
                minor: 0,
            });
        }
        if major != 6 {
            return Err(format!(
                "unsupported shader model in `{profile}` (the compiler targets shader model 6.x)"
            ));
        }
        Ok(ShaderTarget {
            stage,
            major,
            minor,
        })
    }
}

/// The value of `__HLSL_VERSION` for a `-HV` spelling: `2016`, `2018`, `2021` or `202x`.
/// Shared by `hlslc -HV` and the server's configuration.
pub fn hlsl_version_from_name(name: &str) -> Result<u32, String> {
    match name {
        "2016" => Ok(2016),
        "2017" => Ok(2017),
        "2018" => Ok(2018),
        "2021" => Ok(2021),
        // DXC reports the in-progress language version as 2029.
        "202x" | "202y" => Ok(2029),
        other => Err(format!(
            "unknown HLSL version `{other}` (expected 2016, 2018, 2021 or 202x)"
        )),
    }
}

/// Everything that changes what the preprocessor produces, apart from the file texts.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PreprocessConfig {
    /// `-I` directories, searched in order.
    pub include_dirs: Vec<String>,
    /// `-D NAME` (value `None`, defined as `1`) and `-D NAME=VALUE`, in command-line order.
    pub defines: Vec<(String, Option<String>)>,
    /// `-HV`: 2016, 2018, 2021 (the default), 202x.
    pub hlsl_version: u32,
    /// `-enable-16bit-types`: `half` is 16-bit and `__HLSL_ENABLE_16_BIT` is defined.
    pub enable_16bit_types: bool,
    /// `-T`, when known.
    pub target: Option<ShaderTarget>,
    /// `-Zpr`: matrices declared without `row_major`/`column_major` are row-major, as if the
    /// file began with `#pragma pack_matrix(row_major)` (`-Zpc`, column-major, is the default).
    pub row_major_default: bool,
    /// Whether the output is SPIR-V: `__spirv__` is defined, as DXC defines it under `-spirv`.
    /// On by default: `hlslc` and the editor views produce SPIR-V.
    pub spirv: bool,
    /// `-flegacy-macro-expansion`: the arguments of a function-like macro are expanded before
    /// `##` pastes them, as fxc did (C and DXC paste them as written).
    pub legacy_macro_expansion: bool,
    /// `-enable-short-circuit`: `&&`, `||` and `?:` short-circuit (and take scalars only)
    /// under `-HV 2016`/`2018` too; from HLSL 2021 on they always do.
    pub enable_short_circuit: bool,
}

impl PreprocessConfig {
    /// Whether `&&`, `||` and `?:` short-circuit and take scalars only: HLSL 2021 and later,
    /// or an earlier version with `-enable-short-circuit` (DXC's `EnableShortCircuit`).
    pub fn short_circuits(&self) -> bool {
        self.hlsl_version >= 2021 || self.enable_short_circuit
    }
}

impl Default for PreprocessConfig {
    fn default() -> Self {
        PreprocessConfig {
            include_dirs: Vec::new(),
            defines: Vec::new(),
            hlsl_version: 2021,
            enable_16bit_types: false,
            target: None,
            row_major_default: false,
            spirv: true,
            legacy_macro_expansion: false,
            enable_short_circuit: false,
        }
    }
}

/// Where an expanded token came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TokenOrigin {
    /// Written at `range` in `file` and not produced by a macro.
    File { file: FileId, range: TextRange },
    /// Produced by expanding a macro. `call` is the outermost macro use in `file` (the text a
    /// diagnostic on this token points at); `spelled` is where the token's own text was written
    /// (in a macro argument or a `#define` body), when it was written somewhere.
    Macro {
        file: FileId,
        call: TextRange,
        spelled: Option<(FileId, TextRange)>,
    },
}

impl TokenOrigin {
    /// The file and range a diagnostic on this token points at.
    pub fn diagnostic_range(&self) -> (FileId, TextRange) {
        match *self {
            TokenOrigin::File { file, range } => (file, range),
            TokenOrigin::Macro { file, call, .. } => (file, call),
        }
    }
}

/// One token of the expanded stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PpToken {
    /// As lexed: `IDENT` for contextual keywords; never trivia, never `EOF`.
    pub kind: SyntaxKind,
    /// The token's text is `Preprocessed::text[text_start..text_start + text_len]`.
    pub text_start: u32,
    pub text_len: u32,
    /// Whitespace or a comment stood before this token in the text it was taken from.
    pub leading_space: bool,
    pub origin: TokenOrigin,
}

/// What a region of the main file is, among the text the parser does not see as tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RegionKind {
    /// A directive line, from `#` to the end of the line (continuations included).
    Directive,
    /// Lines skipped by a false `#if`/`#ifdef`/`#elif`/`#else`.
    Inactive,
    /// A macro use (`NAME` or `NAME(args)`), whose expansion is in the token stream.
    MacroCall,
}

/// A region of the main file; regions are sorted and do not overlap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Region {
    pub kind: RegionKind,
    pub range: TextRange,
}

/// An `#include` that was resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Include {
    /// The file holding the directive.
    pub from: FileId,
    /// The range of the written path, quotes or angle brackets included.
    pub path_range: TextRange,
    pub to: FileId,
    pub path: String,
}

/// A `#define`, for hover and go-to-definition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MacroDefinition {
    pub name: String,
    pub file: FileId,
    /// The range of the name in the `#define` line.
    pub name_range: TextRange,
    /// The parameters of a function-like macro (`None` for an object-like one).
    pub params: Option<Vec<String>>,
    /// The replacement list as written.
    pub body: String,
    /// Defined on the command line (`-D`) or by the compiler (`__HLSL_VERSION`...): `file` is
    /// then the main file and `name_range` is empty.
    pub predefined: bool,
}

/// A use of a macro in some file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MacroUse {
    pub file: FileId,
    /// The range of the macro name at the use.
    pub name_range: TextRange,
    /// Index into `Preprocessed::macro_definitions`.
    pub definition: usize,
}

/// A `#pragma pack_matrix(row_major|column_major)`, in effect from token `token_index` of the
/// expanded stream on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PackMatrixPragma {
    pub token_index: usize,
    pub row_major: bool,
}

/// The expanded token stream of a file and everything learned while producing it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Preprocessed {
    /// The texts of all tokens, one after another.
    pub text: String,
    pub tokens: Vec<PpToken>,
    /// Regions of the main file that are not tokens of the stream (sorted, disjoint).
    pub regions: Vec<Region>,
    pub includes: Vec<Include>,
    pub macro_definitions: Vec<MacroDefinition>,
    pub macro_uses: Vec<MacroUse>,
    pub pack_matrix: Vec<PackMatrixPragma>,
    /// Lexer and preprocessor diagnostics, in the order they were found.
    pub diagnostics: Vec<Diagnostic>,
    /// `#line` directives, in the order they were met (in any file).
    pub line_directives: Vec<LineDirective>,
}

/// A `#line N "file"` directive: from `offset` (the start of the next line) on, lines of `file`
/// are numbered from `line`, and `__FILE__` is `path` when given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineDirective {
    pub file: FileId,
    pub offset: rowan::TextSize,
    pub line: u32,
    pub path: Option<String>,
}

impl Preprocessed {
    /// The text of token `index`.
    pub fn token_text(&self, index: usize) -> &str {
        let t = &self.tokens[index];
        &self.text[t.text_start as usize..(t.text_start + t.text_len) as usize]
    }
}

/// Preprocesses `text`, the contents of `file` at `path`.
pub fn preprocess(
    file: FileId,
    path: &str,
    text: &str,
    config: &PreprocessConfig,
    loader: &dyn FileLoader,
) -> Preprocessed {
    let (lexed, significant) = crate::lexer::lex_with_significant(text);
    engine::run(file, path, text, &lexed, significant, config, loader)
}

/// Like `preprocess`, for a main file the caller lexed with `lex_with_significant`
/// (`parse_file` lexes once for both the preprocessor and the lossless tree).
pub(crate) fn preprocess_lexed(
    file: FileId,
    path: &str,
    text: &str,
    lexed: &crate::lexer::Lexed,
    significant: Vec<crate::lexer::RawTok>,
    config: &PreprocessConfig,
    loader: &dyn FileLoader,
) -> Preprocessed {
    engine::run(file, path, text, lexed, significant, config, loader)
}
