//! Front-end gaps found by DXC's own test suites, second round, end to end: SM 6.8
//! `Barrier` to SPIR-V barriers as DXC documents its legacy barriers, run in the
//! interpreter with hand-computed results. The shaders are ours.

use std::process::Command;

use serde_json::{json, Value};

use crate::harness::{compile, refuse};

/// Runs `shader` (entry `main`, one group) in the interpreter with one
/// `RWStructuredBuffer<uint>` `o` at `u0` of `n` values, and returns its values.
pub(crate) fn run_uints(test: &str, shader: &str, n: u32) -> Value {
    let dir = crate::test_dir::TestDir::new(&format!("front4-{test}"));
    let src = dir.join("shader.hlsl");
    let yaml = dir.join("pipeline.yaml");
    std::fs::write(&src, shader).unwrap();
    std::fs::write(
        &yaml,
        format!(
            "Shaders:\n  - Stage: Compute\n    Entry: main\nDispatchParameters:\n  \
             DispatchGroupCount: [1, 1, 1]\nBuffers:\n  - {{ Name: o, Format: UInt32, \
             FillSize: {} }}\nDescriptorSets:\n  - Resources:\n    - Name: o\n      Kind: \
             RWStructuredBuffer\n      DirectXBinding: {{ Register: 0, Space: 0 }}\n",
            n * 4
        ),
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_hlslc"))
        .args(["run", "-T", "cs_6_8", "--pipeline"])
        .arg(&yaml)
        .arg(&src)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "hlslc run failed:\n{stderr}");
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    json["buffers"]["o"].clone()
}

const SM68_BARRIERS: &str = r#"
RWStructuredBuffer<uint> o : register(u0);
groupshared uint g[4];
[numthreads(4, 1, 1)]
void main(uint t : SV_GroupIndex)
{
    g[t] = t + 1;
    Barrier(GROUP_SHARED_MEMORY, GROUP_SYNC | GROUP_SCOPE);
    uint next = g[(t + 1) % 4];
    o[t] = next;
    Barrier(o, DEVICE_SCOPE | GROUP_SYNC);
    if (t == 0)
        o[4] = o[1] + o[2] + o[3];
    Barrier(UAV_MEMORY, DEVICE_SCOPE);
    Barrier(ALL_MEMORY, DEVICE_SCOPE | GROUP_SYNC);
    Barrier(0, GROUP_SYNC);
}
"#;

#[test]
fn sm68_barriers_are_the_barriers_dxc_documents() {
    // Scopes: Device 1, Workgroup 2. Semantics: AcquireRelease 0x8, UniformMemory 0x40,
    // WorkgroupMemory 0x100, ImageMemory 0x800: groupshared 264, UAV 2120 (DXC's
    // DeviceMemoryBarrier), all 2376 (DXC's AllMemoryBarrierWithGroupSync).
    let m = compile(SM68_BARRIERS, "cs_6_8", &[]);
    m.assert_has(&[
        "OpControlBarrier %uint_2 %uint_2 %uint_264",
        "OpControlBarrier %uint_2 %uint_1 %uint_2120",
        "OpMemoryBarrier %uint_1 %uint_2120",
        "OpControlBarrier %uint_2 %uint_1 %uint_2376",
        "OpControlBarrier %uint_2 %uint_2 %uint_0",
    ]);
}

#[test]
fn sm68_barriers_order_the_group_in_the_interpreter() {
    // Thread t writes t + 1 and reads its neighbour's value after the barrier: 2, 3, 4, 1;
    // thread 0 then sums what threads 1 to 3 wrote: 3 + 4 + 1.
    assert_eq!(
        run_uints("sm68-barriers", SM68_BARRIERS, 5),
        json!([2, 3, 4, 1, 8])
    );
}

#[test]
fn sm68_barrier_flags_the_stage_cannot_use_are_refused() {
    refuse(
        r#"
RWBuffer<uint> b;
float4 main() : SV_Position { Barrier(b, GROUP_SYNC); return b[0]; }
"#,
        "vs_6_8",
        &[],
        1,
        "E2120",
    );
}

#[test]
fn sm68_barrier_flags_that_are_not_constant_are_refused() {
    refuse(
        r#"
RWStructuredBuffer<uint> o;
[numthreads(1, 1, 1)]
void main(uint t : SV_GroupIndex) { Barrier(UAV_MEMORY, o[0]); o[1] = t; }
"#,
        "cs_6_8",
        &[],
        1,
        "error[E3255]: SemanticFlags of Barrier must be an immediate constant",
    );
}

const TEMPLATE_MEMBERS: &str = r#"
template<uint n> struct Pow2 { enum { value = 2 * Pow2<n - 1>::value }; };
template<> struct Pow2<0> { enum { value = 1 }; };
template<uint n, bool big> struct Pick { enum { value = big ? n : 0 }; };
template<uint n> struct Halves { enum { value = Pick<n / 2, (n > 4)>::value }; };
template<typename T> struct Outer { template<int K> struct Inner { T v[K]; }; };
RWStructuredBuffer<uint> o : register(u0);
[numthreads(1, 1, 1)]
void main() {
    typename Outer<uint2>::template Inner<3> x;
    x.v[2] = uint2(Pow2<3>::value, Halves<8>::value);
    x.v[0] = uint2(Pow2<0>::value, Halves<3>::value);
    o[0] = x.v[2].x;
    o[1] = x.v[2].y;
    o[2] = x.v[0].x;
    o[3] = x.v[0].y;
}
"#;

#[test]
fn members_of_template_instances_compile_and_run() {
    // 2^3 = 8; Halves<8> picks 8 / 2 = 4 (8 > 4); 2^0 = 1; Halves<3> picks 0 (3 <= 4).
    compile(TEMPLATE_MEMBERS, "cs_6_6", &[]);
    assert_eq!(
        run_uints("template-members", TEMPLATE_MEMBERS, 4),
        json!([8, 4, 1, 0])
    );
}

#[test]
fn template_methods_read_the_descriptor_heap() {
    // A sibling method of a template struct instance returns a heap texture, and a cast heap
    // element is a method's receiver: both read element `id` of the heap's texture array.
    let m = compile(
        r#"
template<typename T> struct HeapTex {
    uint id;
    Texture2D<T> Get() { return (Texture2D<T>)ResourceDescriptorHeap[id]; }
    template<typename A> T Load(A a) { return Get().Load(a); }
    T LoadCast(int3 a) { return ((Texture2D<T>)ResourceDescriptorHeap[id + 1]).Load(a); }
};
RWStructuredBuffer<float4> o : register(u0);
[numthreads(1, 1, 1)]
void main() {
    HeapTex<float4> t;
    t.id = 3;
    o[0] = t.Load(int3(0, 0, 0)) + t.LoadCast(int3(1, 0, 0));
}
"#,
        "cs_6_6",
        &[],
    );
    m.assert_has(&["OpImageFetch"]);
}

const MATRIX_ASUINT: &str = r#"
RWStructuredBuffer<uint> o : register(u0);
[numthreads(1, 1, 1)]
void main() {
    double2x2 m = double2x2(1.0, asdouble(7u, 1u), -0.5, 3.0);
    uint2x2 lo, hi;
    asuint(m, lo, hi);
    o[0] = lo[0][0]; o[1] = lo[0][1]; o[2] = lo[1][0]; o[3] = lo[1][1];
    o[4] = hi[0][0]; o[5] = hi[0][1]; o[6] = hi[1][0]; o[7] = hi[1][1];
}
"#;

#[test]
fn asuint_splits_each_double_of_a_matrix() {
    // IEEE 754 binary64: 1.0 is 0x3FF00000_00000000, -0.5 is 0xBFE00000_00000000, 3.0 is
    // 0x40080000_00000000; asdouble(7, 1) has low word 7 and high word 1.
    compile(MATRIX_ASUINT, "cs_6_0", &[]);
    assert_eq!(
        run_uints("matrix-asuint", MATRIX_ASUINT, 8),
        json!([
            0,
            7,
            0,
            0,
            0x3FF0_0000u32,
            1,
            0xBFE0_0000u32,
            0x4008_0000u32
        ])
    );
}

const UNNAMED_BIT_FIELDS: &str = r#"
enum Mode { A, B };
struct Packed { uint a : 8; uint : 8; enum Mode : 2; uint b : 14; };
RWStructuredBuffer<uint> o : register(u0);
[numthreads(1, 1, 1)]
void main() {
    Packed p;
    p.a = 0x1FF;
    p.b = 5;
    o[0] = p.a;
    o[1] = p.b;
}
"#;

#[test]
fn unnamed_bit_fields_are_padding_beside_named_ones() {
    // `a` keeps the low 8 bits of 0x1FF (255); `b` holds 5.
    compile(UNNAMED_BIT_FIELDS, "cs_6_0", &[]);
    assert_eq!(
        run_uints("unnamed-bit-fields", UNNAMED_BIT_FIELDS, 2),
        json!([255, 5])
    );
}

#[test]
fn local_arrays_of_ray_queries_of_any_rank() {
    // Each element is a query of its own: a function-local array of `OpTypeRayQueryKHR`,
    // indexed by constants and at run time.
    let m = compile(
        r#"
RaytracingAccelerationStructure scene;
RWStructuredBuffer<uint> o;
[numthreads(1, 1, 1)]
void main(uint t : SV_GroupIndex) {
    RayQuery<RAY_FLAG_FORCE_OPAQUE> q[2][3];
    RayDesc ray;
    ray.Origin = 0;
    ray.Direction = float3(0, 0, 1);
    ray.TMin = 0;
    ray.TMax = 10;
    q[1][2].TraceRayInline(scene, 0, 1, ray);
    q[0][t].TraceRayInline(scene, 0, 1, ray);
    o[0] = q[1][2].Proceed() ? 1 : 0;
    o[1] = q[0][t].CommittedStatus();
}
"#,
        "cs_6_5",
        &[],
    );
    m.assert_has(&[
        "OpTypeRayQueryKHR",
        "OpRayQueryInitializeKHR",
        "OpRayQueryProceedKHR",
    ]);
}

/// An element of an array of queries goes to the function as the whole array and its index
/// (SPIR-V calls take whole variables only), see `res4.rs`.
#[test]
fn an_element_of_a_ray_query_array_passed_to_a_function() {
    let m = compile(
        r#"
RaytracingAccelerationStructure scene;
RWStructuredBuffer<uint> o;
void trace(RayQuery<0> q, RayDesc ray) { q.TraceRayInline(scene, 0, 1, ray); }
[numthreads(1, 1, 1)]
void main() {
    RayQuery<0> q[2];
    RayDesc ray = (RayDesc)0;
    trace(q[1], ray);
    o[0] = q[1].CommittedStatus();
}
"#,
        "cs_6_5",
        &[],
    );
    assert!(
        m.asm
            .lines()
            .any(|l| l.contains("OpFunctionCall %void %trace %q %int_1 ")),
        "{}",
        m.asm
    );
}

#[test]
fn derivatives_in_compute_use_the_derivative_groups() {
    // SM 6.6: a compute group of even x and y sizes takes derivatives over quads, one whose
    // size is a multiple of 4 over groups of four consecutive threads.
    let shader = |size: &str| {
        format!(
            r#"
Texture2D<float4> tex;
SamplerState smp;
RWStructuredBuffer<float4> o;
[numthreads({size})]
void main(uint3 id : SV_GroupThreadID, uint i : SV_GroupIndex) {{
    float2 uv = id.xy / 8.0;
    o[i] = tex.Sample(smp, uv) + ddx(uv).x;
}}
"#
        )
    };
    let quads = compile(&shader("4, 2, 1"), "cs_6_6", &[]);
    quads.assert_has(&[
        "OpCapability ComputeDerivativeGroupQuadsNV",
        "OpExtension \"SPV_NV_compute_shader_derivatives\"",
        "OpExecutionMode %main DerivativeGroupQuadsNV",
        "OpImageSampleImplicitLod",
        "OpDPdx",
    ]);
    let linear = compile(&shader("12, 1, 1"), "cs_6_6", &[]);
    linear.assert_has(&[
        "OpCapability ComputeDerivativeGroupLinearNV",
        "OpExecutionMode %main DerivativeGroupLinearNV",
    ]);
    refuse(
        &shader("3, 1, 1"),
        "cs_6_6",
        &[],
        1,
        "derivatives in a compute shader of group size (3, 1, 1)",
    );
}
