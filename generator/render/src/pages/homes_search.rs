//! The search of `/homes/`: its form, prerendered on the first page of the list (a GET form whose
//! fields are the search's URL parameters, live once the island is), and every listing's card,
//! rendered once by the lists' own macro: the search's card shards hold them (`jax_mls::search`), the
//! island shows them as results and the lists copy them.

use super::parts::{status, Card, RenderedCards};
use super::shared::Shared;
use crate::incremental::{card_key, Cards, Unchanged};
use crate::islands::{Mount, Mounted};
use crate::props::{HomesSearchProps, SEARCH_FILES};
use anyhow::{Context, Result};
use jax_mls::homes::{Home, Homes};
use jax_mls::record::Status;
use jax_mls::sample::thousands;
use jax_mls::search::{self, Choice, Fields, Sort};
use jax_model::api;
use jax_model::mls::SearchLabels;
use jax_model::search::acres_shown;
use jax_model::slug::slugify;
use rayon::prelude::*;
use serde::Serialize;

/// Cards rendered by one template call (a call costs more than a card).
const CARDS_PER_CALL: usize = 256;
/// What separates the cards of one call: a comment no escaped text can contain.
const SEPARATOR: &str = "<!--card-->";

/// The form as `homes.html` writes it.
#[derive(Serialize)]
pub(super) struct SearchView<'a> {
    mount: Mount,
    /// Where the form goes without JavaScript (the island runs it in place).
    action: &'static str,
    /// The list without filters ("Clear all filters").
    list: &'static str,
    fields: Fields,
    labels: &'a SearchLabels,
    neighborhood: &'a str,
    property_type: &'a str,
    prices: Vec<Choice>,
    beds: Vec<Choice>,
    baths: Vec<Choice>,
    areas: Vec<Choice>,
    kinds: Vec<Choice>,
    statuses: Vec<Choice>,
    garage: Vec<Choice>,
    days: Vec<Choice>,
    acres: Vec<Choice>,
    /// The yes-or-no features' boxes: each one's field and label.
    features: Vec<Choice>,
    yes: &'static str,
    sorts: Vec<Choice>,
    /// The phone's filters sheet's button, with every home for sale's count (the island keeps it
    /// the results').
    show: String,
}

/// A card as `home-cards.html` writes it (and a list its first): its id is its MLS number's.
#[derive(Serialize)]
pub(super) struct Fragment<'a> {
    id: &'a str,
    card: Card<'a>,
}

impl<'a> Fragment<'a> {
    pub(super) fn of(shared: &Shared<'a>, h: &'a Home) -> Fragment<'a> {
        Fragment { id: search::card_id(h), card: shared.card(h) }
    }
}

impl<'a> Shared<'a> {
    /// The search form of `/homes/`, with its island mounted in `mounted`.
    pub(super) fn search_view(&self, homes: &'a Homes, mounted: &mut Mounted) -> Result<SearchView<'a>> {
        let c = self.input.content;
        let l = &self.mls().labels;
        let s = &l.search;
        let props = HomesSearchProps {
            files: SEARCH_FILES,
            per_page: super::parts::PER_PAGE,
            fields: search::FIELDS,
            labels: s,
            count: &l.count,
            page: &l.page,
            save_field: super::save_search::SAVE_FIELD,
        };
        let mount = mounted.mount(self.input.assets, &props)?;
        let at_least = |n: u32| Choice { value: n.to_string(), label: s.at_least.replace("{n}", &n.to_string()) };
        let listed: Vec<_> = homes.for_sale_in(None).collect();
        let areas = c
            .neighborhoods
            .iter()
            .filter(|n| homes.for_sale_in(Some(&n.fields.slug)).len() > 0)
            .map(|n| Choice { value: n.fields.slug.clone(), label: n.fields.name.clone() })
            .collect();
        // Types by how many listings have them, most first.
        let mut kinds: Vec<(String, usize)> = Vec::new();
        for kind in listed.iter().filter_map(|h| search::kind_of(h)) {
            match kinds.iter_mut().find(|(k, _)| k == kind) {
                Some((_, n)) => *n += 1,
                None => kinds.push((kind.to_string(), 1)),
            }
        }
        kinds.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        let statuses = Status::ALL
            .into_iter()
            .filter(|st| listed.iter().any(|h| h.p.standard_status == *st))
            .map(|st| Choice { value: search::status_value(st), label: status(l, st).to_string() })
            .collect();
        let sort = |sort: Sort, label: &String| Choice { value: sort.value().into(), label: label.clone() };
        Ok(SearchView {
            mount,
            action: api::HOMES_SEARCH,
            list: api::HOMES,
            fields: search::FIELDS,
            labels: s,
            neighborhood: &l.neighborhood,
            property_type: &l.property_type,
            prices: search::price_choices(),
            beds: (1..=5).map(at_least).collect(),
            baths: (1..=4).map(at_least).collect(),
            areas,
            kinds: kinds.into_iter().map(|(k, _)| Choice { value: slugify(&k), label: k }).collect(),
            statuses,
            garage: (1..=4).map(at_least).collect(),
            days: search::DAYS_CHOICES
                .iter()
                .map(|n| Choice { value: n.to_string(), label: s.days_at_most.replace("{n}", &n.to_string()) })
                .collect(),
            acres: search::ACRES_CHOICES
                .iter()
                .map(|&a| Choice { value: acres_shown(a), label: s.acres_at_least.replace("{acres}", &acres_shown(a)) })
                .collect(),
            features: [
                (search::FIELDS.waterfront, &s.waterfront),
                (search::FIELDS.pool, &s.pool),
                (search::FIELDS.new_construction, &s.new_construction),
                (search::FIELDS.open_house, &s.open_house),
                (search::FIELDS.reduced, &s.reduced),
            ]
            .into_iter()
            .map(|(field, label)| Choice { value: field.to_string(), label: label.clone() })
            .collect(),
            yes: jax_model::search::YES,
            show: s.show.replace("{count}", &thousands(listed.len() as u64)),
            sorts: vec![
                sort(Sort::Newest, &s.sort_newest),
                sort(Sort::PriceLow, &s.sort_price_low),
                sort(Sort::PriceHigh, &s.sort_price_high),
                sort(Sort::Size, &s.sort_size),
            ],
        })
    }

    /// These, with every listing for sale's card made once, for the search's fragments and the
    /// lists: rendered, or as the output folder holds it where `unchanged` has it.
    pub(crate) fn with_cards(mut self, unchanged: &Unchanged) -> Result<Self> {
        let Some(homes) = self.input.homes else { return Ok(self) };
        self.cards = self.render_cards(homes.for_sale_places(None), unchanged)?;
        Ok(self)
    }

    /// With the cards of only these listings (places in `homes`, for sale): what the list pages
    /// that show only them need.
    pub(crate) fn with_cards_of(mut self, places: &[usize]) -> Result<Self> {
        self.cards = self.render_cards(places, &Unchanged::default())?;
        Ok(self)
    }

    fn render_cards(&self, for_sale: &[usize], unchanged: &Unchanged) -> Result<RenderedCards> {
        let Some(homes) = self.input.homes else { return Ok(RenderedCards::default()) };
        let mut by_place = vec![None; homes.homes.len()];
        let kept: Vec<(usize, Option<String>)> = for_sale
            .par_iter()
            .map(|&i| (i, unchanged.card(&card_key(search::card_id(&homes.homes[i]))).map(str::to_string)))
            .collect();
        let mut places = Vec::new();
        for (i, html) in kept {
            match html {
                Some(html) => by_place[i] = Some(html),
                None => places.push(i),
            }
        }
        let l = &self.mls().labels;
        let ll = &self.input.content.site.data.labels.listing;
        let chunks: Vec<Result<Vec<String>>> = places
            .par_chunks(CARDS_PER_CALL)
            .map(|chunk| {
                let fragments: Vec<Fragment> =
                    chunk.iter().map(|&i| &homes.homes[i]).map(|h| Fragment::of(self, h)).collect();
                let mut ctx = tera::Context::new();
                ctx.insert("cards", &fragments);
                ctx.insert("l", l);
                ctx.insert("ll", ll);
                ctx.insert("separator", SEPARATOR);
                let html = self.r.render(crate::templates::CARDS, &ctx)?;
                let parts: Vec<&str> = html.split(SEPARATOR).collect();
                anyhow::ensure!(
                    parts.len() == fragments.len() + 1,
                    "home-cards.html must end each card with its separator"
                );
                Ok(parts[..fragments.len()].iter().map(|part| part.trim().to_string()).collect())
            })
            .collect();
        let mut placed = places.iter();
        for chunk in chunks {
            for html in chunk.context("rendering the search's cards")? {
                by_place[*placed.next().expect("a card per listing for sale")] = Some(html);
            }
        }
        Ok(RenderedCards(by_place))
    }

    /// Every listing for sale's card in `/homes/`' order (the search's index's), by its key in the
    /// build's record (`incremental::card_key`): the cards themselves, moved out (the pages are
    /// rendered by then).
    pub(crate) fn into_cards(self) -> Cards {
        let Some(homes) = self.input.homes else { return Vec::new() };
        let mut cards = self.cards.0;
        homes
            .for_sale_places(None)
            .iter()
            .map(|&i| {
                let html = cards[i].take().expect("every listing for sale has its card rendered");
                (card_key(search::card_id(&homes.homes[i])), html)
            })
            .collect()
    }
}
