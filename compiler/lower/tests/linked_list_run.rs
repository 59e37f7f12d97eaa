//! The interpreter walking a linked list of `vk::BufferPointer`s (a struct holding a pointer
//! to its own type) through device addresses: the nodes sit in a buffer given an `Address`
//! in the pipeline YAML (our extension). Expected values are computed by hand.

mod common;

use interp::pipeline::BufferValues;
use interp::{parse_pipeline, run_pipeline, PipelineOptions};

#[test]
fn a_linked_list_is_walked_and_written_through_its_pointers() {
    // `Node` under relaxed std430: `v` at 0, `next` at 8 (a pointer is 8 bytes aligned to
    // 8), 16 bytes a node. Three nodes at 0x4000, 0x4010, 0x4020 hold 1, 2, 4, the last with
    // a null `next`; the loop sums them (7) and counts them (3), `sizeof(Node)` is 16, then
    // the second node's value is set to 40 through the first one's pointer.
    let shader = r#"
struct Node { uint v; vk::BufferPointer<Node> next; };
cbuffer Params : register(b0) { vk::BufferPointer<Node> Head; };
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    vk::BufferPointer<Node> p = Head;
    uint sum = 0, count = 0;
    for (int i = 0; i < 8 && (bool)p; i++) {
        sum += p.Get().v;
        count++;
        p = p.Get().next;
    }
    Out[0] = sum;
    Out[1] = count;
    Out[2] = sizeof(Node);
    Head.Get().next.Get().v = 40;
}
"#;
    let m = common::lower(shader);
    let yaml = "Shaders:\n  - Stage: Compute\n    Entry: main\nBuffers:
  - { Name: Params, Format: UInt64, Data: [0x4000] }
  - { Name: Nodes, Format: UInt32, Data: [1, 0, 0x4010, 0, 2, 0, 0x4020, 0, 4, 0, 0, 0], Address: 0x4000 }
  - { Name: Out, Format: UInt32, FillSize: 12 }
DescriptorSets:
  - Resources:
    - Name: Params
      Kind: ConstantBuffer
      DirectXBinding: { Register: 0, Space: 0 }
    - Name: Out
      Kind: RWStructuredBuffer
      DirectXBinding: { Register: 0, Space: 0 }
";
    let pipeline = parse_pipeline(yaml).unwrap();
    let r = run_pipeline(&m, &pipeline, &PipelineOptions::default()).unwrap();
    let uints = |name: &str| match r.get(name) {
        Some(BufferValues::UInt(v)) => v.clone(),
        other => panic!("{name}: {other:?}"),
    };
    assert_eq!(uints("Out"), [7, 3, 16]);
    assert_eq!(
        uints("Nodes"),
        [1, 0, 0x4010, 0, 40, 0, 0x4020, 0, 4, 0, 0, 0]
    );
}
