//! The only code that does I/O: settings from the environment, R2, EmailJS and the outbox, the CRMs;
//! and the orchestration of it: a request recorded and sent (submissions.rs), a saved search
//! confirmed (searches.rs), the cron run (cron.rs).

pub mod alert;
pub mod alerts;
pub mod bot_check;
pub mod budget;
pub mod concierge;
pub mod crm;
pub mod cron;
pub mod document_stream;
pub mod fetch;
pub mod form_parts;
pub mod listings;
pub mod mail;
pub mod once;
pub mod queue;
pub mod quota;
pub mod retention;
pub mod search_files;
pub mod searches;
pub mod storage;
pub mod submissions;
pub mod upload_stream;

use crate::failure::Failure;
use domain::content::content;
use domain::settings::Settings;
use worker::Env;

/// Settings from wrangler vars and secrets; a deployment missing any is unavailable (503), with
/// what is missing in the log.
pub fn settings(env: &Env) -> Result<Settings, Failure> {
    Settings::from_lookup(|name| setting(env, name), content())
        .map_err(|missing| Failure::Unavailable(format!("this deployment is missing settings: {}", missing.join(", "))))
}

/// One setting: a secret, else a var.
pub fn setting(env: &Env, name: &str) -> Option<String> {
    env.secret(name).map(|s| s.to_string()).or_else(|_| env.var(name).map(|v| v.to_string())).ok()
}

/// Milliseconds since the epoch.
pub fn now_ms() -> u64 {
    worker::Date::now().as_millis()
}

/// The runtime's `crypto` object and one of its methods.
fn crypto(method: &str) -> worker::Result<(worker::wasm_bindgen::JsValue, worker::js_sys::Function)> {
    use worker::js_sys::{global, Reflect};
    use worker::wasm_bindgen::JsCast;
    let crypto = Reflect::get(&global(), &"crypto".into())?;
    let f = Reflect::get(&crypto, &method.into())?.dyn_into()?;
    Ok((crypto, f))
}

/// 64 bits from the runtime's CSPRNG (`crypto.getRandomValues`) for a record's id: ids must not
/// be guessable from one another.
pub fn random_u64() -> worker::Result<u64> {
    Ok(u64::from_be_bytes(random_bytes()?))
}

/// `N` bytes from the runtime's CSPRNG (`crypto.getRandomValues`).
pub fn random_bytes<const N: usize>() -> worker::Result<[u8; N]> {
    let (crypto, fill) = crypto("getRandomValues")?;
    let bytes = worker::js_sys::Uint8Array::new_with_length(N as u32);
    fill.call1(&crypto, &bytes)?;
    let mut out = [0u8; N];
    bytes.copy_to(&mut out);
    Ok(out)
}

/// A random (v4) UUID from the runtime's CSPRNG (`crypto.randomUUID()`): a submission's id.
pub fn random_uuid() -> worker::Result<String> {
    let (crypto, make) = crypto("randomUUID")?;
    make.call0(&crypto)?.as_string().ok_or_else(|| worker::Error::RustError("crypto.randomUUID gave no string".into()))
}

/// The isolate's wasm memory in MiB: it grows with what one request holds at its peak and never
/// shrinks (scripts/reliability.mjs reads it from the filings' log lines).
pub fn wasm_memory_mib() -> usize {
    #[cfg(target_arch = "wasm32")]
    {
        core::arch::wasm32::memory_size::<0>() / 16
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        0
    }
}
