//! Differences from DXC's SPIR-V found in the third survey of DXC's `CodeGenSPIRV` tests
//! (issue #4 item 4): each test is one construct with what DXC documents or emits for it,
//! written for this suite.

use crate::harness::{compile, refuse};

/// DXC's unsuffixed integer literals are 64-bit: a `?:` choosing between literals past
/// `int`'s range selects 64-bit values (DXC's `OpSelect %long`), which then convert to the
/// destination. They were chosen as `int`s, wrapping 3000000000 to -1294967296 before the
/// conversion to `double`.
#[test]
fn conditional_of_wide_literals_is_64_bit() {
    let text = r#"
RWStructuredBuffer<double> o;
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    o[0] = id.x == 0 ? 3000000000 : 4000000000;
}
"#;
    let m = compile(text, "cs_6_0", &[]);
    m.assert_has(&[
        "OpCapability Int64",
        "%int64_3000000000 = OpConstant %int64 3000000000",
        "%int64_4000000000 = OpConstant %int64 4000000000",
        "%int64_3000000000 %int64_4000000000",
        "OpConvertSToF %double",
    ]);
    assert!(!m.has("-1294967296"), "{}", m.asm);
}

/// An expression of literals only is folded on 64 bits before it meets its type, as clang
/// folds DXC's literal ints: `3000000000 + 1` is 3000000001 as a `double`, `1 << 31` is
/// 2147483648 as a `float`, and a mask of literals needs no 64-bit arithmetic (`Int64`).
#[test]
fn literal_expressions_fold_on_64_bits() {
    let text = r#"
RWStructuredBuffer<double> d;
RWStructuredBuffer<float> f;
RWStructuredBuffer<uint> u;
[numthreads(1, 1, 1)]
void main() {
    d[0] = 3000000000 + 1;
    f[0] = 1 << 31;
    u[0] = 0xFFFFFFFF & 0xFF00;
    u[1] = ~0 & 0xFFFF0000;
}
"#;
    let m = compile(text, "cs_6_0", &[]);
    m.assert_has(&[
        "%double_3000000001 = OpConstant %double 3000000001",
        // 2^31 = 2147483648, as the disassembler prints the float nearest it.
        "OpConstant %float 2147483600.0",
        "%uint_65280 = OpConstant %uint 65280",
        "%uint_4294901760 = OpConstant %uint 4294901760",
    ]);
    assert!(!m.has("OpCapability Int64"), "{}", m.asm);
    assert!(!m.has("OpIAdd") && !m.has("OpBitwiseAnd"), "{}", m.asm);
}

/// Literals within `int`'s range keep 32-bit operations when a run-time value takes part.
#[test]
fn narrow_literals_stay_32_bit() {
    let text = r#"
RWStructuredBuffer<uint> u;
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    u[0] = (id.x == 0 ? 7 : 9) + 3;
    u[1] = id.x | 0x80000000;
}
"#;
    let m = compile(text, "cs_6_0", &[]);
    m.assert_has(&["OpSelect %int", "OpBitwiseOr %uint"]);
    assert!(!m.has("OpCapability Int64"), "{}", m.asm);
}

/// `select` is DXC's `?:` in HLSL 2021, and types its literals the same way: 64-bit past
/// `int`'s range. Other intrinsics take such a literal as an `int` (no `Int64` needed).
#[test]
fn select_of_wide_literals_is_64_bit() {
    let text = r#"
RWStructuredBuffer<double> o;
RWStructuredBuffer<uint> u;
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    o[0] = select(id.x == 0, 3000000000, 4000000000);
}
"#;
    let m = compile(text, "cs_6_0", &["-HV", "2021"]);
    m.assert_has(&[
        "%int64_3000000000 %int64_4000000000",
        "OpConvertSToF %double",
    ]);
    let text = r#"
RWStructuredBuffer<uint> u;
[numthreads(1, 1, 1)]
void main() {
    u[0] = countbits(0xFFFFFFFF);
    u[1] = reversebits(0x80000000);
}
"#;
    let m = compile(text, "cs_6_0", &[]);
    assert!(!m.has("OpCapability Int64"), "{}", m.asm);
}

/// Before HLSL 202x a floating expression of literals is folded at double precision and
/// converted once (`1.0 / 3.0` as a `double` is the double nearest 1/3, not a `float`
/// division widened); from 202x on the literals are `float`s and the division stays one.
#[test]
fn floating_literal_expressions_fold_before_202x() {
    let text = r#"
RWStructuredBuffer<double> o;
[numthreads(1, 1, 1)]
void main() {
    o[0] = 1.0 / 3.0;
}
"#;
    let m = compile(text, "cs_6_0", &[]);
    m.assert_has(&["OpConstant %double 0.3333333333333333"]);
    assert!(!m.has("OpFDiv"), "{}", m.asm);
    let m = compile(text, "cs_6_0", &["-HV", "202x"]);
    m.assert_has(&["OpFDiv %float", "OpFConvert %double"]);
}

/// In a structured buffer of a derived struct, a field that shadows a base's field reads the
/// derived one, after the base's fields (offset 8 here, not the base's 4).
#[test]
fn shadowing_field_reads_its_own_offset() {
    let text = r#"
struct Base { float a; float b; };
struct Derived : Base { float b; };
StructuredBuffer<Derived> sb;
RWStructuredBuffer<float> o;
[numthreads(1, 1, 1)]
void main() { o[0] = sb[0].b; }
"#;
    let m = compile(text, "cs_6_0", &[]);
    assert_eq!(m.offsets("Derived"), vec![0, 4, 8], "{}", m.asm);
    // The access chain into the element of `sb` picks member 2.
    let picks = |index: &str| {
        m.asm
            .lines()
            .any(|l| l.contains("OpAccessChain") && l.contains("float") && l.ends_with(index))
    };
    assert!(picks(" %uint_2") && !picks(" %uint_1"), "{}", m.asm);
}

/// Only a base converts from a derived struct: a struct of the same leading fields that is
/// not a base is still refused, and so is a derived argument to an `inout` base parameter
/// (nothing converts the base back to the derived).
#[test]
fn only_bases_take_a_derived_struct() {
    let text = r#"
struct Base { float a; };
struct Other { float a; float z; };
RWStructuredBuffer<float> o;
[numthreads(1, 1, 1)]
void main() { Other x = (Other)0; Base b = x; o[0] = b.a; }
"#;
    refuse(
        text,
        "cs_6_0",
        &[],
        1,
        "cannot convert from `Other` to `Base`",
    );
    let text = r#"
struct Base { float a; };
struct Derived : Base { float c; };
RWStructuredBuffer<float> o;
void setBase(inout Base p) { p.a = 5; }
[numthreads(1, 1, 1)]
void main() { Derived d = (Derived)0; setBase(d); o[0] = d.a; }
"#;
    refuse(
        text,
        "cs_6_0",
        &[],
        1,
        "no matching overload for call to `setBase(Derived)`",
    );
}
