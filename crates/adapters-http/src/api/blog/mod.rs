//! `/blog/posts` (the back office) and `/blog/public/posts` (the public site): blog posts with their
//! category and tag names.

mod dto;
mod review;
mod revisions;

use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use atelier_application::blog::languages::ReadLanguage;
use atelier_application::blog::{BlogCatalog, PostOrders, PostQuery, PostView, PostWriteError};
use atelier_application::freshness::ContentGeneration;
use atelier_application::media::LibraryImages;
use atelier_application::ports::SharedClock;
use atelier_application::store::Store;
use atelier_application::translations::KeptLanguages;
use atelier_application::visitors::Visitors;
use atelier_domain::Page;
use atelier_domain::post::PostStatus;
use atelier_domain::user::Role;
use utoipa::OpenApi;

use crate::api::media::images_of;
use crate::api::translations::LanguageParams;
use crate::cache::ResponseCache;
use crate::caller::{Caller, SignedIn};
use crate::contract::Rules;
use crate::error::ApiError;
use crate::extract::JsonBody;
use crate::hosts::HostPolicy;
use crate::ports::Ports;
use crate::responses::{Conflict, Deleted};

pub use self::dto::{
    ContentBlockDto, ContentInputDto, FeaturedPostParams, PostDto, PostInputDto, PostLanguageDto, PostListDto,
    PostListParams, PostStatusDto, PublicPostListParams, ViewsDto,
};
pub use self::review::{ReviewDecisionDto, ReviewDto, SubmissionDto};

impl From<PostWriteError> for ApiError {
    fn from(error: PostWriteError) -> Self {
        match error {
            PostWriteError::NotFound => Self::not_found("Post not found"),
            PostWriteError::Invalid(errors) => Self::invalid(&errors),
            error @ PostWriteError::DuplicateSlug => Self::client(StatusCode::CONFLICT, error.to_string()),
            PostWriteError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

/// The posts' DTOs, each with the library images it shows.
async fn dtos<S: Store>(images: &LibraryImages<S>, views: Vec<PostView>) -> Result<Vec<PostDto>, ApiError> {
    let texts: Vec<Vec<&str>> =
        views.iter().map(|view| vec![view.post.featured_image.as_str(), view.post.content.as_str()]).collect();
    let shown = images_of(images, &texts).await?;
    Ok(views.into_iter().zip(shown).map(|(view, images)| PostDto::new(view, images)).collect())
}

pub(crate) async fn dto<S: Store>(images: &LibraryImages<S>, view: PostView) -> Result<PostDto, ApiError> {
    Ok(dtos(images, vec![view]).await?.remove(0))
}

pub(crate) async fn list_dto<S: Store>(
    images: &LibraryImages<S>,
    mut page: Page<PostView>,
) -> Result<PostListDto, ApiError> {
    let views = std::mem::take(&mut page.items);
    Ok(PostListDto::new(&page, dtos(images, views).await?))
}

/// List published posts
///
/// Published posts, newest first, one page of them (12 by default) as `{blogs, totalItems,
/// totalPages, currentPage}`. Drafts are never listed here, whatever the query says. With `lang`,
/// each post comes in that language where it has a live translation (else in the default language,
/// or, when the site hides untranslated content, not at all), with `language` and `translations`.
#[utoipa::path(
    get, path = "/blog/public/posts", tag = "blog", operation_id = "listPublishedBlogPosts",
    params(PublicPostListParams),
    responses((status = 200, description = "One page of published posts", body = PostListDto))
)]
pub async fn list_public_posts<S: Store>(
    request: HttpRequest,
    blog: web::Data<BlogCatalog<S, SharedClock>>,
    images: web::Data<LibraryImages<S>>,
    params: web::Query<PublicPostListParams>,
) -> Result<web::Json<PostListDto>, ApiError> {
    let params = params.into_inner();
    let read = read_language(&request, &blog, params.lang.as_deref()).await?;
    let query = PostQuery {
        status: None,
        category: params.category,
        search: params.search,
        page: params.page,
        limit: params.limit,
        translation: None,
    };
    if let Some(read) = read.as_ref().filter(|read| !read.is_default()) {
        let mut page = blog.list_public_in_language(query, read).await?;
        let items = std::mem::take(&mut page.items);
        let (views, languages): (Vec<PostView>, Vec<_>) =
            items.into_iter().map(|item| (item.view, (item.language, item.translations))).unzip();
        let mut list = list_dto(&images, page.map(views)).await?;
        list.blogs = list
            .blogs
            .into_iter()
            .zip(languages)
            .map(|(post, (language, translations))| post.in_language(&language, translations))
            .collect();
        return Ok(web::Json(list));
    }
    // A page is cut from the list's posts in order, kept per content generation.
    let page = match (request.app_data::<web::Data<ContentGeneration>>(), request.app_data::<web::Data<PostOrders>>()) {
        (Some(generation), Some(orders)) => blog.list_public_in(query, generation, orders).await?,
        _ => blog.list_public(query).await?,
    };
    let mut list = list_dto(&images, page).await?;
    if let Some(read) = read {
        let default = read.languages.default_language().tag.clone();
        list.blogs = list.blogs.into_iter().map(|post| post.in_language(&default, None)).collect();
    }
    Ok(web::Json(list))
}

/// The language a public read's `lang` names: `None` without one (no language is read at all); a
/// 400 for a tag that is not one of the site's languages.
/// The site's languages come from the copy kept for the content generation when the server
/// shares one (no settings query while the generation holds).
async fn read_language<S: Store>(
    request: &HttpRequest,
    blog: &BlogCatalog<S, SharedClock>,
    lang: Option<&str>,
) -> Result<Option<ReadLanguage>, ApiError> {
    let kept = (request.app_data::<web::Data<ContentGeneration>>(), request.app_data::<web::Data<KeptLanguages>>());
    let read = match kept {
        (Some(generation), Some(kept)) => blog.read_language_kept(lang, generation, kept).await?,
        _ => blog.read_language(lang).await?,
    };
    read.map_err(ApiError::bad_request)
}

/// Featured posts
///
/// Published featured posts, newest first, filled up with the newest other published posts when
/// fewer than `limit` (3 by default) are featured. With `lang`, each in that language where it has a
/// live translation, with `language` and `translations`.
#[utoipa::path(
    get, path = "/blog/public/posts/featured", tag = "blog", operation_id = "listFeaturedBlogPosts",
    params(FeaturedPostParams),
    responses((status = 200, description = "The featured posts", body = [PostDto]))
)]
pub async fn list_featured_posts<S: Store>(
    request: HttpRequest,
    blog: web::Data<BlogCatalog<S, SharedClock>>,
    images: web::Data<LibraryImages<S>>,
    params: web::Query<FeaturedPostParams>,
) -> Result<web::Json<Vec<PostDto>>, ApiError> {
    let params = params.into_inner();
    let Some(read) = read_language(&request, &blog, params.lang.as_deref()).await? else {
        let posts = blog.featured(params.limit).await?;
        return Ok(web::Json(dtos(&images, posts).await?));
    };
    let items = blog.featured_in_language(params.limit, &read).await?;
    let (views, languages): (Vec<PostView>, Vec<_>) =
        items.into_iter().map(|item| (item.view, (item.language, item.translations))).unzip();
    let posts = dtos(&images, views).await?;
    Ok(web::Json(
        posts
            .into_iter()
            .zip(languages)
            .map(|(post, (language, translations))| post.in_language(&language, translations))
            .collect(),
    ))
}

/// Get a published post by slug
///
/// A draft or unknown slug is not found. With `lang`, the slug is the post's address in that
/// language (its translated slug, or its default slug when it has none there) and the post comes in
/// that language where it has a live translation.
#[utoipa::path(
    get, path = "/blog/public/posts/slug/{slug}", tag = "blog", operation_id = "getPublishedBlogPostBySlug",
    params(("slug" = String, Path, description = "The post's slug"), LanguageParams),
    responses((status = 200, description = "The post", body = PostDto))
)]
pub async fn get_public_post_by_slug<S: Store>(
    request: HttpRequest,
    blog: web::Data<BlogCatalog<S, SharedClock>>,
    images: web::Data<LibraryImages<S>>,
    slug: web::Path<String>,
    params: web::Query<LanguageParams>,
) -> Result<web::Json<PostDto>, ApiError> {
    let Some(read) = read_language(&request, &blog, params.lang.as_deref()).await? else {
        let post = blog.get_by_slug(atelier_application::Audience::Public, &slug).await?;
        return Ok(web::Json(dto(&images, post).await?));
    };
    let post = blog.get_by_slug_in_language(&slug, &read).await?;
    Ok(web::Json(dto(&images, post.view).await?.in_language(&post.language, post.translations)))
}

/// Count a view
///
/// Adds one to a published post's view count, at most once per visitor and hour, and answers the
/// count. A visitor is known without a cookie, by a hash of their address and browser under a
/// secret salt that changes every day. The post read by its slug shows the new count at once; lists
/// of posts show it within seconds. With `lang`, the slug is the post's address in that language
/// (its translated slug, or its default slug), and the view counts for the same post.
#[utoipa::path(
    post, path = "/blog/public/posts/slug/{slug}/view", tag = "blog", operation_id = "recordBlogPostView",
    params(("slug" = String, Path, description = "The post's slug"), LanguageParams),
    responses((status = 200, description = "The post's new view count", body = ViewsDto))
)]
pub async fn record_view<S: Store>(
    blog: web::Data<BlogCatalog<S, SharedClock>>,
    visitors: web::Data<Visitors<S, SharedClock>>,
    cache: web::Data<ResponseCache>,
    request: HttpRequest,
    slug: web::Path<String>,
    params: web::Query<LanguageParams>,
) -> Result<web::Json<ViewsDto>, ApiError> {
    let read = read_language(&request, &blog, params.lang.as_deref()).await?;
    let address = crate::proxies::client_ip(&request).map(|address| address.to_string()).unwrap_or_default();
    let user_agent = request.headers().get(header::USER_AGENT).and_then(|agent| agent.to_str().ok()).unwrap_or("");
    let visitor = visitors.identify(&address, user_agent).await?;
    let views = match &read {
        Some(read) => blog.record_view_in_language(&slug, read, &visitor).await?,
        None => blog.record_view(&slug, &visitor).await?,
    };
    // A count does not start a new content generation (views may lag): only the post's own stored
    // answer goes (the one read in the view's language too), so the visitor who counted it sees it.
    if let Some(post) = request.path().strip_suffix("/view")
        && let Some(hosts) = request.app_data::<web::Data<HostPolicy>>()
    {
        let address = hosts.address(&request);
        cache.forget(&crate::cache::read_key(&address, post, "", &[]));
        if read.is_some() {
            cache.forget(&crate::cache::read_key(&address, post, request.query_string(), &["lang".to_owned()]));
        }
    }
    Ok(web::Json(ViewsDto { views }))
}

/// List posts
///
/// Posts of every status (or one), newest first, one page of them (10 by default) as `{blogs,
/// totalItems, totalPages, currentPage}`. Anonymous callers only ever see published posts. With
/// `missingIn` or `outdatedIn`, only the posts whose translation in that language is missing or
/// outdated (docs/languages.md).
#[utoipa::path(
    get, path = "/blog/posts", tag = "blog", operation_id = "listBlogPosts",
    params(PostListParams),
    responses((status = 200, description = "One page of posts", body = PostListDto))
)]
pub async fn list_posts<S: Store>(
    request: HttpRequest,
    blog: web::Data<BlogCatalog<S, SharedClock>>,
    images: web::Data<LibraryImages<S>>,
    caller: Caller,
    params: web::Query<PostListParams>,
) -> Result<web::Json<PostListDto>, ApiError> {
    let params = params.into_inner();
    let translation = blog
        .translation_filter(params.missing_in.as_deref(), params.outdated_in.as_deref())
        .await?
        .map_err(ApiError::bad_request)?;
    let query = PostQuery {
        status: params.status.map(PostStatus::from),
        category: params.category,
        search: params.search,
        page: params.page,
        limit: params.limit,
        translation,
    };
    // A page is cut from the list's posts in order, kept per content generation (every write
    // through this instance moves it before its answer leaves).
    let page = match (request.app_data::<web::Data<ContentGeneration>>(), request.app_data::<web::Data<PostOrders>>()) {
        (Some(generation), Some(orders)) => blog.list_in(caller.0, query, generation, orders).await?,
        _ => blog.list(caller.0, query).await?,
    };
    Ok(web::Json(list_dto(&images, page).await?))
}

/// Get a post
///
/// A draft is not found for anonymous callers.
#[utoipa::path(
    get, path = "/blog/posts/{id}", tag = "blog", operation_id = "getBlogPost",
    params(("id" = String, Path, description = "The post's `_id`")),
    responses((status = 200, description = "The post", body = PostDto))
)]
pub async fn get_post<S: Store>(
    blog: web::Data<BlogCatalog<S, SharedClock>>,
    images: web::Data<LibraryImages<S>>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<web::Json<PostDto>, ApiError> {
    Ok(web::Json(dto(&images, blog.get(caller.0, &id).await?).await?))
}

/// Create a post
///
/// The category and every tag must exist. Without a slug one is generated from the title. A
/// Contributor's post is a draft: asking for `published` or a publish date answers 403.
#[utoipa::path(
    post, path = "/blog/posts", tag = "blog", operation_id = "createBlogPost",
    request_body = PostInputDto,
    responses(
        (status = 201, description = "The created post", body = PostDto),
        Conflict,
    )
)]
pub async fn create_post<S: Store>(
    blog: web::Data<BlogCatalog<S, SharedClock>>,
    images: web::Data<LibraryImages<S>>,
    signed_in: SignedIn,
    body: JsonBody<PostInputDto>,
) -> Result<HttpResponse, ApiError> {
    may_publish(&signed_in, &body.0)?;
    let post = blog.create(body.0.into()).await?;
    Ok(HttpResponse::Created().json(dto(&images, post).await?))
}

/// Update a post
///
/// Changes the fields sent; fields left out keep their values. The version replaced is kept as a
/// revision (see `listBlogPostRevisions`). A Contributor's post stays a draft: asking for
/// `published` or a publish date answers 403.
#[utoipa::path(
    put, path = "/blog/posts/{id}", tag = "blog", operation_id = "updateBlogPost",
    params(("id" = String, Path, description = "The post's `_id`")),
    request_body = PostInputDto,
    responses(
        (status = 200, description = "The updated post", body = PostDto),
        Conflict,
    )
)]
pub async fn update_post<S: Store>(
    blog: web::Data<BlogCatalog<S, SharedClock>>,
    images: web::Data<LibraryImages<S>>,
    signed_in: SignedIn,
    id: web::Path<String>,
    body: JsonBody<PostInputDto>,
) -> Result<web::Json<PostDto>, ApiError> {
    may_publish(&signed_in, &body.0)?;
    let updated = blog.update(&id, body.0.into(), &signed_in.author()).await;
    let current = || async { dto(&images, blog.get(atelier_application::access::Audience::Admin, &id).await?).await };
    Ok(web::Json(dto(&images, crate::versions::or_current(updated, current).await?).await?))
}

/// Refuses a Contributor a post that asks to be published: its status `published`, or a publish date.
fn may_publish(signed_in: &SignedIn, input: &PostInputDto) -> Result<(), ApiError> {
    let published =
        input.status.as_deref().is_some_and(|status| PostStatus::parse(status) == Ok(PostStatus::Published));
    let dated = input.publish_at.as_ref().is_some_and(|at| at.as_deref().is_some_and(|at| !at.trim().is_empty()));
    if signed_in.0.role() == Role::Contributor && (published || dated) {
        return Err(ApiError::client(StatusCode::FORBIDDEN, crate::access::PUBLISH_REFUSED));
    }
    Ok(())
}

/// Delete a post
///
/// Removes the post and its tag links for good; its slug becomes free again.
#[utoipa::path(
    delete, path = "/blog/posts/{id}", tag = "blog", operation_id = "deleteBlogPost",
    params(("id" = String, Path, description = "The post's `_id`")),
    responses(Deleted)
)]
pub async fn delete_post<S: Store>(
    blog: web::Data<BlogCatalog<S, SharedClock>>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    blog.delete(&id).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The operations of this resource, documented: nested into the API document by [`super::documents`].
#[derive(Debug, OpenApi)]
#[openapi(
    paths(
        list_public_posts, list_featured_posts, get_public_post_by_slug, record_view, list_posts, get_post, create_post,
        update_post, delete_post, review::submit, review::review, revisions::list_revisions, revisions::get_revision,
        revisions::restore_revision,
    ),
    tags((name = "blog", description = "Blog posts: the public site's published posts and the back office's editing")),
)]
pub struct Doc;

/// The rules of the bodies and parameters this resource takes, from the domain's limits
/// ([`crate::contract`]): collected by [`super::rules`].
pub fn rules() -> Rules {
    use atelier_domain::{post, post_review};

    use crate::contract::{
        body, creating, filled, given, image, list, optional_date_time, optional_id, optional_slug, text,
    };

    Rules::bodies(vec![
        creating::<PostInputDto>(
            "NewBlogPost",
            &["createBlogPost"],
            vec![
                ("title", filled(post::MAX_TITLE_LEN).required()),
                ("slug", optional_slug()),
                ("excerpt", text(post::MAX_EXCERPT_LEN)),
                ("authorName", text(post::MAX_AUTHOR_NAME_LEN)),
                ("metaTitle", text(post::MAX_META_TITLE_LEN)),
                ("metaDescription", text(post::MAX_META_DESCRIPTION_LEN)),
                ("featuredImage", image()),
                ("category", optional_id()),
                ("tags", list(post::MAX_TAGS, optional_id())),
                ("publishAt", optional_date_time()),
            ],
        ),
        body::<ReviewDto>(vec![("decision", given().required()), ("note", text(post_review::MAX_NOTE_LEN))]),
    ])
}

pub fn routes<P: Ports>(config: &mut crate::api::Routes, store: &P::Store, clock: &SharedClock) {
    // The blog's use cases are the server's, shared by every worker (they keep the categories' names
    // per content generation): `server::serve`.
    config.app_data(web::Data::new(Visitors::new(store.clone(), clock.clone())));
    config
        .service(super::resource("/blog/public/posts").get(list_public_posts::<P::Store>))
        .service(super::resource("/blog/public/posts/featured").get(list_featured_posts::<P::Store>))
        .service(super::resource("/blog/public/posts/slug/{slug}").get(get_public_post_by_slug::<P::Store>))
        .service(super::resource("/blog/public/posts/slug/{slug}/view").post(record_view::<P::Store>))
        .service(super::resource("/blog/posts").get(list_posts::<P::Store>).post(create_post::<P::Store>))
        .service(
            super::resource("/blog/posts/{id}")
                .get(get_post::<P::Store>)
                .put(update_post::<P::Store>)
                .delete(delete_post::<P::Store>),
        );
    config
        .service(super::resource("/blog/posts/{id}/submission").post(review::submit::<P::Store>))
        .service(super::resource("/blog/posts/{id}/review").post(review::review::<P::Store>));
    revisions::revision_routes::<P::Store>(config);
}
