//! One invocation's state and the executor: [`Invocation::step`] runs one instruction,
//! [`Invocation::run`] runs until a barrier, a wave operation, the end or a budget (the
//! scheduler's quantum). Registers are `u64` components in frames of pre-assigned slots;
//! calls push a frame with its own registers and function memory (allocas). Phis are copied
//! on the edge into their block, all read before any is written. Memory is bytes behind
//! (root, shape, offset) pointers; accesses outside their memory read zeros or are dropped,
//! byte by byte for a value that straddles the end, like Vulkan's robust buffer access, and
//! are reported to the hook.

use crate::hooks::{
    AccessKind, Hook, InstructionEvent, InvocationId, MemoryAccess, RobustnessEvent,
};
use crate::numeric::{self, to_i64, Num};
use crate::program::{
    pack, root_space, unpack, Arg, Op, Program, FIRST_RESOURCE, INVALID, ROOT_PRIVATE, ROOT_SHARED,
    ROOT_STACK,
};
use crate::shape::{self, Shape};
use crate::RunError;
use types::TextureDim;

mod device;
mod ops;
mod sample;

pub use sample::{AddressMode, CompareOp, Filter, SamplerState};

/// Calls deeper than this are reported as an error (recursion without end).
const MAX_CALL_DEPTH: usize = 256;

/// The contents of a bound resource: bytes, and for textures their size in texels (depth
/// or array layers in `depth`); for samplers, their state.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Resource {
    pub data: Vec<u8>,
    pub width: u32,
    pub height: u32,
    pub depth: u32,
    /// Mip levels of a texture (0 or 1: one). The data holds, for each array slice in
    /// turn, its whole mip chain (level 0 first), as D3D12 orders subresources.
    pub levels: u32,
    pub sampler: Option<SamplerState>,
    /// A typed buffer's texel format as the pipeline gives it (a Vulkan texel buffer view's
    /// format), when it differs from the shader's element type: reads convert and fill the
    /// missing components (0, and 1 for the fourth), writes store the format's components,
    /// `GetDimensions` counts the format's texels. `None`: texels as the shader declares.
    pub texel_format: Option<TexelFormat>,
}

/// The components of one texel in memory: `channels` values of `num`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TexelFormat {
    pub num: Num,
    pub channels: u32,
}

impl TexelFormat {
    pub fn size(self) -> u32 {
        self.num.mem_size() * self.channels
    }
}

impl Resource {
    pub fn buffer(data: Vec<u8>) -> Resource {
        Resource {
            data,
            ..Resource::default()
        }
    }

    pub fn sampler(state: SamplerState) -> Resource {
        Resource {
            sampler: Some(state),
            ..Resource::default()
        }
    }

    pub fn texture(data: Vec<u8>, width: u32, height: u32, depth: u32) -> Resource {
        Resource {
            data,
            width,
            height: height.max(1),
            depth: depth.max(1),
            levels: 1,
            sampler: None,
            texel_format: None,
        }
    }

    /// The same texture with `levels` mip levels (at least 1).
    pub fn with_levels(mut self, levels: u32) -> Resource {
        self.levels = levels.max(1);
        self
    }

    /// The extent of one array slice of a `dim` texture at mip `level`: width, height and
    /// depth (depth only for 3D; an array's slice count is not part of it).
    pub(crate) fn mip_extent(&self, dim: Option<TextureDim>, level: u32) -> (u32, u32, u32) {
        let m = |v: u32| (v >> level.min(31)).max(1);
        let (w, h, d) = (self.width, self.height.max(1), self.depth.max(1));
        match dim {
            Some(TextureDim::D1 | TextureDim::D1Array) => (m(w), 1, 1),
            Some(TextureDim::D3) => (m(w), m(h), m(d)),
            _ => (m(w), m(h), 1),
        }
    }

    /// Texels before mip `level` in one slice's chain, and in the whole chain.
    pub(crate) fn mip_offsets(&self, dim: Option<TextureDim>, level: u32) -> (usize, usize) {
        let texels = |l: u32| {
            let (w, h, d) = self.mip_extent(dim, l);
            w as usize * h as usize * d as usize
        };
        let before = (0..level).map(texels).sum();
        let chain = (0..self.levels.max(1)).map(texels).sum();
        (before, chain)
    }
}

/// A few components without a heap allocation (values of more than 16 go to the heap).
enum Comps {
    Inline([u64; 16], usize),
    Heap(Vec<u64>),
}

impl Comps {
    fn of(src: &[u64]) -> Comps {
        if src.len() <= 16 {
            let mut a = [0; 16];
            a[..src.len()].copy_from_slice(src);
            Comps::Inline(a, src.len())
        } else {
            Comps::Heap(src.to_vec())
        }
    }

    fn zeros(n: usize) -> Comps {
        if n <= 16 {
            Comps::Inline([0; 16], n)
        } else {
            Comps::Heap(vec![0; n])
        }
    }
}

impl std::ops::Deref for Comps {
    type Target = [u64];
    fn deref(&self) -> &[u64] {
        match self {
            Comps::Inline(a, n) => &a[..*n],
            Comps::Heap(v) => v,
        }
    }
}

impl std::ops::DerefMut for Comps {
    fn deref_mut(&mut self) -> &mut [u64] {
        match self {
            Comps::Inline(a, n) => &mut a[..*n],
            Comps::Heap(v) => v,
        }
    }
}

/// What the executor needs besides the invocation: the program, the group's shared memory,
/// the bound resources (one per resource root) and the hook.
pub struct Ctx<'a, 'h> {
    pub prog: &'a Program,
    pub shared: &'a mut [u8],
    pub resources: &'a mut [Option<Resource>],
    /// Buffers reachable by device address, whose memory is among `resources`.
    pub device: &'a [crate::device::DeviceRange],
    pub hook: Option<&'a mut (dyn Hook + 'h)>,
    pub wave_size: u32,
    pub num_groups: [u32; 3],
    /// Instructions executed so far (all invocations).
    pub executed: u64,
}

impl Ctx<'_, '_> {
    pub(crate) fn robust(&mut self, inv: InvocationId, ev: RobustnessEvent) {
        if let Some(h) = self.hook.as_deref_mut() {
            h.robustness(inv, &ev);
        }
    }

    fn access(&mut self, inv: InvocationId, kind: AccessKind, root: u32, offset: u64, size: u32) {
        if let Some(h) = self.hook.as_deref_mut() {
            let space = root_space(self.prog, root);
            h.memory_access(
                inv,
                &MemoryAccess {
                    kind,
                    space,
                    root,
                    offset,
                    size,
                },
            );
        }
    }
}

/// Where an invocation stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum State {
    Ready,
    /// Waiting at the `Barrier` its pc points at.
    AtBarrier,
    /// Waiting at the wave operation its pc points at.
    AtWave,
    Finished,
}

#[derive(Debug, Clone, Copy)]
struct Frame {
    func: u32,
    pc: u32,
    base: u32,
    stack_base: u32,
    /// Absolute register of the caller's result.
    ret: u32,
}

/// One invocation: registers, call frames, function memory and per-invocation globals.
pub struct Invocation {
    pub id: InvocationId,
    /// Lane within its wave, and the wave's index within the group.
    pub lane: u32,
    pub wave: u32,
    pub state: State,
    frames: Vec<Frame>,
    regs: Vec<u64>,
    stack: Vec<u8>,
    private: Vec<u8>,
    scratch: Vec<u64>,
    began: bool,
}

/// The memory behind `root`, or `None` for an unbound resource.
fn memory<'m>(
    root: u32,
    stack: &'m mut [u8],
    private: &'m mut [u8],
    shared: &'m mut [u8],
    resources: &'m mut [Option<Resource>],
) -> Option<&'m mut [u8]> {
    match root {
        ROOT_STACK => Some(stack),
        ROOT_PRIVATE => Some(private),
        ROOT_SHARED => Some(shared),
        r => resources
            .get_mut((r - FIRST_RESOURCE) as usize)
            .and_then(|r| r.as_mut())
            .map(|r| &mut r.data[..]),
    }
}

fn index_value(num: Num, bits: u64) -> i64 {
    if num.is_signed() {
        to_i64(num, bits)
    } else {
        bits as i64
    }
}

impl Invocation {
    pub fn new(
        prog: &Program,
        id: InvocationId,
        lane: u32,
        wave: u32,
        num_groups: [u32; 3],
        wave_size: u32,
    ) -> Invocation {
        let entry = &prog.funcs[prog.entry as usize];
        let mut regs = vec![0u64; entry.nregs as usize];
        regs[..entry.consts.len()].copy_from_slice(&entry.consts);
        let mut private = prog.private_image.clone();
        for &(b, off, shape) in &prog.builtins {
            use ir::BuiltIn::*;
            let v: [u32; 3] = match b {
                GlobalInvocationId => id.global,
                LocalInvocationId => id.local,
                LocalInvocationIndex => [id.local_index, 0, 0],
                WorkgroupId => id.group,
                NumWorkgroups => num_groups,
                SubgroupSize => [wave_size, 0, 0],
                SubgroupLocalInvocationId => [lane, 0, 0],
                _ => [0, 0, 0],
            };
            let n = prog.shapes.flat[shape as usize] as usize;
            let vals: Vec<u64> = v.iter().take(n.max(1)).map(|&x| u64::from(x)).collect();
            if vals.len() == n {
                shape::write(&prog.shapes, shape, &mut private, off as usize, &vals);
            }
        }
        Invocation {
            id,
            lane,
            wave,
            state: State::Ready,
            frames: vec![Frame {
                func: prog.entry,
                pc: 0,
                base: 0,
                stack_base: 0,
                ret: 0,
            }],
            regs,
            stack: vec![0; entry.stack_size as usize],
            private,
            scratch: Vec::new(),
            began: false,
        }
    }

    /// Executes exactly one instruction (phis are part of the branch into their block).
    pub fn step(&mut self, ctx: &mut Ctx<'_, '_>) -> Result<State, RunError> {
        self.run(ctx, 1)
    }

    /// The op the invocation is about to execute (or waits at).
    pub fn current_op<'p>(&self, prog: &'p Program) -> &'p Op {
        let f = self.frames.last().expect("a live invocation has a frame");
        &prog.funcs[f.func as usize].ops[f.pc as usize]
    }

    /// (function, pc, call depth): where the invocation waits.
    pub fn position(&self) -> (u32, u32, usize) {
        let f = self.frames.last().expect("a live invocation has a frame");
        (f.func, f.pc, self.frames.len())
    }

    /// The components of an operand in the current frame.
    pub fn operand(&self, a: &Arg) -> &[u64] {
        let base = self.frames.last().map_or(0, |f| f.base) as usize;
        &self.regs[base + a.slot as usize..base + (a.slot + a.n) as usize]
    }

    /// Leaves a barrier or wave operation: writes the result (if any) and moves on.
    pub fn resume(&mut self, ctx: &mut Ctx<'_, '_>, dst: u32, result: &[u64]) {
        let f = *self.frames.last().expect("a live invocation has a frame");
        let base = f.base as usize + dst as usize;
        self.regs[base..base + result.len()].copy_from_slice(result);
        self.report(ctx, f.func, f.pc);
        self.frames.last_mut().unwrap().pc += 1;
        self.state = State::Ready;
    }

    fn report(&self, ctx: &mut Ctx<'_, '_>, func: u32, pc: u32) {
        if let Some(h) = ctx.hook.as_deref_mut() {
            let code = &ctx.prog.funcs[func as usize];
            let base = self.frames.last().map_or(0, |f| f.base) as usize;
            let (s, n) = code.results[pc as usize];
            h.instruction(&InstructionEvent {
                invocation: self.id,
                func: ir::Func::new(func as usize),
                inst: code.insts[pc as usize],
                result: &self.regs[base + s as usize..base + (s + n) as usize],
            });
        }
    }

    /// Reads `n` flat components through `ptr` into `out` (zeros when out of bounds).
    fn load_ptr(&mut self, ctx: &mut Ctx<'_, '_>, ptr: u64, out: &mut [u64]) {
        let (root, mut shape, off) = unpack(ptr);
        if let Shape::Resource { body, .. } = ctx.prog.shapes.get(shape) {
            shape = *body;
        }
        let size = ctx.prog.shapes.extent[shape as usize];
        let id = self.id;
        let mem = memory(
            root,
            &mut self.stack,
            &mut self.private,
            ctx.shared,
            ctx.resources,
        );
        match mem {
            None => {
                out.fill(0);
                ctx.robust(id, RobustnessEvent::Unbound { root });
            }
            Some(mem) if off == INVALID || off as usize + size as usize > mem.len() => {
                // A value that starts inside the memory and runs past its end (the last
                // `half4` of a 14-byte buffer) reads its bytes inside and zeros beyond, as a
                // GPU bounds-checks each component; one wholly outside reads zeros.
                match padded(mem, off, size) {
                    Some(bytes) => shape::read(&ctx.prog.shapes, shape, &bytes, 0, out),
                    None => out.fill(0),
                }
                let space = root_space(ctx.prog, root);
                ctx.robust(id, RobustnessEvent::OutOfBoundsRead { space, root });
            }
            Some(mem) => {
                shape::read(&ctx.prog.shapes, shape, mem, off as usize, out);
                ctx.access(id, AccessKind::Read, root, u64::from(off), size);
            }
        }
    }

    pub(crate) fn store_ptr(&mut self, ctx: &mut Ctx<'_, '_>, ptr: u64, vals: &[u64]) {
        let (root, shape, off) = unpack(ptr);
        let size = ctx.prog.shapes.extent[shape as usize];
        let id = self.id;
        let mem = memory(
            root,
            &mut self.stack,
            &mut self.private,
            ctx.shared,
            ctx.resources,
        );
        match mem {
            None => ctx.robust(id, RobustnessEvent::Unbound { root }),
            Some(mem) if off == INVALID || off as usize + size as usize > mem.len() => {
                // The bytes that fall inside the memory are written, the rest dropped.
                if let Some(mut bytes) = padded(mem, off, size) {
                    shape::write(&ctx.prog.shapes, shape, &mut bytes, 0, vals);
                    let start = off as usize;
                    let inside = mem.len() - start;
                    mem[start..].copy_from_slice(&bytes[..inside]);
                }
                let space = root_space(ctx.prog, root);
                ctx.robust(id, RobustnessEvent::OutOfBoundsWrite { space, root });
            }
            Some(mem) => {
                shape::write(&ctx.prog.shapes, shape, mem, off as usize, vals);
                ctx.access(id, AccessKind::Write, root, u64::from(off), size);
            }
        }
    }

    /// Walks an access chain from `base`.
    fn chain(&self, ctx: &mut Ctx<'_, '_>, base: u64, indices: &[(u32, Num)], fb: usize) -> u64 {
        let shapes = &ctx.prog.shapes;
        let (mut root, mut shape, off) = unpack(base);
        let mut off = u64::from(off);
        let mut valid = off != u64::from(INVALID);
        let mut k = 0;
        while k < indices.len() {
            let (slot, num) = indices[k];
            let idx = index_value(num, self.regs[fb + slot as usize]);
            let in_range = |len: u32| idx >= 0 && idx < i64::from(len);
            match shapes.get(shape) {
                Shape::Resource { body, .. } => {
                    // A chain into a buffer continues inside its body without using an index.
                    shape = *body;
                    continue;
                }
                Shape::ResourceArray { elem, len } => {
                    if !in_range(*len) {
                        valid = false;
                    } else {
                        root += idx as u32;
                    }
                    shape = *elem;
                }
                Shape::Struct { members } => {
                    let (o, m) = members
                        .get(idx.max(0) as usize)
                        .copied()
                        .unwrap_or((0, shape));
                    off += u64::from(o);
                    shape = m;
                }
                Shape::Array { elem, stride, len } => {
                    if idx < 0 || len.is_some_and(|l| !in_range(l)) {
                        valid = false;
                    } else {
                        off += idx as u64 * u64::from(*stride);
                    }
                    shape = *elem;
                }
                Shape::Vector {
                    n, stride, comp, ..
                } => {
                    if !in_range(*n) {
                        valid = false;
                    } else {
                        off += idx as u64 * u64::from(*stride);
                    }
                    shape = *comp;
                }
                Shape::Matrix {
                    rows,
                    row_stride,
                    row,
                    ..
                } => {
                    if !in_range(*rows) {
                        valid = false;
                    } else {
                        off += idx as u64 * u64::from(*row_stride);
                    }
                    shape = *row;
                }
                Shape::Scalar(_) | Shape::BitField { .. } => valid = false,
            }
            k += 1;
        }
        if !valid || off >= u64::from(INVALID) {
            off = u64::from(INVALID);
        }
        pack(root, shape, off as u32)
    }

    /// Runs until the invocation blocks, finishes, or `budget` instructions have run.
    pub fn run(&mut self, ctx: &mut Ctx<'_, '_>, budget: u64) -> Result<State, RunError> {
        if self.state == State::Finished {
            return Ok(State::Finished);
        }
        if !self.began {
            self.began = true;
            if let Some(h) = ctx.hook.as_deref_mut() {
                h.invocation_begin(self.id);
            }
        }
        let prog = ctx.prog;
        let hooked = ctx.hook.is_some();
        let mut frame = *self.frames.last().expect("a live invocation has a frame");
        let mut code = &prog.funcs[frame.func as usize];
        let mut pc = frame.pc as usize;
        let mut fb = frame.base as usize;
        let mut left = budget;
        macro_rules! save {
            () => {
                self.frames.last_mut().unwrap().pc = pc as u32;
                ctx.executed += budget - left;
            };
        }
        loop {
            if left == 0 {
                save!();
                return Ok(State::Ready);
            }
            left -= 1;
            let op = &code.ops[pc];
            let r = &mut self.regs;
            let mut next = pc + 1;
            match op {
                Op::Binary {
                    op,
                    num,
                    dst,
                    a,
                    b,
                    n,
                } => {
                    let (d, a, b) = (fb + *dst as usize, fb + *a as usize, fb + *b as usize);
                    let mut ub = false;
                    // The denormal check once per instruction; other kinds keep the plain loop.
                    if let Some(fp) = prog.denormals.for_num(*num) {
                        for i in 0..*n as usize {
                            let (v, z) = fp.binary(*op, *num, r[a + i], r[b + i]);
                            r[d + i] = v;
                            ub |= z;
                        }
                    } else {
                        for i in 0..*n as usize {
                            let (v, z) = numeric::binary(*op, *num, r[a + i], r[b + i]);
                            r[d + i] = v;
                            ub |= z;
                        }
                    }
                    if ub {
                        ctx.robust(self.id, RobustnessEvent::DivisionByZero);
                    }
                }
                Op::Compare {
                    op,
                    num,
                    dst,
                    a,
                    b,
                    n,
                } => {
                    let (d, a, b) = (fb + *dst as usize, fb + *a as usize, fb + *b as usize);
                    if let Some(fp) = prog.denormals.for_num(*num) {
                        for i in 0..*n as usize {
                            r[d + i] = fp.compare(*op, *num, r[a + i], r[b + i]) as u64;
                        }
                    } else {
                        for i in 0..*n as usize {
                            r[d + i] = numeric::compare(*op, *num, r[a + i], r[b + i]) as u64;
                        }
                    }
                }
                Op::Unary { op, num, dst, a, n } => {
                    let (d, a) = (fb + *dst as usize, fb + *a as usize);
                    for i in 0..*n as usize {
                        r[d + i] = numeric::unary(*op, *num, r[a + i]);
                    }
                }
                Op::Convert {
                    from,
                    to,
                    dst,
                    a,
                    n,
                } => {
                    let (d, a) = (fb + *dst as usize, fb + *a as usize);
                    for i in 0..*n as usize {
                        r[d + i] = numeric::convert(*from, *to, r[a + i]);
                    }
                }
                Op::Bitcast {
                    from,
                    to,
                    dst,
                    a,
                    n_from,
                    n_to,
                } => {
                    let (d, a) = (fb + *dst as usize, fb + *a as usize);
                    let mut bytes = [0u8; 32];
                    let (wf, wt) = (from.width() as usize / 8, to.width() as usize / 8);
                    for i in 0..*n_from as usize {
                        bytes[i * wf..(i + 1) * wf].copy_from_slice(&r[a + i].to_le_bytes()[..wf]);
                    }
                    for i in 0..*n_to as usize {
                        let mut b8 = [0u8; 8];
                        b8[..wt].copy_from_slice(&bytes[i * wt..(i + 1) * wt]);
                        r[d + i] = u64::from_le_bytes(b8);
                    }
                }
                Op::MatMul {
                    num,
                    dst,
                    a,
                    b,
                    rows,
                    inner,
                    cols,
                    strides,
                } => {
                    let (d, a, b) = (fb + *dst as usize, fb + *a as usize, fb + *b as usize);
                    let [ars, acs, brs, bcs] = strides.map(|s| s as usize);
                    let zero = if *num == Num::Bool {
                        0
                    } else {
                        numeric::convert(Num::I32, *num, 0)
                    };
                    for i in 0..*rows as usize {
                        for j in 0..*cols as usize {
                            let mut acc = zero;
                            for k in 0..*inner as usize {
                                let x = r[a + i * ars + k * acs];
                                let y = r[b + k * brs + j * bcs];
                                let fp = prog.denormals;
                                let (p, _) = fp.binary(numeric::BinOp::Mul, *num, x, y);
                                acc = if k == 0 {
                                    p
                                } else {
                                    fp.binary(numeric::BinOp::Add, *num, acc, p).0
                                };
                            }
                            r[d + i * *cols as usize + j] = acc;
                        }
                    }
                }
                Op::Select {
                    dst,
                    cond,
                    a,
                    b,
                    n,
                    cond_per_component,
                } => {
                    let (d, c, a, b) = (
                        fb + *dst as usize,
                        fb + *cond as usize,
                        fb + *a as usize,
                        fb + *b as usize,
                    );
                    for i in 0..*n as usize {
                        let ci = if *cond_per_component { c + i } else { c };
                        r[d + i] = if r[ci] != 0 { r[a + i] } else { r[b + i] };
                    }
                }
                Op::Copy { dst, src, n } => {
                    let s = fb + *src as usize;
                    r.copy_within(s..s + *n as usize, fb + *dst as usize);
                }
                Op::Construct { dst, parts } => {
                    let mut d = fb + *dst as usize;
                    for &(s, n) in parts.iter() {
                        let s = fb + s as usize;
                        r.copy_within(s..s + n as usize, d);
                        d += n as usize;
                    }
                }
                Op::Insert {
                    dst,
                    src,
                    part,
                    off,
                    part_n,
                    n,
                } => {
                    let (d, s, p) = (fb + *dst as usize, fb + *src as usize, fb + *part as usize);
                    r.copy_within(s..s + *n as usize, d);
                    r.copy_within(p..p + *part_n as usize, d + *off as usize);
                }
                Op::Transpose {
                    dst,
                    src,
                    rows,
                    cols,
                } => {
                    let (d, s) = (fb + *dst as usize, fb + *src as usize);
                    let (rows, cols) = (*rows as usize, *cols as usize);
                    for i in 0..rows {
                        for j in 0..cols {
                            r[d + j * rows + i] = r[s + i * cols + j];
                        }
                    }
                }
                Op::Swizzle { dst, src, comps, n } => {
                    let (d, s) = (fb + *dst as usize, fb + *src as usize);
                    let vals = comps.map(|c| r[s + c as usize]);
                    r[d..d + *n as usize].copy_from_slice(&vals[..*n as usize]);
                }
                Op::ExtractDynamic {
                    dst,
                    src,
                    index,
                    index_num,
                    len,
                } => {
                    let i = index_value(*index_num, r[fb + *index as usize]);
                    r[fb + *dst as usize] = if i >= 0 && i < i64::from(*len) {
                        r[fb + *src as usize + i as usize]
                    } else {
                        ctx.robust(
                            self.id,
                            RobustnessEvent::OutOfBoundsRead {
                                space: types::AddressSpace::Function,
                                root: ROOT_STACK,
                            },
                        );
                        0
                    };
                }
                Op::InsertDynamic {
                    dst,
                    src,
                    part,
                    index,
                    index_num,
                    len,
                } => {
                    let (d, s) = (fb + *dst as usize, fb + *src as usize);
                    r.copy_within(s..s + *len as usize, d);
                    let i = index_value(*index_num, r[fb + *index as usize]);
                    if i >= 0 && i < i64::from(*len) {
                        r[d + i as usize] = r[fb + *part as usize];
                    } else {
                        ctx.robust(
                            self.id,
                            RobustnessEvent::OutOfBoundsWrite {
                                space: types::AddressSpace::Function,
                                root: ROOT_STACK,
                            },
                        );
                    }
                }
                Op::Alloca { dst, off, shape } => {
                    r[fb + *dst as usize] = pack(ROOT_STACK, *shape, frame.stack_base + off);
                }
                Op::Load { dst, ptr, n } => {
                    let p = r[fb + *ptr as usize];
                    let (root, shape, off) = unpack(p);
                    // Fast path: a scalar in function memory.
                    if root == ROOT_STACK && !hooked && off != INVALID {
                        if let Shape::Scalar(num) = prog.shapes.get(shape) {
                            r[fb + *dst as usize] =
                                shape::read_scalar(&self.stack, off as usize, *num);
                            pc = next;
                            continue;
                        }
                    }
                    let d = fb + *dst as usize;
                    let mut tmp = std::mem::take(&mut self.scratch);
                    tmp.clear();
                    tmp.resize(*n as usize, 0);
                    self.load_ptr(ctx, p, &mut tmp);
                    self.regs[d..d + *n as usize].copy_from_slice(&tmp);
                    self.scratch = tmp;
                }
                Op::Store { ptr, src, n } => {
                    let p = r[fb + *ptr as usize];
                    let s = fb + *src as usize;
                    let (root, shape, off) = unpack(p);
                    if root == ROOT_STACK && !hooked && off != INVALID {
                        if let Shape::Scalar(num) = prog.shapes.get(shape) {
                            shape::write_scalar(&mut self.stack, off as usize, *num, r[s]);
                            pc = next;
                            continue;
                        }
                    }
                    let mut tmp = std::mem::take(&mut self.scratch);
                    tmp.clear();
                    tmp.extend_from_slice(&r[s..s + *n as usize]);
                    self.store_ptr(ctx, p, &tmp);
                    self.scratch = tmp;
                }
                Op::Chain { dst, base, indices } => {
                    let b = r[fb + *base as usize];
                    let p = self.chain(ctx, b, indices, fb);
                    self.regs[fb + *dst as usize] = p;
                }
                Op::Resource {
                    op,
                    dst,
                    n,
                    args,
                    shape,
                    offset,
                    extras,
                } => {
                    let at = fb + *dst as usize;
                    match extras {
                        None => self.resource_op(ctx, *op, at, *n, args, *shape, *offset, fb)?,
                        Some(x) => {
                            self.texture_read_with(ctx, *op, at, *n, args, *offset, x, fb)?
                        }
                    }
                }
                Op::Atomic {
                    op,
                    num,
                    dst,
                    ptr,
                    coord,
                    vals,
                } => {
                    let v0 = r[fb + vals[0] as usize];
                    let v1 = r[fb + vals[1] as usize];
                    let p = r[fb + *ptr as usize];
                    let old = self.atomic(ctx, *op, *num, p, coord.as_ref(), v0, v1, fb);
                    self.regs[fb + *dst as usize] = old;
                }
                Op::MemoryBarrier => {}
                Op::Barrier => {
                    save!();
                    self.state = State::AtBarrier;
                    return Ok(State::AtBarrier);
                }
                Op::Wave { .. } => {
                    save!();
                    self.state = State::AtWave;
                    return Ok(State::AtWave);
                }
                Op::Intrinsic {
                    which,
                    dst,
                    out,
                    n,
                    args,
                } => {
                    self.intrinsic(ctx, *which, *out, fb + *dst as usize, *n, args, fb)?;
                }
                Op::Call {
                    func, dst, args, ..
                } => {
                    if self.frames.len() >= MAX_CALL_DEPTH {
                        save!();
                        return Err(RunError::CallDepth(self.id));
                    }
                    let callee = &prog.funcs[*func as usize];
                    let nb = self.regs.len();
                    self.regs.resize(nb + callee.nregs as usize, 0);
                    self.regs[nb..nb + callee.consts.len()].copy_from_slice(&callee.consts);
                    for (&(s, w), &(p, _)) in args.iter().zip(&callee.params) {
                        let s = fb + s as usize;
                        self.regs.copy_within(s..s + w as usize, nb + p as usize);
                    }
                    let sb = self.stack.len();
                    self.stack.resize(sb + callee.stack_size as usize, 0);
                    self.frames.last_mut().unwrap().pc = pc as u32;
                    frame = Frame {
                        func: *func,
                        pc: 0,
                        base: nb as u32,
                        stack_base: sb as u32,
                        ret: (fb + *dst as usize) as u32,
                    };
                    self.frames.push(frame);
                    code = callee;
                    fb = nb;
                    pc = 0;
                    continue;
                }
                Op::Return { src, n } => {
                    if self.frames.len() == 1 {
                        if hooked {
                            self.report(ctx, frame.func, pc as u32);
                        }
                        save!();
                        return Ok(self.finish(ctx));
                    }
                    let done = self.frames.pop().unwrap();
                    if hooked {
                        self.frames.push(done);
                        self.report(ctx, done.func, pc as u32);
                        self.frames.pop();
                    }
                    let s = done.base as usize + *src as usize;
                    self.regs.copy_within(s..s + *n as usize, done.ret as usize);
                    self.regs.truncate(done.base as usize);
                    self.stack.truncate(done.stack_base as usize);
                    frame = *self.frames.last().unwrap();
                    code = &prog.funcs[frame.func as usize];
                    fb = frame.base as usize;
                    pc = frame.pc as usize;
                    if hooked {
                        self.report(ctx, frame.func, pc as u32);
                    }
                    pc += 1;
                    continue;
                }
                Op::Branch { edge } => {
                    next = self.take_edge(ctx, code, *edge, fb, hooked, frame.func, pc);
                    pc = next;
                    continue;
                }
                Op::CondBranch { cond, t, f } => {
                    let e = if r[fb + *cond as usize] != 0 { *t } else { *f };
                    next = self.take_edge(ctx, code, e, fb, hooked, frame.func, pc);
                    pc = next;
                    continue;
                }
                Op::Switch {
                    sel,
                    num,
                    default,
                    cases,
                } => {
                    let v = num.mask(r[fb + *sel as usize]);
                    let e = cases
                        .iter()
                        .find(|(c, _)| *c == v)
                        .map_or(*default, |(_, e)| *e);
                    next = self.take_edge(ctx, code, e, fb, hooked, frame.func, pc);
                    pc = next;
                    continue;
                }
                Op::Kill => {
                    // `discard` has no meaning in compute; the invocation simply ends.
                    save!();
                    return Ok(self.finish(ctx));
                }
                Op::Unreachable => {
                    save!();
                    return Err(RunError::Unreachable {
                        function: code.name.clone(),
                        invocation: self.id,
                    });
                }
                Op::Unsupported { what } => {
                    save!();
                    return Err(RunError::Unsupported(what.clone()));
                }
                Op::Device(dop) => {
                    if let Err(e) = self.device_access(ctx, dop, fb) {
                        save!();
                        return Err(e);
                    }
                }
            }
            if hooked {
                self.report(ctx, frame.func, pc as u32);
            }
            pc = next;
        }
    }

    fn finish(&mut self, ctx: &mut Ctx<'_, '_>) -> State {
        self.state = State::Finished;
        if let Some(h) = ctx.hook.as_deref_mut() {
            h.invocation_end(self.id);
        }
        State::Finished
    }

    /// Performs the phi copies of an edge and returns the target pc.
    #[allow(clippy::too_many_arguments)]
    fn take_edge(
        &mut self,
        ctx: &mut Ctx<'_, '_>,
        code: &crate::program::FuncCode,
        edge: u32,
        fb: usize,
        hooked: bool,
        func: u32,
        pc: usize,
    ) -> usize {
        if hooked {
            self.report(ctx, func, pc as u32);
        }
        let e = &code.edges[edge as usize];
        if e.parallel {
            let mut tmp = std::mem::take(&mut self.scratch);
            tmp.clear();
            for &(_, s, n) in e.copies.iter() {
                tmp.extend_from_slice(&self.regs[fb + s as usize..fb + (s + n) as usize]);
            }
            let mut at = 0;
            for &(d, _, n) in e.copies.iter() {
                let d = fb + d as usize;
                self.regs[d..d + n as usize].copy_from_slice(&tmp[at..at + n as usize]);
                at += n as usize;
            }
            self.scratch = tmp;
        } else {
            for &(d, s, n) in e.copies.iter() {
                if n == 1 {
                    self.regs[fb + d as usize] = self.regs[fb + s as usize];
                } else {
                    let s = fb + s as usize;
                    self.regs.copy_within(s..s + n as usize, fb + d as usize);
                }
            }
        }
        if hooked {
            if let Some(h) = ctx.hook.as_deref_mut() {
                for &(inst, s, n) in e.phis.iter() {
                    h.instruction(&InstructionEvent {
                        invocation: self.id,
                        func: ir::Func::new(func as usize),
                        inst,
                        result: &self.regs[fb + s as usize..fb + (s + n) as usize],
                    });
                }
            }
        }
        e.pc as usize
    }
}

/// The `size` bytes at `off` of `mem`, zero beyond its end, when `off` is inside `mem`
/// (`None` for an invalid or past-the-end offset).
fn padded(mem: &[u8], off: u32, size: u32) -> Option<Vec<u8>> {
    let start = off as usize;
    if off == INVALID || start >= mem.len() {
        return None;
    }
    let mut bytes = vec![0; size as usize];
    let inside = (mem.len() - start).min(bytes.len());
    bytes[..inside].copy_from_slice(&mem[start..start + inside]);
    Some(bytes)
}
