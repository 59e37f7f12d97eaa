//! Language corners: cs_dxc_corners, cs_namespaces_enums, cs_template_utils,
//! cs_hlsl2021_gbuffer_pack, cs_sm66_descriptor_heap. Their checks are written from the
//! shader text alone.

use crate::harness::{assert_close, Run};

/// Inputs are multiples of 1/8 or 1/4, so every product and sum below is exact in f32.
pub fn dxc_corners(run: &Run) {
    let colors = run.in_f32("Colors");
    let records = run.in_u32("Records");
    let mut out = Vec::new();
    let mut raw = vec![0xcdcd_cdcdu32; 64 * 12];
    for i in 0..64 {
        let c = &colors[i * 4..i * 4 + 4];
        let r = &records[i * 8..i * 8 + 8];
        let f = |k: usize| f32::from_bits(r[k]);
        let (pos, flags) = ([f(0), f(1), f(2)], r[3]);
        // float2x2 column-major, 8-byte columns: m[row][col] at 4 + col * 2 + row.
        let m = |row: usize, col: usize| f(4 + col * 2 + row);
        let rotated = [
            m(0, 0) * pos[0] + m(0, 1) * pos[2],
            pos[1],
            m(1, 0) * pos[0] + m(1, 1) * pos[2],
        ];
        let rows = [[0.5, 0.5, 0.5], [1.0, 1.0, 2.0], [c[0], c[1], c[2]]];
        let t: Vec<f32> = rows
            .iter()
            .map(|row| row[0] * rotated[0] + row[1] * rotated[1] + row[2] * rotated[2])
            .collect();
        let packed = (flags & 0xff) | (1 << 8) | (7 << 16);
        let diag = c[0] * c[3] + c[1] * c[2];
        out.extend([t[0].to_bits(), packed, diag.to_bits(), 6]);
        raw[i * 12] = 2.0f32.to_bits();
        raw[i * 12 + 1] = t[2].to_bits();
    }
    assert_eq!(run.out_u32("Out"), out);
    assert_eq!(run.out_u32("Raw"), raw);
}

/// Per-model counts and per-tile cost sums.
pub fn namespaces_enums(run: &Run) {
    let ids = run.in_u32("MaterialIds");
    let mut counts = vec![0u32; 8];
    let mut tiles = vec![0u32; 4];
    for y in 0..16 {
        for x in 0..16 {
            let packed = ids[y * 16 + x];
            let model = packed & 7;
            let flags = packed >> 3;
            let mut cost = match model {
                0 => 1,
                1 => 4,
                2 | 3 => 7,
                4 => 10,
                _ => 4,
            };
            if flags & 2 != 0 {
                cost += 1;
            }
            if flags & 4 != 0 && model == 0 {
                cost = 1;
            }
            counts[model as usize] += 1;
            tiles[(y / 8) * 2 + x / 8] += cost;
        }
    }
    assert_eq!(run.out_u32("ModelCounts"), counts);
    assert_eq!(run.out_u32("TileCost"), tiles);
}

pub fn template_utils(run: &Run) {
    let p = run.in_u32("Params");
    let (per_thread, blend) = (p[0] as usize, f32::from_bits(p[1]));
    let samples = run.in_f32("Samples");
    let mut expected = Vec::new();
    for t in 0..128 {
        let first = t * per_thread;
        let s = |i: usize| &samples[(first + i) * 4..(first + i) * 4 + 4];
        let (mut lo, mut hi) = ([s(0)[0], s(0)[1], s(0)[2]], [s(0)[0], s(0)[1], s(0)[2]]);
        let (mut history, mut head, mut peak) = ([0.0f32; 4], 0, 0.0f32);
        for i in 0..per_thread {
            let v = s(i);
            for k in 0..3 {
                lo[k] = lo[k].min(v[k]);
                hi[k] = hi[k].max(v[k]);
            }
            history[head] = v[3] * v[3];
            head = (head + 1) % 4;
            peak = peak.max(v[3].max(-v[3]));
        }
        let longest = (0..3).map(|k| hi[k] - lo[k]).fold(f32::MIN, f32::max);
        let average = history.iter().sum::<f32>() / 4.0;
        let smoothed = average + (peak - average) * blend;
        let squared = (per_thread * per_thread) as f32;
        expected.extend([longest, smoothed, squared, peak]);
    }
    assert_close("Result", &run.out_f32("Result"), &expected, 1e-5);
}

/// `f32tof16`: binary16 bits of `x`, rounded to nearest even.
fn f16_bits(x: f32) -> u32 {
    let sign = if x.is_sign_negative() { 0x8000 } else { 0 };
    let a = x.abs() as f64;
    if a.is_nan() {
        return sign | 0x7e00;
    }
    if a >= 65520.0 {
        return sign | 0x7c00;
    }
    if a < 2f64.powi(-14) {
        return sign | (a / 2f64.powi(-24)).round_ties_even() as u32;
    }
    let e = a.log2().floor() as i32;
    let m = (a / 2f64.powi(e) - 1.0) * 1024.0;
    let m = m.round_ties_even() as u32;
    // A mantissa that rounds up to 1024 carries into the exponent.
    sign | ((((e + 15) as u32) << 10) + m)
}

fn encode_octahedral(n: [f32; 3]) -> [f32; 2] {
    let l = n[0].abs() + n[1].abs() + n[2].abs();
    let n = n.map(|c| c / l);
    let e = if n[2] >= 0.0 {
        [n[0], n[1]]
    } else {
        [
            (1.0 - n[1].abs()) * if n[0] >= 0.0 { 1.0 } else { -1.0 },
            (1.0 - n[0].abs()) * if n[1] >= 0.0 { 1.0 } else { -1.0 },
        ]
    };
    e.map(|v| v * 0.5 + 0.5)
}

/// Asserts that the `bits`-wide fields of `got` and `expected` starting at the `shifts`
/// differ by at most one unit (quantization may round either way at a half).
#[track_caller]
fn assert_fields(what: &str, got: u32, expected: u32, fields: &[(u32, u32)]) {
    for &(shift, bits) in fields {
        let mask = (1u64 << bits) as u32 - 1;
        let (g, e) = ((got >> shift) & mask, (expected >> shift) & mask);
        assert!(
            g.abs_diff(e) <= 1,
            "{what}: field at bit {shift}: got {g:#x}, expected {e:#x}"
        );
    }
}

pub fn gbuffer_pack(run: &Run) {
    let cb = run.in_u32("PackCB");
    let (w, h, scale) = (cb[0] as usize, cb[1] as usize, f32::from_bits(cb[2]));
    let (albedo, normal) = (run.in_f32("Albedo"), run.in_f32("Normal"));
    let (emissive, material) = (run.in_f32("Emissive"), run.in_u32("Material"));
    let out = run.out_u32("Packed");
    let mut half_paths = 0;
    for i in 0..w * h {
        let a = &albedo[i * 4..i * 4 + 4];
        let n4 = &normal[i * 4..i * 4 + 4];
        let n = [n4[0] * 2.0 - 1.0, n4[1] * 2.0 - 1.0, n4[2] * 2.0 - 1.0];
        let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
        let n = n.map(|c| c / len);
        let (rough, metal) = (n4[3], a[3]);
        let e: Vec<f32> = emissive[i * 4..i * 4 + 3]
            .iter()
            .map(|&v| v * scale)
            .collect();
        let mat = material[i];
        let two_sided = (mat >> 15) & 1 != 0;
        let sel = |v: f32| {
            if !(0.02..=0.98).contains(&v) {
                v.clamp(0.02, 0.98)
            } else {
                v
            }
        };
        let non_zero = [n[0].abs() > 1e-4, n[1].abs() > 1e-4 && two_sided];
        let count = non_zero.iter().filter(|&&b| b).count();
        let diffuse_sum: f32 = (0..3).map(|k| a[k] * (1.0 - metal)).sum();
        let oct = encode_octahedral(n);
        let unorm16 = |v: f32| (v.clamp(0.0, 1.0) * 65535.0).round() as u32;
        let unorm8 = |v: f32| (v.clamp(0.0, 1.0) * 255.0).round() as u32;
        let y = unorm16(oct[0]) | (unorm16(oct[1]) << 16);
        let z = unorm8(sel(a[0]))
            | (unorm8(sel(a[1])) << 8)
            | (unorm8(sel(a[2])) << 16)
            | (unorm8(metal) << 24);
        let got = &out[i * 4..i * 4 + 4];
        assert_eq!(got[0], mat, "pixel {i}: header");
        assert_fields("oct", got[1], y, &[(0, 16), (16, 16)]);
        assert_fields("albedo", got[2], z, &[(0, 8), (8, 8), (16, 8), (24, 8)]);
        if count == 0 && diffuse_sum == 0.0 {
            half_paths += 1;
            assert_fields("half2", got[3], f16_bits(rough), &[(0, 16), (16, 16)]);
        } else {
            let v: Vec<f32> = e.iter().map(|&c| c + rough * 1e-3).collect();
            let packed = ((f16_bits(v[0]) >> 4) & 0x7ff)
                | (((f16_bits(v[1]) >> 4) & 0x7ff) << 11)
                | (((f16_bits(v[2]) >> 5) & 0x3ff) << 22);
            assert_fields("r11g11b10", got[3], packed, &[(0, 11), (11, 11), (22, 10)]);
        }
    }
    assert_eq!(half_paths, 1, "one pixel takes the PackHalf2 path");
}

/// Lighting from two directional lights through heap-indexed resources; the luminance sum
/// per wave of 32 (lanes by group index, only pixels inside the output) in 16.16 fixed point.
pub fn sm66_descriptor_heap(run: &Run) {
    let root = run.in_u32("Root");
    let (light_count, frame) = (root[6] as usize, root[7]);
    let (w, h) = (10usize, 6usize);
    let albedo = run.in_f32("AlbedoTex");
    let normal = run.in_f32("NormalTex");
    let lights = run.in_f32("Lights");
    let mut out = vec![0.0f32; w * h * 4];
    let mut wave_sums = std::collections::BTreeMap::new();
    for y in 0..h {
        for x in 0..w {
            let i = y * w + x;
            let a = &albedo[i * 4..i * 4 + 4];
            let n: Vec<f64> = (0..3)
                .map(|k| normal[i * 4 + k] as f64 * 2.0 - 1.0)
                .collect();
            let l = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
            let mut lit = [0.0f64; 3];
            for j in 0..light_count {
                let li = &lights[j * 8..j * 8 + 8];
                let ndl = -(0..3).map(|k| n[k] / l * li[k] as f64).sum::<f64>();
                for k in 0..3 {
                    lit[k] += a[k] as f64 * li[4 + k] as f64 * (li[3] as f64 * ndl.clamp(0.0, 1.0));
                }
            }
            out[i * 4..i * 4 + 3].copy_from_slice(&lit.map(|v| v as f32));
            out[i * 4 + 3] = a[3];
            let lum = lit[0] * 0.2126 + lit[1] * 0.7152 + lit[2] * 0.0722;
            let wave = ((x / 8), ((y % 8) * 8 + x % 8) / 32);
            *wave_sums.entry(wave).or_insert(0.0) += lum;
        }
    }
    assert_close("Output", &run.out_f32("Output"), &out, 1e-5);
    let stats = run.out_u64("Stats");
    let expected: f64 = wave_sums.values().map(|s| (s * 65536.0).floor()).sum();
    let slack = 4.0 + expected * 1e-5;
    assert!(
        (stats[0] as f64 - expected).abs() <= slack,
        "luminance sum {} vs {expected}",
        stats[0]
    );
    assert_eq!(stats[1], (u64::from(frame) << 32) | 32);
}
