// Measurement 7: the look-alike rules' false-positive budget (docs/decisions/016-organizations.md). The most common
// registrable domains a package on the npm registry lists are judged against three sample
// protected sign-in domains; none may warn. Pure computation, no browser.
//
// The list: `top-sites` (Moz Top 500, MIT), the largest list of popular domains the npm registry
// offers (no Tranco/Alexa-style 1,000-domain package exists there). It is fetched with the
// ordinary npm client (`npm pack`, which runs no install scripts: the package's postinstall
// downloads from the web and fails offline) into a temporary folder, so it is no dependency.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { judgeHost } from '../../src/shared/url/lookalike';
import { SAMPLE_PROTECTED } from '../../src/shared/url/lookalike.examples';
import { registrableDomain } from '../../src/shared/url/site';
import type { Section } from './section';

export const TOP_SITES_PACKAGE = 'top-sites@1.1.222';

export function loadTopDomains(): { domains: string[]; listed: number } {
  const dir = mkdtempSync(join(tmpdir(), 'linklens-top-sites-'));
  try {
    execFileSync('npm', ['pack', TOP_SITES_PACKAGE, '--silent', '--pack-destination', dir], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const tgz = readdirSync(dir).find((f) => f.endsWith('.tgz'))!;
    execFileSync('tar', ['xzf', join(dir, tgz), '-C', dir]);
    const list = JSON.parse(readFileSync(join(dir, 'package', 'top-sites.json'), 'utf8')) as { rootDomain: string }[];
    const domains = [...new Set(list.map((e) => registrableDomain(e.rootDomain.replace(/\/.*$/, ''))))];
    return { domains, listed: list.length };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function measureLookalikeFalsePositives(): Promise<Section> {
  const { domains, listed } = loadTopDomains();
  const rows: string[][] = [];
  const warned: { protectedDomain: string; host: string; reason: string }[] = [];
  for (const p of SAMPLE_PROTECTED) {
    const hits = domains.map((d) => ({ d, v: judgeHost(d, [p]) })).filter((x) => x.v.kind === 'lookalike');
    for (const h of hits)
      warned.push({ protectedDomain: p, host: h.d, reason: h.v.kind === 'lookalike' ? h.v.reason : '' });
    const sameSite = domains.filter((d) => judgeHost(d, [p]).kind === 'same-site').length;
    rows.push([`\`${p}\``, String(domains.length), String(hits.length), String(sameSite)]);
  }
  const body = [
    `The ${domains.length} distinct registrable domains of the npm package \`${TOP_SITES_PACKAGE}\` (Moz Top 500: ${listed} entries; the largest popular-domains list on the npm registry, so 1,000 were not to be had) judged by \`judgeHost\` (src/shared/url/lookalike.ts) against each sample protected sign-in domain alone. A warning on any of them is a false positive. "same site" rows are the protected domain's own site (never warned).`,
    '',
    '| protected domain | domains judged | warned (false positives) | same site |',
    '| --- | --- | --- | --- |',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
    '',
    warned.length
      ? `Warned: ${warned.map((w) => `${w.host} (${w.reason}, vs ${w.protectedDomain})`).join('; ')}.`
      : 'None warned.',
  ].join('\n');
  return {
    title: '7. Look-alike sign-in pages: false positives on popular domains',
    body,
    summary: [
      {
        figure: `7. Look-alike warnings on the ${domains.length} most common registrable domains, vs 3 sample protected domains`,
        value: String(warned.length),
        aim: '0',
        met: warned.length === 0,
      },
    ],
    raw: { package: TOP_SITES_PACKAGE, domains: domains.length, warned },
  };
}
