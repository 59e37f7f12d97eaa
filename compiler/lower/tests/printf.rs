//! `printf`: the values to print as operands, each of its own type, the format (escapes
//! resolved, adjacent literals joined) in the module's strings; the interpreter refuses it
//! with a clear error. The SPIR-V (`NonSemantic.DebugPrintf`) is validated in
//! `cli/tests/spirv/opcodes.rs`.

mod common;

use expect_test::expect;
use interp::{dispatch, Bindings, Program, ProgramOptions, RunOptions};

const SHADER: &str = r#"
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    printf("id %u, half %f\n", id.x, 0.5);
    printf("pair " "%d %d", int2(1, -2));
    printf("again %u\n", id.y);
    printf("id %u, half %f\n", id.z, 1.5);
}
"#;

#[test]
fn printf_keeps_its_format_and_values() {
    expect![[r#"
        @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID

        func @main_body(%arg0: uint3) -> void {
        bb0: ; (entry)
          %0 = alloca : ptr<function, uint3> ; id
          store %0, %arg0
          %1 = load %0 : uint3
          %2 = composite_extract %1, [0] : uint
          call_intrinsic printf("id %u, half %f\n", %2, 0.5:float)
          %3 = composite_construct 1:int, -2:int : int2
          call_intrinsic printf("pair %d %d", %3)
          %4 = load %0 : uint3
          %5 = composite_extract %4, [1] : uint
          call_intrinsic printf("again %u\n", %5)
          %6 = load %0 : uint3
          %7 = composite_extract %6, [2] : uint
          call_intrinsic printf("id %u, half %f\n", %7, 1.5:float)
          ret
        }

        func @main() -> void {
        bb0: ; (entry)
          %0 = load @g0 : uint3 ; id
          call @main_body(%0)
          ret
        }

        entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
    "#]]
    .assert_eq(&common::dump(SHADER));
    // The same format is stored once.
    assert_eq!(common::lower(SHADER).strings.len(), 3);
}

#[test]
fn the_interpreter_refuses_printf() {
    let m = common::lower(SHADER);
    let program = Program::new(&m, "main", &ProgramOptions::default()).expect("program");
    let mut bindings = Bindings::new(&program);
    let err = dispatch(
        &program,
        &mut bindings,
        [1, 1, 1],
        &RunOptions::default(),
        None,
    )
    .expect_err("printf is not run");
    assert!(err.to_string().contains("printf"), "{err}");
}

#[test]
fn a_macro_format_is_its_literal() {
    // HLSL has no string variables, but a macro expands to a literal.
    let m = common::lower(
        "#define FMT \"v=%d\"\n[numthreads(1, 1, 1)]\nvoid main() { printf(FMT, 3); }\n",
    );
    assert_eq!(m.strings, vec!["v=%d".to_owned()]);
}
