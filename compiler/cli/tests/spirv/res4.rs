//! The last resource forms of issue #4 item 4 that lowering refused, through `hlslc -spirv`
//! and every `spirv-val` installed: a constant argument indexing a scattered member array of
//! textures in a method, elements of arrays of ray queries passed to functions, and DXC's
//! refusal of multi-dimensional arrays of buffers with counters.

use crate::harness::{compile, refuse};

/// The function defined as `name`'s `OpFunction` up to its `OpFunctionEnd`.
fn function_body<'a>(asm: &'a str, name: &str) -> &'a str {
    let start = asm
        .find(&format!("{name} = OpFunction "))
        .unwrap_or_else(|| panic!("no function {name}:\n{asm}"));
    let end = asm[start..].find("OpFunctionEnd").expect("function end");
    &asm[start..start + end]
}

/// `h.a` holds `tc, ta, tc`: `get(1)` and `get(2)` each pick a copy of `get` in which `a[i]`
/// is one texture, as DXC's inlining resolves it: `ta` in the first, `tc` in the second.
#[test]
fn constant_index_into_a_scattered_member_array_in_a_method() {
    let m = compile(
        "Texture2D ta : register(t0);
Texture2D tc : register(t2);
SamplerState s : register(s0);
RWStructuredBuffer<float4> o : register(u0);
struct H {
    Texture2D a[3];
    float k;
    float4 get(int i) { return a[i].SampleLevel(s, float2(0, 0), 0) * k; }
};
[numthreads(1, 1, 1)]
void main() {
    H h;
    h.k = 2;
    h.a[0] = tc;
    h.a[1] = ta;
    h.a[2] = tc;
    o[0] = h.get(1) + h.get(2);
}
",
        "cs_6_0",
        &[],
    );
    m.assert_has(&[
        "OpFunctionCall %v4float %H_get %h %int_1",
        "OpFunctionCall %v4float %H_get_1 %h %int_2",
    ]);
    assert!(
        function_body(&m.asm, "%H_get").contains("OpLoad %type_image %ta"),
        "{}",
        m.asm
    );
    assert!(
        function_body(&m.asm, "%H_get_1").contains("OpLoad %type_image %tc"),
        "{}",
        m.asm
    );
}

/// `f(q[1][k])` passes the whole array of queries and the element's indices (a call's
/// pointer operands must be whole variables in SPIR-V's logical addressing); the copy of `f`
/// passes them on to `g` the same way, and the copy given a whole query takes its pointer.
#[test]
fn ray_query_array_elements_as_arguments() {
    let m = compile(
        "RaytracingAccelerationStructure as : register(t0);
RWStructuredBuffer<uint> o : register(u0);
cbuffer C { uint k; };
void g(inout RayQuery<RAY_FLAG_FORCE_OPAQUE> q) { q.Proceed(); }
void f(RayQuery<RAY_FLAG_FORCE_OPAQUE> q) {
    RayDesc r;
    r.Origin = 0;
    r.Direction = float3(0, 0, 1);
    r.TMin = 0;
    r.TMax = 1;
    q.TraceRayInline(as, 0, 0xff, r);
    g(q);
}
uint h(RayQuery<RAY_FLAG_FORCE_OPAQUE> a, RayQuery<RAY_FLAG_FORCE_OPAQUE> b) {
    return a.CommittedStatus() + b.CommittedStatus();
}
[numthreads(1, 1, 1)]
void main() {
    RayQuery<RAY_FLAG_FORCE_OPAQUE> q[2][3];
    RayQuery<RAY_FLAG_FORCE_OPAQUE> one;
    f(q[1][k]);
    f(one);
    f(q[0][2]);
    o[0] = h(q[1][k], one);
}
",
        "cs_6_5",
        &["-fspv-target-env=vulkan1.2"],
    );
    m.assert_has(&[
        "OpFunctionCall %void %f %q %int_0 %int_2",
        "OpFunctionCall %void %f_1 %one",
        "OpFunctionCall %void %g_1 %q_0 ",
        "OpCapability RayQueryKHR",
    ]);
    let f = function_body(&m.asm, "%f");
    assert_eq!(f.matches("OpFunctionParameter %int").count(), 2, "{f}");
}

/// DXC refuses a two-dimensional array of RW, append or consume structured buffers in these
/// words, whether or not a counter method is used.
#[test]
fn multi_dimensional_append_buffer_arrays_are_refused_as_dxc_does() {
    refuse(
        "AppendStructuredBuffer<float> a[2][2] : register(u0);
[numthreads(1, 1, 1)] void main() { a[1][0].Append(1); }
",
        "cs_6_0",
        &[],
        1,
        "error[E3008]: Multi-dimensional arrays of RW/append/consume structured buffers are unsupported in Vulkan",
    );
}

/// `set(idx)` leaves `ts[i]` in the `static` `st`: the index comes back through `set`'s
/// hidden `out int` (a pointer parameter after `i`), and `main` samples `ts` at it.
#[test]
fn static_resource_set_to_a_run_time_element_in_a_helper() {
    let m = compile(
        "Texture2D ts[4] : register(t0);
SamplerState s : register(s4);
RWStructuredBuffer<float4> o : register(u0);
cbuffer C { int idx; };
static Texture2D st;
void set(int i) { st = ts[i]; }
[numthreads(1, 1, 1)]
void main() {
    set(idx);
    o[0] = st.SampleLevel(s, float2(0, 0), 0);
}
",
        "cs_6_0",
        &[],
    );
    let set = function_body(&m.asm, "%set");
    assert_eq!(set.matches("OpFunctionParameter").count(), 2, "{set}");
    assert!(
        set.contains("OpFunctionParameter %_ptr_Function_int"),
        "{set}"
    );
    let main = function_body(&m.asm, "%main_body");
    // The index `set` left in the caller's temporary indexes `ts`.
    let loaded = main
        .lines()
        .find_map(|l| l.strip_suffix(" = OpLoad %int %index"))
        .unwrap_or_else(|| panic!("no load of the index:\n{main}"));
    assert!(
        main.contains(&format!(
            "OpAccessChain %_ptr_UniformConstant_type_image %ts {loaded}"
        )),
        "{main}"
    );
}

/// A `static` resource local of a called function that every assignment gives `t0` stands
/// for `t0`: `pick` hands nothing back and `main` samples `t0` directly.
#[test]
fn static_resource_local_in_a_called_function() {
    let m = compile(
        "Texture2D t0 : register(t0);
SamplerState s : register(s1);
RWStructuredBuffer<float4> o : register(u0);
Texture2D pick(int k) {
    static Texture2D t;
    if (k)
        t = t0;
    return t;
}
[numthreads(1, 1, 1)]
void main() { o[0] = pick(1).SampleLevel(s, float2(0, 0), 0); }
",
        "cs_6_0",
        &[],
    );
    let main = function_body(&m.asm, "%main_body");
    assert!(main.contains("OpLoad %type_image %t0"), "{main}");
}

/// A struct `static` local of a called function, returned: each resource member is only
/// ever assigned one resource, so the returned struct's texture and sampler are `t0` and
/// `s`, and its data part (`k`) lives in a private global.
#[test]
fn static_struct_local_returned_from_a_called_function() {
    let m = compile(
        "Texture2D t0 : register(t0);
SamplerState s : register(s1);
RWStructuredBuffer<float4> o : register(u0);
struct M { Texture2D t; SamplerState s; float k; };
M pick() {
    static M m;
    m.t = t0;
    m.s = s;
    m.k = 2;
    return m;
}
[numthreads(1, 1, 1)]
void main() {
    M m = pick();
    o[0] = m.t.SampleLevel(m.s, float2(0, 0), 0) * m.k;
}
",
        "cs_6_0",
        &[],
    );
    let main = function_body(&m.asm, "%main_body");
    assert!(main.contains("OpLoad %type_image %t0"), "{main}");
    assert!(main.contains("OpLoad %type_sampler %s"), "{main}");
    m.assert_has(&["OpVariable %_ptr_Private_M Private"]);
}

/// A one-dimensional array of append buffers and one of consume buffers (DXC since it
/// dropped its refusal): each array has an array of counters, and `a[1].Append` adds 1 to
/// element 1 of `counter.var.a` (`OpAccessChain` into it at `%int_1`, then `OpAtomicIAdd`).
#[test]
fn append_and_consume_buffer_arrays() {
    let m = compile(
        "AppendStructuredBuffer<float> a[2] : register(u0);
ConsumeStructuredBuffer<float> c[2] : register(u4);
cbuffer C { int i; };
[numthreads(1, 1, 1)] void main() { a[1].Append(c[i].Consume()); }
",
        "cs_6_0",
        &[],
    );
    assert_eq!(m.binding("a"), (0, 0));
    assert_eq!(m.binding("c"), (0, 4));
    let counters = m.id("counter.var.a");
    assert!(
        m.asm
            .lines()
            .any(|l| l.contains("OpAccessChain")
                && l.contains(&format!("{counters} %int_1 %uint_0"))),
        "{}",
        m.asm
    );
    m.assert_has(&["OpAtomicIAdd %uint"]);
}

/// An element of an array of append buffers passed to a function: the copy takes the
/// element's index and appends through element `index` of the array of counters.
#[test]
fn append_buffer_array_element_passed_to_a_function() {
    let m = compile(
        "AppendStructuredBuffer<uint> as[2] : register(u4);
cbuffer C { uint i; };
void put(AppendStructuredBuffer<uint> a, uint v) { a.Append(v); }
[numthreads(1, 1, 1)] void main() { put(as[i], 4); }
",
        "cs_6_0",
        &[],
    );
    let put = function_body(&m.asm, "%put");
    let counters = m.id("counter.var.as");
    assert!(
        put.lines()
            .any(|l| l.contains("OpAccessChain") && l.contains(&format!("{counters} %a"))),
        "{put}"
    );
    assert!(put.contains("OpAtomicIAdd %uint"), "{put}");
}
