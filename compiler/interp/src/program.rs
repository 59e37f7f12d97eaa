//! The pre-decoded program: every function of the module turned once into a flat list of
//! [`Op`]s over numbered register slots (constants, arguments and results each get their
//! slots up front, so executing an instruction never hashes or allocates), the phi copies of
//! each control-flow edge, the memory shapes, and where every global lives. Built by
//! [`Program::new`] from an `ir::Module` and an entry point; executed by `exec`.

use std::collections::HashMap;

use ir::{
    AtomicOp, BuiltIn, ConstantKind, Func, GlobalKind, Inst, InstData, Intrinsic, Module, Opcode,
    StageBinding, Value,
};
use types::{AddressSpace, Type};

use crate::numeric::{BinOp, CmpOp, Num, UnOp};
use crate::shape::{ResKind, Shape, ShapeId, Shapes};
use crate::RunError;

/// Roots of pointers: function memory, per-invocation globals, groupshared memory; resources
/// (one root per bound resource, arrays take consecutive roots) start at `FIRST_RESOURCE`.
pub const ROOT_STACK: u32 = 0;
pub const ROOT_PRIVATE: u32 = 1;
pub const ROOT_SHARED: u32 = 2;
pub const FIRST_RESOURCE: u32 = 3;
/// The offset of a pointer that went out of bounds: every access through it is dropped.
pub const INVALID: u32 = u32::MAX;

/// The most memory the interpreter allocates for one group's or invocation's variables.
const MEMORY_LIMIT: usize = 1 << 30;

const SHAPE_BITS: u32 = 20;
const ROOT_BITS: u32 = 12;

/// A pointer is one register: offset (32 bits), shape (20 bits), root (12 bits).
#[inline]
pub fn pack(root: u32, shape: ShapeId, off: u32) -> u64 {
    u64::from(off) | (u64::from(shape) << 32) | (u64::from(root) << (32 + SHAPE_BITS))
}

#[inline]
pub fn unpack(p: u64) -> (u32, ShapeId, u32) {
    (
        (p >> (32 + SHAPE_BITS)) as u32,
        ((p >> 32) as u32) & ((1 << SHAPE_BITS) - 1),
        p as u32,
    )
}

/// Operations on texels, buffers and queries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResOp {
    TextureLoad,
    TextureStore,
    QuerySize,
    QueryLevels,
    ByteAddressLoad,
    ByteAddressStore,
    ArrayLength,
    /// `SampleLevel`: texture, sampler, coordinate, level.
    SampleLevel,
    /// `SampleCmpLevelZero` (and `SampleCmpLevel`, whose level clamps to the one level a
    /// texture holds): texture, comparison sampler, coordinate, reference.
    SampleCompareLevelZero,
    /// `Gather` of one component: texture, sampler, coordinate.
    Gather {
        component: u8,
    },
}

/// The optional parts of a texture read (`ir::texture`): a run-time texel offset, four
/// gather offsets (component `i` of the result from a gather at offset `i`), and the status
/// pointer that receives the residency code, always 0 (every texel of an interpreted texture
/// is resident, which `CheckAccessFullyMapped` reports as true).
#[derive(Debug, Clone)]
pub struct ResExtras {
    pub offset: Option<Arg>,
    pub four_offsets: Option<[[i32; 2]; 4]>,
    pub status: Option<u32>,
}

/// A slot range: first register and component count, with the component kind.
#[derive(Debug, Clone, Copy)]
pub struct Arg {
    pub slot: u32,
    pub n: u32,
    pub num: Num,
}

/// One pre-decoded instruction. Slots are relative to the frame's register base.
#[derive(Debug, Clone)]
pub enum Op {
    Unary {
        op: UnOp,
        num: Num,
        dst: u32,
        a: u32,
        n: u32,
    },
    Binary {
        op: BinOp,
        num: Num,
        dst: u32,
        a: u32,
        b: u32,
        n: u32,
    },
    Compare {
        op: CmpOp,
        num: Num,
        dst: u32,
        a: u32,
        b: u32,
        n: u32,
    },
    Convert {
        from: Num,
        to: Num,
        dst: u32,
        a: u32,
        n: u32,
    },
    Bitcast {
        from: Num,
        to: Num,
        dst: u32,
        a: u32,
        n_from: u32,
        n_to: u32,
    },
    /// `C[i][j] = sum_k A[i*ars + k*acs] * B[k*brs + j*bcs]`, C is `rows x cols`.
    MatMul {
        num: Num,
        dst: u32,
        a: u32,
        b: u32,
        rows: u32,
        inner: u32,
        cols: u32,
        strides: [u32; 4],
    },
    Select {
        dst: u32,
        cond: u32,
        a: u32,
        b: u32,
        n: u32,
        cond_per_component: bool,
    },
    Copy {
        dst: u32,
        src: u32,
        n: u32,
    },
    Construct {
        dst: u32,
        parts: Box<[(u32, u32)]>,
    },
    Insert {
        dst: u32,
        src: u32,
        part: u32,
        off: u32,
        part_n: u32,
        n: u32,
    },
    Transpose {
        dst: u32,
        src: u32,
        rows: u32,
        cols: u32,
    },
    Swizzle {
        dst: u32,
        src: u32,
        comps: [u8; 4],
        n: u32,
    },
    ExtractDynamic {
        dst: u32,
        src: u32,
        index: u32,
        index_num: Num,
        len: u32,
    },
    InsertDynamic {
        dst: u32,
        src: u32,
        part: u32,
        index: u32,
        index_num: Num,
        len: u32,
    },
    Alloca {
        dst: u32,
        off: u32,
        shape: ShapeId,
    },
    Load {
        dst: u32,
        ptr: u32,
        n: u32,
    },
    Store {
        ptr: u32,
        src: u32,
        n: u32,
    },
    Chain {
        dst: u32,
        base: u32,
        indices: Box<[(u32, Num)]>,
    },
    Resource {
        op: ResOp,
        dst: u32,
        n: u32,
        args: Box<[Arg]>,
        /// The natural shape of a byte-address load's or store's value.
        shape: ShapeId,
        /// The constant texel offset of a texture load.
        offset: [i32; 3],
        /// Trailing texture operands and four gather offsets, when the instruction has any.
        extras: Option<Box<ResExtras>>,
    },
    Atomic {
        op: Option<AtomicOp>,
        num: Num,
        dst: u32,
        ptr: u32,
        coord: Option<Arg>,
        /// `AtomicRmw`: the value; `AtomicCompareExchange`: comparand, then value.
        vals: [u32; 2],
    },
    Barrier,
    /// A barrier without `GROUP_SYNC`: nothing to do.
    MemoryBarrier,
    Call {
        func: u32,
        dst: u32,
        n: u32,
        args: Box<[(u32, u32)]>,
    },
    Intrinsic {
        which: Intrinsic,
        dst: u32,
        out: Num,
        n: u32,
        args: Box<[Arg]>,
    },
    /// A wave or quad operation: the invocations of a wave meet here.
    Wave {
        which: Intrinsic,
        dst: u32,
        out: Num,
        n: u32,
        args: Box<[Arg]>,
    },
    Branch {
        edge: u32,
    },
    CondBranch {
        cond: u32,
        t: u32,
        f: u32,
    },
    Switch {
        sel: u32,
        num: Num,
        default: u32,
        cases: Box<[(u64, u32)]>,
    },
    Return {
        src: u32,
        n: u32,
    },
    Kill,
    Unreachable,
    Unsupported {
        what: String,
    },
    /// A raw buffer or buffer pointer access through a device address (`crate::device`).
    Device(Box<crate::device::DeviceOp>),
}

/// A control-flow edge: where it goes and the phi copies it makes (all read before any is
/// written when `parallel` is set).
#[derive(Debug, Clone)]
pub struct Edge {
    pub pc: u32,
    pub copies: Box<[(u32, u32, u32)]>,
    pub parallel: bool,
    /// The phis of the target block with their slots, for the instruction hook.
    pub phis: Box<[(Inst, u32, u32)]>,
}

/// A decoded function.
#[derive(Debug, Clone)]
pub struct FuncCode {
    pub name: String,
    pub ops: Vec<Op>,
    /// The IR instruction of each op, and its result slots (for hooks).
    pub insts: Vec<Inst>,
    pub results: Vec<(u32, u32)>,
    pub edges: Vec<Edge>,
    /// Slots `0..consts.len()` hold these at frame entry.
    pub consts: Vec<u64>,
    /// Argument slots.
    pub params: Vec<(u32, u32)>,
    pub nregs: u32,
    pub stack_size: u32,
}

/// What lives behind a resource root.
#[derive(Debug, Clone)]
pub struct ResourceSlot {
    pub global: ir::Global,
    pub name: String,
    /// Index within a resource array (0 for single resources).
    pub index: u32,
    pub set: Option<u32>,
    pub binding: Option<u32>,
    pub kind: ResKind,
    /// Bytes of one texel (typed buffers and textures).
    pub texel_size: u32,
    pub texel: ShapeId,
    pub ty: Type,
}

/// The DirectX register class of a resource: `b`, `t`, `u` or `s`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RegisterClass {
    /// `b`: constant buffers.
    ConstantBuffer,
    /// `t`: read-only buffers and textures.
    ShaderResource,
    /// `u`: read-write buffers and textures.
    UnorderedAccess,
    /// `s`: samplers.
    Sampler,
}

impl RegisterClass {
    /// The class of a resource type (or of an array of them); `None` for types that are no
    /// bindable resource (push constants, patches, streams).
    pub fn of(ty: &Type) -> Option<RegisterClass> {
        use types::{ResourceType as R, StructuredKind};
        let ty = match ty {
            Type::Array { element, .. } => element,
            t => t,
        };
        Some(match ty.as_resource()? {
            R::ConstantBuffer { .. } => RegisterClass::ConstantBuffer,
            R::Sampler { .. } => RegisterClass::Sampler,
            R::Texture { access, .. } if access.is_writable() => RegisterClass::UnorderedAccess,
            R::TypedBuffer { access, .. } if access.is_writable() => RegisterClass::UnorderedAccess,
            R::ByteAddressBuffer { access } if access.is_writable() => {
                RegisterClass::UnorderedAccess
            }
            R::StructuredBuffer { kind, .. } if *kind != StructuredKind::ReadOnly => {
                RegisterClass::UnorderedAccess
            }
            R::Texture { .. }
            | R::TypedBuffer { .. }
            | R::ByteAddressBuffer { .. }
            | R::StructuredBuffer { .. }
            | R::TextureBuffer { .. }
            | R::SubpassInput { .. }
            | R::RaytracingAccelerationStructure => RegisterClass::ShaderResource,
            R::InputPatch { .. }
            | R::OutputPatch { .. }
            | R::Stream { .. }
            | R::RayQuery { .. } => return None,
        })
    }

    /// The class of a pipeline resource `Kind` (`RWStructuredBuffer`, `ConstantBuffer`, ...).
    pub fn of_kind(kind: &str) -> RegisterClass {
        if kind == "ConstantBuffer" {
            RegisterClass::ConstantBuffer
        } else if kind.starts_with("Sampler") {
            RegisterClass::Sampler
        } else if ["RW", "Append", "Consume", "RasterizerOrdered"]
            .iter()
            .any(|p| kind.starts_with(p))
        {
            RegisterClass::UnorderedAccess
        } else {
            RegisterClass::ShaderResource
        }
    }
}

/// Where a global lives.
#[derive(Debug, Clone, Copy)]
pub struct GlobalPlace {
    pub root: u32,
    pub off: u32,
    pub shape: ShapeId,
}

/// A compute entry point ready to run.
#[derive(Debug)]
pub struct Program {
    pub funcs: Vec<FuncCode>,
    pub shapes: Shapes,
    pub globals: Vec<GlobalPlace>,
    pub resources: Vec<ResourceSlot>,
    /// Per-invocation memory (private, input and output globals) at invocation start.
    pub private_image: Vec<u8>,
    pub shared_size: u32,
    /// Built-in inputs: where to write which value.
    pub builtins: Vec<(BuiltIn, u32, ShapeId)>,
    pub entry: u32,
    pub workgroup_size: [u32; 3],
    pub entry_name: String,
    /// What float arithmetic does with 32-bit denormals.
    pub denormals: crate::numeric::Denormals,
    /// The entry point's `[WaveSize]`: lanes per wave, whatever the run's options say.
    pub wave_size: Option<u32>,
}

/// Options for decoding: spec constant values by id (bits as [`ir::Constant`] keeps them).
#[derive(Debug, Clone, Default)]
pub struct ProgramOptions {
    pub spec_constants: HashMap<u32, u64>,
    /// The number of elements of each descriptor-heap array (see [`crate::heap`]).
    pub descriptor_heap_len: u32,
    /// The number of elements of each other runtime array of resources (`RWBuffer<int> B[]`;
    /// at least one): the pipeline binds that many.
    pub unbounded_array_len: u32,
    /// 32-bit denormals in arithmetic: flushed (the default, D3D's rule) or kept.
    pub denormals: crate::numeric::Denormals,
}

/// Flat scalar components of a value of `ty` (pointers and buffer pointers take one
/// register).
pub fn flat_count(ty: &Type) -> u32 {
    match ty {
        // Inline SPIR-V types hold nothing the interpreter can see; the instructions that
        // make and use them are unsupported. A struct reference is only a pointee.
        Type::Void | Type::Resource(_) | Type::Spirv(_) | Type::StructRef(_) => 0,
        Type::Scalar(_) | Type::Pointer { .. } | Type::BufferPointer { .. } | Type::Enum(_) => 1,
        Type::Vector(_, n) => u32::from(*n),
        Type::Matrix { rows, cols, .. } => u32::from(*rows) * u32::from(*cols),
        Type::Array { element, len } => flat_count(element).saturating_mul(len.unwrap_or(0)),
        Type::Struct(s) => s.fields.iter().map(|f| flat_count(&f.ty)).sum(),
    }
}

pub(crate) fn num_of(ty: &Type) -> Num {
    if matches!(ty, Type::BufferPointer { .. }) {
        return Num::of(types::ScalarKind::Uint64);
    }
    ty.scalar_kind().map_or(Num::U32, Num::of)
}

impl Program {
    /// Decodes the module for the compute entry point `entry`.
    pub fn new(
        module: &Module,
        entry: &str,
        options: &ProgramOptions,
    ) -> Result<Program, RunError> {
        let errors = ir::verify(module);
        if let Some(e) = errors.first() {
            return Err(RunError::InvalidModule(e.to_string()));
        }
        let ep = module
            .entry_points
            .iter()
            .find(|e| e.name == entry)
            .ok_or_else(|| RunError::NoEntryPoint(entry.to_owned()))?;
        if ep.stage != ir::Stage::Compute {
            return Err(RunError::NotCompute(entry.to_owned()));
        }
        let mut shapes = Shapes::default();
        let mut globals = Vec::new();
        let mut resources = Vec::new();
        let mut private_image = Vec::new();
        let mut shared_size = 0u32;
        let mut builtins = Vec::new();
        for (h, g) in module.globals.iter() {
            let place = match g.kind {
                GlobalKind::RayData => {
                    return Err(RunError::Unsupported(format!(
                        "{} (ray-tracing pipeline stages are not supported yet)",
                        g.name
                    )))
                }
                GlobalKind::Private | GlobalKind::Input | GlobalKind::Output => {
                    let shape = shapes.natural(&g.ty);
                    let off = private_image.len() as u32;
                    if off as usize + shapes.size[shape as usize] as usize >= MEMORY_LIMIT {
                        return Err(RunError::Unsupported(
                            "over 1 GiB of private memory".to_owned(),
                        ));
                    }
                    private_image.resize(
                        private_image.len() + shapes.size[shape as usize] as usize,
                        0,
                    );
                    if let Some(init) = g.init {
                        let mut vals = Vec::new();
                        flatten_const(module, init, &mut vals);
                        if vals.len() == shapes.flat[shape as usize] as usize {
                            crate::shape::write(
                                &shapes,
                                shape,
                                &mut private_image,
                                off as usize,
                                &vals,
                            );
                        }
                    }
                    if let Some(StageBinding::BuiltIn(b)) = g.stage_binding {
                        builtins.push((b, off, shape));
                    }
                    GlobalPlace {
                        root: ROOT_PRIVATE,
                        off,
                        shape,
                    }
                }
                // A task payload is memory the work group shares, like `groupshared`.
                GlobalKind::Groupshared | GlobalKind::TaskPayload => {
                    let shape = shapes.natural(&g.ty);
                    let off = shared_size;
                    shared_size = shared_size.saturating_add(shapes.size[shape as usize]);
                    GlobalPlace {
                        root: ROOT_SHARED,
                        off,
                        shape,
                    }
                }
                // Only ray-tracing stages have a shader binding table; compute runs here.
                GlobalKind::ShaderRecord => {
                    return Err(RunError::Unsupported(format!(
                        "a shader-record buffer ({}) outside a ray-tracing stage",
                        g.name
                    )));
                }
                GlobalKind::Resource | GlobalKind::PushConstant => {
                    if let Type::Array { element, .. } = &g.ty {
                        if matches!(&**element, Type::Array { .. }) {
                            return Err(RunError::Unsupported(format!(
                                "an array of arrays of resources ({})",
                                g.name
                            )));
                        }
                    }
                    let root = FIRST_RESOURCE + resources.len() as u32;
                    let (rty, count) = match &g.ty {
                        Type::Array { element, .. }
                            if crate::heap::is_heap_global(&g.name, &g.ty) =>
                        {
                            ((**element).clone(), options.descriptor_heap_len.max(1))
                        }
                        Type::Array { element, len } => (
                            (**element).clone(),
                            len.unwrap_or(options.unbounded_array_len.max(1)),
                        ),
                        t => (t.clone(), 1),
                    };
                    let elem_shape = match rty.as_resource() {
                        Some(r) => shapes.resource(r, g.layout.as_ref()),
                        None => {
                            // A push-constant block: memory laid out by its layout.
                            let body = match &g.layout {
                                Some(l) => shapes.laid_out(&rty, &l.layout),
                                None => shapes.natural(&rty),
                            };
                            shapes.push(
                                Shape::Resource {
                                    kind: ResKind::Memory,
                                    body,
                                },
                                0,
                                0,
                            )
                        }
                    };
                    let (kind, body) = match shapes.get(elem_shape) {
                        Shape::Resource { kind, body } => (*kind, *body),
                        _ => (ResKind::Opaque, 0),
                    };
                    for index in 0..count {
                        resources.push(ResourceSlot {
                            global: h,
                            name: g.name.clone(),
                            index,
                            set: g.set,
                            binding: g.binding,
                            kind,
                            texel_size: shapes.size[body as usize],
                            texel: body,
                            ty: rty.clone(),
                        });
                    }
                    let shape = if matches!(g.ty, Type::Array { .. }) {
                        shapes.resource_array(elem_shape, count)
                    } else {
                        elem_shape
                    };
                    GlobalPlace {
                        root,
                        off: 0,
                        shape,
                    }
                }
            };
            globals.push(place);
        }
        if shared_size as usize >= MEMORY_LIMIT || private_image.len() >= MEMORY_LIMIT {
            return Err(RunError::Unsupported(
                "over 1 GiB of groupshared or private memory".to_owned(),
            ));
        }
        if FIRST_RESOURCE as usize + resources.len() >= 1 << ROOT_BITS {
            return Err(RunError::Unsupported("more than 4000 resources".to_owned()));
        }
        let mut funcs = Vec::new();
        for (h, _) in module.functions.iter() {
            let code = decode_function(module, h, &mut shapes, &globals, options)?;
            funcs.push(code);
        }
        if funcs
            .iter()
            .any(|f| f.stack_size as usize >= MEMORY_LIMIT || f.nregs as usize >= MEMORY_LIMIT / 8)
        {
            return Err(RunError::Unsupported(
                "a function needs over 1 GiB of memory".to_owned(),
            ));
        }
        if shapes.shapes.len() >= 1 << SHAPE_BITS {
            return Err(RunError::Unsupported("too many memory shapes".to_owned()));
        }
        Ok(Program {
            funcs,
            shapes,
            globals,
            resources,
            private_image,
            shared_size,
            builtins,
            entry: ep.function.index() as u32,
            workgroup_size: ep.workgroup_size.unwrap_or([1, 1, 1]),
            entry_name: ep.name.clone(),
            denormals: options.denormals,
            wave_size: ep.modes.iter().find_map(|m| match m {
                ir::ExecutionMode::WaveSize(n) => Some(*n),
                _ => None,
            }),
        })
    }

    /// The resource roots of the global with `set` and `binding`: (first root, count).
    pub fn find_binding(&self, set: u32, binding: u32) -> Option<(usize, usize)> {
        self.find_binding_of_class(set, binding, None)
    }

    /// [`Program::find_binding`] restricted to globals of register class `class`: DXC maps
    /// `register(b0)`, `register(t0)` and `register(u0)` all to binding 0, so the numbers alone
    /// do not say which of them a DirectX binding means. A global without a class (push
    /// constants) matches by its numbers.
    pub fn find_binding_of_class(
        &self,
        set: u32,
        binding: u32,
        class: Option<RegisterClass>,
    ) -> Option<(usize, usize)> {
        let first = self.resources.iter().position(|r| {
            let own = RegisterClass::of(&r.ty);
            r.set.unwrap_or(0) == set
                && r.binding == Some(binding)
                && (class.is_none() || own.is_none() || own == class)
        })?;
        let g = self.resources[first].global;
        let count = self.resources[first..]
            .iter()
            .take_while(|r| r.global == g)
            .count();
        Some((first, count))
    }

    /// The first resource root of the global named `name`.
    pub fn find_name(&self, name: &str) -> Option<usize> {
        self.resources.iter().position(|r| r.name == name)
    }
}

/// Flattens a constant into component bits.
pub fn flatten_const(module: &Module, c: ir::Const, out: &mut Vec<u64>) {
    let Some(k) = module.constants.get(c) else {
        return;
    };
    match &k.kind {
        ConstantKind::Scalar(bits) => out.push(*bits),
        ConstantKind::Composite(parts) => {
            for &p in parts {
                flatten_const(module, p, out);
            }
        }
    }
}

pub(crate) struct Decoder<'a> {
    pub(crate) module: &'a Module,
    func: &'a ir::Function,
    globals: &'a [GlobalPlace],
    options: &'a ProgramOptions,
    consts: Vec<u64>,
    const_slots: HashMap<Value, u32>,
    inst_slots: HashMap<Inst, (u32, u32)>,
    next: u32,
}

impl Decoder<'_> {
    pub(crate) fn ty(&self, v: Value) -> Type {
        self.module.value_type(self.func, v).unwrap_or(Type::Void)
    }

    /// The first slot of `v`, adding constants to the constant area on first use.
    pub(crate) fn slot(&mut self, v: Value) -> u32 {
        match v {
            Value::Inst(i) => self.inst_slots.get(&i).map_or(0, |s| s.0),
            Value::Arg(_) | Value::Const(_) | Value::Spec(_) | Value::Global(_) => {
                if let Some(&s) = self.const_slots.get(&v) {
                    return s;
                }
                let mut vals = Vec::new();
                match v {
                    Value::Const(c) => flatten_const(self.module, c, &mut vals),
                    Value::Spec(s) => {
                        let sc = &self.module.spec_constants[s];
                        vals.push(
                            self.options
                                .spec_constants
                                .get(&sc.id)
                                .copied()
                                .unwrap_or(sc.default_bits),
                        );
                    }
                    Value::Global(g) => {
                        let p = self.globals[g.index()];
                        vals.push(pack(p.root, p.shape, p.off));
                    }
                    _ => unreachable!("arguments have slots before decoding starts"),
                }
                let s = self.consts.len() as u32;
                self.consts.extend(vals);
                self.const_slots.insert(v, s);
                s
            }
        }
    }

    fn arg(&mut self, v: Value) -> Arg {
        let ty = self.ty(v);
        Arg {
            slot: self.slot(v),
            n: flat_count(&ty),
            num: num_of(&ty),
        }
    }
}

fn decode_function(
    module: &Module,
    h: Func,
    shapes: &mut Shapes,
    globals: &[GlobalPlace],
    options: &ProgramOptions,
) -> Result<FuncCode, RunError> {
    let func = &module.functions[h];
    let mut d = Decoder {
        module,
        func,
        globals,
        options,
        consts: Vec::new(),
        const_slots: HashMap::new(),
        inst_slots: HashMap::new(),
        next: 0,
    };
    // Constants first (their count is known only after decoding), so collect them in a
    // first pass over every operand.
    for &b in &func.layout {
        for &i in &func.blocks[b].insts {
            for &op in &func.insts[i].operands {
                if !matches!(op, Value::Inst(_) | Value::Arg(_)) {
                    d.slot(op);
                }
            }
        }
    }
    let mut next = d.consts.len() as u32;
    let mut params = Vec::new();
    for (n, p) in func.params.iter().enumerate() {
        let w = flat_count(&p.ty);
        params.push((next, w));
        d.const_slots.insert(Value::Arg(n as u32), next);
        next = next.saturating_add(w);
    }
    for &b in &func.layout {
        for &i in &func.blocks[b].insts {
            let w = flat_count(&func.insts[i].ty);
            d.inst_slots.insert(i, (next, w));
            next = next.saturating_add(w);
        }
    }
    d.next = next;

    let mut ops = Vec::new();
    let mut insts = Vec::new();
    let mut results = Vec::new();
    let mut block_pc = HashMap::new();
    let mut stack_size = 0u32;
    // Branch targets are patched once every block's first pc is known.
    let mut pending_edges: Vec<(ir::Block, ir::Block)> = Vec::new();
    let mut edge_ids: HashMap<(ir::Block, ir::Block), u32> = HashMap::new();
    let mut edge = |from: ir::Block, to: ir::Block| -> u32 {
        *edge_ids.entry((from, to)).or_insert_with(|| {
            pending_edges.push((from, to));
            (pending_edges.len() - 1) as u32
        })
    };
    for &b in &func.layout {
        block_pc.insert(b, ops.len() as u32);
        for &i in &func.blocks[b].insts {
            let data = &func.insts[i];
            if data.opcode == Opcode::Phi {
                continue;
            }
            let op = decode_inst(&mut d, shapes, b, i, data, &mut stack_size, &mut edge)?;
            ops.push(op);
            insts.push(i);
            results.push(d.inst_slots.get(&i).copied().unwrap_or((0, 0)));
        }
    }
    let mut edges = Vec::new();
    for (from, to) in pending_edges {
        let mut copies = Vec::new();
        let mut phis = Vec::new();
        for &i in &func.blocks[to].insts {
            let data = &func.insts[i];
            if data.opcode != Opcode::Phi {
                break;
            }
            let (dst, n) = d.inst_slots[&i];
            phis.push((i, dst, n));
            if let Some(k) = data.blocks.iter().position(|&p| p == from) {
                let src = d.slot(data.operands[k]);
                copies.push((dst, src, n));
            }
        }
        let parallel = copies.iter().any(|&(_, src, n)| {
            copies
                .iter()
                .any(|&(dst, _, m)| src < dst + m && dst < src + n)
        });
        edges.push(Edge {
            pc: block_pc[&to],
            copies: copies.into(),
            parallel,
            phis: phis.into(),
        });
    }
    Ok(FuncCode {
        name: func.name.clone(),
        ops,
        insts,
        results,
        edges,
        consts: d.consts,
        params,
        nregs: d.next,
        stack_size,
    })
}

fn binop(op: Opcode) -> Option<BinOp> {
    Some(match op {
        Opcode::Add => BinOp::Add,
        Opcode::Sub => BinOp::Sub,
        Opcode::Mul => BinOp::Mul,
        Opcode::Div => BinOp::Div,
        Opcode::Rem => BinOp::Rem,
        Opcode::BitAnd | Opcode::LogicalAnd => BinOp::And,
        Opcode::BitOr | Opcode::LogicalOr => BinOp::Or,
        Opcode::BitXor => BinOp::Xor,
        Opcode::Shl => BinOp::Shl,
        Opcode::Shr => BinOp::Shr,
        _ => return None,
    })
}

fn cmpop(op: Opcode) -> Option<CmpOp> {
    Some(match op {
        Opcode::Eq => CmpOp::Eq,
        Opcode::Ne => CmpOp::Ne,
        Opcode::Lt => CmpOp::Lt,
        Opcode::Le => CmpOp::Le,
        Opcode::Gt => CmpOp::Gt,
        Opcode::Ge => CmpOp::Ge,
        _ => return None,
    })
}

/// Whether an intrinsic makes the invocations of a wave meet.
pub fn is_wave_op(i: Intrinsic) -> bool {
    use Intrinsic::*;
    matches!(
        i,
        WaveIsFirstLane
            | WaveActiveAnyTrue
            | WaveActiveAllTrue
            | WaveActiveBallot
            | WaveReadLaneAt
            | WaveReadLaneFirst
            | WaveActiveAllEqual
            | WaveActiveCountBits
            | WaveActiveSum
            | WaveActiveProduct
            | WaveActiveBitAnd
            | WaveActiveBitOr
            | WaveActiveBitXor
            | WaveActiveMin
            | WaveActiveMax
            | WavePrefixCountBits
            | WavePrefixSum
            | WavePrefixProduct
            | QuadReadLaneAt
            | QuadReadAcrossX
            | QuadReadAcrossY
            | QuadReadAcrossDiagonal
            | WaveMatch
            | WaveMultiPrefixSum
            | WaveMultiPrefixProduct
            | WaveMultiPrefixBitAnd
            | WaveMultiPrefixBitOr
            | WaveMultiPrefixBitXor
    )
}

/// Flat offset of the part that `CompositeExtract`/`Insert` indices reach, and its type.
fn composite_offset(ty: &Type, indices: &[i64]) -> (u32, Type) {
    let mut off = 0;
    let mut cur = ty.clone();
    for &i in indices {
        let i = i.max(0) as u32;
        match &cur {
            Type::Struct(s) => {
                off += s
                    .fields
                    .iter()
                    .take(i as usize)
                    .map(|f| flat_count(&f.ty))
                    .sum::<u32>();
            }
            _ => {
                let part = cur.component(i).unwrap_or(Type::Void);
                off += i * flat_count(&part);
            }
        }
        cur = cur.component(i).unwrap_or(Type::Void);
    }
    (off, cur)
}

fn decode_inst(
    d: &mut Decoder<'_>,
    shapes: &mut Shapes,
    _block: ir::Block,
    i: Inst,
    data: &InstData,
    stack_size: &mut u32,
    edge: &mut dyn FnMut(ir::Block, ir::Block) -> u32,
) -> Result<Op, RunError> {
    let (dst, n) = d.inst_slots.get(&i).copied().unwrap_or((0, 0));
    let ops = &data.operands;
    let op = data.opcode;
    let opnd_ty = |d: &Decoder<'_>, k: usize| ops.get(k).map_or(Type::Void, |&v| d.ty(v));
    let unsupported = |what: String| Ok(Op::Unsupported { what });
    if let Some(bop) = binop(op) {
        let num = num_of(&data.ty);
        return Ok(Op::Binary {
            op: bop,
            num,
            dst,
            a: d.slot(ops[0]),
            b: d.slot(ops[1]),
            n,
        });
    }
    if let Some(cop) = cmpop(op) {
        let t = opnd_ty(d, 0);
        return Ok(Op::Compare {
            op: cop,
            num: num_of(&t),
            dst,
            a: d.slot(ops[0]),
            b: d.slot(ops[1]),
            n,
        });
    }
    Ok(match op {
        Opcode::Neg | Opcode::BitNot | Opcode::LogicalNot => Op::Unary {
            op: if op == Opcode::Neg {
                UnOp::Neg
            } else {
                UnOp::Not
            },
            num: num_of(&data.ty),
            dst,
            a: d.slot(ops[0]),
            n,
        },
        Opcode::Convert => Op::Convert {
            from: num_of(&opnd_ty(d, 0)),
            to: num_of(&data.ty),
            dst,
            a: d.slot(ops[0]),
            n,
        },
        Opcode::Bitcast => {
            let t = opnd_ty(d, 0);
            Op::Bitcast {
                from: num_of(&t),
                to: num_of(&data.ty),
                dst,
                a: d.slot(ops[0]),
                n_from: flat_count(&t),
                n_to: n,
            }
        }
        Opcode::MatMul | Opcode::MatVecMul | Opcode::VecMatMul | Opcode::Dot => {
            let (ta, tb) = (opnd_ty(d, 0), opnd_ty(d, 1));
            let dims = |t: &Type| match t {
                Type::Matrix { rows, cols, .. } => (u32::from(*rows), u32::from(*cols)),
                Type::Vector(_, n) => (1, u32::from(*n)),
                _ => (1, 1),
            };
            let (ar, ac) = dims(&ta);
            let (_, bc) = dims(&tb);
            let (rows, inner, cols, strides) = match op {
                Opcode::MatMul => (ar, ac, bc, [ac, 1, bc, 1]),
                // v is a column: B[k][0] = v[k].
                Opcode::MatVecMul => (ar, ac, 1, [ac, 1, 1, 0]),
                // v is a row: A[0][k] = v[k].
                Opcode::VecMatMul => (1, ac, bc, [0, 1, bc, 1]),
                _ => (1, ac, 1, [0, 1, 1, 0]),
            };
            Op::MatMul {
                num: num_of(&data.ty),
                dst,
                a: d.slot(ops[0]),
                b: d.slot(ops[1]),
                rows,
                inner,
                cols,
                strides,
            }
        }
        Opcode::Select => {
            let ct = opnd_ty(d, 0);
            Op::Select {
                dst,
                cond: d.slot(ops[0]),
                a: d.slot(ops[1]),
                b: d.slot(ops[2]),
                n,
                cond_per_component: flat_count(&ct) > 1,
            }
        }
        Opcode::Alloca => {
            let pointee = data.ty.pointee().map_or(Type::Void, |(_, t)| t.clone());
            let shape = shapes.natural(&pointee);
            let off = *stack_size;
            *stack_size = stack_size.saturating_add(shapes.size[shape as usize].max(1));
            Op::Alloca { dst, off, shape }
        }
        Opcode::Load => Op::Load {
            dst,
            ptr: d.slot(ops[0]),
            n,
        },
        Opcode::Store => {
            let t = opnd_ty(d, 1);
            Op::Store {
                ptr: d.slot(ops[0]),
                src: d.slot(ops[1]),
                n: flat_count(&t),
            }
        }
        Opcode::AccessChain => {
            let base = d.slot(ops[0]);
            let indices = ops[1..]
                .iter()
                .map(|&v| {
                    let t = d.ty(v);
                    (d.slot(v), num_of(&t))
                })
                .collect();
            Op::Chain { dst, base, indices }
        }
        Opcode::CompositeConstruct => {
            let parts = ops
                .iter()
                .map(|&v| {
                    let t = d.ty(v);
                    (d.slot(v), flat_count(&t))
                })
                .collect();
            Op::Construct { dst, parts }
        }
        Opcode::CompositeExtract => {
            let (off, _) = composite_offset(&opnd_ty(d, 0), &data.literals);
            Op::Copy {
                dst,
                src: d.slot(ops[0]) + off,
                n,
            }
        }
        Opcode::CompositeInsert => {
            let (off, part_ty) = composite_offset(&opnd_ty(d, 0), &data.literals);
            Op::Insert {
                dst,
                src: d.slot(ops[0]),
                part: d.slot(ops[1]),
                off,
                part_n: flat_count(&part_ty),
                n,
            }
        }
        Opcode::Swizzle => {
            let mut comps = [0u8; 4];
            for (k, &c) in data.literals.iter().take(4).enumerate() {
                comps[k] = c.clamp(0, 3) as u8;
            }
            Op::Swizzle {
                dst,
                src: d.slot(ops[0]),
                comps,
                n,
            }
        }
        Opcode::ExtractDynamic => {
            let it = opnd_ty(d, 1);
            Op::ExtractDynamic {
                dst,
                src: d.slot(ops[0]),
                index: d.slot(ops[1]),
                index_num: num_of(&it),
                len: flat_count(&opnd_ty(d, 0)),
            }
        }
        Opcode::InsertDynamic => {
            let it = opnd_ty(d, 2);
            Op::InsertDynamic {
                dst,
                src: d.slot(ops[0]),
                part: d.slot(ops[1]),
                index: d.slot(ops[2]),
                index_num: num_of(&it),
                len: n,
            }
        }
        Opcode::TextureLoad
        | Opcode::TextureSampleLevel
        | Opcode::TextureSampleCompareLevelZero
        | Opcode::TextureSampleCompareLevel
        | Opcode::TextureSampleCompareGrad
        | Opcode::TextureGather
        | Opcode::TextureStore
        | Opcode::TextureQuerySize
        | Opcode::TextureQueryLevels
        | Opcode::ByteAddressLoad
        | Opcode::ByteAddressStore
        | Opcode::ArrayLength => {
            // Trailing texture operands (`ir::texture`) and four gather offsets.
            let tys: Vec<Type> = ops.iter().map(|&v| d.ty(v)).collect();
            let Ok(roles) = ir::texture::split(op, &tys) else {
                return unsupported(format!("{} with these operands", op.name()));
            };
            if roles.min_lod.is_some() {
                return unsupported(format!("{} with a minimum LOD", op.name()));
            }
            let four = (op == Opcode::TextureGather && data.literals.len() == 9).then(|| {
                let l = &data.literals[1..];
                std::array::from_fn(|i| [l[2 * i] as i32, l[2 * i + 1] as i32])
            });
            let extras = (roles.fixed != ops.len() || four.is_some()).then(|| {
                Box::new(ResExtras {
                    offset: roles.offset.map(|i| d.arg(ops[i])),
                    four_offsets: four,
                    status: roles.status.map(|i| d.slot(ops[i])),
                })
            });
            let ops = &ops[..roles.fixed];
            let rop = match op {
                Opcode::TextureLoad => ResOp::TextureLoad,
                Opcode::TextureSampleLevel => ResOp::SampleLevel,
                // Textures hold one level, where every level of detail clamps to.
                Opcode::TextureSampleCompareLevelZero
                | Opcode::TextureSampleCompareLevel
                | Opcode::TextureSampleCompareGrad => ResOp::SampleCompareLevelZero,
                Opcode::TextureGather => ResOp::Gather {
                    component: data.literals.first().map_or(0, |&c| c.clamp(0, 3) as u8),
                },
                Opcode::TextureStore => ResOp::TextureStore,
                Opcode::TextureQuerySize => ResOp::QuerySize,
                Opcode::TextureQueryLevels => ResOp::QueryLevels,
                Opcode::ByteAddressLoad => ResOp::ByteAddressLoad,
                Opcode::ByteAddressStore => ResOp::ByteAddressStore,
                _ => ResOp::ArrayLength,
            };
            // A gather's literals start with its component, then the offset.
            let offset_literals = match rop {
                ResOp::Gather { .. } => data.literals.get(1..).unwrap_or(&[]),
                _ => &data.literals[..],
            };
            let mut offset = [0i32; 3];
            for (o, &l) in offset.iter_mut().zip(offset_literals) {
                *o = l as i32;
            }
            let shape = match op {
                Opcode::ByteAddressLoad => shapes.natural(&data.ty),
                Opcode::ByteAddressStore => shapes.natural(&opnd_ty(d, 2)),
                _ => 0,
            };
            let args = ops.iter().map(|&v| d.arg(v)).collect();
            Op::Resource {
                op: rop,
                dst,
                n,
                args,
                shape,
                offset,
                extras,
            }
        }
        Opcode::AtomicRmw(_) | Opcode::AtomicCompareExchange
            if matches!(opnd_ty(d, 0), Type::BufferPointer { .. }) =>
        {
            // The pointer, the path to the scalar, then the value(s).
            let values = if op == Opcode::AtomicCompareExchange {
                2
            } else {
                1
            };
            let first = ops.len().saturating_sub(values).max(1);
            let v0 = d.slot(ops[first.min(ops.len() - 1)]);
            let v1 = if values == 2 {
                d.slot(ops[first + 1])
            } else {
                v0
            };
            let access = crate::device::DeviceAccess::Atomic {
                op: match op {
                    Opcode::AtomicRmw(a) => Some(a),
                    _ => None,
                },
                num: num_of(&data.ty),
                dst,
                vals: [v0, v1],
            };
            return Ok(crate::device::device_op(d, shapes, &ops[..first], access));
        }
        Opcode::AtomicRmw(_) | Opcode::AtomicCompareExchange => {
            let values = if op == Opcode::AtomicCompareExchange {
                2
            } else {
                1
            };
            let coord = if ops.len() == values + 2 {
                Some(d.arg(ops[1]))
            } else {
                None
            };
            let first = ops.len() - values;
            let v0 = d.slot(ops[first]);
            let v1 = if values == 2 {
                d.slot(ops[first + 1])
            } else {
                v0
            };
            Op::Atomic {
                op: match op {
                    Opcode::AtomicRmw(a) => Some(a),
                    _ => None,
                },
                num: num_of(&data.ty),
                dst,
                ptr: d.slot(ops[0]),
                coord,
                vals: [v0, v1],
            }
        }
        // Without GROUP_SYNC a barrier only orders memory, which the interpreter's
        // sequentially consistent memory already is.
        Opcode::Barrier(flags) if !flags.contains(ir::BarrierFlags::GROUP_SYNC) => {
            Op::MemoryBarrier
        }
        Opcode::Barrier(_) => Op::Barrier,
        Opcode::Call(f) => {
            let args = ops
                .iter()
                .map(|&v| {
                    let t = d.ty(v);
                    (d.slot(v), flat_count(&t))
                })
                .collect();
            Op::Call {
                func: f.index() as u32,
                dst,
                n,
                args,
            }
        }
        Opcode::CallIntrinsic(which) => {
            let args: Box<[Arg]> = ops.iter().map(|&v| d.arg(v)).collect();
            let out = num_of(&data.ty);
            if which.is_ray_query() {
                return unsupported(format!(
                    "{} (inline ray tracing is not supported yet: the interpreter has no \
                     acceleration structures)",
                    which.name()
                ));
            }
            if which == Intrinsic::ReadClock {
                return unsupported(
                    "vk::ReadClock (not supported yet: the interpreter has no clock)".to_owned(),
                );
            }
            use crate::device::DeviceAccess as A;
            match (which, &ops[..]) {
                (Intrinsic::RawBufferLoad, &[addr, align]) => {
                    let access = A::Load { dst, n };
                    return Ok(crate::device::raw_buffer_op(
                        d, shapes, addr, align, &data.ty, access,
                    ));
                }
                (Intrinsic::RawBufferStore, &[addr, value, align]) => {
                    let t = opnd_ty(d, 1);
                    let access = A::Store {
                        src: d.slot(value),
                        n: flat_count(&t),
                    };
                    return Ok(crate::device::raw_buffer_op(
                        d, shapes, addr, align, &t, access,
                    ));
                }
                (Intrinsic::BufferPointerLoad, [_, ..]) => {
                    return Ok(crate::device::device_op(d, shapes, ops, A::Load { dst, n }));
                }
                (Intrinsic::BufferPointerStore, [p, value, path @ ..]) => {
                    let access = A::Store {
                        src: d.slot(*value),
                        n: flat_count(&opnd_ty(d, 1)),
                    };
                    let mut chain = vec![*p];
                    chain.extend_from_slice(path);
                    return Ok(crate::device::device_op(d, shapes, &chain, access));
                }
                (
                    Intrinsic::RawBufferLoad
                    | Intrinsic::RawBufferStore
                    | Intrinsic::BufferPointerLoad
                    | Intrinsic::BufferPointerStore,
                    _,
                ) => return unsupported(format!("{} with {} operands", which.name(), ops.len())),
                _ => {}
            }
            if let Some((lo, hi)) = crate::intrinsics::arity(which) {
                if args.len() < lo
                    || args.len() > hi
                    || (which == Intrinsic::AsUint && args.len() == 2)
                {
                    return unsupported(format!("{} with {} operands", which.name(), args.len()));
                }
            }
            if which == Intrinsic::Transpose {
                let (rows, cols) = match opnd_ty(d, 0) {
                    Type::Matrix { rows, cols, .. } => (u32::from(rows), u32::from(cols)),
                    _ => (1, n),
                };
                Op::Transpose {
                    dst,
                    src: args.first().map_or(0, |a| a.slot),
                    rows,
                    cols,
                }
            } else if which == Intrinsic::NonUniformIndex {
                Op::Copy {
                    dst,
                    src: args.first().map_or(0, |a| a.slot),
                    n,
                }
            } else if is_wave_op(which) {
                Op::Wave {
                    which,
                    dst,
                    out,
                    n,
                    args,
                }
            } else if crate::intrinsics::supported(which) {
                Op::Intrinsic {
                    which,
                    dst,
                    out,
                    n,
                    args,
                }
            } else {
                return unsupported(format!("intrinsic {} in compute", which.name()));
            }
        }
        Opcode::Branch => Op::Branch {
            edge: edge(data.block.unwrap_or(_block), data.blocks[0]),
        },
        Opcode::CondBranch => {
            let from = data.block.unwrap_or(_block);
            Op::CondBranch {
                cond: d.slot(ops[0]),
                t: edge(from, data.blocks[0]),
                f: edge(from, data.blocks[1]),
            }
        }
        Opcode::Switch => {
            let from = data.block.unwrap_or(_block);
            let num = num_of(&opnd_ty(d, 0));
            let default = edge(from, data.blocks[0]);
            let cases = data
                .literals
                .iter()
                .zip(&data.blocks[1..])
                .map(|(&v, &b)| (num.mask(v as u64), edge(from, b)))
                .collect();
            Op::Switch {
                sel: d.slot(ops[0]),
                num,
                default,
                cases,
            }
        }
        Opcode::Return => match ops.first() {
            Some(&v) => {
                let t = d.ty(v);
                Op::Return {
                    src: d.slot(v),
                    n: flat_count(&t),
                }
            }
            None => Op::Return { src: 0, n: 0 },
        },
        Opcode::Kill => Op::Kill,
        Opcode::Unreachable => Op::Unreachable,
        Opcode::Phi => unreachable!("phis are decoded as edge copies"),
        other => return unsupported(format!("{} in compute", other.name())),
    })
}

/// The address space of a root (for hooks).
pub fn root_space(program: &Program, root: u32) -> AddressSpace {
    match root {
        ROOT_STACK => AddressSpace::Function,
        ROOT_PRIVATE => AddressSpace::Private,
        ROOT_SHARED => AddressSpace::Workgroup,
        r => program
            .resources
            .get((r - FIRST_RESOURCE) as usize)
            .and_then(|s| s.ty.as_resource().map(|r| r.address_space()))
            .unwrap_or(AddressSpace::PushConstant),
    }
}

#[cfg(test)]
mod tests {
    use super::RegisterClass;
    use types::{ResourceType, StructuredKind, Type};

    #[test]
    fn register_class_of_kinds_and_types() {
        use RegisterClass::*;
        for (kind, class) in [
            ("ConstantBuffer", ConstantBuffer),
            ("StructuredBuffer", ShaderResource),
            ("Buffer", ShaderResource),
            ("ByteAddressBuffer", ShaderResource),
            ("Texture2D", ShaderResource),
            ("RWStructuredBuffer", UnorderedAccess),
            ("RWBuffer", UnorderedAccess),
            ("RWByteAddressBuffer", UnorderedAccess),
            ("RWTexture2D", UnorderedAccess),
            ("Sampler", Sampler),
        ] {
            assert_eq!(RegisterClass::of_kind(kind), class, "{kind}");
        }
        let structured = |kind| {
            Type::resource(ResourceType::StructuredBuffer {
                kind,
                element: Type::FLOAT,
            })
        };
        assert_eq!(
            RegisterClass::of(&structured(StructuredKind::ReadOnly)),
            Some(ShaderResource)
        );
        assert_eq!(
            RegisterClass::of(&structured(StructuredKind::Append)),
            Some(UnorderedAccess)
        );
        let cb = Type::resource(ResourceType::ConstantBuffer {
            element: Type::FLOAT,
        });
        assert_eq!(RegisterClass::of(&cb), Some(ConstantBuffer));
        assert_eq!(RegisterClass::of(&Type::FLOAT), None);
    }
}
