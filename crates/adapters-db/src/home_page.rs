//! The home page in the `home_page` table (one row): its texts as a JSON document with the API's
//! camelCase names. The same document is a revision's snapshot (`crate::snapshots`). It is a stored
//! format: a part added later gets `#[serde(default)]`, so older documents still read.

use anyhow::Context;
use atelier_application::audit::Change;
use atelier_application::home_page::ports::HomePageRepository;
use atelier_domain::EntityId;
use atelier_domain::home_page::{Figure, Hero, HomePage, HomeSection, Item, Link, SectionKey};
use chrono::{DateTime, Utc};
use sea_orm::ActiveValue::Set;
use sea_orm::EntityTrait;
use serde::{Deserialize, Serialize};

use crate::entities::home_page::{ActiveModel, Entity, Model};
use crate::records;
use crate::store::{SeaOrmStore, stored};

#[derive(Serialize, Deserialize, Default)]
#[serde(rename_all = "camelCase", default)]
struct LinkJson {
    label: String,
    target: String,
}

#[derive(Serialize, Deserialize, Default)]
#[serde(rename_all = "camelCase", default)]
struct ItemJson {
    title: String,
    text: String,
}

#[derive(Serialize, Deserialize, Default)]
#[serde(rename_all = "camelCase", default)]
struct FigureJson {
    value: u32,
    suffix: String,
    label: String,
}

#[derive(Serialize, Deserialize, Default)]
#[serde(rename_all = "camelCase", default)]
struct HeroJson {
    title: String,
    subtitle: String,
    links: Vec<LinkJson>,
    trusted_by: String,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct SectionJson {
    key: String,
    visible: bool,
    order: u32,
    #[serde(default)]
    heading: String,
    #[serde(default)]
    subheading: String,
    #[serde(default)]
    items: Vec<ItemJson>,
    #[serde(default)]
    figures: Vec<FigureJson>,
    #[serde(default)]
    note: ItemJson,
    #[serde(default)]
    steps_heading: String,
    #[serde(default)]
    steps: Vec<String>,
    #[serde(default)]
    links: Vec<LinkJson>,
}

/// The document: what a row's `document` column and a revision's snapshot hold.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct HomePageJson {
    #[serde(default)]
    id: String,
    hero: HeroJson,
    sections: Vec<SectionJson>,
    #[serde(default)]
    footer_services: Vec<String>,
    #[serde(default)]
    created_at: Option<DateTime<Utc>>,
    #[serde(default)]
    updated_at: Option<DateTime<Utc>>,
}

fn links(links: &[Link]) -> Vec<LinkJson> {
    links.iter().map(|link| LinkJson { label: link.label.clone(), target: link.target.clone() }).collect()
}

fn item(item: &Item) -> ItemJson {
    ItemJson { title: item.title.clone(), text: item.text.clone() }
}

fn from_links(links: Vec<LinkJson>) -> Vec<Link> {
    links.into_iter().map(|link| Link { label: link.label, target: link.target }).collect()
}

fn from_item(item: ItemJson) -> Item {
    Item { title: item.title, text: item.text }
}

impl HomePageJson {
    pub(crate) fn of(home: &HomePage) -> Self {
        Self {
            id: home.id.to_string(),
            hero: HeroJson {
                title: home.hero.title.clone(),
                subtitle: home.hero.subtitle.clone(),
                links: links(&home.hero.links),
                trusted_by: home.hero.trusted_by.clone(),
            },
            sections: home
                .sections
                .iter()
                .map(|section| SectionJson {
                    key: section.key.as_str().to_owned(),
                    visible: section.visible,
                    order: section.order,
                    heading: section.heading.clone(),
                    subheading: section.subheading.clone(),
                    items: section.items.iter().map(item).collect(),
                    figures: section
                        .figures
                        .iter()
                        .map(|figure| FigureJson {
                            value: figure.value,
                            suffix: figure.suffix.clone(),
                            label: figure.label.clone(),
                        })
                        .collect(),
                    note: item(&section.note),
                    steps_heading: section.steps_heading.clone(),
                    steps: section.steps.clone(),
                    links: links(&section.links),
                })
                .collect(),
            footer_services: home.footer_services.clone(),
            created_at: Some(home.created_at),
            updated_at: Some(home.updated_at),
        }
    }

    /// The record, with the row's identity and times where the document has none.
    pub(crate) fn into_domain(self, row: Option<&Model>) -> anyhow::Result<HomePage> {
        let id = match (self.id.as_str(), row) {
            ("", Some(row)) => row.id.clone(),
            (id, _) => id.to_owned(),
        };
        let sections = self
            .sections
            .into_iter()
            // A section the site no longer knows is dropped; a new one starts empty.
            .filter_map(|section| {
                let key = SectionKey::parse(&section.key).ok()?;
                Some(HomeSection {
                    key,
                    visible: section.visible,
                    order: section.order,
                    heading: section.heading,
                    subheading: section.subheading,
                    items: section.items.into_iter().map(from_item).collect(),
                    figures: section
                        .figures
                        .into_iter()
                        .map(|figure| Figure { value: figure.value, suffix: figure.suffix, label: figure.label })
                        .collect(),
                    note: from_item(section.note),
                    steps_heading: section.steps_heading,
                    steps: section.steps,
                    links: from_links(section.links),
                })
            })
            .collect();
        // The row's times when there is a row, else the document's (a revision's snapshot).
        let time = |column: Option<DateTime<Utc>>, document: Option<DateTime<Utc>>| {
            column.or(document).context("a home page document without its times")
        };
        let mut home = HomePage {
            // A revision's snapshot has no row, and no version of its own.
            meta: row.map(records::row_meta).transpose()?.unwrap_or_default(),
            id: stored("home_page.id", EntityId::parse(&id))?,
            hero: Hero {
                title: self.hero.title,
                subtitle: self.hero.subtitle,
                links: from_links(self.hero.links),
                trusted_by: self.hero.trusted_by,
            },
            sections,
            footer_services: self.footer_services,
            created_at: time(row.map(|row| row.created_at), self.created_at)?,
            updated_at: time(row.map(|row| row.updated_at), self.updated_at)?,
        };
        home.normalize();
        Ok(home)
    }
}

pub(crate) fn encode(home: &HomePage) -> anyhow::Result<String> {
    serde_json::to_string(&HomePageJson::of(home)).context("failed to encode the home page")
}

pub(crate) fn decode(json: &str, row: Option<&Model>) -> anyhow::Result<HomePage> {
    let document: HomePageJson = stored("home_page.document", serde_json::from_str(json))?;
    document.into_domain(row)
}

impl HomePageRepository for SeaOrmStore {
    async fn load_home_page(&self) -> anyhow::Result<Option<HomePage>> {
        let row = Entity::find().one(&self.db).await.context("failed to read the home page")?;
        row.map(|row| decode(&row.document, Some(&row))).transpose()
    }

    async fn save_home_page(&self, home: &mut HomePage) -> anyhow::Result<()> {
        // One row: whatever was stored is replaced.
        let row = ActiveModel {
            id: Set(home.id.to_string()),
            document: Set(encode(home)?),
            created_at: Set(home.created_at),
            updated_at: Set(home.updated_at),
            ..Default::default()
        };
        records::save_single::<Entity>(&self.db, "home-page", row, &mut home.meta, Change::default()).await
    }
}
