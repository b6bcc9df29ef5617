//! The kinds of record that can be translated: each kind's translatable fields with the record's
//! own limits, whether it has a slug per language and a publication of its own, and how a client
//! names its records.

use super::site::{FieldRule, SITE_RECORDS};
use crate::id::EntityId;
use crate::{category, content, faq, portfolio, post, service, tag, team, testimonial};

/// The kinds of record that can be translated, as the API and the store name them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TranslationKind {
    Post,
    Project,
    Service,
    Faq,
    Testimonial,
    TeamMember,
    Category,
    Tag,
    /// A content page (About, privacy, terms), named by its type.
    Page,
    /// The site's own texts: `settings` (name, description), `home` (the home page's texts),
    /// `contact` (the contact details' address); each record has fields of its own
    /// ([`super::site`]).
    Site,
}

crate::word_enum!(TranslationKind, |text| format!("Unknown kind of record: {text}"), {
    Post => "post",
    Project => "project",
    Service => "service",
    Faq => "faq",
    Testimonial => "testimonial",
    TeamMember => "team_member",
    Category => "category",
    Tag => "tag",
    Page => "page",
    Site => "site",
});

/// One translatable field of a kind: its name in the API, its label in messages, its limit (the
/// record's own) and whether it holds markdown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TranslatableField {
    pub name: &'static str,
    pub label: &'static str,
    pub max: usize,
    pub markdown: bool,
}

pub(super) const fn text(name: &'static str, label: &'static str, max: usize) -> TranslatableField {
    TranslatableField { name, label, max, markdown: false }
}

const fn markdown(name: &'static str, label: &'static str, max: usize) -> TranslatableField {
    TranslatableField { name, label, max, markdown: true }
}

const POST_FIELDS: &[TranslatableField] = &[
    text("title", "Title", post::MAX_TITLE_LEN),
    text("excerpt", "Excerpt", post::MAX_EXCERPT_LEN),
    markdown("content", "Content", post::MAX_CONTENT_LEN),
    text("metaTitle", "Meta title", post::MAX_META_TITLE_LEN),
    text("metaDescription", "Meta description", post::MAX_META_DESCRIPTION_LEN),
];
const PROJECT_FIELDS: &[TranslatableField] = &[
    text("title", "Title", portfolio::MAX_TITLE_LEN),
    text("shortDescription", "Short description", portfolio::MAX_SHORT_DESCRIPTION_LEN),
    markdown("description", "Description", portfolio::MAX_DESCRIPTION_LEN),
    text("category", "Category", portfolio::MAX_CATEGORY_LEN),
];
const SERVICE_FIELDS: &[TranslatableField] = &[
    text("title", "Title", service::MAX_TITLE_LEN),
    text("shortDescription", "Short description", service::MAX_SHORT_DESCRIPTION_LEN),
    markdown("description", "Description", service::MAX_DESCRIPTION_LEN),
    text("priceDisplay", "Price display", service::MAX_PRICE_DISPLAY_LEN),
];
const FAQ_FIELDS: &[TranslatableField] =
    &[text("question", "Question", faq::MAX_QUESTION_LEN), markdown("answer", "Answer", faq::MAX_ANSWER_LEN)];
const TESTIMONIAL_FIELDS: &[TranslatableField] = &[text("content", "Content", testimonial::MAX_CONTENT_LEN)];
const TEAM_MEMBER_FIELDS: &[TranslatableField] = &[
    text("position", "Position", team::MAX_POSITION_LEN),
    markdown("bio", "Bio", team::MAX_BIO_LEN),
    text("department", "Department", team::MAX_DEPARTMENT_LEN),
];
const CATEGORY_FIELDS: &[TranslatableField] = &[
    text("name", "Name", category::MAX_NAME_LEN),
    text("displayName", "Display name", category::MAX_NAME_LEN),
    text("description", "Description", category::MAX_DESCRIPTION_LEN),
];
const TAG_FIELDS: &[TranslatableField] =
    &[text("name", "Name", tag::MAX_NAME_LEN), text("description", "Description", tag::MAX_DESCRIPTION_LEN)];
const PAGE_FIELDS: &[TranslatableField] = &[
    text("title", "Title", content::MAX_TITLE_LEN),
    text("subtitle", "Subtitle", content::MAX_SUBTITLE_LEN),
    text("description", "Description", content::MAX_DESCRIPTION_LEN),
    markdown("content", "Content", content::MAX_CONTENT_LEN),
];

impl std::fmt::Display for TranslationKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl TranslationKind {
    /// The fields a translation of this kind may carry, in the order the editor shows them; for
    /// the site, the settings' (its other records have their own: [`Self::rule`]).
    pub const fn fields(self) -> &'static [TranslatableField] {
        match self {
            Self::Post => POST_FIELDS,
            Self::Project => PROJECT_FIELDS,
            Self::Service => SERVICE_FIELDS,
            Self::Faq => FAQ_FIELDS,
            Self::Testimonial => TESTIMONIAL_FIELDS,
            Self::TeamMember => TEAM_MEMBER_FIELDS,
            Self::Category => CATEGORY_FIELDS,
            Self::Tag => TAG_FIELDS,
            Self::Page => PAGE_FIELDS,
            Self::Site => super::site::SETTINGS_FIELDS,
        }
    }

    /// The field called `name`, if this kind translates it.
    pub fn field(self, name: &str) -> Option<&'static TranslatableField> {
        self.fields().iter().find(|field| field.name == name)
    }

    /// The rule of field `name` of this kind's record `record` (its key), if it translates it: the
    /// kind's field, or for the site the record's own ([`super::site::site_field`]).
    pub fn rule(self, record: &str, name: &str) -> Option<FieldRule> {
        match self {
            Self::Site => super::site::site_field(record, name),
            _ => self.field(name).map(FieldRule::from),
        }
    }

    /// Whether records of this kind have an address of their own, so a slug per language.
    pub const fn has_slug(self) -> bool {
        matches!(self, Self::Post | Self::Project | Self::Category | Self::Tag)
    }

    /// Whether a translation has a publication state of its own (draft, published, scheduled);
    /// the others are live when saved.
    pub const fn has_publication(self) -> bool {
        matches!(self, Self::Post)
    }

    /// The record a client's `id` names, in the form the store keeps (`record_id`): an id for the
    /// records kept by id, a page's type for pages, `settings`, `home` or `contact` for the site. `None` for
    /// a text that names no record of this kind.
    pub fn record_key(self, id: &str) -> Option<String> {
        match self {
            Self::Page => content::PageType::parse(id).ok().map(|page| page.as_str().to_owned()),
            Self::Site => SITE_RECORDS.contains(&id).then(|| id.to_owned()),
            _ => EntityId::parse(id).ok().map(|id| id.to_string()),
        }
    }
}
