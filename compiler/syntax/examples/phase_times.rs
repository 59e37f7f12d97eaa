//! Prints how long each front-end phase takes on a generated 1 MB file (a profiling aid).
//!
//! `phase_times [once [lex|pp|tree]] [bench]`: `once` runs `parse_file` (or only the lexer,
//! or lexer and preprocessor, or `parse_file` and the lossless tree) a single time and prints the number of diagnostics (or tokens) (for `valgrind --tool=callgrind`, whose per-function counts then give the
//! phases); without it, each phase is timed three times. `bench` takes the parse benchmark's
//! input (`benches/input/mod.rs`, with its header) instead of copies of `blur_cs.hlsl`.
use std::time::Instant;
use syntax::*;

#[path = "../benches/input/mod.rs"]
mod input;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let once = args.iter().any(|a| a == "once");
    let (text, loader): (String, &dyn FileLoader) = if args.iter().any(|a| a == "bench") {
        (input::generated_source(1 << 20), &input::HeaderLoader)
    } else {
        (blur_copies(), &NoFiles)
    };
    let config = PreprocessConfig::default();
    if once {
        // `lex`, `pp` and `input` stop after that phase (pp and input do their own lexing), so
        // differences between runs give each phase's instruction count.
        if args.iter().any(|a| a == "lex") {
            println!("{}", lexer::lex(&text).tokens.len());
        } else if args.iter().any(|a| a == "pp") {
            let pp = preprocess::preprocess(FileId(0), "x", &text, &config, loader);
            println!("{}", pp.tokens.len());
        } else {
            let parsed = parse_file(FileId(0), "x", &text, &config, loader);
            if args.iter().any(|a| a == "tree") {
                println!("{:?}", parsed.syntax().text_range());
            }
            if args.iter().any(|a| a == "expanded") {
                println!("{:?}", parsed.expanded().green.text_len());
            }
            println!("{}", parsed.diagnostics.len());
        }
        return;
    }
    for _ in 0..3 {
        let t = Instant::now();
        let lexed = lexer::lex(&text);
        let t_lex = t.elapsed();
        let t = Instant::now();
        let pp = preprocess::preprocess(FileId(0), "x", &text, &config, loader);
        let t_pp = t.elapsed();
        let mut input = parser::Input::default();
        let t = Instant::now();
        for i in 0..pp.tokens.len() {
            let joint = pp.tokens.get(i + 1).is_some_and(|n| !n.leading_space);
            input.push(pp.tokens[i].kind, pp.token_text(i), joint);
        }
        let t_input = t.elapsed();
        let t = Instant::now();
        let out = parser::parse_source_file(&input);
        let t_parse = t.elapsed();
        let t = Instant::now();
        let parsed = parse_file(FileId(0), "x", &text, &config, loader);
        let t_all = t.elapsed();
        println!("lex {t_lex:?} pp {t_pp:?} input {t_input:?} parse {t_parse:?} all {t_all:?} tokens {} steps {} diags {}", pp.tokens.len(), out.steps().count(), parsed.diagnostics.len());
        drop(lexed);
    }
}

/// Copies of `examples/blur_cs.hlsl` with renamed functions, up to 1 MB.
fn blur_copies() -> String {
    let mut text = String::new();
    let unit = include_str!("../../../examples/blur_cs.hlsl").replace("main", "f");
    let mut i = 0;
    while text.len() < 1 << 20 {
        text.push_str(
            &unit
                .replace("LoadClamped", &format!("L{i}"))
                .replace("void f", &format!("void f{i}")),
        );
        i += 1;
    }
    text
}
