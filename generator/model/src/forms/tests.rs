use super::{FileType, SIGNATURES, SNIFF_LEN};

#[test]
fn sniffs_by_magic_bytes() {
    assert_eq!(FileType::sniff(b"\xFF\xD8\xFF\xE0rest"), Some(FileType::Jpeg));
    assert_eq!(FileType::sniff(b"\x89PNG\r\n\x1a\nrest"), Some(FileType::Png));
    assert_eq!(FileType::sniff(b"%PDF-1.7"), Some(FileType::Pdf));
    assert_eq!(FileType::sniff(b"GIF89a"), None);
    assert_eq!(FileType::sniff(b""), None);
    assert_eq!(SNIFF_LEN, 8);
    // Every accepted type has a signature (a new FileType does not compile here until listed).
    for t in [FileType::Jpeg, FileType::Png, FileType::Pdf] {
        let covered = match t {
            FileType::Jpeg | FileType::Png | FileType::Pdf => SIGNATURES.iter().any(|(s, _)| *s == t),
        };
        assert!(covered, "{t:?}");
    }
}
