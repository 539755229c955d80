//! Saved searches (domain/searches.rs): the save form's post (save.rs), the confirmation and
//! unsubscribe links (links.rs) and the manage page's requests (manage.rs); where their e-mails and
//! answers lead (addresses.rs).

mod addresses;
mod links;
mod manage;
mod save;
pub use links::{confirm_link, unsubscribe};
pub use manage::manage;
pub use save::save;
