//! DXC's declaration rules (`decl_checks`, and the stage rules of `entry_checks` that DXC's
//! SPIR-V path adds): Vulkan attributes on the wrong declarations (E2027), specialization
//! constants (E2028), elements of typed buffers (E2029), `discard` outside pixel shaders
//! (E2030), interpolated integer pixel inputs (E2031), hull shaders without
//! `SV_OutputControlPointID` (E2032) and SM 6.10's debugger queries (E2034). Each test also holds the declarations the rule allows,
//! which must stay silent.

use expect_test::expect;

use super::{check_diagnostics, diagnostics_with_entries};

fn check(src: &str, entries: &[(&str, &str)], expect: expect_test::Expect) {
    expect.assert_eq(&diagnostics_with_entries(src, entries));
}

#[test]
fn vulkan_attributes_on_the_wrong_declarations() {
    check_diagnostics(
        r#"
struct S { [[vk::binding(1)]] float a; [[vk::location(2)]] float b; };
[[vk::binding(3)]] Texture2D t;
[[vk::counter_binding(4)]] RWStructuredBuffer<float> rw;
[[vk::counter_binding(5)]] StructuredBuffer<float> ro;
[[vk::location(6)]] cbuffer C { float c; }
[[vk::binding(7)]] cbuffer D { float d; }
[[vk::binding(8)]] float4 f([[vk::location(9)]] float4 p : P, [[vk::binding(10)]] float q : Q) : R { return p; }
[[vk::push_constant]] S pc;
struct T { [[vk::push_constant]] float x; };
[[vk::shader_record_ext(1)]] S rec;
[[vk::ext_decorate_id(27, 13)]] [[vk::ext_decorate(5636, 1)]] uint g(uint x) { return x; }
[[vk::ext_decorate_string(5636, "t")]] uint h(uint x) { return x; }
"#,
        expect![[r#"
            E2027 2:12 `[[vk::binding(1)]]`: 'binding' attribute only applies to global variables, cbuffers, and tbuffers
            E2027 5:1 `[[vk::counter_binding(5)]]`: 'counter_binding' attribute only applies to RWStructuredBuffers, AppendStructuredBuffers, and ConsumeStructuredBuffers
            E2027 6:1 `[[vk::location(6)]]`: 'location' attribute only applies to functions, parameters, and fields
            E2027 8:1 `[[vk::binding(8)]]`: 'binding' attribute only applies to global variables, cbuffers, and tbuffers
            E2027 8:63 `[[vk::binding(10)]]`: 'binding' attribute only applies to global variables, cbuffers, and tbuffers
            E2027 10:12 `[[vk::push_constant]]`: 'push_constant' attribute only applies to global variables and cbuffers
            E2025 11:1 `[[vk::shader_record_ext(1)]]`: 'shader_record_ext' attribute takes no arguments
            E2027 12:1 `[[vk::ext_decorate_id(27, 13)]]`: vk::ext_decorate_id is not supported on functions
            E2027 13:1 `[[vk::ext_decorate_string(5636, "t")]]`: vk::ext_decorate_string is not supported on functions
        "#]],
    );
}

#[test]
fn specialization_constants() {
    check_diagnostics(
        r#"
[[vk::constant_id(0)]] const bool a = true;
[[vk::constant_id(1)]] const int b = -4;
[[vk::constant_id(2)]] const float c = (1.5);
[[vk::constant_id(3)]] const int d = b;
[[vk::constant_id(4)]] const double e = 1;
[[vk::constant_id(5)]] const uint f;
[[vk::constant_id(6)]] static const int g = 1;
[[vk::constant_id(7)]] const int h = 1 + 2;
[[vk::constant_id(8)]] const float2 v = 1;
"#,
        expect![[r#"
            E2028 5:38 `b`: unsupported specialization constant initializer: the default value must be a literal
            E2028 6:24 `const double`: unsupported specialization constant type `double`: only bool and 32-bit or smaller integer and float scalars
            E2028 7:35 `f`: missing default value for specialization constant
            E2028 8:41 `g`: a specialization constant cannot be `static`: it must be visible outside the shader
            E2028 9:38 `1 + 2`: unsupported specialization constant initializer: the default value must be a literal
            E2028 10:24 `const float2`: unsupported specialization constant type `float2`: only bool and 32-bit or smaller integer and float scalars
        "#]],
    );
}

#[test]
fn typed_buffers_hold_scalars_or_vectors() {
    // Current DXC refuses a texture of a struct too, even one whose fields make one vector
    // (its typed-resource element tests: `Texture2D<MyFloat4>`).
    check_diagnostics(
        r#"
struct S { float a; float b; };
Buffer<S> b;
RWBuffer<S> rw[2];
RasterizerOrderedBuffer<S> rov;
Texture2D<S> t;
Buffer<float4> ok;
RWTexture2D<uint> ok2;
StructuredBuffer<S> ok3;
"#,
        expect![[r#"
            E2029 3:1 `Buffer<S>`: elements of typed buffers and textures must be scalars or vectors, not `S`
            E2029 4:1 `RWBuffer<S>`: elements of typed buffers and textures must be scalars or vectors, not `S`
            E2029 5:1 `RasterizerOrderedBuffer<S>`: elements of typed buffers and textures must be scalars or vectors, not `S`
            E2029 6:1 `Texture2D<S>`: elements of typed buffers and textures must be scalars or vectors, not `S`
        "#]],
    );
}

#[test]
fn buffers_of_structs_holding_resources() {
    // Buffer memory cannot hold a resource; a struct of data only is fine.
    check_diagnostics(
        r#"
struct M { float4 c; Texture2D t; };
struct N { M inner[2]; };
struct D { float4 c; };
ConstantBuffer<M> cb;
StructuredBuffer<N> sb;
RWStructuredBuffer<D> ok;
"#,
        expect![[r#"
            E2037 5:19 `cb`: `ConstantBuffer<M>`: the element holds a resource, and a buffer cannot hold resources; declare the resources outside the struct
            E2037 6:21 `sb`: `StructuredBuffer<N>`: the element holds a resource, and a buffer cannot hold resources; declare the resources outside the struct
        "#]],
    );
}

#[test]
fn discard_outside_pixel_shaders() {
    // The compute entry reaches `discard` directly and through `kill` (declared by a
    // prototype first); `shade`, called by the pixel entry only, keeps its `discard`.
    check(
        r#"
void kill();
void shade() { discard; }
[numthreads(1, 1, 1)] void cs(uint3 id : SV_DispatchThreadID) { if (id.x == 0) { discard; } kill(); }
void kill() { discard; }
float4 ps() : SV_Target { shade(); kill(); return 0; }
"#,
        &[("cs", "cs_6_0"), ("ps", "ps_6_0")],
        expect![[r#"
            E2030 4:82 `discard;`: discard statement may only be used in pixel shaders (`cs` is a compute entry point)
            E2030 5:15 `discard;`: discard statement may only be used in pixel shaders (`cs` is a compute entry point)
        "#]],
    );
}

#[test]
fn integer_pixel_inputs_are_not_interpolated() {
    // Vertex outputs too: DXC decorates them as it does pixel inputs (newer words).
    check(
        r#"
struct In {
    linear int a : A;
    centroid uint2 b : B;
    sample bool c : C;
    nointerpolation int d : D;
    noperspective float e : E;
    int f : F;
};
float4 main(In i) : SV_Target { return 0; }
struct VsOut { linear int a : A; float4 p : SV_Position; };
VsOut vs() { return (VsOut)0; }
"#,
        &[("main", "ps_6_0"), ("vs", "vs_6_0")],
        expect![[r#"
            E2031 3:16 `a`: only nointerpolation mode allowed for integer input parameters in pixel shader: field `a` of type `int` is `linear`
              note 10:16 `i`: parameter `i` of pixel entry point `main`
            E2031 4:20 `b`: only nointerpolation mode allowed for integer input parameters in pixel shader: field `b` of type `uint2` is `centroid`
              note 10:16 `i`: parameter `i` of pixel entry point `main`
            E2031 5:17 `c`: only nointerpolation mode allowed for integer input parameters in pixel shader: field `c` of type `bool` is `sample`
              note 10:16 `i`: parameter `i` of pixel entry point `main`
            E2031 11:27 `a`: only nointerpolation mode allowed for integer input parameters in pixel shader or integer output in vertex shader: field `a` of type `int` is `linear`
              note 12:1 `VsOut`: the return value of vertex entry point `vs`
        "#]],
    );
}

#[test]
fn debugger_queries_have_no_vulkan_equivalent() {
    check_diagnostics(
        r#"
bool f() { return dx::IsDebuggerPresent() || dx::IsDebuggingEnabled(); }
"#,
        expect![[r#"
            E2034 2:19 `dx::IsDebuggerPresent()`: no equivalent for IsDebuggerPresent intrinsic function in Vulkan
            E2034 2:46 `dx::IsDebuggingEnabled()`: no equivalent for IsDebuggingEnabled intrinsic function in Vulkan
        "#]],
    );
}

#[test]
fn hull_shaders_name_their_output_control_point() {
    check(
        r#"
struct P { float4 p : POS; };
struct C { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
C pcf(InputPatch<P, 3> ip) { return (C)0; }
[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")]
[outputcontrolpoints(3)] [patchconstantfunc("pcf")]
P bad(InputPatch<P, 3> ip) { return ip[0]; }
[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")]
[outputcontrolpoints(3)] [patchconstantfunc("pcf")]
P good(InputPatch<P, 3> ip, uint id : SV_OutputControlPointID) { return ip[id]; }
"#,
        &[("bad", "hs_6_0"), ("good", "hs_6_0")],
        expect![[r#"
            E2032 7:3 `bad`: SV_OutputControlPointID semantic must be provided in hull shader: add a `uint id : SV_OutputControlPointID` parameter to `bad`
        "#]],
    );
}

#[test]
fn clip_and_cull_distances_are_floats() {
    check(
        r#"
struct Out {
    float4 p : SV_Position;
    int3 a[2] : SV_ClipDistance0;
    float2 b[2] : SV_ClipDistance1;
    uint c : SV_CullDistance0;
    float d : SV_CullDistance1;
};
Out main() { return (Out)0; }
"#,
        &[("main", "vs_6_0")],
        expect![[r#"
            E2036 4:17 `SV_ClipDistance0`: elements for SV_ClipDistance variable 'a' must be scalar, vector, or array with float type, not `int3[2]`
              note 9:1 `Out`: the return value of vertex entry point `main`
            E2036 6:14 `SV_CullDistance0`: elements for SV_CullDistance variable 'c' must be scalar, vector, or array with float type, not `uint`
              note 9:1 `Out`: the return value of vertex entry point `main`
        "#]],
    );
}

#[test]
fn stage_attributes_dxc_requires() {
    check(
        r#"
struct P { float4 p : POS; };
struct C { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
C pcf(InputPatch<P, 3> ip) { return (C)0; }
[domain("tri")] [partitioning("integer")] [outputcontrolpoints(3)] [patchconstantfunc("pcf")]
P hs(InputPatch<P, 3> ip, uint id : SV_OutputControlPointID) { return ip[id]; }
struct V { float4 p : SV_Position; };
[numthreads(1, 1, 1)]
void ms(out vertices V verts[3], out indices uint3 tris[1]) {}
[maxvertexcount(1)]
void gs(triangle float4 a[3] : A, line float4 b[2] : B, inout PointStream<V> s) {}
[maxvertexcount(1)]
void gs_ok(triangle float4 a[3] : A, triangle float4 b[3] : B, inout PointStream<V> s) {}
"#,
        &[
            ("hs", "hs_6_0"),
            ("ms", "ms_6_5"),
            ("gs", "gs_6_0"),
            ("gs_ok", "gs_6_0"),
        ],
        expect![[r#"
            E2035 6:3 `hs`: hull entry point must have a valid outputtopology attribute
            E2035 9:6 `ms`: MS entry point must have the outputtopology attribute
            E2035 11:6 `gs`: only one input primitive type can be specified in the geometry shader (`gs` has triangle, line)
        "#]],
    );
}

#[test]
fn groupshared_initializers_are_ignored_with_dxc_warning() {
    check_diagnostics(
        r#"
groupshared uint total = 0;
static groupshared float2 partial[4] = { 1, 2, 3, 4, 5, 6, 7, 8 };
groupshared uint plain;
[numthreads(4, 1, 1)] void main(uint i : SV_GroupIndex) { InterlockedAdd(total, i); plain = (uint)partial[i].x; }
"#,
        expect![[r#"
            W2080 2:26 `0`: initializer of 'groupshared' variable will be ignored
            W2080 3:40 `{ 1, 2, 3, 4, 5, 6, 7, 8 }`: initializer of 'groupshared' variable will be ignored
        "#]],
    );
}
