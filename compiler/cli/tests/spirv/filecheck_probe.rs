//! Constructs found by compiling DXC's HLSLFileCheck tests with `-spirv` (issue #4, item 4),
//! each in a shader of our own: bit scans and bit reversal of 16- and 64-bit integers
//! (`GLSL.std.450` and Vulkan take 32-bit operands only), truncation of a vector to a
//! one-component vector, and the other front-end and lowering gaps the survey found. Every
//! module goes through `spirv-val`.

use crate::harness::compile;

const WIDE_BIT_SCANS: &str = r#"
RWStructuredBuffer<uint> o;
RWStructuredBuffer<uint16_t> h;
RWStructuredBuffer<int16_t> sh;
RWStructuredBuffer<uint64_t> w;
RWStructuredBuffer<int64_t> sw;
[numthreads(1, 1, 1)]
void main() {
    o[0] = firstbithigh(h[0]);
    o[1] = firstbitlow(h[0]);
    o[2] = firstbithigh(sh[0]);
    o[3] = firstbithigh(w[0]);
    o[4] = firstbitlow(w[0]);
    o[5] = firstbithigh(sw[0]);
    uint2 v = firstbithigh(uint64_t2(w[1], w[2]));
    o[6] = v.x + v.y;
}
"#;

#[test]
fn bit_scans_of_16_and_64_bit_integers_use_32_bit_instructions() {
    let m = compile(WIDE_BIT_SCANS, "cs_6_2", &["-enable-16bit-types"]);
    // 16-bit values are widened first: zero-extended when unsigned, sign-extended for the
    // signed `firstbithigh`.
    m.assert_has(&["= OpUConvert %uint ", "= OpSConvert %int "]);
    // 64-bit values are scanned word by word: two `FindUMsb` on the words, the high one
    // offset by 32 and chosen when the high word is not zero.
    m.assert_has(&[
        "= OpBitcast %v2uint ",
        "FindUMsb",
        "FindILsb",
        "= OpSelect %uint ",
    ]);
    // The signed 64-bit scan complements negative values first (`x ^ (x >> 63)`).
    m.assert_has(&["= OpShiftRightArithmetic %int64 ", "= OpBitwiseXor %int64 "]);
    // No scan of a 16- or 64-bit operand is left (spirv-val would have refused it too).
    for line in m
        .asm
        .lines()
        .filter(|l| l.contains("FindUMsb") || l.contains("FindSMsb"))
    {
        assert!(
            line.contains("%uint") || line.contains("%int"),
            "a bit scan of a non-32-bit value: {line}"
        );
    }
}

const WIDE_REVERSE: &str = r#"
RWStructuredBuffer<uint16_t> h;
RWStructuredBuffer<uint64_t> w;
[numthreads(1, 1, 1)]
void main() {
    h[1] = reversebits(h[0]);
    w[1] = reversebits(w[0]);
    uint64_t2 v = reversebits(uint64_t2(w[2], w[3]));
    w[4] = v.x ^ v.y;
}
"#;

#[test]
fn reversebits_of_16_and_64_bit_integers_reverses_32_bit_words() {
    let m = compile(WIDE_REVERSE, "cs_6_2", &["-enable-16bit-types"]);
    // 16 bits: reversed as the low half of a word, then shifted down by 16.
    m.assert_has(&["= OpBitReverse %uint ", "= OpShiftRightLogical %uint "]);
    // 64 bits: both words reversed, then swapped.
    m.assert_has(&[
        "= OpBitReverse %v2uint ",
        "= OpVectorShuffle %v2uint ",
        "1 0\n",
    ]);
    assert!(!m.has("OpBitReverse %uint64"), "{}", m.asm);
    assert!(!m.has("OpBitReverse %uint16"), "{}", m.asm);
}

const ONE_COMPONENT_TRUNCATION: &str = r#"
RWStructuredBuffer<float> o;
[numthreads(1, 1, 1)]
void main() {
    bool1 b = float4(1, 0, 0, 0);
    int1 i = uint3(7, 2, 3);
    float1 f = o[0].xxxx;
    o[1] = b + i + f;
}
"#;

#[test]
fn truncating_a_vector_to_a_one_component_vector_keeps_its_leading_component() {
    // Used to store a scalar through a pointer to a one-component vector (an IR verifier
    // failure, E4002).
    let m = compile(ONE_COMPONENT_TRUNCATION, "cs_6_0", &[]);
    m.assert_has(&["OpStore"]);
}

#[test]
fn static_cast_compiles_to_the_conversion_of_a_c_style_cast() {
    let m = compile(
        r#"
struct Base { float a; };
struct Derived : Base { float b; };
float4 main(float4 v : V) : SV_Target {
    int4 i = static_cast<int4>(v);
    Derived d = (Derived)0;
    d.a = v.x;
    Base b = static_cast<Base>(d);
    static_cast<void>(i);
    return static_cast<float4>(i) + b.a;
}
"#,
        "ps_6_0",
        &["-HV", "202x"],
    );
    m.assert_has(&["= OpConvertFToS %v4int ", "= OpConvertSToF %v4float "]);
}

#[test]
fn an_atomic_on_the_x_of_a_scalar_texel_points_at_the_texel() {
    // A scalar texel's `.x` is the texel: no refusal as for a component of a vector texel.
    let m = compile(
        r#"
RWTexture2D<uint> tex;
[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint before;
    InterlockedAdd(tex[id.xy].x, 1, before);
    InterlockedMax(tex[id.yx].r, before);
}
"#,
        "cs_6_0",
        &[],
    );
    m.assert_has(&[
        "= OpImageTexelPointer ",
        "= OpAtomicIAdd %uint ",
        "= OpAtomicUMax %uint ",
    ]);
}

#[test]
fn a_texel_component_read_by_a_run_time_index_loads_the_texel() {
    // Used to be refused as a write ("assigning through a run-time index into a texel").
    let m = compile(
        r#"
Buffer<float4> buf;
RWTexture2D<uint4> tex;
float4 main(uint i : I) : SV_Target {
    return buf[2][i] + tex[uint2(i, 1)][i & 3];
}
"#,
        "ps_6_0",
        &[],
    );
    m.assert_has(&[
        "= OpImageFetch %v4float ",
        "= OpImageRead %v4uint ",
        "= OpVectorExtractDynamic %float ",
        "= OpVectorExtractDynamic %uint ",
    ]);
}
