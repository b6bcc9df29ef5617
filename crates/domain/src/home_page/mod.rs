//! The home page: every text a visitor reads there (the hero, each section's heading and texts, the
//! features strip, the "why" sections' texts and figures, the process steps) and the footer's list of
//! services, set by the owner. One record for the whole site; each section of a fixed, known set has
//! its visibility and its place in the page's order.
//!
//! A section keeps one shape (heading, subheading, items, figures, steps, links and a note); which
//! parts a section shows is the site's business (`SectionKey::parts`), so a field a section does
//! not show is kept and ignored (and has nothing to translate).

mod input;

use crate::meta::RecordMeta;
use chrono::{DateTime, Utc};

use crate::id::EntityId;

pub use self::input::*;

pub const MAX_TITLE_LEN: usize = 200;
pub const MAX_TEXT_LEN: usize = 600;
pub const MAX_LABEL_LEN: usize = 80;
pub const MAX_ITEMS: usize = 12;
pub const MAX_FIGURES: usize = 8;
pub const MAX_STEPS: usize = 12;
pub const MAX_LINKS: usize = 3;
pub const MAX_FOOTER_SERVICES: usize = 12;
pub const MAX_SUFFIX_LEN: usize = 8;
pub const MAX_FIGURE_VALUE: u32 = 1_000_000;
pub const MAX_ORDER: u32 = 100;
pub const MAX_ANCHOR_LEN: usize = 100;

/// The sections of the home page, in the order of a fresh site.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SectionKey {
    /// Three selling points under the hero: `items`.
    Features,
    /// The About page's summary (its texts are the About page's) and a call to action: `note.title`, `links`.
    About,
    /// `heading`, `subheading`, `links`.
    Services,
    /// `heading`, `subheading`, `links`.
    Portfolio,
    /// `heading`, `subheading`, `links`.
    Blog,
    /// `heading`, `subheading`.
    Testimonials,
    /// "Why Choose Us": `heading`, `subheading`, `items`.
    WhyChooseUs,
    /// `heading`, `subheading`, `links`.
    Faq,
    /// "Let's Work Together": `heading`, `subheading`, three cards as `items`.
    Contact,
    /// "Why Hire Our Company": `heading`, `subheading`, reasons as `items`, `figures`, `note`,
    /// `stepsHeading`, `steps`, `links`.
    WhyHire,
}

crate::word_enum!(SectionKey, |text| format!("{text} is not a section of the home page"), {
    Features => "features",
    About => "about",
    Services => "services",
    Portfolio => "portfolio",
    Blog => "blog",
    Testimonials => "testimonials",
    WhyChooseUs => "why-choose-us",
    Faq => "faq",
    Contact => "contact",
    WhyHire => "why-hire",
});

/// A part of a section that holds words, as the site shows it (each [`SectionKey`]'s documentation
/// names its parts; the back office's form edits those only).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SectionPart {
    /// `heading` and `subheading`.
    Heading,
    /// `items`, each a title and a text.
    Items,
    /// `figures` (their labels are words; values and suffixes are not).
    Figures,
    /// `note.title`.
    NoteTitle,
    /// `note.text`.
    NoteText,
    /// `stepsHeading` and `steps`.
    Steps,
    /// `links` (their labels are words; targets are not).
    Links,
}

impl SectionKey {
    /// The parts of the section the site shows, in the page's order.
    pub const fn parts(self) -> &'static [SectionPart] {
        use SectionPart::{Figures, Heading, Items, Links, NoteText, NoteTitle, Steps};
        match self {
            Self::Features => &[Items],
            Self::About => &[NoteTitle, Links],
            Self::Services | Self::Portfolio | Self::Blog | Self::Faq => &[Heading, Links],
            Self::Testimonials => &[Heading],
            Self::WhyChooseUs | Self::Contact => &[Heading, Items],
            Self::WhyHire => &[Heading, Items, Figures, NoteTitle, NoteText, Steps, Links],
        }
    }

    /// Whether the site shows the section's `part`.
    pub fn shows(self, part: SectionPart) -> bool {
        self.parts().contains(&part)
    }
}

/// A button or link: its words and where it leads.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Link {
    pub label: String,
    /// A path on this site (`/portfolio`), an anchor on the home page (`#services`) or an absolute
    /// http(s) URL.
    pub target: String,
}

/// A titled text (a feature, a reason, a card, a note).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Item {
    pub title: String,
    pub text: String,
}

/// A figure the site counts up to: `250` and `+` read "250+".
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Figure {
    pub value: u32,
    pub suffix: String,
    pub label: String,
}

/// The first screen of the home page.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Hero {
    pub title: String,
    pub subtitle: String,
    pub links: Vec<Link>,
    /// The line under the buttons ("Trusted by businesses across industries").
    pub trusted_by: String,
}

/// One section of the home page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HomeSection {
    pub key: SectionKey,
    pub visible: bool,
    /// Its place: sections are shown by ascending order, then in `SectionKey`'s order.
    pub order: u32,
    pub heading: String,
    pub subheading: String,
    pub items: Vec<Item>,
    pub figures: Vec<Figure>,
    pub note: Item,
    pub steps_heading: String,
    pub steps: Vec<String>,
    pub links: Vec<Link>,
}

impl HomeSection {
    /// An empty, visible section at its place of a fresh site.
    pub fn empty(key: SectionKey) -> Self {
        let place = SectionKey::ALL.iter().position(|known| *known == key).unwrap_or_default();
        let order = u32::try_from(place).unwrap_or(MAX_ORDER).saturating_add(1);
        Self {
            key,
            visible: true,
            order,
            heading: String::new(),
            subheading: String::new(),
            items: Vec::new(),
            figures: Vec::new(),
            note: Item::default(),
            steps_heading: String::new(),
            steps: Vec::new(),
            links: Vec::new(),
        }
    }
}

/// The home page record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HomePage {
    /// Its version and who created and last changed it.
    pub meta: RecordMeta,
    pub id: EntityId,
    pub hero: Hero,
    /// Every section once, by ascending order.
    pub sections: Vec<HomeSection>,
    /// The footer's list of services, each linking to the home page's services.
    pub footer_services: Vec<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

fn set<T>(field: &mut T, value: Option<T>) {
    if let Some(value) = value {
        *field = value;
    }
}

impl HomePage {
    /// The home page with no text at all: every section visible, in the fresh site's order.
    pub fn empty(id: EntityId, now: DateTime<Utc>) -> Self {
        Self {
            meta: RecordMeta::default(),
            id,
            hero: Hero::default(),
            sections: SectionKey::ALL.into_iter().map(HomeSection::empty).collect(),
            footer_services: Vec::new(),
            created_at: now,
            updated_at: now,
        }
    }

    /// Applies the parts that were sent, keeps the sections in their order, and stamps the update time.
    pub fn apply(&mut self, changes: HomePageChanges, now: DateTime<Utc>) {
        let HomePageChanges { hero, sections, footer_services } = changes;
        set(&mut self.hero, hero);
        set(&mut self.footer_services, footer_services);
        for (key, changes) in sections {
            let Some(section) = self.sections.iter_mut().find(|section| section.key == key) else { continue };
            set(&mut section.visible, changes.visible);
            set(&mut section.order, changes.order);
            set(&mut section.heading, changes.heading);
            set(&mut section.subheading, changes.subheading);
            set(&mut section.items, changes.items);
            set(&mut section.figures, changes.figures);
            set(&mut section.note, changes.note);
            set(&mut section.steps_heading, changes.steps_heading);
            set(&mut section.steps, changes.steps);
            set(&mut section.links, changes.links);
        }
        self.normalize();
        self.updated_at = now;
    }

    /// Every known section exactly once, sorted by order then by key.
    pub fn normalize(&mut self) {
        for key in SectionKey::ALL {
            if !self.sections.iter().any(|section| section.key == key) {
                self.sections.push(HomeSection::empty(key));
            }
        }
        self.sections.sort_by_key(|section| (section.order, section.key));
        let mut seen = Vec::new();
        self.sections.retain(|section| {
            let first = !seen.contains(&section.key);
            seen.push(section.key);
            first
        });
    }

    /// The section of `key`.
    pub fn section(&self, key: SectionKey) -> Option<&HomeSection> {
        self.sections.iter().find(|section| section.key == key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page() -> HomePage {
        HomePage::empty(EntityId::generate(Utc::now()), Utc::now())
    }

    fn link(label: &str, target: &str) -> LinkInput {
        LinkInput { label: Some(label.into()), target: Some(target.into()) }
    }

    #[test]
    fn link_targets_are_site_paths_anchors_or_web_addresses() {
        for good in ["/portfolio", "/", "#services", "https://example.com/x?y#z", "http://example.com", " /blog "] {
            assert!(parse_target(good, "Target").is_ok(), "{good}");
        }
        for bad in ["", "//evil.example", "javascript:alert(1)", "#", "#two words", "/a b", "mailto:x@y.z", "portfolio"]
        {
            assert!(parse_target(bad, "Target").is_err(), "{bad}");
        }
        assert_eq!(parse_target(" #contact ", "Target").unwrap(), "#contact");
    }

    #[test]
    fn a_hero_needs_a_title_and_links_that_lead_somewhere() {
        let input = HomePageInput {
            hero: Some(HeroInput {
                title: Some(" ".into()),
                links: Some(vec![link("Go", "javascript:alert(1)"), link("", "/x")]),
                ..HeroInput::default()
            }),
            ..HomePageInput::default()
        };
        let errors = HomePageChanges::parse(input).unwrap_err();
        for field in ["hero.title", "hero.links.0.target", "hero.links.1.label"] {
            assert!(errors.get(field).is_some(), "{field}");
        }
    }

    #[test]
    fn sections_are_a_known_set_each_sent_at_most_once() {
        let section = |key: &str| HomeSectionInput { key: Some(key.into()), ..HomeSectionInput::default() };
        let input = HomePageInput {
            sections: Some(vec![section("blog"), section("blog"), section("newsletter"), HomeSectionInput::default()]),
            ..HomePageInput::default()
        };
        let errors = HomePageChanges::parse(input).unwrap_err();
        for field in ["sections.1.key", "sections.2.key", "sections.3.key"] {
            assert!(errors.get(field).is_some(), "{field}");
        }
    }

    #[test]
    fn lengths_and_counts_are_bounded() {
        let long = "x".repeat(MAX_TITLE_LEN + 1);
        let input = HomePageInput {
            hero: Some(HeroInput { title: Some(long.clone()), ..HeroInput::default() }),
            sections: Some(vec![HomeSectionInput {
                key: Some("why-hire".into()),
                heading: Some(long),
                order: Some(1.5),
                items: Some(vec![ItemInput::default(); MAX_ITEMS + 1]),
                figures: Some(vec![FigureInput {
                    value: Some(-1.0),
                    label: Some("Years".into()),
                    ..FigureInput::default()
                }]),
                ..HomeSectionInput::default()
            }]),
            footer_services: Some(vec!["s".into(); MAX_FOOTER_SERVICES + 1]),
        };
        let errors = HomePageChanges::parse(input).unwrap_err();
        for field in [
            "hero.title",
            "sections.0.heading",
            "sections.0.order",
            "sections.0.items",
            "sections.0.figures.0.value",
            "footerServices",
        ] {
            assert!(errors.get(field).is_some(), "{field}");
        }
    }

    #[test]
    fn a_change_reorders_and_hides_sections_and_keeps_what_was_not_sent() {
        let mut home = page();
        let input = HomePageInput {
            sections: Some(vec![HomeSectionInput {
                key: Some("blog".into()),
                order: Some(0.0),
                visible: Some(false),
                heading: Some(" From the blog ".into()),
                ..HomeSectionInput::default()
            }]),
            footer_services: Some(vec![" Web ".into(), " ".into()]),
            ..HomePageInput::default()
        };
        home.apply(HomePageChanges::parse(input).unwrap(), Utc::now());
        let first = &home.sections[0];
        assert_eq!((first.key, first.visible, first.heading.as_str()), (SectionKey::Blog, false, "From the blog"));
        assert_eq!(home.sections.len(), SectionKey::ALL.len());
        assert_eq!(home.footer_services, ["Web"]);
        assert_eq!(home.section(SectionKey::Services).unwrap().order, 3);
    }
}
