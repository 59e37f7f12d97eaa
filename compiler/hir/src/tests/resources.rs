//! Inference snapshots of resources: textures, buffers, samplers, patches and streams,
//! indexing them and their element types.

use expect_test::expect;

use super::check_infer;

#[test]
fn index_resources() {
    check_infer(
        r#"
Texture2D<float4> t; RWTexture2D<float> rw; StructuredBuffer<float3> sb; Buffer<uint2> b; void f(uint2 p) { t[p]; rw[p]; sb[0]; b[1]; }
"#,
        expect![[r#"
            fn f:
            t[p] : float4
            t : Texture2D<float4>
            p : uint2
            rw[p] : float
            rw : RWTexture2D<float>
            p : uint2
            sb[0] : float3
            sb : StructuredBuffer<float3>
            0 : literal int
            b[1] : uint2
            b : Buffer<uint2>
            1 : literal int
            local p : uint2
        "#]],
    );
}

#[test]
fn resource_defaults() {
    check_infer(
        r#"
Texture2D t; Buffer b; RWTexture3D<uint> r; Texture2DArray<float2> ta; TextureCube tc; void f() { t; b; r; ta; tc; }
"#,
        expect![[r#"
            fn f:
            t : Texture2D<float4>
            b : Buffer<float4>
            r : RWTexture3D<uint>
            ta : Texture2DArray<float2>
            tc : TextureCube<float4>
        "#]],
    );
}

#[test]
fn resource_kinds() {
    check_infer(
        r#"
struct P { float3 pos; }; RWStructuredBuffer<P> a; AppendStructuredBuffer<P> b; ByteAddressBuffer c; RWByteAddressBuffer d; ConstantBuffer<P> e; SamplerState s; SamplerComparisonState sc; RaytracingAccelerationStructure rt; void f() { a; b; c; d; e; e.pos; s; sc; rt; a[0].pos; }
"#,
        expect![[r#"
            fn f:
            a : RWStructuredBuffer<P>
            b : AppendStructuredBuffer<P>
            c : ByteAddressBuffer
            d : RWByteAddressBuffer
            e : ConstantBuffer<P>
            e.pos : float3
            e : ConstantBuffer<P>
            s : SamplerState
            sc : SamplerComparisonState
            rt : RaytracingAccelerationStructure
            a[0].pos : float3
            a[0] : P
            a : RWStructuredBuffer<P>
            0 : literal int
        "#]],
    );
}

#[test]
fn patch_types() {
    check_infer(
        r#"
struct CP { float3 pos : POSITION; }; void f(InputPatch<CP, 3> patch) { patch[0].pos; patch[2]; }
"#,
        expect![[r#"
            fn f:
            patch[0].pos : float3
            patch[0] : CP
            patch : InputPatch<CP, 3>
            0 : literal int
            patch[2] : CP
            patch : InputPatch<CP, 3>
            2 : literal int
            local patch : InputPatch<CP, 3>
        "#]],
    );
}

#[test]
fn stream_output() {
    check_infer(
        r#"
struct V { float4 p : SV_Position; }; void f(inout TriangleStream<V> s, V v) { s; v.p; }
"#,
        expect![[r#"
            fn f:
            s : TriangleStream<V>
            v.p : float4
            v : V
            local s : TriangleStream<V>
            local v : V
        "#]],
    );
}

#[test]
fn raydesc() {
    check_infer(
        r#"
void f() { RayDesc r; r.Origin; r.TMax; }
"#,
        expect![[r#"
            fn f:
            r.Origin : float3
            r : RayDesc
            r.TMax : float
            r : RayDesc
            local r : RayDesc
        "#]],
    );
}

#[test]
fn ray_query_flags_and_methods() {
    // 0x80 | 0x200 = 640; the predeclared constants are `uint`.
    check_infer(
        r#"
RaytracingAccelerationStructure s;
void f(RayDesc r) {
    RayQuery<RAY_FLAG_CULL_NON_OPAQUE | RAY_FLAG_SKIP_PROCEDURAL_PRIMITIVES> q;
    q.TraceRayInline(s, RAY_FLAG_NONE, 0xFF, r);
    q.CommittedStatus() == COMMITTED_TRIANGLE_HIT;
    q.CandidateObjectToWorld3x4();
}
"#,
        expect![[r#"
            fn f:
            q.TraceRayInline(s, RAY_FLAG_NONE, 0xFF, r) : {unknown}
            q : RayQuery<640>
            s : RaytracingAccelerationStructure
            RAY_FLAG_NONE : uint
            0xFF : literal int
            r : RayDesc
            q.CommittedStatus() == COMMITTED_TRIANGLE_HIT : {unknown}
            q.CommittedStatus() : {unknown}
            q : RayQuery<640>
            COMMITTED_TRIANGLE_HIT : uint
            q.CandidateObjectToWorld3x4() : {unknown}
            q : RayQuery<640>
            local r : RayDesc
            local q : RayQuery<640>
        "#]],
    );
}

#[test]
fn resource_methods_unknown() {
    check_infer(
        r#"
Texture2D t; SamplerState s; void f(float2 uv) { t.Sample(s, uv); t.Sample(s, uv).rgb; }
"#,
        expect![[r#"
            fn f:
            t.Sample(s, uv) : {unknown}
            t : Texture2D<float4>
            s : SamplerState
            uv : float2
            t.Sample(s, uv).rgb : {unknown}
            t.Sample(s, uv) : {unknown}
            t : Texture2D<float4>
            s : SamplerState
            uv : float2
            local uv : float2
        "#]],
    );
}

#[test]
fn rw_buffer_write() {
    check_infer(
        r#"
RWStructuredBuffer<float4> o; RWTexture2D<float4> t; void f(uint i) { o[i] = 1; t[uint2(i, i)] = float4(1, 2, 3, 4); }
"#,
        expect![[r#"
            fn f:
            o[i] = 1 : float4
            o[i] : float4
            o : RWStructuredBuffer<float4>
            i : uint
            1 : literal int
            t[uint2(i, i)] = float4(1, 2, 3, 4) : float4
            t[uint2(i, i)] : float4
            t : RWTexture2D<float4>
            uint2(i, i) : uint2
            uint2 : {unknown}
            i : uint
            i : uint
            float4(1, 2, 3, 4) : float4
            float4 : {unknown}
            1 : literal int
            2 : literal int
            3 : literal int
            4 : literal int
            local i : uint
        "#]],
    );
}

#[test]
fn texture_array_index() {
    check_infer(
        r#"
Texture2DArray<float4> t; RWTexture2DArray<uint> r; void f(uint3 p) { t[p]; r[p] = 1; }
"#,
        expect![[r#"
            fn f:
            t[p] : float4
            t : Texture2DArray<float4>
            p : uint3
            r[p] = 1 : uint
            r[p] : uint
            r : RWTexture2DArray<uint>
            p : uint3
            1 : literal int
            local p : uint3
        "#]],
    );
}

#[test]
fn buffer_typed_elements() {
    check_infer(
        r#"
Buffer<float> a; RWBuffer<int2> b; void f(uint i) { a[i]; b[i].y; }
"#,
        expect![[r#"
            fn f:
            a[i] : float
            a : Buffer<float>
            i : uint
            b[i].y : int
            b[i] : int2
            b : RWBuffer<int2>
            i : uint
            local i : uint
        "#]],
    );
}

#[test]
fn texture_ms() {
    check_infer(
        r#"
Texture2DMS<float4> ms; void f() { ms; }
"#,
        expect![[r#"
            fn f:
            ms : Texture2DMS<float4>
        "#]],
    );
}

#[test]
fn cube_textures() {
    check_infer(
        r#"
TextureCube<float3> c; TextureCubeArray ca; void f() { c; ca; }
"#,
        expect![[r#"
            fn f:
            c : TextureCube<float3>
            ca : TextureCubeArray<float4>
        "#]],
    );
}

#[test]
fn rasterizer_ordered() {
    check_infer(
        r#"
RasterizerOrderedTexture2D<float4> r; RasterizerOrderedBuffer<uint> b; void f(uint2 p) { r[p]; b[p.x]; }
"#,
        expect![[r#"
            fn f:
            r[p] : float4
            r : RasterizerOrderedTexture2D<float4>
            p : uint2
            b[p.x] : uint
            b : RasterizerOrderedBuffer<uint>
            p.x : uint
            p : uint2
            local p : uint2
        "#]],
    );
}

#[test]
fn constant_buffer_member_of_struct() {
    check_infer(
        r#"
struct Cam { float4x4 view; float3 pos; }; ConstantBuffer<Cam> cam; void f() { cam.view; cam.pos.xy; }
"#,
        expect![[r#"
            fn f:
            cam.view : float4x4
            cam : ConstantBuffer<Cam>
            cam.pos.xy : float2
            cam.pos : float3
            cam : ConstantBuffer<Cam>
        "#]],
    );
}

#[test]
fn texture_buffer() {
    check_infer(
        r#"
struct T { float4 a; }; TextureBuffer<T> tb; void f() { tb.a; }
"#,
        expect![[r#"
            fn f:
            tb.a : float4
            tb : TextureBuffer<T>
        "#]],
    );
}

#[test]
fn resource_array() {
    check_infer(
        r#"
Texture2D<float4> textures[8]; void f(uint i, uint2 p) { textures[i]; textures[i][p]; }
"#,
        expect![[r#"
            fn f:
            textures[i] : Texture2D<float4>
            textures : Texture2D<float4>[8]
            i : uint
            textures[i][p] : float4
            textures[i] : Texture2D<float4>
            textures : Texture2D<float4>[8]
            i : uint
            p : uint2
            local i : uint
            local p : uint2
        "#]],
    );
}

#[test]
fn unbounded_resource_array() {
    check_infer(
        r#"
Texture2D<float4> bindless[] : register(t0, space1); void f(uint i) { bindless[i]; }
"#,
        expect![[r#"
            fn f:
            bindless[i] : Texture2D<float4>
            bindless : Texture2D<float4>[]
            i : uint
            local i : uint
        "#]],
    );
}

#[test]
fn sampler_comparison() {
    check_infer(
        r#"
SamplerComparisonState sc; Texture2D<float> depth; void f() { sc; depth; }
"#,
        expect![[r#"
            fn f:
            sc : SamplerComparisonState
            depth : Texture2D<float>
        "#]],
    );
}

#[test]
fn append_consume() {
    check_infer(
        r#"
struct P { float a; }; AppendStructuredBuffer<P> ap; ConsumeStructuredBuffer<P> co; void f() { ap; co; }
"#,
        expect![[r#"
            fn f:
            ap : AppendStructuredBuffer<P>
            co : ConsumeStructuredBuffer<P>
        "#]],
    );
}

#[test]
fn output_patch() {
    check_infer(
        r#"
struct CP { float3 p; }; void f(OutputPatch<CP, 4> op) { op[3].p; }
"#,
        expect![[r#"
            fn f:
            op[3].p : float3
            op[3] : CP
            op : OutputPatch<CP, 4>
            3 : literal int
            local op : OutputPatch<CP, 4>
        "#]],
    );
}

#[test]
fn line_point_streams() {
    check_infer(
        r#"
struct V { float4 p; }; void f(inout LineStream<V> l, inout PointStream<V> p) { l; p; }
"#,
        expect![[r#"
            fn f:
            l : LineStream<V>
            p : PointStream<V>
            local l : LineStream<V>
            local p : PointStream<V>
        "#]],
    );
}

#[test]
fn user_declarations_shadow_builtin_constants() {
    // The predeclared table is only the fallback of name lookup: a declaration of the file
    // takes the name.
    check_infer(
        r#"
static const float RAY_FLAG_NONE = 0.5;
void f() { RAY_FLAG_NONE; RAY_FLAG_FORCE_OPAQUE; }
"#,
        expect![[r#"
            fn f:
            RAY_FLAG_NONE : float
            RAY_FLAG_FORCE_OPAQUE : uint
        "#]],
    );
}
