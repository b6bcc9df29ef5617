use atelier_adapters_db::SeaOrmStore;
use atelier_adapters_db::migrations;
use atelier_application::accounts::ports::{SignInChallengeRepository, TwoFactorRepository, UserRepository};
use atelier_application::notifications::ports::OutboxRepository;
use atelier_domain::EntityId;
use atelier_domain::notification::{About, MailStatus, Notice, OutgoingMail, Topic};
use atelier_domain::two_factor::{RecoveryCode, SignInChallenge, TwoFactor};
use atelier_domain::user::{Email, PasswordHash, Role, User};
use chrono::{DateTime, Duration, DurationRound, TimeDelta, Utc};

use crate::helpers::{on_every_database, on_every_database_before};

fn now() -> DateTime<Utc> {
    Utc::now().duration_trunc(TimeDelta::microseconds(1)).unwrap()
}

async fn user(store: &SeaOrmStore, email: &str) -> User {
    let user = User {
        id: EntityId::generate(now()),
        email: Email::parse(email).unwrap(),
        name: "Ada".into(),
        role: Role::Administrator,
        password_hash: PasswordHash::new("$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA".into()),
        must_change_password: false,
        created_at: now(),
        updated_at: now(),
    };
    store.insert_user(&user).await.unwrap();
    user
}

#[tokio::test]
async fn a_pending_authenticator_is_replaced_until_enabled_and_then_kept() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let ada = user(&store, "ada@atelier.test").await;
        assert_eq!(store.find_two_factor(ada.id).await.unwrap(), None, "{db}");
        let first = TwoFactor::pending(ada.id, vec![1, 0, 255, 7], now());
        assert!(store.save_pending_two_factor(&first).await.unwrap(), "{db}");
        assert_eq!(store.find_two_factor(ada.id).await.unwrap(), Some(first), "{db}: bytes read back as stored");
        let second = TwoFactor::pending(ada.id, vec![9; 61], now() + Duration::seconds(5));
        assert!(store.save_pending_two_factor(&second).await.unwrap(), "{db}");
        assert_eq!(store.find_two_factor(ada.id).await.unwrap(), Some(second.clone()), "{db}");

        let codes: Vec<String> = RecoveryCode::generate_set().iter().map(RecoveryCode::hash).collect();
        let at = now() + Duration::seconds(10);
        assert!(store.enable_two_factor(ada.id, 58_000_000, at, &codes).await.unwrap(), "{db}");
        let enabled = store.find_two_factor(ada.id).await.unwrap().unwrap();
        assert_eq!((enabled.enabled_at, enabled.last_used_step), (Some(at), Some(58_000_000)), "{db}");
        assert_eq!(enabled.sealed_secret, second.sealed_secret, "{db}");
        assert_eq!(store.unused_recovery_codes(ada.id).await.unwrap(), 10, "{db}");
        assert!(!store.enable_two_factor(ada.id, 58_000_001, at, &codes).await.unwrap(), "{db}: nothing pending");

        let replacement = TwoFactor::pending(ada.id, vec![3; 61], now());
        assert!(!store.save_pending_two_factor(&replacement).await.unwrap(), "{db}: an enabled one stays");
        assert_eq!(store.find_two_factor(ada.id).await.unwrap(), Some(enabled), "{db}");
    })
    .await;
}

#[tokio::test]
async fn a_step_is_used_once_and_never_an_earlier_one() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let ada = user(&store, "ada@atelier.test").await;
        store.save_pending_two_factor(&TwoFactor::pending(ada.id, vec![1], now())).await.unwrap();
        assert!(!store.use_totp_step(ada.id, 100).await.unwrap(), "{db}: not while pending");
        store.enable_two_factor(ada.id, 100, now(), &[]).await.unwrap();
        assert!(!store.use_totp_step(ada.id, 100).await.unwrap(), "{db}: the confirming step");
        assert!(!store.use_totp_step(ada.id, 99).await.unwrap(), "{db}");
        assert!(store.use_totp_step(ada.id, 101).await.unwrap(), "{db}");
        assert!(!store.use_totp_step(ada.id, 101).await.unwrap(), "{db}: a replay");
        let (a, b) = tokio::join!(store.use_totp_step(ada.id, 102), store.use_totp_step(ada.id, 102));
        assert!(a.unwrap() ^ b.unwrap(), "{db}: of two at once, exactly one wins");
        assert_eq!(store.find_two_factor(ada.id).await.unwrap().unwrap().last_used_step, Some(102), "{db}");
    })
    .await;
}

#[tokio::test]
async fn recovery_codes_are_used_once_and_belong_to_their_account() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let ada = user(&store, "ada@atelier.test").await;
        let grace = user(&store, "grace@atelier.test").await;
        let codes = RecoveryCode::generate_set();
        let hashes: Vec<String> = codes.iter().map(RecoveryCode::hash).collect();
        for account in [&ada, &grace] {
            store.save_pending_two_factor(&TwoFactor::pending(account.id, vec![1], now())).await.unwrap();
        }
        store.enable_two_factor(ada.id, 1, now(), &hashes).await.unwrap();
        store.enable_two_factor(grace.id, 1, now(), &[]).await.unwrap();

        assert!(!store.use_recovery_code(grace.id, &hashes[0], now()).await.unwrap(), "{db}: not hers");
        assert!(store.use_recovery_code(ada.id, &hashes[0], now()).await.unwrap(), "{db}");
        assert!(!store.use_recovery_code(ada.id, &hashes[0], now()).await.unwrap(), "{db}: used once");
        assert_eq!(store.unused_recovery_codes(ada.id).await.unwrap(), 9, "{db}");

        let fresh: Vec<String> = RecoveryCode::generate_set().iter().map(RecoveryCode::hash).collect();
        assert!(store.remove_two_factor(ada.id).await.unwrap(), "{db}");
        assert_eq!(store.find_two_factor(ada.id).await.unwrap(), None, "{db}");
        assert_eq!(store.unused_recovery_codes(ada.id).await.unwrap(), 0, "{db}: the codes go too");
        assert!(!store.remove_two_factor(ada.id).await.unwrap(), "{db}");
        store.save_pending_two_factor(&TwoFactor::pending(ada.id, vec![2], now())).await.unwrap();
        store.enable_two_factor(ada.id, 1, now(), &fresh).await.unwrap();
        assert!(!store.use_recovery_code(ada.id, &hashes[1], now()).await.unwrap(), "{db}: old codes are void");
        assert!(store.use_recovery_code(ada.id, &fresh[1], now()).await.unwrap(), "{db}");
    })
    .await;
}

#[tokio::test]
async fn challenges_count_failures_are_taken_once_and_expired_ones_are_forgotten() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let ada = user(&store, "ada@atelier.test").await;
        let (challenge, token) = SignInChallenge::new(EntityId::generate(now()), ada.id, now());
        store.insert_challenge(&challenge).await.unwrap();
        assert_eq!(store.find_challenge(&challenge.token_hash).await.unwrap(), Some(challenge.clone()), "{db}");
        assert_eq!(store.find_challenge(token.expose()).await.unwrap(), None, "{db}: found by the hash only");
        store.count_challenge_failure(challenge.id).await.unwrap();
        store.count_challenge_failure(challenge.id).await.unwrap();
        let counted = store.find_challenge(&challenge.token_hash).await.unwrap().unwrap();
        assert_eq!(counted.failed_attempts, 2, "{db}");
        assert!(store.take_challenge(challenge.id).await.unwrap(), "{db}");
        assert!(!store.take_challenge(challenge.id).await.unwrap(), "{db}: taken once");

        let (old, _) = SignInChallenge::new(EntityId::generate(now()), ada.id, now() - Duration::minutes(10));
        store.insert_challenge(&old).await.unwrap();
        let (new, _) = SignInChallenge::new(EntityId::generate(now()), ada.id, now());
        store.insert_challenge(&new).await.unwrap();
        assert_eq!(store.find_challenge(&old.token_hash).await.unwrap(), None, "{db}: expired, forgotten");
        assert!(store.find_challenge(&new.token_hash).await.unwrap().is_some(), "{db}");
    })
    .await;
}

#[tokio::test]
async fn an_account_removed_takes_its_authenticator_codes_and_challenges_along() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let ada = user(&store, "ada@atelier.test").await;
        user(&store, "grace@atelier.test").await;
        let hashes: Vec<String> = RecoveryCode::generate_set().iter().map(RecoveryCode::hash).collect();
        store.save_pending_two_factor(&TwoFactor::pending(ada.id, vec![1], now())).await.unwrap();
        store.enable_two_factor(ada.id, 1, now(), &hashes).await.unwrap();
        let (challenge, _) = SignInChallenge::new(EntityId::generate(now()), ada.id, now());
        store.insert_challenge(&challenge).await.unwrap();
        store.remove_account(ada.id).await.unwrap();
        assert_eq!(store.find_two_factor(ada.id).await.unwrap(), None, "{db}");
        assert_eq!(store.unused_recovery_codes(ada.id).await.unwrap(), 0, "{db}");
        assert_eq!(store.find_challenge(&challenge.token_hash).await.unwrap(), None, "{db}");
    })
    .await;
}

fn invitation_mail(status: MailStatus) -> OutgoingMail {
    let about = About { topic: Topic::Invitation, id: EntityId::generate(now()) };
    let notice = Notice {
        about,
        reply_to: "ada@atelier.test".into(),
        subject: "Ada invites you to the back office".into(),
        body: "Open this link: https://studio.example/admin/accept-invite#0123456789abcdef\n".into(),
    };
    let mut mail = OutgoingMail::queued(EntityId::generate(now()), "grace@atelier.test", notice, now());
    mail.status = status;
    mail
}

#[tokio::test]
async fn the_migration_removes_links_from_invitation_mails_already_sent_or_given_up_on() {
    on_every_database_before("m20261124_000002_redact_sent_invitation_mails", |store: SeaOrmStore, db| async move {
        let sent = invitation_mail(MailStatus::Sent);
        let failed = invitation_mail(MailStatus::Failed);
        let pending = invitation_mail(MailStatus::Pending);
        for mail in [&sent, &failed, &pending] {
            store.enqueue_mail(mail).await.unwrap();
        }
        migrations::run(store.connection()).await.unwrap();
        let body = |mail: &OutgoingMail| {
            let store = store.clone();
            let about = mail.about;
            async move { store.mails_about(about).await.unwrap().remove(0).body }
        };
        for mail in [&sent, &failed] {
            let redacted = body(mail).await;
            assert!(!redacted.contains("accept-invite#"), "{db}: {redacted}");
            assert_eq!(redacted, atelier_domain::notification::REDACTED_BODY, "{db}");
        }
        assert_eq!(body(&pending).await, pending.body, "{db}: a mail still to send keeps its link");
    })
    .await;
}
