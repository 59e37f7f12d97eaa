//! Attributes in the `clang::` and `gnu::` namespaces and scoped one-bracket attributes, as DXC's
//! clang 3.7 knows them (`W2112`, `W2102`).

use expect_test::expect;

use super::check_diagnostics;

/// `gnu::` names clang spells `GCC<...>` (`__x__` is `x`) and the few `clang::` ones are known;
/// other names in those namespaces, names clang only learnt later (`clang::always_inline`),
/// the namespaces later clangs added (`_Clang`, `__gnu__`) and other targets' attributes
/// (`gnu::mips16`) are unknown and ignored with clang's warning.
#[test]
fn clang_and_gnu_attributes_dxc_does_not_know_are_ignored_with_a_warning() {
    check_diagnostics(
        r#"
[[gnu::noinline]] float a(float x) { return x; }
[[gnu::__always_inline__]] float b(float x) { return x; }
[[clang::optnone]] float c(float x) { return x; }
[[clang::always_inline]] float d(float x) { return x; }
[[gnu::hot_path]] float e(float x) { return x; }
[[_Clang::optnone]] float f(float x) { return x; }
[[__gnu__::noinline]] float g(float x) { return x; }
[[gnu::mips16]] float h(float x) { return x; }
void main([[gnu::unused]] uint t : SV_GroupIndex) {
  [[clang::fallthrough]];
  [[clang::likely]] float y = 2;
}
"#,
        expect![[r#"
            W2112 5:3 `clang::always_inline`: unknown attribute 'always_inline' ignored
            W2112 6:3 `gnu::hot_path`: unknown attribute 'hot_path' ignored
            W2112 7:3 `_Clang::optnone`: unknown attribute 'optnone' ignored
            W2112 8:3 `__gnu__::noinline`: unknown attribute 'noinline' ignored
            W2112 9:3 `gnu::mips16`: unknown attribute 'mips16' ignored
            W2112 12:5 `clang::likely`: unknown attribute 'likely' ignored
        "#]],
    );
}

/// DXC reads a one-bracket scoped attribute as the two-bracket one: unknown names warn as the
/// other one-bracket names do, known `gnu::`/`clang::` names and `vk::` ones do not.
#[test]
fn scoped_one_bracket_attributes_follow_the_same_rules() {
    check_diagnostics(
        r#"
[ns::foo] float a(float x) { return x; }
[gnu::noinline] float b(float x) { return x; }
[clang::always_inline] float c(float x) { return x; }
[vk::binding(0, 0)] Texture2D t;
[numthreads(1, 1, 1)]
void main() {
  [other::hint(2)] for (int i = 0; i < 2; i++) {}
}
"#,
        expect![[r#"
            W2102 2:1 `[ns::foo]`: unknown attribute 'foo' ignored
            W2102 4:1 `[clang::always_inline]`: unknown attribute 'always_inline' ignored
            W2102 8:3 `[other::hint(2)]`: unknown attribute 'hint' ignored
        "#]],
    );
}
