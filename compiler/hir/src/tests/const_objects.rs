//! HLSL 202x const-correctness of methods, in DXC's words: a const object (const local,
//! uniform global, cbuffer member, `ConstantBuffer<T>` view, `this` in a `const` method)
//! calls only `const` methods, and `get()` overloads `get() const`. Assignments through
//! `this` in a mutable method are fine in every version.

use expect_test::expect;

/// The semantic diagnostics of `src` under `-HV <version>` (`2029` is `202x`).
pub(super) fn check_version(src: &str, version: u32, expect: expect_test::Expect) {
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
            "{} {}:{} `{}`: {}\n",
            d.code,
            lc.line + 1,
            lc.col + 1,
            &src[d.range],
            d.message
        ));
    }
    expect.assert_eq(&out);
}

const OBJECTS: &str = r#"
struct S {
    int x;
    int get() const { return x; }
    int getNC() { return x; }
    int viaThis() const { return this.getNC(); }
    int implicit() const { return getNC(); }
    void set(int v) const { x = v; }
};
cbuffer CB { S inBuffer; };
ConstantBuffer<S> view;
S uniformGlobal;
static S mutableGlobal;
int f() {
    const S local = { 1 };
    S plain = { 2 };
    return inBuffer.get() + inBuffer.getNC() + view.getNC() + uniformGlobal.getNC()
        + local.getNC() + local.get() + plain.getNC() + mutableGlobal.getNC();
}
"#;

#[test]
fn const_objects_call_only_const_methods_in_202x() {
    check_version(
        OBJECTS,
        crate::HLSL_202X,
        expect![[r#"
        E2145 6:34 `this.getNC()`: member function 'getNC' not viable: 'this' argument has type 'const S', but function is not marked const
        E2145 7:35 `getNC()`: member function 'getNC' not viable: 'this' argument has type 'const S', but function is not marked const
        E2007 8:29 `x`: cannot assign to a const value
        E2145 17:29 `inBuffer.getNC()`: member function 'getNC' not viable: 'this' argument has type 'const S', but function is not marked const
        E2145 17:48 `view.getNC()`: member function 'getNC' not viable: 'this' argument has type 'const S', but function is not marked const
        E2145 17:63 `uniformGlobal.getNC()`: member function 'getNC' not viable: 'this' argument has type 'const S', but function is not marked const
        E2145 18:11 `local.getNC()`: member function 'getNC' not viable: 'this' argument has type 'const S', but function is not marked const
    "#]],
    );
}

#[test]
fn before_202x_methods_cannot_be_const_and_any_object_calls_any_method() {
    check_version(
        OBJECTS,
        2021,
        expect![[r#"
        E2074 4:15 `const`: const-qualified member functions are unsupported in HLSL before 202x
        E2074 6:19 `const`: const-qualified member functions are unsupported in HLSL before 202x
        E2074 7:20 `const`: const-qualified member functions are unsupported in HLSL before 202x
        E2074 8:21 `const`: const-qualified member functions are unsupported in HLSL before 202x
    "#]],
    );
}

#[test]
fn const_and_mutable_overloads_of_one_method() {
    check_version(
        r#"
struct T {
    int v;
    int get() { return 1; }
    int get() const { return 2; }
};
cbuffer C { T inBuffer; };
int f() {
    T t = { 0 };
    const T k = { 0 };
    return t.get() + k.get() + inBuffer.get();
}
"#,
        crate::HLSL_202X,
        expect![[r#""#]],
    );
}

#[test]
fn assignments_through_this_in_a_mutable_method() {
    check_version(
        r#"
struct C {
    float2 f2;
    void set(float2 v);
    float2 bump() { return this.f2++; }
};
void C::set(float2 v) { this.f2 = v; }
"#,
        2021,
        expect![[r#""#]],
    );
}

#[test]
fn overloads_on_the_object_or_a_parameter_direction_are_no_redefinitions() {
    // DXC's parameter types differ with `out`/`inout`, and a method's with `const`; the same
    // signature twice is still a redefinition.
    check_version(
        r#"
void f(uint u) { }
void f(out uint u) { u = 0; }
void g(inout uint u) { }
void g(out uint u) { u = 0; }
void h(uint u) { }
void h(in uint u) { }
struct S { int get() { return 1; } int get() const { return 2; } };
"#,
        crate::HLSL_202X,
        expect![[r#"
            E2002 7:6 `h`: redefinition of `h`
        "#]],
    );
}
