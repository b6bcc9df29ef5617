//! The blog's posts as a page in one of the site's languages reads them: the answer of
//! `GET /blog/public/posts?lang=…`.

use atelier_application::blog::languages::ReadLanguage;
use atelier_application::blog::{BlogCatalog, PostQuery, PostView};
use atelier_application::media::LibraryImages;
use atelier_application::ports::SharedClock;
use atelier_application::store::Store;

use crate::api::blog::PostListDto;

/// A page of the public posts as `GET /blog/public/posts` answers `query`: in the default language
/// without `read`; else in `read`'s language (each post with its live translation there, the
/// untranslated ones in the default language or, when the site hides them, left out), as with
/// `?lang=`. The posts, the language each is in (`None` without `read`), how many there are in
/// all, and the answer.
pub(super) async fn posts_in<S: Store>(
    store: &S,
    clock: &SharedClock,
    images: &LibraryImages<S>,
    query: PostQuery,
    read: Option<&ReadLanguage>,
) -> anyhow::Result<(Vec<PostView>, Vec<Option<String>>, u64, PostListDto)> {
    let blog = BlogCatalog::new(store.clone(), clock.clone());
    let unmade = |error| anyhow::anyhow!("the blog's answer could not be made: {error}");
    let Some(read) = read else {
        let page = blog.list_public(query).await?;
        let posts = page.items.clone();
        let total = page.total_items;
        let languages = vec![None; posts.len()];
        return Ok((posts, languages, total, crate::api::blog::list_dto(images, page).await.map_err(unmade)?));
    };
    let mut page = blog.list_public_in_language(query, read).await?;
    let items = std::mem::take(&mut page.items);
    let (posts, languages): (Vec<PostView>, Vec<_>) =
        items.into_iter().map(|item| (item.view, (item.language, item.translations))).unzip();
    let total = page.total_items;
    let shown_in = languages.iter().map(|(language, _)| Some(language.to_string())).collect();
    let mut answer = crate::api::blog::list_dto(images, page.map(posts.clone())).await.map_err(unmade)?;
    answer.blogs = answer
        .blogs
        .into_iter()
        .zip(languages)
        .map(|(post, (language, translations))| post.in_language(&language, translations))
        .collect();
    Ok((posts, shown_in, total, answer))
}
