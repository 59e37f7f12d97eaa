//! Scans, reductions and histograms: cs_prefix_sum, cs_reduction_sum, cs_histogram,
//! cs_auto_exposure, cs_wave_compaction.

use crate::harness::{assert_close, Run};

/// Blelloch exclusive scan per block of 256 elements, plus the block totals.
pub fn prefix_sum(run: &Run) {
    let count = run.in_u32("Params")[0] as usize;
    let input = run.in_u32("In");
    let mut expected = vec![7u32; count + 2];
    let mut sums = vec![u32::MAX; 4];
    for (b, block) in input[..count].chunks(256).enumerate() {
        let mut acc = 0u32;
        for (i, v) in block.iter().enumerate() {
            expected[b * 256 + i] = acc;
            acc = acc.wrapping_add(*v);
        }
        sums[b] = acc;
    }
    assert_eq!(run.out_u32("Out"), expected);
    assert_eq!(run.out_u32("BlockSums"), sums);
}

/// One partial sum per group of 512 elements; the spare slot keeps its -1.
pub fn reduction_sum(run: &Run) {
    let params = run.in_u32("Params");
    let (count, offset) = (params[0] as usize, params[1] as usize);
    let input = run.in_f32("Input");
    let mut expected = vec![-1.0f32; 4];
    for (g, slot) in expected.iter_mut().enumerate().take(3) {
        *slot = (g * 512..(g + 1) * 512)
            .filter(|&i| i < count)
            .map(|i| input[offset + i])
            .sum();
    }
    // Multiples of 0.25 below 2^20: exact in any order.
    assert_eq!(run.out_f32("Partial"), expected);
}

/// The bin of a pixel as `LuminanceToBin` computes it, in f64; panics if the value is too
/// close to a bin edge for f32 rounding to be irrelevant (then the input needs changing).
fn luminance_bin(rgb: &[f32], min_log: f64, inv_range: f64) -> u32 {
    let lum = rgb[0] as f64 * 0.2126 + rgb[1] as f64 * 0.7152 + rgb[2] as f64 * 0.0722;
    if lum < 1.0e-5 {
        return 0;
    }
    let t = ((lum.log2() - min_log) * inv_range).clamp(0.0, 1.0);
    let v = t * 254.0 + 1.0;
    let frac = v - v.floor();
    assert!(
        (1e-3..1.0 - 1e-3).contains(&frac) || t == 0.0 || t == 1.0,
        "pixel {rgb:?} lands on a bin edge ({v})"
    );
    v as u32
}

/// Every pixel inside `g_InputSize` adds one to its bin (bins start at 1).
pub fn histogram(run: &Run) {
    let p = run.in_u32("Params");
    let (w, h) = (p[0] as usize, p[1] as usize);
    let (min_log, inv_range) = (f32::from_bits(p[2]) as f64, f32::from_bits(p[3]) as f64);
    let image = run.in_f32("Image");
    let mut bins = vec![1u32; 256];
    for y in 0..h {
        for x in 0..w {
            let texel = &image[(y * w + x) * 4..][..3];
            bins[luminance_bin(texel, min_log, inv_range) as usize] += 1;
        }
    }
    assert!(
        bins.iter().filter(|&&b| b > 1).count() > 10,
        "inputs too uniform"
    );
    assert_eq!(run.out_u32("Histogram"), bins);
}

/// Weighted average log luminance of the histogram, adapted from the previous value.
pub fn auto_exposure(run: &Run) {
    let p = run.in_u32("Params");
    let f = |i: usize| f32::from_bits(p[i]) as f64;
    let (min_log, range, dt, up, down, comp) = (f(0), f(1), f(2), f(3), f(4), f(6));
    let pixels = p[5] as f64;
    let hist = run.in_u32("Histogram");
    let weighted: f64 = hist
        .iter()
        .enumerate()
        .map(|(i, &c)| c as f64 * i as f64)
        .sum();
    let non_black = (pixels - hist[0] as f64).max(1.0);
    let log_avg = weighted / non_black - 1.0;
    let avg_lum = (log_avg / 254.0 * range + min_log).exp2();
    let previous = run.in_f32("Exposure")[0] as f64;
    let speed = if avg_lum > previous { up } else { down };
    let adapted = previous + (avg_lum - previous) * (1.0 - (-dt * speed).exp());
    let exposure = 0.18 * comp.exp2() / adapted.max(1.0e-4);
    assert_close(
        "Exposure",
        &run.out_f32("Exposure"),
        &[adapted as f32, exposure as f32],
        1e-5,
    );
}

/// Kept points (weight above the threshold) land as one contiguous run per wave, in lane
/// order, at an offset the wave reserved atomically (so the order of the runs is free).
pub fn wave_compaction(run: &Run) {
    let p = run.in_u32("Params");
    let (count, threshold) = (p[0] as usize, f32::from_bits(p[1]));
    let points = run.in_f32("Points");
    let points: Vec<&[f32]> = points.chunks(4).collect();
    let out = run.out_f32("Compacted");
    let out: Vec<&[f32]> = out.chunks(4).collect();
    let mut total = 0;
    let (mut none_kept, mut heavy) = (0, 0);
    let mut stats = vec![-1.0f32; 8];
    for wave in 0..4 {
        let lanes = wave * 32..wave * 32 + 32;
        let kept: Vec<&[f32]> = lanes
            .clone()
            .filter(|&i| i < count && points[i][3] > threshold)
            .map(|i| points[i])
            .collect();
        let sum: f32 = kept.iter().map(|p| p[3]).sum();
        if kept.is_empty() {
            none_kept += 1;
        } else {
            let start = out
                .iter()
                .position(|o| *o == kept[0])
                .unwrap_or_else(|| panic!("wave {wave}: {:?} was not written", kept[0]));
            assert_eq!(&out[start..start + kept.len()], &kept[..], "wave {wave}");
        }
        if sum > 1000.0 {
            heavy += 1;
        }
        if wave * 32 + 31 < count {
            let max = kept.iter().map(|p| p[3]).fold(0.0, f32::max);
            stats[wave * 2] = sum;
            stats[wave * 2 + 1] = max;
        }
        total += kept.len();
    }
    assert!(
        total > 0 && none_kept > 0 && heavy > 0,
        "inputs miss a case"
    );
    assert!(
        out[total..].iter().all(|o| o.iter().all(|&v| v == -1.0)),
        "written past the kept points"
    );
    assert_eq!(run.out_u32("Counter"), [total as u32, none_kept, heavy]);
    assert_eq!(run.out_f32("WaveStats"), stats);
}
