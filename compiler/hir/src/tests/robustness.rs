//! Inference and diagnostics never panic: the corpus shaders, every prefix of them cut at
//! many points (half-typed code is the normal case in an editor), and cyclic declarations.

use super::diagnostics_text;

#[test]
fn cyclic_declarations_terminate() {
    for src in [
        "typedef S S; S x; void f() { x; }",
        "static const int A = A + 1; float v[A]; void f() { v; }",
        "struct S { S inner; float a; }; void f(S s) { s.inner.a; }",
        "struct S { T t; }; struct T { S s; }; void f(S x) { x.t; }",
        "template<typename T> struct B { B<T> b; }; void f(B<float> x) { x.b; }",
        "enum E { A = B, B = A }; void f() { A; }",
        "namespace N { using namespace N; } using namespace N; void f() { g; }",
    ] {
        diagnostics_text(src);
    }
}

#[test]
fn corpus_prefixes_never_panic() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/shaders");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return;
    };
    let mut count = 0;
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "hlsl") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        diagnostics_text(&text);
        // Cut at 7 points on char boundaries.
        for k in 1..8 {
            let mut cut = text.len() * k / 12;
            while !text.is_char_boundary(cut) {
                cut -= 1;
            }
            diagnostics_text(&text[..cut]);
        }
        count += 1;
    }
    assert!(count > 0);
}

/// Fixed-seed mutations of corpus shaders (spans deleted, duplicated or swapped for tokens
/// that often confuse a checker): inference and diagnostics must not panic.
#[test]
fn mutated_corpus_never_panics() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/shaders");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return;
    };
    let mut texts: Vec<String> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "hlsl"))
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .collect();
    texts.sort();
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = |n: usize| -> usize {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n.max(1) as u64) as usize
    };
    let inserts = [
        "",
        ";",
        "{",
        "}",
        "(",
        ")",
        ".xyzw",
        "[0]",
        "= 1",
        "float4",
        "struct S",
        "::",
        "<",
        ">",
        "return",
        "++",
        "out",
        "template<typename T>",
        ",",
        "S::x",
    ];
    for text in texts.iter().take(12) {
        for _ in 0..25 {
            let mut t = text.clone();
            for _ in 0..3 {
                let mut a = next(t.len());
                while !t.is_char_boundary(a) {
                    a -= 1;
                }
                let mut b = (a + next(40)).min(t.len());
                while !t.is_char_boundary(b) {
                    b -= 1;
                }
                let insert = inserts[next(inserts.len())];
                t.replace_range(a..b, insert);
            }
            diagnostics_text(&t);
        }
    }
}
