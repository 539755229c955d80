//! The islands' mount protocol: the attributes the generator writes on a mount point (and on the
//! early script) and the names of the hydration strategies, which the early script and the runtime
//! (`site/src/runtime`) read. Spelled here only: `super::islands` writes them, and
//! `site/src/lib/protocol.ts` is generated from them (`super::typescript`). Imports nothing, so
//! both can import it.

/// Each attribute's constant, and `ATTRIBUTES`: (name, attribute, doc lines) of each, in order.
macro_rules! attributes {
    ($($(#[doc = $doc:literal])+ $name:ident = $attr:literal;)+) => {
        $($(#[doc = $doc])+ pub const $name: &str = $attr;)+
        pub const ATTRIBUTES: &[(&str, &str, &[&str])] = &[$((stringify!($name), $attr, &[$($doc),+])),+];
    };
}

attributes! {
    /// On a mount point: the island's name, the file stem of its entry (`site/src/islands/<name>.tsx`).
    ISLAND = "data-island";
    /// On a mount point: when the early script wakes the island, one of `Hydrate`'s names.
    HYDRATE = "data-hydrate";
    /// On a mount point, when the islands are built: the island's bundle. Only a mount point with
    /// one is started (and CSS reacts to it: the island is built).
    SRC = "data-src";
    /// On the mount point's first child, `<script type="application/json">`: the island's props.
    PROPS = "data-props";
    /// On a mount point: a selector for elements anywhere on the page whose interaction wakes the
    /// island (the dialogs' openers).
    TRIGGER = "data-trigger";
    /// On a mount point with a `TRIGGER`: the `aria-haspopup` the early script gives those elements.
    TRIGGER_POPUP = "data-trigger-popup";
    /// On the early script: the runtime's bundle, which it fetches when the first island wakes.
    RUNTIME = "data-runtime";
}

/// When the early script wakes an island (and has the runtime hydrate it): the strategies of
/// `site/src/runtime/<name>.ts`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hydrate {
    /// At once; its bundle is modulepreloaded.
    Load,
    /// When the browser is idle.
    Idle,
    /// When it scrolls into view.
    Visible,
    /// On the first click in it (or on a `data-open` trigger, for the dialogs). Hovering or
    /// focusing starts the download.
    Interaction,
}

impl Hydrate {
    pub const ALL: [Hydrate; 4] = [Hydrate::Load, Hydrate::Idle, Hydrate::Visible, Hydrate::Interaction];

    /// Its name, the value of `HYDRATE`.
    pub fn as_str(self) -> &'static str {
        match self {
            Hydrate::Load => "load",
            Hydrate::Idle => "idle",
            Hydrate::Visible => "visible",
            Hydrate::Interaction => "interaction",
        }
    }
}
