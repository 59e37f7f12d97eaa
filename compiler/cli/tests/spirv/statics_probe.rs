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

#[test]
fn a_static_texture_assigned_in_the_entry_samples_the_assigned_texture() {
    let m = compile(
        r#"
Texture2D t0 : register(t0);
Texture2D t1 : register(t1);
SamplerState s0 : register(s0);
static Texture2D st;
float4 main(float2 uv : TEXCOORD) : SV_Target { st = t1; return st.Sample(s0, uv); }
"#,
        "ps_6_0",
        &[],
    );
    // The image sampled is t1's (binding 1); t0 is not used.
    assert_eq!(m.binding("t1"), (0, 1));
    m.assert_has(&["OpLoad %type_image %t1"]);
    assert!(!m.asm.contains("OpName %t0 "), "{}", m.asm);
}

#[test]
fn a_static_buffer_aimed_by_a_helper_function_writes_that_buffer() {
    let m = compile(
        r#"
RWStructuredBuffer<uint> A : register(u0);
RWStructuredBuffer<uint> B : register(u1);
static RWStructuredBuffer<uint> target;
void aim() { target = B; }
[numthreads(1, 1, 1)]
void main() { aim(); target[0] = 3; }
"#,
        "cs_6_0",
        &[],
    );
    // Only B is used, and written in `main` after `aim` ran.
    m.assert_has(&["OpAccessChain %_ptr_Uniform_uint %B %uint_0 %int_0"]);
    assert!(!m.asm.contains("OpName %A "), "{}", m.asm);
}

#[test]
fn zero_length_arrays_copied_passed_and_returned_leave_no_trace() {
    let m = compile(
        r#"
typedef float Empty[0];
static float total = 0;
float count(float a[0]) { float b[0] = a; return 1; }
Empty make(float k) { total += k; float r[0]; return r; }
float4 main() : SV_Target {
    float z[0];
    float y[0] = z;
    y = make(2);
    return count(y) + total;
}
"#,
        "ps_6_0",
        &[],
    );
    // No array type at all, and `make` returns nothing.
    assert!(!m.asm.contains("OpTypeArray"), "{}", m.asm);
    m.assert_has(&["OpFunctionCall %void %make"]);
}

#[test]
fn a_static_local_struct_holding_a_texture_samples_it() {
    let m = compile(
        r#"
Texture2D t0 : register(t0);
SamplerState s0 : register(s0);
struct M { Texture2D t; float k; };
float4 f(float2 uv) { static M m = { t0, 3.0 }; return m.t.Sample(s0, uv) * m.k; }
float4 main(float2 uv : TEXCOORD) : SV_Target { return f(uv); }
"#,
        "ps_6_0",
        &[],
    );
    m.assert_has(&["OpLoad %type_image %t0", "OpImageSampleImplicitLod"]);
}

#[test]
fn statics_shared_by_the_entry_points_of_a_library() {
    let text = r#"
cbuffer C { float4 v4; };
RWStructuredBuffer<float> o : register(u0);
static float k = v4.x * 2;
float next() { static float n = k; n += 1; return n; }
[shader("compute")][numthreads(1, 1, 1)] void a() { o[0] = k + next(); }
[shader("compute")][numthreads(1, 1, 1)] void b() { o[1] = next() + next(); }
[shader("pixel")] float4 p() : SV_Target { return k; }
"#;
    let m = crate::harness::compile_entry(text, "lib_6_3", None, &[]);
    // Each entry point runs the statics' initializers first.
    assert_eq!(m.asm.matches("OpEntryPoint").count(), 3, "{}", m.asm);
    assert_eq!(
        m.asm.matches("OpFunctionCall %void %init_globals").count(),
        3,
        "{}",
        m.asm
    );
}

#[test]
fn a_static_struct_rebound_in_the_entry_samples_each_texture_in_turn() {
    let m = compile(
        r#"
Texture2D t0 : register(t0);
Texture2D t1 : register(t1);
SamplerState s0 : register(s0);
struct M { Texture2D t; float k; };
static M m = { t0, 2.0 };
float4 main(float2 uv : TEXCOORD) : SV_Target {
    float4 a = m.t.Sample(s0, uv) * m.k;
    m.t = t1;
    m.k = 3;
    return a + m.t.Sample(s0, uv) * m.k;
}
"#,
        "ps_6_0",
        &[],
    );
    // t0 is sampled before t1.
    let first = m.asm.find("OpLoad %type_image %t0").expect("t0 sampled");
    let second = m.asm.find("OpLoad %type_image %t1").expect("t1 sampled");
    assert!(first < second, "{}", m.asm);
}

#[test]
fn defaults_of_templates_methods_and_namespaced_functions_see_their_declarations_scope() {
    let m = compile(
        r#"
cbuffer C { float4 v4; };
float g() { return v4.y; }
template<typename T> T h(T a = (T)g()) { return a * 2; }
struct S { static const float K = 2; float m; float scaled(float f = g() * K) { return f * m; } };
namespace N { float inner() { return v4.z; } float outer(float x = inner()) { return x; } }
float4 main() : SV_Target { S s; s.m = 3; return h<float>() + h<int>() + s.scaled() + N::outer(); }
"#,
        "ps_6_0",
        &[],
    );
    // `g` is called for each of the three defaults naming it, `inner` for `N::outer`'s, all
    // from `main`'s body.
    let calls_in_main = |callee: &str| {
        m.asm
            .lines()
            .filter(|l| {
                l.contains(&format!("OpFunctionCall %float {callee} "))
                    || l.ends_with(&format!("OpFunctionCall %float {callee}"))
            })
            .filter(|l| function_holding(&m.asm, l).as_deref() == Some("%main_body"))
            .count()
    };
    assert_eq!(calls_in_main("%g"), 3, "{}", m.asm);
    assert_eq!(calls_in_main("%inner"), 1, "{}", m.asm);
}
