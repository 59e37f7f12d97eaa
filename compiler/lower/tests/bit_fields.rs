//! Bit-fields (HLSL 2021): values stored into them wrap to their width, unsigned ones by
//! masking and signed ones by sign extension from the field's top bit; in a buffer a run of
//! bit-fields of one type shares a word as DXC packs it (fields read and written in place,
//! whole structs converted), and what is not supported there is refused. Expected values are
//! computed by hand.

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
        struct H { uint id : 3; int d : 3; }

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

/// `P` in a storage buffer (relaxed std430): `lo` (bits 0..4) and `mid` (bits 4..16) share
/// word 0; `s` is an `int`, so it starts word 1 (bits 0..5); `whole` is word 2; `neg` follows
/// a whole member, so it starts word 3 (bits 0..3). 16 bytes per element.
const PACKED: &str = r#"
struct P { uint lo : 4; uint mid : 12; int s : 5; uint whole; int neg : 3; };
RWStructuredBuffer<P> Data : register(u0);
RWStructuredBuffer<int> Out : register(u1);
[numthreads(1, 1, 1)]
void main()
{
    P p = Data[0];
    Out[0] = p.lo;
    Out[1] = p.mid;
    Out[2] = p.s;
    Out[3] = p.whole;
    Out[4] = p.neg;
    Out[5] = Data[0].s;
    Data[0].mid = 0xABC;
    Data[1] = p;
    Data[1].lo = 22;
}
"#;

#[test]
fn bit_fields_in_a_buffer_share_words() {
    let m = common::lower(PACKED);
    let yaml = "Shaders:\n  - Stage: Compute\n    Entry: main\nBuffers:
  - { Name: Data, Format: UInt32, Stride: 16, Data: [0x12345, 0x39, 77, 0xFFFFFFF4, 0, 0, 0, 0] }
  - { Name: Out, Format: Int32, FillSize: 24 }
DescriptorSets:
  - Resources:
    - Name: Data
      Kind: RWStructuredBuffer
      DirectXBinding: { Register: 0, Space: 0 }
    - Name: Out
      Kind: RWStructuredBuffer
      DirectXBinding: { Register: 1, Space: 0 }
";
    let pipeline = parse_pipeline(yaml).unwrap();
    let r = run_pipeline(&m, &pipeline, &PipelineOptions::default()).unwrap();
    // Word 0 = 0x12345: lo = 5, mid = 0x234 = 564 (bits 16.. belong to no field). Word 1 =
    // 0x39: s = 0b11001 = -7. Word 3 = 0xFFFFFFF4: neg = 0b100 = -4.
    match r.get("Out") {
        Some(BufferValues::Int(v)) => assert_eq!(v, &[5, 564, -7, 77, -4, -7]),
        other => panic!("Out: {other:?}"),
    }
    // Element 0: mid = 0xABC keeps the other bits: 0x1ABC5 = 109509. Element 1 is packed
    // from p: 5 | 0x234 << 4 = 0x2345, then lo = 22 wraps to 6: 0x2346 = 9030; s = -7 in 5
    // bits = 25; neg = -4 in 3 bits = 4.
    match r.get("Data") {
        Some(BufferValues::UInt(v)) => {
            assert_eq!(v, &[109509, 0x39, 77, 0xFFFF_FFF4, 9030, 25, 77, 4])
        }
        other => panic!("Data: {other:?}"),
    }
}

#[test]
fn the_struct_line_shows_bit_field_widths() {
    let dump = common::dump(PACKED);
    let line = dump.lines().find(|l| l.starts_with("struct P")).unwrap();
    expect![[r#"struct P { uint lo : 4; uint mid : 12; int s : 5; uint whole; int neg : 3; }"#]]
        .assert_eq(line);
}

/// `In.Load<P>(0)` of a struct with bit-fields reads the storage words and extracts the
/// fields; `Back.Store(0, p)` packs them again, one store per word. Raw layout of `P`: `a`
/// (bits 0..4) and `b` (bits 4..16) share word 0, `c` is an `int`, so it starts word 1
/// (bits 0..8), `d` is word 2. Word 0 = 0xABCD: a = 0xD = 13, b = 0xABC = 2748; word 1 =
/// 0xF0: c = -16 (0xFFFFFFF0 as a uint). Stored back after a = 1, b = 0x123, c = -1: word 0
/// = 1 | 0x123 << 4 = 0x1231, word 1 = 0xFF (c's 8 bits), word 2 = 7.
#[test]
fn byte_address_loads_and_stores_of_bit_fields() {
    let out = common::run_u32(
        r#"
struct P { uint a : 4; uint b : 12; int c : 8; uint d; };
RWByteAddressBuffer In : register(u0);
RWByteAddressBuffer Out : register(u1);
RWByteAddressBuffer Back : register(u2);
[numthreads(1, 1, 1)]
void main() {
    P p = In.Load<P>(0);
    Out.Store(0, p.a); Out.Store(4, p.b); Out.Store(8, (uint)p.c); Out.Store(12, p.d);
    p.a = 1; p.b = 0x123; p.c = -1;
    Back.Store(0, p);
}
"#,
        vec![vec![0xABCD, 0xF0, 7], vec![0; 4], vec![0; 3]],
    );
    assert_eq!(out[1], [13, 2748, 0xFFFF_FFF0, 7]);
    assert_eq!(out[2], [0x1231, 0xFF, 7]);
}

/// An unnamed bit-field takes its bits in the raw layout too: `a` bits 0..4, the unnamed
/// field 4..8, `b` 8..12. Word 0xA53: a = 3, b = 0xA = 10. A nested struct and an array of
/// them are laid out at their natural alignment: `Outer { uint w; Q q[2]; }` puts q[0] at 4
/// and q[1] at 8.
#[test]
fn byte_address_loads_of_unnamed_and_nested_bit_fields() {
    let out = common::run_u32(
        r#"
struct Q { uint a : 4; uint : 4; uint b : 4; };
struct Outer { uint w; Q q[2]; };
RWByteAddressBuffer In : register(u0);
RWByteAddressBuffer Out : register(u1);
[numthreads(1, 1, 1)]
void main() {
    Q q = In.Load<Q>(0);
    Out.Store(0, q.a); Out.Store(4, q.b);
    Outer o = In.Load<Outer>(0);
    Out.Store(8, o.q[0].a); Out.Store(12, o.q[1].b);
}
"#,
        vec![vec![0xA53, 0x21, 0x7F0], vec![0; 4]],
    );
    // o.q[0] is word 1 = 0x21: a = 1; o.q[1] is word 2 = 0x7F0: b = 7.
    assert_eq!(out[1], [3, 10, 1, 7]);
}

/// 64-bit bit-fields pack into 64-bit words: c (bits 0..40) and d (bits 40..60) share word 0.
#[test]
fn sixty_four_bit_fields_share_a_64_bit_word() {
    let m = common::lower(
        r#"
struct B { int64_t c : 40; int64_t d : 20; uint g : 3; };
RWStructuredBuffer<B> Data : register(u0);
RWStructuredBuffer<int64_t> Out : register(u1);
[numthreads(1, 1, 1)]
void main() { Out[0] = Data[0].c; Out[1] = Data[0].d; Data[0].d = -3; Data[1] = Data[0]; }
"#,
    );
    let yaml = "Shaders:\n  - Stage: Compute\n    Entry: main\nBuffers:
  - { Name: Data, Format: UInt32, Stride: 16, Data: [0xFFFFFFFB, 0x7FF, 5, 0, 0, 0, 0, 0] }
  - { Name: Out, Format: Int64, FillSize: 16 }
DescriptorSets:
  - Resources:
    - Name: Data
      Kind: RWStructuredBuffer
      DirectXBinding: { Register: 0, Space: 0 }
    - Name: Out
      Kind: RWStructuredBuffer
      DirectXBinding: { Register: 1, Space: 0 }
";
    let pipeline = parse_pipeline(yaml).unwrap();
    let r = run_pipeline(&m, &pipeline, &PipelineOptions::default()).unwrap();
    // Word 0 = 0x7FF_FFFFFFFB: c = 0xFF_FFFFFFFB (40 bits) = -5, d = 0x7 = 7.
    match r.get("Out") {
        Some(BufferValues::Int(v)) => assert_eq!(v, &[-5, 7]),
        other => panic!("Out: {other:?}"),
    }
    // d = -3 is 0xFFFFD in 20 bits: word 0 = 0x0FFFFD_FFFFFFFB, halves 0xFFFFFFFB and
    // 0x0FFFFDFF; g = 5 at 8; element 1 is a copy.
    match r.get("Data") {
        Some(BufferValues::UInt(v)) => assert_eq!(
            v,
            &[
                0xFFFF_FFFB,
                0x0FFF_FDFF,
                5,
                0,
                0xFFFF_FFFB,
                0x0FFF_FDFF,
                5,
                0
            ]
        ),
        other => panic!("Data: {other:?}"),
    }
}
