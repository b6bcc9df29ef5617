//! What the server writes into a page besides its head: the content region of the pages whose
//! content it writes ([`content`]: the home page, `/faq`, `/about`, `/services`, the policies, a
//! project's page) and the API answers that content embeds for the page's script.

use std::collections::HashMap;

use atelier_application::Audience;
use atelier_application::blog::languages::ReadLanguage;
use atelier_application::faqs::FaqQuery;
use atelier_application::records::LookupError;
use atelier_application::store::Store;
use atelier_application::testimonials::TestimonialQuery;
use atelier_domain::faq::FaqStatus;
use atelier_domain::testimonial::TestimonialStatus;
use serde_json::json;

use super::address::{ABOUT_PATH, Address, FAQ_PATH, HOME_PATH, POLICY_PAGES, PageEntry, PageList, SERVICES_PATH};
use super::head::Subject;
use super::site_texts::{self, SiteTexts};
use super::words::Words;
use super::{SitePages, content};
use crate::api::content::ContentPageDto;
use crate::api::faqs::FaqListDto;
use crate::api::services::ServiceDto;
use crate::api::testimonials::TestimonialListDto;

impl<S: Store> SitePages<S> {
    /// The content the server writes into the page at `path` and the answers it embeds for the
    /// page's script, read with the same use cases as the API calls the page makes; nothing for a
    /// page whose content is not written here.
    pub(super) async fn content(
        &self,
        path: &str,
        texts: &SiteTexts,
        parts: &HashMap<String, String>,
        list: &PageList,
        read: Option<&ReadLanguage>,
    ) -> anyhow::Result<content::Content> {
        let words = &list.words;
        // The site's own texts in the page's language, and its answers' marks there.
        let (publisher, home, marks) = (&*texts.publisher, Some(&*texts.home), texts.marks.as_ref());
        Ok(match path {
            FAQ_PATH => content::faq::page(&self.store, &self.clock, words).await?,
            ABOUT_PATH => content::about::page(&self.store, &self.clock, parts, words).await?,
            HOME_PATH => match home {
                Some(home) => {
                    let about = self.public_page("about").await?;
                    let services = self.services.featured().await?;
                    let query = FaqQuery {
                        status: Some(FaqStatus::Active),
                        limit: Some(content::home::FAQ_LIMIT),
                        ..FaqQuery::default()
                    };
                    let faqs = FaqListDto::from(self.faqs.list(Audience::Public, query).await?);
                    let query = TestimonialQuery {
                        status: Some(TestimonialStatus::Approved),
                        limit: Some(content::home::TESTIMONIALS_LIMIT),
                        ..TestimonialQuery::default()
                    };
                    let testimonials = TestimonialListDto::from(self.testimonials.list(Audience::Public, query).await?);
                    let cards = self.home_cards(list, read).await?;
                    let read = content::home::HomeRead {
                        about: about.as_ref(),
                        services,
                        faqs: &faqs,
                        testimonials: &testimonials,
                        portfolio: cards.portfolio.as_deref(),
                        blog: cards.blog.as_deref(),
                    };
                    let mut content = content::home::content(publisher, home, read, parts, words, marks)?;
                    content.data.extend(cards.data);
                    content
                }
                None => content::Content::default(),
            },
            SERVICES_PATH => {
                let services = self.site.services().await?;
                let region = content::services(&services, &publisher.settings, parts, words);
                let answers: Vec<ServiceDto> = services.into_iter().map(ServiceDto::from).collect();
                content::Content {
                    region: Some(region),
                    data: vec![
                        (json!(["/services", { "status": "active" }]), serde_json::to_value(answers)?),
                        site_texts::settings_answer(publisher, marks)?,
                    ],
                }
            }
            _ => match POLICY_PAGES.iter().find(|(policy_path, _)| *policy_path == path) {
                Some((_, page_type)) => {
                    let page = self.public_page(page_type).await?;
                    // `null` stands for the API's 404: the page shows its built-in text.
                    let answer = page.as_ref().map_or(Ok(serde_json::Value::Null), serde_json::to_value)?;
                    content::Content {
                        region: content::policy(page.as_ref(), parts, words),
                        data: vec![(json!([format!("/content/{page_type}")]), answer)],
                    }
                }
                None => content::Content::default(),
            },
        })
    }

    /// The content page `page_type` as a visitor's request answers: `None` for a draft or a missing
    /// page (the API's 404).
    async fn public_page(&self, page_type: &str) -> anyhow::Result<Option<ContentPageDto>> {
        match self.pages.get(Audience::Public, page_type).await {
            Ok(page) => Ok(Some(ContentPageDto::from(page))),
            Err(LookupError::NotFound(_)) => Ok(None),
            Err(LookupError::Unexpected(error)) => Err(error),
        }
    }

    /// What the server writes into a project's page and the answers it embeds; `None` for another.
    pub(super) async fn project_page(
        &self,
        subject: &Subject,
        address: &Address,
        entry: Option<&PageEntry>,
        words: &Words,
    ) -> anyhow::Result<Option<content::project::ProjectPage>> {
        let (Subject::Project(project), Address::Project(identifier)) = (subject, address) else {
            return Ok(None);
        };
        let empty = HashMap::new();
        let parts = entry.map_or(&empty, |entry| &entry.parts);
        Ok(Some(
            content::project::page(&self.store, &self.clock, &self.images, project, identifier, parts, words).await?,
        ))
    }
}
