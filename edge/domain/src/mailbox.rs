//! One mailbox, however its address is spelled. What a stranger can make the site send to an
//! address is capped per mailbox, so `Erin+1@…`, `ERIN@…` and, at Gmail, `e.rin@…` are one:
//! lower case, a `+tag` dropped, and for Gmail (and its old name, Googlemail) the dots too.

/// Domains whose mailboxes ignore dots in the local part.
const DOTLESS: [&str; 2] = ["gmail.com", "googlemail.com"];

/// The mailbox `email` delivers to, as the caps count it. ASCII case only: addresses are ASCII
/// nearly always, and Unicode's case tables would cost the worker.
pub fn mailbox(email: &str) -> String {
    let email = email.trim().to_ascii_lowercase();
    let Some((local, domain)) = email.rsplit_once('@') else { return email };
    let local = local.split('+').next().unwrap_or(local);
    if DOTLESS.contains(&domain) {
        return format!("{}@gmail.com", local.replace('.', ""));
    }
    format!("{local}@{domain}")
}

#[cfg(test)]
mod tests {
    use super::mailbox;

    #[test]
    fn every_spelling_of_one_mailbox_is_one() {
        for spelling in
            ["erin@gmail.com", "Erin@Gmail.com", " erin+1@gmail.com", "e.rin+2@gmail.com", "E.R.I.N@googlemail.com"]
        {
            assert_eq!(mailbox(spelling), "erin@gmail.com", "{spelling}");
        }
        assert_eq!(mailbox("Ana.Ruiz+homes@Example.com"), "ana.ruiz@example.com", "dots count elsewhere");
        assert_ne!(mailbox("ana.ruiz@example.com"), mailbox("anaruiz@example.com"));
        assert_eq!(mailbox("not-an-address"), "not-an-address");
    }
}
