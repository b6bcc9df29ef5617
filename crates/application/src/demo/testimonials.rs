//! Demo testimonials: five approved with varied ratings (one without content), one pending.

use atelier_domain::EntityId;
use atelier_domain::testimonial::{Testimonial, TestimonialChanges, TestimonialInput};
use chrono::{DateTime, Duration, Utc};

use crate::testimonials::ports::TestimonialRepository;

const DEMO: [(&str, &str, &str, f64, &str, bool); 7] = [
    (
        "Sarah Mitchell",
        "Brightline Health",
        "Atelier rebuilt our patient portal in **twelve weeks**. Appointment bookings went up 40% in the first month, and the team kept us in the loop at every step.",
        5.0,
        "approved",
        true,
    ),
    (
        "Daniel Okafor",
        "Freightwise Logistics",
        "Their engineers untangled a decade of legacy code and moved us to the cloud *without a single hour of downtime*. Clear estimates, honest updates.",
        4.5,
        "approved",
        true,
    ),
    (
        "Mei Tanaka",
        "Kumo Coffee Roasters",
        "The new online shop is fast and beautiful, and our customers noticed right away. The only thing we'd change is starting sooner.",
        4.0,
        "approved",
        false,
    ),
    (
        "Lukas Weber",
        "Nordlicht Fintech",
        "Solid API work and thorough documentation. A few sprints slipped, but the quality of what shipped made up for it.",
        3.5,
        "approved",
        false,
    ),
    ("Priya Raman", "Loom & Thread Studio", "", 5.0, "approved", false),
    (
        "Marco Bianchi",
        "Vela Sailing Club",
        "Great collaboration on our booking app. Looking forward to phase two!",
        4.5,
        "pending",
        false,
    ),
    ("Anonymous Reviewer", "Undisclosed", "Not a fit for our project.", 2.0, "rejected", false),
];

/// Stores the demo testimonials, a day apart, newest last in the list above but first in listings.
pub(super) async fn seed(store: &impl TestimonialRepository, now: DateTime<Utc>) -> anyhow::Result<()> {
    for (days_ago, (name, company, content, rating, status, featured)) in (0_i64..).zip(DEMO) {
        let input = TestimonialInput {
            name: Some(name.into()),
            company: Some(company.into()),
            content: Some(content.into()),
            rating: Some(rating),
            status: Some(status.into()),
            featured: Some(featured),
        };
        let created = now - Duration::days(days_ago + 1);
        let changes = TestimonialChanges::parse(input, true).expect("the demo testimonials are valid");
        store.insert(&mut Testimonial::create(EntityId::generate(created), changes, created)).await?;
    }
    Ok(())
}
