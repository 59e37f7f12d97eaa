//! Snapshot tests of statements: branches, loops, switches, jumps, dead code, control hints and
//! declarations; each dump verified.

mod common;

use expect_test::{expect, Expect};
use lower::ShaderStage;

/// The verified dump of `main` lowered for `stage`.
fn check_stage(text: &str, stage: ShaderStage, expect: Expect) {
    expect.assert_eq(&ir::print_module(&common::lower_stage(text, stage)));
}

fn check(text: &str, expect: Expect) {
    check_stage(text, ShaderStage::Compute, expect);
}

fn check_ps(text: &str, expect: Expect) {
    check_stage(text, ShaderStage::Pixel, expect);
}

#[test]
fn if_without_else() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    if (id.x > 4)
        Out[0] = 1;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; selection merge=bb2 (entry)
              %0 = alloca : ptr<function, uint3> ; id
              store %0, %arg0
              %1 = load %0 : uint3
              %2 = composite_extract %1, [0] : uint
              %3 = gt %2, 4:uint : bool
              cond_br %3, bb1, bb2
            bb1: ; (if.then)
              %4 = access_chain @g1, 0:int : ptr<storage_buffer, int>
              store %4, 1:int
              br bb2
            bb2: ; (if.merge)
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn else_if_chain() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    int r;
    if (id.x == 0) r = 1;
    else if (id.x == 1) r = 2;
    else r = 3;
    Out[0] = r;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; selection merge=bb6 (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, int> ; r
              store %0, %arg0
              %2 = load %0 : uint3
              %3 = composite_extract %2, [0] : uint
              %4 = eq %3, 0:uint : bool
              cond_br %4, bb1, bb2
            bb1: ; (if.then)
              store %1, 1:int
              br bb6
            bb2: ; selection merge=bb5 (if.else)
              %5 = load %0 : uint3
              %6 = composite_extract %5, [0] : uint
              %7 = eq %6, 1:uint : bool
              cond_br %7, bb3, bb4
            bb3: ; (if.then)
              store %1, 2:int
              br bb5
            bb4: ; (if.else)
              store %1, 3:int
              br bb5
            bb5: ; (if.merge)
              br bb6
            bb6: ; (if.merge)
              %8 = access_chain @g1, 0:int : ptr<storage_buffer, int>
              %9 = load %1 : int
              store %8, %9
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn for_without_condition() {
    check(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    uint i = 0;
    for (;;) {
        if (i >= 4) break;
        i++;
    }
    Out[0] = i;
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; i
              store %0, 0:uint
              br bb1
            bb1: ; loop merge=bb6 continue=bb5 (loop.header)
              br bb2
            bb2: ; selection merge=bb4 (loop.body)
              %1 = load %0 : uint
              %2 = ge %1, 4:uint : bool
              cond_br %2, bb3, bb4
            bb3: ; (if.then)
              br bb6
            bb4: ; (if.merge)
              %3 = load %0 : uint
              %4 = add %3, 1:uint : uint
              store %0, %4
              br bb5
            bb5: ; (loop.continue)
              br bb1
            bb6: ; (loop.merge)
              %5 = access_chain @g0, 0:int : ptr<storage_buffer, uint>
              %6 = load %0 : uint
              store %5, %6
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
fn for_without_step() {
    check(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    uint sum = 0;
    for (uint i = 0; i < 8;) { sum += i; i += 2; }
    Out[0] = sum;
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; sum
              %1 = alloca : ptr<function, uint> ; i
              store %0, 0:uint
              store %1, 0:uint
              br bb1
            bb1: ; loop merge=bb5 continue=bb4 (loop.header)
              br bb2
            bb2: ; (loop.check)
              %2 = load %1 : uint
              %3 = lt %2, 8:uint : bool
              cond_br %3, bb3, bb5
            bb3: ; (loop.body)
              %4 = load %0 : uint
              %5 = load %1 : uint
              %6 = add %4, %5 : uint
              store %0, %6
              %7 = load %1 : uint
              %8 = add %7, 2:uint : uint
              store %1, %8
              br bb4
            bb4: ; (loop.continue)
              br bb1
            bb5: ; (loop.merge)
              %9 = access_chain @g0, 0:int : ptr<storage_buffer, uint>
              %10 = load %0 : uint
              store %9, %10
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
fn while_with_continue() {
    check(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    uint i = 0, odd = 0;
    while (i < 10) {
        i++;
        if ((i & 1) == 0) continue;
        odd++;
    }
    Out[0] = odd;
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; i
              %1 = alloca : ptr<function, uint> ; odd
              store %0, 0:uint
              store %1, 0:uint
              br bb1
            bb1: ; loop merge=bb7 continue=bb6 (loop.header)
              br bb2
            bb2: ; (loop.check)
              %2 = load %0 : uint
              %3 = lt %2, 10:uint : bool
              cond_br %3, bb3, bb7
            bb3: ; selection merge=bb5 (loop.body)
              %4 = load %0 : uint
              %5 = add %4, 1:uint : uint
              store %0, %5
              %6 = load %0 : uint
              %7 = bit_and %6, 1:uint : uint
              %8 = eq %7, 0:uint : bool
              cond_br %8, bb4, bb5
            bb4: ; (if.then)
              br bb6
            bb5: ; (if.merge)
              %9 = load %1 : uint
              %10 = add %9, 1:uint : uint
              store %1, %10
              br bb6
            bb6: ; (loop.continue)
              br bb1
            bb7: ; (loop.merge)
              %11 = access_chain @g0, 0:int : ptr<storage_buffer, uint>
              %12 = load %1 : uint
              store %11, %12
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
fn do_while_with_break() {
    check(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    uint n = 1;
    do {
        n *= 3;
        if (n > 50) break;
    } while (true);
    Out[0] = n;
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; n
              store %0, 1:uint
              br bb1
            bb1: ; loop merge=bb6 continue=bb5 (loop.header)
              br bb2
            bb2: ; selection merge=bb4 (loop.body)
              %1 = load %0 : uint
              %2 = mul %1, 3:uint : uint
              store %0, %2
              %3 = load %0 : uint
              %4 = gt %3, 50:uint : bool
              cond_br %4, bb3, bb4
            bb3: ; (if.then)
              br bb6
            bb4: ; (if.merge)
              br bb5
            bb5: ; (loop.continue)
              cond_br true:bool, bb1, bb6
            bb6: ; (loop.merge)
              %5 = access_chain @g0, 0:int : ptr<storage_buffer, uint>
              %6 = load %0 : uint
              store %5, %6
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
fn continue_in_do_while() {
    check(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    uint i = 0, s = 0;
    do {
        i++;
        if (i == 2) continue;
        s += i;
    } while (i < 4);
    Out[0] = s;
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; i
              %1 = alloca : ptr<function, uint> ; s
              store %0, 0:uint
              store %1, 0:uint
              br bb1
            bb1: ; loop merge=bb6 continue=bb5 (loop.header)
              br bb2
            bb2: ; selection merge=bb4 (loop.body)
              %2 = load %0 : uint
              %3 = add %2, 1:uint : uint
              store %0, %3
              %4 = load %0 : uint
              %5 = eq %4, 2:uint : bool
              cond_br %5, bb3, bb4
            bb3: ; (if.then)
              br bb5
            bb4: ; (if.merge)
              %6 = load %1 : uint
              %7 = load %0 : uint
              %8 = add %6, %7 : uint
              store %1, %8
              br bb5
            bb5: ; (loop.continue)
              %9 = load %0 : uint
              %10 = lt %9, 4:uint : bool
              cond_br %10, bb1, bb6
            bb6: ; (loop.merge)
              %11 = access_chain @g0, 0:int : ptr<storage_buffer, uint>
              %12 = load %1 : uint
              store %11, %12
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
fn switch_fallthrough() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    int r = 0;
    switch (id.x) {
    case 0:
        r += 1;
    case 1:
        r += 2;
        break;
    default:
        r = -1;
    }
    Out[0] = r;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; selection merge=bb4 (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, int> ; r
              store %0, %arg0
              store %1, 0:int
              %2 = load %0 : uint3
              %3 = composite_extract %2, [0] : uint
              switch %3, bb3, [0: bb1, 1: bb2]
            bb1: ; (switch.case)
              %4 = load %1 : int
              %5 = add %4, 1:int : int
              store %1, %5
              br bb2
            bb2: ; (switch.case)
              %6 = load %1 : int
              %7 = add %6, 2:int : int
              store %1, %7
              br bb4
            bb3: ; (switch.case)
              store %1, -1:int
              br bb4
            bb4: ; (switch.merge)
              %8 = access_chain @g1, 0:int : ptr<storage_buffer, int>
              %9 = load %1 : int
              store %8, %9
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn switch_without_default() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    int r = 0;
    switch ((int)id.x) {
    case -1: r = 5; break;
    case 7: r = 6; break;
    }
    Out[0] = r;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; selection merge=bb3 (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, int> ; r
              store %0, %arg0
              store %1, 0:int
              %2 = load %0 : uint3
              %3 = composite_extract %2, [0] : uint
              %4 = convert %3 : int
              switch %4, bb3, [-1: bb1, 7: bb2]
            bb1: ; (switch.case)
              store %1, 5:int
              br bb3
            bb2: ; (switch.case)
              store %1, 6:int
              br bb3
            bb3: ; (switch.merge)
              %5 = access_chain @g1, 0:int : ptr<storage_buffer, int>
              %6 = load %1 : int
              store %5, %6
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn switch_cases_all_return() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
int pick(int k) {
    switch (k) {
    case 0: return 10;
    default: return 20;
    }
}
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Out[0] = pick(id.x);
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              store %0, %arg0
              %1 = access_chain @g1, 0:int : ptr<storage_buffer, int>
              %2 = load %0 : uint3
              %3 = composite_extract %2, [0] : uint
              %4 = convert %3 : int
              %5 = call @pick(%4) : int
              store %1, %5
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            func @pick(%arg0: int) -> int {
            bb0: ; selection merge=bb3 (entry)
              %0 = alloca : ptr<function, int> ; k
              store %0, %arg0
              %1 = load %0 : int
              switch %1, bb2, [0: bb1]
            bb1: ; (switch.case)
              ret 10:int
            bb2: ; (switch.case)
              ret 20:int
            bb3: ; (switch.merge)
              unreachable
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn switch_inside_loop_break_targets() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    int s = 0;
    for (int i = 0; i < 3; i++) {
        switch (i) {
        case 1: break;
        default: s += i;
        }
    }
    Out[0] = s;
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, int> ; s
              %1 = alloca : ptr<function, int> ; i
              store %0, 0:int
              store %1, 0:int
              br bb1
            bb1: ; loop merge=bb8 continue=bb7 (loop.header)
              br bb2
            bb2: ; (loop.check)
              %2 = load %1 : int
              %3 = lt %2, 3:int : bool
              cond_br %3, bb3, bb8
            bb3: ; selection merge=bb6 (loop.body)
              %4 = load %1 : int
              switch %4, bb5, [1: bb4]
            bb4: ; (switch.case)
              br bb6
            bb5: ; (switch.case)
              %5 = load %0 : int
              %6 = load %1 : int
              %7 = add %5, %6 : int
              store %0, %7
              br bb6
            bb6: ; (switch.merge)
              br bb7
            bb7: ; (loop.continue)
              %8 = load %1 : int
              %9 = add %8, 1:int : int
              store %1, %9
              br bb1
            bb8: ; (loop.merge)
              %10 = access_chain @g0, 0:int : ptr<storage_buffer, int>
              %11 = load %0 : int
              store %10, %11
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
fn early_void_return() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    if (id.x >= 16)
        return;
    Out[id.x] = 1;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; selection merge=bb2 (entry)
              %0 = alloca : ptr<function, uint3> ; id
              store %0, %arg0
              %1 = load %0 : uint3
              %2 = composite_extract %1, [0] : uint
              %3 = ge %2, 16:uint : bool
              cond_br %3, bb1, bb2
            bb1: ; (if.then)
              ret
            bb2: ; (if.merge)
              %4 = load %0 : uint3
              %5 = composite_extract %4, [0] : uint
              %6 = access_chain @g1, %5 : ptr<storage_buffer, int>
              store %6, 1:int
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn code_after_return_is_dropped() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
int f(int x) {
    return x * 2;
    x = 7;
}
[numthreads(1, 1, 1)]
void main() {
    Out[0] = f(3);
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = access_chain @g0, 0:int : ptr<storage_buffer, int>
              %1 = call @f(3:int) : int
              store %0, %1
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            func @f(%arg0: int) -> int {
            bb0: ; (entry)
              %0 = alloca : ptr<function, int> ; x
              store %0, %arg0
              %1 = load %0 : int
              %2 = mul %1, 2:int : int
              ret %2
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

#[test]
fn code_after_break_is_dropped() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    int i = 0;
    while (true) {
        break;
        i = 5;
    }
    Out[0] = i;
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, int> ; i
              store %0, 0:int
              br bb1
            bb1: ; loop merge=bb5 continue=bb4 (loop.header)
              br bb2
            bb2: ; (loop.check)
              cond_br true:bool, bb3, bb5
            bb3: ; (loop.body)
              br bb5
            bb4: ; (loop.continue)
              br bb1
            bb5: ; (loop.merge)
              %1 = access_chain @g0, 0:int : ptr<storage_buffer, int>
              %2 = load %0 : int
              store %1, %2
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
fn discard_in_branch() {
    check_ps(
        r#"
float4 main(float4 pos : SV_Position) : SV_Target {
    if (pos.x < 1)
        discard;
    return pos;
}
"#,
        expect![[r#"
            @g0 = input float4 builtin(FragCoord) ; in.SV_Position
            @g1 = output float4 location(0) ; out.SV_Target

            func @main_body(%arg0: float4) -> float4 {
            bb0: ; selection merge=bb2 (entry)
              %0 = alloca : ptr<function, float4> ; pos
              store %0, %arg0
              %1 = load %0 : float4
              %2 = composite_extract %1, [0] : float
              %3 = lt %2, 1.0:float : bool
              cond_br %3, bb1, bb2
            bb1: ; (if.then)
              kill
            bb2: ; (if.merge)
              %4 = load %0 : float4
              ret %4
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : float4
              %1 = call @main_body(%0) : float4
              store @g1, %1
              ret
            }

            entry pixel "main" @main inputs(@g0) outputs(@g1)
        "#]],
    );
}

#[test]
fn discard_ends_block() {
    check_ps(
        r#"
float4 main(float4 pos : SV_Position) : SV_Target {
    discard;
    return pos;
}
"#,
        expect![[r#"
            @g0 = input float4 builtin(FragCoord) ; in.SV_Position
            @g1 = output float4 location(0) ; out.SV_Target

            func @main_body(%arg0: float4) -> float4 {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float4> ; pos
              store %0, %arg0
              kill
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : float4
              %1 = call @main_body(%0) : float4
              store @g1, %1
              ret
            }

            entry pixel "main" @main inputs(@g0) outputs(@g1)
        "#]],
    );
}

#[test]
fn both_arms_return_merge_unreachable() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
int sign_of(int x) {
    if (x < 0) return -1;
    else return 1;
}
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Out[0] = sign_of(id.x);
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint3> ; id
              store %0, %arg0
              %1 = access_chain @g1, 0:int : ptr<storage_buffer, int>
              %2 = load %0 : uint3
              %3 = composite_extract %2, [0] : uint
              %4 = convert %3 : int
              %5 = call @sign_of(%4) : int
              store %1, %5
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            func @sign_of(%arg0: int) -> int {
            bb0: ; selection merge=bb3 (entry)
              %0 = alloca : ptr<function, int> ; x
              store %0, %arg0
              %1 = load %0 : int
              %2 = lt %1, 0:int : bool
              cond_br %2, bb1, bb2
            bb1: ; (if.then)
              ret -1:int
            bb2: ; (if.else)
              ret 1:int
            bb3: ; (if.merge)
              unreachable
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn unroll_with_count_hint() {
    check(
        r#"
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    float s = 0;
    [unroll(2)] for (int i = 0; i < 4; i++) s += i;
    Out[0] = s;
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float> ; s
              %1 = alloca : ptr<function, int> ; i
              store %0, 0.0:float
              store %1, 0:int
              br bb1
            bb1: ; loop merge=bb5 continue=bb4 hint=unroll(2) (loop.header)
              br bb2
            bb2: ; (loop.check)
              %2 = load %1 : int
              %3 = lt %2, 4:int : bool
              cond_br %3, bb3, bb5
            bb3: ; (loop.body)
              %4 = load %0 : float
              %5 = load %1 : int
              %6 = convert %5 : float
              %7 = add %4, %6 : float
              store %0, %7
              br bb4
            bb4: ; (loop.continue)
              %8 = load %1 : int
              %9 = add %8, 1:int : int
              store %1, %9
              br bb1
            bb5: ; (loop.merge)
              %10 = access_chain @g0, 0:int : ptr<storage_buffer, float>
              %11 = load %0 : float
              store %10, %11
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
fn flatten_and_branch_hints() {
    check(
        r#"
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float v = 0;
    [flatten] if (id.x > 1) v = 1;
    [branch] if (id.y > 1) v += 2;
    Out[0] = v;
}
"#,
        expect![[r#"
            @g0 = input uint3 builtin(GlobalInvocationId) ; SV_DispatchThreadID
            @g1 = resource storage_buffer RWStructuredBuffer<float> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint3) -> void {
            bb0: ; selection merge=bb2 hint=flatten (entry)
              %0 = alloca : ptr<function, uint3> ; id
              %1 = alloca : ptr<function, float> ; v
              store %0, %arg0
              store %1, 0.0:float
              %2 = load %0 : uint3
              %3 = composite_extract %2, [0] : uint
              %4 = gt %3, 1:uint : bool
              cond_br %4, bb1, bb2
            bb1: ; (if.then)
              store %1, 1.0:float
              br bb2
            bb2: ; selection merge=bb4 hint=dontflatten (if.merge)
              %5 = load %0 : uint3
              %6 = composite_extract %5, [1] : uint
              %7 = gt %6, 1:uint : bool
              cond_br %7, bb3, bb4
            bb3: ; (if.then)
              %8 = load %1 : float
              %9 = add %8, 2.0:float : float
              store %1, %9
              br bb4
            bb4: ; (if.merge)
              %10 = access_chain @g1, 0:int : ptr<storage_buffer, float>
              %11 = load %1 : float
              store %10, %11
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint3 ; id
              call @main_body(%0)
              ret
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn loop_hint_on_while() {
    check(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    uint i = 0;
    [loop] while (i < 5) i++;
    Out[0] = i;
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; i
              store %0, 0:uint
              br bb1
            bb1: ; loop merge=bb5 continue=bb4 hint=dontunroll (loop.header)
              br bb2
            bb2: ; (loop.check)
              %1 = load %0 : uint
              %2 = lt %1, 5:uint : bool
              cond_br %2, bb3, bb5
            bb3: ; (loop.body)
              %3 = load %0 : uint
              %4 = add %3, 1:uint : uint
              store %0, %4
              br bb4
            bb4: ; (loop.continue)
              br bb1
            bb5: ; (loop.merge)
              %5 = access_chain @g0, 0:int : ptr<storage_buffer, uint>
              %6 = load %0 : uint
              store %5, %6
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
fn several_locals_in_one_declaration() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    int a = 1, b, c = a + 2;
    b = c * a;
    Out[0] = b;
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, int> ; a
              %1 = alloca : ptr<function, int> ; b
              %2 = alloca : ptr<function, int> ; c
              store %0, 1:int
              %3 = load %0 : int
              %4 = add %3, 2:int : int
              store %2, %4
              %5 = load %2 : int
              %6 = load %0 : int
              %7 = mul %5, %6 : int
              store %1, %7
              %8 = access_chain @g0, 0:int : ptr<storage_buffer, int>
              %9 = load %1 : int
              store %8, %9
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
fn shadowing_in_inner_block() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    int x = 1;
    {
        int x = 2;
        Out[1] = x;
    }
    Out[0] = x;
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, int> ; x
              %1 = alloca : ptr<function, int> ; x
              store %0, 1:int
              store %1, 2:int
              %2 = access_chain @g0, 1:int : ptr<storage_buffer, int>
              %3 = load %1 : int
              store %2, %3
              %4 = access_chain @g0, 0:int : ptr<storage_buffer, int>
              %5 = load %0 : int
              store %4, %5
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
fn local_without_initializer() {
    check(
        r#"
RWStructuredBuffer<float2> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    float2 v;
    v.x = 1;
    v.y = 2;
    Out[0] = v;
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<float2> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, float2> ; v
              %1 = load %0 : float2
              %2 = composite_insert %1, 1.0:float, [0] : float2
              store %0, %2
              %3 = load %0 : float2
              %4 = composite_insert %3, 2.0:float, [1] : float2
              store %0, %4
              %5 = access_chain @g0, 0:int : ptr<storage_buffer, float2>
              %6 = load %0 : float2
              store %5, %6
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
fn static_const_local_array() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
[numthreads(4, 1, 1)]
void main(uint gi : SV_GroupIndex) {
    static const int table[4] = { 3, 1, 4, 1 };
    Out[gi] = table[gi];
}
"#,
        expect![[r#"
            @g0 = input uint builtin(LocalInvocationIndex) ; SV_GroupIndex
            @g1 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body(%arg0: uint) -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, uint> ; gi
              %1 = alloca : ptr<function, array<int, 4>> ; table
              store %0, %arg0
              %2 = composite_construct 3:int, 1:int, 4:int, 1:int : array<int, 4>
              store %1, %2
              %3 = load %0 : uint
              %4 = access_chain @g1, %3 : ptr<storage_buffer, int>
              %5 = load %0 : uint
              %6 = access_chain %1, %5 : ptr<function, int>
              %7 = load %6 : int
              store %4, %7
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              %0 = load @g0 : uint ; gi
              call @main_body(%0)
              ret
            }

            entry compute "main" @main numthreads(4, 1, 1) inputs(@g0) outputs()
        "#]],
    );
}

#[test]
fn empty_and_expression_statements() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    int x = 2;
    ;
    x + 1;
    x;
    Out[0] = x;
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, int> ; x
              store %0, 2:int
              %1 = load %0 : int
              %2 = add %1, 1:int : int
              %3 = load %0 : int
              %4 = access_chain @g0, 0:int : ptr<storage_buffer, int>
              %5 = load %0 : int
              store %4, %5
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
fn nested_loops_continue_outer_via_flag() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    int n = 0;
    for (int i = 0; i < 2; i++) {
        for (int j = 0; j < 2; j++) {
            if (j == 1) continue;
            n++;
        }
    }
    Out[0] = n;
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = alloca : ptr<function, int> ; n
              %1 = alloca : ptr<function, int> ; i
              %2 = alloca : ptr<function, int> ; j
              store %0, 0:int
              store %1, 0:int
              br bb1
            bb1: ; loop merge=bb12 continue=bb11 (loop.header)
              br bb2
            bb2: ; (loop.check)
              %3 = load %1 : int
              %4 = lt %3, 2:int : bool
              cond_br %4, bb3, bb12
            bb3: ; (loop.body)
              store %2, 0:int
              br bb4
            bb4: ; loop merge=bb10 continue=bb9 (loop.header)
              br bb5
            bb5: ; (loop.check)
              %5 = load %2 : int
              %6 = lt %5, 2:int : bool
              cond_br %6, bb6, bb10
            bb6: ; selection merge=bb8 (loop.body)
              %7 = load %2 : int
              %8 = eq %7, 1:int : bool
              cond_br %8, bb7, bb8
            bb7: ; (if.then)
              br bb9
            bb8: ; (if.merge)
              %9 = load %0 : int
              %10 = add %9, 1:int : int
              store %0, %10
              br bb9
            bb9: ; (loop.continue)
              %11 = load %2 : int
              %12 = add %11, 1:int : int
              store %2, %12
              br bb4
            bb10: ; (loop.merge)
              br bb11
            bb11: ; (loop.continue)
              %13 = load %1 : int
              %14 = add %13, 1:int : int
              store %1, %14
              br bb1
            bb12: ; (loop.merge)
              %15 = access_chain @g0, 0:int : ptr<storage_buffer, int>
              %16 = load %0 : int
              store %15, %16
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
fn while_true_with_return() {
    check(
        r#"
RWStructuredBuffer<int> Out : register(u0);
int find(int x) {
    int i = 0;
    while (true) {
        if (i * i >= x) return i;
        i++;
    }
}
[numthreads(1, 1, 1)]
void main() {
    Out[0] = find(10);
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<int> set(0) binding(0) layout(relaxed_std430) ; Out

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = access_chain @g0, 0:int : ptr<storage_buffer, int>
              %1 = call @find(10:int) : int
              store %0, %1
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            func @find(%arg0: int) -> int {
            bb0: ; (entry)
              %0 = alloca : ptr<function, int> ; x
              %1 = alloca : ptr<function, int> ; i
              store %0, %arg0
              store %1, 0:int
              br bb1
            bb1: ; loop merge=bb7 continue=bb6 (loop.header)
              br bb2
            bb2: ; (loop.check)
              cond_br true:bool, bb3, bb7
            bb3: ; selection merge=bb5 (loop.body)
              %2 = load %1 : int
              %3 = load %1 : int
              %4 = mul %2, %3 : int
              %5 = load %0 : int
              %6 = ge %4, %5 : bool
              cond_br %6, bb4, bb5
            bb4: ; (if.then)
              %7 = load %1 : int
              ret %7
            bb5: ; (if.merge)
              %8 = load %1 : int
              %9 = add %8, 1:int : int
              store %1, %9
              br bb6
            bb6: ; (loop.continue)
              br bb1
            bb7: ; (loop.merge)
              unreachable
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}

#[test]
fn static_local_is_a_private_global() {
    check(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
uint Next() {
    static uint counter = 10;
    counter++;
    return counter;
}
[numthreads(1, 1, 1)]
void main() {
    Out[0] = Next() + Next();
}
"#,
        expect![[r#"
            @g0 = resource storage_buffer RWStructuredBuffer<uint> set(0) binding(0) layout(relaxed_std430) ; Out
            @g1 = private uint = 10:uint ; Next.counter

            func @main_body() -> void {
            bb0: ; (entry)
              %0 = access_chain @g0, 0:int : ptr<storage_buffer, uint>
              %1 = call @Next() : uint
              %2 = call @Next() : uint
              %3 = add %1, %2 : uint
              store %0, %3
              ret
            }

            func @main() -> void {
            bb0: ; (entry)
              call @main_body()
              ret
            }

            func @Next() -> uint {
            bb0: ; (entry)
              %0 = load @g1 : uint
              %1 = add %0, 1:uint : uint
              store @g1, %1
              %2 = load @g1 : uint
              ret %2
            }

            entry compute "main" @main numthreads(1, 1, 1) inputs() outputs()
        "#]],
    );
}
