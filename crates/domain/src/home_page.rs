//! The home page: every text a visitor reads there (the hero, each section's heading and texts, the
//! features strip, the "why" sections' texts and figures, the process steps) and the footer's list of
//! services, set by the owner. One record for the whole site; each section of a fixed, known set has
//! its visibility and its place in the page's order.
//!
//! A section keeps one shape (heading, subheading, items, figures, steps, links and a note); which
//! parts a section shows is the site's business (`SectionKey`'s documentation says it), so a field a
//! section does not show is kept and ignored.

use crate::meta::RecordMeta;
use chrono::{DateTime, Utc};

use crate::id::EntityId;
use crate::validation::{FieldErrors, MAX_URL_LEN, optional_text, optional_url, required_text};

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

/// A link as sent.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LinkInput {
    pub label: Option<String>,
    pub target: Option<String>,
}

/// A titled text as sent.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ItemInput {
    pub title: Option<String>,
    pub text: Option<String>,
}

/// A figure as sent.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FigureInput {
    pub value: Option<f64>,
    pub suffix: Option<String>,
    pub label: Option<String>,
}

/// The hero as sent; a part not sent is left empty.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HeroInput {
    pub title: Option<String>,
    pub subtitle: Option<String>,
    pub links: Option<Vec<LinkInput>>,
    pub trusted_by: Option<String>,
}

/// A section as sent; a part not sent keeps its stored value.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct HomeSectionInput {
    pub key: Option<String>,
    pub visible: Option<bool>,
    pub order: Option<f64>,
    pub heading: Option<String>,
    pub subheading: Option<String>,
    pub items: Option<Vec<ItemInput>>,
    pub figures: Option<Vec<FigureInput>>,
    pub note: Option<ItemInput>,
    pub steps_heading: Option<String>,
    pub steps: Option<Vec<String>>,
    pub links: Option<Vec<LinkInput>>,
}

/// The home page as sent. `None` means "not sent": that part keeps its stored value.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct HomePageInput {
    pub hero: Option<HeroInput>,
    pub sections: Option<Vec<HomeSectionInput>>,
    pub footer_services: Option<Vec<String>>,
}

/// One section's validated changes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct SectionChanges {
    visible: Option<bool>,
    order: Option<u32>,
    heading: Option<String>,
    subheading: Option<String>,
    items: Option<Vec<Item>>,
    figures: Option<Vec<Figure>>,
    note: Option<Item>,
    steps_heading: Option<String>,
    steps: Option<Vec<String>>,
    links: Option<Vec<Link>>,
}

/// Validated changes to the home page.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HomePageChanges {
    hero: Option<Hero>,
    sections: Vec<(SectionKey, SectionChanges)>,
    footer_services: Option<Vec<String>>,
}

/// Where a link may lead: a path on this site (`/…`, not `//…`), an anchor on the page (`#name`) or
/// an absolute http(s) URL. Blank is refused: a link leads somewhere.
pub fn parse_target(text: &str, label: &str) -> Result<String, String> {
    let target = text.trim();
    let message = || format!("{label} must be a path on this site (/…), an anchor (#…) or an absolute http(s) URL");
    if target.is_empty() {
        return Err(format!("{label} is required"));
    }
    if text.chars().count() > MAX_URL_LEN {
        return Err(format!("{label} must be at most {MAX_URL_LEN} characters"));
    }
    if let Some(anchor) = target.strip_prefix('#') {
        let valid = !anchor.is_empty()
            && anchor.chars().count() <= MAX_ANCHOR_LEN
            && anchor.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        return if valid { Ok(target.to_owned()) } else { Err(message()) };
    }
    if target.starts_with('/') {
        let valid =
            !target.starts_with("//") && !target.chars().any(|c| c.is_whitespace() || c.is_control() || c == '\\');
        return if valid { Ok(target.to_owned()) } else { Err(message()) };
    }
    optional_url(Some(target), label).map_err(|_| message())
}

/// `value` when it is a whole number from 0 to `max`.
fn whole(value: f64, max: u32) -> Option<u32> {
    if value.fract() == 0.0 && (0.0..=f64::from(max)).contains(&value) {
        // A whole number within `0..=max` fits a `u32` exactly.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        Some(value as u32)
    } else {
        None
    }
}

fn parse_links(links: Vec<LinkInput>, field: &str, errors: &mut FieldErrors) -> Option<Vec<Link>> {
    if links.len() > MAX_LINKS {
        errors.add(field, format!("At most {MAX_LINKS} links are allowed"));
        return None;
    }
    let mut parsed = Vec::new();
    for (index, link) in links.into_iter().enumerate() {
        let at = format!("{field}.{index}");
        let label =
            errors.check(&format!("{at}.label"), required_text(link.label.as_deref(), "Link text", MAX_LABEL_LEN));
        let target = errors
            .check(&format!("{at}.target"), parse_target(link.target.as_deref().unwrap_or_default(), "Link target"));
        if let (Some(label), Some(target)) = (label, target) {
            parsed.push(Link { label, target });
        }
    }
    Some(parsed)
}

fn parse_item(item: &ItemInput, field: &str, errors: &mut FieldErrors) -> Item {
    let title = errors.check(&format!("{field}.title"), optional_text(item.title.as_deref(), "Title", MAX_TITLE_LEN));
    let text = errors.check(&format!("{field}.text"), optional_text(item.text.as_deref(), "Text", MAX_TEXT_LEN));
    Item { title: title.unwrap_or_default(), text: text.unwrap_or_default() }
}

fn parse_items(items: Vec<ItemInput>, field: &str, errors: &mut FieldErrors) -> Option<Vec<Item>> {
    if items.len() > MAX_ITEMS {
        errors.add(field, format!("At most {MAX_ITEMS} entries are allowed"));
        return None;
    }
    Some(
        items
            .into_iter()
            .enumerate()
            .map(|(index, item)| parse_item(&item, &format!("{field}.{index}"), errors))
            .filter(|item| !item.title.is_empty() || !item.text.is_empty())
            .collect(),
    )
}

fn parse_figures(figures: Vec<FigureInput>, field: &str, errors: &mut FieldErrors) -> Option<Vec<Figure>> {
    if figures.len() > MAX_FIGURES {
        errors.add(field, format!("At most {MAX_FIGURES} figures are allowed"));
        return None;
    }
    let mut parsed = Vec::new();
    for (index, figure) in figures.into_iter().enumerate() {
        let at = format!("{field}.{index}");
        let value = figure.value.and_then(|value| whole(value, MAX_FIGURE_VALUE));
        if value.is_none() {
            errors.add(&format!("{at}.value"), format!("Figure must be a whole number from 0 to {MAX_FIGURE_VALUE}"));
        }
        let suffix =
            errors.check(&format!("{at}.suffix"), optional_text(figure.suffix.as_deref(), "Suffix", MAX_SUFFIX_LEN));
        let label =
            errors.check(&format!("{at}.label"), required_text(figure.label.as_deref(), "Figure label", MAX_LABEL_LEN));
        if let (Some(value), Some(suffix), Some(label)) = (value, suffix, label) {
            parsed.push(Figure { value, suffix, label });
        }
    }
    Some(parsed)
}

fn parse_words(list: &[String], field: &str, max_items: usize, errors: &mut FieldErrors) -> Option<Vec<String>> {
    if list.len() > max_items {
        errors.add(field, format!("At most {max_items} entries are allowed"));
        return None;
    }
    if list.iter().any(|entry| entry.chars().count() > MAX_LABEL_LEN) {
        errors.add(field, format!("Each entry must be at most {MAX_LABEL_LEN} characters"));
        return None;
    }
    Some(list.iter().map(|entry| entry.trim()).filter(|entry| !entry.is_empty()).map(str::to_owned).collect())
}

fn parse_hero(hero: HeroInput, errors: &mut FieldErrors) -> Hero {
    let title = errors.check("hero.title", required_text(hero.title.as_deref(), "Title", MAX_TITLE_LEN));
    let subtitle = errors.check("hero.subtitle", optional_text(hero.subtitle.as_deref(), "Subtitle", MAX_TEXT_LEN));
    let trusted_by =
        errors.check("hero.trustedBy", optional_text(hero.trusted_by.as_deref(), "Trusted by", MAX_TITLE_LEN));
    let links = parse_links(hero.links.unwrap_or_default(), "hero.links", errors);
    Hero {
        title: title.unwrap_or_default(),
        subtitle: subtitle.unwrap_or_default(),
        links: links.unwrap_or_default(),
        trusted_by: trusted_by.unwrap_or_default(),
    }
}

fn parse_section(input: HomeSectionInput, at: &str, errors: &mut FieldErrors) -> SectionChanges {
    let text = |errors: &mut FieldErrors, name: &str, value: Option<String>, label: &str, max: usize| {
        value.and_then(|value| errors.check(&format!("{at}.{name}"), optional_text(Some(&value), label, max)))
    };
    let order = match input.order {
        None => None,
        Some(order) if whole(order, MAX_ORDER).is_some() => whole(order, MAX_ORDER),
        Some(_) => {
            errors.add(&format!("{at}.order"), format!("Order must be a whole number from 0 to {MAX_ORDER}"));
            None
        }
    };
    SectionChanges {
        visible: input.visible,
        order,
        heading: text(errors, "heading", input.heading, "Heading", MAX_TITLE_LEN),
        subheading: text(errors, "subheading", input.subheading, "Subheading", MAX_TEXT_LEN),
        steps_heading: text(errors, "stepsHeading", input.steps_heading, "Steps heading", MAX_TITLE_LEN),
        items: input.items.and_then(|items| parse_items(items, &format!("{at}.items"), errors)),
        figures: input.figures.and_then(|figures| parse_figures(figures, &format!("{at}.figures"), errors)),
        note: input.note.map(|note| parse_item(&note, &format!("{at}.note"), errors)),
        steps: input.steps.and_then(|steps| parse_words(&steps, &format!("{at}.steps"), MAX_STEPS, errors)),
        links: input.links.and_then(|links| parse_links(links, &format!("{at}.links"), errors)),
    }
}

impl HomePageChanges {
    /// Checks every sent part. Errors name the field by its path in the body (`hero.title`,
    /// `sections.2.links.0.target`).
    pub fn parse(input: HomePageInput) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let hero = input.hero.map(|hero| parse_hero(hero, &mut errors));
        let mut sections: Vec<(SectionKey, SectionChanges)> = Vec::new();
        let sent = input.sections.unwrap_or_default();
        if sent.len() > SectionKey::ALL.len() {
            errors.add("sections", format!("At most {} sections are allowed", SectionKey::ALL.len()));
        } else {
            for (index, section) in sent.into_iter().enumerate() {
                let at = format!("sections.{index}");
                let key = match section.key.as_deref() {
                    None => {
                        errors.add(&format!("{at}.key"), "Section is required");
                        None
                    }
                    Some(key) => errors.check(&format!("{at}.key"), SectionKey::parse(key)),
                };
                let changes = parse_section(section, &at, &mut errors);
                if let Some(key) = key {
                    if sections.iter().any(|(known, _)| *known == key) {
                        errors.add(&format!("{at}.key"), format!("Section {} is sent twice", key.as_str()));
                    } else {
                        sections.push((key, changes));
                    }
                }
            }
        }
        let footer_services = input
            .footer_services
            .and_then(|list| parse_words(&list, "footerServices", MAX_FOOTER_SERVICES, &mut errors));
        errors.finish(|| Self { hero, sections, footer_services })
    }
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
