//! Control-flow analyses of one function: [`Cfg`] (successors, predecessors, reverse
//! post-order, reachability), [`DominatorTree`] (Cooper, Harvey and Kennedy's iterative
//! algorithm over reverse post-order) and [`DominanceFrontiers`]. Used by the verifier
//! (dominance of uses, phi predecessors) and by optimizer passes (mem2reg, CSE).
//!
//! Only blocks in the function's layout take part; edges to blocks outside it are dropped.
//! Every list is in a deterministic order (terminator order or layout order).

use crate::module::{Block, Function};

/// Successors and predecessors of a function's blocks, and their reverse post-order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cfg {
    layout: Vec<Block>,
    /// Layout position by block handle index.
    pos: Vec<Option<usize>>,
    succs: Vec<Vec<Block>>,
    preds: Vec<Vec<Block>>,
    rpo: Vec<Block>,
    /// Position in `rpo` by layout position; `None` for unreachable blocks.
    rpo_index: Vec<Option<usize>>,
}

impl Cfg {
    pub fn new(f: &Function) -> Cfg {
        let mut pos = vec![None; f.blocks.len()];
        let mut layout = Vec::new();
        for &b in &f.layout {
            if let Some(slot) = pos.get_mut(b.index()) {
                if slot.is_none() {
                    *slot = Some(layout.len());
                    layout.push(b);
                }
            }
        }
        let n = layout.len();
        let mut succs = vec![Vec::new(); n];
        let mut preds: Vec<Vec<Block>> = vec![Vec::new(); n];
        for (i, &b) in layout.iter().enumerate() {
            for s in f.successors(b) {
                if let Some(Some(sp)) = pos.get(s.index()) {
                    succs[i].push(s);
                    if !preds[*sp].contains(&b) {
                        preds[*sp].push(b);
                    }
                }
            }
        }
        // Predecessors in layout order, independent of edge discovery order.
        for p in &mut preds {
            p.sort_by_key(|b| pos[b.index()]);
        }
        let mut cfg = Cfg {
            layout,
            pos,
            succs,
            preds,
            rpo: Vec::new(),
            rpo_index: vec![None; n],
        };
        cfg.compute_rpo();
        cfg
    }

    fn compute_rpo(&mut self) {
        let n = self.layout.len();
        if n == 0 {
            return;
        }
        let mut visited = vec![false; n];
        let mut post = Vec::with_capacity(n);
        // Iterative DFS: (block position, next successor to visit).
        let mut stack = vec![(0usize, 0usize)];
        visited[0] = true;
        while let Some(&mut (b, ref mut next)) = stack.last_mut() {
            // Successors are visited last-first so that the reverse post-order lists them in
            // terminator order (the `then` arm before the `else` arm, a loop body before its exit).
            let succs = &self.succs[b];
            if *next < succs.len() {
                let s = succs[succs.len() - 1 - *next];
                *next += 1;
                let sp = self.pos[s.index()].unwrap_or(0);
                if !visited[sp] {
                    visited[sp] = true;
                    stack.push((sp, 0));
                }
            } else {
                post.push(b);
                stack.pop();
            }
        }
        post.reverse();
        for (i, &p) in post.iter().enumerate() {
            self.rpo_index[p] = Some(i);
        }
        self.rpo = post.into_iter().map(|p| self.layout[p]).collect();
    }

    fn position(&self, b: Block) -> Option<usize> {
        self.pos.get(b.index()).copied().flatten()
    }

    /// Blocks in layout order.
    pub fn blocks(&self) -> &[Block] {
        &self.layout
    }

    pub fn entry(&self) -> Option<Block> {
        self.layout.first().copied()
    }

    pub fn successors(&self, b: Block) -> &[Block] {
        self.position(b).map_or(&[], |p| &self.succs[p])
    }

    /// Predecessors in layout order, each once, reachable or not.
    pub fn predecessors(&self, b: Block) -> &[Block] {
        self.position(b).map_or(&[], |p| &self.preds[p])
    }

    /// Reachable blocks in reverse post-order (the entry first).
    pub fn reverse_post_order(&self) -> &[Block] {
        &self.rpo
    }

    pub fn is_reachable(&self, b: Block) -> bool {
        self.position(b)
            .is_some_and(|p| self.rpo_index[p].is_some())
    }

    fn rpo_number(&self, b: Block) -> Option<usize> {
        self.position(b).and_then(|p| self.rpo_index[p])
    }
}

/// Immediate dominators of the reachable blocks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DominatorTree {
    /// Immediate dominator by handle index; the entry is its own.
    idom: Vec<Option<Block>>,
    /// Reverse post-order number by handle index.
    rpo: Vec<Option<usize>>,
    /// Children by handle index, in layout order.
    children: Vec<Vec<Block>>,
}

impl DominatorTree {
    pub fn new(cfg: &Cfg) -> DominatorTree {
        let size = cfg.pos.len();
        let mut idom: Vec<Option<Block>> = vec![None; size];
        let mut rpo = vec![None; size];
        for &b in cfg.reverse_post_order() {
            rpo[b.index()] = cfg.rpo_number(b);
        }
        let Some(entry) = cfg.entry() else {
            return DominatorTree {
                idom,
                rpo,
                children: vec![Vec::new(); size],
            };
        };
        idom[entry.index()] = Some(entry);
        let intersect = |idom: &[Option<Block>], mut a: Block, mut b: Block| {
            while a != b {
                while rpo[a.index()] > rpo[b.index()] {
                    a = idom[a.index()].unwrap_or(entry);
                }
                while rpo[b.index()] > rpo[a.index()] {
                    b = idom[b.index()].unwrap_or(entry);
                }
            }
            a
        };
        let mut changed = true;
        while changed {
            changed = false;
            for &b in cfg.reverse_post_order().iter().skip(1) {
                let mut new_idom: Option<Block> = None;
                for &p in cfg.predecessors(b) {
                    if idom[p.index()].is_none() {
                        continue;
                    }
                    new_idom = Some(match new_idom {
                        None => p,
                        Some(cur) => intersect(&idom, p, cur),
                    });
                }
                if new_idom.is_some() && idom[b.index()] != new_idom {
                    idom[b.index()] = new_idom;
                    changed = true;
                }
            }
        }
        let mut children = vec![Vec::new(); size];
        for &b in cfg.blocks() {
            if b == entry {
                continue;
            }
            if let Some(d) = idom[b.index()] {
                children[d.index()].push(b);
            }
        }
        DominatorTree {
            idom,
            rpo,
            children,
        }
    }

    /// The immediate dominator; `None` for the entry and for unreachable blocks.
    pub fn idom(&self, b: Block) -> Option<Block> {
        let d = self.idom.get(b.index()).copied().flatten()?;
        (d != b).then_some(d)
    }

    pub fn is_reachable(&self, b: Block) -> bool {
        self.idom.get(b.index()).is_some_and(Option::is_some)
    }

    /// Whether `a` dominates `b` (every block dominates itself). False when either is
    /// unreachable.
    pub fn dominates(&self, a: Block, b: Block) -> bool {
        if !self.is_reachable(a) || !self.is_reachable(b) {
            return false;
        }
        let mut cur = b;
        loop {
            if cur == a {
                return true;
            }
            match self.idom(cur) {
                // Walking up only decreases the reverse post-order number.
                Some(d) if self.rpo[d.index()] < self.rpo[cur.index()] => cur = d,
                _ => return false,
            }
        }
    }

    /// Blocks immediately dominated by `b`, in layout order.
    pub fn children(&self, b: Block) -> &[Block] {
        self.children.get(b.index()).map_or(&[], Vec::as_slice)
    }
}

/// The dominance frontier of every reachable block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DominanceFrontiers {
    frontiers: Vec<Vec<Block>>,
}

impl DominanceFrontiers {
    pub fn new(cfg: &Cfg, domtree: &DominatorTree) -> DominanceFrontiers {
        let mut frontiers: Vec<Vec<Block>> = vec![Vec::new(); cfg.pos.len()];
        for &b in cfg.blocks() {
            if !domtree.is_reachable(b) {
                continue;
            }
            let preds: Vec<Block> = cfg
                .predecessors(b)
                .iter()
                .copied()
                .filter(|&p| domtree.is_reachable(p))
                .collect();
            // The entry has an implicit predecessor (the function's caller), so a back edge
            // to it makes it a join point as well.
            let join = preds.len() >= 2 || (Some(b) == cfg.entry() && !preds.is_empty());
            if !join {
                continue;
            }
            let stop = domtree.idom(b);
            for p in preds {
                let mut runner = Some(p);
                while let Some(r) = runner {
                    if Some(r) == stop {
                        break;
                    }
                    if !frontiers[r.index()].contains(&b) {
                        frontiers[r.index()].push(b);
                    }
                    runner = domtree.idom(r);
                }
            }
        }
        for f in &mut frontiers {
            f.sort_by_key(|b| cfg.position(*b));
        }
        DominanceFrontiers { frontiers }
    }

    /// The frontier of `b`, in layout order.
    pub fn frontier(&self, b: Block) -> &[Block] {
        self.frontiers.get(b.index()).map_or(&[], Vec::as_slice)
    }
}
