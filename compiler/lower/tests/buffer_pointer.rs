//! Snapshot tests of `vk::BufferPointer<T, A>`: values of IR type `bufptr<T, A>` in push
//! constants, cbuffers, locals and parameters; `p.Get()` read and written whole through
//! `vk::BufferPointer::Load`/`Store`; a member of it read from the loaded value; a write to a
//! part of it refused (E3001). Each dump verified.

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
        struct Push { bufptr<Pair, 8> pair; }
        struct Pair { float a; uint b; }

        @g0 = push_constant Push layout(relaxed_std430) ; pc

        func @main_body() -> void {
        bb0: ; (entry)
          %0 = alloca : ptr<function, float> ; a
          %1 = access_chain @g0, 0:int : ptr<push_constant, bufptr<Pair, 8>>
          %2 = load %1 : bufptr<Pair, 8>
          %3 = call_intrinsic vk::BufferPointer::Load(%2) : Pair
          %4 = composite_extract %3, [0] : float
          store %0, %4
          %5 = access_chain @g0, 0:int : ptr<push_constant, bufptr<Pair, 8>>
          %6 = load %5 : bufptr<Pair, 8>
          call @twice(%6)
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
fn writing_part_of_the_pointee_is_not_supported_yet() {
    let errors = common::lower_errors(
        r#"
struct S { float4 v; int n; };
vk::BufferPointer<S> P;
[numthreads(1, 1, 1)]
void main() { P.Get().n = 1; P.Get().v.x = 2; }
"#,
    );
    expect!["E3001 92..101: not supported yet: writing a member, element or component of `vk::BufferPointer::Get()` (assign the whole value)"]
    .assert_eq(&errors);
}
