//! End-to-end tests of a file being typed: a function whose `}` is not typed yet keeps the
//! functions and globals after it in the outline, hover and go-to-definition (also when a
//! stray `}` later balances the braces), gets one "expected `}`"
//! diagnostic, and completion in it offers its parameters and locals. The real binary over
//! stdio, as in `lsp.rs`; lines and characters are zero-based and counted on the fixture.

mod common;

use serde_json::{json, Value};

use common::{Client, TempDir};

/// `shade` is missing its `}` (and its statement on line 6 its `;`); `blur` and `main` follow.
const BROKEN: &str = r#"Texture2D<float4> tex;
SamplerState samp;
float3 shade(float3 n, float2 uv) {
    float4 c = tex.Sample(samp, uv);
    float k = dot(n, c.rgb);
    if (k > 0.5) {
        c.rgb *= k

float4 blur(float2 uv) { return tex.Sample(samp, uv); }

[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float4 b = blur(float2(id.xy));
}
"#;

fn at(uri: &str, line: u32, character: u32) -> Value {
    json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } })
}

/// `label: detail` of the completion items, in the server's order.
fn items(result: &Value) -> Vec<String> {
    let items = result.get("items").unwrap_or(result);
    items
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|i| {
            format!(
                "{}: {}",
                i["label"].as_str().unwrap_or(""),
                i["detail"].as_str().unwrap_or("")
            )
        })
        .collect()
}

#[test]
fn functions_after_an_unclosed_one_stay_functions() {
    let dir = TempDir::new("half-typed-outline");
    let uri = dir.uri("a.hlsl");
    let (mut client, _) = Client::start(dir.path(), Value::Null);
    client.open(&uri, 1, BROKEN);

    // One error for the missing `;`, one for the missing `}` (at the end of `k`, line 6),
    // and nothing about the functions after them.
    let diagnostics = client.diagnostics(&uri, 1);
    let found: Vec<String> = diagnostics
        .iter()
        .map(|d| {
            format!(
                "{}:{}-{}:{} {}",
                d["range"]["start"]["line"],
                d["range"]["start"]["character"],
                d["range"]["end"]["line"],
                d["range"]["end"]["character"],
                d["message"].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            "6:17-6:18 expected `;` after expression",
            "6:18-6:18 expected `}` to close the block"
        ]
    );

    assert_eq!(
        symbol_names(&mut client, &uri),
        ["tex", "samp", "shade", "blur", "main"]
    );

    // Hover on the call of `blur` in `main`, and on `main`'s name.
    let hover = client
        .request("textDocument/hover", at(&uri, 12, 16))
        .unwrap();
    assert_eq!(
        hover["contents"]["value"],
        "```hlsl\nfloat4 blur(float2 uv)\n```\n"
    );
    let hover = client
        .request("textDocument/hover", at(&uri, 11, 6))
        .unwrap();
    assert_eq!(
        hover["contents"]["value"],
        "```hlsl\nvoid main(uint3 id)\n```\n\nEntry point: compute shader.\n"
    );
    let definition = client
        .request("textDocument/definition", at(&uri, 12, 16))
        .unwrap();
    let target = definition.as_array().map_or(&definition, |a| &a[0]);
    assert_eq!(
        target["range"]["start"],
        json!({ "line": 8, "character": 7 })
    );
    client.shutdown();
}

#[test]
fn completion_offers_parameters_and_locals() {
    let dir = TempDir::new("half-typed-completion");
    let uri = dir.uri("a.hlsl");
    let (mut client, _) = Client::start(dir.path(), Value::Null);
    client.open(&uri, 1, BROKEN);
    client.diagnostics(&uri, 1);

    // A new line 7 in the unclosed `shade`, inside its `if`: `k` half typed.
    client.change(&uri, 2, [(7, 0), (7, 0)], "        c.rgb += k\n");
    let result = client
        .request("textDocument/completion", at(&uri, 7, 18))
        .unwrap();
    let found = items(&result);
    let locals: Vec<&String> = found.iter().take(4).collect();
    assert_eq!(
        locals,
        ["k: float", "c: float4", "n: float3", "uv: float2"],
        "{found:?}"
    );
    // The rest is still offered after them: globals, functions, types, intrinsics.
    for want in [
        "tex: global",
        "blur: function",
        "main: function",
        "float4: built-in type",
        "dot: intrinsic",
        "return: keyword",
    ] {
        assert!(found.iter().any(|f| f == want), "{want} not in {found:?}");
    }

    // In `main`, after the broken function: its own local, not `shade`'s.
    let result = client
        .request("textDocument/completion", at(&uri, 14, 0))
        .unwrap();
    let found = items(&result);
    assert!(found.contains(&"b: float4".to_owned()), "{found:?}");
    assert!(found.contains(&"id: uint3".to_owned()), "{found:?}");
    assert!(!found.iter().any(|f| f.starts_with("k: ")), "{found:?}");
    client.shutdown();
}

/// `shade` is missing its `}`; globals follow it, then `main` uses them. In the second
/// version `main` also has one `}` too many, so the braces balance.
const GLOBALS_AFTER: &str = r#"float shade(float x) {
    float k = x * 2;
    if (k > 1) {
        k = 1;

RWStructuredBuffer<float> outBuf : register(u0);
static const float kScale = 0.5;

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    outBuf[id.x] = shade(kScale);
}
"#;

#[test]
fn globals_after_an_unclosed_function_stay_globals() {
    let dir = TempDir::new("half-typed-globals");
    let uri = dir.uri("a.hlsl");
    let (mut client, _) = Client::start(dir.path(), Value::Null);
    let balanced = GLOBALS_AFTER.replace("(kScale);\n", "(kScale);\n    }\n");
    for (version, text) in [(1, GLOBALS_AFTER.to_owned()), (2, balanced)] {
        if version == 1 {
            client.open(&uri, version, &text);
        } else {
            client.replace_all(&uri, version, &text);
        }
        client.diagnostics(&uri, version);
        assert_eq!(
            symbol_names(&mut client, &uri),
            ["shade", "outBuf", "kScale", "main"],
            "version {version}"
        );

        // Hover and go-to-definition on `kScale` used in `main` (line 10).
        let hover = client
            .request("textDocument/hover", at(&uri, 10, 26))
            .unwrap();
        assert_eq!(
            hover["contents"]["value"], "```hlsl\nstatic const float kScale\n```\n",
            "version {version}"
        );
        let definition = client
            .request("textDocument/definition", at(&uri, 10, 6))
            .unwrap();
        let target = definition.as_array().map_or(&definition, |a| &a[0]);
        assert_eq!(
            target["range"]["start"],
            json!({ "line": 5, "character": 26 }),
            "version {version}"
        );
        // Completion in `main` offers them as globals, and not `shade`'s local `k`.
        let found = items(
            &client
                .request("textDocument/completion", at(&uri, 11, 0))
                .unwrap(),
        );
        for want in ["outBuf: global", "kScale: global", "id: uint3"] {
            assert!(found.iter().any(|f| f == want), "{want} not in {found:?}");
        }
        assert!(!found.iter().any(|f| f.starts_with("k: ")), "{found:?}");
    }
    client.shutdown();
}

/// The names of the document's top-level symbols (the outline), in order.
fn symbol_names(client: &mut Client, uri: &str) -> Vec<String> {
    let symbols = client
        .request(
            "textDocument/documentSymbol",
            json!({ "textDocument": { "uri": uri } }),
        )
        .unwrap();
    symbols
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap().to_owned())
        .collect()
}
