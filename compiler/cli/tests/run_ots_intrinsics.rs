//! `hlslc run` of the intrinsic semantics that the offload test suite's `HLSLLib` tests
//! found wrong or refused: `dot` of scalars, HLSL 202x's float literals widened to `double`,
//! `smoothstep` as DXC expands it (per-step rounding, a NaN ratio saturating to 0), and
//! buffer elements that run past the end of their buffer (the suite's `half4` buffers of
//! seven values). Every expected value is computed by hand in the comments.

use std::process::Command;

mod test_dir;

use serde_json::{json, Value};

/// Runs `shader` (compute entry `main`) under `hlslc run` with the pipeline `yaml`, and
/// returns the buffers it printed.
fn run_pipeline(test: &str, shader: &str, yaml: &str, flags: &[&str]) -> Value {
    let dir = test_dir::TestDir::new(&format!("run-ots-intrinsics-{test}"));
    let source = dir.join("shader.hlsl");
    std::fs::write(&source, shader).unwrap();
    let pipeline = dir.join("pipeline.yaml");
    std::fs::write(&pipeline, yaml).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_hlslc"))
        .arg("run")
        .arg("--pipeline")
        .arg(&pipeline)
        .args(flags)
        .arg(&source)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "hlslc run failed:\n{stderr}");
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    json["buffers"].clone()
}

/// Runs `shader` (compute entry `main`, one group) under `hlslc run` with one
/// `RWStructuredBuffer` `Out : register(u0)` of `n` zeroed elements of `format` (`size` bytes
/// each), and returns what the shader left in it.
fn run_out(test: &str, shader: &str, format: &str, size: u32, n: u32, flags: &[&str]) -> Value {
    let yaml = format!(
        "Shaders:\n  - Stage: Compute\n    Entry: main\n\
Buffers:\n  - {{ Name: Out, Format: {format}, Stride: {size}, FillSize: {} }}\n\
DescriptorSets:\n  - Resources:\n    - Name: Out\n      Kind: RWStructuredBuffer\n      DirectXBinding: {{ Register: 0, Space: 0 }}\n",
        n * size
    );
    run_pipeline(test, shader, &yaml, flags)["Out"].clone()
}

#[test]
fn dot_of_two_scalars_is_their_product() {
    let shader = "RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main()
{
    Out[0] = -3;
    Out[1] = 7;
    float f = 1.5;
    float g = Out[0];
    Out[2] = dot(Out[0], Out[1]);
    Out[3] = (int)(dot(f, g) * 4.0);
    Out[4] = (int)dot((uint)Out[1], 6u);
}
";
    let out = run_out("dot", shader, "Int32", 4, 5, &["-T", "cs_6_0"]);
    // -3 * 7 = -21; 1.5 * -3.0 = -4.5, times 4 = -18; 7 * 6 = 42.
    assert_eq!(out, json!([-3, 7, -21, -18, 42]));
}

/// Writes `double(5.57)` (and `5.57l`) as their 32-bit halves.
const LITERAL: &str = "RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main()
{
    uint lo, hi;
    asuint(double2(5.57, 1.0).x, lo, hi);
    Out[0] = lo;
    Out[1] = hi;
    asuint(5.57l, lo, hi);
    Out[2] = lo;
    Out[3] = hi;
}
";

#[test]
fn float_literal_widened_to_double_under_hlsl_202x() {
    let out = run_out(
        "literal202x",
        LITERAL,
        "UInt32",
        4,
        4,
        &["-T", "cs_6_0", "-HV", "202x"],
    );
    // 202x: 5.57 is the float 0x40B23D71 (sign 0, exponent 129, mantissa 0x323D71); as a
    // double, exponent 1025 = 0x401 and the 23 mantissa bits shifted up by 29:
    // 0x401_647AE2_0000000 -> high word 0x401647AE = 1075201966, low word 0x20000000.
    // `5.57l` stays the nearest double 0x401647AE147AE148: low word 0x147AE148 = 343597384.
    assert_eq!(out, json!([536870912, 1075201966, 343597384, 1075201966]));
}

#[test]
fn float_literal_keeps_double_precision_under_hlsl_2021() {
    let out = run_out("literal2021", LITERAL, "UInt32", 4, 4, &["-T", "cs_6_0"]);
    // Both are the nearest double to 5.57, 0x401647AE147AE148.
    assert_eq!(out, json!([343597384, 1075201966, 343597384, 1075201966]));
}

#[test]
fn smoothstep_saturates_a_nan_ratio_and_rounds_each_step() {
    let shader = "RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main()
{
    float z = Out[0];
    Out[0] = asuint(smoothstep(z, z, z));
    Out[1] = asuint(smoothstep(2.0, 1.0, 5.0));
    Out[2] = asuint(smoothstep(0.0, 4.0, 1.0));
    Out[3] = asuint16(smoothstep((half)0.75, (half)10.5, (half)1.0));
}
";
    let out = run_out(
        "smoothstep",
        shader,
        "UInt32",
        4,
        4,
        &["-T", "cs_6_2", "-enable-16bit-types"],
    );
    // (0 - 0) / (0 - 0) is NaN; saturate makes it 0, and 0 * 0 * 3 = 0.
    // Reversed edges: (5 - 2) / (1 - 2) = -3, saturated to 0.
    // t = 1/4: t*t = 1/16, 3 - 2t = 2.5, 1/16 * 2.5 = 0.15625 = 0x3E200000.
    // In half: 0.25 / 9.75 = 0.025641.. rounds to 1680 * 2^-16 = 0.025634765625; t*t =
    // 0.00065714.. rounds to 1378 * 2^-21; 3 - 2t = 2.94873.. rounds to 1510 * 2^-9; their
    // product 0.0019378781.. rounds to 2032 * 2^-20 = 0x17F0 (one step in f64 gives 0x17F1).
    assert_eq!(out, json!([0, 0, 0x3E20_0000, 0x17F0]));
}

#[test]
fn an_element_past_the_end_of_its_buffer_reads_and_writes_its_bytes_inside() {
    let shader = "StructuredBuffer<uint4> In : register(t0);
RWStructuredBuffer<uint2> Out : register(u1);
[numthreads(1, 1, 1)]
void main()
{
    uint4 v = In[1];
    Out[0] = v.xy;
    Out[1] = v.zw;
    Out[2] = uint2(7, 8);
}
";
    let yaml = r"Shaders:
  - Stage: Compute
    Entry: main
Buffers:
  - { Name: In, Format: UInt32, Stride: 16, Data: [1, 2, 3, 4, 5, 6] }
  - { Name: Out, Format: UInt32, Stride: 8, FillSize: 20 }
DescriptorSets:
  - Resources:
    - { Name: In, Kind: StructuredBuffer, DirectXBinding: { Register: 0, Space: 0 } }
    - { Name: Out, Kind: RWStructuredBuffer, DirectXBinding: { Register: 1, Space: 0 } }
";
    let buffers = run_pipeline("partial", shader, yaml, &["-T", "cs_6_0"]);
    // In holds 24 bytes: In[1] is bytes 16..32, of which 16..24 (5, 6) exist, the rest read
    // as 0. Out holds 20 bytes: Out[2] is bytes 16..24, so 7 lands and 8 is dropped.
    assert_eq!(buffers["Out"], json!([5, 6, 0, 0, 7]));
}

#[test]
fn bit_intrinsics_of_matrices() {
    let shader = "RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main()
{
    uint2x2 u = uint2x2(1, 3, 0x80000000, 0);
    int2x2 s = int2x2(-1, -8, 9, 0);
    uint2x2 c = countbits(u);
    uint2x2 h = firstbithigh(s);
    uint2x2 l = firstbitlow(u);
    uint2x2 r = reversebits(u);
    uint2x2 f = f32tof16(float2x2(1.0, -2.0, 0.5, 0.0));
    uint2x2 m[5] = { c, h, l, r, f };
    for (uint i = 0; i < 5; ++i) {
        Out[4 * i] = m[i][0][0];
        Out[4 * i + 1] = m[i][0][1];
        Out[4 * i + 2] = m[i][1][0];
        Out[4 * i + 3] = m[i][1][1];
    }
}
";
    let out = run_out("bitmatrix", shader, "UInt32", 4, 20, &["-T", "cs_6_0"]);
    let none = 0xFFFF_FFFFu32;
    assert_eq!(
        out,
        json!([
            // countbits: 1, 3 = 0b11, 0x80000000, 0.
            1,
            2,
            1,
            0,
            // firstbithigh of signed values: -1 has no bit differing from the sign; -8 is
            // ...11111000, whose highest 0 is bit 2; 9 = 0b1001 has bit 3; 0 has none.
            none,
            2,
            3,
            none,
            // firstbitlow: bit 0, bit 0, bit 31, none.
            0,
            0,
            31,
            none,
            // reversebits: bit 0 to bit 31, bits 0-1 to bits 30-31, bit 31 to bit 0.
            0x8000_0000u32,
            0xC000_0000u32,
            1,
            0,
            // f32tof16: 1.0 = 0x3C00, -2.0 = 0xC000, 0.5 = 0x3800, 0.
            0x3C00,
            0xC000,
            0x3800,
            0
        ])
    );
}

#[test]
fn asuint_of_a_double_matrix_splits_each_component() {
    let shader = "RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main()
{
    uint2x2 lo, hi;
    asuint(double2x2(1.0l, -2.0l, 0.5l, 5.57l), lo, hi);
    Out[0] = lo[0][0]; Out[1] = lo[0][1]; Out[2] = lo[1][0]; Out[3] = lo[1][1];
    Out[4] = hi[0][0]; Out[5] = hi[0][1]; Out[6] = hi[1][0]; Out[7] = hi[1][1];
}
";
    let out = run_out("asuintmatrix", shader, "UInt32", 4, 8, &["-T", "cs_6_0"]);
    // 1.0 = 0x3FF00000_00000000, -2.0 = 0xC0000000_00000000, 0.5 = 0x3FE00000_00000000,
    // 5.57 = 0x401647AE_147AE148.
    assert_eq!(
        out,
        json!([
            0,
            0,
            0,
            0x147A_E148,
            0x3FF0_0000,
            0xC000_0000u32,
            0x3FE0_0000,
            0x4016_47AE
        ])
    );
}
