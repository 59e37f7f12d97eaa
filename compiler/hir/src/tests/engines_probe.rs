//! Valid HLSL from engine shaders (FidelityFX, MiniEngine) built with `dxc -spirv` that once
//! met false errors: a `ConstantBuffer<T>` or `TextureBuffer<T>` read as the `T` it holds
//! (passed to a `T` parameter, initializing a `T`, returned as one, cast to one); a unary `+`
//! on a constant index; `const` locals sizing later arrays (DirectX ray-tracing samples); an
//! out-of-line method of a struct declared forward first (kajiya's `gbuffer.hlsl`).

use expect_test::expect;

use super::{check_diagnostics, check_infer};

#[test]
fn constant_buffer_reads_as_its_struct() {
    check_diagnostics(
        r#"
struct P { uint a; float4 c; };
ConstantBuffer<P> cb;
ConstantBuffer<P> cbs[2];
TextureBuffer<P> tb;
uint f(P p) { return p.a; }
P r() { return cbs[1]; }
uint g(int i) {
    P local = cb;
    P cast = (P)tb;
    return f(cb) + f(cbs[i]) + f(tb) + r().a + local.a + cast.a;
}
"#,
        expect![""],
    );
}

#[test]
fn an_overload_taking_the_buffer_itself_wins() {
    // Reading the buffer as its struct is a user-defined conversion: it ranks below the
    // exact match, so the call is not ambiguous.
    check_diagnostics(
        r#"
struct P { uint a; };
ConstantBuffer<P> cb;
uint h(ConstantBuffer<P> c) { return c.a; }
uint h(P p) { return p.a + 1; }
uint g() { return h(cb); }
"#,
        expect![""],
    );
}

#[test]
fn a_constant_buffer_is_not_writable_nor_another_type() {
    check_diagnostics(
        r#"
struct P { uint a; };
struct Q { float4 x; };
ConstantBuffer<P> cb;
void set(inout P p) { p.a = 1; }
void use(Q q) {}
void g() {
    set(cb);
    use(cb);
    Q q = cb;
    float4 v = (float4)cb;
}
"#,
        expect![[r#"
            E2009 8:9 `cb`: an `out` or `inout` argument must be a modifiable lvalue
            E2004 9:5 `use(cb)`: no matching overload for call to `use(ConstantBuffer<P>)`
              note 6:6 `use`: candidate: void use(Q q)
            E2003 10:11 `cb`: cannot convert from `ConstantBuffer<P>` to `Q`
            E2003 11:16 `(float4)cb`: cannot cast from `ConstantBuffer<P>` to `float4`
        "#]],
    );
}

#[test]
fn a_unary_plus_index_is_range_checked_like_any_constant() {
    check_diagnostics(
        r#"
float f(float a[2]) { return a[+1] + a[+2]; }
"#,
        expect![[r#"
            E2012 2:40 `+2`: index 2 is out of range for `float[2]`
        "#]],
    );
}

#[test]
fn a_const_local_sizes_later_arrays() {
    // DirectX ray-tracing samples: `const int N = 3; float3 centers[N] = {...};`.
    check_diagnostics(
        r#"
static const uint K = 2;
float f() {
    const int N = 3;
    const int M = N * K + 1;
    float3 centers[N] = { float3(1, 0, 0), float3(0, 1, 0), float3(0, 0, 1) };
    float radii[M];
    int n = 4;
    float bad[n];
    return centers[2].z + radii[6];
}
"#,
        expect![[r#"
            E2022 9:11 `bad`: variable length arrays are not supported in HLSL: the array size is not a constant
        "#]],
    );
}

#[test]
fn a_const_local_is_gone_after_its_block() {
    // The inner `N` is 2 inside its block only; after it, `N` is the global 4 again.
    check_infer(
        r#"
static const int N = 4;
float f() {
    { const int N = 2; float inner[N]; inner[1] = 0; }
    float outer[N];
    return outer[3];
}
"#,
        expect![[r#"
            fn f:
            2 : literal int
            inner[1] = 0 : float
            inner[1] : float
            inner : float[2]
            1 : literal int
            0 : literal int
            outer[3] : float
            outer : float[4]
            3 : literal int
            local N : int
            local inner : float[2]
            local outer : float[4]
        "#]],
    );
}

#[test]
fn an_out_of_line_method_of_a_forward_declared_struct_sees_its_members() {
    // `S::f` names the definition of `S`, not the forward declaration before it: the
    // body reads `S`'s fields and calls its methods without `this.`.
    check_diagnostics(
        r#"
struct Unpacked;
struct Packed {
    uint bits;
    Unpacked unpack();
};
struct Unpacked {
    float lo;
    float hi;
    float total();
    Packed pack();
};
float Unpacked::total() { return lo + hi; }
Packed Unpacked::pack() { Packed p; p.bits = uint(lo) | (uint(total()) << 16); return p; }
Unpacked Packed::unpack() { Unpacked u; u.lo = bits & 0xffff; u.hi = bits >> 16; return u; }
float g(Packed p) { return p.unpack().pack().unpack().total(); }
"#,
        expect![""],
    );
}
