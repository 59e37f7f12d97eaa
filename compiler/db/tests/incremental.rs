//! On the benchmark's generated 5,000-line shader: a one-character edit inside one function
//! body re-lowers and re-infers that function only, as salsa's event log shows.

#[path = "../benches/generated.rs"]
mod generated;

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use db::{NoSource, PreprocessConfig, RootDatabase};

#[test]
fn one_char_edit_reinfers_one_function() {
    let log = Arc::new(Mutex::new(Vec::<String>::new()));
    let sink = log.clone();
    let mut db = RootDatabase::with_event_log(Arc::new(NoSource), move |event| {
        if let salsa::EventKind::WillExecute { database_key } = event.kind {
            sink.lock().unwrap().push(format!("{database_key:?}"));
        }
    });
    let (text, at) = generated::generated_shader(5_000);
    let file = db.set_file_text("/t/big.hlsl", Some(text.clone().into()));
    let config = db.new_config(PreprocessConfig::default());
    let diags = db::semantic_diagnostics(&db, file, config);
    assert!(diags.is_empty(), "{diags:?}");
    log.lock().unwrap().clear();

    let mut edited = text;
    edited.replace_range(at..at + 1, "7");
    db.set_file_text("/t/big.hlsl", Some(edited.into()));
    assert!(db::semantic_diagnostics(&db, file, config).is_empty());

    let ran = std::mem::take(&mut *log.lock().unwrap());
    let mut by_query: BTreeMap<&str, usize> = BTreeMap::new();
    for e in &ran {
        *by_query
            .entry(e.split('(').next().unwrap_or(""))
            .or_default() += 1;
    }
    let count = |q: &str| by_query.get(q).copied().unwrap_or(0);
    assert_eq!(count("infer"), 1, "{by_query:?}");
    assert_eq!(count("body"), 1, "{by_query:?}");
    assert_eq!(count("body_with_source_map"), 0, "{by_query:?}");
    assert_eq!(count("function_signature"), 0, "{by_query:?}");
    println!("{by_query:?}");
}

/// The database re-parses token edits incrementally; a sequence of edits (numbers and names
/// in bodies and in declarations, some of them errors) gives after each one the diagnostics
/// and trees a fresh database gives.
#[test]
fn edited_file_checks_like_a_fresh_one() {
    let (text, at) = generated::generated_shader(400);
    let mut db = RootDatabase::new(Arc::new(NoSource));
    let file = db.set_file_text("/t/big.hlsl", Some(text.clone().into()));
    let config = db.new_config(PreprocessConfig::default());
    let check = |db: &RootDatabase, file, config| {
        let parsed = db::parse_file(db, file, config);
        let expanded = syntax::debug_tree(&syntax::SyntaxNode::new_root(
            db::expanded_tree(db, file, config).green.clone(),
        ));
        (
            parsed.diagnostics.clone(),
            db::semantic_diagnostics(db, file, config),
            syntax::debug_tree(&parsed.syntax()),
            expanded,
        )
    };
    let first = check(&db, file, config);
    assert!(first.0.is_empty() && first.1.is_empty(), "{:?}", first.1);
    let edits: &[(&str, &str)] = &[
        ("0.5f", "0.75f"),
        ("acc.w", "accu.w"),
        ("accu.w", "acc.w"),
        ("float4 acc = 0", "float4 acc = 12"),
        ("Data0 d, float2 offset", "Data0 d, float2 offsets"),
        ("return o;", "return oo;"),
        ("[numthreads(64", "[numthreads(6400"),
    ];
    let mut current = text;
    assert!(current[at..].starts_with('5'));
    for (from, to) in edits {
        let i = current.find(from).expect("edit text present");
        current.replace_range(i..i + from.len(), to);
        db.set_file_text("/t/big.hlsl", Some(current.clone().into()));
        let incremental = check(&db, file, config);
        let mut fresh_db = RootDatabase::new(Arc::new(NoSource));
        let fresh_file = fresh_db.set_file_text("/t/big.hlsl", Some(current.clone().into()));
        let fresh_config = fresh_db.new_config(PreprocessConfig::default());
        assert_eq!(
            incremental,
            check(&fresh_db, fresh_file, fresh_config),
            "{to}"
        );
    }
}

/// A token edit in a file with includes is re-parsed incrementally only while every file the
/// parse read (the header, and the paths probed before it) reads the same: a header that
/// changes, or appears earlier on the search path, is seen.
#[test]
fn includes_are_followed_across_incremental_reparses() {
    let mut db = RootDatabase::new(Arc::new(NoSource));
    db.set_file_text("/b/h.hlsli", Some("#define V 1\n".into()));
    let main = "#include \"h.hlsli\"\nfloat x = V;\nfloat f() { return 10; }\n";
    let file = db.set_file_text("/p/main.hlsl", Some(main.into()));
    let config = db.new_config(PreprocessConfig {
        include_dirs: vec!["/a".into(), "/b".into()],
        ..PreprocessConfig::default()
    });
    let expanded_text = |db: &RootDatabase| {
        syntax::SyntaxNode::new_root(db::expanded_tree(db, file, config).green.clone()).to_string()
    };
    assert_eq!(expanded_text(&db), "float x = 1; float f() { return 10; }");

    db.set_file_text("/p/main.hlsl", Some(main.replace("10", "12").into()));
    assert_eq!(expanded_text(&db), "float x = 1; float f() { return 12; }");

    db.set_file_text("/b/h.hlsli", Some("#define V 2\n".into()));
    db.set_file_text("/p/main.hlsl", Some(main.replace("10", "13").into()));
    assert_eq!(expanded_text(&db), "float x = 2; float f() { return 13; }");

    // A header on an earlier include dir now wins.
    db.set_file_text("/a/h.hlsli", Some("#define V 3\n".into()));
    db.set_file_text("/p/main.hlsl", Some(main.replace("10", "14").into()));
    assert_eq!(expanded_text(&db), "float x = 3; float f() { return 14; }");
    assert!(db::parse_file(&db, file, config).diagnostics.is_empty());
}
