//! SPIR-V for what the offload test suite's last failures showed: typed buffers and storage
//! images of 16-bit integers (`RWBuffer<int16_t>`), and typed buffers of two 64-bit integers
//! (`RWBuffer<uint64_t2>`). Vulkan's image sampled type must be a 32-bit (or 64-bit integer)
//! scalar, so a 16-bit texel is a 32-bit integer of an `R16i`/`Rg16ui`-class format (the device
//! stores 16 bits), converted down on read (`OpSConvert`/`OpUConvert`) and up on write; and
//! since no Vulkan format holds two 64-bit integers, such a texel is four 32-bit integers
//! (`Rgba32ui`), bit cast each way, as D3D backs these buffers. Every module passes
//! `spirv-val`.

use crate::harness::{compile, refuse};

#[test]
fn sixteen_bit_integer_texels_are_32_bit_in_the_image_and_converted() {
    let m = compile(
        "RWBuffer<int16_t> S : register(u0);
RWBuffer<uint16_t2> U : register(u1);
Buffer<int16_t4> R : register(t2);
RWTexture2D<uint16_t4> T : register(u3);
RWStructuredBuffer<int> Out : register(u4);
[numthreads(1, 1, 1)]
void main() {
    Out[0] = S[0] + S[1];
    S[2] = (int16_t)-5;
    U[0] = U[1] + uint16_t2(1, 2);
    Out[1] = R[0].w;
    T[uint2(1, 2)] = T[uint2(0, 0)];
}
",
        "cs_6_2",
        &["-enable-16bit-types"],
    );
    m.assert_has(&[
        // Storage formats from the element type; the sampled buffer has none.
        "OpTypeImage %int Buffer 0 0 0 2 R16i",
        "OpTypeImage %uint Buffer 0 0 0 2 Rg16ui",
        "OpTypeImage %int Buffer 0 0 0 1 Unknown",
        "OpTypeImage %uint 2D 0 0 0 2 Rgba16ui",
        // R16i and Rg16ui are extended storage formats (Rgba16ui is not).
        "OpCapability StorageImageExtendedFormats",
        // Reads: 32-bit texels, the used components converted down.
        "= OpImageRead %v4int ",
        "= OpSConvert %int16 ",
        "= OpUConvert %v2uint16 ",
        "= OpImageFetch %v4int ",
        "= OpSConvert %v4int16 ",
        // Writes: converted up before `OpImageWrite`.
        "= OpSConvert %int %",
        "= OpUConvert %v2uint %",
        "= OpUConvert %v4uint %",
    ]);
    assert!(
        !m.has("OpTypeImage %int16") && !m.has("OpTypeImage %uint16"),
        "{}",
        m.asm
    );
}

#[test]
fn sixteen_bit_float_texels_stay_refused() {
    // DXC: "The sampled type for textures cannot be a floating point type smaller than
    // 32-bits when targeting a Vulkan environment."
    refuse(
        "RWBuffer<half> H : register(u0);
[numthreads(1, 1, 1)]
void main() { H[0] = H[1]; }
",
        "cs_6_2",
        &["-enable-16bit-types"],
        1,
        "texel type float16_t",
    );
}

#[test]
fn two_64_bit_integers_are_four_32_bit_ones_in_a_typed_buffer() {
    let m = compile(
        "RWBuffer<uint64_t2> U : register(u0);
Buffer<int64_t2> S : register(t1);
RWBuffer<int64_t2> W : register(u2);
RWStructuredBuffer<uint64_t> Out : register(u3);
[numthreads(1, 1, 1)]
void main() {
    U[0] = U[1] + uint64_t2(1, 2);
    Out[0] = U[2].y;
    W[0] = S[0] * 2;
}
",
        "cs_6_0",
        &[],
    );
    m.assert_has(&[
        "OpTypeImage %uint Buffer 0 0 0 2 Rgba32ui",
        "OpTypeImage %int Buffer 0 0 0 2 Rgba32i",
        "OpTypeImage %int Buffer 0 0 0 1 Unknown",
        "= OpImageRead %v4uint ",
        "= OpBitcast %v2uint64 ",
        "= OpBitcast %v4uint ",
        "= OpImageFetch %v4int ",
        "= OpBitcast %v2int64 ",
        "= OpBitcast %v4int ",
    ]);
    // No 64-bit image: neither the capability nor the extension.
    assert!(
        !m.has("Int64ImageEXT") && !m.has("OpTypeImage %uint64"),
        "{}",
        m.asm
    );
}

#[test]
fn textures_of_two_64_bit_integers_stay_refused() {
    // Only typed buffers are backed by four 32-bit channels.
    refuse(
        "RWTexture1D<int64_t2> T : register(u0);
[numthreads(1, 1, 1)]
void main() { T[0] = T[1]; }
",
        "cs_6_0",
        &[],
        1,
        "texel type int64_t2 (only 32-bit texels)",
    );
}

#[test]
fn wave_size_has_no_spirv_mode() {
    // Vulkan sets a required subgroup size on the pipeline; the module only has LocalSize.
    let m = compile(
        "RWStructuredBuffer<uint> Out : register(u0);
[WaveSize(64)] [numthreads(64, 1, 1)]
void main(uint i : SV_GroupIndex) { Out[i] = WaveGetLaneCount(); }
",
        "cs_6_6",
        &["-fspv-target-env=vulkan1.1"],
    );
    m.assert_has(&[
        "OpExecutionMode %main LocalSize 64 1 1",
        "BuiltIn SubgroupSize",
    ]);
    assert_eq!(m.asm.matches("OpExecutionMode").count(), 1, "{}", m.asm);
}
