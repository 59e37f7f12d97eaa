//! Texture, typed-buffer, byte-address and atomic operations, and intrinsic calls, of
//! [`Invocation`]: split from the executor's main loop (`exec`), which calls them.

use types::TextureDim;

use super::sample::SampleKind;
use super::{index_value, memory, Comps, Ctx, Invocation, TexelFormat};
use crate::hooks::{AccessKind, RobustnessEvent};
use crate::numeric::{self, Denormals, Num};
use crate::program::{root_space, unpack, Arg, ResExtras, ResOp, FIRST_RESOURCE, INVALID};
use crate::shape::{self, ResKind, Shape, ShapeId};
use crate::{Resource, RunError};

/// The linear texel index of `coord` at mip `level` in a texture or typed buffer, if in
/// bounds. A texture's data holds, per array slice, its mip chain, level 0 first: the
/// slice's chain comes before the next slice's (so one level is the plain row-major layout).
fn texel_index(
    res: &Resource,
    dim: Option<TextureDim>,
    texel_size: u32,
    coord: &[u64],
    num: Num,
    level: u32,
) -> Option<usize> {
    let c = |i: usize| coord.get(i).map(|&b| index_value(num, b));
    let in_range = |v: i64, n: u32| v >= 0 && v < i64::from(n);
    if level >= res.levels.max(1) || (dim.is_none() && level != 0) {
        return None;
    }
    let (before, chain) = res.mip_offsets(dim, level);
    let (before, chain) = (before as i64, chain as i64);
    let (w, h, d) = res.mip_extent(dim, level);
    let (h0, d0) = (res.height.max(1), res.depth.max(1));
    let idx = match dim {
        None => {
            let x = c(0)?;
            let count = res.data.len() as u64 / u64::from(texel_size.max(1));
            if x < 0 || x as u64 >= count {
                return None;
            }
            x
        }
        Some(TextureDim::D1) => {
            let x = c(0)?;
            if !in_range(x, w) {
                return None;
            }
            before + x
        }
        Some(TextureDim::D1Array) => {
            let (x, slice) = (c(0)?, c(1)?);
            if !in_range(x, w) || !in_range(slice, h0) {
                return None;
            }
            slice * chain + before + x
        }
        Some(TextureDim::D2) => {
            let (x, y) = (c(0)?, c(1)?);
            if !in_range(x, w) || !in_range(y, h) {
                return None;
            }
            before + y * i64::from(w) + x
        }
        Some(TextureDim::D2Array) => {
            let (x, y, slice) = (c(0)?, c(1)?, c(2)?);
            if !in_range(x, w) || !in_range(y, h) || !in_range(slice, d0) {
                return None;
            }
            slice * chain + before + y * i64::from(w) + x
        }
        Some(TextureDim::D3) => {
            let (x, y, z) = (c(0)?, c(1)?, c(2)?);
            if !in_range(x, w) || !in_range(y, h) || !in_range(z, d) {
                return None;
            }
            before + (z * i64::from(h) + y) * i64::from(w) + x
        }
        _ => return None,
    };
    let end = (idx as usize + 1) * texel_size as usize;
    (end <= res.data.len()).then_some(idx as usize)
}

impl Invocation {
    /// The texel address of a texture or typed-buffer access: (root, byte offset, texel
    /// shape), or `None` (after reporting) when unbound or out of bounds.
    /// Whether `ptr` points to a buffer reached as memory (a byte-address buffer).
    fn is_memory_resource(&self, ctx: &Ctx<'_, '_>, ptr: u64) -> bool {
        let (root, _, _) = unpack(ptr);
        ctx.prog
            .resources
            .get(root.wrapping_sub(FIRST_RESOURCE) as usize)
            .is_some_and(|s| s.kind == ResKind::Memory)
    }

    /// The pipeline's texel format of the typed buffer at `root` when it differs from the
    /// shader's element (scalar kind and component count), with the shader's.
    fn buffer_view(ctx: &Ctx<'_, '_>, root: u32) -> Option<(TexelFormat, Num, u32)> {
        let i = root.wrapping_sub(FIRST_RESOURCE) as usize;
        let slot = ctx.prog.resources.get(i)?;
        let ResKind::Texels { dim: None, .. } = slot.kind else {
            return None;
        };
        let format = ctx.resources.get(i)?.as_ref()?.texel_format?;
        let (num, n) = match ctx.prog.shapes.shapes[slot.texel as usize] {
            Shape::Scalar(num) => (num, 1),
            Shape::Vector { num, n, .. } => (num, n),
            _ => return None,
        };
        (format != TexelFormat { num, channels: n }).then_some((format, num, n))
    }

    pub(super) fn texel(
        &self,
        ctx: &mut Ctx<'_, '_>,
        ptr: u64,
        coord: &[u64],
        coord_num: Num,
        level: u32,
        write: bool,
    ) -> Option<(u32, usize, ShapeId)> {
        let (root, _, off) = unpack(ptr);
        let slot = ctx
            .prog
            .resources
            .get((root.wrapping_sub(FIRST_RESOURCE)) as usize)?;
        let ResKind::Texels { dim, .. } = slot.kind else {
            return None;
        };
        let (mut size, texel) = (slot.texel_size, slot.texel);
        if let Some((format, _, _)) = Self::buffer_view(ctx, root) {
            size = format.size();
        }
        let res = match ctx.resources.get((root - FIRST_RESOURCE) as usize) {
            Some(Some(r)) => r,
            _ => {
                ctx.robust(self.id, RobustnessEvent::Unbound { root });
                return None;
            }
        };
        let idx = if off == INVALID {
            None
        } else {
            texel_index(res, dim, size, coord, coord_num, level)
        };
        match idx {
            Some(i) => Some((root, i * size as usize, texel)),
            None => {
                let space = root_space(ctx.prog, root);
                let ev = if write {
                    RobustnessEvent::OutOfBoundsWrite { space, root }
                } else {
                    RobustnessEvent::OutOfBoundsRead { space, root }
                };
                ctx.robust(self.id, ev);
                None
            }
        }
    }

    /// A texture read with trailing operands or four gather offsets ([`ResExtras`]): the
    /// run-time offset replaces the constant one, four offsets run four gathers (component
    /// `i` from gather `i`), and the status pointer receives residency code 0.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn texture_read_with(
        &mut self,
        ctx: &mut Ctx<'_, '_>,
        op: ResOp,
        d: usize,
        n: u32,
        args: &[Arg],
        offset: [i32; 3],
        x: &ResExtras,
        fb: usize,
    ) -> Result<(), RunError> {
        let mut offset = offset;
        if let Some(a) = x.offset {
            let regs = &self.regs[fb + a.slot as usize..fb + (a.slot + a.n) as usize];
            offset = [0; 3];
            for (o, &v) in offset.iter_mut().zip(regs) {
                *o = numeric::to_i64(a.num, v) as i32;
            }
        }
        match x.four_offsets {
            Some(four) => {
                let mut out = [0u64; 4];
                for (i, xy) in four.iter().enumerate() {
                    let o = [xy[0], xy[1], 0];
                    self.resource_op(ctx, op, d, n, args, 0, o, fb)?;
                    out[i] = self.regs[d + i];
                }
                let n = (n as usize).min(4);
                self.regs[d..d + n].copy_from_slice(&out[..n]);
            }
            None => self.resource_op(ctx, op, d, n, args, 0, offset, fb)?,
        }
        if let Some(s) = x.status {
            let p = self.regs[fb + s as usize];
            self.store_ptr(ctx, p, &[0]);
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn resource_op(
        &mut self,
        ctx: &mut Ctx<'_, '_>,
        op: ResOp,
        d: usize,
        n: u32,
        args: &[Arg],
        value_shape: ShapeId,
        offset: [i32; 3],
        fb: usize,
    ) -> Result<(), RunError> {
        let ptr = self.regs[fb + args[0].slot as usize];
        let (root, pshape, _) = unpack(ptr);
        let slot = ctx
            .prog
            .resources
            .get(root.wrapping_sub(FIRST_RESOURCE) as usize);
        let arg = |this: &Invocation, k: usize| -> Comps {
            let a = args[k];
            Comps::of(&this.regs[fb + a.slot as usize..fb + (a.slot + a.n) as usize])
        };
        let n = n as usize;
        match op {
            ResOp::TextureLoad => {
                let mut coord = arg(self, 1);
                let cnum = args[1].num;
                for (c, &o) in coord.iter_mut().zip(&offset) {
                    *c = cnum.mask((*c as i64).wrapping_add(i64::from(o)) as u64);
                }
                let level = if args.len() > 2 {
                    self.regs[fb + args[2].slot as usize]
                } else {
                    0
                };
                let mut out = Comps::zeros(n);
                let writable = matches!(
                    slot.map(|s| s.kind),
                    Some(ResKind::Texels { writable: true, .. })
                );
                // A writable texture has one level: its level operand (none in HLSL) reads 0.
                let level = if writable { 0 } else { level as u32 };
                let texel = self.texel(ctx, ptr, &coord, args[1].num, level, false);
                if let Some((root, off, shape)) = texel {
                    let view = Self::buffer_view(ctx, root);
                    let mem = &ctx.resources[(root - FIRST_RESOURCE) as usize]
                        .as_ref()
                        .unwrap()
                        .data;
                    let size = match view {
                        Some((format, num, _)) => {
                            read_view(format, num, mem, off, &mut out);
                            format.size()
                        }
                        None => {
                            shape::read(&ctx.prog.shapes, shape, mem, off, &mut out);
                            ctx.prog.shapes.size[shape as usize]
                        }
                    };
                    ctx.access(self.id, AccessKind::Read, root, off as u64, size);
                }
                self.regs[d..d + n].copy_from_slice(&out);
            }
            ResOp::TextureStore => {
                let coord = arg(self, 1);
                let val = arg(self, 2);
                if let Some((root, off, shape)) = self.texel(ctx, ptr, &coord, args[1].num, 0, true)
                {
                    let view = Self::buffer_view(ctx, root);
                    let mem = &mut ctx.resources[(root - FIRST_RESOURCE) as usize]
                        .as_mut()
                        .unwrap()
                        .data;
                    let size = match view {
                        Some((format, num, _)) => {
                            write_view(format, num, mem, off, &val);
                            format.size()
                        }
                        None => {
                            shape::write(&ctx.prog.shapes, shape, mem, off, &val);
                            ctx.prog.shapes.size[shape as usize]
                        }
                    };
                    ctx.access(self.id, AccessKind::Write, root, off as u64, size);
                }
            }
            ResOp::QuerySize | ResOp::QueryLevels => {
                let level = if args.len() > 1 {
                    self.regs[fb + args[1].slot as usize] as u32
                } else {
                    0
                };
                let res = ctx
                    .resources
                    .get(root.wrapping_sub(FIRST_RESOURCE) as usize)
                    .and_then(|r| r.as_ref());
                let mut out = [0u64; 4];
                if let (Some(res), Some(slot)) = (res, slot) {
                    if op == ResOp::QueryLevels {
                        out[0] = u64::from(res.levels.max(1));
                    } else {
                        let sh = |v: u32| u64::from((v >> level.min(31)).max(1));
                        match slot.kind {
                            ResKind::Texels { dim: None, .. } => {
                                let size = Self::buffer_view(ctx, root)
                                    .map_or(slot.texel_size, |(f, _, _)| f.size());
                                out[0] = (res.data.len() / size.max(1) as usize) as u64
                            }
                            ResKind::Texels { dim: Some(dim), .. } => {
                                let all = match dim {
                                    TextureDim::D1 => [sh(res.width), 0, 0],
                                    TextureDim::D1Array => {
                                        [sh(res.width), u64::from(res.height), 0]
                                    }
                                    TextureDim::D2Array
                                    | TextureDim::D2MSArray
                                    | TextureDim::CubeArray => {
                                        [sh(res.width), sh(res.height), u64::from(res.depth)]
                                    }
                                    TextureDim::D3 => {
                                        [sh(res.width), sh(res.height), sh(res.depth)]
                                    }
                                    _ => [sh(res.width), sh(res.height), 0],
                                };
                                out[..3].copy_from_slice(&all);
                            }
                            _ => {}
                        }
                    }
                } else {
                    ctx.robust(self.id, RobustnessEvent::Unbound { root });
                }
                self.regs[d..d + n].copy_from_slice(&out[..n]);
            }
            ResOp::SampleLevel | ResOp::SampleCompareLevelZero | ResOp::Gather { .. } => {
                let mut out = [0u64; 4];
                let n = n.min(4);
                let coord = arg(self, 2);
                let sampler = self.regs[fb + args[1].slot as usize];
                let kind = match op {
                    ResOp::SampleCompareLevelZero => SampleKind::Compare {
                        reference: numeric::to_f64(
                            args[3].num,
                            self.regs[fb + args[3].slot as usize],
                        ),
                    },
                    ResOp::Gather { component } => SampleKind::Gather { component },
                    _ => SampleKind::Level,
                };
                // `SampleLevel`'s level of detail; the others sample at 0.
                let lod = match (op, args.get(3)) {
                    (ResOp::SampleLevel, Some(a)) => {
                        numeric::to_f64(a.num, self.regs[fb + a.slot as usize])
                    }
                    _ => 0.0,
                };
                super::sample::sample(
                    self,
                    ctx,
                    kind,
                    ptr,
                    sampler,
                    &coord,
                    args[2].num,
                    offset,
                    lod,
                    &mut out[..n],
                )?;
                self.regs[d..d + n].copy_from_slice(&out[..n]);
            }
            ResOp::ArrayLength => {
                let res = ctx
                    .resources
                    .get(root.wrapping_sub(FIRST_RESOURCE) as usize)
                    .and_then(|r| r.as_ref());
                let body = match ctx.prog.shapes.get(pshape) {
                    Shape::Resource { body, .. } => *body,
                    _ => pshape,
                };
                let len = match (res, ctx.prog.shapes.get(body)) {
                    (Some(res), Shape::Array { stride, .. }) => {
                        res.data.len() as u64 / u64::from((*stride).max(1))
                    }
                    _ => 0,
                };
                self.regs[d] = len;
            }
            ResOp::ByteAddressLoad | ResOp::ByteAddressStore => {
                let off = self.regs[fb + args[1].slot as usize];
                let off = index_value(args[1].num, off);
                let size = ctx.prog.shapes.extent[value_shape as usize] as i64;
                let write = op == ResOp::ByteAddressStore;
                let val = if write { arg(self, 2) } else { Comps::zeros(0) };
                let id = self.id;
                let space = root_space(ctx.prog, root);
                let mut out = Comps::zeros(n);
                match ctx
                    .resources
                    .get_mut(root.wrapping_sub(FIRST_RESOURCE) as usize)
                {
                    Some(Some(res)) if off >= 0 && off + size <= res.data.len() as i64 => {
                        if write {
                            shape::write(
                                &ctx.prog.shapes,
                                value_shape,
                                &mut res.data,
                                off as usize,
                                &val,
                            );
                        } else {
                            shape::read(
                                &ctx.prog.shapes,
                                value_shape,
                                &res.data,
                                off as usize,
                                &mut out,
                            );
                        }
                        let kind = if write {
                            AccessKind::Write
                        } else {
                            AccessKind::Read
                        };
                        ctx.access(id, kind, root, off as u64, size as u32);
                    }
                    Some(Some(_)) => {
                        let ev = if write {
                            RobustnessEvent::OutOfBoundsWrite { space, root }
                        } else {
                            RobustnessEvent::OutOfBoundsRead { space, root }
                        };
                        ctx.robust(id, ev);
                    }
                    _ => ctx.robust(id, RobustnessEvent::Unbound { root }),
                }
                if !write {
                    self.regs[d..d + n].copy_from_slice(&out);
                }
            }
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn atomic(
        &mut self,
        ctx: &mut Ctx<'_, '_>,
        op: Option<ir::AtomicOp>,
        num: Num,
        ptr: u64,
        coord: Option<&Arg>,
        v0: u64,
        v1: u64,
        fb: usize,
    ) -> u64 {
        let id = self.id;
        let (root, off, size) = match coord {
            // A 64-bit atomic on a byte-address buffer: the coordinate is the byte offset.
            Some(c) if self.is_memory_resource(ctx, ptr) => {
                let (root, _, base) = unpack(ptr);
                let at = index_value(c.num, self.regs[fb + c.slot as usize]);
                let off = match u64::try_from(at) {
                    Ok(at) if at % u64::from(num.width() / 8) == 0 => {
                        (base as u64).saturating_add(at) as usize
                    }
                    _ => INVALID as usize,
                };
                (root, off, (num.width() / 8) as usize)
            }
            Some(c) => {
                let coord =
                    Comps::of(&self.regs[fb + c.slot as usize..fb + (c.slot + c.n) as usize]);
                match self.texel(ctx, ptr, &coord, c.num, 0, true) {
                    Some((root, off, shape)) => {
                        (root, off, ctx.prog.shapes.extent[shape as usize] as usize)
                    }
                    None => return 0,
                }
            }
            None => {
                let (root, shape, off) = unpack(ptr);
                (
                    root,
                    off as usize,
                    ctx.prog.shapes.extent[shape as usize] as usize,
                )
            }
        };
        let space = root_space(ctx.prog, root);
        let Some(mem) = memory(
            root,
            &mut self.stack,
            &mut self.private,
            ctx.shared,
            ctx.resources,
        ) else {
            ctx.robust(id, RobustnessEvent::Unbound { root });
            return 0;
        };
        if off == INVALID as usize || off + size > mem.len() {
            ctx.robust(id, RobustnessEvent::OutOfBoundsWrite { space, root });
            return 0;
        }
        let old = shape::read_scalar(mem, off, num);
        let new = match op {
            None => {
                if old == num.mask(v0) {
                    v1
                } else {
                    old
                }
            }
            Some(a) => {
                use ir::AtomicOp::*;
                let ord = numeric::compare(numeric::CmpOp::Lt, num, v0, old);
                match a {
                    Add if num.is_float() => numeric::binary(numeric::BinOp::Add, num, old, v0).0,
                    Add => num.mask(old.wrapping_add(v0)),
                    And => old & v0,
                    Or => old | v0,
                    Xor => old ^ v0,
                    Min => {
                        if ord {
                            v0
                        } else {
                            old
                        }
                    }
                    Max => {
                        if numeric::compare(numeric::CmpOp::Gt, num, v0, old) {
                            v0
                        } else {
                            old
                        }
                    }
                    Exchange => v0,
                }
            }
        };
        shape::write_scalar(mem, off, num, new);
        ctx.access(id, AccessKind::Atomic, root, off as u64, size as u32);
        old
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn intrinsic(
        &mut self,
        ctx: &mut Ctx<'_, '_>,
        which: ir::Intrinsic,
        out: Num,
        d: usize,
        n: u32,
        args: &[Arg],
        fb: usize,
    ) -> Result<(), RunError> {
        use crate::intrinsics::{self, ArgVal};
        use ir::Intrinsic as I;
        let get = |this: &Invocation, a: &Arg| -> Vec<u64> {
            this.regs[fb + a.slot as usize..fb + (a.slot + a.n) as usize].to_vec()
        };
        match which {
            I::WaveGetLaneIndex => {
                self.regs[d] = u64::from(self.lane);
                return Ok(());
            }
            I::WaveGetLaneCount => {
                self.regs[d] = u64::from(ctx.wave_size);
                return Ok(());
            }
            I::Modf | I::Frexp | I::Sincos => {
                let fp = ctx.prog.denormals;
                let num = args[0].num;
                let x: Vec<u64> = get(self, &args[0])
                    .into_iter()
                    .map(|b| fp.flush(num, b))
                    .collect();
                let mut first = vec![0u64; x.len()];
                let mut second = vec![0u64; x.len()];
                for (i, &b) in x.iter().enumerate() {
                    let v = numeric::to_f64(num, b);
                    let (p, q) = match which {
                        I::Modf => (v - v.trunc(), v.trunc()),
                        I::Frexp => {
                            let (m, e) = intrinsics::frexp(v);
                            (m, e as f64)
                        }
                        _ => (
                            intrinsics::round_to(num, v.sin()),
                            intrinsics::round_to(num, v.cos()),
                        ),
                    };
                    first[i] = fp.flush(num, numeric::from_f64(num, p));
                    second[i] = fp.flush(num, numeric::from_f64(num, q));
                }
                if which == I::Sincos {
                    let (sp, cp) = (
                        self.regs[fb + args[1].slot as usize],
                        self.regs[fb + args[2].slot as usize],
                    );
                    self.store_ptr(ctx, sp, &first);
                    self.store_ptr(ctx, cp, &second);
                } else {
                    let p = self.regs[fb + args[1].slot as usize];
                    self.store_ptr(ctx, p, &second);
                    self.regs[d..d + n as usize].copy_from_slice(&first);
                }
                return Ok(());
            }
            I::AsUint if args.len() == 3 => {
                let x = get(self, &args[0]);
                let lo: Vec<u64> = x.iter().map(|&b| b & 0xffff_ffff).collect();
                let hi: Vec<u64> = x.iter().map(|&b| b >> 32).collect();
                let (lp, hp) = (
                    self.regs[fb + args[1].slot as usize],
                    self.regs[fb + args[2].slot as usize],
                );
                self.store_ptr(ctx, lp, &lo);
                self.store_ptr(ctx, hp, &hi);
                return Ok(());
            }
            _ => {}
        }
        // Operands are slices of the registers; the result goes to a stack buffer first, so
        // nothing is allocated.
        if args.len() > 4 || n > 16 {
            return Err(RunError::Unsupported(format!(
                "{} with {} operands",
                which.name(),
                args.len()
            )));
        }
        let empty = ArgVal {
            v: &[],
            num: Num::U32,
        };
        // Arithmetic intrinsics see 32-bit denormal operands flushed (and flush their
        // results) unless `-denorm preserve`; copies of such operands are kept here.
        let fp = ctx.prog.denormals;
        let flushing = fp != Denormals::Preserve && intrinsics::flushes_denormals(which);
        let mut flushed = [[0u64; 16]; 4];
        let mut is_flushed = [false; 4];
        for (k, a) in args.iter().enumerate() {
            if flushing && a.num == Num::F32 && a.n <= 16 {
                let regs = &self.regs[fb + a.slot as usize..fb + (a.slot + a.n) as usize];
                for (f, &b) in flushed[k].iter_mut().zip(regs) {
                    *f = fp.flush(a.num, b);
                }
                is_flushed[k] = true;
            }
        }
        let mut argv = [empty; 4];
        for (k, a) in args.iter().enumerate() {
            argv[k] = ArgVal {
                v: if is_flushed[k] {
                    &flushed[k][..a.n as usize]
                } else {
                    &self.regs[fb + a.slot as usize..fb + (a.slot + a.n) as usize]
                },
                num: a.num,
            };
        }
        let mut res = [0u64; 16];
        intrinsics::eval(which, out, &argv[..args.len()], &mut res[..n as usize])
            .map_err(RunError::Unsupported)?;
        if flushing {
            for r in &mut res[..n as usize] {
                *r = fp.flush(out, *r);
            }
        }
        self.regs[d..d + n as usize].copy_from_slice(&res[..n as usize]);
        Ok(())
    }
}

/// One texel of `format` at `off` as the shader's components of `num`: converted, the
/// missing ones 0 (and 1 for the fourth), as a texel buffer view reads.
fn read_view(format: TexelFormat, num: Num, mem: &[u8], off: usize, out: &mut [u64]) {
    let cs = format.num.mem_size() as usize;
    for (c, o) in out.iter_mut().enumerate() {
        *o = if (c as u32) < format.channels {
            let at = off + c * cs;
            let mut b = [0u8; 8];
            if let Some(bytes) = mem.get(at..at + cs) {
                b[..cs].copy_from_slice(bytes);
            }
            numeric::convert(format.num, num, format.num.mask(u64::from_le_bytes(b)))
        } else if c == 3 {
            numeric::convert(Num::I32, num, 1)
        } else {
            0
        };
    }
}

/// The shader's components `val` (of `num`) stored as one texel of `format` at `off`; the
/// components the format does not have are dropped.
fn write_view(format: TexelFormat, num: Num, mem: &mut [u8], off: usize, val: &[u64]) {
    let cs = format.num.mem_size() as usize;
    for (c, &v) in val.iter().enumerate().take(format.channels as usize) {
        let bits = numeric::convert(num, format.num, v);
        let at = off + c * cs;
        if let Some(bytes) = mem.get_mut(at..at + cs) {
            bytes.copy_from_slice(&bits.to_le_bytes()[..cs]);
        }
    }
}
