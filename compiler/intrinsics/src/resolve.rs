//! Overload resolution in DXC's manner: template variables bind a component kind and a shape
//! from the arguments (scalars broadcast, literals adapt, int/float mixes pick float), every
//! argument is then costed against its parameter, and the cheapest overload wins.
//!
//! Binding a variable `T` of class `C`:
//! - kind: the widest kind among the non-literal arguments (bool < ints < floats < double);
//!   a float literal turns an integer result into `float`; literals alone give `int` or
//!   `float`; a kind outside `C` becomes `C`'s default (`float` for `float_like`). An `inout`
//!   argument (an atomic's destination) is a reference and decides the kind itself.
//! - shape: every non-scalar argument must have the same shape (scalars and one-component
//!   vectors broadcast), except that vectors of different lengths meet at the shortest (the
//!   longer ones truncate, with a warning, as in DXC); dimension variables (`T<n>`, `T<rxc>`)
//!   bind from matrices exactly and from vectors at the shortest, never below a matrix's size.
//!
//! Costs per argument: exact 0; literal of its own kind 1, of another kind 2-3; scalar
//! broadcast +2; kind conversion +3 (+1 when it narrows to int or bool, judged from the
//! parameter to the argument for `out` ones); a longer vector
//! truncated to a shorter parameter +8 (reported in [`Resolved::truncated`]); an implicitly
//! bound `type` template +2, so a plain overload wins ties. `out`/`inout` arguments never
//! broadcast, and `inout` never converts. Equal best costs with different parameter types are
//! [`Error::Ambiguous`].

use std::fmt;

use types::{ScalarKind, Type};

use crate::model::{Availability, ShaderModel};
use crate::model::{Class, Dim, Dir, Intrinsic, KindPat, Overload, Pat, ShapeClass, ShapePat};
use crate::sig::signature_text;

/// The type of a call argument as the front end knows it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ArgType {
    Type(Type),
    /// An integer literal (`0`, `1u` is a `uint` [`ArgType::Type`]).
    LiteralInt,
    /// A floating-point literal without a suffix (`0.5`).
    LiteralFloat,
    /// A string literal.
    String,
}

impl From<Type> for ArgType {
    fn from(t: Type) -> ArgType {
        ArgType::Type(t)
    }
}

impl fmt::Display for ArgType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArgType::Type(t) => write!(f, "{t}"),
            ArgType::LiteralInt => f.write_str("literal int"),
            ArgType::LiteralFloat => f.write_str("literal float"),
            ArgType::String => f.write_str("string"),
        }
    }
}

/// A parameter of the chosen overload with its concrete type (`void` for `printf`'s string).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ResolvedParam {
    pub name: String,
    pub dir: Dir,
    pub ty: Type,
}

/// The result of a successful resolution.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Resolved {
    pub name: &'static str,
    /// The intrinsic's (or method's) description, for hover.
    pub doc: &'static str,
    /// Index of the chosen overload in the intrinsic's (or method's) list.
    pub overload_index: usize,
    pub overload: Overload,
    /// The type each argument converts to (variadic extras included), in argument order.
    pub params: Vec<ResolvedParam>,
    pub ret: Type,
    /// The shader model the chosen overload needs.
    pub min_sm: ShaderModel,
    /// Where the chosen overload may be used: the intrinsic's stages with `min_sm`.
    pub availability: Availability,
    /// Sum of the conversion costs (0 for an exact match).
    pub cost: u32,
    /// Arguments (by index) implicitly truncated to a shorter vector or a scalar; DXC accepts
    /// these with a warning.
    pub truncated: Vec<usize>,
}

impl Resolved {
    /// The concrete signature: `float3 lerp(float3 x, float3 y, float3 s)`.
    pub fn signature_text(&self) -> String {
        let params: Vec<String> = self
            .params
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let ty = match self.overload.params.get(i) {
                    Some(q) if q.ty == Pat::String => "string".to_string(),
                    _ => p.ty.to_string(),
                };
                match p.dir {
                    Dir::In => format!("{ty} {}", p.name),
                    d => format!("{d} {ty} {}", p.name),
                }
            })
            .collect();
        format!("{} {}({})", self.ret, self.name, params.join(", "))
    }
}

/// Why a call did not resolve.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Error {
    UnknownName {
        name: String,
    },
    /// The object has no method of that name (or is no object with methods).
    UnknownMethod {
        object: String,
        method: String,
    },
    WrongArgCount {
        name: String,
        got: usize,
        /// Counts some overload accepts, ascending.
        accepted: Vec<usize>,
        /// A variadic overload accepts this many or more.
        at_least: Option<usize>,
    },
    NoMatch {
        name: String,
        args: Vec<String>,
        candidates: Vec<String>,
    },
    Ambiguous {
        name: String,
        args: Vec<String>,
        candidates: Vec<String>,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnknownName { name } => write!(f, "unknown intrinsic `{name}`"),
            Error::UnknownMethod { object, method } => {
                write!(f, "`{object}` has no method `{method}`")
            }
            Error::WrongArgCount {
                name,
                got,
                accepted,
                at_least,
            } => {
                let mut counts: Vec<String> = accepted.iter().map(|c| c.to_string()).collect();
                if let Some(n) = at_least {
                    counts.push(format!("{n} or more"));
                }
                let noun = if counts.len() == 1 && counts[0] == "1" {
                    "argument"
                } else {
                    "arguments"
                };
                let list = match counts.split_last() {
                    Some((last, rest)) if !rest.is_empty() => {
                        format!("{} or {last}", rest.join(", "))
                    }
                    _ => counts.join(""),
                };
                write!(f, "`{name}` takes {list} {noun}, not {got}")
            }
            Error::NoMatch {
                name,
                args,
                candidates,
            } => {
                write!(f, "no overload of `{name}` takes ({})", args.join(", "))?;
                for c in candidates {
                    write!(f, "\n  candidate: {c}")?;
                }
                Ok(())
            }
            Error::Ambiguous {
                name,
                args,
                candidates,
            } => {
                write!(
                    f,
                    "call to `{name}` with ({}) is ambiguous",
                    args.join(", ")
                )?;
                for c in candidates {
                    write!(f, "\n  candidate: {c}")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for Error {}

/// Resolves a call against an intrinsic's overloads. `templates` are explicit template
/// arguments (`buf.Load<float4>(0)`), bound to the overload's `type` variables in order.
pub fn resolve(intr: &Intrinsic, templates: &[Type], args: &[ArgType]) -> Result<Resolved, Error> {
    let name = intr.name;
    let count_ok = |ov: &Overload| {
        if ov.variadic {
            args.len() >= ov.params.len()
        } else {
            args.len() == ov.params.len()
        }
    };
    let by_count: Vec<(usize, &Overload)> = intr
        .overloads
        .iter()
        .enumerate()
        .filter(|(_, ov)| count_ok(ov))
        .collect();
    if by_count.is_empty() {
        let mut accepted: Vec<usize> = intr
            .overloads
            .iter()
            .filter(|o| !o.variadic)
            .map(|o| o.params.len())
            .collect();
        accepted.sort_unstable();
        accepted.dedup();
        let at_least = intr
            .overloads
            .iter()
            .filter(|o| o.variadic)
            .map(|o| o.params.len())
            .min();
        return Err(Error::WrongArgCount {
            name: name.to_string(),
            got: args.len(),
            accepted,
            at_least,
        });
    }
    let mut matches: Vec<(usize, Matched)> = by_count
        .iter()
        .filter_map(|&(i, ov)| match_overload(ov, templates, args).map(|m| (i, m)))
        .collect();
    let arg_texts = || args.iter().map(ToString::to_string).collect::<Vec<_>>();
    let Some(best) = matches.iter().map(|(_, m)| m.cost).min() else {
        return Err(Error::NoMatch {
            name: name.to_string(),
            args: arg_texts(),
            candidates: by_count
                .iter()
                .map(|(_, ov)| signature_text(name, ov))
                .collect(),
        });
    };
    matches.retain(|(_, m)| m.cost == best);
    // Overloads that instantiate to the same concrete signature are one candidate.
    let mut distinct: Vec<(usize, Matched)> = Vec::new();
    for (i, m) in matches {
        if !distinct.iter().any(|(_, d)| d.params == m.params) {
            distinct.push((i, m));
        }
    }
    if distinct.len() > 1 {
        return Err(Error::Ambiguous {
            name: name.to_string(),
            args: arg_texts(),
            candidates: distinct
                .iter()
                .map(|(i, _)| signature_text(name, &intr.overloads[*i]))
                .collect(),
        });
    }
    let (i, m) = distinct.pop().expect("one best match");
    let ov = &intr.overloads[i];
    let params = m
        .params
        .into_iter()
        .enumerate()
        .map(|(j, ty)| match ov.params.get(j) {
            Some(p) => ResolvedParam {
                name: p.name.clone(),
                dir: p.dir,
                ty,
            },
            None => ResolvedParam {
                name: format!("arg{j}"),
                dir: Dir::In,
                ty,
            },
        })
        .collect();
    Ok(Resolved {
        name,
        doc: intr.doc,
        overload_index: i,
        overload: ov.clone(),
        params,
        ret: m.ret,
        min_sm: ov.effective_min_sm(intr),
        availability: Availability {
            min_sm: ov.effective_min_sm(intr),
            ..intr.availability
        },
        cost: m.cost,
        truncated: m.truncated,
    })
}

struct Matched {
    params: Vec<Type>,
    ret: Type,
    cost: u32,
    truncated: Vec<usize>,
}

/// The shape of a numeric type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    Scalar,
    Vector(u8),
    Matrix(u8, u8),
}

fn shape_of(t: &Type) -> Option<Shape> {
    match *t {
        Type::Scalar(_) => Some(Shape::Scalar),
        Type::Vector(_, n) => Some(Shape::Vector(n)),
        Type::Matrix { rows, cols, .. } => Some(Shape::Matrix(rows, cols)),
        _ => None,
    }
}

fn make(kind: ScalarKind, shape: Shape) -> Type {
    match shape {
        Shape::Scalar => Type::Scalar(kind),
        Shape::Vector(n) => Type::Vector(kind, n),
        Shape::Matrix(r, c) => Type::matrix(kind, r, c),
    }
}

/// Rank for picking the wider kind when arguments tied to one variable differ.
fn rank(k: ScalarKind) -> u8 {
    use ScalarKind as S;
    match k {
        S::Bool => 0,
        S::Min12Int => 1,
        S::Min16Int => 2,
        S::Min16Uint => 3,
        S::Int16 => 4,
        S::Uint16 => 5,
        S::Int => 6,
        S::Uint => 7,
        S::Int64 => 8,
        S::Uint64 => 9,
        S::Min10Float => 10,
        S::Min16Float => 11,
        S::Float16 => 12,
        S::Half => 13,
        S::Float => 14,
        S::Double => 15,
    }
}

fn arg_shape(a: &ArgType) -> Option<Shape> {
    match a {
        ArgType::Type(t) => shape_of(t),
        ArgType::LiteralInt | ArgType::LiteralFloat => Some(Shape::Scalar),
        ArgType::String => None,
    }
}

fn match_overload(ov: &Overload, templates: &[Type], args: &[ArgType]) -> Option<Matched> {
    let nvars = ov.vars.len();
    let mut kinds: Vec<Option<ScalarKind>> = vec![None; nvars];
    let mut shapes: Vec<Option<Shape>> = vec![None; nvars];
    let mut generics: Vec<Option<Type>> = vec![None; nvars];
    let mut dims: Vec<Option<u8>> = vec![None; ov.dims.len()];

    // Explicit template arguments bind the `type` variables in order.
    let mut explicit = templates.iter();
    for (i, v) in ov.vars.iter().enumerate() {
        if v.class == Class::AnyType {
            generics[i] = explicit.next().cloned();
        }
    }
    if explicit.next().is_some() {
        return None;
    }

    let mut extra_cost = 0;
    let pairs: Vec<(&crate::model::Param, &ArgType)> = ov.params.iter().zip(args).collect();

    // Generic variables not given explicitly bind to their first argument.
    for (p, a) in &pairs {
        if let Pat::Generic(i) = p.ty {
            let i = i as usize;
            if generics[i].is_none() {
                // An implicitly bound template loses ties with a plain overload.
                extra_cost += 2;
                generics[i] = Some(match a {
                    ArgType::Type(t) => t.clone(),
                    ArgType::LiteralInt => Type::INT,
                    ArgType::LiteralFloat => Type::FLOAT,
                    ArgType::String => return None,
                });
            }
        }
    }

    // Kind variables.
    for (vi, var) in ov.vars.iter().enumerate() {
        if var.class == Class::AnyType {
            continue;
        }
        let mut best: Option<ScalarKind> = None;
        let mut lit_float = false;
        let mut lit_int = false;
        let mut out_kinds = Vec::new();
        // An `inout` argument is a reference: its kind is the variable's.
        let mut ref_kind = None;
        // With such a reference (an atomic's destination) the `out` arguments of the variable
        // (the original value) convert on the way out, as DXC lets the first argument decide
        // the overload (`InterlockedExchange(intDest, f, outFloat)`).
        let has_ref = pairs.iter().any(|(p, _)| {
            p.dir == Dir::InOut
                && matches!(p.ty, Pat::Numeric { kind: KindPat::Var(k), .. } if k as usize == vi)
        });
        // A typed input argument decides the kind of a float variable's `out` argument (DXC's
        // `$type1`: `frexp(x, exp)` gives `exp` the type of `x`), and the `out` lvalue takes the
        // value converted: `int e; frexp(f, e)` (Unity's occlusion culling) is the `float`
        // overload. Integer variables (atomics' original values) keep deciding together.
        let float_only = [
            ScalarKind::Int,
            ScalarKind::Uint,
            ScalarKind::Int64,
            ScalarKind::Uint64,
        ]
        .iter()
        .all(|k| !var.class.contains(*k));
        let bound_by_input = float_only && pairs.iter().any(|(p, a)| {
            p.dir == Dir::In
                && matches!(a, ArgType::Type(_))
                && matches!(p.ty, Pat::Numeric { kind: KindPat::Var(k), .. } if k as usize == vi)
        });
        for (p, a) in &pairs {
            let Pat::Numeric {
                kind: KindPat::Var(k),
                ..
            } = p.ty
            else {
                continue;
            };
            if k as usize != vi {
                continue;
            }
            if p.dir == Dir::Out && bound_by_input && !has_ref {
                continue;
            }
            match a {
                ArgType::Type(t) => {
                    let k = t.scalar_kind()?;
                    if p.dir == Dir::InOut || (p.dir == Dir::Out && !has_ref) {
                        out_kinds.push(k);
                    }
                    if p.dir == Dir::InOut && ref_kind.is_none() {
                        ref_kind = Some(k);
                    }
                    if best.is_none_or(|b| rank(k) > rank(b)) {
                        best = Some(k);
                    }
                }
                ArgType::LiteralFloat => lit_float = true,
                ArgType::LiteralInt => lit_int = true,
                ArgType::String => return None,
            }
        }
        let mut kind = match best {
            Some(k) if lit_float && !k.is_float() => Some(ScalarKind::Float),
            Some(k) => Some(k),
            None if lit_float => Some(ScalarKind::Float),
            None if lit_int => Some(ScalarKind::Int),
            None => None,
        };
        if let Some(k) = kind {
            if !var.class.contains(k) {
                kind = Some(match (best, var.class) {
                    // DXC's 16-bit reinterpreting casts take a bare literal (its list of
                    // 16-bit kinds names the literal kinds too, and nothing else converts):
                    // `asuint16(1)` reads an `int16_t`, `asuint16(1.0)` a `half`.
                    (None, Class::Bits16) if lit_float => ScalarKind::Float16,
                    (None, Class::Bits16) => ScalarKind::Int16,
                    _ => var.class.default_kind(lit_float)?,
                });
            }
        }
        // Atomic destinations and other out arguments take no kind outside the class.
        if out_kinds.iter().any(|k| !var.class.contains(*k)) {
            return None;
        }
        if ref_kind.is_some() {
            kind = ref_kind;
        }
        kinds[vi] = kind;
    }

    // Shape variables.
    for (vi, var) in ov.vars.iter().enumerate() {
        let mut shape: Option<Shape> = None;
        let mut any = false;
        let mut saw_vec1 = false;
        for (p, a) in &pairs {
            let Pat::Numeric {
                shape: ShapePat::Var(s),
                ..
            } = p.ty
            else {
                continue;
            };
            if s as usize != vi {
                continue;
            }
            any = true;
            let sh = arg_shape(a)?;
            // Scalars and one-component vectors broadcast to the others' shape.
            if sh == Shape::Scalar || sh == Shape::Vector(1) {
                saw_vec1 |= sh == Shape::Vector(1);
                continue;
            }
            match (shape, sh) {
                (None, _) => shape = Some(sh),
                (Some(prev), _) if prev == sh => {}
                // Vectors of different lengths meet at the shortest; DXC truncates the longer
                // ones with a warning (`lerp(float4, float3, t)` is a `float3` lerp).
                (Some(Shape::Vector(n)), Shape::Vector(m)) => shape = Some(Shape::Vector(n.min(m))),
                (Some(_), _) => return None,
            }
        }
        let sh = shape.unwrap_or(if saw_vec1 {
            Shape::Vector(1)
        } else {
            Shape::Scalar
        });
        match (var.shape, sh) {
            (ShapeClass::Scalar, Shape::Matrix(..)) => return None,
            (ShapeClass::Scalar, Shape::Vector(n)) if n > 1 => return None,
            (ShapeClass::ScalarOrVector, Shape::Matrix(..)) => return None,
            _ => {}
        }
        if any || shape.is_some() {
            shapes[vi] = Some(sh);
        }
    }

    // Dimension variables: matrices first (their sizes are exact), then vectors (a longer
    // vector is truncated, so vectors meet at the shortest, but never below a matrix's size:
    // `dot(float4, float3)` and `mul(float3x3, float4)` are three-component operations, as in
    // DXC), then scalars fill what is left.
    let mut from_matrix = vec![false; dims.len()];
    for pass in [Pass::Matrices, Pass::Vectors, Pass::Scalars] {
        for (p, a) in &pairs {
            let Pat::Numeric { shape, .. } = p.ty else {
                continue;
            };
            let sh = match arg_shape(a) {
                Some(s) => s,
                None => continue,
            };
            let ok = match (shape, sh, pass) {
                (ShapePat::Vector(Dim::Var(i)), Shape::Vector(n), Pass::Vectors) => {
                    let i = i as usize;
                    match dims[i] {
                        None => {
                            dims[i] = Some(n);
                            true
                        }
                        Some(b) if n >= b => true,
                        Some(_) if from_matrix[i] => false,
                        Some(_) => {
                            dims[i] = Some(n);
                            true
                        }
                    }
                }
                (ShapePat::Matrix(r, c), Shape::Matrix(m, n), Pass::Matrices) => {
                    let mut bind = |d: Dim, n: u8| match d {
                        // Fixed sizes are checked when the argument is costed.
                        Dim::Fixed(_) => true,
                        Dim::Var(i) => {
                            let i = i as usize;
                            from_matrix[i] = true;
                            match dims[i] {
                                Some(b) => b == n,
                                None => {
                                    dims[i] = Some(n);
                                    true
                                }
                            }
                        }
                    };
                    bind(r, m) && bind(c, n)
                }
                (ShapePat::Vector(Dim::Var(i)), Shape::Scalar, Pass::Scalars)
                    if dims[i as usize].is_none_or(|n| n == 1) =>
                {
                    // A scalar standing for a one-component vector (also where a 1xN matrix
                    // set the size: `mul(2, m1x3)` is the scalar form, not a vector times it).
                    dims[i as usize] = Some(1);
                    extra_cost += 1;
                    true
                }
                _ => true,
            };
            if !ok {
                return None;
            }
        }
    }

    // Concrete parameter types.
    let subst = |pat: &Pat| -> Option<Type> {
        Some(match pat {
            Pat::Void => Type::Void,
            Pat::String | Pat::Texture(_) => return None,
            Pat::Exact(t) => t.clone(),
            Pat::Generic(i) => generics[*i as usize].clone()?,
            Pat::Numeric { kind, shape } => {
                let k = match kind {
                    KindPat::Fixed(k) => *k,
                    KindPat::Var(i) => kinds[*i as usize]?,
                };
                let d = |d: &Dim| match d {
                    Dim::Fixed(n) => Some(*n),
                    Dim::Var(i) => dims[*i as usize],
                };
                let sh = match shape {
                    ShapePat::Scalar => Shape::Scalar,
                    ShapePat::Vector(n) => Shape::Vector(d(n)?),
                    ShapePat::Matrix(r, c) => Shape::Matrix(d(r)?, d(c)?),
                    ShapePat::Var(i) => shapes[*i as usize].unwrap_or(Shape::Scalar),
                };
                make(k, sh)
            }
        })
    };

    let mut params = Vec::new();
    let mut truncated = Vec::new();
    let mut cost = extra_cost;
    for (p, a) in &pairs {
        if p.ty == Pat::String {
            if *a != &ArgType::String {
                return None;
            }
            params.push(Type::Void);
            continue;
        }
        if let Pat::Texture(dim) = p.ty {
            let ArgType::Type(t) = a else { return None };
            match t.as_resource() {
                Some(types::ResourceType::Texture {
                    dim: d,
                    access: types::TextureAccess::ReadOnly,
                    ..
                }) if *d == dim => params.push(t.clone()),
                _ => return None,
            }
            continue;
        }
        let mut target = subst(&p.ty)?;
        // Parameters of one fixed type (`float2 offset`) truncate longer vectors (and to
        // scalars); so do vector parameters whose length the arguments set, to the shortest.
        let truncates = match p.ty {
            Pat::Numeric {
                kind: KindPat::Fixed(_),
                shape: ShapePat::Scalar | ShapePat::Vector(Dim::Fixed(_)),
            } => true,
            // A scalar of the kind of a shape-generic operation (`refract`'s `eta`): a vector
            // truncates to its first component, with DXC's warning. (Not the scalar forms of
            // `mul`, whose shapes are the overloads.)
            Pat::Numeric {
                kind: KindPat::Var(_),
                shape: ShapePat::Scalar,
            } => ov.params.iter().any(|q| {
                matches!(
                    q.ty,
                    Pat::Numeric {
                        shape: ShapePat::Var(_),
                        ..
                    }
                )
            }),
            Pat::Numeric {
                shape: ShapePat::Vector(Dim::Var(_)) | ShapePat::Var(_),
                ..
            } => matches!(target, Type::Vector { .. }),
            _ => false,
        };
        let c = convert_cost(a, &target, p.dir, truncates)?;
        if c >= TRUNCATION {
            truncated.push(params.len());
        }
        cost += c;
        // A matrix argument keeps its orientation (`row_major` is layout, not type).
        if let (ArgType::Type(t @ Type::Matrix { .. }), Type::Matrix { .. }) = (a, &target) {
            if same_matrix_ignoring_orientation(t, &target) {
                target = t.clone();
            }
        }
        params.push(target);
    }
    // Variadic extras keep their own types.
    for a in &args[pairs.len()..] {
        params.push(match a {
            ArgType::Type(t) => t.clone(),
            ArgType::LiteralInt => Type::INT,
            ArgType::LiteralFloat => Type::FLOAT,
            ArgType::String => Type::Void,
        });
    }
    let ret = subst(&ov.ret)?;
    Some(Matched {
        params,
        ret,
        cost,
        truncated,
    })
}

/// The order in which arguments bind dimension variables.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pass {
    Matrices,
    Vectors,
    Scalars,
}

fn same_matrix_ignoring_orientation(a: &Type, b: &Type) -> bool {
    matches!(
        (a, b),
        (
            Type::Matrix { scalar: k1, rows: r1, cols: c1, .. },
            Type::Matrix { scalar: k2, rows: r2, cols: c2, .. },
        ) if k1 == k2 && r1 == r2 && c1 == c2
    )
}

/// The cost of an implicit vector truncation: above any other single conversion.
pub(crate) const TRUNCATION: u32 = 8;

/// What converting `arg` to `target` costs, or `None` when it cannot.
fn convert_cost(arg: &ArgType, target: &Type, dir: Dir, truncates: bool) -> Option<u32> {
    let tk = target.scalar_kind();
    match arg {
        ArgType::String => None,
        ArgType::LiteralInt | ArgType::LiteralFloat => {
            if dir != Dir::In {
                return None;
            }
            let tk = tk?;
            let broadcast = match shape_of(target)? {
                Shape::Scalar | Shape::Vector(1) => 0,
                _ => 2,
            };
            // A literal prefers its own kind (int or float), then its own family.
            Some(
                match (arg, tk) {
                    (_, ScalarKind::Bool) => 3,
                    (ArgType::LiteralInt, ScalarKind::Int) => 1,
                    (ArgType::LiteralFloat, ScalarKind::Float) => 1,
                    (ArgType::LiteralFloat, k) if !k.is_float() => 3,
                    _ => 2,
                } + broadcast,
            )
        }
        ArgType::Type(t) => {
            if t == target {
                return Some(0);
            }
            // A plain enum converts as its underlying integer (one step more); nothing else
            // converts to an enum, and a scoped one converts to nothing.
            match (t, target) {
                (_, Type::Enum(_)) => return None,
                (Type::Enum(e), _) if !e.scoped => {
                    let promoted = ArgType::Type(Type::Scalar(e.underlying));
                    return Some(convert_cost(&promoted, target, dir, truncates)? + 1);
                }
                _ => {}
            }
            let (Some(ak), Some(tk)) = (t.scalar_kind(), tk) else {
                return None;
            };
            let (ash, tsh) = (shape_of(t)?, shape_of(target)?);
            let norm = |s: Shape| match s {
                Shape::Vector(1) => Shape::Scalar,
                s => s,
            };
            // A `float1` given for a scalar (or the reverse) is a conversion, so the overload
            // of its own shape wins (`mul(float1, float1x3)` is a vector times a matrix).
            let mut cost = u32::from(ash != tsh && norm(ash) == norm(tsh) && dir == Dir::In);
            if norm(ash) != norm(tsh) {
                match (dir, norm(ash), norm(tsh)) {
                    (Dir::In, Shape::Scalar, _) => cost += 2,
                    // DXC truncates a longer vector to a shorter one (or to a scalar), with a
                    // warning; the caller reports it.
                    (Dir::In, Shape::Vector(n), Shape::Vector(m)) if truncates && n > m => {
                        cost += TRUNCATION
                    }
                    (Dir::In, Shape::Vector(_), Shape::Scalar) if truncates => cost += TRUNCATION,
                    _ => return None,
                }
            }
            if ak != tk {
                // `inout` arguments (atomic destinations, payloads) are references: no
                // conversion.
                if dir == Dir::InOut {
                    return None;
                }
                cost += 3;
                // An `out` value flows back from the parameter into the argument, so it
                // narrows when the parameter's kind does not fit the argument's: an `int`
                // lvalue takes an `out uint` better than an `out float`.
                let (from, to) = match dir {
                    Dir::Out => (tk, ak),
                    _ => (ak, tk),
                };
                if to.is_bool() || (from.is_float() && !to.is_float()) {
                    cost += 1;
                }
            }
            Some(cost)
        }
    }
}
