//! Resources held in statics, functors and member arrays (issue #4 item 4), through `hlslc
//! -spirv` and `spirv-val`: a functor member holding resources called as `h.f(x)`, a member
//! array holding a whole global array indexed at run time in a method, `static` locals and
//! globals holding resources written in functions, and a sweep of small shaders combining
//! resources with statics, structs, functors and methods. As after DXC's legalization, every
//! use names a global (or an element of a global array); none lives in `Function` storage.

use std::collections::HashMap;

use crate::harness::{compile, refuse, Module};

fn compile_ps(text: &str) -> Module {
    compile(text, "ps_6_0", &[])
}

/// The names of the variables (an element's array) whose images the module's
/// `OpImageSampleImplicitLod`s sample, in order.
fn sampled_images(m: &Module) -> Vec<String> {
    samples(m).into_iter().map(|(image, _)| image).collect()
}

/// The variables (an element's array) whose image and sampler each
/// `OpImageSampleImplicitLod` of the module uses, in order.
fn samples(m: &Module) -> Vec<(String, String)> {
    let lines: Vec<&str> = m.asm.lines().collect();
    // `%id = Op... %type %a %b`: the operands after the type.
    let operands = |op: &str| -> HashMap<&str, Vec<&str>> {
        let sep = format!(" = {op} ");
        lines
            .iter()
            .filter_map(|l| {
                let (id, rest) = l.split_once(sep.as_str())?;
                Some((id.trim(), rest.split_whitespace().skip(1).collect()))
            })
            .collect()
    };
    let (loads, sampled, chains) = (
        operands("OpLoad"),
        operands("OpSampledImage"),
        operands("OpAccessChain"),
    );
    let names: HashMap<&str, &str> = lines
        .iter()
        .filter_map(|l| {
            let rest = l.trim().strip_prefix("OpName ")?;
            let (id, n) = rest.split_once(' ')?;
            Some((id, n.trim_matches('"')))
        })
        .collect();
    // The variable a loaded object comes from (an element's chain stands for its array).
    let var = |loaded: &str| -> Option<String> {
        let v = *loads.get(loaded)?.first()?;
        let v = chains.get(v).and_then(|c| c.first().copied()).unwrap_or(v);
        Some(names.get(v).copied().unwrap_or(v).to_owned())
    };
    lines
        .iter()
        .filter_map(|l| {
            let (_, rest) = l.split_once(" = OpImageSampleImplicitLod ")?;
            let pair = sampled.get(rest.split_whitespace().nth(1)?)?;
            Some((var(pair.first()?)?, var(pair.get(1)?)?))
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

/// Small valid shaders combining resources with statics, structs, functors, methods, arrays
/// of structs, `inout`/`out` struct parameters and loops, each with the image and sampler
/// (variables; an element's array) of every sample, in the order of the module's code.
const SWEEP: &[(&str, &[(&str, &str)])] = &[
    // static struct global holding a texture, method reading it
    (
        r#"
Texture2D t0; SamplerState s;
struct Mat { Texture2D t; float k; float4 get(float2 uv) { return t.Sample(s, uv) * k; } };
static Mat gM = { t0, 2.0 };
float4 main(float2 uv : TEXCOORD) : SV_Target { return gM.get(uv); }
"#,
        &[("t0", "s")],
    ),
    // static const struct holding resources
    (
        r#"
Texture2D t0; SamplerState s;
struct Mat { Texture2D t; SamplerState ss; };
static const Mat gM = { t0, s };
float4 main(float2 uv : TEXCOORD) : SV_Target { return gM.t.Sample(gM.ss, uv); }
"#,
        &[("t0", "s")],
    ),
    // array of structs holding resources, constant indices, method call
    (
        r#"
Texture2D t0, t1; SamplerState s;
struct L { Texture2D t; float w; float4 get(float2 uv) { return t.Sample(s, uv) * w; } };
float4 main(float2 uv : TEXCOORD) : SV_Target { L ls[2]; ls[0].t = t0; ls[0].w = 1; ls[1].t = t1; ls[1].w = 2; return ls[0].get(uv) + ls[1].get(uv); }
"#,
        &[("t0", "s"), ("t1", "s")],
    ),
    // inout struct parameter holding resources, rebound in callee
    (
        r#"
Texture2D t0, t1; SamplerState s;
struct P { Texture2D t; float k; };
void swap(inout P p) { p.t = t1; p.k *= 2; }
float4 main(float2 uv : TEXCOORD) : SV_Target { P p; p.t = t0; p.k = 1; swap(p); return p.t.Sample(s, uv) * p.k; }
"#,
        &[("t1", "s")],
    ),
    // functor stored in a static struct
    (
        r#"
Texture2D t0; SamplerState s;
struct F { Texture2D t; float4 operator()(float2 uv) { return t.Sample(s, uv); } };
static F gF = { t0 };
float4 main(float2 uv : TEXCOORD) : SV_Target { return gF(uv); }
"#,
        &[("t0", "s")],
    ),
    // functor local called directly
    (
        r#"
Texture2D t0; SamplerState s;
struct F { Texture2D t; float4 operator()(float2 uv) { return t.Sample(s, uv); } };
float4 main(float2 uv : TEXCOORD) : SV_Target { F f; f.t = t0; return f(uv); }
"#,
        &[("t0", "s")],
    ),
    // functor passed to a function
    (
        r#"
Texture2D t0; SamplerState s;
struct F { Texture2D t; float4 operator()(float2 uv) { return t.Sample(s, uv); } };
float4 apply(F f, float2 uv) { return f(uv); }
float4 main(float2 uv : TEXCOORD) : SV_Target { F f; f.t = t0; return apply(f, uv); }
"#,
        &[("t0", "s")],
    ),
    // struct returned from function holding resources, then method
    (
        r#"
Texture2D t0; SamplerState s;
struct M { Texture2D t; float4 get(float2 uv) { return t.Sample(s, uv); } };
M make() { M m; m.t = t0; return m; }
float4 main(float2 uv : TEXCOORD) : SV_Target { return make().get(uv); }
"#,
        &[("t0", "s")],
    ),
    // static array of textures indexed at run time (consecutive elements of global)
    (
        r#"
Texture2D ts[3]; SamplerState s;
static Texture2D sts[3] = ts;
float4 main(float2 uv : TEXCOORD, int i : I) : SV_Target { return sts[i].Sample(s, uv); }
"#,
        &[("ts", "s")],
    ),
    // nested struct member array passed into a method of inner struct
    (
        r#"
Texture2D ts[2]; SamplerState s;
struct In { Texture2D a[2]; float4 get(int i, float2 uv) { return a[i].Sample(s, uv); } };
struct Out { float w; In in0; };
float4 main(float2 uv : TEXCOORD, int i : I) : SV_Target { Out o; o.w = 1; o.in0.a = ts; return o.in0.get(i, uv) * o.w; }
"#,
        &[("ts", "s")],
    ),
    // static resource alias used from a helper
    (
        r#"
Texture2D t0; SamplerState s;
static Texture2D st = t0;
float4 helper(float2 uv) { return st.Sample(s, uv); }
float4 main(float2 uv : TEXCOORD) : SV_Target { return helper(uv); }
"#,
        &[("t0", "s")],
    ),
    // static sampler set in a setter, texture param
    (
        r#"
Texture2D t0; SamplerState s0, s1;
static SamplerState gs;
void useLinear() { gs = s1; }
float4 samp(Texture2D t, float2 uv) { return t.Sample(gs, uv); }
float4 main(float2 uv : TEXCOORD) : SV_Target { gs = s0; float4 a = samp(t0, uv); useLinear(); return a + samp(t0, uv); }
"#,
        &[("t0", "s0"), ("t0", "s1")],
    ),
    // method setting this's resource from a global array element at a constant index
    (
        r#"
Texture2D ts[2]; SamplerState s;
struct M { Texture2D t; void pick() { t = ts[1]; } float4 get(float2 uv) { return t.Sample(s, uv); } };
float4 main(float2 uv : TEXCOORD) : SV_Target { M m; m.pick(); return m.get(uv); }
"#,
        &[("ts", "s")],
    ),
    // array of structs holding resources indexed at runtime, consecutive
    (
        r#"
Texture2D ts[2]; SamplerState s;
struct L { Texture2D t; float w; };
float4 main(float2 uv : TEXCOORD, int i : I) : SV_Target { L ls[2]; ls[0].t = ts[0]; ls[1].t = ts[1]; ls[0].w = 1; ls[1].w = 2; return ls[i].t.Sample(s, uv) * ls[i].w; }
"#,
        &[("ts", "s")],
    ),
    // out struct parameter holding resources
    (
        r#"
Texture2D t0; SamplerState s;
struct P { Texture2D t; SamplerState ss; };
void fill(out P p) { p.t = t0; p.ss = s; }
float4 main(float2 uv : TEXCOORD) : SV_Target { P p; fill(p); return p.t.Sample(p.ss, uv); }
"#,
        &[("t0", "s")],
    ),
    // functor member of array element
    (
        r#"
Texture2D t0, t1; SamplerState s;
struct F { Texture2D t; float4 operator()(float2 uv) { return t.Sample(s, uv); } };
struct H { F f; };
float4 main(float2 uv : TEXCOORD) : SV_Target { H hs[2]; hs[0].f.t = t0; hs[1].f.t = t1; return hs[0].f(uv) + hs[1].f(uv); }
"#,
        &[("t0", "s"), ("t1", "s")],
    ),
    // static resource set in entry, then helper reads it (tracked single? no: two users)
    (
        r#"
Texture2D t0, t1; SamplerState s;
static Texture2D st;
float4 helper(float2 uv) { return st.Sample(s, uv); }
float4 main(float2 uv : TEXCOORD) : SV_Target { st = t0; float4 a = helper(uv); st = t1; return a + helper(uv); }
"#,
        &[("t0", "s"), ("t1", "s")],
    ),
    // struct with resource member array and method taking index, called through function with inout
    (
        r#"
Texture2D ts[2]; SamplerState s;
struct M { Texture2D a[2]; float4 get(int i, float2 uv) { return a[i].Sample(s, uv); } };
float4 use(inout M m, int i, float2 uv) { return m.get(i, uv); }
float4 main(float2 uv : TEXCOORD, int i : I) : SV_Target { M m; m.a = ts; return use(m, i, uv); }
"#,
        &[("ts", "s")],
    ),
    // resource setter in a loop (rebinding per iteration)
    (
        r#"
Texture2D t0, t1; SamplerState s;
static Texture2D st;
void a() { st = t0; }
void b() { st = t1; }
float4 main(float2 uv : TEXCOORD, int n : I) : SV_Target { float4 x = 0; for (int k = 0; k < n; k++) { a(); x += st.Sample(s, uv); b(); x += st.Sample(s, uv); } return x; }
"#,
        &[("t0", "s"), ("t1", "s")],
    ),
    // local resource rebound within a loop iteration
    (
        r#"
Texture2D t0, t1; SamplerState s;
float4 main(float2 uv : TEXCOORD, int n : I) : SV_Target { float4 x = 0; Texture2D t; for (int k = 0; k < n; k++) { t = t0; x += t.Sample(s, uv); t = t1; x += t.Sample(s, uv); } return x; }
"#,
        &[("t0", "s"), ("t1", "s")],
    ),
    // rebind restored by the end of each iteration: fine, and after the loop too
    (
        r#"
Texture2D t0, t1; SamplerState s;
float4 main(float2 uv : TEXCOORD, int n : I) : SV_Target { float4 x = 0; Texture2D t = t0; for (int k = 0; k < n; k++) { x += t.Sample(s, uv); t = t1; x += t.Sample(s, uv); t = t0; } return x + t.Sample(s, uv); }
"#,
        &[("t0", "s"), ("t1", "s"), ("t0", "s")],
    ),
    // a struct static whose texture a setter function rebinds
    (
        r#"
Texture2D t0, t1; SamplerState s;
struct Mat { Texture2D t; float k; };
static Mat gM = { t0, 1.0 };
void useSecond() { gM.t = t1; }
float4 main(float2 uv : TEXCOORD) : SV_Target { float4 a = gM.t.Sample(s, uv); useSecond(); return a + gM.t.Sample(s, uv) * gM.k; }
"#,
        &[("t0", "s"), ("t1", "s")],
    ),
];

#[test]
fn sweep_of_resources_in_statics_structs_functors_and_loops() {
    for (text, expected) in SWEEP {
        let m = compile_ps(text);
        let got = samples(&m);
        let want: Vec<(String, String)> = expected
            .iter()
            .map(|(i, s)| (i.to_string(), s.to_string()))
            .collect();
        assert_eq!(got, want, "{text}");
    }
}
