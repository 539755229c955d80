//! The Hugo site's layouts: the generator's markup for the same pages, written the way a Hugo site
//! would (Go templates, `partialCached` for what every page repeats). They run on Hugo 0.111
//! (Debian) and on the current release alike. The page chrome (the inline stylesheet, the
//! header, the footer and the islands' markup) is not here: `hugo::site` copies it from a page the
//! generator built, so both sites' pages weigh the same.

pub const LAYOUTS: &[(&str, &str)] = &[
    (
        "_default/baseof.html",
        r##"<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ block "title" . }}{{ .Title }} | {{ site.Title }}{{ end }}</title>
<meta name="description" content="{{ block "description" . }}{{ site.Params.tagline }}{{ end }}">
<link rel="canonical" href="{{ .Permalink }}">
<meta name="theme-color" content="#0f1c2e">
<link rel="icon" href="/images/favicon.svg" type="image/svg+xml">
<link rel="apple-touch-icon" href="/images/apple-touch-icon.png">
<meta property="og:type" content="website">
<meta property="og:site_name" content="{{ site.Title }}">
<meta property="og:locale" content="en_US">
<meta property="og:title" content="{{ template "title" . }}">
<meta property="og:description" content="{{ template "description" . }}">
<meta property="og:url" content="{{ .Permalink }}">
<meta property="og:image" content="{{ block "image" . }}{{ absURL "images/og-default.png" }}{{ end }}">
<meta property="og:image:width" content="1200">
<meta property="og:image:height" content="800">
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:title" content="{{ template "title" . }}">
<meta name="twitter:description" content="{{ template "description" . }}">
<meta name="twitter:image" content="{{ template "image" . }}">
{{ block "head" . }}{{ end }}{{ partialCached "style.html" . }}
{{ block "islands" . }}{{ end }}<script type="application/ld+json">{{ block "jsonld" . }}{{ partialCached "agent.json" . | safeJS }}{{ end }}</script>
</head>
<body>
{{ partialCached "header.html" . }}<main id="main">
{{ block "main" . }}{{ end }}
</main>{{ partialCached "footer.html" . }}</body>
</html>
"##,
    ),
    (
        "partials/agent.json",
        r##"{{ $areas := slice }}{{ range site.Params.areas }}{{ $areas = $areas | append (dict "@type" "Place" "name" .name) }}{{ end }}{{ dict "@context" "https://schema.org" "@id" (printf "%s#agent" site.BaseURL) "@type" "RealEstateAgent" "name" site.Title "telephone" site.Params.phone "url" site.BaseURL "areaServed" $areas "employee" (dict "@type" "Person" "name" site.Params.agent) | jsonify }}"##,
    ),
    ("partials/price.html", r##"{{ with . }}${{ lang.FormatNumberCustom 0 . }}{{ end }}"##),
    (
        "partials/facts.html",
        r##"{{ $f := . }}{{ $yes := "Yes" }}{{ $g := slice }}
{{ $w := slice }}{{ if $f.waterfront }}{{ $w = $w | append (dict "l" "Waterfront" "v" $yes) }}{{ end }}{{ with $f.waterfront_features }}{{ $w = $w | append (dict "l" "Waterfront features" "v" (delimit . ", ")) }}{{ end }}{{ with $f.water_view }}{{ $w = $w | append (dict "l" "View" "v" (delimit . ", ")) }}{{ end }}{{ if $f.dock }}{{ $w = $w | append (dict "l" "Dock" "v" $yes) }}{{ end }}{{ with $w }}{{ $g = $g | append (dict "h" "Water" "f" .) }}{{ end }}
{{ $o := slice }}{{ with $f.other_view }}{{ $o = $o | append (dict "l" "View" "v" (delimit . ", ")) }}{{ end }}{{ if $f.pool }}{{ $o = $o | append (dict "l" "Private pool" "v" $yes) }}{{ end }}{{ with $f.pool_features }}{{ $o = $o | append (dict "l" "Pool features" "v" (delimit . ", ")) }}{{ end }}{{ with $f.garage }}{{ $o = $o | append (dict "l" "Garage spaces" "v" (string .)) }}{{ end }}{{ with $f.lot }}{{ $o = $o | append (dict "l" "Lot" "v" (delimit . ", ")) }}{{ end }}{{ with $f.exterior }}{{ $o = $o | append (dict "l" "Exterior" "v" (delimit . ", ")) }}{{ end }}{{ with $f.roof }}{{ $o = $o | append (dict "l" "Roof" "v" (delimit . ", ")) }}{{ end }}{{ with $o }}{{ $g = $g | append (dict "h" "Outside" "f" .) }}{{ end }}
{{ $i := slice }}{{ with $f.interior }}{{ $i = $i | append (dict "l" "Interior" "v" (delimit . ", ")) }}{{ end }}{{ with $f.appliances }}{{ $i = $i | append (dict "l" "Appliances" "v" (delimit . ", ")) }}{{ end }}{{ with $f.flooring }}{{ $i = $i | append (dict "l" "Flooring" "v" (delimit . ", ")) }}{{ end }}{{ if $f.fireplace }}{{ $i = $i | append (dict "l" "Fireplace" "v" $yes) }}{{ end }}{{ with $f.stories }}{{ $i = $i | append (dict "l" "Stories" "v" (string .)) }}{{ end }}{{ with $f.heating }}{{ $i = $i | append (dict "l" "Heating" "v" (delimit . ", ")) }}{{ end }}{{ with $f.cooling }}{{ $i = $i | append (dict "l" "Cooling" "v" (delimit . ", ")) }}{{ end }}{{ with $i }}{{ $g = $g | append (dict "h" "Inside" "f" .) }}{{ end }}
{{ $c := slice }}{{ with $f.fee }}{{ $often := index (dict "Monthly" "a month" "Annually" "a year" "Quarterly" "a quarter") ($f.fee_frequency | default "") }}{{ $c = $c | append (dict "l" "HOA fee" "v" (printf "%s %s" (partial "price.html" .) $often)) }}{{ end }}{{ with $f.association }}{{ $c = $c | append (dict "l" "Association" "v" .) }}{{ end }}{{ with $f.community }}{{ $c = $c | append (dict "l" "Community features" "v" (delimit . ", ")) }}{{ end }}{{ if $f.gated }}{{ $c = $c | append (dict "l" "Gated community" "v" $yes) }}{{ end }}{{ with $c }}{{ $g = $g | append (dict "h" "Community" "f" .) }}{{ end }}
{{ $m := slice }}{{ with $f.taxes }}{{ $m = $m | append (dict "l" "Annual taxes" "v" (partial "price.html" .)) }}{{ end }}{{ with $f.tax_year }}{{ $m = $m | append (dict "l" "Tax year" "v" (string .)) }}{{ end }}{{ with $m }}{{ $g = $g | append (dict "h" "Taxes" "f" .) }}{{ end }}
{{ $s := slice }}{{ with $f.elementary }}{{ $s = $s | append (dict "l" "Elementary" "v" .) }}{{ end }}{{ with $f.middle }}{{ $s = $s | append (dict "l" "Middle" "v" .) }}{{ end }}{{ with $f.high }}{{ $s = $s | append (dict "l" "High" "v" .) }}{{ end }}{{ with $s }}{{ $g = $g | append (dict "h" "Schools" "f" .) }}{{ end }}
{{ if or $g $f.since }}<div class="for-sale__groups">{{ range $g }}
<div class="for-sale__group"><h2>{{ .h }}</h2><dl>{{ range .f }}<div><dt>{{ .l }}</dt><dd>{{ .v }}</dd></div>{{ end }}</dl></div>{{ end }}{{ with $f.since }}
<div class="for-sale__group"><h2>Listing History</h2><p>On the market since {{ time.Format "January 2, 2006" . }}</p></div>{{ end }}
</div>{{ end }}"##,
    ),
    (
        "partials/icon-pin.html",
        r##"<svg class="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round"><path d="M12 21s-6.5-5.8-6.5-11a6.5 6.5 0 0 1 13 0c0 5.2-6.5 11-6.5 11z"/><circle cx="12" cy="10" r="2.3"/></svg>"##,
    ),
    (
        "partials/icon-phone.html",
        r##"<svg class="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round"><path d="M6.5 3.5h3l1.5 4.5-2 1.5a11 11 0 0 0 5.5 5.5l1.5-2 4.5 1.5v3a2 2 0 0 1-2 2A16 16 0 0 1 4.5 5.5a2 2 0 0 1 2-2z"/></svg>"##,
    ),
    (
        // An MLS photo at the generator's widths, as its `mls_photo` macro draws one: `p` the photo,
        // `alt`, `sizes`, `eager`.
        "partials/photo.html",
        r##"{{ $u := replace .p.url site.Params.media_origin "/" }}{{ $b := strings.TrimSuffix (path.Ext $u) $u }}<img class="mls-photo" src="{{ $b }}-1200.webp" srcset="{{ partial "srcset.html" $b }}" sizes="{{ .sizes }}" width="1200" height="800" alt="{{ .alt }}"{{ if .eager }} loading="eager" fetchpriority="high"{{ else }} loading="lazy"{{ end }} decoding="async">"##,
    ),
    (
        "partials/srcset.html",
        r##"{{ $b := . }}{{ range $i, $w := slice 480 800 1200 }}{{ if $i }}, {{ end }}{{ $b }}-{{ $w }}.webp {{ $w }}w{{ end }}"##,
    ),
    (
        "partials/icon-heart.html",
        r##"<svg class="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round"><path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7a4.3 4.3 0 0 1 7.5 2.8C19.5 15.4 12 20 12 20z"/></svg>"##,
    ),
    (
        "partials/icon-arrow.html",
        r##"<svg class="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round"><path d="M4 12h15M13 6l6 6-6 6"/></svg>"##,
    ),
    (
        // The monthly payment at the generator's defaults (20 % down, 6.5 %, 30 years; insurance
        // 0.9 % of the price a year), its fields and lines as the payment island reads them.
        "partials/payment.html",
        r##"{{ $f := .Params.facts }}{{ $price := .Params.price }}{{ $loan := mul $price 0.8 }}{{ $r := div 0.065 12 }}
{{ $pi := div (mul $loan $r) (sub 1 (math.Pow (add 1 $r) -360)) }}{{ $tax := div ($f.taxes | default 0) 12.0 }}{{ $ins := div (mul $price 0.009) 12 }}
{{ $often := index (dict "Monthly" 1.0 "Annually" 12.0 "Quarterly" 3.0) ($f.fee_frequency | default "Monthly") }}{{ $hoa := 0.0 }}{{ with $f.fee }}{{ $hoa = div . ($often | default 1.0) }}{{ end }}
<section class="payment" aria-labelledby="payment-title" data-island="payment" data-hydrate="visible" data-src="/assets/payment.js"><script type="application/json" data-props>{{ dict "bad_price" "Enter the price in dollars, above 0." "bad_down" "Enter a down payment from 0 to 100%." "bad_rate" "Enter a rate from 0 to 30%." "insurance_percent" 0.9 "max_rate" 30.0 "tax_annual" $f.taxes "hoa" $f.fee | jsonify | safeJS }}</script>
<h2 id="payment-title">Estimated monthly payment</h2>
<div class="payment__fields">
<p><label for="payment-price">Price ($)</label><input id="payment-price" name="price" type="number" min="1" step="any" value="{{ $price }}"></p>
<p><label for="payment-down">Down payment (%)</label><input id="payment-down" name="down" type="number" min="0" max="100" step="any" value="20"></p>
<p><label for="payment-rate">Interest rate (%)</label><input id="payment-rate" name="rate" type="number" min="0" max="30" step="any" value="6.5"></p>
<p><label for="payment-years">Loan term</label><select id="payment-years" name="years">{{ range slice 15 20 30 }}<option value="{{ . }}"{{ if eq . 30 }} selected{{ end }}>{{ . }} years</option>{{ end }}</select></p>
</div>
<div aria-live="polite">
<p class="payment__error" hidden></p>
<dl><div><dt>Principal and interest (estimate)</dt><dd data-pay="pi">${{ lang.FormatNumberCustom 0 $pi }}</dd></div>{{ with $tax }}<div><dt>Property taxes (estimate)</dt><dd data-pay="taxes">${{ lang.FormatNumberCustom 0 . }}</dd></div>{{ end }}<div><dt>Home insurance (estimate)</dt><dd data-pay="insurance">${{ lang.FormatNumberCustom 0 $ins }}</dd></div>{{ with $hoa }}<div><dt>HOA fee</dt><dd data-pay="hoa">${{ lang.FormatNumberCustom 0 . }}</dd></div>{{ end }}<div class="payment__total"><dt>Estimated total a month</dt><dd data-pay="total">${{ lang.FormatNumberCustom 0 (add (add $pi $tax) (add $ins $hoa)) }}</dd></div></dl>
</div>
<p class="payment__note">Estimates only, not a loan offer: taxes as the MLS reports them, home insurance at 0.9% of the price a year. Your lender&#39;s figures will differ.</p>
</section>"##,
    ),
    (
        "partials/notice.html",
        r##"<aside class="mls-notice" aria-label="{{ site.Params.mls_name }}"><p>{{ site.Params.disclaimer }}</p><p class="mls-notice__updated">Listing data last updated {{ site.Params.updated }}</p></aside>"##,
    ),
    (
        // A listing's card: on list pages, home and neighborhood pages, and as its own fragment.
        "partials/card.html",
        r##"{{ $p := .p }}<article class="home-card" aria-labelledby="home-{{ .i }}">
<div class="home-card__media">{{ range first 1 $p.Params.photos }}<img class="mls-photo" src="{{ replace .url site.Params.media_origin "/" }}" width="1200" height="800" alt="{{ $p.Title }}, {{ $p.Params.place }}" {{ if $.eager }}loading="eager" fetchpriority="high"{{ else }}loading="lazy"{{ end }} decoding="async">{{ end }}<p class="home-card__badges"><span class="badge badge--sample">Sample listing</span>{{ if ne $p.Params.status "Active" }}<span class="badge">{{ index site.Params.status (lower $p.Params.status) }}</span>{{ end }}</p></div>
<div class="home-card__body">
<p class="price">{{ partial "price.html" $p.Params.price }}</p>
<h2 class="home-card__title" id="home-{{ .i }}"><a href="{{ $p.RelPermalink }}">{{ $p.Title }}</a></h2>
<p class="home-card__place">{{ $p.Params.place }}</p>
<p class="home-card__facts">{{ $p.Params.beds }} Beds · {{ $p.Params.baths }} Baths · {{ lang.FormatNumberCustom 0 $p.Params.sqft }} Sq Ft</p>
<p class="home-card__office">Listed by {{ $p.Params.office }}</p>
</div>
</article>"##,
    ),
    (
        // The listings for sale in one neighborhood (or all: ""), found once per build.
        "partials/for-sale.html",
        r##"{{ $pages := (site.GetPage "/homes").RegularPages }}{{ with . }}{{ $pages = where $pages "Params.area" . }}{{ end }}{{ return $pages }}"##,
    ),
    (
        "partials/areas-nav.html",
        r##"<nav class="homes__areas" aria-label="Neighborhood">
<ul>{{ if . }}<li><a href="/homes/">All homes for sale</a></li>{{ end }}{{ range site.Params.areas }}{{ $n := len (partialCached "for-sale.html" .slug .slug) }}{{ if $n }}<li><a href="/homes/in/{{ .slug }}/"{{ if eq .slug $ }} aria-current="page"{{ end }}>{{ .name }} <span class="homes__area-count">{{ lang.FormatNumberCustom 0 $n }}</span></a></li>{{ end }}{{ end }}</ul>
</nav>"##,
    ),
    (
        "homes/single.html",
        r##"{{ define "title" }}{{ .Title }}, {{ .Params.place }} — {{ partial "price.html" .Params.price }} | {{ site.Title }}{{ end }}
{{ define "description" }}{{ partial "price.html" .Params.price }} · {{ index site.Params.status (lower .Params.status) }} · {{ .Params.beds }} Beds · {{ .Params.baths }} Baths · {{ .Params.place }}. {{ index .Params.remarks 0 | truncate 110 }}{{ end }}
{{ define "image" }}{{ range first 1 .Params.photos }}{{ replace .url site.Params.media_origin site.BaseURL }}{{ end }}{{ end }}
{{ define "jsonld" }}{{ $photos := slice }}{{ range .Params.photos }}{{ $photos = $photos | append .url }}{{ end }}{{ dict "@context" "https://schema.org" "@graph" (slice (partialCached "agent.json" . | transform.Unmarshal) (dict "@type" "BreadcrumbList" "itemListElement" (slice (dict "@type" "ListItem" "position" 1 "name" (printf "%s home" site.Title) "item" site.BaseURL) (dict "@type" "ListItem" "position" 2 "name" "Homes for Sale" "item" (absURL "/homes/")) (dict "@type" "ListItem" "position" 3 "name" .Title "item" .Permalink))) (dict "@type" "RealEstateListing" "@id" (printf "%s#listing" .Permalink) "name" (printf "%s, %s" .Title .Params.place) "url" .Permalink "dateModified" .Params.updated_at "image" $photos "about" (dict "@type" "Residence" "address" (dict "@type" "PostalAddress" "streetAddress" .Params.address "addressLocality" .Params.city "addressRegion" "FL" "postalCode" .Params.zip "addressCountry" "US")) "offers" (dict "@type" "Offer" "price" .Params.price "priceCurrency" "USD" "offeredBy" (dict "@type" "RealEstateAgent" "name" .Params.office)))) | jsonify | safeJS }}{{ end }}
{{ define "head" }}{{ range first 1 .Params.photos }}{{ $u := replace .url site.Params.media_origin "/" }}{{ $b := strings.TrimSuffix (path.Ext $u) $u }}<link rel="preload" as="image" href="{{ $b }}-1200.webp" imagesrcset="{{ partial "srcset.html" $b }}" imagesizes="(min-width: 75em) 460px, (min-width: 60em) 39vw, (min-width: 48em) 58vw, 100vw" fetchpriority="high">
{{ end }}{{ end }}
{{ define "islands" }}{{ partialCached "islands.html" . }}{{ end }}
{{ define "main" }}
<article class="listing" aria-labelledby="page-title">
<div class="container listing__top">
<ol class="crumbs"><li><a href="/">{{ site.Title }} home</a></li><li><a href="/homes/">Homes for Sale</a></li><li><span aria-current="page">{{ .Title }}</span></li></ol>
<div class="listing__head">
<div>
<p class="eyebrow">{{ .Params.place }}</p>
<h1 class="listing__title" id="page-title">{{ .Title }}</h1>
<p class="for-sale__office">Listed by {{ .Params.office }}{{ with .Params.office_phone }} · {{ . }}{{ end }}</p>
</div>
<div class="listing__price" data-island="hearts" data-hydrate="visible" data-src="/assets/hearts.js"><script type="application/json" data-props>{"key":"saved-homes"}</script><p class="price price--large">{{ partial "price.html" .Params.price }}</p><button type="button" class="save-home save-home--page" data-save-home="{{ .Params.mls_number }}" aria-pressed="false" aria-label="Save {{ .Title }}" hidden>{{ partialCached "icon-heart.html" . }}</button></div>
</div>
{{ with .Params.area }}<p class="for-sale__like" data-like="{{ $.Params.mls_number }}" hidden><a class="link-arrow" href="/homes/?area={{ . }}&amp;min_price={{ mul (div $.Params.price 250000) 187500 }}&amp;max_price={{ mul (div $.Params.price 250000) 375000 }}&amp;beds={{ $.Params.beds }}#save-search">Save a search for homes like this{{ partialCached "icon-arrow.html" . }}</a></p>{{ end }}
<p class="for-sale__badges"><span class="badge badge--sample">Sample listing</span>{{ if ne .Params.status "Active" }}<span class="badge">{{ index site.Params.status (lower .Params.status) }}</span>{{ end }}</p>
</div>
<div class="container listing__layout">
<div class="listing__main">
{{ $alt := printf "%s, %s" .Title .Params.place }}{{ $photos := .Params.photos }}{{ $rest := after 1 $photos }}{{ with $photos }}
<div class="gallery{{ if $rest }} gallery--more{{ end }}{{ if ge (len $rest) 4 }} gallery--grid{{ end }}" data-island="gallery" data-hydrate="idle" data-src="/assets/gallery.js"><script type="application/json" data-props>{{ dict "labels" (dict "all" "All {count} photos" "name" "Photos of {home}" "counter" "{n} / {total}" "close" "Close" "previous" "Previous photo" "next" "Next photo" "zoom" "Zoom in or out" "failed" "This photo could not be loaded.") "name" (printf "Photos of %s" $.Title) | jsonify | safeJS }}</script>
<ul class="gallery__photos">
<li class="gallery__photo"><a href="#photo-1" data-photo="1"{{ with (index . 0).alt }} data-caption="{{ . }}"{{ end }}>{{ partial "photo.html" (dict "p" (index . 0) "alt" $alt "sizes" "(min-width: 75em) 460px, (min-width: 60em) 39vw, (min-width: 48em) 58vw, 100vw" "eager" true) }}</a></li>
{{- if ge (len $rest) 4 }}{{ range $i, $p := first 4 $rest }}
<li class="gallery__photo gallery__photo--beside"><a href="#photo-{{ add $i 2 }}" tabindex="-1">{{ partial "photo.html" (dict "p" $p "alt" $p.alt "sizes" "(min-width: 75em) 154px, (min-width: 60em) 13vw, (min-width: 48em) 20vw, 88vw") }}</a></li>
{{- end }}{{ end }}
</ul>
{{- if $rest }}
<a class="btn gallery__all" href="#photo-1">All {{ len $photos }} photos</a>
{{- end }}
</div>{{ end }}
{{ if or .Params.facts.tour .Params.videos }}<p class="for-sale__tours">{{ with .Params.facts.tour }}<a class="btn btn--outline" href="{{ . }}" rel="nofollow noopener">Virtual tour</a>{{ end }}{{ range $i, $v := .Params.videos }}<a class="link-arrow" href="{{ $v }}" rel="nofollow noopener">Video tour{{ if $i }} {{ add $i 1 }}{{ end }}</a>{{ end }}</p>{{ end }}
<div class="prose prose--lead">{{ range .Params.remarks }}<p>{{ . }}</p>{{ end }}</div>
{{ partial "facts.html" .Params.facts }}
{{ partial "payment.html" . }}
{{ with $rest }}<ul class="for-sale__photos">{{ range $i, $p := . }}<li data-photo="{{ add $i 2 }}"{{ with $p.alt }} data-caption="{{ . }}"{{ end }}>{{ partial "photo.html" (dict "p" $p "alt" $p.alt "sizes" "(min-width: 60em) 32vw, 50vw") }}</li>{{ end }}</ul>{{ end }}
</div>
<div class="listing__aside">
<div class="listing-card">
<dl class="for-sale__facts"><div><dt>Beds</dt><dd>{{ .Params.beds }}</dd></div><div><dt>Baths</dt><dd>{{ .Params.baths }}</dd></div><div><dt>Sq Ft</dt><dd>{{ lang.FormatNumberCustom 0 .Params.sqft }}</dd></div>{{ with .Params.acres }}<div><dt>Acres</dt><dd>{{ . }}</dd></div>{{ end }}<div><dt>Year Built</dt><dd>{{ .Params.year_built }}</dd></div><div><dt>Type</dt><dd>{{ .Params.sub_type }}</dd></div><div><dt>Subdivision</dt><dd>{{ .Params.subdivision }}</dd></div><div><dt>MLS #</dt><dd>{{ .Params.mls_number }}</dd></div></dl>
{{ with .Params.area }}<p>Neighborhood: <a href="/neighborhoods/{{ . }}/">{{ $.Params.area_name }}</a></p>{{ end }}
<a class="link-arrow" href="https://www.google.com/maps/search/?api=1&amp;query={{ .Params.lat }},{{ .Params.lon }}">{{ partialCached "icon-pin.html" . }}View on map</a>
{{ with .Params.open_houses }}<h2>Open Houses</h2><ul class="features">{{ range . }}<li><span>{{ time.Format "Monday, January 2, 3:04 PM" .start }} – {{ time.Format "3:04 PM" .end }}</span> <a class="link-arrow" href="{{ $.RelPermalink }}open-house-{{ time.Format "2006-01-02-1504" .start }}.ics" type="text/calendar">Add to calendar</a></li>{{ end }}</ul>{{ end }}
<a class="btn btn--navy btn--block" href="/#contact" data-open="contact" data-listing="{{ .Params.mls_number }}" data-message="I would like to see {{ $alt }} (MLS # {{ .Params.mls_number }}). Please let me know when it can be shown.">Request a Showing</a>
<p class="listing-card__agent">{{ site.Params.agent }} · {{ site.Params.agent_title }} · {{ site.Params.brokerage }}</p>
<a class="listing-card__phone" href="tel:{{ site.Params.phone }}">{{ partialCached "icon-phone.html" . }}{{ site.Params.phone }}</a>
</div>
</div>
</div>
<div class="container for-sale__notice">{{ partialCached "notice.html" . }}</div>
</article>
{{ end }}
"##,
    ),
    ("homes/single.card.html", r##"{{ partial "card.html" (dict "p" . "i" .Params.mls_number) }}"##),
    (
        // /homes/ and /homes/in/<neighborhood>/, 24 a page.
        "homes/list.html",
        r##"{{ define "main" }}
{{ $area := .Params.area | default "" }}{{ $pages := partialCached "for-sale.html" $area $area }}{{ $pager := .Paginate $pages 24 }}
<section class="homes" aria-labelledby="page-title">
<div class="page-hero page-hero--plain">
<div class="container page-hero__content">
<ol class="crumbs crumbs--light"><li><a href="/">{{ site.Title }} home</a></li>{{ if $area }}<li><a href="/homes/">Homes for Sale</a></li>{{ end }}<li><span aria-current="page">{{ .Title }}</span></li></ol>
<h1 class="page-hero__title" id="page-title">{{ .Title }}</h1>
<p class="page-hero__text">{{ site.Params.intro }}</p>
</div>
</div>
<div class="container homes__body">
{{ partialCached "areas-nav.html" $area $area }}
<p class="homes__count">{{ lang.FormatNumberCustom 0 (len $pages) }} homes for sale</p>
<ul class="home-cards">
{{- range $i, $p := $pager.Pages }}
<li>{{ partial "card.html" (dict "p" $p "i" (add $i 1) "eager" (eq $i 0)) }}</li>
{{- end }}
</ul>
{{- if gt $pager.TotalPages 1 }}{{ $label := printf "Page %d of %d" $pager.PageNumber $pager.TotalPages }}
<nav class="paging" aria-label="{{ $label }}">{{ with $pager.Prev }}<a class="link-arrow" href="{{ .URL }}" rel="prev">Previous page</a>{{ end }}<span>{{ $label }}</span>{{ with $pager.Next }}<a class="link-arrow" href="{{ .URL }}" rel="next">Next page</a>{{ end }}</nav>
{{- end }}
{{ partialCached "notice.html" . }}
</div>
</section>
{{ end }}
"##,
    ),
    (
        "homes/areas.html",
        r##"{{ define "main" }}<h1>{{ .Title }}</h1>{{ partialCached "areas-nav.html" "" "" }}{{ end }}
"##,
    ),
    (
        // The search's data: one row per listing (the generator writes columns and word shards).
        "homes/list.searchindex.json",
        r##"[{{ range $i, $p := .RegularPages }}{{ if $i }},{{ end }}{{ dict "u" .RelPermalink "p" .Params.price "b" .Params.beds "ba" .Params.baths "s" .Params.sqft "a" .Params.area "k" .Params.sub_type "st" .Params.status "t" (lower (printf "%s %s %s" .Title .Params.place .Params.subdivision)) | jsonify }}{{ end }}]"##,
    ),
    (
        "listings/single.html",
        r##"{{ define "title" }}{{ .Params.address }} | {{ site.Title }}{{ end }}
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
<ul class="features">{{ range .Params.features }}<li>{{ . }}</li>{{ end }}</ul>
<a class="btn" href="/#contact" data-listing="{{ .Params.id }}">Inquire</a>
</article>
{{ end }}
"##,
    ),
    (
        "neighborhoods/single.html",
        r##"{{ define "title" }}{{ .Title }} | {{ site.Title }}{{ end }}
{{ define "description" }}{{ with .Params.seo_description }}{{ . }}{{ else }}{{ .Description }}{{ end }}{{ end }}
{{ define "main" }}
<article class="neighborhood" aria-labelledby="page-title">
<nav aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li><a href="/#neighborhoods">Neighborhoods</a></li><li aria-current="page">{{ .Params.name }}</li></ol></nav>
<h1 id="page-title">{{ .Title }}</h1>
<p class="hero">{{ .Params.hero }}</p>
<img src="/{{ .Params.image }}" alt="{{ .Params.image_alt }}">
<section><h2>About {{ .Params.name }}</h2><div class="prose">{{ .Content }}</div></section>
<section><h2>Featured Buildings &amp; Communities</h2>
<ul>{{ range .Params.buildings }}<li><h3>{{ .name }}</h3><p>{{ .description }}</p></li>{{ end }}</ul>
</section>
{{ $homes := partialCached "for-sale.html" .Params.slug .Params.slug }}
<section><h2>Homes for Sale in {{ .Params.name }}</h2><ul class="home-cards">{{ range $i, $p := first 3 $homes }}<li>{{ partial "card.html" (dict "p" $p "i" (add $i 1)) }}</li>{{ end }}</ul>
<a class="link-arrow" href="/homes/in/{{ .Params.slug }}/">{{ lang.FormatNumberCustom 0 (len $homes) }} homes for sale</a></section>
</article>
{{ end }}
"##,
    ),
    (
        "index.html",
        r##"{{ define "main" }}
{{ $homes := partialCached "for-sale.html" "" "" }}
<section id="current-listings"><h2>Current Listings</h2><ul class="home-cards">{{ range $i, $p := first 3 $homes }}<li>{{ partial "card.html" (dict "p" $p "i" (add $i 1)) }}</li>{{ end }}</ul>
<a class="btn" href="/homes/">See all {{ lang.FormatNumberCustom 0 (len $homes) }} homes for sale</a></section>
<section id="featured-properties"><h2>Featured Properties</h2>
<ol>{{ range sort (where site.RegularPages "Params.featured" true) "Params.order" }}<li><article>
<img src="/{{ .Params.image }}" alt="{{ .Params.image_alt }}">
<h3><a href="{{ .RelPermalink }}">{{ .Params.address }}</a></h3>
<p class="price">{{ .Params.price }}</p>
</article></li>{{ end }}</ol>
</section>
<section id="neighborhoods"><h2>Neighborhoods</h2>
<ul>{{ range where site.RegularPages "Section" "neighborhoods" }}<li><a href="{{ .RelPermalink }}"><img src="/{{ .Params.image }}" alt="{{ .Params.image_alt }}"><h3>{{ .Params.name }}</h3><p>{{ len (partialCached "for-sale.html" .Params.slug .Params.slug) }} homes for sale</p></a></li>{{ end }}</ul>
</section>
{{ end }}
"##,
    ),
    (
        "robots.txt",
        "User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin/\n\nSitemap: {{ site.BaseURL }}sitemap.xml\n",
    ),
    ("_default/single.html", "{{ define \"main\" }}<h1>{{ .Title }}</h1>{{ .Content }}{{ end }}\n"),
    ("_default/list.html", "{{ define \"main\" }}<h1>{{ .Title }}</h1>{{ end }}\n"),
    (
        "404.html",
        r##"{{ define "title" }}Page not found | {{ site.Title }}{{ end }}
{{ define "main" }}<h1>Oops! Page not found</h1><a href="/">Return to Home</a>{{ end }}
"##,
    ),
];
