//! Sorting and keys: cs_bitonic_sort (LocalSort, GlobalMerge), cs_radix_sort_count (Count,
//! Scatter), cs_morton_keys.

use crate::harness::Run;

const PAD: (u32, u32) = (u32::MAX, u32::MAX);

fn pairs(words: &[u32]) -> Vec<(u32, u32)> {
    words.chunks(2).map(|c| (c[0], c[1])).collect()
}

/// Each block of 1024 pairs (padded with max pairs past Count) is sorted by (key, value),
/// ascending for even blocks and descending for odd ones; only indices below Count are
/// written back.
pub fn bitonic_local_sort(run: &Run) {
    let count = run.in_u32("Params")[0] as usize;
    let input = pairs(&run.in_u32("KeyValues"));
    let mut expected = input.clone();
    for (block, chunk) in input.chunks(1024).enumerate() {
        let base = block * 1024;
        let mut sorted: Vec<(u32, u32)> = (0..1024)
            .map(|i| if base + i < count { chunk[i] } else { PAD })
            .collect();
        sorted.sort();
        if block % 2 == 1 {
            sorted.reverse();
        }
        for (i, pair) in sorted.into_iter().enumerate() {
            if base + i < count {
                expected[base + i] = pair;
            }
        }
    }
    let out = pairs(&run.out_u32("KeyValues"));
    assert!(out[..1024].windows(2).all(|w| w[0] <= w[1]));
    assert_eq!(out, expected);
}

/// One compare-exchange step: thread t orders the pair (lo, lo + stride), ascending where
/// `lo & level` is 0; pairs reaching past Count stay.
pub fn bitonic_global_merge(run: &Run) {
    let p = run.in_u32("Params");
    let (count, level, stride) = (p[0] as usize, p[1] as usize, p[2] as usize);
    let mut expected = pairs(&run.in_u32("KeyValues"));
    for t in 0..512 {
        let lo = 2 * t - (t & (stride - 1));
        let hi = lo + stride;
        if hi >= count {
            continue;
        }
        let ascending = lo & level == 0;
        if (expected[lo] > expected[hi]) == ascending {
            expected.swap(lo, hi);
        }
    }
    assert_eq!(pairs(&run.out_u32("KeyValues")), expected);
}

fn digit(key: u32, shift: u32) -> usize {
    ((key >> shift) & 15) as usize
}

/// Per-group digit histograms, in [digit * groupCount + group] order.
fn digit_histograms(keys: &[u32], shift: u32, groups: usize) -> Vec<u32> {
    let mut hist = vec![0u32; 16 * groups];
    for (i, &k) in keys.iter().enumerate() {
        hist[digit(k, shift) * groups + i / 1024] += 1;
    }
    hist
}

pub fn radix_count(run: &Run) {
    let p = run.in_u32("Params");
    let (count, shift, groups) = (p[0] as usize, p[1], p[2] as usize);
    let keys = run.in_u32("KeysIn");
    let expected = digit_histograms(&keys[..count], shift, groups);
    assert_eq!(run.out_u32("GroupHistograms"), expected);
}

/// The keys stably sorted by their digit.
pub fn radix_scatter(run: &Run) {
    let p = run.in_u32("Params");
    let (count, shift, groups) = (p[0] as usize, p[1], p[2] as usize);
    let keys = &run.in_u32("KeysIn")[..count];
    // The pipeline's offsets must be the exclusive scan of the histograms.
    let scan: Vec<u32> = digit_histograms(keys, shift, groups)
        .iter()
        .scan(0, |acc, &h| {
            let before = *acc;
            *acc += h;
            Some(before)
        })
        .collect();
    assert_eq!(run.in_u32("GlobalOffsets"), scan, "pipeline inputs");
    let mut expected = keys.to_vec();
    expected.sort_by_key(|&k| digit(k, shift));
    assert_eq!(run.out_u32("KeysOut"), expected);
}

/// Spreads the low 21 bits of `v` three apart, by shifting each bit into place.
fn expand_bits21(v: u32) -> u64 {
    (0..21).fold(0, |acc, b| acc | (u64::from((v >> b) & 1) << (3 * b)))
}

fn morton3d(p: [f32; 3]) -> u64 {
    let q = p.map(|c| (c * 2_097_152.0).clamp(0.0, 2_097_151.0) as u32);
    (expand_bits21(q[0]) << 2) | (expand_bits21(q[1]) << 1) | expand_bits21(q[2])
}

/// The key's leading bits shared with the previous triangle's key.
fn common_prefix(a: u64, b: u64) -> u32 {
    (a ^ b).leading_zeros()
}

pub fn morton_keys(run: &Run) {
    let p = run.in_u32("Params");
    let f = |i: usize| f32::from_bits(p[i]);
    let (min, inv, tris) = ([f(0), f(1), f(2)], [f(4), f(5), f(6)], p[3] as usize);
    // float3 elements at a 16-byte stride (relaxed std430).
    let verts: Vec<[f32; 3]> = run
        .in_f32("Vertices")
        .chunks(4)
        .map(|c| [c[0], c[1], c[2]])
        .collect();
    let indices = run.in_u32("Indices");
    let key_of = |t: usize| {
        let [a, b, c] = [0, 1, 2].map(|k| verts[indices[t * 3 + k] as usize]);
        let centroid: [f32; 3] = std::array::from_fn(|i| (a[i] + b[i] + c[i]) / 3.0);
        morton3d(std::array::from_fn(|i| (centroid[i] - min[i]) * inv[i]))
    };
    let keys: Vec<u64> = (0..tris).map(key_of).collect();
    let mut expected_keys = keys.clone();
    expected_keys.resize(160, 0);
    let mut ids: Vec<u32> = (0..tris as u32).collect();
    ids.resize(160, u32::MAX);
    let (mut popcount, mut spread, mut prefix, mut low) = (0u32, 0u32, 0u32, u32::MAX);
    for (t, &key) in keys.iter().enumerate() {
        let (lo, hi) = (key as u32, (key >> 32) as u32);
        popcount = popcount.wrapping_add(key.count_ones());
        spread ^= lo.reverse_bits() ^ hi;
        if t > 0 {
            prefix = prefix.max(common_prefix(keys[t - 1], key));
            low = low.min((lo | 0x8000_0000).trailing_zeros());
        }
    }
    assert!(keys.iter().any(|&k| k >> 32 != 0), "inputs too small");
    assert_eq!(run.out_u64("MortonKeys"), expected_keys);
    assert_eq!(run.out_u32("SortIds"), ids);
    assert_eq!(run.out_u32("Stats"), [popcount, spread, prefix, low]);
}
