//! `static_assert`: false conditions are clang's error where they are written (file,
//! namespace, struct and function scope), true ones are silent, conditions depending on
//! template parameters are left alone, and a condition the evaluator cannot compute is a
//! warning that it was not checked.

use expect_test::expect;

use super::check_diagnostics;

#[test]
fn static_assert_conditions_are_checked_where_written() {
    check_diagnostics(
        r#"
struct Vertex { float4 pos; uint2 ids; };
static_assert(sizeof(Vertex) == 24, "layout");
static_assert(sizeof(Vertex) == 32, "Vertex is 32 bytes");
namespace Limits { static const uint Lanes = 4; static_assert(Lanes == 4); static_assert(Lanes > 8); }
struct Packed { static_assert(sizeof(float) == 4, "float"); float v; };
template <typename T> struct Box { static_assert(sizeof(T) == 4, "dependent"); T v; };
float main(float x : X) : SV_Target {
  static_assert(1 + 1 == 2);
  static_assert(false, "never");
  const int k = 2;
  static_assert(k == 2);
  Box<float> b; b.v = x;
  return b.v;
}
"#,
        expect![[r#"
            E2200 4:15 `sizeof(Vertex) == 32`: static_assert failed "Vertex is 32 bytes"
            E2200 5:90 `Lanes > 8`: static_assert failed
            E2200 10:17 `false`: static_assert failed "never"
            W2079 12:17 `k == 2`: this static_assert is not checked: its condition is not a constant expression this compiler evaluates
        "#]],
    );
}
