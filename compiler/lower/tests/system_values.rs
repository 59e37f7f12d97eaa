//! System values of vertex and pixel shaders after DXC's table (`docs/SPIR-V.rst`, "HLSL
//! semantic and Vulkan `BuiltIn`"): clip and cull distances packed into one `float` array
//! each, the pixel-shader inputs of later shader models (coverage, barycentrics, view and
//! primitive ids, shading rate), depth and stencil outputs, and per-primitive inputs. Each
//! dump is verified; the SPIR-V is validated in `cli/tests/spirv/system_values.rs`.

mod common;

use expect_test::{expect, Expect};
use lower::ShaderStage;

fn check(text: &str, stage: ShaderStage, expect: Expect) {
    let m = common::lower_stage(text, stage);
    expect.assert_eq(&ir::print_module(&m));
}

// DXC's example: clip0 at offset 0, clip2 (two floats) at 1, clip5 (three) at 3: `float[6]`.
#[test]
fn vertex_clip_distances_share_one_array_in_semantic_index_order() {
    check(
        r#"
struct VsOut {
    float4 pos : SV_Position;
    float3 clip5 : SV_ClipDistance5;
    float clip0 : SV_ClipDistance0;
    float2 clip2 : SV_ClipDistance2;
    float cull : SV_CullDistance;
};
VsOut main(float4 p : POSITION) {
    VsOut o;
    o.pos = p;
    o.clip5 = p.xyz;
    o.clip0 = p.w;
    o.clip2 = p.zw;
    o.cull = -p.x;
    return o;
}
"#,
        ShaderStage::Vertex,
        expect![[r#"
            struct VsOut { float4 pos : SV_Position; float3 clip5 : SV_ClipDistance5; float clip0 : SV_ClipDistance0; float2 clip2 : SV_ClipDistance2; float cull : SV_CullDistance; }

            @g0 = input float4 location(0) ; in.POSITION
            @g1 = output array<float, 6> builtin(ClipDistance) ; out.SV_ClipDistance
            @g2 = output array<float, 1> builtin(CullDistance) ; out.SV_CullDistance
            @g3 = output float4 builtin(Position) ; out.SV_Position

            func @main_body(%arg0: float4) -> VsOut {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float4> ; p
              %1 = alloca : ptr<function, VsOut> ; o
              store %0, %arg0
              %2 = access_chain %1, 0:int : ptr<function, float4>
              %3 = load %0 : float4
              store %2, %3
              %4 = access_chain %1, 1:int : ptr<function, float3>
              %5 = load %0 : float4
              %6 = swizzle %5, xyz : float3
              store %4, %6
              %7 = access_chain %1, 2:int : ptr<function, float>
              %8 = load %0 : float4
              %9 = composite_extract %8, [3] : float
              store %7, %9
              %10 = access_chain %1, 3:int : ptr<function, float2>
              %11 = load %0 : float4
              %12 = swizzle %11, zw : float2
              store %10, %12
              %13 = access_chain %1, 4:int : ptr<function, float>
              %14 = load %0 : float4
              %15 = composite_extract %14, [0] : float
              %16 = neg %15 : float
              store %13, %16
              %17 = load %1 : VsOut
              ret %17
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : float4
              %1 = call @main_body(%0) : VsOut
              %2 = composite_extract %1, [0] : float4
              store @g3, %2
              %3 = composite_extract %1, [1] : float3
              %4 = composite_extract %3, [0] : float
              %5 = access_chain @g1, 3:uint : ptr<output, float>
              store %5, %4
              %6 = composite_extract %3, [1] : float
              %7 = access_chain @g1, 4:uint : ptr<output, float>
              store %7, %6
              %8 = composite_extract %3, [2] : float
              %9 = access_chain @g1, 5:uint : ptr<output, float>
              store %9, %8
              %10 = composite_extract %1, [2] : float
              %11 = access_chain @g1, 0:uint : ptr<output, float>
              store %11, %10
              %12 = composite_extract %1, [3] : float2
              %13 = composite_extract %12, [0] : float
              %14 = access_chain @g1, 1:uint : ptr<output, float>
              store %14, %13
              %15 = composite_extract %12, [1] : float
              %16 = access_chain @g1, 2:uint : ptr<output, float>
              store %16, %15
              %17 = composite_extract %1, [4] : float
              %18 = access_chain @g2, 0:uint : ptr<output, float>
              store %18, %17
              ret
            }

            entry vertex "main" @main inputs(@g0) outputs(@g3, @g1, @g2)
        "#]],
    );
}

#[test]
fn pixel_inputs_read_clip_distances_by_element() {
    check(
        r#"
float4 main(float2 c : SV_ClipDistance1, float d : SV_ClipDistance0) : SV_Target {
    return float4(c, d, 1);
}
"#,
        ShaderStage::Pixel,
        expect![[r#"
            @g0 = input array<float, 3> builtin(ClipDistance) ; in.SV_ClipDistance
            @g1 = output float4 location(0) ; out.SV_Target

            func @main_body(%arg0: float2, %arg1: float) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float2> ; c
              %1 = alloca : ptr<function, float> ; d
              store %0, %arg0
              store %1, %arg1
              %2 = load %0 : float2
              %3 = load %1 : float
              %4 = composite_construct %2, %3, 1.0:float : float4
              ret %4
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = access_chain @g0, 1:uint : ptr<input, float>
              %1 = load %0 : float
              %2 = access_chain @g0, 2:uint : ptr<input, float>
              %3 = load %2 : float
              %4 = composite_construct %1, %3 : float2
              %5 = access_chain @g0, 0:uint : ptr<input, float>
              %6 = load %5 : float
              %7 = call @main_body(%4, %6) : float4
              store @g1, %7
              ret
            }

            entry pixel "main" @main inputs(@g0) outputs(@g1)
        "#]],
    );
}

#[test]
fn pixel_system_values_of_later_shader_models() {
    check(
        r#"
struct PsIn {
    noperspective float3 bary : SV_Barycentrics;
    uint prim : SV_PrimitiveID;
    uint view : SV_ViewID;
    uint rate : SV_ShadingRate;
    uint layer : SV_RenderTargetArrayIndex;
    uint viewport : SV_ViewportArrayIndex;
};
struct PsOut {
    float4 color : SV_Target;
    float depth : SV_DepthGreaterEqual;
    uint stencil : SV_StencilRef;
};
PsOut main(PsIn i, uint inner : SV_InnerCoverage) {
    PsOut o;
    o.color = float4(i.bary, float(i.prim + i.view + i.rate + i.layer + i.viewport + inner));
    o.depth = i.bary.x;
    o.stencil = i.prim;
    return o;
}
"#,
        ShaderStage::Pixel,
        expect![[r#"
            struct PsIn { noperspective float3 bary : SV_Barycentrics; uint prim : SV_PrimitiveID; uint view : SV_ViewID; uint rate : SV_ShadingRate; uint layer : SV_RenderTargetArrayIndex; uint viewport : SV_ViewportArrayIndex; }
            struct PsOut { float4 color : SV_Target; float depth : SV_DepthGreaterEqual; uint stencil : SV_StencilRef; }

            @g0 = input float3 builtin(BaryCoordNoPerspKHR) ; in.SV_Barycentrics
            @g1 = input uint builtin(PrimitiveId) nointerpolation ; in.SV_PrimitiveID
            @g2 = input uint builtin(ViewIndex) nointerpolation ; in.SV_ViewID
            @g3 = input uint builtin(ShadingRateKHR) nointerpolation ; in.SV_ShadingRate
            @g4 = input uint builtin(Layer) nointerpolation ; in.SV_RenderTargetArrayIndex
            @g5 = input uint builtin(ViewportIndex) nointerpolation ; in.SV_ViewportArrayIndex
            @g6 = input bool builtin(FullyCoveredEXT) nointerpolation ; in.SV_InnerCoverage
            @g7 = output float4 location(0) ; out.SV_Target
            @g8 = output float builtin(FragDepth) ; out.SV_DepthGreaterEqual
            @g9 = output uint builtin(FragStencilRef) ; out.SV_StencilRef

            func @main_body(%arg0: PsIn, %arg1: uint) -> PsOut {
            bb0: ; (entry)
              %0 = alloca : ptr<function, PsIn> ; i
              %1 = alloca : ptr<function, uint> ; inner
              %2 = alloca : ptr<function, PsOut> ; o
              store %0, %arg0
              store %1, %arg1
              %3 = access_chain %2, 0:int : ptr<function, float4>
              %4 = access_chain %0, 0:int : ptr<function, float3>
              %5 = load %4 : float3
              %6 = access_chain %0, 1:int : ptr<function, uint>
              %7 = load %6 : uint
              %8 = access_chain %0, 2:int : ptr<function, uint>
              %9 = load %8 : uint
              %10 = add %7, %9 : uint
              %11 = access_chain %0, 3:int : ptr<function, uint>
              %12 = load %11 : uint
              %13 = add %10, %12 : uint
              %14 = access_chain %0, 4:int : ptr<function, uint>
              %15 = load %14 : uint
              %16 = add %13, %15 : uint
              %17 = access_chain %0, 5:int : ptr<function, uint>
              %18 = load %17 : uint
              %19 = add %16, %18 : uint
              %20 = load %1 : uint
              %21 = add %19, %20 : uint
              %22 = convert %21 : float
              %23 = composite_construct %5, %22 : float4
              store %3, %23
              %24 = access_chain %2, 1:int : ptr<function, float>
              %25 = access_chain %0, 0:int : ptr<function, float3>
              %26 = load %25 : float3
              %27 = composite_extract %26, [0] : float
              store %24, %27
              %28 = access_chain %2, 2:int : ptr<function, uint>
              %29 = access_chain %0, 1:int : ptr<function, uint>
              %30 = load %29 : uint
              store %28, %30
              %31 = load %2 : PsOut
              ret %31
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : float3
              %1 = load @g1 : uint
              %2 = load @g2 : uint
              %3 = load @g3 : uint
              %4 = load @g4 : uint
              %5 = load @g5 : uint
              %6 = composite_construct %0, %1, %2, %3, %4, %5 : PsIn
              %7 = load @g6 : bool
              %8 = convert %7 : uint
              %9 = call @main_body(%6, %8) : PsOut
              %10 = composite_extract %9, [0] : float4
              store @g7, %10
              %11 = composite_extract %9, [1] : float
              store @g8, %11
              %12 = composite_extract %9, [2] : uint
              store @g9, %12
              ret
            }

            entry pixel "main" @main depth_greater inputs(@g0, @g1, @g2, @g3, @g4, @g5, @g6) outputs(@g7, @g8, @g9)
        "#]],
    );
}

#[test]
fn depth_less_equal_sets_the_depth_less_mode() {
    check(
        r#"
float main(float4 pos : SV_Position) : SV_DepthLessEqual { return pos.z * 0.5; }
"#,
        ShaderStage::Pixel,
        expect![[r#"
            @g0 = input float4 builtin(FragCoord) ; in.SV_Position
            @g1 = output float builtin(FragDepth) ; out.SV_DepthLessEqual

            func @main_body(%arg0: float4) -> float {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float4> ; pos
              store %0, %arg0
              %1 = load %0 : float4
              %2 = composite_extract %1, [2] : float
              %3 = mul %2, 0.5:float : float
              ret %3
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : float4
              %1 = call @main_body(%0) : float
              store @g1, %1
              ret
            }

            entry pixel "main" @main depth_less inputs(@g0) outputs(@g1)
        "#]],
    );
}

#[test]
fn per_primitive_pixel_inputs() {
    check(
        r#"
struct PrimAttrs { [[vk::perprimitive]] nointerpolation uint material : MATERIAL; };
float4 main(float4 color : COLOR, PrimAttrs p, [[vk::perprimitive]] float3 n : NORMAL) : SV_Target {
    return color * float(p.material) + float4(n, 0);
}
"#,
        ShaderStage::Pixel,
        expect![[r#"
            struct PrimAttrs { nointerpolation uint material : MATERIAL; }

            @g0 = input float4 location(0) ; in.COLOR
            @g1 = input uint location(1) per_primitive nointerpolation ; in.MATERIAL
            @g2 = input float3 location(2) per_primitive ; in.NORMAL
            @g3 = output float4 location(0) ; out.SV_Target

            func @main_body(%arg0: float4, %arg1: PrimAttrs, %arg2: float3) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float4> ; color
              %1 = alloca : ptr<function, PrimAttrs> ; p
              %2 = alloca : ptr<function, float3> ; n
              store %0, %arg0
              store %1, %arg1
              store %2, %arg2
              %3 = load %0 : float4
              %4 = access_chain %1, 0:int : ptr<function, uint>
              %5 = load %4 : uint
              %6 = convert %5 : float
              %7 = composite_construct %6, %6, %6, %6 : float4
              %8 = mul %3, %7 : float4
              %9 = load %2 : float3
              %10 = composite_construct %9, 0.0:float : float4
              %11 = add %8, %10 : float4
              ret %11
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : float4
              %1 = load @g1 : uint
              %2 = composite_construct %1 : PrimAttrs
              %3 = load @g2 : float3
              %4 = call @main_body(%0, %2, %3) : float4
              store @g3, %4
              ret
            }

            entry pixel "main" @main inputs(@g0, @g1, @g2) outputs(@g3)
        "#]],
    );
}

#[test]
fn vertex_layer_viewport_and_shading_rate_outputs() {
    check(
        r#"
struct VsOut {
    float4 pos : SV_Position;
    uint layer : SV_RenderTargetArrayIndex;
    uint viewport : SV_ViewportArrayIndex;
    uint rate : SV_ShadingRate;
};
VsOut main(float4 p : SV_Position, uint view : SV_ViewID) {
    VsOut o;
    o.pos = p;
    o.layer = view;
    o.viewport = 1;
    o.rate = 0;
    return o;
}
"#,
        ShaderStage::Vertex,
        expect![[r#"
            struct VsOut { float4 pos : SV_Position; uint layer : SV_RenderTargetArrayIndex; uint viewport : SV_ViewportArrayIndex; uint rate : SV_ShadingRate; }

            @g0 = input float4 location(0) ; in.SV_Position
            @g1 = input uint builtin(ViewIndex) ; in.SV_ViewID
            @g2 = output float4 builtin(Position) ; out.SV_Position
            @g3 = output uint builtin(Layer) nointerpolation ; out.SV_RenderTargetArrayIndex
            @g4 = output uint builtin(ViewportIndex) nointerpolation ; out.SV_ViewportArrayIndex
            @g5 = output uint builtin(PrimitiveShadingRateKHR) nointerpolation ; out.SV_ShadingRate

            func @main_body(%arg0: float4, %arg1: uint) -> VsOut {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float4> ; p
              %1 = alloca : ptr<function, uint> ; view
              %2 = alloca : ptr<function, VsOut> ; o
              store %0, %arg0
              store %1, %arg1
              %3 = access_chain %2, 0:int : ptr<function, float4>
              %4 = load %0 : float4
              store %3, %4
              %5 = access_chain %2, 1:int : ptr<function, uint>
              %6 = load %1 : uint
              store %5, %6
              %7 = access_chain %2, 2:int : ptr<function, uint>
              store %7, 1:uint
              %8 = access_chain %2, 3:int : ptr<function, uint>
              store %8, 0:uint
              %9 = load %2 : VsOut
              ret %9
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : float4
              %1 = load @g1 : uint
              %2 = call @main_body(%0, %1) : VsOut
              %3 = composite_extract %2, [0] : float4
              store @g2, %3
              %4 = composite_extract %2, [1] : uint
              store @g3, %4
              %5 = composite_extract %2, [2] : uint
              store @g4, %5
              %6 = composite_extract %2, [3] : uint
              store @g5, %6
              ret
            }

            entry vertex "main" @main inputs(@g0, @g1) outputs(@g2, @g3, @g4, @g5)
        "#]],
    );
}

#[test]
fn get_attribute_at_vertex_reads_per_vertex_inputs() {
    // `color` and `id` become arrays of the three vertices' values; the parameter itself
    // reads vertex 0, `GetAttributeAtVertex(x, i)` vertex `i`.
    check(
        r#"
struct PsIn { float4 pos : SV_Position; nointerpolation float3 color : COLOR; };
float4 main(PsIn i, nointerpolation uint id : ID, float3 bary : SV_Barycentrics) : SV_Target {
    float3 c = GetAttributeAtVertex(i.color, 1) * bary.y;
    return float4(c + i.color, float(GetAttributeAtVertex(id, 2)));
}
"#,
        ShaderStage::Pixel,
        expect![[r#"
            struct PsIn { float4 pos : SV_Position; nointerpolation float3 color : COLOR; }

            @g0 = input float4 builtin(FragCoord) ; in.SV_Position
            @g1 = input array<float3, 3> location(0) per_vertex nointerpolation ; in.COLOR
            @g2 = input array<uint, 3> location(1) per_vertex nointerpolation ; in.ID
            @g3 = input float3 builtin(BaryCoordKHR) ; in.SV_Barycentrics
            @g4 = output float4 location(0) ; out.SV_Target

            func @main_body(%arg0: PsIn, %arg1: uint, %arg2: float3) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, PsIn> ; i
              %1 = alloca : ptr<function, uint> ; id
              %2 = alloca : ptr<function, float3> ; bary
              %3 = alloca : ptr<function, float3> ; c
              store %0, %arg0
              store %1, %arg1
              store %2, %arg2
              %4 = access_chain @g1, 1:uint : ptr<input, float3>
              %5 = load %4 : float3
              %6 = load %2 : float3
              %7 = composite_extract %6, [1] : float
              %8 = composite_construct %7, %7, %7 : float3
              %9 = mul %5, %8 : float3
              store %3, %9
              %10 = load %3 : float3
              %11 = access_chain %0, 1:int : ptr<function, float3>
              %12 = load %11 : float3
              %13 = add %10, %12 : float3
              %14 = access_chain @g2, 2:uint : ptr<input, uint>
              %15 = load %14 : uint
              %16 = convert %15 : float
              %17 = composite_construct %13, %16 : float4
              ret %17
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : float4
              %1 = access_chain @g1, 0:uint : ptr<input, float3>
              %2 = load %1 : float3
              %3 = composite_construct %0, %2 : PsIn
              %4 = access_chain @g2, 0:uint : ptr<input, uint>
              %5 = load %4 : uint
              %6 = load @g3 : float3
              %7 = call @main_body(%3, %5, %6) : float4
              store @g4, %7
              ret
            }

            entry pixel "main" @main inputs(@g0, @g1, @g2, @g3) outputs(@g4)
        "#]],
    );
}

#[test]
fn get_attribute_at_vertex_in_a_helper_reads_the_per_vertex_input() {
    // The helper's parameter is `nointerpolation` too, as DXC requires of the value
    // `GetAttributeAtVertex` reads (E3061 otherwise).
    let m = common::lower_stage(
        r#"
float3 Second(nointerpolation float3 c) { return GetAttributeAtVertex(c, 1); }
float4 main(nointerpolation float3 c : COLOR) : SV_Target { return float4(Second(c), 1); }
"#,
        ShaderStage::Pixel,
    );
    let dump = ir::print_module(&m);
    assert!(
        dump.contains("input array<float3, 3> location(0) per_vertex nointerpolation ; in.COLOR"),
        "{dump}"
    );
}

/// The stage variables (`@g` lines) of a shader's IR.
fn globals(text: &str, stage: ShaderStage) -> String {
    let m = common::lower_stage(text, stage);
    let ir = ir::print_module(&m);
    ir.lines()
        .filter(|l| l.starts_with("@g"))
        .map(|l| format!("{l}\n"))
        .collect()
}

// A vertex shader's `SV_ClipDistance`/`SV_CullDistance` inputs are vertex attributes with
// locations, as DXC declares them (Vulkan has no clip distance input in the vertex stage);
// its outputs still share the built-in arrays.
#[test]
fn vertex_clip_distance_inputs_take_locations() {
    let text = r#"
struct VsOut { float4 pos : SV_Position; float2 clip : SV_ClipDistance0; };
VsOut main(float4 p : POSITION, float2 c : SV_ClipDistance, float3 d : SV_CullDistance1) {
    VsOut o;
    o.pos = p;
    o.clip = c + d.xy;
    return o;
}
"#;
    expect![[r#"
        @g0 = input float4 location(0) ; in.POSITION
        @g1 = input float2 location(1) ; in.SV_ClipDistance
        @g2 = input float3 location(2) ; in.SV_CullDistance1
        @g3 = output array<float, 2> builtin(ClipDistance) ; out.SV_ClipDistance
        @g4 = output float4 builtin(Position) ; out.SV_Position
    "#]]
    .assert_eq(&globals(text, ShaderStage::Vertex));
}

// A domain shader's `out` parameter with a clip distance shares the output `ClipDistance`
// array with the result's, after them in semantic-index order (clip0 at 0, clip1's three
// floats at 1): one built-in array per side, as DXC packs them (there were two, which Vulkan
// forbids: two output variables decorated `ClipDistance`).
#[test]
fn domain_out_parameter_clip_distances_share_the_array() {
    let text = r#"
struct Pcf { float e[4] : SV_TessFactor; float i[2] : SV_InsideTessFactor; };
struct Cp { float4 p : POS; };
struct DsOut { float4 pos : SV_Position; float clip0 : SV_ClipDistance0; };
[domain("quad")]
DsOut main(const OutputPatch<Cp, 4> patch, float2 uv : SV_DomainLocation, Pcf pcf,
           out float3 clip1 : SV_ClipDistance1) {
    DsOut o;
    o.pos = patch[0].p;
    o.clip0 = uv.x;
    clip1 = uv.xyx;
    return o;
}
"#;
    let g = globals(text, ShaderStage::Domain);
    assert_eq!(g.matches("builtin(ClipDistance)").count(), 1, "{g}");
    assert!(
        g.contains("output array<float, 4> builtin(ClipDistance)"),
        "{g}"
    );
}

// A geometry shader may take several per-vertex inputs of one primitive (`line float2
// bar[2] : BAR` beside `line V v[2]`), as DXC reads them: each is an array of the vertices'
// values, locations in parameter order (it was "not supported yet").
#[test]
fn geometry_takes_two_inputs_of_one_primitive() {
    let text = r#"
struct V { float4 pos : SV_Position; float3 foo : FOO; };
struct O { float4 pos : SV_Position; float2 bar : BAR; };
[maxvertexcount(2)]
void main(line float2 bar[2] : BAR, line V v[2], inout LineStream<O> s) {
    O o;
    o.pos = v[1].pos + v[0].foo.x;
    o.bar = bar[1];
    s.Append(o);
}
"#;
    expect![[r#"
        @g0 = input array<float2, 2> location(0) ; in.BAR
        @g1 = input array<float4, 2> builtin(Position) ; in.SV_Position
        @g2 = input array<float3, 2> location(1) ; in.FOO
        @g3 = output float4 builtin(Position) ; out.SV_Position
        @g4 = output float2 location(0) ; out.BAR
    "#]]
    .assert_eq(&globals(text, ShaderStage::Geometry));
}

// `SV_InstanceID` is a built-in of vertex inputs only: the geometry, hull and domain stages
// pass it on through locations, as DXC declares them (it was "not supported yet").
#[test]
fn instance_ids_after_the_vertex_stage_take_locations() {
    let text = r#"
struct V { int id : SV_InstanceID; float4 pos : SV_Position; };
[maxvertexcount(2)]
void main(line V v[2], inout LineStream<V> s) { s.Append(v[1]); }
"#;
    expect![[r#"
        @g0 = input array<int, 2> location(0) ; in.SV_InstanceID
        @g1 = input array<float4, 2> builtin(Position) ; in.SV_Position
        @g2 = output int location(0) ; out.SV_InstanceID
        @g3 = output float4 builtin(Position) ; out.SV_Position
    "#]]
    .assert_eq(&globals(text, ShaderStage::Geometry));
    let domain = r#"
struct Pcf { float e[4] : SV_TessFactor; float i[2] : SV_InsideTessFactor; };
struct Cp { int id : SV_InstanceID; };
struct Out { int id : SV_InstanceID; float4 pos : SV_Position; };
[domain("quad")]
Out main(OutputPatch<Cp, 4> patch, Pcf pcf) { Out o; o.id = patch[2].id; o.pos = 0; return o; }
"#;
    let g = globals(domain, ShaderStage::Domain);
    assert!(
        g.contains("input array<int, 4> location(0) ; in.SV_InstanceID"),
        "{g}"
    );
    assert!(
        g.contains("output int location(0) ; out.SV_InstanceID"),
        "{g}"
    );
}
