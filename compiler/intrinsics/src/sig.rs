//! The small signature language the tables are written in, and the printing of overloads.
//!
//! An overload is one line: `[@6.6 ] RET NAME(PARAMS) [where VARS]`.
//! - `PARAMS`: `[in|out|inout] TYPE NAME`, comma separated; a final `...` makes it variadic.
//! - `VARS`: `T: CLASS [SHAPE]`, comma separated. `CLASS` is `float_like`, `float_or_double`,
//!   `int_like`, `uint_like`, `numeric`, `basic`, `int32`, `int64`, `bits32`, `bits16`,
//!   `int16or32`, `sint16or32`, `type`
//!   (any type, bound exactly) or a scalar keyword; `SHAPE` is `any` (default), `sv` (scalar or
//!   vector) or `s` (scalar).
//! - `TYPE`: an HLSL keyword (`float`, `uint2`, `float3x4`), `void`, `string`, `SamplerState`,
//!   `SamplerComparisonState`, `Texture2D[Array]` (of any element type), `$X` (a type the
//!   table builder substitutes, such as a resource's element type), a type variable `T`, or
//!   `K<S>` where `K` is a scalar keyword or a type variable (its kind) and `S` is a shape: empty
//!   (scalar), a type variable (its shape), `3` or `n` (a vector of fixed or variable length),
//!   `rxc`, `3x4` or `rx4` (a matrix). Lower-case letters are dimension variables (1 to 4).

use types::{ScalarKind, Type};

use crate::model::{Class, Dim, Dir, KindPat, Overload, Param, Pat, ShapeClass, ShapePat, TypeVar};

/// Parses one overload line. `env` names the `$X` substitutions. Panics on malformed input:
/// the tables are fixed data, and every test builds them.
pub fn parse(line: &str, env: &[(&str, Type)]) -> (String, Overload) {
    try_parse(line, env).unwrap_or_else(|e| panic!("bad signature `{line}`: {e}"))
}

fn try_parse(line: &str, env: &[(&str, Type)]) -> Result<(String, Overload), String> {
    let mut line = line.trim();
    let mut min_sm = None;
    // `[SM 6.6] ` is how signature_text spells `@6.6 `: printed overloads parse back.
    let printed;
    if let Some(rest) = line.strip_prefix("[SM ") {
        let (sm, rest) = rest.split_once("] ").ok_or("no `] ` after [SM")?;
        printed = format!("@{sm} {rest}");
        line = &printed;
    }
    if let Some(rest) = line.strip_prefix('@') {
        let (sm, rest) = rest.split_once(' ').ok_or("no space after @sm")?;
        let (a, b) = sm.split_once('.').ok_or("bad sm")?;
        min_sm = Some(crate::ShaderModel::new(
            a.parse().map_err(|_| "bad sm")?,
            b.parse().map_err(|_| "bad sm")?,
        ));
        line = rest.trim();
    }
    let (head, rest) = line.split_once('(').ok_or("no `(`")?;
    let close = rest.rfind(')').ok_or("no `)`")?;
    let params_text = &rest[..close];
    let where_text = rest[close + 1..].trim();
    let (ret_text, name) = head.trim().rsplit_once(' ').ok_or("no return type")?;

    let mut vars = Vec::new();
    if let Some(decls) = where_text.strip_prefix("where") {
        for decl in decls.split(',') {
            let (v, spec) = decl.split_once(':').ok_or("bad where clause")?;
            let v = v.trim();
            let mut chars = v.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return Err(format!("bad variable `{v}`"));
            };
            let mut words = spec.split_whitespace();
            let class = parse_class(words.next().ok_or("no class")?)?;
            let shape = match words.next() {
                None | Some("any") => ShapeClass::Any,
                Some("sv") => ShapeClass::ScalarOrVector,
                Some("s") => ShapeClass::Scalar,
                Some(o) => return Err(format!("bad shape class `{o}`")),
            };
            vars.push(TypeVar {
                name: c,
                class,
                shape,
            });
        }
    } else if !where_text.is_empty() {
        return Err(format!("trailing `{where_text}`"));
    }

    let mut cx = Cx {
        vars: &vars,
        dims: Vec::new(),
        env,
    };
    let ret = cx.ty(ret_text.trim())?;
    let mut params = Vec::new();
    let mut variadic = false;
    for p in params_text
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
    {
        if p == "..." {
            variadic = true;
            continue;
        }
        let mut words: Vec<&str> = p.split_whitespace().collect();
        let dir = match words.first() {
            Some(&"out") => Dir::Out,
            Some(&"inout") => Dir::InOut,
            Some(&"in") => Dir::In,
            _ => Dir::In,
        };
        if matches!(words.first(), Some(&("in" | "out" | "inout"))) {
            words.remove(0);
        }
        let [ty, name] = words[..] else {
            return Err(format!("bad parameter `{p}`"));
        };
        params.push(Param {
            name: name.to_string(),
            dir,
            ty: cx.ty(ty)?,
        });
    }
    let dims = cx.dims;
    Ok((
        name.to_string(),
        Overload {
            ret,
            params,
            vars,
            dims,
            variadic,
            min_sm,
        },
    ))
}

fn parse_class(s: &str) -> Result<Class, String> {
    Ok(match s {
        "float_like" => Class::FloatLike,
        "float_or_double" => Class::FloatOrDouble,
        "int_like" => Class::IntLike,
        "uint_like" => Class::UintLike,
        "numeric" => Class::Numeric,
        "basic" => Class::Basic,
        "int32" => Class::Int32,
        "int64" => Class::Int64,
        "bits32" => Class::Bits32,
        "bits16" => Class::Bits16,
        "int16or32" => Class::Int16Or32,
        "sint16or32" => Class::SInt16Or32,
        "type" => Class::AnyType,
        other => Class::Only(ScalarKind::from_name(other).ok_or(format!("bad class `{other}`"))?),
    })
}

struct Cx<'a> {
    vars: &'a [TypeVar],
    dims: Vec<char>,
    env: &'a [(&'a str, Type)],
}

impl Cx<'_> {
    fn var(&self, s: &str) -> Option<u8> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_uppercase() => {
                self.vars.iter().position(|v| v.name == c).map(|i| i as u8)
            }
            _ => None,
        }
    }

    fn dim(&mut self, s: &str) -> Result<Dim, String> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c @ '1'..='4'), None) => Ok(Dim::Fixed(c as u8 - b'0')),
            (Some(c), None) if c.is_ascii_lowercase() && c != 'x' => {
                let i = match self.dims.iter().position(|d| *d == c) {
                    Some(i) => i,
                    None => {
                        self.dims.push(c);
                        self.dims.len() - 1
                    }
                };
                Ok(Dim::Var(i as u8))
            }
            _ => Err(format!("bad dimension `{s}`")),
        }
    }

    fn ty(&mut self, s: &str) -> Result<Pat, String> {
        match s {
            "void" => return Ok(Pat::Void),
            "string" => return Ok(Pat::String),
            "Texture2D" => return Ok(Pat::Texture(types::TextureDim::D2)),
            "RayDesc" => return Ok(Pat::Exact(crate::shader::ray_desc_type())),
            "BuiltInTriangleIntersectionAttributes" => {
                return Ok(Pat::Exact(crate::shader::triangle_attributes_type()))
            }
            "RaytracingAccelerationStructure" => {
                return Ok(Pat::Exact(Type::resource(
                    types::ResourceType::RaytracingAccelerationStructure,
                )))
            }
            "Texture2DArray" => return Ok(Pat::Texture(types::TextureDim::D2Array)),
            "SamplerState" | "SamplerComparisonState" => {
                let comparison = s == "SamplerComparisonState";
                return Ok(Pat::Exact(Type::resource(types::ResourceType::Sampler {
                    comparison,
                })));
            }
            _ => {}
        }
        if let Some(key) = s.strip_prefix('$') {
            let t = self
                .env
                .iter()
                .find(|(k, _)| *k == key)
                .map(|(_, t)| t.clone())
                .ok_or(format!("unknown substitution `${key}`"))?;
            return Ok(pat_of_type(&t));
        }
        let (base, shape) = match s.split_once('<') {
            Some((b, rest)) => (b, Some(rest.strip_suffix('>').ok_or("no `>`")?)),
            None => (s, None),
        };
        if let Some(i) = self.var(base) {
            if self.vars[i as usize].class == Class::AnyType {
                return if shape.is_none() {
                    Ok(Pat::Generic(i))
                } else {
                    Err("a `type` variable takes no shape".into())
                };
            }
            let shape = match shape {
                None => ShapePat::Var(i),
                Some(sh) => self.shape(sh)?,
            };
            return Ok(Pat::Numeric {
                kind: KindPat::Var(i),
                shape,
            });
        }
        let t = Type::from_hlsl_name(base).ok_or(format!("unknown type `{base}`"))?;
        match shape {
            None => Ok(pat_of_type(&t)),
            Some(sh) => {
                let Type::Scalar(k) = t else {
                    return Err(format!("`{base}` is not a scalar"));
                };
                Ok(Pat::Numeric {
                    kind: KindPat::Fixed(k),
                    shape: self.shape(sh)?,
                })
            }
        }
    }

    fn shape(&mut self, s: &str) -> Result<ShapePat, String> {
        if s.is_empty() {
            return Ok(ShapePat::Scalar);
        }
        if let Some(i) = self.var(s) {
            return Ok(ShapePat::Var(i));
        }
        if s.len() == 3 && s.as_bytes()[1] == b'x' {
            return Ok(ShapePat::Matrix(self.dim(&s[..1])?, self.dim(&s[2..])?));
        }
        Ok(ShapePat::Vector(self.dim(s)?))
    }
}

/// The pattern matching exactly one type.
pub fn pat_of_type(t: &Type) -> Pat {
    match *t {
        Type::Void => Pat::Void,
        Type::Scalar(k) => Pat::Numeric {
            kind: KindPat::Fixed(k),
            shape: ShapePat::Scalar,
        },
        Type::Vector(k, n) => Pat::Numeric {
            kind: KindPat::Fixed(k),
            shape: ShapePat::Vector(Dim::Fixed(n)),
        },
        Type::Matrix {
            scalar, rows, cols, ..
        } => Pat::Numeric {
            kind: KindPat::Fixed(scalar),
            shape: ShapePat::Matrix(Dim::Fixed(rows), Dim::Fixed(cols)),
        },
        _ => Pat::Exact(t.clone()),
    }
}

/// Spells a pattern: `float3`, `T`, `bool<T>`, `T<n>`, `float<rxc>`, `$E`'s type.
pub fn pat_text(ov: &Overload, p: &Pat) -> String {
    match p {
        Pat::Void => "void".into(),
        Pat::String => "string".into(),
        Pat::Texture(dim) => format!("Texture{}", dim.suffix()),
        Pat::Exact(t) => t.to_string(),
        Pat::Generic(i) => ov.var_name(*i).to_string(),
        Pat::Numeric { kind, shape } => {
            let dim = |d: &Dim| match d {
                Dim::Fixed(n) => n.to_string(),
                Dim::Var(i) => ov.dims[*i as usize].to_string(),
            };
            match (kind, shape) {
                (KindPat::Var(i), ShapePat::Var(j)) if i == j => ov.var_name(*i).to_string(),
                (KindPat::Fixed(k), ShapePat::Scalar) => k.name().into(),
                (KindPat::Fixed(k), ShapePat::Vector(Dim::Fixed(n))) => format!("{}{n}", k.name()),
                (KindPat::Fixed(k), ShapePat::Matrix(Dim::Fixed(r), Dim::Fixed(c))) => {
                    format!("{}{r}x{c}", k.name())
                }
                _ => {
                    let k = match kind {
                        KindPat::Fixed(k) => k.name().to_string(),
                        KindPat::Var(i) => ov.var_name(*i).to_string(),
                    };
                    let s = match shape {
                        ShapePat::Scalar => String::new(),
                        ShapePat::Var(i) => ov.var_name(*i).to_string(),
                        ShapePat::Vector(d) => dim(d),
                        ShapePat::Matrix(r, c) => format!("{}x{}", dim(r), dim(c)),
                    };
                    format!("{k}<{s}>")
                }
            }
        }
    }
}

/// The overload as written in the table, for hover and diagnostics:
/// `T lerp(T x, T y, T s) where T: float_like`.
pub fn signature_text(name: &str, ov: &Overload) -> String {
    let mut s = String::new();
    if let Some(sm) = ov.min_sm {
        s.push_str(&format!("[SM {sm}] "));
    }
    s.push_str(&pat_text(ov, &ov.ret));
    s.push(' ');
    s.push_str(name);
    s.push('(');
    let mut parts: Vec<String> = ov
        .params
        .iter()
        .map(|p| {
            let dir = match p.dir {
                Dir::In => "",
                Dir::Out => "out ",
                Dir::InOut => "inout ",
            };
            format!("{dir}{} {}", pat_text(ov, &p.ty), p.name)
        })
        .collect();
    if ov.variadic {
        parts.push("...".into());
    }
    s.push_str(&parts.join(", "));
    s.push(')');
    if !ov.vars.is_empty() {
        let vars: Vec<String> = ov
            .vars
            .iter()
            .map(|v| match v.shape {
                ShapeClass::Any => format!("{}: {}", v.name, v.class.name()),
                sh => format!("{}: {} {}", v.name, v.class.name(), sh.name()),
            })
            .collect();
        s.push_str(" where ");
        s.push_str(&vars.join(", "));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(line: &str) -> String {
        try_parse(line, &[]).unwrap_err()
    }

    #[test]
    fn parses_patterns_and_prints_them_back() {
        let lines = [
            "T lerp(T x, T y, T s) where T: float_like",
            "T<> dot(T<n> a, T<n> b) where T: numeric",
            "T<cxr> transpose(T<rxc> m) where T: basic",
            "bool<T> isnan(T x) where T: float_like",
            "void asuint(T d, out uint<T> lo, out uint<T> hi) where T: double",
            "[SM 6.6] void InterlockedAdd(inout T dest, T value) where T: int64 s",
            "void printf(string format, ...)",
            "T Load(uint address) where T: type",
            "float4 Sample(SamplerState s, float2 location)",
        ];
        for line in lines {
            let dsl = line.replace("[SM 6.6] ", "@6.6 ");
            let (name, ov) = parse(&dsl, &[]);
            assert_eq!(signature_text(&name, &ov), line);
        }
    }

    #[test]
    fn substitutions() {
        let env = [("E", Type::vector(ScalarKind::Half, 4))];
        let (_, ov) = parse("$E Load(int location)", &env);
        assert_eq!(signature_text("Load", &ov), "half4 Load(int location)");
        assert_eq!(err("$X f(int a)"), "unknown substitution `$X`");
    }

    #[test]
    fn malformed_lines() {
        assert_eq!(err("float f"), "no `(`");
        assert_eq!(err("float f(int a"), "no `)`");
        assert_eq!(err("f(int a)"), "no return type");
        assert_eq!(err("float f(int)"), "bad parameter `int`");
        assert_eq!(err("float f(blob a)"), "unknown type `blob`");
        assert_eq!(err("float f(float3<2> a)"), "`float3` is not a scalar");
        assert_eq!(err("T f(T a) where T: fancy"), "bad class `fancy`");
        assert_eq!(err("T f(T a) where T: float_like m"), "bad shape class `m`");
        assert_eq!(err("T f(T a) where TT: float_like"), "bad variable `TT`");
        assert_eq!(err("T f(T a) junk"), "trailing `junk`");
        assert_eq!(err("T<5> f(T a) where T: float_like"), "bad dimension `5`");
        assert_eq!(
            err("T<n> f(T a) where T: type"),
            "a `type` variable takes no shape"
        );
        assert_eq!(err("@6 void f()"), "bad sm");
        assert_eq!(err("@6.6"), "no space after @sm");
    }
}
