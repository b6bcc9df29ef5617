//! Demo contact messages: an inbox with three unread messages, others read, answered or closed, some
//! with phone numbers, tags and notes, received over the last two months.

use atelier_domain::EntityId;
use atelier_domain::contact::{ContactChanges, ContactInput, ContactMessage};
use chrono::{DateTime, Duration, Utc};

use crate::contacts::ports::ContactRepository;

pub(super) async fn seed(store: &impl ContactRepository, now: DateTime<Utc>) -> anyhow::Result<()> {
    for demo in DEMO_CONTACTS {
        let created = now - Duration::hours(demo.hours_ago);
        let changes = ContactChanges::parse(demo.input(), true).expect("the demo contact messages are valid");
        let mut message = ContactMessage::create(EntityId::generate(created), changes, created);
        message.updated_at = now - Duration::hours(demo.hours_ago / 2);
        store.insert(&mut message).await?;
    }
    Ok(())
}

struct DemoContact {
    name: &'static str,
    email: &'static str,
    phone: &'static str,
    subject: &'static str,
    message: &'static str,
    status: &'static str,
    priority: &'static str,
    source: &'static str,
    tags: &'static [&'static str],
    notes: &'static str,
    hours_ago: i64,
}

impl DemoContact {
    fn input(&self) -> ContactInput {
        ContactInput {
            name: Some(self.name.into()),
            email: Some(self.email.into()),
            phone: Some(self.phone.into()),
            subject: Some(self.subject.into()),
            message: Some(self.message.into()),
            status: Some(self.status.into()),
            priority: Some(self.priority.into()),
            source: Some(self.source.into()),
            tags: Some(self.tags.iter().map(|tag| (*tag).to_owned()).collect()),
            notes: Some(self.notes.into()),
            spam: None,
            attribution: None,
        }
    }
}

const DEMO_CONTACTS: [DemoContact; 9] = [
    DemoContact {
        name: "Sofia Martinez",
        email: "sofia.martinez@brightleaf.example",
        phone: "+1 415 555 0142",
        subject: "Redesign of our online store",
        message: "Hi! We run a small organic tea shop and our Shopify store feels dated. Could you help us with a redesign and better mobile checkout? We'd like to launch before the holiday season.",
        status: "new",
        priority: "high",
        source: "website",
        tags: &["e-commerce", "redesign"],
        notes: "",
        hours_ago: 5,
    },
    DemoContact {
        name: "James O'Connor",
        email: "james@oconnor-logistics.example",
        phone: "",
        subject: "Question about API integration",
        message: "We use a legacy warehouse system and want to connect it to our carriers' APIs. Is this something you do, and roughly how long would a first integration take?",
        status: "new",
        priority: "medium",
        source: "website",
        tags: &[],
        notes: "",
        hours_ago: 30,
    },
    DemoContact {
        name: "Amara Okafor",
        email: "amara.okafor@healthbridge.example",
        phone: "+44 20 7946 0321",
        subject: "Patient booking app",
        message: "HealthBridge is looking for a partner to build an appointment booking app for our three clinics. GDPR compliance is essential. Can we schedule a call next week?",
        status: "new",
        priority: "high",
        source: "referral",
        tags: &["mobile", "healthcare"],
        notes: "",
        hours_ago: 52,
    },
    DemoContact {
        name: "Lukas Becker",
        email: "lukas.becker@fahrwerk.example",
        phone: "",
        subject: "SEO audit for our blog",
        message: "Our blog traffic dropped by 40% after the last site migration. Do you offer one-off SEO audits?",
        status: "read",
        priority: "medium",
        source: "social_media",
        tags: &["seo"],
        notes: "Check whether the redirects were kept after their migration.",
        hours_ago: 24 * 6,
    },
    DemoContact {
        name: "Priya Raman",
        email: "priya@studio-raman.example",
        phone: "+91 98450 12345",
        subject: "Partnership for design work",
        message: "I run a small UX studio and we often need a development partner for our clients' web apps. Would you be open to a white-label collaboration?",
        status: "replied",
        priority: "medium",
        source: "email",
        tags: &["partnership"],
        notes: "Replied with our partner terms; intro call booked for Thursday.",
        hours_ago: 24 * 12,
    },
    DemoContact {
        name: "Daniel Kim",
        email: "daniel.kim@northpeak.example",
        phone: "",
        subject: "Maintenance contract",
        message: "Our internal dashboard was built by a freelancer who is no longer available. We need someone to maintain it and fix a few bugs every month.",
        status: "replied",
        priority: "low",
        source: "website",
        tags: &["maintenance"],
        notes: "Sent the maintenance plan pricing.",
        hours_ago: 24 * 19,
    },
    DemoContact {
        name: "Elena Popescu",
        email: "elena.popescu@verdant.example",
        phone: "+40 721 555 010",
        subject: "Thanks for the workshop",
        message: "Just wanted to say thank you for the discovery workshop last month. The team loved it, and we'll be in touch about phase two.",
        status: "closed",
        priority: "low",
        source: "phone",
        tags: &["client"],
        notes: "Existing client; follow up on phase two in January.",
        hours_ago: 24 * 27,
    },
    DemoContact {
        name: "Marcus Webb",
        email: "marcus.webb@fitloop.example",
        phone: "",
        subject: "Wearable integration",
        message: "Can your team integrate Apple Health and Google Fit data into our fitness coaching app?",
        status: "read",
        priority: "high",
        source: "other",
        tags: &["mobile", "integration"],
        notes: "",
        hours_ago: 24 * 38,
    },
    DemoContact {
        name: "Chloé Dubois",
        email: "chloe.dubois@atelier-lumiere.example",
        phone: "",
        subject: "Website for a photography studio",
        message: "I'm a photographer looking for a fast portfolio website with client galleries. What would a project like this cost?",
        status: "closed",
        priority: "medium",
        source: "website",
        tags: &[],
        notes: "Budget too small for a custom build; recommended a template service.",
        hours_ago: 24 * 55,
    },
];
