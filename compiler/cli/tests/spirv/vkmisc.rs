//! Linked lists through `vk::BufferPointer` (a struct holding a pointer to itself, directly
//! or through another struct), declared as DXC's `docs/SPIR-V.rst` and the
//! SPV_KHR_physical_storage_buffer extension have it: `OpTypeForwardPointer %p
//! PhysicalStorageBuffer` before the struct, the struct with `%p` as a member, then `%p =
//! OpTypePointer PhysicalStorageBuffer %Node`. Offsets are computed by hand from the
//! proposal's "a buffer pointer is laid out as a uint64_t" (8 bytes, aligned to 8).
//!
//! Then DXC's flags `-fvk-stage-io-order=`, `-denorm` and the entry point's name (with
//! slangc's `-fvk-use-entrypoint-name`), each checked on the module it gives.

use crate::harness::compile;

/// The line index of the first line of `asm` that `pred` accepts.
fn line_of(asm: &str, pred: impl Fn(&str) -> bool) -> usize {
    asm.lines()
        .position(pred)
        .unwrap_or_else(|| panic!("no such line in:\n{asm}"))
}

/// Checks that struct `name` (its first `OpTypeStruct`) holds, as member `member`, a
/// pointer to `pointee` forward-declared before `name` and defined after both structs;
/// returns the pointer's id.
fn forward_declared(asm: &str, name: &str, member: usize, pointee: &str) -> String {
    let prefix = format!("{name} = OpTypeStruct ");
    let struct_line = line_of(asm, |l| l.starts_with(&prefix));
    let line = asm.lines().nth(struct_line).unwrap();
    let members: Vec<&str> = line[prefix.len()..].split(' ').collect();
    let ptr = members[member].to_owned();
    let forward = line_of(asm, |l| {
        l == format!("OpTypeForwardPointer {ptr} PhysicalStorageBuffer")
    });
    let defined = line_of(asm, |l| {
        l == format!("{ptr} = OpTypePointer PhysicalStorageBuffer {pointee}")
    });
    let pointee_line = line_of(asm, |l| {
        l.starts_with(&format!("{pointee} = OpTypeStruct "))
    });
    assert!(forward < struct_line && struct_line < defined, "{asm}");
    assert!(pointee_line < defined, "{asm}");
    ptr
}

#[test]
fn a_list_node_points_to_its_own_type() {
    for profile in ["cs_6_6", "ps_6_6"] {
        let body = if profile == "cs_6_6" {
            "RWStructuredBuffer<float> Out;
[numthreads(1, 1, 1)]
void main() {
  Out[0] = pc.head.Get().next.Get().v;
  vk::BufferPointer<Node> n = pc.head;
  float s = 0;
  for (int i = 0; i < 4 && (bool)n; i++) { s += n.Get().v; n = n.Get().next; }
  Out[1] = s;
  pc.head.Get().next.Get().v = 5.0;
}"
        } else {
            "float4 main() : SV_Target { return pc.head.Get().next.Get().next.Get().v; }"
        };
        let m = compile(
            &format!(
                "struct Node {{ float v; vk::BufferPointer<Node> next; }};
struct P {{ vk::BufferPointer<Node> head; }};
[[vk::push_constant]] P pc;
{body}
"
            ),
            profile,
            &[],
        );
        let ptr = forward_declared(&m.asm, "%Node", 1, "%Node");
        // The push constant holds the same pointer type; `v` at 0, `next` at 8.
        assert!(m.has(&format!("= OpTypeStruct {ptr}")), "{}", m.asm);
        assert_eq!(m.offsets("Node"), [0, 8]);
        // One forward declaration, one pointer type to `Node`.
        assert_eq!(
            m.asm.matches("OpTypeForwardPointer").count(),
            1,
            "{}",
            m.asm
        );
        assert_eq!(
            m.asm
                .matches("OpTypePointer PhysicalStorageBuffer %Node\n")
                .count(),
            1,
            "{}",
            m.asm
        );
    }
}

#[test]
fn structs_pointing_to_each_other() {
    // `A` holds a pointer to `B`, which holds one back to `A`; `Inner` points to the `Outer`
    // that holds it by value, with an explicit alignment. Both are also read from a
    // structured buffer and copied into function memory.
    let m = compile(
        "struct A { struct B { int n; vk::BufferPointer<A> a; }; vk::BufferPointer<B> b; int m; };
struct Outer { struct Inner { vk::BufferPointer<Outer, 16> up; } i; float x; };
StructuredBuffer<A> As;
RWStructuredBuffer<int> Out;
[[vk::push_constant]] struct { vk::BufferPointer<A> a; Outer o; } pc;
[numthreads(1, 1, 1)]
void main() {
  A::B c = pc.a.Get().b.Get();
  A local = As[0];
  Out[0] = c.a.Get().m + local.b.Get().a.Get().b.Get().n;
  Out[1] = int(pc.o.i.up.Get().i.up.Get().x);
  c.a.Get().b.Get().n = 7;
}
",
        "cs_6_6",
        &[],
    );
    // `A` is reached first through the push constant's pointer: the forward pointer is to
    // `A`, declared before `B` (which holds it), and defined after `A`; likewise `Outer`'s,
    // held by `Inner`.
    forward_declared(&m.asm, "%A__B", 1, "%A");
    forward_declared(&m.asm, "%Outer__Inner", 0, "%Outer");
    // B: n at 0, a at 8; A: b at 0, m at 8; Inner: up at 0; Outer: i at 0, x at 8.
    assert_eq!(m.offsets("A::B"), [0, 8]);
    assert_eq!(m.offsets("A"), [0, 8]);
    assert_eq!(m.offsets("Outer"), [0, 8]);
    assert!(m.has("Aligned 16"), "{}", m.asm);
}

#[test]
fn forward_declared_structs_and_a_typedef_of_the_pointer() {
    // `struct B;` lets `A` point to `B` before its definition; the pointer typedef written
    // before `Node`'s definition is `Node`'s own member type. `Node`: color at 0, next at 16
    // (the struct is aligned to 16, so is the default alignment of pointers to it).
    let m = compile(
        "struct B;
struct A { vk::BufferPointer<B> b; int m; };
struct B { int n; vk::BufferPointer<A> a; };
struct Node;
typedef vk::BufferPointer<Node> NodePtr;
struct Node { float4 color; NodePtr next; };
[[vk::push_constant]] struct { vk::BufferPointer<A> a; NodePtr head; } pc;
float4 main() : SV_Target {
  NodePtr p = pc.head;
  B c = pc.a.Get().b.Get();
  return p.Get().next.Get().color + c.a.Get().m;
}
",
        "ps_6_6",
        &[],
    );
    forward_declared(&m.asm, "%B", 1, "%A");
    forward_declared(&m.asm, "%Node", 1, "%Node");
    assert_eq!(m.offsets("Node"), [0, 16]);
    assert!(m.has("Aligned 16"), "{}", m.asm);
}

/// `-fvk-stage-io-order=alpha` (DXC's `docs/SPIR-V.rst`: the semantic strings are sorted
/// alphabetically, then given locations one after another; `SV_Target<N>` keeps N). The
/// expected numbers are the sorted semantics counted by hand: a `float4x4` takes four
/// locations (one per row), an array of two `float2` two.
#[test]
fn alphabetical_stage_io_order() {
    let vs =
        "struct In { float4 weights : WEIGHTS; float3 normal : NORMAL; float4x4 bones : BONES; };
struct Out { float4 pos : SV_Position; float2 uv[2] : UV; float3 color : COLOR; float fog : FOG; };
Out main(In i, float3 tangent : TANGENT, uint id : SV_VertexID) {
  Out o;
  o.pos = mul(i.bones, i.weights) + float4(tangent + i.normal, id);
  o.uv[0] = o.uv[1] = i.weights.xy;
  o.color = i.normal;
  o.fog = 1;
  return o;
}
";
    // Declaration order: WEIGHTS 0, NORMAL 1, BONES 2..5, TANGENT 6; UV 0..1, COLOR 2, FOG 3.
    let m = compile(vs, "vs_6_0", &[]);
    let locations = |m: &crate::harness::Module, names: &[&str]| -> Vec<u32> {
        names.iter().map(|n| m.location(n)).collect()
    };
    let inputs = ["in.WEIGHTS", "in.NORMAL", "in.BONES", "in.TANGENT"];
    let outputs = ["out.UV", "out.COLOR", "out.FOG"];
    assert_eq!(locations(&m, &inputs), [0, 1, 2, 6]);
    assert_eq!(locations(&m, &outputs), [0, 2, 3]);
    let decl = compile(vs, "vs_6_0", &["-fvk-stage-io-order=decl"]);
    assert_eq!(locations(&decl, &inputs), [0, 1, 2, 6]);
    // Alphabetical: BONES 0..3, NORMAL 4, TANGENT 5, WEIGHTS 6; COLOR 0, FOG 1, UV 2..3.
    let m = compile(vs, "vs_6_0", &["-fvk-stage-io-order=alpha"]);
    assert_eq!(locations(&m, &inputs), [6, 4, 0, 5]);
    assert_eq!(locations(&m, &outputs), [2, 0, 1]);
    assert_eq!(m.builtin("in.SV_VertexID"), "VertexIndex");

    // A pixel shader: inputs sorted; `SV_Target1` keeps location 1.
    let ps = "struct In { float4 b : TEXCOORD1; float4 a : TEXCOORD0; float4 c : COLOR; };
float4 main(In i, out float4 second : SV_Target1) : SV_Target0 {
  second = i.c;
  return i.a + i.b;
}
";
    let m = compile(ps, "ps_6_0", &["-fvk-stage-io-order=alpha"]);
    assert_eq!(
        locations(&m, &["in.COLOR", "in.TEXCOORD0", "in.TEXCOORD1"]),
        [0, 1, 2]
    );
    assert_eq!(locations(&m, &["out.SV_Target0", "out.SV_Target1"]), [0, 1]);

    crate::harness::refuse(
        ps,
        "ps_6_0",
        &["-fvk-stage-io-order=random"],
        2,
        "unknown -fvk-stage-io-order `random` (expected decl or alpha)",
    );
}

/// Hull and domain shaders: control-point and patch-constant outputs of a hull shader are one
/// side, sorted together.
#[test]
fn alphabetical_order_in_tessellation_stages() {
    let hs = "struct CP { float4 pos : POS; float3 z : ZED; float2 a : AAA; };
struct PC { float edges[3] : SV_TessFactor; float inside : SV_InsideTessFactor; float3 mid : MID; };
PC patch(InputPatch<CP, 3> p) {
  PC o; o.edges[0] = o.edges[1] = o.edges[2] = 1; o.inside = 1; o.mid = p[0].z; return o;
}
[domain(\"tri\")] [partitioning(\"integer\")] [outputtopology(\"triangle_cw\")]
[outputcontrolpoints(3)] [patchconstantfunc(\"patch\")]
CP main(InputPatch<CP, 3> p, uint i : SV_OutputControlPointID) { return p[i]; }
";
    // Inputs AAA 0, POS 1, ZED 2; outputs AAA 0, MID 1, POS 2, ZED 3.
    let m = compile(hs, "hs_6_0", &["-fvk-stage-io-order=alpha"]);
    assert_eq!(m.location("in.AAA"), 0);
    assert_eq!(m.location("in.POS"), 1);
    assert_eq!(m.location("in.ZED"), 2);
    assert_eq!(m.location("out.AAA"), 0);
    assert_eq!(m.location("out.MID"), 1);
    assert_eq!(m.location("out.POS"), 2);
    assert_eq!(m.location("out.ZED"), 3);
}

/// The `OpEntryPoint` keeps the HLSL function's name, as DXC names it; slangc's
/// `-fvk-use-entrypoint-name` (which asks for that) is accepted and changes nothing, and
/// `-fspv-entrypoint-name=` still renames it.
#[test]
fn entry_point_names() {
    let cs = "RWStructuredBuffer<float> O;\n[numthreads(1, 1, 1)] void CSMain() { O[0] = 1; }\n";
    for flags in [&[][..], &["-fvk-use-entrypoint-name"][..]] {
        let m = crate::harness::compile_entry(cs, "cs_6_0", Some("CSMain"), flags);
        assert!(
            m.has("OpEntryPoint GLCompute %CSMain \"CSMain\""),
            "{}",
            m.asm
        );
    }
    let m = crate::harness::compile_entry(
        cs,
        "cs_6_0",
        Some("CSMain"),
        &["-fvk-use-entrypoint-name", "-fspv-entrypoint-name=main"],
    );
    assert!(
        m.has("OpEntryPoint GLCompute %CSMain \"main\""),
        "{}",
        m.asm
    );
}

/// `-denorm preserve|ftz|any` (DXC: the `DenormPreserve`/`DenormFlushToZero` execution mode
/// for 32-bit floats, with its capability, and `SPV_KHR_float_controls` below SPIR-V 1.4).
#[test]
fn denormal_modes() {
    let ps = "float4 main(float4 c : COLOR) : SV_Target { return c * 0.5; }\n";
    let m = compile(ps, "ps_6_2", &["-denorm", "preserve"]);
    m.assert_has(&[
        "OpCapability DenormPreserve",
        "OpExtension \"SPV_KHR_float_controls\"",
        "OpExecutionMode %main DenormPreserve 32",
    ]);
    let m = compile(ps, "ps_6_2", &["-denorm", "ftz"]);
    m.assert_has(&[
        "OpCapability DenormFlushToZero",
        "OpExtension \"SPV_KHR_float_controls\"",
        "OpExecutionMode %main DenormFlushToZero 32",
    ]);
    // SPIR-V 1.5 has float controls in the core.
    let m = compile(
        ps,
        "ps_6_2",
        &["-denormpreserve", "-fspv-target-env=vulkan1.2"],
    );
    m.assert_has(&["OpExecutionMode %main DenormPreserve 32"]);
    assert!(!m.has("SPV_KHR_float_controls"), "{}", m.asm);
    for flags in [&["-denorm", "any"][..], &[][..]] {
        let m = compile(ps, "ps_6_2", flags);
        assert!(!m.has("Denorm"), "{}", m.asm);
    }
    crate::harness::refuse(
        ps,
        "ps_6_2",
        &["-denorm", "fast"],
        2,
        "unknown -denorm `fast` (expected any, preserve or ftz)",
    );
}

/// `[[vk::ext_type_def(ID, OPCODE)]]` and `vk::ext_type<ID>` (DXC's inline SPIR-V): the
/// shader invocation reorder example of DXC's documentation, with our own ids: the hit object
/// is an `OpTypeHitObjectNV` whose function variable the inline instructions take by
/// reference, and the defining function's capability and extension are declared.
#[test]
fn ext_type_def_defines_an_opaque_type() {
    let rgen = "#define HitObjectAttributeNV 5385
[[vk::ext_capability(5383)]]
[[vk::ext_extension(\"SPV_NV_shader_invocation_reorder\")]]
[[vk::ext_type_def(HitObjectAttributeNV, 5281)]]
void createHitObjectNV();
#define HitObjectNV vk::ext_type<HitObjectAttributeNV>
[[vk::ext_instruction(5259)]]
void hitObjectRecordEmptyNV([[vk::ext_reference]] HitObjectNV hitObject);
[[vk::ext_instruction(5279)]]
void reorderThreadWithHitObjectNV([[vk::ext_reference]] HitObjectNV hitObject, uint hint, uint bits);
[shader(\"raygeneration\")]
void main() {
  createHitObjectNV();
  HitObjectNV h;
  hitObjectRecordEmptyNV(h);
  reorderThreadWithHitObjectNV(h, 1, 2);
}
";
    let m = compile(rgen, "lib_6_3", &["-fspv-target-env=vulkan1.2"]);
    m.assert_has(&[
        "OpCapability ShaderInvocationReorderNV",
        "OpExtension \"SPV_NV_shader_invocation_reorder\"",
        "OpTypeHitObjectNV",
        "OpHitObjectRecordEmptyNV %h",
        "OpReorderThreadWithHitObjectNV %h",
    ]);
    // A defining function with parameters: its call gives the type's operands
    // (`OpTypeInt 32 1` is the module's `int`; more in `attrmesh_probe`).
    let m = compile(
        "[[vk::ext_type_def(0, 21)]]
void createTypeInt([[vk::ext_literal]] int bits, [[vk::ext_literal]] int signedness);
float4 main() : SV_Target { createTypeInt(32, 1); vk::ext_type<0> i; return 0; }
",
        "ps_6_0",
        &[],
    );
    m.assert_has(&[
        "%int = OpTypeInt 32 1",
        "%i = OpVariable %_ptr_Function_int Function",
    ]);
}
