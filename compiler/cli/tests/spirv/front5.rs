//! Front-end gaps of session 9, end to end: a function declared inside a function body calls
//! the file's definition; under HLSL 202x a const object calls the `const` overload of a
//! method; members are written through `this`; nested initializer lists are flattened;
//! `uint8_t4_packed` and `int8_t4_packed` are overloads of their own (SPIR-V through
//! `spirv-val`, and the interpreter with hand-computed values). The shaders are ours.

use std::process::Command;

use serde_json::{json, Value};

use crate::front4_probe::run_uints;
use crate::harness::compile;

/// Runs `shader` (entry `main`, one group, `profile` and `flags`) in the interpreter with one
/// `RWStructuredBuffer<uint>` `o` at `u0` of `n` values, and returns its values.
fn run_with_flags(test: &str, shader: &str, profile: &str, flags: &[&str], n: u32) -> Value {
    let dir = crate::test_dir::TestDir::new(&format!("front5-{test}"));
    let src = dir.join("shader.hlsl");
    let yaml = dir.join("pipeline.yaml");
    std::fs::write(&src, shader).unwrap();
    let buffers = format!(
        "Buffers:\n  - {{ Name: o, Format: UInt32, FillSize: {} }}\n",
        n * 4
    );
    let pipeline = format!(
        "Shaders:\n  - Stage: Compute\n    Entry: main\nDispatchParameters:\n  \
         DispatchGroupCount: [1, 1, 1]\n{buffers}DescriptorSets:\n  - Resources:\n    \
         - Name: o\n      Kind: RWStructuredBuffer\n      \
         DirectXBinding: {{ Register: 0, Space: 0 }}\n"
    );
    std::fs::write(&yaml, pipeline).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_hlslc"))
        .args(["run", "-T", profile])
        .args(flags)
        .arg("--pipeline")
        .arg(&yaml)
        .arg(&src)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "hlslc run failed:\n{stderr}");
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    json["buffers"]["o"].clone()
}

const LOCAL_DECLARATION: &str = r#"
RWStructuredBuffer<uint> o : register(u0);
[numthreads(2, 1, 1)]
void main(uint t : SV_GroupIndex)
{
    uint scale(uint v, uint by);
    o[t] = scale(t + 1, 3);
}
uint scale(uint v, uint by) { return v * by + 1; }
"#;

#[test]
fn a_local_function_declaration_calls_the_later_definition() {
    let m = compile(LOCAL_DECLARATION, "cs_6_0", &[]);
    m.assert_has(&["OpIMul %uint", "OpIAdd %uint"]);
    // Thread t stores (t + 1) * 3 + 1: 4 and 7.
    assert_eq!(
        run_uints("local-declaration", LOCAL_DECLARATION, 2),
        json!([4, 7])
    );
}

const CONST_OVERLOADS: &str = r#"
struct T { uint v; uint get() { return v + 1; } uint get() const { return v + 10; } };
struct C { uint a; void set(uint v); uint bump() { return this.a++; } };
void C::set(uint v) { this.a = v; }
RWStructuredBuffer<uint> o : register(u0);
[numthreads(1, 1, 1)]
void main()
{
    T t = { 1 };
    const T k = { 2 };
    o[0] = t.get();
    o[1] = k.get();
    C c;
    c.set(5);
    uint old = c.bump();
    o[2] = old;
    o[3] = c.a;
}
"#;

#[test]
fn const_objects_call_the_const_overload_and_this_is_writable() {
    compile(CONST_OVERLOADS, "cs_6_0", &["-HV", "202x"]);
    // t.get() = 1 + 1, k.get() = 2 + 10; set(5) then bump() returns 5 and leaves 6.
    assert_eq!(
        run_with_flags(
            "const-overloads",
            CONST_OVERLOADS,
            "cs_6_0",
            &["-HV", "202x"],
            4
        ),
        json!([2, 12, 5, 6])
    );
}

#[test]
fn effect_objects_are_dropped_with_a_warning() {
    let shader = r#"
BlendState blend;
Texture legacyTexture;
RWStructuredBuffer<uint> o : register(u0);
[numthreads(1, 1, 1)]
void main() { o[0] = 1; }
"#;
    // The module validates and holds nothing of the ignored declarations.
    let m = compile(shader, "cs_6_0", &[]);
    m.assert_has(&["OpStore"]);
    assert!(
        !m.asm.contains("blend") && !m.asm.contains("legacyTexture"),
        "{}",
        m.asm
    );
}

const NESTED_LISTS: &str = r#"
struct Pair { uint3 a; uint3 b; };
RWStructuredBuffer<uint> o : register(u0);
[numthreads(1, 1, 1)]
void main()
{
    Pair p = { { 1, 2, 3, 4 }, { 5, 6 } };
    o[0] = p.a.x; o[1] = p.a.y; o[2] = p.a.z;
    o[3] = p.b.x; o[4] = p.b.y; o[5] = p.b.z;
}
"#;

#[test]
fn nested_initializer_lists_are_flattened() {
    compile(NESTED_LISTS, "cs_6_0", &[]);
    // The six values in order, whatever the braces: a = (1, 2, 3), b = (4, 5, 6).
    assert_eq!(
        run_with_flags("nested-lists", NESTED_LISTS, "cs_6_0", &[], 6),
        json!([1, 2, 3, 4, 5, 6])
    );
}

const PACKED_OVERLOADS: &str = r#"
RWStructuredBuffer<uint> o : register(u0);
uint f(uint8_t4_packed a) { return 1; }
uint f(int8_t4_packed a) { return 2; }
[numthreads(1, 1, 1)]
void main()
{
    uint8_t4_packed u = pack_u8(uint4(1, 2, 3, 4));
    int8_t4_packed s = pack_s8(int4(-1, 2, -3, 4));
    o[0] = f(u);
    o[1] = f(s);
    o[2] = dot4add_u8packed(u, u, 0u);
    o[3] = dot4add_i8packed(s, s, 0);
    o[4] = unpack_u8u32(u).w;
    uint word = u;
    o[5] = word;
    int8_t4_packed converted = u;
    o[6] = f(converted);
}
"#;

#[test]
fn packed_byte_vectors_are_distinct_overloads() {
    compile(PACKED_OVERLOADS, "cs_6_6", &[]);
    // f picks by type: 1, 2; both dot products are 1 + 4 + 9 + 16 = 30; the fourth byte of
    // u is 4; u as a word is 0x04030201 = 67305985; converted to int8_t4_packed, f gives 2.
    assert_eq!(
        run_with_flags("packed", PACKED_OVERLOADS, "cs_6_6", &[], 7),
        json!([1, 2, 30, 30, 4, 67305985, 2])
    );
}
