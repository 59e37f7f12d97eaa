//! The last `static` forms holding resources (task res16, issue #4 item 4), through
//! `hlslc -spirv` and every `spirv-val` installed: `out`/`inout` arguments naming a struct
//! static or a part of one, run-time elements handed back to a static through an `out`
//! parameter, statics written by several initializer calls or by a call and a function,
//! rows of arrays of arrays at run-time indices, and rows passed to array parameters.
//! DXC runs the static initializers in the entry wrapper, inlines every call and
//! legalizes, so each use names one global (or one element of a global array); hlslc names
//! the same.

use crate::harness::{compile, refuse, Module};

/// How many `OpLoad`s read the global named `name` directly.
fn loads(m: &Module, name: &str) -> usize {
    let id = m.id(name);
    (m.asm.lines())
        .filter(|l| l.contains("OpLoad ") && l.ends_with(&format!(" {id}")))
        .count()
}

/// `mk(s0.tex)` and `mk(o.inner.tex)` in the entry, with `void mk(out Texture2D t)`: the
/// member names what the call hands back (was E3001, "assigning a resource to a `static`
/// global outside its initializer").
#[test]
fn an_out_argument_naming_a_member_of_a_struct_static_in_the_entry() {
    let m = compile(
        "Texture2D a;
Texture2D b;
SamplerState s;
struct S { Texture2D tex; float w; };
struct Outer { S inner; Texture2D extra; };
void mk(out Texture2D t) { t = a; }
void mkb(out Texture2D t) { t = b; }
static S s0;
static Outer o;
float4 main(float2 uv : TEXCOORD) : SV_Target {
    mk(s0.tex);
    mk(o.inner.tex);
    mkb(o.extra);
    return s0.tex.Sample(s, uv) + o.inner.tex.Sample(s, uv) + o.extra.Sample(s, uv);
}
",
        "ps_6_0",
        &[],
    );
    assert_eq!((loads(&m, "a"), loads(&m, "b")), (2, 1), "{}", m.asm);
}

/// A member of a struct static passed to an `out` parameter by the initializer of another
/// static (`static float w = mk(s0.tex);`), and to an `inout` one (`swap(o.tex)`, the
/// callee seeing the initializer's resource): later uses name what the calls left (was
/// E3020 at the use, the static's slot never given the resource, and E3001 for `inout`).
#[test]
fn an_out_argument_naming_a_member_of_a_struct_static_in_an_initializer() {
    let m = compile(
        "Texture2D a;
Texture2D b;
Texture2D c;
SamplerState s;
struct S { Texture2D tex; float w; };
float mk(out Texture2D t) { t = a; return 1; }
float swap(inout Texture2D t) { float4 before = t.Load(int3(0, 0, 0)); t = c; return before.x; }
static S s0;
static S o = { b, 2 };
static float w = mk(s0.tex);
static float v = swap(o.tex);
float4 main(float2 uv : TEXCOORD) : SV_Target {
    return s0.tex.Sample(s, uv) * w + o.tex.Sample(s, uv) * (o.w + v);
}
",
        "ps_6_0",
        &[],
    );
    // `a` sampled in `main`; `b` read by `swap`'s copy, in `init_globals`; `c` sampled.
    assert_eq!(
        (loads(&m, "a"), loads(&m, "b"), loads(&m, "c")),
        (1, 1, 1),
        "{}",
        m.asm
    );
    m.assert_has(&["\"init_globals\""]);
}

/// A whole struct static passed to `out S` in another static's initializer: its data part is
/// written by the call `init_globals` runs, its resource slot names what the copy hands back;
/// and a member written by the call initializing a struct static (`static M m = mk(o.t);`,
/// which res12 refused).
#[test]
fn a_whole_struct_static_written_through_an_out_parameter_in_an_initializer() {
    let m = compile(
        "Texture2D a;
Texture2D b;
SamplerState s;
struct S { Texture2D tex; float w; };
float fill(out S o) { o.tex = a; o.w = 2; return 1; }
static S s0;
static float w = fill(s0);
struct M { Texture2D t; float w; };
static M o = { a, 2 };
M mk(out Texture2D t) { t = b; M r; r.t = a; r.w = 1; return r; }
static M m = mk(o.t);
float4 main(float2 uv : TEXCOORD) : SV_Target {
    return s0.tex.Sample(s, uv) * s0.w * w + m.t.Sample(s, uv) + o.t.Sample(s, uv);
}
",
        "ps_6_0",
        &[],
    );
    // `s0.tex` and `m.t` are `a`, `o.t` is `b`.
    assert_eq!((loads(&m, "a"), loads(&m, "b")), (2, 1), "{}", m.asm);
    let s0 = m.id("s0");
    assert!(m.has(&format!(" {s0}")), "{}", m.asm);
}

/// `void pick(uint i, out Texture2D t) { t = arr[i]; }` handing a run-time element back to a
/// static: in another static's initializer the index goes to the static's private `int`,
/// stored once by `init_globals` (was E3001); in the entry the static is tracked like a
/// local, and a helper reading it is given the element (was E3001, "this argument holding
/// resources").
#[test]
fn a_run_time_element_handed_back_through_an_out_parameter_to_a_static() {
    let m = compile(
        "Texture2D arr[4];
SamplerState s;
cbuffer C { uint k; uint j; }
float pick(uint i, out Texture2D t) { t = arr[i]; return 1; }
static Texture2D st;
static float w = pick(k, st);
float4 main(float2 uv : TEXCOORD) : SV_Target {
    return st.Sample(s, uv) * w;
}
",
        "ps_6_0",
        &[],
    );
    let index = m.id("st.index");
    assert!(m.has(&format!("OpStore {index} ")), "{}", m.asm);
    assert!(m.has(&format!("OpLoad %int {index}")), "{}", m.asm);

    let m = compile(
        "Texture2D arr[4];
SamplerState s;
cbuffer C { uint k; uint j; }
void pick(uint i, out Texture2D t) { t = arr[i]; }
static Texture2D st;
static Texture2D st2;
float4 use(float2 uv) { return st.Sample(s, uv); }
float4 main(float2 uv : TEXCOORD) : SV_Target {
    pick(k, st);
    pick(j, st2);
    return use(uv) + st2.Sample(s, uv);
}
",
        "ps_6_0",
        &[],
    );
    let arr = m.id("arr");
    let chains = (m.asm.lines())
        .filter(|l| l.contains("OpAccessChain") && l.contains(&format!(" {arr} ")))
        .count();
    // Two in `pick`'s copy (one per call would be the same copy), one in `use`, one for `st2`.
    assert!(chains >= 3, "{}", m.asm);
}

/// A `static` written by two calls in later initializers takes what the last left (each
/// call seeing what the one before left, an `inout` one included), as DXC's entry wrapper
/// runs the initializers in order (was E3001).
#[test]
fn a_static_written_by_two_initializer_calls_names_what_the_last_left() {
    let m = compile(
        "Texture2D a;
Texture2D b;
Texture2D c;
SamplerState s;
float mk(out Texture2D t, Texture2D from) { t = from; return 1; }
float keep(inout Texture2D t) { return t.Load(int3(0, 0, 0)).x; }
static Texture2D st;
static float x = mk(st, a);
static float y = mk(st, b);
static float z = keep(st);
float4 main(float2 uv : TEXCOORD) : SV_Target {
    return st.Sample(s, uv) * x * y * z;
}
",
        "ps_6_0",
        &[],
    );
    // `b` read by `keep`'s copy and sampled in `main`; `a` never read.
    assert_eq!((loads(&m, "a"), loads(&m, "b")), (0, 2), "{}", m.asm);
}

/// A `static` written by an initializer's call and assigned by a function: the function's
/// uses before the assignment see what the call left, those after what it assigns (was
/// E3001).
#[test]
fn a_static_written_by_an_initializer_call_and_assigned_by_a_function() {
    let m = compile(
        "Texture2D a;
Texture2D b;
SamplerState s;
float mk(out Texture2D t, Texture2D from) { t = from; return 1; }
static Texture2D st;
static float x = mk(st, a);
void set2() { st = b; }
float4 main(float2 uv : TEXCOORD) : SV_Target {
    float4 r = st.Sample(s, uv) * x;
    set2();
    return r + st.Sample(s, uv);
}
",
        "ps_6_0",
        &[],
    );
    assert_eq!((loads(&m, "a"), loads(&m, "b")), (1, 1), "{}", m.asm);
}

/// A reader between two initializer calls writing a static sees what the first left, the
/// later uses what the second left (was E3001 here; res17's phases).
#[test]
fn a_static_read_between_two_writing_initializer_calls_sees_the_first() {
    let m = compile(
        "Texture2D a;
Texture2D b;
SamplerState s;
float mk(out Texture2D t, Texture2D from) { t = from; return 1; }
static Texture2D st;
static float x = mk(st, a);
static Texture2D mid = st;
static float y = mk(st, b);
float4 main(float2 uv : TEXCOORD) : SV_Target {
    return st.Sample(s, uv) * x * y + mid.Sample(s, uv);
}
",
        "ps_6_0",
        &[],
    );
    assert_eq!((loads(&m, "a"), loads(&m, "b")), (1, 1), "{}", m.asm);
}

/// `static Texture2D row[4] = grid[k];` with `k` a cbuffer value: the row's position is
/// stored once by `init_globals`, `row[1]` is `grid[k][1]` and `row[i]` is `grid[k][i]` (was
/// E3001, "a run-time index in the initializer of a `static` resource"); also a row of
/// samplers at `k`, a row at `k + 1` and a row of a three-dimensional array at two run-time
/// indices (`cube[k][j]`).
#[test]
fn a_static_row_at_a_run_time_index() {
    let m = compile(
        "Texture2D grid[3][4];
Texture2D cube[2][3][4];
SamplerState ss[2][3];
cbuffer C { uint k; uint j; uint i; }
static Texture2D row[4] = grid[k];
static Texture2D next[4] = grid[k + 1];
static SamplerState srow[3] = ss[k];
static Texture2D deep[4] = cube[k][j];
float4 main(float2 uv : TEXCOORD) : SV_Target {
    return row[1].Sample(srow[2], uv) + row[i].Sample(srow[i], uv)
        + next[3].Sample(srow[0], uv) + deep[i].Sample(srow[1], uv) + deep[2].Sample(srow[1], uv);
}
",
        "ps_6_0",
        &[],
    );
    for name in ["row.index0", "next.index0", "srow.index0", "deep.index0"] {
        let index = m.id(name);
        assert!(
            m.has(&format!("OpStore {index} ")),
            "no store of {name}:\n{}",
            m.asm
        );
        assert!(
            m.has(&format!("OpLoad %int {index}")),
            "no load of {name}:\n{}",
            m.asm
        );
    }
    // One private `int` per row, not one per slot.
    assert!(!m.has("\"row.index1\""), "{}", m.asm);
}

/// A `static` row (constant or run-time) passed to a `Texture2D t[4]` parameter is passed as
/// the row, as `f(grid[1])` is, so `t[j]` indexes it at run time (was E3001, "passing this
/// array of resources"); a local array whose elements are elements of the global, one
/// rebound, and an element of an array of arrays given to a `Texture2D` parameter (`f(grid[1][2])`,
/// `f(grid[i][1])`, a row of a three-dimensional array) are passed by their row-major
/// positions (were E3001, "this resource argument").
#[test]
fn rows_and_elements_of_arrays_of_arrays_passed_to_functions() {
    let m = compile(
        "Texture2D grid[3][4];
Texture2D cube[2][3][4];
SamplerState s;
cbuffer C { uint i; uint k; }
static Texture2D row[4] = grid[1];
static Texture2D rowk[4] = grid[k];
float4 f(Texture2D t[4], uint j, float2 uv) { return t[j].Sample(s, uv) + t[0].Sample(s, uv); }
float4 one(Texture2D t, float2 uv) { return t.Sample(s, uv); }
float4 two(Texture2D t[2], float2 uv) { return t[1].Sample(s, uv); }
float4 main(float2 uv : TEXCOORD) : SV_Target {
    Texture2D l[4] = grid[2];
    l[0] = grid[2][0];
    Texture2D mixed[2] = { grid[0][1], grid[2][3] };
    return f(row, i, uv) + f(rowk, i, uv) + f(l, i, uv) + f(cube[1][2], i, uv)
        + one(grid[1][2], uv) + one(grid[i][1], uv) + two(mixed, uv);
}
",
        "ps_6_0",
        &[],
    );
    // The row of `row` is row 1, `cube[1][2]` is row 5, `grid[1][2]` is element 6.
    m.assert_has(&["%int_1 ", "%int_5 ", "%int_6 "]);
    // The copies given a position turn it back into one index per dimension.
    assert!(m.has("OpSDiv %int"), "{}", m.asm);
    assert!(m.has("OpSRem %int"), "{}", m.asm);
}

/// A run-time index into a local array mixing elements of an array of arrays, inside the
/// copy it is passed to, chooses the resource at run time: DXC's legalization fails, E3020.
#[test]
fn a_run_time_index_into_mixed_elements_of_an_array_of_arrays_is_refused() {
    refuse(
        "Texture2D grid[3][4];
SamplerState s;
cbuffer C { uint i; }
float4 f(Texture2D t[2], uint j, float2 uv) { return t[j].Sample(s, uv); }
float4 main(float2 uv : TEXCOORD) : SV_Target {
    Texture2D mixed[2] = { grid[0][1], grid[2][3] };
    return f(mixed, i, uv);
}
",
        "ps_6_0",
        &[],
        1,
        "E3020",
    );
}

/// `static Texture2D b = g1;` passed `inout` by the initializer of a data `static`
/// (`static float w = swap(b);`): the call `init_globals` runs is the copy given `g1`, what
/// `b` holds when it runs, not the copy given what it leaves (`g2`); before res16 it read
/// `g2` (wrong code, no error).
#[test]
fn an_inout_static_in_a_data_initializer_passes_what_it_holds_before_the_call() {
    let m = compile(
        "Texture2D g1;
Texture2D g2;
SamplerState s;
static Texture2D b = g1;
float swap(inout Texture2D t) { float x = t.Load(int3(0, 0, 0)).x; t = g2; return x; }
static float w = swap(b);
float4 main(float2 uv : TEXCOORD) : SV_Target { return b.Sample(s, uv) * w; }
",
        "ps_6_0",
        &[],
    );
    // `g1` read by the one copy of `swap`, `g2` sampled in `main` only.
    assert_eq!((loads(&m, "g1"), loads(&m, "g2")), (1, 1), "{}", m.asm);
}

/// A plain `static` initialized with an element of a `static` row at a run-time index, at a
/// constant index (`row[2]`) and at a run-time one (`row[i]`): the element's row-major
/// position is stored once by `init_globals` (was E3001 and E3020).
#[test]
fn a_static_initialized_with_an_element_of_a_run_time_row() {
    let m = compile(
        "Texture2D grid[3][4];
SamplerState s;
cbuffer C { uint k; uint i; }
static Texture2D row[4] = grid[k];
static Texture2D two = row[2];
static Texture2D one = row[i];
float4 main(float2 uv : TEXCOORD) : SV_Target { return two.Sample(s, uv) + one.Sample(s, uv); }
",
        "ps_6_0",
        &[],
    );
    for name in ["two.index", "one.index"] {
        let index = m.id(name);
        assert!(
            m.has(&format!("OpStore {index} ")),
            "no store of {name}:\n{}",
            m.asm
        );
    }
}

/// In `static` initializers: a `static` row passed to an array parameter (constant and
/// run-time row) and an element of an array of arrays at a run-time index passed to a
/// resource parameter pick the copy `init_globals` calls, given the row or the element's
/// row-major position (were E3001).
#[test]
fn rows_and_elements_of_arrays_of_arrays_passed_in_static_initializers() {
    let m = compile(
        "Texture2D grid[3][4];
SamplerState s;
cbuffer C { uint i; uint k; }
static Texture2D row[4] = grid[1];
static Texture2D rowk[4] = grid[k];
float4 sum(Texture2D t[4], float2 uv) { return t[3].Sample(s, uv) + t[0].Sample(s, uv); }
float4 one(Texture2D t, float2 uv) { return t.Sample(s, uv); }
static float4 a = sum(row, float2(0.5, 0.5));
static float4 b = sum(rowk, float2(0.5, 0.5));
static float4 c = one(grid[i][1], float2(0.5, 0.5));
float4 main(float2 uv : TEXCOORD) : SV_Target { return a + b + c; }
",
        "ps_6_0",
        &[],
    );
    m.assert_has(&["\"init_globals\"", "OpSDiv %int", "OpSRem %int"]);
}

/// `static Texture2D a = pickTex(mix, 1);` with `mix` a `static` row (res12 refused it):
/// the copy is given the row and hands back the element's row-major position, which
/// `init_globals` stores in `a`'s private `int`.
#[test]
fn a_static_initialized_by_a_call_given_a_static_row() {
    let m = compile(
        "Texture2D grid[2][4];
SamplerState s;
Texture2D pickTex(Texture2D ts[4], uint i) { return ts[i]; }
static Texture2D mix[4] = grid[1];
static Texture2D a = pickTex(mix, 1);
float4 main() : SV_Target { return a.Sample(s, 0); }
",
        "ps_6_0",
        &[],
    );
    let index = m.id("a.index");
    assert!(m.has(&format!("OpStore {index} ")), "{}", m.asm);
}
