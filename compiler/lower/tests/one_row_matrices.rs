//! Matrices with one row or one column (`float1x3`, `float3x1`, `float1x1`): the IR keeps the
//! HLSL types; these tests check the lowering of the casts and operators that involve them,
//! and run a compute shader using them on the interpreter, with values worked out by hand.

mod common;

use expect_test::expect;
use interp::{dispatch, Bindings, Program, ProgramOptions, Resource, RunOptions};

fn words_f32(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|w| w.to_le_bytes()).collect()
}

fn as_f32(b: &[u8]) -> Vec<f32> {
    b.chunks(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// Lowers `text`, binds `buffers` at set 0, bindings 0.., runs one group, returns the buffers.
fn run(text: &str, buffers: Vec<Vec<u8>>) -> Vec<Vec<u8>> {
    let m = common::lower(text);
    let program = Program::new(&m, "main", &ProgramOptions::default()).expect("program");
    let mut bindings = Bindings::new(&program);
    let n = buffers.len();
    for (i, data) in buffers.into_iter().enumerate() {
        bindings
            .bind(&program, 0, i as u32, 0, Resource::buffer(data))
            .expect("bind");
    }
    dispatch(
        &program,
        &mut bindings,
        [1, 1, 1],
        &RunOptions::default(),
        None,
    )
    .expect("run");
    (0..n)
        .map(|i| bindings.get(&program, 0, i as u32).unwrap().data.clone())
        .collect()
}

#[test]
fn compute_shader_with_rows_and_columns() {
    // `Rows` holds float1x3 elements: a float3 each, 16 bytes apart under std430 (the fourth
    // float of each element is padding). Rows[0] = (1, 2, 3).
    let out = run(
        r#"
RWStructuredBuffer<float1x3> Rows : register(u0);
RWStructuredBuffer<float> Out : register(u1);
[numthreads(1, 1, 1)]
void main() {
  float1x3 r = Rows[0];
  float3x1 c = {4, 5, 6};
  float1x1 s = 2;
  float3x3 m = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  Out[0] = mul(r, c);
  float3x3 o = mul(c, r);
  Out[1] = o[1][0];
  Out[2] = o._33;
  float1x3 rm = mul(r, m);
  Out[3] = rm._11; Out[4] = rm._12; Out[5] = rm._13;
  float3x1 mc = mul(m, c);
  Out[6] = mc[0][0]; Out[7] = mc[1][0]; Out[8] = mc._31;
  float1x3 rs = mul(s, r);
  Out[9] = rs._13;
  r += 1;
  r *= s;
  r++;
  Out[10] = r._11 + r._12 + r._13;
  float3 v = (float3)r;
  float3x1 t = transpose(r);
  Out[11] = t[2][0] - v.x;
  uint i = (uint)Rows[0]._12;
  Out[12] = r[0][i] + c[i][0];
  c[i][0] = 10;
  Out[13] = c._31;
  Out[14] = determinant(s);
  Out[15] = all(r > 4) ? 1 : 0;
  Out[16] = any(c == 5) ? 1 : 0;
  float1x2 top = (float1x2)m;
  float2x1 left = (float2x1)m;
  Out[17] = top._12 * 10 + left._21;
  float1x3 cl = clamp(r, 6, 8);
  Out[18] = cl._11 + cl._13;
  float1x3 l = lerp(r, (float1x3)c, 0.5);
  Out[19] = l._11 + l._12 + l._13;
  int1x2 ir = {1, 2};
  int2x2 im = {1, 2, 3, 4};
  int2 iv = mul(ir, im);
  Out[20] = iv.x * 100 + iv.y;
  Rows[1] = r;
}
"#,
        vec![
            words_f32(&[1.0, 2.0, 3.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
            words_f32(&[0.0; 21]),
        ],
    );
    assert_eq!(
        as_f32(&out[1]),
        [
            32.0,  // (1, 2, 3) . (4, 5, 6) = 4 + 10 + 18
            5.0,   // outer product o[i][j] = c[i] * r[j]: o[1][0] = 5 * 1
            18.0,  // o[2][2] = 6 * 3
            30.0,  // (1, 2, 3) * m, column 0: 1 + 8 + 21
            36.0,  // column 1: 2 + 10 + 24
            42.0,  // column 2: 3 + 12 + 27
            32.0,  // m * (4, 5, 6), row 0: 4 + 10 + 18
            77.0,  // row 1: 16 + 25 + 36
            122.0, // row 2: 28 + 40 + 54
            6.0,   // 2 * (1, 2, 3), last component
            21.0,  // ((1, 2, 3) + 1) * 2 + 1 = (5, 7, 9): 5 + 7 + 9
            4.0,   // transpose(r)[2][0] - r._11 = 9 - 5
            15.0,  // i = 2: r[0][2] + c[2][0] = 9 + 6
            10.0,  // c[2][0] after the store
            2.0,   // determinant of the 1x1 matrix (2)
            1.0,   // all((5, 7, 9) > 4)
            1.0,   // any((4, 5, 10) == 5)
            24.0,  // (float1x2)m = (1, 2), (float2x1)m = (1, 4): 2 * 10 + 4
            14.0,  // clamp((5, 7, 9), 6, 8) = (6, 7, 8): 6 + 8
            20.0,  // lerp((5, 7, 9), (4, 5, 10), 0.5) = (4.5, 6, 9.5): sum 20
            710.0, // (1, 2) * [[1, 2], [3, 4]] = (1 + 6, 2 + 8) = (7, 10)
        ]
    );
    // Rows[1] = (5, 7, 9); the padding after it is untouched.
    assert_eq!(as_f32(&out[0]), [1.0, 2.0, 3.0, 0.0, 5.0, 7.0, 9.0, 0.0]);
}

#[test]
fn constant_buffer_members_laid_out_as_vectors() {
    // Relaxed std140: a at 0, b (a float3) at 4, c (a float2) at 16, d (a float) at 24.
    let out = run(
        r#"
cbuffer C : register(b0) { float a; float1x3 b; float2x1 c; float1x1 d; };
RWStructuredBuffer<float> Out : register(u1);
[numthreads(1, 1, 1)]
void main() {
  Out[0] = a + b._12 * 10 + c._21 * 100 + d * 1000;
  Out[1] = mul(b, float3(1, 1, 1));
}
"#,
        vec![
            words_f32(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 0.0]),
            words_f32(&[0.0; 2]),
        ],
    );
    // 1 + 3 * 10 + 6 * 100 + 7 * 1000, and 2 + 3 + 4.
    assert_eq!(as_f32(&out[1]), [7631.0, 9.0]);
}

#[test]
fn casts_between_matrices_vectors_and_scalars() {
    // A 1x3 to a float3 and back, a 3x1 to a 1x3 (in component order), the leading column of
    // a 2x2, and a 1x1 splatted like a scalar.
    let text = r#"
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
  float1x3 r = (float1x3)Out[0].xyz;
  float3x1 c = (float3x1)r;
  float1x3 back = (float1x3)c;
  float2x1 left = (float2x1)float2x2(1, 2, 3, 4);
  float1x1 s = 3;
  float1x3 splat = r * s;
  Out[1] = float4((float3)back + (float3)splat, left._21);
}
"#;
    let dump = common::dump(text);
    let body: String = dump
        .lines()
        .skip_while(|l| !l.starts_with("func @main_body"))
        .take_while(|l| *l != "}")
        .filter(|l| l.contains("composite_") || l.contains(" mul "))
        .map(|l| format!("{}\n", l.trim_start()))
        .collect();
    expect![[r#"
          %9 = composite_extract %8, [0] : float
          %10 = composite_extract %8, [1] : float
          %11 = composite_extract %8, [2] : float
          %12 = composite_construct %9, %10, %11 : float3
          %13 = composite_construct %12 : float1x3
          %15 = composite_extract %14, [0, 0] : float
          %16 = composite_construct %15 : float1
          %17 = composite_extract %14, [0, 1] : float
          %18 = composite_construct %17 : float1
          %19 = composite_extract %14, [0, 2] : float
          %20 = composite_construct %19 : float1
          %21 = composite_construct %16, %18, %20 : float3x1
          %23 = composite_extract %22, [0, 0] : float
          %24 = composite_extract %22, [1, 0] : float
          %25 = composite_extract %22, [2, 0] : float
          %26 = composite_construct %23, %24, %25 : float3
          %27 = composite_construct %26 : float1x3
          %28 = composite_construct 1.0:float, 2.0:float : float2
          %29 = composite_construct 3.0:float, 4.0:float : float2
          %30 = composite_construct %28, %29 : float2x2
          %31 = composite_extract %30, [0, 0] : float
          %32 = composite_construct %31 : float1
          %33 = composite_extract %30, [1, 0] : float
          %34 = composite_construct %33 : float1
          %35 = composite_construct %32, %34 : float2x1
          %38 = composite_extract %37, [0, 0] : float
          %39 = composite_construct %38, %38, %38 : float3
          %40 = composite_construct %39 : float1x3
          %41 = mul %36, %40 : float1x3
          %44 = composite_extract %43, [0, 0] : float
          %45 = composite_extract %43, [0, 1] : float
          %46 = composite_extract %43, [0, 2] : float
          %47 = composite_construct %44, %45, %46 : float3
          %49 = composite_extract %48, [0, 0] : float
          %50 = composite_extract %48, [0, 1] : float
          %51 = composite_extract %48, [0, 2] : float
          %52 = composite_construct %49, %50, %51 : float3
          %55 = composite_extract %54, [1, 0] : float
          %56 = composite_construct %53, %55 : float4
    "#]]
    .assert_eq(&body);
}

/// Lowers compute entry `main` of `text` with the buffer layout rules of `choice`.
fn lower_with_layout(text: &str, choice: lower::LayoutChoice) -> ir::Module {
    let mut db = db::RootDatabase::new(std::sync::Arc::new(db::NoSource));
    let file = db.set_file_text("/test.hlsl", Some(text.into()));
    let config = db.new_config(db::PreprocessConfig::default());
    let options = lower::LowerOptions {
        layout: choice,
        ..lower::LowerOptions::default()
    };
    let stage = lower::ShaderStage::Compute;
    let m = lower::lower_module_with(&db, file, config, "main", stage, &options)
        .unwrap_or_else(|_| panic!("lowering failed"));
    assert!(ir::verify(&m).is_empty(), "{}", ir::print_module(&m));
    m
}

/// The layout lines of the IR dump (what the editor's IR view and hover show) for a cbuffer
/// lowered with `choice` (the runtime array of the output buffer left out): the same offsets
/// the SPIR-V backend decorates.
fn layout_lines(text: &str, choice: lower::LayoutChoice) -> String {
    let m = lower_with_layout(text, choice);
    let opts = ir::PrintOptions {
        layouts: true,
        ..ir::PrintOptions::default()
    };
    ir::print_module_with(&m, &opts)
        .lines()
        .filter(|l| l.starts_with(";  ") && l.contains("offset=") && !l.contains("[]"))
        .map(|l| format!("{}\n", l.trim_start_matches(';').trim_start()))
        .collect()
}

#[test]
fn ir_dump_lists_the_layouts_of_one_row_matrices() {
    let text = r#"
cbuffer C : register(b0) { float a; float1x3 b; row_major float3x1 c; float1x1 d; };
RWStructuredBuffer<float> Out : register(u1);
[numthreads(1, 1, 1)]
void main() { Out[0] = a + b._12 + c._21 + d; }
"#;
    // Relaxed std140: vectors (b packs at 4, c at 16, d at 28).
    expect![[r#"
        type.C offset=0 size=32 align=16
        a: float offset=0 size=4 align=4
        b: float1x3 offset=4 size=12 align=16
        c: row_major float3x1 offset=16 size=12 align=16
        d: float1x1 offset=28 size=4 align=4
    "#]]
    .assert_eq(&layout_lines(text, lower::LayoutChoice::VectorRelaxed));
    // DX: b and c are three one-float rows each (36 bytes from 16 and from 64); d at 100.
    expect![[r#"
        type.C offset=0 size=104 align=16
        a: float offset=0 size=4 align=4
        b: float1x3 offset=16 size=36 align=16 matrix_stride=16 column_major
        c: row_major float3x1 offset=64 size=36 align=16 matrix_stride=16 row_major
        d: float1x1 offset=100 size=4 align=4
    "#]]
    .assert_eq(&layout_lines(text, lower::LayoutChoice::Dx));
}

#[test]
fn dx_layout_cbuffer_on_the_interpreter() {
    // -fvk-use-dx-layout: a at 0; b (column_major 1x3: three one-float rows) at 16, 32, 48;
    // c (row_major 2x1: two one-float rows) from 52 moves to 64, its rows at 64 and 80;
    // d at 84 (float index 21).
    let text = r#"
cbuffer C : register(b0) { float a; float1x3 b; row_major float2x1 c; float d; };
RWStructuredBuffer<float> Out : register(u1);
[numthreads(1, 1, 1)]
void main() {
  Out[0] = a + b._12 * 10 + b._13 * 100 + c._21 * 1000 + d * 10000;
  Out[1] = dot((float3)b, float3(1, 1, 1));
  Out[2] = c[1][0] + c._11;
}
"#;
    let m = lower_with_layout(text, lower::LayoutChoice::Dx);
    let program = Program::new(&m, "main", &ProgramOptions::default()).expect("program");
    let mut bindings = Bindings::new(&program);
    let mut cb = [0.0f32; 24];
    for (i, v) in [
        (0, 1.0),
        (4, 2.0),
        (8, 3.0),
        (12, 4.0),
        (16, 5.0),
        (20, 6.0),
        (21, 7.0),
    ] {
        cb[i] = v;
    }
    bindings
        .bind(&program, 0, 0, 0, Resource::buffer(words_f32(&cb)))
        .expect("bind");
    bindings
        .bind(&program, 0, 1, 0, Resource::buffer(words_f32(&[0.0; 3])))
        .expect("bind");
    dispatch(
        &program,
        &mut bindings,
        [1, 1, 1],
        &RunOptions::default(),
        None,
    )
    .expect("run");
    let out = as_f32(&bindings.get(&program, 0, 1).unwrap().data);
    // 1 + 3 * 10 + 4 * 100 + 6 * 1000 + 7 * 10000; 2 + 3 + 4; 6 + 5.
    assert_eq!(out, [76431.0, 9.0, 11.0]);
}

#[test]
fn comparisons_with_vectors_scalars_and_1x1() {
    // k = (1, 2, 3) as a 1x3, c = (1, 5, 3) as a 3x1, s = 2 as a 1x1.
    let out = run(
        r#"
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
  float1x3 k = {1, 2, 3};
  float3x1 c = {1, 5, 3};
  float1x1 s = 2;
  float3 cv = (float3)c;
  bool3 eq = k == cv;
  bool3 lt = c < float3(2, 2, 2);
  bool1x3 ge = k >= s;
  Out[0] = eq.x + eq.y * 2 + eq.z * 4;
  Out[1] = lt.x + lt.y * 2 + lt.z * 4;
  Out[2] = ge._11 + ge._12 * 2 + ge._13 * 4;
  float3 w = k + cv;
  Out[3] = w.y;
}
"#,
        vec![words_f32(&[0.0; 4])],
    );
    // eq = (T, F, T) -> 1 + 4; lt = (1 < 2, 5 < 2, 3 < 2) = (T, F, F) -> 1;
    // ge = (1 >= 2, 2 >= 2, 3 >= 2) = (F, T, T) -> 2 + 4; w.y = 2 + 5.
    assert_eq!(as_f32(&out[0]), [5.0, 1.0, 6.0, 7.0]);
}
