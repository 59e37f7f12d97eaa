//! HLSL intrinsics that `CallIntrinsic` names, with their HLSL spelling. The operands are the
//! intrinsic's in HLSL order; `out` parameters (`modf`, `frexp`, `sincos`) are pointers.
//! Methods of `RayQuery<flags>` are `RayQuery::Method`, with the query pointer first.
//! Used by lowering (from the front end's intrinsic table), the printer and the backends.

macro_rules! intrinsics {
    ($($variant:ident => $name:literal,)*) => {
        /// An HLSL intrinsic function.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Intrinsic {
            $($variant,)*
        }

        impl Intrinsic {
            pub const ALL: &'static [Intrinsic] = &[$(Intrinsic::$variant,)*];

            /// The HLSL name (`NonUniformIndex` stands for `NonUniformResourceIndex`).
            pub fn name(self) -> &'static str {
                match self {
                    $(Intrinsic::$variant => $name,)*
                }
            }

            pub fn from_name(name: &str) -> Option<Intrinsic> {
                Intrinsic::ALL.iter().copied().find(|i| i.name() == name)
            }
        }
    };
}

intrinsics! {
    Abs => "abs",
    Acos => "acos",
    All => "all",
    Any => "any",
    AsDouble => "asdouble",
    AsFloat => "asfloat",
    Asin => "asin",
    AsInt => "asint",
    AsUint => "asuint",
    Atan => "atan",
    Atan2 => "atan2",
    Ceil => "ceil",
    CheckAccessFullyMapped => "CheckAccessFullyMapped",
    Clamp => "clamp",
    Clip => "clip",
    Cos => "cos",
    Cosh => "cosh",
    CountBits => "countbits",
    Cross => "cross",
    Ddx => "ddx",
    DdxCoarse => "ddx_coarse",
    DdxFine => "ddx_fine",
    Ddy => "ddy",
    DdyCoarse => "ddy_coarse",
    DdyFine => "ddy_fine",
    Degrees => "degrees",
    Determinant => "determinant",
    Distance => "distance",
    Dst => "dst",
    EvaluateAttributeAtCentroid => "EvaluateAttributeAtCentroid",
    EvaluateAttributeAtSample => "EvaluateAttributeAtSample",
    EvaluateAttributeSnapped => "EvaluateAttributeSnapped",
    Exp => "exp",
    Exp2 => "exp2",
    F16ToF32 => "f16tof32",
    F32ToF16 => "f32tof16",
    FaceForward => "faceforward",
    FirstBitHigh => "firstbithigh",
    FirstBitLow => "firstbitlow",
    Floor => "floor",
    Fma => "fma",
    Fmod => "fmod",
    Frac => "frac",
    Frexp => "frexp",
    Fwidth => "fwidth",
    IsFinite => "isfinite",
    IsInf => "isinf",
    IsNan => "isnan",
    Ldexp => "ldexp",
    Length => "length",
    Lerp => "lerp",
    Lit => "lit",
    Log => "log",
    Log10 => "log10",
    Log2 => "log2",
    Mad => "mad",
    Max => "max",
    Min => "min",
    Modf => "modf",
    Msad4 => "msad4",
    Normalize => "normalize",
    Pow => "pow",
    Radians => "radians",
    Rcp => "rcp",
    Reflect => "reflect",
    Refract => "refract",
    ReverseBits => "reversebits",
    Round => "round",
    Rsqrt => "rsqrt",
    Saturate => "saturate",
    Sign => "sign",
    Sin => "sin",
    Sincos => "sincos",
    Sinh => "sinh",
    SmoothStep => "smoothstep",
    Sqrt => "sqrt",
    Step => "step",
    Tan => "tan",
    Tanh => "tanh",
    Transpose => "transpose",
    Trunc => "trunc",
    WaveIsFirstLane => "WaveIsFirstLane",
    WaveGetLaneIndex => "WaveGetLaneIndex",
    WaveGetLaneCount => "WaveGetLaneCount",
    WaveActiveAnyTrue => "WaveActiveAnyTrue",
    WaveActiveAllTrue => "WaveActiveAllTrue",
    WaveActiveBallot => "WaveActiveBallot",
    WaveReadLaneAt => "WaveReadLaneAt",
    WaveReadLaneFirst => "WaveReadLaneFirst",
    WaveActiveAllEqual => "WaveActiveAllEqual",
    WaveActiveCountBits => "WaveActiveCountBits",
    WaveActiveSum => "WaveActiveSum",
    WaveActiveProduct => "WaveActiveProduct",
    WaveActiveBitAnd => "WaveActiveBitAnd",
    WaveActiveBitOr => "WaveActiveBitOr",
    WaveActiveBitXor => "WaveActiveBitXor",
    WaveActiveMin => "WaveActiveMin",
    WaveActiveMax => "WaveActiveMax",
    WavePrefixCountBits => "WavePrefixCountBits",
    WavePrefixSum => "WavePrefixSum",
    WavePrefixProduct => "WavePrefixProduct",
    QuadReadLaneAt => "QuadReadLaneAt",
    QuadReadAcrossX => "QuadReadAcrossX",
    QuadReadAcrossY => "QuadReadAcrossY",
    QuadReadAcrossDiagonal => "QuadReadAcrossDiagonal",
    GetRenderTargetSampleCount => "GetRenderTargetSampleCount",
    GetRenderTargetSamplePosition => "GetRenderTargetSamplePosition",
    NonUniformIndex => "NonUniformIndex",
    StreamAppend => "StreamAppend",
    StreamRestartStrip => "StreamRestartStrip",
    Printf => "printf",
    // Ray-tracing pipeline stages. `TraceRay` takes the acceleration structure pointer, the
    // six `uint`s, the `RayDesc` value and a pointer to a `ray_payload` global; `CallShader`
    // the index and a pointer to a `callable_data` global; `ReportHit` the hit distance, the
    // hit kind and a pointer to the `hit_attribute` global (lowering copies the values in and
    // out). The system values take no operands.
    TraceRay => "TraceRay",
    CallShader => "CallShader",
    ReportHit => "ReportHit",
    DispatchRaysIndex => "DispatchRaysIndex",
    DispatchRaysDimensions => "DispatchRaysDimensions",
    WorldRayOrigin => "WorldRayOrigin",
    WorldRayDirection => "WorldRayDirection",
    RayTMin => "RayTMin",
    RayTCurrent => "RayTCurrent",
    RayFlags => "RayFlags",
    InstanceIndex => "InstanceIndex",
    InstanceID => "InstanceID",
    GeometryIndex => "GeometryIndex",
    PrimitiveIndex => "PrimitiveIndex",
    ObjectRayOrigin => "ObjectRayOrigin",
    ObjectRayDirection => "ObjectRayDirection",
    ObjectToWorld3x4 => "ObjectToWorld3x4",
    ObjectToWorld4x3 => "ObjectToWorld4x3",
    WorldToObject3x4 => "WorldToObject3x4",
    WorldToObject4x3 => "WorldToObject4x3",
    ObjectToWorld => "ObjectToWorld",
    WorldToObject => "WorldToObject",
    HitKind => "HitKind",
    // Methods of `RayQuery<flags>`: the first operand is the query (a pointer to it), the
    // method's arguments follow. `TraceRayInline` takes the acceleration structure pointer,
    // the ray flags with the template's flags already OR-ed in, the instance mask and the
    // `RayDesc` value.
    RayQueryTraceRayInline => "RayQuery::TraceRayInline",
    RayQueryProceed => "RayQuery::Proceed",
    RayQueryAbort => "RayQuery::Abort",
    RayQueryCommitNonOpaqueTriangleHit => "RayQuery::CommitNonOpaqueTriangleHit",
    RayQueryCommitProceduralPrimitiveHit => "RayQuery::CommitProceduralPrimitiveHit",
    RayQueryCommittedStatus => "RayQuery::CommittedStatus",
    RayQueryCandidateType => "RayQuery::CandidateType",
    RayQueryCandidateProceduralPrimitiveNonOpaque => "RayQuery::CandidateProceduralPrimitiveNonOpaque",
    RayQueryWorldRayOrigin => "RayQuery::WorldRayOrigin",
    RayQueryWorldRayDirection => "RayQuery::WorldRayDirection",
    RayQueryRayTMin => "RayQuery::RayTMin",
    RayQueryRayFlags => "RayQuery::RayFlags",
    RayQueryCandidateTriangleRayT => "RayQuery::CandidateTriangleRayT",
    RayQueryCommittedRayT => "RayQuery::CommittedRayT",
    RayQueryCandidateInstanceIndex => "RayQuery::CandidateInstanceIndex",
    RayQueryCommittedInstanceIndex => "RayQuery::CommittedInstanceIndex",
    RayQueryCandidateInstanceID => "RayQuery::CandidateInstanceID",
    RayQueryCommittedInstanceID => "RayQuery::CommittedInstanceID",
    RayQueryCandidateInstanceContributionToHitGroupIndex => "RayQuery::CandidateInstanceContributionToHitGroupIndex",
    RayQueryCommittedInstanceContributionToHitGroupIndex => "RayQuery::CommittedInstanceContributionToHitGroupIndex",
    RayQueryCandidateGeometryIndex => "RayQuery::CandidateGeometryIndex",
    RayQueryCommittedGeometryIndex => "RayQuery::CommittedGeometryIndex",
    RayQueryCandidatePrimitiveIndex => "RayQuery::CandidatePrimitiveIndex",
    RayQueryCommittedPrimitiveIndex => "RayQuery::CommittedPrimitiveIndex",
    RayQueryCandidateObjectRayOrigin => "RayQuery::CandidateObjectRayOrigin",
    RayQueryCommittedObjectRayOrigin => "RayQuery::CommittedObjectRayOrigin",
    RayQueryCandidateObjectRayDirection => "RayQuery::CandidateObjectRayDirection",
    RayQueryCommittedObjectRayDirection => "RayQuery::CommittedObjectRayDirection",
    RayQueryCandidateObjectToWorld3x4 => "RayQuery::CandidateObjectToWorld3x4",
    RayQueryCommittedObjectToWorld3x4 => "RayQuery::CommittedObjectToWorld3x4",
    RayQueryCandidateObjectToWorld4x3 => "RayQuery::CandidateObjectToWorld4x3",
    RayQueryCommittedObjectToWorld4x3 => "RayQuery::CommittedObjectToWorld4x3",
    RayQueryCandidateWorldToObject3x4 => "RayQuery::CandidateWorldToObject3x4",
    RayQueryCommittedWorldToObject3x4 => "RayQuery::CommittedWorldToObject3x4",
    RayQueryCandidateWorldToObject4x3 => "RayQuery::CandidateWorldToObject4x3",
    RayQueryCommittedWorldToObject4x3 => "RayQuery::CommittedWorldToObject4x3",
    RayQueryCandidateTriangleBarycentrics => "RayQuery::CandidateTriangleBarycentrics",
    RayQueryCommittedTriangleBarycentrics => "RayQuery::CommittedTriangleBarycentrics",
    RayQueryCandidateTriangleFrontFace => "RayQuery::CandidateTriangleFrontFace",
    RayQueryCommittedTriangleFrontFace => "RayQuery::CommittedTriangleFrontFace",
    // Vulkan only. `SubpassInput::SubpassLoad` takes the subpass input (a pointer to it), then
    // the sample index of a multisampled one; it reads the texel at the pixel being shaded.
    // `vk::RawBufferLoad` takes the 64-bit device address and the alignment (a `uint`
    // constant) and yields a value of its result type read from that address;
    // `vk::RawBufferStore` takes the address, the value and the alignment. Both read and
    // write memory the way the scalar layout places `T` (`sizeof(T)` bytes, as DXC does).
    SubpassLoad => "SubpassInput::SubpassLoad",
    RawBufferLoad => "vk::RawBufferLoad",
    RawBufferStore => "vk::RawBufferStore",
    // `p.Get()` of a `vk::BufferPointer<T, A>`, or a part of it: `BufferPointerLoad` takes the
    // buffer pointer, then an access path into `T` (a constant `int` member index per struct,
    // an integer element index per array, an integer component index per vector, last; none
    // for the whole `T`), and yields that part;
    // `BufferPointerStore` takes the pointer, the value, then the path. Both access memory
    // laid out with the pointee rules of the buffer pointer (see `types::Type::BufferPointer`)
    // and assume the pointer's address is `A`-aligned.
    BufferPointerLoad => "vk::BufferPointer::Load",
    BufferPointerStore => "vk::BufferPointer::Store",
    // Inline SPIR-V: a call of a function declared with `[[vk::ext_instruction(opcode [,
    // "set"])]]`, an opaque instruction the backend emits verbatim. `literals`: the opcode,
    // the index of the instruction set's name in `Module::strings` (-1 for a core
    // instruction), then one [`ExtOperand`] code per operand: a value (its id), a literal (a
    // constant written as a literal word, `[[vk::ext_literal]]`) or a reference (a pointer,
    // `[[vk::ext_reference]]`).
    ExtInstruction => "vk::ext_instruction",
    // `vk::ReadClock(scope)`: the scope a constant `uint` (`vk::DeviceScope`: 1,
    // `vk::SubgroupScope`: 3), the result a `uint64_t`.
    ReadClock => "vk::ReadClock",
    // SM 6.4 packed dot products (`sm6x`): the two `uint`s hold four 8-bit lanes each
    // (unsigned, or signed two's complement), the third operand is the accumulator (`uint`,
    // or `int` for the signed form) and the result its type: the accumulator plus the sum of
    // the four lane products, wrapping.
    Dot4AddU8Packed => "dot4add_u8packed",
    Dot4AddI8Packed => "dot4add_i8packed",
    // SM 6.6 `IsHelperLane()`: no operands, a `bool` (always false outside pixel shaders).
    IsHelperLane => "IsHelperLane",
    // `discard` where it demotes the invocation to a helper (`OpDemoteToHelperInvocation`,
    // DXC's form under `SPV_EXT_demote_to_helper_invocation` or Vulkan 1.3): no operands,
    // `void`, and unlike `Kill` no terminator: the statements after it still run.
    Demote => "discard (demote)",
    // SM 6.5 `WaveMatch(value)`: a numeric scalar or vector, the result the `uint4` mask of
    // the active lanes whose value equals this lane's (bit for bit).
    WaveMatch => "WaveMatch",
    // SM 6.5 `WaveMultiPrefix*(value, mask)`: the value (the result's type), then the `uint4`
    // mask of the lanes of this lane's partition; the exclusive prefix over the active lanes
    // of the partition below this one.
    WaveMultiPrefixSum => "WaveMultiPrefixSum",
    WaveMultiPrefixProduct => "WaveMultiPrefixProduct",
    WaveMultiPrefixBitAnd => "WaveMultiPrefixBitAnd",
    WaveMultiPrefixBitOr => "WaveMultiPrefixBitOr",
    WaveMultiPrefixBitXor => "WaveMultiPrefixBitXor",
}

/// The part of buffer pointer type `ptr`'s pointee that access path `path` names (see
/// [`Intrinsic::BufferPointerLoad`]): `None` when `ptr` is no buffer pointer or the path
/// does not fit (a struct member index that is not a constant, a step into a scalar or a
/// matrix).
pub fn buffer_pointer_part(
    m: &crate::Module,
    ptr: &types::Type,
    path: &[crate::Value],
    path_types: &[types::Type],
) -> Option<types::Type> {
    use types::Type;
    let Type::BufferPointer { pointee, .. } = ptr else {
        return None;
    };
    let integer = |i: usize| {
        path_types
            .get(i)
            .map(|t| t.scalar_kind().is_some_and(|k| k.is_integer()))
    };
    let mut t = (**pointee).clone();
    for (i, &step) in path.iter().enumerate() {
        t = match &t {
            // A member unfolds the pointers to the struct inside it (a linked list).
            Type::Struct(s) => Type::member(s, usize::try_from(m.const_int(step)?).ok()?)?,
            Type::Array { element, .. } if integer(i)? => (**element).clone(),
            Type::Vector(k, _) if integer(i)? => Type::Scalar(*k),
            // A matrix's step is one of its rows.
            Type::Matrix { scalar, cols, .. } if integer(i)? => Type::Vector(*scalar, *cols),
            _ => return None,
        };
    }
    Some(t)
}

/// How an operand of [`Intrinsic::ExtInstruction`] is written, as its code in `literals`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExtOperand {
    Value = 0,
    Literal = 1,
    Reference = 2,
}

impl ExtOperand {
    pub fn from_code(code: i64) -> Option<ExtOperand> {
        match code {
            0 => Some(ExtOperand::Value),
            1 => Some(ExtOperand::Literal),
            2 => Some(ExtOperand::Reference),
            _ => None,
        }
    }

    /// The dump's prefix of the operand.
    pub fn prefix(self) -> &'static str {
        match self {
            ExtOperand::Value => "",
            ExtOperand::Literal => "literal ",
            ExtOperand::Reference => "ref ",
        }
    }
}

impl Intrinsic {
    /// Whether this is a method of `RayQuery<flags>` (its first operand is the query).
    pub fn is_ray_query(self) -> bool {
        self.name().starts_with("RayQuery::")
    }

    /// Whether this is one of the SM 6.4–6.6 intrinsics whose operands `verify::sm6x_ops`
    /// checks (packed dot products, `IsHelperLane`, `WaveMatch`, `WaveMultiPrefix*`).
    pub fn is_sm6x(self) -> bool {
        use Intrinsic::*;
        matches!(
            self,
            Dot4AddU8Packed
                | Dot4AddI8Packed
                | IsHelperLane
                | WaveMatch
                | WaveMultiPrefixSum
                | WaveMultiPrefixProduct
                | WaveMultiPrefixBitAnd
                | WaveMultiPrefixBitOr
                | WaveMultiPrefixBitXor
        )
    }
}
