//! Runs the front end over a corpus of real shaders: for profiling, for checking that a parser
//! change leaves the trees alone, and for measuring recovery from a deleted token.
//!
//! A corpus is given as paths: `.hlsl`/`.hlsli` files, directories (read for those, not
//! recursively), and `.rs` files, whose string literals that look like shader text (a brace, a
//! `;` and `void`, `float`, `struct` or `cbuffer`, 20 bytes or more) each count as one file
//! (the cli tests' shaders).
//!
//! - `corpus parse N PATHS...`: lex, preprocess and parse every file N times (for
//!   `valgrind --tool=callgrind`).
//! - `corpus trees PATHS...`: prints every file's lossless tree and diagnostics; two runs
//!   diff to nothing when a change leaves the trees alone.
//! - `corpus recovery C PATHS...`: for each token `C` (`}`, `)` or `;`) of each file in turn,
//!   deletes it, parses, and counts the file's items (at file level and in namespaces, by
//!   kind and name) lost against the intact file. Prints the totals.
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use syntax::{FileId, FileLoader, LoadedFile, PreprocessConfig, SyntaxKind, SyntaxNode};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(command) = args.first() else {
        eprintln!("usage: corpus parse N PATHS... | trees PATHS... | recovery C PATHS...");
        std::process::exit(2);
    };
    match command.as_str() {
        "parse" => {
            let reps: usize = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(1);
            let files = corpus(&args[2..]);
            let (mut diagnostics, mut tokens, mut bytes) = (0, 0, 0);
            for _ in 0..reps {
                for f in &files {
                    let parsed = parse(f, &f.text);
                    diagnostics += parsed.diagnostics.len();
                    tokens += parsed.preprocessed.tokens.len();
                    bytes += f.text.len();
                }
            }
            println!(
                "{} files, {bytes} bytes, {tokens} tokens, {diagnostics} diagnostics",
                files.len()
            );
        }
        "trees" => {
            for f in corpus(&args[1..]) {
                let parsed = parse(&f, &f.text);
                println!("== {}", f.name);
                print!("{}", syntax::debug_tree(&parsed.syntax()));
                for d in &parsed.diagnostics {
                    println!("{} {:?} {}", d.code, d.range, d.message);
                }
            }
        }
        "recovery" => {
            let kind = match args.get(1).map(String::as_str) {
                Some("}") => SyntaxKind::R_BRACE,
                Some(")") => SyntaxKind::R_PAREN,
                Some(";") => SyntaxKind::SEMICOLON,
                _ => {
                    eprintln!("recovery takes `}}`, `)` or `;`");
                    std::process::exit(2);
                }
            };
            recovery(kind, &corpus(&args[2..]), args.iter().any(|a| a == "-v"));
        }
        _ => {
            eprintln!("unknown command {command}");
            std::process::exit(2);
        }
    }
}

/// One shader of the corpus.
struct CorpusFile {
    name: String,
    text: String,
    /// Where its includes are looked for.
    dir: PathBuf,
}

fn corpus(paths: &[String]) -> Vec<CorpusFile> {
    let mut files = Vec::new();
    for path in paths.iter().filter(|p| !p.starts_with('-')) {
        let path = Path::new(path);
        if path.is_dir() {
            let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
                .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
                .unwrap_or_default();
            entries.sort();
            for entry in entries {
                if entry
                    .extension()
                    .is_some_and(|e| e == "hlsl" || e == "hlsli")
                {
                    add_file(&entry, &mut files);
                }
            }
        } else {
            add_file(path, &mut files);
        }
    }
    files
}

fn add_file(path: &Path, files: &mut Vec<CorpusFile>) {
    let Ok(text) = std::fs::read_to_string(path) else {
        return;
    };
    let dir = path.parent().unwrap_or(Path::new(".")).to_path_buf();
    if path.extension().is_some_and(|e| e == "rs") {
        for (i, s) in string_literals(&text).into_iter().enumerate() {
            let shader_like = ["void ", "float", "struct ", "cbuffer "]
                .iter()
                .any(|w| s.contains(w));
            if s.len() >= 20 && shader_like && s.contains(';') && s.contains('{') {
                files.push(CorpusFile {
                    name: format!("{}#{i}", path.display()),
                    text: s,
                    dir: dir.clone(),
                });
            }
        }
    } else {
        files.push(CorpusFile {
            name: path.display().to_string(),
            text,
            dir,
        });
    }
}

/// The string literals of Rust source (plain, with escapes read, and raw), roughly: enough for
/// test files.
fn string_literals(src: &str) -> Vec<String> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'\'' => {
                // A char literal (`'"'`) or a lifetime: skip a quoted char only.
                if b.get(i + 2) == Some(&b'\'') {
                    i += 3;
                } else if b.get(i + 1) == Some(&b'\\') && b.get(i + 3) == Some(&b'\'') {
                    i += 4;
                } else {
                    i += 1;
                }
            }
            b'r' if matches!(b.get(i + 1), Some(b'"' | b'#'))
                && (i == 0 || !b[i - 1].is_ascii_alphanumeric()) =>
            {
                let mut j = i + 1;
                let mut hashes = 0;
                while b.get(j) == Some(&b'#') {
                    hashes += 1;
                    j += 1;
                }
                if b.get(j) != Some(&b'"') {
                    i += 1;
                    continue;
                }
                let close = format!("\"{}", "#".repeat(hashes));
                let start = j + 1;
                match src[start..].find(&close) {
                    Some(len) => {
                        out.push(src[start..start + len].to_string());
                        i = start + len + close.len();
                    }
                    None => break,
                }
            }
            b'"' => {
                let mut s = String::new();
                let mut j = i + 1;
                while j < b.len() && b[j] != b'"' {
                    if b[j] == b'\\' {
                        match b.get(j + 1) {
                            Some(b'n') => s.push('\n'),
                            Some(b't') => s.push('\t'),
                            Some(b'\n') => {
                                // A continued line: the next line's leading blanks go too.
                                j += 2;
                                while j < b.len() && matches!(b[j], b' ' | b'\t') {
                                    j += 1;
                                }
                                continue;
                            }
                            Some(&c) => s.push(c as char),
                            None => {}
                        }
                        j += 2;
                    } else {
                        let ch = src[j..].chars().next().unwrap_or(' ');
                        s.push(ch);
                        j += ch.len_utf8();
                    }
                }
                out.push(s);
                i = j + 1;
            }
            _ => i += 1,
        }
    }
    out
}

/// Reads includes where the preprocessor looks for them.
struct DiskLoader<'a> {
    dir: &'a Path,
}

impl FileLoader for DiskLoader<'_> {
    fn load(&self, path: &str) -> Option<LoadedFile> {
        // The path as the preprocessor makes it (beside the including file, or in an
        // include directory), else in the shader's directory.
        let (full, text) = [PathBuf::from(path), self.dir.join(path)]
            .into_iter()
            .find_map(|full| Some((full.clone(), std::fs::read_to_string(full).ok()?)))?;
        let id = 1 + full.to_string_lossy().bytes().map(u32::from).sum::<u32>();
        Some(LoadedFile {
            id: FileId(id),
            path: full.to_string_lossy().into_owned(),
            text: Arc::from(text),
        })
    }
}

fn parse(f: &CorpusFile, text: &str) -> syntax::ParsedFile {
    // `tests/shaders` keeps its headers in `include` (`// include-dir: include`).
    let config = PreprocessConfig {
        include_dirs: vec![f.dir.join("include").to_string_lossy().into_owned()],
        ..PreprocessConfig::default()
    };
    syntax::parse_file(
        FileId(0),
        &f.name,
        text,
        &config,
        &DiskLoader { dir: &f.dir },
    )
}

/// The file's items, by kind and name, with how many of each.
fn items(root: &SyntaxNode) -> HashMap<(SyntaxKind, String), usize> {
    let mut found = HashMap::new();
    collect_items(root, &mut found);
    found
}

fn collect_items(list: &SyntaxNode, found: &mut HashMap<(SyntaxKind, String), usize>) {
    for item in list.children() {
        if item.kind() == SyntaxKind::NAMESPACE_DEF {
            if let Some(inner) = item.children().find(|c| c.kind() == SyntaxKind::ITEM_LIST) {
                collect_items(&inner, found);
            }
        }
        let name = item
            .children()
            .find(|c| c.kind() == SyntaxKind::NAME)
            .or_else(|| {
                item.children()
                    .find(|c| c.kind() == SyntaxKind::VAR_DECLARATOR)
                    .and_then(|d| d.children().find(|c| c.kind() == SyntaxKind::NAME))
            })
            .map(|n| n.text().to_string())
            .unwrap_or_default();
        *found.entry((item.kind(), name)).or_default() += 1;
    }
}

fn recovery(kind: SyntaxKind, files: &[CorpusFile], verbose: bool) {
    let (mut deletions, mut lost_total, mut deletions_losing, mut items_total) = (0, 0, 0, 0);
    for f in files {
        let intact = items(&parse(f, &f.text).syntax());
        items_total += intact.values().sum::<usize>();
        let lexed = syntax::lexer::lex(&f.text);
        let mut offset = 0usize;
        for t in &lexed.tokens {
            let start = offset;
            offset += t.len as usize;
            if t.kind != kind {
                continue;
            }
            let mut text = f.text.clone();
            text.replace_range(start..offset, "");
            let damaged = items(&parse(f, &text).syntax());
            let lost: usize = intact
                .iter()
                .map(|(key, &n)| n.saturating_sub(damaged.get(key).copied().unwrap_or(0)))
                .sum();
            deletions += 1;
            lost_total += lost;
            if lost > 0 {
                deletions_losing += 1;
                if verbose {
                    let line = f.text[..start].matches('\n').count() + 1;
                    let from = f.text.floor_char_boundary(start.saturating_sub(80));
                    let to = f.text.ceil_char_boundary((offset + 80).min(f.text.len()));
                    println!(
                        "{}:{line}: {lost} lost: {:?} <deleted> {:?}",
                        f.name,
                        &f.text[from..start],
                        &f.text[offset..to]
                    );
                }
            }
        }
    }
    println!(
        "{} files, {items_total} items; {deletions} deletions of {kind:?}: {lost_total} items \
         lost, {deletions_losing} deletions lose one or more",
        files.len()
    );
}
