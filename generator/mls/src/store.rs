//! Where imported listings live between an import and the builds that read them: one JSON file
//! per listing under `<dir>/current/listings/`, with `import.json` beside them.
//!
//! Beside them, `listings.jsonl` holds the same listings one per line, in one file (opening
//! a file per listing costs more), and `listings.bin` a binary copy of them that a build by the
//! same generator reads instead (a third of the JSON's time); the
//! files per listing stay the import's record, in the Data Dictionary's shape.
//!
//! `current` is a symbolic link to one generation folder. An import writes a whole new
//! generation (unchanged listings hard-linked from the previous one, so only what changed is
//! written) and then swaps the link with one rename: a build sees the old import or the new one,
//! never half of each, and an import that fails anywhere leaves `current` as it was.

use crate::changes::Change;
use crate::history::History;
use crate::record::{with_every_field, Property};
use anyhow::{bail, Context, Result};
use jiff::Timestamp;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

const CURRENT: &str = "current";
const GENERATIONS: &str = "generations";
const LISTINGS: &str = "listings";
const IMPORT: &str = "import.json";
/// The news of the last imports (crate::changes), kept with each generation.
const CHANGES: &str = "changes.json";
/// Each listing's story across imports (crate::history), kept with each generation.
const HISTORY: &str = "history.json";
/// Every listing of a generation, one JSON document per line, in the order of their files.
const SNAPSHOT: &str = "listings.jsonl";
/// The same listings with their lines' digests, for the generator that wrote them (`Binary`).
const BINARY: &str = "listings.bin";

/// The shape of the listings this generator stores: a store of another (an older generator's,
/// without fields this one keeps, or keeping them elsewhere) is rewritten whole by the next
/// import.
pub const FORMAT: u32 = 3;

/// What the last import recorded about itself.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ImportInfo {
    /// The store's `FORMAT` when written (0: before the stores said).
    #[serde(default)]
    pub format: u32,
    /// Where the listings came from: a file, a folder, a feed URL or the sample.
    pub source: String,
    /// Made by the project's sample writer, not an MLS: every page says so, and deploys refuse it.
    pub sample: bool,
    /// When the import ran.
    pub imported_at: Timestamp,
    /// The newest ModificationTimestamp imported so far: the next import from the same feed asks
    /// only for what changed after it.
    pub newest: Option<Timestamp>,
}

/// The last import: its record of itself and its listings, sorted by ListingKey.
pub struct Imported {
    pub info: ImportInfo,
    pub listings: Vec<Property>,
    /// Each listing's BLAKE3 as stored (its snapshot line, or its file in a generation without a
    /// snapshot), in the same order: what the build fingerprints it by.
    pub digests: Vec<blake3::Hash>,
    generation: PathBuf,
}

impl Imported {
    /// Each listing's ModificationTimestamp, by ListingKey.
    pub fn index(&self) -> BTreeMap<&str, Timestamp> {
        self.listings.iter().map(|p| (p.listing_key.as_str(), p.modification_timestamp)).collect()
    }
}

/// The last import read (`Store::read_memo`).
#[derive(Default)]
pub struct Memo(Mutex<Option<Kept>>);

/// An import as read, with what tells it from another: its generation and its import.json.
struct Kept {
    generation: PathBuf,
    info: Vec<u8>,
    imported: Arc<Imported>,
}

/// The imported listings, as the last import left them.
pub struct Store {
    dir: PathBuf,
}

/// One listing on disk.
pub fn file_name(key: &str) -> String {
    format!("{key}.json")
}

impl Store {
    pub fn new(dir: &Path) -> Store {
        Store { dir: dir.to_path_buf() }
    }

    fn current(&self) -> PathBuf {
        self.dir.join(CURRENT)
    }

    /// The generation `current` names now, resolved once so that everything read from it is
    /// of one import even if another import swaps the link meanwhile.
    fn generation(&self) -> Option<PathBuf> {
        std::fs::read_link(self.current()).ok().map(|target| self.dir.join(target))
    }

    /// The last import's record of itself alone (its listings unread); None before the first.
    pub fn import_info(&self) -> Result<Option<ImportInfo>> {
        let Some(generation) = self.generation() else { return Ok(None) };
        let path = generation.join(IMPORT);
        let info =
            serde_json::from_slice(&Self::info(&generation)?).with_context(|| format!("reading {}", path.display()))?;
        Ok(Some(info))
    }

    /// The last import, read from one generation; None before the first import.
    pub fn read(&self) -> Result<Option<Imported>> {
        let Some(generation) = self.generation() else { return Ok(None) };
        let info = Self::info(&generation)?;
        Self::read_generation(generation, &info).map(Some)
    }

    /// The news of the imports up to the current one (crate::changes's window); none before the
    /// first import, or from a generation an older generator wrote.
    pub fn changes(&self) -> Result<Vec<Change>> {
        self.read_kept(CHANGES)
    }

    /// Each listing's story as of the current import; none before the first, or from a
    /// generation an older generator wrote.
    pub fn history(&self) -> Result<History> {
        self.read_kept(HISTORY)
    }

    /// One of the files kept with the current generation; empty where there is none.
    fn read_kept<T: serde::de::DeserializeOwned + Default>(&self, name: &str) -> Result<T> {
        let Some(generation) = self.generation() else { return Ok(T::default()) };
        let path = generation.join(name);
        match std::fs::read(&path) {
            Ok(bytes) => serde_json::from_slice(&bytes).with_context(|| format!("reading {}", path.display())),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(T::default()),
            Err(e) => Err(e).with_context(|| format!("reading {}", path.display())),
        }
    }

    /// The same, kept in `memo` for the next read while the import is the same: `generator
    /// serve` rebuilds on each edit, and reading every listing again is a visible share of one.
    pub fn read_memo(&self, memo: &Memo) -> Result<Option<Arc<Imported>>> {
        let mut kept = memo.0.lock().unwrap_or_else(|e| e.into_inner());
        let Some(generation) = self.generation() else {
            *kept = None;
            return Ok(None);
        };
        // A generation is never changed once current; its number may come again after the
        // store is deleted, its import.json (with the import's time) not.
        let info = Self::info(&generation)?;
        if let Some(k) = kept.as_ref().filter(|k| k.generation == generation && k.info == info) {
            return Ok(Some(k.imported.clone()));
        }
        let imported = Arc::new(Self::read_generation(generation.clone(), &info)?);
        *kept = Some(Kept { generation, info, imported: imported.clone() });
        Ok(Some(imported))
    }

    /// A generation's import.json.
    fn info(generation: &Path) -> Result<Vec<u8>> {
        let path = generation.join(IMPORT);
        std::fs::read(&path).with_context(|| format!("reading {}", path.display()))
    }

    fn read_generation(generation: PathBuf, info: &[u8]) -> Result<Imported> {
        let path = generation.join(IMPORT);
        let info = serde_json::from_slice(info).with_context(|| format!("reading {}", path.display()))?;
        if let Some((listings, digests)) = Binary::read(&generation.join(BINARY)) {
            return Ok(Imported { info, listings, digests, generation });
        }
        let (listings, digests) = match std::fs::read(generation.join(SNAPSHOT)) {
            Ok(text) => Self::read_snapshot(&generation.join(SNAPSHOT), &text)?,
            // A generation an older generator wrote.
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Self::read_files(&generation)?,
            Err(e) => return Err(e).with_context(|| format!("reading {}", generation.join(SNAPSHOT).display())),
        };
        Ok(Imported { info, listings, digests, generation })
    }

    /// The listings of a snapshot, each with its line's digest.
    fn read_snapshot(path: &Path, text: &[u8]) -> Result<(Vec<Property>, Vec<blake3::Hash>)> {
        let lines: Vec<&[u8]> = text.split(|&b| b == b'\n').filter(|l| !l.is_empty()).collect();
        Ok(lines
            .par_iter()
            .enumerate()
            .map(|(i, line)| {
                let listing = serde_json::from_slice(line).with_context(|| {
                    format!("reading line {} of {} (run the import again to replace it)", i + 1, path.display())
                })?;
                Ok((listing, blake3::hash(line)))
            })
            .collect::<Result<Vec<(Property, blake3::Hash)>>>()?
            .into_iter()
            .unzip())
    }

    /// The listings of a generation's files, each with its file's digest.
    fn read_files(generation: &Path) -> Result<(Vec<Property>, Vec<blake3::Hash>)> {
        let dir = generation.join(LISTINGS);
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .with_context(|| format!("listing {}", dir.display()))?
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        files.sort();
        let (listings, digests): (Vec<Property>, Vec<blake3::Hash>) = files
            .par_iter()
            .map(|path| {
                let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
                let listing = serde_json::from_slice(&bytes)
                    .with_context(|| format!("reading {} (run the import again to replace it)", path.display()))?;
                Ok((listing, blake3::hash(&bytes)))
            })
            .collect::<Result<Vec<(Property, blake3::Hash)>>>()?
            .into_iter()
            .unzip();
        Ok((listings, digests))
    }

    /// Makes a new generation hold `keep` (listings of `base`, the import read before, by key)
    /// and `write` (new or changed ones), then makes it current in one rename.
    /// `changes`: the window of news kept with it (crate::changes); `history`, the listings' stories.
    pub fn commit(
        &self,
        base: Option<&Imported>,
        keep: &[&str],
        write: &[Property],
        info: &ImportInfo,
        changes: &[Change],
        history: &History,
    ) -> Result<()> {
        let generations = self.dir.join(GENERATIONS);
        std::fs::create_dir_all(&generations).with_context(|| format!("creating {}", generations.display()))?;
        // Leftovers of an import that stopped before its swap.
        for e in std::fs::read_dir(&generations)?.filter_map(Result::ok) {
            if e.file_name().to_string_lossy().ends_with(".partial") {
                std::fs::remove_dir_all(e.path()).with_context(|| format!("removing {}", e.path().display()))?;
            }
        }
        let previous = std::fs::read_link(self.current()).ok();
        let number = self.next_generation(&generations)?;
        let partial = generations.join(format!("{number}.partial"));
        let listings = partial.join(LISTINGS);
        std::fs::create_dir_all(&listings).with_context(|| format!("creating {}", listings.display()))?;
        let from = match base {
            Some(b) => b.generation.join(LISTINGS),
            None if keep.is_empty() => PathBuf::new(),
            None => bail!("listings to keep, but no previous import to keep them from"),
        };
        keep.par_iter().try_for_each(|key| {
            let (src, dst) = (from.join(file_name(key)), listings.join(file_name(key)));
            std::fs::hard_link(&src, &dst)
                .or_else(|_| std::fs::copy(&src, &dst).map(|_| ()))
                .with_context(|| format!("keeping {}", src.display()))
        })?;
        write.par_iter().try_for_each(|p| {
            let path = listings.join(file_name(&p.listing_key));
            let bytes = serde_json::to_vec_pretty(p)?;
            std::fs::write(&path, bytes).with_context(|| format!("writing {}", path.display()))
        })?;
        // The snapshot: the kept listings as `base` read them, then the written ones, in the
        // order of their files.
        let kept: BTreeMap<&str, &Property> =
            base.map(|b| b.listings.iter().map(|p| (p.listing_key.as_str(), p)).collect()).unwrap_or_default();
        let mut all = keep
            .iter()
            .map(|key| kept.get(key).copied().with_context(|| format!("{key} is not in the previous import")))
            .collect::<Result<Vec<&Property>>>()?;
        all.extend(write);
        all.sort_by_cached_key(|p| file_name(&p.listing_key));
        let lines = all.par_iter().map(serde_json::to_vec).collect::<serde_json::Result<Vec<Vec<u8>>>>()?;
        let path = partial.join(SNAPSHOT);
        std::fs::write(&path, lines.join(&b'\n')).with_context(|| format!("writing {}", path.display()))?;
        let digests: Vec<[u8; 32]> = lines.par_iter().map(|line| *blake3::hash(line).as_bytes()).collect();
        Binary::write(&partial.join(BINARY), &digests, &all)?;
        let path = partial.join(IMPORT);
        std::fs::write(&path, serde_json::to_vec_pretty(info)?)
            .with_context(|| format!("writing {}", path.display()))?;
        let path = partial.join(CHANGES);
        std::fs::write(&path, serde_json::to_vec(changes)?).with_context(|| format!("writing {}", path.display()))?;
        let path = partial.join(HISTORY);
        std::fs::write(&path, serde_json::to_vec(history)?).with_context(|| format!("writing {}", path.display()))?;
        let done = generations.join(number.to_string());
        std::fs::rename(&partial, &done).with_context(|| format!("renaming {}", partial.display()))?;

        // The swap: a new link beside `current`, renamed over it.
        let link = self.dir.join(format!("{CURRENT}.next"));
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(Path::new(GENERATIONS).join(number.to_string()), &link)
            .with_context(|| format!("creating {}", link.display()))?;
        std::fs::rename(&link, self.current()).with_context(|| format!("making {} current", done.display()))?;

        // Older generations are read by nothing: a build resolves `current` once, so one that
        // started before the swap reads the previous generation, which stays until the next import.
        for e in std::fs::read_dir(&generations)?.filter_map(Result::ok) {
            let path = e.path();
            if path != done && previous.as_ref().is_none_or(|p| !path.ends_with(p)) {
                let _ = std::fs::remove_dir_all(path);
            }
        }
        Ok(())
    }

    fn next_generation(&self, generations: &Path) -> Result<u64> {
        let mut highest = 0;
        for e in std::fs::read_dir(generations).with_context(|| format!("listing {}", generations.display()))? {
            let name = e?.file_name().to_string_lossy().to_string();
            if let Ok(n) = name.trim_end_matches(".partial").parse::<u64>() {
                highest = highest.max(n);
            }
        }
        if highest == u64::MAX {
            bail!("{} holds too many generations", generations.display());
        }
        Ok(highest + 1)
    }
}

/// `listings.bin`: the key of the generator that wrote it (`exe::identity`), the snapshot
/// lines' digests, then the listings in chunks of bitcode that a build decodes in parallel
/// (decoded whole, they held a rebuild after an import on one core). Each part is
/// preceded by its length as a little-endian u32; the frame is written by hand, since serde
/// would visit each of its bytes. Its layout is the generator's own structs', so another
/// generator (or a copy it cannot read) reads the JSON instead.
struct Binary;

/// Listings per chunk of `listings.bin`: a few dozen chunks at the MLS's size.
const CHUNK: usize = 256;

impl Binary {
    fn write(path: &Path, digests: &[[u8; 32]], listings: &[&Property]) -> Result<()> {
        // Without knowing itself the generator could not tell its copy from another's.
        let Ok(key) = jax_host::exe::identity() else { return Ok(()) };
        let chunks: Vec<Vec<u8>> = listings
            .par_chunks(CHUNK)
            .map(|chunk| with_every_field(|| bitcode::serialize(chunk)))
            .collect::<Result<_, _>>()
            .with_context(|| format!("encoding {}", path.display()))?;
        let framed = 4 * (2 + chunks.len()) + key.len() + digests.len() * 32;
        let mut bytes = Vec::with_capacity(framed + chunks.iter().map(Vec::len).sum::<usize>());
        let mut part = |part: &[u8]| -> Result<()> {
            bytes.extend_from_slice(&u32::try_from(part.len())?.to_le_bytes());
            bytes.extend_from_slice(part);
            Ok(())
        };
        part(key.as_bytes())?;
        part(digests.as_flattened())?;
        for chunk in &chunks {
            part(chunk)?;
        }
        std::fs::write(path, bytes).with_context(|| format!("writing {}", path.display()))
    }

    /// The listings and their digests; None when there is no copy this generator wrote.
    fn read(path: &Path) -> Option<(Vec<Property>, Vec<blake3::Hash>)> {
        let bytes = std::fs::read(path).ok()?;
        let mut parts = Vec::new();
        let mut rest = bytes.as_slice();
        while !rest.is_empty() {
            let len = usize::try_from(u32::from_le_bytes(rest.get(..4)?.try_into().ok()?)).ok()?;
            parts.push(rest.get(4..4 + len)?);
            rest = &rest[4 + len..];
        }
        let [key, digests, chunks @ ..] = parts.as_slice() else { return None };
        let (digests, []) = digests.as_chunks::<32>() else { return None };
        if *key != jax_host::exe::identity().ok()?.as_bytes() {
            return None;
        }
        let decoded: Vec<Vec<Property>> =
            chunks.par_iter().map(|chunk| bitcode::deserialize(chunk)).collect::<Result<_, _>>().ok()?;
        let listings: Vec<Property> = decoded.into_iter().flatten().collect();
        let digests: Vec<blake3::Hash> = digests.iter().copied().map(blake3::Hash::from).collect();
        (digests.len() == listings.len()).then_some((listings, digests))
    }
}
