//! What the three revision histories (posts, projects, content pages) share over HTTP: a revision as
//! a list shows it, the errors of a restore, the three handlers (list, read one, restore) and their
//! routes, written once over [`History`], and [`revision_history!`], which documents them for one
//! kind of record.

use actix_web::http::StatusCode;
use actix_web::web;
use atelier_application::media::LibraryImages;
use atelier_application::records::LookupError;
use atelier_application::revisions::{Author, RestoreError, Revision, RevisionSummary};
use atelier_application::store::Store;
use atelier_domain::user::Role;
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use crate::caller::SignedIn;
use crate::error::ApiError;

/// An earlier version of a record, kept when a save replaced it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Revision)]
pub struct RevisionDto {
    /// 24 lowercase hexadecimal characters.
    #[serde(rename = "_id")]
    pub id: String,
    /// The `_id` of the post, project or page.
    pub record_id: String,
    /// The `_id` of the administrator whose save replaced this version.
    pub author_id: String,
    /// Their name at the time.
    pub author_name: String,
    /// When that save happened.
    pub created_at: DateTime<Utc>,
    /// When this version itself was saved (the record's `updatedAt` then).
    pub saved_at: DateTime<Utc>,
}

impl From<RevisionSummary> for RevisionDto {
    fn from(summary: RevisionSummary) -> Self {
        Self {
            id: summary.id.to_string(),
            record_id: summary.record_id.to_string(),
            author_id: summary.author.id.to_string(),
            author_name: summary.author.name,
            created_at: summary.created_at,
            saved_at: summary.saved_at,
        }
    }
}

impl From<RestoreError> for ApiError {
    fn from(error: RestoreError) -> Self {
        match error {
            error @ RestoreError::NotFound(_) => Self::not_found(error.to_string()),
            RestoreError::Conflict(message) => Self::client(StatusCode::CONFLICT, message),
            RestoreError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

/// The use cases of a kind of record that keeps revisions (the blog, the portfolio, the content
/// pages), as the shared handlers call them. `key` is what the record's address names it by: its
/// `_id`, or a content page's type.
pub trait History<S: Store>: 'static {
    /// The record as the use cases give it back.
    type Snapshot;
    /// The record as the API shows it.
    type Record: Serialize;
    /// One revision with the record as it was: the schema named for this kind.
    type Revision: Serialize + From<(RevisionDto, Self::Record)>;

    /// The record's revisions, newest first.
    async fn summaries(&self, key: &str) -> Result<Vec<RevisionSummary>, LookupError>;
    /// One revision of the record, whole.
    async fn revision(&self, key: &str, revision_id: &str) -> Result<Revision<Self::Snapshot>, LookupError>;
    /// Saves a revision as the record's current version, by `author`.
    async fn restore(&self, key: &str, revision_id: &str, author: &Author) -> Result<Self::Snapshot, RestoreError>;
    /// Refuses `role` a restore the record's kind keeps from it (a Contributor's of a published
    /// post); every restore the permission table allows by default.
    async fn may_restore(&self, _key: &str, _revision_id: &str, _role: Role) -> Result<(), ApiError> {
        Ok(())
    }
    /// The record as the API shows it, with the library images it shows.
    async fn record(images: &LibraryImages<S>, snapshot: Self::Snapshot) -> Result<Self::Record, ApiError>;
}

/// `GET {record}/revisions`: the record's revisions, newest first, without their content.
pub async fn list<S: Store, H: History<S>>(
    history: web::Data<H>,
    key: web::Path<String>,
) -> Result<web::Json<Vec<RevisionDto>>, ApiError> {
    Ok(web::Json(history.summaries(&key).await?.into_iter().map(RevisionDto::from).collect()))
}

/// `GET {record}/revisions/{revisionId}`: one revision, whole.
pub async fn get<S: Store, H: History<S>>(
    history: web::Data<H>,
    images: web::Data<LibraryImages<S>>,
    path: web::Path<(String, String)>,
) -> Result<web::Json<H::Revision>, ApiError> {
    let (key, revision_id) = path.into_inner();
    let revision = history.revision(&key, &revision_id).await?;
    let record = H::record(&images, revision.snapshot).await?;
    Ok(web::Json(H::Revision::from((revision.summary.into(), record))))
}

/// `POST {record}/revisions/{revisionId}/restore`: the revision saved as the current version.
pub async fn restore<S: Store, H: History<S>>(
    history: web::Data<H>,
    images: web::Data<LibraryImages<S>>,
    signed_in: SignedIn,
    path: web::Path<(String, String)>,
) -> Result<web::Json<H::Record>, ApiError> {
    let (key, revision_id) = path.into_inner();
    history.may_restore(&key, &revision_id, signed_in.0.role()).await?;
    let restored = history.restore(&key, &revision_id, &signed_in.author()).await?;
    Ok(web::Json(H::record(&images, restored).await?))
}

/// Documents the three revision operations of one kind of record and declares, in the calling
/// module, the schema of one of its revisions and `revision_routes`, which registers the routes.
///
/// Each documented handler is the shared one of this module for the kind's use cases (`history`,
/// which implements [`History`]). The words name the record (`noun`: "post"), its address (`path`,
/// with its key parameter `key` described by `key_doc`; `named`: "content page" where the summaries
/// say more than `noun`: "page") and what only this kind says: the list's and
/// the restore's descriptions, and the extra statuses a restore can answer.
macro_rules! revision_history {
    (
        history: $history:ident,
        tag: $tag:literal,
        path: $path:literal,
        key: $key:literal ($key_doc:literal),
        noun: $noun:literal,
        named: $named:literal,
        operations: [$list_id:literal, $get_id:literal, $restore_id:literal],
        record: $record:ident,
        revision: $revision:ident as $schema:ident ($revision_doc:literal, snapshot: $snapshot_doc:literal),
        list_description: $list_description:literal,
        restore_description: $restore_description:literal,
        restore_responses: [$($restore_response:ident),*] $(,)?
    ) => {
        #[doc = $revision_doc]
        #[derive(Debug, serde::Serialize, utoipa::ToSchema)]
        #[schema(as = $schema, description = $revision_doc)]
        pub struct $revision {
            pub revision: $crate::api::revisions::RevisionDto,
            #[doc = $snapshot_doc]
            pub snapshot: $record,
        }

        impl From<($crate::api::revisions::RevisionDto, $record)> for $revision {
            fn from((revision, snapshot): ($crate::api::revisions::RevisionDto, $record)) -> Self {
                Self { revision, snapshot }
            }
        }

        #[utoipa::path(
            get, path = concat!($path, "/revisions"), tag = $tag, operation_id = $list_id,
            summary = concat!("List a ", $named, "'s revisions"), description = $list_description,
            params(($key = String, Path, description = $key_doc)),
            responses((
                status = 200, description = concat!("The ", $noun, "'s revisions, newest first"),
                body = [$crate::api::revisions::RevisionDto]
            ))
        )]
        pub async fn list_revisions<S: atelier_application::store::Store>(
            history: actix_web::web::Data<$history<S, atelier_application::ports::SharedClock>>,
            key: actix_web::web::Path<String>,
        ) -> Result<actix_web::web::Json<Vec<$crate::api::revisions::RevisionDto>>, $crate::error::ApiError> {
            $crate::api::revisions::list::<S, $history<S, atelier_application::ports::SharedClock>>(history, key).await
        }

        #[utoipa::path(
            get, path = concat!($path, "/revisions/{revisionId}"), tag = $tag, operation_id = $get_id,
            summary = concat!("Get a ", $named, "'s revision"),
            description = concat!("One earlier version of the ", $noun, ", whole."),
            params(
                ($key = String, Path, description = $key_doc),
                ("revisionId" = String, Path, description = "The revision's `_id`"),
            ),
            responses((status = 200, description = "The revision", body = $revision))
        )]
        pub async fn get_revision<S: atelier_application::store::Store>(
            history: actix_web::web::Data<$history<S, atelier_application::ports::SharedClock>>,
            images: actix_web::web::Data<atelier_application::media::LibraryImages<S>>,
            path: actix_web::web::Path<(String, String)>,
        ) -> Result<actix_web::web::Json<$revision>, $crate::error::ApiError> {
            $crate::api::revisions::get::<S, $history<S, atelier_application::ports::SharedClock>>(history, images, path).await
        }

        #[utoipa::path(
            post, path = concat!($path, "/revisions/{revisionId}/restore"), tag = $tag,
            operation_id = $restore_id,
            summary = concat!("Restore a ", $named, "'s revision"), description = $restore_description,
            params(
                ($key = String, Path, description = $key_doc),
                ("revisionId" = String, Path, description = "The revision's `_id`"),
            ),
            responses(
                (status = 200, description = concat!("The ", $noun, " as restored"), body = $record)
                $(, $restore_response)*
            )
        )]
        pub async fn restore_revision<S: atelier_application::store::Store>(
            history: actix_web::web::Data<$history<S, atelier_application::ports::SharedClock>>,
            images: actix_web::web::Data<atelier_application::media::LibraryImages<S>>,
            signed_in: $crate::caller::SignedIn,
            path: actix_web::web::Path<(String, String)>,
        ) -> Result<actix_web::web::Json<$record>, $crate::error::ApiError> {
            $crate::api::revisions::restore::<S, $history<S, atelier_application::ports::SharedClock>>(history, images, signed_in, path).await
        }

        /// Registers the three revision routes under the record's address.
        pub fn revision_routes<S: atelier_application::store::Store>(config: &mut $crate::api::Routes) {
            config
                .service($crate::api::resource(concat!($path, "/revisions")).get(list_revisions::<S>))
                .service(
                    $crate::api::resource(concat!($path, "/revisions/{revisionId}")).get(get_revision::<S>),
                )
                .service(
                    $crate::api::resource(concat!($path, "/revisions/{revisionId}/restore"))
                        .post(restore_revision::<S>),
                );
        }
    };
}

pub(crate) use revision_history;
