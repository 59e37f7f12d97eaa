//! Bit-fields (HLSL 2021): values stored into them wrap to their width, unsigned ones by
//! masking and signed ones by sign extension from the field's top bit; a struct with
//! bit-fields in a buffer is refused (DXC packs them into shared words there). Expected
//! values are computed by hand.

mod common;

use expect_test::expect;
use interp::pipeline::BufferValues;
use interp::{parse_pipeline, run_pipeline, PipelineOptions};

const SHADER: &str = r#"
struct H { uint id : 4; int d : 4; uint rest; };
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    H h;
    h.id = 0x1234;      // 0x4
    h.d = 9;            // 0b1001: -7
    h.rest = 77;        // not a bit-field: kept
    Out[0] = h.id;
    Out[1] = h.d;
    H g = { 0xff, 0x17, 5 };
    Out[2] = g.id;      // 15
    Out[3] = g.d;       // 0b0111: 7
    g.id += 15;         // 30: 14
    Out[4] = g.id;
    h.d--;              // -8
    h.d--;              // -9: 7
    Out[5] = h.d;
    Out[6] = h.rest;
    H c = g;            // a copy keeps the wrapped values
    Out[7] = c.id + c.d;
}
"#;

#[test]
fn stores_wrap_to_the_width() {
    let m = common::lower(SHADER);
    let yaml = "Shaders:\n  - Stage: Compute\n    Entry: main\nBuffers:
  - { Name: Out, Format: Int32, FillSize: 32 }
DescriptorSets:
  - Resources:
    - Name: Out
      Kind: RWStructuredBuffer
      DirectXBinding: { Register: 0, Space: 0 }
";
    let pipeline = parse_pipeline(yaml).unwrap();
    let r = run_pipeline(&m, &pipeline, &PipelineOptions::default()).unwrap();
    match r.get("Out") {
        Some(BufferValues::Int(v)) => assert_eq!(v, &[4, -7, 15, 7, 14, 7, 77, 21]),
        other => panic!("Out: {other:?}"),
    }
}

#[test]
fn a_member_store_masks_or_sign_extends() {
    expect![[r#"
        struct H { uint id; int d; }

        @g0 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

        func @main_body() -> void {
        bb0: ; (entry)
          %0 = alloca : ptr<function, H> ; h
          %1 = alloca : ptr<function, int> ; v
          %2 = access_chain @g0, 0:int : ptr<storage_buffer, int>
          %3 = load %2 : int
          store %1, %3
          %4 = access_chain %0, 0:int : ptr<function, uint>
          %5 = load %1 : int
          %6 = convert %5 : uint
          %7 = bit_and %6, 7:uint : uint
          store %4, %7
          %8 = access_chain %0, 1:int : ptr<function, int>
          %9 = load %1 : int
          %10 = shl %9, 29:int : int
          %11 = shr %10, 29:int : int
          store %8, %11
          %12 = access_chain @g0, 1:int : ptr<storage_buffer, int>
          %13 = access_chain %0, 1:int : ptr<function, int>
          %14 = load %13 : int
          store %12, %14
          ret
        }

        func @main() -> void {
        bb0: ; (entry)
          call @main_body()
          ret
        }

        entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
    "#]]
    .assert_eq(&common::dump(
        r#"
struct H { uint id : 3; int d : 3; };
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    H h;
    int v = Out[0];
    h.id = v;
    h.d = v;
    Out[1] = h.d;
}
"#,
    ));
}

#[test]
fn bit_fields_in_a_buffer_are_refused() {
    let e = common::try_lower(
        r#"
struct H { uint id : 4; uint rest : 28; };
RWStructuredBuffer<H> Out : register(u0);
[numthreads(1, 1, 1)]
void main() { Out[0].id = 1; }
"#,
    )
    .unwrap_err();
    assert!(
        e.contains("E3001") && e.contains("a struct with bit-fields in a buffer"),
        "{e}"
    );
}
