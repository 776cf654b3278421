/**
 * History (docs/decisions/017-surfaces.md): this device's scans merged with the service's list (GET /v1/scans/), newest
 * first, paged ("More" follows the service's cursor), searchable by host, and clearable (this
 * device's part: the service keeps its own list). The service lists every scan made with the API
 * key, so with a shared key it shows other people's scans too: the page says so.
 */
import { useEffect, useState } from 'preact/hooks';
import { sendToBackground } from '@/src/shared/messaging/send';
import type { ErrorInfo, ScanSummary } from '@/src/shared/messaging/protocol';
import { Button } from '../components/button';
import { ConfirmButton } from '../components/confirm-button';
import { ErrorText } from '../components/error-text';
import { TextField } from '../components/field';
import { bandLabel, formatTime } from '../format';
import { t } from '../i18n';
import { openReport, reportUrl } from '../open';
import { filterByHost, mergeScans, newestFirst, toScanList } from '../scan-list';

const PAGE = 25;

export function HistorySection({ connected }: { connected: boolean }) {
  const [items, setItems] = useState<ScanSummary[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState(PAGE);
  const [query, setQuery] = useState('');

  const loadService = async (cursor?: string) => {
    setBusy(true);
    const reply = await sendToBackground({ type: 'scans.list', ...(cursor ? { cursor } : {}) });
    setBusy(false);
    if (!reply.ok) return setError(reply.error);
    setError(null);
    const list = toScanList(reply.data);
    setItems((cur) => mergeScans(cur, list.items));
    setNext(list.next);
  };

  const loadLocal = async () => {
    const local = await sendToBackground({ type: 'history.get' });
    if (local.ok) setItems((cur) => mergeScans(toScanList(local.data).items, cur));
  };

  useEffect(() => {
    // Without a connection there is no service list to ask for: this device's history only.
    void loadLocal().then(() => (connected ? loadService() : undefined));
  }, []);

  const clear = async () => {
    const reply = await sendToBackground({ type: 'history.clear' });
    if (!reply.ok) return setError(reply.error);
    // What remains is the service's list only.
    setItems((cur) => cur.filter((s) => s.source === 'service'));
  };

  const visible = newestFirst(filterByHost(items, query));
  const more = () => {
    setShown(shown + PAGE);
    if (visible.length <= shown + PAGE && next) void loadService(next);
  };

  return (
    <div class="stack">
      <p class="muted">{t('historyIntro')}</p>
      <TextField label={t('historySearch')} value={query} onInput={setQuery} />
      {error ? <ErrorText error={error} /> : null}
      <p role="status">{busy && !items.length ? t('loading') : t('historyCount', String(visible.length))}</p>
      {visible.length ? (
        <ul class="scan-list">
          {visible.slice(0, shown).map((s) => (
            <li key={s.id}>
              <a
                href={reportUrl(s.id)}
                onClick={(e) => {
                  e.preventDefault();
                  void openReport(s.id);
                }}
              >
                <span class="scan-url">{s.url}</span>
                <span class="scan-meta">
                  {s.band !== null && s.riskScore !== null ? `${bandLabel(s.band)} · ${s.riskScore}` : s.state} ·{' '}
                  {formatTime(s.createdAt)} ·{' '}
                  {s.source === 'service' ? t('historyFromService') : t('historyFromDevice')}
                </span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <div class="row">
        {visible.length > shown || next ? (
          <Button busy={busy} onClick={more}>
            {t('more')}
          </Button>
        ) : null}
        <ConfirmButton
          label={t('historyClear')}
          question={t('historyClearConfirm')}
          disabled={!items.some((s) => s.source === 'local')}
          onConfirm={() => void clear()}
        />
      </div>
    </div>
  );
}
