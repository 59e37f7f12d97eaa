//! Inline SPIR-V types: `vk::SpirvType` and `vk::SpirvOpaqueType` with their operands (types,
//! `vk::integral_constant`, `vk::Literal`), one type per spelling, and DXC's errors for
//! template arguments that are not what the Inline SPIR-V proposal allows.

use expect_test::expect;

use super::{check_diagnostics, check_infer_hlsl};

#[test]
fn the_same_spelling_is_the_same_type() {
    // `u8` and the type written out are one type: assigning between them needs no
    // conversion. The enum operand is its underlying `int` for SPIR-V, shown as such.
    check_infer_hlsl(
        r#"
typedef vk::SpirvType</* OpTypeInt */ 21, 1, 1, vk::Literal<vk::integral_constant<uint, 8> >, vk::Literal<vk::integral_constant<bool, false> > > u8;
enum class Scope { Device = 1, Subgroup = 3 };
typedef vk::SpirvOpaqueType</* OpTypeCooperativeMatrixKHR */ 4456, float, vk::integral_constant<Scope, Scope::Subgroup>, vk::integral_constant<uint, 16>, vk::integral_constant<uint, 16>, vk::integral_constant<uint, 0> > Mat;
void f() {
    u8 a;
    vk::SpirvType<21, 1, 1, vk::Literal<vk::integral_constant<uint, 8> >, vk::Literal<vk::integral_constant<bool, false> > > b = a;
    Mat m;
}
"#,
        expect![[r#"
            fn f:
            a : vk::SpirvType<21, 1, 1, vk::Literal<vk::integral_constant<uint, 8>>, vk::Literal<vk::integral_constant<bool, false>>>
            local a : vk::SpirvType<21, 1, 1, vk::Literal<vk::integral_constant<uint, 8>>, vk::Literal<vk::integral_constant<bool, false>>>
            local b : vk::SpirvType<21, 1, 1, vk::Literal<vk::integral_constant<uint, 8>>, vk::Literal<vk::integral_constant<bool, false>>>
            local m : vk::SpirvOpaqueType<4456, float, vk::integral_constant<int, 3>, vk::integral_constant<uint, 16>, vk::integral_constant<uint, 16>, vk::integral_constant<uint, 0>>
        "#]],
    );
}

#[test]
fn operands_may_be_types_constants_literals_and_typedefs_of_them() {
    // A typedef may name an operand (DXC declares `integral_constant` as a struct); a
    // constant value may be a named constant; a 64-bit literal keeps its value.
    check_infer_hlsl(
        r#"
static const uint N = 4;
typedef vk::integral_constant<uint, N> Four;
typedef vk::Literal<vk::integral_constant<uint64_t, 0x100000002> > Wide;
struct S { float2 v; };
void f() {
    vk::SpirvOpaqueType</* OpTypeArray */ 28, S, Four> a;
    vk::SpirvOpaqueType<28, Texture2D, vk::integral_constant<int, -1> > t;
    vk::SpirvOpaqueType<5000, Wide> w;
}
"#,
        expect![[r#"
            fn f:
            local a : vk::SpirvOpaqueType<28, S, vk::integral_constant<uint, 4>>
            local t : vk::SpirvOpaqueType<28, Texture2D<float4>, vk::integral_constant<int, -1>>
            local w : vk::SpirvOpaqueType<5000, vk::Literal<vk::integral_constant<uint64_t, 4294967298>>>
        "#]],
    );
}

#[test]
fn template_aliases_instantiate_their_operands() {
    // Alias templates (`template<typename T> using X = ...;`, HLSL 2021) bind `T` to each
    // use's argument (ext4; both locals were `{unknown}` before).
    check_infer_hlsl(
        r#"
template<typename T>
using Array4 = vk::SpirvOpaqueType</* OpTypeArray */ 28, T, vk::integral_constant<uint, 4> >;
void f() { Array4<int> a; Array4<float3> b; }
"#,
        expect![[r#"
            fn f:
            local a : vk::SpirvOpaqueType<28, int, vk::integral_constant<uint, 4>>
            local b : vk::SpirvOpaqueType<28, float3, vk::integral_constant<uint, 4>>
        "#]],
    );
}

#[test]
fn template_arguments_dxc_refuses() {
    // The messages of DXC's Sema and SPIR-V type lowering (`spv.inline.type.error.hlsl`
    // checks the first and the last).
    check_diagnostics(
        r#"
template<typename T> struct SomeTemplate { T t; };
void main(uint iid : SV_InstanceID) {
    typedef vk::SpirvOpaqueType</* OpTypeInt */ 21, iid, 0> BadType;
    BadType val;
    typedef vk::SpirvType</* OpTypeInt */ 21, 8, iid> BadType2;
    BadType2 val2;
    vk::SpirvOpaqueType<21, 32> plain;
    vk::SpirvOpaqueType<21, vk::Literal<float> > lit;
    vk::SpirvOpaqueType<21, vk::integral_constant<float, 1> > flt;
    vk::SpirvType<21, 4> few;
    vk::SpirvType<21, 4, 3> align;
    vk::SpirvOpaqueType<0x10000> big;
    vk::SpirvOpaqueType<21, SomeTemplate, 0> BadTemplate;
}
"#,
        expect![[r#"
            E2037 4:5 `typedef vk::SpirvOpaqueType</* OpTypeInt */ 21, iid, 0> BadType;`: template argument for 'SpirvOpaqueType' must evaluate to a constant rvalue (`iid` names no type; an operand is a type, vk::integral_constant or vk::Literal)
            E2037 6:5 `typedef vk::SpirvType</* OpTypeInt */ 21, 8, iid> BadType2;`: template argument for 'SpirvType' must evaluate to a constant rvalue
            E2037 8:33 `plain`: template argument for template type parameter must be a type: an operand of vk::SpirvOpaqueType is a type, vk::integral_constant<T, v> (a constant id) or vk::Literal<vk::integral_constant<T, v>> (literal words)
            E2037 9:50 `lit`: the argument to vk::Literal must be a vk::integral_constant
            E2037 10:63 `flt`: the type of a vk::integral_constant must be an integral or enum type, not `float`
            E2037 11:26 `few`: too few template arguments for vk::SpirvType: it takes the opcode, the size and the alignment, then the operands
            E2037 12:29 `align`: the alignment of vk::SpirvType must be a power of two, not 3
            E2037 13:34 `big`: 65536 is not a SPIR-V opcode (vk::SpirvOpaqueType takes the opcode of an OpType instruction)
            E2037 14:46 `BadTemplate`: 'SomeTemplate' is not a valid HLSL type (did you forget the template arguments?)
        "#]],
    );
}

#[test]
fn sized_types_may_sit_in_buffers_and_behind_pointers() {
    check_diagnostics(
        r#"
typedef vk::SpirvType<21, 1, 1, vk::Literal<vk::integral_constant<uint, 8> >, vk::Literal<vk::integral_constant<bool, false> > > u8;
typedef vk::SpirvOpaqueType<21, vk::Literal<vk::integral_constant<uint, 8> >, vk::Literal<vk::integral_constant<bool, false> > > o8;
struct S { u8 a; uint b; };
StructuredBuffer<S> sb;
cbuffer C { vk::BufferPointer<u8> p; };
vk::BufferPointer<o8> q;
"#,
        expect![[r#"
            E2037 7:23 `q`: vk::BufferPointer cannot point to `vk::SpirvOpaqueType<21, vk::Literal<vk::integral_constant<uint, 8>>, vk::Literal<vk::integral_constant<bool, false>>>`
        "#]],
    );
}

#[test]
fn alias_capabilities_do_not_make_another_type() {
    // `u8` asks for Int8 where it is used; the type is still the one written out. A
    // capability is written as its number (DXC takes no names there either).
    check_diagnostics(
        r#"
using u8 [[vk::ext_capability(/* Int8 */ 39)]] [[vk::ext_extension("SPV_KHR_8bit_storage")]] = vk::SpirvType<21, 1, 1, vk::Literal<vk::integral_constant<uint, 8> >, vk::Literal<vk::integral_constant<bool, false> > >;
[[vk::ext_capability(Int8)]] typedef vk::SpirvOpaqueType<22, vk::Literal<vk::integral_constant<uint, 32> > > f32;
void f() {
    u8 a;
    vk::SpirvType<21, 1, 1, vk::Literal<vk::integral_constant<uint, 8> >, vk::Literal<vk::integral_constant<bool, false> > > b = a;
    f32 c;
}
"#,
        expect![[r#"
            E2037 7:9 `c`: vk::ext_capability takes a capability number
        "#]],
    );
}

#[test]
fn a_const_alias_makes_its_locals_const() {
    // DXC's `vk/spirv.h` declares `vk::WorkgroupSpirvPointer<T>` as a `const` alias template;
    // a local of it cannot be assigned, in DXC's words (ext4).
    check_diagnostics(
        r#"
template <typename T> using Ptr = const vk::SpirvOpaqueType</* OpTypePointer */ 32, vk::Literal<vk::integral_constant<uint, 4> >, T>;
using Fixed = const float;
typedef const int Count;
void f(Ptr<int> a) {
    Count c = 3;
    c += 1;
    Ptr<int> p = a;
    p = a;
    Fixed k = 1.0;
    k = 2.0;
}
"#,
        expect![[r#"
            E2007 7:5 `c`: cannot assign to variable 'c' with const-qualified type 'Count'
            E2007 9:5 `p`: cannot assign to variable 'p' with const-qualified type 'Ptr<int>'
            E2007 11:5 `k`: cannot assign to variable 'k' with const-qualified type 'Fixed'
        "#]],
    );
}
