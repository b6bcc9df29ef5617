//! The media library's records in the `media_items` table, and the look-up of where content uses a
//! file.

use std::collections::BTreeMap;

use anyhow::Context;
use atelier_application::media::ports::{MediaFilter, MediaRepository, TagCount};
use atelier_domain::media::{MediaFormat, MediaItem, MediaUse, MediaVariant};
use atelier_domain::{EntityId, Page, PageRequest};
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde_json::{Value, json};

use crate::entities::media_item::{ActiveModel, Column, Entity, Model};
use crate::entities::{blog_post, content_page, portfolio_project, team_member};
use crate::query::Unique;
use crate::query::{contains_any, contains_ignoring_case, fetch_page};
use crate::records::Table;
use crate::store::{SeaOrmStore, stored};

impl MediaRepository for SeaOrmStore {
    async fn list_media(&self, filter: MediaFilter, page: PageRequest) -> anyhow::Result<Page<MediaItem>> {
        let mut query = Entity::find();
        if let Some(kind) = filter.kind {
            query = query.filter(Column::Kind.eq(kind.as_str()));
        }
        if let Some(tag) = &filter.tag {
            // Tags are a JSON list of strings: the quoted tag matches one whole entry.
            query = query.filter(contains_ignoring_case(Column::Tags, &Value::from(tag.as_str()).to_string()));
        }
        if let Some(term) = &filter.search {
            query = query.filter(contains_any(&[Column::Title, Column::Alt, Column::FileName, Column::Tags], term));
        }
        let ordered = query.order_by_desc(Column::CreatedAt).order_by_desc(Column::Id);
        let (rows, total) = fetch_page(ordered, page, &self.db, "media items").await?;
        let items = rows.into_iter().map(MediaItem::from_row).collect::<anyhow::Result<_>>()?;
        Ok(Page::new(items, total, page))
    }

    async fn find_media_by_key(&self, key: &str) -> anyhow::Result<Option<MediaItem>> {
        let row = Entity::find()
            .filter(Column::StorageKey.eq(key))
            .unique(&self.db)
            .await
            .context("failed to read a media item by key")?;
        row.map(MediaItem::from_row).transpose()
    }

    async fn find_media_by_keys(&self, keys: &[String]) -> anyhow::Result<Vec<MediaItem>> {
        if keys.is_empty() {
            return Ok(Vec::new());
        }
        let rows = Entity::find()
            .filter(Column::StorageKey.is_in(keys.iter().map(String::as_str)))
            .all(&self.db)
            .await
            .context("failed to read media items by key")?;
        rows.into_iter().map(MediaItem::from_row).collect()
    }

    async fn media_tags(&self) -> anyhow::Result<Vec<TagCount>> {
        let lists: Vec<String> = Entity::find()
            .select_only()
            .column(Column::Tags)
            .into_tuple()
            .all(&self.db)
            .await
            .context("failed to read media tags")?;
        let mut counts = BTreeMap::<String, u64>::new();
        for list in lists {
            for tag in stored::<Vec<String>>("media_items.tags", serde_json::from_str(&list))? {
                *counts.entry(tag).or_default() += 1;
            }
        }
        Ok(counts.into_iter().map(|(tag, count)| TagCount { tag, count }).collect())
    }

    async fn media_uses(&self, hash: &str) -> anyhow::Result<Vec<MediaUse>> {
        let path = format!("/media/{hash}");
        let path = path.as_str();
        let post_images =
            self.titles_showing(blog_post::Entity, blog_post::Column::Title, [blog_post::Column::FeaturedImage], path);
        let post_texts =
            self.titles_showing(blog_post::Entity, blog_post::Column::Title, [blog_post::Column::Content], path);
        let project_images = self.titles_showing(
            portfolio_project::Entity,
            portfolio_project::Column::Title,
            [portfolio_project::Column::Image],
            path,
        );
        let project_texts = self.titles_showing(
            portfolio_project::Entity,
            portfolio_project::Column::Title,
            [portfolio_project::Column::Description],
            path,
        );
        let team =
            self.titles_showing(team_member::Entity, team_member::Column::Name, [team_member::Column::Avatar], path);
        let pages = self.titles_showing(
            content_page::Entity,
            content_page::Column::Title,
            [content_page::Column::Content, content_page::Column::Description],
            path,
        );
        let mut uses = Vec::new();
        uses.extend(post_images.await?.into_iter().map(|title| MediaUse::PostFeaturedImage { title }));
        uses.extend(post_texts.await?.into_iter().map(|title| MediaUse::PostText { title }));
        uses.extend(project_images.await?.into_iter().map(|title| MediaUse::ProjectImage { title }));
        uses.extend(project_texts.await?.into_iter().map(|title| MediaUse::ProjectText { title }));
        uses.extend(team.await?.into_iter().map(|name| MediaUse::TeamAvatar { name }));
        uses.extend(pages.await?.into_iter().map(|title| MediaUse::PageText { title }));
        Ok(uses)
    }
}

impl SeaOrmStore {
    /// The names (`name`, sorted) of the rows whose `columns` mention `path`.
    async fn titles_showing<E: EntityTrait, const N: usize>(
        &self,
        entity: E,
        name: E::Column,
        columns: [E::Column; N],
        path: &str,
    ) -> anyhow::Result<Vec<String>> {
        E::find()
            .select_only()
            .column(name)
            .filter(contains_any(&columns, path))
            .order_by_asc(name)
            .into_tuple()
            .all(&self.db)
            .await
            .with_context(|| format!("failed to find the {} that show a media item", entity.table_name()))
    }
}

impl Table for MediaItem {
    type Entity = Entity;
    const ID: Column = Column::Id;
    const ROW: &'static str = "a media item";

    fn to_row(&self) -> anyhow::Result<ActiveModel> {
        let variants: Vec<Value> = self
            .variants
            .iter()
            .map(|variant| json!({"key": variant.key, "width": variant.width, "height": variant.height, "size": variant.size}))
            .collect();
        let pixels =
            |value: Option<u32>| value.map(i32::try_from).transpose().context("an image dimension is too large");
        Ok(ActiveModel {
            id: Set(self.id.to_string()),
            storage_key: Set(self.key.clone()),
            format: Set(self.format.mime().to_owned()),
            kind: Set(self.kind().as_str().to_owned()),
            file_name: Set(self.file_name.clone()),
            title: Set(self.title.clone()),
            alt: Set(self.alt.clone()),
            tags: Set(serde_json::to_string(&self.tags).context("failed to encode media tags")?),
            size: Set(i64::try_from(self.size).context("a media size is too large")?),
            width: Set(pixels(self.width)?),
            height: Set(pixels(self.height)?),
            variants: Set(Value::from(variants).to_string()),
            created_at: Set(self.created_at),
            updated_at: Set(self.updated_at),
            ..Default::default()
        })
    }

    fn from_row(row: Model) -> anyhow::Result<Self> {
        let variants: Vec<Value> = stored("media_items.variants", serde_json::from_str(&row.variants))?;
        let variants = variants.iter().map(variant).collect::<Option<Vec<_>>>();
        let pixels = |value: Option<i32>| value.map(u32::try_from).transpose();
        Ok(MediaItem {
            meta: crate::records::row_meta(&row)?,
            id: stored("media_items.id", EntityId::parse(&row.id))?,
            key: row.storage_key,
            format: stored("media_items.format", MediaFormat::from_mime(&row.format).ok_or("unknown format"))?,
            file_name: row.file_name,
            title: row.title,
            alt: row.alt,
            tags: stored("media_items.tags", serde_json::from_str(&row.tags))?,
            size: stored("media_items.size", u64::try_from(row.size))?,
            width: stored("media_items.width", pixels(row.width))?,
            height: stored("media_items.height", pixels(row.height))?,
            variants: stored("media_items.variants", variants.ok_or("a variant lacks a field"))?,
            created_at: row.created_at,
            updated_at: row.updated_at,
        })
    }
}

fn variant(value: &Value) -> Option<MediaVariant> {
    let number = |name: &str| value.get(name).and_then(Value::as_u64);
    Some(MediaVariant {
        key: value.get("key")?.as_str()?.to_owned(),
        width: u32::try_from(number("width")?).ok()?,
        height: u32::try_from(number("height")?).ok()?,
        size: number("size")?,
    })
}
