// /admin/: starts Decap CMS (its own bundle, loaded after this script) with the configuration the
// generator made from the content's model (/admin/config.json) and this site's file formats. On
// this machine (make dev) it edits the files on disk through decap-server on loopback; elsewhere
// it signs in with the git host.
import { FRONTMATTER_FORMAT, LOCAL_PROXY, YAML_FORMAT } from '../lib/editor';
import { frontmatterFromFile, frontmatterToFile, yamlFromFile, yamlToFile } from './formats';

type Data = Record<string, unknown>;

interface Cms {
  init(options: { config: Data }): void;
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
  }
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The configuration as this page uses it: the files on disk when served from this machine. */
export function forHere(config: Data, hostname: string): Data {
  if (!LOOPBACK.has(hostname)) return config;
  return {
    ...config,
    backend: { name: 'proxy', proxy_url: LOCAL_PROXY, branch: 'main' },
    local_backend: false,
    publish_mode: undefined,
  };
}

window.CMS_MANUAL_INIT = true;

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
  const response = await fetch(new URL('config.json', document.baseURI));
  const config = forHere((await response.json()) as Data, location.hostname);
  if (!config.backend) {
    document.body.textContent = NOT_SET_UP;
    return;
  }
  cms.init({ config });
}

/** Away from this machine the editor needs the git host's sign-in, which this site lacks yet. */
export const NOT_SET_UP =
  'The editor is not set up here yet: it signs in with GitHub once the site has an OAuth app (README: Set up publishing). On the computer that holds the site, make dev opens it at http://127.0.0.1:8787/admin/.';

document.addEventListener('DOMContentLoaded', () => void start());
