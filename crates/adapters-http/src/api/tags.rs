//! `/tags` and `/blog/tags`: tags with their use counts.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use atelier_application::ports::SharedClock;
use atelier_application::store::Store;
use atelier_application::tags::{TagCatalog, TagDeleteError, TagView, TagWriteError};
use atelier_domain::tag::{TagInput, TagType};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use crate::api::languages::{self, TranslationsData};
use crate::api::translations::LanguageParams;
use crate::contract::Rules;
use crate::error::ApiError;
use crate::extract::JsonBody;
use crate::ports::Ports;
use crate::responses::{Conflict, Deleted};

/// What a tag is meant for.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = TagType)]
pub enum TagTypeDto {
    Blog,
    Portfolio,
    General,
}

impl From<TagType> for TagTypeDto {
    fn from(kind: TagType) -> Self {
        match kind {
            TagType::Blog => Self::Blog,
            TagType::Portfolio => Self::Portfolio,
            TagType::General => Self::General,
        }
    }
}

impl From<TagTypeDto> for TagType {
    fn from(kind: TagTypeDto) -> Self {
        match kind {
            TagTypeDto::Blog => Self::Blog,
            TagTypeDto::Portfolio => Self::Portfolio,
            TagTypeDto::General => Self::General,
        }
    }
}

/// A tag.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Tag)]
pub struct TagDto {
    /// The record's version and who created and last changed it.
    #[serde(flatten)]
    pub meta: crate::versions::MetaDto,
    /// 24 lowercase hexadecimal characters.
    #[serde(rename = "_id")]
    #[schema(example = "65f1c2a9b4e8d70012345678")]
    pub id: String,
    pub name: String,
    /// Generated from the name; unique.
    pub slug: String,
    pub description: String,
    /// `#RRGGBB`.
    #[schema(example = "#10B981")]
    pub color: String,
    #[serde(rename = "type")]
    #[schema(rename = "type")]
    pub tag_type: TagTypeDto,
    /// How many posts use the tag.
    pub count: u64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// Public reads with `lang`: the language the texts are in (the one asked for, or the default
    /// when the record has no live translation there).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "de")]
    pub language: Option<String>,
    /// Public reads with `lang` other than the default: the languages the record can be read in
    /// (its address in each for the kinds that have one), the default first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub translations: Option<Vec<crate::api::languages::RecordLanguageDto>>,
}

impl From<TagView> for TagDto {
    fn from(view: TagView) -> Self {
        let tag = view.tag;
        Self {
            language: None,
            translations: None,
            meta: tag.meta.into(),
            id: tag.id.to_string(),
            name: tag.name,
            slug: tag.slug.to_string(),
            description: tag.description,
            color: tag.color.as_str().to_owned(),
            tag_type: tag.tag_type.into(),
            count: view.count,
            created_at: tag.created_at,
            updated_at: tag.updated_at,
        }
    }
}

/// The fields of a tag to create or change. On creation only `name` is required; on update, fields
/// left out keep their values. The slug follows the name.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(as = TagInput)]
pub struct TagInputDto {
    /// Required on creation; at most 60 characters, with at least one letter or digit.
    pub name: Option<String>,
    /// At most 500 characters.
    pub description: Option<String>,
    /// `#RRGGBB`; `#10B981` by default.
    pub color: Option<String>,
    /// `blog` by default.
    #[serde(rename = "type")]
    #[schema(rename = "type", value_type = Option<TagTypeDto>)]
    pub tag_type: Option<String>,
}

impl From<TagInputDto> for TagInput {
    fn from(dto: TagInputDto) -> Self {
        Self { name: dto.name, description: dto.description, color: dto.color, tag_type: dto.tag_type }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TagListParams {
    /// Only tags of this type.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    pub tag_type: Option<TagTypeDto>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PopularTagParams {
    /// How many tags: 1 to 100, 10 by default.
    pub limit: Option<i64>,
    /// Only tags of this type.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    pub tag_type: Option<TagTypeDto>,
}

impl From<TagWriteError> for ApiError {
    fn from(error: TagWriteError) -> Self {
        match error {
            TagWriteError::NotFound => Self::not_found("Tag not found"),
            TagWriteError::Invalid(errors) => Self::invalid(&errors),
            error @ TagWriteError::DuplicateSlug => Self::client(StatusCode::CONFLICT, error.to_string()),
            TagWriteError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

impl From<TagDeleteError> for ApiError {
    fn from(error: TagDeleteError) -> Self {
        match error {
            TagDeleteError::NotFound => Self::not_found("Tag not found"),
            error @ TagDeleteError::InUse { .. } => Self::client(StatusCode::CONFLICT, error.to_string()),
            TagDeleteError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

/// The tags' DTOs as read without a language.
fn dtos(tags: Vec<TagView>) -> Vec<TagDto> {
    tags.into_iter().map(TagDto::from).collect()
}

/// List tags
///
/// Every tag (or those of one type) as a plain array, by name, each with its use `count`.
/// With `lang`, each tag comes in that language where it has a live translation (else in
/// the default language, or, when the site hides untranslated content, not at all), with
/// `language` and `translations`.
#[utoipa::path(
    get, path = "/tags", tag = "tags", operation_id = "listTags",
    params(TagListParams, LanguageParams),
    responses((status = 200, description = "The tags", body = [TagDto]))
)]
pub async fn list_tags<S: Store>(
    catalog: web::Data<TagCatalog<S, SharedClock>>,
    translations: TranslationsData<S>,
    params: web::Query<TagListParams>,
    lang: web::Query<LanguageParams>,
) -> Result<web::Json<Vec<TagDto>>, ApiError> {
    let types = params.into_inner().tag_type.map(|kind| vec![TagType::from(kind)]);
    Ok(web::Json(match languages::read(&translations, lang.lang.as_deref()).await? {
        None => dtos(catalog.list(types).await?),
        Some(read) => languages::dtos(catalog.list_in(types, &read).await?),
    }))
}

/// Popular tags
///
/// The most used tags, by use count descending then name, at most `limit` (10 by default).
/// With `lang`, each tag comes in that language where it has a live translation (else in
/// the default language, or, when the site hides untranslated content, not at all), with
/// `language` and `translations`.
#[utoipa::path(
    get, path = "/tags/popular", tag = "tags", operation_id = "listPopularTags",
    params(PopularTagParams, LanguageParams),
    responses((status = 200, description = "The most used tags", body = [TagDto]))
)]
pub async fn list_popular_tags<S: Store>(
    catalog: web::Data<TagCatalog<S, SharedClock>>,
    translations: TranslationsData<S>,
    params: web::Query<PopularTagParams>,
    lang: web::Query<LanguageParams>,
) -> Result<web::Json<Vec<TagDto>>, ApiError> {
    let params = params.into_inner();
    let types = params.tag_type.map(|kind| vec![TagType::from(kind)]);
    Ok(web::Json(match languages::read(&translations, lang.lang.as_deref()).await? {
        None => dtos(catalog.popular(types, params.limit).await?),
        Some(read) => languages::dtos(catalog.popular_in(types, params.limit, &read).await?),
    }))
}

/// List blog tags
///
/// The tags the blog offers (type `blog` or `general`) as a plain array, by name.
/// With `lang`, each tag comes in that language where it has a live translation (else in
/// the default language, or, when the site hides untranslated content, not at all), with
/// `language` and `translations`.
#[utoipa::path(
    get, path = "/blog/tags", tag = "tags", operation_id = "listBlogTags",
    params(LanguageParams),
    responses((status = 200, description = "The blog's tags", body = [TagDto]))
)]
pub async fn list_blog_tags<S: Store>(
    catalog: web::Data<TagCatalog<S, SharedClock>>,
    translations: TranslationsData<S>,
    lang: web::Query<LanguageParams>,
) -> Result<web::Json<Vec<TagDto>>, ApiError> {
    Ok(web::Json(match languages::read(&translations, lang.lang.as_deref()).await? {
        None => dtos(catalog.blog_tags().await?),
        Some(read) => languages::dtos(catalog.blog_tags_in(&read).await?),
    }))
}

/// Create a tag
///
/// The slug is generated from the name; a taken one gets a numeric suffix (`rust-2`).
#[utoipa::path(
    post, path = "/tags", tag = "tags", operation_id = "createTag",
    request_body = TagInputDto,
    responses((status = 201, description = "The created tag", body = TagDto))
)]
pub async fn create_tag<S: Store>(
    catalog: web::Data<TagCatalog<S, SharedClock>>,
    body: JsonBody<TagInputDto>,
) -> Result<HttpResponse, ApiError> {
    let tag = catalog.create(body.0.into()).await?;
    Ok(HttpResponse::Created().json(TagDto::from(tag)))
}

/// Update a tag
///
/// Changes the fields sent; fields left out keep their values. A new name gives a new slug.
#[utoipa::path(
    put, path = "/tags/{id}", tag = "tags", operation_id = "updateTag",
    params(("id" = String, Path, description = "The tag's `_id`")),
    request_body = TagInputDto,
    responses((status = 200, description = "The updated tag", body = TagDto))
)]
pub async fn update_tag<S: Store>(
    catalog: web::Data<TagCatalog<S, SharedClock>>,
    id: web::Path<String>,
    body: JsonBody<TagInputDto>,
) -> Result<web::Json<TagDto>, ApiError> {
    let updated = catalog.update(&id, body.0.into()).await;
    let current = || async {
        let views = catalog.list(None).await?;
        let view = views.into_iter().find(|view| view.tag.id.to_string() == *id);
        view.map(TagDto::from).ok_or_else(|| ApiError::not_found("Tag not found"))
    };
    Ok(web::Json(crate::versions::or_current(updated, current).await?.into()))
}

/// Delete a tag
///
/// Refused while posts use it ("This tag is used by 2 posts").
#[utoipa::path(
    delete, path = "/tags/{id}", tag = "tags", operation_id = "deleteTag",
    params(("id" = String, Path, description = "The tag's `_id`")),
    responses(Conflict, Deleted)
)]
pub async fn delete_tag<S: Store>(
    catalog: web::Data<TagCatalog<S, SharedClock>>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    catalog.delete(&id).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The operations of this resource, documented: nested into the API document by [`super::documents`].
#[derive(Debug, OpenApi)]
#[openapi(
    paths(list_tags, list_popular_tags, list_blog_tags, create_tag, update_tag, delete_tag),
    tags((name = "tags", description = "Tags for blog posts and portfolio projects, with how often each is used")),
)]
pub struct Doc;

/// The rules of the bodies and parameters this resource takes, from the domain's limits
/// ([`crate::contract`]): collected by [`super::rules`].
pub fn rules() -> Rules {
    use atelier_domain::tag;

    use crate::contract::{colour, creating, named, text};

    Rules::bodies(vec![creating::<TagInputDto>(
        "NewTag",
        &["createTag"],
        vec![
            ("name", named(tag::MAX_NAME_LEN).required()),
            ("description", text(tag::MAX_DESCRIPTION_LEN)),
            ("color", colour()),
        ],
    )])
}

pub fn routes<P: Ports>(config: &mut crate::api::Routes, store: &P::Store, clock: &SharedClock) {
    config.app_data(web::Data::new(TagCatalog::new(store.clone(), clock.clone())));
    config
        .service(super::resource("/tags").get(list_tags::<P::Store>).post(create_tag::<P::Store>))
        .service(super::resource("/tags/popular").get(list_popular_tags::<P::Store>))
        .service(super::resource("/tags/{id}").put(update_tag::<P::Store>).delete(delete_tag::<P::Store>))
        .service(super::resource("/blog/tags").get(list_blog_tags::<P::Store>));
}

crate::api::languages::in_language_dto!(TagDto);
