/**
 * Replies to our pages' requests that the service answers (account.ts, pages.ts): without a
 * configured service the reply says so and nothing is sent; a service answer becomes its value,
 * or its error's code and message. One spelling for the ten requests that do this.
 */
import { ok, fail, type Reply } from '@/src/shared/messaging/reply';
import type { App } from '../app';
import type { ApiClient, ApiError, ApiResult } from '../api';
import { say } from '../i18n';

export const failWith = (e: ApiError) => fail(e.code, e.message);

export async function withApi<T>(app: App, fn: (api: ApiClient) => Promise<Reply<T>>): Promise<Reply<T>> {
  const api = await app.api();
  return api ? fn(api) : fail('not_configured', say('bg_notConfigured'));
}

/** The answer's value as a reply, or its error. */
export function replyOf<T>(r: ApiResult<T>): Reply<T>;
/** The answer's value through `view` as a reply, or its error. */
export function replyOf<T, U>(r: ApiResult<T>, view: (value: T) => U): Reply<U>;
export function replyOf<T, U>(r: ApiResult<T>, view?: (value: T) => U): Reply<T | U> {
  return r.ok ? ok(view ? view(r.value) : r.value) : failWith(r.error);
}
