//! `vk::BufferPointer<T, A>` (hlsl-specs proposal 0010, DXC's `docs/SPIR-V.rst`): the value
//! is an `OpTypePointer PhysicalStorageBuffer` to an explicitly laid out `T`, 8 bytes in the
//! buffers that hold it; `p.Get()` reads and writes the whole `T` with `Aligned A`, and a
//! member or element write goes through an access chain with the alignment its offset keeps. Layout
//! expectations are computed by hand from DXC's default storage-buffer rules (vector-relaxed
//! std430) and the proposal's "laid out as a uint64_t".

use crate::harness::{compile, refuse};

/// The id of the pointee of the first `OpTypePointer PhysicalStorageBuffer` to a struct.
fn struct_pointee(asm: &str) -> String {
    asm.lines()
        .filter_map(|l| l.split_once(" = OpTypePointer PhysicalStorageBuffer "))
        .map(|(_, pointee)| pointee.to_owned())
        .find(|p| asm.contains(&format!("{p} = OpTypeStruct")))
        .expect("a pointer to a struct in physical storage")
}

#[test]
fn push_constant_pointers_read_and_write_their_pointees() {
    let m = compile(
        "struct Particle { float3 pos; float mass; float2 vel; };
typedef vk::BufferPointer<Particle, 16> ParticlePtr;
struct Push { ParticlePtr particles; vk::BufferPointer<uint> counter; };
[[vk::push_constant]] Push push;
void bump(vk::BufferPointer<uint> c) { c.Get() = c.Get() + 1; }
[numthreads(1, 1, 1)]
void main() {
  ParticlePtr p = push.particles;
  Particle q = p.Get();
  q.pos += float3(q.vel, 0) * q.mass;
  p.Get() = q;
  push.counter.Get() += (uint)push.particles.Get().mass;
  bump(push.counter);
}
",
        "cs_6_0",
        &[],
    );
    m.assert_has(&[
        "OpCapability PhysicalStorageBufferAddresses",
        "OpExtension \"SPV_KHR_physical_storage_buffer\"",
        "OpMemoryModel PhysicalStorageBuffer64 GLSL450",
        "OpTypePointer PhysicalStorageBuffer %uint",
        // The explicit alignment, and `uint`'s own (4) when none is given.
        "Aligned 16",
        "Aligned 4",
    ]);
    // The pointee under relaxed std430: pos 0, mass right after the float3 at 12, vel at
    // its 8-byte alignment, 16.
    let pointee = struct_pointee(&m.asm);
    let offsets: Vec<String> = (0..3)
        .map(|i| {
            let prefix = format!("OpMemberDecorate {pointee} {i} Offset ");
            m.asm
                .lines()
                .find_map(|l| l.strip_prefix(&prefix).map(str::to_owned))
                .expect("every member has an offset")
        })
        .collect();
    assert_eq!(offsets, ["0", "12", "16"], "{}", m.asm);
    // Two pointers, 8 bytes each.
    assert_eq!(m.offsets("type.PushConstant.Push"), [0, 8]);
    // The proposal's default aliasing: restrict.
    assert_eq!(m.decoration("p", "RestrictPointer").as_deref(), Some(""));
    assert_eq!(m.decoration("c", "Restrict").as_deref(), Some(""));
}

#[test]
fn pointers_in_cbuffers_and_structured_buffers_take_eight_bytes() {
    // `float f` at 0, the pointer at its 8-byte alignment (8), `g` after it (16); an array of
    // pointers in a structured buffer strides 8.
    let m = compile(
        "struct Node { float4 value; vk::BufferPointer<float4> next; };
cbuffer Params { float f; vk::BufferPointer<Node> head; float g; };
RWStructuredBuffer<vk::BufferPointer<float> > Slots;
RWStructuredBuffer<float4> Out;
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Node n = head.Get();
  Out[id.x] = n.value + n.next.Get() * f;
  Slots[id.x].Get() = g;
}
",
        "cs_6_0",
        &[],
    );
    assert_eq!(m.offsets("type.Params"), [0, 8, 16]);
    m.assert_has(&[
        "ArrayStride 8",
        // A struct holding a float4 is 16-aligned by default.
        "Aligned 16",
        // `float`'s own alignment.
        "Aligned 4",
    ]);
    // Node in physical storage: value at 0, next at 16.
    let pointee = struct_pointee(&m.asm);
    assert!(
        m.has(&format!("OpMemberDecorate {pointee} 1 Offset 16")),
        "{}",
        m.asm
    );
}

#[test]
fn matrix_and_array_pointees_carry_their_strides() {
    // A float2x3 (column major: 3 columns of float2, stride 8) sits in a one-member struct
    // that carries its stride; an array of float strides 4 under std430.
    let m = compile(
        "cbuffer C { vk::BufferPointer<float2x3> M; vk::BufferPointer<float[4], 4> A; };
RWStructuredBuffer<float> Out;
[numthreads(1, 1, 1)]
void main() {
  float2x3 m = M.Get();
  float a[4] = A.Get();
  a[1] = m[1][2];
  A.Get() = a;
  Out[0] = a[0];
}
",
        "cs_6_0",
        &[],
    );
    m.assert_has(&["MatrixStride 8", "ArrayStride 4", "Aligned 8", "Aligned 4"]);
}

#[test]
fn buffer_pointers_validate_under_each_vulkan_version() {
    for env in ["vulkan1.0", "vulkan1.1", "vulkan1.2", "vulkan1.3"] {
        let flag = format!("-fspv-target-env={env}");
        let m = compile(
            "struct S { uint a; uint b; };
[[vk::push_constant]] struct { vk::BufferPointer<S> s; } pc;
float4 main() : SV_Target {
  S v = pc.s.Get();
  v.a += v.b;
  pc.s.Get() = v;
  return v.a;
}
",
            "ps_6_0",
            &[&flag],
        );
        m.assert_has(&["OpTypePointer PhysicalStorageBuffer", "Aligned 4"]);
    }
}

#[test]
fn member_and_element_writes_store_that_part_only() {
    // List under relaxed std430: count 0, pad 4, items 8 (Item is 8-aligned by its float2);
    // Item: uv 0, id 8, w 12 (stride 4), 24 bytes. Alignments by hand, from A = 16:
    // items[i].id at 16 + 24 i: 8 (24's divisor); items[2].w[1] at 8 + 48 + 12 + 4 = 72: 8;
    // count at 0: 16.
    let m = compile(
        "struct Item { float2 uv; uint id; float w[3]; };
struct List { uint count; float pad; Item items[4]; };
[[vk::push_constant]] struct { vk::BufferPointer<List, 16> list; } pc;
[numthreads(4, 1, 1)]
void main(uint3 t : SV_DispatchThreadID) {
  pc.list.Get().items[t.x].id = t.x;
  pc.list.Get().items[2].w[1] = 1.5;
  pc.list.Get().count = 4;
}
",
        "cs_6_0",
        &[],
    );
    assert_eq!(m.offsets("Item"), [0, 8, 12]);
    assert_eq!(m.offsets("List"), [0, 4, 8]);
    let stores: Vec<&str> = m
        .asm
        .lines()
        .filter(|l| l.starts_with("OpStore") && l.contains("Aligned"))
        .collect();
    assert_eq!(stores.len(), 3, "{}", m.asm);
    assert!(stores[0].ends_with("Aligned 8"), "{}", m.asm);
    assert!(stores[1].ends_with("Aligned 8"), "{}", m.asm);
    assert!(stores[2].ends_with("Aligned 16"), "{}", m.asm);
    m.assert_has(&[
        "OpAccessChain %_ptr_PhysicalStorageBuffer_uint",
        "OpAccessChain %_ptr_PhysicalStorageBuffer_float",
    ]);
    // No whole-List load: the writes touch their part only.
    assert!(
        !m.asm.lines().any(|l| l.contains("OpLoad %List")),
        "{}",
        m.asm
    );
}

#[test]
fn member_and_element_reads_load_that_part_only() {
    // The layout of `member_and_element_writes_store_that_part_only`. From A = 16:
    // items[i].uv at 8 + 24 i: 8; items[1].w[k] at 44 + 4 k: 4; count at 0: 16; pad at 4: 4.
    let m = compile(
        "struct Item { float2 uv; uint id; float w[3]; };
struct List { uint count; float pad; Item items[4]; };
[[vk::push_constant]] struct { vk::BufferPointer<List, 16> list; } pc;
RWStructuredBuffer<float> Out;
[numthreads(4, 1, 1)]
void main(uint3 t : SV_DispatchThreadID) {
  Out[t.x] = pc.list.Get().items[t.x].uv.y + pc.list.Get().items[1].w[t.x % 3]
      + (float)pc.list.Get().count + (pc.list.Get()).pad;
}
",
        "cs_6_0",
        &[],
    );
    let loads: Vec<&str> = m
        .asm
        .lines()
        .filter(|l| l.contains("= OpLoad") && l.contains("Aligned"))
        .collect();
    let aligned: Vec<&str> = loads
        .iter()
        .map(|l| l.rsplit(' ').next().unwrap())
        .collect();
    assert_eq!(aligned, ["8", "4", "16", "4"], "{}", m.asm);
    assert!(
        !m.asm.lines().any(|l| l.contains("OpLoad %List")),
        "{}",
        m.asm
    );
}

#[test]
fn pointers_convert_to_and_from_their_addresses() {
    // The proposal's linked list: a pointer built from a 64-bit address, compared through
    // `uint64_t(p)`, advanced from a member.
    let m = compile(
        "struct Node { float4 value; uint64_t next; };
[[vk::push_constant]] struct { uint64_t root; } pc;
RWStructuredBuffer<float4> Out;
RWStructuredBuffer<uint64_t> Addresses;
[numthreads(1, 1, 1)]
void main() {
  vk::BufferPointer<Node> p = vk::BufferPointer<Node>(pc.root);
  float4 sum = 0;
  for (int i = 0; i < 4 && uint64_t(p) != 0; i++) {
    sum += p.Get().value;
    p = vk::BufferPointer<Node>(p.Get().next);
  }
  Out[0] = sum;
  Addresses[0] = (uint64_t)p;
  Addresses[1] = (bool)p ? 1 : 0;
}
",
        "cs_6_0",
        &[],
    );
    m.assert_has(&[
        "OpBitcast %_ptr_PhysicalStorageBuffer_Node",
        "OpBitcast %uint64",
        "Aligned 16",
    ]);
    // `uint64_t(p) != 0` in the loop, and `(bool)p`: the address is not 0.
    let tests = m.asm.matches("OpINotEqual %bool").count();
    assert_eq!(tests, 2, "{}", m.asm);
}

#[test]
fn pointer_casts_reinterpret_the_address() {
    // A float4 view of the first member: the same address, a new pointee, alignment 16.
    let m = compile(
        "struct P { float4 v; uint n; };
[[vk::push_constant]] struct { vk::BufferPointer<P> p; } pc;
RWStructuredBuffer<float4> Out;
[numthreads(1, 1, 1)]
void main() {
  Out[0] = vk::reinterpret_pointer_cast<float4, 16>(pc.p).Get();
  vk::BufferPointer<P, 4> q = vk::static_pointer_cast<P, 4>(pc.p);
  q.Get().n = 3;
}
",
        "cs_6_0",
        &[],
    );
    m.assert_has(&[
        "OpTypePointer PhysicalStorageBuffer %v4float",
        "OpBitcast %_ptr_PhysicalStorageBuffer_v4float",
        "Aligned 16",
        // n at offset 16 through a 4-aligned pointer.
        "Aligned 4",
    ]);
}

#[test]
fn pointers_live_in_every_kind_of_variable() {
    // Structured buffer elements, groupshared, static, array locals, parameters, returns;
    // variables holding pointers are restrict. Choosing between pointers is an `OpSelect` of
    // pointers.
    let text = "struct S { float4 v; };
typedef vk::BufferPointer<S> SP;
RWStructuredBuffer<SP> Slots;
groupshared SP shared_p[1];
static SP static_p = SP(0);
SP pick(SP a, SP b, bool c) { return c ? a : b; }
[numthreads(2, 1, 1)]
void main(uint i : SV_GroupIndex) {
  SP arr[2] = { Slots[0], Slots[1] };
  shared_p[0] = arr[i];
  static_p = pick(arr[0], arr[1], i == 0);
  Slots[2] = static_p;
  arr[i].Get().v = shared_p[0].Get().v * 2;
}
";
    let m = compile(text, "cs_6_0", &["-fspv-target-env=vulkan1.2"]);
    assert_eq!(
        m.decoration("shared_p", "RestrictPointer").as_deref(),
        Some("")
    );
    assert_eq!(m.decoration("arr", "RestrictPointer").as_deref(), Some(""));
    m.assert_has(&["OpSelect %_ptr_PhysicalStorageBuffer_S", "ArrayStride 8"]);
    // A physical pointer is no logical one: SPIR-V 1.0 selects it too (bp2).
    let m = compile(text, "cs_6_0", &[]);
    m.assert_has(&["OpSelect %_ptr_PhysicalStorageBuffer_S"]);
}

#[test]
fn misuses_are_type_errors() {
    refuse(
        "vk::BufferPointer<float, 3> P;
[numthreads(1, 1, 1)]
void main() {}
",
        "cs_6_0",
        &[],
        1,
        "the alignment of vk::BufferPointer must be a constant power of two",
    );
    refuse(
        "vk::BufferPointer<Texture2D> P;
[numthreads(1, 1, 1)]
void main() {}
",
        "cs_6_0",
        &[],
        1,
        "vk::BufferPointer cannot point to `Texture2D<float4>`",
    );
    refuse(
        "vk::BufferPointer<float> P;
RWStructuredBuffer<float> Out;
[numthreads(1, 1, 1)]
void main() { Out[0] = P.Load(); }
",
        "cs_6_0",
        &[],
        1,
        "no method named `Load` in `vk::BufferPointer<float, 4>`",
    );
    refuse(
        "[numthreads(1, 1, 1)]
void main() { vk::BufferPointer<float> p = vk::BufferPointer<float>(1.5); }
",
        "cs_6_0",
        &[],
        1,
        "cannot use a value of type `float` to construct `vk::BufferPointer<float, 4>`",
    );
}
