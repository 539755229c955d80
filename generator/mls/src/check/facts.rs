//! The facts a buyer reads by group, checked field by field like the rest of a record, but
//! leniently: a bad one is named and left out, and the listing is kept without it.

use super::reader::Reader;
use crate::record::{Facts, FeeFrequency};

pub(super) fn read(r: &mut Reader) -> Facts {
    r.lenient(|r| Facts {
        waterfront_yn: r.flag("WaterfrontYN"),
        waterfront_features: r.words("WaterfrontFeatures"),
        view: r.words("View"),
        pool_private_yn: r.flag("PoolPrivateYN"),
        pool_features: r.words("PoolFeatures"),
        garage_spaces: r.number("GarageSpaces", 0.0..=100.0),
        lot_features: r.words("LotFeatures"),
        exterior_features: r.words("ExteriorFeatures"),
        roof: r.words("Roof"),
        interior_features: r.words("InteriorFeatures"),
        appliances: r.words("Appliances"),
        flooring: r.words("Flooring"),
        fireplace_yn: r.flag("FireplaceYN"),
        stories: r.whole("Stories", 200).map(|n| n as u32),
        heating: r.words("Heating"),
        cooling: r.words("Cooling"),
        association_fee: r.number("AssociationFee", 0.0..=1e7).map(|n| n.round() as u64),
        association_fee_frequency: r.lookup(
            "AssociationFeeFrequency",
            "fee frequencies",
            &FeeFrequency::ALL,
            FeeFrequency::name,
        ),
        association_name: r.short_text("AssociationName"),
        community_features: r.words("CommunityFeatures"),
        tax_annual_amount: r.number("TaxAnnualAmount", 0.0..=1e9).map(|n| n.round() as u64),
        tax_year: r.year("TaxYear"),
        elementary_school: r.short_text("ElementarySchool"),
        middle_or_junior_school: r.short_text("MiddleOrJuniorSchool"),
        high_school: r.short_text("HighSchool"),
        on_market_date: r.date("OnMarketDate"),
        listing_contract_date: r.date("ListingContractDate"),
        new_construction_yn: r.flag("NewConstructionYN"),
        virtual_tour_url_unbranded: r.url("VirtualTourURLUnbranded"),
    })
}
