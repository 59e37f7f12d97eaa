//! Rules found by measuring the front end against DXC's SemaHLSL tests (`-verify` files):
//! valid HLSL that met false errors, and invalid HLSL DXC refuses with a diagnostic we did
//! not give. The shaders are ours.

use expect_test::expect;

use super::{check_diagnostics, diagnostics_with_entries};

/// The semantic diagnostics of `src` compiled with the entry points `(name, profile)`.
fn check_entries(src: &str, entries: &[(&str, &str)], expect: expect_test::Expect) {
    expect.assert_eq(&diagnostics_with_entries(src, entries));
}

/// The semantic diagnostics of `src` under `-HV <version>` (`2029` is `202x`), one per line
/// (`code line:col message`).
fn check_version(src: &str, version: u32, expect: expect_test::Expect) {
    let mut db =
        crate::test_db::TestDb::with_intrinsics(std::sync::Arc::new(crate::HlslIntrinsics));
    let file = db.set_file_text("/t/main.hlsl", src);
    let config = base_db::CompileConfig::new(
        &db,
        syntax::PreprocessConfig {
            hlsl_version: version,
            ..syntax::PreprocessConfig::default()
        },
    );
    let index = syntax::line_index::LineIndex::new(src);
    let mut out = String::new();
    for d in crate::diagnostics::diagnostics(&db, file, config) {
        let lc = index.line_col(d.range.start());
        out.push_str(&format!(
            "{} {}:{} {}\n",
            d.code,
            lc.line + 1,
            lc.col + 1,
            d.message
        ));
    }
    expect.assert_eq(&out);
}

#[test]
fn truncating_and_identity_vector_casts_are_lvalues() {
    // `(int3)i4` names the first three components of `i4`; `(int4)i4` is `i4`.
    check_diagnostics(
        r#"
void set3(out int3 v) { v = 1; }
void f() {
    int4 i4 = 0;
    ((int3)i4).x = 5;
    ((int2)i4).y += 1;
    (int4)i4 = 2;
    set3((int3)i4);
}
"#,
        expect![[""]],
    );
}

#[test]
fn converting_and_widening_casts_stay_values() {
    // A cast that converts the elements (or a scalar) is a value.
    check_diagnostics(
        r#"
void set3(out int3 v) { v = 1; }
void f() {
    int4 i4 = 0;
    int2 i2 = 0;
    ((float4)i4).x = 1;
    set3((uint3)i4);
    (float)i2.x = 1;
}
"#,
        expect![[r#"
            E2008 6:5 `((float4)i4).x`: expression is not assignable
            E2009 7:10 `(uint3)i4`: an `out` or `inout` argument must be a modifiable lvalue
            E2008 8:5 `(float)i2.x`: expression is not assignable
        "#]],
    );
}

#[test]
fn cast_to_a_base_struct_is_an_lvalue() {
    // `(Base)d` names the base part of `d`, for a direct or an indirect base; a cast to a
    // struct that is no base is a value.
    check_diagnostics(
        r#"
struct Base { float4 a; };
struct Mid : Base { float4 b; };
struct Leaf : Mid { float4 c; };
struct Other { float4 a; };
void f() {
    Leaf l = (Leaf)0;
    Base b = (Base)0;
    (Base)l = b;
    (Mid)l = (Mid)l;
    (Other)l = (Other)b;
}
"#,
        expect![[r#"
            E2008 11:5 `(Other)l`: expression is not assignable
        "#]],
    );
}

#[test]
fn array_length_is_a_deprecated_uint() {
    // `Length` of a sized array (global, local, member) is a `uint` with DXC's warning; it
    // cannot be assigned, and an unsized array or a vector has no such member.
    check_diagnostics(
        r#"
float4 g[8];
struct S { float4 p[2]; };
float f(S s, float v[]) {
    float4 l[] = { float4(1, 2, 3, 4) };
    uint n = g.Length + l.Length + s.p.Length;
    l.Length = 2;
    float4 x = 0;
    return n + v.Length + x.Length;
}
"#,
        expect![[r#"
            W2015 6:14 `g.Length`: Length is deprecated
            W2015 6:25 `l.Length`: Length is deprecated
            W2015 6:36 `s.p.Length`: Length is deprecated
            E2008 7:5 `l.Length`: expression is not assignable
            W2015 7:5 `l.Length`: Length is deprecated
            E2015 9:16 `v.Length`: `float[]` has no members
            E2011 9:27 `x.Length`: invalid swizzle `Length`: 1 to 4 components
        "#]],
    );
}

#[test]
fn numthreads_outside_the_group_size_range_is_ignored_with_a_warning() {
    // On any function the attribute is ignored with DXC's warning; the compute entry then
    // has no `[numthreads]`. A size within range keeps the per-axis limit (z at most 64).
    check_entries(
        r#"
[numthreads(0, 0, 0)]
void cs() {}
[numthreads(64, 64, 1)]
void helper() {}
[numthreads(1, 1, 65)]
void deep() {}
[numthreads(8, 8, 1)]
void fine() {}
"#,
        &[("cs", "cs_6_0"), ("deep", "cs_6_0"), ("fine", "cs_6_0")],
        expect![[r#"
            W2016 2:1 `[numthreads(0, 0, 0)]`: Group size of 0 (0 * 0 * 0) is outside of valid range [1..1024] - attribute will be ignored
            E2026 3:6 `cs`: thread group size [numthreads(x,y,z)] is missing from the entry-point function: compute entry point `cs` has no `[numthreads(x, y, z)]` attribute
            W2016 4:1 `[numthreads(64, 64, 1)]`: Group size of 4096 (64 * 64 * 1) is outside of valid range [1..1024] - attribute will be ignored
            E2025 6:19 `65`: `[numthreads]` z must be between 1 and 64, not 65
        "#]],
    );
}

#[test]
fn intrinsics_through_the_global_and_hlsl_namespaces() {
    // `::sin` names the intrinsic in every version; `hlsl::sin` and `using namespace hlsl;`
    // in a body from HLSL 202x on (under 2021 the `hlsl` namespace does not exist).
    let src = r#"
float f(float x, float3 v) {
    using namespace hlsl;
    return ::sin(x) + hlsl::cos(x) + hlsl::dot(v, v) + hlsl::saturate(x);
}
"#;
    check_version(src, 2029, expect![""]);
    check_version(
        src,
        2021,
        expect![[r#"
            E2001 4:23 use of undeclared identifier `hlsl::cos`
            E2001 4:38 use of undeclared identifier `hlsl::dot`
            E2001 4:56 use of undeclared identifier `hlsl::saturate`
        "#]],
    );
}

#[test]
fn unsigned_needs_an_integer_type() {
    // `unsigned` qualifies the integers (and is a no-op on the unsigned ones); DXC refuses it
    // on bool, the floats and min12int, vectors and matrices of them included.
    check_diagnostics(
        r#"
unsigned float2x3 a;
unsigned bool3 b;
unsigned min12int2 c;
unsigned int4 d;
unsigned min16int4 e;
unsigned uint3 f;
void g() { unsigned half x = 1; unsigned int64_t y = 2; }
"#,
        expect![[r#"
            E2070 2:19 `a`: 'float' cannot be signed or unsigned
            E2070 3:16 `b`: 'bool' cannot be signed or unsigned
            E2070 4:20 `c`: 'min12int' cannot be signed or unsigned
            E2070 8:26 `x`: 'half' cannot be signed or unsigned
        "#]],
    );
}

#[test]
fn volatile_and_extern_conflicts_on_globals() {
    // `volatile` on any global, `extern` with `groupshared` or `static` (in either order),
    // at the later keyword; a local `volatile` is accepted.
    check_diagnostics(
        r#"
groupshared extern float2 a;
extern groupshared float b;
extern static float2 c;
static volatile const float2 d = 1;
extern precise uniform const float2 e;
void f() { volatile int x = 1; }
"#,
        expect![[r#"
            E2053 2:13 `extern`: 'extern' and 'groupshared' cannot be used together for a global variable
            E2053 3:8 `groupshared`: 'extern' and 'groupshared' cannot be used together for a global variable
            E2053 4:8 `static`: cannot combine with previous 'extern' declaration specifier
            E2053 5:8 `volatile`: 'volatile' is not a valid modifier for a global variable
        "#]],
    );
}

#[test]
fn register_class_must_fit_the_resource() {
    // Constant buffers take `b`, tbuffers and read-only resources `t`, writable ones `u`,
    // samplers `s` or `t` (any case); a profile argument comes first; numeric globals are
    // not checked; unknown register types, oversized numbers and bad spaces are refused.
    check_diagnostics(
        r#"
struct S { float f; };
cbuffer A : register(b0) { float a; }
cbuffer B : register(t1) { float b; }
tbuffer C : register(T2) { float c; }
tbuffer D : register(u2) { float d; }
ConstantBuffer<S> e : register(B3);
ConstantBuffer<S> f[2] : register(c1);
Texture2D g : register(t0, space1);
StructuredBuffer<S> h : register(u0);
RWStructuredBuffer<S> i : register(u1);
RWTexture2D<float4> j[4] : register(t3);
SamplerState k : register(ps, s1);
SamplerState l : register(t4);
SamplerComparisonState m : register(i1);
float4 n : register(c0);
sampler o : register(ps, a0);
Texture2D p : register(t4294967296);
Texture2D q : register(t5, spac1);
Texture2D r : register(t6, spacex);
"#,
        expect![[r#"
            E2071 4:11 `: register(t1)`: invalid register specification, expected 'b' binding
            E2071 6:11 `: register(u2)`: invalid register specification, expected 't' binding
            E2071 8:24 `: register(c1)`: invalid register specification, expected 'b' binding
            E2071 10:23 `: register(u0)`: invalid register specification, expected 't' binding
            E2071 12:26 `: register(t3)`: invalid register specification, expected 'u' binding
            E2071 15:26 `: register(i1)`: invalid register specification, expected 's' or 't' binding
            E2071 17:11 `: register(ps, a0)`: register type is unsupported - available types are 'b', 'c', 'i', 's', 't', 'u'
            E2071 18:13 `: register(t4294967296)`: register number should be an integral numeric string
            E2071 19:13 `: register(t5, spac1)`: expected space definition with syntax 'spaceX', where X is an integral value
            E2071 20:13 `: register(t6, spacex)`: space number should be an integral numeric string
        "#]],
    );
}

#[test]
fn built_in_types_are_final_bases() {
    // Vectors, matrices, resources, built-in structs and state-object types cannot be
    // derived from; user structs (and templates of them) can.
    check_diagnostics(
        r#"
struct Base { float a; };
template <typename T> struct Box { T v; };
struct A : float3 {};
struct B : row_major float2x2 {};
struct C : RWStructuredBuffer<Base> {};
struct D : RayDesc {};
struct E : LocalRootSignature {};
struct F : Base {};
struct G : Box<int> {};
"#,
        expect![[r#"
            E2072 4:12 `float3`: base 'vector' is marked 'final'
            E2072 5:12 `row_major float2x2`: base 'matrix' is marked 'final'
            E2072 6:12 `RWStructuredBuffer<Base>`: base 'RWStructuredBuffer' is marked 'final'
            E2072 7:12 `RayDesc`: base 'RayDesc' is marked 'final'
            E2072 8:12 `LocalRootSignature`: base 'LocalRootSignature' is marked 'final'
        "#]],
    );
}

#[test]
fn globallycoherent_needs_a_uav() {
    // On a global or a function's result, `globallycoherent` takes writable resources (and
    // arrays of them) only.
    check_diagnostics(
        r#"
globallycoherent RWTexture1D<float4> a;
globallycoherent RWByteAddressBuffer b[2][3];
globallycoherent Buffer<float4> c;
globallycoherent float d;
globallycoherent RWByteAddressBuffer e() { return b[0][0]; }
globallycoherent float f() { return 1.0; }
"#,
        expect![[r#"
            E2053 4:1 `globallycoherent`: 'globallycoherent' is not a valid modifier for a non-UAV type
            E2053 5:1 `globallycoherent`: 'globallycoherent' is not a valid modifier for a non-UAV type
            E2053 7:1 `globallycoherent`: 'globallycoherent' is not a valid modifier for a non-UAV type
        "#]],
    );
}

#[test]
fn geometry_entry_needs_maxvertexcount() {
    check_entries(
        r#"
struct V { float4 p : SV_Position; };
void gs(point V v[1], inout PointStream<V> s) { s.Append(v[0]); }
[maxvertexcount(1)]
void gs_ok(point V v[1], inout PointStream<V> s) { s.Append(v[0]); }
"#,
        &[("gs", "gs_6_0"), ("gs_ok", "gs_6_0")],
        expect![[r#"
            E2035 3:6 `gs`: geometry entry point must have the maxvertexcount attribute
        "#]],
    );
}

#[test]
fn buffer_initializers_are_errors_from_hlsl_202x() {
    // Values of `$Globals`, cbuffer and tbuffer members: an error under 202x, accepted (and
    // ignored) before; statics, groupshared, resources and spec constants are not in a
    // buffer.
    let src = r#"
float a = 1;
const float2 b = float2(1, 2);
cbuffer C { float c = 2; static float d = 3; }
tbuffer T { float e = 4; }
static float f = 5;
groupshared float g;
[[vk::constant_id(1)]] const int h = 6;
"#;
    check_version(
        src,
        2029,
        expect![[r#"
            E2073 2:7 variable in a cbuffer cannot have an initializer
            E2073 3:14 variable in a cbuffer cannot have an initializer
            E2073 4:19 variable in a cbuffer cannot have an initializer
            W2118 4:43 cbuffer member initializer ignored since no Vulkan equivalent
            E2073 5:19 variable in a tbuffer cannot have an initializer
        "#]],
    );
    check_version(
        src,
        2021,
        expect![[r#"
        W2118 4:23 cbuffer member initializer ignored since no Vulkan equivalent
        W2118 4:43 cbuffer member initializer ignored since no Vulkan equivalent
        W2118 5:23 tbuffer member initializer ignored since no Vulkan equivalent
    "#]],
    );
}

#[test]
fn constant_array_bounds_are_warnings_before_2018() {
    // Before HLSL 2018 clang's warnings (singular for one element); from 2018 on E2012.
    let src = r#"
void f() {
    int a[2];
    a[-1] = 0;
    a[1] = 0;
    a[2] = 0;
    int b[1];
    b[3] = 0;
}
"#;
    check_version(
        src,
        2016,
        expect![[r#"
            W2017 4:7 array index -1 is before the beginning of the array
            W2017 6:7 array index 2 is past the end of the array (which contains 2 elements)
            W2017 8:7 array index 3 is past the end of the array (which contains 1 element)
        "#]],
    );
    check_version(
        src,
        2021,
        expect![[r#"
            E2012 4:7 index -1 is out of range for `int[2]`
            E2012 6:7 index 2 is out of range for `int[2]`
            E2012 8:7 index 3 is out of range for `int[1]`
        "#]],
    );
}

#[test]
fn const_methods_from_hlsl_202x() {
    // Instance methods may be `const` from 202x on (in the struct or out of it); static
    // and non-member functions never.
    let src = r#"
struct S {
    int x;
    int get() const { return x; }
    int later() const;
    static int make() const { return 0; }
};
int S::later() const { return x; }
int free() const { return 0; }
"#;
    check_version(
        src,
        2029,
        expect![[r#"
            E2074 6:23 static member function cannot have 'const' qualifier
            E2074 9:12 non-member function cannot have 'const' qualifier
        "#]],
    );
    check_version(
        src,
        2021,
        expect![[r#"
            E2074 4:15 const-qualified member functions are unsupported in HLSL before 202x
            E2074 5:17 const-qualified member functions are unsupported in HLSL before 202x
            E2074 6:23 static member function cannot have 'const' qualifier
            E2074 8:16 const-qualified member functions are unsupported in HLSL before 202x
            E2074 9:12 non-member function cannot have 'const' qualifier
        "#]],
    );
}
