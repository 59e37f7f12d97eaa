//! `hlslc --check` on the database: the full check of a generated 5,000-line shader (parse,
//! item tree, inference of every body, every diagnostic) in a fresh database, and the re-check
//! after a one-character edit inside one function body, through the salsa input as the
//! language server does it. The goal for the re-check is under 10 ms in release.
//!
//! `cargo bench -p db --bench check`

mod generated;

use std::sync::Arc;

use db::{NoSource, PreprocessConfig, RootDatabase};

const LINES: usize = 5_000;

fn main() {
    divan::main();
}

/// Everything `hlslc --check` reports: syntax and semantic diagnostics.
fn check(db: &RootDatabase, file: db::SourceFile, config: db::CompileConfig) -> usize {
    let parsed = db::parse_file(db, file, config);
    parsed.diagnostics.len() + db::semantic_diagnostics(db, file, config).len()
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn full_check_5000_lines(bencher: divan::Bencher) {
    let (text, _) = generated::generated_shader(LINES);
    let text: Arc<str> = text.into();
    bencher.bench_local(|| {
        let mut db = RootDatabase::new(Arc::new(NoSource));
        let file = db.set_file_text("/bench/big.hlsl", Some(text.clone()));
        let config = db.new_config(PreprocessConfig::default());
        check(&db, file, config)
    });
}

#[divan::bench(sample_count = 30, sample_size = 1)]
fn recheck_after_one_char_edit(bencher: divan::Bencher) {
    let versions = generated::edit_versions(LINES);
    let mut db = RootDatabase::new(Arc::new(NoSource));
    let file = db.set_file_text("/bench/big.hlsl", Some(versions[0].clone()));
    let config = db.new_config(PreprocessConfig::default());
    assert_eq!(check(&db, file, config), 0, "the generated shader is clean");
    let mut n = 0;
    bencher.bench_local(|| {
        n += 1;
        db.set_file_text("/bench/big.hlsl", Some(versions[n % 2].clone()));
        check(&db, file, config)
    });
}

/// The part of the re-check no query can skip: preprocessing and parsing the edited file and
/// building its expanded tree (for comparison with `recheck_after_one_char_edit`).
#[divan::bench(sample_count = 30, sample_size = 1)]
fn reparse_after_one_char_edit(bencher: divan::Bencher) {
    let versions = generated::edit_versions(LINES);
    let mut db = RootDatabase::new(Arc::new(NoSource));
    let file = db.set_file_text("/bench/big.hlsl", Some(versions[0].clone()));
    let config = db.new_config(PreprocessConfig::default());
    db::expanded_tree(&db, file, config);
    let mut n = 0;
    bencher.bench_local(|| {
        n += 1;
        db.set_file_text("/bench/big.hlsl", Some(versions[n % 2].clone()));
        db::expanded_tree(&db, file, config).token_starts.len()
    });
}
