//! Snapshot tests of entry-point values made of arrays (issue #4 item 4): arrays of matrices
//! with a semantic, arrays of structs (one stage variable per field, an array holding that
//! field of every element, as DXC splits the per-vertex arrays of geometry and tessellation
//! shaders), structs holding them, in every graphics stage, and `InputPatch` as a geometry
//! shader's input. Locations follow DXC's rule (`docs/SPIR-V.rst`, Vulkan's "Location
//! Assignment"): declaration order, an array of `n` taking `n` times its element's
//! locations, a matrix one location per row (two for a row of three or four 64-bit
//! components).

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

/// The globals and entry lines of the verified dump for `stage`, or the diagnostics.
fn check_interface(text: &str, stage: ShaderStage, expect: Expect) {
    let actual = match common::try_lower_stage(text, stage) {
        Ok(m) => {
            assert!(ir::verify(&m).is_empty(), "{}", ir::print_module(&m));
            ir::print_module(&m)
                .lines()
                .filter(|l| l.starts_with('@') || l.starts_with("entry"))
                .map(|l| format!("{l}\n"))
                .collect()
        }
        Err(e) => format!("{e}\n"),
    };
    expect.assert_eq(&actual);
}

#[test]
fn an_array_of_matrices_with_a_semantic_is_one_variable() {
    // `float4x2 tp[2]`: 2 matrices of 4 rows, 8 locations; `COLOR` comes after them.
    check_interface(
        r#"
struct In { float4x2 tp[2] : TEXCOORD0; float4 c : COLOR; };
float4 main(In i) : SV_Target { return float4(i.tp[0][0], i.tp[1][3]) + i.c; }
"#,
        ShaderStage::Pixel,
        expect![[r#"
            @g0 = input array<float4x2, 2> location(0) ; in.TEXCOORD0
            @g1 = input float4 location(8) ; in.COLOR
            @g2 = output float4 location(0) ; out.SV_Target
            entry pixel "main" @main inputs(@g0, @g1) outputs(@g2)
        "#]],
    );
}

#[test]
fn rows_of_64_bit_matrices_take_two_locations_when_longer_than_two() {
    // A `double4x3` row is a `double3`: two locations each, eight in all; a `double2x2` row
    // one, two in all.
    check_interface(
        r#"
float4 main(double4x3 a : A, double2x2 b : B, float4 c : C) : SV_Position {
    return float4(a[3].z + b[1].y, 0, 0, 0) + c;
}
"#,
        ShaderStage::Vertex,
        expect![[r#"
            @g0 = input double4x3 location(0) ; in.A
            @g1 = input double2x2 location(8) ; in.B
            @g2 = input float4 location(10) ; in.C
            @g3 = output float4 builtin(Position) ; out.SV_Position
            entry vertex "main" @main inputs(@g0, @g1, @g2) outputs(@g3)
        "#]],
    );
}

#[test]
fn an_out_array_of_structs_writes_one_array_per_field() {
    // `out S s[2]`: `tex` of both elements in one `float2[2]` at locations 0 and 1, gathered
    // from the wrapper's local after the body ran.
    check_stage(
        r#"
struct S { float2 tex : TEXCOORD0; };
void main(float4 pos : POSITION, out S s[2], out float4 o : SV_Position) {
    s[0].tex = float2(1, 2);
    s[1].tex = float2(3, 4);
    o = pos;
}
"#,
        ShaderStage::Vertex,
        expect![[r#"
            struct S { float2 tex : TEXCOORD0; }

            @g0 = input float4 location(0) ; in.POSITION
            @g1 = output array<float2, 2> location(0) ; out.TEXCOORD0
            @g2 = output float4 builtin(Position) ; out.SV_Position

            func @main_body(%arg0: float4, %arg1: ptr<function, array<S, 2>>, %arg2: ptr<function, float4>) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float4> ; pos
              store %0, %arg0
              %1 = access_chain %arg1, 0:int : ptr<function, S>
              %2 = access_chain %1, 0:int : ptr<function, float2>
              %3 = composite_construct 1.0:float, 2.0:float : float2
              store %2, %3
              %4 = access_chain %arg1, 1:int : ptr<function, S>
              %5 = access_chain %4, 0:int : ptr<function, float2>
              %6 = composite_construct 3.0:float, 4.0:float : float2
              store %5, %6
              %7 = load %0 : float4
              store %arg2, %7
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : float4
              %1 = alloca : ptr<function, array<S, 2>> ; s
              %2 = alloca : ptr<function, float4> ; o
              call @main_body(%0, %1, %2)
              %3 = load %1 : array<S, 2>
              %4 = composite_extract %3, [0] : S
              %5 = composite_extract %4, [0] : float2
              %6 = composite_extract %3, [1] : S
              %7 = composite_extract %6, [0] : float2
              %8 = composite_construct %5, %7 : array<float2, 2>
              store @g1, %8
              %9 = load %2 : float4
              store @g2, %9
              ret
            }

            entry vertex "main" @main inputs(@g0) outputs(@g1, @g2)
        "#]],
    );
}

#[test]
fn an_input_array_of_structs_is_rebuilt_element_by_element() {
    // `Other o[2][2]`: `w` of the four elements in one `float[2][2]` variable (4 locations);
    // the parameter is rebuilt from element [i][j] of it.
    check_stage(
        r#"
struct Other { float w : W; };
float4 main(Other o[2][2]) : SV_Target { return o[1][0].w; }
"#,
        ShaderStage::Pixel,
        expect![[r#"
            struct Other { float w : W; }

            @g0 = input array<array<float, 2>, 2> location(0) ; in.W
            @g1 = output float4 location(0) ; out.SV_Target

            func @main_body(%arg0: array<array<Other, 2>, 2>) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, array<array<Other, 2>, 2>> ; o
              store %0, %arg0
              %1 = access_chain %0, 1:int : ptr<function, array<Other, 2>>
              %2 = access_chain %1, 0:int : ptr<function, Other>
              %3 = access_chain %2, 0:int : ptr<function, float>
              %4 = load %3 : float
              %5 = composite_construct %4, %4, %4, %4 : float4
              ret %5
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : array<array<float, 2>, 2>
              %1 = composite_extract %0, [0] : array<float, 2>
              %2 = composite_extract %1, [0] : float
              %3 = composite_construct %2 : Other
              %4 = composite_extract %1, [1] : float
              %5 = composite_construct %4 : Other
              %6 = composite_construct %3, %5 : array<Other, 2>
              %7 = composite_extract %0, [1] : array<float, 2>
              %8 = composite_extract %7, [0] : float
              %9 = composite_construct %8 : Other
              %10 = composite_extract %7, [1] : float
              %11 = composite_construct %10 : Other
              %12 = composite_construct %9, %11 : array<Other, 2>
              %13 = composite_construct %6, %12 : array<array<Other, 2>, 2>
              %14 = call @main_body(%13) : float4
              store @g1, %14
              ret
            }

            entry pixel "main" @main inputs(@g0) outputs(@g1)
        "#]],
    );
}

#[test]
fn structs_holding_arrays_of_structs_and_matrices_take_locations_in_order() {
    // COLOR 0; `parts[3]` gives UV at 1..3 and ID at 4..6 (flat, as its field says); the
    // `float3x2[2]` MAT takes 3 rows twice, 7..12; the vertex's extra `W[2]` 13..14.
    check_interface(
        r#"
struct Inner { float2 uv : UV; nointerpolation uint id : ID; };
struct Outer { float4 c : COLOR; Inner parts[3]; float3x2 m[2] : MAT; };
struct Other { float w : W; };
float4 main(Outer o, Other extra[2], float4 pos : SV_Position) : SV_Target {
    return o.c + float4(o.parts[2].uv, o.parts[1].id, extra[1].w) + o.m[1][2].xyxy + pos;
}
"#,
        ShaderStage::Pixel,
        expect![[r#"
            @g0 = input float4 location(0) ; in.COLOR
            @g1 = input array<float2, 3> location(1) ; in.UV
            @g2 = input array<uint, 3> location(4) nointerpolation ; in.ID
            @g3 = input array<float3x2, 2> location(7) ; in.MAT
            @g4 = input array<float, 2> location(13) ; in.W
            @g5 = input float4 builtin(FragCoord) ; in.SV_Position
            @g6 = output float4 location(0) ; out.SV_Target
            entry pixel "main" @main inputs(@g0, @g1, @g2, @g3, @g4, @g5) outputs(@g6)
        "#]],
    );
}

#[test]
fn a_semantic_on_an_array_of_structs_names_its_fields() {
    // The array's semantic shadows the fields' and counts up from its index, one per
    // variable, as for a struct.
    check_interface(
        r#"
struct S { float2 a : IGNORED; float3 b : IGNORED2; };
float4 main(S s[2] : TEXCOORD3) : SV_Target { return float4(s[1].a, s[0].b.xy); }
"#,
        ShaderStage::Pixel,
        expect![[r#"
            @g0 = input array<float2, 2> location(0) ; in.TEXCOORD3
            @g1 = input array<float3, 2> location(2) ; in.TEXCOORD4
            @g2 = output float4 location(0) ; out.SV_Target
            entry pixel "main" @main inputs(@g0, @g1) outputs(@g2)
        "#]],
    );
}

#[test]
fn a_geometry_input_patch_is_the_primitive_of_as_many_vertices() {
    // `InputPatch<V, 3>` reads like `triangle V input[3]`.
    check_interface(
        r#"
struct V { float3 p : POSITION; };
[maxvertexcount(3)]
void main(InputPatch<V, 3> input, inout TriangleStream<V> s) {
    for (uint i = 0; i < 3; i++) s.Append(input[i]);
}
"#,
        ShaderStage::Geometry,
        expect![[r#"
            @g0 = input array<float3, 3> location(0) ; in.POSITION
            @g1 = output float3 location(0) ; out.POSITION
            entry geometry "main" @main invocations(1) input_primitive(triangle) output_topology(triangle_strip) output_vertices(3) inputs(@g0) outputs(@g1)
        "#]],
    );
    check_interface(
        r#"
struct V { float3 p : POSITION; };
[maxvertexcount(1)]
void main(InputPatch<V, 4> input, inout PointStream<V> s) { s.Append(input[3]); }
"#,
        ShaderStage::Geometry,
        expect![[r#"
            @g0 = input array<float3, 4> location(0) ; in.POSITION
            @g1 = output float3 location(0) ; out.POSITION
            entry geometry "main" @main invocations(1) input_primitive(lineadj) output_topology(points) output_vertices(1) inputs(@g0) outputs(@g1)
        "#]],
    );
    // No Vulkan geometry input has 5 vertices.
    check_interface(
        r#"
struct V { float3 p : POSITION; };
[maxvertexcount(1)]
void main(InputPatch<V, 5> input, inout PointStream<V> s) { s.Append(input[4]); }
"#,
        ShaderStage::Geometry,
        expect![[r#"
            E3001 83..88: not supported yet: an `InputPatch` of 5 vertices as a geometry-shader input (a Vulkan geometry shader takes primitives of 1, 2, 3, 4 or 6 vertices)
        "#]],
    );
}

#[test]
fn geometry_vertices_and_stream_elements_holding_arrays_of_structs() {
    // Per vertex, `ws[2]` is a `float[2]`: the input an array of three of them.
    check_interface(
        r#"
struct W { float w : WEIGHT; };
struct V { float4 pos : SV_Position; W ws[2]; float2x2 m[2] : MAT; };
[maxvertexcount(3)]
void main(triangle V input[3], inout TriangleStream<V> s) {
    for (int i = 0; i < 3; i++) s.Append(input[i]);
}
"#,
        ShaderStage::Geometry,
        expect![[r#"
            @g0 = input array<float4, 3> builtin(Position) ; in.SV_Position
            @g1 = input array<array<float, 2>, 3> location(0) ; in.WEIGHT
            @g2 = input array<array<float2x2, 2>, 3> location(2) ; in.MAT
            @g3 = output float4 builtin(Position) ; out.SV_Position
            @g4 = output array<float, 2> location(0) ; out.WEIGHT
            @g5 = output array<float2x2, 2> location(2) ; out.MAT
            entry geometry "main" @main invocations(1) input_primitive(triangle) output_topology(triangle_strip) output_vertices(3) inputs(@g0, @g1, @g2) outputs(@g3, @g4, @g5)
        "#]],
    );
}

#[test]
fn hull_control_points_and_patch_constants_holding_arrays_of_structs() {
    // Control points: POS 0, WEIGHT 1..2, MAT 3..6; the patch constants' PWEIGHT[2] after
    // them, 7..8.
    check_interface(
        r#"
struct W { float w : WEIGHT; };
struct PW { float w : PWEIGHT; };
struct CP { float4 pos : POS; W ws[2]; float2x2 m[2] : MAT; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; PW extra[2]; };
PC pcf(InputPatch<CP, 3> ip) {
    PC p = (PC)1;
    p.extra[0].w = ip[0].ws[1].w;
    p.extra[1].w = ip[1].ws[0].w;
    return p;
}
[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")]
[outputcontrolpoints(3)] [patchconstantfunc("pcf")]
CP main(InputPatch<CP, 3> ip, uint id : SV_OutputControlPointID) { return ip[id]; }
"#,
        ShaderStage::Hull,
        expect![[r#"
            @g0 = input array<float4, 3> location(0) ; in.POS
            @g1 = input array<array<float, 2>, 3> location(1) ; in.WEIGHT
            @g2 = input array<array<float2x2, 2>, 3> location(3) ; in.MAT
            @g3 = input uint builtin(InvocationId) ; in.SV_OutputControlPointID
            @g4 = output array<float4, 3> location(4) ; out.POS
            @g5 = output array<array<float, 2>, 3> location(7) ; out.WEIGHT
            @g6 = output array<array<float2x2, 2>, 3> location(0) ; out.MAT
            @g7 = output array<float, 4> builtin(TessLevelOuter) patch ; out.SV_TessFactor
            @g8 = output array<float, 2> builtin(TessLevelInner) patch ; out.SV_InsideTessFactor
            @g9 = output array<float, 2> location(5) patch ; out.PWEIGHT
            entry hull "main" @main domain(tri) partitioning(integer) tess_output(triangle_cw) output_vertices(3) input_control_points(3) inputs(@g0, @g1, @g2, @g3) outputs(@g4, @g5, @g6, @g7, @g8, @g9)
        "#]],
    );
}

#[test]
fn domain_inputs_and_outputs_holding_arrays_of_structs() {
    // The domain shader reads what the hull shader above writes, at the same locations.
    check_interface(
        r#"
struct W { float w : WEIGHT; };
struct PW { float w : PWEIGHT; };
struct CP { float4 pos : POS; W ws[2]; float2x2 m[2] : MAT; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; PW extra[2]; };
struct VO { float4 p : SV_Position; W ws[2]; };
[domain("tri")]
VO main(PC pc, float3 bary : SV_DomainLocation, const OutputPatch<CP, 3> cps) {
    VO o;
    o.p = cps[0].pos * bary.x + pc.extra[1].w + cps[2].m[1][0].x;
    o.ws = cps[1].ws;
    return o;
}
"#,
        ShaderStage::Domain,
        expect![[r#"
            @g0 = input array<float4, 3> location(4) ; in.POS
            @g1 = input array<array<float, 2>, 3> location(7) ; in.WEIGHT
            @g2 = input array<array<float2x2, 2>, 3> location(0) ; in.MAT
            @g3 = input array<float, 4> builtin(TessLevelOuter) patch ; in.SV_TessFactor
            @g4 = input array<float, 2> builtin(TessLevelInner) patch ; in.SV_InsideTessFactor
            @g5 = input array<float, 2> location(5) patch ; in.PWEIGHT
            @g6 = input float3 builtin(TessCoord) ; in.SV_DomainLocation
            @g7 = output float4 builtin(Position) ; out.SV_Position
            @g8 = output array<float, 2> location(0) ; out.WEIGHT
            entry domain "main" @main domain(tri) input_control_points(3) inputs(@g3, @g4, @g5, @g6, @g0, @g1, @g2) outputs(@g7, @g8)
        "#]],
    );
}

#[test]
fn mesh_vertices_holding_arrays_of_structs() {
    // Each vertex's `ws[2]` is element `i` of a `float[2][3]` output; `verts[i].ws = x`
    // and `verts[i].ws[j] = x` store into it.
    check_stage(
        r#"
struct W { float w : WEIGHT; };
struct V { float4 pos : SV_Position; W ws[2]; };
[outputtopology("triangle")] [numthreads(1, 1, 1)]
void main(out vertices V verts[3], out indices uint3 tris[1]) {
    SetMeshOutputCounts(3, 1);
    W a = { 1.0 };
    W b = { 2.0 };
    W both[2] = { a, b };
    verts[1].ws = both;
    verts[2].ws[1] = a;
    tris[0] = uint3(0, 1, 2);
}
"#,
        ShaderStage::Mesh,
        expect![[r#"
            struct W { float w : WEIGHT; }

            @g0 = output array<float4, 3> builtin(Position) ; out.SV_Position
            @g1 = output array<array<float, 2>, 3> location(0) ; out.WEIGHT
            @g2 = output array<uint3, 1> builtin(PrimitiveTriangleIndicesEXT) ; out.indices

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, W> ; a
              %1 = alloca : ptr<function, W> ; b
              %2 = alloca : ptr<function, array<W, 2>> ; both
              set_mesh_outputs 3:uint, 1:uint
              %3 = composite_construct 1.0:float : W
              store %0, %3
              %4 = composite_construct 2.0:float : W
              store %1, %4
              %5 = load %0 : W
              %6 = composite_extract %5, [0] : float
              %7 = load %1 : W
              %8 = composite_extract %7, [0] : float
              %9 = composite_construct %6 : W
              %10 = composite_construct %8 : W
              %11 = composite_construct %9, %10 : array<W, 2>
              store %2, %11
              %12 = load %2 : array<W, 2>
              %13 = composite_extract %12, [0] : W
              %14 = composite_extract %13, [0] : float
              %15 = composite_extract %12, [1] : W
              %16 = composite_extract %15, [0] : float
              %17 = composite_construct %14, %16 : array<float, 2>
              %18 = access_chain @g1, 1:int : ptr<output, array<float, 2>>
              store %18, %17
              %19 = load %0 : W
              %20 = composite_extract %19, [0] : float
              %21 = access_chain @g1, 2:int, 1:int : ptr<output, float>
              store %21, %20
              %22 = composite_construct 0:uint, 1:uint, 2:uint : uint3
              %23 = access_chain @g2, 0:int : ptr<output, uint3>
              store %23, %22
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            entry mesh "main" @main numthreads(1, 1, 1) output_topology(triangles) output_vertices(3) output_primitives(1) inputs() outputs(@g0, @g1, @g2)
        "#]],
    );
}

#[test]
fn mesh_output_objects_dxc_refuses_get_its_words() {
    let header = r#"
struct V { float4 p : SV_Position; };
struct P { uint id : SV_PrimitiveID; };
[outputtopology("triangle")] [numthreads(1, 1, 1)]
"#;
    let cases = [
        (
            "void main(in vertices V v[3], out indices uint3 t[1]) {}",
            expect![[r#"
                E3030 140..158: 'vertices' object must be an out parameter
            "#]],
        ),
        (
            "void main(out vertices V v, out indices uint3 t[1]) {}",
            expect![[r#"
                E3030 155..156: expected 1D array of indices/vertices/primitives object
            "#]],
        ),
        (
            "void main(out indices uint3 t[1]) {}",
            expect![[r#"
                E3030 135..139: expected vertices object declaration
            "#]],
        ),
        (
            "void main(out vertices V v[3]) {}",
            expect![[r#"
                E3030 135..139: expected indices object declaration
            "#]],
        ),
        (
            "void main(out vertices V v[3], out indices uint3 t[1], out primitives P p[2]) {}",
            expect![[r#"
                E3030 135..139: array size of primitives object should match 'indices' object
            "#]],
        ),
        (
            "void main(out vertices V v[3], out indices uint3 t[1], out indices uint3 u[1]) {}",
            expect![[r#"
                E3030 203..204: only one object with 'indices' modifier is allowed
            "#]],
        ),
        (
            "void main(out vertices V v[3], out indices uint3 t[1], out float3 c : COLOR) {}",
            expect![[r#"
                E3030 196..197: invalid usage of semantic 'COLOR' in shader profile ms
            "#]],
        ),
        (
            "void main(out vertices V v[3], out indices uint2 t[1]) {}",
            expect![[r#"
                E3030 179..180: expected 1D array of uint3 type
            "#]],
        ),
    ];
    for (main, expect) in cases {
        check_interface(&format!("{header}{main}\n"), ShaderStage::Mesh, expect);
    }
}

#[test]
fn patch_constant_values_without_semantics_get_dxcs_words() {
    // Semantic analysis checks the entry's signature, not the patch-constant function's.
    let hull = |pcf: &str| {
        format!(
            r#"
struct CP {{ float4 p : POS; }};
struct PC {{ float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; }};
struct PD {{ float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; float4 extra; }};
{pcf}
[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")]
[outputcontrolpoints(3)] [patchconstantfunc("pcf")]
CP main(InputPatch<CP, 3> ip, uint id : SV_OutputControlPointID) {{ return ip[id]; }}
"#
        )
    };
    check_interface(
        &hull("PD pcf() { return (PD)0; }"),
        ShaderStage::Hull,
        expect![[r#"
            E3031 194..220: semantic string missing for shader output variable 'extra'
        "#]],
    );
    check_interface(
        &hull("PC pcf(uint x) { return (PC)x; }"),
        ShaderStage::Hull,
        expect![[r#"
            E3031 206..207: semantic string missing for shader input variable 'x'
        "#]],
    );
}

#[test]
fn mesh_assignments_reach_into_arrays_of_structs_and_matrix_rows() {
    // `verts[t].ws[1].w` is element [t][1] of the WEIGHT variable; `verts[t].m[1][0]` row 1,
    // component 0 of vertex t's matrix; `verts[t].ws[0].c.yx` two components of element
    // [t][0] of COLOR, one store each.
    check_stage(
        r#"
struct W { float w : WEIGHT; float2 c : COLOR; };
struct V { float4 pos : SV_Position; W ws[2]; float2x2 m : MAT; };
[outputtopology("triangle")] [numthreads(3, 1, 1)]
void main(uint t : SV_GroupIndex, out vertices V verts[3], out indices uint3 tris[1]) {
    SetMeshOutputCounts(3, 1);
    verts[t].ws[1].w = 5.0;
    verts[t].m[1][0] = 1.0;
    verts[t].ws[0].c.yx = float2(2, 3);
}
"#,
        ShaderStage::Mesh,
        expect![[r#"
            @g0 = input uint builtin(LocalInvocationIndex) ; in.SV_GroupIndex
            @g1 = output array<float4, 3> builtin(Position) ; out.SV_Position
            @g2 = output array<array<float, 2>, 3> location(0) ; out.WEIGHT
            @g3 = output array<array<float2, 2>, 3> location(2) ; out.COLOR
            @g4 = output array<float2x2, 3> location(4) ; out.MAT
            @g5 = output array<uint3, 1> builtin(PrimitiveTriangleIndicesEXT) ; out.indices

            func @main_body(%arg0: uint) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; t
              store %0, %arg0
              set_mesh_outputs 3:uint, 1:uint
              %1 = load %0 : uint
              %2 = access_chain @g2, %1, 1:int : ptr<output, float>
              store %2, 5.0:float
              %3 = load %0 : uint
              %4 = access_chain @g4, %3, 1:int, 0:int : ptr<output, float>
              store %4, 1.0:float
              %5 = load %0 : uint
              %6 = composite_construct 2.0:float, 3.0:float : float2
              %7 = composite_extract %6, [0] : float
              %8 = composite_extract %6, [1] : float
              %9 = access_chain @g3, %5, 0:int, 1:uint : ptr<output, float>
              store %9, %7
              %10 = access_chain @g3, %5, 0:int, 0:uint : ptr<output, float>
              store %10, %8
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint
              call @main_body(%0)
              ret
            }

            entry mesh "main" @main numthreads(3, 1, 1) output_topology(triangles) output_vertices(3) output_primitives(1) inputs(@g0) outputs(@g1, @g2, @g3, @g4, @g5)
        "#]],
    );
}

#[test]
fn domain_out_parameters_are_outputs_after_the_result() {
    // As a vertex shader's: SV_Position from the result, then `out W ws[2]` (WEIGHT, a
    // `float[2]` at 0..1) and `out float2 uv` (UV at 2), written from the wrapper's locals.
    check_stage(
        r#"
struct CP { float4 p : POS; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
struct W { float w : WEIGHT; };
[domain("tri")]
float4 main(PC pc, float3 b : SV_DomainLocation, out W ws[2], const OutputPatch<CP, 3> cps,
            out float2 uv : UV) : SV_Position {
    ws[0].w = b.x;
    ws[1].w = b.y;
    uv = b.xy;
    return cps[0].p;
}
"#,
        ShaderStage::Domain,
        expect![[r#"
            struct PC { array<float, 3> e : SV_TessFactor; float i : SV_InsideTessFactor; }
            struct W { float w : WEIGHT; }
            struct CP { float4 p : POS; }

            @g0 = input array<float4, 3> location(0) ; in.POS
            @g1 = input array<float, 4> builtin(TessLevelOuter) patch ; in.SV_TessFactor
            @g2 = input array<float, 2> builtin(TessLevelInner) patch ; in.SV_InsideTessFactor
            @g3 = input float3 builtin(TessCoord) ; in.SV_DomainLocation
            @g4 = output float4 builtin(Position) ; out.SV_Position
            @g5 = output array<float, 2> location(0) ; out.WEIGHT
            @g6 = output float2 location(2) ; out.UV

            func @main_body(%arg0: PC, %arg1: float3, %arg2: ptr<function, array<W, 2>>, %arg3: array<CP, 3>, %arg4: ptr<function, float2>) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, PC> ; pc
              %1 = alloca : ptr<function, float3> ; b
              %2 = alloca : ptr<function, array<CP, 3>> ; cps
              store %0, %arg0
              store %1, %arg1
              store %2, %arg3
              %3 = access_chain %arg2, 0:int : ptr<function, W>
              %4 = access_chain %3, 0:int : ptr<function, float>
              %5 = load %1 : float3
              %6 = composite_extract %5, [0] : float
              store %4, %6
              %7 = access_chain %arg2, 1:int : ptr<function, W>
              %8 = access_chain %7, 0:int : ptr<function, float>
              %9 = load %1 : float3
              %10 = composite_extract %9, [1] : float
              store %8, %10
              %11 = load %1 : float3
              %12 = swizzle %11, xy : float2
              store %arg4, %12
              %13 = access_chain %2, 0:int : ptr<function, CP>
              %14 = access_chain %13, 0:int : ptr<function, float4>
              %15 = load %14 : float4
              ret %15
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g1 : array<float, 4>
              %1 = composite_extract %0, [0] : float
              %2 = composite_extract %0, [1] : float
              %3 = composite_extract %0, [2] : float
              %4 = composite_construct %1, %2, %3 : array<float, 3>
              %5 = load @g2 : array<float, 2>
              %6 = composite_extract %5, [0] : float
              %7 = composite_construct %4, %6 : PC
              %8 = load @g3 : float3
              %9 = alloca : ptr<function, array<W, 2>> ; ws
              %10 = access_chain @g0, 0:uint : ptr<input, float4>
              %11 = load %10 : float4
              %12 = composite_construct %11 : CP
              %13 = access_chain @g0, 1:uint : ptr<input, float4>
              %14 = load %13 : float4
              %15 = composite_construct %14 : CP
              %16 = access_chain @g0, 2:uint : ptr<input, float4>
              %17 = load %16 : float4
              %18 = composite_construct %17 : CP
              %19 = composite_construct %12, %15, %18 : array<CP, 3>
              %20 = alloca : ptr<function, float2> ; uv
              %21 = call @main_body(%7, %8, %9, %19, %20) : float4
              store @g4, %21
              %22 = load %9 : array<W, 2>
              %23 = composite_extract %22, [0] : W
              %24 = composite_extract %23, [0] : float
              %25 = composite_extract %22, [1] : W
              %26 = composite_extract %25, [0] : float
              %27 = composite_construct %24, %26 : array<float, 2>
              store @g5, %27
              %28 = load %20 : float2
              store @g6, %28
              ret
            }

            entry domain "main" @main domain(tri) input_control_points(3) inputs(@g1, @g2, @g3, @g0) outputs(@g4, @g5, @g6)
        "#]],
    );
}

#[test]
fn geometry_streams_of_two_primitive_kinds_are_dxcs_error() {
    check_interface(
        r#"
struct V { float4 p : SV_Position; };
struct W { float4 c : COLOR; };
[maxvertexcount(2)]
void main(point V i[1], inout PointStream<V> s, inout LineStream<W> t) { s.Append(i[0]); }
"#,
        ShaderStage::Geometry,
        expect![[r#"
            E3032 159..160: only one output primitive type can be specified in the geometry shader
        "#]],
    );
}

#[test]
fn a_geometry_shader_without_maxvertexcount_is_dxcs_error() {
    check_interface(
        r#"
struct V { float4 p : SV_Position; };
void main(point V i[1], inout PointStream<V> s) { s.Append(i[0]); }
"#,
        ShaderStage::Geometry,
        expect![[r#"
            E3032 39..106: geometry entry point must have a valid maxvertexcount attribute
        "#]],
    );
}
