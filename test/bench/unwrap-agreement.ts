// Measurement 15: how often unwrap() reads a mail gateway's or tracker's link as the published
// decoders and their tests do, so a wrong reading would show up as a number. Pure computation, no browser: the shared reference
// vectors (../shared/reference-data/unwrap-vectors.json, from Proofpoint's decoder, cardi's,
// binref/refinery, atc0005/safelinks, demisto, kachi, unfurl, crux…) and the ones collected for
// this project (test/unit/shared/url/unwrap-vectors.ts). The comparison is the unit test's
// (unwrap-agreement.ts), which also holds the aim.
import { agreement, loadSharedVectors, percent, type Agreement } from '../unit/shared/url/unwrap-agreement';
import { COLLECTED_VECTORS } from '../unit/shared/url/unwrap-vectors';
import type { Section } from './section';

const AIM = 0.95;

export async function measureUnwrapAgreement(): Promise<Section> {
  const shared = loadSharedVectors();
  const attributed = agreement(shared.filter((v) => v.attributed !== false));
  const all = agreement(shared);
  const mine = agreement(COLLECTED_VECTORS);
  const row = (name: string, a: Agreement) => `| ${name} | ${a.total} | ${a.agreed} | ${percent(a)} |`;
  const body = [
    'Each wrapped link is read by `unwrap()` (src/shared/url/unwrap.ts); its answer is the last hop reached through known wrappers (a decoder reads its wrapper, not a guess beyond it), compared with the destination the source gives, as the browser serializes it. A source that reads no destination agrees with a link nothing was read from.',
    '',
    '| vectors | total | agreed | agreement |',
    '| --- | --- | --- | --- |',
    row('shared file, source repository known', attributed),
    row('shared file, all (with the unattributed)', all),
    row('collected for this project', mine),
    '',
    all.disagreements.length
      ? `Disagreeing: ${all.disagreements.map((d) => `${d.vector.kind} (${d.vector.src}: expected ${d.vector.expected}, read ${d.got})`).join('; ')}.`
      : 'None disagree.',
  ].join('\n');
  return {
    title: '15. Unwrapping: agreement with published decoders',
    body,
    summary: [
      {
        figure: `15. Unwrapping: agreement with the ${attributed.total} attributed published vectors`,
        value: `${attributed.agreed} of ${attributed.total} (${percent(attributed)})`,
        aim: '≥ 95 %',
        met: attributed.agreed / attributed.total >= AIM,
      },
    ],
    raw: {
      attributed: { total: attributed.total, agreed: attributed.agreed },
      all: { total: all.total, agreed: all.agreed },
      collected: { total: mine.total, agreed: mine.agreed },
      disagreements: all.disagreements.map((d) => ({
        src: d.vector.src,
        input: d.vector.input,
        expected: d.vector.expected,
        got: d.got,
      })),
    },
  };
}
