//! The intrinsic seam: how inference uses each answer of an `IntrinsicTable`, with a small
//! table written for the test (the real one lives in the intrinsics crate).

use std::sync::Arc;

use base_db::CompileConfig;
use expect_test::{expect, Expect};
use syntax::PreprocessConfig;
use types::{ScalarKind, Type};

use crate::test_db::TestDb;
use crate::{dump_inference, functions, IntrinsicArg, IntrinsicCall, IntrinsicTable};

struct TestTable;

impl IntrinsicTable for TestTable {
    fn call(&self, name: &str, args: &[IntrinsicArg]) -> IntrinsicCall {
        let first = args
            .first()
            .and_then(|a| a.ty.clone())
            .unwrap_or(Type::FLOAT);
        match name {
            "twice" => IntrinsicCall::Resolved {
                ret: first.clone(),
                params: vec![first],
                out_args: vec![],
            },
            "sincos" => IntrinsicCall::Resolved {
                ret: Type::Void,
                params: vec![Type::FLOAT; 3],
                out_args: vec![1, 2],
            },
            "narrow" => IntrinsicCall::Resolved {
                ret: Type::vector(ScalarKind::Float, 2),
                params: vec![Type::vector(ScalarKind::Float, 2)],
                out_args: vec![],
            },
            "amb" => IntrinsicCall::Ambiguous {
                candidates: vec!["half amb(half)".into(), "double amb(double)".into()],
            },
            "count" => IntrinsicCall::WrongArgCount {
                expected: "2".into(),
            },
            "nomatch" => IntrinsicCall::NoMatch {
                candidates: vec!["float nomatch(float)".into()],
            },
            _ => IntrinsicCall::NotIntrinsic,
        }
    }

    fn method(&self, receiver: &Type, name: &str, _args: &[IntrinsicArg]) -> IntrinsicCall {
        match (receiver.as_resource().and_then(|r| r.element()), name) {
            (Some(element), "Get") => IntrinsicCall::Resolved {
                ret: element.clone(),
                params: vec![],
                out_args: vec![],
            },
            _ => IntrinsicCall::NoMethod,
        }
    }
}

fn check(src: &str, expect: Expect) {
    let mut db = TestDb::with_intrinsics(Arc::new(TestTable));
    let file = db.set_file_text("/t/main.hlsl", src);
    let config = CompileConfig::new(&db, PreprocessConfig::default());
    let mut out = String::new();
    for f in functions(&db, file, config) {
        out.push_str(&dump_inference(&db, f));
    }
    for d in crate::diagnostics::diagnostics(&db, file, config) {
        let text = src
            .get(std::ops::Range::<usize>::from(d.range))
            .unwrap_or("?");
        out.push_str(&format!("{} `{text}`: {}\n", d.code, d.message));
    }
    expect.assert_eq(&out);
}

#[test]
fn resolved_calls_give_their_type() {
    check(
        r#"
Buffer<uint2> b;
void f(float3 v) { twice(v).xy; twice(1.0); b.Get(); }
"#,
        expect![[r#"
            twice(v).xy : float2
            twice(v) : float3
            twice : {unknown}
            v : float3
            twice(1.0) : float
            twice : {unknown}
            1.0 : literal float
            b.Get() : uint2
            b : Buffer<uint2>
            local v : float3
        "#]],
    );
}

#[test]
fn out_arguments_and_truncation() {
    check(
        r#"
void f(float4 v) { float s, c; sincos(v.x, s, c); sincos(v.x, 1, c); narrow(v); }
"#,
        expect![[r#"
            sincos(v.x, s, c) : void
            sincos : {unknown}
            v.x : float
            v : float4
            s : float
            c : float
            sincos(v.x, 1, c) : void
            sincos : {unknown}
            v.x : float
            v : float4
            1 : literal int
            c : float
            narrow(v) : float2
            narrow : {unknown}
            v : float4
            local v : float4
            local s : float
            local c : float
            E2009 `1`: an `out` or `inout` argument must be a modifiable lvalue
            W2001 `v`: implicit truncation from `float4` to `float2`
        "#]],
    );
}

#[test]
fn failed_intrinsic_calls() {
    check(
        r#"
Buffer<uint2> b;
void f() { amb(1.0); count(1); nomatch(1); nothing(1); b.Nope(); }
"#,
        expect![[r#"
            amb(1.0) : {unknown}
            amb : {unknown}
            1.0 : literal float
            count(1) : {unknown}
            count : {unknown}
            1 : literal int
            nomatch(1) : {unknown}
            nomatch : {unknown}
            1 : literal int
            nothing(1) : {unknown}
            nothing : {unknown}
            1 : literal int
            b.Nope() : {unknown}
            b : Buffer<uint2>
            E2005 `amb(1.0)`: call to `amb` is ambiguous (candidates: half amb(half); double amb(double))
            E2006 `count(1)`: `count` takes 2 argument(s), 1 given
            E2004 `nomatch(1)`: no matching overload for call to `nomatch` (candidates: float nomatch(float))
            E2001 `nothing`: use of undeclared identifier `nothing`
            E2015 `b.Nope()`: no method named `Nope`
        "#]],
    );
}
