//! Signed-in sessions: how often their last use is recorded, and the device a session was opened
//! from, read from its browser's `User-Agent` text.

use chrono::Duration;

/// A session's last use is recorded at most this often, so checking a token does not write to the
/// store on every request.
pub const LAST_USED_RESOLUTION: Duration = Duration::minutes(1);

/// The longest `User-Agent` text kept with a session, in characters.
pub const MAX_USER_AGENT_CHARS: usize = 512;

/// The longest client address kept with a session, in characters.
pub const MAX_ADDRESS_CHARS: usize = 64;

/// A `User-Agent` text cut to what is kept.
pub fn kept_user_agent(text: &str) -> String {
    text.trim().chars().filter(|c| !c.is_control()).take(MAX_USER_AGENT_CHARS).collect()
}

/// A client address cut to what is kept.
pub fn kept_address(text: &str) -> String {
    text.trim().chars().take(MAX_ADDRESS_CHARS).collect()
}

/// The browser and system a `User-Agent` text names, for people: "Firefox on Linux",
/// "Safari on iPhone", "curl". Tokens are checked most specific first, since most browsers also
/// name the ones they descend from (Edge says Chrome and Safari; Chrome says Safari).
pub fn describe_device(user_agent: &str) -> String {
    let text = user_agent.trim();
    if text.is_empty() {
        return "Unknown device".to_owned();
    }
    let browser = browser(text);
    match (browser, system(text)) {
        (Some(browser), Some(system)) => format!("{browser} on {system}"),
        (Some(browser), None) => browser.to_owned(),
        (None, Some(system)) => format!("Browser on {system}"),
        // A tool such as curl: its first word without the version.
        (None, None) => text.split(['/', ' ']).next().filter(|word| !word.is_empty()).unwrap_or("Unknown").to_owned(),
    }
}

fn browser(text: &str) -> Option<&'static str> {
    const BROWSERS: &[(&str, &str)] = &[
        ("HeadlessChrome/", "Headless Chrome"),
        ("Edg/", "Edge"),
        ("EdgA/", "Edge"),
        ("EdgiOS/", "Edge"),
        ("OPR/", "Opera"),
        ("SamsungBrowser/", "Samsung Internet"),
        ("Vivaldi/", "Vivaldi"),
        ("YaBrowser/", "Yandex Browser"),
        ("Firefox/", "Firefox"),
        ("FxiOS/", "Firefox"),
        ("CriOS/", "Chrome"),
        ("Chromium/", "Chromium"),
        ("Chrome/", "Chrome"),
        ("Safari/", "Safari"),
        ("curl/", "curl"),
    ];
    BROWSERS.iter().find(|(token, _)| text.contains(token)).map(|(_, name)| *name)
}

fn system(text: &str) -> Option<&'static str> {
    const SYSTEMS: &[(&str, &str)] = &[
        ("iPhone", "iPhone"),
        ("iPad", "iPad"),
        ("Android", "Android"),
        ("CrOS", "ChromeOS"),
        ("Windows", "Windows"),
        ("Mac OS X", "macOS"),
        ("Macintosh", "macOS"),
        ("Linux", "Linux"),
        ("X11", "Linux"),
    ];
    SYSTEMS.iter().find(|(token, _)| text.contains(token)).map(|(_, name)| *name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_browsers_read_as_browser_on_system() {
        let cases = [
            (
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
                "Chrome on Windows",
            ),
            (
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
                "Edge on Windows",
            ),
            ("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox on Linux"),
            (
                "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
                "Safari on macOS",
            ),
            (
                "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
                "Safari on iPhone",
            ),
            (
                "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
                "Chrome on Android",
            ),
            (
                "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
                "Headless Chrome on Linux",
            ),
        ];
        for (agent, expected) in cases {
            assert_eq!(describe_device(agent), expected, "{agent}");
        }
    }

    #[test]
    fn tools_and_missing_texts_still_read_as_something() {
        assert_eq!(describe_device("curl/8.5.0"), "curl");
        assert_eq!(describe_device("reqwest"), "reqwest");
        assert_eq!(describe_device("  "), "Unknown device");
    }

    #[test]
    fn kept_texts_are_cut_and_lose_control_characters() {
        assert_eq!(kept_user_agent(&"a".repeat(600)).len(), MAX_USER_AGENT_CHARS);
        assert_eq!(kept_user_agent("a\nb\u{0}c"), "abc");
        assert_eq!(kept_address(&"1".repeat(100)).len(), MAX_ADDRESS_CHARS);
    }
}
