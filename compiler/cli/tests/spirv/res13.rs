//! Arrays of resources handed back by functions (task res13, issue #4 item 4): returned
//! (`typedef Texture2D TA[2]; TA pick()`) and passed to `out`/`inout` parameters, through
//! `hlslc -spirv` and every `spirv-val` installed. DXC inlines such calls and legalizes the
//! copies away; hlslc binds each element at compile time, which leaves the same accesses.
//! Each test checks which resource every image or buffer operation reaches.

use std::collections::HashMap;

use crate::harness::{compile, refuse};

/// The resource each image sample, fetch or store and each buffer access of `m` reaches,
/// in order: the variable, then each index (`g[%int_1]`, `ts[%11]` for a run-time one), and
/// for a sample the sampler after a `+`.
fn reached(m: &crate::harness::Module) -> Vec<String> {
    let mut defs: HashMap<&str, Vec<&str>> = HashMap::new();
    for line in m.asm.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.len() > 2 && words[1] == "=" {
            defs.insert(words[0], words[2..].to_vec());
        }
    }
    // An operand back to the variable and indices it is a pointer or load of.
    fn root(defs: &HashMap<&str, Vec<&str>>, id: &str) -> String {
        match defs.get(id).map(Vec::as_slice) {
            Some(["OpLoad", _, p, ..]) => root(defs, p),
            Some(["OpCopyObject", _, p]) => root(defs, p),
            Some(["OpAccessChain", _, base, idx @ ..]) => {
                let mut s = root(defs, base);
                for i in idx {
                    let i = if defs.get(*i).is_some_and(|d| d[0] == "OpConstant") {
                        i.to_string()
                    } else {
                        "?".to_owned()
                    };
                    s.push_str(&format!("[{i}]"));
                }
                s
            }
            _ => id.trim_start_matches('%').to_owned(),
        }
    }
    let mut out = Vec::new();
    for line in m.asm.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let op = if words.len() > 2 && words[1] == "=" {
            &words[2..]
        } else {
            &words[..]
        };
        match op {
            [o, _, si, ..] if o.starts_with("OpImageSample") => {
                if let Some(["OpSampledImage", _, img, smp]) = defs.get(si).map(Vec::as_slice) {
                    out.push(format!("{}+{}", root(&defs, img), root(&defs, smp)));
                }
            }
            ["OpImageFetch" | "OpImageRead", _, img, ..] | ["OpImageWrite", img, ..] => {
                out.push(root(&defs, img))
            }
            ["OpStore", p, _] => {
                // Stores into buffers only (not into function or private variables, or
                // stage outputs).
                let mut base = *p;
                while let Some(["OpAccessChain", _, b, ..]) = defs.get(base).map(Vec::as_slice) {
                    base = b;
                }
                let storage = defs.get(base).and_then(|d| d.get(2).copied());
                if storage == Some("Uniform") || storage == Some("StorageBuffer") {
                    out.push(root(&defs, p));
                }
            }
            _ => {}
        }
    }
    out
}

/// A function returning a global array of textures whole: a local initialized with the call
/// holds its elements, so `l[1]` is the global's element 1.
#[test]
fn a_returned_global_array_initializes_a_local() {
    let m = compile(
        "typedef Texture2D TA[2];
Texture2D g[2];
SamplerState s;
TA all() { return g; }
float4 main(float2 uv : TEXCOORD) : SV_Target {
  TA l = all();
  return l[1].Sample(s, uv);
}
",
        "ps_6_0",
        &[],
    );
    assert_eq!(reached(&m), ["g[%int_1]+s"], "{}", m.asm);
}

/// A function returning a local array built from two globals, its result indexed at once:
/// `pick()[1]` is the second global, with no local in between.
#[test]
fn a_returned_local_array_is_indexed_at_the_call() {
    let m = compile(
        "typedef Texture2D TA[2];
Texture2D a; Texture2D b;
SamplerState s;
TA pick() { TA r = { a, b }; return r; }
float4 main(float2 uv : TEXCOORD) : SV_Target {
  return pick()[1].Sample(s, uv) + pick()[0].Sample(s, uv);
}
",
        "ps_6_0",
        &[],
    );
    assert_eq!(reached(&m), ["b+s", "a+s"], "{}", m.asm);
}

/// `all()[i]` with a run-time `i`: the returned elements are the global's in order, so the
/// run-time index indexes the global.
#[test]
fn a_returned_global_array_is_indexed_at_run_time() {
    let m = compile(
        "typedef Texture2D TA[3];
Texture2D g[3];
SamplerState s;
cbuffer C { uint i; }
TA all() { return g; }
float4 main(float2 uv : TEXCOORD) : SV_Target {
  return all()[i].Sample(s, uv);
}
",
        "ps_6_0",
        &[],
    );
    assert_eq!(reached(&m), ["g[?]+s"], "{}", m.asm);
}

/// A function returning its array parameter, its result passed on to a function taking an
/// array: both elements reach the global's.
#[test]
fn a_returned_parameter_array_is_passed_on() {
    let m = compile(
        "typedef Texture2D TA[2];
Texture2D g[2];
SamplerState s;
TA same(TA p) { return p; }
float4 both(TA t, float2 uv) { return t[0].Sample(s, uv) + t[1].Sample(s, uv); }
float4 main(float2 uv : TEXCOORD) : SV_Target {
  TA l = { g[1], g[0] };
  return both(same(g), uv) + both(same(l), uv);
}
",
        "ps_6_0",
        &[],
    );
    // `same(l)` passes `l`'s elements by index to the copy of `both` taking them.
    assert_eq!(
        reached(&m),
        ["g[%int_0]+s", "g[%int_1]+s", "g[?]+s", "g[?]+s"],
        "{}",
        m.asm
    );
}

/// A row of a global array of arrays returned whole (`return grid[1];`): its elements are
/// `grid[1][0]` and `grid[1][1]`, also when handed back through an `out` array (the backend
/// flattens the array of arrays, as DXC does: `grid[1][1]` is element 3).
#[test]
fn a_row_of_a_global_array_of_arrays_is_returned() {
    let m = compile(
        "typedef Texture2D TA[2];
Texture2D grid[3][2];
SamplerState s;
cbuffer C { uint i; }
TA row() { return grid[1]; }
void rowOut(out TA o) { o = grid[2]; }
float4 main(float2 uv : TEXCOORD) : SV_Target {
  TA l = row();
  TA m; rowOut(m);
  return l[1].Sample(s, uv) + m[0].Sample(s, uv) + m[i].Sample(s, uv);
}
",
        "ps_6_0",
        &[],
    );
    // `m[i]` indexes the row: `grid[2][i]`, flattened.
    assert_eq!(
        reached(&m),
        ["grid[%uint_3]+s", "grid[%uint_4]+s", "grid[?]+s"],
        "{}",
        m.asm
    );
}

/// A row chosen at run time (`return grid[r];`): each element comes back as `grid[r][k]`,
/// the row through a hidden `out int`; so does a struct member, an `out` resource or an
/// `out` array holding elements of a row, at a constant row or a run-time one.
#[test]
fn a_row_chosen_at_run_time_is_returned() {
    let m = compile(
        "typedef Texture2D TA[2];
Texture2D grid[3][2];
SamplerState s;
cbuffer C { uint i; }
struct M { Texture2D t; float k; };
TA row(uint r) { return grid[r]; }
M member(uint r) { M m; m.t = grid[r][1]; m.k = 2; return m; }
void get(out Texture2D t) { t = grid[2][1]; }
void rowOut(out TA o, uint r) { o = grid[r]; }
float4 main(float2 uv : TEXCOORD) : SV_Target {
  M m = member(i);
  Texture2D t; get(t);
  TA o; rowOut(o, i);
  return row(i)[1].Sample(s, uv) + m.t.Sample(s, uv) * m.k + t.Sample(s, uv)
      + o[0].Sample(s, uv);
}
",
        "ps_6_0",
        &[],
    );
    m.assert_has(&["\"return.1.index\"", "\"return.0.index\"", "\"o.0.index\""]);
    assert_eq!(
        reached(&m),
        ["grid[?]+s", "grid[?]+s", "grid[%uint_5]+s", "grid[?]+s"],
        "{}",
        m.asm
    );
}

/// A method returning its struct's array member, a function returning another's result,
/// and a `static` array initialized by a call: each names the elements the innermost
/// `return` names.
#[test]
fn returned_arrays_through_methods_calls_and_statics() {
    let m = compile(
        "typedef Texture2D TA[2];
Texture2D g[2];
SamplerState s;
struct H { TA ts; float k; TA get() { return ts; } };
TA all() { return g; }
TA again() { return all(); }
static TA st = again();
float4 main(float2 uv : TEXCOORD) : SV_Target {
  H h; h.ts = g; h.k = 1;
  TA l = again();
  return h.get()[1].Sample(s, uv) * h.k + l[0].Sample(s, uv) + st[1].Sample(s, uv);
}
",
        "ps_6_0",
        &[],
    );
    // The method's copy takes its object's elements by index and hands element 1 back
    // through its hidden index (`this.index` in, `return.1.index` out).
    m.assert_has(&["\"return.1.index\""]);
    assert_eq!(
        reached(&m),
        ["g[?]+s", "g[%int_0]+s", "g[%int_1]+s"],
        "{}",
        m.asm
    );
}

/// Arrays of samplers and of `RWStructuredBuffer`s returned: the sampler `t.Sample` takes
/// and the buffer written are the elements the `return`s name.
#[test]
fn arrays_of_samplers_and_buffers_are_returned() {
    let m = compile(
        "typedef SamplerState SA[2];
SamplerState ss[2];
Texture2D t;
SA samplers() { return ss; }
float4 main(float2 uv : TEXCOORD) : SV_Target {
  return t.Sample(samplers()[1], uv);
}
",
        "ps_6_0",
        &[],
    );
    assert_eq!(reached(&m), ["t+ss[%int_1]"], "{}", m.asm);
    let m = compile(
        "typedef RWStructuredBuffer<float> BA[2];
RWStructuredBuffer<float> b0; RWStructuredBuffer<float> b1;
BA swapped() { BA r = { b1, b0 }; return r; }
[numthreads(1, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
  swapped()[1][id.x] = 1.0;
  BA l = swapped();
  l[0][id.x] = 2.0;
}
",
        "cs_6_0",
        &[],
    );
    assert_eq!(
        reached(&m),
        ["b0[%uint_0][?]", "b1[%uint_0][?]"],
        "{}",
        m.asm
    );
}

/// An array of structs holding resources returned: each element's texture and data member
/// (this form lowered before res13, as a split struct; kept beside the new ones).
#[test]
fn an_array_of_structs_holding_resources_is_returned() {
    let m = compile(
        "struct M { Texture2D t; float k; };
typedef M MA[2];
Texture2D g[4];
SamplerState s;
MA make() { MA r; r[0].t = g[2]; r[0].k = 1; r[1].t = g[3]; r[1].k = 2; return r; }
float4 main(float2 uv : TEXCOORD) : SV_Target {
  MA l = make();
  return l[1].t.Sample(s, uv) * l[0].k + make()[0].t.Sample(s, uv);
}
",
        "ps_6_0",
        &[],
    );
    assert_eq!(reached(&m), ["g[%int_3]+s", "g[%int_2]+s"], "{}", m.asm);
}

/// An element at a run-time index in a returned array comes back through the callee's
/// hidden `out int`, as for a returned struct's member.
#[test]
fn a_returned_element_at_a_run_time_index_comes_back_by_index() {
    let m = compile(
        "typedef Texture2D TA[2];
Texture2D g[4];
SamplerState s;
cbuffer C { uint i; }
TA pair(uint j) { TA r = { g[j], g[3] }; return r; }
float4 main(float2 uv : TEXCOORD) : SV_Target {
  TA l = pair(i);
  return l[0].Sample(s, uv) + l[1].Sample(s, uv);
}
",
        "ps_6_0",
        &[],
    );
    m.assert_has(&["\"return.0.index\""]);
    assert_eq!(reached(&m), ["g[?]+s", "g[%int_3]+s"], "{}", m.asm);
}

/// A constant argument picks the `return` a condition on it leaves (one copy per constant,
/// as DXC's inlining folds the condition); a condition known only at run time is DXC's
/// legalization failure, E3020 at the `return` that disagrees.
#[test]
fn returned_arrays_chosen_by_conditions() {
    let m = compile(
        "typedef Texture2D TA[2];
Texture2D A[2]; Texture2D B[2];
SamplerState s;
TA either(bool c) { if (c) return A; return B; }
float4 main(float2 uv : TEXCOORD) : SV_Target {
  return either(false)[0].Sample(s, uv) + either(true)[1].Sample(s, uv);
}
",
        "ps_6_0",
        &[],
    );
    assert_eq!(reached(&m), ["B[%int_0]+s", "A[%int_1]+s"], "{}", m.asm);
    refuse(
        "typedef Texture2D TA[2];
Texture2D A[2]; Texture2D B[2];
SamplerState s;
cbuffer C { bool c; }
TA either() { if (c) return A; return B; }
float4 main(float2 uv : TEXCOORD) : SV_Target { return either()[0].Sample(s, uv); }
",
        "ps_6_0",
        &[],
        1,
        "error[E3020]",
    );
}

/// A returned array assigned to a local declared before and to a struct's array member.
#[test]
fn a_returned_array_is_assigned() {
    let m = compile(
        "typedef Texture2D TA[2];
Texture2D g[2];
SamplerState s;
struct H { TA ts; };
TA all() { return g; }
float4 main(float2 uv : TEXCOORD) : SV_Target {
  H h; h.ts = all();
  TA l; l = all();
  return h.ts[1].Sample(s, uv) + l[0].Sample(s, uv);
}
",
        "ps_6_0",
        &[],
    );
    assert_eq!(reached(&m), ["g[%int_1]+s", "g[%int_0]+s"], "{}", m.asm);
}

/// `inout Texture2D ts[4]` given a local holding a whole global array: the callee rebinds
/// element 0 and element `k` (a constant at this call), the caller reads the new bindings;
/// the elements it left keep the caller's.
#[test]
fn an_inout_array_parameter_rebinds_a_local_given_a_global_array() {
    let m = compile(
        "Texture2D g[4];
SamplerState s;
void shuffle(inout Texture2D ts[4], uint k) { ts[0] = ts[3]; ts[k] = g[2]; }
float4 main(float2 uv : TEXCOORD) : SV_Target {
  Texture2D l[4] = g;
  shuffle(l, 1);
  return l[0].Sample(s, uv) + l[1].Sample(s, uv) + l[3].Sample(s, uv);
}
",
        "ps_6_0",
        &[],
    );
    assert_eq!(
        reached(&m),
        ["g[%int_3]+s", "g[%int_2]+s", "g[%int_3]+s"],
        "{}",
        m.asm
    );
}

/// An `inout` array passed on to another function's `inout` array: what the inner call
/// rebinds reaches the outer caller with the outer function's own rebinding.
#[test]
fn an_inout_array_is_passed_on() {
    let m = compile(
        "Texture2D g[4];
SamplerState s;
void inner(inout Texture2D ts[4]) { ts[1] = ts[2]; }
void outer(inout Texture2D ts[4]) { inner(ts); ts[0] = g[3]; }
float4 main(float2 uv : TEXCOORD) : SV_Target {
  Texture2D l[4] = g;
  outer(l);
  return l[0].Sample(s, uv) + l[1].Sample(s, uv);
}
",
        "ps_6_0",
        &[],
    );
    assert_eq!(reached(&m), ["g[%int_3]+s", "g[%int_2]+s"], "{}", m.asm);
}

/// `inout` arrays of samplers and of `RWStructuredBuffer`s, and of structs holding a
/// texture, from locals listing their elements.
#[test]
fn inout_arrays_of_samplers_buffers_and_structs() {
    let m = compile(
        "SamplerState ss[3];
Texture2D t;
void first(inout SamplerState a[3]) { a[0] = a[2]; }
float4 main(float2 uv : TEXCOORD) : SV_Target {
  SamplerState l[3] = { ss[0], ss[1], ss[2] };
  first(l);
  return t.Sample(l[0], uv) + t.Sample(l[1], uv);
}
",
        "ps_6_0",
        &[],
    );
    assert_eq!(reached(&m), ["t+ss[%int_2]", "t+ss[%int_1]"], "{}", m.asm);
    let m = compile(
        "RWStructuredBuffer<float> b[3];
void first(inout RWStructuredBuffer<float> a[3]) { a[0] = a[2]; }
[numthreads(1, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
  RWStructuredBuffer<float> l[3] = b;
  first(l);
  l[0][id.x] = 1.0;
  l[1][id.x] = 2.0;
}
",
        "cs_6_0",
        &[],
    );
    assert_eq!(
        reached(&m),
        ["b[%int_2][%uint_0][?]", "b[%int_1][%uint_0][?]"],
        "{}",
        m.asm
    );
    let m = compile(
        "struct M { Texture2D t; float k; };
Texture2D g[4];
SamplerState s;
void retex(inout M ms[2]) { ms[0].t = g[3]; ms[1].k = 2; }
float4 main(float2 uv : TEXCOORD) : SV_Target {
  M l[2];
  l[0].t = g[0]; l[0].k = 1; l[1].t = g[1]; l[1].k = 1;
  retex(l);
  return l[0].t.Sample(s, uv) * l[1].k + l[1].t.Sample(s, uv);
}
",
        "ps_6_0",
        &[],
    );
    assert_eq!(reached(&m), ["g[%int_3]+s", "g[%int_1]+s"], "{}", m.asm);
}

/// `out Texture2D ts[2]` assigned an element at a run-time index and a constant one: the
/// first comes back through a hidden `out int` (lowered before res13, unlike `inout`).
#[test]
fn an_out_array_parameter_hands_back_a_run_time_element() {
    let m = compile(
        "Texture2D g[4];
SamplerState s;
cbuffer C { uint idx; }
void get(out Texture2D ts[2], uint i) { ts[0] = g[i]; ts[1] = g[3]; }
float4 main(float2 uv : TEXCOORD) : SV_Target {
  Texture2D l[2];
  get(l, idx);
  return l[0].Sample(s, uv) + l[1].Sample(s, uv);
}
",
        "ps_6_0",
        &[],
    );
    m.assert_has(&["\"ts.0.index\""]);
    assert_eq!(reached(&m), ["g[?]+s", "g[%int_3]+s"], "{}", m.asm);
}

/// A `static` array of resources passed `inout`: the function naming it takes the elements
/// back, and a function reading it after the call sees the new ones (a copy of its own).
#[test]
fn a_static_array_passed_inout_is_rebound() {
    let m = compile(
        "Texture2D g[4];
SamplerState s;
static Texture2D st[4] = g;
void rotate(inout Texture2D ts[4]) { ts[0] = ts[3]; }
float4 first(float2 uv) { return st[0].Sample(s, uv); }
float4 main(float2 uv : TEXCOORD) : SV_Target {
  float4 before = first(uv);
  rotate(st);
  return before + first(uv) + st[1].Sample(s, uv);
}
",
        "ps_6_0",
        &[],
    );
    let mut r = reached(&m);
    r.sort();
    assert_eq!(
        r,
        ["g[%int_0]+s", "g[%int_1]+s", "g[%int_3]+s"],
        "{}",
        m.asm
    );
}

/// A global resource array is a uniform, `const` in DXC: passing it to an `inout` parameter
/// is semantic analysis's E2009, as DXC refuses it ("would lose const qualifier").
#[test]
fn a_global_array_passed_inout_is_refused() {
    refuse(
        "Texture2D g[4];
SamplerState s;
void rotate(inout Texture2D ts[4]) { ts[0] = ts[3]; }
float4 main(float2 uv : TEXCOORD) : SV_Target { rotate(g); return g[0].Sample(s, uv); }
",
        "ps_6_0",
        &[],
        1,
        "error[E2009]",
    );
}

/// A `static` struct holding a texture passed `inout` (the same rule as a `static` array):
/// the use before the call samples the initializer's texture, the use after it the one the
/// callee assigned, with the data member it wrote.
#[test]
fn a_static_struct_passed_inout_is_rebound() {
    let m = compile(
        "struct M { Texture2D t; float k; };
Texture2D a; Texture2D b;
SamplerState s;
static M sm = { a, 1.0 };
void rebind(inout M m) { m.t = b; m.k = 2; }
float4 main(float2 uv : TEXCOORD) : SV_Target {
  float4 x = sm.t.Sample(s, uv);
  rebind(sm);
  return x + sm.t.Sample(s, uv) * sm.k;
}
",
        "ps_6_0",
        &[],
    );
    assert_eq!(reached(&m), ["a+s", "b+s"], "{}", m.asm);
}

/// A struct `static` initialized by a call that hands back an element of a constant row of
/// an array of arrays (`grid[1][0]`, element 2 of the flattened `grid`): the static's
/// texture is that element (was E3001 after res13 and res14 met: the handed-back element
/// named the row's chain as if it were a resource).
#[test]
fn a_struct_static_holds_an_element_of_a_constant_row() {
    let m = compile(
        r#"
Texture2D grid[3][2];
SamplerState s;
struct M { Texture2D t; float k; };
M f() { M m; m.t = grid[1][0]; m.k = 2; return m; }
static M sm = f();
float4 main(float2 uv : TEXCOORD) : SV_Target { return sm.t.Sample(s, uv) * sm.k; }
"#,
        "ps_6_0",
        &[],
    );
    assert_eq!(reached(&m), ["grid[%uint_2]+s"], "{}", m.asm);
}
