//! The parser's output and its reading in tree order.
//!
//! The parser records events; a node wrapped later (`precede`, as the left operand of a
//! binary expression) has its start event point forward to its parent's. `Output` keeps the
//! events as recorded, and `Steps` resolves those links while it walks them, so the parse
//! itself never makes a second pass over its events: only a tree builder reading the steps
//! does, once, as it builds.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::{Event, Step};
use crate::SyntaxKind;

/// The result of parsing: the events in the order the grammar recorded them, and the error
/// messages they refer to.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Output {
    pub(super) events: Vec<Event>,
    pub errors: Vec<String>,
}

impl Output {
    /// The steps in tree order.
    pub fn steps(&self) -> Steps<'_> {
        Steps {
            events: &self.events,
            next: 0,
            parents: Vec::new(),
            entered: BinaryHeap::new(),
        }
    }

    /// The error steps `(message, index, after)` in tree order (a cheap walk: errors are never
    /// reordered by `precede`); with `after`, the error sits at the end of token `index`.
    pub fn errors_at(&self) -> impl Iterator<Item = (u32, u32, bool)> + '_ {
        self.events.iter().filter_map(|e| match *e {
            Event::Error {
                message,
                index,
                after,
            } => Some((message, index, after)),
            _ => None,
        })
    }
}

/// The steps of an `Output` in tree order: forward parents are entered before the node they
/// wrap (outermost first) and skipped when the walk reaches their own start event.
pub struct Steps<'a> {
    events: &'a [Event],
    /// The next event to read.
    next: usize,
    /// Enters still to yield before reading on, innermost first (popped from the end).
    parents: Vec<SyntaxKind>,
    /// Start events already entered as forward parents, smallest index first.
    entered: BinaryHeap<Reverse<usize>>,
}

impl Steps<'_> {
    /// The input index of the next token step, if any.
    pub fn next_token(&self) -> Option<usize> {
        self.events.get(self.next..)?.iter().find_map(|e| match *e {
            Event::Token { index, .. } => Some(index as usize),
            _ => None,
        })
    }
}

impl Iterator for Steps<'_> {
    type Item = Step;

    #[inline]
    fn next(&mut self) -> Option<Step> {
        if let Some(kind) = self.parents.pop() {
            return Some(Step::Enter(kind));
        }
        loop {
            let i = self.next;
            let event = *self.events.get(i)?;
            self.next += 1;
            if let Event::Start { kind, .. } = event {
                // Skip a tombstone (an abandoned start) or a forward parent already entered.
                let mut skip = kind == SyntaxKind::__LAST;
                while let Some(&Reverse(entered)) = self.entered.peek() {
                    if entered > i {
                        break;
                    }
                    self.entered.pop();
                    skip |= entered == i;
                }
                if skip {
                    continue;
                }
            }
            let step = match event {
                Event::Start {
                    kind,
                    forward_parent: None,
                } => Step::Enter(kind),
                Event::Start {
                    kind,
                    forward_parent: Some(delta),
                } => {
                    // Enter the chain of forward parents, outermost first, then this node.
                    self.parents.push(kind);
                    let mut idx = i + delta as usize;
                    while let Some(&Event::Start {
                        kind,
                        forward_parent,
                    }) = self.events.get(idx)
                    {
                        self.entered.push(Reverse(idx));
                        if kind != SyntaxKind::__LAST {
                            self.parents.push(kind);
                        }
                        match forward_parent {
                            Some(delta) => idx += delta as usize,
                            None => break,
                        }
                    }
                    // `parents` ends with the outermost: yield from the end.
                    match self.parents.pop() {
                        Some(kind) => Step::Enter(kind),
                        None => continue,
                    }
                }
                Event::Finish => Step::Exit,
                Event::Token { kind, index, split } => Step::Token { kind, index, split },
                Event::Error { message, index, .. } => Step::Error { message, index },
            };
            return Some(step);
        }
    }
}
