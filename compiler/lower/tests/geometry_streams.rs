//! Geometry shaders with several output streams: one set of output variables per stream,
//! each marked with its stream, locations continuing across streams in parameter order, and
//! `Append`/`RestartStrip` naming the stream. Each dump is verified; the SPIR-V is validated
//! in `cli/tests/spirv/stages.rs`.

mod common;

use expect_test::expect;
use lower::ShaderStage;

#[test]
fn two_point_streams() {
    let m = common::lower_stage(
        r#"
struct VsOut { float4 pos : SV_Position; float3 color : COLOR; };
struct Main { float4 pos : SV_Position; float3 color : COLOR; };
struct Side { float2 uv : TEXCOORD0; uint id : ID; };
[maxvertexcount(2)]
void main(point VsOut input[1], inout PointStream<Main> s0, inout PointStream<Side> s1) {
    Main m;
    m.pos = input[0].pos;
    m.color = input[0].color;
    s0.Append(m);
    s0.RestartStrip();
    Side s;
    s.uv = input[0].pos.xy;
    s.id = 7;
    s1.Append(s);
    s1.RestartStrip();
}
"#,
        ShaderStage::Geometry,
    );
    expect![[r#"
        struct VsOut { float4 pos : SV_Position; float3 color : COLOR; }
        struct Main { float4 pos : SV_Position; float3 color : COLOR; }
        struct Side { float2 uv : TEXCOORD0; uint id : ID; }

        @g0 = input array<float4, 1> builtin(Position) ; in.SV_Position
        @g1 = input array<float3, 1> location(0) ; in.COLOR
        @g2 = output float4 builtin(Position) stream(0) ; out.SV_Position
        @g3 = output float3 location(0) stream(0) ; out.COLOR
        @g4 = output float2 location(1) stream(1) ; out.TEXCOORD0
        @g5 = output uint location(2) stream(1) ; out.ID

        func @main_body(%arg0: array<VsOut, 1>) -> void {
        bb0: ; (entry)
          %0 = alloca : ptr<function, array<VsOut, 1>> ; input
          %1 = alloca : ptr<function, Main> ; m
          %2 = alloca : ptr<function, Side> ; s
          store %0, %arg0
          %3 = access_chain %1, 0:int : ptr<function, float4>
          %4 = access_chain %0, 0:int : ptr<function, VsOut>
          %5 = access_chain %4, 0:int : ptr<function, float4>
          %6 = load %5 : float4
          store %3, %6
          %7 = access_chain %1, 1:int : ptr<function, float3>
          %8 = access_chain %0, 0:int : ptr<function, VsOut>
          %9 = access_chain %8, 1:int : ptr<function, float3>
          %10 = load %9 : float3
          store %7, %10
          %11 = load %1 : Main
          %12 = composite_extract %11, [0] : float4
          store @g2, %12
          %13 = composite_extract %11, [1] : float3
          store @g3, %13
          emit_vertex stream(0)
          end_primitive stream(0)
          %14 = access_chain %2, 0:int : ptr<function, float2>
          %15 = access_chain %0, 0:int : ptr<function, VsOut>
          %16 = access_chain %15, 0:int : ptr<function, float4>
          %17 = load %16 : float4
          %18 = swizzle %17, xy : float2
          store %14, %18
          %19 = access_chain %2, 1:int : ptr<function, uint>
          store %19, 7:uint
          %20 = load %2 : Side
          %21 = composite_extract %20, [0] : float2
          store @g4, %21
          %22 = composite_extract %20, [1] : uint
          store @g5, %22
          emit_vertex stream(1)
          end_primitive stream(1)
          ret
        }

        func @main() -> void {
        bb0: ; (entry)
          %0 = access_chain @g0, 0:uint : ptr<input, float4>
          %1 = load %0 : float4
          %2 = access_chain @g1, 0:uint : ptr<input, float3>
          %3 = load %2 : float3
          %4 = composite_construct %1, %3 : VsOut
          %5 = composite_construct %4 : array<VsOut, 1>
          call @main_body(%5)
          ret
        }

        entry geometry "main" @main invocations(1) input_primitive(point) output_topology(points) output_vertices(2) inputs(@g0, @g1) outputs(@g2, @g3, @g4, @g5)
    "#]].assert_eq(&ir::print_module(&m));
}

#[test]
fn one_stream_keeps_plain_emit_vertex() {
    let m = common::lower_stage(
        r#"
struct V { float4 pos : SV_Position; };
[maxvertexcount(1)]
void main(point V input[1], inout PointStream<V> s) { s.Append(input[0]); }
"#,
        ShaderStage::Geometry,
    );
    let dump = ir::print_module(&m);
    assert!(dump.contains("  emit_vertex\n"), "{dump}");
    assert!(!dump.contains("stream("), "{dump}");
}

#[test]
fn a_system_value_in_two_streams_is_not_supported_yet() {
    let e = common::try_lower_stage(
        r#"
struct V { float4 pos : SV_Position; };
[maxvertexcount(1)]
void main(point V input[1], inout PointStream<V> a, inout PointStream<V> b) {
    a.Append(input[0]);
    b.Append(input[0]);
}
"#,
        ShaderStage::Geometry,
    )
    .unwrap_err();
    assert!(
        e.contains("E3001") && e.contains("the same system value in two output streams"),
        "{e}"
    );
}
