//! The accounts use cases against the in-memory fakes.

use super::*;
use crate::fake::{FakeClock, FakeHasher, FakeSealer, FakeTokens, InMemoryStore};

type TestAccounts = Accounts<InMemoryStore, FakeHasher, FakeTokens, FakeSealer, FakeClock>;

fn accounts(clock: &FakeClock) -> TestAccounts {
    Accounts::new(InMemoryStore::default(), FakeHasher, FakeTokens(clock.clone()), FakeSealer, clock.clone())
}

const PASSWORD: &str = "correct-horse-battery";

async fn with_admin() -> TestAccounts {
    let accounts = accounts(&FakeClock::default());
    let email = Email::parse("admin@atelier.test").unwrap();
    accounts.ensure_first_admin(email, Some(Password::parse(PASSWORD).unwrap())).await.unwrap();
    accounts
}

fn client(address: &str) -> Client {
    Client::new(address, "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0")
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
    let signed_in =
        accounts.login(" ADMIN@atelier.test ", PASSWORD, &client("10.0.0.1")).await.unwrap().signed_in().unwrap();
    let principal = accounts.authenticate(&signed_in.token).await.unwrap();
    assert_eq!(principal.user.email.as_str(), "admin@atelier.test");
    assert_eq!(principal.role(), Role::Owner);
}

#[tokio::test]
async fn unknown_emails_and_wrong_passwords_fail_alike() {
    let accounts = with_admin().await;
    let wrong = accounts.login("admin@atelier.test", "wrong password!", &client("a")).await.unwrap_err();
    let unknown = accounts.login("nobody@atelier.test", PASSWORD, &client("a")).await.unwrap_err();
    let malformed = accounts.login("not an email", PASSWORD, &client("a")).await.unwrap_err();
    for error in [wrong, unknown, malformed] {
        assert!(matches!(error, LoginError::InvalidCredentials), "{error:?}");
    }
}

#[tokio::test]
async fn five_failures_lock_that_account_from_that_address_only_even_for_the_right_password() {
    let accounts = with_admin().await;
    for _ in 0..5 {
        assert!(matches!(
            accounts.login("admin@atelier.test", "nope", &client("10.0.0.1")).await,
            Err(LoginError::InvalidCredentials)
        ));
    }
    let throttled = accounts.login("admin@atelier.test", PASSWORD, &client("10.0.0.1")).await.unwrap_err();
    let LoginError::Throttled { wait } = throttled else { panic!("expected throttling, got {throttled:?}") };
    assert!(wait.seconds() > 14 * 60, "the wait is counted on the service's clock");
    assert!(
        accounts.login("admin@atelier.test", PASSWORD, &client("10.0.0.2")).await.is_ok(),
        "the owner signs in from another address"
    );
    assert!(
        matches!(
            accounts.login("other@atelier.test", "nope", &client("10.0.0.1")).await,
            Err(LoginError::InvalidCredentials)
        ),
        "the address may still try other accounts"
    );
}

#[tokio::test]
async fn failures_from_many_addresses_slow_the_account_down_with_doubling_waits_but_never_where_it_is_known() {
    let clock = FakeClock::default();
    let accounts = accounts(&clock);
    let email = Email::parse("admin@atelier.test").unwrap();
    accounts.ensure_first_admin(email, Some(Password::parse(PASSWORD).unwrap())).await.unwrap();
    accounts.login("admin@atelier.test", PASSWORD, &client("192.0.2.1")).await.expect("the owner at home");
    for attempt in 0..SignInLimits::STANDARD.account.max {
        let address = format!("10.1.{}.{}", attempt / 200, attempt % 200);
        assert!(matches!(
            accounts.login("admin@atelier.test", "nope", &client(&address)).await,
            Err(LoginError::InvalidCredentials)
        ));
    }
    let mut waits = Vec::new();
    for round in 0..3 {
        let Err(LoginError::Throttled { wait }) =
            accounts.login("admin@atelier.test", PASSWORD, &client(&format!("10.2.0.{round}"))).await
        else {
            panic!("a new address is slowed down")
        };
        waits.push(i64::try_from(wait.seconds()).unwrap());
        clock.advance(Duration::seconds(i64::try_from(wait.seconds()).unwrap()));
        assert!(matches!(
            accounts.login("admin@atelier.test", "nope", &client(&format!("10.3.0.{round}"))).await,
            Err(LoginError::InvalidCredentials)
        ));
    }
    assert_eq!(waits, [60, 120, 240]);
    assert!(
        accounts.login("admin@atelier.test", PASSWORD, &client("192.0.2.1")).await.is_ok(),
        "an address the account signed in from is never slowed down by others' failures"
    );
}

#[tokio::test]
async fn a_successful_sign_in_forgets_earlier_failures_of_its_address() {
    let accounts = with_admin().await;
    for _ in 0..4 {
        let _ = accounts.login("admin@atelier.test", "nope", &client("a")).await;
    }
    accounts.login("admin@atelier.test", PASSWORD, &client("a")).await.unwrap();
    for _ in 0..4 {
        let _ = accounts.login("admin@atelier.test", "nope", &client("b")).await;
    }
    assert!(accounts.login("admin@atelier.test", PASSWORD, &client("b")).await.is_ok());
}

#[tokio::test]
async fn a_token_stops_authenticating_when_the_service_clock_passes_its_expiry() {
    let clock = FakeClock::default();
    let accounts = accounts(&clock);
    let email = Email::parse("admin@atelier.test").unwrap();
    accounts.ensure_first_admin(email, Some(Password::parse(PASSWORD).unwrap())).await.unwrap();
    let token = accounts.login("admin@atelier.test", PASSWORD, &client("a")).await.unwrap().signed_in().unwrap().token;
    clock.advance(TOKEN_LIFETIME - Duration::seconds(1));
    assert!(accounts.authenticate(&token).await.is_ok(), "a second before its expiry");
    clock.advance(Duration::seconds(1));
    assert!(matches!(accounts.authenticate(&token).await, Err(AuthError::Invalid)), "at its expiry");
}

#[tokio::test]
async fn a_logged_out_token_no_longer_authenticates() {
    let accounts = with_admin().await;
    let token = accounts.login("admin@atelier.test", PASSWORD, &client("a")).await.unwrap().signed_in().unwrap().token;
    let principal = accounts.authenticate(&token).await.unwrap();
    accounts.logout(&principal).await.unwrap();
    assert!(matches!(accounts.authenticate(&token).await, Err(AuthError::Invalid)));
}

#[tokio::test]
async fn changing_the_password_revokes_every_other_session_but_the_current_one() {
    let accounts = with_admin().await;
    let current =
        accounts.login("admin@atelier.test", PASSWORD, &client("a")).await.unwrap().signed_in().unwrap().token;
    let other = accounts.login("admin@atelier.test", PASSWORD, &client("b")).await.unwrap().signed_in().unwrap().token;
    let principal = accounts.authenticate(&current).await.unwrap();
    accounts.change_password(&principal, PASSWORD, "a-brand-new-passphrase").await.unwrap();
    assert!(accounts.authenticate(&current).await.is_ok());
    assert!(matches!(accounts.authenticate(&other).await, Err(AuthError::Invalid)));
    assert!(accounts.login("admin@atelier.test", PASSWORD, &client("c")).await.is_err());
    assert!(accounts.login("admin@atelier.test", "a-brand-new-passphrase", &client("c")).await.is_ok());
}

#[tokio::test]
async fn a_password_change_needs_the_current_password_and_a_long_new_one() {
    let accounts = with_admin().await;
    let token = accounts.login("admin@atelier.test", PASSWORD, &client("a")).await.unwrap().signed_in().unwrap().token;
    let principal = accounts.authenticate(&token).await.unwrap();
    let Err(AccountError::Invalid(errors)) = accounts.change_password(&principal, "wrong", "short").await else {
        panic!("expected field errors")
    };
    assert_eq!(errors.get("currentPassword"), Some("Current password is incorrect"));
    assert_eq!(errors.get("newPassword"), Some("Password must be at least 12 characters"));
}

#[tokio::test]
async fn the_first_account_may_register_anonymously_and_is_always_the_owner() {
    let accounts = accounts(&FakeClock::default());
    let signed_in =
        accounts.register(None, new_user("first@atelier.test", Some("contributor")), &client("a")).await.unwrap();
    assert_eq!(signed_in.user.role, Role::Owner);
    let again = accounts.register(None, new_user("second@atelier.test", None), &client("a")).await;
    assert!(matches!(again, Err(AccountError::SignInRequired)));
}

#[tokio::test]
async fn afterwards_only_the_owner_or_an_administrator_may_add_accounts_and_never_another_owner() {
    let accounts = with_admin().await;
    let admin_token =
        accounts.login("admin@atelier.test", PASSWORD, &client("a")).await.unwrap().signed_in().unwrap().token;
    let admin = accounts.authenticate(&admin_token).await.unwrap();
    let member = accounts.register(Some(&admin), new_user("member@atelier.test", None), &client("a")).await.unwrap();
    assert_eq!(member.user.role, Role::Contributor, "the least a role may do");
    let Err(AccountError::Invalid(errors)) =
        accounts.register(Some(&admin), new_user("second-owner@atelier.test", Some("owner")), &client("a")).await
    else {
        panic!("a second Owner is refused")
    };
    assert_eq!(errors.get("role"), Some(admins::OWNER_NOT_GIVEN));
    let editor =
        accounts.register(Some(&admin), new_user("editor@atelier.test", Some("editor")), &client("a")).await.unwrap();
    let editor = accounts.authenticate(&editor.token).await.unwrap();
    assert!(matches!(
        accounts.register(Some(&editor), new_user("y@atelier.test", None), &client("a")).await,
        Err(AccountError::Forbidden)
    ));
    let member = accounts.authenticate(&member.token).await.unwrap();
    assert!(matches!(
        accounts.register(Some(&member), new_user("x@atelier.test", None), &client("a")).await,
        Err(AccountError::Forbidden)
    ));
    assert!(matches!(
        accounts.register(Some(&admin), new_user("MEMBER@atelier.test", None), &client("a")).await,
        Err(AccountError::EmailTaken)
    ));
}

#[tokio::test]
async fn the_first_admin_gets_a_generated_password_only_when_none_is_given_and_only_once() {
    let accounts = accounts(&FakeClock::default());
    let email = Email::parse("owner@atelier.test").unwrap();
    let FirstAdmin::CreatedWithGeneratedPassword { password, .. } =
        accounts.ensure_first_admin(email.clone(), None).await.unwrap()
    else {
        panic!("expected a generated password")
    };
    assert!(accounts.login("owner@atelier.test", password.expose(), &client("a")).await.is_ok());
    assert_eq!(accounts.ensure_first_admin(email, None).await.unwrap(), FirstAdmin::NotNeeded);
}

#[tokio::test]
async fn profile_changes_keep_emails_unique() {
    let accounts = with_admin().await;
    let admin = accounts
        .authenticate(
            &accounts.login("admin@atelier.test", PASSWORD, &client("a")).await.unwrap().signed_in().unwrap().token,
        )
        .await
        .unwrap();
    accounts.register(Some(&admin), new_user("taken@atelier.test", None), &client("a")).await.unwrap();
    let taken = ProfileChanges::parse(None, Some("taken@atelier.test")).unwrap();
    assert!(matches!(accounts.update_profile(&admin, taken).await, Err(AccountError::EmailTaken)));
    let renamed = accounts.update_profile(&admin, ProfileChanges::parse(Some("Ada"), None).unwrap()).await.unwrap();
    assert_eq!(renamed.name, "Ada");
}

async fn signed_in(accounts: &TestAccounts, address: &str) -> (String, Principal) {
    let token =
        accounts.login("admin@atelier.test", PASSWORD, &client(address)).await.unwrap().signed_in().unwrap().token;
    let principal = accounts.authenticate(&token).await.unwrap();
    (token, principal)
}

#[tokio::test]
async fn sessions_keep_where_they_were_opened_and_list_only_the_callers_live_ones() {
    let accounts = with_admin().await;
    let (_, first) = signed_in(&accounts, "10.0.0.1").await;
    let (_, second) = signed_in(&accounts, "10.0.0.2").await;
    let (_, ended) = signed_in(&accounts, "10.0.0.3").await;
    accounts.logout(&ended).await.unwrap();
    accounts
        .register(Some(&first), new_user("other@atelier.test", Some("administrator")), &client("10.9.9.9"))
        .await
        .unwrap();

    let sessions = accounts.sessions(&first).await.unwrap();
    let mut addresses: Vec<_> = sessions.iter().map(|session| session.address.as_str()).collect();
    addresses.sort_unstable();
    assert_eq!(addresses, ["10.0.0.1", "10.0.0.2"]);
    assert!(sessions.iter().all(|session| session.user_agent.contains("Firefox/133.0")));
    assert!(sessions.iter().any(|session| session.id == second.session_id));
}

#[tokio::test]
async fn signing_out_one_session_ends_only_that_one_and_only_for_its_owner() {
    let accounts = with_admin().await;
    let (_, current) = signed_in(&accounts, "a").await;
    let (other_token, other) = signed_in(&accounts, "b").await;
    let member = accounts.register(Some(&current), new_user("m@atelier.test", None), &client("c")).await.unwrap();
    let member = accounts.authenticate(&member.token).await.unwrap();

    let refused = accounts.sign_out_session(&member, &other.session_id.to_string()).await;
    assert!(matches!(refused, Err(LookupError::NotFound("Session"))));
    assert!(matches!(accounts.sign_out_session(&current, "not-an-id").await, Err(LookupError::NotFound(_))));

    accounts.sign_out_session(&current, &other.session_id.to_string()).await.unwrap();
    assert!(matches!(accounts.authenticate(&other_token).await, Err(AuthError::Invalid)));
    assert_eq!(accounts.sessions(&current).await.unwrap().len(), 1);
    let again = accounts.sign_out_session(&current, &other.session_id.to_string()).await;
    assert!(matches!(again, Err(LookupError::NotFound(_))), "a revoked session is not live");
}

#[tokio::test]
async fn signing_out_everywhere_else_keeps_the_callers_session() {
    let accounts = with_admin().await;
    let (current_token, current) = signed_in(&accounts, "a").await;
    let (b, _) = signed_in(&accounts, "b").await;
    let (c, _) = signed_in(&accounts, "c").await;
    assert_eq!(accounts.sign_out_other_sessions(&current).await.unwrap(), 2);
    assert!(accounts.authenticate(&current_token).await.is_ok());
    for token in [b, c] {
        assert!(matches!(accounts.authenticate(&token).await, Err(AuthError::Invalid)));
    }
    assert_eq!(accounts.sign_out_other_sessions(&current).await.unwrap(), 0);
}

#[tokio::test]
async fn a_sessions_last_use_is_recorded_at_most_once_a_minute() {
    let clock = FakeClock::default();
    let store = InMemoryStore::default();
    let accounts = Accounts::new(store.clone(), FakeHasher, FakeTokens(clock.clone()), FakeSealer, clock.clone());
    let email = Email::parse("admin@atelier.test").unwrap();
    accounts.ensure_first_admin(email, Some(Password::parse(PASSWORD).unwrap())).await.unwrap();
    let (token, principal) = signed_in(&accounts, "a").await;
    let last_used = || async { store.find_session(principal.session_id).await.unwrap().unwrap().last_used_at };
    assert_eq!(last_used().await, FakeClock::start());

    clock.advance(Duration::seconds(59));
    accounts.authenticate(&token).await.unwrap();
    assert_eq!(last_used().await, FakeClock::start(), "used within the minute: nothing written");

    clock.advance(Duration::seconds(1));
    accounts.authenticate(&token).await.unwrap();
    assert_eq!(last_used().await, FakeClock::start() + Duration::minutes(1));
}
