//! Latency of the language server as an editor feels it: the real binary over stdio, a
//! generated 5,000-line shader, and for each replayed edit the time from sending `didChange` to
//! receiving the `publishDiagnostics` of that version (preprocessor, syntax and semantic
//! diagnostics); then hover (macro and type), semantic tokens, document symbols and folding
//! round trips. Prints p50, p99 and max of each.
//!
//! `cargo bench -p server --bench latency` (a plain binary: one process per measurement run
//! would hide the numbers that matter in a harness's averages).

#[path = "../tests/common/mod.rs"]
mod common;
#[path = "support/shader.rs"]
mod shader;

use std::time::{Duration, Instant};

use serde_json::json;

use common::{Client, TempDir};
use shader::generate;

const EDITS: usize = 300;
const REQUESTS: usize = 200;

fn percentiles(name: &str, mut samples: Vec<Duration>) {
    samples.sort();
    let at = |p: f64| samples[((samples.len() - 1) as f64 * p).round() as usize];
    println!(
        "{name:<40} n={:<4} p50 {:>8.2?}  p99 {:>8.2?}  max {:>8.2?}",
        samples.len(),
        at(0.50),
        at(0.99),
        samples[samples.len() - 1]
    );
}

fn main() {
    // `cargo bench` passes `--bench`; a filter argument that is not ours skips the run.
    if std::env::args()
        .skip(1)
        .any(|a| !a.starts_with("--") && a != "latency")
    {
        return;
    }
    let dir = TempDir::new("bench");
    dir.write("common.hlsli", "#define SCALE 2.0\n");
    let (text, macro_uses) = generate();
    let uri = dir.uri("big.hlsl");
    let (mut client, _) = Client::start(dir.path(), json!(null));
    println!(
        "shader: {} lines, {} bytes",
        text.lines().count(),
        text.len()
    );

    let start = Instant::now();
    client.open(&uri, 1, &text);
    let first = client.diagnostics(&uri, 1);
    println!(
        "didOpen -> first diagnostics: {:.2?} ({} diagnostics)",
        start.elapsed(),
        first.len()
    );

    // Typing whitespace in a function body: insert a space, then delete it, at spread-out
    // lines (no token changes).
    let mut edit_times = Vec::with_capacity(EDITS);
    let mut version = 1;
    for i in 0..EDITS {
        let (line, _) = macro_uses[(i / 2 * 7) % macro_uses.len()];
        version += 1;
        let sent = Instant::now();
        if i % 2 == 0 {
            client.change(&uri, version, [(line, 4), (line, 4)], " ");
        } else {
            client.change(&uri, version, [(line, 4), (line, 5)], "");
        }
        client.diagnostics(&uri, version);
        edit_times.push(sent.elapsed());
    }
    percentiles("didChange -> publishDiagnostics", edit_times);

    // Typing that changes a token: a digit appended to a float literal in a function body
    // (`1.0` becomes `1.05`), then removed. Every such edit changes the file's tokens, so the
    // item tree and the edited function's body are rebuilt, unlike whitespace above.
    let lines: Vec<&str> = text.lines().collect();
    let literal_sites: Vec<(u32, u32)> = macro_uses
        .iter()
        .filter_map(|&(line, _)| {
            let col = lines.get(line as usize)?.find("1.0")?;
            Some((line, col as u32 + 3))
        })
        .collect();
    assert!(!literal_sites.is_empty(), "no float literal to edit");
    let mut token_times = Vec::with_capacity(EDITS);
    for i in 0..EDITS {
        let (line, col) = literal_sites[(i / 2 * 7) % literal_sites.len()];
        version += 1;
        let sent = Instant::now();
        if i % 2 == 0 {
            client.change(&uri, version, [(line, col), (line, col)], "5");
        } else {
            client.change(&uri, version, [(line, col), (line, col + 1)], "");
        }
        client.diagnostics(&uri, version);
        token_times.push(sent.elapsed());
    }
    percentiles("didChange (token) -> publishDiagnostics", token_times);

    let mut hover_times = Vec::with_capacity(REQUESTS);
    for i in 0..REQUESTS {
        let (line, character) = macro_uses[(i * 13) % macro_uses.len()];
        let sent = Instant::now();
        let hover = client
            .request(
                "textDocument/hover",
                json!({
                    "textDocument": { "uri": uri },
                    "position": { "line": line, "character": character }
                }),
            )
            .unwrap();
        hover_times.push(sent.elapsed());
        assert!(!hover.is_null(), "no hover at {line}:{character}");
    }
    percentiles("hover (macro use)", hover_times);

    // The type of a local: `c` in `return float4(c * SQ(time0), 1.0);`.
    let mut type_times = Vec::with_capacity(REQUESTS);
    for i in 0..REQUESTS {
        let (line, _) = macro_uses[(i * 13) % macro_uses.len()];
        let sent = Instant::now();
        let hover = client
            .request(
                "textDocument/hover",
                json!({
                    "textDocument": { "uri": uri },
                    "position": { "line": line, "character": 18 }
                }),
            )
            .unwrap();
        type_times.push(sent.elapsed());
        assert!(!hover.is_null(), "no type at {line}:18");
    }
    percentiles("hover (type of a local)", type_times);

    let doc = json!({ "textDocument": { "uri": uri } });
    for (name, method) in [
        ("semanticTokens/full", "textDocument/semanticTokens/full"),
        ("documentSymbol", "textDocument/documentSymbol"),
        ("foldingRange", "textDocument/foldingRange"),
    ] {
        let mut times = Vec::new();
        for _ in 0..20 {
            let sent = Instant::now();
            client.request(method, doc.clone()).unwrap();
            times.push(sent.elapsed());
        }
        percentiles(name, times);
    }

    // After an edit, the first semantic tokens pay for the new parse's lossless tree.
    let mut times = Vec::new();
    for i in 0..20 {
        version += 1;
        let text = if i % 2 == 0 { " " } else { "" };
        let end = if i % 2 == 0 { 4 } else { 5 };
        client.change(&uri, version, [(40, 4), (40, end)], text);
        let sent = Instant::now();
        client
            .request("textDocument/semanticTokens/full", doc.clone())
            .unwrap();
        times.push(sent.elapsed());
    }
    percentiles("didChange + semanticTokens/full", times);
    client.shutdown();
}
