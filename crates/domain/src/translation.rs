//! Translations (docs/languages.md): a record's texts in a language other than the default, kept
//! beside the record (whose own fields are the default language's), field by field.
//!
//! Each kind of record names the fields that can be translated and their limits (the record's own),
//! whether it has an address of its own (a slug per language) and whether a translation has a
//! publication state of its own (posts: a draft, published or scheduled translation). A translation
//! remembers a hash of the default language's texts as they were when it was saved; when they have
//! changed since, the translation is outdated.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};

use crate::language::{LanguageTag, Languages, Untranslated};
use crate::meta::RecordMeta;
use crate::post;
use crate::slug::Slug;
use crate::validation::{FieldErrors, optional_date_time};

mod kind;
mod places;
mod records;
pub mod site;

pub use self::kind::{TranslatableField, TranslationKind};
pub use self::site::{FieldRule, SITE_RECORDS};

/// Whether a post's translation is shown: a draft is not; a published one is once its publish
/// time (if any) has come.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Publication {
    #[default]
    Draft,
    Published,
}

crate::word_enum!(Publication, |_| "Publication must be draft or published".to_owned(), {
    Draft => "draft",
    Published => "published",
});

/// A stored translation of one record in one language.
#[derive(Debug, Clone, PartialEq)]
pub struct Translation {
    /// Its own version and who created and last changed it: editing one language never makes
    /// another stale.
    pub meta: RecordMeta,
    pub kind: TranslationKind,
    /// The record's key ([`TranslationKind::record_key`]).
    pub record_id: String,
    pub lang: LanguageTag,
    /// The record's address in this language (kinds with a slug only); `None`: its default slug.
    pub slug: Option<Slug>,
    /// Translated texts by field name; a field left out is read in the default language.
    pub fields: BTreeMap<String, String>,
    /// Posts only; the other kinds' translations are always [`Publication::Published`].
    pub publication: Publication,
    pub publish_at: Option<DateTime<Utc>>,
    /// [`source_hash`] of the default language's texts when the translation was last saved.
    pub source_hash: String,
    /// The default language's text each translated field was written for, by field name, as it
    /// was when the translation was last saved (`places`); empty for a translation saved before
    /// Atelier kept them.
    pub sources: BTreeMap<String, String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// Where a translation stands against the default language's texts (the editor's tabs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Freshness {
    /// No translation in this language.
    Missing,
    /// Saved against the default language's texts as they are now.
    UpToDate,
    /// The default language's texts changed after the translation was saved.
    Outdated,
}

impl Freshness {
    /// The freshness of `translation` when the default language's texts hash to `current_hash`.
    pub fn of(translation: Option<&Translation>, current_hash: &str) -> Self {
        match translation {
            None => Self::Missing,
            Some(translation) if translation.source_hash == current_hash => Self::UpToDate,
            Some(_) => Self::Outdated,
        }
    }

    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Missing => "missing",
            Self::UpToDate => "upToDate",
            Self::Outdated => "outdated",
        }
    }
}

/// A SHA-256 (hex) of the default language's translatable texts of a record of `kind`: its fields
/// in the kind's order, each name and text closed by a NUL, so that moving text from one field to
/// another changes it. Fields `texts` lacks count as empty; others are ignored.
pub fn source_hash(kind: TranslationKind, texts: &BTreeMap<String, String>) -> String {
    let names = kind.fields().iter().map(|field| field.name);
    hash_named(names.map(|name| (name, texts.get(name).map_or("", String::as_str))))
}

/// [`source_hash`] of the record `record` (its key) of `kind`: the site's records other than the
/// settings hash their own fields (the contact details' in their order, the home page's every
/// text in the order of their names, as its fields follow its shape).
pub fn record_source_hash(kind: TranslationKind, record: &str, texts: &BTreeMap<String, String>) -> String {
    match (kind, site::site_fields(record)) {
        (TranslationKind::Site, Some(fields)) => {
            hash_named(fields.iter().map(|field| (field.name, texts.get(field.name).map_or("", String::as_str))))
        }
        (TranslationKind::Site, None) => hash_named(texts.iter().map(|(name, text)| (name.as_str(), text.as_str()))),
        _ => source_hash(kind, texts),
    }
}

fn hash_named<'a>(texts: impl Iterator<Item = (&'a str, &'a str)>) -> String {
    let mut hasher = Sha256::new();
    for (name, text) in texts {
        hasher.update(name.as_bytes());
        hasher.update([0]);
        hasher.update(text.as_bytes());
        hasher.update([0]);
    }
    hasher.finalize().iter().fold(String::with_capacity(64), |mut hex, byte| {
        use std::fmt::Write as _;
        let _ = write!(hex, "{byte:02x}");
        hex
    })
}

/// The fields of a translation as a client sent them. `None` means "not sent".
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TranslationInput {
    /// Every translated text: replaces the translation's fields; an empty text is left out (read in
    /// the default language).
    pub fields: Option<BTreeMap<String, String>>,
    /// Empty clears it (the record's default slug serves this language too).
    pub slug: Option<String>,
    pub publication: Option<String>,
    /// An RFC 3339 date and time with its offset; empty clears it.
    pub publish_at: Option<String>,
}

/// Validated changes to a translation of one kind.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TranslationChanges {
    fields: Option<BTreeMap<String, String>>,
    slug: Option<Option<Slug>>,
    publication: Option<Publication>,
    publish_at: Option<Option<DateTime<Utc>>>,
}

impl TranslationChanges {
    /// Checks every sent field against `kind`'s rules (for the site, its settings' fields; see
    /// [`Self::parse_for`]).
    pub fn parse(kind: TranslationKind, input: TranslationInput) -> Result<Self, FieldErrors> {
        Self::parse_for(kind, "settings", input)
    }

    /// Checks every sent field against the rules of `kind`'s record `record` (its key: the site's
    /// records each have fields of their own). Errors are keyed `fields.{name}` (an unknown field,
    /// a text over its limit), `slug`, `publication`, `publishAt`.
    pub fn parse_for(kind: TranslationKind, record: &str, input: TranslationInput) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let fields = input.fields.map(|sent| {
            let mut fields = BTreeMap::new();
            for (name, value) in sent {
                let key = format!("fields.{name}");
                let Some(field) = kind.rule(record, &name) else {
                    let known = if kind == TranslationKind::Site {
                        format!("the {record} record translates {}", site::site_known(record))
                    } else {
                        let known: Vec<&str> = kind.fields().iter().map(|field| field.name).collect();
                        format!("a {kind} translates {}", known.join(", "))
                    };
                    errors.add(&key, format!("{name} is not translated; {known}"));
                    continue;
                };
                if value.chars().count() > field.max {
                    errors.add(&key, format!("{} must be at most {} characters", field.label, field.max));
                    continue;
                }
                // Markdown keeps its indentation; a short text is trimmed as the record's own is.
                let value = if field.markdown { value.trim_end().to_owned() } else { value.trim().to_owned() };
                if !value.trim().is_empty() {
                    fields.insert(name, value);
                }
            }
            fields
        });
        let slug = input.slug.map(|slug| {
            if !kind.has_slug() {
                errors.add("slug", format!("A {kind} has no address of its own"));
                return None;
            }
            let slug = slug.trim();
            if slug.is_empty() {
                None
            } else {
                errors.check("slug", Slug::parse(slug).map_err(|error| error.to_string()))
            }
        });
        let publication = input.publication.and_then(|publication| {
            if kind.has_publication() {
                errors.check("publication", Publication::parse(&publication))
            } else {
                errors.add("publication", format!("A translation of a {kind} is live when saved"));
                None
            }
        });
        let publish_at = input.publish_at.and_then(|text| {
            if kind.has_publication() {
                errors.check("publishAt", optional_date_time(&text, "Publish time"))
            } else {
                errors.add("publishAt", format!("A translation of a {kind} is live when saved"));
                None
            }
        });
        errors.finish(|| Self { fields, slug, publication, publish_at })
    }

    /// The slug these changes set: `Some(None)` clears it.
    pub fn slug(&self) -> Option<Option<&Slug>> {
        self.slug.as_ref().map(Option::as_ref)
    }

    /// The publication state these changes set, if any.
    pub fn publication(&self) -> Option<Publication> {
        self.publication
    }

    /// Whether the changes would publish the translation or give it a publish time (a Contributor
    /// may do neither).
    pub fn publishes(&self) -> bool {
        self.publication == Some(Publication::Published) || matches!(self.publish_at, Some(Some(_)))
    }
}

impl Translation {
    /// A new translation of the record `record_id` of `kind` in `lang`, saved against the default
    /// language's texts hashing to `source_hash`. A kind without a publication state is published.
    pub fn create(
        kind: TranslationKind,
        record_id: String,
        lang: LanguageTag,
        changes: TranslationChanges,
        source_hash: String,
        now: DateTime<Utc>,
    ) -> Self {
        let mut translation = Self {
            meta: RecordMeta::default(),
            kind,
            record_id,
            lang,
            slug: None,
            fields: BTreeMap::new(),
            publication: if kind.has_publication() { Publication::Draft } else { Publication::Published },
            publish_at: None,
            source_hash: String::new(),
            sources: BTreeMap::new(),
            created_at: now,
            updated_at: now,
        };
        translation.apply(changes, source_hash, now);
        translation
    }

    /// Applies the sent changes; saving marks the translation up to date with the default
    /// language's texts as they are now (`source_hash`).
    pub fn apply(&mut self, changes: TranslationChanges, source_hash: String, now: DateTime<Utc>) {
        let TranslationChanges { fields, slug, publication, publish_at } = changes;
        crate::patch::set(&mut self.fields, fields);
        crate::patch::set(&mut self.slug, slug);
        crate::patch::set(&mut self.publication, publication);
        crate::patch::set(&mut self.publish_at, publish_at);
        self.source_hash = source_hash;
        self.updated_at = now;
    }

    /// Whether visitors read this translation at `now`: a kind without a publication state always;
    /// a post's when published and past its publish time (if any).
    pub fn is_live(&self, now: DateTime<Utc>) -> bool {
        self.publication == Publication::Published && self.publish_at.is_none_or(|at| at <= now)
    }

    /// The text of `field` in this language: the translation's, else `default`'s.
    pub fn text<'a>(&'a self, field: &str, default: &'a str) -> &'a str {
        self.fields.get(field).map_or(default, String::as_str)
    }

    /// How the audit log names the translation.
    pub fn title(&self) -> String {
        let title = self.kind.fields().first().and_then(|field| self.fields.get(field.name));
        match title {
            Some(title) => format!("{title} ({})", self.lang),
            None => format!("{} {} ({})", self.kind, self.record_id, self.lang),
        }
    }
}

/// A default language's texts with a translation laid over them, field by field: a field the
/// translation has replaces the default's; the others stay.
pub fn overlay(defaults: &BTreeMap<String, String>, translation: &Translation) -> BTreeMap<String, String> {
    let mut texts = defaults.clone();
    for (name, value) in &translation.fields {
        if translation.kind.rule(&translation.record_id, name).is_some() {
            texts.insert(name.clone(), value.clone());
        }
    }
    texts
}

/// A record whose texts can be translated.
pub trait Translatable {
    const KIND: TranslationKind;

    /// The record's key as a translation names it.
    fn translation_key(&self) -> String;

    /// The default language's translatable texts, by field name.
    fn source_texts(&self) -> BTreeMap<String, String>;

    /// The record's address in the default language, for kinds that have one.
    fn default_slug(&self) -> Option<&Slug>;

    /// Lays `translation` over the record's own texts (and slug), field by field (a post's meta
    /// title and description give way to its translated title and text when the translation has
    /// none of its own).
    fn overlay(&mut self, translation: &Translation);
}

impl Translatable for post::Post {
    const KIND: TranslationKind = TranslationKind::Post;

    fn translation_key(&self) -> String {
        self.id.to_string()
    }

    fn source_texts(&self) -> BTreeMap<String, String> {
        [
            ("title", &self.title),
            ("excerpt", &self.excerpt),
            ("content", &self.content),
            ("metaTitle", &self.meta_title),
            ("metaDescription", &self.meta_description),
        ]
        .into_iter()
        .map(|(name, value)| (name.to_owned(), value.clone()))
        .collect()
    }

    fn default_slug(&self) -> Option<&Slug> {
        Some(&self.slug)
    }

    fn overlay(&mut self, translation: &Translation) {
        for (name, target) in [
            ("title", &mut self.title),
            ("excerpt", &mut self.excerpt),
            ("content", &mut self.content),
            ("metaTitle", &mut self.meta_title),
            ("metaDescription", &mut self.meta_description),
        ] {
            if let Some(value) = translation.fields.get(name) {
                value.clone_into(target);
            }
        }
        // The meta texts describe the text: a translated title or text without translated meta
        // texts of its own is described by itself, never by the default language's meta texts.
        let translated = |name: &str| translation.fields.get(name).is_some_and(|value| !value.trim().is_empty());
        if translated("title") && !translation.fields.contains_key("metaTitle") {
            self.meta_title.clear();
        }
        if (translated("excerpt") || translated("content")) && !translation.fields.contains_key("metaDescription") {
            self.meta_description.clear();
        }
        if let Some(slug) = &translation.slug {
            self.slug = slug.clone();
        }
    }
}

/// Who holds a slug in the store: a record's default slug, or a record's translated slug in one
/// language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SlugHolder {
    Default { record_id: String },
    Translated { record_id: String, lang: LanguageTag },
}

/// Whether `slug`'s holders keep it from being record `record_id`'s translated slug in `lang`:
/// another record's translation in that language has it, or another record has it as its default
/// slug. The record's own default slug, and its own translation in that language, may keep it.
pub fn translated_slug_taken(record_id: &str, lang: &LanguageTag, holders: &[SlugHolder]) -> bool {
    holders.iter().any(|holder| match holder {
        SlugHolder::Default { record_id: other } => other != record_id,
        SlugHolder::Translated { record_id: other, lang: other_lang } => other != record_id && other_lang == lang,
    })
}

/// Whether `slug`'s holders keep it from being record `record_id`'s default slug: another record
/// has it, as its default slug or as a translated slug in any language.
pub fn default_slug_taken(record_id: &str, holders: &[SlugHolder]) -> bool {
    holders.iter().any(|holder| match holder {
        SlugHolder::Default { record_id: other } | SlugHolder::Translated { record_id: other, .. } => {
            other != record_id
        }
    })
}

/// How a record reads in a language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    /// In that language: it has a live translation there (or the language is the default).
    Translated,
    /// In the default language, the page saying so.
    Fallback,
    /// Left out of that language's lists (`untranslatedContent: hide`).
    Hidden,
}

/// How a record with `translation` (its row in `lang`, if any) reads in `lang` at `now`: in a list
/// (`in_list`) a record without a live translation is hidden when the site hides untranslated
/// content; on its own page it always falls back, so that no link breaks.
pub fn shown(
    languages: &Languages,
    lang: &LanguageTag,
    translation: Option<&Translation>,
    now: DateTime<Utc>,
    in_list: bool,
) -> Shown {
    if languages.is_default(lang) || translation.is_some_and(|translation| translation.is_live(now)) {
        Shown::Translated
    } else if in_list && languages.untranslated == Untranslated::Hide {
        Shown::Hidden
    } else {
        Shown::Fallback
    }
}

/// The languages a record can be read in and its address in each: the default (its default
/// slug) and every other listed language in which it has a live translation (its translated slug,
/// else its default slug), in the settings' order. A translation in a language no longer listed
/// is kept but not offered.
pub fn alternates<'a>(
    languages: &'a Languages,
    default_slug: Option<&'a Slug>,
    translations: &'a [Translation],
    now: DateTime<Utc>,
) -> Vec<(&'a LanguageTag, Option<&'a Slug>)> {
    let mut list = vec![(&languages.default_language().tag, default_slug)];
    for language in languages.others() {
        if let Some(translation) =
            translations.iter().find(|translation| translation.lang == language.tag && translation.is_live(now))
        {
            list.push((&language.tag, translation.slug.as_ref().or(default_slug)));
        }
    }
    list
}

#[cfg(test)]
mod tests;
