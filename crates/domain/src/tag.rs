//! Tags: short labels attached to blog posts (and portfolio projects), each with a colour and a type.

use crate::meta::RecordMeta;
use chrono::{DateTime, Utc};

use crate::id::EntityId;
use crate::patch::set;
use crate::slug::Slug;
use crate::validation::{FieldErrors, optional_text, required_text};

pub const MAX_NAME_LEN: usize = 60;
pub const MAX_DESCRIPTION_LEN: usize = 500;

/// What a tag is meant for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TagType {
    #[default]
    Blog,
    Portfolio,
    General,
}

crate::word_enum!(TagType, |_| "Type must be blog, portfolio or general".to_owned(), {
    Blog => "blog",
    Portfolio => "portfolio",
    General => "general",
});

/// A colour written `#RRGGBB` (stored uppercase).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Color(String);

impl Color {
    /// The colour of a tag nobody picked one for.
    pub fn default_tag() -> Self {
        Self("#10B981".to_owned())
    }

    pub fn parse(text: &str) -> Result<Self, String> {
        let text = text.trim();
        let valid = text.len() == 7 && text.starts_with('#') && text[1..].bytes().all(|byte| byte.is_ascii_hexdigit());
        if valid {
            Ok(Self(text.to_ascii_uppercase()))
        } else {
            Err("Color must be a hexadecimal colour like #10B981".to_owned())
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A stored tag.
#[derive(Debug, Clone, PartialEq)]
pub struct Tag {
    /// Its version and who created and last changed it.
    pub meta: RecordMeta,
    pub id: EntityId,
    pub name: String,
    /// Generated from the name, unique among tags.
    pub slug: Slug,
    pub description: String,
    pub color: Color,
    pub tag_type: TagType,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The fields of a tag as a client sent them. `None` means "not sent".
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TagInput {
    pub name: Option<String>,
    pub description: Option<String>,
    pub color: Option<String>,
    pub tag_type: Option<String>,
}

/// Validated changes to a tag.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TagChanges {
    name: Option<String>,
    description: Option<String>,
    color: Option<Color>,
    tag_type: Option<TagType>,
}

impl TagChanges {
    /// Checks every sent field; on creation the name is required. A name needs a letter or digit,
    /// since the slug is made from it.
    pub fn parse(input: TagInput, creating: bool) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let name = match (input.name.as_deref(), creating) {
            (None, false) => None,
            (text, _) => errors.check(
                "name",
                required_text(text, "Name", MAX_NAME_LEN).and_then(|name| {
                    if Slug::from_title(&name).is_some() {
                        Ok(name)
                    } else {
                        Err("Name must contain a letter or a digit".to_owned())
                    }
                }),
            ),
        };
        let description = input.description.and_then(|text| {
            errors.check("description", optional_text(Some(&text), "Description", MAX_DESCRIPTION_LEN))
        });
        let color = input.color.and_then(|color| errors.check("color", Color::parse(&color)));
        let tag_type = input.tag_type.and_then(|kind| errors.check("type", TagType::parse(&kind)));
        errors.finish(|| Self { name, description, color, tag_type })
    }

    /// The new name, when one was sent: the use case derives the slug from it.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }
}

impl Tag {
    /// A new tag with its slug (chosen by the caller from the name) from validated changes.
    pub fn create(id: EntityId, slug: Slug, changes: TagChanges, now: DateTime<Utc>) -> Self {
        let mut tag = Self {
            meta: RecordMeta::default(),
            id,
            name: String::new(),
            slug,
            description: String::new(),
            color: Color::default_tag(),
            tag_type: TagType::default(),
            created_at: now,
            updated_at: now,
        };
        tag.apply(changes, now);
        tag
    }

    /// Applies the fields that were sent and stamps the update time.
    pub fn apply(&mut self, changes: TagChanges, now: DateTime<Utc>) {
        let TagChanges { name, description, color, tag_type } = changes;
        set(&mut self.name, name);
        set(&mut self.description, description);
        set(&mut self.color, color);
        set(&mut self.tag_type, tag_type);
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

    #[test]
    fn a_new_tag_is_green_and_for_the_blog() {
        let input = TagInput { name: Some(" Rust ".into()), ..TagInput::default() };
        let changes = TagChanges::parse(input, true).unwrap();
        let tag = Tag::create(EntityId::generate(now()), Slug::parse("rust").unwrap(), changes, now());
        assert_eq!(tag.name, "Rust");
        assert_eq!(tag.color.as_str(), "#10B981");
        assert_eq!(tag.tag_type, TagType::Blog);
    }

    #[test]
    fn colours_are_six_digit_hex_stored_uppercase() {
        assert_eq!(Color::parse(" #3b82f6 ").unwrap().as_str(), "#3B82F6");
        for bad in ["3B82F6", "#3B82F", "#3B82F6A", "#GGGGGG", "", "red"] {
            assert!(Color::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn every_bad_field_is_reported_and_a_name_needs_a_letter_or_digit() {
        let input = TagInput {
            name: Some("?!".into()),
            color: Some("blue".into()),
            tag_type: Some("news".into()),
            description: Some("x".repeat(501)),
        };
        let errors = TagChanges::parse(input, true).unwrap_err();
        for field in ["name", "color", "type", "description"] {
            assert!(errors.get(field).is_some(), "{field}");
        }
        assert_eq!(TagChanges::parse(TagInput::default(), true).unwrap_err().get("name"), Some("Name is required"));
        assert!(TagChanges::parse(TagInput::default(), false).is_ok());
    }
}
