//! Scalars, vectors, matrices, arrays, structs, pointers and their two spellings: HLSL
//! (`float4`, `float3x3`, `RWStructuredBuffer<S>`) through `Display`, and the IR dump's spelling
//! (`ptr<function, int>`, `array<float, 4>`) through [`Type::ir`]. Used by `hir`, `ir`, `lower`
//! and the backends.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use crate::enums::EnumType;
use crate::resource::ResourceType;
use crate::spirv_type::{InlineSpirvIr, InlineSpirvType};

/// The scalar component kinds of HLSL. `dword` is spelled [`ScalarKind::Uint`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ScalarKind {
    Bool,
    Int,
    Uint,
    Int16,
    Uint16,
    Int64,
    Uint64,
    /// `half`: 32 bits unless 16-bit types are enabled (DXC's default for SPIR-V).
    Half,
    Float,
    Double,
    Float16,
    Min16Float,
    Min10Float,
    Min16Int,
    Min12Int,
    Min16Uint,
}

impl ScalarKind {
    pub const ALL: [ScalarKind; 16] = [
        ScalarKind::Bool,
        ScalarKind::Int,
        ScalarKind::Uint,
        ScalarKind::Int16,
        ScalarKind::Uint16,
        ScalarKind::Int64,
        ScalarKind::Uint64,
        ScalarKind::Half,
        ScalarKind::Float,
        ScalarKind::Double,
        ScalarKind::Float16,
        ScalarKind::Min16Float,
        ScalarKind::Min10Float,
        ScalarKind::Min16Int,
        ScalarKind::Min12Int,
        ScalarKind::Min16Uint,
    ];

    /// The HLSL keyword.
    pub fn name(self) -> &'static str {
        match self {
            ScalarKind::Bool => "bool",
            ScalarKind::Int => "int",
            ScalarKind::Uint => "uint",
            ScalarKind::Int16 => "int16_t",
            ScalarKind::Uint16 => "uint16_t",
            ScalarKind::Int64 => "int64_t",
            ScalarKind::Uint64 => "uint64_t",
            ScalarKind::Half => "half",
            ScalarKind::Float => "float",
            ScalarKind::Double => "double",
            ScalarKind::Float16 => "float16_t",
            ScalarKind::Min16Float => "min16float",
            ScalarKind::Min10Float => "min10float",
            ScalarKind::Min16Int => "min16int",
            ScalarKind::Min12Int => "min12int",
            ScalarKind::Min16Uint => "min16uint",
        }
    }

    /// Parses an HLSL scalar keyword, including the `dword` alias of `uint`.
    pub fn from_name(name: &str) -> Option<ScalarKind> {
        if name == "dword" {
            return Some(ScalarKind::Uint);
        }
        ScalarKind::ALL.into_iter().find(|k| k.name() == name)
    }

    pub fn is_bool(self) -> bool {
        self == ScalarKind::Bool
    }

    pub fn is_float(self) -> bool {
        matches!(
            self,
            ScalarKind::Half
                | ScalarKind::Float
                | ScalarKind::Double
                | ScalarKind::Float16
                | ScalarKind::Min16Float
                | ScalarKind::Min10Float
        )
    }

    /// The kind under DXC's `-enable-16bit-types`, which makes `half` and the minimum-precision
    /// types native 16-bit types (`min16float` is `float16_t`, `min12int` is `int16_t`...).
    pub fn with_native_16bit(self) -> ScalarKind {
        match self {
            ScalarKind::Half | ScalarKind::Min16Float | ScalarKind::Min10Float => {
                ScalarKind::Float16
            }
            ScalarKind::Min16Int | ScalarKind::Min12Int => ScalarKind::Int16,
            ScalarKind::Min16Uint => ScalarKind::Uint16,
            k => k,
        }
    }

    pub fn is_integer(self) -> bool {
        !self.is_bool() && !self.is_float()
    }

    pub fn is_signed_integer(self) -> bool {
        matches!(
            self,
            ScalarKind::Int
                | ScalarKind::Int16
                | ScalarKind::Int64
                | ScalarKind::Min16Int
                | ScalarKind::Min12Int
        )
    }

    /// Bits of the value as the IR stores it. Minimum-precision types and `half` are
    /// 32-bit values (their precision is a hint), `bool` is one bit.
    pub fn bit_width(self) -> u32 {
        match self {
            ScalarKind::Bool => 1,
            ScalarKind::Int16 | ScalarKind::Uint16 | ScalarKind::Float16 => 16,
            ScalarKind::Int64 | ScalarKind::Uint64 | ScalarKind::Double => 64,
            _ => 32,
        }
    }

    /// Bytes the scalar takes in a buffer (`bool` is stored as a 32-bit word).
    pub fn size_in_buffer(self) -> u32 {
        match self {
            ScalarKind::Bool => 4,
            k => k.bit_width() / 8,
        }
    }
}

/// `row_major` or `column_major`. HLSL's default is column major.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum MatrixOrientation {
    RowMajor,
    #[default]
    ColumnMajor,
}

/// Interpolation modifiers of a struct field or a stage variable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Interpolation {
    Linear,
    Centroid,
    NoInterpolation,
    NoPerspective,
    Sample,
}

impl Interpolation {
    pub fn name(self) -> &'static str {
        match self {
            Interpolation::Linear => "linear",
            Interpolation::Centroid => "centroid",
            Interpolation::NoInterpolation => "nointerpolation",
            Interpolation::NoPerspective => "noperspective",
            Interpolation::Sample => "sample",
        }
    }
}

/// SPIR-V-like storage classes of logical pointers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AddressSpace {
    /// Locals (`Alloca`).
    Function,
    /// `static` globals.
    Private,
    /// `groupshared`.
    Workgroup,
    Input,
    Output,
    /// Constant buffers.
    Uniform,
    /// Textures, samplers, typed buffers.
    UniformConstant,
    /// Structured and byte-address buffers.
    StorageBuffer,
    PushConstant,
    /// A `[[vk::shader_record_ext]]` (or `_nv`) buffer: the data of the current entry of the
    /// shader binding table (SPIR-V `ShaderRecordBufferKHR`).
    ShaderRecordBuffer,
    /// The payload an amplification shader hands to its mesh shaders (`DispatchMesh`), shared
    /// by the work group like `groupshared` (SPIR-V `TaskPayloadWorkgroupEXT`).
    TaskPayload,
    /// The payload a ray-tracing shader passes to `TraceRay` (SPIR-V `RayPayloadKHR`).
    RayPayload,
    /// The payload a hit or miss shader receives (SPIR-V `IncomingRayPayloadKHR`).
    IncomingRayPayload,
    /// The attributes of a hit: written by `ReportHit`, read by hit shaders (SPIR-V
    /// `HitAttributeKHR`).
    HitAttribute,
    /// The parameter a shader passes to `CallShader` (SPIR-V `CallableDataKHR`).
    CallableData,
    /// The parameter a callable shader receives (SPIR-V `IncomingCallableDataKHR`).
    IncomingCallableData,
    /// The attributes of a hit object of NVIDIA's shader execution reordering
    /// (`[[vk::ext_storage_class(5385)]]`, SPIR-V `HitObjectAttributeNV`).
    HitObjectAttribute,
    /// The attributes of a hit object of the cross-vendor shader execution reordering
    /// (`[[vk::ext_storage_class(5411)]]`, SPIR-V `HitObjectAttributeEXT`).
    HitObjectAttributeExt,
}

impl AddressSpace {
    /// The spelling in the IR dump.
    pub fn name(self) -> &'static str {
        match self {
            AddressSpace::Function => "function",
            AddressSpace::Private => "private",
            AddressSpace::Workgroup => "workgroup",
            AddressSpace::Input => "input",
            AddressSpace::Output => "output",
            AddressSpace::Uniform => "uniform",
            AddressSpace::UniformConstant => "uniform_constant",
            AddressSpace::StorageBuffer => "storage_buffer",
            AddressSpace::PushConstant => "push_constant",
            AddressSpace::ShaderRecordBuffer => "shader_record_buffer",
            AddressSpace::TaskPayload => "task_payload",
            AddressSpace::RayPayload => "ray_payload",
            AddressSpace::IncomingRayPayload => "incoming_ray_payload",
            AddressSpace::HitAttribute => "hit_attribute",
            AddressSpace::CallableData => "callable_data",
            AddressSpace::IncomingCallableData => "incoming_callable_data",
            AddressSpace::HitObjectAttribute => "hit_object_attribute",
            AddressSpace::HitObjectAttributeExt => "hit_object_attribute_ext",
        }
    }
}

/// One field of a struct.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct StructField {
    pub name: String,
    pub ty: Type,
    /// `SV_Position`, `TEXCOORD0`: the semantic as written, with its index.
    pub semantic: Option<String>,
    pub interpolation: Vec<Interpolation>,
    /// `uint a : 8;`: the width of a bit-field (HLSL 2021), whose values wrap to it.
    pub bit_width: Option<u8>,
    /// `[[vk::offset(N)]]`: the member's byte offset in a buffer, under every layout rule
    /// (it overrules `packoffset`; DXC's `docs/SPIR-V.rst`, "Memory layout rules").
    pub offset: Option<u32>,
    /// How many bases deep the field was inherited from: 0 for the struct's own fields, 1
    /// for its base's own fields, 2 for its base's base's... The front end flattens bases
    /// first, but a buffer lays a base out as a struct member of its own, as DXC declares it
    /// (so `struct D : B { float b; }` puts `b` after `B`'s rounded size under std140).
    pub base_depth: u8,
    /// Where inherited fields start a base: bit `k` set when the field is the first of a
    /// base inherited `k + 1` levels up. With several bases (`struct C : A, B`) each is a
    /// member of its own in a buffer, as DXC declares them, and these bits tell where `B`'s
    /// fields begin. 0 for the struct's own fields.
    pub base_starts: u8,
}

impl StructField {
    /// A field `name` of type `ty` with no semantic or interpolation modifier.
    pub fn new(name: impl Into<String>, ty: Type) -> StructField {
        StructField {
            name: name.into(),
            ty,
            semantic: None,
            interpolation: Vec::new(),
            bit_width: None,
            offset: None,
            base_depth: 0,
            base_starts: 0,
        }
    }

    /// An unnamed bit-field (`uint : 4;`): padding that takes bits in a buffer's layout, but
    /// is no member to name and takes no initializer (C++ [dcl.init.aggr]).
    pub fn is_unnamed_bit_field(&self) -> bool {
        self.bit_width.is_some() && self.name.is_empty()
    }

    /// A base with no fields of its own (`struct S : E { float x; }` with `struct E {}`):
    /// the front end keeps it as an unnamed member of the empty struct's type, in the place
    /// of the base, as DXC declares it (`%S = OpTypeStruct %E %float`). It holds no data, so
    /// initializer lists and conversions pass over it like any empty struct member.
    pub fn empty_base(ty: Type) -> StructField {
        StructField {
            base_depth: 1,
            base_starts: 1,
            ..StructField::new("", ty)
        }
    }

    /// Whether this is the member of an empty base ([`StructField::empty_base`]).
    pub fn is_empty_base(&self) -> bool {
        self.name.is_empty() && self.bit_width.is_none()
    }
}

/// A struct type. Structs are nominal in HLSL; `name` is the qualified name the front end gives
/// (two structs with one name and the same fields are the same type).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct StructType {
    pub name: String,
    pub fields: Vec<StructField>,
}

impl StructType {
    /// The field `name` names. A derived struct's fields follow its bases' (the front end
    /// flattens bases first), and its own field shadows a base's of the same name, as in
    /// C++ and DXC: the last field of that name is the one.
    pub fn field_index(&self, name: &str) -> Option<usize> {
        self.fields.iter().rposition(|f| f.name == name)
    }

    /// The field `name` names (see [`StructType::field_index`]).
    pub fn field(&self, name: &str) -> Option<&StructField> {
        self.field_index(name).map(|i| &self.fields[i])
    }
}

/// An HLSL type. Cheap to clone; equality and hashing are structural.
#[derive(Debug, Clone)]
pub enum Type {
    Void,
    Scalar(ScalarKind),
    /// 1 to 4 components.
    Vector(ScalarKind, u8),
    Matrix {
        scalar: ScalarKind,
        rows: u8,
        cols: u8,
        orientation: MatrixOrientation,
    },
    /// `len == None` is an unsized array (`T[]`, a runtime array).
    Array {
        element: Arc<Type>,
        len: Option<u32>,
    },
    Struct(Arc<StructType>),
    Resource(Arc<ResourceType>),
    Pointer {
        space: AddressSpace,
        pointee: Arc<Type>,
    },
    /// `vk::BufferPointer<T, A>`: a value holding the 64-bit device address of a `T` in
    /// physical storage, aligned to `alignment` bytes. Laid out as a `uint64_t`.
    BufferPointer {
        pointee: Arc<Type>,
        alignment: u32,
    },
    /// An enum: a type of its own in HLSL, a value of its underlying integer type everywhere
    /// else (layouts, the IR, the backends). See [`crate::EnumType`].
    Enum(Arc<EnumType>),
    /// `vk::SpirvType<...>` / `vk::SpirvOpaqueType<...>`: the SPIR-V type an opcode and its
    /// operands declare. See [`crate::InlineSpirvType`].
    Spirv(Arc<InlineSpirvType>),
    /// The struct of this name that encloses this type, as the pointee of a buffer pointer
    /// inside the struct it points to (a linked list): types are values without cycles, so
    /// the cycle is cut here and [`Type::member`] unfolds it. Equal to the struct it names
    /// (HLSL's structs are nominal). See `recursive.rs`.
    StructRef(Arc<str>),
}

// Manual impls: an `Arc` pointer comparison short-cuts the deep comparison of shared parts.
impl PartialEq for Type {
    fn eq(&self, other: &Type) -> bool {
        match (self, other) {
            (Type::Void, Type::Void) => true,
            (Type::Scalar(a), Type::Scalar(b)) => a == b,
            (Type::Vector(a, n), Type::Vector(b, m)) => a == b && n == m,
            (
                Type::Matrix {
                    scalar: a,
                    rows: r1,
                    cols: c1,
                    orientation: o1,
                },
                Type::Matrix {
                    scalar: b,
                    rows: r2,
                    cols: c2,
                    orientation: o2,
                },
            ) => a == b && r1 == r2 && c1 == c2 && o1 == o2,
            (
                Type::Array {
                    element: e1,
                    len: l1,
                },
                Type::Array {
                    element: e2,
                    len: l2,
                },
            ) => l1 == l2 && (Arc::ptr_eq(e1, e2) || e1 == e2),
            (Type::Struct(a), Type::Struct(b)) => Arc::ptr_eq(a, b) || a == b,
            (Type::StructRef(a), Type::StructRef(b)) => a == b,
            (Type::StructRef(r), Type::Struct(s)) | (Type::Struct(s), Type::StructRef(r)) => {
                **r == *s.name
            }
            (Type::Resource(a), Type::Resource(b)) => Arc::ptr_eq(a, b) || a == b,
            (
                Type::Pointer {
                    space: s1,
                    pointee: p1,
                },
                Type::Pointer {
                    space: s2,
                    pointee: p2,
                },
            ) => s1 == s2 && (Arc::ptr_eq(p1, p2) || p1 == p2),
            (
                Type::BufferPointer {
                    pointee: p1,
                    alignment: a1,
                },
                Type::BufferPointer {
                    pointee: p2,
                    alignment: a2,
                },
            ) => a1 == a2 && (Arc::ptr_eq(p1, p2) || p1 == p2),
            (Type::Enum(a), Type::Enum(b)) => Arc::ptr_eq(a, b) || a == b,
            (Type::Spirv(a), Type::Spirv(b)) => Arc::ptr_eq(a, b) || a == b,
            _ => false,
        }
    }
}

impl Eq for Type {}

impl Hash for Type {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // A struct and a reference to it are equal, so they hash alike: by name.
        match self {
            Type::Struct(s) => return ("struct", &s.name).hash(state),
            Type::StructRef(r) => return ("struct", &**r).hash(state),
            _ => {}
        }
        std::mem::discriminant(self).hash(state);
        match self {
            Type::Void => {}
            Type::Scalar(k) => k.hash(state),
            Type::Vector(k, n) => (k, n).hash(state),
            Type::Matrix {
                scalar,
                rows,
                cols,
                orientation,
            } => (scalar, rows, cols, orientation).hash(state),
            Type::Array { element, len } => {
                element.hash(state);
                len.hash(state)
            }
            Type::Struct(_) | Type::StructRef(_) => {}
            Type::Resource(r) => r.hash(state),
            Type::Pointer { space, pointee } => {
                space.hash(state);
                pointee.hash(state)
            }
            Type::BufferPointer { pointee, alignment } => {
                pointee.hash(state);
                alignment.hash(state)
            }
            Type::Enum(e) => e.hash(state),
            Type::Spirv(t) => t.hash(state),
        }
    }
}

impl Type {
    pub const BOOL: Type = Type::Scalar(ScalarKind::Bool);
    pub const INT: Type = Type::Scalar(ScalarKind::Int);
    pub const UINT: Type = Type::Scalar(ScalarKind::Uint);
    pub const FLOAT: Type = Type::Scalar(ScalarKind::Float);

    pub fn scalar(kind: ScalarKind) -> Type {
        Type::Scalar(kind)
    }

    pub fn vector(kind: ScalarKind, len: u8) -> Type {
        Type::Vector(kind, len)
    }

    pub fn matrix(kind: ScalarKind, rows: u8, cols: u8) -> Type {
        Type::Matrix {
            scalar: kind,
            rows,
            cols,
            orientation: MatrixOrientation::ColumnMajor,
        }
    }

    pub fn matrix_with(kind: ScalarKind, rows: u8, cols: u8, o: MatrixOrientation) -> Type {
        Type::Matrix {
            scalar: kind,
            rows,
            cols,
            orientation: o,
        }
    }

    pub fn array(element: Type, len: u32) -> Type {
        Type::Array {
            element: Arc::new(element),
            len: Some(len),
        }
    }

    pub fn unsized_array(element: Type) -> Type {
        Type::Array {
            element: Arc::new(element),
            len: None,
        }
    }

    pub fn structure(s: StructType) -> Type {
        Type::Struct(Arc::new(s))
    }

    pub fn resource(r: ResourceType) -> Type {
        Type::Resource(Arc::new(r))
    }

    pub fn pointer(space: AddressSpace, pointee: Type) -> Type {
        Type::Pointer {
            space,
            pointee: Arc::new(pointee),
        }
    }

    pub fn buffer_pointer(pointee: Type, alignment: u32) -> Type {
        Type::BufferPointer {
            pointee: Arc::new(pointee),
            alignment,
        }
    }

    /// Parses a scalar, vector or matrix keyword: `float`, `int3`, `dword2`, `half4x4`,
    /// `min16float2x3`, `bool1`, `void`. Matrices are column major (HLSL's default).
    /// The type under DXC's `-enable-16bit-types` (see [`ScalarKind::with_native_16bit`]):
    /// scalars, vectors and matrices change kind, other types are unchanged.
    pub fn with_native_16bit(self) -> Type {
        match self {
            Type::Scalar(k) => Type::Scalar(k.with_native_16bit()),
            Type::Vector(k, n) => Type::Vector(k.with_native_16bit(), n),
            Type::Matrix {
                scalar,
                rows,
                cols,
                orientation,
            } => Type::Matrix {
                scalar: scalar.with_native_16bit(),
                rows,
                cols,
                orientation,
            },
            t => t,
        }
    }

    pub fn from_hlsl_name(name: &str) -> Option<Type> {
        if name == "void" {
            return Some(Type::Void);
        }
        // SM 6.6's packed byte vectors are 32-bit words (`pack_u8`, `unpack_u8u32`).
        if matches!(name, "uint8_t4_packed" | "int8_t4_packed") {
            return Some(Type::Scalar(ScalarKind::Uint));
        }
        if let Some(k) = ScalarKind::from_name(name) {
            return Some(Type::Scalar(k));
        }
        // The scalar name is the longest prefix that names a scalar; the rest is `N` or `RxC`.
        let split = (1..name.len())
            .rev()
            .filter(|&i| name.is_char_boundary(i))
            .find(|&i| ScalarKind::from_name(&name[..i]).is_some())?;
        let kind = ScalarKind::from_name(&name[..split])?;
        let dim = |s: &str| match s.as_bytes() {
            [c @ b'1'..=b'4'] => Some(c - b'0'),
            _ => None,
        };
        match name[split..].split_once('x') {
            None => Some(Type::Vector(kind, dim(&name[split..])?)),
            Some((r, c)) => Some(Type::matrix(kind, dim(r)?, dim(c)?)),
        }
    }

    pub fn is_void(&self) -> bool {
        matches!(self, Type::Void)
    }

    /// The scalar kind of a scalar, vector or matrix.
    pub fn scalar_kind(&self) -> Option<ScalarKind> {
        match *self {
            Type::Scalar(k) | Type::Vector(k, _) | Type::Matrix { scalar: k, .. } => Some(k),
            _ => None,
        }
    }

    /// A matrix with a single row or column (`float1x3`, `int4x1`, `bool1x1`): its component
    /// kind and count. DXC lays such a matrix out in buffers and maps it to SPIR-V as a vector
    /// of that many components (a `1x1` as a scalar), whatever its orientation.
    pub fn one_row_or_column(&self) -> Option<(ScalarKind, u8)> {
        match *self {
            Type::Matrix {
                scalar, rows, cols, ..
            } if rows == 1 || cols == 1 => Some((scalar, rows.saturating_mul(cols))),
            _ => None,
        }
    }

    /// Scalars, vectors and matrices: the types arithmetic works on component-wise.
    pub fn is_numeric_shape(&self) -> bool {
        self.scalar_kind().is_some()
    }

    /// The same shape (scalar, vector length, matrix dimensions) with another component kind.
    pub fn with_scalar_kind(&self, kind: ScalarKind) -> Option<Type> {
        match *self {
            Type::Scalar(_) => Some(Type::Scalar(kind)),
            Type::Vector(_, n) => Some(Type::Vector(kind, n)),
            Type::Matrix {
                rows,
                cols,
                orientation,
                ..
            } => Some(Type::Matrix {
                scalar: kind,
                rows,
                cols,
                orientation,
            }),
            _ => None,
        }
    }

    pub fn pointee(&self) -> Option<(AddressSpace, &Type)> {
        match self {
            Type::Pointer { space, pointee } => Some((*space, pointee)),
            _ => None,
        }
    }

    pub fn as_resource(&self) -> Option<&ResourceType> {
        match self {
            Type::Resource(r) => Some(r),
            _ => None,
        }
    }

    /// The type of component `index` of a composite (struct field, array element, vector
    /// component, matrix row). Matrices are composites of rows.
    pub fn component(&self, index: u32) -> Option<Type> {
        match self {
            Type::Vector(k, n) if index < u32::from(*n) => Some(Type::Scalar(*k)),
            Type::Matrix {
                scalar, rows, cols, ..
            } if index < u32::from(*rows) => Some(Type::Vector(*scalar, *cols)),
            Type::Array { element, len } if len.is_none_or(|l| index < l) => {
                Some((**element).clone())
            }
            Type::Struct(s) => Type::member(s, index as usize),
            _ => None,
        }
    }

    /// Number of components of a composite (`None` for non-composites and unsized arrays).
    pub fn component_count(&self) -> Option<u32> {
        match self {
            Type::Vector(_, n) => Some(u32::from(*n)),
            Type::Matrix { rows, .. } => Some(u32::from(*rows)),
            Type::Array { len, .. } => *len,
            Type::Struct(s) => Some(s.fields.len() as u32),
            _ => None,
        }
    }

    /// The spelling of this type in the IR dump.
    pub fn ir(&self) -> IrSpelling<'_> {
        IrSpelling(self)
    }
}

/// HLSL spelling.
impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Void => f.write_str("void"),
            Type::Scalar(k) => f.write_str(k.name()),
            Type::Vector(k, n) => write!(f, "{}{}", k.name(), n),
            Type::Matrix {
                scalar,
                rows,
                cols,
                orientation,
            } => {
                if *orientation == MatrixOrientation::RowMajor {
                    f.write_str("row_major ")?;
                }
                write!(f, "{}{}x{}", scalar.name(), rows, cols)
            }
            Type::Array { element, len } => {
                // Nested arrays: `float[2][3]` is an array of 2 arrays of 3 floats.
                let mut base: &Type = element;
                let mut dims = vec![*len];
                while let Type::Array { element, len } = base {
                    dims.push(*len);
                    base = element;
                }
                write!(f, "{base}")?;
                for d in dims {
                    match d {
                        Some(n) => write!(f, "[{n}]")?,
                        None => f.write_str("[]")?,
                    }
                }
                Ok(())
            }
            Type::Struct(s) => f.write_str(&s.name),
            Type::StructRef(name) => f.write_str(name),
            Type::Resource(r) => write!(f, "{r}"),
            // HLSL has no pointer syntax; IR pointers show up in hover as `ptr<space, T>`.
            Type::Pointer { space, pointee } => write!(f, "ptr<{}, {pointee}>", space.name()),
            Type::BufferPointer { pointee, alignment } => {
                write!(f, "vk::BufferPointer<{pointee}, {alignment}>")
            }
            Type::Enum(e) => f.write_str(&e.name),
            Type::Spirv(t) => write!(f, "{t}"),
        }
    }
}

/// The IR dump's spelling of a type: HLSL names for scalars, vectors, matrices, structs and
/// resources, `array<T, N>` / `array<T>` for arrays, `ptr<space, T>` for pointers,
/// `bufptr<T, A>` for buffer pointers, and an enum's underlying scalar for an enum (lowering
/// erases enums, so the IR holds none; the dump never names one).
pub struct IrSpelling<'a>(&'a Type);

impl fmt::Display for IrSpelling<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Type::Array {
                element,
                len: Some(n),
            } => write!(f, "array<{}, {n}>", element.ir()),
            Type::Array { element, len: None } => write!(f, "array<{}>", element.ir()),
            Type::Pointer { space, pointee } => {
                write!(f, "ptr<{}, {}>", space.name(), pointee.ir())
            }
            Type::Resource(r) => write!(f, "{}", r.ir()),
            Type::BufferPointer { pointee, alignment } => {
                write!(f, "bufptr<{}, {alignment}>", pointee.ir())
            }
            Type::Enum(e) => f.write_str(e.underlying.name()),
            Type::Spirv(t) => write!(f, "{}", InlineSpirvIr(t)),
            other => write!(f, "{other}"),
        }
    }
}
