//! `static_assert`: false conditions are clang's error where they are written (file,
//! namespace, struct and function scope), true ones are silent, conditions depending on
//! template parameters are checked at each instantiation (named as a related note), and a
//! condition the evaluator cannot compute is a warning that it was not checked.

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

#[test]
fn static_asserts_in_templates_are_checked_per_instantiation() {
    // Struct templates named by types (a global, locals, a parameter), function templates
    // called with written or deduced arguments, and one called from another's instance.
    check_diagnostics(
        r#"
template <typename T, uint N> struct Ring {
  static_assert(N > 1, "two slots at least");
  static_assert(sizeof(T) == 4);
  T slots[N];
};
template <uint K> uint scaled(uint x) { static_assert(K != 0, "K is zero"); return x * K; }
template <typename T> T twice(T v) { static_assert(sizeof(T) == 4, "32-bit"); return v + v; }
template <uint K> uint deep(uint x) { static_assert(K < 8, "K is small"); return x; }
template <uint K> uint outer(uint x) { return deep<K * 4>(x); }
template <typename T> T unused(T v) { static_assert(sizeof(T) == 3, "never instantiated"); return v; }
template <typename T> struct Bad { static_assert(false, "not dependent"); T v; };
template <uint K> float ring_of(float x) { Ring<float, K> r; r.slots[0] = x; return r.slots[0]; }
static Ring<uint, 1> g_small;
float use(Ring<double, 2> r) { return 0; }
float main(float x : X) : SV_Target {
  Ring<float, 4> fine;
  Ring<float, 4> same;
  fine.slots[0] = x;
  uint a = scaled<2>(1) + scaled<0>(1) + outer<1>(2) + outer<3>(2);
  double d = twice(1.0l) + ring_of<3>(x) + ring_of<1>(x);
  return fine.slots[0] + twice(x);
}
"#,
        expect![[r#"
            E2200 3:17 `N > 1`: static_assert failed "two slots at least"
              note 14:8 `Ring<uint, 1>`: in instantiation of template class 'Ring<uint, 1>' requested here
            E2200 3:17 `N > 1`: static_assert failed "two slots at least"
              note 13:44 `Ring<float, K>`: in instantiation of template class 'Ring<float, 1>' requested here
            E2200 4:17 `sizeof(T) == 4`: static_assert failed
              note 15:11 `Ring<double, 2>`: in instantiation of template class 'Ring<double, 2>' requested here
            E2200 7:55 `K != 0`: static_assert failed "K is zero"
              note 20:27 `scaled<0>(1)`: in instantiation of function template specialization 'scaled<0>' requested here
            E2200 8:52 `sizeof(T) == 4`: static_assert failed "32-bit"
              note 21:14 `twice(1.0l)`: in instantiation of function template specialization 'twice<double>' requested here
            E2200 9:53 `K < 8`: static_assert failed "K is small"
              note 10:47 `deep<K * 4>(x)`: in instantiation of function template specialization 'deep<12>' requested here
            E2200 12:50 `false`: static_assert failed "not dependent"
        "#]],
    );
}
