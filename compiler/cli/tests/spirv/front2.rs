//! HLSL that DXC accepts and `hlslc` once refused, compiled to SPIR-V that every `spirv-val`
//! installed accepts: `case` labels in blocks nested in a `switch` (one `OpSwitch` whose
//! targets include the nested labels).

use crate::harness::compile;

#[test]
fn nested_case_labels_are_targets_of_one_switch() {
    let m = compile(
        r#"
RWStructuredBuffer<int> o;
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    int b = 0;
    switch (int(id.x)) {
        case 0: b = 1;
        case 1: { b += 2; case 2: b += 4; break; }
        default: { { case 3: b = 8; } }
    }
    o[id.x] = b;
}
"#,
        "cs_6_0",
        &[],
    );
    let switches: Vec<&str> = m.asm.lines().filter(|l| l.contains("OpSwitch")).collect();
    assert_eq!(switches.len(), 1, "{}", m.asm);
    // The default, then the four labels with their targets.
    let operands: Vec<&str> = switches[0].split_whitespace().collect();
    assert_eq!(operands.len(), 1 + 2 + 4 * 2, "{}", switches[0]);
}
