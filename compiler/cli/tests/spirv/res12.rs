//! Resource arrays through functions and the last `static`-initializer forms (task res12,
//! issue #4 item 4), through `hlslc -spirv` and every `spirv-val` installed. DXC inlines a
//! function taking or returning resources and legalizes; hlslc makes a copy per set of
//! resources passed, which leaves the same accesses.

use crate::harness::compile;

/// `static Texture2D t = pick(gt, ..)` with `pick` taking an array of textures: the copy
/// takes the whole global array, as a call in a function passes it, whether the array is
/// named directly or through a `static` holding its elements in order; a constant index
/// names one element, a run-time one is stored once by `init_globals`.
#[test]
fn a_static_initializer_passes_a_global_array_of_resources() {
    let m = compile(
        "Texture2D gt[4];
SamplerState s;
cbuffer C { uint k; }
Texture2D pickTex(Texture2D ts[4], uint i) { return ts[i]; }
static Texture2D st4[4] = gt;
static Texture2D a = pickTex(st4, 1);
static Texture2D b = pickTex(gt, k);
float4 main() : SV_Target { return a.Sample(s, 0) + b.Sample(s, 0); }
",
        "ps_6_0",
        &[],
    );
    m.assert_has(&["\"init_globals\"", "\"b.index\""]);
    assert!(m.has("OpStore %b_index"), "{}", m.asm);
    assert!(m.has("%gt %int_1"), "{}", m.asm);
}

/// A call in a `static` initializer leaving out a resource parameter with a default (on the
/// definition or on a prototype before it): the copy takes the resource the default names,
/// a global, an element at a constant index or one at a run-time index (stored once by
/// `init_globals`), as a call in a function does.
#[test]
fn a_static_initializer_call_takes_a_default_resource_argument() {
    let m = compile(
        "Texture2D ga; Texture2D gt[4];
SamplerState s;
cbuffer C { uint k; }
Texture2D id(Texture2D x = gt[2]) { return x; }
Texture2D id2(uint j, Texture2D x = gt[k]) { return x; }
Texture2D proto(Texture2D x = ga);
static Texture2D st = id();
static Texture2D st2 = id2(1);
static Texture2D st3 = proto();
Texture2D proto(Texture2D x) { return x; }
float4 main() : SV_Target { return st.Sample(s, 0) + st2.Sample(s, 0) + st3.Sample(s, 0); }
",
        "ps_6_0",
        &[],
    );
    m.assert_has(&["\"init_globals\"", "\"st2.index\""]);
    assert!(m.has("OpFunctionCall %int %id %int_2"), "{}", m.asm);
    assert!(m.has("OpStore %st2_index"), "{}", m.asm);
    // `st3` is `ga` itself.
    let loads_ga = m
        .asm
        .lines()
        .any(|l| l.contains("OpLoad") && l.ends_with(" %ga"));
    assert!(loads_ga, "{}", m.asm);
}

/// `out` and `inout` value arguments of a call in a `static` initializer: the call
/// `init_globals` runs writes them back to the `static`s passed, after reading an `inout`
/// one's initial value, and the resources the copy returns are the static's.
#[test]
fn a_static_initializer_call_writes_out_and_inout_arguments() {
    let m = compile(
        "Texture2D ga; Texture2D gb;
SamplerState s;
struct M { Texture2D t; float w; };
static float gw;
static float gv = 3;
M make(out float o) { M m; m.t = ga; m.w = 2; o = 5; return m; }
M make2(inout float o) { M m; m.t = gb; m.w = o; o += 1; return m; }
static M m = make(gw);
static M n = make2(gv);
float4 main() : SV_Target { return m.t.Sample(s, 0) * m.w * gw + n.t.Sample(s, 0) * n.w * gv; }
",
        "ps_6_0",
        &[],
    );
    m.assert_has(&[
        "\"init_globals\"",
        "OpStore %gw",
        "OpStore %gv",
        "OpStore %m",
        "OpStore %n",
    ]);
    let loads = |g: &str| {
        m.asm
            .lines()
            .any(|l| l.contains("OpLoad") && l.ends_with(g))
    };
    assert!(loads(" %ga") && loads(" %gb"), "{}", m.asm);
}

/// A member of a call's result in a `static` initializer (`make().inner`, `make().u`,
/// `make().inner.t`): the slots of the call's result under that member, its data part from
/// the call `init_globals` runs.
#[test]
fn a_static_initializer_takes_a_member_of_a_calls_result() {
    let m = compile(
        "Texture2D ga; Texture2D gb;
SamplerState s;
struct In { Texture2D t; float w; };
struct Out { In inner; Texture2D u; };
Out make() { Out o; o.inner.t = ga; o.inner.w = 2; o.u = gb; return o; }
static In i = make().inner;
static Texture2D t = make().u;
static Texture2D t2 = make().inner.t;
float4 main() : SV_Target {
    return i.t.Sample(s, 0) * i.w + t.Sample(s, 0) + t2.Sample(s, 0);
}
",
        "ps_6_0",
        &[],
    );
    m.assert_has(&["\"init_globals\"", "OpStore %i"]);
    let loads = |g: &str| {
        (m.asm.lines())
            .filter(|l| l.contains("OpLoad") && l.ends_with(g))
            .count()
    };
    // `i.t` and `t2` sample `ga`, `t` samples `gb`.
    assert_eq!((loads(" %ga"), loads(" %gb")), (2, 1), "{}", m.asm);
}

/// A method call in a `static` initializer (`mk.make()`), on a struct static of data alone
/// or one holding resources (its slots pick the method's copy, as a call in a function
/// passes them), returning a resource, a struct holding one, or an element at a run-time
/// index (stored once by `init_globals`); a member of its result too.
#[test]
fn a_static_initializer_calls_a_method() {
    let m = compile(
        "Texture2D ga; Texture2D gb; Texture2D gt[4];
SamplerState s;
cbuffer C { uint k; }
struct In { Texture2D t; float w; };
struct Maker { float q; In make() { In r; r.t = gb; r.w = q; return r; } };
struct Mat {
    Texture2D t; float w;
    Texture2D get() { return t; }
    Mat self() { return this; }
    Texture2D at(uint i) { return gt[i]; }
};
static Maker mk = { 3 };
static In i = mk.make();
static Mat m0 = { ga, 2 };
static Mat m1 = { gb, 3 };
static Texture2D a = m0.get();
static Mat c = m1.self();
static Texture2D d = m0.at(k);
static Texture2D e = m0.self().t;
float4 main() : SV_Target {
    return i.t.Sample(s, 0) * i.w + a.Sample(s, 0) + c.t.Sample(s, 0) * c.w
        + d.Sample(s, 0) + e.Sample(s, 0);
}
",
        "ps_6_0",
        &[],
    );
    m.assert_has(&[
        "\"init_globals\"",
        "OpStore %i",
        "OpStore %c",
        "OpStore %d_index",
    ]);
    let loads = |g: &str| {
        (m.asm.lines())
            .filter(|l| l.contains("OpLoad") && l.ends_with(g))
            .count()
    };
    // `a` and `e` sample `ga`; `i.t` and `c.t` sample `gb`.
    assert_eq!((loads(" %ga"), loads(" %gb")), (2, 2), "{}", m.asm);
}

/// A local array of resources given a whole global array, then one element rebound
/// (`l[1] = gt[3];`) and the array passed to a function or indexed: the local keeps one
/// binding per element from its initializer on (it had named the global itself, so the
/// assignment stored a resource into the global: a verifier failure, E4002).
#[test]
fn a_local_copy_of_a_global_array_rebinds_one_element() {
    let m = compile(
        "Texture2D gt[4];
SamplerState s;
float4 f(Texture2D ts[4], uint i) { return ts[i].Sample(s, 0); }
float4 main() : SV_Target {
    Texture2D l[4] = gt;
    l[1] = gt[3];
    return f(l, 1) + l[1].Sample(s, 0) + l[2].Sample(s, 0);
}
",
        "ps_6_0",
        &[],
    );
    assert!(!m.has("OpStore %gt"), "{}", m.asm);
    assert!(m.has("%gt %int_3") && m.has("%gt %int_2"), "{}", m.asm);
}

/// The same local rebinding an element to the element it held: still the whole global in
/// order, so a run-time index and a call pass the global itself.
#[test]
fn a_local_copy_of_a_global_array_rebound_in_order_stays_the_global() {
    let m = compile(
        "Texture2D gt[4];
SamplerState s;
cbuffer C { uint k; }
float4 f(Texture2D ts[4], uint i) { return ts[i].Sample(s, 0); }
float4 main() : SV_Target {
    Texture2D l[4] = gt;
    l[1] = gt[1];
    return l[k].Sample(s, 0) + f(l, k);
}
",
        "ps_6_0",
        &[],
    );
    assert!(!m.has("OpStore %gt"), "{}", m.asm);
    // `f`'s copy takes the run-time index alone, the global being whole.
    assert!(m.has("%f = OpFunction %v4float None"), "{}", m.asm);
}
