//! `content/quiz.yaml`: the six-question neighborhood quiz and its five result profiles.

use crate::diagnostics::Diagnostic;
use crate::document::Source;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A quiz answer's value and a result profile's key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ProfileKey {
    Historic,
    Coastal,
    Urban,
    Eclectic,
    Suburban,
}

impl ProfileKey {
    pub const ALL: [ProfileKey; 5] =
        [ProfileKey::Historic, ProfileKey::Coastal, ProfileKey::Urban, ProfileKey::Eclectic, ProfileKey::Suburban];
    pub fn as_str(self) -> &'static str {
        match self {
            ProfileKey::Historic => "historic",
            ProfileKey::Coastal => "coastal",
            ProfileKey::Urban => "urban",
            ProfileKey::Eclectic => "eclectic",
            ProfileKey::Suburban => "suburban",
        }
    }
    pub fn parse(s: &str) -> Option<ProfileKey> {
        ProfileKey::ALL.into_iter().find(|k| k.as_str() == s)
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Quiz {
    pub title: String,
    pub intro: String,
    /// Six questions, q1 to q6.
    #[schemars(length(min = 6, max = 6))]
    pub questions: Vec<Question>,
    pub profiles: Profiles,
    /// Who wins a tie: the first of the tied values in this order.
    #[schemars(length(min = 5, max = 5))]
    pub tie_order: Vec<ProfileKey>,
    pub labels: QuizLabels,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Question {
    /// q1 … q6.
    pub id: String,
    pub text: String,
    /// Five options, one for each profile.
    #[schemars(length(min = 5, max = 5))]
    pub options: Vec<QuizOption>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct QuizOption {
    pub value: ProfileKey,
    pub text: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Profiles {
    pub historic: Profile,
    pub coastal: Profile,
    pub urban: Profile,
    pub eclectic: Profile,
    pub suburban: Profile,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    /// e.g. "Coastal Chill".
    pub name: String,
    /// e.g. ["Jacksonville Beach", "Atlantic Beach"].
    pub areas: Vec<String>,
    pub description: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct QuizLabels {
    pub open: String,
    /// "Question {n} of {total}".
    pub progress: String,
    pub next: String,
    pub finish: String,
    pub choose_alert: String,
    pub email_heading: String,
    pub email_text: String,
    pub email_label: String,
    pub email_submit: String,
    pub email_alert: String,
    pub error_alert: String,
    pub result_heading: String,
    pub areas_heading: String,
    pub retake: String,
    pub close: String,
}

impl Profiles {
    pub fn all(&self) -> [&Profile; 5] {
        [&self.historic, &self.coastal, &self.urban, &self.eclectic, &self.suburban]
    }

    pub fn get(&self, key: ProfileKey) -> &Profile {
        match key {
            ProfileKey::Historic => &self.historic,
            ProfileKey::Coastal => &self.coastal,
            ProfileKey::Urban => &self.urban,
            ProfileKey::Eclectic => &self.eclectic,
            ProfileKey::Suburban => &self.suburban,
        }
    }
}

impl Quiz {
    /// The winning profile: the most answered value; ties go to the earliest in `tie_order`. The
    /// island's copy (site/src/islands/dialogs/score.ts) runs the same cases (spec/cases/quiz-scoring.json).
    pub fn score(&self, answers: &[ProfileKey]) -> ProfileKey {
        let count = |k: ProfileKey| answers.iter().filter(|a| **a == k).count();
        let mut best = self.tie_order[0];
        for &k in &self.tie_order {
            if count(k) > count(best) {
                best = k;
            }
        }
        best
    }

    pub fn validate(&self, src: &Source, out: &mut Vec<Diagnostic>) {
        for (i, q) in self.questions.iter().enumerate() {
            let expected = format!("q{}", i + 1);
            if q.id != expected {
                out.push(src.at_value(
                    &format!("questions[{i}].id"),
                    format!("expected \"{expected}\" (questions are numbered in order), found \"{}\"", q.id),
                ));
            }
            for key in ProfileKey::ALL {
                let n = q.options.iter().filter(|o| o.value == key).count();
                if n != 1 && q.options.len() == 5 {
                    out.push(src.at_key(
                        &format!("questions[{i}].options"),
                        format!("expected exactly one option with value {}, found {n}", key.as_str()),
                    ));
                }
            }
        }
        for key in ProfileKey::ALL {
            if !self.tie_order.contains(&key) {
                out.push(src.at_key("tie_order", format!("expected every profile once; {} is missing", key.as_str())));
            }
            if self.profiles.get(key).areas.is_empty() {
                out.push(src.at_key(&format!("profiles.{}.areas", key.as_str()), "expected at least one area"));
            }
        }
        if !self.labels.progress.contains("{n}") || !self.labels.progress.contains("{total}") {
            out.push(src.at_value(
                "labels.progress",
                "expected the placeholders {n} and {total}, e.g. \"Question {n} of {total}\"",
            ));
        }
    }
}
