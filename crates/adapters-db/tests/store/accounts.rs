use atelier_adapters_db::{SeaOrmStore, migrations};
use atelier_application::accounts::ports::{
    HandoverOutcome, InvitationRepository, RemoveAccountOutcome, RoleChangeOutcome, SaveOutcome, Session,
    SessionRepository, UserRepository,
};
use atelier_domain::EntityId;
use atelier_domain::invitation::Invitation;
use atelier_domain::user::{Email, PasswordHash, Role, User};
use chrono::{DateTime, Duration, DurationRound, TimeDelta, Utc};

use crate::helpers::{on_every_database, on_every_database_before};

fn now() -> DateTime<Utc> {
    Utc::now().duration_trunc(TimeDelta::microseconds(1)).unwrap()
}

fn user(email: &str) -> User {
    User {
        id: EntityId::generate(now()),
        email: Email::parse(email).unwrap(),
        name: "Ada".into(),
        role: Role::Administrator,
        password_hash: PasswordHash::new("$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA".into()),
        must_change_password: false,
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
            last_used_at: now(),
            address: "10.0.0.1".into(),
            user_agent: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0".into(),
        };
        let (a, b, c) = (session(0), session(1), session(2));
        for s in [&a, &b, &c] {
            store.insert_session(s).await.unwrap();
        }
        assert_eq!(store.find_session(a.id).await.unwrap().as_ref(), Some(&a), "{db}");
        store.revoke_session(a.id, now()).await.unwrap();
        assert!(store.find_session(a.id).await.unwrap().unwrap().revoked_at.is_some(), "{db}");
        assert_eq!(store.revoke_other_sessions(ada.id, c.id, now()).await.unwrap(), 1, "{db}");
        assert!(store.find_session(b.id).await.unwrap().unwrap().revoked_at.is_some(), "{db}");
        assert!(store.find_session(c.id).await.unwrap().unwrap().revoked_at.is_none(), "{db}");
    })
    .await;
}

#[tokio::test]
async fn live_sessions_are_listed_most_recently_used_first_and_touched_at_most_once() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let (ada, bob) = (user("ada@atelier.test"), user("bob@atelier.test"));
        store.insert_user(&ada).await.unwrap();
        store.insert_user(&bob).await.unwrap();
        let t = now();
        let session = |user: &User, offset: i64, expires_in: Duration| Session {
            id: EntityId::generate(t + Duration::seconds(offset)),
            user_id: user.id,
            created_at: t - Duration::hours(1),
            expires_at: t + expires_in,
            revoked_at: None,
            last_used_at: t - Duration::minutes(offset),
            address: format!("10.0.0.{offset}"),
            user_agent: "curl/8.5.0".into(),
        };
        let older = session(&ada, 30, Duration::hours(1));
        let newer = session(&ada, 5, Duration::hours(1));
        let expired = session(&ada, 1, -Duration::minutes(1));
        let revoked = session(&ada, 2, Duration::hours(1));
        let foreign = session(&bob, 3, Duration::hours(1));
        for s in [&older, &newer, &expired, &revoked, &foreign] {
            store.insert_session(s).await.unwrap();
        }
        store.revoke_session(revoked.id, t).await.unwrap();
        let live = store.live_sessions(ada.id, t).await.unwrap();
        assert_eq!(live, vec![newer.clone(), older.clone()], "{db}");

        // Already used since the cut-off: no change; not used since: recorded.
        store.touch_session(newer.id, t, t - Duration::minutes(10)).await.unwrap();
        assert_eq!(store.find_session(newer.id).await.unwrap().unwrap().last_used_at, newer.last_used_at, "{db}");
        store.touch_session(older.id, t, t - Duration::minutes(10)).await.unwrap();
        assert_eq!(store.find_session(older.id).await.unwrap().unwrap().last_used_at, t, "{db}");
        let live = store.live_sessions(ada.id, t).await.unwrap();
        assert_eq!(live.iter().map(|s| s.id).collect::<Vec<_>>(), vec![older.id, newer.id], "{db}");
    })
    .await;
}

#[tokio::test]
async fn an_address_is_known_for_an_account_once_it_opened_a_session_from_it() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let (ada, bob) = (user("ada@atelier.test"), user("bob@atelier.test"));
        store.insert_user(&ada).await.unwrap();
        store.insert_user(&bob).await.unwrap();
        let t = now();
        let opened = Session {
            id: EntityId::generate(t),
            user_id: ada.id,
            created_at: t - Duration::days(3),
            expires_at: t - Duration::days(3) + Duration::hours(12),
            revoked_at: None,
            last_used_at: t - Duration::days(3),
            address: "10.0.0.1".into(),
            user_agent: "curl/8.5.0".into(),
        };
        store.insert_session(&opened).await.unwrap();
        assert!(store.signed_in_from(ada.id, "10.0.0.1", t - Duration::days(30)).await.unwrap(), "{db}");
        assert!(!store.signed_in_from(ada.id, "10.0.0.1", t - Duration::days(2)).await.unwrap(), "too long ago ({db})");
        assert!(!store.signed_in_from(ada.id, "10.0.0.2", t - Duration::days(30)).await.unwrap(), "{db}");
        assert!(!store.signed_in_from(bob.id, "10.0.0.1", t - Duration::days(30)).await.unwrap(), "{db}");
    })
    .await;
}

#[tokio::test]
async fn the_flag_to_change_the_password_is_kept() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut ada = user("ada@atelier.test");
        ada.must_change_password = true;
        store.insert_user(&ada).await.unwrap();
        assert!(store.find_user(ada.id).await.unwrap().unwrap().must_change_password, "{db}");
        ada.must_change_password = false;
        store.update_user(&ada).await.unwrap();
        assert!(!store.find_user(ada.id).await.unwrap().unwrap().must_change_password, "{db}");
    })
    .await;
}

#[tokio::test]
async fn an_invitation_is_found_by_its_hash_and_accepted_once_with_its_account() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let ada = user("ada@atelier.test");
        store.insert_user(&ada).await.unwrap();
        let t = now();
        let email = Email::parse("grace@atelier.test").unwrap();
        let (open, token) = Invitation::new(EntityId::generate(t), email.clone(), Role::Editor, ada.id, t);
        let (expired, _) = Invitation::new(EntityId::generate(t), email, Role::Sales, ada.id, t - Duration::hours(73));
        store.insert_invitation(&open).await.unwrap();
        store.insert_invitation(&expired).await.unwrap();
        assert_eq!(store.find_invitation(&token.hash()).await.unwrap(), Some(open.clone()), "{db}");
        assert_eq!(store.find_invitation(token.expose()).await.unwrap(), None, "{db}");
        assert_eq!(store.open_invitations(t).await.unwrap(), vec![open.clone()], "{db}");

        // The email taken meanwhile: no account, and the invitation stays.
        let mut duplicate = user("grace@atelier.test");
        duplicate.email = ada.email.clone();
        assert_eq!(store.accept_invitation(&open, &duplicate).await.unwrap(), SaveOutcome::Conflict, "{db}");
        assert!(store.find_invitation(&token.hash()).await.unwrap().is_some(), "{db}");

        let grace = user("grace@atelier.test");
        assert_eq!(store.accept_invitation(&open, &grace).await.unwrap(), SaveOutcome::Saved, "{db}");
        assert!(store.find_user(grace.id).await.unwrap().is_some(), "{db}");
        assert_eq!(store.find_invitation(&token.hash()).await.unwrap(), None, "{db}");
        let again = user("grace2@atelier.test");
        assert_eq!(store.accept_invitation(&open, &again).await.unwrap(), SaveOutcome::NotFound, "{db}");
        assert!(store.find_user(again.id).await.unwrap().is_none(), "{db}");

        assert!(store.delete_invitation(expired.id).await.unwrap(), "{db}");
        assert!(!store.delete_invitation(expired.id).await.unwrap(), "{db}");
    })
    .await;
}

#[tokio::test]
async fn an_account_is_removed_with_their_sessions_but_never_the_owners() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let (mut ada, grace) = (user("ada@atelier.test"), user("grace@atelier.test"));
        ada.role = Role::Owner;
        let mut max = user("max@atelier.test");
        max.role = Role::Sales;
        for account in [&ada, &grace, &max] {
            store.insert_user(account).await.unwrap();
        }
        let session = Session {
            id: EntityId::generate(now()),
            user_id: grace.id,
            created_at: now(),
            expires_at: now() + Duration::hours(1),
            revoked_at: None,
            last_used_at: now(),
            address: String::new(),
            user_agent: String::new(),
        };
        store.insert_session(&session).await.unwrap();
        assert_eq!(store.users_with_role(Role::Administrator).await.unwrap().len(), 1, "{db}");
        assert_eq!(store.all_users().await.unwrap().len(), 3, "{db}");

        let nobody = EntityId::generate(now());
        assert_eq!(store.remove_account(nobody).await.unwrap(), RemoveAccountOutcome::NotFound, "{db}");
        assert_eq!(store.remove_account(grace.id).await.unwrap(), RemoveAccountOutcome::Removed, "{db}");
        assert_eq!(store.find_session(session.id).await.unwrap(), None, "{db}");
        assert_eq!(store.remove_account(max.id).await.unwrap(), RemoveAccountOutcome::Removed, "{db}");
        assert_eq!(store.remove_account(ada.id).await.unwrap(), RemoveAccountOutcome::Owner, "{db}");
        assert!(store.find_user(ada.id).await.unwrap().is_some(), "{db}");
    })
    .await;
}

#[tokio::test]
async fn a_role_changes_in_one_step_that_never_touches_the_owner() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let (mut ada, grace) = (user("ada@atelier.test"), user("grace@atelier.test"));
        ada.role = Role::Owner;
        store.insert_user(&ada).await.unwrap();
        store.insert_user(&grace).await.unwrap();
        let later = now() + Duration::minutes(1);

        let RoleChangeOutcome::Changed(changed) = store.change_role(grace.id, Role::Sales, later).await.unwrap() else {
            panic!("{db}: expected the change")
        };
        assert_eq!((changed.role, changed.updated_at), (Role::Sales, later), "{db}");
        assert_eq!(store.find_user(grace.id).await.unwrap().unwrap().role, Role::Sales, "{db}");
        assert_eq!(store.change_role(ada.id, Role::Editor, later).await.unwrap(), RoleChangeOutcome::Owner, "{db}");
        assert_eq!(store.find_user(ada.id).await.unwrap().unwrap().role, Role::Owner, "{db}");
        let nobody = EntityId::generate(now());
        assert_eq!(store.change_role(nobody, Role::Editor, later).await.unwrap(), RoleChangeOutcome::NotFound, "{db}");
    })
    .await;
}

#[tokio::test]
async fn ownership_is_handed_over_whole_or_not_at_all() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let (mut ada, grace) = (user("ada@atelier.test"), user("grace@atelier.test"));
        ada.role = Role::Owner;
        store.insert_user(&ada).await.unwrap();
        store.insert_user(&grace).await.unwrap();
        let roles = || {
            let store = store.clone();
            async move { store.all_users().await.unwrap().iter().map(|user| user.role).collect::<Vec<_>>() }
        };

        let nobody = EntityId::generate(now());
        assert_eq!(store.hand_over_ownership(ada.id, nobody, now()).await.unwrap(), HandoverOutcome::NotFound, "{db}");
        assert_eq!(roles().await, [Role::Owner, Role::Administrator], "{db}: the old Owner's change rolled back");
        assert_eq!(
            store.hand_over_ownership(grace.id, ada.id, now()).await.unwrap(),
            HandoverOutcome::NotOwner,
            "{db}"
        );
        assert_eq!(store.hand_over_ownership(ada.id, ada.id, now()).await.unwrap(), HandoverOutcome::NotOwner, "{db}");

        let HandoverOutcome::HandedOver(owner) = store.hand_over_ownership(ada.id, grace.id, now()).await.unwrap()
        else {
            panic!("{db}: expected the handover")
        };
        assert_eq!((owner.id, owner.role), (grace.id, Role::Owner), "{db}");
        assert_eq!(roles().await, [Role::Administrator, Role::Owner], "{db}");
        assert_eq!(
            store.hand_over_ownership(ada.id, grace.id, now()).await.unwrap(),
            HandoverOutcome::NotOwner,
            "{db}"
        );
    })
    .await;
}

/// Installations from before roles: administrators become Administrators and the earliest one the
/// Owner; members (who could sign in but do nothing) become Contributors; invitations already sent
/// create Administrators.
#[tokio::test]
async fn the_migration_gives_the_earlier_accounts_their_roles_and_one_owner() {
    on_every_database_before("m20261129_000200_account_roles", |store: SeaOrmStore, db| async move {
        let at = |minutes| now() - Duration::days(1) + Duration::minutes(minutes);
        let mut accounts = Vec::new();
        for (minutes, email, old_role) in
            [(2, "grace@atelier.test", "admin"), (1, "ada@atelier.test", "admin"), (0, "max@atelier.test", "member")]
        {
            let mut account = user(email);
            account.created_at = at(minutes);
            store.insert_user(&account).await.unwrap();
            let sql = format!("UPDATE users SET role = '{old_role}' WHERE id = '{}'", account.id);
            sea_orm::ConnectionTrait::execute_unprepared(store.connection(), &sql).await.unwrap();
            accounts.push(account);
        }
        let sql = format!(
            "INSERT INTO invitations (id, email, invited_by, token_hash, created_at, expires_at) \
             SELECT '{}', 'new@atelier.test', id, 'hash', created_at, updated_at FROM users WHERE id = '{}'",
            EntityId::generate(now()),
            accounts[1].id
        );
        sea_orm::ConnectionTrait::execute_unprepared(store.connection(), &sql).await.unwrap();
        migrations::run(store.connection()).await.unwrap();

        let role = |index: usize| {
            let store = store.clone();
            let id = accounts[index].id;
            async move { store.find_user(id).await.unwrap().unwrap().role }
        };
        assert_eq!(role(0).await, Role::Administrator, "{db}");
        assert_eq!(role(1).await, Role::Owner, "{db}: the earliest administrator, not the earliest account");
        assert_eq!(role(2).await, Role::Contributor, "{db}");
        assert_eq!(store.users_with_role(Role::Owner).await.unwrap().len(), 1, "{db}");
        let invitation = store.find_invitation("hash").await.unwrap().expect("kept");
        assert_eq!(invitation.role, Role::Administrator, "{db}");
    })
    .await;
}
