//! What the team needs from storage.

use std::future::Future;

use atelier_domain::ordering::Placement;
use atelier_domain::team::{TeamMember, TeamMemberStatus};
use atelier_domain::{EntityId, Page, PageRequest};

use crate::records::{Record, RecordRepository};

impl Record for TeamMember {
    const LABEL: &'static str = "Team member";
    type SaveError = anyhow::Error;
    type DeleteError = anyhow::Error;

    crate::records::record_fields!();

    fn title(&self) -> String {
        self.name.clone()
    }
}

/// Which team members a list call wants.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TeamFilter {
    pub status: Option<TeamMemberStatus>,
    /// Exact department name.
    pub department: Option<String>,
    /// Case-insensitive search over name, position, email and department.
    pub search: Option<String>,
    /// Only these members (a language that hides untranslated records lists only those
    /// translated there); `None` for every one.
    pub ids: Option<Vec<EntityId>>,
}

/// Stored team members. Display orders stay 1..n: every write that changes them takes the
/// placements to write and applies them with the record in one transaction, so the use cases write
/// members through these methods rather than the record port's plain ones.
pub trait TeamRepository: RecordRepository<TeamMember> {
    /// Members matching `filter`, ascending by display order, one page of them with the total.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn list_team_members(
        &self,
        filter: TeamFilter,
        page: PageRequest,
    ) -> impl Future<Output = anyhow::Result<Page<TeamMember>>> + Send;

    /// Every member's placement, ascending by display order (ties by creation time).
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn team_placements(&self) -> impl Future<Output = anyhow::Result<Vec<Placement>>> + Send;

    /// Stores a new member and writes `placements` (other members shifted), in one transaction.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn insert_team_member(
        &self,
        member: &TeamMember,
        placements: &[Placement],
    ) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// Replaces a stored member and writes `placements`, in one transaction; `false` (and nothing
    /// written) when no member has its id. Held to versions as [`RecordRepository::update`] is.
    ///
    /// # Errors
    /// [`crate::records::Stale`], and infrastructure faults.
    fn update_team_member(
        &self,
        member: &mut TeamMember,
        placements: &[Placement],
    ) -> impl Future<Output = anyhow::Result<bool>> + Send;

    /// Deletes a member and writes `placements` (the gap closed), in one transaction; `false` (and
    /// nothing written) when none had this id.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn delete_team_member(
        &self,
        id: EntityId,
        placements: &[Placement],
    ) -> impl Future<Output = anyhow::Result<bool>> + Send;

    /// Writes the display orders of the affected members, in one transaction.
    ///
    /// # Errors
    /// Only infrastructure faults.
    fn reorder_team_members(&self, placements: &[Placement]) -> impl Future<Output = anyhow::Result<()>> + Send;
}
