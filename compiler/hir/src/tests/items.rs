//! The item tree, struct types with semantics, and the hover facade.

use base_db::CompileConfig;
use expect_test::{expect, Expect};
use syntax::{PreprocessConfig, TextSize};

use crate::item_tree::{item_tree, ItemKind};
use crate::lower_type::TypeCtx;
use crate::scope::{item_scope, LookupSite};
use crate::test_db::TestDb;
use crate::type_ref::{Path, TypeBase, TypeRef};

fn check_items(src: &str, expect: Expect) {
    let mut db = TestDb::new();
    let file = db.set_file_text("/t/main.hlsl", src);
    let config = CompileConfig::new(&db, PreprocessConfig::default());
    let tree = item_tree(&db, file, config);
    let mut out = String::new();
    for idx in tree.indices() {
        let item = tree.item(idx);
        let kind = match &item.kind {
            ItemKind::Function(f) => format!(
                "fn ret={} params=[{}] body={} attrs={:?} semantic={:?}",
                f.ret,
                f.params.iter().map(|p| format!("{:?} {} {}", p.direction, p.ty, p.name)).collect::<Vec<_>>().join(", "),
                f.has_body,
                f.attrs.iter().map(|a| format!("{}({})", a.name, a.args.join(","))).collect::<Vec<_>>(),
                f.semantic,
            ),
            ItemKind::Struct(s) => format!("struct members={} template={}", s.members.len(), s.template.is_some()),
            ItemKind::Variable(v) => format!(
                "var {} static={} const={} groupshared={} semantic={:?} register={:?} interpolation={:?}",
                v.ty, v.is_static, v.is_const, v.groupshared, v.semantic, v.register, v.interpolation
            ),
            ItemKind::CBuffer(c) => format!("cbuffer tbuffer={} register={:?} members={}", c.is_tbuffer, c.register, c.members.len()),
            ItemKind::Typedef(t) => format!("typedef {t}"),
            ItemKind::Enum(e) => format!("enum scoped={} variants={}", e.scoped, e.enumerators.len()),
            ItemKind::Enumerator(v) => format!("enumerator explicit={}", v.is_some()),
            ItemKind::Namespace(items) => format!("namespace items={}", items.len()),
            ItemKind::UsingNamespace(p) => format!("using namespace {p}"),
        };
        let parent = item
            .parent
            .map(|p| format!(" in {}", tree.item(p).name))
            .unwrap_or_default();
        out.push_str(&format!("{} {}{parent}: {kind}\n", item.ast.0, item.name));
    }
    expect.assert_eq(&out);
}

#[test]
fn item_tree_of_declarations() {
    check_items(
        r#"
struct VSIn { float3 pos : POSITION; nointerpolation uint id : ID; };
cbuffer Frame : register(b0) { float4x4 viewProj; float time; };
Texture2D<float4> albedo : register(t0, space1);
static const int N = 4;
groupshared float cache[N];
typedef float3 normal_t;
enum class Mode { A, B = 2 };
namespace util { float sq(float x) { return x * x; } }
[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID, inout float acc, out float res) { res = acc; }
float proto(float x);
"#,
        expect![[r#"
            0 VSIn: struct members=2 template=false
            2 pos in VSIn: var float3 static=false const=false groupshared=false semantic=Some("POSITION") register=None interpolation=[]
            4 id in VSIn: var uint static=false const=false groupshared=false semantic=Some("ID") register=None interpolation=[NoInterpolation]
            5 Frame: cbuffer tbuffer=false register=Some(["b0"]) members=2
            7 viewProj in Frame: var float4x4 static=false const=false groupshared=false semantic=None register=None interpolation=[]
            9 time in Frame: var float static=false const=false groupshared=false semantic=None register=None interpolation=[]
            11 albedo: var Texture2D<float4> static=false const=false groupshared=false semantic=None register=Some(["t0", "space1"]) interpolation=[]
            13 N: var int static=true const=true groupshared=false semantic=None register=None interpolation=[]
            15 cache: var float[] static=false const=false groupshared=true semantic=None register=None interpolation=[]
            17 normal_t: typedef float3
            18 Mode: enum scoped=true variants=2
            19 A in Mode: enumerator explicit=false
            20 B in Mode: enumerator explicit=true
            21 util: namespace items=1
            22 sq in util: fn ret=float params=[In float x] body=true attrs=[] semantic=None
            23 main: fn ret=void params=[In uint3 id, InOut float acc, Out float res] body=true attrs=["numthreads(8,8,1)"] semantic=None
            24 proto: fn ret=float params=[In float x] body=false attrs=[] semantic=None
        "#]],
    );
}

#[test]
fn struct_types_keep_semantics_and_interpolation() {
    let mut db = TestDb::new();
    let src = "struct V { float4 p : SV_Position; nointerpolation uint id : ID; float2 uv; };";
    let file = db.set_file_text("/t/main.hlsl", src);
    let config = CompileConfig::new(&db, PreprocessConfig::default());
    let tree = item_tree(&db, file, config);
    let scope = item_scope(&db, file, config);
    let tcx = TypeCtx::new(&tree, &scope, LookupSite::file());
    let v = TypeRef {
        base: TypeBase::Path(Path::single("V")),
        ..TypeRef::missing()
    };
    let ty = tcx.resolve(&v, &mut Vec::new());
    expect![[r#"
        Some(
            Struct(
                StructType {
                    name: "V",
                    fields: [
                        StructField {
                            name: "p",
                            ty: Vector(
                                Float,
                                4,
                            ),
                            semantic: Some(
                                "SV_Position",
                            ),
                            interpolation: [],
                            bit_width: None,
                            offset: None,
                            base_depth: 0,
                            base_starts: 0,
                        },
                        StructField {
                            name: "id",
                            ty: Scalar(
                                Uint,
                            ),
                            semantic: Some(
                                "ID",
                            ),
                            interpolation: [
                                NoInterpolation,
                            ],
                            bit_width: None,
                            offset: None,
                            base_depth: 0,
                            base_starts: 0,
                        },
                        StructField {
                            name: "uv",
                            ty: Vector(
                                Float,
                                2,
                            ),
                            semantic: None,
                            interpolation: [],
                            bit_width: None,
                            offset: None,
                            base_depth: 0,
                            base_starts: 0,
                        },
                    ],
                },
            ),
        )
    "#]]
    .assert_debug_eq(&ty);
}

#[test]
fn item_tree_is_unchanged_by_body_edits() {
    let mut db = TestDb::new();
    let config = CompileConfig::new(&db, PreprocessConfig::default());
    let file = db.set_file_text("/t/main.hlsl", "float g;\nvoid f() { g; }\nvoid h() {}\n");
    let before = item_tree(&db, file, config);
    db.set_file_text(
        "/t/main.hlsl",
        "float g;\nvoid f() { float x = g * 2; x += 1; }\nvoid h() {}\n",
    );
    let after = item_tree(&db, file, config);
    assert_eq!(before, after);
}

fn hover(src_with_cursor: &str) -> String {
    let offset = src_with_cursor.find('$').unwrap();
    let src = src_with_cursor.replacen('$', "", 1);
    let mut db = TestDb::new();
    let file = db.set_file_text("/t/main.hlsl", &src);
    let config = CompileConfig::new(&db, PreprocessConfig::default());
    match crate::type_of_expr_at(&db, file, config, TextSize::from(offset as u32)) {
        Some(t) => t.to_string(),
        None => "none".into(),
    }
}

#[test]
fn hover_types() {
    let src = "struct S { float3 n; }; float4 f(S s, float2 uv) { return float4(s.n, uv.$x); }";
    assert_eq!(hover(src), "float");
    let src = "float4 f(float2 uv) { return float4(u$v, 0, 1); }";
    assert_eq!(hover(src), "float2");
    let src = "struct S { float3 n; }; float4 f(S s, float2 uv) { return float4(s.$n, uv.x); }";
    assert_eq!(hover(src), "float3");
    let src = "struct S { float3 n; }; float3 f(S s) { return $s.n; }";
    assert_eq!(hover(src), "S");
    let src = "float f(float a) { return a $+ 1; }";
    assert_eq!(hover(src), "float");
    let src = "void f(float3 $v) { int2 $k = 0; }";
    assert_eq!(hover(src), "float3");
    let src = "void f(float3 v) { int2 $k = 0; }";
    assert_eq!(hover(src), "int2");
    let src = "float $g;";
    assert_eq!(hover(src), "none");
    let src = "static const float2 k = float2(1, 2) * $3;";
    assert_eq!(hover(src), "int");
    let src = "static const float2 k = float2(1, 2) $* 3;";
    assert_eq!(hover(src), "float2");
}

#[test]
fn struct_and_global_type_queries() {
    let mut db = TestDb::new();
    let src = "struct S { float a; int2 b; };\ntemplate<typename T> struct W { T t; };\nstatic const float K[] = {1, 2, 3};\nS g;\n";
    let file = db.set_file_text("/t/main.hlsl", src);
    let config = CompileConfig::new(&db, PreprocessConfig::default());
    let tree = item_tree(&db, file, config);
    let mut out = Vec::new();
    for idx in tree.indices() {
        let item = tree.item(idx);
        match &item.kind {
            ItemKind::Struct(_) => {
                let s = crate::StructId::new(&db, file, config, item.ast);
                let ty = crate::struct_type(&db, s).map(|t| format!("{t:?}"));
                out.push(format!(
                    "struct {}: {}",
                    item.name,
                    ty.unwrap_or("none".into())
                ));
            }
            ItemKind::Variable(_) if item.parent.is_none() => {
                let g = crate::GlobalId::new(&db, file, config, item.ast);
                let ty = crate::global_type(&db, g).map(|t| t.to_string());
                out.push(format!(
                    "global {}: {}",
                    item.name,
                    ty.unwrap_or("none".into())
                ));
            }
            _ => {}
        }
    }
    expect![[r#"
        struct S: Struct(StructType { name: "S", fields: [StructField { name: "a", ty: Scalar(Float), semantic: None, interpolation: [], bit_width: None, offset: None, base_depth: 0, base_starts: 0 }, StructField { name: "b", ty: Vector(Int, 2), semantic: None, interpolation: [], bit_width: None, offset: None, base_depth: 0, base_starts: 0 }] })
        struct W: none
        global K: float[3]
        global g: S"#]].assert_eq(&out.join("\n"));
}

#[test]
fn pack_matrix_sets_the_default_orientation() {
    use crate::item_tree::{lower_item_tree, MatrixPacking};
    use syntax::preprocess::PackMatrixPragma;

    // Tokens: `float4x4 a ; float4x4 b ; column_major float4x4 c ; float4x4 f ( ) ;`
    let parsed =
        syntax::parse("float4x4 a; float4x4 b; column_major float4x4 c; float4x4 f(float2x2 p);");
    let expanded = parsed.expanded();
    let root = syntax::SyntaxNode::new_root(expanded.green.clone());
    // `#pragma pack_matrix(row_major)` before `b` (token 3).
    let pragmas = [PackMatrixPragma {
        token_index: 3,
        row_major: true,
    }];
    let tree = lower_item_tree(&root, &MatrixPacking::new(&pragmas, &expanded.token_starts));
    let mut out = Vec::new();
    for idx in tree.indices() {
        let item = tree.item(idx);
        match &item.kind {
            ItemKind::Variable(v) => {
                out.push(format!("{} row_major={}", item.name, v.ty.row_major))
            }
            ItemKind::Function(f) => {
                out.push(format!("{} ret row_major={}", item.name, f.ret.row_major));
                out.push(format!(
                    "{} param row_major={}",
                    item.name, f.params[0].ty.row_major
                ));
            }
            _ => {}
        }
    }
    expect![[r#"
        a row_major=false
        b row_major=true
        c row_major=false
        f ret row_major=true
        f param row_major=true"#]]
    .assert_eq(&out.join("\n"));
}
