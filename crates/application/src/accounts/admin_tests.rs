//! The team's use cases against the in-memory fakes: invitations with a role, role changes,
//! handing ownership over, removal, and the first account's generated password.

use atelier_domain::notification::{About, Topic};

use super::admins::{InvitationError, RemoveAccountError, RoleError};
use super::*;
use crate::fake::{FakeClock, FakeHasher, FakeSealer, FakeTokens, InMemoryStore};
use crate::notifications::MailDelivery;
use crate::notifications::fake::FakeMailer;
use crate::notifications::ports::OutboxRepository;

type TestAccounts = Accounts<InMemoryStore, FakeHasher, FakeTokens, FakeSealer, FakeClock>;

const PASSWORD: &str = "correct-horse-battery";

struct Setup {
    accounts: TestAccounts,
    store: InMemoryStore,
    clock: FakeClock,
    admin: Principal,
}

async fn setup(delivery: InvitationDelivery) -> Setup {
    let (store, clock) = (InMemoryStore::default(), FakeClock::default());
    let accounts = Accounts::new(store.clone(), FakeHasher, FakeTokens(clock.clone()), FakeSealer, clock.clone())
        .delivering_invitations(delivery);
    let email = Email::parse("admin@atelier.test").unwrap();
    accounts.ensure_first_admin(email, Some(Password::parse(PASSWORD).unwrap())).await.unwrap();
    let token =
        accounts.login("admin@atelier.test", PASSWORD, &Client::default()).await.unwrap().signed_in().unwrap().token;
    let admin = accounts.authenticate(&token).await.unwrap();
    Setup { accounts, store, clock, admin }
}

fn token_of(link: &str) -> &str {
    link.split_once('#').expect("a fragment").1
}

async fn accept(setup: &Setup, token: &str, name: &str) -> Result<SignedIn, InvitationError> {
    let password = Some("grace-password-123".to_owned());
    setup.accounts.accept_invitation(token, Some(name.to_owned()), password, &Client::default()).await
}

#[tokio::test]
async fn an_invitation_link_creates_an_account_with_its_role_once() {
    let setup = setup(InvitationDelivery::default()).await;
    let invited = setup.accounts.invite(&setup.admin, " Grace@Atelier.test ", Some("editor")).await.unwrap();
    assert!(invited.link.starts_with("/admin/accept-invite#"), "{}", invited.link);
    assert!(!invited.mailed, "mail is off");
    let token = token_of(&invited.link);
    assert_ne!(invited.invitation.token_hash, token, "only the hash is kept");

    let seen = setup.accounts.inspect_invitation(token).await.unwrap();
    assert_eq!(seen.email.as_str(), "grace@atelier.test");
    assert_eq!(setup.accounts.open_invitations().await.unwrap().len(), 1);

    assert_eq!(seen.role, Role::Editor);
    let signed_in = accept(&setup, token, "Grace Hopper").await.unwrap();
    assert_eq!(signed_in.user.role, Role::Editor);
    assert_eq!(signed_in.user.email.as_str(), "grace@atelier.test");
    assert!(setup.accounts.authenticate(&signed_in.token).await.is_ok());
    assert!(setup.accounts.login("grace@atelier.test", "grace-password-123", &Client::default()).await.is_ok());

    assert!(matches!(accept(&setup, token, "Again").await, Err(InvitationError::Unusable)));
    assert!(matches!(setup.accounts.inspect_invitation(token).await, Err(InvitationError::Unusable)));
    assert!(setup.accounts.open_invitations().await.unwrap().is_empty());
    let admins = setup.accounts.team().await.unwrap();
    assert_eq!(admins.iter().map(|admin| admin.name.as_str()).collect::<Vec<_>>(), ["Administrator", "Grace Hopper"]);
    assert_eq!(admins[0].role, Role::Owner);
}

#[tokio::test]
async fn an_invitation_expires_after_72_hours() {
    let setup = setup(InvitationDelivery::default()).await;
    let invited = setup.accounts.invite(&setup.admin, "grace@atelier.test", None).await.unwrap();
    setup.clock.advance(Duration::hours(72));
    assert!(matches!(accept(&setup, token_of(&invited.link), "Grace").await, Err(InvitationError::Unusable)));
    assert!(setup.accounts.open_invitations().await.unwrap().is_empty());
}

#[tokio::test]
async fn unknown_withdrawn_and_empty_tokens_are_refused_alike() {
    let setup = setup(InvitationDelivery::default()).await;
    let invited = setup.accounts.invite(&setup.admin, "grace@atelier.test", None).await.unwrap();
    setup.accounts.revoke_invitation(&invited.invitation.id.to_string()).await.unwrap();
    for token in [token_of(&invited.link), "0".repeat(64).as_str(), ""] {
        assert!(matches!(accept(&setup, token, "Grace").await, Err(InvitationError::Unusable)), "{token}");
    }
    assert!(setup.accounts.revoke_invitation(&invited.invitation.id.to_string()).await.is_err());
}

#[tokio::test]
async fn accepting_checks_the_name_and_the_password_and_keeps_the_link_usable_meanwhile() {
    let setup = setup(InvitationDelivery::default()).await;
    let invited = setup.accounts.invite(&setup.admin, "grace@atelier.test", None).await.unwrap();
    let token = token_of(&invited.link);
    let client = Client::default();
    let refused = setup.accounts.accept_invitation(token, Some(" ".into()), Some("short".into()), &client);
    let Err(InvitationError::Invalid(errors)) = refused.await else { panic!("expected field errors") };
    assert_eq!(errors.get("password"), Some("Password must be at least 12 characters"));
    assert!(errors.get("name").is_some());
    assert!(accept(&setup, token, "Grace").await.is_ok());
}

#[tokio::test]
async fn an_email_with_an_account_cannot_be_invited() {
    let setup = setup(InvitationDelivery::default()).await;
    let taken = setup.accounts.invite(&setup.admin, "ADMIN@atelier.test", None).await;
    assert!(matches!(taken, Err(InvitationError::EmailTaken)));
    let Err(InvitationError::Invalid(errors)) = setup.accounts.invite(&setup.admin, "not-an-email", Some("root")).await
    else {
        panic!("expected field errors")
    };
    assert!(errors.get("email").is_some());
}

#[tokio::test]
async fn with_mail_on_the_invitation_is_mailed_to_the_person_invited() {
    let delivery =
        InvitationDelivery { mail: Notifications::on(None), public_url: Some("https://studio.example/".into()) };
    let setup = setup(delivery).await;
    let invited = setup.accounts.invite(&setup.admin, "grace@atelier.test", None).await.unwrap();
    assert!(invited.mailed);
    assert!(invited.link.starts_with("https://studio.example/admin/accept-invite#"));
    let mails = setup.store.mails_about(About { topic: Topic::Invitation, id: invited.invitation.id }).await.unwrap();
    assert_eq!(mails.len(), 1);
    assert_eq!(mails[0].recipient, "grace@atelier.test");
    assert_eq!(mails[0].reply_to, "admin@atelier.test");
    assert!(mails[0].body.contains(&invited.link));
    assert_eq!(mails[0].subject, "Administrator invites you to the back office");
}

#[tokio::test]
async fn once_sent_the_invitation_mail_no_longer_holds_the_link_in_the_outbox() {
    let delivery = InvitationDelivery { mail: Notifications::on(None), public_url: None };
    let setup = setup(delivery).await;
    let invited = setup.accounts.invite(&setup.admin, "grace@atelier.test", None).await.unwrap();
    let mailer = FakeMailer::default();
    mailer.fail_with("connection refused", false);
    let delivery = MailDelivery::new(setup.store.clone(), mailer.clone(), setup.clock.clone());
    delivery.deliver_due().await.unwrap();
    let about = About { topic: Topic::Invitation, id: invited.invitation.id };
    let stored = || async { setup.store.mails_about(about).await.unwrap().remove(0) };
    assert!(stored().await.body.contains(&invited.link), "kept while it still has to be sent");

    mailer.succeed();
    setup.clock.advance(Duration::minutes(1));
    assert_eq!(delivery.deliver_due().await.unwrap().sent, 1);
    assert!(mailer.sent_bodies()[0].contains(&invited.link), "the person invited gets the link");
    let sent = stored().await;
    assert!(!sent.body.contains(token_of(&invited.link)), "{}", sent.body);
    assert_eq!(sent.body, atelier_domain::notification::REDACTED_BODY);
    assert!(accept(&setup, token_of(&invited.link), "Grace").await.is_ok(), "the link itself still works");
}

#[tokio::test]
async fn the_owner_cannot_be_removed() {
    let setup = setup(InvitationDelivery::default()).await;
    let me = setup.admin.user.id.to_string();
    assert!(matches!(setup.accounts.remove_account(&me).await, Err(RemoveAccountError::Owner)));
    assert!(matches!(setup.accounts.remove_account("nope").await, Err(RemoveAccountError::NotFound)));

    let invited = setup.accounts.invite(&setup.admin, "grace@atelier.test", None).await.unwrap();
    let grace = accept(&setup, token_of(&invited.link), "Grace").await.unwrap();
    setup.accounts.remove_account(&grace.user.id.to_string()).await.unwrap();
    assert!(matches!(setup.accounts.authenticate(&grace.token).await, Err(AuthError::Invalid)), "her sessions end");
    assert_eq!(setup.accounts.team().await.unwrap().len(), 1);
}

#[tokio::test]
async fn an_administrator_may_remove_themselves() {
    let setup = setup(InvitationDelivery::default()).await;
    let invited = setup.accounts.invite(&setup.admin, "grace@atelier.test", None).await.unwrap();
    let grace = accept(&setup, token_of(&invited.link), "Grace").await.unwrap();
    let grace = setup.accounts.authenticate(&grace.token).await.unwrap();
    assert_eq!(grace.role(), Role::Administrator, "an invitation without a role makes an Administrator");
    setup.accounts.remove_account(&grace.user.id.to_string()).await.unwrap();
    let admins = setup.accounts.team().await.unwrap();
    assert_eq!(admins.iter().map(|admin| admin.id).collect::<Vec<_>>(), [setup.admin.user.id]);
}

#[tokio::test]
async fn an_invitation_never_makes_an_owner() {
    let setup = setup(InvitationDelivery::default()).await;
    let Err(InvitationError::Invalid(errors)) =
        setup.accounts.invite(&setup.admin, "grace@atelier.test", Some("owner")).await
    else {
        panic!("expected a field error")
    };
    assert_eq!(errors.get("role"), Some(super::admins::OWNER_NOT_GIVEN));
}

#[tokio::test]
async fn a_role_change_applies_from_the_next_request_and_never_touches_the_owner() {
    let setup = setup(InvitationDelivery::default()).await;
    let invited = setup.accounts.invite(&setup.admin, "grace@atelier.test", Some("sales")).await.unwrap();
    let grace = accept(&setup, token_of(&invited.link), "Grace").await.unwrap();
    let id = grace.user.id.to_string();

    let changed = setup.accounts.change_role(&id, Some("editor")).await.unwrap();
    assert_eq!(changed.role, Role::Editor);
    assert_eq!(setup.accounts.authenticate(&grace.token).await.unwrap().role(), Role::Editor);

    let owner = setup.admin.user.id.to_string();
    assert!(matches!(setup.accounts.change_role(&owner, Some("editor")).await, Err(RoleError::Owner)));
    assert!(matches!(setup.accounts.change_role(&id, Some("owner")).await, Err(RoleError::Invalid(_))));
    assert!(matches!(setup.accounts.change_role(&id, Some("admin")).await, Err(RoleError::Invalid(_))));
    assert!(matches!(setup.accounts.change_role(&id, None).await, Err(RoleError::Invalid(_))));
    assert!(matches!(setup.accounts.change_role("nope", Some("editor")).await, Err(RoleError::NotFound)));
    let roles: Vec<_> = setup.accounts.team().await.unwrap().iter().map(|user| user.role).collect();
    assert_eq!(roles, [Role::Owner, Role::Editor]);
}

#[tokio::test]
async fn the_owner_hands_ownership_over_and_becomes_an_administrator() {
    let setup = setup(InvitationDelivery::default()).await;
    let invited = setup.accounts.invite(&setup.admin, "grace@atelier.test", Some("editor")).await.unwrap();
    let grace = accept(&setup, token_of(&invited.link), "Grace").await.unwrap();
    let grace = setup.accounts.authenticate(&grace.token).await.unwrap();
    let grace_id = grace.user.id.to_string();
    let owner_id = setup.admin.user.id.to_string();

    assert!(matches!(setup.accounts.hand_over_ownership(&grace, &owner_id).await, Err(RoleError::NotOwner)));
    assert!(matches!(setup.accounts.hand_over_ownership(&setup.admin, &owner_id).await, Err(RoleError::NotOwner)));
    assert!(matches!(setup.accounts.hand_over_ownership(&setup.admin, "nope").await, Err(RoleError::NotFound)));

    let new_owner = setup.accounts.hand_over_ownership(&setup.admin, &grace_id).await.unwrap();
    assert_eq!(new_owner.role, Role::Owner);
    let roles: Vec<_> = setup.accounts.team().await.unwrap().iter().map(|user| user.role).collect();
    assert_eq!(roles, [Role::Administrator, Role::Owner], "exactly one Owner");
    // The old Owner's request began before the handover: the store refuses it all the same.
    assert!(matches!(setup.accounts.hand_over_ownership(&setup.admin, &grace_id).await, Err(RoleError::NotOwner)));
}

#[tokio::test]
async fn a_generated_first_password_must_be_changed_and_changing_it_lifts_that() {
    let clock = FakeClock::default();
    let accounts: TestAccounts =
        Accounts::new(InMemoryStore::default(), FakeHasher, FakeTokens(clock.clone()), FakeSealer, clock.clone());
    let email = Email::parse("owner@atelier.test").unwrap();
    let FirstAdmin::CreatedWithGeneratedPassword { password, .. } =
        accounts.ensure_first_admin(email, None).await.unwrap()
    else {
        panic!("expected a generated password")
    };
    let signed_in =
        accounts.login("owner@atelier.test", password.expose(), &Client::default()).await.unwrap().signed_in().unwrap();
    assert!(signed_in.user.must_change_password);
    let principal = accounts.authenticate(&signed_in.token).await.unwrap();
    let input = NewUserInput {
        name: Some("Sam".into()),
        email: Some("sam@atelier.test".into()),
        password: Some("another-long-password".into()),
        role: None,
    };
    let refused = accounts.register(Some(&principal), input, &Client::default()).await;
    assert!(matches!(refused, Err(AccountError::SetupRequired)), "no accounts added before it is changed");
    accounts.change_password(&principal, password.expose(), "my-own-passphrase").await.unwrap();
    let principal = accounts.authenticate(&signed_in.token).await.unwrap();
    assert!(!principal.user.must_change_password);
}

#[tokio::test]
async fn a_chosen_first_password_need_not_be_changed() {
    let setup = setup(InvitationDelivery::default()).await;
    assert!(!setup.admin.user.must_change_password);
}
