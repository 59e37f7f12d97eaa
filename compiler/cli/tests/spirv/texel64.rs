//! Storage images of 64-bit integer texels (`RWTexture2D<uint64_t>`), as DXC maps them:
//! `R64ui`/`R64i` formats, the `Int64ImageEXT` capability and `SPV_EXT_shader_image_int64`,
//! reads, writes and image atomics.

use crate::harness::compile;

#[test]
fn rwtexture_of_64_bit_ints_reads_writes_and_atomics() {
    let m = compile(
        "RWTexture2D<uint64_t> T : register(u0);
RWTexture2D<int64_t> S : register(u1);
[numthreads(8, 8, 1)]
void main(uint2 id : SV_DispatchThreadID) {
  T[id] = T[id] + 1;
  S[id] = S[id] - (int64_t)T[id];
  uint64_t old;
  InterlockedAdd(T[id], 5, old);
  InterlockedMax(S[id], (int64_t)old);
}
",
        "cs_6_6",
        &[],
    );
    m.assert_has(&[
        "OpCapability Int64ImageEXT",
        "OpExtension \"SPV_EXT_shader_image_int64\"",
        "OpTypeImage %uint64 2D 0 0 0 2 R64ui",
        "OpTypeImage %int64 2D 0 0 0 2 R64i",
        "OpImageRead %v4uint64",
        "OpImageWrite",
        "OpAtomicIAdd %uint64",
        "OpAtomicSMax %int64",
    ]);
    assert!(!m.has("StorageImageExtendedFormats"), "{}", m.asm);
}

#[test]
fn vectors_of_64_bit_texels_are_not_supported() {
    crate::harness::refuse(
        "RWTexture2D<uint64_t2> T : register(u0);
[numthreads(1, 1, 1)]
void main() { T[uint2(0, 0)] = 1; }
",
        "cs_6_0",
        &[],
        1,
        "texel type uint64_t2 (only 32-bit texels)",
    );
}
