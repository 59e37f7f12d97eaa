//! Types and constant expressions as written, without text ranges: what the item tree and
//! function bodies store for declared types (`TypeRef`), paths (`Path`), and array sizes and
//! template arguments (`ConstExpr`). `lower_type.rs` resolves them to `types::Type`.

use syntax::ast::{self, AstNode, HasModifiers};
use syntax::SyntaxKind;

/// A name as written.
pub type Name = String;

/// `a`, `ns::b`, `::c`, `Texture2D<float4>`, `S<T>::x`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Path {
    /// Starts with `::`.
    pub global: bool,
    pub segments: Vec<PathSegment>,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PathSegment {
    pub name: Name,
    /// `None` without angle brackets; `Some(vec![])` for `Texture2D<>`.
    pub args: Option<Vec<GenericArg>>,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum GenericArg {
    Type(TypeRef),
    Const(ConstExpr),
}

impl Path {
    pub fn single(name: &str) -> Path {
        Path {
            global: false,
            segments: vec![PathSegment {
                name: name.to_owned(),
                args: None,
            }],
        }
    }

    /// The name of a plain one-segment path without template arguments.
    pub fn as_name(&self) -> Option<&str> {
        match self.segments.as_slice() {
            [seg] if seg.args.is_none() && !self.global => Some(&seg.name),
            _ => None,
        }
    }

    pub fn last_name(&self) -> &str {
        self.segments.last().map(|s| s.name.as_str()).unwrap_or("")
    }
}

impl std::fmt::Display for Path {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.global {
            f.write_str("::")?;
        }
        for (i, seg) in self.segments.iter().enumerate() {
            if i > 0 {
                f.write_str("::")?;
            }
            f.write_str(&seg.name)?;
            if let Some(args) = &seg.args {
                f.write_str("<")?;
                for (j, a) in args.iter().enumerate() {
                    if j > 0 {
                        f.write_str(", ")?;
                    }
                    match a {
                        GenericArg::Type(t) => write!(f, "{t}")?,
                        GenericArg::Const(_) => f.write_str("...")?,
                    }
                }
                f.write_str(">")?;
            }
        }
        Ok(())
    }
}

/// What a type reference names.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TypeBase {
    Path(Path),
    /// An inline struct definition (`struct { ... } v;`), by its item-tree index.
    InlineStruct(u32),
    /// The parser found no type.
    Missing,
}

/// A type as written, with the array dimensions of the declarator appended (outermost first).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TypeRef {
    pub base: TypeBase,
    pub row_major: bool,
    pub column_major: bool,
    /// `row_major` or `column_major` is written on the declaration (not the default of a
    /// `#pragma pack_matrix`): DXC then checks the type takes it.
    pub orientation_written: bool,
    /// `unsigned int`.
    pub unsigned: bool,
    /// `None` for `[]`.
    pub dims: Vec<Option<ConstExpr>>,
    /// `typename T::value_type`: C++'s mark of a dependent name as a type.
    pub typename: bool,
    /// `F<T>::template It<0>`: C++'s mark of a dependent member name as a template.
    pub template_kw: bool,
}

impl TypeRef {
    /// `string`, as written (DXC's string type, which only global constants may have: they
    /// name `printf` formats).
    pub fn is_string(&self) -> bool {
        self.dims.is_empty()
            && matches!(&self.base, TypeBase::Path(p) if p.as_name() == Some("string"))
    }

    pub fn missing() -> TypeRef {
        TypeRef {
            base: TypeBase::Missing,
            row_major: false,
            column_major: false,
            orientation_written: false,
            unsigned: false,
            dims: Vec::new(),
            typename: false,
            template_kw: false,
        }
    }

    pub fn named(name: &str) -> TypeRef {
        TypeRef {
            base: TypeBase::Path(Path::single(name)),
            ..TypeRef::missing()
        }
    }

    /// Lowers `ty` with the modifiers of its declaration (`row_major` sits on the `VarDecl` or
    /// `Param`, not in the `TYPE_REF`) and the declarator's array suffixes.
    pub fn lower(
        ty: Option<ast::TypeRef>,
        decl_modifiers: &[syntax::SyntaxToken],
        suffixes: impl Iterator<Item = ast::ArraySuffix>,
    ) -> TypeRef {
        let mut out = match &ty {
            Some(t) => lower_type_ref(t),
            None => TypeRef::missing(),
        };
        for m in decl_modifiers {
            match m.kind() {
                SyntaxKind::ROW_MAJOR_KW => out.row_major = true,
                SyntaxKind::COLUMN_MAJOR_KW => out.column_major = true,
                _ => continue,
            }
            out.orientation_written = true;
        }
        let extra: Vec<_> = suffixes
            .map(|s| s.size().map(|e| ConstExpr::lower(&e)))
            .collect();
        // `float a[2][3]` declares an array of 2 arrays of 3; dims inside a cast type
        // (`(float[2])x`) come before the declarator's.
        out.dims.extend(extra);
        out
    }
}

fn lower_type_ref(t: &ast::TypeRef) -> TypeRef {
    let mut out = TypeRef::missing();
    if let Some(sign) = t.signedness() {
        out.unsigned = sign.text() == "unsigned";
    }
    for m in t.modifiers() {
        match m.kind() {
            SyntaxKind::ROW_MAJOR_KW => out.row_major = true,
            SyntaxKind::COLUMN_MAJOR_KW => out.column_major = true,
            _ => continue,
        }
        out.orientation_written = true;
    }
    out.typename = t.typename_kw().is_some();
    if let Some(path) = t.path() {
        out.template_kw = path
            .syntax()
            .children_with_tokens()
            .any(|t| t.kind() == SyntaxKind::TEMPLATE_KW);
        out.base = TypeBase::Path(lower_path(&path));
    } else if out.unsigned {
        // `unsigned` alone means `unsigned int`.
        out.base = TypeBase::Path(Path::single("int"));
    }
    out.dims = t
        .array_suffixes()
        .map(|s| s.size().map(|e| ConstExpr::lower(&e)))
        .collect();
    out
}

/// Lowers a path, with its template arguments.
pub fn lower_path(path: &ast::Path) -> Path {
    Path {
        global: path.is_global(),
        segments: path
            .segments()
            .map(|seg| PathSegment {
                name: seg.name_ref().map(|n| n.text()).unwrap_or_default(),
                args: seg.generic_arg_list().map(|list| lower_generic_args(&list)),
            })
            .collect(),
    }
}

/// Lowers a template argument list (`<float3, 4>`).
pub fn lower_generic_args(list: &ast::GenericArgList) -> Vec<GenericArg> {
    list.args()
        .map(|a| match a {
            ast::GenericArg::Type(t) => GenericArg::Type(lower_type_ref(&t)),
            ast::GenericArg::Expr(e) => expr_as_generic_arg(&e),
        })
        .collect()
}

/// An expression in a template argument list that may name a type (`vector<T, 2>` where the
/// parser could not tell): a bare path becomes a type, everything else a constant.
fn expr_as_generic_arg(e: &ast::Expr) -> GenericArg {
    if let ast::Expr::PathExpr(p) = e {
        if let Some(path) = p.path() {
            let path = lower_path(&path);
            return GenericArg::Type(TypeRef {
                base: TypeBase::Path(path),
                ..TypeRef::missing()
            });
        }
    }
    GenericArg::Const(ConstExpr::lower(e))
}

impl std::fmt::Display for TypeRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.base {
            TypeBase::Path(p) => write!(f, "{p}")?,
            TypeBase::InlineStruct(_) => f.write_str("struct")?,
            TypeBase::Missing => f.write_str("?")?,
        }
        for _ in &self.dims {
            f.write_str("[]")?;
        }
        Ok(())
    }
}

/// A constant expression as written (array sizes, template arguments, enumerator values,
/// initializers of `static const` globals).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ConstExpr {
    Int(i64),
    /// The `f64` bits and the suffix (an unsuffixed literal is a `float` from HLSL 202x on).
    Float(u64, FloatSuffix),
    Bool(bool),
    Path(Path),
    Neg(Box<ConstExpr>),
    Not(Box<ConstExpr>),
    BitNot(Box<ConstExpr>),
    Binary(ast::BinaryOp, Box<ConstExpr>, Box<ConstExpr>),
    Cond(Box<ConstExpr>, Box<ConstExpr>, Box<ConstExpr>),
    /// A cast or constructor with one argument: the value passes through.
    Convert(TypeRef, Box<ConstExpr>),
    /// `sizeof(T)`.
    SizeOf(TypeRef),
    /// `min(a, b)` (`false`) or `max(a, b)` (`true`), the path as written: DXC's constant
    /// evaluator folds these two intrinsics (array sizes, `[numthreads]`), unless a user
    /// function of the name hides the intrinsic.
    MinMax(Path, bool, Box<ConstExpr>, Box<ConstExpr>),
    /// Anything else: not a constant we can evaluate.
    Unknown,
}

impl ConstExpr {
    pub fn lower(e: &ast::Expr) -> ConstExpr {
        match e {
            ast::Expr::Literal(lit) => {
                let text = lit
                    .token()
                    .map(|t| t.text().to_string())
                    .unwrap_or_default();
                match lit.kind() {
                    Some(ast::LiteralKind::Int) => {
                        parse_int(&text).map_or(ConstExpr::Unknown, |v| ConstExpr::Int(v as i64))
                    }
                    Some(ast::LiteralKind::Float) => parse_float_literal(&text)
                        .map_or(ConstExpr::Unknown, |(v, s)| {
                            ConstExpr::Float(v.to_bits(), s)
                        }),
                    Some(ast::LiteralKind::Bool(b)) => ConstExpr::Bool(b),
                    _ => ConstExpr::Unknown,
                }
            }
            ast::Expr::PathExpr(p) => p
                .path()
                .map_or(ConstExpr::Unknown, |p| ConstExpr::Path(lower_path(&p))),
            ast::Expr::ParenExpr(p) => p
                .expr()
                .map_or(ConstExpr::Unknown, |e| ConstExpr::lower(&e)),
            ast::Expr::PrefixExpr(p) => {
                let inner = Box::new(
                    p.expr()
                        .map_or(ConstExpr::Unknown, |e| ConstExpr::lower(&e)),
                );
                match p.op_kind() {
                    Some(ast::PrefixOp::Neg) => ConstExpr::Neg(inner),
                    Some(ast::PrefixOp::Plus) => *inner,
                    Some(ast::PrefixOp::Not) => ConstExpr::Not(inner),
                    Some(ast::PrefixOp::BitNot) => ConstExpr::BitNot(inner),
                    _ => ConstExpr::Unknown,
                }
            }
            ast::Expr::BinExpr(b) => match b.op_kind() {
                Some(
                    op
                    @ (ast::BinaryOp::Arith(_) | ast::BinaryOp::Cmp(_) | ast::BinaryOp::Logic(_)),
                ) => {
                    let l = b.lhs().map_or(ConstExpr::Unknown, |e| ConstExpr::lower(&e));
                    let r = b.rhs().map_or(ConstExpr::Unknown, |e| ConstExpr::lower(&e));
                    ConstExpr::Binary(op, Box::new(l), Box::new(r))
                }
                _ => ConstExpr::Unknown,
            },
            ast::Expr::ConditionalExpr(c) => {
                let part = |e: Option<ast::Expr>| {
                    Box::new(e.map_or(ConstExpr::Unknown, |e| ConstExpr::lower(&e)))
                };
                ConstExpr::Cond(
                    part(c.condition()),
                    part(c.then_expr()),
                    part(c.else_expr()),
                )
            }
            ast::Expr::CastExpr(c) => {
                let inner = c
                    .expr()
                    .map_or(ConstExpr::Unknown, |e| ConstExpr::lower(&e));
                ConstExpr::Convert(
                    TypeRef::lower(c.ty(), &[], std::iter::empty()),
                    Box::new(inner),
                )
            }
            ast::Expr::SizeofExpr(s) => match s.ty() {
                Some(t) => ConstExpr::SizeOf(TypeRef::lower(Some(t), &[], std::iter::empty())),
                None => ConstExpr::Unknown,
            },
            ast::Expr::CallExpr(c) => {
                let args: Vec<_> = c.arg_list().map(|l| l.args().collect()).unwrap_or_default();
                match (c.callee(), args.as_slice()) {
                    (Some(ast::Expr::PathExpr(p)), [a, b]) => {
                        let Some(path) = p.path().map(|p| lower_path(&p)) else {
                            return ConstExpr::Unknown;
                        };
                        let is_max = match path.as_name() {
                            Some("max") => true,
                            Some("min") => false,
                            _ => return ConstExpr::Unknown,
                        };
                        let (a, b) = (ConstExpr::lower(a), ConstExpr::lower(b));
                        ConstExpr::MinMax(path, is_max, Box::new(a), Box::new(b))
                    }
                    (Some(ast::Expr::PathExpr(p)), [arg]) => {
                        let Some(path) = p.path() else {
                            return ConstExpr::Unknown;
                        };
                        ConstExpr::Convert(
                            TypeRef {
                                base: TypeBase::Path(lower_path(&path)),
                                ..TypeRef::missing()
                            },
                            Box::new(ConstExpr::lower(arg)),
                        )
                    }
                    _ => ConstExpr::Unknown,
                }
            }
            _ => ConstExpr::Unknown,
        }
    }
}

/// What an integer literal's suffix says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IntSuffix {
    None,
    Unsigned,
    Long,
    UnsignedLong,
}

/// Splits an integer literal into its value and suffix (`0x1Fu`, `017`, `42l`).
pub fn parse_int_literal(text: &str) -> Option<(u64, IntSuffix)> {
    let lower = text.to_ascii_lowercase();
    let digits = lower.trim_end_matches(['u', 'l']);
    let suffix = &lower[digits.len()..];
    let suffix = match (suffix.contains('u'), suffix.contains('l')) {
        (false, false) => IntSuffix::None,
        (true, false) => IntSuffix::Unsigned,
        (false, true) => IntSuffix::Long,
        (true, true) => IntSuffix::UnsignedLong,
    };
    let value = if let Some(hex) = digits.strip_prefix("0x") {
        u64::from_str_radix(hex, 16).ok()?
    } else if let Some(bin) = digits.strip_prefix("0b") {
        u64::from_str_radix(bin, 2).ok()?
    } else if digits.len() > 1 && digits.starts_with('0') {
        u64::from_str_radix(&digits[1..], 8).ok()?
    } else {
        digits.parse().ok()?
    };
    Some((value, suffix))
}

pub fn parse_int(text: &str) -> Option<u64> {
    parse_int_literal(text).map(|(v, _)| v)
}

/// What a float literal's suffix says: `f`/`F` float, `h`/`H` half, `l`/`L` double, none:
/// a literal float.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FloatSuffix {
    None,
    Float,
    Half,
    Double,
}

pub fn parse_float_literal(text: &str) -> Option<(f64, FloatSuffix)> {
    // `1.#INF` is positive infinity, whatever digits come before the `#` (its `F` is no
    // suffix; `1.#INFf` has one).
    if text.ends_with("#INF") {
        return Some((f64::INFINITY, FloatSuffix::None));
    }
    let (body, suffix) = match text.as_bytes().last()? {
        b'f' | b'F' => (&text[..text.len() - 1], FloatSuffix::Float),
        b'h' | b'H' => (&text[..text.len() - 1], FloatSuffix::Half),
        b'l' | b'L' => (&text[..text.len() - 1], FloatSuffix::Double),
        _ => (text, FloatSuffix::None),
    };
    if body.ends_with("#INF") {
        return Some((f64::INFINITY, suffix));
    }
    let body = body.strip_suffix('.').unwrap_or(body);
    Some((body.parse().ok()?, suffix))
}

pub fn parse_float(text: &str) -> Option<f64> {
    parse_float_literal(text).map(|(v, _)| v)
}
