//! Project requests in the `project_requests` table.

use anyhow::Context;
use atelier_application::project_requests::ports::{ProjectRequestFilter, ProjectRequestRepository};
use atelier_domain::inbox::LeadSource;
use atelier_domain::project_request::{ProjectPriority, ProjectRequest, ProjectRequestStats, ProjectRequestStatus};
use atelier_domain::{EntityId, Page, PageRequest};
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

use crate::entities::project_request::{ActiveModel, Column, Entity, Model};
use crate::query::{contains_any, fetch_page};
use crate::records::Table;
use crate::store::{SeaOrmStore, stored};

impl ProjectRequestRepository for SeaOrmStore {
    async fn list_project_requests(
        &self,
        filter: &ProjectRequestFilter,
        page: PageRequest,
    ) -> anyhow::Result<Page<ProjectRequest>> {
        let mut query = Entity::find().filter(Column::Spam.eq(filter.spam));
        if let Some(status) = filter.status {
            query = query.filter(Column::Status.eq(status.as_str()));
        }
        if let Some(priority) = filter.priority {
            query = query.filter(Column::Priority.eq(priority.as_str()));
        }
        if let Some(term) = &filter.search {
            query = query.filter(contains_any(
                &[Column::ClientName, Column::CompanyName, Column::Email, Column::Description],
                term,
            ));
        }
        let (rows, total) = fetch_page(
            query.order_by_desc(Column::CreatedAt).order_by_desc(Column::Id),
            page,
            &self.db,
            "project requests",
        )
        .await?;
        let items = rows.into_iter().map(ProjectRequest::from_row).collect::<anyhow::Result<_>>()?;
        Ok(Page::new(items, total, page))
    }

    async fn project_request_stats(&self) -> anyhow::Result<ProjectRequestStats> {
        let statuses = grouped_counts(self, Column::Status).await.context("failed to count requests by status")?;
        let priorities =
            grouped_counts(self, Column::Priority).await.context("failed to count requests by priority")?;
        let statuses = statuses
            .into_iter()
            .map(|(status, count)| {
                Ok((stored("project_requests.status", ProjectRequestStatus::parse(&status))?, count))
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        let priorities = priorities
            .into_iter()
            .map(|(priority, count)| {
                Ok((stored("project_requests.priority", ProjectPriority::parse(&priority))?, count))
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        Ok(ProjectRequestStats::from_counts(&statuses, &priorities))
    }
}

/// `SELECT column, COUNT(*) ... WHERE NOT spam GROUP BY column`: one query, whatever the number of rows.
async fn grouped_counts(store: &SeaOrmStore, column: Column) -> anyhow::Result<Vec<(String, u64)>> {
    let rows: Vec<(String, i64)> = Entity::find()
        .filter(Column::Spam.eq(false))
        .select_only()
        .column(column)
        .column_as(Column::Id.count(), "count")
        .group_by(column)
        .into_tuple()
        .all(&store.db)
        .await?;
    Ok(rows.into_iter().map(|(value, count)| (value, count.unsigned_abs())).collect())
}

impl Table for ProjectRequest {
    type Entity = Entity;
    const ID: Column = Column::Id;
    const ROW: &'static str = "a project request";

    fn to_row(&self) -> anyhow::Result<ActiveModel> {
        let (landing_page, referrer, utm_source, utm_medium, utm_campaign) =
            crate::page_views::attribution_columns(self.attribution.as_ref());
        Ok(ActiveModel {
            id: Set(self.id.to_string()),
            client_name: Set(self.client_name.clone()),
            company_name: Set(self.company_name.clone()),
            email: Set(self.email.clone()),
            phone: Set(self.phone.clone()),
            project_type: Set(self.project_type.clone()),
            budget: Set(self.budget.clone()),
            timeline: Set(self.timeline.clone()),
            description: Set(self.description.clone()),
            status: Set(self.status.as_str().to_owned()),
            priority: Set(self.priority.as_str().to_owned()),
            source: Set(self.source.as_str().to_owned()),
            notes: Set(self.notes.clone()),
            spam: Set(self.spam),
            attribution_landing_page: Set(landing_page),
            attribution_referrer: Set(referrer),
            attribution_utm_source: Set(utm_source),
            attribution_utm_medium: Set(utm_medium),
            attribution_utm_campaign: Set(utm_campaign),
            created_at: Set(self.created_at),
            updated_at: Set(self.updated_at),
            ..Default::default()
        })
    }

    fn from_row(row: Model) -> anyhow::Result<Self> {
        Ok(ProjectRequest {
            meta: crate::records::row_meta(&row)?,
            id: stored("project_requests.id", EntityId::parse(&row.id))?,
            client_name: row.client_name,
            company_name: row.company_name,
            email: row.email,
            phone: row.phone,
            project_type: row.project_type,
            budget: row.budget,
            timeline: row.timeline,
            description: row.description,
            status: stored("project_requests.status", ProjectRequestStatus::parse(&row.status))?,
            priority: stored("project_requests.priority", ProjectPriority::parse(&row.priority))?,
            source: stored("project_requests.source", LeadSource::parse(&row.source))?,
            notes: row.notes,
            spam: row.spam,
            attribution: crate::page_views::attribution_of(
                "project_requests",
                (
                    row.attribution_landing_page,
                    row.attribution_referrer,
                    row.attribution_utm_source,
                    row.attribution_utm_medium,
                    row.attribution_utm_campaign,
                ),
            )?,
            created_at: row.created_at,
            updated_at: row.updated_at,
        })
    }
}
