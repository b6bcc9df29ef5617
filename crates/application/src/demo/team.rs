//! Demo team: six people across departments, with avatars, skills and links.

use atelier_domain::EntityId;
use atelier_domain::ordering::Placement;
use atelier_domain::team::{SocialLinksInput, TeamMember, TeamMemberChanges, TeamMemberInput};
use chrono::{DateTime, Duration, Utc};

use crate::team::ports::TeamRepository;

struct DemoMember {
    name: &'static str,
    position: &'static str,
    department: &'static str,
    bio: &'static str,
    skills: &'static [&'static str],
    handle: &'static str,
}

const DEMO: [DemoMember; 6] = [
    DemoMember {
        name: "Elena Vasquez",
        position: "Founder & CEO",
        department: "Leadership",
        bio: "Elena founded Atelier after a decade leading product teams at **fintech startups**. She still reviews every proposal herself.",
        skills: &["Product Strategy", "Client Partnerships", "Agile Coaching"],
        handle: "elenavasquez",
    },
    DemoMember {
        name: "James Carter",
        position: "Chief Technology Officer",
        department: "Engineering",
        bio: "James designs the architecture behind our largest projects and mentors the engineering team.\n\n- 15 years in distributed systems\n- Speaker at RustConf and KubeCon",
        skills: &["Rust", "Distributed Systems", "Cloud Architecture", "PostgreSQL"],
        handle: "jcarter",
    },
    DemoMember {
        name: "Aisha Bello",
        position: "Lead Product Designer",
        department: "Design",
        bio: "Aisha turns complex workflows into interfaces people *enjoy* using. She runs our design system and accessibility reviews.",
        skills: &["UI/UX Design", "Figma", "Design Systems", "Accessibility"],
        handle: "aishabello",
    },
    DemoMember {
        name: "Tomás Lindqvist",
        position: "Senior Mobile Engineer",
        department: "Engineering",
        bio: "Tomás builds our iOS and Android apps, from offline-first sync to buttery animations.",
        skills: &["React Native", "Swift", "Kotlin", "Offline Sync"],
        handle: "tlindqvist",
    },
    DemoMember {
        name: "Hannah Kim",
        position: "Project Manager",
        department: "Delivery",
        bio: "Hannah keeps projects on time and clients informed, with a weekly demo and a plain-language status report.",
        skills: &["Scrum", "Roadmapping", "Stakeholder Communication"],
        handle: "hannahkim",
    },
    DemoMember {
        name: "Rafael Moreno",
        position: "SEO & Growth Specialist",
        department: "Marketing",
        bio: "Rafael makes sure what we build gets found: technical SEO, analytics and conversion experiments.",
        skills: &["Technical SEO", "Analytics", "Content Strategy"],
        handle: "rafaelmoreno",
    },
];

pub(super) async fn seed(store: &impl TeamRepository, now: DateTime<Utc>) -> anyhow::Result<()> {
    for (position, member) in (1_u32..).zip(DEMO) {
        let input = TeamMemberInput {
            name: Some(member.name.into()),
            position: Some(member.position.into()),
            email: Some(format!("{}@atelier.example", member.handle)),
            bio: Some(member.bio.into()),
            avatar: Some(format!("/images/demo/team-{position}.svg")),
            status: Some("active".into()),
            order: None,
            social_links: Some(SocialLinksInput {
                linkedin: Some(format!("https://www.linkedin.com/in/{}", member.handle)),
                twitter: Some(if position % 2 == 0 {
                    format!("https://twitter.com/{}", member.handle)
                } else {
                    String::new()
                }),
                github: Some(if member.department == "Engineering" {
                    format!("https://github.com/{}", member.handle)
                } else {
                    String::new()
                }),
                website: Some(if position == 1 { "https://atelier.example".into() } else { String::new() }),
            }),
            skills: Some(member.skills.iter().map(|skill| (*skill).to_owned()).collect()),
            department: Some(member.department.into()),
        };
        let created = now - Duration::seconds(i64::from(10 - position));
        let changes = TeamMemberChanges::parse(input, true).expect("the demo team is valid");
        let id = EntityId::generate(created);
        store
            .insert_team_member(&TeamMember::create(id, changes, position, created), &[Placement::new(id, position)])
            .await?;
    }
    Ok(())
}
