//! `hlslc run` of the intrinsics and conversions whose lowering is more than one IR
//! instruction: `countbits` of 16/64-bit integers, `modf` of integers, `transpose` of integer
//! matrices, matrix kind conversions, `sincos` and `frexp` of matrices, `WaveReadLaneAt`
//! with an `int` lane, `lit`, `dst`, `msad4`, `D3DCOLORtoUBYTE4`, and atomics on typed
//! buffers. Every expected value is computed by hand in the comments.

use std::process::Command;

mod test_dir;

use serde_json::{json, Value};

/// Runs `shader` (one compute entry `main`, one group) under `hlslc run` with a single
/// `RWStructuredBuffer` `Out : register(u0)` of `n` zeroed elements of `format`, and returns
/// what the shader left in it.
fn run_out(test: &str, shader: &str, format: &str, n: u32, flags: &[&str]) -> Value {
    run_kind(test, shader, "RWStructuredBuffer", format, n, flags)
}

/// [`run_out`] with `Out` of resource kind `kind` (`RWBuffer`, ...).
fn run_kind(test: &str, shader: &str, kind: &str, format: &str, n: u32, flags: &[&str]) -> Value {
    let dir = test_dir::TestDir::new(&format!("run-intrinsics-{test}"));
    let source = dir.join("shader.hlsl");
    std::fs::write(&source, shader).unwrap();
    let pipeline = dir.join("pipeline.yaml");
    let size = n * if format.ends_with("64") { 8 } else { 4 };
    std::fs::write(
        &pipeline,
        format!(
            "Shaders:\n  - Stage: Compute\n    Entry: main\nDispatchParameters:\n  DispatchGroupCount: [1, 1, 1]\n\
Buffers:\n  - {{ Name: Out, Format: {format}, FillSize: {size} }}\n\
DescriptorSets:\n  - Resources:\n    - Name: Out\n      Kind: {kind}\n      DirectXBinding: {{ Register: 0, Space: 0 }}\n"
        ),
    )
    .unwrap();
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
    json["buffers"]["Out"].clone()
}

#[test]
fn countbits_of_16_and_64_bit_integers() {
    let shader = "RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main()
{
    Out[0] = 0xffffffff;
    int16_t s = (int16_t)(int)Out[0];
    uint64_t w = ((uint64_t)0x7 << 32) | 0xff;
    int64_t3 v = int64_t3(-1, 0, 0x100000001);
    Out[0] = countbits(s);
    Out[1] = countbits(w);
    Out[2] = countbits(v).x;
    Out[3] = countbits(v).y;
    Out[4] = countbits(v).z;
}
";
    let out = run_out(
        "countbits",
        shader,
        "UInt32",
        5,
        &["-T", "cs_6_2", "-enable-16bit-types"],
    );
    // int16_t -1 has 16 bits set (not 32); 0x7_0000_00ff has 3 + 8; int64 -1 has 64;
    // 0x1_0000_0001 has 2.
    assert_eq!(out, json!([16, 11, 64, 0, 2]));
}

#[test]
fn modf_of_integers_and_of_a_float_into_an_int() {
    let shader = "RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main()
{
    Out[0] = 7;
    uint ip;
    uint f = modf((uint)Out[0], ip);
    Out[0] = (int)ip;
    Out[1] = (int)f;
    float x = -2.75 + (float)Out[2];
    int whole;
    float frac = modf(x, whole);
    Out[2] = whole;
    Out[3] = (int)(frac * 100);
}
";
    let out = run_out("modf", shader, "Int32", 4, &["-T", "cs_6_0"]);
    // modf(7.0) = (0, 7); modf(-2.75) = (-0.75, -2), both parts with x's sign.
    assert_eq!(out, json!([7, 0, -2, -75]));
}

#[test]
fn transpose_of_an_int_matrix() {
    let shader = "RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main()
{
    int2x3 m = int2x3(1, 2, 3, 4, 5, 6);
    m[1][2] += Out[0];
    int3x2 t = transpose(m);
    Out[0] = t[0][0]; Out[1] = t[0][1];
    Out[2] = t[1][0]; Out[3] = t[1][1];
    Out[4] = t[2][0]; Out[5] = t[2][1];
}
";
    let out = run_out("transpose", shader, "Int32", 6, &["-T", "cs_6_0"]);
    // Rows (1 2 3) and (4 5 6) become columns: (1 4), (2 5), (3 6).
    assert_eq!(out, json!([1, 4, 2, 5, 3, 6]));
}

#[test]
fn float_matrix_to_int_matrix_truncates_each_component() {
    let shader = "RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main()
{
    float2x2 f = float2x2(1.5, -2.5, 3.9, (float)Out[0]);
    int2x2 i = (int2x2)f;
    Out[0] = i[0][0]; Out[1] = i[0][1]; Out[2] = i[1][0]; Out[3] = i[1][1];
}
";
    let out = run_out("matconvert", shader, "Int32", 4, &["-T", "cs_6_0"]);
    // Float to int conversion rounds toward zero.
    assert_eq!(out, json!([1, -2, 3, 0]));
}

#[test]
fn frexp_and_sincos_of_a_matrix() {
    let shader = "RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main()
{
    float2x2 m = float2x2(8, 0.75, -3, Out[0]);
    float2x2 e;
    float2x2 mant = frexp(m, e);
    Out[0] = mant[0][0]; Out[1] = e[0][0];
    Out[2] = mant[0][1]; Out[3] = e[0][1];
    Out[4] = mant[1][0]; Out[5] = e[1][0];
    float2x2 s, c;
    sincos(m - m, s, c);
    Out[6] = s[1][1]; Out[7] = c[1][0];
}
";
    let out = run_out("frexp", shader, "Float32", 8, &["-T", "cs_6_0"]);
    // 8 = 0.5 * 2^4; 0.75 = 0.75 * 2^0; -3 = -0.75 * 2^2; sin(0) = 0, cos(0) = 1.
    assert_eq!(out, json!([0.5, 4, 0.75, 0, -0.75, 2, 0, 1]));
}

#[test]
fn wave_read_lane_at_with_an_int_lane() {
    let shader = "RWStructuredBuffer<uint> Out : register(u0);
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    int lane = 2;
    Out[id.x] = WaveReadLaneAt(id.x * 10 + 1, lane);
}
";
    let out = run_out("readlane", shader, "UInt32", 4, &["-T", "cs_6_0"]);
    // Every lane reads lane 2's value, 2 * 10 + 1.
    assert_eq!(out, json!([21, 21, 21, 21]));
}

#[test]
fn increment_of_a_matrix_and_indexing_a_float1() {
    let shader = "RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main()
{
    float2x2 m = float2x2(1, 2, 3, Out[0]);
    m++;
    m++;
    --m;
    float1 one = m[1][1];
    uint zero = (uint)Out[1];
    Out[0] = m[0][0]; Out[1] = m[0][1]; Out[2] = m[1][0]; Out[3] = one[zero];
}
";
    let out = run_out("matinc", shader, "Float32", 4, &["-T", "cs_6_0"]);
    // Every component gains 2 - 1 = 1.
    assert_eq!(out, json!([2, 3, 4, 1]));
}

#[test]
fn interlocked_operations_on_a_typed_buffer() {
    let shader = "RWBuffer<uint> Out : register(u0);
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    InterlockedAdd(Out[0], id.x + 1);
    uint old;
    // Only the comparand 0 matches: lane 2 swaps in 5, lane 3 (comparand 1) changes nothing.
    if (id.x >= 2)
        InterlockedCompareExchange(Out[1], id.x - 2, 5, old);
    InterlockedMax(Out[2], id.x * 7);
    InterlockedExchange(Out[3], 9, old);
}
";
    let out = run_kind(
        "typedatomics",
        shader,
        "RWBuffer",
        "UInt32",
        4,
        &["-T", "cs_6_0"],
    );
    // 1 + 2 + 3 + 4 = 10; max(0, 7, 14, 21) = 21.
    assert_eq!(out, json!([10, 5, 21, 9]));
}

#[test]
fn interlocked_add_into_a_groupshared_float() {
    let shader = "RWByteAddressBuffer Out : register(u0);
groupshared float G;
[numthreads(1, 1, 1)]
void main()
{
    Out.Store(4, 5);
    Out.InterlockedAdd(4, 42, G);
    Out.Store(0, asuint(G * 2));
}
";
    let out = run_kind(
        "gsfloat",
        shader,
        "RWByteAddressBuffer",
        "UInt32",
        2,
        &["-T", "cs_6_0"],
    );
    // The old value 5 converts to 5.0 in G, so word 0 holds the bits of 10.0 (0x41200000);
    // word 1 holds 5 + 42.
    assert_eq!(out, json!([0x4120_0000, 47]));
}

#[test]
fn lit_and_dst() {
    let shader = "RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main()
{
    float z = Out[0].x;
    Out[0] = lit(0.5 + z, 0.25, 2);
    Out[1] = lit(-0.5, 0.8 + z, 2);
    Out[2] = lit(0.5, -0.25 + z, 2);
    Out[3] = dst(float4(9, 2, 3, 4 + z), float4(5, 6, 7, 8));
}
";
    let out = run_out("litdst", shader, "Float32", 16, &["-T", "cs_6_0"]);
    // lit: (1, max(n.l, 0), n.l < 0 || n.h < 0 ? 0 : n.h^m, 1); dst: (1, a.y*b.y, a.z, b.w).
    assert_eq!(
        out,
        json!([1, 0.5, 0.0625, 1, 1, 0, 0, 1, 1, 0.5, 0, 1, 1, 12, 3, 8])
    );
}

#[test]
fn msad4_sums_masked_byte_differences_over_four_windows() {
    let shader = "RWStructuredBuffer<uint4> Out : register(u0);
[numthreads(1, 1, 1)]
void main()
{
    uint z = Out[0].x;
    uint2 source = uint2(0x05060708, 0x090A0B0C + z);
    Out[0] = msad4(0x01020304, source, uint4(0, 10, 20, 30));
    Out[1] = msad4(0x01000304, source, uint4(0, 0, 0, 0));
}
";
    let out = run_out("msad4", shader, "UInt32", 8, &["-T", "cs_6_0"]);
    // Source bytes from the lowest: 08 07 06 05 0c 0b 0a 09; reference bytes 04 03 02 01.
    // Window 0 (08 07 06 05): 4+4+4+4 = 16; window 1 (07 06 05 0c): 3+3+3+11 = 20;
    // window 2 (06 05 0c 0b): 2+2+10+10 = 24; window 3 (05 0c 0b 0a): 1+9+9+9 = 28; plus the
    // accumulators. With reference byte 2 zero (04 03 00 01) that byte is skipped:
    // 4+4+4 = 12, 3+3+11 = 17, 2+2+10 = 14, 1+9+9 = 19.
    assert_eq!(out, json!([16, 30, 44, 58, 12, 17, 14, 19]));
}

#[test]
fn d3dcolor_to_ubyte4_swizzles_and_scales() {
    let shader = "RWStructuredBuffer<int4> Out : register(u0);
[numthreads(1, 1, 1)]
void main()
{
    float z = (float)Out[0].x;
    Out[0] = D3DCOLORtoUBYTE4(float4(0.1, 0.5, 1.0, z));
}
";
    let out = run_out("d3dcolor", shader, "Int32", 4, &["-T", "cs_6_0"]);
    // (z, y, x, w) * 255.001953 = (255.002, 127.501, 25.500, 0), truncated.
    assert_eq!(out, json!([255, 127, 25, 0]));
}
