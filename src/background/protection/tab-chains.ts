/**
 * Each tab's redirect chain (src/shared/url/redirect-chain.ts), in memory and in storage.session:
 * a scan outlives the worker (journeys: suspended mid-scan), and its late verdict must still find
 * the chain the tab is on. Updates apply in the order the events came, once the stored chains
 * are loaded.
 */
import { ignore } from '@/src/background/ignore';
import { z } from 'zod/mini';
import { dict } from '@/src/shared/zod-lean';
import { EMPTY_CHAIN, type Chain } from '@/src/shared/url/redirect-chain';
import { readKey, writeKey } from '../state/kv';

const KEY = 'chains';
const MAX_TABS = 500;
const SAVE_DELAY_MS = 100;

const Stored = dict(
  z.object({
    committed: z.array(z.string()).check(z.maxLength(50)),
    pending: z.nullable(z.array(z.string()).check(z.maxLength(50))),
  }),
);

export interface TabChains {
  get(tabId: number): Promise<Chain>;
  update(tabId: number, fn: (c: Chain) => Chain): Promise<Chain>;
  forget(tabId: number): void;
}

export function createTabChains(): TabChains {
  const chains = new Map<number, Chain>();
  let loaded: Promise<void> | null = null;
  let saveTimer: ReturnType<typeof setTimeout> | null = null;

  const load = () =>
    (loaded ??= readKey('session', KEY, Stored, {}).then((all) => {
      for (const [id, c] of Object.entries(all)) if (!chains.has(Number(id))) chains.set(Number(id), c);
    }));

  function saveSoon() {
    if (saveTimer !== null) return;
    saveTimer = setTimeout(() => {
      saveTimer = null;
      void writeKey('session', KEY, Object.fromEntries(chains)).catch(ignore);
    }, SAVE_DELAY_MS);
  }

  return {
    async get(tabId) {
      await load();
      return chains.get(tabId) ?? EMPTY_CHAIN;
    },
    async update(tabId, fn) {
      await load();
      if (!chains.has(tabId) && chains.size >= MAX_TABS) chains.delete(chains.keys().next().value as number);
      const next = fn(chains.get(tabId) ?? EMPTY_CHAIN);
      chains.set(tabId, next);
      saveSoon();
      return next;
    },
    forget(tabId) {
      if (chains.delete(tabId)) saveSoon();
    },
  };
}
