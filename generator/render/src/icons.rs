//! The line icons, drawn once when the templates compile: a page's `icon(name="arrow")` is then a
//! map lookup, where calling the `svg_icon` macro walked its chain of names on every use, on every
//! card of every list page.

use anyhow::{anyhow, Result};
use std::collections::HashMap;

/// Every name the `svg_icon` macro in `macros.html` draws.
pub const NAMES: &[&str] =
    &["arrow", "back", "chat", "sms", "mail", "phone", "pin", "lock", "check", "upload", "heart", "home"];

/// The icons' markup, by name: what `icon(name=...)` returns, unescaped.
struct Icons(HashMap<&'static str, String>);

impl tera::Function for Icons {
    fn call(&self, args: &HashMap<String, tera::Value>) -> tera::Result<tera::Value> {
        let name = args.get("name").and_then(tera::Value::as_str).ok_or("icon() takes name=\"…\"")?;
        match self.0.get(name) {
            Some(svg) => Ok(tera::Value::String(svg.clone())),
            None => Err(format!("no icon named {name:?}: icons.rs NAMES lists {}", NAMES.join(", ")).into()),
        }
    }

    fn is_safe(&self) -> bool {
        true
    }
}

/// What separates the icons of the one render that draws them all: a comment no icon contains.
const SEPARATOR: &str = "<!--icon-->";

/// Draws every icon with the macro, in one render (a one-off template is compiled per render),
/// and makes `icon(name=...)` return it.
pub fn register(tera: &mut tera::Tera) -> Result<()> {
    let mut ctx = tera::Context::new();
    ctx.insert("names", NAMES);
    ctx.insert("separator", SEPARATOR);
    let all = tera
        .render_str(
            r#"{% import "macros.html" as m %}{% for n in names %}{{ m::svg_icon(name=n) }}{{ separator | safe }}{% endfor %}"#,
            &ctx,
        )
        .map_err(|e| anyhow!("drawing the icons: {e}"))?;
    let mut icons = HashMap::new();
    for (&name, svg) in NAMES.iter().zip(all.split(SEPARATOR)) {
        if !svg.contains("<path") && !svg.contains("<rect") {
            return Err(anyhow!("macros.html's svg_icon draws nothing for {name:?}"));
        }
        icons.insert(name, svg.to_string());
    }
    tera.register_function("icon", Icons(icons));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::NAMES;
    use crate::templates::EMBEDDED;

    #[test]
    fn every_icon_a_template_asks_for_is_drawn_and_an_unknown_one_fails_the_render() {
        let asked: Vec<&str> = EMBEDDED
            .iter()
            .flat_map(|(_, text)| text.split("icon(name=\"").skip(1))
            .map(|rest| rest.split('"').next().unwrap_or_default())
            .collect();
        assert!(asked.len() > 20, "the templates ask for icons: {asked:?}");
        for name in &asked {
            assert!(NAMES.contains(name), "{name} is not in NAMES");
        }
        let mut tera = crate::Renderer::embedded().expect("templates compile").tera;
        let ctx = tera::Context::new();
        let heart = tera.render_str(r#"{{ icon(name="heart") }}"#, &ctx).expect("a known icon");
        assert!(heart.starts_with("<svg class=\"icon\"") && heart.contains("<path d=\"M12 20s"), "unescaped: {heart}");
        let err = tera.render_str(r#"{{ icon(name="hart") }}"#, &ctx).expect_err("an unknown icon");
        let why = format!("{err:?}");
        assert!(why.contains(r#"no icon named \"hart\""#), "{why}");
    }
}
