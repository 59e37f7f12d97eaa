//! Valid HLSL from engine shaders (FidelityFX, MiniEngine) built with `dxc -spirv` that once
//! met false errors: a `ConstantBuffer<T>` or `TextureBuffer<T>` read as the `T` it holds
//! (passed to a `T` parameter, initializing a `T`, returned as one, cast to one).

use expect_test::expect;

use super::check_diagnostics;

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
