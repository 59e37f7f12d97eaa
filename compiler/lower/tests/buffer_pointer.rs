//! Snapshot tests of `vk::BufferPointer<T, A>`: values of IR type `bufptr<T, A>` in push
//! constants, cbuffers, locals and parameters; `p.Get()` read and written whole through
//! `vk::BufferPointer::Load`/`Store`; a member or element read or written alone, with its
//! access path, a vector component too; atomics on a scalar behind the pointer; a matrix
//! element write refused (E3001); the pointee layout under the layout flags. Each dump
//! verified.

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
cbuffer CBCounter { vk::BufferPointer<uint> Counter; };
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
cbuffer CBP { vk::BufferPointer<S> P; };
[numthreads(1, 1, 1)]
void main(uint i : SV_GroupIndex) { P.Get().n[i] = 1; P.Get().v = 2; }
"#,
    );
    // Member 1 (n), element i; member 0 (v).
    expect![[r#"
        struct S { float4 v; array<int, 2> n; }
        struct type.CBP { bufptr<S, 16> P; }

        @g0 = input uint builtin(LocalInvocationIndex) ; SV_GroupIndex
        @g1 = resource uniform ConstantBuffer<type.CBP> set(0) binding(0) layout(relaxed_std140) ; CBP

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
fn component_writes_end_the_access_path_with_the_component() {
    let dump = common::dump(
        r#"
struct S { float4 v; int n; };
cbuffer CBP { vk::BufferPointer<S> P; };
[numthreads(1, 1, 1)]
void main(uint i : SV_GroupIndex) { P.Get().v.y = 2; P.Get().v[i] = 3; P.Get().v.wx = float2(4, 5); }
"#,
    );
    // `.y`: member 0 (v), component 1; `[i]`: component i; `.wx`: component 3 then 0, each
    // stored alone with its part of the value.
    expect![[r#"
        struct S { float4 v; int n; }
        struct type.CBP { bufptr<S, 16> P; }

        @g0 = input uint builtin(LocalInvocationIndex) ; SV_GroupIndex
        @g1 = resource uniform ConstantBuffer<type.CBP> set(0) binding(0) layout(relaxed_std140) ; CBP

        func @main_body(%arg0: uint) -> void {
        bb0: ; (entry)
          %0 = alloca : ptr<function, uint> ; i
          store %0, %arg0
          %1 = access_chain @g1, 0:int : ptr<uniform, bufptr<S, 16>>
          %2 = load %1 : bufptr<S, 16>
          call_intrinsic vk::BufferPointer::Store(%2, 2.0:float, 0:int, 1:int)
          %3 = access_chain @g1, 0:int : ptr<uniform, bufptr<S, 16>>
          %4 = load %3 : bufptr<S, 16>
          %5 = load %0 : uint
          call_intrinsic vk::BufferPointer::Store(%4, 3.0:float, 0:int, %5)
          %6 = access_chain @g1, 0:int : ptr<uniform, bufptr<S, 16>>
          %7 = load %6 : bufptr<S, 16>
          %8 = composite_construct 4.0:float, 5.0:float : float2
          %9 = composite_extract %8, [0] : float
          call_intrinsic vk::BufferPointer::Store(%7, %9, 0:int, 3:int)
          %10 = composite_extract %8, [1] : float
          call_intrinsic vk::BufferPointer::Store(%7, %10, 0:int, 0:int)
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
fn matrix_elements_behind_a_pointer_extend_the_path_with_row_and_column() {
    // `m._m01` and `m[1][0]` end the path with the row and the column; `m[1]` with the
    // row; `m._m00_m11` is two element stores (`device_memory.rs` runs them).
    let dump = common::dump(
        r#"
struct S { float2x2 m; };
cbuffer CBP { vk::BufferPointer<S> P; };
[numthreads(1, 1, 1)]
void main() { P.Get().m._m01 = 2; P.Get().m[1][0] = 3; P.Get().m[1] = 4; P.Get().m._m00_m11 = 5; }
"#,
    );
    let body: Vec<&str> = dump
        .lines()
        .skip_while(|l| !l.starts_with("func @main_body"))
        .take_while(|l| *l != "}")
        .filter(|l| l.contains("Store"))
        .map(str::trim)
        .collect();
    expect![[r#"
          call_intrinsic vk::BufferPointer::Store(%1, 2.0:float, 0:int, 0:int, 1:int)
          call_intrinsic vk::BufferPointer::Store(%3, 3.0:float, 0:int, 1:int, 0:int)
          call_intrinsic vk::BufferPointer::Store(%5, {4.0, 4.0}:float2, 0:int, 1:int)
          call_intrinsic vk::BufferPointer::Store(%7, %8, 0:int, 0:int, 0:int)
          call_intrinsic vk::BufferPointer::Store(%7, %9, 0:int, 1:int, 1:int)"#]]
    .assert_eq(&body.join("\n"));
}

#[test]
fn elements_of_one_row_and_one_column_matrices_keep_the_row_and_column_path() {
    // A `float1x3` or `float3x1` is stored as a vector; the IR path is still the row and the
    // column (the backend maps it onto the vector's component); `m[0]` of a `float1x3` is
    // the whole row, `m[2]` of a `float3x1` one `float1`.
    let dump = common::dump(
        r#"
struct S { float1x3 a; float3x1 b; };
cbuffer CBP { vk::BufferPointer<S> P; };
cbuffer CBQ { vk::BufferPointer<float1x3> Q; };
[numthreads(1, 1, 1)]
void main() { P.Get().a[0][1] = 2; P.Get().a._m02 = 3; P.Get().b[2] = 4; P.Get().b._m10 = 5; Q.Get()[0] = 6; }
"#,
    );
    let body: Vec<&str> = dump
        .lines()
        .skip_while(|l| !l.starts_with("func @main_body"))
        .take_while(|l| *l != "}")
        .filter(|l| l.contains("Store"))
        .map(str::trim)
        .collect();
    expect![[r#"
        call_intrinsic vk::BufferPointer::Store(%1, 2.0:float, 0:int, 0:int, 1:int)
        call_intrinsic vk::BufferPointer::Store(%3, 3.0:float, 0:int, 0:int, 2:int)
        call_intrinsic vk::BufferPointer::Store(%5, {4.0}:float1, 1:int, 2:int)
        call_intrinsic vk::BufferPointer::Store(%7, 5.0:float, 1:int, 1:int, 0:int)
        call_intrinsic vk::BufferPointer::Store(%9, {6.0, 6.0, 6.0}:float3, 0:int)"#]]
    .assert_eq(&body.join("\n"));
}

#[test]
fn atomics_behind_a_pointer_name_the_scalar_by_its_access_path() {
    let dump = common::dump(
        r#"
struct Counters { uint hits; int bins[4]; };
[[vk::push_constant]] struct { vk::BufferPointer<Counters> c; vk::BufferPointer<uint> u; } pc;
RWStructuredBuffer<int> Out;
[numthreads(1, 1, 1)]
void main(uint i : SV_GroupIndex) {
    InterlockedAdd(pc.c.Get().hits, 1);
    int old;
    InterlockedMax(pc.c.Get().bins[i], 5, old);
    Out[0] = old;
    uint was;
    InterlockedCompareExchange(pc.u.Get(), 0, 7, was);
}
"#,
    );
    expect![[r#"
        struct Counters { uint hits; array<int, 4> bins; }
        struct (anonymous struct #3) { bufptr<Counters, 4> c; bufptr<uint, 4> u; }

        @g0 = input uint builtin(LocalInvocationIndex) ; SV_GroupIndex
        @g1 = push_constant (anonymous struct #3) layout(relaxed_std430) ; pc
        @g2 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

        func @main_body(%arg0: uint) -> void {
        bb0: ; (entry)
          %0 = alloca : ptr<function, uint> ; i
          %1 = alloca : ptr<function, int> ; old
          %2 = alloca : ptr<function, uint> ; was
          store %0, %arg0
          %3 = access_chain @g1, 0:int : ptr<push_constant, bufptr<Counters, 4>>
          %4 = load %3 : bufptr<Counters, 4>
          %5 = atomic_rmw add %4, 0:int, 1:uint : uint
          %6 = access_chain @g1, 0:int : ptr<push_constant, bufptr<Counters, 4>>
          %7 = load %6 : bufptr<Counters, 4>
          %8 = load %0 : uint
          %9 = atomic_rmw max %7, 1:int, %8, 5:int : int
          store %1, %9
          %10 = access_chain @g2, 0:int : ptr<storage_buffer, int>
          %11 = load %1 : int
          store %10, %11
          %12 = access_chain @g1, 1:int : ptr<push_constant, bufptr<uint, 4>>
          %13 = load %12 : bufptr<uint, 4>
          %14 = atomic_compare_exchange %13, 0:uint, 7:uint : uint
          store %2, %14
          ret
        }

        func @main() -> void {
        bb0: ; (entry)
          %0 = load @g0 : uint ; i
          call @main_body(%0)
          ret
        }

        entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
    "#]].assert_eq(&dump);
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
fn the_interpreter_reports_a_null_pointer_access() {
    // Nothing binds the push constant, so the pointer reads as 0, which no device buffer
    // holds (`device_memory.rs` runs pointers to real buffers): an error, not a panic.
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
    expect![
        "invocation [0, 0, 0] of group [0, 0, 0]: device address 0x0: no device buffer holds it"
    ]
    .assert_eq(&err.to_string());
}

#[test]
fn the_layout_flags_lay_out_pointees_as_storage_buffers() {
    use std::sync::Arc;
    let text = r#"
struct S { float3 a; float b; };
[[vk::push_constant]] struct { vk::BufferPointer<S> p; } pc;
[numthreads(1, 1, 1)]
void main() { pc.p.Get().b = 1; }
"#;
    let rules = |layout| {
        let mut db = db::RootDatabase::new(Arc::new(db::NoSource));
        let file = db.set_file_text("/test.hlsl", Some(text.into()));
        let config = db.new_config(db::PreprocessConfig::default());
        let options = lower::LowerOptions {
            layout,
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
        .expect("lowers");
        m.buffer_pointer_layout.map(types::LayoutRules::name)
    };
    // Storage-buffer rules of each flag (DXC's `-fvk-use-dx-layout` lays storage buffers out
    // as D3D packs structured buffers: the scalar rules with struct sizes padded to their
    // alignment); none recorded for the default, relaxed std430.
    assert_eq!(rules(lower::LayoutChoice::VectorRelaxed), None);
    assert_eq!(rules(lower::LayoutChoice::Gl), Some("std430"));
    assert_eq!(rules(lower::LayoutChoice::Dx), Some("dx_structured"));
    assert_eq!(rules(lower::LayoutChoice::Scalar), Some("scalar"));
}

#[test]
fn aliased_pointer_declarations_are_marked() {
    let dump = common::dump(
        r#"
struct S { float v; };
[[vk::push_constant]] struct { vk::BufferPointer<S> a; } pc;
[[vk::aliased_pointer]] static vk::BufferPointer<S> g = vk::BufferPointer<S>(0);
void f([[vk::aliased_pointer]] vk::BufferPointer<S> q, vk::BufferPointer<S> r) {
    q.Get().v = r.Get().v;
}
[numthreads(1, 1, 1)]
void main() {
    [[vk::aliased_pointer]] vk::BufferPointer<S> p = pc.a;
    [[vk::restrict_pointer]] vk::BufferPointer<S> s = pc.a;
    g = p;
    f(p, s);
}
"#,
    );
    // g, q (argument and alloca) and p are aliased; r and s stay restrict.
    expect![[r#"
        struct S { float v; }
        struct (anonymous struct #2) { bufptr<S, 4> a; }

        @g0 = push_constant (anonymous struct #2) layout(relaxed_std430) ; pc
        @g1 = private bufptr<S, 4> aliased_pointer ; g

        func @main_body() -> void {
        bb0: ; (entry)
          %0 = alloca aliased_pointer : ptr<function, bufptr<S, 4>> ; p
          %1 = alloca : ptr<function, bufptr<S, 4>> ; s
          %2 = access_chain @g0, 0:int : ptr<push_constant, bufptr<S, 4>>
          %3 = load %2 : bufptr<S, 4>
          store %0, %3
          %4 = access_chain @g0, 0:int : ptr<push_constant, bufptr<S, 4>>
          %5 = load %4 : bufptr<S, 4>
          store %1, %5
          %6 = load %0 : bufptr<S, 4>
          store @g1, %6
          %7 = load %0 : bufptr<S, 4>
          %8 = load %1 : bufptr<S, 4>
          call @f(%7, %8)
          ret
        }

        func @main() -> void {
        bb0: ; (entry)
          call @init_globals()
          call @main_body()
          ret
        }

        func @f(%arg0: bufptr<S, 4> aliased_pointer, %arg1: bufptr<S, 4>) -> void {
        bb0: ; (entry)
          %0 = alloca aliased_pointer : ptr<function, bufptr<S, 4>> ; q
          %1 = alloca : ptr<function, bufptr<S, 4>> ; r
          store %0, %arg0
          store %1, %arg1
          %2 = load %0 : bufptr<S, 4>
          %3 = load %1 : bufptr<S, 4>
          %4 = call_intrinsic vk::BufferPointer::Load(%3, 0:int) : float
          call_intrinsic vk::BufferPointer::Store(%2, %4, 0:int)
          ret
        }

        func @init_globals() -> void {
        bb0: ; (entry)
          %0 = convert 0:int : uint64_t
          %1 = bitcast %0 : bufptr<S, 4>
          store @g1, %1
          ret
        }

        entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
    "#]]
    .assert_eq(&dump);
}

#[test]
fn a_push_constant_pointer_is_refused_in_dxc_words() {
    // DXC: a pointer goes into a push-constant struct, never is the block itself (E3266 at
    // the declaration; it was "not supported yet").
    let errors = common::lower_errors(
        r#"
struct S { float4 v; };
[[vk::push_constant]] vk::BufferPointer<S> pc;
[numthreads(1, 1, 1)]
void main() { pc.Get().v = 1; }
"#,
    );
    expect!["E3266 68..70: vk::push_constant attribute cannot be used on declarations with vk::BufferPointer type (declare the pointer in a push-constant struct)"].assert_eq(&errors);
}
