//! The Client Concierge rules: one document per upload request (checked before its body is read,
//! then by its first bytes), and the final submission of the set with the acknowledgment, which
//! becomes one e-mail to the agent listing each document with its private download link.

use crate::documents::NAME_MAX_BYTES;
use crate::email::{self, Params, CRM_EMAIL, CRM_PHONE};
use crate::submit::Input;
use crate::words;
use jax_model::forms::{Document, FileType, Forms};
use jax_model::submission::{one_line, validate, FieldError, Values};
use std::collections::BTreeMap;

/// A refusal: the HTTP status and the fields at fault.
pub type Refused = (u16, Vec<FieldError>);

pub fn refuse(status: u16, field: &str, message: impl Into<String>) -> Refused {
    (status, vec![FieldError { field: field.into(), message: message.into() }])
}

/// A submission id as the browser makes it: a UUID (any version), lower or upper case hex.
pub fn is_submission_id(s: &str) -> bool {
    let groups: Vec<&str> = s.split('-').collect();
    groups.iter().map(|g| g.len()).eq([8, 4, 4, 4, 12])
        && groups.iter().all(|g| g.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// What an upload whose name is over NAME_MAX_BYTES is told.
pub const NAME_TOO_LONG: &str = "The file's name is longer than 255 bytes; rename the file and choose it again.";

/// An upload the worker may stream into R2.
#[derive(Debug)]
pub struct Upload<'a> {
    pub document: &'a Document,
    pub submission: String,
    /// The file's name as the visitor's computer called it.
    pub name: String,
    pub length: u64,
}

/// Check an upload's query (`submission`, `field`, `name`) and declared length, before any of its
/// body is read.
pub fn check_upload<'a>(
    forms: &'a Forms,
    query: &BTreeMap<String, String>,
    length: Option<u64>,
) -> Result<Upload<'a>, Refused> {
    let c = &forms.concierge;
    let field = query.get("field").map(String::as_str).unwrap_or("");
    let Some(document) = c.documents.iter().find(|d| d.field == field) else {
        let known: Vec<&str> = c.documents.iter().map(|d| d.field.as_str()).collect();
        return Err(refuse(400, "field", format!("Expected one of: {}.", known.join(", "))));
    };
    let submission = query.get("submission").map(String::as_str).unwrap_or("");
    if !is_submission_id(submission) {
        return Err(refuse(400, "submission", "Expected the submission's UUID."));
    }
    let name = one_line(query.get("name").map(String::as_str).unwrap_or(""));
    if name.len() > NAME_MAX_BYTES {
        return Err(refuse(400, field, NAME_TOO_LONG));
    }
    match length {
        None => Err(refuse(411, field, "The upload must declare its Content-Length.")),
        Some(0) => Err(refuse(400, field, &document.required_message)),
        Some(n) if n > c.max_file_bytes => Err(refuse(413, field, &c.toasts.too_large.description)),
        Some(n) => Ok(Upload { document, submission: submission.to_ascii_lowercase(), name, length: n }),
    }
}

/// What the stored file's first bytes say it is, if this document accepts that.
pub fn check_type(forms: &Forms, document: &Document, head: &[u8]) -> Result<FileType, Refused> {
    FileType::sniff(head)
        .filter(|t| document.accept.contains(t))
        .ok_or_else(|| refuse(415, &document.field, &forms.concierge.toasts.invalid_type.description))
}

/// A final submission that passed: every document's stored key, in the form's order.
#[derive(Debug)]
pub struct Final<'a> {
    pub submission: String,
    /// Who the client is (forms.yaml `concierge.fields`), checked like any form's fields.
    pub client: Values,
    pub documents: Vec<(&'a Document, String)>,
}

/// Whether `key` is an upload of `field` filed under `submission` (see documents::object_key).
pub fn is_key_of(key: &str, submission: &str, field: &str) -> bool {
    key.strip_prefix(submission)
        .and_then(|rest| rest.strip_prefix('/'))
        .and_then(|rest| rest.split_once('-'))
        .is_some_and(|(ms, rest)| {
            !ms.is_empty() && ms.bytes().all(|b| b.is_ascii_digit()) && rest.starts_with(&format!("{field}-"))
        })
        && !key.contains("..")
}

/// Whether `key` is shaped like a stored concierge document (`<submission>/<ms>-<field>-<name>`),
/// the only objects a download link may name (never `submissions/`, `pending/`, `outbox/`…).
pub fn is_document_key(forms: &Forms, key: &str) -> bool {
    key.split_once('/').is_some_and(|(submission, _)| {
        is_submission_id(submission) && forms.concierge.documents.iter().any(|d| is_key_of(key, submission, &d.field))
    })
}

/// Check the final step: `{name, email, phone, submission, documents: {field: id},
/// acknowledgment: true}`; every problem named, the client's fields first.
pub fn check_final<'a>(forms: &'a Forms, input: &Input) -> Result<Final<'a>, Vec<FieldError>> {
    let c = &forms.concierge;
    let (client, mut errors) = match validate(&c.fields, &input.fields, &forms.limits, &forms.messages, &[]) {
        Ok(values) => (values, Vec::new()),
        Err(errors) => (Values::new(), errors),
    };
    let submission = input.fields.get("submission").map(|s| s.trim().to_ascii_lowercase()).unwrap_or_default();
    if !is_submission_id(&submission) {
        errors.push(FieldError { field: "submission".into(), message: "Expected the submission's UUID.".into() });
    }
    let ids = input.group("documents");
    let mut documents = Vec::new();
    for d in &c.documents {
        match ids.get(&d.field) {
            Some(key) if is_key_of(key, &submission, &d.field) => documents.push((d, key.clone())),
            _ => errors.push(FieldError { field: d.field.clone(), message: d.required_message.clone() }),
        }
    }
    let ack = input.fields.get(&c.acknowledgment.field).map(|v| v.trim().to_ascii_lowercase());
    if !matches!(ack.as_deref(), Some("true" | "on" | "yes" | "1")) {
        errors.push(FieldError {
            field: c.acknowledgment.field.clone(),
            message: c.acknowledgment.required_message.clone(),
        });
    }
    if errors.is_empty() {
        Ok(Final { submission, client, documents })
    } else {
        Err(errors)
    }
}

/// A stored document as the agent's e-mail lists it.
pub struct Listed<'a> {
    pub document: &'a Document,
    pub file_name: String,
    pub link: String,
}

/// The agent's e-mail: to_email, subject, message, from_name (the client's name; and, for the
/// CRM hand-off alone, CRM_EMAIL and CRM_PHONE). The message
/// says who the client is, then lists the documents; each file name is the visitor's (quoted,
/// capped and inert next to the real links); the dates are when the links expire and when the
/// documents are deleted.
pub fn email(
    forms: &Forms,
    agent_email: &str,
    client: &Values,
    listed: &[Listed],
    links_expire: &str,
    deleted_on: &str,
) -> Params {
    let c = &forms.concierge;
    let mut message = String::from("A client submitted their documents through the Client Concierge portal.\n\n");
    message.push_str(&email::lines(&c.fields, client));
    message.push('\n');
    for l in listed {
        message.push_str(&format!("\n{}: {}\n{}\n", l.document.kind, words::file_name(&l.file_name), l.link));
    }
    message.push_str(&format!(
        "\nThe client acknowledged the exclusive broker agreement requirement: \"{}\"\n\nThe download links expire on {links_expire}. \
         The documents will be deleted on {deleted_on}.\n\n{}",
        c.acknowledgment.label.trim(),
        words::LEGEND
    ));
    Params::new([
        ("to_email", agent_email.to_string()),
        ("subject", one_line(&c.subject)),
        ("message", message),
        ("from_name", email::typed(client, "name")),
        // As typed (validated), for the CRM hand-off's person: her e-mail has them in its message.
        (CRM_EMAIL, client.get("email").cloned().unwrap_or_default()),
        (CRM_PHONE, client.get("phone").cloned().unwrap_or_default()),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::content;
    use crate::documents::object_key;
    use crate::email::emailed;
    use crate::submit::parse_json;
    use jax_model::calendar::date;
    use jax_model::forms::Document;
    use proptest::collection::{btree_map, vec};
    use proptest::prelude::*;

    const SUB: &str = "0f8fad5b-d9cb-469f-a165-70867728950e";

    fn query(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn an_upload_is_sized_up_before_its_body_is_read() {
        let f = &content().forms;
        let q = query(&[("submission", SUB), ("field", "photoId"), ("name", "My ID.png")]);
        let up = check_upload(f, &q, Some(1000)).unwrap();
        assert_eq!((up.document.kind.as_str(), up.name.as_str()), ("Government ID", "My ID.png"));
        let status = |q: &BTreeMap<String, String>, len| check_upload(f, q, len).unwrap_err();
        assert_eq!(
            status(&q, Some(10_485_761)),
            (
                413,
                vec![FieldError { field: "photoId".into(), message: "Please upload a file smaller than 10MB.".into() }]
            )
        );
        assert!(check_upload(f, &q, Some(10_485_760)).is_ok());
        assert_eq!(status(&q, None).0, 411);
        assert_eq!(status(&q, Some(0)).1[0].message, "Government-issued photo ID is required");
        assert_eq!(status(&query(&[("submission", SUB), ("field", "passport")]), Some(1)).1[0].field, "field");
        assert_eq!(status(&query(&[("submission", "../x"), ("field", "photoId")]), Some(1)).1[0].field, "submission");
        // A name over 255 bytes is refused before anything is read; separators and bidi controls go.
        let long = query(&[("submission", SUB), ("field", "photoId"), ("name", &"é".repeat(128))]);
        assert_eq!(
            status(&long, Some(1)),
            (400, vec![FieldError { field: "photoId".into(), message: NAME_TOO_LONG.into() }])
        );
        let odd = query(&[("submission", SUB), ("field", "photoId"), ("name", "id\u{2028}card\u{202E}gnp.exe")]);
        assert_eq!(check_upload(f, &odd, Some(1)).unwrap().name, "id cardgnp.exe");
    }

    #[test]
    fn the_type_is_told_by_the_first_bytes() {
        let f = &content().forms;
        let doc = |field: &str| f.concierge.documents.iter().find(|d| d.field == field).unwrap();
        assert_eq!(check_type(f, doc("photoId"), b"\x89PNG\r\n\x1a\n...").unwrap(), FileType::Png);
        assert_eq!(check_type(f, doc("creditReport"), b"%PDF-1.7").unwrap(), FileType::Pdf);
        let (status, errors) = check_type(f, doc("creditReport"), b"\xFF\xD8\xFF\xE0").unwrap_err();
        assert_eq!((status, errors[0].message.as_str()), (415, "Please upload a file in the accepted format."));
        assert!(check_type(f, doc("photoId"), b"GIF89a").is_err());
    }

    fn final_body(ack: &str, skip: Option<&str>) -> Input {
        let docs: Vec<String> = content()
            .forms
            .concierge
            .documents
            .iter()
            .filter(|d| Some(d.field.as_str()) != skip)
            .map(|d| format!("\"{0}\":\"{SUB}/1700000000000-{0}-file.pdf\"", d.field))
            .collect();
        parse_json(
            format!(
                "{{\"name\":\"Ana Ruiz\",\"email\":\"ana@example.com\",\"phone\":\"(904) 555-0147\",\"submission\":\"{SUB}\",\"documents\":{{{}}},\"acknowledgment\":{ack}}}",
                docs.join(",")
            )
            .as_bytes(),
        )
        .unwrap()
    }

    #[test]
    fn the_final_step_needs_every_document_and_the_acknowledgment() {
        let f = &content().forms;
        let ok = check_final(f, &final_body("true", None)).unwrap();
        assert_eq!(ok.documents.len(), 6);
        assert_eq!(ok.client["name"], "Ana Ruiz");
        // Who the client is, checked like any form's fields, and named before the documents.
        let mut nobody = final_body("true", Some("photoId"));
        nobody.fields.remove("name");
        nobody.fields.insert("email".into(), "ana@".into());
        let errors = check_final(f, &nobody).unwrap_err();
        let fields: Vec<_> = errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["name", "email", "photoId"]);
        assert_eq!(errors[0].message, "Full Name is required.");
        let errors = check_final(f, &final_body("false", Some("bankStatement2"))).unwrap_err();
        assert_eq!(
            errors,
            [
                FieldError { field: "bankStatement2".into(), message: "Bank statement for month 2 is required".into() },
                FieldError {
                    field: "acknowledgment".into(),
                    message: "You must acknowledge the exclusive broker agreement requirement".into()
                },
            ]
        );
        // An id from another submission or of another field is not accepted.
        assert!(is_key_of(&format!("{SUB}/1-photoId-a.pdf"), SUB, "photoId"));
        assert!(!is_key_of(&format!("{SUB}/1-creditReport-a.pdf"), SUB, "photoId"));
        assert!(!is_key_of("0f8fad5b-d9cb-469f-a165-70867728950f/1-photoId-a.pdf", SUB, "photoId"));
        assert!(!is_key_of(&format!("{SUB}/x-photoId-a.pdf"), SUB, "photoId"));
    }

    #[test]
    fn only_document_keys_may_be_downloaded() {
        let f = &content().forms;
        assert!(is_document_key(f, &format!("{SUB}/1700000000000-bankStatement2-may.pdf")));
        for key in [
            format!("submissions/{SUB}.json"),
            "pending/1700000000000-contact-00ff".to_string(),
            "outbox/1700000000000-contact-00ff.json".to_string(),
            format!("{SUB}/1700000000000-unknownField-a.pdf"),
            "not-a-uuid/1700000000000-photoId-a.pdf".to_string(),
            format!("{SUB}/1700000000000-photoId-../../submissions/x.json"),
            "concierge-1700000000000.json".to_string(),
        ] {
            assert!(!is_document_key(f, &key), "{key}");
        }
    }

    #[test]
    fn the_agents_email_lists_each_document_with_its_link() {
        let f = &content().forms;
        let listed: Vec<Listed> = f
            .concierge
            .documents
            .iter()
            .map(|d| Listed {
                document: d,
                file_name: format!("{}.pdf", d.field),
                link: format!("https://x/api/documents/{}", d.field),
            })
            .collect();
        let client: Values = [("name", "Ana Ruiz"), ("email", "ana@example.com"), ("phone", "(904) 555-0147")]
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .into();
        let p = email(f, "agent@example.com", &client, &listed, &date(1_796_601_600), &date(1_798_416_000));
        assert_eq!(emailed(&p.0).into_keys().collect::<Vec<_>>(), ["from_name", "message", "subject", "to_email"]);
        assert_eq!(p.get("subject"), Some("New Client Concierge Document Submission"));
        assert_eq!(p.get("from_name"), Some("Ana Ruiz"));
        assert_eq!((p.get(CRM_EMAIL), p.get(CRM_PHONE)), (Some("ana@example.com"), Some("(904) 555-0147")));
        let m = p.get("message").unwrap();
        assert!(
            m.starts_with("A client submitted their documents through the Client Concierge portal.\n\nFull Name: Ana Ruiz\nEmail: ana@example.com\nPhone: (904) 555-0147\n"),
            "{m}"
        );
        for kind in [
            "Government ID",
            "Credit Report",
            "Proof of Income",
            "Bank Statement Month 1",
            "Bank Statement Month 2",
            "Bank Statement Month 3",
        ] {
            assert!(m.contains(&format!("\n{kind}: ")), "{kind} in {m}");
        }
        assert!(
            m.contains("\nBank Statement Month 3: “bankStatement3.pdf”\nhttps://x/api/documents/bankStatement3\n"),
            "{m}"
        );
        assert!(m.contains(
            "acknowledged the exclusive broker agreement requirement: \"I understand that submitting these forms is a \
             prerequisite for working with the realtor. I acknowledge that I must sign an Exclusive Broker Agreement in \
             order to move forward with representation.\""
        ));
        assert!(
            m.ends_with(&format!(
                "expire on 2026-12-07. The documents will be deleted on 2026-12-28.\n\n{}",
                words::LEGEND
            )),
            "{m}"
        );
        let phishing = [Listed {
            document: &f.concierge.documents[0],
            file_name: format!("Links expired, re-open at https://evil.example{}", "!".repeat(200)),
            link: "https://x/real".into(),
        }];
        let m = email(f, "a@example.com", &client, &phishing, "d1", "d2").0["message"].clone();
        assert!(m.contains("Government ID: “Links expired, re-open at https[:]//evil[.]example!!!"), "{m}");
        assert!(
            !m.contains("evil.example") && m.contains("!…”\nhttps://x/real"),
            "inert and capped at 100 characters: {m}"
        );
        assert_eq!(date(0), "1970-01-01");
        assert_eq!(date(951_782_400), "2000-02-29");
    }

    /// A known document, by index.
    fn document(i: usize) -> &'static Document {
        let docs = &content().forms.concierge.documents;
        &docs[i % docs.len()]
    }

    /// A field name: a known one, or anything.
    fn field() -> impl Strategy<Value = String> {
        prop_oneof![(0..6usize).prop_map(|i| document(i).field.clone()), ".{0,20}"]
    }

    /// A submission id: a UUID in either case, or anything.
    fn submission() -> impl Strategy<Value = String> {
        prop_oneof!["[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}", ".{0,40}"]
    }

    fn is_4xx(status: u16, errors: &[FieldError]) -> Result<(), TestCaseError> {
        prop_assert!((400..500).contains(&status), "status {status}");
        prop_assert!(!errors.is_empty());
        for e in errors {
            prop_assert!(!e.field.is_empty() && !e.message.is_empty(), "{e:?}");
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(512) })]

        #[test]
        fn any_upload_is_taken_within_the_limit_or_refused_with_a_4xx(
            field in field(),
            submission in submission(),
            name in prop_oneof![".{0,40}", vec(any::<char>(), 0..3_000).prop_map(String::from_iter)],
            length in prop::option::of(prop_oneof![0..20_000_000u64, any::<u64>()]),
        ) {
            let f = &content().forms;
            let q = query(&[("field", &field), ("submission", &submission), ("name", &name)]);
            match check_upload(f, &q, length) {
                Ok(up) => {
                    prop_assert!(up.length >= 1 && up.length <= f.concierge.max_file_bytes && Some(up.length) == length);
                    prop_assert!(up.document.field == field && is_submission_id(&up.submission));
                }
                Err((status, errors)) => is_4xx(status, &errors)?,
            }
        }

        #[test]
        fn any_first_bytes_are_an_accepted_type_or_a_415(i in 0..6usize, head in vec(any::<u8>(), 0..16)) {
            match check_type(&content().forms, document(i), &head) {
                Ok(t) => prop_assert!(document(i).accept.contains(&t)),
                Err((status, errors)) => {
                    is_4xx(status, &errors)?;
                    prop_assert_eq!(status, 415);
                }
            }
        }

        #[test]
        fn any_final_step_is_filed_whole_or_refused_naming_fields(
            fields in btree_map(prop_oneof![Just("submission".to_string()), Just("acknowledgment".to_string()), ".{0,12}"], ".{0,60}", 0..6),
            documents in btree_map(field(), ".{0,80}", 0..8),
        ) {
            let input = Input { fields, groups: [("documents".to_string(), documents)].into_iter().collect() };
            match check_final(&content().forms, &input) {
                Ok(done) => prop_assert_eq!(done.documents.len(), 6),
                Err(errors) => is_4xx(400, &errors)?,
            }
        }

        #[test]
        fn every_key_an_upload_gets_is_filed_and_downloadable(i in 0..6usize, submission in "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", ms in any::<u64>(), name in ".{0,120}") {
            let key = object_key(&submission, ms, &document(i).field, &name);
            prop_assert!(is_key_of(&key, &submission, &document(i).field), "{}", key);
            prop_assert!(is_document_key(&content().forms, &key), "{}", key);
        }
    }
}
