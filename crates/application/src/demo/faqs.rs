//! Demo FAQs: fourteen questions across every category, with topic tags; one inactive, one draft.

use atelier_domain::EntityId;
use atelier_domain::faq::{Faq, FaqChanges, FaqInput};
use chrono::{DateTime, Duration, Utc};

use crate::faqs::ports::FaqRepository;

/// Question, answer, category, tags, status, featured.
type DemoFaq = (&'static str, &'static str, &'static str, &'static [&'static str], &'static str, bool);

const DEMO: [DemoFaq; 14] = [
    (
        "What services does Atelier offer?",
        "We design and build **mobile apps**, **web applications**, custom software and APIs, and help with UI/UX design and SEO. See the [services page](/services) for details.",
        "general",
        &["services", "getting started"],
        "active",
        true,
    ),
    (
        "How long does a typical project take?",
        "Most projects take **8 to 16 weeks** from kickoff to launch:\n\n1. Discovery (1-2 weeks)\n2. Design (2-3 weeks)\n3. Development in two-week sprints\n4. Launch and handover",
        "general",
        &["timeline", "process"],
        "active",
        true,
    ),
    (
        "How much does a project cost?",
        "It depends on scope. Small websites start around $5,000; mobile and web applications usually range from $15,000 to $80,000. We send a fixed quote after a free consultation.",
        "billing",
        &["pricing", "quote"],
        "active",
        true,
    ),
    (
        "What payment terms do you offer?",
        "We invoice in milestones: 30% at kickoff, 40% at the design sign-off and 30% at launch. Long engagements can be billed monthly.",
        "billing",
        &["pricing", "payments"],
        "active",
        false,
    ),
    (
        "Which technologies do you use?",
        "We pick what fits your project. Our usual stack:\n\n- **Web:** React, TypeScript, Rust, Node.js\n- **Mobile:** React Native, Swift, Kotlin\n- **Data:** PostgreSQL, Redis\n- **Cloud:** AWS, Google Cloud, Docker",
        "technical",
        &["technology", "stack"],
        "active",
        true,
    ),
    (
        "Can you work with our existing codebase?",
        "Yes. We start with a short code audit, then improve it step by step instead of rewriting everything at once.",
        "technical",
        &["legacy", "process"],
        "active",
        false,
    ),
    (
        "Will my app work offline?",
        "If your users need it, yes: we build offline-first apps that sync changes when the connection returns.",
        "technical",
        &["mobile", "technology"],
        "active",
        false,
    ),
    (
        "Do you offer support after launch?",
        "Every project includes **30 days of free support**. After that, maintenance plans cover updates, monitoring and small improvements.",
        "support",
        &["maintenance", "support"],
        "active",
        true,
    ),
    (
        "How do I report a bug?",
        "Email support@atelier.example with steps to reproduce and a screenshot. Critical issues are answered within 4 business hours.",
        "support",
        &["support", "bugs"],
        "active",
        false,
    ),
    (
        "Who owns the code and designs?",
        "You do. Once the final invoice is paid, all source code, designs and documentation are transferred to you.",
        "account",
        &["ownership", "legal"],
        "active",
        true,
    ),
    (
        "Can I change the scope during the project?",
        "Of course. Changes are estimated and agreed before work starts, so the budget never surprises you.",
        "services",
        &["process", "quote"],
        "active",
        false,
    ),
    (
        "Do you sign NDAs?",
        "Yes, we are happy to sign a non-disclosure agreement before you share any details of your idea.",
        "other",
        &["legal"],
        "active",
        false,
    ),
    (
        "Do you still support Internet Explorer?",
        "No. We support the last two versions of every evergreen browser.",
        "technical",
        &["technology"],
        "inactive",
        false,
    ),
    (
        "Do you offer a student discount?",
        "_Draft: pricing for non-profits and students is being decided._",
        "billing",
        &["pricing"],
        "draft",
        false,
    ),
];

pub(super) async fn seed(store: &impl FaqRepository, now: DateTime<Utc>) -> anyhow::Result<()> {
    for (order, (question, answer, category, tags, status, featured)) in (1_i64..).zip(DEMO) {
        let input = FaqInput {
            question: Some(question.into()),
            answer: Some(answer.into()),
            category: Some(category.into()),
            tags: Some(tags.iter().map(|tag| (*tag).to_owned()).collect()),
            status: Some(status.into()),
            order: Some(order),
            featured: Some(featured),
            views: Some(400 / order),
            helpful: Some(60 / order),
            not_helpful: Some(order % 3),
        };
        let created = now - Duration::seconds(100 - order);
        let changes = FaqChanges::parse(input, true).expect("the demo FAQs are valid");
        store.insert(&mut Faq::create(EntityId::generate(created), changes, 1, created)).await?;
    }
    Ok(())
}
