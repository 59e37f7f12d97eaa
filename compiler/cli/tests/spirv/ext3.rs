//! Task ext3: `[[vk::ext_storage_class(N)]]` on locals and globals (a module-scope variable in
//! class `N`, as DXC's emitter writes every variable outside `Function`), resources passed by
//! value to `[[vk::ext_instruction]]` functions, `vk::BufferPointer` declarations without an
//! initializer (DXC's "no default constructor"), whole one-row matrix pointees, and the
//! `[[clang::...]]`/`[[gnu::...]]` and one-bracket scoped attributes DXC does not know.

use crate::harness::{compile, compile_entry, refuse};

const RT: &[&str] = &["-fspv-target-env=vulkan1.2"];

/// A ray payload declared as a local of the ray generation shader, traced with an inline
/// `OpTraceRayKHR` whose acceleration structure is passed by value.
#[test]
fn a_local_ray_payload_is_a_module_variable_traced_by_reference() {
    let m = compile_entry(
        r#"struct Payload { float4 color; };
RaytracingAccelerationStructure scene;
RWTexture2D<float4> image;

[[vk::ext_capability(/* RayTracingKHR */ 4479)]]
[[vk::ext_extension("SPV_KHR_ray_tracing")]]
[[vk::ext_instruction(/* OpTraceRayKHR */ 4445)]]
void trace(RaytracingAccelerationStructure as, uint flags, uint mask, uint offset, uint stride,
           uint miss, float3 origin, float tmin, float3 dir, float tmax,
           [[vk::ext_reference]] Payload p);

[shader("raygeneration")]
void gen() {
  [[vk::ext_storage_class(/* RayPayloadKHR */ 5338)]] Payload payload;
  payload.color = float4(1, 0, 0, 1);
  trace(scene, 0, 0xff, 0, 1, 0, float3(0, 0, 0), 0.01, float3(0, 0, 1), 100.0, payload);
  image[DispatchRaysIndex().xy] = payload.color;
}
"#,
        "lib_6_3",
        None,
        RT,
    );
    // (The disassembler spells the ray classes by their NV names.)
    m.assert_has(&["OpVariable %_ptr_RayPayloadNV_Payload RayPayloadNV"]);
    // The structure loaded from its variable, then traced with the payload's pointer.
    let load = m
        .asm
        .lines()
        .find(|l| l.contains("OpLoad") && l.ends_with(" %scene"));
    let handle = load.and_then(|l| l.split(" = ").next()).unwrap_or("?");
    let trace = m.asm.lines().find(|l| l.contains("OpTraceRayKHR")).unwrap();
    assert!(
        trace.contains(&format!("OpTraceRayKHR {handle} ")),
        "{}",
        m.asm
    );
    assert!(trace.ends_with("_payload"), "{}", m.asm);
    assert!(
        !m.asm.contains("OpVariable %_ptr_Function_Payload"),
        "{}",
        m.asm
    );
}

/// `Workgroup` on a local of a helper called twice: one variable for the function, written
/// where the declaration runs.
#[test]
fn a_workgroup_local_is_one_variable_for_its_function() {
    let m = compile(
        "RWStructuredBuffer<uint> Out;
uint mirror(uint i) {
  [[vk::ext_storage_class(/* Workgroup */ 4)]] uint cells[64];
  cells[i] = i * 2;
  GroupMemoryBarrierWithGroupSync();
  return cells[63 - i];
}
[numthreads(64, 1, 1)]
void main(uint i : SV_GroupIndex) { Out[i] = mirror(i) + mirror(i + 1); }
",
        "cs_6_0",
        &[],
    );
    let vars = m
        .asm
        .lines()
        .filter(|l| l.contains("OpVariable") && l.contains("Workgroup"))
        .count();
    assert_eq!(vars, 1, "{}", m.asm);
}

/// `Private` on a local with an initializer: stored each time the declaration runs, as DXC
/// stores any local's initializer.
#[test]
fn a_private_local_keeps_its_initializer_at_the_declaration() {
    let m = compile(
        "float4 main(float4 c : COLOR) : SV_Target {
  [[vk::ext_storage_class(/* Private */ 6)]] float4 twice = c * 2;
  return twice;
}
",
        "ps_6_0",
        &[],
    );
    let var = m
        .asm
        .lines()
        .find(|l| l.ends_with("OpVariable %_ptr_Private_v4float Private"));
    let var = var
        .and_then(|l| l.split(" = ").next())
        .expect("a private variable");
    assert!(m.has(&format!("OpStore {var} ")), "{}", m.asm);
}

/// Hit attributes an intersection shader writes before `OpReportIntersectionKHR`.
#[test]
fn a_local_hit_attribute_in_an_intersection_shader() {
    let m = compile_entry(
        "struct Attr { float2 bary; };
[[vk::ext_instruction(/* OpReportIntersectionKHR */ 5334)]]
bool report(float hit, uint kind);
[shader(\"intersection\")]
void hit() {
  [[vk::ext_storage_class(/* HitAttributeKHR */ 5339)]] Attr a;
  a.bary = float2(0.25, 0.5);
  report(1.0, 0);
}
",
        "lib_6_3",
        None,
        RT,
    );
    m.assert_has(&["OpVariable %_ptr_HitAttributeNV_Attr HitAttributeNV"]);
}

/// A `static` global in a ray payload (NVIDIA's shader-execution-reordering samples declare
/// theirs so), and a global that is not `static`: a variable of its own, not in `$Globals`.
#[test]
fn globals_move_to_their_storage_class() {
    let m = compile_entry(
        r#"struct HitPayload { float t; };
[[vk::ext_storage_class(/* RayPayloadKHR */ 5338)]] static HitPayload payload;
[[vk::ext_storage_class(/* CallableDataKHR */ 5328)]] float4 callable;
RaytracingAccelerationStructure scene;
RWStructuredBuffer<float4> Out;
[[vk::ext_capability(/* RayTracingKHR */ 4479)]]
[[vk::ext_extension("SPV_KHR_ray_tracing")]]
[[vk::ext_instruction(/* OpTraceRayKHR */ 4445)]]
void trace(RaytracingAccelerationStructure as, uint flags, uint mask, uint offset, uint stride,
           uint miss, float3 origin, float tmin, float3 dir, float tmax,
           [[vk::ext_reference]] HitPayload p);
[shader("raygeneration")]
void gen() {
  payload.t = -1;
  trace(scene, 0, 0xff, 0, 1, 0, float3(0, 0, 0), 0.0, float3(1, 0, 0), 10.0, payload);
  Out[0] = float4(payload.t, callable.xyz);
}
"#,
        "lib_6_3",
        None,
        RT,
    );
    m.assert_has(&[
        "OpVariable %_ptr_RayPayloadNV_HitPayload RayPayloadNV",
        "OpVariable %_ptr_CallableDataNV_v4float CallableDataNV",
    ]);
    assert!(!m.asm.contains("$Globals"), "{}", m.asm);
}

/// `Input` beside `[[vk::ext_builtin_input]]` is the class the built-in has anyway (DXC's
/// AST test writes both).
#[test]
fn input_class_with_a_builtin_input() {
    let m = compile(
        "[[vk::ext_storage_class(/* Input */ 1)]]
[[vk::ext_builtin_input(/* WorkgroupId */ 26)]]
static const uint3 group;
RWStructuredBuffer<uint3> Out;
[numthreads(1, 1, 1)]
void main() { Out[0] = group; }
",
        "cs_6_0",
        &[],
    );
    m.assert_has(&["BuiltIn WorkgroupId"]);
}

/// Classes DXC writes but Vulkan refuses are inline SPIR-V misuses (`E3012`), as is a ray
/// class in a stage Vulkan keeps it from; classes we do not lower yet are `E3001`.
#[test]
fn storage_classes_vulkan_refuses() {
    refuse(
        "int main() : SV_Target0 {
  [[vk::ext_storage_class(/* CrossWorkgroup */ 5)]] int foo = 3;
  return foo;
}
",
        "ps_6_0",
        &[],
        1,
        "error[E3012]: vk::ext_storage_class(5): a Vulkan shader has no variables in the \
         CrossWorkgroup storage class",
    );
    refuse(
        "[[vk::ext_storage_class(/* IncomingRayPayloadKHR */ 5342)]] float4 payload;
float4 main() : SV_Target { return payload; }
",
        "ps_6_0",
        RT,
        1,
        "error[E3012]: vk::ext_storage_class(5342): a variable in the IncomingRayPayloadKHR \
         storage class is only valid in any-hit, closest-hit and miss shaders, not in a pixel \
         shader",
    );
    refuse(
        "float4 main() : SV_Target { [[vk::ext_storage_class(4)]] float4 v = 1; return v; }
",
        "ps_6_0",
        &[],
        1,
        "only valid in compute, mesh and amplification shaders, not in a pixel shader",
    );
    refuse(
        "[[vk::ext_storage_class(7)]] static float g;
float4 main() : SV_Target { return g; }
",
        "ps_6_0",
        &[],
        1,
        "error[E3012]: vk::ext_storage_class(7): a variable outside a function cannot be in \
         the Function storage class",
    );
    refuse(
        "float4 main() : SV_Target { [[vk::ext_storage_class(99)]] float v = 1; return v; }
",
        "ps_6_0",
        &[],
        1,
        "error[E3012]: vk::ext_storage_class(99): 99 is no SPIR-V storage class",
    );
    refuse(
        "[numthreads(1, 1, 1)] void main() { [[vk::ext_storage_class(12)]] uint v = 1; }
",
        "cs_6_0",
        &[],
        1,
        // (ext4: DXC's variable has neither block nor binding, which Vulkan requires.)
        "error[E3012]: vk::ext_storage_class(12): a static or local variable cannot be in the \
         StorageBuffer storage class",
    );
}

/// `Function` on a local is what the local is anyway.
#[test]
fn function_class_on_a_local_is_a_plain_local() {
    let m = compile(
        "float4 main(float4 c : COLOR) : SV_Target {
  [[vk::ext_storage_class(/* Function */ 7)]] float4 v = c;
  return v;
}
",
        "ps_6_0",
        &[],
    );
    assert!(!m.asm.contains("Private"), "{}", m.asm);
}

/// The proposal gives `vk::BufferPointer` no default constructor: DXC refuses a variable of
/// the type declared without a value (global, `static`, local, through a typedef).
#[test]
fn buffer_pointers_need_an_initializer() {
    let cases = [
        "struct S { float4 v; };\nvk::BufferPointer<S> g;\n[numthreads(1, 1, 1)] void main() {}\n",
        "struct S { float4 v; };\nstatic vk::BufferPointer<S> g;\n[numthreads(1, 1, 1)] void main() {}\n",
        "struct S { float4 v; };\n[numthreads(1, 1, 1)] void main() { vk::BufferPointer<S> p; }\n",
        "struct S { float4 v; };\ntypedef vk::BufferPointer<S> SP;\n[numthreads(1, 1, 1)] void main() { static SP p; }\n",
        "struct S { float4 v; };\ngroupshared vk::BufferPointer<S> g;\n[numthreads(1, 1, 1)] void main() {}\n",
    ];
    for text in cases {
        refuse(
            text,
            "cs_6_0",
            &[],
            1,
            "error[E2272]: vk::BufferPointer has no default constructor",
        );
    }
    // Arrays, members and initialized pointers are fine.
    compile(
        "struct S { float4 v; };
cbuffer C { vk::BufferPointer<S> member; };
[[vk::push_constant]] struct { vk::BufferPointer<S> p; } pc;
RWStructuredBuffer<float4> Out;
[numthreads(1, 1, 1)]
void main() {
  vk::BufferPointer<S> list[2];
  list[0] = pc.p;
  list[1] = member;
  vk::BufferPointer<S> q = list[0];
  Out[0] = q.Get().v + list[1].Get().v;
}
",
        "cs_6_0",
        &[],
    );
}

/// A `static` local in `Workgroup` memory with an initializer: stored the first time the
/// declaration runs, behind a private flag (DXC's `initOnce`); on a parameter the attribute
/// changes nothing, as DXC declares parameters without it.
#[test]
fn a_static_workgroup_local_is_initialized_once() {
    let m = compile(
        "RWStructuredBuffer<uint> Out;
uint bump(uint i) {
  [[vk::ext_storage_class(/* Workgroup */ 4)]] static uint total = 7;
  InterlockedAdd(total, i);
  GroupMemoryBarrierWithGroupSync();
  return total;
}
void keep([[vk::ext_storage_class(4)]] uint x) { Out[1] = x; }
[numthreads(8, 1, 1)]
void main(uint i : SV_GroupIndex) { Out[i] = bump(i); keep(i); }
",
        "cs_6_0",
        &[],
    );
    m.assert_has(&[
        "OpVariable %_ptr_Workgroup_uint Workgroup",
        "OpVariable %_ptr_Private_bool Private %false",
    ]);
    let workgroup = m
        .asm
        .lines()
        .filter(|l| l.contains("OpVariable %_ptr_Workgroup"))
        .count();
    assert_eq!(workgroup, 1, "{}", m.asm);
}

/// A whole one-row or one-column matrix pointee is a vector in SPIR-V: the pointer points at
/// it directly, as DXC's does (no one-member wrapper, which a matrix of more rows and columns
/// keeps for its stride), and whole values load and store through it.
#[test]
fn one_row_matrix_pointees_are_pointed_at_directly() {
    let m = compile(
        "[[vk::push_constant]] struct {
  vk::BufferPointer<float1x3> row;
  vk::BufferPointer<float3x1> column;
  vk::BufferPointer<float2x2> full;
} pc;
RWStructuredBuffer<float4> Out;
[numthreads(1, 1, 1)]
void main() {
  float1x3 r = pc.row.Get();
  float3x1 c = pc.column.Get();
  pc.row.Get() = r * 2;
  pc.column.Get()[1] = 7;
  Out[0] = float4(r[0][2], c[2][0], pc.full.Get()[1][1], 0);
}
",
        "cs_6_0",
        &[],
    );
    let pointer_lines: Vec<&str> = m
        .asm
        .lines()
        .filter(|l| l.contains("OpTypePointer PhysicalStorageBuffer"))
        .collect();
    assert!(
        pointer_lines
            .iter()
            .any(|l| l.ends_with("PhysicalStorageBuffer %v3float")),
        "{}",
        m.asm
    );
    // No wrapper around the vectors; the 2x2 matrix keeps its own.
    assert!(!m.asm.contains("OpTypeStruct %v3float\n"), "{}", m.asm);
    assert!(m.has("OpTypeStruct %mat2v2float"), "{}", m.asm);
}

/// DXC checks the built-in attributes of every global, used or not (its `spv.inline.builtin`
/// error tests declare the variable and never read it), in its words.
#[test]
fn unused_builtin_globals_are_checked_as_dxc_checks_them() {
    let cases = [
        (
            "[[vk::ext_builtin_input(/* NumWorkgroups */ 24)]]\nstatic uint3 counts;\nvoid main() {}\n",
            "vk::ext_builtin_input can only be applied to a const-qualified variable",
        ),
        (
            "[[vk::ext_builtin_output(/* NumWorkgroups */ 24)]]\nuint3 counts;\nvoid main() {}\n",
            "vk::ext_builtin_input and vk::ext_builtin_output can only be applied to a static variable",
        ),
        (
            "[[vk::ext_builtin_input(24)]]\nstatic const uint3 counts;\n[[vk::ext_builtin_output(24)]]\nstatic uint3 again;\nvoid main() {}\n",
            "cannot redefine builtin 24 as an output",
        ),
    ];
    for (text, message) in cases {
        refuse(text, "ps_6_0", &[], 1, &format!("error[E3211]: {message}"));
    }
    // A built-in named by an enumerator is fine (DXC's `spv.inline.builtin.enum`).
    compile(
        "enum class BuiltIn { HelperInvocation = 23 };
[[vk::ext_builtin_input(BuiltIn::HelperInvocation)]]
static const bool helper;
RWStructuredBuffer<uint> Out;
[numthreads(1, 1, 1)]
void main() {}
",
        "cs_6_0",
        &[],
    );
}

/// `FragStencilRefEXT` named by number needs the stencil-export capability, which the backend
/// adds as for `SV_StencilRef` (DXC's test declares the extension only).
#[test]
fn a_stencil_reference_builtin_output_gets_its_capability() {
    let m = compile(
        "[[vk::ext_extension(\"SPV_EXT_shader_stencil_export\")]]
[[vk::ext_builtin_output(/* FragStencilRefEXT */ 5014)]]
static int stencil;
void assign(out int v) { v = 123; }
void main() { stencil = 10; assign(stencil); }
",
        "ps_6_0",
        &[],
    );
    m.assert_has(&["OpCapability StencilExportEXT", "BuiltIn FragStencilRefEXT"]);
}

/// A `[[vk::ext_literal]]` argument that is no constant, in DXC's words.
#[test]
fn a_literal_parameter_needs_a_constant_in_dxcs_words() {
    refuse(
        "static uint Reduce;
[[vk::ext_instruction(/* OpGroupNonUniformBallotBitCount */ 342)]]
uint count(uint scope, [[vk::ext_literal]] uint op, uint4 ballot);
[numthreads(1, 1, 1)]
void main() { count(vk::SubgroupScope, Reduce, 0); }
",
        "cs_6_6",
        &["-fspv-target-env=vulkan1.3"],
        1,
        "error[E3012]: vk::ext_literal may only be applied to parameters that can be evaluated \
         to a literal value",
    );
}
