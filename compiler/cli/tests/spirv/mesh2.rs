//! Mesh and amplification shaders through `SPV_NV_mesh_shader`, which DXC uses below SPIR-V
//! 1.4 and whenever `-fspv-extension=` leaves out `SPV_EXT_mesh_shader`: execution models,
//! the flat `PrimitiveIndicesNV` array, `PrimitiveCountNV`, `TaskCountNV`, the `PerTaskNV`
//! payload variables, and the refusals of what NV cannot express (task mesh2).

use crate::harness::{compile, refuse, run};

/// A triangle mesh shader at the default target (vulkan1.0) is a `MeshNV` entry point whose
/// index output is one flat `uint` array, three elements a primitive, written element by
/// element for a whole row and at `3 * i + k` for one component; the primitive count goes to
/// `PrimitiveCountNV`.
#[test]
fn a_triangle_mesh_shader_below_spirv_1_4_uses_the_nv_extension() {
    let m = compile(
        r#"
struct V { float4 pos : SV_Position; float2 uv : TEXCOORD0; };
struct P { float4 tint : TINT; uint layer : SV_RenderTargetArrayIndex; uint vp : SV_ViewportArrayIndex; };
[outputtopology("triangle")] [numthreads(8, 1, 1)]
void main(out vertices V verts[4], out indices uint3 tris[2], out primitives P prims[2],
          uint i : SV_GroupIndex) {
    SetMeshOutputCounts(4, 2);
    verts[i].pos = float4(i, 0, 0, 1);
    verts[i].uv = float2(0, 1);
    tris[i % 2] = uint3(0, 1, i);
    tris[1].z = 3;
    prims[i % 2].tint = 1;
    prims[i % 2].layer = i;
    prims[i % 2].vp = 0;
}
"#,
        "ms_6_5",
        &[],
    );
    m.assert_has(&[
        "OpCapability MeshShadingNV",
        "OpExtension \"SPV_NV_mesh_shader\"",
        "OpEntryPoint MeshNV",
        "OutputTrianglesNV",
        "OutputVertices 4",
        "OutputPrimitivesNV 2",
        "BuiltIn PrimitiveIndicesNV",
        "BuiltIn PrimitiveCountNV",
        "BuiltIn Layer",
        "BuiltIn ViewportIndex",
        "PerPrimitiveNV",
    ]);
    assert!(!m.asm.contains("EXT"), "no EXT form under NV:\n{}", m.asm);
    assert!(!m.asm.contains("OpSetMeshOutputsEXT"));
    // Two primitives of three indices: `uint[6]`, not `v3uint[2]`.
    let indices = m.id("out.indices");
    let var = m
        .asm
        .lines()
        .find(|l| l.starts_with(&format!("{indices} = OpVariable")))
        .expect("the index variable");
    let ptr = var.split(' ').nth(3).unwrap();
    let ptr_def = m
        .asm
        .lines()
        .find(|l| l.starts_with(&format!("{ptr} = OpTypePointer Output")))
        .expect("its pointer type");
    let array = ptr_def.rsplit(' ').next().unwrap();
    let array_def = m
        .asm
        .lines()
        .find(|l| l.starts_with(&format!("{array} = OpTypeArray")))
        .expect("its array type");
    assert!(array_def.contains("%uint "), "{array_def}");
    let len = array_def.rsplit(' ').next().unwrap();
    assert!(
        m.asm.contains(&format!("{len} = OpConstant %uint 6")),
        "{array_def}"
    );
    // The primitive count is stored, the vertex count has no NV built-in.
    let count = m.id("var.PrimitiveCountNV");
    assert!(
        m.asm.contains(&format!("OpStore {count} %uint_2")),
        "{}",
        m.asm
    );
    // A whole row is three stores of one `uint` each, a component one store.
    let stores = m
        .asm
        .lines()
        .filter(|l| l.contains("OpAccessChain %_ptr_Output_uint ") && l.contains(&indices))
        .count();
    assert_eq!(stores, 4, "{}", m.asm);
}

/// Lines take two elements a primitive; points one, indexed as they are.
#[test]
fn line_and_point_indices_are_flat_uint_arrays() {
    let lines = compile(
        r#"
struct V { float4 pos : SV_Position; };
[outputtopology("line")] [numthreads(4, 1, 1)]
void main(out vertices V verts[8], out indices uint2 segs[5], uint i : SV_GroupIndex) {
    SetMeshOutputCounts(8, 5);
    verts[i].pos = 0;
    segs[i] = uint2(i, i + 1);
    segs[4][1] = 7;
}
"#,
        "ms_6_5",
        &[],
    );
    lines.assert_has(&[
        "OutputLinesNV",
        "OutputPrimitivesNV 5",
        "%_arr_uint_uint_10 = OpTypeArray %uint %uint_10",
        "BuiltIn PrimitiveIndicesNV",
    ]);
    let points = compile(
        r#"
struct V { float4 pos : SV_Position; };
[outputtopology("point")] [numthreads(4, 1, 1)]
void main(out vertices V verts[8], out indices uint dots[8], uint i : SV_GroupIndex) {
    SetMeshOutputCounts(8, 8);
    verts[i].pos = 0;
    dots[i] = i;
}
"#,
        "ms_6_5",
        &["-fspv-target-env=vulkan1.1"],
    );
    points.assert_has(&[
        "OutputPoints",
        "%_arr_uint_uint_8 = OpTypeArray %uint %uint_8",
        "BuiltIn PrimitiveIndicesNV",
        "OpEntryPoint MeshNV",
    ]);
}

/// A mesh shader's payload is one `PerTaskNV` input per member (structs flattened), each
/// with the `Offset` of the member in the relaxed std430 layout, as DXC declares it.
#[test]
fn a_mesh_payload_is_one_per_task_input_per_member() {
    let m = compile(
        r#"
struct Inner { float2 a; bool on; };
struct Pay { float dummy[10]; float4 pos; Inner inner; };
struct V { float4 pos : SV_Position; };
[outputtopology("triangle")] [numthreads(1, 1, 1)]
void main(out vertices V verts[3], out indices uint3 tris[1], in payload Pay pl) {
    SetMeshOutputCounts(3, 1);
    verts[0].pos = pl.inner.on ? pl.pos : float4(pl.inner.a, pl.dummy[9], 1);
}
"#,
        "ms_6_5",
        &[],
    );
    for (name, offset) in [
        ("in.var.dummy", "0"),
        ("in.var.pos", "48"),
        ("in.var.a", "64"),
        ("in.var.on", "72"),
    ] {
        assert_eq!(
            m.decoration(name, "Offset").as_deref(),
            Some(offset),
            "{name}"
        );
        assert_eq!(
            m.decoration(name, "PerTaskNV").as_deref(),
            Some(""),
            "{name}"
        );
        let id = m.id(name);
        let entry = m.asm.lines().find(|l| l.contains("OpEntryPoint")).unwrap();
        assert!(entry.contains(&id), "{name} in the interface: {entry}");
    }
    assert!(!m.asm.contains("TaskPayloadWorkgroupEXT"));
}

/// An amplification shader keeps its payload in workgroup memory; `DispatchMesh` waits for
/// the group, copies each member to its `PerTaskNV` output and stores `x * y * z` to
/// `TaskCountNV`.
#[test]
fn dispatch_mesh_under_nv_writes_the_payload_outputs_and_the_task_count() {
    let m = compile(
        r#"
struct Pay { float dummy[10]; float4 pos; };
groupshared Pay pld;
[numthreads(16, 1, 1)]
void main(uint i : SV_GroupIndex, uint3 g : SV_GroupID) {
    pld.pos = float4(i, 0, 0, 1);
    DispatchMesh(g.x, 2, 3, pld);
}
"#,
        "as_6_5",
        &[],
    );
    m.assert_has(&[
        "OpCapability MeshShadingNV",
        "OpEntryPoint TaskNV",
        "BuiltIn TaskCountNV",
        "OpControlBarrier %uint_2 %uint_2 %uint_264",
        "= OpVariable %_ptr_Workgroup_Pay Workgroup",
    ]);
    assert!(!m.asm.contains("OpEmitMeshTasksEXT"));
    assert_eq!(
        m.decoration("out.var.dummy", "Offset").as_deref(),
        Some("0")
    );
    assert_eq!(m.decoration("out.var.pos", "Offset").as_deref(), Some("48"));
    assert_eq!(
        m.decoration("out.var.pos", "PerTaskNV").as_deref(),
        Some("")
    );
    let count = m.id("var.TaskCountNV");
    let total = m
        .asm
        .lines()
        .find_map(|l| l.strip_prefix(&format!("OpStore {count} ")))
        .expect("the task count is stored");
    let product = m
        .asm
        .lines()
        .find(|l| l.starts_with(&format!("{total} = OpIMul %uint")))
        .expect("x * (y * z)");
    assert!(product.contains("%uint"), "{product}");
    for out in ["out.var.dummy", "out.var.pos"] {
        let id = m.id(out);
        assert!(
            m.asm.contains(&format!("OpStore {id} ")),
            "{out} is written"
        );
    }
}

/// `DispatchMesh` in a helper that returns a value: under NV the helper returns there (an
/// undefined value, never used: the task is over).
#[test]
fn dispatch_mesh_in_a_helper_returning_a_value_validates_under_nv() {
    let m = compile(
        r#"
struct Pay { uint base; };
groupshared Pay pay;
uint launch(uint n) { pay.base = n; DispatchMesh(n, 1, 1, pay); return n; }
[numthreads(4, 1, 1)]
void main(uint3 g : SV_GroupID) { launch(g.x); }
"#,
        "as_6_5",
        &[],
    );
    m.assert_has(&[
        "OpReturnValue",
        "BuiltIn TaskCountNV",
        "OpEntryPoint TaskNV",
    ]);
}

/// The rule DXC's `FeatureManager` follows: EXT by default from SPIR-V 1.4, NV when
/// `-fspv-extension=` names `SPV_NV_mesh_shader` and not the EXT one.
#[test]
fn the_extension_follows_the_target_and_the_allowed_extensions() {
    let text = r#"
struct V { float4 pos : SV_Position; };
[outputtopology("triangle")] [numthreads(32, 1, 1)]
void main(out vertices V verts[81], out indices uint3 tris[128]) {
    SetMeshOutputCounts(81, 128);
}
"#;
    let ext = compile(text, "ms_6_5", &["-fspv-target-env=vulkan1.1spirv1.4"]);
    ext.assert_has(&[
        "OpEntryPoint MeshEXT",
        "OpSetMeshOutputsEXT %uint_81 %uint_128",
    ]);
    let nv = compile(
        text,
        "ms_6_5",
        &[
            "-fspv-target-env=vulkan1.1spirv1.4",
            "-fspv-extension=SPV_NV_mesh_shader",
        ],
    );
    nv.assert_has(&["OpEntryPoint MeshNV", "BuiltIn PrimitiveCountNV"]);
    // `KHR` does not allow either mesh extension: NV is picked and refused by name.
    refuse(
        text,
        "ms_6_5",
        &["-fspv-extension=KHR"],
        1,
        "the module needs SPIR-V extension SPV_NV_mesh_shader",
    );
}

/// Asking for EXT below SPIR-V 1.4 is refused at the entry point's name (was line 1,
/// column 1).
#[test]
fn ext_mesh_shading_below_spirv_1_4_is_refused_at_the_entry_point() {
    let mesh = r#"struct V { float4 pos : SV_Position; };
[outputtopology("triangle")] [numthreads(1, 1, 1)]
void main(out vertices V verts[3], out indices uint3 tris[1]) {
    SetMeshOutputCounts(3, 1);
}
"#;
    let flags = ["-fspv-extension=SPV_EXT_mesh_shader"];
    refuse(
        mesh,
        "ms_6_5",
        &flags,
        1,
        "need SPIR-V 1.4: vulkan1.1spirv1.4 or later",
    );
    refuse(mesh, "ms_6_5", &flags, 1, "t.hlsl:3:6");
    let amplification = r#"struct Pay { uint n; };
groupshared Pay pay;
[numthreads(1, 1, 1)]
void main() { DispatchMesh(1, 1, 1, pay); }
"#;
    refuse(amplification, "as_6_5", &flags, 1, "t.hlsl:4:6");
}

/// `SV_CullPrimitive` is an EXT built-in only: refused under NV at its declaration.
#[test]
fn cull_primitive_under_nv_is_refused_at_its_semantic() {
    let text = r#"struct V { float4 pos : SV_Position; };
struct P { bool cull : SV_CullPrimitive; };
[outputtopology("triangle")] [numthreads(1, 1, 1)]
void main(out vertices V verts[3], out indices uint3 tris[1], out primitives P prims[1]) {
    SetMeshOutputCounts(3, 1);
    prims[0].cull = false;
}
"#;
    refuse(text, "ms_6_5", &[], 1, "SPV_NV_mesh_shader does not have");
    let (output, _) = run(text, "ms_6_5", &[]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("E4001"), "{stderr}");
    assert!(stderr.contains("t.hlsl:2:"), "{stderr}");
    compile(text, "ms_6_5", &["-fspv-target-env=vulkan1.2"])
        .assert_has(&["BuiltIn CullPrimitiveEXT"]);
}

/// DXC's words for an amplification entry without `[numthreads]`.
#[test]
fn an_amplification_entry_without_numthreads_is_refused_in_dxc_words() {
    refuse(
        "groupshared uint n;\nvoid main(uint i : SV_GroupIndex) {}\n",
        "as_6_5",
        &[],
        1,
        "AS entry point must have the numthreads attribute",
    );
}

/// `[[vk::builtin("ViewportMaskNV")]]` on a primitive output: the NV built-in, which
/// `MeshShadingNV` enables, per primitive; under EXT it needs `SPV_NV_viewport_array2`.
#[test]
fn a_viewport_mask_output_is_the_nv_built_in() {
    let text = r#"
struct V { float4 pos : SV_Position; };
struct P { [[vk::builtin("ViewportMaskNV")]] int mask[1] : VMASK; };
[outputtopology("triangle")] [numthreads(1, 1, 1)]
void main(out vertices V verts[3], out indices uint3 tris[1], out primitives P prims[1]) {
    SetMeshOutputCounts(3, 1);
    prims[0].mask[0] = 5;
}
"#;
    let nv = compile(text, "ms_6_5", &[]);
    nv.assert_has(&[
        "BuiltIn ViewportMaskNV",
        "PerPrimitiveNV",
        "OpEntryPoint MeshNV",
    ]);
    assert!(!nv.asm.contains("SPV_NV_viewport_array2"), "{}", nv.asm);
    let ext = compile(text, "ms_6_5", &["-fspv-target-env=vulkan1.2"]);
    ext.assert_has(&[
        "BuiltIn ViewportMaskNV",
        "OpCapability ShaderViewportMaskNV",
        "OpExtension \"SPV_NV_viewport_array2\"",
    ]);
}

/// `[[vk::builtin("DrawIndex")]]` on an amplification entry's parameter is that built-in,
/// whatever its semantic (was "not supported yet" for any amplification shader).
#[test]
fn an_amplification_entry_reads_draw_index_through_vk_builtin() {
    let text = r#"
struct Pay { uint draw; };
groupshared Pay pay;
[numthreads(4, 1, 1)]
void main([[vk::builtin("DrawIndex")]] int drawId : DRAW, uint i : SV_GroupIndex) {
    pay.draw = drawId;
    DispatchMesh(1, drawId, 1, pay);
}
"#;
    compile(text, "as_6_5", &[]).assert_has(&["BuiltIn DrawIndex", "OpEntryPoint TaskNV"]);
    compile(text, "as_6_5", &["-fspv-target-env=vulkan1.2"])
        .assert_has(&["BuiltIn DrawIndex", "OpEntryPoint TaskEXT"]);
}

/// A user semantic on a mesh or amplification input: DXC's words, at the parameter's name.
#[test]
fn a_user_semantic_input_of_a_mesh_or_amplification_shader_is_refused_in_dxc_words() {
    refuse(
        r#"struct V { float4 pos : SV_Position; };
[outputtopology("triangle")] [numthreads(1, 1, 1)]
void main(out vertices V verts[3], out indices uint3 tris[1],
          in float3 extra : USER_IN) {}
"#,
        "ms_6_5",
        &[],
        1,
        "invalid usage of semantic 'USER_IN' in shader profile ms",
    );
    refuse(
        "groupshared uint n;\n[numthreads(1, 1, 1)]\nvoid main(in float3 extra : USER_IN) {}\n",
        "as_6_5",
        &[],
        1,
        "t.hlsl:3:21",
    );
}

/// A library with both stages: the payload `DispatchMesh` sends is the amplification
/// shader's outputs, the mesh shader's `in payload` its own inputs (was: both were
/// workgroup variables, the mesh shader reading one nothing wrote).
#[test]
fn a_library_with_both_stages_gives_each_payload_its_side() {
    let m = crate::harness::compile_entry(
        r#"
struct Pay { float4 q; };
struct V { float4 p : SV_Position; };
groupshared Pay gp;
[shader("amplification")] [numthreads(2, 1, 1)]
void amp(uint i : SV_GroupIndex) { gp.q = i; DispatchMesh(1, 1, 1, gp); }
[shader("mesh")] [outputtopology("triangle")] [numthreads(2, 1, 1)]
void ms(out vertices V v[3], out indices uint3 t[1], in payload Pay pl, uint i : SV_GroupIndex) {
    SetMeshOutputCounts(3, 1);
    v[i].p = pl.q;
}
"#,
        "lib_6_5",
        None,
        &[],
    );
    let entries: Vec<&str> = m
        .asm
        .lines()
        .filter(|l| l.contains("OpEntryPoint"))
        .collect();
    let (task, mesh) = (entries[0], entries[1]);
    assert!(
        task.contains("TaskNV") && task.contains(&m.id("out.var.q")),
        "{task}"
    );
    assert!(
        mesh.contains("MeshNV") && mesh.contains(&m.id("in.var.q")),
        "{mesh}"
    );
    assert_eq!(
        m.asm.matches("OpVariable %_ptr_Workgroup_Pay").count(),
        1,
        "{}",
        m.asm
    );
}

/// The indices passed whole to a helper, written there by row, by swizzle and by compound
/// assignment, and read back by row: every access is to single `uint` elements.
#[test]
fn index_rows_written_in_a_helper_and_read_back_under_nv() {
    let m = compile(
        r#"
struct V { float4 p : SV_Position; };
void fill(out indices uint3 t[2], uint i) { t[i] = uint3(0, 1, 2); t[i].yz = t[i].zy; t[1] += 1; }
[outputtopology("triangle")] [numthreads(2, 1, 1)]
void main(out vertices V v[3], out indices uint3 t[2], uint i : SV_GroupIndex) {
    SetMeshOutputCounts(3, 2);
    fill(t, i);
    uint3 back = t[0];
    v[i].p = float4(back, 1);
}
"#,
        "ms_6_5",
        &[],
    );
    let indices = m.id("out.indices");
    assert!(!m.asm.contains("_ptr_Output_v3uint"), "{}", m.asm);
    assert!(
        m.asm
            .contains(&format!("OpAccessChain %_ptr_Output_uint {indices} ")),
        "{}",
        m.asm
    );
}
