//! End-to-end tests of the features that need name resolution and types: definition,
//! references, workspace symbols, member and swizzle completion, signature help and the hover
//! of declarations. The real binary over stdio, as in `lsp.rs`; every range below was counted
//! by hand on the fixture (lines and characters are zero-based).

mod common;

use serde_json::{json, Value};

use common::{Client, TempDir};

const MAIN: &str = r#"#include "common.hlsli"
struct Light { float intensity; float3 color; };
cbuffer Frame : register(b0) { float3 dir; float time; float2 uv; float3 tint; };
float scale(float x) { return x * 2.0; }
int scale(int x) { return x * 2; }
Texture2D<float4> tex;
SamplerState samp;
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Light l;
    float s = scale(l.intensity) + scale((int)id.x) + shared_scale(time);
    float4 c = tex.SampleLevel(samp, uv, 0);
    l.color = tint * s + c.rgb;
}
"#;

const COMMON: &str = "float shared_scale(float v) { return v; }\n";

const OTHER: &str = r#"#include "common.hlsli"
float twice(float v) { return shared_scale(v) + shared_scale(v); }
"#;

struct Workspace {
    _dir: TempDir,
    client: Client,
    main: String,
    common: String,
    other: String,
}

/// A workspace with the fixture's three files, `main.hlsl` and `other.hlsl` open and free of
/// diagnostics.
fn workspace(name: &str) -> Workspace {
    let dir = TempDir::new(name);
    let common = dir.write("common.hlsli", COMMON);
    dir.write("main.hlsl", MAIN);
    dir.write("other.hlsl", OTHER);
    let main = dir.uri("main.hlsl");
    let other = dir.uri("other.hlsl");
    let (mut client, _) = Client::start(dir.path(), Value::Null);
    client.open(&main, 1, MAIN);
    assert_eq!(client.diagnostics(&main, 1), Vec::<Value>::new());
    client.open(&other, 1, OTHER);
    assert_eq!(client.diagnostics(&other, 1), Vec::<Value>::new());
    Workspace {
        _dir: dir,
        client,
        main,
        common,
        other,
    }
}

fn at(uri: &str, line: u32, character: u32) -> Value {
    json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } })
}

fn range(l0: u32, c0: u32, l1: u32, c1: u32) -> Value {
    json!({ "start": { "line": l0, "character": c0 }, "end": { "line": l1, "character": c1 } })
}

fn location(uri: &str, line: u32, start: u32, end: u32) -> Value {
    json!({ "uri": uri, "range": range(line, start, line, end) })
}

/// Locations sorted by file, then position, for comparing sets.
fn sorted(mut locations: Vec<Value>) -> Vec<Value> {
    let key = |l: &Value| {
        (
            l["uri"].as_str().unwrap_or("").to_owned(),
            l["range"]["start"]["line"].as_u64(),
            l["range"]["start"]["character"].as_u64(),
        )
    };
    locations.sort_by_key(key);
    locations
}

#[test]
fn definition_of_names() {
    let mut w = workspace("lang-definition");
    let main = w.main.clone();
    let mut definition = |line, character| {
        w.client
            .request("textDocument/definition", at(&main, line, character))
            .unwrap()
    };
    // `scale(l.intensity)` calls the float overload, `scale((int)id.x)` the int one.
    assert_eq!(definition(10, 14), location(&main, 3, 6, 11));
    assert_eq!(definition(10, 37), location(&main, 4, 4, 9));
    // A struct member after `.`, a cbuffer member, a local, a type.
    assert_eq!(definition(10, 25), location(&main, 1, 21, 30));
    assert_eq!(definition(10, 67), location(&main, 2, 49, 53));
    assert_eq!(definition(12, 4), location(&main, 9, 10, 11));
    assert_eq!(definition(9, 6), location(&main, 1, 7, 12));
    // A function declared in the included header.
    assert_eq!(definition(10, 54), location(&w.common, 0, 6, 18));
    // A keyword or a literal leads nowhere.
    assert_eq!(definition(10, 4), Value::Null);
    assert_eq!(definition(11, 43), Value::Null);
    w.client.shutdown();
}

#[test]
fn references_in_the_file_its_includes_and_open_files() {
    let mut w = workspace("lang-references");
    let (main, common, other) = (w.main.clone(), w.common.clone(), w.other.clone());
    let mut references = |uri: &str, line, character, declaration: bool| {
        let mut params = at(uri, line, character);
        params["context"] = json!({ "includeDeclaration": declaration });
        let found = w.client.request("textDocument/references", params).unwrap();
        sorted(found.as_array().cloned().unwrap_or_default())
    };
    // A local: its declaration and two uses.
    assert_eq!(
        references(&main, 10, 20, true),
        [
            location(&main, 9, 10, 11),
            location(&main, 10, 20, 21),
            location(&main, 12, 4, 5),
        ]
    );
    assert_eq!(
        references(&main, 9, 10, false),
        [location(&main, 10, 20, 21), location(&main, 12, 4, 5)]
    );
    // A header function: its declaration in the header, the use in `main.hlsl`, and the two
    // uses in `other.hlsl`, which is open and includes the header too.
    let mut expected = vec![
        location(&common, 0, 6, 18),
        location(&main, 10, 54, 66),
        location(&other, 1, 30, 42),
        location(&other, 1, 48, 60),
    ];
    expected = sorted(expected);
    assert_eq!(references(&main, 10, 56, true), expected);
    assert_eq!(references(&other, 1, 50, true), expected);
    // One overload's references leave the other's out.
    assert_eq!(
        references(&main, 3, 7, false),
        [location(&main, 10, 14, 19)]
    );
    // A cbuffer member.
    assert_eq!(
        references(&main, 2, 75, true),
        [location(&main, 2, 73, 77), location(&main, 12, 14, 18)]
    );
    w.client.shutdown();
}

#[test]
fn workspace_symbols_of_open_and_unopened_files() {
    let mut w = workspace("lang-symbols");
    let found = w
        .client
        .request("workspace/symbol", json!({ "query": "scale" }))
        .unwrap();
    let mut symbols: Vec<(String, u64, Value)> = found
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["name"].as_str().unwrap().to_owned(),
                s["kind"].as_u64().unwrap(),
                s["location"].clone(),
            )
        })
        .collect();
    symbols.sort_by_key(|(name, _, l)| (name.clone(), l["range"]["start"]["line"].as_u64()));
    assert_eq!(
        symbols,
        [
            ("scale".to_owned(), 12, location(&w.main, 3, 6, 11)),
            ("scale".to_owned(), 12, location(&w.main, 4, 4, 9)),
            ("shared_scale".to_owned(), 12, location(&w.common, 0, 6, 18)),
        ]
    );
    // A subsequence of the name finds it, in any case; a struct is kind 23.
    let found = w
        .client
        .request("workspace/symbol", json!({ "query": "lght" }))
        .unwrap();
    assert_eq!(
        found,
        json!([{ "name": "Light", "kind": 23, "location": location(&w.main, 1, 7, 12) }])
    );
    // `twice` lives in `other.hlsl`; an unopened file is found under the root too.
    let dir_only = w.main.replace("main.hlsl", "unopened.hlsl");
    let path = dir_only.strip_prefix("file://").unwrap().to_owned();
    std::fs::write(&path, "float4 far_away() { return 0; }\n").unwrap();
    let found = w
        .client
        .request("workspace/symbol", json!({ "query": "far_away" }))
        .unwrap();
    assert_eq!(
        found,
        json!([{ "name": "far_away", "kind": 12, "location": location(&dir_only, 0, 7, 15) }])
    );
    w.client.shutdown();
}

fn labels(result: &Value) -> Vec<String> {
    let items = result
        .get("items")
        .unwrap_or(result)
        .as_array()
        .cloned()
        .unwrap_or_default();
    items
        .iter()
        .map(|i| i["label"].as_str().unwrap_or("").to_owned())
        .collect()
}

#[test]
fn member_and_swizzle_completion() {
    let mut w = workspace("lang-completion");
    let main = w.main.clone();
    // Half-typed member accesses on a new line 13, before the closing brace.
    let mut complete = |version, typed: &str| {
        w.client.change(&main, version, [(13, 0), (13, 0)], typed);
        let character = typed.trim_end().len() as u32;
        let result = w
            .client
            .request("textDocument/completion", at(&main, 13, character))
            .unwrap();
        w.client.change(&main, version + 1, [(13, 0), (14, 0)], "");
        labels(&result)
    };
    assert_eq!(complete(2, "    l.\n"), ["intensity", "color"]);
    assert_eq!(
        complete(4, "    c.\n"),
        ["x", "y", "z", "w", "xy", "xyz", "xyzw", "r", "g", "b", "a", "rg", "rgb", "rgba"]
    );
    assert_eq!(complete(6, "    uv.\n"), ["x", "y", "xy", "r", "g", "rg"]);
    let methods = complete(8, "    tex.\n");
    for want in ["Sample", "SampleLevel", "Load", "GetDimensions", "Gather"] {
        assert!(
            methods.contains(&want.to_owned()),
            "{want} not in {methods:?}"
        );
    }
    assert!(!methods.contains(&"Append".to_owned()), "{methods:?}");
    w.client.shutdown();
}

#[test]
fn signature_help_for_user_functions_and_methods() {
    let mut w = workspace("lang-signature");
    let main = w.main.clone();
    let mut help = |line, character| {
        w.client
            .request("textDocument/signatureHelp", at(&main, line, character))
            .unwrap()
    };
    // Inside `scale(l.intensity)`: both overloads, the float one active.
    let found = help(10, 20);
    let labels: Vec<&str> = found["signatures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["label"].as_str().unwrap())
        .collect();
    assert_eq!(labels, ["float scale(float x)", "int scale(int x)"]);
    assert_eq!(found["activeSignature"], 0);
    assert_eq!(found["activeParameter"], 0);
    assert_eq!(
        found["signatures"][0]["parameters"],
        json!([{ "label": [12, 19] }])
    );
    // `scale((int)id.x)` selects the int overload.
    assert_eq!(help(10, 41)["activeSignature"], 1);
    // `tex.SampleLevel(samp, |uv, 0)`: the method's second parameter.
    let found = help(11, 37);
    assert_eq!(found["activeParameter"], 1);
    let active = found["activeSignature"].as_u64().unwrap() as usize;
    let label = found["signatures"][active]["label"].as_str().unwrap();
    assert!(label.contains("SampleLevel("), "{label}");
    // Outside any call there is no help.
    assert_eq!(help(9, 8), Value::Null);
    w.client.shutdown();
}

#[test]
fn hover_of_members_with_offsets_and_of_entry_points() {
    let mut w = workspace("lang-hover");
    let main = w.main.clone();
    let mut hover = |line, character| {
        w.client
            .request("textDocument/hover", at(&main, line, character))
            .unwrap()
    };
    let found = hover(12, 15);
    assert_eq!(
        found["contents"]["value"],
        "```hlsl\nfloat3 tint\n```\n\nIn `cbuffer Frame`.\n\nOffset 32, size 12 bytes in a constant buffer (vector-relaxed std140).\n"
    );
    assert_eq!(found["range"], range(12, 14, 12, 18));
    assert_eq!(
        hover(12, 7)["contents"]["value"],
        "```hlsl\nfloat3 color\n```\n\nIn `struct Light`.\n\nOffset 4, size 12 bytes in a constant buffer (vector-relaxed std140) and in a structured buffer (vector-relaxed std430).\n"
    );
    assert_eq!(
        hover(8, 6)["contents"]["value"],
        "```hlsl\nvoid main(uint3 id)\n```\n\nEntry point: compute shader.\n"
    );
    assert_eq!(
        hover(10, 15)["contents"]["value"],
        "```hlsl\nfloat scale(float x)\n```\n"
    );
    w.client.shutdown();
}

#[test]
fn references_of_a_macro() {
    // Line 0 defines SCALE, line 2 uses it twice, line 3 once; after `#undef` and a new
    // `#define` (lines 4–5) the use on line 6 is another macro's.
    let text = "#define SCALE 2.0\n\
                float f(float x)\n{ return x * SCALE + SCALE; }\n\
                float g() { return SCALE; }\n\
                #undef SCALE\n\
                #define SCALE 3.0\n\
                float h() { return SCALE; }\n";
    let dir = TempDir::new("lang-macro-references");
    dir.write("macros.hlsl", text);
    let uri = dir.uri("macros.hlsl");
    let (mut client, _) = Client::start(dir.path(), Value::Null);
    client.open(&uri, 1, text);
    let mut references = |line, character, declaration: bool| {
        let mut params = at(&uri, line, character);
        params["context"] = json!({ "includeDeclaration": declaration });
        let found = client.request("textDocument/references", params).unwrap();
        sorted(found.as_array().cloned().unwrap_or_default())
    };
    let first = vec![
        location(&uri, 0, 8, 13),
        location(&uri, 2, 13, 18),
        location(&uri, 2, 21, 26),
        location(&uri, 3, 19, 24),
    ];
    // From a use, and from the `#define` name.
    assert_eq!(references(2, 15, true), first);
    assert_eq!(references(0, 10, false), first[1..].to_vec());
    assert_eq!(
        references(6, 20, true),
        [location(&uri, 5, 8, 13), location(&uri, 6, 19, 24)]
    );
    client.shutdown();
}
