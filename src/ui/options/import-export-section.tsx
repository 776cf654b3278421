/**
 * Settings as a JSON file. Export never contains the API key. Import (docs/decisions/006-nothing-lost.md):
 * the background first says what the file would change (`settings.import` without apply);
 * changes that lower protection or send more are shown with a warning and applied only when the
 * person confirms; the rest is applied at once. Only the keys the file names change. List
 * entries the background refused are listed with their reason, in the review and after.
 *
 * Settings an older version left where a page's script could have written them (storage.local in
 * Firefox) that would lower protection were kept aside by the upgrade, never applied: they are
 * offered here through the same review, or discarded (settings.legacyHeld).
 */
import { useEffect, useState } from 'preact/hooks';
import { sendToBackground } from '@/src/shared/messaging/send';
import type { ErrorInfo } from '@/src/shared/messaging/protocol';
import type { ImportPlan } from '@/src/shared/policy/import-plan';
import { Button } from '../components/button';
import { ErrorText } from '../components/error-text';
import { Notice } from '../components/notice';
import { downloadJson } from '../download';
import { t } from '../i18n';
import { Ignored, KeyNote, PlanChanges, Rejected } from './import-plan-view';

const MAX_IMPORT = 1_000_000;

type Step =
  | { kind: 'idle' }
  | { kind: 'asking'; json: string; plan: ImportPlan }
  | { kind: 'done'; plan: ImportPlan; refused: Record<string, string> }
  | { kind: 'cancelled' }
  | { kind: 'error'; error: ErrorInfo };

export function ImportExportSection({ onImported, locked }: { onImported: () => void; locked: boolean }) {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [tooBig, setTooBig] = useState(false);
  const [busy, setBusy] = useState(false);
  const [held, setHeld] = useState<string | null>(null);

  useEffect(() => {
    void sendToBackground({ type: 'settings.legacyHeld' }).then((r) => setHeld(r.ok ? r.data.json : null));
  }, []);
  /** Reviewed (applied) or discarded: the kept-aside settings are forgotten. */
  const forgetHeld = async () => {
    setHeld(null);
    await sendToBackground({ type: 'settings.legacyHeld.clear' });
  };

  const exportSettings = async () => {
    const reply = await sendToBackground({ type: 'settings.get' });
    if (!reply.ok) return setStep({ kind: 'error', error: reply.error });
    const { apiKey: _dropped, ...rest } = reply.data.settings;
    downloadJson('linklens-settings.json', rest);
  };

  const apply = async (json: string, confirm: string[]) => {
    setBusy(true);
    const reply = await sendToBackground({ type: 'settings.import', json, apply: true, confirm });
    setBusy(false);
    if (!reply.ok) return setStep({ kind: 'error', error: reply.error });
    // Applied only when every change needing confirmation was confirmed; else ask about the new plan.
    if (!reply.data.applied) return setStep({ kind: 'asking', json, plan: reply.data.plan });
    setStep({ kind: 'done', plan: reply.data.plan, refused: reply.data.result?.refused ?? {} });
    if (json === held) await forgetHeld();
    onImported();
  };

  const review = async (json: string) => {
    const reply = await sendToBackground({ type: 'settings.import', json });
    if (!reply.ok) return setStep({ kind: 'error', error: reply.error });
    const { plan } = reply.data;
    if (plan.confirm.length) return setStep({ kind: 'asking', json, plan });
    await apply(json, []);
  };

  const importFile = async (file: File | undefined) => {
    setStep({ kind: 'idle' });
    if (!file) return;
    setTooBig(file.size > MAX_IMPORT);
    if (file.size > MAX_IMPORT) return;
    await review(await file.text());
  };

  return (
    <div class="stack">
      <Button onClick={() => void exportSettings()}>{t('exportSettings')}</Button>
      <div class="field">
        <label for="import-settings">{t('importSettings')}</label>
        <input
          id="import-settings"
          type="file"
          accept="application/json,.json"
          disabled={locked}
          onChange={(e) => void importFile(e.currentTarget.files?.[0])}
        />
      </div>
      {tooBig ? <Notice kind="error">{t('importTooBig')}</Notice> : null}
      {held && step.kind !== 'asking' ? (
        <Notice kind="warn">
          <p>{t('legacyHeldNotice')}</p>
          <div class="row">
            <Button disabled={locked} onClick={() => void review(held)}>
              {t('legacyHeldReview')}
            </Button>
            <Button onClick={() => void forgetHeld()}>{t('legacyHeldDiscard')}</Button>
          </div>
        </Notice>
      ) : null}
      {step.kind === 'asking' ? (
        <div class="stack import-review" role="group" aria-label={t('importReview')}>
          <Notice kind="warn">
            <strong>{t('importReview')}</strong>
            <PlanChanges plan={step.plan} />
            <KeyNote plan={step.plan} />
            <Rejected plan={step.plan} />
            <Ignored plan={step.plan} />
          </Notice>
          <div class="row">
            <Button variant="danger" busy={busy} onClick={() => void apply(step.json, step.plan.confirm)}>
              {t('importApply')}
            </Button>
            <Button onClick={() => setStep({ kind: 'cancelled' })}>{t('cancel')}</Button>
          </div>
        </div>
      ) : null}
      {step.kind === 'done' ? <ImportDone plan={step.plan} refused={step.refused} /> : null}
      {step.kind === 'cancelled' ? <Notice kind="info">{t('importCancelled')}</Notice> : null}
      {step.kind === 'error' ? <ErrorText error={step.error} /> : null}
    </div>
  );
}

function ImportDone({ plan, refused }: { plan: ImportPlan; refused: Record<string, string> }) {
  const notApplied = Object.entries(refused);
  return (
    <Notice kind={plan.ignored.length || plan.rejected.length || notApplied.length ? 'warn' : 'ok'}>
      {plan.changes.length ? (
        <>
          <strong>{t('importChanged')}</strong>
          <PlanChanges plan={plan} />
          <KeyNote plan={plan} />
        </>
      ) : (
        <strong>{t('importNothing')}</strong>
      )}
      <Rejected plan={plan} />
      <Ignored plan={plan} />
      {notApplied.length ? (
        <p>
          {t('importIgnored')} {notApplied.map(([k, why]) => `${k}: ${why}`).join('; ')}
        </p>
      ) : null}
    </Notice>
  );
}
