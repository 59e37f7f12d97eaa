//! Image filters: cs_gaussian_blur (BlurHorizontal, BlurVertical), cs_fp16_bilateral.

use crate::harness::{assert_close, Run};

/// One blur pass along `axis` with clamped edges; `weights[0]` is the centre tap.
fn blur(run: &Run, axis: [usize; 2]) {
    let p = run.in_u32("Params");
    let weights: Vec<f32> = p[0..7].iter().map(|&w| f32::from_bits(w)).collect();
    let (w, h) = (p[12] as i64, p[13] as i64);
    let src = run.in_f32("Source");
    let texel = |x: i64, y: i64| {
        let (x, y) = (x.clamp(0, w - 1), y.clamp(0, h - 1));
        &src[((y * w + x) * 4) as usize..][..4]
    };
    let mut expected = Vec::new();
    for y in 0..h {
        for x in 0..w {
            for c in 0..4 {
                let mut sum = texel(x, y)[c] * weights[0];
                for k in 1..=6i64 {
                    let (dx, dy) = (axis[0] as i64 * k, axis[1] as i64 * k);
                    sum +=
                        (texel(x - dx, y - dy)[c] + texel(x + dx, y + dy)[c]) * weights[k as usize];
                }
                expected.push(sum);
            }
        }
    }
    // Sums of multiples of 2^-10 below 2^8: exact.
    assert_eq!(run.out_f32("Dest"), expected);
}

pub fn blur_horizontal(run: &Run) {
    blur(run, [1, 0]);
}

pub fn blur_vertical(run: &Run) {
    blur(run, [0, 1]);
}

/// Rounds to the nearest binary16 value (ties to even), as `float16_t` arithmetic does
/// after every operation.
fn h(x: f64) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    let a = x.abs();
    if a >= 65520.0 {
        return f64::INFINITY.copysign(x);
    }
    let e = a.log2().floor().max(-14.0);
    let ulp = (e - 10.0).exp2();
    ((a / ulp).round_ties_even() * ulp).copysign(x)
}

/// The filter with every `float16_t` operation rounded to binary16.
pub fn fp16_bilateral(run: &Run) {
    let p = run.in_u32("Params");
    let (w, hgt) = (p[0] as i64, p[1] as i64);
    let (depth_sigma, color_sigma) = (f32::from_bits(p[2]), f32::from_bits(p[3]));
    let noisy = run.in_f32("Noisy");
    let depth = run.in_f32("Depth");
    let color = |x: i64, y: i64| -> [f64; 3] {
        let t = &noisy[((y * w + x) * 4) as usize..];
        [h(t[0] as f64), h(t[1] as f64), h(t[2] as f64)]
    };
    let luma_w = [h(0.299), h(0.587), h(0.114)];
    let luma = |c: [f64; 3]| h(h(h(c[0] * luma_w[0]) + h(c[1] * luma_w[1])) + h(c[2] * luma_w[2]));
    let spatial = [0.25, 0.6, 1.0, 0.6, 0.25].map(h);
    let inv_depth = h((1.0 / depth_sigma) as f64);
    let inv_color = h((1.0 / color_sigma) as f64);
    let mut out = vec![-1.0f32; (w * hgt * 4) as usize];
    let mut q = vec![65535.0f32; (w * hgt + 2) as usize];
    for y in 0..hgt {
        for x in 0..w {
            let c0 = color(x, y);
            let d0 = depth[(y * w + x) as usize];
            let l0 = luma(c0);
            let (mut sum, mut wsum) = ([0.0f64; 3], 0.0f64);
            for dy in -2..=2i64 {
                for dx in -2..=2i64 {
                    let (px, py) = ((x + dx).clamp(0, w - 1), (y + dy).clamp(0, hgt - 1));
                    let c = color(px, py);
                    let dz = h((depth[(py * w + px) as usize] - d0).abs() as f64);
                    let dl = h(luma(c) - l0).abs();
                    let mut wt = h(spatial[(dx + 2) as usize] * spatial[(dy + 2) as usize]);
                    let e1 = h(h(-dz * inv_depth).exp());
                    let e2 = h(h(-dl * inv_color).exp());
                    wt = h(wt * h(e1 * e2));
                    for k in 0..3 {
                        sum[k] = h(sum[k] + h(c[k] * wt));
                    }
                    wsum = h(wsum + wt);
                }
            }
            let i = (y * w + x) as usize;
            for k in 0..3 {
                out[i * 4 + k] = h(sum[k] / wsum.max(h(1.0e-3))) as f32;
            }
            out[i * 4 + 3] = 1.0;
            q[i] = ((wsum as f32 / 25.0).clamp(0.0, 1.0) * 65535.0).trunc();
        }
    }
    // A few binary16 ulps (about 1e-3 near 1) for exp and the order inside dot.
    assert_close("Output", &run.out_f32("Output"), &out, 4e-3);
    // One ulp of the weight sum (up to 2^-6 for sums in 8..16) moves q by up to 41.
    let got: Vec<f32> = run
        .out_u64("TileWeights")
        .iter()
        .map(|&v| v as f32)
        .collect();
    assert_close("TileWeights", &got, &q, 100.0 / 65535.0);
}

fn srgb_to_linear(c: f64) -> f64 {
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

fn linear_to_srgb(c: f64) -> f64 {
    if c <= 0.0031308 {
        c * 12.92
    } else {
        1.055 * c.powf(1.0 / 2.4) - 0.055
    }
}

/// 2x2 box in linear space for colour (alpha as is), max for depth.
pub fn mip_downsample(run: &Run) {
    let p = run.in_u32("Params");
    let (dw, dh) = (p[0] as usize, p[1] as usize);
    let sw = dw * 2;
    let src = run.in_f32("SrcColor");
    let depth = run.in_f32("SrcDepth");
    let (mut color, mut dst_depth) = (Vec::new(), Vec::new());
    for y in 0..dh {
        for x in 0..dw {
            let texels =
                [(0, 0), (1, 0), (0, 1), (1, 1)].map(|(dx, dy)| (2 * y + dy) * sw + 2 * x + dx);
            let mut sum = [0.0f64; 4];
            for &t in &texels {
                for k in 0..3 {
                    sum[k] += srgb_to_linear(src[t * 4 + k] as f64);
                }
                sum[3] += src[t * 4 + 3] as f64;
            }
            let avg = sum.map(|s| s * 0.25);
            color.extend(
                [
                    linear_to_srgb(avg[0]),
                    linear_to_srgb(avg[1]),
                    linear_to_srgb(avg[2]),
                    avg[3],
                ]
                .map(|v| v as f32),
            );
            dst_depth.push(texels.iter().map(|&t| depth[t]).fold(f32::MIN, f32::max));
        }
    }
    assert_close("DstColor", &run.out_f32("DstColor"), &color, 1e-5);
    assert_eq!(run.out_f32("DstDepth"), dst_depth);
}
