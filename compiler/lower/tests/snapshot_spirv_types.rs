//! Snapshot tests of inline SPIR-V types (`vk::SpirvType`, `vk::SpirvOpaqueType`): the type
//! flows through lowering unchanged (`spirv_type<...>`/`spirv_opaque_type<...>` in the dump),
//! locals of either kind are allocas, and values pass to and from `vk::ext_instruction` and
//! user functions. An alias's `[[vk::ext_capability]]` travels with the type (the backend
//! declares it where the type is emitted: `cli/tests/spirv/spirv_types.rs`), so the dump has
//! no `spirv_capability` line for it. Each dump read and verified.

mod common;

use expect_test::expect;

#[test]
fn inline_spirv_values_flow_through_locals_calls_and_instructions() {
    let text = r#"
typedef vk::SpirvType</* OpTypeInt */ 21, 1, 1, vk::Literal<vk::integral_constant<uint, 8> >, vk::Literal<vk::integral_constant<bool, false> > > u8;
using Arr [[vk::ext_capability(/* Int8 */ 39)]] = vk::SpirvOpaqueType</* OpTypeArray */ 28, u8, vk::integral_constant<uint, 4> >;
[[vk::ext_instruction(/* OpUConvert */ 113)]] u8 to_u8(uint v);
[[vk::ext_instruction(/* OpUConvert */ 113)]] uint from_u8(u8 v);
[[vk::ext_instruction(/* OpCompositeConstruct */ 80)]] Arr four(u8 a, u8 b, u8 c, u8 d);
[[vk::ext_instruction(/* OpCompositeExtract */ 81)]] u8 at(Arr a, [[vk::ext_literal]] uint i);
u8 pick(Arr a) { return at(a, 2); }
RWStructuredBuffer<uint> o;
[numthreads(1, 1, 1)] void main() {
    u8 x = to_u8(300);
    Arr a = four(x, x, x, x);
    o[0] = from_u8(pick(a));
}
"#;
    expect![[r#"
        @g0 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; o

        func @main_body() -> void {
        bb0: ; (entry)
          %0 = alloca : ptr<function, spirv_type<21, size 1, align 1, literal uint 8, literal bool false>> ; x
          %1 = alloca : ptr<function, spirv_opaque_type<28, spirv_type<21, size 1, align 1, literal uint 8, literal bool false>, const uint 4>> ; a
          %2 = call_intrinsic vk::ext_instruction[113](300:uint) : spirv_type<21, size 1, align 1, literal uint 8, literal bool false>
          store %0, %2
          %3 = load %0 : spirv_type<21, size 1, align 1, literal uint 8, literal bool false>
          %4 = load %0 : spirv_type<21, size 1, align 1, literal uint 8, literal bool false>
          %5 = load %0 : spirv_type<21, size 1, align 1, literal uint 8, literal bool false>
          %6 = load %0 : spirv_type<21, size 1, align 1, literal uint 8, literal bool false>
          %7 = call_intrinsic vk::ext_instruction[80](%3, %4, %5, %6) : spirv_opaque_type<28, spirv_type<21, size 1, align 1, literal uint 8, literal bool false>, const uint 4>
          store %1, %7
          %8 = access_chain @g0, 0:int : ptr<storage_buffer, uint>
          %9 = load %1 : spirv_opaque_type<28, spirv_type<21, size 1, align 1, literal uint 8, literal bool false>, const uint 4>
          %10 = call @pick(%9) : spirv_type<21, size 1, align 1, literal uint 8, literal bool false>
          %11 = call_intrinsic vk::ext_instruction[113](%10) : uint
          store %8, %11
          ret
        }

        func @main() -> void {
        bb0: ; (entry)
          call @main_body()
          ret
        }

        func @pick(%arg0: spirv_opaque_type<28, spirv_type<21, size 1, align 1, literal uint 8, literal bool false>, const uint 4>) -> spirv_type<21, size 1, align 1, literal uint 8, literal bool false> {
        bb0: ; (entry)
          %0 = alloca : ptr<function, spirv_opaque_type<28, spirv_type<21, size 1, align 1, literal uint 8, literal bool false>, const uint 4>> ; a
          store %0, %arg0
          %1 = load %0 : spirv_opaque_type<28, spirv_type<21, size 1, align 1, literal uint 8, literal bool false>, const uint 4>
          %2 = call_intrinsic vk::ext_instruction[81](%1, literal 2:uint) : spirv_type<21, size 1, align 1, literal uint 8, literal bool false>
          ret %2
        }

        entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
    "#]]
    .assert_eq(&common::dump(text));
}
