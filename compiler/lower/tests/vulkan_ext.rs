//! Snapshot tests of Vulkan-specific HLSL: subpass inputs (the attachment index on the
//! global, `SubpassLoad` as an intrinsic on the input's pointer, DXC's declaration and stage
//! checks) and `vk::RawBufferLoad`/`vk::RawBufferStore` (address, value converted to `T`,
//! alignment 4 by default); each dump verified.

mod common;

use expect_test::{expect, Expect};
use lower::ShaderStage;

fn check_pixel(text: &str, expect: Expect) {
    expect.assert_eq(&ir::print_module(&common::lower_stage(
        text,
        ShaderStage::Pixel,
    )));
}

#[test]
fn subpass_loads() {
    check_pixel(
        r#"
[[vk::input_attachment_index(2)]] SubpassInput<float3> albedo;
[[vk::input_attachment_index(0)]] SubpassInputMS<uint> ids : register(t4);
float4 main(uint s : SV_SampleIndex) : SV_Target {
    return float4(albedo.SubpassLoad(), ids.SubpassLoad(s));
}
"#,
        expect![[r#"
            @g0 = input uint builtin(SampleId) nointerpolation ; in.SV_SampleIndex
            @g1 = output float4 location(0) ; out.SV_Target
            @g2 = resource uniform_constant SubpassInput<float3> set(0) binding(0) input_attachment(2) ; albedo
            @g3 = resource uniform_constant SubpassInputMS<uint> set(0) binding(4) input_attachment(0) ; ids

            func @main_body(%arg0: uint) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; s
              store %0, %arg0
              %1 = call_intrinsic SubpassInput::SubpassLoad(@g2) : float3
              %2 = load %0 : uint
              %3 = convert %2 : int
              %4 = call_intrinsic SubpassInput::SubpassLoad(@g3, %3) : uint
              %5 = convert %4 : float
              %6 = composite_construct %1, %5 : float4
              ret %6
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint
              %1 = call @main_body(%0) : float4
              store @g1, %1
              ret
            }

            entry pixel "main" @main inputs(@g0) outputs(@g1)
        "#]],
    );
}

#[test]
fn subpass_declaration_errors() {
    // Both reported whether the entry uses the inputs or not, as DXC does.
    let err = common::try_lower_stage(
        r#"
SubpassInput missing;
[[vk::input_attachment_index(1)]] static SubpassInput hidden;
float4 main() : SV_Target { return 0; }
"#,
        ShaderStage::Pixel,
    )
    .unwrap_err();
    expect![[r#"
        E3010 14..21: missing vk::input_attachment_index attribute
        E3010 77..83: SubpassInput(MS) must be externally visible"#]]
    .assert_eq(&err);
}

#[test]
fn subpass_inputs_belong_to_pixel_shaders() {
    let err = common::try_lower_stage(
        r#"
[[vk::input_attachment_index(0)]] SubpassInput color;
RWStructuredBuffer<float4> o;
[numthreads(1, 1, 1)]
void main() { o[0] = color.SubpassLoad(); }
"#,
        ShaderStage::Compute,
    )
    .unwrap_err();
    expect!["E3010 48..53: SubpassInput(MS) only allowed in pixel shader"].assert_eq(&err);
}

#[test]
fn raw_buffer_loads_and_stores() {
    expect![[r#"
        struct type.$Globals { uint64_t Base; }
        struct Pair { float a; bool b; }

        @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
        @g1 = resource uniform ConstantBuffer<type.$Globals> set(0) binding(0) layout(relaxed_std140) ; $Globals

        func @main_body(%arg0: uint3) -> void {
        bb0: ; (entry)
          %0 = alloca : ptr<function, uint3> ; id
          %1 = alloca : ptr<function, Pair> ; p
          %2 = alloca : ptr<function, uint> ; n
          store %0, %arg0
          %3 = access_chain @g1, 0:int : ptr<uniform, uint64_t>
          %4 = load %3 : uint64_t
          %5 = load %0 : uint3
          %6 = composite_extract %5, [0] : uint
          %7 = mul %6, 8:uint : uint
          %8 = convert %7 : uint64_t
          %9 = add %4, %8 : uint64_t
          %10 = call_intrinsic vk::RawBufferLoad(%9, 8:uint) : Pair
          store %1, %10
          %11 = access_chain @g1, 0:int : ptr<uniform, uint64_t>
          %12 = load %11 : uint64_t
          %13 = call_intrinsic vk::RawBufferLoad(%12, 4:uint) : uint
          store %2, %13
          %14 = access_chain @g1, 0:int : ptr<uniform, uint64_t>
          %15 = load %14 : uint64_t
          %16 = load %2 : uint
          %17 = convert %16 : float
          call_intrinsic vk::RawBufferStore(%15, %17, 4:uint)
          %18 = access_chain @g1, 0:int : ptr<uniform, uint64_t>
          %19 = load %18 : uint64_t
          %20 = add %19, 4:uint64_t : uint64_t
          %21 = access_chain %1, 1:int : ptr<function, bool>
          %22 = load %21 : bool
          %23 = select %22, 1:uint, 0:uint : uint
          call_intrinsic vk::RawBufferStore(%20, %23, 16:uint)
          ret
        }

        func @main() -> void {
        bb0: ; (entry)
          %0 = load @g0 : uint3 ; id
          call @main_body(%0)
          ret
        }

        entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
    "#]]
    .assert_eq(&common::dump(
        r#"
struct Pair { float a; bool b; };
uint64_t Base;
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Pair p = vk::RawBufferLoad<Pair>(Base + id.x * 8, 8);
    uint n = vk::RawBufferLoad(Base);
    vk::RawBufferStore<float>(Base, n);
    vk::RawBufferStore(Base + 4, p.b, 16);
}
"#,
    ));
}

#[test]
fn raw_buffer_alignment_from_a_constant() {
    // A named constant gives its value; a run-time value is refused, as DXC refuses it.
    let text = r#"
static const uint Align = 16;
uint64_t Base;
uint Dynamic;
[numthreads(1, 1, 1)]
void main() {
    float4 v = vk::RawBufferLoad<float4>(Base, Align);
    vk::RawBufferStore<float4>(Base, v, Dynamic);
}
"#;
    expect!["E3011 191..198: alignment argument must be a constant unsigned integer power of two"]
        .assert_eq(&common::try_lower(text).unwrap_err());
}

#[test]
fn the_interpreter_reports_a_raw_buffer_access_at_no_buffer() {
    // No device buffer holds address 0 (`device_memory.rs` runs real ones): an error.
    use interp::{dispatch, Bindings, Program, ProgramOptions, Resource, RunOptions};
    let m = common::lower(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() { Out[0] = vk::RawBufferLoad(0); }
"#,
    );
    let program = Program::new(&m, "main", &ProgramOptions::default()).expect("program");
    let mut bindings = Bindings::new(&program);
    bindings
        .bind(&program, 0, 0, 0, Resource::buffer(vec![0; 4]))
        .expect("bind");
    let err = dispatch(
        &program,
        &mut bindings,
        [1, 1, 1],
        &RunOptions::default(),
        None,
    )
    .unwrap_err();
    expect![
        "invocation [0, 0, 0] of group [0, 0, 0]: device address 0x0: no device buffer holds it"
    ]
    .assert_eq(&err.to_string());
}

#[test]
fn inline_spirv_instructions_modes_and_capabilities() {
    check_pixel(
        r#"
[[vk::ext_capability(5055)]]
[[vk::ext_extension("SPV_KHR_shader_clock")]]
[[vk::ext_instruction(/* OpReadClockKHR */ 5056)]]
uint64_t clock(uint scope);
[[vk::ext_instruction(/* FMix */ 46, "GLSL.std.450")]]
float mixf(float a, float b, float t);
[[vk::ext_instruction(/* OpStore */ 62)]]
void store([[vk::ext_reference]] float pointer, float object, [[vk::ext_literal]] uint access);
float4 main() : SV_Target {
    vk::ext_execution_mode(/* EarlyFragmentTests */ 9);
    float r;
    store(r, mixf(0, 1, 0.25), 0);
    return r + (float)clock(3);
}
"#,
        expect![[r#"
            spirv_capability 5055
            spirv_extension "SPV_KHR_shader_clock"
            spirv_execution_mode 9

            @g0 = output float4 location(0) ; out.SV_Target

            func @main_body() -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float> ; r
              %1 = call_intrinsic vk::ext_instruction["GLSL.std.450" 46](0.0:float, 1.0:float, 0.25:float) : float
              call_intrinsic vk::ext_instruction[62](ref %0, %1, literal 0:uint)
              %2 = load %0 : float
              %3 = call_intrinsic vk::ext_instruction[5056](3:uint) : uint64_t
              %4 = convert %3 : float
              %5 = add %2, %4 : float
              %6 = composite_construct %5, %5, %5, %5 : float4
              ret %6
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = call @main_body() : float4
              store @g0, %0
              ret
            }

            entry pixel "main" @main inputs() outputs(@g0)
        "#]],
    );
}

#[test]
fn inline_spirv_misuse() {
    let err = common::try_lower_stage(
        r#"
[[vk::ext_instruction(/* OpStore */ 62)]]
void store([[vk::ext_reference]] float pointer, float object);
float4 main() : SV_Target { store(1.0, 2.0); return 0; }
"#,
        ShaderStage::Pixel,
    )
    .unwrap_err();
    expect!["E3012 140..143: argument for a parameter with vk::ext_reference attribute must be a reference"]
    .assert_eq(&err);
    let err = common::try_lower_stage(
        r#"
uint Mode;
float4 main() : SV_Target { vk::ext_execution_mode(Mode); return 0; }
"#,
        ShaderStage::Pixel,
    )
    .unwrap_err();
    expect!["E3012 63..67: the arguments of vk::ext_execution_mode must be integer constants"]
        .assert_eq(&err);
}

#[test]
fn inline_spirv_decorations_ride_on_globals() {
    expect![[r#"
        @g0 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) spirv_decorate(23) layout(relaxed_std430) ; Buf
        @g1 = resource uniform_constant Texture2D<float4> set(0) binding(1) spirv_decorate_string(5636, "tex") ; Tex

        func @main_body() -> void {
        bb0: ; (entry)
          %0 = access_chain @g0, 0:int : ptr<storage_buffer, uint>
          %1 = composite_construct 0:int, 0:int, 0:int : int3
          %2 = swizzle %1, xy : int2
          %3 = composite_extract %1, [2] : int
          %4 = texture_load @g1, %2, %3 : float4
          %5 = composite_extract %4, [0] : float
          %6 = convert %5 : uint
          store %0, %6
          ret
        }

        func @main() -> void {
        bb0: ; (entry)
          call @main_body()
          ret
        }

        entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
    "#]]
    .assert_eq(&common::dump(
        r#"
[[vk::ext_decorate(/* Coherent */ 23)]] RWStructuredBuffer<uint> Buf;
[[vk::ext_decorate_string(5636, "tex")]] Texture2D Tex;
[numthreads(1, 1, 1)]
void main() { Buf[0] = (uint)Tex.Load(int3(0, 0, 0)).x; }
"#,
    ));
}
