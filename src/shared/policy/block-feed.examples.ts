/** Examples for block-feed.ts: a feed file → its entries in force, and the problems reported. */
export const FEED_EXAMPLES: ReadonlyArray<{
  name: string;
  text: string;
  entries: string[] | null;
  problems: string[];
}> = [
  {
    name: 'one host a line',
    text: 'evil.example\nphish.example\n',
    entries: ['evil.example', 'phish.example'],
    problems: [],
  },
  {
    name: 'comments, blank lines, CRLF, spaces',
    text: '# fleet feed\r\n\r\n  evil.example  \r\n# end\r\n',
    entries: ['evil.example'],
    problems: [],
  },
  {
    name: 'wildcards and paths, as the policy block list',
    text: '*.evil.example\nshop.example/phish/*\nshop.example/login',
    entries: ['*.evil.example', 'shop.example/login', 'shop.example/phish/*'],
    problems: [],
  },
  {
    name: 'an IDN in its xn-- form, upper case folded',
    text: 'BÜCHER.example\nEvil.Example',
    entries: ['evil.example', 'xn--bcher-kva.example'],
    problems: [],
  },
  { name: 'duplicates once', text: 'evil.example\nevil.example\n', entries: ['evil.example'], problems: [] },
  {
    name: 'bad lines reported by number, the rest kept',
    text: 'evil.example\nhttps://evil2.example/\ncom\nuser@evil3.example\nevil4.example:8080\nshop.example/a*b\nok.example',
    entries: ['evil.example', 'ok.example'],
    problems: [
      'blockFeedUrl:line-2',
      'blockFeedUrl:line-3',
      'blockFeedUrl:line-4',
      'blockFeedUrl:line-5',
      'blockFeedUrl:line-6',
    ],
  },
  {
    name: 'a JSON array',
    text: '["evil.example", "*.phish.example"]',
    entries: ['*.phish.example', 'evil.example'],
    problems: [],
  },
  {
    name: 'a JSON object with entries',
    text: '{"entries": ["evil.example", 7, "x y"]}',
    entries: ['evil.example'],
    problems: ['blockFeedUrl:entry-2', 'blockFeedUrl:entry-3'],
  },
  { name: 'an empty feed', text: '', entries: [], problems: [] },
  {
    name: 'broken JSON: the file is refused',
    text: '["evil.example"',
    entries: null,
    problems: ['blockFeedUrl:not-json'],
  },
  {
    name: 'JSON that is no list: refused',
    text: '{"hosts": ["evil.example"]}',
    entries: null,
    problems: ['blockFeedUrl:not-a-list'],
  },
  { name: 'comments only: the feed is emptied on purpose', text: '# nothing today\n', entries: [], problems: [] },
  {
    name: 'an HTML error page served as 200: refused (the last good copy stays)',
    text: '<html>\n<body>Maintenance</body>\n</html>',
    entries: null,
    problems: ['blockFeedUrl:no-valid-entries', 'blockFeedUrl:line-1', 'blockFeedUrl:line-2', 'blockFeedUrl:line-3'],
  },
];
