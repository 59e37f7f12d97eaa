//! Front-end gaps found by DXC's own test suites (SemaHLSL `-verify` files and
//! HLSLFileCheck), second round: SM 6.8 `Barrier` and its flags, template member types and
//! values, unions and bit-fields, and DXC's errors for invalid code we accepted. The shaders
//! are ours; the expected diagnostics are DXC's words for the rule.

use expect_test::expect;

/// The semantic diagnostics of `src` compiled for the entry points `(name, profile)`, with
/// the profile of the first one as the target (`-T`), one per line (`code line:col message`).
pub(crate) fn check_profile(src: &str, entries: &[(&str, &str)], expect: expect_test::Expect) {
    let mut db =
        crate::test_db::TestDb::with_intrinsics(std::sync::Arc::new(crate::HlslIntrinsics));
    let file = db.set_file_text("/t/main.hlsl", src);
    let target = |p: &str| syntax::preprocess::ShaderTarget::from_profile(p).unwrap();
    let entries: Vec<base_db::EntryPointConfig> = entries
        .iter()
        .map(|(name, profile)| base_db::EntryPointConfig {
            name: (*name).to_owned(),
            target: target(profile),
        })
        .collect();
    let preprocess = syntax::PreprocessConfig {
        target: entries.first().map(|e| e.target),
        ..syntax::PreprocessConfig::default()
    };
    let config = base_db::CompileConfig::builder(preprocess)
        .entry_points(entries)
        .new(&db);
    let index = syntax::line_index::LineIndex::new(src);
    let mut out = String::new();
    for d in crate::diagnostics::diagnostics(&db, file, config) {
        let lc = index.line_col(d.range.start());
        out.push_str(&format!(
            "{} {}:{} {}\n",
            d.code,
            lc.line + 1,
            lc.col + 1,
            d.message
        ));
    }
    expect.assert_eq(&out);
}

#[test]
fn sm68_barrier_flags_are_valid_in_compute() {
    // Both forms, the named flags, literal and `static const` values, and flags that are no
    // constant expression (not checked, as in DXC).
    check_profile(
        r#"
RWBuffer<uint> buf;
static uint i = 7;
static const uint sync = GROUP_SYNC;
void helper() {
    Barrier(0, 0);
    Barrier(ALL_MEMORY, DEVICE_SCOPE | GROUP_SCOPE | GROUP_SYNC);
    Barrier(GROUP_SHARED_MEMORY, sync);
    Barrier(UAV_MEMORY, 1 + 2 + 4);
    Barrier(i + i, i);
}
[numthreads(4, 1, 1)]
void main() {
    helper();
    Barrier(buf, GROUP_SYNC);
    Barrier(buf, DEVICE_SCOPE);
}
"#,
        &[("main", "cs_6_8")],
        expect![[""]],
    );
}

#[test]
fn sm68_barrier_group_flags_need_a_visible_group() {
    // A vertex shader has no thread group: the group flags are refused at the calls the
    // entry reaches (in the helper too), `ALL_MEMORY` is masked, node memory needs a node
    // shader. `unused` is reached by no entry and is not checked.
    check_profile(
        r#"
RWBuffer<uint> buf;
void helper() {
    Barrier(ALL_MEMORY, DEVICE_SCOPE);
    Barrier(ALL_MEMORY, GROUP_SYNC);
    Barrier(GROUP_SHARED_MEMORY, 0);
    Barrier(GROUP_SHARED_MEMORY, GROUP_SCOPE);
}
void unused() { Barrier(GROUP_SHARED_MEMORY, GROUP_SYNC); }
float4 main() : SV_Position {
    helper();
    Barrier(buf, GROUP_SYNC);
    Barrier(NODE_INPUT_MEMORY, 0);
    Barrier(UAV_MEMORY, DEVICE_SCOPE);
    return buf[0];
}
"#,
        &[("main", "vs_6_8")],
        expect![[r#"
            E2120 5:5 GROUP_SYNC or GROUP_SCOPE specified for Barrier operation when context has no visible group
            E2120 6:5 GROUP_SHARED_MEMORY specified for Barrier operation when context has no visible group
            E2120 7:5 GROUP_SHARED_MEMORY specified for Barrier operation when context has no visible group
            E2120 7:5 GROUP_SYNC or GROUP_SCOPE specified for Barrier operation when context has no visible group
            E2120 12:5 GROUP_SYNC or GROUP_SCOPE specified for Barrier operation when context has no visible group
            E2120 13:5 NODE_INPUT_MEMORY or NODE_OUTPUT_MEMORY may only be specified for Barrier operation in a node shader
        "#]],
    );
}

#[test]
fn sm68_barrier_needs_shader_model_6_8_and_a_uav_object() {
    check_profile(
        r#"
Texture2D<float> tex;
RWBuffer<uint> buf;
[numthreads(1, 1, 1)]
void main() {
    Barrier(buf, GROUP_SYNC);
    Barrier(tex, GROUP_SYNC);
}
"#,
        &[("main", "cs_6_7")],
        expect![[r#"
            E2120 6:5 intrinsic Barrier potentially used by 'main' requires shader model 6.8 or greater
            E2004 7:5 no matching overload for call to `Barrier`: the object form takes a read-write resource (UAV), not `Texture2D<float>`
        "#]],
    );
}

#[test]
fn members_of_template_instances_have_their_arguments() {
    // `Pow2<3>::value` recurses to the explicit specialization; `Halves<8>::value` has an
    // argument the parser must read as arithmetic (`n / 2`) and a parenthesized comparison;
    // `Outer<float2>::template Inner<3>` is a member struct template of an instance.
    check_profile(
        r#"
template<uint n> struct Pow2 { enum { value = 2 * Pow2<n - 1>::value }; };
template<> struct Pow2<0> { enum { value = 1 }; };
template<uint n, bool big> struct Pick { enum { value = big ? n : 0 }; };
template<uint n> struct Halves { enum { value = Pick<n / 2, (n > 4)>::value }; };
template<typename T> struct Outer { template<int K> struct Inner { T v[K]; }; };
RWStructuredBuffer<uint> o;
[numthreads(1, 1, 1)]
void main() {
    typename Outer<float2>::template Inner<3> x;
    x.v[2] = float2(Pow2<3>::value, Halves<8>::value);
    o[0] = (uint)x.v[2].x;
}
"#,
        &[("main", "cs_6_6")],
        expect![[""]],
    );
}

#[test]
fn a_dependent_member_template_needs_template() {
    // Inside a template, `Outer<T>::Inner<0>` names a template only after `template`
    // (DXC's words); the instance `Outer<float>::Inner<1>` is no dependent name.
    check_profile(
        r#"
template<typename T> struct Outer { template<int K> struct Inner { T v; }; };
template<typename T> struct User {
    typename Outer<T>::Inner<0> bad;
    typename Outer<T>::template Inner<0> good;
};
Outer<float>::Inner<1> plain;
"#,
        &[],
        expect![[r#"
            E2014 4:33 use 'template' keyword to treat 'Inner' as a dependent template name
        "#]],
    );
}

#[test]
fn descriptor_heap_elements_initialize_their_kind_only() {
    // DXC types the elements `const .Resource` and `const .Sampler`.
    check_profile(
        r#"
struct Data { float f; };
[numthreads(1, 1, 1)]
void main() {
    SamplerState s = SamplerDescriptorHeap[0];
    Texture2D<float4> t = ResourceDescriptorHeap[1];
    ConstantBuffer<Data> c = (ResourceDescriptorHeap[2]);
    Buffer<float> wrong = SamplerDescriptorHeap[3];
    SamplerComparisonState wrong2 = ResourceDescriptorHeap[4];
}
"#,
        &[("main", "cs_6_6")],
        expect![[r#"
            E2003 8:27 cannot initialize a variable of type 'Buffer<float>' with an rvalue of type 'const .Sampler'
            E2003 9:37 cannot initialize a variable of type 'SamplerComparisonState' with an rvalue of type 'const .Resource'
        "#]],
    );
}

#[test]
fn bit_fields_follow_dxcs_rules() {
    // Unnamed bit-fields (of integer or enum type) are padding; the rest are DXC's errors.
    check_profile(
        r#"
enum Mode { A, B };
struct Empty {};
struct Pad { uint a : 8; uint : 8; enum Mode : 2; uint : 0; uint b : 14; };
struct Bad {
    static uint s : 8;
    uint zero : 0;
    uint wide : 33;
    bool flag : 40;
    Empty : 1;
    float f : 4;
};
RWStructuredBuffer<Pad> buf;
groupshared Pad shared;
[numthreads(1, 1, 1)]
void main() {
    Pad p = buf[0];
    uint n = sizeof(p.a) + sizeof((p.b)) + sizeof(p.b += 1) + sizeof((uint)p.a);
    InterlockedOr(shared.a, 1);
    buf[0] = p;
}
"#,
        &[("main", "cs_6_6")],
        expect![[r#"
            E2121 6:17 static member 's' cannot be a bit-field
            E2121 7:10 named bit-field 'zero' has zero width
            E2121 8:10 size of bit-field 'wide' (33 bits) exceeds size of its type (32 bits)
            E2121 9:10 size of bit-field 'flag' (40 bits) exceeds size of its type (32 bits)
            E2121 10:11 anonymous bit-field has non-integral type 'Empty'
            E2121 11:11 bit-field 'f' has non-integral type 'float'
            E2121 18:14 invalid application of 'sizeof' to bit-field
            E2121 18:28 invalid application of 'sizeof' to bit-field
            E2121 18:44 invalid application of 'sizeof' to bit-field
            E2121 19:5 no matching function for call to 'InterlockedOr'
        "#]],
    );
}

#[test]
fn strings_initialize_strings_only() {
    check_profile(
        r#"
static const string fmt = "value %d";
string copy = fmt;
string joined = "a " "b";
static const int n = 3;
static const bool from_string = fmt;
static const string from_bool = true;
static const string from_int = n;
static const string from_float = 2.5;
static const string letters = { 'A', 'B' };
static const string one = { "AB" };
"#,
        &[],
        expect![[r#"
            E2003 6:33 cannot initialize a variable of type 'const bool' with an lvalue of type 'string'
            E2003 7:33 cannot initialize a variable of type 'string' with an rvalue of type 'bool'
            E2003 8:32 cannot initialize a variable of type 'string' with an lvalue of type 'const int'
            E2003 9:34 cannot initialize a variable of type 'string' with an rvalue of type 'literal float'
            E2003 10:31 too many elements in vector initialization (expected 1 element, have 2)
        "#]],
    );
}

#[test]
fn sizeof_refuses_what_has_no_size() {
    // `sizeof 42` (no parentheses) is C's sizeof of a unary expression; the numeric types,
    // arrays and plain structs have sizes.
    check_profile(
        r#"
struct Plain { int x; float2 y; };
struct Holder { Buffer<float> b; int x; };
Texture2D<float4> tex;
void helper() {}
[numthreads(1, 1, 1)]
void main() {
    uint ok = sizeof(int) + sizeof(float2x2) + sizeof(int[2]) + sizeof(Plain) + sizeof(ok);
    uint a = sizeof(void);
    uint b = sizeof 42;
    uint c = sizeof(1.5);
    uint d = sizeof "text";
    uint e = sizeof(Holder);
    uint f = sizeof(tex);
    uint g = sizeof(helper);
}
"#,
        &[("main", "cs_6_6")],
        expect![[r#"
            E2122 9:14 invalid application of 'sizeof' to an incomplete type 'void'
            E2122 10:14 invalid application of 'sizeof' to literal type 'literal int'
            E2122 11:14 invalid application of 'sizeof' to literal type 'literal float'
            E2122 12:14 invalid application of 'sizeof' to non-numeric type 'literal string'
            E2122 13:14 invalid application of 'sizeof' to non-numeric type 'Holder'
            E2122 14:14 invalid application of 'sizeof' to non-numeric type 'Texture2D<float4>'
            E2122 15:14 invalid application of 'sizeof' to non-numeric type 'void ()'
        "#]],
    );
}

#[test]
fn lod_with_a_comparison_sampler_needs_shader_model_6_8_where_reached() {
    // Checked in `main` and in the helper it calls, not in the helper nothing reaches.
    let src = r#"
SamplerComparisonState cmp;
Texture2D<float> tex;
float reached(float2 uv) { return tex.CalculateLevelOfDetail(cmp, uv); }
float unreached(float2 uv) { return tex.CalculateLevelOfDetailUnclamped(cmp, uv); }
float main(float2 uv : UV) : SV_Target {
    return reached(uv) + tex.CalculateLevelOfDetailUnclamped(cmp, uv);
}
"#;
    check_profile(
        src,
        &[("main", "ps_6_7")],
        expect![[r#"
            E2123 4:35 overload of intrinsic CalculateLevelOfDetail with SamplerComparisonState requires shader model 6.8 or greater
            E2123 7:26 overload of intrinsic CalculateLevelOfDetailUnclamped with SamplerComparisonState requires shader model 6.8 or greater
        "#]],
    );
    check_profile(src, &[("main", "ps_6_8")], expect![[""]]);
}
