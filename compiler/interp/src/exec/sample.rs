//! `SampleLevel` on 1D, 1D-array, 2D and 2D-array textures with a sampler's filter and
//! address mode, for compute shaders. Called by `exec::ops`. Textures hold one mip level, so
//! every level of detail clamps to it, as on a GPU. Linear filtering uses exact weights
//! (hardware keeps only about 8 fractional bits), and the result is rounded once to the
//! texel's precision; nearest filtering is exact. An array layer is the coordinate rounded to
//! nearest even and clamped.

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

/// A sampler's state (one filter and one address mode for every axis).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SamplerState {
    pub filter: Filter,
    pub address: AddressMode,
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

/// Samples the texture behind `tex` with the sampler behind `sampler` into `out`.
#[allow(clippy::too_many_arguments)]
pub(super) fn sample_level(
    inv: &Invocation,
    ctx: &mut Ctx<'_, '_>,
    tex: u64,
    sampler: u64,
    coord: &[u64],
    coord_num: Num,
    offset: [i32; 3],
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
        other => {
            return Err(RunError::Unsupported(format!(
                "sampling a Texture{}",
                other.suffix()
            )))
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
    // Sizes of the filtered axes, then the number of layers.
    let (sizes, layers) = match dim {
        TextureDim::D1 => ([res.width, 1], 1),
        TextureDim::D1Array => ([res.width, 1], res.height),
        TextureDim::D2 => ([res.width, res.height], 1),
        _ => ([res.width, res.height], res.depth),
    };
    let c = |i: usize| coord.get(i).map_or(0.0, |&b| to_f64(coord_num, b));
    let layer = layer_at.map_or(0, |k| {
        let l = c(k).round_ties_even().max(0.0) as u64;
        l.min(u64::from(layers.max(1) - 1)) as u32
    });
    // Per axis: up to two texel indices with their weights.
    let mut taps = [[(None, 0.0f64); 2]; 2];
    for (a, tap) in taps.iter_mut().enumerate().take(axes) {
        let n = sizes[a];
        let t = c(a) * f64::from(n);
        let o = i64::from(offset[a]);
        match state.filter {
            Filter::Nearest => {
                tap[0] = (address(t.floor() as i64 + o, n, state.address), 1.0);
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
    if axes == 1 {
        taps[1] = [(Some(0), 1.0), (None, 0.0)];
    }
    let (w, h) = (res.width as usize, res.height.max(1) as usize);
    let size = slot.texel_size as usize;
    let mut acc = [0f64; 4];
    let mut texel = [0u64; 4];
    let comps = out.len().min(4);
    for &(y, wy) in &taps[1] {
        for &(x, wx) in &taps[0] {
            let weight = wx * wy;
            let (Some(x), Some(y)) = (x, y) else {
                continue; // the border is zero
            };
            if weight == 0.0 {
                continue;
            }
            let row = if axes == 1 {
                layer as usize
            } else {
                layer as usize * h + y as usize
            };
            let at = (row * w + x as usize) * size;
            if at + size > res.data.len() {
                continue;
            }
            shape::read(&prog.shapes, slot.texel, &res.data, at, &mut texel[..comps]);
            for k in 0..comps {
                acc[k] += weight * to_f64(num, texel[k]);
            }
            if let Some(hk) = ctx.hook.as_deref_mut() {
                let access = crate::hooks::MemoryAccess {
                    kind: AccessKind::Read,
                    space: types::AddressSpace::UniformConstant,
                    root: troot,
                    offset: at as u64,
                    size: size as u32,
                };
                hk.memory_access(inv.id, &access);
            }
        }
    }
    for (o, v) in out.iter_mut().zip(acc) {
        *o = from_f64(num, v);
    }
    Ok(())
}
