//! DXC's ranking of user-function overloads (`call.rs` asks it once the viable candidates
//! are known). DXC does not compare conversions argument by argument as C++ does: it gives
//! each argument's conversion a score, adds the scores of a candidate's arguments, and the
//! lowest total wins; two candidates sharing the lowest total make the call ambiguous.
//!
//! An argument's score has one bit per property of its conversion, each bit worth more than
//! any sum of the lower ones over 128 arguments, best first: the argument has fewer
//! components than the parameter (a splat), the parameter's component type is wider than the
//! type both combine to, the argument's is narrower (promotions), a same-width signedness
//! change on either side, any other component conversion on either side, and last the
//! argument has more components than the parameter (a truncation). Components are compared
//! after flattening, so structs and arrays score by their leaves.
//!
//! So `f(float2, float2)` wins over `f(int, float)` for `f(x, x)` with a `float x` (two
//! splats cost less than one float-to-int conversion), and `f(int)` against `f(uint)` for a
//! literal `1` is ambiguous (a literal int converts to either for free).

use types::{ScalarKind, Type};

use super::ops::Operand;

/// The score of one argument converted to its parameter type; lower is better, 0 is an
/// exact match.
pub(super) fn argument_score(param: &Type, arg: &Operand) -> u64 {
    if param == &arg.ty && !arg.literal {
        return 0;
    }
    let bit = |step: u32, on: bool| if on { 1u64 << (2 + 7 * step) } else { 0 };
    // `uint8_t4_packed` to `int8_t4_packed` (or back): both are words of one width, but the
    // one a value has matches better than the other (DXC's `dot4add_u8packed`/`_i8packed`).
    if let (Type::Enum(p), Type::Enum(a)) = (param, &arg.ty) {
        if p.is_packed_bytes() || a.is_packed_bytes() {
            return bit(5, true) + bit(6, true);
        }
    }
    let param_len = leaf_count(param);
    let arg_len = leaf_count(&arg.ty);
    let compared = compared_leaves(param, param_len, &arg.ty).min(arg_len);
    let mut flags = Flags::default();
    // Past a few thousand leaves every further one repeats an array element already seen.
    for i in 0..compared.min(4096) {
        let to = nth_leaf(param, i, false);
        let from = nth_leaf(&arg.ty, i, arg.literal);
        flags.add(to, from);
    }
    bit(0, arg_len < param_len)
        + bit(1, flags.param_promotion)
        + bit(2, flags.arg_promotion)
        + bit(3, flags.param_sign_change)
        + bit(4, flags.arg_sign_change)
        + bit(5, flags.param_cast)
        + bit(6, flags.arg_cast)
        + bit(7, param_len < arg_len)
}

/// What the compared components' conversions do, on each side of the type they combine to.
#[derive(Default)]
struct Flags {
    param_promotion: bool,
    arg_promotion: bool,
    param_sign_change: bool,
    arg_sign_change: bool,
    param_cast: bool,
    arg_cast: bool,
}

impl Flags {
    fn add(&mut self, to: Leaf, from: Leaf) {
        let combined = match (to, from) {
            (Leaf::Basic(t), Leaf::Basic(f)) => combine(t, f).map(|c| (t, f, c)),
            // Objects of one kind convert for free; other objects, an object against a
            // number, or a missing leaf are casts on both sides.
            (Leaf::Object(t), Leaf::Object(f)) if t == f => return,
            _ => None,
        };
        let Some((t, f, c)) = combined else {
            self.param_cast = true;
            self.arg_cast = true;
            return;
        };
        if is_promotion(t, c) {
            self.param_promotion = true;
        } else if is_cast(t, c) {
            self.param_cast = true;
        } else if differs(t, c) {
            self.param_sign_change = true;
        }
        if is_promotion(c, f) {
            self.arg_promotion = true;
        } else if is_cast(c, f) {
            self.arg_cast = true;
        } else if differs(c, f) {
            self.arg_sign_change = true;
        }
    }
}

/// A component kind as DXC's conversion rules see it: the scalar kinds, the two literal
/// kinds, `half` without 16-bit types ("partial precision", a 32-bit float), and enums.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Basic {
    Bool,
    LiteralInt,
    LiteralFloat,
    Int16,
    Uint16,
    Int32,
    Uint32,
    Int64,
    Uint64,
    Float16,
    PartialPrecision,
    Float32,
    Float64,
    Min10Float,
    Min16Float,
    Min12Int,
    Min16Int,
    Min16Uint,
    Enum,
    /// A leaf that takes part in no numeric combination (a scoped enum, a pointer).
    Other,
}

/// One flattened component of a type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Leaf<'a> {
    Basic(Basic),
    /// A resource or other opaque object, compared by identity.
    Object(&'a Type),
    /// Past the end of the type, or a type with no components.
    None,
}

fn basic(kind: ScalarKind, literal: bool) -> Basic {
    use ScalarKind::*;
    match kind {
        Int | Uint | Int64 if literal => Basic::LiteralInt,
        Float | Double | Half if literal => Basic::LiteralFloat,
        Bool => Basic::Bool,
        Int => Basic::Int32,
        Uint => Basic::Uint32,
        Int16 => Basic::Int16,
        Uint16 => Basic::Uint16,
        Int64 => Basic::Int64,
        Uint64 => Basic::Uint64,
        Half => Basic::PartialPrecision,
        Float => Basic::Float32,
        Double => Basic::Float64,
        Float16 => Basic::Float16,
        Min16Float => Basic::Min16Float,
        Min10Float => Basic::Min10Float,
        Min16Int => Basic::Min16Int,
        Min12Int => Basic::Min12Int,
        Min16Uint => Basic::Min16Uint,
    }
}

/// Components of `ty` once flattened (a resource is one).
fn leaf_count(ty: &Type) -> u64 {
    match ty {
        Type::Void => 0,
        Type::Vector(_, n) => u64::from(*n),
        Type::Matrix { rows, cols, .. } => u64::from(*rows) * u64::from(*cols),
        Type::Array { element, len } => leaf_count(element) * u64::from(len.unwrap_or(1)),
        Type::Struct(s) => s.fields.iter().map(|f| leaf_count(&f.ty)).sum(),
        _ => 1,
    }
}

/// How many leading components decide the score: the parameter's count, except between
/// two arrays, whose elements repeat, where one element's worth (or the larger element when
/// one element size divides the other) tries every pairing.
fn compared_leaves(param: &Type, param_len: u64, arg: &Type) -> u64 {
    let (Type::Array { element: p, .. }, Type::Array { element: a, .. }) = (param, arg) else {
        return param_len;
    };
    let (p, a) = (leaf_count(p), leaf_count(a));
    if p == a || (p > a && a != 0 && p % a == 0) {
        p
    } else if a > p && p != 0 && a % p == 0 {
        a
    } else {
        param_len
    }
}

/// The `index`th flattened component of `ty`.
fn nth_leaf(ty: &Type, index: u64, literal: bool) -> Leaf<'_> {
    match ty {
        Type::Scalar(k) => {
            if index == 0 {
                Leaf::Basic(basic(*k, literal))
            } else {
                Leaf::None
            }
        }
        Type::Vector(k, _) | Type::Matrix { scalar: k, .. } => {
            if index < leaf_count(ty) {
                Leaf::Basic(basic(*k, literal))
            } else {
                Leaf::None
            }
        }
        Type::Array { element, .. } => {
            let per = leaf_count(element);
            if per == 0 || index >= leaf_count(ty) {
                Leaf::None
            } else {
                nth_leaf(element, index % per, literal)
            }
        }
        Type::Struct(s) => {
            let mut index = index;
            for f in &s.fields {
                let n = leaf_count(&f.ty);
                if index < n {
                    return nth_leaf(&f.ty, index, false);
                }
                index -= n;
            }
            Leaf::None
        }
        Type::Enum(e) if index == 0 => {
            Leaf::Basic(if e.scoped { Basic::Other } else { Basic::Enum })
        }
        Type::Pointer { .. } if index == 0 => Leaf::Basic(Basic::Other),
        Type::Resource(_) | Type::BufferPointer { .. } if index == 0 => Leaf::Object(ty),
        _ => Leaf::None,
    }
}

/// The properties of a kind that combining looks at.
#[derive(Clone, Copy)]
struct Props {
    /// Bit-width class: 0 for bool, literals and enums; then 10, 12, 16, 32, 64 in order.
    width: u8,
    boolean: bool,
    floating: bool,
    unsigned: bool,
    literal: bool,
    min_precision: bool,
    partial_precision: bool,
    enumeration: bool,
}

fn props(b: Basic) -> Option<Props> {
    let p = |width, integer: bool, unsigned| Props {
        width,
        boolean: false,
        floating: !integer,
        unsigned,
        literal: false,
        min_precision: false,
        partial_precision: false,
        enumeration: false,
    };
    Some(match b {
        Basic::Bool => Props {
            boolean: true,
            ..p(0, true, false)
        },
        Basic::LiteralInt => Props {
            literal: true,
            ..p(0, true, false)
        },
        Basic::LiteralFloat => Props {
            literal: true,
            ..p(0, false, false)
        },
        Basic::Int16 => p(16, true, false),
        Basic::Uint16 => p(16, true, true),
        Basic::Int32 => p(32, true, false),
        Basic::Uint32 => p(32, true, true),
        Basic::Int64 => p(64, true, false),
        Basic::Uint64 => p(64, true, true),
        Basic::Float16 => p(16, false, false),
        Basic::PartialPrecision => Props {
            partial_precision: true,
            ..p(32, false, false)
        },
        Basic::Float32 => p(32, false, false),
        Basic::Float64 => p(64, false, false),
        Basic::Min10Float => Props {
            min_precision: true,
            ..p(10, false, false)
        },
        Basic::Min16Float => Props {
            min_precision: true,
            ..p(16, false, false)
        },
        Basic::Min12Int => Props {
            min_precision: true,
            ..p(12, true, false)
        },
        Basic::Min16Int => Props {
            min_precision: true,
            ..p(16, true, false)
        },
        Basic::Min16Uint => Props {
            min_precision: true,
            ..p(16, true, true)
        },
        Basic::Enum => Props {
            enumeration: true,
            ..p(0, true, false)
        },
        Basic::Other => return None,
    })
}

/// The kind two component kinds meet at (HLSL's usual arithmetic conversions, literals
/// adapting to the other side); `None` when they do not combine.
fn combine(a: Basic, b: Basic) -> Option<Basic> {
    if a == b {
        return Some(a);
    }
    let (pa, pb) = (props(a)?, props(b)?);
    if pa.boolean && pb.boolean {
        return Some(Basic::Bool);
    }
    let floating = pa.floating || pb.floating;
    if pa.literal && pb.literal {
        return Some(if floating {
            Basic::LiteralFloat
        } else {
            Basic::LiteralInt
        });
    }
    // Precision kinds carry over when both have them, or from the one side when the other
    // is a literal, a bool or an enum (which have no precision of their own).
    let untyped = |p: Props| p.literal || p.boolean || p.enumeration;
    let carries = |both: bool, either: bool| both || ((untyped(pa) || untyped(pb)) && either);
    let mut min_precision = carries(
        pa.min_precision && pb.min_precision,
        pa.min_precision || pb.min_precision,
    );
    let partial = carries(
        pa.partial_precision && pb.partial_precision,
        pa.partial_precision || pb.partial_precision,
    );
    if partial {
        return Some(Basic::PartialPrecision);
    }
    let mut width = pa.width.max(pb.width);
    let mut unsigned = !floating && (pa.unsigned || pb.unsigned);
    if floating && !(pa.floating && pb.floating) {
        // Only one side is a float: the result is that float, with its precision.
        let f = if pa.floating { pa } else { pb };
        width = f.width;
        min_precision = f.min_precision;
        unsigned = false;
    }
    if width == 0 {
        width = 32;
    }
    Some(match (floating, width) {
        (true, 10) => Basic::Min10Float,
        (true, 16) if min_precision => Basic::Min16Float,
        (true, 16) => Basic::Float16,
        (true, 32) => Basic::Float32,
        (true, _) => Basic::Float64,
        (false, 12) => Basic::Min12Int,
        (false, 16) if min_precision && unsigned => Basic::Min16Uint,
        (false, 16) if min_precision => Basic::Min16Int,
        (false, 16) if unsigned => Basic::Uint16,
        (false, 16) => Basic::Int16,
        (false, 32) if unsigned => Basic::Uint32,
        (false, 32) => Basic::Int32,
        (false, _) if unsigned => Basic::Uint64,
        (false, _) => Basic::Int64,
    })
}

/// Whether `from` widens to `to` without loss (a float to a wider float, an integer to a
/// wider integer of either signedness, a minimum-precision type to a wider one).
fn is_promotion(to: Basic, from: Basic) -> bool {
    use Basic::*;
    if to == from {
        return false;
    }
    match from {
        Float16 => matches!(to, Float32 | PartialPrecision | Float64),
        PartialPrecision => matches!(to, Float32 | Float64),
        Float32 => to == Float64,
        Min10Float => matches!(
            to,
            Min16Float | Float16 | Float32 | PartialPrecision | Float64
        ),
        Min16Float => matches!(to, Float16 | Float32 | PartialPrecision | Float64),
        Int16 | Uint16 => matches!(to, Int32 | Int64 | Uint32 | Uint64),
        Int32 | Uint32 => matches!(to, Int64 | Uint64),
        Min12Int => matches!(to, Min16Int | Int32 | Int64),
        Min16Int => matches!(to, Int32 | Int64),
        Min16Uint => matches!(to, Uint32 | Uint64),
        _ => false,
    }
}

/// Whether converting `from` to `to` is a real conversion: anything but the same kind, a
/// literal taking a concrete kind of its family, and a signedness change at one width.
fn is_cast(to: Basic, from: Basic) -> bool {
    use Basic::*;
    if to == from || literal_fits(to, from) {
        return false;
    }
    let same_width_sign_change = matches!(
        (to, from),
        (Int16, Uint16)
            | (Uint16, Int16)
            | (Int32, Uint32)
            | (Uint32, Int32)
            | (Int64, Uint64)
            | (Uint64, Int64)
    );
    !same_width_sign_change
}

/// Whether `to` and `from` differ in a way other than a literal taking a concrete kind (what
/// is left once promotions and casts are ruled out: a same-width signedness change).
fn differs(to: Basic, from: Basic) -> bool {
    to != from && !literal_fits(to, from)
}

/// A literal and a concrete kind of its family (integers for a literal int, the 16/32/64-bit
/// floats for a literal float), either way round.
fn literal_fits(a: Basic, b: Basic) -> bool {
    use Basic::*;
    let sized_int = |k| matches!(k, Int16 | Uint16 | Int32 | Uint32 | Int64 | Uint64);
    let float = |k| matches!(k, Float16 | PartialPrecision | Float32 | Float64);
    match (a, b) {
        (LiteralInt, k) | (k, LiteralInt) => sized_int(k),
        (LiteralFloat, LiteralFloat) => true,
        (LiteralFloat, k) | (k, LiteralFloat) => float(k),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(ty: Type) -> Operand {
        Operand::of(ty)
    }

    fn lit(ty: Type) -> Operand {
        Operand { ty, literal: true }
    }

    /// The bit of each property, as the module doc orders them.
    fn bit(step: u32) -> u64 {
        1 << (2 + 7 * step)
    }

    #[test]
    fn exact_matches_score_zero() {
        assert_eq!(argument_score(&Type::FLOAT, &of(Type::FLOAT)), 0);
        assert_eq!(argument_score(&Type::INT, &lit(Type::INT)), 0);
        assert_eq!(argument_score(&Type::UINT, &lit(Type::INT)), 0);
        assert_eq!(argument_score(&Type::FLOAT, &lit(Type::FLOAT)), 0);
        assert_eq!(
            argument_score(&Type::Scalar(ScalarKind::Double), &lit(Type::FLOAT)),
            0
        );
    }

    #[test]
    fn each_conversion_sets_its_bit() {
        let f = Type::FLOAT;
        let d = Type::Scalar(ScalarKind::Double);
        // Splat: a scalar into a vector.
        assert_eq!(
            argument_score(&Type::Vector(ScalarKind::Float, 3), &of(f.clone())),
            bit(0)
        );
        // A float argument to a double parameter: the argument side promotes.
        assert_eq!(argument_score(&d, &of(f.clone())), bit(2));
        // A double argument to a float parameter: the parameter side is a cast.
        assert_eq!(argument_score(&f, &of(d)), bit(5));
        // int to uint: a same-width signedness change on the argument side.
        assert_eq!(argument_score(&Type::UINT, &of(Type::INT)), bit(4));
        // uint argument to an int parameter: the parameter side changes sign.
        assert_eq!(argument_score(&Type::INT, &of(Type::UINT)), bit(3));
        // int to float: the argument side is a cast.
        assert_eq!(argument_score(&f, &of(Type::INT)), bit(6));
        // A literal float to an int parameter: the parameter side is a cast.
        assert_eq!(argument_score(&Type::INT, &lit(Type::FLOAT)), bit(5));
        // Truncation: a vector into a scalar.
        assert_eq!(
            argument_score(&Type::INT, &of(Type::Vector(ScalarKind::Int, 2))),
            bit(7)
        );
    }

    #[test]
    fn min_precision_and_half_widen() {
        let min16 = Type::Scalar(ScalarKind::Min16Float);
        let half = Type::Scalar(ScalarKind::Half);
        // min16float meets float at float: the argument promotes.
        assert_eq!(argument_score(&Type::FLOAT, &of(min16)), bit(2));
        // half (32-bit "partial precision" without 16-bit types) meets float at float: the
        // argument promotes; the other way the parameter side promotes.
        assert_eq!(argument_score(&Type::FLOAT, &of(half.clone())), bit(2));
        assert_eq!(argument_score(&half, &of(Type::FLOAT)), bit(5));
    }
}
