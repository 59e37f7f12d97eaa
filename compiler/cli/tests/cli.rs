//! End-to-end tests of the `hlslc` binary: exit codes, diagnostics on stderr, outputs.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

mod test_dir;

use test_dir::TestDir;

fn hlslc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hlslc"))
        .args(args)
        .current_dir(repo_root())
        .output()
        .expect("hlslc runs")
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Undoes Rust's `{:?}` escaping of a string literal body.
fn unescape_debug(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('0') => out.push('\0'),
            Some('u') => {
                let hex: String = chars.by_ref().skip(1).take_while(|&c| c != '}').collect();
                out.push(char::from_u32(u32::from_str_radix(&hex, 16).unwrap()).unwrap());
            }
            Some(other) => out.push(other),
            None => {}
        }
    }
    out
}

/// The file text rebuilt from the token lines of `--emit syntax` output.
fn text_from_syntax_dump(dump: &str) -> String {
    let mut text = String::new();
    for line in dump.lines() {
        if let Some(quote) = line.find('"') {
            let body = &line[quote + 1..line.len() - 1];
            text.push_str(&unescape_debug(body));
        }
    }
    text
}

#[test]
fn examples_check_clean() {
    let cases: &[&[&str]] = &[
        &[
            "-T",
            "cs_6_0",
            "-E",
            "main",
            "--check",
            "examples/blur_cs.hlsl",
        ],
        &[
            "-T",
            "vs_6_0",
            "-E",
            "VSMain",
            "--check",
            "examples/textured_vs_ps.hlsl",
        ],
        &[
            "-T",
            "ps_6_0",
            "-E",
            "PSMain",
            "--check",
            "examples/textured_vs_ps.hlsl",
        ],
        &[
            "-Tps_6_0",
            "-E",
            "main",
            "-I",
            "examples/include",
            "-DTONEMAP_OPERATOR=2",
            "--check",
            "examples/tonemap_ps.hlsl",
        ],
        &[
            "-T",
            "ps_6_0",
            "-E",
            "main",
            "-Iexamples/include",
            "--check",
            "examples/tonemap_ps.hlsl",
        ],
    ];
    for args in cases {
        let out = hlslc(args);
        assert!(
            out.status.success(),
            "hlslc {args:?} failed:\n{}",
            stderr(&out)
        );
        assert_eq!(stderr(&out), "", "hlslc {args:?} printed diagnostics");
    }
}

#[test]
fn syntax_dump_is_lossless() {
    for file in [
        "examples/blur_cs.hlsl",
        "examples/textured_vs_ps.hlsl",
        "examples/tonemap_ps.hlsl",
    ] {
        let out = hlslc(&["-I", "examples/include", "--emit", "syntax", file]);
        let original = std::fs::read_to_string(repo_root().join(file)).unwrap();
        let dump = stdout(&out);
        assert!(dump.starts_with("SOURCE_FILE@0.."), "{dump}");
        assert_eq!(
            text_from_syntax_dump(&dump),
            original,
            "tokens of {file} do not give the file back"
        );
    }
}

/// Runs every installed `spirv-val` on the module in `path` (none installed is a failure).
fn assert_valid_spirv(path: &str, env: &str, what: &str) {
    let bytes = std::fs::read(path).unwrap();
    let words: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let failures =
        spirv_backend::validate::validate(&words, &["--target-env".to_owned(), env.to_owned()]);
    assert!(failures.is_empty(), "{what}: {}", failures.join("\n"));
}

#[test]
fn main_readme_command_writes_valid_spirv() {
    let tmp = TestDir::new("readme");
    let target = tmp.join("blur_cs.spv");
    let target = target.to_str().unwrap();
    let out = hlslc(&[
        "-T",
        "cs_6_0",
        "-E",
        "main",
        "-spirv",
        "-Fo",
        target,
        "examples/blur_cs.hlsl",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        format!("hlslc: wrote the SPIR-V binary to {target}\n")
    );
    assert_valid_spirv(target, "vulkan1.0", "blur_cs");
}

/// The `hlslc` invocations an example's header comment gives (`// Build: hlslc -T ... file`,
/// continued on following comment lines), as arguments after `hlslc`.
fn build_lines(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .take_while(|l| l.starts_with("//"))
        .filter_map(|l| l.split_once("hlslc "))
        .map(|(_, args)| args.split_whitespace().map(str::to_owned).collect())
        .collect()
}

#[test]
fn every_example_compiles_to_valid_spirv_for_each_target_env() {
    let dir = repo_root().join("examples");
    let mut examples: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "hlsl"))
        .collect();
    examples.sort();
    let mut entry_points = 0;
    let tmp = TestDir::new("examples");
    for example in &examples {
        let builds = build_lines(&std::fs::read_to_string(example).unwrap());
        assert!(
            !builds.is_empty(),
            "{} has no `// Build: hlslc ...` line",
            example.display()
        );
        for args in builds {
            entry_points += 1;
            for env in ["vulkan1.0", "vulkan1.1", "vulkan1.2", "vulkan1.3"] {
                let target = tmp.join(format!("{entry_points}-{env}.spv"));
                let target = target.to_str().unwrap().to_owned();
                let out = Command::new(env!("CARGO_BIN_EXE_hlslc"))
                    .args(&args)
                    .args([
                        format!("-fspv-target-env={env}").as_str(),
                        "-spirv",
                        "-Fo",
                        &target,
                    ])
                    .current_dir(&dir)
                    .output()
                    .unwrap();
                assert!(
                    out.status.success(),
                    "hlslc {args:?} {env}: {}",
                    stderr(&out)
                );
                assert_eq!(
                    stdout(&out),
                    format!("hlslc: wrote the SPIR-V binary to {target}\n")
                );
                assert_valid_spirv(&target, env, &format!("{args:?} {env}"));
                let _ = std::fs::remove_file(&target);
            }
        }
    }
    // blur_cs, textured_vs_ps (two entry points) and tonemap_ps at least.
    assert!(entry_points >= 4, "{entry_points} entry points");
}

#[test]
fn spirv_disassembly_goes_to_stdout_without_fo() {
    let out = hlslc(&[
        "-T",
        "cs_6_0",
        "-E",
        "main",
        "-spirv",
        "examples/blur_cs.hlsl",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("OpEntryPoint GLCompute %main \"main\""),
        "{text}"
    );
    assert!(
        text.contains("OpExecutionMode %main LocalSize 64 1 1"),
        "{text}"
    );

    let out = hlslc(&[
        "-T",
        "cs_6_0",
        "-fspv-target-env=vulkan9",
        "-spirv",
        "examples/blur_cs.hlsl",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("unknown -fspv-target-env `vulkan9`"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn syntax_error_is_reported_rustc_style() {
    let tmp = TestDir::new("cli-tests");
    let path = tmp.write(
        "broken.hlsl",
        "float4 main() : SV_Target\n{\n    return float4(1, 2, 3, 4)\n}\n",
    );
    let out = hlslc(&["--check", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("error[E1200]"), "{err}");
    assert!(err.contains("broken.hlsl:3:29"), "{err}");
    assert!(err.contains("expected `;`"), "{err}");
}

#[test]
fn preprocessor_error_points_at_the_include() {
    let tmp = TestDir::new("cli-tests");
    let path = tmp.write(
        "missing_include.hlsl",
        "#include \"nowhere.hlsli\"\nfloat x;\n",
    );
    let out = hlslc(&["--check", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("missing_include.hlsl:1:10"), "{err}");
    assert!(err.contains("nowhere.hlsli"), "{err}");
}

#[test]
fn semantic_errors_are_reported_after_a_syntax_error() {
    let tmp = TestDir::new("cli-tests");
    let path = tmp.write(
        "typing.hlsl",
        "void typing() {\n    float y = posit\n}\nfloat4 main() : SV_Target { float3 v = 1; return v.xy; }\n",
    );
    let out = hlslc(&["--check", "--error-format", "json", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let found: Vec<(String, u64)> = stderr(&out)
        .lines()
        .map(|l| {
            let d: serde_json::Value = serde_json::from_str(l).unwrap();
            let code = d["code"].as_str().unwrap().to_owned();
            (code, d["start"]["line"].as_u64().unwrap())
        })
        .collect();
    // The missing `;` of line 2, not `posit` (half typed), and the `return` of line 4
    // (a float2 returned as a float4: DXC's "cannot convert").
    let expected = [("E1200".to_owned(), 2), ("E2003".to_owned(), 4)];
    assert_eq!(found, expected);

    // A missing include loses text: what it declared would be reported as undeclared.
    let path = tmp.write(
        "lost_include.hlsl",
        "#include \"nowhere.hlsli\"\nfloat x = FROM_HEADER;\n",
    );
    let out = hlslc(&["--check", path.to_str().unwrap()]);
    let err = stderr(&out);
    assert!(err.contains("error[E1002]"), "{err}");
    assert!(!err.contains("E2001"), "{err}");
}

#[test]
fn json_diagnostics() {
    let tmp = TestDir::new("cli-tests");
    let path = tmp.write("json.hlsl", "float x = ;\n");
    let out = hlslc(&["--check", "--error-format", "json", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    let first: serde_json::Value = serde_json::from_str(err.lines().next().unwrap()).unwrap();
    assert_eq!(first["severity"], "error");
    assert_eq!(first["code"], "E1200");
    assert_eq!(first["start"]["line"], 1);
    assert_eq!(first["start"]["column"], 11);
    assert!(first["file"].as_str().unwrap().ends_with("json.hlsl"));
}

#[test]
fn bad_usage_exits_2() {
    let out = hlslc(&["-Fre", "out.txt", "examples/blur_cs.hlsl"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("`-Fre` is a DXC option hlslc does not support yet"),
        "{}",
        stderr(&out)
    );

    // Debug-information flags change no code: a warning, and the compile goes on.
    let out = hlslc(&[
        "-T",
        "cs_6_0",
        "-Zi",
        "-Qembed_debug",
        "--check",
        "examples/blur_cs.hlsl",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("hlslc: warning: `-Zi` is ignored")
            && stderr(&out).contains("`-Qembed_debug` is ignored"),
        "{}",
        stderr(&out)
    );

    let out = hlslc(&["--check"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no input file"), "{}", stderr(&out));

    let out = hlslc(&["--check", "does/not/exist.hlsl"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("cannot read `does/not/exist.hlsl`"),
        "{}",
        stderr(&out)
    );

    let out = hlslc(&["-T", "xs_6_0", "--check", "examples/blur_cs.hlsl"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("unknown profile `xs_6_0`"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn unsupported_output_is_refused_clearly() {
    let out = hlslc(&["--emit", "msl", "examples/blur_cs.hlsl"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("not supported yet: --emit msl"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn defines_and_include_dirs_reach_the_preprocessor() {
    let tmp = TestDir::new("cli-tests");
    let dir = tmp.write("inc/defs.hlsli", "#define FROM_HEADER 1\n");
    let inc = dir.parent().unwrap().to_str().unwrap().to_owned();
    let main = tmp.write(
        "uses_include.hlsl",
        "#include <defs.hlsli>\n#if FROM_HEADER && FROM_CLI == 7\nfloat ok;\n#else\n#error wrong\n#endif\n",
    );
    let out = hlslc(&[
        "-I",
        &inc,
        "-D",
        "FROM_CLI=7",
        "--check",
        main.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = hlslc(&["-I", &inc, "--check", main.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("wrong"), "{}", stderr(&out));
}

#[test]
fn emit_ir_of_a_compute_shader() {
    let out = hlslc(&[
        "-T",
        "cs_6_0",
        "-E",
        "main",
        "--emit",
        "ir",
        "examples/blur_cs.hlsl",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains(
            "entry compute \"main\" @main numthreads(64, 1, 1) inputs(@g0, @g1) outputs()"
        ),
        "{text}"
    );
    assert!(
        text.contains("func @main_body(%arg0: uint3, %arg1: uint) -> void {"),
        "{text}"
    );
    assert!(
        text.contains("barrier workgroup_memory|group_sync"),
        "{text}"
    );
    assert!(
        text.contains("func @LoadClamped(%arg0: int2) -> float4 {"),
        "{text}"
    );
}

#[test]
fn emit_ir_needs_a_profile() {
    let out = hlslc(&["--emit", "ir", "examples/blur_cs.hlsl"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--emit ir needs a target profile (-T)"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn emit_ir_reports_what_does_not_lower_yet() {
    // A geometry shader: valid HLSL in a stage that does not lower yet.
    let out = hlslc(&[
        "-T",
        "lib_6_6",
        "-E",
        "GSMain",
        "--emit",
        "ir",
        "tests/shaders/gs_wireframe_overlay.hlsl",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("E3001"), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("not supported yet: this shader stage"),
        "{}",
        stderr(&out)
    );
}

const DOUBLING_KERNEL: &str = "RWStructuredBuffer<uint> Data : register(u0);
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    Data[id.x] = Data[id.x] * 2 + id.x;
}
";

const DOUBLING_PIPELINE: &str = "Shaders:
  - Stage: Compute
    Entry: main
DispatchParameters:
  DispatchGroupCount: [2, 1, 1]
Buffers:
  - Name: Data
    Format: UInt32
    Data: [1, 2, 3, 4, 5, 6, 7, 4294967295]
DescriptorSets:
  - Resources:
    - Name: Data
      Kind: RWStructuredBuffer
      DirectXBinding:
        Register: 0
        Space: 0
      VulkanBinding:
        Binding: 0
";

#[test]
fn run_executes_a_compute_shader_and_prints_buffers() {
    let tmp = TestDir::new("cli-tests");
    let shader = tmp.write("run/double.hlsl", DOUBLING_KERNEL);
    let pipeline = tmp.write("run/double.yaml", DOUBLING_PIPELINE);
    let out = hlslc(&[
        "run",
        "--pipeline",
        pipeline.to_str().unwrap(),
        "-T",
        "cs_6_0",
        shader.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    // Data[i] * 2 + i, by hand; the last element wraps: 0xFFFFFFFF * 2 + 7 = 5 (mod 2^32).
    assert_eq!(
        stdout(&out),
        "{\"buffers\": {\"Data\": [2, 5, 8, 11, 14, 17, 20, 5]}}\n"
    );
}

#[test]
fn run_refuses_what_it_cannot_do() {
    let tmp = TestDir::new("cli-tests");
    let shader = tmp.write("run2/double.hlsl", DOUBLING_KERNEL);
    let pipeline = tmp.write("run2/double.yaml", DOUBLING_PIPELINE);
    let (shader, pipeline) = (shader.to_str().unwrap(), pipeline.to_str().unwrap());

    let out = hlslc(&["run", shader]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("go together"), "{}", stderr(&out));

    let out = hlslc(&["run", "--pipeline", pipeline, "-T", "ps_6_0", shader]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("runs compute shaders"),
        "{}",
        stderr(&out)
    );

    let broken = tmp.write("run2/broken.yaml", "Shaders: [");
    let out = hlslc(&["run", "--pipeline", broken.to_str().unwrap(), shader]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("broken.yaml"), "{}", stderr(&out));

    let missing = tmp.write(
        "run2/missing.yaml",
        &DOUBLING_PIPELINE.replace("Name: Data\n      Kind", "Name: Nothing\n      Kind"),
    );
    let out = hlslc(&["run", "--pipeline", missing.to_str().unwrap(), shader]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(stderr(&out).contains("hlslc: error:"), "{}", stderr(&out));
}

#[test]
fn ir_locations_and_spec_overrides() {
    let tmp = TestDir::new("cli-tests");
    let text = "[[vk::constant_id(3)]] const uint Count = 4;\nRWStructuredBuffer<uint> O : register(u0);\n[numthreads(1, 1, 1)]\nvoid main() { O[0] = Count; }\n";
    let file = tmp.write("spec_cs.hlsl", text);
    let path = file.to_str().unwrap();
    let out = hlslc(&["-T", "cs_6_0", "--emit", "ir", "--ir-locations", path]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let dump = stdout(&out);
    assert!(dump.contains("spec 3 Count = 4:uint"), "{dump}");
    // `O[0] = Count` is line 4, columns 15 to 27 (the end is one past the last character).
    assert_eq!(
        text.lines().nth(3).unwrap()[14..26].to_owned(),
        "O[0] = Count"
    );
    let expected = format!("store %0, spec(3 Count) ; loc({path}:4:15..4:27)");
    assert!(dump.contains(&expected), "{dump}");
    let out = hlslc(&["-T", "cs_6_0", "--emit", "ir", "--spec", "3=9", path]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let dump = stdout(&out);
    assert!(!dump.contains("spec 3"), "{dump}");
    assert!(dump.contains("store %0, 9:uint"), "{dump}");
    let out = hlslc(&["-T", "cs_6_0", "--emit", "ir", "--spec", "4=1", path]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("no spec constant has the id 4"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn assembly_and_header_listings() {
    let tmp = TestDir::new("cli-tests");
    // `-Fc` and `-Fh` beside `-Fo`: the disassembly, and a C array of the same bytes as the
    // binary (named by `-Vn`).
    let dir = tmp.write("listings/.keep", "").parent().unwrap().to_owned();
    let spv = dir.join("blur.spv");
    let asm = dir.join("blur.spvasm");
    let header = dir.join("blur.h");
    let out = hlslc(&[
        "-T",
        "cs_6_0",
        "-E",
        "main",
        "-spirv",
        "-Fo",
        spv.to_str().unwrap(),
        "-Fc",
        asm.to_str().unwrap(),
        "-Fh",
        header.to_str().unwrap(),
        "-Vn",
        "g_blur",
        "examples/blur_cs.hlsl",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let binary = std::fs::read(&spv).unwrap();
    assert_eq!(
        &binary[..4],
        &[0x03, 0x02, 0x23, 0x07],
        "SPIR-V magic, little-endian"
    );
    let text = std::fs::read_to_string(&asm).unwrap();
    assert!(text.contains("OpEntryPoint GLCompute"), "{text}");
    let h = std::fs::read_to_string(&header).unwrap();
    assert!(h.contains("const unsigned char g_blur[] = {"), "{h}");
    let bytes: Vec<u8> = h
        .split(|c: char| c == ',' || c == '{' || c == '}' || c.is_whitespace())
        .filter_map(|t| t.strip_prefix("0x"))
        .map(|t| u8::from_str_radix(t, 16).unwrap())
        .collect();
    assert_eq!(bytes, binary);

    // `-Fc` alone writes only the listing.
    std::fs::remove_file(&asm).unwrap();
    let out = hlslc(&[
        "-T",
        "cs_6_0",
        "-spirv",
        "-Fc",
        asm.to_str().unwrap(),
        "examples/blur_cs.hlsl",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).is_empty(), "{}", stdout(&out));
    assert!(std::fs::read_to_string(&asm)
        .unwrap()
        .contains("OpEntryPoint"));
}

#[test]
fn warning_flags() {
    let tmp = TestDir::new("cli-tests");
    // W2001 (implicit truncation) is a warning: exit 0; `-WX` makes it fail; `-no-warnings`
    // hides it; `-Wno-...` groups are accepted.
    let path = tmp.write(
        "warn.hlsl",
        "RWStructuredBuffer<float3> O;\n[numthreads(1,1,1)] void main() { float3 v = float4(1,2,3,4); O[0] = v; }\n",
    );
    let p = path.to_str().unwrap();
    let out = hlslc(&["-T", "cs_6_0", "--check", p]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stderr(&out).contains("W2001"), "{}", stderr(&out));
    let out = hlslc(&["-T", "cs_6_0", "-WX", "--check", p]);
    assert_eq!(out.status.code(), Some(1));
    let out = hlslc(&[
        "-T",
        "cs_6_0",
        "-no-warnings",
        "-Wno-conversion",
        "--check",
        p,
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert!(!stderr(&out).contains("W2001"), "{}", stderr(&out));
}

#[test]
fn ir_locations_name_included_files_by_the_path_used() {
    let tmp = TestDir::new("cli-tests");
    let header = tmp.write(
        "locs/inc/twice.hlsli",
        "uint twice(uint x)\n{\n    return x * 2;\n}\n",
    );
    let main = "#include \"inc/twice.hlsli\"\nRWStructuredBuffer<uint> O;\n[numthreads(1, 1, 1)]\nvoid main() { O[0] = twice(3); }\n";
    let file = tmp.write("locs/main.hlsl", main);
    let dir = file.parent().unwrap();
    // Run from the shader's directory with a relative path, as a user would type it.
    let out = Command::new(env!("CARGO_BIN_EXE_hlslc"))
        .args([
            "-T",
            "cs_6_0",
            "--emit",
            "ir",
            "--ir-locations",
            "main.hlsl",
        ])
        .current_dir(dir)
        .output()
        .expect("hlslc runs");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let dump = stdout(&out);
    // `x * 2` is line 3, columns 12..17 of the header; the call is line 4, columns 22..30.
    assert!(header.exists());
    assert!(dump.contains("loc(inc/twice.hlsli:3:12..3:17)"), "{dump}");
    assert!(dump.contains("loc(main.hlsl:4:22..4:30)"), "{dump}");
}

/// DXC's preprocessor outputs: `-M` prints the make rule of the included files and stops,
/// `-MF` writes it and compiles on, `-P -Fi` writes the preprocessed text, `-Fe` takes the
/// diagnostics off the terminal.
#[test]
fn dependency_preprocess_and_error_files() {
    let tmp = TestDir::new("cli-tests");
    let header = tmp.write("deps/inc/shared lib.hlsli", "#define K 2.0\n");
    let main = tmp.write(
        "deps/main.hlsl",
        "#include \"inc/shared lib.hlsli\"\n#include \"inc/shared lib.hlsli\"\n\
         float4 main() : SV_Target { return K; }\n",
    );
    let dir = main.parent().unwrap();
    let (m, h) = (main.to_str().unwrap(), header.to_str().unwrap());
    let escaped = |p: &str| p.replace(' ', "\\ ");

    let out = hlslc(&["-T", "ps_6_0", "-M", "-Fo", "x.spv", m]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), format!("x.spv: {m} {}\n", escaped(h)));
    assert!(!repo_root().join("x.spv").exists(), "-M compiles nothing");

    let d = dir.join("out.d");
    let spv = dir.join("out.spv");
    let out = hlslc(&[
        "-spirv",
        "-T",
        "ps_6_0",
        "-MF",
        d.to_str().unwrap(),
        "-Fo",
        spv.to_str().unwrap(),
        m,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(spv.exists());
    let rule = std::fs::read_to_string(&d).unwrap();
    assert_eq!(
        rule,
        format!("{}: {m} {}\n", escaped(spv.to_str().unwrap()), escaped(h))
    );

    let i = dir.join("pre.txt");
    let out = hlslc(&["-T", "ps_6_0", "-P", "-Fi", i.to_str().unwrap(), m]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&i).unwrap();
    assert!(text.contains("return 2.0;"), "{text}");
    assert!(!text.contains("#include"), "{text}");

    let bad = tmp.write("deps/bad.hlsl", "float4 main() : SV_Target { return x; }\n");
    let errors = dir.join("errors.txt");
    let out = hlslc(&[
        "-spirv",
        "-T",
        "ps_6_0",
        "-Fe",
        errors.to_str().unwrap(),
        bad.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(!stderr(&out).contains("E2001"), "{}", stderr(&out));
    let logged = std::fs::read_to_string(&errors).unwrap();
    assert!(
        logged.contains("error[E2001]: use of undeclared identifier `x`"),
        "{logged}"
    );
}

/// Flags that only concern DXIL are accepted with a warning that says so.
#[test]
fn dxil_only_flags_are_ignored_with_a_warning() {
    let tmp = TestDir::new("cli-tests");
    let main = tmp.write(
        "dxil/main.hlsl",
        "float4 main() : SV_Target { return 1; }\n",
    );
    let out = hlslc(&[
        "-spirv",
        "-T",
        "ps_6_0",
        "-all-resources-bound",
        "-Zsb",
        "-Qunused-arguments",
        main.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("`-all-resources-bound` is ignored: it only concerns DXIL"),
        "{err}"
    );
    assert!(err.contains("`-Zsb` is ignored"), "{err}");
    assert!(!err.contains("Qunused"), "{err}");
}

/// `-pack-optimized` is no DXIL-only flag: DXC's SPIR-V packs stage variables into the
/// components of shared locations under it, and so does hlslc, without a warning.
#[test]
fn pack_optimized_packs_stage_variables() {
    let tmp = TestDir::new("cli-tests");
    let main = tmp.write(
        "pack/main.hlsl",
        "float4 main(float a : A, float2 b : B) : SV_Target { return float4(b, a, 1); }\n",
    );
    let out = hlslc(&[
        "-spirv",
        "-T",
        "ps_6_0",
        "-pack-optimized",
        main.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(!err.contains("pack-optimized"), "{err}");
    let asm = String::from_utf8_lossy(&out.stdout);
    assert!(asm.contains("OpDecorate %in_B Location 0"), "{asm}");
    assert!(asm.contains("OpDecorate %in_B Component 1"), "{asm}");
}

/// `-enable-unions` (DXC's unions before HLSL 202x) is accepted with a warning, and a union
/// is still refused.
#[test]
fn enable_unions_is_accepted_with_a_warning() {
    let tmp = TestDir::new("cli-tests");
    let main = tmp.write(
        "unions/main.hlsl",
        "union U { float f; uint u; };\n[numthreads(1, 1, 1)] void main() {}\n",
    );
    let out = hlslc(&[
        "-T",
        "cs_6_0",
        "-E",
        "main",
        "-enable-unions",
        "--check",
        main.to_str().unwrap(),
    ]);
    let err = stderr(&out);
    assert!(
        err.contains("`-enable-unions` is ignored: unions are not supported yet"),
        "{err}"
    );
    assert!(err.contains("E2180"), "{err}");
    assert_eq!(out.status.code(), Some(1), "{err}");
}

/// Flags engines' build scripts pass to DXC: `-nologo`, `-H` (the include tree on stderr),
/// `-rootsig-define NAME` (its value read and ignored), `-fvk-use-dx-position-w` (as
/// `-fvk-invert-w`: the pixel shader divides by `FragCoord.w`).
#[test]
fn build_script_flags() {
    let tmp = TestDir::new("cli-tests");
    tmp.write("scripts/inc/a.hlsli", "#include \"b.hlsli\"\n");
    tmp.write("scripts/inc/b.hlsli", "#define B 1\n");
    let main = tmp.write(
        "scripts/main.hlsl",
        "#include \"inc/a.hlsli\"\nfloat4 main(float4 p : SV_Position) : SV_Target { return p.w * B; }\n",
    );
    let out = hlslc(&[
        "-nologo",
        "-H",
        "-rootsig-define",
        "RS",
        "-fvk-use-dx-position-w",
        "-spirv",
        "-T",
        "ps_6_0",
        main.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    let dir = main.parent().unwrap().join("inc");
    let a = format!(". {}\n", dir.join("a.hlsli").display());
    let b = format!(".. {}\n", dir.join("b.hlsli").display());
    assert!(err.contains(&a) && err.contains(&b), "{err}");
    assert!(err.contains("`-rootsig-define` is ignored"), "{err}");
    // `1 / FragCoord.w`.
    assert!(stdout(&out).contains("OpFDiv"), "{}", stdout(&out));
}

/// `-fdiagnostics-format=msvc` and `vi`: one line per diagnostic and per related note.
#[test]
fn one_line_diagnostic_formats() {
    let tmp = TestDir::new("cli-tests");
    let bad = tmp.write(
        "formats/bad.hlsl",
        "float f(int a) { return a; }\nfloat f(int b) { return b; }\nfloat4 main() : SV_Target { return x; }\n",
    );
    let path = bad.to_str().unwrap();
    let out = hlslc(&["-spirv", "-T", "ps_6_0", "-fdiagnostics-format=msvc", path]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains(&format!("{path}(2,7): error E2002: redefinition of `f`\n")),
        "{err}"
    );
    assert!(err.contains(&format!("{path}(1,7): note: ")), "{err}");
    assert!(
        err.contains(&format!("{path}(3,36): error E2001: ")),
        "{err}"
    );
    assert!(!err.contains('┌'), "{err}");
    let out = hlslc(&["-spirv", "-T", "ps_6_0", "-fdiagnostics-format=vi", path]);
    assert!(
        stderr(&out).contains(&format!("{path} +3:36: error E2001: ")),
        "{}",
        stderr(&out)
    );
    let out = hlslc(&["-T", "ps_6_0", "-fdiagnostics-format=sarif", path]);
    assert_eq!(out.status.code(), Some(2));
}
