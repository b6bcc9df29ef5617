use atelier_adapters_db::SeaOrmStore;
use atelier_application::accounts::ports::UserRepository;
use atelier_application::presence::ports::PresenceRepository;
use atelier_domain::EntityId;
use atelier_domain::presence::RecordRef;
use atelier_domain::user::{Email, PasswordHash, Role, User};
use chrono::{DateTime, DurationRound, TimeDelta, Utc};

use crate::helpers::on_every_database;

/// One moment per test run, whole seconds: every `at` of a test counts from the same second.
fn at(seconds: i64) -> DateTime<Utc> {
    static START: std::sync::OnceLock<DateTime<Utc>> = std::sync::OnceLock::new();
    *START.get_or_init(|| Utc::now().duration_trunc(TimeDelta::seconds(1)).unwrap()) + TimeDelta::seconds(seconds)
}

async fn account(store: &SeaOrmStore, email: &str) -> EntityId {
    let user = User {
        id: EntityId::generate(Utc::now()),
        email: Email::parse(email).unwrap(),
        name: email.into(),
        role: Role::Editor,
        password_hash: PasswordHash::new("$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA".into()),
        must_change_password: false,
        created_at: Utc::now(),
        updated_at: Utc::now(),
    };
    store.insert_user(&user).await.unwrap();
    user.id
}

#[tokio::test]
async fn heartbeats_keep_one_row_per_person_and_record_and_old_ones_are_forgotten() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let (ana, ben) = (account(&store, "ana@atelier.test").await, account(&store, "ben@atelier.test").await);
        let post = RecordRef::parse("post", "65f1c2a9b4e8d70012345678").unwrap();
        let page = RecordRef::parse("page", "about").unwrap();
        let long_ago = at(-3600);

        store.touch_presence(&post, ana, at(0), long_ago).await.unwrap();
        store.touch_presence(&post, ana, at(10), long_ago).await.unwrap();
        store.touch_presence(&post, ben, at(5), long_ago).await.unwrap();
        store.touch_presence(&page, ben, at(5), long_ago).await.unwrap();
        let mut rows = store.presence_at(&post).await.unwrap();
        rows.sort_by_key(|row| row.since);
        assert_eq!(rows.len(), 2, "{db}");
        assert_eq!((rows[0].account, rows[0].since, rows[0].last_seen), (ana, at(0), at(10)), "since kept ({db})");
        assert_eq!(rows[1].account, ben, "{db}");

        store.leave_presence(&post, ana).await.unwrap();
        store.leave_presence(&post, ana).await.unwrap();
        let left: Vec<_> = store.presence_at(&post).await.unwrap().into_iter().map(|row| row.account).collect();
        assert_eq!(left, [ben], "{db}");

        // A heartbeat forgets every entry last seen at or before the given time, whatever its record.
        store.touch_presence(&post, ana, at(40), at(5)).await.unwrap();
        let left: Vec<_> = store.presence_at(&post).await.unwrap().into_iter().map(|row| row.account).collect();
        assert_eq!(left, [ana], "{db}");
        assert!(store.presence_at(&page).await.unwrap().is_empty(), "{db}");

        // Many heartbeats at once leave one row.
        let beats = (0..20).map(|n| {
            let (store, post) = (store.clone(), post.clone());
            tokio::spawn(async move { store.touch_presence(&post, ben, at(41 + n), long_ago).await })
        });
        for beat in beats {
            beat.await.unwrap().unwrap();
        }
        assert_eq!(store.presence_at(&post).await.unwrap().len(), 2, "{db}");
    })
    .await;
}
