//! `[[vk::offset(N)]]` in the IR: the struct line keeps the attribute as HLSL writes it and
//! the buffer's layout places the member there.

mod common;

use expect_test::expect;

#[test]
fn the_struct_line_and_layout_keep_vk_offset() {
    let m = common::lower(
        r#"
struct S { float4 a; [[vk::offset(32)]] float b; float c; };
RWStructuredBuffer<S> Data : register(u0);
[numthreads(1, 1, 1)]
void main() { Data[0].c = Data[0].b; }
"#,
    );
    let dump = ir::print_module(&m);
    let line = dump.lines().find(|l| l.starts_with("struct S")).unwrap();
    expect![[r#"struct S { float4 a; [[vk::offset(32)]] float b; float c; }"#]].assert_eq(line);
    // Relaxed std430: b at 32, c after it at 36; the size 40 rounds to the float4's 16: 48.
    let (_, g) = m.globals.iter().find(|(_, g)| g.name == "Data").unwrap();
    let layout = g.layout.as_ref().unwrap();
    let types::LayoutKind::Array { stride, element } = &layout.layout.kind else {
        panic!("{:?}", layout.layout)
    };
    assert_eq!(*stride, 48);
    let types::LayoutKind::Struct { members } = &element.kind else {
        panic!("{element:?}")
    };
    let offsets: Vec<u32> = members.iter().map(|m| m.offset).collect();
    assert_eq!(offsets, [0, 32, 36]);
}
