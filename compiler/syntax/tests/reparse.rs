//! Incremental re-parsing gives exactly what a fresh parse gives: on random edits of real
//! shaders (most aimed inside numbers, identifiers, whitespace and comments, the rest
//! anywhere), whenever
//! `reparse_token` takes an edit, its file, diagnostics, lossless tree, expanded tree and
//! expanded-tree token offsets equal those of parsing the edited text from scratch.

use proptest::prelude::*;
use proptest::sample::Index;
use syntax::reparse::reparse_token;
use syntax::{
    debug_tree, FileId, FileLoader, LoadedFile, ParsedFile, PreprocessConfig, SyntaxKind,
    SyntaxNode,
};

/// Headers the shaders below include.
struct Headers;

impl FileLoader for Headers {
    fn load(&self, path: &str) -> Option<LoadedFile> {
        let text = match path {
            "common.hlsli" => "#define SCALE 2.0\nfloat scaled(float x) { return x * SCALE; }\n",
            "types.hlsli" => "struct Light { float3 dir; float power; };\n",
            _ => return None,
        };
        Some(LoadedFile {
            id: FileId(if path == "common.hlsli" { 1 } else { 2 }),
            path: path.to_owned(),
            text: text.into(),
        })
    }
}

/// Parses `text` as the main file, with `Headers` to include.
fn parse(text: &str) -> ParsedFile {
    syntax::parse_file(
        FileId(0),
        "main.hlsl",
        text,
        &PreprocessConfig::default(),
        &Headers,
    )
}

const SHADERS: &[&str] = &[
    include_str!("shaders/compute.hlsl"),
    include_str!("shaders/vertex_pixel.hlsl"),
    include_str!("shaders/geometry.hlsl"),
    include_str!("shaders/misc.hlsl"),
    include_str!("../../../tests/shaders/cs_bitonic_sort.hlsl"),
    include_str!("../../../tests/shaders/cs_dxc_corners.hlsl"),
    // Macros of both kinds used in code, a pragma, predefined macros, an inactive region.
    "#define N 4\n#define SQR(x) ((x) * (x))\n#pragma pack_matrix(row_major)\n\
     cbuffer C { float4x4 m; float scale; };\n\
     #if 0\nint dead = 1;\n#endif\n\
     float4 f(float2 uv, int count) {\n    float k = 0.5f * SQR(uv.x) + N;\n\
     \x20   for (int i = 0; i < count; ++i) { k += i * 1.5e-3f + 0x1Fu; }\n\
     \x20   return mul(m, float4(uv, k, __HLSL_VERSION));\n}\n\
     [numthreads(8, 8, 1)] void main(uint3 id : SV_DispatchThreadID) { float z = f(id.xy, 3).x; }\n",
    // Includes, with code before, between and after them, and a header's macro used.
    "float before = 1.5;\n#include \"common.hlsli\"\nint middle = 42;\n#include \"types.hlsli\"\n\
     float shade(Light l, float3 n) { return scaled(dot(l.dir, n)) * l.power + SCALE * 0.25; }\n\
     [numthreads(4, 1, 1)] void cs(uint i : SV_GroupIndex) { float v = shade((Light)0, float3(0, 1, 0)) + i; }\n",
];

/// Byte offsets inside numbers, identifiers, whitespace and comments of `text`, where the
/// interesting edits go.
fn token_offsets(text: &str) -> Vec<usize> {
    let parsed = parse(text);
    let mut out = Vec::new();
    for token in parsed
        .syntax()
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
    {
        if matches!(
            token.kind(),
            SyntaxKind::INT_NUMBER
                | SyntaxKind::FLOAT_NUMBER
                | SyntaxKind::IDENT
                | SyntaxKind::WHITESPACE
                | SyntaxKind::COMMENT
        ) {
            let r = token.text_range();
            out.extend(usize::from(r.start())..=usize::from(r.end()));
        }
    }
    out
}

fn expanded_dump(p: &ParsedFile) -> String {
    debug_tree(&SyntaxNode::new_root(p.expanded().green.clone()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn incremental_reparse_equals_a_fresh_parse(
        which in 0..SHADERS.len(),
        targeted in prop::bool::weighted(0.8),
        at in any::<Index>(),
        deleted in 0usize..3,
        inserted in "[0-9a-fA-FxXuUlLhHeE_.+ ]{0,2}|[a-z_]{1,3}|[#{}();/*\\t\\n]",
        trees_built in any::<bool>(),
    ) {
        let text = SHADERS[which];
        let at = if targeted {
            let offsets = token_offsets(text);
            offsets[at.index(offsets.len())]
        } else {
            at.index(text.len() + 1)
        };
        let mut end = (at + deleted).min(text.len());
        while !text.is_char_boundary(end) {
            end += 1;
        }
        prop_assume!(text.is_char_boundary(at));
        let mut edited = text.to_owned();
        edited.replace_range(at..end, &inserted);

        let old = parse(text);
        if trees_built {
            old.syntax();
            old.expanded();
        }
        let fresh = parse(&edited);
        if let Some(incremental) = reparse_token(&old, &edited) {
            prop_assert!(incremental == fresh, "the file differs");
            prop_assert_eq!(&incremental.diagnostics, &fresh.diagnostics);
            prop_assert_eq!(debug_tree(&incremental.syntax()), debug_tree(&fresh.syntax()));
            prop_assert_eq!(expanded_dump(&incremental), expanded_dump(&fresh));
            prop_assert_eq!(
                &incremental.expanded().token_starts,
                &fresh.expanded().token_starts
            );
            prop_assert!(incremental.expanded() == fresh.expanded());
        }
    }
}

/// The property above says nothing if no edit takes the incremental path: on the last two
/// shaders (one with includes), an edit of any digit written in code (not in a directive or a
/// macro use) takes it.
#[test]
fn most_targeted_edits_of_one_digit_are_incremental() {
    for text in &SHADERS[6..] {
        let mut taken = 0;
        let mut total = 0;
        for (at, b) in text.bytes().enumerate() {
            if !b.is_ascii_digit() {
                continue;
            }
            total += 1;
            let mut edited = text.to_string();
            edited.replace_range(at..at + 1, if b == b'7' { "8" } else { "7" });
            let old = parse(text);
            old.expanded();
            if let Some(incremental) = reparse_token(&old, &edited) {
                let fresh = parse(&edited);
                assert!(incremental == fresh);
                assert_eq!(expanded_dump(&incremental), expanded_dump(&fresh));
                taken += 1;
            }
        }
        // Digits in directive lines, macro arguments and macro names are not; the rest are.
        assert!(taken * 2 > total, "{taken} of {total} in {text}");
    }
}
