//! Technologies: the tools and platforms the agency works with, listed on portfolio projects and
//! managed in the back office.

use crate::meta::RecordMeta;
use chrono::{DateTime, Utc};

use crate::id::EntityId;
use crate::patch::set;
use crate::validation::{FieldErrors, optional_text, optional_url, required_text};

pub const MAX_NAME_LEN: usize = 100;
pub const MAX_DESCRIPTION_LEN: usize = 2_000;
pub const MAX_ICON_LEN: usize = 64;
/// The largest display order accepted; keeps orders well inside every database's integer.
pub const MAX_ORDER: i64 = 1_000_000;
/// The icon of a technology created without one.
pub const DEFAULT_ICON: &str = "code";
/// The colour of a technology created without one.
pub const DEFAULT_COLOR: &str = "#3B82F6";

/// The kind of technology, as the back office groups them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum TechnologyCategory {
    #[default]
    Frontend,
    Backend,
    Database,
    Devops,
    Mobile,
    Design,
    Other,
}

crate::word_enum!(TechnologyCategory, |_| format!("Category must be one of {}", TechnologyCategory::words()), {
    Frontend => "frontend",
    Backend => "backend",
    Database => "database",
    Devops => "devops",
    Mobile => "mobile",
    Design => "design",
    Other => "other",
});

impl TechnologyCategory {
    /// The name people read in filters and on cards.
    pub fn label(self) -> &'static str {
        match self {
            Self::Frontend => "Frontend",
            Self::Backend => "Backend",
            Self::Database => "Database",
            Self::Devops => "DevOps",
            Self::Mobile => "Mobile",
            Self::Design => "Design",
            Self::Other => "Other",
        }
    }
}

/// Whether a technology is offered in pickers and shown on the public site.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TechnologyStatus {
    #[default]
    Active,
    Inactive,
}

crate::word_enum!(TechnologyStatus, |_| "Status must be active or inactive".to_owned(), {
    Active => "active",
    Inactive => "inactive",
});

/// A stored technology.
#[derive(Debug, Clone, PartialEq)]
pub struct Technology {
    /// Its version and who created and last changed it.
    pub meta: RecordMeta,
    pub id: EntityId,
    /// Unique among technologies, ignoring case.
    pub name: String,
    pub description: String,
    pub category: TechnologyCategory,
    pub icon: String,
    /// `#RRGGBB`.
    pub color: String,
    /// An absolute http(s) URL, or empty.
    pub website: String,
    pub status: TechnologyStatus,
    pub featured: bool,
    pub order: u32,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl Technology {
    /// The key that makes names unique regardless of case.
    pub fn name_key(&self) -> String {
        name_key(&self.name)
    }
}

/// The case-insensitive identity of a technology name.
pub fn name_key(name: &str) -> String {
    name.trim().to_lowercase()
}

/// The fields of a technology as a client sent them, before any check. `None` means "not sent".
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TechnologyInput {
    pub name: Option<String>,
    pub description: Option<String>,
    pub category: Option<String>,
    pub icon: Option<String>,
    pub color: Option<String>,
    pub website: Option<String>,
    pub status: Option<String>,
    pub featured: Option<bool>,
    pub order: Option<i64>,
}

/// Validated changes to a technology: every field that was sent, parsed. Fields not sent stay as they
/// are on update and take their defaults on creation.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TechnologyChanges {
    name: Option<String>,
    description: Option<String>,
    category: Option<TechnologyCategory>,
    icon: Option<String>,
    color: Option<String>,
    website: Option<String>,
    status: Option<TechnologyStatus>,
    featured: Option<bool>,
    order: Option<u32>,
}

impl TechnologyChanges {
    /// Checks every sent field; on creation the name is required. A blank icon or colour takes the
    /// default.
    pub fn parse(input: TechnologyInput, creating: bool) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let name = match (input.name.as_deref(), creating) {
            (None, false) => None,
            (name, _) => errors.check("name", required_text(name, "Name", MAX_NAME_LEN)),
        };
        let description = input.description.and_then(|text| {
            errors.check("description", optional_text(Some(&text), "Description", MAX_DESCRIPTION_LEN))
        });
        let category = input.category.and_then(|text| errors.check("category", TechnologyCategory::parse(&text)));
        let icon = input.icon.and_then(|text| errors.check("icon", parse_icon(&text)));
        let color = input.color.and_then(|text| errors.check("color", parse_color(&text)));
        let website = input.website.and_then(|text| errors.check("website", optional_url(Some(&text), "Website")));
        let status = input.status.and_then(|text| errors.check("status", TechnologyStatus::parse(&text)));
        let order = input.order.and_then(|order| errors.check("order", parse_order(order)));
        errors.finish(|| Self {
            name,
            description,
            category,
            icon,
            color,
            website,
            status,
            featured: input.featured,
            order,
        })
    }

    /// The name being set, if any.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }
}

fn parse_icon(text: &str) -> Result<String, String> {
    let icon = optional_text(Some(text), "Icon", MAX_ICON_LEN)?;
    Ok(if icon.is_empty() { DEFAULT_ICON.to_owned() } else { icon })
}

/// A `#RRGGBB` colour (either case); blank means the default colour.
pub fn parse_color(text: &str) -> Result<String, String> {
    let color = text.trim();
    if color.is_empty() {
        return Ok(DEFAULT_COLOR.to_owned());
    }
    let valid =
        color.len() == 7 && color.starts_with('#') && color.bytes().skip(1).all(|byte| byte.is_ascii_hexdigit());
    if valid { Ok(color.to_owned()) } else { Err("Color must be a hex colour like #3B82F6".to_owned()) }
}

fn parse_order(order: i64) -> Result<u32, String> {
    u32::try_from(order)
        .ok()
        .filter(|order| i64::from(*order) <= MAX_ORDER)
        .ok_or_else(|| format!("Order must be a whole number from 0 to {MAX_ORDER}"))
}

impl Technology {
    /// A new technology from validated changes; the name was required by [`TechnologyChanges::parse`].
    pub fn create(id: EntityId, changes: TechnologyChanges, now: DateTime<Utc>) -> Self {
        let mut technology = Self {
            meta: RecordMeta::default(),
            id,
            name: String::new(),
            description: String::new(),
            category: TechnologyCategory::default(),
            icon: DEFAULT_ICON.to_owned(),
            color: DEFAULT_COLOR.to_owned(),
            website: String::new(),
            status: TechnologyStatus::default(),
            featured: false,
            order: 0,
            created_at: now,
            updated_at: now,
        };
        technology.apply(changes, now);
        technology
    }

    /// Applies the fields that were sent and stamps the update time.
    pub fn apply(&mut self, changes: TechnologyChanges, now: DateTime<Utc>) {
        let TechnologyChanges { name, description, category, icon, color, website, status, featured, order } = changes;
        set(&mut self.name, name);
        set(&mut self.description, description);
        set(&mut self.category, category);
        set(&mut self.icon, icon);
        set(&mut self.color, color);
        set(&mut self.website, website);
        set(&mut self.status, status);
        set(&mut self.featured, featured);
        set(&mut self.order, order);
        self.updated_at = now;
    }
}

/// The message of the conflict answered when deleting a technology that projects still list.
pub fn in_use_message(count: u64) -> String {
    let projects = if count == 1 { "project" } else { "projects" };
    format!("This technology is used by {count} {projects}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{Duration, TimeZone};

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap()
    }

    fn create(input: TechnologyInput) -> Technology {
        Technology::create(EntityId::generate(now()), TechnologyChanges::parse(input, true).unwrap(), now())
    }

    fn named(name: &str) -> TechnologyInput {
        TechnologyInput { name: Some(name.into()), ..TechnologyInput::default() }
    }

    #[test]
    fn a_new_technology_takes_the_documented_defaults() {
        let technology = create(named("  React "));
        assert_eq!(technology.name, "React");
        assert_eq!(technology.category, TechnologyCategory::Frontend);
        assert_eq!(technology.icon, "code");
        assert_eq!(technology.color, "#3B82F6");
        assert_eq!(technology.status, TechnologyStatus::Active);
        assert_eq!((technology.order, technology.featured, technology.website.as_str()), (0, false, ""));
    }

    #[test]
    fn creating_requires_a_name_but_updating_does_not() {
        let errors = TechnologyChanges::parse(TechnologyInput::default(), true).unwrap_err();
        assert_eq!(errors.get("name"), Some("Name is required"));
        assert!(TechnologyChanges::parse(TechnologyInput::default(), false).is_ok());
        assert!(TechnologyChanges::parse(named(" "), false).is_err());
    }

    #[test]
    fn every_invalid_field_is_reported_at_once() {
        let input = TechnologyInput {
            name: Some("x".repeat(101)),
            category: Some("cloud".into()),
            color: Some("blue".into()),
            website: Some("example.com".into()),
            status: Some("archived".into()),
            order: Some(-1),
            icon: Some("i".repeat(65)),
            description: Some("d".repeat(2001)),
            featured: None,
        };
        let errors = TechnologyChanges::parse(input, true).unwrap_err();
        for field in ["name", "category", "color", "website", "status", "order", "icon", "description"] {
            assert!(errors.get(field).is_some(), "{field} should fail");
        }
    }

    #[test]
    fn colours_are_six_digit_hex_and_blank_means_the_default() {
        assert_eq!(parse_color(" #10b981 "), Ok("#10b981".into()));
        assert_eq!(parse_color(""), Ok(DEFAULT_COLOR.into()));
        for bad in ["#FFF", "10B981", "#10B98G", "#10B9811", "red"] {
            assert!(parse_color(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_blank_icon_falls_back_to_code() {
        let technology = create(TechnologyInput { icon: Some("  ".into()), ..named("Rust") });
        assert_eq!(technology.icon, "code");
    }

    #[test]
    fn an_update_changes_only_the_fields_sent() {
        let mut technology = create(TechnologyInput { description: Some("Keep".into()), ..named("Rust") });
        let later = now() + Duration::hours(1);
        let changes = TechnologyChanges::parse(
            TechnologyInput { category: Some("backend".into()), ..TechnologyInput::default() },
            false,
        )
        .unwrap();
        technology.apply(changes, later);
        assert_eq!(technology.category, TechnologyCategory::Backend);
        assert_eq!((technology.name.as_str(), technology.description.as_str()), ("Rust", "Keep"));
        assert_eq!((technology.created_at, technology.updated_at), (now(), later));
    }

    #[test]
    fn names_are_unique_ignoring_case() {
        assert_eq!(create(named("TypeScript")).name_key(), name_key(" typescript "));
    }

    #[test]
    fn categories_and_statuses_round_trip_their_names() {
        for category in TechnologyCategory::ALL {
            assert_eq!(TechnologyCategory::parse(category.as_str()), Ok(category));
        }
        for status in TechnologyStatus::ALL {
            assert_eq!(TechnologyStatus::parse(status.as_str()), Ok(status));
        }
        assert_eq!(TechnologyCategory::Devops.label(), "DevOps");
    }

    #[test]
    fn the_in_use_message_names_the_count() {
        assert_eq!(in_use_message(1), "This technology is used by 1 project");
        assert_eq!(in_use_message(3), "This technology is used by 3 projects");
    }
}
