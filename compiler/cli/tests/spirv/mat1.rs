//! Intrinsics and operators crossed with the element types and shapes the front end accepts
//! (task mat1): one test per cause the probe found (each failed before its fix), and a
//! table-driven sweep that puts many generated forms in a few shaders, so a regression in
//! any of them fails a module `spirv-val` checks. Every module passes every `spirv-val`
//! installed.

use crate::harness::compile;

/// A compute shader reading operands from buffers of `ty` and writing `result` to a buffer of
/// `out`, so nothing folds away.
fn shader(ty: &str, out: &str, result: &str) -> String {
    format!(
        "RWStructuredBuffer<{ty}> A;\nRWStructuredBuffer<{out}> R;\n\
         [numthreads(4, 1, 1)]\nvoid main(uint3 id : SV_DispatchThreadID) {{\n\
         \x20   {ty} a = A[id.x], b = A[id.x + 1], c = A[id.x + 2];\n\
         \x20   R[id.x] = {result};\n}}\n"
    )
}

#[test]
fn dot_of_bools_multiplies_ints() {
    // `dot(bool3, bool3)` is an `int` (as DXC resolves it): the operands convert before the
    // multiply; it was `OpIMul` on bools (and an IR `mul` on `bool` for scalars).
    for ty in ["bool", "bool3"] {
        let m = compile(&shader(ty, "int", "dot(a, b)"), "cs_6_6", &[]);
        assert!(
            !m.has("OpIMul %bool") && !m.has("OpIMul %v3bool"),
            "{}",
            m.asm
        );
    }
}

#[test]
fn ordered_comparison_of_bools() {
    // `false < true`: bools compare as 0 and 1 (was E4001 "lt on bool" in the backend).
    for ty in ["bool", "bool4", "row_major bool2x3"] {
        for op in ["<", "<=", ">", ">="] {
            let m = compile(&shader(ty, ty, &format!("a {op} b")), "cs_6_6", &[]);
            assert!(m.has("OpSelect %uint") || m.has("OpSelect %v"), "{}", m.asm);
        }
    }
}

#[test]
fn wave_and_quad_operations_on_matrices_go_row_by_row() {
    // SPIR-V's group operations take scalars and vectors: a matrix goes row by row (was
    // invalid SPIR-V, an `OpGroupNonUniformQuadSwap` of a matrix, or for `WaveMultiPrefix*`
    // an IR verifier failure, E4002).
    for (ty, call) in [
        ("float2x3", "QuadReadAcrossX(a)"),
        ("row_major int3x2", "QuadReadAcrossDiagonal(a)"),
        ("row_major bool2x2", "QuadReadAcrossY(a)"),
        ("half2x2", "QuadReadLaneAt(a, 1)"),
        ("float3x3", "WaveActiveSum(a)"),
        ("row_major uint2x3", "WaveActiveBitXor(a)"),
        ("row_major int64_t2x2", "WaveActiveMin(a)"),
        ("double2x2", "WavePrefixProduct(a)"),
        ("float2x4", "WaveReadLaneAt(a, id.x + 1)"),
        ("row_major uint2x2", "WaveReadLaneFirst(a)"),
        (
            "row_major uint2x3",
            "WaveMultiPrefixBitAnd(a, uint4(1, 2, 3, 4))",
        ),
        ("float2x2", "WaveMultiPrefixSum(a, uint4(1, 2, 3, 4))"),
    ] {
        let m = compile(
            &shader(ty, ty, call),
            "cs_6_6",
            &["-fspv-target-env=vulkan1.1"],
        );
        assert!(m.has("OpGroupNonUniform"), "{}", m.asm);
    }
}

#[test]
fn double_split_converts_other_kinds_to_double() {
    // `asuint(x, lo, hi)` takes a `double`: an `int`, `float` or `bool` argument converts to
    // `double` (it converted to `float`, a 32-bit `OpBitcast` to a `uint2`, invalid).
    for (ty, out) in [
        ("float", "uint"),
        ("int3", "uint3"),
        ("bool", "uint"),
        ("row_major int2x3", "row_major uint2x3"),
        ("half2x2", "row_major uint2x2"),
    ] {
        let text = format!(
            "RWStructuredBuffer<{ty}> A;\nRWStructuredBuffer<{out}> R;\n\
             [numthreads(4, 1, 1)]\nvoid main(uint3 id : SV_DispatchThreadID) {{\n\
             \x20   {out} lo, hi;\n    asuint(A[id.x], lo, hi);\n    R[id.x] = lo ^ hi;\n}}\n"
        );
        let m = compile(&text, "cs_6_6", &[]);
        assert!(m.has("OpTypeFloat 64"), "{}", m.asm);
    }
}

#[test]
fn derivatives_of_16_bit_floats_go_through_32_bits() {
    // `OpDPdx` and its kin take 32-bit floats: a `half` under -enable-16bit-types converts
    // there and back (it was an `OpDPdx` on a 16-bit float, invalid).
    for (ty, call) in [
        ("half", "ddx(v)"),
        ("float16_t3", "ddy_fine(v)"),
        ("half2x2", "fwidth(v)"),
        ("min16float4", "ddx_coarse(v)"),
    ] {
        let text = format!(
            "RWStructuredBuffer<{ty}> A;\n\
             float4 main(float4 pos : SV_Position) : SV_Target {{\n\
             \x20   {ty} v = A[(uint)pos.x];\n    A[0] = {call};\n    return 0;\n}}\n"
        );
        let m = compile(&text, "ps_6_6", &["-enable-16bit-types"]);
        assert!(m.has("OpFConvert"), "{}", m.asm);
    }
}

#[test]
fn attribute_evaluation_of_flat_kinds_and_matrices() {
    // Integers, bools and doubles are `Flat` inputs: evaluated anywhere they are the input's
    // value (was an `InterpolateAt*` of an integer, invalid). A float matrix is interpolated
    // row by row (was one `InterpolateAt*` of a matrix, invalid).
    for (ty, call, interpolates) in [
        ("int3", "EvaluateAttributeAtSample(v, 1)", false),
        ("uint", "EvaluateAttributeCentroid(v)", false),
        ("bool2", "EvaluateAttributeSnapped(v, int2(1, 0))", false),
        ("double", "EvaluateAttributeCentroid(v)", false),
        ("float2x3", "EvaluateAttributeAtSample(v, 2)", true),
        ("float3x2", "EvaluateAttributeSnapped(v, int2(0, 1))", true),
    ] {
        let text = format!(
            "RWStructuredBuffer<{ty}> R;\n\
             float4 main(float4 pos : SV_Position, nointerpolation {ty} v : V) : SV_Target {{\n\
             \x20   R[0] = {call};\n    return 0;\n}}\n"
        );
        let m = compile(&text, "ps_6_6", &[]);
        assert_eq!(m.has("InterpolateAt"), interpolates, "{}", m.asm);
    }
}

#[test]
fn increments_and_shift_assignments_of_bool_lvalues_are_refused() {
    // DXC: "operator cannot be used with a bool lvalue" for `++`, `--`, `<<=` and `>>=` on a
    // `bool` of any shape (they were IR verifier failures, E4002, or accepted); `+=` and `<<`
    // stay valid.
    let text = r#"
RWStructuredBuffer<bool3> A;
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    bool3 x = A[id.x];
    x++;
    --x.y;
    x >>= 1;
    x += true;
    A[id.x] = x << 1;
}
"#;
    let (output, _) = crate::harness::run(text, "cs_6_6", &[]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let errors: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("error") || l.contains("┌─"))
        .collect();
    assert_eq!(errors.len(), 6, "{stderr}");
    for (i, at) in ["6:5", "7:5", "8:5"].iter().enumerate() {
        assert_eq!(
            errors[2 * i],
            "error[E2017]: operator cannot be used with a bool lvalue",
            "{stderr}"
        );
        assert!(errors[2 * i + 1].ends_with(at), "{stderr}");
    }
    let fine = text
        .replace("    x++;\n", "")
        .replace("    --x.y;\n", "")
        .replace("    x >>= 1;\n", "");
    compile(&fine, "cs_6_6", &[]);
}

#[test]
fn sixteen_bit_reinterpretations_of_a_32_bit_half_are_refused() {
    // Without -enable-16bit-types `half` is 32 bits: `asuint16` and its kin find no overload
    // (they were E4002, a bitcast of `half` to `uint16_t`); with the flag they compile.
    let text = r#"
RWStructuredBuffer<half3> A;
RWStructuredBuffer<uint16_t3> B;
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    B[id.x] = asuint16(A[id.x]);
}
"#;
    let plain = text.replace("uint16_t3", "uint3");
    crate::harness::refuse(
        &plain,
        "cs_6_6",
        &[],
        1,
        "error[E2004]: no matching overload for call to `asuint16`",
    );
    let (output, _) = crate::harness::run(&plain, "cs_6_6", &[]);
    assert!(String::from_utf8_lossy(&output.stderr).contains("6:15"));
    compile(text, "cs_6_6", &["-enable-16bit-types"]);
}

#[test]
fn wave_active_all_equal_compares_each_component() {
    // DXC compares a vector or matrix component by component (`bool3` of whether each
    // component agrees across lanes): it was one comparison of the whole vector splatted,
    // and of a matrix invalid SPIR-V.
    let text = r#"
RWStructuredBuffer<float3> A;
RWStructuredBuffer<float2x3> M;
RWStructuredBuffer<bool3> B;
RWStructuredBuffer<row_major bool2x3> C;
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    B[id.x] = WaveActiveAllEqual(A[id.x]);
    C[id.x] = WaveActiveAllEqual(M[id.x]);
}
"#;
    let m = compile(text, "cs_6_6", &["-fspv-target-env=vulkan1.1"]);
    let all_equal = m
        .asm
        .lines()
        .filter(|l| l.contains("OpGroupNonUniformAllEqual %bool"))
        .count();
    assert_eq!(all_equal, 9, "{}", m.asm);
}

/// The element types of the sweep: (name, needs -enable-16bit-types).
const KINDS: &[(&str, bool)] = &[
    ("bool", false),
    ("int", false),
    ("uint", false),
    ("float", false),
    ("half", false),
    ("double", false),
    ("int64_t", false),
    ("uint64_t", false),
    ("min16float", false),
    ("min16int", false),
    ("min16uint", false),
    ("min10float", false),
    ("min12int", false),
    ("int16_t", true),
    ("uint16_t", true),
    ("float16_t", true),
    ("half", true),
];

/// The forms of the sweep for operands `a`, `b`, `c` of kind `k` and type `t`, each an
/// expression of type `t` (`s` is its scalar shape, so `bool` results convert back).
fn forms(k: &str, shape: &str) -> Vec<String> {
    let float = matches!(
        k,
        "float" | "half" | "double" | "min16float" | "min10float" | "float16_t"
    );
    let double = k == "double";
    let boolean = k == "bool";
    let integer = !float && !boolean;
    let unsigned = matches!(k, "uint" | "uint64_t" | "min16uint" | "uint16_t");
    let matrix = shape.contains('x');
    let vector = !matrix && !shape.is_empty();
    let t = format!("{k}{shape}");
    let mut f: Vec<String> = Vec::new();
    let mut push = |s: String| f.push(s);
    for op in ["==", "!=", "<", ">=", "<=", ">"] {
        push(format!("({t})(a {op} b)"));
    }
    for op in ["+", "-", "*"] {
        push(format!("({t})(a {op} b)"));
        push(format!("({t})(a {op} 2)"));
    }
    push(format!("({t})(-a)"));
    push(format!("({t})(!a)"));
    let first = if matrix {
        "a[0][0] != 0"
    } else if vector {
        "a[0] != 0"
    } else {
        "(bool)c"
    };
    push(format!("{first} ? a : b"));
    push("select(a != b, a, c)".to_owned());
    push(format!("({t})any(a) + ({t})all(b)"));
    push("WaveReadLaneFirst(a)".to_owned());
    push("WaveReadLaneAt(b, 1)".to_owned());
    push("QuadReadAcrossX(a)".to_owned());
    push("QuadReadAcrossDiagonal(c)".to_owned());
    push(format!("({t})WaveActiveAllEqual(a)"));
    if matrix {
        push("transpose(transpose(a))".to_owned());
    }
    if !boolean {
        push("a / b".to_owned());
        push("abs(a)".to_owned());
        push("min(a, b)".to_owned());
        push("max(a, c)".to_owned());
        push("clamp(a, b, c)".to_owned());
        push("mad(a, b, c)".to_owned());
        push(format!("({t})sign(a)"));
        push("WaveActiveSum(a)".to_owned());
        push("WavePrefixProduct(b)".to_owned());
        push("WaveActiveMin(a)".to_owned());
        push("WaveActiveMax(c)".to_owned());
        push("WaveMultiPrefixSum(a, uint4(1, 0, 0, 0))".to_owned());
        push("mul(a, (k)2)".replace('k', k));
        if !matrix {
            push(format!("({t})dot(a, b)"));
        }
    }
    if !double || !float {
        push(
            "a % b"
                .replace("a %", if boolean { "(int)a %" } else { "a %" })
                .replace("(int)a % b", "(bool)((int)a % 3)"),
        );
    }
    if integer || boolean {
        for op in ["&", "|", "^", "<<", ">>"] {
            push(format!("({t})(a {op} b)"));
        }
        push(format!("({t})(~a)"));
    }
    if integer {
        push(format!("({t})countbits(a)"));
        push(format!("({t})firstbithigh(a)"));
        push(format!("({t})firstbitlow(b)"));
        push("reversebits(a)".to_owned());
        push("WaveMultiPrefixBitXor(a, uint4(1, 0, 0, 0))".to_owned());
    }
    if unsigned {
        push("WaveActiveBitAnd(a)".to_owned());
        push("WaveActiveBitOr(b)".to_owned());
    }
    if float && !double {
        for name in [
            "sin", "exp2", "sqrt", "frac", "floor", "round", "rsqrt", "log", "atan",
        ] {
            push(format!("{name}(a)"));
        }
        push("lerp(a, b, c)".to_owned());
        push("smoothstep(a, b, c)".to_owned());
        push("pow(a, b)".to_owned());
        push("fmod(a, b)".to_owned());
        push("atan2(a, b)".to_owned());
        push("step(a, b)".to_owned());
        push(format!("({t})isnan(a) + ({t})isinf(b)"));
        if !matrix {
            push("normalize(a) * length(b)".to_owned());
            push("reflect(a, b)".to_owned());
        }
    }
    if float {
        push("saturate(a)".to_owned());
        push("rcp(b)".to_owned());
    }
    f
}

#[test]
fn sweep_of_operators_intrinsics_and_casts() {
    // Every kind in three shapes (scalar, vector, matrix: `row_major` for kinds SPIR-V has
    // no matrix of), each form a statement writing a buffer, so nothing folds away; one
    // shader per kind and 16-bit mode, and casts to every other kind of the same shape.
    let mut forms_checked = 0;
    for &(k, sixteen) in KINDS {
        let mut decls = String::new();
        let mut body = String::new();
        for (i, shape) in ["", "3", "2x3"].iter().enumerate() {
            let float = matches!(k, "float" | "half" | "double" | "min16float" | "min10float")
                || k == "float16_t";
            let major = if shape.contains('x') && !float {
                "row_major "
            } else {
                ""
            };
            let t = format!("{major}{k}{shape}");
            decls.push_str(&format!("RWStructuredBuffer<{t}> B{i};\n"));
            body.push_str(&format!(
                "    {{\n        {t} a = B{i}[id.x], b = B{i}[id.x + 1], c = B{i}[id.x + 2];\n"
            ));
            for (j, form) in forms(k, shape).iter().enumerate() {
                body.push_str(&format!("        B{i}[{j} + id.y] = {form};\n"));
                forms_checked += 1;
            }
            for (j, &(other, other16)) in KINDS.iter().enumerate() {
                if other16 != sixteen && (other16 || other == "half") {
                    continue;
                }
                let om = if shape.contains('x')
                    && !matches!(other, "float" | "half" | "double" | "min16float")
                    && !matches!(other, "min10float" | "float16_t")
                {
                    "row_major "
                } else {
                    ""
                };
                decls.push_str(&format!(
                    "RWStructuredBuffer<{om}{other}{shape}> C{i}_{j};\n"
                ));
                body.push_str(&format!(
                    "        C{i}_{j}[id.x] = ({other}{shape})a;\n        \
                     B{i}[id.z] += ({k}{shape})C{i}_{j}[id.x];\n"
                ));
                forms_checked += 2;
            }
            body.push_str("    }\n");
        }
        let text = format!(
            "{decls}[numthreads(4, 1, 1)]\nvoid main(uint3 id : SV_DispatchThreadID) {{\n{body}}}\n"
        );
        let mut flags = vec!["-fspv-target-env=vulkan1.1"];
        if sixteen {
            flags.push("-enable-16bit-types");
        }
        compile(&text, "cs_6_6", &flags);
    }
    assert!(forms_checked > 1000, "{forms_checked} forms");
}

#[test]
fn wave_match_of_a_matrix_intersects_its_rows_masks() {
    // `WaveMatch(numeric<>)` takes a matrix: the lanes whose every row matches (it was an IR
    // verifier failure, E4002); a `bool` matrix compares as `int`s.
    let text = r#"
RWStructuredBuffer<float2x3> M;
RWStructuredBuffer<row_major int3x2> N;
RWStructuredBuffer<row_major bool2x2> P;
RWStructuredBuffer<uint4> B;
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    B[id.x] = WaveMatch(M[id.x]) ^ WaveMatch(N[id.x]) ^ WaveMatch(P[id.x]);
}
"#;
    let m = compile(text, "cs_6_6", &["-fspv-target-env=vulkan1.1"]);
    let count = |op: &str| m.asm.lines().filter(|l| l.contains(op)).count();
    assert_eq!(
        count("OpGroupNonUniformPartitionNV %v4uint"),
        7,
        "{}",
        m.asm
    );
    assert_eq!(count("OpBitwiseAnd %v4uint"), 4, "{}", m.asm);
}

#[test]
fn sign_of_an_unsigned_value_is_zero_or_one() {
    // `sign(uint)` is DXC's `usign`: 1 for any value but 0 (it was `SSign`, which makes
    // 0x80000000 and above -1).
    for ty in [
        "uint3",
        "uint64_t",
        "row_major uint2x2",
        "min16uint",
        "uint16_t4",
    ] {
        let out = match ty {
            "uint3" => "int3",
            "row_major uint2x2" => "row_major int2x2",
            "uint16_t4" => "int4",
            _ => "int",
        };
        let m = compile(
            &shader(ty, out, "sign(a)"),
            "cs_6_6",
            &["-enable-16bit-types"],
        );
        assert!(!m.has("SSign") && m.has("OpINotEqual"), "{}", m.asm);
    }
}
