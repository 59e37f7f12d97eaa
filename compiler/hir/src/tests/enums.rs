//! Inferred types of enums: at file scope, in namespaces, scoped and plain, with underlying
//! types, and declared inside functions. Values have their enum's type; the conversion,
//! overload and operator rules (`infer/enums.rs`) are checked against DXC's documented
//! behaviour (its Sema tests of enums), hand-written here.

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
            Right : Dir
            d + Up : Dir
            d : Dir
            Up : Dir
            local d : Dir
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
            Mode::On : Mode
            (uint)m : uint
            m : Mode
            local m : Mode
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
            A : Kind
            1 : literal int
            B : Kind
            i == C : bool
            i : int
            C : Kind
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
            Four | One : Bits
            Four : Bits
            One : Bits
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
            Green : Color
            Flags::Dirty : Flags
            c : Color
            g : Flags
            Red + 1 : Color
            Red : Color
            1 : literal int
            local c : Color
            local g : Flags
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
            gfx::Add : gfx::Blend
            b == gfx::Opaque : bool
            b : gfx::Blend
            gfx::Opaque : gfx::Blend
            local b : gfx::Blend
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
            Count - 1 : (anonymous enum #0)
            Count : (anonymous enum #0)
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
            l : Level
            (Level)2 : Level
            2 : literal int
            x * High : float
            x : float
            High : Level
            local l : Level
            local x : float
            local back : Level
        "#]],
    );
}

#[test]
fn overloads_on_enum_and_int_are_distinct() {
    // DXC: `f(Color)` is an exact match for an enumerator, `f(int)` for an int; a literal
    // does not convert to an enum, so `f(3)` takes `f(int)`.
    check_infer(
        r#"
enum Color { Red, Green = 5 };
float f(Color c) { return 1.0; }
uint f(int c) { return 2u; }
void main() { f(Green); f(3); }
"#,
        expect![[r#"
            fn f:
            1.0 : literal float
            local c : Color
            fn f:
            2u : uint
            local c : int
            fn main:
            f(Green) : float
            f : {unknown}
            Green : Color
            f(3) : uint
            f : {unknown}
            3 : literal int
        "#]],
    );
    check_diagnostics(
        r#"
enum Color { Red };
int f(Color c) { return 1; }
int f(int c) { return 2; }
"#,
        expect![[""]],
    );
}

#[test]
fn plain_enum_converts_to_every_number_at_one_cost() {
    // DXC scores an enum argument to any numeric parameter as one conversion (its
    // `ScoreCast` sees an enum component against a number), so `int`, `uint` and `float`
    // overloads tie, whatever the underlying type; a parameter of the enum type itself wins.
    check_diagnostics(
        r#"
enum Color { Red };
enum Small : uint16_t { S };
int g(int x) { return 0; }
uint g(uint x) { return 1u; }
float g(float x) { return 2.0; }
half k(uint16_t x) { return 0; }
bool k(int x) { return true; }
int h(Color c) { return 0; }
float h(float x) { return 1; }
void main() { g(Red); k(S); h(Red); }
"#,
        expect![[r#"
            E2005 11:15 `g(Red)`: call to `g` is ambiguous
              note 4:5 `g`: candidate: int g(int x)
              note 5:6 `g`: candidate: uint g(uint x)
              note 6:7 `g`: candidate: float g(float x)
            E2005 11:23 `k(S)`: call to `k` is ambiguous
              note 7:6 `k`: candidate: half k(uint16_t x)
              note 8:6 `k`: candidate: bool k(int x)
        "#]],
    );
}

#[test]
fn enum_conversion_diagnostics() {
    // DXC: "cannot initialize a variable of type 'E' with an rvalue of type 'literal int'",
    // "cannot initialize a variable of type 'int' with an lvalue of type 'EC'", and no
    // viable overload for an enum of another type or a scoped enum.
    check_diagnostics(
        r#"
enum Color { Red, Green };
enum Other { O };
enum class Mode : uint { Off, On };
int takesColor(Color c) { return 0; }
int takesInt(int i) { return 0; }
void f() {
    Color a = 1;
    Mode b = 2u;
    Mode m = Mode::On;
    int i = m;
    float x = Mode::Off;
    Color c = O;
    takesColor(O);
    takesColor(2);
    takesInt(Mode::On);
    int ok0 = Green;
    float ok1 = Red;
    Color ok2 = (Color)1;
    int ok3 = (int)m;
    uint ok4 = uint(m);
    Color ok5 = (Color)Mode::On;
    Color ok6 = Red + Green;
    ok6 = ok6 | 4;
    takesInt(Green);
}
"#,
        expect![[r#"
            E2003 8:15 `1`: cannot initialize a value of enum type `Color` with a value of type `literal int`: it needs an explicit cast
            E2003 9:14 `2u`: cannot initialize a value of enum type `Mode` with a value of type `uint`: it needs an explicit cast
            E2003 11:13 `m`: cannot initialize a value of type `int` with a value of scoped enum type `Mode`: it needs an explicit cast
            E2003 12:15 `Mode::Off`: cannot initialize a value of type `float` with a value of scoped enum type `Mode`: it needs an explicit cast
            E2003 13:15 `O`: cannot initialize a value of enum type `Color` with a value of type `Other`: it needs an explicit cast
            E2004 14:5 `takesColor(O)`: no matching overload for call to `takesColor(Other)`
              note 5:5 `takesColor`: candidate: int takesColor(Color c)
            E2004 15:5 `takesColor(2)`: no matching overload for call to `takesColor(int)`
              note 5:5 `takesColor`: candidate: int takesColor(Color c)
            E2004 16:5 `takesInt(Mode::On)`: no matching overload for call to `takesInt(Mode)`
              note 6:5 `takesInt`: candidate: int takesInt(int i)
        "#]],
    );
}

#[test]
fn enum_operators() {
    // A plain enum computes as its underlying integer, except with a value of its own type
    // or an integer literal (then DXC keeps the enum); DXC's "numeric type expected" for a
    // scoped one, "cannot increment expression of enum type" for `++`.
    check_infer(
        r#"
enum Color { Red, Green };
enum Wide : uint64_t { W };
enum class Mode { Off, On };
void f(Color c, Mode m) {
    c + 1; c + 1.5f; W - 67; -c; !c; ~c; c == Green; c < Green; m == Mode::On; m != m;
    c ? 1 : 2; true ? c : 1; true ? m : Mode::Off;
    float v[2]; v[c];
}
"#,
        expect![[r#"
            fn f:
            c + 1 : Color
            c : Color
            1 : literal int
            c + 1.5f : float
            c : Color
            1.5f : float
            W - 67 : Wide
            W : Wide
            67 : literal int
            -c : int
            c : Color
            !c : bool
            c : Color
            ~c : int
            c : Color
            c == Green : bool
            c : Color
            Green : Color
            c < Green : bool
            c : Color
            Green : Color
            m == Mode::On : bool
            m : Mode
            Mode::On : Mode
            m != m : bool
            m : Mode
            m : Mode
            c ? 1 : 2 : literal int
            c : Color
            1 : literal int
            2 : literal int
            true ? c : 1 : Color
            true : bool
            c : Color
            1 : literal int
            true ? m : Mode::Off : Mode
            true : bool
            m : Mode
            Mode::Off : Mode
            v[c] : float
            v : float[2]
            c : Color
            local c : Color
            local m : Mode
            local v : float[2]
        "#]],
    );
    check_diagnostics(
        r#"
enum Color { Red, Green };
enum class Mode { Off, On };
void f(Color c, Mode m) {
    c++;
    --c;
    m++;
    m + 1;
    -m;
    !m;
    ~m;
    m < Mode::On;
    c == Mode::On;
    if (m) {}
    c += 1u;
    float v[2]; v[m];
}
"#,
        expect![[r#"
            E2017 5:5 `c++`: cannot increment expression of enum type `Color`
            E2017 6:5 `--c`: cannot decrement expression of enum type `Color`
            E2017 7:5 `m++`: numeric type expected: cannot increment a value of scoped enum type `Mode`
            E2017 8:5 `m + 1`: numeric type expected: a value of scoped enum type `Mode` needs an explicit cast
            E2017 9:5 `-m`: numeric type expected: a value of scoped enum type `Mode` needs an explicit cast
            E2017 10:5 `!m`: numeric type expected: a value of scoped enum type `Mode` needs an explicit cast
            E2017 11:5 `~m`: numeric type expected: a value of scoped enum type `Mode` needs an explicit cast
            E2017 12:5 `m < Mode::On`: numeric type expected: a value of scoped enum type `Mode` needs an explicit cast
            E2003 13:5 `c == Mode::On`: type mismatch: cannot compare `Color` with `Mode`
            E2003 14:9 `m`: cannot use a value of type `Mode` as a condition
            E2003 15:10 `1u`: cannot initialize a value of enum type `Color` with a value of type `uint`: it needs an explicit cast
            E2003 16:19 `m`: cannot index with a value of type `Mode`
        "#]],
    );
}

#[test]
fn switch_on_enums_and_enums_in_aggregates() {
    check_infer(
        r#"
enum class Mode : uint { Off, On, Auto };
enum Color { Red, Green };
struct Light { Color color; Mode modes[2]; };
cbuffer Params { Mode g_mode; Light g_light; };
StructuredBuffer<Color> colors;
Mode pick(Light l, uint i) { return l.modes[i]; }
int f(uint i) {
    switch (g_mode) { case Mode::Off: return 0; case Mode::On: break; default: break; }
    Color list[3] = { Red, Green, Red };
    Mode m = pick(g_light, i);
    return colors[i] + list[i] + (int)m + sizeof(Mode);
}
"#,
        expect![[r#"
            fn pick:
            l.modes[i] : Mode
            l.modes : Mode[2]
            l : Light
            i : uint
            local l : Light
            local i : uint
            fn f:
            g_mode : Mode
            Mode::Off : Mode
            0 : literal int
            Mode::On : Mode
            { Red, Green, Red } : Color[3]
            Red : Color
            Green : Color
            Red : Color
            pick(g_light, i) : Mode
            pick : {unknown}
            g_light : Light
            i : uint
            colors[i] + list[i] + (int)m + sizeof(Mode) : uint
            colors[i] + list[i] + (int)m : int
            colors[i] + list[i] : Color
            colors[i] : Color
            colors : StructuredBuffer<Color>
            i : uint
            list[i] : Color
            list : Color[3]
            i : uint
            (int)m : int
            m : Mode
            sizeof(Mode) : uint
            local i : uint
            local list : Color[3]
            local m : Mode
        "#]],
    );
}

#[test]
fn underlying_types_must_be_integral() {
    // DXC: "non-integral type 'half' is an invalid underlying type"; `bool` is allowed.
    check_diagnostics(
        r#"
enum B : bool { No, Yes };
enum H : half { A };
enum class F : float { X };
void f() { enum L : double { Q }; bool b = Yes; }
"#,
        expect![[r#"
            E2003 3:10 `half`: non-integral type `half` is an invalid underlying type of an enum
            E2003 4:16 `float`: non-integral type `float` is an invalid underlying type of an enum
            E2003 5:12 `enum L : double { Q };`: non-integral type `double` is an invalid underlying type of an enum
        "#]],
    );
}

#[test]
fn scoped_enumerators_are_plain_names_inside_their_definition_only() {
    // C++ (and DXC): `C = A + 10` finds `A` inside the definition; after it, `A` is unknown.
    check_diagnostics(
        r#"
void f() {
    enum class Step : uint { A = 3, B, C = A + 10 };
    uint ok = (uint)Step::C;
    int bad = A;
}
"#,
        expect![[r#"
            E2001 5:15 `A`: use of undeclared identifier `A`
        "#]],
    );
}

#[test]
fn enum_pixel_inputs_are_integers_for_interpolation() {
    // An enum input is its underlying integer: Vulkan needs it `Flat`, so DXC takes only
    // `nointerpolation` on it.
    let text = r#"
enum Material { Opaque, Glass };
struct In { float4 pos : SV_Position; linear Material mat : MATERIAL; nointerpolation Material ok : OK; };
float4 main(In i) : SV_Target { return i.mat == Glass ? 1 : 0; }
"#;
    expect![[r#"
        E2031 3:55 `mat`: only nointerpolation mode allowed for integer input parameters in pixel shader: field `mat` of type `Material` is `linear`
          note 4:16 `i`: parameter `i` of pixel entry point `main`
    "#]]
    .assert_eq(&super::diagnostics_with_entries(text, &[("main", "ps_6_0")]));
}
