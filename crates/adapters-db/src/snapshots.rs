//! How a revision's record is stored: a JSON object in `revisions.snapshot`, one shape per kind,
//! with the API's camelCase names. The shapes are a stored format: a field added to a record later
//! gets `#[serde(default)]` here, so older snapshots still read.

use atelier_domain::EntityId;
use atelier_domain::content::{ContentPage, PageStatus, PageType, Section};
use atelier_domain::portfolio::{Project, ProjectStatus};
use atelier_domain::post::{Post, PostStatus};
use atelier_domain::revision::Versioned;
use atelier_domain::slug::Slug;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::store::stored;

/// A record kind whose versions the store keeps as JSON.
pub(crate) trait Snapshot: Versioned {
    /// # Errors
    /// Only when JSON encoding fails, which a record's plain fields never make it do.
    fn to_json(&self) -> anyhow::Result<String>;

    /// # Errors
    /// When the stored text is not a snapshot of this kind.
    fn from_json(json: &str) -> anyhow::Result<Self>;
}

fn ids(ids: &[EntityId]) -> Vec<String> {
    ids.iter().map(ToString::to_string).collect()
}

fn parse_ids(column: &str, ids: &[String]) -> anyhow::Result<Vec<EntityId>> {
    ids.iter().map(|id| stored(column, EntityId::parse(id))).collect()
}

fn decode<'a, T: Deserialize<'a>>(json: &'a str) -> anyhow::Result<T> {
    stored("revisions.snapshot", serde_json::from_str(json))
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct PostJson {
    id: String,
    slug: String,
    title: String,
    excerpt: String,
    content: String,
    featured_image: String,
    category: Option<String>,
    tags: Vec<String>,
    author_name: String,
    status: String,
    featured: bool,
    views: u64,
    meta_title: String,
    meta_description: String,
    #[serde(default)]
    publish_at: Option<DateTime<Utc>>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

impl Snapshot for Post {
    fn to_json(&self) -> anyhow::Result<String> {
        let post = self.clone();
        Ok(serde_json::to_string(&PostJson {
            id: post.id.to_string(),
            slug: post.slug.to_string(),
            title: post.title,
            excerpt: post.excerpt,
            content: post.content,
            featured_image: post.featured_image,
            category: post.category.map(|id| id.to_string()),
            tags: ids(&post.tags),
            author_name: post.author_name,
            status: post.status.as_str().to_owned(),
            featured: post.featured,
            views: post.views,
            meta_title: post.meta_title,
            meta_description: post.meta_description,
            publish_at: post.publish_at,
            created_at: post.created_at,
            updated_at: post.updated_at,
        })?)
    }

    fn from_json(json: &str) -> anyhow::Result<Self> {
        let post: PostJson = decode(json)?;
        Ok(Self {
            meta: atelier_domain::meta::RecordMeta::default(),
            id: stored("post snapshot id", EntityId::parse(&post.id))?,
            slug: stored("post snapshot slug", Slug::parse(&post.slug))?,
            title: post.title,
            excerpt: post.excerpt,
            content: post.content,
            featured_image: post.featured_image,
            category: post.category.map(|id| stored("post snapshot category", EntityId::parse(&id))).transpose()?,
            tags: parse_ids("post snapshot tags", &post.tags)?,
            author_name: post.author_name,
            status: stored("post snapshot status", PostStatus::parse(&post.status))?,
            featured: post.featured,
            views: post.views,
            meta_title: post.meta_title,
            meta_description: post.meta_description,
            publish_at: post.publish_at,
            // Where the post stands in review is not part of a version: a restore keeps today's.
            review: atelier_domain::post_review::PostReview::default(),
            created_at: post.created_at,
            updated_at: post.updated_at,
        })
    }
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ProjectJson {
    id: String,
    slug: String,
    title: String,
    client: String,
    category: String,
    description: String,
    short_description: String,
    image: String,
    technologies: Vec<String>,
    tags: Vec<String>,
    demo_url: String,
    github_url: String,
    completed_at: DateTime<Utc>,
    featured: bool,
    status: String,
    #[serde(default)]
    publish_at: Option<DateTime<Utc>>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

impl Snapshot for Project {
    fn to_json(&self) -> anyhow::Result<String> {
        let project = self.clone();
        Ok(serde_json::to_string(&ProjectJson {
            id: project.id.to_string(),
            slug: project.slug.to_string(),
            title: project.title,
            client: project.client,
            category: project.category,
            description: project.description,
            short_description: project.short_description,
            image: project.image,
            technologies: ids(&project.technologies),
            tags: ids(&project.tags),
            demo_url: project.demo_url,
            github_url: project.github_url,
            completed_at: project.completed_at,
            featured: project.featured,
            status: project.status.as_str().to_owned(),
            publish_at: project.publish_at,
            created_at: project.created_at,
            updated_at: project.updated_at,
        })?)
    }

    fn from_json(json: &str) -> anyhow::Result<Self> {
        let project: ProjectJson = decode(json)?;
        Ok(Self {
            meta: atelier_domain::meta::RecordMeta::default(),
            id: stored("project snapshot id", EntityId::parse(&project.id))?,
            slug: stored("project snapshot slug", Slug::parse(&project.slug))?,
            title: project.title,
            client: project.client,
            category: project.category,
            description: project.description,
            short_description: project.short_description,
            image: project.image,
            technologies: parse_ids("project snapshot technologies", &project.technologies)?,
            tags: parse_ids("project snapshot tags", &project.tags)?,
            demo_url: project.demo_url,
            github_url: project.github_url,
            completed_at: project.completed_at,
            featured: project.featured,
            status: stored("project snapshot status", ProjectStatus::parse(&project.status))?,
            publish_at: project.publish_at,
            created_at: project.created_at,
            updated_at: project.updated_at,
        })
    }
}

#[derive(Serialize, Deserialize)]
struct SectionJson {
    title: String,
    content: String,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ContentPageJson {
    id: String,
    #[serde(rename = "type")]
    page_type: String,
    title: String,
    subtitle: String,
    description: String,
    mission: String,
    vision: String,
    values: Vec<String>,
    content: String,
    last_updated: Option<DateTime<Utc>>,
    status: String,
    sections: Vec<SectionJson>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

impl Snapshot for ContentPage {
    fn to_json(&self) -> anyhow::Result<String> {
        let page = self.clone();
        Ok(serde_json::to_string(&ContentPageJson {
            id: page.id.to_string(),
            page_type: page.page_type.as_str().to_owned(),
            title: page.title,
            subtitle: page.subtitle,
            description: page.description,
            mission: page.mission,
            vision: page.vision,
            values: page.values,
            content: page.content,
            last_updated: page.last_updated,
            status: page.status.as_str().to_owned(),
            sections: page
                .sections
                .into_iter()
                .map(|section| SectionJson { title: section.title, content: section.content })
                .collect(),
            created_at: page.created_at,
            updated_at: page.updated_at,
        })?)
    }

    fn from_json(json: &str) -> anyhow::Result<Self> {
        let page: ContentPageJson = decode(json)?;
        Ok(Self {
            meta: atelier_domain::meta::RecordMeta::default(),
            id: stored("page snapshot id", EntityId::parse(&page.id))?,
            page_type: stored("page snapshot type", PageType::parse(&page.page_type))?,
            title: page.title,
            subtitle: page.subtitle,
            description: page.description,
            mission: page.mission,
            vision: page.vision,
            values: page.values,
            content: page.content,
            last_updated: page.last_updated,
            status: stored("page snapshot status", PageStatus::parse(&page.status))?,
            sections: page
                .sections
                .into_iter()
                .map(|section| Section { title: section.title, content: section.content })
                .collect(),
            created_at: page.created_at,
            updated_at: page.updated_at,
        })
    }
}

impl Snapshot for atelier_domain::home_page::HomePage {
    fn to_json(&self) -> anyhow::Result<String> {
        crate::home_page::encode(self)
    }

    fn from_json(json: &str) -> anyhow::Result<Self> {
        crate::home_page::decode(json, None)
    }
}
