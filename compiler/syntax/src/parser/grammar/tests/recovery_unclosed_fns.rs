//! Recovery from a function body whose `}` is missing (`grammar::resume`): the items after it
//! stay items. `outline` shows the file's top-level nodes (with the functions' names) and the
//! diagnostics; `check` the whole tree where its shape matters.

use expect_test::{expect, Expect};

use super::check;
use crate::SyntaxKind;

/// The top-level nodes of `text` (`FN_DEF f`, `STRUCT_DEF S`...) and its diagnostics.
pub(super) fn outline(text: &str, expect: Expect) {
    let parsed = crate::parse(text);
    let tree = parsed.syntax();
    assert_eq!(tree.to_string(), text, "the tree must hold the text");
    let mut out = String::new();
    for node in tree.children() {
        let name = node
            .children()
            .find(|c| c.kind() == SyntaxKind::NAME)
            .map(|n| format!(" {}", n.text()))
            .unwrap_or_default();
        let nested_fns = node
            .descendants()
            .skip(1)
            .filter(|n| n.kind() == SyntaxKind::FN_DEF)
            .count();
        let nested = if nested_fns > 0 {
            format!(" (holds {nested_fns} FN_DEF)")
        } else {
            String::new()
        };
        out.push_str(&format!(
            "{:?}{name}@{:?}{nested}\n",
            node.kind(),
            node.text_range()
        ));
    }
    for d in &parsed.diagnostics {
        out.push_str(&format!("error {:?}: {}\n", d.range, d.message));
    }
    expect.assert_eq(&out);
}

#[test]
fn next_function_at_column_zero_ends_the_body() {
    check(
        r#"void f() {
  g();
void h() {}
"#,
        expect![[r#"
            SOURCE_FILE@0..30
              FN_DEF@0..17
                TYPE_REF@0..4
                  PATH@0..4
                    PATH_SEGMENT@0..4
                      NAME_REF@0..4
                        IDENT@0..4 "void"
                WHITESPACE@4..5 " "
                NAME@5..6
                  IDENT@5..6 "f"
                PARAM_LIST@6..8
                  L_PAREN@6..7 "("
                  R_PAREN@7..8 ")"
                WHITESPACE@8..9 " "
                BLOCK@9..17
                  L_BRACE@9..10 "{"
                  WHITESPACE@10..13 "\n  "
                  EXPR_STMT@13..17
                    CALL_EXPR@13..16
                      PATH_EXPR@13..14
                        PATH@13..14
                          PATH_SEGMENT@13..14
                            NAME_REF@13..14
                              IDENT@13..14 "g"
                      ARG_LIST@14..16
                        L_PAREN@14..15 "("
                        R_PAREN@15..16 ")"
                    SEMICOLON@16..17 ";"
              WHITESPACE@17..18 "\n"
              FN_DEF@18..29
                TYPE_REF@18..22
                  PATH@18..22
                    PATH_SEGMENT@18..22
                      NAME_REF@18..22
                        IDENT@18..22 "void"
                WHITESPACE@22..23 " "
                NAME@23..24
                  IDENT@23..24 "h"
                PARAM_LIST@24..26
                  L_PAREN@24..25 "("
                  R_PAREN@25..26 ")"
                WHITESPACE@26..27 " "
                BLOCK@27..29
                  L_BRACE@27..28 "{"
                  R_BRACE@28..29 "}"
              WHITESPACE@29..30 "\n"
            error 17..17: expected `}` to close the block
        "#]],
    );
}

#[test]
fn many_functions_after_the_broken_one() {
    outline(
        r#"float4 main(float2 uv : TEXCOORD) : SV_Target {
    float4 c = tex.Sample(s, uv);
    if (c.a > 0.5) {
        c.rgb *= 2;

[numthreads(8, 8, 1)]
void cs(uint3 id : SV_DispatchThreadID) { }

struct Light { float3 dir; };

static float helper(float x) : SV_Depth { return x; }
float S::get() const { return 1; }
float after;
"#,
        expect![[r#"
            FN_DEF main@0..122
            FN_DEF cs@124..189
            STRUCT_DEF Light@191..220
            FN_DEF helper@222..275
            FN_DEF get@276..310
            VAR_DECL@311..323
            error 122..122: expected `}` to close the block
        "#]],
    );
}

#[test]
fn functions_in_a_namespace_at_its_indentation() {
    outline(
        r#"namespace N {
    void f() {
        int a = 1;
    void g() { }
}
void h() { }
"#,
        expect![[r#"
            NAMESPACE_DEF N@0..66 (holds 2 FN_DEF)
            FN_DEF h@67..79
            error 47..47: expected `}` to close the block
        "#]],
    );
}

#[test]
fn half_typed_statements_before_the_next_function() {
    outline(
        r#"void f() {
  float x = 
void g() { }
void h() {
  s.
void k() { }
void m() {
  call(a,
void n() { }
"#,
        expect![[r#"
            FN_DEF f@0..22
            FN_DEF g@24..36
            FN_DEF h@37..52
            FN_DEF k@53..65
            FN_DEF m@66..86
            FN_DEF n@87..99
            error 22..22: expected an initializer
            error 21..22: expected `;` after declaration
            error 22..22: expected `}` to close the block
            error 52..52: expected a field or method name after `.`
            error 51..52: expected `;` after expression
            error 52..52: expected `}` to close the block
            error 86..86: expected an argument
            error 86..86: expected `)` after arguments
            error 85..86: expected `;` after expression
            error 86..86: expected `}` to close the block
        "#]],
    );
}

#[test]
fn well_formed_local_structs_and_declarations_at_column_zero() {
    // Valid HLSL written without indentation: nothing is closed early.
    outline(
        r#"void f() {
struct S { int a; };
float g(float x);
[unroll]
for (int i = 0; i < 2; i++) {}
}
void h() { }
"#,
        expect![[r#"
            FN_DEF f@0..91 (holds 1 FN_DEF)
            FN_DEF h@92..104
        "#]],
    );
}

#[test]
fn nested_function_with_its_braces_closed_later_stays_nested() {
    // The braces of the rest of the file close `f`: DXC's "not allowed here", as before.
    outline(
        r#"void f() {
void g() { }
}
"#,
        expect![[r#"
            FN_DEF f@0..25 (holds 1 FN_DEF)
            error 20..21: function definition is not allowed here
        "#]],
    );
}

#[test]
fn indented_function_inside_a_body_stays_nested() {
    outline(
        r#"void f() {
    void g() { }
void h() { }
"#,
        expect![[r#"
            FN_DEF f@0..27 (holds 1 FN_DEF)
            FN_DEF h@28..40
            error 24..25: function definition is not allowed here
            error 27..27: expected `}` to close the block
        "#]],
    );
}

#[test]
fn open_switch_and_blocks_report_once() {
    outline(
        r#"void f(int k) {
  switch (k) {
  case 0: {
    k++;
void g() { }
"#,
        expect![[r#"
            FN_DEF f@0..51
            FN_DEF g@52..64
            error 51..51: expected `}` to close the block
        "#]],
    );
}

#[test]
fn unclosed_method_in_a_struct() {
    outline(
        r#"struct S {
  int a() {
    return 1;
  int b() { return 2; }
};
"#,
        expect![[r#"
            STRUCT_DEF S@0..63 (holds 2 FN_DEF)
            error 36..36: expected `}` to close the block
        "#]],
    );
}

#[test]
fn braces_balanced_by_a_stray_one_later() {
    // A `}` missing in `f` and one too many after `h` balance; `f`'s body is indented and
    // `h` starts at column 0, so `f` ends before `h` and the stray `}` is the error.
    outline(
        r#"void f() {
  g();
void h() { }
}
"#,
        expect![[r#"
            FN_DEF f@0..17
            FN_DEF h@18..30
            ERROR@31..32
            error 17..17: expected `}` to close the block
            error 31..32: unmatched `}`
        "#]],
    );
}

#[test]
fn stray_brace_in_a_later_function_balances_a_missing_one() {
    // `f` lost its `}`, `k` has one too many: the globals and functions between stay items.
    outline(
        r#"void f() {
    if (true) {
        g();
    }

RWBuffer<float> b : register(u0);
static const float K = 2.0;
struct S {
    float x;
};

float h() { return K; }

void k() {
    b[0] = h();
    }
}
"#,
        expect![[r#"
            FN_DEF f@0..45
            VAR_DECL@47..80
            VAR_DECL@81..108
            STRUCT_DEF S@109..135
            FN_DEF h@137..160
            FN_DEF k@162..194
            ERROR@195..196
            error 45..45: expected `}` to close the block
            error 195..196: unmatched `}`
        "#]],
    );
}

#[test]
fn globals_after_an_unclosed_function() {
    // More `{` than `}`: declarations at column 0 followed by more items are globals.
    outline(
        r#"float f(float x) {
    return x;

RWStructuredBuffer<float> o : register(u0);
groupshared float s[4];

[numthreads(1, 1, 1)]
void main() { o[0] = f(s[0]); }
"#,
        expect![[r#"
            FN_DEF f@0..32
            VAR_DECL@34..77
            VAR_DECL@78..101
            FN_DEF main@103..156
            error 32..32: expected `}` to close the block
        "#]],
    );
}

#[test]
fn unindented_locals_in_an_indented_body_stay_locals() {
    // Valid HLSL with lines at column 0 in an indented body: an indented statement, or the
    // `}` closing the body, follows them, so nothing ends early. Without that `}`, the
    // declaration and the struct followed by a function are read as items, `dbg` still not.
    let text = r#"void f() {
    float a = 1;
float dbg = a;
float4 g(float x) : SV_Target;
    a += dbg;
static const int N = 2;
struct L { int v; };
}
void h() { }
"#;
    outline(
        text,
        expect![[r#"
            FN_DEF f@0..134 (holds 1 FN_DEF)
            FN_DEF h@135..147
        "#]],
    );
    outline(
        &text.replace("}\nvoid h", "\nvoid h"),
        expect![[r#"
            FN_DEF f@0..87 (holds 1 FN_DEF)
            VAR_DECL@88..111
            STRUCT_DEF L@112..132
            FN_DEF h@134..146
            error 87..87: expected `}` to close the block
        "#]],
    );
}

#[test]
fn unindented_body_with_a_stray_brace_stays_as_before() {
    // Nothing is indented: the lines do not say where `f` ends; the braces decide.
    outline(
        r#"void f() {
g();
void h() { }
}
}
"#,
        expect![[r#"
            FN_DEF f@0..30 (holds 1 FN_DEF)
            ERROR@31..32
            error 25..26: function definition is not allowed here
            error 31..32: unmatched `}`
        "#]],
    );
}

#[test]
fn line_starts_after_comments_tabs_and_crlf() {
    // CRLF line ends and tab indentation count; a comment before a token means the line
    // does not start with it (`k` stays nested, `h` starts the items again).
    outline(
        "void f() {\r\n\tg();\r\n/* c */ void k() { }\r\nvoid h() { }\r\n",
        expect![[r#"
            FN_DEF f@0..39 (holds 1 FN_DEF)
            FN_DEF h@41..53
            error 36..37: function definition is not allowed here
            error 39..39: expected `}` to close the block
        "#]],
    );
}

#[test]
fn struct_and_cbuffer_bodies_left_open() {
    // A struct whose `};` is missing ends at the cbuffer; the cbuffer missing its `}` ends
    // at the global declared after it, which a function follows.
    outline(
        r#"struct Light {
    float3 dir;
    float get() { return 1; }

cbuffer Frame : register(b0) {
    float4x4 viewProj;

Texture2D tex : register(t0);
float3 prototype(float3 x);

float4 main() : SV_Target { return 0; }
"#,
        expect![[r#"
            STRUCT_DEF Light@0..60 (holds 1 FN_DEF)
            CBUFFER_DEF Frame@62..115
            VAR_DECL@117..146
            FN_DEF prototype@147..174
            FN_DEF main@176..215
            error 60..60: expected `}` to close the block
            error 115..115: expected `}` to close the block
        "#]],
    );
}

#[test]
fn struct_members_at_column_zero_stay_members() {
    // Valid HLSL: members, a nested struct and a method written at column 0 in an indented
    // struct body; the struct's braces close it, so nothing ends early.
    outline(
        r#"struct S {
    float a;
struct Inner { int v; };
float get() { return a; }
Texture2D t;
};
float4 main() : SV_Target { return 0; }
"#,
        expect![[r#"
            STRUCT_DEF S@0..90 (holds 1 FN_DEF)
            FN_DEF main@91..130
        "#]],
    );
}
