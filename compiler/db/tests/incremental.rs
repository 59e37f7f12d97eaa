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
