//! End-to-end tests: the real `hlsl-analyzer` binary over stdio, driven by the client in
//! `common/`. Each test starts its own server in its own temporary workspace.

mod common;

use serde_json::{json, Value};

use common::{Client, TempDir};

fn start(dir: &TempDir) -> Client {
    Client::start(dir.path(), Value::Null).0
}

fn doc(uri: &str) -> Value {
    json!({ "textDocument": { "uri": uri } })
}

fn at(uri: &str, line: u32, character: u32) -> Value {
    json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } })
}

fn codes(diagnostics: &[Value]) -> Vec<String> {
    diagnostics
        .iter()
        .map(|d| d["code"].as_str().unwrap_or("?").to_owned())
        .collect()
}

#[test]
fn version_flag() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_hlsl-analyzer"))
        .arg("--version")
        .output()
        .unwrap();
    assert!(output.status.success());
    assert_eq!(
        String::from_utf8_lossy(&output.stdout).trim(),
        format!("hlsl-analyzer {}", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn initialize_announces_capabilities() {
    let dir = TempDir::new("init");
    let (client, result) = Client::start(dir.path(), Value::Null);
    let caps = &result["capabilities"];
    assert_eq!(result["serverInfo"]["name"], "hlsl-analyzer");
    assert_eq!(caps["textDocumentSync"]["change"], 2, "incremental sync");
    for cap in [
        "hoverProvider",
        "definitionProvider",
        "referencesProvider",
        "workspaceSymbolProvider",
        "signatureHelpProvider",
        "documentSymbolProvider",
        "foldingRangeProvider",
        "completionProvider",
        "semanticTokensProvider",
    ] {
        assert!(!caps[cap].is_null(), "{cap} missing in {caps}");
    }
    assert_eq!(caps["semanticTokensProvider"]["full"]["delta"], true);
    client.shutdown();
}

#[test]
fn diagnostics_appear_and_clear_with_incremental_edits() {
    let dir = TempDir::new("diag");
    let uri = dir.uri("a.hlsl");
    let mut client = start(&dir);
    client.open(&uri, 1, "float x = ;\n");
    let diags = client.diagnostics(&uri, 1);
    assert!(!diags.is_empty());
    let d = &diags[0];
    assert_eq!(d["severity"], 1);
    assert_eq!(d["source"], "hlsl-analyzer");
    assert!(d["code"].as_str().unwrap().starts_with('E'), "{d}");
    assert_eq!(d["range"]["start"]["line"], 0);

    // Insert the missing value: `float x = 1;`.
    client.change(&uri, 2, [(0, 10), (0, 10)], "1");
    assert_eq!(client.diagnostics(&uri, 2), Vec::<Value>::new());

    // Break it again on a line after non-ASCII text: the range must count UTF-16 units.
    client.change(&uri, 3, [(1, 0), (1, 0)], "// é𝄞\nfloat y = ;\n");
    let diags = client.diagnostics(&uri, 3);
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert_eq!(diags[0]["range"]["start"]["line"], 2);
    client.change(&uri, 4, [(1, 5), (2, 0)], "\n");
    let diags = client.diagnostics(&uri, 4);
    assert_eq!(diags.len(), 1, "still broken: {diags:?}");
    client.change(&uri, 5, [(2, 10), (2, 10)], "2");
    assert_eq!(client.diagnostics(&uri, 5), Vec::<Value>::new());

    // Closing clears the diagnostics.
    client.change(&uri, 6, [(0, 0), (0, 0)], "%");
    assert!(!client.diagnostics(&uri, 6).is_empty());
    client.notify("textDocument/didClose", doc(&uri));
    let cleared = client.wait_for("textDocument/publishDiagnostics", |p| p["uri"] == uri);
    assert_eq!(cleared["diagnostics"], json!([]));
    client.shutdown();
}

#[test]
fn diagnostics_follow_full_text_changes() {
    // A change without a range replaces the whole text (full sync); the edits below keep the
    // token shape of the text, as the incremental re-parse would like, and change it.
    let dir = TempDir::new("diag-full");
    let uri = dir.uri("a.hlsl");
    let mut client = start(&dir);
    client.open(&uri, 1, "float x = 1;\nfloat y = x + 2;\n");
    assert_eq!(client.diagnostics(&uri, 1), Vec::<Value>::new());
    client.replace_all(&uri, 2, "float x = 1;\nfloat y = z + 2;\n");
    assert_eq!(codes(&client.diagnostics(&uri, 2)), ["E2001"]);
    client.replace_all(&uri, 3, "float x = 1;\nfloat y = x + 3;\n");
    assert_eq!(client.diagnostics(&uri, 3), Vec::<Value>::new());
    client.replace_all(&uri, 4, "float x = ;\n");
    let diags = client.diagnostics(&uri, 4);
    assert_eq!(codes(&diags), ["E1200"]);
    assert_eq!(diags[0]["range"]["start"]["line"], 0);
    client.shutdown();
}

#[test]
fn header_edit_updates_includers() {
    let dir = TempDir::new("header");
    let header = dir.write("common.hlsli", "#define N 4\n");
    let main = dir.write("main.hlsl", "#include \"common.hlsli\"\nfloat g[N];\n");
    let mut client = start(&dir);
    client.open(&main, 1, "#include \"common.hlsli\"\nfloat g[N];\n");
    assert_eq!(client.diagnostics(&main, 1), Vec::<Value>::new());

    // Open the header and break it: the includer's diagnostics change too.
    client.open(&header, 1, "#define N 4\n");
    assert_eq!(client.diagnostics(&header, 1), Vec::<Value>::new());
    client.change(&header, 2, [(1, 0), (1, 0)], "#error header broken\n");
    let own = client.diagnostics(&header, 2);
    assert_eq!(codes(&own), ["E1015"]);
    let includer = client.wait_for("textDocument/publishDiagnostics", |p| p["uri"] == main);
    let diags = includer["diagnostics"].as_array().unwrap();
    assert_eq!(codes(diags), ["E1015"]);
    let d = &diags[0];
    assert!(
        d["message"].as_str().unwrap().contains("common.hlsli"),
        "{d}"
    );
    // Shown on the include path, pointing at the header as related information.
    assert_eq!(d["range"]["start"], json!({ "line": 0, "character": 9 }));
    assert_eq!(d["relatedInformation"][0]["location"]["uri"], header);
    assert_eq!(
        d["relatedInformation"][0]["location"]["range"]["start"]["line"],
        1
    );

    // Fixing the header clears both.
    client.change(&header, 3, [(1, 0), (2, 0)], "");
    assert_eq!(client.diagnostics(&header, 3), Vec::<Value>::new());
    let includer = client.wait_for("textDocument/publishDiagnostics", |p| p["uri"] == main);
    assert_eq!(includer["diagnostics"], json!([]));

    // Closing the header falls back to the disk text (which is fine), and breaking it on disk
    // is seen through a watched-file change.
    client.notify("textDocument/didClose", doc(&header));
    dir.write("common.hlsli", "#error broken on disk\n");
    client.notify(
        "workspace/didChangeWatchedFiles",
        json!({ "changes": [{ "uri": header, "type": 2 }] }),
    );
    let includer = client.wait_for("textDocument/publishDiagnostics", |p| {
        p["uri"] == main && !p["diagnostics"].as_array().unwrap().is_empty()
    });
    assert!(!includer["diagnostics"].as_array().unwrap().is_empty());
    client.shutdown();
}

#[test]
fn syntax_tree_and_views_answer_text() {
    let dir = TempDir::new("views");
    let uri = dir.uri("a.hlsl");
    let mut client = start(&dir);
    client.open(&uri, 1, "float x;\n");
    let tree = client
        .request("hlsl-analyzer/syntaxTree", doc(&uri))
        .unwrap();
    let tree = tree.as_str().unwrap();
    assert!(tree.starts_with("SOURCE_FILE@0..9\n"), "{tree}");
    assert!(tree.contains("IDENT@6..7 \"x\""), "{tree}");
    // No entry point in this file: the IR and SPIR-V views say how to mark one.
    for method in ["hlsl-analyzer/viewIr", "hlsl-analyzer/viewSpirv"] {
        let answer = client.request(method, at(&uri, 0, 6)).unwrap();
        let text = answer
            .as_str()
            .unwrap_or_else(|| panic!("{method}: {answer}"));
        assert!(
            text.starts_with("no entry point in this file"),
            "{method}: {text}"
        );
    }
    for method in [
        "hlsl-analyzer/viewMsl",
        "hlsl-analyzer/viewWgsl",
        "hlsl-analyzer/viewSignatures",
    ] {
        let answer = client.request(method, at(&uri, 0, 6)).unwrap();
        let text = answer
            .as_str()
            .unwrap_or_else(|| panic!("{method}: {answer}"));
        assert!(text.starts_with("not supported yet: "), "{method}: {text}");
    }
    let optimized = client
        .request(
            "hlsl-analyzer/viewIr",
            json!({ "textDocument": { "uri": uri }, "optimized": true }),
        )
        .unwrap();
    assert!(optimized.as_str().unwrap().contains("optimized IR"));
    client.shutdown();
}

#[test]
fn ir_and_spirv_views_show_the_entry_point_at_the_cursor() {
    let dir = TempDir::new("views-ir");
    let uri = dir.uri("k.hlsl");
    let mut client = start(&dir);
    let text = "RWStructuredBuffer<uint> Out : register(u0);\n\
                [numthreads(8, 1, 1)]\n\
                void First(uint3 id : SV_DispatchThreadID) { Out[id.x] = id.x; }\n\
                [numthreads(4, 1, 1)]\n\
                void Second(uint3 id : SV_DispatchThreadID) { Out[id.x] = 2 * id.x; }\n";
    client.open(&uri, 1, text);
    // The cursor in `Second`'s body picks `Second`.
    let ir = client
        .request("hlsl-analyzer/viewIr", at(&uri, 4, 50))
        .unwrap();
    let ir = ir.as_str().unwrap();
    // The function under the cursor alone.
    assert!(
        ir.starts_with("; function `Second_body` of entry point `Second`"),
        "{ir}"
    );
    assert!(ir.contains("func @Second_body("), "{ir}");
    assert!(!ir.contains("func @Second()"), "{ir}");
    // Outside every function: the whole module of the first entry point.
    let ir = client
        .request("hlsl-analyzer/viewIr", at(&uri, 0, 3))
        .unwrap();
    let ir = ir.as_str().unwrap();
    assert!(ir.starts_with("; entry point `First`"), "{ir}");
    assert!(
        ir.contains("func @First_body(") && ir.contains("func @First()"),
        "{ir}"
    );
    let spirv = client
        .request("hlsl-analyzer/viewSpirv", at(&uri, 2, 10))
        .unwrap();
    let spirv = spirv.as_str().unwrap();
    assert!(spirv.starts_with("; entry point `First`"), "{spirv}");
    assert!(
        spirv.contains("OpExecutionMode %First LocalSize 8 1 1"),
        "{spirv}"
    );
    client.shutdown();
}

const OUTLINE: &str = r#"struct Light {
    float3 color;
    float intensity;
    float3 shade(float3 n) { return color; }
};
cbuffer Frame : register(b0) {
    float4x4 view;
    uint frame;
};
static const float PI = 3.14;
Texture2D<float4> tex[2];
typedef float2 uv_t;
enum Mode { Off, On = 2 };
namespace util { float twice(float x) { return x * 2; } }
[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    if (id.x > 0) {
        return;
    }
}
"#;

/// `name kind [children]` lines, indented by depth.
fn outline(symbols: &Value, depth: usize, out: &mut String) {
    for s in symbols.as_array().unwrap() {
        out.push_str(&format!(
            "{:indent$}{} {} {}\n",
            "",
            s["name"].as_str().unwrap(),
            s["kind"],
            s["detail"].as_str().unwrap_or("-"),
            indent = depth * 2
        ));
        if let Some(children) = s.get("children") {
            outline(children, depth + 1, out);
        }
    }
}

#[test]
fn document_symbols() {
    let dir = TempDir::new("symbols");
    let uri = dir.uri("a.hlsl");
    let mut client = start(&dir);
    client.open(&uri, 1, OUTLINE);
    let symbols = client
        .request("textDocument/documentSymbol", doc(&uri))
        .unwrap();
    let mut text = String::new();
    outline(&symbols, 0, &mut text);
    assert_eq!(
        text,
        "Light 23 -
  color 8 float3
  intensity 8 float
  shade 6 float3 (float3 n)
Frame 23 cbuffer
  view 8 float4x4
  frame 8 uint
PI 14 float
tex 13 Texture2D<float4>[2]
uv_t 26 float2
Mode 10 -
  Off 22 -
  On 22 2
util 3 -
  twice 12 float (float x)
main 12 void (uint3 id : SV_DispatchThreadID)
"
    );
    // Ranges: the struct spans its lines, its name is the selection.
    let light = &symbols[0];
    assert_eq!(
        light["range"]["start"],
        json!({ "line": 0, "character": 0 })
    );
    assert_eq!(light["range"]["end"]["line"], 4);
    assert_eq!(
        light["selectionRange"],
        json!({ "start": { "line": 0, "character": 7 }, "end": { "line": 0, "character": 12 } })
    );
    client.shutdown();
}

#[test]
fn folding_ranges() {
    let dir = TempDir::new("folding");
    let uri = dir.uri("a.hlsl");
    let mut client = start(&dir);
    let text = "#include \"a.hlsli\"\n#include \"b.hlsli\"\n/* one\n   two */\n#if 0\nnot compiled\n#endif\n".to_owned()
        + OUTLINE;
    client.open(&uri, 1, &text);
    let folds = client
        .request("textDocument/foldingRange", doc(&uri))
        .unwrap();
    let mut lines: Vec<String> = folds
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            format!(
                "{}..{} {}",
                f["startLine"],
                f["endLine"],
                f["kind"].as_str().unwrap_or("-")
            )
        })
        .collect();
    lines.sort();
    assert_eq!(
        lines,
        [
            "0..1 imports",
            "12..14 -",
            "2..3 comment",
            "22..25 -",
            "23..24 -",
            "4..5 region",
            "7..10 -",
        ]
    );
    client.shutdown();
}

/// Decodes semantic tokens into `line:col len type` lines.
fn decode_tokens(data: &Value, legend: &[Value]) -> Vec<String> {
    let data: Vec<u64> = data
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let (mut line, mut col) = (0, 0);
    data.chunks(5)
        .map(|t| {
            line += t[0];
            col = if t[0] == 0 { col + t[1] } else { t[1] };
            format!(
                "{line}:{col} {} {}",
                t[2],
                legend[t[3] as usize].as_str().unwrap()
            )
        })
        .collect()
}

#[test]
fn semantic_tokens_full_and_delta() {
    let dir = TempDir::new("tokens");
    let uri = dir.uri("a.hlsl");
    let (mut client, init) = Client::start(dir.path(), Value::Null);
    let legend = init["capabilities"]["semanticTokensProvider"]["legend"]["tokenTypes"]
        .as_array()
        .unwrap()
        .clone();
    let text = "#define SCALE 2.0\n// note\nfloat4 f(float x) { return SCALE * x; }\n#if 0\nold code\n#endif\n";
    client.open(&uri, 1, text);
    let full = client
        .request("textDocument/semanticTokens/full", doc(&uri))
        .unwrap();
    let tokens = decode_tokens(&full["data"], &legend);
    assert_eq!(
        tokens,
        [
            "0:0 7 keyword",
            "0:8 5 macro",
            "0:14 3 number",
            "1:0 7 comment",
            "2:0 6 type",
            "2:7 1 function",
            "2:9 5 type",
            "2:15 1 parameter",
            "2:20 6 keyword",
            "2:27 5 macro",
            "3:0 3 keyword",
            "3:4 1 number",
            "4:0 8 comment",
            "5:0 6 keyword",
        ]
    );
    let result_id = full["resultId"].as_str().unwrap().to_owned();

    // Rename the parameter: the delta replaces only what changed.
    client.change(&uri, 2, [(2, 15), (2, 16)], "value");
    let delta = client
        .request(
            "textDocument/semanticTokens/full/delta",
            json!({ "textDocument": { "uri": uri }, "previousResultId": result_id }),
        )
        .unwrap();
    let edits = delta["edits"].as_array().unwrap();
    assert_eq!(edits.len(), 1, "{delta}");
    assert!(edits[0]["start"].as_u64().unwrap() > 0);
    assert_ne!(delta["resultId"].as_str().unwrap(), result_id);

    // An unknown previous id gets full tokens.
    let full = client
        .request(
            "textDocument/semanticTokens/full/delta",
            json!({ "textDocument": { "uri": uri }, "previousResultId": "nope" }),
        )
        .unwrap();
    assert!(full["data"].is_array());
    client.shutdown();
}

#[test]
fn definition_of_include_and_macro() {
    let dir = TempDir::new("definition");
    let header = dir.write("inc/common.hlsli", "// common\n#define SQ(x) ((x) * (x))\n");
    let uri = dir.uri("main.hlsl");
    let mut client = start(&dir);
    let text = "#include \"inc/common.hlsli\"\n#define TWO 2\nfloat f() { return SQ(TWO); }\n";
    client.open(&uri, 1, text);
    let found = client
        .request("textDocument/definition", at(&uri, 0, 14))
        .unwrap();
    assert_eq!(found["uri"], header);
    assert_eq!(
        found["range"]["start"],
        json!({ "line": 0, "character": 0 })
    );

    let found = client
        .request("textDocument/definition", at(&uri, 2, 20))
        .unwrap();
    assert_eq!(found["uri"], header);
    assert_eq!(
        found["range"],
        json!({ "start": { "line": 1, "character": 8 }, "end": { "line": 1, "character": 10 } })
    );
    let found = client
        .request("textDocument/definition", at(&uri, 2, 23))
        .unwrap();
    assert_eq!(found["uri"], uri);
    assert_eq!(
        found["range"]["start"],
        json!({ "line": 1, "character": 8 })
    );
    // A declaration's own name leads to itself.
    let found = client
        .request("textDocument/definition", at(&uri, 2, 6))
        .unwrap();
    assert_eq!(
        found["range"],
        json!({ "start": { "line": 2, "character": 6 }, "end": { "line": 2, "character": 7 } })
    );
    // Hovering the include path shows the file it resolved to.
    let hover = client
        .request("textDocument/hover", at(&uri, 0, 12))
        .unwrap();
    let value = hover["contents"]["value"].as_str().unwrap();
    assert!(value.ends_with("inc/common.hlsli`"), "{value}");
    client.shutdown();
}

#[test]
fn hover_on_macro_use() {
    let dir = TempDir::new("hover");
    let uri = dir.uri("a.hlsl");
    let mut client = start(&dir);
    let text = "#define SQ(x) ((x) * (x))\nfloat f(float a) { return SQ(a + 1); }\n";
    client.open(&uri, 1, text);
    let hover = client
        .request("textDocument/hover", at(&uri, 1, 27))
        .unwrap();
    let value = hover["contents"]["value"].as_str().unwrap();
    assert!(value.contains("#define SQ(x) ((x) * (x))"), "{value}");
    assert!(
        value.contains("Expands to:\n```hlsl\n((a + 1) * (a + 1))\n```"),
        "{value}"
    );
    assert_eq!(
        hover["range"],
        json!({ "start": { "line": 1, "character": 26 }, "end": { "line": 1, "character": 28 } })
    );
    // The function's name shows its declaration; a keyword outside expressions shows nothing.
    let hover = client
        .request("textDocument/hover", at(&uri, 1, 7))
        .unwrap();
    assert_eq!(
        hover["contents"]["value"],
        "```hlsl\nfloat f(float a)\n```\n"
    );
    let hover = client
        .request("textDocument/hover", at(&uri, 1, 2))
        .unwrap();
    assert!(hover.is_null());
    client.shutdown();
}

#[test]
fn semantic_diagnostics_and_type_hover() {
    let dir = TempDir::new("semantic");
    let uri = dir.uri("a.hlsl");
    let mut client = start(&dir);
    client.open(
        &uri,
        1,
        "float4 f(float2 uv) { float4 c = uv; return c; }\n",
    );
    let diags = client.diagnostics(&uri, 1);
    assert_eq!(codes(&diags), ["E2003"]);
    let hover = client
        .request("textDocument/hover", at(&uri, 0, 44))
        .unwrap();
    assert_eq!(hover["contents"]["value"], "```hlsl\nfloat4 c\n```\n");
    let hover = client
        .request("textDocument/hover", at(&uri, 0, 33))
        .unwrap();
    assert_eq!(hover["contents"]["value"], "```hlsl\nfloat2 uv\n```\n");
    // A syntax error before the function does not hide its semantic diagnostics.
    client.change(&uri, 2, [(0, 0), (0, 0)], "%");
    let diags = client.diagnostics(&uri, 2);
    assert_eq!(codes(&diags), ["E1200", "E2003"], "{diags:?}");
    client.shutdown();
}

/// The range of an LSP diagnostic as `line:col-line:col` (0-based, as LSP counts).
fn range_text(d: &Value) -> String {
    let r = &d["range"];
    format!(
        "{}:{}-{}:{}",
        r["start"]["line"], r["start"]["character"], r["end"]["line"], r["end"]["character"]
    )
}

#[test]
fn a_half_typed_file_keeps_semantic_diagnostics_hover_and_completion() {
    let dir = TempDir::new("half-typed");
    let uri = dir.uri("a.hlsl");
    let mut client = start(&dir);
    // A good function, one being typed (its statement has no `;` yet and its name is half
    // typed), and a good one with a type error.
    let text = "float first(float x) { return x; }\n\
                void typing(float2 position) {\n\
                \x20   float2 p = posi\n\
                }\n\
                float4 second(float2 uv) { return uv; }\n";
    client.open(&uri, 1, text);
    let diags = client.diagnostics(&uri, 1);
    let found: Vec<(String, String)> = diags
        .iter()
        .map(|d| (d["code"].as_str().unwrap().to_owned(), range_text(d)))
        .collect();
    // The missing `;` (on `posi`, the token it should follow) but no undeclared `posi`, and
    // the `uv` returned as a float4 (line 4, columns 34 to 36).
    let expected = [
        ("E1200".to_owned(), "2:15-2:19".to_owned()),
        ("E2003".to_owned(), "4:34-4:36".to_owned()),
    ];
    assert_eq!(found, expected, "{diags:?}");
    // Hover and completion work in the broken function.
    let hover = client
        .request("textDocument/hover", at(&uri, 2, 11))
        .unwrap();
    assert_eq!(hover["contents"]["value"], "```hlsl\nfloat2 p\n```\n");
    let names = labels(
        &client
            .request("textDocument/completion", at(&uri, 2, 19))
            .unwrap(),
    );
    // The parameter being completed, the file's declarations and the types.
    for want in ["position", "first", "second", "float2"] {
        assert!(names.contains(&want.to_owned()), "{want}: {names:?}");
    }
    // Unclosed: the `}` deleted, `typing` ends where `second` starts a line (one more
    // error, "expected `}`"), and `second` keeps its type error.
    client.change(&uri, 2, [(3, 0), (3, 1)], "");
    let diags = client.diagnostics(&uri, 2);
    assert_eq!(codes(&diags), ["E1200", "E1200", "E2003"], "{diags:?}");
    client.change(&uri, 3, [(3, 0), (3, 0)], "}");
    let diags = client.diagnostics(&uri, 3);
    assert_eq!(codes(&diags), ["E1200", "E2003"], "{diags:?}");
    client.shutdown();
}

#[test]
fn hover_on_intrinsic() {
    let dir = TempDir::new("hover-intrinsic");
    let uri = dir.uri("a.hlsl");
    let mut client = start(&dir);
    let text = "float f(float a) { return saturate(a) + mine(a); }\nfloat mine(float x) { return x; }\nfloat lerp(float a) { return lerp(a); }\n";
    client.open(&uri, 1, text);
    let hover = client
        .request("textDocument/hover", at(&uri, 0, 28))
        .unwrap();
    let value = hover["contents"]["value"].as_str().unwrap();
    assert!(value.starts_with("```hlsl\n"), "{value}");
    assert!(value.contains("saturate("), "{value}");
    assert_eq!(
        hover["range"],
        json!({ "start": { "line": 0, "character": 26 }, "end": { "line": 0, "character": 34 } })
    );
    // A user function is not an intrinsic (and `mine` is used before its declaration, so it
    // means nothing here), and neither is an intrinsic's name the file declares itself: that
    // shows the user's declaration.
    assert!(client
        .request("textDocument/hover", at(&uri, 0, 41))
        .unwrap()
        .is_null());
    assert_eq!(
        client
            .request("textDocument/hover", at(&uri, 2, 30))
            .unwrap()["contents"]["value"],
        "```hlsl\nfloat lerp(float a)\n```\n"
    );
    client.shutdown();
}

fn labels(result: &Value) -> Vec<String> {
    result
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn completion_contexts() {
    let dir = TempDir::new("completion");
    let uri = dir.uri("a.hlsl");
    let mut client = start(&dir);
    let text = "#define GAMMA 2.2\nstruct VSOut { float4 pos : SV_ };\n[num]\nvoid main() {  }\n";
    client.open(&uri, 1, text);
    let semantic = labels(
        &client
            .request("textDocument/completion", at(&uri, 1, 31))
            .unwrap(),
    );
    assert!(semantic.contains(&"SV_Position".to_owned()), "{semantic:?}");
    assert!(!semantic.contains(&"float4".to_owned()));
    let attribute = labels(
        &client
            .request("textDocument/completion", at(&uri, 2, 4))
            .unwrap(),
    );
    assert!(
        attribute.contains(&"numthreads".to_owned()),
        "{attribute:?}"
    );
    let general = labels(
        &client
            .request("textDocument/completion", at(&uri, 3, 14))
            .unwrap(),
    );
    for want in ["GAMMA", "VSOut", "main", "float4", "RWTexture2D", "return"] {
        assert!(general.contains(&want.to_owned()), "{want}: {general:?}");
    }
    client.shutdown();
}

#[test]
fn configuration_turns_an_error_region_on_and_off() {
    let dir = TempDir::new("config");
    dir.write(
        "hlsl-analyzer.toml",
        "defines = [\"BROKEN\"]\ninclude_dirs = [\"shared\"]\n",
    );
    dir.write("shared/lib.hlsli", "#define FROM_LIB 1\n");
    let uri = dir.uri("a.hlsl");
    let mut client = start(&dir);
    let text =
        "#include <lib.hlsli>\n#ifdef BROKEN\n#error broken build\n#endif\nint x = FROM_LIB;\n";
    client.open(&uri, 1, text);
    // The file's define is on, and the include directory resolves `<lib.hlsli>`.
    assert_eq!(codes(&client.diagnostics(&uri, 1)), ["E1015"]);

    // The client's settings override the file.
    client.notify(
        "workspace/didChangeConfiguration",
        json!({ "settings": { "hlsl-analyzer": { "defines": [] } } }),
    );
    let cleared = client.wait_for("textDocument/publishDiagnostics", |p| p["uri"] == uri);
    assert_eq!(cleared["diagnostics"], json!([]));

    client.notify(
        "workspace/didChangeConfiguration",
        json!({ "settings": { "hlsl-analyzer": { "defines": { "BROKEN": 1 } } } }),
    );
    let again = client.wait_for("textDocument/publishDiagnostics", |p| p["uri"] == uri);
    assert_eq!(codes(again["diagnostics"].as_array().unwrap()), ["E1015"]);

    // A bad setting is reported to the user and does not stop the server.
    client.notify(
        "workspace/didChangeConfiguration",
        json!({ "settings": { "hlsl-analyzer": { "profile": "zz_1_0", "defines": [] } } }),
    );
    let shown = client.wait_for("window/showMessage", |_| true);
    assert!(
        shown["message"].as_str().unwrap().contains("zz_1_0"),
        "{shown}"
    );
    let cleared = client.wait_for("textDocument/publishDiagnostics", |p| p["uri"] == uri);
    assert_eq!(cleared["diagnostics"], json!([]));
    client.shutdown();
}

#[test]
fn editing_the_configuration_file_reconfigures() {
    let dir = TempDir::new("tomledit");
    let toml = dir.write("hlsl-analyzer.toml", "defines = []\n");
    let uri = dir.uri("a.hlsl");
    let mut client = start(&dir);
    client.open(&uri, 1, "#ifdef BROKEN\n#error broken\n#endif\n");
    assert_eq!(client.diagnostics(&uri, 1), Vec::<Value>::new());

    dir.write("hlsl-analyzer.toml", "defines = [\"BROKEN\"]\n");
    client.notify(
        "workspace/didChangeWatchedFiles",
        json!({ "changes": [{ "uri": toml, "type": 2 }] }),
    );
    let again = client.wait_for("textDocument/publishDiagnostics", |p| p["uri"] == uri);
    assert_eq!(codes(again["diagnostics"].as_array().unwrap()), ["E1015"]);

    // A broken file is reported, and its settings are dropped.
    dir.write("hlsl-analyzer.toml", "defines = [\"BROKEN\"\n");
    client.notify(
        "textDocument/didSave",
        json!({ "textDocument": { "uri": toml } }),
    );
    let shown = client.wait_for("window/showMessage", |_| true);
    assert!(
        shown["message"]
            .as_str()
            .unwrap()
            .starts_with("hlsl-analyzer.toml: "),
        "{shown}"
    );
    let cleared = client.wait_for("textDocument/publishDiagnostics", |p| p["uri"] == uri);
    assert_eq!(cleared["diagnostics"], json!([]));
    client.shutdown();
}

#[test]
fn settings_are_pulled_when_the_client_sends_none() {
    let dir = TempDir::new("pull");
    let uri = dir.uri("a.hlsl");
    let mut client = start(&dir);
    client.open(&uri, 1, "#ifdef BROKEN\n#error broken\n#endif\n");
    assert_eq!(client.diagnostics(&uri, 1), Vec::<Value>::new());
    client.settings = json!({ "defines": ["BROKEN"] });
    client.notify(
        "workspace/didChangeConfiguration",
        json!({ "settings": null }),
    );
    let again = client.wait_for("textDocument/publishDiagnostics", |p| p["uri"] == uri);
    assert_eq!(codes(again["diagnostics"].as_array().unwrap()), ["E1015"]);
    client.shutdown();
}

#[test]
fn initialization_options_override_the_file() {
    let dir = TempDir::new("initopts");
    dir.write("hlsl-analyzer.toml", "defines = [\"BROKEN\"]\n");
    let uri = dir.uri("a.hlsl");
    let (mut client, _) = Client::start(dir.path(), json!({ "defines": ["OTHER"] }));
    client.open(
        &uri,
        1,
        "#ifdef BROKEN\n#error broken\n#endif\n#ifndef OTHER\n#error no other\n#endif\n",
    );
    assert_eq!(client.diagnostics(&uri, 1), Vec::<Value>::new());
    client.shutdown();
}

#[test]
fn entry_profile_sets_the_target_stage() {
    let dir = TempDir::new("entry");
    dir.write(
        "hlsl-analyzer.toml",
        "[[entry]]\nname = \"main\"\nprofile = \"cs_6_6\"\nfile = \"cs.hlsl\"\n",
    );
    let text = "#if __SHADER_TARGET_MAJOR != 6 || __SHADER_TARGET_MINOR != 6\n#error wrong model\n#endif\n";
    let cs = dir.uri("cs.hlsl");
    let mut client = start(&dir);
    client.open(&cs, 1, text);
    assert_eq!(client.diagnostics(&cs, 1), Vec::<Value>::new());
    client.shutdown();
}

#[test]
fn a_panicking_request_is_answered_and_the_server_goes_on() {
    let dir = TempDir::new("panic");
    let uri = dir.uri("a.hlsl");
    let mut client = start(&dir);
    client.open(&uri, 1, "float x;\n");
    let error = client
        .request("hlsl-analyzer/debug/panic", Value::Null)
        .unwrap_err();
    assert_eq!(error["code"], -32603);
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .contains("requested panic"),
        "{error}"
    );
    let logged = client.wait_for("window/logMessage", |p| p["type"] == 1);
    assert!(logged["message"]
        .as_str()
        .unwrap()
        .contains("requested panic"));
    // A cancelled request answers `ContentModified`.
    let error = client
        .request("hlsl-analyzer/debug/panic", json!({ "cancel": true }))
        .unwrap_err();
    assert_eq!(error["code"], -32801, "{error}");
    assert!(!error["message"].as_str().unwrap().is_empty());
    let tree = client
        .request("hlsl-analyzer/syntaxTree", doc(&uri))
        .unwrap();
    assert!(tree.as_str().unwrap().starts_with("SOURCE_FILE"));
    client.shutdown();
}

#[test]
fn requests_on_unopened_and_missing_files_do_not_fail() {
    let dir = TempDir::new("missing");
    let on_disk = dir.write("disk.hlsl", "struct S { float a; };\n");
    let missing = dir.uri("missing.hlsl");
    let mut client = start(&dir);
    let symbols = client
        .request("textDocument/documentSymbol", doc(&on_disk))
        .unwrap();
    assert_eq!(symbols[0]["name"], "S");
    let symbols = client
        .request("textDocument/documentSymbol", doc(&missing))
        .unwrap();
    assert_eq!(symbols, json!([]));
    let hover = client
        .request("textDocument/hover", at(&missing, 10, 10))
        .unwrap();
    assert!(hover.is_null());
    client.shutdown();
}
