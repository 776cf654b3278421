// Measurement 7: the cost of keeping the request-blocking rules (declarativeNetRequest) in step
// with what Linklens knows is bad (docs/decisions/002-known-bad-rules.md), and whether the first navigation after
// the service worker stopped is still stopped before its request.
//
// (a) Planning, in Node: planNetRules + diffRules (src/shared/policy/net-rules.ts), the code the
//     worker runs, for the cache at its cap (5,000 entries, all block-level) plus a 5,000-host
//     block list, and for "one more verdict" on top of it.
// (b) The browser's part, in Chromium: a bench-only extension (declarativeNetRequest permission,
//     one page that calls the API; Linklens's own worker would re-plan behind our back) installs
//     exactly that plan from nothing in one updateDynamicRules call (the rebuild), then adds and
//     removes one more regex rule (time of the add) beside the plan less one regex rule (the plan
//     fills every regex slot).
// (c) Linklens itself: a phishing URL is scanned (scan.url, never visited); from the moment the
//     service completed the job (its completedAt, same machine clock) until the browser holds
//     the block rule (getDynamicRules polled from an extension page).
// (d) The first navigation after a worker stop: the worker is stopped (CDP), a tab opens a
//     cached-bad URL; the page server counts the requests its host received. The same again with
//     the extension's rules removed first: the navigation-event path alone, as before the rules.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium, startPageServer, stopServiceWorker } from '../e2e/harness';
import { requestFromExtensionPage } from '../e2e/harness/extension-messages';
import {
  planNetRules,
  diffRules,
  DEFAULT_LIMITS,
  type NetRule,
  type NetRuleInput,
} from '@/src/shared/policy/net-rules';
import type { LinksLookupData } from '@/src/shared/messaging/protocol';
import { startService } from '../service/server';
import { launchWithExtension } from './bench-browser';
import type { Section } from './section';
import { fmt, int, median, p95, sleep, table, paragraphs } from './stats';

export interface NetRulesOptions {
  /** Cached block-level verdicts and block-list hosts in the rebuilt plan. */
  entries: number;
  rebuilds: number;
  adds: number;
  /** Scans in (c) and navigations per side in (d). */
  verdicts: number;
  restarts: number;
}

type Chrome = {
  declarativeNetRequest: { updateDynamicRules(u: object): Promise<void>; getDynamicRules(): Promise<NetRule[]> };
};

/** The plan for `n` block-level verdicts and an `n`-host block list, with the browser's limits. */
function planFor(n: number, extra = 0): ReturnType<typeof planNetRules> {
  const now = Date.now();
  const input: NetRuleInput = {
    settings: {
      blocklist: Array.from({ length: n }, (_, i) => `listed-${i}.example`),
      allowlist: [],
      warnThreshold: 51,
      blockThreshold: 76,
      minBlockConfidence: 0,
      auditOnly: false,
      stripQuery: true,
      allowProceed: true,
    },
    pausedUntil: null,
    verdicts: [
      ...Array.from({ length: n }, (_, i) => ({
        verdict: {
          url: `https://phish-${i}.example/path/${i}/login`,
          riskScore: 76 + (i % 24),
          categories: ['phishing'],
          checkedAt: now - i,
        },
        expiresAt: now + 3_600_000,
      })),
      // "One more": the most severe and newest, so it takes a rule (and another verdict loses one).
      ...Array.from({ length: extra }, (_, i) => ({
        verdict: {
          url: `https://phish-new-${i}.example/login`,
          riskScore: 100,
          categories: ['phishing'],
          checkedAt: now + 1,
        },
        expiresAt: now + 3_600_000,
      })),
    ],
    exceptions: [],
    passes: [],
    limits: { ...DEFAULT_LIMITS, dynamic: 30_000 }, // Chromium's dynamic limit; regex 1,000 either way
    now,
  };
  return planNetRules(input);
}

function msOf(fn: () => unknown, rounds: number): number[] {
  const out: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const t = performance.now();
    fn();
    out.push(performance.now() - t);
  }
  return out;
}

async function writeDnrExtension(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'linklens-bench-dnr-'));
  await writeFile(
    join(dir, 'manifest.json'),
    JSON.stringify({
      manifest_version: 3,
      name: 'bench dnr',
      version: '1.0.0',
      permissions: ['declarativeNetRequest'],
      background: { service_worker: 'background.js' },
    }),
  );
  await writeFile(join(dir, 'background.js'), '// nothing: the page calls the API\n');
  await writeFile(join(dir, 'page.html'), '<!doctype html><title>dnr</title>');
  return dir;
}

/** (b): rebuild from nothing, then add one rule beside the full set; ms in the page's clock. */
async function browserCost(
  o: NetRulesOptions,
  plan: NetRule[],
): Promise<{ rebuild: number[]; add: number[]; addEmpty: number[]; installed: number }> {
  const dir = await writeDnrExtension();
  const ext = await launchChromium({ extensionDir: dir, hostMap: false });
  try {
    const page = await ext.context.newPage();
    await page.goto(ext.pageUrl('page.html'));
    const one: NetRule = {
      id: 2 ** 31 - 1,
      priority: 1,
      action: { type: 'block' },
      condition: {
        regexFilter: '^https://(?:[^/?#@]*@)?one-more\\.example\\.*/login(?:\\?[^#]*)?(?:#.*)?$',
        isUrlFilterCaseSensitive: true,
        resourceTypes: ['main_frame', 'sub_frame'],
      },
    };
    return await page.evaluate(
      async ({ rules, one, rebuilds, adds }) => {
        // No named functions in here: tsx would wrap them in a helper the page does not have.
        const dnr = (globalThis as unknown as { chrome: Chrome }).chrome.declarativeNetRequest;
        // One rule into an empty set: the browser's floor for any update.
        const addEmpty: number[] = [];
        for (let i = 0; i < adds; i++) {
          const t = performance.now();
          await dnr.updateDynamicRules({ addRules: [one] });
          addEmpty.push(performance.now() - t);
          await dnr.updateDynamicRules({ removeRuleIds: [one.id] });
        }
        const rebuild: number[] = [];
        for (let i = 0; i < rebuilds; i++) {
          await dnr.updateDynamicRules({ removeRuleIds: (await dnr.getDynamicRules()).map((r) => r.id) });
          const t = performance.now();
          await dnr.updateDynamicRules({ addRules: rules });
          rebuild.push(performance.now() - t);
        }
        const installed = (await dnr.getDynamicRules()).length;
        // The plan uses every regex slot: one verdict rule makes room for the added one.
        const room = rules.filter((r) => r.condition.regexFilter).at(-1);
        if (room) await dnr.updateDynamicRules({ removeRuleIds: [room.id] });
        const add: number[] = [];
        for (let i = 0; i < adds; i++) {
          const t = performance.now();
          await dnr.updateDynamicRules({ addRules: [one] });
          add.push(performance.now() - t);
          await dnr.updateDynamicRules({ removeRuleIds: [one.id] });
        }
        return { rebuild, add, addEmpty, installed };
      },
      { rules: plan, one, rebuilds: o.rebuilds, adds: o.adds },
    );
  } finally {
    await ext.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Polls the extension's rules from its page until one blocks `url`; the page's Date.now() then. */
function ruleInPlaceAt(control: Page, url: string): Promise<number> {
  return control.evaluate(async (u) => {
    const dnr = (globalThis as unknown as { chrome: Chrome }).chrome.declarativeNetRequest;
    for (const end = Date.now() + 20_000; Date.now() < end;) {
      const rules = await dnr.getDynamicRules();
      if (
        rules.some(
          (r) =>
            r.action.type === 'block' &&
            r.condition.regexFilter !== undefined &&
            new RegExp(r.condition.regexFilter).test(u),
        )
      )
        return Date.now();
    }
    return Number.NaN;
  }, url);
}

export async function measureNetRules(o: NetRulesOptions): Promise<Section> {
  // (a)
  const full = planFor(o.entries);
  const plusOne = planFor(o.entries, 1);
  const planMs = msOf(() => planFor(o.entries), 10);
  const plusOneMs = msOf(() => diffRules(full.dynamic, planFor(o.entries, 1).dynamic), 10);
  const diffPlusOne = diffRules(full.dynamic, plusOne.dynamic);
  const regexRules = full.dynamic.filter((r) => r.condition.regexFilter).length;

  // (b)
  const browser = await browserCost(o, full.dynamic);

  // (c) and (d), Linklens itself.
  const pages = await startPageServer();
  const svc = await startService({ processingDelayMs: 300, initialCredits: 100_000 });
  const be = await launchWithExtension(svc);
  const followMs: number[] = [];
  const reached = { rules: [] as number[], eventsOnly: [] as number[] };
  try {
    const { ext, control } = be;
    for (let i = 0; i < o.verdicts; i++) {
      const url = pages.url(`phish-follow-${i}.test`, '/login');
      const at = ruleInPlaceAt(control, url);
      await requestFromExtensionPage(control, { type: 'scan.url', url, reason: 'popup' });
      const ruleAt = await at;
      const job = svc.scans().find((s) => s.url === url);
      const done = job?.completedAt ? Date.parse(job.completedAt) : Number.NaN;
      followMs.push(ruleAt - done);
    }
    for (const side of ['rules', 'eventsOnly'] as const) {
      for (let i = 0; i < o.restarts; i++) {
        const host = `phish-restart-${side}-${i}.test`;
        const url = pages.url(host, '/login');
        await requestFromExtensionPage(control, { type: 'scan.url', url, reason: 'popup' });
        for (const end = Date.now() + 15_000; Date.now() < end; await sleep(20)) {
          const known = await requestFromExtensionPage<LinksLookupData>(control, { type: 'links.lookup', urls: [url] });
          if (known[url]?.status === 'verdict') break;
        }
        await ruleInPlaceAt(control, url);
        if (side === 'eventsOnly') {
          // As before the rules: remove them behind the extension's back (it re-plans only on its next change).
          await control.evaluate(async () => {
            const dnr = (globalThis as unknown as { chrome: Chrome }).chrome.declarativeNetRequest;
            await dnr.updateDynamicRules({ removeRuleIds: (await dnr.getDynamicRules()).map((r) => r.id) });
          });
        }
        await stopServiceWorker(ext.context, ext.extensionId);
        const tab = await ext.context.newPage();
        await tab.goto(url, { waitUntil: 'domcontentloaded', timeout: 15_000 }).catch(() => undefined);
        for (const end = Date.now() + 15_000; Date.now() < end && !tab.url().includes('/blocked.html');)
          await sleep(20);
        await sleep(300);
        reached[side].push(pages.requestsTo(host).filter((r) => r.path !== '/favicon.ico').length);
        await tab.close();
      }
    }
  } finally {
    await be.close();
    await pages.stop();
    await svc.stop();
  }

  const n = o.entries;
  const reachedOf = (xs: number[]) =>
    `${xs.filter((x) => x > 0).length} of ${xs.length} navigations (${int(xs.reduce((a, b) => a + b, 0))} requests)`;
  const body = [
    ...paragraphs([
      'The request-blocking layer (declarativeNetRequest) holds a rule for each cached block-level verdict and for the block lists, so such a navigation is stopped before the browser sends it (docs/decisions/002-known-bad-rules.md). This measures what keeping those rules in step costs, and checks the guarantee right after the service worker stopped.',
      `**Rebuild.** The plan for the cache at its cap (${int(n)} cached verdicts, all block-level) plus a ${int(n)}-host block list: ${int(full.dynamic.length)} rules, ${int(full.dynamic.length - regexRules)} of them block-list rules (hosts hashed into at most 64 \`requestDomains\` rules) and ${int(regexRules)} regex rules (one per verdict, up to the browser's limit of 1,000 regex rules); the other ${int(full.overflow.length)} verdicts overflow to the navigation-event path (most severe and most recent first get a rule). Planning in Node (the worker's code), median of 10: ${fmt(median(planMs), 1)} ms. Installing that plan from nothing in one \`updateDynamicRules\` call in Chromium, median of ${o.rebuilds}: ${fmt(median(browser.rebuild), 1)} ms (max ${fmt(Math.max(...browser.rebuild), 1)} ms); the browser then held ${int(browser.installed)} rules.`,
      `**One more rule.** A new, most severe verdict on top of the full cache: plan + diff ${fmt(median(plusOneMs), 1)} ms (median of 10; the diff adds ${diffPlusOne.addRules.length} rule and removes ${diffPlusOne.removeRuleIds.length}: the least severe, oldest verdict gives up its regex slot). Adding one regex rule in Chromium, median of ${o.adds}: ${fmt(median(browser.add), 1)} ms (p95 ${fmt(p95(browser.add), 1)} ms) beside the full set, ${fmt(median(browser.addEmpty), 1)} ms (p95 ${fmt(p95(browser.addEmpty), 1)} ms) into an empty one: Chromium re-indexes the whole dynamic rule set on every update, so one rule costs about as much as the whole set. That is why the extension sends only real changes, and one update per batch of changes.`,
      `**A verdict's rule follows it.** Linklens itself, ${o.verdicts} phishing URLs scanned (never visited): from the service's completedAt to the browser holding the rule, median ${fmt(median(followMs), 0)} ms, p95 ${fmt(p95(followMs), 0)} ms (this includes the verdict's delivery over the event stream and the cache write, BENCHMARKS.md "Time to verdict"; same machine clock).`,
      `**First navigation after the worker stopped.** The service worker stopped (CDP ServiceWorker.stopWorker), then a tab opens a URL whose block-level verdict is cached. With the rules: the bad host's server was reached on ${reachedOf(reached.rules)}. With the rules removed first (the navigation-event path alone, as before this change): ${reachedOf(reached.eventsOnly)}.`,
    ]),
    table(
      ['figure', 'value'],
      [
        [`plan for ${int(n)} verdicts + ${int(n)} hosts (Node, median)`, `${fmt(median(planMs), 1)} ms`],
        [`install that plan from nothing (Chromium, median of ${o.rebuilds})`, `${fmt(median(browser.rebuild), 1)} ms`],
        [
          'add one rule beside it (Chromium, median / p95)',
          `${fmt(median(browser.add), 1)} / ${fmt(p95(browser.add), 1)} ms`,
        ],
        [
          'add one rule to an empty set (Chromium, median / p95)',
          `${fmt(median(browser.addEmpty), 1)} / ${fmt(p95(browser.addEmpty), 1)} ms`,
        ],
        ['plan + diff for one more verdict at the cap (Node, median)', `${fmt(median(plusOneMs), 1)} ms`],
        ['completed → rule in place (median / p95)', `${fmt(median(followMs), 0)} / ${fmt(p95(followMs), 0)} ms`],
        ['after a worker stop, server reached: with rules', reachedOf(reached.rules)],
        ['after a worker stop, server reached: navigation events only', reachedOf(reached.eventsOnly)],
      ],
    ),
  ].join('\n');

  return {
    title: '8. Request-blocking rules kept in step',
    body,
    summary: [
      {
        figure: `8. Rebuild the rules for ${int(n)} verdicts + ${int(n)} hosts (plan + install)`,
        value: `${fmt(median(planMs) + median(browser.rebuild), 0)} ms`,
        aim: '',
        met: null,
      },
      {
        figure: '8. Add one rule (Chromium, median): beside the full set / into an empty set',
        value: `${fmt(median(browser.add), 1)} / ${fmt(median(browser.addEmpty), 1)} ms`,
        aim: '',
        met: null,
      },
      {
        figure: '8. First navigation after a worker stop: bad server reached',
        value: `${reached.rules.filter((x) => x > 0).length} of ${reached.rules.length} (without rules: ${reached.eventsOnly.filter((x) => x > 0).length} of ${reached.eventsOnly.length})`,
        aim: '0',
        met: reached.rules.every((x) => x === 0),
      },
    ],
    raw: {
      planMs,
      plusOneMs,
      browser,
      followMs,
      reached,
      rules: full.dynamic.length,
      regexRules,
      overflow: full.overflow.length,
    },
  };
}
