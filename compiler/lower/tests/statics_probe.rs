//! Forms the lowering used to refuse with "not supported yet" (issue #4, item 4): default
//! arguments computed by calls, intrinsics and constructors at each call that leaves them
//! out (DXC evaluates a default at the call, in the declaration's scope). The dumps are
//! verified; the kernels also run on the interpreter with values worked out by hand.

mod common;

use expect_test::expect;
use lower::ShaderStage;

const DEFAULT_CALLS: &str = r#"
RWStructuredBuffer<uint> Out : register(u0);
RWStructuredBuffer<uint> In : register(u1);
struct Pair { uint a; uint b; };
static uint counter = 0;
static uint doubled = In[2] * 2;
uint second() { return In[1]; }
Pair make(uint x) { Pair p; p.a = x; p.b = x * 3; return p; }
uint bump() { counter += 1; return counter; }
uint first(uint a = second() + 1) { return a; }
uint fromStruct(Pair p = make(In[0])) { return p.a + p.b; }
uint largest(uint m = max(In[0], In[2])) { return m; }
uint trace(uint2x2 k = uint2x2(In[0], 0, 0, In[1])) { return k._m00 + k._m11; }
uint fromStatic(uint v = doubled) { return v; }
uint tick(uint v = bump()) { return v; }
[numthreads(1, 1, 1)]
void main() {
    Out[0] = first();
    Out[1] = first(5);
    Out[2] = fromStruct();
    Out[3] = largest();
    Out[4] = trace();
    Out[5] = fromStatic();
    Out[6] = tick();
    Out[7] = tick();
}
"#;

#[test]
fn defaults_that_call_functions_run_at_each_call() {
    // In = {4, 7, 9}: second() + 1 = 8; make(4) = {4, 12}, 4 + 12 = 16; max(4, 9) = 9;
    // the matrix's diagonal 4 + 7 = 11; doubled = 9 * 2 = 18; each tick() bumps the counter
    // again (1, then 2), as the default runs at every call.
    let out = common::run_u32(DEFAULT_CALLS, vec![vec![0; 8], vec![4, 7, 9]]);
    assert_eq!(out[0], [8, 5, 16, 9, 11, 18, 1, 2]);
}

#[test]
fn a_default_calling_a_function_is_computed_at_the_call() {
    let m = common::lower_stage(
        r#"
cbuffer C { float4 v4; };
float g() { return v4.y; }
float h(float a = g() * 2) { return a; }
float4 main() : SV_Target { return h() + h(1); }
"#,
        ShaderStage::Pixel,
    );
    expect![[r#"
        struct type.C { float4 v4; }

        @g0 = output float4 location(0) ; out.SV_Target
        @g1 = resource uniform ConstantBuffer<type.C> set(0) binding(0) layout(relaxed_std140) ; C

        func @main_body() -> float4 {
        bb0: ; (entry)
          %0 = call @g() : float
          %1 = mul %0, 2.0:float : float
          %2 = call @h(%1) : float
          %3 = call @h(1.0:float) : float
          %4 = add %2, %3 : float
          %5 = composite_construct %4, %4, %4, %4 : float4
          ret %5
        }

        func @main() -> void {
        bb0: ; (entry)
          %0 = call @main_body() : float4
          store @g0, %0
          ret
        }

        func @h(%arg0: float) -> float {
        bb0: ; (entry)
          %0 = alloca : ptr<function, float> ; a
          store %0, %arg0
          %1 = load %0 : float
          ret %1
        }

        func @g() -> float {
        bb0: ; (entry)
          %0 = access_chain @g1, 0:int : ptr<uniform, float4>
          %1 = load %0 : float4
          %2 = composite_extract %1, [1] : float
          ret %2
        }

        entry pixel "main" @main inputs() outputs(@g0)
    "#]]
    .assert_eq(&ir::print_module(&m));
}

#[test]
fn a_default_that_needs_itself_is_an_error_not_a_hang() {
    let err = common::lower_errors(
        r#"
RWStructuredBuffer<uint> Out : register(u0);
uint loop(uint x = loop()) { return x; }
[numthreads(1, 1, 1)]
void main() { Out[0] = loop(); }
"#,
    );
    expect!["E3050 65..71: this default argument needs its own value: the calls in it leave out arguments whose defaults come back to it"].assert_eq(&err);
}
