//! Incrementality: an edit inside one function body must not re-run inference of any other
//! function, and a header edit re-runs inference only in files that include it.

use std::sync::{Arc, Mutex};

use base_db::CompileConfig;
use syntax::PreprocessConfig;

use crate::functions;
use crate::infer::infer;
use crate::test_db::TestDb;

fn take(log: &Mutex<Vec<String>>) -> Vec<String> {
    std::mem::take(&mut *log.lock().unwrap())
}

fn infer_runs(log: &[String]) -> usize {
    log.iter().filter(|e| e.starts_with("infer(")).count()
}

#[test]
fn body_edit_reinfers_only_that_function() {
    let log = Arc::new(Mutex::new(Vec::new()));
    let mut db = TestDb::with_log(log.clone());
    let a = "float g;\nfloat f(float x) { return x * 2; }\nfloat h(float y) { return y + g; }\n";
    let file = db.set_file_text("/t/main.hlsl", a);
    let config = CompileConfig::new(&db, PreprocessConfig::default());
    for f in functions(&db, file, config) {
        infer(&db, f);
    }
    assert_eq!(infer_runs(&take(&log)), 2);

    // Edit inside `f`'s body only; `h` moves by one byte.
    let b = "float g;\nfloat f(float x) { return x * 3.0; }\nfloat h(float y) { return y + g; }\n";
    db.set_file_text("/t/main.hlsl", b);
    let funcs = functions(&db, file, config);
    for &f in &funcs {
        infer(&db, f);
    }
    let ran = take(&log);
    let inferred: Vec<&String> = ran.iter().filter(|e| e.starts_with("infer(")).collect();
    assert_eq!(inferred.len(), 1, "{ran:#?}");
    // The outline outside bodies is unchanged, so the item tree does not re-run; `h`'s green
    // node re-ran and was backdated, so neither its body nor its inference re-ran.
    assert!(
        ran.iter().any(|e| e.starts_with("item_outline(")),
        "{ran:#?}"
    );
    assert!(!ran.iter().any(|e| e.starts_with("item_tree(")), "{ran:#?}");
    let bodies = ran.iter().filter(|e| e.starts_with("body(")).count();
    assert_eq!(bodies, 1, "{ran:#?}");
    assert_eq!(
        ran.iter()
            .filter(|e| e.starts_with("function_green("))
            .count(),
        2,
        "{ran:#?}"
    );
}

#[test]
fn header_edit_reinfers_only_includers() {
    let log = Arc::new(Mutex::new(Vec::new()));
    let mut db = TestDb::with_log(log.clone());
    db.set_file_text("/t/common.hlsli", "float scale;\n");
    let a = db.set_file_text(
        "/t/a.hlsl",
        "#include \"common.hlsli\"\nfloat fa(float x) { return x * scale; }\n",
    );
    let b = db.set_file_text("/t/b.hlsl", "float fb(float x) { return x; }\n");
    let config = CompileConfig::new(&db, PreprocessConfig::default());
    for file in [a, b] {
        for f in functions(&db, file, config) {
            infer(&db, f);
        }
    }
    assert_eq!(infer_runs(&take(&log)), 2);

    db.set_file_text("/t/common.hlsli", "int scale;\n");
    let mut after = Vec::new();
    for file in [a, b] {
        for f in functions(&db, file, config) {
            after.push(infer(&db, f));
        }
    }
    let ran = take(&log);
    // FIXME: the preprocessor is still a pass-through placeholder (no includes spliced), so
    // the header does not reach `a` yet and nothing re-runs; with the real preprocessor this
    // is exactly one inference (`fa`'s). Either way `fb` never re-runs.
    assert!(infer_runs(&ran) <= 1, "{ran:#?}");
    assert!(
        !ran.iter()
            .any(|e| e.starts_with("parse_file") && e.contains("b.hlsl")),
        "{ran:#?}"
    );
}

#[test]
fn whitespace_edit_does_not_rerun_the_item_tree() {
    let log = Arc::new(Mutex::new(Vec::new()));
    let mut db = TestDb::with_log(log.clone());
    let a = "#pragma pack_matrix(row_major)\nfloat4x4 m;\nfloat f(float x) { return x; }\n";
    let file = db.set_file_text("/t/main.hlsl", a);
    let config = CompileConfig::new(&db, PreprocessConfig::default());
    crate::item_tree::item_tree(&db, file, config);
    take(&log);

    // Re-indenting a body changes the parse but neither the expanded tree nor the pragmas.
    let b = "#pragma pack_matrix(row_major)\nfloat4x4 m;\nfloat f(float x) {   return x; }\n";
    db.set_file_text("/t/main.hlsl", b);
    crate::item_tree::item_tree(&db, file, config);
    let ran = take(&log);
    assert!(ran.iter().any(|e| e.starts_with("parse_file(")), "{ran:#?}");
    assert!(!ran.iter().any(|e| e.starts_with("item_tree(")), "{ran:#?}");

    // Moving the pragma after the global changes the global's orientation.
    let c = "float4x4 m;\n#pragma pack_matrix(row_major)\nfloat f(float x) {   return x; }\n";
    db.set_file_text("/t/main.hlsl", c);
    let tree = crate::item_tree::item_tree(&db, file, config);
    let ran = take(&log);
    assert!(ran.iter().any(|e| e.starts_with("item_tree(")), "{ran:#?}");
    let m = tree.indices().find(|i| tree.item(*i).name == "m").unwrap();
    let crate::item_tree::ItemKind::Variable(v) = &tree.item(m).kind else {
        panic!("m is not a variable");
    };
    assert!(!v.ty.row_major);
}

#[test]
fn token_edit_lowers_only_the_edited_body() {
    let log = Arc::new(Mutex::new(Vec::new()));
    let mut db = TestDb::with_log(log.clone());
    let a = "float f(float x) { return x * 2; }\nfloat h(float y) { return y + 1; }\n";
    let file = db.set_file_text("/t/main.hlsl", a);
    let config = CompileConfig::new(&db, PreprocessConfig::default());
    crate::diagnostics::diagnostics(&db, file, config);
    take(&log);

    // A longer token in `f` moves `h`: `h`'s syntax is looked up again and found equal, so
    // its body is neither lowered nor inferred again.
    let b = "float f(float x) { return x * 20; }\nfloat h(float y) { return y + 1; }\n";
    db.set_file_text("/t/main.hlsl", b);
    crate::diagnostics::diagnostics(&db, file, config);
    let ran = take(&log);
    let count = |query: &str| ran.iter().filter(|e| e.starts_with(query)).count();
    assert_eq!(count("function_green("), 2, "{ran:#?}");
    assert_eq!(count("body("), 1, "{ran:#?}");
    assert_eq!(count("infer("), 1, "{ran:#?}");
    // No diagnostics, so no source map is needed.
    assert_eq!(count("body_with_source_map("), 0, "{ran:#?}");
}

#[test]
fn the_item_tree_after_edits_equals_a_fresh_one() {
    let mut db = TestDb::with_log(Arc::new(Mutex::new(Vec::new())));
    let config = CompileConfig::new(&db, PreprocessConfig::default());
    let versions = [
        "float f(float x) { return x; }\n#pragma pack_matrix(row_major)\nfloat4x4 m;\n",
        // A longer body moves the pragma and the global after it.
        "float f(float x) { return x * 22; }\n#pragma pack_matrix(row_major)\nfloat4x4 m;\n",
        // A signature edit, then a body that declares what looks like an item.
        "float f(int x) { return x * 22; }\n#pragma pack_matrix(row_major)\nfloat4x4 m;\n",
        "float f(int x) { float4x4 n; return x; }\n#pragma pack_matrix(row_major)\nfloat4x4 m;\n",
        "float f(int x);\n#pragma pack_matrix(row_major)\nfloat4x4 m;\n",
    ];
    let file = db.set_file_text("/t/main.hlsl", versions[0]);
    for text in versions {
        db.set_file_text("/t/main.hlsl", text);
        let tree = crate::item_tree::item_tree(&db, file, config);
        let mut fresh_db = TestDb::with_log(Arc::new(Mutex::new(Vec::new())));
        let fresh_file = fresh_db.set_file_text("/t/main.hlsl", text);
        let fresh_config = CompileConfig::new(&fresh_db, PreprocessConfig::default());
        let fresh = crate::item_tree::item_tree(&fresh_db, fresh_file, fresh_config);
        assert_eq!(tree, fresh, "{text}");
    }
}

#[test]
fn diagnostics_of_an_unchanged_file_are_not_collected_again() {
    let log = Arc::new(Mutex::new(Vec::new()));
    let mut db = TestDb::with_log(log.clone());
    let a = db.set_file_text("/t/a.hlsl", "float f(float x) { return x * 2; }\n");
    let b = db.set_file_text(
        "/t/b.hlsl",
        "float g(float2 y) { float z = y; return z; }\n",
    );
    let config = CompileConfig::new(&db, PreprocessConfig::default());
    crate::diagnostics::diagnostics(&db, a, config);
    let before = crate::diagnostics::diagnostics(&db, b, config);
    assert_eq!(before.len(), 1, "{before:?}");
    take(&log);

    db.set_file_text("/t/a.hlsl", "float f(float x) { return x * 3; }\n");
    crate::diagnostics::diagnostics(&db, a, config);
    let after = crate::diagnostics::diagnostics(&db, b, config);
    assert_eq!(before, after);
    let ran = take(&log);
    let collected = ran
        .iter()
        .filter(|e| e.starts_with("file_diagnostics("))
        .count();
    assert_eq!(collected, 1, "{ran:#?}");
}
