//! `hlslc run` on the layouts the weak-spot fixes of this file's session touch: a struct with
//! an empty base keeps it as an empty member, which takes no bytes. Expected values are
//! worked out by hand from the buffer bytes.

use serde_json::json;

mod pipeline_common;

use pipeline_common::run;

/// `struct D : A, E { float y; }` with an empty `E`: `a` at 0, the empty `E` and `y` at 4,
/// stride 8 in a structured buffer (std430), so the four floats the two threads write are
/// a, y of element 0 then of element 1; `In`'s element 1 reads a = 3, y = 4 from [1, 2, 3, 4].
#[test]
fn an_empty_base_takes_no_bytes_in_a_structured_buffer() {
    let shader = "struct E {};
struct A { float a; };
struct D : A, E { float y; };
StructuredBuffer<D> In : register(t0);
RWStructuredBuffer<D> Out : register(u0);
[numthreads(2, 1, 1)]
void main(uint i : SV_GroupIndex) {
  D d;
  d.a = In[1].a * (i + 1);
  d.y = In[1].y * 10 * (i + 1);
  Out[i] = d;
}
";
    let pipeline = "Shaders:\n  - Stage: Compute\n    Entry: main\nDispatchParameters:\n  DispatchGroupCount: [1, 1, 1]\nBuffers:\n  - { Name: In, Format: Float32, Stride: 8, Data: [1, 2, 3, 4] }\n  - { Name: Out, Format: Float32, FillSize: 16 }\nDescriptorSets:\n  - Resources:\n    - Name: In\n      Kind: StructuredBuffer\n      DirectXBinding: { Register: 0, Space: 0 }\n    - Name: Out\n      Kind: RWStructuredBuffer\n      DirectXBinding: { Register: 0, Space: 0 }\n";
    let b = run("empty-base", shader, pipeline, &[]).buffers();
    assert_eq!(b["Out"], json!([3, 40, 6, 80]));
}
