//! Resources flowing through functions and assignments, through `hlslc -spirv` and
//! `spirv-val`: a returned struct or an `out` parameter handing back an element of a
//! resource array at a run-time index, assignments of resources used as values,
//! `NonUniformResourceIndex` across calls, and a sweep of small shaders combining resources
//! with functions. As after DXC's legalization, every use names the global (or an element
//! of a global array); no image, sampler or buffer lives in `Function` storage.

use crate::harness::{compile, refuse, Module};

/// The lines of function `name`, from its `OpFunction` to its `OpFunctionEnd`.
fn function<'m>(m: &'m Module, name: &str) -> Vec<&'m str> {
    let id = m.id(name);
    let start = format!("{id} = OpFunction ");
    let lines: Vec<&str> = m.asm.lines().collect();
    let Some(at) = lines.iter().position(|l| l.starts_with(&start)) else {
        panic!("no function {name}:\n{}", m.asm)
    };
    let len = lines[at..]
        .iter()
        .position(|l| l.trim() == "OpFunctionEnd")
        .unwrap_or(0);
    lines[at..at + len].to_vec()
}

/// The result ids of the `OpAccessChain`s into global `array` in function `name`.
fn chains_into(m: &Module, name: &str, array: &str) -> Vec<String> {
    let array = m.id(array);
    function(m, name)
        .iter()
        .filter_map(|l| {
            let (id, rest) = l.split_once(" = OpAccessChain ")?;
            let base = rest.split_whitespace().nth(1)?;
            (base == array).then(|| id.trim().to_owned())
        })
        .collect()
}

/// How many `OpFunctionParameter`s function `name` has.
fn parameter_count(m: &Module, name: &str) -> usize {
    function(m, name)
        .iter()
        .filter(|l| l.contains("= OpFunctionParameter "))
        .count()
}

/// Whether `id` is decorated `NonUniform`.
fn is_nonuniform(m: &Module, id: &str) -> bool {
    m.asm
        .lines()
        .any(|l| l.trim() == format!("OpDecorate {id} NonUniform"))
}

/// No image, sampler or buffer in `Function` storage: every `Function` pointer points to
/// data.
fn assert_no_opaque_locals(m: &Module) {
    let def = |id: &str| {
        m.asm
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{id} = ")).map(str::to_owned))
            .unwrap_or_default()
    };
    for l in m.asm.lines() {
        if let Some((_, t)) = l.split_once(" = OpTypePointer Function ") {
            let d = def(t);
            assert!(
                !d.starts_with("OpTypeImage")
                    && !d.starts_with("OpTypeSampler")
                    && !d.starts_with("OpTypeSampledImage")
                    && !d.starts_with("OpTypeRuntimeArray"),
                "an opaque type in Function storage: {d}\n{}",
                m.asm
            );
        }
    }
}

/// Compiles `text` as a pixel shader at `-O0` and `-O3`; every module must validate.
fn compile_ps(text: &str) -> Module {
    compile(text, "ps_6_0", &["-O3"]);
    let m = compile(text, "ps_6_0", &["-O0"]);
    assert_no_opaque_locals(&m);
    m
}

#[test]
fn returned_struct_hands_back_an_element_at_a_run_time_index() {
    let m = compile_ps(
        r#"
cbuffer C { uint idx; };
Texture2D texs[4];
SamplerState smp;
struct M { Texture2D t; float w; };
M pick(uint i) { M m; m.t = texs[i]; m.w = 1; return m; }
float4 main(float2 uv : TEXCOORD) : SV_Target {
    M m = pick(idx);
    return m.t.Sample(smp, uv) * m.w;
}
"#,
    );
    // `pick` takes `i` and the hidden `out int`; the caller indexes `texs` itself.
    assert_eq!(parameter_count(&m, "pick"), 2, "{}", m.asm);
    assert_eq!(chains_into(&m, "main_body", "texs").len(), 1, "{}", m.asm);
    assert_eq!(m.asm.matches("OpImageSampleImplicitLod").count(), 1);
}

#[test]
fn out_parameter_hands_back_an_element_at_a_run_time_index() {
    let m = compile_ps(
        r#"
cbuffer C { uint idx; };
Texture2D texs[4];
SamplerState smp;
void get(uint i, out Texture2D t) { t = texs[i]; }
float4 main(float2 uv : TEXCOORD) : SV_Target {
    Texture2D t;
    get(idx, t);
    return t.Sample(smp, uv);
}
"#,
    );
    assert_eq!(parameter_count(&m, "get"), 2, "{}", m.asm);
    assert_eq!(chains_into(&m, "main_body", "texs").len(), 1, "{}", m.asm);
}

#[test]
fn inout_struct_and_two_levels_of_out_parameters() {
    let m = compile_ps(
        r#"
cbuffer C { uint idx; };
Texture2D texs[4];
SamplerState smp;
struct M { Texture2D t; float w; };
void repoint(inout M m, uint i) { m.t = texs[i]; m.w = 2; }
void inner(uint i, out Texture2D t) { t = texs[i]; }
void outer(uint i, out Texture2D t) { inner(i + 1, t); }
float4 main(float2 uv : TEXCOORD) : SV_Target {
    M m;
    m.t = texs[0];
    m.w = 1;
    repoint(m, idx);
    Texture2D t;
    outer(idx, t);
    return m.t.Sample(smp, uv) * m.w + t.Sample(smp, uv);
}
"#,
    );
    // `outer` hands on what `inner` handed it: each has a hidden parameter.
    assert_eq!(parameter_count(&m, "inner"), 2, "{}", m.asm);
    assert_eq!(parameter_count(&m, "outer"), 2, "{}", m.asm);
    // `repoint`: the data pointer, the incoming element's index, `i`, the hidden index.
    assert_eq!(parameter_count(&m, "repoint"), 4, "{}", m.asm);
}

#[test]
fn returns_naming_two_arrays_are_refused_as_dxc_fails() {
    refuse(
        r#"
cbuffer C { uint idx; };
Texture2D texs[4];
Texture2D others[4];
SamplerState smp;
struct M { Texture2D t; };
M pick(uint i) {
    M m;
    if (i > 2) {
        m.t = others[i];
        return m;
    }
    m.t = texs[i];
    return m;
}
float4 main(float2 uv : TEXCOORD) : SV_Target { M m = pick(idx); return m.t.Sample(smp, uv); }
"#,
        "ps_6_0",
        &[],
        1,
        "E3020",
    );
}

#[test]
fn chained_assignments_of_resources() {
    let m = compile_ps(
        r#"
Texture2D ta;
Texture2D tb;
SamplerState smp;
struct M { Texture2D t; float w; };
float4 use(M m, float2 uv) { return m.t.Sample(smp, uv) * m.w; }
float4 main(float2 uv : TEXCOORD) : SV_Target {
    M a, b, c;
    a.t = ta;
    a.w = 3;
    c = b = a;
    Texture2D x, y;
    x = y = tb;
    return use(b = c, uv) + (b = a).t.Sample(smp, uv) + x.Sample(smp, uv)
        + (y = ta).Sample(smp, uv);
}
"#,
    );
    // Four samples, `x` of `tb` and the others of `ta`.
    assert_eq!(m.asm.matches("OpImageSampleImplicitLod").count(), 4);
    let (ta, tb) = (m.id("ta"), m.id("tb"));
    let loads = |g: &str| {
        m.asm
            .lines()
            .filter(|l| l.contains("= OpLoad ") && l.ends_with(&format!(" {g}")))
            .count()
    };
    assert_eq!((loads(&ta), loads(&tb)), (3, 1), "{}", m.asm);
}

#[test]
fn methods_rebinding_their_objects_resources() {
    let m = compile_ps(
        r#"
cbuffer C { uint idx; };
Texture2D ta;
Texture2D tb;
Texture2D texs[4];
SamplerState smp;
struct M {
    Texture2D t;
    void use_b() { t = tb; }
    void pick(uint i) { t = texs[i]; }
};
float4 main(float2 uv : TEXCOORD) : SV_Target {
    M m;
    m.t = ta;
    m.use_b();
    float4 r = m.t.Sample(smp, uv);
    m.pick(idx);
    return r + m.t.Sample(smp, uv);
}
"#,
    );
    // The first sample reads `tb` (never `ta`), the second `texs` at the index `pick`
    // hands back through its hidden parameter.
    let loads = |g: &str| {
        m.asm
            .lines()
            .filter(|l| l.contains("= OpLoad ") && l.ends_with(&format!(" {g}")))
            .count()
    };
    assert_eq!(
        (loads(&m.id("ta")), loads(&m.id("tb"))),
        (0, 1),
        "{}",
        m.asm
    );
    assert_eq!(parameter_count(&m, "M.pick"), 2, "{}", m.asm);
    assert_eq!(chains_into(&m, "main_body", "texs").len(), 1, "{}", m.asm);
}

#[test]
fn nonuniform_index_passed_to_a_function_stays_nonuniform() {
    let m = compile(
        r#"
Texture2D texs[4];
SamplerState smp;
struct M { Texture2D t; float4 s(float2 uv) { return t.Sample(smp, uv); } };
float4 get(Texture2D t, float2 uv) { return t.Sample(smp, uv); }
float4 use(M m, float2 uv) { return m.t.Sample(smp, uv); }
float4 main(float2 uv : TEXCOORD, nointerpolation uint i : IDX) : SV_Target {
    M m;
    m.t = texs[NonUniformResourceIndex(i)];
    M u;
    u.t = texs[i];
    return get(texs[NonUniformResourceIndex(i)], uv) + use(m, uv) + m.s(uv) + use(u, uv);
}
"#,
        "ps_6_0",
        &[],
    );
    m.assert_has(&["OpCapability ShaderNonUniform"]);
    // The copies for the non-uniform element decorate their access chain; the copy of
    // `use` for the plain `texs[i]` does not.
    for f in ["get", "use", "M.s"] {
        let chains = chains_into(&m, f, "texs");
        assert_eq!(chains.len(), 1, "{f}:\n{}", m.asm);
        assert!(is_nonuniform(&m, &chains[0]), "{f}:\n{}", m.asm);
    }
    let plain = chains_into(&m, "use.1", "texs");
    assert_eq!(plain.len(), 1, "{}", m.asm);
    assert!(!is_nonuniform(&m, &plain[0]), "{}", m.asm);
}

#[test]
fn nonuniform_index_handed_back_stays_nonuniform() {
    let m = compile(
        r#"
Texture2D texs[4];
SamplerState smp;
struct M { Texture2D t; };
Texture2D pick(uint i) { return texs[NonUniformResourceIndex(i)]; }
void get(uint i, out Texture2D t) { t = texs[NonUniformResourceIndex(i + 1)]; }
M make(uint i) { M m; m.t = texs[NonUniformResourceIndex(i + 2)]; return m; }
float4 main(float2 uv : TEXCOORD, nointerpolation uint i : IDX) : SV_Target {
    Texture2D t;
    get(i, t);
    return pick(i).Sample(smp, uv) + t.Sample(smp, uv) + make(i).t.Sample(smp, uv);
}
"#,
        "ps_6_0",
        &[],
    );
    let chains = chains_into(&m, "main_body", "texs");
    assert_eq!(chains.len(), 3, "{}", m.asm);
    for c in &chains {
        assert!(is_nonuniform(&m, c), "{c}:\n{}", m.asm);
    }
}

/// Small valid shaders combining resources with functions; each compiles at `-O0` and
/// `-O3` to modules `spirv-val` accepts, sampling `samples` times.
const SWEEP: &[(&str, usize, &str)] = &[
    (
        "an element at a run-time index passed down two levels",
        1,
        r#"
cbuffer C { uint idx; };
Texture2D texs[4];
SamplerState smp;
float4 leaf(Texture2D t, float2 uv) { return t.Sample(smp, uv); }
float4 mid(Texture2D t, float2 uv) { return leaf(t, uv) * 2; }
float4 main(float2 uv : TEXCOORD) : SV_Target { return mid(texs[idx], uv); }
"#,
    ),
    (
        "a resource returned by a static condition",
        2,
        r#"
Texture2D ta;
Texture2D tb;
SamplerState smp;
static const bool USE_A = false;
Texture2D choose(bool a) { if (a) return ta; return tb; }
float4 main(float2 uv : TEXCOORD) : SV_Target {
    return choose(USE_A).Sample(smp, uv) + choose(true).Sample(smp, uv);
}
"#,
    ),
    (
        "a local array of structs holding resources at a run-time index",
        1,
        r#"
cbuffer C { uint idx; };
Texture2D texs[4];
SamplerState smp;
struct M { Texture2D t; float w; };
float4 main(float2 uv : TEXCOORD) : SV_Target {
    M ms[2];
    ms[0].t = texs[0];
    ms[0].w = 1;
    ms[1].t = texs[1];
    ms[1].w = 2;
    return ms[idx].t.Sample(smp, uv) * ms[idx].w;
}
"#,
    ),
    (
        "an inout struct whose resource the callee replaces",
        1,
        r#"
Texture2D ta;
Texture2D tb;
SamplerState smp;
struct M { Texture2D t; SamplerState s; float w; };
void swap(inout M m) { m.t = tb; m.w *= 2; }
float4 main(float2 uv : TEXCOORD) : SV_Target {
    M m;
    m.t = ta;
    m.s = smp;
    m.w = 1;
    swap(m);
    return m.t.Sample(m.s, uv) * m.w;
}
"#,
    ),
    (
        "RW buffers and samplers at a run-time index returned in a struct",
        1,
        r#"
RWBuffer<float4> outs[2];
Texture2D tex;
SamplerState smps[2];
cbuffer C { uint idx; };
struct Ctx { RWBuffer<float4> o; SamplerState s; };
Ctx make(uint i) { Ctx c; c.o = outs[i]; c.s = smps[i]; return c; }
float4 main(float2 uv : TEXCOORD) : SV_Target {
    Ctx c = make(idx);
    float4 v = tex.Sample(c.s, uv);
    c.o[0] = v;
    return v;
}
"#,
    ),
    (
        "an out resource at a run-time index passed on",
        1,
        r#"
cbuffer C { uint idx; };
Texture2D texs[4];
SamplerState smp;
void get(uint i, out Texture2D t) { t = texs[i]; }
float4 use(Texture2D t, float2 uv) { return t.Sample(smp, uv); }
float4 main(float2 uv : TEXCOORD) : SV_Target { Texture2D t; get(idx, t); return use(t, uv); }
"#,
    ),
    (
        "a resource at a run-time index returned through two levels",
        1,
        r#"
cbuffer C { uint idx; };
Texture2D texs[4];
SamplerState smp;
Texture2D inner(uint i) { return texs[i]; }
Texture2D outer(uint i) { return inner(i + 1); }
float4 main(float2 uv : TEXCOORD) : SV_Target { return outer(idx).Sample(smp, uv); }
"#,
    ),
    (
        "a struct at a run-time index returned through two levels",
        1,
        r#"
cbuffer C { uint idx; };
Texture2D texs[4];
SamplerState smp;
struct M { Texture2D t; float w; };
M inner(uint i) { M m; m.t = texs[i]; m.w = 0.5; return m; }
M outer(uint i) { M m = inner(i); m.w += 1; return m; }
float4 main(float2 uv : TEXCOORD) : SV_Target {
    M m = outer(idx);
    return m.t.Sample(smp, uv) * m.w;
}
"#,
    ),
    (
        "`?:` choosing structs holding resources by a static condition",
        2,
        r#"
Texture2D ta;
Texture2D tb;
SamplerState smp;
struct M { Texture2D t; float w; };
static const int MODE = 1;
float4 main(float2 uv : TEXCOORD) : SV_Target {
    M a;
    a.t = ta;
    a.w = 1;
    M b;
    b.t = tb;
    b.w = 2;
    M c = MODE == 1 ? a : b;
    return c.t.Sample(smp, uv) * c.w + (MODE == 0 ? a : b).t.Sample(smp, uv);
}
"#,
    ),
    (
        "a struct passed in with an element and returned with its data changed",
        1,
        r#"
cbuffer C { uint idx; };
Texture2D texs[4];
SamplerState smp;
struct M { Texture2D t; float w; };
M scale(M m, float k) { m.w *= k; return m; }
float4 main(float2 uv : TEXCOORD) : SV_Target {
    M m;
    m.t = texs[idx];
    m.w = 1;
    M n = scale(m, 3);
    return n.t.Sample(smp, uv) * n.w;
}
"#,
    ),
    (
        "methods returning and using the object's element",
        2,
        r#"
cbuffer C { uint idx; };
Texture2D texs[4];
SamplerState smp;
struct M {
    Texture2D t;
    Texture2D get() { return t; }
    float4 s(float2 uv) { return t.Sample(smp, uv); }
};
float4 main(float2 uv : TEXCOORD) : SV_Target {
    M m;
    m.t = texs[idx];
    return m.get().Sample(smp, uv) + m.s(uv);
}
"#,
    ),
    (
        "an array member of a returned struct at run-time indices",
        2,
        r#"
cbuffer C { uint idx; };
Texture2D texs[4];
SamplerState smp;
struct P { Texture2D pair[2]; };
P make(uint i) { P p; p.pair[0] = texs[i]; p.pair[1] = texs[i + 1]; return p; }
float4 main(float2 uv : TEXCOORD) : SV_Target {
    P p = make(idx);
    return p.pair[0].Sample(smp, uv) + p.pair[1].Sample(smp, uv);
}
"#,
    ),
    (
        "a member of a returned struct used in place",
        1,
        r#"
cbuffer C { uint idx; };
Texture2D texs[4];
SamplerState smp;
struct M { Texture2D t; };
M make(uint i) { M m; m.t = texs[i]; return m; }
float4 main(float2 uv : TEXCOORD) : SV_Target { return make(idx).t.Sample(smp, uv); }
"#,
    ),
    (
        "two returns of one array at different run-time indices",
        1,
        r#"
cbuffer C { uint idx; uint alt; };
Texture2D texs[4];
SamplerState smp;
struct M { Texture2D t; float w; };
M pick(uint i, uint j) {
    M m;
    m.w = 1;
    if (i > 2) {
        m.t = texs[j];
        return m;
    }
    m.t = texs[i];
    return m;
}
float4 main(float2 uv : TEXCOORD) : SV_Target { M m = pick(idx, alt); return m.t.Sample(smp, uv); }
"#,
    ),
    (
        "a resource passed through a function returning it",
        1,
        r#"
cbuffer C { uint idx; };
Texture2D texs[4];
SamplerState smp;
Texture2D same(Texture2D t) { return t; }
float4 main(float2 uv : TEXCOORD) : SV_Target { return same(texs[idx]).Sample(smp, uv); }
"#,
    ),
    (
        "an array of samplers indexed at run time in the callee",
        1,
        r#"
cbuffer C { uint idx; };
Texture2D tex;
SamplerState smps[3];
float4 f(SamplerState ss[3], uint i, float2 uv) { return tex.Sample(ss[i], uv); }
float4 main(float2 uv : TEXCOORD) : SV_Target { return f(smps, idx, uv); }
"#,
    ),
    (
        // `texs[k]` is a legal run-time index: the loop stays a loop.
        "chained assignments in a loop",
        2,
        r#"
Texture2D texs[4];
SamplerState smp;
float4 main(float2 uv : TEXCOORD) : SV_Target {
    float4 r = 0;
    [unroll] for (int k = 0; k < 4; k++) {
        Texture2D a, b;
        a = b = texs[k];
        r += a.Sample(smp, uv) + b.Sample(smp, uv);
    }
    return r;
}
"#,
    ),
    (
        "a RW texture at a run-time index returned in a struct and written",
        0,
        r#"
RWTexture2D<float4> outs[2];
cbuffer C { uint idx; };
struct W { RWTexture2D<float4> o; uint2 at; };
W target(uint i) { W w; w.o = outs[i]; w.at = uint2(i, 1); return w; }
float4 main(float4 pos : SV_Position) : SV_Target { W w = target(idx); w.o[w.at] = pos; return pos; }
"#,
    ),
    (
        "an inout resource replaced by an element at a run-time index",
        1,
        r#"
cbuffer C { uint idx; };
Texture2D texs[4];
SamplerState smp;
void next(inout Texture2D t, uint i) { t = texs[i]; }
float4 main(float2 uv : TEXCOORD) : SV_Target {
    Texture2D t = texs[0];
    next(t, idx);
    return t.Sample(smp, uv);
}
"#,
    ),
    (
        "a constant and a run-time element of one array on two paths",
        1,
        r#"
cbuffer C { uint idx; };
Texture2D texs[4];
SamplerState smp;
void get(uint i, out Texture2D t) {
    if (i == 0) {
        t = texs[3];
        return;
    }
    t = texs[i];
}
float4 main(float2 uv : TEXCOORD) : SV_Target { Texture2D t; get(idx, t); return t.Sample(smp, uv); }
"#,
    ),
    (
        "an out array of resources at run-time indices",
        2,
        r#"
cbuffer C { uint idx; };
Texture2D texs[4];
SamplerState smp;
void get(uint i, out Texture2D ts[2]) { ts[0] = texs[i]; ts[1] = texs[i + 1]; }
float4 main(float2 uv : TEXCOORD) : SV_Target {
    Texture2D ts[2];
    get(idx, ts);
    return ts[0].Sample(smp, uv) + ts[1].Sample(smp, uv);
}
"#,
    ),
    (
        "an inout array of resources with one element replaced",
        2,
        r#"
cbuffer C { uint idx; };
Texture2D texs[4];
SamplerState smp;
void bump(inout Texture2D ts[2], uint i) { ts[1] = texs[i]; }
float4 main(float2 uv : TEXCOORD) : SV_Target {
    Texture2D ts[2] = { texs[0], texs[1] };
    bump(ts, idx);
    return ts[0].Sample(smp, uv) + ts[1].Sample(smp, uv);
}
"#,
    ),
];

#[test]
fn sweep_of_resources_through_functions() {
    for (what, samples, text) in SWEEP {
        let m = compile_ps(text);
        let n = m.asm.matches("OpImageSampleImplicitLod").count();
        assert_eq!(n, *samples, "{what}:\n{}", m.asm);
    }
}
