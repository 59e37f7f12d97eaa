//! Task ext4: the inline SPIR-V forms ext3 left refused. `vk::ext_execution_mode_id` (an
//! `OpExecutionModeId` whose operands are constants or spec constants by id), and the
//! attributes of the statement calling it.

use crate::harness::{compile, refuse};

const V11: &[&str] = &["-fspv-target-env=vulkan1.1"];
const V13: &[&str] = &["-fspv-target-env=vulkan1.3"];

/// A compute shader whose work-group width is a spec constant: `LocalSizeId` names it by id.
#[test]
fn execution_mode_id_passes_a_spec_constant_by_id() {
    let m = compile(
        "[[vk::constant_id(3)]] const uint Width = 32;
RWStructuredBuffer<uint> Out;
[numthreads(1, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
  vk::ext_execution_mode_id(/* LocalSizeId */ 38, Width, 2u, 1u);
  Out[i] = i;
}
",
        "cs_6_0",
        V13,
    );
    let width = m.id("Width");
    let mode = m
        .asm
        .lines()
        .find(|l| l.contains("OpExecutionModeId"))
        .unwrap_or_else(|| panic!("no OpExecutionModeId:\n{}", m.asm));
    assert!(
        mode.ends_with(&format!("LocalSizeId {width} %uint_2 %uint_1")),
        "{}",
        m.asm
    );
    m.assert_has(&[&format!("{width} = OpSpecConstant %uint 32")]);
}

/// Literal operands are `int` constants, as DXC types them; `[[vk::ext_capability]]` and
/// `[[vk::ext_extension]]` on the statement are the module's.
#[test]
fn execution_mode_id_literals_and_statement_attributes() {
    let m = compile(
        "RWStructuredBuffer<uint> Out;
[numthreads(1, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
  [[vk::ext_capability(/* ShaderClockKHR */ 5055)]]
  [[vk::ext_extension(\"SPV_KHR_shader_clock\")]]
  vk::ext_execution_mode_id(/* LocalSizeId */ 38, 4, 4, 1);
  Out[i] = i;
}
",
        "cs_6_0",
        V13,
    );
    m.assert_has(&[
        "OpCapability ShaderClockKHR",
        "OpExtension \"SPV_KHR_shader_clock\"",
        "LocalSizeId %int_4 %int_4 %int_1",
    ]);
}

/// The attributes on the statement of the literal form, `vk::ext_execution_mode`, count too
/// (they were dropped: the validator then refused the mode for its missing capability).
#[test]
fn execution_mode_statement_attributes_declare_the_capability() {
    let m = compile(
        "int main() : SV_Target0 {
  [[vk::ext_capability(/* StencilExportEXT */ 5013)]]
  [[vk::ext_extension(\"SPV_EXT_shader_stencil_export\")]]
  vk::ext_execution_mode(/* StencilRefReplacingEXT */ 5027);
  return 3;
}
",
        "ps_6_0",
        &[],
    );
    m.assert_has(&[
        "OpCapability StencilExportEXT",
        "OpExecutionMode %main StencilRefReplacingEXT",
    ]);
}

/// What the validator refuses of DXC's output: a `Kernel` mode, a literal mode, a wrong
/// count, an operand that is no constant, and SPIR-V 1.0, which has no `OpExecutionModeId`.
#[test]
fn execution_mode_id_refusals() {
    let shader = |call: &str| {
        format!(
            "RWStructuredBuffer<uint> Out;
[numthreads(1, 1, 1)]
void main(uint i : SV_DispatchThreadID) {{
  {call};
  Out[i] = i;
}}
"
        )
    };
    refuse(
        &shader("vk::ext_execution_mode_id(/* LocalSizeHintId */ 39, 4, 4, 4)"),
        "cs_6_0",
        V11,
        1,
        "error[E3012]: vk::ext_execution_mode_id(39): the LocalSizeHintId execution mode needs \
         the Kernel capability",
    );
    refuse(
        &shader("vk::ext_execution_mode_id(/* LocalSize */ 17, 4, 4, 4)"),
        "cs_6_0",
        V11,
        1,
        "the LocalSize execution mode takes literal operands",
    );
    refuse(
        &shader("vk::ext_execution_mode_id(38, 4, 4)"),
        "cs_6_0",
        V11,
        1,
        "the LocalSizeId execution mode takes 3 ids, 2 given",
    );
    refuse(
        &shader("vk::ext_execution_mode_id(38, i, 1, 1)"),
        "cs_6_0",
        V11,
        1,
        "error[E3012]: an operand of vk::ext_execution_mode_id must be a constant or a spec \
         constant",
    );
    refuse(
        &shader("vk::ext_execution_mode_id(38, 8, 1, 1)"),
        "cs_6_0",
        &[],
        1,
        "needs SPIR-V 1.2",
    );
    refuse(
        &shader("vk::ext_execution_mode_id(38, 8, 1, 1)"),
        "cs_6_0",
        V11,
        1,
        "Vulkan allows the LocalSizeId execution mode from Vulkan 1.3 on",
    );
    refuse(
        "int main() : SV_Target0 {
  vk::ext_execution_mode_id(/* LocalSizeId */ 38, 8, 8, 8);
  return 3;
}
",
        "ps_6_0",
        V13,
        1,
        "the LocalSizeId execution mode is only valid in compute, mesh and amplification shaders",
    );
    refuse(
        &shader("vk::ext_execution_mode_id(38, 8.5, 1, 1)"),
        "cs_6_0",
        V11,
        1,
        "an operand of `vk::ext_execution_mode_id` must be an integer constant",
    );
}

const V12: &[&str] = &["-fspv-target-env=vulkan1.2"];

/// A local of an amplification shader in `TaskPayloadWorkgroupEXT` (5402), handed to
/// `DispatchMesh`: the module's one payload variable, which `OpEmitMeshTasksEXT` names.
#[test]
fn a_task_payload_local_is_the_payload_dispatch_mesh_sends() {
    let m = compile(
        "struct Work { uint first; uint count[3]; };
[numthreads(3, 1, 1)]
void main(uint i : SV_GroupIndex) {
  [[vk::ext_storage_class(/* TaskPayloadWorkgroupEXT */ 5402)]] Work work;
  work.first = 7;
  work.count[i] = i + 1;
  DispatchMesh(3, 1, 1, work);
}
",
        "as_6_5",
        V12,
    );
    let var = m
        .asm
        .lines()
        .find(|l| l.ends_with("TaskPayloadWorkgroupEXT") && l.contains("OpVariable"))
        .and_then(|l| l.split(" = ").next())
        .unwrap_or_else(|| panic!("no payload variable:\n{}", m.asm))
        .to_owned();
    let emit = m.asm.lines().find(|l| l.contains("OpEmitMeshTasksEXT"));
    assert!(
        emit.is_some_and(|l| l.ends_with(&format!(" {var}"))),
        "{}",
        m.asm
    );
}

/// A `static` global in `TaskPayloadWorkgroupEXT` read by a mesh shader: the payload its
/// amplification shader sent.
#[test]
fn a_mesh_shader_reads_a_task_payload_global() {
    let m = compile(
        "struct Work { float scale; };
[[vk::ext_storage_class(/* TaskPayloadWorkgroupEXT */ 5402)]] static Work work;
struct V { float4 pos : SV_Position; };
[outputtopology(\"triangle\")]
[numthreads(1, 1, 1)]
void main(out vertices V verts[3], out indices uint3 tris[1]) {
  SetMeshOutputCounts(3, 1);
  verts[0].pos = float4(work.scale, 0, 0, 1);
  verts[1].pos = float4(0, work.scale, 0, 1);
  verts[2].pos = float4(0, 0, work.scale, 1);
  tris[0] = uint3(0, 1, 2);
}
",
        "ms_6_5",
        V12,
    );
    m.assert_has(&[
        "%work = OpVariable %_ptr_TaskPayloadWorkgroupEXT_Work TaskPayloadWorkgroupEXT",
    ]);
}

/// NVIDIA's shader execution reordering: hit-object attributes read into a local in
/// `HitObjectAttributeNV` (5385), a module variable in that class with the capability and
/// extension it needs.
#[test]
fn hit_object_attributes_live_in_their_class() {
    let m = crate::harness::compile_entry(
        "using HitObject = vk::SpirvOpaqueType</* OpTypeHitObjectNV */ 5281>;
[[vk::ext_capability(/* ShaderInvocationReorderNV */ 5383)]]
[[vk::ext_extension(\"SPV_NV_shader_invocation_reorder\")]]
[[vk::ext_instruction(/* OpHitObjectRecordEmptyNV */ 5259)]]
void recordEmpty([[vk::ext_reference]] HitObject hit);
[[vk::ext_instruction(/* OpHitObjectGetAttributesNV */ 5266)]]
void getAttributes([[vk::ext_reference]] HitObject hit, [[vk::ext_reference]] float2 attributes);
RWTexture2D<float4> image;
[shader(\"raygeneration\")]
void gen() {
  HitObject hit;
  recordEmpty(hit);
  [[vk::ext_storage_class(/* HitObjectAttributeNV */ 5385)]] float2 bary;
  getAttributes(hit, bary);
  image[DispatchRaysIndex().xy] = float4(bary, 0, 1);
}
",
        "lib_6_3",
        None,
        V12,
    );
    m.assert_has(&[
        "OpCapability ShaderInvocationReorderNV",
        "OpTypePointer HitObjectAttributeNV %v2float",
    ]);
    let var = m
        .asm
        .lines()
        .find(|l| l.ends_with("OpVariable %_ptr_HitObjectAttributeNV_v2float HitObjectAttributeNV"))
        .and_then(|l| l.split(" = ").next())
        .unwrap_or_else(|| panic!("no attribute variable:\n{}", m.asm))
        .to_owned();
    assert!(
        m.asm
            .lines()
            .any(|l| l.contains("OpHitObjectGetAttributesNV") && l.ends_with(&var)),
        "{}",
        m.asm
    );
}

/// An opaque inline SPIR-V acceleration structure in `UniformConstant` (0), as DXC's
/// `spv.raytracing` test declares one: a variable of its own with its descriptor binding
/// (not a `$Globals` member), loaded for the instruction, with `RayQueryKHR` outside the
/// ray-tracing stages.
#[test]
fn an_opaque_type_in_uniform_constant_is_bound_as_a_resource() {
    let m = compile(
        "using Scene = vk::SpirvOpaqueType</* OpTypeAccelerationStructureKHR */ 5341>;
using Query = vk::SpirvOpaqueType</* OpTypeRayQueryKHR */ 4472>;
[[vk::binding(2, 1)]] [[vk::ext_storage_class(/* UniformConstant */ 0)]] Scene scene;
float4 unrelated;
[[vk::ext_instruction(/* OpRayQueryInitializeKHR */ 4473)]]
void initialize([[vk::ext_reference]] Query q, Scene s, uint flags, uint mask, float3 origin,
                float tmin, float3 dir, float tmax);
RWStructuredBuffer<float4> Out;
[numthreads(1, 1, 1)]
void main() {
  Query q;
  initialize(q, scene, 0, 0xff, float3(0, 0, 0), 0.0, float3(0, 0, 1), 10.0);
  Out[0] = unrelated;
}
",
        "cs_6_5",
        V12,
    );
    assert_eq!(m.binding("scene"), (1, 2), "{}", m.asm);
    m.assert_has(&[
        "OpCapability RayQueryKHR",
        "%scene = OpVariable %_ptr_UniformConstant_",
    ]);
    // `$Globals` holds the plain value only.
    assert_eq!(m.offsets("type.$Globals"), vec![0], "{}", m.asm);
}

/// The class a global that is not `static` already has changes nothing, as DXC only sets the
/// class of the variable it makes anyway: `Uniform` on a plain value (a `$Globals` member),
/// `UniformConstant` on a texture, `StorageBuffer` on a read-write structured buffer.
#[test]
fn a_class_the_variable_already_has_changes_nothing() {
    let m = compile(
        "[[vk::ext_storage_class(/* Uniform */ 2)]] float4 tint;
float4 bias;
[[vk::ext_storage_class(/* UniformConstant */ 0)]] Texture2D tex;
SamplerState s;
[[vk::ext_storage_class(/* StorageBuffer */ 12)]] RWStructuredBuffer<float4> Out;
float4 main(float2 uv : TEXCOORD) : SV_Target {
  Out[0] = tint;
  return tex.Sample(s, uv) * tint + bias;
}
",
        "ps_6_0",
        V12,
    );
    assert_eq!(m.offsets("type.$Globals"), vec![0, 16], "{}", m.asm);
    m.assert_has(&[
        "%tex = OpVariable %_ptr_UniformConstant_type_image UniformConstant",
        "%Out = OpVariable %_ptr_StorageBuffer_type_RWStructuredBuffer_float4 StorageBuffer",
    ]);
}

/// Classes of descriptor-bound memory on a `static` or local variable: DXC's variable has no
/// block nor binding, which Vulkan's validation requires (E3012); a payload class in a stage
/// that has none; and `HitObjectAttributeEXT` in a pixel shader (E3001 until ext5 lowered
/// the class; now the stage refusal of `HitObjectAttributeNV`).
#[test]
fn storage_class_refusals() {
    refuse(
        "RWStructuredBuffer<uint> Out;
[numthreads(1, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
  [[vk::ext_storage_class(/* StorageBuffer */ 12)]] uint scratch = i;
  Out[i] = scratch;
}
",
        "cs_6_0",
        V11,
        1,
        "error[E3012]: vk::ext_storage_class(12): a static or local variable cannot be in the \
         StorageBuffer storage class",
    );
    refuse(
        "[[vk::ext_storage_class(/* Uniform */ 2)]] static float4 k;
float4 main() : SV_Target { return k; }
",
        "ps_6_0",
        &[],
        1,
        "error[E3012]: vk::ext_storage_class(2): a static or local variable cannot be in the \
         Uniform storage class",
    );
    refuse(
        "float4 main(float4 c : COLOR) : SV_Target {
  [[vk::ext_storage_class(/* UniformConstant */ 0)]] float4 k = c;
  return k;
}
",
        "ps_6_0",
        &[],
        1,
        "error[E3012]: vk::ext_storage_class(0): a static or local variable cannot be in the \
         UniformConstant storage class",
    );
    refuse(
        "struct Work { uint n; };
[[vk::ext_storage_class(/* TaskPayloadWorkgroupEXT */ 5402)]] static Work work;
float4 main() : SV_Target { return work.n; }
",
        "ps_6_0",
        &[],
        1,
        "error[E3012]: vk::ext_storage_class(5402): a variable in the TaskPayloadWorkgroupEXT \
         storage class is only valid in mesh and amplification shaders, not in a pixel shader",
    );
    refuse(
        "float4 main() : SV_Target {
  [[vk::ext_storage_class(/* HitObjectAttributeEXT */ 5411)]] float2 bary = 0;
  return bary.xyxy;
}
",
        "ps_6_0",
        &[],
        1,
        "error[E3012]: vk::ext_storage_class(5411): a variable in the HitObjectAttributeEXT \
         storage class is only valid in ray generation, closest-hit and miss shaders, not in a \
         pixel shader",
    );
}

/// What DXC's `vk/spirv.h` declares for untyped work-group addresses, written here as a
/// shader includes it: a `const` alias template of an inline SPIR-V pointer type, and a
/// template function copying a `groupshared` element's pointer.
const WORKGROUP_POINTER: &str = "namespace vk {
enum StorageClass { StorageClassWorkgroup = 4 };
template <typename T>
using WorkgroupSpirvPointer = const vk::SpirvOpaqueType</* OpTypePointer */ 32,
    vk::Literal<vk::integral_constant<uint, StorageClassWorkgroup> >, T>;
template <typename T>
[[vk::ext_instruction(/* OpCopyObject */ 83)]] WorkgroupSpirvPointer<T>
GetGroupSharedAddress([[vk::ext_reference]] T v);
}
[[vk::ext_instruction(/* OpLoad */ 61)]] float LoadShared(vk::WorkgroupSpirvPointer<float> p);
";

/// Alias templates (`template <typename T> using V = ...;`) name their type with the
/// arguments bound; they were "unknown type `T`" (E2014) at the alias and at each use.
#[test]
fn alias_templates_bind_their_parameters() {
    let m = compile(
        "template <typename T> using Four = vector<T, 4>;
template <typename T, uint N = 2> using Row = T[N];
float4 main(float4 c : COLOR) : SV_Target {
  Four<float> twice = c * 2;
  Row<float> pair = { c.x, c.y };
  Row<int, 3> three = { 1, 2, 3 };
  return twice + pair[1] + three[2];
}
",
        "ps_6_0",
        &[],
    );
    m.assert_has(&["OpTypeArray %float %uint_2", "OpTypeArray %int %uint_3"]);
}

/// A local `vk::WorkgroupSpirvPointer` holds the copied pointer: no variable (Vulkan's
/// logical addressing gives none a pointer type, which DXC's legalization removes), each
/// read the `OpCopyObject`'s result.
#[test]
fn a_workgroup_pointer_local_names_its_value() {
    let m = compile(
        &format!(
            "{WORKGROUP_POINTER}RWStructuredBuffer<float> Out;
groupshared float tile[64];
[numthreads(64, 1, 1)]
void main(uint i : SV_GroupIndex) {{
  tile[i] = i * 0.5;
  GroupMemoryBarrierWithGroupSync();
  vk::WorkgroupSpirvPointer<float> mirror = vk::GetGroupSharedAddress(tile[63 - i]);
  Out[i] = LoadShared(mirror) + LoadShared(mirror);
}}
"
        ),
        "cs_6_0",
        V13,
    );
    let copy = m
        .asm
        .lines()
        .find(|l| l.contains("OpCopyObject %_ptr_Workgroup_float"))
        .and_then(|l| l.split(" = ").next())
        .unwrap_or_else(|| panic!("no copied pointer:\n{}", m.asm))
        .to_owned();
    let loads = m
        .asm
        .lines()
        .filter(|l| l.ends_with(&format!("OpLoad %float {copy}")))
        .count();
    assert_eq!(loads, 2, "{}", m.asm);
    assert!(!m.asm.contains("_ptr_Function__ptr_Workgroup"), "{}", m.asm);
}

/// A parameter holding one needs the call inlined (DXC's legalization; ext5 inlines it, its
/// tests are `ext5.rs`) or the `VariablePointers` capability; with it, the pointer passes as DXC's
/// `workgroupspirvpointer.varpointer` test passes it. The alias is `const`: assigning the
/// local again is DXC's "cannot assign to variable ... with const-qualified type".
#[test]
fn workgroup_pointer_parameters_and_assignments() {
    let shader = |attr: &str| {
        format!(
            "{WORKGROUP_POINTER}RWStructuredBuffer<float> Out;
groupshared float tile[64];
float twice(vk::WorkgroupSpirvPointer<float> p) {{ return LoadShared(p) * 2; }}
{attr}
[numthreads(64, 1, 1)]
void main(uint i : SV_GroupIndex) {{
  tile[i] = i;
  Out[i] = twice(vk::GetGroupSharedAddress(tile[i]));
}}
"
        )
    };
    let inlined = compile(&shader(""), "cs_6_0", V13);
    assert!(!inlined.has("OpFunctionCall %float"), "{}", inlined.asm);
    let m = compile(
        &shader("[[vk::ext_capability(/* VariablePointers */ 4442)]]"),
        "cs_6_0",
        V13,
    );
    m.assert_has(&["OpCapability VariablePointers"]);
    refuse(
        &format!(
            "{WORKGROUP_POINTER}groupshared float tile[64];
[numthreads(64, 1, 1)]
void main(uint i : SV_GroupIndex) {{
  vk::WorkgroupSpirvPointer<float> p = vk::GetGroupSharedAddress(tile[0]);
  if (i > 10) p = vk::GetGroupSharedAddress(tile[i]);
}}
"
        ),
        "cs_6_0",
        V13,
        1,
        "error[E2007]: cannot assign to variable 'p' with const-qualified type \
         'vk::WorkgroupSpirvPointer<float>'",
    );
}

/// A physical-storage-buffer pointer as an inline SPIR-V type (DXC's
/// `spv.inline.decorate.member` test, written valid): the local holding the bitcast address
/// is no variable, and the `[[vk::ext_literal]]` parameters left out of the call take their
/// defaults (`Aligned 16`; the load was written without them, which the validator refuses
/// for this class).
#[test]
fn instruction_defaults_and_a_physical_pointer_local() {
    let m = compile(
        "template <class T, class U>
[[vk::ext_instruction(/* OpBitcast */ 124)]] T Bitcast(U);
struct Pair {
  [[vk::ext_decorate(/* Offset */ 35, 0)]] float4 first;
  [[vk::ext_decorate(/* Offset */ 35, 16)]] float4 second;
};
using PairPointer = vk::SpirvOpaqueType</* OpTypePointer */ 32,
    /* PhysicalStorageBuffer */ vk::Literal<vk::integral_constant<uint, 5349> >, Pair>;
[[vk::ext_capability(/* PhysicalStorageBufferAddresses */ 5347)]]
[[vk::ext_extension(\"SPV_KHR_physical_storage_buffer\")]]
[[vk::ext_instruction(/* OpLoad */ 61)]]
Pair LoadPair(PairPointer p, [[vk::ext_literal]] uint access = /* Aligned */ 0x2,
              [[vk::ext_literal]] uint alignment = 16);
uint64_t address;
float4 main() : SV_Target {
  PairPointer p = Bitcast<PairPointer>(address);
  return LoadPair(p).second;
}
",
        "ps_6_0",
        V12,
    );
    let cast = m
        .asm
        .lines()
        .find(|l| l.contains("OpBitcast %_ptr_PhysicalStorageBuffer_Pair"))
        .and_then(|l| l.split(" = ").next())
        .unwrap_or_else(|| panic!("no bitcast:\n{}", m.asm))
        .to_owned();
    m.assert_has(&[&format!("OpLoad %Pair {cast} Aligned 16")]);
}

/// An opaque inline SPIR-V global without `[[vk::ext_storage_class]]` is a resource too, as
/// DXC declares `vk::ext_type<3> as : register(t0);` in its `spv.intrinsicTypeRayquery` test
/// (it was a `$Globals` member, which an opaque type cannot be: E4001).
#[test]
fn an_opaque_global_is_a_resource_without_the_attribute() {
    let m = compile(
        "[[vk::ext_type_def(/* id */ 7, /* OpTypeAccelerationStructureKHR */ 5341)]]
void declareScene();
using Query = vk::SpirvOpaqueType</* OpTypeRayQueryKHR */ 4472>;
vk::ext_type<7> scene : register(t3);
float4 tint;
[[vk::ext_instruction(/* OpRayQueryInitializeKHR */ 4473)]]
void initialize([[vk::ext_reference]] Query q, vk::ext_type<7> s, uint flags, uint mask,
                float3 origin, float tmin, float3 dir, float tmax);
RWStructuredBuffer<float4> Out;
[numthreads(1, 1, 1)]
void main() {
  declareScene();
  Query q;
  initialize(q, scene, 0, 0xff, float3(0, 0, 0), 0.0, float3(0, 1, 0), 5.0);
  Out[0] = tint;
}
",
        "cs_6_5",
        V12,
    );
    assert_eq!(m.binding("scene").1, 3, "{}", m.asm);
    assert_eq!(m.offsets("type.$Globals"), vec![0], "{}", m.asm);
}

/// A `void` instruction of an extended set (`NonSemantic.DebugBreak`, DXC's
/// `spv.intrinsicInstruction` test) is an `OpExtInst` with a `void` result id, which every
/// `OpExtInst` has (it was written without one: the validator read the set's id as the
/// result).
#[test]
fn a_void_extended_instruction_has_a_result_id() {
    let m = compile(
        "[[vk::ext_extension(\"SPV_KHR_non_semantic_info\")]]
[[vk::ext_instruction(/* DebugBreak */ 1, \"NonSemantic.DebugBreak\")]]
void debugBreak();
float4 main(float4 c : COLOR) : SV_Target {
  if (c.x < 0) debugBreak();
  return c;
}
",
        "ps_6_0",
        V11,
    );
    let set = m
        .asm
        .lines()
        .find(|l| l.ends_with("OpExtInstImport \"NonSemantic.DebugBreak\""))
        .and_then(|l| l.split(" = ").next())
        .unwrap_or_else(|| panic!("no import:\n{}", m.asm))
        .to_owned();
    assert!(
        m.asm
            .lines()
            .any(|l| l.contains(" = OpExtInst %void ") && l.ends_with(&format!("{set} 1"))),
        "{}",
        m.asm
    );
}
