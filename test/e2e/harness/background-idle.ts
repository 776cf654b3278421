// "Nothing happened" in a browser test (no request sent, no rule added) is read once the
// background has no work in flight: the `test.idle` message (src/background/idle.ts), which only
// test builds answer and only our own pages may send. Before asking, a test makes sure the event
// it starts has reached the background (a page loaded, a tooltip showed): idle says the work an
// event started is done, not that an event still on its way has arrived.
import type { Page } from 'playwright-core';
import type { JourneyDriver } from './driver';
import { sendFromExtensionPage } from './extension-messages';

/** A driver, or an extension page of ours (Chromium's launchChromium tests) to send from. */
export type IdleProbeFrom = Pick<JourneyDriver, 'sendExtensionMessage'> | Page;

/** Resolves once the background says it has no work in flight; throws if it refuses. */
export async function backgroundIdle(from: IdleProbeFrom): Promise<void> {
  const probe = { type: 'test.idle' };
  const reply =
    'sendExtensionMessage' in from ? await from.sendExtensionMessage(probe) : await sendFromExtensionPage(from, probe);
  if (!reply || reply.ok !== true)
    throw new Error(`The background did not answer test.idle (not a test build?): ${JSON.stringify(reply)}`);
}
