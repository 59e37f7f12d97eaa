//! Math intrinsics: component-wise arithmetic, exponentials, trigonometry, comparisons,
//! geometric and matrix functions, `mul` in all its forms, and the HLSL 2021 `select`/`and`/`or`.

use crate::model::avail::ALL;
use crate::model::{Availability, Category::Math, ShaderModel, StageSet};
use crate::Table;

/// Adds the math intrinsics.
pub(crate) fn add(t: &mut Table) {
    // One-argument float functions: (signature, description).
    let unary: &[(&str, &str)] = &[
        (
            "T acos(T x) where T: float_like",
            "Arc cosine of each component, in radians; the input is expected in [-1, 1].",
        ),
        (
            "T asin(T x) where T: float_like",
            "Arc sine of each component, in radians; the input is expected in [-1, 1].",
        ),
        (
            "T atan(T x) where T: float_like",
            "Arc tangent of each component, in radians, in (-pi/2, pi/2).",
        ),
        (
            "T cos(T x) where T: float_like",
            "Cosine of each component, given in radians.",
        ),
        (
            "T sin(T x) where T: float_like",
            "Sine of each component, given in radians.",
        ),
        (
            "T tan(T x) where T: float_like",
            "Tangent of each component, given in radians.",
        ),
        (
            "T cosh(T x) where T: float_like",
            "Hyperbolic cosine of each component.",
        ),
        (
            "T sinh(T x) where T: float_like",
            "Hyperbolic sine of each component.",
        ),
        (
            "T tanh(T x) where T: float_like",
            "Hyperbolic tangent of each component.",
        ),
        (
            "T exp(T x) where T: float_like",
            "e raised to each component.",
        ),
        (
            "T exp2(T x) where T: float_like",
            "2 raised to each component.",
        ),
        (
            "T log(T x) where T: float_like",
            "Natural logarithm of each component; zero gives -inf, negatives NaN.",
        ),
        (
            "T log2(T x) where T: float_like",
            "Base-2 logarithm of each component.",
        ),
        (
            "T log10(T x) where T: float_like",
            "Base-10 logarithm of each component.",
        ),
        (
            "T sqrt(T x) where T: float_like",
            "Square root of each component.",
        ),
        (
            "T rsqrt(T x) where T: float_like",
            "One over the square root of each component (a fast approximation on most GPUs).",
        ),
        (
            "T rcp(T x) where T: float_or_double",
            "Reciprocal 1/x of each component, possibly approximate.",
        ),
        (
            "T frac(T x) where T: float_like",
            "The fractional part x - floor(x) of each component, in [0, 1).",
        ),
        (
            "T floor(T x) where T: float_like",
            "Rounds each component down to the nearest integer value.",
        ),
        (
            "T ceil(T x) where T: float_like",
            "Rounds each component up to the nearest integer value.",
        ),
        (
            "T round(T x) where T: float_like",
            "Rounds each component to the nearest integer value, halves to even.",
        ),
        (
            "T trunc(T x) where T: float_like",
            "Drops the fractional part of each component (rounds toward zero).",
        ),
        (
            "T degrees(T x) where T: float_like",
            "Converts each component from radians to degrees.",
        ),
        (
            "T radians(T x) where T: float_like",
            "Converts each component from degrees to radians.",
        ),
        (
            "T saturate(T x) where T: float_or_double",
            "Clamps each component to the range [0, 1].",
        ),
    ];
    for (sig, doc) in unary {
        t.def(Math, ALL, true, doc, &[sig]);
    }
    let binary: &[(&str, &str)] = &[
        (
            "T atan2(T y, T x) where T: float_like",
            "Arc tangent of y/x using both signs to pick the quadrant; the result is in [-pi, pi].",
        ),
        (
            "T fmod(T x, T y) where T: float_like",
            "Floating-point remainder of x/y, with the sign of x.",
        ),
        (
            "T pow(T x, T y) where T: float_like",
            "x raised to the power y, component-wise; undefined for negative x.",
        ),
        (
            "T step(T y, T x) where T: float_like",
            "1 where x >= y, else 0, component-wise.",
        ),
        (
            "T ldexp(T x, T exp) where T: float_like",
            "x times 2 raised to exp, component-wise.",
        ),
    ];
    for (sig, doc) in binary {
        t.def(Math, ALL, true, doc, &[sig]);
    }

    t.def(
        Math,
        ALL,
        true,
        "Absolute value of each component.",
        &["T abs(T x) where T: numeric"],
    );
    t.def(
        Math,
        ALL,
        true,
        "The smaller of two values, component-wise.",
        &["T min(T a, T b) where T: numeric"],
    );
    t.def(
        Math,
        ALL,
        true,
        "The larger of two values, component-wise.",
        &["T max(T a, T b) where T: numeric"],
    );
    t.def(
        Math,
        ALL,
        true,
        "Limits each component of x to [min, max].",
        &["T clamp(T x, T min, T max) where T: numeric"],
    );
    t.def(
        Math,
        ALL,
        true,
        "Linear interpolation x + s * (y - x), component-wise.",
        &["T lerp(T x, T y, T s) where T: float_like"],
    );
    t.def(
        Math,
        ALL,
        true,
        "Multiply-add m * a + b, possibly fused.",
        &["T mad(T m, T a, T b) where T: numeric"],
    );
    t.def(
        Math,
        ALL,
        true,
        "Fused multiply-add a * b + c with a single rounding; doubles only.",
        &["T fma(T a, T b, T c) where T: double"],
    );
    t.def(
        Math,
        ALL,
        true,
        "Hermite interpolation between 0 and 1 as x goes from min to max.",
        &["T smoothstep(T min, T max, T x) where T: float_like"],
    );
    t.def(Math, ALL, true, "Splits x into a fractional part (returned) and an integer part (written to ip), both with x's sign.", &[
        // DXC accepts any numeric `ip` of x's shape: the whole part converts on the way out.
        "T modf(T x, out U<T> ip) where T: float_like, U: numeric",
    ]);
    t.def(
        Math,
        ALL,
        true,
        "Splits x into a mantissa (returned) and a power-of-two exponent (written to exp).",
        &["T frexp(T x, out T exp) where T: float"],
    );
    t.def(
        Math,
        ALL,
        true,
        "Computes the sine and cosine of x at once.",
        &["void sincos(T x, out T s, out T c) where T: float_like"],
    );
    t.def(
        Math,
        ALL,
        true,
        "-1, 0 or 1 according to the sign of each component.",
        &["int<T> sign(T x) where T: numeric"],
    );
    t.def(
        Math,
        ALL,
        true,
        "True for each component that is NaN.",
        &["bool<T> isnan(T x) where T: float_like"],
    );
    t.def(
        Math,
        ALL,
        true,
        "True for each component that is positive or negative infinity.",
        &["bool<T> isinf(T x) where T: float_like"],
    );
    t.def(
        Math,
        ALL,
        true,
        "True for each component that is neither NaN nor infinite.",
        &["bool<T> isfinite(T x) where T: float_like"],
    );

    // Geometry.
    t.def(
        Math,
        ALL,
        true,
        "Dot product of two vectors of the same length.",
        &["T<> dot(T<n> a, T<n> b) where T: numeric"],
    );
    t.def(
        Math,
        ALL,
        true,
        "Cross product of two 3-component vectors.",
        &["T<3> cross(T<3> a, T<3> b) where T: float_like"],
    );
    t.def(
        Math,
        ALL,
        true,
        "Euclidean length of a vector.",
        &["T<> length(T x) where T: float_like sv"],
    );
    t.def(
        Math,
        ALL,
        true,
        "Euclidean distance between two points.",
        &["T<> distance(T a, T b) where T: float_like sv"],
    );
    t.def(
        Math,
        ALL,
        true,
        "The vector scaled to length 1.",
        &["T normalize(T x) where T: float_like sv"],
    );
    t.def(
        Math,
        ALL,
        true,
        "Reflects the incident vector i about the surface normal n.",
        &["T reflect(T i, T n) where T: float_like sv"],
    );
    t.def(Math, ALL, true, "Refracts the incident vector i through a surface with normal n and index ratio eta; zero on total internal reflection.", &["T refract(T i, T n, T<> eta) where T: float_like sv"]);
    t.def(
        Math,
        ALL,
        true,
        "Flips n to face against the incident vector i, judged by the geometric normal ng.",
        &["T faceforward(T n, T i, T ng) where T: float_like sv"],
    );
    t.def(
        Math,
        ALL,
        true,
        "Legacy lighting helper: (1, diffuse, specular, 1) from n.l, n.h and a specular exponent.",
        &["T<4> lit(T<> n_dot_l, T<> n_dot_h, T<> m) where T: float_like"],
    );
    t.def(
        Math,
        ALL,
        true,
        "Legacy distance-vector helper: (1, a.y * b.y, a.z, b.w).",
        &["T<4> dst(T<4> a, T<4> b) where T: numeric"],
    );

    // Matrices.
    t.def(
        Math,
        ALL,
        true,
        "Determinant of a square matrix.",
        &["T<> determinant(T<nxn> m) where T: float_like"],
    );
    t.def(
        Math,
        ALL,
        true,
        "Swaps the rows and columns of a matrix.",
        &["T<cxr> transpose(T<rxc> m) where T: basic"],
    );
    t.def(
        Math,
        ALL,
        true,
        "Multiplies scalars, vectors and matrices with linear-algebra rules: vector times matrix treats the vector as a row, matrix times vector as a column.",
        &[
            "T<> mul(T<> a, T<> b) where T: numeric",
            "T<n> mul(T<> a, T<n> b) where T: numeric",
            "T<rxc> mul(T<> a, T<rxc> b) where T: numeric",
            "T<n> mul(T<n> a, T<> b) where T: numeric",
            "T<> mul(T<n> a, T<n> b) where T: numeric",
            "T<c> mul(T<k> a, T<kxc> b) where T: numeric",
            "T<rxc> mul(T<rxc> a, T<> b) where T: numeric",
            "T<r> mul(T<rxk> a, T<k> b) where T: numeric",
            "T<rxc> mul(T<rxk> a, T<kxc> b) where T: numeric",
        ],
    );

    // Booleans.
    t.def(
        Math,
        ALL,
        true,
        "True if every component is non-zero.",
        &["bool all(T x) where T: basic"],
    );
    t.def(
        Math,
        ALL,
        true,
        "True if some component is non-zero.",
        &["bool any(T x) where T: basic"],
    );
    let hlsl2021 = Availability::new(ShaderModel::SM6_0, StageSet::ALL);
    t.def(Math, hlsl2021, true, "Component-wise choice: t where cond is true, else f (HLSL 2021; both sides are evaluated).", &["T select(bool<T> cond, T t, T f) where T: basic"]);
    t.def(
        Math,
        hlsl2021,
        true,
        "Component-wise logical and without short-circuit (HLSL 2021).",
        &["T and(T a, T b) where T: bool"],
    );
    t.def(
        Math,
        hlsl2021,
        true,
        "Component-wise logical or without short-circuit (HLSL 2021).",
        &["T or(T a, T b) where T: bool"],
    );
    t.def(
        Math,
        Availability::new(ShaderModel::SM6_0, StageSet::NONE),
        false,
        "Perlin noise; only the legacy texture-fill profile had it, so shader model 6 rejects every use.",
        &["float noise(float<n> x)"],
    );
}
