//! The data model of the table: shader models, stages, availability, component classes,
//! type patterns, parameters, overloads, intrinsics and methods.

use std::fmt;

use types::{ScalarKind, Type};

/// A shader model `major.minor` (6.0 to 6.7 here).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ShaderModel {
    pub major: u8,
    pub minor: u8,
}

impl ShaderModel {
    pub const fn new(major: u8, minor: u8) -> ShaderModel {
        ShaderModel { major, minor }
    }
    pub const SM6_0: ShaderModel = ShaderModel::new(6, 0);
    pub const SM6_1: ShaderModel = ShaderModel::new(6, 1);
    pub const SM6_2: ShaderModel = ShaderModel::new(6, 2);
    pub const SM6_3: ShaderModel = ShaderModel::new(6, 3);
    pub const SM6_4: ShaderModel = ShaderModel::new(6, 4);
    pub const SM6_5: ShaderModel = ShaderModel::new(6, 5);
    pub const SM6_6: ShaderModel = ShaderModel::new(6, 6);
    pub const SM6_7: ShaderModel = ShaderModel::new(6, 7);
    pub const SM6_8: ShaderModel = ShaderModel::new(6, 8);
}

impl fmt::Display for ShaderModel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.major, self.minor)
    }
}

/// A shader stage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Stage {
    Vertex,
    Pixel,
    Geometry,
    Hull,
    Domain,
    Compute,
    Mesh,
    Amplification,
    RayGeneration,
    Intersection,
    AnyHit,
    ClosestHit,
    Miss,
    Callable,
}

impl Stage {
    pub const ALL: [Stage; 14] = [
        Stage::Vertex,
        Stage::Pixel,
        Stage::Geometry,
        Stage::Hull,
        Stage::Domain,
        Stage::Compute,
        Stage::Mesh,
        Stage::Amplification,
        Stage::RayGeneration,
        Stage::Intersection,
        Stage::AnyHit,
        Stage::ClosestHit,
        Stage::Miss,
        Stage::Callable,
    ];

    /// The profile prefix (`ps`, `cs`) or the library stage attribute (`raygeneration`).
    pub fn name(self) -> &'static str {
        match self {
            Stage::Vertex => "vertex",
            Stage::Pixel => "pixel",
            Stage::Geometry => "geometry",
            Stage::Hull => "hull",
            Stage::Domain => "domain",
            Stage::Compute => "compute",
            Stage::Mesh => "mesh",
            Stage::Amplification => "amplification",
            Stage::RayGeneration => "raygeneration",
            Stage::Intersection => "intersection",
            Stage::AnyHit => "anyhit",
            Stage::ClosestHit => "closesthit",
            Stage::Miss => "miss",
            Stage::Callable => "callable",
        }
    }

    const fn bit(self) -> u16 {
        1 << self as u16
    }
}

/// A set of stages.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct StageSet(pub u16);

impl StageSet {
    pub const NONE: StageSet = StageSet(0);
    pub const ALL: StageSet = StageSet((1 << 14) - 1);
    pub const VERTEX: StageSet = StageSet(Stage::Vertex.bit());
    pub const PIXEL: StageSet = StageSet(Stage::Pixel.bit());
    pub const GEOMETRY: StageSet = StageSet(Stage::Geometry.bit());
    pub const HULL: StageSet = StageSet(Stage::Hull.bit());
    pub const DOMAIN: StageSet = StageSet(Stage::Domain.bit());
    pub const COMPUTE: StageSet = StageSet(Stage::Compute.bit());
    pub const MESH: StageSet = StageSet(Stage::Mesh.bit());
    pub const AMPLIFICATION: StageSet = StageSet(Stage::Amplification.bit());
    pub const RAYGEN: StageSet = StageSet(Stage::RayGeneration.bit());
    pub const INTERSECTION: StageSet = StageSet(Stage::Intersection.bit());
    pub const ANYHIT: StageSet = StageSet(Stage::AnyHit.bit());
    pub const CLOSESTHIT: StageSet = StageSet(Stage::ClosestHit.bit());
    pub const MISS: StageSet = StageSet(Stage::Miss.bit());
    pub const CALLABLE: StageSet = StageSet(Stage::Callable.bit());
    /// Compute, mesh and amplification: the stages with thread groups and `groupshared`.
    pub const COMPUTE_LIKE: StageSet =
        StageSet(Self::COMPUTE.0 | Self::MESH.0 | Self::AMPLIFICATION.0);
    /// Every ray-tracing stage.
    pub const RAY: StageSet = StageSet(
        Self::RAYGEN.0
            | Self::INTERSECTION.0
            | Self::ANYHIT.0
            | Self::CLOSESTHIT.0
            | Self::MISS.0
            | Self::CALLABLE.0,
    );
    /// Intersection, any-hit and closest-hit: the stages that see a candidate hit.
    pub const HIT: StageSet = StageSet(Self::INTERSECTION.0 | Self::ANYHIT.0 | Self::CLOSESTHIT.0);

    pub const fn union(self, other: StageSet) -> StageSet {
        StageSet(self.0 | other.0)
    }

    pub fn contains(self, stage: Stage) -> bool {
        self.0 & stage.bit() != 0
    }

    pub fn stages(self) -> impl Iterator<Item = Stage> {
        Stage::ALL.into_iter().filter(move |s| self.contains(*s))
    }
}

impl fmt::Debug for StageSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl fmt::Display for StageSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == StageSet::ALL {
            return f.write_str("all");
        }
        let names: Vec<_> = self.stages().map(Stage::name).collect();
        f.write_str(&names.join("|"))
    }
}

/// Where and from which shader model an intrinsic or method may be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Availability {
    pub min_sm: ShaderModel,
    pub stages: StageSet,
    /// More stages from a later shader model (derivatives in compute from 6.6).
    pub extended: Option<(ShaderModel, StageSet)>,
}

impl Availability {
    pub const fn new(min_sm: ShaderModel, stages: StageSet) -> Availability {
        Availability {
            min_sm,
            stages,
            extended: None,
        }
    }

    pub const fn extended(self, sm: ShaderModel, stages: StageSet) -> Availability {
        Availability {
            extended: Some((sm, stages)),
            ..self
        }
    }

    /// Whether the feature may be used in `stage` when compiling for `sm`.
    pub fn allows(&self, sm: ShaderModel, stage: Stage) -> bool {
        if sm < self.min_sm {
            return false;
        }
        if self.stages.contains(stage) {
            return true;
        }
        matches!(self.extended, Some((esm, set)) if sm >= esm && set.contains(stage))
    }

    /// Every stage the feature is allowed in at `sm`.
    pub fn stages_at(&self, sm: ShaderModel) -> StageSet {
        if sm < self.min_sm {
            return StageSet::NONE;
        }
        match self.extended {
            Some((esm, set)) if sm >= esm => self.stages.union(set),
            _ => self.stages,
        }
    }
}

/// Availability shorthands used by the tables.
pub mod avail {
    use super::{Availability, ShaderModel, StageSet};
    pub const ALL: Availability = Availability::new(ShaderModel::SM6_0, StageSet::ALL);
    /// Pixel shaders, and compute, mesh and amplification shaders from 6.6 (derivatives and
    /// implicit-LOD sampling).
    pub const DERIV: Availability = Availability::new(ShaderModel::SM6_0, StageSet::PIXEL)
        .extended(ShaderModel::SM6_6, StageSet::COMPUTE_LIKE);
    pub const PIXEL: Availability = Availability::new(ShaderModel::SM6_0, StageSet::PIXEL);
    pub const fn at(sm: ShaderModel, stages: StageSet) -> Availability {
        Availability::new(sm, stages)
    }
    pub const fn all_from(sm: ShaderModel) -> Availability {
        Availability::new(sm, StageSet::ALL)
    }
}

/// A parameter's direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dir {
    In,
    Out,
    InOut,
}

/// A class of component kinds a template variable may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Class {
    /// `half`, `float`, `float16_t`, `min16float`, `min10float` (no `double`).
    FloatLike,
    /// Float-like or `double`.
    FloatOrDouble,
    /// Every integer kind, signed and unsigned.
    IntLike,
    /// The unsigned integer kinds.
    UintLike,
    /// Float-like, `double` and integers.
    Numeric,
    /// Numeric or `bool`.
    Basic,
    /// 32-bit `int` or `uint`.
    Int32,
    /// `int64_t` or `uint64_t`.
    Int64,
    /// 32-bit `float`, `int` or `uint` (the `asuint`/`asfloat`/`asint` inputs).
    Bits32,
    /// 16-bit `half`/`float16_t`, `int16_t`, `uint16_t`.
    Bits16,
    /// `int`, `uint`, `int16_t`, `uint16_t` (the `pack_u8`/`pack_s8` inputs).
    Int16Or32,
    /// `int`, `int16_t` (the `pack_clamp_*` inputs).
    SInt16Or32,
    /// Exactly one kind.
    Only(ScalarKind),
    /// Any type at all, bound exactly (templated loads and stores).
    AnyType,
}

impl Class {
    pub fn contains(self, k: ScalarKind) -> bool {
        use ScalarKind as S;
        match self {
            Class::FloatLike => k.is_float() && k != S::Double,
            Class::FloatOrDouble => k.is_float(),
            Class::IntLike => k.is_integer(),
            Class::UintLike => matches!(k, S::Uint | S::Uint16 | S::Uint64 | S::Min16Uint),
            Class::Numeric => !k.is_bool(),
            Class::Basic | Class::AnyType => true,
            Class::Int32 => matches!(k, S::Int | S::Uint),
            Class::Int64 => matches!(k, S::Int64 | S::Uint64),
            Class::Bits32 => matches!(k, S::Int | S::Uint | S::Float),
            // `half` is 16 bits only under -enable-16bit-types, where it is `Float16`: a
            // 32-bit `half` has no 16-bit reinterpretation (DXC finds no overload).
            Class::Bits16 => matches!(k, S::Int16 | S::Uint16 | S::Float16),
            Class::Int16Or32 => matches!(k, S::Int | S::Uint | S::Int16 | S::Uint16),
            Class::SInt16Or32 => matches!(k, S::Int | S::Int16),
            Class::Only(o) => k == o,
        }
    }

    /// The kind an argument outside the class converts to.
    pub fn default_kind(self, literal_float: bool) -> Option<ScalarKind> {
        use ScalarKind as S;
        match self {
            Class::FloatLike | Class::FloatOrDouble => Some(S::Float),
            Class::IntLike | Class::Int32 | Class::Int16Or32 | Class::SInt16Or32 => Some(S::Int),
            Class::UintLike => Some(S::Uint),
            Class::Numeric | Class::Basic | Class::Bits32 => {
                Some(if literal_float { S::Float } else { S::Int })
            }
            Class::Int64 => Some(S::Int64),
            Class::Bits16 => None,
            Class::Only(k) => Some(k),
            Class::AnyType => None,
        }
    }

    pub fn name(self) -> String {
        match self {
            Class::FloatLike => "float_like".into(),
            Class::FloatOrDouble => "float_or_double".into(),
            Class::IntLike => "int_like".into(),
            Class::UintLike => "uint_like".into(),
            Class::Numeric => "numeric".into(),
            Class::Basic => "basic".into(),
            Class::Int32 => "int32".into(),
            Class::Int64 => "int64".into(),
            Class::Bits32 => "bits32".into(),
            Class::Bits16 => "bits16".into(),
            Class::Int16Or32 => "int16or32".into(),
            Class::SInt16Or32 => "sint16or32".into(),
            Class::Only(k) => k.name().into(),
            Class::AnyType => "type".into(),
        }
    }
}

/// The shapes a template variable may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ShapeClass {
    /// Scalar, vector or matrix.
    Any,
    /// Scalar or vector.
    ScalarOrVector,
    /// Scalar only.
    Scalar,
}

impl ShapeClass {
    pub fn name(self) -> &'static str {
        match self {
            ShapeClass::Any => "any",
            ShapeClass::ScalarOrVector => "sv",
            ShapeClass::Scalar => "s",
        }
    }
}

/// A template variable of an overload: it ties the component kind and/or shape of the
/// parameters and the return type that name it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TypeVar {
    pub name: char,
    pub class: Class,
    pub shape: ShapeClass,
}

/// A vector length or matrix dimension: fixed, or a variable (1 to 4) shared by parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dim {
    Fixed(u8),
    Var(u8),
}

/// The component kind of a pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KindPat {
    Fixed(ScalarKind),
    /// The kind bound to type variable `i`.
    Var(u8),
}

/// The shape of a pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ShapePat {
    Scalar,
    Vector(Dim),
    Matrix(Dim, Dim),
    /// The shape bound to type variable `i`.
    Var(u8),
}

/// The type of a parameter or return value, as a pattern.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Pat {
    Void,
    /// A scalar, vector or matrix.
    Numeric {
        kind: KindPat,
        shape: ShapePat,
    },
    /// One exact type (a resource's element type, a struct, a sampler).
    Exact(Type),
    /// Whatever type variable `i` (of class [`Class::AnyType`]) is bound to.
    Generic(u8),
    /// A string literal (`printf`'s format).
    String,
    /// A read-only texture of this dimension with any element type (the texture a sampler
    /// feedback map records).
    Texture(types::TextureDim),
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Param {
    pub name: String,
    pub dir: Dir,
    pub ty: Pat,
}

/// One overload: parameter and return patterns with their template and dimension variables.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Overload {
    pub ret: Pat,
    pub params: Vec<Param>,
    pub vars: Vec<TypeVar>,
    /// Names of the dimension variables (`n`, `r`, `c`, `k`).
    pub dims: Vec<char>,
    /// Takes any number of further arguments (`printf`).
    pub variadic: bool,
    /// Needs a later shader model than the intrinsic as a whole (64-bit atomics).
    pub min_sm: Option<ShaderModel>,
}

/// The family an intrinsic belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Category {
    Math,
    Bits,
    Conversion,
    Derivative,
    Pixel,
    Wave,
    Quad,
    Atomic,
    Barrier,
    Pack,
    Resource,
    Mesh,
    Tessellation,
    RayTracing,
    Debug,
}

/// An intrinsic function (a free function) or a resource method.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Intrinsic {
    pub name: &'static str,
    pub category: Category,
    pub overloads: Vec<Overload>,
    pub availability: Availability,
    /// One or two sentences for hover.
    pub doc: &'static str,
    /// Whether the compute interpreter evaluates it (pure math, bits, wave, atomics,
    /// barriers).
    pub interpretable: bool,
}

/// A resource method; the same shape as a free intrinsic.
pub type Method = Intrinsic;

impl Intrinsic {
    /// Whether it may be used in `stage` at `sm` (some overloads may need a later model).
    pub fn is_available(&self, sm: ShaderModel, stage: Stage) -> bool {
        self.availability.allows(sm, stage)
    }

    /// Every overload as written in the table, for hover and completion.
    pub fn signature_texts(&self) -> Vec<String> {
        self.overloads
            .iter()
            .map(|ov| crate::sig::signature_text(self.name, ov))
            .collect()
    }
}

impl Overload {
    /// Minimum shader model of this overload given its intrinsic's.
    pub fn effective_min_sm(&self, intrinsic: &Intrinsic) -> ShaderModel {
        self.min_sm.map_or(intrinsic.availability.min_sm, |m| {
            m.max(intrinsic.availability.min_sm)
        })
    }

    pub fn var_name(&self, i: u8) -> char {
        self.vars[i as usize].name
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Dir::In => "in",
            Dir::Out => "out",
            Dir::InOut => "inout",
        })
    }
}
