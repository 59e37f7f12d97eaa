//! The last resource and `static` forms DXC accepts (task res17, issue #4 item 4), through
//! `hlslc -spirv` and every `spirv-val` installed: resources never assigned read as DXC's
//! legalization leaves them (an `OpUndef` of the type), statics read by initializers
//! between the calls in other initializers that write them, flattened lists of rows at
//! run-time indices, and flowing statics given elements of arrays of arrays.

use crate::harness::{compile, refuse, Module};

/// How many `OpLoad`s read the variable named `name`.
fn loads(m: &Module, name: &str) -> usize {
    let id = m.id(name);
    let suffix = format!(" {id}");
    (m.asm.lines())
        .filter(|l| l.contains("OpLoad") && l.ends_with(&suffix))
        .count()
}

/// How many `OpUndef`s of an image or sampler type the module declares.
fn undefined_handles(m: &Module) -> usize {
    (m.asm.lines())
        .filter(|l| l.contains("OpUndef %type_") || l.contains("OpUndef %_type"))
        .filter(|l| l.contains("image") || l.contains("sampler"))
        .count()
}

/// A texture local, a sampler local and a comparison sampler local never assigned, and a
/// texture and sampler member of a local struct never assigned: each read is an `OpUndef`
/// of its type, as DXC's legalization turns the loads of its never-stored function
/// variables into (was E3020 "used before one is assigned").
#[test]
fn texture_and_sampler_locals_and_members_never_assigned_are_undefined() {
    let m = compile(
        "Texture2D g;
SamplerState s;
struct M { Texture2D t; SamplerState ss; float k; };
float4 main(float2 uv : TEXCOORD) : SV_Target {
    Texture2D t;
    SamplerState ls;
    SamplerComparisonState c;
    M m;
    m.k = 2;
    uint w, h;
    t.GetDimensions(w, h);
    return t.Sample(s, uv) + g.Sample(ls, uv) + g.SampleCmp(c, uv, 0.5)
        + m.t.Sample(m.ss, uv) * m.k + t.Load(int3(0, 0, 0)) + float4(w, h, 0, 0);
}
",
        "ps_6_0",
        &[],
    );
    // One per type: the texture, the sampler and the comparison sampler.
    assert_eq!(undefined_handles(&m), 3, "{}", m.asm);
    assert_eq!(loads(&m, "g"), 2, "{}", m.asm);
    assert_eq!(loads(&m, "s"), 1, "{}", m.asm);
    assert!(
        !m.has("OpVariable %_ptr_Function_type_2d_image"),
        "{}",
        m.asm
    );
}

/// A member of a parameter its caller never assigned, a member of a nested struct, and an
/// element of a local array of textures: undefined too.
#[test]
fn members_passed_on_unassigned_and_array_elements_are_undefined() {
    let m = compile(
        "SamplerState s;
struct I { Texture2D t; };
struct O { I i; float x; };
float4 use(O o, float2 uv) { return o.i.t.Sample(s, uv) * o.x; }
float4 main(float2 uv : TEXCOORD) : SV_Target {
    O o;
    o.x = 1;
    Texture2D arr[2];
    return use(o, uv) + arr[1].Sample(s, uv);
}
",
        "ps_6_0",
        &[],
    );
    assert_eq!(undefined_handles(&m), 1, "{}", m.asm);
    assert_eq!(
        m.asm.matches("OpImageSampleImplicitLod").count(),
        2,
        "{}",
        m.asm
    );
}

/// Struct `static`s: one never assigned anywhere, and one whose sampler the entry assigns
/// but whose texture nothing does; their never-assigned members are undefined, as DXC's
/// private variable is never stored there (was E3020).
#[test]
fn members_of_struct_statics_never_assigned_are_undefined() {
    let m = compile(
        "Texture2D g;
SamplerState s;
struct M { Texture2D t; SamplerState ss; };
static M never;
static M part;
float4 main(float2 uv : TEXCOORD) : SV_Target {
    part.ss = s;
    return never.t.Sample(never.ss, uv) + part.t.Sample(part.ss, uv);
}
",
        "ps_6_0",
        &[],
    );
    assert_eq!(undefined_handles(&m), 2, "{}", m.asm);
    assert_eq!(loads(&m, "s"), 1, "{}", m.asm);
    assert_eq!(
        m.asm.matches("OpImageSampleImplicitLod").count(),
        2,
        "{}",
        m.asm
    );
}

/// A writable texture local and a typed buffer local never assigned: their loads and
/// stores take the undefined image; an atomic on one needs a pointer to a real image, which
/// DXC's legalization cannot give either: E3020 at the atomic.
#[test]
fn writable_textures_never_assigned_load_and_store_but_refuse_atomics() {
    let m = compile(
        "RWTexture2D<float4> out0;
float4 main(float4 p : SV_Position) : SV_Target {
    RWTexture2D<float4> t;
    Buffer<float4> b;
    t[int2(p.xy)] = 1;
    out0[int2(0, 0)] = b[0];
    return t[int2(p.xy)];
}
",
        "ps_6_0",
        &[],
    );
    assert!(m.has("OpImageWrite"), "{}", m.asm);
    assert!(m.has("OpImageRead"), "{}", m.asm);
    assert!(m.has("OpImageFetch"), "{}", m.asm);
    let atomic = "float4 main(float4 p : SV_Position) : SV_Target {
    RWTexture2D<uint> t;
    uint old;
    InterlockedAdd(t[int2(p.xy)], 1, old);
    return old;
}
";
    refuse(atomic, "ps_6_0", &[], 1, "E3020");
    refuse(
        atomic,
        "ps_6_0",
        &[],
        1,
        "an atomic operation on a texture never assigned",
    );
}

/// A `static` with its own initializer read by an earlier initializer before a later call
/// writes it, and readers between two writing calls (a resource static and a data static
/// whose call is given it): each reads what the static holds when its initializer runs,
/// as DXC's entry wrapper runs them in declaration order (were E3001).
#[test]
fn statics_read_between_the_initializer_calls_writing_them() {
    let m = compile(
        "Texture2D a;
Texture2D b;
Texture2D c;
SamplerState s;
float mk(out Texture2D t, Texture2D from) { t = from; return 1; }
float rd(Texture2D t) { return t.Load(int3(0, 0, 0)).x; }
static Texture2D st = c;
static Texture2D pre = st;
static float x = mk(st, a);
static Texture2D mid = st;
static float m = rd(st);
static float y = mk(st, b);
float4 main(float2 uv : TEXCOORD) : SV_Target {
    return st.Sample(s, uv) * x * y * m + mid.Sample(s, uv) + pre.Sample(s, uv);
}
",
        "ps_6_0",
        &[],
    );
    // `st` is `b` after the last call, `mid` and `rd`'s copy see `a`, `pre` sees `c`.
    assert_eq!(
        (loads(&m, "a"), loads(&m, "b"), loads(&m, "c")),
        (2, 1, 1),
        "{}",
        m.asm
    );
}

/// A reader before the first writing call of a static without an initializer stays DXC's
/// failure (it reads no resource).
#[test]
fn a_reader_before_the_first_write_of_a_static_without_initializer_is_refused() {
    refuse(
        "Texture2D a;
SamplerState s;
float mk(out Texture2D t, Texture2D from) { t = from; return 1; }
static Texture2D st;
static Texture2D early = st;
static float x = mk(st, a);
float4 main(float2 uv : TEXCOORD) : SV_Target {
    return early.Sample(s, uv) * x;
}
",
        "ps_6_0",
        &[],
        1,
        "E3020",
    );
}

/// `static Texture2D r[8] = { grid[k], grid[i] };`: two rows at run-time indices, each
/// position in its own private `int`; also a row beside a constant row and beside plain
/// elements (were E3001 "an initializer list of another length"). A run-time index across
/// the two rows is DXC's failure (E3020).
#[test]
fn flattened_lists_of_rows_at_run_time_indices() {
    let two = "Texture2D grid[3][4];
SamplerState s;
cbuffer C { int k; int i; int j; };
static Texture2D r[8] = { grid[k], grid[i] };
float4 main(float2 uv : TEXCOORD) : SV_Target {
    return r[1].Sample(s, uv) + r[5].Sample(s, uv);
}
";
    let m = compile(two, "ps_6_0", &[]);
    assert!(m.has("OpStore %r_index0"), "{}", m.asm);
    assert!(m.has("OpStore %r_index4"), "{}", m.asm);
    let m = compile(
        "Texture2D grid[3][4];
Texture2D x;
SamplerState s;
cbuffer C { int k; };
static Texture2D r[8] = { grid[k], grid[2] };
static Texture2D q[6] = { grid[k], x, grid[0][1] };
float4 main(float2 uv : TEXCOORD) : SV_Target {
    return r[1].Sample(s, uv) + r[6].Sample(s, uv) + q[4].Sample(s, uv) + q[5].Sample(s, uv);
}
",
        "ps_6_0",
        &[],
    );
    // `r[6]` is `grid[2][2]`, the eleventh element; `q[5]` is `grid[0][1]`.
    assert!(m.has("%grid %uint_10"), "{}", m.asm);
    assert!(m.has("%grid %uint_1\n"), "{}", m.asm);
    assert_eq!(loads(&m, "x"), 1, "{}", m.asm);
    let across = two.replace("r[5].Sample(s, uv)", "r[j].Sample(s, uv)");
    refuse(&across, "ps_6_0", &[], 1, "E3020");
}

/// A flowing `static` given an element of an array of arrays through a function
/// (`set(grid[1][2])`, `set(grid[k][2])`): the element travels as its row-major position,
/// handed back through the copy's hidden `out int`, and a helper reading the static is
/// given it (was E3001 "holding an element at a run-time index at a return").
#[test]
fn a_flowing_static_given_an_element_of_an_array_of_arrays() {
    for given in ["grid[1][2]", "grid[k][2]", "grid[k][k]"] {
        let text = "Texture2D grid[3][4];
Texture2D b;
SamplerState s;
cbuffer C { int k; };
static Texture2D st;
void set(Texture2D t) { st = t; }
float4 use(float2 uv) { return st.Sample(s, uv); }
float4 main(float2 uv : TEXCOORD) : SV_Target {
    set(GIVEN);
    float4 r = use(uv) + st.Sample(s, uv);
    st = b;
    return r + use(uv);
}
"
        .replace("GIVEN", given);
        let m = compile(&text, "ps_6_0", &[]);
        assert_eq!(loads(&m, "b"), 1, "{given}: {}", m.asm);
        assert!(m.has("OpStore %static_0_index"), "{given}: {}", m.asm);
        assert!(m.has("OpSRem %int"), "{given}: {}", m.asm);
    }
}

/// An element at a run-time index handed back through `out` to a member of a struct
/// `static`, a whole struct `static` and an element of a `static` array, by the initializer
/// of a data `static`: each slot keeps the index in its own private `int`, which the call
/// stores where `init_globals` runs it (were E3001 "a part of a `static` written through an
/// `out` argument ... with an element at a run-time index").
#[test]
fn run_time_elements_handed_back_to_parts_of_statics_in_initializers() {
    let m = compile(
        "Texture2D ts[4];
SamplerState s;
cbuffer C { int k; int j; };
struct S { Texture2D tex; float w; };
float pick(int i, out Texture2D t) { t = ts[i]; return 1; }
float fill(int i, out S o) { o.tex = ts[i]; o.w = 2; return 1; }
static S s0;
static S s1;
static Texture2D arr[2];
static float x = pick(k, s0.tex);
static float y = fill(j, s1);
static float z = pick(j, arr[1]);
float4 main(float2 uv : TEXCOORD) : SV_Target {
    return (s0.tex.Sample(s, uv) + s1.tex.Sample(s, uv) * s1.w + arr[1].Sample(s, uv)) * x * y * z;
}
",
        "ps_6_0",
        &[],
    );
    for index in ["s0_index0", "s1_index0", "arr_index1"] {
        assert!(m.has(&format!("OpStore %{index}")), "{index}: {}", m.asm);
        assert!(
            m.has(&format!("OpLoad %int %{index}")),
            "{index}: {}",
            m.asm
        );
    }
}

/// The writer a resource `static` (`static Texture2D a = mk(o);` with `mk` handing `ts[k]`
/// back through `out`, to a plain static or to a struct static's member): `init_globals`
/// runs its call for the index (were E3001 "... then written again, assigned by a function,
/// or by the initializer of a `static` holding resources").
#[test]
fn run_time_elements_handed_back_by_a_resource_static_initializer() {
    let m = compile(
        "Texture2D ts[4];
Texture2D b;
SamplerState s;
cbuffer C { int k; };
struct S { Texture2D tex; float w; };
Texture2D mk(int i, out Texture2D t) { t = ts[i]; return b; }
static Texture2D o;
static S so;
static Texture2D a = mk(k, o);
static Texture2D a2 = mk(k + 1, so.tex);
float4 main(float2 uv : TEXCOORD) : SV_Target {
    return a.Sample(s, uv) + o.Sample(s, uv) + a2.Sample(s, uv) + so.tex.Sample(s, uv);
}
",
        "ps_6_0",
        &[],
    );
    assert!(m.has("OpStore %o_index"), "{}", m.asm);
    assert!(m.has("OpStore %so_index0"), "{}", m.asm);
    assert_eq!(loads(&m, "b"), 2, "{}", m.asm);
}

/// A `static` texture local nothing writes, in the entry and in a called function: an
/// undefined texture, as DXC's never-stored private variable (was E3020 in the entry, and
/// E3001 "a compiler bug" in a called function).
#[test]
fn static_texture_locals_never_written_are_undefined() {
    let m = compile(
        "SamplerState s;
float4 f(float2 uv) { static Texture2D t; return t.Sample(s, uv); }
float4 main(float2 uv : TEXCOORD) : SV_Target {
    static Texture2D u;
    return f(uv) + f(uv * 2) + u.Sample(s, uv);
}
",
        "ps_6_0",
        &[],
    );
    assert_eq!(undefined_handles(&m), 1, "{}", m.asm);
}

/// Plain `static` writable textures, typed buffers and structured buffers never assigned:
/// undefined values with W2119, as read-only textures and samplers were (were E3020).
#[test]
fn plain_statics_of_every_resource_kind_never_assigned_are_undefined() {
    let m = compile(
        "static RWTexture2D<float4> t;
static Buffer<float4> tb;
static StructuredBuffer<float4> sb;
float4 main(float4 p : SV_Position) : SV_Target {
    return t[int2(p.xy)] + tb[0] + sb[0];
}
",
        "ps_6_0",
        &[],
    );
    assert!(m.has("OpImageRead"), "{}", m.asm);
    assert!(m.has("OpImageFetch"), "{}", m.asm);
    let (out, _) = crate::harness::run(
        "static StructuredBuffer<float4> sb;
float4 main() : SV_Target { return sb[0]; }
",
        "ps_6_0",
        &[],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("W2119"), "{stderr}");
    assert!(stderr.contains("undefined buffer"), "{stderr}");
}
