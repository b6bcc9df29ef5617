//! The daily visitor salts in the `visitor_salts` table.

use anyhow::Context;
use atelier_application::visitors::ports::VisitorSaltRepository;
use atelier_domain::visitor::VisitorSalt;
use chrono::NaiveDate;
use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter};

use crate::entities::visitor_salt::{ActiveModel, Column, Entity};
use crate::query::Unique;
use crate::store::{SeaOrmStore, stored};

impl VisitorSaltRepository for SeaOrmStore {
    async fn daily_salt(&self, day: NaiveDate, candidate: &VisitorSalt) -> anyhow::Result<VisitorSalt> {
        let day = day.format("%Y-%m-%d").to_string();
        Entity::delete_many()
            .filter(Column::Day.lt(day.clone()))
            .exec(&self.db)
            .await
            .context("failed to forget old visitor salts")?;
        // Of instances racing to make the day's salt, the first insert wins and everyone reads it.
        let row = ActiveModel { day: Set(day.clone()), salt: Set(candidate.to_hex()) };
        Entity::insert(row)
            .on_conflict(OnConflict::column(Column::Day).do_nothing().to_owned())
            .exec_without_returning(&self.db)
            .await
            .context("failed to store the day's visitor salt")?;
        let salt = Entity::find_by_id(day)
            .unique(&self.db)
            .await
            .context("failed to read the day's visitor salt")?
            .context("the day's visitor salt vanished")?;
        stored("visitor_salts.salt", VisitorSalt::from_hex(&salt.salt))
    }
}
