//! Sampling for compute shaders, called by `exec::ops`: `SampleLevel` and
//! `SampleCmpLevelZero` on 1D, 1D-array, 2D, 2D-array and 3D textures with a sampler's filter,
//! address mode and comparison, and `Gather` (one component of the 2x2 bilinear footprint) on
//! 2D and 2D-array textures. `SampleLevel`'s level of detail picks the magnification filter
//! (0 or below, level 0) or the minification filter and the nearest mip level (clamped to
//! the texture's levels); the others read level 0. Linear filtering uses exact weights (hardware keeps only about 8
//! fractional bits), and the result is rounded once to the texel's precision; nearest
//! filtering is exact. A comparison applies per texel before filtering, as percentage-closer
//! filtering does. An array layer is the coordinate rounded to nearest even and clamped.

use types::TextureDim;

use super::{Ctx, Invocation};
use crate::hooks::{AccessKind, RobustnessEvent};
use crate::numeric::{from_f64, to_f64, Num};
use crate::program::{unpack, FIRST_RESOURCE};
use crate::shape::{self, ResKind, Shape};
use crate::RunError;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Filter {
    #[default]
    Nearest,
    Linear,
}

/// What a coordinate outside `[0, 1)` reads. `Border` reads zeros.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AddressMode {
    #[default]
    Clamp,
    Wrap,
    Mirror,
    Border,
}

/// How a comparison sampler compares the reference with a texel: it passes when
/// `reference OP texel` holds (D3D12's comparison functions).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CompareOp {
    Never,
    Less,
    Equal,
    #[default]
    LessEqual,
    Greater,
    NotEqual,
    GreaterEqual,
    Always,
}

impl CompareOp {
    pub fn passes(self, reference: f64, texel: f64) -> bool {
        match self {
            CompareOp::Never => false,
            CompareOp::Less => reference < texel,
            CompareOp::Equal => reference == texel,
            CompareOp::LessEqual => reference <= texel,
            CompareOp::Greater => reference > texel,
            CompareOp::NotEqual => reference != texel,
            CompareOp::GreaterEqual => reference >= texel,
            CompareOp::Always => true,
        }
    }
}

/// A sampler's state (the magnification filter, used at a level of detail of 0 or less;
/// the minification filter, used above it; one address mode for every axis; and the
/// comparison of a comparison sampler).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SamplerState {
    pub filter: Filter,
    pub min_filter: Filter,
    pub address: AddressMode,
    pub compare: CompareOp,
}

/// The texel index that `i` addresses on an axis of `n` texels, or `None` for the border.
fn address(i: i64, n: u32, mode: AddressMode) -> Option<u32> {
    let n = i64::from(n.max(1));
    let r = match mode {
        AddressMode::Clamp => i.clamp(0, n - 1),
        AddressMode::Wrap => i.rem_euclid(n),
        AddressMode::Mirror => {
            let m = i.rem_euclid(2 * n);
            if m < n {
                m
            } else {
                2 * n - 1 - m
            }
        }
        AddressMode::Border => {
            if !(0..n).contains(&i) {
                return None;
            }
            i
        }
    };
    Some(r as u32)
}

/// What a sampling instruction computes from the texels it reads.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum SampleKind {
    /// The filtered texel (`SampleLevel`).
    Level,
    /// The filtered result of comparing `reference` with component 0 of each texel
    /// (`SampleCmpLevelZero`).
    Compare { reference: f64 },
    /// Component `component` of the four texels of the bilinear footprint, in the order
    /// (u0, v1), (u1, v1), (u1, v0), (u0, v0) (`Gather`).
    Gather { component: u8 },
}

/// Samples the texture behind `tex` with the sampler behind `sampler` into `out`.
#[allow(clippy::too_many_arguments)]
pub(super) fn sample(
    inv: &Invocation,
    ctx: &mut Ctx<'_, '_>,
    kind: SampleKind,
    tex: u64,
    sampler: u64,
    coord: &[u64],
    coord_num: Num,
    offset: [i32; 3],
    lod: f64,
    out: &mut [u64],
) -> Result<(), RunError> {
    let prog = ctx.prog;
    let (troot, _, _) = unpack(tex);
    let (sroot, _, _) = unpack(sampler);
    let Some(slot) = prog
        .resources
        .get(troot.wrapping_sub(FIRST_RESOURCE) as usize)
    else {
        return Ok(());
    };
    let ResKind::Texels { dim: Some(dim), .. } = slot.kind else {
        return Ok(());
    };
    // Axes that filter, and where the array layer is.
    let (axes, layer_at) = match dim {
        TextureDim::D1 => (1, None),
        TextureDim::D1Array => (1, Some(1)),
        TextureDim::D2 => (2, None),
        TextureDim::D2Array => (2, Some(2)),
        TextureDim::D3 if !matches!(kind, SampleKind::Gather { .. }) => (3, None),
        other => {
            let what = match kind {
                SampleKind::Gather { .. } => "gathering from",
                _ => "sampling",
            };
            return Err(RunError::Unsupported(format!(
                "{what} a Texture{}",
                other.suffix()
            )));
        }
    };
    let state = ctx
        .resources
        .get(sroot.wrapping_sub(FIRST_RESOURCE) as usize)
        .and_then(|r| r.as_ref())
        .and_then(|r| r.sampler);
    let Some(state) = state else {
        ctx.robust(inv.id, RobustnessEvent::Unbound { root: sroot });
        return Ok(());
    };
    let Some(res) = ctx
        .resources
        .get(troot.wrapping_sub(FIRST_RESOURCE) as usize)
        .and_then(|r| r.as_ref())
    else {
        ctx.robust(inv.id, RobustnessEvent::Unbound { root: troot });
        return Ok(());
    };
    let num = match prog.shapes.get(slot.texel) {
        Shape::Scalar(n) | Shape::Vector { num: n, .. } => *n,
        _ => Num::F32,
    };
    // The level of detail picks the filter (magnification at 0 or below) and the mip level:
    // the nearest one (Vulkan's default mipmap mode), clamped to the texture's levels.
    let minifying = lod > 0.0;
    let level = if minifying {
        ((lod + 0.5).floor() as u32).min(res.levels.max(1) - 1)
    } else {
        0
    };
    let (lw, lh, ld) = res.mip_extent(Some(dim), level);
    let (before, chain) = res.mip_offsets(Some(dim), level);
    // Sizes of the filtered axes, then the number of layers.
    let (sizes, layers) = match dim {
        TextureDim::D1 => ([lw, 1, 1], 1),
        TextureDim::D1Array => ([lw, 1, 1], res.height),
        TextureDim::D2 => ([lw, lh, 1], 1),
        TextureDim::D3 => ([lw, lh, ld], 1),
        _ => ([lw, lh, 1], res.depth),
    };
    let c = |i: usize| coord.get(i).map_or(0.0, |&b| to_f64(coord_num, b));
    let layer = layer_at.map_or(0, |k| {
        let l = c(k).round_ties_even().max(0.0) as u64;
        l.min(u64::from(layers.max(1) - 1)) as u32
    });
    // Gathers read the bilinear footprint whatever the filter.
    let filter = match kind {
        SampleKind::Gather { .. } => Filter::Linear,
        _ if minifying => state.min_filter,
        _ => state.filter,
    };
    // Per axis: up to two texel indices with their weights.
    let mut taps = [[(Some(0), 1.0f64), (None, 0.0)]; 3];
    for (a, tap) in taps.iter_mut().enumerate().take(axes) {
        let n = sizes[a];
        let t = c(a) * f64::from(n);
        let o = i64::from(offset[a]);
        match filter {
            Filter::Nearest => {
                *tap = [
                    (address(t.floor() as i64 + o, n, state.address), 1.0),
                    (None, 0.0),
                ];
            }
            Filter::Linear => {
                let s = t - 0.5;
                let i0 = s.floor();
                let f = s - i0;
                let i0 = i0 as i64 + o;
                tap[0] = (address(i0, n, state.address), 1.0 - f);
                tap[1] = (address(i0 + 1, n, state.address), f);
            }
        }
    }
    let (w, h) = (lw as usize, lh as usize);
    let size = slot.texel_size as usize;
    let comps = match kind {
        SampleKind::Level => out.len().min(4),
        SampleKind::Compare { .. } => 1,
        SampleKind::Gather { component } => usize::from(component) + 1,
    };
    // Reads texel (x, y, z) into `texel`; false on the border or past the data.
    let mut texel = [0u64; 4];
    let hook = &mut ctx.hook;
    let mut read = |x: Option<u32>, y: Option<u32>, z: Option<u32>, texel: &mut [u64; 4]| {
        let (Some(x), Some(y), Some(z)) = (x, y, z) else {
            return false; // the border is zero
        };
        // The level in the layer's mip chain (`Resource::mip_offsets`).
        let texel_at = if axes == 1 {
            layer as usize * chain + before + x as usize
        } else if axes == 3 {
            before + (z as usize * h + y as usize) * w + x as usize
        } else {
            layer as usize * chain + before + y as usize * w + x as usize
        };
        let at = texel_at * size;
        if at + size > res.data.len() {
            return false;
        }
        // The whole texel: a component gather or a comparison still reads every channel.
        shape::read(&prog.shapes, slot.texel, &res.data, at, &mut texel[..]);
        if let Some(hk) = hook.as_deref_mut() {
            let access = crate::hooks::MemoryAccess {
                kind: AccessKind::Read,
                space: types::AddressSpace::UniformConstant,
                root: troot,
                offset: at as u64,
                size: size as u32,
            };
            hk.memory_access(inv.id, &access);
        }
        true
    };
    if let SampleKind::Gather { component } = kind {
        let k = usize::from(component);
        let ([x0, x1], [y0, y1]) = (taps[0].map(|t| t.0), taps[1].map(|t| t.0));
        for (o, (x, y)) in out.iter_mut().zip([(x0, y1), (x1, y1), (x1, y0), (x0, y0)]) {
            *o = if read(x, y, Some(0), &mut texel) {
                texel[k]
            } else {
                from_f64(num, 0.0)
            };
        }
        return Ok(());
    }
    let mut acc = [0f64; 4];
    for &(z, wz) in &taps[2] {
        for &(y, wy) in &taps[1] {
            for &(x, wx) in &taps[0] {
                let weight = wx * wy * wz;
                if weight == 0.0 || !read(x, y, z, &mut texel) {
                    continue;
                }
                match kind {
                    SampleKind::Compare { reference } => {
                        let passes = state.compare.passes(reference, to_f64(num, texel[0]));
                        acc[0] += weight * f64::from(u8::from(passes));
                    }
                    _ => {
                        for k in 0..comps {
                            acc[k] += weight * to_f64(num, texel[k]);
                        }
                    }
                }
            }
        }
    }
    match kind {
        // The comparison result is a float whatever the texel type.
        SampleKind::Compare { .. } => {
            if let Some(o) = out.first_mut() {
                *o = from_f64(Num::F32, acc[0]);
            }
        }
        _ => {
            for (o, v) in out.iter_mut().zip(acc) {
                *o = from_f64(num, v);
            }
        }
    }
    Ok(())
}
