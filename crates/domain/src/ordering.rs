//! Display orders of lists that an administrator arranges by hand (team members, FAQs): where each
//! record sits, and the changes a move writes.

use crate::id::EntityId;

/// A record's display order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placement {
    pub id: EntityId,
    pub order: u32,
}

impl Placement {
    pub fn new(id: EntityId, order: u32) -> Self {
        Self { id, order }
    }
}

/// Numbers `sequence` 1..n and returns the placements that differ from `before` (records not in
/// `before` are always returned).
pub(crate) fn renumber(sequence: &[EntityId], before: &[Placement]) -> Vec<Placement> {
    (1_u32..)
        .zip(sequence)
        .filter(|(order, id)| !before.iter().any(|placement| placement.id == **id && placement.order == *order))
        .map(|(order, id)| Placement::new(*id, order))
        .collect()
}

/// Clamps a requested position to `1..=max` (`max` at least 1).
pub(crate) fn clamp_position(requested: i64, max: usize) -> usize {
    let max = max.max(1);
    usize::try_from(requested.max(1)).unwrap_or(max).min(max)
}
