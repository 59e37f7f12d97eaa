//! A profiling driver for the re-check after a one-character edit (the `check` benchmark's
//! `recheck_after_one_char_edit`), for `valgrind --tool=callgrind`: the full check runs
//! outside `edit_and_check`, so `--toggle-collect='*edit_and_check*'` counts only the
//! re-checks.
//!
//! `cargo build --release -p db --example recheck`, then
//! `valgrind --tool=callgrind --toggle-collect='*edit_and_check*' target/release/examples/recheck 10`

#[path = "../benches/generated.rs"]
mod generated;

use std::sync::Arc;

use db::{NoSource, PreprocessConfig, RootDatabase};

fn check(db: &RootDatabase, file: db::SourceFile, config: db::CompileConfig) -> usize {
    let parsed = db::parse_file(db, file, config);
    parsed.diagnostics.len() + db::semantic_diagnostics(db, file, config).len()
}

#[inline(never)]
fn edit_and_check(
    db: &mut RootDatabase,
    text: &Arc<str>,
    file: db::SourceFile,
    config: db::CompileConfig,
) -> usize {
    db.set_file_text("/bench/big.hlsl", Some(text.clone()));
    check(db, file, config)
}

fn main() {
    let edits: usize = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(10);
    let versions = generated::edit_versions(5_000);
    let mut db = RootDatabase::new(Arc::new(NoSource));
    let file = db.set_file_text("/bench/big.hlsl", Some(versions[0].clone()));
    let config = db.new_config(PreprocessConfig::default());
    assert_eq!(check(&db, file, config), 0, "the generated shader is clean");
    let start = std::time::Instant::now();
    let cpu_start = cpu_time_ns();
    for n in 1..=edits {
        let count = edit_and_check(&mut db, &versions[n % 2], file, config);
        assert_eq!(count, 0);
    }
    eprintln!("{:?} per re-check (wall)", start.elapsed() / edits as u32);
    if let (Some(a), Some(b)) = (cpu_start, cpu_time_ns()) {
        let per = std::time::Duration::from_nanos((b - a) / edits as u64);
        eprintln!("{per:?} per re-check (on the CPU, whatever else the machine runs)");
    }
}

/// Nanoseconds this thread has run on a CPU (Linux's schedstat), so a loaded machine
/// inflates the wall time but not this.
fn cpu_time_ns() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    stat.split_whitespace().next()?.parse().ok()
}
