//! Stage-related lowering of issue #4 item 4, second round: interpolation modes where DXC
//! decorates them, and attribute evaluation of parts of inputs handed to helpers. The
//! snapshots are read by hand against the rule each test names.

mod common;

use expect_test::expect;
use lower::ShaderStage;

/// The stage variables of `main` lowered for `stage`: the dump's `input`/`output` lines.
fn stage_vars(text: &str, stage: ShaderStage) -> String {
    let dump = ir::print_module(&common::lower_stage(text, stage));
    dump.lines()
        .filter(|l| l.contains(" input ") || l.contains(" output "))
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn vertex_outputs_keep_their_modes_and_integers_are_not_interpolated() {
    // DXC decorates vertex outputs: the written modes on floats, `nointerpolation` (Flat)
    // on every integer or bool output; the inputs carry none. An `out` parameter that is no
    // struct keeps its written mode even as an integer (DXC sees a reference type there).
    expect![[r#"
        @g0 = input float4 location(0) ; in.POSITION
        @g1 = output float4 builtin(Position) ; out.SV_Position
        @g2 = output float2 location(0) centroid ; out.B
        @g3 = output uint location(1) nointerpolation ; out.C
        @g4 = output bool location(2) nointerpolation ; out.E
        @g5 = output float location(3) noperspective sample ; out.F
        @g6 = output int location(4) noperspective ; out.K
        @g7 = output uint location(5) ; out.N
    "#]]
    .assert_eq(&stage_vars(
        r#"
struct VOut {
  float4 pos : SV_Position;
  centroid float2 b : B;
  uint c : C;
  bool e : E;
  noperspective sample float f : F;
};
VOut main(noperspective float4 p : POSITION, out noperspective int k : K, out uint n : N) {
  VOut o = (VOut)0;
  o.pos = p;
  k = 1;
  n = 2;
  return o;
}
"#,
        ShaderStage::Vertex,
    ));
}

#[test]
fn geometry_variables_carry_no_interpolation() {
    // DXC decorates only pixel inputs and vertex outputs.
    expect![[r#"
        @g0 = input array<float4, 3> builtin(Position) ; in.SV_Position
        @g1 = input array<uint, 3> location(0) ; in.ID
        @g2 = input array<float, 3> location(1) ; in.CC
        @g3 = output float4 builtin(Position) ; out.SV_Position
        @g4 = output uint location(0) ; out.ID
        @g5 = output float location(1) ; out.CC
    "#]]
    .assert_eq(&stage_vars(
        r#"
struct V { float4 pos : SV_Position; nointerpolation uint id : ID; centroid float c : CC; };
[maxvertexcount(3)]
void main(triangle V input[3], inout TriangleStream<V> s) {
  for (int i = 0; i < 3; ++i) s.Append(input[i]);
}
"#,
        ShaderStage::Geometry,
    ));
}

/// The functions of the verified dump other than the entry's wrapper and body.
fn helpers(text: &str) -> String {
    let dump = ir::print_module(&common::lower_stage(text, ShaderStage::Pixel));
    let mut out = String::new();
    for f in dump.split("\nfunc ").skip(1) {
        if f.starts_with("@main") {
            continue;
        }
        let end = f.find("\n}\n").map_or(f.len(), |e| e + 2);
        out.push_str("func ");
        out.push_str(&f[..end]);
        out.push('\n');
    }
    out
}

#[test]
fn a_helper_given_an_element_of_an_input_takes_its_index() {
    // `v[i].c` and `v[1].c` are elements of the variable holding every `c`: one copy of `ev`,
    // taking the element's index as a trailing `int` (the run-time `i`, the constant 1), which
    // indexes the `Input` variable before the evaluation, as DXC's inlined access chain does.
    expect![[r#"
        func @ev(%arg0: float4, %arg1: int) -> float4 {
        bb0: ; (entry)
          %0 = alloca : ptr<function, float4> ; x
          store %0, %arg0
          %1 = access_chain @g0, %arg1 : ptr<input, float4>
          %2 = load %1 : float4
          %3 = call_intrinsic EvaluateAttributeAtSample(%2, 0:int) : float4
          ret %3
        }
    "#]]
    .assert_eq(&helpers(
        r#"
struct V { float4 c : COLOR; };
float4 ev(float4 x) { return EvaluateAttributeAtSample(x, 0); }
float4 main(V v[2] : A, nointerpolation uint i : IDX) : SV_Target {
  return ev(v[i].c) + ev(v[1].c);
}
"#,
    ));
}

#[test]
fn a_helper_given_a_swizzle_of_an_input_swizzles_the_evaluation() {
    // `in.c.xy` and `in.c.zw`: a copy each, evaluating the whole `COLOR` and taking the
    // components; a swizzle of the parameter in the helper picks among those.
    expect![[r#"
        func @ev(%arg0: float2) -> float2 {
        bb0: ; (entry)
          %0 = alloca : ptr<function, float2> ; x
          store %0, %arg0
          %1 = load @g0 : float4
          %2 = call_intrinsic EvaluateAttributeAtCentroid(%1) : float4
          %3 = swizzle %2, xy : float2
          ret %3
        }
        func @ev.1(%arg0: float2) -> float2 {
        bb0: ; (entry)
          %0 = alloca : ptr<function, float2> ; x
          store %0, %arg0
          %1 = load @g0 : float4
          %2 = call_intrinsic EvaluateAttributeAtCentroid(%1) : float4
          %3 = swizzle %2, zw : float2
          ret %3
        }
        func @ev1(%arg0: float2) -> float {
        bb0: ; (entry)
          %0 = alloca : ptr<function, float2> ; x
          store %0, %arg0
          %1 = access_chain @g0, 2:uint : ptr<input, float>
          %2 = load %1 : float
          %3 = call_intrinsic EvaluateAttributeAtCentroid(%2) : float
          ret %3
        }
    "#]]
    .assert_eq(&helpers(
        r#"
struct In { float4 c : COLOR; };
float2 ev(float2 x) { return EvaluateAttributeCentroid(x); }
float ev1(float2 x) { return EvaluateAttributeCentroid(x.y); }
float4 main(In i) : SV_Target {
  return float4(ev(i.c.xy) + ev(i.c.zw), ev1(i.c.wz), 0);
}
"#,
    ));
}

#[test]
fn several_matrix_elements_are_evaluated_by_row_or_one_by_one() {
    // `_m00_m11` spans two rows: each element interpolated through its own access chain,
    // then put together; `_m11_m10` lies in row 1: the row, then its components.
    expect![[r#"
        func @main_body(%arg0: float2x2) -> float4 {
        bb0: ; (entry)
          %0 = alloca : ptr<function, float2x2> ; m
          store %0, %arg0
          %1 = access_chain @g0, 0:uint, 0:uint : ptr<input, float>
          %2 = load %1 : float
          %3 = call_intrinsic EvaluateAttributeAtCentroid(%2) : float
          %4 = access_chain @g0, 1:uint, 1:uint : ptr<input, float>
          %5 = load %4 : float
          %6 = call_intrinsic EvaluateAttributeAtCentroid(%5) : float
          %7 = composite_construct %3, %6 : float2
          %8 = access_chain @g0, 1:uint : ptr<input, float2>
          %9 = load %8 : float2
          %10 = call_intrinsic EvaluateAttributeAtCentroid(%9) : float2
          %11 = swizzle %10, yx : float2
          %12 = composite_construct %7, %11 : float4
          ret %12
        }
    "#]]
    .assert_eq(&body(
        r#"
float4 main(float2x2 m : M) : SV_Target {
  return float4(EvaluateAttributeCentroid(m._m00_m11), EvaluateAttributeCentroid(m._m11_m10));
}
"#,
    ));
}

/// The body function of the verified pixel-shader dump.
fn body(text: &str) -> String {
    let dump = ir::print_module(&common::lower_stage(text, ShaderStage::Pixel));
    let start = dump.find("func @main_body").expect("a body");
    let end = dump[start..]
        .find("\n}\n")
        .map_or(dump.len(), |e| start + e + 3);
    dump[start..end].to_owned()
}

#[test]
fn precise_follows_the_values_flowing_into_precise_places_and_results() {
    // DXC's rule, a walk back from the end: `t`'s first product flows into `p` (through the
    // load of `t` after it), its second one is stored after that load and flows only into `u`,
    // so it stays ordinary; `f` is declared `precise`, so what it returns is precise, while
    // `g`'s arithmetic is not.
    let dump = ir::print_module(&common::lower_stage(
        r#"
precise float f(float a, float b) { return a * b + a; }
float g(float a, float b) { return a * b + b; }
float4 main(float4 a : A, float4 b : B) : SV_Target {
  float t = a.x * b.x;
  precise float p = t + a.y;
  t = a.z * b.z + 1;
  float u = t * 3;
  return float4(p, u, f(a.w, b.w), g(a.w, b.w));
}
"#,
        ShaderStage::Pixel,
    ));
    let arithmetic: String = dump
        .lines()
        .filter(|l| l.starts_with("func ") || l.contains(" mul ") || l.contains(" add "))
        .map(|l| format!("{l}\n"))
        .collect();
    expect![[r#"
        func @main_body(%arg0: float4, %arg1: float4) -> float4 {
          %9 = precise mul %6, %8 : float
          %13 = precise add %10, %12 : float
          %18 = mul %15, %17 : float
          %19 = add %18, 1.0:float : float
          %21 = mul %20, 3.0:float : float
        func @main() -> void {
        func @f(%arg0: float, %arg1: float) -> float {
          %4 = precise mul %2, %3 : float
          %6 = precise add %4, %5 : float
        func @g(%arg0: float, %arg1: float) -> float {
          %4 = mul %2, %3 : float
          %6 = add %4, %5 : float
    "#]]
    .assert_eq(&arithmetic);
}

#[test]
fn a_mesh_output_parameter_given_a_local_array_is_an_ordinary_out_array() {
    // DXC passes any array to a helper's `out vertices` parameter; only the entry's own
    // output array is written in place. A local array is a pointer to a temporary the
    // caller copies back after the call.
    let dump = ir::print_module(&common::lower_stage(
        r#"
struct V { float4 pos : SV_Position; };
void fill(out vertices V v[3], uint i) { v[i].pos = float4(i, 0, 0, 1); }
[outputtopology("triangle")]
[numthreads(3, 1, 1)]
void main(uint i : SV_GroupIndex, out vertices V verts[3], out indices uint3 tris[1]) {
  SetMeshOutputCounts(3, 1);
  V local[3];
  fill(local, i);
  verts[i] = local[i];
  if (i == 0) tris[0] = uint3(0, 1, 2);
}
"#,
        ShaderStage::Mesh,
    ));
    let start = dump.find("func @fill").expect("the helper");
    let end = dump[start..]
        .find("\n}\n")
        .map_or(dump.len(), |e| start + e + 3);
    expect![[r#"
        func @fill(%arg0: ptr<function, array<V, 3>>, %arg1: uint) -> void {
        bb0: ; (entry)
          %0 = alloca : ptr<function, uint> ; i
          store %0, %arg1
          %1 = load %0 : uint
          %2 = access_chain %arg0, %1 : ptr<function, V>
          %3 = access_chain %2, 0:int : ptr<function, float4>
          %4 = load %0 : uint
          %5 = convert %4 : float
          %6 = composite_construct %5, 0.0:float, 0.0:float, 1.0:float : float4
          store %3, %6
          ret
        }
    "#]]
    .assert_eq(&dump[start..end]);
    assert!(dump.contains("call @fill(%0, %3)"), "{dump}");
}

#[test]
fn a_helper_given_both_the_entrys_output_and_a_local_array() {
    // The entry's array is no IR argument, a local one is: each call picks its own copy of
    // `fill`, the first writing the output variable, the second through its pointer.
    let m = common::lower_stage(
        r#"
struct V { float4 pos : SV_Position; };
void fill(out vertices V v[3], uint i) { v[i].pos = float4(i, 0, 0, 1); }
[outputtopology("triangle")]
[numthreads(3, 1, 1)]
void main(uint i : SV_GroupIndex, out vertices V verts[3], out indices uint3 tris[1]) {
  SetMeshOutputCounts(3, 1);
  V local[3];
  fill(verts, i);
  fill(local, i);
  if (i == 0) tris[0] = uint3(0, 1, 2);
}
"#,
        ShaderStage::Mesh,
    );
    let dump = ir::print_module(&m);
    assert!(dump.contains("func @fill(%arg0: uint) -> void"), "{dump}");
    assert!(
        dump.contains("func @fill.1(%arg0: ptr<function, array<V, 3>>, %arg1: uint) -> void"),
        "{dump}"
    );
}

#[test]
fn a_component_of_matrix_elements_passed_to_a_helper_is_one_element() {
    // `x.y` of `m._m00_m11` is `m._m11`: one access chain to row 1, column 1.
    expect![[r#"
        func @ev(%arg0: float2) -> float {
        bb0: ; (entry)
          %0 = alloca : ptr<function, float2> ; x
          store %0, %arg0
          %1 = access_chain @g0, 1:uint, 1:uint : ptr<input, float>
          %2 = load %1 : float
          %3 = call_intrinsic EvaluateAttributeAtCentroid(%2) : float
          ret %3
        }
    "#]]
    .assert_eq(&helpers(
        r#"
float ev(float2 x) { return EvaluateAttributeCentroid(x.y); }
float4 main(float2x2 m : M) : SV_Target { return ev(m._m00_m11); }
"#,
    ));
}
