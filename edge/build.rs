//! Compiles the agent's form and quiz content into the worker: parsed and checked here, on the
//! host, with the generator's own rules, and embedded with postcard (no YAML parser in the wasm).

use std::path::Path;

#[path = "src/domain/embedded.rs"]
mod embedded;

fn main() {
    let content = Path::new(env!("CARGO_MANIFEST_DIR")).join("../content");
    let read = |name: &str| {
        let path = content.join(name);
        println!("cargo:rerun-if-changed={}", path.display());
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
        (path.display().to_string(), text)
    };
    let fail = |problems: jax_model::Diagnostics| -> ! {
        eprintln!("{problems}");
        panic!("content/ has problems (listed above): `generator check` shows them too");
    };
    let (file, text) = read("forms.yaml");
    let forms = jax_model::content::parse_forms(&file, &text).unwrap_or_else(|d| fail(d)).data;
    let (file, text) = read("quiz.yaml");
    let quiz = jax_model::content::parse_quiz(&file, &text).unwrap_or_else(|d| fail(d)).data;
    let (file, text) = read("site.yaml");
    let site = jax_model::content::parse_site(&file, &text).unwrap_or_else(|d| fail(d)).data;
    let embedded = embedded::Content {
        forms,
        quiz,
        agent_email: site.agent.email,
        frame_origins: jax_model::headers::origin(&site.development_map_url).into_iter().collect(),
    };
    let out = Path::new(&std::env::var("OUT_DIR").unwrap()).join("content.bin");
    std::fs::write(out, postcard::to_allocvec(&embedded).unwrap()).unwrap();
}
