//! Inferred types of enums: at file scope, in namespaces, scoped and plain, with underlying
//! types, and declared inside functions.
//!
//! FIXME: an enum's values are typed as its underlying type (`int` unless written), since the
//! type system has no enum types; DXC names the enum (`Mode`), which matters for overload
//! resolution and hover but not for the arithmetic these tests show.

use expect_test::expect;

use super::{check_diagnostics, check_infer};

#[test]
fn local_enum_plain() {
    check_infer(
        r#"
int f() { enum Dir { Left, Right = 4, Up }; Dir d = Right; return d + Up; }
"#,
        expect![[r#"
            fn f:
            4 : literal int
            Right : int
            d + Up : int
            d : int
            Up : int
            local d : int
        "#]],
    );
}

#[test]
fn local_enum_class_with_underlying_type() {
    check_infer(
        r#"
uint f() { enum class Mode : uint { Off, On = 2u }; Mode m = Mode::On; return (uint)m; }
"#,
        expect![[r#"
            fn f:
            2u : uint
            Mode::On : uint
            (uint)m : uint
            m : uint
            local m : uint
        "#]],
    );
}

#[test]
fn local_enum_in_switch_and_comparison() {
    check_infer(
        r#"
float f(int i) { enum Kind { A, B, C }; switch (i) { case A: return 1; case B: break; } bool b = i == C; return b ? 2.0 : 3.0; }
"#,
        expect![[r#"
            fn f:
            i : int
            A : int
            1 : literal int
            B : int
            i == C : bool
            i : int
            C : int
            b ? 2.0 : 3.0 : literal float
            b : bool
            2.0 : literal float
            3.0 : literal float
            local i : int
            local b : bool
        "#]],
    );
}

#[test]
fn local_enum_values_from_other_enumerators() {
    check_infer(
        r#"
void f() { enum Bits { One = 1, Two = One << 1, Four = Two * 2 }; int x = Four | One; }
"#,
        expect![[r#"
            fn f:
            1 : literal int
            One << 1 : int
            One : int
            1 : literal int
            Two * 2 : int
            Two : int
            2 : literal int
            Four | One : int
            Four : int
            One : int
            local x : int
        "#]],
    );
}

#[test]
fn local_enum_diagnostics() {
    check_diagnostics(
        r#"
void f() {
    enum class Scoped { A, B };
    int x = A;
    enum Bad { C = 1.5 };
    Scoped::B = 1;
    int y = Scoped::Z;
}
"#,
        expect![[r#"
            E2001 4:13 `A`: use of undeclared identifier `A`
            E2003 5:20 `1.5`: the value of enumerator `C` must be an integer constant, found `float`
            E2008 6:5 `Scoped::B`: expression is not assignable
            E2001 7:13 `Scoped::Z`: use of undeclared identifier `Scoped::Z`
        "#]],
    );
}

#[test]
fn local_enum_not_visible_in_other_functions() {
    check_diagnostics(
        r#"
void f() { enum E { A }; }
int g() { return A; }
"#,
        expect![[r#"
            E2001 3:18 `A`: use of undeclared identifier `A`
        "#]],
    );
}

#[test]
fn global_enum_scoped_and_plain() {
    check_infer(
        r#"
enum Color { Red, Green };
enum class Flags : uint { None = 0, Dirty = 1 };
void f() { Color c = Green; Flags g = Flags::Dirty; c; g; Red + 1; }
"#,
        expect![[r#"
            fn f:
            Green : int
            Flags::Dirty : uint
            c : int
            g : uint
            Red + 1 : int
            Red : int
            1 : literal int
            local c : int
            local g : uint
        "#]],
    );
}

#[test]
fn enum_in_namespace() {
    check_infer(
        r#"
namespace gfx { enum Blend { Opaque, Add }; }
void f() { gfx::Blend b = gfx::Add; b == gfx::Opaque; }
"#,
        expect![[r#"
            fn f:
            gfx::Add : int
            b == gfx::Opaque : bool
            b : int
            gfx::Opaque : int
            local b : int
        "#]],
    );
}

#[test]
fn enum_as_array_size_and_index() {
    check_infer(
        r#"
enum { Count = 4 };
float f(int i) { float v[Count]; v[i] = 1; return v[Count - 1]; }
"#,
        expect![[r#"
            fn f:
            v[i] = 1 : float
            v[i] : float
            v : float[4]
            i : int
            1 : literal int
            v[Count - 1] : float
            v : float[4]
            Count - 1 : int
            Count : int
            1 : literal int
            local i : int
            local v : float[4]
        "#]],
    );
}

#[test]
fn enum_cast_to_float_and_back() {
    check_infer(
        r#"
enum Level : uint { Low = 1u, High = 8u };
float f(Level l) { float x = (float)l; Level back = (Level)2; return x * High; }
"#,
        expect![[r#"
            fn f:
            (float)l : float
            l : uint
            (Level)2 : uint
            2 : literal int
            x * High : float
            x : float
            High : uint
            local l : uint
            local x : float
            local back : uint
        "#]],
    );
}
