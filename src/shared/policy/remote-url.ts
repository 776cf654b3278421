/**
 * Where the organization's remote files may be fetched from (configUrl, blockFeedUrl): the rule of
 * every address Linklens talks to for the organization (url/endpoint.ts): https anywhere, plain
 * http only to this machine, never a user name or password in the address. A file from a plain
 * http server elsewhere could be rewritten on its way and loosen nothing (the floor rule holds)
 * but add blocks; credentials in a URL would sit in every device's policy and every server log,
 * so they are refused (a policy problem) rather than stripped.
 *
 *   "https://it.example/linklens.json"      → ok
 *   "https://it.example/feed.txt?team=a"    → ok (the query is kept)
 *   "http://127.0.0.1:8080/feed.txt"        → ok (this machine)
 *   "http://it.example/feed.txt"            → refused
 *   "https://u:p@it.example/feed.txt"       → refused
 *   "ftp://it.example/f", "it.example/f"    → refused
 */
import { checkSecretEndpoint } from '../url/endpoint';

export function remoteFileUrl(raw: unknown): string | null {
  const c = checkSecretEndpoint(raw);
  if (!c.ok) return null;
  c.url.hash = '';
  return c.url.href;
}

export const isRemoteFileUrl = (raw: unknown): boolean => remoteFileUrl(raw) !== null;
