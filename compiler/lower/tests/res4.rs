//! The resource forms of issue #4 item 4 that ended in "not supported yet" or a run-time
//! choice error: a constant argument indexing a member array of resources inside a method
//! (`resource_choice::resource_index_params`), an element of an array of ray queries passed to
//! a function (`ray_query::QueryElement`), a flowing `static` resource holding an element at a
//! run-time index across calls (`static_flow::Held::Element`/`Handed`), a `static` resource
//! local of a called function that every assignment gives one resource (`static_assign`). IR
//! snapshots (each dump verified) and interpreter runs with hand-computed results. Arrays of
//! append and consume buffers, each element with its counter (`counters`).

mod common;

use expect_test::{expect, Expect};

use common::{as_u32, lower, lower_errors, run_elements, run_u32, words_u32};
use interp::{dispatch, Bindings, Program, ProgramOptions, Resource, RunOptions};

fn check(text: &str, expect: Expect) {
    expect.assert_eq(&common::dump(text));
}

// ---- A constant index into a scattered member array, through a method's parameter ----

const SCATTERED: &str = r#"
StructuredBuffer<uint> A : register(t0);
StructuredBuffer<uint> B : register(t1);
StructuredBuffer<uint> C : register(t2);
RWStructuredBuffer<uint> Out : register(u3);
struct Set {
    StructuredBuffer<uint> b[3];
    uint bias;
    uint at(int i, uint k) { return b[i][k] + bias; }
};
[numthreads(1, 1, 1)]
void main() {
    Set s;
    s.b[0] = C;
    s.b[1] = A;
    s.b[2] = B;
    s.bias = 100;
    Out[0] = s.at(1, 0);
    Out[1] = s.at(0, 1);
    Out[2] = s.at(2, 1);
}
"#;

/// `s.b` holds C, A, B: no run of one global array, so `b[i]` can only name a resource when
/// `i` is known. Each constant `i` picks a copy of `at` (as DXC's inlining sees it), whose
/// `b[i]` is that element's buffer; `k`, a run-time value inside, stays a parameter.
#[test]
fn constant_argument_indexes_a_scattered_member_array() {
    check(
        SCATTERED,
        expect![[r#"
            struct Set { uint bias; }

            @g0 = resource storage_buffer StructuredBuffer<uint> set(0) binding(2) layout(relaxed_std430) ; C
            @g1 = resource storage_buffer StructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; A
            @g2 = resource storage_buffer StructuredBuffer<uint> set(0) binding(1) layout(relaxed_std430) ; B
            @g3 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(3) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, Set> ; s
              %1 = access_chain %0, 0:int : ptr<function, uint>
              store %1, 100:uint
              %2 = access_chain @g3, 0:int : ptr<storage_buffer, uint>
              %3 = call @Set.at(%0, 1:int, 0:uint) : uint
              store %2, %3
              %4 = access_chain @g3, 1:int : ptr<storage_buffer, uint>
              %5 = call @Set.at.1(%0, 0:int, 1:uint) : uint
              store %4, %5
              %6 = access_chain @g3, 2:int : ptr<storage_buffer, uint>
              %7 = call @Set.at.2(%0, 2:int, 1:uint) : uint
              store %6, %7
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            func @Set.at(%arg0: ptr<function, Set>, %arg1: int, %arg2: uint) -> uint {
            bb0: ; (entry)
              %0 = alloca : ptr<function, int> ; i
              %1 = alloca : ptr<function, uint> ; k
              store %0, %arg1
              store %1, %arg2
              %2 = load %1 : uint
              %3 = access_chain @g1, %2 : ptr<storage_buffer, uint>
              %4 = load %3 : uint
              %5 = access_chain %arg0, 0:int : ptr<function, uint>
              %6 = load %5 : uint
              %7 = add %4, %6 : uint
              ret %7
            }

            func @Set.at.1(%arg0: ptr<function, Set>, %arg1: int, %arg2: uint) -> uint {
            bb0: ; (entry)
              %0 = alloca : ptr<function, int> ; i
              %1 = alloca : ptr<function, uint> ; k
              store %0, %arg1
              store %1, %arg2
              %2 = load %1 : uint
              %3 = access_chain @g0, %2 : ptr<storage_buffer, uint>
              %4 = load %3 : uint
              %5 = access_chain %arg0, 0:int : ptr<function, uint>
              %6 = load %5 : uint
              %7 = add %4, %6 : uint
              ret %7
            }

            func @Set.at.2(%arg0: ptr<function, Set>, %arg1: int, %arg2: uint) -> uint {
            bb0: ; (entry)
              %0 = alloca : ptr<function, int> ; i
              %1 = alloca : ptr<function, uint> ; k
              store %0, %arg1
              store %1, %arg2
              %2 = load %1 : uint
              %3 = access_chain @g2, %2 : ptr<storage_buffer, uint>
              %4 = load %3 : uint
              %5 = access_chain %arg0, 0:int : ptr<function, uint>
              %6 = load %5 : uint
              %7 = add %4, %6 : uint
              ret %7
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

/// A = [1, 2], B = [10, 20], C = [1000, 2000], bias 100: `at(1, 0)` is A[0] + 100 = 101,
/// `at(0, 1)` C[1] + 100 = 2100, `at(2, 1)` B[1] + 100 = 120.
#[test]
fn constant_argument_indexes_a_scattered_member_array_runs() {
    let out = run_u32(
        SCATTERED,
        vec![vec![1, 2], vec![10, 20], vec![1000, 2000], vec![0; 3]],
    );
    assert_eq!(out[3], [101, 2100, 120]);
}

/// A run-time argument there still chooses the resource at run time: DXC's failure, E3020.
#[test]
fn run_time_argument_into_a_scattered_member_array_is_refused() {
    let text = SCATTERED.replace("Out[2] = s.at(2, 1);", "Out[2] = s.at(Out[0], 1);");
    let errors = lower_errors(&text);
    assert!(errors.starts_with("E3020"), "{errors}");
    assert!(
        errors.contains("a run-time index into an array of resources"),
        "{errors}"
    );
}

// ---- An element of an array of ray queries passed to a function ----

const QUERY_ELEMENTS: &str = r#"
RaytracingAccelerationStructure Scene : register(t0);
RWStructuredBuffer<uint> Out : register(u1);
void proceed(inout RayQuery<RAY_FLAG_FORCE_OPAQUE> q) { q.Proceed(); }
void trace(RayQuery<RAY_FLAG_FORCE_OPAQUE> q, float t) {
    RayDesc r;
    r.Origin = 0;
    r.Direction = float3(0, 0, 1);
    r.TMin = 0;
    r.TMax = t;
    q.TraceRayInline(Scene, 0, 0xff, r);
    proceed(q);
}
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    RayQuery<RAY_FLAG_FORCE_OPAQUE> qs[2][3];
    RayQuery<RAY_FLAG_FORCE_OPAQUE> one;
    trace(qs[1][id.x], 1.0);
    trace(one, 2.0);
    trace(qs[0][2], 3.0);
    Out[0] = qs[1][id.x].CommittedStatus() + one.CommittedStatus();
}
"#;

/// SPIR-V passes whole variables only, so an element goes as the array and its indices
/// (`int`s, the run-time `id.x` converted): `trace` has one copy taking `ptr<function,
/// RayQuery>` (for `one`) and one taking the array and two indices, which binds `q` to
/// `access_chain %arg0, %arg1, %arg2` and passes it on to `proceed` the same way.
#[test]
fn ray_query_array_elements_pass_as_the_array_and_indices() {
    check(
        QUERY_ELEMENTS,
        expect![[r#"
            struct RayDesc { float3 Origin; float TMin; float3 Direction; float TMax; }

            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(1) layout(relaxed_std430) ; Out
            @g2 = resource uniform_constant RaytracingAccelerationStructure set(0) binding(0) ; Scene

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, array<array<RayQuery<1>, 3>, 2>> ; qs
              %2 = alloca : ptr<function, RayQuery<1>> ; one
              store %0, %arg0
              %3 = access_chain %1, 1:int : ptr<function, array<RayQuery<1>, 3>>
              %4 = load %0 : uint3
              %5 = composite_extract %4, [0] : uint
              %6 = access_chain %3, %5 : ptr<function, RayQuery<1>>
              %7 = convert %5 : int
              call @trace(%1, 1:int, %7, 1.0:float)
              call @trace.1(%2, 2.0:float)
              %8 = access_chain %1, 0:int : ptr<function, array<RayQuery<1>, 3>>
              %9 = access_chain %8, 2:int : ptr<function, RayQuery<1>>
              call @trace(%1, 0:int, 2:int, 3.0:float)
              %10 = access_chain @g1, 0:int : ptr<storage_buffer, uint>
              %11 = access_chain %1, 1:int : ptr<function, array<RayQuery<1>, 3>>
              %12 = load %0 : uint3
              %13 = composite_extract %12, [0] : uint
              %14 = access_chain %11, %13 : ptr<function, RayQuery<1>>
              %15 = call_intrinsic RayQuery::CommittedStatus(%14) : uint
              %16 = call_intrinsic RayQuery::CommittedStatus(%2) : uint
              %17 = add %15, %16 : uint
              store %10, %17
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            func @trace(%arg0: ptr<function, array<array<RayQuery<1>, 3>, 2>>, %arg1: int, %arg2: int, %arg3: float) -> void {
            bb0: ; (entry)
              %0 = access_chain %arg0, %arg1, %arg2 : ptr<function, RayQuery<1>>
              %1 = alloca : ptr<function, float> ; t
              %2 = alloca : ptr<function, RayDesc> ; r
              store %1, %arg3
              %3 = access_chain %2, 0:int : ptr<function, float3>
              store %3, {0.0, 0.0, 0.0}:float3
              %4 = access_chain %2, 2:int : ptr<function, float3>
              %5 = composite_construct 0.0:float, 0.0:float, 1.0:float : float3
              store %4, %5
              %6 = access_chain %2, 1:int : ptr<function, float>
              store %6, 0.0:float
              %7 = access_chain %2, 3:int : ptr<function, float>
              %8 = load %1 : float
              store %7, %8
              %9 = load %2 : RayDesc
              call_intrinsic RayQuery::TraceRayInline(%0, @g2, 1:uint, 255:uint, %9)
              call @proceed.1(%arg0, %arg1, %arg2)
              ret
            }

            func @trace.1(%arg0: ptr<function, RayQuery<1>>, %arg1: float) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float> ; t
              %1 = alloca : ptr<function, RayDesc> ; r
              store %0, %arg1
              %2 = access_chain %1, 0:int : ptr<function, float3>
              store %2, {0.0, 0.0, 0.0}:float3
              %3 = access_chain %1, 2:int : ptr<function, float3>
              %4 = composite_construct 0.0:float, 0.0:float, 1.0:float : float3
              store %3, %4
              %5 = access_chain %1, 1:int : ptr<function, float>
              store %5, 0.0:float
              %6 = access_chain %1, 3:int : ptr<function, float>
              %7 = load %0 : float
              store %6, %7
              %8 = load %1 : RayDesc
              call_intrinsic RayQuery::TraceRayInline(%arg0, @g2, 1:uint, 255:uint, %8)
              call @proceed(%arg0)
              ret
            }

            func @proceed(%arg0: ptr<function, RayQuery<1>>) -> void {
            bb0: ; (entry)
              %0 = call_intrinsic RayQuery::Proceed(%arg0) : bool
              ret
            }

            func @proceed.1(%arg0: ptr<function, array<array<RayQuery<1>, 3>, 2>>, %arg1: int, %arg2: int) -> void {
            bb0: ; (entry)
              %0 = access_chain %arg0, %arg1, %arg2 : ptr<function, RayQuery<1>>
              %1 = call_intrinsic RayQuery::Proceed(%0) : bool
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

// ---- A flowing `static` resource holding an element at a run-time index ----

const STATIC_ELEMENT: &str = r#"
Texture2D ts[4] : register(t0);
SamplerState s : register(s0);
RWStructuredBuffer<float4> o : register(u0);
cbuffer C { int idx; };
static Texture2D st;
void set(int i) { st = ts[i]; }
[numthreads(1, 1, 1)]
void main() {
    set(idx);
    o[0] = st.SampleLevel(s, float2(0, 0), 0);
}
"#;

/// `set` leaves `ts[i]` in `st`: it stores `i` through a hidden `out int` (its second
/// parameter), and `main` samples `ts` at the index the call left in its temporary.
#[test]
fn static_resource_handed_back_as_an_element_at_a_run_time_index() {
    check(
        STATIC_ELEMENT,
        expect![[r#"
        struct type.C { int idx; }

        @g0 = resource uniform_constant array<Texture2D<float4>, 4> set(0) binding(0) count(4) ; ts
        @g1 = resource uniform ConstantBuffer<type.C> set(0) binding(1) layout(relaxed_std140) ; C
        @g2 = resource storage_buffer RWStructuredBuffer<float4> set(0) binding(0) layout(relaxed_std430) ; o
        @g3 = resource uniform_constant SamplerState set(0) binding(0) ; s

        func @main_body() -> void {
        bb0: ; (entry)
          %0 = alloca : ptr<function, int> ; index
          %1 = access_chain @g1, 0:int : ptr<uniform, int>
          %2 = load %1 : int
          call @set(%2, %0)
          %3 = load %0 : int
          %4 = access_chain @g0, %3 : ptr<uniform_constant, Texture2D<float4>>
          %5 = access_chain @g2, 0:int : ptr<storage_buffer, float4>
          %6 = composite_construct 0.0:float, 0.0:float : float2
          %7 = texture_sample_level %4, @g3, %6, 0.0:float : float4
          store %5, %7
          ret
        }

        func @main() -> void {
        bb0: ; (entry)
          call @main_body()
          ret
        }

        func @set(%arg0: int, %arg1: ptr<function, int>) -> void {
        bb0: ; (entry)
          %0 = alloca : ptr<function, int> ; i
          store %0, %arg0
          %1 = load %0 : int
          %2 = access_chain @g0, %1 : ptr<uniform_constant, Texture2D<float4>>
          store %arg1, %1
          ret
        }

        entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
    "#]],
    );
}

const STATIC_ELEMENT_RUN: &str = r#"
StructuredBuffer<uint> Bufs[3] : register(t0);
RWStructuredBuffer<uint> Out : register(u3);
static StructuredBuffer<uint> cur;
void select(uint i) { cur = Bufs[i]; }
uint read(uint k) { return cur[k]; }
[numthreads(2, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    select(id.x + 1);
    Out[id.x] = read(0) + read(1) * 10;
    select(0);
    Out[id.x + 2] = read(1);
}
"#;

/// Bufs = [1, 2], [3, 4], [5, 6]. Thread 0 selects Bufs[1]: Out[0] = 3 + 4 * 10 = 43;
/// thread 1 Bufs[2]: Out[1] = 5 + 6 * 10 = 65; then both select Bufs[0]: Out[2] = Out[3] =
/// 2. `read` is given the element and its index (`cur.index`), and hands it back.
#[test]
fn static_resource_element_flows_into_and_out_of_calls_runs() {
    let buffers: [(u32, u32, &[u32]); 4] = [
        (0, 0, &[1, 2]),
        (0, 1, &[3, 4]),
        (0, 2, &[5, 6]),
        (3, 0, &[0; 4]),
    ];
    let out = run_elements(STATIC_ELEMENT_RUN, &buffers, 3);
    assert_eq!(out, [43, 65, 2, 2]);
}

// ---- A `static` resource local in a called function ----

const STATIC_LOCAL: &str = r#"
StructuredBuffer<uint> A : register(t0);
StructuredBuffer<uint> B : register(t1);
RWStructuredBuffer<uint> Out : register(u2);
StructuredBuffer<uint> pick(int k) {
    static StructuredBuffer<uint> t;
    if (k)
        t = B;
    return t;
}
[numthreads(1, 1, 1)]
void main() {
    Out[0] = pick(1)[0];
    Out[1] = pick(0)[1];
}
"#;

/// Every assignment to `t` names `B`, so `t` stands for `B` in every call (what DXC's
/// legalization sees after inlining): `pick` returns nothing (a resource) and both reads in
/// `main` index `B` (`@g0`), whatever `k` is.
#[test]
fn static_resource_local_of_a_called_function_aliases_its_one_resource() {
    check(
        STATIC_LOCAL,
        expect![[r#"
        @g0 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(2) layout(relaxed_std430) ; Out
        @g1 = resource storage_buffer StructuredBuffer<uint> set(0) binding(1) layout(relaxed_std430) ; B

        func @main_body() -> void {
        bb0: ; (entry)
          %0 = access_chain @g0, 0:int : ptr<storage_buffer, uint>
          call @pick(1:int)
          %1 = access_chain @g1, 0:int : ptr<storage_buffer, uint>
          %2 = load %1 : uint
          store %0, %2
          %3 = access_chain @g0, 1:int : ptr<storage_buffer, uint>
          call @pick.1(0:int)
          %4 = access_chain @g1, 1:int : ptr<storage_buffer, uint>
          %5 = load %4 : uint
          store %3, %5
          ret
        }

        func @main() -> void {
        bb0: ; (entry)
          call @main_body()
          ret
        }

        func @pick(%arg0: int) -> void {
        bb0: ; selection merge=bb2 (entry)
          %0 = alloca : ptr<function, int> ; k
          store %0, %arg0
          %1 = ne 1:int, 0:int : bool
          cond_br %1, bb1, bb2
        bb1: ; (if.then)
          br bb2
        bb2: ; (if.merge)
          ret
        }

        func @pick.1(%arg0: int) -> void {
        bb0: ; selection merge=bb2 (entry)
          %0 = alloca : ptr<function, int> ; k
          store %0, %arg0
          %1 = ne 0:int, 0:int : bool
          cond_br %1, bb1, bb2
        bb1: ; (if.then)
          br bb2
        bb2: ; (if.merge)
          ret
        }

        entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
    "#]],
    );
}

/// B = [10, 20]: `pick(1)` sets `t` to B, and `pick(0)` keeps it, so Out = [B[0], B[1]] =
/// [10, 20].
#[test]
fn static_resource_local_of_a_called_function_runs() {
    // `A` is never named once `t` stands for `B`, so it has no global to bind.
    let out = run_elements(STATIC_LOCAL, &[(1, 0, &[10, 20]), (2, 0, &[0; 2])], 2);
    assert_eq!(out, [10, 20]);
}

/// Two different resources assigned to it, each call assigning one before reading it: each
/// copy of `pick` (one per constant `k`, as it hands a resource back) sees its own, as DXC's
/// inlining does: Out = [B[0], A[1]].
#[test]
fn static_resource_local_given_two_resources_in_its_calls() {
    let text = STATIC_LOCAL.replace("t = B;", "t = B;\n    else\n        t = A;");
    let out = run_elements(
        &text,
        &[(0, 0, &[1, 2]), (1, 0, &[10, 20]), (2, 0, &[0; 2])],
        2,
    );
    assert_eq!(out, [10, 2]);
}

const STATIC_STRUCT_LOCAL: &str = r#"
StructuredBuffer<uint> A : register(t0);
StructuredBuffer<uint> B : register(t1);
RWStructuredBuffer<uint> Out : register(u2);
struct Src { StructuredBuffer<uint> bufs[2]; uint calls; };
uint next(uint k) {
    static Src src;
    src.bufs[0] = B;
    src.bufs[1] = A;
    src.calls += 1;
    return src.bufs[1][k] * 100 + src.bufs[0][k] + src.calls;
}
[numthreads(1, 1, 1)]
void main() {
    Out[0] = next(0);
    Out[1] = next(1);
}
"#;

/// A struct `static` local of a called function whose resource members are each only ever
/// assigned one buffer: its data part is the private global `next.src`, its slots stand for
/// B and A, and their assignments emit nothing.
#[test]
fn static_struct_local_of_a_called_function_aliases_its_slots() {
    check(
        STATIC_STRUCT_LOCAL,
        expect![[r#"
        struct Src { uint calls; }

        @g0 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(2) layout(relaxed_std430) ; Out
        @g1 = resource storage_buffer StructuredBuffer<uint> set(0) binding(1) layout(relaxed_std430) ; B
        @g2 = resource storage_buffer StructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; A
        @g3 = private Src ; next.src

        func @main_body() -> void {
        bb0: ; (entry)
          %0 = access_chain @g0, 0:int : ptr<storage_buffer, uint>
          %1 = call @next(0:uint) : uint
          store %0, %1
          %2 = access_chain @g0, 1:int : ptr<storage_buffer, uint>
          %3 = call @next(1:uint) : uint
          store %2, %3
          ret
        }

        func @main() -> void {
        bb0: ; (entry)
          call @main_body()
          ret
        }

        func @next(%arg0: uint) -> uint {
        bb0: ; (entry)
          %0 = alloca : ptr<function, uint> ; k
          store %0, %arg0
          %1 = access_chain @g3, 0:int : ptr<private, uint>
          %2 = load %1 : uint
          %3 = add %2, 1:uint : uint
          store %1, %3
          %4 = load %0 : uint
          %5 = access_chain @g2, %4 : ptr<storage_buffer, uint>
          %6 = load %5 : uint
          %7 = mul %6, 100:uint : uint
          %8 = load %0 : uint
          %9 = access_chain @g1, %8 : ptr<storage_buffer, uint>
          %10 = load %9 : uint
          %11 = add %7, %10 : uint
          %12 = access_chain @g3, 0:int : ptr<private, uint>
          %13 = load %12 : uint
          %14 = add %11, %13 : uint
          ret %14
        }

        entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
    "#]],
    );
}

/// A = [1, 2], B = [10, 20]; `calls` counts the calls of this invocation: next(0) = A[0] *
/// 100 + B[0] + 1 = 111, next(1) = A[1] * 100 + B[1] + 2 = 222.
#[test]
fn static_struct_local_of_a_called_function_runs() {
    let out = run_u32(
        STATIC_STRUCT_LOCAL,
        vec![vec![1, 2], vec![10, 20], vec![0; 2]],
    );
    assert_eq!(out[2], [111, 222]);
}

/// A member given another buffer under a condition on a parameter: the calls' constant
/// arguments pick copies of `next` where the condition is known, as DXC's inlining folds
/// it: next(0) = A[0] * 100 + B[0] + 1, next(1) = A[1] * 100 + A[1] + 2.
#[test]
fn static_struct_local_given_a_resource_under_a_constant_condition() {
    let text = STATIC_STRUCT_LOCAL.replace(
        "src.calls += 1;",
        "src.calls += 1;\n    if (k) src.bufs[0] = A;",
    );
    let out = run_elements(
        &text,
        &[(0, 0, &[1, 2]), (1, 0, &[10, 20]), (2, 0, &[0; 2])],
        2,
    );
    assert_eq!(out, [111, 204]);
}

/// The same under a condition known only at run time: the resource a read sees is chosen
/// at run time (E3020).
#[test]
fn static_struct_local_given_a_resource_chosen_at_run_time() {
    let text = STATIC_STRUCT_LOCAL.replace(
        "src.calls += 1;",
        "src.calls += 1;\n    if (B[k] > 0) src.bufs[0] = A;",
    );
    let errors = lower_errors(&text);
    assert!(errors.starts_with("E3020"), "{errors}");
}

// ---- Arrays of append and consume buffers ----

const APPEND_ARRAYS: &str = r#"
AppendStructuredBuffer<uint> Outs[2] : register(u0);
ConsumeStructuredBuffer<uint> Ins[2] : register(u2);
[numthreads(1, 1, 1)]
void main() {
    uint x = Ins[1].Consume();
    Outs[0].Append(x * 10);
    Outs[1].Append(Ins[0].Consume() + 1);
    Outs[1].Append(9);
}
"#;

/// Each array has an array of counters, at the next free binding at its buffer's place in
/// declaration order as DXC numbers it (`Outs` at 0 and its counters at 1; `Ins` at 2 and
/// its counters at 3), and element `i`'s methods step counter `i`.
#[test]
fn append_and_consume_buffer_arrays_count_per_element() {
    check(
        APPEND_ARRAYS,
        expect![[r#"
            @g0 = resource storage_buffer array<ConsumeStructuredBuffer<uint>, 2> set(0) binding(2) count(2) layout(relaxed_std430) ; Ins
            @g1 = resource storage_buffer array<RWByteAddressBuffer, 2> set(0) binding(3) count(2) ; counter.var.Ins
            @g2 = resource storage_buffer array<AppendStructuredBuffer<uint>, 2> set(0) binding(0) count(2) layout(relaxed_std430) ; Outs
            @g3 = resource storage_buffer array<RWByteAddressBuffer, 2> set(0) binding(1) count(2) ; counter.var.Outs

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; x
              %1 = access_chain @g0, 1:int : ptr<storage_buffer, ConsumeStructuredBuffer<uint>>
              %2 = access_chain @g1, 1:int, 0:uint : ptr<storage_buffer, uint>
              %3 = atomic_rmw add %2, 4294967295:uint : uint
              %4 = sub %3, 1:uint : uint
              %5 = access_chain %1, %4 : ptr<storage_buffer, uint>
              %6 = load %5 : uint
              store %0, %6
              %7 = access_chain @g2, 0:int : ptr<storage_buffer, AppendStructuredBuffer<uint>>
              %8 = access_chain @g3, 0:int, 0:uint : ptr<storage_buffer, uint>
              %9 = atomic_rmw add %8, 1:uint : uint
              %10 = load %0 : uint
              %11 = mul %10, 10:uint : uint
              %12 = access_chain %7, %9 : ptr<storage_buffer, uint>
              store %12, %11
              %13 = access_chain @g2, 1:int : ptr<storage_buffer, AppendStructuredBuffer<uint>>
              %14 = access_chain @g3, 1:int, 0:uint : ptr<storage_buffer, uint>
              %15 = atomic_rmw add %14, 1:uint : uint
              %16 = access_chain @g0, 0:int : ptr<storage_buffer, ConsumeStructuredBuffer<uint>>
              %17 = access_chain @g1, 0:int, 0:uint : ptr<storage_buffer, uint>
              %18 = atomic_rmw add %17, 4294967295:uint : uint
              %19 = sub %18, 1:uint : uint
              %20 = access_chain %16, %19 : ptr<storage_buffer, uint>
              %21 = load %20 : uint
              %22 = add %21, 1:uint : uint
              %23 = access_chain %13, %15 : ptr<storage_buffer, uint>
              store %23, %22
              %24 = access_chain @g2, 1:int : ptr<storage_buffer, AppendStructuredBuffer<uint>>
              %25 = access_chain @g3, 1:int, 0:uint : ptr<storage_buffer, uint>
              %26 = atomic_rmw add %25, 1:uint : uint
              %27 = access_chain %24, %26 : ptr<storage_buffer, uint>
              store %27, 9:uint
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

/// Ins[0] = [5, 6] (count 2), Ins[1] = [1, 2, 3] (count 3): x = Ins[1][2] = 3, so Outs[0] =
/// [30]; Ins[0] gives 6, so Outs[1] = [7, 9]. Counters after: Outs 1 and 2, Ins 1 and 2.
#[test]
fn append_and_consume_buffer_arrays_run() {
    let m = lower(APPEND_ARRAYS);
    let program = Program::new(&m, "main", &ProgramOptions::default()).expect("program");
    let mut bindings = Bindings::new(&program);
    let inputs: [(u32, u32, &[u32]); 8] = [
        (0, 0, &[0; 2]),
        (0, 1, &[0; 2]),
        (1, 0, &[0]),
        (1, 1, &[0]),
        (2, 0, &[5, 6]),
        (2, 1, &[1, 2, 3]),
        (3, 0, &[2]),
        (3, 1, &[3]),
    ];
    for (binding, element, data) in inputs {
        bindings
            .bind(
                &program,
                0,
                binding,
                element,
                Resource::buffer(words_u32(data)),
            )
            .expect("bind");
    }
    dispatch(
        &program,
        &mut bindings,
        [1, 1, 1],
        &RunOptions::default(),
        None,
    )
    .expect("run");
    let read = |binding: u32, element: u32| {
        as_u32(
            &bindings
                .get_element(&program, 0, binding, element)
                .unwrap()
                .data,
        )
    };
    assert_eq!(read(0, 0), [30, 0]);
    assert_eq!(read(0, 1), [7, 9]);
    // counter.var.Outs (binding 1) and counter.var.Ins (binding 3).
    assert_eq!((read(1, 0), read(1, 1)), (vec![1], vec![2]));
    assert_eq!((read(3, 0), read(3, 1)), (vec![1], vec![2]));
}

/// An element at a `NonUniformResourceIndex` index flowing into a call through a `static`:
/// the copy of `rd` it picks marks its incoming index again before indexing `ts`, while the
/// copy given the unmarked element does not.
#[test]
fn static_resource_element_keeps_its_non_uniform_mark_across_calls() {
    let text = r#"
Texture2D ts[4] : register(t0);
SamplerState s : register(s0);
RWStructuredBuffer<float4> o : register(u0);
cbuffer C { int idx; };
static Texture2D st;
float4 rd() { return st.SampleLevel(s, float2(0, 0), 0); }
[numthreads(1, 1, 1)]
void main() {
    st = ts[idx];
    o[0] = rd();
    st = ts[NonUniformResourceIndex(idx)];
    o[1] = rd();
}
"#;
    let dump = common::dump(text);
    // Two copies of `rd`: the uniform one indexes with its argument, the other marks it.
    let rd = |name: &str| {
        let start = dump.find(&format!("func @{name}(")).expect("copy of rd");
        let end = dump[start..].find("\n}\n").expect("end") + start;
        dump[start..end].to_owned()
    };
    assert!(!rd("rd").contains("NonUniformIndex"), "{dump}");
    assert!(
        rd("rd.1").contains("%0 = call_intrinsic NonUniformIndex(%arg0) : int"),
        "{dump}"
    );
}

const STATIC_STRUCT_INITIALIZED: &str = r#"
RWStructuredBuffer<uint> B : register(u0);
struct Target { RWStructuredBuffer<uint> buf; uint n; };
void put(uint v) { static Target t = { B, 5 }; t.buf[t.n] = v; t.n += 1; }
[numthreads(1, 1, 1)]
void main() { put(1); put(2); }
"#;

/// The initializer list gives `t.buf` B (its alias from the start) and `t.n` 5, stored into
/// the private global `put.t` the first time only (the flag global `init.put.t`).
#[test]
fn initialized_static_struct_local_of_a_called_function() {
    check(
        STATIC_STRUCT_INITIALIZED,
        expect![[r#"
        struct Target { uint n; }

        @g0 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; B
        @g1 = private Target ; put.t
        @g2 = private bool = false:bool ; init.put.t

        func @main_body() -> void {
        bb0: ; (entry)
          call @put(1:uint)
          call @put(2:uint)
          ret
        }

        func @main() -> void {
        bb0: ; (entry)
          call @main_body()
          ret
        }

        func @put(%arg0: uint) -> void {
        bb0: ; selection merge=bb2 (entry)
          %0 = alloca : ptr<function, uint> ; v
          store %0, %arg0
          %1 = load @g2 : bool
          cond_br %1, bb2, bb1
        bb1: ; (static.init)
          store @g2, true:bool
          %2 = access_chain @g1, 0:int : ptr<private, uint>
          store %2, 5:uint
          br bb2
        bb2: ; (static.merge)
          %3 = access_chain @g1, 0:int : ptr<private, uint>
          %4 = load %3 : uint
          %5 = access_chain @g0, %4 : ptr<storage_buffer, uint>
          %6 = load %0 : uint
          store %5, %6
          %7 = access_chain @g1, 0:int : ptr<private, uint>
          %8 = load %7 : uint
          %9 = add %8, 1:uint : uint
          store %7, %9
          ret
        }

        entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
    "#]],
    );
}

/// B has 8 zeros: put(1) writes B[5] = 1, put(2) B[6] = 2.
#[test]
fn initialized_static_struct_local_of_a_called_function_runs() {
    let out = run_u32(STATIC_STRUCT_INITIALIZED, vec![vec![0; 8]]);
    assert_eq!(out[0], [0, 0, 0, 0, 0, 1, 2, 0]);
}
