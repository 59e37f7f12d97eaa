//! The last `static`-initializer forms holding resources (task res14, issue #4 item 4),
//! through `hlslc -spirv` and every `spirv-val` installed: rows of arrays of arrays of
//! resources, `out` resource arguments of calls in initializers, `static` arrays mixing
//! several global arrays, and members of call results handing back run-time elements. DXC
//! runs a static's initializer in the entry wrapper, inlines and legalizes, so every use
//! names one global's element; hlslc names the same elements.

use crate::harness::{compile, refuse};

/// `static Texture2D row[4] = grid[1];`: each element of the static is an element of the
/// global's row, at a constant index (`row[2]` is `grid[1][2]`, position 6 of the flat
/// descriptor array) and at a run-time one (`grid[1][i]`).
#[test]
fn a_static_row_of_a_two_dimensional_texture_array() {
    let m = compile(
        "Texture2D grid[3][4];
SamplerState s;
cbuffer C { uint i; }
static Texture2D row[4] = grid[1];
float4 main(float2 uv : TEXCOORD) : SV_Target {
    return row[2].Sample(s, uv) + row[i].Sample(s, uv);
}
",
        "ps_6_0",
        &[],
    );
    let grid = m.id("grid");
    assert!(m.has(&format!("{grid} %uint_6")), "{}", m.asm);
    // The run-time element: the row's first position plus the index.
    assert!(m.has("OpIMul %uint %uint_1 %uint_4"), "{}", m.asm);
}

/// The row chosen by a `static const`, a row of samplers, a row of a three-dimensional
/// array, and single elements of an array of arrays in plain and list initializers.
#[test]
fn static_rows_and_elements_of_arrays_of_arrays() {
    let m = compile(
        "Texture2D grid[3][4];
Texture2D cube[2][3][4];
SamplerState ss[2][3];
cbuffer C { uint i; }
static const int K = 2;
static Texture2D rowK[4] = grid[K];
static SamplerState srow[3] = ss[1];
static Texture2D deep[4] = cube[1][2];
static Texture2D one = grid[2][3];
static Texture2D two[2] = { grid[0][1], cube[0][2][1] };
float4 main(float2 uv : TEXCOORD) : SV_Target {
    return rowK[3].Sample(srow[0], uv) + rowK[1].Sample(srow[i], uv)
        + deep[i].Sample(srow[2], uv) + one.Sample(srow[1], uv) + two[1].Sample(srow[1], uv);
}
",
        "ps_6_0",
        &[],
    );
    let (grid, cube, ss) = (m.id("grid"), m.id("cube"), m.id("ss"));
    // grid[2][3], grid[2][1], grid[0][1], cube[0][2][1] (position 9), ss[1][0], ss[1][2].
    for chain in [
        format!("{grid} %uint_11"),
        format!("{grid} %uint_9"),
        format!("{grid} %uint_1"),
        format!("{cube} %uint_9"),
        format!("{ss} %uint_3"),
        format!("{ss} %uint_5"),
    ] {
        assert!(m.has(&chain), "no `{chain}` in {}", m.asm);
    }
}

/// An element of a `static` array of consecutive elements of one global (a row, or a run of
/// a one-dimensional array) at a run-time index names the global's element there: the
/// position is stored once by `init_globals`, as DXC runs the initializer once.
#[test]
fn a_static_initialized_with_a_run_time_element_of_a_static_row() {
    let m = compile(
        "Texture2D grid[3][4];
Texture2D ts[4];
SamplerState s;
cbuffer C { uint i; }
static Texture2D row[4] = grid[1];
static Texture2D two[2] = { ts[1], ts[2] };
static Texture2D a = row[i];
static Texture2D b = two[i];
float4 main(float2 uv : TEXCOORD) : SV_Target { return a.Sample(s, uv) + b.Sample(s, uv); }
",
        "ps_6_0",
        &[],
    );
    m.assert_has(&["\"init_globals\"", "\"a.index\"", "\"b.index\""]);
    // Position 4 + i into the row, 1 + i into `ts`; `a`'s position is split back into a
    // row and a column where it is used.
    assert!(m.has("OpSDiv %int"), "{}", m.asm);
    assert!(m.has("OpSRem %int"), "{}", m.asm);
}

/// Elements of different rows at a run-time index are different resources chosen at run
/// time: DXC's legalization failure, labelled with what the array holds.
#[test]
fn a_run_time_element_of_a_static_of_several_rows_is_refused() {
    refuse(
        "Texture2D grid[3][4];
SamplerState s;
cbuffer C { uint i; }
static Texture2D apart[2] = { grid[0][3], grid[1][0] };
static Texture2D a = apart[i];
float4 main(float2 uv : TEXCOORD) : SV_Target { return a.Sample(s, uv); }
",
        "ps_6_0",
        &[],
        1,
        "`apart` holds `grid[0][3]`, `grid[1][0]`",
    );
}

/// How many `OpLoad`s read the variable named `name`.
fn loads_of(m: &crate::harness::Module, name: &str) -> usize {
    let id = m.id(name);
    let suffix = format!(" {id}");
    (m.asm.lines())
        .filter(|l| l.contains("OpLoad") && l.ends_with(&suffix))
        .count()
}

/// `static Texture2D a = mk(b);` with `mk` writing its `out Texture2D` parameter: `b` (a
/// `static` without initializer) names what the call left there, as DXC's inlined wrapper
/// leaves it; so does a data `static` whose initializer's call writes `b`, and a call that
/// passes the parameter on to another function writing it.
#[test]
fn statics_written_through_out_resource_arguments_of_initializer_calls() {
    let m = compile(
        "Texture2D g1; Texture2D g2;
SamplerState s;
static Texture2D b;
Texture2D mk(out Texture2D o) { o = g2; return g1; }
static Texture2D a = mk(b);
float4 main(float2 uv : TEXCOORD) : SV_Target { return a.Sample(s, uv) + b.Sample(s, uv); }
",
        "ps_6_0",
        &[],
    );
    assert_eq!(
        (loads_of(&m, "g1"), loads_of(&m, "g2")),
        (1, 1),
        "{}",
        m.asm
    );

    let m = compile(
        "Texture2D g1; Texture2D ts[3];
SamplerState s;
static Texture2D b;
static Texture2D c;
void pick(out Texture2D o) { o = ts[2]; }
float4 fill(out Texture2D o) { pick(o); return float4(1, 2, 3, 4); }
static float4 x = fill(b);
Texture2D mk(inout Texture2D o) { o = g1; return g1; }
static Texture2D unused = mk(c);
float4 main(float2 uv : TEXCOORD) : SV_Target { return x * b.Sample(s, uv) + c.Sample(s, uv); }
",
        "ps_6_0",
        &[],
    );
    let ts = m.id("ts");
    assert!(m.has(&format!("{ts} %int_2")), "{}", m.asm);
    assert_eq!(loads_of(&m, "g1"), 1, "{}", m.asm);
    // `x` is computed once by the wrapper's initializers.
    m.assert_has(&["\"init_globals\""]);

    // A struct static's initializer writing `o`; its data part is set by the call.
    let m = compile(
        "Texture2D ga; Texture2D gb;
SamplerState s;
static Texture2D o;
struct M { Texture2D t; float w; };
M mk(out Texture2D t) { t = gb; M m; m.t = ga; m.w = 1; return m; }
static M m = mk(o);
float4 main() : SV_Target { return m.t.Sample(s, 0) * m.w + o.Sample(s, 0); }
",
        "ps_6_0",
        &[],
    );
    assert_eq!(
        (loads_of(&m, "ga"), loads_of(&m, "gb")),
        (1, 1),
        "{}",
        m.asm
    );
}

/// A `static` initialized before the call that writes `b` reads `b` holding nothing: DXC's
/// legalization fails there (an undefined image); an element at a run-time index handed
/// back to `b` lowers (res17).
#[test]
fn out_written_statics_read_too_early_or_handed_run_time_elements() {
    refuse(
        "Texture2D g1; Texture2D g2;
SamplerState s;
static Texture2D b;
static Texture2D early = b;
Texture2D mk(out Texture2D o) { o = g2; return g1; }
static Texture2D a = mk(b);
float4 main(float2 uv : TEXCOORD) : SV_Target { return a.Sample(s, uv) + early.Sample(s, uv); }
",
        "ps_6_0",
        &[],
        1,
        "`b` is read by the initializer of a `static` declared before `a`",
    );
    let m = compile(
        "Texture2D g1; Texture2D ts[4];
SamplerState s;
cbuffer C { uint i; }
static Texture2D b;
Texture2D mk(out Texture2D o) { o = ts[i]; return g1; }
static Texture2D a = mk(b);
float4 main(float2 uv : TEXCOORD) : SV_Target { return a.Sample(s, uv) + b.Sample(s, uv); }
",
        "ps_6_0",
        &[],
    );
    // res17: `init_globals` runs `a`'s call for `b`'s index (was E3001).
    assert!(m.has("OpStore %b_index"), "{}", m.asm);
}

/// A `static` array mixing elements of several global arrays passed to an array parameter
/// in `static` initializers: element by element, each element's index an argument of the
/// call `init_globals` runs (a constant index inside picks one element; a run of one
/// array's consecutive elements also takes a run-time index). A run-time index into the
/// mixed array is DXC's legalization failure.
#[test]
fn a_static_array_of_several_arrays_elements_passed_in_initializers() {
    let m = compile(
        "Texture2D ga[2]; Texture2D gb[2]; Texture2D gt[4];
SamplerState s;
cbuffer C { uint k; }
static Texture2D mix[2] = { ga[0], gb[1] };
static Texture2D run[2] = { gt[1], gt[2] };
Texture2D pickTex(Texture2D arr[2], uint j) { return arr[j]; }
static Texture2D t1 = pickTex(mix, 1);
static Texture2D t2 = pickTex(run, k);
float4 both(Texture2D arr[2], float2 uv) { return arr[1].Sample(s, uv) + arr[0].Sample(s, uv); }
static float4 v = both(mix, float2(0.5, 0.5));
float4 main(float2 uv : TEXCOORD) : SV_Target {
    return t1.Sample(s, uv) + t2.Sample(s, uv) + v + both(mix, uv);
}
",
        "ps_6_0",
        &[],
    );
    m.assert_has(&["\"init_globals\"", "\"t1.index\"", "\"t2.index\""]);
    // `t2`'s index is `k` past the run's first element.
    assert!(m.has("OpIAdd %int"), "{}", m.asm);

    refuse(
        "Texture2D ga[2]; Texture2D gb[2];
SamplerState s;
cbuffer C { uint k; }
static Texture2D mix[2] = { ga[0], gb[1] };
Texture2D pickTex(Texture2D arr[2], uint j) { return arr[j]; }
static Texture2D t1 = pickTex(mix, k);
float4 main(float2 uv : TEXCOORD) : SV_Target { return t1.Sample(s, uv); }
",
        "ps_6_0",
        &[],
        1,
        "not consecutive elements of one global array",
    );
}

/// A member of a call's result when the call hands back an element at a run-time index
/// there (`pick(i).inner`, `pick(i + 1).inner.t`), and a call handing one back as an item
/// of an initializer list: `init_globals` runs each call once and stores the index it
/// hands back; a member the call fills with a constant element needs no index.
#[test]
fn members_of_call_results_holding_run_time_elements() {
    let m = compile(
        "struct S { Texture2D t; };
struct O { S inner; S fixed; float k; };
struct M { S s; float w; };
Texture2D ts[4];
SamplerState sm;
cbuffer C { uint i; uint j; }
O pick(uint n) { O o; o.inner.t = ts[n]; o.fixed.t = ts[3]; o.k = 1; return o; }
S one(uint n) { S r; r.t = ts[n]; return r; }
static S s0 = pick(i).inner;
static S s1 = pick(i).fixed;
static Texture2D t1 = pick(i + 1).inner.t;
static M m = { one(j), 2 };
float4 main(float2 uv : TEXCOORD) : SV_Target {
    return s0.t.Sample(sm, uv) + s1.t.Sample(sm, uv) + t1.Sample(sm, uv)
        + m.s.t.Sample(sm, uv) * m.w;
}
",
        "ps_6_0",
        &[],
    );
    m.assert_has(&["\"s0.index0\"", "\"t1.index\"", "\"m.index0\""]);
    assert!(!m.has("\"s1.index0\""), "{}", m.asm);
    let stores = m.asm.lines().filter(|l| l.contains("OpStore %")).count();
    assert!(stores >= 4, "{}", m.asm);
}

/// A `static` read by another's initializer in `init_globals` after its index was stored
/// there: the element is read where the initializer uses it, not hoisted above the store
/// (it read the index before `init_globals` set it).
#[test]
fn an_indexed_static_read_by_a_later_initializer_reads_its_stored_index() {
    let m = compile(
        "Texture2D ts[4];
cbuffer C { uint k; }
static Texture2D t = ts[k];
static float4 v = t.Load(int3(0, 0, 0));
float4 main() : SV_Target { return v; }
",
        "ps_6_0",
        &[],
    );
    let init = m
        .asm
        .split("%init_globals = OpFunction")
        .nth(1)
        .unwrap_or("");
    let (store, load) = (
        init.find("OpStore %t_index"),
        init.find("OpLoad %int %t_index"),
    );
    assert!(
        matches!((store, load), (Some(s), Some(l)) if s < l),
        "{}",
        m.asm
    );
}

/// Arguments of calls in `static` initializers that are themselves calls (`id(mk())`,
/// `id(at(2))`, `id(id(ts[3]))`, the inner call's element index passed on), a `?:` on a
/// compile-time condition, and struct statics holding an element at a run-time index
/// passed whole or as a method's object (`id(p)`, `p.Tex()`).
#[test]
fn initializer_calls_taking_call_results_and_indexed_struct_statics() {
    let m = compile(
        "Texture2D a; Texture2D b; Texture2D ts[4];
SamplerState s;
cbuffer C { uint k; }
static const bool USE_A = true;
Texture2D id(Texture2D t) { return t; }
Texture2D mk() { return b; }
Texture2D at(uint i) { return ts[i]; }
struct P { Texture2D t; Texture2D Tex() { return t; } };
P same(P x) { return x; }
static Texture2D t1 = id(mk());
static Texture2D t2 = id(USE_A ? a : b);
static Texture2D t3 = id(at(2));
static Texture2D t4 = id(id(ts[3]));
static P p = { ts[k] };
static P q = same(p);
static Texture2D t5 = p.Tex();
float4 main(float2 uv : TEXCOORD) : SV_Target {
    return t1.Sample(s, uv) + t2.Sample(s, uv) + t3.Sample(s, uv) + t4.Sample(s, uv)
        + q.t.Sample(s, uv) + t5.Sample(s, uv);
}
",
        "ps_6_0",
        &[],
    );
    m.assert_has(&[
        "\"t3.index\"",
        "\"t4.index\"",
        "\"p.index0\"",
        "\"q.index0\"",
    ]);
    assert_eq!((loads_of(&m, "a"), loads_of(&m, "b")), (1, 1), "{}", m.asm);
}

/// Elements at run-time indices of an array of arrays (`grid[k][1]`, its position stored
/// once) and of a struct static's member array holding one global's consecutive elements
/// (`gm.texs[k]`) lower; a member array of different resources at a run-time index, and a
/// `static` that is never given a resource read by an initializer, are DXC's legalization
/// failures (E3020, no longer E3001).
#[test]
fn run_time_elements_of_arrays_of_arrays_and_member_arrays() {
    let m = compile(
        "Texture2D grid[3][4]; Texture2D ts[3];
SamplerState s;
cbuffer C { uint k; }
struct M { Texture2D texs[3]; };
static M gm = { ts };
static Texture2D t = grid[k][1];
static Texture2D u = gm.texs[k];
float4 main(float2 uv : TEXCOORD) : SV_Target { return t.Sample(s, uv) + u.Sample(s, uv); }
",
        "ps_6_0",
        &[],
    );
    m.assert_has(&["\"t.index\"", "\"u.index\"", "OpIMul %int", "OpSDiv %int"]);

    for (text, message) in [
        (
            "struct M { Texture2D texs[2]; };
Texture2D a; Texture2D b; SamplerState s;
cbuffer C { uint k; }
static M gm = { a, b };
static Texture2D t = gm.texs[k];
float4 main(float2 uv : TEXCOORD) : SV_Target { return t.Sample(s, uv); }
",
            "an element of a member array of different resources",
        ),
        (
            "SamplerState s;
static Texture2D a;
static Texture2D b = a;
float4 main(float2 uv : TEXCOORD) : SV_Target { return b.Sample(s, uv); }
",
            "reads `a`, which is never given a resource",
        ),
        (
            "SamplerState s;
static Texture2D arr[2];
static Texture2D x = arr[0];
float4 main(float2 uv : TEXCOORD) : SV_Target { return x.Sample(s, uv); }
",
            "reads `arr`, which is never given a resource",
        ),
    ] {
        refuse(text, "ps_6_0", &[], 1, message);
        refuse(text, "ps_6_0", &[], 1, "E3020");
    }
}

/// An array of arrays of structured or byte-address buffers is a storage-buffer global
/// (it was put in `UniformConstant` space and failed the IR verifier, E4002), alone and as
/// a `static` row read at constant and run-time indices.
#[test]
fn arrays_of_arrays_of_buffers_and_their_static_rows() {
    let m = compile(
        "StructuredBuffer<float4> bufs[2][3];
ByteAddressBuffer raw[2][2];
cbuffer C { uint i; }
static StructuredBuffer<float4> row[3] = bufs[1];
float4 g() { return row[i][0]; }
float4 main() : SV_Target {
    return row[0][1] + g() + bufs[0][i][2] + asfloat(raw[1][i].Load4(0));
}
",
        "ps_6_0",
        &[],
    );
    let bufs = m.id("bufs");
    assert!(m.has(&format!("{bufs} %uint_3")), "{}", m.asm);
}

/// `inout` resource arguments of initializer calls naming a `static` with an initializer:
/// the call takes the initializer's resource (`swap` returns it and leaves `g2`; `keep`
/// leaves it as it came), and `out` naming one without; a `static` with an initializer read
/// by an earlier initializer before the call rebinds it reads the initializer's resource.
#[test]
fn inout_resource_arguments_of_initializer_calls_take_the_initializers_resource() {
    let m = compile(
        "Texture2D g1; Texture2D g2; Texture2D g3;
SamplerState s;
static Texture2D b = g1;
static Texture2D c = g3;
static Texture2D d;
Texture2D swap(inout Texture2D o) { Texture2D old = o; o = g2; return old; }
Texture2D keep(inout Texture2D o) { return o; }
Texture2D mk(out Texture2D o) { o = g3; return g1; }
static Texture2D a = swap(b);
static Texture2D e = keep(c);
static Texture2D f = mk(d);
float4 main(float2 uv : TEXCOORD) : SV_Target {
    return a.Sample(s, uv) + 2 * b.Sample(s, uv) + 3 * c.Sample(s, uv) + 4 * e.Sample(s, uv)
        + 5 * d.Sample(s, uv) + 6 * f.Sample(s, uv);
}
",
        "ps_6_0",
        &[],
    );
    // `a` and `f` name g1, `b` g2, `c`, `e` and `d` g3.
    let counts = (loads_of(&m, "g1"), loads_of(&m, "g2"), loads_of(&m, "g3"));
    assert_eq!(counts, (2, 1, 3), "{}", m.asm);

    // res17: `early` reads `b` before the call rebinds it, so it names `g1` (was E3001).
    let m = compile(
        "Texture2D g1; Texture2D g2;
SamplerState s;
static Texture2D b = g1;
static Texture2D early = b;
Texture2D mk(out Texture2D o) { o = g2; return g1; }
static Texture2D a = mk(b);
float4 main(float2 uv : TEXCOORD) : SV_Target { return a.Sample(s, uv) + early.Sample(s, uv); }
",
        "ps_6_0",
        &[],
    );
    assert_eq!(loads_of(&m, "g1"), 2, "{}", m.asm);
}
