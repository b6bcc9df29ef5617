//! Demo redirects: two addresses of the agency's old site that lead to their pages here.

use atelier_domain::EntityId;
use atelier_domain::redirect::{Redirect, RedirectChanges, RedirectInput};
use chrono::{DateTime, Duration, Utc};

use crate::redirects::ports::RedirectRepository;

const DEMO: [(&str, &str, &str); 2] = [
    (
        "/2019/05/designing-apis/",
        "/blog/designing-apis-people-enjoy-using",
        "The post's address on the old WordPress site",
    ),
    ("/services/web-development.html", "/services", "A page of the old site"),
];

pub(super) async fn seed(store: &impl RedirectRepository, now: DateTime<Utc>) -> anyhow::Result<()> {
    for (from, to, note) in DEMO {
        let input =
            RedirectInput { from: Some(from.into()), to: Some(to.into()), status: None, note: Some(note.into()) };
        let created = now - Duration::days(2);
        let changes = RedirectChanges::parse(input, true).expect("the demo redirects are valid");
        store.insert(&mut Redirect::create(EntityId::generate(created), changes, created)).await?;
    }
    Ok(())
}
