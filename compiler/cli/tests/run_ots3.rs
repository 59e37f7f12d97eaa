//! `hlslc run` on what the offload test suite's last failures showed: a `-0` in float data
//! (YAML reads it as the integer 0), the interpreter's 32-bit denormal flushing (D3D's float
//! rules; `-denorm preserve` keeps them), and the suite's own `Counter` key next to our
//! initial-counter extension. Every expected value is worked out by hand in the comments.

mod pipeline_common;

use pipeline_common::run;
use serde_json::json;

/// A pipeline with one compute shader, an input `In` (`format`, `data`) and an output `Out`
/// of `n` zeroed elements of `format` (`size` bytes each), both structured buffers.
fn in_out(format: &str, size: u32, data: &str, n: u32) -> String {
    format!(
        "Shaders:\n  - Stage: Compute\n    Entry: main\nBuffers:\n\
         \x20 - {{ Name: In, Format: {format}, Stride: {size}, Data: [ {data} ] }}\n\
         \x20 - {{ Name: Out, Format: {format}, Stride: {size}, FillSize: {} }}\n\
         DescriptorSets:\n  - Resources:\n\
         \x20   - {{ Name: In, Kind: StructuredBuffer, DirectXBinding: {{ Register: 0, Space: 0 }} }}\n\
         \x20   - {{ Name: Out, Kind: RWStructuredBuffer, DirectXBinding: {{ Register: 0, Space: 0 }} }}\n",
        n * size
    )
}

/// The text of buffer `name` in the printed JSON (`[a, b, ...]`), which keeps the sign of a
/// zero that a JSON number would lose.
fn printed<'a>(stdout: &'a str, name: &str) -> &'a str {
    let key = format!("\"{name}\": [");
    let start = stdout.find(&key).expect("buffer printed") + key.len() - 1;
    let end = start + stdout[start..].find(']').unwrap() + 1;
    &stdout[start..end]
}

#[test]
fn negative_zero_in_float64_data_is_negative() {
    // rcp(-0) = 1 / -0 = -inf; rcp(+0) = +inf; rcp(2) = 0.5; -(-0) = +0 (the plain copy
    // shows the value read: -0).
    let shader = "StructuredBuffer<double> In : register(t0);
RWStructuredBuffer<double> Out : register(u0);
[numthreads(1, 1, 1)]
void main()
{
    Out[0] = rcp(In[0]);
    Out[1] = rcp(In[1]);
    Out[2] = rcp(In[2]);
    Out[3] = In[0];
    Out[4] = -In[3];
}
";
    let ran = run(
        "negative-zero",
        shader,
        &in_out("Float64", 8, "-0, 0, 2, -0x0", 5),
        &["-T", "cs_6_0"],
    );
    // As printed, so the signs of the zeros show.
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    assert_eq!(printed(&ran.stdout, "In"), "[-0, 0, 2, -0]");
    assert_eq!(
        printed(&ran.stdout, "Out"),
        r#"["-inf", "inf", 0.5, -0, 0]"#
    );
}

/// 32-bit denormals in, around and out of arithmetic, as the interpreter runs it by default
/// (flushed, D3D's rule) and under `-denorm preserve`.
const DENORMALS: &str = "StructuredBuffer<float> In : register(t0);
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main()
{
    Out[0] = degrees(In[0]);
    Out[1] = In[1] * 0.5;
    Out[2] = In[2] * 1267650600228229401496703205376.0; // 2^100
    Out[3] = abs(In[0]);
    Out[4] = In[2];
    Out[5] = In[2] == 0 ? 1 : 2;
    Out[6] = -In[0];
    Out[7] = max(In[2], 0);
}
";

/// The binary32 bits of each number of a printed `Float32` buffer (the interpreter prints
/// the shortest text that reads back to the same `f32`).
fn float32_bits(values: &serde_json::Value) -> Vec<u32> {
    values
        .as_array()
        .unwrap()
        .iter()
        .map(|v| (v.as_f64().unwrap() as f32).to_bits())
        .collect()
}

#[test]
fn float32_denormals_are_flushed_in_arithmetic_and_kept_in_moves() {
    // In: -2^-130 (bits 0x8008_0000: 2^19 units of 2^-149), 2^-126 (0x0080_0000, the smallest normal), 2^-149
    // (bits 1, the smallest denormal).
    let data = "-0x1p-130, 0x1p-126, 0x1p-149";
    let pipeline = in_out("Float32", 4, data, 8);
    let flushed = run("ftz", DENORMALS, &pipeline, &["-T", "cs_6_0"]);
    // degrees(-2^-130): the operand flushes to -0, and -0 * 57.29... = -0 (0x8000_0000).
    // 2^-126 * 0.5 = 2^-127, a denormal result: +0. 2^-149 * 2^100: the operand flushes to
    // 0, so 0 (2^-49 were it kept). abs and negation move bits: 2^-130 (0x0008_0000), twice.
    // The copy keeps 2^-149 (1). The comparison sees 0 == 0: 1.0 (0x3f80_0000). max(0, 0) = 0.
    assert_eq!(
        float32_bits(&flushed.buffers()["Out"]),
        [
            0x8000_0000,
            0,
            0,
            0x0008_0000,
            1,
            0x3f80_0000,
            0x0008_0000,
            0
        ]
    );
    assert!(printed(&flushed.stdout, "Out").starts_with("[-0, 0, 0,"));
    // `-denorm ftz` is the same.
    let ftz = run(
        "ftz-flag",
        DENORMALS,
        &pipeline,
        &["-T", "cs_6_0", "-denorm", "ftz"],
    );
    assert_eq!(ftz.buffers(), flushed.buffers());

    let kept = run(
        "preserve",
        DENORMALS,
        &pipeline,
        &["-T", "cs_6_0", "-denorm", "preserve"],
    );
    let out = float32_bits(&kept.buffers()["Out"]);
    // degrees(-2^-130) = -2^-130 * 180/pi = -4.2094e-38, a normal number below -2^-126.
    let degrees = f32::from_bits(out[0]);
    assert!(degrees < -1.1754944e-38 && degrees > -4.3e-38, "{degrees}");
    // 2^-127 is bits 0x0040_0000; 2^-49 is (127 - 49) << 23 = 0x2700_0000; the comparison
    // is false: 2.0 (0x4000_0000); max(2^-149, 0) = 2^-149.
    assert_eq!(
        out[1..],
        [
            0x0040_0000,
            0x2700_0000,
            0x0008_0000,
            1,
            0x4000_0000,
            0x0008_0000,
            1
        ]
    );
}

#[test]
fn an_unknown_denorm_mode_is_a_usage_error() {
    let ran = run(
        "bad-denorm",
        DENORMALS,
        &in_out("Float32", 4, "0, 0, 0", 8),
        &["-T", "cs_6_0", "-denorm", "sometimes"],
    );
    assert_ne!(ran.code, Some(0));
    assert!(
        ran.stderr.contains("unknown -denorm `sometimes`"),
        "{}",
        ran.stderr
    );
}

/// Three increments, then the fourth's value into `Out[0]`; a decrement into `Out[1]`.
const COUNTERS: &str = "RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main()
{
    Out.IncrementCounter();
    Out.IncrementCounter();
    Out.IncrementCounter();
    Out[0] = Out.IncrementCounter();
    Out[1] = Out.DecrementCounter();
}
";

fn counter_pipeline(key: &str) -> String {
    format!(
        "Shaders:\n  - Stage: Compute\n    Entry: main\nBuffers:\n\
         \x20 - {{ Name: Out, Format: UInt32, Stride: 4, FillSize: 8, {key} }}\n\
         DescriptorSets:\n  - Resources:\n\
         \x20   - {{ Name: Out, Kind: RWStructuredBuffer, HasCounter: true, DirectXBinding: {{ Register: 0, Space: 0 }} }}\n"
    )
}

#[test]
fn the_suites_counter_key_is_an_output_and_initial_counter_is_ours() {
    // `Counter: 5` is what the suite's offloader prints after a run, not an input: the
    // counter starts at 0. IncrementCounter returns the value before the increment (0, 1,
    // 2, then 3 into Out[0]); DecrementCounter the value after the decrement (4 - 1 = 3).
    let ran = run(
        "suite-counter",
        COUNTERS,
        &counter_pipeline("Counter: 5"),
        &["-T", "cs_6_0"],
    );
    assert_eq!(ran.buffers()["Out"], json!([3, 3]));
    assert!(
        ran.stdout.contains(r#""counters": {"Out": 3}"#),
        "{}",
        ran.stdout
    );
    // Our `InitialCounter: 10`: 10, 11, 12, then 13 into Out[0]; 14 - 1 = 13.
    let ran = run(
        "initial-counter",
        COUNTERS,
        &counter_pipeline("InitialCounter: 10"),
        &["-T", "cs_6_0"],
    );
    assert_eq!(ran.buffers()["Out"], json!([13, 13]));
    assert!(
        ran.stdout.contains(r#""counters": {"Out": 13}"#),
        "{}",
        ran.stdout
    );
}

#[test]
fn sixteen_bit_integer_typed_buffers_run() {
    // S = [-3, 7]: S[0] + S[1] = 4 into S[2] and -5 into S[3]; the uint16_t buffer's
    // element 0 gets element 1 + 1 = 65535 + 1, which wraps to 0 at 16 bits.
    let shader = "RWBuffer<int16_t> S : register(u0);
RWBuffer<uint16_t> U : register(u1);
[numthreads(1, 1, 1)]
void main()
{
    S[2] = S[0] + S[1];
    S[3] = (int16_t)-5;
    U[0] = U[1] + (uint16_t)1;
}
";
    let pipeline = "Shaders:\n  - Stage: Compute\n    Entry: main\nBuffers:\n\
         \x20 - { Name: S, Format: Int16, Data: [ -3, 7, 0, 0 ] }\n\
         \x20 - { Name: U, Format: UInt16, Data: [ 9, 65535 ] }\n\
         DescriptorSets:\n  - Resources:\n\
         \x20   - { Name: S, Kind: RWBuffer, DirectXBinding: { Register: 0, Space: 0 } }\n\
         \x20   - { Name: U, Kind: RWBuffer, DirectXBinding: { Register: 1, Space: 0 } }\n";
    let ran = run(
        "int16-texels",
        shader,
        pipeline,
        &["-T", "cs_6_2", "-enable-16bit-types"],
    );
    let out = ran.buffers();
    assert_eq!(out["S"], json!([-3, 7, 4, -5]));
    assert_eq!(out["U"], json!([0, 65535]));
}

#[test]
fn typed_buffers_of_two_64_bit_integers_run() {
    // U = [(1, 2), (2^64 - 1, 5)]: U[0] = U[1] + (1, 2) = (2^64 wraps to 0, 7).
    let shader = "RWBuffer<uint64_t2> U : register(u0);
[numthreads(1, 1, 1)]
void main()
{
    U[0] = U[1] + uint64_t2(1, 2);
}
";
    let pipeline = "Shaders:\n  - Stage: Compute\n    Entry: main\nBuffers:\n\
         \x20 - { Name: U, Format: UInt64, Channels: 2, Data: [ 1, 2, 18446744073709551615, 5 ] }\n\
         DescriptorSets:\n  - Resources:\n\
         \x20   - { Name: U, Kind: RWBuffer, DirectXBinding: { Register: 0, Space: 0 } }\n";
    let ran = run("int64x2-texels", shader, pipeline, &["-T", "cs_6_0"]);
    assert_eq!(
        ran.buffers()["U"],
        json!([0, 7, 18446744073709551615u64, 5])
    );
}

#[test]
fn each_element_of_a_counter_buffer_array_has_its_counter() {
    // One invocation increments element k's counter k + 1 times: counters 1, 2, 3; the
    // last increment of element 2 returns the value before it, 2.
    let shader = "RWStructuredBuffer<uint> Out[3] : register(u0);
[numthreads(1, 1, 1)]
void main()
{
    Out[0].IncrementCounter();
    Out[1].IncrementCounter();
    Out[1].IncrementCounter();
    Out[2].IncrementCounter();
    Out[2].IncrementCounter();
    Out[2][0] = Out[2].IncrementCounter();
}
";
    let pipeline = "Shaders:\n  - Stage: Compute\n    Entry: main\nBuffers:\n\
         \x20 - { Name: Out, Format: UInt32, Stride: 4, ArraySize: 3, FillSize: 4 }\n\
         DescriptorSets:\n  - Resources:\n\
         \x20   - { Name: Out, Kind: RWStructuredBuffer, HasCounter: true, DirectXBinding: { Register: 0, Space: 0 } }\n";
    let ran = run("counter-array", shader, pipeline, &["-T", "cs_6_0"]);
    assert_eq!(ran.buffers()["Out"], json!([[0], [0], [2]]));
    assert!(
        ran.stdout.contains(r#""counters": {"Out": [1, 2, 3]}"#),
        "{}",
        ran.stdout
    );
}

#[test]
fn typed_buffers_read_and_write_the_pipelines_texel_format() {
    // A: Int32 without Channels is an R32 view of 4 texels: GetDimensions counts 4, and
    // A[1] as an int4 is (1, 0, 0, 1) (missing components 0, the fourth 1).
    // B: Float32 with Channels 4 under RWBuffer<float2>: 2 texels of 16 bytes; B[1] = (5, 6)
    // writes the first two floats of texel 1 and keeps the other two (7, 8).
    // H: Float16 (binary16 0x3c00 = 1.0, 0xc000 = -2.0) read as float: an R16 float view.
    let shader = "Buffer<int4> A : register(t0);
RWBuffer<float2> B : register(u1);
Buffer<float> H : register(t2);
RWStructuredBuffer<int> Out : register(u3);
[numthreads(1, 1, 1)]
void main()
{
    uint n, m;
    A.GetDimensions(n);
    B.GetDimensions(m);
    int4 a = A[1];
    Out[0] = n;
    Out[1] = m;
    Out[2] = a.x;
    Out[3] = a.y;
    Out[4] = a.z;
    Out[5] = a.w;
    B[1] = float2(5, 6);
    Out[6] = (int)(H[0] * 10);
    Out[7] = (int)(H[1] * 10);
}
";
    let pipeline = "Shaders:\n  - Stage: Compute\n    Entry: main\nBuffers:\n\
         \x20 - { Name: A, Format: Int32, Data: [ 0, 1, 2, 3 ] }\n\
         \x20 - { Name: B, Format: Float32, Channels: 4, Data: [ 1, 2, 3, 4, 0, 0, 7, 8 ] }\n\
         \x20 - { Name: H, Format: Float16, Data: [ 0x3c00, 0xc000 ] }\n\
         \x20 - { Name: Out, Format: Int32, Stride: 4, FillSize: 32 }\n\
         DescriptorSets:\n  - Resources:\n\
         \x20   - { Name: A, Kind: Buffer, DirectXBinding: { Register: 0, Space: 0 } }\n\
         \x20   - { Name: B, Kind: RWBuffer, DirectXBinding: { Register: 1, Space: 0 } }\n\
         \x20   - { Name: H, Kind: Buffer, DirectXBinding: { Register: 2, Space: 0 } }\n\
         \x20   - { Name: Out, Kind: RWStructuredBuffer, DirectXBinding: { Register: 3, Space: 0 } }\n";
    let ran = run("texel-formats", shader, pipeline, &["-T", "cs_6_0"]);
    let out = ran.buffers();
    assert_eq!(out["Out"], json!([4, 2, 1, 0, 0, 1, 10, -20]));
    assert_eq!(out["B"], json!([1, 2, 3, 4, 5, 6, 7, 8]));
}

#[test]
fn wave_size_sets_the_lanes_of_a_wave() {
    // [WaveSize(16)] with 64 threads: four waves of 16 lanes. Each thread writes the lane
    // count times 100 plus the lanes before it in its wave: 1600 + i % 16. Without the
    // attribute a wave has the interpreter's 32 lanes: 3200 + i % 32.
    let shader = |attr: &str| {
        format!(
            "RWStructuredBuffer<uint> Out : register(u0);
{attr} [numthreads(64, 1, 1)]
void main(uint i : SV_GroupIndex)
{{
    Out[i] = WaveGetLaneCount() * 100 + WavePrefixCountBits(true);
}}
"
        )
    };
    let pipeline = "Shaders:\n  - Stage: Compute\n    Entry: main\nBuffers:\n\
         \x20 - { Name: Out, Format: UInt32, Stride: 4, FillSize: 256 }\n\
         DescriptorSets:\n  - Resources:\n\
         \x20   - { Name: Out, Kind: RWStructuredBuffer, DirectXBinding: { Register: 0, Space: 0 } }\n";
    let ran = run(
        "wave-size-16",
        &shader("[WaveSize(16)]"),
        pipeline,
        &["-T", "cs_6_6"],
    );
    let want: Vec<u32> = (0..64).map(|i| 1600 + i % 16).collect();
    assert_eq!(ran.buffers()["Out"], json!(want));
    let ran = run("wave-size-none", &shader(""), pipeline, &["-T", "cs_6_6"]);
    let want: Vec<u32> = (0..64).map(|i| 3200 + i % 32).collect();
    assert_eq!(ran.buffers()["Out"], json!(want));
}
