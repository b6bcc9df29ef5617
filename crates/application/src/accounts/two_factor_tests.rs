//! Two-factor sign-in against the in-memory fakes: enrolment, the two-step sign-in, replays,
//! throttling of codes, recovery codes, turning it off, and the site-wide requirement.

use atelier_domain::two_factor::{CHALLENGE_LIFETIME, RECOVERY_CODE_COUNT, TotpSecret, TwoFactor};

use super::two_factor::{CodeChallenge, CodeStepError, TwoFactorError, TwoFactorReset};
use super::*;
use crate::fake::{FakeClock, FakeHasher, FakeSealer, FakeTokens, InMemoryStore};

type TestAccounts = Accounts<InMemoryStore, FakeHasher, FakeTokens, FakeSealer, FakeClock>;

const EMAIL: &str = "admin@atelier.test";
const PASSWORD: &str = "correct-horse-battery";

struct Setup {
    accounts: TestAccounts,
    store: InMemoryStore,
    clock: FakeClock,
    admin: Principal,
}

fn client(address: &str) -> Client {
    Client::new(address, "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0")
}

async fn setup_with(required: bool) -> Setup {
    let (store, clock) = (InMemoryStore::default(), FakeClock::default());
    let accounts = Accounts::new(store.clone(), FakeHasher, FakeTokens(clock.clone()), FakeSealer, clock.clone())
        .requiring_two_factor(required);
    accounts.ensure_first_admin(Email::parse(EMAIL).unwrap(), Some(Password::parse(PASSWORD).unwrap())).await.unwrap();
    let admin = sign_in_with_password(&accounts).await;
    Setup { accounts, store, clock, admin }
}

async fn setup() -> Setup {
    setup_with(false).await
}

async fn sign_in_with_password(accounts: &TestAccounts) -> Principal {
    let step = accounts.login(EMAIL, PASSWORD, &client("10.0.0.1")).await.unwrap();
    let signed_in = step.signed_in().expect("no second step without two-factor sign-in");
    accounts.authenticate(&signed_in.token).await.unwrap()
}

impl Setup {
    /// The code the authenticator app shows `offset` steps from now.
    fn code(&self, steps: i64) -> String {
        let user_id = self.admin.user.id;
        let sealed = self.store.with(|tables| {
            tables
                .rows::<TwoFactor>()
                .iter()
                .find(|t| t.user_id == user_id)
                .expect("an authenticator")
                .sealed_secret
                .clone()
        });
        let secret = FakeSealer.open(&sealed, user_id.to_string().as_bytes()).expect("sealed for this account");
        TotpSecret::from_bytes(secret).code_at(self.clock.now() + Duration::seconds(30 * steps))
    }

    /// Enrols and answers the recovery codes.
    async fn enrol(&self) -> Vec<String> {
        self.accounts.begin_two_factor(&self.admin).await.unwrap();
        let codes = self.accounts.confirm_two_factor(&self.admin, &self.code(0)).await.unwrap();
        codes.iter().map(|code| code.expose().to_owned()).collect()
    }

    async fn password_step(&self, address: &str) -> CodeChallenge {
        match self.accounts.login(EMAIL, PASSWORD, &client(address)).await.unwrap() {
            SignInStep::CodeRequired(challenge) => challenge,
            SignInStep::SignedIn(_) => panic!("expected a second step"),
        }
    }
}

#[tokio::test]
async fn enrolling_answers_a_key_and_address_and_a_first_code_turns_it_on_with_ten_recovery_codes() {
    let setup = setup().await;
    let other = sign_in_with_password(&setup.accounts).await;
    let enrolment = setup.accounts.begin_two_factor(&setup.admin).await.unwrap();
    assert!(enrolment.otpauth_uri.starts_with("otpauth://totp/Atelier:admin%40atelier.test?secret="));
    let key: String = enrolment.manual_key.split_whitespace().collect();
    assert!(enrolment.otpauth_uri.contains(&format!("secret={key}")));

    let stored = setup.store.with(|tables| tables.rows::<TwoFactor>()[0].clone());
    assert!(!stored.is_enabled(), "pending until a code confirms it");
    let secret = FakeSealer.open(&stored.sealed_secret, setup.admin.user.id.to_string().as_bytes()).unwrap();
    assert_ne!(stored.sealed_secret, secret, "kept sealed");
    assert!(!setup.accounts.two_factor_status(&setup.admin).await.unwrap().enabled);

    let codes = setup.enrol().await;
    assert_eq!(codes.len(), RECOVERY_CODE_COUNT);
    let status = setup.accounts.two_factor_status(&setup.admin).await.unwrap();
    assert!(status.enabled && !status.required);
    assert_eq!(status.recovery_codes_left, 10);
    assert_eq!(status.enabled_at, Some(setup.clock.now()));
    assert!(setup.accounts.authenticate_session(&setup.admin).await, "this session stays");
    assert!(!setup.accounts.authenticate_session(&other).await, "a session opened with the password alone ends");
    assert!(matches!(setup.accounts.begin_two_factor(&setup.admin).await, Err(TwoFactorError::AlreadyEnabled)));
}

impl TestAccounts {
    async fn authenticate_session(&self, principal: &Principal) -> bool {
        let sessions = self.sessions(principal).await.unwrap();
        sessions.iter().any(|session| session.id == principal.session_id)
    }
}

#[tokio::test]
async fn a_wrong_first_code_or_no_set_up_begun_is_refused() {
    let setup = setup().await;
    assert!(matches!(setup.accounts.confirm_two_factor(&setup.admin, "123456").await, Err(TwoFactorError::NotPending)));
    setup.accounts.begin_two_factor(&setup.admin).await.unwrap();
    let wrong = if setup.code(0) == "000000" { "111111" } else { "000000" };
    let Err(TwoFactorError::Invalid(errors)) = setup.accounts.confirm_two_factor(&setup.admin, wrong).await else {
        panic!("expected a field error");
    };
    assert_eq!(errors.get("code"), Some("Invalid authentication code"));
    let stale = setup.code(-2);
    assert!(setup.accounts.confirm_two_factor(&setup.admin, &stale).await.is_err(), "a code a minute old");
    assert!(!setup.accounts.two_factor_status(&setup.admin).await.unwrap().enabled);
}

#[tokio::test]
async fn beginning_again_replaces_the_pending_secret() {
    let setup = setup().await;
    setup.accounts.begin_two_factor(&setup.admin).await.unwrap();
    let first = setup.code(0);
    setup.accounts.begin_two_factor(&setup.admin).await.unwrap();
    assert_eq!(setup.store.with(|tables| tables.rows::<TwoFactor>().len()), 1);
    let second = setup.code(0);
    if first != second {
        assert!(setup.accounts.confirm_two_factor(&setup.admin, &first).await.is_err(), "the first app is stale");
    }
    assert!(setup.accounts.confirm_two_factor(&setup.admin, &second).await.is_ok());
}

#[tokio::test]
async fn with_two_factor_on_the_password_step_answers_a_challenge_and_a_code_completes_it() {
    let setup = setup().await;
    setup.enrol().await;
    setup.clock.advance(Duration::seconds(30));
    let challenge = setup.password_step("10.0.0.2").await;
    assert_eq!(challenge.expires_at, setup.clock.now() + CHALLENGE_LIFETIME);
    assert!(
        matches!(setup.accounts.authenticate(&challenge.token).await, Err(AuthError::Invalid)),
        "a challenge is no bearer token"
    );

    let signed_in =
        setup.accounts.complete_sign_in(&challenge.token, &setup.code(0), &client("10.0.0.2")).await.unwrap();
    let principal = setup.accounts.authenticate(&signed_in.token).await.unwrap();
    assert_eq!(principal.user.email.as_str(), EMAIL);

    setup.clock.advance(Duration::seconds(30));
    let again = setup.accounts.complete_sign_in(&challenge.token, &setup.code(0), &client("10.0.0.2")).await;
    assert!(matches!(again, Err(CodeStepError::ChallengeExpired)), "a challenge is used once");
}

#[tokio::test]
async fn a_code_is_not_accepted_twice_within_its_window() {
    let setup = setup().await;
    setup.enrol().await;
    let confirming_code = setup.code(0);
    let challenge = setup.password_step("10.0.0.2").await;
    let replayed = setup.accounts.complete_sign_in(&challenge.token, &confirming_code, &client("10.0.0.2")).await;
    assert!(matches!(replayed, Err(CodeStepError::UsedCode)), "the code that confirmed the set-up is used");
    assert_eq!(
        replayed.unwrap_err().to_string(),
        "This code has already been used. Each code works once: wait for the next code in your authenticator app and enter it.",
        "and the person is told to wait for the next one"
    );

    let next = setup.code(1);
    setup.accounts.complete_sign_in(&challenge.token, &next, &client("10.0.0.2")).await.unwrap();
    let challenge = setup.password_step("10.0.0.3").await;
    let replayed = setup.accounts.complete_sign_in(&challenge.token, &next, &client("10.0.0.3")).await;
    assert!(matches!(replayed, Err(CodeStepError::UsedCode)), "a code used to sign in is used");
    let older = setup.code(0);
    let earlier = setup.accounts.complete_sign_in(&challenge.token, &older, &client("10.0.0.3")).await;
    assert!(matches!(earlier, Err(CodeStepError::UsedCode)), "so is any code of an earlier step");
    let wrong = setup.accounts.complete_sign_in(&challenge.token, "12 34 5x", &client("10.0.0.3")).await;
    assert!(matches!(wrong, Err(CodeStepError::InvalidCode)), "a wrong code is told apart from a used one");
}

#[tokio::test]
async fn wrong_codes_are_throttled_like_wrong_passwords_and_a_new_password_step_does_not_reset_them() {
    let setup = setup().await;
    setup.enrol().await;
    setup.clock.advance(Duration::seconds(30));
    let right = setup.code(0);
    let wrong = if right == "000000" { "111111" } else { "000000" };
    for attempt in 0..5 {
        // Each wrong code after a fresh (successful) password step.
        let challenge = setup.password_step("10.1.0.1").await;
        let result = setup.accounts.complete_sign_in(&challenge.token, wrong, &client("10.1.0.1")).await;
        assert!(matches!(result, Err(CodeStepError::InvalidCode)), "attempt {attempt}: {result:?}");
    }
    let throttled = setup.accounts.login(EMAIL, PASSWORD, &client("10.1.0.1")).await;
    assert!(matches!(throttled, Err(LoginError::Throttled { .. })), "the password step is locked too");
    let challenge = setup.password_step("10.2.0.2").await;
    setup.accounts.complete_sign_in(&challenge.token, &setup.code(0), &client("10.2.0.2")).await.unwrap();

    setup.clock.advance(Duration::minutes(4));
    let challenge = CodeChallenge { token: "any".into(), expires_at: setup.clock.now() };
    let result = setup.accounts.complete_sign_in(&challenge.token, &setup.code(0), &client("10.1.0.1")).await;
    assert!(matches!(result, Err(CodeStepError::ChallengeExpired)), "an unknown challenge is refused first");

    setup.clock.advance(Duration::minutes(12));
    let challenge = setup.password_step("10.1.0.1").await;
    setup.accounts.complete_sign_in(&challenge.token, &setup.code(0), &client("10.1.0.1")).await.unwrap();
}

#[tokio::test]
async fn the_code_step_is_throttled_even_with_the_right_code() {
    let setup = setup().await;
    setup.enrol().await;
    setup.clock.advance(Duration::seconds(30));
    let challenge = setup.password_step("10.0.0.9").await;
    for _ in 0..5 {
        let _ = setup.accounts.login(EMAIL, "nope", &client("10.0.0.9")).await;
    }
    let result = setup.accounts.complete_sign_in(&challenge.token, &setup.code(0), &client("10.0.0.9")).await;
    let Err(CodeStepError::Throttled { wait }) = result else { panic!("expected throttling, got {result:?}") };
    assert!(wait.seconds() >= 1);
}

#[tokio::test]
async fn a_challenge_takes_five_codes_at_most_and_the_last_may_be_right() {
    let setup = setup().await;
    setup.enrol().await;
    setup.clock.advance(Duration::seconds(30));
    let right = setup.code(0);
    let wrong = if right == "000000" { "111111" } else { "000000" };
    let challenge = setup.password_step("10.5.0.1").await;
    for attempt in 0..4 {
        let address = format!("10.5.1.{attempt}");
        let result = setup.accounts.complete_sign_in(&challenge.token, wrong, &client(&address)).await;
        assert!(matches!(result, Err(CodeStepError::InvalidCode)), "{result:?}");
    }
    setup.accounts.complete_sign_in(&challenge.token, &right, &client("10.5.2.1")).await.expect("the fifth code");
    let worn = setup.password_step("10.5.0.1").await;
    for attempt in 0..5 {
        let _ = setup.accounts.complete_sign_in(&worn.token, wrong, &client(&format!("10.5.3.{attempt}"))).await;
    }
    let result = setup.accounts.complete_sign_in(&worn.token, &setup.code(1), &client("10.5.4.1")).await;
    assert!(matches!(result, Err(CodeStepError::ChallengeExpired)), "worn out: {result:?}");
}

#[tokio::test]
async fn a_challenge_expires_after_five_minutes() {
    let setup = setup().await;
    setup.enrol().await;
    let challenge = setup.password_step("10.0.0.2").await;
    setup.clock.advance(CHALLENGE_LIFETIME);
    let result = setup.accounts.complete_sign_in(&challenge.token, &setup.code(0), &client("10.0.0.2")).await;
    assert!(matches!(result, Err(CodeStepError::ChallengeExpired)));
}

#[tokio::test]
async fn each_recovery_code_signs_in_once() {
    let setup = setup().await;
    let codes = setup.enrol().await;
    let challenge = setup.password_step("10.0.0.2").await;
    let typed = codes[3].to_uppercase().replace('-', " ");
    setup.accounts.complete_sign_in(&challenge.token, &typed, &client("10.0.0.2")).await.unwrap();
    assert_eq!(setup.accounts.two_factor_status(&setup.admin).await.unwrap().recovery_codes_left, 9);

    let challenge = setup.password_step("10.0.0.2").await;
    let reused = setup.accounts.complete_sign_in(&challenge.token, &codes[3], &client("10.0.0.2")).await;
    assert!(matches!(reused, Err(CodeStepError::InvalidCode)));
    let unknown = setup.accounts.complete_sign_in(&challenge.token, "0000-0000-0000-0000", &client("10.0.0.2")).await;
    assert!(matches!(unknown, Err(CodeStepError::InvalidCode)));
    setup.accounts.complete_sign_in(&challenge.token, &codes[4], &client("10.0.0.2")).await.unwrap();
}

#[tokio::test]
async fn recovery_codes_still_work_when_the_secret_can_no_longer_be_opened() {
    let setup = setup().await;
    let codes = setup.enrol().await;
    let code = setup.code(1);
    setup
        .store
        .with(|tables| tables.private_rows_mut::<TwoFactor>()[0].sealed_secret = b"sealed with an old key".to_vec());
    let challenge = setup.password_step("10.0.0.2").await;
    let result = setup.accounts.complete_sign_in(&challenge.token, &code, &client("10.0.0.2")).await;
    assert!(matches!(result, Err(CodeStepError::InvalidCode)));
    setup.accounts.complete_sign_in(&challenge.token, &codes[0], &client("10.0.0.2")).await.unwrap();
}

#[tokio::test]
async fn turning_it_off_needs_the_password_and_a_current_code() {
    let setup = setup().await;
    let codes = setup.enrol().await;
    let off = |password: &'static str, code: String| {
        let accounts = setup.accounts.clone();
        let admin = setup.admin.clone();
        async move { accounts.disable_two_factor(&admin, password, &code, &client("10.0.0.1")).await }
    };
    let Err(TwoFactorError::Invalid(errors)) = off("wrong password!", setup.code(1)).await else { panic!() };
    assert_eq!(errors.get("password"), Some("Password is incorrect"));
    let Err(TwoFactorError::Invalid(errors)) = off(PASSWORD, "999999x".into()).await else { panic!() };
    assert_eq!(errors.get("code"), Some("Invalid authentication code"));
    // The code that confirmed the set-up was used: the person is told to wait for the next one.
    let Err(TwoFactorError::Invalid(errors)) = off(PASSWORD, setup.code(0)).await else { panic!() };
    assert_eq!(errors.get("code"), Some(atelier_domain::two_factor::USED_CODE));
    assert!(setup.accounts.two_factor_status(&setup.admin).await.unwrap().enabled);

    off(PASSWORD, setup.code(1)).await.unwrap();
    let status = setup.accounts.two_factor_status(&setup.admin).await.unwrap();
    assert!(!status.enabled && status.recovery_codes_left == 0);
    assert!(setup.accounts.login(EMAIL, PASSWORD, &client("10.0.0.1")).await.unwrap().signed_in().is_some());
    assert!(matches!(off(PASSWORD, codes[0].clone()).await, Err(TwoFactorError::NotEnabled)));
}

#[tokio::test]
async fn a_recovery_code_also_turns_it_off_and_a_wrong_password_never_spends_one() {
    let setup = setup().await;
    let codes = setup.enrol().await;
    let result = setup.accounts.disable_two_factor(&setup.admin, "wrong password!", &codes[0], &client("a")).await;
    assert!(matches!(result, Err(TwoFactorError::Invalid(_))));
    assert_eq!(setup.accounts.two_factor_status(&setup.admin).await.unwrap().recovery_codes_left, 10);
    setup.accounts.disable_two_factor(&setup.admin, PASSWORD, &codes[0], &client("a")).await.unwrap();
}

#[tokio::test]
async fn failed_attempts_to_turn_it_off_are_throttled() {
    let setup = setup().await;
    setup.enrol().await;
    for _ in 0..5 {
        let _ = setup.accounts.disable_two_factor(&setup.admin, "wrong password!", "000000", &client("a")).await;
    }
    let result = setup.accounts.disable_two_factor(&setup.admin, PASSWORD, &setup.code(1), &client("a")).await;
    assert!(matches!(result, Err(TwoFactorError::Throttled { .. })));
    assert!(setup.accounts.two_factor_status(&setup.admin).await.unwrap().enabled);
}

#[tokio::test]
async fn when_required_an_account_without_it_must_enrol_and_no_longer_once_enrolled() {
    let setup = setup_with(true).await;
    assert!(setup.admin.must_enrol_two_factor);
    let signed_in = setup.accounts.login(EMAIL, PASSWORD, &client("a")).await.unwrap().signed_in().unwrap();
    assert!(signed_in.must_enrol_two_factor);
    assert!(setup.accounts.two_factor_status(&setup.admin).await.unwrap().required);

    let member = NewUserInput {
        name: Some("Sam".into()),
        email: Some("sam@atelier.test".into()),
        password: Some("another-long-password".into()),
        role: None,
    };
    let refused = setup.accounts.register(Some(&setup.admin), member.clone(), &client("a")).await;
    assert!(matches!(refused, Err(AccountError::SetupRequired)), "no accounts added before it is set up");

    setup.enrol().await;
    let admin = setup.accounts.authenticate_current(&setup.admin).await;
    let member = setup.accounts.register(Some(&admin), member, &client("a")).await.unwrap();
    assert!(member.must_enrol_two_factor, "every role is held to it");
    let principal = setup.accounts.authenticate(&signed_in.token).await;
    assert!(principal.is_err(), "enrolling signed the other session out");
    let principal = setup.accounts.authenticate_current(&setup.admin).await;
    assert!(!principal.must_enrol_two_factor);
}

impl TestAccounts {
    /// The principal of an existing session, read again.
    async fn authenticate_current(&self, principal: &Principal) -> Principal {
        let token = FakeTokens(FakeClock::default())
            .issue(&TokenClaims {
                session_id: principal.session_id,
                user_id: principal.user.id,
                issued_at: FakeClock::start(),
                expires_at: FakeClock::start() + TOKEN_LIFETIME,
            })
            .unwrap();
        self.authenticate(&token).await.unwrap()
    }
}

#[tokio::test]
async fn without_the_requirement_nobody_must_enrol() {
    let setup = setup().await;
    assert!(!setup.admin.must_enrol_two_factor);
}

#[tokio::test]
async fn the_operator_resets_a_lost_authenticator_ending_every_session_and_the_throttle() {
    let setup = setup().await;
    setup.enrol().await;
    let email = Email::parse(EMAIL).unwrap();
    for attempt in 0..SignInLimits::STANDARD.account.max {
        let _ =
            setup.accounts.login(EMAIL, "nope", &client(&format!("10.3.{}.{}", attempt / 200, attempt % 200))).await;
    }
    assert!(matches!(
        setup.accounts.login(EMAIL, PASSWORD, &client("10.4.0.1")).await,
        Err(LoginError::Throttled { .. })
    ));

    let reset = setup.accounts.reset_two_factor(&email).await.unwrap();
    assert_eq!(reset, TwoFactorReset::Reset { sessions_ended: 1 });
    assert!(!setup.accounts.authenticate_session(&setup.admin).await, "the session open before ends");
    let step = setup.accounts.login(EMAIL, PASSWORD, &client("10.4.0.1")).await.unwrap();
    assert!(step.signed_in().is_some(), "the password alone signs in again, unthrottled");
    assert_eq!(setup.accounts.reset_two_factor(&email).await.unwrap(), TwoFactorReset::WasOff);
    let stranger = Email::parse("nobody@atelier.test").unwrap();
    assert_eq!(setup.accounts.reset_two_factor(&stranger).await.unwrap(), TwoFactorReset::NoSuchAccount);
}

#[tokio::test]
async fn a_set_up_only_begun_is_dropped_by_a_reset_which_says_it_was_off() {
    let setup = setup().await;
    setup.accounts.begin_two_factor(&setup.admin).await.unwrap();
    let reset = setup.accounts.reset_two_factor(&Email::parse(EMAIL).unwrap()).await.unwrap();
    assert_eq!(reset, TwoFactorReset::WasOff);
    assert!(setup.store.with(|tables| tables.rows::<TwoFactor>().is_empty()), "the pending secret is gone");
    assert!(setup.accounts.authenticate_session(&setup.admin).await, "sessions stay when nothing was on");
}
