//! The site's own texts as translations name them (docs/languages.md, "The site's own texts"): the
//! kind `site` has three records, each with fields of its own.
//!
//! - `settings`: `siteName`, `siteDescription` (the footer's tagline is the description).
//! - `contact`: the contact details' `address` (the email, phone and links are not words).
//! - `home`: every text of the home page, named by its place in the record with dots, an index
//!   counting from 0: `hero.title`, `hero.subtitle`, `hero.trustedBy`, `hero.links.{i}.label`;
//!   `sections.{key}.heading`, `.subheading`, `.items.{i}.title`, `.items.{i}.text`,
//!   `.figures.{i}.label`, `.note.title`, `.note.text`, `.stepsHeading`, `.steps.{i}`,
//!   `.links.{i}.label` (`{key}` a section's key: `why-hire`); `footerServices.{i}`. A link's
//!   target, a figure's value and suffix, and a section's order and visibility are the record's,
//!   the same in every language. A name is checked against the record's shape and limits (a known
//!   section, a part that section shows, `SectionKey::parts`: `sections.features.steps.0` names
//!   nothing; an index below the part's maximum, written without leading zeros); an index the
//!   record does not fill now is kept and read when the record has that entry again. A text of a
//!   part its section does not show is the record's alone: it is neither offered nor hashed.

use std::collections::BTreeMap;

use super::{Translatable, Translation, TranslationKind};
use crate::contact_details::{self, ContactDetails};
use crate::home_page::{
    HomePage, MAX_FIGURES, MAX_FOOTER_SERVICES, MAX_ITEMS, MAX_LABEL_LEN, MAX_LINKS, MAX_STEPS, MAX_TEXT_LEN,
    MAX_TITLE_LEN, SectionKey, SectionPart,
};
use crate::settings;
use crate::slug::Slug;

/// The site's records, as a translation names them (`record_id`).
pub const SITE_RECORDS: [&str; 3] = ["settings", "home", "contact"];

/// The rule a translated field of a record follows: how messages name it, its limit (the
/// record's own) and whether it holds markdown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FieldRule {
    pub label: &'static str,
    pub max: usize,
    pub markdown: bool,
}

impl From<&super::TranslatableField> for FieldRule {
    fn from(field: &super::TranslatableField) -> Self {
        Self { label: field.label, max: field.max, markdown: field.markdown }
    }
}

const fn rule(label: &'static str, max: usize) -> FieldRule {
    FieldRule { label, max, markdown: false }
}

pub(super) const SETTINGS_FIELDS: &[super::TranslatableField] = &[
    super::kind::text("siteName", "Site name", settings::MAX_SITE_NAME_LEN),
    super::kind::text("siteDescription", "Site description", settings::MAX_SITE_DESCRIPTION_LEN),
];

pub(super) const CONTACT_FIELDS: &[super::TranslatableField] =
    &[super::kind::text("address", "Address", contact_details::MAX_ADDRESS_LEN)];

/// The fixed list of fields of a site record, in the editor's order; `None` for the home page,
/// whose fields follow its shape ([`home_field`]) and for a name that is no site record.
pub fn site_fields(record: &str) -> Option<&'static [super::TranslatableField]> {
    match record {
        "settings" => Some(SETTINGS_FIELDS),
        "contact" => Some(CONTACT_FIELDS),
        _ => None,
    }
}

/// An index of a list of at most `max` entries, written as the record writes it (`0`, `12`, never
/// `01` or `+1`).
fn index(text: &str, max: usize) -> bool {
    let canonical =
        !text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit()) && (text == "0" || !text.starts_with('0'));
    canonical && text.len() <= 3 && text.parse::<usize>().is_ok_and(|at| at < max)
}

/// The rule of the home page's field `name`, if it names one (see the module's documentation).
pub fn home_field(name: &str) -> Option<FieldRule> {
    let parts: Vec<&str> = name.split('.').collect();
    match parts.as_slice() {
        ["hero", "title"] => Some(rule("Hero title", MAX_TITLE_LEN)),
        ["hero", "subtitle"] => Some(rule("Hero subtitle", MAX_TEXT_LEN)),
        ["hero", "trustedBy"] => Some(rule("Trusted by", MAX_TITLE_LEN)),
        ["hero", "links", at, "label"] if index(at, MAX_LINKS) => Some(rule("Button text", MAX_LABEL_LEN)),
        ["footerServices", at] if index(at, MAX_FOOTER_SERVICES) => Some(rule("Footer service", MAX_LABEL_LEN)),
        ["sections", key, part @ ..] => section_field(SectionKey::parse(key).ok()?, part),
        _ => None,
    }
}

/// The rule of the part `part` of the section `key`, if the site shows that part of it
/// ([`SectionKey::parts`]): `steps.0` of a section without steps names nothing.
fn section_field(key: SectionKey, part: &[&str]) -> Option<FieldRule> {
    let shows = |part| key.shows(part);
    match part {
        ["heading"] if shows(SectionPart::Heading) => Some(rule("Heading", MAX_TITLE_LEN)),
        ["subheading"] if shows(SectionPart::Heading) => Some(rule("Subheading", MAX_TEXT_LEN)),
        ["items", at, "title"] if shows(SectionPart::Items) && index(at, MAX_ITEMS) => {
            Some(rule("Item title", MAX_TITLE_LEN))
        }
        ["items", at, "text"] if shows(SectionPart::Items) && index(at, MAX_ITEMS) => {
            Some(rule("Item text", MAX_TEXT_LEN))
        }
        ["figures", at, "label"] if shows(SectionPart::Figures) && index(at, MAX_FIGURES) => {
            Some(rule("Figure label", MAX_LABEL_LEN))
        }
        ["note", "title"] if shows(SectionPart::NoteTitle) => Some(rule("Note title", MAX_TITLE_LEN)),
        ["note", "text"] if shows(SectionPart::NoteText) => Some(rule("Note text", MAX_TEXT_LEN)),
        ["stepsHeading"] if shows(SectionPart::Steps) => Some(rule("Steps heading", MAX_TITLE_LEN)),
        ["steps", at] if shows(SectionPart::Steps) && index(at, MAX_STEPS) => Some(rule("Step", MAX_LABEL_LEN)),
        ["links", at, "label"] if shows(SectionPart::Links) && index(at, MAX_LINKS) => {
            Some(rule("Link text", MAX_LABEL_LEN))
        }
        _ => None,
    }
}

/// The rule of field `name` of the site's record `record`, if that record translates it.
pub fn site_field(record: &str, name: &str) -> Option<FieldRule> {
    match record {
        "home" => home_field(name),
        _ => site_fields(record)?.iter().find(|field| field.name == name).map(FieldRule::from),
    }
}

/// What a refusal of an unknown field of a site record says the record translates.
pub(super) fn site_known(record: &str) -> String {
    match site_fields(record) {
        Some(fields) => fields.iter().map(|field| field.name).collect::<Vec<_>>().join(", "),
        None => "the home page's texts by their place: hero.title, sections.{key}.heading, \
                 sections.{key}.items.{i}.title, footerServices.{i}, …, each section's the parts it shows"
            .to_owned(),
    }
}

/// Calls `visit` with each text slot of the home page and its field name, in the page's order.
/// Written once for reading and once for writing through the `$($mut)?` of the macro.
macro_rules! home_texts {
    ($home:expr, $visit:expr $(, $mut:tt)?) => {{
        let home = $home;
        #[allow(unused_mut)]
        let mut visit = $visit;
        visit("hero.title".to_owned(), & $($mut)? home.hero.title);
        visit("hero.subtitle".to_owned(), & $($mut)? home.hero.subtitle);
        for at in 0..home.hero.links.len() {
            visit(format!("hero.links.{at}.label"), & $($mut)? home.hero.links[at].label);
        }
        visit("hero.trustedBy".to_owned(), & $($mut)? home.hero.trusted_by);
        for section in 0..home.sections.len() {
            let section_key = home.sections[section].key;
            let shows = |part| section_key.shows(part);
            let key = section_key.as_str();
            let name = |part: &str| format!("sections.{key}.{part}");
            if shows(SectionPart::Heading) {
                visit(name("heading"), & $($mut)? home.sections[section].heading);
                visit(name("subheading"), & $($mut)? home.sections[section].subheading);
            }
            if shows(SectionPart::Items) {
                for at in 0..home.sections[section].items.len() {
                    visit(name(&format!("items.{at}.title")), & $($mut)? home.sections[section].items[at].title);
                    visit(name(&format!("items.{at}.text")), & $($mut)? home.sections[section].items[at].text);
                }
            }
            if shows(SectionPart::Figures) {
                for at in 0..home.sections[section].figures.len() {
                    visit(name(&format!("figures.{at}.label")), & $($mut)? home.sections[section].figures[at].label);
                }
            }
            if shows(SectionPart::NoteTitle) {
                visit(name("note.title"), & $($mut)? home.sections[section].note.title);
            }
            if shows(SectionPart::NoteText) {
                visit(name("note.text"), & $($mut)? home.sections[section].note.text);
            }
            if shows(SectionPart::Steps) {
                visit(name("stepsHeading"), & $($mut)? home.sections[section].steps_heading);
                for at in 0..home.sections[section].steps.len() {
                    visit(name(&format!("steps.{at}")), & $($mut)? home.sections[section].steps[at]);
                }
            }
            if shows(SectionPart::Links) {
                for at in 0..home.sections[section].links.len() {
                    visit(name(&format!("links.{at}.label")), & $($mut)? home.sections[section].links[at].label);
                }
            }
        }
        for at in 0..home.footer_services.len() {
            visit(format!("footerServices.{at}"), & $($mut)? home.footer_services[at]);
        }
    }};
}

impl Translatable for HomePage {
    const KIND: TranslationKind = TranslationKind::Site;

    fn translation_key(&self) -> String {
        "home".to_owned()
    }

    /// Every text the page has now (an empty one has nothing to translate), by its field name.
    fn source_texts(&self) -> BTreeMap<String, String> {
        let mut texts = BTreeMap::new();
        home_texts!(self, |name: String, text: &String| {
            if !text.is_empty() {
                texts.insert(name, text.clone());
            }
        });
        texts
    }

    fn default_slug(&self) -> Option<&Slug> {
        None
    }

    /// Each translated text at its place, a list's entry following the entry it was written for
    /// (`Translation::attached_to`).
    fn overlay(&mut self, translation: &Translation) {
        let translation = translation.attached_to(&self.source_texts());
        home_texts!(
            self,
            |name: String, text: &mut String| {
                if let Some(value) = translation.fields.get(&name) {
                    value.clone_into(text);
                }
            },
            mut
        );
    }
}

impl Translatable for ContactDetails {
    const KIND: TranslationKind = TranslationKind::Site;

    fn translation_key(&self) -> String {
        "contact".to_owned()
    }

    fn source_texts(&self) -> BTreeMap<String, String> {
        BTreeMap::from([("address".to_owned(), self.address.clone())])
    }

    fn default_slug(&self) -> Option<&Slug> {
        None
    }

    fn overlay(&mut self, translation: &Translation) {
        if let Some(address) = translation.fields.get("address") {
            address.clone_into(&mut self.address);
        }
    }
}

#[cfg(test)]
mod tests {
    use chrono::{TimeZone, Utc};

    use super::*;
    use crate::home_page::{Figure, Item, Link};
    use crate::id::EntityId;
    use crate::language::LanguageTag;
    use crate::translation::{TranslationChanges, TranslationInput, record_source_hash};

    fn home() -> HomePage {
        let now = Utc.with_ymd_and_hms(2027, 1, 25, 9, 0, 0).unwrap();
        let mut home = HomePage::empty(EntityId::generate(now), now);
        home.hero.title = "We build websites".into();
        home.hero.subtitle = "Fast ones".into();
        home.hero.links = vec![Link { label: "Start".into(), target: "#contact".into() }];
        home.hero.trusted_by = "Trusted by many".into();
        let why = home.sections.iter_mut().find(|section| section.key == SectionKey::WhyHire).unwrap();
        why.heading = "Why hire us".into();
        why.items = vec![Item { title: "Speed".into(), text: "We ship".into() }];
        why.figures = vec![Figure { value: 250, suffix: "+".into(), label: "Projects".into() }];
        why.steps = vec!["Talk".into(), "Plan".into(), "Build".into()];
        home.footer_services = vec!["Web design".into()];
        home
    }

    fn german(record: &str, fields: &[(&str, &str)]) -> Result<Translation, crate::FieldErrors> {
        let now = Utc.with_ymd_and_hms(2027, 1, 25, 9, 0, 0).unwrap();
        let input = TranslationInput {
            fields: Some(fields.iter().map(|(name, text)| ((*name).to_owned(), (*text).to_owned())).collect()),
            ..TranslationInput::default()
        };
        let changes = TranslationChanges::parse_for(TranslationKind::Site, record, input)?;
        let lang = LanguageTag::parse("de").unwrap();
        Ok(Translation::create(TranslationKind::Site, record.to_owned(), lang, changes, String::new(), now))
    }

    #[test]
    fn the_home_pages_fields_are_named_by_their_place_within_its_limits() {
        for name in [
            "hero.title",
            "hero.subtitle",
            "hero.trustedBy",
            "hero.links.2.label",
            "footerServices.11",
            "sections.services.heading",
            "sections.why-hire.items.11.text",
            "sections.why-hire.figures.7.label",
            "sections.why-hire.note.title",
            "sections.why-hire.stepsHeading",
            "sections.why-hire.steps.0",
            "sections.faq.links.0.label",
        ] {
            assert!(home_field(name).is_some(), "{name}");
        }
        for name in [
            "hero",
            "hero.links.0.target",
            "hero.links.3.label",
            "hero.links.01.label",
            "hero.links.+1.label",
            "footerServices.12",
            "sections.newsletter.heading",
            "sections.services",
            "sections.why-hire.figures.0.value",
            "sections.why-hire.figures.0.suffix",
            "sections.why-hire.steps.12",
            "sections.why-hire.items.0",
            "sections.why-hire.order",
            "sections.why-hire.visible",
            "siteName",
            "",
        ] {
            assert!(home_field(name).is_none(), "{name}");
        }
        assert_eq!(home_field("hero.title").unwrap().max, MAX_TITLE_LEN);
        assert_eq!(home_field("sections.why-hire.steps.3").unwrap().max, MAX_LABEL_LEN);
    }

    /// Every part a section can hold, as a translation names it.
    const SECTION_PARTS: [&str; 10] = [
        "heading",
        "subheading",
        "items.0.title",
        "items.0.text",
        "figures.0.label",
        "note.title",
        "note.text",
        "stepsHeading",
        "steps.0",
        "links.0.label",
    ];

    #[test]
    fn each_section_takes_the_parts_the_site_shows_of_it_and_no_other() {
        let heading_and_links: &[&str] = &["heading", "subheading", "links.0.label"];
        let heading_and_items: &[&str] = &["heading", "subheading", "items.0.title", "items.0.text"];
        let shapes: [(&str, &[&str]); 10] = [
            ("features", &["items.0.title", "items.0.text"]),
            ("about", &["note.title", "links.0.label"]),
            ("services", heading_and_links),
            ("portfolio", heading_and_links),
            ("blog", heading_and_links),
            ("testimonials", &["heading", "subheading"]),
            ("why-choose-us", heading_and_items),
            ("faq", heading_and_links),
            ("contact", heading_and_items),
            ("why-hire", &SECTION_PARTS),
        ];
        assert_eq!(shapes.len(), SectionKey::ALL.len(), "every section is in the table");
        for (key, shown) in shapes {
            for part in SECTION_PARTS {
                let name = format!("sections.{key}.{part}");
                assert_eq!(home_field(&name).is_some(), shown.contains(&part), "{name}");
            }
        }
    }

    #[test]
    fn a_part_a_section_does_not_show_is_refused_by_name_and_neither_offered_nor_hashed() {
        let errors = german("home", &[("sections.features.steps.0", "Planen")]).unwrap_err();
        let message = errors.get("fields.sections.features.steps.0").expect("named");
        assert!(message.contains("is not translated"), "{message}");
        let mut page = home();
        let hash = record_source_hash(TranslationKind::Site, "home", &page.source_texts());
        let features = page.sections.iter_mut().find(|section| section.key == SectionKey::Features).unwrap();
        features.steps = vec!["Kept, not shown".into()];
        features.heading = "Kept too".into();
        let texts = page.source_texts();
        assert!(!texts.keys().any(|name| name.starts_with("sections.features.")), "{texts:?}");
        assert_eq!(hash, record_source_hash(TranslationKind::Site, "home", &texts), "nothing shown changed");
    }

    #[test]
    fn each_site_record_takes_its_own_fields_and_refuses_the_others_by_name() {
        assert!(german("settings", &[("siteName", "Atelier DE")]).is_ok());
        assert!(german("contact", &[("address", "Hauptstraße 1")]).is_ok());
        assert!(german("home", &[("hero.title", "Wir bauen Websites")]).is_ok());
        for (record, field) in [
            ("settings", "hero.title"),
            ("home", "siteName"),
            ("home", "hero.links.0.target"),
            ("contact", "phone"),
            ("contact", "email"),
        ] {
            let errors = german(record, &[(field, "x")]).unwrap_err();
            let message = errors.get(&format!("fields.{field}")).unwrap_or_else(|| panic!("{record} {field}"));
            assert!(message.contains("is not translated"), "{message}");
        }
        let long = "x".repeat(MAX_TITLE_LEN + 1);
        let errors = german("home", &[("sections.services.heading", &long)]).unwrap_err();
        assert!(errors.get("fields.sections.services.heading").is_some());
    }

    #[test]
    fn the_home_pages_texts_are_named_as_its_fields_and_empty_ones_left_out() {
        let texts = home().source_texts();
        for name in texts.keys() {
            assert!(home_field(name).is_some(), "{name}");
        }
        assert_eq!(texts.get("hero.links.0.label").map(String::as_str), Some("Start"));
        assert_eq!(texts.get("sections.why-hire.steps.2").map(String::as_str), Some("Build"));
        assert_eq!(texts.get("sections.why-hire.figures.0.label").map(String::as_str), Some("Projects"));
        assert!(!texts.contains_key("sections.services.heading"), "an empty text has nothing to translate");
        assert_eq!(home().translation_key(), "home");
    }

    #[test]
    fn a_translated_home_page_falls_back_to_the_default_text_field_by_field() {
        let mut page = home();
        let translation = german(
            "home",
            &[
                ("hero.title", "Wir bauen Websites"),
                ("hero.links.0.label", "Los"),
                ("sections.why-hire.steps.1", "Planen"),
                ("sections.why-hire.items.5.title", "Kein solcher Eintrag"),
                ("footerServices.0", "Webdesign"),
            ],
        )
        .unwrap();
        page.overlay(&translation);
        assert_eq!(page.hero.title, "Wir bauen Websites");
        assert_eq!(page.hero.subtitle, "Fast ones", "an untranslated text stays the default's");
        assert_eq!(page.hero.links[0].label, "Los");
        assert_eq!(page.hero.links[0].target, "#contact", "a link leads where it did");
        let why = page.section(SectionKey::WhyHire).unwrap();
        assert_eq!(why.steps, ["Talk", "Planen", "Build"]);
        assert_eq!(why.items.len(), 1, "an entry the page lacks is not made up");
        assert_eq!((why.figures[0].value, why.figures[0].suffix.as_str()), (250, "+"));
        assert_eq!(page.footer_services, ["Webdesign"]);
    }

    #[test]
    fn the_home_pages_hash_follows_its_texts() {
        let page = home();
        let hash = record_source_hash(TranslationKind::Site, "home", &page.source_texts());
        let mut moved = home();
        moved.hero.subtitle = "Faster ones".into();
        assert_ne!(hash, record_source_hash(TranslationKind::Site, "home", &moved.source_texts()));
        let mut retargeted = home();
        retargeted.hero.links[0].target = "/contact".into();
        assert_eq!(hash, record_source_hash(TranslationKind::Site, "home", &retargeted.source_texts()));
    }

    #[test]
    fn the_contact_details_translate_their_address_only() {
        let mut details = ContactDetails {
            meta: crate::meta::RecordMeta::default(),
            email: "hello@studio.example".into(),
            phone: "+44 20".into(),
            address: "1 Main Street".into(),
            google_maps_url: String::new(),
            social_media: BTreeMap::new(),
            updated_at: Utc::now(),
        };
        assert_eq!(details.translation_key(), "contact");
        let names: Vec<String> = details.source_texts().into_keys().collect();
        assert_eq!(names, ["address"]);
        details.overlay(&german("contact", &[("address", "Hauptstraße 1")]).unwrap());
        assert_eq!((details.address.as_str(), details.email.as_str()), ("Hauptstraße 1", "hello@studio.example"));
    }
}
