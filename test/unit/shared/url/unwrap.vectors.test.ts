/**
 * unwrap() against the published decoders and their tests (unwrap-agreement.ts says what is
 * compared). The aim: agreement with at least 95 % of the attributed vectors of the shared file
 * (those whose source repository is known) and with every vector collected for this project.
 * Which vectors disagree is printed, so a change that loses one says which.
 */
import { describe, expect, it } from 'vitest';
import { agreement, describeDisagreements, loadSharedVectors, percent } from './unwrap-agreement';
import { COLLECTED_VECTORS } from './unwrap-vectors';

const AIM = 0.95;

describe('unwrap against published decoders', () => {
  const shared = loadSharedVectors();

  it("agrees with at least 95 % of the shared file's attributed vectors", () => {
    const attributed = agreement(shared.filter((v) => v.attributed !== false));
    const all = agreement(shared);
    console.log(
      `unwrap agreement: ${attributed.agreed} of ${attributed.total} attributed vectors (${percent(attributed)}); ${all.agreed} of ${all.total} with the unattributed ones (${percent(all)})`,
    );
    console.log(`disagreements:\n${describeDisagreements(all)}`);
    expect(attributed.agreed / attributed.total).toBeGreaterThanOrEqual(AIM);
  });

  it('agrees with every vector collected for this project', () => {
    const mine = agreement(COLLECTED_VECTORS);
    expect(describeDisagreements(mine)).toBe('');
    expect(mine.total).toBeGreaterThan(0);
  });
});
