//! The demo posts: data, one constant with each post's markdown body (taken together they use every
//! syntax the editor's toolbar inserts and the public renderer shows).

pub(super) struct DemoPost {
    pub(super) title: &'static str,
    pub(super) excerpt: &'static str,
    pub(super) content: &'static str,
    pub(super) category: &'static str,
    pub(super) tags: &'static [&'static str],
    pub(super) author: &'static str,
    pub(super) days_ago: i64,
    pub(super) published: bool,
    pub(super) featured: bool,
    pub(super) views: u64,
}

pub(super) const DEMO_POSTS: [DemoPost; 11] = [
    DemoPost {
        title: "Designing APIs People Enjoy Using",
        excerpt: "Consistent names, honest errors and a contract you can test: what we have learned from a decade of building APIs.",
        category: "web-development",
        tags: &["API Design", "Rust", "Best Practices"],
        author: "Maya Chen",
        days_ago: 9,
        published: true,
        featured: true,
        views: 1_284,
        content: r#"# Designing APIs People Enjoy Using

An API is a **user interface for developers**. If it surprises them, they will *work around it*, and every workaround becomes a support ticket.

## Start from the contract

We write the OpenAPI document before the handlers. The document is reviewed like code, and the client is generated from it, so the two can never drift.[^1]

### Name things once

Pick `createdAt` or `created_at`, never both. Our rule of thumb:

| Concern | Convention | Example |
|---|---|---|
| Field names | camelCase | `featuredImage` |
| Identifiers | 24 hex characters | `65f1c2a9b4e8d70012345678` |
| Timestamps | ISO-8601 UTC | `2026-03-01T09:30:00Z` |

## Errors are part of the API

Every error has the same shape, and validation errors name **every** failing field at once:

```json
{
  "message": "Validation failed",
  "errors": { "title": "Title is required", "status": "Status must be draft or published" }
}
```

In Rust we model each use case's failures as one enum, so the compiler reminds us to map every case:

```rust
#[derive(Debug, thiserror::Error)]
pub enum CreatePostError {
    #[error("a post with this slug already exists")]
    DuplicateSlug,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}
```

Read more in the [HTTP semantics RFC](https://www.rfc-editor.org/rfc/rfc9110) and in our [services overview](/services).

[^1]: We check the generated client in CI; a stale client fails the build."#,
    },
    DemoPost {
        title: "From Figma to Production: A Design System Story",
        excerpt: "How a retail client went from 40 button styles to one component library their whole team trusts.",
        category: "ui-ux-design",
        tags: &["Design Systems", "React", "Accessibility"],
        author: "Sofia Martins",
        days_ago: 38,
        published: true,
        featured: true,
        views: 956,
        content: r"# From Figma to Production

When we audited the client's storefront we counted **forty** different button styles. None of them were wrong; together they were ==quietly expensive==.

![The component audit board](/images/demo/blog-2.svg)

> A design system is not a library of components. It is an agreement about how a team makes decisions.
>
> — our lead designer, at the kick-off workshop

## What we shipped

1. Design tokens for colour, spacing and type
2. Twenty-two components, each with ++documented states++
3. A contribution guide, so the system keeps growing after we leave

## What made it stick

- Designers and developers reviewed each component **together**
- Every component has a live example in Storybook
- Accessibility checks run on every pull request

---

Six months later, new screens take days instead of weeks, and the audit board has one button on it.",
    },
    DemoPost {
        title: "Shipping a React Native App in 12 Weeks",
        excerpt: "A week-by-week account of taking a fitness app from first workshop to both app stores.",
        category: "mobile-apps",
        tags: &["React Native", "TypeScript", "Case Study"],
        author: "Daniel Okafor",
        days_ago: 66,
        published: true,
        featured: true,
        views: 2_107,
        content: r"# Shipping a React Native App in 12 Weeks

Twelve weeks is enough for a focused first release, if you decide early what *not* to build.

## The launch checklist

- [x] Product workshop and release scope
- [x] Offline-first workout log
- [x] Push notifications {success: Done}
- [ ] Apple Watch companion {warning: Next release}
- [ ] Android widgets {badge: Planned}

Store review status: {success: Approved on iOS} {error: One rejection on Android (fixed in a day)}

## Typed navigation

We type every route, so a missing parameter is a compile error rather than a crash report:

```typescript
type RootStack = {
  Home: undefined;
  Workout: { workoutId: string };
};

navigation.navigate('Workout', { workoutId: workout.id });
```

## Debugging tips

Open the developer menu with [[Ctrl]] + [[M]] on Android emulators, or [[Cmd]] + [[D]] on the iOS simulator.",
    },
    DemoPost {
        title: "A Technical SEO Checklist for Modern Web Apps",
        excerpt: "Single-page apps can rank well. Here is the checklist we run before every launch.",
        category: "seo-growth",
        tags: &["SEO", "Performance", "Tutorial"],
        author: "Priya Raman",
        days_ago: 97,
        published: true,
        featured: false,
        views: 743,
        content: r#"# A Technical SEO Checklist

Search engines render JavaScript, but ~~they do it instantly~~ they queue it. Make the first response count.

## Before launch

- [x] Every page has a unique `<title>` and meta description
- [x] Canonical URLs on paginated lists
- [ ] Structured data for articles and breadcrumbs

## The head of every page

```html
<title>Designing APIs People Enjoy Using | Atelier</title>
<meta name="description" content="Consistent names, honest errors and a testable contract." />
<link rel="canonical" href="https://example.com/blog/designing-apis-people-enjoy-using" />
```

## Measuring it

| Metric | Good | Needs work |
|---|---|---|
| Largest Contentful Paint | under 2.5 s | over 4 s |
| Interaction to Next Paint | under 200 ms | over 500 ms |
| Cumulative Layout Shift | under 0.1 | over 0.25 |

Ranking is the 1^st^ step; the page still has to answer the visitor's question.

--Figures from the public Core Web Vitals thresholds at the time of writing.--"#,
    },
    DemoPost {
        title: "Zero-Downtime Database Migrations",
        excerpt: "Expand, migrate, contract: the three-step pattern that lets us change schemas while customers keep working.",
        category: "cloud-devops",
        tags: &["PostgreSQL", "DevOps", "Best Practices"],
        author: "Liam Novak",
        days_ago: 131,
        published: true,
        featured: false,
        views: 1_532,
        content: r#"# Zero-Downtime Database Migrations

Renaming a column sounds harmless. On a busy table, a careless `ALTER TABLE` can lock writes for minutes.

## Expand, migrate, contract

1. **Expand**: add the new column, nullable, and write to both
2. **Migrate**: backfill in small batches
3. **Contract**: switch reads, then drop the old column in a later release

```sql
ALTER TABLE orders ADD COLUMN customer_email text;

UPDATE orders SET customer_email = email
WHERE id IN (SELECT id FROM orders WHERE customer_email IS NULL LIMIT 5000);
```

We run the backfill from a small script so it can pause between batches:

```bash
until psql "$DATABASE_URL" -f backfill.sql | grep -q 'UPDATE 0'; do
  sleep 2
done
```

> Never combine a schema change and a data change in one deploy.

The rule has saved us more than once.[^locks]

[^locks]: PostgreSQL's documentation lists which statements take which locks; read it before every migration."#,
    },
    DemoPost {
        title: "Accessibility Is a Feature, Not a Checklist",
        excerpt: "Keyboard users, screen readers and tired eyes: designing for them makes products better for everyone.",
        category: "ui-ux-design",
        tags: &["Accessibility", "Design Systems", "Best Practices"],
        author: "Sofia Martins",
        days_ago: 164,
        published: true,
        featured: false,
        views: 618,
        content: r"# Accessibility Is a Feature

## Try it yourself

Put the mouse away and use the site with [[Tab]], [[Shift]] + [[Tab]] and [[Enter]]. Can you reach every control? Can you *see* where you are?

## Three habits that help most

- Use real buttons and links, not clickable `div`s
- Give every image a meaningful alternative text, or an empty one if it is decorative
- Check colour contrast for text **and** for focus outlines

### Useful references

- [WCAG 2.2 quick reference](https://www.w3.org/WAI/WCAG22/quickref/)
- [Inclusive Components](https://inclusive-components.design/)

Accessible products are ++easier to test++ too: the same labels that screen readers announce are the ones our end-to-end tests click.",
    },
    DemoPost {
        title: "Monolith or Microservices? Start With the Team",
        excerpt: "The right architecture depends less on traffic than on how many teams need to ship independently.",
        category: "software-architecture",
        tags: &["API Design", "Best Practices"],
        author: "Maya Chen",
        days_ago: 203,
        published: true,
        featured: false,
        views: 1_077,
        content: r"# Monolith or Microservices?

Most of our clients are best served by a **well-structured monolith**: one deployable, clear modules, and boundaries enforced by the compiler.

## When to split

| Signal | Monolith | Services |
|---|---|---|
| Teams | one or two | many, shipping independently |
| Deploys | together is fine | must be independent |
| Data | one database | clear ownership per service |

## Our default

1. Start with one binary and a ports-and-adapters structure
2. Keep each feature in its own module with its own tests
3. Split out a service only when a team boundary demands it

Moving a module out later is easy when it already talks to the rest through one interface.",
    },
    DemoPost {
        title: "How We Estimate Projects",
        excerpt: "Ranges instead of single numbers, and a spreadsheet we share with every client.",
        category: "agency-life",
        tags: &["Best Practices"],
        author: "Daniel Okafor",
        days_ago: 241,
        published: true,
        featured: false,
        views: 489,
        content: r"# How We Estimate Projects

Every estimate we send is a **range**, with the assumptions written next to it.

## The spreadsheet

| Feature | Low (days) | High (days) | Main risk |
|---|---|---|---|
| Sign-in and accounts | 3 | 5 | single sign-on provider |
| Product catalogue | 5 | 9 | data import quality |
| Checkout | 6 | 12 | payment provider review |

We add 15% for the things nobody knows yet.[^buffer] For a sustainability report we even estimated the CO~2~ cost of the hosting options.

## Why share it?

Because the client knows things we do not. Half our best scope cuts came from a client reading the *Main risk* column.

[^buffer]: The buffer is visible, never hidden inside the feature estimates.",
    },
    DemoPost {
        title: "Observability on a Small Budget",
        excerpt: "Structured logs, a handful of metrics and one dashboard: enough to sleep well without an enterprise bill.",
        category: "cloud-devops",
        tags: &["DevOps", "Rust", "Tutorial"],
        author: "Liam Novak",
        days_ago: 287,
        published: true,
        featured: false,
        views: 812,
        content: r#"# Observability on a Small Budget

You do not need a dozen tools. You need to answer one question quickly: **what changed?**

## Structured logs first

Log events, not sentences. Every line carries the request id, so one search shows a whole request.

```toml
[log]
format = "json"
level = "info"
```

```python
import json, sys

for line in sys.stdin:
    event = json.loads(line)
    if event.get("status", 0) >= 500:
        print(event["request_id"], event["message"])
```

## Alert status

- Error rate {success: Healthy}
- Disk usage {warning: 78% on the database volume}
- Certificate renewal {error: Expires in 5 days}
- On-call rota {badge: Updated weekly}"#,
    },
    DemoPost {
        title: "Core Web Vitals in Practice",
        excerpt: "Three fixes that moved a marketing site from red to green in two sprints.",
        category: "web-development",
        tags: &["Performance", "React", "SEO"],
        author: "Priya Raman",
        days_ago: 332,
        published: true,
        featured: false,
        views: 1_395,
        content: r"# Core Web Vitals in Practice

## 1. Reserve space for images

Layout shift mostly comes from images without dimensions:

```css
.hero img {
  aspect-ratio: 16 / 9;
  width: 100%;
  height: auto;
}
```

## 2. Load less JavaScript up front

```javascript
const Chart = lazy(() => import('./chart'));
```

## 3. Preload the hero font

Fonts that arrive late ==repaint the whole page==. Preload the one the hero uses and let the rest swap in.

Results after two sprints: LCP 4.1 s → 1.9 s, CLS 0.31 → 0.02.",
    },
    DemoPost {
        title: "Our Plans for the Year Ahead",
        excerpt: "New services, a bigger design team and more open-source work. A draft until the board signs it off.",
        category: "agency-life",
        tags: &["Best Practices"],
        author: "Maya Chen",
        days_ago: 2,
        published: false,
        featured: false,
        views: 0,
        content: r"# Our Plans for the Year Ahead

This post is still a **draft**: the numbers below are placeholders.

- A dedicated accessibility review service
- Two more designers
- Open-sourcing our project templates",
    },
];
