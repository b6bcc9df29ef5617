//! Every limit holds against a burst: 50 attempts sent at once get no more than the limit through
//! (the class test of the limits: sign-in per account and address, sign-in per account, two-factor
//! codes, recovery codes, password changes, invitations, the public forms and newsletter sign-ups).
//! Each test prints its figures (`cargo test --test api limits -- --nocapture`).

use reqwest::{Method, RequestBuilder};
use serde_json::{Value, json};
use tokio::task::JoinSet;

use crate::helpers::{ADMIN_EMAIL, ADMIN_PASSWORD, Schema, TestApp, spawn_app_with};
use crate::two_factor::{challenge, enrol};

/// How many attempts each burst sends at once.
pub const BURST: usize = 50;

/// An application that believes `X-Forwarded-For` from the test client, so a test can speak from
/// many addresses: on SQLite, then on a fresh PostgreSQL schema when `TEST_DATABASE_URL` is set.
/// Each comes with its database's name; the schema is dropped once `scenario` is done with it.
async fn on_every_database<F>(scenario: impl Fn(TestApp, &'static str) -> F)
where
    F: std::future::Future<Output = ()>,
{
    let behind_proxy = |config: &mut atelier::Config| config.trusted_proxies = "127.0.0.0/8".parse().unwrap();
    scenario(spawn_app_with(behind_proxy).await, "SQLite").await;
    if let Some(schema) = Schema::create().await {
        let url = schema.url.clone();
        let app = spawn_app_with(|config| {
            behind_proxy(config);
            config.database_url = url;
        })
        .await;
        scenario(app, "PostgreSQL").await;
        schema.drop().await;
    }
}

/// Sends every request at once; answers their statuses, in the order sent.
pub async fn burst(requests: Vec<RequestBuilder>) -> Vec<u16> {
    let mut set = JoinSet::new();
    for (index, request) in requests.into_iter().enumerate() {
        set.spawn(async move { (index, request.send().await.expect("an answer").status().as_u16()) });
    }
    let mut statuses = vec![0; set.len()];
    while let Some(answer) = set.join_next().await {
        let (index, status) = answer.unwrap();
        statuses[index] = status;
    }
    statuses
}

/// How many of `statuses` are `status`, after checking every other one is a 429.
pub fn let_through(what: &str, statuses: &[u16], status: u16) -> usize {
    let through = statuses.iter().filter(|answer| **answer == status).count();
    let refused = statuses.iter().filter(|answer| **answer == 429).count();
    assert_eq!(through + refused, statuses.len(), "{what}: only {status} and 429 expected: {statuses:?}");
    eprintln!("{what}: {} sent at once, {through} let through", statuses.len());
    through
}

fn post(app: &TestApp, token: Option<&str>, path: &str, body: &Value, from: Option<&str>) -> RequestBuilder {
    let caller = match token {
        Some(token) => app.with_token(token),
        None => app.anonymous(),
    };
    let request = caller.request(Method::POST, path).json(body);
    match from {
        Some(address) => request.header("x-forwarded-for", address),
        None => request,
    }
}

fn wrong_password(app: &TestApp, from: &str) -> RequestBuilder {
    post(app, None, "/api/auth/login", &json!({"email": ADMIN_EMAIL, "password": "not-the-password-1"}), Some(from))
}

#[tokio::test]
async fn a_burst_of_wrong_passwords_from_one_address_gets_five_checked_and_the_owner_still_signs_in() {
    on_every_database(|app, db| async move {
        let mut requests: Vec<_> = (0..BURST).map(|_| wrong_password(&app, "203.0.113.66")).collect();
        // The right password inside the burst, from the same address: refused with the rest.
        let right = json!({"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD});
        requests.push(post(&app, None, "/api/auth/login", &right, Some("203.0.113.66")));
        let statuses = burst(requests).await;
        let (wrong, right_one) = statuses.split_at(BURST);
        assert_eq!(let_through(&format!("{db}, sign-in per account and address"), wrong, 401), 5);
        assert_eq!(right_one, [429], "the pair is locked, even for the right password");

        // The owner, from another address, gets in at once.
        let answer = post(&app, None, "/api/auth/login", &right, Some("198.51.100.1")).send().await.unwrap();
        assert_eq!(answer.status().as_u16(), 200);
    })
    .await;
}

#[tokio::test]
async fn a_burst_from_many_addresses_gets_fifty_checked_per_account_and_never_reaches_a_known_address() {
    on_every_database(|app, db| async move {
        let requests =
            (0..BURST + 10).map(|index| wrong_password(&app, &format!("10.7.{}.{}", index / 250, index % 250 + 1)));
        let statuses = burst(requests.collect()).await;
        assert_eq!(let_through(&format!("{db}, sign-in per account"), &statuses, 401), 50);

        let right = json!({"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD});
        let from_new = post(&app, None, "/api/auth/login", &right, Some("192.0.2.200")).send().await.unwrap();
        assert_eq!(from_new.status().as_u16(), 429, "a new address waits");
        let wait: u64 = from_new.headers()["retry-after"].to_str().unwrap().parse().unwrap();
        assert!((1..=60).contains(&wait), "the first wait is a minute: {wait}");
        // The test application signed the owner in from the loopback address at start: it is known.
        let (status, body) = app.anonymous().post_json("/api/auth/login", &right).await;
        assert_eq!(status, 200, "{body}");
    })
    .await;
}

#[tokio::test]
async fn a_burst_of_wrong_codes_or_recovery_codes_gets_five_checked_per_challenge() {
    on_every_database(|app, db| async move {
        let token = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
        let (authenticator, _) = enrol(&app, &token).await;
        let right = authenticator.code(0);
        let wrong = if right == "000000" { "111111" } else { "000000" };

        for (what, code) in [("two-factor codes", wrong), ("recovery codes", "aaaaa-bbbbb-ccccc-ddddd")] {
            let challenge = challenge(&app).await;
            let body = json!({"challenge": challenge, "code": code});
            // From many addresses, so only the challenge's own limit is in the way.
            let requests = (0..BURST)
                .map(|index| post(&app, None, "/api/auth/login/two-factor", &body, Some(&format!("10.8.0.{index}"))));
            let statuses = burst(requests.collect()).await;
            let checked = statuses.iter().filter(|status| **status == 401).count();
            let refused = statuses.iter().filter(|status| **status == 404).count();
            assert_eq!(checked + refused, BURST, "{what}: {statuses:?}");
            eprintln!("{db}, {what} per challenge: {BURST} sent at once, {checked} let through");
            assert_eq!(checked, 5, "{db}, {what}");
        }

        // From one address, the pair's limit holds across challenges.
        let mut requests = Vec::new();
        for _ in 0..BURST {
            let body = json!({"challenge": challenge(&app).await, "code": wrong});
            requests.push(post(&app, None, "/api/auth/login/two-factor", &body, Some("203.0.113.9")));
        }
        assert_eq!(
            let_through(&format!("{db}, two-factor codes per account and address"), &burst(requests).await, 401),
            5
        );
    })
    .await;
}

#[tokio::test]
async fn a_burst_of_wrong_current_passwords_gets_five_checked() {
    on_every_database(|app, db| async move {
        let body = json!({"currentPassword": "not-the-password-1", "newPassword": "an-entirely-new-passphrase"});
        let requests = (0..BURST).map(|_| app.admin().request(Method::PUT, "/api/auth/change-password").json(&body));
        assert_eq!(let_through(&format!("{db}, password changes"), &burst(requests.collect()).await, 422), 5);
        let right = json!({"currentPassword": ADMIN_PASSWORD, "newPassword": "an-entirely-new-passphrase"});
        let (status, _) = app.admin().put_json("/api/auth/change-password", &right).await;
        assert_eq!(status, 429, "the right one waits too, so the limit tells nothing");
    })
    .await;
}

#[tokio::test]
async fn a_burst_of_invitations_gets_twenty_sent() {
    on_every_database(|app, db| async move {
        let token = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
        let requests = (0..BURST).map(|index| {
            post(
                &app,
                Some(&token),
                "/api/admins/invitations",
                &json!({"email": format!("new{index}@atelier.test")}),
                None,
            )
        });
        assert_eq!(let_through(&format!("{db}, invitations"), &burst(requests.collect()).await, 201), 20);
    })
    .await;
}

#[tokio::test]
async fn a_burst_of_form_submissions_or_newsletter_sign_ups_gets_five_stored() {
    on_every_database(|app, db| async move {
        let message = json!({
            "name": "Visitor", "email": "visitor@example.com", "subject": "A new website",
            "message": "We would like a quote for a new website."
        });
        // Each carries its own proof of work, asked for from clients of their own (30 challenges each).
        let mut requests = Vec::new();
        for index in 0..BURST {
            let mut body = message.clone();
            body["proofOfWork"] = app.proof_of_work_for(&format!("10.9.0.{}", index / 25)).await;
            requests.push(post(&app, None, "/api/contacts", &body, Some("203.0.113.5")));
        }
        assert_eq!(let_through(&format!("{db}, public forms"), &burst(requests).await, 201), 5);

        let mut requests = Vec::new();
        for index in 0..BURST {
            let proof = app.proof_of_work_for(&format!("10.9.1.{}", index / 25)).await;
            let body = json!({"email": format!("reader{index}@example.com"), "proofOfWork": proof});
            requests.push(post(&app, None, "/api/newsletter/subscribers", &body, Some("203.0.113.5")));
        }
        let statuses = burst(requests).await;
        let accepted = statuses.iter().filter(|status| **status < 300).count();
        assert_eq!(accepted + statuses.iter().filter(|status| **status == 429).count(), BURST, "{statuses:?}");
        eprintln!("{db}, newsletter sign-ups: {BURST} sent at once, {accepted} let through");
        assert_eq!(accepted, 5);
    })
    .await;
}
