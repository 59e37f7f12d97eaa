//! Structs holding resources, the remaining forms (issue #4, item 4): casts between structs
//! holding resources and of scalars to them (`resource_cast.rs`), `static` arrays of
//! resources indexed at run time (`resource_statics.rs`). IR snapshots (each dump verified)
//! and interpreter runs with hand-computed results.

mod common;

use common::{as_u32, lower, lower_errors as errors, run_u32, words_u32 as words};
use expect_test::{expect, Expect};
use interp::{dispatch, Bindings, Program, ProgramOptions, Resource, RunOptions};

fn check(text: &str, expect: Expect) {
    expect.assert_eq(&common::dump(text));
}

const CASTS: &str = r#"
RWStructuredBuffer<uint> Out;
StructuredBuffer<uint> In;
StructuredBuffer<uint> In2;
struct Apple { int2 pos; StructuredBuffer<uint> data; float scale; float4 extra; };
struct Banana { float at[2]; StructuredBuffer<uint> data; int scale; };
struct Pair { StructuredBuffer<uint> bufs[2]; uint k; };
struct Outer { uint tag; Pair p; };
struct Flat { float tag; StructuredBuffer<uint> x; StructuredBuffer<uint> y; uint k; };
uint sum(Banana b) { return b.data[3] + (uint)b.at[0]; }
[numthreads(1, 1, 1)]
void main() {
    Apple a = { 1, 2, In, 3.75, 5, 6, 7, 8 };
    Banana b = (Banana)a;
    Out[0] = b.data[(uint)b.at[1]] + b.scale;
    Out[1] = (uint)(b.at[0] * 10);
    Banana c = (Banana)0.5;
    c.data = In;
    Out[2] = c.data[0] + (uint)(c.at[1] * 4) + c.scale;
    Out[3] = sum((Banana)a);
    Outer o = { 7, { { In, In2 }, 9 } };
    Flat f;
    f = (Flat)o;
    Out[4] = f.x[1] + f.y[1] + f.k + (uint)f.tag;
}
"#;

#[test]
fn casts_between_structs_holding_resources() {
    // `(Banana)a`: the scalars 1, 2 become `at`, `In` meets `data`, 3.75 becomes `scale` (3);
    // Apple's `extra` is dropped. `(Banana)0.5` sets `at` and `scale` only.
    check(
        r#"
StructuredBuffer<uint> In;
RWStructuredBuffer<uint> Out;
struct Apple { int2 pos; StructuredBuffer<uint> data; float scale; float4 extra; };
struct Banana { float at[2]; StructuredBuffer<uint> data; int scale; };
[numthreads(1, 1, 1)]
void main() {
    Apple a = { 1, 2, In, 3.75, 5, 6, 7, 8 };
    Banana b = (Banana)a;
    Banana c = (Banana)0.5;
    Out[0] = b.data[0] + b.scale + c.scale;
}
"#,
        expect![[r#"
            struct Banana { array<float, 2> at; int scale; }
            struct Apple { int2 pos; float scale; float4 extra; }

            @g0 = resource storage_buffer StructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; In
            @g1 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(1) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, Banana>
              %1 = alloca : ptr<function, Banana>
              %2 = alloca : ptr<function, Apple> ; a
              %3 = alloca : ptr<function, Banana> ; b
              %4 = alloca : ptr<function, Banana> ; c
              %5 = access_chain %2, 0:int : ptr<function, int2>
              %6 = composite_construct 1:int, 2:int : int2
              store %5, %6
              %7 = access_chain %2, 1:int : ptr<function, float>
              store %7, 3.75:float
              %8 = access_chain %2, 2:int : ptr<function, float4>
              %9 = composite_construct 5.0:float, 6.0:float, 7.0:float, 8.0:float : float4
              store %8, %9
              %10 = access_chain %2, 0:int : ptr<function, int2>
              %11 = load %10 : int2
              %12 = composite_extract %11, [0] : int
              %13 = composite_extract %11, [1] : int
              %14 = access_chain %2, 1:int : ptr<function, float>
              %15 = load %14 : float
              %16 = access_chain %2, 2:int : ptr<function, float4>
              %17 = load %16 : float4
              %18 = composite_extract %17, [0] : float
              %19 = composite_extract %17, [1] : float
              %20 = composite_extract %17, [2] : float
              %21 = composite_extract %17, [3] : float
              %22 = access_chain %1, 0:int : ptr<function, array<float, 2>>
              %23 = convert %12 : float
              %24 = convert %13 : float
              %25 = composite_construct %23, %24 : array<float, 2>
              store %22, %25
              %26 = access_chain %1, 1:int : ptr<function, int>
              %27 = convert %15 : int
              store %26, %27
              %28 = load %1 : Banana
              store %3, %28
              %29 = access_chain %0, 0:int : ptr<function, array<float, 2>>
              %30 = composite_construct 0.5:float, 0.5:float : array<float, 2>
              store %29, %30
              %31 = access_chain %0, 1:int : ptr<function, int>
              store %31, 0:int
              %32 = load %0 : Banana
              store %4, %32
              %33 = access_chain @g1, 0:int : ptr<storage_buffer, uint>
              %34 = access_chain @g0, 0:int : ptr<storage_buffer, uint>
              %35 = load %34 : uint
              %36 = access_chain %3, 1:int : ptr<function, int>
              %37 = load %36 : int
              %38 = convert %37 : uint
              %39 = add %35, %38 : uint
              %40 = access_chain %4, 1:int : ptr<function, int>
              %41 = load %40 : int
              %42 = convert %41 : uint
              %43 = add %39, %42 : uint
              store %33, %43
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
fn casts_between_structs_holding_resources_run() {
    // In = {10, 20, 30, 40}, In2 = {100, 200, 300, 400}.
    // Out[0] = In[at[1] = 2] + (int)3.75 = 30 + 3 = 33; Out[1] = at[0] * 10 = 10;
    // Out[2] = In[0] + (uint)(0.5 * 4) + (int)0.5 = 10 + 2 + 0 = 12;
    // Out[3] = In[3] + (uint)1.0 = 41;
    // Out[4] = In[1] + In2[1] + 9 + 7 = 20 + 200 + 16 = 236.
    let out = run_u32(
        CASTS,
        vec![vec![0; 5], vec![10, 20, 30, 40], vec![100, 200, 300, 400]],
    );
    assert_eq!(out[0], vec![33, 10, 12, 41, 236]);
}

#[test]
fn casts_whose_resources_do_not_line_up_are_dxc_errors() {
    // The texture one scalar later in the target.
    let text = r#"
Texture2D<uint> T;
RWStructuredBuffer<uint> Out;
struct A { Texture2D<uint> t; float x; };
struct B { float x; Texture2D<uint> t; };
[numthreads(1, 1, 1)]
void main() {
    A a = { T, 1 };
    B b = (B)a;
    Out[0] = (uint)b.x;
}
"#;
    expect!["E3022 200..204: cannot convert from 'A' to 'B': each resource must meet a resource of the same type, in flattened member order"].assert_eq(&errors(text));
    // A splat whose first member is the resource: DXC's "cannot convert from 'literal int'".
    let text = r#"
RWStructuredBuffer<uint> Out;
struct M { Texture2D<uint> t; float x; };
[numthreads(1, 1, 1)]
void main() {
    M m = (M)0;
    Out[0] = (uint)m.x;
}
"#;
    expect!["E3022 119..123: cannot convert from 'int' to 'M': a scalar fills every member of the target, and its first is a resource"].assert_eq(&errors(text));
    // A resource of another type at the same place.
    let text = r#"
Texture2D<uint> T;
RWStructuredBuffer<uint> Out;
struct A { float x; Texture2D<uint> t; };
struct B { float x; Texture2D<float> t; };
[numthreads(1, 1, 1)]
void main() {
    A a = { 1, T };
    B b = (B)a;
    Out[0] = (uint)b.x;
}
"#;
    expect!["E3022 201..205: cannot convert from 'A' to 'B': each resource must meet a resource of the same type, in flattened member order"].assert_eq(&errors(text));
}

#[test]
fn a_splat_leaves_buffers_unassigned_and_undefined_where_used() {
    let text = r#"
RWStructuredBuffer<uint> Out;
struct M { float x; StructuredBuffer<uint> buf; };
[numthreads(1, 1, 1)]
void main() {
    M m = (M)2;
    Out[0] = m.buf[0] + (uint)m.x;
}
"#;
    // Used, the buffer is DXC's undefined pointer (weak6; it was E3020).
    let dump = common::dump(text);
    assert!(
        dump.contains("private storage_buffer StructuredBuffer<uint>"),
        "{dump}"
    );
    assert!(dump.contains("; undefined.buffer"), "{dump}");
}

const STATIC_ARRAY: &str = r#"
RWStructuredBuffer<uint> Out;
StructuredBuffer<uint> Bufs[3];
static StructuredBuffer<uint> pair[2] = { Bufs[1], Bufs[2] };
[numthreads(1, 1, 1)]
void main() {
    uint i = Out[0];
    Out[1] = pair[i][0];
    Out[2] = pair[1][1] + pair[0][1];
}
"#;

#[test]
fn static_array_of_consecutive_elements_indexed_at_run_time() {
    // `pair[i]` is `Bufs[i + 1]`; `pair[1]` and `pair[0]` constant elements 2 and 1.
    check(
        STATIC_ARRAY,
        expect![[r#"
        @g0 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; Out
        @g1 = resource storage_buffer array<StructuredBuffer<uint>, 3> set(0) binding(1) count(3) layout(relaxed_std430) ; Bufs

        func @main_body() -> void {
        bb0: ; (entry)
          %0 = access_chain @g1, 2:int : ptr<storage_buffer, StructuredBuffer<uint>>
          %1 = access_chain @g1, 1:int : ptr<storage_buffer, StructuredBuffer<uint>>
          %2 = alloca : ptr<function, uint> ; i
          %3 = access_chain @g0, 0:int : ptr<storage_buffer, uint>
          %4 = load %3 : uint
          store %2, %4
          %5 = access_chain @g0, 1:int : ptr<storage_buffer, uint>
          %6 = load %2 : uint
          %7 = convert %6 : int
          %8 = add %7, 1:int : int
          %9 = access_chain @g1, %8 : ptr<storage_buffer, StructuredBuffer<uint>>
          %10 = access_chain %9, 0:int : ptr<storage_buffer, uint>
          %11 = load %10 : uint
          store %5, %11
          %12 = access_chain @g0, 2:int : ptr<storage_buffer, uint>
          %13 = access_chain %0, 1:int : ptr<storage_buffer, uint>
          %14 = load %13 : uint
          %15 = access_chain %1, 1:int : ptr<storage_buffer, uint>
          %16 = load %15 : uint
          %17 = add %14, %16 : uint
          store %12, %17
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
fn static_array_of_consecutive_elements_runs() {
    // Out[0] = 1 picks pair[1] = Bufs[2]: Out[1] = Bufs[2][0] = 30,
    // Out[2] = Bufs[2][1] + Bufs[1][1] = 40 + 20 = 60.
    let m = lower(STATIC_ARRAY);
    let program = Program::new(&m, "main", &ProgramOptions::default()).expect("program");
    let mut bindings = Bindings::new(&program);
    bindings
        .bind(&program, 0, 0, 0, Resource::buffer(words(&[1, 0, 0])))
        .expect("bind Out");
    for (k, data) in [[1u32, 2], [10, 20], [30, 40]].iter().enumerate() {
        bindings
            .bind(&program, 0, 1, k as u32, Resource::buffer(words(data)))
            .expect("bind Bufs");
    }
    dispatch(
        &program,
        &mut bindings,
        [1, 1, 1],
        &RunOptions::default(),
        None,
    )
    .expect("run");
    assert_eq!(
        as_u32(&bindings.get(&program, 0, 0).unwrap().data),
        vec![1, 30, 60]
    );
}

#[test]
fn static_array_of_distinct_resources_indexed_at_run_time_is_e3020() {
    let text = r#"
RWStructuredBuffer<uint> Out;
StructuredBuffer<uint> A;
StructuredBuffer<uint> B;
static StructuredBuffer<uint> two[2] = { A, B };
[numthreads(1, 1, 1)]
void main() {
    Out[1] = two[Out[0]][0] + two[1][0];
}
"#;
    expect![[r#"E3020 185..191: a run-time index into an array of resources (or of structs holding them) whose elements are not consecutive elements of one global array chooses the resource at run time, which Vulkan cannot express; DXC fails here too ("generated SPIR-V is invalid" once its legalization cannot remove the choice) (index a global array instead)"#]].assert_eq(&errors(text));
}

const UNREAD: &str = r#"
RWStructuredBuffer<uint> Out;
StructuredBuffer<uint> In;
struct Pair {
    StructuredBuffer<uint> a;
    StructuredBuffer<uint> b;
    StructuredBuffer<uint> second() { return b; }
    uint first(uint i) { return a[i]; }
};
[numthreads(1, 1, 1)]
void main() {
    Pair p;
    p.a = In;
    uint unused = p.second()[3];
    uint alsoUnused = p.b[0] + p.first(1), kept = 4;
    Out[0] = p.first(2) + p.a[0] + kept;
}
"#;

#[test]
fn unread_locals_reading_unassigned_resources_are_dropped() {
    // `alsoUnused` is declared with `kept`, which is read later: that declaration cannot be
    // dropped, so its read of `p.b` (never assigned) reads DXC's undefined buffer (weak6;
    // it was E3020).
    let dump = common::dump(UNREAD);
    assert!(
        dump.contains("private storage_buffer StructuredBuffer<uint>"),
        "{dump}"
    );
    // Declared apart, `unused` and `alsoUnused` are never read and their initializers have
    // no effects: both declarations are dropped, as DXC's optimizer drops them (the copy of
    // `second` lowered on the way stays, uncalled).
    let text = UNREAD.replace(", kept = 4;", ";\n    uint kept = 4;");
    check(
        &text,
        expect![[r#"
        @g0 = resource storage_buffer StructuredBuffer<uint> set(0) binding(1) layout(relaxed_std430) ; In
        @g1 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; Out

        func @main_body() -> void {
        bb0: ; (entry)
          %0 = alloca : ptr<function, uint> ; unused
          %1 = alloca : ptr<function, uint> ; alsoUnused
          %2 = alloca : ptr<function, uint> ; kept
          store %2, 4:uint
          %3 = access_chain @g1, 0:int : ptr<storage_buffer, uint>
          %4 = call @Pair.first(2:uint) : uint
          %5 = access_chain @g0, 0:int : ptr<storage_buffer, uint>
          %6 = load %5 : uint
          %7 = add %4, %6 : uint
          %8 = load %2 : uint
          %9 = add %7, %8 : uint
          store %3, %9
          ret
        }

        func @main() -> void {
        bb0: ; (entry)
          call @main_body()
          ret
        }

        func @Pair.second() -> void {
        bb0: ; (entry)
          ret
        }

        func @Pair.first(%arg0: uint) -> uint {
        bb0: ; (entry)
          %0 = alloca : ptr<function, uint> ; i
          store %0, %arg0
          %1 = load %0 : uint
          %2 = access_chain @g0, %1 : ptr<storage_buffer, uint>
          %3 = load %2 : uint
          ret %3
        }

        entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
    "#]],
    );
}

#[test]
fn unread_locals_reading_unassigned_resources_run() {
    // In = {5, 6, 7, 8}: Out[0] = In[2] + In[0] + 4 = 7 + 5 + 4 = 16.
    let text = UNREAD.replace(", kept = 4;", ";\n    uint kept = 4;");
    let out = run_u32(&text, vec![vec![0], vec![5, 6, 7, 8]]);
    assert_eq!(out[0], vec![16]);
}

#[test]
fn unassigned_resources_read_or_beside_effects_stay_e3020() {
    // Read: the error is at the call that hands the unassigned member back.
    let read = UNREAD.replace("Out[0] = p.first(2)", "Out[0] = unused + p.first(2)");
    let e = errors(&read);
    let at = read.find("p.second()").unwrap();
    assert!(
        e.contains(&format!("E3020 {at}..{}", at + "p.second()".len())),
        "{e}"
    );
    // Unread, but the initializer also writes: dropping it would drop the write.
    for effect in ["Out.IncrementCounter()", "bump()", "(Out[1] = 2)"] {
        let text = UNREAD
            .replace("[3];", &format!("[3] + {effect};"))
            .replace(", kept = 4;", ";\n    uint kept = 4;")
            .replace(
                "[numthreads",
                "uint bump() { Out[1] = 1; return 0; }\n[numthreads",
            );
        let e = errors(&text);
        assert!(e.starts_with("E3020"), "{effect}: {e}");
        assert!(e.contains("used before one is assigned"), "{effect}: {e}");
    }
}

#[test]
fn a_function_returning_an_unassigned_or_a_bound_resource_at_run_time_is_e3020() {
    let text = r#"
RWStructuredBuffer<uint> Out;
StructuredBuffer<uint> In;
struct Pair {
    StructuredBuffer<uint> a;
    StructuredBuffer<uint> b;
    StructuredBuffer<uint> pick(uint i) { if (i > 0) { return a; } return b; }
};
[numthreads(1, 1, 1)]
void main() {
    Pair p;
    p.a = In;
    Out[0] = p.pick(Out[1])[0];
}
"#;
    expect![[r#"E3020 206..207: this resource depends on run-time control flow (different resources are assigned to it on different paths); Vulkan needs each use to name one resource, and DXC fails here too ("generated SPIR-V is invalid" once its legalization cannot remove the choice)"#]].assert_eq(&errors(text));
}

const FLAT_AND_INDEXED: &str = r#"
RWStructuredBuffer<uint> Out;
StructuredBuffer<uint> Bufs[4];
struct Inner { StructuredBuffer<uint> buf; uint k; };
struct Outer { uint2 a; Inner i; };
struct Two { uint2 s; StructuredBuffer<uint> pair[2]; };
struct Elem { StructuredBuffer<uint> buf; uint k; };
uint read(Elem e, uint j) { return e.buf[j] * e.k; }
[numthreads(1, 1, 1)]
void main() {
    Inner inn = { Bufs[1], 3 };
    Outer o = { 1, 2, inn };
    Out[1] = o.i.buf[o.a.y] * o.i.k + o.a.x;
    StructuredBuffer<uint> loc[2] = { Bufs[2], Bufs[3] };
    Two t = { 5, 6, loc };
    Out[2] = t.pair[1][0] + t.s.y;
    Elem arr[2] = { { Bufs[2], 10 }, { Bufs[3], 100 } };
    uint i = Out[0];
    Elem e = arr[i];
    Out[3] = e.buf[1] * e.k + read(arr[i], 0);
}
"#;

#[test]
fn flattened_lists_with_structs_and_arrays_and_whole_elements_at_run_time_indices() {
    // `{ 1, 2, inn }` fills `a` then `inn`'s slot and `k`; `{ 5, 6, loc }` fills `s` then
    // `loc`'s two slots. `arr[i]`, copied whole or passed, is `Bufs[i + 2]` with the data of
    // element `i`.
    check(
        FLAT_AND_INDEXED,
        expect![[r#"
        struct Elem { uint k; }
        struct Inner { uint k; }
        struct Outer { uint2 a; Inner i; }
        struct Two { uint2 s; }

        @g0 = resource storage_buffer array<StructuredBuffer<uint>, 4> set(0) binding(1) count(4) layout(relaxed_std430) ; Bufs
        @g1 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; Out

        func @main_body() -> void {
        bb0: ; (entry)
          %0 = alloca : ptr<function, Elem>
          %1 = alloca : ptr<function, Elem>
          %2 = alloca : ptr<function, Inner> ; inn
          %3 = alloca : ptr<function, Outer> ; o
          %4 = alloca : ptr<function, Two> ; t
          %5 = alloca : ptr<function, array<Elem, 2>> ; arr
          %6 = alloca : ptr<function, uint> ; i
          %7 = alloca : ptr<function, Elem> ; e
          %8 = access_chain @g0, 1:int : ptr<storage_buffer, StructuredBuffer<uint>>
          %9 = access_chain %2, 0:int : ptr<function, uint>
          store %9, 3:uint
          %10 = access_chain %2, 0:int : ptr<function, uint>
          %11 = load %10 : uint
          %12 = access_chain %3, 0:int : ptr<function, uint2>
          %13 = composite_construct 1:uint, 2:uint : uint2
          store %12, %13
          %14 = access_chain %3, 1:int, 0:int : ptr<function, uint>
          store %14, %11
          %15 = access_chain @g1, 1:int : ptr<storage_buffer, uint>
          %16 = access_chain %3, 0:int : ptr<function, uint2>
          %17 = load %16 : uint2
          %18 = composite_extract %17, [1] : uint
          %19 = access_chain %8, %18 : ptr<storage_buffer, uint>
          %20 = load %19 : uint
          %21 = access_chain %3, 1:int, 0:int : ptr<function, uint>
          %22 = load %21 : uint
          %23 = mul %20, %22 : uint
          %24 = access_chain %3, 0:int : ptr<function, uint2>
          %25 = load %24 : uint2
          %26 = composite_extract %25, [0] : uint
          %27 = add %23, %26 : uint
          store %15, %27
          %28 = access_chain @g0, 2:int : ptr<storage_buffer, StructuredBuffer<uint>>
          %29 = access_chain @g0, 3:int : ptr<storage_buffer, StructuredBuffer<uint>>
          %30 = access_chain %4, 0:int : ptr<function, uint2>
          %31 = composite_construct 5:uint, 6:uint : uint2
          store %30, %31
          %32 = access_chain @g1, 2:int : ptr<storage_buffer, uint>
          %33 = access_chain %29, 0:int : ptr<storage_buffer, uint>
          %34 = load %33 : uint
          %35 = access_chain %4, 0:int : ptr<function, uint2>
          %36 = load %35 : uint2
          %37 = composite_extract %36, [1] : uint
          %38 = add %34, %37 : uint
          store %32, %38
          %39 = access_chain @g0, 2:int : ptr<storage_buffer, StructuredBuffer<uint>>
          %40 = access_chain %5, 0:int, 0:int : ptr<function, uint>
          store %40, 10:uint
          %41 = access_chain @g0, 3:int : ptr<storage_buffer, StructuredBuffer<uint>>
          %42 = access_chain %5, 1:int, 0:int : ptr<function, uint>
          store %42, 100:uint
          %43 = access_chain @g1, 0:int : ptr<storage_buffer, uint>
          %44 = load %43 : uint
          store %6, %44
          %45 = load %6 : uint
          %46 = convert %45 : int
          %47 = access_chain %5, %46 : ptr<function, Elem>
          %48 = load %47 : Elem
          store %1, %48
          %49 = load %6 : uint
          %50 = convert %49 : int
          %51 = add %50, 2:int : int
          %52 = access_chain @g0, %51 : ptr<storage_buffer, StructuredBuffer<uint>>
          %53 = load %1 : Elem
          store %7, %53
          %54 = access_chain @g1, 3:int : ptr<storage_buffer, uint>
          %55 = access_chain %52, 1:int : ptr<storage_buffer, uint>
          %56 = load %55 : uint
          %57 = access_chain %7, 0:int : ptr<function, uint>
          %58 = load %57 : uint
          %59 = mul %56, %58 : uint
          %60 = load %6 : uint
          %61 = convert %60 : int
          %62 = access_chain %5, %61 : ptr<function, Elem>
          %63 = load %62 : Elem
          store %0, %63
          %64 = load %6 : uint
          %65 = convert %64 : int
          %66 = add %65, 2:int : int
          %67 = access_chain @g0, %66 : ptr<storage_buffer, StructuredBuffer<uint>>
          %68 = load %0 : Elem
          %69 = call @read(%68, %66, 0:uint) : uint
          %70 = add %59, %69 : uint
          store %54, %70
          ret
        }

        func @main() -> void {
        bb0: ; (entry)
          call @main_body()
          ret
        }

        func @read(%arg0: Elem, %arg1: int, %arg2: uint) -> uint {
        bb0: ; (entry)
          %0 = alloca : ptr<function, Elem> ; e
          %1 = alloca : ptr<function, uint> ; j
          %2 = access_chain @g0, %arg1 : ptr<storage_buffer, StructuredBuffer<uint>>
          store %0, %arg0
          store %1, %arg2
          %3 = load %1 : uint
          %4 = access_chain %2, %3 : ptr<storage_buffer, uint>
          %5 = load %4 : uint
          %6 = access_chain %0, 0:int : ptr<function, uint>
          %7 = load %6 : uint
          %8 = mul %5, %7 : uint
          ret %8
        }

        entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
    "#]],
    );
}

#[test]
fn flattened_lists_with_structs_and_arrays_and_whole_elements_run() {
    // Bufs[k] = {3k + 1, 3k + 2, 3k + 3}; Out[0] = 1 picks arr[1] = { Bufs[3], 100 }.
    // Out[1] = Bufs[1][2] * 3 + 1 = 6 * 3 + 1 = 19; Out[2] = Bufs[3][0] + 6 = 10 + 6 = 16;
    // Out[3] = Bufs[3][1] * 100 + Bufs[3][0] * 100 = 1100 + 1000 = 2100.
    let m = lower(FLAT_AND_INDEXED);
    let program = Program::new(&m, "main", &ProgramOptions::default()).expect("program");
    let mut bindings = Bindings::new(&program);
    bindings
        .bind(&program, 0, 0, 0, Resource::buffer(words(&[1, 0, 0, 0])))
        .expect("bind Out");
    for k in 0..4u32 {
        let data = [3 * k + 1, 3 * k + 2, 3 * k + 3];
        bindings
            .bind(&program, 0, 1, k, Resource::buffer(words(&data)))
            .expect("bind Bufs");
    }
    dispatch(
        &program,
        &mut bindings,
        [1, 1, 1],
        &RunOptions::default(),
        None,
    )
    .expect("run");
    assert_eq!(
        as_u32(&bindings.get(&program, 0, 0).unwrap().data),
        vec![1, 19, 16, 2100]
    );
}

#[test]
fn a_value_where_a_list_needs_a_resource_is_e3022() {
    let text = r#"
RWStructuredBuffer<uint> Out;
struct M { StructuredBuffer<uint> buf; uint x; };
[numthreads(1, 1, 1)]
void main() {
    M m = { 1, 2 };
    Out[0] = m.x;
}
"#;
    expect!["E3022 129..130: cannot convert from 'int' to a resource: each resource member of a struct must meet a resource of the same type, in flattened member order"].assert_eq(&errors(text));
}

#[test]
fn static_resources_from_calls_and_elements_of_static_arrays() {
    // `fromCall` is `B` (what `getB` returns), `second` element 1 of `pair` (`B`), `first`
    // element 0 (`A`). A = {1, 2}, B = {3, 4}: Out[0] = B[0] + B[1] * 10 + A[0] * 100 = 143.
    let text = r#"
RWStructuredBuffer<uint> Out;
StructuredBuffer<uint> A;
StructuredBuffer<uint> B;
StructuredBuffer<uint> getB() { return B; }
static StructuredBuffer<uint> fromCall = getB();
static StructuredBuffer<uint> pair[2] = { A, B };
static StructuredBuffer<uint> second = pair[1];
static StructuredBuffer<uint> first = pair[0];
[numthreads(1, 1, 1)]
void main() {
    Out[0] = fromCall[0] + second[1] * 10 + first[0] * 100;
}
"#;
    let out = run_u32(text, vec![vec![0], vec![1, 2], vec![3, 4]]);
    assert_eq!(out[0], vec![143]);
}

#[test]
fn methods_of_elements_at_run_time_indices_and_of_member_structs_run() {
    // Bufs[k] = {3k + 1, 3k + 2, 3k + 3}; Out[0] = 1 picks arr[1] = { Bufs[3], 100 }.
    // `arr[i].scale(3)` writes the element in place: arr[1].k = 300.
    // Out[1] = Bufs[3][0] * 300 + 300 = 3000 + 300 = 3300.
    // `h.a.scale(5)` writes the member struct: k = 10; Out[2] = Bufs[1][1] * 10 + 1 = 51.
    let text = r#"
RWStructuredBuffer<uint> Out;
StructuredBuffer<uint> Bufs[4];
struct Acc {
    StructuredBuffer<uint> buf;
    uint k;
    uint get(uint j) { return buf[j] * k; }
    void scale(uint m) { k *= m; }
};
struct Holder { uint y; Acc a; };
[numthreads(1, 1, 1)]
void main() {
    Acc arr[2] = { { Bufs[2], 10 }, { Bufs[3], 100 } };
    uint i = Out[0];
    arr[i].scale(3);
    Out[1] = arr[i].get(0) + arr[1].k;
    Holder h;
    h.y = 1;
    h.a.buf = Bufs[1];
    h.a.k = 2;
    h.a.scale(5);
    Out[2] = h.a.get(1) + h.y;
}
"#;
    let bufs: Vec<[u32; 3]> = (0..4u32)
        .map(|k| [3 * k + 1, 3 * k + 2, 3 * k + 3])
        .collect();
    let run = |text: &str| {
        let mut buffers: Vec<(u32, u32, &[u32])> = vec![(0, 0, &[1, 0, 0])];
        buffers.extend((0..4u32).map(|k| (1, k, &bufs[k as usize][..])));
        common::run_elements(text, &buffers, 0)
    };
    assert_eq!(run(text), vec![1, 3300, 51]);
    // An index with effects runs once, though the object's data and resources both read
    // it (task res6): `i++` then `i--` leave `i` at 1 and the same values.
    let text = text.replace("arr[i].scale(3);", "arr[i++].scale(3); i--;");
    assert_eq!(run(&text), vec![1, 3300, 51]);
}

const ARRAY_MEMBER: &str = r#"
RWStructuredBuffer<uint> Out;
StructuredBuffer<uint> Bufs[4];
struct Layers { StructuredBuffer<uint> ls[2]; uint k; };
[numthreads(1, 1, 1)]
void main() {
    Layers arr[2] = { { Bufs[0], Bufs[2], 10 }, { Bufs[1], Bufs[3], 100 } };
    uint i = Out[0];
    Out[1] = arr[i].ls[1][0] * arr[i].k + arr[i].ls[0][2];
}
"#;

#[test]
fn array_member_of_an_element_at_a_run_time_index() {
    // `arr[i].ls[1]` holds Bufs[2], Bufs[3] across the elements: `Bufs[i + 2]`;
    // `arr[i].ls[0]` holds Bufs[0], Bufs[1]: `Bufs[i]`.
    // Bufs[k] = {3k + 1, 3k + 2, 3k + 3}; Out[0] = 1: Out[1] = Bufs[3][0] * 100 + Bufs[1][2]
    // = 10 * 100 + 6 = 1006.
    let m = lower(ARRAY_MEMBER);
    let program = Program::new(&m, "main", &ProgramOptions::default()).expect("program");
    let mut bindings = Bindings::new(&program);
    bindings
        .bind(&program, 0, 0, 0, Resource::buffer(words(&[1, 0])))
        .expect("bind Out");
    for k in 0..4u32 {
        let data = [3 * k + 1, 3 * k + 2, 3 * k + 3];
        bindings
            .bind(&program, 0, 1, k, Resource::buffer(words(&data)))
            .expect("bind Bufs");
    }
    dispatch(
        &program,
        &mut bindings,
        [1, 1, 1],
        &RunOptions::default(),
        None,
    )
    .expect("run");
    assert_eq!(
        as_u32(&bindings.get(&program, 0, 0).unwrap().data),
        vec![1, 1006]
    );
    // A second run-time index picks among scattered resources.
    let text = ARRAY_MEMBER.replace("arr[i].ls[1][0]", "arr[i].ls[i][0]");
    expect![[r#"E3020 277..278: a second run-time index into an array member of an element at a run-time index chooses the resource at run time, which Vulkan cannot express; DXC fails here too ("generated SPIR-V is invalid" once its legalization cannot remove the choice) (index a global array instead)"#]].assert_eq(&errors(&text));
}

#[test]
fn static_initializers_with_constant_choices_casts_and_static_arrays() {
    // `chosen` is `B` (the condition is 0), `copy` the resources of `pair`; `zero` has its
    // data from 0.5 and its buffer unassigned (never used).
    // A = {1, 2}, B = {3, 4}: Out[0] = B[1] + copy[0][0] * 10 + (uint)(zero.f * 4) * 100
    // = 4 + 10 + 200 = 214.
    let text = r#"
RWStructuredBuffer<uint> Out;
StructuredBuffer<uint> A;
StructuredBuffer<uint> B;
#define USE_A 0
struct Holder { float f; StructuredBuffer<uint> buf; };
static StructuredBuffer<uint> chosen = USE_A ? A : B;
static StructuredBuffer<uint> pair[2] = { A, B };
static StructuredBuffer<uint> copy[2] = pair;
static Holder zero = (Holder)0.5;
[numthreads(1, 1, 1)]
void main() {
    Out[0] = chosen[1] + copy[0][0] * 10 + (uint)(zero.f * 4) * 100;
}
"#;
    let out = run_u32(text, vec![vec![0], vec![1, 2], vec![3, 4]]);
    assert_eq!(out[0], vec![214]);
    // A run-time condition cannot pick the static's resource (DXC's legalization fails).
    let text = text.replace("USE_A ? A : B", "Out[0] > 0 ? A : B");
    let e = errors(&text);
    assert!(e.starts_with("E3020"), "{e}");
    assert!(
        e.contains("chosen by a condition known only at run time"),
        "{e}"
    );
}
