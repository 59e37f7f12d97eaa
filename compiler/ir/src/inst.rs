//! Instructions: the one [`InstData`] type for every opcode, the [`Opcode`] table with its
//! immediates (atomic operation, barrier flags, callee, intrinsic), structure markers and
//! control hints, and source locations. Built by the builder, read by every pass and backend.

use types::Type;

use crate::entity::NameHint;
use crate::module::{Block, Func};
use crate::value::Value;

/// The source text an instruction was lowered from: a file id and a byte range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SourceLoc {
    pub file: u32,
    pub start: u32,
    pub end: u32,
}

/// One instruction of any opcode.
///
/// Operand conventions per opcode are documented on [`Opcode`]. `blocks` holds the successors
/// of terminators (`Switch`: the default first, then one per case) and the incoming blocks of a
/// `Phi` (parallel to `operands`). `literals` holds immediates: swizzle components,
/// composite indices, texel offsets, the gather component and switch case values.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct InstData {
    pub opcode: Opcode,
    /// The result type; `Type::Void` for instructions without a result.
    pub ty: Type,
    pub operands: Vec<Value>,
    pub blocks: Vec<Block>,
    pub literals: Vec<i64>,
    /// HLSL `precise`: no reassociation, fusing or algebraic rewrites.
    pub precise: bool,
    /// The block whose instruction list holds this instruction (the parent link).
    pub block: Option<Block>,
    pub loc: Option<SourceLoc>,
    pub name: NameHint,
}

impl InstData {
    pub fn new(opcode: Opcode, ty: Type, operands: Vec<Value>) -> InstData {
        InstData {
            opcode,
            ty,
            operands,
            blocks: Vec::new(),
            literals: Vec::new(),
            precise: false,
            block: None,
            loc: None,
            name: NameHint::default(),
        }
    }

    pub fn has_result(&self) -> bool {
        !self.ty.is_void()
    }

    pub fn is_terminator(&self) -> bool {
        self.opcode.is_terminator()
    }
}

/// Read-modify-write operations of `AtomicRmw`. Signedness of min/max comes from the type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AtomicOp {
    Add,
    And,
    Or,
    Xor,
    Min,
    Max,
    Exchange,
}

impl AtomicOp {
    pub fn name(self) -> &'static str {
        match self {
            AtomicOp::Add => "add",
            AtomicOp::And => "and",
            AtomicOp::Or => "or",
            AtomicOp::Xor => "xor",
            AtomicOp::Min => "min",
            AtomicOp::Max => "max",
            AtomicOp::Exchange => "exchange",
        }
    }
}

/// What a `Barrier` orders and whether it synchronizes the group. `GroupMemoryBarrier` is
/// `WORKGROUP_MEMORY`, `AllMemoryBarrierWithGroupSync` is the first three bits.
/// `GROUP_SCOPE` narrows the ordering of `DEVICE_MEMORY` to the work group (SM 6.8's
/// `Barrier(UAV_MEMORY, GROUP_SCOPE)`; without it device memory is ordered device-wide).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct BarrierFlags(pub u8);

impl BarrierFlags {
    pub const WORKGROUP_MEMORY: BarrierFlags = BarrierFlags(1);
    pub const DEVICE_MEMORY: BarrierFlags = BarrierFlags(2);
    pub const GROUP_SYNC: BarrierFlags = BarrierFlags(4);
    pub const ALL_MEMORY: BarrierFlags = BarrierFlags(3);
    pub const GROUP_SCOPE: BarrierFlags = BarrierFlags(8);

    pub fn contains(self, other: BarrierFlags) -> bool {
        self.0 & other.0 == other.0
    }

    /// `workgroup_memory|device_memory|group_sync|group_scope`, or `none`.
    pub fn names(self) -> String {
        let mut parts = Vec::new();
        for (flag, name) in [
            (BarrierFlags::WORKGROUP_MEMORY, "workgroup_memory"),
            (BarrierFlags::DEVICE_MEMORY, "device_memory"),
            (BarrierFlags::GROUP_SYNC, "group_sync"),
            (BarrierFlags::GROUP_SCOPE, "group_scope"),
        ] {
            if self.contains(flag) {
                parts.push(name);
            }
        }
        if self.0 & !15 != 0 {
            parts.push("unknown");
        }
        if parts.is_empty() {
            "none".to_owned()
        } else {
            parts.join("|")
        }
    }
}

impl std::ops::BitOr for BarrierFlags {
    type Output = BarrierFlags;
    fn bitor(self, rhs: BarrierFlags) -> BarrierFlags {
        BarrierFlags(self.0 | rhs.0)
    }
}

/// Every opcode. Operands in order:
///
/// - Unary `Neg`, `BitNot`, `LogicalNot`, `Convert`, `Bitcast`: the operand. Binary
///   arithmetic and comparisons: `a, b`, component-wise and typed by their operands; shifts
///   may take a shift amount of another integer kind. Other HLSL functions (`transpose`,
///   `sin`, ...) go through `CallIntrinsic`.
/// - `MatMul` (matrix x matrix), `MatVecMul` (`mul(M, v)`), `VecMatMul` (`mul(v, M)`), `Dot`.
/// - `Select`: condition (bool, scalar or of the result's shape), then, else.
/// - `Phi`: one operand per incoming block (`blocks`).
/// - `Alloca`: none, result `ptr<function, T>`. `Load`: pointer. `Store`: pointer, value.
///   `AccessChain`: base pointer, indices.
/// - `CompositeConstruct`: the parts. `CompositeExtract`: composite, indices in `literals`.
///   `CompositeInsert`: composite, new part, indices in `literals`. `Swizzle`: vector,
///   components in `literals`. `ExtractDynamic`: vector, index. `InsertDynamic`: vector,
///   value, index.
/// - Texture and buffer opcodes: as in the specification's table; texel offsets in `literals`
///   (`TextureGather`: the component first; `TextureGather`/`TextureGatherCompare` may hold
///   four 2D offsets, eight values). `TextureSampleCompareLevel` (SM 6.7 `SampleCmpLevel`):
///   texture, comparison sampler, coordinate, reference, level. `TextureSampleCompareBias`
///   and `TextureSampleCompareGrad` (SM 6.8 `SampleCmpBias`/`SampleCmpGrad`): texture,
///   comparison sampler, coordinate, reference, then the bias or the two gradients. `TextureStore` to a
///   multisampled storage texture may take a fourth operand, the sample index (`uint`;
///   `tex.sample[s][coord] = v`); without it the store writes sample 0. After the table's operands
///   come the optional trailing operands of [`crate::texture`]: a run-time offset, a minimum
///   LOD, a status pointer. `ArrayLength`: pointer to a runtime-array buffer.
/// - `AtomicRmw`: pointer (or texture pointer, coordinate), value. `AtomicCompareExchange`:
///   pointer (or texture pointer, coordinate), comparand, new value. A 64-bit atomic on a
///   read-write byte-address buffer takes the buffer pointer and the `uint` byte offset in
///   place of the texture pointer and coordinate. An atomic on memory behind a
///   `vk::BufferPointer` takes the `bufptr` value and the access path to the scalar (as
///   [`crate::Intrinsic::BufferPointerLoad`]) in place of the pointer.
/// - `Call`: arguments. `CallIntrinsic`: the HLSL intrinsic's operands in HLSL order;
///   `printf` takes the values to print, and its format string is [`crate::Module::strings`]
///   at the index of its one literal.
/// - `EmitVertex`, `EndPrimitive` (geometry shaders): none; the vertex emitted is what the
///   stage outputs hold, so lowering stores them first. One literal, the stream id, when the
///   shader has several output streams (SPIR-V `OpEmitStreamVertex`). `SetMeshOutputs` (mesh shaders):
///   vertex count, primitive count (`uint`). `EmitMeshTasks` (amplification shaders, a
///   terminator): group counts x, y, z (`uint`), then the payload, a pointer into
///   `task_payload`. `SetMeshTasks` takes the same operands and is no terminator: DXC's
///   `DispatchMesh` under NV mesh shading (`SPV_NV_mesh_shader`), which publishes the payload
///   and the group count (`TaskCountNV`, the last store wins) and carries on.
/// - `Branch`: none (`blocks`: target). `CondBranch`: bool condition (`blocks`: true, false).
///   `Switch`: integer selector (`blocks`: default, cases; `literals`: case values).
///   `Return`: optional value. `Kill`, `Unreachable`, `IgnoreHit`,
///   `AcceptHitAndEndSearch` (any-hit shaders): none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Opcode {
    Neg,
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    BitAnd,
    BitOr,
    BitXor,
    BitNot,
    Shl,
    Shr,
    LogicalAnd,
    LogicalOr,
    LogicalNot,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Convert,
    Bitcast,
    MatMul,
    MatVecMul,
    VecMatMul,
    Dot,
    Select,
    Phi,
    Alloca,
    Load,
    Store,
    AccessChain,
    CompositeConstruct,
    CompositeExtract,
    CompositeInsert,
    Swizzle,
    ExtractDynamic,
    InsertDynamic,
    TextureSample,
    TextureSampleBias,
    TextureSampleLevel,
    TextureSampleGrad,
    TextureSampleCompare,
    TextureSampleCompareLevelZero,
    TextureSampleCompareLevel,
    TextureSampleCompareBias,
    TextureSampleCompareGrad,
    TextureGather,
    TextureGatherCompare,
    TextureLoad,
    TextureStore,
    TextureQuerySize,
    TextureQueryLevels,
    TextureQuerySamples,
    TextureQueryLod,
    ByteAddressLoad,
    ByteAddressStore,
    ArrayLength,
    AtomicRmw(AtomicOp),
    AtomicCompareExchange,
    Barrier(BarrierFlags),
    Call(Func),
    CallIntrinsic(crate::intrinsic::Intrinsic),
    EmitVertex,
    EndPrimitive,
    SetMeshOutputs,
    EmitMeshTasks,
    SetMeshTasks,
    Branch,
    CondBranch,
    Switch,
    Return,
    Kill,
    Unreachable,
    /// `IgnoreHit()` of an any-hit shader: rejects the candidate and ends the invocation.
    IgnoreHit,
    /// `AcceptHitAndEndSearch()` of an any-hit shader: commits the hit, ends the traversal.
    AcceptHitAndEndSearch,
}

impl Opcode {
    pub fn is_terminator(self) -> bool {
        matches!(
            self,
            Opcode::Branch
                | Opcode::CondBranch
                | Opcode::Switch
                | Opcode::Return
                | Opcode::Kill
                | Opcode::Unreachable
                | Opcode::EmitMeshTasks
                | Opcode::IgnoreHit
                | Opcode::AcceptHitAndEndSearch
        )
    }

    /// Component-wise binary arithmetic (including bitwise and logical operators).
    pub fn is_binary_arithmetic(self) -> bool {
        matches!(
            self,
            Opcode::Add
                | Opcode::Sub
                | Opcode::Mul
                | Opcode::Div
                | Opcode::Rem
                | Opcode::BitAnd
                | Opcode::BitOr
                | Opcode::BitXor
                | Opcode::Shl
                | Opcode::Shr
                | Opcode::LogicalAnd
                | Opcode::LogicalOr
        )
    }

    pub fn is_unary_arithmetic(self) -> bool {
        matches!(self, Opcode::Neg | Opcode::BitNot | Opcode::LogicalNot)
    }

    pub fn is_comparison(self) -> bool {
        matches!(
            self,
            Opcode::Eq | Opcode::Ne | Opcode::Lt | Opcode::Le | Opcode::Gt | Opcode::Ge
        )
    }

    pub fn is_texture(self) -> bool {
        matches!(
            self,
            Opcode::TextureSample
                | Opcode::TextureSampleBias
                | Opcode::TextureSampleLevel
                | Opcode::TextureSampleGrad
                | Opcode::TextureSampleCompare
                | Opcode::TextureSampleCompareLevelZero
                | Opcode::TextureSampleCompareLevel
                | Opcode::TextureSampleCompareBias
                | Opcode::TextureSampleCompareGrad
                | Opcode::TextureGather
                | Opcode::TextureGatherCompare
                | Opcode::TextureLoad
                | Opcode::TextureStore
                | Opcode::TextureQuerySize
                | Opcode::TextureQueryLevels
                | Opcode::TextureQuerySamples
                | Opcode::TextureQueryLod
        )
    }

    /// No side effects and no memory reads: may be removed when unused, merged by CSE.
    pub fn is_pure(self) -> bool {
        !matches!(
            self,
            Opcode::Alloca
                | Opcode::Load
                | Opcode::Store
                | Opcode::TextureSample
                | Opcode::TextureSampleBias
                | Opcode::TextureSampleLevel
                | Opcode::TextureSampleGrad
                | Opcode::TextureSampleCompare
                | Opcode::TextureSampleCompareLevelZero
                | Opcode::TextureSampleCompareLevel
                | Opcode::TextureSampleCompareBias
                | Opcode::TextureSampleCompareGrad
                | Opcode::TextureGather
                | Opcode::TextureGatherCompare
                | Opcode::TextureLoad
                | Opcode::TextureStore
                | Opcode::TextureQuerySize
                | Opcode::TextureQueryLevels
                | Opcode::TextureQuerySamples
                | Opcode::TextureQueryLod
                | Opcode::ByteAddressLoad
                | Opcode::ByteAddressStore
                | Opcode::ArrayLength
                | Opcode::AtomicRmw(_)
                | Opcode::AtomicCompareExchange
                | Opcode::Barrier(_)
                | Opcode::Call(_)
                | Opcode::CallIntrinsic(_)
                | Opcode::EmitVertex
                | Opcode::EndPrimitive
                | Opcode::SetMeshOutputs
                | Opcode::SetMeshTasks
                | Opcode::Phi
        ) && !self.is_terminator()
    }

    /// The opcode's name in the dump (without its immediates).
    pub fn name(self) -> &'static str {
        match self {
            Opcode::Neg => "neg",
            Opcode::Add => "add",
            Opcode::Sub => "sub",
            Opcode::Mul => "mul",
            Opcode::Div => "div",
            Opcode::Rem => "rem",
            Opcode::BitAnd => "bit_and",
            Opcode::BitOr => "bit_or",
            Opcode::BitXor => "bit_xor",
            Opcode::BitNot => "bit_not",
            Opcode::Shl => "shl",
            Opcode::Shr => "shr",
            Opcode::LogicalAnd => "logical_and",
            Opcode::LogicalOr => "logical_or",
            Opcode::LogicalNot => "logical_not",
            Opcode::Eq => "eq",
            Opcode::Ne => "ne",
            Opcode::Lt => "lt",
            Opcode::Le => "le",
            Opcode::Gt => "gt",
            Opcode::Ge => "ge",
            Opcode::Convert => "convert",
            Opcode::Bitcast => "bitcast",
            Opcode::MatMul => "mat_mul",
            Opcode::MatVecMul => "mat_vec_mul",
            Opcode::VecMatMul => "vec_mat_mul",
            Opcode::Dot => "dot",
            Opcode::Select => "select",
            Opcode::Phi => "phi",
            Opcode::Alloca => "alloca",
            Opcode::Load => "load",
            Opcode::Store => "store",
            Opcode::AccessChain => "access_chain",
            Opcode::CompositeConstruct => "composite_construct",
            Opcode::CompositeExtract => "composite_extract",
            Opcode::CompositeInsert => "composite_insert",
            Opcode::Swizzle => "swizzle",
            Opcode::ExtractDynamic => "extract_dynamic",
            Opcode::InsertDynamic => "insert_dynamic",
            Opcode::TextureSample => "texture_sample",
            Opcode::TextureSampleBias => "texture_sample_bias",
            Opcode::TextureSampleLevel => "texture_sample_level",
            Opcode::TextureSampleGrad => "texture_sample_grad",
            Opcode::TextureSampleCompare => "texture_sample_compare",
            Opcode::TextureSampleCompareLevelZero => "texture_sample_compare_level_zero",
            Opcode::TextureSampleCompareLevel => "texture_sample_compare_level",
            Opcode::TextureSampleCompareBias => "texture_sample_compare_bias",
            Opcode::TextureSampleCompareGrad => "texture_sample_compare_grad",
            Opcode::TextureGather => "texture_gather",
            Opcode::TextureGatherCompare => "texture_gather_compare",
            Opcode::TextureLoad => "texture_load",
            Opcode::TextureStore => "texture_store",
            Opcode::TextureQuerySize => "texture_query_size",
            Opcode::TextureQueryLevels => "texture_query_levels",
            Opcode::TextureQuerySamples => "texture_query_samples",
            Opcode::TextureQueryLod => "texture_query_lod",
            Opcode::ByteAddressLoad => "byte_address_load",
            Opcode::ByteAddressStore => "byte_address_store",
            Opcode::ArrayLength => "array_length",
            Opcode::AtomicRmw(_) => "atomic_rmw",
            Opcode::AtomicCompareExchange => "atomic_compare_exchange",
            Opcode::Barrier(_) => "barrier",
            Opcode::Call(_) => "call",
            Opcode::CallIntrinsic(_) => "call_intrinsic",
            Opcode::EmitVertex => "emit_vertex",
            Opcode::EndPrimitive => "end_primitive",
            Opcode::SetMeshOutputs => "set_mesh_outputs",
            Opcode::EmitMeshTasks => "emit_mesh_tasks",
            Opcode::SetMeshTasks => "set_mesh_tasks",
            Opcode::Branch => "br",
            Opcode::CondBranch => "cond_br",
            Opcode::Switch => "switch",
            Opcode::Return => "ret",
            Opcode::Kill => "kill",
            Opcode::Unreachable => "unreachable",
            Opcode::IgnoreHit => "ignore_hit",
            Opcode::AcceptHitAndEndSearch => "accept_hit_and_end_search",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum StructureKind {
    /// Ends in `CondBranch` or `Switch`; the merge block is where the arms rejoin.
    Selection,
    /// Ends in `Branch`; the merge block is the exit, the continue block branches back.
    Loop,
}

/// `[unroll]`, `[unroll(n)]`, `[loop]`, `[flatten]`, `[branch]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ControlHint {
    Unroll(Option<u32>),
    /// `[loop]`
    DontUnroll,
    Flatten,
    /// `[branch]`
    DontFlatten,
}

impl ControlHint {
    pub fn name(self) -> String {
        match self {
            ControlHint::Unroll(None) => "unroll".to_owned(),
            ControlHint::Unroll(Some(n)) => format!("unroll({n})"),
            ControlHint::DontUnroll => "dontunroll".to_owned(),
            ControlHint::Flatten => "flatten".to_owned(),
            ControlHint::DontFlatten => "dontflatten".to_owned(),
        }
    }
}

/// The structure marker on a header block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StructureMarker {
    pub kind: StructureKind,
    pub merge: Block,
    /// Only for loops.
    pub continue_block: Option<Block>,
    pub hint: Option<ControlHint>,
}
