//! Output names of images: `images/<sub>/<stem>-<hash8>[-<width>].<ext>` and their URLs.

use super::encoding::Raster;
use anyhow::{bail, Result};
use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};

/// The output folder of every image; only content-hashed names go there (`dist/_headers`
/// serves it as immutable).
pub const OUTPUT_DIR: &str = "images";

/// The parts of a content-relative image path that output names are made of.
pub(super) struct Name {
    /// The path as read, `/`-separated, without `.` components.
    pub clean: String,
    /// Folders under `images/` (or under the content folder when the image is elsewhere),
    /// each followed by `/`.
    sub: String,
    stem: String,
    /// Lower-cased extension.
    ext: String,
}

pub(super) enum Kind {
    Svg,
    Raster(Raster),
}

impl Name {
    pub fn parse(rel: &str) -> Result<Name> {
        let unified = rel.replace('\\', "/");
        if unified.starts_with('/') || unified.as_bytes().get(1) == Some(&b':') {
            bail!("image paths must be relative to the content folder");
        }
        let mut parts = Vec::new();
        for part in unified.split('/') {
            match part {
                "" | "." => {}
                ".." => bail!("image paths may not leave the content folder (`..`)"),
                p => parts.push(p),
            }
        }
        let Some(file) = parts.pop() else { bail!("empty image path") };
        let clean = parts.iter().chain([&file]).copied().collect::<Vec<_>>().join("/");
        if parts.first() == Some(&"images") {
            parts.remove(0);
        }
        let sub: String = parts.iter().map(|p| format!("{p}/")).collect();
        let (stem, ext) = match file.rsplit_once('.') {
            Some((stem, ext)) if !stem.is_empty() => (stem, ext.to_ascii_lowercase()),
            _ => bail!("image file names need an extension (.jpg, .png, .webp or .svg)"),
        };
        Ok(Name { clean, sub, stem: stem.to_string(), ext })
    }

    /// What the extension says the file is.
    pub fn kind(&self) -> Result<Kind> {
        Ok(match self.ext.as_str() {
            "svg" => Kind::Svg,
            "jpg" | "jpeg" => Kind::Raster(Raster::Jpeg),
            "png" => Kind::Raster(Raster::Png),
            "webp" => Kind::Raster(Raster::WebP),
            other => bail!("unsupported image type .{other} (use JPEG, PNG, WebP or SVG)"),
        })
    }

    /// `images/<sub>/<stem>-<hash8>[-<width>].<ext>`, under the output folder.
    pub fn output(&self, hash: &str, width: Option<u32>, ext: &str) -> String {
        let hash8 = &hash[..8];
        match width {
            Some(w) => format!("{OUTPUT_DIR}/{}{}-{hash8}-{w}.{ext}", self.sub, self.stem),
            None => format!("{OUTPUT_DIR}/{}{}-{hash8}.{ext}", self.sub, self.stem),
        }
    }
}

/// Everything but the unreserved characters and `/` is escaped, so a URL never breaks an
/// attribute or a `srcset` list (spaces, commas, non-ASCII).
const URL_ESCAPED: &AsciiSet = &NON_ALPHANUMERIC.remove(b'-').remove(b'.').remove(b'_').remove(b'~').remove(b'/');

/// Site URL of an output path.
pub(super) fn url(path: &str) -> String {
    format!("/{}", utf8_percent_encode(path, URL_ESCAPED))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn url_escapes_what_srcset_cannot_hold() {
        assert_eq!(url("images/a b,c-é.jpg"), "/images/a%20b%2Cc-%C3%A9.jpg");
        assert_eq!(url("images/x_y~z/A.1.png"), "/images/x_y~z/A.1.png");
    }

    #[test]
    fn names() {
        let n = Name::parse("./images\\listings//a.b.JPG").unwrap();
        assert_eq!(n.clean, "images/listings/a.b.JPG");
        assert_eq!(n.output("0123456789", Some(480), "webp"), "images/listings/a.b-01234567-480.webp");
        assert!(matches!(n.kind(), Ok(Kind::Raster(Raster::Jpeg))));
        assert_eq!(Name::parse("logo.svg").unwrap().output("abcdef0123", None, "svg"), "images/logo-abcdef01.svg");
        assert!(Name::parse("images/.png").is_err());
        assert!(Name::parse("images/").is_err());
    }
}
