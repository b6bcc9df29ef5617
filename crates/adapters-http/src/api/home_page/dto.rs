//! The home page's read and write shapes: every text, each section with its visibility and order,
//! the footer's services, and an earlier version.

use atelier_domain::home_page::{
    FigureInput, HeroInput, HomePage, HomePageInput, HomeSection, HomeSectionInput, Item, ItemInput, Link, LinkInput,
    SectionKey,
};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::api::revisions::RevisionDto;

/// A section of the home page.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
#[schema(as = HomeSectionKey)]
pub enum HomeSectionKeyDto {
    Features,
    About,
    Services,
    Portfolio,
    Blog,
    Testimonials,
    WhyChooseUs,
    Faq,
    Contact,
    WhyHire,
}

impl From<SectionKey> for HomeSectionKeyDto {
    fn from(key: SectionKey) -> Self {
        match key {
            SectionKey::Features => Self::Features,
            SectionKey::About => Self::About,
            SectionKey::Services => Self::Services,
            SectionKey::Portfolio => Self::Portfolio,
            SectionKey::Blog => Self::Blog,
            SectionKey::Testimonials => Self::Testimonials,
            SectionKey::WhyChooseUs => Self::WhyChooseUs,
            SectionKey::Faq => Self::Faq,
            SectionKey::Contact => Self::Contact,
            SectionKey::WhyHire => Self::WhyHire,
        }
    }
}

/// A button or link.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = HomeLink)]
pub struct HomeLinkDto {
    pub label: String,
    /// A path on this site (`/portfolio`), an anchor on the home page (`#services`) or an absolute
    /// http(s) URL.
    pub target: String,
}

/// A titled text.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = HomeItem)]
pub struct HomeItemDto {
    pub title: String,
    pub text: String,
}

/// A figure: `value` and `suffix` read "250+".
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = HomeFigure)]
pub struct HomeFigureDto {
    pub value: u32,
    pub suffix: String,
    pub label: String,
}

/// The home page's first screen.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = HomeHero)]
pub struct HomeHeroDto {
    pub title: String,
    pub subtitle: String,
    /// The buttons, in order.
    pub links: Vec<HomeLinkDto>,
    /// The line under the buttons.
    pub trusted_by: String,
}

/// One section of the home page. Which parts a section shows: `features` its `items`; `about` (its
/// texts are the About page's) `note.title` and `links`; `services`, `portfolio`, `blog` and `faq`
/// `heading`, `subheading` and `links`; `testimonials` `heading` and `subheading`; `why-choose-us`
/// `heading`, `subheading` and `items`; `contact` `heading`, `subheading` and three cards as
/// `items`; `why-hire` all of them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = HomeSection)]
pub struct HomeSectionDto {
    pub key: HomeSectionKeyDto,
    pub visible: bool,
    /// Sections are shown by ascending order.
    pub order: u32,
    pub heading: String,
    pub subheading: String,
    pub items: Vec<HomeItemDto>,
    pub figures: Vec<HomeFigureDto>,
    pub note: HomeItemDto,
    pub steps_heading: String,
    pub steps: Vec<String>,
    pub links: Vec<HomeLinkDto>,
}

/// The home page: every text of it and the footer's list of services.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = HomePage)]
pub struct HomePageDto {
    /// The record's version and who created and last changed it.
    #[serde(flatten)]
    pub meta: crate::versions::MetaDto,
    /// 24 lowercase hexadecimal characters.
    #[serde(rename = "_id")]
    pub id: String,
    pub hero: HomeHeroDto,
    /// Every section once, by ascending order.
    pub sections: Vec<HomeSectionDto>,
    /// The footer's services, each linking to the home page's services.
    pub footer_services: Vec<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// Public reads with `lang`: the language the texts are in (the one asked for, or the default
    /// when the record has no live translation there).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "de")]
    pub language: Option<String>,
    /// Public reads with `lang` other than the default: the languages the record can be read in,
    /// the default first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub translations: Option<Vec<crate::api::languages::RecordLanguageDto>>,
}

fn link(link: Link) -> HomeLinkDto {
    HomeLinkDto { label: link.label, target: link.target }
}

fn item(item: Item) -> HomeItemDto {
    HomeItemDto { title: item.title, text: item.text }
}

impl From<HomeSection> for HomeSectionDto {
    fn from(section: HomeSection) -> Self {
        Self {
            key: section.key.into(),
            visible: section.visible,
            order: section.order,
            heading: section.heading,
            subheading: section.subheading,
            items: section.items.into_iter().map(item).collect(),
            figures: section
                .figures
                .into_iter()
                .map(|figure| HomeFigureDto { value: figure.value, suffix: figure.suffix, label: figure.label })
                .collect(),
            note: item(section.note),
            steps_heading: section.steps_heading,
            steps: section.steps,
            links: section.links.into_iter().map(link).collect(),
        }
    }
}

impl From<HomePage> for HomePageDto {
    fn from(home: HomePage) -> Self {
        Self {
            meta: home.meta.into(),
            id: home.id.to_string(),
            hero: HomeHeroDto {
                title: home.hero.title,
                subtitle: home.hero.subtitle,
                links: home.hero.links.into_iter().map(link).collect(),
                trusted_by: home.hero.trusted_by,
            },
            sections: home.sections.into_iter().map(HomeSectionDto::from).collect(),
            footer_services: home.footer_services,
            created_at: home.created_at,
            updated_at: home.updated_at,
            language: None,
            translations: None,
        }
    }
}

/// A button or link as sent: both parts are required.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(as = HomeLinkInput)]
pub struct HomeLinkInputDto {
    pub label: Option<String>,
    /// A path on this site (`/…`), an anchor (`#…`) or an absolute http(s) URL.
    pub target: Option<String>,
}

/// A titled text as sent; an entry with neither is dropped.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(as = HomeItemInput)]
pub struct HomeItemInputDto {
    pub title: Option<String>,
    pub text: Option<String>,
}

/// A figure as sent.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(as = HomeFigureInput)]
pub struct HomeFigureInputDto {
    /// A whole number from 0 to 1000000.
    #[schema(value_type = i64)]
    pub value: Option<f64>,
    pub suffix: Option<String>,
    pub label: Option<String>,
}

/// The hero as sent: it replaces the stored one, so every part is sent.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = HomeHeroInput)]
pub struct HomeHeroInputDto {
    /// Required whenever the hero is sent; not blank.
    #[schema(value_type = String, required = true)]
    pub title: Option<String>,
    pub subtitle: Option<String>,
    #[serde(default, deserialize_with = "crate::extract::objects")]
    pub links: Option<Vec<HomeLinkInputDto>>,
    pub trusted_by: Option<String>,
}

/// A section as sent, named by its key; parts left out keep their values.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = HomeSectionInput)]
pub struct HomeSectionInputDto {
    #[schema(value_type = Option<HomeSectionKeyDto>)]
    pub key: Option<String>,
    pub visible: Option<bool>,
    /// A whole number from 0 to 100.
    #[schema(value_type = Option<i64>)]
    pub order: Option<f64>,
    pub heading: Option<String>,
    pub subheading: Option<String>,
    #[serde(default, deserialize_with = "crate::extract::objects")]
    pub items: Option<Vec<HomeItemInputDto>>,
    #[serde(default, deserialize_with = "crate::extract::objects")]
    pub figures: Option<Vec<HomeFigureInputDto>>,
    #[serde(default, deserialize_with = "crate::extract::object")]
    pub note: Option<HomeItemInputDto>,
    pub steps_heading: Option<String>,
    pub steps: Option<Vec<String>>,
    #[serde(default, deserialize_with = "crate::extract::objects")]
    pub links: Option<Vec<HomeLinkInputDto>>,
}

/// Changes to the home page: the hero, sections by key, the footer's services; parts left out keep
/// their values.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = HomePageInput)]
pub struct HomePageInputDto {
    #[serde(default, deserialize_with = "crate::extract::object")]
    pub hero: Option<HomeHeroInputDto>,
    #[serde(default, deserialize_with = "crate::extract::objects")]
    pub sections: Option<Vec<HomeSectionInputDto>>,
    pub footer_services: Option<Vec<String>>,
}

fn links_input(links: Option<Vec<HomeLinkInputDto>>) -> Option<Vec<LinkInput>> {
    links.map(|links| links.into_iter().map(|link| LinkInput { label: link.label, target: link.target }).collect())
}

fn item_input(item: HomeItemInputDto) -> ItemInput {
    ItemInput { title: item.title, text: item.text }
}

impl From<HomePageInputDto> for HomePageInput {
    fn from(dto: HomePageInputDto) -> Self {
        Self {
            hero: dto.hero.map(|hero| HeroInput {
                title: hero.title,
                subtitle: hero.subtitle,
                links: links_input(hero.links),
                trusted_by: hero.trusted_by,
            }),
            sections: dto.sections.map(|sections| {
                sections
                    .into_iter()
                    .map(|section| HomeSectionInput {
                        key: section.key,
                        visible: section.visible,
                        order: section.order,
                        heading: section.heading,
                        subheading: section.subheading,
                        items: section.items.map(|items| items.into_iter().map(item_input).collect()),
                        figures: section.figures.map(|figures| {
                            figures
                                .into_iter()
                                .map(|figure| FigureInput {
                                    value: figure.value,
                                    suffix: figure.suffix,
                                    label: figure.label,
                                })
                                .collect()
                        }),
                        note: section.note.map(item_input),
                        steps_heading: section.steps_heading,
                        steps: section.steps,
                        links: links_input(section.links),
                    })
                    .collect()
            }),
            footer_services: dto.footer_services,
        }
    }
}

/// One earlier version of the home page: who replaced it and when, and the page as it was.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = HomePageRevision)]
pub struct HomePageRevisionDto {
    pub revision: RevisionDto,
    /// The home page as it was.
    pub snapshot: HomePageDto,
}

crate::api::languages::in_language_dto!(HomePageDto);
