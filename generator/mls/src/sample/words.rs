//! The sample's pools of words: streets, features, kinds of home, the remarks' sentences, offices
//! and agents (all invented), and the statuses' shares.

pub const STREETS: &[&str] = &[
    "Riverside Ave",
    "San Jose Blvd",
    "Herschel St",
    "Atlantic Blvd",
    "Beach Blvd",
    "1st St N",
    "Ocean Dr",
    "Park St",
    "Oak St",
    "Post St",
    "Edgewood Ave",
    "Ortega Blvd",
    "Baymeadows Rd",
    "Hendricks Ave",
    "Main St",
    "Laura St",
    "Hogan St",
    "Bay St",
    "Prudential Dr",
    "Kings Ave",
    "San Marco Blvd",
    "Landon Ave",
    "St Johns Ave",
    "Avondale Ave",
    "Challen Ave",
    "Belvedere Ave",
    "Lakeside Dr",
    "Pablo Rd",
    "Nocatee Pkwy",
    "Crosswater Pkwy",
    "Ponte Vedra Blvd",
    "Sawgrass Dr",
    "Seminole Rd",
    "Sherry Dr",
    "Silver St",
    "Walnut St",
    "Market St",
    "8th St W",
    "Willow Branch Ave",
    "Roscoe Blvd",
    "Atlantic Ave",
    "Mayport Rd",
    "Hodges Blvd",
    "Southside Blvd",
    "Gate Pkwy",
    "Timuquana Rd",
];

pub const FEATURES: &[&str] = &[
    "Private dock",
    "Pool & spa",
    "River views",
    "Ocean views",
    "Chef's kitchen",
    "Wine room",
    "Home office",
    "Three-car garage",
    "Impact windows",
    "Hardwood floors",
    "Walk-in closets",
    "Screened lanai",
    "Rooftop terrace",
    "24-hour concierge",
    "Fitness center",
    "Gated community",
    "Wood-burning fireplace",
    "Smart-home wiring",
    "Solar panels",
    "Guest suite",
    "Heart pine floors",
    "Original millwork",
    "Wraparound porch",
    "Quartz countertops",
    "Gas range",
    "Boat lift",
    "Golf course views",
    "Outdoor kitchen",
    "Private elevator",
    "Covered parking",
    "Resort-style pool",
    "Marsh views",
    "Detached studio",
    "Whole-house generator",
];

/// An inclusive range to draw from.
pub type Span = (u64, u64);

/// A kind of home: its words, RESO sub-type, and the ranges it is drawn from.
pub struct Kind {
    pub name: &'static str,
    pub sub_type: &'static str,
    pub beds: Span,
    pub sqft: Span,
    pub per_sqft: Span,
    pub built: Span,
    /// Acres of lot; None for units in a building.
    pub lot: Option<Span>,
}

pub const KINDS: &[Kind] = &[
    Kind {
        name: "condominium",
        sub_type: "Condominium",
        beds: (1, 3),
        sqft: (650, 2_400),
        per_sqft: (240, 650),
        built: (1985, 2025),
        lot: None,
    },
    Kind {
        name: "townhome",
        sub_type: "Townhouse",
        beds: (2, 4),
        sqft: (1_300, 2_800),
        per_sqft: (190, 420),
        built: (1995, 2025),
        lot: Some((3, 10)),
    },
    Kind {
        name: "single-family home",
        sub_type: "Single Family Residence",
        beds: (3, 5),
        sqft: (1_700, 4_200),
        per_sqft: (170, 480),
        built: (1955, 2025),
        lot: Some((15, 60)),
    },
    Kind {
        name: "historic bungalow",
        sub_type: "Single Family Residence",
        beds: (2, 4),
        sqft: (1_100, 2_600),
        per_sqft: (210, 430),
        built: (1905, 1940),
        lot: Some((10, 30)),
    },
    Kind {
        name: "estate",
        sub_type: "Single Family Residence",
        beds: (4, 7),
        sqft: (3_800, 9_500),
        per_sqft: (320, 900),
        built: (1925, 2025),
        lot: Some((50, 300)),
    },
];

pub const OPENERS: &[&str] = &[
    "Set on a quiet, tree-lined stretch of {street}, this {kind} pairs {area} convenience with room to breathe.",
    "Sunlight fills every room of this {kind} in the heart of {area}, steps from cafés, parks and the river.",
    "This {kind} on {street} has been thoughtfully updated from top to bottom without losing its character.",
    "Welcome home to one of {area}'s most inviting addresses: a {beds}-bedroom {kind} with {sqft} square feet of living space.",
    "Rarely does a {kind} like this come to market in {area}, and the details show why.",
];

pub const MIDDLES: &[&str] = &[
    "The open kitchen centres on a long island with **{f0}**, flowing into a family room made for long evenings.",
    "Upstairs, the primary suite offers a spa bath, a sitting area and **{f1}**, while the guest rooms share a bright hall bath.",
    "Entertaining is easy with **{f0}** and **{f2}**, and the floor plan keeps everyday living simple.",
    "Thoughtful upgrades include **{f1}**, new systems and *fresh paint throughout*, so there is nothing left to do but move in.",
    "Out back, a private yard and **{f2}** make weekends at home feel like a getaway.",
    "Every bedroom has generous closet space, and **{f3}** adds flexibility for guests or a growing household.",
];

pub const CLOSERS: &[&str] = &[
    "You are minutes from downtown Jacksonville, the beaches and the airport, with top-rated schools nearby.",
    "Stroll to the neighbourhood's restaurants and shops, or spend the afternoon on the water.",
    "{area} keeps its small-town feel while putting the whole city within a short drive.",
    "Schedule a private showing to see why buyers keep coming back to {area}.",
    "HOA dues are modest, and the community's amenities are among the best on the First Coast.",
];

/// Listing offices and agents of the sample: invented, like every listing in it.
pub(super) const OFFICES: &[(&str, &str)] = &[
    ("First Coast Premier Realty", "(904) 555-0110"),
    ("St. Johns River Properties", "(904) 555-0121"),
    ("Ocean & Oak Realty", "(904) 555-0132"),
    ("Riverside Heritage Homes", "(904) 555-0143"),
    ("Ponte Vedra Coastal Realty", "(904) 555-0154"),
    ("Coastal Luxury Realty", "(904) 555-0165"),
];
pub(super) const AGENTS: &[&str] = &[
    "Dana Whitaker",
    "Marcus Lee",
    "Priya Raman",
    "Colin Baptiste",
    "Elena Sorensen",
    "Jamal Carter",
    "Hannah Ortiz",
    "Grant Holloway",
    "Mei Tanaka",
    "Rosa Delgado",
];
/// Status and its share of the sample, in percent.
pub(super) const STATUSES: &[(&str, u32)] =
    &[("Active", 84), ("Active Under Contract", 5), ("Pending", 5), ("Coming Soon", 2), ("Closed", 4)];
