//! Resource uses DXC's legalization resolves (task res15, issue #4 item 4), through
//! `hlslc -spirv` and every `spirv-val` installed: bindings compared by the resource they
//! name, locals holding one constant on every path, and the refusals that must stay.

use crate::harness::{compile, refuse, run};

/// `if (c) l[0] = gt[0];` after `Texture2D l[2] = gt;`: both paths hold `gt[0]`, reached
/// through two access chains; DXC's copy propagation sees one resource, and so do we.
#[test]
fn a_local_array_rebound_to_the_element_it_holds_is_one_resource() {
    let m = compile(
        "Texture2D gt[2];
SamplerState s;
float4 main(float2 uv : TEXCOORD, uint c : C) : SV_Target {
  Texture2D l[2] = gt;
  if (c) l[0] = gt[0];
  return l[0].Sample(s, uv);
}
",
        "ps_6_0",
        &[],
    );
    m.assert_has(&["OpImageSampleImplicitLod"]);
}

/// The same for a plain resource local and a struct member at a constant element, on a
/// `switch` arm and in a loop with a run-time trip count.
#[test]
fn resources_rebound_to_the_same_element_under_run_time_flow() {
    let m = compile(
        "Texture2D gt[3];
SamplerState s;
struct M { Texture2D t[2]; float k; };
float4 main(float2 uv : TEXCOORD, uint n : N) : SV_Target {
  Texture2D t = gt[1];
  for (uint i = 0; i < n; ++i) { t = gt[1]; }
  M m; m.t[0] = gt[0]; m.t[1] = gt[2]; m.k = 1;
  switch (n) { case 0: m.t[1] = gt[2]; m.k = 3; break; default: break; }
  return t.Sample(s, uv) + m.t[1].Sample(s, uv) * m.k;
}
",
        "ps_6_0",
        &[],
    );
    m.assert_has(&["OpLoopMerge"]);
}

/// Different elements on the two paths stay a run-time choice (E3020), as DXC fails.
#[test]
fn different_elements_on_two_paths_stay_refused() {
    refuse(
        "Texture2D gt[2];
SamplerState s;
float4 main(float2 uv : TEXCOORD, uint c : C) : SV_Target {
  Texture2D l[2] = gt;
  if (c) l[0] = gt[1];
  return l[0].Sample(s, uv);
}
",
        "ps_6_0",
        &[],
        1,
        "this resource depends on run-time control flow",
    );
}

/// vkd3d's `object-references` test 2: the element index is held in a local vector that is
/// never written (`co.x + co.y` is 0), so `b[0]` is `t_good` when `a` copies it.
#[test]
fn an_index_held_in_an_unwritten_local_is_a_constant() {
    let m = compile(
        "Texture2D t_good, t_bad;
sampler sam;
float4 main() : SV_Target {
  Texture2D a, b[1];
  int4 co = {0, 0, 0, 0};
  b[(int) co.x + (int) co.y] = t_good;
  a = b[0];
  b[0] = t_bad;
  return 100 * a.Sample(sam, float2(0, 0)) + t_good.Sample(sam, float2(0, 0));
}
",
        "ps_6_0",
        &[],
    );
    // Both samples read `t_good`; `t_bad` is never loaded.
    assert!(!m.has("OpLoad %type_image %t_bad"), "{}", m.asm);
    assert_eq!(
        m.asm.matches("OpLoad %type_image %t_good").count(),
        2,
        "{}",
        m.asm
    );
}

/// `bool useA = true; ... useA ? a : b` and `int mode = 2; if (n > 3) mode = 2;`: the local
/// holds one constant on every path, so the choice is made at compile time.
#[test]
fn a_choice_by_a_local_holding_one_constant_is_made_at_compile_time() {
    let m = compile(
        "Texture2D a, b;
SamplerState s;
float4 main(float2 uv : TEXCOORD, uint n : N) : SV_Target {
  bool useA = true;
  Texture2D t = useA ? a : b;
  int mode = 2;
  if (n > 3) mode = 2;
  Texture2D u;
  if (mode == 1) u = a; else u = b;
  return t.Sample(s, uv) + u.Sample(s, uv);
}
",
        "ps_6_0",
        &[],
    );
    m.assert_has(&["%a = OpVariable", "%b = OpVariable"]);
}

/// A local given another value on some path, or written through an `out` argument, is no
/// constant: the choice stays E3020.
#[test]
fn a_local_given_another_value_on_a_path_is_no_constant() {
    refuse(
        "Texture2D a, b;
SamplerState s;
float4 main(float2 uv : TEXCOORD, uint n : N) : SV_Target {
  int mode = 2;
  if (n > 3) mode = 1;
  Texture2D u;
  if (mode == 1) u = a; else u = b;
  return u.Sample(s, uv);
}
",
        "ps_6_0",
        &[],
        1,
        "this resource depends on run-time control flow",
    );
    refuse(
        "Texture2D a, b;
SamplerState s;
void set(out bool x) { x = false; }
float4 main(float2 uv : TEXCOORD) : SV_Target {
  bool useA = true;
  set(useA);
  Texture2D t = useA ? a : b;
  return t.Sample(s, uv);
}
",
        "ps_6_0",
        &[],
        1,
        "chooses a resource by a condition known only at run time",
    );
}

/// A texel offset held in a local is still refused: DXC wants a constant expression there.
#[test]
fn a_texel_offset_held_in_a_local_stays_refused() {
    refuse(
        "Texture2D a;
SamplerState s;
float4 main(float2 uv : TEXCOORD) : SV_Target {
  int2 o = int2(1, 0);
  return a.Sample(s, uv, o);
}
",
        "ps_6_0",
        &[],
        1,
        "a texel offset that is not a constant",
    );
}

/// `static Texture2D t;` and `static SamplerState s;` that nothing assigns, read where code
/// runs: an `OpUndef` of the image and of the sampler type, as DXC's legalization leaves the
/// loads of such private variables, and W2119 at each use (three of `t`, two of `s`).
#[test]
fn a_static_texture_never_assigned_is_an_undefined_value() {
    let src = "static Texture2D t;
static SamplerState s;
Texture2D a;
float4 main(float2 uv : TEXCOORD) : SV_Target {
  uint w, h;
  t.GetDimensions(w, h);
  return t.Sample(s, uv) + t.Load(int3(0, 0, 0)) + a.SampleLevel(s, uv, 0) + w;
}
";
    let m = compile(src, "ps_6_0", &[]);
    m.assert_has(&["%t = OpUndef", "%s = OpUndef", "OpImageQuerySizeLod"]);
    assert!(!m.has("OpVariable %_ptr_Private"), "{}", m.asm);
    // Under SPIR-V 1.4 every global used is in the entry's interface: an `OpUndef` is not.
    compile(src, "ps_6_0", &["-fspv-target-env=vulkan1.3"]);
    let (out, _) = run(src, "ps_6_0", &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.matches("warning[W2119]").count(), 5, "{stderr}");
    assert!(
        stderr.contains("`static` texture 't' is never assigned"),
        "{stderr}"
    );
}

/// A `static` texture some function assigns is no undefined value, and gets no warning.
#[test]
fn a_static_texture_a_function_assigns_is_not_warned_about() {
    let src = "static Texture2D t;
Texture2D a;
SamplerState s;
void setup() { t = a; }
float4 main(float2 uv : TEXCOORD) : SV_Target { setup(); return t.Sample(s, uv); }
";
    let m = compile(src, "ps_6_0", &[]);
    assert!(!m.has("OpUndef"), "{}", m.asm);
    let (out, _) = run(src, "ps_6_0", &[]);
    assert!(!String::from_utf8_lossy(&out.stderr).contains("W2119"));
}

/// A writable texture never assigned: undefined too since res17 (its loads take the
/// `OpUndef`; an atomic on it is E3020, `res17.rs`).
#[test]
fn a_static_writable_texture_never_assigned_is_undefined() {
    let m = compile(
        "static RWTexture2D<float4> t;
float4 main() : SV_Target { return t[int2(0, 0)]; }
",
        "ps_6_0",
        &[],
    );
    assert!(m.has("OpImageRead"), "{}", m.asm);
}

/// A `switch` on a run-time value whose clauses rebind a resource declared outside it: a use
/// in the clause after the rebinding names one resource, and after the `switch` the bindings
/// of its exits meet as an `if`'s arms do (the same resource on every exit is that one).
#[test]
fn switch_clauses_rebind_resources_as_if_arms_do() {
    let m = compile(
        "Texture2D a, b;
SamplerState s;
float4 main(float2 uv : TEXCOORD, uint c : C, uint d : D) : SV_Target {
  Texture2D t = b;
  float4 r = 0;
  switch (c) {
  case 0: t = a; r = t.Sample(s, uv); t = b; break;
  case 1: if (d) { t = b; break; } t = b; break;
  default: t = b; break;
  }
  Texture2D u = a;
  switch (d) { case 0: u = b; case 1: u = a; break; default: u = a; }
  return r + t.Sample(s, uv) + u.Sample(s, uv);
}
",
        "ps_6_0",
        &[],
    );
    m.assert_has(&["OpSwitch"]);
}

/// Exits of a run-time `switch` holding different resources (a clause rebinding and the
/// path past every clause without a `default`, or a clause entered both from the selector
/// and by falling through) stay E3020, as DXC fails.
#[test]
fn switch_exits_holding_different_resources_stay_refused() {
    for body in [
        "switch (c) { case 0: t = a; break; case 1: break; }",
        "switch (c) { case 0: t = a; case 1: return t.Sample(s, uv); default: break; }",
    ] {
        refuse(
            &format!(
                "Texture2D a, b;
SamplerState s;
float4 main(float2 uv : TEXCOORD, uint c : C) : SV_Target {{
  Texture2D t = b;
  {body}
  return t.Sample(s, uv);
}}
"
            ),
            "ps_6_0",
            &[],
            1,
            "this resource depends on run-time control flow",
        );
    }
}

/// `g[K]` with `static const int K` and `g[layer]` with a local holding one constant name
/// the element a literal index names: rebinding it on one path changes nothing.
#[test]
fn an_element_at_an_index_known_at_compile_time_is_that_element() {
    let m = compile(
        "Texture2D g[4];
SamplerState s;
static const int K = 3;
float4 main(float2 uv : TEXCOORD, uint c : C) : SV_Target {
  uint layer = 3;
  Texture2D t = g[3];
  if (c) t = g[K];
  if (c > 2) t = g[layer];
  return t.Sample(s, uv);
}
",
        "ps_6_0",
        &[],
    );
    m.assert_has(&["OpImageSampleImplicitLod"]);
}

/// A `?:` of resources on a run-time condition initializing a local never read: the
/// statement goes away, as DXC's dead-code elimination removes the choice.
#[test]
fn a_run_time_choice_nothing_reads_goes_away() {
    let m = compile(
        "Texture2D a, b;
SamplerState s;
float4 main(float2 uv : TEXCOORD, uint n : N) : SV_Target {
  float4 r = 0;
  for (uint i = 0; i < n; ++i) { Texture2D t = (i & 1) ? a : b; r += 1; }
  return r + a.Sample(s, uv);
}
",
        "ps_6_0",
        &[],
    );
    assert!(!m.has("OpLoad %type_image %b"), "{}", m.asm);
}
