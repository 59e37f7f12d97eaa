//! `-P` writes the preprocessed text line by line as DXC (clang) does: tokens stay on their
//! source lines, `#line N "file"` markers say where the text comes from (at the start, at
//! each change of file, and over long gaps), and compiling the result gives the module the
//! source gives. The fxc form `-P <file>` names the output.

use std::path::Path;
use std::process::{Command, Output};

mod test_dir;

use test_dir::TestDir;

fn hlslc(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hlslc"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("hlslc runs")
}

/// A fresh directory holding `files`, removed when dropped.
fn workspace(name: &str, files: &[(&str, &str)]) -> TestDir {
    let dir = TestDir::new(&format!("pp-{name}"));
    for (file, text) in files {
        dir.write(file, text);
    }
    dir
}

const HEADER: &str = "#define TWICE(x) ((x) * 2.0)\nfloat helper(float v) { return v; }\n";

const MAIN: &str = "// line 1
#include \"inc.hlsli\"
#define N 4
RWStructuredBuffer<float> O;

[numthreads(N, 1, 1)]
void main(uint i : SV_GroupIndex)
{
    O[i] = TWICE(helper(i));
#if 0
skipped
#endif












    O[0] = 1;
}
";

#[test]
fn preprocessed_text_keeps_the_source_lines() {
    let dir = workspace("lines", &[("inc.hlsli", HEADER), ("main.hlsl", MAIN)]);
    let out = hlslc(&dir, &["-P", "main.hlsl"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(dir.join("main.i")).unwrap();
    // The header's function is on its line 2; the main file resumes on line 4 (its first
    // token after the directives); the 12 blank lines and the skipped block (lines 10 to 24)
    // are one marker; the first token of a line keeps its indentation.
    let expected = "#line 2 \"inc.hlsli\"
float helper(float v) { return v; }
#line 4 \"main.hlsl\"
RWStructuredBuffer<float> O;

[numthreads(4, 1, 1)]
void main(uint i : SV_GroupIndex)
{
    O[i] = ((helper(i)) * 2.0);
#line 25 \"main.hlsl\"
    O[0] = 1;
}
";
    assert_eq!(text, expected);

    // The preprocessed file compiles to the module the source compiles to.
    let spirv = |file: &str| {
        let out = hlslc(&dir, &["-T", "cs_6_0", "-E", "main", "-spirv", file]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(spirv("main.i"), spirv("main.hlsl"));
}

#[test]
fn diagnostics_in_the_preprocessed_text_point_at_the_source() {
    let dir = workspace(
        "diag",
        &[(
            "bad.hlsl",
            "\n\n[numthreads(1, 1, 1)]\nvoid main() {\n  int x = y;\n}\n",
        )],
    );
    let out = hlslc(&dir, &["-P", "bad.hlsl"]);
    assert!(out.status.success());
    let out = hlslc(&dir, &["-T", "cs_6_0", "-E", "main", "--check", "bad.i"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    // `y` is on line 5, column 11 of bad.hlsl.
    assert!(err.contains("bad.hlsl:5:11"), "{err}");
}

#[test]
fn the_fxc_form_names_the_output_file() {
    let dir = workspace("fxc", &[("a.hlsl", "float f() { return 1; }\n")]);
    for (args, written) in [
        (vec!["-P", "first.i", "a.hlsl"], "first.i"),
        (vec!["a.hlsl", "-P", "second.i"], "second.i"),
        (vec!["-P", "a.hlsl", "-Fi", "third.i"], "third.i"),
        (vec!["-P", "a.hlsl"], "a.i"),
    ] {
        let out = hlslc(&dir, &args);
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = std::fs::read_to_string(dir.join(written)).unwrap();
        assert_eq!(
            text, "#line 1 \"a.hlsl\"\nfloat f() { return 1; }\n",
            "{args:?}"
        );
    }
    // Two names for one output is a usage error.
    let out = hlslc(&dir, &["-P", "x.i", "-Fi", "y.i", "a.hlsl"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn pack_matrix_pragmas_stay_where_they_applied() {
    let src = "cbuffer C { float4x4 a;
#pragma pack_matrix(row_major)
  float4x4 b; };
float4 main() : SV_Target { return a[0] + b[0]; }
";
    let dir = workspace("pragma", &[("pm.hlsl", src)]);
    let out = hlslc(&dir, &["-P", "pm.hlsl"]);
    assert!(out.status.success());
    let text = std::fs::read_to_string(dir.join("pm.i")).unwrap();
    assert_eq!(
        text,
        "#line 1 \"pm.hlsl\"
cbuffer C { float4x4 a;
#pragma pack_matrix(row_major)
#line 3 \"pm.hlsl\"
  float4x4 b; };
float4 main() : SV_Target { return a[0] + b[0]; }
"
    );
    let spirv = |file: &str| {
        let out = hlslc(&dir, &["-T", "ps_6_0", "-E", "main", "-spirv", file]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let from_source = spirv("pm.hlsl");
    // `b` is row_major in HLSL, so column-major (`ColMajor`) in SPIR-V, as DXC swaps them.
    assert!(from_source.contains("ColMajor"), "{from_source}");
    assert_eq!(spirv("pm.i"), from_source);
}
