//! The administrators' use cases against the in-memory fakes: invitations, removal, and the
//! first administrator's generated password.

use atelier_domain::notification::{About, Topic};

use super::admins::{InvitationError, RemoveAdminError};
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
async fn an_invitation_link_creates_an_administrator_once() {
    let setup = setup(InvitationDelivery::default()).await;
    let invited = setup.accounts.invite(&setup.admin, " Grace@Atelier.test ").await.unwrap();
    assert!(invited.link.starts_with("/admin/accept-invite#"), "{}", invited.link);
    assert!(!invited.mailed, "mail is off");
    let token = token_of(&invited.link);
    assert_ne!(invited.invitation.token_hash, token, "only the hash is kept");

    let seen = setup.accounts.inspect_invitation(token).await.unwrap();
    assert_eq!(seen.email.as_str(), "grace@atelier.test");
    assert_eq!(setup.accounts.open_invitations().await.unwrap().len(), 1);

    let signed_in = accept(&setup, token, "Grace Hopper").await.unwrap();
    assert_eq!(signed_in.user.role, Role::Admin);
    assert_eq!(signed_in.user.email.as_str(), "grace@atelier.test");
    assert!(setup.accounts.authenticate(&signed_in.token).await.is_ok());
    assert!(setup.accounts.login("grace@atelier.test", "grace-password-123", &Client::default()).await.is_ok());

    assert!(matches!(accept(&setup, token, "Again").await, Err(InvitationError::Unusable)));
    assert!(matches!(setup.accounts.inspect_invitation(token).await, Err(InvitationError::Unusable)));
    assert!(setup.accounts.open_invitations().await.unwrap().is_empty());
    let admins = setup.accounts.administrators().await.unwrap();
    assert_eq!(admins.iter().map(|admin| admin.name.as_str()).collect::<Vec<_>>(), ["Administrator", "Grace Hopper"]);
}

#[tokio::test]
async fn an_invitation_expires_after_72_hours() {
    let setup = setup(InvitationDelivery::default()).await;
    let invited = setup.accounts.invite(&setup.admin, "grace@atelier.test").await.unwrap();
    setup.clock.advance(Duration::hours(72));
    assert!(matches!(accept(&setup, token_of(&invited.link), "Grace").await, Err(InvitationError::Unusable)));
    assert!(setup.accounts.open_invitations().await.unwrap().is_empty());
}

#[tokio::test]
async fn unknown_withdrawn_and_empty_tokens_are_refused_alike() {
    let setup = setup(InvitationDelivery::default()).await;
    let invited = setup.accounts.invite(&setup.admin, "grace@atelier.test").await.unwrap();
    setup.accounts.revoke_invitation(&invited.invitation.id.to_string()).await.unwrap();
    for token in [token_of(&invited.link), "0".repeat(64).as_str(), ""] {
        assert!(matches!(accept(&setup, token, "Grace").await, Err(InvitationError::Unusable)), "{token}");
    }
    assert!(setup.accounts.revoke_invitation(&invited.invitation.id.to_string()).await.is_err());
}

#[tokio::test]
async fn accepting_checks_the_name_and_the_password_and_keeps_the_link_usable_meanwhile() {
    let setup = setup(InvitationDelivery::default()).await;
    let invited = setup.accounts.invite(&setup.admin, "grace@atelier.test").await.unwrap();
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
    let taken = setup.accounts.invite(&setup.admin, "ADMIN@atelier.test").await;
    assert!(matches!(taken, Err(InvitationError::EmailTaken)));
    let Err(InvitationError::Invalid(errors)) = setup.accounts.invite(&setup.admin, "not-an-email").await else {
        panic!("expected field errors")
    };
    assert!(errors.get("email").is_some());
}

#[tokio::test]
async fn with_mail_on_the_invitation_is_mailed_to_the_person_invited() {
    let delivery =
        InvitationDelivery { mail: Notifications::on(None), public_url: Some("https://studio.example/".into()) };
    let setup = setup(delivery).await;
    let invited = setup.accounts.invite(&setup.admin, "grace@atelier.test").await.unwrap();
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
    let invited = setup.accounts.invite(&setup.admin, "grace@atelier.test").await.unwrap();
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
async fn the_last_administrator_cannot_be_removed() {
    let setup = setup(InvitationDelivery::default()).await;
    let me = setup.admin.user.id.to_string();
    assert!(matches!(setup.accounts.remove_admin(&me).await, Err(RemoveAdminError::LastAdmin)));
    assert!(matches!(setup.accounts.remove_admin("nope").await, Err(RemoveAdminError::NotFound)));

    let invited = setup.accounts.invite(&setup.admin, "grace@atelier.test").await.unwrap();
    let grace = accept(&setup, token_of(&invited.link), "Grace").await.unwrap();
    setup.accounts.remove_admin(&grace.user.id.to_string()).await.unwrap();
    assert!(matches!(setup.accounts.authenticate(&grace.token).await, Err(AuthError::Invalid)), "her sessions end");
    assert_eq!(setup.accounts.administrators().await.unwrap().len(), 1);
}

#[tokio::test]
async fn an_administrator_may_remove_themselves_while_another_remains() {
    let setup = setup(InvitationDelivery::default()).await;
    let invited = setup.accounts.invite(&setup.admin, "grace@atelier.test").await.unwrap();
    let grace = accept(&setup, token_of(&invited.link), "Grace").await.unwrap();
    let grace = setup.accounts.authenticate(&grace.token).await.unwrap();
    setup.accounts.remove_admin(&grace.user.id.to_string()).await.unwrap();
    let admins = setup.accounts.administrators().await.unwrap();
    assert_eq!(admins.iter().map(|admin| admin.id).collect::<Vec<_>>(), [setup.admin.user.id]);
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
