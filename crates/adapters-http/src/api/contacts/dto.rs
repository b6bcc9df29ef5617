//! The `contacts` resource's request and response bodies, with their conversions to and from domain types.

use atelier_application::contacts::ContactListing;
use atelier_domain::contact::{ContactInput, ContactMessage, ContactPriority, ContactStatus};
use atelier_domain::inbox::LeadSource;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::api::challenge::ProofOfWorkDto;

/// Where a message stands in the inbox; any status may follow any other.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = ContactStatus)]
pub enum ContactStatusDto {
    New,
    Read,
    Replied,
    Closed,
}

impl From<ContactStatus> for ContactStatusDto {
    fn from(status: ContactStatus) -> Self {
        match status {
            ContactStatus::New => Self::New,
            ContactStatus::Read => Self::Read,
            ContactStatus::Replied => Self::Replied,
            ContactStatus::Closed => Self::Closed,
        }
    }
}

impl From<ContactStatusDto> for ContactStatus {
    fn from(status: ContactStatusDto) -> Self {
        match status {
            ContactStatusDto::New => Self::New,
            ContactStatusDto::Read => Self::Read,
            ContactStatusDto::Replied => Self::Replied,
            ContactStatusDto::Closed => Self::Closed,
        }
    }
}

/// How urgently a message needs an answer.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = ContactPriority)]
pub enum ContactPriorityDto {
    Low,
    Medium,
    High,
}

impl From<ContactPriority> for ContactPriorityDto {
    fn from(priority: ContactPriority) -> Self {
        match priority {
            ContactPriority::Low => Self::Low,
            ContactPriority::Medium => Self::Medium,
            ContactPriority::High => Self::High,
        }
    }
}

/// Where a contact message or project request came from.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = LeadSource)]
pub enum LeadSourceDto {
    Website,
    Referral,
    SocialMedia,
    Email,
    Phone,
    Other,
}

impl From<LeadSource> for LeadSourceDto {
    fn from(source: LeadSource) -> Self {
        match source {
            LeadSource::Website => Self::Website,
            LeadSource::Referral => Self::Referral,
            LeadSource::SocialMedia => Self::SocialMedia,
            LeadSource::Email => Self::Email,
            LeadSource::Phone => Self::Phone,
            LeadSource::Other => Self::Other,
        }
    }
}

/// A message sent through the contact form.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ContactMessage)]
pub struct ContactMessageDto {
    /// The record's version and who created and last changed it.
    #[serde(flatten)]
    pub meta: crate::versions::MetaDto,
    /// 24 lowercase hexadecimal characters.
    #[serde(rename = "_id")]
    #[schema(example = "65f1c2a9b4e8d70012345678")]
    pub id: String,
    pub name: String,
    /// Lowercased.
    pub email: String,
    /// Empty when not given.
    pub phone: String,
    pub subject: String,
    pub message: String,
    pub status: ContactStatusDto,
    pub priority: ContactPriorityDto,
    pub source: LeadSourceDto,
    pub tags: Vec<String>,
    /// The administrators' notes.
    pub notes: String,
    /// Kept in the Spam folder: out of the inbox, its unread count and its exports; deleted 30
    /// days after it arrived.
    pub spam: bool,
    /// The page and source of the visit that sent it; `null` when the form sent none or an
    /// administrator entered it.
    pub attribution: Option<crate::api::views::AttributionDto>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<ContactMessage> for ContactMessageDto {
    fn from(message: ContactMessage) -> Self {
        Self {
            meta: message.meta.into(),
            id: message.id.to_string(),
            name: message.name,
            email: message.email,
            phone: message.phone,
            subject: message.subject,
            message: message.message,
            status: message.status.into(),
            priority: message.priority.into(),
            source: message.source.into(),
            tags: message.tags,
            notes: message.notes,
            spam: message.spam,
            attribution: message.attribution.map(Into::into),
            created_at: message.created_at,
            updated_at: message.updated_at,
        }
    }
}

/// One page of the inbox.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ContactList)]
pub struct ContactListDto {
    /// Newest first.
    pub contacts: Vec<ContactMessageDto>,
    pub total_items: u64,
    pub total_pages: u64,
    pub current_page: u64,
    /// How many messages in the whole inbox (spam aside) have status `new`, whatever the filter and page.
    pub unread_count: u64,
}

impl From<ContactListing> for ContactListDto {
    fn from(listing: ContactListing) -> Self {
        let page = listing.page;
        Self {
            contacts: page.items.into_iter().map(ContactMessageDto::from).collect(),
            total_items: page.total_items,
            total_pages: page.total_pages,
            current_page: page.current_page,
            unread_count: listing.unread_count,
        }
    }
}

/// The fields of a contact message to send or change. On creation name, email, subject and message
/// are required; on update, fields left out keep their values. Strings are trimmed; the email is
/// lowercased. Anonymous senders always get status `new`, priority `medium`, source `website`, no tags
/// and no notes, whatever they send.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ContactInput)]
pub struct ContactInputDto {
    /// Required on creation; at most 100 characters.
    pub name: Option<String>,
    /// Required on creation; a valid address of at most 254 characters.
    pub email: Option<String>,
    /// At most 40 characters.
    pub phone: Option<String>,
    /// Required on creation; at most 200 characters.
    pub subject: Option<String>,
    /// Required on creation; at most 5000 characters.
    pub message: Option<String>,
    /// `new` by default; set by administrators only.
    #[schema(value_type = Option<ContactStatusDto>)]
    pub status: Option<String>,
    /// `medium` by default; set by administrators only.
    #[schema(value_type = Option<ContactPriorityDto>)]
    pub priority: Option<String>,
    /// `website` by default; set by administrators only.
    #[schema(value_type = Option<LeadSourceDto>)]
    pub source: Option<String>,
    /// Blank entries are dropped; at most 20 of at most 50 characters; set by administrators only.
    pub tags: Option<Vec<String>>,
    /// At most 5000 characters; set by administrators only.
    pub notes: Option<String>,
    /// `true` files the message in the Spam folder, `false` moves it back into the inbox ("Not
    /// spam"); set by administrators only.
    pub spam: Option<bool>,
    /// Leave empty. A hidden field people never see: a submission that fills it is answered as usual
    /// but kept in the Spam folder.
    /// Where the visit that sent it came from (the public forms send what the page-view beacon saw
    /// first); kept as sent on creation, never changed afterwards.
    #[schema(nullable)]
    pub attribution: Option<crate::api::views::AttributionInputDto>,
    pub website: Option<String>,
    /// The answer to a challenge from `GET /challenge`, required of anonymous senders (a missing,
    /// invalid, expired or already used one is refused with a 422 naming `proofOfWork`, and nothing
    /// is stored); administrators send `null`.
    #[serde(default, deserialize_with = "crate::extract::present")]
    #[schema(nullable, value_type = Option<ProofOfWorkDto>)]
    pub proof_of_work: Option<Option<ProofOfWorkDto>>,
}

impl ContactInputDto {
    /// The domain input, the honeypot value and the proof of work as sent (left out, `null`, or a
    /// solved challenge).
    pub(super) fn into_parts(self) -> (ContactInput, Option<String>, Option<Option<ProofOfWorkDto>>) {
        let input = ContactInput {
            name: self.name,
            email: self.email,
            phone: self.phone,
            subject: self.subject,
            message: self.message,
            status: self.status,
            priority: self.priority,
            source: self.source,
            tags: self.tags,
            notes: self.notes,
            spam: self.spam,
            attribution: self.attribution.map(crate::api::views::AttributionInputDto::into_domain),
        };
        (input, self.website, self.proof_of_work)
    }
}

/// A new status for a contact message.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(as = ContactStatusChange)]
pub struct ContactStatusChangeDto {
    /// Required.
    #[schema(value_type = ContactStatusDto)]
    pub status: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ContactListParams {
    /// Only messages with this status.
    pub status: Option<ContactStatusDto>,
    /// Matched case-insensitively anywhere in the name, email or subject.
    pub search: Option<String>,
    /// `true`: the Spam folder instead of the inbox.
    pub spam: Option<bool>,
    /// Page size: 1 to 1000 for administrators; 10 by default.
    pub limit: Option<i64>,
    /// Page number from 1.
    pub page: Option<i64>,
}
