//! `/blog/posts` (the back office) and `/blog/public/posts` (the public site): blog posts with their
//! category and tag names.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use atelier_application::blog::{BlogCatalog, PostQuery, PostView, PostWriteError};
use atelier_application::store::Store;
use atelier_domain::Page;
use atelier_domain::post::{ContentBlock, ContentInput, PostInput, PostStatus};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::caller::Caller;
use crate::error::{ApiError, ErrorBody};
use crate::extract::JsonBody;

/// Whether a post is visible on the public site.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = PostStatus)]
pub enum PostStatusDto {
    Draft,
    Published,
}

impl From<PostStatus> for PostStatusDto {
    fn from(status: PostStatus) -> Self {
        match status {
            PostStatus::Draft => Self::Draft,
            PostStatus::Published => Self::Published,
        }
    }
}

impl From<PostStatusDto> for PostStatus {
    fn from(status: PostStatusDto) -> Self {
        match status {
            PostStatusDto::Draft => Self::Draft,
            PostStatusDto::Published => Self::Published,
        }
    }
}

/// A blog post.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = BlogPost)]
pub struct PostDto {
    /// 24 lowercase hexadecimal characters.
    #[serde(rename = "_id")]
    #[schema(example = "65f1c2a9b4e8d70012345678")]
    pub id: String,
    #[schema(example = "designing-apis-people-enjoy")]
    pub slug: String,
    pub title: String,
    pub excerpt: String,
    /// Markdown.
    pub content: String,
    /// An absolute URL or a path on this site; empty when none.
    pub featured_image: String,
    /// The category's `_id`, or `null`.
    #[schema(required = true)]
    pub category: Option<String>,
    /// The category's display name (else its name); empty without a category.
    pub category_name: String,
    /// Tag `_id`s.
    pub tags: Vec<String>,
    /// The tags' names, comma-separated.
    #[schema(example = "Rust, APIs")]
    pub tag_names: String,
    pub author_name: String,
    pub status: PostStatusDto,
    pub featured: bool,
    pub views: u64,
    pub meta_title: String,
    pub meta_description: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<PostView> for PostDto {
    fn from(view: PostView) -> Self {
        let post = view.post;
        Self {
            id: post.id.to_string(),
            slug: post.slug.to_string(),
            title: post.title,
            excerpt: post.excerpt,
            content: post.content,
            featured_image: post.featured_image,
            category: post.category.map(|id| id.to_string()),
            category_name: view.category_name,
            tags: post.tags.iter().map(ToString::to_string).collect(),
            tag_names: view.tag_names.join(", "),
            author_name: post.author_name,
            status: post.status.into(),
            featured: post.featured,
            views: post.views,
            meta_title: post.meta_title,
            meta_description: post.meta_description,
            created_at: post.created_at,
            updated_at: post.updated_at,
        }
    }
}

/// One page of posts.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = BlogPostList)]
pub struct PostListDto {
    pub blogs: Vec<PostDto>,
    pub total_items: u64,
    pub total_pages: u64,
    pub current_page: u64,
}

impl From<Page<PostView>> for PostListDto {
    fn from(page: Page<PostView>) -> Self {
        Self {
            blogs: page.items.into_iter().map(PostDto::from).collect(),
            total_items: page.total_items,
            total_pages: page.total_pages,
            current_page: page.current_page,
        }
    }
}

/// A post's view count.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = BlogPostViews)]
pub struct ViewsDto {
    pub views: u64,
}

/// One block of content, as older clients send it.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(as = ContentBlock)]
pub struct ContentBlockDto {
    pub text: Option<String>,
    /// `text` (default), `heading`, `quote`, `code` or `image`.
    #[serde(rename = "type")]
    #[schema(rename = "type")]
    pub block_type: Option<String>,
    /// The image's address, for `image` blocks.
    pub url: Option<String>,
    /// The image's caption, for `image` blocks.
    pub caption: Option<String>,
}

/// Markdown text, or a list of blocks joined into markdown (separated by blank lines).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(untagged)]
#[schema(as = BlogPostContent)]
pub enum ContentInputDto {
    Markdown(String),
    Blocks(Vec<ContentBlockDto>),
}

impl From<ContentInputDto> for ContentInput {
    fn from(dto: ContentInputDto) -> Self {
        match dto {
            ContentInputDto::Markdown(text) => Self::Markdown(text),
            ContentInputDto::Blocks(blocks) => Self::Blocks(
                blocks
                    .into_iter()
                    .map(|block| ContentBlock {
                        text: block.text,
                        block_type: block.block_type,
                        url: block.url,
                        caption: block.caption,
                    })
                    .collect(),
            ),
        }
    }
}

/// The fields of a post to create or change. On creation only `title` is required; on update,
/// fields left out keep their values. Strings are trimmed.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = BlogPostInput)]
pub struct PostInputDto {
    /// Required on creation; at most 200 characters.
    pub title: Option<String>,
    /// Lowercase letters and digits separated by single hyphens. Left out or empty: generated from
    /// the title on creation (with `-2`, `-3`… when taken), kept on update. A slug another post
    /// has is a conflict.
    pub slug: Option<String>,
    /// At most 1000 characters.
    pub excerpt: Option<String>,
    #[schema(value_type = Option<ContentInputDto>)]
    pub content: Option<ContentInputDto>,
    /// An absolute http(s) URL or a path on this site (`/images/...`), or empty.
    pub featured_image: Option<String>,
    /// A category's `_id`; empty or `null` for none.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub category: Option<Option<String>>,
    /// Tag `_id`s (at most 20); duplicates are dropped.
    pub tags: Option<Vec<String>>,
    /// At most 120 characters.
    pub author_name: Option<String>,
    /// `draft` by default.
    #[schema(value_type = Option<PostStatusDto>)]
    pub status: Option<String>,
    /// `false` by default.
    pub featured: Option<bool>,
    /// At most 200 characters (the editor suggests 60).
    pub meta_title: Option<String>,
    /// At most 500 characters (the editor suggests 160).
    pub meta_description: Option<String>,
}

/// Tells a field sent as `null` (`Some(None)`) from a field left out (`None`).
fn present<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(deserializer).map(Some)
}

impl From<PostInputDto> for PostInput {
    fn from(dto: PostInputDto) -> Self {
        Self {
            title: dto.title,
            slug: dto.slug,
            excerpt: dto.excerpt,
            content: dto.content.map(ContentInput::from),
            featured_image: dto.featured_image,
            category: dto.category.map(Option::unwrap_or_default),
            tags: dto.tags,
            author_name: dto.author_name,
            status: dto.status,
            featured: dto.featured,
            meta_title: dto.meta_title,
            meta_description: dto.meta_description,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PostListParams {
    /// Page number from 1.
    pub page: Option<i64>,
    /// Page size: 1 to 1000 for administrators, 10 by default.
    pub limit: Option<i64>,
    /// Comma-separated category `_id`s or slugs; a post in any of them matches. `all` for every
    /// category.
    pub category: Option<String>,
    /// Only posts with this status. Anonymous callers always get published posts.
    pub status: Option<PostStatusDto>,
    /// Matches title, excerpt and author name, ignoring case.
    pub search: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PublicPostListParams {
    /// Page number from 1.
    pub page: Option<i64>,
    /// Page size: 1 to 100, 12 by default.
    pub limit: Option<i64>,
    /// Comma-separated category `_id`s or slugs; a post in any of them matches. `all` for every
    /// category.
    pub category: Option<String>,
    /// Matches title, excerpt and author name, ignoring case.
    pub search: Option<String>,
    /// Accepted and ignored: this list only ever holds published posts.
    pub status: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FeaturedPostParams {
    /// How many posts: 1 to 100, 3 by default.
    pub limit: Option<i64>,
}

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
        (status = 400, description = "Unparseable query", body = ErrorBody),
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
        (status = 400, description = "Unparseable query", body = ErrorBody),
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
        (status = 400, description = "Unparseable query", body = ErrorBody),
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
        (status = 400, description = "Unparseable body", body = ErrorBody),
        (status = 409, description = "Another post has this slug", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Body is not JSON", body = ErrorBody),
        (status = 422, description = "Invalid fields, or an unknown category or tag", body = ErrorBody),
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
        (status = 400, description = "Unparseable body", body = ErrorBody),
        (status = 404, description = "No such post", body = ErrorBody),
        (status = 409, description = "Another post has this slug", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Body is not JSON", body = ErrorBody),
        (status = 422, description = "Invalid fields, or an unknown category or tag", body = ErrorBody),
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
        (status = 204, description = "Deleted"),
        (status = 404, description = "No such post", body = ErrorBody),
    )
)]
pub async fn delete_post<S: Store>(
    blog: web::Data<BlogCatalog<S>>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    blog.delete(&id).await?;
    Ok(HttpResponse::NoContent().finish())
}

pub fn routes<S: Store>(config: &mut web::ServiceConfig) {
    config
        .service(
            web::resource("/blog/public/posts")
                .get(list_public_posts::<S>)
                .default_service(web::to(super::method_not_allowed)),
        )
        .service(
            web::resource("/blog/public/posts/featured")
                .get(list_featured_posts::<S>)
                .default_service(web::to(super::method_not_allowed)),
        )
        .service(
            web::resource("/blog/public/posts/slug/{slug}")
                .get(get_public_post_by_slug::<S>)
                .default_service(web::to(super::method_not_allowed)),
        )
        .service(
            web::resource("/blog/public/posts/slug/{slug}/view")
                .post(record_view::<S>)
                .default_service(web::to(super::method_not_allowed)),
        )
        .service(
            web::resource("/blog/posts")
                .get(list_posts::<S>)
                .post(create_post::<S>)
                .default_service(web::to(super::method_not_allowed)),
        )
        .service(
            web::resource("/blog/posts/{id}")
                .get(get_post::<S>)
                .put(update_post::<S>)
                .delete(delete_post::<S>)
                .default_service(web::to(super::method_not_allowed)),
        );
}
