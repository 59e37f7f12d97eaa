//! The editor's view of enums through the real server over stdio: hover on a value of enum
//! type names the enum (not its underlying integer), hover on an enumerator shows its value,
//! and completion after `Mode::` lists the enumerators. Positions were counted by hand on the
//! fixture (zero-based lines and characters).

mod common;

use serde_json::{json, Value};

use common::{Client, TempDir};

const MAIN: &str = "enum class Mode : uint { Off, Dim = 3, Full = 10 };
enum Color { Red, Green = 5 };
RWStructuredBuffer<uint> Out : register(u0);
uint scale(Mode m) { return m == Mode::Dim ? 2u : 1u; }
[numthreads(1, 1, 1)]
void main() {
    Mode mode = Mode::Full;
    Color c = Green;
    Out[0] = scale(mode) + c;
}
";

fn at(uri: &str, line: u32, character: u32) -> Value {
    json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } })
}

fn hover_text(client: &mut Client, uri: &str, line: u32, character: u32) -> String {
    let found = client
        .request("textDocument/hover", at(uri, line, character))
        .unwrap();
    found["contents"]["value"].as_str().unwrap_or("").to_owned()
}

#[test]
fn hover_and_completion_of_enums() {
    let dir = TempDir::new("enum-hover");
    dir.write("main.hlsl", MAIN);
    let main = dir.uri("main.hlsl");
    let (mut client, _) = Client::start(dir.path(), Value::Null);
    client.open(&main, 1, MAIN);
    assert_eq!(client.diagnostics(&main, 1), Vec::<Value>::new());
    // `mode` in `Mode mode = ...` (line 6) and in `scale(mode)` (line 8).
    assert_eq!(
        hover_text(&mut client, &main, 6, 10),
        "```hlsl\nMode mode\n```\n"
    );
    assert_eq!(
        hover_text(&mut client, &main, 8, 20),
        "```hlsl\nMode mode\n```\n"
    );
    // `c` on line 8 is a `Color`; the parameter `m` on line 3 a `Mode`.
    assert_eq!(
        hover_text(&mut client, &main, 8, 27),
        "```hlsl\nColor c\n```\n"
    );
    assert_eq!(
        hover_text(&mut client, &main, 3, 28),
        "```hlsl\nMode m\n```\n"
    );
    // The enumerators `Full` (line 6) and `Green` (line 7) with their values.
    assert_eq!(
        hover_text(&mut client, &main, 6, 23),
        "```hlsl\nMode::Full = 10\n```\n\nIn `enum Mode`.\n"
    );
    assert_eq!(
        hover_text(&mut client, &main, 7, 15),
        "```hlsl\nColor::Green = 5\n```\n\nIn `enum Color`.\n"
    );
    // The enum itself, with its kind and underlying type.
    assert_eq!(
        hover_text(&mut client, &main, 6, 5),
        "```hlsl\nenum class Mode : uint\n```\n"
    );
    // Completion after `Mode::` on a new line 9.
    client.change(&main, 2, [(9, 0), (9, 0)], "    Mode other = Mode::\n");
    let result = client
        .request("textDocument/completion", at(&main, 9, 23))
        .unwrap();
    let items = result.get("items").unwrap_or(&result).as_array().cloned();
    let labels: Vec<String> = items
        .unwrap_or_default()
        .iter()
        .map(|i| i["label"].as_str().unwrap_or("").to_owned())
        .collect();
    assert_eq!(labels, ["Off", "Dim", "Full"]);
    client.shutdown();
}
