//! What the server writes into a page besides its head: the content region of the pages whose
//! content it writes ([`content`]: the home page, `/faq`, `/about`, `/services`, the policies, a
//! project's page) and the API answers that content embeds for the page's script.

use std::collections::HashMap;

use atelier_application::blog::languages::ReadLanguage;
use atelier_application::faqs::FaqQuery;
use atelier_application::services::ServiceQuery;
use atelier_application::store::Store;
use atelier_application::testimonials::TestimonialQuery;
use atelier_domain::faq::FaqStatus;
use atelier_domain::service::ServiceStatus;
use atelier_domain::testimonial::TestimonialStatus;
use serde_json::json;

use super::address::{ABOUT_PATH, Address, FAQ_PATH, HOME_PATH, POLICY_PAGES, PageEntry, PageList, SERVICES_PATH};
use super::content::kinds;
use super::head::Subject;
use super::site_texts::{self, SiteTexts};
use super::words::Words;
use super::{SitePages, content};
use crate::api::languages::Marks;

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
            FAQ_PATH => content::faq::page(&self.store, &self.clock, words, read).await?,
            ABOUT_PATH => content::about::page(&self.store, &self.clock, parts, words, read).await?,
            HOME_PATH => match home {
                Some(home) => {
                    let (store, clock) = (&self.store, &self.clock);
                    let about = kinds::content_page(store, clock, "about", read).await?;
                    let (services, featured) = kinds::featured_services(store, clock, read).await?;
                    let query = FaqQuery {
                        status: Some(FaqStatus::Active),
                        limit: Some(content::home::FAQ_LIMIT),
                        ..FaqQuery::default()
                    };
                    let faqs = kinds::faqs(store, clock, query, read).await?;
                    let query = TestimonialQuery {
                        status: Some(TestimonialStatus::Approved),
                        limit: Some(content::home::TESTIMONIALS_LIMIT),
                        ..TestimonialQuery::default()
                    };
                    let testimonials = kinds::testimonials(store, clock, query, read).await?;
                    let cards = self.home_cards(list, read).await?;
                    let read = content::home::HomeRead {
                        about: about.as_ref(),
                        services,
                        featured,
                        faqs: &faqs,
                        testimonials: &testimonials,
                        portfolio: cards.portfolio.as_deref(),
                        blog: cards.blog.as_deref(),
                        lang: read,
                    };
                    let mut content = content::home::content(publisher, home, read, parts, words, marks)?;
                    content.data.extend(cards.data);
                    content
                }
                None => content::Content::default(),
            },
            SERVICES_PATH => {
                let query = ServiceQuery { status: Some(ServiceStatus::Active), ..ServiceQuery::default() };
                let (services, answers) = kinds::services(&self.store, &self.clock, query, read).await?;
                let region = content::services(&services, &answers, &publisher.settings, parts, words, read);
                content::Content {
                    region: Some(region),
                    data: vec![
                        (
                            kinds::key(json!(["/services", { "status": "active" }]), read),
                            serde_json::to_value(answers)?,
                        ),
                        site_texts::settings_answer(publisher, marks)?,
                    ],
                }
            }
            _ => match POLICY_PAGES.iter().find(|(policy_path, _)| *policy_path == path) {
                Some((_, page_type)) => {
                    let page = kinds::content_page(&self.store, &self.clock, page_type, read).await?;
                    // `null` stands for the API's 404: the page shows its built-in text.
                    let answer = page.as_ref().map_or(Ok(serde_json::Value::Null), serde_json::to_value)?;
                    content::Content {
                        region: content::policy(page.as_ref(), parts, words, read),
                        data: vec![(kinds::key(json!([format!("/content/{page_type}")]), read), answer)],
                    }
                }
                None => content::Content::default(),
            },
        })
    }

    /// What the server writes into a project's page and the answers it embeds; `None` for another.
    pub(super) async fn project_page(
        &self,
        subject: &Subject,
        address: &Address,
        entry: Option<&PageEntry>,
        words: &Words,
        read: Option<&ReadLanguage>,
        marks: Option<Marks>,
    ) -> anyhow::Result<Option<content::project::ProjectPage>> {
        let (Subject::Project(project), Address::Project(identifier)) = (subject, address) else {
            return Ok(None);
        };
        let empty = HashMap::new();
        let parts = entry.map_or(&empty, |entry| &entry.parts);
        let shown = content::project::Shown { project, identifier, read, marks: read.and(marks) };
        Ok(Some(content::project::page(&self.store, &self.clock, &self.images, shown, parts, words).await?))
    }
}
