//! SM 6.8 `SampleCmpBias` and `SampleCmpGrad`: the IR they lower to (a reference, then the
//! bias or the two gradients, then the optional offset, clamp and status), and a run of
//! `SampleCmpGrad` on the interpreter.

mod common;

use expect_test::expect;

#[test]
fn sample_cmp_bias_and_grad_with_their_optional_operands() {
    let m = common::lower_stage(
        r#"
Texture2DArray<float> T : register(t0);
SamplerComparisonState S : register(s0);
float4 main(float3 uvw : TEXCOORD) : SV_Target {
    uint status;
    float a = T.SampleCmpBias(S, uvw, 0.5, -1.0, int2(1, 0), 2.0, status);
    float b = T.SampleCmpGrad(S, uvw, 0.25, float2(0.5, 0), float2(0, 0.5));
    float c = T.SampleCmpGrad(S, uvw, 0.25, float2(0.5, 0), float2(0, 0.5), int2(-1, 1), 1.0);
    return float4(a, b, c, status);
}
"#,
        lower::ShaderStage::Pixel,
    );
    let dump = ir::print_module(&m);
    let lines: Vec<&str> = dump
        .lines()
        .filter(|l| l.contains("compare"))
        .map(str::trim)
        .collect();
    expect![[r#"
          %7 = texture_sample_compare_bias @g2, @g3, %6, 0.5:float, -1.0:float, offset(1, 0), min_lod(2.0:float), status(%0) : float
          %12 = texture_sample_compare_grad @g2, @g3, %9, 0.25:float, %10, %11 : float
          %16 = texture_sample_compare_grad @g2, @g3, %13, 0.25:float, %14, %15, offset(-1, 1), min_lod(1.0:float) : float"#]]
    .assert_eq(&lines.join("\n"));
}

#[test]
fn sample_cmp_grad_runs_on_the_interpreter() {
    use interp::{dispatch, Bindings, Program, ProgramOptions, Resource, RunOptions, SamplerState};
    // A 2x1 texture of 0.25 and 0.75 (one level, which every gradient selects), a nearest
    // `LessEqual` comparison sampler (the default state) and the reference 0.5: texel 0
    // fails (0.5 <= 0.25 is false, 0.0), texel 1 passes (1.0).
    let m = common::lower(
        r#"
Texture2D<float> T : register(t0);
SamplerComparisonState S : register(s1);
RWStructuredBuffer<float> Out : register(u2);
[numthreads(1, 1, 1)]
void main() {
    Out[0] = T.SampleCmpGrad(S, float2(0.25, 0.5), 0.5, float2(0.5, 0), float2(0, 0.5));
    Out[1] = T.SampleCmpGrad(S, float2(0.75, 0.5), 0.5, float2(0.5, 0), float2(0, 0.5));
}
"#,
    );
    let program = Program::new(&m, "main", &ProgramOptions::default()).expect("program");
    let mut bindings = Bindings::new(&program);
    let texels: Vec<u8> = [0.25f32, 0.75]
        .iter()
        .flat_map(|f| f.to_le_bytes())
        .collect();
    let resources = [
        Resource::texture(texels, 2, 1, 1),
        Resource::sampler(SamplerState::default()),
        Resource::buffer(vec![0xAA; 8]),
    ];
    for (binding, r) in resources.into_iter().enumerate() {
        bindings
            .bind(&program, 0, binding as u32, 0, r)
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
    let out = &bindings.get(&program, 0, 2).unwrap().data;
    let floats: Vec<f32> = out
        .chunks(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    assert_eq!(floats, [0.0, 1.0]);
}
