//! The home page's texts on a site whose owner has not changed them: the texts the site has always
//! shown. The demo seeds them, and a site without a stored home page shows them.

use atelier_domain::EntityId;
use atelier_domain::home_page::{Figure, Hero, HomePage, Item, Link, SectionKey};
use chrono::{DateTime, Utc};

fn link(label: &str, target: &str) -> Link {
    Link { label: label.to_owned(), target: target.to_owned() }
}

fn item(title: &str, text: &str) -> Item {
    Item { title: title.to_owned(), text: text.to_owned() }
}

fn figure(value: u32, suffix: &str, label: &str) -> Figure {
    Figure { value, suffix: suffix.to_owned(), label: label.to_owned() }
}

/// The home page with the site's original texts: one table of texts, read top to bottom.
#[allow(clippy::too_many_lines)]
pub fn initial_home_page(id: EntityId, now: DateTime<Utc>) -> HomePage {
    let mut home = HomePage::empty(id, now);
    home.hero = Hero {
        title: "Innovative Software Solutions for Your Business".to_owned(),
        subtitle: "We design and build custom software, mobile apps and websites that help businesses of every \
                   size grow, with thoughtful UI/UX and search visibility built in from day one."
            .to_owned(),
        links: vec![link("Our Services", "#services"), link("Contact Us", "#contact")],
        trusted_by: "Trusted by businesses across industries".to_owned(),
    };
    home.footer_services =
        ["Mobile App Development", "Web Development", "UI/UX Design", "SEO Services", "Custom Software"]
            .map(str::to_owned)
            .to_vec();
    for section in &mut home.sections {
        let (heading, subheading) = match section.key {
            SectionKey::Features | SectionKey::About => ("", ""),
            SectionKey::Services => (
                "Our Services",
                "From first idea to launch and beyond: the expertise your product needs, under one roof.",
            ),
            SectionKey::Portfolio => {
                ("Our Portfolio", "A selection of products we have designed, built and launched with our clients.")
            }
            SectionKey::Blog => {
                ("Latest from Our Blog", "Ideas, lessons and news from the people building your software.")
            }
            SectionKey::Testimonials => {
                ("What Our Clients Say", "Honest words from the people we have built software with.")
            }
            SectionKey::WhyChooseUs => ("Why Choose Us", "Six reasons clients keep coming back."),
            SectionKey::Faq => ("Frequently Asked Questions", "Quick answers to the questions we hear most."),
            SectionKey::Contact => ("Let's Work Together", "Tell us where you want to go; we will help you get there."),
            SectionKey::WhyHire => ("Why Hire Our Company", "A partner that combines craft, speed and accountability."),
        };
        heading.clone_into(&mut section.heading);
        subheading.clone_into(&mut section.subheading);
        match section.key {
            SectionKey::Features => {
                section.items = vec![
                    item(
                        "Cutting-Edge Technology",
                        "Modern, proven frameworks and cloud platforms chosen for performance and longevity.",
                    ),
                    item(
                        "Client-Centric Approach",
                        "Your goals lead every decision, with clear communication at every step.",
                    ),
                    item("Seamless Integration", "Solutions that fit the systems and workflows you already rely on."),
                ];
            }
            SectionKey::About => {
                section.note = item("Ready to Transform Your Business?", "");
                section.links = vec![link("Explore Our Services", "#services")];
            }
            SectionKey::Services => {
                section.links =
                    vec![link("Request Custom Service", "/discuss-project"), link("View All Services", "/services")];
            }
            SectionKey::Portfolio => section.links = vec![link("View All Projects", "/portfolio")],
            SectionKey::Blog => section.links = vec![link("View All Posts", "/blog")],
            SectionKey::Faq => section.links = vec![link("View All FAQs", "/faq")],
            SectionKey::Testimonials => {}
            SectionKey::WhyChooseUs => {
                section.items = vec![
                    item(
                        "Experienced Team",
                        "Senior engineers and designers who have shipped products in many industries.",
                    ),
                    item(
                        "Agile Delivery",
                        "Short iterations and a working demo every two weeks, so you see progress early.",
                    ),
                    item(
                        "Quality First",
                        "Code review, automated tests and accessibility checks on everything we ship.",
                    ),
                    item(
                        "Transparent Communication",
                        "One point of contact, open boards and honest estimates from day one.",
                    ),
                    item(
                        "Tailored Solutions",
                        "Software shaped around your processes instead of the other way around.",
                    ),
                    item("Ongoing Support", "Maintenance, monitoring and improvements long after launch."),
                ];
            }
            SectionKey::Contact => {
                section.items = vec![
                    item("Contact Us", "Send us a message"),
                    item("Call Us", ""),
                    item("Book Now", "Plan your project with us"),
                ];
            }
            SectionKey::WhyHire => {
                section.items = vec![
                    item("Proven Track Record", "Hundreds of projects delivered for happy clients."),
                    item("On-Time Delivery", "95% of our projects ship on or before the agreed date."),
                    item("Clean, Modern Code", "Maintainable software your next team will thank you for."),
                    item("Security Built In", "Secure defaults, reviews and audits at every step."),
                    item("Measurable Results", "We agree on goals up front and report against them."),
                    item("Long-Term Partnership", "We stay with you after launch as your product grows."),
                ];
                section.figures = vec![
                    figure(98, "%", "Client Satisfaction"),
                    figure(250, "+", "Projects Delivered"),
                    figure(15, "+", "Industry Solutions"),
                    figure(8, "+", "Years Average Experience"),
                ];
                section.note = item("95% on-time delivery", "across every project in the last three years.");
                "How We Work".clone_into(&mut section.steps_heading);
                section.steps = ["Discovery", "Planning", "Design", "Development", "Testing", "Launch & Support"]
                    .map(str::to_owned)
                    .to_vec();
                section.links =
                    vec![link("Start Your Project", "/discuss-project"), link("View Our Work", "/portfolio")];
            }
        }
    }
    home
}
