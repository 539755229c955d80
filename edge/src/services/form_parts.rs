//! A multipart request's parts as its body arrives: domain/multipart.rs's reader, fed the body's
//! chunks as it asks for them.

use domain::concierge::{refuse, Refused};
use domain::multipart::{Reader, Step};
use futures_util::StreamExt;
use worker::ByteStream;

pub struct Parts {
    reader: Reader,
    body: ByteStream,
    /// Between a part's start and its end.
    in_part: bool,
}

impl Parts {
    pub fn new(reader: Reader, body: ByteStream) -> Parts {
        Parts { reader, body, in_part: false }
    }

    async fn step(&mut self) -> Result<Step, Refused> {
        loop {
            match self.reader.step()? {
                Step::More => match self.body.next().await {
                    Some(Ok(chunk)) => self.reader.feed(&chunk)?,
                    Some(Err(_)) => return Err(refuse(400, "request", "The form could not be read: it broke off.")),
                    None => self.reader.end(),
                },
                step => {
                    self.in_part = matches!(step, Step::Part { .. } | Step::Data(_));
                    return Ok(step);
                }
            }
        }
    }

    /// The next part's name and file name (what is left of the one before is dropped); None after
    /// the last.
    pub async fn next_part(&mut self) -> Result<Option<(String, Option<String>)>, Refused> {
        loop {
            match self.step().await? {
                Step::Part { name, file_name } => return Ok(Some((name, file_name))),
                Step::Done => return Ok(None),
                _ => {}
            }
        }
    }

    /// The part's next bytes; None at its end.
    pub async fn chunk(&mut self) -> Result<Option<Vec<u8>>, Refused> {
        if !self.in_part {
            return Ok(None);
        }
        match self.step().await? {
            Step::Data(bytes) => Ok(Some(bytes)),
            _ => Ok(None),
        }
    }

    /// The rest of the part, whole (a text part: the reader holds it to its limit).
    pub async fn bytes(&mut self) -> Result<Vec<u8>, Refused> {
        let mut all = Vec::new();
        while let Some(chunk) = self.chunk().await? {
            all.extend(chunk);
        }
        Ok(all)
    }

    /// What is left of the body, read and dropped, up to the body's limit.
    pub async fn drain(&mut self) {
        while let Some(Ok(chunk)) = self.body.next().await {
            if !self.reader.discard(chunk.len()) {
                break;
            }
        }
    }
}
