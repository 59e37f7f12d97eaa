//! Valid HLSL that DXC accepts and that once met false errors in our front end or lowering:
//! declarations as conditions, and more; each module validated by `spirv-val`.

use crate::harness::compile;

#[test]
fn declarations_as_conditions() {
    let text = r#"
int pick(int v) { return v - 1; }
float4 main(int a : A) : SV_Target {
    float4 r = 0;
    if (int y = pick(a)) r.x = y;
    while (int x = pick(a)) { r.y += x; a = x; }
    switch (int c = a) { case 1: r.z = c; break; default: r.w = 1; }
    return r;
}
"#;
    let m = compile(text, "ps_6_0", &[]);
    m.assert_has(&["OpLoopMerge", "OpSwitch", "OpSelectionMerge"]);
}
