//! HLSL's conversion and operator rules on `types::Type`: implicit conversions and their
//! ranks (for overload resolution), the usual arithmetic conversions with literal types and
//! vector/matrix broadcasting and truncation, flattened component counts (constructors and
//! initializer lists), and swizzles.

use types::{ScalarKind, Type};

/// A value's type as inference sees it: literals (`1`, `1.0`) have DXC's "literal int" and
/// "literal float" types, which adapt to the other operand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Operand {
    pub ty: Type,
    pub literal: bool,
}

impl Operand {
    /// A value of type `ty` that is not a literal.
    pub fn of(ty: Type) -> Operand {
        Operand { ty, literal: false }
    }
}

/// How an implicit conversion ranks, best first (as DXC orders them for overloads).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Conversion {
    Exact,
    Promotion,
    Conversion,
    /// A scalar replicated into a vector or matrix.
    Splat,
    /// A vector or matrix cut down to fewer components (warns).
    Truncation,
    Incompatible,
}

/// Rank of a float kind within floats, of an integer kind within integers.
fn rank(k: ScalarKind) -> u8 {
    use ScalarKind::*;
    match k {
        Bool => 0,
        Min12Int => 1,
        Min16Int => 2,
        Min16Uint => 3,
        Int16 => 4,
        Uint16 => 5,
        Int => 6,
        Uint => 7,
        Int64 => 8,
        Uint64 => 9,
        Min10Float => 1,
        Min16Float => 2,
        Float16 => 3,
        Half => 4,
        Float => 5,
        Double => 6,
    }
}

/// The component kind two operands of an arithmetic operator convert to, and whether the
/// result is still a literal.
pub fn common_scalar(a: ScalarKind, a_lit: bool, b: ScalarKind, b_lit: bool) -> (ScalarKind, bool) {
    let promote_bool = |k: ScalarKind| {
        if k == ScalarKind::Bool {
            ScalarKind::Int
        } else {
            k
        }
    };
    match (a_lit, b_lit) {
        (true, true) => {
            if a.is_float() || b.is_float() {
                (ScalarKind::Float, true)
            } else if a == ScalarKind::Int64 || b == ScalarKind::Int64 {
                // A literal past `int`'s range keeps the operation 64-bit, as DXC's
                // 64-bit literal ints.
                (ScalarKind::Int64, true)
            } else {
                (ScalarKind::Int, true)
            }
        }
        (true, false) | (false, true) => {
            let (lit, other) = if a_lit { (a, b) } else { (b, a) };
            if lit.is_float() && !other.is_float() {
                (ScalarKind::Float, false)
            } else {
                (promote_bool(other), false)
            }
        }
        (false, false) => {
            let (a, b) = (promote_bool(a), promote_bool(b));
            let k = match (a.is_float(), b.is_float()) {
                (true, false) => a,
                (false, true) => b,
                _ if rank(a) >= rank(b) => a,
                _ => b,
            };
            (k, false)
        }
    }
}

/// Rows and columns of a numeric shape: a scalar is 1x1, a vector 1xN.
fn dims(ty: &Type) -> Option<(u8, u8, bool)> {
    match *ty {
        Type::Scalar(_) => Some((1, 1, false)),
        Type::Vector(_, n) => Some((1, n, false)),
        Type::Matrix { rows, cols, .. } => Some((rows, cols, true)),
        _ => None,
    }
}

/// The result shape of a component-wise operator on two shapes, and whether one side was
/// truncated. `None` when the shapes do not combine.
pub fn common_shape(a: &Type, b: &Type, kind: ScalarKind) -> Option<(Type, bool)> {
    let (ar, ac, am) = dims(a)?;
    let (br, bc, bm) = dims(b)?;
    let a_scalar = ar == 1 && ac == 1;
    let b_scalar = br == 1 && bc == 1;
    let shape = |r: u8, c: u8, m: bool, from: &Type| -> Type {
        if m {
            match from {
                Type::Matrix { orientation, .. } => Type::matrix_with(kind, r, c, *orientation),
                _ => Type::matrix(kind, r, c),
            }
        } else if c == 1 && matches!(from, Type::Scalar(_)) {
            Type::Scalar(kind)
        } else {
            Type::Vector(kind, c)
        }
    };
    if a_scalar && !(b_scalar && matches!(a, Type::Vector(..))) {
        return Some((shape(br, bc, bm, b), false));
    }
    if b_scalar {
        return Some((shape(ar, ac, am, a), false));
    }
    match (am, bm) {
        (false, false) => Some((Type::Vector(kind, ac.min(bc)), ac != bc)),
        (true, true) => {
            let o = if let Type::Matrix { orientation, .. } = a {
                *orientation
            } else {
                Default::default()
            };
            Some((
                Type::matrix_with(kind, ar.min(br), ac.min(bc), o),
                ar != br || ac != bc,
            ))
        }
        _ => {
            // A vector with a matrix works when one of them is really a vector (1xN or Nx1).
            let (vn, mr, mc) = if am { (bc, ar, ac) } else { (ac, br, bc) };
            // Or when they hold as many elements (`float2x2 * float4`): DXC converts the
            // right one to the left one's shape (`m * v` is a matrix, `v < m` a vector).
            if vn == mr * mc && mr > 1 && mc > 1 {
                return Some((shape(ar, ac, am, a), false));
            }
            if mr == 1 || mc == 1 {
                let n = vn.min(mr.max(mc));
                Some((Type::Vector(kind, n), vn != mr.max(mc)))
            } else {
                None
            }
        }
    }
}

/// The conversion from `from` to `to`, ranked.
/// Whether `a` and `b` are the same type but for the orientation of matrices in them.
fn same_but_orientation(a: &Type, b: &Type) -> bool {
    match (a, b) {
        (
            Type::Matrix {
                scalar: s1,
                rows: r1,
                cols: c1,
                ..
            },
            Type::Matrix {
                scalar: s2,
                rows: r2,
                cols: c2,
                ..
            },
        ) => s1 == s2 && r1 == r2 && c1 == c2,
        (
            Type::Array {
                element: e1,
                len: l1,
            },
            Type::Array {
                element: e2,
                len: l2,
            },
        ) => l1 == l2 && same_but_orientation(e1, e2),
        _ => a == b,
    }
}

pub fn conversion(from: &Operand, to: &Type) -> Conversion {
    if from.ty == *to && !from.literal {
        return Conversion::Exact;
    }
    if let Some(conv) = super::enums::enum_conversion(from, to) {
        return conv;
    }
    // `ConstantBuffer<T>` and `TextureBuffer<T>` read as their `T` wherever a `T` is
    // wanted: `T t = cb;`, `f(cb)`. It is a user-defined conversion (to `const T&`), so it
    // ranks below the standard ones and an overload taking the buffer itself wins.
    if let Some(element) = buffer_view_element(&from.ty) {
        if !matches!(to, Type::Resource(_)) {
            return conversion(&Operand::of(element.clone()), to).max(Conversion::Conversion);
        }
    }
    let (Some(fk), Some(tk)) = (from.ty.scalar_kind(), to.scalar_kind()) else {
        return match (&from.ty, to) {
            (
                Type::Array {
                    element: a,
                    len: la,
                },
                Type::Array {
                    element: b,
                    len: lb,
                },
            ) if a == b && (la == lb || lb.is_none()) => Conversion::Exact,
            // Arrays of one element type and as many elements in all convert into each
            // other whatever their shape (`float[3][2]` to `float[2][3]` or `float[6]`), as
            // DXC copies them element by element.
            (Type::Array { .. }, Type::Array { .. })
                if innermost(&from.ty) == innermost(to)
                    && flat_count(&from.ty).is_some()
                    && flat_count(&from.ty) == flat_count(to) =>
            {
                Conversion::Conversion
            }
            // Arrays of matrices that differ only in orientation (`row_major float3x4[2]`
            // from a cbuffer under `-Zpr` into a local `float3x4[2]`): the orientation is a
            // memory layout, and DXC copies the elements.
            (Type::Array { .. }, Type::Array { .. }) if same_but_orientation(&from.ty, to) => {
                Conversion::Conversion
            }
            (Type::Struct(a), Type::Struct(b)) if a.name == b.name => Conversion::Exact,
            // DXC converts between structs of the same layout implicitly (a no-op flat
            // conversion): fields of the same types, in the same order, whatever the names.
            (Type::Struct(_), Type::Struct(_)) if same_layout(&from.ty, to) => {
                Conversion::Conversion
            }
            _ if from.ty == *to => Conversion::Exact,
            _ => Conversion::Incompatible,
        };
    };
    // A literal's own kind (`int` for `1`, `float` for `1.0`) is its best match.
    let kind_conv = if fk == tk {
        Conversion::Exact
    } else if fk.is_float() == tk.is_float()
        && (from.literal || (!fk.is_bool() && rank(tk) >= rank(fk)))
    {
        Conversion::Promotion
    } else {
        Conversion::Conversion
    };
    let (fr, fc, fm) = dims(&from.ty).unwrap_or((1, 1, false));
    let (tr, tc, tm) = dims(to).unwrap_or((1, 1, false));
    let from_count = fr as u32 * fc as u32;
    let to_count = tr as u32 * tc as u32;
    if (fr, fc) == (tr, tc) && (fm == tm || from_count == 1) {
        return kind_conv;
    }
    if from_count == 1 {
        return Conversion::Splat;
    }
    if to_count == 1 {
        return Conversion::Truncation;
    }
    match (fm, tm) {
        (false, false) if tc < fc => Conversion::Truncation,
        (true, true) if tr <= fr && tc <= fc => Conversion::Truncation,
        // `float2x2` and `float4` convert into each other.
        (true, false) | (false, true) if from_count == to_count => {
            kind_conv.max(Conversion::Conversion)
        }
        // A one-row or one-column matrix is a vector of its components.
        (true, false) if (fr == 1 || fc == 1) && to_count < from_count => Conversion::Truncation,
        (false, true) if (tr == 1 || tc == 1) && to_count < from_count => Conversion::Truncation,
        _ => Conversion::Incompatible,
    }
}

/// Whether an explicit cast between a buffer pointer and another type is refused: the
/// proposal (hlsl-specs 0010) gives `vk::BufferPointer` a constructor from and a cast to its
/// `uint64_t` address and nothing else, so a vector (`(uint2)p`, the `uvec2` form GLSL's
/// `GL_EXT_buffer_reference_uvec2` has and DXC does not), a matrix, an array or a struct
/// neither becomes a pointer nor is made from one. (Other scalars go through the address;
/// casts between pointer types are allowed.)
pub fn buffer_pointer_cast_refused(from: &Type, to: &Type) -> bool {
    let pointer = |t: &Type| matches!(t, Type::BufferPointer { .. });
    match (pointer(from), pointer(to)) {
        (true, false) => !matches!(to, Type::Scalar(_)),
        (false, true) => !matches!(from, Type::Scalar(_)),
        _ => false,
    }
}

/// Whether an explicit cast (`(T)x`) may change the shape of `from` into `to`, as DXC
/// allows: between scalars, vectors and matrices the same shapes as implicitly (so
/// `(float3)m` of a `float2x2` is refused: neither a truncation nor the same component
/// count); to or from a struct or array, any flattened count that is not longer than the
/// value's, or any count from a scalar (a splat). Component types convert freely.
pub fn explicit_cast_shapes(from: &Type, to: &Type) -> bool {
    let numeric = |t: &Type| t.scalar_kind().is_some();
    let aggregate = |t: &Type| matches!(t, Type::Struct(_) | Type::Array { .. });
    if numeric(from) && numeric(to) {
        // FIXME: DXC's dimension rules (its `ConvertDimensions`) seem to refuse turning a
        // one-row matrix into a one-column one of as many components (`(float3x1)` of a
        // `float1x3`), which our lowering takes in component order; kept until that is
        // settled against DXC itself.
        if let (Some((_, a)), Some((_, b))) = (from.one_row_or_column(), to.one_row_or_column()) {
            if a == b && matches!(from, Type::Matrix { .. }) && matches!(to, Type::Matrix { .. }) {
                return true;
            }
        }
        let same_kind = to.with_scalar_kind(from.scalar_kind().unwrap_or(ScalarKind::Float));
        return same_kind.is_none_or(|t| {
            conversion(&Operand::of(from.clone()), &t) != Conversion::Incompatible
        });
    }
    if aggregate(from) || aggregate(to) {
        return match (flat_count(from), flat_count(to)) {
            (Some(f), Some(t)) => t <= f || matches!(from, Type::Scalar(_)),
            _ => true,
        };
    }
    true
}

/// The element type of an array of arrays (`float2` for `float2[3][4]`); `ty` itself when
/// it is no array.
fn innermost(ty: &Type) -> &Type {
    match ty {
        Type::Array { element, .. } => innermost(element),
        t => t,
    }
}

/// Whether `a` and `b` are the same type up to the names of structs and their fields.
/// The `T` of a `ConstantBuffer<T>` or `TextureBuffer<T>`.
pub fn buffer_view_element(ty: &Type) -> Option<&Type> {
    match ty.as_resource()? {
        types::ResourceType::ConstantBuffer { element }
        | types::ResourceType::TextureBuffer { element } => Some(element),
        _ => None,
    }
}

fn same_layout(a: &Type, b: &Type) -> bool {
    match (a, b) {
        (Type::Struct(x), Type::Struct(y)) => {
            x.fields.len() == y.fields.len()
                && x.fields
                    .iter()
                    .zip(&y.fields)
                    .all(|(f, g)| same_layout(&f.ty, &g.ty))
        }
        (
            Type::Array {
                element: x,
                len: lx,
            },
            Type::Array {
                element: y,
                len: ly,
            },
        ) => lx == ly && same_layout(x, y),
        _ => a == b,
    }
}

/// The number of scalar components of a type once flattened (for constructors and
/// initializer lists); `None` for resources and unsized arrays.
pub fn flat_count(ty: &Type) -> Option<u32> {
    match ty {
        Type::Scalar(_) | Type::Enum(_) => Some(1),
        Type::Vector(_, n) => Some(u32::from(*n)),
        Type::Matrix { rows, cols, .. } => Some(u32::from(*rows) * u32::from(*cols)),
        Type::Array { element, len } => Some(flat_count(element)? * (*len)?),
        // An unnamed bit-field is no member: it takes no initializer (C++ [dcl.init.aggr]).
        Type::Struct(s) => s
            .fields
            .iter()
            .filter(|f| !f.is_unnamed_bit_field())
            .map(|f| flat_count(&f.ty))
            .sum(),
        _ => None,
    }
}

/// [`flat_count`] where a resource (texture, buffer, sampler) counts as one element, as in
/// an initializer list (`{ 1, 2, tex, 3 }`); `None` for what no list fills.
pub fn flat_count_objects(ty: &Type) -> Option<u32> {
    match ty {
        Type::Resource(_) => Some(1),
        Type::Array { element, len } => Some(flat_count_objects(element)? * (*len)?),
        Type::Struct(s) => s
            .fields
            .iter()
            .filter(|f| !f.is_unnamed_bit_field())
            .map(|f| flat_count_objects(&f.ty))
            .sum(),
        _ => flat_count(ty),
    }
}

/// A parsed swizzle: component indices, or for matrices (row, column) pairs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Swizzle {
    Vector(Vec<u8>),
    Matrix(Vec<(u8, u8)>),
}

impl Swizzle {
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn len(&self) -> usize {
        match self {
            Swizzle::Vector(c) => c.len(),
            Swizzle::Matrix(c) => c.len(),
        }
    }

    pub fn has_repeats(&self) -> bool {
        match self {
            Swizzle::Vector(c) => (1..c.len()).any(|i| c[..i].contains(&c[i])),
            Swizzle::Matrix(c) => (1..c.len()).any(|i| c[..i].contains(&c[i])),
        }
    }
}

/// Parses a vector swizzle (`xyzw` or `rgba`, not mixed, 1 to 4 components) against a vector
/// of `n` components (a scalar is `n = 1`).
pub fn vector_swizzle(name: &str, n: u8) -> Result<Swizzle, String> {
    if name.is_empty() || name.len() > 4 {
        return Err(format!("invalid swizzle `{name}`: 1 to 4 components"));
    }
    let xyzw = name.chars().all(|c| "xyzw".contains(c));
    let rgba = name.chars().all(|c| "rgba".contains(c));
    if !xyzw && !rgba {
        return Err(format!(
            "invalid swizzle `{name}`: use `xyzw` or `rgba` components, not both"
        ));
    }
    let set = if xyzw { "xyzw" } else { "rgba" };
    let mut comps = Vec::new();
    for c in name.chars() {
        let i = set.find(c).unwrap_or(0) as u8;
        if i >= n {
            return Err(format!(
                "invalid swizzle `{name}`: component `{c}` is out of range for {n} component(s)"
            ));
        }
        comps.push(i);
    }
    Ok(Swizzle::Vector(comps))
}

/// Parses a matrix swizzle: `_m00` (zero-based) or `_11` (one-based) groups, 1 to 4.
pub fn matrix_swizzle(name: &str, rows: u8, cols: u8) -> Result<Swizzle, String> {
    let err = || format!("invalid matrix swizzle `{name}`");
    let mut comps = Vec::new();
    let mut rest = name;
    while !rest.is_empty() {
        let (zero_based, digits) = if let Some(r) = rest.strip_prefix("_m") {
            (true, r)
        } else if let Some(r) = rest.strip_prefix('_') {
            (false, r)
        } else {
            return Err(err());
        };
        let b = digits.as_bytes();
        if b.len() < 2 || !b[0].is_ascii_digit() || !b[1].is_ascii_digit() {
            return Err(err());
        }
        let (mut r, mut c) = (b[0] - b'0', b[1] - b'0');
        if !zero_based {
            if r == 0 || c == 0 {
                return Err(err());
            }
            r -= 1;
            c -= 1;
        }
        if r >= rows || c >= cols {
            return Err(format!(
                "invalid matrix swizzle `{name}`: element out of range for {rows}x{cols}"
            ));
        }
        comps.push((r, c));
        rest = &digits[2..];
    }
    if comps.is_empty() || comps.len() > 4 {
        return Err(err());
    }
    Ok(Swizzle::Matrix(comps))
}

/// The type of a swizzle with `len` components of `kind`.
pub fn swizzle_type(kind: ScalarKind, len: usize) -> Type {
    if len == 1 {
        Type::Scalar(kind)
    } else {
        Type::Vector(kind, len as u8)
    }
}

/// The same shape with bool components (comparisons, `!`).
pub fn bool_shape(ty: &Type) -> Type {
    ty.with_scalar_kind(ScalarKind::Bool).unwrap_or(Type::BOOL)
}
