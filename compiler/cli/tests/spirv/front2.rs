//! HLSL that DXC accepts and `hlslc` once refused, compiled to SPIR-V that every `spirv-val`
//! installed accepts: `case` labels in blocks nested in a `switch` (one `OpSwitch` whose
//! targets include the nested labels); `printf` with a global `string` format, initialized or
//! assigned a literal before the call (DXC's compile-time strings). And `#line` honoured in
//! diagnostic locations, as DXC does.

use crate::harness::{compile, run};

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

#[test]
fn line_directives_move_diagnostics() {
    // The error is on the second line after `#line 40 "shaders/lit.hlsl"`: line 41 of that
    // file, column 12 as written.
    let src = "float4 main() : SV_Target {\n#line 40 \"shaders/lit.hlsl\"\n    float a = 1;\n    return nowhere * a;\n}\n";
    let (out, _) = run(src, "ps_6_0", &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("shaders/lit.hlsl:41:12"), "{stderr}");
    let (out, _) = run(src, "ps_6_0", &["--error-format", "json"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(r#""file":"shaders/lit.hlsl""#)
            && stderr.contains(r#""start":{"column":12,"line":41"#),
        "{stderr}"
    );
    // Without a name, the file keeps its own: only the numbering changes (the line right
    // after `#line 7` is line 7).
    let src = "float4 main() : SV_Target {\n#line 7\n    return nowhere;\n}\n";
    let (out, path) = run(src, "ps_6_0", &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let name = path.with_extension("hlsl");
    assert!(
        stderr.contains(&format!("{}:7:12", name.display())),
        "{stderr}"
    );
}

#[test]
fn printf_takes_global_strings() {
    let m = compile(
        r#"
const string greeting = "hello %u";
string later = "first";
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    printf(greeting, id.x);
    printf(later);
    printf("second");
}
"#,
        "cs_6_0",
        &[],
    );
    m.assert_has(&[
        "OpString \"hello %u\"",
        "OpString \"first\"",
        "OpString \"second\"",
    ]);
    let prints = m
        .asm
        .lines()
        .filter(|l| l.contains("OpExtInst %void"))
        .count();
    assert_eq!(prints, 3, "{}", m.asm);
}

#[test]
fn hlsl_2018_conditionals_work_per_component() {
    // `-HV 2018`: a vector condition chooses per component and `&&` combines per component;
    // HLSL 2021 refuses both (DXC's messages point at `select` and `and`).
    let src = r#"
float4 main(float4 p : P) : SV_Target {
    bool4 c = p > 0;
    bool4 both = c && (p < 1);
    return c ? p : -p + float4(both);
}
"#;
    let m = compile(src, "ps_6_0", &["-HV", "2018"]);
    m.assert_has(&["OpSelect %v4float", "OpLogicalAnd %v4bool"]);
    crate::harness::refuse(
        src,
        "ps_6_0",
        &[],
        1,
        "error[E2017]: operands for short-circuiting logical binary operator must be scalar, \
         for non-scalar types use 'and'",
    );
}
