//! Front-end gaps of session 9, end to end: a function declared inside a function body calls
//! the file's definition (SPIR-V through `spirv-val`, and the interpreter with hand-computed
//! values). The shaders are ours.

use serde_json::json;

use crate::front4_probe::run_uints;
use crate::harness::compile;

const LOCAL_DECLARATION: &str = r#"
RWStructuredBuffer<uint> o : register(u0);
[numthreads(2, 1, 1)]
void main(uint t : SV_GroupIndex)
{
    uint scale(uint v, uint by);
    o[t] = scale(t + 1, 3);
}
uint scale(uint v, uint by) { return v * by + 1; }
"#;

#[test]
fn a_local_function_declaration_calls_the_later_definition() {
    let m = compile(LOCAL_DECLARATION, "cs_6_0", &[]);
    m.assert_has(&["OpIMul %uint", "OpIAdd %uint"]);
    // Thread t stores (t + 1) * 3 + 1: 4 and 7.
    assert_eq!(
        run_uints("local-declaration", LOCAL_DECLARATION, 2),
        json!([4, 7])
    );
}
