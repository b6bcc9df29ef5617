//! Content pages: the about page and the policy pages (privacy, terms, cookies), plus any other page
//! an administrator adds, each identified by its type.
//!
//! Which fields a page uses depends on its type: the about page has mission, vision and values; the
//! policies have markdown content and a last-updated date; other types have content and sections.
//! Fields a type does not use stay empty and are ignored when sent.

use crate::meta::RecordMeta;
use chrono::{DateTime, Datelike, NaiveDate, Utc};

use crate::id::EntityId;
use crate::patch::{set, text_list};
use crate::slug::Slug;
use crate::validation::{
    DATE_TIME_YEARS, FieldErrors, is_padded_date_time, optional_text, parse_rfc3339, required_text,
};

pub const MAX_TYPE_LEN: usize = 50;
pub const MAX_TITLE_LEN: usize = 200;
pub const MAX_SUBTITLE_LEN: usize = 300;
pub const MAX_DESCRIPTION_LEN: usize = 10_000;
pub const MAX_STATEMENT_LEN: usize = 2_000;
pub const MAX_CONTENT_LEN: usize = 100_000;
pub const MAX_VALUES: usize = 20;
pub const MAX_VALUE_LEN: usize = 500;
pub const MAX_SECTIONS: usize = 50;
pub const MAX_SECTION_TITLE_LEN: usize = 200;
pub const MAX_SECTION_CONTENT_LEN: usize = 20_000;
/// Names that cannot be page types because they are paths of their own (`/content/stats`).
pub const RESERVED_TYPES: [&str; 1] = ["stats"];

/// What shape a page has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageKind {
    About,
    Policy,
    Other,
}

/// A page's type: `about`, `privacy`, `terms`, `cookies`, or another lowercase slug-shaped name.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PageType(String);

impl PageType {
    pub fn parse(text: &str) -> Result<Self, String> {
        if text.trim().is_empty() {
            return Err("Type is required".to_owned());
        }
        if text.chars().count() > MAX_TYPE_LEN {
            return Err(format!("Type must be at most {MAX_TYPE_LEN} characters"));
        }
        let text = text.trim();
        if RESERVED_TYPES.contains(&text) {
            return Err(format!("Type must not be {text}"));
        }
        Slug::parse(text)
            .map(|slug| Self(slug.as_str().to_owned()))
            .map_err(|_| "Type may only contain lowercase letters and digits separated by single hyphens".to_owned())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn kind(&self) -> PageKind {
        match self.0.as_str() {
            "about" => PageKind::About,
            "privacy" | "terms" | "cookies" => PageKind::Policy,
            _ => PageKind::Other,
        }
    }
}

/// Whether a page is shown on the public site.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PageStatus {
    #[default]
    Published,
    Draft,
}

crate::word_enum!(PageStatus, |_| "Status must be published or draft".to_owned(), {
    Published => "published",
    Draft => "draft",
});

/// A titled block of markdown on a page of another type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    pub title: String,
    pub content: String,
}

/// A stored content page.
#[derive(Debug, Clone, PartialEq)]
pub struct ContentPage {
    /// Its version and who created and last changed it.
    pub meta: RecordMeta,
    pub id: EntityId,
    pub page_type: PageType,
    pub title: String,
    pub subtitle: String,
    /// Paragraphs separated by blank lines.
    pub description: String,
    /// About only.
    pub mission: String,
    /// About only.
    pub vision: String,
    /// About only: "Title - description" strings.
    pub values: Vec<String>,
    /// Markdown; policies and other types.
    pub content: String,
    /// Policies only.
    pub last_updated: Option<DateTime<Utc>>,
    pub status: PageStatus,
    /// Other types only.
    pub sections: Vec<Section>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A section as sent.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SectionInput {
    pub title: Option<String>,
    pub content: Option<String>,
}

/// The fields of a page as a client sent them. `None` means "not sent".
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ContentPageInput {
    pub title: Option<String>,
    pub subtitle: Option<String>,
    pub description: Option<String>,
    pub mission: Option<String>,
    pub vision: Option<String>,
    pub values: Option<Vec<String>>,
    pub content: Option<String>,
    /// An ISO-8601 timestamp or a `YYYY-MM-DD` date.
    pub last_updated: Option<String>,
    pub status: Option<String>,
    pub sections: Option<Vec<SectionInput>>,
}

/// Validated changes to a page of one type: fields the type does not use are dropped.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ContentPageChanges {
    title: Option<String>,
    subtitle: Option<String>,
    description: Option<String>,
    mission: Option<String>,
    vision: Option<String>,
    values: Option<Vec<String>>,
    content: Option<String>,
    last_updated: Option<DateTime<Utc>>,
    status: Option<PageStatus>,
    sections: Option<Vec<Section>>,
}

/// Parses an ISO-8601 timestamp, or a plain date as midnight UTC.
pub fn parse_timestamp(text: &str) -> Result<DateTime<Utc>, String> {
    let text = text.trim();
    let (time, year) = parse_rfc3339(text)
        .map(|time| (time.with_timezone(&Utc), time.year()))
        .or_else(|| {
            NaiveDate::parse_from_str(text, "%Y-%m-%d")
                .ok()
                .filter(|_| text.len() == 10 && is_padded_date_time(text))
                .map(|date| (date.and_time(chrono::NaiveTime::MIN).and_utc(), date.year()))
        })
        .ok_or_else(|| "Last updated must be an ISO-8601 date or timestamp".to_owned())?;
    if DATE_TIME_YEARS.contains(&year) {
        Ok(time)
    } else {
        Err(format!("Last updated must be between {} and {}", DATE_TIME_YEARS.start(), DATE_TIME_YEARS.end()))
    }
}

fn parse_sections(sections: Vec<SectionInput>) -> Result<Vec<Section>, String> {
    if sections.len() > MAX_SECTIONS {
        return Err(format!("At most {MAX_SECTIONS} sections are allowed"));
    }
    sections
        .into_iter()
        .map(|section| {
            Ok(Section {
                title: optional_text(section.title.as_deref(), "Each section title", MAX_SECTION_TITLE_LEN)?,
                content: optional_text(section.content.as_deref(), "Each section content", MAX_SECTION_CONTENT_LEN)?,
            })
        })
        .filter(|section| !matches!(section, Ok(Section { title, content }) if title.is_empty() && content.is_empty()))
        .collect()
}

impl ContentPageChanges {
    /// Checks every sent field a page of type `page_type` uses; on creation the title is required.
    pub fn parse(page_type: &PageType, input: ContentPageInput, creating: bool) -> Result<Self, FieldErrors> {
        let kind = page_type.kind();
        let mut errors = FieldErrors::new();
        let title = match (input.title.as_deref(), creating) {
            (None, false) => None,
            (title, _) => errors.check("title", required_text(title, "Title", MAX_TITLE_LEN)),
        };
        let mut text = |field: &str, value: Option<String>, label: &str, max: usize| {
            value.and_then(|value| errors.check(field, optional_text(Some(&value), label, max)))
        };
        let subtitle = text("subtitle", input.subtitle, "Subtitle", MAX_SUBTITLE_LEN);
        let description = text("description", input.description, "Description", MAX_DESCRIPTION_LEN);
        // Every sent field is checked, whatever the page's kind; a field the kind does not use is
        // then dropped.
        let about = kind == PageKind::About;
        let mission = text("mission", input.mission, "Mission", MAX_STATEMENT_LEN).filter(|_| about);
        let vision = text("vision", input.vision, "Vision", MAX_STATEMENT_LEN).filter(|_| about);
        let content = text("content", input.content, "Content", MAX_CONTENT_LEN).filter(|_| !about);
        let values = input
            .values
            .and_then(|values| errors.check("values", text_list(&values, "values", MAX_VALUES, MAX_VALUE_LEN)))
            .filter(|_| about);
        let last_updated = input
            .last_updated
            .and_then(|time| errors.check("lastUpdated", parse_timestamp(&time)))
            .filter(|_| kind == PageKind::Policy);
        let sections = input
            .sections
            .and_then(|sections| errors.check("sections", parse_sections(sections)))
            .filter(|_| kind == PageKind::Other);
        let status = input.status.and_then(|status| errors.check("status", PageStatus::parse(&status)));
        errors.finish(|| Self {
            title,
            subtitle,
            description,
            mission,
            vision,
            values,
            content,
            last_updated,
            status,
            sections,
        })
    }

    /// Changes that set only the status (`PATCH /content/{type}/status`).
    pub fn parse_status(status: Option<&str>) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let status = match status {
            None => {
                errors.add("status", "Status is required");
                None
            }
            Some(status) => errors.check("status", PageStatus::parse(status)),
        };
        errors.finish(|| Self { status, ..Self::default() })
    }
}

impl ContentPage {
    /// A new page of `page_type`; a policy's last-updated date defaults to `now`.
    pub fn create(id: EntityId, page_type: PageType, changes: ContentPageChanges, now: DateTime<Utc>) -> Self {
        let last_updated = (page_type.kind() == PageKind::Policy).then_some(now);
        let mut page = Self {
            meta: RecordMeta::default(),
            id,
            page_type,
            title: String::new(),
            subtitle: String::new(),
            description: String::new(),
            mission: String::new(),
            vision: String::new(),
            values: Vec::new(),
            content: String::new(),
            last_updated,
            status: PageStatus::default(),
            sections: Vec::new(),
            created_at: now,
            updated_at: now,
        };
        page.apply(changes, now);
        page
    }

    /// Applies the fields that were sent and stamps the update time.
    pub fn apply(&mut self, changes: ContentPageChanges, now: DateTime<Utc>) {
        let ContentPageChanges {
            title,
            subtitle,
            description,
            mission,
            vision,
            values,
            content,
            last_updated,
            status,
            sections,
        } = changes;
        set(&mut self.title, title);
        set(&mut self.subtitle, subtitle);
        set(&mut self.description, description);
        set(&mut self.mission, mission);
        set(&mut self.vision, vision);
        set(&mut self.values, values);
        set(&mut self.content, content);
        if last_updated.is_some() {
            self.last_updated = last_updated;
        }
        set(&mut self.status, status);
        set(&mut self.sections, sections);
        self.updated_at = now;
    }
}

/// Counts for the back office's content summary.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ContentStats {
    pub total: u64,
    pub published: u64,
    pub draft: u64,
    /// Type → number of pages (one per type).
    pub by_type: Vec<(String, u64)>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page_type(text: &str) -> PageType {
        PageType::parse(text).unwrap()
    }

    #[test]
    fn page_types_are_lowercase_slugs_and_know_their_kind() {
        assert_eq!(page_type("about").kind(), PageKind::About);
        for policy in ["privacy", "terms", "cookies"] {
            assert_eq!(page_type(policy).kind(), PageKind::Policy);
        }
        assert_eq!(page_type("careers-2026").kind(), PageKind::Other);
        for bad in ["", "About", "two words", "a--b", "-a", "stats", "../etc", "65f1c2a9b4e8d70012345678"] {
            assert!(PageType::parse(bad).is_err(), "{bad:?}");
        }
        assert!(PageType::parse(&"a".repeat(51)).is_err());
    }

    #[test]
    fn fields_a_type_does_not_use_are_checked_then_ignored() {
        let input = ContentPageInput {
            title: Some("About".into()),
            content: Some("ignored".into()),
            mission: Some("Build".into()),
            values: Some(vec!["Craft - we care".into(), " ".into()]),
            last_updated: Some("2026-05-01".into()),
            ..ContentPageInput::default()
        };
        let about = page_type("about");
        let page = ContentPage::create(
            EntityId::generate(Utc::now()),
            about.clone(),
            ContentPageChanges::parse(&about, input.clone(), true).unwrap(),
            Utc::now(),
        );
        assert_eq!((page.content.as_str(), page.mission.as_str()), ("", "Build"));
        assert_eq!(page.values, ["Craft - we care"]);
        assert_eq!(page.last_updated, None);

        // Every sent field is checked all the same, as the API document describes one body for all.
        let undated = ContentPageInput { last_updated: Some("not even a date".into()), ..input };
        let errors = ContentPageChanges::parse(&about, undated.clone(), true).unwrap_err();
        assert!(errors.get("lastUpdated").is_some());
        let privacy = page_type("privacy");
        let errors = ContentPageChanges::parse(&privacy, undated, true).unwrap_err();
        assert!(errors.get("lastUpdated").is_some());
    }

    #[test]
    fn a_policy_is_last_updated_now_unless_a_date_is_sent() {
        let privacy = page_type("privacy");
        let now = Utc::now();
        let input = ContentPageInput { title: Some("Privacy".into()), ..ContentPageInput::default() };
        let page = ContentPage::create(
            EntityId::generate(now),
            privacy.clone(),
            ContentPageChanges::parse(&privacy, input, true).unwrap(),
            now,
        );
        assert_eq!(page.last_updated, Some(now));
        assert_eq!(page.status, PageStatus::Published);
        assert_eq!(parse_timestamp("2024-03-15").unwrap().to_rfc3339(), "2024-03-15T00:00:00+00:00");
        assert_eq!(parse_timestamp("2024-03-15T10:00:00.000Z").unwrap().to_rfc3339(), "2024-03-15T10:00:00+00:00");
    }

    #[test]
    fn other_types_keep_sections_and_drop_empty_ones() {
        let careers = page_type("careers");
        let input = ContentPageInput {
            title: Some("Careers".into()),
            sections: Some(vec![
                SectionInput { title: Some("Open roles".into()), content: Some("- Rust engineer".into()) },
                SectionInput::default(),
            ]),
            ..ContentPageInput::default()
        };
        let changes = ContentPageChanges::parse(&careers, input, true).unwrap();
        let page = ContentPage::create(EntityId::generate(Utc::now()), careers, changes, Utc::now());
        assert_eq!(page.sections.len(), 1);
        assert_eq!(page.last_updated, None);
    }

    #[test]
    fn creating_requires_a_title_and_statuses_are_checked() {
        let about = page_type("about");
        let errors = ContentPageChanges::parse(
            &about,
            ContentPageInput { status: Some("live".into()), ..ContentPageInput::default() },
            true,
        )
        .unwrap_err();
        assert!(errors.get("title").is_some() && errors.get("status").is_some());
        assert!(ContentPageChanges::parse(&about, ContentPageInput::default(), false).is_ok());
        assert!(ContentPageChanges::parse_status(Some("draft")).is_ok());
        assert!(ContentPageChanges::parse_status(None).is_err());
    }
}
