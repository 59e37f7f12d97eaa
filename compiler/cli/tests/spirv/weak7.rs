//! Weak spots where hlslc differed from DXC (task weak7, issue #4 items 4 and 5): NV mesh
//! shading below SPIR-V 1.4, DXC's error tests we accepted, W2119 outside entry code,
//! constant folding of intrinsics in constant contexts, and `-flegacy-resource-reservation`.

use crate::harness::{compile, refuse};

/// A pixel input read from a mesh shader's per-primitive output, below SPIR-V 1.4: DXC
/// decorates it `PerPrimitiveNV` and its capability pass asks for NV mesh shading there
/// (EXT needs SPIR-V 1.4); hlslc refused it as needing SPIR-V 1.4.
#[test]
fn a_per_primitive_pixel_input_below_spirv_1_4_is_nv() {
    let text = r#"
struct PSIn {
    float4 pos : SV_Position;
    [[vk::perprimitive]] nointerpolation float4 tint : TINT;
    nointerpolation uint prim : SV_PrimitiveID;
};
float4 main(PSIn i) : SV_Target { return i.tint * float(i.prim); }
"#;
    for env in ["vulkan1.0", "vulkan1.1"] {
        let m = compile(text, "ps_6_5", &[&format!("-fspv-target-env={env}")]);
        assert_eq!(
            m.decoration("in.TINT", "PerPrimitiveNV"),
            Some(String::new())
        );
        assert_eq!(m.decoration("in.TINT", "Flat"), Some(String::new()));
        assert_eq!(m.builtin("in.SV_PrimitiveID"), "PrimitiveId");
        m.assert_has(&[
            "OpCapability MeshShadingNV",
            "OpExtension \"SPV_NV_mesh_shader\"",
        ]);
        assert!(!m.asm.contains("SPV_EXT_mesh_shader"), "{}", m.asm);
    }
    // Asking for the EXT extension below SPIR-V 1.4 is still refused.
    refuse(
        text,
        "ps_6_5",
        &["-fspv-extension=SPV_EXT_mesh_shader"],
        1,
        "needs SPIR-V 1.4",
    );
}

/// `DispatchMesh` under NV mesh shading (below SPIR-V 1.4): DXC writes the barrier, the
/// payload's `PerTaskNV` outputs and `TaskCountNV`, then carries on with the code after it;
/// hlslc ended the function there (the IR's `emit_mesh_tasks` is a terminator), dropping the
/// store after the call. Under EXT (`vulkan1.2`) `OpEmitMeshTasksEXT` still ends it.
#[test]
fn code_after_dispatch_mesh_runs_under_nv() {
    let text = r#"
struct Payload { float4 pos; uint n; };
groupshared Payload pld;
RWStructuredBuffer<uint> log;
[numthreads(4, 1, 1)]
void main(uint tid : SV_GroupIndex) {
    pld.pos = float4(tid, 0, 0, 1);
    pld.n = tid;
    DispatchMesh(2, 1, 1, pld);
    log[tid] = 7;
}
"#;
    let m = compile(text, "as_6_5", &[]);
    m.assert_has(&[
        "OpEntryPoint TaskNV",
        "OpControlBarrier %uint_2 %uint_2 %uint_264",
    ]);
    let body: Vec<&str> = m.asm.lines().collect();
    let task_count = m.id("var.TaskCountNV");
    let count_store = body
        .iter()
        .position(|l| l.starts_with(&format!("OpStore {task_count} ")))
        .expect("the group count is stored");
    let after = body
        .iter()
        .position(|l| l.starts_with("OpStore ") && l.ends_with(" %uint_7"))
        .expect("the store after DispatchMesh is kept");
    assert!(count_store < after, "{}", m.asm);
    assert_eq!(
        body[count_store..after]
            .iter()
            .filter(|l| l.starts_with("OpReturn"))
            .count(),
        0,
        "no return between DispatchMesh and the code after it:\n{}",
        m.asm
    );
    let ext = compile(text, "as_6_5", &["-fspv-target-env=vulkan1.2"]);
    ext.assert_has(&["OpEmitMeshTasksEXT %uint_2 %uint_1 %uint_1"]);
    assert!(!ext.asm.contains("%uint_7"), "{}", ext.asm);
}
