//! SPIR-V closer to DXC's, through `hlslc -spirv`: a float vector or matrix times a scalar is
//! `OpVectorTimesScalar`/`OpMatrixTimesScalar` (the scalar not splatted), integers keep the
//! splat and `OpIMul`; a read-only texture of `bool` is an image of `uint`; typed buffers and
//! textures of element types DXC refuses are refused at the declaration; `[clipplanes]` is
//! accepted with a warning. Every module passes every `spirv-val` installed.

use crate::harness::{compile, refuse, run, Module};

/// How many instructions of `op` with result type `ty` the module holds.
fn count(m: &Module, op: &str, ty: &str) -> usize {
    let needle = format!(" = {op} {ty} ");
    m.asm.lines().filter(|l| l.contains(&needle)).count()
}

/// The result types of the operands of every `op` instruction (after the result type), read
/// from the lines that define them.
fn operand_types(m: &Module, op: &str) -> Vec<Vec<String>> {
    let type_of = |id: &str| -> String {
        let prefix = format!("{id} = ");
        let line = m
            .asm
            .lines()
            .map(str::trim)
            .find(|l| l.starts_with(&prefix))
            .unwrap_or_else(|| panic!("no definition of {id} in:\n{}", m.asm));
        line.split_whitespace()
            .nth(3)
            .unwrap_or_default()
            .to_owned()
    };
    m.asm
        .lines()
        .filter(|l| l.contains(&format!(" = {op} ")))
        .map(|l| {
            l.split_whitespace()
                .skip(4)
                .map(|id| {
                    if id.starts_with("%float_") || id.starts_with("%half_") {
                        id.split('_').next().unwrap_or_default().to_owned()
                    } else {
                        type_of(id)
                    }
                })
                .collect()
        })
        .collect()
}

const VECTORS: &str = r#"
float4 main(float4 v : A, float s : B, int i : C) : SV_Target {
  float4 a = v * s;
  float4 b = s * v;
  a *= s;
  float4 c = mul(s, v);
  float4 d = mul(v, s);
  float4 e = v * 0.5;
  float4 f = 2.0 * v;
  float4 g = v * i;
  return a + b + c + d + e + f + g;
}
"#;

#[test]
fn a_float_vector_times_a_scalar_is_vector_times_scalar() {
    let m = compile(VECTORS, "ps_6_0", &[]);
    assert_eq!(count(&m, "OpVectorTimesScalar", "%v4float"), 8, "{}", m.asm);
    // The vector first, whichever side the scalar was written on; no splat is left.
    for operands in operand_types(&m, "OpVectorTimesScalar") {
        assert_eq!(operands, ["%v4float", "%float"], "{}", m.asm);
    }
    assert_eq!(count(&m, "OpFMul", "%v4float"), 0, "{}", m.asm);
    assert_eq!(
        count(&m, "OpCompositeConstruct", "%v4float"),
        0,
        "{}",
        m.asm
    );
}

#[test]
fn integer_vectors_keep_the_splat_and_imul() {
    let m = compile(
        r#"
int4 main(int4 v : A, int s : B, uint3 u : C, uint t : D) : SV_Target {
  uint3 w = u * t;
  return v * s + mul(s, v) + w.x;
}
"#,
        "ps_6_0",
        &[],
    );
    assert_eq!(m.asm.matches("OpVectorTimesScalar").count(), 0, "{}", m.asm);
    assert_eq!(count(&m, "OpIMul", "%v4int"), 2, "{}", m.asm);
    assert_eq!(count(&m, "OpIMul", "%v3uint"), 1, "{}", m.asm);
    assert_eq!(count(&m, "OpCompositeConstruct", "%v4int"), 2, "{}", m.asm);
}

#[test]
fn matrices_times_scalars() {
    let m = compile(
        r#"
float2x3 m; float1x3 r; float2x1 c; float1x1 o; float s;
RWStructuredBuffer<float> out_;
[numthreads(1, 1, 1)]
void main() {
  int2x3 q = (int2x3)m;
  float2x3 a = m * s;
  float2x3 b = s * m;
  a *= s;
  float2x3 d = mul(s, m);
  float1x3 e = r * s;
  float2x1 f = s * c;
  float1x1 g = o * s;
  int2x3 h = q * (int)s;
  out_[0] = a[1][2] + b[0][0] + d[1][1] + e[0][2] + f[1][0] + g[0][0] + h[1][1];
}
"#,
        "cs_6_0",
        &[],
    );
    assert_eq!(
        count(&m, "OpMatrixTimesScalar", "%mat2v3float"),
        4,
        "{}",
        m.asm
    );
    for operands in operand_types(&m, "OpMatrixTimesScalar") {
        assert_eq!(operands, ["%mat2v3float", "%float"], "{}", m.asm);
    }
    // A matrix of one row or column is a vector in SPIR-V; a 1x1 a scalar.
    assert_eq!(count(&m, "OpVectorTimesScalar", "%v3float"), 1, "{}", m.asm);
    assert_eq!(count(&m, "OpVectorTimesScalar", "%v2float"), 1, "{}", m.asm);
    assert_eq!(count(&m, "OpFMul", "%float"), 1, "{}", m.asm);
    // An integer matrix is an array of rows: the scalar splat, an `OpIMul` per row.
    assert_eq!(count(&m, "OpIMul", "%v3int"), 2, "{}", m.asm);
    assert_eq!(count(&m, "OpFMul", "%v3float"), 0, "{}", m.asm);
}

#[test]
fn one_component_vectors_multiply_scalars() {
    let m = compile(
        r#"
float main(float1 e : A, float s : B) : SV_Target {
  float1 f = e * s;
  return f.x;
}
"#,
        "ps_6_0",
        &[],
    );
    assert_eq!(m.asm.matches("OpVectorTimesScalar").count(), 0, "{}", m.asm);
    assert_eq!(count(&m, "OpFMul", "%float"), 1, "{}", m.asm);
}

#[test]
fn half_double_and_min_precision_vectors_scale_too() {
    let src = r#"
RWStructuredBuffer<float4> out_;
[numthreads(1, 1, 1)]
void main() {
  half4 h = half4(1, 2, 3, 4); half hs = 3;
  double3 d = double3(1, 2, 3); double ds = 2;
  min16float2 p = min16float2(1, 2); min16float ps = 4;
  h = h * hs;
  d = ds * d;
  p *= ps;
  out_[0] = float4(h) + float4(float3(d), p.x);
}
"#;
    let m = compile(src, "cs_6_2", &["-enable-16bit-types"]);
    assert_eq!(count(&m, "OpVectorTimesScalar", "%v4half"), 1, "{}", m.asm);
    assert_eq!(
        count(&m, "OpVectorTimesScalar", "%v3double"),
        1,
        "{}",
        m.asm
    );
    // `min16float` is `half` under -enable-16bit-types.
    assert_eq!(count(&m, "OpVectorTimesScalar", "%v2half"), 1, "{}", m.asm);
    // Without it, `half` and `min16float` are 32-bit floats, the latter `RelaxedPrecision`.
    let m = compile(src, "cs_6_0", &[]);
    assert_eq!(count(&m, "OpVectorTimesScalar", "%v4float"), 1, "{}", m.asm);
    assert_eq!(count(&m, "OpVectorTimesScalar", "%v2float"), 1, "{}", m.asm);
    let relaxed = m
        .asm
        .lines()
        .find(|l| l.contains("= OpVectorTimesScalar %v2float"))
        .and_then(|l| l.split_whitespace().next())
        .expect("the min16float product");
    assert!(
        m.has(&format!("OpDecorate {relaxed} RelaxedPrecision")),
        "{}",
        m.asm
    );
}

#[test]
fn precise_products_take_no_contraction() {
    let m = compile(
        r#"
float4 main(float4 v : A, float s : B, float2x2 n : C) : SV_Target {
  precise float4 a = v * s;
  precise float2x2 b = n * s;
  return a + b[0].xyxy;
}
"#,
        "ps_6_0",
        &[],
    );
    for op in ["OpVectorTimesScalar", "OpMatrixTimesScalar"] {
        let id = m
            .asm
            .lines()
            .find(|l| l.contains(&format!("= {op} ")))
            .and_then(|l| l.split_whitespace().next())
            .unwrap_or_else(|| panic!("no {op} in:\n{}", m.asm));
        assert!(
            m.has(&format!("OpDecorate {id} NoContraction")),
            "{op}:\n{}",
            m.asm
        );
    }
}

#[test]
fn a_splat_with_other_uses_stays() {
    // The splat `(float4)s` feeds a product (as its scalar) and a sum: the product takes the
    // scalar, the sum the splat.
    let m = compile(
        r#"
float4 main(float4 v : A, float s : B) : SV_Target {
  return v * s + (v + s);
}
"#,
        "ps_6_0",
        &[],
    );
    assert_eq!(count(&m, "OpVectorTimesScalar", "%v4float"), 1, "{}", m.asm);
    assert_eq!(count(&m, "OpFAdd", "%v4float"), 2, "{}", m.asm);
}

#[test]
fn a_read_only_texture_of_bool_is_an_image_of_uint() {
    let m = compile(
        r#"
Texture2D<bool> t;
Texture2DArray<bool3> u;
float4 main(float4 p : SV_Position) : SV_Target {
  bool x = t.Load(int3(0, 0, 0));
  bool3 y = u[uint3(1, 2, 0)];
  return x && y.z ? 1 : 0;
}
"#,
        "ps_6_0",
        &[],
    );
    m.assert_has(&[
        "OpTypeImage %uint 2D 0 0 0 1 Unknown",
        "OpTypeImage %uint 2D 0 1 0 1 Unknown",
        "= OpINotEqual %bool ",
        "= OpINotEqual %v3bool ",
    ]);
    assert!(!m.has("OpTypeImage %bool"), "{}", m.asm);
}

#[test]
fn typed_elements_dxc_refuses_are_refused_at_the_declaration() {
    for (decl, message) in [
        (
            "Buffer<bool> b;",
            "error[E2258]: `bool` texels: DXC declares a typed buffer or a writable texture",
        ),
        ("RWTexture2D<bool2> b;", "error[E2258]: `bool2` texels"),
        ("RWBuffer<double> b;", "error[E2258]: `double` texels"),
        (
            "RWTexture2D<float3x3> b;",
            "error[E2029]: elements of typed buffers and textures must be scalars or vectors, not `float3x3`",
        ),
        (
            "struct S { float a; float b; }; Texture2D<S> b;",
            "error[E2029]: elements of typed buffers and textures must be scalars or vectors, not `S`",
        ),
        (
            "Buffer<double3> b;",
            "error[E2257]: elements of typed buffers and textures must fit in four 32-bit quantities",
        ),
    ] {
        let src = format!("{decl}\nfloat4 main() : SV_Target {{ return 0; }}\n");
        refuse(&src, "ps_6_0", &[], 1, message);
    }
    let src = "Texture2D<half4> t;\nfloat4 main() : SV_Target { return 0; }\n";
    refuse(
        src,
        "ps_6_2",
        &["-enable-16bit-types"],
        1,
        "error[E2029]: The sampled type for textures cannot be a floating point type smaller than 32-bits",
    );
    // Without -enable-16bit-types `half` is a 32-bit float; 64-bit integer texels are
    // SPV_EXT_shader_image_int64's.
    compile(src, "ps_6_0", &[]);
    compile(
        "Texture2D<uint64_t> t;\nfloat4 main() : SV_Target { return (float)t.Load(int3(0, 0, 0)); }\n",
        "ps_6_6",
        &[],
    );
}

#[test]
fn clip_planes_compile_with_a_warning() {
    let src = r#"
float4 plane0;
float4 planes[2];
[clipplanes(plane0, planes[1])]
float4 main(float4 p : POSITION) : SV_Position { return p; }
"#;
    let (output, _) = run(src, "vs_6_0", &[]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("warning[W2105]: `[clipplanes]` is ignored"),
        "{stderr}"
    );
    let m = compile(src, "vs_6_0", &[]);
    assert!(!m.has("ClipDistance"), "{}", m.asm);
}

#[test]
fn pack_optimized_packs_stage_variables_as_dxc_does() {
    // DXC's `signature.packing.hlsl`: the array `c` and the matrix `d` are placed whole, then
    // split into a variable per element or row at the next locations, with the component
    // of the whole.
    let src = r#"
struct VS_OUTPUT {
  float4 pos : SV_POSITION;
  float a : A;
  double b : B;
  float2 c[3] : C;
  float2x2 d : D;
  int e : E;
  float2 f : F;
  float g : G;
};
VS_OUTPUT main(float4 pos : POSITION, float4 color : COLOR) {
  VS_OUTPUT vout = (VS_OUTPUT)0;
  vout.pos = pos;
  vout.c[1] = color.xy;
  vout.d[1] = color.zw;
  return vout;
}
"#;
    let m = compile(src, "vs_6_0", &["-pack-optimized"]);
    m.assert_placed(&[
        ("out.A", 0, None),
        ("out.B", 0, Some(2)),
        ("out.C_0", 1, Some(0)),
        ("out.C_1", 2, Some(0)),
        ("out.C_2", 3, Some(0)),
        ("out.D_0", 1, Some(2)),
        ("out.D_1", 2, Some(2)),
        ("out.E", 3, Some(2)),
        ("out.F", 4, None),
        ("out.G", 3, Some(3)),
    ]);
    // Inputs too: two float4s fill their locations.
    assert_eq!(m.placed("in.COLOR").0, Some(1));
    // Without the flag every variable has its own locations (C three, D two).
    let m = compile(src, "vs_6_0", &[]);
    assert!(!m.has("Component"), "{}", m.asm);
    assert_eq!(m.placed("out.C").0, Some(2));
    assert_eq!(m.placed("out.G").0, Some(9));
}

#[test]
fn pack_optimized_splits_array_and_matrix_inputs() {
    // The entry loads each part; the body indexes the array it is given.
    let m = compile(
        r#"
float4 main(float2 c[2] : C, float2x2 m : M, float a : A, uint i : I) : SV_Target {
  return float4(c[i], m[0]) + a;
}
"#,
        "ps_6_0",
        &["-pack-optimized"],
    );
    m.assert_placed(&[
        ("in.C_0", 0, Some(0)),
        ("in.C_1", 1, Some(0)),
        ("in.M_0", 0, Some(2)),
        ("in.M_1", 1, Some(2)),
        ("in.A", 2, None),
        ("in.I", 2, Some(1)),
    ]);
    assert!(!m.has("OpName %in_C "), "{}", m.asm);
}

#[test]
fn pack_optimized_puts_patch_constants_first() {
    let src = r#"
struct CP { float3 p : POS; float w : W; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; float x : X; float2 y : Y; };
PC pcf(InputPatch<CP, 3> ip) { PC o = (PC)0; return o; }
[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")]
[outputcontrolpoints(3)] [patchconstantfunc("pcf")]
CP main(InputPatch<CP, 3> ip, uint id : SV_OutputControlPointID) { return ip[id]; }
"#;
    let m = compile(src, "hs_6_0", &["-pack-optimized"]);
    // The patch constants X and Y first; then the control point's POS (no room left in
    // location 0 for three components) and W (the last component of location 0).
    m.assert_placed(&[
        ("out.X", 0, None),
        ("out.Y", 0, Some(1)),
        ("out.POS", 1, None),
        ("out.W", 0, Some(3)),
        ("in.POS", 0, None),
        ("in.W", 0, Some(3)),
    ]);
}
