// Generated from the Rust types of the islands' props (generator/render/src/props.rs and the
// jax-model types they hold) — do not edit.
// Regenerate with `cargo run -p generator -- schemas` (from the repository's root).

/** The header's menu button (below 60em) that opens `#site-nav`. */
export type NavProps = {
  /** The button's accessible name. */
  menu: string;
};

/** The featured listings' carousel: controls for the scroll-snap row `#carousel-track`. */
export type CarouselProps = {
  /** How many slides there are. */
  count: number;
  previous: string;
  next: string;
  /** A thumbnail's accessible name; `{n}` is the slide's number. */
  show_slide: string;
};

/**
 * The home page's neighborhood tabs: links that work without JavaScript, which the island turns
 * into tabs filtering the cards.
 */
export type NeighborhoodTabsProps = {
  tabs: NeighborhoodTab[];
  /** The tab showing every card. */
  all: string;
  /** The id of the tab panel. */
  panel: string;
};

/** The contact widget, a native popover (it opens without JavaScript too). */
export type ContactWidgetProps = {
  title: string;
  text: string;
  message: string;
  /** `sms:` and the agent's phone. */
  sms: string;
  /** The contact form, where the message link leads without JavaScript. */
  contact_href: string;
};

/**
 * The concierge portal's form: `forms.concierge` plus the form settings it shares. Without
 * JavaScript the form posts everything, multipart, to `action`.
 */
export type ConciergeProps = {
  /** Largest accepted file, in bytes (10 MB = 10485760). */
  max_file_bytes: number;
  /**
   * Days after a submission until its documents and its record are deleted; the privacy
   * policy states it (`{document_retention_days}` in content/legal/privacy-policy.md). At
   * least the download links' lifetime: no link may outlive its document.
   */
  document_retention_days: number;
  /**
   * Who the client is (name, e-mail, phone), asked before the documents: the agent's e-mail
   * is from the name and lists all three.
   */
  fields: Field[];
  documents: ConciergeDocument[];
  acknowledgment: Acknowledgment;
  subject: string;
  submit: string;
  submitting: string;
  toasts: ConciergeToasts;
  thank_you: ToastText;
  honeypot: string;
  dismiss: string;
  messages: Messages;
  /** The client details' limits (the browser's mirror of the worker's checks). */
  limits: Limits;
  action: string;
  api: Endpoints;
};

/** The neighborhood page's link back to the home page's neighborhoods. */
export type ExploreMoreProps = {
  href: string;
  label: string;
};

/** The 404 page's island, which logs the path the visitor tried; it needs nothing. */
export type NotFoundProps = Record<string, never>;

/**
 * A form that posts without JavaScript, given the bot check's token when JavaScript runs: where
 * to ask for the check and which field carries its token.
 */
export type CheckedFormProps = {
  api: Endpoints;
};

/**
 * The dialogs: the shared form settings plus only the forms the page has triggers for (every
 * page: the footer's consultation and the widget's message; the home page also the listing
 * request and the quiz; an MLS listing's page the listing request). A trigger is an
 * `a[data-open="lead|listing-request|contact|quiz"]`: lead ones with `data-type`; one about a
 * listing with `data-listing` (its page's path, posted as `api.listing_field`) and
 * `data-listing-name` (shown under the dialog's title, and the start of its Property Address);
 * `data-message` starts its text area.
 */
export type DialogsProps = {
  api: Endpoints;
  limits: Limits;
  messages: Messages;
  sending: string;
  close: string;
  dismiss: string;
  honeypot: string;
  lead: LeadForm;
  contact: Form;
  /** The home page and MLS listings' pages only. */
  listing_request?: Form;
  /** Home page only. */
  quiz?: Quiz;
  /** Home page only. */
  quiz_form?: QuizForm;
  /** Home page only. */
  quiz_result?: QuizResult | null;
  /** Where a sent home valuation leads: the sellers' page (when there is one). */
  valuation_next?: NextLink | null;
};

/**
 * The market page's table: the island reads `data` (`/data/market.json`, typed `MarketData`),
 * then sorts the prerendered rows (`tr[data-slug]`) by any column (`th[data-sort]`) and filters
 * them by area and price band.
 */
export type MarketTableProps = {
  /** Where the figures are: `/data/market.json`. */
  data: string;
  /** The area filter's label and its choice for every area. */
  area: string;
  all_areas: string;
  /** The areas, in the table's order of first appearance. */
  areas: string[];
  /** The price filter's label, its choice for every price, and its bands. */
  price: string;
  any_price: string;
  price_bands: PriceBand[];
  /** What the filters leave: `{count}` of `{total}`. */
  showing: string;
  /** Shown when nothing matches. */
  none: string;
};

/**
 * The search of `/homes/`: the island reads what a search needs of the index (`files`) and runs
 * the prerendered form's query, kept in the URL.
 */
export type HomesSearchProps = {
  files: SearchFiles;
  /** Results per page. */
  per_page: number;
  /** The form's fields: the URL's parameters. */
  fields: Fields;
  labels: SearchLabels;
  /** The count without filters: "{count} homes for sale". */
  count: string;
  /** The paging's "Page {n} of {total}" (its links are the page's `template[data-paging]`). */
  page: string;
  /** The "Save this search" form's hidden field that holds the search shown (its selector). */
  save_field: string;
};

/**
 * The hearts: the list of saved homes is kept in localStorage under `key` (newest first: each
 * home's MLS number, and its title, link and price as the card showed them, for when it has left
 * the market).
 */
export type HeartsProps = {
  key: string;
};

/**
 * A listing page's gallery: its viewer shows the photos the page lists, in their order, and
 * carries their captions.
 */
export type GalleryProps = {
  labels: GalleryLabels;
  /** The viewer's name for assistive technology, the labels' `name` with the listing's title in it. */
  name: string;
};

/**
 * A listing's payment estimate: the page's fields (price, down payment, rate, term) give the
 * loan; the listing's taxes (`tax_annual`, dollars a year) and association fee (`hoa`, cents a
 * month) stay as they are (None where the listing does not say), and the insurance follows the
 * price. Every line is `jax_model::mortgage`'s, mirrored by `site/src/lib/payment.ts`.
 */
export type PaymentProps = {
  /** What a field that cannot be read says (the other texts are the page's). */
  bad_price: string;
  bad_down: string;
  bad_rate: string;
  /** Home insurance a year, in percent of the price. */
  insurance_percent: number;
  /** The highest rate taken, in percent. */
  max_rate: number;
  tax_annual: number | null;
  hoa: number | null;
};

/**
 * `/homes/saved/`: the saved homes (`key`, as the hearts keep them) or a shared link's (`param`:
 * MLS numbers by commas), each found by its MLS number in the search's word shards and shown as
 * its card from the card shards of `/homes/`' own order (`files`).
 */
export type SavedHomesProps = {
  /** "Ask about these homes" names at most this many (the worker takes no more). */
  ask_max: number;
  key: string;
  param: string;
  files: SearchFiles;
  labels: SavedLabels;
  /** The MLS numbers' shape (site.yaml `mls.number_format`): a shared link names no other. */
  number_format: string | null;
};

/**
 * `/homes/alerts/`: the address's searches, from `manage` (the worker) with the key after the
 * page's `#`; each search's frequency among `frequencies`.
 */
export type SearchAlertsProps = {
  manage: string;
  labels: ManageLabels;
  frequencies: Frequencies;
};

/**
 * `/data/market.json`: the latest snapshot, every neighborhood in the site's order, with each
 * figure as a number (to sort and filter by) and as the page writes it.
 */
export type MarketData = {
  /** The snapshot's month, `YYYY-MM`. */
  month: string;
  /** The month as pages write it: "December 2024". */
  month_label: string;
  /** Where the figures come from. */
  source: string;
  source_url: string | null;
  neighborhoods: MarketRow[];
};

/**
 * How many listings the index has, where its files are and what its coded columns' codes stand
 * for.
 */
export type Meta = {
  size: number;
  /**
   * Each file's folder (`{version}` in `api::HOMES_COLUMN`, a hash of its bytes) by its path
   * after it (`columns/price.json`), but the card shards' (`shards`). A word shard not here is
   * no listing's (nothing to fetch).
   */
  files: Record<string, string>;
  /** Where each order's card shards start (`api::HOMES_CARDS`). */
  shards: CardShards;
  /** The neighborhoods' slugs (the form's values); the first, "", is none. */
  areas: string[];
  /** The types' values (slugs of PropertySubType, else PropertyType); the first, "", is none. */
  kinds: string[];
  /** The statuses' values (slugs of RESO's StandardStatus). */
  statuses: string[];
  /** The bits of the features' column. */
  features: FeatureBits;
};

/** The index's columns, each a JSON array in a file of its own: `columns/<name>.json`. */
export type Column = 'beds' | 'baths' | 'price' | 'sqft' | 'area' | 'kind' | 'status' | 'features' | 'garage' | 'acres' | 'listed' | 'reduced' | 'open_house';

/** The orders the results can take: the sort field's values. */
export type Sort = 'price-asc' | 'price-desc' | 'newest' | 'size';

/**
 * The orders the card shards come in: a sort's results are near each other in its order's
 * shards (price-desc's at the end of price's).
 */
export type CardOrder = 'newest' | 'price' | 'size';

/**
 * What the worker answers the manage page (`api::SAVED_SEARCH_MANAGE`): the address's searches,
 * after the change it asked for.
 */
export type ManageAnswer = {
  searches: ManagedSearch[];
  /** The address stopped the site's e-mails (`ManageLabels::stopped`). */
  stopped: boolean;
};

export type Acknowledgment = {
  /** The field name, e.g. "acknowledged". */
  field: string;
  label: string;
  required_message: string;
};

/** The card shards of each order (`CardOrder`). */
export type CardShards = {
  newest: Shards;
  price: Shards;
  size: Shards;
};

export type Choice = {
  value: string;
  label: string;
};

export type ConciergeDocument = {
  /** The name the form posts, e.g. "photoId". */
  field: string;
  label: string;
  /** How the agent's e-mail names it, e.g. "Government ID". */
  kind: string;
  hint: string | null;
  accept: FileType[];
  required_message: string;
};

export type ConciergeToasts = {
  too_large: ToastText;
  invalid_type: ToastText;
  success: ToastText;
  failure: ToastText;
};

/**
 * The paths the islands post to, the fields their posts' keys and bot-check tokens go in, and the
 * bot check's script, serialized into their props.
 */
export type Endpoints = {
  lead: string;
  listing_request: string;
  contact: string;
  quiz: string;
  concierge_submissions: string;
  submission_token_header: string;
  submission_token_field: string;
  concierge_documents: string;
  concierge: string;
  idempotency_key: string;
  listing_field: string;
  bot_check: string;
  bot_check_field: string;
  bot_check_header: string;
  bot_check_script: string;
};

/** The bits of `Column::Features`, as `Meta` tells the island them. */
export type FeatureBits = {
  waterfront: number;
  pool: number;
  new_construction: number;
};

export type Field = {
  /** The name the form posts, e.g. "firstName". */
  name: string;
  label: string;
  type: FieldKind;
  required: boolean;
  /** The HTML autocomplete token, e.g. "given-name". */
  autocomplete: string | null;
  placeholder: string | null;
  /** The choices of a select. */
  options: Choice[];
};

export type FieldKind = 'text' | 'email' | 'tel' | 'textarea' | 'select';

/** The URL parameters of a search (`/homes/?min_price=500000&beds=3&q=pool`), the form's field names. */
export type Fields = {
  min_price: string;
  max_price: string;
  beds: string;
  baths: string;
  area: string;
  kind: string;
  status: string;
  waterfront: string;
  pool: string;
  garage: string;
  new_construction: string;
  open_house: string;
  reduced: string;
  max_days: string;
  min_acres: string;
  words: string;
  sort: string;
  /** The results' page, from 1 (not a field: the island's paging sets it). */
  page: string;
};

export type FileType = 'jpeg' | 'png' | 'pdf';

export type Form = {
  title: string;
  text: string;
  submit: string;
  /** E-mail subject; `{name}` is the visitor's name. */
  subject: string;
  fields: Field[];
  toasts: Toasts;
};

/** How often a search's alerts come. */
export type Frequencies = {
  /** At each import. */
  instant: string;
  daily: string;
  weekly: string;
};

/** The listing page's gallery (the first photo large, the next four beside it) and its viewer. */
export type GalleryLabels = {
  /** The button that opens the viewer: `{count}` photos, e.g. "All {count} photos". */
  all: string;
  /** The viewer's name for assistive technology: `{home}`, the listing's title, e.g. "Photos of {home}". */
  name: string;
  /** Which photo is shown: `{n}` of `{total}`, e.g. "{n} / {total}". */
  counter: string;
  close: string;
  previous: string;
  next: string;
  /** The button that zooms the photo in and out. */
  zoom: string;
  /** In place of a photo that could not be loaded. */
  failed: string;
};

export type LeadForm = {
  fields: Field[];
  toasts: Toasts;
  types: LeadTypes;
};

export type LeadTypeText = {
  title: string;
  text: string;
  submit: string;
  /** E-mail subject; `{name}` is the visitor's name. */
  subject: string;
  /** Fields that are optional in general but required for this type. */
  require: string[];
};

export type LeadTypes = {
  consultation: LeadTypeText;
  'buyer-guide': LeadTypeText;
  'cma-request': LeadTypeText;
};

export type Limits = {
  /** Longest one-line answer, in characters. */
  text_max: number;
  /** Longest message or notes, in characters. */
  message_max: number;
  /** Largest form body the worker accepts, in bytes. */
  body_max_bytes: number;
};

/** `/homes/alerts/`: an address's searches, from the link in each of its e-mails. */
export type ManageLabels = {
  title: string;
  intro: string;
  frequency: string;
  paused: string;
  pause: string;
  resume: string;
  delete: string;
  delete_all: string;
  /** After deleting everything: nothing about the address is kept. */
  deleted_all: string;
  empty: string;
  /** The page opened without its link's key, or with one that does not check out (403). */
  invalid: string;
  /** A link past its year (410): each alert brings a new one. */
  expired: string;
  /** A link sent before the address unsubscribed or deleted everything (404). */
  unknown: string;
  /** Without JavaScript: what to do instead. */
  no_script: string;
  failed: string;
  /**
   * The address unsubscribed or deleted everything: no search can be saved for it for 30
   * days, unless its owner allows it again here.
   */
  stopped: string;
  allow: string;
};

/** One search as the manage page shows it (never its address: the page's link names it). */
export type ManagedSearch = {
  id: string;
  /** The search in words. */
  words: string;
  /** Its page: `/homes/?…`. */
  path: string;
  /** One of `FREQUENCY_VALUES`. */
  frequency: string;
  /** Whether its confirmation link was opened (nothing is sent before). */
  confirmed: boolean;
  paused: boolean;
};

/** One neighborhood's row of the market table. */
export type MarketRow = {
  slug: string;
  name: string;
  area: string;
  /** Its page. */
  url: string;
  /** Median condo price in dollars. */
  median_price: number;
  /** Year-over-year growth of the median price, in percent. */
  yoy_growth: number;
  days_on_market: number;
  zip: string;
  /** The figures as the page writes them: "$425K", "+9.2%", "38". */
  median_text: string;
  yoy_text: string;
  days_text: string;
};

/** Validation messages; `{label}` and `{max}` are filled in. */
export type Messages = {
  required: string;
  email: string;
  phone: string;
  too_long: string;
  option: string;
  /** A form sent about a listing that is not one of the site's (the hidden `listing` field). */
  listing: string;
};

export type NeighborhoodTab = {
  label: string;
  /** The neighborhood's slug, which the cards carry in `data-route`. */
  route: string;
};

/** A link a success message offers. */
export type NextLink = {
  href: string;
  label: string;
};

/** A band of the price filter: medians from `min` (inclusive) to below `max`. */
export type PriceBand = {
  label: string;
  min: number | null;
  max: number | null;
};

export type Profile = {
  /** e.g. "Coastal Chill". */
  name: string;
  /** e.g. ["Jacksonville Beach", "Atlantic Beach"]. */
  areas: string[];
  description: string;
};

/** A quiz answer's value and a result profile's key. */
export type ProfileKey = 'historic' | 'coastal' | 'urban' | 'eclectic' | 'suburban';

export type Profiles = {
  historic: Profile;
  coastal: Profile;
  urban: Profile;
  eclectic: Profile;
  suburban: Profile;
};

export type Question = {
  /** q1 … q6. */
  id: string;
  text: string;
  /** Five options, one for each profile. */
  options: QuizOption[];
};

export type Quiz = {
  title: string;
  intro: string;
  /** Six questions, q1 to q6. */
  questions: Question[];
  profiles: Profiles;
  /** Who wins a tie: the first of the tied values in this order. */
  tie_order: ProfileKey[];
  labels: QuizLabels;
};

export type QuizForm = {
  subject: string;
};

export type QuizLabels = {
  open: string;
  /** "Question {n} of {total}". */
  progress: string;
  next: string;
  finish: string;
  choose_alert: string;
  email_heading: string;
  email_text: string;
  email_label: string;
  email_submit: string;
  email_alert: string;
  error_alert: string;
  result_heading: string;
  areas_heading: string;
  retake: string;
  close: string;
};

export type QuizOption = {
  value: ProfileKey;
  text: string;
};

/**
 * Where the quiz's result leads: each area's neighborhood page (an area no page answers to
 * stays text), and the consultation it offers (a `data-open` trigger, as on the page).
 */
export type QuizResult = {
  areas: Record<string, string>;
  consultation: string;
  /** The consultation's link without JavaScript (the home page's contact section). */
  contact: string;
};

/** Saved homes: the heart that keeps a home on the visitor's device, and the page that lists them. */
export type SavedLabels = {
  /** The page's heading and title, e.g. "Saved Homes". */
  title: string;
  /** The sentence under it: what is kept, and where. */
  intro: string;
  /** The heart's name for assistive technology: `{home}`, the card's title, e.g. "Save {home}". */
  save: string;
  /** The link to the page from the lists, e.g. "Saved homes". */
  link: string;
  /** When no home is saved (and what the page says without JavaScript). */
  empty: string;
  /** On a saved home that is no longer for sale. */
  gone: string;
  /** The button that copies a link carrying the list, and what it says once it has. */
  share: string;
  copied: string;
  /** The heading of a list opened from a shared link, and the button that keeps its homes here. */
  shared: string;
  keep: string;
  /**
   * The button that opens the contact form about the list; what the form says it is about
   * (`{count}` homes); and its message's first line, before a line per home.
   */
  ask: string;
  ask_about: string;
  ask_message: string;
  /** On a listing page once its home is saved: the link to a search for homes like it. */
  like: string;
};

/**
 * The search's prebuilt index, as its islands fetch it: `meta` (typed `Meta`), then each file in
 * the folder `Meta::files` names as `{version}`: the columns (`column`, `{name}`: a `Column`'s),
 * the word shards (`words`, `{key}`: `shard_key`'s) and the card shards (`cards`, `{order}`,
 * each in the folder `Meta::shards` names).
 */
export type SearchFiles = {
  meta: string;
  column: string;
  words: string;
  cards: string;
};

/** The search form of `/homes/` and what it says of its results. */
export type SearchLabels = {
  /** The form's name for assistive technology, e.g. "Search homes for sale". */
  name: string;
  min_price: string;
  max_price: string;
  /** The price filters' choice for no bound, e.g. "No min", "No max". */
  no_min: string;
  no_max: string;
  beds: string;
  baths: string;
  /** The beds and baths filters' choice for any number, e.g. "Any". */
  any: string;
  /** `{n}`: at least that many, e.g. "{n}+". */
  at_least: string;
  /** The neighborhood filter's choice for every neighborhood. */
  all_neighborhoods: string;
  /** The type filter's choice for every type. */
  any_type: string;
  status: string;
  any_status: string;
  /** The yes-or-no features' group, e.g. "Features", and each feature's box. */
  features: string;
  waterfront: string;
  pool: string;
  new_construction: string;
  open_house: string;
  reduced: string;
  /** The garage filter, e.g. "Garage"; its choices say `at_least` spaces. */
  garage: string;
  /**
   * The days-on-market filter, e.g. "Days on market"; `{n}`: at most that many, e.g.
   * "{n} days or fewer".
   */
  max_days: string;
  days_at_most: string;
  /** The lot filter, e.g. "Lot size"; `{acres}`: at least that many, e.g. "{acres}+ acres". */
  min_acres: string;
  acres_at_least: string;
  /** The words field's label and its hint. */
  words: string;
  words_hint: string;
  sort: string;
  sort_newest: string;
  sort_price_low: string;
  sort_price_high: string;
  sort_size: string;
  /** The button that runs the search. */
  submit: string;
  /**
   * The button that opens the other fields on a phone, e.g. "Filters"; the count of active
   * filters is shown on it, with `filters_active` (`{n}`) for assistive technology.
   */
  filters: string;
  filters_active: string;
  /** The button that closes the phone's filters: `{count}`, how many homes they leave. */
  show: string;
  /** `{count}`: how many homes the filters leave, e.g. "{count} homes match your search". */
  results: string;
  /** When none is left. */
  none: string;
  /**
   * When a search without JavaScript has more words than the worker can look up at once
   * (`edge_domain::search_page::WORD_SHARDS_MAX`); the island has no such limit.
   */
  too_many_words: string;
  /** The link that clears every filter. */
  clear: string;
  /** When the search's files cannot be read (the list then stays as it is). */
  failed: string;
};

/**
 * The card shards of one order. Where one starts is decided by its cards, not by its place
 * (`cut`): an import that adds, moves or changes a few cards changes the few shards that hold
 * them, and the others keep their names and bytes (nothing to write, nothing to upload).
 */
export type Shards = {
  /** Each shard's first place in the order. */
  from: number[];
  /** Each shard's folder (`{version}` in `api::HOMES_CARDS`, a hash of its bytes). */
  hash: string[];
};

export type ToastText = {
  title: string;
  description: string;
};

export type Toasts = {
  success: ToastText;
  error: ToastText;
};

/** A lead type, as a trigger's `data-type` names it. */
export type LeadType = keyof LeadTypes;

/** Each island's props, by the island's name (`site/src/islands/<name>.tsx`). */
export type IslandProps = {
  nav: NavProps;
  carousel: CarouselProps;
  'neighborhood-tabs': NeighborhoodTabsProps;
  'contact-widget': ContactWidgetProps;
  'concierge-form': ConciergeProps;
  'explore-more': ExploreMoreProps;
  'not-found': NotFoundProps;
  'checked-form': CheckedFormProps;
  dialogs: DialogsProps;
  'market-table': MarketTableProps;
  'homes-search': HomesSearchProps;
  hearts: HeartsProps;
  gallery: GalleryProps;
  payment: PaymentProps;
  'saved-homes': SavedHomesProps;
  'search-alerts': SearchAlertsProps;
};
