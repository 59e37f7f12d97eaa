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
    assert!(counts.contains(&0) && counts.iter().any(|&c| c > 2));
    assert!(lists.iter().any(|&v| v != u32::MAX && v & 0x8000_0000 != 0));
    assert_eq!(run.out_u32("ClusterLightCount"), counts);
    assert_eq!(run.out_u32("ClusterLightList"), lists);
}

fn cross3(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// Per tile: the depth range of its pixels (clamped to the screen), four planes through the
/// eye and the tile's far corners, and the lights whose sphere touches that frustum. The
/// order of a tile's indices and the order of the tiles' ranges come from atomics, so the
/// check compares sets and that the ranges tile the index list.
pub fn tiled_light_cull(run: &Run) {
    let cb = run.in_u32("CullParams");
    let inv_proj = matrix(&cb[0..16]);
    let (tiles, screen) = (
        [cb[16] as usize, cb[17] as usize],
        [cb[18] as usize, cb[19] as usize],
    );
    let frame = run.in_u32("Frame");
    let (view, light_count) = (matrix(&frame[0..16]), frame[73] as usize);
    let depth = floats(&run.in_f32("Depth"));
    let lights = floats(&run.in_f32("Lights"));
    let recon = |px: f64, py: f64, d: f64| {
        let uv = [px / screen[0] as f64, py / screen[1] as f64];
        let v = mul(&inv_proj, [uv[0] * 2.0 - 1.0, uv[1] * -2.0 + 1.0, d, 1.0]);
        [v[0] / v[3], v[1] / v[3], v[2] / v[3]]
    };
    let grid = run.out_u32("LightGrid");
    let indices = run.out_u32("LightIndices");
    let mut ranges = Vec::new();
    for ty in 0..tiles[1] {
        for tx in 0..tiles[0] {
            let ds: Vec<f64> = (ty * 16..ty * 16 + 16)
                .flat_map(|y| (tx * 16..tx * 16 + 16).map(move |x| (x, y)))
                .map(|(x, y)| depth[y.min(screen[1] - 1) * screen[0] + x.min(screen[0] - 1)])
                .collect();
            let lo_d = ds.iter().copied().fold(f64::MAX, f64::min);
            let hi_d = ds.iter().copied().fold(f64::MIN, f64::max);
            let (z0, z1) = (recon(0.5, 0.5, lo_d)[2], recon(0.5, 0.5, hi_d)[2]);
            let (z_near, z_far) = (z0.min(z1), z0.max(z1));
            let (lo, hi) = (
                [tx * 16, ty * 16].map(|v| v as f64),
                [tx * 16 + 16, ty * 16 + 16].map(|v| v as f64),
            );
            let c = [
                recon(lo[0], lo[1], 1.0),
                recon(hi[0], lo[1], 1.0),
                recon(hi[0], hi[1], 1.0),
                recon(lo[0], hi[1], 1.0),
            ];
            let planes: Vec<[f64; 3]> = (0..4)
                .map(|i| {
                    let n = cross3(c[i], c[(i + 1) % 4]);
                    let l = dot3(n, n).sqrt();
                    n.map(|x| x / l)
                })
                .collect();
            let mut expected: Vec<u32> = (0..light_count)
                .filter(|&i| {
                    let l = &lights[i * 8..];
                    let p = xyz(mul(&view, [l[0], l[1], l[2], 1.0]));
                    let r = l[3];
                    p[2] + r >= z_near
                        && p[2] - r <= z_far
                        && planes.iter().all(|n| dot3(*n, p) >= -r)
                })
                .map(|i| i as u32)
                .collect();
            let t = (ty * tiles[0] + tx) * 2;
            let (offset, count) = (grid[t] as usize, grid[t + 1] as usize);
            let mut got = indices[offset..offset + count].to_vec();
            got.sort();
            expected.sort();
            assert_eq!(got, expected, "tile ({tx}, {ty})");
            ranges.push((offset, count));
        }
    }
    ranges.sort();
    let total: usize = ranges.iter().map(|r| r.1).sum();
    assert!(
        total > 0 && total < light_count * ranges.len(),
        "inputs too uniform"
    );
    let mut next = 0;
    for (offset, count) in ranges {
        assert_eq!(offset, next, "tile ranges overlap or leave gaps");
        next += count;
    }
    assert_eq!(run.out_u32("IndexCounter"), [total as u32]);
    assert!(indices[total..].iter().all(|&v| v == u32::MAX));
}

/// Frustum planes, then the Hi-Z test at mip 0 with point-clamp sampling; survivors get one
/// draw record each, in an order the atomics choose.
pub fn gpu_cull_indirect(run: &Run) {
    let cb = run.in_u32("CullConstants");
    let f = |i: usize| f32::from_bits(cb[i]) as f64;
    let planes: Vec<[f64; 4]> = (0..6)
        .map(|p| std::array::from_fn(|k| f(p * 4 + k)))
        .collect();
    let view_proj = matrix(&cb[24..40]);
    let (hiz_size, count, occlusion) = ([f(40), f(41)], cb[42] as usize, cb[43] != 0);
    let inst = run.in_u32("Instances");
    let meshes = run.in_u32("Meshes");
    let hiz = floats(&run.in_f32("HiZ"));
    let sample = |u: f64, v: f64| {
        let x = ((u * hiz_size[0]).floor() as usize).min(hiz_size[0] as usize - 1);
        let y = ((v * hiz_size[1]).floor() as usize).min(hiz_size[1] as usize - 1);
        hiz[y * hiz_size[0] as usize + x]
    };
    let mut expected = Vec::new();
    let (mut frustum_culled, mut occluded) = (0, 0);
    for i in 0..count {
        let w = &inst[i * 24..i * 24 + 24];
        let world = matrix(&w[0..16]);
        let sphere: Vec<f64> = w[16..20]
            .iter()
            .map(|&b| f32::from_bits(b) as f64)
            .collect();
        let center = xyz(mul(&world, [sphere[0], sphere[1], sphere[2], 1.0]));
        let scale = (0..3)
            .map(|r| {
                (0..3)
                    .map(|c| world[r][c] * world[r][c])
                    .sum::<f64>()
                    .sqrt()
            })
            .fold(0.0, f64::max);
        let radius = sphere[3] * scale;
        if planes
            .iter()
            .any(|p| dot3([p[0], p[1], p[2]], center) + p[3] < -radius)
        {
            frustum_culled += 1;
            continue;
        }
        let clip = mul(&view_proj, [center[0], center[1], center[2], 1.0]);
        if occlusion && clip[3] > radius {
            let ndc = [clip[0] / clip[3], clip[1] / clip[3], clip[2] / clip[3]];
            let pr = radius / clip[3];
            let sat = |x: f64| x.clamp(0.0, 1.0);
            let lo = [sat(ndc[0] * 0.5 + 0.5 - pr), sat(ndc[1] * -0.5 + 0.5 - pr)];
            let hi = [sat(ndc[0] * 0.5 + 0.5 + pr), sat(ndc[1] * -0.5 + 0.5 + pr)];
            let farthest = sample(lo[0], lo[1])
                .max(sample(hi[0], lo[1]))
                .max(sample(lo[0], hi[1]))
                .max(sample(hi[0], hi[1]));
            if sat(ndc[2] - pr) > farthest {
                occluded += 1;
                continue;
            }
        }
        let m = &meshes[w[20] as usize * 4..];
        expected.push([m[0], 1, m[1], m[2], i as u32, i as u32]);
    }
    assert!(frustum_culled > 0 && occluded > 0 && !expected.is_empty());
    let args = run.out_u32("DrawArgs");
    let n = expected.len();
    let mut got: Vec<[u32; 6]> = args[..n * 6]
        .chunks(6)
        .map(|c| c.try_into().unwrap())
        .collect();
    got.sort_by_key(|r| r[4]);
    assert_eq!(got, expected);
    assert!(args[n * 6..].iter().all(|&v| v == u32::MAX));
    assert_eq!(run.out_u32("DrawCount"), [n as u32]);
}
