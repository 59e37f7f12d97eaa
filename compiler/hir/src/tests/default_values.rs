//! Parameters' default values (`default_checks`): inferred in the scope of the declaration,
//! with the parameters out of sight, as in DXC. Each test also holds defaults DXC accepts,
//! which must stay silent.

use expect_test::expect;

use super::check_diagnostics;

#[test]
fn defaults_are_checked_where_they_are_written() {
    check_diagnostics(
        r#"
cbuffer C { float4 v4; };
struct S { float a; };
float g() { return v4.y; }
S mk(float x) { S s; s.a = x; return s; }
float ok1(float a = g() * 2, S s = mk(v4.x), float2x2 m = float2x2(v4.x, 0, 0, 1)) { return a; }
float ok2(float a = max(v4.x, v4.y), int b = (int)v4.z) { return a + b; }
float bad1(float a = nosuch) { return a; }
float bad2(float a = g(1)) { return a; }
float bad3(S s = 1.5, float2 p = mk(1)) { return p.x; }
"#,
        expect![[r#"
            E2001 8:22 `nosuch`: use of undeclared identifier `nosuch`
            E2006 9:22 `g(1)`: `g` takes 0 argument(s), 1 given
              note 4:7 `g`: candidate: float g()
            E2003 10:18 `1.5`: cannot convert from `float` to `S`
            E2003 10:34 `mk(1)`: cannot convert from `S` to `float2`
        "#]],
    );
}

#[test]
fn a_default_naming_a_parameter_is_refused() {
    check_diagnostics(
        r#"
static float b = 2;
float f(float a, float c = a * 2) { return c; }
float h(float b, float c = b) { return c; }
float k(float x, float c = b) { return c; }
"#,
        expect![[r#"
            E2001 3:28 `a`: default argument references parameter `a`
            E2001 4:28 `b`: default argument references parameter `b`
        "#]],
    );
}
