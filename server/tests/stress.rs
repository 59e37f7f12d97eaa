//! A stress test: 1,200 seeded random incremental edits (non-ASCII text, directives, unbalanced
//! braces and comments included) with requests interleaved. The server must answer every
//! request (a result, or `ContentModified` when an edit overtook it), never die, and end with
//! the diagnostics that a fresh server computes for the final text.

mod common;

use serde_json::{json, Value};

use common::{position, range_json, Client, Rng, TempDir};

const EDITS: usize = 1200;

const START: &str = "#include \"common.hlsli\"
#define SQ(x) ((x) * (x))
// Shading with é and 𝄞 in comments.
cbuffer Frame : register(b0) { float4x4 view; float time; };
struct VSOut { float4 pos : SV_Position; float2 uv : TEXCOORD0; };
Texture2D<float4> tex : register(t0);
SamplerState samp : register(s0);
float4 shade(VSOut input) : SV_Target {
    float4 c = tex.Sample(samp, input.uv);
    return c * SQ(time) * SCALE;
}
";

/// Pieces of text the edits insert.
const SNIPPETS: &[&str] = &[
    "float ",
    ";",
    "{",
    "}",
    "(",
    ")",
    "\n",
    " ",
    "x",
    "SQ(",
    "SCALE",
    "é",
    "𝄞",
    "ü+",
    "#if 0\n",
    "#endif\n",
    "#define M 1\n",
    "#error no\n",
    "// c\n",
    "/*",
    "*/",
    "\"",
    "1.5",
    "return ",
    "[numthreads(1,1,1)]\n",
    "struct S { int a; };\n",
    "#include \"common.hlsli\"\n",
];

/// A random char boundary of `text`.
fn boundary(rng: &mut Rng, text: &str) -> usize {
    let mut at = rng.below(text.len() + 1);
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

#[test]
fn random_edits_with_interleaved_requests() {
    let dir = TempDir::new("stress");
    dir.write("common.hlsli", "#define SCALE 2.0\n");
    let uri = dir.uri("main.hlsl");
    let (mut client, _) = Client::start(dir.path(), Value::Null);
    // A few hundred lines, so that edits overtake requests and diagnostics runs now and then.
    let mut text = START.to_owned();
    for i in 0..40 {
        text.push_str(&format!(
            "float4 f{i}(float4 v : TEXCOORD{i}) : SV_Target {{\n    // step {i}\n    return v * SQ({i}.0) + SCALE;\n}}\n"
        ));
    }
    client.open(&uri, 1, &text);
    client.diagnostics(&uri, 1);

    let mut rng = Rng::new(0x5eed_1234);
    let mut pending = Vec::new();
    let mut modified = 0;
    let mut version = 1;
    for i in 0..EDITS {
        // One edit: insert, delete or replace a short range.
        let start = boundary(&mut rng, &text);
        let mut end = start;
        if rng.below(3) > 0 {
            for _ in 0..rng.below(12) {
                match text[end..].chars().next() {
                    Some(c) => end += c.len_utf8(),
                    None => break,
                }
            }
        }
        let insert = if rng.below(4) == 0 {
            ""
        } else {
            SNIPPETS[rng.below(SNIPPETS.len())]
        };
        let range = [position(&text, start), position(&text, end)];
        text.replace_range(start..end, insert);
        version += 1;
        client.change(&uri, version, range, insert);

        // A request every few edits, answered whenever the server gets to it.
        if i % 5 == 0 {
            let (line, character) = position(&text, boundary(&mut rng, &text));
            let at = json!({
                "textDocument": { "uri": uri },
                "position": { "line": line, "character": character }
            });
            let doc = json!({ "textDocument": { "uri": uri } });
            let mut references = at.clone();
            references["context"] = json!({ "includeDeclaration": true });
            let (method, params) = match (i / 5) % 11 {
                0 => ("textDocument/hover", at),
                1 => ("textDocument/semanticTokens/full", doc),
                2 => ("textDocument/documentSymbol", doc),
                3 => ("textDocument/foldingRange", doc),
                4 => ("textDocument/completion", at),
                5 => ("textDocument/definition", at),
                6 => ("hlsl-analyzer/syntaxTree", doc),
                7 => ("textDocument/references", references),
                8 => ("textDocument/signatureHelp", at),
                9 => ("workspace/symbol", json!({ "query": "a" })),
                _ => ("hlsl-analyzer/viewIr", at),
            };
            pending.push((method, client.send_request(method, params)));
        }
        // Now and then, wait for everything so far (and check the answers).
        if i % 100 == 99 {
            modified += check_answers(&mut client, &mut pending);
        }
    }
    modified += check_answers(&mut client, &mut pending);
    eprintln!("{modified} requests answered ContentModified");
    assert!(client.is_running(), "the server died");

    // The last full check: the final text gives the same diagnostics as a fresh start, and the
    // syntax tree is the final text, byte for byte.
    let last = client.diagnostics(&uri, version);
    let tree = client
        .request(
            "hlsl-analyzer/syntaxTree",
            json!({ "textDocument": { "uri": uri } }),
        )
        .unwrap();
    let leaves: String = tree
        .as_str()
        .unwrap()
        .lines()
        .filter_map(|l| l.trim_start().split_once(' ').map(|(_, t)| t))
        .map(unescape_debug)
        .collect();
    assert_eq!(leaves, text);
    client.shutdown();

    let (mut fresh, _) = Client::start(dir.path(), Value::Null);
    fresh.open(&uri, 1, &text);
    let expected = fresh.diagnostics(&uri, 1);
    assert_eq!(last, expected, "final text:\n{text}");
    fresh.shutdown();
}

/// The string that Rust's `{:?}` printed as `quoted`.
fn unescape_debug(quoted: &str) -> String {
    let inner = &quoted[1..quoted.len() - 1];
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('t') => out.push('\t'),
            Some('0') => out.push('\0'),
            Some('u') => {
                let code: String = chars.by_ref().skip(1).take_while(|&c| c != '}').collect();
                out.push(char::from_u32(u32::from_str_radix(&code, 16).unwrap()).unwrap());
            }
            Some(other) => out.push(other),
            None => {}
        }
    }
    out
}

/// Every pending request was answered with a result or `ContentModified`, never another error.
/// Returns how many were `ContentModified`.
fn check_answers(client: &mut Client, pending: &mut Vec<(&'static str, i64)>) -> usize {
    let mut modified = 0;
    for (method, id) in pending.drain(..) {
        if let Err(error) = client.response(id) {
            assert_eq!(error["code"], -32801, "{method} failed: {error}");
            modified += 1;
        }
    }
    modified
}

#[test]
fn out_of_order_versions_are_applied_in_order() {
    // Two changes in one message burst, sent with the later version first: the server sorts
    // them by version within a batch, and ignores a version it has already passed.
    let dir = TempDir::new("order");
    let uri = dir.uri("a.hlsl");
    let (mut client, _) = Client::start(dir.path(), Value::Null);
    client.open(&uri, 1, "float a;\n");
    client.diagnostics(&uri, 1);
    client.notify(
        "textDocument/didChange",
        json!({
            "textDocument": { "uri": uri, "version": 3 },
            "contentChanges": [{ "range": range_json([(0, 7), (0, 7)]), "text": "c" }]
        }),
    );
    client.notify(
        "textDocument/didChange",
        json!({
            "textDocument": { "uri": uri, "version": 2 },
            "contentChanges": [{ "range": range_json([(0, 7), (0, 7)]), "text": "b" }]
        }),
    );
    client.diagnostics(&uri, 3);
    let tree = client
        .request(
            "hlsl-analyzer/syntaxTree",
            json!({ "textDocument": { "uri": uri } }),
        )
        .unwrap();
    // Either both applied in version order (`b` then `c` at the same place: `acb`), or, if the
    // server saw version 3 alone first, version 2 was refused as stale (`ac`); never the wrong
    // order (`abc`).
    let tree = tree.as_str().unwrap();
    assert!(
        tree.contains("IDENT@6..9 \"acb\"") || tree.contains("IDENT@6..8 \"ac\""),
        "{tree}"
    );
    client.shutdown();
}
