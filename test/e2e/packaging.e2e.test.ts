// Shipping (docs/decisions/018-tests.md): `npm run zip` makes a Chrome and a Firefox package; the Firefox package
// passes Mozilla's addons-linter with 0 errors and declares its data collection; both manifests
// keep a strict CSP, the minimum of web-accessible resources and the expected permissions.
// No browser is started: this checks the packages people would upload.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cspProblems, webAccessibleProblems, type WebAccessibleEntry } from './harness/manifest-audit';
import {
  describeLinterMessages,
  lintFirefoxPackage,
  zipFreshCopy,
  type LinterReport,
  type Packages,
} from './harness/packaging';
import { readZip, type ZipContents } from './harness/zip-reader';

interface Manifest {
  manifest_version: number;
  permissions?: string[];
  host_permissions?: string[];
  optional_permissions?: string[];
  content_security_policy?: { extension_pages?: string; sandbox?: string };
  web_accessible_resources?: WebAccessibleEntry[];
  key?: string;
  storage?: { managed_schema?: string };
  background?: { service_worker?: string; scripts?: string[] };
  content_scripts?: {
    matches?: string[];
    js?: string[];
    all_frames?: boolean;
    match_about_blank?: boolean;
    run_at?: string;
  }[];
  browser_specific_settings?: {
    gecko?: {
      id?: string;
      strict_min_version?: string;
      data_collection_permissions?: { required?: string[]; optional?: string[] };
    };
    gecko_android?: { strict_min_version?: string };
  };
}

/**
 * Why each permission is there. A new one must be added here on purpose (and to the store
 * listing's justification), not slip in with a dependency.
 */
const PERMISSIONS: Record<string, string> = {
  storage:
    'storage.session (blocked-page tokens, exceptions, pause) and the policy (storage.managed); settings, verdicts, ledger and history are in the extension IndexedDB',
  alarms: 'resume scans and credit checks after the worker was stopped',
  contextMenus: '"Check this link with Linklens"',
  notifications: 'results of menu and page checks',
  tabs: 'the URL of the tab a navigation or popup check is about',
  webNavigation: 'see a main-frame navigation before the page loads, to block it',
  declarativeNetRequest:
    'stop requests to known-bad URLs and block-listed hosts before they leave the browser (block rules only)',
  webRequest: 'observe server redirects (3xx) of a main frame, so every hop is checked (non-blocking listener)',
  scripting:
    'register the sign-in guard (signin-guard.js) only while the policy lists protectedSignInDomains, so other browsers run no extra script',
};
/**
 * Chromium only: lifts the quota of the extension's IndexedDB (verdict cache, ledger, history;
 * state/kv.ts) and storage.session. The cache is capped well below any quota (verdict-cache.ts),
 * so this is a margin, not a need; dropping it would be a wxt.config.ts change plus this line.
 */
const CHROMIUM_ONLY_PERMISSIONS = ['unlimitedStorage'];

/**
 * Resources web pages may load from the extension, and why. Empty today: the hover tooltip is a
 * shadow-root UI whose styles are bundled into the content script. If WXT's shadow-root UI
 * starts loading its stylesheet by URL, that file goes here (with use_dynamic_url on Chromium).
 */
const ALLOWED_WEB_ACCESSIBLE: Record<string, string> = {};

describe('npm run zip', () => {
  let packages: Packages;
  let chrome: ZipContents;
  let firefox: ZipContents;
  let chromeManifest: Manifest;
  let firefoxManifest: Manifest;

  beforeAll(async () => {
    packages = await zipFreshCopy();
    chrome = await readZip(packages.chromeZip);
    firefox = await readZip(packages.firefoxZip);
    chromeManifest = chrome.json<Manifest>('manifest.json');
    firefoxManifest = firefox.json<Manifest>('manifest.json');
  });
  afterAll(async () => {
    await packages?.cleanup();
  });

  test('makes a Chrome MV3 package and a Firefox MV3 package with sources', async () => {
    expect(chromeManifest.manifest_version).toBe(3);
    expect(chromeManifest.background?.service_worker).toBe('background.js');
    expect(firefoxManifest.manifest_version).toBe(3);
    expect(firefoxManifest.background?.scripts).toEqual(['background.js']);
    for (const zip of [chrome, firefox]) {
      for (const page of [
        'background.js',
        'popup.html',
        'options.html',
        'blocked.html',
        'content-script.js',
        'signin-guard.js',
        'hold-guard.js',
        '_locales/en/messages.json',
      ]) {
        expect(zip.names).toContain(page);
      }
      // Every language ships (docs/decisions/017-surfaces.md); addons-linter below checks the Firefox copies' format.
      for (const lang of ['de', 'es', 'fr', 'ja']) expect(zip.names).toContain(`_locales/${lang}/messages.json`);
    }
    // The content script: every frame of every http(s) page, once the page is idle; the hold
    // guard: top frames, before the page's first script (wxt.config.ts).
    for (const m of [chromeManifest, firefoxManifest]) {
      expect(m.content_scripts).toEqual([
        {
          matches: ['http://*/*', 'https://*/*'],
          js: ['content-script.js'],
          all_frames: true,
          match_about_blank: true,
          run_at: 'document_idle',
        },
        { matches: ['http://*/*', 'https://*/*'], js: ['hold-guard.js'], all_frames: false, run_at: 'document_start' },
      ]);
    }
    // addons.mozilla.org asks for the sources of bundled code; reviewers rebuild from them.
    const sources = await readZip(packages.sourcesZip);
    expect(sources.names).toEqual(expect.arrayContaining(['package.json', 'package-lock.json', 'wxt.config.ts']));
    expect(sources.names.filter((n) => n.startsWith('node_modules/') || n.startsWith('.output/'))).toEqual([]);
  });

  test('the Chrome package is store-ready: no development key, the policy schema included', () => {
    // The Chrome Web Store refuses a manifest with `key`; wxt.config.ts leaves it out of zips.
    expect(chromeManifest.key).toBeUndefined();
    expect(chromeManifest.storage?.managed_schema).toBe('managed_schema.json');
    expect(chrome.names).toContain('managed_schema.json');
    expect(() => chrome.json('managed_schema.json')).not.toThrow();
  });

  test('the packages treat .test as an intranet name (only test builds count it as the web)', () => {
    // wxt.config.ts inlines PUBLIC_TEST_TLDS (src/shared/url/privacy.ts): ["test"] in the test
    // builds of scripts/lib/build.mjs, [] here. The minifier keeps the array literal as written.
    for (const zip of [chrome, firefox]) {
      const background = zip.read('background.js').toString('utf8');
      expect(background).toContain('"home.arpa"'); // the privacy rules are in this file
      expect(background).not.toContain('["test"]');
    }
  });

  test('the Firefox package passes addons-linter with 0 errors', async () => {
    const report: LinterReport = await lintFirefoxPackage(packages.firefoxZip);
    const lines = [
      ...describeLinterMessages('error', report.errors),
      ...describeLinterMessages('warning', report.warnings),
      ...describeLinterMessages('notice', report.notices),
    ];
    console.log(
      `addons-linter on ${packages.firefoxZip.split('/').pop()}: ${report.summary.errors} errors, ${report.summary.warnings} warnings, ${report.summary.notices} notices${lines.length ? `\n  ${lines.join('\n  ')}` : ''}`,
    );
    expect(report.errors).toEqual([]);
  }, 120_000);

  test('the Firefox manifest declares its id and its data collection (browsingActivity)', () => {
    const gecko = firefoxManifest.browser_specific_settings?.gecko;
    expect(gecko?.id).toBe('linklens@linklens.dev');
    // The URLs of visited pages and hovered links go to the scanning service: browsingActivity.
    expect(gecko?.data_collection_permissions?.required).toContain('browsingActivity');
  });

  test.each([
    ['Chrome', () => chromeManifest],
    ['Firefox', () => firefoxManifest],
  ])('%s: the CSP of extension pages allows no eval, no inline script and no remote source', (_name, manifest) => {
    const csp = manifest().content_security_policy?.extension_pages;
    console.log(`${_name} extension_pages CSP: ${csp}`);
    expect(csp).toBeTypeOf('string');
    expect(cspProblems(csp!)).toEqual([]);
    expect(manifest().content_security_policy?.sandbox).toBeUndefined();
  });

  test.each([
    ['Chrome', 'chromium' as const, () => chromeManifest],
    ['Firefox', 'firefox' as const, () => firefoxManifest],
  ])('%s: web-accessible resources are the minimum', (name, browser, manifest) => {
    const war = manifest().web_accessible_resources;
    const listed = (war ?? []).flatMap((e) =>
      (e.resources ?? []).map((r) => `${r} (${ALLOWED_WEB_ACCESSIBLE[r] ?? 'not allowed'})`),
    );
    console.log(`${name} web_accessible_resources: ${listed.length ? listed.join(', ') : 'none'}`);
    expect(webAccessibleProblems(war, ALLOWED_WEB_ACCESSIBLE, browser)).toEqual([]);
  });

  test('permissions are the expected set on both browsers', () => {
    const base = Object.keys(PERMISSIONS);
    expect([...(chromeManifest.permissions ?? [])].sort()).toEqual([...base, ...CHROMIUM_ONLY_PERMISSIONS].sort());
    expect([...(firefoxManifest.permissions ?? [])].sort()).toEqual([...base].sort());
    // Every http(s) page and link may need a verdict; nothing is optional-by-prompt.
    for (const m of [chromeManifest, firefoxManifest]) {
      expect(m.host_permissions).toEqual(['<all_urls>']);
      expect(m.optional_permissions ?? []).toEqual([]);
    }
  });
});

describe('the manifest audit (self-check: it does catch what it looks for)', () => {
  test.each([
    ["script-src 'self'; object-src 'self'; frame-ancestors 'none'", []],
    ["script-src 'self' 'wasm-unsafe-eval'; object-src 'self'", []],
    ["script-src 'self' 'unsafe-eval'; object-src 'self'", ["'unsafe-eval' in script-src"]],
    ["script-src 'self' 'unsafe-inline'", ["'unsafe-inline' in script-src"]],
    ["default-src 'self' 'unsafe-inline'", ["'unsafe-inline' in default-src"]],
    ["script-src 'self' https://cdn.example", ['remote source https://cdn.example in script-src']],
    ["script-src 'self'; connect-src https:", ['remote source https: in connect-src']],
    ["script-src 'self' *.example.com", ['remote source *.example.com in script-src']],
    ['default-src *', ['remote source * in default-src']],
    ["script-src 'self' data:", ['data: in script-src']],
    ["object-src 'self'", ['no script-src or default-src']],
  ])('cspProblems(%j)', (policy, expected) => {
    expect(cspProblems(policy)).toEqual(expected);
  });

  test('webAccessibleProblems names every widening', () => {
    const allowed = { 'content-scripts/content.css': 'shadow UI stylesheet' };
    expect(
      webAccessibleProblems(
        [{ resources: ['content-scripts/content.css'], matches: ['https://*/*'], use_dynamic_url: true }],
        allowed,
        'chromium',
      ),
    ).toEqual([]);
    expect(
      webAccessibleProblems(
        [{ resources: ['content-scripts/content.css'], matches: ['https://*/*'] }],
        allowed,
        'firefox',
      ),
    ).toEqual([]);
    expect(
      webAccessibleProblems(
        [{ resources: ['blocked.html', 'content-scripts/content.css'], matches: ['<all_urls>'], extension_ids: ['*'] }],
        allowed,
        'chromium',
      ),
    ).toEqual([
      'entry 0: resource blocked.html is not on the allowed list',
      'entry 0: matches <all_urls> reaches beyond web pages',
      'entry 0: exposed to other extensions (*)',
      'entry 0: no use_dynamic_url',
    ]);
  });
});
