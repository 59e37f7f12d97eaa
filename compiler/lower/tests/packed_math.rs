//! SM 6.x intrinsics that lowering expands (`packed_math`, `float_bitwise`) or passes on as
//! intrinsics of their own (packed dot products, `IsHelperLane`, `WaveMatch`,
//! `WaveMultiPrefix*`): the IR they become, and their values on the interpreter, worked out by
//! hand from the intrinsics' definitions (bytes are lanes 0..3 from the low end of the word).

mod common;

use expect_test::expect;

#[test]
fn packed_dot_products_and_dot2add() {
    // u8: bytes (4, 3, 2, 1) . (8, 7, 6, 5) = 32 + 21 + 12 + 5 = 70, + 10 = 80.
    // i8: bytes (4, -2, 2, -1) . (8, 7, -1, 5) = 32 - 14 - 2 - 5 = 11, - 3 = 8.
    // u8 sums wrap: 4 * 255 * 255 = 260100 = 0x3F804, and 0xFFFF0000 + 0x3F804 = 0x1_0002_F804
    //   keeps its low 32 bits, 0x0002F804.
    // dot2add: 1 * 3 + 2 * 4 + 0.5 = 11.5 = 0x41380000.
    let out = common::run_u32(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    uint a = Out[0], b = Out[1];
    Out[0] = dot4add_u8packed(a, b, 10u);
    Out[1] = (uint)dot4add_i8packed(Out[2], Out[3], -3);
    Out[2] = dot4add_u8packed(0xFFFFFFFFu, 0xFFFFFFFFu, Out[4]);
    Out[3] = asuint(dot2add(half2(1, 2), half2(3, 4), 0.5f));
}
"#,
        vec![vec![
            0x0102_0304,
            0x0506_0708,
            0xFF02_FE04,
            0x05FF_0708,
            0xFFFF_0000,
        ]],
    );
    assert_eq!(out[0][..4], [80, 8, 0x0002_F804, 0x4138_0000]);
}

#[test]
fn pack_and_clamp() {
    // pack_u8 keeps low bytes: 0x11, 0x22 (of 0x122), 0x33, 0x44.
    // pack_s8 of (-1, 2, -128, 127): 0xFF, 0x02, 0x80, 0x7F.
    // pack_clamp_u8 of (-5, 300, 128, 255): 0, 255, 128, 255.
    // pack_clamp_s8 of (-500, 300, -128, 5): -128, 127, -128, 5.
    let out = common::run_u32(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    int4 s = int4(-1, 2, -128, 127);
    int4 c = int4(-5, 300, 128, 255);
    int4 d = int4(-500, 300, -128, 5);
    uint8_t4_packed p = pack_u8(uint4(0x11, 0x122, 0x33, 0x44));
    Out[0] = p;
    Out[1] = pack_s8(s);
    Out[2] = pack_clamp_u8(c);
    int8_t4_packed q = pack_clamp_s8(d);
    Out[3] = q;
}
"#,
        vec![vec![0; 4]],
    );
    assert_eq!(out[0], [0x4433_2211, 0x7F80_02FF, 0xFF80_FF00, 0x0580_7F80]);
}

#[test]
fn unpack_and_round_trips() {
    // 0x80FF7F01: bytes 0x01, 0x7F, 0xFF, 0x80 = (1, 127, -1, -128) signed,
    // (1, 127, 255, 128) unsigned. Packing them back gives the word again.
    let out = common::run_u32(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    uint w = Out[0];
    int4 s = unpack_s8s32(w);
    uint4 u = unpack_u8u32(w);
    Out[0] = asuint(s.x); Out[1] = asuint(s.y); Out[2] = asuint(s.z); Out[3] = asuint(s.w);
    Out[4] = u.x; Out[5] = u.y; Out[6] = u.z; Out[7] = u.w;
    Out[8] = pack_s8(s);
    Out[9] = pack_u8(u);
    Out[10] = pack_clamp_s8(s);
}
"#,
        vec![vec![0x80FF_7F01, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]],
    );
    assert_eq!(
        out[0],
        [
            1,
            127,
            -1i32 as u32,
            -128i32 as u32,
            1,
            127,
            255,
            128,
            0x80FF_7F01,
            0x80FF_7F01,
            0x80FF_7F01
        ]
    );
}

#[test]
fn add_uint64_carries() {
    // (0xFFFFFFFF, 1) + (2, 3): low 0x1_00000001 -> 1 carry 1; high 1 + 3 + 1 = 5.
    // uint4: (0xFFFFFFFF, 0xFFFFFFFF) + (1, 0) = 2^64 -> (0, 0); (5, 0) + (7, 9) = (12, 9).
    let out = common::run_u32(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    uint2 s = AddUint64(uint2(Out[0], 1u), uint2(2u, 3u));
    uint4 t = AddUint64(uint4(Out[0], Out[0], 5u, 0u), uint4(1u, 0u, 7u, 9u));
    Out[0] = s.x; Out[1] = s.y;
    Out[2] = t.x; Out[3] = t.y; Out[4] = t.z; Out[5] = t.w;
}
"#,
        vec![vec![0xFFFF_FFFF, 0, 0, 0, 0, 0]],
    );
    assert_eq!(out[0], [1, 5, 0, 0, 12, 9]);
}

#[test]
fn wave_match_and_multi_prefix() {
    // Eight lanes in partitions by id % 3: {0, 3, 6} (mask 0x49), {1, 4, 7} (0x92), {2, 5}
    // (0x24). Each prefix runs over the lanes below in the same partition:
    // sum of id + 1:      lane 6: 1 + 4 = 5, lane 7: 2 + 5 = 7, lane 5: 3.
    // product of id + 1:  lane 6: 1 * 4 = 4, lane 7: 2 * 5 = 10, first lanes 1.
    // or of 1 << id:      lane 6: 1 | 8 = 9, lane 7: 2 | 16 = 18.
    // and of 0xF0 | id:   first lanes 0xFFFFFFFF, lane 6: 0xF0 & 0xF3 = 0xF0,
    //                     lane 7: 0xF1 & 0xF4 = 0xF0.
    // xor of id:          lane 6: 0 ^ 3 = 3, lane 7: 1 ^ 4 = 5.
    // count of id != 3:   lane 6: lane 0 only = 1, lane 7: 2, lane 5: 1.
    let out = common::run_u32(
        r#"
RWStructuredBuffer<uint4> Masks : register(u0);
RWStructuredBuffer<uint> Sum : register(u1);
RWStructuredBuffer<uint> Product : register(u2);
RWStructuredBuffer<uint> Or : register(u3);
RWStructuredBuffer<uint> And : register(u4);
RWStructuredBuffer<uint> Xor : register(u5);
RWStructuredBuffer<uint> Count : register(u6);
[numthreads(8, 1, 1)]
void main(uint id : SV_GroupIndex) {
    uint4 m = WaveMatch(id % 3);
    Masks[id] = m;
    Sum[id] = WaveMultiPrefixSum(id + 1, m);
    Product[id] = WaveMultiPrefixProduct(id + 1, m);
    Or[id] = WaveMultiPrefixBitOr(1u << id, m);
    And[id] = WaveMultiPrefixBitAnd(0xF0u | id, m);
    Xor[id] = WaveMultiPrefixBitXor(id, m);
    Count[id] = WaveMultiPrefixCountBits(id != 3, m);
}
"#,
        vec![
            vec![0; 32],
            vec![0; 8],
            vec![0; 8],
            vec![0; 8],
            vec![0; 8],
            vec![0; 8],
            vec![0; 8],
        ],
    );
    let masks: Vec<u32> = out[0].chunks(4).map(|m| m[0]).collect();
    assert_eq!(masks, [0x49, 0x92, 0x24, 0x49, 0x92, 0x24, 0x49, 0x92]);
    assert!(out[0].chunks(4).all(|m| m[1..] == [0, 0, 0]));
    assert_eq!(out[1], [0, 0, 0, 1, 2, 3, 5, 7]);
    assert_eq!(out[2], [1, 1, 1, 1, 2, 3, 4, 10]);
    assert_eq!(out[3], [0, 0, 0, 1, 2, 4, 9, 18]);
    let all = 0xFFFF_FFFF;
    assert_eq!(out[4], [all, all, all, 0xF0, 0xF1, 0xF2, 0xF0, 0xF0]);
    assert_eq!(out[5], [0, 0, 0, 0, 1, 2, 3, 5]);
    assert_eq!(out[6], [0, 0, 0, 1, 1, 1, 1, 2]);
}

#[test]
fn float_bitwise_compare_exchange_on_byte_address_buffers() {
    // Word 0 holds -0.0 (0x80000000): comparing with +0.0 fails bit for bit (the word stays,
    // the original comes back), comparing with -0.0 succeeds and stores 2.5 (0x40200000).
    // Word 1 holds 1.0: the compare-store with 1.0 writes 3.0 (0x40400000).
    let out = common::run_u32(
        r#"
RWByteAddressBuffer Buf : register(u0);
[numthreads(1, 1, 1)]
void main() {
    float orig;
    Buf.InterlockedCompareExchangeFloatBitwise(0, 0.0f, 1.0f, orig);
    Buf.Store(8, asuint(orig));
    Buf.InterlockedCompareExchangeFloatBitwise(0, -0.0f, 2.5f, orig);
    Buf.Store(12, asuint(orig));
    Buf.InterlockedCompareStoreFloatBitwise(4, 1.0f, 3.0f);
}
"#,
        vec![vec![0x8000_0000, 0x3F80_0000, 0, 0]],
    );
    assert_eq!(out[0], [0x4020_0000, 0x4040_0000, 0x8000_0000, 0x8000_0000]);
}

#[test]
fn float_bitwise_on_a_float_variable_is_refused() {
    let errors = common::lower_errors(
        r#"
groupshared float G;
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    float o;
    InterlockedCompareExchangeFloatBitwise(G, 1.0f, 2.0f, o);
    Out[0] = o;
}
"#,
    );
    expect![[r#"E3004 121..177: InterlockedCompareExchangeFloatBitwise on a float variable: SPIR-V compares and exchanges integers only, and a float variable cannot be reached as one (DXC: "InterlockedCompareExchangeFloatBitwise intrinsic function unimplemented"); use the RWByteAddressBuffer method of the same name"#]].assert_eq(&errors);
}

#[test]
fn ir_of_pack_clamp_and_unpack() {
    let dump = common::dump(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    Out[0] = pack_clamp_s8(int4(Out[1], 0, 0, 0));
    Out[2] = unpack_s8s32(Out[3]).y;
}
"#,
    );
    expect![[r#"
        @g0 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; Out

        func @main_body() -> void {
        bb0: ; (entry)
          %0 = access_chain @g0, 0:int : ptr<storage_buffer, uint>
          %1 = access_chain @g0, 1:int : ptr<storage_buffer, uint>
          %2 = load %1 : uint
          %3 = convert %2 : int
          %4 = composite_construct %3, 0:int, 0:int, 0:int : int4
          %5 = call_intrinsic clamp(%4, {-128, -128, -128, -128}:int4, {127, 127, 127, 127}:int4) : int4
          %6 = bitcast %5 : uint4
          %7 = bit_and %6, {255, 255, 255, 255}:uint4 : uint4
          %8 = shl %7, {0, 8, 16, 24}:uint4 : uint4
          %9 = composite_extract %8, [0] : uint
          %10 = composite_extract %8, [1] : uint
          %11 = bit_or %9, %10 : uint
          %12 = composite_extract %8, [2] : uint
          %13 = bit_or %11, %12 : uint
          %14 = composite_extract %8, [3] : uint
          %15 = bit_or %13, %14 : uint
          store %0, %15
          %16 = access_chain @g0, 2:int : ptr<storage_buffer, uint>
          %17 = access_chain @g0, 3:int : ptr<storage_buffer, uint>
          %18 = load %17 : uint
          %19 = bitcast %18 : int
          %20 = composite_construct %19, %19, %19, %19 : int4
          %21 = shl %20, {24, 16, 8, 0}:int4 : int4
          %22 = shr %21, {24, 24, 24, 24}:int4 : int4
          %23 = composite_extract %22, [1] : int
          %24 = convert %23 : uint
          store %16, %24
          ret
        }

        func @main() -> void {
        bb0: ; (entry)
          call @main_body()
          ret
        }

        entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
    "#]].assert_eq(&dump);
}

#[test]
fn is_helper_lane_is_false_in_compute() {
    // Compute shaders have no helper lanes; the intrinsic stays one (pixel shaders ask the
    // hardware) and the interpreter answers false.
    let text = r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(2, 1, 1)]
void main(uint id : SV_GroupIndex) { Out[id] = IsHelperLane() ? 7 : 9; }
"#;
    assert!(common::dump(text).contains("call_intrinsic IsHelperLane() : bool"));
    assert_eq!(common::run_u32(text, vec![vec![0, 0]])[0], [9, 9]);
}
