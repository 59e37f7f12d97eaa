//! The parser never panics, never hangs, and always yields a tree whose text is the input,
//! whatever the input: token soups built from HLSL fragments, and realistic shaders that are
//! truncated or have bytes deleted, inserted or duplicated.

use proptest::prelude::*;

const SHADERS: &[&str] = &[
    include_str!("shaders/compute.hlsl"),
    include_str!("shaders/vertex_pixel.hlsl"),
    include_str!("shaders/geometry.hlsl"),
    include_str!("shaders/misc.hlsl"),
];

/// Fragments that token soups are made of: keywords, punctuation, names, literals and a few
/// multi-token pieces that reach deep into the grammar.
const VOCABULARY: &[&str] = &[
    "struct",
    "class",
    "interface",
    "cbuffer",
    "tbuffer",
    "typedef",
    "enum",
    "namespace",
    "using",
    "template",
    "typename",
    "return",
    "if",
    "else",
    "for",
    "while",
    "do",
    "switch",
    "case",
    "default",
    "break",
    "continue",
    "discard",
    "true",
    "false",
    "sizeof",
    "static",
    "const",
    "uniform",
    "groupshared",
    "in",
    "out",
    "inout",
    "row_major",
    "nointerpolation",
    "linear",
    "sample",
    "point",
    "triangle",
    "vertices",
    "indices",
    "payload",
    "register",
    "packoffset",
    "operator",
    "float",
    "float4",
    "uint3",
    "float4x4",
    "Texture2D",
    "vector",
    "matrix",
    "x",
    "y",
    "S",
    "main",
    "SV_Target",
    "0",
    "1",
    "2.5f",
    "0x10u",
    "\"str\"",
    "'c'",
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    "[[",
    "]]",
    ";",
    ",",
    ".",
    ":",
    "::",
    "?",
    "+",
    "-",
    "*",
    "/",
    "%",
    "&",
    "|",
    "^",
    "~",
    "!",
    "=",
    "==",
    "!=",
    "<",
    ">",
    "<=",
    ">=",
    "<<",
    ">>",
    "&&",
    "||",
    "++",
    "--",
    "+=",
    ">>=",
    "->",
    "...",
    "#",
    "\n",
    " ",
    "//c\n",
    "/*c*/",
    "vector<float, 3>",
    "Texture2D<float4> t : register(t0);",
    "[numthreads(8,8,1)]",
    "[[vk::binding(0, 1)]]",
    "(float3)",
    "a.xyz",
    "f(a,",
    "template<typename T>",
    "A<B<C>>",
    "case 1:",
    "for (int i = 0; i < 4; ++i)",
    "struct S {",
    "};",
];

fn check(text: &str) {
    let parsed = syntax::parse(text);
    assert_eq!(parsed.syntax().to_string(), text);
}

fn soup() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(VOCABULARY), 0..60).prop_map(|parts| {
        let mut s = String::new();
        for (i, part) in parts.iter().enumerate() {
            if i % 3 == 0 {
                s.push(' ');
            }
            s.push_str(part);
        }
        s
    })
}

#[derive(Debug, Clone)]
enum Mutation {
    Truncate(usize),
    Delete(usize, usize),
    Insert(usize, u8),
    Duplicate(usize, usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        any::<usize>().prop_map(Mutation::Truncate),
        (any::<usize>(), 1..8usize).prop_map(|(a, n)| Mutation::Delete(a, n)),
        (
            any::<usize>(),
            prop::sample::select(b"{}()[];,<>:.\"'/*#\\=ax 0".to_vec())
        )
            .prop_map(|(a, b)| Mutation::Insert(a, b)),
        (any::<usize>(), 1..40usize).prop_map(|(a, n)| Mutation::Duplicate(a, n)),
    ]
}

/// Applies mutations to bytes of `text`, keeping it valid UTF-8 (the shaders are ASCII).
fn mutate(text: &str, mutations: &[Mutation]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for m in mutations {
        let len = bytes.len().max(1);
        match *m {
            Mutation::Truncate(at) => bytes.truncate(at % len),
            Mutation::Delete(at, n) => {
                let start = (at % len).min(bytes.len());
                let end = (start + n).min(bytes.len());
                bytes.drain(start..end);
            }
            Mutation::Insert(at, b) => {
                let at = (at % len).min(bytes.len());
                bytes.insert(at, b);
            }
            Mutation::Duplicate(at, n) => {
                let start = (at % len).min(bytes.len());
                let end = (start + n).min(bytes.len());
                let piece = bytes[start..end].to_vec();
                bytes.splice(end..end, piece);
            }
        }
    }
    String::from_utf8(bytes).expect("ASCII in, ASCII out")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn token_soup_is_lossless(text in soup()) {
        check(&text);
    }

    #[test]
    fn mutated_shaders_are_lossless(
        which in 0..SHADERS.len(),
        mutations in prop::collection::vec(mutation(), 1..6),
    ) {
        let text = mutate(SHADERS[which], &mutations);
        check(&text);
    }
}

#[test]
fn every_prefix_of_a_shader_is_lossless() {
    let text = SHADERS[1];
    for end in (0..text.len()).step_by(7) {
        check(&text[..end]);
    }
}

/// Pathologically deep nesting neither overflows the stack nor floods diagnostics.
#[test]
fn deep_nesting_is_bounded() {
    let n = 5000;
    let inputs = [
        format!("float a = {}1{};", "(".repeat(n), ")".repeat(n)),
        format!("void f() {{ {} }}", "{".repeat(n)),
        format!("A{} x;", "<B".repeat(n)),
        format!("void f() {{ x = {}1; }}", "-".repeat(n)),
        format!("void f() {{ {} ; }}", "if (a) ".repeat(n)),
        "struct S { ".repeat(n),
        format!("float a = {}", "{".repeat(n)),
        format!("void f() {{ x = a{}; }}", "[i".repeat(n)),
    ];
    for text in &inputs {
        let parsed = syntax::parse(text);
        assert_eq!(&parsed.syntax().to_string(), text);
        assert!(
            parsed
                .diagnostics
                .iter()
                .any(|d| d.message == "nesting is too deep"),
            "{:?}",
            &text[..40]
        );
        assert!(parsed.diagnostics.len() < 50, "{:#?}", parsed.diagnostics);
    }
    // Realistic nesting is far from the limit.
    let text = format!("float a = {}1{};", "(".repeat(100), ")".repeat(100));
    assert!(syntax::parse(&text).diagnostics.is_empty());
}
