//! Lex + preprocess + parse throughput on a generated HLSL file of about 1 MB.
//!
//! Run with `cargo bench -p syntax --bench parse`; divan prints the time per parse and the
//! throughput in bytes per second. The goal is at least 30 MB/s in release for
//! `lex_preprocess_parse_1mb`, which is everything `hlslc --check` needs from the front end
//! (tokens, preprocessing, parse steps, syntax diagnostics). The trees are built on demand:
//! `..._and_lossless_tree_1mb` adds the lossless tree the editor's syntax features read.

use syntax::{parse_file, FileId, NoFiles, PreprocessConfig};

fn main() {
    divan::main();
}

/// A realistic mix: a cbuffer, structs, resources, macros, conditionals, and many functions
/// with loops, branches, swizzles, intrinsic calls and resource methods.
fn generated_source(target_bytes: usize) -> String {
    let mut text = String::from(
        "#define SQR(x) ((x) * (x))\n#define LANES 8\n#define SCALE(v, s) ((v) * (s))\n\
         cbuffer Globals : register(b0) { float4x4 ViewProj; float3 Eye; float Time; uint Count; };\n\
         Texture2D<float4> Tex : register(t0);\nSamplerState Samp : register(s0);\n\
         RWStructuredBuffer<float4> Out : register(u0);\n",
    );
    let mut i = 0;
    while text.len() < target_bytes {
        text.push_str(&format!(
            "struct Data{i} {{ float3 position : POSITION; float2 uv : TEXCOORD{m}; uint id; }};\n\
             #if LANES > {m}\n\
             float4 Shade{i}(Data{i} d, float2 offset, inout float weight)\n{{\n\
             \x20   float4 acc = 0;\n\
             \x20   [unroll] for (int k = 0; k < LANES; ++k) {{\n\
             \x20       float2 uv = d.uv + offset * k / (float)LANES;\n\
             \x20       float4 c = Tex.SampleLevel(Samp, uv, 0);\n\
             \x20       if (c.a < 0.5f && k != 3) {{ continue; }} else {{ acc.rgb += SQR(c.rgb) * 0.25f; }}\n\
             \x20       weight = max(weight, dot(c.xyz, float3(0.2126f, 0.7152f, 0.0722f)));\n\
             \x20   }}\n\
             \x20   acc.w = SCALE(length(d.position - Eye), Time) + (d.id & 0xFFu) * 1.5e-3f;\n\
             \x20   switch (d.id % 3) {{ case 0: acc.x *= 2; break; case 1: acc.y -= 1; break; default: break; }}\n\
             \x20   return mul(ViewProj, acc) / max(weight, 1e-4f);\n\
             }}\n\
             #else\n\
             float4 Shade{i}() {{ return 0; }}\n\
             #endif\n\n",
            m = i % 12
        ));
        i += 1;
    }
    text
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
                &NoFiles,
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
                &NoFiles,
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
