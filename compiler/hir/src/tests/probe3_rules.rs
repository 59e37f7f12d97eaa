//! Rules found by the third round of test-suite probes (vkd3d, Slang, glslang) measured
//! against DXC's behaviour: overload ranking by DXC's conversion scores, array sizes,
//! attributes, declarations and names used as values.

use expect_test::expect;

use super::{check_diagnostics, check_infer};

#[test]
fn overloads_rank_by_summed_scores() {
    // Each line picks the overload DXC picks; the comments give the winning score bits.
    check_infer(
        r#"
int pick(int x) { return 1; }
uint pick(uint x) { return 2u; }
float pick(float x) { return 3.0; }
int wide(uint3 v) { return 0; }
float wide(float v) { return 0; }
int mixed(float f, uint u, uint w) { return 0; }
float mixed(int i, float f, float g) { return 0; }
bool two(int a, float b) { return true; }
float2 two(float2 a, float2 b) { return 0; }
void f(int i, uint u, float x, int2 i2)
{
    pick(i + u);         // uint: exact, against a sign change or an int-to-float cast
    pick(i + x);         // float
    wide(u);             // uint3: a splat costs less than a conversion
    mixed(i, u, u);      // (float, uint, uint): one conversion against two
    two(x, x);           // (float2, float2): two splats cost less than a float-to-int cast
    pick(i2);            // int: a truncation, against a truncation and a conversion
}
"#,
        expect![[r#"
            fn pick:
            1 : literal int
            local x : int
            fn pick:
            2u : uint
            local x : uint
            fn pick:
            3.0 : literal float
            local x : float
            fn wide:
            0 : literal int
            local v : uint3
            fn wide:
            0 : literal int
            local v : float
            fn mixed:
            0 : literal int
            local f : float
            local u : uint
            local w : uint
            fn mixed:
            0 : literal int
            local i : int
            local f : float
            local g : float
            fn two:
            true : bool
            local a : int
            local b : float
            fn two:
            0 : literal int
            local a : float2
            local b : float2
            fn f:
            pick(i + u) : uint
            pick : {unknown}
            i + u : uint
            i : int
            u : uint
            pick(i + x) : float
            pick : {unknown}
            i + x : float
            i : int
            x : float
            wide(u) : int
            wide : {unknown}
            u : uint
            mixed(i, u, u) : int
            mixed : {unknown}
            i : int
            u : uint
            u : uint
            two(x, x) : float2
            two : {unknown}
            x : float
            x : float
            pick(i2) : int
            pick : {unknown}
            i2 : int2
            local i : int
            local u : uint
            local x : float
            local i2 : int2
        "#]],
    );
}

#[test]
fn overloads_that_tie_are_ambiguous() {
    check_diagnostics(
        r#"
int pick(int x) { return 1; }
uint pick(uint x) { return 2u; }
bool fb(int x) { return true; }
bool fb(float x) { return false; }
void f(bool b, float2 v)
{
    pick(v);
    fb(b);
}
"#,
        expect![[r#"
            E2005 8:5 `pick(v)`: call to `pick` is ambiguous
              note 2:5 `pick`: candidate: int pick(int x)
              note 3:6 `pick`: candidate: uint pick(uint x)
            E2005 9:5 `fb(b)`: call to `fb` is ambiguous
              note 4:6 `fb`: candidate: bool fb(int x)
              note 5:6 `fb`: candidate: bool fb(float x)
        "#]],
    );
}

#[test]
fn out_arguments_also_score_the_way_back() {
    // An `inout` argument converts into the parameter and back, and DXC adds both scores:
    // `int` to `uint` and back is two sign changes, to `float` and back two casts.
    check_infer(
        r#"
uint bump(inout uint x) { return x; }
float bump(inout float x) { return x; }
void f()
{
    int i = 0;
    bump(i);
}
"#,
        expect![[r#"
            fn bump:
            x : uint
            local x : uint
            fn bump:
            x : float
            local x : float
            fn f:
            0 : literal int
            bump(i) : uint
            bump : {unknown}
            i : int
            local i : int
        "#]],
    );
}

#[test]
fn zero_sized_arrays_are_accepted() {
    // DXC accepts zero-length arrays wherever an array may be declared; sizes that are
    // negative or do not fit in 32 bits are refused.
    check_diagnostics(
        r#"
static const int Zero = 0;
float g[0];
groupshared float s[Zero];
struct S { float a[0]; float b; };
void f()
{
    float l[2 - 2];
    float n[Zero - 1];
    float big[0x100000000];
}
"#,
        expect![[r#"
            E2022 9:11 `n`: array size is negative
            E2022 10:11 `big`: array is too large (4294967296 elements)
        "#]],
    );
}

#[test]
fn explicit_casts_keep_dxc_shape_rules() {
    // A cast changes component types freely but shapes only as DXC's dimension rules allow:
    // truncation, one component to many (splat), or the same count between a vector and a
    // matrix. To or from a struct or an array, the value must not be shorter than the
    // target unless it is one scalar. FIXME: a one-row matrix turning into a one-column one
    // of as many components (`turned`) is accepted, as lowering supports it, though DXC's
    // dimension rules seem to refuse it.
    check_diagnostics(
        r#"
struct Two { float a; float b; };
struct Four { float4 v; };
void f(float2x2 m, float3x1 c, float4 v, float3 w, float s, Two t, int a[4])
{
    float3 bad = (float3)m;
    float4 longer = (float4)w;
    float3x3 grown = (float3x3)m;
    float4 from_two = (float4)t;
    Four four = (Four)t;
    float4 flat = (float4)m;
    float2x2 square = (float2x2)v;
    float2 column = (float2)c;
    float1x2 row = (float1x2)v;
    int3 cut = (int3)v;
    float2x2 splat = (float2x2)s;
    Two from_array = (Two)a;
    Four from_scalar = (Four)s;
    float4 from_ints = (float4)a;
    float2x1 turned = (float2x1)row;
}
"#,
        expect![[r#"
            E2003 6:18 `(float3)m`: cannot convert from `float2x2` to `float3`
            E2003 7:21 `(float4)w`: cannot convert from `float3` to `float4`
            E2003 8:22 `(float3x3)m`: cannot convert from `float2x2` to `float3x3`
            E2003 9:23 `(float4)t`: cannot convert from `Two` to `float4`
            E2003 10:17 `(Four)t`: cannot convert from `Two` to `Four`
        "#]],
    );
}

#[test]
fn functions_and_types_are_not_values() {
    // HLSL has no function pointers: a function named without a call is an error at the
    // name, with the function's type as DXC prints it; a type name needs a constructor.
    check_diagnostics(
        r#"
float4 one(int index) { return index; }
float two(float a) { return a; }
float two(int a) { return a; }
template<typename T> T same(T v) { return v; }
int f()
{
    float4 x = float4;
    float y = two + 1;
    float z = same;
    return one;
}
"#,
        expect![[r#"
            E2003 8:16 `float4`: `float4` is the type `float4`, not a value: expected `(` for function-style cast or type construction
            E2003 9:15 `two`: `two` names overloaded functions, not a value: functions can only be called (`two(...)`)
            E2003 10:15 `same`: `same` names a function template, not a value: functions can only be called (`same(...)`)
            E2003 11:12 `one`: `one` is a function of type `float4 (int)`, not a value: functions can only be called (`one(...)`)
        "#]],
    );
}

#[test]
fn anonymous_structs_must_be_members() {
    check_diagnostics(
        r#"
struct { float4 a; };
struct { float b; } named_by_its_variable;
struct Outer { struct { float c; }; float d; };
void f()
{
    struct { int e; };
    struct { int g; } local = { 1 };
}
"#,
        expect![[r#"
            E2054 2:1 `struct`: anonymous structs and classes must be class members
            E2054 7:5 `struct`: anonymous structs and classes must be class members
        "#]],
    );
}

#[test]
fn template_arguments_need_template() {
    // `class Box<T>` is another language's generic: HLSL writes `template<typename T>`.
    check_diagnostics(
        r#"
class Box<T> { float value; };
template<typename T> struct Pair { T a; T b; };
struct Pair<int> { int a; };
template<typename T> struct Ok { T v; };
"#,
        expect![[r#"
            E2055 2:10 `<T>`: explicit specialization of non-template class `Box`: a generic class is declared `template<typename T> class Box`
            E2055 4:12 `<int>`: template specialization requires `template<>`: `Pair` is a template
        "#]],
    );
}
