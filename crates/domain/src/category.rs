//! Blog categories: the topics posts are filed under, shown as chips and filters on the blog.

use crate::meta::RecordMeta;
use chrono::{DateTime, Utc};

use crate::id::EntityId;
use crate::patch::set;
use crate::slug::Slug;
use crate::validation::{FieldErrors, optional_text, required_text};

pub const MAX_NAME_LEN: usize = 120;
pub const MAX_DESCRIPTION_LEN: usize = 1_000;
/// The largest display order accepted.
pub const MAX_ORDER: i64 = 1_000_000;

/// Whether a category is shown on the public site.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CategoryStatus {
    #[default]
    Active,
    Inactive,
}

crate::word_enum!(CategoryStatus, |_| "Status must be active or inactive".to_owned(), {
    Active => "active",
    Inactive => "inactive",
});

/// A stored blog category.
#[derive(Debug, Clone, PartialEq)]
pub struct Category {
    /// Its version and who created and last changed it.
    pub meta: RecordMeta,
    pub id: EntityId,
    /// The internal name; the slug unless set otherwise.
    pub name: String,
    pub slug: Slug,
    /// The name people read.
    pub display_name: String,
    pub description: String,
    pub featured: bool,
    pub status: CategoryStatus,
    pub order: u32,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl Category {
    /// The name shown for posts filed under this category: the display name, else the name.
    pub fn label(&self) -> &str {
        if self.display_name.is_empty() { &self.name } else { &self.display_name }
    }
}

/// The fields of a category as a client sent them, before any check. `None` means "not sent".
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CategoryInput {
    pub name: Option<String>,
    pub slug: Option<String>,
    pub display_name: Option<String>,
    pub description: Option<String>,
    pub featured: Option<bool>,
    pub status: Option<String>,
    pub order: Option<i64>,
}

/// Validated changes to a category.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CategoryChanges {
    /// `Some("")` means "the slug".
    name: Option<String>,
    slug: Option<Slug>,
    display_name: Option<String>,
    description: Option<String>,
    featured: Option<bool>,
    status: Option<CategoryStatus>,
    order: Option<u32>,
}

impl CategoryChanges {
    /// Checks every sent field; on creation the display name and the slug are required.
    pub fn parse(input: CategoryInput, creating: bool) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let display_name = match (input.display_name.as_deref(), creating) {
            (None, false) => None,
            (text, _) => errors.check("displayName", required_text(text, "Display name", MAX_NAME_LEN)),
        };
        let slug = match (input.slug.as_deref(), creating) {
            (None, false) => None,
            (text, _) => {
                errors.check("slug", Slug::parse(text.unwrap_or_default().trim()).map_err(|error| error.to_string()))
            }
        };
        let name = input.name.and_then(|text| errors.check("name", optional_text(Some(&text), "Name", MAX_NAME_LEN)));
        let description = input.description.and_then(|text| {
            errors.check("description", optional_text(Some(&text), "Description", MAX_DESCRIPTION_LEN))
        });
        let status = input.status.and_then(|status| errors.check("status", CategoryStatus::parse(&status)));
        let order = input.order.and_then(|order| errors.check("order", parse_order(order)));
        errors.finish(|| Self { name, slug, display_name, description, featured: input.featured, status, order })
    }

    /// The slug these changes set, if any: the use case checks that it is free.
    pub fn slug(&self) -> Option<&Slug> {
        self.slug.as_ref()
    }
}

fn parse_order(order: i64) -> Result<u32, String> {
    u32::try_from(order)
        .ok()
        .filter(|order| i64::from(*order) <= MAX_ORDER)
        .ok_or_else(|| format!("Order must be a whole number from 0 to {MAX_ORDER}"))
}

impl Category {
    /// A new category from validated changes; the slug and display name were required by
    /// [`CategoryChanges::parse`]. The name defaults to the slug.
    ///
    /// # Panics
    /// When the changes were parsed for an update and carry no slug.
    pub fn create(id: EntityId, changes: CategoryChanges, now: DateTime<Utc>) -> Self {
        let slug = changes.slug.clone().expect("a category is created with a slug");
        let mut category = Self {
            meta: RecordMeta::default(),
            id,
            name: String::new(),
            slug,
            display_name: String::new(),
            description: String::new(),
            featured: false,
            status: CategoryStatus::default(),
            order: 0,
            created_at: now,
            updated_at: now,
        };
        category.apply(changes, now);
        category
    }

    /// Applies the fields that were sent and stamps the update time. An empty name becomes the slug.
    pub fn apply(&mut self, changes: CategoryChanges, now: DateTime<Utc>) {
        let CategoryChanges { name, slug, display_name, description, featured, status, order } = changes;
        set(&mut self.slug, slug);
        set(&mut self.name, name);
        if self.name.is_empty() {
            self.name = self.slug.to_string();
        }
        set(&mut self.display_name, display_name);
        set(&mut self.description, description);
        set(&mut self.featured, featured);
        set(&mut self.status, status);
        set(&mut self.order, order);
        self.updated_at = now;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap()
    }

    fn input(display_name: &str, slug: &str) -> CategoryInput {
        CategoryInput { display_name: Some(display_name.into()), slug: Some(slug.into()), ..CategoryInput::default() }
    }

    fn create(input: CategoryInput) -> Category {
        Category::create(EntityId::generate(now()), CategoryChanges::parse(input, true).unwrap(), now())
    }

    #[test]
    fn a_new_category_takes_the_documented_defaults_and_its_name_from_the_slug() {
        let category = create(input("Web Development", "web-development"));
        assert_eq!(category.name, "web-development");
        assert_eq!(category.status, CategoryStatus::Active);
        assert_eq!(category.order, 0);
        assert!(!category.featured);
        assert_eq!(category.label(), "Web Development");
    }

    #[test]
    fn an_explicit_name_is_kept() {
        let category = create(CategoryInput { name: Some("web".into()), ..input("Web", "web-dev") });
        assert_eq!(category.name, "web");
    }

    #[test]
    fn creating_requires_a_display_name_and_a_slug_and_reports_every_bad_field() {
        let errors = CategoryChanges::parse(CategoryInput::default(), true).unwrap_err();
        assert_eq!(errors.get("displayName"), Some("Display name is required"));
        assert_eq!(errors.get("slug"), Some("Slug is required"));
        let bad = CategoryInput {
            status: Some("archived".into()),
            order: Some(-1),
            slug: Some("Not A Slug".into()),
            ..input("x", "x")
        };
        let errors = CategoryChanges::parse(bad, true).unwrap_err();
        for field in ["status", "order", "slug"] {
            assert!(errors.get(field).is_some(), "{field}");
        }
    }

    #[test]
    fn an_update_changes_only_the_fields_sent() {
        let mut category = create(CategoryInput { description: Some("Keep".into()), ..input("Web", "web") });
        let changes = CategoryChanges::parse(
            CategoryInput { order: Some(3), featured: Some(true), ..CategoryInput::default() },
            false,
        )
        .unwrap();
        category.apply(changes, now());
        assert_eq!((category.order, category.featured, category.description.as_str()), (3, true, "Keep"));
        assert_eq!(category.slug.as_str(), "web");
    }
}
