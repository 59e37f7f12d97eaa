//! Snapshot tests of the grammar: each parses a small snippet and compares the tree and the
//! diagnostics with an inline expectation (`UPDATE_EXPECT=1 cargo test -p syntax` rewrites them).

use expect_test::{expect, Expect};

fn check(text: &str, expect: Expect) {
    let parsed = crate::parse(text);
    let tree = parsed.syntax();
    assert_eq!(tree.to_string(), text, "the tree must hold the text");
    let mut out = crate::debug_tree(&tree);
    for d in &parsed.diagnostics {
        out.push_str(&format!("error {:?}: {}\n", d.range, d.message));
    }
    expect.assert_eq(&out);
}

#[test]
fn smoke() {
    check(
        "float4 main() : SV_Target { return 1; }\n",
        expect![[r#"
        SOURCE_FILE@0..40
          FN_DEF@0..39
            TYPE_REF@0..6
              PATH@0..6
                PATH_SEGMENT@0..6
                  NAME_REF@0..6
                    IDENT@0..6 "float4"
            WHITESPACE@6..7 " "
            NAME@7..11
              IDENT@7..11 "main"
            PARAM_LIST@11..13
              L_PAREN@11..12 "("
              R_PAREN@12..13 ")"
            WHITESPACE@13..14 " "
            SEMANTIC@14..25
              COLON@14..15 ":"
              WHITESPACE@15..16 " "
              IDENT@16..25 "SV_Target"
            WHITESPACE@25..26 " "
            BLOCK@26..39
              L_BRACE@26..27 "{"
              WHITESPACE@27..28 " "
              RETURN_STMT@28..37
                RETURN_KW@28..34 "return"
                WHITESPACE@34..35 " "
                LITERAL@35..36
                  INT_NUMBER@35..36 "1"
                SEMICOLON@36..37 ";"
              WHITESPACE@37..38 " "
              R_BRACE@38..39 "}"
          WHITESPACE@39..40 "\n"
    "#]],
    );
}
