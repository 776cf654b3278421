/**
 * Asks the background for known verdicts of the page's links, one `links.lookup` message per
 * batch of up to MAX_BATCH URLs (docs/decisions/013-content-script.md: "one message per batch to the background, not one per
 * link"). Links go in document order (discovery's order); a link the pointer or focus is on goes
 * first. One batch is in flight at a time; the first waits a moment so discovery's idle slices
 * gather into one message.
 *
 * | event                            | effect                                                  |
 * |----------------------------------|---------------------------------------------------------|
 * | enqueue(url) (new URL)           | queued as "rest"; a flush is scheduled after delayMs    |
 * | promote(url) (pointer/focus on it) | moves to "first", sent before every "rest" URL        |
 * | flush                            | takes ≤ batchSize URLs, "first" first, sends one message|
 * | reply ok                         | valid entries for sent URLs → onInfos; next batch soon  |
 * | reply failed                     | the batch is queued again, at most MAX_ATTEMPTS times;  |
 * |                                  | then given up (onGiveUp)                                 |
 */
import { MAX_BATCH } from '@/src/shared/messaging/limits';
import type { LinkInfo, Reply } from '@/src/shared/messaging/protocol';
import { parseLinkInfos } from './incoming';

export interface LookupBatcherOptions {
  send: (urls: string[]) => Promise<Reply<unknown>>;
  onInfos: (infos: Map<string, LinkInfo>) => void;
  /** URLs whose 'unknown' answer changes nothing (not even worth validating). */
  ignoresUnknown?: (url: string) => boolean;
  /** URLs no lookup could be sent for (the background kept failing). */
  onGiveUp?: (urls: readonly string[]) => void;
  setTimer: (cb: () => void, ms: number) => number;
}

/** Wait before the first batch of a burst (gathers discovery's slices into one message). */
const DELAY_MS = 150;
/** Wait between consecutive batches. */
const GAP_MS = 50;
const RETRY_MS = 2000;
const MAX_ATTEMPTS = 3;

export class LookupBatcher {
  readonly #first = new Set<string>();
  readonly #rest = new Set<string>();
  readonly #attempts = new Map<string, number>();
  #timer: number | null = null;
  #inFlight = false;
  #stopped = false;

  readonly #opts: LookupBatcherOptions;

  constructor(opts: LookupBatcherOptions) {
    this.#opts = opts;
  }

  get queued(): number {
    return this.#first.size + this.#rest.size;
  }

  enqueue(url: string): void {
    if (this.#stopped || this.#first.has(url) || this.#rest.has(url)) return;
    this.#rest.add(url);
    this.#schedule(DELAY_MS);
  }

  promote(url: string): void {
    if (this.#rest.delete(url)) this.#first.add(url);
  }

  stop(): void {
    this.#stopped = true;
    this.#first.clear();
    this.#rest.clear();
  }

  #schedule(ms: number): void {
    if (this.#timer !== null || this.#inFlight || this.#stopped) return;
    this.#timer = this.#opts.setTimer(() => {
      this.#timer = null;
      void this.flush();
    }, ms);
  }

  #take(): string[] {
    const batch: string[] = [];
    for (const set of [this.#first, this.#rest]) {
      for (const url of set) {
        if (batch.length >= MAX_BATCH) return batch;
        batch.push(url);
        set.delete(url);
      }
    }
    return batch;
  }

  async flush(): Promise<void> {
    if (this.#inFlight || this.#stopped) return;
    const batch = this.#take();
    if (batch.length === 0) return;
    this.#inFlight = true;
    let reply: Reply<unknown>;
    try {
      reply = await this.#opts.send(batch);
    } catch (e) {
      reply = { ok: false, error: { code: 'no_reply', message: String(e) } };
    }
    this.#inFlight = false;
    if (this.#stopped) return;
    if (reply.ok) {
      const infos = parseLinkInfos(reply.data, undefined, batch, this.#opts.ignoresUnknown);
      for (const url of batch) this.#attempts.delete(url);
      if (infos.size > 0) this.#opts.onInfos(infos);
      if (this.queued > 0) this.#schedule(GAP_MS);
      return;
    }
    // The background may be starting up or reloading: try these again later, a bounded number of times.
    const givenUp: string[] = [];
    for (const url of batch) {
      const n = (this.#attempts.get(url) ?? 0) + 1;
      if (n < MAX_ATTEMPTS) {
        this.#attempts.set(url, n);
        this.#rest.add(url);
      } else {
        this.#attempts.delete(url);
        givenUp.push(url);
      }
    }
    if (givenUp.length > 0) this.#opts.onGiveUp?.(givenUp);
    if (this.queued > 0) this.#schedule(RETRY_MS);
  }
}
