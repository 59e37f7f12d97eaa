//! Forms of issue #4 item 4 left after res8 (task res9), through `hlslc -spirv` and every
//! `spirv-val` installed: `static` locals and globals holding resources that flow through
//! calls, declared without an initializer, or initialized by flattened lists and members.

use crate::harness::{compile, Module};

/// `static S s = { a, b, 1 }; ... s.t = b;` in a function called twice: the first call
/// samples `a` (the list), the second `b` (what the first left).
#[test]
fn static_struct_local_list_member_given_another_listed_texture() {
    let m = compile(
        "Texture2D<float4> a;
Texture2D<float4> b;
SamplerState smp;
struct S { Texture2D<float4> t; Texture2D<float4> u; float k; };
float4 h() {
    static S s = { a, b, 1 };
    float4 r = s.t.SampleLevel(smp, float2(0.5, 0.5), 0) * s.k;
    s.t = b;
    return r;
}
float4 main() : SV_Target { return h() + h(); }
",
        "ps_6_0",
        &[],
    );
    assert_eq!(uses(&m, "a"), 1, "{}", m.asm);
    assert_eq!(uses(&m, "b"), 1, "{}", m.asm);
    m.assert_has(&["\"h.1\""]);
}

/// A struct `static` local rebound by its method and by a function taking it `inout` (its
/// data part, a private global, passed through a function variable): the later call
/// samples `b`, `a` never.
#[test]
fn static_struct_local_rebound_by_a_method_and_an_inout_call() {
    let m = compile(
        "Texture2D<float4> a;
Texture2D<float4> b;
SamplerState smp;
struct S { Texture2D<float4> t; float k; void set(Texture2D<float4> x) { t = x; } };
void rebind(inout S s) { s.set(b); s.k = 2; }
float4 h(bool first) {
    static S s;
    float4 r = 0;
    if (!first) r = s.t.SampleLevel(smp, float2(0.5, 0.5), 0) * s.k;
    s.t = a;
    rebind(s);
    return r;
}
float4 main() : SV_Target { return h(true) + h(false); }
",
        "ps_6_0",
        &[],
    );
    assert_eq!(uses(&m, "a"), 0, "{}", m.asm);
    assert_eq!(uses(&m, "b"), 1, "{}", m.asm);
}

/// `static Texture2D t = ts[i];` in a called function: the first call's element is handed
/// back through a hidden `out int` and given to the later calls, which sample it; a call
/// under a run-time `if` leaves it as it was.
#[test]
fn static_resource_local_keeps_the_first_calls_element() {
    let m = compile(
        "Texture2D<float4> ts[4];
SamplerState smp;
cbuffer C { uint k; uint n; };
float4 h(uint i) {
    static Texture2D<float4> t = ts[i];
    return t.SampleLevel(smp, float2(0.5, 0.5), 0);
}
float4 main() : SV_Target {
    float4 r = h(k);
    if (n > 2) r += h(3);
    return r + h(n);
}
",
        "ps_6_0",
        &[],
    );
    // One copy for the first call, one given the element for `h(3)` (a constant argument
    // picks a copy of its own) and one for `h(n)`.
    assert_eq!(
        m.asm.matches("OpImageSampleExplicitLod").count(),
        3,
        "{}",
        m.asm
    );
    // The first copy stores the index; the others take it as an argument.
    m.assert_has(&["\"static.0.index\"", "\"static.index\""]);
}

/// `static Texture2D t = ts[k];` that a function also assigns: the entry starts with the
/// element at `k` (computed once by `init_globals`), a helper samples it given its index,
/// and after `set()` samples `b`.
#[test]
fn static_global_element_at_a_run_time_index_then_assigned() {
    let m = compile(
        "Texture2D<float4> ts[4];
Texture2D<float4> b;
SamplerState smp;
cbuffer C { uint k; };
static Texture2D<float4> t = ts[k];
float4 h() { return t.SampleLevel(smp, float2(0.5, 0.5), 0); }
void set() { t = b; }
float4 main() : SV_Target { float4 r = h(); set(); return r + h(); }
",
        "ps_6_0",
        &[],
    );
    assert_eq!(uses(&m, "b"), 1, "{}", m.asm);
    m.assert_has(&["\"t.index\"", "\"init_globals\""]);
}

/// Struct statics without an initializer, assigned in the entry and a helper, and struct
/// statics initialized by a flattened list and by members of others.
#[test]
fn struct_statics_without_initializers_and_with_flattened_lists() {
    let m = compile(
        "Texture2D<float4> a;
Texture2D<float4> b;
Texture2D<float4> ts[2];
SamplerState smp;
struct M { Texture2D<float4> t; float2 uv; };
struct G { Texture2D<float4> t; Texture2D<float4> u[2]; };
G gm;
static M gs;
static M flat = { b, 0.25, 0.75 };
static Texture2D<float4> member = gm.u[1];
void set() { gs.t = b; gs.uv = 0.5; }
float4 main() : SV_Target {
    gs.t = a;
    float4 r = gs.t.SampleLevel(smp, float2(0.5, 0.5), 0);
    set();
    r += gs.t.SampleLevel(smp, gs.uv, 0);
    r += flat.t.SampleLevel(smp, flat.uv, 0);
    return r + member.SampleLevel(smp, float2(0.5, 0.5), 0);
}
",
        "ps_6_0",
        &[],
    );
    assert_eq!(uses(&m, "a"), 1, "{}", m.asm);
    assert_eq!(uses(&m, "b"), 2, "{}", m.asm);
    assert_eq!(uses(&m, "gm_u_1_"), 1, "{}", m.asm);
}

/// `static` globals initialized by calls: with a resource global and a constant argument,
/// with a constant element argument, and returning (alone or in a struct with data) an
/// element at a run-time index, whose index `init_globals` stores once.
#[test]
fn static_globals_initialized_by_calls() {
    let m = compile(
        "Texture2D<float4> a;
Texture2D<float4> ts[4];
SamplerState smp;
cbuffer C { uint k; };
struct M { Texture2D<float4> t; float w; };
Texture2D<float4> id(Texture2D<float4> x, uint unused = 1) { return x; }
Texture2D<float4> pick() { return ts[k]; }
M make(Texture2D<float4> x, float w) { M m; m.t = x; m.w = w; return m; }
M make_at() { M m; m.t = ts[k + 1]; m.w = 2; return m; }
static Texture2D<float4> t0 = id(a);
static Texture2D<float4> t1 = id(ts[2]);
static Texture2D<float4> t2 = pick();
static M m0 = make(a, 3);
static M m1 = make_at();
float4 main() : SV_Target {
    float2 uv = float2(0.5, 0.5);
    return t0.SampleLevel(smp, uv, 0) + t1.SampleLevel(smp, uv, 0)
        + t2.SampleLevel(smp, uv, 0) + m0.t.SampleLevel(smp, uv, 0) * m0.w
        + m1.t.SampleLevel(smp, uv, 0) * m1.w;
}
",
        "ps_6_0",
        &[],
    );
    m.assert_has(&[
        "\"init_globals\"",
        "\"t1.index\"",
        "\"t2.index\"",
        "\"m1.index0\"",
    ]);
    assert_eq!(uses(&m, "a"), 2, "{}", m.asm);
}

/// `static` resources initialized with SM 6.6 descriptor heap elements: at a constant index
/// the heap array's element, at a run-time index (through a cast) the element at a private
/// `int` `init_globals` sets, and a sampler from the sampler heap.
#[test]
fn static_resources_initialized_from_descriptor_heaps() {
    let m = compile(
        "SamplerState smp;
cbuffer C { uint k; };
static Texture2D<float4> t = ResourceDescriptorHeap[3];
static Texture2D<float4> u = (Texture2D<float4>)ResourceDescriptorHeap[k];
static SamplerState s2 = SamplerDescriptorHeap[1];
float4 main() : SV_Target {
    return t.SampleLevel(smp, float2(0.5, 0.5), 0) + u.SampleLevel(s2, float2(0.5, 0.5), 0);
}
",
        "ps_6_6",
        &[],
    );
    m.assert_has(&[
        "%ResourceDescriptorHeap %int_3",
        "%SamplerDescriptorHeap %int_1",
        "\"u.index\"",
    ]);
}

/// The instructions of `m` whose last operand is `%name` (the loads of a resource global).
fn uses(m: &Module, name: &str) -> usize {
    let suffix = format!(" %{name}");
    m.asm.lines().filter(|l| l.ends_with(&suffix)).count()
}

/// A `static` global and a `static` local given a descriptor heap element in a called
/// function (`t = ResourceDescriptorHeap[i];`, the element taking the type it is assigned
/// to, as in a declaration): the caller's load goes through the heap at the index the call
/// handed back (was "not supported yet: a descriptor heap element of this type").
#[test]
fn static_resources_assigned_descriptor_heap_elements_in_called_functions() {
    let m = compile(
        "cbuffer C { uint idx; uint idx2; };
RWStructuredBuffer<float4> o : register(u0);
static Texture2D<float4> t;
void pick(uint i) { t = ResourceDescriptorHeap[i]; }
float4 get(uint i, int2 p) {
    static Texture2D<float4> u;
    u = ResourceDescriptorHeap[i];
    return u.Load(int3(p, 0));
}
[numthreads(1, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
    pick(idx);
    o[id.x] = t.Load(int3(id.xy, 0)) + get(idx2, id.xy);
}
",
        "cs_6_6",
        &[],
    );
    assert_eq!(m.asm.matches("OpImageFetch").count(), 2, "{}", m.asm);
    let heap = m.id("ResourceDescriptorHeap");
    let chains = m
        .asm
        .lines()
        .filter(|l| l.contains("OpAccessChain") && l.contains(&heap))
        .count();
    assert!(chains >= 2, "{}", m.asm);
}
