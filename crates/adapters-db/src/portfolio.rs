//! Portfolio projects in `portfolio_projects`, with the technologies each lists in
//! `portfolio_project_technologies` (in the order chosen).

use std::collections::HashMap;

use anyhow::Context;
use atelier_application::audit::Change;
use atelier_application::portfolio::ports::{ProjectFilter, ProjectRepository, ProjectSaveError};
use atelier_application::records::{self, RecordRepository};
use atelier_domain::portfolio::{Project, ProjectSort, ProjectStatus};
use atelier_domain::slug::Slug;
use atelier_domain::{EntityId, Page, PageRequest};
use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, ExprTrait, Func};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, Order, PaginatorTrait, QueryFilter, QueryOrder,
    Select, SqlErr, TransactionTrait,
};

use crate::audit;
use crate::entities::portfolio_project::{ActiveModel, Column, Entity, Model};
use crate::entities::portfolio_project_technology as uses;
use crate::query::Unique;
use crate::query::{contains_any, fetch_page, live_at, next_publication};
use crate::records::{FromDbErr, row_meta, set_meta, stale};
use crate::store::{SeaOrmStore, stored};
use crate::webhooks;
use atelier_application::webhooks::Announces;

impl ProjectRepository for SeaOrmStore {
    async fn list_projects(
        &self,
        filter: ProjectFilter,
        sort: ProjectSort,
        page: PageRequest,
    ) -> anyhow::Result<Page<Project>> {
        let query = filtered(&filter);
        let (rows, total) = fetch_page(sorted(query, sort), page, &self.db, "projects").await?;
        Ok(Page::new(self.with_technologies(rows).await?, total, page))
    }

    async fn find_project_by_slug(&self, slug: &Slug) -> anyhow::Result<Option<Project>> {
        let row = Entity::find()
            .filter(Column::Slug.eq(slug.as_str()))
            .unique(&self.db)
            .await
            .context("failed to read a project by slug")?;
        Ok(self.with_technologies(row.into_iter().collect()).await?.pop())
    }

    async fn project_slug_taken(&self, slug: &Slug, except: Option<EntityId>) -> anyhow::Result<bool> {
        let mut query = Entity::find().filter(Column::Slug.eq(slug.as_str()));
        if let Some(except) = except {
            query = query.filter(Column::Id.ne(except.to_string()));
        }
        Ok(query.count(&self.db).await.context("failed to check a project slug")? > 0)
    }

    async fn next_project_publication(&self, now: DateTime<Utc>) -> anyhow::Result<Option<DateTime<Utc>>> {
        let published = ProjectStatus::Published.as_str();
        next_publication::<Entity>(&self.db, [Column::Status, Column::PublishAt], published, now, "projects").await
    }
}

/// Projects visitors see at `now`.
pub(crate) fn live(now: DateTime<Utc>) -> sea_orm::Condition {
    live_at(Column::Status, ProjectStatus::Published.as_str(), Column::PublishAt, now)
}

impl RecordRepository<Project> for SeaOrmStore {
    async fn find(&self, id: EntityId) -> anyhow::Result<Option<Project>> {
        let row = Entity::find_by_id(id.to_string()).unique(&self.db).await.context("failed to read a project")?;
        Ok(self.with_technologies(row.into_iter().collect()).await?.pop())
    }

    async fn insert(&self, project: &mut Project) -> Result<(), ProjectSaveError> {
        project.meta = records::first_meta();
        let transaction = self.db.begin().await.context("failed to begin a transaction")?;
        let mut row = to_active(project)?;
        set_meta(&mut row, &project.meta, true)?;
        Entity::insert(row)
            .exec_without_returning(&transaction)
            .await
            .map_err(|error| ProjectSaveError::from_db(error, "failed to insert a project".into()))?;
        insert_technologies(&transaction, project).await?;
        let recorded = audit::append(&transaction, Change::of_record(project)).await?;
        webhooks::announce(&transaction, Project::announcements(None, Some(&*project), Utc::now())).await?;
        audit::commit(transaction, recorded).await.context("failed to commit a new project")?;
        Ok(())
    }

    async fn update(&self, project: &mut Project) -> Result<bool, ProjectSaveError> {
        records::check_version(&project.id.to_string(), &project.meta).map_err(anyhow::Error::from)?;
        let next = records::next_meta(&project.meta);
        // The stored project as it was, to name the fields that change (read before the write's
        // transaction, which SQLite must open as a writer).
        // Its subscribers hear what the change means, whoever makes it.
        let before = RecordRepository::<Project>::find(self, project.id).await?;
        let announcements = Project::announcements(before.as_ref(), Some(&*project), Utc::now());
        let before = before.filter(|_| audit::wanted());
        let transaction = self.db.begin().await.context("failed to begin a transaction")?;
        let mut row = to_active(project)?;
        row.id = sea_orm::ActiveValue::Unchanged(project.id.to_string());
        set_meta(&mut row, &next, false)?;
        let result = Entity::update_many()
            .set(row)
            .filter(Column::Id.eq(project.id.to_string()))
            .filter(Column::Version.eq(project.meta.version))
            .exec(&transaction)
            .await
            .map_err(|error| ProjectSaveError::from_db(error, "failed to update a project".into()))?;
        if result.rows_affected == 0 {
            let exists = Entity::find_by_id(project.id.to_string())
                .unique(&transaction)
                .await
                .context("failed to read a project")?
                .is_some();
            return if exists { Err(stale().into()) } else { Ok(false) };
        }
        uses::Entity::delete_many()
            .filter(uses::Column::ProjectId.eq(project.id.to_string()))
            .exec(&transaction)
            .await
            .context("failed to clear a project's technologies")?;
        insert_technologies(&transaction, project).await?;
        let changed_fields = match before {
            Some(before) => {
                let mut fields = audit::changed_fields(&to_active(&before)?, &to_active(project)?);
                if before.technologies != project.technologies {
                    fields.push("technologies".to_owned());
                }
                Some(fields)
            }
            None => None,
        };
        let recorded = audit::append(&transaction, Change { changed_fields, ..Change::of_record(project) }).await?;
        webhooks::announce(&transaction, announcements).await?;
        audit::commit(transaction, recorded).await.context("failed to commit a project update")?;
        project.meta = next;
        Ok(true)
    }

    async fn delete(&self, id: EntityId) -> anyhow::Result<bool> {
        let before = RecordRepository::<Project>::find(self, id).await?;
        let title = before.as_ref().filter(|_| audit::wanted()).map(|project| project.title.clone());
        let transaction = self.db.begin().await.context("failed to begin a transaction")?;
        uses::Entity::delete_many()
            .filter(uses::Column::ProjectId.eq(id.to_string()))
            .exec(&transaction)
            .await
            .context("failed to delete a project's technologies")?;
        let result =
            Entity::delete_by_id(id.to_string()).exec(&transaction).await.context("failed to delete a project")?;
        let recorded =
            result.rows_affected > 0 && audit::append(&transaction, Change { title, ..Change::of(&id) }).await?;
        if result.rows_affected > 0 {
            webhooks::announce(&transaction, Project::announcements(before.as_ref(), None, Utc::now())).await?;
        }
        audit::commit(transaction, recorded).await.context("failed to commit a project deletion")?;
        Ok(result.rows_affected > 0)
    }
}

impl SeaOrmStore {
    /// Turns rows into projects, reading the technologies of all of them in one query.
    async fn with_technologies(&self, rows: Vec<Model>) -> anyhow::Result<Vec<Project>> {
        if rows.is_empty() {
            return Ok(Vec::new());
        }
        let links = uses::Entity::find()
            .filter(uses::Column::ProjectId.is_in(rows.iter().map(|row| row.id.clone())))
            .order_by_asc(uses::Column::ProjectId)
            .order_by_asc(uses::Column::Position)
            .all(&self.db)
            .await
            .context("failed to read the projects' technologies")?;
        let mut technologies: HashMap<String, Vec<EntityId>> = HashMap::new();
        for link in links {
            let id = stored("portfolio_project_technologies.technology_id", EntityId::parse(&link.technology_id))?;
            technologies.entry(link.project_id).or_default().push(id);
        }
        rows.into_iter()
            .map(|row| {
                let listed = technologies.remove(&row.id).unwrap_or_default();
                into_domain(row, listed)
            })
            .collect()
    }
}

fn filtered(filter: &ProjectFilter) -> Select<Entity> {
    let mut query = Entity::find();
    if let Some(status) = filter.status {
        query = query.filter(Column::Status.eq(status.as_str()));
    }
    if let Some(featured) = filter.featured {
        query = query.filter(Column::Featured.eq(featured));
    }
    if let Some(now) = filter.live_at {
        query = query.filter(live(now));
    }
    if let Some(ids) = &filter.ids {
        query = query.filter(Column::Id.is_in(ids.iter().map(ToString::to_string)));
    }
    if let Some(category) = filter.category.as_deref() {
        query = query.filter(lower(Column::Category).eq(category.to_lowercase()));
    }
    if let Some(term) = filter.search.as_deref() {
        query = query.filter(contains_any(
            &[Column::Title, Column::Client, Column::ShortDescription, Column::Description],
            term,
        ));
    }
    query
}

/// The SQL form of [`ProjectSort::compare`]: the sort's keys, then newest completion first where the
/// domain says so, then the id.
fn sorted(query: Select<Entity>, sort: ProjectSort) -> Select<Entity> {
    let query = match sort {
        ProjectSort::MostRecent => query.order_by_desc(Column::CompletedAt),
        ProjectSort::Oldest => query.order_by_asc(Column::CompletedAt),
        ProjectSort::TitleAsc => query.order_by(lower(Column::Title), Order::Asc),
        ProjectSort::TitleDesc => query.order_by(lower(Column::Title), Order::Desc),
        ProjectSort::Featured => query.order_by_desc(Column::Featured).order_by_desc(Column::CompletedAt),
        ProjectSort::ClientAsc => query.order_by(lower(Column::Client), Order::Asc).order_by_desc(Column::CompletedAt),
        ProjectSort::ClientDesc => {
            query.order_by(lower(Column::Client), Order::Desc).order_by_desc(Column::CompletedAt)
        }
    };
    query.order_by_asc(Column::Id)
}

fn lower(column: Column) -> Expr {
    Expr::expr(Func::lower(Expr::col(column)))
}

async fn insert_technologies(db: &impl ConnectionTrait, project: &Project) -> Result<(), ProjectSaveError> {
    let links = (0_i32..).zip(&project.technologies).map(|(position, technology)| uses::ActiveModel {
        project_id: Set(project.id.to_string()),
        position: Set(position),
        technology_id: Set(technology.to_string()),
    });
    uses::Entity::insert_many(links)
        .exec_without_returning(db)
        .await
        .map_err(|error| ProjectSaveError::from_db(error, "failed to store a project's technologies".into()))?;
    Ok(())
}

/// A unique-index violation is a taken slug; a foreign-key violation a listed technology that no
/// longer exists.
impl FromDbErr for ProjectSaveError {
    fn from_db(error: DbErr, context: String) -> Self {
        match error.sql_err() {
            Some(SqlErr::UniqueConstraintViolation(_)) => Self::DuplicateSlug,
            Some(SqlErr::ForeignKeyConstraintViolation(_)) => Self::UnknownTechnology,
            _ => Self::Unexpected(anyhow::Error::from_db(error, context)),
        }
    }
}

fn to_active(project: &Project) -> anyhow::Result<ActiveModel> {
    let tags: Vec<String> = project.tags.iter().map(ToString::to_string).collect();
    Ok(ActiveModel {
        id: Set(project.id.to_string()),
        slug: Set(project.slug.to_string()),
        title: Set(project.title.clone()),
        client: Set(project.client.clone()),
        category: Set(project.category.clone()),
        description: Set(project.description.clone()),
        short_description: Set(project.short_description.clone()),
        image: Set(project.image.clone()),
        tags: Set(serde_json::to_string(&tags).context("failed to encode project tags")?),
        demo_url: Set(project.demo_url.clone()),
        github_url: Set(project.github_url.clone()),
        completed_at: Set(project.completed_at),
        featured: Set(project.featured),
        status: Set(project.status.as_str().to_owned()),
        publish_at: Set(project.publish_at),
        created_at: Set(project.created_at),
        updated_at: Set(project.updated_at),
        ..Default::default()
    })
}

fn into_domain(row: Model, technologies: Vec<EntityId>) -> anyhow::Result<Project> {
    let tags: Vec<String> = stored("portfolio_projects.tags", serde_json::from_str(&row.tags))?;
    Ok(Project {
        meta: row_meta(&row)?,
        id: stored("portfolio_projects.id", EntityId::parse(&row.id))?,
        slug: stored("portfolio_projects.slug", Slug::parse(&row.slug))?,
        title: row.title,
        client: row.client,
        category: row.category,
        description: row.description,
        short_description: row.short_description,
        image: row.image,
        technologies,
        tags: tags
            .iter()
            .map(|tag| stored("portfolio_projects.tags", EntityId::parse(tag)))
            .collect::<Result<_, _>>()?,
        demo_url: row.demo_url,
        github_url: row.github_url,
        completed_at: row.completed_at,
        featured: row.featured,
        status: stored("portfolio_projects.status", ProjectStatus::parse(&row.status))?,
        publish_at: row.publish_at,
        created_at: row.created_at,
        updated_at: row.updated_at,
    })
}
