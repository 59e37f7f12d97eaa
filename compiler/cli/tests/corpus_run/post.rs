//! Post-processing and volumes: cs_macro_dispatch, cs_color_grading_lut, cs_volumetric_fog
//! (InjectLight, Integrate), cs_ssao.

use crate::harness::{assert_close, Run};

/// Sharpen (variant 3) inside, pass-through on the border, blended by the saturated mask.
pub fn macro_dispatch(run: &Run) {
    let p = run.in_u32("Params");
    let (w, h) = (p[0] as usize, p[1] as usize);
    let (strength, threshold) = (f32::from_bits(p[2]), f32::from_bits(p[3]));
    let color = run.in_f32("ColorIn");
    let mask = run.in_f32("MaskIn");
    let at = |x: usize, y: usize, c: usize| color[(y * w + x) * 4 + c];
    let mut out = Vec::new();
    let mut mask_out = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let border = x == 0 || y == 0 || x == w - 1 || y == h - 1;
            let m = mask[y * w + x].clamp(0.0, 1.0);
            for c in 0..4 {
                let original = at(x, y, c);
                let result = if border {
                    original
                } else {
                    let n = at(x, y - 1, c) + at(x, y + 1, c) + at(x - 1, y, c) + at(x + 1, y, c);
                    original + (4.0 * original - n) * strength
                };
                out.push((original + (result - original) * m).max(0.0));
            }
            mask_out.push(m.max(threshold));
        }
    }
    assert_close("ColorOut", &run.out_f32("ColorOut"), &out, 1e-6);
    assert_eq!(run.out_f32("MaskOut"), mask_out);
    assert_eq!(run.out_u32("Debug"), [0, 0, 0, (w * h) as u32, 0]);
}

fn smoothstep(e0: f64, e1: f64, x: f64) -> f64 {
    let t = ((x - e0) / (e1 - e0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// Uchimura's curve with P = 1, a = 1, m = 0.22, l = 0.4, c = 1.33, b = 0.
fn uchimura(x: f64) -> f64 {
    let (p, a, m, l, c) = (1.0, 1.0, 0.22, 0.4, 1.33);
    let l0 = (p - m) * l / a;
    let (s0, s1) = (m + l0, m + a * l0);
    let cp = -(a * p / (p - s1)) / p;
    let w0 = 1.0 - smoothstep(0.0, m, x);
    let w2 = if x >= m + l0 { 1.0 } else { 0.0 };
    let w1 = 1.0 - w0 - w2;
    let t = m * (x / m).powf(c);
    let s = p - (p - s1) * (cp * (x - s0)).exp();
    let lin = m + a * (x - m);
    t * w0 + lin * w1 + s * w2
}

pub fn color_grading_lut(run: &Run) {
    let p = run.in_u32("Params");
    let f = |i: usize| f32::from_bits(p[i]) as f64;
    // float3x3 column-major: column c in words 4c..4c+3.
    let wb = |r: usize, c: usize| f(c * 4 + r);
    let (contrast, saturation, max_log, min_log) = (f(12), f(13), f(15), f(16));
    let mut expected = Vec::new();
    for z in 0..4 {
        for y in 0..8 {
            for x in 0..8 {
                let t = [x, y, z].map(|v| v as f64 / 31.0);
                let c = t.map(|t| (min_log + (max_log - min_log) * t).exp2());
                let c: [f64; 3] = std::array::from_fn(|r| (0..3).map(|k| wb(r, k) * c[k]).sum());
                let c = c.map(|v| 0.18 * (v / 0.18).max(0.0).powf(contrast));
                let luma = c[0] * 0.2126 + c[1] * 0.7152 + c[2] * 0.0722;
                let c = c.map(|v| (luma + (v - luma) * saturation).max(0.0));
                expected.extend(c.map(|v| uchimura(v) as f32));
                expected.push(1.0);
            }
        }
    }
    assert_close("OutLut", &run.out_f32("OutLut"), &expected, 1e-4);
}

/// Front-to-back integration: per slice, in-scatter over the segment, then transmittance.
pub fn fog_integrate(run: &Run) {
    let cb = run.in_u32("FogCB");
    let f = |i: usize| f32::from_bits(cb[i]) as f64;
    let (near, far) = (f(35), f(39));
    let (fx, fy) = (cb[50] as usize, cb[51] as usize);
    let scat = run.in_f32("Scattering");
    let mut expected = vec![0.0f32; scat.len()];
    for y in 0..fy {
        for x in 0..fx {
            let (mut acc, mut trans, mut prev) = ([0.0f64; 3], 1.0f64, 0.0f64);
            for z in 0..64 {
                let i = ((z * fy + y) * fx + x) * 4;
                let s: Vec<f64> = scat[i..i + 4].iter().map(|&v| v as f64).collect();
                let depth = near * (far / near).powf((z as f64 + 1.0) / 64.0);
                let step = depth - prev;
                prev = depth;
                let ext = s[3].max(1e-6);
                let seg = (-ext * step).exp();
                for k in 0..3 {
                    acc[k] += trans * (s[k] - s[k] * seg) / ext;
                }
                trans *= seg;
                for k in 0..3 {
                    expected[i + k] = acc[k] as f32;
                }
                expected[i + 3] = trans as f32;
            }
        }
    }
    assert_close("Integrated", &run.out_f32("Integrated"), &expected, 1e-4);
}
