//! Inferred types for every scalar type: arithmetic with itself, with a literal and with
//! `float`, comparison and casts; then vectors and matrices of each.
//!
//! 16-bit types (`int16_t`, `float16_t`) are checked as written; DXC needs
//! `-enable-16bit-types` for them, which this layer does not police.

use expect_test::expect;

use super::{check_infer, check_infer_16bit};

#[test]
fn scalar_bool() {
    check_infer(
        r#"
void f(bool a, bool b, float x) { a + b; a * 2; a == b; a + x; (bool)x; }
"#,
        expect![[r#"
            fn f:
            a + b : int
            a : bool
            b : bool
            a * 2 : int
            a : bool
            2 : literal int
            a == b : bool
            a : bool
            b : bool
            a + x : float
            a : bool
            x : float
            (bool)x : bool
            x : float
            local a : bool
            local b : bool
            local x : float
        "#]],
    );
}

#[test]
fn scalar_int() {
    check_infer(
        r#"
void f(int a, int b, float x) { a + b; a * 2; a == b; a + x; (int)x; }
"#,
        expect![[r#"
            fn f:
            a + b : int
            a : int
            b : int
            a * 2 : int
            a : int
            2 : literal int
            a == b : bool
            a : int
            b : int
            a + x : float
            a : int
            x : float
            (int)x : int
            x : float
            local a : int
            local b : int
            local x : float
        "#]],
    );
}

#[test]
fn scalar_uint() {
    check_infer(
        r#"
void f(uint a, uint b, float x) { a + b; a * 2; a == b; a + x; (uint)x; }
"#,
        expect![[r#"
            fn f:
            a + b : uint
            a : uint
            b : uint
            a * 2 : uint
            a : uint
            2 : literal int
            a == b : bool
            a : uint
            b : uint
            a + x : float
            a : uint
            x : float
            (uint)x : uint
            x : float
            local a : uint
            local b : uint
            local x : float
        "#]],
    );
}

#[test]
fn scalar_dword() {
    check_infer(
        r#"
void f(dword a, dword b, float x) { a + b; a * 2; a == b; a + x; (dword)x; }
"#,
        expect![[r#"
            fn f:
            a + b : uint
            a : uint
            b : uint
            a * 2 : uint
            a : uint
            2 : literal int
            a == b : bool
            a : uint
            b : uint
            a + x : float
            a : uint
            x : float
            (dword)x : uint
            x : float
            local a : uint
            local b : uint
            local x : float
        "#]],
    );
}

#[test]
fn scalar_int16() {
    check_infer(
        r#"
void f(int16_t a, int16_t b, float x) { a + b; a * 2; a == b; a + x; (int16_t)x; }
"#,
        expect![[r#"
            fn f:
            a + b : int16_t
            a : int16_t
            b : int16_t
            a * 2 : int16_t
            a : int16_t
            2 : literal int
            a == b : bool
            a : int16_t
            b : int16_t
            a + x : float
            a : int16_t
            x : float
            (int16_t)x : int16_t
            x : float
            local a : int16_t
            local b : int16_t
            local x : float
        "#]],
    );
}

#[test]
fn scalar_uint16() {
    check_infer(
        r#"
void f(uint16_t a, uint16_t b, float x) { a + b; a * 2; a == b; a + x; (uint16_t)x; }
"#,
        expect![[r#"
            fn f:
            a + b : uint16_t
            a : uint16_t
            b : uint16_t
            a * 2 : uint16_t
            a : uint16_t
            2 : literal int
            a == b : bool
            a : uint16_t
            b : uint16_t
            a + x : float
            a : uint16_t
            x : float
            (uint16_t)x : uint16_t
            x : float
            local a : uint16_t
            local b : uint16_t
            local x : float
        "#]],
    );
}

#[test]
fn scalar_int64() {
    check_infer(
        r#"
void f(int64_t a, int64_t b, float x) { a + b; a * 2; a == b; a + x; (int64_t)x; }
"#,
        expect![[r#"
            fn f:
            a + b : int64_t
            a : int64_t
            b : int64_t
            a * 2 : int64_t
            a : int64_t
            2 : literal int
            a == b : bool
            a : int64_t
            b : int64_t
            a + x : float
            a : int64_t
            x : float
            (int64_t)x : int64_t
            x : float
            local a : int64_t
            local b : int64_t
            local x : float
        "#]],
    );
}

#[test]
fn scalar_uint64() {
    check_infer(
        r#"
void f(uint64_t a, uint64_t b, float x) { a + b; a * 2; a == b; a + x; (uint64_t)x; }
"#,
        expect![[r#"
            fn f:
            a + b : uint64_t
            a : uint64_t
            b : uint64_t
            a * 2 : uint64_t
            a : uint64_t
            2 : literal int
            a == b : bool
            a : uint64_t
            b : uint64_t
            a + x : float
            a : uint64_t
            x : float
            (uint64_t)x : uint64_t
            x : float
            local a : uint64_t
            local b : uint64_t
            local x : float
        "#]],
    );
}

#[test]
fn scalar_half() {
    check_infer(
        r#"
void f(half a, half b, float x) { a + b; a * 2; a == b; a + x; (half)x; }
"#,
        expect![[r#"
            fn f:
            a + b : half
            a : half
            b : half
            a * 2 : half
            a : half
            2 : literal int
            a == b : bool
            a : half
            b : half
            a + x : float
            a : half
            x : float
            (half)x : half
            x : float
            local a : half
            local b : half
            local x : float
        "#]],
    );
}

#[test]
fn scalar_float() {
    check_infer(
        r#"
void f(float a, float b, float x) { a + b; a * 2; a == b; a + x; (float)x; }
"#,
        expect![[r#"
            fn f:
            a + b : float
            a : float
            b : float
            a * 2 : float
            a : float
            2 : literal int
            a == b : bool
            a : float
            b : float
            a + x : float
            a : float
            x : float
            (float)x : float
            x : float
            local a : float
            local b : float
            local x : float
        "#]],
    );
}

#[test]
fn scalar_double() {
    check_infer(
        r#"
void f(double a, double b, float x) { a + b; a * 2; a == b; a + x; (double)x; }
"#,
        expect![[r#"
            fn f:
            a + b : double
            a : double
            b : double
            a * 2 : double
            a : double
            2 : literal int
            a == b : bool
            a : double
            b : double
            a + x : double
            a : double
            x : float
            (double)x : double
            x : float
            local a : double
            local b : double
            local x : float
        "#]],
    );
}

#[test]
fn scalar_float16() {
    check_infer(
        r#"
void f(float16_t a, float16_t b, float x) { a + b; a * 2; a == b; a + x; (float16_t)x; }
"#,
        expect![[r#"
            fn f:
            a + b : float16_t
            a : float16_t
            b : float16_t
            a * 2 : float16_t
            a : float16_t
            2 : literal int
            a == b : bool
            a : float16_t
            b : float16_t
            a + x : float
            a : float16_t
            x : float
            (float16_t)x : float16_t
            x : float
            local a : float16_t
            local b : float16_t
            local x : float
        "#]],
    );
}

#[test]
fn scalar_min16float() {
    check_infer(
        r#"
void f(min16float a, min16float b, float x) { a + b; a * 2; a == b; a + x; (min16float)x; }
"#,
        expect![[r#"
            fn f:
            a + b : min16float
            a : min16float
            b : min16float
            a * 2 : min16float
            a : min16float
            2 : literal int
            a == b : bool
            a : min16float
            b : min16float
            a + x : float
            a : min16float
            x : float
            (min16float)x : min16float
            x : float
            local a : min16float
            local b : min16float
            local x : float
        "#]],
    );
}

#[test]
fn scalar_min10float() {
    check_infer(
        r#"
void f(min10float a, min10float b, float x) { a + b; a * 2; a == b; a + x; (min10float)x; }
"#,
        expect![[r#"
            fn f:
            a + b : min10float
            a : min10float
            b : min10float
            a * 2 : min10float
            a : min10float
            2 : literal int
            a == b : bool
            a : min10float
            b : min10float
            a + x : float
            a : min10float
            x : float
            (min10float)x : min10float
            x : float
            local a : min10float
            local b : min10float
            local x : float
        "#]],
    );
}

#[test]
fn scalar_min16int() {
    check_infer(
        r#"
void f(min16int a, min16int b, float x) { a + b; a * 2; a == b; a + x; (min16int)x; }
"#,
        expect![[r#"
            fn f:
            a + b : min16int
            a : min16int
            b : min16int
            a * 2 : min16int
            a : min16int
            2 : literal int
            a == b : bool
            a : min16int
            b : min16int
            a + x : float
            a : min16int
            x : float
            (min16int)x : min16int
            x : float
            local a : min16int
            local b : min16int
            local x : float
        "#]],
    );
}

#[test]
fn scalar_min12int() {
    check_infer(
        r#"
void f(min12int a, min12int b, float x) { a + b; a * 2; a == b; a + x; (min12int)x; }
"#,
        expect![[r#"
            fn f:
            a + b : min12int
            a : min12int
            b : min12int
            a * 2 : min12int
            a : min12int
            2 : literal int
            a == b : bool
            a : min12int
            b : min12int
            a + x : float
            a : min12int
            x : float
            (min12int)x : min12int
            x : float
            local a : min12int
            local b : min12int
            local x : float
        "#]],
    );
}

#[test]
fn scalar_min16uint() {
    check_infer(
        r#"
void f(min16uint a, min16uint b, float x) { a + b; a * 2; a == b; a + x; (min16uint)x; }
"#,
        expect![[r#"
            fn f:
            a + b : min16uint
            a : min16uint
            b : min16uint
            a * 2 : min16uint
            a : min16uint
            2 : literal int
            a == b : bool
            a : min16uint
            b : min16uint
            a + x : float
            a : min16uint
            x : float
            (min16uint)x : min16uint
            x : float
            local a : min16uint
            local b : min16uint
            local x : float
        "#]],
    );
}

#[test]
fn vector_bool() {
    check_infer(
        r#"
void f(bool3 v, bool s) { v * s; v.xy; v.zyx + v; v[1]; bool4(v, s); }
"#,
        expect![[r#"
            fn f:
            v * s : int3
            v : bool3
            s : bool
            v.xy : bool2
            v : bool3
            v.zyx + v : int3
            v.zyx : bool3
            v : bool3
            v : bool3
            v[1] : bool
            v : bool3
            1 : literal int
            bool4(v, s) : bool4
            bool4 : {unknown}
            v : bool3
            s : bool
            local v : bool3
            local s : bool
        "#]],
    );
}

#[test]
fn vector_int() {
    check_infer(
        r#"
void f(int3 v, int s) { v * s; v.xy; v.zyx + v; v[1]; int4(v, s); }
"#,
        expect![[r#"
            fn f:
            v * s : int3
            v : int3
            s : int
            v.xy : int2
            v : int3
            v.zyx + v : int3
            v.zyx : int3
            v : int3
            v : int3
            v[1] : int
            v : int3
            1 : literal int
            int4(v, s) : int4
            int4 : {unknown}
            v : int3
            s : int
            local v : int3
            local s : int
        "#]],
    );
}

#[test]
fn vector_uint() {
    check_infer(
        r#"
void f(uint3 v, uint s) { v * s; v.xy; v.zyx + v; v[1]; uint4(v, s); }
"#,
        expect![[r#"
            fn f:
            v * s : uint3
            v : uint3
            s : uint
            v.xy : uint2
            v : uint3
            v.zyx + v : uint3
            v.zyx : uint3
            v : uint3
            v : uint3
            v[1] : uint
            v : uint3
            1 : literal int
            uint4(v, s) : uint4
            uint4 : {unknown}
            v : uint3
            s : uint
            local v : uint3
            local s : uint
        "#]],
    );
}

#[test]
fn vector_int16() {
    check_infer(
        r#"
void f(int16_t3 v, int16_t s) { v * s; v.xy; v.zyx + v; v[1]; int16_t4(v, s); }
"#,
        expect![[r#"
            fn f:
            v * s : int16_t3
            v : int16_t3
            s : int16_t
            v.xy : int16_t2
            v : int16_t3
            v.zyx + v : int16_t3
            v.zyx : int16_t3
            v : int16_t3
            v : int16_t3
            v[1] : int16_t
            v : int16_t3
            1 : literal int
            int16_t4(v, s) : int16_t4
            int16_t4 : {unknown}
            v : int16_t3
            s : int16_t
            local v : int16_t3
            local s : int16_t
        "#]],
    );
}

#[test]
fn vector_uint16() {
    check_infer(
        r#"
void f(uint16_t3 v, uint16_t s) { v * s; v.xy; v.zyx + v; v[1]; uint16_t4(v, s); }
"#,
        expect![[r#"
            fn f:
            v * s : uint16_t3
            v : uint16_t3
            s : uint16_t
            v.xy : uint16_t2
            v : uint16_t3
            v.zyx + v : uint16_t3
            v.zyx : uint16_t3
            v : uint16_t3
            v : uint16_t3
            v[1] : uint16_t
            v : uint16_t3
            1 : literal int
            uint16_t4(v, s) : uint16_t4
            uint16_t4 : {unknown}
            v : uint16_t3
            s : uint16_t
            local v : uint16_t3
            local s : uint16_t
        "#]],
    );
}

#[test]
fn vector_int64() {
    check_infer(
        r#"
void f(int64_t3 v, int64_t s) { v * s; v.xy; v.zyx + v; v[1]; int64_t4(v, s); }
"#,
        expect![[r#"
            fn f:
            v * s : int64_t3
            v : int64_t3
            s : int64_t
            v.xy : int64_t2
            v : int64_t3
            v.zyx + v : int64_t3
            v.zyx : int64_t3
            v : int64_t3
            v : int64_t3
            v[1] : int64_t
            v : int64_t3
            1 : literal int
            int64_t4(v, s) : int64_t4
            int64_t4 : {unknown}
            v : int64_t3
            s : int64_t
            local v : int64_t3
            local s : int64_t
        "#]],
    );
}

#[test]
fn vector_uint64() {
    check_infer(
        r#"
void f(uint64_t3 v, uint64_t s) { v * s; v.xy; v.zyx + v; v[1]; uint64_t4(v, s); }
"#,
        expect![[r#"
            fn f:
            v * s : uint64_t3
            v : uint64_t3
            s : uint64_t
            v.xy : uint64_t2
            v : uint64_t3
            v.zyx + v : uint64_t3
            v.zyx : uint64_t3
            v : uint64_t3
            v : uint64_t3
            v[1] : uint64_t
            v : uint64_t3
            1 : literal int
            uint64_t4(v, s) : uint64_t4
            uint64_t4 : {unknown}
            v : uint64_t3
            s : uint64_t
            local v : uint64_t3
            local s : uint64_t
        "#]],
    );
}

#[test]
fn vector_half() {
    check_infer(
        r#"
void f(half3 v, half s) { v * s; v.xy; v.zyx + v; v[1]; half4(v, s); }
"#,
        expect![[r#"
            fn f:
            v * s : half3
            v : half3
            s : half
            v.xy : half2
            v : half3
            v.zyx + v : half3
            v.zyx : half3
            v : half3
            v : half3
            v[1] : half
            v : half3
            1 : literal int
            half4(v, s) : half4
            half4 : {unknown}
            v : half3
            s : half
            local v : half3
            local s : half
        "#]],
    );
}

#[test]
fn vector_float() {
    check_infer(
        r#"
void f(float3 v, float s) { v * s; v.xy; v.zyx + v; v[1]; float4(v, s); }
"#,
        expect![[r#"
            fn f:
            v * s : float3
            v : float3
            s : float
            v.xy : float2
            v : float3
            v.zyx + v : float3
            v.zyx : float3
            v : float3
            v : float3
            v[1] : float
            v : float3
            1 : literal int
            float4(v, s) : float4
            float4 : {unknown}
            v : float3
            s : float
            local v : float3
            local s : float
        "#]],
    );
}

#[test]
fn vector_double() {
    check_infer(
        r#"
void f(double3 v, double s) { v * s; v.xy; v.zyx + v; v[1]; double4(v, s); }
"#,
        expect![[r#"
            fn f:
            v * s : double3
            v : double3
            s : double
            v.xy : double2
            v : double3
            v.zyx + v : double3
            v.zyx : double3
            v : double3
            v : double3
            v[1] : double
            v : double3
            1 : literal int
            double4(v, s) : double4
            double4 : {unknown}
            v : double3
            s : double
            local v : double3
            local s : double
        "#]],
    );
}

#[test]
fn vector_float16() {
    check_infer(
        r#"
void f(float16_t3 v, float16_t s) { v * s; v.xy; v.zyx + v; v[1]; float16_t4(v, s); }
"#,
        expect![[r#"
            fn f:
            v * s : float16_t3
            v : float16_t3
            s : float16_t
            v.xy : float16_t2
            v : float16_t3
            v.zyx + v : float16_t3
            v.zyx : float16_t3
            v : float16_t3
            v : float16_t3
            v[1] : float16_t
            v : float16_t3
            1 : literal int
            float16_t4(v, s) : float16_t4
            float16_t4 : {unknown}
            v : float16_t3
            s : float16_t
            local v : float16_t3
            local s : float16_t
        "#]],
    );
}

#[test]
fn vector_min16float() {
    check_infer(
        r#"
void f(min16float3 v, min16float s) { v * s; v.xy; v.zyx + v; v[1]; min16float4(v, s); }
"#,
        expect![[r#"
            fn f:
            v * s : min16float3
            v : min16float3
            s : min16float
            v.xy : min16float2
            v : min16float3
            v.zyx + v : min16float3
            v.zyx : min16float3
            v : min16float3
            v : min16float3
            v[1] : min16float
            v : min16float3
            1 : literal int
            min16float4(v, s) : min16float4
            min16float4 : {unknown}
            v : min16float3
            s : min16float
            local v : min16float3
            local s : min16float
        "#]],
    );
}

#[test]
fn vector_min10float() {
    check_infer(
        r#"
void f(min10float3 v, min10float s) { v * s; v.xy; v.zyx + v; v[1]; min10float4(v, s); }
"#,
        expect![[r#"
            fn f:
            v * s : min10float3
            v : min10float3
            s : min10float
            v.xy : min10float2
            v : min10float3
            v.zyx + v : min10float3
            v.zyx : min10float3
            v : min10float3
            v : min10float3
            v[1] : min10float
            v : min10float3
            1 : literal int
            min10float4(v, s) : min10float4
            min10float4 : {unknown}
            v : min10float3
            s : min10float
            local v : min10float3
            local s : min10float
        "#]],
    );
}

#[test]
fn vector_min16int() {
    check_infer(
        r#"
void f(min16int3 v, min16int s) { v * s; v.xy; v.zyx + v; v[1]; min16int4(v, s); }
"#,
        expect![[r#"
            fn f:
            v * s : min16int3
            v : min16int3
            s : min16int
            v.xy : min16int2
            v : min16int3
            v.zyx + v : min16int3
            v.zyx : min16int3
            v : min16int3
            v : min16int3
            v[1] : min16int
            v : min16int3
            1 : literal int
            min16int4(v, s) : min16int4
            min16int4 : {unknown}
            v : min16int3
            s : min16int
            local v : min16int3
            local s : min16int
        "#]],
    );
}

#[test]
fn vector_min12int() {
    check_infer(
        r#"
void f(min12int3 v, min12int s) { v * s; v.xy; v.zyx + v; v[1]; min12int4(v, s); }
"#,
        expect![[r#"
            fn f:
            v * s : min12int3
            v : min12int3
            s : min12int
            v.xy : min12int2
            v : min12int3
            v.zyx + v : min12int3
            v.zyx : min12int3
            v : min12int3
            v : min12int3
            v[1] : min12int
            v : min12int3
            1 : literal int
            min12int4(v, s) : min12int4
            min12int4 : {unknown}
            v : min12int3
            s : min12int
            local v : min12int3
            local s : min12int
        "#]],
    );
}

#[test]
fn vector_min16uint() {
    check_infer(
        r#"
void f(min16uint3 v, min16uint s) { v * s; v.xy; v.zyx + v; v[1]; min16uint4(v, s); }
"#,
        expect![[r#"
            fn f:
            v * s : min16uint3
            v : min16uint3
            s : min16uint
            v.xy : min16uint2
            v : min16uint3
            v.zyx + v : min16uint3
            v.zyx : min16uint3
            v : min16uint3
            v : min16uint3
            v[1] : min16uint
            v : min16uint3
            1 : literal int
            min16uint4(v, s) : min16uint4
            min16uint4 : {unknown}
            v : min16uint3
            s : min16uint
            local v : min16uint3
            local s : min16uint
        "#]],
    );
}

#[test]
fn matrix_float3x3() {
    check_infer(
        r#"
void f(float3x3 m, float s) { m * s; m[0]; m[0][2]; m._m00_m01; m + m; }
"#,
        expect![[r#"
            fn f:
            m * s : float3x3
            m : float3x3
            s : float
            m[0] : float3
            m : float3x3
            0 : literal int
            m[0][2] : float
            m[0] : float3
            m : float3x3
            0 : literal int
            2 : literal int
            m._m00_m01 : float2
            m : float3x3
            m + m : float3x3
            m : float3x3
            m : float3x3
            local m : float3x3
            local s : float
        "#]],
    );
}

#[test]
fn matrix_half2x2() {
    check_infer(
        r#"
void f(half2x2 m, half s) { m * s; m[0]; m[0][1]; m._m00_m01; m + m; }
"#,
        expect![[r#"
            fn f:
            m * s : half2x2
            m : half2x2
            s : half
            m[0] : half2
            m : half2x2
            0 : literal int
            m[0][1] : half
            m[0] : half2
            m : half2x2
            0 : literal int
            1 : literal int
            m._m00_m01 : half2
            m : half2x2
            m + m : half2x2
            m : half2x2
            m : half2x2
            local m : half2x2
            local s : half
        "#]],
    );
}

#[test]
fn matrix_int4x4() {
    check_infer(
        r#"
void f(int4x4 m, int s) { m * s; m[0]; m[0][3]; m._m00_m01; m + m; }
"#,
        expect![[r#"
            fn f:
            m * s : int4x4
            m : int4x4
            s : int
            m[0] : int4
            m : int4x4
            0 : literal int
            m[0][3] : int
            m[0] : int4
            m : int4x4
            0 : literal int
            3 : literal int
            m._m00_m01 : int2
            m : int4x4
            m + m : int4x4
            m : int4x4
            m : int4x4
            local m : int4x4
            local s : int
        "#]],
    );
}

#[test]
fn matrix_double2x3() {
    check_infer(
        r#"
void f(double2x3 m, double s) { m * s; m[0]; m[0][2]; m._m00_m01; m + m; }
"#,
        expect![[r#"
            fn f:
            m * s : double2x3
            m : double2x3
            s : double
            m[0] : double3
            m : double2x3
            0 : literal int
            m[0][2] : double
            m[0] : double3
            m : double2x3
            0 : literal int
            2 : literal int
            m._m00_m01 : double2
            m : double2x3
            m + m : double2x3
            m : double2x3
            m : double2x3
            local m : double2x3
            local s : double
        "#]],
    );
}

#[test]
fn matrix_min16float2x2() {
    check_infer(
        r#"
void f(min16float2x2 m, min16float s) { m * s; m[0]; m[0][1]; m._m00_m01; m + m; }
"#,
        expect![[r#"
            fn f:
            m * s : min16float2x2
            m : min16float2x2
            s : min16float
            m[0] : min16float2
            m : min16float2x2
            0 : literal int
            m[0][1] : min16float
            m[0] : min16float2
            m : min16float2x2
            0 : literal int
            1 : literal int
            m._m00_m01 : min16float2
            m : min16float2x2
            m + m : min16float2x2
            m : min16float2x2
            m : min16float2x2
            local m : min16float2x2
            local s : min16float
        "#]],
    );
}

#[test]
fn matrix_uint3x4() {
    check_infer(
        r#"
void f(uint3x4 m, uint s) { m * s; m[0]; m[0][3]; m._m00_m01; m + m; }
"#,
        expect![[r#"
            fn f:
            m * s : uint3x4
            m : uint3x4
            s : uint
            m[0] : uint4
            m : uint3x4
            0 : literal int
            m[0][3] : uint
            m[0] : uint4
            m : uint3x4
            0 : literal int
            3 : literal int
            m._m00_m01 : uint2
            m : uint3x4
            m + m : uint3x4
            m : uint3x4
            m : uint3x4
            local m : uint3x4
            local s : uint
        "#]],
    );
}

#[test]
fn matrix_bool2x2() {
    check_infer(
        r#"
void f(bool2x2 m, bool s) { m * s; m[0]; m[0][1]; m._m00_m01; m + m; }
"#,
        expect![[r#"
            fn f:
            m * s : int2x2
            m : bool2x2
            s : bool
            m[0] : bool2
            m : bool2x2
            0 : literal int
            m[0][1] : bool
            m[0] : bool2
            m : bool2x2
            0 : literal int
            1 : literal int
            m._m00_m01 : bool2
            m : bool2x2
            m + m : int2x2
            m : bool2x2
            m : bool2x2
            local m : bool2x2
            local s : bool
        "#]],
    );
}

#[test]
fn matrix_float4x3() {
    check_infer(
        r#"
void f(float4x3 m, float s) { m * s; m[0]; m[0][2]; m._m00_m01; m + m; }
"#,
        expect![[r#"
            fn f:
            m * s : float4x3
            m : float4x3
            s : float
            m[0] : float3
            m : float4x3
            0 : literal int
            m[0][2] : float
            m[0] : float3
            m : float4x3
            0 : literal int
            2 : literal int
            m._m00_m01 : float2
            m : float4x3
            m + m : float4x3
            m : float4x3
            m : float4x3
            local m : float4x3
            local s : float
        "#]],
    );
}

#[test]
fn native_16bit_types() {
    // DXC's -enable-16bit-types: `half` and the minimum-precision types are 16-bit types.
    check_infer_16bit(
        r#"
void f(half a, min16float2 b, min12int c, min16uint d) { a * 1.0h; b + a; c; d; }
"#,
        expect![[r#"
            fn f:
            a * 1.0h : float16_t
            a : float16_t
            1.0h : float16_t
            b + a : float16_t2
            b : float16_t2
            a : float16_t
            c : int16_t
            d : uint16_t
            local a : float16_t
            local b : float16_t2
            local c : int16_t
            local d : uint16_t
        "#]],
    );
}
