//! Every HLSL intrinsic function and resource method of shader models 6.0 to 6.7, as data,
//! with DXC-style overload resolution.
//!
//! - [`lookup`] / [`all`]: the free intrinsics (`lerp`, `WaveActiveSum`, `TraceRay`).
//! - [`methods_of`] / [`method`]: the methods of a resource type (`Texture2D<float4>.Sample`),
//!   built per resource so that coordinate and element types are concrete;
//!   [`extra_object_methods`] for `RayQuery<flags>` and the sampler-feedback textures, which
//!   `types` has no type for.
//! - [`resolve_call`] / [`resolve_method`]: pick the overload for argument types, giving the
//!   parameter types each argument converts to and the return type.
//! - [`signature_text`] and [`Resolved::signature_text`] for hover.
//!
//! The tables are written in a small signature language (see [`sig`]) and split by family.
//!
//! ```
//! use intrinsics::{resolve_call, resolve_method, ArgType};
//! use types::{ResourceType, ScalarKind, TextureAccess, TextureDim, Type};
//!
//! let f3 = ArgType::Type(Type::vector(ScalarKind::Float, 3));
//! let r = resolve_call("lerp", &[f3.clone(), f3, ArgType::LiteralFloat]).unwrap();
//! assert_eq!(r.signature_text(), "float3 lerp(float3 x, float3 y, float3 s)");
//!
//! let tex = Type::resource(ResourceType::Texture {
//!     dim: TextureDim::D2Array,
//!     access: TextureAccess::ReadOnly,
//!     sample: Type::vector(ScalarKind::Float, 4),
//! });
//! let sampler = ArgType::Type(Type::resource(ResourceType::Sampler { comparison: false }));
//! let coord = ArgType::Type(Type::vector(ScalarKind::Float, 3));
//! let r = resolve_method(&tex, "SampleLevel", &[sampler, coord, ArgType::LiteralInt]).unwrap();
//! assert_eq!(r.ret, Type::vector(ScalarKind::Float, 4));
//! assert_eq!(r.params[2].ty, Type::FLOAT);
//! ```

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};

use types::{ResourceType, Type};

mod atomics;
mod bits;
mod buffers;
mod math;
mod model;
mod resolve;
mod shader;
pub mod sig;
mod textures;
mod vulkan;
mod wave;

pub use model::{
    avail, Availability, Category, Class, Dim, Dir, Intrinsic, KindPat, Method, Overload, Param,
    Pat, ShaderModel, ShapeClass, ShapePat, Stage, StageSet, TypeVar,
};
pub use resolve::{ArgType, Error, Resolved, ResolvedParam};
pub use shader::{ray_desc_type, triangle_attributes_type};

/// The overload as written in the table: `T lerp(T x, T y, T s) where T: float_like`.
pub fn signature_text(name: &str, overload: &Overload) -> String {
    sig::signature_text(name, overload)
}

/// Collects table entries.
pub(crate) struct Table {
    pub entries: Vec<Intrinsic>,
    pub env: Vec<(&'static str, Type)>,
}

impl Table {
    pub fn new() -> Table {
        Table {
            entries: Vec::new(),
            env: Vec::new(),
        }
    }

    /// Adds an entry; the name comes from the signatures, which must all agree.
    pub fn def(
        &mut self,
        category: Category,
        availability: Availability,
        interpretable: bool,
        doc: &'static str,
        sigs: &[&str],
    ) {
        let mut name: Option<String> = None;
        let mut overloads = Vec::new();
        for s in sigs {
            let (n, ov) = sig::parse(s, &self.env);
            if let Some(prev) = &name {
                assert_eq!(prev, &n, "signatures of one entry name one function");
            }
            name = Some(n);
            overloads.push(ov);
        }
        let name = name.expect("at least one signature");
        // Names are few and live for the program: leaking them keeps `Intrinsic` `'static`.
        let name: &'static str = match self.entries.iter().find(|e| e.name == name) {
            Some(e) => e.name,
            None => intern(name),
        };
        self.entries.push(Intrinsic {
            name,
            category,
            overloads,
            availability,
            doc,
            interpretable,
        });
    }
}

fn intern(s: String) -> &'static str {
    use std::collections::HashSet;
    use std::sync::Mutex;
    static NAMES: LazyLock<Mutex<HashSet<&'static str>>> =
        LazyLock::new(|| Mutex::new(HashSet::new()));
    let mut names = NAMES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(n) = names.get(s.as_str()) {
        return n;
    }
    let leaked: &'static str = Box::leak(s.into_boxed_str());
    names.insert(leaked);
    leaked
}

static INTRINSICS: LazyLock<Vec<Intrinsic>> = LazyLock::new(|| {
    let mut t = Table::new();
    math::add(&mut t);
    bits::add(&mut t);
    wave::add(&mut t);
    atomics::add(&mut t);
    shader::add(&mut t);
    t.entries
});

/// Every free intrinsic function.
pub fn all() -> &'static [Intrinsic] {
    &INTRINSICS
}

/// The free intrinsic named `name` (case-sensitive, as HLSL is).
pub fn lookup(name: &str) -> Option<&'static Intrinsic> {
    static INDEX: LazyLock<HashMap<&'static str, usize>> = LazyLock::new(|| {
        INTRINSICS
            .iter()
            .enumerate()
            .map(|(i, e)| (e.name, i))
            .collect()
    });
    INDEX.get(name).map(|&i| &INTRINSICS[i])
}

/// The methods of a resource type, with its element, coordinate and offset types filled in.
/// Built once per distinct resource type and cached.
pub fn methods_of(resource: &ResourceType) -> Arc<Vec<Method>> {
    static CACHE: LazyLock<Mutex<HashMap<ResourceType, Arc<Vec<Method>>>>> =
        LazyLock::new(|| Mutex::new(HashMap::new()));
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    cache
        .entry(resource.clone())
        .or_insert_with(|| {
            let mut t = Table::new();
            textures::add(&mut t, resource);
            buffers::add(&mut t, resource);
            vulkan::add(&mut t, resource);
            if matches!(resource, ResourceType::RayQuery { .. }) {
                shader::add_ray_query(&mut t);
            }
            Arc::new(t.entries)
        })
        .clone()
}

/// One method of a resource type.
pub fn method(resource: &ResourceType, name: &str) -> Option<Method> {
    methods_of(resource)
        .iter()
        .find(|m| m.name == name)
        .cloned()
}

/// Objects with methods that [`types::Type`] has no variant for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ExtraObject {
    /// `RayQuery<flags>` (SM 6.5 inline ray tracing).
    RayQuery,
    /// `FeedbackTexture2D<kind>` (SM 6.5 sampler feedback).
    FeedbackTexture2D,
    /// `FeedbackTexture2DArray<kind>`.
    FeedbackTexture2DArray,
}

impl ExtraObject {
    pub fn name(self) -> &'static str {
        match self {
            ExtraObject::RayQuery => "RayQuery",
            ExtraObject::FeedbackTexture2D => "FeedbackTexture2D",
            ExtraObject::FeedbackTexture2DArray => "FeedbackTexture2DArray",
        }
    }
}

/// The methods of an [`ExtraObject`].
pub fn extra_object_methods(object: ExtraObject) -> &'static [Method] {
    static TABLES: LazyLock<[Vec<Method>; 3]> = LazyLock::new(|| {
        let build = |f: &dyn Fn(&mut Table)| {
            let mut t = Table::new();
            f(&mut t);
            t.entries
        };
        [
            build(&shader::add_ray_query),
            build(&|t| textures::add_feedback(t, false)),
            build(&|t| textures::add_feedback(t, true)),
        ]
    });
    &TABLES[object as usize]
}

/// Resolves a method of an [`ExtraObject`].
pub fn resolve_extra_method(
    object: ExtraObject,
    method_name: &str,
    args: &[ArgType],
) -> Result<Resolved, Error> {
    let m = extra_object_methods(object)
        .iter()
        .find(|m| m.name == method_name)
        .ok_or_else(|| Error::UnknownMethod {
            object: object.name().to_string(),
            method: method_name.to_string(),
        })?;
    resolve::resolve(m, &[], args)
}

/// The methods of `RayQuery<flags>` (SM 6.5 inline ray tracing).
pub fn ray_query_methods() -> &'static [Method] {
    extra_object_methods(ExtraObject::RayQuery)
}

/// Resolves a call of a free intrinsic. The intrinsic functions are generic over numeric
/// types and take a plain (unscoped) enum as its underlying integer (`sin(e)`, `max(e, 1)`).
pub fn resolve_call(name: &str, args: &[ArgType]) -> Result<Resolved, Error> {
    let intr = lookup(name).ok_or_else(|| Error::UnknownName {
        name: name.to_string(),
    })?;
    let args: Vec<ArgType> = args
        .iter()
        .map(|a| match a {
            ArgType::Type(Type::Enum(e)) if !e.scoped => ArgType::Type(Type::Scalar(e.underlying)),
            a => a.clone(),
        })
        .collect();
    resolve::resolve(intr, &[], &args)
}

/// Resolves `object.method(args)` where `object` is a resource (or its `Type`).
pub fn resolve_method(object: &Type, method: &str, args: &[ArgType]) -> Result<Resolved, Error> {
    resolve_method_templated(object, method, &[], args)
}

/// Resolves `object.method<T...>(args)`: `templates` are the explicit template arguments
/// (`buffer.Load<float4>(0)`).
pub fn resolve_method_templated(
    object: &Type,
    method_name: &str,
    templates: &[Type],
    args: &[ArgType],
) -> Result<Resolved, Error> {
    let unknown = || Error::UnknownMethod {
        object: object.to_string(),
        method: method_name.to_string(),
    };
    let resource = object.as_resource().ok_or_else(unknown)?;
    let methods = methods_of(resource);
    let m = methods
        .iter()
        .find(|m| m.name == method_name)
        .ok_or_else(unknown)?;
    resolve::resolve(m, templates, args)
}

/// Resolves a method of `RayQuery<flags>`.
pub fn resolve_ray_query_method(method_name: &str, args: &[ArgType]) -> Result<Resolved, Error> {
    resolve_extra_method(ExtraObject::RayQuery, method_name, args)
}

/// Whether the free intrinsic `name` may be used in `stage` at shader model `sm`
/// (`None` for an unknown name).
pub fn is_available(name: &str, sm: ShaderModel, stage: Stage) -> Option<bool> {
    lookup(name).map(|i| i.availability.allows(sm, stage))
}
