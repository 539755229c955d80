//! The Hugo side: the same corpus as a Hugo site with minimal, comparable layouts, and `hugo`
//! run on it.

use crate::measure::{self, Run};
use crate::site::{copy_dir, quoted, write, RealContent};
use std::fmt::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};

/// `hugo version`, or `None` when Hugo is not installed.
pub fn version() -> Option<String> {
    let out = Command::new("hugo").arg("version").stderr(Stdio::null()).output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// One timed `hugo` build of `site` into `out` (fails the benchmark when Hugo does).
pub fn build(site: &Path, out: &Path, cache: &Path) -> Run {
    let mut cmd = Command::new("hugo");
    cmd.arg("--quiet")
        .arg("--source")
        .arg(site)
        .arg("--destination")
        .arg(out)
        .arg("--cacheDir")
        .arg(cache)
        .env("HUGO_ENVIRONMENT", "production");
    measure::timed(&mut cmd, "hugo")
}

/// The Hugo copy of the corpus. Front matter is shared as is: the listing keys (id, address,
/// neighborhood, price, beds, baths, sqft, image, image_alt, features, featured, order, draft)
/// collide with none of Hugo's reserved keys except `draft`, which means the same in both; the
/// neighborhood keys `slug`, `title` and `description` are Hugo's own and mean the same too
/// (`slug` makes the URL /neighborhoods/<slug>/, as in our generator). Listing files are named
/// <id>.md, so Hugo's URL /listings/<id>/ matches ours.
pub fn site(real: &RealContent, real_content: &Path, site: &Path, listings: &[(String, String)]) {
    for (id, text) in listings {
        write(&site.join("content/listings").join(format!("{id}.md")), text);
    }
    copy_dir(&real_content.join("neighborhoods"), &site.join("content/neighborhoods"));
    copy_dir(&real_content.join("images"), &site.join("static/images"));
    // The figures: Hugo's data file `market` is our latest snapshot, looked up by slug.
    if let Some(latest) = crate::site::latest_snapshot(real_content) {
        std::fs::create_dir_all(site.join("data")).unwrap();
        std::fs::copy(latest, site.join("data/market.yaml")).unwrap();
    }
    write(
        &site.join("content/client-concierge.md"),
        "---\ntitle: Client Concierge\nlayout: concierge\n---\nUpload your documents securely.\n",
    );

    let mut config = String::new();
    let _ = writeln!(config, "baseURL = {}", quoted(&format!("{}/", real.base_url.trim_end_matches('/'))));
    let _ = writeln!(config, "languageCode = \"en-us\"");
    let _ = writeln!(config, "title = {}", quoted(&real.brand));
    let _ = writeln!(config, "disableKinds = [\"taxonomy\", \"term\", \"RSS\", \"section\"]");
    let _ = writeln!(config, "enableRobotsTXT = true");
    let _ = writeln!(config, "[params]");
    for (k, v) in [
        ("tagline", &real.tagline),
        ("agent", &real.agent),
        ("phone", &real.phone),
        ("licensing", &real.licensing),
        ("year", &real.year),
    ] {
        let _ = writeln!(config, "{k} = {}", quoted(v));
    }
    let _ = writeln!(
        config,
        "popular_areas = [{}]",
        real.popular_areas.iter().map(|a| quoted(a)).collect::<Vec<_>>().join(", ")
    );
    write(&site.join("config.toml"), config);

    // The generator inlines its stylesheet in every page; so does this site (rendered once).
    let css =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/site.css")).unwrap_or_default();
    write(
        &site.join("layouts/partials/style.html"),
        format!("<style>{}</style>\n", css.split_whitespace().collect::<Vec<_>>().join(" ")),
    );
    for (path, text) in HUGO_LAYOUTS {
        write(&site.join("layouts").join(path), text);
    }
}

const HUGO_LAYOUTS: &[(&str, &str)] = &[
    (
        "_default/baseof.html",
        r#"<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ block "title" . }}{{ .Site.Title }}{{ end }}</title>
<meta name="description" content="{{ block "description" . }}{{ .Site.Params.tagline }}{{ end }}">
<link rel="canonical" href="{{ .Permalink }}">
<meta property="og:site_name" content="{{ .Site.Title }}">
<meta property="og:title" content="{{ template "title" . }}">
<meta property="og:url" content="{{ .Permalink }}">
{{ partialCached "style.html" . }}
<script type="application/ld+json">{{ dict "@context" "https://schema.org" "@type" "RealEstateAgent" "name" .Site.Params.agent "telephone" .Site.Params.phone "url" .Site.BaseURL | jsonify | safeJS }}</script>
</head>
<body>
{{ partialCached "header.html" . }}
<main id="main">
{{ block "main" . }}{{ end }}
</main>
{{ partialCached "footer.html" . }}
</body>
</html>
"#,
    ),
    (
        "partials/header.html",
        r#"<header class="site-header"><div class="container">
<a class="brand" href="/">{{ .Site.Title }}</a>
<nav aria-label="Main"><ul>
<li><a href="/#featured-properties">Properties</a></li>
<li><a href="/#neighborhoods">Neighborhoods</a></li>
<li><a href="/#new-developments">New Developments</a></li>
<li><a href="/client-concierge/">Client Concierge</a></li>
</ul></nav>
</div></header>
"#,
    ),
    (
        "partials/footer.html",
        r#"<footer class="site-footer"><div class="container">
<p class="brand">{{ .Site.Title }} · {{ .Site.Params.tagline }}</p>
<h2>Popular Areas</h2>
<ul>{{ range .Site.Params.popular_areas }}<li><a href="/neighborhoods/{{ . }}/">{{ . | humanize }}</a></li>{{ end }}</ul>
<p>{{ .Site.Params.agent }} · <a href="tel:{{ .Site.Params.phone }}">{{ .Site.Params.phone }}</a></p>
<p>{{ .Site.Params.licensing }}</p>
<p>© {{ .Site.Params.year }} {{ .Site.Title }}. All rights reserved.</p>
</div></footer>
"#,
    ),
    (
        "listings/single.html",
        r#"{{ define "title" }}{{ .Params.address }} | {{ .Site.Title }}{{ end }}
{{ define "description" }}{{ .Params.beds }} beds, {{ .Params.baths }} baths, {{ .Params.sqft }} sq ft in {{ .Params.neighborhood }} for {{ .Params.price }}.{{ end }}
{{ define "main" }}
<article class="listing" aria-labelledby="page-title">
<nav aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li><a href="/#current-listings">Listings</a></li><li aria-current="page">{{ .Params.address }}</li></ol></nav>
<p class="eyebrow">{{ .Params.neighborhood }}</p>
<h1 id="page-title">{{ .Params.address }}</h1>
<p class="price">{{ .Params.price }}</p>
<img src="/{{ .Params.image }}" alt="{{ .Params.image_alt }}" loading="eager">
<div class="prose">{{ .Content }}</div>
<ul class="facts"><li>{{ .Params.beds }} Beds</li><li>{{ .Params.baths }} Baths</li><li>{{ .Params.sqft }} Sq Ft</li></ul>
<h2>Features</h2>
<ul class="features">{{ range .Params.features }}<li>{{ . }}</li>{{ end }}</ul>
<a class="btn" href="/#contact" data-listing="{{ .Params.id }}">Inquire</a>
<script type="application/ld+json">{{ dict "@context" "https://schema.org" "@type" "Offer" "price" .Params.price "priceCurrency" "USD" "url" .Permalink "itemOffered" (dict "@type" "SingleFamilyResidence" "name" .Params.address "numberOfRooms" .Params.beds) | jsonify | safeJS }}</script>
</article>
{{ end }}
"#,
    ),
    (
        "neighborhoods/single.html",
        r#"{{ define "title" }}{{ .Title }} | {{ .Site.Title }}{{ end }}
{{ define "description" }}{{ with .Params.seo_description }}{{ . }}{{ else }}{{ .Description }}{{ end }}{{ end }}
{{ define "main" }}
<article class="neighborhood" aria-labelledby="page-title">
<nav aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li><a href="/#neighborhoods">Neighborhoods</a></li><li aria-current="page">{{ .Params.name }}</li></ol></nav>
<h1 id="page-title">{{ .Title }}</h1>
<p class="hero">{{ .Params.hero }}</p>
<img src="/{{ .Params.image }}" alt="{{ .Params.image_alt }}">
<section><h2>Market Snapshot</h2>
{{ with index .Site.Data.market.neighborhoods .Params.slug }}<dl><dt>Median Condo Price</dt><dd>${{ div .median_price 1000 }}K</dd><dt>YoY Price Growth</dt><dd>+{{ .yoy_growth }}%</dd><dt>Days on Market</dt><dd>{{ .days_on_market }}</dd><dt>ZIP Code</dt><dd>{{ .zip }}</dd></dl>{{ end }}
</section>
<section><h2>About {{ .Params.name }}</h2><div class="prose">{{ .Content }}</div></section>
<section><h2>Featured Buildings &amp; Communities</h2>
<ul>{{ range .Params.buildings }}<li><h3>{{ .name }}</h3><p>{{ .description }}</p></li>{{ end }}</ul>
</section>
<a class="btn" href="/#contact">Request a Showing</a>
<section><h2>Explore More</h2>
<ul>{{ range where .Site.RegularPages "Section" "neighborhoods" }}<li><a href="{{ .RelPermalink }}">{{ .Params.name }}</a></li>{{ end }}</ul>
</section>
</article>
{{ end }}
"#,
    ),
    (
        "index.html",
        r#"{{ define "main" }}
<section id="featured-properties"><h2>Featured Properties</h2>
<ol>{{ range sort (where .Site.RegularPages "Params.featured" true) "Params.order" }}<li><article>
<img src="/{{ .Params.image }}" alt="{{ .Params.image_alt }}">
<p class="eyebrow">{{ .Params.neighborhood }}</p>
<h3><a href="{{ .RelPermalink }}">{{ .Params.address }}</a></h3>
<p class="price">{{ .Params.price }}</p>
<ul class="facts"><li>{{ .Params.beds }} Beds</li><li>{{ .Params.baths }} Baths</li><li>{{ .Params.sqft }} Sq Ft</li></ul>
<ul class="features">{{ range first 3 .Params.features }}<li>{{ . }}</li>{{ end }}</ul>
</article></li>{{ end }}</ol>
</section>
<section id="neighborhoods"><h2>Neighborhoods</h2>
<ul>{{ range where .Site.RegularPages "Section" "neighborhoods" }}<li><a href="{{ .RelPermalink }}"><img src="/{{ .Params.image }}" alt="{{ .Params.image_alt }}"><h3>{{ .Params.name }}</h3><p>{{ .Description }}</p></a></li>{{ end }}</ul>
</section>
<section id="contact"><h2>Contact</h2><p>{{ .Site.Params.agent }} · {{ .Site.Params.phone }}</p></section>
{{ end }}
"#,
    ),
    (
        "_default/concierge.html",
        r#"{{ define "title" }}{{ .Title }} | {{ .Site.Title }}{{ end }}
{{ define "main" }}
<h1>{{ .Title }}</h1>
{{ .Content }}
<form method="post" action="/api/concierge" enctype="multipart/form-data">
<label>Photo ID <input type="file" name="photoId"></label>
<label>Credit Report <input type="file" name="creditReport"></label>
<button type="submit">Submit Documents</button>
</form>
{{ end }}
"#,
    ),
    ("robots.txt", "User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: {{ .Site.BaseURL }}sitemap.xml\n"),
    ("_default/single.html", "{{ define \"main\" }}<h1>{{ .Title }}</h1>{{ .Content }}{{ end }}\n"),
    ("_default/list.html", "{{ define \"main\" }}<h1>{{ .Title }}</h1>{{ end }}\n"),
    (
        "404.html",
        r#"{{ define "title" }}Page not found | {{ .Site.Title }}{{ end }}
{{ define "main" }}<h1>Oops! Page not found</h1><a href="/">Return to Home</a>{{ end }}
"#,
    ),
];
