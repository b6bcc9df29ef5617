//! The statistics' benchmark (not a test): a year of a busy small site, 3 000 000 page views by
//! default, seeded into SQLite (and PostgreSQL when `BENCH_DATABASE_URL` or `TEST_DATABASE_URL` names
//! a server) as a year of running leaves it: every day but today rolled up, the last 30 days' raw
//! views kept, today's only raw; a thousand leads. Then each Insights call is timed three times on
//! several ranges and judged on the median: the table is printed, and the exit status is 1 when one
//! is over the limit (200 ms).
//!
//!   cargo run --release --locked -p atelier-adapters-db --example insights_bench
//!
//! `BENCH_VIEWS` (3000000), `BENCH_DAYS` (365), `BENCH_LIMIT_MS` (200) override the defaults.
//! `BENCH_KEEP=1` keeps the seeded databases (`target/insights-bench/bench.db` and the schema
//! `bench_insights`) and reuses them on the next run when they hold the same site seeded today;
//! `BENCH_ONLY=sqlite` or `postgres` measures one database; `ATELIER_LOG_STATEMENTS=1` prints each
//! statement and its time to standard error (target `sqlx::query`), one call after another.

// A generator's small indexes into fixed tables: truncation cannot happen on any target.
#![allow(clippy::cast_possible_truncation, clippy::manual_is_multiple_of, clippy::doc_markdown)]

use std::time::{Duration, Instant};

use atelier_adapters_db::{SeaOrmStore, connect, migrations};
use atelier_application::blog::BlogCatalog;
use atelier_application::insights::Insights;
use atelier_application::insights::ports::PageViewRepository;
use atelier_application::ports::Clock;
use atelier_application::records::RecordRepository;
use atelier_domain::EntityId;
use atelier_domain::contact::{ContactChanges, ContactInput, ContactMessage};
use atelier_domain::insights::DayRange;
use atelier_domain::page_view::{AttributionInput, Beacon, BeaconInput, DayTotals, DeviceClass, PageView};
use atelier_domain::post::PostInput;
use atelier_domain::visitor::{Visitor, VisitorSalt};
use chrono::{DateTime, Days, NaiveDate, Utc};
use sea_orm::ConnectionTrait;

#[derive(Debug, Clone)]
struct At(DateTime<Utc>);

impl Clock for At {
    fn now(&self) -> DateTime<Utc> {
        self.0
    }
}

fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|value| value.parse().ok()).unwrap_or(default)
}

/// A small deterministic generator (xorshift), so every run seeds the same site.
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// 0..n, the low values far likelier (a site's few popular pages).
    fn skewed(&mut self, n: u64) -> u64 {
        let a = self.next() % n;
        let b = self.next() % n;
        a.min(b)
    }
}

const REFERRERS: [&str; 12] = [
    "google.com",
    "duckduckgo.com",
    "bing.com",
    "news.ycombinator.com",
    "reddit.com",
    "linkedin.com",
    "twitter.com",
    "github.com",
    "dev.to",
    "medium.com",
    "lobste.rs",
    "example.org",
];
const CAMPAIGNS: [(&str, &str, &str); 5] = [
    ("newsletter", "email", "winter"),
    ("newsletter", "email", "spring"),
    ("linkedin", "social", "launch"),
    ("google", "cpc", "brand"),
    ("partner", "referral", "agency"),
];
const PAGES: [&str; 12] = [
    "/",
    "/services",
    "/portfolio",
    "/about",
    "/contact",
    "/blog",
    "/faq",
    "/discuss-project",
    "/team",
    "/privacy",
    "/services/web",
    "/services/apps",
];

/// The path of page number `n`: the site's pages, then 300 blog posts.
fn path(n: u64) -> String {
    usize::try_from(n)
        .ok()
        .and_then(|n| PAGES.get(n))
        .map_or_else(|| format!("/blog/post-{}", n - 11), |page| (*page).to_owned())
}

/// One day's views: about three per visitor.
fn day_views(day: NaiveDate, count: u64, dice: &mut Dice) -> Vec<PageView> {
    let salt = VisitorSalt::generate();
    let visitors: Vec<Visitor> = (0..count.div_ceil(3))
        .map(|n| Visitor::identify(&salt, &format!("198.51.{}.{}", n / 250, n % 250), "Firefox"))
        .collect();
    let start = day.and_hms_opt(0, 0, 0).unwrap_or_default().and_utc();
    (0..count)
        .map(|n| {
            let referrer = (dice.next() % 3 == 0).then(|| REFERRERS[(dice.skewed(12)) as usize]);
            let campaign = (dice.next() % 10 == 0).then(|| CAMPAIGNS[(dice.next() % 5) as usize]);
            let beacon = Beacon::parse(&BeaconInput {
                path: Some(path(dice.skewed(312))),
                referrer: referrer.map(str::to_owned),
                utm_source: campaign.map(|c| c.0.to_owned()),
                utm_medium: campaign.map(|c| c.1.to_owned()),
                utm_campaign: campaign.map(|c| c.2.to_owned()),
                language: Some(["en-gb", "en-us", "fr", "de", "es"][(dice.next() % 5) as usize].to_owned()),
            })
            .expect("a valid beacon");
            let device = [DeviceClass::Desktop, DeviceClass::Mobile, DeviceClass::Mobile, DeviceClass::Tablet]
                [(dice.next() % 4) as usize];
            let visitor = visitors[(dice.next() % visitors.len() as u64) as usize].clone();
            let at = start + chrono::TimeDelta::seconds(i64::try_from(n * 86_399 / count).unwrap_or(0));
            PageView::new(beacon, visitor, device, at)
        })
        .collect()
}

async fn seed(store: &SeaOrmStore, today: NaiveDate, days: u64, views: u64) -> anyhow::Result<()> {
    let mut dice = Dice(0x2545_f491_4f6c_dd1d);
    let per_day = views / days;
    for back in (0..days).rev() {
        let day = today.checked_sub_days(Days::new(back)).unwrap_or(today);
        let views = day_views(day, per_day, &mut dice);
        if back < 30 {
            store.insert_page_views(&views).await?;
        }
        if back > 0 {
            store.save_day_totals(&DayTotals::of(day, &views)).await?;
        }
        for n in 0..3 {
            let at = day.and_hms_opt(10 + n, 0, 0).unwrap_or_default().and_utc();
            let input = ContactInput {
                name: Some("Bench".into()),
                email: Some("bench@example.com".into()),
                subject: Some("A quote".into()),
                message: Some("We would like a quote for a website.".into()),
                attribution: Some(AttributionInput {
                    landing_page: Some(path(dice.skewed(312))),
                    referrer: Some(REFERRERS[dice.skewed(12) as usize].to_owned()),
                    ..AttributionInput::default()
                }),
                ..ContactInput::default()
            };
            let changes = ContactChanges::parse(input, true).map_err(|errors| anyhow::anyhow!("{errors:?}"))?;
            let mut message = ContactMessage::create(EntityId::generate(at), changes, at);
            store.insert(&mut message).await?;
        }
    }
    Ok(())
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// Times each call three times; answers whether all medians were within `limit`.
async fn measure(
    label: &str,
    store: SeaOrmStore,
    now: DateTime<Utc>,
    post: &str,
    limit: Duration,
) -> anyhow::Result<bool> {
    let insights = Insights::new(store, At(now));
    let today = now.date_naive();
    let mut ok = true;
    let ranges = [7_u64, 30, 90, 365];
    let mut calls: Vec<(String, DayRange)> = Vec::new();
    for days in ranges {
        calls.push((format!("overview {days} days"), DayRange::last(days, today)));
    }
    calls.push(("overview 1096 days".into(), DayRange::last(1096, today)));
    for (name, range) in &calls {
        ok &= time(label, name, limit, || async { insights.overview(*range).await.map(drop) }).await?;
    }
    for days in [30_u64, 365] {
        let range = DayRange::last(days, today);
        ok &= time(label, &format!("posts {days} days"), limit, || async { insights.posts(range).await.map(drop) })
            .await?;
        ok &= time(label, &format!("post {days} days"), limit, || async {
            insights.post(post, range).await.map(drop).map_err(anyhow::Error::from)
        })
        .await?;
        ok &= time(label, &format!("export {days} days"), limit, || async { insights.export(range).await.map(drop) })
            .await?;
    }
    Ok(ok)
}

async fn time<F, Fut>(database: &str, name: &str, limit: Duration, call: F) -> anyhow::Result<bool>
where
    F: Fn() -> Fut,
    Fut: Future<Output = anyhow::Result<()>>,
{
    let mut times = Vec::new();
    for _ in 0..3 {
        let start = Instant::now();
        call().await?;
        times.push(start.elapsed());
    }
    let runs = times.iter().map(|time| format!("{:.1}", time.as_secs_f64() * 1000.0)).collect::<Vec<_>>().join(" ");
    let median = median(times);
    let ok = median <= limit;
    println!(
        "{database:<10} {name:<22} {:>9.1} {:>6}  {runs}",
        median.as_secs_f64() * 1000.0,
        if ok { "ok" } else { "SLOW" }
    );
    Ok(ok)
}

/// Whether the database already holds the site `seed` makes today: every day but today rolled up,
/// today's views raw, the post created.
async fn seeded(db: &sea_orm::DatabaseConnection, today: NaiveDate, days: u64) -> anyhow::Result<Option<String>> {
    let backend = db.get_database_backend();
    let Ok(Some(row)) = db
        .query_one_raw(sea_orm::Statement::from_string(
            backend,
            "SELECT COUNT(*) AS days, MAX(day) AS last, (SELECT MAX(day) FROM page_views) AS raw, \
             (SELECT MIN(id) FROM blog_posts) AS post FROM page_view_days WHERE dimension = 'total'",
        ))
        .await
    else {
        return Ok(None);
    };
    let rolled: i64 = row.try_get("", "days")?;
    let last: Option<String> = row.try_get("", "last")?;
    let raw: Option<String> = row.try_get("", "raw")?;
    let post: Option<String> = row.try_get("", "post")?;
    let yesterday = today.pred_opt().unwrap_or(today).format("%Y-%m-%d").to_string();
    let fresh = u64::try_from(rolled).ok() == Some(days - 1)
        && (days == 1 || last.as_deref() == Some(yesterday.as_str()))
        && raw.as_deref().map(str::trim) == Some(today.format("%Y-%m-%d").to_string().as_str());
    Ok(post.filter(|_| fresh))
}

async fn bench(
    label: &str,
    url: &str,
    now: DateTime<Utc>,
    days: u64,
    views: u64,
    limit: Duration,
) -> anyhow::Result<bool> {
    let db = connect(url).await?;
    migrations::run(&db).await?;
    let store = SeaOrmStore::new(db.clone());
    let post = if let Some(post) = seeded(&db, now.date_naive(), days).await? {
        eprintln!("{label}: reusing the site seeded today");
        post
    } else {
        let started = Instant::now();
        seed(&store, now.date_naive(), days, views).await?;
        let post = BlogCatalog::new(store.clone(), At(now))
            .create(PostInput {
                title: Some("Post 1".into()),
                status: Some("published".into()),
                ..PostInput::default()
            })
            .await
            .map_err(|error| anyhow::anyhow!("{error:?}"))?;
        eprintln!("{label}: seeded {views} views over {days} days in {:.0} s", started.elapsed().as_secs_f64());
        post.post.id.to_string()
    };
    // As a year of running leaves the tables: PostgreSQL's autovacuum has marked their pages all
    // visible (index-only scans read no table row), and both databases know their statistics.
    let tidy = if db.get_database_backend() == sea_orm::DbBackend::Postgres { "VACUUM ANALYZE" } else { "ANALYZE" };
    db.execute_unprepared(tidy).await?;
    measure(label, store, now, &post, limit).await
}

/// Whether a kept SQLite file holds something else than the site seeded today.
async fn sqlite_stale(file: &std::path::Path, today: NaiveDate, days: u64) -> anyhow::Result<bool> {
    if !file.exists() {
        return Ok(false);
    }
    let db = connect(&format!("sqlite://{}", file.display())).await?;
    let stale = seeded(&db, today, days).await?.is_none();
    db.close().await?;
    Ok(stale)
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() -> anyhow::Result<()> {
    let views = setting("BENCH_VIEWS", 3_000_000);
    let days = setting("BENCH_DAYS", 365).max(1);
    let limit = Duration::from_millis(setting("BENCH_LIMIT_MS", 200));
    let keep = std::env::var_os("BENCH_KEEP").is_some_and(|value| value == "1");
    let only = std::env::var("BENCH_ONLY").unwrap_or_default();
    if std::env::var_os("ATELIER_LOG_STATEMENTS").is_some_and(|value| value == "1") {
        tracing_subscriber::fmt().with_writer(std::io::stderr).with_env_filter("sqlx::query=info").init();
    }
    let now = Utc::now();
    let folder = tempfile::tempdir()?;
    let file = if keep {
        let kept = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/insights-bench");
        std::fs::create_dir_all(&kept)?;
        kept.join("bench.db")
    } else {
        folder.path().join("bench.db")
    };
    println!("{:<10} {:<22} {:>9} {:>6}  runs (ms)", "database", "call", "median_ms", "");
    let mut ok = true;
    if only.is_empty() || only == "sqlite" {
        if keep && sqlite_stale(&file, now.date_naive(), days).await? {
            for suffix in ["", "-wal", "-shm"] {
                std::fs::remove_file(format!("{}{suffix}", file.display())).ok();
            }
        }
        ok &= bench("sqlite", &format!("sqlite://{}", file.display()), now, days, views, limit).await?;
    }
    if let Ok(server) = std::env::var("BENCH_DATABASE_URL").or_else(|_| std::env::var("TEST_DATABASE_URL"))
        && (only.is_empty() || only == "postgres")
    {
        let admin = connect(&server).await?;
        let schema = if keep { "bench_insights".to_owned() } else { format!("bench_{}", EntityId::generate(now)) };
        let separator = if server.contains('?') { '&' } else { '?' };
        let url = format!("{server}{separator}options=-c%20search_path%3D{schema}");
        if keep {
            admin.execute_unprepared(&format!("CREATE SCHEMA IF NOT EXISTS \"{schema}\"")).await?;
            let db = connect(&url).await?;
            let stale = seeded(&db, now.date_naive(), days).await?.is_none();
            db.close().await?;
            if stale {
                admin.execute_unprepared(&format!("DROP SCHEMA \"{schema}\" CASCADE")).await?;
                admin.execute_unprepared(&format!("CREATE SCHEMA \"{schema}\"")).await?;
            }
        } else {
            admin.execute_unprepared(&format!("CREATE SCHEMA \"{schema}\"")).await?;
        }
        let result = bench("postgres", &url, now, days, views, limit).await;
        if !keep {
            admin.execute_unprepared(&format!("DROP SCHEMA \"{schema}\" CASCADE")).await?;
        }
        ok &= result?;
    }
    if !ok {
        eprintln!("insights bench: a call's median is over {} ms", limit.as_millis());
        std::process::exit(1);
    }
    Ok(())
}
