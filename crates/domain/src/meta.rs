//! What every editable record carries besides its own fields: its version and who created it and who
//! changed it last.
//!
//! The version starts at 1 and grows by one with each stored change; an update names the version it
//! started from and is refused when the record has moved on since (someone else saved in between).
//! A version belongs to one stored row: today a record is one row, and a translation kept in a row
//! of its own later carries a version of its own, so editing one language never makes the others
//! stale.

use crate::EntityId;

/// The account that made a change, named as it was when it made it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Editor {
    pub id: EntityId,
    pub name: String,
}

/// A record's version and authorship.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordMeta {
    /// 1 at creation, one more at each stored change.
    pub version: i64,
    /// Who created the record: `None` for records from before authorship was kept and for what a
    /// visitor sent (a contact message, a project request).
    pub created_by: Option<Editor>,
    /// Who changed it last; `None` until a signed-in person changes it.
    pub updated_by: Option<Editor>,
}

impl RecordMeta {
    /// The version of a record that was never changed.
    pub const FIRST_VERSION: i64 = 1;
}

impl Default for RecordMeta {
    fn default() -> Self {
        Self { version: Self::FIRST_VERSION, created_by: None, updated_by: None }
    }
}
