//! Enums end to end: a value of enum type is its underlying scalar in SPIR-V. In constant and
//! structured buffers it is laid out as that scalar (DXC's rules: vector-relaxed std140 for
//! cbuffers, std430 for storage buffers), an enum stage variable is an integer input that
//! Vulkan needs `Flat`, and a `switch` on a scoped enum is an `OpSwitch` on its integer.
//! Offsets are worked out by hand from those rules.

use crate::harness::{compile, compile_entry, refuse};

const SHADER: &str = "enum Color { Red, Green = 5, Blue };
enum class Mode : uint { Off, Dim = 3, Full = 10 };
enum Big : uint64_t { Huge = 1 };
cbuffer Params : register(b0) { Mode mode; Color color; float4 tint; Color list[2]; Big big; };
StructuredBuffer<Color> Colors : register(t1);
RWStructuredBuffer<Mode> Modes : register(u2);
Mode next(Mode m) {
    switch (m) {
    case Mode::Off: return Mode::Dim;
    case Mode::Dim: return Mode::Full;
    default: return Mode::Off;
    }
}
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Color c = Colors[id.x];
    uint total = (uint)mode + color + (uint)tint.x + list[1] + (uint)big + c;
    Modes[id.x] = c == Green ? next(mode) : (Mode)total;
}
";

#[test]
fn enums_in_buffers_are_laid_out_as_their_underlying_scalars() {
    let m = compile(SHADER, "cs_6_0", &[]);
    // mode (uint) 0, color (int) 4, tint 16, list: a std140 array of int at 32 with a 16-byte
    // stride (32 bytes), big (uint64_t, 8-aligned) at 64.
    assert_eq!(m.offsets("type.Params"), [0, 4, 16, 32, 64]);
    assert_eq!(m.array_strides("%int"), [4, 16]);
    assert_eq!(m.array_strides("%uint"), [4]);
    m.assert_has(&[
        "%type_Params = OpTypeStruct %uint %int %v4float",
        "%uint64",
        "OpTypeRuntimeArray %int",
        "OpTypeRuntimeArray %uint",
    ]);
    // The switch on `Mode` switches on its `uint`: cases Off (0) and Dim (3).
    let switch = m
        .asm
        .lines()
        .find(|l| l.contains("OpSwitch"))
        .expect("an OpSwitch");
    let cases: Vec<&str> = switch.split(' ').skip(3).step_by(2).collect();
    assert_eq!(cases, ["0", "3"], "{switch}");
}

#[test]
fn enum_stage_variables_are_flat_integers() {
    let text = "enum Material { Opaque, Glass = 2 };
struct VSOut { float4 pos : SV_Position; nointerpolation Material mat : MATERIAL; };
VSOut vs(float4 p : POSITION, uint id : SV_VertexID) {
    VSOut o;
    o.pos = p;
    o.mat = (id & 1) != 0 ? Glass : Opaque;
    return o;
}
float4 main(VSOut i) : SV_Target {
    return i.mat == Glass ? float4(0, 0, 1, 0.5) : float4(1, 1, 1, 1);
}
";
    let ps = compile(text, "ps_6_0", &[]);
    assert_eq!(ps.decoration("in.MATERIAL", "Flat"), Some(String::new()));
    ps.assert_has(&["OpVariable %_ptr_Input_int Input"]);
    let vs = compile_entry(text, "vs_6_0", Some("vs"), &[]);
    vs.assert_has(&["OpVariable %_ptr_Output_int Output"]);
}

#[test]
fn scoped_enums_do_not_convert_implicitly() {
    refuse(
        "enum class Mode { Off, On };
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main() { Out[0] = Mode::On; }
",
        "cs_6_0",
        &[],
        1,
        "cannot initialize a value of type `int` with a value of scoped enum type `Mode`",
    );
}

#[test]
fn enums_as_intrinsic_and_method_arguments() {
    // A plain enum is a number to intrinsics (`sin`, `max`) and the element an `Append` of an
    // enum buffer takes.
    let m = compile(
        "enum Number { First, Second };
AppendStructuredBuffer<Number> Queue : register(u0);
RWStructuredBuffer<float> Out : register(u1);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Number a = (Number)id.x;
    Out[0] = sin(a) + max(a, 1);
    Queue.Append(Second);
    Queue.Append(a);
}
",
        "cs_6_0",
        &[],
    );
    m.assert_has(&["Sin", "OpTypeRuntimeArray %int"]);
    // An integer is no enum; a scoped enum is no number.
    let refused = |body: &str, message: &str| {
        let text = format!(
            "enum Number {{ First, Second }};
enum class Mode {{ Off, On }};
AppendStructuredBuffer<Number> Queue : register(u0);
RWStructuredBuffer<float> Out : register(u1);
[numthreads(1, 1, 1)]
void main() {{ {body} }}
"
        );
        refuse(&text, "cs_6_0", &[], 1, message);
    };
    refused(
        "Queue.Append(1);",
        "no matching overload for call to `Append`",
    );
    refused(
        "Out[0] = sin(Mode::On);",
        "no matching overload for call to `sin`",
    );
}
