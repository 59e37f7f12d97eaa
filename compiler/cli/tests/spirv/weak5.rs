//! Small gaps other helpers reported (task weak5, issue #4 items 4 and 5), each checked
//! through `hlslc -spirv` and `spirv-val`.

use crate::harness::compile;

/// The lines of `m` that index the resource variable `name`.
fn chains_into(m: &crate::harness::Module, name: &str) -> Vec<String> {
    m.asm
        .lines()
        .filter(|l| l.contains("OpAccessChain") && l.contains(&format!(" %{name} ")))
        .map(|l| l.trim().to_owned())
        .collect()
}

#[test]
fn returning_an_element_of_a_two_dimensional_resource_array() {
    // Constant indices, run-time indices, and both in one function: the callee returns the
    // element's number and the caller indexes the array with it.
    let m = compile(
        r#"
Texture2D grid[2][3];
SamplerState s;
Texture2D corner() { return grid[1][0]; }
Texture2D cell(uint i, uint j) { return grid[i][j]; }
Texture2D either(uint i) {
    if (i > 4) return grid[1][2];
    return grid[i][1];
}
float4 main(float2 uv : TEXCOORD, nointerpolation uint k : K) : SV_Target {
    return corner().Sample(s, uv) + cell(k, 2).Sample(s, uv) + either(k).Sample(s, uv);
}
"#,
        "ps_6_0",
        &[],
    );
    // One access of `grid` per call in `main`, each at an index computed from what the call
    // returned.
    let calls = m
        .asm
        .lines()
        .filter(|l| l.contains("OpFunctionCall %int"))
        .count();
    assert_eq!(calls, 3, "{}", m.asm);
    assert_eq!(chains_into(&m, "grid").len(), 3 + 4, "{}", m.asm);
}
