//! Shapes from Microsoft's D3D12 samples (MiniEngine, the DXR, mesh-shader, VRS and work-graph
//! samples) that the eng9 survey found `hlslc` treating differently from DXC's `-spirv` build.
//! Each compiled module is validated by `spirv-val`.

use crate::harness::{compile, compile_entry, stderr_of};

/// The DXR samples write `Output[DispatchRaysIndex()]` into a `RWTexture2D`: a `uint3` index
/// where the texture takes two coordinates. DXC truncates it (warning so) and reads or writes
/// the texel at `.xy`; a scalar index is splat.
#[test]
fn a_longer_texture_index_is_truncated_to_the_coordinate() {
    let src = r#"
RWTexture2D<float4> canvas : register(u0);
RWTexture3D<float> volume : register(u1);
[numthreads(4, 4, 1)]
void main(uint3 cell : SV_DispatchThreadID) {
    float4 before = canvas[cell];
    canvas[cell] = before + 1;
    volume[cell.x] = before.x;
}
"#;
    let stderr = stderr_of(src, "cs_6_0", &[]);
    assert_eq!(
        stderr
            .matches("warning[W2001]: implicit truncation of vector type")
            .count(),
        2,
        "{stderr}"
    );
    let m = compile(src, "cs_6_0", &[]);
    let shuffles = m
        .asm
        .lines()
        .filter(|l| l.contains("OpVectorShuffle %v2uint") && l.ends_with(" 0 1"))
        .count();
    assert_eq!(shuffles, 2, "{}", m.asm);
    assert!(m.has("OpCompositeConstruct %v3uint"), "{}", m.asm);

    let rt = r#"
RaytracingAccelerationStructure scene : register(t0);
RWTexture2D<float4> target : register(u0);
struct Payload { float4 color; };
[shader("raygeneration")]
void gen() {
    RayDesc ray = { float3(0, 0, 0), 0.0, float3(0, 0, 1), 100.0 };
    Payload p = { float4(0, 0, 0, 0) };
    TraceRay(scene, RAY_FLAG_NONE, ~0, 0, 1, 0, ray, p);
    target[DispatchRaysIndex()] = p.color;
}
"#;
    compile_entry(rt, "lib_6_3", None, &["-fspv-target-env=vulkan1.2"]);
}

/// The D3D12 work-graph samples declare node inputs and outputs and a `GlobalRootSignature`
/// subobject: types only DXIL has. Each use is refused with its own code at the type (one
/// error per declaration, no "unknown type" and no `$Globals` warning for the subobject),
/// where it used to read as a misspelt name.
#[test]
fn work_graph_types_and_subobjects_are_refused_by_name() {
    let src = r#"
GlobalRootSignature rootsig = { "UAV(u0)" };
RWStructuredBuffer<uint> counts : register(u0);
struct Job { uint slot; };
[Shader("node")]
[NodeLaunch("thread")]
void consume(ThreadNodeInputRecord<Job> job, [MaxRecords(1)] NodeOutput<Job> next) {
    InterlockedAdd(counts[job.Get().slot], 1);
    ThreadNodeOutputRecords<Job> out = next.GetThreadNodeOutputRecords(1);
    out.OutputComplete();
}
"#;
    let (out, _) = crate::harness::run_entry(src, "lib_6_8", None, &["-fspv-target-env=vulkan1.3"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert_eq!(stderr.matches("error[E2279]").count(), 3, "{stderr}");
    assert_eq!(stderr.matches("error[E2280]").count(), 1, "{stderr}");
    assert!(!stderr.contains("E2014"), "{stderr}");
    // The subobject's initializer draws no "placed in $Globals" warning after its error.
    assert!(!stderr.contains("W2110"), "{stderr}");
    assert!(
        stderr.contains("`NodeOutput<Job>` is a work-graph node type (SM 6.8)"),
        "{stderr}"
    );
    assert!(stderr.contains("t.hlsl:7:62"), "{stderr}");
}

/// The SER sample's ray generation shader: `dx::HitObject` and `dx::MaybeReorderThread`
/// (SM 6.9), which DXC's -spirv does not compile. Each use is refused as SER, at the name; the
/// payload's `[raypayload]` attribute is DXC's own and draws no "unknown attribute" warning.
#[test]
fn shader_execution_reordering_is_refused_by_name() {
    let src = r#"
using namespace dx;
RaytracingAccelerationStructure scene : register(t0);
RWTexture2D<float4> target : register(u0);
struct [raypayload] Payload { float4 color : write(caller, closesthit, miss) : read(caller); };
[shader("raygeneration")]
void gen() {
    RayDesc ray = { float3(0, 0, 0), 0.0, float3(0, 0, 1), 100.0 };
    Payload p = { float4(0, 0, 0, 0) };
    HitObject h = HitObject::TraceRay(scene, RAY_FLAG_NONE, ~0, 0, 1, 0, ray, p);
    dx::MaybeReorderThread(h);
    HitObject::Invoke(h, p);
    target[DispatchRaysIndex().xy] = p.color;
}
"#;
    let (out, _) = crate::harness::run_entry(src, "lib_6_9", None, &["-fspv-target-env=vulkan1.2"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert_eq!(stderr.matches("error[E2279]").count(), 4, "{stderr}");
    assert!(
        !stderr.contains("E2001") && !stderr.contains("E2014"),
        "{stderr}"
    );
    assert!(!stderr.contains("raypayload"), "{stderr}");
    assert!(
        stderr.contains("`dx::MaybeReorderThread` is shader execution reordering (SM 6.9)"),
        "{stderr}"
    );
    assert!(stderr.contains("t.hlsl:10:19"), "{stderr}");
}

/// A node shader whose parameters name no node type (the GPUOpen classify graph's leaves take
/// only `SV_GroupIndex`): refused as a DXIL-only node entry at its `[Shader("node")]`, for
/// the whole library and for `-E`, where it used to read as a stage not lowered yet.
#[test]
fn a_node_entry_is_refused_at_its_shader_attribute() {
    let src = r#"
RWStructuredBuffer<uint> hits : register(u0);
[Shader("node")]
[NodeLaunch("broadcasting")]
[NodeDispatchGrid(4, 1, 1)]
[NumThreads(8, 1, 1)]
void leaf(uint i : SV_GroupIndex) { hits[i] = 1; }
"#;
    for entry in [None, Some("leaf")] {
        let (out, _) =
            crate::harness::run_entry(src, "lib_6_8", entry, &["-fspv-target-env=vulkan1.3"]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{stderr}");
        assert_eq!(stderr.matches("error[E3304]").count(), 1, "{stderr}");
        assert!(!stderr.contains("E3001"), "{stderr}");
        assert!(stderr.contains("t.hlsl:3:1"), "{stderr}");
    }
}

/// The D3D12 samples compile with fxc's profiles (`vs_5_0`, `gs_5_0`, `ps_5_0`, `cs_5_0`);
/// dxc.exe upgrades a shader model 4 or 5 profile to 6.0 and compiles it. So does `hlslc`:
/// the module is the 6.0 one, with no diagnostic but dxc.exe's warning that it was promoted.
#[test]
fn a_shader_model_5_profile_compiles_as_6_0() {
    let src = r#"
struct VOut { float4 pos : SV_Position; float4 tint : COLOR; };
VOut main(float3 p : POSITION, float4 c : COLOR) {
    VOut o;
    o.pos = float4(p, 1);
    o.tint = c;
    return o;
}
"#;
    let legacy = compile(src, "vs_5_0", &[]);
    let current = compile(src, "vs_6_0", &[]);
    assert_eq!(legacy.asm, current.asm);
    let stderr = stderr_of(src, "vs_5_0", &[]);
    assert!(stderr.lines().all(|l| !l.contains('[')), "{stderr}");
    assert!(
        stderr.contains("warning: promoting older shader model profile `vs_5_0` to 6.0"),
        "{stderr}"
    );
    assert!(!stderr_of(src, "vs_6_0", &[]).contains("promoting"));
    let cs = "RWStructuredBuffer<uint> o : register(u0);\n[numthreads(4, 1, 1)]\nvoid main(uint i : SV_GroupIndex) { o[i] = i; }\n";
    compile(cs, "cs_5_1", &[]);
}
