//! The pipeline end to end: names, sizes, srcsets, formats and the cache.

use super::encoding::DECODES;
use super::*;
use image::{DynamicImage, ImageFormat, Rgb, RgbImage, Rgba, RgbaImage};
use std::io::Cursor;

fn gradient(w: u32, h: u32) -> RgbImage {
    RgbImage::from_fn(w, h, |x, y| Rgb([(x * 255 / w) as u8, (y * 255 / h) as u8, ((x + y) % 256) as u8]))
}

fn encode_png(img: &DynamicImage) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    img.write_to(&mut out, ImageFormat::Png).unwrap();
    out.into_inner()
}

fn encode_jpeg(img: &RgbImage) -> Vec<u8> {
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 90).encode_image(img).unwrap();
    out
}

struct Site {
    _dir: tempfile::TempDir,
    content: PathBuf,
    cache: PathBuf,
}

fn site(files: &[(&str, &[u8])]) -> Site {
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("content");
    for (rel, bytes) in files {
        let p = content.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, bytes).unwrap();
    }
    let cache = dir.path().join("cache");
    Site { _dir: dir, content, cache }
}

fn webp_width(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(format_from_signature(bytes), Some(Raster::WebP), "not a RIFF/WEBP file");
    let img = webp::Decoder::new(bytes).decode().expect("decodable WebP");
    (img.width(), img.height())
}

fn find<'a>(outs: &'a [Output], path: &str) -> &'a Output {
    outs.iter().find(|o| o.path == path).unwrap_or_else(|| panic!("no output {path} in {:?}", paths(outs)))
}

fn paths(outs: &[Output]) -> Vec<&str> {
    outs.iter().map(|o| o.path.as_str()).collect()
}

fn hash8(bytes: &[u8]) -> String {
    blake3::hash(bytes).to_hex()[..8].to_string()
}

#[test]
fn pipeline_is_send_and_sync() {
    fn check<T: Send + Sync>() {}
    check::<ImagePipeline>();
}

fn check_raster(source: &[u8], rel: &str, stem: &str, ext: &str, fallback_format: ImageFormat) {
    let s = site(&[(rel, source)]);
    let pipeline = ImagePipeline::new(&s.content, &s.cache);
    let h = hash8(source);
    let full = blake3::hash(source).to_hex().to_string();

    let (info, outs) = pipeline.process(rel).unwrap();
    let name = |w: u32, e: &str| format!("images/listings/{stem}-{h}-{w}.{e}");
    assert_eq!(
        paths(&outs),
        vec![name(480, "webp"), name(480, ext), name(800, "webp"), name(800, ext), name(1000, "webp"), name(1000, ext)]
    );
    assert_eq!(info.src, format!("/{}", name(1000, ext)));
    assert_eq!((info.width, info.height), (1000, 600));
    assert_eq!(info.srcset, format!("/{} 480w, /{} 800w, /{} 1000w", name(480, ext), name(800, ext), name(1000, ext)));
    assert_eq!(
        info.sources,
        vec![ImageSource {
            mime: "image/webp".into(),
            srcset: format!("/{} 480w, /{} 800w, /{} 1000w", name(480, "webp"), name(800, "webp"), name(1000, "webp")),
        }]
    );
    for (w, hgt) in [(480, 288), (800, 480), (1000, 600)] {
        assert_eq!(webp_width(&find(&outs, &name(w, "webp")).bytes), (w, hgt));
        let fb = image::load_from_memory_with_format(&find(&outs, &name(w, ext)).bytes, fallback_format).unwrap();
        assert_eq!((fb.width(), fb.height()), (w, hgt));
    }

    // The cache holds every variant and the size.
    for w in [480, 800, 1000] {
        assert!(s.cache.join(format!("{full}-{w}.webp")).is_file());
        assert!(s.cache.join(format!("{full}-{w}.{ext}")).is_file());
    }
    assert!(s.cache.join(format!("{full}.json")).is_file());

    // Second run: unchanged output, read from the cache. Tampering with a cached file proves
    // it (the tampered bytes come back instead of a fresh encode).
    let tampered = s.cache.join(format!("{full}-800.webp"));
    let mut bytes = std::fs::read(&tampered).unwrap();
    bytes.extend_from_slice(b"TAMPERED");
    std::fs::write(&tampered, &bytes).unwrap();
    let (info2, outs2) = pipeline.process(rel).unwrap();
    assert_eq!(info2, info);
    assert_eq!(find(&outs2, &name(800, "webp")).bytes, bytes);
    for o in &outs2 {
        if o.path != name(800, "webp") {
            assert_eq!(o.bytes, find(&outs, &o.path).bytes, "{}", o.path);
        }
    }

    // A fully cached image is not even decoded.
    let meta: Meta = serde_json::from_slice(&std::fs::read(s.cache.join(format!("{full}.json"))).unwrap()).unwrap();
    assert_eq!((meta.width, meta.height), (1000, 600));
    let before = DECODES.with(|d| d.get());
    pipeline.process(rel).unwrap();
    assert_eq!(DECODES.with(|d| d.get()), before);

    // Without the metadata the cached variants are not trusted (they may be from older
    // settings): everything is encoded afresh.
    std::fs::remove_file(s.cache.join(format!("{full}.json"))).unwrap();
    let (_, outs3) = pipeline.process(rel).unwrap();
    assert_eq!(find(&outs3, &name(800, "webp")).bytes, find(&outs, &name(800, "webp")).bytes);
    assert!(s.cache.join(format!("{full}.json")).is_file());
}

#[test]
fn png_gives_webp_and_png_variants() {
    let png = encode_png(&DynamicImage::ImageRgb8(gradient(1000, 600)));
    check_raster(&png, "images/listings/house.png", "house", "png", ImageFormat::Png);
}

#[test]
fn jpeg_gives_webp_and_jpeg_variants() {
    let jpg = encode_jpeg(&gradient(1000, 600));
    check_raster(&jpg, "images/listings/house.jpg", "house", "jpg", ImageFormat::Jpeg);
}

#[test]
fn jpeg_extension_variants_and_case() {
    let jpg = encode_jpeg(&gradient(300, 200));
    let s = site(&[("images/a/B.JPEG", &jpg)]);
    let (info, outs) = ImagePipeline::new(&s.content, &s.cache).process("images/a/B.JPEG").unwrap();
    let h = hash8(&jpg);
    assert_eq!(paths(&outs), vec![format!("images/a/B-{h}-300.webp"), format!("images/a/B-{h}-300.jpg")]);
    assert_eq!((info.width, info.height), (300, 200));
}

#[test]
fn png_with_transparency_keeps_alpha() {
    let img = RgbaImage::from_fn(600, 400, |x, _| if x < 300 { Rgba([0, 0, 0, 0]) } else { Rgba([200, 30, 30, 255]) });
    let png = encode_png(&DynamicImage::ImageRgba8(img));
    let s = site(&[("images/logo.png", &png)]);
    let (info, outs) = ImagePipeline::new(&s.content, &s.cache).process("images/logo.png").unwrap();
    let h = hash8(&png);
    assert_eq!(info.srcset, format!("/images/logo-{h}-480.png 480w, /images/logo-{h}-600.png 600w"));
    let small = image::load_from_memory(&find(&outs, &format!("images/logo-{h}-480.png")).bytes).unwrap().into_rgba8();
    assert_eq!(small.dimensions(), (480, 320));
    assert_eq!(small.get_pixel(10, 10).0[3], 0);
    // No dark fringe from the transparent (black) half bleeding into the red half.
    let edge = small.get_pixel(241, 100).0;
    assert!(edge[3] > 0 && edge[0] > 190, "edge pixel {edge:?}");
    let webp = webp::Decoder::new(&find(&outs, &format!("images/logo-{h}-480.webp")).bytes).decode().unwrap();
    assert_eq!(webp.width(), 480);
    assert!(webp::BitstreamFeatures::new(&find(&outs, &format!("images/logo-{h}-480.webp")).bytes)
        .unwrap()
        .has_alpha());
}

#[test]
fn webp_source_falls_back_to_jpeg() {
    let img = gradient(900, 300);
    let webp = webp::Encoder::from_rgb(img.as_raw(), 900, 300).encode(80.0).to_vec();
    let s = site(&[("images/w.webp", &webp)]);
    let (info, outs) = ImagePipeline::new(&s.content, &s.cache).process("images/w.webp").unwrap();
    let h = hash8(&webp);
    assert_eq!(info.src, format!("/images/w-{h}-900.jpg"));
    assert_eq!((info.width, info.height), (900, 300));
    assert_eq!(outs.len(), 6);
    assert_eq!(webp_width(&find(&outs, &format!("images/w-{h}-800.webp")).bytes), (800, 267));
}

#[test]
fn wide_sources_stop_at_the_largest_width() {
    let png = encode_png(&DynamicImage::ImageRgb8(gradient(3001, 90)));
    let s = site(&[("banner.png", &png)]);
    let (info, outs) = ImagePipeline::new(&s.content, &s.cache).process("banner.png").unwrap();
    let h = hash8(&png);
    assert_eq!(outs.len(), 10);
    assert_eq!(info.src, format!("/images/banner-{h}-2400.png"));
    // 90 × 2400 / 3001 = 71.98 → 72
    assert_eq!((info.width, info.height), (2400, 72));
    assert!(info.srcset.ends_with(&format!("-1600.png 1600w, /images/banner-{h}-2400.png 2400w")), "{}", info.srcset);
    assert_eq!(webp_width(&find(&outs, &format!("images/banner-{h}-2400.webp")).bytes), (2400, 72));
}

#[test]
fn exact_width_is_not_duplicated() {
    let jpg = encode_jpeg(&gradient(800, 100));
    let s = site(&[("images/x.jpg", &jpg)]);
    let (info, _) = ImagePipeline::new(&s.content, &s.cache).process("images/x.jpg").unwrap();
    let h = hash8(&jpg);
    assert_eq!(info.srcset, format!("/images/x-{h}-480.jpg 480w, /images/x-{h}-800.jpg 800w"));
}

#[test]
fn an_icon_svg_stays_svg_with_width_and_height() {
    let svg = br#"<?xml version="1.0" encoding="UTF-8"?>
<!-- Generator: something, with a <svg width="1" height="1"> in a comment -->
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [ <!ENTITY ns "x"> ]>
<svg xmlns="http://www.w3.org/2000/svg"
 width="120px" height = '80' viewBox="0 0 12 8"><rect width="5" height="5"/></svg>"#;
    let s = site(&[("images/brand/logo.svg", svg)]);
    let (info, outs) = ImagePipeline::new(&s.content, &s.cache).process_icon("images/brand/logo.svg").unwrap();
    let path = format!("images/brand/logo-{}.svg", hash8(svg));
    assert_eq!(
        info,
        ImageInfo { src: format!("/{path}"), width: 120, height: 80, srcset: String::new(), sources: vec![] }
    );
    assert_eq!(outs, vec![Output::new(path, svg.to_vec())]);
}

#[test]
fn svg_with_only_a_view_box() {
    let svg = b"\xEF\xBB\xBF<svg xmlns='http://www.w3.org/2000/svg' viewBox='0,0 64.4 32'><circle r='3'/></svg>";
    let s = site(&[("images/favicon.svg", svg)]);
    let (info, _) = ImagePipeline::new(&s.content, &s.cache).process_icon("images/favicon.svg").unwrap();
    assert_eq!((info.width, info.height), (64, 32));
    assert_eq!(info.src, format!("/images/favicon-{}.svg", hash8(svg)));
    assert!(info.srcset.is_empty() && info.sources.is_empty());
}

#[test]
fn an_svg_drawing_becomes_webp_variants_drawn_from_the_vector_and_cached() {
    let svg = br##"<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="1000" viewBox="0 0 300 150"><rect width="150" height="150" fill="#0a0"/><rect x="150" width="150" height="150" fill="#00f"/></svg>"##;
    let s = site(&[("images/hero.svg", svg)]);
    let pipeline = ImagePipeline::new(&s.content, &s.cache);
    let (info, outs) = pipeline.process("images/hero.svg").unwrap();
    let h = hash8(svg);
    // Its own width, 2000, and the narrower ones.
    assert_eq!(paths(&outs), [480, 800, 1200, 1600, 2000].map(|w| format!("images/hero-{h}-{w}.webp")));
    assert_eq!((info.src.as_str(), info.width, info.height), (&*format!("/images/hero-{h}-2000.webp"), 2000, 1000));
    assert!(info.srcset.starts_with(&format!("/images/hero-{h}-480.webp 480w, ")) && info.sources.is_empty());
    // Every width is the drawing: green on the left, blue on the right.
    for out in &outs {
        let img = webp::Decoder::new(&out.bytes).decode().unwrap().to_image().into_rgb8();
        let (w, height) = img.dimensions();
        assert_eq!(w, 2 * height, "{}", out.path);
        let (left, right) = (img.get_pixel(w / 4, height / 2), img.get_pixel(3 * w / 4, height / 2));
        assert!(left[1] > 140 && left[0] < 40 && left[2] < 40, "{}: {left:?}", out.path);
        assert!(right[2] > 200 && right[0] < 40 && right[1] < 40, "{}: {right:?}", out.path);
    }
    // The next build takes them from the cache: nothing is drawn again.
    let before = DECODES.with(|d| d.get());
    assert_eq!(pipeline.process("images/hero.svg").unwrap().0, info);
    assert_eq!(DECODES.with(|d| d.get()), before);
}

#[test]
fn an_svg_with_text_stays_svg() {
    let svg = br#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 150"><text x="10" y="50">Sold</text></svg>"#;
    let s = site(&[("images/sign.svg", svg)]);
    let (info, outs) = ImagePipeline::new(&s.content, &s.cache).process("images/sign.svg").unwrap();
    assert_eq!(paths(&outs), [format!("images/sign-{}.svg", hash8(svg))]);
    assert_eq!((info.width, info.height, info.sources.len()), (300, 150, 0));
}

#[test]
fn svg_without_size_names_the_file() {
    let s = site(&[("images/bad.svg", b"<svg xmlns='http://www.w3.org/2000/svg'><g/></svg>")]);
    let err = ImagePipeline::new(&s.content, &s.cache).process("images/bad.svg").unwrap_err();
    let text = format!("{err:#}");
    assert!(text.contains("images/bad.svg") && text.contains("viewBox"), "{text}");
}

#[test]
fn missing_file_names_the_path() {
    let s = site(&[]);
    let err = ImagePipeline::new(&s.content, &s.cache).process("images/listings/nope.jpg").unwrap_err();
    let text = format!("{err:#}");
    assert!(text.starts_with("processing images/listings/nope.jpg"), "{text}");
    assert!(text.contains("reading") && text.contains("nope.jpg"), "{text}");
}

#[test]
fn garbage_bytes_fail_with_context() {
    let s = site(&[("images/x.jpg", b"this is not a jpeg"), ("images/y.png", b"\x89PNG\r\n\x1a\nbroken")]);
    let p = ImagePipeline::new(&s.content, &s.cache);
    let chain: Vec<String> = p.process("images/x.jpg").unwrap_err().chain().map(|e| e.to_string()).collect();
    assert_eq!(chain[0], "processing images/x.jpg");
    assert_eq!(chain[1], "decoding JPEG");
    assert!(chain.len() >= 3, "{chain:?}");
    let text = format!("{:#}", p.process("images/y.png").unwrap_err());
    assert!(text.starts_with("processing images/y.png: decoding PNG: "), "{text}");
}

#[test]
fn unsupported_and_unsafe_paths() {
    let s = site(&[("images/a.gif", b"GIF89a")]);
    let p = ImagePipeline::new(&s.content, &s.cache);
    assert!(format!("{:#}", p.process("images/a.gif").unwrap_err()).contains("unsupported image type .gif"));
    assert!(format!("{:#}", p.process("../secret.png").unwrap_err()).contains(".."));
    assert!(format!("{:#}", p.process("/etc/x.png").unwrap_err()).contains("relative"));
}

#[test]
fn widths() {
    assert_eq!(variant_widths(300, WIDEST), vec![300]);
    assert_eq!(variant_widths(1000, WIDEST), vec![480, 800, 1000]);
    assert_eq!(variant_widths(2400, WIDEST), vec![480, 800, 1200, 1600, 2400]);
    assert_eq!(variant_widths(5000, WIDEST), vec![480, 800, 1200, 1600, 2400]);
    assert_eq!(variant_widths(2048, 1600), vec![480, 800, 1200, 1600]);
    assert_eq!(variant_widths(1000, 1600), vec![480, 800, 1000]);
    assert_eq!(Widths::Only(&[800, 1600]).of(2048), vec![800, 1600]);
    assert_eq!(Widths::Only(&[800, 1600]).of(1600), vec![800, 1600]);
    assert_eq!(Widths::Only(&[800, 1600]).of(1000), vec![800]);
    assert_eq!(Widths::Only(&[800, 1600]).of(640), vec![640], "narrower than both: its own");
}

#[test]
fn a_file_outside_the_content_is_named_as_asked_capped_and_cached() {
    let s = site(&[]);
    let jpeg = encode_jpeg(&gradient(2000, 1000));
    let photo = s.cache.parent().unwrap().join("photo.jpg");
    std::fs::write(&photo, &jpeg).unwrap();
    let pipeline = ImagePipeline::new(&s.content, &s.cache);
    let (info, outs) = pipeline.process_file(&photo, "images/mls/a-home.jpg", 1600, Formats::WebpAndFallback).unwrap();
    let h = hash8(&jpeg);
    assert_eq!((info.src.as_str(), info.width, info.height), (&*format!("/images/mls/a-home-{h}-1600.jpg"), 1600, 800));
    assert_eq!(outs.len(), 8, "{:?}", paths(&outs));
    assert!(info.sources[0].srcset.starts_with(&format!("/images/mls/a-home-{h}-480.webp 480w, ")));
    // The second time, from the pipeline's cache: not decoded.
    let before = DECODES.with(|d| d.get());
    assert_eq!(pipeline.process_file(&photo, "images/mls/a-home.jpg", 1600, Formats::WebpAndFallback).unwrap().0, info);
    assert_eq!(DECODES.with(|d| d.get()), before);
    assert!(pipeline.process_file(&photo, "images/mls/a-home.jpg", 1000, Formats::WebpAndFallback).is_err());
}

#[test]
fn webp_alone_makes_no_fallback_and_its_img_is_webp() {
    let s = site(&[]);
    let jpeg = encode_jpeg(&gradient(1300, 650));
    let photo = s.cache.parent().unwrap().join("photo.jpg");
    std::fs::write(&photo, &jpeg).unwrap();
    let pipeline = ImagePipeline::new(&s.content, &s.cache);
    let (info, outs) = pipeline.process_file(&photo, "images/mls/a-home.jpg", 1600, Formats::WebpOnly).unwrap();
    let h = hash8(&jpeg);
    assert_eq!(paths(&outs).iter().filter(|p| !p.ends_with(".webp")).count(), 0, "{:?}", paths(&outs));
    assert_eq!(outs.len(), 4);
    assert_eq!(
        (info.src.as_str(), info.width, info.height),
        (&*format!("/images/mls/a-home-{h}-1300.webp"), 1300, 650)
    );
    assert!(info.srcset.starts_with(&format!("/images/mls/a-home-{h}-480.webp 480w, ")));
    assert!(info.sources.is_empty());
    // Nothing but WebP was encoded or cached, and the second time nothing is decoded.
    let cached: Vec<_> =
        std::fs::read_dir(&s.cache).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    assert!(cached.iter().all(|f| f.ends_with(".webp") || f.ends_with(".json")), "{cached:?}");
    let before = DECODES.with(|d| d.get());
    assert_eq!(pipeline.process_file(&photo, "images/mls/a-home.jpg", 1600, Formats::WebpOnly).unwrap().0, info);
    assert_eq!(DECODES.with(|d| d.get()), before);
    // Asked for the fallback too, the cached WebP files are kept and the JPEGs made.
    let (_, outs) = pipeline.process_file(&photo, "images/mls/a-home.jpg", 1600, Formats::WebpAndFallback).unwrap();
    assert_eq!(outs.len(), 8);
}
