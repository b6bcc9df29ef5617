//! A page in the site's languages (docs/languages.md, The public site): where the page is in each
//! language (its `hreflang` alternates), the key of a post's embedded answer in the page's language,
//! and the notice of a post shown in the default language on another language's page.

use std::fmt::Write as _;

use atelier_application::blog::PostView;
use atelier_application::blog::languages::ReadLanguage;
use atelier_application::store::Store;
use atelier_domain::language::{LanguageTag, Languages};
use atelier_domain::slug::Slug;
use serde_json::{Value, json};

use super::address::Address;
use super::head::{Localized, Subject, escape};
use super::words::Words;
use super::{SitePages, content};

/// The language a post's text is in, and where it can be read (each language's slug, the default
/// first; `None` on a site in one language).
pub(super) type PostLanguage = (LanguageTag, Option<Vec<(LanguageTag, Slug)>>);

/// How a post's page shows it: in the page's language (`read`, `None` for the default's), the
/// language its text is in and where it can be read, and whether it falls back to the default
/// language.
pub(super) struct PostShown<'a> {
    pub(super) read: Option<&'a ReadLanguage>,
    pub(super) language: Option<PostLanguage>,
    pub(super) fallback: bool,
}

impl<S: Store> SitePages<S> {
    /// A post's page is its whole article: the byline's facts, its text (as the API renders it,
    /// after the fallback notice when it has one) and its tags; and the API's answer, under the
    /// key the page's script asks with (on a language's page, the answer of `?lang=`, with the
    /// language its text is in).
    ///
    /// # Errors
    /// Only infrastructure faults.
    pub(super) async fn post_article(
        &self,
        view: &PostView,
        address: &Address,
        shown: PostShown<'_>,
        words: &Words,
    ) -> anyhow::Result<(content::PostPage, Option<(Value, Value)>)> {
        let answer = crate::api::blog::dto(&self.images, view.clone())
            .await
            .map_err(|error| anyhow::anyhow!("the post's answer could not be made: {error}"))?;
        let mut page = content::post(view, &answer.content_html, words);
        let lang = shown.read.map(|read| &read.lang);
        if let (true, Some(lang)) = (shown.fallback, lang) {
            page.body.insert_str(0, &fallback_notice(words, lang));
        }
        let answer = match (lang, shown.language) {
            (Some(_), Some((language, translations))) => answer.in_language(&language, translations),
            _ => answer,
        };
        let answer = match post_key(address, lang) {
            Some(key) => Some((key, serde_json::to_value(answer)?)),
            None => None,
        };
        Ok((page, answer))
    }
}

/// The path prefix of the language `tag`'s pages: `/de`; empty for the default language.
pub(super) fn prefix(languages: &Languages, tag: &LanguageTag) -> String {
    if languages.is_default(tag) { String::new() } else { format!("/{}", tag.as_str()) }
}

/// The page at `address` (a page's `path`) showing `subject` in `lang`, on a site in several
/// languages; `None` on a site in one. A post or a project is where it has a live translation
/// (`translations`, each language's slug, the default first); any other page is in every language
/// of the site, at its one path; the not-found page is nowhere.
pub(super) fn localized(
    languages: &Languages,
    lang: &LanguageTag,
    subject: &Subject,
    path: &str,
    translations: Option<&[(LanguageTag, Slug)]>,
) -> Option<Localized> {
    if languages.others().is_empty() {
        return None;
    }
    let at = |tag: &LanguageTag, path: &str| (tag.as_str().to_owned(), Localized::path(&prefix(languages, tag), path));
    let alternates = match subject {
        Subject::Post(view) => match translations {
            Some(translations) => {
                translations.iter().map(|(tag, slug)| at(tag, &format!("/blog/{}", slug.as_str()))).collect()
            }
            None => vec![at(&languages.default_language().tag, &format!("/blog/{}", view.post.slug.as_str()))],
        },
        Subject::Project(project) => match translations {
            Some(translations) => {
                translations.iter().map(|(tag, slug)| at(tag, &format!("/project/{}", slug.as_str()))).collect()
            }
            None => vec![at(&languages.default_language().tag, &format!("/project/{}", project.slug.as_str()))],
        },
        Subject::Page | Subject::Faqs(_) => languages.all().iter().map(|language| at(&language.tag, path)).collect(),
        Subject::Missing => Vec::new(),
    };
    Some(Localized { tag: lang.as_str().to_owned(), prefix: prefix(languages, lang), alternates })
}

/// The query key of a post's answer as the page's script asks for it: the API path of the slug
/// of the address, and `{"lang": tag}` on another language's page than the default
/// (`useGetPublishedBlogPostBySlug(slug, { lang })`).
pub(super) fn post_key(address: &Address, lang: Option<&LanguageTag>) -> Option<Value> {
    let Address::Post(slug) = address else { return None };
    Some(content::kinds::key(json!([format!("/blog/public/posts/slug/{slug}")]), lang))
}

/// The notice of a post shown in the default language on another language's page, in the page's
/// language (`page_lang`), for the start of the article's text.
pub(super) fn fallback_notice(words: &Words, page_lang: &LanguageTag) -> String {
    let mut html = String::new();
    let _ = write!(
        html,
        "<p role=\"note\" lang=\"{}\" class=\"mt-10 rounded-xl bg-blue-50 p-3 text-sm text-blue-800\" data-fallback-notice>{}</p>",
        escape(page_lang.as_str()),
        words.html("post.fallbackNotice", &[]),
    );
    html
}

/// The preview with its first `<article>` saying that its text is in `lang` (a post or a project
/// shown in the default language on another language's page, `read`), and its direction when it
/// differs from the page's (`content::kinds::shown_in`).
pub(super) fn article_in(preview: &str, lang: &LanguageTag, read: &ReadLanguage) -> String {
    let Some(start) = preview.find("<article") else { return preview.to_owned() };
    let end = start + "<article".len();
    if !preview[end..].starts_with(['>', ' ', '\n', '\t']) {
        return preview.to_owned();
    }
    let attributes = content::kinds::shown_in(Some(lang.as_str()), Some(read));
    format!("{}<article{attributes}{}", &preview[..start], &preview[end..])
}

#[cfg(test)]
mod tests {
    use atelier_domain::language::SiteLanguageInput;

    use super::*;

    fn languages(tags: &[&str]) -> Languages {
        let inputs: Vec<SiteLanguageInput> = tags
            .iter()
            .map(|tag| SiteLanguageInput { tag: Some((*tag).into()), name: Some((*tag).into()), direction: None })
            .collect();
        Languages::parse(&inputs, None).unwrap()
    }

    fn tag(text: &str) -> LanguageTag {
        LanguageTag::parse(text).unwrap()
    }

    #[test]
    fn a_site_in_one_language_has_no_alternates() {
        assert_eq!(localized(&languages(&["en"]), &tag("en"), &Subject::Page, "/about", None), None);
    }

    #[test]
    fn a_plain_page_is_in_every_language_and_the_home_page_at_the_prefix() {
        let languages = languages(&["en", "de", "pt-BR"]);
        let about = localized(&languages, &tag("de"), &Subject::Page, "/about", None).unwrap();
        assert_eq!((about.tag.as_str(), about.prefix.as_str()), ("de", "/de"));
        assert_eq!(
            about.alternates,
            vec![
                ("en".into(), "/about".into()),
                ("de".into(), "/de/about".into()),
                ("pt-BR".into(), "/pt-BR/about".into())
            ]
        );
        let home = localized(&languages, &tag("en"), &Subject::Page, "/", None).unwrap();
        assert_eq!(home.prefix, "");
        assert_eq!(home.alternates[0], ("en".into(), "/".into()));
        assert_eq!(home.alternates[1], ("de".into(), "/de".into()));
        let missing = localized(&languages, &tag("de"), &Subject::Missing, "", None).unwrap();
        assert!(missing.alternates.is_empty());
    }

    #[test]
    fn a_posts_key_names_the_language_of_the_page() {
        let address = Address::Post("hallo-welt".into());
        assert_eq!(post_key(&address, None), Some(json!(["/blog/public/posts/slug/hallo-welt"])));
        assert_eq!(
            post_key(&address, Some(&tag("de"))),
            Some(json!(["/blog/public/posts/slug/hallo-welt", { "lang": "de" }]))
        );
        assert_eq!(post_key(&Address::Missing, None), None);
    }

    #[test]
    fn the_article_says_its_language_and_the_notice_the_pages() {
        let german = ReadLanguage { languages: languages(&["en", "de"]), lang: tag("de") };
        assert_eq!(
            article_in("<div><article class=\"pb-16\">x</article>", &tag("en"), &german),
            "<div><article lang=\"en\" class=\"pb-16\">x</article>"
        );
        let british = ReadLanguage { languages: languages(&["en-GB", "de"]), lang: tag("de") };
        assert_eq!(article_in("<article>x</article>", &tag("en-GB"), &british), "<article lang=\"en-GB\">x</article>");
        assert_eq!(article_in("<articles>", &tag("en"), &german), "<articles>");
        let inputs = [("en", "ltr"), ("ar", "rtl")].map(|(tag, direction)| SiteLanguageInput {
            tag: Some(tag.into()),
            name: Some(tag.into()),
            direction: Some(direction.into()),
        });
        let arabic = ReadLanguage { languages: Languages::parse(&inputs, None).unwrap(), lang: tag("ar") };
        assert_eq!(
            article_in("<article class=\"pb-16\">x</article>", &tag("en"), &arabic),
            "<article lang=\"en\" dir=\"ltr\" class=\"pb-16\">x</article>"
        );
        let german = crate::site::words::german_for_tests();
        let notice = fallback_notice(&german, &tag("de"));
        assert!(notice.starts_with("<p role=\"note\" lang=\"de\""), "{notice}");
        let english = fallback_notice(Words::english(), &tag("fr"));
        assert!(
            english.contains(
                ">This post is not available in this language yet; it is shown in its original language.</p>"
            ),
            "{english}"
        );
    }
}
