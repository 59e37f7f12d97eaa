//! Wave intrinsics (SM 6.0, `WaveMatch` and `WaveMultiPrefix*` from 6.5) and quad
//! intrinsics (`QuadRead*`, and `QuadAny`/`QuadAll` from 6.7).

use crate::model::avail::{all_from, ALL};
use crate::model::Category::{Quad, Wave};
use crate::model::{Availability, ShaderModel, StageSet};
use crate::Table;

/// Adds the wave and quad intrinsics.
pub(crate) fn add(t: &mut Table) {
    let w = ALL;
    t.def(
        Wave,
        w,
        true,
        "Number of lanes in a wave on this hardware (4 to 128).",
        &["uint WaveGetLaneCount()"],
    );
    t.def(
        Wave,
        w,
        true,
        "This lane's index within the wave.",
        &["uint WaveGetLaneIndex()"],
    );
    t.def(
        Wave,
        w,
        true,
        "True on the lowest-indexed active lane.",
        &["bool WaveIsFirstLane()"],
    );
    t.def(
        Wave,
        w,
        true,
        "True if the expression is true on any active lane.",
        &["bool WaveActiveAnyTrue(bool expr)"],
    );
    t.def(
        Wave,
        w,
        true,
        "True if the expression is true on every active lane.",
        &["bool WaveActiveAllTrue(bool expr)"],
    );
    t.def(
        Wave,
        w,
        true,
        "A 128-bit mask, one bit per lane, of the active lanes where the expression is true.",
        &["uint4 WaveActiveBallot(bool expr)"],
    );
    t.def(
        Wave,
        w,
        true,
        "The value of the expression on the given lane.",
        &["T WaveReadLaneAt(T expr, uint lane) where T: basic"],
    );
    t.def(
        Wave,
        w,
        true,
        "The value of the expression on the lowest-indexed active lane.",
        &["T WaveReadLaneFirst(T expr) where T: basic"],
    );
    t.def(
        Wave,
        w,
        true,
        "True, per component, if the expression has the same value on every active lane.",
        &["bool<T> WaveActiveAllEqual(T expr) where T: basic"],
    );
    for (sig, doc) in [
        (
            "T WaveActiveSum(T expr) where T: numeric",
            "Sum of the expression over the active lanes.",
        ),
        (
            "T WaveActiveProduct(T expr) where T: numeric",
            "Product of the expression over the active lanes.",
        ),
        (
            "T WaveActiveMin(T expr) where T: numeric",
            "Minimum of the expression over the active lanes.",
        ),
        (
            "T WaveActiveMax(T expr) where T: numeric",
            "Maximum of the expression over the active lanes.",
        ),
        (
            "T WaveActiveBitAnd(T expr) where T: uint_like",
            "Bitwise and of the expression over the active lanes.",
        ),
        (
            "T WaveActiveBitOr(T expr) where T: uint_like",
            "Bitwise or of the expression over the active lanes.",
        ),
        (
            "T WaveActiveBitXor(T expr) where T: uint_like",
            "Bitwise exclusive or of the expression over the active lanes.",
        ),
        (
            "T WavePrefixSum(T expr) where T: numeric",
            "Sum of the expression over the active lanes below this one (exclusive scan).",
        ),
        (
            "T WavePrefixProduct(T expr) where T: numeric",
            "Product of the expression over the active lanes below this one (exclusive scan).",
        ),
    ] {
        t.def(Wave, w, true, doc, &[sig]);
    }
    t.def(
        Wave,
        w,
        true,
        "Number of active lanes where the boolean is true.",
        &["uint WaveActiveCountBits(bool bit)"],
    );
    t.def(
        Wave,
        w,
        true,
        "Number of active lanes below this one where the boolean is true.",
        &["uint WavePrefixCountBits(bool bit)"],
    );

    let sm65 = all_from(ShaderModel::SM6_5);
    t.def(
        Wave,
        sm65,
        true,
        "Mask of the active lanes holding the same value as this lane.",
        &["uint4 WaveMatch(T value) where T: numeric"],
    );
    for (sig, doc) in [
        (
            "T WaveMultiPrefixSum(T value, uint4 mask) where T: numeric",
            "Exclusive prefix sum over the lanes of the mask below this one.",
        ),
        (
            "T WaveMultiPrefixProduct(T value, uint4 mask) where T: numeric",
            "Exclusive prefix product over the lanes of the mask below this one.",
        ),
        (
            "T WaveMultiPrefixBitAnd(T value, uint4 mask) where T: int_like",
            "Exclusive prefix bitwise and over the lanes of the mask below this one.",
        ),
        (
            "T WaveMultiPrefixBitOr(T value, uint4 mask) where T: int_like",
            "Exclusive prefix bitwise or over the lanes of the mask below this one.",
        ),
        (
            "T WaveMultiPrefixBitXor(T value, uint4 mask) where T: int_like",
            "Exclusive prefix bitwise xor over the lanes of the mask below this one.",
        ),
        (
            "uint WaveMultiPrefixCountBits(bool bit, uint4 mask)",
            "Counts the lanes of the mask below this one where the boolean is true.",
        ),
    ] {
        t.def(Wave, sm65, true, doc, &[sig]);
    }

    // Quads: where derivatives are (pixel and compute; mesh and amplification from 6.6).
    let quad = Availability::new(ShaderModel::SM6_0, StageSet::PIXEL.union(StageSet::COMPUTE))
        .extended(
            ShaderModel::SM6_6,
            StageSet::MESH.union(StageSet::AMPLIFICATION),
        );
    t.def(
        Quad,
        quad,
        true,
        "The value from the horizontally adjacent lane of the 2x2 quad.",
        &["T QuadReadAcrossX(T localValue) where T: numeric"],
    );
    t.def(
        Quad,
        quad,
        true,
        "The value from the vertically adjacent lane of the 2x2 quad.",
        &["T QuadReadAcrossY(T localValue) where T: numeric"],
    );
    t.def(
        Quad,
        quad,
        true,
        "The value from the diagonally opposite lane of the 2x2 quad.",
        &["T QuadReadAcrossDiagonal(T localValue) where T: numeric"],
    );
    t.def(
        Quad,
        quad,
        true,
        "The value from the given lane (0 to 3) of the 2x2 quad.",
        &["T QuadReadLaneAt(T sourceValue, uint quadLaneID) where T: numeric"],
    );
    let quad67 = Availability {
        min_sm: ShaderModel::SM6_7,
        ..quad
    };
    t.def(
        Quad,
        quad67,
        true,
        "True if the expression is true on any lane of the quad.",
        &["bool QuadAny(bool expr)"],
    );
    t.def(
        Quad,
        quad67,
        true,
        "True if the expression is true on every lane of the quad.",
        &["bool QuadAll(bool expr)"],
    );
}
