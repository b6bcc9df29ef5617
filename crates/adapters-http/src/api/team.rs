//! `/team`: the agency's team members, in the order the administrator arranges.

use actix_web::{HttpResponse, web};
use atelier_application::ports::SharedClock;
use atelier_application::store::Store;
use atelier_application::team::{Team, TeamQuery};
use atelier_domain::Page;
use atelier_domain::team::{SocialLinksInput, TeamMember, TeamMemberInput, TeamMemberStatus};
use atelier_domain::translation::TranslationKind;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use crate::api::languages::{self, TranslationsData};
use crate::api::translations::LanguageParams;
use crate::caller::Caller;
use crate::contract::Rules;
use crate::error::ApiError;
use crate::extract::JsonBody;
use crate::ports::Ports;
use crate::responses::Deleted;

/// Whether a team member is shown on the public site.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = TeamMemberStatus)]
pub enum TeamMemberStatusDto {
    Active,
    Inactive,
}

impl From<TeamMemberStatus> for TeamMemberStatusDto {
    fn from(status: TeamMemberStatus) -> Self {
        match status {
            TeamMemberStatus::Active => Self::Active,
            TeamMemberStatus::Inactive => Self::Inactive,
        }
    }
}

impl From<TeamMemberStatusDto> for TeamMemberStatus {
    fn from(status: TeamMemberStatusDto) -> Self {
        match status {
            TeamMemberStatusDto::Active => Self::Active,
            TeamMemberStatusDto::Inactive => Self::Inactive,
        }
    }
}

/// Links to a member's profiles; empty when not set.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = TeamSocialLinks)]
pub struct SocialLinksDto {
    pub linkedin: String,
    pub twitter: String,
    pub github: String,
    pub website: String,
}

/// A member of the team.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TeamMember)]
pub struct TeamMemberDto {
    /// The record's version and who created and last changed it.
    #[serde(flatten)]
    pub meta: crate::versions::MetaDto,
    /// 24 lowercase hexadecimal characters.
    #[serde(rename = "_id")]
    #[schema(example = "65f1c2a9b4e8d70012345678")]
    pub id: String,
    pub name: String,
    pub position: String,
    /// Lowercased.
    pub email: String,
    /// Markdown.
    pub bio: String,
    /// An absolute URL or a path on this site; may be empty.
    #[schema(example = "/images/demo/team-1.svg")]
    pub avatar: String,
    pub status: TeamMemberStatusDto,
    /// Display position: the members' orders are always exactly 1..n.
    pub order: u32,
    pub social_links: SocialLinksDto,
    pub skills: Vec<String>,
    pub department: String,
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

impl From<TeamMember> for TeamMemberDto {
    fn from(member: TeamMember) -> Self {
        let links = member.social_links;
        Self {
            language: None,
            translations: None,
            meta: member.meta.into(),
            id: member.id.to_string(),
            name: member.name,
            position: member.position,
            email: member.email,
            bio: member.bio,
            avatar: member.avatar,
            status: member.status.into(),
            order: member.order,
            social_links: SocialLinksDto {
                linkedin: links.linkedin,
                twitter: links.twitter,
                github: links.github,
                website: links.website,
            },
            skills: member.skills,
            department: member.department,
            created_at: member.created_at,
            updated_at: member.updated_at,
        }
    }
}

/// One page of team members, ascending by display order.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TeamMemberList)]
pub struct TeamMemberListDto {
    pub team_members: Vec<TeamMemberDto>,
    pub total_items: u64,
    pub total_pages: u64,
    pub current_page: u64,
}

impl From<Page<TeamMember>> for TeamMemberListDto {
    fn from(page: Page<TeamMember>) -> Self {
        Self {
            team_members: page.items.into_iter().map(TeamMemberDto::from).collect(),
            total_items: page.total_items,
            total_pages: page.total_pages,
            current_page: page.current_page,
        }
    }
}

/// Social links to change: each an absolute http(s) URL, or empty; links left out keep their values.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(as = TeamSocialLinksInput)]
pub struct SocialLinksInputDto {
    pub linkedin: Option<String>,
    pub twitter: Option<String>,
    pub github: Option<String>,
    pub website: Option<String>,
}

/// The fields of a team member to create or change. On creation `name`, `position` and `email` are
/// required; on update, fields left out keep their values. Strings are trimmed, the email lowercased.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TeamMemberInput)]
pub struct TeamMemberInputDto {
    /// Required on creation; at most 120 characters.
    pub name: Option<String>,
    /// Required on creation; at most 120 characters.
    pub position: Option<String>,
    /// Required on creation; a valid email address.
    pub email: Option<String>,
    /// Markdown, at most 10 000 characters.
    pub bio: Option<String>,
    /// An absolute http(s) URL, a path on this site (`/images/...`), or empty.
    pub avatar: Option<String>,
    /// `active` by default.
    #[schema(value_type = Option<TeamMemberStatusDto>)]
    pub status: Option<String>,
    /// From 1. On creation the member is inserted there (later members shift down), else appended;
    /// on update the member moves there. Beyond the end means the end.
    pub order: Option<i64>,
    #[serde(default, deserialize_with = "crate::extract::object")]
    pub social_links: Option<SocialLinksInputDto>,
    /// Blank entries are dropped; at most 30 of at most 60 characters.
    pub skills: Option<Vec<String>>,
    /// At most 100 characters.
    pub department: Option<String>,
}

impl From<TeamMemberInputDto> for TeamMemberInput {
    fn from(dto: TeamMemberInputDto) -> Self {
        Self {
            name: dto.name,
            position: dto.position,
            email: dto.email,
            bio: dto.bio,
            avatar: dto.avatar,
            status: dto.status,
            order: dto.order,
            social_links: dto.social_links.map(|links| SocialLinksInput {
                linkedin: links.linkedin,
                twitter: links.twitter,
                github: links.github,
                website: links.website,
            }),
            skills: dto.skills,
            department: dto.department,
        }
    }
}

/// Where to move a team member.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TeamMemberOrderInput)]
pub struct TeamMemberOrderInputDto {
    /// The new display position; clamped to 1..n.
    #[schema(example = 2)]
    pub new_order: Option<i64>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TeamListParams {
    /// Only members of this department (exact name).
    pub department: Option<String>,
    /// Only members with this status. Anonymous callers always get active members.
    pub status: Option<TeamMemberStatusDto>,
    /// Case-insensitive search over name, position, email and department.
    pub search: Option<String>,
    /// Page size: 1 to 100 for anonymous callers, 1 to 1000 for administrators; 10 by default.
    pub limit: Option<i64>,
    /// Page number from 1.
    pub page: Option<i64>,
}

/// List team members
///
/// One page of members, ascending by display order. Anonymous callers only ever see active members.
/// With `lang`, each member comes in that language where it has a live translation (else in
/// the default language, or, when the site hides untranslated content, not at all), with
/// `language` and `translations`.
#[utoipa::path(
    get, path = "/team", tag = "team", operation_id = "listTeamMembers",
    params(TeamListParams, LanguageParams),
    responses((status = 200, description = "One page of team members", body = TeamMemberListDto))
)]
pub async fn list_team_members<S: Store>(
    team: web::Data<Team<S, SharedClock>>,
    translations: TranslationsData<S>,
    caller: Caller,
    params: web::Query<TeamListParams>,
    lang: web::Query<LanguageParams>,
) -> Result<web::Json<TeamMemberListDto>, ApiError> {
    let params = params.into_inner();
    let read = languages::read(&translations, lang.lang.as_deref()).await?;
    let query = TeamQuery {
        status: params.status.map(TeamMemberStatus::from),
        department: params.department,
        search: params.search,
        page: params.page,
        limit: params.limit,
        ids: languages::listed(&translations, TranslationKind::TeamMember, read.as_ref()).await?,
    };
    let mut page = team.list(caller.0, query).await?;
    let (items, marks) =
        languages::lay_over(&translations, std::mem::take(&mut page.items), read.as_ref(), true).await?;
    page.items = items;
    let mut dto = TeamMemberListDto::from(page);
    dto.team_members = languages::mark(dto.team_members, marks);
    Ok(web::Json(dto))
}

/// Get a team member
///
/// An inactive member is not found for anonymous callers.
/// With `lang`, it comes in that language where it has a live translation, with `language` and
/// `translations`.
#[utoipa::path(
    get, path = "/team/{id}", tag = "team", operation_id = "getTeamMember",
    params(("id" = String, Path, description = "The member's `_id`"), LanguageParams),
    responses((status = 200, description = "The team member", body = TeamMemberDto))
)]
pub async fn get_team_member<S: Store>(
    team: web::Data<Team<S, SharedClock>>,
    translations: TranslationsData<S>,
    caller: Caller,
    id: web::Path<String>,
    lang: web::Query<LanguageParams>,
) -> Result<web::Json<TeamMemberDto>, ApiError> {
    let read = languages::read(&translations, lang.lang.as_deref()).await?;
    let (record, marks) = languages::lay_over_one(&translations, team.get(caller.0, &id).await?, read.as_ref()).await?;
    Ok(web::Json(languages::mark_one(record.into(), marks)))
}

/// Add a team member
///
/// Appended at the end, or inserted at `order` with later members shifted down.
#[utoipa::path(
    post, path = "/team", tag = "team", operation_id = "createTeamMember",
    request_body = TeamMemberInputDto,
    responses((status = 201, description = "The added member", body = TeamMemberDto))
)]
pub async fn create_team_member<S: Store>(
    team: web::Data<Team<S, SharedClock>>,
    body: JsonBody<TeamMemberInputDto>,
) -> Result<HttpResponse, ApiError> {
    let member = team.create(body.0.into()).await?;
    Ok(HttpResponse::Created().json(TeamMemberDto::from(member)))
}

/// Update a team member
///
/// Changes the fields sent; fields left out keep their values. An `order` moves the member as
/// `PATCH /team/{id}/order` does.
#[utoipa::path(
    put, path = "/team/{id}", tag = "team", operation_id = "updateTeamMember",
    params(("id" = String, Path, description = "The member's `_id`")),
    request_body = TeamMemberInputDto,
    responses((status = 200, description = "The updated member", body = TeamMemberDto))
)]
pub async fn update_team_member<S: Store>(
    team: web::Data<Team<S, SharedClock>>,
    id: web::Path<String>,
    body: JsonBody<TeamMemberInputDto>,
) -> Result<web::Json<TeamMemberDto>, ApiError> {
    let updated = team.update(&id, body.0.into()).await;
    let current =
        || async { Ok(TeamMemberDto::from(team.get(atelier_application::access::Audience::Admin, &id).await?)) };
    Ok(web::Json(crate::versions::or_current(updated, current).await?.into()))
}

/// Move a team member
///
/// Moves the member to `newOrder` (clamped to 1..n); the members in between shift by one, so the
/// orders stay exactly 1..n. Answers the moved member.
#[utoipa::path(
    patch, path = "/team/{id}/order", tag = "team", operation_id = "moveTeamMember",
    params(("id" = String, Path, description = "The member's `_id`")),
    request_body = TeamMemberOrderInputDto,
    responses((status = 200, description = "The moved member", body = TeamMemberDto))
)]
pub async fn move_team_member<S: Store>(
    team: web::Data<Team<S, SharedClock>>,
    id: web::Path<String>,
    body: JsonBody<TeamMemberOrderInputDto>,
) -> Result<web::Json<TeamMemberDto>, ApiError> {
    Ok(web::Json(team.reorder(&id, body.0.new_order).await?.into()))
}

/// Delete a team member
///
/// Later members move up one.
#[utoipa::path(
    delete, path = "/team/{id}", tag = "team", operation_id = "deleteTeamMember",
    params(("id" = String, Path, description = "The member's `_id`")),
    responses(Deleted)
)]
pub async fn delete_team_member<S: Store>(
    team: web::Data<Team<S, SharedClock>>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    team.delete(&id).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The operations of this resource, documented: nested into the API document by [`super::documents`].
#[derive(Debug, OpenApi)]
#[openapi(
    paths(list_team_members, get_team_member, create_team_member, update_team_member, move_team_member, delete_team_member),
    tags((name = "team", description = "The team, in the order the administrator arranges")),
)]
pub struct Doc;

/// The rules of the bodies and parameters this resource takes, from the domain's limits
/// ([`crate::contract`]): collected by [`super::rules`].
pub fn rules() -> Rules {
    use atelier_domain::team;

    use crate::contract::{body, creating, email, filled, given, image, list, text, url, whole};

    Rules::bodies(vec![
        creating::<TeamMemberInputDto>(
            "NewTeamMember",
            &["createTeamMember"],
            vec![
                ("name", filled(team::MAX_NAME_LEN).required()),
                ("position", filled(team::MAX_POSITION_LEN).required()),
                ("email", email().required()),
                ("bio", text(team::MAX_BIO_LEN)),
                ("avatar", image()),
                ("order", whole(1, team::MAX_ORDER)),
                ("skills", list(team::MAX_SKILLS, text(team::MAX_SKILL_LEN))),
                ("department", text(team::MAX_DEPARTMENT_LEN)),
            ],
        ),
        body::<SocialLinksInputDto>(vec![
            ("linkedin", url()),
            ("twitter", url()),
            ("github", url()),
            ("website", url()),
        ]),
        body::<TeamMemberOrderInputDto>(vec![("newOrder", given().required())]),
    ])
}

pub fn routes<P: Ports>(config: &mut crate::api::Routes, store: &P::Store, clock: &SharedClock) {
    config.app_data(web::Data::new(Team::new(store.clone(), clock.clone())));
    config
        .service(super::resource("/team").get(list_team_members::<P::Store>).post(create_team_member::<P::Store>))
        .service(
            super::resource("/team/{id}")
                .get(get_team_member::<P::Store>)
                .put(update_team_member::<P::Store>)
                .delete(delete_team_member::<P::Store>),
        )
        .service(super::resource("/team/{id}/order").patch(move_team_member::<P::Store>));
}

crate::api::languages::in_language_dto!(TeamMemberDto);
