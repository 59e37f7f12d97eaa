//! The editor's notion of an entry point for checks that only hold off entry points
//! (`W2100`): without an `[[entry]]` for the file, a top-level function that nothing calls
//! may be what `-E` compiles; with one, the configuration says.

mod common;

use serde_json::Value;

use common::{Client, TempDir};

const TEXT: &str = "float twice([[vk::ext_decorate(0)]] float v) { return v * 2; }\n\
float4 VSMain([[vk::ext_decorate(0)]] float4 p : POSITION) : SV_Position { return p * twice(1); }\n";

/// The `(code, line)` of each diagnostic.
fn found(diagnostics: &[Value]) -> Vec<(String, u64)> {
    diagnostics
        .iter()
        .map(|d| {
            let code = d["code"].as_str().unwrap_or("?").to_owned();
            (code, d["range"]["start"]["line"].as_u64().unwrap_or(0))
        })
        .collect()
}

#[test]
fn an_attribute_less_entry_gets_no_parameter_warning_in_the_editor() {
    let dir = TempDir::new("entry-notion");
    let uri = dir.uri("a.hlsl");
    let (mut client, _) = Client::start(dir.path(), Value::Null);
    client.open(&uri, 1, TEXT);
    // Only the helper `VSMain` calls: `VSMain` may be the entry point.
    let diags = client.diagnostics(&uri, 1);
    assert_eq!(found(&diags), [("W2100".to_owned(), 0)], "{diags:?}");
    client.shutdown();
}

#[test]
fn a_configured_entry_decides() {
    let dir = TempDir::new("entry-notion-config");
    dir.write(
        "hlsl-analyzer.toml",
        "[[entry]]\nname = \"main\"\nprofile = \"vs_6_0\"\nfile = \"a.hlsl\"\n",
    );
    let uri = dir.uri("a.hlsl");
    let (mut client, _) = Client::start(dir.path(), Value::Null);
    client.open(&uri, 1, TEXT);
    // The configuration compiles `main`, so `VSMain` is no entry point here.
    let diags = client.diagnostics(&uri, 1);
    let lines: Vec<u64> = found(&diags)
        .into_iter()
        .filter(|(c, _)| c == "W2100")
        .map(|(_, l)| l)
        .collect();
    assert_eq!(lines, [0, 1], "{diags:?}");
    client.shutdown();
}
