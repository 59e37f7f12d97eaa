//! Linked lists through `vk::BufferPointer` (a struct holding a pointer to itself, directly
//! or through another struct), declared as DXC's `docs/SPIR-V.rst` and the
//! SPV_KHR_physical_storage_buffer extension have it: `OpTypeForwardPointer %p
//! PhysicalStorageBuffer` before the struct, the struct with `%p` as a member, then `%p =
//! OpTypePointer PhysicalStorageBuffer %Node`. Offsets are computed by hand from the
//! proposal's "a buffer pointer is laid out as a uint64_t" (8 bytes, aligned to 8).

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
