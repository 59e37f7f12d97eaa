//! `hlslc run` on constructs LLVM's offload-test-suite exercises that were read or computed
//! wrong: pipeline YAML spellings (`ZeroInitSize`, C99 hexadecimal floats in `Data`) and the
//! miscompiles the suite found. Shaders and pipelines are our own; each expected value is
//! computed by hand in the comment next to it.

use std::path::PathBuf;
use std::process::Command;

use serde_json::{json, Value};

/// What one `hlslc run` printed.
struct Ran {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

impl Ran {
    /// The `buffers` object of the JSON output; panics (showing stderr) if the run failed.
    fn buffers(&self) -> Value {
        assert_eq!(self.code, Some(0), "hlslc run failed:\n{}", self.stderr);
        let json: Value = serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.stdout));
        json["buffers"].clone()
    }
}

fn write(dir: &str, name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir()
        .join(format!("hlslc-ots-probe-{}", std::process::id()))
        .join(dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Runs `hlslc run --pipeline` on `shader` (entry `main`, `cs_6_5`) with extra flags.
fn run(test: &str, shader: &str, pipeline: &str, flags: &[&str]) -> Ran {
    let source = write(test, "shader.hlsl", shader);
    let yaml = write(test, "pipeline.yaml", pipeline);
    let out = Command::new(env!("CARGO_BIN_EXE_hlslc"))
        .arg("run")
        .arg("--pipeline")
        .arg(&yaml)
        .args(["-T", "cs_6_5"])
        .args(flags)
        .arg(&source)
        .output()
        .unwrap();
    Ran {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// One compute shader `main`, one group.
const HEADER: &str = "Shaders:\n  - Stage: Compute\n    Entry: main\n";

/// A `DescriptorSets` section binding `(name, kind, register)` in space 0.
fn resources(list: &[(&str, &str, u32)]) -> String {
    let mut s = String::from("DescriptorSets:\n  - Resources:\n");
    for (name, kind, register) in list {
        s += &format!(
            "    - Name: {name}\n      Kind: {kind}\n      DirectXBinding: {{ Register: {register}, Space: 0 }}\n"
        );
    }
    s
}

#[test]
fn zero_init_size_gives_a_zeroed_buffer_of_that_many_bytes() {
    // Older suite tests size their output buffers with `ZeroInitSize` (bytes, zeroed).
    let shader = "RWStructuredBuffer<uint> Out : register(u0);
[numthreads(2, 1, 1)]
void main(uint gi : SV_GroupIndex) { Out[gi + 1] = gi + 7; }
";
    let pipeline = HEADER.to_owned()
        + "Buffers:\n  - { Name: Out, Format: UInt32, ZeroInitSize: 16 }\n"
        + &resources(&[("Out", "RWStructuredBuffer", 0)]);
    let b = run("zero-init", shader, &pipeline, &[]).buffers();
    // Four zeroed words; threads 0 and 1 write 7 and 8 at 1 and 2.
    assert_eq!(b["Out"], json!([0, 7, 8, 0]));
}

#[test]
fn hexadecimal_floats_in_data() {
    let shader = "StructuredBuffer<float> In : register(t0);
StructuredBuffer<double> InD : register(t1);
RWStructuredBuffer<uint> Out : register(u0);
RWStructuredBuffer<uint2> OutD : register(u1);
[numthreads(4, 1, 1)]
void main(uint gi : SV_GroupIndex) {
  Out[gi] = asuint(In[gi]);
  uint lo, hi;
  asuint(InD[gi], lo, hi);
  OutD[gi] = uint2(lo, hi);
}
";
    let pipeline = HEADER.to_owned()
        + "Buffers:\n"
        + "  - { Name: In, Format: Float32, Data: [ 0x1.8p+1, -0x1p-2, 0x1.e7d42cp-127, 0x10 ] }\n"
        + "  - { Name: InD, Format: Float64, Data: [ 0x1.0000000000001p+0, -0x1.8p+1, 0x1p-1074, 0x.8p1 ] }\n"
        + "  - { Name: Out, Format: Hex32, FillSize: 16 }\n"
        + "  - { Name: OutD, Format: Hex32, FillSize: 32 }\n"
        + &resources(&[
            ("In", "StructuredBuffer", 0),
            ("InD", "StructuredBuffer", 1),
            ("Out", "RWStructuredBuffer", 0),
            ("OutD", "RWStructuredBuffer", 1),
        ]);
    let b = run("hex-floats", shader, &pipeline, &[]).buffers();
    // 0x1.8p+1 = 3.0 = 0x40400000; -0x1p-2 = -0.25 = 0xBE800000;
    // 0x1.e7d42cp-127 = 0x1e7d42c * 2^-151, a binary32 subnormal of 0x1e7d42c / 4 = 0x79F50B
    // units of 2^-149 (exact); a plain 0x10 without a point or exponent is 16.0 = 0x41800000.
    assert_eq!(
        b["Out"],
        json!([
            0x4040_0000u32,
            0xBE80_0000u32,
            0x0079_F50Bu32,
            0x4180_0000u32
        ])
    );
    // 1 + 2^-52 = 0x3FF0000000000001; -3.0 = 0xC008000000000000; 2^-1074 is the smallest
    // subnormal, bits 1; 0x.8p1 = 0.5 * 2 = 1.0 = 0x3FF0000000000000. Printed as (lo, hi).
    assert_eq!(
        b["OutD"],
        json!([
            1,
            0x3FF0_0000u32,
            0,
            0xC008_0000u32,
            1,
            0,
            0,
            0x3FF0_0000u32
        ])
    );
}
