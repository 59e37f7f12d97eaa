//! Forms of issue #4 item 4 in lowering left after res6 (task res7), through `hlslc -spirv`
//! and every `spirv-val` installed: geometry streams copied to locals and passed along, and
//! `static` resource locals of called functions read on a later call.

use crate::harness::{compile, refuse, Module};

/// `TriangleStream<G> s2 = s;` in the entry: the copy is the entry's stream (its output
/// variables), so `s2.Append` stores them and emits a vertex.
#[test]
fn stream_copied_to_a_local_in_the_entry() {
    let m = compile(
        "struct G { float4 pos : SV_Position; float2 uv : TEXCOORD0; };
[maxvertexcount(3)]
void main(triangle float4 p[3] : POSITION, inout TriangleStream<G> s) {
    TriangleStream<G> s2 = s;
    for (int i = 0; i < 3; i++) { G g; g.pos = p[i]; g.uv = float2(i, 1); s2.Append(g); }
    s2.RestartStrip();
}
",
        "gs_6_0",
        &[],
    );
    m.assert_has(&[
        "OpEmitVertex",
        "OpEndPrimitive",
        "OpExecutionMode %main OutputTriangleStrip",
    ]);
    // No variable for the copy: it is the output variables.
    assert!(!m.has("\"s2\""), "{}", m.asm);
}

/// A helper given the stream copies it to a local, and the entry passes a local copy
/// assigned after its declaration, by `inout` and by value.
#[test]
fn stream_copies_passed_to_helpers() {
    let m = compile(
        "struct G { float4 pos : SV_Position; };
void put(inout PointStream<G> s, float4 p) {
    PointStream<G> t = s;
    G g; g.pos = p; t.Append(g);
}
void put_value(PointStream<G> s, float4 p) { G g; g.pos = p * 2; s.Append(g); }
[maxvertexcount(2)]
void main(point float4 p[1] : POSITION, inout PointStream<G> s) {
    PointStream<G> copy;
    copy = s;
    put(copy, p[0]);
    put_value((copy), p[0]);
}
",
        "gs_6_0",
        &[],
    );
    assert_eq!(m.asm.matches("OpEmitVertex").count(), 2, "{}", m.asm);
}

/// With two streams, a local copy of the second emits on stream 1, and a copy assigned one
/// stream on either arm of an `if` is still that stream.
#[test]
fn stream_copy_of_the_second_stream_emits_on_it() {
    let m = compile(
        "struct A { float4 pos : SV_Position; };
struct B { float4 c : COLOR0; };
[maxvertexcount(2)]
void main(point float4 p[1] : POSITION, inout PointStream<A> s0, inout PointStream<B> s1,
          uint id : SV_PrimitiveID) {
    PointStream<B> b;
    PointStream<B> c = s1;
    if (id > 0) b = s1; else b = c;
    B v; v.c = p[0]; b.Append(v);
    b.RestartStrip();
}
",
        "gs_6_0",
        &[],
    );
    m.assert_has(&[
        "OpEmitStreamVertex",
        "OpEndStreamPrimitive",
        "OpCapability GeometryStreams",
    ]);
    assert!(!m.asm.contains("OpEmitVertex"), "{}", m.asm);
}

/// A stream local never given a stream, of an element type no output stream of the entry
/// has: refused where it is used (E3258), as DXC has no stage outputs to write it to. One of
/// the entry stream's element type is that stream (tests: res10).
#[test]
fn stream_local_never_given_a_stream_is_refused() {
    refuse(
        "struct A { float4 pos : SV_Position; };
struct B { float4 pos : SV_Position; float k : K; };
[maxvertexcount(2)]
void main(point float4 p[1] : POSITION, inout PointStream<A> s) {
    PointStream<B> b;
    B v; v.pos = p[0]; v.k = 1; b.Append(v);
}
",
        "gs_6_0",
        &[],
        1,
        "error[E3258]: this stream of `B` is not the geometry shader's output stream",
    );
}

/// `static Texture2D t;` set by the first call and read by the second, which samples `a`
/// (what the first call left) although it was given `b`.
#[test]
fn static_resource_local_read_on_a_later_call() {
    let m = compile(
        "Texture2D<float4> a;
Texture2D<float4> b;
SamplerState smp;
float4 h(Texture2D<float4> x, bool set) {
    static Texture2D<float4> t;
    if (set) t = x;
    return t.SampleLevel(smp, float2(0.5, 0.5), 0);
}
float4 main() : SV_Target {
    return h(a, true) + h(b, false);
}
",
        "ps_6_0",
        &[],
    );
    // `b` is never loaded: both copies sample `a`.
    assert_eq!(uses(&m, "b"), 0, "{}", m.asm);
    assert_eq!(uses(&m, "a"), 2, "{}", m.asm);
    assert_eq!(
        m.asm.matches("OpImageSampleExplicitLod").count(),
        2,
        "{}",
        m.asm
    );
}

/// The straight-line form with an initializer: each call samples what the one before left.
#[test]
fn static_resource_local_with_an_initializer_passed_from_call_to_call() {
    let m = compile(
        "Texture2D<float4> a;
Texture2D<float4> b;
Texture2D<float4> c;
SamplerState smp;
float4 h(Texture2D<float4> x) {
    static Texture2D<float4> t = a;
    float4 r = t.SampleLevel(smp, float2(0.5, 0.5), 0);
    t = x;
    return r;
}
float4 main() : SV_Target {
    float4 r = h(b);
    r += h(c);
    return r + h(a);
}
",
        "ps_6_0",
        &[],
    );
    // Three copies of `h`, sampling `a`, `b` and `c`; `c` is only sampled, never a
    // parameter.
    m.assert_has(&["\"h.1\"", "\"h.2\"", "\"c\""]);
}

/// The first call reads the local before anything is assigned to it: DXC's legalization
/// failure, E3020 at the read.
#[test]
fn static_resource_local_read_before_any_call_assigned_it() {
    refuse(
        "Texture2D<float4> a;
SamplerState smp;
float4 h(Texture2D<float4> x) {
    static Texture2D<float4> t;
    float4 r = t.SampleLevel(smp, float2(0.5, 0.5), 0);
    t = x;
    return r;
}
float4 main() : SV_Target { return h(a) + h(a); }
",
        "ps_6_0",
        &[],
        1,
        "error[E3020]: this resource is used before one is assigned to it",
    );
}

/// `static S s = make(x)` in a function called with `a` then `b`: the initializer runs on
/// the first call, and the second call samples `a`.
#[test]
fn static_struct_local_initialized_by_a_call_keeps_the_first_calls_texture() {
    let m = compile(
        "Texture2D<float4> a;
Texture2D<float4> b;
SamplerState smp;
struct S { Texture2D<float4> t; float k; };
S make(Texture2D<float4> x) { S s; s.t = x; s.k = 2; return s; }
float4 h(Texture2D<float4> x) {
    static S s = make(x);
    return s.t.SampleLevel(smp, float2(0.5, 0.5), 0) * s.k;
}
float4 main() : SV_Target {
    return h(a) + h(b);
}
",
        "ps_6_0",
        &[],
    );
    assert_eq!(uses(&m, "b"), 0, "{}", m.asm);
    assert_eq!(uses(&m, "a"), 2, "{}", m.asm);
}

// Task res8: the last forms of a called function's `static` resource local.

/// `static Texture2D t = x;` called as `h(a) + h(b)`: the initializer runs on the first
/// call only, so both calls sample `a` and `b` is never loaded.
#[test]
fn static_resource_local_initialized_by_a_parameter_samples_the_first() {
    let m = compile(
        "Texture2D<float4> a;
Texture2D<float4> b;
SamplerState smp;
float4 h(Texture2D<float4> x) {
    static Texture2D<float4> t = x;
    return t.SampleLevel(smp, float2(0.5, 0.5), 0);
}
float4 main() : SV_Target { return h(a) + h(b); }
",
        "ps_6_0",
        &[],
    );
    assert_eq!(uses(&m, "b"), 0, "{}", m.asm);
    assert_eq!(uses(&m, "a"), 2, "{}", m.asm);
}

/// A struct `static` local without an initializer: the second call samples what the first
/// assigned (`a`), the third what the second did (`b`).
#[test]
fn static_struct_local_without_initializer_samples_the_earlier_calls_texture() {
    let m = compile(
        "Texture2D<float4> a;
Texture2D<float4> b;
SamplerState smp;
struct S { Texture2D<float4> t; float k; };
float4 h(Texture2D<float4> x, bool first) {
    static S s;
    float4 r = 0;
    if (!first) r = s.t.SampleLevel(smp, float2(0.5, 0.5), 0) * s.k;
    s.t = x;
    s.k = 3;
    return r;
}
float4 main() : SV_Target { return h(a, true) + h(b, false) + h(a, false); }
",
        "ps_6_0",
        &[],
    );
    assert_eq!(
        m.asm.matches("OpImageSampleExplicitLod").count(),
        2,
        "{}",
        m.asm
    );
    m.assert_has(&["\"h.1\"", "\"h.2\""]);
}

/// `static S s = { a, 1 }; s.t = x;` called with `b` then `c`: the first call samples `a`
/// (the list), the second `b`; `c` is assigned but never sampled.
#[test]
fn static_struct_local_list_then_parameter_samples_the_earlier_texture() {
    let m = compile(
        "Texture2D<float4> a;
Texture2D<float4> b;
Texture2D<float4> c;
SamplerState smp;
struct S { Texture2D<float4> t; float k; };
float4 h(Texture2D<float4> x) {
    static S s = { a, 1 };
    float4 r = s.t.SampleLevel(smp, float2(0.5, 0.5), 0) * s.k;
    s.t = x;
    s.k += 1;
    return r;
}
float4 main() : SV_Target { return h(b) + h(c); }
",
        "ps_6_0",
        &[],
    );
    assert_eq!(uses(&m, "c"), 0, "{}", m.asm);
    assert_eq!(uses(&m, "a"), 1, "{}", m.asm);
    assert_eq!(uses(&m, "b"), 1, "{}", m.asm);
}

/// The instructions of `m` whose last operand is `%name` (the loads of a resource global).
fn uses(m: &Module, name: &str) -> usize {
    let suffix = format!(" %{name}");
    m.asm.lines().filter(|l| l.ends_with(&suffix)).count()
}
