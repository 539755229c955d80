//! `GET /homes/search/?…` (`api::HOMES_SEARCH`): the search of `/homes/` without JavaScript,
//! answered from the island's own files and page (domain/search_page.rs decides; this reads).

use crate::failure::Failure;
use crate::services::{now_ms, search_files};
use domain::search_page::html::{self, View};
use domain::search_page::{self, card_url, column_path, file_url, files, Asked, Columns, WordShards};
use jax_model::{api, calendar};
use worker::{Env, Method, Request, Response};

pub async fn search(req: &Request, env: &Env) -> Result<Response, Failure> {
    if !matches!(req.method(), Method::Get | Method::Head) {
        return Err(Failure::Method("GET"));
    }
    let url = super::request::url_of(req)?;
    let origin = url.origin.as_str();
    let assets = env.assets("ASSETS")?;
    let (base, headers) = search_files::page(&assets, origin, api::HOMES).await?;
    let props = html::island_props(&base)
        .ok_or_else(|| Failure::Unavailable(format!("{}: no search island's props", api::HOMES)))?;
    let asked = Asked::of(&url.query);
    let meta =
        one(search_files::json_all(&assets, origin, std::slice::from_ref(&props.files.meta), files::meta).await?)?;
    let keys = asked.word_shards(&meta);
    if keys.len() > search_page::WORD_SHARDS_MAX {
        // Nothing else read.
        return respond(&base, &props, &View::too_many_words(&asked, &props), &headers);
    }
    let columns_asked = asked.columns();
    let column_urls = urls(columns_asked.iter().map(|&c| file_url(&props.files.column, &meta, &column_path(c))))?;
    let word_urls = urls(keys.iter().map(|k| file_url(&props.files.words, &meta, &format!("words/{k}.json"))))?;
    let (columns, words) = futures_util::join!(
        search_files::json_all(&assets, origin, &column_urls, files::column),
        search_files::json_all(&assets, origin, &word_urls, files::word_shard),
    );
    let columns: Columns = columns_asked.iter().map(|c| c.name()).zip(columns?).collect();
    let shards: WordShards = keys.into_iter().zip(words?).collect();
    let today = u32::try_from(calendar::eastern_day((now_ms() / 1000) as i64)).unwrap_or(0);
    let found = search_page::found(&meta, &columns, &shards, &asked, today).map_err(Failure::Unavailable)?;
    let shown = search_page::shown(&meta, &columns, &found, &asked, props.per_page);
    let needed = shown.shards();
    let card_urls = urls(needed.iter().map(|&n| card_url(&props.files.cards, &meta, asked.sort.cards(), n)))?;
    let read = search_files::json_all(&assets, origin, &card_urls, files::cards).await?;
    let cards = shown.cards_from(&needed, &read).map_err(Failure::Unavailable)?;
    respond(&base, &props, &View::results(&asked, &props, found.len(), &shown, cards), &headers)
}

/// The results page, with `/homes/`'s own security headers (`headers`).
fn respond(base: &str, props: &files::Props, view: &View, headers: &worker::Headers) -> Result<Response, Failure> {
    let html = html::page(base, props, view).map_err(Failure::Unavailable)?;
    let mut response = Response::from_html(html)?;
    let out = response.headers_mut();
    // The page's own security headers (its Content-Security-Policy allows its inline script by hash).
    for (name, value) in headers.entries() {
        if !matches!(
            name.as_str(),
            "content-length" | "content-type" | "etag" | "last-modified" | "cache-control" | "content-encoding"
        ) {
            out.set(&name, &value)?;
        }
    }
    // Results change with each import: a visitor's Back may reuse them, nothing else keeps them.
    out.set("Cache-Control", "private, max-age=300")?;
    Ok(response)
}

fn one<T>(mut files: Vec<T>) -> Result<T, Failure> {
    files.pop().ok_or_else(|| Failure::Unavailable("meta.json: not read".into()))
}

/// The files' URLs; one `meta.json` does not name is not this build's.
fn urls(of: impl Iterator<Item = Option<String>>) -> Result<Vec<String>, Failure> {
    of.map(|u| u.ok_or_else(|| Failure::Unavailable("a file meta.json does not name".into()))).collect()
}
