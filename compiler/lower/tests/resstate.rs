//! Resources held in statics, functors and member arrays (issue #4 item 4): a functor member
//! holding resources called as `h.f(x)` (`user_call::Receiver::Member`), a member array
//! holding a whole global array indexed at run time inside a method (`resource_runs.rs`),
//! a run-time `?:` of resources (DXC's failure, `resource_choice.rs`), `static` locals and
//! `static` globals holding resources written in functions (`static_assign.rs`). IR
//! snapshots (each dump verified) and interpreter runs with hand-computed results.

mod common;

use expect_test::{expect, Expect};
use interp::{dispatch, Bindings, Program, ProgramOptions, Resource, RunOptions};
use lower::ShaderStage;

use common::{as_u32, lower, run_u32, words_u32 as words};

fn check(text: &str, expect: Expect) {
    expect.assert_eq(&common::dump(text));
}

fn check_pixel(text: &str, expect: Expect) {
    expect.assert_eq(&ir::print_module(&common::lower_stage(
        text,
        ShaderStage::Pixel,
    )));
}

fn pixel_errors(text: &str) -> String {
    match common::try_lower_stage(text, ShaderStage::Pixel) {
        Ok(m) => panic!("lowered:\n{}", ir::print_module(&m)),
        Err(e) => e,
    }
}

/// Binds `Bufs[k]` (array at binding 0) to `bufs[k]` and `Out` (`out_words` zeros) at
/// binding `out_binding`; runs one group and returns `Out`.
fn run_with_array(text: &str, bufs: &[&[u32]], out_binding: u32, out_words: usize) -> Vec<u32> {
    let m = lower(text);
    let program = Program::new(&m, "main", &ProgramOptions::default()).expect("program");
    let mut bindings = Bindings::new(&program);
    for (k, data) in bufs.iter().enumerate() {
        bindings
            .bind(&program, 0, 0, k as u32, Resource::buffer(words(data)))
            .expect("bind Bufs");
    }
    bindings
        .bind(
            &program,
            0,
            out_binding,
            0,
            Resource::buffer(words(&vec![0; out_words])),
        )
        .expect("bind Out");
    dispatch(
        &program,
        &mut bindings,
        [1, 1, 1],
        &RunOptions::default(),
        None,
    )
    .expect("run");
    as_u32(&bindings.get(&program, 0, out_binding).unwrap().data)
}

// ---- A functor member holding resources, called as `h.f(x)` ----

const FUNCTOR_MEMBER: &str = r#"
StructuredBuffer<uint> A : register(t0);
StructuredBuffer<uint> B : register(t1);
RWStructuredBuffer<uint> Out : register(u2);
struct Reader { StructuredBuffer<uint> buf; uint bias; uint operator()(uint i) { return buf[i] + bias; } };
struct Pair { uint scale; Reader r; };
[numthreads(2, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Pair p;
    p.r.buf = B;
    p.r.bias = 100;
    p.scale = 3;
    Out[id.x] = p.r(id.x) * p.scale + A[id.x];
}
"#;

#[test]
fn functor_member_holding_a_resource() {
    // The member `p.r` is the object: its buffer picks the copy of `Reader.operator()`
    // (which reads `B`, @g1), its data part goes through a temporary copied back.
    check(
        FUNCTOR_MEMBER,
        expect![[r#"
            struct Reader { uint bias; }
            struct Pair { uint scale; Reader r; }

            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer StructuredBuffer<uint> set(0) binding(1) layout(relaxed_std430) ; B
            @g2 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(2) layout(relaxed_std430) ; Out
            @g3 = resource storage_buffer StructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; A

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, Reader>
              %1 = alloca : ptr<function, uint3> ; id
              %2 = alloca : ptr<function, Pair> ; p
              store %1, %arg0
              %3 = access_chain %2, 1:int, 0:int : ptr<function, uint>
              store %3, 100:uint
              %4 = access_chain %2, 0:int : ptr<function, uint>
              store %4, 3:uint
              %5 = load %1 : uint3
              %6 = composite_extract %5, [0] : uint
              %7 = access_chain @g2, %6 : ptr<storage_buffer, uint>
              %8 = access_chain %2, 1:int : ptr<function, Reader>
              %9 = load %8 : Reader
              store %0, %9
              %10 = load %1 : uint3
              %11 = composite_extract %10, [0] : uint
              %12 = call @Reader.operator()(%0, %11) : uint
              %13 = load %0 : Reader
              store %8, %13
              %14 = access_chain %2, 0:int : ptr<function, uint>
              %15 = load %14 : uint
              %16 = mul %12, %15 : uint
              %17 = load %1 : uint3
              %18 = composite_extract %17, [0] : uint
              %19 = access_chain @g3, %18 : ptr<storage_buffer, uint>
              %20 = load %19 : uint
              %21 = add %16, %20 : uint
              store %7, %21
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            func @Reader.operator()(%arg0: ptr<function, Reader>, %arg1: uint) -> uint {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; i
              store %0, %arg1
              %1 = load %0 : uint
              %2 = access_chain @g1, %1 : ptr<storage_buffer, uint>
              %3 = load %2 : uint
              %4 = access_chain %arg0, 0:int : ptr<function, uint>
              %5 = load %4 : uint
              %6 = add %3, %5 : uint
              ret %6
            }

            entry compute "main" @main numthreads(2, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn functor_member_holding_a_resource_run() {
    // Thread k: (B[k] + 100) * 3 + A[k] with A = {1, 2}, B = {10, 20}.
    let out = run_u32(FUNCTOR_MEMBER, vec![vec![1, 2], vec![10, 20], vec![0, 0]]);
    assert_eq!(out[2], vec![331, 362]);
}

const FUNCTOR_REBINDS: &str = r#"
Texture2D t0, t1; SamplerState s;
struct Swap { Texture2D t; void operator()(Texture2D n) { t = n; } };
struct Holder { float w; Swap g; };
float4 main(float2 uv : TEXCOORD) : SV_Target {
    Holder h;
    h.w = 2;
    h.g.t = t0;
    h.g(t1);
    return h.g.t.Sample(s, uv) * h.w;
}
"#;

#[test]
fn functor_member_rebinding_its_resource() {
    // `h.g(t1)` rebinds the member's texture like a method rebinding `this.t`: the sample
    // reads `t1` (@g3).
    check_pixel(
        FUNCTOR_REBINDS,
        expect![[r#"
        struct Holder { float w; }

        @g0 = input float2 location(0) ; in.TEXCOORD
        @g1 = output float4 location(0) ; out.SV_Target
        @g2 = resource uniform_constant Texture2D<float4> set(0) binding(0) ; t0
        @g3 = resource uniform_constant Texture2D<float4> set(0) binding(1) ; t1
        @g4 = resource uniform_constant SamplerState set(0) binding(2) ; s

        func @main_body(%arg0: float2) -> float4 {
        bb0: ; (entry)
          %0 = alloca : ptr<function, float2> ; uv
          %1 = alloca : ptr<function, Holder> ; h
          store %0, %arg0
          %2 = access_chain %1, 0:int : ptr<function, float>
          store %2, 2.0:float
          call @Swap.operator()()
          %3 = load %0 : float2
          %4 = texture_sample @g3, @g4, %3 : float4
          %5 = access_chain %1, 0:int : ptr<function, float>
          %6 = load %5 : float
          %7 = composite_construct %6, %6, %6, %6 : float4
          %8 = mul %4, %7 : float4
          ret %8
        }

        func @main() -> void {
        bb0: ; (entry)
          %0 = load @g0 : float2
          %1 = call @main_body(%0) : float4
          store @g1, %1
          ret
        }

        func @Swap.operator()() -> void {
        bb0: ; (entry)
          ret
        }

        entry pixel "main" @main inputs(@g0) outputs(@g1)
    "#]],
    );
}

// ---- A member array holding a whole global array, indexed at run time in a method ----

const MEMBER_ARRAY: &str = r#"
StructuredBuffer<uint> Bufs[4] : register(t0);
RWStructuredBuffer<uint> Out : register(u4);
struct Set {
    StructuredBuffer<uint> b[4];
    uint bias;
    uint at(uint k, uint j) { return b[k][j] + bias; }
    uint both(uint k) { return at(k, 0) + at(k, 1); }
};
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Set s;
    s.b = Bufs;
    s.bias = 100;
    Out[id.x] = s.both(id.x);
}
"#;

#[test]
fn member_array_of_a_whole_global_array_indexed_in_a_method() {
    // `s.b` holds Bufs[0..4] in order, so the copy of `both` (and of `at`, which it calls
    // with the same run) gets the run's incoming indices and `b[k]` is `Bufs[k + %arg1]`.
    check(
        MEMBER_ARRAY,
        expect![[r#"
        struct Set { uint bias; }

        @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
        @g1 = resource storage_buffer array<StructuredBuffer<uint>, 4> set(0) binding(0) count(4) layout(relaxed_std430) ; Bufs
        @g2 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(4) layout(relaxed_std430) ; Out

        func @main_body(%arg0: uint3) -> void {
        bb0: ; (entry)
          %0 = alloca : ptr<function, uint3> ; id
          %1 = alloca : ptr<function, Set> ; s
          store %0, %arg0
          %2 = access_chain @g1, 0:int : ptr<storage_buffer, StructuredBuffer<uint>>
          %3 = access_chain @g1, 1:int : ptr<storage_buffer, StructuredBuffer<uint>>
          %4 = access_chain @g1, 2:int : ptr<storage_buffer, StructuredBuffer<uint>>
          %5 = access_chain @g1, 3:int : ptr<storage_buffer, StructuredBuffer<uint>>
          %6 = access_chain %1, 0:int : ptr<function, uint>
          store %6, 100:uint
          %7 = load %0 : uint3
          %8 = composite_extract %7, [0] : uint
          %9 = access_chain @g2, %8 : ptr<storage_buffer, uint>
          %10 = load %0 : uint3
          %11 = composite_extract %10, [0] : uint
          %12 = call @Set.both(%1, 0:int, 1:int, 2:int, 3:int, %11) : uint
          store %9, %12
          ret
        }

        func @main() -> void {
        bb0: ; (entry)
          %0 = load @g0 : uint3 ; id
          call @main_body(%0)
          ret
        }

        func @Set.both(%arg0: ptr<function, Set>, %arg1: int, %arg2: int, %arg3: int, %arg4: int, %arg5: uint) -> uint {
        bb0: ; (entry)
          %0 = access_chain @g1, %arg1 : ptr<storage_buffer, StructuredBuffer<uint>>
          %1 = access_chain @g1, %arg2 : ptr<storage_buffer, StructuredBuffer<uint>>
          %2 = access_chain @g1, %arg3 : ptr<storage_buffer, StructuredBuffer<uint>>
          %3 = access_chain @g1, %arg4 : ptr<storage_buffer, StructuredBuffer<uint>>
          %4 = alloca : ptr<function, uint> ; k
          store %4, %arg5
          %5 = load %4 : uint
          %6 = call @Set.at(%arg0, %arg1, %arg2, %arg3, %arg4, %5, 0:uint) : uint
          %7 = load %4 : uint
          %8 = call @Set.at(%arg0, %arg1, %arg2, %arg3, %arg4, %7, 1:uint) : uint
          %9 = add %6, %8 : uint
          ret %9
        }

        func @Set.at(%arg0: ptr<function, Set>, %arg1: int, %arg2: int, %arg3: int, %arg4: int, %arg5: uint, %arg6: uint) -> uint {
        bb0: ; (entry)
          %0 = access_chain @g1, %arg1 : ptr<storage_buffer, StructuredBuffer<uint>>
          %1 = access_chain @g1, %arg2 : ptr<storage_buffer, StructuredBuffer<uint>>
          %2 = access_chain @g1, %arg3 : ptr<storage_buffer, StructuredBuffer<uint>>
          %3 = access_chain @g1, %arg4 : ptr<storage_buffer, StructuredBuffer<uint>>
          %4 = alloca : ptr<function, uint> ; k
          %5 = alloca : ptr<function, uint> ; j
          store %4, %arg5
          store %5, %arg6
          %6 = load %4 : uint
          %7 = convert %6 : int
          %8 = add %7, %arg1 : int
          %9 = access_chain @g1, %8 : ptr<storage_buffer, StructuredBuffer<uint>>
          %10 = load %5 : uint
          %11 = access_chain %9, %10 : ptr<storage_buffer, uint>
          %12 = load %11 : uint
          %13 = access_chain %arg0, 0:int : ptr<function, uint>
          %14 = load %13 : uint
          %15 = add %12, %14 : uint
          ret %15
        }

        entry compute "main" @main numthreads(4, 1, 1) inputs(@g0) outputs()
    "#]],
    );
}

#[test]
fn member_array_of_a_whole_global_array_run() {
    // Bufs[k] = {2k + 1, 2k + 2}; thread k: Bufs[k][0] + Bufs[k][1] + 200.
    let bufs: [&[u32]; 4] = [&[1, 2], &[3, 4], &[5, 6], &[7, 8]];
    assert_eq!(
        run_with_array(MEMBER_ARRAY, &bufs, 4, 4),
        vec![203, 207, 211, 215]
    );
}

const MEMBER_ARRAY_SHIFTED: &str = r#"
StructuredBuffer<uint> Bufs[4] : register(t0);
RWStructuredBuffer<uint> Out : register(u4);
struct Two { StructuredBuffer<uint> b[2]; uint at(uint k) { return b[k][0]; } };
[numthreads(2, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Two t;
    t.b[0] = Bufs[2];
    t.b[1] = Bufs[3];
    Two u;
    u.b[0] = Bufs[3];
    u.b[1] = Bufs[1];
    Out[id.x] = t.at(id.x) * 10 + u.b[1][0];
}
"#;

#[test]
fn member_array_of_consecutive_elements_starting_later_run() {
    // `t.b` is Bufs[2..4]: b[k] is Bufs[k + 2]. `u.b` is no run, read at a constant index
    // only: thread 0: Bufs[2][0] * 10 + Bufs[1][0] = 50 + 3; thread 1: Bufs[3][0] * 10 +
    // Bufs[1][0] = 70 + 3.
    let bufs: [&[u32]; 4] = [&[1, 2], &[3, 4], &[5, 6], &[7, 8]];
    assert_eq!(
        run_with_array(MEMBER_ARRAY_SHIFTED, &bufs, 4, 2),
        vec![53, 73]
    );
}

#[test]
fn member_array_of_scattered_elements_indexed_at_run_time_is_refused() {
    // Bufs[3], Bufs[1] are no run: a run-time index chooses the buffer at run time.
    let text = r#"
StructuredBuffer<uint> Bufs[4] : register(t0);
RWStructuredBuffer<uint> Out : register(u4);
struct Two { StructuredBuffer<uint> b[2]; uint at(uint k) { return b[k][0]; } };
[numthreads(2, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Two u;
    u.b[0] = Bufs[3];
    u.b[1] = Bufs[1];
    Out[id.x] = u.at(id.x);
}
"#;
    let e = common::lower_errors(text);
    assert!(
        e.starts_with("E3020") && e.contains("not consecutive elements of one global array"),
        "{e}"
    );
}

// ---- A run-time `?:` of resources: DXC's validator failure ----

#[test]
fn run_time_conditional_of_textures_is_dxcs_failure() {
    let e = pixel_errors(
        r#"
Texture2D t0, t1; SamplerState s;
float4 main(float2 uv : TEXCOORD, int i : I) : SV_Target { return (i > 0 ? t0 : t1).Sample(s, uv); }
"#,
    );
    assert!(e.starts_with("E3020"), "{e}");
    assert!(e.contains("Result type cannot be OpTypeImage"), "{e}");
}

#[test]
fn run_time_conditional_of_samplers_is_dxcs_failure() {
    let e = pixel_errors(
        r#"
Texture2D t; SamplerState s0, s1;
float4 main(float2 uv : TEXCOORD, int i : I) : SV_Target { return t.Sample(i > 0 ? s0 : s1, uv); }
"#,
    );
    assert!(e.starts_with("E3020"), "{e}");
    assert!(e.contains("Result type cannot be OpTypeSampler"), "{e}");
}

#[test]
fn constant_conditional_of_textures_names_the_arm() {
    // A condition known at compile time picks `t1` (@g2, binding 1); `t0` is not declared.
    check_pixel(
        r#"
static const bool UseFirst = false;
Texture2D t0, t1; SamplerState s;
float4 main(float2 uv : TEXCOORD) : SV_Target { return (UseFirst ? t0 : t1).Sample(s, uv); }
"#,
        expect![[r#"
            @g0 = input float2 location(0) ; in.TEXCOORD
            @g1 = output float4 location(0) ; out.SV_Target
            @g2 = resource uniform_constant Texture2D<float4> set(0) binding(1) ; t1
            @g3 = resource uniform_constant SamplerState set(0) binding(2) ; s

            func @main_body(%arg0: float2) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float2> ; uv
              store %0, %arg0
              %1 = load %0 : float2
              %2 = texture_sample @g2, @g3, %1 : float4
              ret %2
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : float2
              %1 = call @main_body(%0) : float4
              store @g1, %1
              ret
            }

            entry pixel "main" @main inputs(@g0) outputs(@g1)
        "#]],
    );
}

// ---- `static` locals holding resources written in the entry ----

const STATIC_LOCAL_WRITTEN: &str = r#"
RWStructuredBuffer<uint> A : register(u0);
RWStructuredBuffer<uint> B : register(u1);
struct Target { RWStructuredBuffer<uint> buf; uint n; };
[numthreads(1, 1, 1)]
void main() {
    static Target t;
    t.buf = A;
    t.buf[t.n] = 5;
    t.n += 1;
    t.buf = B;
    t.buf[t.n] = 7;
    t.n += 1;
    A[1] = t.n;
}
"#;

#[test]
fn static_local_struct_rebound_in_the_entry() {
    // The entry runs once per invocation: `t` is a split local whose data part is the
    // private global `main_body.t` (as any `static` local's), its buffer rebound like a local's.
    check(
        STATIC_LOCAL_WRITTEN,
        expect![[r#"
        struct Target { uint n; }

        @g0 = private Target ; main_body.t
        @g1 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; A
        @g2 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(1) layout(relaxed_std430) ; B

        func @main_body() -> void {
        bb0: ; (entry)
          %0 = access_chain @g0, 0:int : ptr<private, uint>
          %1 = load %0 : uint
          %2 = access_chain @g1, %1 : ptr<storage_buffer, uint>
          store %2, 5:uint
          %3 = access_chain @g0, 0:int : ptr<private, uint>
          %4 = load %3 : uint
          %5 = add %4, 1:uint : uint
          store %3, %5
          %6 = access_chain @g0, 0:int : ptr<private, uint>
          %7 = load %6 : uint
          %8 = access_chain @g2, %7 : ptr<storage_buffer, uint>
          store %8, 7:uint
          %9 = access_chain @g0, 0:int : ptr<private, uint>
          %10 = load %9 : uint
          %11 = add %10, 1:uint : uint
          store %9, %11
          %12 = access_chain @g1, 1:int : ptr<storage_buffer, uint>
          %13 = access_chain @g0, 0:int : ptr<private, uint>
          %14 = load %13 : uint
          store %12, %14
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
fn static_local_struct_rebound_in_the_entry_run() {
    // t.n starts at 0: A[0] = 5, B[1] = 7, A[1] = 2.
    let out = run_u32(STATIC_LOCAL_WRITTEN, vec![vec![0, 0], vec![0, 0]]);
    assert_eq!(out, [vec![5, 2], vec![0, 7]]);
}

#[test]
fn static_local_struct_with_an_initializer_in_the_entry() {
    check_pixel(
        r#"
Texture2D t0, t1; SamplerState s;
struct P { Texture2D t; float k; };
float4 main(float2 uv : TEXCOORD) : SV_Target { static P p = { t0, 2 }; p.t = t1; p.k += 1; return p.t.Sample(s, uv) * p.k; }
"#,
        expect![[r#"
            struct P { float k; }

            @g0 = input float2 location(0) ; in.TEXCOORD
            @g1 = output float4 location(0) ; out.SV_Target
            @g2 = private P ; main_body.p
            @g3 = resource uniform_constant Texture2D<float4> set(0) binding(0) ; t0
            @g4 = resource uniform_constant Texture2D<float4> set(0) binding(1) ; t1
            @g5 = resource uniform_constant SamplerState set(0) binding(2) ; s

            func @main_body(%arg0: float2) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float2> ; uv
              store %0, %arg0
              %1 = access_chain @g2, 0:int : ptr<private, float>
              store %1, 2.0:float
              %2 = access_chain @g2, 0:int : ptr<private, float>
              %3 = load %2 : float
              %4 = add %3, 1.0:float : float
              store %2, %4
              %5 = load %0 : float2
              %6 = texture_sample @g4, @g5, %5 : float4
              %7 = access_chain @g2, 0:int : ptr<private, float>
              %8 = load %7 : float
              %9 = composite_construct %8, %8, %8, %8 : float4
              %10 = mul %6, %9 : float4
              ret %10
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : float2
              %1 = call @main_body(%0) : float4
              store @g1, %1
              ret
            }

            entry pixel "main" @main inputs(@g0) outputs(@g1)
        "#]],
    );
}

#[test]
fn static_local_struct_rebound_inside_a_loop_is_refused() {
    // Reached again on the next iteration, it would keep the resources of the last one.
    let e = common::lower_errors(
        r#"
RWStructuredBuffer<uint> A : register(u0);
RWStructuredBuffer<uint> B : register(u1);
struct Target { RWStructuredBuffer<uint> buf; uint n; };
[numthreads(1, 1, 1)]
void main() {
    for (uint i = 0; i < 2; i++) { static Target t; t.buf = i == 0 ? A : B; t.buf[0] = i; }
}
"#,
    );
    assert!(
        e.starts_with("E3001") && e.contains("declared inside a loop"),
        "{e}"
    );
}

// ---- A `static` resource assigned in several functions: its resource flows through calls ----

const STATIC_SETTERS: &str = r#"
Texture2D t0, t1; SamplerState s;
static Texture2D st;
void a() { st = t0; }
void b() { st = t1; }
void ab() { a(); b(); }
float4 get(float2 uv) { return st.Sample(s, uv); }
float4 main(float2 uv : TEXCOORD) : SV_Target { a(); float4 x = get(uv); ab(); x += get(uv); b(); return x + st.Sample(s, uv); }
"#;

#[test]
fn static_resource_flowing_through_calls() {
    // Each call gets the copy for what `st` holds there: `get` after `a()` samples `t0`
    // (@g2), `get.1` after `ab()` samples `t1` (@g3); `ab` calls `a` and `b` given `t0`
    // (`a.1`, `b`), and `b.1` is `b` given `t1`. The copies have nothing left to do.
    check_pixel(
        STATIC_SETTERS,
        expect![[r#"
        @g0 = input float2 location(0) ; in.TEXCOORD
        @g1 = output float4 location(0) ; out.SV_Target
        @g2 = resource uniform_constant Texture2D<float4> set(0) binding(0) ; t0
        @g3 = resource uniform_constant Texture2D<float4> set(0) binding(1) ; t1
        @g4 = resource uniform_constant SamplerState set(0) binding(2) ; s

        func @main_body(%arg0: float2) -> float4 {
        bb0: ; (entry)
          %0 = alloca : ptr<function, float2> ; uv
          %1 = alloca : ptr<function, float4> ; x
          store %0, %arg0
          call @a()
          %2 = load %0 : float2
          %3 = call @get(%2) : float4
          store %1, %3
          call @ab()
          %4 = load %1 : float4
          %5 = load %0 : float2
          %6 = call @get.1(%5) : float4
          %7 = add %4, %6 : float4
          store %1, %7
          call @b.1()
          %8 = load %1 : float4
          %9 = load %0 : float2
          %10 = texture_sample @g3, @g4, %9 : float4
          %11 = add %8, %10 : float4
          ret %11
        }

        func @main() -> void {
        bb0: ; (entry)
          %0 = load @g0 : float2
          %1 = call @main_body(%0) : float4
          store @g1, %1
          ret
        }

        func @a() -> void {
        bb0: ; (entry)
          ret
        }

        func @get(%arg0: float2) -> float4 {
        bb0: ; (entry)
          %0 = alloca : ptr<function, float2> ; uv
          store %0, %arg0
          %1 = load %0 : float2
          %2 = texture_sample @g2, @g4, %1 : float4
          ret %2
        }

        func @ab() -> void {
        bb0: ; (entry)
          call @a.1()
          call @b()
          ret
        }

        func @a.1() -> void {
        bb0: ; (entry)
          ret
        }

        func @b() -> void {
        bb0: ; (entry)
          ret
        }

        func @get.1(%arg0: float2) -> float4 {
        bb0: ; (entry)
          %0 = alloca : ptr<function, float2> ; uv
          store %0, %arg0
          %1 = load %0 : float2
          %2 = texture_sample @g3, @g4, %1 : float4
          ret %2
        }

        func @b.1() -> void {
        bb0: ; (entry)
          ret
        }

        entry pixel "main" @main inputs(@g0) outputs(@g1)
    "#]],
    );
}

const STATIC_BUFFER_FLOW: &str = r#"
RWStructuredBuffer<uint> Out : register(u0);
StructuredBuffer<uint> A : register(t1);
StructuredBuffer<uint> B : register(t2);
static StructuredBuffer<uint> cur = A;
void useB() { cur = B; }
void useA() { cur = A; }
uint read(uint i) { return cur[i]; }
[numthreads(2, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint x = read(id.x);
    useB();
    x = x * 100 + read(id.x);
    useA();
    Out[id.x] = x * 100 + read(id.x);
}
"#;

#[test]
fn static_buffer_flowing_through_calls_run() {
    // A = {1, 2}, B = {3, 4}; thread k: A[k] * 10000 + B[k] * 100 + A[k].
    let out = run_u32(STATIC_BUFFER_FLOW, vec![vec![0, 0], vec![1, 2], vec![3, 4]]);
    assert_eq!(out[0], vec![10301, 20402]);
}

#[test]
fn static_resource_chosen_by_run_time_calls_is_e3020_at_the_use() {
    let e = pixel_errors(
        r#"
Texture2D t0, t1; SamplerState s;
static Texture2D st;
void a() { st = t0; }
void b() { st = t1; }
float4 main(float2 uv : TEXCOORD, int i : I) : SV_Target { if (i > 0) a(); else b(); return st.Sample(s, uv); }
"#,
    );
    assert!(
        e.starts_with("E3020") && e.contains("run-time control flow"),
        "{e}"
    );
}

#[test]
fn static_resource_left_by_run_time_control_flow_is_e3020() {
    let e = pixel_errors(
        r#"
Texture2D t0, t1; SamplerState s;
static Texture2D st = t1;
void pick(int i) { if (i > 0) st = t0; }
float4 main(float2 uv : TEXCOORD, int i : I) : SV_Target { pick(i); return st.Sample(s, uv); }
"#,
    );
    // `pick` leaves `t0` or `t1` by a run-time condition: the use after the call is DXC's
    // legalization failure.
    assert!(
        e.starts_with("E3020") && e.contains("run-time control flow"),
        "{e}"
    );
}

// ---- Resources rebound inside loops ----

const LOOP_REBINDS: &str = r#"
RWStructuredBuffer<uint> Out : register(u0);
StructuredBuffer<uint> A : register(t1);
StructuredBuffer<uint> B : register(t2);
[numthreads(1, 1, 1)]
void main() {
    uint x = 0;
    StructuredBuffer<uint> cur;
    for (uint k = 0; k < 3; k++) {
        cur = A;
        x = x * 10 + cur[k];
        cur = B;
        x = x * 10 + cur[k];
    }
    Out[0] = x;
}
"#;

#[test]
fn resource_rebound_before_each_use_in_a_loop() {
    // Each use sees what the same iteration assigned: the loop is lowered again from the
    // merge of the entry's and the body end's bindings (`resource_loops`), where `cur` is a
    // conflict no use reads.
    check(
        LOOP_REBINDS,
        expect![[r#"
        @g0 = resource storage_buffer StructuredBuffer<uint> set(0) binding(1) layout(relaxed_std430) ; A
        @g1 = resource storage_buffer StructuredBuffer<uint> set(0) binding(2) layout(relaxed_std430) ; B
        @g2 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; Out

        func @main_body() -> void {
        bb0: ; (entry)
          %0 = alloca : ptr<function, uint> ; x
          %1 = alloca : ptr<function, uint> ; k
          store %0, 0:uint
          store %1, 0:uint
          br bb1
        bb1: ; loop merge=bb5 continue=bb4 (loop.header)
          br bb2
        bb2: ; (loop.check)
          %2 = load %1 : uint
          %3 = lt %2, 3:uint : bool
          cond_br %3, bb3, bb5
        bb3: ; (loop.body)
          %4 = load %0 : uint
          %5 = mul %4, 10:uint : uint
          %6 = load %1 : uint
          %7 = access_chain @g0, %6 : ptr<storage_buffer, uint>
          %8 = load %7 : uint
          %9 = add %5, %8 : uint
          store %0, %9
          %10 = load %0 : uint
          %11 = mul %10, 10:uint : uint
          %12 = load %1 : uint
          %13 = access_chain @g1, %12 : ptr<storage_buffer, uint>
          %14 = load %13 : uint
          %15 = add %11, %14 : uint
          store %0, %15
          br bb4
        bb4: ; (loop.continue)
          %16 = load %1 : uint
          %17 = add %16, 1:uint : uint
          store %1, %17
          br bb1
        bb5: ; (loop.merge)
          %18 = access_chain @g2, 0:int : ptr<storage_buffer, uint>
          %19 = load %0 : uint
          store %18, %19
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
fn resource_rebound_before_each_use_in_a_loop_run() {
    // A = {1, 2, 3}, B = {4, 5, 6}: the digits 1 4 2 5 3 6.
    let out = run_u32(LOOP_REBINDS, vec![vec![0], vec![1, 2, 3], vec![4, 5, 6]]);
    assert_eq!(out[0], vec![142536]);
}

const LOOP_STATIC_SETTERS: &str = r#"
RWStructuredBuffer<uint> Out : register(u0);
StructuredBuffer<uint> A : register(t1);
StructuredBuffer<uint> B : register(t2);
static StructuredBuffer<uint> cur;
void useA() { cur = A; }
void useB() { cur = B; }
uint read(uint i) { return cur[i]; }
[numthreads(1, 1, 1)]
void main() {
    uint x = 0;
    for (uint k = 0; k < 2; k++) {
        useA();
        x = x * 10 + read(k);
        useB();
        x = x * 10 + read(k);
    }
    Out[0] = x;
}
"#;

#[test]
fn static_setters_called_in_a_loop_run() {
    // A = {1, 2}, B = {3, 4}: the digits 1 3 2 4.
    let out = run_u32(LOOP_STATIC_SETTERS, vec![vec![0], vec![1, 2], vec![3, 4]]);
    assert_eq!(out[0], vec![1324]);
}

#[test]
fn resource_read_before_its_rebinding_in_a_loop_is_e3020() {
    // The second iteration's first use would see `t1`, the first's `t0`.
    let e = pixel_errors(
        r#"
Texture2D t0, t1; SamplerState s;
float4 main(float2 uv : TEXCOORD, int n : I) : SV_Target {
    float4 x = 0;
    Texture2D t = t0;
    for (int k = 0; k < n; k++) { x += t.Sample(s, uv); t = t1; }
    return x;
}
"#,
    );
    assert!(
        e.starts_with("E3020") && e.contains("run-time control flow"),
        "{e}"
    );
}

#[test]
fn resource_used_after_a_loop_that_rebinds_it_is_e3020() {
    // After the loop it is `t0` (no iteration) or `t1`.
    let e = pixel_errors(
        r#"
Texture2D t0, t1; SamplerState s;
float4 main(float2 uv : TEXCOORD, int n : I) : SV_Target {
    float4 x = 0;
    Texture2D t = t0;
    for (int k = 0; k < n; k++) { t = t1; x += t.Sample(s, uv); }
    return x + t.Sample(s, uv);
}
"#,
    );
    assert!(
        e.starts_with("E3020") && e.contains("run-time control flow"),
        "{e}"
    );
}

#[test]
fn static_resource_local_reassigned_in_the_entry() {
    // A `static` resource local of a function no function calls is a resource local:
    // `t0` (@g2), then `t1` (@g4).
    check_pixel(
        r#"
Texture2D t0, t1; SamplerState s;
float4 main(float2 uv : TEXCOORD) : SV_Target { static Texture2D lt = t0; float4 a = lt.Sample(s, uv); lt = t1; return a + lt.Sample(s, uv); }
"#,
        expect![[r#"
            @g0 = input float2 location(0) ; in.TEXCOORD
            @g1 = output float4 location(0) ; out.SV_Target
            @g2 = resource uniform_constant Texture2D<float4> set(0) binding(0) ; t0
            @g3 = resource uniform_constant SamplerState set(0) binding(2) ; s
            @g4 = resource uniform_constant Texture2D<float4> set(0) binding(1) ; t1

            func @main_body(%arg0: float2) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float2> ; uv
              %1 = alloca : ptr<function, float4> ; a
              store %0, %arg0
              %2 = load %0 : float2
              %3 = texture_sample @g2, @g3, %2 : float4
              store %1, %3
              %4 = load %1 : float4
              %5 = load %0 : float2
              %6 = texture_sample @g4, @g3, %5 : float4
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
        "#]],
    );
}

const STRUCT_STATIC_SETTER: &str = r#"
RWStructuredBuffer<uint> Out : register(u0);
StructuredBuffer<uint> A : register(t1);
StructuredBuffer<uint> B : register(t2);
struct Src { StructuredBuffer<uint> buf; uint scale; };
static Src gSrc = { A, 10 };
void useB() { gSrc.buf = B; gSrc.scale = 100; }
uint read(uint i) { return gSrc.buf[i] * gSrc.scale; }
[numthreads(2, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint x = read(id.x);
    useB();
    Out[id.x] = x + read(id.x);
}
"#;

#[test]
fn struct_static_rebound_in_a_called_function_run() {
    // The struct static's buffer slot flows through calls like a plain static's resource;
    // its data part is the private global. A = {1, 2}, B = {3, 4}: thread k reads
    // A[k] * 10 + B[k] * 100.
    let out = run_u32(
        STRUCT_STATIC_SETTER,
        vec![vec![0, 0], vec![1, 2], vec![3, 4]],
    );
    assert_eq!(out[0], vec![310, 420]);
}
