//! Valid HLSL that once met false errors. Declarations written as conditions
//! (`if (int y = g())`, `while (uint x = f())`, `switch (int c = a)`): the variable is in
//! scope in the statement only, and its value is what is tested. A prefix increment is an
//! lvalue; static members are defined out of their class; structs of one layout convert;
//! `ByteAddressBuffer.Load<T>` takes array types.

use expect_test::expect;

use super::{check_diagnostics, check_infer};

#[test]
fn declared_condition_values() {
    check_infer(
        r#"
int g();
void f(uint n) { if (int y = g()) n = y; while (uint x = n--) n = x; switch (int c = 2) { case 2: n = c; break; } }
"#,
        expect![[r#"
            fn f:
            int y = g() : int
            g() : int
            g : {unknown}
            n = y : uint
            n : uint
            y : int
            while (uint x = n--) n = x; : bool
            uint x = n-- : uint
            n-- : uint
            n : uint
            n = x : uint
            n : uint
            x : uint
            int c = 2 : int
            2 : literal int
            2 : literal int
            n = c : uint
            n : uint
            c : int
            local n : uint
            local y : int
            local x : uint
            local c : int
        "#]],
    );
}

#[test]
fn declared_condition_scope_is_the_statement() {
    // `y` is visible in both branches and gone after the `if`; `x` only inside the loop.
    check_diagnostics(
        r#"
int g();
int f() { if (int y = g()) return y; else y = 1; while (int x = g()) { x++; } return y + x; }
"#,
        expect![[r#"
            E2001 3:86 `y`: use of undeclared identifier `y`
            E2001 3:90 `x`: use of undeclared identifier `x`
        "#]],
    );
}

#[test]
fn declared_condition_needs_a_scalar() {
    // The declared value is converted to `bool` like any condition.
    check_diagnostics(
        r#"
struct S { int a; };
S make();
void f() { if (S s = make()) {} }
"#,
        expect![[r#"
            E2003 4:16 `S s = make()`: cannot use a value of type `S` as a condition
        "#]],
    );
}

#[test]
fn prefix_increment_is_an_lvalue() {
    // `++a[0]` and `--b` name the incremented variable, as in C++; `c++` is a value.
    check_diagnostics(
        r#"
void set(out int v) { v = 1; }
void f() { int a[2]; int b; int c; set(++a[0]); set(--b); set(c++); }
"#,
        expect![[r#"
            E2009 3:63 `c++`: an `out` or `inout` argument must be a modifiable lvalue
        "#]],
    );
}

#[test]
fn static_member_defined_out_of_class() {
    // The definition gives `S::SIX` its value; it declares no global `SIX` of its own.
    check_diagnostics(
        r#"
struct S { static const int SIX; };
const int S::SIX = 6;
int f() { return S::SIX + SIX; }
"#,
        expect![[r#"
            E2001 4:27 `SIX`: use of undeclared identifier `SIX`
        "#]],
    );
}

#[test]
fn structs_of_the_same_layout_convert() {
    // `A` and `B` differ only in names: DXC's no-op flat conversion. `C` has another field
    // type and stays an error.
    check_diagnostics(
        r#"
struct A { float3 v[2]; int2 i; };
struct B { float3 w[2]; int2 j; };
struct C { float3 w[2]; uint2 j; };
void f(A a) { B b = a; b = a; C c = a; }
"#,
        expect![[r#"
            E2003 5:37 `a`: cannot convert from `A` to `C`
        "#]],
    );
}

#[test]
fn templated_byte_address_loads() {
    // `Load<T>` returns a `T`, arrays, `bool` and structs included.
    check_infer(
        r#"
ByteAddressBuffer buf;
struct P { float2 v[2]; bool b; };
void f() { uint a[2] = buf.Load<uint[2]>(0); bool b = buf.Load<bool>(4); P p = buf.Load<P>(8); }
"#,
        expect![[r#"
            fn f:
            buf.Load<uint[2]>(0) : uint[2]
            buf : ByteAddressBuffer
            0 : literal int
            buf.Load<bool>(4) : bool
            buf : ByteAddressBuffer
            4 : literal int
            buf.Load<P>(8) : P
            buf : ByteAddressBuffer
            8 : literal int
            local a : uint[2]
            local b : bool
            local p : P
        "#]],
    );
}
