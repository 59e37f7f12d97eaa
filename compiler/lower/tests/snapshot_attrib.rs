//! Snapshot tests of pixel attribute intrinsics and mesh outputs (issue #4 item 4):
//! `EvaluateAttribute*` traced through plain copies, members, elements and swizzles to the
//! stage input; DXC's refusals in its words (`E3060`, `E3061`, `E3062`, `E3004`); mesh output
//! elements read, compound-assigned, copied whole and passed as `out`/`inout` arguments, and
//! whole output arrays passed to helpers; HLSL 2021 functors called through a member
//! (`h.s(2)`); `vk::ext_type`s whose operands a call of their `[[vk::ext_type_def]]`
//! function gives.

mod common;

use expect_test::{expect, Expect};
use lower::ShaderStage;

/// The verified dump of `main` for `stage`, or the diagnostics.
fn check_stage(text: &str, stage: ShaderStage, expect: Expect) {
    let actual = match common::try_lower_stage(text, stage) {
        Ok(m) => {
            assert!(ir::verify(&m).is_empty(), "{}", ir::print_module(&m));
            ir::print_module(&m)
        }
        Err(e) => format!("{e}\n"),
    };
    expect.assert_eq(&actual);
}

/// The body function of the verified dump (`@main_body`), or the diagnostics.
fn check_body(text: &str, stage: ShaderStage, expect: Expect) {
    let actual = match common::try_lower_stage(text, stage) {
        Ok(m) => {
            assert!(ir::verify(&m).is_empty(), "{}", ir::print_module(&m));
            let dump = ir::print_module(&m);
            let start = dump.find("func @main_body").expect("a body");
            let end = dump[start..]
                .find("\n}\n")
                .map_or(dump.len(), |e| start + e + 3);
            dump[start..end].to_owned()
        }
        Err(e) => format!("{e}\n"),
    };
    expect.assert_eq(&actual);
}

#[test]
fn evaluating_a_plain_copy_interpolates_the_input_it_copies() {
    // `l` is `c` (never written): the centroid of input `c` itself, as DXC's legalization
    // traces the copy back to the stage variable.
    check_body(
        r#"
float4 main(float4 c : COLOR) : SV_Target {
    float4 l = c;
    float4 m = l;
    return EvaluateAttributeCentroid(m);
}
"#,
        ShaderStage::Pixel,
        expect![[r#"
            func @main_body(%arg0: float4) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float4> ; c
              %1 = alloca : ptr<function, float4> ; l
              %2 = alloca : ptr<function, float4> ; m
              store %0, %arg0
              %3 = load %0 : float4
              store %1, %3
              %4 = load %1 : float4
              store %2, %4
              %5 = load @g0 : float4
              %6 = call_intrinsic EvaluateAttributeAtCentroid(%5) : float4
              ret %6
            }
        "#]],
    );
}

#[test]
fn evaluating_members_elements_and_swizzles_reaches_into_the_input() {
    // `i.c` is the `COLOR` variable, `arr[k]` an access chain on the `ARR` array, `i.c.y`
    // one on its component; `.zx` of several components swizzles the interpolated vector.
    check_body(
        r#"
struct In { float4 c : COLOR; float2 u : TEXCOORD; };
float4 main(In i, float3 arr[2] : ARR, nointerpolation uint k : INDEX) : SV_Target {
    In copy = i;
    float4 a = EvaluateAttributeAtSample(copy.c, 1);
    float3 b = EvaluateAttributeAtSample(arr[k], 2);
    float y = EvaluateAttributeCentroid(i.c.y);
    float2 s = EvaluateAttributeSnapped(i.c.zx, int2(8, -8));
    return a + float4(b, y) + s.xyxy;
}
"#,
        ShaderStage::Pixel,
        expect![[r#"
            func @main_body(%arg0: In, %arg1: array<float3, 2>, %arg2: uint) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, In> ; i
              %1 = alloca : ptr<function, array<float3, 2>> ; arr
              %2 = alloca : ptr<function, uint> ; k
              %3 = alloca : ptr<function, In> ; copy
              %4 = alloca : ptr<function, float4> ; a
              %5 = alloca : ptr<function, float3> ; b
              %6 = alloca : ptr<function, float> ; y
              %7 = alloca : ptr<function, float2> ; s
              store %0, %arg0
              store %1, %arg1
              store %2, %arg2
              %8 = load %0 : In
              store %3, %8
              %9 = load @g0 : float4
              %10 = call_intrinsic EvaluateAttributeAtSample(%9, 1:int) : float4
              store %4, %10
              %11 = load %2 : uint
              %12 = access_chain @g2, %11 : ptr<input, float3>
              %13 = load %12 : float3
              %14 = call_intrinsic EvaluateAttributeAtSample(%13, 2:int) : float3
              store %5, %14
              %15 = access_chain @g0, 1:uint : ptr<input, float>
              %16 = load %15 : float
              %17 = call_intrinsic EvaluateAttributeAtCentroid(%16) : float
              store %6, %17
              %18 = composite_construct 8:int, -8:int : int2
              %19 = load @g0 : float4
              %20 = call_intrinsic EvaluateAttributeSnapped(%19, %18) : float4
              %21 = swizzle %20, zx : float2
              store %7, %21
              %22 = load %4 : float4
              %23 = load %5 : float3
              %24 = load %6 : float
              %25 = composite_construct %23, %24 : float4
              %26 = add %22, %25 : float4
              %27 = load %7 : float2
              %28 = swizzle %27, xyxy : float4
              %29 = add %26, %28 : float4
              ret %29
            }
        "#]],
    );
}

#[test]
fn evaluating_a_computed_value_is_refused_in_dxcs_words() {
    // A product, a written local and a global are no stage input.
    for body in [
        "return EvaluateAttributeAtSample(c * 2, 0);",
        "float4 l = c; l.x = 1; return EvaluateAttributeCentroid(l);",
        "return EvaluateAttributeCentroid(G);",
    ] {
        let text = format!(
            "static float4 G = 1;\nfloat4 main(float4 c : COLOR) : SV_Target {{ {body} }}\n"
        );
        let e = common::try_lower_stage(&text, ShaderStage::Pixel).expect_err(body);
        assert!(
            e.starts_with("E3060")
                && e.contains("can only be done on values taken directly from inputs"),
            "{body}: {e}"
        );
    }
}

#[test]
fn get_attribute_at_vertex_needs_nointerpolation_and_no_built_in() {
    check_stage(
        r#"
float4 main(float4 c : COLOR) : SV_Target { return GetAttributeAtVertex(c, 1); }
"#,
        ShaderStage::Pixel,
        expect![[r#"
            E3061 73..74: parameter 0 of GetAttributeAtVertex must have a 'nointerpolation' attribute
        "#]],
    );
    check_stage(
        r#"
float4 main(nointerpolation float4 p : SV_Position) : SV_Target { return GetAttributeAtVertex(p, 1); }
"#,
        ShaderStage::Pixel,
        expect![[r#"
            E3061 36..37: `GetAttributeAtVertex` of the system value `SV_Position`: Vulkan's built-in FragCoord has no per-vertex form (DXC's array of FragCoord fails validation)
        "#]],
    );
    check_stage(
        r#"
float f(float3 v) { return GetAttributeAtVertex(v, 0).x; }
float4 main(nointerpolation float3 c : COLOR) : SV_Target { return f(c); }
"#,
        ShaderStage::Pixel,
        expect![[r#"
            E3061 49..50: parameter 0 of GetAttributeAtVertex must have a 'nointerpolation' attribute
        "#]],
    );
    // The helper declares `nointerpolation`, the input it is passed does not: DXC's error
    // names the helper's parameter, at the argument.
    check_stage(
        r#"
float f(nointerpolation float3 v) { return GetAttributeAtVertex(v, 0).x; }
float4 main(float3 c : COLOR) : SV_Target { return f(c); }
"#,
        ShaderStage::Pixel,
        expect![[r#"
            E3061 129..130: parameter 0 of f must have a 'nointerpolation' attribute
        "#]],
    );
}

#[test]
fn intrinsics_dxc_refuses_for_vulkan_are_refused_at_the_call() {
    check_stage(
        r#"
float4 main() : SV_Target { return float4(GetRenderTargetSamplePosition(1), 0, GetRenderTargetSampleCount()); }
"#,
        ShaderStage::Pixel,
        expect![[r#"
            E3004 43..75: no equivalent for GetRenderTargetSamplePosition intrinsic function in Vulkan
        "#]],
    );
    check_stage(
        r#"
float4 main(float4 c : COLOR) : SV_Target { return noise(c.xy); }
"#,
        ShaderStage::Pixel,
        expect![[r#"
            E3062 52..63: use of undeclared identifier 'noise' (DXC has no `noise` for shader model 6: only the `tx_1_0` profile had it)
        "#]],
    );
}

#[test]
fn mesh_output_elements_are_read_updated_and_copied() {
    // Reads load the element of each variable; `+=` reads, adds and stores; `vs[2] = vs[1]`
    // builds the element from both variables and stores each part; the swizzle's components
    // are stored one by one.
    check_body(
        r#"
struct V { float4 p : SV_Position; float4 c : COLOR; };
[outputtopology("triangle")]
[numthreads(1, 1, 1)]
void main(out vertices V vs[3], out indices uint3 tris[1]) {
    SetMeshOutputCounts(3, 1);
    vs[0].p = float4(1, 2, 3, 4);
    vs[0].c = vs[0].p;
    vs[1].p += 2;
    vs[1].c.zw -= vs[0].p.xy;
    vs[2] = vs[1];
    tris[0] = uint3(0, 1, 2);
    tris[0].z += tris[0].x;
}
"#,
        ShaderStage::Mesh,
        expect![[r#"
            func @main_body() -> void {
            bb0: ; (entry)
              set_mesh_outputs 3:uint, 1:uint
              %0 = composite_construct 1.0:float, 2.0:float, 3.0:float, 4.0:float : float4
              %1 = access_chain @g0, 0:int : ptr<output, float4>
              store %1, %0
              %2 = access_chain @g0, 0:int : ptr<output, float4>
              %3 = load %2 : float4
              %4 = access_chain @g1, 0:int : ptr<output, float4>
              store %4, %3
              %5 = access_chain @g0, 1:int : ptr<output, float4>
              %6 = load %5 : float4
              %7 = add %6, {2.0, 2.0, 2.0, 2.0}:float4 : float4
              %8 = access_chain @g0, 1:int : ptr<output, float4>
              store %8, %7
              %9 = access_chain @g1, 1:int : ptr<output, float4>
              %10 = load %9 : float4
              %11 = swizzle %10, zw : float2
              %12 = access_chain @g0, 0:int : ptr<output, float4>
              %13 = load %12 : float4
              %14 = swizzle %13, xy : float2
              %15 = sub %11, %14 : float2
              %16 = composite_extract %15, [0] : float
              %17 = composite_extract %15, [1] : float
              %18 = access_chain @g1, 1:int, 2:uint : ptr<output, float>
              store %18, %16
              %19 = access_chain @g1, 1:int, 3:uint : ptr<output, float>
              store %19, %17
              %20 = access_chain @g0, 1:int : ptr<output, float4>
              %21 = load %20 : float4
              %22 = access_chain @g1, 1:int : ptr<output, float4>
              %23 = load %22 : float4
              %24 = composite_construct %21, %23 : V
              %25 = composite_extract %24, [0] : float4
              %26 = access_chain @g0, 2:int : ptr<output, float4>
              store %26, %25
              %27 = composite_extract %24, [1] : float4
              %28 = access_chain @g1, 2:int : ptr<output, float4>
              store %28, %27
              %29 = composite_construct 0:uint, 1:uint, 2:uint : uint3
              %30 = access_chain @g2, 0:int : ptr<output, uint3>
              store %30, %29
              %31 = access_chain @g2, 0:int, 2:uint : ptr<output, uint>
              %32 = load %31 : uint
              %33 = access_chain @g2, 0:int, 0:uint : ptr<output, uint>
              %34 = load %33 : uint
              %35 = add %32, %34 : uint
              %36 = access_chain @g2, 0:int, 2:uint : ptr<output, uint>
              store %36, %35
              ret
            }
        "#]],
    );
}

#[test]
fn mesh_output_parts_are_passed_as_out_and_inout_arguments() {
    // `out`: a temporary the callee fills, stored into the element afterwards; `inout`: the
    // temporary starts with the element's value. Primitive outputs and the clip distance
    // component behave alike.
    check_body(
        r#"
struct V { float4 p : SV_Position; float2 cd : SV_ClipDistance; };
struct P { uint id : SV_PrimitiveID; };
void fill(out V v, float x) { v.p = x; v.cd = float2(x, -x); }
void twice(inout float x) { x *= 2; }
[outputtopology("triangle")]
[numthreads(3, 1, 1)]
void main(uint t : SV_GroupThreadID, out vertices V vs[3], out indices uint3 tris[1],
          out primitives P prims[1]) {
    SetMeshOutputCounts(3, 1);
    fill(vs[t], t);
    twice(vs[t].cd.y);
    prims[0].id = 7;
    prims[0].id += t;
}
"#,
        ShaderStage::Mesh,
        expect![[r#"
            func @main_body(%arg0: uint) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float>
              %1 = alloca : ptr<function, V>
              %2 = alloca : ptr<function, uint> ; t
              store %2, %arg0
              set_mesh_outputs 3:uint, 1:uint
              %3 = load %2 : uint
              %4 = load %2 : uint
              %5 = convert %4 : float
              call @fill(%1, %5)
              %6 = load %1 : V
              %7 = composite_extract %6, [0] : float4
              %8 = access_chain @g2, %3 : ptr<output, float4>
              store %8, %7
              %9 = composite_extract %6, [1] : float2
              %10 = composite_extract %9, [0] : float
              %11 = access_chain @g1, %3, 0:uint : ptr<output, float>
              store %11, %10
              %12 = composite_extract %9, [1] : float
              %13 = access_chain @g1, %3, 1:uint : ptr<output, float>
              store %13, %12
              %14 = load %2 : uint
              %15 = add 1:uint, 0:uint : uint
              %16 = access_chain @g1, %14, %15 : ptr<output, float>
              %17 = load %16 : float
              store %0, %17
              call @twice(%0)
              %18 = load %0 : float
              %19 = add 1:uint, 0:uint : uint
              %20 = access_chain @g1, %14, %19 : ptr<output, float>
              store %20, %18
              %21 = access_chain @g3, 0:int : ptr<output, uint>
              store %21, 7:uint
              %22 = access_chain @g3, 0:int : ptr<output, uint>
              %23 = load %22 : uint
              %24 = load %2 : uint
              %25 = add %23, %24 : uint
              %26 = access_chain @g3, 0:int : ptr<output, uint>
              store %26, %25
              ret
            }
        "#]],
    );
}

#[test]
fn a_member_functor_call_passes_the_member_as_this() {
    // `h.s(2)` calls `F::operator()` on a temporary holding `h.s`, copied back afterwards
    // (the operator increments `k`).
    check_body(
        r#"
struct F { uint k; uint operator()(uint x) { k += 1; return x * k; } };
struct H { F s; };
RWStructuredBuffer<uint> Out;
[numthreads(1, 1, 1)]
void main() {
    H h;
    h.s.k = 3;
    Out[0] = h.s(2);
}
"#,
        ShaderStage::Compute,
        expect![[r#"
            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, F>
              %1 = alloca : ptr<function, H> ; h
              %2 = access_chain %1, 0:int : ptr<function, F>
              %3 = access_chain %2, 0:int : ptr<function, uint>
              store %3, 3:uint
              %4 = access_chain @g0, 0:int : ptr<storage_buffer, uint>
              %5 = access_chain %1, 0:int : ptr<function, F>
              %6 = load %5 : F
              store %0, %6
              %7 = call @F.operator()(%0, 2:uint) : uint
              %8 = load %0 : F
              store %5, %8
              store %4, %7
              ret
            }
        "#]],
    );
}

#[test]
fn member_and_element_functors_run_on_their_own_objects() {
    // By hand: `h.s.k` goes 3 -> 4 (returns 2 * 4 = 8) -> 5 (returns 2 * 5 = 10), and is 5
    // after: 8 + 10 + 5 = 23. `o.inner.s` starts at 1: 7 * 2 = 14, and `fs[i]` with `i = 1`
    // starts at 2: 3 * 3 = 9, leaving `fs[0]` at 1.
    let out = common::run_u32(
        r#"
struct F { uint k; uint operator()(uint x) { k += 1; return x * k; } };
struct H { F s; };
struct Outer { H inner; };
RWStructuredBuffer<uint> Out;
[numthreads(1, 1, 1)]
void main() {
    H h;
    h.s.k = 3;
    uint a = h.s(2);
    Out[0] = a + h.s(2) + h.s.k;
    Outer o;
    o.inner.s.k = 1;
    Out[1] = o.inner.s(7);
    F fs[2];
    fs[0].k = 1;
    fs[1].k = 2;
    uint i = 1;
    Out[2] = fs[i](3);
    Out[3] = fs[1].k * 10 + fs[0].k;
}
"#,
        vec![vec![0; 4]],
    );
    assert_eq!(out[0], vec![23, 14, 9, 31]);
}

#[test]
fn a_helper_evaluates_the_input_every_call_passes_it() {
    // `at` and `centroid` (through `at2`) read `i.c` and `uv` themselves, as DXC's inlining
    // makes them; `at`'s two calls pass the same input.
    check_stage(
        r#"
struct In { float4 c : COLOR; };
float4 at(float4 v, uint s) { return EvaluateAttributeAtSample(v, s); }
float2 centroid(float2 v) { return EvaluateAttributeCentroid(v.yx); }
float2 at2(float2 v) { return centroid(v); }
float4 main(In i, float2 uv : TEXCOORD) : SV_Target {
    return at(i.c, 0) + at(i.c, 1) + at2(uv).xyxy;
}
"#,
        ShaderStage::Pixel,
        expect![[r#"
            struct In { float4 c : COLOR; }

            @g0 = input float4 location(0) ; in.COLOR
            @g1 = input float2 location(1) ; in.TEXCOORD
            @g2 = output float4 location(0) ; out.SV_Target

            func @main_body(%arg0: In, %arg1: float2) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, In> ; i
              %1 = alloca : ptr<function, float2> ; uv
              store %0, %arg0
              store %1, %arg1
              %2 = access_chain %0, 0:int : ptr<function, float4>
              %3 = load %2 : float4
              %4 = call @at(%3, 0:uint) : float4
              %5 = access_chain %0, 0:int : ptr<function, float4>
              %6 = load %5 : float4
              %7 = call @at(%6, 1:uint) : float4
              %8 = add %4, %7 : float4
              %9 = load %1 : float2
              %10 = call @at2(%9) : float2
              %11 = swizzle %10, xyxy : float4
              %12 = add %8, %11 : float4
              ret %12
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : float4
              %1 = composite_construct %0 : In
              %2 = load @g1 : float2
              %3 = call @main_body(%1, %2) : float4
              store @g2, %3
              ret
            }

            func @at(%arg0: float4, %arg1: uint) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float4> ; v
              %1 = alloca : ptr<function, uint> ; s
              store %0, %arg0
              store %1, %arg1
              %2 = load %1 : uint
              %3 = load @g0 : float4
              %4 = call_intrinsic EvaluateAttributeAtSample(%3, %2) : float4
              ret %4
            }

            func @at2(%arg0: float2) -> float2 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float2> ; v
              store %0, %arg0
              %1 = load %0 : float2
              %2 = call @centroid(%1) : float2
              ret %2
            }

            func @centroid(%arg0: float2) -> float2 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float2> ; v
              store %0, %arg0
              %1 = load @g1 : float2
              %2 = call_intrinsic EvaluateAttributeAtCentroid(%1) : float2
              %3 = swizzle %2, yx : float2
              ret %3
            }

            entry pixel "main" @main inputs(@g0, @g1) outputs(@g2)
        "#]],
    );
}

#[test]
fn a_helper_given_different_inputs_has_a_copy_per_input() {
    // DXC inlines each call: `at(a)` interpolates `A` and `at(b)` interpolates `B`, so each
    // gets its own copy of `at` reading its input variable.
    check_stage(
        r#"
float4 at(float4 v) { return EvaluateAttributeCentroid(v); }
float4 main(float4 a : A, float4 b : B) : SV_Target { return at(a) + at(b); }
"#,
        ShaderStage::Pixel,
        expect![[r#"
            @g0 = input float4 location(0) ; in.A
            @g1 = input float4 location(1) ; in.B
            @g2 = output float4 location(0) ; out.SV_Target

            func @main_body(%arg0: float4, %arg1: float4) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float4> ; a
              %1 = alloca : ptr<function, float4> ; b
              store %0, %arg0
              store %1, %arg1
              %2 = load %0 : float4
              %3 = call @at(%2) : float4
              %4 = load %1 : float4
              %5 = call @at.1(%4) : float4
              %6 = add %3, %5 : float4
              ret %6
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : float4
              %1 = load @g1 : float4
              %2 = call @main_body(%0, %1) : float4
              store @g2, %2
              ret
            }

            func @at(%arg0: float4) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float4> ; v
              store %0, %arg0
              %1 = load @g0 : float4
              %2 = call_intrinsic EvaluateAttributeAtCentroid(%1) : float4
              ret %2
            }

            func @at.1(%arg0: float4) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float4> ; v
              store %0, %arg0
              %1 = load @g1 : float4
              %2 = call_intrinsic EvaluateAttributeAtCentroid(%1) : float4
              ret %2
            }

            entry pixel "main" @main inputs(@g0, @g1) outputs(@g2)
        "#]],
    );
}

#[test]
fn a_helper_given_a_computed_value_is_refused_at_the_argument() {
    // (A part of an input chosen by an index or a swizzle is followed: `attr2.rs`.)
    // A computed value is no input: DXC's error.
    check_stage(
        r#"
float4 at(float4 v) { return EvaluateAttributeCentroid(v); }
float4 main(float4 a : A) : SV_Target { return at(a * 2); }
"#,
        ShaderStage::Pixel,
        expect![[r#"
            E3060 112..117: attribute evaluation can only be done on values taken directly from inputs.
        "#]],
    );
}

#[test]
fn evaluating_a_member_of_an_element_of_an_array_of_structs_indexes_the_fields_variable() {
    // `V v[2]` is one variable per field holding that field of both elements (`float4[2]`
    // for `c`): `v[1].c` is element 1 of it, `v[i].n.t` element `i` of the nested field's.
    check_body(
        r#"
struct N { float2 t : TEX; };
struct V { float4 c : COLOR; N n; };
float4 main(V v[2] : VV, nointerpolation uint i : I) : SV_Target {
    float4 a = EvaluateAttributeAtSample(v[1].c, 0);
    float2 b = EvaluateAttributeCentroid(v[i].n.t);
    float c = EvaluateAttributeSnapped(v[0].c.y, int2(1, 1));
    return a + b.xyxy + c;
}
"#,
        ShaderStage::Pixel,
        expect![[r#"
            func @main_body(%arg0: array<V, 2>, %arg1: uint) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, array<V, 2>> ; v
              %1 = alloca : ptr<function, uint> ; i
              %2 = alloca : ptr<function, float4> ; a
              %3 = alloca : ptr<function, float2> ; b
              %4 = alloca : ptr<function, float> ; c
              store %0, %arg0
              store %1, %arg1
              %5 = access_chain @g0, 1:int : ptr<input, float4>
              %6 = load %5 : float4
              %7 = call_intrinsic EvaluateAttributeAtSample(%6, 0:int) : float4
              store %2, %7
              %8 = load %1 : uint
              %9 = access_chain @g1, %8 : ptr<input, float2>
              %10 = load %9 : float2
              %11 = call_intrinsic EvaluateAttributeAtCentroid(%10) : float2
              store %3, %11
              %12 = composite_construct 1:int, 1:int : int2
              %13 = access_chain @g0, 0:int, 1:uint : ptr<input, float>
              %14 = load %13 : float
              %15 = call_intrinsic EvaluateAttributeSnapped(%14, %12) : float
              store %4, %15
              %16 = load %2 : float4
              %17 = load %3 : float2
              %18 = swizzle %17, xyxy : float4
              %19 = add %16, %18 : float4
              %20 = load %4 : float
              %21 = composite_construct %20, %20, %20, %20 : float4
              %22 = add %19, %21 : float4
              ret %22
            }
        "#]],
    );
}

#[test]
fn a_helper_given_a_whole_mesh_output_array_writes_the_entrys_output_variables() {
    // `fill` has no parameter for `v`: its copy for `verts` writes (and `shade`, given it
    // `inout`, reads and writes) the entry's `Output` arrays, one per field, as DXC's
    // inlining does; the indices and primitives go the same way.
    check_stage(
        r#"
struct VO { float4 p : SV_Position; float4 c : COLOR; };
struct PO { uint id : SV_PrimitiveID; };
void shade(inout vertices VO v[3], uint i) { v[i].c = v[i].p * 0.5; }
void fill(out vertices VO v[3], uint i) { v[i].p = float4(i, 0, 0, 1); shade(v, i); }
void tri(out indices uint3 t[1], out primitives PO p[1]) { t[0] = uint3(0, 1, 2); p[0].id = 9; }
[outputtopology("triangle")] [numthreads(3, 1, 1)]
void main(uint i : SV_GroupThreadID, out vertices VO verts[3], out indices uint3 tris[1],
          out primitives PO prims[1]) {
    SetMeshOutputCounts(3, 1);
    fill(verts, i);
    if (i == 0) tri(tris, prims);
}
"#,
        ShaderStage::Mesh,
        expect![[r#"
            @g0 = input uint3 builtin(LocalInvocationId) ; in.SV_GroupThreadID
            @g1 = output array<float4, 3> builtin(Position) ; out.SV_Position
            @g2 = output array<float4, 3> location(0) ; out.COLOR
            @g3 = output array<uint, 1> builtin(PrimitiveId) per_primitive ; out.SV_PrimitiveID
            @g4 = output array<uint3, 1> builtin(PrimitiveTriangleIndicesEXT) ; out.indices

            func @main_body(%arg0: uint) -> void {
            bb0: ; selection merge=bb2 (entry)
              %0 = alloca : ptr<function, uint> ; i
              store %0, %arg0
              set_mesh_outputs 3:uint, 1:uint
              %1 = load %0 : uint
              call @fill(%1)
              %2 = load %0 : uint
              %3 = eq %2, 0:uint : bool
              cond_br %3, bb1, bb2
            bb1: ; (if.then)
              call @tri()
              br bb2
            bb2: ; (if.merge)
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3
              %1 = composite_extract %0, [0] : uint
              call @main_body(%1)
              ret
            }

            func @fill(%arg0: uint) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; i
              store %0, %arg0
              %1 = load %0 : uint
              %2 = load %0 : uint
              %3 = convert %2 : float
              %4 = composite_construct %3, 0.0:float, 0.0:float, 1.0:float : float4
              %5 = access_chain @g1, %1 : ptr<output, float4>
              store %5, %4
              %6 = load %0 : uint
              call @shade(%6)
              ret
            }

            func @tri() -> void {
            bb0: ; (entry)
              %0 = composite_construct 0:uint, 1:uint, 2:uint : uint3
              %1 = access_chain @g4, 0:int : ptr<output, uint3>
              store %1, %0
              %2 = access_chain @g3, 0:int : ptr<output, uint>
              store %2, 9:uint
              ret
            }

            func @shade(%arg0: uint) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; i
              store %0, %arg0
              %1 = load %0 : uint
              %2 = load %0 : uint
              %3 = access_chain @g1, %2 : ptr<output, float4>
              %4 = load %3 : float4
              %5 = mul %4, {0.5, 0.5, 0.5, 0.5}:float4 : float4
              %6 = access_chain @g2, %1 : ptr<output, float4>
              store %6, %5
              ret
            }

            entry mesh "main" @main numthreads(3, 1, 1) output_topology(triangles) output_vertices(3) output_primitives(1) inputs(@g0) outputs(@g1, @g2, @g3, @g4)
        "#]],
    );
}

#[test]
fn a_mesh_output_parameter_given_another_array_then_the_entrys() {
    // A local array is an ordinary `out` array argument (`attr2.rs`); the entry's own is no
    // IR argument: each call picks its copy of `fill`, `@fill.1` writing the output.
    check_stage(
        r#"
struct VO { float4 p : SV_Position; };
void fill(out vertices VO v[3]) { v[0].p = 1; }
[outputtopology("triangle")] [numthreads(3, 1, 1)]
void main(out vertices VO verts[3], out indices uint3 tris[1]) {
    SetMeshOutputCounts(3, 1);
    VO local[3];
    fill(local);
    fill(verts);
}
"#,
        ShaderStage::Mesh,
        expect![[r#"
            struct VO { float4 p : SV_Position; }

            @g0 = output array<float4, 3> builtin(Position) ; out.SV_Position
            @g1 = output array<uint3, 1> builtin(PrimitiveTriangleIndicesEXT) ; out.indices

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, array<VO, 3>>
              %1 = alloca : ptr<function, array<VO, 3>> ; local
              set_mesh_outputs 3:uint, 1:uint
              call @fill(%0)
              %2 = load %0 : array<VO, 3>
              store %1, %2
              call @fill.1()
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            func @fill(%arg0: ptr<function, array<VO, 3>>) -> void {
            bb0: ; (entry)
              %0 = access_chain %arg0, 0:int : ptr<function, VO>
              %1 = access_chain %0, 0:int : ptr<function, float4>
              store %1, {1.0, 1.0, 1.0, 1.0}:float4
              ret
            }

            func @fill.1() -> void {
            bb0: ; (entry)
              %0 = access_chain @g0, 0:int : ptr<output, float4>
              store %0, {1.0, 1.0, 1.0, 1.0}:float4
              ret
            }

            entry mesh "main" @main numthreads(3, 1, 1) output_topology(triangles) output_vertices(3) output_primitives(1) inputs() outputs(@g0, @g1)
        "#]],
    );
}

#[test]
fn a_call_of_a_type_def_function_records_the_operands_of_its_type() {
    // `[[vk::ext_literal]]` arguments are literals, the `vk::ext_type<0>` parameter the type
    // itself, a plain `uint` parameter a constant; the second call of `makeInt` changes
    // nothing (the first definition stands, as in DXC).
    check_stage(
        r#"
[[vk::ext_type_def(0, 21)]]
void makeInt([[vk::ext_literal]] uint width, [[vk::ext_literal]] uint signedness);
[[vk::ext_type_def(1, 23)]]
void makeVec([[vk::ext_reference]] vk::ext_type<0> component, [[vk::ext_literal]] uint count);
[[vk::ext_type_def(2, 28)]]
void makeArray([[vk::ext_reference]] vk::ext_type<1> element, uint length);
vk::ext_type<0> proto;
vk::ext_type<1> protoVec;
[numthreads(1, 1, 1)]
void main() {
    makeInt(32, 0);
    makeInt(16, 1);
    makeVec(proto, 4);
    makeArray(protoVec, 3);
    vk::ext_type<2> local;
}
"#,
        ShaderStage::Compute,
        expect![[r#"
            spirv_type_def 0: literal uint 32, literal uint 0
            spirv_type_def 1: spirv_opaque_type<21, ext_type_def 0>, literal uint 4
            spirv_type_def 2: spirv_opaque_type<23, ext_type_def 1>, const uint 3

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, spirv_opaque_type<28, ext_type_def 2>> ; local
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

#[test]
fn type_def_calls_dxc_cannot_compile_are_refused() {
    // A run-time argument, and a type defined in terms of itself.
    check_stage(
        r#"
[[vk::ext_type_def(0, 21)]]
void makeInt([[vk::ext_literal]] uint width, [[vk::ext_literal]] uint signedness);
RWStructuredBuffer<uint> b;
[numthreads(1, 1, 1)]
void main() { makeInt(b[0], 0); }
"#,
        ShaderStage::Compute,
        expect![[r#"
            E3012 184..188: the arguments of a [[vk::ext_type_def]] function must be integer constants, or variables of the types they name
        "#]],
    );
    check_stage(
        r#"
[[vk::ext_type_def(0, 23)]]
void makeVec([[vk::ext_reference]] vk::ext_type<0> component, [[vk::ext_literal]] uint count);
vk::ext_type<0> self;
[numthreads(1, 1, 1)]
void main() { makeVec(self, 4); }
"#,
        ShaderStage::Compute,
        expect![[r#"
            E3012 182..198: vk::ext_type<0> is defined in terms of itself
        "#]],
    );
}

#[test]
fn helpers_reading_different_per_vertex_inputs_or_struct_inputs_have_a_copy_per_input() {
    // `at(a)` and `at(b)` read vertex 1 of `A` and of `B`: one copy each, as DXC's inlining
    // gives each call its own.
    check_body_of(
        r#"
float4 at(nointerpolation float4 v) { return GetAttributeAtVertex(v, 1); }
float4 main(nointerpolation float4 a : A, nointerpolation float4 b : B) : SV_Target {
    return at(a) + at(b);
}
"#,
        &["at", "at.1"],
        expect![[r#"
            func @at(%arg0: float4) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float4> ; v
              store %0, %arg0
              %1 = access_chain @g0, 1:uint : ptr<input, float4>
              %2 = load %1 : float4
              ret %2
            }
            func @at.1(%arg0: float4) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float4> ; v
              store %0, %arg0
              %1 = access_chain @g1, 1:uint : ptr<input, float4>
              %2 = load %1 : float4
              ret %2
            }
        "#]],
    );
    // A struct input passed whole is one variable per field: `pick(a)` interpolates
    // `A`/`A1`, `pick(b)` `B`/`B1`.
    check_body_of(
        r#"
struct V { float4 c : COLOR; float4 d : DATA; };
float4 pick(V v) { return EvaluateAttributeAtSample(v.c, 1) + EvaluateAttributeCentroid(v.d); }
float4 main(V a : A, V b : B) : SV_Target { return pick(a) + pick(b); }
"#,
        &["pick", "pick.1"],
        expect![[r#"
            func @pick(%arg0: V) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, V> ; v
              store %0, %arg0
              %1 = load @g0 : float4
              %2 = call_intrinsic EvaluateAttributeAtSample(%1, 1:int) : float4
              %3 = load @g1 : float4
              %4 = call_intrinsic EvaluateAttributeAtCentroid(%3) : float4
              %5 = add %2, %4 : float4
              ret %5
            }
            func @pick.1(%arg0: V) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, V> ; v
              store %0, %arg0
              %1 = load @g2 : float4
              %2 = call_intrinsic EvaluateAttributeAtSample(%1, 1:int) : float4
              %3 = load @g3 : float4
              %4 = call_intrinsic EvaluateAttributeAtCentroid(%3) : float4
              %5 = add %2, %4 : float4
              ret %5
            }
        "#]],
    );
}

/// The verified dump's functions named `names`, one after another.
fn check_body_of(text: &str, names: &[&str], expect: Expect) {
    let m = common::try_lower_stage(text, ShaderStage::Pixel).unwrap_or_else(|e| panic!("{e}"));
    assert!(ir::verify(&m).is_empty(), "{}", ir::print_module(&m));
    let dump = ir::print_module(&m);
    let mut out = String::new();
    for name in names {
        let head = format!("func @{name}(");
        let start = dump.find(&head).expect("the function");
        let end = dump[start..]
            .find("\n}\n")
            .map_or(dump.len(), |e| start + e + 3);
        out.push_str(&dump[start..end]);
    }
    expect.assert_eq(&out);
}

#[test]
fn get_attribute_at_vertex_of_an_element_chains_the_vertex_then_the_element() {
    // `id` is a per-vertex `uint[2][3]`: vertex 0, then element 1.
    check_body(
        r#"
struct V { nointerpolation uint id[2] : ID; };
float4 main(V v) : SV_Target { return GetAttributeAtVertex(v.id[1], 0); }
"#,
        ShaderStage::Pixel,
        expect![[r#"
            func @main_body(%arg0: V) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, V> ; v
              store %0, %arg0
              %1 = access_chain @g0, 0:uint, 1:int : ptr<input, uint>
              %2 = load %1 : uint
              %3 = convert %2 : float
              %4 = composite_construct %3, %3, %3, %3 : float4
              ret %4
            }
        "#]],
    );
}

#[test]
fn evaluating_a_row_or_an_element_of_a_matrix_input_chains_into_it() {
    // A matrix is a composite of rows: `m[2]` is index 2, `m._m01` indices 0 then 1.
    check_body(
        r#"
float4 main(float4x4 m : MAT, uint s : SV_SampleIndex) : SV_Target {
    return EvaluateAttributeAtSample(m[2], s) + EvaluateAttributeCentroid(m._m01);
}
"#,
        ShaderStage::Pixel,
        expect![[r#"
            func @main_body(%arg0: float4x4, %arg1: uint) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float4x4> ; m
              %1 = alloca : ptr<function, uint> ; s
              store %0, %arg0
              store %1, %arg1
              %2 = load %1 : uint
              %3 = access_chain @g0, 2:int : ptr<input, float4>
              %4 = load %3 : float4
              %5 = call_intrinsic EvaluateAttributeAtSample(%4, %2) : float4
              %6 = access_chain @g0, 0:uint, 1:uint : ptr<input, float>
              %7 = load %6 : float
              %8 = call_intrinsic EvaluateAttributeAtCentroid(%7) : float
              %9 = composite_construct %8, %8, %8, %8 : float4
              %10 = add %5, %9 : float4
              ret %10
            }
        "#]],
    );
}

#[test]
fn a_struct_input_passed_whole_is_read_per_vertex_in_the_helper() {
    // `at` reads fields `c` and `id` of its parameter per vertex: those fields of `A` (and
    // of `B`, in `at`'s other copy) are per-vertex arrays; `smooth` stays interpolated.
    check_body_of(
        r#"
struct V { nointerpolation float4 c : COLOR; nointerpolation uint id : ID; float4 smooth : SMOOTH; };
float4 at(V v, uint k) { return GetAttributeAtVertex(v.c, k) + GetAttributeAtVertex(v.id, 2); }
float4 main(V a : A, V b : B) : SV_Target { return at(a, 0) + at(b, 1) + a.smooth; }
"#,
        &["at", "at.1"],
        expect![[r#"
            func @at(%arg0: V, %arg1: uint) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, V> ; v
              %1 = alloca : ptr<function, uint> ; k
              store %0, %arg0
              store %1, %arg1
              %2 = load %1 : uint
              %3 = access_chain @g0, %2 : ptr<input, float4>
              %4 = load %3 : float4
              %5 = access_chain @g1, 2:uint : ptr<input, uint>
              %6 = load %5 : uint
              %7 = convert %6 : float
              %8 = composite_construct %7, %7, %7, %7 : float4
              %9 = add %4, %8 : float4
              ret %9
            }
            func @at.1(%arg0: V, %arg1: uint) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, V> ; v
              %1 = alloca : ptr<function, uint> ; k
              store %0, %arg0
              store %1, %arg1
              %2 = load %1 : uint
              %3 = access_chain @g3, %2 : ptr<input, float4>
              %4 = load %3 : float4
              %5 = access_chain @g4, 2:uint : ptr<input, uint>
              %6 = load %5 : uint
              %7 = convert %6 : float
              %8 = composite_construct %7, %7, %7, %7 : float4
              %9 = add %4, %8 : float4
              ret %9
            }
        "#]],
    );
    // A field declared without `nointerpolation`: DXC's error, at the use.
    check_stage(
        r#"
struct V { float4 c : COLOR; };
float4 at(V v) { return GetAttributeAtVertex(v.c, 0); }
float4 main(V a : A) : SV_Target { return at(a); }
"#,
        ShaderStage::Pixel,
        expect![[r#"
            E3061 78..81: parameter 0 of GetAttributeAtVertex must have a 'nointerpolation' attribute
        "#]],
    );
}
