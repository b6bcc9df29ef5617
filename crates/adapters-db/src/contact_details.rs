//! The contact details record in the `contact_details` table (one row).

use std::collections::BTreeMap;

use anyhow::Context;
use atelier_application::audit::Change;
use atelier_application::contact_details::ports::ContactDetailsRepository;
use atelier_domain::contact_details::{ContactDetails, SocialPlatform};
use sea_orm::ActiveValue::Set;
use sea_orm::EntityTrait;

use crate::entities::contact_details::{ActiveModel, CONTACT_DETAILS_ROW, Entity, Model};
use crate::query::Unique;
use crate::store::{SeaOrmStore, stored};
use crate::{audit, records};

impl ContactDetailsRepository for SeaOrmStore {
    async fn load_contact_details(&self) -> anyhow::Result<Option<ContactDetails>> {
        let row = Entity::find_by_id(CONTACT_DETAILS_ROW)
            .unique(&self.db)
            .await
            .context("failed to read the contact details")?;
        row.map(into_domain).transpose()
    }

    async fn save_contact_details(&self, details: &mut ContactDetails) -> anyhow::Result<()> {
        let row = to_active(details)?;
        // The stored details as they were, to name what changes.
        let changed_fields = if audit::wanted() {
            let before = Entity::find().one(&self.db).await.context("failed to read the contact details")?;
            before.map(|before| audit::changed_fields(&ActiveModel::from(before), &row))
        } else {
            None
        };
        let change = Change { changed_fields, ..Change::default() };
        records::save_single::<Entity>(&self.db, "contact-details", row, &mut details.meta, change).await
    }
}

fn to_active(details: &ContactDetails) -> anyhow::Result<ActiveModel> {
    let social: BTreeMap<&str, &str> =
        details.social_media.iter().map(|(platform, url)| (platform.as_str(), url.as_str())).collect();
    Ok(ActiveModel {
        id: Set(CONTACT_DETAILS_ROW),
        email: Set(details.email.clone()),
        phone: Set(details.phone.clone()),
        address: Set(details.address.clone()),
        google_maps_url: Set(details.google_maps_url.clone()),
        social_media: Set(serde_json::to_string(&social).context("failed to encode social links")?),
        updated_at: Set(details.updated_at),
        ..Default::default()
    })
}

fn into_domain(row: Model) -> anyhow::Result<ContactDetails> {
    let social: BTreeMap<String, String> =
        stored("contact_details.social_media", serde_json::from_str(&row.social_media))?;
    let social_media = social
        .into_iter()
        .map(|(key, url)| Ok((stored("contact_details.social_media", SocialPlatform::parse(&key))?, url)))
        .collect::<anyhow::Result<_>>()?;
    Ok(ContactDetails {
        meta: records::row_meta(&row)?,
        email: row.email,
        phone: row.phone,
        address: row.address,
        google_maps_url: row.google_maps_url,
        social_media,
        updated_at: row.updated_at,
    })
}
