//! The last resource forms that needed DXC's legalization (issue #4, items 4 and 5):
//! non-`static` global structs of textures and samplers (`resource_globals.rs`), and the
//! DXC-worded errors where a resource cannot be named at compile time. IR snapshots (each
//! dump verified) and interpreter runs with hand-computed results.

mod common;

use common::{as_u32, lower, lower_errors as errors, words_u32 as words};
use expect_test::{expect, Expect};
use interp::{dispatch, Bindings, Program, ProgramOptions, Resource, RunOptions};

fn check(text: &str, expect: Expect) {
    expect.assert_eq(&common::dump(text));
}

const GLOBAL_PAIR: &str = r#"
struct Pair { Texture2D<uint> lo; Texture2D<uint> hi; };
RWStructuredBuffer<uint> Out : register(u0);
Pair gPair;
uint fetch(Pair p, int x) { return p.lo.Load(int3(x, 0, 0)) * 100 + p.hi.Load(int3(x, 0, 0)); }
[numthreads(1, 1, 1)]
void main() {
    Out[0] = fetch(gPair, 0);
    Out[1] = gPair.hi.Load(int3(1, 0, 0));
}
"#;

#[test]
fn global_struct_of_textures_is_one_resource_per_member() {
    // `Out` takes binding 0 by its register; `gPair` the next two, one per member in order,
    // named after the member's path as DXC's legalization names them. `fetch` is lowered for
    // `gPair`'s two textures and takes only `x`.
    check(
        GLOBAL_PAIR,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; Out
            @g1 = resource uniform_constant Texture2D<uint> set(0) binding(1) ; gPair.lo
            @g2 = resource uniform_constant Texture2D<uint> set(0) binding(2) ; gPair.hi

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = access_chain @g0, 0:int : ptr<storage_buffer, uint>
              %1 = call @fetch(0:int) : uint
              store %0, %1
              %2 = access_chain @g0, 1:int : ptr<storage_buffer, uint>
              %3 = composite_construct 1:int, 0:int, 0:int : int3
              %4 = swizzle %3, xy : int2
              %5 = composite_extract %3, [2] : int
              %6 = texture_load @g2, %4, %5 : uint
              store %2, %6
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            func @fetch(%arg0: int) -> uint {
            bb0: ; (entry)
              %0 = alloca : ptr<function, int> ; x
              store %0, %arg0
              %1 = load %0 : int
              %2 = composite_construct %1, 0:int, 0:int : int3
              %3 = swizzle %2, xy : int2
              %4 = composite_extract %2, [2] : int
              %5 = texture_load @g1, %3, %4 : uint
              %6 = mul %5, 100:uint : uint
              %7 = load %0 : int
              %8 = composite_construct %7, 0:int, 0:int : int3
              %9 = swizzle %8, xy : int2
              %10 = composite_extract %8, [2] : int
              %11 = texture_load @g2, %9, %10 : uint
              %12 = add %6, %11 : uint
              ret %12
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

#[test]
fn global_struct_of_textures_runs() {
    // `lo` holds texels 3, 4 and `hi` 5, 6 (2x1, one uint each): Out[0] = 3 * 100 + 5 = 305,
    // Out[1] = hi's texel 1 = 6.
    let m = lower(GLOBAL_PAIR);
    let program = Program::new(&m, "main", &ProgramOptions::default()).expect("program");
    let mut bindings = Bindings::new(&program);
    bindings
        .bind(&program, 0, 0, 0, Resource::buffer(words(&[0, 0])))
        .expect("bind Out");
    for (binding, texels) in [(1, [3u32, 4]), (2, [5, 6])] {
        bindings
            .bind(
                &program,
                0,
                binding,
                0,
                Resource::texture(words(&texels), 2, 1, 1),
            )
            .expect("bind texture");
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
        vec![305, 6]
    );
}

#[test]
fn global_struct_bindings_follow_dxc() {
    // DXC's passes: `[[vk::binding]]` first (gB takes 5..7 of set 1: two textures of an array
    // member, then a sampler), then registers (gR at t4 takes 4 and 5), then the rest in
    // declaration order from 0: Layers (an array of 3, which takes one binding per element
    // because the file declares a struct of resources) 0..2, Last 3 (4 and 5 are taken),
    // then gN 6..8, Out 9.
    let text = r#"
struct Layered { Texture2D<uint> layer[2]; SamplerState samp; };
struct Two { Texture2D<uint> a; Texture2D<uint> b; };
Texture2D<uint> Layers[3];
[[vk::binding(5, 1)]] Layered gB;
Two gR : register(t4);
Texture2D<uint> Last;
Layered gN;
RWStructuredBuffer<uint> Out;
[numthreads(1, 1, 1)]
void main() {
    int3 at = int3(0, 0, 0);
    Out[0] = gB.layer[1].Load(at) + gR.b.Load(at) + Last.Load(at) + gN.layer[0].Load(at)
        + Layers[2].Load(at);
}
"#;
    let dump = common::dump(text);
    let globals: Vec<&str> = dump.lines().filter(|l| l.starts_with('@')).collect();
    expect![[r#"
        @g0 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(9) layout(relaxed_std430) ; Out
        @g1 = resource uniform_constant Texture2D<uint> set(1) binding(5) ; gB.layer[0]
        @g2 = resource uniform_constant Texture2D<uint> set(1) binding(6) ; gB.layer[1]
        @g3 = resource uniform_constant SamplerState set(1) binding(7) ; gB.samp
        @g4 = resource uniform_constant Texture2D<uint> set(0) binding(4) ; gR.a
        @g5 = resource uniform_constant Texture2D<uint> set(0) binding(5) ; gR.b
        @g6 = resource uniform_constant Texture2D<uint> set(0) binding(3) ; Last
        @g7 = resource uniform_constant Texture2D<uint> set(0) binding(6) ; gN.layer[0]
        @g8 = resource uniform_constant Texture2D<uint> set(0) binding(7) ; gN.layer[1]
        @g9 = resource uniform_constant SamplerState set(0) binding(8) ; gN.samp
        @g10 = resource uniform_constant array<Texture2D<uint>, 3> set(0) binding(0) count(3) ; Layers"#]]
    .assert_eq(&globals.join("\n"));
}

#[test]
fn global_structs_dxc_refuses_are_errors_in_its_words() {
    let mixed = r#"
struct Material { Texture2D<uint> albedo; uint flags; };
Material gMat;
RWStructuredBuffer<uint> Out;
[numthreads(1, 1, 1)]
void main() { Out[0] = gMat.albedo.Load(int3(0, 0, 0)); }
"#;
    expect![[r#"E3021 67..71: global structures containing both resources and non-resources are not supported"#]]
    .assert_eq(&errors(mixed));
    let buffers = r#"
struct Views { StructuredBuffer<uint> data; Texture2D<uint> tex; };
Views gViews;
RWStructuredBuffer<uint> Out;
[numthreads(1, 1, 1)]
void main() { Out[0] = gViews.data[0]; }
"#;
    expect![[r#"E3021 75..81: global structures containing buffers are not supported"#]]
        .assert_eq(&errors(buffers));
}

const DEAD_USES: &str = r#"
RWStructuredBuffer<uint> Out : register(u0);
Texture2D<uint> Tex : register(t1);
struct Holder { RWStructuredBuffer<uint> buf; uint scale; };
static const bool EXTRA = false;
[numthreads(1, 1, 1)]
void main() {
    Texture2D<uint> spare;
    Holder h;
    h.scale = 3;
    if (EXTRA) {
        Out[1] = spare.Load(int3(0, 0, 0));
        h.buf[0] = 1;
    }
    if (!EXTRA) { Out[0] = Tex.Load(int3(1, 0, 0)) * h.scale; } else { h.buf[1] = 2; }
    if (EXTRA) { return; }
    Out[1] = 5;
}
"#;

#[test]
fn unassigned_resources_in_dead_code_are_compiled_away() {
    // `spare` and `h.buf` are never assigned; every statement using them is in an arm that
    // `EXTRA` (a constant false) never runs, so those statements are dropped and the arms
    // are empty, as DXC's optimizer leaves them.
    check(
        DEAD_USES,
        expect![[r#"
            struct Holder { uint scale; }

            @g0 = private bool = false:bool ; EXTRA
            @g1 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; Out
            @g2 = resource uniform_constant Texture2D<uint> set(0) binding(1) ; Tex

            func @main_body() -> void {
            bb0: ; selection merge=bb2 (entry)
              %0 = alloca : ptr<function, Holder> ; h
              %1 = access_chain %0, 0:int : ptr<function, uint>
              store %1, 3:uint
              %2 = load @g0 : bool
              cond_br %2, bb1, bb2
            bb1: ; (if.then)
              br bb2
            bb2: ; selection merge=bb5 (if.merge)
              %3 = load @g0 : bool
              %4 = logical_not %3 : bool
              cond_br %4, bb3, bb4
            bb3: ; (if.then)
              %5 = access_chain @g1, 0:int : ptr<storage_buffer, uint>
              %6 = composite_construct 1:int, 0:int, 0:int : int3
              %7 = swizzle %6, xy : int2
              %8 = composite_extract %6, [2] : int
              %9 = texture_load @g2, %7, %8 : uint
              %10 = access_chain %0, 0:int : ptr<function, uint>
              %11 = load %10 : uint
              %12 = mul %9, %11 : uint
              store %5, %12
              br bb5
            bb4: ; (if.else)
              br bb5
            bb5: ; selection merge=bb7 (if.merge)
              %13 = load @g0 : bool
              cond_br %13, bb6, bb7
            bb6: ; (if.then)
              ret
            bb7: ; (if.merge)
              %14 = access_chain @g1, 1:int : ptr<storage_buffer, uint>
              store %14, 5:uint
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
fn unassigned_resources_in_dead_code_run() {
    // Tex's texel 1 is 4, times h.scale = 3: Out[0] = 12; Out[1] = 5 (the dead arm that
    // would have written spare's texel is gone).
    let m = lower(DEAD_USES);
    let program = Program::new(&m, "main", &ProgramOptions::default()).expect("program");
    let mut bindings = Bindings::new(&program);
    bindings
        .bind(&program, 0, 0, 0, Resource::buffer(words(&[0, 0])))
        .expect("bind Out");
    bindings
        .bind(
            &program,
            0,
            1,
            0,
            Resource::texture(words(&[3, 4]), 2, 1, 1),
        )
        .expect("bind Tex");
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
        vec![12, 5]
    );
}

#[test]
fn unassigned_resource_used_at_run_time_is_undefined() {
    // A run-time condition: the uses may run, and read the undefined texture and buffer DXC's
    // legalization leaves for never-stored locals (res17; was E3020 at `spare`).
    let text = DEAD_USES.replace(
        "void main() {",
        "void main(uint3 id : SV_DispatchThreadID) {",
    );
    let text = text.replace("if (EXTRA) {\n", "if (id.x > 0) {\n");
    let ir = common::dump(&text);
    assert!(ir.contains("undefined.texture"), "{ir}");
    assert!(ir.contains("undefined.buffer"), "{ir}");
}

#[test]
fn run_time_choices_of_resources_are_e3020_in_dxc_terms() {
    let choice = r#"
RWStructuredBuffer<uint> First : register(u0);
RWStructuredBuffer<uint> Second : register(u1);
[numthreads(2, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    RWStructuredBuffer<uint> b = id.x > 0 ? First : Second;
    b[0] = 1;
}
"#;
    let e = errors(choice);
    assert!(e.starts_with("E3020"), "{e}");
    assert!(e.contains("known only at run time"), "{e}");
    assert!(e.contains("DXC fails here too"), "{e}");
    let branches = choice.replace(
        "RWStructuredBuffer<uint> b = id.x > 0 ? First : Second;",
        "RWStructuredBuffer<uint> b = Second;\n    if (id.x > 0) { b = First; }",
    );
    let e = errors(&branches);
    assert!(e.starts_with("E3020"), "{e}");
    assert!(e.contains("depends on run-time control flow"), "{e}");
    // The error is at the use `b` after the `if`.
    let at = branches.find("b[0]").unwrap();
    assert!(e.contains(&format!("{at}..{}", at + 1)), "{e}");
}

const STRUCT_ARRAY_INDEX: &str = r#"
StructuredBuffer<uint> Bufs[4] : register(t0);
RWStructuredBuffer<uint> Out : register(u4);
struct Slot { StructuredBuffer<uint> buf; uint scale; };
struct Pair { Slot s; uint bias; };
[numthreads(2, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Slot slots[2] = { { Bufs[1], 10 }, { Bufs[2], 20 } };
    Pair pairs[2] = { { { Bufs[2], 3 }, 1 }, { { Bufs[3], 4 }, 2 } };
    uint i = id.x;
    Out[i] = slots[i].buf[0] * slots[i].scale + pairs[i].s.buf[1] * pairs[i].s.scale
        + pairs[i].bias;
}
"#;

#[test]
fn run_time_index_into_structs_of_consecutive_elements() {
    // `slots[i].buf` is `Bufs[i + 1]`, `pairs[i].s.buf` is `Bufs[i + 2]`; the data members
    // are read from the element `i` of each data array.
    let dump = common::dump(STRUCT_ARRAY_INDEX);
    let body: Vec<&str> = dump
        .lines()
        .skip_while(|l| !l.contains("%16 = load %3"))
        .take_while(|l| !l.starts_with("  ret"))
        .map(str::trim)
        .collect();
    expect![[r#"
          %16 = load %3 : uint
          %17 = access_chain @g2, %16 : ptr<storage_buffer, uint>
          %18 = load %3 : uint
          %19 = convert %18 : int
          %20 = add %19, 1:int : int
          %21 = access_chain @g1, %20 : ptr<storage_buffer, StructuredBuffer<uint>>
          %22 = access_chain %21, 0:int : ptr<storage_buffer, uint>
          %23 = load %22 : uint
          %24 = load %3 : uint
          %25 = convert %24 : int
          %26 = access_chain %1, %25, 0:int : ptr<function, uint>
          %27 = load %26 : uint
          %28 = mul %23, %27 : uint
          %29 = load %3 : uint
          %30 = convert %29 : int
          %31 = add %30, 2:int : int
          %32 = access_chain @g1, %31 : ptr<storage_buffer, StructuredBuffer<uint>>
          %33 = access_chain %32, 1:int : ptr<storage_buffer, uint>
          %34 = load %33 : uint
          %35 = load %3 : uint
          %36 = convert %35 : int
          %37 = access_chain %2, %36, 0:int, 0:int : ptr<function, uint>
          %38 = load %37 : uint
          %39 = mul %34, %38 : uint
          %40 = add %28, %39 : uint
          %41 = load %3 : uint
          %42 = convert %41 : int
          %43 = access_chain %2, %42, 1:int : ptr<function, uint>
          %44 = load %43 : uint
          %45 = add %40, %44 : uint
          store %17, %45"#]]
    .assert_eq(&body.join("\n"));
}

#[test]
fn run_time_index_into_structs_runs() {
    // Bufs[1] = {5, 0}, Bufs[2] = {6, 7}, Bufs[3] = {8, 9}.
    // Thread 0: Bufs[1][0] * 10 + Bufs[2][1] * 3 + 1 = 50 + 21 + 1 = 72.
    // Thread 1: Bufs[2][0] * 20 + Bufs[3][1] * 4 + 2 = 120 + 36 + 2 = 158.
    let m = lower(STRUCT_ARRAY_INDEX);
    let program = Program::new(&m, "main", &ProgramOptions::default()).expect("program");
    let mut bindings = Bindings::new(&program);
    for (k, data) in [[0u32, 0], [5, 0], [6, 7], [8, 9]].iter().enumerate() {
        bindings
            .bind(&program, 0, 0, k as u32, Resource::buffer(words(data)))
            .expect("bind Bufs");
    }
    bindings
        .bind(&program, 0, 4, 0, Resource::buffer(words(&[0, 0])))
        .expect("bind Out");
    dispatch(
        &program,
        &mut bindings,
        [1, 1, 1],
        &RunOptions::default(),
        None,
    )
    .expect("run");
    assert_eq!(
        as_u32(&bindings.get(&program, 0, 4).unwrap().data),
        vec![72, 158]
    );
}

#[test]
fn run_time_index_into_structs_of_scattered_resources_is_e3020() {
    // `Bufs[1]` then `Bufs[3]`: no element of `Bufs` follows `i`.
    let text = STRUCT_ARRAY_INDEX.replace("{ Bufs[2], 20 }", "{ Bufs[3], 20 }");
    let e = errors(&text);
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(e.starts_with("E3020"), "{e}");
    assert!(
        e.contains("not consecutive elements of one global array"),
        "{e}"
    );
    // At the index of `slots[i]`.
    let at = text.find("slots[i].buf").unwrap() + "slots[".len();
    assert!(e.contains(&format!("{at}..{}", at + 1)), "{e}");
}

const ELEMENT_OBJECTS: &str = r#"
StructuredBuffer<uint> Bufs[4] : register(t0);
RWStructuredBuffer<uint> Out : register(u4);
struct Reader { StructuredBuffer<uint> buf; uint scale; uint read(uint i) { return buf[i] * scale; } };
StructuredBuffer<uint> third() { return Bufs[2]; }
Reader second() { Reader r = { Bufs[1], 1000 }; return r; }
[numthreads(2, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Reader a = { Bufs[1], 10 };
    Reader b = { (StructuredBuffer<uint>)Bufs[3], 100 };
    Out[id.x] = a.read(id.x) + b.read(1 - id.x) + third()[id.x] + second().read(0);
}
"#;

#[test]
fn array_elements_in_methods_returns_and_casts() {
    // The one copy of `Reader.read` takes the index of its object's buffer after `this`;
    // `third` and `second` return constant elements of `Bufs`, which their callers index
    // (the access chains at the top of the entry block); a cast of a resource to its own
    // type is the resource.
    let dump = common::dump(ELEMENT_OBJECTS);
    let calls: Vec<&str> = dump
        .lines()
        .map(str::trim)
        .filter(|l| l.contains("call @") || l.starts_with("func @Reader") || l.contains("@g1,"))
        .collect();
    expect![[r#"
        %0 = access_chain @g1, 1:int : ptr<storage_buffer, StructuredBuffer<uint>>
        %2 = access_chain @g1, 2:int : ptr<storage_buffer, StructuredBuffer<uint>>
        %6 = access_chain @g1, 1:int : ptr<storage_buffer, StructuredBuffer<uint>>
        %8 = access_chain @g1, 3:int : ptr<storage_buffer, StructuredBuffer<uint>>
        %15 = call @Reader.read(%4, 1:int, %14) : uint
        %19 = call @Reader.read(%5, 3:int, %18) : uint
        call @third()
        %26 = call @second() : Reader
        %27 = call @Reader.read(%1, 1:int, 0:uint) : uint
        call @main_body(%0)
        func @Reader.read(%arg0: ptr<function, Reader>, %arg1: int, %arg2: uint) -> uint {
        %0 = access_chain @g1, %arg1 : ptr<storage_buffer, StructuredBuffer<uint>>
        %0 = access_chain @g1, 2:int : ptr<storage_buffer, StructuredBuffer<uint>>
        %1 = access_chain @g1, 1:int : ptr<storage_buffer, StructuredBuffer<uint>>"#]]
    .assert_eq(&calls.join("\n"));
}

#[test]
fn array_elements_in_methods_returns_and_casts_run() {
    // Bufs[1] = {5, 6}, Bufs[2] = {1, 2}, Bufs[3] = {7, 8}.
    // Thread 0: a.read(0) = 5 * 10, b.read(1) = 8 * 100, third()[0] = 1,
    //   second().read(0) = 5 * 1000: 50 + 800 + 1 + 5000 = 5851.
    // Thread 1: 6 * 10 + 7 * 100 + 2 + 5000 = 5762.
    let m = lower(ELEMENT_OBJECTS);
    let program = Program::new(&m, "main", &ProgramOptions::default()).expect("program");
    let mut bindings = Bindings::new(&program);
    for (k, data) in [[0u32, 0], [5, 6], [1, 2], [7, 8]].iter().enumerate() {
        bindings
            .bind(&program, 0, 0, k as u32, Resource::buffer(words(data)))
            .expect("bind Bufs");
    }
    bindings
        .bind(&program, 0, 4, 0, Resource::buffer(words(&[0, 0])))
        .expect("bind Out");
    dispatch(
        &program,
        &mut bindings,
        [1, 1, 1],
        &RunOptions::default(),
        None,
    )
    .expect("run");
    assert_eq!(
        as_u32(&bindings.get(&program, 0, 4).unwrap().data),
        vec![5851, 5762]
    );
}

#[test]
fn out_parameters_hand_back_array_elements() {
    // `pick` hands back `Bufs[2]` and `fill` a struct whose buffer is `Bufs[3]`: the caller
    // reads those elements (one access chain each at the top of the entry block).
    // Bufs[2] = {1, 2}, Bufs[3] = {7, 8}: Out[k] = Bufs[2][k] + Bufs[3][k] * 10 = 71, 82.
    let text = r#"
StructuredBuffer<uint> Bufs[4] : register(t0);
RWStructuredBuffer<uint> Out : register(u4);
struct Reader { StructuredBuffer<uint> buf; uint scale; };
void pick(out StructuredBuffer<uint> b) { b = Bufs[2]; }
void fill(out Reader r) { r.buf = Bufs[3]; r.scale = 10; }
[numthreads(2, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    StructuredBuffer<uint> b;
    pick(b);
    Reader r;
    fill(r);
    Out[id.x] = b[id.x] + r.buf[id.x] * r.scale;
}
"#;
    let m = lower(text);
    let main_body = ir::print_module(&m);
    let chains: Vec<&str> = main_body
        .lines()
        .map(str::trim)
        .filter(|l| l.contains("access_chain @g1"))
        .collect();
    expect![[r#"
        %0 = access_chain @g1, 3:int : ptr<storage_buffer, StructuredBuffer<uint>>
        %1 = access_chain @g1, 2:int : ptr<storage_buffer, StructuredBuffer<uint>>
        %0 = access_chain @g1, 2:int : ptr<storage_buffer, StructuredBuffer<uint>>
        %0 = access_chain @g1, 3:int : ptr<storage_buffer, StructuredBuffer<uint>>"#]]
    .assert_eq(&chains.join("\n"));
    let program = Program::new(&m, "main", &ProgramOptions::default()).expect("program");
    let mut bindings = Bindings::new(&program);
    for (k, data) in [[0u32, 0], [0, 0], [1, 2], [7, 8]].iter().enumerate() {
        bindings
            .bind(&program, 0, 0, k as u32, Resource::buffer(words(data)))
            .expect("bind Bufs");
    }
    bindings
        .bind(&program, 0, 4, 0, Resource::buffer(words(&[0, 0])))
        .expect("bind Out");
    dispatch(
        &program,
        &mut bindings,
        [1, 1, 1],
        &RunOptions::default(),
        None,
    )
    .expect("run");
    assert_eq!(
        as_u32(&bindings.get(&program, 0, 4).unwrap().data),
        vec![71, 82]
    );
}

#[test]
fn conditional_between_resource_arrays() {
    // A constant condition picks `Hi` (binding 2): its element 1 is read; `Lo` is not even
    // declared. A run-time condition is E3020 at the `?:`.
    let text = r#"
RWStructuredBuffer<uint> Out : register(u4);
StructuredBuffer<uint> Lo[2] : register(t0);
StructuredBuffer<uint> Hi[2] : register(t2);
static const bool HIGH = true;
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Out[0] = (HIGH ? Hi : Lo)[1][0];
}
"#;
    let dump = common::dump(text);
    let lines: Vec<&str> = dump
        .lines()
        .filter(|l| l.starts_with('@') || l.contains("@g2,"))
        .map(str::trim)
        .collect();
    expect![[r#"
        @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
        @g1 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(4) layout(relaxed_std430) ; Out
        @g2 = resource storage_buffer array<StructuredBuffer<uint>, 2> set(0) binding(2) count(2) layout(relaxed_std430) ; Hi
        %2 = access_chain @g2, 1:int : ptr<storage_buffer, StructuredBuffer<uint>>"#]]
    .assert_eq(&lines.join("\n"));
    let run_time = text.replace("(HIGH ? Hi : Lo)", "(id.x > 0 ? Hi : Lo)");
    let e = errors(&run_time);
    assert!(e.starts_with("E3020"), "{e}");
    let at = run_time.find("id.x > 0 ? Hi : Lo").unwrap();
    assert!(
        e.contains(&format!("{at}..{}", at + "id.x > 0 ? Hi : Lo".len())),
        "{e}"
    );
}

#[test]
fn compound_bitwise_assignment_to_bools_runs() {
    // Found by the sweep of lowering gaps: `b |= c` on bools computes in `int` (it built a
    // `bit_or` of bools the verifier refuses). Thread 0: b = false | true = true, then
    // true & (0 == 0) = true, ^ true = false: Out = {1, 0}.
    let text = r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    bool b = id.x > 0;
    b |= true;
    b &= id.y == 0;
    Out[0] = b;
    b ^= true;
    Out[1] = b;
}
"#;
    let out = common::run_u32(text, vec![vec![7, 7]]);
    assert_eq!(out[0], vec![1, 0]);
}

#[test]
fn assigning_a_resource_at_a_run_time_index_is_e3020() {
    let text = r#"
StructuredBuffer<uint> A : register(t0);
StructuredBuffer<uint> B : register(t1);
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(2, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    StructuredBuffer<uint> bs[2] = { A, B };
    bs[id.x] = B;
    Out[0] = bs[0][0];
}
"#;
    let e = errors(text);
    assert!(e.starts_with("E3020"), "{e}");
    assert!(e.contains("at a run-time index"), "{e}");
    let at = text.find("bs[id.x]").unwrap();
    assert!(
        e.contains(&format!("{at}..{}", at + "bs[id.x]".len())),
        "{e}"
    );
}

#[test]
fn static_resources_indexed_by_named_constants() {
    // `Bufs[FIRST]` and `Bufs[FIRST + 1]` in `static` initializers are constant elements.
    // Bufs[2] = {1, 2}, Bufs[3] = {7, 8}: Out[k] = Bufs[2][k] + Bufs[3][k] * 10 = 71, 82.
    let text = r#"
StructuredBuffer<uint> Bufs[4] : register(t0);
RWStructuredBuffer<uint> Out : register(u4);
struct Reader { StructuredBuffer<uint> buf; uint scale; };
static const uint FIRST = 2;
static StructuredBuffer<uint> gFirst = Bufs[FIRST];
static Reader gNext = { Bufs[FIRST + 1], 10 };
[numthreads(2, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Out[id.x] = gFirst[id.x] + gNext.buf[id.x] * gNext.scale;
}
"#;
    let m = lower(text);
    let program = Program::new(&m, "main", &ProgramOptions::default()).expect("program");
    let mut bindings = Bindings::new(&program);
    for (k, data) in [[0u32, 0], [0, 0], [1, 2], [7, 8]].iter().enumerate() {
        bindings
            .bind(&program, 0, 0, k as u32, Resource::buffer(words(data)))
            .expect("bind Bufs");
    }
    bindings
        .bind(&program, 0, 4, 0, Resource::buffer(words(&[0, 0])))
        .expect("bind Out");
    dispatch(
        &program,
        &mut bindings,
        [1, 1, 1],
        &RunOptions::default(),
        None,
    )
    .expect("run");
    assert_eq!(
        as_u32(&bindings.get(&program, 0, 4).unwrap().data),
        vec![71, 82]
    );
}

const INDEXED_RETURN: &str = r#"
StructuredBuffer<uint> Bufs[4] : register(t0);
RWStructuredBuffer<uint> Out : register(u4);
StructuredBuffer<uint> pick(uint i) { return Bufs[i + 1]; }
[numthreads(2, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Out[id.x] = pick(id.x)[1] + pick(2)[0];
}
"#;

#[test]
fn returning_an_element_at_a_run_time_index() {
    // `pick` returns the index (`int`) and its callers index `Bufs` with it.
    // Bufs[1] = {5, 6}, Bufs[2] = {1, 2}, Bufs[3] = {7, 8}:
    // thread 0: Bufs[1][1] + Bufs[3][0] = 6 + 7 = 13; thread 1: Bufs[2][1] + 7 = 9.
    let dump = common::dump(INDEXED_RETURN);
    assert!(dump.contains("func @pick(%arg0: uint) -> int {"), "{dump}");
    // (`pick(2)` names `Bufs[3]`, a constant element made at the top of `main`.)
    assert!(dump.contains("%8 = access_chain @g2, %7"), "{dump}");
    let m = lower(INDEXED_RETURN);
    let program = Program::new(&m, "main", &ProgramOptions::default()).expect("program");
    let mut bindings = Bindings::new(&program);
    for (k, data) in [[0u32, 0], [5, 6], [1, 2], [7, 8]].iter().enumerate() {
        bindings
            .bind(&program, 0, 0, k as u32, Resource::buffer(words(data)))
            .expect("bind Bufs");
    }
    bindings
        .bind(&program, 0, 4, 0, Resource::buffer(words(&[0, 0])))
        .expect("bind Out");
    dispatch(
        &program,
        &mut bindings,
        [1, 1, 1],
        &RunOptions::default(),
        None,
    )
    .expect("run");
    assert_eq!(
        as_u32(&bindings.get(&program, 0, 4).unwrap().data),
        vec![13, 9]
    );
}

#[test]
fn returning_elements_of_two_arrays_at_run_time_is_e3020() {
    let text = INDEXED_RETURN
        .replace(
            "StructuredBuffer<uint> Bufs[4] : register(t0);",
            "StructuredBuffer<uint> Bufs[4] : register(t0);\nStructuredBuffer<uint> More[4] : register(t8);",
        )
        .replace(
            "{ return Bufs[i + 1]; }",
            "{ if (i > 0) { return More[i]; } return Bufs[i + 1]; }",
        );
    let e = errors(&text);
    assert!(e.starts_with("E3020"), "{e}");
    assert!(e.contains("depends on run-time control flow"), "{e}");
}

#[test]
fn a_dead_return_in_a_function_returning_an_index() {
    // The `return Other;` that `LEGACY` never runs was lowered before `pick` turned out to
    // return an index: it returns index 0 (the module verifies).
    let text = r#"
StructuredBuffer<uint> Bufs[4] : register(t0);
StructuredBuffer<uint> Other : register(t5);
RWStructuredBuffer<uint> Out : register(u4);
static const bool LEGACY = false;
StructuredBuffer<uint> pick(uint i) { if (LEGACY) { return Other; } return Bufs[i]; }
[numthreads(2, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) { Out[id.x] = pick(id.x)[0]; }
"#;
    let dump = common::dump(text);
    assert!(dump.contains("  ret 0:int\n"), "{dump}");
    // Bufs[0] = {3}, Bufs[1] = {4}: Out = {3, 4}.
    let m = lower(text);
    let program = Program::new(&m, "main", &ProgramOptions::default()).expect("program");
    let mut bindings = Bindings::new(&program);
    for k in 0..4u32 {
        bindings
            .bind(&program, 0, 0, k, Resource::buffer(words(&[3 + k])))
            .expect("bind Bufs");
    }
    bindings
        .bind(&program, 0, 5, 0, Resource::buffer(words(&[9])))
        .expect("bind Other");
    bindings
        .bind(&program, 0, 4, 0, Resource::buffer(words(&[0, 0])))
        .expect("bind Out");
    dispatch(
        &program,
        &mut bindings,
        [1, 1, 1],
        &RunOptions::default(),
        None,
    )
    .expect("run");
    assert_eq!(
        as_u32(&bindings.get(&program, 0, 4).unwrap().data),
        vec![3, 4]
    );
}

#[test]
fn flattened_initializer_lists_of_structs_holding_resources() {
    // HLSL's flat rule: `{ Bufs[1], 3, 4 }` fills `buf`, then both components of `scale`;
    // `{ Bufs[2], 10, 20, 30 }` fills the nested `Reader`, then `bias`.
    // Bufs[1] = {5}, Bufs[2] = {1}: Out[0] = 5 * 3 + 4 = 19, Out[1] = 1 * 10 + 20 + 30 = 60.
    let text = r#"
StructuredBuffer<uint> Bufs[4] : register(t0);
RWStructuredBuffer<uint> Out : register(u4);
struct Reader { StructuredBuffer<uint> buf; uint2 scale; };
struct Biased { Reader r; uint bias; };
[numthreads(1, 1, 1)]
void main() {
    Reader r = { Bufs[1], 3, 4 };
    Biased b = { Bufs[2], uint2(10, 20), 30 };
    Out[0] = r.buf[0] * r.scale.x + r.scale.y;
    Out[1] = b.r.buf[0] * b.r.scale.x + b.r.scale.y + b.bias;
}
"#;
    let m = lower(text);
    let program = Program::new(&m, "main", &ProgramOptions::default()).expect("program");
    let mut bindings = Bindings::new(&program);
    for (k, data) in [[0u32], [5], [1], [0]].iter().enumerate() {
        bindings
            .bind(&program, 0, 0, k as u32, Resource::buffer(words(data)))
            .expect("bind Bufs");
    }
    bindings
        .bind(&program, 0, 4, 0, Resource::buffer(words(&[0, 0])))
        .expect("bind Out");
    dispatch(
        &program,
        &mut bindings,
        [1, 1, 1],
        &RunOptions::default(),
        None,
    )
    .expect("run");
    assert_eq!(
        as_u32(&bindings.get(&program, 0, 4).unwrap().data),
        vec![19, 60]
    );
    // A scalar where a resource belongs is refused at that value, as DXC's "cannot convert".
    let wrong = text.replace("{ Bufs[1], 3, 4 }", "{ 3, Bufs[1], 4 }");
    let e = errors(&wrong);
    let at = wrong.find("{ 3, Bufs").unwrap() + 2;
    assert!(
        e.starts_with(&format!(
            "E3022 {at}..{}: cannot convert from 'int' to a resource",
            at + 1
        )),
        "{e}"
    );
}

#[test]
fn run_time_index_into_a_member_array_of_a_global_struct_is_e3020() {
    // Each element of `gA[1].t` is a resource of its own (as DXC's legalization splits
    // them), so a run-time index cannot pick one; a constant one can.
    let text = r#"
struct Arr { Texture2D<uint> t[2]; };
Arr gA[2] : register(t4);
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(2, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Out[0] = gA[1].t[id.x].Load(int3(0, 0, 0));
}
"#;
    let e = errors(text);
    assert!(e.starts_with("E3020"), "{e}");
    assert!(
        e.contains("not consecutive elements of one global array"),
        "{e}"
    );
    let constant = text.replace("gA[1].t[id.x]", "gA[1].t[1]");
    let dump = common::dump(&constant);
    assert!(dump.contains("set(0) binding(7) ; gA[1].t[1]"), "{dump}");
}
