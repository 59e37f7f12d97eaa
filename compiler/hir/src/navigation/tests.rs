//! Go to definition and find references on small fixtures. `$0` marks the cursor; the output
//! shows each target as `kind name line:col` of its name, and each reference as
//! `line:col text` (`decl` for declarations).

use std::sync::Arc;

use base_db::CompileConfig;
use expect_test::{expect, Expect};
use syntax::line_index::LineIndex;
use syntax::{PreprocessConfig, TextRange, TextSize};

use super::{definition_at, references_at};
use crate::test_db::TestDb;
use crate::HlslIntrinsics;

fn setup(fixture: &str) -> (TestDb, base_db::SourceFile, CompileConfig, String, TextSize) {
    let offset = fixture.find("$0").expect("no $0 in the fixture");
    let text = fixture.replace("$0", "");
    let mut db = TestDb::with_intrinsics(Arc::new(HlslIntrinsics));
    let file = db.set_file_text("/t/main.hlsl", &text);
    let config = CompileConfig::new(&db, PreprocessConfig::default());
    (db, file, config, text, TextSize::from(offset as u32))
}

fn at(text: &str, range: TextRange) -> String {
    let lc = LineIndex::new(text).line_col(range.start());
    format!("{}:{} `{}`", lc.line + 1, lc.col + 1, &text[range])
}

fn check_definition(fixture: &str, expect: Expect) {
    let (db, file, config, text, offset) = setup(fixture);
    let out = match definition_at(&db, file, config, offset) {
        None => "none\n".to_owned(),
        Some(r) => r
            .definitions
            .iter()
            .map(|(_, t)| format!("{:?} {}\n", t.kind, at(&text, t.name_range)))
            .collect(),
    };
    expect.assert_eq(&out);
}

fn check_references(fixture: &str, expect: Expect) {
    let (db, file, config, text, offset) = setup(fixture);
    let out = match references_at(&db, file, config, offset) {
        None => "none\n".to_owned(),
        Some((_, refs)) => refs
            .iter()
            .map(|r| {
                let decl = if r.is_declaration { " decl" } else { "" };
                format!("{}{decl}\n", at(&text, r.range))
            })
            .collect(),
    };
    expect.assert_eq(&out);
}

#[test]
fn locals_and_parameters() {
    check_definition(
        r#"
float f(float x) {
    float y = x;
    return y$0 * x;
}
"#,
        expect![[r#"
            Local 3:11 `y`
        "#]],
    );
    check_definition(
        r#"
float f(float x) {
    return x$0;
}
"#,
        expect![[r#"
            Parameter 2:15 `x`
        "#]],
    );
}

#[test]
fn the_called_overload() {
    check_definition(
        r#"
float g(float a) { return a; }
int g(int a) { return a; }
float f(int i) { return g$0(i); }
"#,
        expect![[r#"
            Function 3:5 `g`
        "#]],
    );
    check_definition(
        r#"
float g(float a) { return a; }
int g(int a) { return a; }
float f() { return g$0(1.5f); }
"#,
        expect![[r#"
            Function 2:7 `g`
        "#]],
    );
}

#[test]
fn a_prototype_leads_to_the_definition() {
    check_definition(
        r#"
float g(float a);
float f() { return g$0(1.0); }
float g(float a) { return a; }
"#,
        expect![[r#"
            Function 4:7 `g`
        "#]],
    );
}

#[test]
fn types_members_enums_namespaces() {
    check_definition(
        r#"
struct Light { float3 color; };
typedef Light L;
float3 f(L$0 l) { return l.color; }
"#,
        expect![[r#"
            Typedef 3:15 `L`
        "#]],
    );
    check_definition(
        r#"
struct Light { float3 color; };
float3 f(Light l) { return l.col$0or; }
"#,
        expect![[r#"
            Field 2:23 `color`
        "#]],
    );
    check_definition(
        r#"
struct Light { float3 color; };
ConstantBuffer<Light> lights;
float3 f() { return lights.col$0or; }
"#,
        expect![[r#"
            Field 2:23 `color`
        "#]],
    );
    check_definition(
        r#"
cbuffer Frame { float time; };
float f() { return ti$0me; }
"#,
        expect![[r#"
            Global 2:23 `time`
        "#]],
    );
    check_definition(
        r#"
enum Mode { Fast, Slow };
int f() { return Mode::Sl$0ow; }
"#,
        expect![[r#"
            Enumerator 2:19 `Slow`
        "#]],
    );
    check_definition(
        r#"
namespace lib { float k() { return 1; } }
float f() { return li$0b::k(); }
"#,
        expect![[r#"
            Namespace 2:11 `lib`
        "#]],
    );
    check_definition(
        r#"
struct S { float get() { return 1; } float get(int i) { return i; } };
float f(S s) { return s.ge$0t(2); }
"#,
        expect![[r#"
            Method 2:44 `get`
        "#]],
    );
}

#[test]
fn half_typed_code_resolves_what_it_can() {
    check_definition(
        r#"
struct Light { float3 color; };
float3 f(Light l) { return l.$0 }
"#,
        expect![[r#"
            none
        "#]],
    );
    check_definition(
        r#"
float f(float x) { return x$0 +
"#,
        expect![[r#"
            Parameter 2:15 `x`
        "#]],
    );
}

#[test]
fn references_of_a_local_and_a_function() {
    check_references(
        r#"
float f(float x) {
    float y$0 = x;
    y = y * 2;
    return y;
}
float g(float y) { return y; }
"#,
        expect![[r#"
            3:11 `y` decl
            4:5 `y`
            4:9 `y`
            5:12 `y`
        "#]],
    );
    check_references(
        r#"
float g(float a);
float g(float a) { return a; }
int g(int a) { return a; }
float f() { return g(1.0) + g$0(2.0) + g(3); }
"#,
        expect![[r#"
            2:7 `g` decl
            3:7 `g` decl
            5:20 `g`
            5:29 `g`
        "#]],
    );
}

#[test]
fn references_of_a_struct_member() {
    check_references(
        r#"
struct Light { float3 col$0or; float3 dir; };
float3 f(Light l, Light m) { return l.color + m.color + l.dir; }
struct Other { float3 color; };
float3 g(Other o) { return o.color; }
"#,
        expect![[r#"
            2:23 `color` decl
            3:39 `color`
            3:49 `color`
        "#]],
    );
}

fn check_call(fixture: &str, expect: Expect) {
    let (db, file, config, _, offset) = setup(fixture);
    let out = match super::call_at(&db, file, config, offset) {
        None => "none\n".to_owned(),
        Some(call) => {
            let args: Vec<String> = call
                .args
                .iter()
                .map(|a| a.as_ref().map_or("?".to_owned(), |(t, _)| t.to_string()))
                .collect();
            let callee = match &call.callee {
                super::Callee::Functions { overloads, chosen } => {
                    let sigs: Vec<String> = overloads.iter().map(|s| s.display()).collect();
                    format!("functions {sigs:?} chosen {chosen:?}")
                }
                super::Callee::Intrinsic => "intrinsic".to_owned(),
                super::Callee::Method(t) => format!("method of {t}"),
            };
            format!(
                "{} ({}) param {}: {callee}\n",
                call.name,
                args.join(", "),
                call.active_parameter
            )
        }
    };
    expect.assert_eq(&out);
}

#[test]
fn calls_around_the_cursor() {
    check_call(
        r#"
float g(float a, float b) { return a; }
int g(int a, int b) { return a; }
float f(int i) { return g(i, $0i); }
"#,
        expect![[r#"
            g (int, int) param 1: functions ["float g(float a, float b)", "int g(int a, int b)"] chosen Some(1)
        "#]],
    );
    check_call(
        r#"
float f(float3 v) { return lerp(v, $0
"#,
        expect![[r#"
            lerp (float3) param 1: intrinsic
        "#]],
    );
    check_call(
        r#"
Texture2D<float4> tex;
SamplerState s;
float4 f(float2 uv) { return tex.Sample(s, uv$0); }
"#,
        expect![[r#"
            Sample (SamplerState, float2) param 1: method of Texture2D<float4>
        "#]],
    );
    check_call(
        r#"
float f(float x) { return x$0; }
"#,
        expect![[r#"
            none
        "#]],
    );
}

fn check_describe(fixture: &str, expect: Expect) {
    let (db, file, config, _, offset) = setup(fixture);
    let resolved = definition_at(&db, file, config, offset).expect("nothing at the cursor");
    let (def, _) = resolved.definitions[0];
    let d = super::describe(&db, file, config, def).expect("no description");
    let mut out = format!("{}\n", d.declaration);
    if let Some(c) = &d.container {
        out.push_str(&format!("in {c}\n"));
    }
    for l in &d.layouts {
        out.push_str(&format!(
            "{}: offset {} size {}\n",
            l.rules.name(),
            l.offset,
            l.size
        ));
    }
    for a in &d.attributes {
        out.push_str(&format!("[{}({})]\n", a.name, a.args.join(", ")));
    }
    expect.assert_eq(&out);
}

#[test]
fn descriptions_with_layouts() {
    check_describe(
        r#"
cbuffer Frame : register(b0) { float3 dir; float time; float2 uv; float3 color; };
float f() { return col$0or.x; }
"#,
        expect![[r#"
            float3 color
            in cbuffer Frame
            relaxed_std140: offset 32 size 12
        "#]],
    );
    // `packoffset(c2.y)` is byte 36; the default packing would put it at 16.
    check_describe(
        r#"
cbuffer Frame : register(b0) { float3 dir : packoffset(c0); float time : packoffset(c2.y); };
float f() { return ti$0me; }
"#,
        expect![[r#"
            float time
            in cbuffer Frame
            relaxed_std140: offset 36 size 4
        "#]],
    );
    check_describe(
        r#"
struct Light { float intensity; float3 co$0lor; };
"#,
        expect![[r#"
            float3 color
            in struct Light
            relaxed_std140: offset 4 size 12
            relaxed_std430: offset 4 size 12
        "#]],
    );
    check_describe(
        r#"
[numthreads(8, 1, 1)]
void ma$0in(uint3 id : SV_DispatchThreadID) {}
"#,
        expect![[r#"
            void main(uint3 id)
            [numthreads(8, 1, 1)]
        "#]],
    );
    check_describe(
        r#"
enum Mode { Fast, Slow = 4 };
int f() { return Sl$0ow; }
"#,
        expect![[r#"
            Mode::Slow = 4
            in enum Mode
        "#]],
    );
}

#[test]
fn descriptions_of_enum_types_and_values() {
    // A value of enum type shows its enum, not the underlying integer.
    check_describe(
        r#"
enum class Mode : uint { Off, On = 3 };
Mode g_mode;
uint f(Mode m) { Mode lo$0cal = m; return (uint)local; }
"#,
        expect![[r#"
            Mode local
        "#]],
    );
    check_describe(
        r#"
enum class Mode : uint { Off, On = 3 };
Mode g_mo$0de;
"#,
        expect![[r#"
            Mode g_mode
        "#]],
    );
    check_describe(
        r#"
enum class Mode : uint { Off, On = 3 };
uint f() { return (uint)Mode::O$0n; }
"#,
        expect![[r#"
            Mode::On = 3
            in enum Mode
        "#]],
    );
    check_describe(
        r#"
namespace gfx { enum class Mode : uint { Off, On = 3 }; }
gfx::Mo$0de g;
"#,
        expect![[r#"
            enum class gfx::Mode : uint
            in namespace gfx
        "#]],
    );
}

#[test]
fn descriptions_of_linked_list_members_terminate() {
    // The pointer to the node's own type is 8 bytes at offset 8 (after a float, aligned to
    // 8) under both rules; describing it does not walk into the pointee.
    check_describe(
        r#"
struct Node { float v; vk::BufferPointer<Node> ne$0xt; };
"#,
        expect![[r#"
            vk::BufferPointer<Node, 8> next
            in struct Node
            relaxed_std140: offset 8 size 8
            relaxed_std430: offset 8 size 8
        "#]],
    );
    check_describe(
        r#"
struct Node { float v; vk::BufferPointer<Node> next; };
float f(vk::BufferPointer<Node> p) { return p.Get().next.Get().$0v; }
"#,
        expect![[r#"
            float v
            in struct Node
            relaxed_std140: offset 0 size 4
            relaxed_std430: offset 0 size 4
        "#]],
    );
}

/// `[[vk::offset(N)]]` moves a struct field and a cbuffer member (over its `packoffset`), and
/// the members after it follow it.
#[test]
fn descriptions_with_vk_offsets() {
    check_describe(
        r#"
struct PC { float4 a; [[vk::offset(32)]] float b; float c$0c; };
"#,
        expect![[r#"
            float cc
            in struct PC
            relaxed_std140: offset 36 size 4
            relaxed_std430: offset 36 size 4
        "#]],
    );
    check_describe(
        r#"
cbuffer CB { float4 a0; [[vk::offset(48)]] float b0 : packoffset(c0.y); };
float f() { return b$00; }
"#,
        expect![[r#"
            float b0
            in cbuffer CB
            relaxed_std140: offset 48 size 4
        "#]],
    );
}
