//! In-memory fakes of the ports, for use-case tests.

use std::sync::{Arc, Mutex};

use atelier_domain::contact_details::ContactDetails;
use atelier_domain::content::{ContentPage, PageType};
use atelier_domain::faq::{Faq, FaqCategory, FaqStats, FaqStatus};
use atelier_domain::ordering::Placement;
use atelier_domain::service::Service;
use atelier_domain::settings::Settings;
use atelier_domain::team::TeamMember;
use atelier_domain::testimonial::Testimonial;
use atelier_domain::{EntityId, Page, PageRequest};

use crate::ports::{
    ContactDetailsRepository, ContentRepository, DuplicatePageType, FaqFilter, FaqRepository, ServiceFilter,
    ServiceRepository, SettingsRepository, StoreStatus, TeamFilter, TeamRepository, TestimonialFilter,
    TestimonialRepository,
};

#[derive(Debug, Default)]
struct State {
    services: Vec<Service>,
    settings: Option<Settings>,
    testimonials: Vec<Testimonial>,
    team: Vec<TeamMember>,
    faqs: Vec<Faq>,
    pages: Vec<ContentPage>,
    contact_details: Option<ContactDetails>,
}

/// A store that keeps everything in memory, shared between clones.
#[derive(Debug, Clone, Default)]
pub struct InMemoryStore(Arc<Mutex<State>>);

impl InMemoryStore {
    fn with<T>(&self, f: impl FnOnce(&mut State) -> T) -> T {
        f(&mut self.0.lock().expect("the fake store's lock is never poisoned"))
    }
}

fn page_of<T: Clone>(items: &[T], page: PageRequest) -> Vec<T> {
    let offset = usize::try_from(page.offset()).unwrap_or(usize::MAX);
    let limit = usize::try_from(page.limit()).unwrap_or(usize::MAX);
    items.iter().skip(offset).take(limit).cloned().collect()
}

impl ServiceRepository for InMemoryStore {
    async fn list_services(&self, filter: ServiceFilter, page: PageRequest) -> anyhow::Result<Vec<Service>> {
        self.with(|state| {
            let mut services: Vec<_> = state
                .services
                .iter()
                .filter(|service| filter.status.is_none_or(|status| service.status == status))
                .filter(|service| filter.featured.is_none_or(|featured| service.featured == featured))
                .cloned()
                .collect();
            services.sort_by(|a, b| a.order.cmp(&b.order).then(a.created_at.cmp(&b.created_at)).then(a.id.cmp(&b.id)));
            Ok(page_of(&services, page))
        })
    }

    async fn find_service(&self, id: EntityId) -> anyhow::Result<Option<Service>> {
        self.with(|state| Ok(state.services.iter().find(|service| service.id == id).cloned()))
    }

    async fn insert_service(&self, service: &Service) -> anyhow::Result<()> {
        self.with(|state| state.services.push(service.clone()));
        Ok(())
    }

    async fn update_service(&self, service: &Service) -> anyhow::Result<bool> {
        self.with(|state| match state.services.iter_mut().find(|stored| stored.id == service.id) {
            Some(stored) => {
                *stored = service.clone();
                Ok(true)
            }
            None => Ok(false),
        })
    }

    async fn delete_service(&self, id: EntityId) -> anyhow::Result<bool> {
        self.with(|state| {
            let before = state.services.len();
            state.services.retain(|service| service.id != id);
            Ok(state.services.len() < before)
        })
    }
}

impl SettingsRepository for InMemoryStore {
    async fn load_settings(&self) -> anyhow::Result<Option<Settings>> {
        self.with(|state| Ok(state.settings.clone()))
    }

    async fn save_settings(&self, settings: &Settings) -> anyhow::Result<()> {
        self.with(|state| state.settings = Some(settings.clone()));
        Ok(())
    }
}

impl StoreStatus for InMemoryStore {
    async fn ping(&self) -> anyhow::Result<()> {
        Ok(())
    }

    async fn is_empty(&self) -> anyhow::Result<bool> {
        self.with(|state| {
            Ok(state.services.is_empty()
                && state.settings.is_none()
                && state.testimonials.is_empty()
                && state.team.is_empty()
                && state.faqs.is_empty()
                && state.pages.is_empty()
                && state.contact_details.is_none())
        })
    }
}

fn matches(term: Option<&String>, texts: &[&str]) -> bool {
    term.is_none_or(|term| texts.iter().any(|text| text.to_lowercase().contains(&term.to_lowercase())))
}

fn paged<T: Clone>(items: &[T], page: PageRequest) -> Page<T> {
    Page::new(page_of(items, page), items.len() as u64, page)
}

fn apply_placements<T>(
    items: &mut [T],
    placements: &[Placement],
    id: impl Fn(&T) -> EntityId,
    order: impl Fn(&mut T) -> &mut u32,
) {
    for item in items {
        if let Some(placement) = placements.iter().find(|placement| placement.id == id(item)) {
            *order(item) = placement.order;
        }
    }
}

impl TestimonialRepository for InMemoryStore {
    async fn list_testimonials(
        &self,
        filter: TestimonialFilter,
        page: PageRequest,
    ) -> anyhow::Result<Page<Testimonial>> {
        self.with(|state| {
            let mut found: Vec<_> = state
                .testimonials
                .iter()
                .filter(|t| filter.status.is_none_or(|status| t.status == status))
                .filter(|t| filter.featured.is_none_or(|featured| t.featured == featured))
                .filter(|t| matches(filter.search.as_ref(), &[&t.name, &t.company, &t.content]))
                .cloned()
                .collect();
            found.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(b.id.cmp(&a.id)));
            Ok(paged(&found, page))
        })
    }

    async fn find_testimonial(&self, id: EntityId) -> anyhow::Result<Option<Testimonial>> {
        self.with(|state| Ok(state.testimonials.iter().find(|t| t.id == id).cloned()))
    }

    async fn insert_testimonial(&self, testimonial: &Testimonial) -> anyhow::Result<()> {
        self.with(|state| state.testimonials.push(testimonial.clone()));
        Ok(())
    }

    async fn update_testimonial(&self, testimonial: &Testimonial) -> anyhow::Result<bool> {
        self.with(|state| match state.testimonials.iter_mut().find(|stored| stored.id == testimonial.id) {
            Some(stored) => {
                *stored = testimonial.clone();
                Ok(true)
            }
            None => Ok(false),
        })
    }

    async fn delete_testimonial(&self, id: EntityId) -> anyhow::Result<bool> {
        self.with(|state| {
            let before = state.testimonials.len();
            state.testimonials.retain(|t| t.id != id);
            Ok(state.testimonials.len() < before)
        })
    }
}

fn sorted_team(state: &State) -> Vec<TeamMember> {
    let mut team = state.team.clone();
    team.sort_by(|a, b| a.order.cmp(&b.order).then(a.created_at.cmp(&b.created_at)).then(a.id.cmp(&b.id)));
    team
}

impl TeamRepository for InMemoryStore {
    async fn list_team_members(&self, filter: TeamFilter, page: PageRequest) -> anyhow::Result<Page<TeamMember>> {
        self.with(|state| {
            let found: Vec<_> = sorted_team(state)
                .into_iter()
                .filter(|m| filter.status.is_none_or(|status| m.status == status))
                .filter(|m| filter.department.as_ref().is_none_or(|department| &m.department == department))
                .filter(|m| matches(filter.search.as_ref(), &[&m.name, &m.position, &m.email, &m.department]))
                .collect();
            Ok(paged(&found, page))
        })
    }

    async fn team_placements(&self) -> anyhow::Result<Vec<Placement>> {
        self.with(|state| Ok(sorted_team(state).iter().map(|m| Placement::new(m.id, m.order)).collect()))
    }

    async fn find_team_member(&self, id: EntityId) -> anyhow::Result<Option<TeamMember>> {
        self.with(|state| Ok(state.team.iter().find(|m| m.id == id).cloned()))
    }

    async fn insert_team_member(&self, member: &TeamMember, placements: &[Placement]) -> anyhow::Result<()> {
        self.with(|state| {
            apply_placements(&mut state.team, placements, |m| m.id, |m| &mut m.order);
            state.team.push(member.clone());
        });
        Ok(())
    }

    async fn update_team_member(&self, member: &TeamMember, placements: &[Placement]) -> anyhow::Result<bool> {
        self.with(|state| {
            let Some(stored) = state.team.iter_mut().find(|stored| stored.id == member.id) else { return Ok(false) };
            *stored = member.clone();
            apply_placements(&mut state.team, placements, |m| m.id, |m| &mut m.order);
            Ok(true)
        })
    }

    async fn delete_team_member(&self, id: EntityId, placements: &[Placement]) -> anyhow::Result<bool> {
        self.with(|state| {
            let before = state.team.len();
            state.team.retain(|m| m.id != id);
            if state.team.len() == before {
                return Ok(false);
            }
            apply_placements(&mut state.team, placements, |m| m.id, |m| &mut m.order);
            Ok(true)
        })
    }

    async fn reorder_team_members(&self, placements: &[Placement]) -> anyhow::Result<()> {
        self.with(|state| apply_placements(&mut state.team, placements, |m| m.id, |m| &mut m.order));
        Ok(())
    }
}

fn sorted_faqs(state: &State) -> Vec<Faq> {
    let mut faqs = state.faqs.clone();
    faqs.sort_by(|a, b| a.order.cmp(&b.order).then(a.created_at.cmp(&b.created_at)).then(a.id.cmp(&b.id)));
    faqs
}

impl FaqRepository for InMemoryStore {
    async fn list_faqs(&self, filter: FaqFilter, page: PageRequest) -> anyhow::Result<Page<Faq>> {
        self.with(|state| {
            let found: Vec<_> = sorted_faqs(state)
                .into_iter()
                .filter(|f| filter.status.is_none_or(|status| f.status == status))
                .filter(|f| filter.category.is_none_or(|category| f.category == category))
                .filter(|f| {
                    let tags = f.tags.join(" ");
                    matches(filter.search.as_ref(), &[&f.question, &f.answer, &tags])
                })
                .collect();
            Ok(paged(&found, page))
        })
    }

    async fn faq_placements(&self) -> anyhow::Result<Vec<Placement>> {
        self.with(|state| Ok(sorted_faqs(state).iter().map(|f| Placement::new(f.id, f.order)).collect()))
    }

    async fn find_faq(&self, id: EntityId) -> anyhow::Result<Option<Faq>> {
        self.with(|state| Ok(state.faqs.iter().find(|f| f.id == id).cloned()))
    }

    async fn insert_faq(&self, faq: &Faq) -> anyhow::Result<()> {
        self.with(|state| state.faqs.push(faq.clone()));
        Ok(())
    }

    async fn update_faq(&self, faq: &Faq) -> anyhow::Result<bool> {
        self.with(|state| match state.faqs.iter_mut().find(|stored| stored.id == faq.id) {
            Some(stored) => {
                *stored = faq.clone();
                Ok(true)
            }
            None => Ok(false),
        })
    }

    async fn delete_faq(&self, id: EntityId) -> anyhow::Result<bool> {
        self.with(|state| {
            let before = state.faqs.len();
            state.faqs.retain(|f| f.id != id);
            Ok(state.faqs.len() < before)
        })
    }

    async fn reorder_faqs(&self, placements: &[Placement]) -> anyhow::Result<()> {
        self.with(|state| apply_placements(&mut state.faqs, placements, |f| f.id, |f| &mut f.order));
        Ok(())
    }

    async fn faq_stats(&self) -> anyhow::Result<FaqStats> {
        self.with(|state| {
            let count = |status| state.faqs.iter().filter(|f| f.status == status).count() as u64;
            Ok(FaqStats {
                total: state.faqs.len() as u64,
                active: count(FaqStatus::Active),
                inactive: count(FaqStatus::Inactive),
                draft: count(FaqStatus::Draft),
                by_category: FaqCategory::ALL
                    .into_iter()
                    .map(|category| (category, state.faqs.iter().filter(|f| f.category == category).count() as u64))
                    .collect(),
            })
        })
    }
}

impl ContentRepository for InMemoryStore {
    async fn list_content_pages(&self) -> anyhow::Result<Vec<ContentPage>> {
        self.with(|state| {
            let mut pages = state.pages.clone();
            pages.sort_by(|a, b| a.page_type.cmp(&b.page_type));
            Ok(pages)
        })
    }

    async fn find_content_page(&self, page_type: &PageType) -> anyhow::Result<Option<ContentPage>> {
        self.with(|state| Ok(state.pages.iter().find(|page| &page.page_type == page_type).cloned()))
    }

    async fn insert_content_page(&self, page: &ContentPage) -> anyhow::Result<Result<(), DuplicatePageType>> {
        self.with(|state| {
            if state.pages.iter().any(|stored| stored.page_type == page.page_type) {
                return Ok(Err(DuplicatePageType));
            }
            state.pages.push(page.clone());
            Ok(Ok(()))
        })
    }

    async fn update_content_page(&self, page: &ContentPage) -> anyhow::Result<bool> {
        self.with(|state| match state.pages.iter_mut().find(|stored| stored.page_type == page.page_type) {
            Some(stored) => {
                *stored = page.clone();
                Ok(true)
            }
            None => Ok(false),
        })
    }

    async fn delete_content_page(&self, page_type: &PageType) -> anyhow::Result<bool> {
        self.with(|state| {
            let before = state.pages.len();
            state.pages.retain(|page| &page.page_type != page_type);
            Ok(state.pages.len() < before)
        })
    }
}

impl ContactDetailsRepository for InMemoryStore {
    async fn load_contact_details(&self) -> anyhow::Result<Option<ContactDetails>> {
        self.with(|state| Ok(state.contact_details.clone()))
    }

    async fn save_contact_details(&self, details: &ContactDetails) -> anyhow::Result<()> {
        self.with(|state| state.contact_details = Some(details.clone()));
        Ok(())
    }
}
