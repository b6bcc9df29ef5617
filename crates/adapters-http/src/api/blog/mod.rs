//! `/blog/posts` (the back office) and `/blog/public/posts` (the public site): blog posts with their
//! category and tag names.

mod dto;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use atelier_application::blog::{BlogCatalog, PostQuery, PostWriteError};
use atelier_application::store::Store;
use atelier_domain::post::PostStatus;
use utoipa::OpenApi;

use crate::caller::Caller;
use crate::error::{ApiError, ErrorBody};
use crate::extract::JsonBody;
use crate::ports::Ports;
use crate::responses::{BodyErrors, Deleted, QueryErrors};

pub use self::dto::{
    ContentBlockDto, ContentInputDto, FeaturedPostParams, PostDto, PostInputDto, PostListDto, PostListParams,
    PostStatusDto, PublicPostListParams, ViewsDto,
};

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

/// List published posts
///
/// Published posts, newest first, one page of them (12 by default) as `{blogs, totalItems,
/// totalPages, currentPage}`. Drafts are never listed here, whatever the query says.
#[utoipa::path(
    get, path = "/blog/public/posts", tag = "blog", operation_id = "listPublishedBlogPosts",
    params(PublicPostListParams),
    responses(
        (status = 200, description = "One page of published posts", body = PostListDto),
        QueryErrors,
    )
)]
pub async fn list_public_posts<S: Store>(
    blog: web::Data<BlogCatalog<S>>,
    params: web::Query<PublicPostListParams>,
) -> Result<web::Json<PostListDto>, ApiError> {
    let params = params.into_inner();
    let query = PostQuery {
        status: None,
        category: params.category,
        search: params.search,
        page: params.page,
        limit: params.limit,
    };
    Ok(web::Json(blog.list_public(query).await?.into()))
}

/// Featured posts
///
/// Published featured posts, newest first, filled up with the newest other published posts when
/// fewer than `limit` (3 by default) are featured.
#[utoipa::path(
    get, path = "/blog/public/posts/featured", tag = "blog", operation_id = "listFeaturedBlogPosts",
    params(FeaturedPostParams),
    responses(
        (status = 200, description = "The featured posts", body = [PostDto]),
        QueryErrors,
    )
)]
pub async fn list_featured_posts<S: Store>(
    blog: web::Data<BlogCatalog<S>>,
    params: web::Query<FeaturedPostParams>,
) -> Result<web::Json<Vec<PostDto>>, ApiError> {
    let posts = blog.featured(params.into_inner().limit).await?;
    Ok(web::Json(posts.into_iter().map(PostDto::from).collect()))
}

/// Get a published post by slug
///
/// A draft or unknown slug is not found.
#[utoipa::path(
    get, path = "/blog/public/posts/slug/{slug}", tag = "blog", operation_id = "getPublishedBlogPostBySlug",
    params(("slug" = String, Path, description = "The post's slug")),
    responses(
        (status = 200, description = "The post", body = PostDto),
        (status = 404, description = "No published post has this slug", body = ErrorBody),
    )
)]
pub async fn get_public_post_by_slug<S: Store>(
    blog: web::Data<BlogCatalog<S>>,
    slug: web::Path<String>,
) -> Result<web::Json<PostDto>, ApiError> {
    Ok(web::Json(blog.get_by_slug(atelier_application::Audience::Public, &slug).await?.into()))
}

/// Count a view
///
/// Adds one to a published post's view count and answers the new count.
#[utoipa::path(
    post, path = "/blog/public/posts/slug/{slug}/view", tag = "blog", operation_id = "recordBlogPostView",
    params(("slug" = String, Path, description = "The post's slug")),
    responses(
        (status = 200, description = "The post's new view count", body = ViewsDto),
        (status = 404, description = "No published post has this slug", body = ErrorBody),
    )
)]
pub async fn record_view<S: Store>(
    blog: web::Data<BlogCatalog<S>>,
    slug: web::Path<String>,
) -> Result<web::Json<ViewsDto>, ApiError> {
    Ok(web::Json(ViewsDto { views: blog.record_view(&slug).await? }))
}

/// List posts
///
/// Posts of every status (or one), newest first, one page of them (10 by default) as `{blogs,
/// totalItems, totalPages, currentPage}`. Anonymous callers only ever see published posts.
#[utoipa::path(
    get, path = "/blog/posts", tag = "blog", operation_id = "listBlogPosts",
    params(PostListParams),
    responses(
        (status = 200, description = "One page of posts", body = PostListDto),
        QueryErrors,
    )
)]
pub async fn list_posts<S: Store>(
    blog: web::Data<BlogCatalog<S>>,
    caller: Caller,
    params: web::Query<PostListParams>,
) -> Result<web::Json<PostListDto>, ApiError> {
    let params = params.into_inner();
    let query = PostQuery {
        status: params.status.map(PostStatus::from),
        category: params.category,
        search: params.search,
        page: params.page,
        limit: params.limit,
    };
    Ok(web::Json(blog.list(caller.0, query).await?.into()))
}

/// Get a post
///
/// A draft is not found for anonymous callers.
#[utoipa::path(
    get, path = "/blog/posts/{id}", tag = "blog", operation_id = "getBlogPost",
    params(("id" = String, Path, description = "The post's `_id`")),
    responses(
        (status = 200, description = "The post", body = PostDto),
        (status = 404, description = "No such post, or a malformed id", body = ErrorBody),
    )
)]
pub async fn get_post<S: Store>(
    blog: web::Data<BlogCatalog<S>>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<web::Json<PostDto>, ApiError> {
    Ok(web::Json(blog.get(caller.0, &id).await?.into()))
}

/// Create a post
///
/// The category and every tag must exist. Without a slug one is generated from the title.
#[utoipa::path(
    post, path = "/blog/posts", tag = "blog", operation_id = "createBlogPost",
    request_body = PostInputDto,
    responses(
        (status = 201, description = "The created post", body = PostDto),
        (status = 409, description = "Another post has this slug", body = ErrorBody),
        (status = 422, description = "Invalid fields, or an unknown category or tag", body = ErrorBody),
        BodyErrors,
    )
)]
pub async fn create_post<S: Store>(
    blog: web::Data<BlogCatalog<S>>,
    body: JsonBody<PostInputDto>,
) -> Result<HttpResponse, ApiError> {
    let post = blog.create(body.0.into()).await?;
    Ok(HttpResponse::Created().json(PostDto::from(post)))
}

/// Update a post
///
/// Changes the fields sent; fields left out keep their values.
#[utoipa::path(
    put, path = "/blog/posts/{id}", tag = "blog", operation_id = "updateBlogPost",
    params(("id" = String, Path, description = "The post's `_id`")),
    request_body = PostInputDto,
    responses(
        (status = 200, description = "The updated post", body = PostDto),
        (status = 404, description = "No such post", body = ErrorBody),
        (status = 409, description = "Another post has this slug", body = ErrorBody),
        (status = 422, description = "Invalid fields, or an unknown category or tag", body = ErrorBody),
        BodyErrors,
    )
)]
pub async fn update_post<S: Store>(
    blog: web::Data<BlogCatalog<S>>,
    id: web::Path<String>,
    body: JsonBody<PostInputDto>,
) -> Result<web::Json<PostDto>, ApiError> {
    Ok(web::Json(blog.update(&id, body.0.into()).await?.into()))
}

/// Delete a post
///
/// Removes the post and its tag links for good; its slug becomes free again.
#[utoipa::path(
    delete, path = "/blog/posts/{id}", tag = "blog", operation_id = "deleteBlogPost",
    params(("id" = String, Path, description = "The post's `_id`")),
    responses(
        (status = 404, description = "No such post", body = ErrorBody),
        Deleted,
    )
)]
pub async fn delete_post<S: Store>(
    blog: web::Data<BlogCatalog<S>>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    blog.delete(&id).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The operations of this resource, documented: nested into the API document by [`super::documents`].
#[derive(Debug, OpenApi)]
#[openapi(
    paths(list_public_posts, list_featured_posts, get_public_post_by_slug, record_view, list_posts, get_post, create_post, update_post, delete_post),
    tags((name = "blog", description = "Blog posts: the public site's published posts and the back office's editing")),
)]
pub struct Doc;

pub fn routes<P: Ports>(config: &mut web::ServiceConfig, store: &P::Store) {
    config.app_data(web::Data::new(BlogCatalog::new(store.clone())));
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
}
