//! One-bracket attributes DXC ignores with a warning or refuses for what they are written on:
//! unknown names (W2102), statement attributes on the wrong statement (W2103), `[unroll(n)]`
//! counts (W2104, E2255) and `[clipplanes]` (W2105, E2256).

use expect_test::expect;

use super::check_diagnostics;

#[test]
fn unknown_attributes_are_ignored_with_a_warning() {
    check_diagnostics(
        r#"
[foo] float g;
struct S { [f2] float a; };
[Bar(1)] float4 f([pp] float a) : SV_Target {
  [local] float x = a;
  [stmt(1)] for (int i = 0; i < 3; i++) x += i;
  [[deprecated]] float y = x;
  return x + y;
}
"#,
        expect![[r#"
            W2102 2:1 `[foo]`: unknown attribute 'foo' ignored
            W2102 3:12 `[f2]`: unknown attribute 'f2' ignored
            W2102 4:1 `[Bar(1)]`: unknown attribute 'Bar' ignored
            W2102 4:19 `[pp]`: unknown attribute 'pp' ignored
            W2102 5:3 `[local]`: unknown attribute 'local' ignored
            W2102 6:3 `[stmt(1)]`: unknown attribute 'stmt' ignored
        "#]],
    );
}

#[test]
fn known_attributes_in_any_case_are_not_unknown() {
    check_diagnostics(
        r#"
bool g;
[NumThreads(1, 1, 1)] [WaveOpsIncludeHelperLanes] [noinline] void a() {
  [Loop] while (g) {}
  [Unroll(2)] for (int i = 0; i < 4; i++) {}
  [Allow_UAV_Condition] do {} while (g);
  [Branch] if (g) {}
  [ForceCase] switch (0) { default: break; }
  [Call] switch (1) { default: break; }
  [Flatten] switch (2) { default: break; }
}
"#,
        expect![[r#""#]],
    );
}

#[test]
fn statement_attributes_on_the_wrong_statement() {
    check_diagnostics(
        r#"
int f(int a) {
  [loop] int v = 2;
  [fastopt] if (a > 0) v = -a;
  [unroll] switch (a) { default: break; }
  [allow_uav_condition] return v;
}
int g(int a) {
  int r = 0;
  [branch] for (int i = 0; i < 10; i++) r++;
  [flatten] while (r < 20) r++;
  [forcecase] if (a > 0) r++;
  [call] do { r++; } while (r < 30);
  [loop] { r++; }
  return r;
}
"#,
        expect![[r#"
            W2103 3:3 `[loop]`: attribute 'loop' can only be applied to 'for', 'while' and 'do' loop statements
            W2103 4:3 `[fastopt]`: attribute 'fastopt' can only be applied to 'for', 'while' and 'do' loop statements
            W2103 5:3 `[unroll]`: attribute 'unroll' can only be applied to 'for', 'while' and 'do' loop statements
            W2103 6:3 `[allow_uav_condition]`: attribute 'allow_uav_condition' can only be applied to 'for', 'while' and 'do' loop statements
            W2103 10:3 `[branch]`: attribute 'branch' can only be applied to 'if' and 'switch' statements
            W2103 11:3 `[flatten]`: attribute 'flatten' can only be applied to 'if' and 'switch' statements
            W2103 12:3 `[forcecase]`: attribute 'forcecase' can only be applied to 'switch' statements
            W2103 13:3 `[call]`: attribute 'call' can only be applied to 'switch' statements
            W2103 14:3 `[loop]`: attribute 'loop' can only be applied to 'for', 'while' and 'do' loop statements
        "#]],
    );
}

#[test]
fn unroll_counts() {
    check_diagnostics(
        r#"
static const int N = 4;
static const float F = 1.5;
uint uniformCount;
void f(uint n) {
  const uint c = 2;
  uint m = 3;
  [unroll(N)] for (int a = 0; a < 8; a++) {}
  [unroll(c)] for (int b = 0; b < 8; b++) {}
  [unroll(N + 1)] for (int d = 0; d < 8; d++) {}
  [unroll(n)] for (int e = 0; e < 8; e++) {}
  [unroll(m)] for (int g = 0; g < 8; g++) {}
  [unroll("2")] for (int h = 0; h < 8; h++) {}
  [unroll(F)] for (int i = 0; i < 8; i++) {}
  [unroll(-1)] for (int j = 0; j < 8; j++) {}
  [unroll(1.5)] for (int k = 0; k < 8; k++) {}
}
"#,
        expect![[r#"
            E2255 11:11 `n`: 'unroll' attribute requires an integer constant
            E2255 12:11 `m`: 'unroll' attribute requires an integer constant
            E2255 13:11 `"2"`: 'unroll' attribute requires an integer constant
            E2255 14:11 `F`: 'unroll' attribute requires an integer constant
            W2104 15:3 `[unroll(-1)]`: attribute 'unroll' must have a uint literal argument
            W2104 16:3 `[unroll(1.5)]`: attribute 'unroll' must have a uint literal argument
        "#]],
    );
}

#[test]
fn clip_planes_are_ignored_and_their_arguments_checked() {
    check_diagnostics(
        r#"
float4 f4;
float4 cp4[2];
struct G { float4 cp5[5]; };
G gs;
int k;
[clipplanes(f4, cp4[0], gs.cp5[2], (gs).cp5[(1)])]
float4 good(float4 p : POSITION) : SV_Position { return p; }
[clipplanes(cp4[k], f4.xyzw, f4 + f4, float4(1, 2, 3, 4))]
float4 bad(float4 p : POSITION) : SV_Position { return p; }
"#,
        expect![[r#"
            W2105 7:1 `[clipplanes(f4, cp4[0], gs.cp5[2], (gs).cp5[(1)])]`: `[clipplanes]` is ignored: DXC's SPIR-V backend writes no clip distances for it (write `SV_ClipDistance` outputs instead)
            W2105 9:1 `[clipplanes(cp4[k], f4.xyzw, f4 + f4, float4(1, 2, 3, 4))]`: `[clipplanes]` is ignored: DXC's SPIR-V backend writes no clip distances for it (write `SV_ClipDistance` outputs instead)
            E2256 9:13 `cp4[k]`: invalid expression for clipplanes argument array subscript: must be numeric literal
            E2256 9:21 `f4.xyzw`: invalid expression for clipplanes argument: must be global reference, member access or array subscript
            E2256 9:30 `f4 + f4`: invalid expression for clipplanes argument: must be global reference, member access or array subscript
            E2256 9:39 `float4(1, 2, 3, 4)`: invalid expression for clipplanes argument: must be global reference, member access or array subscript
        "#]],
    );
}

#[test]
fn function_attributes_on_variables_and_statements() {
    check_diagnostics(
        r#"
[earlydepthstencil] float g;
[noinline] bool f() {
  [earlydepthstencil] float2 f2 = { 1, 2 };
  [NumThreads(1, 1, 1)] int n = 0;
  [noinline] bool b = false;
  [noinline] while (b) return b;
  return true;
}
"#,
        expect![[r#"
            E2259 2:1 `[earlydepthstencil]`: attribute is valid only on functions
            E2259 4:3 `[earlydepthstencil]`: attribute is valid only on functions
            E2259 5:3 `[NumThreads(1, 1, 1)]`: attribute is valid only on functions
            W2106 6:3 `[noinline]`: 'noinline' attribute only applies to functions
            E2259 7:3 `[noinline]`: 'noinline' attribute cannot be applied to a statement
        "#]],
    );
}

#[test]
fn negative_or_floating_counts_on_functions_that_are_no_entry_points() {
    // DXC warns (its attribute tests); on an entry point the range checks refuse them.
    check_diagnostics(
        r#"
[outputcontrolpoints(-1)] void a() {}
[maxvertexcount(-12)] void b() {}
[maxvertexcount(1.5)] void c() {}
[instance(2)] [maxvertexcount(4)] void d() {}
"#,
        expect![[r#"
            W2104 2:1 `[outputcontrolpoints(-1)]`: attribute 'outputcontrolpoints' must have a uint literal argument
            W2104 3:1 `[maxvertexcount(-12)]`: attribute 'maxvertexcount' must have a uint literal argument
            W2104 4:1 `[maxvertexcount(1.5)]`: attribute 'maxvertexcount' must have a uint literal argument
        "#]],
    );
}

#[test]
fn clip_planes_name_uniform_float4s() {
    check_diagnostics(
        r#"
bool b;
float3 f3;
float4 ok;
static const float4 f4_const = float4(1, 2, 3, 4);
[clipplanes(b, f3, ok, f4_const)]
float4 main(float4 p : POSITION) : SV_Position { return p; }
"#,
        expect![[r#"
            W2105 6:1 `[clipplanes(b, f3, ok, f4_const)]`: `[clipplanes]` is ignored: DXC's SPIR-V backend writes no clip distances for it (write `SV_ClipDistance` outputs instead)
            E2256 6:13 `b`: clipplanes argument must be a float4 type but is 'const bool'
            E2256 6:16 `f3`: clipplanes argument must be a float4 type but is 'const float3'
            E2256 6:24 `f4_const`: invalid expression for clipplanes argument: must be global reference, member access or array subscript
        "#]],
    );
}
