//! `/contacts`: the contact inbox. Visitors send messages through the public contact form; everything
//! else is the back office's.

use actix_web::{HttpRequest, HttpResponse, web};
use atelier_application::Audience;
use atelier_application::contacts::{ContactInbox, ContactListing, ContactQuery};
use atelier_application::store::Store;
use atelier_domain::contact::{ContactInput, ContactMessage, ContactPriority, ContactStatus};
use atelier_domain::inbox::LeadSource;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::caller::Caller;
use crate::error::{ApiError, ErrorBody};
use crate::extract::JsonBody;
use crate::submissions::SubmissionLimiter;

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
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<ContactMessage> for ContactMessageDto {
    fn from(message: ContactMessage) -> Self {
        Self {
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
    /// How many messages in the whole inbox have status `new`, whatever the filter and page.
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
    /// Leave empty. A hidden field people never see: a submission that fills it is answered as usual
    /// but not stored.
    pub website: Option<String>,
}

impl ContactInputDto {
    /// The domain input and the honeypot value.
    fn into_parts(self) -> (ContactInput, Option<String>) {
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
        };
        (input, self.website)
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
    /// Page size: 1 to 1000 for administrators; 10 by default.
    pub limit: Option<i64>,
    /// Page number from 1.
    pub page: Option<i64>,
}

/// List contact messages
///
/// The inbox newest first, one page of it, with the number of unread (`new`) messages in the whole
/// inbox.
#[utoipa::path(
    get, path = "/contacts", tag = "contacts", operation_id = "listContacts",
    params(ContactListParams),
    responses(
        (status = 200, description = "One page of the inbox", body = ContactListDto),
        (status = 400, description = "Unparseable query", body = ErrorBody),
    )
)]
pub async fn list_contacts<S: Store>(
    inbox: web::Data<ContactInbox<S>>,
    caller: Caller,
    params: web::Query<ContactListParams>,
) -> Result<web::Json<ContactListDto>, ApiError> {
    let params = params.into_inner();
    let query = ContactQuery {
        status: params.status.map(ContactStatus::from),
        search: params.search,
        page: params.page,
        limit: params.limit,
    };
    Ok(web::Json(inbox.list(caller.0, query).await?.into()))
}

/// Get a contact message
///
/// Reading a message never changes its status.
#[utoipa::path(
    get, path = "/contacts/{id}", tag = "contacts", operation_id = "getContact",
    params(("id" = String, Path, description = "The message's `_id`")),
    responses(
        (status = 200, description = "The message", body = ContactMessageDto),
        (status = 404, description = "No such message, or a malformed id", body = ErrorBody),
    )
)]
pub async fn get_contact<S: Store>(
    inbox: web::Data<ContactInbox<S>>,
    id: web::Path<String>,
) -> Result<web::Json<ContactMessageDto>, ApiError> {
    Ok(web::Json(inbox.get(&id).await?.into()))
}

/// Send a contact message
///
/// The public contact form. Anonymous submissions are stored with status `new`, priority `medium`,
/// source `website`, no tags and no notes whatever the body says; administrators may set them. At most
/// 5 anonymous submissions per client address within 10 minutes, across this form and the project
/// request form; a submission that fills the hidden `website` field is answered as usual but not
/// stored.
#[utoipa::path(
    post, path = "/contacts", tag = "contacts", operation_id = "createContact",
    request_body = ContactInputDto,
    responses(
        (status = 201, description = "The message as stored", body = ContactMessageDto),
        (status = 400, description = "Unparseable body", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Body is not JSON", body = ErrorBody),
        (status = 422, description = "Invalid fields", body = ErrorBody),
        (status = 429, description = "Too many submissions from this address", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds until a submission is accepted again"))),
    )
)]
pub async fn create_contact<S: Store>(
    inbox: web::Data<ContactInbox<S>>,
    limiter: web::Data<SubmissionLimiter>,
    caller: Caller,
    request: HttpRequest,
    body: JsonBody<ContactInputDto>,
) -> Result<HttpResponse, ApiError> {
    if caller.0 == Audience::Public {
        limiter.admit(request.peer_addr())?;
    }
    let (input, honeypot) = body.0.into_parts();
    let message = inbox.submit(caller.0, input, honeypot.as_deref()).await?;
    Ok(HttpResponse::Created().json(ContactMessageDto::from(message)))
}

/// Update a contact message
///
/// Changes the fields sent (typically status or notes); fields left out keep their values.
#[utoipa::path(
    put, path = "/contacts/{id}", tag = "contacts", operation_id = "updateContact",
    params(("id" = String, Path, description = "The message's `_id`")),
    request_body = ContactInputDto,
    responses(
        (status = 200, description = "The updated message", body = ContactMessageDto),
        (status = 400, description = "Unparseable body", body = ErrorBody),
        (status = 404, description = "No such message", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Body is not JSON", body = ErrorBody),
        (status = 422, description = "Invalid fields", body = ErrorBody),
    )
)]
pub async fn update_contact<S: Store>(
    inbox: web::Data<ContactInbox<S>>,
    id: web::Path<String>,
    body: JsonBody<ContactInputDto>,
) -> Result<web::Json<ContactMessageDto>, ApiError> {
    let (input, _) = body.0.into_parts();
    Ok(web::Json(inbox.update(&id, input).await?.into()))
}

/// Change a contact message's status
///
/// Any status may follow any other.
#[utoipa::path(
    patch, path = "/contacts/{id}/status", tag = "contacts", operation_id = "updateContactStatus",
    params(("id" = String, Path, description = "The message's `_id`")),
    request_body = ContactStatusChangeDto,
    responses(
        (status = 200, description = "The updated message", body = ContactMessageDto),
        (status = 400, description = "Unparseable body", body = ErrorBody),
        (status = 404, description = "No such message", body = ErrorBody),
        (status = 415, description = "Body is not JSON", body = ErrorBody),
        (status = 422, description = "Missing or unknown status", body = ErrorBody),
    )
)]
pub async fn update_contact_status<S: Store>(
    inbox: web::Data<ContactInbox<S>>,
    id: web::Path<String>,
    body: JsonBody<ContactStatusChangeDto>,
) -> Result<web::Json<ContactMessageDto>, ApiError> {
    Ok(web::Json(inbox.set_status(&id, body.0.status).await?.into()))
}

/// Delete a contact message
///
/// Removes the message for good; a message still new no longer counts as unread.
#[utoipa::path(
    delete, path = "/contacts/{id}", tag = "contacts", operation_id = "deleteContact",
    params(("id" = String, Path, description = "The message's `_id`")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 404, description = "No such message", body = ErrorBody),
    )
)]
pub async fn delete_contact<S: Store>(
    inbox: web::Data<ContactInbox<S>>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    inbox.delete(&id).await?;
    Ok(HttpResponse::NoContent().finish())
}

pub fn routes<S: Store>(config: &mut web::ServiceConfig) {
    config
        .service(
            web::resource("/contacts")
                .get(list_contacts::<S>)
                .post(create_contact::<S>)
                .default_service(web::to(super::method_not_allowed)),
        )
        .service(
            web::resource("/contacts/{id}")
                .get(get_contact::<S>)
                .put(update_contact::<S>)
                .delete(delete_contact::<S>)
                .default_service(web::to(super::method_not_allowed)),
        )
        .service(
            web::resource("/contacts/{id}/status")
                .patch(update_contact_status::<S>)
                .default_service(web::to(super::method_not_allowed)),
        );
}
