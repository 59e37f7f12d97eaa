//! `vk::BufferPointer` to the struct that holds it (a linked list), directly or through
//! other structs: the field's pointee is a reference to the enclosing struct, unfolded when
//! the member is read, so `p.Get().next.Get().v` walks the list one level per `Get()`.

use expect_test::expect;

use super::{check_diagnostics, check_infer_hlsl};

#[test]
fn a_list_node_points_to_its_own_type() {
    // `Node` is a float (4 bytes) and a pointer (8, aligned to 8): aligned to 8, which is the
    // default alignment of a pointer to it.
    check_infer_hlsl(
        r#"
struct Node { float v; vk::BufferPointer<Node> next; };
float f(vk::BufferPointer<Node> p) {
    vk::BufferPointer<Node> q = p.Get().next;
    return q.Get().next.Get().v;
}
"#,
        expect![[r#"
            fn f:
            p.Get().next : vk::BufferPointer<Node, 8>
            p.Get() : Node
            p : vk::BufferPointer<Node, 8>
            q.Get().next.Get().v : float
            q.Get().next.Get() : Node
            q.Get().next : vk::BufferPointer<Node, 8>
            q.Get() : Node
            q : vk::BufferPointer<Node, 8>
            local p : vk::BufferPointer<Node, 8>
            local q : vk::BufferPointer<Node, 8>
        "#]],
    );
}

#[test]
fn structs_pointing_to_each_other() {
    // `A` → `B` (nested, so declared before use) → `A`, and a pointer to the enclosing struct
    // from a struct nested in it, with an explicit alignment.
    check_infer_hlsl(
        r#"
struct A { struct B { int n; vk::BufferPointer<A> a; }; vk::BufferPointer<B> b; int m; };
struct Outer { struct Inner { vk::BufferPointer<Outer, 16> up; } i; float x; };
int f(vk::BufferPointer<A> p, Outer o, A::B b) {
    A::B c = p.Get().b.Get();
    c = b;
    return p.Get().b.Get().a.Get().m + c.a.Get().b.Get().n + int(o.i.up.Get().i.up.Get().x);
}
"#,
        expect![[r#"
            fn f:
            p.Get().b.Get() : A::B
            p.Get().b : vk::BufferPointer<A::B, 8>
            p.Get() : A
            p : vk::BufferPointer<A, 8>
            c = b : A::B
            c : A::B
            b : A::B
            p.Get().b.Get().a.Get().m + c.a.Get().b.Get().n + int(o.i.up.Get().i.up.Get().x) : int
            p.Get().b.Get().a.Get().m + c.a.Get().b.Get().n : int
            p.Get().b.Get().a.Get().m : int
            p.Get().b.Get().a.Get() : A
            p.Get().b.Get().a : vk::BufferPointer<A, 8>
            p.Get().b.Get() : A::B
            p.Get().b : vk::BufferPointer<A::B, 8>
            p.Get() : A
            p : vk::BufferPointer<A, 8>
            c.a.Get().b.Get().n : int
            c.a.Get().b.Get() : A::B
            c.a.Get().b : vk::BufferPointer<A::B, 8>
            c.a.Get() : A
            c.a : vk::BufferPointer<A, 8>
            c : A::B
            int(o.i.up.Get().i.up.Get().x) : int
            int : {unknown}
            o.i.up.Get().i.up.Get().x : float
            o.i.up.Get().i.up.Get() : Outer
            o.i.up.Get().i.up : vk::BufferPointer<Outer, 16>
            o.i.up.Get().i : Outer::Inner
            o.i.up.Get() : Outer
            o.i.up : vk::BufferPointer<Outer, 16>
            o.i : Outer::Inner
            o : Outer
            local p : vk::BufferPointer<A, 8>
            local o : Outer
            local b : A::B
            local c : A::B
        "#]],
    );
}

#[test]
fn forward_declared_structs_point_to_each_other() {
    // `struct B;` declares `B` before `A` points to it; a typedef of the pointer, written
    // before the struct's definition, is the same pointer inside and outside it.
    check_infer_hlsl(
        r#"
struct B;
struct A { vk::BufferPointer<B> b; int m; };
struct B { int n; vk::BufferPointer<A> a; };
struct Node;
typedef vk::BufferPointer<Node> NodePtr;
struct Node { float4 color; NodePtr next; };
int f(vk::BufferPointer<A> p, NodePtr q) {
    NodePtr r = q.Get().next;
    return p.Get().b.Get().a.Get().m + (int)r.Get().color.x;
}
"#,
        expect![[r#"
            fn f:
            q.Get().next : vk::BufferPointer<Node, 16>
            q.Get() : Node
            q : vk::BufferPointer<Node, 16>
            p.Get().b.Get().a.Get().m + (int)r.Get().color.x : int
            p.Get().b.Get().a.Get().m : int
            p.Get().b.Get().a.Get() : A
            p.Get().b.Get().a : vk::BufferPointer<A, 8>
            p.Get().b.Get() : B
            p.Get().b : vk::BufferPointer<B, 8>
            p.Get() : A
            p : vk::BufferPointer<A, 8>
            (int)r.Get().color.x : int
            r.Get().color.x : float
            r.Get().color : float4
            r.Get() : Node
            r : vk::BufferPointer<Node, 16>
            local p : vk::BufferPointer<A, 8>
            local q : vk::BufferPointer<Node, 16>
            local r : vk::BufferPointer<Node, 16>
        "#]],
    );
}

#[test]
fn misuses_of_the_recursive_pointer_are_reported() {
    // A pointer's alignment is checked as for any pointee; assigning a pointer to another
    // type is a mismatch; a pointer to an array of the enclosing struct is not supported.
    check_diagnostics(
        r#"
struct T { vk::BufferPointer<T[2]> arr; float x; };
struct Node { float v; vk::BufferPointer<Node, 3> next; };
struct S { float v; vk::BufferPointer<float, 3> next; };
struct L { int v; vk::BufferPointer<L> next; };
struct M { int v; vk::BufferPointer<M> next; };
void f(vk::BufferPointer<L> l) {
    vk::BufferPointer<M> m = l.Get().next;
}
"#,
        expect![[r#"
            E2020 2:36 `arr`: not supported yet: vk::BufferPointer to an array of `T` inside `T` itself
            E2037 3:51 `next`: the alignment of vk::BufferPointer must be a constant power of two
            E2037 4:49 `next`: the alignment of vk::BufferPointer must be a constant power of two
            E2003 8:30 `l.Get().next`: cannot convert from `vk::BufferPointer<L, 8>` to `vk::BufferPointer<M, 8>`
        "#]],
    );
}
