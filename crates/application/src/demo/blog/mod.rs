//! Demo blog: categories (one inactive), tags of every type, and posts spread over the past year
//! (one draft, three featured) whose markdown, taken together, uses every syntax the editor's
//! toolbar inserts and the public renderer shows.
//!
//! The posts' markdown bodies are data, one constant each, in [`posts`].

mod posts;

use atelier_domain::EntityId;
use atelier_domain::category::{Category, CategoryChanges, CategoryInput};
use atelier_domain::post::{ContentInput, Post, PostChanges, PostInput};
use atelier_domain::slug::Slug;
use atelier_domain::tag::{Tag, TagChanges, TagInput};
use chrono::{DateTime, Duration, Utc};

use crate::blog::ports::PostRepository;
use crate::categories::ports::CategoryRepository;
use crate::tags::ports::TagRepository;

use self::posts::DEMO_POSTS;

/// Stores the demo categories, tags and posts.
pub(super) async fn seed<S>(store: &S, now: DateTime<Utc>) -> anyhow::Result<()>
where
    S: CategoryRepository + TagRepository + PostRepository,
{
    let mut categories = Vec::new();
    for (index, demo) in (0_i64..).zip(&DEMO_CATEGORIES) {
        let created = now - Duration::days(400) + Duration::minutes(index);
        let input = CategoryInput {
            name: None,
            slug: Some(demo.slug.into()),
            display_name: Some(demo.display_name.into()),
            description: Some(demo.description.into()),
            featured: Some(demo.featured),
            status: Some(if demo.active { "active" } else { "inactive" }.into()),
            order: Some(index),
        };
        let changes = CategoryChanges::parse(input, true).expect("the demo categories are valid");
        let mut category = Category::create(EntityId::generate(created), changes, created);
        store.insert(&mut category).await?;
        categories.push(category);
    }

    let mut tags = Vec::new();
    for (index, demo) in (0_i64..).zip(&DEMO_TAGS) {
        let created = now - Duration::days(400) + Duration::minutes(index);
        let input = TagInput {
            name: Some(demo.name.into()),
            description: Some(demo.description.into()),
            color: Some(demo.color.into()),
            tag_type: Some(demo.kind.into()),
        };
        let changes = TagChanges::parse(input, true).expect("the demo tags are valid");
        let slug = Slug::from_title(demo.name).expect("demo tag names make slugs");
        let mut tag = Tag::create(EntityId::generate(created), slug, changes, created);
        store.insert(&mut tag).await?;
        tags.push(tag);
    }

    for (number, demo) in (1_u32..).zip(&DEMO_POSTS) {
        let created = now - Duration::days(demo.days_ago) - Duration::hours(i64::from(number));
        let category = categories.iter().find(|category| category.slug.as_str() == demo.category);
        let post_tags: Vec<String> = demo
            .tags
            .iter()
            .filter_map(|name| tags.iter().find(|tag| tag.name == *name))
            .map(|tag| tag.id.to_string())
            .collect();
        let input = PostInput {
            title: Some(demo.title.into()),
            slug: None,
            excerpt: Some(demo.excerpt.into()),
            content: Some(ContentInput::Markdown(demo.content.into())),
            featured_image: Some(format!("/images/demo/blog-{number}.svg")),
            category: Some(category.map(|category| category.id.to_string()).unwrap_or_default()),
            tags: Some(post_tags),
            author_name: Some(demo.author.into()),
            status: Some(if demo.published { "published" } else { "draft" }.into()),
            featured: Some(demo.featured),
            meta_title: Some(demo.title.into()),
            meta_description: Some(demo.excerpt.into()),
            publish_at: None,
        };
        let changes = PostChanges::parse(input, true).expect("the demo posts are valid");
        let slug = Slug::from_title(demo.title).expect("demo titles make slugs");
        let mut post = Post::create(EntityId::generate(created), slug, changes, created);
        post.views = demo.views;
        store.insert(&mut post).await?;
    }
    Ok(())
}

struct DemoCategory {
    slug: &'static str,
    display_name: &'static str,
    description: &'static str,
    featured: bool,
    active: bool,
}

const DEMO_CATEGORIES: [DemoCategory; 8] = [
    DemoCategory {
        slug: "web-development",
        display_name: "Web Development",
        description: "Building fast, accessible web applications.",
        featured: true,
        active: true,
    },
    DemoCategory {
        slug: "mobile-apps",
        display_name: "Mobile Apps",
        description: "iOS, Android and cross-platform development.",
        featured: true,
        active: true,
    },
    DemoCategory {
        slug: "ui-ux-design",
        display_name: "UI/UX Design",
        description: "Research, interfaces and design systems.",
        featured: true,
        active: true,
    },
    DemoCategory {
        slug: "seo-growth",
        display_name: "SEO & Growth",
        description: "Getting found, and turning visitors into customers.",
        featured: false,
        active: true,
    },
    DemoCategory {
        slug: "cloud-devops",
        display_name: "Cloud & DevOps",
        description: "Infrastructure, deployment and keeping systems healthy.",
        featured: false,
        active: true,
    },
    DemoCategory {
        slug: "software-architecture",
        display_name: "Software Architecture",
        description: "Structuring systems that last.",
        featured: false,
        active: true,
    },
    DemoCategory {
        slug: "agency-life",
        display_name: "Agency Life",
        description: "How we work, estimate and collaborate with clients.",
        featured: false,
        active: true,
    },
    DemoCategory {
        slug: "company-news",
        display_name: "Company News",
        description: "Announcements (hidden until we have news to share).",
        featured: false,
        active: false,
    },
];

struct DemoTag {
    name: &'static str,
    description: &'static str,
    color: &'static str,
    kind: &'static str,
}

const DEMO_TAGS: [DemoTag; 17] = [
    DemoTag { name: "Rust", description: "Systems programming with Rust.", color: "#DEA584", kind: "blog" },
    DemoTag { name: "TypeScript", description: "Typed JavaScript.", color: "#3178C6", kind: "blog" },
    DemoTag { name: "React", description: "Interfaces with React.", color: "#61DAFB", kind: "blog" },
    DemoTag { name: "React Native", description: "Cross-platform mobile apps.", color: "#0EA5E9", kind: "blog" },
    DemoTag { name: "PostgreSQL", description: "The database we reach for first.", color: "#336791", kind: "blog" },
    DemoTag { name: "API Design", description: "Contracts between systems.", color: "#8B5CF6", kind: "blog" },
    DemoTag { name: "Performance", description: "Making things fast.", color: "#F59E0B", kind: "blog" },
    DemoTag { name: "Accessibility", description: "Software everyone can use.", color: "#10B981", kind: "blog" },
    DemoTag { name: "Design Systems", description: "Shared components and tokens.", color: "#EC4899", kind: "blog" },
    DemoTag { name: "SEO", description: "Search engine optimisation.", color: "#22C55E", kind: "blog" },
    DemoTag { name: "DevOps", description: "Delivery and operations.", color: "#EF4444", kind: "blog" },
    DemoTag { name: "Best Practices", description: "Lessons we keep relearning.", color: "#64748B", kind: "general" },
    DemoTag { name: "Tutorial", description: "Step-by-step guides.", color: "#0891B2", kind: "general" },
    DemoTag {
        name: "Case Study",
        description: "Projects we shipped, told in full.",
        color: "#A855F7",
        kind: "general",
    },
    DemoTag { name: "E-commerce", description: "Online shops and checkouts.", color: "#F97316", kind: "portfolio" },
    DemoTag { name: "Fintech", description: "Payments and finance.", color: "#14B8A6", kind: "portfolio" },
    DemoTag {
        name: "Healthcare",
        description: "Clinical and wellbeing products.",
        color: "#6366F1",
        kind: "portfolio",
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    fn all_content() -> String {
        DEMO_POSTS.iter().map(|post| post.content).collect::<Vec<_>>().join("\n\n")
    }

    #[test]
    fn the_demo_posts_use_every_syntax_of_the_editor_and_renderer() {
        let content = all_content();
        let syntax = [
            ("heading 1", "\n# "),
            ("heading 2", "\n## "),
            ("heading 3", "\n### "),
            ("bold", "**"),
            ("italic", " *"),
            ("strikethrough", "~~"),
            ("underline", "++"),
            ("highlight", "=="),
            ("superscript", "1^st^"),
            ("subscript", "CO~2~"),
            ("small text", "--Figures"),
            ("inline code", "`createdAt`"),
            ("fenced code with a language", "```rust"),
            ("link", "](https://"),
            ("local image", "](/images/demo/"),
            ("blockquote", "\n> "),
            ("horizontal rule", "\n---\n"),
            ("table", "|---|"),
            ("ordered list", "\n1. "),
            ("unordered list", "\n- "),
            ("checked task", "- [x] "),
            ("open task", "- [ ] "),
            ("footnote reference", "[^1]"),
            ("footnote definition", "[^1]: "),
            ("success badge", "{success: "),
            ("warning badge", "{warning: "),
            ("error badge", "{error: "),
            ("info badge", "{badge: "),
            ("keyboard key", "[[Ctrl]]"),
        ];
        for (name, marker) in syntax {
            assert!(content.contains(marker), "no demo post uses {name} ({marker})");
        }
        let languages = ["json", "rust", "typescript", "html", "sql", "bash", "toml", "python", "css", "javascript"];
        for language in languages {
            assert!(content.contains(&format!("```{language}\n")), "no {language} code block");
        }
    }

    #[test]
    fn the_demo_blog_is_large_and_varied_enough() {
        assert!(DEMO_CATEGORIES.iter().filter(|category| category.active).count() >= 6);
        let kinds: Vec<_> = DEMO_TAGS.iter().map(|tag| tag.kind).collect();
        assert!(DEMO_TAGS.len() >= 12 && ["blog", "general", "portfolio"].iter().all(|kind| kinds.contains(kind)));
        assert!(DEMO_POSTS.iter().filter(|post| post.published).count() >= 9);
        assert!(DEMO_POSTS.iter().any(|post| !post.published));
        assert_eq!(DEMO_POSTS.iter().filter(|post| post.featured && post.published).count(), 3);
        let mut days: Vec<_> = DEMO_POSTS.iter().map(|post| post.days_ago).collect();
        days.sort_unstable();
        days.dedup();
        assert_eq!(days.len(), DEMO_POSTS.len(), "creation dates are distinct");
        assert!(days.iter().all(|days| *days < 365), "within the past year");
        for post in &DEMO_POSTS {
            assert!(DEMO_CATEGORIES.iter().any(|category| category.slug == post.category), "{}", post.title);
            for tag in post.tags {
                assert!(DEMO_TAGS.iter().any(|known| known.name == *tag), "{tag} in {}", post.title);
            }
        }
    }
}
