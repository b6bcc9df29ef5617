//! Enums that are stored and sent as fixed words (`active`, `new_request`, `faMobileAlt`…).
//!
//! [`word_enum!`](crate::word_enum) gives such an enum its list of values (`ALL`), its word
//! (`as_str`) and the parser from a word (`parse`, which trims and answers the enum's own message for
//! anything else), from one table of variants and words.

/// Implements `ALL`, `as_str` and `parse` for an enum of words.
///
/// `$invalid` builds the message for a word that names no value; it receives the trimmed text.
#[macro_export]
macro_rules! word_enum {
    ($name:ident, $invalid:expr, { $($variant:ident => $word:literal),+ $(,)? }) => {
        impl $name {
            /// Every value, in the order they are offered.
            pub const ALL: [Self; [$($word),+].len()] = [$(Self::$variant),+];

            /// The value named by `text` (trimmed).
            pub fn parse(text: &str) -> Result<Self, String> {
                let text = text.trim();
                let invalid: fn(&str) -> String = $invalid;
                Self::ALL.into_iter().find(|value| value.as_str() == text).ok_or_else(|| invalid(text))
            }

            /// The word that names this value.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Self::$variant => $word),+
                }
            }

            /// Every value's word, joined with ", ", for messages.
            pub fn words() -> String {
                Self::ALL.map(Self::as_str).join(", ")
            }
        }
    };
}

#[cfg(test)]
mod tests {
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    enum Light {
        Red,
        Green,
    }

    crate::word_enum!(Light, |text| format!("{text} is no light"), {
        Red => "red",
        Green => "green",
    });

    #[test]
    fn words_round_trip_and_anything_else_gets_the_message() {
        for light in Light::ALL {
            assert_eq!(Light::parse(light.as_str()), Ok(light));
        }
        assert_eq!(Light::parse(" green "), Ok(Light::Green));
        assert_eq!(Light::parse("blue"), Err("blue is no light".to_owned()));
        assert_eq!(Light::words(), "red, green");
    }
}
