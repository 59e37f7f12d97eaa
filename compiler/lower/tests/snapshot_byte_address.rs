//! Snapshot tests of templated byte-address buffer loads and stores (`Load<T>`, `Store`) of
//! composite types: lowering takes structs, arrays, matrices and bools apart into scalar and
//! vector `byte_address_load`/`byte_address_store` at C's natural offsets, matrices in
//! column-major order (DXC's raw-buffer rules, see `lower::byte_address`).

mod common;

use std::sync::Arc;

use db::{NoSource, PreprocessConfig, RootDatabase};
use expect_test::{expect, Expect};

fn check(text: &str, expect: Expect) {
    expect.assert_eq(&common::dump(text));
}

#[test]
fn struct_with_bool_array_and_double_is_split_at_natural_offsets() {
    // `b` (a 4-byte bool) is at 4, `c` at 8 and 16 (stride 8), `d` at 24 (where `c` ends,
    // already 8-aligned); loads read `b` as `word != 0`, stores write 1 or 0.
    check(
        r#"
struct S { float a; bool b; float2 c[2]; double d; };
RWByteAddressBuffer Buf : register(u0);
[numthreads(1, 1, 1)]
void main() {
    S s = Buf.Load<S>(0);
    Buf.Store(64, s);
}
"#,
        expect![[r#"
            struct S { float a; bool b; array<float2, 2> c; double d; }

            @g0 = resource storage_buffer RWByteAddressBuffer set(0) binding(0) ; Buf

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, S> ; s
              %1 = byte_address_load @g0, 0:uint : float
              %2 = add 0:uint, 4:uint : uint
              %3 = byte_address_load @g0, %2 : uint
              %4 = ne %3, 0:uint : bool
              %5 = add 0:uint, 8:uint : uint
              %6 = byte_address_load @g0, %5 : float2
              %7 = add %5, 8:uint : uint
              %8 = byte_address_load @g0, %7 : float2
              %9 = composite_construct %6, %8 : array<float2, 2>
              %10 = add 0:uint, 24:uint : uint
              %11 = byte_address_load @g0, %10 : double
              %12 = composite_construct %1, %4, %9, %11 : S
              store %0, %12
              %13 = load %0 : S
              %14 = composite_extract %13, [0] : float
              byte_address_store @g0, 64:uint, %14
              %15 = composite_extract %13, [1] : bool
              %16 = add 64:uint, 4:uint : uint
              %17 = select %15, 1:uint, 0:uint : uint
              byte_address_store @g0, %16, %17
              %18 = composite_extract %13, [2] : array<float2, 2>
              %19 = add 64:uint, 8:uint : uint
              %20 = composite_extract %18, [0] : float2
              byte_address_store @g0, %19, %20
              %21 = composite_extract %18, [1] : float2
              %22 = add %19, 8:uint : uint
              byte_address_store @g0, %22, %21
              %23 = composite_extract %13, [3] : double
              %24 = add 64:uint, 24:uint : uint
              byte_address_store @g0, %24, %23
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

#[test]
fn matrices_are_column_major_in_the_buffer() {
    // float2x3 m: m[r][c] is at 4 * (c * 2 + r), whatever the matrix's orientation.
    check(
        r#"
RWByteAddressBuffer Buf : register(u0);
[numthreads(1, 1, 1)]
void main() {
    row_major float2x3 m = Buf.Load<float2x3>(0);
    Buf.Store(32, m);
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWByteAddressBuffer set(0) binding(0) ; Buf

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, row_major float2x3> ; m
              %1 = byte_address_load @g0, 0:uint : float
              %2 = add 0:uint, 8:uint : uint
              %3 = byte_address_load @g0, %2 : float
              %4 = add 0:uint, 16:uint : uint
              %5 = byte_address_load @g0, %4 : float
              %6 = add 0:uint, 4:uint : uint
              %7 = byte_address_load @g0, %6 : float
              %8 = add 0:uint, 12:uint : uint
              %9 = byte_address_load @g0, %8 : float
              %10 = add 0:uint, 20:uint : uint
              %11 = byte_address_load @g0, %10 : float
              %12 = composite_construct %1, %3, %5 : float3
              %13 = composite_construct %7, %9, %11 : float3
              %14 = composite_construct %12, %13 : float2x3
              %15 = composite_extract %14, [0] : float3
              %16 = composite_extract %14, [1] : float3
              %17 = composite_construct %15, %16 : row_major float2x3
              store %0, %17
              %18 = load %0 : row_major float2x3
              %19 = composite_extract %18, [0, 0] : float
              byte_address_store @g0, 32:uint, %19
              %20 = composite_extract %18, [1, 0] : float
              %21 = add 32:uint, 4:uint : uint
              byte_address_store @g0, %21, %20
              %22 = composite_extract %18, [0, 1] : float
              %23 = add 32:uint, 8:uint : uint
              byte_address_store @g0, %23, %22
              %24 = composite_extract %18, [1, 1] : float
              %25 = add 32:uint, 12:uint : uint
              byte_address_store @g0, %25, %24
              %26 = composite_extract %18, [0, 2] : float
              %27 = add 32:uint, 16:uint : uint
              byte_address_store @g0, %27, %26
              %28 = composite_extract %18, [1, 2] : float
              %29 = add 32:uint, 20:uint : uint
              byte_address_store @g0, %29, %28
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

#[test]
fn untyped_store_takes_the_value_type_and_literals_store_a_word() {
    check(
        r#"
RWByteAddressBuffer Buf : register(u0);
[numthreads(1, 1, 1)]
void main() {
    float f = 1.5;
    int2 i = int2(-1, 2);
    Buf.Store(0, f);
    Buf.Store(4, i);
    Buf.Store(12, 7);
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWByteAddressBuffer set(0) binding(0) ; Buf

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float> ; f
              %1 = alloca : ptr<function, int2> ; i
              store %0, 1.5:float
              %2 = composite_construct -1:int, 2:int : int2
              store %1, %2
              %3 = load %0 : float
              byte_address_store @g0, 0:uint, %3
              %4 = load %1 : int2
              byte_address_store @g0, 4:uint, %4
              byte_address_store @g0, 12:uint, 7:uint
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

#[test]
fn legacy_buffer_matrix_order_reads_rows() {
    // `-fspv-use-legacy-buffer-matrix-order`: m[r][c] of a float2x2 is at 4 * (r * 2 + c), so
    // the four loads go to 0, 4, 8, 12 in order.
    let mut db = RootDatabase::new(Arc::new(NoSource));
    let text = r#"
RWByteAddressBuffer Buf : register(u0);
[numthreads(1, 1, 1)]
void main() {
    float2x2 m = Buf.Load<float2x2>(0);
    Buf.Store(16, m[0][1]);
}
"#;
    let file = db.set_file_text("/test.hlsl", Some(text.into()));
    let config = db.new_config(PreprocessConfig::default());
    let options = lower::LowerOptions {
        legacy_buffer_matrix_order: true,
        ..Default::default()
    };
    let m = lower::lower_module_with(
        &db,
        file,
        config,
        "main",
        lower::ShaderStage::Compute,
        &options,
    )
    .unwrap_or_else(|ds| panic!("{ds:?}"));
    assert!(ir::verify(&m).is_empty());
    let loads: String = ir::print_module(&m)
        .lines()
        .filter(|l| l.contains("byte_address_load") || l.contains(" = add "))
        .map(|l| format!("{}\n", l.trim()))
        .collect();
    expect![[r#"
        %1 = byte_address_load @g0, 0:uint : float
        %2 = add 0:uint, 4:uint : uint
        %3 = byte_address_load @g0, %2 : float
        %4 = add 0:uint, 8:uint : uint
        %5 = byte_address_load @g0, %4 : float
        %6 = add 0:uint, 12:uint : uint
        %7 = byte_address_load @g0, %6 : float
    "#]]
    .assert_eq(&loads);
}

#[test]
fn explicit_store_type_converts_the_value() {
    // `Store<int>(0, f)` converts the float to int, `Store<float>(4, 7)` stores 7.0.
    check(
        r#"
RWByteAddressBuffer Buf : register(u0);
[numthreads(1, 1, 1)]
void main() {
    float f = 2.5;
    Buf.Store<int>(0, f);
    Buf.Store<float>(4, 7);
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWByteAddressBuffer set(0) binding(0) ; Buf

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float> ; f
              store %0, 2.5:float
              %1 = load %0 : float
              %2 = convert %1 : int
              byte_address_store @g0, 0:uint, %2
              byte_address_store @g0, 4:uint, 7.0:float
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

#[test]
fn resources_have_no_bytes_to_load_or_store() {
    let e = common::try_lower(
        r#"
RWByteAddressBuffer Buf : register(u0);
Texture2D T : register(t0);
[numthreads(1, 1, 1)]
void main() { Buf.Store(0, T); }
"#,
    )
    .unwrap_err();
    expect!["E3001 105..120: not supported yet: a byte-address buffer store of Texture2D<float4>"]
        .assert_eq(&e);
}
