//! Snapshot tests of the rest of inline SPIR-V: `[[vk::ext_decorate_id]]` on globals (its
//! integer operands become constants, written as ids), `[[vk::ext_decorate]]` and
//! `[[vk::ext_decorate_string]]` on struct and cbuffer members (module-level member
//! decorations), on locals (their allocas or globals); on parameters E3001. Each dump
//! verified.

mod common;

use expect_test::expect;

#[test]
fn decorate_id_operands_are_constants() {
    let dump = common::dump(
        r#"
[[vk::ext_decorate_id(/* UniformId */ 27, /* Subgroup */ 3)]] RWStructuredBuffer<uint> Buf;
[numthreads(1, 1, 1)]
void main() { Buf[0] = 1; }
"#,
    );
    expect![[r#"
        @g0 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) spirv_decorate_id(27, 3:uint) layout(relaxed_std430) ; Buf

        func @main_body() -> void {
        bb0: ; (entry)
          %0 = access_chain @g0, 0:int : ptr<storage_buffer, uint>
          store %0, 1:uint
          ret
        }

        func @main() -> void {
        bb0: ; (entry)
          call @main_body()
          ret
        }

        entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
    "#]].assert_eq(&dump);
}

#[test]
fn member_decorations_are_recorded_by_struct_and_member() {
    let dump = common::dump(
        r#"
struct S { float a; [[vk::ext_decorate(/* RelaxedPrecision */ 0)]] float b; };
cbuffer C { float k; [[vk::ext_decorate_string(/* UserSemantic */ 5635, "gain")]] float g; };
RWStructuredBuffer<S> Buf;
[numthreads(1, 1, 1)]
void main() { Buf[0].b = k * g; }
"#,
    );
    expect![[r#"
        spirv_member_decoration type.C.1 spirv_decorate_string(5635, "gain")
        spirv_member_decoration S.1 spirv_decorate(0)

        struct S { float a; float b; }
        struct type.C { float k; float g; }

        @g0 = resource storage_buffer RWStructuredBuffer<S> set(0) binding(1) layout(relaxed_std430) ; Buf
        @g1 = resource uniform ConstantBuffer<type.C> set(0) binding(0) layout(relaxed_std140) ; C

        func @main_body() -> void {
        bb0: ; (entry)
          %0 = access_chain @g0, 0:int : ptr<storage_buffer, S>
          %1 = access_chain %0, 1:int : ptr<storage_buffer, float>
          %2 = access_chain @g1, 0:int : ptr<uniform, float>
          %3 = load %2 : float
          %4 = access_chain @g1, 1:int : ptr<uniform, float>
          %5 = load %4 : float
          %6 = mul %3, %5 : float
          store %1, %6
          ret
        }

        func @main() -> void {
        bb0: ; (entry)
          call @main_body()
          ret
        }

        entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
    "#]].assert_eq(&dump);
}

#[test]
fn local_decorations_ride_on_their_variables() {
    // DXC's SPIR-V.rst: on a variable, `[[vk::ext_decorate]]` decorates it; a local is an
    // alloca, a `static` local a private global.
    let dump = common::dump(
        r#"
RWStructuredBuffer<float> Out;
[numthreads(1, 1, 1)]
void main() {
    [[vk::ext_decorate(/* RelaxedPrecision */ 0)]] float x = Out[0];
    [[vk::ext_decorate(/* RelaxedPrecision */ 0)]] static float s = 2;
    Out[1] = x * s;
}
"#,
    );
    expect![[r#"
        @g0 = private float spirv_decorate(0) = 2.0:float ; main_body.s
        @g1 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out

        func @main_body() -> void {
        bb0: ; (entry)
          %0 = alloca spirv_decorate(0) : ptr<function, float> ; x
          %1 = access_chain @g1, 0:int : ptr<storage_buffer, float>
          %2 = load %1 : float
          store %0, %2
          %3 = access_chain @g1, 1:int : ptr<storage_buffer, float>
          %4 = load %0 : float
          %5 = load @g0 : float
          %6 = mul %4, %5 : float
          store %3, %6
          ret
        }

        func @main() -> void {
        bb0: ; (entry)
          call @main_body()
          ret
        }

        entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
    "#]].assert_eq(&dump);
}

#[test]
fn parameter_decorations_go_where_dxc_puts_them() {
    // DXC decorates variables and stage variables, never an `OpFunctionParameter`; semantic
    // analysis warns (W2100) and the function lowers without the decoration.
    let m = common::lower(
        r#"
float twice([[vk::ext_decorate(/* RelaxedPrecision */ 0)]] float v) { return v * 2; }
RWStructuredBuffer<float> Out;
[numthreads(1, 1, 1)]
void main() { Out[0] = twice(Out[1]); }
"#,
    );
    assert!(m
        .functions
        .iter()
        .all(|(_, f)| f.spirv_decorations.is_empty()));
    // An entry point's parameter is a stage variable, which DXC decorates: so is it here.
    let m = common::lower(
        r#"
RWStructuredBuffer<uint> Out;
[numthreads(1, 1, 1)]
void main([[vk::ext_decorate(/* RelaxedPrecision */ 0)]] uint t : SV_GroupIndex) { Out[t] = 1; }
"#,
    );
    let decorated: Vec<_> = m
        .globals
        .iter()
        .filter(|(_, g)| !g.spirv_decorations.is_empty())
        .map(|(_, g)| (g.name.clone(), g.spirv_decorations.len()))
        .collect();
    assert_eq!(decorated, vec![("SV_GroupIndex".to_owned(), 1)]);
    // A struct parameter of an entry: DXC makes a variable per field, decorated with the
    // field's own attributes; the parameter's are dropped.
    let m = common::lower_stage(
        r#"
struct In { float4 c : COLOR; };
float4 main([[vk::ext_decorate(/* RelaxedPrecision */ 0)]] In i) : SV_Target { return i.c; }
"#,
        lower::ShaderStage::Pixel,
    );
    assert!(m
        .globals
        .iter()
        .all(|(_, g)| g.spirv_decorations.is_empty()));
}
