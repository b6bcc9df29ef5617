//! `/contacts`: the contact inbox. Visitors send messages through the public contact form; everything
//! else is the back office's.

mod dto;

use actix_web::{HttpRequest, HttpResponse, web};
use atelier_application::Audience;
use atelier_application::contacts::{ContactInbox, ContactQuery};
use atelier_application::ports::SharedClock;
use atelier_application::spam::Evidence;
use atelier_application::store::Store;
use atelier_domain::contact::ContactStatus;
use utoipa::OpenApi;

use crate::api::challenge::ProofOfWorkDto;
use crate::caller::Caller;
use crate::contract::Rules;
use crate::error::ApiError;
use crate::extract::JsonBody;
use crate::ports::Ports;
use crate::responses::{Deleted, TooManyRequests};
use crate::submissions::SubmissionLimiter;

pub use self::dto::{
    ContactInputDto, ContactListDto, ContactListParams, ContactMessageDto, ContactPriorityDto, ContactStatusChangeDto,
    ContactStatusDto, LeadSourceDto,
};

/// List contact messages
///
/// The inbox newest first, one page of it (or of the Spam folder with `spam=true`), with the number
/// of unread (`new`) messages in the whole inbox, spam aside.
#[utoipa::path(
    get, path = "/contacts", tag = "contacts", operation_id = "listContacts",
    params(ContactListParams),
    responses((status = 200, description = "One page of the inbox", body = ContactListDto))
)]
pub async fn list_contacts<S: Store>(
    inbox: web::Data<ContactInbox<S, SharedClock>>,
    caller: Caller,
    params: web::Query<ContactListParams>,
) -> Result<web::Json<ContactListDto>, ApiError> {
    let params = params.into_inner();
    let query = ContactQuery {
        status: params.status.map(ContactStatus::from),
        search: params.search,
        spam: params.spam.unwrap_or(false),
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
    responses((status = 200, description = "The message", body = ContactMessageDto))
)]
pub async fn get_contact<S: Store>(
    inbox: web::Data<ContactInbox<S, SharedClock>>,
    id: web::Path<String>,
) -> Result<web::Json<ContactMessageDto>, ApiError> {
    Ok(web::Json(inbox.get(&id).await?.into()))
}

/// Send a contact message
///
/// The public contact form. Anonymous submissions are stored with status `new`, priority `medium`,
/// source `website`, no tags and no notes whatever the body says; administrators may set them. An
/// anonymous submission carries a solved challenge from `GET /challenge` as `proofOfWork` (without a
/// valid, unexpired, unused one: 422 and nothing stored). At most 5 anonymous submissions per client
/// address within 10 minutes, across this form and the project request form; a submission that
/// fills the hidden `website` field is answered as usual but kept in the Spam folder.
#[utoipa::path(
    post, path = "/contacts", tag = "contacts", operation_id = "createContact",
    request_body = ContactInputDto,
    responses(
        (status = 201, description = "The message as stored", body = ContactMessageDto),
        TooManyRequests,
    )
)]
pub async fn create_contact<S: Store>(
    inbox: web::Data<ContactInbox<S, SharedClock>>,
    limiter: web::Data<SubmissionLimiter<S>>,
    caller: Caller,
    request: HttpRequest,
    body: JsonBody<ContactInputDto>,
) -> Result<HttpResponse, ApiError> {
    if caller.0 == Audience::Public {
        limiter.admit(crate::proxies::client_ip(&request)).await?;
    }
    let (input, honeypot, proof) = body.0.into_parts();
    let proof = ProofOfWorkDto::sent(proof)?;
    let evidence = Evidence { honeypot: honeypot.as_deref(), proof: proof.as_ref() };
    let message = inbox.submit(caller.0, input, evidence).await?;
    Ok(HttpResponse::Created().json(ContactMessageDto::from(message)))
}

/// Update a contact message
///
/// Changes the fields sent (typically status or notes, or `spam: false` to move a message out of the
/// Spam folder); fields left out keep their values.
#[utoipa::path(
    put, path = "/contacts/{id}", tag = "contacts", operation_id = "updateContact",
    params(("id" = String, Path, description = "The message's `_id`")),
    request_body = ContactInputDto,
    responses((status = 200, description = "The updated message", body = ContactMessageDto))
)]
pub async fn update_contact<S: Store>(
    inbox: web::Data<ContactInbox<S, SharedClock>>,
    id: web::Path<String>,
    body: JsonBody<ContactInputDto>,
) -> Result<web::Json<ContactMessageDto>, ApiError> {
    let (input, _, _) = body.0.into_parts();
    let updated = inbox.update(&id, input).await;
    let current = || async { Ok(ContactMessageDto::from(inbox.get(&id).await?)) };
    Ok(web::Json(crate::versions::or_current(updated, current).await?.into()))
}

/// Change a contact message's status
///
/// Any status may follow any other.
#[utoipa::path(
    patch, path = "/contacts/{id}/status", tag = "contacts", operation_id = "updateContactStatus",
    params(("id" = String, Path, description = "The message's `_id`")),
    request_body = ContactStatusChangeDto,
    responses((status = 200, description = "The updated message", body = ContactMessageDto))
)]
pub async fn update_contact_status<S: Store>(
    inbox: web::Data<ContactInbox<S, SharedClock>>,
    id: web::Path<String>,
    body: JsonBody<ContactStatusChangeDto>,
) -> Result<web::Json<ContactMessageDto>, ApiError> {
    let updated = inbox.set_status(&id, body.0.status).await;
    let current = || async { Ok(ContactMessageDto::from(inbox.get(&id).await?)) };
    Ok(web::Json(crate::versions::or_current(updated, current).await?.into()))
}

/// Delete a contact message
///
/// Removes the message for good; a message still new no longer counts as unread.
#[utoipa::path(
    delete, path = "/contacts/{id}", tag = "contacts", operation_id = "deleteContact",
    params(("id" = String, Path, description = "The message's `_id`")),
    responses(Deleted)
)]
pub async fn delete_contact<S: Store>(
    inbox: web::Data<ContactInbox<S, SharedClock>>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    inbox.delete(&id).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The operations of this resource, documented: nested into the API document by [`super::documents`].
#[derive(Debug, OpenApi)]
#[openapi(
    paths(list_contacts, get_contact, create_contact, update_contact, update_contact_status, delete_contact),
    tags((name = "contacts", description = "The contact inbox: messages sent through the public contact form")),
)]
pub struct Doc;

/// The rules of the bodies and parameters this resource takes, from the domain's limits
/// ([`crate::contract`]): collected by [`super::rules`].
pub fn rules() -> Rules {
    use atelier_domain::{contact, inbox};

    use crate::contract::{creating, email, filled, given, list, text};

    Rules::bodies(vec![creating::<ContactInputDto>(
        "NewContact",
        &["createContact"],
        vec![
            ("name", filled(contact::MAX_NAME_LEN).required()),
            ("email", email().required()),
            ("phone", text(inbox::MAX_PHONE_LEN)),
            ("subject", filled(contact::MAX_SUBJECT_LEN).required()),
            ("message", filled(contact::MAX_MESSAGE_LEN).required()),
            ("tags", list(contact::MAX_TAGS, text(contact::MAX_TAG_LEN))),
            ("notes", text(inbox::MAX_NOTES_LEN)),
            ("proofOfWork", given().required_or_null()),
        ],
    )])
}

/// The use case (`ContactInbox`) is registered by the server, which knows whether new submissions are notified.
pub fn routes<P: Ports>(config: &mut crate::api::Routes, _store: &P::Store, _clock: &SharedClock) {
    config
        .service(super::resource("/contacts").get(list_contacts::<P::Store>).post(create_contact::<P::Store>))
        .service(
            super::resource("/contacts/{id}")
                .get(get_contact::<P::Store>)
                .put(update_contact::<P::Store>)
                .delete(delete_contact::<P::Store>),
        )
        .service(super::resource("/contacts/{id}/status").patch(update_contact_status::<P::Store>));
}
