//! CFG analyses on small shapes: diamond, loop, nested loops, unreachable blocks.

use expect_test::{expect, Expect};
use ir::types::Type;
use ir::{Block, Cfg, DominanceFrontiers, DominatorTree, Function, ModuleBuilder};

/// Builds a function whose blocks `0..n` branch as `edges` say: no successor is `ret`, one is
/// `br`, two are `cond_br` on a parameter, more are a `switch`.
fn graph(n: usize, edges: &[(usize, &[usize])]) -> Function {
    let mut mb = ModuleBuilder::new();
    let f = mb.declare_function("g", vec![Type::BOOL, Type::INT], Type::Void);
    let mut fb = mb.function(f);
    let blocks: Vec<Block> = (0..n).map(|_| fb.create_block("")).collect();
    for (i, &b) in blocks.iter().enumerate() {
        fb.switch_to_block(b);
        let succs = edges
            .iter()
            .find(|(from, _)| *from == i)
            .map_or(&[][..], |(_, s)| s);
        match succs {
            [] => fb.ret(None),
            [t] => fb.br(blocks[*t]),
            [t, e] => fb.cond_br(fb.arg(0), blocks[*t], blocks[*e]),
            [d, rest @ ..] => {
                let cases: Vec<(i64, Block)> = rest
                    .iter()
                    .enumerate()
                    .map(|(k, &t)| (k as i64, blocks[t]))
                    .collect();
                fb.switch(fb.arg(1), blocks[*d], &cases);
            }
        }
    }
    let m = mb.finish();
    m.functions[f].clone()
}

fn name(f: &Function, b: Block) -> String {
    format!("bb{}", f.block_position(b).unwrap())
}

fn names(f: &Function, bs: &[Block]) -> String {
    bs.iter().map(|&b| name(f, b)).collect::<Vec<_>>().join(" ")
}

/// One line per block: successors, predecessors, idom, dominance frontier; then the RPO.
fn describe(f: &Function, expect: Expect) {
    let cfg = Cfg::new(f);
    let dom = DominatorTree::new(&cfg);
    let df = DominanceFrontiers::new(&cfg, &dom);
    let mut out = String::new();
    for &b in cfg.blocks() {
        let idom = dom.idom(b).map_or("-".to_owned(), |d| name(f, d));
        let reach = if cfg.is_reachable(b) {
            ""
        } else {
            " (unreachable)"
        };
        out.push_str(&format!(
            "{}{reach}: succs [{}] preds [{}] idom {idom} df [{}] children [{}]\n",
            name(f, b),
            names(f, cfg.successors(b)),
            names(f, cfg.predecessors(b)),
            names(f, df.frontier(b)),
            names(f, dom.children(b)),
        ));
    }
    out.push_str(&format!("rpo: {}\n", names(f, cfg.reverse_post_order())));
    expect.assert_eq(&out);
}

#[test]
fn diamond() {
    let f = graph(4, &[(0, &[1, 2]), (1, &[3]), (2, &[3])]);
    describe(
        &f,
        expect![[r#"
            bb0: succs [bb1 bb2] preds [] idom - df [] children [bb1 bb2 bb3]
            bb1: succs [bb3] preds [bb0] idom bb0 df [bb3] children []
            bb2: succs [bb3] preds [bb0] idom bb0 df [bb3] children []
            bb3: succs [] preds [bb1 bb2] idom bb0 df [] children []
            rpo: bb0 bb1 bb2 bb3
        "#]],
    );
    let cfg = Cfg::new(&f);
    let dom = DominatorTree::new(&cfg);
    let b = cfg.blocks();
    assert!(dom.dominates(b[0], b[3]));
    assert!(!dom.dominates(b[1], b[3]));
    assert!(dom.dominates(b[3], b[3]));
}

#[test]
fn simple_loop() {
    // 0 -> 1 (header) -> 2 (body) -> 3 (continue) -> 1; 1 -> 4 (exit)
    let f = graph(5, &[(0, &[1]), (1, &[2, 4]), (2, &[3]), (3, &[1])]);
    describe(
        &f,
        expect![[r#"
            bb0: succs [bb1] preds [] idom - df [] children [bb1]
            bb1: succs [bb2 bb4] preds [bb0 bb3] idom bb0 df [bb1] children [bb2 bb4]
            bb2: succs [bb3] preds [bb1] idom bb1 df [bb1] children [bb3]
            bb3: succs [bb1] preds [bb2] idom bb2 df [bb1] children []
            bb4: succs [] preds [bb1] idom bb1 df [] children []
            rpo: bb0 bb1 bb2 bb3 bb4
        "#]],
    );
}

#[test]
fn nested_loops() {
    // outer header 1, inner header 2, inner continue 3, outer continue 4, exit 5
    let f = graph(
        6,
        &[(0, &[1]), (1, &[2, 5]), (2, &[3, 4]), (3, &[2]), (4, &[1])],
    );
    describe(
        &f,
        expect![[r#"
            bb0: succs [bb1] preds [] idom - df [] children [bb1]
            bb1: succs [bb2 bb5] preds [bb0 bb4] idom bb0 df [bb1] children [bb2 bb5]
            bb2: succs [bb3 bb4] preds [bb1 bb3] idom bb1 df [bb1 bb2] children [bb3 bb4]
            bb3: succs [bb2] preds [bb2] idom bb2 df [bb2] children []
            bb4: succs [bb1] preds [bb2] idom bb2 df [bb1] children []
            bb5: succs [] preds [bb1] idom bb1 df [] children []
            rpo: bb0 bb1 bb2 bb3 bb4 bb5
        "#]],
    );
}

#[test]
fn unreachable_blocks() {
    // 2 is unreachable but branches into the reachable 3; 4 is an unreachable island.
    let f = graph(5, &[(0, &[1]), (1, &[3]), (2, &[3]), (4, &[4])]);
    describe(
        &f,
        expect![[r#"
            bb0: succs [bb1] preds [] idom - df [] children [bb1]
            bb1: succs [bb3] preds [bb0] idom bb0 df [] children [bb3]
            bb2 (unreachable): succs [bb3] preds [] idom - df [] children []
            bb3: succs [] preds [bb1 bb2] idom bb1 df [] children []
            bb4 (unreachable): succs [bb4] preds [bb4] idom - df [] children []
            rpo: bb0 bb1 bb3
        "#]],
    );
    let cfg = Cfg::new(&f);
    let dom = DominatorTree::new(&cfg);
    let b = cfg.blocks();
    assert!(!dom.dominates(b[2], b[3]));
    assert!(!dom.dominates(b[0], b[2]));
}

#[test]
fn switch_with_shared_targets() {
    // A switch whose cases share a target: each successor and predecessor appears once.
    let f = graph(4, &[(0, &[3, 1, 2, 1]), (1, &[3]), (2, &[3])]);
    describe(
        &f,
        expect![[r#"
            bb0: succs [bb3 bb1 bb2] preds [] idom - df [] children [bb1 bb2 bb3]
            bb1: succs [bb3] preds [bb0] idom bb0 df [bb3] children []
            bb2: succs [bb3] preds [bb0] idom bb0 df [bb3] children []
            bb3: succs [] preds [bb0 bb1 bb2] idom bb0 df [] children []
            rpo: bb0 bb1 bb2 bb3
        "#]],
    );
}

#[test]
fn irreducible_graph_terminates() {
    // 0 -> 1, 0 -> 2, 1 <-> 2: two entries into one cycle.
    let f = graph(4, &[(0, &[1, 2]), (1, &[2, 3]), (2, &[1])]);
    describe(
        &f,
        expect![[r#"
            bb0: succs [bb1 bb2] preds [] idom - df [] children [bb1 bb2]
            bb1: succs [bb2 bb3] preds [bb0 bb2] idom bb0 df [bb2] children [bb3]
            bb2: succs [bb1] preds [bb0 bb1] idom bb0 df [bb1] children []
            bb3: succs [] preds [bb1] idom bb1 df [] children []
            rpo: bb0 bb2 bb1 bb3
        "#]],
    );
}

#[test]
fn loop_back_to_entry() {
    let f = graph(2, &[(0, &[1]), (1, &[0, 1])]);
    describe(
        &f,
        expect![[r#"
            bb0: succs [bb1] preds [bb1] idom - df [bb0] children [bb1]
            bb1: succs [bb0 bb1] preds [bb0 bb1] idom bb0 df [bb0 bb1] children []
            rpo: bb0 bb1
        "#]],
    );
}
