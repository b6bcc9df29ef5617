//! Team members: the people shown on the about page, in an order the administrator arranges.
//!
//! Display orders always run exactly 1..n over all members: adding appends (or inserts at the order
//! asked for), removing closes the gap, and moving shifts the neighbours. The rules here are pure
//! functions over the current placements; the store writes the placements they return.

use crate::meta::RecordMeta;
use chrono::{DateTime, Utc};

use crate::id::EntityId;
use crate::ordering::{Placement, clamp_position, renumber};
use crate::patch::{set, text_list};
use crate::validation::{FieldErrors, email, optional_image, optional_text, optional_url, required_text};

pub const MAX_NAME_LEN: usize = 120;
pub const MAX_POSITION_LEN: usize = 120;
pub const MAX_BIO_LEN: usize = 10_000;
pub const MAX_DEPARTMENT_LEN: usize = 100;
pub const MAX_SKILLS: usize = 30;
pub const MAX_SKILL_LEN: usize = 60;
/// The largest display order accepted in a request; larger ones are clamped to the list's end anyway.
pub const MAX_ORDER: i64 = 1_000_000;

/// Whether a member is shown on the public site.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TeamMemberStatus {
    #[default]
    Active,
    Inactive,
}

crate::word_enum!(TeamMemberStatus, |_| "Status must be active or inactive".to_owned(), {
    Active => "active",
    Inactive => "inactive",
});

/// Links to a member's profiles: absolute URLs, or empty.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SocialLinks {
    pub linkedin: String,
    pub twitter: String,
    pub github: String,
    pub website: String,
}

/// A stored team member.
#[derive(Debug, Clone, PartialEq)]
pub struct TeamMember {
    /// Its version and who created and last changed it.
    pub meta: RecordMeta,
    pub id: EntityId,
    pub name: String,
    pub position: String,
    /// Lowercased.
    pub email: String,
    /// Markdown.
    pub bio: String,
    /// An absolute URL or a path on this site; may be empty.
    pub avatar: String,
    pub status: TeamMemberStatus,
    /// 1..n over all members.
    pub order: u32,
    pub social_links: SocialLinks,
    pub skills: Vec<String>,
    pub department: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// Social links as sent; `None` means "not sent".
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SocialLinksInput {
    pub linkedin: Option<String>,
    pub twitter: Option<String>,
    pub github: Option<String>,
    pub website: Option<String>,
}

/// The fields of a team member as a client sent them. `None` means "not sent".
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TeamMemberInput {
    pub name: Option<String>,
    pub position: Option<String>,
    pub email: Option<String>,
    pub bio: Option<String>,
    pub avatar: Option<String>,
    pub status: Option<String>,
    pub order: Option<i64>,
    pub social_links: Option<SocialLinksInput>,
    pub skills: Option<Vec<String>>,
    pub department: Option<String>,
}

/// Validated changes to a team member. The order is not applied by [`TeamMember::apply`]: it is a
/// request to move, resolved against the whole list by [`insert_member`] or [`move_member`].
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TeamMemberChanges {
    name: Option<String>,
    position: Option<String>,
    email: Option<String>,
    bio: Option<String>,
    avatar: Option<String>,
    status: Option<TeamMemberStatus>,
    order: Option<i64>,
    social_links: Option<SocialLinksInput>,
    skills: Option<Vec<String>>,
    department: Option<String>,
}

impl TeamMemberChanges {
    /// Checks every sent field; on creation the name, position and email are required.
    pub fn parse(input: TeamMemberInput, creating: bool) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let name = match (input.name.as_deref(), creating) {
            (None, false) => None,
            (name, _) => errors.check("name", required_text(name, "Name", MAX_NAME_LEN)),
        };
        let position = match (input.position.as_deref(), creating) {
            (None, false) => None,
            (position, _) => errors.check("position", required_text(position, "Position", MAX_POSITION_LEN)),
        };
        let email = match (input.email.as_deref(), creating) {
            (None, false) => None,
            (address, _) => errors.check("email", email(address.unwrap_or_default(), "Email")),
        };
        let bio = input.bio.and_then(|text| errors.check("bio", optional_text(Some(&text), "Bio", MAX_BIO_LEN)));
        let avatar = input.avatar.and_then(|url| errors.check("avatar", optional_image(Some(&url), "Avatar")));
        let status = input.status.and_then(|status| errors.check("status", TeamMemberStatus::parse(&status)));
        let order = input.order.and_then(|order| {
            errors.check(
                "order",
                if (1..=MAX_ORDER).contains(&order) {
                    Ok(order)
                } else {
                    Err(format!("Order must be a whole number from 1 to {MAX_ORDER}"))
                },
            )
        });
        let social_links = input.social_links.map(|links| {
            let mut check = |field: &str, value: Option<String>, label: &str| {
                value.and_then(|url| errors.check(&format!("socialLinks.{field}"), optional_url(Some(&url), label)))
            };
            SocialLinksInput {
                linkedin: check("linkedin", links.linkedin, "LinkedIn link"),
                twitter: check("twitter", links.twitter, "Twitter link"),
                github: check("github", links.github, "GitHub link"),
                website: check("website", links.website, "Website link"),
            }
        });
        let skills = input
            .skills
            .and_then(|skills| errors.check("skills", text_list(&skills, "skills", MAX_SKILLS, MAX_SKILL_LEN)));
        let department = input
            .department
            .and_then(|text| errors.check("department", optional_text(Some(&text), "Department", MAX_DEPARTMENT_LEN)));
        errors.finish(|| Self { name, position, email, bio, avatar, status, order, social_links, skills, department })
    }

    /// The display order asked for, if any.
    pub fn order(&self) -> Option<i64> {
        self.order
    }
}

impl TeamMember {
    /// A new member at display order `order` (chosen by [`insert_member`]).
    pub fn create(id: EntityId, changes: TeamMemberChanges, order: u32, now: DateTime<Utc>) -> Self {
        let mut member = Self {
            meta: RecordMeta::default(),
            id,
            name: String::new(),
            position: String::new(),
            email: String::new(),
            bio: String::new(),
            avatar: String::new(),
            status: TeamMemberStatus::default(),
            order,
            social_links: SocialLinks::default(),
            skills: Vec::new(),
            department: String::new(),
            created_at: now,
            updated_at: now,
        };
        member.apply(changes, now);
        member
    }

    /// Applies the fields that were sent, except the order, and stamps the update time.
    pub fn apply(&mut self, changes: TeamMemberChanges, now: DateTime<Utc>) {
        let TeamMemberChanges {
            name,
            position,
            email,
            bio,
            avatar,
            status,
            order: _,
            social_links,
            skills,
            department,
        } = changes;
        set(&mut self.name, name);
        set(&mut self.position, position);
        set(&mut self.email, email);
        set(&mut self.bio, bio);
        set(&mut self.avatar, avatar);
        set(&mut self.status, status);
        if let Some(links) = social_links {
            set(&mut self.social_links.linkedin, links.linkedin);
            set(&mut self.social_links.twitter, links.twitter);
            set(&mut self.social_links.github, links.github);
            set(&mut self.social_links.website, links.website);
        }
        set(&mut self.skills, skills);
        set(&mut self.department, department);
        self.updated_at = now;
    }
}

fn ids(current: &[Placement]) -> Vec<EntityId> {
    current.iter().map(|placement| placement.id).collect()
}

/// Where a new member goes and whom it shifts. `current` is every member in display order; the new
/// member is appended at n+1, or inserted at `requested` (clamped to 1..=n+1) with later members
/// shifted down. Returns the changed placements, the new member's included.
pub fn insert_member(current: &[Placement], new: EntityId, requested: Option<i64>) -> Vec<Placement> {
    let mut sequence = ids(current);
    let last = sequence.len() + 1;
    let position = requested.map_or(last, |requested| clamp_position(requested, last));
    sequence.insert(position - 1, new);
    renumber(&sequence, current)
}

/// The placements that change when `removed` leaves the list: later members move up one.
pub fn remove_member(current: &[Placement], removed: EntityId) -> Vec<Placement> {
    let sequence: Vec<_> = ids(current).into_iter().filter(|id| *id != removed).collect();
    renumber(&sequence, current)
}

/// The placements that change when `moved` goes to `new_order` (clamped to 1..=n) and its
/// neighbours shift; `None` when `moved` is not in the list.
pub fn move_member(current: &[Placement], moved: EntityId, new_order: i64) -> Option<Vec<Placement>> {
    let mut sequence = ids(current);
    let from = sequence.iter().position(|id| *id == moved)?;
    sequence.remove(from);
    let to = clamp_position(new_order, sequence.len() + 1);
    sequence.insert(to - 1, moved);
    Some(renumber(&sequence, current))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(n: u8) -> EntityId {
        EntityId::from_parts(1, [n; 8])
    }

    /// Members 1..=count at orders 1..=count.
    fn list(count: u8) -> Vec<Placement> {
        (1..=count).map(|n| Placement::new(id(n), u32::from(n))).collect()
    }

    /// Applies changes and returns the member numbers in display order.
    fn after(current: &[Placement], changes: &[Placement]) -> Vec<u8> {
        let mut all: Vec<Placement> = current
            .iter()
            .map(|placement| changes.iter().find(|change| change.id == placement.id).copied().unwrap_or(*placement))
            .collect();
        all.extend(changes.iter().filter(|change| !current.iter().any(|placement| placement.id == change.id)));
        all.sort_by_key(|placement| placement.order);
        let orders: Vec<u32> = all.iter().map(|placement| placement.order).collect();
        assert_eq!(orders, (1..=u32::try_from(all.len()).unwrap()).collect::<Vec<_>>(), "orders stay 1..n");
        all.iter().map(|placement| (1..=255).find(|n| id(*n) == placement.id).unwrap()).collect()
    }

    #[test]
    fn moving_up_one_swaps_with_the_member_above() {
        let current = list(4);
        let changes = move_member(&current, id(3), 2).unwrap();
        assert_eq!(changes.len(), 2);
        assert_eq!(after(&current, &changes), [1, 3, 2, 4]);
    }

    #[test]
    fn moving_down_one_swaps_with_the_member_below() {
        let current = list(4);
        assert_eq!(after(&current, &move_member(&current, id(2), 3).unwrap()), [1, 3, 2, 4]);
    }

    #[test]
    fn moving_to_first_shifts_everyone_before_it_down() {
        let current = list(4);
        assert_eq!(after(&current, &move_member(&current, id(4), 1).unwrap()), [4, 1, 2, 3]);
    }

    #[test]
    fn moving_to_last_shifts_everyone_after_it_up() {
        let current = list(4);
        assert_eq!(after(&current, &move_member(&current, id(1), 4).unwrap()), [2, 3, 4, 1]);
    }

    #[test]
    fn a_new_order_out_of_range_is_clamped() {
        let current = list(3);
        assert_eq!(after(&current, &move_member(&current, id(2), 99).unwrap()), [1, 3, 2]);
        assert_eq!(after(&current, &move_member(&current, id(2), -5).unwrap()), [2, 1, 3]);
    }

    #[test]
    fn moving_to_the_same_place_changes_nothing() {
        assert!(move_member(&list(3), id(2), 2).unwrap().is_empty());
    }

    #[test]
    fn moving_an_unknown_member_is_refused() {
        assert_eq!(move_member(&list(3), id(9), 1), None);
    }

    #[test]
    fn a_new_member_is_appended_unless_an_order_is_given() {
        let current = list(3);
        let appended = insert_member(&current, id(9), None);
        assert_eq!(appended, [Placement::new(id(9), 4)]);
        assert_eq!(after(&current, &insert_member(&current, id(9), Some(2))), [1, 9, 2, 3]);
        assert_eq!(after(&current, &insert_member(&current, id(9), Some(1))), [9, 1, 2, 3]);
        assert_eq!(after(&current, &insert_member(&current, id(9), Some(50))), [1, 2, 3, 9]);
        assert_eq!(insert_member(&[], id(9), Some(7)), [Placement::new(id(9), 1)]);
    }

    #[test]
    fn deleting_closes_the_gap() {
        let current = list(4);
        let changes = remove_member(&current, id(2));
        assert_eq!(changes, [Placement::new(id(3), 2), Placement::new(id(4), 3)]);
        assert!(remove_member(&current, id(4)).is_empty());
    }

    #[test]
    fn gaps_and_duplicates_left_by_older_data_are_repaired_by_the_next_change() {
        let current = vec![Placement::new(id(1), 2), Placement::new(id(2), 2), Placement::new(id(3), 7)];
        let changes = insert_member(&current, id(9), None);
        assert_eq!(after(&current, &changes), [1, 2, 3, 9]);
    }

    #[test]
    fn creating_requires_name_position_and_a_valid_email() {
        let input = TeamMemberInput {
            email: Some("not-an-email".into()),
            order: Some(0),
            avatar: Some("javascript:alert(1)".into()),
            social_links: Some(SocialLinksInput { github: Some("github.com/x".into()), ..SocialLinksInput::default() }),
            ..TeamMemberInput::default()
        };
        let errors = TeamMemberChanges::parse(input, true).unwrap_err();
        for field in ["name", "position", "email", "order", "avatar", "socialLinks.github"] {
            assert!(errors.get(field).is_some(), "{field}: {errors:?}");
        }
    }

    #[test]
    fn emails_are_lowercased_and_links_kept_when_not_sent() {
        let input = TeamMemberInput {
            name: Some("Ada".into()),
            position: Some("CTO".into()),
            email: Some(" Ada@Example.COM ".into()),
            social_links: Some(SocialLinksInput {
                github: Some("https://github.com/ada".into()),
                ..SocialLinksInput::default()
            }),
            skills: Some(vec![" Rust ".into(), String::new()]),
            ..TeamMemberInput::default()
        };
        let now = Utc::now();
        let mut member = TeamMember::create(id(1), TeamMemberChanges::parse(input, true).unwrap(), 1, now);
        assert_eq!(member.email, "ada@example.com");
        assert_eq!(member.skills, ["Rust"]);
        let update = TeamMemberInput {
            social_links: Some(SocialLinksInput {
                website: Some("https://ada.dev".into()),
                ..SocialLinksInput::default()
            }),
            ..TeamMemberInput::default()
        };
        member.apply(TeamMemberChanges::parse(update, false).unwrap(), now);
        assert_eq!(member.social_links.github, "https://github.com/ada");
        assert_eq!(member.social_links.website, "https://ada.dev");
    }
}
