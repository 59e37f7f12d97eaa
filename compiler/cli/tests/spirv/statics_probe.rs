//! Forms the lowering used to refuse (issue #4, item 4), through `hlslc -spirv` and every
//! `spirv-val`: default arguments computed at the call by user functions, intrinsics and
//! constructors.

use crate::harness::compile;

/// The function whose body holds the line `line` of the disassembly.
fn function_holding(asm: &str, line: &str) -> Option<String> {
    let mut current = None;
    for l in asm.lines() {
        if let Some((name, rest)) = l.split_once(" = ") {
            if rest.starts_with("OpFunction ") {
                current = Some(name.to_owned());
            }
        }
        if l.contains(line) {
            return current;
        }
    }
    None
}

#[test]
fn a_default_calling_a_user_function_is_called_by_the_caller() {
    let m = compile(
        r#"
cbuffer C { float4 v4; };
float g() { return v4.y; }
float h(float a = g()) { return a; }
float4 main() : SV_Target { return h(); }
"#,
        "ps_6_0",
        &[],
    );
    // `g` runs in the caller, before `h`, which takes its result.
    let call = m
        .asm
        .lines()
        .find(|l| l.contains("OpFunctionCall %float %g"))
        .expect("a call of g");
    assert_eq!(
        function_holding(&m.asm, call).as_deref(),
        Some("%main_body")
    );
}

#[test]
fn defaults_building_structs_matrices_and_calling_intrinsics_validate() {
    let m = compile(
        r#"
cbuffer C { float4 v4; };
struct S { float a; };
S mk(float x) { S s; s.a = x; return s; }
float fromStruct(S s = mk(v4.x)) { return s.a; }
float trace(float2x2 m = float2x2(v4.x, 0, 0, v4.y)) { return m._m00 + m._m11; }
float larger(float a = max(v4.x, v4.y), int b = (int)v4.z) { return a + b; }
float4 main() : SV_Target { return fromStruct() + trace() + larger() + larger(2); }
"#,
        "ps_6_0",
        &[],
    );
    m.assert_has(&["OpFunctionCall %S %mk", "OpExtInst %float %glsl FMax"]);
}
