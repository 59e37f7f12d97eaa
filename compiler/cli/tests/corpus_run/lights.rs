//! Light culling: cs_clustered_light_assign (BuildClusters, AssignLights),
//! cs_tiled_light_cull, cs_gpu_cull_indirect.

use crate::harness::{assert_close, Run};

type M4 = [[f64; 4]; 4];

/// A column-major `float4x4` (the cbuffer default) from 16 words: `m[r][c]` at `c * 4 + r`.
fn matrix(words: &[u32]) -> M4 {
    std::array::from_fn(|r| std::array::from_fn(|c| f32::from_bits(words[c * 4 + r]) as f64))
}

fn mul(m: &M4, v: [f64; 4]) -> [f64; 4] {
    std::array::from_fn(|r| (0..4).map(|c| m[r][c] * v[c]).sum())
}

fn dot3(a: [f64; 3], b: [f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn sub3(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn xyz(v: [f64; 4]) -> [f64; 3] {
    [v[0], v[1], v[2]]
}

fn floats(words: &[f32]) -> Vec<f64> {
    words.iter().map(|&x| x as f64).collect()
}

/// Exponential depth slices: the AABB of the four corner rays of each tile between the
/// slice's near and far depth.
pub fn build_clusters(run: &Run) {
    let cb = run.in_u32("ClusterCB");
    let inv_proj = matrix(&cb[0..16]);
    let f = |i: usize| f32::from_bits(cb[i]) as f64;
    let (screen, z_near, z_far) = ([f(16), f(17)], f(18), f(19));
    let at_depth = |s: [f64; 2], z: f64| {
        let ndc = [s[0] / screen[0] * 2.0 - 1.0, s[1] / screen[1] * -2.0 + 1.0];
        let v = mul(&inv_proj, [ndc[0], ndc[1], 1.0, 1.0]);
        let dir = [v[0] / v[3], v[1] / v[3], v[2] / v[3]];
        dir.map(|d| d * (z / dir[2]))
    };
    let mut expected = vec![7.0f32; 432 * 8 + 8];
    for z in 0..3 {
        for y in 0..9 {
            for x in 0..16 {
                let tile = [screen[0] / 16.0, screen[1] / 9.0];
                let lo = [x as f64 * tile[0], y as f64 * tile[1]];
                let hi = [lo[0] + tile[0], lo[1] + tile[1]];
                let near = z_near * (z_far / z_near).powf(z as f64 / 24.0);
                let far = z_near * (z_far / z_near).powf((z + 1) as f64 / 24.0);
                let p = [
                    at_depth(lo, near),
                    at_depth(hi, near),
                    at_depth(lo, far),
                    at_depth(hi, far),
                ];
                let index = x + y * 16 + z * 144;
                let out = &mut expected[index * 8..index * 8 + 8];
                for k in 0..3 {
                    out[k] = p.iter().map(|q| q[k]).fold(f64::MAX, f64::min) as f32;
                    out[4 + k] = p.iter().map(|q| q[k]).fold(f64::MIN, f64::max) as f32;
                }
                out[3] = 0.0;
                out[7] = 0.0;
            }
        }
    }
    assert_close("Clusters", &run.out_f32("Clusters"), &expected, 1e-5);
}

/// Point lights by sphere-AABB distance, then spot lights by the cone test, spots tagged
/// with the top bit.
pub fn assign_lights(run: &Run) {
    let cb = run.in_u32("ClusterCB");
    let (light_count, spot_count) = (cb[20] as usize, cb[21] as usize);
    let view = matrix(&run.in_u32("Frame")[0..16]);
    let points = floats(&run.in_f32("PointLights"));
    let spots = floats(&run.in_f32("SpotLights"));
    let clusters = floats(&run.in_f32("Clusters"));
    let mut lists = vec![u32::MAX; 64 * 128];
    let mut counts = vec![0u32; 64];
    for (c, count) in counts.iter_mut().enumerate() {
        let b = &clusters[c * 8..];
        let (bmin, bmax) = ([b[0], b[1], b[2]], [b[4], b[5], b[6]]);
        let mut push = |v: u32| {
            lists[c * 128 + *count as usize] = v;
            *count += 1;
        };
        for i in 0..light_count {
            let l = &points[i * 8..];
            let p = xyz(mul(&view, [l[0], l[1], l[2], 1.0]));
            let d: Vec<f64> = (0..3)
                .map(|k| (bmin[k] - p[k]).max(0.0) + (p[k] - bmax[k]).max(0.0))
                .collect();
            if d.iter().map(|x| x * x).sum::<f64>() <= l[3] * l[3] {
                push(i as u32);
            }
        }
        for j in 0..spot_count {
            let s = &spots[j * 12..];
            let pos = xyz(mul(&view, [s[0], s[1], s[2], 1.0]));
            let dir = xyz(mul(&view, [s[4], s[5], s[6], 0.0]));
            let len = dot3(dir, dir).sqrt();
            let dir = dir.map(|x| x / len);
            let (range, cos_outer) = (s[3], s[7]);
            let center: [f64; 3] = std::array::from_fn(|k| (bmin[k] + bmax[k]) * 0.5);
            let radius = dot3(sub3(bmax, center), sub3(bmax, center)).sqrt();
            let v = sub3(center, pos);
            let (v_len2, v1_len) = (dot3(v, v), dot3(v, dir));
            let sin_outer = (1.0 - cos_outer * cos_outer).sqrt();
            let closest =
                cos_outer * (v_len2 - v1_len * v1_len).max(0.0).sqrt() - v1_len * sin_outer;
            let culled = closest > radius || v1_len > radius + range || v1_len < -radius;
            if !culled {
                push(j as u32 | 0x8000_0000);
            }
        }
    }
    assert!(counts.iter().any(|&c| c == 0) && counts.iter().any(|&c| c > 2));
    assert!(lists.iter().any(|&v| v != u32::MAX && v & 0x8000_0000 != 0));
    assert_eq!(run.out_u32("ClusterLightCount"), counts);
    assert_eq!(run.out_u32("ClusterLightList"), lists);
}
