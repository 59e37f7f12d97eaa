//! Inferred types of resource methods and intrinsics through the real intrinsic table
//! (`HlslIntrinsics`): the Sample, Gather and Load families, GetDimensions, byte-address and
//! structured buffer methods, atomics, math, conversion, wave and packing intrinsics.

use expect_test::expect;

use super::check_infer_hlsl;

#[test]
fn sample_family() {
    check_infer_hlsl(
        r#"
Texture2D<float4> t; SamplerState s; SamplerComparisonState sc; Texture2D<float> d;
void f(float2 uv) { t.Sample(s, uv); t.SampleLevel(s, uv, 0); t.SampleBias(s, uv, 1.0); t.SampleGrad(s, uv, uv, uv); d.SampleCmp(sc, uv, 0.5); d.SampleCmpLevelZero(sc, uv, 0.5); }
"#,
        expect![[r#"
            fn f:
            t.Sample(s, uv) : float4
            t : Texture2D<float4>
            s : SamplerState
            uv : float2
            t.SampleLevel(s, uv, 0) : float4
            t : Texture2D<float4>
            s : SamplerState
            uv : float2
            0 : literal int
            t.SampleBias(s, uv, 1.0) : float4
            t : Texture2D<float4>
            s : SamplerState
            uv : float2
            1.0 : literal float
            t.SampleGrad(s, uv, uv, uv) : float4
            t : Texture2D<float4>
            s : SamplerState
            uv : float2
            uv : float2
            uv : float2
            d.SampleCmp(sc, uv, 0.5) : float
            d : Texture2D<float>
            sc : SamplerComparisonState
            uv : float2
            0.5 : literal float
            d.SampleCmpLevelZero(sc, uv, 0.5) : float
            d : Texture2D<float>
            sc : SamplerComparisonState
            uv : float2
            0.5 : literal float
            local uv : float2
        "#]],
    );
}

#[test]
fn sample_other_dims() {
    check_infer_hlsl(
        r#"
Texture1D<float2> t1; Texture3D<half4> t3; TextureCube<float3> tc; Texture2DArray<float> ta; SamplerState s;
void f(float3 p) { t1.Sample(s, p.x); t3.SampleLevel(s, p, 0); tc.Sample(s, p); ta.Sample(s, p); }
"#,
        expect![[r#"
            fn f:
            t1.Sample(s, p.x) : float2
            t1 : Texture1D<float2>
            s : SamplerState
            p.x : float
            p : float3
            t3.SampleLevel(s, p, 0) : half4
            t3 : Texture3D<half4>
            s : SamplerState
            p : float3
            0 : literal int
            tc.Sample(s, p) : float3
            tc : TextureCube<float3>
            s : SamplerState
            p : float3
            ta.Sample(s, p) : float
            ta : Texture2DArray<float>
            s : SamplerState
            p : float3
            local p : float3
        "#]],
    );
}

#[test]
fn gather_family() {
    check_infer_hlsl(
        r#"
Texture2D<float4> t; Texture2D<uint> u; SamplerState s;
void f(float2 uv) { t.Gather(s, uv); t.GatherRed(s, uv); t.GatherAlpha(s, uv); u.Gather(s, uv); }
"#,
        expect![[r#"
            fn f:
            t.Gather(s, uv) : float4
            t : Texture2D<float4>
            s : SamplerState
            uv : float2
            t.GatherRed(s, uv) : float4
            t : Texture2D<float4>
            s : SamplerState
            uv : float2
            t.GatherAlpha(s, uv) : float4
            t : Texture2D<float4>
            s : SamplerState
            uv : float2
            u.Gather(s, uv) : uint4
            u : Texture2D<uint>
            s : SamplerState
            uv : float2
            local uv : float2
        "#]],
    );
}

#[test]
fn texture_load() {
    check_infer_hlsl(
        r#"
Texture2D<float4> t; Texture3D<int2> t3; Texture2DMS<float4, 4> ms; RWTexture2D<uint> rw;
void f(int3 p) { t.Load(p); t3.Load(int4(p, 0)); ms.Load(p.xy, 1); rw.Load(p.xy); }
"#,
        expect![[r#"
            fn f:
            t.Load(p) : float4
            t : Texture2D<float4>
            p : int3
            t3.Load(int4(p, 0)) : int2
            t3 : Texture3D<int2>
            int4(p, 0) : int4
            int4 : {unknown}
            p : int3
            0 : literal int
            ms.Load(p.xy, 1) : float4
            ms : Texture2DMS<float4>
            p.xy : int2
            p : int3
            1 : literal int
            rw.Load(p.xy) : uint
            rw : RWTexture2D<uint>
            p.xy : int2
            p : int3
            local p : int3
        "#]],
    );
}

#[test]
fn get_dimensions() {
    check_infer_hlsl(
        r#"
Texture2D<float4> t; StructuredBuffer<float> sb; ByteAddressBuffer bb;
void f(uint i) { uint w, h, n; t.GetDimensions(w, h); sb.GetDimensions(n, w); bb.GetDimensions(n); t.GetDimensions(0, w, h, n); }
"#,
        expect![[r#"
            fn f:
            t.GetDimensions(w, h) : void
            t : Texture2D<float4>
            w : uint
            h : uint
            sb.GetDimensions(n, w) : void
            sb : StructuredBuffer<float>
            n : uint
            w : uint
            bb.GetDimensions(n) : void
            bb : ByteAddressBuffer
            n : uint
            t.GetDimensions(0, w, h, n) : void
            t : Texture2D<float4>
            0 : literal int
            w : uint
            h : uint
            n : uint
            local i : uint
            local w : uint
            local h : uint
            local n : uint
        "#]],
    );
}

#[test]
fn level_of_detail() {
    check_infer_hlsl(
        r#"
Texture2D<float4> t; SamplerState s;
void f(float2 uv) { t.CalculateLevelOfDetail(s, uv); t.CalculateLevelOfDetailUnclamped(s, uv); }
"#,
        expect![[r#"
            fn f:
            t.CalculateLevelOfDetail(s, uv) : float
            t : Texture2D<float4>
            s : SamplerState
            uv : float2
            t.CalculateLevelOfDetailUnclamped(s, uv) : float
            t : Texture2D<float4>
            s : SamplerState
            uv : float2
            local uv : float2
        "#]],
    );
}

#[test]
fn byte_address_loads() {
    check_infer_hlsl(
        r#"
ByteAddressBuffer b; RWByteAddressBuffer rw;
void f(uint a) { b.Load(a); b.Load2(a); b.Load3(a); b.Load4(a); rw.Load<float3>(a); rw.Store(a, 1u); rw.Store4(a, uint4(1, 2, 3, 4)); }
"#,
        expect![[r#"
            fn f:
            b.Load(a) : uint
            b : ByteAddressBuffer
            a : uint
            b.Load2(a) : uint2
            b : ByteAddressBuffer
            a : uint
            b.Load3(a) : uint3
            b : ByteAddressBuffer
            a : uint
            b.Load4(a) : uint4
            b : ByteAddressBuffer
            a : uint
            rw.Load<float3>(a) : float3
            rw : RWByteAddressBuffer
            a : uint
            rw.Store(a, 1u) : void
            rw : RWByteAddressBuffer
            a : uint
            1u : uint
            rw.Store4(a, uint4(1, 2, 3, 4)) : void
            rw : RWByteAddressBuffer
            a : uint
            uint4(1, 2, 3, 4) : uint4
            uint4 : {unknown}
            1 : literal int
            2 : literal int
            3 : literal int
            4 : literal int
            local a : uint
        "#]],
    );
}

#[test]
fn byte_address_atomics() {
    check_infer_hlsl(
        r#"
RWByteAddressBuffer rw;
void f(uint a) { uint old; rw.InterlockedAdd(a, 1u, old); rw.InterlockedMax(a, 2u); rw.InterlockedCompareExchange(a, 0u, 1u, old); }
"#,
        expect![[r#"
            fn f:
            rw.InterlockedAdd(a, 1u, old) : void
            rw : RWByteAddressBuffer
            a : uint
            1u : uint
            old : uint
            rw.InterlockedMax(a, 2u) : void
            rw : RWByteAddressBuffer
            a : uint
            2u : uint
            rw.InterlockedCompareExchange(a, 0u, 1u, old) : void
            rw : RWByteAddressBuffer
            a : uint
            0u : uint
            1u : uint
            old : uint
            local a : uint
            local old : uint
        "#]],
    );
}

#[test]
fn structured_methods() {
    check_infer_hlsl(
        r#"
struct P { float3 pos; }; RWStructuredBuffer<P> rw; AppendStructuredBuffer<P> ap; ConsumeStructuredBuffer<P> co; StructuredBuffer<P> sb;
void f(uint i) { rw.IncrementCounter(); rw.DecrementCounter(); co.Consume(); co.Consume().pos; ap.Append(sb[i]); sb.Load(i); }
"#,
        expect![[r#"
            fn f:
            rw.IncrementCounter() : uint
            rw : RWStructuredBuffer<P>
            rw.DecrementCounter() : uint
            rw : RWStructuredBuffer<P>
            co.Consume() : P
            co : ConsumeStructuredBuffer<P>
            co.Consume().pos : float3
            co.Consume() : P
            co : ConsumeStructuredBuffer<P>
            ap.Append(sb[i]) : void
            ap : AppendStructuredBuffer<P>
            sb[i] : P
            sb : StructuredBuffer<P>
            i : uint
            sb.Load(i) : P
            sb : StructuredBuffer<P>
            i : uint
            local i : uint
        "#]],
    );
}

#[test]
fn typed_buffer_methods() {
    check_infer_hlsl(
        r#"
Buffer<float3> b; RWBuffer<uint> rw;
void f(uint i) { b.Load(i); b[i].z; rw.Load(i); rw[i] = 3; }
"#,
        expect![[r#"
            fn f:
            b.Load(i) : float3
            b : Buffer<float3>
            i : uint
            b[i].z : float
            b[i] : float3
            b : Buffer<float3>
            i : uint
            rw.Load(i) : uint
            rw : RWBuffer<uint>
            i : uint
            rw[i] = 3 : uint
            rw[i] : uint
            rw : RWBuffer<uint>
            i : uint
            3 : literal int
            local i : uint
        "#]],
    );
}

#[test]
fn math_intrinsics() {
    check_infer_hlsl(
        r#"
void f(float3 a, float3 b, float s) { dot(a, b); cross(a, b); length(a); normalize(a); distance(a, b); lerp(a, b, s); saturate(s); abs(-a); sqrt(s); pow(a, b); }
"#,
        expect![[r#"
            fn f:
            dot(a, b) : float
            dot : {unknown}
            a : float3
            b : float3
            cross(a, b) : float3
            cross : {unknown}
            a : float3
            b : float3
            length(a) : float
            length : {unknown}
            a : float3
            normalize(a) : float3
            normalize : {unknown}
            a : float3
            distance(a, b) : float
            distance : {unknown}
            a : float3
            b : float3
            lerp(a, b, s) : float3
            lerp : {unknown}
            a : float3
            b : float3
            s : float
            saturate(s) : float
            saturate : {unknown}
            s : float
            abs(-a) : float3
            abs : {unknown}
            -a : float3
            a : float3
            sqrt(s) : float
            sqrt : {unknown}
            s : float
            pow(a, b) : float3
            pow : {unknown}
            a : float3
            b : float3
            local a : float3
            local b : float3
            local s : float
        "#]],
    );
}

#[test]
fn int_intrinsics() {
    check_infer_hlsl(
        r#"
void f(int i, uint u, uint3 v) { abs(i); countbits(u); firstbithigh(u); firstbitlow(v); reversebits(u); min(i, 3); max(v, 1u); clamp(i, 0, 10); }
"#,
        expect![[r#"
            fn f:
            abs(i) : int
            abs : {unknown}
            i : int
            countbits(u) : uint
            countbits : {unknown}
            u : uint
            firstbithigh(u) : uint
            firstbithigh : {unknown}
            u : uint
            firstbitlow(v) : uint3
            firstbitlow : {unknown}
            v : uint3
            reversebits(u) : uint
            reversebits : {unknown}
            u : uint
            min(i, 3) : int
            min : {unknown}
            i : int
            3 : literal int
            max(v, 1u) : uint3
            max : {unknown}
            v : uint3
            1u : uint
            clamp(i, 0, 10) : int
            clamp : {unknown}
            i : int
            0 : literal int
            10 : literal int
            local i : int
            local u : uint
            local v : uint3
        "#]],
    );
}

#[test]
fn conversion_intrinsics() {
    check_infer_hlsl(
        r#"
void f(float f, uint u, float4 v) { asuint(f); asfloat(u); asint(v); f32tof16(f); f16tof32(u); asuint(v); }
"#,
        expect![[r#"
            fn f:
            asuint(f) : uint
            asuint : {unknown}
            f : float
            asfloat(u) : float
            asfloat : {unknown}
            u : uint
            asint(v) : int4
            asint : {unknown}
            v : float4
            f32tof16(f) : uint
            f32tof16 : {unknown}
            f : float
            f16tof32(u) : float
            f16tof32 : {unknown}
            u : uint
            asuint(v) : uint4
            asuint : {unknown}
            v : float4
            local f : float
            local u : uint
            local v : float4
        "#]],
    );
}

#[test]
fn mul_forms() {
    check_infer_hlsl(
        r#"
void f(float4x4 m, float4 v, float s, float3x4 n) { mul(m, v); mul(v, m); mul(s, m); mul(n, v); mul(v.xyz, n); mul(m, m); }
"#,
        expect![[r#"
            fn f:
            mul(m, v) : float4
            mul : {unknown}
            m : float4x4
            v : float4
            mul(v, m) : float4
            mul : {unknown}
            v : float4
            m : float4x4
            mul(s, m) : float4x4
            mul : {unknown}
            s : float
            m : float4x4
            mul(n, v) : float3
            mul : {unknown}
            n : float3x4
            v : float4
            mul(v.xyz, n) : float4
            mul : {unknown}
            v.xyz : float3
            v : float4
            n : float3x4
            mul(m, m) : float4x4
            mul : {unknown}
            m : float4x4
            m : float4x4
            local m : float4x4
            local v : float4
            local s : float
            local n : float3x4
        "#]],
    );
}

#[test]
fn derivatives_and_bools() {
    check_infer_hlsl(
        r#"
void f(float2 p, bool3 b) { ddx(p); ddy(p); fwidth(p); any(b); all(b); isnan(p); isinf(p.x); }
"#,
        expect![[r#"
            fn f:
            ddx(p) : float2
            ddx : {unknown}
            p : float2
            ddy(p) : float2
            ddy : {unknown}
            p : float2
            fwidth(p) : float2
            fwidth : {unknown}
            p : float2
            any(b) : bool
            any : {unknown}
            b : bool3
            all(b) : bool
            all : {unknown}
            b : bool3
            isnan(p) : bool2
            isnan : {unknown}
            p : float2
            isinf(p.x) : bool
            isinf : {unknown}
            p.x : float
            p : float2
            local p : float2
            local b : bool3
        "#]],
    );
}

#[test]
fn wave_intrinsics() {
    check_infer_hlsl(
        r#"
void f(float x, uint u, float3 v) { WaveGetLaneIndex(); WaveActiveSum(x); WaveActiveMax(v); WaveReadLaneFirst(u); WaveActiveBallot(x > 0); WaveIsFirstLane(); WavePrefixSum(u); QuadReadAcrossX(v); }
"#,
        expect![[r#"
            fn f:
            WaveGetLaneIndex() : uint
            WaveGetLaneIndex : {unknown}
            WaveActiveSum(x) : float
            WaveActiveSum : {unknown}
            x : float
            WaveActiveMax(v) : float3
            WaveActiveMax : {unknown}
            v : float3
            WaveReadLaneFirst(u) : uint
            WaveReadLaneFirst : {unknown}
            u : uint
            WaveActiveBallot(x > 0) : uint4
            WaveActiveBallot : {unknown}
            x > 0 : bool
            x : float
            0 : literal int
            WaveIsFirstLane() : bool
            WaveIsFirstLane : {unknown}
            WavePrefixSum(u) : uint
            WavePrefixSum : {unknown}
            u : uint
            QuadReadAcrossX(v) : float3
            QuadReadAcrossX : {unknown}
            v : float3
            local x : float
            local u : uint
            local v : float3
        "#]],
    );
}

#[test]
fn interlocked_intrinsics() {
    check_infer_hlsl(
        r#"
groupshared uint counter; RWStructuredBuffer<int> buf;
void f(uint i) { uint old; InterlockedAdd(counter, 1u); InterlockedMax(buf[i], 2, old); InterlockedCompareExchange(counter, 0u, 1u, old); }
"#,
        expect![[r#"
            fn f:
            InterlockedAdd(counter, 1u) : void
            InterlockedAdd : {unknown}
            counter : uint
            1u : uint
            InterlockedMax(buf[i], 2, old) : void
            InterlockedMax : {unknown}
            buf[i] : int
            buf : RWStructuredBuffer<int>
            i : uint
            2 : literal int
            old : uint
            InterlockedCompareExchange(counter, 0u, 1u, old) : void
            InterlockedCompareExchange : {unknown}
            counter : uint
            0u : uint
            1u : uint
            old : uint
            local i : uint
            local old : uint
        "#]],
    );
}

#[test]
fn trig_and_rounding() {
    check_infer_hlsl(
        r#"
void f(float2 a, half h) { sin(a); cos(h); atan2(a.x, a.y); floor(a); ceil(h); round(a); frac(a); exp2(h); log(a); }
"#,
        expect![[r#"
            fn f:
            sin(a) : float2
            sin : {unknown}
            a : float2
            cos(h) : half
            cos : {unknown}
            h : half
            atan2(a.x, a.y) : float
            atan2 : {unknown}
            a.x : float
            a : float2
            a.y : float
            a : float2
            floor(a) : float2
            floor : {unknown}
            a : float2
            ceil(h) : half
            ceil : {unknown}
            h : half
            round(a) : float2
            round : {unknown}
            a : float2
            frac(a) : float2
            frac : {unknown}
            a : float2
            exp2(h) : half
            exp2 : {unknown}
            h : half
            log(a) : float2
            log : {unknown}
            a : float2
            local a : float2
            local h : half
        "#]],
    );
}

#[test]
fn sincos_modf_out_args() {
    check_infer_hlsl(
        r#"
void f(float3 a) { float3 s, c, ip; sincos(a, s, c); modf(a, ip); frexp(a, ip); }
"#,
        expect![[r#"
            fn f:
            sincos(a, s, c) : void
            sincos : {unknown}
            a : float3
            s : float3
            c : float3
            modf(a, ip) : float3
            modf : {unknown}
            a : float3
            ip : float3
            frexp(a, ip) : float3
            frexp : {unknown}
            a : float3
            ip : float3
            local a : float3
            local s : float3
            local c : float3
            local ip : float3
        "#]],
    );
}

#[test]
fn pack_and_dot4() {
    check_infer_hlsl(
        r#"
void f(uint4 u, int4 i, uint a, uint b) { pack_u8(u); pack_s8(i); unpack_u8u32(a); unpack_s8s32(a); dot4add_u8packed(a, b, 0u); dot4add_i8packed(a, b, 0); }
"#,
        expect![[r#"
            fn f:
            pack_u8(u) : uint
            pack_u8 : {unknown}
            u : uint4
            pack_s8(i) : uint
            pack_s8 : {unknown}
            i : int4
            unpack_u8u32(a) : uint4
            unpack_u8u32 : {unknown}
            a : uint
            unpack_s8s32(a) : int4
            unpack_s8s32 : {unknown}
            a : uint
            dot4add_u8packed(a, b, 0u) : uint
            dot4add_u8packed : {unknown}
            a : uint
            b : uint
            0u : uint
            dot4add_i8packed(a, b, 0) : int
            dot4add_i8packed : {unknown}
            a : uint
            b : uint
            0 : literal int
            local u : uint4
            local i : int4
            local a : uint
            local b : uint
        "#]],
    );
}

#[test]
fn select_and_nonuniform() {
    check_infer_hlsl(
        r#"
Texture2D<float4> ts[8]; SamplerState s;
void f(uint i, float2 uv, bool c) { NonUniformResourceIndex(i); ts[NonUniformResourceIndex(i)].Sample(s, uv); select(c, 1.0, 2.0); }
"#,
        expect![[r#"
            fn f:
            NonUniformResourceIndex(i) : uint
            NonUniformResourceIndex : {unknown}
            i : uint
            ts[NonUniformResourceIndex(i)].Sample(s, uv) : float4
            ts[NonUniformResourceIndex(i)] : Texture2D<float4>
            ts : Texture2D<float4>[8]
            NonUniformResourceIndex(i) : uint
            NonUniformResourceIndex : {unknown}
            i : uint
            s : SamplerState
            uv : float2
            select(c, 1.0, 2.0) : float
            select : {unknown}
            c : bool
            1.0 : literal float
            2.0 : literal float
            local i : uint
            local uv : float2
            local c : bool
        "#]],
    );
}

#[test]
fn barriers_void() {
    check_infer_hlsl(
        r#"
void f() { GroupMemoryBarrierWithGroupSync(); AllMemoryBarrier(); DeviceMemoryBarrierWithGroupSync(); }
"#,
        expect![[r#"
            fn f:
            GroupMemoryBarrierWithGroupSync() : void
            GroupMemoryBarrierWithGroupSync : {unknown}
            AllMemoryBarrier() : void
            AllMemoryBarrier : {unknown}
            DeviceMemoryBarrierWithGroupSync() : void
            DeviceMemoryBarrierWithGroupSync : {unknown}
        "#]],
    );
}

#[test]
fn sample_with_offset_and_status() {
    check_infer_hlsl(
        r#"
Texture2D<float4> t; SamplerState s;
void f(float2 uv) { uint status; t.Sample(s, uv, int2(1, 0)); t.Sample(s, uv, int2(0, 1), 1.0, status); CheckAccessFullyMapped(status); }
"#,
        expect![[r#"
            fn f:
            t.Sample(s, uv, int2(1, 0)) : float4
            t : Texture2D<float4>
            s : SamplerState
            uv : float2
            int2(1, 0) : int2
            int2 : {unknown}
            1 : literal int
            0 : literal int
            t.Sample(s, uv, int2(0, 1), 1.0, status) : float4
            t : Texture2D<float4>
            s : SamplerState
            uv : float2
            int2(0, 1) : int2
            int2 : {unknown}
            0 : literal int
            1 : literal int
            1.0 : literal float
            status : uint
            CheckAccessFullyMapped(status) : bool
            CheckAccessFullyMapped : {unknown}
            status : uint
            local uv : float2
            local status : uint
        "#]],
    );
}

#[test]
fn rw_texture_store_and_load_types() {
    check_infer_hlsl(
        r#"
RWTexture2D<float4> rw; RWTexture3D<int> r3; RasterizerOrderedTexture2D<float2> rov;
void f(uint3 p) { rw[p.xy] = 1; rw[p.xy].xz; r3[p]; rov[p.xy] += 1; r3.Load(p); }
"#,
        expect![[r#"
            fn f:
            rw[p.xy] = 1 : float4
            rw[p.xy] : float4
            rw : RWTexture2D<float4>
            p.xy : uint2
            p : uint3
            1 : literal int
            rw[p.xy].xz : float2
            rw[p.xy] : float4
            rw : RWTexture2D<float4>
            p.xy : uint2
            p : uint3
            r3[p] : int
            r3 : RWTexture3D<int>
            p : uint3
            rov[p.xy] += 1 : float2
            rov[p.xy] : float2
            rov : RasterizerOrderedTexture2D<float2>
            p.xy : uint2
            p : uint3
            1 : literal int
            r3.Load(p) : int
            r3 : RWTexture3D<int>
            p : uint3
            local p : uint3
        "#]],
    );
}

#[test]
fn intrinsics_with_literals() {
    check_infer_hlsl(
        r#"
void f(half h, int i) { max(h, 1.0); min(i, 2.5); lerp(h, 2.0, 0.5); clamp(1, 2, 3); abs(-1.5); }
"#,
        expect![[r#"
            fn f:
            max(h, 1.0) : half
            max : {unknown}
            h : half
            1.0 : literal float
            min(i, 2.5) : float
            min : {unknown}
            i : int
            2.5 : literal float
            lerp(h, 2.0, 0.5) : half
            lerp : {unknown}
            h : half
            2.0 : literal float
            0.5 : literal float
            clamp(1, 2, 3) : int
            clamp : {unknown}
            1 : literal int
            2 : literal int
            3 : literal int
            abs(-1.5) : float
            abs : {unknown}
            -1.5 : literal float
            1.5 : literal float
            local h : half
            local i : int
        "#]],
    );
}
