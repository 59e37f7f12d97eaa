//! Snapshot tests of forms DXC accepts for `-spirv` that lowering used to refuse (issue #4
//! item 4): one-sample writes of multisampled storage textures, stage I/O from helper
//! functions, clip/cull distance arrays, entry parameters without semantics of their own,
//! `[[vk::builtin]]` in mesh shaders, gathers with a status and four run-time offsets.

mod common;

use expect_test::{expect, Expect};
use lower::ShaderStage;

fn check(text: &str, expect: Expect) {
    expect.assert_eq(&common::dump(text));
}

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

/// The globals and entry lines of the verified dump for `stage` (what the interface is), or
/// the diagnostics.
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
fn one_sample_of_a_multisampled_storage_texel_is_written_and_updated() {
    // `t.sample[s][c] = v` stores with the sample index as a fourth operand; `.x = 9` reads
    // that sample, inserts and writes it back.
    check(
        r#"
RWTexture2DMS<float4> T : register(u0);
[numthreads(1, 1, 1)]
void main() {
    uint s = 3;
    T.sample[s][uint2(1, 2)] = float4(1, 2, 3, 4);
    T.sample[s][uint2(5, 6)].x = 9.0;
}
"#,
        expect![[r#"
            @g0 = resource uniform_constant RWTexture2DMS<float4> set(0) binding(0) ; T

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; s
              store %0, 3:uint
              %1 = load %0 : uint
              %2 = composite_construct 1:uint, 2:uint : uint2
              %3 = composite_construct 1.0:float, 2.0:float, 3.0:float, 4.0:float : float4
              texture_store @g0, %2, %3, %1
              %4 = load %0 : uint
              %5 = composite_construct 5:uint, 6:uint : uint2
              %6 = texture_load @g0, %5, %4 : float4
              %7 = composite_insert %6, 9.0:float, [0] : float4
              texture_store @g0, %5, %7, %4
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
fn clip_distance_arrays_take_consecutive_elements_of_the_shared_array() {
    // DXC packs `float2 c[2] : SV_ClipDistance0` as c[0].x, c[0].y, c[1].x, c[1].y at 0..4
    // and `float d : SV_ClipDistance1` after it at 4: one `float[5]` built-in.
    check_stage(
        r#"
struct VSOut { float4 pos : SV_Position; float2 c[2] : SV_ClipDistance0; float d : SV_ClipDistance1; };
VSOut main(float4 p : POSITION) {
    VSOut o;
    o.pos = p;
    o.c[0] = p.xy;
    o.c[1] = p.zw;
    o.d = 1.0;
    return o;
}
"#,
        ShaderStage::Vertex,
        expect![[r#"
            struct VSOut { float4 pos : SV_Position; array<float2, 2> c : SV_ClipDistance0; float d : SV_ClipDistance1; }

            @g0 = input float4 location(0) ; in.POSITION
            @g1 = output array<float, 5> builtin(ClipDistance) ; out.SV_ClipDistance
            @g2 = output float4 builtin(Position) ; out.SV_Position

            func @main_body(%arg0: float4) -> VSOut {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float4> ; p
              %1 = alloca : ptr<function, VSOut> ; o
              store %0, %arg0
              %2 = access_chain %1, 0:int : ptr<function, float4>
              %3 = load %0 : float4
              store %2, %3
              %4 = access_chain %1, 1:int : ptr<function, array<float2, 2>>
              %5 = access_chain %4, 0:int : ptr<function, float2>
              %6 = load %0 : float4
              %7 = swizzle %6, xy : float2
              store %5, %7
              %8 = access_chain %1, 1:int : ptr<function, array<float2, 2>>
              %9 = access_chain %8, 1:int : ptr<function, float2>
              %10 = load %0 : float4
              %11 = swizzle %10, zw : float2
              store %9, %11
              %12 = access_chain %1, 2:int : ptr<function, float>
              store %12, 1.0:float
              %13 = load %1 : VSOut
              ret %13
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : float4
              %1 = call @main_body(%0) : VSOut
              %2 = composite_extract %1, [0] : float4
              store @g2, %2
              %3 = composite_extract %1, [1] : array<float2, 2>
              %4 = composite_extract %3, [0, 0] : float
              %5 = access_chain @g1, 0:uint : ptr<output, float>
              store %5, %4
              %6 = composite_extract %3, [0, 1] : float
              %7 = access_chain @g1, 1:uint : ptr<output, float>
              store %7, %6
              %8 = composite_extract %3, [1, 0] : float
              %9 = access_chain @g1, 2:uint : ptr<output, float>
              store %9, %8
              %10 = composite_extract %3, [1, 1] : float
              %11 = access_chain @g1, 3:uint : ptr<output, float>
              store %11, %10
              %12 = composite_extract %1, [2] : float
              %13 = access_chain @g1, 4:uint : ptr<output, float>
              store %13, %12
              ret
            }

            entry vertex "main" @main inputs(@g0) outputs(@g2, @g1)
        "#]],
    );
}

#[test]
fn clip_distance_of_integers_is_refused_with_dxc_message() {
    check_stage(
        r#"
struct VSOut { float4 pos : SV_Position; int2 bad[2] : SV_ClipDistance0; };
VSOut main() { return (VSOut)0; }
"#,
        ShaderStage::Vertex,
        expect![[r#"
            E3007 77..110: elements for SV_ClipDistance variable 'bad' must be scalar, vector, or array with float type
        "#]],
    );
}

#[test]
fn a_semantic_on_a_struct_parameter_names_its_fields_counting_up() {
    // `Inner inner : TEXCOORD4`: the fields take TEXCOORD4 and TEXCOORD5 (their own
    // semantics, if any, are shadowed); the matrix takes locations 1 to 4, so TEXCOORD5 is
    // at 5.
    check_interface(
        r#"
struct Inner { float4x3 m; float4 v : IGNORED; };
struct In { float3 p : POSITION; Inner inner : TEXCOORD4; };
float4 main(In i) : SV_Position { return i.inner.v + i.inner.m[0].x; }
"#,
        ShaderStage::Vertex,
        expect![[r#"
            @g0 = input float3 location(0) ; in.POSITION
            @g1 = input float4x3 location(1) ; in.TEXCOORD4
            @g2 = input float4 location(5) ; in.TEXCOORD5
            @g3 = output float4 builtin(Position) ; out.SV_Position
            entry vertex "main" @main inputs(@g0, @g1, @g2) outputs(@g3)
        "#]],
    );
}

#[test]
fn geometry_shader_without_primitive_or_stream_declares_points() {
    check_interface(
        r#"
[maxvertexcount(3)]
void main() {}
"#,
        ShaderStage::Geometry,
        expect![[r#"
            entry geometry "main" @main invocations(1) input_primitive(point) output_topology(points) output_vertices(3) inputs() outputs()
        "#]],
    );
}

#[test]
fn hull_shader_without_outputcontrolpoints_passes_the_input_patch_size_through() {
    check_interface(
        r#"
struct CP { float4 p : POSITION; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
PC consts() { return (PC)0; }
[domain("tri")]
[partitioning("integer")]
[outputtopology("triangle_cw")]
[patchconstantfunc("consts")]
CP main(InputPatch<CP, 3> v, uint id : SV_OutputControlPointID) { return v[id]; }
"#,
        ShaderStage::Hull,
        expect![[r#"
            @g0 = input array<float4, 3> location(0) ; in.POSITION
            @g1 = input uint builtin(InvocationId) ; in.SV_OutputControlPointID
            @g2 = output array<float4, 3> location(0) ; out.POSITION
            @g3 = output array<float, 4> builtin(TessLevelOuter) patch ; out.SV_TessFactor
            @g4 = output array<float, 2> builtin(TessLevelInner) patch ; out.SV_InsideTessFactor
            entry hull "main" @main domain(tri) partitioning(integer) tess_output(triangle_cw) output_vertices(3) input_control_points(3) inputs(@g0, @g1) outputs(@g2, @g3, @g4)
        "#]],
    );
}

#[test]
fn mesh_vk_builtins_swizzles_and_matrix_rows_of_outputs() {
    // `[[vk::builtin]]` makes the input DrawIndex and the field PointSize whatever their
    // semantics; `.yw = ...` stores components 1 and 3 of the position; `m[1] = ...` row 1.
    check_stage(
        r#"
struct V { float4 p : SV_Position; [[vk::builtin("PointSize")]] float s : PSIZE; float2x3 m : M; };
[outputtopology("line")] [numthreads(1, 1, 1)]
void main([[vk::builtin("DrawIndex")]] in int draw : DRAW, out vertices V verts[1],
          out indices uint2 lines[1]) {
    SetMeshOutputCounts(1, 1);
    verts[0].p.yw = float2(draw, 2);
    verts[0].s = 3;
    verts[0].m[1] = float3(4, 5, 6);
}
"#,
        ShaderStage::Mesh,
        expect![[r#"
            @g0 = input int builtin(DrawIndex) ; in.DRAW
            @g1 = output array<float4, 1> builtin(Position) ; out.SV_Position
            @g2 = output array<float, 1> builtin(PointSize) ; out.PSIZE
            @g3 = output array<float2x3, 1> location(0) ; out.M
            @g4 = output array<uint2, 1> builtin(PrimitiveLineIndicesEXT) ; out.indices

            func @main_body(%arg0: int) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, int> ; draw
              store %0, %arg0
              set_mesh_outputs 1:uint, 1:uint
              %1 = load %0 : int
              %2 = convert %1 : float
              %3 = composite_construct %2, 2.0:float : float2
              %4 = composite_extract %3, [0] : float
              %5 = composite_extract %3, [1] : float
              %6 = access_chain @g1, 0:int, 1:uint : ptr<output, float>
              store %6, %4
              %7 = access_chain @g1, 0:int, 3:uint : ptr<output, float>
              store %7, %5
              %8 = access_chain @g2, 0:int : ptr<output, float>
              store %8, 3.0:float
              %9 = composite_construct 4.0:float, 5.0:float, 6.0:float : float3
              %10 = access_chain @g3, 0:int, 1:int : ptr<output, float3>
              store %10, %9
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : int
              call @main_body(%0)
              ret
            }

            entry mesh "main" @main numthreads(1, 1, 1) output_topology(lines) output_vertices(1) output_primitives(1) inputs(@g0) outputs(@g1, @g2, @g3, @g4)
        "#]],
    );
}

#[test]
fn gather_with_four_run_time_offsets_and_a_status_keeps_the_first_unmapped_code() {
    // Four sparse gathers, component i from gather i; the status is the first code that
    // `CheckAccessFullyMapped` rejects (each `select` keeps the code so far unless it is
    // fully mapped).
    check_stage(
        r#"
Texture2D<float4> T : register(t0);
SamplerState S : register(s0);
float4 main(int2 o : OFFSET) : SV_Target {
    uint status;
    float4 r = T.GatherRed(S, float2(0.5, 0.5), o, o, int2(1, 0), o, status);
    return CheckAccessFullyMapped(status) ? r : 0;
}
"#,
        ShaderStage::Pixel,
        expect![[r#"
            @g0 = input int2 location(0) ; in.OFFSET
            @g1 = output float4 location(0) ; out.SV_Target
            @g2 = resource uniform_constant Texture2D<float4> set(0) binding(0) ; T
            @g3 = resource uniform_constant SamplerState set(0) binding(0) ; S

            func @main_body(%arg0: int2) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; status
              %1 = alloca : ptr<function, uint> ; status
              %2 = alloca : ptr<function, uint> ; status
              %3 = alloca : ptr<function, uint> ; status
              %4 = alloca : ptr<function, int2> ; o
              %5 = alloca : ptr<function, uint> ; status
              %6 = alloca : ptr<function, float4> ; r
              store %4, %arg0
              %7 = composite_construct 0.5:float, 0.5:float : float2
              %8 = load %4 : int2
              %9 = texture_gather @g2, @g3, %7, component(0), offset(%8), status(%3) : float4
              %10 = composite_extract %9, [0] : float
              %11 = load %4 : int2
              %12 = texture_gather @g2, @g3, %7, component(0), offset(%11), status(%2) : float4
              %13 = composite_extract %12, [1] : float
              %14 = texture_gather @g2, @g3, %7, component(0), offset(1, 0), status(%1) : float4
              %15 = composite_extract %14, [2] : float
              %16 = load %4 : int2
              %17 = texture_gather @g2, @g3, %7, component(0), offset(%16), status(%0) : float4
              %18 = composite_extract %17, [3] : float
              %19 = load %3 : uint
              %20 = load %2 : uint
              %21 = call_intrinsic CheckAccessFullyMapped(%19) : bool
              %22 = select %21, %20, %19 : uint
              %23 = load %1 : uint
              %24 = call_intrinsic CheckAccessFullyMapped(%22) : bool
              %25 = select %24, %23, %22 : uint
              %26 = load %0 : uint
              %27 = call_intrinsic CheckAccessFullyMapped(%25) : bool
              %28 = select %27, %26, %25 : uint
              store %5, %28
              %29 = composite_construct %10, %13, %15, %18 : float4
              store %6, %29
              %30 = load %5 : uint
              %31 = call_intrinsic CheckAccessFullyMapped(%30) : bool
              %32 = load %6 : float4
              %33 = select %31, %32, {0.0, 0.0, 0.0, 0.0}:float4 : float4
              ret %33
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : int2
              %1 = call @main_body(%0) : float4
              store @g1, %1
              ret
            }

            entry pixel "main" @main inputs(@g0) outputs(@g1)
        "#]],
    );
}

#[test]
fn get_attribute_at_vertex_in_nested_helpers_reads_the_per_vertex_input() {
    // Only `inner` calls `GetAttributeAtVertex`, on a parameter `outer` passes on from the
    // entry's `color`: that input becomes per-vertex, and both helpers read it by vertex.
    check_stage(
        r#"
float4 inner(nointerpolation float4 c, uint k) { return GetAttributeAtVertex(c, k); }
float4 outer(nointerpolation float4 c) { return inner(c, 1) + c; }
float4 main(nointerpolation float4 color : COLOR) : SV_Target { return outer(color); }
"#,
        ShaderStage::Pixel,
        expect![[r#"
            @g0 = input array<float4, 3> location(0) per_vertex nointerpolation ; in.COLOR
            @g1 = output float4 location(0) ; out.SV_Target

            func @main_body(%arg0: float4) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float4> ; color
              store %0, %arg0
              %1 = load %0 : float4
              %2 = call @outer(%1) : float4
              ret %2
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = access_chain @g0, 0:uint : ptr<input, float4>
              %1 = load %0 : float4
              %2 = call @main_body(%1) : float4
              store @g1, %2
              ret
            }

            func @outer(%arg0: float4) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float4> ; c
              store %0, %arg0
              %1 = load %0 : float4
              %2 = call @inner(%1, 1:uint) : float4
              %3 = load %0 : float4
              %4 = add %2, %3 : float4
              ret %4
            }

            func @inner(%arg0: float4, %arg1: uint) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float4> ; c
              %1 = alloca : ptr<function, uint> ; k
              store %0, %arg0
              store %1, %arg1
              %2 = load %1 : uint
              %3 = access_chain @g0, %2 : ptr<input, float4>
              %4 = load %3 : float4
              ret %4
            }

            entry pixel "main" @main inputs(@g0) outputs(@g1)
        "#]],
    );
}

#[test]
fn a_helper_given_each_of_two_streams_has_a_copy_per_stream() {
    // `put(a, ..)` and `put(b, ..)`: two copies of `put`, each storing its stream's
    // variables and emitting on its stream.
    check_stage(
        r#"
struct O { float4 t : TEXCOORD0; };
void put(inout PointStream<O> s, float4 p) { O o; o.t = p; s.Append(o); }
[maxvertexcount(2)]
void main(point float4 v[1] : SV_Position, inout PointStream<O> a, inout PointStream<O> b) {
    put(a, v[0]);
    put(b, -v[0]);
}
"#,
        ShaderStage::Geometry,
        expect![[r#"
            struct O { float4 t : TEXCOORD0; }

            @g0 = input array<float4, 1> builtin(Position) ; in.SV_Position
            @g1 = output float4 location(0) stream(0) ; out.TEXCOORD0
            @g2 = output float4 location(1) stream(1) ; out.TEXCOORD0

            func @main_body(%arg0: array<float4, 1>) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, array<float4, 1>> ; v
              store %0, %arg0
              %1 = access_chain %0, 0:int : ptr<function, float4>
              %2 = load %1 : float4
              call @put(%2)
              %3 = access_chain %0, 0:int : ptr<function, float4>
              %4 = load %3 : float4
              %5 = neg %4 : float4
              call @put.1(%5)
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = access_chain @g0, 0:uint : ptr<input, float4>
              %1 = load %0 : float4
              %2 = composite_construct %1 : array<float4, 1>
              call @main_body(%2)
              ret
            }

            func @put(%arg0: float4) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float4> ; p
              %1 = alloca : ptr<function, O> ; o
              store %0, %arg0
              %2 = access_chain %1, 0:int : ptr<function, float4>
              %3 = load %0 : float4
              store %2, %3
              %4 = load %1 : O
              %5 = composite_extract %4, [0] : float4
              store @g1, %5
              emit_vertex stream(0)
              ret
            }

            func @put.1(%arg0: float4) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float4> ; p
              %1 = alloca : ptr<function, O> ; o
              store %0, %arg0
              %2 = access_chain %1, 0:int : ptr<function, float4>
              %3 = load %0 : float4
              store %2, %3
              %4 = load %1 : O
              %5 = composite_extract %4, [0] : float4
              store @g2, %5
              emit_vertex stream(1)
              ret
            }

            entry geometry "main" @main invocations(1) input_primitive(point) output_topology(points) output_vertices(2) inputs(@g0) outputs(@g1, @g2)
        "#]],
    );
}
