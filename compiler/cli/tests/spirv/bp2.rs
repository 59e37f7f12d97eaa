//! The last `vk::BufferPointer` forms of issue #4 item 4 (task bp2), through `hlslc -spirv` and
//! every `spirv-val` installed: elements of matrices with one row or one column behind a
//! buffer pointer (stored as a vector: DXC's form), components of a `float1` member,
//! vector-times-scalar products chosen from the source form, and the casts between pointers
//! and vectors the proposal does not have (refused in the front end; ranges in `hir`'s
//! `tests/buffer_pointer.rs`).

use crate::harness::{compile, refuse, Module};

/// Every store through a `PhysicalStorageBuffer` access chain, in order: the chain's indices
/// after the base (a run-time index as `%_`) and the store's alignment, as
/// `"%int_1 %int_2 Aligned 4"`.
fn pointee_stores(m: &Module) -> Vec<String> {
    let chains: std::collections::HashMap<&str, String> = m
        .asm
        .lines()
        .filter_map(|l| {
            let (id, rest) = l.split_once(" = OpAccessChain %_ptr_PhysicalStorageBuffer_")?;
            let indices: Vec<&str> = rest
                .split(' ')
                .skip(2)
                .map(|i| {
                    if i[1..].chars().all(|c| c.is_ascii_digit()) {
                        "%_"
                    } else {
                        i
                    }
                })
                .collect();
            Some((id, indices.join(" ")))
        })
        .collect();
    m.asm
        .lines()
        .filter_map(|l| {
            let rest = l.trim().strip_prefix("OpStore ")?;
            let mut parts = rest.split(' ');
            let chain = chains.get(parts.next()?)?;
            let aligned = parts.skip(1).collect::<Vec<_>>().join(" ");
            Some(format!("{chain} {aligned}"))
        })
        .collect()
}

/// A `float1x3` member is stored as a `float3` (relaxed std430: at offset 4, after a
/// `float`): its one row is the whole vector, so `a[0][c]` and `a._m0c` are component `c`,
/// each alignment what offset `4 + 4c` keeps of the struct's 16.
#[test]
fn elements_of_a_one_row_matrix_member_are_stored_alone() {
    let m = compile(
        "struct S { float f; float1x3 a; };
[[vk::push_constant]] struct { vk::BufferPointer<S> p; } pc;
void twice(inout float x) { x *= 2; }
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  pc.p.Get().a[0][1] = 3;
  pc.p.Get().a._m02 = 4;
  pc.p.Get().a[0].xy = float2(5, 6);
  pc.p.Get().a[0][id.x] += 1;
  twice(pc.p.Get().a[0][2]);
}
",
        "cs_6_0",
        &[],
    );
    assert_eq!(
        pointee_stores(&m),
        [
            "%int_1 %int_1 Aligned 8",
            "%int_1 %int_2 Aligned 4",
            "%int_1 %int_0 Aligned 4",
            "%int_1 %int_1 Aligned 8",
            "%int_1 %_ Aligned 4",
            "%int_1 %int_2 Aligned 4",
        ],
        "{}",
        m.asm
    );
}

/// A `float3x1` is a `float3` of its rows: row `r` (a `float1`) is component `r`, and its
/// one column adds no index; row-major or column-major, the storage is the same.
#[test]
fn rows_of_a_one_column_matrix_are_components() {
    for major in ["", "row_major ", "column_major "] {
        let text = format!(
            "struct S {{ float4 v; {major}float3x1 b; }};
[[vk::push_constant]] struct {{ vk::BufferPointer<S> p; }} pc;
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {{
  pc.p.Get().b[2][0] = 7;
  pc.p.Get().b._m10_m20 = float2(8, 9);
  pc.p.Get().b[id.x] *= 10;
}}
"
        );
        let m = compile(&text, "cs_6_0", &[]);
        assert_eq!(
            pointee_stores(&m),
            [
                "%int_1 %int_2 Aligned 8",
                "%int_1 %int_1 Aligned 4",
                "%int_1 %int_2 Aligned 8",
                "%int_1 %_ Aligned 4",
            ],
            "{major}\n{}",
            m.asm
        );
    }
}

/// A whole one-row or one-column matrix pointee, under every layout flag: the chain enters
/// the struct the matrix sits in (member 0), then the vector's component; the alignment is
/// what the component's offset keeps of `A` (16, a three-component vector's, by default).
#[test]
fn elements_of_a_whole_one_row_or_one_column_pointee_are_written() {
    for flags in [
        &[][..],
        &["-fvk-use-scalar-layout"][..],
        &["-fvk-use-dx-layout"][..],
        &["-fvk-use-gl-layout"][..],
    ] {
        let m = compile(
            "[[vk::push_constant]] struct {
  vk::BufferPointer<float1x3> P;
  vk::BufferPointer<row_major float3x1> Q;
  vk::BufferPointer<float1x1> R;
} pc;
[numthreads(1, 1, 1)]
void main() {
  pc.P.Get()[0][1] = 2;
  pc.P.Get()._m02 = 1;
  pc.Q.Get()[2][0] = 3;
  pc.Q.Get()._m00 += 4;
  pc.R.Get()[0][0] = 5;
}
",
            "cs_6_0",
            flags,
        );
        assert_eq!(
            pointee_stores(&m),
            [
                "%uint_0 %int_1 Aligned 4",
                "%uint_0 %int_2 Aligned 8",
                "%uint_0 %int_2 Aligned 8",
                "%uint_0 %int_0 Aligned 16",
                "%uint_0 Aligned 4",
            ],
            "{flags:?}\n{}",
            m.asm
        );
    }
}

/// A `float1` member is a scalar in SPIR-V: `f.x` and `f[0]` name the member itself (the
/// access chain went one index too deep, which spirv-val refused).
#[test]
fn the_component_of_a_float1_member_is_the_member() {
    let m = compile(
        "struct S { float1 f; float4 v; };
[[vk::push_constant]] struct { vk::BufferPointer<S> p; } pc;
[numthreads(1, 1, 1)]
void main() { pc.p.Get().f.x = 1; pc.p.Get().f[0] = 2; pc.p.Get().v.w = pc.p.Get().f; }
",
        "cs_6_0",
        &[],
    );
    assert_eq!(
        pointee_stores(&m),
        [
            "%int_0 Aligned 16",
            "%int_0 Aligned 16",
            "%int_1 %int_3 Aligned 4"
        ],
        "{}",
        m.asm
    );
}

/// `(uint2)p` and its reverse: the proposal converts a pointer only to and from its
/// `uint64_t` address (there is no `uvec2` form as in GLSL), so both are type errors, not
/// "not supported yet".
#[test]
fn a_pointer_does_not_cast_to_or_from_a_vector() {
    for body in [
        "O[0] = (uint2)pc.p;",
        "vk::BufferPointer<S> q = (vk::BufferPointer<S>)pc.a; q.Get().v = 1;",
    ] {
        refuse(
            &format!(
                "struct S {{ float4 v; }};
RWStructuredBuffer<uint2> O;
[[vk::push_constant]] struct {{ vk::BufferPointer<S> p; uint2 a; }} pc;
[numthreads(1, 1, 1)]
void main() {{ {body} }}
"
            ),
            "cs_6_0",
            &[],
            1,
            "E2003",
        );
    }
}

/// The products of a float4 `v`, in order: `OpVectorTimesScalar` where the source wrote a
/// scalar factor (DXC: an implicit splat in its AST), `OpFMul` where it wrote a vector, even
/// one whose components are all equal (DXC's `binary-op.arithmetic.mixed` and
/// `binary-op.arith-assign.mixed` tests keep the scalar forms).
#[test]
fn a_scalar_factor_follows_the_source_form_not_the_value() {
    let m = compile(
        "RWStructuredBuffer<float4> B;
RWStructuredBuffer<float2x3> M;
[numthreads(1, 1, 1)]
void main() {
  float4 v = B[0];
  float s = B[1].x;
  B[2] = v * 2.0;
  B[3] = v * float4(2, 2, 2, 2);
  B[4] = s * v;
  B[5] = v * (float4)2;
  B[6] = v * s.xxxx;
  B[7] = mul(s, v);
  float4 w = v;
  w *= s;
  w *= float4(0.5, 0.5, 0.5, 0.5);
  B[8] = w;
  float2x3 m = M[0];
  M[1] = m * 0.5;
  M[2] = m * float2x3(2, 2, 2, 2, 2, 2);
}
",
        "cs_6_0",
        &[],
    );
    let ops: Vec<&str> = m
        .asm
        .lines()
        .filter_map(|l| l.split_once(" = ").map(|(_, rhs)| rhs))
        .filter_map(|rhs| rhs.split(' ').next())
        .filter(|op| op.ends_with("TimesScalar") || *op == "OpFMul")
        .collect();
    assert_eq!(
        ops,
        [
            "OpVectorTimesScalar",
            "OpFMul",
            "OpVectorTimesScalar",
            "OpFMul",
            "OpFMul",
            "OpVectorTimesScalar",
            "OpVectorTimesScalar",
            "OpFMul",
            "OpMatrixTimesScalar",
            // A matrix product written out: row by row.
            "OpFMul",
            "OpFMul",
        ],
        "{}",
        m.asm
    );
}

/// `c ? p : q` of buffer pointers is an `OpSelect` of `PhysicalStorageBuffer` pointers under
/// every target: SPIR-V 1.0 allows pointers there, and a physical pointer needs no
/// `VariablePointers` (was "needs SPIR-V 1.4" below Vulkan 1.2).
#[test]
fn choosing_between_pointers_is_a_select_before_spirv_1_4() {
    for env in ["vulkan1.0", "vulkan1.1", "vulkan1.2"] {
        let m = compile(
            "struct S { float4 v; };
[[vk::push_constant]] struct { vk::BufferPointer<S> p; vk::BufferPointer<S> q; uint c; } pc;
RWStructuredBuffer<float4> O;
[numthreads(1, 1, 1)]
void main() { O[0] = (pc.c ? pc.p : pc.q).Get().v; (pc.c > 2 ? pc.p : pc.q).Get().v.x = 1; }
",
            "cs_6_0",
            &[&format!("-fspv-target-env={env}")],
        );
        m.assert_has(&["OpSelect %_ptr_PhysicalStorageBuffer_S"]);
    }
}

/// An `out` or `inout` parameter holding a pointer is a pointer to one, which SPIR-V asks to
/// decorate `RestrictPointer` (or `AliasedPointer`) as a variable holding one (spirv-val
/// refused the module).
#[test]
fn out_parameters_holding_pointers_are_restrict_pointers() {
    let m = compile(
        "struct S { float4 v; };
[[vk::push_constant]] struct { vk::BufferPointer<S> p; vk::BufferPointer<S> q; } pc;
void pick(out vk::BufferPointer<S> r) { r = pc.q; }
void swap(inout vk::BufferPointer<S> a, [[vk::aliased_pointer]] inout vk::BufferPointer<S> b) {
  vk::BufferPointer<S> t = a; a = b; b = t;
}
[numthreads(1, 1, 1)]
void main() {
  vk::BufferPointer<S> x = pc.p;
  vk::BufferPointer<S> y = pc.p;
  pick(y);
  swap(x, y);
  x.Get().v = y.Get().v;
}
",
        "cs_6_0",
        &[],
    );
    assert_eq!(m.decoration("r", "RestrictPointer").as_deref(), Some(""));
    assert_eq!(m.decoration("a", "RestrictPointer").as_deref(), Some(""));
    assert_eq!(m.decoration("b", "AliasedPointer").as_deref(), Some(""));
}

/// `vk::static_pointer_cast` to a base of the pointee (the proposal's one static cast; was
/// refused as if it changed the pointee), and a template deducing `T` from a
/// `vk::BufferPointer<T>` argument (was "not supported yet: this call of a template").
#[test]
fn base_pointer_casts_and_deduced_pointees_lower() {
    let m = compile(
        "struct Base { float4 a; };
struct Derived : Base { float4 b; };
template<typename T> T load(vk::BufferPointer<T> p) { return p.Get(); }
template<typename T> void store(vk::BufferPointer<T> p, T v) { p.Get() = v; }
[[vk::push_constant]] struct { vk::BufferPointer<Derived> p; vk::BufferPointer<uint> n; } pc;
[numthreads(1, 1, 1)]
void main() {
  vk::BufferPointer<Base> b = vk::static_pointer_cast<Base>(pc.p);
  Base x = load(b);
  x.a += 1;
  store(b, x);
  store(pc.n, load(pc.n) + 1);
}
",
        "cs_6_0",
        &[],
    );
    m.assert_has(&[
        "OpBitcast %_ptr_PhysicalStorageBuffer_Base",
        "OpTypePointer PhysicalStorageBuffer %uint",
    ]);
}

/// `[[vk::push_constant]]` on a pointer itself: DXC's error (E3266), not "not supported yet".
#[test]
fn a_push_constant_pointer_is_refused() {
    refuse(
        "struct S { float4 v; };
[[vk::push_constant]] vk::BufferPointer<S> pc;
[numthreads(1, 1, 1)]
void main() { pc.Get().v = 1; }
",
        "cs_6_0",
        &[],
        1,
        "error[E3266]: vk::push_constant attribute cannot be used on declarations with \
         vk::BufferPointer type",
    );
}
