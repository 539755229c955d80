//! `generator serve`: build into the preview folder, serve it on a local port, rebuild on
//! every change and reload the open pages that changed (the parts are in `serve/`).

use anyhow::{anyhow, Context, Result};
use jax_build::BuildOptions;
use jax_preview::preview::Previewer;
use jax_preview::rebuild::Builder;
use jax_preview::watch::Watch;
use jax_preview::{http, reload, Engine, Shared};
use std::path::Path;
use std::sync::{Arc, RwLock};
use tiny_http::Server;

/// The templates folder of the source tree; used (and watched) when it exists at run time.
const TEMPLATES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/render/templates");

pub fn run(opts: BuildOptions, host: &str, port: u16) -> Result<()> {
    let server = Server::http((host, port)).map_err(|e| anyhow!("cannot listen on {host}:{port}: {e}"))?;
    let addr = server.server_addr().to_ip().map_or_else(|| format!("{host}:{port}"), |a| a.to_string());

    let templates = Path::new(TEMPLATES);
    let templates = templates.is_dir().then(|| templates.to_path_buf());
    let preview = Previewer::new(opts.clone());
    let engine = Engine::new(templates.clone());
    let live = reload::Live::new();
    let shared = Arc::new(Shared { out: opts.out.clone(), files: RwLock::new(()), live, engine, preview });
    let builder = Builder::new(opts, shared.clone());
    builder.build(true);

    // Watch before serving so no change made after the first page load is missed.
    let opts = &builder.opts;
    let mut folders = vec![opts.content.clone()];
    folders.extend(templates.clone());
    if opts.islands.is_dir() {
        folders.push(opts.islands.clone());
    }
    let watch = Watch::start(&folders, &[&opts.out, &opts.cache], templates.as_deref())?;

    std::thread::Builder::new()
        .name("http".into())
        .spawn(move || {
            for request in server.incoming_requests() {
                let shared = shared.clone();
                let _ =
                    std::thread::Builder::new().name("request".into()).spawn(move || http::handle(request, &shared));
            }
        })
        .context("starting the HTTP thread")?;
    let list: Vec<String> = folders.iter().map(|d| d.display().to_string()).collect();
    println!("serving http://{addr}/ (Ctrl-C stops); watching {}", list.join(", "));

    while let Some(change) = watch.next() {
        if change.templates {
            builder.reload_templates();
        }
        builder.build(false);
    }
    Ok(())
}
