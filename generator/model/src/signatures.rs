//! The bytes a file of each kind starts with: the one list the concierge's document check
//! (`forms::SIGNATURES`, and through it the browser's sniffer) and the image pipeline read.

pub const JPEG: &[u8] = &[0xFF, 0xD8, 0xFF];
pub const PNG: &[u8] = b"\x89PNG\r\n\x1a\n";
pub const PDF: &[u8] = b"%PDF-";

/// A WebP file: a RIFF container (its size in bytes 4..8) holding `WEBP`.
pub fn is_webp(head: &[u8]) -> bool {
    head.len() >= 12 && &head[..4] == b"RIFF" && &head[8..12] == b"WEBP"
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_webp_is_a_riff_container_of_webp() {
        assert!(super::is_webp(b"RIFF\x24\0\0\0WEBPVP8 "));
        assert!(!super::is_webp(b"RIFF\x24\0\0\0WAVEfmt "));
        assert!(!super::is_webp(b"RIFF"));
    }
}
