//! `multipart/form-data` bodies for the tests' uploads, in the shape of reqwest's own `Form` and
//! `Part` (whose `multipart` feature the server does not need, so the tests do not ask for it and
//! share the server's build of reqwest).

/// The boundary between parts: no test's file holds it.
const BOUNDARY: &str = "atelier-test-boundary-7d3f9a1c5e";

/// One part: a file's bytes with its name and type, or a text field.
#[derive(Debug, Clone)]
pub struct Part {
    bytes: Vec<u8>,
    file_name: Option<String>,
    mime: Option<String>,
}

impl Part {
    pub fn bytes(bytes: impl Into<Vec<u8>>) -> Self {
        Self { bytes: bytes.into(), file_name: None, mime: None }
    }

    pub fn text(text: impl Into<String>) -> Self {
        Self::bytes(text.into().into_bytes())
    }

    #[must_use]
    pub fn file_name(self, name: impl Into<String>) -> Self {
        Self { file_name: Some(name.into()), ..self }
    }

    #[must_use]
    pub fn mime_str(self, mime: &str) -> Self {
        Self { mime: Some(mime.to_owned()), ..self }
    }
}

/// A form's parts, in order.
#[derive(Debug, Clone, Default)]
pub struct Form {
    parts: Vec<(String, Part)>,
}

impl Form {
    pub fn new() -> Self {
        Self::default()
    }

    #[must_use]
    pub fn part(mut self, name: impl Into<String>, part: Part) -> Self {
        self.parts.push((name.into(), part));
        self
    }

    #[must_use]
    pub fn text(self, name: impl Into<String>, value: impl Into<String>) -> Self {
        self.part(name, Part::text(value))
    }

    fn body(&self) -> Vec<u8> {
        let mut body = Vec::new();
        for (name, part) in &self.parts {
            body.extend_from_slice(
                format!("--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{name}\"").as_bytes(),
            );
            if let Some(file_name) = &part.file_name {
                body.extend_from_slice(format!("; filename=\"{file_name}\"").as_bytes());
            }
            body.extend_from_slice(b"\r\n");
            let mime = part.mime.as_deref().or(part.file_name.as_ref().map(|_| "application/octet-stream"));
            if let Some(mime) = mime {
                body.extend_from_slice(format!("Content-Type: {mime}\r\n").as_bytes());
            }
            body.extend_from_slice(b"\r\n");
            body.extend_from_slice(&part.bytes);
            body.extend_from_slice(b"\r\n");
        }
        body.extend_from_slice(format!("--{BOUNDARY}--\r\n").as_bytes());
        body
    }
}

/// `request.multipart(form)`, as reqwest's `multipart` feature spells it.
pub trait Multipart {
    #[must_use]
    fn multipart(self, form: Form) -> Self;
}

impl Multipart for reqwest::RequestBuilder {
    fn multipart(self, form: Form) -> Self {
        self.header(reqwest::header::CONTENT_TYPE, format!("multipart/form-data; boundary={BOUNDARY}"))
            .body(form.body())
    }
}
