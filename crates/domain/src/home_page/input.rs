//! The home page as sent ([`HomePageInput`]) and its checked changes ([`HomePageChanges`]): every
//! part optional, each field checked against the limits with its path in the body as its name.

use super::{
    Figure, Hero, Item, Link, MAX_ANCHOR_LEN, MAX_FIGURE_VALUE, MAX_FIGURES, MAX_FOOTER_SERVICES, MAX_ITEMS,
    MAX_LABEL_LEN, MAX_LINKS, MAX_ORDER, MAX_STEPS, MAX_SUFFIX_LEN, MAX_TEXT_LEN, MAX_TITLE_LEN, SectionKey,
};
use crate::validation::{FieldErrors, MAX_URL_LEN, optional_text, optional_url, required_text};

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
pub(super) struct SectionChanges {
    pub(super) visible: Option<bool>,
    pub(super) order: Option<u32>,
    pub(super) heading: Option<String>,
    pub(super) subheading: Option<String>,
    pub(super) items: Option<Vec<Item>>,
    pub(super) figures: Option<Vec<Figure>>,
    pub(super) note: Option<Item>,
    pub(super) steps_heading: Option<String>,
    pub(super) steps: Option<Vec<String>>,
    pub(super) links: Option<Vec<Link>>,
}

/// Validated changes to the home page.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HomePageChanges {
    pub(super) hero: Option<Hero>,
    pub(super) sections: Vec<(SectionKey, SectionChanges)>,
    pub(super) footer_services: Option<Vec<String>>,
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
pub(super) fn whole(value: f64, max: u32) -> Option<u32> {
    if value.fract() == 0.0 && (0.0..=f64::from(max)).contains(&value) {
        // A whole number within `0..=max` fits a `u32` exactly.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        Some(value as u32)
    } else {
        None
    }
}

pub(super) fn parse_links(links: Vec<LinkInput>, field: &str, errors: &mut FieldErrors) -> Option<Vec<Link>> {
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

pub(super) fn parse_item(item: &ItemInput, field: &str, errors: &mut FieldErrors) -> Item {
    let title = errors.check(&format!("{field}.title"), optional_text(item.title.as_deref(), "Title", MAX_TITLE_LEN));
    let text = errors.check(&format!("{field}.text"), optional_text(item.text.as_deref(), "Text", MAX_TEXT_LEN));
    Item { title: title.unwrap_or_default(), text: text.unwrap_or_default() }
}

pub(super) fn parse_items(items: Vec<ItemInput>, field: &str, errors: &mut FieldErrors) -> Option<Vec<Item>> {
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

pub(super) fn parse_figures(figures: Vec<FigureInput>, field: &str, errors: &mut FieldErrors) -> Option<Vec<Figure>> {
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

pub(super) fn parse_words(
    list: &[String],
    field: &str,
    max_items: usize,
    errors: &mut FieldErrors,
) -> Option<Vec<String>> {
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

pub(super) fn parse_hero(hero: HeroInput, errors: &mut FieldErrors) -> Hero {
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

pub(super) fn parse_section(input: HomeSectionInput, at: &str, errors: &mut FieldErrors) -> SectionChanges {
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
