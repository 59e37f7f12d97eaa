//! Typed handles and the arenas they index: the storage scheme of every IR entity
//! (functions, blocks, instructions, globals, constants). Used by the whole crate.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;

/// An index into an [`Arena<T>`]. Small, `Copy`, hashable and ordered by index.
pub struct Handle<T> {
    index: u32,
    marker: PhantomData<fn() -> T>,
}

impl<T> Handle<T> {
    pub fn new(index: usize) -> Handle<T> {
        Handle {
            index: index as u32,
            marker: PhantomData,
        }
    }

    pub fn index(self) -> usize {
        self.index as usize
    }
}

impl<T> Clone for Handle<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Handle<T> {}
impl<T> PartialEq for Handle<T> {
    fn eq(&self, other: &Self) -> bool {
        self.index == other.index
    }
}
impl<T> Eq for Handle<T> {}
impl<T> PartialOrd for Handle<T> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl<T> Ord for Handle<T> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.index.cmp(&other.index)
    }
}
impl<T> Hash for Handle<T> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.index.hash(state)
    }
}
impl<T> fmt::Debug for Handle<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.index)
    }
}

/// A growable store of `T`s addressed by [`Handle<T>`]. Entries are never removed, so
/// handles stay valid; what is "live" is decided by the owner (a block's instruction list,
/// a function's block layout).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Arena<T> {
    items: Vec<T>,
}

impl<T> Default for Arena<T> {
    fn default() -> Self {
        Arena { items: Vec::new() }
    }
}

impl<T: fmt::Debug> fmt::Debug for Arena<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<T> Arena<T> {
    pub fn new() -> Arena<T> {
        Arena::default()
    }

    pub fn push(&mut self, item: T) -> Handle<T> {
        self.items.push(item);
        Handle::new(self.items.len() - 1)
    }

    /// `None` for a handle that is out of range (the verifier uses this on garbage).
    pub fn get(&self, h: Handle<T>) -> Option<&T> {
        self.items.get(h.index())
    }

    pub fn get_mut(&mut self, h: Handle<T>) -> Option<&mut T> {
        self.items.get_mut(h.index())
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Drops every item from index `len` on (the handles made after the arena had `len`
    /// items); handles to them must no longer be used.
    pub fn truncate(&mut self, len: usize) {
        self.items.truncate(len);
    }

    pub fn iter(&self) -> impl Iterator<Item = (Handle<T>, &T)> + '_ {
        self.items
            .iter()
            .enumerate()
            .map(|(i, t)| (Handle::new(i), t))
    }

    pub fn handles(&self) -> impl Iterator<Item = Handle<T>> {
        (0..self.items.len()).map(Handle::new)
    }
}

/// Panics on an out-of-range handle; code that may see garbage uses [`Arena::get`].
impl<T> std::ops::Index<Handle<T>> for Arena<T> {
    type Output = T;
    fn index(&self, h: Handle<T>) -> &T {
        &self.items[h.index()]
    }
}

impl<T> std::ops::IndexMut<Handle<T>> for Arena<T> {
    fn index_mut(&mut self, h: Handle<T>) -> &mut T {
        &mut self.items[h.index()]
    }
}

/// A name kept for people reading the dump. It never takes part in equality or hashing, so
/// renaming a value does not change the IR as far as salsa or a pass is concerned.
#[derive(Clone, Default)]
pub struct NameHint(pub Option<String>);

impl NameHint {
    pub fn new(name: impl Into<String>) -> NameHint {
        NameHint(Some(name.into()))
    }

    pub fn as_deref(&self) -> Option<&str> {
        self.0.as_deref()
    }
}

impl PartialEq for NameHint {
    fn eq(&self, _: &NameHint) -> bool {
        true
    }
}
impl Eq for NameHint {}
impl Hash for NameHint {
    fn hash<H: Hasher>(&self, _: &mut H) {}
}
impl fmt::Debug for NameHint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}
