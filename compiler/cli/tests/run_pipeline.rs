//! `hlslc run` end to end: every resource kind and buffer format of the pipeline YAML,
//! `FillSize`/`FillValue`, `Stride` and `Channels`, `DispatchGroupCount`, how NaN and
//! infinities print, and the errors. Each test runs the binary on a small shader and compares
//! the JSON it prints with values computed by hand.

use serde_json::json;

mod pipeline_common;

use pipeline_common::run;

/// A pipeline header with one compute shader and `groups` groups.
fn header(groups: [u32; 3]) -> String {
    format!(
        "Shaders:\n  - Stage: Compute\n    Entry: main\nDispatchParameters:\n  DispatchGroupCount: [{}, {}, {}]\n",
        groups[0], groups[1], groups[2]
    )
}

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
fn structured_buffers() {
    let shader = "StructuredBuffer<int> In : register(t0);
RWStructuredBuffer<int> Out : register(u0);
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) { Out[id.x] = In[id.x] * 3 - 1; }
";
    let pipeline = header([1, 1, 1])
        + "Buffers:\n  - { Name: In, Format: Int32, Data: [5, -7, 0, 2147483647] }\n  - { Name: Out, Format: Int32, FillSize: 16 }\n"
        + &resources(&[("In", "StructuredBuffer", 0), ("Out", "RWStructuredBuffer", 0)]);
    let b = run("structured", shader, &pipeline, &[]).buffers();
    // 2147483647 * 3 - 1 wraps: 6442450940 - 2^32 = 2147483644.
    assert_eq!(b["Out"], json!([14, -22, -1, 2147483644]));
    assert_eq!(b["In"], json!([5, -7, 0, 2147483647]));
}

#[test]
fn typed_buffers_read_channels() {
    let shader = "Buffer<float2> In : register(t0);
RWBuffer<float> Out : register(u0);
[numthreads(3, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) { Out[id.x] = In[id.x].x * In[id.x].y; }
";
    let pipeline = header([1, 1, 1])
        + "Buffers:\n  - { Name: In, Format: Float32, Channels: 2, Data: [1.5, 2, -3, 0.25, 8, 0.5] }\n  - { Name: Out, Format: Float32, FillSize: 12 }\n"
        + &resources(&[("In", "Buffer", 0), ("Out", "RWBuffer", 0)]);
    let b = run("typed", shader, &pipeline, &[]).buffers();
    assert_eq!(b["Out"], json!([3, -0.75, 4]));
}

#[test]
fn structured_buffer_of_vectors_with_a_stride() {
    let shader = "RWStructuredBuffer<uint2> Data : register(u0);
[numthreads(3, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) { Data[id.x] = Data[id.x].yx + uint2(0, id.x); }
";
    let pipeline = header([1, 1, 1])
        + "Buffers:\n  - { Name: Data, Format: UInt32, Stride: 8, Data: [1, 2, 3, 4, 5, 6] }\n"
        + &resources(&[("Data", "RWStructuredBuffer", 0)]);
    let b = run("stride", shader, &pipeline, &[]).buffers();
    assert_eq!(b["Data"], json!([2, 1, 4, 4, 6, 7]));
}

#[test]
fn byte_address_buffers() {
    let shader = "ByteAddressBuffer In : register(t0);
RWByteAddressBuffer Out : register(u0);
[numthreads(2, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    uint2 v = In.Load2(id.x * 8);
    Out.Store2(id.x * 8 + 4, uint2(v.y, v.x + v.y));
}
";
    let pipeline = header([1, 1, 1])
        + "Buffers:\n  - { Name: In, Format: UInt32, Data: [1, 2, 30, 40] }\n  - { Name: Out, Format: UInt32, FillSize: 20, FillValue: 9 }\n"
        + &resources(&[("In", "ByteAddressBuffer", 0), ("Out", "RWByteAddressBuffer", 0)]);
    let b = run("bytes", shader, &pipeline, &[]).buffers();
    // Thread 0 writes words 1 and 2, thread 1 words 3 and 4.
    assert_eq!(b["Out"], json!([9, 2, 3, 40, 70]));
}

#[test]
fn constant_buffers() {
    let shader = "cbuffer Params : register(b0) { float Scale; uint Offset; float2 Pad; };
struct Extra { int a; float b; };
ConstantBuffer<Extra> More : register(b1);
RWStructuredBuffer<float> Out : register(u0);
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) { Out[id.x] = id.x * Scale + Offset + More.a * More.b; }
";
    // 2.5 = 0x40200000, -3 = 0xfffffffd, 0.5 = 0x3f000000.
    let pipeline = header([1, 1, 1])
        + "Buffers:\n  - { Name: Params, Format: Hex32, Data: [0x40200000, 10, 0, 0] }\n  - { Name: More, Format: Hex32, Data: [0xfffffffd, 0x3f000000] }\n  - { Name: Out, Format: Float32, FillSize: 16 }\n"
        + &resources(&[("Params", "ConstantBuffer", 0), ("More", "ConstantBuffer", 1), ("Out", "RWStructuredBuffer", 0)]);
    let b = run("cbuffers", shader, &pipeline, &[]).buffers();
    // i * 2.5 + 10 - 1.5
    assert_eq!(b["Out"], json!([8.5, 11, 13.5, 16]));
}

#[test]
fn textures_with_width_and_height() {
    let shader = "Texture2D<float4> In : register(t0);
RWTexture2D<float> Out : register(u0);
[numthreads(3, 2, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    Out[id.xy] = In.Load(int3(id.xy, 0)).g * 10 + id.x + id.y * 100;
}
";
    // Texel (x, y) has green (x + 3y) / 2; rows are stored one after the other.
    let texels: Vec<String> = (0..6)
        .map(|i| format!("0, {}, 0, 1", i as f32 / 2.0))
        .collect();
    let pipeline = header([1, 1, 1])
        + &format!(
            "Buffers:\n  - Name: In\n    Format: Float32\n    Channels: 4\n    Width: 3\n    Height: 2\n    Data: [{}]\n",
            texels.join(", ")
        )
        + "  - { Name: Out, Format: Float32, Width: 3, Height: 2, FillSize: 24 }\n"
        + &resources(&[("In", "Texture2D", 0), ("Out", "RWTexture2D", 0)]);
    let b = run("textures", shader, &pipeline, &[]).buffers();
    assert_eq!(b["Out"], json!([0, 6, 12, 115, 121, 127]));
}

#[test]
fn sixteen_bit_formats() {
    let shader = "RWStructuredBuffer<int16_t> I : register(u0);
RWStructuredBuffer<uint16_t> U : register(u1);
RWStructuredBuffer<float16_t> F : register(u2);
RWStructuredBuffer<uint16_t> H : register(u3);
[numthreads(3, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    I[id.x] = I[id.x] * 2;
    U[id.x] = U[id.x] + 65530;
    F[id.x] = F[id.x] * 3;
    H[id.x] = H[id.x] ^ 0xff00;
}
";
    // Float16 data are binary16 bits: 0.5, 1000, 30000.
    let pipeline = header([1, 1, 1])
        + "Buffers:
  - { Name: I, Format: Int16, Data: [-3, 20000, -32768] }
  - { Name: U, Format: UInt16, Data: [10, 6, 65535] }
  - { Name: F, Format: Float16, Data: [0x3800, 0x63d0, 0x7753] }
  - { Name: H, Format: Hex16, Data: [0x1234, 0x00ff, 0xffff] }
" + &resources(&[
        ("I", "RWStructuredBuffer", 0),
        ("U", "RWStructuredBuffer", 1),
        ("F", "RWStructuredBuffer", 2),
        ("H", "RWStructuredBuffer", 3),
    ]);
    let b = run(
        "sixteen",
        shader,
        &pipeline,
        &["-T", "cs_6_2", "-enable-16bit-types"],
    )
    .buffers();
    // 40000 and -65536 wrap in 16 bits; 65540 and 65536 too; 90000 overflows half.
    assert_eq!(b["I"], json!([-6, -25536, 0]));
    assert_eq!(b["U"], json!([4, 0, 65529]));
    assert_eq!(b["F"], json!([1.5, 3000, "inf"]));
    // Hex formats print as unsigned integers: 0xed34, 0xffff, 0x00ff.
    assert_eq!(b["H"], json!([60724, 65535, 255]));
}

#[test]
fn sixty_four_bit_formats() {
    let shader = "RWStructuredBuffer<int64_t> I : register(u0);
RWStructuredBuffer<uint64_t> U : register(u1);
RWStructuredBuffer<double> F : register(u2);
RWStructuredBuffer<uint64_t> H : register(u3);
[numthreads(2, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    I[id.x] = I[id.x] * -2;
    U[id.x] = U[id.x] + 1;
    F[id.x] = F[id.x] / 3.0;
    H[id.x] = H[id.x] << 4;
}
";
    let pipeline = header([1, 1, 1])
        + "Buffers:
  - { Name: I, Format: Int64, Data: [-9223372036854775808, 4611686018427387904] }
  - { Name: U, Format: UInt64, Data: [18446744073709551615, 7] }
  - { Name: F, Format: Float64, Data: [1, 0.5] }
  - { Name: H, Format: Hex64, Data: [0x1000000000000001, 0x0fedcba987654321] }
" + &resources(&[
        ("I", "RWStructuredBuffer", 0),
        ("U", "RWStructuredBuffer", 1),
        ("F", "RWStructuredBuffer", 2),
        ("H", "RWStructuredBuffer", 3),
    ]);
    let b = run("sixtyfour", shader, &pipeline, &["-T", "cs_6_0"]).buffers();
    // -2^63 * -2 and 2^62 * -2 wrap; u64::MAX + 1 wraps to 0.
    assert_eq!(b["I"], json!([0, i64::MIN]));
    assert_eq!(b["U"], json!([0, 8]));
    assert_eq!(b["F"], json!([1.0 / 3.0, 0.5 / 3.0]));
    assert_eq!(b["H"], json!([0x10u64, 0xfedc_ba98_7654_3210u64]));
}

#[test]
fn bool_and_hex32_formats() {
    let shader = "RWStructuredBuffer<uint> B : register(u0);
RWStructuredBuffer<uint> H : register(u1);
[numthreads(3, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    B[id.x] = B[id.x] == 0 ? 1 : 0;
    H[id.x] = H[id.x] ^ 0xffff0000;
}
";
    let pipeline = header([1, 1, 1])
        + "Buffers:
  - { Name: B, Format: Bool, Data: [true, false, 1] }
  - { Name: H, Format: Hex32, Data: [0x12345678, 0, 0xffffffff] }
" + &resources(&[
        ("B", "RWStructuredBuffer", 0),
        ("H", "RWStructuredBuffer", 1),
    ]);
    let b = run("bool", shader, &pipeline, &[]).buffers();
    assert_eq!(b["B"], json!([false, true, false]));
    // 0xedcb5678, 0xffff0000, 0x0000ffff
    assert_eq!(b["H"], json!([3989526136u32, 4294901760u32, 65535]));
}

#[test]
fn fill_size_and_fill_value() {
    let shader = "RWStructuredBuffer<uint> Out : register(u0);
RWStructuredBuffer<float> F : register(u1);
[numthreads(2, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    Out[id.x * 2] = id.x + 100;
    F[id.x + 1] = F[id.x + 1] * (id.x + 1);
}
";
    let pipeline = header([1, 1, 1])
        + "Buffers:
  - { Name: Out, Format: UInt32, FillSize: 24, FillValue: 7 }
  - { Name: F, Format: Float32, FillSize: 16, FillValue: 2.5 }
  - { Name: Z, Format: Int16, FillSize: 6 }
" + &resources(&[
        ("Out", "RWStructuredBuffer", 0),
        ("F", "RWStructuredBuffer", 1),
    ]);
    let b = run("fill", shader, &pipeline, &[]).buffers();
    assert_eq!(b["Out"], json!([100, 7, 101, 7, 7, 7]));
    assert_eq!(b["F"], json!([2.5, 2.5, 5, 2.5]));
    // Without FillValue the bytes are zero; unbound buffers print as given.
    assert_eq!(b["Z"], json!([0, 0, 0]));
}

#[test]
fn dispatch_group_count() {
    let shader = "RWStructuredBuffer<uint> Out : register(u0);
[numthreads(2, 1, 1)]
void main(uint3 gid : SV_GroupID, uint3 gtid : SV_GroupThreadID)
{
    Out[(gid.y * 3 + gid.x) * 2 + gtid.x] = gid.x * 100 + gid.y * 10 + gtid.x;
}
";
    let pipeline = header([3, 2, 1])
        + "Buffers:\n  - { Name: Out, Format: UInt32, FillSize: 56, FillValue: 9 }\n"
        + &resources(&[("Out", "RWStructuredBuffer", 0)]);
    let b = run("groups", shader, &pipeline, &[]).buffers();
    assert_eq!(
        b["Out"],
        json!([0, 1, 100, 101, 200, 201, 10, 11, 110, 111, 210, 211, 9, 9])
    );
}

#[test]
fn nan_and_infinities_print_as_strings() {
    let shader = "StructuredBuffer<float> In : register(t0);
RWStructuredBuffer<float> F : register(u0);
RWStructuredBuffer<double> D : register(u1);
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    float v = id.x < 3 ? In[id.x] / In[0] : In[id.x];
    F[id.x] = v;
    D[id.x] = id.x < 3 ? (double)In[id.x] / (double)In[0] : (double)In[id.x];
}
";
    let pipeline = header([1, 1, 1])
        + "Buffers:
  - { Name: In, Format: Float32, Data: [0, 1, -1, 0.1] }
  - { Name: F, Format: Float32, FillSize: 16 }
  - { Name: D, Format: Float64, FillSize: 32 }
" + &resources(&[
        ("In", "StructuredBuffer", 0),
        ("F", "RWStructuredBuffer", 0),
        ("D", "RWStructuredBuffer", 1),
    ]);
    let ran = run("nan", shader, &pipeline, &[]);
    let b = ran.buffers();
    assert_eq!(b["F"], json!(["nan", "inf", "-inf", 0.1]));
    // 0.1f widened to double keeps the float's value, printed with all its digits.
    assert_eq!(b["D"], json!(["nan", "inf", "-inf", 0.10000000149011612]));
}

#[test]
fn vulkan_bindings_take_precedence() {
    let shader = "[[vk::binding(3)]] RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() { Out[0] = 5; }
";
    let pipeline = header([1, 1, 1])
        + "Buffers:\n  - { Name: Out, Format: UInt32, FillSize: 4 }\n"
        + "DescriptorSets:\n  - Resources:\n    - { Name: Out, Kind: RWStructuredBuffer, DirectXBinding: { Register: 0, Space: 0 }, VulkanBinding: { Binding: 3 } }\n";
    let b = run("vulkan", shader, &pipeline, &[]).buffers();
    assert_eq!(b["Out"], json!([5]));
}

const WRITE_ONE: &str = "RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() { Out[0] = 1; }
";

#[test]
fn a_resource_without_a_buffer_is_an_error() {
    let pipeline = header([1, 1, 1])
        + "Buffers:\n  - { Name: Out, Format: UInt32, FillSize: 4 }\n"
        + &resources(&[("Missing", "RWStructuredBuffer", 0)]);
    let ran = run("nobuffer", WRITE_ONE, &pipeline, &[]);
    assert_eq!(ran.code, Some(1));
    assert!(ran.stdout.is_empty());
    assert!(
        ran.stderr
            .contains("hlslc: error: pipeline: resource Missing names no buffer"),
        "{}",
        ran.stderr
    );
}

#[test]
fn a_shader_that_does_not_compile_is_an_error() {
    let pipeline = header([1, 1, 1])
        + "Buffers:\n  - { Name: Out, Format: UInt32, FillSize: 4 }\n"
        + &resources(&[("Out", "RWStructuredBuffer", 0)]);
    let broken = WRITE_ONE.replace("Out[0] = 1;", "Out[0] = undefined_name;");
    let ran = run("broken", &broken, &pipeline, &[]);
    assert_eq!(ran.code, Some(1));
    assert!(ran.stdout.is_empty());
    assert!(
        ran.stderr.contains("error[") && ran.stderr.contains("undefined_name"),
        "{}",
        ran.stderr
    );
}

#[test]
fn an_unsupported_feature_is_an_error() {
    // Cube sampling is not interpreted.
    let shader = "TextureCube<float4> Sky : register(t0);
SamplerState Linear : register(s0);
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main() { Out[0] = Sky.SampleLevel(Linear, float3(1, 0, 0), 0); }
";
    let pipeline = header([1, 1, 1])
        + "Buffers:
  - { Name: Sky, Format: Float32, Channels: 4, Width: 1, Height: 1, FillSize: 96 }
  - { Name: Out, Format: Float32, FillSize: 16 }
Samplers:
  - { Name: Linear, MagFilter: Linear, MinFilter: Linear }
" + &resources(&[
        ("Sky", "TextureCube", 0),
        ("Linear", "Sampler", 0),
        ("Out", "RWStructuredBuffer", 0),
    ]);
    let ran = run("unsupported", shader, &pipeline, &[]);
    assert_eq!(ran.code, Some(1));
    assert!(ran.stdout.is_empty());
    assert!(
        ran.stderr
            .contains("hlslc: error: unsupported: sampling a TextureCube"),
        "{}",
        ran.stderr
    );
}

#[test]
fn negative_int_literals_in_float_vectors() {
    let shader = "RWStructuredBuffer<float2> Out : register(u0);
[numthreads(1, 1, 1)]
void main() { Out[0] = float2(2, -2); Out[1] = float2(-2.0, 3); }
";
    let pipeline = header([1, 1, 1])
        + "Buffers:\n  - { Name: Out, Format: Float32, FillSize: 16 }\n"
        + &resources(&[("Out", "RWStructuredBuffer", 0)]);
    let b = run("negative", shader, &pipeline, &[]).buffers();
    let out: Vec<f32> = b["Out"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap() as f32)
        .collect();
    assert_eq!(out, [2.0, -2.0, -2.0, 3.0]);
}

#[test]
fn volume_and_comparison_sampling() {
    let shader = "Texture3D<float> Volume : register(t0);
Texture2D<float> Depth : register(t1);
SamplerState Linear : register(s0);
SamplerComparisonState Shadow : register(s1);
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main()
{
    Out[0] = Volume.SampleLevel(Linear, float3(0.5, 0.5, 0.5), 0);
    Out[1] = Volume.SampleLevel(Linear, float3(0.75, 0.25, 0.75), 0);
    Out[2] = Depth.SampleCmpLevelZero(Shadow, float2(0.5, 0.5), 0.5);
    Out[3] = Depth.SampleCmpLevelZero(Shadow, float2(0.25, 0.5), 0.3);
}
";
    // Volume texel (x, y, z) = 4z + 2y + x; depth texels 0.25, 0.75 (left, right).
    let pipeline = header([1, 1, 1])
        + "Buffers:
  - { Name: Volume, Format: Float32, Width: 2, Height: 2, Depth: 2, Data: [0, 1, 2, 3, 4, 5, 6, 7] }
  - { Name: Depth, Format: Float32, Width: 2, Height: 1, Data: [0.25, 0.75] }
  - { Name: Out, Format: Float32, FillSize: 16 }
Samplers:
  - { Name: Linear, MagFilter: Linear, Address: Clamp }
  - { Name: Shadow, MagFilter: Linear, Address: Clamp, ComparisonOp: LessEqual }
" + &resources(&[
        ("Volume", "Texture3D", 0),
        ("Depth", "Texture2D", 1),
        ("Linear", "Sampler", 0),
        ("Shadow", "SamplerComparison", 1),
        ("Out", "RWStructuredBuffer", 0),
    ]);
    let b = run("volume", shader, &pipeline, &[]).buffers();
    // The centre of the volume averages all texels: 3.5. At (0.75, 0.25, 0.75) the footprint
    // is the single texel (1, 0, 1) = 5. Halfway between a failing (0.25 < 0.5) and a passing
    // texel: 0.5. At the centre of the left texel only it counts, and 0.3 > 0.25 fails: 0.
    assert_eq!(b["Out"], json!([3.5, 5, 0.5, 0]));
}

/// A combined image sampler runs with the `Samplers` entry of its own name as its sampler.
#[test]
fn combined_image_sampler() {
    let shader = "vk::SampledTexture2D<float> Tex : register(t0);
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main()
{
    Out[0] = Tex.SampleLevel(float2(0.5, 0.5), 0);
    Out[1] = Tex.SampleLevel(float2(0.25, 0.75), 0);
    Out[2] = Tex.Load(int3(1, 1, 0));
    Out[3] = Tex[uint2(1, 0)];
    uint w, h;
    Tex.GetDimensions(w, h);
    Out[4] = w * 10 + h;
}
";
    // Texels (x, y): (0, 0) = 0, (1, 0) = 10, (0, 1) = 20, (1, 1) = 30.
    let pipeline = header([1, 1, 1])
        + "Buffers:
  - { Name: Tex, Format: Float32, Width: 2, Height: 2, Data: [0, 10, 20, 30] }
  - { Name: Out, Format: Float32, FillSize: 20 }
Samplers:
  - { Name: Tex, MagFilter: Linear, Address: Clamp }
" + &resources(&[
        ("Tex", "SampledTexture2D", 0),
        ("Out", "RWStructuredBuffer", 0),
    ]);
    let b = run("combined", shader, &pipeline, &[]).buffers();
    // The centre averages all four texels: 15. (0.25, 0.75) is the centre of texel (0, 1): 20.
    // Texel (1, 1) is 30, texel (1, 0) is 10; the size is 2 x 2.
    assert_eq!(b["Out"], json!([15, 20, 30, 10, 22]));
}

#[test]
fn half_with_16_bit_types() {
    let shader = "RWStructuredBuffer<half> F : register(u0);
[numthreads(1, 1, 1)]
void main() { F[1] = 1.0; }
";
    let pipeline = header([1, 1, 1])
        + "Buffers:\n  - { Name: F, Format: Float16, FillSize: 8 }\n"
        + &resources(&[("F", "RWStructuredBuffer", 0)]);
    let b = run(
        "half",
        shader,
        &pipeline,
        &["-T", "cs_6_2", "-enable-16bit-types"],
    )
    .buffers();
    // With -enable-16bit-types `half` is float16_t (DXC): F[1] is bytes 2..4 of the buffer.
    assert_eq!(b["F"], json!([0, 1, 0, 0]));
}

#[test]
fn texel_buffer_get_dimensions() {
    let shader = "Buffer<float4> B : register(t0);
RWBuffer<uint> R : register(u1);
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() { uint n, m; B.GetDimensions(n); R.GetDimensions(m); Out[0] = n; Out[1] = m; }
";
    // Three float4 texels and five uints.
    let pipeline = header([1, 1, 1])
        + "Buffers:
  - { Name: B, Format: Float32, Channels: 4, Data: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] }
  - { Name: R, Format: UInt32, Data: [1, 2, 3, 4, 5] }
  - { Name: Out, Format: UInt32, FillSize: 8 }
" + &resources(&[
        ("B", "Buffer", 0),
        ("R", "RWBuffer", 1),
        ("Out", "RWStructuredBuffer", 0),
    ]);
    let b = run("texel_dimensions", shader, &pipeline, &[]).buffers();
    assert_eq!(b["Out"], json!([3, 5]));
}

#[test]
fn buffer_get_dimensions() {
    // struct P is 24 bytes with 16-byte alignment (its float3) under the default storage-buffer
    // rules, so its stride is 32: three elements fill 96 bytes; the byte-address buffer has
    // five words, 20 bytes.
    let shader = "struct P { float3 pos; float w; float2 uv; };
StructuredBuffer<P> S : register(t1);
ByteAddressBuffer A : register(t2);
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    uint n, stride, bytes;
    S.GetDimensions(n, stride);
    A.GetDimensions(bytes);
    Out[0] = n; Out[1] = stride; Out[2] = bytes;
}
";
    let pipeline = header([1, 1, 1])
        + "Buffers:
  - { Name: S, Format: Float32, FillSize: 96 }
  - { Name: A, Format: UInt32, Data: [1, 2, 3, 4, 5] }
  - { Name: Out, Format: UInt32, FillSize: 12 }
" + &resources(&[
        ("S", "StructuredBuffer", 1),
        ("A", "ByteAddressBuffer", 2),
        ("Out", "RWStructuredBuffer", 0),
    ]);
    let b = run("dimensions", shader, &pipeline, &[]).buffers();
    assert_eq!(b["Out"], json!([3, 32, 20]));
}

#[test]
fn byte_address_compare_exchange() {
    // 64 threads race to replace 0 at word 0 with their id + 1: exactly one wins and sees 0,
    // every other thread sees the winner's value. The compare-store at byte 260 expects 7
    // where 0 is, so it writes nothing.
    let shader = "RWByteAddressBuffer B : register(u0);
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint orig;
    B.InterlockedCompareExchange(0, 0, id.x + 1, orig);
    B.Store(4 + 4 * id.x, orig);
    B.InterlockedCompareStore(260, 7, 9);
}
";
    let pipeline = header([1, 1, 1])
        + "Buffers:\n  - { Name: B, Format: UInt32, FillSize: 264 }\n"
        + &resources(&[("B", "RWByteAddressBuffer", 0)]);
    let b = run("compare_exchange", shader, &pipeline, &[]).buffers();
    let words: Vec<u64> = b["B"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let winner_value = words[0];
    assert!((1..=64).contains(&winner_value), "{words:?}");
    let origs = &words[1..65];
    assert_eq!(origs.iter().filter(|&&o| o == 0).count(), 1, "{words:?}");
    let winner = origs.iter().position(|&o| o == 0).unwrap() as u64;
    assert_eq!(winner_value, winner + 1, "{words:?}");
    assert!(origs
        .iter()
        .enumerate()
        .all(|(i, &o)| i as u64 == winner || o == winner_value));
    assert_eq!(words[65], 0);
}

#[test]
fn statics_initialize_in_declaration_order() {
    // `b` needs `a`, which needs `L`; only `b` and `L` are used by the kernel, and `a` only by
    // `b`'s initializer. In declaration order: L = (1, 2, 2) / 3, a = 3 * L.x = 1, b = 2.
    let shader = "static const float3 L = normalize(float3(1, 2, 2));
static float a = L.x * 3;
static float b = a * 2;
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() { Out[0] = b; Out[1] = L.z * 3; }
";
    let pipeline = header([1, 1, 1])
        + "Buffers:\n  - { Name: Out, Format: Float32, FillSize: 8 }\n"
        + &resources(&[("Out", "RWStructuredBuffer", 0)]);
    let b = run("static_order", shader, &pipeline, &[]).buffers();
    let out: Vec<f64> = b["Out"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    assert!((out[0] - 2.0).abs() < 1e-6, "{out:?}");
    assert!((out[1] - 2.0).abs() < 1e-6, "{out:?}");
}

#[test]
fn gathers_with_run_time_and_four_offsets_and_statuses() {
    let shader = "Texture2D<float> T : register(t0);
SamplerState Linear : register(s0);
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    uint s0, s1, s2;
    int2 o = int2(id.x + 1, id.y);
    float2 uv = float2(0.5, 0.5);
    Out[0] = T.Gather(Linear, uv);
    Out[1] = T.GatherRed(Linear, uv, o);
    Out[2] = T.GatherRed(Linear, uv, int2(0, 0), int2(1, 0), int2(0, 1), int2(1, 1), s0);
    Out[3] = T.GatherRed(Linear, uv, int2(0, 0), o, int2(0, 1), int2(1, 1));
    float l = T.Load(int3(3, 3, 0), int2(0, 0), s1);
    float v = T.SampleLevel(Linear, uv, 0, int2(0, 0), s2);
    Out[4] = float4(l, v, CheckAccessFullyMapped(s0) && CheckAccessFullyMapped(s1), s2 == 0 ? 7 : 8);
}
";
    // A 4x4 texture whose texel (x, y) holds x + 4y. At uv (0.5, 0.5) the footprint is
    // x 1..2, y 1..2, gathered as (x0, y1), (x1, y1), (x1, y0), (x0, y0) = 9, 10, 6, 5. The
    // offset (1, 0) shifts it right: 10, 11, 7, 6. Four offsets take component i from the
    // gather at offset i: (0, 0) -> 9, (1, 0) -> 11, (0, 1) -> 10, (1, 1) -> 10, whether the
    // offsets are constants or not. Every texel is resident: statuses are 0 and
    // CheckAccessFullyMapped is true. The load reads texel (3, 3) = 15; bilinear sampling at
    // the footprint's centre averages 5, 6, 9, 10 = 7.5.
    let texels: Vec<String> = (0..16).map(|i| i.to_string()).collect();
    let pipeline = header([1, 1, 1])
        + &format!(
            "Buffers:\n  - {{ Name: T, Format: Float32, Width: 4, Height: 4, Data: [{}] }}\n",
            texels.join(", ")
        )
        + "  - { Name: Out, Format: Float32, FillSize: 80 }
Samplers:
  - { Name: Linear, MagFilter: Linear, Address: Clamp }
" + &resources(&[
        ("T", "Texture2D", 0),
        ("Linear", "Sampler", 0),
        ("Out", "RWStructuredBuffer", 0),
    ]);
    let b = run("gather_offsets", shader, &pipeline, &[]).buffers();
    assert_eq!(
        b["Out"],
        json!([9, 10, 6, 5, 10, 11, 7, 6, 9, 11, 10, 10, 9, 11, 10, 10, 15, 7.5, 1, 7])
    );
}

#[test]
fn sample_cmp_level_with_a_status() {
    let shader = "Texture2D<float> Depth : register(t0);
SamplerComparisonState Shadow : register(s0);
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main()
{
    uint s;
    Out[0] = Depth.SampleCmpLevel(Shadow, float2(0.5, 0.5), 0.5, 0.0);
    Out[1] = Depth.SampleCmpLevel(Shadow, float2(0.25, 0.5), 0.5, 3.0, int2(1, 0), s);
    Out[2] = CheckAccessFullyMapped(s);
}
";
    // Depth texels 0.25, 0.75 (left, right); LessEqual passes where 0.5 <= texel. Halfway
    // between them half the footprint passes: 0.5. The texture has one level, which level 3
    // clamps to; the offset moves the left texel's centre onto the right one: 1. Every texel
    // is resident.
    let pipeline = header([1, 1, 1])
        + "Buffers:
  - { Name: Depth, Format: Float32, Width: 2, Height: 1, Data: [0.25, 0.75] }
  - { Name: Out, Format: Float32, FillSize: 12 }
Samplers:
  - { Name: Shadow, MagFilter: Linear, Address: Clamp, ComparisonOp: LessEqual }
" + &resources(&[
        ("Depth", "Texture2D", 0),
        ("Shadow", "SamplerComparison", 0),
        ("Out", "RWStructuredBuffer", 0),
    ]);
    let b = run("cmp_level", shader, &pipeline, &["-T", "cs_6_7"]).buffers();
    assert_eq!(b["Out"], json!([0.5, 1, 1]));
}

#[test]
fn templated_byte_address_loads_and_stores() {
    let shader = "ByteAddressBuffer In : register(t0);
RWByteAddressBuffer Out : register(u0);
struct P { uint16_t a; uint16_t b; uint c; };
[numthreads(1, 1, 1)]
void main()
{
    P p = In.Load<P>(0);
    uint16_t2 v = In.Load<uint16_t2>(8);
    float2x2 m = In.Load<float2x2>(12);
    Out.Store(0, p.a + p.b + p.c);
    Out.Store<uint16_t>(6, v.y);
    Out.Store(8, m[0][1]);
    Out.Store(12, (uint)m[1][0]);
}
";
    // Word 0 holds a = 3 (low half) and b = 5, word 1 c = 10, word 2 the halves 2 and 7,
    // words 3 to 6 the floats 1, 2, 3, 4 in column-major order: m[0][1] = 3, m[1][0] = 2.
    let pipeline = header([1, 1, 1])
        + "Buffers:\n  - { Name: In, Format: UInt32, Data: [327683, 10, 458754, 1065353216, 1073741824, 1077936128, 1082130432] }\n  - { Name: Out, Format: UInt32, FillSize: 16, FillValue: 9 }\n"
        + &resources(&[("In", "ByteAddressBuffer", 0), ("Out", "RWByteAddressBuffer", 0)]);
    let b = run(
        "templated-bytes",
        shader,
        &pipeline,
        &["-T", "cs_6_2", "-enable-16bit-types"],
    )
    .buffers();
    // 3 + 5 + 10; word 1 keeps its low half 9 under the stored 7 (0x00070009); the bits of
    // 3.0f; 2.
    assert_eq!(b["Out"], json!([18, 458761, 1077936128, 2]));
}

#[test]
fn a_typed_buffers_stride_is_its_texel_size_in_its_format() {
    // `In` is Int32 texels (Stride 4): the float view converts 3 and -2 (read as bits they
    // would be denormals, flushed to 0 by the product). `Q` is two Float32 channels
    // (Stride 8) read as float4: (1, 2, 0, 1) and (3, 4, 0, 1).
    let shader = "Buffer<float> In : register(t0);
Buffer<float4> Q : register(t1);
RWBuffer<float> Out : register(u0);
[numthreads(2, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    float4 q = Q[id.x];
    Out[id.x] = In[id.x] * 2;
    Out[id.x + 2] = q.x + q.y * 10 + q.z * 100 + q.w * 1000;
}
";
    let buffers = |q: &str| {
        header([1, 1, 1])
            + "Buffers:\n  - { Name: In, Format: Int32, Stride: 4, Data: [3, -2] }\n"
            + &format!("  - {{ Name: Q, Format: Float32, {q}, Data: [1, 2, 3, 4] }}\n")
            + "  - { Name: Out, Format: Float32, FillSize: 16 }\n"
            + &resources(&[
                ("In", "Buffer", 0),
                ("Q", "Buffer", 1),
                ("Out", "RWBuffer", 0),
            ])
    };
    let b = run("typed-stride", shader, &buffers("Stride: 8"), &[]).buffers();
    assert_eq!(b["Out"], json!([6, -4, 1021, 1043]));
    // Stride and Channels that agree are the same texels.
    let b = run(
        "typed-stride-channels",
        shader,
        &buffers("Stride: 8, Channels: 2"),
        &[],
    )
    .buffers();
    assert_eq!(b["Out"], json!([6, -4, 1021, 1043]));
    // Disagreeing, or no whole texel: a clear error.
    let ran = run(
        "typed-stride-disagrees",
        shader,
        &buffers("Stride: 12, Channels: 2"),
        &[],
    );
    assert_ne!(ran.code, Some(0));
    assert!(
        ran.stderr
            .contains("buffer Q: Stride 12 and Channels 2 disagree: a typed buffer's texel is 2 values of Float32 (8 bytes)"),
        "{}",
        ran.stderr
    );
    let ran = run("typed-stride-odd", shader, &buffers("Stride: 6"), &[]);
    assert_ne!(ran.code, Some(0));
    assert!(
        ran.stderr.contains(
            "buffer Q: Stride 6 is no typed buffer texel of Float32: a texel is 1 to 4 values of 4 bytes (Stride 4 to 16)"
        ),
        "{}",
        ran.stderr
    );
}

#[test]
fn float_atomics_move_denormals_untouched() {
    // The interpreter's rule for 32-bit denormals: arithmetic flushes them, moves keep them.
    // An atomic exchange on a float texel or buffer element is a move (the old bits come back
    // and the new bits are stored, 3 and 5 are denormals), a bitwise compare-exchange compares
    // bits (denormal 2 matches itself, -0 matches 0x80000000 only); the product fed to the
    // last exchange is arithmetic, so 4 * 1.0 flushes to 0 unless `-denorm preserve`.
    let shader = "RWTexture2D<float> T : register(u0);
RWByteAddressBuffer B : register(u1);
RWStructuredBuffer<float> S : register(u2);
RWStructuredBuffer<uint> O : register(u3);
[numthreads(1, 1, 1)]
void main()
{
    float a, b, c, d;
    InterlockedExchange(T[uint2(0, 0)], asfloat(5u), a);
    B.InterlockedCompareExchangeFloatBitwise(0, asfloat(2u), 1.0, b);
    B.InterlockedCompareExchangeFloatBitwise(4, -0.0, asfloat(7u), c);
    InterlockedExchange(S[0], S[1] * 1.0, d);
    O[0] = asuint(a);
    O[1] = asuint(b);
    O[2] = asuint(c);
    O[3] = asuint(d);
}
";
    let pipeline = header([1, 1, 1])
        + "Buffers:\n  - { Name: T, Format: UInt32, Width: 1, Height: 1, Data: [3] }\n"
        + "  - { Name: B, Format: UInt32, Data: [2, 2147483648] }\n"
        + "  - { Name: S, Format: UInt32, Data: [6, 4] }\n"
        + "  - { Name: O, Format: UInt32, FillSize: 16 }\n"
        + &resources(&[
            ("T", "RWTexture2D", 0),
            ("B", "RWByteAddressBuffer", 1),
            ("S", "RWStructuredBuffer", 2),
            ("O", "RWStructuredBuffer", 3),
        ]);
    let b = run("float-atomics", shader, &pipeline, &["-T", "cs_6_6"]).buffers();
    assert_eq!(b["T"], json!([5]));
    assert_eq!(b["B"], json!([0x3f80_0000, 7]));
    assert_eq!(b["S"], json!([0, 4]));
    assert_eq!(b["O"], json!([3, 2, 0x8000_0000u32, 6]));
    let kept = run(
        "float-atomics-preserve",
        shader,
        &pipeline,
        &["-T", "cs_6_6", "-denorm", "preserve"],
    )
    .buffers();
    assert_eq!(kept["S"], json!([4, 4]));
}
