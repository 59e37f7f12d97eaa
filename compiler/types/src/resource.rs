//! Resource types: textures of every dimension (read-only, RW and rasterizer-ordered), samplers,
//! typed, structured and byte-address buffers, constant and texture buffers, acceleration
//! structures, the tessellation patch and geometry stream types, and Vulkan subpass inputs. Part of [`crate::Type`].

use std::fmt;

use crate::ty::Type;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TextureDim {
    D1,
    D1Array,
    D2,
    D2Array,
    D2MS,
    D2MSArray,
    D3,
    Cube,
    CubeArray,
}

impl TextureDim {
    /// The suffix after `Texture` in the HLSL name.
    pub fn suffix(self) -> &'static str {
        match self {
            TextureDim::D1 => "1D",
            TextureDim::D1Array => "1DArray",
            TextureDim::D2 => "2D",
            TextureDim::D2Array => "2DArray",
            TextureDim::D2MS => "2DMS",
            TextureDim::D2MSArray => "2DMSArray",
            TextureDim::D3 => "3D",
            TextureDim::Cube => "Cube",
            TextureDim::CubeArray => "CubeArray",
        }
    }

    pub fn is_array(self) -> bool {
        matches!(
            self,
            TextureDim::D1Array
                | TextureDim::D2Array
                | TextureDim::D2MSArray
                | TextureDim::CubeArray
        )
    }

    pub fn is_multisampled(self) -> bool {
        matches!(self, TextureDim::D2MS | TextureDim::D2MSArray)
    }

    /// Components of a texel offset (and of a gradient): the coordinate without the array
    /// layer. Cube textures take no offsets (`None`).
    pub fn offset_count(self) -> Option<u8> {
        match self {
            TextureDim::D1 | TextureDim::D1Array => Some(1),
            TextureDim::D2 | TextureDim::D2Array | TextureDim::D2MS | TextureDim::D2MSArray => {
                Some(2)
            }
            TextureDim::D3 => Some(3),
            TextureDim::Cube | TextureDim::CubeArray => None,
        }
    }

    /// Components of a size query's result (width, height, depth or layers).
    pub fn size_count(self) -> u8 {
        match self {
            TextureDim::D1 => 1,
            TextureDim::D1Array | TextureDim::D2 | TextureDim::D2MS | TextureDim::Cube => 2,
            TextureDim::D2Array
            | TextureDim::D2MSArray
            | TextureDim::D3
            | TextureDim::CubeArray => 3,
        }
    }

    /// Components of a sampling coordinate (the layer included for arrays).
    pub fn coordinate_count(self) -> u8 {
        match self {
            TextureDim::D1 => 1,
            TextureDim::D1Array | TextureDim::D2 | TextureDim::D2MS => 2,
            TextureDim::D2Array | TextureDim::D2MSArray | TextureDim::D3 | TextureDim::Cube => 3,
            TextureDim::CubeArray => 4,
        }
    }
}

/// Read-only (`Texture2D`), read-write (`RWTexture2D`) or rasterizer-ordered
/// (`RasterizerOrderedTexture2D`). The same split applies to typed and byte-address buffers.
/// `Sampled` is for textures only: Vulkan's combined image sampler `vk::SampledTexture2D`, a
/// read-only texture that carries its own sampler (one binding, SPIR-V `OpTypeSampledImage`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TextureAccess {
    ReadOnly,
    ReadWrite,
    RasterizerOrdered,
    Sampled,
}

pub type BufferAccess = TextureAccess;
pub type ByteAddressKind = TextureAccess;

impl TextureAccess {
    fn prefix(self) -> &'static str {
        match self {
            TextureAccess::ReadOnly => "",
            TextureAccess::ReadWrite => "RW",
            TextureAccess::RasterizerOrdered => "RasterizerOrdered",
            TextureAccess::Sampled => "vk::Sampled",
        }
    }

    pub fn is_writable(self) -> bool {
        matches!(
            self,
            TextureAccess::ReadWrite | TextureAccess::RasterizerOrdered
        )
    }

    /// Whether this is a combined image sampler (`vk::SampledTexture2D`): sampling methods
    /// take no sampler argument.
    pub fn is_combined(self) -> bool {
        self == TextureAccess::Sampled
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum StructuredKind {
    ReadOnly,
    ReadWrite,
    Append,
    Consume,
    RasterizerOrdered,
}

impl StructuredKind {
    fn name(self) -> &'static str {
        match self {
            StructuredKind::ReadOnly => "StructuredBuffer",
            StructuredKind::ReadWrite => "RWStructuredBuffer",
            StructuredKind::Append => "AppendStructuredBuffer",
            StructuredKind::Consume => "ConsumeStructuredBuffer",
            StructuredKind::RasterizerOrdered => "RasterizerOrderedStructuredBuffer",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum StreamKind {
    Point,
    Line,
    Triangle,
}

/// A resource type.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ResourceType {
    /// `Texture2D<float4>`; `sample` is the element type in angle brackets.
    Texture {
        dim: TextureDim,
        access: TextureAccess,
        sample: Type,
    },
    /// `SamplerState` or `SamplerComparisonState`.
    Sampler {
        comparison: bool,
    },
    /// `Buffer<T>`, `RWBuffer<T>`, `RasterizerOrderedBuffer<T>`.
    TypedBuffer {
        access: BufferAccess,
        element: Type,
    },
    StructuredBuffer {
        kind: StructuredKind,
        element: Type,
    },
    ByteAddressBuffer {
        access: ByteAddressKind,
    },
    ConstantBuffer {
        element: Type,
    },
    TextureBuffer {
        element: Type,
    },
    RaytracingAccelerationStructure,
    /// `RayQuery<flags>`: the state of one inline ray traversal (SM 6.5). Not a descriptor:
    /// it lives in function-local variables. `flags` are the template's ray flags.
    RayQuery {
        flags: u32,
    },
    InputPatch {
        element: Type,
        count: u32,
    },
    OutputPatch {
        element: Type,
        count: u32,
    },
    Stream {
        kind: StreamKind,
        element: Type,
    },
    /// `SubpassInput<T>` / `SubpassInputMS<T>` (Vulkan only): the pixel's texel of an input
    /// attachment of the current subpass; `T` is a scalar or vector (`float4` by default).
    SubpassInput {
        multisampled: bool,
        element: Type,
    },
}

impl ResourceType {
    /// The address space a global of this resource lives in.
    pub fn address_space(&self) -> crate::AddressSpace {
        use crate::AddressSpace;
        match self {
            ResourceType::ConstantBuffer { .. } => AddressSpace::Uniform,
            ResourceType::StructuredBuffer { .. }
            | ResourceType::ByteAddressBuffer { .. }
            | ResourceType::TextureBuffer { .. } => AddressSpace::StorageBuffer,
            _ => AddressSpace::UniformConstant,
        }
    }

    /// The element type of a buffer-like resource (the `T` in `ConstantBuffer<T>`).
    pub fn element(&self) -> Option<&Type> {
        match self {
            ResourceType::Texture { sample: t, .. }
            | ResourceType::TypedBuffer { element: t, .. }
            | ResourceType::StructuredBuffer { element: t, .. }
            | ResourceType::ConstantBuffer { element: t }
            | ResourceType::TextureBuffer { element: t }
            | ResourceType::InputPatch { element: t, .. }
            | ResourceType::OutputPatch { element: t, .. }
            | ResourceType::Stream { element: t, .. }
            | ResourceType::SubpassInput { element: t, .. } => Some(t),
            _ => None,
        }
    }

    /// The element type, mutably (see [`ResourceType::element`]).
    pub fn element_mut(&mut self) -> Option<&mut Type> {
        match self {
            ResourceType::Texture { sample: t, .. }
            | ResourceType::TypedBuffer { element: t, .. }
            | ResourceType::StructuredBuffer { element: t, .. }
            | ResourceType::ConstantBuffer { element: t }
            | ResourceType::TextureBuffer { element: t }
            | ResourceType::InputPatch { element: t, .. }
            | ResourceType::OutputPatch { element: t, .. }
            | ResourceType::Stream { element: t, .. }
            | ResourceType::SubpassInput { element: t, .. } => Some(t),
            _ => None,
        }
    }

    /// The resource with `f` applied to its element type, if it has one.
    pub fn map_element(&self, f: impl FnOnce(&Type) -> Type) -> ResourceType {
        let mut r = self.clone();
        if let Some(t) = r.element_mut() {
            *t = f(t);
        }
        r
    }

    /// The IR dump's spelling: like HLSL, with element types spelled the IR way.
    pub fn ir(&self) -> ResourceIrSpelling<'_> {
        ResourceIrSpelling(self)
    }

    fn write(&self, f: &mut fmt::Formatter<'_>, ir: bool) -> fmt::Result {
        let ty = |f: &mut fmt::Formatter<'_>, t: &Type| {
            if ir {
                write!(f, "{}", t.ir())
            } else {
                write!(f, "{t}")
            }
        };
        match self {
            ResourceType::Texture {
                dim,
                access,
                sample,
            } => {
                // DXC declares the combined cube samplers as `vk::SampledTextureCUBE[Array]`.
                let suffix = match (access, dim) {
                    (TextureAccess::Sampled, TextureDim::Cube) => "CUBE",
                    (TextureAccess::Sampled, TextureDim::CubeArray) => "CUBEArray",
                    _ => dim.suffix(),
                };
                write!(f, "{}Texture{}<", access.prefix(), suffix)?;
                ty(f, sample)?;
                f.write_str(">")
            }
            ResourceType::Sampler { comparison: false } => f.write_str("SamplerState"),
            ResourceType::Sampler { comparison: true } => f.write_str("SamplerComparisonState"),
            ResourceType::TypedBuffer { access, element } => {
                write!(f, "{}Buffer<", access.prefix())?;
                ty(f, element)?;
                f.write_str(">")
            }
            ResourceType::StructuredBuffer { kind, element } => {
                write!(f, "{}<", kind.name())?;
                ty(f, element)?;
                f.write_str(">")
            }
            ResourceType::ByteAddressBuffer { access } => {
                write!(f, "{}ByteAddressBuffer", access.prefix())
            }
            ResourceType::ConstantBuffer { element } => {
                f.write_str("ConstantBuffer<")?;
                ty(f, element)?;
                f.write_str(">")
            }
            ResourceType::TextureBuffer { element } => {
                f.write_str("TextureBuffer<")?;
                ty(f, element)?;
                f.write_str(">")
            }
            ResourceType::RaytracingAccelerationStructure => {
                f.write_str("RaytracingAccelerationStructure")
            }
            ResourceType::RayQuery { flags } => write!(f, "RayQuery<{flags}>"),
            ResourceType::InputPatch { element, count } => {
                f.write_str("InputPatch<")?;
                ty(f, element)?;
                write!(f, ", {count}>")
            }
            ResourceType::OutputPatch { element, count } => {
                f.write_str("OutputPatch<")?;
                ty(f, element)?;
                write!(f, ", {count}>")
            }
            ResourceType::Stream { kind, element } => {
                let name = match kind {
                    StreamKind::Point => "PointStream",
                    StreamKind::Line => "LineStream",
                    StreamKind::Triangle => "TriangleStream",
                };
                write!(f, "{name}<")?;
                ty(f, element)?;
                f.write_str(">")
            }
            ResourceType::SubpassInput {
                multisampled,
                element,
            } => {
                let ms = if *multisampled { "MS" } else { "" };
                write!(f, "SubpassInput{ms}<")?;
                ty(f, element)?;
                f.write_str(">")
            }
        }
    }
}

/// HLSL spelling.
impl fmt::Display for ResourceType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, false)
    }
}

pub struct ResourceIrSpelling<'a>(&'a ResourceType);

impl fmt::Display for ResourceIrSpelling<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write(f, true)
    }
}
