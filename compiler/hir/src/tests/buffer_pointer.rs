//! `vk::BufferPointer<T [, A]>`: the type (its default alignment, the pointee's in a storage
//! buffer), `Get()` as an lvalue of the pointee, and the misuses reported in the front end.

use expect_test::expect;

use super::{check_diagnostics, check_infer_hlsl};

#[test]
fn get_names_the_pointee() {
    check_infer_hlsl(
        r#"
struct P { float4 v; uint n; };
typedef vk::BufferPointer<P> PP;
void f(PP p, vk::BufferPointer<float2, 32> q) {
    p.Get().n = q.Get().y;
    p.Get() = p.Get();
}
"#,
        expect![[r#"
            fn f:
            p.Get().n = q.Get().y : uint
            p.Get().n : uint
            p.Get() : P
            p : vk::BufferPointer<P, 16>
            q.Get().y : float
            q.Get() : float2
            q : vk::BufferPointer<float2, 32>
            p.Get() = p.Get() : P
            p.Get() : P
            p : vk::BufferPointer<P, 16>
            p.Get() : P
            p : vk::BufferPointer<P, 16>
            local p : vk::BufferPointer<P, 16>
            local q : vk::BufferPointer<float2, 32>
        "#]],
    );
}

#[test]
fn misuses_are_reported() {
    check_diagnostics(
        r#"
vk::BufferPointer<float, 6> a;
vk::BufferPointer<RWTexture2D<float> > b;
vk::BufferPointer<float> c;
vk::BufferPointer d;
void f() { c.Load(); c.Get(1); }
"#,
        expect![[r#"
            E2037 2:29 `a`: the alignment of vk::BufferPointer must be a constant power of two
            E2037 3:40 `b`: vk::BufferPointer cannot point to `RWTexture2D<float>`
            E2037 5:19 `d`: vk::BufferPointer takes the pointee type as its first argument
            E2015 6:12 `c.Load()`: no method named `Load` in `vk::BufferPointer<float, 4>`
            E2006 6:22 `c.Get(1)`: `Get` takes no arguments, 1 given
        "#]],
    );
}
