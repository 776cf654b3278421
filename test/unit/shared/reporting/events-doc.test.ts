// docs/admin/reporting.md shows receivers one example of every event type: the same objects as
// events.examples.ts, each valid under the schema Linklens sends with.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVENT_EXAMPLES } from '@/src/shared/reporting/events.examples';
import { REPORT_SCHEMA, REPORT_TYPES, ReportEventSchema } from '@/src/shared/reporting/events';

const doc = readFileSync(resolve(import.meta.dirname, '../../../../docs/admin/reporting.md'), 'utf8');
const blocks = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);

describe('docs/admin/reporting.md', () => {
  it('shows the batch with the schema Linklens sends', () => {
    expect(blocks[0]).toMatchObject({ schema: REPORT_SCHEMA });
  });

  it.each(REPORT_TYPES)('shows %s exactly as the example, valid under the schema', (type) => {
    const shown = blocks.filter((b) => b.type === type);
    expect(shown).toEqual([EVENT_EXAMPLES[type]]);
    expect(ReportEventSchema.safeParse(shown[0]).success).toBe(true);
  });
});
