//! The edge worker. Work in progress (issue 4): so far the domain logic, plain Rust tested on the
//! host; the `#[event(fetch)]` entry, router and services come next.

pub mod domain;
