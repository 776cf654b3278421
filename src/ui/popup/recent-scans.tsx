/**
 * Recent scans: local history first (instant), then the service's list (GET /v1/scans/) merged in,
 * with "More" following the cursor. Each entry opens the report page in a tab.
 */
import { useEffect, useState } from 'preact/hooks';
import { sendToBackground } from '@/src/shared/messaging/send';
import type { ErrorInfo, ScanSummary } from '@/src/shared/messaging/protocol';
import { Button } from '../components/button';
import { bandLabel, formatTime } from '../format';
import { t } from '../i18n';
import { openOptions, openReport, reportUrl } from '../open';
import { mergeScans, toScanList } from '../scan-list';

const SHOWN = 10;

function Entry({ scan }: { scan: ScanSummary }) {
  const summary =
    scan.band !== null && scan.riskScore !== null ? `${bandLabel(scan.band)} · ${scan.riskScore}` : scan.state;
  return (
    <li>
      <a
        href={reportUrl(scan.id)}
        onClick={(e) => {
          e.preventDefault();
          void openReport(scan.id);
        }}
      >
        <span class="scan-url">{scan.url}</span>
        <span class="scan-meta">
          {summary} · {formatTime(scan.createdAt)}
        </span>
      </a>
    </li>
  );
}

export function RecentScans() {
  const [items, setItems] = useState<ScanSummary[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const [limit, setLimit] = useState(SHOWN);
  const [busy, setBusy] = useState(false);

  const loadService = async (cursor?: string) => {
    setBusy(true);
    const reply = await sendToBackground({ type: 'scans.list', ...(cursor ? { cursor } : {}) });
    setBusy(false);
    if (!reply.ok) return setError(reply.error);
    const list = toScanList(reply.data);
    setItems((cur) => mergeScans(cur, list.items));
    setNext(list.next);
  };

  useEffect(() => {
    let live = true;
    void (async () => {
      const local = await sendToBackground({ type: 'history.get' });
      if (live && local.ok) setItems((cur) => mergeScans(toScanList(local.data).items, cur));
      if (live) await loadService();
    })();
    return () => {
      live = false;
    };
  }, []);

  const more = () => {
    if (items.length > limit) setLimit(limit + SHOWN);
    else if (next) {
      setLimit(limit + SHOWN);
      void loadService(next);
    }
  };

  return (
    <section class="recent" aria-labelledby="recent-title">
      <h2 id="recent-title">{t('recentScans')}</h2>
      {items.length === 0 ? (
        <p class="muted">{busy ? t('loading') : t('noScans')}</p>
      ) : (
        <ul class="scan-list">
          {items.slice(0, limit).map((s) => (
            <Entry key={s.id} scan={s} />
          ))}
        </ul>
      )}
      {error ? (
        <p class="muted">
          {t('serviceListUnavailable')} {error.message}
        </p>
      ) : null}
      <div class="row">
        {items.length > limit || next ? (
          <Button busy={busy} onClick={more}>
            {t('more')}
          </Button>
        ) : null}
        <Button variant="link" onClick={() => void openOptions('history')}>
          {t('allHistory')}
        </Button>
      </div>
    </section>
  );
}
