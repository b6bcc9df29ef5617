//! Team members in the `team_members` table. Writes that move display orders run in one transaction
//! with the record they belong to.

use anyhow::Context;
use atelier_application::audit::Change;
use atelier_application::team::ports::{TeamFilter, TeamRepository};
use atelier_domain::ordering::Placement;
use atelier_domain::team::{SocialLinks, TeamMember, TeamMemberStatus};
use atelier_domain::{EntityId, Page, PageRequest};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, TransactionTrait};

use crate::audit;
use crate::entities::team_member::{ActiveModel, Column, Entity, Model};
use crate::query::Unique;
use crate::query::{contains_any, fetch_page, placements};
use crate::records::Table;
use crate::store::{SeaOrmStore, stored};

impl TeamRepository for SeaOrmStore {
    async fn list_team_members(&self, filter: TeamFilter, page: PageRequest) -> anyhow::Result<Page<TeamMember>> {
        let mut query = Entity::find();
        if let Some(status) = filter.status {
            query = query.filter(Column::Status.eq(status.as_str()));
        }
        if let Some(department) = &filter.department {
            query = query.filter(Column::Department.eq(department.as_str()));
        }
        if let Some(ids) = &filter.ids {
            query = query.filter(Column::Id.is_in(ids.iter().map(ToString::to_string)));
        }
        if let Some(term) = &filter.search {
            query =
                query.filter(contains_any(&[Column::Name, Column::Position, Column::Email, Column::Department], term));
        }
        let (rows, total) = fetch_page(
            query.order_by_asc(Column::DisplayOrder).order_by_asc(Column::CreatedAt).order_by_asc(Column::Id),
            page,
            &self.db,
            "team members",
        )
        .await?;
        let items = rows.into_iter().map(TeamMember::from_row).collect::<anyhow::Result<_>>()?;
        Ok(Page::new(items, total, page))
    }

    async fn team_placements(&self) -> anyhow::Result<Vec<Placement>> {
        placements::<Entity>(&self.db, [Column::Id, Column::DisplayOrder, Column::CreatedAt], "team_members").await
    }

    async fn insert_team_member(&self, member: &TeamMember, placements: &[Placement]) -> anyhow::Result<()> {
        let transaction = self.db.begin().await.context("failed to start a transaction")?;
        write_orders(&transaction, placements, Some(member.id)).await?;
        Entity::insert(Table::to_row(member)?)
            .exec_without_returning(&transaction)
            .await
            .context("failed to insert a team member")?;
        let recorded = audit::append(&transaction, Change::of_record(member)).await?;
        audit::commit(transaction, recorded).await.context("failed to commit a new team member")
    }

    async fn update_team_member(&self, member: &mut TeamMember, placements: &[Placement]) -> anyhow::Result<bool> {
        atelier_application::records::check_version(&member.id.to_string(), &member.meta)?;
        let next = atelier_application::records::next_meta(&member.meta);
        // The stored member as it was, to name the fields that change.
        let before = if audit::wanted() {
            Entity::find_by_id(member.id.to_string()).unique(&self.db).await.context("failed to read a team member")?
        } else {
            None
        };
        let transaction = self.db.begin().await.context("failed to start a transaction")?;
        let mut row = Table::to_row(member)?;
        row.id = sea_orm::ActiveValue::Unchanged(member.id.to_string());
        let changed_fields = before.map(|before| audit::changed_fields(&ActiveModel::from(before), &row));
        crate::records::set_meta(&mut row, &next, false)?;
        let result = Entity::update_many()
            .set(row)
            .filter(Column::Id.eq(member.id.to_string()))
            .filter(Column::Version.eq(member.meta.version))
            .exec(&transaction)
            .await
            .context("failed to update a team member")?;
        if result.rows_affected == 0 {
            let exists = Entity::find_by_id(member.id.to_string())
                .unique(&transaction)
                .await
                .context("failed to read a team member")?
                .is_some();
            transaction.rollback().await.context("failed to roll back")?;
            return if exists { Err(crate::records::stale()) } else { Ok(false) };
        }
        write_orders(&transaction, placements, Some(member.id)).await?;
        let recorded = audit::append(&transaction, Change { changed_fields, ..Change::of_record(member) }).await?;
        audit::commit(transaction, recorded).await.context("failed to commit a team member update")?;
        member.meta = next;
        Ok(true)
    }

    async fn delete_team_member(&self, id: EntityId, placements: &[Placement]) -> anyhow::Result<bool> {
        let title = if audit::wanted() {
            Entity::find_by_id(id.to_string())
                .unique(&self.db)
                .await
                .context("failed to read a team member")?
                .map(|row| row.name)
        } else {
            None
        };
        let transaction = self.db.begin().await.context("failed to start a transaction")?;
        let result =
            Entity::delete_by_id(id.to_string()).exec(&transaction).await.context("failed to delete a team member")?;
        if result.rows_affected == 0 {
            transaction.rollback().await.context("failed to roll back")?;
            return Ok(false);
        }
        write_orders(&transaction, placements, Some(id)).await?;
        let recorded = audit::append(&transaction, Change { title, ..Change::of(&id) }).await?;
        audit::commit(transaction, recorded).await.context("failed to commit a team member deletion")?;
        Ok(true)
    }

    async fn reorder_team_members(&self, placements: &[Placement]) -> anyhow::Result<()> {
        let transaction = self.db.begin().await.context("failed to start a transaction")?;
        write_orders(&transaction, placements, None).await?;
        let recorded = audit::append(&transaction, Change::default()).await?;
        audit::commit(transaction, recorded).await.context("failed to commit new team member orders")
    }
}

/// Writes each placement's order, skipping `except` (the record written alongside).
async fn write_orders(
    db: &impl ConnectionTrait,
    placements: &[Placement],
    except: Option<EntityId>,
) -> anyhow::Result<()> {
    for placement in placements.iter().filter(|placement| Some(placement.id) != except) {
        Entity::update_many()
            .col_expr(Column::DisplayOrder, Expr::value(i32::try_from(placement.order).context("order out of range")?))
            .filter(Column::Id.eq(placement.id.to_string()))
            .exec(db)
            .await
            .context("failed to move a team member")?;
    }
    Ok(())
}

impl Table for TeamMember {
    type Entity = Entity;
    const ID: Column = Column::Id;
    const ROW: &'static str = "a team member";

    fn to_row(&self) -> anyhow::Result<ActiveModel> {
        Ok(ActiveModel {
            id: Set(self.id.to_string()),
            name: Set(self.name.clone()),
            position: Set(self.position.clone()),
            email: Set(self.email.clone()),
            bio: Set(self.bio.clone()),
            avatar: Set(self.avatar.clone()),
            status: Set(self.status.as_str().to_owned()),
            display_order: Set(i32::try_from(self.order).context("team member order out of range")?),
            linkedin_url: Set(self.social_links.linkedin.clone()),
            twitter_url: Set(self.social_links.twitter.clone()),
            github_url: Set(self.social_links.github.clone()),
            website_url: Set(self.social_links.website.clone()),
            skills: Set(serde_json::to_string(&self.skills).context("failed to encode skills")?),
            department: Set(self.department.clone()),
            created_at: Set(self.created_at),
            updated_at: Set(self.updated_at),
            ..Default::default()
        })
    }

    fn from_row(row: Model) -> anyhow::Result<Self> {
        Ok(TeamMember {
            meta: crate::records::row_meta(&row)?,
            id: stored("team_members.id", EntityId::parse(&row.id))?,
            name: row.name,
            position: row.position,
            email: row.email,
            bio: row.bio,
            avatar: row.avatar,
            status: stored("team_members.status", TeamMemberStatus::parse(&row.status))?,
            order: stored("team_members.display_order", u32::try_from(row.display_order))?,
            social_links: SocialLinks {
                linkedin: row.linkedin_url,
                twitter: row.twitter_url,
                github: row.github_url,
                website: row.website_url,
            },
            skills: stored("team_members.skills", serde_json::from_str(&row.skills))?,
            department: row.department,
            created_at: row.created_at,
            updated_at: row.updated_at,
        })
    }
}
