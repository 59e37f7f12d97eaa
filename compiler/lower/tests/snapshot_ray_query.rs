//! Snapshot tests of inline ray tracing: `RayQuery<flags>` locals, `TraceRayInline` with the
//! template flags OR-ed into the call's, the traversal loop, the commit methods and the
//! candidate and committed getters; each dump verified. A query passed to a function is
//! refused with E3001.

mod common;

use expect_test::{expect, Expect};

fn check(text: &str, expect: Expect) {
    expect.assert_eq(&common::dump(text));
}

#[test]
fn trace_ray_inline_ors_template_flags() {
    // RAY_FLAG_CULL_NON_OPAQUE | RAY_FLAG_SKIP_PROCEDURAL_PRIMITIVES = 0x80 | 0x200 = 640;
    // RAY_FLAG_ACCEPT_FIRST_HIT_AND_END_SEARCH = 4; COMMITTED_TRIANGLE_HIT = 1.
    check(
        r#"
RaytracingAccelerationStructure Scene : register(t0);
RWStructuredBuffer<uint> Hits : register(u1);
[numthreads(1, 1, 1)]
void main() {
    RayDesc ray = { float3(0, 0, 0), 0.0, float3(0, 0, 1), 10.0 };
    RayQuery<RAY_FLAG_CULL_NON_OPAQUE | RAY_FLAG_SKIP_PROCEDURAL_PRIMITIVES> q;
    q.TraceRayInline(Scene, RAY_FLAG_ACCEPT_FIRST_HIT_AND_END_SEARCH, 0xFF, ray);
    q.Proceed();
    Hits[0] = q.CommittedStatus() == COMMITTED_TRIANGLE_HIT;
}
"#,
        expect![[r#"
            struct RayDesc { float3 Origin; float TMin; float3 Direction; float TMax; }

            @g0 = resource uniform_constant RaytracingAccelerationStructure set(0) binding(0) ; Scene
            @g1 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(1) layout(relaxed_std430) ; Hits

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, RayDesc> ; ray
              %1 = alloca : ptr<function, RayQuery<640>> ; q
              %2 = composite_construct 0.0:float, 0.0:float, 0.0:float : float3
              %3 = composite_extract %2, [0] : float
              %4 = composite_extract %2, [1] : float
              %5 = composite_extract %2, [2] : float
              %6 = composite_construct 0.0:float, 0.0:float, 1.0:float : float3
              %7 = composite_extract %6, [0] : float
              %8 = composite_extract %6, [1] : float
              %9 = composite_extract %6, [2] : float
              %10 = composite_construct %3, %4, %5 : float3
              %11 = composite_construct %7, %8, %9 : float3
              %12 = composite_construct %10, 0.0:float, %11, 10.0:float : RayDesc
              store %0, %12
              %13 = load %0 : RayDesc
              call_intrinsic RayQuery::TraceRayInline(%1, @g0, 644:uint, 255:uint, %13)
              %14 = call_intrinsic RayQuery::Proceed(%1) : bool
              %15 = access_chain @g1, 0:int : ptr<storage_buffer, uint>
              %16 = call_intrinsic RayQuery::CommittedStatus(%1) : uint
              %17 = eq %16, 1:uint : bool
              %18 = select %17, 1:uint, 0:uint : uint
              store %15, %18
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
fn no_template_flags_pass_the_call_flags_unchanged() {
    check(
        r#"
RaytracingAccelerationStructure Scene : register(t0);
[numthreads(1, 1, 1)]
void main() {
    RayDesc ray;
    ray.Origin = 0; ray.TMin = 0; ray.Direction = float3(1, 0, 0); ray.TMax = 1;
    RayQuery<RAY_FLAG_NONE> q;
    uint flags = RAY_FLAG_FORCE_OPAQUE;
    q.TraceRayInline(Scene, flags, 1, ray);
}
"#,
        expect![[r#"
            struct RayDesc { float3 Origin; float TMin; float3 Direction; float TMax; }

            @g0 = resource uniform_constant RaytracingAccelerationStructure set(0) binding(0) ; Scene

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, RayDesc> ; ray
              %1 = alloca : ptr<function, RayQuery<0>> ; q
              %2 = alloca : ptr<function, uint> ; flags
              %3 = access_chain %0, 0:int : ptr<function, float3>
              store %3, {0.0, 0.0, 0.0}:float3
              %4 = access_chain %0, 1:int : ptr<function, float>
              store %4, 0.0:float
              %5 = access_chain %0, 2:int : ptr<function, float3>
              %6 = composite_construct 1.0:float, 0.0:float, 0.0:float : float3
              store %5, %6
              %7 = access_chain %0, 3:int : ptr<function, float>
              store %7, 1.0:float
              store %2, 1:uint
              %8 = load %2 : uint
              %9 = load %0 : RayDesc
              call_intrinsic RayQuery::TraceRayInline(%1, @g0, %8, 1:uint, %9)
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
fn traversal_loop_commits_and_getters() {
    check(
        r#"
RaytracingAccelerationStructure Scene : register(t0);
RWStructuredBuffer<float4> Out : register(u1);
[numthreads(1, 1, 1)]
void main() {
    RayDesc ray = { float3(0, 0, 0), 0.0, float3(0, 0, 1), 10.0 };
    RayQuery<0> q;
    q.TraceRayInline(Scene, 0, 0xFF, ray);
    while (q.Proceed()) {
        if (q.CandidateType() == CANDIDATE_NON_OPAQUE_TRIANGLE) {
            if (q.CandidateTriangleBarycentrics().x > 0.5)
                q.CommitNonOpaqueTriangleHit();
        } else if (q.CandidateProceduralPrimitiveNonOpaque()) {
            q.CommitProceduralPrimitiveHit(q.RayTMin());
        } else {
            q.Abort();
        }
    }
    float3x4 m = q.CommittedObjectToWorld3x4();
    float4x3 n = q.CandidateWorldToObject4x3();
    Out[0] = float4(q.CommittedRayT(), q.CommittedInstanceID(), q.CommittedTriangleFrontFace(), m[0][3] + n[3][0]);
}
"#,
        expect![[r#"
            struct RayDesc { float3 Origin; float TMin; float3 Direction; float TMax; }

            @g0 = resource uniform_constant RaytracingAccelerationStructure set(0) binding(0) ; Scene
            @g1 = resource storage_buffer RWStructuredBuffer<float4> set(0) binding(1) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, RayDesc> ; ray
              %1 = alloca : ptr<function, RayQuery<0>> ; q
              %2 = alloca : ptr<function, float3x4> ; m
              %3 = alloca : ptr<function, float4x3> ; n
              %4 = composite_construct 0.0:float, 0.0:float, 0.0:float : float3
              %5 = composite_extract %4, [0] : float
              %6 = composite_extract %4, [1] : float
              %7 = composite_extract %4, [2] : float
              %8 = composite_construct 0.0:float, 0.0:float, 1.0:float : float3
              %9 = composite_extract %8, [0] : float
              %10 = composite_extract %8, [1] : float
              %11 = composite_extract %8, [2] : float
              %12 = composite_construct %5, %6, %7 : float3
              %13 = composite_construct %9, %10, %11 : float3
              %14 = composite_construct %12, 0.0:float, %13, 10.0:float : RayDesc
              store %0, %14
              %15 = load %0 : RayDesc
              call_intrinsic RayQuery::TraceRayInline(%1, @g0, 0:uint, 255:uint, %15)
              br bb1
            bb1: ; loop merge=bb13 continue=bb12 (loop.header)
              br bb2
            bb2: ; (loop.check)
              %16 = call_intrinsic RayQuery::Proceed(%1) : bool
              cond_br %16, bb3, bb13
            bb3: ; selection merge=bb11 (loop.body)
              %17 = call_intrinsic RayQuery::CandidateType(%1) : uint
              %18 = eq %17, 0:uint : bool
              cond_br %18, bb4, bb7
            bb4: ; selection merge=bb6 (if.then)
              %19 = call_intrinsic RayQuery::CandidateTriangleBarycentrics(%1) : float2
              %20 = composite_extract %19, [0] : float
              %21 = gt %20, 0.5:float : bool
              cond_br %21, bb5, bb6
            bb5: ; (if.then)
              call_intrinsic RayQuery::CommitNonOpaqueTriangleHit(%1)
              br bb6
            bb6: ; (if.merge)
              br bb11
            bb7: ; selection merge=bb10 (if.else)
              %22 = call_intrinsic RayQuery::CandidateProceduralPrimitiveNonOpaque(%1) : bool
              cond_br %22, bb8, bb9
            bb8: ; (if.then)
              %23 = call_intrinsic RayQuery::RayTMin(%1) : float
              call_intrinsic RayQuery::CommitProceduralPrimitiveHit(%1, %23)
              br bb10
            bb9: ; (if.else)
              call_intrinsic RayQuery::Abort(%1)
              br bb10
            bb10: ; (if.merge)
              br bb11
            bb11: ; (if.merge)
              br bb12
            bb12: ; (loop.continue)
              br bb1
            bb13: ; (loop.merge)
              %24 = call_intrinsic RayQuery::CommittedObjectToWorld3x4(%1) : float3x4
              store %2, %24
              %25 = call_intrinsic RayQuery::CandidateWorldToObject4x3(%1) : float4x3
              store %3, %25
              %26 = access_chain @g1, 0:int : ptr<storage_buffer, float4>
              %27 = call_intrinsic RayQuery::CommittedRayT(%1) : float
              %28 = call_intrinsic RayQuery::CommittedInstanceID(%1) : uint
              %29 = convert %28 : float
              %30 = call_intrinsic RayQuery::CommittedTriangleFrontFace(%1) : bool
              %31 = select %30, 1.0:float, 0.0:float : float
              %32 = access_chain %2, 0:int : ptr<function, float4>
              %33 = access_chain %32, 3:int : ptr<function, float>
              %34 = load %33 : float
              %35 = access_chain %3, 3:int : ptr<function, float3>
              %36 = access_chain %35, 0:int : ptr<function, float>
              %37 = load %36 : float
              %38 = add %34, %37 : float
              %39 = composite_construct %27, %29, %31, %38 : float4
              store %26, %39
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
fn ray_query_parameter_is_a_pointer_to_the_callers_query() {
    // More in `resource_gaps.rs`.
    let dump = common::dump(
        r#"
void f(RayQuery<0> q) { q.Abort(); }
[numthreads(1, 1, 1)]
void main() { RayQuery<0> q; f(q); }
"#,
    );
    assert!(
        dump.contains("func @f(%arg0: ptr<function, RayQuery<0>>)"),
        "{dump}"
    );
    assert!(
        dump.contains("call_intrinsic RayQuery::Abort(%arg0)"),
        "{dump}"
    );
}
