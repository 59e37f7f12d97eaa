//! Bit manipulation, reinterpreting conversions (`asuint`, `asfloat16`, `f32tof16`), the
//! packed 8-bit helpers of SM 6.4/6.6 and the resource-index and tiled-status helpers.

use crate::model::avail::{all_from, ALL};
use crate::model::Category::{Bits, Conversion, Pack, Resource};
use crate::model::ShaderModel;
use crate::Table;

/// Adds the bit, conversion and packing intrinsics.
pub(crate) fn add(t: &mut Table) {
    t.def(
        Bits,
        ALL,
        true,
        "Number of set bits in each component.",
        &["uint<T> countbits(T x) where T: int_like"],
    );
    t.def(
        Bits,
        ALL,
        true,
        "Reverses the order of the bits of each component.",
        &["T reversebits(T x) where T: int_like"],
    );
    t.def(
        Bits,
        ALL,
        true,
        "Index of the most significant set bit (for negative signed values, the most significant clear bit); all ones when there is none.",
        &[
            "uint<T> firstbithigh(T x) where T: int_like",
        ],
    );
    t.def(
        Bits,
        ALL,
        true,
        "Index of the least significant set bit; all ones when no bit is set.",
        &["uint<T> firstbitlow(T x) where T: int_like"],
    );
    t.def(Bits, ALL, true, "Masked sums of absolute byte differences between a reference and a sliding window of source bytes, added to accum.", &["uint4 msad4(uint reference, uint2 source, uint4 accum)"]);

    t.def(Bits, ALL, true, "Adds 64-bit unsigned integers held as (low, high) uint pairs; a uint4 holds two such pairs.", &["uint2 AddUint64(uint2 a, uint2 b)", "uint4 AddUint64(uint4 a, uint4 b)"]);

    // Reinterpreting casts.
    t.def(
        Conversion,
        ALL,
        true,
        "Reinterprets the bits of each 32-bit component as a float.",
        &["float<T> asfloat(T x) where T: bits32"],
    );
    t.def(
        Conversion,
        ALL,
        true,
        "Reinterprets the bits of each 32-bit component as an int.",
        &["int<T> asint(T x) where T: bits32"],
    );
    t.def(
        Conversion,
        ALL,
        true,
        "Reinterprets the bits of each 32-bit component as a uint; the three-argument form splits a double into its low and high words.",
        &[
            "uint<T> asuint(T x) where T: bits32",
            "void asuint(T d, out uint<T> lo, out uint<T> hi) where T: double",
        ],
    );
    t.def(
        Conversion,
        ALL,
        true,
        "Builds doubles from low and high 32-bit words.",
        &["double<T> asdouble(uint<T> lo, uint<T> hi) where T: uint"],
    );
    let sm62 = all_from(ShaderModel::SM6_2);
    t.def(
        Conversion,
        sm62,
        true,
        "Reinterprets the bits of each 16-bit component as a 16-bit float.",
        &["float16_t<T> asfloat16(T x) where T: bits16"],
    );
    t.def(
        Conversion,
        sm62,
        true,
        "Reinterprets the bits of each 16-bit component as an int16_t.",
        &["int16_t<T> asint16(T x) where T: bits16"],
    );
    t.def(
        Conversion,
        sm62,
        true,
        "Reinterprets the bits of each 16-bit component as a uint16_t.",
        &["uint16_t<T> asuint16(T x) where T: bits16"],
    );
    t.def(
        Conversion,
        ALL,
        true,
        "Converts each float to half precision, returned in the low 16 bits of a uint.",
        &["uint<T> f32tof16(float<T> x) where T: float"],
    );
    t.def(
        Conversion,
        ALL,
        true,
        "Converts the half-precision value in the low 16 bits of each uint to a float.",
        &["float<T> f16tof32(uint<T> x) where T: uint"],
    );
    t.def(
        Conversion,
        ALL,
        true,
        "Swizzles and scales a float4 colour into the legacy UBYTE4 layout as int4.",
        &["int4 D3DCOLORtoUBYTE4(float4 color)"],
    );

    // Packed 8-bit arithmetic and packing (6.4, 6.6).
    let sm64 = all_from(ShaderModel::SM6_4);
    t.def(
        Pack,
        sm64,
        true,
        "Dot product of the four unsigned bytes packed in a and b, added to acc.",
        &["uint dot4add_u8packed(uint a, uint b, uint acc)"],
    );
    t.def(
        Pack,
        sm64,
        true,
        "Dot product of the four signed bytes packed in a and b, added to acc.",
        &["int dot4add_i8packed(uint a, uint b, int acc)"],
    );
    t.def(
        Pack,
        sm64,
        true,
        "Dot product of two half2 vectors accumulated in float precision onto acc.",
        &["float dot2add(half2 a, half2 b, float acc)"],
    );
    let sm66 = all_from(ShaderModel::SM6_6);
    t.def(
        Pack,
        sm66,
        true,
        "Packs the low byte of each of four unsigned components into a uint (uint8_t4_packed).",
        &["uint pack_u8(T<4> v) where T: int16or32"],
    );
    t.def(
        Pack,
        sm66,
        true,
        "Packs the low byte of each of four signed components into a uint (int8_t4_packed).",
        &["uint pack_s8(T<4> v) where T: int16or32"],
    );
    t.def(
        Pack,
        sm66,
        true,
        "Clamps four signed components to [0, 255] and packs them as bytes.",
        &["uint pack_clamp_u8(T<4> v) where T: sint16or32"],
    );
    t.def(
        Pack,
        sm66,
        true,
        "Clamps four signed components to [-128, 127] and packs them as bytes.",
        &["uint pack_clamp_s8(T<4> v) where T: sint16or32"],
    );
    t.def(
        Pack,
        sm66,
        true,
        "Zero-extends the four packed bytes into a uint4.",
        &["uint4 unpack_u8u32(uint packed)"],
    );
    t.def(
        Pack,
        sm66,
        true,
        "Zero-extends the four packed bytes into a uint16_t4.",
        &["uint16_t4 unpack_u8u16(uint packed)"],
    );
    t.def(
        Pack,
        sm66,
        true,
        "Sign-extends the four packed bytes into an int4.",
        &["int4 unpack_s8s32(uint packed)"],
    );
    t.def(
        Pack,
        sm66,
        true,
        "Sign-extends the four packed bytes into an int16_t4.",
        &["int16_t4 unpack_s8s16(uint packed)"],
    );

    // Resource helpers.
    t.def(Resource, ALL, false, "Marks a resource-array index as possibly different across lanes, so the compiler does not assume it is uniform.", &["T NonUniformResourceIndex(T index) where T: basic"]);
    t.def(
        Resource,
        ALL,
        false,
        "Interprets the status of a tiled-resource access: true if every texel touched was mapped.",
        &["bool CheckAccessFullyMapped(uint status)"],
    );
}
