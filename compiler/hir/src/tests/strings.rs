//! DXC's `string` type: allowed for global declarations (constants, as DXC implies, which name
//! `printf` formats) and refused everywhere else (E2033): locals, parameters, struct fields,
//! cbuffer members and arrays of strings. A global string needs its text and is never assigned
//! (E2201, DXC's words).

use expect_test::expect;

use super::check_diagnostics;

#[test]
fn strings_are_global_constants_only() {
    check_diagnostics(
        r#"
const string fmt = "x = %d";
string later;
namespace ns { static const string inner = "in"; }
string many[2];
struct S { string name; };
cbuffer C { string label; };
void f(string s) { string t = "no"; printf(fmt, 1); printf(ns::inner); later = "now"; printf(later); }
"#,
        expect![[r#"
            E2201 3:8 `later`: Found uninitialized string variable.
            E2033 5:8 `many`: string declaration not supported here: `string` is for global constants (printf formats) only
            E2033 6:19 `name`: string declaration not supported here: `string` is for global constants (printf formats) only
            E2033 7:20 `label`: string declaration not supported here: `string` is for global constants (printf formats) only
            E2033 8:8 `string`: parameter of type string is not supported
            E2033 8:27 `t`: string declaration not supported here: `string` is for global constants (printf formats) only
            E2201 8:72 `later`: string variables are immutable in SPIR-V.
        "#]],
    );
}
