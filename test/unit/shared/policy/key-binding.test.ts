import { describe, expect, it } from 'vitest';
import { keyForService, mayRebind, serviceOrigin } from '@/src/shared/policy/key-binding';
import { KEY_FOR_SERVICE_EXAMPLES, REBIND_EXAMPLES } from '@/src/shared/policy/key-binding.examples';

describe('keyForService example table', () => {
  it.each(KEY_FOR_SERVICE_EXAMPLES.map((e) => [e.name, e] as const))('%s', (_n, e) => {
    expect(keyForService({ serviceUrl: e.serviceUrl, policy: e.policy, stored: e.stored })).toEqual(e.expected);
  });
});

describe('mayRebind example table', () => {
  it.each(REBIND_EXAMPLES.map((e) => [e.name, e] as const))('%s', (_n, e) => {
    expect(mayRebind(e.stored, e.confirm, e.newServiceUrl)).toBe(e.expected);
  });
});

describe('serviceOrigin', () => {
  it.each([
    ['https://Scan.Example.org:443/api/', 'https://scan.example.org'],
    ['http://127.0.0.1:8787', 'http://127.0.0.1:8787'],
    ['http://[::1]:3000/x', 'http://[::1]:3000'],
    [' https://scan.example.org ', 'https://scan.example.org'],
    ['', null],
    ['scan.example.org', null],
    ['javascript:alert(1)', null],
  ])('%j → %j', (url, origin) => expect(serviceOrigin(url)).toBe(origin));
});
