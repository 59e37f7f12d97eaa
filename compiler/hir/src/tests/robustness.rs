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
        // Cut at 12 points on char boundaries.
        for k in 1..12 {
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
