//! `/markdown/preview`: markdown rendered by the site's one renderer ([`crate::markdown`]), for the
//! back office's live preview, so that what an editor sees while typing is what visitors will see.

use actix_web::web;
use atelier_application::ports::SharedClock;
use atelier_domain::post;
use atelier_domain::validation::optional_text;
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::contract::Rules;
use crate::error::ApiError;
use crate::extract::JsonBody;
use crate::markdown;
use crate::ports::Ports;

/// The markdown to render.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(as = MarkdownPreviewInput)]
pub struct MarkdownPreviewInputDto {
    /// Markdown, at most as long as a post's content (200 000 characters); missing is empty.
    pub markdown: Option<String>,
    /// Render one line (a title, a list item) without the paragraph around it.
    pub inline: Option<bool>,
}

/// Markdown as the site shows it.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = MarkdownPreview)]
pub struct MarkdownPreviewDto {
    /// Sanitised HTML, exactly as the site's pages and the records' `contentHtml` carry it.
    pub html: String,
}

/// Render markdown
///
/// The HTML the site shows for `markdown`: the same renderer and sanitising as the pages, the feed
/// and the records' `contentHtml`. For the back office's live preview; a text already rendered
/// answers from memory.
#[utoipa::path(
    post, path = "/markdown/preview", tag = "markdown", operation_id = "previewMarkdown",
    request_body = MarkdownPreviewInputDto,
    responses((status = 200, description = "The rendering", body = MarkdownPreviewDto))
)]
pub async fn preview_markdown(
    body: JsonBody<MarkdownPreviewInputDto>,
) -> Result<web::Json<MarkdownPreviewDto>, ApiError> {
    let input = body.0;
    let source = input.markdown.unwrap_or_default();
    // Checked as sent, untrimmed: leading spaces are markdown (an indented code block).
    optional_text(Some(&source), "Markdown", post::MAX_CONTENT_LEN)
        .map_err(|message| ApiError::invalid_field("markdown", message))?;
    let inline = input.inline.unwrap_or(false);
    // Rendering a long text takes a while: off the request's thread.
    let html = web::block(move || if inline { markdown::render_inline(&source) } else { markdown::render(&source) })
        .await
        .map_err(|error| ApiError::Unexpected(anyhow::anyhow!("markdown rendering stopped: {error}")))?;
    Ok(web::Json(MarkdownPreviewDto { html }))
}

/// The operations of this resource, documented: nested into the API document by [`super::documents`].
#[derive(Debug, OpenApi)]
#[openapi(
    paths(preview_markdown),
    tags((name = "markdown", description = "The site's markdown as HTML, for the back office's previews")),
)]
pub struct Doc;

/// The rules of the bodies and parameters this resource takes, from the domain's limits
/// ([`crate::contract`]): collected by [`super::rules`].
pub fn rules() -> Rules {
    use atelier_domain::post;

    use crate::contract::{body, text};

    Rules::bodies(vec![body::<MarkdownPreviewInputDto>(vec![("markdown", text(post::MAX_CONTENT_LEN))])])
}

pub fn routes<P: Ports>(config: &mut crate::api::Routes, _store: &P::Store, _clock: &SharedClock) {
    config.service(super::resource("/markdown/preview").post(preview_markdown));
}
