//! Simulation: cs_cloth_verlet (Integrate, SolveConstraints), cs_compute_skinning.

use crate::harness::{assert_close, Run};
use crate::vec::*;

/// The cloth constants: gravity, dt, sphere centre and radius, grid size, rest length,
/// damping, stiffness.
struct Cloth {
    gravity: V3,
    dt: f32,
    center: V3,
    radius: f32,
    grid: [usize; 2],
    rest: f32,
    damping: f32,
    stiffness: f32,
}

impl Cloth {
    fn read(run: &Run) -> Cloth {
        let p = run.in_u32("Params");
        let f: Vec<f32> = p.iter().map(|&w| f32::from_bits(w)).collect();
        Cloth {
            gravity: v3(&f[0..]),
            dt: f[3],
            center: v3(&f[4..]),
            radius: f[7],
            grid: [p[8] as usize, p[9] as usize],
            rest: f[10],
            damping: f[11],
            stiffness: f[12],
        }
    }

    fn collide(&self, p: V3) -> V3 {
        let d = sub(p, self.center);
        let dist = length(d);
        if dist < self.radius {
            add(self.center, scale(d, self.radius / dist.max(1e-5)))
        } else {
            p
        }
    }
}

pub fn cloth_integrate(run: &Run) {
    let c = Cloth::read(run);
    let input = run.in_f32("Vertices");
    let mut expected = input.clone();
    let mut collided = 0;
    for (i, v) in expected.chunks_mut(8).enumerate() {
        if i >= c.grid[0] * c.grid[1] || v[3] <= 0.0 {
            continue;
        }
        let (pos, prev) = (v3(&v[0..]), v3(&v[4..]));
        let velocity = scale(sub(pos, prev), 1.0 - c.damping);
        let moved = add(pos, add(velocity, scale(c.gravity, c.dt * c.dt)));
        let new = c.collide(moved);
        collided += usize::from(new != moved);
        v[0..3].copy_from_slice(&new);
        v[4..7].copy_from_slice(&pos);
    }
    assert!(collided > 0, "no particle reaches the sphere");
    assert_close("Vertices", &run.out_f32("Vertices"), &expected, 1e-5);
}

fn relax(delta: &mut V3, weight: &mut f32, me: [f32; 4], other: [f32; 4], rest: f32) {
    let d = sub(v3(&other), v3(&me));
    let len = length(d);
    let wsum = me[3] + other[3];
    if len > 1e-6 && wsum > 0.0 {
        *delta = add(*delta, scale(scale(d, (len - rest) / len), me[3] / wsum));
        *weight += 1.0;
    }
}

/// Each movable particle moves towards its neighbours inside its 16x16 tile; tile cells
/// past the grid hold vertex 0's position with zero inverse mass.
pub fn cloth_solve(run: &Run) {
    let c = Cloth::read(run);
    let [w, h] = c.grid;
    let input = run.in_f32("Vertices");
    let vert = |i: usize| &input[i * 8..i * 8 + 8];
    let cell = |x: usize, y: usize| -> [f32; 4] {
        if x < w && y < h {
            let v = vert(y * w + x);
            [v[0], v[1], v[2], v[3]]
        } else {
            let v = vert(0);
            [v[0], v[1], v[2], 0.0]
        }
    };
    let mut expected = input.clone();
    for y in 0..h {
        for x in 0..w {
            let me = cell(x, y);
            if me[3] == 0.0 {
                continue;
            }
            let (tx, ty) = (x % 16, y % 16);
            let (mut delta, mut weight) = ([0.0f32; 3], 0.0f32);
            // The shader's 1.41421356 is SQRT_2 in f32.
            let diag = c.rest * std::f32::consts::SQRT_2;
            let mut r = |ok: bool, nx: usize, ny: usize, rest: f32| {
                if ok {
                    relax(&mut delta, &mut weight, me, cell(nx, ny), rest);
                }
            };
            r(tx > 0, x.wrapping_sub(1), y, c.rest);
            r(tx < 15, x + 1, y, c.rest);
            r(ty > 0, x, y.wrapping_sub(1), c.rest);
            r(ty < 15, x, y + 1, c.rest);
            r(tx > 0 && ty > 0, x.wrapping_sub(1), y.wrapping_sub(1), diag);
            r(tx < 15 && ty < 15, x + 1, y + 1, diag);
            let mut pos = v3(&me);
            if weight > 0.0 {
                pos = add(pos, scale(delta, c.stiffness / weight));
            }
            let i = y * w + x;
            expected[i * 8..i * 8 + 3].copy_from_slice(&c.collide(pos));
        }
    }
    assert_close("Vertices", &run.out_f32("Vertices"), &expected, 1e-5);
}

fn unorm16x2(p: u32) -> [f64; 2] {
    [(p & 0xffff) as f64 / 65535.0, (p >> 16) as f64 / 65535.0]
}

fn decode_octahedral(e: [f64; 2]) -> [f64; 3] {
    let (x, y) = (e[0] * 2.0 - 1.0, e[1] * 2.0 - 1.0);
    let z = 1.0 - x.abs() - y.abs();
    let t = (-z).clamp(0.0, 1.0);
    let x = if x >= 0.0 { x - t } else { x + t };
    let y = if y >= 0.0 { y - t } else { y + t };
    let l = (x * x + y * y + z * z).sqrt();
    [x / l, y / l, z / l]
}

/// Linear blend skinning in f64 from the packed input; the output normal is compared after
/// decoding (16-bit octahedral quantization).
pub fn compute_skinning(run: &Run) {
    let p = run.in_u32("Params");
    let (count, bone_offset, in_off, out_off) =
        (p[0] as usize, p[1] as usize, p[2] as usize, p[3] as usize);
    let input = run.in_u32("InputVertices");
    let bones = run.in_f32("Bones");
    // HLSL m[r][c] of bone k: column-major, each column 16 bytes.
    let m = |k: usize, r: usize, c: usize| bones[k * 16 + c * 4 + r] as f64;
    let out = run.out_u32("OutputVertices");
    let mut expected_bits = vec![0xcdcd_cdcdu32; out.len()];
    let (mut positions, mut normals) = (Vec::new(), Vec::new());
    for i in 0..count {
        let a = &input[in_off / 4 + i * 8..][..8];
        let pos = [0, 1, 2].map(|k| f32::from_bits(a[k]) as f64);
        let normal = decode_octahedral(unorm16x2(a[3]));
        let bone = [0, 8, 16, 24].map(|s| ((a[4] >> s) & 0xff) as usize);
        let raw = [0, 8, 16, 24].map(|s| ((a[5] >> s) & 0xff) as f64 / 255.0);
        let sum: f64 = raw.iter().sum();
        let wts = if sum > 0.0 {
            raw.map(|x| x / sum)
        } else {
            [1.0, 0.0, 0.0, 0.0]
        };
        let skin = |r: usize, c: usize| -> f64 {
            (0..4)
                .map(|k| m(bone_offset + bone[k], r, c) * wts[k])
                .sum()
        };
        let position: Vec<f64> = (0..3)
            .map(|r| (0..3).map(|c| skin(r, c) * pos[c]).sum::<f64>() + skin(r, 3))
            .collect();
        let n: Vec<f64> = (0..3)
            .map(|r| (0..3).map(|c| skin(r, c) * normal[c]).sum())
            .collect();
        let l = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
        positions.extend(position.iter().map(|&x| x as f32));
        normals.extend(n.iter().map(|&x| (x / l) as f32));
        let o = out_off / 4 + i * 4;
        expected_bits[o..o + 4].copy_from_slice(&out[o..o + 4]);
    }
    // Untouched bytes keep the fill; written ones are compared as values below.
    assert_eq!(out, expected_bits, "written outside the output vertices");
    let got = |i: usize, k: usize| out[out_off / 4 + i * 4 + k];
    let got_positions: Vec<f32> = (0..count)
        .flat_map(|i| (0..3).map(move |k| (i, k)))
        .map(|(i, k)| f32::from_bits(got(i, k)))
        .collect();
    assert_close("positions", &got_positions, &positions, 1e-5);
    let got_normals: Vec<f32> = (0..count)
        .flat_map(|i| decode_octahedral(unorm16x2(got(i, 3))))
        .map(|x| x as f32)
        .collect();
    assert_close("normals", &got_normals, &normals, 1e-4);
}

fn hash32(mut x: u32) -> u32 {
    x ^= x >> 16;
    x = x.wrapping_mul(0x7feb_352d);
    x ^= x >> 15;
    x = x.wrapping_mul(0x846c_a68b);
    x ^= x >> 16;
    x
}

fn hash_to_01(h: u32) -> f32 {
    (h >> 8) as f32 * (1.0 / 16_777_216.0)
}

/// One particle step as `Integrate` does it, in f32; `None` if it dies.
fn particle_step(p: &[u32], sim: &[f32], dt: f32) -> Option<Vec<u32>> {
    let f = |k: usize| f32::from_bits(p[k]);
    let age = f(3) + dt;
    if age >= f(7) {
        return None;
    }
    let (gravity, wind, drag) = (v3(&sim[0..]), v3(&sim[4..]), sim[7]);
    let (c0, c1) = (&sim[8..12], &sim[12..16]);
    let (ground, restitution, strength) = (sim[16], sim[17], sim[19]);
    let mut pos = [f(0), f(1), f(2)];
    let mut vel = [f(4), f(5), f(6)];
    let seed = p[13];
    let h = hash32(p[0] ^ hash32(p[1] ^ hash32(p[2] ^ seed)));
    let r = [
        hash_to_01(h),
        hash_to_01(hash32(h)),
        hash_to_01(hash32(h.wrapping_add(1))),
    ];
    let noise = r.map(|v| (v * 2.0 - 1.0) * strength);
    let accel = add(sub(gravity, scale(sub(vel, wind), drag)), noise);
    vel = add(vel, scale(accel, dt));
    pos = add(pos, scale(vel, dt));
    if pos[1] < ground {
        pos[1] = ground;
        vel[1] = -vel[1] * restitution;
        vel[0] *= 0.8;
        vel[2] *= 0.8;
    }
    let t = (age / f(7)).clamp(0.0, 1.0);
    let color: Vec<f32> = (0..4).map(|k| c0[k] + (c1[k] - c0[k]) * t).collect();
    let size = f(12) * (1.0 + 0.5 * dt);
    let mut out: Vec<u32> = pos.iter().map(|v| v.to_bits()).collect();
    out.push(age.to_bits());
    out.extend(vel.iter().map(|v| v.to_bits()));
    out.push(p[7]);
    out.extend(color.iter().map(|v| v.to_bits()));
    out.extend([size.to_bits(), hash32(seed), p[14], p[15]]);
    Some(out)
}

/// Consumes the 100 live particles (any order), appends the survivors (any order) and
/// counts the dead. Survivors are matched by their new seed.
pub fn particle_update(run: &Run) {
    let sim: Vec<f32> = run
        .in_u32("SimParams")
        .iter()
        .map(|&w| f32::from_bits(w))
        .collect();
    let alive = run.in_u32("SimParams")[18] as usize;
    let dt = sim[3];
    let input = run.in_u32("CurrentParticles");
    let mut survivors: Vec<Vec<u32>> = (0..alive)
        .filter_map(|i| particle_step(&input[i * 16..i * 16 + 16], &sim, dt))
        .collect();
    let dead = alive - survivors.len();
    assert!(dead > 0 && survivors.len() > 50);
    let out = run.out_u32("NextParticles");
    let mut got: Vec<Vec<u32>> = out
        .chunks(16)
        .take(survivors.len())
        .map(|c| c.to_vec())
        .collect();
    assert!(
        out[survivors.len() * 16..].iter().all(|&w| w == 0),
        "appended too many"
    );
    survivors.sort_by_key(|p| p[13]);
    got.sort_by_key(|p| p[13]);
    let floats = |ps: &[Vec<u32>]| -> Vec<f32> {
        ps.iter()
            .flat_map(|p| p[..13].iter().map(|&w| f32::from_bits(w)))
            .collect()
    };
    assert_close("NextParticles", &floats(&got), &floats(&survivors), 1e-5);
    let seeds = |ps: &[Vec<u32>]| -> Vec<u32> { ps.iter().map(|p| p[13]).collect() };
    assert_eq!(seeds(&got), seeds(&survivors));
    assert_eq!(run.out_u32("DeadCounter"), [dead as u32]);
}
