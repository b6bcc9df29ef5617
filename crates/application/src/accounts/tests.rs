//! The accounts use cases against the in-memory fakes.

use super::*;
use crate::fake::{FakeHasher, FakeTokens, InMemoryStore};

type TestAccounts = Accounts<InMemoryStore, FakeHasher, FakeTokens>;

const PASSWORD: &str = "correct-horse-battery";

async fn with_admin() -> TestAccounts {
    let accounts = Accounts::new(InMemoryStore::default(), FakeHasher, FakeTokens);
    let email = Email::parse("admin@atelier.test").unwrap();
    accounts.ensure_first_admin(email, Some(Password::parse(PASSWORD).unwrap())).await.unwrap();
    accounts
}

fn new_user(email: &str, role: Option<&str>) -> NewUserInput {
    NewUserInput {
        name: Some("Sam".into()),
        email: Some(email.into()),
        password: Some("another-long-password".into()),
        role: role.map(str::to_owned),
    }
}

#[tokio::test]
async fn the_right_password_signs_in_and_the_token_authenticates() {
    let accounts = with_admin().await;
    let signed_in = accounts.login(" ADMIN@atelier.test ", PASSWORD, "10.0.0.1").await.unwrap();
    let principal = accounts.authenticate(&signed_in.token).await.unwrap();
    assert_eq!(principal.user.email.as_str(), "admin@atelier.test");
    assert!(principal.is_admin());
}

#[tokio::test]
async fn unknown_emails_and_wrong_passwords_fail_alike() {
    let accounts = with_admin().await;
    let wrong = accounts.login("admin@atelier.test", "wrong password!", "a").await.unwrap_err();
    let unknown = accounts.login("nobody@atelier.test", PASSWORD, "a").await.unwrap_err();
    let malformed = accounts.login("not an email", PASSWORD, "a").await.unwrap_err();
    for error in [wrong, unknown, malformed] {
        assert!(matches!(error, LoginError::InvalidCredentials), "{error:?}");
    }
}

#[tokio::test]
async fn the_sixth_failure_for_an_email_is_throttled_even_with_the_right_password() {
    let accounts = with_admin().await;
    for attempt in 0..5 {
        let address = format!("10.0.0.{attempt}");
        assert!(matches!(
            accounts.login("admin@atelier.test", "nope", &address).await,
            Err(LoginError::InvalidCredentials)
        ));
    }
    let throttled = accounts.login("admin@atelier.test", PASSWORD, "10.0.0.9").await.unwrap_err();
    let LoginError::Throttled { retry_at } = throttled else { panic!("expected throttling, got {throttled:?}") };
    assert!(retry_at > Utc::now() + Duration::minutes(14));
}

#[tokio::test]
async fn twenty_failures_from_one_address_throttle_every_email_from_it() {
    let accounts = with_admin().await;
    for attempt in 0..20 {
        let _ = accounts.login(&format!("guess{attempt}@atelier.test"), "nope", "10.9.9.9").await;
    }
    assert!(matches!(
        accounts.login("admin@atelier.test", PASSWORD, "10.9.9.9").await,
        Err(LoginError::Throttled { .. })
    ));
    assert!(accounts.login("admin@atelier.test", PASSWORD, "10.1.1.1").await.is_ok());
}

#[tokio::test]
async fn a_successful_sign_in_forgets_earlier_failures_for_the_email() {
    let accounts = with_admin().await;
    for _ in 0..4 {
        let _ = accounts.login("admin@atelier.test", "nope", "a").await;
    }
    accounts.login("admin@atelier.test", PASSWORD, "a").await.unwrap();
    for _ in 0..4 {
        let _ = accounts.login("admin@atelier.test", "nope", "b").await;
    }
    assert!(accounts.login("admin@atelier.test", PASSWORD, "b").await.is_ok());
}

#[tokio::test]
async fn a_logged_out_token_no_longer_authenticates() {
    let accounts = with_admin().await;
    let token = accounts.login("admin@atelier.test", PASSWORD, "a").await.unwrap().token;
    let principal = accounts.authenticate(&token).await.unwrap();
    accounts.logout(&principal).await.unwrap();
    assert!(matches!(accounts.authenticate(&token).await, Err(AuthError::Invalid)));
}

#[tokio::test]
async fn changing_the_password_revokes_every_other_session_but_the_current_one() {
    let accounts = with_admin().await;
    let current = accounts.login("admin@atelier.test", PASSWORD, "a").await.unwrap().token;
    let other = accounts.login("admin@atelier.test", PASSWORD, "b").await.unwrap().token;
    let principal = accounts.authenticate(&current).await.unwrap();
    accounts.change_password(&principal, PASSWORD, "a-brand-new-passphrase").await.unwrap();
    assert!(accounts.authenticate(&current).await.is_ok());
    assert!(matches!(accounts.authenticate(&other).await, Err(AuthError::Invalid)));
    assert!(accounts.login("admin@atelier.test", PASSWORD, "c").await.is_err());
    assert!(accounts.login("admin@atelier.test", "a-brand-new-passphrase", "c").await.is_ok());
}

#[tokio::test]
async fn a_password_change_needs_the_current_password_and_a_long_new_one() {
    let accounts = with_admin().await;
    let token = accounts.login("admin@atelier.test", PASSWORD, "a").await.unwrap().token;
    let principal = accounts.authenticate(&token).await.unwrap();
    let Err(AccountError::Invalid(errors)) = accounts.change_password(&principal, "wrong", "short").await else {
        panic!("expected field errors")
    };
    assert_eq!(errors.get("currentPassword"), Some("Current password is incorrect"));
    assert_eq!(errors.get("newPassword"), Some("Password must be at least 12 characters"));
}

#[tokio::test]
async fn the_first_account_may_register_anonymously_and_is_always_an_admin() {
    let accounts = Accounts::new(InMemoryStore::default(), FakeHasher, FakeTokens);
    let signed_in = accounts.register(None, new_user("first@atelier.test", Some("member"))).await.unwrap();
    assert_eq!(signed_in.user.role, Role::Admin);
    let again = accounts.register(None, new_user("second@atelier.test", None)).await;
    assert!(matches!(again, Err(AccountError::SignInRequired)));
}

#[tokio::test]
async fn afterwards_only_an_admin_may_add_accounts() {
    let accounts = with_admin().await;
    let admin_token = accounts.login("admin@atelier.test", PASSWORD, "a").await.unwrap().token;
    let admin = accounts.authenticate(&admin_token).await.unwrap();
    let member = accounts.register(Some(&admin), new_user("member@atelier.test", Some("member"))).await.unwrap();
    assert_eq!(member.user.role, Role::Member);
    let member = accounts.authenticate(&member.token).await.unwrap();
    assert!(matches!(
        accounts.register(Some(&member), new_user("x@atelier.test", None)).await,
        Err(AccountError::Forbidden)
    ));
    assert!(matches!(
        accounts.register(Some(&admin), new_user("MEMBER@atelier.test", None)).await,
        Err(AccountError::EmailTaken)
    ));
}

#[tokio::test]
async fn the_first_admin_gets_a_generated_password_only_when_none_is_given_and_only_once() {
    let accounts = Accounts::new(InMemoryStore::default(), FakeHasher, FakeTokens);
    let email = Email::parse("owner@atelier.test").unwrap();
    let FirstAdmin::CreatedWithGeneratedPassword { password, .. } =
        accounts.ensure_first_admin(email.clone(), None).await.unwrap()
    else {
        panic!("expected a generated password")
    };
    assert!(accounts.login("owner@atelier.test", password.expose(), "a").await.is_ok());
    assert_eq!(accounts.ensure_first_admin(email, None).await.unwrap(), FirstAdmin::NotNeeded);
}

#[tokio::test]
async fn profile_changes_keep_emails_unique() {
    let accounts = with_admin().await;
    let admin =
        accounts.authenticate(&accounts.login("admin@atelier.test", PASSWORD, "a").await.unwrap().token).await.unwrap();
    accounts.register(Some(&admin), new_user("taken@atelier.test", None)).await.unwrap();
    let taken = ProfileChanges::parse(None, Some("taken@atelier.test")).unwrap();
    assert!(matches!(accounts.update_profile(&admin, taken).await, Err(AccountError::EmailTaken)));
    let renamed = accounts.update_profile(&admin, ProfileChanges::parse(Some("Ada"), None).unwrap()).await.unwrap();
    assert_eq!(renamed.name, "Ada");
}
