//! `hlslc run` on constructs LLVM's offload-test-suite exercises that were read or computed
//! wrong: pipeline YAML spellings (`ZeroInitSize`, C99 hexadecimal floats in `Data`) and the
//! miscompiles the suite found. Shaders and pipelines are our own; each expected value is
//! computed by hand in the comment next to it.

use std::process::Command;

use serde_json::json;

mod pipeline_common;

use pipeline_common::Ran;

/// Runs `hlslc run --pipeline` on `shader` (entry `main`, `cs_6_5`) with extra flags.
fn run(test: &str, shader: &str, pipeline: &str, flags: &[&str]) -> Ran {
    pipeline_common::run(test, shader, pipeline, &[&["-T", "cs_6_5"], flags].concat())
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

#[test]
fn layout_flags_apply_to_the_run() {
    // `hlslc run` lowered without the `-fvk-*` flags, so `-fvk-use-dx-layout` (which the
    // suite's tests pass) left buffers in the default Vulkan layouts.
    let shader = "cbuffer CB : register(b0) { float2 a; float b[2]; float c; }
struct S { float f[2]; int4 v; };
RWStructuredBuffer<S> Out : register(u0);
RWStructuredBuffer<float> F : register(u1);
[numthreads(1, 1, 1)]
void main() { Out[0].v = int4(1, 2, 3, 4); Out[0].f[1] = 9; F[0] = b[1]; F[1] = c; }
";
    let pipeline = HEADER.to_owned()
        + "Buffers:\n"
        + "  - { Name: CB, Format: Float32, Data: [1, 2, 0, 0, 3, 0, 0, 0, 4, 5, 0, 0, 6, 0, 0, 0] }\n"
        + "  - { Name: Out, Format: Int32, FillSize: 32 }\n"
        + "  - { Name: F, Format: Float32, FillSize: 8 }\n"
        + &resources(&[
            ("CB", "ConstantBuffer", 0),
            ("Out", "RWStructuredBuffer", 0),
            ("F", "RWStructuredBuffer", 1),
        ]);
    // 9.0f = 0x41100000 = 1091567616.
    // D3D layout: the structured buffer is packed, `v` right after `f` at byte 8; in the
    // cbuffer `b[0]` starts a row (16), `b[1]` is at 32 and `c` packs right after it at 36.
    let dx = run("layout-dx", shader, &pipeline, &["-fvk-use-dx-layout"]).buffers();
    assert_eq!(dx["Out"], json!([0, 1091567616, 1, 2, 3, 4, 0, 0]));
    assert_eq!(dx["F"], json!([4, 5]));
    // Default (vector-relaxed std430/std140): `v` aligned to 16; the cbuffer array takes
    // whole rows, so `c` starts the row after it, at 48.
    let vk = run("layout-vk", shader, &pipeline, &[]).buffers();
    assert_eq!(vk["Out"], json!([0, 1091567616, 0, 0, 1, 2, 3, 4]));
    assert_eq!(vk["F"], json!([4, 6]));
}

#[test]
fn array_size_buffers_fill_resource_arrays() {
    // `ArraySize: N` describes the N buffers of a resource array: `Data` is a list of lists
    // (one per element), `FillSize` fills each; the output prints a list per element.
    let shader = "RWBuffer<int> A[2] : register(u0);
RWStructuredBuffer<int> B[3] : register(u2);
[numthreads(2, 1, 1)]
void main(uint gi : SV_GroupIndex) {
  A[1][gi] = A[0][gi] * 10 + A[1][gi];
  for (int i = 0; i < 3; i++) B[i][gi] = A[0][gi] + i;
}
";
    let pipeline = HEADER.to_owned()
        + "Buffers:\n"
        + "  - Name: A\n    Format: Int32\n    ArraySize: 2\n    Data:\n      - [ 1, 2 ]\n      - [ 3, 4 ]\n"
        + "  - { Name: B, Format: Int32, ArraySize: 3, FillSize: 8 }\n"
        + &resources(&[("A", "RWBuffer", 0), ("B", "RWStructuredBuffer", 2)]);
    let b = run("array-size", shader, &pipeline, &[]).buffers();
    // A[1] = A[0] * 10 + A[1] = [1*10+3, 2*10+4]; B[i] = A[0] + i.
    assert_eq!(b["A"], json!([[1, 2], [13, 24]]));
    assert_eq!(b["B"], json!([[1, 2], [2, 3], [3, 4]]));
}

#[test]
fn array_size_must_match_the_lists() {
    let shader = "RWBuffer<int> A[2] : register(u0);
[numthreads(1, 1, 1)]
void main() { A[0][0] = 1; }
";
    let pipeline = HEADER.to_owned()
        + "Buffers:\n  - Name: A\n    Format: Int32\n    ArraySize: 3\n    Data:\n      - [ 1 ]\n      - [ 2 ]\n"
        + &resources(&[("A", "RWBuffer", 0)]);
    let ran = run("array-size-bad", shader, &pipeline, &[]);
    assert_eq!(ran.code, Some(1));
    assert!(
        ran.stderr
            .contains("buffer A: ArraySize is 3 but Data holds 2 lists"),
        "{}",
        ran.stderr
    );
}

#[test]
fn first_pipelines_without_shaders_and_vulkan_bindings() {
    // The suite's first pipelines had no `Shaders` (a compute `main`, a top-level
    // `DispatchSize`) and only `DirectXBinding`s; on Vulkan a resource took the binding of
    // its position in the set. Here the shader declares no registers, so DXC numbers the
    // bindings in declaration order (In 0, Out 1, CB0 2) and the cbuffer's `b0` names
    // no global of its class: it binds at its position, 2.
    let shader = "RWBuffer<int> In;
RWBuffer<int> Out;
cbuffer CB0 { int Constant; }
[numthreads(4, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID) { Out[tid.x] = In[tid.x] * Constant; }
";
    let pipeline = "DispatchSize: [2, 1, 1]
Buffers:
  - { Name: In, Format: Int32, Data: [1, 2, 3, 4, 5, 6, 7, 8] }
  - { Name: Out, Format: Int32, Data: [0, 0, 0, 0, 0, 0, 0, 0] }
  - { Name: cbuffer, Format: Int32, Data: [3, 0, 0, 0] }
DescriptorSets:
  - Resources:
    - { Name: In, Kind: RWBuffer, DirectXBinding: { Register: 0, Space: 0 } }
    - { Name: Out, Kind: RWBuffer, DirectXBinding: { Register: 1, Space: 0 } }
    - { Name: cbuffer, Kind: ConstantBuffer, DirectXBinding: { Register: 0, Space: 0 } }
";
    let b = run("first-pipelines", shader, pipeline, &[]).buffers();
    // Two groups (the top-level DispatchSize) of four threads: every element is In * 3.
    assert_eq!(b["Out"], json!([3, 6, 9, 12, 15, 18, 21, 24]));
}

#[test]
fn mip_levels_and_array_slices() {
    // `OutputProps.MipLevels`: the data holds each slice's mip chain, level 0 first;
    // `ArraySlices` gives an array texture's slices.
    let shader = "Texture2D<float> T : register(t0);
Texture2DArray<float> A : register(t1);
RWBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
  uint w, h, levels;
  T.GetDimensions(1, w, h, levels);
  Out[0] = T.Load(int3(1, 1, 0));
  Out[1] = T.Load(int3(0, 0, 1));
  Out[2] = T.Load(int3(1, 0, 1));
  Out[3] = w; Out[4] = h; Out[5] = levels;
  Out[6] = A.Load(int4(1, 0, 1, 0));
  Out[7] = A.Load(int4(0, 0, 1, 1));
  Out[8] = A.Load(int4(0, 0, 0, 1));
  Out[9] = T.mips[1][int2(0, 0)];
}
";
    let pipeline = HEADER.to_owned()
        + "Buffers:\n"
        + "  - { Name: T, Format: Float32, OutputProps: { Width: 2, Height: 2, Depth: 1, MipLevels: 2 }, Data: [1, 2, 3, 4, 5] }\n"
        + "  - { Name: A, Format: Float32, OutputProps: { Width: 2, Height: 1, Depth: 1, MipLevels: 2, ArraySlices: 2 }, Data: [10, 11, 12, 20, 21, 22] }\n"
        + "  - { Name: Out, Format: Float32, FillSize: 40 }\n"
        + &resources(&[
            ("T", "Texture2D", 0),
            ("A", "Texture2DArray", 1),
            ("Out", "RWBuffer", 0),
        ]);
    let b = run("mips", shader, &pipeline, &[]).buffers();
    // T level 0 is 2x2 [1 2; 3 4], level 1 is 1x1 [5]: (1,1,0) = 4, (0,0,1) = 5, (1,0,1) is
    // outside level 1's single texel (0). Level 1 is 1x1 of 2 levels.
    // A: slice 0's chain [10 11 | 12], slice 1's [20 21 | 22]: (x 1, slice 1, level 0) = 21,
    // (0, slice 1, level 1) = 22, (0, slice 0, level 1) = 12.
    assert_eq!(b["Out"], json!([4, 5, 0, 1, 1, 2, 21, 22, 12, 5]));
}

#[test]
fn unbounded_resource_arrays_take_the_pipelines_elements() {
    // `B[]` has as many elements as the pipeline's resource arrays (ArraySize 3 here); it had
    // one, so only `B[0]` was bound.
    let shader = "RWBuffer<int> B[] : register(u0);
[numthreads(3, 1, 1)]
void main(uint gi : SV_GroupIndex) { B[gi][1] = B[gi][0] * 10 + gi; }
";
    let pipeline = HEADER.to_owned()
        + "Buffers:\n"
        + "  - Name: B\n    Format: Int32\n    ArraySize: 3\n    Data:\n      - [ 1, 0 ]\n      - [ 2, 0 ]\n      - [ 3, 0 ]\n"
        + &resources(&[("B", "RWBuffer", 0)]);
    let b = run("unbounded", shader, &pipeline, &[]).buffers();
    // Element gi: [x, x * 10 + gi].
    assert_eq!(b["B"], json!([[1, 10], [2, 21], [3, 32]]));
}

#[test]
fn repeat_is_the_wrap_address_mode() {
    // The suite names the wrapping address mode as Vulkan does, `Repeat`; it read as Clamp.
    let shader = "Texture2D<float> T : register(t0);
SamplerState Wrapping : register(s0);
SamplerState Clamping : register(s1);
RWBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
  Out[0] = T.SampleLevel(Wrapping, float2(1.25, 0.5), 0);
  Out[1] = T.SampleLevel(Clamping, float2(1.25, 0.5), 0);
}
";
    let pipeline = HEADER.to_owned()
        + "Buffers:\n"
        + "  - { Name: T, Format: Float32, OutputProps: { Width: 2, Height: 1, Depth: 1 }, Data: [10, 20] }\n"
        + "  - { Name: Out, Format: Float32, FillSize: 8 }\n"
        + "Samplers:\n"
        + "  - { Name: Wrapping, MinFilter: Nearest, MagFilter: Nearest, Address: Repeat }\n"
        + "  - { Name: Clamping, MinFilter: Nearest, MagFilter: Nearest, Address: Clamp }\n"
        + &resources(&[
            ("T", "Texture2D", 0),
            ("Wrapping", "Sampler", 0),
            ("Clamping", "Sampler", 1),
            ("Out", "RWBuffer", 0),
        ]);
    let b = run("repeat", shader, &pipeline, &[]).buffers();
    // u = 1.25 on two texels: texel coordinate 2.5, texel 2, which wraps to 0 (10) and
    // clamps to 1 (20).
    assert_eq!(b["Out"], json!([10, 20]));
}

#[test]
fn sample_level_picks_the_filter_and_the_mip_level() {
    // The level of detail of SampleLevel picks MagFilter (0 or below) or MinFilter and the
    // nearest mip level; it sampled level 0 with MagFilter whatever the level.
    let shader = "Texture2D<float> T : register(t0);
SamplerState S : register(s0);
RWBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
  float2 uv = float2(0.4, 0.5);
  Out[0] = T.SampleLevel(S, uv, -1.0);
  Out[1] = T.SampleLevel(S, uv, 0.4);
  Out[2] = T.SampleLevel(S, uv, 1.0);
  Out[3] = T.SampleLevel(S, uv, 5.0);
}
";
    let pipeline = HEADER.to_owned()
        + "Buffers:\n"
        + "  - { Name: T, Format: Float32, OutputProps: { Width: 2, Height: 1, Depth: 1, MipLevels: 2 }, Data: [10, 30, 50] }\n"
        + "  - { Name: Out, Format: Float32, FillSize: 16 }\n"
        + "Samplers:\n"
        + "  - { Name: S, MinFilter: Nearest, MagFilter: Linear, Address: Clamp }\n"
        + &resources(&[("T", "Texture2D", 0), ("S", "Sampler", 0), ("Out", "RWBuffer", 0)]);
    let b = run("sample-lod", shader, &pipeline, &[]).buffers();
    // Level 0 is [10 30], level 1 [50]. LOD -1: linear at level 0, texel coordinate
    // 0.4 * 2 - 0.5 = 0.3, 10 + 0.3 * 20 = 16. LOD 0.4: minifying, level floor(0.9) = 0,
    // nearest texel floor(0.8) = 0: 10. LOD 1: level 1, 50. LOD 5: clamped to level 1, 50.
    assert_eq!(b["Out"], json!([16, 10, 50, 50]));
}

#[test]
fn dash_e_names_the_entry_the_pipeline_runs() {
    // The suite compiles with `-E` (or DXC's default `main`) whatever the pipeline's `Entry`
    // says; the run looked the pipeline's name up in the module and failed.
    let shader = "RWBuffer<int> Out : register(u0);
[numthreads(2, 1, 1)]
void main(uint gi : SV_GroupIndex) { Out[gi] = gi + 40; }
";
    let pipeline = "Shaders:\n  - { Stage: Compute, Entry: CSMain }\n".to_owned()
        + "Buffers:\n  - { Name: Out, Format: Int32, FillSize: 8 }\n"
        + &resources(&[("Out", "RWBuffer", 0)]);
    let b = run("dash-e", shader, &pipeline, &["-E", "main"]).buffers();
    assert_eq!(b["Out"], json!([40, 41]));
}

#[test]
fn a_closed_stdout_is_no_panic() {
    // `hlslc run ... | head -c 10` closes the pipe early: `println!` panicked on the write.
    // The read end is dropped before hlslc has compiled anything, so its write always fails.
    let dir = pipeline_common::test_dir("closed-stdout");
    let source = dir.write(
        "shader.hlsl",
        "RWBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main() { Out[0] = 1; }
",
    );
    let pipeline = HEADER.to_owned()
        + "Buffers:\n  - { Name: Out, Format: Int32, FillSize: 4 }\n"
        + &resources(&[("Out", "RWBuffer", 0)]);
    let yaml = dir.write("pipeline.yaml", &pipeline);
    let mut child = Command::new(env!("CARGO_BIN_EXE_hlslc"))
        .arg("run")
        .arg("--pipeline")
        .arg(&yaml)
        .args(["-T", "cs_6_5"])
        .arg(&source)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(out.status.code(), Some(0), "{stderr}");
}
