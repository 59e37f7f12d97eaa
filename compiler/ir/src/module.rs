//! The module layout: globals, functions and entry points in source order, the constant pool
//! and spec constants; functions with their block layout and instruction arena; stage
//! variables with `Location` or `BuiltIn`; resources with address space, set, binding and
//! buffer layout. Built by `builder`, printed by `print`, checked by `verify`, read by passes
//! and backends.

use types::{AddressSpace, BufferLayout, Interpolation, Type};

use crate::entity::{Arena, Handle, NameHint};
use crate::inst::{InstData, StructureMarker};
use crate::value::{Constant, SpecConstant, Value};

pub type Inst = Handle<InstData>;
pub type Block = Handle<BlockData>;
pub type Func = Handle<Function>;
pub type Global = Handle<GlobalVar>;

/// A whole translation unit after lowering.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Module {
    /// The constant pool; [`crate::builder::ModuleBuilder`] de-duplicates entries.
    pub constants: Arena<Constant>,
    pub spec_constants: Arena<SpecConstant>,
    pub globals: Arena<GlobalVar>,
    pub functions: Arena<Function>,
    pub entry_points: Vec<EntryPoint>,
    /// String literals (`printf` formats), referred to by index from the literals of the
    /// instructions that use them.
    pub strings: Vec<String>,
    /// Inline SPIR-V (`[[vk::ext_capability(N)]]`, `[[vk::ext_extension("...")]]`): the
    /// capabilities and extensions the module declares besides those its code needs, in
    /// first-use order.
    pub spirv_capabilities: Vec<u32>,
    pub spirv_extensions: Vec<String>,
    /// `vk::ext_execution_mode(mode, operands...)`: raw execution modes (the mode's number,
    /// then its literal operands) of every entry point of the module.
    pub spirv_execution_modes: Vec<Vec<u32>>,
    /// `vk::ext_execution_mode_id(mode, operands...)`: execution modes whose operands are
    /// ids (`OpExecutionModeId`) of every entry point: the mode's number, then constants or
    /// spec constants (`Value::Const`, `Value::Spec`).
    pub spirv_execution_mode_ids: Vec<(u32, Vec<Value>)>,
    /// The rules laying out the pointees of `vk::BufferPointer`s: those of storage buffers
    /// under `-fvk-use-gl-layout`, `-fvk-use-dx-layout` or `-fvk-use-scalar-layout`; `None`
    /// for DXC's default, relaxed std430.
    pub buffer_pointer_layout: Option<types::LayoutRules>,
    /// Inline SPIR-V decorations of struct members (`[[vk::ext_decorate]]` and
    /// `[[vk::ext_decorate_string]]` on a field): `OpMemberDecorate` on every SPIR-V type the
    /// struct of that name becomes.
    pub spirv_member_decorations: Vec<SpirvMemberDecoration>,
    /// The operands of each `vk::ext_type<id>` defined by a call (`types::SpirvTypeOperand::
    /// DefinedByCall`): the arguments of the first call of its `[[vk::ext_type_def(id, ..)]]`
    /// function, by id, in the order the calls were lowered.
    pub spirv_type_defs: Vec<(u32, Vec<types::SpirvTypeOperand>)>,
}

impl Module {
    /// The type of `value` used inside `func`; `None` for dangling handles.
    pub fn value_type(&self, func: &Function, value: Value) -> Option<Type> {
        match value {
            Value::Const(c) => self.constants.get(c).map(|c| c.ty.clone()),
            Value::Spec(s) => self.spec_constants.get(s).map(|s| Type::Scalar(s.kind)),
            Value::Global(g) => self.globals.get(g).map(GlobalVar::pointer_type),
            Value::Arg(i) => func.params.get(i as usize).map(|p| p.ty.clone()),
            Value::Inst(i) => func.insts.get(i).map(|d| d.ty.clone()),
        }
    }

    /// The integer value of a constant operand (struct member indices of access chains).
    pub fn const_int(&self, value: Value) -> Option<i64> {
        match value {
            Value::Const(c) => self.constants.get(c)?.as_i64(),
            _ => None,
        }
    }

    /// The rules laying out the pointees of `vk::BufferPointer`s (see
    /// [`Module::buffer_pointer_layout`]).
    pub fn pointee_rules(&self) -> types::LayoutRules {
        self.buffer_pointer_layout
            .unwrap_or(types::LayoutRules::RelaxedStd430)
    }

    pub fn function_by_name(&self, name: &str) -> Option<Func> {
        self.functions
            .iter()
            .find(|(_, f)| f.name == name)
            .map(|(h, _)| h)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Param {
    pub ty: Type,
    pub name: NameHint,
}

/// A function: parameters, return type, blocks in layout order (the first is the entry) and
/// the arena of its instructions.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Function {
    pub name: String,
    pub params: Vec<Param>,
    pub ret: Type,
    pub blocks: Arena<BlockData>,
    /// The order blocks are printed and numbered in; `layout[0]` is the entry block.
    pub layout: Vec<Block>,
    pub insts: Arena<InstData>,
    /// The allocas and arguments declared `[[vk::aliased_pointer]]`: the buffer pointers they
    /// hold may alias each other (SPIR-V `AliasedPointer`/`Aliased`); every other buffer
    /// pointer variable is restrict, the proposal's default.
    pub aliased_pointers: Vec<Value>,
    /// Inline SPIR-V decorations of locals (`[[vk::ext_decorate(...)]] float x;`): the alloca
    /// and the decoration, written on its `OpVariable`.
    pub spirv_decorations: Vec<(Value, SpirvDecoration)>,
    /// Inline SPIR-V decorations of the function itself (`[[vk::ext_decorate(...)]]` on a
    /// function that is no entry point), written on its `OpFunction`.
    pub decorations: Vec<SpirvDecoration>,
}

impl Function {
    pub fn new(name: impl Into<String>, params: Vec<Type>, ret: Type) -> Function {
        Function {
            name: name.into(),
            params: params
                .into_iter()
                .map(|ty| Param {
                    ty,
                    name: NameHint::default(),
                })
                .collect(),
            ret,
            blocks: Arena::new(),
            layout: Vec::new(),
            insts: Arena::new(),
            aliased_pointers: Vec::new(),
            spirv_decorations: Vec::new(),
            decorations: Vec::new(),
        }
    }

    pub fn entry_block(&self) -> Option<Block> {
        self.layout.first().copied()
    }

    /// The last instruction of `block` if it is a terminator.
    pub fn terminator(&self, block: Block) -> Option<&InstData> {
        let last = *self.blocks.get(block)?.insts.last()?;
        self.insts.get(last).filter(|d| d.is_terminator())
    }

    /// Successor blocks of `block` in terminator order, duplicates removed.
    pub fn successors(&self, block: Block) -> Vec<Block> {
        let mut out = Vec::new();
        if let Some(t) = self.terminator(block) {
            for &b in &t.blocks {
                if !out.contains(&b) {
                    out.push(b);
                }
            }
        }
        out
    }

    /// The position of `block` in the layout.
    pub fn block_position(&self, block: Block) -> Option<usize> {
        self.layout.iter().position(|&b| b == block)
    }

    /// A point that [`Function::rollback`] returns the function to: the lengths of its
    /// arenas and lists, and each block's structure marker. Taking one costs a word per
    /// block, not a copy of the function.
    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            blocks: self.blocks.len(),
            insts: self.insts.len(),
            layout: self.layout.len(),
            aliased_pointers: self.aliased_pointers.len(),
            spirv_decorations: self.spirv_decorations.len(),
            markers: self.blocks.iter().map(|(_, b)| b.marker).collect(),
        }
    }

    /// Forgets what was built since `cp`: blocks and instructions made after it, and their
    /// places in older blocks (appended or inserted anywhere). Building only adds to a
    /// function, so this restores it exactly, provided nothing made before `cp` was changed
    /// or removed since (the unrolling of `lower` checks it in debug builds).
    pub fn rollback(&mut self, cp: &Checkpoint) {
        self.blocks.truncate(cp.blocks);
        self.insts.truncate(cp.insts);
        self.layout.truncate(cp.layout);
        self.aliased_pointers.truncate(cp.aliased_pointers);
        self.spirv_decorations.truncate(cp.spirv_decorations);
        let kept = cp.insts;
        for (b, marker) in self.blocks.handles().zip(&cp.markers).collect::<Vec<_>>() {
            let data = &mut self.blocks[b];
            data.insts.retain(|i| i.index() < kept);
            data.marker = *marker;
        }
    }
}

/// What [`Function::checkpoint`] records.
#[derive(Debug, Clone)]
pub struct Checkpoint {
    blocks: usize,
    insts: usize,
    layout: usize,
    aliased_pointers: usize,
    spirv_decorations: usize,
    markers: Vec<Option<StructureMarker>>,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct BlockData {
    pub insts: Vec<Inst>,
    /// Set on loop and selection header blocks.
    pub marker: Option<StructureMarker>,
    pub name: NameHint,
}

/// What a global is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GlobalKind {
    /// `static` variables, in `AddressSpace::Private`.
    Private,
    /// `groupshared` variables, in `AddressSpace::Workgroup`.
    Groupshared,
    /// Stage inputs, in `AddressSpace::Input`.
    Input,
    /// Stage outputs, in `AddressSpace::Output`.
    Output,
    /// Textures, samplers, buffers (in `UniformConstant`, `Uniform` or `StorageBuffer`).
    Resource,
    /// `[[vk::push_constant]]` blocks, in `AddressSpace::PushConstant`.
    PushConstant,
    /// `[[vk::shader_record_ext]]` (and `_nv`) blocks, in `AddressSpace::ShaderRecordBuffer`:
    /// laid out like push constants, bound to no descriptor.
    ShaderRecord,
    /// The payload of an amplification shader (the `groupshared` variable it passes to
    /// `DispatchMesh`) or of a mesh shader (`in payload`), in `AddressSpace::TaskPayload`.
    TaskPayload,
    /// The data ray-tracing stages exchange: ray payloads, hit attributes and callable data,
    /// in one of the five ray address spaces (`ray_payload`, `incoming_ray_payload`,
    /// `hit_attribute`, `callable_data`, `incoming_callable_data`), and the attributes of a
    /// hit object (`hit_object_attribute`).
    RayData,
}

impl GlobalKind {
    pub fn name(self) -> &'static str {
        match self {
            GlobalKind::Private => "private",
            GlobalKind::Groupshared => "groupshared",
            GlobalKind::Input => "input",
            GlobalKind::Output => "output",
            GlobalKind::Resource => "resource",
            GlobalKind::PushConstant => "push_constant",
            GlobalKind::ShaderRecord => "shader_record",
            GlobalKind::TaskPayload => "task_payload",
            GlobalKind::RayData => "ray_data",
        }
    }

    /// The address space every global of this kind is in (`None`: resources vary).
    pub fn fixed_space(self) -> Option<AddressSpace> {
        match self {
            GlobalKind::Private => Some(AddressSpace::Private),
            GlobalKind::Groupshared => Some(AddressSpace::Workgroup),
            GlobalKind::Input => Some(AddressSpace::Input),
            GlobalKind::Output => Some(AddressSpace::Output),
            GlobalKind::PushConstant => Some(AddressSpace::PushConstant),
            GlobalKind::ShaderRecord => Some(AddressSpace::ShaderRecordBuffer),
            GlobalKind::TaskPayload => Some(AddressSpace::TaskPayload),
            GlobalKind::Resource | GlobalKind::RayData => None,
        }
    }
}

/// Where a stage variable is bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StageBinding {
    Location(u32),
    BuiltIn(BuiltIn),
}

macro_rules! named_enum {
    ($(#[$m:meta])* $name:ident { $($variant:ident => $text:literal,)* }) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $($variant,)*
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant,)*];

            pub fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)*
                }
            }

            pub fn from_name(text: &str) -> Option<$name> {
                $name::ALL.iter().copied().find(|v| v.name() == text)
            }

            /// Parses the spelling of [`Self::name`] in any case, as HLSL's attributes are.
            pub fn from_name_ignoring_case(text: &str) -> Option<$name> {
                $name::ALL.iter().copied().find(|v| v.name().eq_ignore_ascii_case(text))
            }
        }
    };
}

named_enum! {
    /// SPIR-V built-in variables that HLSL system-value semantics map to.
    BuiltIn {
        Position => "Position",
        FragCoord => "FragCoord",
        PointSize => "PointSize",
        ClipDistance => "ClipDistance",
        CullDistance => "CullDistance",
        VertexIndex => "VertexIndex",
        InstanceIndex => "InstanceIndex",
        BaseVertex => "BaseVertex",
        BaseInstance => "BaseInstance",
        DrawIndex => "DrawIndex",
        DeviceIndex => "DeviceIndex",
        FrontFacing => "FrontFacing",
        FragDepth => "FragDepth",
        SampleId => "SampleId",
        SampleMask => "SampleMask",
        SamplePosition => "SamplePosition",
        HelperInvocation => "HelperInvocation",
        PrimitiveId => "PrimitiveId",
        InvocationId => "InvocationId",
        Layer => "Layer",
        ViewportIndex => "ViewportIndex",
        ViewIndex => "ViewIndex",
        TessLevelOuter => "TessLevelOuter",
        TessLevelInner => "TessLevelInner",
        TessCoord => "TessCoord",
        PatchVertices => "PatchVertices",
        GlobalInvocationId => "GlobalInvocationId",
        LocalInvocationId => "LocalInvocationId",
        LocalInvocationIndex => "LocalInvocationIndex",
        WorkgroupId => "WorkgroupId",
        NumWorkgroups => "NumWorkgroups",
        SubgroupSize => "SubgroupSize",
        SubgroupLocalInvocationId => "SubgroupLocalInvocationId",
        FragStencilRef => "FragStencilRef",
        Barycentric => "BaryCoordKHR",
        BarycentricNoPerspective => "BaryCoordNoPerspKHR",
        FullyCovered => "FullyCoveredEXT",
        ShadingRate => "ShadingRateKHR",
        PrimitiveShadingRate => "PrimitiveShadingRateKHR",
        CullPrimitive => "CullPrimitiveEXT",
        PrimitivePointIndices => "PrimitivePointIndicesEXT",
        PrimitiveLineIndices => "PrimitiveLineIndicesEXT",
        PrimitiveTriangleIndices => "PrimitiveTriangleIndicesEXT",
        ViewportMask => "ViewportMaskNV",
    }
}

named_enum! {
    /// `[[vk::image_format("...")]]` values: how a storage texture is laid out.
    ImageFormat {
        Rgba32f => "rgba32f",
        Rgba16f => "rgba16f",
        R32f => "r32f",
        Rg32f => "rg32f",
        Rg16f => "rg16f",
        R11g11b10f => "r11g11b10f",
        R16f => "r16f",
        Rgba16 => "rgba16",
        Rgb10a2 => "rgb10a2",
        Rg16 => "rg16",
        Rg8 => "rg8",
        R16 => "r16",
        R8 => "r8",
        Rgba16snorm => "rgba16snorm",
        Rg16snorm => "rg16snorm",
        Rg8snorm => "rg8snorm",
        R16snorm => "r16snorm",
        R8snorm => "r8snorm",
        Rgba32i => "rgba32i",
        Rgba16i => "rgba16i",
        Rgba8i => "rgba8i",
        R32i => "r32i",
        Rg32i => "rg32i",
        Rg16i => "rg16i",
        Rg8i => "rg8i",
        R16i => "r16i",
        R8i => "r8i",
        Rgba32ui => "rgba32ui",
        Rgba16ui => "rgba16ui",
        Rgba8ui => "rgba8ui",
        R32ui => "r32ui",
        Rgb10a2ui => "rgb10a2ui",
        Rg32ui => "rg32ui",
        Rg16ui => "rg16ui",
        Rg8ui => "rg8ui",
        R16ui => "r16ui",
        R8ui => "r8ui",
        R64ui => "r64ui",
        R64i => "r64i",
        Rgba8 => "rgba8",
        Rgba8snorm => "rgba8snorm",
        Unknown => "unknown",
    }
}

named_enum! {
    /// Shader stages.
    Stage {
        Vertex => "vertex",
        Pixel => "pixel",
        Geometry => "geometry",
        Hull => "hull",
        Domain => "domain",
        Compute => "compute",
        Mesh => "mesh",
        Amplification => "amplification",
        RayGeneration => "raygeneration",
        Intersection => "intersection",
        AnyHit => "anyhit",
        ClosestHit => "closesthit",
        Miss => "miss",
        Callable => "callable",
    }
}

/// An inline SPIR-V decoration of a global: the decoration's number and its operands.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SpirvDecoration {
    pub decoration: u32,
    pub operands: SpirvDecorationOperands,
}

/// An inline SPIR-V decoration of member `member` of the struct named `struct_name`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SpirvMemberDecoration {
    pub struct_name: String,
    pub member: u32,
    pub decoration: SpirvDecoration,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum SpirvDecorationOperands {
    /// `OpDecorate` with literal words.
    Literals(Vec<u32>),
    /// `OpDecorateString` with strings.
    Strings(Vec<String>),
    /// `OpDecorateId` with constants (`[[vk::ext_decorate_id]]`).
    Ids(Vec<crate::value::Const>),
}

/// A module-level variable. Its value (as an operand) is a `ptr<space, ty>`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GlobalVar {
    /// The source name (`counter.var.buf`, `in.var.TEXCOORD0`); printed only in a comment.
    pub name: String,
    /// The declaration it was lowered from, where there is one, so that a backend's
    /// diagnostic about the variable points at it; never printed.
    pub loc: Option<crate::inst::SourceLoc>,
    pub kind: GlobalKind,
    pub space: AddressSpace,
    /// The pointee type: a resource, an array of resources, or plain data.
    pub ty: Type,
    pub init: Option<crate::value::Const>,
    /// Descriptor set and binding of a resource.
    pub set: Option<u32>,
    pub binding: Option<u32>,
    /// Number of resources of a resource array (`None` for a single resource).
    pub resource_count: Option<u32>,
    /// The layout of a buffer's element (`ConstantBuffer`, structured buffers, push constants).
    pub layout: Option<BufferLayout>,
    /// `Location` or `BuiltIn` of a stage variable.
    pub stage_binding: Option<StageBinding>,
    /// The first component a located stage variable takes when it shares its location with
    /// others (`-pack-optimized`; SPIR-V `Component`, dump `component(N)`).
    pub component: Option<u32>,
    pub interpolation: Vec<Interpolation>,
    pub image_format: Option<ImageFormat>,
    /// `[[vk::input_attachment_index(N)]]` of a subpass input (SPIR-V `InputAttachmentIndex`).
    pub input_attachment: Option<u32>,
    /// Inline SPIR-V decorations (`[[vk::ext_decorate(d, ...)]]`,
    /// `[[vk::ext_decorate_string(d, "...")]]`), written verbatim by the backend.
    pub spirv_decorations: Vec<SpirvDecoration>,
    /// A stage variable per patch rather than per control point: the patch-constant outputs
    /// of a hull shader and the matching inputs of a domain shader (SPIR-V `Patch`).
    pub patch: bool,
    /// A mesh-shader output per primitive rather than per vertex (SPIR-V `PerPrimitiveEXT`).
    pub per_primitive: bool,
    /// Explicit byte offsets of the buffer's members (`packoffset`), by member index; empty
    /// when every member is placed by the layout rules.
    pub member_offsets: Vec<Option<u32>>,
    /// The output stream of a geometry shader with several (SPIR-V `Stream`).
    pub stream: Option<u32>,
    /// A pixel input read per vertex of the primitive (`GetAttributeAtVertex`): an array of
    /// the three vertices' values (SPIR-V `PerVertexKHR`).
    pub per_vertex: bool,
    /// A `globallycoherent` resource: its accesses are coherent across the device (SPIR-V
    /// `Coherent`, or the Vulkan memory model's availability and visibility operands).
    pub globally_coherent: bool,
    /// A `static` holding buffer pointers declared `[[vk::aliased_pointer]]` (SPIR-V
    /// `AliasedPointer` rather than the default `RestrictPointer`).
    pub aliased_pointer: bool,
}

impl GlobalVar {
    /// A global with only its name, kind, address space and type set.
    pub fn new(name: impl Into<String>, kind: GlobalKind, space: AddressSpace, ty: Type) -> Self {
        GlobalVar {
            name: name.into(),
            loc: None,
            kind,
            space,
            ty,
            init: None,
            set: None,
            binding: None,
            resource_count: None,
            layout: None,
            stage_binding: None,
            component: None,
            interpolation: Vec::new(),
            image_format: None,
            input_attachment: None,
            spirv_decorations: Vec::new(),
            patch: false,
            per_primitive: false,
            member_offsets: Vec::new(),
            stream: None,
            per_vertex: false,
            globally_coherent: false,
            aliased_pointer: false,
        }
    }

    pub fn pointer_type(&self) -> Type {
        Type::pointer(self.space, self.ty.clone())
    }

    /// Whether an inline SPIR-V `BuiltIn` decoration (number 11) names this variable's
    /// built-in: a `[[vk::ext_builtin_input(N)]]` or `[[vk::ext_builtin_output(N)]]` global.
    pub fn has_inline_builtin(&self) -> bool {
        self.spirv_decorations.iter().any(|d| d.decoration == 11)
    }

    /// The type whose layout [`GlobalVar::layout`] must describe, for globals that need one:
    /// `T` of `ConstantBuffer<T>`/`TextureBuffer<T>`, the runtime array `T[]` of a structured
    /// buffer (so the array stride is part of it), and the block of a push constant. Resource
    /// arrays use their element. Byte-address buffers hold plain `uint` words and need none.
    pub fn buffer_layout_type(&self) -> Option<Type> {
        if matches!(
            self.kind,
            GlobalKind::PushConstant | GlobalKind::ShaderRecord
        ) {
            return Some(self.ty.clone());
        }
        // A resource, or an array (of arrays) of resources.
        let mut inner = &self.ty;
        while let Type::Array { element, .. } = inner {
            inner = element;
        }
        let resource = inner.as_resource()?;
        match resource {
            types::ResourceType::ConstantBuffer { element }
            | types::ResourceType::TextureBuffer { element } => Some(element.clone()),
            types::ResourceType::StructuredBuffer { element, .. } => {
                Some(Type::unsized_array(element.clone()))
            }
            _ => None,
        }
    }

    /// The layout rules DXC uses by default for this global: vector-relaxed std140 for
    /// constant buffers, vector-relaxed std430 for storage buffers and push constants.
    pub fn default_layout_rules(&self) -> types::LayoutRules {
        if self.space == AddressSpace::Uniform {
            types::LayoutRules::RelaxedStd140
        } else {
            types::LayoutRules::RelaxedStd430
        }
    }
}

/// An entry point: a no-parameter void function and the stage variables it uses.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct EntryPoint {
    pub name: String,
    pub stage: Stage,
    pub function: Func,
    pub inputs: Vec<Global>,
    pub outputs: Vec<Global>,
    /// `[numthreads(x, y, z)]` of compute, mesh and amplification shaders.
    pub workgroup_size: Option<[u32; 3]>,
    /// The other execution modes (geometry, tessellation and mesh shaders), in the order the
    /// dump prints them.
    pub modes: Vec<crate::modes::ExecutionMode>,
}
