//! URL slugs from names: what `generator new` names a new content file after (and the benchmark
//! its synthetic listings).

/// "1234 Ocean Blvd, Unit 5" → "1234-ocean-blvd-unit-5"
pub fn slugify(name: &str) -> String {
    let mut slug = String::new();
    for c in name.trim().chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            slug.push(c);
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
    }
    slug.trim_end_matches('-').to_string()
}
