//! Demo project requests: a sales pipeline with every status, every priority and several sources,
//! received over the last two months.

use atelier_domain::EntityId;
use atelier_domain::project_request::{ProjectRequest, ProjectRequestChanges, ProjectRequestInput};
use chrono::{DateTime, Duration, Utc};

use crate::project_requests::ports::ProjectRequestRepository;

pub(super) async fn seed(store: &impl ProjectRequestRepository, now: DateTime<Utc>) -> anyhow::Result<()> {
    for demo in DEMO_REQUESTS {
        let created = now - Duration::hours(demo.hours_ago);
        let changes = ProjectRequestChanges::parse(demo.input(), true).expect("the demo project requests are valid");
        let mut request = ProjectRequest::create(EntityId::generate(created), changes, created);
        request.updated_at = now - Duration::hours(demo.hours_ago / 3);
        store.insert(&mut request).await?;
    }
    Ok(())
}

struct DemoRequest {
    client: &'static str,
    company: &'static str,
    email: &'static str,
    phone: &'static str,
    project_type: &'static str,
    budget: &'static str,
    timeline: &'static str,
    description: &'static str,
    status: &'static str,
    priority: &'static str,
    source: &'static str,
    notes: &'static str,
    hours_ago: i64,
}

impl DemoRequest {
    fn input(&self) -> ProjectRequestInput {
        ProjectRequestInput {
            client_name: Some(self.client.into()),
            company_name: Some(self.company.into()),
            email: Some(self.email.into()),
            phone: Some(self.phone.into()),
            project_type: Some(self.project_type.into()),
            budget: Some(self.budget.into()),
            timeline: Some(self.timeline.into()),
            description: Some(self.description.into()),
            status: Some(self.status.into()),
            priority: Some(self.priority.into()),
            source: Some(self.source.into()),
            notes: Some(self.notes.into()),
            spam: None,
            attribution: None,
        }
    }
}

const DEMO_REQUESTS: [DemoRequest; 10] = [
    DemoRequest {
        client: "Rachel Green",
        company: "Evergreen Dental Group",
        email: "rachel.green@evergreendental.example",
        phone: "+1 312 555 0187",
        project_type: "mobile-app",
        budget: "25k-50k",
        timeline: "3-6-months",
        description: "A patient app for our eight practices: appointment booking, reminders, treatment history and secure messaging with the front desk.",
        status: "new_request",
        priority: "high",
        source: "website",
        notes: "",
        hours_ago: 3,
    },
    DemoRequest {
        client: "Tom Hansen",
        company: "Nordic Bike Rentals",
        email: "tom@nordicbikes.example",
        phone: "",
        project_type: "ecommerce",
        budget: "10k-25k",
        timeline: "asap",
        description: "Online booking and payment for bike rentals across three locations, with seasonal pricing and a simple admin for our staff.",
        status: "new_request",
        priority: "urgent",
        source: "website",
        notes: "",
        hours_ago: 20,
    },
    DemoRequest {
        client: "Aisha Bello",
        company: "Lagos Fresh Market",
        email: "aisha.bello@lagosfresh.example",
        phone: "+234 803 555 0199",
        project_type: "Web Application",
        budget: "5k-10k",
        timeline: "1-3-months",
        description: "An ordering portal for restaurants that buy produce from us wholesale, with standing weekly orders and invoices.",
        status: "contacted",
        priority: "medium",
        source: "referral",
        notes: "Intro call done. Referred by Verdant Foods.",
        hours_ago: 24 * 4,
    },
    DemoRequest {
        client: "Oliver Grant",
        company: "Grant & Partners Law",
        email: "oliver.grant@grantpartners.example",
        phone: "",
        project_type: "Custom Software",
        budget: "25k-50k",
        timeline: "3-6-months",
        description: "Case management software to replace our spreadsheets: matters, deadlines, document templates and time tracking.",
        status: "proposal_sent",
        priority: "high",
        source: "email",
        notes: "Proposal v1 sent; waiting for feedback from the partners' meeting.",
        hours_ago: 24 * 10,
    },
    DemoRequest {
        client: "Mei Tanaka",
        company: "Kumo Analytics",
        email: "mei.tanaka@kumo-analytics.example",
        phone: "+81 3 5550 1234",
        project_type: "API Development",
        budget: "over-50k",
        timeline: "6-plus-months",
        description: "A public REST API and developer portal for our analytics platform, with usage-based billing and API keys.",
        status: "in_negotiation",
        priority: "urgent",
        source: "social_media",
        notes: "Negotiating the support retainer; legal review of the MSA in progress.",
        hours_ago: 24 * 17,
    },
    DemoRequest {
        client: "Carlos Mendes",
        company: "Mendes Coffee Roasters",
        email: "carlos@mendescoffee.example",
        phone: "",
        project_type: "ui-ux",
        budget: "5k-10k",
        timeline: "flexible",
        description: "A refreshed brand website and subscription flow for our monthly coffee boxes.",
        status: "accepted",
        priority: "medium",
        source: "website",
        notes: "Kick-off scheduled for the first Monday of next month.",
        hours_ago: 24 * 25,
    },
    DemoRequest {
        client: "Hannah Schmidt",
        company: "Alpen Tours",
        email: "hannah.schmidt@alpentours.example",
        phone: "+49 89 5550 7788",
        project_type: "seo",
        budget: "under-5k",
        timeline: "1-3-months",
        description: "Improve search rankings for our guided hiking tours in English and German.",
        status: "declined",
        priority: "low",
        source: "phone",
        notes: "Declined: they chose a local agency for German-language content.",
        hours_ago: 24 * 33,
    },
    DemoRequest {
        client: "Noah Williams",
        company: "Brightpath Learning",
        email: "noah.williams@brightpath.example",
        phone: "",
        project_type: "web-app",
        budget: "10k-25k",
        timeline: "3-6-months",
        description: "A learning platform for our online courses: video lessons, quizzes, progress tracking and certificates.",
        status: "completed",
        priority: "medium",
        source: "referral",
        notes: "Delivered on time; launched with 1,200 learners.",
        hours_ago: 24 * 58,
    },
    DemoRequest {
        client: "Fatima Zahra",
        company: "Atlas Home Care",
        email: "fatima.zahra@atlashomecare.example",
        phone: "+212 522 555 014",
        project_type: "Maintenance & Support",
        budget: "not-sure",
        timeline: "asap",
        description: "Our caregiver scheduling app crashes on older Android phones. We need urgent fixes and then ongoing support.",
        status: "contacted",
        priority: "urgent",
        source: "other",
        notes: "Asked for crash logs and access to their Play Console.",
        hours_ago: 24 * 2,
    },
    DemoRequest {
        client: "Ethan Brooks",
        company: "Harbor Realty",
        email: "ethan.brooks@harborrealty.example",
        phone: "",
        project_type: "website",
        budget: "10k-25k",
        timeline: "1-3-months",
        description: "A property listing website with map search, saved searches and lead forms that feed our CRM.",
        status: "proposal_sent",
        priority: "low",
        source: "social_media",
        notes: "",
        hours_ago: 24 * 45,
    },
];
