/** Example table for describeChange: a change → its words. */
import type { ImportChange } from './import-plan';
import type { Words } from './import-words';

const long = `https://scan.example.org/${'a'.repeat(400)}?k=1`;

export const IMPORT_WORDS_EXAMPLES: ReadonlyArray<readonly [name: string, change: ImportChange, words: Words[]]> = [
  [
    'an allowlist addition names the site and everything under it',
    { key: 'allowlist', from: [], to: ['mybank.com'], added: ['mybank.com'], removed: [] },
    [{ msg: 'imp_allow_add', args: [{ text: 'mybank.com' }] }],
  ],
  [
    'a Unicode name is shown in both forms',
    { key: 'allowlist', from: [], to: ['xn--bcher-kva.example'], added: ['xn--bcher-kva.example'], removed: [] },
    [{ msg: 'imp_allow_add', args: [{ text: 'bücher.example (xn--bcher-kva.example)' }] }],
  ],
  [
    'blocklist changes host by host',
    { key: 'blocklist', from: ['a.example'], to: ['b.example'], added: ['b.example'], removed: ['a.example'] },
    [
      { msg: 'imp_block_add', args: [{ text: 'b.example' }] },
      { msg: 'imp_block_remove', args: [{ text: 'a.example' }] },
    ],
  ],
  [
    'an allowlist removal',
    { key: 'allowlist', from: ['a.example'], to: [], added: [], removed: ['a.example'] },
    [{ msg: 'imp_allow_remove', args: [{ text: 'a.example' }] }],
  ],
  [
    'the warning threshold with both values',
    { key: 'warnThreshold', from: 51, to: 80, weakens: 'threshold-raised' },
    [{ msg: 'imp_warnAt', args: [{ text: '80' }, { text: '51' }] }],
  ],
  [
    'the block threshold',
    { key: 'blockThreshold', from: 76, to: 60 },
    [{ msg: 'imp_blockAt', args: [{ text: '60' }, { text: '76' }] }],
  ],
  [
    'the hover delay',
    { key: 'hoverDelayMs', from: 300, to: 5000 },
    [{ msg: 'imp_hoverDelay', args: [{ text: '5000' }, { text: '300' }] }],
  ],
  [
    'the strict-mode wait',
    { key: 'strictTimeoutMs', from: 5000, to: 1000 },
    [{ msg: 'imp_strictTimeout', args: [{ text: '1000' }, { text: '5000' }] }],
  ],
  [
    'the minimum confidence as a percentage',
    { key: 'minBlockConfidence', from: 0, to: 0.8 },
    [{ msg: 'imp_minConfidence', args: [{ text: '80%' }, { text: '0%' }] }],
  ],
  [
    'each cache band that changes, by its name',
    {
      key: 'cacheTtlMinutes',
      from: { safe: 1440, suspicious: 360, high: 720, malicious: 1440 },
      to: { safe: 60, suspicious: 360, high: 720, malicious: 43200 },
    },
    [
      { msg: 'imp_cacheTtl', args: [{ msg: 'band_safe' }, { text: '60' }, { text: '1440' }] },
      { msg: 'imp_cacheTtl', args: [{ msg: 'band_malicious' }, { text: '43200' }, { text: '1440' }] },
    ],
  ],
  [
    'a switch turned off, by its label',
    { key: 'scanNavigations', from: true, to: false },
    [{ msg: 'imp_off', args: [{ msg: 'scanNavigations' }] }],
  ],
  [
    'a switch turned on',
    { key: 'auditOnly', from: false, to: true },
    [{ msg: 'imp_on', args: [{ msg: 'auditOnly' }] }],
  ],
  [
    'what strict mode does on failure, by the labels of its choices',
    { key: 'strictFailMode', from: 'block', to: 'allow' },
    [{ msg: 'imp_value', args: [{ msg: 'strictFailMode' }, { msg: 'failAllow' }, { msg: 'failBlock' }] }],
  ],
  [
    'a service URL is shown whole, however long',
    { key: 'serviceUrl', from: 'https://scan.example.org', to: long },
    [{ msg: 'imp_serviceUrl', args: [{ text: long }] }],
  ],
  [
    'no service',
    { key: 'serviceUrl', from: 'https://scan.example.org', to: '' },
    [{ msg: 'imp_serviceUrl_cleared', args: [] }],
  ],
  [
    'a report URL',
    { key: 'reportUrl', from: '', to: 'https://x.example/?u={url}' },
    [{ msg: 'imp_reportUrl', args: [{ text: 'https://x.example/?u={url}' }] }],
  ],
  [
    'a report URL removed',
    { key: 'reportUrl', from: 'https://x.example/', to: '' },
    [{ msg: 'imp_reportUrl_cleared', args: [] }],
  ],
  [
    'a key not on the options page, by its own label',
    { key: 'disableContextMenu', from: false, to: true },
    [{ msg: 'imp_on', args: [{ msg: 'imp_label_disableContextMenu' }] }],
  ],
];
