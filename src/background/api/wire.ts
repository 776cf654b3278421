/**
 * Whether the service answers over a multiplexed protocol, as the browser reports it for this
 * worker's own fetches (Resource Timing's `nextHopProtocol`). It decides how many event streams
 * may be open at once (engine/stream-slots.ts): HTTP/1.1 allows six connections per host and a
 * stream holds one for a whole scan, while HTTP/2 and HTTP/3 carry every request of the host over
 * one connection, side by side, so there a stream takes nothing from a POST or a poll.
 *
 * Only the origins a client registered (its service) are recorded; every other entry is ignored.
 * A browser that does not tell (an empty protocol, no Resource Timing in this context) leaves the
 * origin unknown, which counts as HTTP/1.1: the cautious side.
 */

/**
 * The ALPN id the browser reports → whether requests share one connection.
 *   "h2", "h2c", "h3", "h3-29" → true · "http/1.1", "http/1.0", "", "spdy/3" → false
 * (ALPN ids are lower case, RFC 7301 registry.)
 */
export const isMultiplexed = (protocol: string): boolean => /^h[23]/.test(protocol);

type Entries = readonly { name: string; nextHopProtocol?: string }[];

/** What the watch needs of the platform (a fake in tests): calls back with each batch of entries. */
export type TimingSource = (onEntries: (entries: Entries) => void) => void;

/** The worker's PerformanceObserver; nothing when this context has no Resource Timing. */
const browserTiming: TimingSource = (onEntries) => {
  try {
    new PerformanceObserver((list) => onEntries(list.getEntries() as PerformanceResourceTiming[])).observe({
      type: 'resource',
      buffered: true,
    });
  } catch {
    /* no Resource Timing here: every service counts as HTTP/1.1 */
  }
};

export interface WireWatch {
  /** The service's origin (a client for it was made): its protocol is recorded from then on. */
  watch(origin: string): void;
  /** Whether the service's last answer came over HTTP/2 or HTTP/3. */
  multiplexed(): boolean;
  /** Called when that changes (e.g. first learned). One listener: the engine. */
  onChange(fn: () => void): void;
}

export function createWireWatch(source: TimingSource = browserTiming): WireWatch {
  let origin = '';
  /** The last protocol reported for the service ('' until one is). */
  let protocol = '';
  let changed = () => {};

  function note(entries: Entries) {
    for (const { name, nextHopProtocol: p } of entries) {
      // An entry without a protocol (a failed fetch, a browser that does not tell) teaches nothing;
      // an entry of another origin (a short link's HEAD, a report) is none of the service's; before
      // any service is set, `origin` is '' and no absolute URL starts with "/".
      if (p && p !== protocol && name.startsWith(`${origin}/`)) {
        protocol = p;
        changed();
      }
    }
  }

  // Watching from the start costs nothing until the service is set: every other entry is ignored.
  source(note);
  return {
    watch(o) {
      if (o !== origin) [origin, protocol] = [o, ''];
    },
    multiplexed: () => isMultiplexed(protocol),
    onChange: (fn) => void (changed = fn),
  };
}

/** The worker's one watch: the client made for the service registers its origin. */
export const serviceWire = createWireWatch();
