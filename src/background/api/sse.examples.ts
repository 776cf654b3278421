/**
 * Example table for createSseParser (sse.ts): the stream as the service may send it (as chunks),
 * and the events it gives. Tested in test/unit/background/api/sse.test.ts, each row also with
 * its text split at every position (a field or a line end over two chunks gives the same events).
 */
import type { SseEvent } from './sse';

export interface SseExample {
  name: string;
  chunks: string[];
  events: SseEvent[];
  retries?: number[];
}

export const SSE_EXAMPLES: readonly SseExample[] = [
  { name: 'one event, LF', chunks: ['data: {"state":"QUEUED"}\n\n'], events: [{ data: '{"state":"QUEUED"}' }] },
  { name: 'CRLF line ends', chunks: ['data: a\r\n\r\ndata: b\r\n\r\n'], events: [{ data: 'a' }, { data: 'b' }] },
  { name: 'CR line ends', chunks: ['data: a\r\rdata: b\r\r'], events: [{ data: 'a' }, { data: 'b' }] },
  { name: 'CRLF split over two chunks is one line end', chunks: ['data: a\r', '\n\r', '\n'], events: [{ data: 'a' }] },
  {
    name: 'CR then a chunk of LF only, then more',
    chunks: ['data: a\r', '\n', '\ndata: b\n\n'],
    events: [{ data: 'a' }, { data: 'b' }],
  },
  {
    name: 'data lines joined with LF',
    chunks: ['data: line 1\ndata: line 2\ndata:\n\n'],
    events: [{ data: 'line 1\nline 2\n' }],
  },
  {
    name: 'only one space after the colon is dropped',
    chunks: ['data:  two\ndata:none\n\n'],
    events: [{ data: ' two\nnone' }],
  },
  { name: 'a field without a colon has an empty value', chunks: ['data\n\n'], events: [{ data: '' }] },
  { name: 'comments (keep-alives) are ignored', chunks: [': ping\n\n:\ndata: x\n: more\n\n'], events: [{ data: 'x' }] },
  {
    name: 'event names the event and is reset after it',
    chunks: ['event: progress\ndata: 1\n\ndata: 2\n\n'],
    events: [{ data: '1', event: 'progress' }, { data: '2' }],
  },
  {
    name: 'no data: nothing dispatched, the event name is dropped',
    chunks: ['event: x\n\ndata: y\n\n'],
    events: [{ data: 'y' }],
  },
  {
    name: 'id is kept for later events; an id with NUL is ignored',
    chunks: ['id: 7\ndata: a\n\ndata: b\n\nid: 8\0\ndata: c\n\n'],
    events: [
      { data: 'a', id: '7' },
      { data: 'b', id: '7' },
      { data: 'c', id: '7' },
    ],
  },
  {
    name: 'retry with digits only is reported',
    chunks: ['retry: 3000\nretry: 1.5\nretry: x\ndata: a\n\n'],
    events: [{ data: 'a' }],
    retries: [3000],
  },
  { name: 'unknown fields are ignored', chunks: ['foo: bar\ndata: a\n\n'], events: [{ data: 'a' }] },
  { name: 'a BOM at the start is dropped', chunks: ['\uFEFFdata: a\n\n'], events: [{ data: 'a' }] },
  { name: 'a BOM later is text', chunks: ['data: a\n\n', '\uFEFFdata: b\n\n'], events: [{ data: 'a' }] },
  {
    name: 'an event not ended by an empty line is not dispatched',
    chunks: ['data: a\n\ndata: b\n'],
    events: [{ data: 'a' }],
  },
  {
    name: 'colon inside the value',
    chunks: ['data: {"url":"https://x.example/"}\n\n'],
    events: [{ data: '{"url":"https://x.example/"}' }],
  },
];
