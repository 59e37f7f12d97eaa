//! Forms of issue #4 item 4 left after res9 (task res10), lowered to the IR: elements of a
//! whole matrix pointee of a buffer pointer, a `?:` of `void` calls, single components as
//! inline SPIR-V references, and the forms DXC refuses, each under a code of its own at the
//! argument or use it is about (E3255 to E3259).

mod common;

use expect_test::expect;
use lower::ShaderStage;

/// The lines of `text`'s dump that mention `needle`, trimmed.
fn lines_with(text: &str, needle: &str) -> String {
    common::dump(text)
        .lines()
        .filter(|l| l.contains(needle))
        .map(str::trim)
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn elements_of_a_whole_matrix_pointee_are_stored_one_by_one() {
    // Row then column on the path, as for a matrix member; the backend enters the struct the
    // matrix's memory type wraps it in.
    let stores = lines_with(
        r#"
cbuffer CBP { vk::BufferPointer<float2x2> P; };
[numthreads(1, 1, 1)]
void main() { P.Get()[0][1] = 2; P.Get()._m10_m11 = float2(3, 4); }
"#,
        "Store",
    );
    expect![[r#"
        call_intrinsic vk::BufferPointer::Store(%1, 2.0:float, 0:int, 1:int)
        call_intrinsic vk::BufferPointer::Store(%3, %5, 1:int, 0:int)
        call_intrinsic vk::BufferPointer::Store(%3, %6, 1:int, 1:int)"#]]
    .assert_eq(&stores);
}

#[test]
fn a_conditional_of_void_calls_is_a_selection() {
    let dump = common::dump(
        r#"
RWStructuredBuffer<uint> O;
void inc(uint k) { O[k] += 1; }
[numthreads(1, 1, 1)]
void main(uint t : SV_GroupIndex) { t > 0 ? inc(0) : inc(1); }
"#,
    );
    let body: Vec<&str> = dump
        .lines()
        .skip_while(|l| !l.starts_with("func @main_body"))
        .take_while(|l| *l != "}")
        .map(str::trim)
        .collect();
    expect![[r#"
        func @main_body(%arg0: uint) -> void {
        bb0: ; selection merge=bb3 (entry)
        %0 = alloca : ptr<function, uint> ; t
        store %0, %arg0
        %1 = load %0 : uint
        %2 = gt %1, 0:uint : bool
        cond_br %2, bb1, bb2
        bb1: ; (cond.then)
        call @inc(0:uint)
        br bb3
        bb2: ; (cond.else)
        call @inc(1:uint)
        br bb3
        bb3: ; (cond.merge)
        ret"#]]
    .assert_eq(&body.join("\n"));
}

#[test]
fn one_component_or_element_in_memory_is_a_spirv_reference() {
    // DXC makes an access chain to one component of a vector (or element of a matrix) it
    // passes to a `[[vk::ext_reference]]` parameter.
    let chains = lines_with(
        r#"
[[vk::ext_instruction(/* OpStore */ 62)]] void store([[vk::ext_reference]] float p, float v);
RWStructuredBuffer<float> Out;
[numthreads(1, 1, 1)]
void main() { float4 v = 0; store(v.y, 4); float2x2 m = 0; store(m._m10, 5); Out[0] = v.y + m._m10; }
"#,
        "access_chain",
    );
    expect![[r#"
        %2 = access_chain %0, 1:int : ptr<function, float>
        %3 = access_chain %1, 1:int, 0:int : ptr<function, float>
        %4 = access_chain @g0, 0:int : ptr<storage_buffer, float>"#]]
    .assert_eq(&chains);
}

#[test]
fn several_components_or_a_texel_are_no_spirv_reference() {
    let errors = common::lower_errors(
        r#"
[[vk::ext_instruction(/* OpStore */ 62)]] void store([[vk::ext_reference]] float2 p, float2 v);
[numthreads(1, 1, 1)]
void main() { float4 v = 0; store(v.xy, float2(1, 2)); }
"#,
    );
    expect!["E3012 153..157: argument for a parameter with vk::ext_reference attribute must be a reference (a variable, a member or element of one, or one component of a vector or matrix in memory)"]
        .assert_eq(&errors);
}

#[test]
fn barrier_flags_that_are_not_constant_are_refused_at_the_flag() {
    // The semantic flags are checked through `hlslc` (`front4_probe.rs`).
    let errors = common::lower_errors(
        r#"
RWStructuredBuffer<uint> O;
[numthreads(1, 1, 1)]
void main() { Barrier(O[0], GROUP_SYNC); }
"#,
    );
    expect!["E3255 73..77: MemoryTypeFlags of Barrier must be an immediate constant (DXC's validator requires constant barrier flags, and SPIR-V barriers take constant scopes and semantics)"]
    .assert_eq(&errors);
}

#[test]
fn printf_refuses_resources_and_strings_but_passes_other_values() {
    let errors = common::lower_errors(
        r#"
RWStructuredBuffer<int> Buf;
[numthreads(1, 1, 1)]
void main() { printf("%d", Buf); }
"#,
    );
    expect!["E3256 79..82: a value of type `RWStructuredBuffer<int>` cannot be a printf argument: debug printf prints numeric values (scalars, vectors and aggregates of them); print an element or a value loaded from the resource instead"]
    .assert_eq(&errors);
    let errors = common::lower_errors(
        r#"
[numthreads(1, 1, 1)]
void main() { printf("%s", "text"); }
"#,
    );
    expect!["E3256 50..56: a string cannot be a printf argument (only the format is a string): write its text into the format"].assert_eq(&errors);
    // A bool, a matrix and a struct are passed as the values they are, as DXC passes them.
    let calls = lines_with(
        r#"
struct P { float x; uint k; };
RWStructuredBuffer<P> Buf;
[numthreads(1, 1, 1)]
void main() { float2x2 m = 1; printf("%d %f %f", true, m, Buf[0]); }
"#,
        "printf",
    );
    expect![[r#"call_intrinsic printf("%d %f %f", true:bool, %1, %3)"#]].assert_eq(&calls);
}

#[test]
fn an_element_of_a_zero_length_array_is_refused_where_it_is_used() {
    // A constant index is out of range already (E2012); any run-time one is too.
    let errors = common::lower_errors(
        r#"
RWStructuredBuffer<float> O;
cbuffer C { uint i; };
[numthreads(1, 1, 1)]
void main() { float a[0]; O[0] = a[i]; }
"#,
    );
    expect!["E3257 108..109: an element of a zero-length array: every index is past the end of the array (which contains 0 elements)"]
        .assert_eq(&errors);
}

#[test]
fn an_element_of_a_zero_length_array_member_is_refused_too() {
    let errors = common::lower_errors(
        r#"
struct S { float a[0]; float b; };
cbuffer C { uint i; };
RWStructuredBuffer<float> O;
[numthreads(1, 1, 1)]
void main() { S s; s.b = 2; O[0] = s.a[i]; }
"#,
    );
    expect!["E3257 145..148: an element of a zero-length array: every index is past the end of the array (which contains 0 elements)"].assert_eq(&errors);
}

#[test]
fn a_local_stream_of_the_entry_streams_element_is_that_stream() {
    // DXC writes an appended value to the stage outputs of the element's fields, whatever
    // stream object names them.
    let m = common::lower_stage(
        r#"
struct A { float4 pos : SV_Position; };
[maxvertexcount(2)]
void main(point float4 p[1] : POSITION, inout PointStream<A> s) {
    PointStream<A> a;
    A v; v.pos = p[0]; a.Append(v); a.RestartStrip();
}
"#,
        ShaderStage::Geometry,
    );
    let dump = ir::print_module(&m);
    assert!(dump.contains("emit_vertex"), "{dump}");
    assert!(dump.contains("end_primitive"), "{dump}");
}

#[test]
fn a_dispatch_mesh_payload_must_be_a_groupshared_variable() {
    let errors = common::try_lower_stage(
        r#"
struct Pay { uint base; };
[numthreads(1, 1, 1)]
void main(uint g : SV_GroupID) { Pay p; p.base = g; DispatchMesh(1, 1, 1, p); }
"#,
        ShaderStage::Amplification,
    )
    .expect_err("refused");
    expect!["E3259 124..125: expected groupshared object as argument to DispatchMesh()"]
        .assert_eq(&errors);
}

#[test]
fn a_buffer_pointer_converts_to_other_scalars_through_its_address() {
    let casts = lines_with(
        r#"
cbuffer CBP { vk::BufferPointer<float> P; };
RWStructuredBuffer<uint> O;
[numthreads(1, 1, 1)]
void main() { O[0] = (uint)P; }
"#,
        "%",
    );
    assert!(casts.contains("bitcast"), "{casts}");
    assert!(casts.contains(": uint64_t"), "{casts}");
    // And a scalar converts to the `uint64_t` address the constructor takes.
    let casts = lines_with(
        r#"
cbuffer C { float f; };
RWStructuredBuffer<float> O;
[numthreads(1, 1, 1)]
void main() { vk::BufferPointer<float> p = (vk::BufferPointer<float>)f; O[0] = p.Get(); }
"#,
        "bitcast",
    );
    expect!["%4 = bitcast %3 : bufptr<float, 4>"].assert_eq(&casts);
}

#[test]
fn a_compute_entry_takes_a_struct_of_system_values() {
    // DXC makes a built-in input per field; the wrapper builds the struct from them.
    let dump = common::dump(
        r#"
struct In { uint3 id : SV_DispatchThreadID; uint gi : SV_GroupIndex; uint2 g : SV_GroupID; };
RWStructuredBuffer<uint> O;
[numthreads(8, 1, 1)]
void main(In i) { O[i.gi] = i.id.x + i.g.y; }
"#,
    );
    let wrapper: Vec<&str> = dump
        .lines()
        .skip_while(|l| !l.starts_with("func @main()"))
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    expect![[r#"
        func @main() -> void {
        bb0: ; (entry)
        %0 = load @g0 : uint3
        %1 = load @g1 : uint
        %2 = load @g2 : uint3
        %3 = swizzle %2, xy : uint2
        %4 = composite_construct %0, %1, %3 : In ; i
        call @main_body(%4)
        ret
        }
        entry compute "main" @main numthreads(8, 1, 1) inputs(@g0, @g1, @g2) outputs()"#]]
    .assert_eq(&wrapper.join("\n"));
}
