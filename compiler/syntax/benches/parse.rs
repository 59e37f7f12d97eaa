//! Lex + preprocess + parse throughput on a generated HLSL file of about 1 MB (which includes
//! a header; see `input/mod.rs`).
//!
//! Run with `cargo bench -p syntax --bench parse`; divan prints the time per parse and the
//! throughput in bytes per second. The goal is at least 30 MB/s in release for
//! `lex_preprocess_parse_1mb`, which is everything `hlslc --check` needs from the front end
//! (tokens, preprocessing, parse events, syntax diagnostics). The trees are built on demand
//! (the events are read as tree steps then):
//! `..._and_lossless_tree_1mb` adds the lossless tree the editor's syntax features read.

mod input;

use input::{generated_source, HeaderLoader};
use syntax::{parse_file, FileId, PreprocessConfig};

fn main() {
    divan::main();
}

#[divan::bench]
fn lex_preprocess_parse_1mb(bencher: divan::Bencher) {
    let text = generated_source(1 << 20);
    let config = PreprocessConfig::default();
    bencher
        .counter(divan::counter::BytesCount::new(text.len()))
        .bench(|| {
            parse_file(
                FileId(0),
                "bench.hlsl",
                divan::black_box(&text),
                &config,
                &HeaderLoader,
            )
        });
}

#[divan::bench]
fn lex_preprocess_parse_and_lossless_tree_1mb(bencher: divan::Bencher) {
    let text = generated_source(1 << 20);
    let config = PreprocessConfig::default();
    bencher
        .counter(divan::counter::BytesCount::new(text.len()))
        .bench(|| {
            let parsed = parse_file(
                FileId(0),
                "bench.hlsl",
                divan::black_box(&text),
                &config,
                &HeaderLoader,
            );
            let _ = parsed.syntax();
            parsed
        });
}

#[divan::bench]
fn lex_1mb(bencher: divan::Bencher) {
    let text = generated_source(1 << 20);
    bencher
        .counter(divan::counter::BytesCount::new(text.len()))
        .bench(|| syntax::lexer::lex(divan::black_box(&text)));
}
