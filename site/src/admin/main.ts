// /admin/: starts Decap CMS (its own bundle, loaded after this script) with the configuration the
// generator made from the content's model (/admin/config.json) and this site's file formats. On
// this machine (make dev) it edits the files on disk through decap-server on loopback; elsewhere
// it signs in with the git host.
import { editorSignInOn } from '../lib/api';
import { FRONTMATTER_FORMAT, LOCAL_PROXY, YAML_FORMAT } from '../lib/editor';
import { frontmatterFromFile, frontmatterToFile, yamlFromFile, yamlToFile } from './formats';
import { type Choices, COMPONENTS, type Component, editorComponent } from './components';
import { fileText, preview, problemLine, type Shown } from './preview';
import { keepToken } from './token';

type Data = Record<string, unknown>;

/** What Decap hands a preview: the entry as an Immutable map. */
interface Entry {
  get(key: 'path' | 'slug'): string | undefined;
  get(key: 'data'): { toJS(): Data } | undefined;
}

interface PreviewProps {
  entry: Entry;
  collection: { get(key: 'folder' | 'extension'): string | undefined };
}

type Element = unknown;
/** React's createElement and create-react-class, which Decap's bundle puts on window. */
type H = (type: string, props: Data | null, ...children: unknown[]) => Element;
interface PreviewClass {
  props: PreviewProps;
  state: { shown?: Shown } | null;
  setState(state: { shown: Shown }): void;
  update(): void;
  controller?: AbortController;
}

interface Cms {
  init(options: { config: Data }): void;
  registerPreviewTemplate(name: string, component: unknown): void;
  registerEditorComponent(component: ReturnType<typeof editorComponent>): void;
  registerCustomFormat(
    name: string,
    extension: string,
    format: { fromFile(text: string): Data; toFile(data: Data): string },
  ): void;
}

declare global {
  interface Window {
    CMS_MANUAL_INIT?: boolean;
    CMS?: Cms;
    h?: H;
    createClass?: (spec: ThisType<PreviewClass> & Data) => unknown;
  }
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The configuration as this page uses it: the files on disk when served from this machine;
 * elsewhere the git host, signed in through the worker of the origin the page is served from. */
export function forHere(config: Data, { hostname, origin }: { hostname: string; origin: string }): Data {
  if (!LOOPBACK.has(hostname)) {
    const backend = config.backend as Data | undefined;
    return backend ? { ...config, backend: { ...backend, base_url: origin } } : config;
  }
  return {
    ...config,
    backend: { name: 'proxy', proxy_url: LOCAL_PROXY, branch: 'main' },
    local_backend: false,
    publish_mode: undefined,
  };
}

window.CMS_MANUAL_INIT = true;
// Before Decap's bundle runs (this script comes first): its calls to GitHub go through the keeper.
keepToken(window);

async function start(): Promise<void> {
  const cms = window.CMS;
  if (!cms) throw new Error('Decap CMS did not load');
  cms.registerCustomFormat(YAML_FORMAT, 'yaml', { fromFile: yamlFromFile, toFile: yamlToFile });
  for (const extension of ['md', 'mdx']) {
    cms.registerCustomFormat(FRONTMATTER_FORMAT, extension, {
      fromFile: frontmatterFromFile,
      toFile: frontmatterToFile,
    });
  }
  const read = async (file: string): Promise<unknown> => (await fetch(new URL(file, document.baseURI))).json();
  const [configured, choices] = await Promise.all([read('config.json'), read('choices.json')]);
  for (const c of COMPONENTS as Component[]) cms.registerEditorComponent(editorComponent(c, choices as Choices));
  const config = forHere(configured as Data, location);
  if (!config.backend) {
    showNotSetUp(document, NOT_SET_UP);
    return;
  }
  if (!LOOPBACK.has(location.hostname) && !(await editorSignInOn())) {
    showNotSetUp(document, SIGN_IN_OFF);
    return;
  }
  if (LOOPBACK.has(location.hostname)) registerPreviews(cms, config);
  cms.init({ config });
}

/** The names Decap keys preview templates by: each file of a files collection, each folder one. */
export function previewNames(config: Data): string[] {
  const collections = (config.collections ?? []) as { name: string; files?: { name: string }[] }[];
  return collections.flatMap((c) => (c.files ? c.files.map((f) => f.name) : [c.name]));
}

/** The file an entry is (or, new, will be) saved as. */
function entryPath(props: PreviewProps): string {
  const path = props.entry.get('path');
  if (path) return path;
  const folder = props.collection.get('folder') ?? '';
  return `${folder}/${props.entry.get('slug') || 'new-entry'}.${props.collection.get('extension') ?? 'md'}`;
}

/** Every collection's preview: the page `generator serve` renders from the unsaved entry. */
function registerPreviews(cms: Cms, config: Data): void {
  const h = window.h;
  const createClass = window.createClass;
  if (!h || !createClass) return;
  const Preview = createClass({
    componentDidMount() {
      this.update();
    },
    componentDidUpdate(before: PreviewProps) {
      if (before.entry !== this.props.entry) this.update();
    },
    componentWillUnmount() {
      this.controller?.abort();
    },
    update() {
      // The newest keystroke wins: an answer for older text is dropped.
      this.controller?.abort();
      const controller = new AbortController();
      this.controller = controller;
      const path = entryPath(this.props);
      const text = fileText(path, this.props.entry.get('data')?.toJS() ?? {});
      preview(path, text, controller.signal).then(
        (shown) => controller.signal.aborted || this.setState({ shown }),
        () => controller.signal.aborted || this.setState({ shown: { problems: [{ message: PREVIEW_DOWN }] } }),
      );
    },
    render() {
      const shown = this.state?.shown;
      if (!shown) return h('p', { className: 'preview-waiting' }, 'Preparing the preview…');
      if ('page' in shown) {
        const style = { border: 0, width: '100%', height: '100vh', display: 'block' };
        return h('iframe', { title: 'Preview of the page', srcDoc: shown.page, style });
      }
      return h(
        'div',
        { role: 'alert', className: 'preview-problems' },
        h('p', null, 'The site would not build with this entry:'),
        h('ul', null, ...shown.problems.map((p, i) => h('li', { key: i }, problemLine(p)))),
      );
    },
  });
  for (const name of previewNames(config)) cms.registerPreviewTemplate(name, Preview);
}

/** Said when generator serve does not answer. */
export const PREVIEW_DOWN =
  'The preview needs generator serve, which make dev starts on this computer (http://127.0.0.1:4040).';

/** The page says why there is no editor: a heading and the reason, in a main landmark. */
export function showNotSetUp(doc: Document, reason: string): void {
  const main = doc.createElement('main');
  const heading = doc.createElement('h1');
  heading.textContent = NOT_SET_UP_TITLE;
  const text = doc.createElement('p');
  text.textContent = reason;
  main.append(heading, text);
  doc.body.replaceChildren(main);
}

export const NOT_SET_UP_TITLE = 'The editor is not set up here yet';

/** Away from this machine the editor needs the git host: site.yaml names none. */
export const NOT_SET_UP =
  'The editor is not set up here yet: it signs in with GitHub once site.yaml names the repository and who may edit it (editor:, docs/deploy.md: Set up publishing). On the computer that holds the site, make dev opens it at http://127.0.0.1:8787/admin/.';

/** site.yaml names the git host, but the worker lacks the GitHub App's keys. */
export const SIGN_IN_OFF =
  'The editor is off: its GitHub sign-in has no GitHub App on this site yet (docs/deploy.md: Set up publishing). The rest of the site works as usual. On the computer that holds the site, make dev opens the editor at http://127.0.0.1:8787/admin/.';

document.addEventListener('DOMContentLoaded', () => void start());
