//! Snapshot tests of the ray-tracing pipeline stages, lowered as a library (every
//! `[shader("...")]` entry into one module, as `hlslc -T lib_6_x` without `-E` does): entry
//! wrappers with their payload, hit attribute and callable data globals, `TraceRay`,
//! `CallShader` and `ReportHit` with their copies, the any-hit terminators writing the payload
//! back first, and the system values; each dump verified.

use std::sync::Arc;

use db::{NoSource, PreprocessConfig, RootDatabase};
use expect_test::{expect, Expect};

/// Lowers every entry of the library `text`: the module, or the diagnostics as text.
fn try_lower_library(text: &str) -> Result<ir::Module, String> {
    let mut db = RootDatabase::new(Arc::new(NoSource));
    let file = db.set_file_text("/test.hlsl", Some(text.into()));
    let config = db.new_config(PreprocessConfig::default());
    let sema: Vec<_> = db::semantic_diagnostics(&db, file, config)
        .into_iter()
        .filter(|d| d.severity == db::Severity::Error)
        .collect();
    assert!(sema.is_empty(), "semantic errors: {sema:?}");
    lower::lower_library_with(&db, file, config, &lower::LowerOptions::default()).map_err(|ds| {
        ds.iter()
            .map(|d| format!("{} {:?}: {}", d.code, d.range, d.message))
            .collect::<Vec<_>>()
            .join("\n")
    })
}

fn check(text: &str, expect: Expect) {
    let m = try_lower_library(text).unwrap_or_else(|e| panic!("lowering failed:\n{e}"));
    let errors = ir::verify(&m);
    assert!(
        errors.is_empty(),
        "verifier errors: {errors:?}\n{}",
        ir::print_module(&m)
    );
    expect.assert_eq(&ir::print_module(&m));
}

#[test]
fn raygen_miss_and_closest_hit() {
    check(
        r#"
RaytracingAccelerationStructure Scene : register(t0);
RWTexture2D<float4> Output : register(u0);
struct Payload { float4 color; };

[shader("raygeneration")]
void RayGen() {
    uint2 pixel = DispatchRaysIndex().xy;
    RayDesc ray = { float3(pixel, 0), 0.0, float3(0, 0, 1), 100.0 };
    Payload p = { float4(0, 0, 0, 0) };
    TraceRay(Scene, RAY_FLAG_NONE, 0xFF, 0, 1, 0, ray, p);
    Output[pixel] = p.color;
}

[shader("miss")]
void Miss(inout Payload p) { p.color = float4(WorldRayDirection(), 1); }

[shader("closesthit")]
void Hit(inout Payload p, in BuiltInTriangleIntersectionAttributes attr) {
    p.color = float4(attr.barycentrics, RayTCurrent(), 1);
}
"#,
        expect![[r#"
            struct Payload { float4 color; }
            struct BuiltInTriangleIntersectionAttributes { float2 barycentrics; }
            struct RayDesc { float3 Origin; float TMin; float3 Direction; float TMax; }

            @g0 = resource uniform_constant RaytracingAccelerationStructure set(0) binding(0) ; Scene
            @g1 = ray_data ray_payload Payload ; ray_payload.Payload
            @g2 = resource uniform_constant RWTexture2D<float4> set(0) binding(0) ; Output
            @g3 = ray_data incoming_ray_payload Payload ; incoming_ray_payload.Payload
            @g4 = ray_data hit_attribute BuiltInTriangleIntersectionAttributes ; hit_attribute.BuiltInTriangleIntersectionAttributes

            func @RayGen_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint2> ; pixel
              %1 = alloca : ptr<function, RayDesc> ; ray
              %2 = alloca : ptr<function, Payload> ; p
              %3 = call_intrinsic DispatchRaysIndex() : uint3
              %4 = swizzle %3, xy : uint2
              store %0, %4
              %5 = load %0 : uint2
              %6 = convert %5 : float2
              %7 = composite_construct %6, 0.0:float : float3
              %8 = composite_extract %7, [0] : float
              %9 = composite_extract %7, [1] : float
              %10 = composite_extract %7, [2] : float
              %11 = composite_construct 0.0:float, 0.0:float, 1.0:float : float3
              %12 = composite_extract %11, [0] : float
              %13 = composite_extract %11, [1] : float
              %14 = composite_extract %11, [2] : float
              %15 = composite_construct %8, %9, %10 : float3
              %16 = composite_construct %12, %13, %14 : float3
              %17 = composite_construct %15, 0.0:float, %16, 100.0:float : RayDesc
              store %1, %17
              %18 = composite_construct 0.0:float, 0.0:float, 0.0:float, 0.0:float : float4
              %19 = composite_extract %18, [0] : float
              %20 = composite_extract %18, [1] : float
              %21 = composite_extract %18, [2] : float
              %22 = composite_extract %18, [3] : float
              %23 = composite_construct %19, %20, %21, %22 : float4
              %24 = composite_construct %23 : Payload
              store %2, %24
              %25 = load %1 : RayDesc
              %26 = load %2 : Payload
              store @g1, %26
              call_intrinsic TraceRay(@g0, 0:uint, 255:uint, 0:uint, 1:uint, 0:uint, %25, @g1)
              %27 = load @g1 : Payload
              store %2, %27
              %28 = load %0 : uint2
              %29 = access_chain %2, 0:int : ptr<function, float4>
              %30 = load %29 : float4
              texture_store @g2, %28, %30
              ret
            }

            func @RayGen() -> void {
            bb0: ; (entry)
              call @RayGen_body()
              ret
            }

            func @Miss_body(%arg0: ptr<function, Payload>) -> void {
            bb0: ; (entry)
              %0 = access_chain %arg0, 0:int : ptr<function, float4>
              %1 = call_intrinsic WorldRayDirection() : float3
              %2 = composite_construct %1, 1.0:float : float4
              store %0, %2
              ret
            }

            func @Miss() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, Payload>
              %1 = load @g3 : Payload
              store %0, %1
              call @Miss_body(%0)
              %2 = load %0 : Payload
              store @g3, %2
              ret
            }

            func @Hit_body(%arg0: ptr<function, Payload>, %arg1: BuiltInTriangleIntersectionAttributes) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, BuiltInTriangleIntersectionAttributes> ; attr
              store %0, %arg1
              %1 = access_chain %arg0, 0:int : ptr<function, float4>
              %2 = access_chain %0, 0:int : ptr<function, float2>
              %3 = load %2 : float2
              %4 = call_intrinsic RayTCurrent() : float
              %5 = composite_construct %3, %4, 1.0:float : float4
              store %1, %5
              ret
            }

            func @Hit() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, Payload>
              %1 = load @g3 : Payload
              store %0, %1
              %2 = load @g4 : BuiltInTriangleIntersectionAttributes
              call @Hit_body(%0, %2)
              %3 = load %0 : Payload
              store @g3, %3
              ret
            }

            entry raygeneration "RayGen" @RayGen inputs() outputs()
            entry miss "Miss" @Miss inputs() outputs()
            entry closesthit "Hit" @Hit inputs() outputs()
        "#]],
    );
}

#[test]
fn any_hit_writes_the_payload_back_before_ending() {
    check(
        r#"
struct Payload { uint hits; };
[shader("anyhit")]
void AnyHit(inout Payload p, in BuiltInTriangleIntersectionAttributes attr) {
    p.hits += 1;
    if (attr.barycentrics.x < 0.25)
        IgnoreHit();
    if (HitKind() == HIT_KIND_TRIANGLE_BACK_FACE)
        AcceptHitAndEndSearch();
}
"#,
        expect![[r#"
            struct Payload { uint hits; }
            struct BuiltInTriangleIntersectionAttributes { float2 barycentrics; }

            @g0 = ray_data incoming_ray_payload Payload ; incoming_ray_payload.Payload
            @g1 = ray_data hit_attribute BuiltInTriangleIntersectionAttributes ; hit_attribute.BuiltInTriangleIntersectionAttributes

            func @AnyHit_body(%arg0: ptr<function, Payload>, %arg1: BuiltInTriangleIntersectionAttributes) -> void {
            bb0: ; selection merge=bb2 (entry)
              %0 = alloca : ptr<function, BuiltInTriangleIntersectionAttributes> ; attr
              store %0, %arg1
              %1 = access_chain %arg0, 0:int : ptr<function, uint>
              %2 = load %1 : uint
              %3 = add %2, 1:uint : uint
              store %1, %3
              %4 = access_chain %0, 0:int : ptr<function, float2>
              %5 = load %4 : float2
              %6 = composite_extract %5, [0] : float
              %7 = lt %6, 0.25:float : bool
              cond_br %7, bb1, bb2
            bb1: ; (if.then)
              %8 = load %arg0 : Payload
              store @g0, %8
              ignore_hit
            bb2: ; selection merge=bb4 (if.merge)
              %9 = call_intrinsic HitKind() : uint
              %10 = eq %9, 255:uint : bool
              cond_br %10, bb3, bb4
            bb3: ; (if.then)
              %11 = load %arg0 : Payload
              store @g0, %11
              accept_hit_and_end_search
            bb4: ; (if.merge)
              ret
            }

            func @AnyHit() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, Payload>
              %1 = load @g0 : Payload
              store %0, %1
              %2 = load @g1 : BuiltInTriangleIntersectionAttributes
              call @AnyHit_body(%0, %2)
              %3 = load %0 : Payload
              store @g0, %3
              ret
            }

            entry anyhit "AnyHit" @AnyHit inputs() outputs()
        "#]],
    );
}

#[test]
fn intersection_reports_and_callable_data() {
    check(
        r#"
struct Sphere { float3 normal; };
struct Params { float3 value; };

[shader("intersection")]
void Intersect() {
    Sphere s;
    s.normal = normalize(ObjectRayOrigin());
    bool accepted = ReportHit(RayTMin() + 1.0, 3, s);
}

[shader("callable")]
void Shade(inout Params d) { d.value *= 2; }

[shader("miss")]
void Miss(inout Params p) {
    CallShader(1, p);
}
"#,
        expect![[r#"
            struct Sphere { float3 normal; }
            struct Params { float3 value; }

            @g0 = ray_data hit_attribute Sphere ; hit_attribute.Sphere
            @g1 = ray_data incoming_callable_data Params ; incoming_callable_data.Params
            @g2 = ray_data incoming_ray_payload Params ; incoming_ray_payload.Params
            @g3 = ray_data callable_data Params ; callable_data.Params

            func @Intersect_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, Sphere> ; s
              %1 = alloca : ptr<function, bool> ; accepted
              %2 = access_chain %0, 0:int : ptr<function, float3>
              %3 = call_intrinsic ObjectRayOrigin() : float3
              %4 = call_intrinsic normalize(%3) : float3
              store %2, %4
              %5 = call_intrinsic RayTMin() : float
              %6 = add %5, 1.0:float : float
              %7 = load %0 : Sphere
              store @g0, %7
              %8 = call_intrinsic ReportHit(%6, 3:uint, @g0) : bool
              store %1, %8
              ret
            }

            func @Intersect() -> void {
            bb0: ; (entry)
              call @Intersect_body()
              ret
            }

            func @Shade_body(%arg0: ptr<function, Params>) -> void {
            bb0: ; (entry)
              %0 = access_chain %arg0, 0:int : ptr<function, float3>
              %1 = load %0 : float3
              %2 = mul %1, {2.0, 2.0, 2.0}:float3 : float3
              store %0, %2
              ret
            }

            func @Shade() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, Params>
              %1 = load @g1 : Params
              store %0, %1
              call @Shade_body(%0)
              %2 = load %0 : Params
              store @g1, %2
              ret
            }

            func @Miss_body(%arg0: ptr<function, Params>) -> void {
            bb0: ; (entry)
              %0 = load %arg0 : Params
              store @g3, %0
              call_intrinsic CallShader(1:uint, @g3)
              %1 = load @g3 : Params
              store %arg0, %1
              ret
            }

            func @Miss() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, Params>
              %1 = load @g2 : Params
              store %0, %1
              call @Miss_body(%0)
              %2 = load %0 : Params
              store @g2, %2
              ret
            }

            entry intersection "Intersect" @Intersect inputs() outputs()
            entry callable "Shade" @Shade inputs() outputs()
            entry miss "Miss" @Miss inputs() outputs()
        "#]],
    );
}

#[test]
fn a_library_without_entries_is_refused() {
    let err = try_lower_library("float f(float x) { return x; }\n").unwrap_err();
    assert!(err.starts_with("E3002"), "{err}");
}

#[test]
fn wrong_entry_parameters_are_refused() {
    let err = try_lower_library(
        r#"
struct P { float x; };
[shader("raygeneration")]
void RayGen(inout P p) { }
"#,
    )
    .unwrap_err();
    assert!(err.starts_with("E3210"), "{err}");
    assert!(
        err.contains("a raygeneration entry point takes no parameters; this one has 1"),
        "{err}"
    );
}

#[test]
fn a_closest_hit_with_two_payloads_is_refused() {
    // A port that passes the hit's own payload `in` and a second one `inout` for the shadow
    // ray it traces: DXC refuses it too; the message names what the stage takes.
    let err = try_lower_library(
        r#"
struct Shade { float3 color; };
struct Occlusion { bool blocked; };
[shader("closesthit")]
void Hit(in Shade s, inout Occlusion o, in float2 bary) { o.blocked = bary.x > 0.5; }
"#,
    )
    .unwrap_err();
    assert!(
        err.starts_with("E3210")
            && err.contains(
                "a closesthit entry point takes two parameters, the payload and the hit \
                 attributes; this one has 3"
            ),
        "{err}"
    );
}

#[test]
fn the_interpreter_refuses_ray_tracing_stages() {
    let m = try_lower_library(
        r#"
struct Payload { float4 color; };
[shader("miss")]
void Miss(inout Payload p) { p.color = 1; }
"#,
    )
    .unwrap();
    let Err(err) = interp::Program::new(&m, "Miss", &interp::ProgramOptions::default()) else {
        panic!("a miss shader does not run on the interpreter");
    };
    let text = err.to_string();
    assert_eq!(text, "entry point `Miss` is not a compute shader");
}
