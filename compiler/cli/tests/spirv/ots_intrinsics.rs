//! SPIR-V for the intrinsic forms the offload test suite's `HLSLLib` tests exercised and we
//! refused or miscompiled: `dot` of two scalars is a plain multiply (DXC emits `OpFMul` /
//! `OpIMul`, there being no scalar `OpDot`), and under `-HV 202x` an unsuffixed float literal
//! widened to `double` is the float's value. Every module passes `spirv-val`.

use crate::harness::compile;

#[test]
fn dot_of_two_scalars_is_a_multiply() {
    let m = compile(
        r#"
RWStructuredBuffer<float> F : register(u0);
RWStructuredBuffer<int> I : register(u1);
[numthreads(1, 1, 1)]
void main() {
    F[0] = dot(F[1], F[2]);
    I[0] = dot(I[1], I[2]);
}
"#,
        "cs_6_0",
        &[],
    );
    m.assert_has(&["= OpFMul %float ", "= OpIMul %int "]);
    assert!(!m.has("OpDot"), "{}", m.asm);
}

#[test]
fn float_literal_as_double_under_202x_is_the_float_value() {
    // 5.57 as a float is 0x40B23D71; widened to double its words are 0x20000000 (low) and
    // 0x401647AE (high): the disassembler prints the double's value.
    let src = r#"
RWStructuredBuffer<double> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    Out[0] = 5.57;
}
"#;
    let m = compile(src, "cs_6_0", &["-HV", "202x"]);
    m.assert_has(&["OpConstant %double 5.570000171661377"]);
    let m = compile(src, "cs_6_0", &[]);
    m.assert_has(&["OpConstant %double 5.57\n"]);
}

#[test]
fn bit_and_test_intrinsics_of_matrices_go_row_by_row() {
    // DXC's intrinsic table takes any layout (`any_int<>`, `float_like<>`, `double<>`) for
    // these; SPIR-V's instructions take scalars and vectors, so each row is one instruction.
    let m = compile(
        r#"
RWStructuredBuffer<uint4> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    uint4 v = Out[0];
    uint2x2 u = uint2x2(v.xy, v.zw);
    int2x2 s = (int2x2)u;
    float2x2 f = asfloat(u);
    uint2x2 lo, hi;
    asuint((double2x2)f, lo, hi);
    uint2x2 r = countbits(u) + firstbithigh(s) + firstbitlow(u) + reversebits(u)
              + f32tof16(f) + asuint(f16tof32(u)) + lo + hi + (uint2x2)isnan(f)
              + (uint2x2)isinf(f) + (uint2x2)isfinite(f) + asuint(asint(f));
    double2x2 d = asdouble(u, u);
    Out[1] = uint4(r[0], r[1]) + (uint)d[0][0];
}
"#,
        "cs_6_0",
        &[],
    );
    m.assert_has(&[
        "= OpBitCount %v2uint ",
        "= OpBitReverse %v2uint ",
        "= OpIsNan %v2bool ",
        "= OpIsInf %v2bool ",
        "= OpBitcast %v2uint ",
    ]);
}
