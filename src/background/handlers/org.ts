/** Organization features (issue 13): what reporting does, for the options page. */
import { ok, fail, type PageToBackground, type Reply } from '@/src/shared/messaging/protocol';
import type { App } from '../app';
import { reportingStatus } from '../reporting';

export function handleOrg(_app: App, m: PageToBackground): Promise<Reply> | null {
  switch (m.type) {
    case 'reporting.status':
      return reportingStatus().then((s) => (s ? ok(s) : fail('internal', 'Reporting has not started.')));
    default:
      return null;
  }
}
