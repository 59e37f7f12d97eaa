//! Stage variables of geometry, tessellation and mesh shaders: a stage value split into leaves,
//! one variable per leaf (arrayed per vertex, control point or primitive), system values as
//! built-ins of their natural type, clip and cull distances packed into one array each,
//! locations for the rest; and the loads and stores that move whole values through them.

use ir::{BuiltIn, FunctionBuilder, Global, Stage, StageBinding, Value};
use types::{Interpolation, ScalarKind, Type};

use crate::context::{ModuleCtx, R};

/// One step from a stage value towards one of its leaves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Into field `i` of a struct.
    Field(u32),
    /// Into every element of an array of `n` structs: the leaf then holds its part of each
    /// element, one after another in an array of `n` (DXC flattens an array of structs into one
    /// arrayed stage variable per field, as it does with the per-vertex arrays of geometry and
    /// tessellation shaders).
    Elements(u32),
}

/// One stage value's part with its own stage variable.
#[derive(Debug, Clone)]
pub struct Leaf {
    /// The steps from the value to this part (none for a value that is a leaf).
    pub steps: Vec<Step>,
    /// The stage variable's type (without a per-vertex array): the part's type, in an array
    /// for each [`Step::Elements`] on the way, the outermost first.
    pub ty: Type,
    pub semantic: String,
    pub interpolation: Vec<Interpolation>,
    /// The struct field's name (empty for a value that is a leaf), for diagnostics.
    pub name: String,
    /// `[[vk::builtin("Name")]]` on the value or field: the Vulkan built-in it is, whatever
    /// its semantic (see [`attach_vk_builtins`]).
    pub vk_builtin: Option<String>,
    /// `[[vk::location(n)]]` on the struct field that is this leaf (`Err`: the argument text,
    /// not a number), which [`Declare::vars`] honours over the next free location.
    pub location: Option<Result<u32, String>>,
    /// The declaration of the struct field (or parameter) that is this leaf, where known, for
    /// diagnostics about it.
    pub decl_range: Option<syntax::TextRange>,
}

impl Leaf {
    /// A leaf of type `ty` reached by `steps`, with no interpolation, name or built-in yet.
    pub fn new(steps: Vec<Step>, ty: Type, semantic: &str) -> Leaf {
        Leaf {
            steps,
            ty,
            semantic: semantic.to_owned(),
            interpolation: Vec::new(),
            name: String::new(),
            vk_builtin: None,
            location: None,
            decl_range: None,
        }
    }

    /// The field indices from the value to this leaf, when no array of structs lies on the
    /// way (a leaf inside one holds the parts of several elements).
    pub fn field_path(&self) -> Option<Vec<u32>> {
        self.steps
            .iter()
            .map(|s| match s {
                Step::Field(i) => Some(*i),
                Step::Elements(_) => None,
            })
            .collect()
    }
}

/// A declared stage variable and the leaf it holds.
#[derive(Debug, Clone)]
pub struct StageVar {
    pub global: Global,
    pub leaf: Leaf,
    /// The type of one element: the global's type without the per-vertex array.
    pub var_ty: Type,
    /// The per-vertex (per-control-point, per-primitive) array length.
    pub arrayed: Option<u32>,
    /// For `SV_ClipDistance`/`SV_CullDistance`: where the leaf's components start in the
    /// one `float` array of the built-in that all of them share.
    pub component: Option<u32>,
}

/// Whether a stage value of type `ty` is split into leaves: a struct, or an array of them
/// (of any depth). Scalars, vectors, matrices and arrays of them are leaves.
pub(crate) fn splits(ty: &Type) -> bool {
    match ty {
        Type::Struct(_) => true,
        Type::Array { element, .. } => splits(element),
        _ => false,
    }
}

/// Whether `ty` can be one stage variable: a scalar, vector or matrix, or a sized array
/// (of any depth) of them.
pub(crate) fn is_leaf_type(ty: &Type) -> bool {
    match ty {
        Type::Scalar(_) | Type::Vector(..) | Type::Matrix { .. } => true,
        Type::Array {
            element,
            len: Some(_),
        } => is_leaf_type(element),
        _ => false,
    }
}

/// The number of leaves of a value of type `ty` (see [`splits`]).
fn leaf_count(ty: &Type) -> usize {
    match ty {
        Type::Struct(s) => s.fields.iter().map(|f| leaf_count(&f.ty)).sum(),
        Type::Array { element, .. } if splits(element) => leaf_count(element),
        _ => 1,
    }
}

/// The leaves of a value of `ty` whose semantic (for a non-struct) is `semantic`.
pub fn leaves(
    ty: &Type,
    semantic: Option<&str>,
    interpolation: &[Interpolation],
) -> Option<Vec<Leaf>> {
    let mut out = Vec::new();
    collect_leaves(ty, semantic, interpolation, &mut Vec::new(), &mut out)?;
    Some(out)
}

fn collect_leaves(
    ty: &Type,
    semantic: Option<&str>,
    interpolation: &[Interpolation],
    steps: &mut Vec<Step>,
    out: &mut Vec<Leaf>,
) -> Option<()> {
    match ty {
        Type::Struct(s) => {
            let start = out.len();
            for (i, f) in s.fields.iter().enumerate() {
                let first = out.len();
                // A semantic on the struct shadows its fields' (renamed below).
                let field_semantic = semantic.or(f.semantic.as_deref());
                steps.push(Step::Field(i as u32));
                collect_leaves(&f.ty, field_semantic, &f.interpolation, steps, out)?;
                steps.pop();
                name_leaves(&mut out[first..], &f.name);
            }
            if let Some(base) = semantic {
                for (k, leaf) in out[start..].iter_mut().enumerate() {
                    leaf.semantic = inherited_semantic(base, k);
                }
            }
            Some(())
        }
        Type::Array {
            element,
            len: Some(n),
        } if splits(element) => {
            let first = out.len();
            steps.push(Step::Elements(*n));
            collect_leaves(element, semantic, interpolation, steps, out)?;
            steps.pop();
            spread_leaves(&mut out[first..], *n);
            Some(())
        }
        _ if is_leaf_type(ty) => {
            let mut leaf = Leaf::new(steps.clone(), ty.clone(), semantic?);
            leaf.interpolation = interpolation.to_vec();
            out.push(leaf);
            Some(())
        }
        _ => None,
    }
}

/// The name of the first part of a value of `ty` named `name` that has no semantic (the value
/// itself, or a field), for DXC's "semantic string missing" error; `None` when every part has
/// one (or the value holds something that is no stage value at all).
pub(crate) fn missing_semantic(ty: &Type, semantic: Option<&str>, name: &str) -> Option<String> {
    if semantic.is_some() {
        return None;
    }
    match ty {
        Type::Struct(s) => s
            .fields
            .iter()
            .find_map(|f| missing_semantic(&f.ty, f.semantic.as_deref(), &f.name)),
        Type::Array { element, .. } if splits(element) => missing_semantic(element, None, name),
        _ if is_leaf_type(ty) => Some(name.to_owned()),
        _ => None,
    }
}

/// The diagnostic for a value of `ty` named `name` whose leaves could not be found: DXC's
/// "semantic string missing" (`E3031`) where a part has no semantic, else "not supported yet:
/// `what`".
pub(crate) fn no_leaves(
    cx: &mut ModuleCtx<'_>,
    ty: &Type,
    semantic: Option<&str>,
    name: &str,
    side: Side,
    what: &str,
    range: syntax::TextRange,
) -> crate::context::Unsupported {
    match missing_semantic(ty, semantic, name) {
        Some(part) => {
            let message = format!(
                "semantic string missing for shader {} variable '{part}'",
                if side == Side::Input {
                    "input"
                } else {
                    "output"
                }
            );
            cx.error(crate::MISSING_STAGE_SEMANTIC, message, range)
        }
        None => cx.unsupported(what, range),
    }
}

/// Makes the leaves of one element of an array of `n` structs the leaves of the array: each
/// holds its part of every element.
pub(crate) fn spread_leaves(leaves: &mut [Leaf], n: u32) {
    for leaf in leaves {
        leaf.ty = Type::array(leaf.ty.clone(), n);
    }
}

/// The built-in `[[vk::builtin("Name")]]` names on one side of a stage where DXC allows it
/// (SPIR-V.rst, "Vulkan specific attributes"), with the type of its variable.
pub(crate) fn vk_builtin(stage: Stage, side: Side, name: &str) -> Option<(BuiltIn, Type)> {
    use Side::{Input, Output};
    Some(match (stage, side, name) {
        (Stage::Vertex | Stage::Mesh, Output, "PointSize")
        | (Stage::Hull | Stage::Domain | Stage::Geometry, _, "PointSize") => {
            (BuiltIn::PointSize, Type::FLOAT)
        }
        (Stage::Vertex, Input, "BaseVertex") => (BuiltIn::BaseVertex, Type::INT),
        (Stage::Vertex, Input, "BaseInstance") => (BuiltIn::BaseInstance, Type::INT),
        (Stage::Vertex | Stage::Mesh | Stage::Amplification, Input, "DrawIndex") => {
            (BuiltIn::DrawIndex, Type::INT)
        }
        (Stage::Pixel, Input, "HelperInvocation") => (BuiltIn::HelperInvocation, Type::BOOL),
        // One 32-bit mask word: a primitive goes to the viewports whose bits are set.
        (Stage::Mesh, Output, "ViewportMaskNV") => {
            (BuiltIn::ViewportMask, Type::array(Type::INT, 1))
        }
        (_, Input, "DeviceIndex") => (BuiltIn::DeviceIndex, Type::INT),
        _ => return None,
    })
}

/// Gives each leaf of a value of type `ty` the `[[vk::builtin]]` of the struct field it is
/// (`value` is the attribute on the value itself: a parameter or a function result).
pub(crate) fn attach_vk_builtins(
    cx: &ModuleCtx<'_>,
    ty: &Type,
    value: Option<String>,
    leaves: &mut [Leaf],
) {
    for leaf in leaves {
        let mut at = ty;
        let mut found = value.clone();
        // The location written on the field this leaf is (not on a struct around it, whose
        // leaves would all claim it).
        let mut location = None;
        let mut decl_range = None;
        for step in &leaf.steps {
            match (step, at) {
                (Step::Field(i), Type::Struct(s)) => {
                    let Some(f) = s.fields.get(*i as usize) else {
                        break;
                    };
                    if let Some(b) = crate::attrs::field_builtin(cx, &s.name, &f.name) {
                        found = Some(b);
                    }
                    location = crate::attrs::field_location(cx, &s.name, &f.name);
                    decl_range = crate::attrs::field_range(cx, &s.name, &f.name);
                    at = &f.ty;
                }
                (Step::Elements(_), Type::Array { element, .. }) => at = element,
                _ => break,
            }
        }
        leaf.vk_builtin = found;
        if matches!(at, Type::Struct(_)) {
            location = None;
        }
        leaf.location = location;
        if decl_range.is_some() {
            leaf.decl_range = decl_range;
        }
    }
}

/// The semantic of leaf `k` of a struct value whose declaration carries `base`: DXC gives
/// the fields the struct's semantic with the index counting up from the one written
/// (`TEXCOORD4` → `TEXCOORD4`, `TEXCOORD5`, ...; `COLOR` → `COLOR`, `COLOR1`, ...).
pub(crate) fn inherited_semantic(base: &str, k: usize) -> String {
    if k == 0 {
        return base.to_owned();
    }
    let name = base.trim_end_matches(|c: char| c.is_ascii_digit());
    let index: usize = base[name.len()..].parse().unwrap_or(0);
    format!("{name}{}", index + k)
}

/// Gives the leaves of field `name` that have no name yet that name.
pub(crate) fn name_leaves(leaves: &mut [Leaf], name: &str) {
    for leaf in leaves {
        if leaf.name.is_empty() {
            leaf.name = name.to_owned();
        }
    }
}

/// Locations a stage variable of `ty` takes (without a per-vertex array).
pub(crate) fn location_count(ty: &Type) -> u32 {
    match ty {
        Type::Array { element, len } => len.unwrap_or(1) * location_count(element),
        // A matrix with one row or column is a vector (DXC): it takes a vector's locations.
        Type::Matrix { scalar, .. } if ty.one_row_or_column().is_some() => {
            let n = ty.one_row_or_column().map_or(1, |(_, n)| n);
            location_count(&Type::Vector(*scalar, n))
        }
        // HLSL matrices are stored transposed: one SPIR-V vector per HLSL row, each taking
        // a vector's locations (two for a row of three or four 64-bit components).
        Type::Matrix {
            scalar, rows, cols, ..
        } => u32::from(*rows) * location_count(&Type::Vector(*scalar, *cols)),
        Type::Vector(k, n) if k.bit_width() == 64 && *n > 2 => 2,
        _ => 1,
    }
}

/// Which side of the stage a variable is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Input,
    Output,
}

fn float_array(n: u32) -> Type {
    Type::array(Type::FLOAT, n)
}

/// The built-in of a system value of `stage` on `side`, with its natural type, after the
/// table of DXC's `docs/SPIR-V.rst` ("HLSL semantic and Vulkan `BuiltIn`"). A system value
/// without a built-in in that place (`SV_Position` of a vertex input) is `None`: DXC gives it
/// a location like any other semantic. Clip and cull distances are not here (see
/// [`Declare::distances`]).
pub fn builtin(stage: Stage, side: Side, semantic: &str) -> Option<(BuiltIn, Type)> {
    use Side::*;
    use Stage::*;
    // `SV_Position0` is `SV_Position`: these system values have only index 0.
    let s = semantic.to_ascii_uppercase();
    let s = s.strip_suffix('0').unwrap_or(&s);
    // A pixel shader may have two barycentric inputs (one `noperspective`), as DXIL's
    // signature allows: `SV_Barycentrics1` is the built-in too.
    let s = if s == "SV_BARYCENTRICS1" {
        "SV_BARYCENTRICS"
    } else {
        s
    };
    let float4 = Type::Vector(ScalarKind::Float, 4);
    let uint3 = Type::Vector(ScalarKind::Uint, 3);
    Some(match (stage, side, s) {
        (Vertex, Input, "SV_POSITION") => return None,
        (Pixel, Input, "SV_POSITION") => (BuiltIn::FragCoord, float4),
        (_, _, "SV_POSITION") if stage != Pixel => (BuiltIn::Position, float4),
        (Vertex, Input, "SV_VERTEXID") => (BuiltIn::VertexIndex, Type::UINT),
        (Vertex, Input, "SV_INSTANCEID") => (BuiltIn::InstanceIndex, Type::UINT),
        (Vertex, Input, "SV_STARTVERTEXLOCATION") => (BuiltIn::BaseVertex, Type::UINT),
        (Vertex, Input, "SV_STARTINSTANCELOCATION") => (BuiltIn::BaseInstance, Type::UINT),
        (Vertex | Hull | Domain | Geometry | Pixel | Mesh, Input, "SV_VIEWID") => {
            (BuiltIn::ViewIndex, Type::UINT)
        }
        (Pixel, Input, "SV_ISFRONTFACE") => (BuiltIn::FrontFacing, Type::BOOL),
        (Pixel, Input, "SV_SAMPLEINDEX") => (BuiltIn::SampleId, Type::UINT),
        // `SampleMask` is an array of one word in SPIR-V.
        (Pixel, _, "SV_COVERAGE") => (BuiltIn::SampleMask, Type::array(Type::UINT, 1)),
        (Pixel, Input, "SV_INNERCOVERAGE") => (BuiltIn::FullyCovered, Type::BOOL),
        (Pixel, Input, "SV_BARYCENTRICS") => {
            (BuiltIn::Barycentric, Type::Vector(ScalarKind::Float, 3))
        }
        (Pixel, Input, "SV_SHADINGRATE") => (BuiltIn::ShadingRate, Type::UINT),
        (Vertex | Geometry | Mesh, Output, "SV_SHADINGRATE") => {
            (BuiltIn::PrimitiveShadingRate, Type::UINT)
        }
        (Pixel, Output, "SV_DEPTH" | "SV_DEPTHGREATEREQUAL" | "SV_DEPTHLESSEQUAL") => {
            (BuiltIn::FragDepth, Type::FLOAT)
        }
        (Pixel, Output, "SV_STENCILREF") => (BuiltIn::FragStencilRef, Type::UINT),
        (Pixel, Input, "SV_PRIMITIVEID") => (BuiltIn::PrimitiveId, Type::UINT),
        (Pixel, Input, "SV_RENDERTARGETARRAYINDEX") => (BuiltIn::Layer, Type::UINT),
        (Pixel, Input, "SV_VIEWPORTARRAYINDEX") => (BuiltIn::ViewportIndex, Type::UINT),
        (Vertex, Output, "SV_RENDERTARGETARRAYINDEX") => (BuiltIn::Layer, Type::UINT),
        (Vertex, Output, "SV_VIEWPORTARRAYINDEX") => (BuiltIn::ViewportIndex, Type::UINT),
        (Geometry | Hull | Domain, Input, "SV_PRIMITIVEID") => (BuiltIn::PrimitiveId, Type::UINT),
        (Geometry | Mesh, Output, "SV_PRIMITIVEID") => (BuiltIn::PrimitiveId, Type::UINT),
        (Geometry, Input, "SV_GSINSTANCEID") => (BuiltIn::InvocationId, Type::UINT),
        (Hull, Input, "SV_OUTPUTCONTROLPOINTID") => (BuiltIn::InvocationId, Type::UINT),
        (Geometry | Domain | Mesh, Output, "SV_RENDERTARGETARRAYINDEX") => {
            (BuiltIn::Layer, Type::UINT)
        }
        (Geometry | Domain | Mesh, Output, "SV_VIEWPORTARRAYINDEX") => {
            (BuiltIn::ViewportIndex, Type::UINT)
        }
        (Hull, Output, "SV_TESSFACTOR") | (Domain, Input, "SV_TESSFACTOR") => {
            (BuiltIn::TessLevelOuter, float_array(4))
        }
        (Hull, Output, "SV_INSIDETESSFACTOR") | (Domain, Input, "SV_INSIDETESSFACTOR") => {
            (BuiltIn::TessLevelInner, float_array(2))
        }
        (Domain, Input, "SV_DOMAINLOCATION") => {
            (BuiltIn::TessCoord, Type::Vector(ScalarKind::Float, 3))
        }
        (Mesh, Output, "SV_CULLPRIMITIVE") => (BuiltIn::CullPrimitive, Type::BOOL),
        (Mesh | Amplification, Input, "SV_DISPATCHTHREADID") => {
            (BuiltIn::GlobalInvocationId, uint3)
        }
        (Mesh | Amplification, Input, "SV_GROUPTHREADID") => (BuiltIn::LocalInvocationId, uint3),
        (Mesh | Amplification, Input, "SV_GROUPID") => (BuiltIn::WorkgroupId, uint3),
        (Mesh | Amplification, Input, "SV_GROUPINDEX") => {
            (BuiltIn::LocalInvocationIndex, Type::UINT)
        }
        _ => return None,
    })
}

/// Whether the system value `semantic` of `stage` on `side` is passed through a location, like a
/// user semantic, where Vulkan has no built-in for it (DXC's `DeclResultIdMapper` does the
/// same): `SV_IsFrontFace` written by a geometry shader (`FrontFacing` is a fragment input
/// only), and the layer and viewport index read by geometry, hull and domain shaders or
/// written per control point by a hull shader (`Layer` and `ViewportIndex` are outputs of the
/// last pre-rasterization stage and fragment inputs only).
/// The interpolation decorations a location-bound stage variable of `stage`'s `side`
/// carries, as DXC decorates them: pixel inputs and vertex outputs only (other stages'
/// variables pass values through untouched, and Vulkan forbids them on vertex inputs and
/// pixel outputs). A vertex output of integer or bool type is `nointerpolation` whatever it
/// declares (DXC makes it `Flat`; `hir` refuses other modes on it); pixel inputs of those
/// types are made `Flat` by the backend, which knows them all.
pub fn interpolation_of(stage: Stage, side: Side, leaf: &Leaf) -> Vec<Interpolation> {
    match (stage, side) {
        (Stage::Pixel, Side::Input) => leaf.interpolation.clone(),
        (Stage::Vertex, Side::Output) => {
            let mut element = &leaf.ty;
            while let Type::Array { element: e, .. } = element {
                element = e;
            }
            let integer = element.scalar_kind().is_some_and(|k| !k.is_float());
            if integer {
                vec![Interpolation::NoInterpolation]
            } else {
                leaf.interpolation.clone()
            }
        }
        _ => Vec::new(),
    }
}

pub fn located_system_value(stage: Stage, side: Side, semantic: &str) -> bool {
    use Side::*;
    use Stage::*;
    let s = semantic.to_ascii_uppercase();
    let s = s.strip_suffix('0').unwrap_or(&s);
    match s {
        "SV_ISFRONTFACE" => stage == Geometry && side == Output,
        // A vertex input only is `InstanceIndex`; the stages after it pass the value on.
        "SV_INSTANCEID" => matches!(stage, Geometry | Hull | Domain),
        "SV_RENDERTARGETARRAYINDEX" | "SV_VIEWPORTARRAYINDEX" => {
            matches!(
                (stage, side),
                (Geometry | Hull | Domain, Input) | (Hull, Output)
            )
        }
        _ => false,
    }
}

/// Whether a leaf of type `leaf` can be read from or written to a built-in of type `var`.
fn adaptable(leaf: &Type, var: &Type) -> bool {
    if leaf == var {
        return true;
    }
    match (leaf, var) {
        (Type::Scalar(_), Type::Scalar(_)) => true,
        (Type::Vector(_, a), Type::Vector(_, b)) => a <= b,
        (Type::Scalar(_), Type::Vector(..)) => true,
        (Type::Array { element: a, .. }, Type::Array { element: b, .. }) => a == b,
        (Type::Scalar(k), Type::Array { element, .. }) => Type::Scalar(*k) == **element,
        _ => false,
    }
}

/// A clip or cull distance leaf's place in its built-in array.
pub(crate) struct Distance {
    pub semantic: String,
    pub global: Global,
    /// `float[total]`, without the per-vertex array.
    pub var_ty: Type,
    pub offset: u32,
}

/// How stage variables are declared on one side of one stage.
pub struct Declare {
    pub stage: Stage,
    pub side: Side,
    /// One variable element per vertex, control point or primitive.
    pub arrayed: Option<u32>,
    pub patch: bool,
    pub per_primitive: bool,
}

impl Declare {
    /// Declares one variable per leaf; locations continue from `next_location`.
    pub fn vars(
        &self,
        cx: &mut ModuleCtx<'_>,
        leaves: &[Leaf],
        next_location: &mut u32,
        range: syntax::TextRange,
    ) -> R<Vec<StageVar>> {
        let distances = self.distances(cx, leaves, range)?;
        self.vars_with(cx, leaves, &distances, next_location, range)
    }

    /// Declares the variables of several groups of leaves on this side (a result and `out`
    /// parameters, say), in order: their clip and cull distances share one array each, as
    /// one value's do (DXC packs every `SV_ClipDistance<n>` of a side into one built-in).
    pub fn vars_of_groups(
        &self,
        cx: &mut ModuleCtx<'_>,
        groups: &[(&[Leaf], syntax::TextRange)],
        next_location: &mut u32,
    ) -> R<Vec<Vec<StageVar>>> {
        let all: Vec<Leaf> = groups.iter().flat_map(|(l, _)| l.iter().cloned()).collect();
        let range = groups
            .first()
            .map_or_else(syntax::TextRange::default, |g| g.1);
        let distances = self.distances(cx, &all, range)?;
        groups
            .iter()
            .map(|(leaves, range)| self.vars_with(cx, leaves, &distances, next_location, *range))
            .collect()
    }

    /// Declares one variable per leaf of `leaves`, the clip and cull distances among them in
    /// `distances`.
    fn vars_with(
        &self,
        cx: &mut ModuleCtx<'_>,
        leaves: &[Leaf],
        distances: &[Distance],
        next_location: &mut u32,
        range: syntax::TextRange,
    ) -> R<Vec<StageVar>> {
        let mut out = Vec::new();
        for leaf in leaves {
            if let Some(d) = distances.iter().find(|d| d.semantic == leaf.semantic) {
                out.push(StageVar {
                    global: d.global,
                    leaf: leaf.clone(),
                    var_ty: d.var_ty.clone(),
                    arrayed: self.arrayed,
                    component: Some(d.offset),
                });
                continue;
            }
            // The declaration whose inline SPIR-V decorations the variable takes (DXC's).
            let decl = leaf.decl_range.or(leaf.steps.is_empty().then_some(range));
            let inline_builtin = crate::stage_decorations::declares_builtin(cx, decl);
            let vk = match &leaf.vk_builtin {
                Some(name) => match vk_builtin(self.stage, self.side, name) {
                    Some(b) => Some(b),
                    None => {
                        let message = format!(
                            "`[[vk::builtin(\"{name}\")]]` on a {} {}: not a built-in DXC \
                             allows there",
                            self.stage.name(),
                            if self.side == Side::Input {
                                "input"
                            } else {
                                "output"
                            },
                        );
                        return Err(cx.error(crate::BAD_LOCATION, message, range));
                    }
                },
                None => builtin(self.stage, self.side, &leaf.semantic),
            };
            let (binding, var_ty) = match vk {
                Some((b, t)) => {
                    if !adaptable(&leaf.ty, &t) {
                        return Err(cx.unsupported(
                            &format!("`{}` of type {}", leaf.semantic, leaf.ty),
                            range,
                        ));
                    }
                    (StageBinding::BuiltIn(b), t)
                }
                None if leaf.semantic.to_ascii_uppercase().starts_with("SV_")
                    && !located_system_value(self.stage, self.side, &leaf.semantic) =>
                {
                    return Err(cx.unsupported(
                        &format!(
                            "the system value `{}` in a {} shader",
                            leaf.semantic,
                            self.stage.name()
                        ),
                        range,
                    ));
                }
                // An inline `BuiltIn` on its declaration places it (cleared below).
                None if inline_builtin => (StageBinding::Location(0), leaf.ty.clone()),
                None => {
                    let count = location_count(&leaf.ty);
                    let l = match &leaf.location {
                        // `[[vk::location(n)]]` on the field (hull, domain, geometry and mesh
                        // stage structs, as DXC honours it); later implicit ones follow it.
                        Some(Ok(n)) => {
                            *next_location = (*next_location).max(n + count);
                            *n
                        }
                        Some(Err(text)) => {
                            let message =
                                format!("`[[vk::location({text})]]` needs a constant number");
                            return Err(cx.error(crate::BAD_LOCATION, message, range));
                        }
                        None => {
                            let l = *next_location;
                            *next_location += count;
                            l
                        }
                    };
                    (StageBinding::Location(l), leaf.ty.clone())
                }
            };
            let ty = match self.arrayed {
                Some(n) => Type::array(var_ty.clone(), n),
                None => var_ty.clone(),
            };
            let prefix = if self.side == Side::Input {
                "in"
            } else {
                "out"
            };
            // Two leaves of one built-in are the one variable, as DXC lets them alias.
            if let Some(first) = out.iter().find(|o| {
                matches!(binding, StageBinding::BuiltIn(_))
                    && o.var_ty == var_ty
                    && o.component.is_none()
                    && cx.mb.module().globals[o.global].stage_binding == Some(binding)
            }) {
                let global = first.global;
                out.push(StageVar {
                    global,
                    leaf: leaf.clone(),
                    var_ty,
                    arrayed: self.arrayed,
                    component: None,
                });
                continue;
            }
            let name = format!("{prefix}.{}", leaf.semantic);
            let g = if self.side == Side::Input {
                cx.mb.input(&name, ty, binding)
            } else {
                cx.mb.output(&name, ty, binding)
            };
            if matches!(binding, StageBinding::Location(_)) && !inline_builtin {
                if leaf.location.is_none() {
                    let at = leaf.decl_range.unwrap_or(range);
                    cx.record_auto_location(g, self.side, &leaf.semantic, &leaf.ty, at);
                    cx.record_location_kind(self.side, Some((&leaf.semantic, at)));
                } else {
                    cx.record_location_kind(self.side, None);
                }
            }
            let gv = &mut cx.mb.module_mut().globals[g];
            if inline_builtin {
                gv.stage_binding = None;
            }
            gv.patch = self.patch;
            gv.per_primitive = self.per_primitive;
            if matches!(binding, StageBinding::Location(_)) {
                gv.interpolation = interpolation_of(self.stage, self.side, leaf);
            }
            // The inline SPIR-V decorations of the leaf's declaration, as DXC gives them.
            if let Some(at) = decl {
                crate::stage_decorations::decorate_from(cx, at, g);
            }
            out.push(StageVar {
                global: g,
                leaf: leaf.clone(),
                var_ty,
                arrayed: self.arrayed,
                component: None,
            });
        }
        Ok(out)
    }

    /// The `ClipDistance` and `CullDistance` built-ins of `leaves`, as DXC lays them out: all
    /// `SV_ClipDistance<n>` leaves share one `float` array, in the order of their semantic
    /// index, each taking as many elements as it has components (the same for cull distances).
    pub(crate) fn distances(
        &self,
        cx: &mut ModuleCtx<'_>,
        leaves: &[Leaf],
        range: syntax::TextRange,
    ) -> R<Vec<Distance>> {
        let mut out = Vec::new();
        for (prefix, builtin) in [
            ("SV_CLIPDISTANCE", BuiltIn::ClipDistance),
            ("SV_CULLDISTANCE", BuiltIn::CullDistance),
        ] {
            let mut found: Vec<(u32, &Leaf)> = Vec::new();
            for leaf in leaves {
                let upper = leaf.semantic.to_ascii_uppercase();
                let Some(index) = upper.strip_prefix(prefix) else {
                    continue;
                };
                let index = if index.is_empty() {
                    Some(0)
                } else {
                    index.parse().ok()
                };
                let element = match &leaf.ty {
                    Type::Array { element, .. } => element,
                    t => t,
                };
                if !matches!(element, Type::Scalar(_) | Type::Vector(..))
                    || element.scalar_kind().is_some_and(|k| !k.is_float())
                {
                    // DXC's words.
                    let message = format!(
                        "elements for {} variable '{}' must be scalar, vector, or array with \
                         float type",
                        if builtin == BuiltIn::ClipDistance {
                            "SV_ClipDistance"
                        } else {
                            "SV_CullDistance"
                        },
                        leaf.name
                    );
                    return Err(cx.error(crate::BAD_STAGE_TYPE, message, range));
                }
                let float = element.scalar_kind() == Some(ScalarKind::Float);
                let (Some(index), true) = (index, float) else {
                    return Err(
                        cx.unsupported(&format!("`{}` of type {}", leaf.semantic, leaf.ty), range)
                    );
                };
                found.push((index, leaf));
            }
            if found.is_empty() {
                continue;
            }
            found.sort_by_key(|(index, _)| *index);
            let mut offsets = Vec::new();
            let mut total = 0;
            for (_, leaf) in &found {
                offsets.push((leaf.semantic.clone(), total));
                total += distance_paths(&leaf.ty).len() as u32;
            }
            let var_ty = Type::array(Type::FLOAT, total);
            let ty = match self.arrayed {
                Some(n) => Type::array(var_ty.clone(), n),
                None => var_ty.clone(),
            };
            let name = format!(
                "{}.{}",
                if self.side == Side::Input {
                    "in"
                } else {
                    "out"
                },
                if builtin == BuiltIn::ClipDistance {
                    "SV_ClipDistance"
                } else {
                    "SV_CullDistance"
                }
            );
            let binding = StageBinding::BuiltIn(builtin);
            let g = if self.side == Side::Input {
                cx.mb.input(&name, ty, binding)
            } else {
                cx.mb.output(&name, ty, binding)
            };
            let gv = &mut cx.mb.module_mut().globals[g];
            gv.patch = self.patch;
            gv.per_primitive = self.per_primitive;
            for (semantic, offset) in offsets {
                out.push(Distance {
                    semantic,
                    global: g,
                    var_ty: var_ty.clone(),
                    offset,
                });
            }
        }
        Ok(out)
    }
}

/// Converts `v` read from a variable of type `from` to a leaf of type `to`.
pub fn adapt_in(fb: &mut FunctionBuilder<'_>, v: Value, from: &Type, to: &Type) -> Value {
    if from == to {
        return v;
    }
    match (from, to) {
        (Type::Vector(fk, _), Type::Vector(tk, n)) => {
            let comps: Vec<u8> = (0..*n).collect();
            let s = fb.swizzle(v, &comps);
            if fk == tk {
                s
            } else {
                fb.convert(s, to.clone())
            }
        }
        (Type::Vector(fk, _), Type::Scalar(tk)) => {
            let s = fb.extract(v, &[0]);
            if fk == tk {
                s
            } else {
                fb.convert(s, to.clone())
            }
        }
        (Type::Array { .. }, Type::Array { element, len }) => {
            let parts: Vec<Value> = (0..len.unwrap_or(0)).map(|i| fb.extract(v, &[i])).collect();
            fb.construct(Type::array((**element).clone(), len.unwrap_or(0)), &parts)
        }
        (Type::Array { .. }, Type::Scalar(_)) => fb.extract(v, &[0]),
        _ => fb.convert(v, to.clone()),
    }
}

/// Writes leaf value `v` of type `from` into the variable element behind `ptr` of type `to`:
/// whole when the types agree, element by element into a longer built-in array.
pub fn store_adapted(fb: &mut FunctionBuilder<'_>, ptr: Value, v: Value, from: &Type, to: &Type) {
    if from == to {
        fb.store(ptr, v);
        return;
    }
    match (from, to) {
        (Type::Array { len, .. }, Type::Array { .. }) => {
            for i in 0..len.unwrap_or(0) {
                let idx = fb.uint(i);
                let p = fb.access_chain(ptr, &[idx]);
                let part = fb.extract(v, &[i]);
                fb.store(p, part);
            }
        }
        (Type::Scalar(_), Type::Array { .. }) => {
            let idx = fb.uint(0);
            let p = fb.access_chain(ptr, &[idx]);
            fb.store(p, v);
        }
        _ => {
            let c = fb.convert(v, to.clone());
            fb.store(ptr, c);
        }
    }
}

/// Reads the leaves of `vars` (element `index` of arrayed ones) and builds a value of `ty`.
pub fn load_value(
    fb: &mut FunctionBuilder<'_>,
    ty: &Type,
    vars: &[StageVar],
    index: Option<u32>,
) -> Value {
    let mut loaded = Vec::new();
    for v in vars {
        let index = index.map(|i| fb.uint(i));
        loaded.push(load_leaf(fb, v, index));
    }
    build(fb, ty, &mut loaded.into_iter())
}

/// Reads a whole leaf value from its variable (element `index` of an arrayed one): the
/// inverse of [`store_leaf`].
pub fn load_leaf(fb: &mut FunctionBuilder<'_>, var: &StageVar, index: Option<Value>) -> Value {
    let base: Vec<Value> = index.into_iter().collect();
    if let Some(offset) = var.component {
        let count = distance_paths(&var.leaf.ty).len() as u32;
        let parts: Vec<Value> = (0..count)
            .map(|k| {
                let mut idx = base.clone();
                idx.push(fb.uint(offset + k));
                let p = fb.access_chain(Value::Global(var.global), &idx);
                fb.load(p)
            })
            .collect();
        return build_distance(fb, &var.leaf.ty, &mut parts.into_iter());
    }
    let x = if base.is_empty() {
        fb.load(Value::Global(var.global))
    } else {
        let p = fb.access_chain(Value::Global(var.global), &base);
        fb.load(p)
    };
    adapt_in(fb, x, &var.var_ty, &var.leaf.ty)
}

/// A value `T[n]` from arrayed variables holding the leaves of `T`.
pub fn load_array(
    fb: &mut FunctionBuilder<'_>,
    element: &Type,
    n: u32,
    vars: &[StageVar],
) -> Value {
    let items: Vec<Value> = (0..n)
        .map(|i| load_value(fb, element, vars, Some(i)))
        .collect();
    fb.construct(Type::array(element.clone(), n), &items)
}

/// Writes the leaves of `v` into `vars` (element `index` of arrayed ones).
pub fn store_value(
    fb: &mut FunctionBuilder<'_>,
    v: Value,
    vars: &[StageVar],
    index: Option<Value>,
) {
    for var in vars {
        let part = leaf_part(fb, v, &var.leaf.steps, &var.leaf.ty);
        store_leaf(fb, var, index, part);
    }
}

/// The part of `v` that `steps` lead to, of type `ty` (a leaf's type, see [`Leaf::ty`]):
/// fields extracted, and the parts of every element of an array of structs gathered into an
/// array.
pub(crate) fn leaf_part(
    fb: &mut FunctionBuilder<'_>,
    v: Value,
    steps: &[Step],
    ty: &Type,
) -> Value {
    let fields = steps
        .iter()
        .take_while(|s| matches!(s, Step::Field(_)))
        .count();
    let path: Vec<u32> = steps[..fields]
        .iter()
        .map(|s| match s {
            Step::Field(i) => *i,
            Step::Elements(_) => unreachable!("only fields are taken"),
        })
        .collect();
    let v = if path.is_empty() {
        v
    } else {
        fb.extract(v, &path)
    };
    match (steps.get(fields), ty) {
        (Some(Step::Elements(n)), Type::Array { element, .. }) => {
            let rest = &steps[fields + 1..];
            let items: Vec<Value> = (0..*n)
                .map(|i| {
                    let item = fb.extract(v, &[i]);
                    leaf_part(fb, item, rest, element)
                })
                .collect();
            fb.construct(ty.clone(), &items)
        }
        _ => v,
    }
}

/// Writes a whole leaf value into its variable (element `index` of an arrayed one).
pub fn store_leaf(fb: &mut FunctionBuilder<'_>, var: &StageVar, index: Option<Value>, v: Value) {
    let base: Vec<Value> = index.into_iter().collect();
    match var.component {
        Some(offset) => {
            for (k, path) in (0..).zip(distance_paths(&var.leaf.ty)) {
                let part = if path.is_empty() {
                    v
                } else {
                    fb.extract(v, &path)
                };
                let mut idx = base.clone();
                idx.push(fb.uint(offset + k));
                let p = fb.access_chain(Value::Global(var.global), &idx);
                fb.store(p, part);
            }
        }
        None => {
            let ptr = if base.is_empty() {
                Value::Global(var.global)
            } else {
                fb.access_chain(Value::Global(var.global), &base)
            };
            store_adapted(fb, ptr, v, &var.leaf.ty, &var.var_ty);
        }
    }
}

/// The extraction paths of the components of a clip or cull distance leaf (a float scalar,
/// vector or array of them), in the order they take in the shared `float` array: array
/// elements one after another, each with its components.
fn distance_paths(ty: &Type) -> Vec<Vec<u32>> {
    match ty {
        Type::Vector(_, n) => (0..u32::from(*n)).map(|c| vec![c]).collect(),
        Type::Array { element, len } => {
            let inner = distance_paths(element);
            (0..len.unwrap_or(0))
                .flat_map(|i| {
                    inner.iter().map(move |p| {
                        let mut path = vec![i];
                        path.extend(p);
                        path
                    })
                })
                .collect()
        }
        _ => vec![Vec::new()],
    }
}

/// A clip or cull distance leaf of type `ty` from its components, in [`distance_paths`]
/// order.
fn build_distance(
    fb: &mut FunctionBuilder<'_>,
    ty: &Type,
    parts: &mut impl Iterator<Item = Value>,
) -> Value {
    match ty {
        Type::Vector(_, n) => {
            let comps: Vec<Value> = parts.take(usize::from(*n)).collect();
            fb.construct(ty.clone(), &comps)
        }
        Type::Array { element, len } => {
            let items: Vec<Value> = (0..len.unwrap_or(0))
                .map(|_| build_distance(fb, element, parts))
                .collect();
            fb.construct(ty.clone(), &items)
        }
        _ => parts.next().expect("one component per path"),
    }
}

/// A value of `ty` from its leaves, in order.
pub(crate) fn build(
    fb: &mut FunctionBuilder<'_>,
    ty: &Type,
    next: &mut impl Iterator<Item = Value>,
) -> Value {
    match ty {
        Type::Struct(s) => {
            let parts: Vec<Value> = s.fields.iter().map(|f| build(fb, &f.ty, next)).collect();
            fb.construct(ty.clone(), &parts)
        }
        // The leaves of an array of structs hold their part of every element: element `i`
        // is built from element `i` of each.
        Type::Array {
            element,
            len: Some(n),
        } if splits(element) => {
            let parts: Vec<Value> = next.take(leaf_count(element)).collect();
            let items: Vec<Value> = (0..*n)
                .map(|i| {
                    let mine: Vec<Value> = parts.iter().map(|&p| fb.extract(p, &[i])).collect();
                    build(fb, element, &mut mine.into_iter())
                })
                .collect();
            fb.construct(ty.clone(), &items)
        }
        _ => next.next().expect("one stage variable per leaf"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leaves_follow_fields_and_keep_arrays_whole() {
        let s = types::StructType {
            name: "P".into(),
            fields: vec![
                types::StructField {
                    name: "edges".into(),
                    ty: float_array(3),
                    semantic: Some("SV_TessFactor".into()),
                    interpolation: vec![],
                    bit_width: None,
                    offset: None,
                    base_depth: 0,
                    base_starts: 0,
                },
                types::StructField {
                    name: "b".into(),
                    ty: Type::array(Type::Vector(ScalarKind::Float, 3), 7),
                    semantic: Some("BEZIER".into()),
                    interpolation: vec![],
                    bit_width: None,
                    offset: None,
                    base_depth: 0,
                    base_starts: 0,
                },
            ],
        };
        let ty = Type::Struct(std::sync::Arc::new(s));
        let l = leaves(&ty, None, &[]).unwrap();
        assert_eq!(l.len(), 2);
        assert_eq!(l[1].steps, vec![Step::Field(1)]);
        assert_eq!(location_count(&l[1].ty), 7);
        assert!(adaptable(&l[0].ty, &float_array(4)));
        assert!(leaves(&Type::FLOAT, None, &[]).is_none());
    }
}
