//! The last "not supported yet" forms of issue #4 item 4 in lowering (task res6), through
//! `hlslc -spirv` and every `spirv-val` installed: an assignment with effects in its left
//! side used as an lvalue, places through a cast to a base struct, and the other forms
//! probed in `docs/lowering-gaps.md`.

use crate::harness::compile;

/// `(a[i++] = 1) += 2`: one increment of `i`, one access chain stored to twice.
#[test]
fn assignment_with_effects_on_its_left_as_an_lvalue() {
    let m = compile(
        "RWStructuredBuffer<int> o;
[numthreads(1, 1, 1)]
void main() {
    int a[2] = { 0, 0 };
    int i = 0;
    (a[i++] = 1) += 2;
    o[0] = a[0] + i;
}
",
        "cs_6_0",
        &[],
    );
    assert_eq!(m.asm.matches("OpIAdd %int").count(), 2, "{}", m.asm);
}

/// `((B)d).a = 1`, `+=` and an `inout B` argument: access chains into `d`'s first fields.
#[test]
fn places_through_a_cast_to_a_base_struct() {
    let m = compile(
        "struct B { float a; };
struct D : B { float b; };
RWStructuredBuffer<float> o;
void bump(inout B b) { b.a += 10; }
[numthreads(1, 1, 1)]
void main() {
    D d; d.a = 0; d.b = 5;
    ((B)d).a = 1;
    ((B)d).a += 2;
    bump((B)d);
    o[0] = d.a + d.b;
}
",
        "cs_6_0",
        &[],
    );
    m.assert_has(&["OpFunctionCall %void %bump"]);
}
