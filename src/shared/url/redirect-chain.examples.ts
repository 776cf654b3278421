/**
 * Example table for redirect-chain.ts, tested in
 * test/unit/shared/url/redirect-chain.test.ts: a tab's navigation events, then its chain and what
 * findHop answers for a URL.
 */

export type ChainEvent = ['start', string] | ['redirect', string, string] | ['commit', string, ...string[]];

export interface ChainExample {
  name: string;
  events: ChainEvent[];
  committed: string[];
  pending: string[] | null;
  /** [url looked for, expected {hop, first} or null] */
  finds: Array<[string, { hop: string; first: string } | null]>;
}

const A = 'http://safe.test/a';
const B = 'http://phish.test/login';
const C = 'http://safe2.test/';
const D = 'http://other.test/';

export const CHAIN_EXAMPLES: readonly ChainExample[] = [
  {
    name: 'a plain navigation',
    events: [
      ['start', A],
      ['commit', A, 'link'],
    ],
    committed: [A],
    pending: null,
    finds: [
      [A, { hop: A, first: A }],
      [B, null],
    ],
  },
  {
    name: 'server redirect A → 302 → B: B is a hop of the chain A started',
    events: [
      ['start', A],
      ['redirect', A, B],
      ['commit', B],
    ],
    committed: [A, B],
    pending: null,
    finds: [
      [B, { hop: B, first: A }],
      [A, { hop: A, first: A }],
    ],
  },
  {
    name: 'server redirect blocked before commit: the hops are pending',
    events: [
      ['start', A],
      ['redirect', A, B],
    ],
    committed: [],
    pending: [A, B],
    finds: [[B, { hop: B, first: A }]],
  },
  {
    name: 'two redirects, bad one in the middle: A → B → C',
    events: [
      ['start', A],
      ['redirect', A, B],
      ['redirect', B, C],
      ['commit', C],
    ],
    committed: [A, B, C],
    pending: null,
    finds: [[B, { hop: B, first: A }]],
  },
  {
    name: 'meta refresh A ⇒ B: linked at commit by client_redirect',
    events: [
      ['start', A],
      ['commit', A],
      ['start', B],
      ['commit', B, 'client_redirect'],
    ],
    committed: [A, B],
    pending: null,
    finds: [
      [B, { hop: B, first: A }],
      [A, { hop: A, first: A }],
    ],
  },
  {
    name: 'a bad page that redirects itself away (B ⇒ C): B stays in the chain',
    events: [
      ['start', B],
      ['commit', B],
      ['start', C],
      ['commit', C, 'client_redirect'],
    ],
    committed: [B, C],
    pending: null,
    finds: [[B, { hop: B, first: B }]],
  },
  {
    name: "the person's own next navigation starts a new chain",
    events: [
      ['start', A],
      ['redirect', A, B],
      ['commit', B],
      ['start', D],
      ['commit', D],
    ],
    committed: [D],
    pending: null,
    finds: [
      [B, null],
      [A, null],
      [D, { hop: D, first: D }],
    ],
  },
  {
    name: 'a navigation under way: its own hops first, the document on screen still counts',
    events: [
      ['start', A],
      ['commit', A],
      ['start', B],
    ],
    committed: [A],
    pending: [B],
    finds: [
      [B, { hop: B, first: B }],
      [A, { hop: A, first: A }],
    ],
  },
  {
    name: 'client redirect after a server redirect: A → 302 → B, then B ⇒ C',
    events: [
      ['start', A],
      ['redirect', A, B],
      ['commit', B],
      ['start', C],
      ['commit', C, 'client_redirect'],
    ],
    committed: [A, B, C],
    pending: null,
    finds: [[C, { hop: C, first: A }]],
  },
  {
    name: 'a fragment does not make another hop',
    events: [
      ['start', `${A}#x`],
      ['commit', A],
    ],
    committed: [`${A}#x`],
    pending: null,
    finds: [],
  },
  {
    name: 'commit without a start (e.g. the worker woke up in between)',
    events: [['commit', C]],
    committed: [C],
    pending: null,
    finds: [[C, { hop: C, first: C }]],
  },
];
