//! Geometry, hull, domain, mesh and amplification entry points: snapshots of the dump (each
//! verified), SPIR-V validated by every `spirv-val` found, and the E3001 refusals of what is
//! not lowered yet.

mod common;

use expect_test::{expect, Expect};
use lower::ShaderStage;
use spirv_backend::{SpirvOptions, TargetEnv};

/// The verified dump of `main` lowered for `stage`; its SPIR-V must validate for `env`.
fn check(text: &str, stage: ShaderStage, env: TargetEnv, expect: Expect) {
    let m = common::lower_stage(text, stage);
    validate(&m, env);
    expect.assert_eq(&ir::print_module(&m));
}

fn validate(m: &ir::Module, env: TargetEnv) {
    let options = SpirvOptions::new(env);
    let words = spirv_backend::emit(m, &options)
        .unwrap_or_else(|e| panic!("emit failed: {e}\n{}", ir::print_module(m)));
    let failures =
        spirv_backend::validate::validate(&words, &spirv_backend::validator_options(m, &options));
    assert!(
        failures.is_empty(),
        "spirv-val failed:\n{}\n{}\n{}",
        failures.join("\n"),
        spirv_backend::disassemble(&words),
        ir::print_module(m)
    );
}

/// The SPIR-V lines of `m` that start with one of `prefixes` (execution modes, decorations).
fn spirv_lines(m: &ir::Module, env: TargetEnv, prefixes: &[&str]) -> String {
    let words = spirv_backend::emit(m, &SpirvOptions::new(env)).expect("emit");
    spirv_backend::disassemble(&words)
        .lines()
        .map(str::trim)
        .filter(|l| {
            prefixes
                .iter()
                .any(|p| l.starts_with(p) || l.contains(&format!("= {p}")))
        })
        .map(|l| format!("{l}\n"))
        .collect()
}

fn refused(text: &str, stage: ShaderStage, expect: Expect) {
    let e = common::try_lower_stage(text, stage).expect_err("lowering should refuse");
    expect.assert_eq(&e);
}

#[test]
fn geometry_shader_expands_points_to_a_strip() {
    check(
        r#"
struct V { float4 pos : SV_Position; float size : SIZE; };
struct G { float4 pos : SV_Position; float2 uv : TEXCOORD0; uint layer : SV_RenderTargetArrayIndex; };
[maxvertexcount(2)]
[instance(2)]
void main(point V p[1], uint inst : SV_GSInstanceID, inout LineStream<G> s) {
    G o;
    o.pos = p[0].pos;
    o.uv = float2(p[0].size, 0);
    o.layer = inst;
    s.Append(o);
    o.pos.x += p[0].size;
    s.Append(o);
    s.RestartStrip();
}
"#,
        ShaderStage::Geometry,
        TargetEnv::Vulkan1_0,
        expect![[r#"
            struct V { float4 pos : SV_Position; float size : SIZE; }
            struct G { float4 pos : SV_Position; float2 uv : TEXCOORD0; uint layer : SV_RenderTargetArrayIndex; }

            @g0 = input array<float4, 1> builtin(Position) ; in.SV_Position
            @g1 = input array<float, 1> location(0) ; in.SIZE
            @g2 = input uint builtin(InvocationId) ; in.SV_GSInstanceID
            @g3 = output float4 builtin(Position) ; out.SV_Position
            @g4 = output float2 location(0) ; out.TEXCOORD0
            @g5 = output uint builtin(Layer) ; out.SV_RenderTargetArrayIndex

            func @main_body(%arg0: array<V, 1>, %arg1: uint) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, array<V, 1>> ; p
              %1 = alloca : ptr<function, uint> ; inst
              %2 = alloca : ptr<function, G> ; o
              store %0, %arg0
              store %1, %arg1
              %3 = access_chain %2, 0:int : ptr<function, float4>
              %4 = access_chain %0, 0:int : ptr<function, V>
              %5 = access_chain %4, 0:int : ptr<function, float4>
              %6 = load %5 : float4
              store %3, %6
              %7 = access_chain %2, 1:int : ptr<function, float2>
              %8 = access_chain %0, 0:int : ptr<function, V>
              %9 = access_chain %8, 1:int : ptr<function, float>
              %10 = load %9 : float
              %11 = composite_construct %10, 0.0:float : float2
              store %7, %11
              %12 = access_chain %2, 2:int : ptr<function, uint>
              %13 = load %1 : uint
              store %12, %13
              %14 = load %2 : G
              %15 = composite_extract %14, [0] : float4
              store @g3, %15
              %16 = composite_extract %14, [1] : float2
              store @g4, %16
              %17 = composite_extract %14, [2] : uint
              store @g5, %17
              emit_vertex
              %18 = access_chain %2, 0:int : ptr<function, float4>
              %19 = load %18 : float4
              %20 = composite_extract %19, [0] : float
              %21 = access_chain %0, 0:int : ptr<function, V>
              %22 = access_chain %21, 1:int : ptr<function, float>
              %23 = load %22 : float
              %24 = add %20, %23 : float
              %25 = load %18 : float4
              %26 = composite_insert %25, %24, [0] : float4
              store %18, %26
              %27 = load %2 : G
              %28 = composite_extract %27, [0] : float4
              store @g3, %28
              %29 = composite_extract %27, [1] : float2
              store @g4, %29
              %30 = composite_extract %27, [2] : uint
              store @g5, %30
              emit_vertex
              end_primitive
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = access_chain @g0, 0:uint : ptr<input, float4>
              %1 = load %0 : float4
              %2 = access_chain @g1, 0:uint : ptr<input, float>
              %3 = load %2 : float
              %4 = composite_construct %1, %3 : V
              %5 = composite_construct %4 : array<V, 1>
              %6 = load @g2 : uint
              call @main_body(%5, %6)
              ret
            }

            entry geometry "main" @main invocations(2) input_primitive(point) output_topology(line_strip) output_vertices(2) inputs(@g0, @g1, @g2) outputs(@g3, @g4, @g5)
        "#]],
    );
}

#[test]
fn geometry_shader_spirv_modes_and_builtins() {
    let m = common::lower_stage(
        r#"
struct V { float4 pos : SV_Position; };
struct G { float4 pos : SV_Position; uint vp : SV_ViewportArrayIndex; uint id : PRIM; };
[maxvertexcount(3)]
void main(triangle V t[3], uint prim : SV_PrimitiveID, inout TriangleStream<G> s) {
    for (uint i = 0; i < 3; i++) {
        G o;
        o.pos = t[i].pos;
        o.vp = 1;
        o.id = prim;
        s.Append(o);
    }
}
"#,
        ShaderStage::Geometry,
    );
    validate(&m, TargetEnv::Vulkan1_1);
    expect![[r#"
        OpCapability Shader
        OpCapability Geometry
        OpCapability MultiViewport
        OpExecutionMode %main Invocations 1
        OpExecutionMode %main Triangles
        OpExecutionMode %main OutputTriangleStrip
        OpExecutionMode %main OutputVertices 3
        OpDecorate %in_SV_Position BuiltIn Position
        OpDecorate %in_SV_PrimitiveID BuiltIn PrimitiveId
        OpDecorate %out_SV_Position BuiltIn Position
        OpDecorate %out_SV_ViewportArrayIndex BuiltIn ViewportIndex
        OpDecorate %out_PRIM Location 0
        OpEmitVertex
    "#]]
    .assert_eq(&spirv_lines(
        &m,
        TargetEnv::Vulkan1_1,
        &[
            "OpCapability",
            "OpExecutionMode",
            "OpDecorate",
            "OpEmitVertex",
            "OpEndPrimitive",
        ],
    ));
}

#[test]
fn a_stream_passed_to_a_function_appends_there() {
    check(
        r#"
struct G { float4 pos : SV_Position; };
void emit(float4 p, inout PointStream<G> s) {
    G o;
    o.pos = p;
    s.Append(o);
}
[maxvertexcount(2)]
void main(point G p[1], inout PointStream<G> s) {
    emit(p[0].pos, s);
    emit(-p[0].pos, s);
}
"#,
        ShaderStage::Geometry,
        TargetEnv::Vulkan1_0,
        expect![[r#"
            struct G { float4 pos : SV_Position; }

            @g0 = input array<float4, 1> builtin(Position) ; in.SV_Position
            @g1 = output float4 builtin(Position) ; out.SV_Position

            func @main_body(%arg0: array<G, 1>) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, array<G, 1>> ; p
              store %0, %arg0
              %1 = access_chain %0, 0:int : ptr<function, G>
              %2 = access_chain %1, 0:int : ptr<function, float4>
              %3 = load %2 : float4
              call @emit(%3)
              %4 = access_chain %0, 0:int : ptr<function, G>
              %5 = access_chain %4, 0:int : ptr<function, float4>
              %6 = load %5 : float4
              %7 = neg %6 : float4
              call @emit(%7)
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = access_chain @g0, 0:uint : ptr<input, float4>
              %1 = load %0 : float4
              %2 = composite_construct %1 : G
              %3 = composite_construct %2 : array<G, 1>
              call @main_body(%3)
              ret
            }

            func @emit(%arg0: float4) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float4> ; p
              %1 = alloca : ptr<function, G> ; o
              store %0, %arg0
              %2 = access_chain %1, 0:int : ptr<function, float4>
              %3 = load %0 : float4
              store %2, %3
              %4 = load %1 : G
              %5 = composite_extract %4, [0] : float4
              store @g1, %5
              emit_vertex
              ret
            }

            entry geometry "main" @main invocations(1) input_primitive(point) output_topology(points) output_vertices(2) inputs(@g0) outputs(@g1)
        "#]],
    );
}

#[test]
fn clip_distances_share_one_builtin_array() {
    check(
        r#"
struct V { float4 pos : SV_Position; float clip : SV_ClipDistance0; };
struct G { float4 pos : SV_Position; float c1 : SV_ClipDistance1; float2 c0 : SV_ClipDistance0; };
[maxvertexcount(1)]
void main(point V p[1], inout PointStream<G> s) {
    G o;
    o.pos = p[0].pos;
    o.c0 = float2(p[0].clip, 1);
    o.c1 = 2;
    s.Append(o);
}
"#,
        ShaderStage::Geometry,
        TargetEnv::Vulkan1_0,
        expect![[r#"
            struct V { float4 pos : SV_Position; float clip : SV_ClipDistance0; }
            struct G { float4 pos : SV_Position; float c1 : SV_ClipDistance1; float2 c0 : SV_ClipDistance0; }

            @g0 = input array<array<float, 1>, 1> builtin(ClipDistance) ; in.SV_ClipDistance
            @g1 = input array<float4, 1> builtin(Position) ; in.SV_Position
            @g2 = output array<float, 3> builtin(ClipDistance) ; out.SV_ClipDistance
            @g3 = output float4 builtin(Position) ; out.SV_Position

            func @main_body(%arg0: array<V, 1>) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, array<V, 1>> ; p
              %1 = alloca : ptr<function, G> ; o
              store %0, %arg0
              %2 = access_chain %1, 0:int : ptr<function, float4>
              %3 = access_chain %0, 0:int : ptr<function, V>
              %4 = access_chain %3, 0:int : ptr<function, float4>
              %5 = load %4 : float4
              store %2, %5
              %6 = access_chain %1, 2:int : ptr<function, float2>
              %7 = access_chain %0, 0:int : ptr<function, V>
              %8 = access_chain %7, 1:int : ptr<function, float>
              %9 = load %8 : float
              %10 = composite_construct %9, 1.0:float : float2
              store %6, %10
              %11 = access_chain %1, 1:int : ptr<function, float>
              store %11, 2.0:float
              %12 = load %1 : G
              %13 = composite_extract %12, [0] : float4
              store @g3, %13
              %14 = composite_extract %12, [1] : float
              %15 = access_chain @g2, 2:uint : ptr<output, float>
              store %15, %14
              %16 = composite_extract %12, [2] : float2
              %17 = composite_extract %16, [0] : float
              %18 = access_chain @g2, 0:uint : ptr<output, float>
              store %18, %17
              %19 = composite_extract %16, [1] : float
              %20 = access_chain @g2, 1:uint : ptr<output, float>
              store %20, %19
              emit_vertex
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = access_chain @g1, 0:uint : ptr<input, float4>
              %1 = load %0 : float4
              %2 = access_chain @g0, 0:uint, 0:uint : ptr<input, float>
              %3 = load %2 : float
              %4 = composite_construct %1, %3 : V
              %5 = composite_construct %4 : array<V, 1>
              call @main_body(%5)
              ret
            }

            entry geometry "main" @main invocations(1) input_primitive(point) output_topology(points) output_vertices(1) inputs(@g1, @g0) outputs(@g3, @g2)
        "#]],
    );
}

#[test]
fn clip_and_cull_distances_of_mesh_and_domain_shaders_validate() {
    let mesh = common::lower_stage(
        r#"
struct V { float4 pos : SV_Position; float2 clip : SV_ClipDistance; float cull : SV_CullDistance; };
[outputtopology("line")]
[numthreads(1, 1, 1)]
void main(out vertices V verts[1], out indices uint2 pts[1]) {
    SetMeshOutputCounts(1, 1);
    V v;
    v.pos = 0;
    v.clip = float2(1, -1);
    v.cull = 1;
    verts[0] = v;
    verts[0].clip = 0;
    pts[0] = uint2(0, 0);
}
"#,
        ShaderStage::Mesh,
    );
    validate(&mesh, TargetEnv::Vulkan1_2);
    let domain = common::lower_stage(
        r#"
struct PC { float e[4] : SV_TessFactor; float i[2] : SV_InsideTessFactor; };
struct CP { float4 pos : SV_Position; };
struct D { float4 pos : SV_Position; float clip : SV_ClipDistance0; };
[domain("quad")]
D main(PC pc, float2 uv : SV_DomainLocation, const OutputPatch<CP, 4> cp) {
    D d;
    d.pos = lerp(cp[0].pos, cp[3].pos, uv.x);
    d.clip = d.pos.z;
    return d;
}
"#,
        ShaderStage::Domain,
    );
    validate(&domain, TargetEnv::Vulkan1_0);
    let prefixes = ["OpCapability", "OpDecorate", "OpExecutionMode"];
    expect![[r#"
        OpCapability Shader
        OpCapability ClipDistance
        OpCapability CullDistance
        OpCapability MeshShadingEXT
        OpExecutionMode %main LocalSize 1 1 1
        OpExecutionMode %main OutputLinesEXT
        OpExecutionMode %main OutputVertices 1
        OpExecutionMode %main OutputPrimitivesEXT 1
        OpDecorate %out_SV_ClipDistance BuiltIn ClipDistance
        OpDecorate %out_SV_CullDistance BuiltIn CullDistance
        OpDecorate %out_SV_Position BuiltIn Position
        OpDecorate %out_indices BuiltIn PrimitiveLineIndicesEXT
        ---
        OpCapability Shader
        OpCapability Tessellation
        OpCapability ClipDistance
        OpExecutionMode %main Quads
        OpDecorate %in_SV_Position BuiltIn Position
        OpDecorate %in_SV_TessFactor BuiltIn TessLevelOuter
        OpDecorate %in_SV_TessFactor Patch
        OpDecorate %in_SV_InsideTessFactor BuiltIn TessLevelInner
        OpDecorate %in_SV_InsideTessFactor Patch
        OpDecorate %in_SV_DomainLocation BuiltIn TessCoord
        OpDecorate %out_SV_ClipDistance BuiltIn ClipDistance
        OpDecorate %out_SV_Position BuiltIn Position
    "#]]
    .assert_eq(&format!(
        "{}---\n{}",
        spirv_lines(&mesh, TargetEnv::Vulkan1_2, &prefixes),
        spirv_lines(&domain, TargetEnv::Vulkan1_0, &prefixes)
    ));
}

const TESSELLATION: &str = r#"
struct CP { float3 pos : POSITION; float2 uv : TEXCOORD0; };
struct PC { float edges[3] : SV_TessFactor; float inside : SV_InsideTessFactor; float3 mid : MIDPOINT; };
struct DOut { float4 pos : SV_Position; float2 uv : TEXCOORD0; };

PC patch_constants(InputPatch<CP, 3> ip, uint id : SV_PrimitiveID) {
    PC pc;
    pc.edges[0] = pc.edges[1] = pc.edges[2] = 4.0;
    pc.inside = id % 2 ? 2.0 : 3.0;
    pc.mid = (ip[0].pos + ip[1].pos + ip[2].pos) / 3.0;
    return pc;
}

[domain("tri")]
[partitioning("integer")]
[outputtopology("triangle_ccw")]
[outputcontrolpoints(3)]
[patchconstantfunc("patch_constants")]
CP hull(InputPatch<CP, 3> ip, uint i : SV_OutputControlPointID) {
    return ip[i];
}

[domain("tri")]
DOut domain(PC pc, float3 bary : SV_DomainLocation, const OutputPatch<CP, 3> cp) {
    DOut o;
    float3 p = cp[0].pos * bary.x + cp[1].pos * bary.y + cp[2].pos * bary.z;
    o.pos = float4(p + pc.mid * pc.edges[0], 1.0);
    o.uv = cp[0].uv * bary.x + cp[1].uv * bary.y + cp[2].uv * bary.z;
    return o;
}
"#;

#[test]
fn hull_shader_runs_the_patch_constant_function_on_invocation_zero() {
    check(
        &TESSELLATION.replace("CP hull(", "CP main("),
        ShaderStage::Hull,
        TargetEnv::Vulkan1_0,
        expect![[r#"
            struct CP { float3 pos : POSITION; float2 uv : TEXCOORD0; }
            struct PC { array<float, 3> edges : SV_TessFactor; float inside : SV_InsideTessFactor; float3 mid : MIDPOINT; }

            @g0 = input array<float3, 3> location(0) ; in.POSITION
            @g1 = input array<float2, 3> location(1) ; in.TEXCOORD0
            @g2 = input uint builtin(InvocationId) ; in.SV_OutputControlPointID
            @g3 = output array<float3, 3> location(1) ; out.POSITION
            @g4 = output array<float2, 3> location(2) ; out.TEXCOORD0
            @g5 = input uint builtin(PrimitiveId) ; in.SV_PrimitiveID
            @g6 = output array<float, 4> builtin(TessLevelOuter) patch ; out.SV_TessFactor
            @g7 = output array<float, 2> builtin(TessLevelInner) patch ; out.SV_InsideTessFactor
            @g8 = output float3 location(0) patch ; out.MIDPOINT

            func @main_body(%arg0: array<CP, 3>, %arg1: uint) -> CP {
            bb0: ; (entry)
              %0 = alloca : ptr<function, array<CP, 3>> ; ip
              %1 = alloca : ptr<function, uint> ; i
              store %0, %arg0
              store %1, %arg1
              %2 = load %1 : uint
              %3 = access_chain %0, %2 : ptr<function, CP>
              %4 = load %3 : CP
              ret %4
            }

            func @patch_constants(%arg0: array<CP, 3>, %arg1: uint) -> PC {
            bb0: ; (entry)
              %0 = alloca : ptr<function, array<CP, 3>> ; ip
              %1 = alloca : ptr<function, uint> ; id
              %2 = alloca : ptr<function, PC> ; pc
              store %0, %arg0
              store %1, %arg1
              %3 = access_chain %2, 0:int : ptr<function, array<float, 3>>
              %4 = access_chain %3, 0:int : ptr<function, float>
              %5 = access_chain %2, 0:int : ptr<function, array<float, 3>>
              %6 = access_chain %5, 1:int : ptr<function, float>
              %7 = access_chain %2, 0:int : ptr<function, array<float, 3>>
              %8 = access_chain %7, 2:int : ptr<function, float>
              store %8, 4.0:float
              store %6, 4.0:float
              store %4, 4.0:float
              %9 = access_chain %2, 1:int : ptr<function, float>
              %10 = load %1 : uint
              %11 = rem %10, 2:uint : uint
              %12 = ne %11, 0:uint : bool
              %13 = select %12, 2.0:float, 3.0:float : float
              store %9, %13
              %14 = access_chain %2, 2:int : ptr<function, float3>
              %15 = access_chain %0, 0:int : ptr<function, CP>
              %16 = access_chain %15, 0:int : ptr<function, float3>
              %17 = load %16 : float3
              %18 = access_chain %0, 1:int : ptr<function, CP>
              %19 = access_chain %18, 0:int : ptr<function, float3>
              %20 = load %19 : float3
              %21 = add %17, %20 : float3
              %22 = access_chain %0, 2:int : ptr<function, CP>
              %23 = access_chain %22, 0:int : ptr<function, float3>
              %24 = load %23 : float3
              %25 = add %21, %24 : float3
              %26 = div %25, {3.0, 3.0, 3.0}:float3 : float3
              store %14, %26
              %27 = load %2 : PC
              ret %27
            }

            func @main() -> void {
            bb0: ; selection merge=bb2 (entry)
              %0 = access_chain @g0, 0:uint : ptr<input, float3>
              %1 = load %0 : float3
              %2 = access_chain @g1, 0:uint : ptr<input, float2>
              %3 = load %2 : float2
              %4 = composite_construct %1, %3 : CP
              %5 = access_chain @g0, 1:uint : ptr<input, float3>
              %6 = load %5 : float3
              %7 = access_chain @g1, 1:uint : ptr<input, float2>
              %8 = load %7 : float2
              %9 = composite_construct %6, %8 : CP
              %10 = access_chain @g0, 2:uint : ptr<input, float3>
              %11 = load %10 : float3
              %12 = access_chain @g1, 2:uint : ptr<input, float2>
              %13 = load %12 : float2
              %14 = composite_construct %11, %13 : CP
              %15 = composite_construct %4, %9, %14 : array<CP, 3>
              %16 = load @g2 : uint
              %17 = call @main_body(%15, %16) : CP
              %18 = load @g2 : uint
              %19 = composite_extract %17, [0] : float3
              %20 = access_chain @g3, %18 : ptr<output, float3>
              store %20, %19
              %21 = composite_extract %17, [1] : float2
              %22 = access_chain @g4, %18 : ptr<output, float2>
              store %22, %21
              barrier group_sync
              %23 = eq %18, 0:uint : bool
              cond_br %23, bb1, bb2
            bb1: ; (patch_constants)
              %24 = access_chain @g0, 0:uint : ptr<input, float3>
              %25 = load %24 : float3
              %26 = access_chain @g1, 0:uint : ptr<input, float2>
              %27 = load %26 : float2
              %28 = composite_construct %25, %27 : CP
              %29 = access_chain @g0, 1:uint : ptr<input, float3>
              %30 = load %29 : float3
              %31 = access_chain @g1, 1:uint : ptr<input, float2>
              %32 = load %31 : float2
              %33 = composite_construct %30, %32 : CP
              %34 = access_chain @g0, 2:uint : ptr<input, float3>
              %35 = load %34 : float3
              %36 = access_chain @g1, 2:uint : ptr<input, float2>
              %37 = load %36 : float2
              %38 = composite_construct %35, %37 : CP
              %39 = composite_construct %28, %33, %38 : array<CP, 3>
              %40 = load @g5 : uint
              %41 = call @patch_constants(%39, %40) : PC
              %42 = composite_extract %41, [0] : array<float, 3>
              %43 = access_chain @g6, 0:uint : ptr<output, float>
              %44 = composite_extract %42, [0] : float
              store %43, %44
              %45 = access_chain @g6, 1:uint : ptr<output, float>
              %46 = composite_extract %42, [1] : float
              store %45, %46
              %47 = access_chain @g6, 2:uint : ptr<output, float>
              %48 = composite_extract %42, [2] : float
              store %47, %48
              %49 = composite_extract %41, [1] : float
              %50 = access_chain @g7, 0:uint : ptr<output, float>
              store %50, %49
              %51 = composite_extract %41, [2] : float3
              store @g8, %51
              br bb2
            bb2: ; (merge)
              ret
            }

            entry hull "main" @main domain(tri) partitioning(integer) tess_output(triangle_ccw) output_vertices(3) input_control_points(3) inputs(@g0, @g1, @g2, @g5) outputs(@g3, @g4, @g6, @g7, @g8)
        "#]],
    );
}

#[test]
fn domain_shader_reads_patch_constants_and_the_output_patch() {
    check(
        &TESSELLATION.replace("DOut domain(", "DOut main("),
        ShaderStage::Domain,
        TargetEnv::Vulkan1_0,
        expect![[r#"
            struct PC { array<float, 3> edges : SV_TessFactor; float inside : SV_InsideTessFactor; float3 mid : MIDPOINT; }
            struct CP { float3 pos : POSITION; float2 uv : TEXCOORD0; }
            struct DOut { float4 pos : SV_Position; float2 uv : TEXCOORD0; }

            @g0 = input array<float3, 3> location(1) ; in.POSITION
            @g1 = input array<float2, 3> location(2) ; in.TEXCOORD0
            @g2 = input array<float, 4> builtin(TessLevelOuter) patch ; in.SV_TessFactor
            @g3 = input array<float, 2> builtin(TessLevelInner) patch ; in.SV_InsideTessFactor
            @g4 = input float3 location(0) patch ; in.MIDPOINT
            @g5 = input float3 builtin(TessCoord) ; in.SV_DomainLocation
            @g6 = output float4 builtin(Position) ; out.SV_Position
            @g7 = output float2 location(0) ; out.TEXCOORD0

            func @main_body(%arg0: PC, %arg1: float3, %arg2: array<CP, 3>) -> DOut {
            bb0: ; (entry)
              %0 = alloca : ptr<function, PC> ; pc
              %1 = alloca : ptr<function, float3> ; bary
              %2 = alloca : ptr<function, array<CP, 3>> ; cp
              %3 = alloca : ptr<function, DOut> ; o
              %4 = alloca : ptr<function, float3> ; p
              store %0, %arg0
              store %1, %arg1
              store %2, %arg2
              %5 = access_chain %2, 0:int : ptr<function, CP>
              %6 = access_chain %5, 0:int : ptr<function, float3>
              %7 = load %6 : float3
              %8 = load %1 : float3
              %9 = composite_extract %8, [0] : float
              %10 = composite_construct %9, %9, %9 : float3
              %11 = mul %7, %10 : float3
              %12 = access_chain %2, 1:int : ptr<function, CP>
              %13 = access_chain %12, 0:int : ptr<function, float3>
              %14 = load %13 : float3
              %15 = load %1 : float3
              %16 = composite_extract %15, [1] : float
              %17 = composite_construct %16, %16, %16 : float3
              %18 = mul %14, %17 : float3
              %19 = add %11, %18 : float3
              %20 = access_chain %2, 2:int : ptr<function, CP>
              %21 = access_chain %20, 0:int : ptr<function, float3>
              %22 = load %21 : float3
              %23 = load %1 : float3
              %24 = composite_extract %23, [2] : float
              %25 = composite_construct %24, %24, %24 : float3
              %26 = mul %22, %25 : float3
              %27 = add %19, %26 : float3
              store %4, %27
              %28 = access_chain %3, 0:int : ptr<function, float4>
              %29 = load %4 : float3
              %30 = access_chain %0, 2:int : ptr<function, float3>
              %31 = load %30 : float3
              %32 = access_chain %0, 0:int : ptr<function, array<float, 3>>
              %33 = access_chain %32, 0:int : ptr<function, float>
              %34 = load %33 : float
              %35 = composite_construct %34, %34, %34 : float3
              %36 = mul %31, %35 : float3
              %37 = add %29, %36 : float3
              %38 = composite_construct %37, 1.0:float : float4
              store %28, %38
              %39 = access_chain %3, 1:int : ptr<function, float2>
              %40 = access_chain %2, 0:int : ptr<function, CP>
              %41 = access_chain %40, 1:int : ptr<function, float2>
              %42 = load %41 : float2
              %43 = load %1 : float3
              %44 = composite_extract %43, [0] : float
              %45 = composite_construct %44, %44 : float2
              %46 = mul %42, %45 : float2
              %47 = access_chain %2, 1:int : ptr<function, CP>
              %48 = access_chain %47, 1:int : ptr<function, float2>
              %49 = load %48 : float2
              %50 = load %1 : float3
              %51 = composite_extract %50, [1] : float
              %52 = composite_construct %51, %51 : float2
              %53 = mul %49, %52 : float2
              %54 = add %46, %53 : float2
              %55 = access_chain %2, 2:int : ptr<function, CP>
              %56 = access_chain %55, 1:int : ptr<function, float2>
              %57 = load %56 : float2
              %58 = load %1 : float3
              %59 = composite_extract %58, [2] : float
              %60 = composite_construct %59, %59 : float2
              %61 = mul %57, %60 : float2
              %62 = add %54, %61 : float2
              store %39, %62
              %63 = load %3 : DOut
              ret %63
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g2 : array<float, 4>
              %1 = composite_extract %0, [0] : float
              %2 = composite_extract %0, [1] : float
              %3 = composite_extract %0, [2] : float
              %4 = composite_construct %1, %2, %3 : array<float, 3>
              %5 = load @g3 : array<float, 2>
              %6 = composite_extract %5, [0] : float
              %7 = load @g4 : float3
              %8 = composite_construct %4, %6, %7 : PC
              %9 = load @g5 : float3
              %10 = access_chain @g0, 0:uint : ptr<input, float3>
              %11 = load %10 : float3
              %12 = access_chain @g1, 0:uint : ptr<input, float2>
              %13 = load %12 : float2
              %14 = composite_construct %11, %13 : CP
              %15 = access_chain @g0, 1:uint : ptr<input, float3>
              %16 = load %15 : float3
              %17 = access_chain @g1, 1:uint : ptr<input, float2>
              %18 = load %17 : float2
              %19 = composite_construct %16, %18 : CP
              %20 = access_chain @g0, 2:uint : ptr<input, float3>
              %21 = load %20 : float3
              %22 = access_chain @g1, 2:uint : ptr<input, float2>
              %23 = load %22 : float2
              %24 = composite_construct %21, %23 : CP
              %25 = composite_construct %14, %19, %24 : array<CP, 3>
              %26 = call @main_body(%8, %9, %25) : DOut
              %27 = composite_extract %26, [0] : float4
              store @g6, %27
              %28 = composite_extract %26, [1] : float2
              store @g7, %28
              ret
            }

            entry domain "main" @main domain(tri) input_control_points(3) inputs(@g2, @g3, @g4, @g5, @g0, @g1) outputs(@g6, @g7)
        "#]],
    );
}

#[test]
fn tessellation_spirv_modes_and_decorations() {
    let hull = common::lower_stage(
        &TESSELLATION.replace("CP hull(", "CP main("),
        ShaderStage::Hull,
    );
    let domain = common::lower_stage(
        &TESSELLATION.replace("DOut domain(", "DOut main("),
        ShaderStage::Domain,
    );
    let prefixes = [
        "OpCapability",
        "OpExecutionMode",
        "OpDecorate",
        "OpControlBarrier",
    ];
    expect![[r#"
        OpCapability Shader
        OpCapability Tessellation
        OpExecutionMode %main Triangles
        OpExecutionMode %main SpacingEqual
        OpExecutionMode %main VertexOrderCcw
        OpExecutionMode %main OutputVertices 3
        OpDecorate %in_POSITION Location 0
        OpDecorate %in_TEXCOORD0 Location 1
        OpDecorate %in_SV_OutputControlPointID BuiltIn InvocationId
        OpDecorate %out_POSITION Location 1
        OpDecorate %out_TEXCOORD0 Location 2
        OpDecorate %in_SV_PrimitiveID BuiltIn PrimitiveId
        OpDecorate %out_SV_TessFactor BuiltIn TessLevelOuter
        OpDecorate %out_SV_TessFactor Patch
        OpDecorate %out_SV_InsideTessFactor BuiltIn TessLevelInner
        OpDecorate %out_SV_InsideTessFactor Patch
        OpDecorate %out_MIDPOINT Location 0
        OpDecorate %out_MIDPOINT Patch
        OpControlBarrier %uint_2 %uint_4 %uint_0
        ---
        OpCapability Shader
        OpCapability Tessellation
        OpExecutionMode %main Triangles
        OpDecorate %in_POSITION Location 1
        OpDecorate %in_TEXCOORD0 Location 2
        OpDecorate %in_SV_TessFactor BuiltIn TessLevelOuter
        OpDecorate %in_SV_TessFactor Patch
        OpDecorate %in_SV_InsideTessFactor BuiltIn TessLevelInner
        OpDecorate %in_SV_InsideTessFactor Patch
        OpDecorate %in_MIDPOINT Location 0
        OpDecorate %in_MIDPOINT Patch
        OpDecorate %in_SV_DomainLocation BuiltIn TessCoord
        OpDecorate %out_SV_Position BuiltIn Position
        OpDecorate %out_TEXCOORD0 Location 0
    "#]]
    .assert_eq(&format!(
        "{}---\n{}",
        spirv_lines(&hull, TargetEnv::Vulkan1_1, &prefixes),
        spirv_lines(&domain, TargetEnv::Vulkan1_1, &prefixes)
    ));
}

#[test]
fn hull_shader_patch_constants_may_read_the_output_patch() {
    // No `SV_OutputControlPointID` parameter: the wrapper still writes at `InvocationId`.
    let m = common::lower_stage(
        r#"
struct CP { float4 pos : SV_Position; };
struct PC { float edges[2] : SV_TessFactor; };
PC constants(OutputPatch<CP, 2> op) {
    PC pc;
    pc.edges[0] = op[0].pos.x;
    pc.edges[1] = op[1].pos.x;
    return pc;
}
[domain("isoline")]
[partitioning("fractional_odd")]
[outputtopology("line")]
[outputcontrolpoints(2)]
[patchconstantfunc("constants")]
CP main(InputPatch<CP, 2> ip) { return ip[0]; }
"#,
        ShaderStage::Hull,
    );
    validate(&m, TargetEnv::Vulkan1_0);
    expect![[r#"
        OpEntryPoint TessellationControl %main "main" %in_SV_Position %in_SV_OutputControlPointID %out_SV_Position %out_SV_TessFactor
        OpExecutionMode %main Isolines
        OpExecutionMode %main SpacingFractionalOdd
        OpExecutionMode %main OutputVertices 2
        OpDecorate %in_SV_Position BuiltIn Position
        OpDecorate %in_SV_OutputControlPointID BuiltIn InvocationId
        OpDecorate %out_SV_Position BuiltIn Position
        OpDecorate %out_SV_TessFactor BuiltIn TessLevelOuter
        OpDecorate %out_SV_TessFactor Patch
    "#]]
    .assert_eq(&spirv_lines(
        &m,
        TargetEnv::Vulkan1_0,
        &["OpEntryPoint", "OpExecutionMode", "OpDecorate"],
    ));
}

const MESH: &str = r#"
struct Payload { uint base[4]; };
struct Vert { float4 pos : SV_Position; float3 color : COLOR0; };
struct Prim { uint id : PRIM_ID; bool cull : SV_CullPrimitive; };
groupshared Payload shared_payload;

[numthreads(4, 1, 1)]
void amplify(uint i : SV_GroupIndex) {
    shared_payload.base[i] = i * 3;
    DispatchMesh(4, 1, 1, shared_payload);
}

[outputtopology("triangle")]
[numthreads(3, 1, 1)]
void mesh(uint t : SV_GroupThreadID, uint g : SV_GroupID, in payload Payload p,
          out vertices Vert verts[3], out indices uint3 tris[1], out primitives Prim prims[1]) {
    SetMeshOutputCounts(3, 1);
    verts[t].pos = float4(t, p.base[g], 0, 1);
    verts[t].color.y = 1.0;
    if (t == 0) {
        tris[0] = uint3(0, 1, 2);
        Prim q;
        q.id = g;
        q.cull = false;
        prims[0] = q;
    }
}
"#;

#[test]
fn amplification_shader_dispatches_with_its_payload() {
    check(
        &MESH.replace("void amplify(", "void main("),
        ShaderStage::Amplification,
        TargetEnv::Vulkan1_2,
        expect![[r#"
            struct Payload { array<uint, 4> base; }

            @g0 = task_payload Payload ; shared_payload
            @g1 = input uint builtin(LocalInvocationIndex) ; SV_GroupIndex

            func @main_body(%arg0: uint) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; i
              store %0, %arg0
              %1 = access_chain @g0, 0:int : ptr<task_payload, array<uint, 4>>
              %2 = load %0 : uint
              %3 = access_chain %1, %2 : ptr<task_payload, uint>
              %4 = load %0 : uint
              %5 = mul %4, 3:uint : uint
              store %3, %5
              emit_mesh_tasks 4:uint, 1:uint, 1:uint, @g0
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g1 : uint ; i
              call @main_body(%0)
              ret
            }

            entry amplification "main" @main numthreads(4, 1, 1) inputs(@g1) outputs()
        "#]],
    );
}

#[test]
fn mesh_shader_writes_its_output_arrays() {
    check(
        &MESH.replace("void mesh(", "void main("),
        ShaderStage::Mesh,
        TargetEnv::Vulkan1_2,
        expect![[r#"
            struct Payload { array<uint, 4> base; }
            struct Prim { uint id : PRIM_ID; bool cull : SV_CullPrimitive; }

            @g0 = input uint3 builtin(LocalInvocationId) ; in.SV_GroupThreadID
            @g1 = input uint3 builtin(WorkgroupId) ; in.SV_GroupID
            @g2 = task_payload Payload ; p
            @g3 = output array<float4, 3> builtin(Position) ; out.SV_Position
            @g4 = output array<float3, 3> location(0) ; out.COLOR0
            @g5 = output array<uint, 1> location(1) per_primitive ; out.PRIM_ID
            @g6 = output array<bool, 1> builtin(CullPrimitiveEXT) per_primitive ; out.SV_CullPrimitive
            @g7 = output array<uint3, 1> builtin(PrimitiveTriangleIndicesEXT) ; out.indices

            func @main_body(%arg0: uint, %arg1: uint, %arg2: Payload) -> void {
            bb0: ; selection merge=bb2 (entry)
              %0 = alloca : ptr<function, uint> ; t
              %1 = alloca : ptr<function, uint> ; g
              %2 = alloca : ptr<function, Payload> ; p
              %3 = alloca : ptr<function, Prim> ; q
              store %0, %arg0
              store %1, %arg1
              store %2, %arg2
              set_mesh_outputs 3:uint, 1:uint
              %4 = load %0 : uint
              %5 = load %0 : uint
              %6 = convert %5 : float
              %7 = access_chain %2, 0:int : ptr<function, array<uint, 4>>
              %8 = load %1 : uint
              %9 = access_chain %7, %8 : ptr<function, uint>
              %10 = load %9 : uint
              %11 = convert %10 : float
              %12 = composite_construct %6, %11, 0.0:float, 1.0:float : float4
              %13 = access_chain @g3, %4 : ptr<output, float4>
              store %13, %12
              %14 = load %0 : uint
              %15 = access_chain @g4, %14, 1:uint : ptr<output, float>
              store %15, 1.0:float
              %16 = load %0 : uint
              %17 = eq %16, 0:uint : bool
              cond_br %17, bb1, bb2
            bb1: ; (if.then)
              %18 = composite_construct 0:uint, 1:uint, 2:uint : uint3
              %19 = access_chain @g7, 0:int : ptr<output, uint3>
              store %19, %18
              %20 = access_chain %3, 0:int : ptr<function, uint>
              %21 = load %1 : uint
              store %20, %21
              %22 = access_chain %3, 1:int : ptr<function, bool>
              store %22, false:bool
              %23 = load %3 : Prim
              %24 = composite_extract %23, [0] : uint
              %25 = access_chain @g5, 0:int : ptr<output, uint>
              store %25, %24
              %26 = composite_extract %23, [1] : bool
              %27 = access_chain @g6, 0:int : ptr<output, bool>
              store %27, %26
              br bb2
            bb2: ; (if.merge)
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3
              %1 = composite_extract %0, [0] : uint
              %2 = load @g1 : uint3
              %3 = composite_extract %2, [0] : uint
              %4 = load @g2 : Payload
              call @main_body(%1, %3, %4)
              ret
            }

            entry mesh "main" @main numthreads(3, 1, 1) output_topology(triangles) output_vertices(3) output_primitives(1) inputs(@g0, @g1) outputs(@g3, @g4, @g5, @g6, @g7)
        "#]],
    );
}

#[test]
fn mesh_spirv_modes_and_decorations() {
    let amplify = common::lower_stage(
        &MESH.replace("void amplify(", "void main("),
        ShaderStage::Amplification,
    );
    let mesh = common::lower_stage(&MESH.replace("void mesh(", "void main("), ShaderStage::Mesh);
    let prefixes = [
        "OpCapability",
        "OpExtension",
        "OpEntryPoint",
        "OpExecutionMode",
        "OpDecorate",
        "OpSetMeshOutputsEXT",
        "OpEmitMeshTasksEXT",
    ];
    expect![[r#"
        OpCapability Shader
        OpCapability MeshShadingEXT
        OpExtension "SPV_EXT_mesh_shader"
        OpEntryPoint TaskEXT %main "main" %shared_payload %SV_GroupIndex
        OpExecutionMode %main LocalSize 4 1 1
        OpDecorate %SV_GroupIndex BuiltIn LocalInvocationIndex
        OpEmitMeshTasksEXT %uint_4 %uint_1 %uint_1 %shared_payload
        ---
        OpCapability Shader
        OpCapability MeshShadingEXT
        OpExtension "SPV_EXT_mesh_shader"
        OpEntryPoint MeshEXT %main "main" %in_SV_GroupThreadID %in_SV_GroupID %p %out_SV_Position %out_COLOR0 %out_PRIM_ID %out_SV_CullPrimitive %out_indices
        OpExecutionMode %main LocalSize 3 1 1
        OpExecutionMode %main OutputTrianglesEXT
        OpExecutionMode %main OutputVertices 3
        OpExecutionMode %main OutputPrimitivesEXT 1
        OpDecorate %in_SV_GroupThreadID BuiltIn LocalInvocationId
        OpDecorate %in_SV_GroupID BuiltIn WorkgroupId
        OpDecorate %out_SV_Position BuiltIn Position
        OpDecorate %out_COLOR0 Location 0
        OpDecorate %out_PRIM_ID Location 1
        OpDecorate %out_PRIM_ID PerPrimitiveEXT
        OpDecorate %out_SV_CullPrimitive BuiltIn CullPrimitiveEXT
        OpDecorate %out_SV_CullPrimitive PerPrimitiveEXT
        OpDecorate %out_indices BuiltIn PrimitiveTriangleIndicesEXT
        OpSetMeshOutputsEXT %uint_3 %uint_1
    "#]]
    .assert_eq(&format!(
        "{}---\n{}",
        spirv_lines(&amplify, TargetEnv::Vulkan1_2, &prefixes),
        spirv_lines(&mesh, TargetEnv::Vulkan1_2, &prefixes)
    ));
    // Below SPIR-V 1.4 mesh shaders use SPV_NV_mesh_shader (as DXC does), which has no
    // `CullPrimitive` built-in.
    let err = spirv_backend::emit(&mesh, &SpirvOptions::new(TargetEnv::Vulkan1_1)).unwrap_err();
    expect!["needs a newer target: global out.SV_CullPrimitive: SV_CullPrimitive is the CullPrimitiveEXT built-in of SPV_EXT_mesh_shader, which SPV_NV_mesh_shader does not have (mesh shaders use SPV_NV_mesh_shader below SPIR-V 1.4, or when -fspv-extension= does not name SPV_EXT_mesh_shader): compile for vulkan1.1spirv1.4 or later"]
    .assert_eq(&err.to_string());
}

#[test]
fn mesh_outputs_take_element_and_component_assignments() {
    let m = common::lower_stage(
        r#"
struct V { float4 pos : SV_Position; float w[2] : WEIGHTS; };
struct P { uint layer : SV_RenderTargetArrayIndex; };
[outputtopology("line")]
[numthreads(2, 1, 1)]
void main(uint i : SV_GroupIndex, out vertices V verts[2], out indices uint2 lines[1],
          out primitives P prims[1]) {
    SetMeshOutputCounts(2, 1);
    verts[i].pos = float4(i, 0, 0, 1);
    verts[i].w[1] = 0.5;
    (verts[i]).w[0] = 0.25;
    lines[0][i] = i;
    prims[0].layer = 1;
}
"#,
        ShaderStage::Mesh,
    );
    validate(&m, TargetEnv::Vulkan1_2);
    let body = ir::print_function(
        &m,
        m.function_by_name("main_body").unwrap(),
        &Default::default(),
    );
    expect![[r#"
        func @main_body(%arg0: uint) -> void {
        bb0: ; (entry)
          %0 = alloca : ptr<function, uint> ; i
          store %0, %arg0
          set_mesh_outputs 2:uint, 1:uint
          %1 = load %0 : uint
          %2 = load %0 : uint
          %3 = convert %2 : float
          %4 = composite_construct %3, 0.0:float, 0.0:float, 1.0:float : float4
          %5 = access_chain @g1, %1 : ptr<output, float4>
          store %5, %4
          %6 = load %0 : uint
          %7 = access_chain @g2, %6, 1:int : ptr<output, float>
          store %7, 0.5:float
          %8 = load %0 : uint
          %9 = access_chain @g2, %8, 0:int : ptr<output, float>
          store %9, 0.25:float
          %10 = load %0 : uint
          %11 = load %0 : uint
          %12 = access_chain @g4, 0:int, %10 : ptr<output, uint>
          store %12, %11
          %13 = access_chain @g3, 0:int : ptr<output, uint>
          store %13, 1:uint
          ret
        }
    "#]]
    .assert_eq(&body);
}

#[test]
fn invert_y_flips_the_positions_a_mesh_shader_writes() {
    let mesh = common::lower_stage(&MESH.replace("void mesh(", "void main("), ShaderStage::Mesh);
    let mut options = SpirvOptions::new(TargetEnv::Vulkan1_2);
    options.invert_y = true;
    let words = spirv_backend::emit(&mesh, &options).expect("emit");
    let failures = spirv_backend::validate::validate(
        &words,
        &spirv_backend::validator_options(&mesh, &options),
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let text = spirv_backend::disassemble(&words);
    assert_eq!(text.matches("OpFNegate").count(), 1, "{text}");
}

#[test]
fn what_is_not_lowered_yet_is_refused() {
    refused(
        r#"
struct G { float4 pos : SV_Position; };
[maxvertexcount(1)]
void main(triangle G t[2], inout PointStream<G> s) { s.Append(t[0]); }
"#,
        ShaderStage::Geometry,
        expect!["E3001 82..83: not supported yet: a `triangle` input of 2 vertices (it takes 3)"],
    );
    refused(
        r#"
struct G { float4 pos : SV_Position; };
void main(point G p[1], inout PointStream<G> s) { s.Append(p[0]); }
"#,
        ShaderStage::Geometry,
        expect!["E3032 41..108: geometry entry point must have a valid maxvertexcount attribute"],
    );
    refused(
        r#"
struct CP { float3 pos : POSITION; };
[domain("quad")]
[partitioning("integer")]
[outputtopology("triangle_cw")]
[outputcontrolpoints(4)]
CP main(InputPatch<CP, 4> ip, uint i : SV_OutputControlPointID) { return ip[i]; }
"#,
        ShaderStage::Hull,
        expect!["E3001 39..220: not supported yet: a hull shader without `[patchconstantfunc]`"],
    );
    // Reading elements and compound assignments lower (`snapshot_attrib`), as do an `out`
    // argument (`res5`) and the whole output array given to an `in` parameter (`res6`).
}

#[test]
fn mesh_output_writes_one_component_of_a_clip_distance() {
    // `c1` is `SV_ClipDistance1` after the two floats of `SV_ClipDistance0`: its `.y` is
    // element 2 + 1 = 3 of the `float[4]` built-in.
    check(
        r#"
struct V { float4 pos : SV_Position; float2 c1 : SV_ClipDistance1; float2 c0 : SV_ClipDistance0; };
[outputtopology("line")]
[numthreads(1, 1, 1)]
void main(out vertices V verts[1], out indices uint2 pts[1]) {
    SetMeshOutputCounts(1, 1);
    verts[0].pos = 0;
    verts[0].c0 = 0;
    verts[0].c1.y = -1;
    pts[0] = uint2(0, 0);
}
"#,
        ShaderStage::Mesh,
        TargetEnv::Vulkan1_2,
        expect![[r#"
            @g0 = output array<array<float, 4>, 1> builtin(ClipDistance) ; out.SV_ClipDistance
            @g1 = output array<float4, 1> builtin(Position) ; out.SV_Position
            @g2 = output array<uint2, 1> builtin(PrimitiveLineIndicesEXT) ; out.indices

            func @main_body() -> void {
            bb0: ; (entry)
              set_mesh_outputs 1:uint, 1:uint
              %0 = access_chain @g1, 0:int : ptr<output, float4>
              store %0, {0.0, 0.0, 0.0, 0.0}:float4
              %1 = composite_extract {0.0, 0.0}:float2, [0] : float
              %2 = access_chain @g0, 0:int, 0:uint : ptr<output, float>
              store %2, %1
              %3 = composite_extract {0.0, 0.0}:float2, [1] : float
              %4 = access_chain @g0, 0:int, 1:uint : ptr<output, float>
              store %4, %3
              %5 = add 1:uint, 2:uint : uint
              %6 = access_chain @g0, 0:int, %5 : ptr<output, float>
              store %6, -1.0:float
              %7 = composite_construct 0:uint, 0:uint : uint2
              %8 = access_chain @g2, 0:int : ptr<output, uint2>
              store %8, %7
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            entry mesh "main" @main numthreads(1, 1, 1) output_topology(lines) output_vertices(1) output_primitives(1) inputs() outputs(@g1, @g0, @g2)
        "#]],
    );
}
