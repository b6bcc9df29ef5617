//! Content pages in the `content_pages` table, one row per type (a unique index).

use anyhow::Context;
use atelier_application::audit::Change;
use atelier_application::content::ports::{ContentRepository, DuplicatePageType};
use atelier_domain::EntityId;
use atelier_domain::content::{ContentPage, PageStatus, PageType, Section};
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, SqlErr, TransactionTrait};
use serde_json::{Value, json};

use crate::entities::content_page::{ActiveModel, Column, Entity, Model};
use crate::query::Unique;
use crate::store::{SeaOrmStore, stored};
use crate::{audit, records, webhooks};
use atelier_application::webhooks::Announces;
use chrono::Utc;

impl ContentRepository for SeaOrmStore {
    async fn list_content_pages(&self) -> anyhow::Result<Vec<ContentPage>> {
        let rows = Entity::find()
            .order_by_asc(Column::PageType)
            .all(&self.db)
            .await
            .context("failed to list content pages")?;
        rows.into_iter().map(into_domain).collect()
    }

    async fn find_content_page(&self, page_type: &PageType) -> anyhow::Result<Option<ContentPage>> {
        let row = Entity::find()
            .filter(Column::PageType.eq(page_type.as_str()))
            .unique(&self.db)
            .await
            .context("failed to read a content page")?;
        row.map(into_domain).transpose()
    }

    async fn insert_content_page(&self, page: &mut ContentPage) -> anyhow::Result<Result<(), DuplicatePageType>> {
        page.meta = atelier_application::records::first_meta();
        let mut row = to_active(page)?;
        records::set_meta(&mut row, &page.meta, true)?;
        let transaction = self.db.begin().await.context("failed to begin a transaction")?;
        match Entity::insert(row).exec_without_returning(&transaction).await {
            Ok(_) => {}
            Err(error) if matches!(error.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) => {
                return Ok(Err(DuplicatePageType));
            }
            Err(error) => return Err(error).context("failed to insert a content page"),
        }
        let recorded =
            audit::append(&transaction, Change::of(&page.page_type.as_str()).titled(page.title.clone())).await?;
        webhooks::announce(&transaction, ContentPage::announcements(None, Some(&*page), Utc::now())).await?;
        audit::commit(transaction, recorded).await?;
        Ok(Ok(()))
    }

    async fn update_content_page(&self, page: &mut ContentPage) -> anyhow::Result<bool> {
        atelier_application::records::check_version(page.page_type.as_str(), &page.meta)?;
        let next = atelier_application::records::next_meta(&page.meta);
        let mut row = to_active(page)?;
        row.id = sea_orm::ActiveValue::NotSet;
        row.page_type = sea_orm::ActiveValue::NotSet;
        row.created_at = sea_orm::ActiveValue::NotSet;
        // The stored page as it was, to name the fields that change.
        let before = Entity::find()
            .filter(Column::PageType.eq(page.page_type.as_str()))
            .unique(&self.db)
            .await
            .context("failed to read a content page")?;
        // Its subscribers hear what the change means, whoever makes it.
        let announcements = match &before {
            Some(before) => ContentPage::announcements(Some(&into_domain(before.clone())?), Some(&*page), Utc::now()),
            None => Vec::new(),
        };
        let changed_fields =
            before.filter(|_| audit::wanted()).map(|before| audit::changed_fields(&ActiveModel::from(before), &row));
        records::set_meta(&mut row, &next, false)?;
        let transaction = self.db.begin().await.context("failed to begin a transaction")?;
        let result = Entity::update_many()
            .set(row)
            .filter(Column::PageType.eq(page.page_type.as_str()))
            .filter(Column::Version.eq(page.meta.version))
            .exec(&transaction)
            .await
            .context("failed to update a content page")?;
        let updated = result.rows_affected > 0;
        if !updated
            && Entity::find()
                .filter(Column::PageType.eq(page.page_type.as_str()))
                .unique(&transaction)
                .await
                .context("failed to read a content page")?
                .is_some()
        {
            return Err(records::stale());
        }
        let change = Change { changed_fields, ..Change::of(&page.page_type.as_str()).titled(page.title.clone()) };
        let recorded = updated && audit::append(&transaction, change).await?;
        if updated {
            webhooks::announce(&transaction, announcements).await?;
        }
        audit::commit(transaction, recorded).await?;
        if updated {
            page.meta = next;
        }
        Ok(updated)
    }

    async fn delete_content_page(&self, page_type: &PageType) -> anyhow::Result<bool> {
        let before = self.find_content_page(page_type).await?;
        let transaction = self.db.begin().await.context("failed to begin a transaction")?;
        let result = Entity::delete_many()
            .filter(Column::PageType.eq(page_type.as_str()))
            .exec(&transaction)
            .await
            .context("failed to delete a content page")?;
        let deleted = result.rows_affected > 0;
        let recorded = deleted && audit::append(&transaction, Change::of(&page_type.as_str())).await?;
        if deleted {
            webhooks::announce(&transaction, ContentPage::announcements(before.as_ref(), None, Utc::now())).await?;
        }
        audit::commit(transaction, recorded).await?;
        Ok(deleted)
    }
}

fn to_active(page: &ContentPage) -> anyhow::Result<ActiveModel> {
    let sections: Vec<Value> =
        page.sections.iter().map(|section| json!({"title": section.title, "content": section.content})).collect();
    Ok(ActiveModel {
        id: Set(page.id.to_string()),
        page_type: Set(page.page_type.as_str().to_owned()),
        title: Set(page.title.clone()),
        subtitle: Set(page.subtitle.clone()),
        description: Set(page.description.clone()),
        mission: Set(page.mission.clone()),
        vision: Set(page.vision.clone()),
        page_values: Set(serde_json::to_string(&page.values).context("failed to encode page values")?),
        content: Set(page.content.clone()),
        last_updated: Set(page.last_updated),
        status: Set(page.status.as_str().to_owned()),
        sections: Set(serde_json::to_string(&sections).context("failed to encode page sections")?),
        created_at: Set(page.created_at),
        updated_at: Set(page.updated_at),
        ..Default::default()
    })
}

fn section(value: &Value) -> anyhow::Result<Section> {
    let text = |key: &str| {
        value.get(key).and_then(Value::as_str).map(str::to_owned).ok_or_else(|| anyhow::anyhow!("missing {key}"))
    };
    Ok(Section { title: text("title")?, content: text("content")? })
}

fn into_domain(row: Model) -> anyhow::Result<ContentPage> {
    let sections: Vec<Value> = stored("content_pages.sections", serde_json::from_str(&row.sections))?;
    Ok(ContentPage {
        meta: records::row_meta(&row)?,
        id: stored("content_pages.id", EntityId::parse(&row.id))?,
        page_type: stored("content_pages.page_type", PageType::parse(&row.page_type))?,
        title: row.title,
        subtitle: row.subtitle,
        description: row.description,
        mission: row.mission,
        vision: row.vision,
        values: stored("content_pages.page_values", serde_json::from_str(&row.page_values))?,
        content: row.content,
        last_updated: row.last_updated,
        status: stored("content_pages.status", PageStatus::parse(&row.status))?,
        sections: sections.iter().map(section).collect::<anyhow::Result<_>>().context("stored sections are invalid")?,
        created_at: row.created_at,
        updated_at: row.updated_at,
    })
}
