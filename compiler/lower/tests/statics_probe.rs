//! Forms the lowering used to refuse with "not supported yet" (issue #4, item 4): default
//! arguments computed by calls, intrinsics and constructors at each call that leaves them
//! out (DXC evaluates a default at the call, in the declaration's scope). The dumps are
//! verified; the kernels also run on the interpreter with values worked out by hand.

mod common;

use expect_test::expect;
use lower::ShaderStage;

const DEFAULT_CALLS: &str = r#"
RWStructuredBuffer<uint> Out : register(u0);
RWStructuredBuffer<uint> In : register(u1);
struct Pair { uint a; uint b; };
static uint counter = 0;
static uint doubled = In[2] * 2;
uint second() { return In[1]; }
Pair make(uint x) { Pair p; p.a = x; p.b = x * 3; return p; }
uint bump() { counter += 1; return counter; }
uint first(uint a = second() + 1) { return a; }
uint fromStruct(Pair p = make(In[0])) { return p.a + p.b; }
uint largest(uint m = max(In[0], In[2])) { return m; }
uint trace(uint2x2 k = uint2x2(In[0], 0, 0, In[1])) { return k._m00 + k._m11; }
uint fromStatic(uint v = doubled) { return v; }
uint tick(uint v = bump()) { return v; }
[numthreads(1, 1, 1)]
void main() {
    Out[0] = first();
    Out[1] = first(5);
    Out[2] = fromStruct();
    Out[3] = largest();
    Out[4] = trace();
    Out[5] = fromStatic();
    Out[6] = tick();
    Out[7] = tick();
}
"#;

#[test]
fn defaults_that_call_functions_run_at_each_call() {
    // In = {4, 7, 9}: second() + 1 = 8; make(4) = {4, 12}, 4 + 12 = 16; max(4, 9) = 9;
    // the matrix's diagonal 4 + 7 = 11; doubled = 9 * 2 = 18; each tick() bumps the counter
    // again (1, then 2), as the default runs at every call.
    let out = common::run_u32(DEFAULT_CALLS, vec![vec![0; 8], vec![4, 7, 9]]);
    assert_eq!(out[0], [8, 5, 16, 9, 11, 18, 1, 2]);
}

#[test]
fn a_default_calling_a_function_is_computed_at_the_call() {
    let m = common::lower_stage(
        r#"
cbuffer C { float4 v4; };
float g() { return v4.y; }
float h(float a = g() * 2) { return a; }
float4 main() : SV_Target { return h() + h(1); }
"#,
        ShaderStage::Pixel,
    );
    expect![[r#"
        struct type.C { float4 v4; }

        @g0 = output float4 location(0) ; out.SV_Target
        @g1 = resource uniform ConstantBuffer<type.C> set(0) binding(0) layout(relaxed_std140) ; C

        func @main_body() -> float4 {
        bb0: ; (entry)
          %0 = call @g() : float
          %1 = mul %0, 2.0:float : float
          %2 = call @h(%1) : float
          %3 = call @h(1.0:float) : float
          %4 = add %2, %3 : float
          %5 = composite_construct %4, %4, %4, %4 : float4
          ret %5
        }

        func @main() -> void {
        bb0: ; (entry)
          %0 = call @main_body() : float4
          store @g0, %0
          ret
        }

        func @h(%arg0: float) -> float {
        bb0: ; (entry)
          %0 = alloca : ptr<function, float> ; a
          store %0, %arg0
          %1 = load %0 : float
          ret %1
        }

        func @g() -> float {
        bb0: ; (entry)
          %0 = access_chain @g1, 0:int : ptr<uniform, float4>
          %1 = load %0 : float4
          %2 = composite_extract %1, [1] : float
          ret %2
        }

        entry pixel "main" @main inputs() outputs(@g0)
    "#]]
    .assert_eq(&ir::print_module(&m));
}

#[test]
fn a_default_that_needs_itself_is_an_error_not_a_hang() {
    let err = common::lower_errors(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
uint loop(uint x = loop()) { return x; }
[numthreads(1, 1, 1)]
void main() { Out[0] = loop(); }
"#,
    );
    expect!["E3050 65..71: this default argument needs its own value: the calls in it leave out arguments whose defaults come back to it"].assert_eq(&err);
}

const TRACKED_STATIC: &str = r#"
RWStructuredBuffer<uint> A : register(u0);
RWStructuredBuffer<uint> B : register(u1);
static RWStructuredBuffer<uint> target = A;
[numthreads(1, 1, 1)]
void main() {
    target[0] = 5;
    target = B;
    target[0] = 7;
    target[1] = A[0] + 1;
    target = A;
    target[1] = 9;
}
"#;

#[test]
fn a_static_resource_reassigned_in_the_entry_is_tracked_like_a_local() {
    // A[0] = 5 through the initializer's A; then B[0] = 7 and B[1] = A[0] + 1 = 6; then A
    // again, A[1] = 9.
    let out = common::run_u32(TRACKED_STATIC, vec![vec![0; 2], vec![0; 2]]);
    assert_eq!(out, [vec![5, 9], vec![7, 6]]);
}

const ALIAS_STATIC: &str = r#"
RWStructuredBuffer<uint> A : register(u0);
RWStructuredBuffer<uint> B : register(u1);
static RWStructuredBuffer<uint> target;
void aim() { target = B; }
void put(uint v) { target[0] = v; }
[numthreads(1, 1, 1)]
void main() {
    aim();
    put(3);
    A[0] = target[0] + 1;
}
"#;

#[test]
fn a_static_resource_assigned_one_resource_everywhere_is_that_resource() {
    // Every assignment names B: put(3) writes B[0] = 3, and A[0] = B[0] + 1 = 4.
    let out = common::run_u32(ALIAS_STATIC, vec![vec![0], vec![0]]);
    assert_eq!(out, [vec![4], vec![3]]);
}

#[test]
fn a_static_texture_reassigned_between_uses_samples_each_in_turn() {
    let m = common::lower_stage(
        r#"
Texture2D t0, t1;
SamplerState s0;
static Texture2D st = t0;
float4 main(float2 uv : TEXCOORD) : SV_Target {
    float4 a = st.Sample(s0, uv);
    st = t1;
    return a + st.Sample(s0, uv);
}
"#,
        ShaderStage::Pixel,
    );
    expect![[r#"
        @g0 = input float2 location(0) ; in.TEXCOORD
        @g1 = output float4 location(0) ; out.SV_Target
        @g2 = resource uniform_constant Texture2D<float4> set(0) binding(1) ; t1
        @g3 = resource uniform_constant Texture2D<float4> set(0) binding(0) ; t0
        @g4 = resource uniform_constant SamplerState set(0) binding(2) ; s0

        func @main_body(%arg0: float2) -> float4 {
        bb0: ; (entry)
          %0 = alloca : ptr<function, float2> ; uv
          %1 = alloca : ptr<function, float4> ; a
          store %0, %arg0
          %2 = load %0 : float2
          %3 = texture_sample @g3, @g4, %2 : float4
          store %1, %3
          %4 = load %1 : float4
          %5 = load %0 : float2
          %6 = texture_sample @g2, @g4, %5 : float4
          %7 = add %4, %6 : float4
          ret %7
        }

        func @main() -> void {
        bb0: ; (entry)
          %0 = load @g0 : float2
          %1 = call @main_body(%0) : float4
          store @g1, %1
          ret
        }

        entry pixel "main" @main inputs(@g0) outputs(@g1)
    "#]]
    .assert_eq(&ir::print_module(&m));
}

#[test]
fn a_static_resource_chosen_at_run_time_is_dxcs_legalization_error() {
    let err = common::lower_errors(
        r#"
RWStructuredBuffer<uint> A : register(u0);
RWStructuredBuffer<uint> B : register(u1);
static RWStructuredBuffer<uint> target;
[numthreads(1, 1, 1)]
void main() {
    if (A[0] > 0) target = A; else target = B;
    target[1] = 2;
}
"#,
    );
    expect![[r#"E3020 214..220: this resource depends on run-time control flow (different resources are assigned to it on different paths); Vulkan needs each use to name one resource, and DXC fails here too ("generated SPIR-V is invalid" once its legalization cannot remove the choice)"#]].assert_eq(&err);
}

const EMPTY_ARRAYS: &str = r#"
RWStructuredBuffer<uint> Out : register(u0);
typedef float Empty[0];
static uint calls = 0;
uint count(float a[0]) { float b[0] = a; return 10; }
Empty empty_of(uint k) { calls += k; float r[0]; return r; }
[numthreads(1, 1, 1)]
void main() {
    float z[0];
    float y[0] = z;
    y = z;
    float w[2][0];
    float q[0] = empty_of(3);
    q = empty_of(4);
    Out[0] = count(z) + count(w[1]) + calls;
}
"#;

#[test]
fn zero_length_arrays_are_empty_values() {
    // Copies, assignments, the argument and the returned value hold nothing; the calls
    // returning one still run: 10 + 10 + (3 + 4) = 27.
    let out = common::run_u32(EMPTY_ARRAYS, vec![vec![0]]);
    assert_eq!(out[0], [27]);
    expect![[r#"
        @g0 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; Out
        @g1 = private uint = 0:uint ; calls

        func @main_body() -> void {
        bb0: ; (entry)
          call @empty_of(3:uint)
          call @empty_of(4:uint)
          %0 = access_chain @g0, 0:int : ptr<storage_buffer, uint>
          %1 = call @count() : uint
          %2 = call @count() : uint
          %3 = add %1, %2 : uint
          %4 = load @g1 : uint
          %5 = add %3, %4 : uint
          store %0, %5
          ret
        }

        func @main() -> void {
        bb0: ; (entry)
          call @main_body()
          ret
        }

        func @empty_of(%arg0: uint) -> void {
        bb0: ; (entry)
          %0 = alloca : ptr<function, uint> ; k
          store %0, %arg0
          %1 = load @g1 : uint
          %2 = load %0 : uint
          %3 = add %1, %2 : uint
          store @g1, %3
          ret
        }

        func @count() -> uint {
        bb0: ; (entry)
          ret 10:uint
        }

        entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
    "#]].assert_eq(&common::dump(EMPTY_ARRAYS));
}

#[test]
fn a_struct_drops_its_zero_length_member() {
    // The member holds nothing and takes no space: the IR's struct leaves it out.
    let dump = common::dump(
        r#"
RWStructuredBuffer<float> Out : register(u0);
struct E { float a; float b[0]; };
[numthreads(1, 1, 1)]
void main() { E e; e.a = 1; Out[0] = e.a; }
"#,
    );
    let line = dump.lines().find(|l| l.starts_with("struct E")).unwrap();
    expect!["struct E { float a; }"].assert_eq(line);
}

const STATIC_LOCAL_STRUCT: &str = r#"
RWStructuredBuffer<uint> A : register(u0);
RWStructuredBuffer<uint> B : register(u1);
struct Target { RWStructuredBuffer<uint> buf; uint scale; };
uint put(uint i, uint v) {
    static Target t = { B, 3 };
    t.buf[i] = v * t.scale;
    return i;
}
[numthreads(1, 1, 1)]
void main() {
    put(0, 2);
    put(1, 5);
    A[0] = B[0] + B[1];
}
"#;

#[test]
fn a_static_local_struct_holding_a_resource_runs() {
    // B[0] = 2 * 3 = 6, B[1] = 5 * 3 = 15, A[0] = 6 + 15 = 21.
    let out = common::run_u32(STATIC_LOCAL_STRUCT, vec![vec![0], vec![0; 2]]);
    assert_eq!(out, [vec![21], vec![6, 15]]);
}

/// DXC keeps `t.n` across calls in a private variable beside the buffer's binding; so does
/// hlslc (`static_local_alias`): `t.buf` stands for `B`, the list fills `t.n` once. B = [0, 0]:
/// put(1) writes B[0] = 1, put(2) B[1] = 2.
#[test]
fn a_written_static_local_struct_holding_a_resource_keeps_its_data_across_calls() {
    let out = common::run_u32(
        r#"
RWStructuredBuffer<uint> B : register(u0);
struct Target { RWStructuredBuffer<uint> buf; uint n; };
void put(uint v) { static Target t = { B, 0 }; t.buf[t.n] = v; t.n += 1; }
[numthreads(1, 1, 1)]
void main() { put(1); put(2); }
"#,
        vec![vec![0, 0]],
    );
    assert_eq!(out[0], [1, 2]);
}

const STATIC_ORDER: &str = r#"
RWStructuredBuffer<uint> o : register(u0);
static uint a = o[0] + 1;
uint bump(uint k) { return a + k; }
static uint b = bump(10);
uint next() { static uint n = a; n += 1; return n; }
[numthreads(1, 1, 1)]
void main() { o[1] = a; o[2] = b; next(); o[3] = next(); }
"#;

#[test]
fn statics_initialize_in_declaration_order_from_run_time_values() {
    // o[0] = 5: a = 6, b = a + 10 = 16; n starts at a = 6, two calls make it 8.
    let out = common::run_u32(STATIC_ORDER, vec![vec![5, 0, 0, 0]]);
    assert_eq!(out[0], [5, 6, 16, 8]);
}

const TRACKED_STRUCT_STATIC: &str = r#"
RWStructuredBuffer<uint> A : register(u0);
RWStructuredBuffer<uint> B : register(u1);
struct Sink { RWStructuredBuffer<uint> buf; uint scale; };
static Sink s = { A, 2 };
static RWStructuredBuffer<uint> pair[2] = { A, B };
[numthreads(1, 1, 1)]
void main() {
    s.buf[0] = 5 * s.scale;
    s.buf = B;
    s.scale = 3;
    s.buf[0] = 5 * s.scale;
    pair[0] = B;
    pair[0][1] = 7;
    pair[1] = A;
    pair[1][1] = A[0] + B[0];
}
"#;

#[test]
fn struct_and_array_statics_rebound_in_the_entry_are_tracked() {
    // A[0] = 5 * 2 = 10; then s names B: B[0] = 5 * 3 = 15; pair[0] is B: B[1] = 7; pair[1]
    // is A: A[1] = 10 + 15 = 25.
    let out = common::run_u32(TRACKED_STRUCT_STATIC, vec![vec![0; 2], vec![0; 2]]);
    assert_eq!(out, [vec![10, 25], vec![15, 7]]);
}
