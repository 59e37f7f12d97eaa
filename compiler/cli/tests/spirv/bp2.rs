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

/// A whole one-row or one-column matrix pointee, under every layout flag: the chain names the
/// vector's component (the pointer points at the vector, as DXC's does, ext3; a `float1x1`
/// is the scalar itself); the alignment is what the component's offset keeps of `A` (16, a
/// three-component vector's, by default).
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
                "%int_1 Aligned 4",
                "%int_2 Aligned 8",
                "%int_2 Aligned 8",
                "%int_0 Aligned 16",
                " Aligned 4",
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

/// Realistic buffer-pointer shapes probed in bp2 (arrays of pointers in structs, matrices and
/// arrays of matrices behind pointers, `row_major` members, explicit alignments, pointers as
/// parameters, returns, locals, array elements, buffer elements and `groupshared`, linked
/// lists and trees, pointer casts and address arithmetic, atomics on pointee members,
/// 16- and 64-bit pointees, other stages): each compiles under the default layout and the
/// scalar, DX and GL layout flags, and every `spirv-val` installed accepts it.
fn compile_under_every_layout(shapes: &[(&str, &str, &[&str])]) {
    for &(text, profile, flags) in shapes {
        for layout in [
            None,
            Some("-fvk-use-scalar-layout"),
            Some("-fvk-use-dx-layout"),
            Some("-fvk-use-gl-layout"),
        ] {
            let mut all: Vec<&str> = flags.to_vec();
            all.extend(layout);
            compile(text, profile, &all);
        }
    }
}
#[test]
fn layouts_of_structs_matrices_and_arrays() {
    compile_under_every_layout(&[
        (
            r#"struct L { vk::BufferPointer<float4> p[4]; uint n; };
[[vk::push_constant]] L pc;
RWStructuredBuffer<float4> O;
[numthreads(4,1,1)]
void main(uint i : SV_GroupIndex) { O[i] = pc.p[i % 4].Get(); pc.p[i].Get().y = 2; }
"#,
            "cs_6_0",
            &[],
        ),
        (
            r#"struct M { float4x4 w; float3x3 n[2]; row_major float2x3 r; float1x4 q[2]; };
[[vk::push_constant]] struct { vk::BufferPointer<M> m; } pc;
[numthreads(1,1,1)]
void main(uint i : SV_GroupIndex) {
  pc.m.Get().n[1][2][0] = 1;
  pc.m.Get().r._m12 = 2;
  pc.m.Get().r[1] = float3(1,2,3);
  pc.m.Get().w[i][i] += 1;
  pc.m.Get().q[1][0][2] = 3;
  pc.m.Get().q[i]._m01_m03 = float2(4, 5);
  pc.m.Get().n[i] = pc.m.Get().n[0];
}
"#,
            "cs_6_0",
            &[],
        ),
        (
            r#"struct S { row_major float3x4 a; column_major float4x3 b; float2 c; };
[[vk::push_constant]] struct { vk::BufferPointer<S, 16> p; vk::BufferPointer<S, 4> q; vk::BufferPointer<S, 64> r; } pc;
RWStructuredBuffer<float4> O;
[numthreads(1,1,1)]
void main() {
  pc.p.Get().a[2].w = 1;
  pc.q.Get().b._m31 = 2;
  pc.r.Get().c = float2(3, 4);
  O[0] = mul(pc.p.Get().a, float4(1,2,3,4)).xyzz + mul(pc.q.Get().b, float3(1,2,3));
}
"#,
            "cs_6_0",
            &[],
        ),
        (
            r#"struct S { float3 a[3]; float b; float3 c; float2x3 m; };
[[vk::push_constant]] struct { vk::BufferPointer<S> p; } pc;
[numthreads(3,1,1)]
void main(uint i : SV_GroupIndex) { pc.p.Get().a[i].z = 1; pc.p.Get().b = 2; pc.p.Get().c.xy = float2(3, 4); pc.p.Get().m[1].yz = 5; }
"#,
            "cs_6_0",
            &[],
        ),
        (
            r#"struct In { float3 pos; float pad; };
struct Out { float4 color; };
struct Inner { float2 uv; uint id; };
struct Outer { Inner inner[2]; float4x4 xf; };
[[vk::push_constant]] struct { vk::BufferPointer<Outer> o; } pc;
[numthreads(1,1,1)]
void main() { Outer x = pc.o.Get(); x.inner[1].id = 3; pc.o.Get() = x; pc.o.Get().inner[0] = x.inner[1]; pc.o.Get().inner[1].uv.y = 2; }
"#,
            "cs_6_0",
            &[],
        ),
        (
            r#"struct S { float4x4 m; float4 v; };
[[vk::push_constant]] struct { vk::BufferPointer<S> p; } pc;
RWStructuredBuffer<float4> O;
[numthreads(1,1,1)]
void main() { O[0] = mul(pc.p.Get().m, pc.p.Get().v); O[1] = mul(pc.p.Get().v, pc.p.Get().m); pc.p.Get().m = transpose(pc.p.Get().m); }
"#,
            "cs_6_0",
            &[],
        ),
        (
            r#"struct S { float1x3 a[2]; float3x1 b[2]; float4 v; };
[[vk::push_constant]] struct { vk::BufferPointer<S> p; } pc;
void add(inout float3 x) { x += 1; }
[numthreads(2,1,1)]
void main(uint i : SV_GroupIndex) { pc.p.Get().a[i][0][2] = 1; pc.p.Get().b[i][1] = 2; add(pc.p.Get().a[1][0]); pc.p.Get().b[0]._m00_m20 *= 3; }
"#,
            "cs_6_0",
            &[],
        ),
        (
            r#"[[vk::push_constant]] struct { vk::BufferPointer<float4[4]> arr; } pc;
[numthreads(1,1,1)]
void main(uint i : SV_GroupIndex) { pc.arr.Get()[i].x = 1; }
"#,
            "cs_6_0",
            &[],
        ),
        (
            r#"struct S { float4 v; uint a : 4; uint b : 12; uint c; };
[[vk::push_constant]] struct { vk::BufferPointer<S> p; } pc;
RWStructuredBuffer<uint> O;
[numthreads(1,1,1)]
void main() { pc.p.Get().b = 9; pc.p.Get().a += 1; O[0] = pc.p.Get().a + pc.p.Get().b; }
"#,
            "cs_6_0",
            &[],
        ),
        (
            r#"[[vk::push_constant]] struct { vk::BufferPointer<float4> p; } pc;
[numthreads(1,1,1)]
void main() { pc.p.Get().zyx = float3(1,2,3); pc.p.Get().wx += 1; pc.p.Get()[2] = 5; }
"#,
            "cs_6_0",
            &[],
        ),
        (
            r#"struct Item { float3x4 m; uint tag; };
struct Bag { uint n; Item items[16]; };
[[vk::push_constant]] struct { vk::BufferPointer<Bag> p; } pc;
[numthreads(16,1,1)]
void main(uint i : SV_GroupIndex) { pc.p.Get().items[i].m[1][2] = i; pc.p.Get().items[i].m._m00_m11_m22 = 1; pc.p.Get().items[(i + 1) % 16].tag++; }
"#,
            "cs_6_0",
            &[],
        ),
        (
            r#"struct S { float3 pos; float3 vel; float life; };
[[vk::push_constant]] struct { vk::BufferPointer<S> ps; uint n; } pc;
[numthreads(64,1,1)]
void main(uint3 id : SV_DispatchThreadID) {
  if (id.x >= pc.n) return;
  vk::BufferPointer<S> p = vk::BufferPointer<S>((uint64_t)pc.ps + id.x * 32);
  S s = p.Get();
  s.pos += s.vel * 0.016;
  s.life -= 0.016;
  p.Get() = s;
}
"#,
            "cs_6_0",
            &[],
        ),
    ]);
}

#[test]
fn pointers_as_values_in_functions_flow_and_buffers() {
    compile_under_every_layout(&[
        (
            r#"struct Node { float4 v; vk::BufferPointer<Node> next; };
[[vk::push_constant]] struct { vk::BufferPointer<Node> head; } pc;
RWStructuredBuffer<float4> O;
[numthreads(1,1,1)]
void main() {
  float4 sum = 0;
  vk::BufferPointer<Node> n = pc.head;
  [loop] for (uint k = 0; k < 16 && (uint64_t)n != 0; ++k) { sum += n.Get().v; n.Get().v *= 0.5; n = n.Get().next; }
  O[0] = sum;
}
"#,
            "cs_6_0",
            &[],
        ),
        (
            r#"struct S { float4 v; };
cbuffer CB { vk::BufferPointer<S> a; float f; vk::BufferPointer<S> b; };
StructuredBuffer<vk::BufferPointer<S> > Ptrs;
RWStructuredBuffer<vk::BufferPointer<S> > Out;
[numthreads(1,1,1)]
void main(uint i : SV_GroupIndex) { Ptrs[i].Get().v = f; Out[i] = a; Out[i + 1] = Ptrs[0]; b.Get().v.x = 1; }
"#,
            "cs_6_0",
            &[],
        ),
        (
            r#"struct S { float4 v; };
[[vk::push_constant]] struct { vk::BufferPointer<S> p; } pc;
[numthreads(1,1,1)]
void main() {
  vk::BufferPointer<S> arr[3] = { pc.p, pc.p, pc.p };
  arr[1] = vk::BufferPointer<S>((uint64_t)pc.p + 16);
  for (uint k = 0; k < 3; ++k) arr[k].Get().v.w = k;
}
"#,
            "cs_6_0",
            &[],
        ),
        (
            r#"[[vk::push_constant]] struct { vk::BufferPointer<vk::BufferPointer<float4> > pp; } pc;
[numthreads(1,1,1)]
void main() { vk::BufferPointer<float4> p = pc.pp.Get(); p.Get().x = 1; pc.pp.Get().Get().y = 2; }
"#,
            "cs_6_0",
            &[],
        ),
        (
            r#"struct S { float4 v; };
struct Rec { vk::BufferPointer<S> p; uint n; };
RWStructuredBuffer<Rec> R;
[[vk::push_constant]] struct { vk::BufferPointer<S> p; } pc;
[numthreads(1,1,1)]
void main() { Rec r; r.p = pc.p; r.n = 1; R[0] = r; R[1].p = R[0].p; R[1].p.Get().v = 3; }
"#,
            "cs_6_0",
            &[],
        ),
        (
            r#"typedef vk::BufferPointer<float4, 16> F4;
[[vk::push_constant]] struct { F4 p; } pc;
groupshared F4 shared[1];
[numthreads(2,1,1)]
void main(uint i : SV_GroupIndex) { if (i == 0) shared[0] = pc.p; GroupMemoryBarrierWithGroupSync(); shared[0].Get().x = i; }
"#,
            "cs_6_0",
            &[],
        ),
        (
            r#"struct S { float4 v; };
[[vk::push_constant]] struct { vk::BufferPointer<S> p; } pc;
static vk::BufferPointer<S> g = vk::BufferPointer<S>(0);
void set() { g = pc.p; }
[numthreads(1,1,1)]
void main() { set(); g.Get().v.z = 1; [[vk::aliased_pointer]] vk::BufferPointer<S> a = g; a.Get().v.x = 2; }
"#,
            "cs_6_0",
            &[],
        ),
        (
            r#"struct S { float4 v; };
struct Pair { vk::BufferPointer<S> a; vk::BufferPointer<S> b; };
[[vk::push_constant]] struct { vk::BufferPointer<S> p; vk::BufferPointer<S> q; } pc;
Pair make() { Pair r; r.a = pc.p; r.b = pc.q; return r; }
void swap(inout vk::BufferPointer<S> x, inout vk::BufferPointer<S> y) { vk::BufferPointer<S> t = x; x = y; y = t; }
[numthreads(1,1,1)]
void main() { Pair r = make(); swap(r.a, r.b); r.a.Get().v = r.b.Get().v; }
"#,
            "cs_6_0",
            &[],
        ),
        (
            r#"struct S { float4 v; };
[[vk::push_constant]] struct { vk::BufferPointer<S> p; } pc;
RWStructuredBuffer<uint> O;
[numthreads(1,1,1)]
void main() { if ((bool)pc.p) O[0] = 1; if (!(bool)pc.p) O[1] = 2; O[2] = (uint)(uint64_t)pc.p; O[3] = (uint)((uint64_t)pc.p >> 32); }
"#,
            "cs_6_0",
            &[],
        ),
        (
            r#"struct S { float4 v; };
cbuffer CB { vk::BufferPointer<S> ps[4]; uint count; };
[numthreads(4,1,1)]
void main(uint i : SV_GroupIndex) { if (i < count) ps[i].Get().v *= 2; }
"#,
            "cs_6_0",
            &[],
        ),
        (
            r#"struct S { float4 v; uint64_t addr; };
[[vk::push_constant]] struct { vk::BufferPointer<S> p; } pc;
[numthreads(1,1,1)]
void main() {
  vk::BufferPointer<S> next = vk::BufferPointer<S>(pc.p.Get().addr);
  vk::BufferPointer<uint> u = vk::reinterpret_pointer_cast<uint>(vk::static_pointer_cast<S>(next));
  u.Get() = 5;
  pc.p.Get().addr = (uint64_t)next + sizeof(S);
}
"#,
            "cs_6_0",
            &[],
        ),
        (
            r#"struct S { float4 v; uint n; };
void modify(inout S s) { s.v *= 2; s.n += 1; }
void fill(out float4 v) { v = 3; }
[[vk::push_constant]] struct { vk::BufferPointer<S> p; } pc;
[numthreads(1,1,1)]
void main() { modify(pc.p.Get()); fill(pc.p.Get().v); }
"#,
            "cs_6_0",
            &[],
        ),
        (
            r#"struct S { uint a; uint b; };
[[vk::push_constant]] struct { vk::BufferPointer<S> p; } pc;
[numthreads(1,1,1)]
void main() { uint b = vk::RawBufferLoad<uint>((uint64_t)pc.p + 4); vk::RawBufferStore<uint>((uint64_t)pc.p, b); const vk::BufferPointer<S> c = pc.p; c.Get().a = 1; }
"#,
            "cs_6_0",
            &[],
        ),
        (
            r#"struct Node { float4 value; vk::BufferPointer<Node> left; vk::BufferPointer<Node> right; };
[[vk::push_constant]] struct { vk::BufferPointer<Node> root; } pc;
RWStructuredBuffer<float4> O;
[numthreads(1,1,1)]
void main() {
  vk::BufferPointer<Node> n = pc.root;
  [loop] while ((bool)n) { O[0] += n.Get().value; n = n.Get().value.x > 0 ? n.Get().left : n.Get().right; }
}
"#,
            "cs_6_0",
            &[],
        ),
    ]);
}

#[test]
fn atomics_and_16_and_64_bit_pointees() {
    compile_under_every_layout(&[
        (
            r#"struct C { uint count; int arr[4]; uint2 pair; };
[[vk::push_constant]] struct { vk::BufferPointer<C> c; } pc;
RWStructuredBuffer<uint> O;
[numthreads(8,1,1)]
void main(uint i : SV_GroupIndex) {
  uint old;
  InterlockedAdd(pc.c.Get().count, 1, old);
  InterlockedMax(pc.c.Get().arr[i % 4], (int)i);
  uint prev;
  InterlockedCompareExchange(pc.c.Get().pair.y, 0, i, prev);
  InterlockedOr(pc.c.Get().pair[0], 1u << i);
  O[i] = old + prev;
}
"#,
            "cs_6_0",
            &[],
        ),
        (
            r#"struct H { half4 h; uint16_t u; int16_t2 s; half2x2 m; };
[[vk::push_constant]] struct { vk::BufferPointer<H> p; } pc;
RWStructuredBuffer<float4> O;
[numthreads(1,1,1)]
void main() { pc.p.Get().h.y = (half)2; pc.p.Get().u = 7; pc.p.Get().s.x += 1; pc.p.Get().m._m10 = (half)3; O[0] = pc.p.Get().h; }
"#,
            "cs_6_0",
            &["-enable-16bit-types"],
        ),
        (
            r#"struct D { double2 d; uint64_t big; int64_t arr[2]; double3x2 m; };
[[vk::push_constant]] struct { vk::BufferPointer<D> p; } pc;
RWStructuredBuffer<uint> O;
[numthreads(1,1,1)]
void main() { pc.p.Get().d.y = 2.0; pc.p.Get().big += 1; pc.p.Get().arr[1] = -1; pc.p.Get().m[2][1] = 4.0; O[0] = (uint)pc.p.Get().big; }
"#,
            "cs_6_6",
            &[],
        ),
        (
            r#"struct S { uint64_t counter; float f; };
[[vk::push_constant]] struct { vk::BufferPointer<S> p; } pc;
[numthreads(1,1,1)]
void main() { uint64_t old; InterlockedAdd(pc.p.Get().counter, 1, old); InterlockedExchange(pc.p.Get().counter, 5, old); }
"#,
            "cs_6_6",
            &[],
        ),
        (
            r#"struct S { int a; int arr[4]; };
[[vk::push_constant]] struct { vk::BufferPointer<S> p; } pc;
[numthreads(4,1,1)]
void main(uint i : SV_GroupIndex) { int o; InterlockedCompareExchange(pc.p.Get().arr[i], 0, 1, o); InterlockedMin(pc.p.Get().a, o); InterlockedXor(pc.p.Get().arr[0], 3); InterlockedAnd(pc.p.Get().arr[1], 1, o); }
"#,
            "cs_6_0",
            &[],
        ),
        (
            r#"struct S { int1x3 i; uint3x1 u; row_major int2x2 m; };
[[vk::push_constant]] struct { vk::BufferPointer<S> p; } pc;
[numthreads(1,1,1)]
void main(uint t : SV_GroupIndex) { InterlockedAdd(pc.p.Get().i[0][1], 1); uint o; InterlockedOr(pc.p.Get().u[t][0], 2, o); InterlockedMax(pc.p.Get().u._m20, 7); InterlockedAdd(pc.p.Get().m[1][0], 1); }
"#,
            "cs_6_0",
            &[],
        ),
    ]);
}

#[test]
fn pointers_in_other_stages() {
    compile_under_every_layout(&[
        (
            r#"struct S { float4 v; };
[[vk::push_constant]] struct { vk::BufferPointer<S> p; } pc;
float4 main(float4 pos : SV_Position) : SV_Target { return pc.p.Get().v * pos.x; }
"#,
            "ps_6_0",
            &[],
        ),
        (
            r#"struct S { float4 v; };
[[vk::push_constant]] struct { vk::BufferPointer<S> p; } pc;
struct VOut { float4 pos : SV_Position; };
VOut main(uint id : SV_VertexID) { VOut o; o.pos = pc.p.Get().v + id; return o; }
"#,
            "vs_6_0",
            &[],
        ),
        (
            r#"struct Light { float3 color; float intensity; row_major float4x4 view; };
struct Scene { uint count; Light lights[8]; };
[[vk::push_constant]] struct { vk::BufferPointer<Scene, 16> scene; } pc;
float4 main(float3 wp : POS) : SV_Target {
  float3 c = 0;
  for (uint i = 0; i < pc.scene.Get().count; ++i) {
    Light l = pc.scene.Get().lights[i];
    float4 v = mul(l.view, float4(wp, 1));
    c += l.color * l.intensity * saturate(v.z);
  }
  return float4(c, 1);
}
"#,
            "ps_6_0",
            &[],
        ),
        (
            r#"struct L { vk::BufferPointer<float4> p[2]; };
StructuredBuffer<L> Ls;
RWStructuredBuffer<float4> O;
[numthreads(2,1,1)]
void main(uint i : SV_GroupIndex) {
  switch (i) { case 0: O[i] = Ls[0].p[1].Get(); break; default: Ls[1].p[i % 2].Get().x = WaveActiveSum(Ls[0].p[0].Get().x); }
}
"#,
            "cs_6_0",
            &["-fspv-target-env=vulkan1.1"],
        ),
    ]);
}
