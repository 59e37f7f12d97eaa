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
    let (contrast, saturation, blend, max_log, min_log) = (f(12), f(13), f(14), f(15), f(16));
    let artist = run.in_f32("ArtistLut");
    // The artist LUT read trilinearly (clamped) at `uvw`.
    let sample_artist = |uvw: [f64; 3]| -> [f64; 3] {
        let mut out = [0.0; 3];
        for (z, wz) in linear_taps(uvw[2], 3, false) {
            for (y, wy) in linear_taps(uvw[1], 3, false) {
                for (x, wx) in linear_taps(uvw[0], 3, false) {
                    for (k, o) in out.iter_mut().enumerate() {
                        *o += wx * wy * wz * artist[((z * 3 + y) * 3 + x) * 4 + k] as f64;
                    }
                }
            }
        }
        out
    };
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
                let mapped = c.map(uchimura);
                let artist = sample_artist(mapped.map(|m| m * (31.0 / 32.0) + 0.5 / 32.0));
                expected
                    .extend((0..3).map(|k| (mapped[k] + (artist[k] - mapped[k]) * blend) as f32));
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

type M4 = [[f64; 4]; 4];

/// A column-major `float4x4` from 16 words.
fn matrix(words: &[u32]) -> M4 {
    std::array::from_fn(|r| std::array::from_fn(|c| f32::from_bits(words[c * 4 + r]) as f64))
}

fn mul(m: &M4, v: [f64; 4]) -> [f64; 4] {
    std::array::from_fn(|r| (0..4).map(|c| m[r][c] * v[c]).sum())
}

fn normalize(v: [f64; 3]) -> [f64; 3] {
    let l = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
    v.map(|x| x / l)
}

/// The texel a point sampler reads on an axis of `n` texels; panics when the coordinate
/// is too close to a texel edge for f32 rounding to be irrelevant.
fn texel(u: f64, n: usize, wrap: bool) -> usize {
    let t = u * n as f64;
    let frac = t - t.floor();
    assert!(
        (1e-4..1.0 - 1e-4).contains(&frac) || t <= 0.0 || t >= n as f64,
        "sample at a texel edge ({t})"
    );
    let i = t.floor() as i64;
    if wrap {
        i.rem_euclid(n as i64) as usize
    } else {
        i.clamp(0, n as i64 - 1) as usize
    }
}

fn decode_octahedral(e: [f64; 2]) -> [f64; 3] {
    let (x, y) = (e[0] * 2.0 - 1.0, e[1] * 2.0 - 1.0);
    let z = 1.0 - x.abs() - y.abs();
    let t = (-z).clamp(0.0, 1.0);
    normalize([
        if x >= 0.0 { x - t } else { x + t },
        if y >= 0.0 { y - t } else { y + t },
        z,
    ])
}

/// Hemisphere samples around the reconstructed position, rotated by the noise texture,
/// compared with the depth buffer at their projected position.
pub fn ssao(run: &Run) {
    let p = run.in_u32("Params");
    let f = |i: usize| f32::from_bits(p[i]) as f64;
    let (proj, inv_proj) = (matrix(&p[0..16]), matrix(&p[16..32]));
    let kernel: Vec<[f64; 3]> = (0..16)
        .map(|i| [f(32 + i * 4), f(33 + i * 4), f(34 + i * 4)])
        .collect();
    let (size, noise_scale) = ([f(96), f(97)], [f(98), f(99)]);
    let (radius, bias, power) = (f(100), f(101), f(102));
    let (w, h) = (size[0] as usize, size[1] as usize);
    let depth: Vec<f64> = run.in_f32("Depth").iter().map(|&v| v as f64).collect();
    let normals = run.in_f32("Normals");
    let noise = run.in_f32("Noise");
    let depth_at = |uv: [f64; 2]| depth[texel(uv[1], h, false) * w + texel(uv[0], w, false)];
    let recon = |uv: [f64; 2], d: f64| {
        let v = mul(&inv_proj, [uv[0] * 2.0 - 1.0, uv[1] * -2.0 + 1.0, d, 1.0]);
        [v[0] / v[3], v[1] / v[3], v[2] / v[3]]
    };
    let mut expected = Vec::new();
    let mut partial = 0;
    for y in 0..h {
        for x in 0..w {
            let uv = [(x as f64 + 0.5) / size[0], (y as f64 + 0.5) / size[1]];
            let d = depth_at(uv);
            if d >= 1.0 {
                expected.push(1.0f32);
                continue;
            }
            let pos = recon(uv, d);
            let i = y * w + x;
            let normal = decode_octahedral([normals[i * 2] as f64, normals[i * 2 + 1] as f64]);
            let nuv = [uv[0] * noise_scale[0], uv[1] * noise_scale[1]];
            let ni = texel(nuv[1], 4, true) * 4 + texel(nuv[0], 4, true);
            let rnd = [
                noise[ni * 2] as f64 * 2.0 - 1.0,
                noise[ni * 2 + 1] as f64 * 2.0 - 1.0,
                0.0,
            ];
            let rn = rnd[0] * normal[0] + rnd[1] * normal[1] + rnd[2] * normal[2];
            let tangent = normalize(std::array::from_fn(|k| rnd[k] - normal[k] * rn));
            let bitangent = [
                normal[1] * tangent[2] - normal[2] * tangent[1],
                normal[2] * tangent[0] - normal[0] * tangent[2],
                normal[0] * tangent[1] - normal[1] * tangent[0],
            ];
            let mut occlusion = 0.0;
            for k in &kernel {
                let s: [f64; 3] = std::array::from_fn(|c| {
                    pos[c] + (k[0] * tangent[c] + k[1] * bitangent[c] + k[2] * normal[c]) * radius
                });
                let o = mul(&proj, [s[0], s[1], s[2], 1.0]);
                let suv = [o[0] / o[3] * 0.5 + 0.5, o[1] / o[3] * -0.5 + 0.5];
                let scene_z = recon(suv, depth_at(suv))[2];
                let range = smoothstep(0.0, 1.0, radius / (pos[2] - scene_z).abs());
                let margin = scene_z - (s[2] + bias);
                assert!(margin.abs() > 2e-5, "a sample on the depth test's edge ({margin}, pixel {x} {y}, {scene_z} {pos:?} {s:?})");
                if margin >= 0.0 {
                    occlusion += range;
                }
            }
            let ao = 1.0 - occlusion / 16.0;
            partial += usize::from(ao > 0.0 && ao < 1.0);
            expected.push(ao.clamp(0.0, 1.0).powf(power) as f32);
        }
    }
    assert!(partial > 10, "too little partial occlusion to be a test");
    assert_close("AO", &run.out_f32("AO"), &expected, 1e-5);
}

fn hash32(mut x: u32) -> u32 {
    x ^= x >> 16;
    x = x.wrapping_mul(0x7feb_352d);
    x ^= x >> 15;
    x = x.wrapping_mul(0x846c_a68b);
    x ^= x >> 16;
    x
}

/// The two texels and weights linear filtering reads on an axis of `n` texels.
fn linear_taps(c: f64, n: usize, wrap: bool) -> [(usize, f64); 2] {
    let t = c * n as f64 - 0.5;
    let i0 = t.floor();
    let f = t - i0;
    let at = |i: i64| {
        if wrap {
            i.rem_euclid(n as i64) as usize
        } else {
            i.clamp(0, n as i64 - 1) as usize
        }
    };
    [(at(i0 as i64), 1.0 - f), (at(i0 as i64 + 1), f)]
}

/// Density from height and a trilinearly wrapped noise volume, sun visibility from a
/// percentage-closer (LessEqual, bilinear, clamped) shadow lookup, Henyey-Greenstein phase.
pub fn fog_inject_light(run: &Run) {
    let cb = run.in_u32("FogCB");
    let f = |i: usize| f32::from_bits(cb[i]) as f64;
    let inv_view_proj = matrix(&cb[0..16]);
    let shadow_view_proj = matrix(&cb[16..32]);
    let camera = [f(32), f(33), f(34)];
    let (near, far) = (f(35), f(39));
    let sun_dir = [f(36), f(37), f(38)];
    let sun_color = [f(40), f(41), f(42)];
    let g = f(43);
    let albedo = [f(44), f(45), f(46)];
    let (base_density, falloff, time) = (f(47), f(48), f(49));
    let (fx, fy) = (cb[50] as usize, cb[51] as usize);
    let noise = run.in_f32("NoiseVolume");
    let shadow = run.in_f32("ShadowMap");
    let mut expected = Vec::new();
    let mut shadowed = 0;
    for z in 0..64u32 {
        for y in 0..fy as u32 {
            for x in 0..fx as u32 {
                let h = hash32(
                    x.wrapping_add(y.wrapping_mul(4096))
                        .wrapping_add(z.wrapping_mul(16_777_216)),
                );
                let jitter = (h >> 8) as f64 / 16_777_216.0 - 0.5;
                let uv = [(x as f64 + 0.5) / fx as f64, (y as f64 + 0.5) / fy as f64];
                let depth = near * (far / near).powf((z as f64 + 0.5 + jitter * 0.5) / 64.0);
                let far_h = mul(
                    &inv_view_proj,
                    [uv[0] * 2.0 - 1.0, uv[1] * -2.0 + 1.0, 1.0, 1.0],
                );
                let dir = normalize(std::array::from_fn(|k| far_h[k] / far_h[3] - camera[k]));
                let wp: [f64; 3] = std::array::from_fn(|k| camera[k] + dir[k] * depth);
                let nc = [wp[0] * 0.02 + time * 0.01, wp[1] * 0.02, wp[2] * 0.02];
                let mut n = 0.0;
                for (zi, wz) in linear_taps(nc[2], 4, true) {
                    for (yi, wy) in linear_taps(nc[1], 4, true) {
                        for (xi, wx) in linear_taps(nc[0], 4, true) {
                            n += wx * wy * wz * noise[(zi * 4 + yi) * 4 + xi] as f64;
                        }
                    }
                }
                let density = base_density * (-wp[1].max(0.0) * falloff).exp() * (0.5 + n);
                let sp = mul(&shadow_view_proj, [wp[0], wp[1], wp[2], 1.0]);
                let (su, sv, reference) = (
                    sp[0] / sp[3] * 0.5 + 0.5,
                    sp[1] / sp[3] * -0.5 + 0.5,
                    sp[2] / sp[3],
                );
                let mut visibility = 0.0;
                for (yi, wy) in linear_taps(sv, 4, false) {
                    for (xi, wx) in linear_taps(su, 4, false) {
                        if reference <= shadow[yi * 4 + xi] as f64 {
                            visibility += wx * wy;
                        }
                    }
                }
                shadowed += usize::from(visibility < 1.0);
                let view_dir = normalize(std::array::from_fn(|k| wp[k] - camera[k]));
                let cos = -(0..3).map(|k| view_dir[k] * sun_dir[k]).sum::<f64>();
                let denom = 1.0 + g * g - 2.0 * g * cos;
                let phase = (1.0 - g * g) / (4.0 * std::f64::consts::PI * denom * denom.sqrt());
                for k in 0..3 {
                    expected.push((sun_color[k] * visibility * phase * albedo[k] * density) as f32);
                }
                expected.push(density as f32);
            }
        }
    }
    assert!(
        shadowed > 10,
        "the shadow map shadows too little to be a test"
    );
    assert_close("Scattering", &run.out_f32("Scattering"), &expected, 2e-5);
}
