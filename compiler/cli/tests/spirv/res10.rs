//! Forms of issue #4 item 4 in lowering left after res9 (task res10), through `hlslc -spirv`
//! and every `spirv-val` installed: elements of a whole matrix pointee of a buffer pointer,
//! buffer pointers converted to scalars, a `?:` of `void` calls, single components as
//! inline SPIR-V references, a local geometry stream of the entry stream's element, `printf`
//! of values that are not numbers, and the forms DXC refuses (E3255 to E3259; their ranges
//! are checked in `lower/tests/res10.rs`).

use crate::harness::{compile, refuse};

/// `P.Get()[r][c] = v` on a `vk::BufferPointer<float2x2>`: an access chain through the
/// one-member struct the matrix sits in (member 0), then the HLSL row and column.
#[test]
fn elements_of_a_whole_matrix_pointee_are_written() {
    let m = compile(
        "cbuffer C { vk::BufferPointer<float2x2> P; };
[numthreads(1, 1, 1)]
void main(uint t : SV_GroupIndex) { P.Get()[1][0] = 5; P.Get()._m01 = 2; P.Get()[t % 2][t / 2] = 1; }
",
        "cs_6_0",
        &["-fspv-target-env=vulkan1.2"],
    );
    let chains = m
        .asm
        .lines()
        .filter(|l| l.contains("OpAccessChain %_ptr_PhysicalStorageBuffer_float"))
        .count();
    assert_eq!(chains, 3, "{}", m.asm);
    // Member 0 of the wrapper, then the row (a SPIR-V column) and the column.
    assert!(m.has("%uint_0 %int_1 %int_0"), "{}", m.asm);
}

/// `(uint)p` and `(float)p`: the address, converted as a `uint64_t` would be.
#[test]
fn a_buffer_pointer_converts_to_scalars_through_its_address() {
    let m = compile(
        "cbuffer C { vk::BufferPointer<float> P; };
RWStructuredBuffer<uint> O;
RWStructuredBuffer<float> F;
[numthreads(1, 1, 1)]
void main() { O[0] = (uint)P; F[0] = (float)P; }
",
        "cs_6_0",
        &["-fspv-target-env=vulkan1.2"],
    );
    m.assert_has(&[
        "OpBitcast %uint64",
        "OpUConvert %uint",
        "OpConvertUToF %float",
    ]);
}

#[test]
fn a_conditional_of_void_calls_runs_one_of_them() {
    let m = compile(
        "RWStructuredBuffer<uint> O;
void inc(uint k) { O[k] += 1; }
[numthreads(2, 1, 1)]
void main(uint t : SV_GroupIndex) { t > 0 ? inc(0) : inc(1); }
",
        "cs_6_0",
        &[],
    );
    m.assert_has(&["OpSelectionMerge", "OpBranchConditional"]);
}

/// DXC passes an access chain to one component (or matrix element) in memory to a
/// `[[vk::ext_reference]]` parameter.
#[test]
fn one_component_is_a_spirv_reference() {
    let m = compile(
        "[[vk::ext_instruction(/* OpStore */ 62)]] void store([[vk::ext_reference]] float p, float v);
RWStructuredBuffer<float> Out;
[numthreads(1, 1, 1)]
void main() { float4 v = 0; store(v.y, 4); float2x2 m = 0; store(m._m10, 5); Out[0] = v.y + m._m10; }
",
        "cs_6_0",
        &[],
    );
    m.assert_has(&["OpStore %", "OpAccessChain %_ptr_Function_float"]);
}

#[test]
fn several_components_are_no_spirv_reference() {
    refuse(
        "[[vk::ext_instruction(/* OpStore */ 62)]] void store([[vk::ext_reference]] float2 p, float2 v);
[numthreads(1, 1, 1)]
void main() { float4 v = 0; store(v.xy, float2(1, 2)); }
",
        "cs_6_0",
        &[],
        1,
        "error[E3012]: argument for a parameter with vk::ext_reference attribute must be a reference",
    );
}

/// A `PointStream<A>` local never given a stream, `A` the entry stream's element: DXC writes
/// the appended value to the stage outputs of `A`'s fields, so it is the entry's stream.
#[test]
fn a_local_stream_of_the_entry_streams_element_appends_to_it() {
    let m = compile(
        "struct A { float4 pos : SV_Position; float2 uv : TEXCOORD0; };
[maxvertexcount(2)]
void main(point float4 p[1] : POSITION, inout PointStream<A> s) {
    PointStream<A> a;
    A v; v.pos = p[0]; v.uv = 1; a.Append(v); s.Append(v);
}
",
        "gs_6_0",
        &[],
    );
    assert_eq!(m.asm.matches("OpEmitVertex").count(), 2, "{}", m.asm);
}

/// A bool, a matrix and a struct are passed to debug printf as the values they are (DXC's
/// emitter lowers every argument with `doExpr`).
#[test]
fn printf_passes_bools_matrices_and_structs_as_values() {
    let m = compile(
        "struct P { float x; uint k; };
RWStructuredBuffer<P> Buf;
[numthreads(1, 1, 1)]
void main() { float2x2 m = 1; printf(\"%d %f %f\", true, m, Buf[0]); }
",
        "cs_6_0",
        &[],
    );
    m.assert_has(&["OpExtInstImport \"NonSemantic.DebugPrintf\"", "%true"]);
}

#[test]
fn printf_of_a_resource_is_refused_at_the_argument() {
    refuse(
        "RWStructuredBuffer<int> Buf;
[numthreads(1, 1, 1)]
void main() { printf(\"%d\", Buf); }
",
        "cs_6_0",
        &[],
        1,
        "error[E3256]: a value of type `RWStructuredBuffer<int>` cannot be a printf argument",
    );
}

#[test]
fn barrier_memory_flags_that_are_not_constant_are_refused() {
    refuse(
        "RWStructuredBuffer<uint> O;
[numthreads(1, 1, 1)]
void main() { Barrier(O[0], GROUP_SYNC); }
",
        "cs_6_8",
        &[],
        1,
        "error[E3255]: MemoryTypeFlags of Barrier must be an immediate constant",
    );
}

#[test]
fn a_run_time_element_of_a_zero_length_array_is_refused() {
    refuse(
        "cbuffer C { uint i; };
float4 main() : SV_Target { float a[0]; return a[i]; }",
        "ps_6_0",
        &[],
        1,
        "error[E3257]: an element of a zero-length array",
    );
}

#[test]
fn a_dispatch_mesh_payload_that_is_a_local_is_refused_in_dxc_words() {
    refuse(
        "struct Pay { uint base; };
[numthreads(1, 1, 1)]
void main(uint g : SV_GroupID) { Pay p; p.base = g; DispatchMesh(1, 1, 1, p); }
",
        "as_6_5",
        &["-fspv-target-env=vulkan1.3"],
        1,
        "error[E3259]: expected groupshared object as argument to DispatchMesh()",
    );
}

#[test]
fn a_compute_entry_takes_a_struct_of_system_values() {
    let m = compile(
        "struct In { uint3 id : SV_DispatchThreadID; uint gi : SV_GroupIndex; };
RWStructuredBuffer<uint> O;
[numthreads(8, 1, 1)]
void main(In i) { O[i.gi] = i.id.x; }
",
        "cs_6_0",
        &[],
    );
    m.assert_has(&["BuiltIn GlobalInvocationId", "BuiltIn LocalInvocationIndex"]);
}

/// DXC decorates the stage variable of an entry point's parameter, and takes a `Location`
/// decoration as its location (so all inputs or none have one, E3003).
#[test]
fn decorations_of_entry_parameters_go_to_their_stage_variables() {
    let m = compile(
        "float4 main([[vk::ext_decorate(/* Location */ 30, 2)]] float4 a : A,
            [[vk::ext_decorate(/* Location */ 30, 0)]] float4 b : B,
            [[vk::ext_decorate(30, 1)]] [[vk::ext_decorate(/* RelaxedPrecision */ 0)]] float4 c : C)
    : SV_Target {
    return a + b + c;
}
",
        "ps_6_0",
        &[],
    );
    assert_eq!(m.decoration("in.A", "Location").as_deref(), Some("2"));
    assert_eq!(m.decoration("in.B", "Location").as_deref(), Some("0"));
    assert!(m.has("OpDecorate %in_C RelaxedPrecision"), "{}", m.asm);
    let m = compile(
        "RWStructuredBuffer<uint> Out;
[numthreads(1, 1, 1)]
void main([[vk::ext_decorate(/* RelaxedPrecision */ 0)]] uint t : SV_GroupIndex) { Out[t] = 1; }
",
        "cs_6_0",
        &[],
    );
    m.assert_has(&["RelaxedPrecision"]);
}

/// The payload of a `DispatchMesh` in a helper the entry calls, or named through a namespace
/// or in parentheses, is the task payload, as DXC takes the variable the call names.
#[test]
fn a_dispatch_mesh_payload_named_anywhere_is_the_task_payload() {
    for text in [
        "struct Pay { uint base; };
groupshared Pay pay;
void launch(uint n) { DispatchMesh(n, 1, 1, pay); }
[numthreads(1, 1, 1)]
void main(uint g : SV_GroupID) { pay.base = g; launch(2); }
",
        "struct Pay { uint base; };
namespace N { groupshared Pay pay; }
[numthreads(1, 1, 1)]
void main(uint g : SV_GroupID) { N::pay.base = g; DispatchMesh(1, 1, 1, (N::pay)); }
",
    ] {
        let m = compile(text, "as_6_5", &["-fspv-target-env=vulkan1.3"]);
        m.assert_has(&["TaskPayloadWorkgroupEXT", "OpEmitMeshTasksEXT"]);
    }
}

/// An `Interlocked*` on a mesh shader's primitive output: Vulkan has no atomic on an `Output`
/// variable, so it is refused at the target (was "not supported yet").
#[test]
fn an_atomic_on_a_mesh_output_is_refused_at_its_target() {
    refuse(
        "struct V { float4 p : SV_Position; };
struct P { uint id : ID; };
[outputtopology(\"triangle\")] [numthreads(1, 1, 1)]
void main(out vertices V verts[3], out indices uint3 tris[1], out primitives P ps[1]) {
    SetMeshOutputCounts(3, 1);
    ps[0].id = 0;
    InterlockedAdd(ps[0].id, 1);
    tris[0] = uint3(0, 1, 2);
    verts[0].p = 0; verts[1].p = 0; verts[2].p = 0;
}
",
        "ms_6_5",
        &[],
        1,
        "error[E3262]: an atomic operation on a mesh shader output",
    );
}

/// A geometry stream appended to in a vertex shader: `OpEmitVertex` belongs to the geometry
/// execution model, so it is refused at the stream (was "not supported yet").
#[test]
fn a_stream_written_outside_a_geometry_shader_is_refused() {
    refuse(
        "struct A { float4 p : SV_Position; };
A main(float4 p : P) {
    A a;
    a.p = p;
    PointStream<A> s;
    s.Append(a);
    return a;
}
",
        "vs_6_0",
        &[],
        1,
        "error[E3263]: a geometry stream written outside a geometry shader",
    );
}
