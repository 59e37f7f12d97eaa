use super::reparse_token;
use crate::{debug_tree, parse, ParsedFile, SyntaxNode};

/// Applies `edit` (replace the first `from` with `to`) to `text`, re-parses incrementally
/// after building both trees, and checks the result against a fresh parse. Returns whether
/// the incremental path was taken.
fn check(text: &str, from: &str, to: &str) -> bool {
    let at = text.find(from).expect("the edit's text is in the input");
    let mut edited = text.to_owned();
    edited.replace_range(at..at + from.len(), to);
    let old = parse(text);
    old.syntax();
    old.expanded();
    let fresh = parse(&edited);
    let Some(incremental) = reparse_token(&old, &edited) else {
        return false;
    };
    assert_same(&incremental, &fresh);
    true
}

fn assert_same(incremental: &ParsedFile, fresh: &ParsedFile) {
    assert!(incremental == fresh);
    assert_eq!(
        debug_tree(&incremental.syntax()),
        debug_tree(&fresh.syntax())
    );
    let expanded = |p: &ParsedFile| debug_tree(&SyntaxNode::new_root(p.expanded().green.clone()));
    assert_eq!(expanded(incremental), expanded(fresh));
    assert_eq!(
        incremental.expanded().token_starts,
        fresh.expanded().token_starts
    );
}

const SHADER: &str = "#define N 4\n#define SQR(x) ((x) * (x))\n\
float4 f(float2 uv) {\n    float k = 0.5f * SQR(uv.x) + N;\n    int count = 12;\n    return k;\n}\n\
float g() { return 3; }\n";

#[test]
fn a_digit_in_a_literal_is_reparsed_in_place() {
    assert!(check(SHADER, "0.5f", "0.7f"));
    assert!(check(SHADER, "12", "123"));
    assert!(check(SHADER, "12", "1"));
    assert!(check(SHADER, "return 3", "return 42"));
}

#[test]
fn an_identifier_that_is_no_macro_is_reparsed_in_place() {
    assert!(check(SHADER, "count", "counter"));
    assert!(check(SHADER, "float g", "float gg"));
}

#[test]
fn whitespace_and_comments_are_reparsed_in_place() {
    let text = "float a; // note\nfloat f() {\n    return 1; /* why */\n}\n";
    assert!(check(text, "    return", "      return"));
    assert!(check(text, "    return", "  return"));
    assert!(check(text, "// note", "// a longer note"));
    assert!(check(text, "/* why */", "/* because */"));
    // A new line, a comment that ends early, whitespace that disappears.
    assert!(!check(text, "    return", "\n    return"));
    assert!(!check(text, "/* why */", "/* why */ x */"));
    assert!(!check(text, "a; //", "a;//"));
}

#[test]
fn edits_that_change_tokens_or_meaning_take_the_full_parse() {
    // A number that becomes two tokens, a swizzle, a macro name, a keyword, a type name.
    assert!(!check(SHADER, "12", "1 2"));
    assert!(!check(SHADER, "0.5f", "0.xf"));
    assert!(!check(SHADER, "count", "N"));
    assert!(!check(SHADER, "count", "return"));
    assert!(!check(SHADER, "count", "float"));
    // Inside a directive line and inside a macro's arguments.
    assert!(!check(SHADER, "N 4", "N 5"));
    assert!(!check(SHADER, "uv.x)", "uv.y)"));
}

#[test]
fn a_file_with_diagnostics_takes_the_full_parse() {
    let text = "float a = 1;\nfloat b = ;\n";
    assert!(!check(text, "1", "2"));
}
