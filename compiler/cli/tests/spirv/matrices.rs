//! Matrices and one-component vectors as DXC's `docs/SPIR-V.rst` maps them: `float1` is a
//! scalar in SPIR-V, so indexing one (`v[i]`) is the value itself; `++`/`--` of a matrix add a
//! matrix of ones.

use crate::harness::compile;

#[test]
fn indexing_a_float1_is_the_value_itself() {
    // The access chain into a `float1` variable stops at the variable (a scalar): no
    // `OpAccessChain` reaches past a non-composite.
    let m = compile(
        "RWStructuredBuffer<float1> B : register(u0);
RWStructuredBuffer<uint> I : register(u1);
[numthreads(1, 1, 1)]
void main() {
  float1 b = B[0];
  uint i = I[0];
  b[i] = b[i] + 1;
  B[0][i] = (b + b)[i];
  B[1][0] = b[0];
}
",
        "cs_6_0",
        &[],
    );
    assert!(!m.has("OpAccessChain %_ptr_Function_float"), "{}", m.asm);
}

#[test]
fn increment_and_decrement_of_a_matrix_add_a_matrix_of_ones() {
    let m = compile(
        "RWStructuredBuffer<float2x2> B : register(u0);
RWStructuredBuffer<int3> C : register(u1);
[numthreads(1, 1, 1)]
void main() {
  float2x2 m = B[0];
  m++;
  --m;
  int2x3 n = int2x3(C[0], C[1]);
  n++;
  B[1] = m;
  C[2] = n[1];
}
",
        "cs_6_0",
        &[],
    );
    m.assert_has(&["OpFAdd %v2float", "OpFSub %v2float", "OpIAdd %v3int"]);
}

/// SPIR-V has no integer matrices: a `row_major` one in a buffer is an array of rows, and a
/// column-major one (HLSL's default without `-Zpr`) is refused in DXC's words.
#[test]
fn integer_matrices_in_buffers_are_row_major_arrays_or_refused() {
    let text = "cbuffer C { MAJOR int2x2 a; MAJOR uint3x2 b; };
float4 main() : SV_Target { return float4(a[0][1], a[1][0], b[2][1], 1); }
";
    crate::harness::refuse(
        &text.replace("MAJOR ", ""),
        "ps_6_0",
        &[],
        1,
        "externally initialized non-floating-point column-major matrices not supported yet",
    );
    let m = compile(&text.replace("MAJOR", "row_major"), "ps_6_0", &[]);
    m.assert_has(&["OpTypeArray %v2int", "OpTypeArray %v2uint"]);
    let m = compile(&text.replace("MAJOR ", ""), "ps_6_0", &["-Zpr"]);
    m.assert_has(&["OpTypeArray %v2int", "OpTypeArray %v2uint"]);
}
