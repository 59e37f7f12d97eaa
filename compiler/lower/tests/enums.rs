//! Enums below the front end: a value of enum type is its underlying scalar in the IR (the
//! dump names no enum), in locals, parameters, returns, struct members, buffer elements and
//! cbuffers; overloads on an enum and on `int` stay two functions. Interpreter expectations
//! are worked out by hand.

mod common;

use expect_test::expect;

#[test]
fn enum_values_are_their_underlying_scalars_in_the_ir() {
    expect![[r#"
        @g0 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; Modes

        func @main_body() -> void {
        bb0: ; selection merge=bb2 (entry)
          %0 = alloca : ptr<function, uint> ; m
          %1 = access_chain @g0, 0:int : ptr<storage_buffer, uint>
          %2 = load %1 : uint
          store %0, %2
          %3 = load %0 : uint
          %4 = eq %3, 3:uint : bool
          cond_br %4, bb1, bb2
        bb1: ; (if.then)
          %5 = access_chain @g0, 1:int : ptr<storage_buffer, uint>
          %6 = call @pick(5:int) : int
          %7 = call @pick.1(2:int) : int
          %8 = add %6, %7 : int
          %9 = convert %8 : uint
          store %5, %9
          br bb2
        bb2: ; (if.merge)
          ret
        }

        func @main() -> void {
        bb0: ; (entry)
          call @main_body()
          ret
        }

        func @pick(%arg0: int) -> int {
        bb0: ; (entry)
          %0 = alloca : ptr<function, int> ; c
          store %0, %arg0
          %1 = load %0 : int
          %2 = add %1, 1:int : int
          ret %2
        }

        func @pick.1(%arg0: int) -> int {
        bb0: ; (entry)
          %0 = alloca : ptr<function, int> ; i
          store %0, %arg0
          %1 = load %0 : int
          ret %1
        }

        entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
    "#]]
    .assert_eq(&common::dump(
        r#"
enum Color { Red, Green = 5 };
enum class Mode : uint { Off, On = 3 };
RWStructuredBuffer<Mode> Modes : register(u0);
int pick(Color c) { return c + 1; }
int pick(int i) { return i; }
[numthreads(1, 1, 1)]
void main() {
    Mode m = Modes[0];
    if (m == Mode::On) {
        Modes[1] = (Mode)(pick(Green) + pick(2));
    }
}
"#,
    ));
}

#[test]
fn enums_in_structs_switches_and_overloads_run() {
    // Light i: { color, mode, level } at 12-byte strides (std430: three 4-byte members).
    // r = (uint)color * 10 + scale(mode) + weight(color) + weight((int)Blue), plus 1000 for
    // Green; scale: Off 0, Dim 2, anything else 7; weight(Color) 1, weight(int) 100.
    //   Red, Off:    0 + 0 + 1 + 100        = 101
    //   Green, Dim: 50 + 2 + 1 + 100 + 1000 = 1153
    //   Blue, Full: 60 + 7 + 1 + 100        = 168
    //   Blue, Dim:  60 + 2 + 1 + 100        = 163
    let out = common::run_u32(
        r#"
enum Color { Red, Green = 5, Blue };
enum class Mode : uint { Off, Dim = 3, Full = 10 };
struct Light { Color color; Mode mode; float level; };
StructuredBuffer<Light> Lights : register(t0);
RWStructuredBuffer<uint> Out : register(u1);
int weight(Color c) { return 1; }
int weight(int i) { return 100; }
uint scale(Mode m) {
    switch (m) {
    case Mode::Off: return 0;
    case Mode::Dim: return 2;
    default: return 7;
    }
}
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Light l = Lights[id.x];
    Color c = l.color;
    uint r = (uint)c * 10 + scale(l.mode) + weight(c) + weight((int)Blue);
    if (c == Green) {
        r += 1000;
    }
    Out[id.x] = r;
}
"#,
        vec![vec![0, 0, 0, 5, 3, 0, 6, 10, 0, 6, 3, 0], vec![0; 4]],
    );
    assert_eq!(out[1], [101, 1153, 168, 163]);
}

#[test]
fn enums_through_templates_groupshared_raw_loads_and_intrinsics_run() {
    // Thread gi stores Color(gi * 5) to groupshared and reads back c = Color((3 - gi) * 5);
    // r = Raw[gi] as a Color; s = sizeof(Color) + sizeof(Mode) = 8, plus 1 for Red, 2 for
    // Green, 3 otherwise. Out = max(c, 1) + abs(r) + (int)Blue (6) + s + (100 if c == 5)
    // + 1000 (m is On) + k_default (Green, 5):
    //   gi 0: c 15, r -7: 15 + 7 + 6 + 11 + 0   + 1000 + 5 = 1044
    //   gi 1: c 10, r  3: 10 + 3 + 6 + 11 + 0   + 1000 + 5 = 1035
    //   gi 2: c  5, r -2:  5 + 2 + 6 + 10 + 100 + 1000 + 5 = 1128
    //   gi 3: c  0, r  9:  1 + 9 + 6 +  9 + 0   + 1000 + 5 = 1030
    let out = common::run_u32(
        r#"
enum Color { Red, Green = 5, Blue };
enum class Mode : uint { Off, On };
struct Light { Color color; Mode mode; float level; };
ByteAddressBuffer Raw : register(t0);
RWStructuredBuffer<int> Out : register(u1);
groupshared Color shared_colors[4];
static const Color k_default = Green;
template<typename T> T same(T x) { return x; }
[numthreads(4, 1, 1)]
void main(uint gi : SV_GroupIndex) {
    Light l = { Blue, Mode::On, 1.0 };
    shared_colors[gi] = (Color)(gi * 5);
    GroupMemoryBarrierWithGroupSync();
    Color c = same(shared_colors[3 - gi]);
    Mode m = same<Mode>(l.mode);
    Color r = Raw.Load<Color>(gi * 4);
    int s = sizeof(Color) + sizeof(Mode);
    switch (c) {
    case Red: s += 1; break;
    case Green: s += 2; break;
    default: s += 3; break;
    }
    Out[gi] = max(c, 1) + abs(r) + asint(l.color) + s + (c == 5 ? 100 : 0)
        + (m == Mode::On ? 1000 : 0) + k_default;
}
"#,
        vec![
            [-7i32, 3, -2, 9].iter().map(|v| *v as u32).collect(),
            vec![0; 4],
        ],
    );
    assert_eq!(out[1], [1044, 1035, 1128, 1030]);
}

#[test]
fn enums_declared_in_functions_run() {
    // Bits: One 1, Two 1 << 1 = 2, Four 2 * 2 = 4, Five 5; Step: A 3, B 4, C 3 + 10 = 13.
    // The switch on Four stores 40; Five + Two = 7; B + C = 17.
    let out = common::run_u32(
        r#"
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    enum Bits { One = 1, Two = One << 1, Four = Two * 2, Five };
    enum class Step : uint { A = 3, B, C = A + 10 };
    Bits b = Four;
    switch (b) {
    case One: Out[0] = 10; break;
    case Four: Out[0] = 40; break;
    default: Out[0] = -1; break;
    }
    Out[1] = Five + Two;
    Out[2] = (int)Step::B + (int)Step::C;
}
"#,
        vec![vec![0; 3]],
    );
    assert_eq!(out[0], [40, 7, 17]);
}
