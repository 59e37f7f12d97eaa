//! Function parameters and calls the lowering once refused (issue #4 item 4), through
//! `hlslc -spirv` and `spirv-val`: parameters declared as arrays of unknown size.

use crate::harness::compile;

/// The number of `OpFunction`s of the module.
fn functions(asm: &str) -> usize {
    asm.lines().filter(|l| l.contains("= OpFunction ")).count()
}

#[test]
fn unsized_array_parameters_take_the_length_of_each_argument() {
    // `weigh` is called with a `float4[2]` and a `float4[3]`: one function per length,
    // besides `main` and `main_body`; `scale`'s `inout` parameter is a pointer to an array.
    let text = r#"
float4 weigh(float4 a[], float4 w) { return a[0] * w + a[1]; }
void scale(inout float4 a[], float k) { a[0] *= k; }
float4 main(float4 color : COLOR0) : SV_Target {
    float4 pair[2] = {color, color.wzyx};
    float4 triple[3] = {color, color, color};
    scale(pair, 2.0);
    return weigh(pair, color) + weigh(triple, color);
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    assert_eq!(functions(&m.asm), 5, "{}", m.asm);
    m.assert_has(&[
        "OpTypeArray %v4float %uint_2",
        "OpTypeArray %v4float %uint_3",
    ]);
}

#[test]
fn run_time_defaults_read_the_cbuffer_at_the_call() {
    // `tint`'s default reads the cbuffer member `Tint` and `$Globals`'s `Bias` at the call:
    // both blocks are loaded in `main_body`, which is the only caller.
    let text = r#"
cbuffer Material : register(b0) { float4 Tint; };
uniform float Bias;
float4 tint(float4 c, float4 t = Tint, float b = Bias + 0.5) { return c * t + b; }
float4 main(float4 color : COLOR0) : SV_Target {
    return tint(color);
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    m.assert_has(&[
        "OpName %Material \"Material\"",
        "OpName %_Globals \"$Globals\"",
    ]);
    assert_eq!(functions(&m.asm), 3, "{}", m.asm);
}

#[test]
fn local_resource_arrays_pass_element_by_element() {
    // `blend(pair)` samples `Base` and `Layers[1]`: the copy takes the index of `Layers`'s
    // element as an `int` parameter, so no image or sampler is ever in `Function` storage.
    let text = r#"
Texture2D Base : register(t0);
Texture2D Layers[3] : register(t1);
SamplerState Linear : register(s0);
float4 blend(Texture2D ts[2], float2 uv) { return ts[0].Sample(Linear, uv) * ts[1].Sample(Linear, uv); }
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    Texture2D pair[2] = {Base, Layers[1]};
    return blend(pair, uv);
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    assert_eq!(functions(&m.asm), 3, "{}", m.asm);
    assert!(
        !m.asm.contains("OpTypePointer Function %type_image"),
        "{}",
        m.asm
    );
    m.assert_has(&["%ts_1_index = OpFunctionParameter %int"]);
}

#[test]
fn inout_structs_holding_elements_of_resource_arrays() {
    // `dim` takes the data part of `Layer` by pointer and the index of `Maps`'s element;
    // it leaves `l.map` as it came, so main samples `Maps[1]` after the call.
    let text = r#"
Texture2D Maps[2] : register(t0);
SamplerState Linear : register(s0);
struct Layer { Texture2D map; float weight; };
void dim(inout Layer l) { l.weight *= 0.5; }
float4 main(float2 uv : TEXCOORD0) : SV_Target {
    Layer l;
    l.map = Maps[1];
    l.weight = 1;
    dim(l);
    return l.map.Sample(Linear, uv) * l.weight;
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    assert_eq!(functions(&m.asm), 3, "{}", m.asm);
    m.assert_has(&["%l_index = OpFunctionParameter %int"]);
}

#[test]
fn sizeof_a_local_struct_is_a_constant() {
    // float3 + float + uint2 = 12 + 4 + 8 = 24 bytes, stored as a constant.
    let text = r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    struct Particle { float3 position; float life; uint2 ids; };
    Out[0] = sizeof(Particle);
}
"#;
    let m = compile(text, "cs_6_0", &[]);
    m.assert_has(&["%uint_24 = OpConstant %uint 24"]);
}

#[test]
fn swept_forms_validate_under_vulkan_1_0() {
    // An atomic on one component of a shared vector (an access chain to it), a `?:` of
    // structs and of arrays (branches and an `OpPhi`: SPIR-V 1.0 selects only scalars and
    // vectors), a run-time index into a swizzle, a `static` resource local, `~` of a bool.
    let text = r#"
RWStructuredBuffer<int> Out : register(u0);
StructuredBuffer<int> Src : register(t0);
groupshared uint2 Counts;
struct Pair { int a; int b; };
int first(uint k) { static StructuredBuffer<int> s = Src; return s[k]; }
[numthreads(4, 1, 1)]
void main(uint i : SV_GroupIndex) {
    InterlockedAdd(Counts.y, i);
    Pair x = {1, 2};
    Pair y = {3, 4};
    Pair z = i > 1 ? x : y;
    int p[2] = {5, 6};
    int q[2] = {7, 8};
    int r[2] = i > 2 ? p : q;
    float4 v = 0;
    v.zyx[i % 3] = 7;
    bool t = i > 0;
    Out[i] = z.a + r[1] + (int)v.x + first(i) + ~t;
}
"#;
    let m = compile(text, "cs_6_0", &[]);
    m.assert_has(&["OpAtomicIAdd", "OpPhi %Pair"]);
    assert!(!m.asm.contains("OpSelect %Pair"), "{}", m.asm);
}

#[test]
fn an_array_of_unknown_size_needs_whole_elements() {
    // Seven scalars fill one `float4` and part of another (the lowering met this as "an
    // initializer list with extra values"); the checker refuses it.
    let text = r#"
float4 main() : SV_Target {
    float4 colors[] = {1, 2, 3, 4, 5, 6, 7};
    return colors[0];
}
"#;
    crate::harness::refuse(
        text,
        "ps_6_0",
        &[],
        1,
        "error[E2016]: initializer list has 7 component(s), `float4[]` needs a multiple of 4",
    );
}

#[test]
fn a_constant_index_into_a_storage_texel_is_a_component_write() {
    // `t[c][2] = x` reads the texel, inserts component 2, writes it back.
    let text = r#"
RWTexture2D<float4> Target : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Target[id.xy][2] = 0.5;
}
"#;
    let m = compile(text, "cs_6_0", &["-fspv-target-env=vulkan1.1"]);
    m.assert_has(&[
        "OpImageRead",
        "OpCompositeInsert %v4float %float_0_5",
        "OpImageWrite",
    ]);
}

#[test]
fn matrix_elements_behind_a_buffer_pointer_are_access_chains() {
    // `m[1][2]` is an access chain member, row, column to one float; `m[0]` to a row (a
    // `v3float`); each store claims the component alignment.
    let text = r#"
struct Frame { float3x3 m; float k; };
cbuffer Params : register(b0) { vk::BufferPointer<Frame> P; float X; };
[numthreads(1, 1, 1)]
void main() {
    P.Get().m[1][2] = X;
    P.Get().m[0] = float3(1, 2, 3);
    P.Get().m._m20_m21 = float2(4, 5);
}
"#;
    let m = compile(text, "cs_6_0", &["-fspv-target-env=vulkan1.2"]);
    m.assert_has(&[
        "OpAccessChain %_ptr_PhysicalStorageBuffer_float %",
        "%int_0 %int_1 %int_2",
        "OpAccessChain %_ptr_PhysicalStorageBuffer_v3float %",
        "Aligned 4",
    ]);
}

#[test]
fn float_bitwise_compare_exchange_is_an_integer_compare_exchange() {
    let text = r#"
RWByteAddressBuffer Words : register(u0);
RWStructuredBuffer<float> Out : register(u1);
[numthreads(1, 1, 1)]
void main() {
    float original;
    Words.InterlockedCompareExchangeFloatBitwise(4, 3.0, 4.5, original);
    Out[0] = original;
}
"#;
    let m = compile(text, "cs_6_6", &[]);
    m.assert_has(&["OpAtomicCompareExchange %uint", "OpBitcast %float"]);
}

#[test]
fn add_uint64_is_two_adds_and_a_carry() {
    let text = r#"
RWStructuredBuffer<uint2> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Out[0] = AddUint64(Out[1], uint2(id.x, 0));
}
"#;
    let m = compile(text, "cs_6_0", &[]);
    m.assert_has(&["OpULessThan %bool", "OpIAdd %uint"]);
}

#[test]
fn packed_8_bit_intrinsics_are_integer_arithmetic() {
    // Packing masks, shifts and ORs the bytes; unpacking shifts them back, 16-bit results
    // converted down; the packed dot products are SPIR-V's integer dot products, as DXC maps
    // them (`packed_math`).
    let text = r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    int4 v = int4(id.x, -2, 300, 4);
    Out[0] = pack_clamp_s8(v) ^ pack_u8(v);
    int16_t4 s = unpack_s8s16(Out[1]);
    uint4 u = unpack_u8u32(Out[2]);
    Out[3] = s.y + u.z;
    Out[4] = dot4add_u8packed(Out[5], Out[6], 1) + dot4add_i8packed(Out[7], Out[8], 2);
    Out[9] = (uint)dot2add(half2(id.xy), half2(1, 2), 0.5);
}
"#;
    let m = compile(text, "cs_6_6", &["-enable-16bit-types"]);
    m.assert_has(&["OpBitwiseOr", "OpShiftRightArithmetic", "OpUDot", "OpSDot"]);
}
