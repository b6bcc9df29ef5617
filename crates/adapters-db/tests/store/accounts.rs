use atelier_adapters_db::SeaOrmStore;
use atelier_application::accounts::ports::{
    LoginAttemptRepository, SaveOutcome, Session, SessionRepository, UserRepository,
};
use atelier_domain::EntityId;
use atelier_domain::user::{Email, PasswordHash, Role, User};
use chrono::{DateTime, Duration, DurationRound, TimeDelta, Utc};

use crate::helpers::on_every_database;

fn now() -> DateTime<Utc> {
    Utc::now().duration_trunc(TimeDelta::microseconds(1)).unwrap()
}

fn user(email: &str) -> User {
    User {
        id: EntityId::generate(now()),
        email: Email::parse(email).unwrap(),
        name: "Ada".into(),
        role: Role::Admin,
        password_hash: PasswordHash::new("$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA".into()),
        created_at: now(),
        updated_at: now(),
    }
}

#[tokio::test]
async fn users_read_back_by_id_and_email_and_emails_stay_unique() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let ada = user("ada@atelier.test");
        assert_eq!(store.insert_user(&ada).await.unwrap(), SaveOutcome::Saved, "{db}");
        assert_eq!(store.find_user(ada.id).await.unwrap().as_ref(), Some(&ada), "{db}");
        assert_eq!(store.find_user_by_email(&ada.email).await.unwrap(), Some(ada.clone()), "{db}");
        assert_eq!(store.insert_user(&user("ada@atelier.test")).await.unwrap(), SaveOutcome::Conflict, "{db}");
        assert_eq!(store.count_users().await.unwrap(), 1, "{db}");

        let grace = user("grace@atelier.test");
        store.insert_user(&grace).await.unwrap();
        let mut renamed = grace.clone();
        renamed.email = ada.email.clone();
        assert_eq!(store.update_user(&renamed).await.unwrap(), SaveOutcome::Conflict, "{db}");
        assert_eq!(store.update_user(&user("ghost@atelier.test")).await.unwrap(), SaveOutcome::NotFound, "{db}");
    })
    .await;
}

#[tokio::test]
async fn sessions_are_revoked_one_by_one_or_all_but_one() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let ada = user("ada@atelier.test");
        store.insert_user(&ada).await.unwrap();
        let session = |offset: i64| Session {
            id: EntityId::generate(now() + Duration::seconds(offset)),
            user_id: ada.id,
            created_at: now(),
            expires_at: now() + Duration::hours(12),
            revoked_at: None,
        };
        let (a, b, c) = (session(0), session(1), session(2));
        for s in [&a, &b, &c] {
            store.insert_session(s).await.unwrap();
        }
        assert_eq!(store.find_session(a.id).await.unwrap().as_ref(), Some(&a), "{db}");
        store.revoke_session(a.id, now()).await.unwrap();
        assert!(store.find_session(a.id).await.unwrap().unwrap().revoked_at.is_some(), "{db}");
        store.revoke_other_sessions(ada.id, c.id, now()).await.unwrap();
        assert!(store.find_session(b.id).await.unwrap().unwrap().revoked_at.is_some(), "{db}");
        assert!(store.find_session(c.id).await.unwrap().unwrap().revoked_at.is_none(), "{db}");
    })
    .await;
}

#[tokio::test]
async fn login_failures_are_counted_per_email_and_per_address_within_the_window() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let t = now();
        store.record_login_failure("ada@atelier.test", "10.0.0.1", t - Duration::minutes(20)).await.unwrap();
        store.record_login_failure("ada@atelier.test", "10.0.0.1", t - Duration::minutes(5)).await.unwrap();
        store.record_login_failure("ada@atelier.test", "10.0.0.2", t - Duration::minutes(4)).await.unwrap();
        store.record_login_failure("bob@atelier.test", "10.0.0.1", t - Duration::minutes(3)).await.unwrap();
        let failures =
            store.login_failures_since("ada@atelier.test", "10.0.0.1", t - Duration::minutes(15)).await.unwrap();
        assert_eq!(failures.by_email, vec![t - Duration::minutes(5), t - Duration::minutes(4)], "{db}");
        assert_eq!(failures.by_address, vec![t - Duration::minutes(5), t - Duration::minutes(3)], "{db}");
        store.clear_login_failures("ada@atelier.test").await.unwrap();
        let failures = store.login_failures_since("ada@atelier.test", "x", t - Duration::hours(1)).await.unwrap();
        assert!(failures.by_email.is_empty(), "{db}");
    })
    .await;
}
