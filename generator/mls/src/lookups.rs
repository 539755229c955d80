//! The Data Dictionary's lookups the listings keep as enums: how often an association's fee is
//! due, and what a media item is (only photos are shown as photos, videos as links, and branded
//! tours never: IDX rules).

use serde::{Deserialize, Serialize};

/// RESO's FeeFrequency lookup (AssociationFeeFrequency).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum FeeFrequency {
    Annually,
    #[serde(rename = "Bi-Monthly")]
    BiMonthly,
    #[serde(rename = "Bi-Weekly")]
    BiWeekly,
    Daily,
    Monthly,
    #[serde(rename = "One Time")]
    OneTime,
    Quarterly,
    Seasonal,
    #[serde(rename = "Semi-Annually")]
    SemiAnnually,
    #[serde(rename = "Semi-Monthly")]
    SemiMonthly,
    Weekly,
}

impl FeeFrequency {
    pub const ALL: [FeeFrequency; 11] = [
        FeeFrequency::Annually,
        FeeFrequency::BiMonthly,
        FeeFrequency::BiWeekly,
        FeeFrequency::Daily,
        FeeFrequency::Monthly,
        FeeFrequency::OneTime,
        FeeFrequency::Quarterly,
        FeeFrequency::Seasonal,
        FeeFrequency::SemiAnnually,
        FeeFrequency::SemiMonthly,
        FeeFrequency::Weekly,
    ];

    /// The Dictionary's name, e.g. "Semi-Annually".
    pub fn name(self) -> &'static str {
        match self {
            FeeFrequency::Annually => "Annually",
            FeeFrequency::BiMonthly => "Bi-Monthly",
            FeeFrequency::BiWeekly => "Bi-Weekly",
            FeeFrequency::Daily => "Daily",
            FeeFrequency::Monthly => "Monthly",
            FeeFrequency::OneTime => "One Time",
            FeeFrequency::Quarterly => "Quarterly",
            FeeFrequency::Seasonal => "Seasonal",
            FeeFrequency::SemiAnnually => "Semi-Annually",
            FeeFrequency::SemiMonthly => "Semi-Monthly",
            FeeFrequency::Weekly => "Weekly",
        }
    }

    pub fn parse(s: &str) -> Option<FeeFrequency> {
        FeeFrequency::ALL.into_iter().find(|f| f.name().eq_ignore_ascii_case(s.trim()))
    }

    /// How many times a year the fee is due; None for a fee that does not recur on a calendar
    /// (once, or by the season), which a monthly cost cannot be made from.
    pub fn per_year(self) -> Option<u32> {
        match self {
            FeeFrequency::Annually => Some(1),
            FeeFrequency::SemiAnnually => Some(2),
            FeeFrequency::Quarterly => Some(4),
            FeeFrequency::BiMonthly => Some(6),
            FeeFrequency::Monthly => Some(12),
            FeeFrequency::SemiMonthly => Some(24),
            FeeFrequency::BiWeekly => Some(26),
            FeeFrequency::Weekly => Some(52),
            FeeFrequency::Daily => Some(365),
            FeeFrequency::OneTime | FeeFrequency::Seasonal => None,
        }
    }
}

/// RESO's MediaCategory lookup.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum MediaCategory {
    #[serde(rename = "Agent Photo")]
    AgentPhoto,
    #[serde(rename = "Branded Virtual Tour")]
    BrandedVirtualTour,
    Document,
    #[serde(rename = "Floor Plan")]
    FloorPlan,
    #[serde(rename = "Office Logo")]
    OfficeLogo,
    #[serde(rename = "Office Photo")]
    OfficePhoto,
    Photo,
    #[serde(rename = "Unbranded Virtual Tour")]
    UnbrandedVirtualTour,
    Video,
}

impl MediaCategory {
    pub const ALL: [MediaCategory; 9] = [
        MediaCategory::AgentPhoto,
        MediaCategory::BrandedVirtualTour,
        MediaCategory::Document,
        MediaCategory::FloorPlan,
        MediaCategory::OfficeLogo,
        MediaCategory::OfficePhoto,
        MediaCategory::Photo,
        MediaCategory::UnbrandedVirtualTour,
        MediaCategory::Video,
    ];

    pub fn name(self) -> &'static str {
        match self {
            MediaCategory::AgentPhoto => "Agent Photo",
            MediaCategory::BrandedVirtualTour => "Branded Virtual Tour",
            MediaCategory::Document => "Document",
            MediaCategory::FloorPlan => "Floor Plan",
            MediaCategory::OfficeLogo => "Office Logo",
            MediaCategory::OfficePhoto => "Office Photo",
            MediaCategory::Photo => "Photo",
            MediaCategory::UnbrandedVirtualTour => "Unbranded Virtual Tour",
            MediaCategory::Video => "Video",
        }
    }

    pub fn parse(s: &str) -> Option<MediaCategory> {
        MediaCategory::ALL.into_iter().find(|c| c.name().eq_ignore_ascii_case(s.trim()))
    }
}

/// RESO's OpenHouseType lookup: who an open house is for. Only a public one is shown (a broker's
/// or an office's is for agents).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum OpenHouseType {
    Broker,
    Office,
    Public,
}

impl OpenHouseType {
    pub const ALL: [OpenHouseType; 3] = [OpenHouseType::Broker, OpenHouseType::Office, OpenHouseType::Public];

    pub fn name(self) -> &'static str {
        match self {
            OpenHouseType::Broker => "Broker",
            OpenHouseType::Office => "Office",
            OpenHouseType::Public => "Public",
        }
    }
}

/// RESO's OpenHouseStatus lookup. Only an active one is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum OpenHouseStatus {
    Active,
    Cancelled,
    Ended,
}

impl OpenHouseStatus {
    pub const ALL: [OpenHouseStatus; 3] = [OpenHouseStatus::Active, OpenHouseStatus::Cancelled, OpenHouseStatus::Ended];

    pub fn name(self) -> &'static str {
        match self {
            OpenHouseStatus::Active => "Active",
            OpenHouseStatus::Cancelled => "Cancelled",
            OpenHouseStatus::Ended => "Ended",
        }
    }
}
