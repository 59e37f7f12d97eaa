//! Where the time of an edit goes, without the protocol: the latency benchmark's shader
//! replayed on a `RootDatabase`, timing each stage of the diagnostics of the edited file
//! (parse, expanded tree, declaration ids, item tree, semantic diagnostics, line index) and
//! counting the salsa queries that re-execute. Two kinds of edit: the latency benchmark's
//! (a space in a body's indentation, which changes no token) and a token edit (`0.5` to
//! `0.6` and back in a body).
//!
//! `cargo bench -p server --bench phases`

#[path = "support/shader.rs"]
mod shader;

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use db::{FileSource, PreprocessConfig, RootDatabase};

/// Edits per kind; `PHASES_EDITS` overrides (a few are enough under callgrind).
fn edits() -> usize {
    std::env::var("PHASES_EDITS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(100)
}

struct Header;

impl FileSource for Header {
    fn read(&self, path: &str) -> Option<String> {
        path.ends_with("common.hlsli")
            .then(|| "#define SCALE 2.0\n".to_owned())
    }
}

/// The byte offset of (line, character) in ASCII `text`.
fn offset(text: &str, line: u32, character: u32) -> usize {
    let start: usize = text
        .split_inclusive('\n')
        .take(line as usize)
        .map(str::len)
        .sum();
    start + character as usize
}

fn main() {
    if std::env::args()
        .skip(1)
        .any(|a| !a.starts_with("--") && a != "phases")
    {
        return;
    }
    println!("-- edits of whitespace in a body (the latency benchmark's)");
    run(false);
    println!("-- edits of a token in a body");
    run(true);
}

fn run(token_edits: bool) {
    let edits = edits();
    let (mut text, macro_uses) = shader::generate();
    let log: Arc<Mutex<Vec<String>>> = Arc::default();
    let sink = log.clone();
    let mut db = RootDatabase::with_event_log(Arc::new(Header), move |event| {
        if let salsa::EventKind::WillExecute { database_key } = event.kind {
            let name = format!("{database_key:?}");
            let name = name.split('(').next().unwrap_or("").to_owned();
            sink.lock().unwrap().push(name);
        }
    });
    let path = "/bench/big.hlsl";
    let file = db.set_file_text(path, Some(text.as_str().into()));
    let config = db.new_config(PreprocessConfig::default());
    let start = Instant::now();
    db::semantic_diagnostics(&db, file, config);
    println!("first semantic diagnostics: {:.2?}", start.elapsed());
    log.lock().unwrap().clear();

    let names = [
        "parse_file",
        "expanded_tree",
        "ast_id_map",
        "item_tree",
        "semantic diagnostics",
        "line index",
        "total",
    ];
    let mut times: Vec<Vec<Duration>> = vec![Vec::new(); names.len()];
    let mut executed: BTreeMap<String, usize> = BTreeMap::new();
    for i in 0..edits {
        let (line, _) = macro_uses[(i / 2 * 7) % macro_uses.len()];
        if token_edits {
            // `    float3 c = float3(uv, 0.5) * SCALE;` is four lines above the macro use.
            let at = offset(&text, line - 4, 28);
            let digit = if i % 2 == 0 { "6" } else { "5" };
            text.replace_range(at..at + 1, digit);
        } else {
            let at = offset(&text, line, 4);
            if i % 2 == 0 {
                text.insert(at, ' ');
            } else {
                text.remove(at);
            }
        }
        db.set_file_text(path, Some(text.as_str().into()));
        let t = Instant::now();
        let mut marks = vec![t];
        db::parse_file(&db, file, config);
        marks.push(Instant::now());
        db::expanded_tree(&db, file, config);
        marks.push(Instant::now());
        hir::ast_id_map(&db, file, config);
        marks.push(Instant::now());
        hir::item_tree::item_tree(&db, file, config);
        marks.push(Instant::now());
        let diagnostics = db::semantic_diagnostics(&db, file, config);
        marks.push(Instant::now());
        let index = syntax::line_index::LineIndex::new(&text);
        marks.push(Instant::now());
        std::hint::black_box((diagnostics, index));
        for (k, w) in marks.windows(2).enumerate() {
            times[k].push(w[1] - w[0]);
        }
        times[names.len() - 1].push(t.elapsed());
        for name in log.lock().unwrap().drain(..) {
            *executed.entry(name).or_default() += 1;
        }
    }
    for (name, mut samples) in names.iter().zip(times) {
        samples.sort();
        println!(
            "{name:<22} p50 {:>9.2?}  p99 {:>9.2?}",
            samples[samples.len() / 2],
            samples[(samples.len() - 1) * 99 / 100]
        );
    }
    println!("queries executed per edit:");
    for (name, n) in executed {
        println!("  {name:<32} {:.1}", n as f64 / edits as f64);
    }
}
