//! The C preprocessor as DXC applies it to HLSL: directives, macro expansion, includes.
//!
//! `preprocess` turns a file's text into the expanded token stream the parser reads. Every
//! expanded token remembers where it came from (`TokenOrigin`), and the preprocessor records the
//! regions of the main file that the parser never sees as tokens (directive lines, inactive
//! `#if` regions, macro uses), so the tree builder can keep the tree lossless.
//! Includes are read through `FileLoader`, so the database can track them.

use std::sync::Arc;

use rowan::{TextRange, TextSize};

use crate::diagnostics::Diagnostic;
use crate::lexer::lex;
use crate::SyntaxKind::{self, *};

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

/// Everything that changes what the preprocessor produces, apart from the file texts.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PreprocessConfig {
    /// `-I` directories, searched in order.
    pub include_dirs: Vec<String>,
    /// `-D NAME` (value `None`, defined as `1`) and `-D NAME=VALUE`, in command-line order.
    pub defines: Vec<(String, Option<String>)>,
    /// `-HV`: 2016, 2018, 2021 (the default), 202x.
    pub hlsl_version: u32,
    /// `-T`, when known.
    pub target: Option<ShaderTarget>,
}

impl Default for PreprocessConfig {
    fn default() -> Self {
        PreprocessConfig {
            include_dirs: Vec::new(),
            defines: Vec::new(),
            hlsl_version: 2021,
            target: None,
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
}

impl Preprocessed {
    /// The text of token `index`.
    pub fn token_text(&self, index: usize) -> &str {
        let t = &self.tokens[index];
        &self.text[t.text_start as usize..(t.text_start + t.text_len) as usize]
    }
}

/// Preprocesses `text`, the contents of `file` at `path`.
///
/// FIXME: this is a pass-through placeholder (directive lines become regions, nothing is
/// expanded); the real preprocessor replaces it.
pub fn preprocess(
    file: FileId,
    _path: &str,
    text: &str,
    _config: &PreprocessConfig,
    _loader: &dyn FileLoader,
) -> Preprocessed {
    let lexed = lex(text);
    let mut out = Preprocessed::default();
    for e in &lexed.errors {
        out.diagnostics.push(Diagnostic::error(
            "E1001",
            e.message.clone(),
            file,
            TextRange::new(e.start.into(), e.end.into()),
        ));
    }
    let mut at_line_start = true;
    let mut directive_start: Option<u32> = None;
    let mut leading_space = false;
    for (kind, start, end) in lexed.iter_ranges() {
        let tok = &text[start as usize..end as usize];
        if let Some(d) = directive_start {
            if kind == WHITESPACE && tok.contains('\n') && !tok.starts_with('\\') {
                out.regions.push(Region {
                    kind: RegionKind::Directive,
                    range: TextRange::new(
                        d.into(),
                        (start + tok.find('\n').unwrap() as u32).into(),
                    ),
                });
                directive_start = None;
                at_line_start = true;
            }
            continue;
        }
        match kind {
            WHITESPACE | COMMENT => {
                if tok.contains('\n') {
                    at_line_start = true;
                }
                leading_space = true;
            }
            HASH if at_line_start => directive_start = Some(start),
            _ => {
                at_line_start = false;
                let text_start = out.text.len() as u32;
                out.text.push_str(tok);
                out.tokens.push(PpToken {
                    kind,
                    text_start,
                    text_len: end - start,
                    leading_space,
                    origin: TokenOrigin::File {
                        file,
                        range: TextRange::new(TextSize::from(start), TextSize::from(end)),
                    },
                });
                leading_space = false;
            }
        }
    }
    if let Some(d) = directive_start {
        out.regions.push(Region {
            kind: RegionKind::Directive,
            range: TextRange::new(d.into(), TextSize::of(text)),
        });
    }
    out
}
