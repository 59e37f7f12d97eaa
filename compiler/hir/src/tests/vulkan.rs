//! Vulkan-specific HLSL: subpass input types and `SubpassLoad`, `vk::RawBufferLoad` and
//! `vk::RawBufferStore` with their template argument, default `uint` and alignment checks,
//! `vk::ext_execution_mode`.

use expect_test::expect;

use super::{check_diagnostics, check_infer_hlsl};

#[test]
fn subpass_inputs_and_their_loads() {
    // `SubpassInput` without arguments holds `float4` (DXC's default).
    check_infer_hlsl(
        r#"
SubpassInput a; SubpassInput<int2> b; SubpassInputMS<uint> c;
void f() { a.SubpassLoad(); b.SubpassLoad(); c.SubpassLoad(2); }
"#,
        expect![[r#"
            fn f:
            a.SubpassLoad() : float4
            a : SubpassInput<float4>
            b.SubpassLoad() : int2
            b : SubpassInput<int2>
            c.SubpassLoad(2) : uint
            c : SubpassInputMS<uint>
            2 : literal int
        "#]],
    );
}

#[test]
fn subpass_input_elements_are_scalars_or_vectors() {
    // The arguments of `SubpassLoad` are checked by the intrinsic table's tests.
    check_diagnostics(
        r#"
struct S { float a; };
SubpassInput<S> s;
SubpassInputMS<float3x3> m;
SubpassInputMS<int3> ok;
"#,
        expect![[r#"
            E2037 3:17 `s`: only scalar and vector types are allowed as the element of SubpassInput, not `S`
            E2037 4:26 `m`: only scalar and vector types are allowed as the element of SubpassInputMS, not `float3x3`
        "#]],
    );
}

#[test]
fn raw_buffer_load_and_store_types() {
    check_infer_hlsl(
        r#"
struct S { float a; float3 b; };
void f(uint64_t p) {
    vk::RawBufferLoad<float2>(p, 8);
    vk::RawBufferLoad(p);
    vk::RawBufferLoad<S>(p + 16);
    vk::RawBufferStore<double>(p, 1.0, 8);
    vk::RawBufferStore(p, 3);
}
"#,
        expect![[r#"
            fn f:
            vk::RawBufferLoad<float2>(p, 8) : float2
            vk::RawBufferLoad<float2> : float2
            p : uint64_t
            8 : literal int
            vk::RawBufferLoad(p) : uint
            vk::RawBufferLoad : uint
            p : uint64_t
            vk::RawBufferLoad<S>(p + 16) : S
            vk::RawBufferLoad<S> : S
            p + 16 : uint64_t
            p : uint64_t
            16 : literal int
            vk::RawBufferStore<double>(p, 1.0, 8) : void
            vk::RawBufferStore<double> : double
            p : uint64_t
            1.0 : literal float
            8 : literal int
            vk::RawBufferStore(p, 3) : void
            vk::RawBufferStore : uint
            p : uint64_t
            3 : literal int
            local p : uint64_t
        "#]],
    );
}

#[test]
fn raw_buffer_misuse() {
    check_diagnostics(
        r#"
Texture2D t;
void f(uint64_t p) {
    vk::RawBufferLoad<float4>(p, -16);
    vk::RawBufferLoad<float4>(p, 12);
    vk::RawBufferLoad<float4>(p, 2.0);
    vk::RawBufferStore<float>(p);
    vk::RawBufferLoad<float, int>(p);
    vk::RawBufferLoad<Texture2D>(p);
    vk::RawBufferStore<float2>(p, t);
}
"#,
        expect![[r#"
            E2038 4:34 `-16`: alignment argument must be a constant unsigned integer
            E2038 5:34 `12`: alignment argument must be a power of two
            E2038 6:34 `2.0`: alignment argument must be a constant unsigned integer
            E2006 7:5 `vk::RawBufferStore<float>(p)`: `vk::RawBufferStore` takes 2 or 3 arguments, 1 given
            E2006 8:5 `vk::RawBufferLoad<float, int>(p)`: `vk::RawBufferLoad` takes one template argument, a type
            E2003 9:5 `vk::RawBufferLoad<Texture2D>(p)`: `vk::RawBufferLoad` cannot move a resource (`Texture2D<float4>`)
            E2003 10:35 `t`: cannot convert from `Texture2D<float4>` to `float2`
        "#]],
    );
}

#[test]
fn ext_execution_mode_needs_a_mode() {
    check_diagnostics(
        r#"
void f() { vk::ext_execution_mode(17, 1, 2, 3); vk::ext_execution_mode(); }
"#,
        expect![[r#"
            E2006 2:49 `vk::ext_execution_mode()`: `vk::ext_execution_mode` takes the mode and its operands
        "#]],
    );
}

#[test]
fn vulkan_types_not_supported_yet_say_so() {
    check_diagnostics(
        r#"
struct S { int a; };
cbuffer C { vk::BufferPointer<S> p; }; // supported: see `buffer_pointer`
vk::SampledTexture2D<float4> t; // supported: see `sampled_texture`
vk::SpirvOpaqueType<22, vk::Literal<vk::integral_constant<uint, 32> > > o; // see `spirv_type`
vk::Sampler2D u;
"#,
        expect![[r#"
            E2014 6:15 `u`: unknown type `vk::Sampler2D`
        "#]],
    );
}

#[test]
fn read_clock_and_the_vk_scopes() {
    check_infer_hlsl(
        r#"
void f() { vk::ReadClock(vk::DeviceScope); vk::ReadClock(3); }
"#,
        expect![[r#"
            fn f:
            vk::ReadClock(vk::DeviceScope) : uint64_t
            vk::ReadClock : {unknown}
            vk::DeviceScope : uint
            vk::ReadClock(3) : uint64_t
            vk::ReadClock : {unknown}
            3 : literal int
        "#]],
    );
}

#[test]
fn decorations_on_parameters_of_functions_that_are_not_entries_are_ignored() {
    // DXC decorates variables and the entry point's stage variables, never a parameter.
    check_diagnostics(
        r#"
float twice([[vk::ext_decorate(0)]] float v, [[vk::ext_decorate_string(5636, "x")]] float w) { return v * w; }
[numthreads(1, 1, 1)]
void main([[vk::ext_decorate(0)]] uint t : SV_GroupIndex) { twice(t, 1); }
"#,
        expect![[r#"
            W2100 2:13 `[[vk::ext_decorate(0)]]`: `[[vk::ext_decorate]]` on a parameter of a function that is not an entry point is ignored: DXC decorates variables and the entry point's stage variables, never a function parameter
            W2100 2:46 `[[vk::ext_decorate_string(5636, "x")]]`: `[[vk::ext_decorate_string]]` on a parameter of a function that is not an entry point is ignored: DXC decorates variables and the entry point's stage variables, never a function parameter
        "#]],
    );
}
