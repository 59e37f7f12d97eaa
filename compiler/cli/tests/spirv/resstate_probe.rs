//! Resources held in statics, functors and member arrays (issue #4 item 4), through `hlslc
//! -spirv` and `spirv-val`: a functor member holding resources called as `h.f(x)`, a member
//! array holding a whole global array indexed at run time in a method, `static` locals and
//! globals holding resources written in functions, and a sweep of small shaders combining
//! resources with statics, structs, functors and methods. As after DXC's legalization, every
//! use names a global (or an element of a global array); none lives in `Function` storage.

use crate::harness::{compile, refuse, Module};

fn compile_ps(text: &str) -> Module {
    compile(text, "ps_6_0", &[])
}

/// The names of the variables (an element's array) whose images the module's
/// `OpImageSampleImplicitLod`s sample, in order.
fn sampled_images(m: &Module) -> Vec<String> {
    let lines: Vec<&str> = m.asm.lines().collect();
    let loads: std::collections::HashMap<&str, &str> = lines
        .iter()
        .filter_map(|l| {
            let (id, rest) = l.split_once(" = OpLoad ")?;
            Some((id.trim(), rest.split_whitespace().nth(1)?))
        })
        .collect();
    let sampled: std::collections::HashMap<&str, &str> = lines
        .iter()
        .filter_map(|l| {
            let (id, rest) = l.split_once(" = OpSampledImage ")?;
            Some((id.trim(), rest.split_whitespace().nth(1)?))
        })
        .collect();
    // An element's access chain stands for its array.
    let chains: std::collections::HashMap<&str, &str> = lines
        .iter()
        .filter_map(|l| {
            let (id, rest) = l.split_once(" = OpAccessChain ")?;
            Some((id.trim(), rest.split_whitespace().nth(1)?))
        })
        .collect();
    let names: std::collections::HashMap<String, String> = lines
        .iter()
        .filter_map(|l| {
            let rest = l.trim().strip_prefix("OpName ")?;
            let (id, n) = rest.split_once(' ')?;
            Some((id.to_owned(), n.trim_matches('"').to_owned()))
        })
        .collect();
    lines
        .iter()
        .filter_map(|l| {
            let (_, rest) = l.split_once(" = OpImageSampleImplicitLod ")?;
            let si = rest.split_whitespace().nth(1)?;
            let image = sampled.get(si)?;
            let var = loads.get(image)?;
            let var = chains.get(var).unwrap_or(var);
            names.get(*var).cloned()
        })
        .collect()
}

#[test]
fn functor_member_holding_a_texture() {
    let m = compile_ps(
        r#"
Texture2D t0; SamplerState s;
struct F { Texture2D t; float4 operator()(float2 uv) { return t.Sample(s, uv); } };
struct H { F f; };
float4 main(float2 uv : TEXCOORD) : SV_Target { H h; h.f.t = t0; return h.f(uv); }
"#,
    );
    assert_eq!(sampled_images(&m), ["t0"]);
}

#[test]
fn functor_member_rebinding_its_texture() {
    let m = compile_ps(
        r#"
Texture2D t0, t1; SamplerState s;
struct G { Texture2D t; void operator()(Texture2D n) { t = n; } };
struct H { float w; G g; };
float4 main(float2 uv : TEXCOORD) : SV_Target { H h; h.w = 2; h.g.t = t0; h.g(t1); return h.g.t.Sample(s, uv) * h.w; }
"#,
    );
    assert_eq!(sampled_images(&m), ["t1"]);
}

#[test]
fn member_array_of_a_global_array_indexed_in_a_method() {
    let m = compile_ps(
        r#"
Texture2D ts[4]; SamplerState s;
struct M { Texture2D a[4]; float4 get(int i, float2 uv) { return a[i].Sample(s, uv); } };
float4 main(float2 uv : TEXCOORD, int i : I) : SV_Target { M m; m.a = ts; return m.get(i, uv); }
"#,
    );
    assert_eq!(sampled_images(&m), ["ts"]);
    // The element is chosen by the run-time index: an access chain into `ts` at a
    // computed index, no image in function memory.
    assert!(!m.has("OpTypePointer Function %type_2d_image"), "{}", m.asm);
}

#[test]
fn member_array_of_scattered_elements_indexed_at_run_time_is_refused() {
    refuse(
        r#"
Texture2D ts[4]; SamplerState s;
struct M { Texture2D a[2]; float4 get(int i, float2 uv) { return a[i].Sample(s, uv); } };
float4 main(float2 uv : TEXCOORD, int i : I) : SV_Target { M m; m.a[0] = ts[2]; m.a[1] = ts[0]; return m.get(i, uv); }
"#,
        "ps_6_0",
        &[],
        1,
        "not consecutive elements of one global array",
    );
}

#[test]
fn run_time_conditional_of_textures_is_refused_as_dxc() {
    refuse(
        r#"
Texture2D t0, t1; SamplerState s;
float4 main(float2 uv : TEXCOORD, int i : I) : SV_Target { return (i > 0 ? t0 : t1).Sample(s, uv); }
"#,
        "ps_6_0",
        &[],
        1,
        "Result type cannot be OpTypeImage",
    );
}

#[test]
fn static_local_struct_rebound_in_the_entry() {
    let m = compile_ps(
        r#"
Texture2D t0, t1; SamplerState s;
struct P { Texture2D t; };
float4 main(float2 uv : TEXCOORD) : SV_Target { static P p; p.t = t1; return p.t.Sample(s, uv); }
"#,
    );
    assert_eq!(sampled_images(&m), ["t1"]);
}

#[test]
fn static_local_struct_with_data_rebound_in_the_entry() {
    let m = compile_ps(
        r#"
Texture2D t0, t1; SamplerState s;
struct P { Texture2D t; float k; };
float4 main(float2 uv : TEXCOORD) : SV_Target {
    static P p = { t0, 2 };
    float4 a = p.t.Sample(s, uv);
    p.t = t1;
    p.k += 1;
    return a + p.t.Sample(s, uv) * p.k;
}
"#,
    );
    assert_eq!(sampled_images(&m), ["t0", "t1"]);
    assert!(m.has("OpVariable %_ptr_Private_P Private"), "{}", m.asm);
}

#[test]
fn static_texture_assigned_in_two_functions() {
    let m = compile_ps(
        r#"
Texture2D t0, t1; SamplerState s;
static Texture2D st;
void a() { st = t0; }
void b() { st = t1; }
float4 main(float2 uv : TEXCOORD) : SV_Target { a(); float4 x = st.Sample(s, uv); b(); return x + st.Sample(s, uv); }
"#,
    );
    assert_eq!(sampled_images(&m), ["t0", "t1"]);
}

#[test]
fn static_texture_read_in_a_helper_after_setters() {
    let m = compile_ps(
        r#"
Texture2D t0, t1; SamplerState s;
static Texture2D st = t0;
void useSecond() { st = t1; }
float4 get(float2 uv) { return st.Sample(s, uv); }
float4 main(float2 uv : TEXCOORD) : SV_Target { float4 x = get(uv); useSecond(); return x + get(uv); }
"#,
    );
    // One copy of `get` per resource `st` holds at its call.
    assert_eq!(sampled_images(&m), ["t0", "t1"]);
}

#[test]
fn static_texture_chosen_by_run_time_calls_is_refused() {
    refuse(
        r#"
Texture2D t0, t1; SamplerState s;
static Texture2D st;
void a() { st = t0; }
void b() { st = t1; }
float4 main(float2 uv : TEXCOORD, int i : I) : SV_Target { if (i > 0) a(); else b(); return st.Sample(s, uv); }
"#,
        "ps_6_0",
        &[],
        1,
        "E3020",
    );
}
