//! Resources flowing through functions and assignments: a returned struct or an `out`
//! parameter handing back an element of a resource array at a run-time index (its index
//! through a hidden `out int`, `lower/src/resource_handed.rs`), an assignment of resources
//! used as a value (`resource_assign.rs`), and `NonUniformResourceIndex` across calls
//! (`resource_nonuniform.rs`). IR snapshots (each dump verified) and interpreter runs with
//! hand-computed results.

mod common;

use expect_test::{expect, Expect};
use interp::{dispatch, Bindings, Program, ProgramOptions, Resource, RunOptions};
use lower::ShaderStage;

use common::{as_u32, lower, lower_errors, run_u32, words_u32 as words};

fn check(text: &str, expect: Expect) {
    expect.assert_eq(&common::dump(text));
}

fn check_pixel(text: &str, expect: Expect) {
    expect.assert_eq(&ir::print_module(&common::lower_stage(
        text,
        ShaderStage::Pixel,
    )));
}

/// `Bufs[0] = {1, 2}`, `Bufs[1] = {3, 4}`, `Bufs[2] = {5, 6}` at binding 0, `Out` (three
/// words) at binding 3; runs one group and returns `Out`.
fn run_with_bufs(text: &str) -> Vec<u32> {
    let m = lower(text);
    let program = Program::new(&m, "main", &ProgramOptions::default()).expect("program");
    let mut bindings = Bindings::new(&program);
    for (k, data) in [[1u32, 2], [3, 4], [5, 6]].iter().enumerate() {
        bindings
            .bind(&program, 0, 0, k as u32, Resource::buffer(words(data)))
            .expect("bind Bufs");
    }
    bindings
        .bind(&program, 0, 3, 0, Resource::buffer(words(&[0, 0, 0])))
        .expect("bind Out");
    dispatch(
        &program,
        &mut bindings,
        [1, 1, 1],
        &RunOptions::default(),
        None,
    )
    .expect("run");
    as_u32(&bindings.get(&program, 0, 3).unwrap().data)
}

const RETURNED: &str = r#"
StructuredBuffer<uint> Bufs[3] : register(t0);
RWStructuredBuffer<uint> Out : register(u3);
struct Src { StructuredBuffer<uint> buf; uint bias; };
Src pick(uint i) { Src s; s.buf = Bufs[i]; s.bias = 10 * i; return s; }
[numthreads(3, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Src s = pick(id.x);
    Out[id.x] = s.buf[1] + s.bias;
}
"#;

#[test]
fn returned_struct_hands_back_a_run_time_element() {
    // `pick` returns the data part and stores the index through its hidden `out int`
    // (`%arg1`); `main_body` passes a temporary and indexes `Bufs` with what it holds.
    check(
        RETURNED,
        expect![[r#"
        struct Src { uint bias; }

        @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
        @g1 = resource storage_buffer array<StructuredBuffer<uint>, 3> set(0) binding(0) count(3) layout(relaxed_std430) ; Bufs
        @g2 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(3) layout(relaxed_std430) ; Out

        func @main_body(%arg0: uint3) -> void {
        bb0: ; (entry)
          %0 = alloca : ptr<function, Src>
          %1 = alloca : ptr<function, int> ; index
          %2 = alloca : ptr<function, uint3> ; id
          %3 = alloca : ptr<function, Src> ; s
          store %2, %arg0
          %4 = load %2 : uint3
          %5 = composite_extract %4, [0] : uint
          %6 = call @pick(%5, %1) : Src
          store %0, %6
          %7 = load %1 : int
          %8 = access_chain @g1, %7 : ptr<storage_buffer, StructuredBuffer<uint>>
          %9 = load %0 : Src
          store %3, %9
          %10 = load %2 : uint3
          %11 = composite_extract %10, [0] : uint
          %12 = access_chain @g2, %11 : ptr<storage_buffer, uint>
          %13 = access_chain %8, 1:int : ptr<storage_buffer, uint>
          %14 = load %13 : uint
          %15 = access_chain %3, 0:int : ptr<function, uint>
          %16 = load %15 : uint
          %17 = add %14, %16 : uint
          store %12, %17
          ret
        }

        func @main() -> void {
        bb0: ; (entry)
          %0 = load @g0 : uint3 ; id
          call @main_body(%0)
          ret
        }

        func @pick(%arg0: uint, %arg1: ptr<function, int>) -> Src {
        bb0: ; (entry)
          %0 = alloca : ptr<function, uint> ; i
          %1 = alloca : ptr<function, Src> ; s
          store %0, %arg0
          %2 = load %0 : uint
          %3 = access_chain @g1, %2 : ptr<storage_buffer, StructuredBuffer<uint>>
          %4 = access_chain %1, 0:int : ptr<function, uint>
          %5 = load %0 : uint
          %6 = mul 10:uint, %5 : uint
          store %4, %6
          %7 = convert %2 : int
          store %arg1, %7
          %8 = load %1 : Src
          ret %8
        }

        entry compute "main" @main numthreads(3, 1, 1) inputs(@g0) outputs()
    "#]],
    );
}

#[test]
fn returned_struct_hands_back_a_run_time_element_run() {
    // Thread k reads Bufs[k][1] + 10 * k: 2, 4 + 10, 6 + 20.
    assert_eq!(run_with_bufs(RETURNED), vec![2, 14, 26]);
}

const HANDED_OUT: &str = r#"
StructuredBuffer<uint> Bufs[3] : register(t0);
RWStructuredBuffer<uint> Out : register(u3);
struct Src { StructuredBuffer<uint> buf; uint bias; };
void get(uint i, out StructuredBuffer<uint> b) { b = Bufs[i]; }
void repoint(inout Src s, uint i) { s.buf = Bufs[i]; s.bias += 100; }
[numthreads(3, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    StructuredBuffer<uint> b;
    get(2 - id.x, b);
    Src s;
    s.buf = Bufs[0];
    s.bias = 1;
    repoint(s, id.x);
    Out[id.x] = b[0] * 1000 + s.buf[1] + s.bias;
}
"#;

#[test]
fn out_parameters_hand_back_run_time_elements() {
    // `get` and `repoint` each store the index they hand back through a hidden last
    // parameter; the caller rebinds `b` and `s.buf` to `Bufs` at the indices it reads back.
    check(
        HANDED_OUT,
        expect![[r#"
        struct Src { uint bias; }

        @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
        @g1 = resource storage_buffer array<StructuredBuffer<uint>, 3> set(0) binding(0) count(3) layout(relaxed_std430) ; Bufs
        @g2 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(3) layout(relaxed_std430) ; Out

        func @main_body(%arg0: uint3) -> void {
        bb0: ; (entry)
          %0 = alloca : ptr<function, int> ; index
          %1 = alloca : ptr<function, int> ; index
          %2 = alloca : ptr<function, uint3> ; id
          %3 = alloca : ptr<function, Src> ; s
          store %2, %arg0
          %4 = load %2 : uint3
          %5 = composite_extract %4, [0] : uint
          %6 = sub 2:uint, %5 : uint
          call @get(%6, %1)
          %7 = load %1 : int
          %8 = access_chain @g1, %7 : ptr<storage_buffer, StructuredBuffer<uint>>
          %9 = access_chain @g1, 0:int : ptr<storage_buffer, StructuredBuffer<uint>>
          %10 = access_chain %3, 0:int : ptr<function, uint>
          store %10, 1:uint
          %11 = load %2 : uint3
          %12 = composite_extract %11, [0] : uint
          call @repoint(%3, 0:int, %12, %0)
          %13 = load %0 : int
          %14 = access_chain @g1, %13 : ptr<storage_buffer, StructuredBuffer<uint>>
          %15 = load %2 : uint3
          %16 = composite_extract %15, [0] : uint
          %17 = access_chain @g2, %16 : ptr<storage_buffer, uint>
          %18 = access_chain %8, 0:int : ptr<storage_buffer, uint>
          %19 = load %18 : uint
          %20 = mul %19, 1000:uint : uint
          %21 = access_chain %14, 1:int : ptr<storage_buffer, uint>
          %22 = load %21 : uint
          %23 = add %20, %22 : uint
          %24 = access_chain %3, 0:int : ptr<function, uint>
          %25 = load %24 : uint
          %26 = add %23, %25 : uint
          store %17, %26
          ret
        }

        func @main() -> void {
        bb0: ; (entry)
          %0 = load @g0 : uint3 ; id
          call @main_body(%0)
          ret
        }

        func @get(%arg0: uint, %arg1: ptr<function, int>) -> void {
        bb0: ; (entry)
          %0 = alloca : ptr<function, uint> ; i
          store %0, %arg0
          %1 = load %0 : uint
          %2 = access_chain @g1, %1 : ptr<storage_buffer, StructuredBuffer<uint>>
          %3 = convert %1 : int
          store %arg1, %3
          ret
        }

        func @repoint(%arg0: ptr<function, Src>, %arg1: int, %arg2: uint, %arg3: ptr<function, int>) -> void {
        bb0: ; (entry)
          %0 = alloca : ptr<function, uint> ; i
          %1 = access_chain @g1, %arg1 : ptr<storage_buffer, StructuredBuffer<uint>>
          store %0, %arg2
          %2 = load %0 : uint
          %3 = access_chain @g1, %2 : ptr<storage_buffer, StructuredBuffer<uint>>
          %4 = access_chain %arg0, 0:int : ptr<function, uint>
          %5 = load %4 : uint
          %6 = add %5, 100:uint : uint
          store %4, %6
          %7 = convert %2 : int
          store %arg3, %7
          ret
        }

        entry compute "main" @main numthreads(3, 1, 1) inputs(@g0) outputs()
    "#]],
    );
}

#[test]
fn out_parameters_hand_back_run_time_elements_run() {
    // Thread k: b = Bufs[2 - k], s.buf = Bufs[k], s.bias = 101.
    // k = 0: 5 * 1000 + 2 + 101; k = 1: 3 * 1000 + 4 + 101; k = 2: 1 * 1000 + 6 + 101.
    assert_eq!(run_with_bufs(HANDED_OUT), vec![5103, 3105, 1107]);
}

const TWO_RETURNS: &str = r#"
StructuredBuffer<uint> Bufs[3] : register(t0);
RWStructuredBuffer<uint> Out : register(u3);
struct Src { StructuredBuffer<uint> buf; uint bias; };
Src pick(uint i, uint j) {
    Src s;
    s.bias = 7;
    if (i > 0) {
        s.buf = Bufs[j];
        return s;
    }
    s.buf = Bufs[i];
    return s;
}
Src twice(uint i) { Src s = pick(i, 2); s.bias *= 2; return s; }
[numthreads(3, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Src s = twice(id.x);
    Out[id.x] = s.buf[0] + s.bias;
}
"#;

#[test]
fn returns_on_two_paths_and_two_levels_share_the_hidden_index() {
    // `twice` calls `pick` with `j` = 2, a constant its copy sees (`resource_choice`): the
    // first `return` names `Bufs[2]`, the second `Bufs[i]`. They agree on the array, so both
    // go through the one hidden parameter (the constant stored before the first `ret`).
    // `twice` hands on what `pick` handed it through its own.
    check(
        TWO_RETURNS,
        expect![[r#"
        struct Src { uint bias; }

        @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
        @g1 = resource storage_buffer array<StructuredBuffer<uint>, 3> set(0) binding(0) count(3) layout(relaxed_std430) ; Bufs
        @g2 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(3) layout(relaxed_std430) ; Out

        func @main_body(%arg0: uint3) -> void {
        bb0: ; (entry)
          %0 = alloca : ptr<function, Src>
          %1 = alloca : ptr<function, int> ; index
          %2 = alloca : ptr<function, uint3> ; id
          %3 = alloca : ptr<function, Src> ; s
          store %2, %arg0
          %4 = load %2 : uint3
          %5 = composite_extract %4, [0] : uint
          %6 = call @twice(%5, %1) : Src
          store %0, %6
          %7 = load %1 : int
          %8 = access_chain @g1, %7 : ptr<storage_buffer, StructuredBuffer<uint>>
          %9 = load %0 : Src
          store %3, %9
          %10 = load %2 : uint3
          %11 = composite_extract %10, [0] : uint
          %12 = access_chain @g2, %11 : ptr<storage_buffer, uint>
          %13 = access_chain %8, 0:int : ptr<storage_buffer, uint>
          %14 = load %13 : uint
          %15 = access_chain %3, 0:int : ptr<function, uint>
          %16 = load %15 : uint
          %17 = add %14, %16 : uint
          store %12, %17
          ret
        }

        func @main() -> void {
        bb0: ; (entry)
          %0 = load @g0 : uint3 ; id
          call @main_body(%0)
          ret
        }

        func @twice(%arg0: uint, %arg1: ptr<function, int>) -> Src {
        bb0: ; (entry)
          %0 = alloca : ptr<function, Src>
          %1 = alloca : ptr<function, int> ; index
          %2 = alloca : ptr<function, uint> ; i
          %3 = alloca : ptr<function, Src> ; s
          store %2, %arg0
          %4 = load %2 : uint
          %5 = call @pick(%4, 2:uint, %1) : Src
          store %0, %5
          %6 = load %1 : int
          %7 = access_chain @g1, %6 : ptr<storage_buffer, StructuredBuffer<uint>>
          %8 = load %0 : Src
          store %3, %8
          %9 = access_chain %3, 0:int : ptr<function, uint>
          %10 = load %9 : uint
          %11 = mul %10, 2:uint : uint
          store %9, %11
          store %arg1, %6
          %12 = load %3 : Src
          ret %12
        }

        func @pick(%arg0: uint, %arg1: uint, %arg2: ptr<function, int>) -> Src {
        bb0: ; selection merge=bb2 (entry)
          %0 = access_chain @g1, 2:int : ptr<storage_buffer, StructuredBuffer<uint>>
          %1 = alloca : ptr<function, uint> ; i
          %2 = alloca : ptr<function, uint> ; j
          %3 = alloca : ptr<function, Src> ; s
          store %1, %arg0
          store %2, %arg1
          %4 = access_chain %3, 0:int : ptr<function, uint>
          store %4, 7:uint
          %5 = load %1 : uint
          %6 = gt %5, 0:uint : bool
          cond_br %6, bb1, bb2
        bb1: ; (if.then)
          %7 = load %3 : Src
          store %arg2, 2:int
          ret %7
        bb2: ; (if.merge)
          %8 = load %1 : uint
          %9 = access_chain @g1, %8 : ptr<storage_buffer, StructuredBuffer<uint>>
          %10 = convert %8 : int
          store %arg2, %10
          %11 = load %3 : Src
          ret %11
        }

        entry compute "main" @main numthreads(3, 1, 1) inputs(@g0) outputs()
    "#]],
    );
}

#[test]
fn returns_on_two_paths_and_two_levels_share_the_hidden_index_run() {
    // Thread 0: pick(0, 2) takes Bufs[0], bias 7 * 2: 1 + 14. Threads 1 and 2: Bufs[2]:
    // 5 + 14.
    assert_eq!(run_with_bufs(TWO_RETURNS), vec![15, 19, 19]);
}

#[test]
fn returns_of_elements_of_two_arrays_are_e3020() {
    // The resource would be chosen at run time between two arrays: DXC's legalization
    // fails too.
    let errors = lower_errors(
        r#"
StructuredBuffer<uint> Bufs[3] : register(t0);
StructuredBuffer<uint> Others[3] : register(t3);
RWStructuredBuffer<uint> Out : register(u6);
struct Src { StructuredBuffer<uint> buf; };
Src pick(uint i) {
    Src s;
    if (i > 0) {
        s.buf = Others[i];
        return s;
    }
    s.buf = Bufs[i];
    return s;
}
[numthreads(3, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Src s = pick(id.x);
    Out[id.x] = s.buf[0];
}
"#,
    );
    assert!(errors.starts_with("E3020"), "{errors}");
    assert!(errors.contains("run-time control flow"), "{errors}");
    assert!(!errors.contains("E3001"), "{errors}");
}

#[test]
fn out_parameter_of_elements_of_two_arrays_is_e3020() {
    let errors = lower_errors(
        r#"
StructuredBuffer<uint> Bufs[3] : register(t0);
StructuredBuffer<uint> Others[3] : register(t3);
RWStructuredBuffer<uint> Out : register(u6);
void get(uint i, out StructuredBuffer<uint> b) {
    if (i > 0) {
        b = Others[i];
        return;
    }
    b = Bufs[i];
}
[numthreads(3, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    StructuredBuffer<uint> b;
    get(id.x, b);
    Out[id.x] = b[0];
}
"#,
    );
    assert!(errors.starts_with("E3020"), "{errors}");
    assert!(!errors.contains("E3001"), "{errors}");
}

const CHAINED: &str = r#"
RWStructuredBuffer<uint> A : register(u0);
RWStructuredBuffer<uint> B : register(u1);
struct Dst { RWStructuredBuffer<uint> buf; uint v; };
[numthreads(1, 1, 1)]
void main() {
    Dst a, b, c;
    a.buf = A;
    a.v = 5;
    c = b = a;
    c.buf[0] = c.v + b.v;
    b.buf = B;
    b.v = 7;
    (c = b).buf[1] = 9;
    A[1] = c.v;
    RWStructuredBuffer<uint> x, y;
    x = y = B;
    x[0] = 3;
    y[2] = 4;
}
"#;

#[test]
fn chained_assignments_of_resources() {
    // `c = b = a` copies `a`'s data into `b`, then `b`'s into `c`, both bound to `A`;
    // `(c = b).buf[1]` writes `B`; `x = y = B` binds both to `B`.
    check(
        CHAINED,
        expect![[r#"
        struct Dst { uint v; }

        @g0 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; A
        @g1 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(1) layout(relaxed_std430) ; B

        func @main_body() -> void {
        bb0: ; (entry)
          %0 = alloca : ptr<function, Dst> ; a
          %1 = alloca : ptr<function, Dst> ; b
          %2 = alloca : ptr<function, Dst> ; c
          %3 = access_chain %0, 0:int : ptr<function, uint>
          store %3, 5:uint
          %4 = load %0 : Dst
          store %1, %4
          %5 = load %1 : Dst
          store %2, %5
          %6 = access_chain @g0, 0:int : ptr<storage_buffer, uint>
          %7 = access_chain %2, 0:int : ptr<function, uint>
          %8 = load %7 : uint
          %9 = access_chain %1, 0:int : ptr<function, uint>
          %10 = load %9 : uint
          %11 = add %8, %10 : uint
          store %6, %11
          %12 = access_chain %1, 0:int : ptr<function, uint>
          store %12, 7:uint
          %13 = load %1 : Dst
          store %2, %13
          %14 = access_chain @g1, 1:int : ptr<storage_buffer, uint>
          store %14, 9:uint
          %15 = access_chain @g0, 1:int : ptr<storage_buffer, uint>
          %16 = access_chain %2, 0:int : ptr<function, uint>
          %17 = load %16 : uint
          store %15, %17
          %18 = access_chain @g1, 0:int : ptr<storage_buffer, uint>
          store %18, 3:uint
          %19 = access_chain @g1, 2:int : ptr<storage_buffer, uint>
          store %19, 4:uint
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
fn chained_assignments_of_resources_run() {
    // A[0] = 5 + 5, A[1] = 7 (c.v after `c = b`); B[0] = 3, B[1] = 9, B[2] = 4.
    let out = run_u32(CHAINED, vec![vec![0; 3], vec![0; 3]]);
    assert_eq!(out, vec![vec![10, 7, 0], vec![3, 9, 4]]);
}

#[test]
fn nonuniform_index_marks_the_callees_copy() {
    // `use` has one copy for the element at a `NonUniformResourceIndex` index, which marks
    // its incoming index, and one for the element at a plain index, which does not.
    check_pixel(
        r#"
Texture2D texs[4] : register(t0);
SamplerState smp : register(s0);
float4 use(Texture2D t, float2 uv) { return t.Sample(smp, uv); }
float4 main(float2 uv : TEXCOORD, nointerpolation uint i : IDX) : SV_Target {
    return use(texs[NonUniformResourceIndex(i)], uv) + use(texs[i], uv);
}
"#,
        expect![[r#"
            @g0 = input float2 location(0) ; in.TEXCOORD
            @g1 = input uint location(1) nointerpolation ; in.IDX
            @g2 = output float4 location(0) ; out.SV_Target
            @g3 = resource uniform_constant array<Texture2D<float4>, 4> set(0) binding(0) count(4) ; texs
            @g4 = resource uniform_constant SamplerState set(0) binding(0) ; smp

            func @main_body(%arg0: float2, %arg1: uint) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float2> ; uv
              %1 = alloca : ptr<function, uint> ; i
              store %0, %arg0
              store %1, %arg1
              %2 = load %1 : uint
              %3 = call_intrinsic NonUniformIndex(%2) : uint
              %4 = convert %3 : int
              %5 = load %0 : float2
              %6 = call @use(%4, %5) : float4
              %7 = load %1 : uint
              %8 = convert %7 : int
              %9 = load %0 : float2
              %10 = call @use.1(%8, %9) : float4
              %11 = add %6, %10 : float4
              ret %11
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : float2
              %1 = load @g1 : uint
              %2 = call @main_body(%0, %1) : float4
              store @g2, %2
              ret
            }

            func @use(%arg0: int, %arg1: float2) -> float4 {
            bb0: ; (entry)
              %0 = call_intrinsic NonUniformIndex(%arg0) : int
              %1 = alloca : ptr<function, float2> ; uv
              %2 = access_chain @g3, %0 : ptr<uniform_constant, Texture2D<float4>>
              store %1, %arg1
              %3 = load %1 : float2
              %4 = texture_sample %2, @g4, %3 : float4
              ret %4
            }

            func @use.1(%arg0: int, %arg1: float2) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float2> ; uv
              %1 = access_chain @g3, %arg0 : ptr<uniform_constant, Texture2D<float4>>
              store %0, %arg1
              %2 = load %0 : float2
              %3 = texture_sample %1, @g4, %2 : float4
              ret %3
            }

            entry pixel "main" @main inputs(@g0, @g1) outputs(@g2)
        "#]],
    );
}

#[test]
fn nonuniform_index_handed_back_is_marked_by_the_caller() {
    // `pick` returns the index, `get` hands it back through its hidden parameter: the
    // caller marks what it reads before indexing `texs`.
    check_pixel(
        r#"
Texture2D texs[4] : register(t0);
SamplerState smp : register(s0);
Texture2D pick(uint i) { return texs[NonUniformResourceIndex(i)]; }
void get(uint i, out Texture2D t) { t = texs[NonUniformResourceIndex(i + 1)]; }
float4 main(float2 uv : TEXCOORD, nointerpolation uint i : IDX) : SV_Target {
    Texture2D t;
    get(i, t);
    return pick(i).Sample(smp, uv) + t.Sample(smp, uv);
}
"#,
        expect![[r#"
            @g0 = input float2 location(0) ; in.TEXCOORD
            @g1 = input uint location(1) nointerpolation ; in.IDX
            @g2 = output float4 location(0) ; out.SV_Target
            @g3 = resource uniform_constant array<Texture2D<float4>, 4> set(0) binding(0) count(4) ; texs
            @g4 = resource uniform_constant SamplerState set(0) binding(0) ; smp

            func @main_body(%arg0: float2, %arg1: uint) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, int> ; index
              %1 = alloca : ptr<function, float2> ; uv
              %2 = alloca : ptr<function, uint> ; i
              store %1, %arg0
              store %2, %arg1
              %3 = load %2 : uint
              call @get(%3, %0)
              %4 = load %0 : int
              %5 = call_intrinsic NonUniformIndex(%4) : int
              %6 = access_chain @g3, %5 : ptr<uniform_constant, Texture2D<float4>>
              %7 = load %2 : uint
              %8 = call @pick(%7) : int
              %9 = call_intrinsic NonUniformIndex(%8) : int
              %10 = access_chain @g3, %9 : ptr<uniform_constant, Texture2D<float4>>
              %11 = load %1 : float2
              %12 = texture_sample %10, @g4, %11 : float4
              %13 = load %1 : float2
              %14 = texture_sample %6, @g4, %13 : float4
              %15 = add %12, %14 : float4
              ret %15
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : float2
              %1 = load @g1 : uint
              %2 = call @main_body(%0, %1) : float4
              store @g2, %2
              ret
            }

            func @get(%arg0: uint, %arg1: ptr<function, int>) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; i
              store %0, %arg0
              %1 = load %0 : uint
              %2 = add %1, 1:uint : uint
              %3 = call_intrinsic NonUniformIndex(%2) : uint
              %4 = access_chain @g3, %3 : ptr<uniform_constant, Texture2D<float4>>
              %5 = convert %3 : int
              store %arg1, %5
              ret
            }

            func @pick(%arg0: uint) -> int {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; i
              store %0, %arg0
              %1 = load %0 : uint
              %2 = call_intrinsic NonUniformIndex(%1) : uint
              %3 = access_chain @g3, %2 : ptr<uniform_constant, Texture2D<float4>>
              %4 = convert %2 : int
              ret %4
            }

            entry pixel "main" @main inputs(@g0, @g1) outputs(@g2)
        "#]],
    );
}

const CONSTANT_AND_RUN_TIME: &str = r#"
StructuredBuffer<uint> Bufs[3] : register(t0);
RWStructuredBuffer<uint> Out : register(u3);
void first(uint i, out StructuredBuffer<uint> b) {
    if (i == 0) {
        b = Bufs[2];
        return;
    }
    b = Bufs[i];
}
void second(uint i, out StructuredBuffer<uint> b) {
    if (i > 0) {
        b = Bufs[i - 1];
        return;
    }
    b = Bufs[2];
}
[numthreads(3, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    StructuredBuffer<uint> x;
    StructuredBuffer<uint> y;
    first(id.x, x);
    second(id.x, y);
    Out[id.x] = x[0] * 10 + y[1];
}
"#;

#[test]
fn constant_and_run_time_elements_of_one_array_share_the_hidden_index() {
    // `first` hands back `Bufs[2]` on its first exit and `Bufs[i]` at its end: the constant
    // is stored through the hidden parameter before the earlier `ret`. `second` the other
    // way round: the constant is stored where it is handed back.
    check(
        CONSTANT_AND_RUN_TIME,
        expect![[r#"
        @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
        @g1 = resource storage_buffer array<StructuredBuffer<uint>, 3> set(0) binding(0) count(3) layout(relaxed_std430) ; Bufs
        @g2 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(3) layout(relaxed_std430) ; Out

        func @main_body(%arg0: uint3) -> void {
        bb0: ; (entry)
          %0 = alloca : ptr<function, int> ; index
          %1 = alloca : ptr<function, int> ; index
          %2 = alloca : ptr<function, uint3> ; id
          store %2, %arg0
          %3 = load %2 : uint3
          %4 = composite_extract %3, [0] : uint
          call @first(%4, %1)
          %5 = load %1 : int
          %6 = access_chain @g1, %5 : ptr<storage_buffer, StructuredBuffer<uint>>
          %7 = load %2 : uint3
          %8 = composite_extract %7, [0] : uint
          call @second(%8, %0)
          %9 = load %0 : int
          %10 = access_chain @g1, %9 : ptr<storage_buffer, StructuredBuffer<uint>>
          %11 = load %2 : uint3
          %12 = composite_extract %11, [0] : uint
          %13 = access_chain @g2, %12 : ptr<storage_buffer, uint>
          %14 = access_chain %6, 0:int : ptr<storage_buffer, uint>
          %15 = load %14 : uint
          %16 = mul %15, 10:uint : uint
          %17 = access_chain %10, 1:int : ptr<storage_buffer, uint>
          %18 = load %17 : uint
          %19 = add %16, %18 : uint
          store %13, %19
          ret
        }

        func @main() -> void {
        bb0: ; (entry)
          %0 = load @g0 : uint3 ; id
          call @main_body(%0)
          ret
        }

        func @first(%arg0: uint, %arg1: ptr<function, int>) -> void {
        bb0: ; selection merge=bb2 (entry)
          %0 = alloca : ptr<function, uint> ; i
          store %0, %arg0
          %1 = load %0 : uint
          %2 = eq %1, 0:uint : bool
          cond_br %2, bb1, bb2
        bb1: ; (if.then)
          %3 = access_chain @g1, 2:int : ptr<storage_buffer, StructuredBuffer<uint>>
          store %arg1, 2:int
          ret
        bb2: ; (if.merge)
          %4 = load %0 : uint
          %5 = access_chain @g1, %4 : ptr<storage_buffer, StructuredBuffer<uint>>
          %6 = convert %4 : int
          store %arg1, %6
          ret
        }

        func @second(%arg0: uint, %arg1: ptr<function, int>) -> void {
        bb0: ; selection merge=bb2 (entry)
          %0 = alloca : ptr<function, uint> ; i
          store %0, %arg0
          %1 = load %0 : uint
          %2 = gt %1, 0:uint : bool
          cond_br %2, bb1, bb2
        bb1: ; (if.then)
          %3 = load %0 : uint
          %4 = sub %3, 1:uint : uint
          %5 = access_chain @g1, %4 : ptr<storage_buffer, StructuredBuffer<uint>>
          %6 = convert %4 : int
          store %arg1, %6
          ret
        bb2: ; (if.merge)
          %7 = access_chain @g1, 2:int : ptr<storage_buffer, StructuredBuffer<uint>>
          store %arg1, 2:int
          ret
        }

        entry compute "main" @main numthreads(3, 1, 1) inputs(@g0) outputs()
    "#]],
    );
}

#[test]
fn constant_and_run_time_elements_of_one_array_share_the_hidden_index_run() {
    // Thread 0: x = Bufs[2], y = Bufs[2]: 5 * 10 + 6. Thread 1: Bufs[1], Bufs[0]: 3 * 10 + 2.
    // Thread 2: Bufs[2], Bufs[1]: 5 * 10 + 4.
    assert_eq!(run_with_bufs(CONSTANT_AND_RUN_TIME), vec![56, 32, 54]);
}

const ARRAYS_HANDED_BACK: &str = r#"
StructuredBuffer<uint> Bufs[3] : register(t0);
RWStructuredBuffer<uint> Out : register(u3);
void both(uint i, out StructuredBuffer<uint> bs[2]) {
    bs[0] = Bufs[i];
    bs[1] = Bufs[2];
}
void second(inout StructuredBuffer<uint> bs[2], uint i) { bs[1] = Bufs[i]; }
[numthreads(3, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    StructuredBuffer<uint> a[2];
    both(id.x, a);
    StructuredBuffer<uint> b[2] = { Bufs[1], Bufs[0] };
    second(b, 2 - id.x);
    Out[id.x] = a[0][0] * 1000 + a[1][1] * 100 + b[0][0] * 10 + b[1][1];
}
"#;

#[test]
fn arrays_of_resources_handed_back() {
    // `both` hands back `bs[0]` through its hidden parameter and `bs[1]` as `Bufs[2]`;
    // `second` leaves `bs[0]` as it came in (the caller keeps `Bufs[1]`) and hands back
    // `bs[1]` by index.
    check(
        ARRAYS_HANDED_BACK,
        expect![[r#"
        @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
        @g1 = resource storage_buffer array<StructuredBuffer<uint>, 3> set(0) binding(0) count(3) layout(relaxed_std430) ; Bufs
        @g2 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(3) layout(relaxed_std430) ; Out

        func @main_body(%arg0: uint3) -> void {
        bb0: ; (entry)
          %0 = alloca : ptr<function, int> ; index
          %1 = access_chain @g1, 2:int : ptr<storage_buffer, StructuredBuffer<uint>>
          %2 = alloca : ptr<function, int> ; index
          %3 = alloca : ptr<function, uint3> ; id
          store %3, %arg0
          %4 = load %3 : uint3
          %5 = composite_extract %4, [0] : uint
          call @both(%5, %2)
          %6 = load %2 : int
          %7 = access_chain @g1, %6 : ptr<storage_buffer, StructuredBuffer<uint>>
          %8 = access_chain @g1, 1:int : ptr<storage_buffer, StructuredBuffer<uint>>
          %9 = access_chain @g1, 0:int : ptr<storage_buffer, StructuredBuffer<uint>>
          %10 = load %3 : uint3
          %11 = composite_extract %10, [0] : uint
          %12 = sub 2:uint, %11 : uint
          call @second(1:int, 0:int, %12, %0)
          %13 = load %0 : int
          %14 = access_chain @g1, %13 : ptr<storage_buffer, StructuredBuffer<uint>>
          %15 = load %3 : uint3
          %16 = composite_extract %15, [0] : uint
          %17 = access_chain @g2, %16 : ptr<storage_buffer, uint>
          %18 = access_chain %7, 0:int : ptr<storage_buffer, uint>
          %19 = load %18 : uint
          %20 = mul %19, 1000:uint : uint
          %21 = access_chain %1, 1:int : ptr<storage_buffer, uint>
          %22 = load %21 : uint
          %23 = mul %22, 100:uint : uint
          %24 = add %20, %23 : uint
          %25 = access_chain %8, 0:int : ptr<storage_buffer, uint>
          %26 = load %25 : uint
          %27 = mul %26, 10:uint : uint
          %28 = add %24, %27 : uint
          %29 = access_chain %14, 1:int : ptr<storage_buffer, uint>
          %30 = load %29 : uint
          %31 = add %28, %30 : uint
          store %17, %31
          ret
        }

        func @main() -> void {
        bb0: ; (entry)
          %0 = load @g0 : uint3 ; id
          call @main_body(%0)
          ret
        }

        func @both(%arg0: uint, %arg1: ptr<function, int>) -> void {
        bb0: ; (entry)
          %0 = alloca : ptr<function, uint> ; i
          store %0, %arg0
          %1 = load %0 : uint
          %2 = access_chain @g1, %1 : ptr<storage_buffer, StructuredBuffer<uint>>
          %3 = access_chain @g1, 2:int : ptr<storage_buffer, StructuredBuffer<uint>>
          %4 = convert %1 : int
          store %arg1, %4
          ret
        }

        func @second(%arg0: int, %arg1: int, %arg2: uint, %arg3: ptr<function, int>) -> void {
        bb0: ; (entry)
          %0 = alloca : ptr<function, uint> ; i
          %1 = access_chain @g1, %arg0 : ptr<storage_buffer, StructuredBuffer<uint>>
          %2 = access_chain @g1, %arg1 : ptr<storage_buffer, StructuredBuffer<uint>>
          store %0, %arg2
          %3 = load %0 : uint
          %4 = access_chain @g1, %3 : ptr<storage_buffer, StructuredBuffer<uint>>
          %5 = convert %3 : int
          store %arg3, %5
          ret
        }

        entry compute "main" @main numthreads(3, 1, 1) inputs(@g0) outputs()
    "#]],
    );
}

#[test]
fn arrays_of_resources_handed_back_run() {
    // Thread k: a = { Bufs[k], Bufs[2] }, b = { Bufs[1], Bufs[2 - k] }.
    // k = 0: 1 * 1000 + 6 * 100 + 3 * 10 + 6; k = 1: 3000 + 600 + 30 + 4;
    // k = 2: 5000 + 600 + 30 + 2.
    assert_eq!(run_with_bufs(ARRAYS_HANDED_BACK), vec![1636, 3634, 5632]);
}

const METHOD_REBINDS_THIS: &str = r#"
StructuredBuffer<uint> Bufs[3] : register(t0);
RWStructuredBuffer<uint> Out : register(u3);
struct Reader {
    StructuredBuffer<uint> buf;
    uint scale;
    void point(uint i) { buf = Bufs[i]; scale += 1; }
    void again(uint i) { point(i); }
    uint read(uint k) { return buf[k] * scale; }
};
[numthreads(3, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Reader r;
    r.buf = Bufs[2];
    r.scale = 10;
    uint a = r.read(0);
    r.point(id.x);
    uint b = r.read(1);
    r.again(2 - id.x);
    uint c = r.read(0);
    Out[id.x] = a + b + c;
}
"#;

#[test]
fn methods_hand_their_objects_resources_back() {
    // `point` rebinds `this.buf` to `Bufs[i]`: it hands the index back through a hidden
    // parameter, and the caller rebinds `r.buf`. `again` calls `point` on its own object
    // and hands on what it got. `read` changes nothing: nothing comes back.
    check(
        METHOD_REBINDS_THIS,
        expect![[r#"
        struct Reader { uint scale; }

        @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
        @g1 = resource storage_buffer array<StructuredBuffer<uint>, 3> set(0) binding(0) count(3) layout(relaxed_std430) ; Bufs
        @g2 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(3) layout(relaxed_std430) ; Out

        func @main_body(%arg0: uint3) -> void {
        bb0: ; (entry)
          %0 = alloca : ptr<function, int> ; index
          %1 = alloca : ptr<function, int> ; index
          %2 = alloca : ptr<function, uint3> ; id
          %3 = alloca : ptr<function, Reader> ; r
          %4 = alloca : ptr<function, uint> ; a
          %5 = alloca : ptr<function, uint> ; b
          %6 = alloca : ptr<function, uint> ; c
          store %2, %arg0
          %7 = access_chain @g1, 2:int : ptr<storage_buffer, StructuredBuffer<uint>>
          %8 = access_chain %3, 0:int : ptr<function, uint>
          store %8, 10:uint
          %9 = call @Reader.read(%3, 2:int, 0:uint) : uint
          store %4, %9
          %10 = load %2 : uint3
          %11 = composite_extract %10, [0] : uint
          call @Reader.point(%3, 2:int, %11, %1)
          %12 = load %1 : int
          %13 = access_chain @g1, %12 : ptr<storage_buffer, StructuredBuffer<uint>>
          %14 = call @Reader.read(%3, %12, 1:uint) : uint
          store %5, %14
          %15 = load %2 : uint3
          %16 = composite_extract %15, [0] : uint
          %17 = sub 2:uint, %16 : uint
          call @Reader.again(%3, %12, %17, %0)
          %18 = load %0 : int
          %19 = access_chain @g1, %18 : ptr<storage_buffer, StructuredBuffer<uint>>
          %20 = call @Reader.read(%3, %18, 0:uint) : uint
          store %6, %20
          %21 = load %2 : uint3
          %22 = composite_extract %21, [0] : uint
          %23 = access_chain @g2, %22 : ptr<storage_buffer, uint>
          %24 = load %4 : uint
          %25 = load %5 : uint
          %26 = add %24, %25 : uint
          %27 = load %6 : uint
          %28 = add %26, %27 : uint
          store %23, %28
          ret
        }

        func @main() -> void {
        bb0: ; (entry)
          %0 = load @g0 : uint3 ; id
          call @main_body(%0)
          ret
        }

        func @Reader.read(%arg0: ptr<function, Reader>, %arg1: int, %arg2: uint) -> uint {
        bb0: ; (entry)
          %0 = access_chain @g1, %arg1 : ptr<storage_buffer, StructuredBuffer<uint>>
          %1 = alloca : ptr<function, uint> ; k
          store %1, %arg2
          %2 = load %1 : uint
          %3 = access_chain %0, %2 : ptr<storage_buffer, uint>
          %4 = load %3 : uint
          %5 = access_chain %arg0, 0:int : ptr<function, uint>
          %6 = load %5 : uint
          %7 = mul %4, %6 : uint
          ret %7
        }

        func @Reader.point(%arg0: ptr<function, Reader>, %arg1: int, %arg2: uint, %arg3: ptr<function, int>) -> void {
        bb0: ; (entry)
          %0 = access_chain @g1, %arg1 : ptr<storage_buffer, StructuredBuffer<uint>>
          %1 = alloca : ptr<function, uint> ; i
          store %1, %arg2
          %2 = load %1 : uint
          %3 = access_chain @g1, %2 : ptr<storage_buffer, StructuredBuffer<uint>>
          %4 = access_chain %arg0, 0:int : ptr<function, uint>
          %5 = load %4 : uint
          %6 = add %5, 1:uint : uint
          store %4, %6
          %7 = convert %2 : int
          store %arg3, %7
          ret
        }

        func @Reader.again(%arg0: ptr<function, Reader>, %arg1: int, %arg2: uint, %arg3: ptr<function, int>) -> void {
        bb0: ; (entry)
          %0 = alloca : ptr<function, int> ; index
          %1 = access_chain @g1, %arg1 : ptr<storage_buffer, StructuredBuffer<uint>>
          %2 = alloca : ptr<function, uint> ; i
          store %2, %arg2
          %3 = load %2 : uint
          call @Reader.point(%arg0, %arg1, %3, %0)
          %4 = load %0 : int
          %5 = access_chain @g1, %4 : ptr<storage_buffer, StructuredBuffer<uint>>
          store %arg3, %4
          ret
        }

        entry compute "main" @main numthreads(3, 1, 1) inputs(@g0) outputs()
    "#]],
    );
}

#[test]
fn methods_hand_their_objects_resources_back_run() {
    // Thread k: a = Bufs[2][0] * 10 = 50; b = Bufs[k][1] * 11; c = Bufs[2 - k][0] * 12.
    // k = 0: 50 + 22 + 60; k = 1: 50 + 44 + 36; k = 2: 50 + 66 + 12.
    assert_eq!(run_with_bufs(METHOD_REBINDS_THIS), vec![132, 130, 128]);
}

#[test]
fn method_rebinding_an_element_at_a_run_time_index_is_e3020() {
    // Which element's resource changes is known only at run time: DXC's legalization
    // fails too.
    let errors = lower_errors(
        r#"
StructuredBuffer<uint> Bufs[3] : register(t0);
RWStructuredBuffer<uint> Out : register(u3);
struct Reader { StructuredBuffer<uint> buf; void point(uint i) { buf = Bufs[i]; } };
[numthreads(3, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Reader rs[2];
    rs[0].buf = Bufs[0];
    rs[1].buf = Bufs[1];
    rs[id.x % 2].point(2);
    Out[id.x] = rs[1].buf[0];
}
"#,
    );
    assert!(errors.starts_with("E3020"), "{errors}");
    assert!(errors.contains("run-time index"), "{errors}");
}
