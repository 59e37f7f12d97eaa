//! Inline SPIR-V decorations DXC drops (`W2100` off entry points, with the editor's notion of
//! what may be an entry point; `W2111` on entry points where no stage variable takes them)
//! and attributes DXC does not know outside `vk::` (`W2112`).

use expect_test::expect;

use super::{check_diagnostics, diagnostics_with_entries};

/// In the editor (no `-E`, no `[[entry]]`), an attribute-less `VSMain` that nothing calls may
/// be the entry point, so its parameters' decorations are not said to be ignored; a helper
/// it calls still is.
#[test]
fn an_uncalled_function_may_be_the_entry_in_the_editor() {
    let text = r#"
float twice([[vk::ext_decorate(0)]] float v) { return v * 2; }
float4 VSMain([[vk::ext_decorate(0)]] float4 p : POSITION) : SV_Position { return p * twice(1); }
"#;
    check_diagnostics(
        text,
        expect![[r#"
            W2100 2:13 `[[vk::ext_decorate(0)]]`: `[[vk::ext_decorate]]` on a parameter of a function that is not an entry point is ignored: DXC decorates variables and the entry point's stage variables, never a function parameter
        "#]],
    );
    // With `-E main` (hlslc's default) the entry is known: `VSMain` is no entry point.
    let with_main = diagnostics_with_entries(text, &[("main", "vs_6_0")]);
    assert_eq!(with_main.matches("W2100").count(), 2, "{with_main}");
    let with_vsmain = diagnostics_with_entries(text, &[("VSMain", "vs_6_0")]);
    assert_eq!(with_vsmain.matches("W2100").count(), 1, "{with_vsmain}");
}

/// On an entry point, a decoration whose declaration gives no stage variable is ignored,
/// as DXC ignores it: a ray payload, a struct parameter, a void entry.
#[test]
fn entry_decorations_without_a_stage_variable_are_ignored() {
    check_diagnostics(
        r#"
struct Payload { float4 c; };
[shader("miss")]
void miss([[vk::ext_decorate(0)]] inout Payload p) { p.c = 0; }
struct In { uint i : SV_GroupIndex; };
RWStructuredBuffer<uint> O;
[[vk::ext_decorate(0)]]
[numthreads(1, 1, 1)]
void main([[vk::ext_decorate(0)]] In i, [[vk::ext_decorate(0)]] uint t : SV_GroupID) { O[i.i] = t; }
"#,
        expect![[r#"
            W2111 4:11 `[[vk::ext_decorate(0)]]`: `[[vk::ext_decorate]]` on this entry point parameter is ignored: DXC decorates stage variables, and the parameters of a miss shader are no stage variables (payloads, hit attributes and the like are variables DXC does not decorate)
            W2111 7:1 `[[vk::ext_decorate(0)]]`: `[[vk::ext_decorate]]` on this entry point is ignored: DXC gives it to the entry's result variable, and the entry point returns nothing
            W2111 9:11 `[[vk::ext_decorate(0)]]`: `[[vk::ext_decorate]]` on this entry point parameter is ignored: DXC decorates stage variables, and its stage variables are those of its struct's fields, which take the fields' own decorations
        "#]],
    );
}

/// `[[...]]` attributes DXC does not know are ignored with clang's words, the name without
/// its namespace (DXC's test: `[[scope::attr(0, "str")]]` is "unknown attribute 'attr'
/// ignored"), at the attribute; standard C++ attributes, HLSL's own and the `clang::` and
/// `gnu::` ones DXC's clang knows are not warned about (`clang::always_inline` is not one:
/// `ext3.rs`), and an unknown `vk::` one inside a body is `W2090`.
#[test]
fn unknown_double_bracket_attributes_are_ignored_with_a_warning() {
    check_diagnostics(
        r#"
[[foo]] float4 g;
[[scope::attr(0, "str")]] float4 h;
[[maybe_unused]] float4 m;
[[clang::always_inline]] float helper(float x) { return x; }
void main([[gnu::unused]] uint t : SV_GroupIndex) {
  [[vk::what]] float x = 1;
  [[qq::zz]] float y = 2;
  [[vk::ext_decorate(0), other::two]] float z = 3;
  [[fallthrough]];
}
"#,
        expect![[r#"
            W2112 2:3 `foo`: unknown attribute 'foo' ignored
            W2112 3:3 `scope::attr(0, "str")`: unknown attribute 'attr' ignored
            W2112 5:3 `clang::always_inline`: unknown attribute 'always_inline' ignored
            W2090 7:3 `[[vk::what]]`: unknown attribute 'what' ignored
            W2112 8:5 `qq::zz`: unknown attribute 'zz' ignored
            W2112 9:26 `other::two`: unknown attribute 'two' ignored
        "#]],
    );
}

/// A hull shader's patch-constant function is no entry point, but its parameters are stage
/// variables, which DXC decorates: no `W2100` on them, with `-E` too.
#[test]
fn patch_constant_function_parameters_are_stage_variables() {
    let text = r#"
struct VSOut { float4 pos : POSITION; };
struct PC { float edges[3] : SV_TessFactor; float inside : SV_InsideTessFactor; };
PC pcf(InputPatch<VSOut, 3> ip, [[vk::ext_decorate(0)]] uint id : SV_PrimitiveID) {
  PC o; o.edges[0] = id; o.edges[1] = 1; o.edges[2] = 1; o.inside = 1; return o;
}
[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")]
[outputcontrolpoints(3)] [patchconstantfunc("pcf")]
float4 main(InputPatch<VSOut, 3> ip, uint id : SV_OutputControlPointID) : POSITION {
  return ip[id].pos;
}
"#;
    let found = diagnostics_with_entries(text, &[("main", "hs_6_0")]);
    assert!(!found.contains("W2100"), "{found}");
}
