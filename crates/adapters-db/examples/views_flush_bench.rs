//! How fast the page views' flush stores views (not a test): the beacon's worst case, every view a
//! new visitor of one blog post, so each flush inserts every view and counts every one towards the
//! post. Views are recorded through the application's `PageViews` and flushed in batches of
//! `BENCH_BATCH` (6,000: about a second of the beacon benchmark's views on this machine), `BENCH_ROUNDS`
//! (10) times, on SQLite and, when `BENCH_DATABASE_URL` or `TEST_DATABASE_URL` names a server, on
//! PostgreSQL; exits 1 when a database's median stores fewer than `BENCH_MIN_VIEWS_PER_S` (20,000)
//! views a second (`BENCH_ONLY=sqlite` or `postgres`: one of them; `ATELIER_LOG_STATEMENTS=1`: each
//! statement and its time on standard error). Prints each database's median flush and the views a second that makes. A flush slower
//! than a second at the beacon's rate lets views pile up until [`MAX_PENDING`] drops them.
//!
//! ```text
//! cargo run --release --locked -p atelier-adapters-db --example views_flush_bench
//! ```

#![allow(clippy::cast_precision_loss)]

use std::time::Instant;

use atelier_adapters_db::{SeaOrmStore, connect, migrations};
use atelier_application::blog::BlogCatalog;
use atelier_application::insights::{MAX_PENDING, PageViews};
use atelier_application::ports::Clock;
use atelier_domain::EntityId;
use atelier_domain::page_view::{Beacon, BeaconInput, DeviceClass};
use atelier_domain::post::PostInput;
use chrono::{DateTime, Utc};
use sea_orm::ConnectionTrait;

#[derive(Debug, Clone)]
struct Now;

impl Clock for Now {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

fn setting(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|value| value.parse().ok()).unwrap_or(default)
}

/// Flushes `rounds` batches on `url`; answers the median's views a second.
async fn bench(label: &str, url: &str, batch: usize, rounds: usize) -> anyhow::Result<f64> {
    let db = connect(url).await?;
    migrations::run(&db).await?;
    let store = SeaOrmStore::new(db.clone());
    let post = BlogCatalog::new(store.clone(), Now)
        .create(PostInput {
            title: Some("Release typography result".into()),
            status: Some("published".into()),
            ..PostInput::default()
        })
        .await
        .map_err(|error| anyhow::anyhow!("{error:?}"))?;
    let beacon = Beacon::parse(&BeaconInput {
        path: Some(format!("/blog/{}", post.post.slug.as_str())),
        referrer: Some("news.example.com".into()),
        language: Some("en-GB".into()),
        ..BeaconInput::default()
    })
    .map_err(|error| anyhow::anyhow!("{error:?}"))?;
    let views = PageViews::new(store.clone(), Now);
    let mut times = Vec::with_capacity(rounds);
    let mut visitor = 0_usize;
    for _ in 0..rounds {
        for _ in 0..batch {
            visitor += 1;
            let agent = format!("Mozilla/5.0 (X11; Linux x86_64) Chrome/131.{visitor}.0 Safari/537.36");
            views.record(beacon.clone(), "203.0.113.9", &agent, DeviceClass::Desktop).await?;
        }
        let started = Instant::now();
        let stored = views.flush().await?;
        times.push(started.elapsed());
        anyhow::ensure!(stored == batch, "{label}: {stored} of {batch} stored");
    }
    let counted: Option<i64> = db
        .query_one_raw(sea_orm::Statement::from_string(
            db.get_database_backend(),
            format!("SELECT views FROM blog_posts WHERE id = '{}'", post.post.id),
        ))
        .await?
        .map(|row| row.try_get("", "views"))
        .transpose()?;
    anyhow::ensure!(counted == Some(i64::try_from(batch * rounds)?), "{label}: counted {counted:?}");
    times.sort();
    let median = times[times.len() / 2];
    let runs: Vec<String> = times.iter().map(|time| format!("{:.0}", time.as_secs_f64() * 1000.0)).collect();
    let rate = batch as f64 / median.as_secs_f64().max(f64::EPSILON);
    println!(
        "{label:<10} {batch:>6} views a flush: median {:>6.0} ms, {rate:>8.0} views/s  (runs, ms: {})",
        median.as_secs_f64() * 1000.0,
        runs.join(" ")
    );
    Ok(rate)
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() -> anyhow::Result<()> {
    let batch = setting("BENCH_BATCH", 6_000).clamp(1, MAX_PENDING);
    let rounds = setting("BENCH_ROUNDS", 10).max(1);
    let minimum = setting("BENCH_MIN_VIEWS_PER_S", 20_000) as f64;
    let only = std::env::var("BENCH_ONLY").unwrap_or_default();
    let mut rates = Vec::new();
    if std::env::var_os("ATELIER_LOG_STATEMENTS").is_some_and(|value| value == "1") {
        tracing_subscriber::fmt().with_writer(std::io::stderr).with_env_filter("sqlx::query=info").init();
    }
    let folder = tempfile::tempdir()?;
    if only.is_empty() || only == "sqlite" {
        let url = format!("sqlite://{}", folder.path().join("views.db").display());
        rates.push(("sqlite", bench("sqlite", &url, batch, rounds).await?));
    }
    if let Ok(server) = std::env::var("BENCH_DATABASE_URL").or_else(|_| std::env::var("TEST_DATABASE_URL"))
        && (only.is_empty() || only == "postgres")
    {
        let admin = connect(&server).await?;
        let schema = format!("bench_{}", EntityId::generate(Utc::now()));
        let separator = if server.contains('?') { '&' } else { '?' };
        admin.execute_unprepared(&format!("CREATE SCHEMA \"{schema}\"")).await?;
        let result =
            bench("postgres", &format!("{server}{separator}options=-c%20search_path%3D{schema}"), batch, rounds).await;
        admin.execute_unprepared(&format!("DROP SCHEMA \"{schema}\" CASCADE")).await?;
        rates.push(("postgres", result?));
    }
    for (label, rate) in rates {
        if rate < minimum {
            eprintln!("views flush bench: {label} stores {rate:.0} views a second, under {minimum:.0}");
            std::process::exit(1);
        }
    }
    Ok(())
}
