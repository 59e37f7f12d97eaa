//! Snapshot tests of `vk::BufferPointer<T, A>`: values of IR type `bufptr<T, A>` in push
//! constants, cbuffers, locals and parameters; `p.Get()` read and written whole through
//! `vk::BufferPointer::Load`/`Store`; a member or element read or written alone, with its
//! access path; a component write refused (E3001). Each dump verified.

mod common;

use expect_test::expect;

#[test]
fn get_reads_and_writes_the_whole_pointee() {
    let dump = common::dump(
        r#"
struct Pair { float a; uint b; };
struct Push { vk::BufferPointer<Pair, 8> pair; };
[[vk::push_constant]] Push pc;
void twice(vk::BufferPointer<Pair, 8> p) { Pair v = p.Get(); v.a *= 2; p.Get() = v; }
[numthreads(1, 1, 1)]
void main() {
    float a = pc.pair.Get().a;
    twice(pc.pair);
}
"#,
    );
    expect![[r#"
        struct Pair { float a; uint b; }
        struct Push { bufptr<Pair, 8> pair; }

        @g0 = push_constant Push layout(relaxed_std430) ; pc

        func @main_body() -> void {
        bb0: ; (entry)
          %0 = alloca : ptr<function, float> ; a
          %1 = access_chain @g0, 0:int : ptr<push_constant, bufptr<Pair, 8>>
          %2 = load %1 : bufptr<Pair, 8>
          %3 = call_intrinsic vk::BufferPointer::Load(%2, 0:int) : float
          store %0, %3
          %4 = access_chain @g0, 0:int : ptr<push_constant, bufptr<Pair, 8>>
          %5 = load %4 : bufptr<Pair, 8>
          call @twice(%5)
          ret
        }

        func @main() -> void {
        bb0: ; (entry)
          call @main_body()
          ret
        }

        func @twice(%arg0: bufptr<Pair, 8>) -> void {
        bb0: ; (entry)
          %0 = alloca : ptr<function, bufptr<Pair, 8>> ; p
          %1 = alloca : ptr<function, Pair> ; v
          store %0, %arg0
          %2 = load %0 : bufptr<Pair, 8>
          %3 = call_intrinsic vk::BufferPointer::Load(%2) : Pair
          store %1, %3
          %4 = access_chain %1, 0:int : ptr<function, float>
          %5 = load %4 : float
          %6 = mul %5, 2.0:float : float
          store %4, %6
          %7 = load %0 : bufptr<Pair, 8>
          %8 = load %1 : Pair
          call_intrinsic vk::BufferPointer::Store(%7, %8)
          ret
        }

        entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
    "#]]
    .assert_eq(&dump);
}

#[test]
fn default_alignment_is_the_pointees_storage_buffer_alignment() {
    // Under relaxed std430: float 4, float3 16, double2 16, a struct of its largest member.
    let dump = common::dump(
        r#"
struct S { float x; double2 d; };
cbuffer C { vk::BufferPointer<float> f; vk::BufferPointer<float3> v; vk::BufferPointer<S> s; };
RWStructuredBuffer<float> Out;
[numthreads(1, 1, 1)]
void main() { Out[0] = f.Get() + v.Get().y + (float)s.Get().d.x; }
"#,
    );
    assert!(dump.contains("bufptr<float, 4> f;"), "{dump}");
    assert!(dump.contains("bufptr<float3, 16> v;"), "{dump}");
    assert!(dump.contains("bufptr<S, 16> s;"), "{dump}");
}

#[test]
fn compound_assignment_through_get_loads_then_stores() {
    let dump = common::dump(
        r#"
vk::BufferPointer<uint> Counter;
[numthreads(1, 1, 1)]
void main() { Counter.Get() += 3; }
"#,
    );
    let load = dump.find("vk::BufferPointer::Load").expect("a load");
    let store = dump.find("vk::BufferPointer::Store").expect("a store");
    assert!(load < store, "{dump}");
    assert!(dump.contains("add %"), "{dump}");
}

#[test]
fn member_and_element_writes_extend_the_access_path() {
    let dump = common::dump(
        r#"
struct S { float4 v; int n[2]; };
vk::BufferPointer<S> P;
[numthreads(1, 1, 1)]
void main(uint i : SV_GroupIndex) { P.Get().n[i] = 1; P.Get().v = 2; }
"#,
    );
    // Member 1 (n), element i; member 0 (v).
    expect![[r#"
        struct S { float4 v; array<int, 2> n; }
        struct type.$Globals { bufptr<S, 16> P; }

        @g0 = input uint builtin(LocalInvocationIndex) ; SV_GroupIndex
        @g1 = resource uniform ConstantBuffer<type.$Globals> set(0) binding(0) layout(relaxed_std140) ; $Globals

        func @main_body(%arg0: uint) -> void {
        bb0: ; (entry)
          %0 = alloca : ptr<function, uint> ; i
          store %0, %arg0
          %1 = access_chain @g1, 0:int : ptr<uniform, bufptr<S, 16>>
          %2 = load %1 : bufptr<S, 16>
          %3 = load %0 : uint
          call_intrinsic vk::BufferPointer::Store(%2, 1:int, 1:int, %3)
          %4 = access_chain @g1, 0:int : ptr<uniform, bufptr<S, 16>>
          %5 = load %4 : bufptr<S, 16>
          call_intrinsic vk::BufferPointer::Store(%5, {2.0, 2.0, 2.0, 2.0}:float4, 0:int)
          ret
        }

        func @main() -> void {
        bb0: ; (entry)
          %0 = load @g0 : uint ; i
          call @main_body(%0)
          ret
        }

        entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
    "#]]
    .assert_eq(&dump);
}

#[test]
fn writing_components_behind_a_pointer_is_not_supported_yet() {
    let errors = common::lower_errors(
        r#"
struct S { float4 v; int n; };
vk::BufferPointer<S> P;
[numthreads(1, 1, 1)]
void main() { P.Get().v.x = 2; }
"#,
    );
    expect!["E3001 92..103: not supported yet: writing components of a vector or matrix behind a vk::BufferPointer (assign the whole vector or matrix)"]
    .assert_eq(&errors);
}

#[test]
fn a_pointer_cast_to_bool_tests_for_null() {
    let dump = common::dump(
        r#"
[[vk::push_constant]] struct { vk::BufferPointer<uint> p; } pc;
RWStructuredBuffer<uint> Out;
[numthreads(1, 1, 1)]
void main() { Out[0] = (bool)pc.p ? 1 : 0; }
"#,
    );
    assert!(dump.contains(" = bitcast %"), "{dump}");
    assert!(dump.contains(", 0:uint64_t : bool"), "{dump}");
}

#[test]
fn the_interpreter_refuses_buffer_pointer_accesses() {
    // No device memory behind addresses: running the kernel says so, nothing panics.
    use interp::{dispatch, Bindings, Program, ProgramOptions, RunOptions};
    let m = common::lower(
        r#"
[[vk::push_constant]] struct { vk::BufferPointer<uint> p; } pc;
[numthreads(1, 1, 1)]
void main() { pc.p.Get() = 1; }
"#,
    );
    let result = Program::new(&m, "main", &ProgramOptions::default()).and_then(|program| {
        let mut bindings = Bindings::new(&program);
        dispatch(
            &program,
            &mut bindings,
            [1, 1, 1],
            &RunOptions::default(),
            None,
        )
    });
    let err = result.map(|_| ()).unwrap_err();
    expect!["unsupported: vk::BufferPointer::Store (buffer pointer accesses are not supported yet: the interpreter has no device addresses)"].assert_eq(&err.to_string());
}
