//! `hlslc run` on what the offload test suite's last failures showed: a `-0` in float data
//! (YAML reads it as the integer 0), the interpreter's 32-bit denormal flushing (D3D's float
//! rules; `-denorm preserve` keeps them), and the suite's own `Counter` key next to our
//! initial-counter extension. Every expected value is worked out by hand in the comments.

mod pipeline_common;

use pipeline_common::run;

/// A pipeline with one compute shader, an input `In` (`format`, `data`) and an output `Out`
/// of `n` zeroed elements of `format` (`size` bytes each), both structured buffers.
fn in_out(format: &str, size: u32, data: &str, n: u32) -> String {
    format!(
        "Shaders:\n  - Stage: Compute\n    Entry: main\nBuffers:\n\
         \x20 - {{ Name: In, Format: {format}, Stride: {size}, Data: [ {data} ] }}\n\
         \x20 - {{ Name: Out, Format: {format}, Stride: {size}, FillSize: {} }}\n\
         DescriptorSets:\n  - Resources:\n\
         \x20   - {{ Name: In, Kind: StructuredBuffer, DirectXBinding: {{ Register: 0, Space: 0 }} }}\n\
         \x20   - {{ Name: Out, Kind: RWStructuredBuffer, DirectXBinding: {{ Register: 0, Space: 0 }} }}\n",
        n * size
    )
}

/// The text of buffer `name` in the printed JSON (`[a, b, ...]`), which keeps the sign of a
/// zero that a JSON number would lose.
fn printed<'a>(stdout: &'a str, name: &str) -> &'a str {
    let key = format!("\"{name}\": [");
    let start = stdout.find(&key).expect("buffer printed") + key.len() - 1;
    let end = start + stdout[start..].find(']').unwrap() + 1;
    &stdout[start..end]
}

#[test]
fn negative_zero_in_float64_data_is_negative() {
    // rcp(-0) = 1 / -0 = -inf; rcp(+0) = +inf; rcp(2) = 0.5; -(-0) = +0 (the plain copy
    // shows the value read: -0).
    let shader = "StructuredBuffer<double> In : register(t0);
RWStructuredBuffer<double> Out : register(u0);
[numthreads(1, 1, 1)]
void main()
{
    Out[0] = rcp(In[0]);
    Out[1] = rcp(In[1]);
    Out[2] = rcp(In[2]);
    Out[3] = In[0];
    Out[4] = -In[3];
}
";
    let ran = run(
        "negative-zero",
        shader,
        &in_out("Float64", 8, "-0, 0, 2, -0x0", 5),
        &["-T", "cs_6_0"],
    );
    // As printed, so the signs of the zeros show.
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    assert_eq!(printed(&ran.stdout, "In"), "[-0, 0, 2, -0]");
    assert_eq!(
        printed(&ran.stdout, "Out"),
        r#"["-inf", "inf", 0.5, -0, 0]"#
    );
}
