//! Multisampled storage images (`RWTexture2DMS`, `RWTexture2DMSArray`): `tex[c]` reads and
//! writes sample 0 as DXC does, `tex.sample[s][c]` reads and writes sample `s`.

use crate::harness::compile;

#[test]
fn indexing_a_multisampled_storage_image_uses_sample_0() {
    let m = compile(
        "RWTexture2DMS<float4> T : register(u0);
RWTexture2DMSArray<int4> A : register(u1);
[numthreads(1, 1, 1)]
void main() {
  T[uint2(1, 2)] = T[uint2(3, 4)] + 1;
  A[uint3(1, 2, 0)] = A[uint3(3, 4, 1)];
}
",
        "cs_6_7",
        &[],
    );
    assert_eq!(m.asm.matches(" Sample %uint_0").count(), 4, "{}", m.asm);
    m.assert_has(&[
        "OpCapability StorageImageMultisample",
        "OpCapability ImageMSArray",
    ]);
}

#[test]
fn sample_member_reads_the_given_sample() {
    let m = compile(
        "RWTexture2DMS<float4> T : register(u0);
RWStructuredBuffer<float4> Out : register(u1);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) { Out[0] = T.sample[id.x][uint2(1, 2)]; }
",
        "cs_6_7",
        &[],
    );
    m.assert_has(&["OpImageRead %v4float"]);
    assert!(!m.has("Sample %uint_0"), "{}", m.asm);
}

#[test]
fn writing_one_sample_through_the_sample_member_names_that_sample() {
    let m = compile(
        "RWTexture2DMS<float4> T : register(u0);
[numthreads(1, 1, 1)]
void main() { T.sample[1][uint2(1, 2)] = 1; }
",
        "cs_6_7",
        &[],
    );
    assert!(m.has("Sample %uint_1"), "{}", m.asm);
}
