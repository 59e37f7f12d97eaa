//! `static` locals with non-constant initializers: a `Private` variable and a `bool` flag
//! initialized to `false`, tested and set where the declaration runs (DXC's lowering).

use crate::harness::compile;

#[test]
fn static_local_with_a_non_constant_initializer() {
    let text = r#"
RWStructuredBuffer<uint> Out : register(u0);
uint Next(uint start) {
    static uint counter = start * 2;
    counter++;
    return counter;
}
[numthreads(1, 1, 1)]
void main() {
    Out[0] = Next(Out[1]);
    Out[2] = Next(Out[3]);
}
"#;
    for flags in [&[][..], &["-O0"][..]] {
        let m = compile(text, "cs_6_0", flags);
        m.assert_has(&["OpConstantFalse %bool", "OpSelectionMerge"]);
        let flag = m.pointee_definition("init.Next.counter");
        assert_eq!(flag, "OpTypeBool", "{}", m.asm);
    }
}
