//! The only code that does I/O: settings from the environment, R2, EmailJS and the outbox.

pub mod mail;
pub mod storage;

use crate::domain::content::content;
use crate::domain::settings::Settings;
use worker::Env;

/// Settings from wrangler vars and secrets.
pub fn settings(env: &Env) -> Settings {
    Settings::from_lookup(
        |name| env.secret(name).map(|s| s.to_string()).or_else(|_| env.var(name).map(|v| v.to_string())).ok(),
        content(),
    )
}

/// Milliseconds since the epoch.
pub fn now_ms() -> u64 {
    worker::Date::now().as_millis()
}

/// 64 random bits for ids (not secrets: document links are signed).
pub fn random_u64() -> u64 {
    let half = || (worker::js_sys::Math::random() * 4_294_967_296.0) as u64;
    (half() << 32) | half()
}

/// A random (v4) UUID from the runtime's CSPRNG (`crypto.randomUUID()`): a submission's id.
pub fn random_uuid() -> worker::Result<String> {
    use worker::js_sys::{global, Function, Reflect};
    use worker::wasm_bindgen::JsCast;
    let crypto = Reflect::get(&global(), &"crypto".into())?;
    let make: Function = Reflect::get(&crypto, &"randomUUID".into())?.dyn_into()?;
    make.call0(&crypto)?.as_string().ok_or_else(|| worker::Error::RustError("crypto.randomUUID gave no string".into()))
}
