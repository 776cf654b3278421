/**
 * A `text/event-stream` parser (WHATWG HTML "Server-sent events", §9.2.6 "Event stream
 * interpretation"), ours instead of eventsource-parser (docs/decisions/009-bundle-weight.md: 4.4 kB of the worker for
 * what these ~60 lines do). Examples: sse.examples.ts.
 *
 *   - Lines end with CRLF, LF or CR, also when a CRLF is split over two chunks; a line or a
 *     field may be split over any number of chunks.
 *   - A BOM at the very start of the stream is dropped.
 *   - `:` first = a comment (keep-alives), ignored. `field: value` (one space after the colon
 *     dropped); a line without a colon is a field with an empty value; unknown fields ignored.
 *   - `data` lines are joined with `\n`; `event` names the event; `id` (without NUL) sets the
 *     last event id, which later events keep; `retry` with only ASCII digits is reported.
 *   - An empty line dispatches the event, unless no `data` came (then only `event` is reset).
 *     Text after the last empty line when the stream ends is not an event (the spec says so).
 *   - A line, or an event's data, longer than MAX_EVENT_CHARS throws: a stream that sends bytes
 *     without ever ending a line or an event would otherwise grow without bound (it is never
 *     silent, so no silence timer ends it); the caller ends the stream and polls instead.
 */

/** Far above any scan event (a few hundred characters). */
export const MAX_EVENT_CHARS = 1 << 20;
const tooLong = () => new Error(`event stream: a line or an event over ${MAX_EVENT_CHARS} characters`);

export interface SseEvent {
  data: string;
  /** The `event` field, when one was given (the spec's default type is "message"). */
  event?: string;
  /** The last event id seen so far in the stream, when any. */
  id?: string;
}

export interface SseParser {
  feed(chunk: string): void;
}

export function createSseParser(onEvent: (e: SseEvent) => void, onRetry?: (ms: number) => void): SseParser {
  let started = false;
  let rest = '';
  /** The previous chunk ended with CR: an LF first in this one belongs to that line end. */
  let afterCR = false;
  let data: string[] = [];
  let size = 0;
  let event: string | undefined;
  let id: string | undefined;

  function line(text: string): void {
    if (text === '') {
      if (data.length > 0)
        onEvent({
          data: data.join('\n'),
          ...(event !== undefined ? { event } : {}),
          ...(id !== undefined ? { id } : {}),
        });
      data = [];
      size = 0;
      event = undefined;
      return;
    }
    if (text[0] === ':') return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value[0] === ' ') value = value.slice(1);
    if (field === 'data') {
      data.push(value);
      if ((size += value.length + 1) > MAX_EVENT_CHARS) throw tooLong();
    } else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) onRetry?.(Number(value));
  }

  return {
    feed(chunk: string) {
      let text = chunk;
      if (!started && text.length > 0) {
        started = true;
        if (text[0] === '\uFEFF') text = text.slice(1);
      }
      if (afterCR && text[0] === '\n') text = text.slice(1);
      afterCR = text[text.length - 1] === '\r';
      if (text.length === 0) return;
      const lines = (rest + text).split(/\r\n|\r|\n/);
      rest = lines.pop()!;
      for (const l of lines) line(l);
      if (rest.length > MAX_EVENT_CHARS) throw tooLong();
    },
  };
}
