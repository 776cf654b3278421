/** Job id path forms: bare UUID first, fall back to the id as returned, remember (docs/decisions/015-api-client.md). */
import { describe, expect, it, vi } from 'vitest';
import { SCAN_ID, UUID, collect, completedJob, json, makeClient, sseResponse, type Call } from './fakes';

/** A fake service accepting only one form of the id in paths. */
const onlyForm =
  (accepted: 'bare' | 'prefixed', status = 404) =>
  (call: Call) => {
    const want = accepted === 'bare' ? `/v1/scans/${UUID}` : `/v1/scans/${SCAN_ID}`;
    if (!call.path.startsWith(want)) return json(status, { message: 'no such scan' });
    if (call.path.endsWith('/events')) return sseResponse([`data: ${JSON.stringify({ state: 'COMPLETED' })}\n\n`]);
    if (call.path.endsWith('/analytics')) return json(200, { views: 1 });
    return json(200, completedJob());
  };

describe('id path forms', () => {
  it('puts the bare UUID in the path first and remembers it silently when it works', async () => {
    const onIdForm = vi.fn();
    const { client, calls } = makeClient(onlyForm('bare'), { onIdForm });
    const r = await client.getScan(SCAN_ID);
    expect(r.ok && r.value.id).toBe(SCAN_ID);
    expect(calls.map((c) => c.path)).toEqual([`/v1/scans/${UUID}`]);
    expect(onIdForm).toHaveBeenCalledWith('bare');
  });

  it.each([400, 404, 422])('falls back to the id as returned on %i, then remembers that form', async (status) => {
    const onIdForm = vi.fn();
    const { client, calls } = makeClient(onlyForm('prefixed', status), { onIdForm });
    expect((await client.getScan(SCAN_ID)).ok).toBe(true);
    expect(calls.map((c) => c.path)).toEqual([`/v1/scans/${UUID}`, `/v1/scans/${SCAN_ID}`]);
    expect(onIdForm).toHaveBeenCalledExactlyOnceWith('asReturned');
    // Later calls (any id endpoint) go straight to the remembered form.
    expect((await client.getAnalytics(SCAN_ID)).ok).toBe(true);
    expect(calls.at(-1)!.path).toBe(`/v1/scans/${SCAN_ID}/analytics`);
    expect(calls).toHaveLength(3);
    expect(onIdForm).toHaveBeenCalledTimes(1);
  });

  it('starts from a form remembered by an earlier run (config.idForm)', async () => {
    const { client, calls } = makeClient(onlyForm('prefixed'), { idForm: 'asReturned' });
    expect((await client.getScan(SCAN_ID)).ok).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('relearns when the remembered form stops working', async () => {
    const onIdForm = vi.fn();
    const { client, calls } = makeClient(onlyForm('bare'), { idForm: 'asReturned', onIdForm });
    expect((await client.getScan(SCAN_ID)).ok).toBe(true);
    expect(calls.map((c) => c.path)).toEqual([`/v1/scans/${SCAN_ID}`, `/v1/scans/${UUID}`]);
    expect(onIdForm).toHaveBeenCalledWith('bare');
  });

  it('does not fall back on other errors (401, 500, bad_response)', async () => {
    for (const answer of [json(401, {}), json(200, { nope: true })]) {
      const { client, calls } = makeClient([answer], { maxAttempts: 1 });
      expect((await client.getScan(SCAN_ID)).ok).toBe(false);
      expect(calls).toHaveLength(1);
    }
  });

  it('returns not_found when neither form exists', async () => {
    const { client, calls } = makeClient([json(404, { message: 'gone' })]);
    const r = await client.getScan(SCAN_ID);
    expect(r.ok === false && r.error).toMatchObject({ code: 'not_found', message: 'gone' });
    expect(calls).toHaveLength(2);
  });

  it('an id without a prefix is sent once, as is', async () => {
    const { client, calls } = makeClient([json(404, {})]);
    await client.getScan(UUID);
    expect(calls.map((c) => c.path)).toEqual([`/v1/scans/${UUID}`]);
  });

  it('a throwing onIdForm does not fail the request', async () => {
    const { client } = makeClient(onlyForm('bare'), {
      onIdForm: () => {
        throw new Error('storage full');
      },
    });
    expect((await client.getScan(SCAN_ID)).ok).toBe(true);
  });

  it('the events stream uses the same fallback and memory', async () => {
    const onIdForm = vi.fn();
    const { client, calls } = makeClient(onlyForm('prefixed'), { onIdForm });
    const events = await collect(client.streamEvents(SCAN_ID));
    expect(events.at(-1)).toEqual({ kind: 'end', reason: 'terminal' });
    expect(calls.map((c) => c.path)).toEqual([`/v1/scans/${UUID}/events`, `/v1/scans/${SCAN_ID}/events`]);
    expect(onIdForm).toHaveBeenCalledWith('asReturned');
  });

  it('key ids get the same fallback (revokeKey)', async () => {
    const keyUuid = '11111111-2222-4333-8444-555555555555';
    const { client, calls } = makeClient((c) =>
      c.path === `/v1/api-keys/key_${keyUuid}` ? json(200, { revoked: true }) : json(404, {}),
    );
    expect(await client.revokeKey(`key_${keyUuid}`)).toEqual({ ok: true, value: { revoked: true } });
    expect(calls.map((c) => c.method)).toEqual(['DELETE', 'DELETE']);
  });
});
