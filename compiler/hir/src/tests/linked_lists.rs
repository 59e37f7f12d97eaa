//! `vk::BufferPointer` to the struct that holds it (a linked list): DXC declares the pointer
//! with `OpTypeForwardPointer`; our types cannot hold the cycle yet, so the field says "not
//! supported yet" (rather than leaving the struct's type unknown), while a pointer to the
//! struct in its own methods, where the struct is complete, is fine.

use expect_test::expect;

use super::check_diagnostics;

#[test]
fn a_pointer_to_the_enclosing_struct_is_not_supported_yet() {
    check_diagnostics(
        r#"
struct Node { vk::BufferPointer<Node> next; int v; };
struct Outer { struct Inner { vk::BufferPointer<Outer> up; } i; };
struct Tree { int v; int get(vk::BufferPointer<Tree> p) { vk::BufferPointer<Tree> q = p; return q.Get().v; } };
"#,
        expect![[r#"
            E2020 2:39 `next`: not supported yet: vk::BufferPointer<Node> inside `Node` itself (a linked list, which DXC declares with OpTypeForwardPointer)
            E2020 3:56 `up`: not supported yet: vk::BufferPointer<Outer> inside `Outer` itself (a linked list, which DXC declares with OpTypeForwardPointer)
        "#]],
    );
}
