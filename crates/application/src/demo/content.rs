//! Demo content pages: the about page and the three policies, with real markdown.

use atelier_domain::EntityId;
use atelier_domain::content::{ContentPage, ContentPageChanges, ContentPageInput, PageType};
use chrono::{DateTime, Utc};

use crate::content::ports::ContentRepository;

const ABOUT_DESCRIPTION: &str = "Atelier is a software development agency of designers, engineers and strategists who turn ideas into digital products people love to use.\n\nSince 2016 we have shipped more than 250 projects for startups, scale-ups and established businesses: mobile apps, web platforms, custom software and the integrations that hold them together.\n\nWe work in small, senior teams, show working software every two weeks, and stay with our clients long after launch.";

const VALUES: [&str; 6] = [
    "Craftsmanship - We sweat the details, from clean code to pixel-perfect interfaces.",
    "Transparency - Honest estimates, weekly demos and no surprises on the invoice.",
    "Partnership - We treat your product as if it were our own and stay with you after launch.",
    "Innovation - We adopt new technology when it serves your users, not for its own sake.",
    "Accessibility - Everything we build is usable by everyone, on every device.",
    "Sustainability - Maintainable code and lean infrastructure that keep running costs low.",
];

const PRIVACY: &str = "## Information we collect\n\nWe collect only what we need to answer you and run this website:\n\n- **Contact details** you send through our forms: name, email, phone and company\n- **Project information** you share when requesting a quote\n- **Usage data** such as pages visited and browser type, collected anonymously\n\n## How we use it\n\n1. To reply to your messages and prepare proposals\n2. To improve our website and services\n3. To meet legal and accounting obligations\n\nWe never sell your personal data.\n\n## How long we keep it\n\nMessages and project requests are kept for **two years** after our last contact, then deleted.\n\n## Your rights\n\nYou may ask us to access, correct, export or delete your data at any time by writing to privacy@atelier.example.\n\n## Contact\n\nQuestions about this policy? Email privacy@atelier.example.";

const TERMS: &str = "## Acceptance of terms\n\nBy using this website you agree to these terms. If you do not agree, please do not use the site.\n\n## Use of the website\n\n- Content is provided for general information only\n- You may not copy or republish our content without permission\n- You may not attempt to disrupt or gain unauthorised access to the site\n\n## Projects and proposals\n\nProposals and estimates are valid for **30 days**. Each project is governed by its own signed agreement, which takes precedence over these terms.\n\n## Intellectual property\n\nThe Atelier name, logo and website content belong to us. Client work belongs to our clients as agreed in their contracts.\n\n## Limitation of liability\n\nWe are not liable for indirect or consequential losses arising from the use of this website.\n\n## Changes\n\nWe may update these terms; the date above shows the latest revision.";

const COOKIES: &str = "## What are cookies?\n\nCookies are small text files stored by your browser. They help websites remember your preferences.\n\n## Cookies we use\n\n| Cookie | Purpose | Duration |\n|---|---|---|\n| `session` | Keeps the back office signed in | 12 hours |\n| `preferences` | Remembers your display choices | 1 year |\n\nWe do **not** use advertising or cross-site tracking cookies.\n\n## Managing cookies\n\nYou can block or delete cookies in your browser settings:\n\n- Chrome: Settings → Privacy and security\n- Firefox: Settings → Privacy & Security\n- Safari: Preferences → Privacy\n\nBlocking essential cookies may stop parts of the site from working.";

fn page(page_type: &str, input: ContentPageInput, now: DateTime<Utc>) -> ContentPage {
    let page_type = PageType::parse(page_type).expect("a demo page type");
    let changes = ContentPageChanges::parse(&page_type, input, true).expect("the demo pages are valid");
    ContentPage::create(EntityId::generate(now), page_type, changes, now)
}

fn policy(title: &str, subtitle: &str, description: &str, content: &str) -> ContentPageInput {
    ContentPageInput {
        title: Some(title.into()),
        subtitle: Some(subtitle.into()),
        description: Some(description.into()),
        content: Some(content.into()),
        last_updated: Some("2026-01-15T09:00:00Z".into()),
        ..ContentPageInput::default()
    }
}

pub(super) async fn seed(store: &impl ContentRepository, now: DateTime<Utc>) -> anyhow::Result<()> {
    let about = ContentPageInput {
        title: Some("About Atelier".into()),
        subtitle: Some("Innovative software solutions, crafted by people who care".into()),
        description: Some(ABOUT_DESCRIPTION.into()),
        mission: Some("To help businesses of every size turn ideas into reliable, beautiful software that makes a measurable difference for their customers.".into()),
        vision: Some("A world where every organisation, not only the largest, has access to world-class digital products.".into()),
        values: Some(VALUES.iter().map(|value| (*value).to_owned()).collect()),
        ..ContentPageInput::default()
    };
    let mut pages = [
        page("about", about, now),
        page(
            "privacy",
            policy(
                "Privacy Policy",
                "How we handle your personal data",
                "This policy explains what we collect, why, and the choices you have.",
                PRIVACY,
            ),
            now,
        ),
        page(
            "terms",
            policy(
                "Terms of Service",
                "The rules for using our website",
                "Please read these terms carefully before using the Atelier website.",
                TERMS,
            ),
            now,
        ),
        page(
            "cookies",
            policy(
                "Cookie Policy",
                "How and why we use cookies",
                "This policy explains the cookies our website sets and how to control them.",
                COOKIES,
            ),
            now,
        ),
    ];
    for page in &mut pages {
        store
            .insert_content_page(page)
            .await?
            .map_err(|_| anyhow::anyhow!("demo page {} exists", page.page_type.as_str()))?;
    }
    Ok(())
}
