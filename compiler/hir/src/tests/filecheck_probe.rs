//! What DXC's HLSLFileCheck tests showed the checker getting wrong, in snippets of our own:
//! `static_cast<T>(e)`, `vector`/`matrix` of template parameters, `ConstantBuffer`/
//! `TextureBuffer` of a non-struct, and `T::value_type` without `typename`. (The `hlsl::` intrinsics are checked
//! through lowering, in `lower/tests/filecheck_probe.rs`: this test database has no intrinsic
//! table.)

use expect_test::expect;

use super::{check_diagnostics, check_infer};

#[test]
fn static_cast_has_the_type_it_names() {
    check_infer(
        r#"
void f(float4 v) { int4 i = static_cast<int4>(v); static_cast<void>(i); }
"#,
        expect![[r#"
            fn f:
            static_cast<int4>(v) : int4
            v : float4
            static_cast<void>(i) : void
            i : int4
            local v : float4
            local i : int4
        "#]],
    );
}

#[test]
fn vector_and_matrix_of_template_parameters_wait_for_instantiation() {
    check_diagnostics(
        r#"
template<typename T, int N> vector<T, N> fill(T x) { return (vector<T, N>)x; }
template<typename T> vector<T, 2> pair(T x) { return vector<T, 2>(x, x); }
template<typename T, int R> matrix<T, R, 2> zero() { return (matrix<T, R, 2>)0; }
vector<float, 7> bad;
"#,
        expect![[r#"
            E2020 5:18 `bad`: not supported yet: vectors of more than 4 components (`vector<float, 7>`, SM 6.9 long vectors)
        "#]],
    );
}

#[test]
fn constant_and_texture_buffers_of_non_structs_e2037() {
    check_diagnostics(
        r#"
struct S { float4 f; };
ConstantBuffer<int> a;
TextureBuffer<float2> b;
ConstantBuffer<float3x4> c;
ConstantBuffer<S[2]> d;
ConstantBuffer<S> ok;
TextureBuffer<S> ok2[3];
"#,
        expect![[r#"
            E2037 3:21 `a`: base specifier must name a class: the element of `ConstantBuffer` must be a struct, not `int`
            E2037 4:23 `b`: base 'vector' is marked 'final': the element of `TextureBuffer` must be a struct, not `float2`
            E2037 5:26 `c`: base 'matrix' is marked 'final': the element of `ConstantBuffer` must be a struct, not `float3x4`
            E2037 6:22 `d`: base specifier must name a class: the element of `ConstantBuffer` must be a struct, not `S[2]`
        "#]],
    );
}

#[test]
fn a_member_of_a_template_parameter_needs_typename_e2014() {
    check_diagnostics(
        r#"
template<typename T> struct Box { T v; typedef T value_type; };
template<typename B> typename B::value_type good(B b) { return b.v; }
template<typename B> B::value_type bad(B b) { return b.v; }
"#,
        expect![[r#"
            E2014 4:22 `B::value_type`: missing 'typename' prior to dependent type name 'B::value_type'
        "#]],
    );
}
