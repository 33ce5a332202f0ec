import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCollection } from '../../../shared/contract/collections';
import type { TFlowSummary } from '../../../shared/contract/flows';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { SkeletonRows } from '../../../ui/Skeleton';
import { collectionsApi } from '../collections.api';

export type TargetMode = 'move' | 'copy';
const NONE = '';

/** Picks where a flow goes: a collection of the space, or No Project. Its current place cannot be a move target. */
export function FlowTargetDialog(props: {
  mode: TargetMode;
  flow: TFlowSummary;
  onClose: () => void;
  onPick: (target: { id: string | null; name: string }) => Promise<void>;
}) {
  const { t } = useTranslation('navbar');
  const [list, setList] = useState<TCollection[] | null>(null);
  const [choice, setChoice] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const here = props.flow.projectId ?? NONE;

  useEffect(() => {
    collectionsApi.list().then(
      (r) => setList(r.data),
      () => {
        setList([]);
        setFailed(true);
      },
    );
  }, []);

  const options = [
    { id: NONE, name: t('flows.noProject') },
    ...(list ?? []).map((c) => ({ id: c._id, name: c.name })),
  ];
  const picked = options.find((o) => o.id === choice);
  const submit = async () => {
    if (!picked) return;
    setBusy(true);
    try {
      await props.onPick({ id: picked.id || null, name: picked.name });
      props.onClose();
    } catch {
      // The api-client showed the reason; the dialog stays open to try another place.
    } finally {
      setBusy(false);
    }
  };
  const title = t(props.mode === 'move' ? 'flows.moveTitle' : 'flows.copyTitle', { name: props.flow.name });
  return (
    <Dialog
      title={title}
      onClose={props.onClose}
      footer={
        <>
          <Button variant="secondary" onClick={props.onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button busy={busy} disabled={!picked} onClick={() => void submit()}>
            {t(props.mode === 'move' ? 'flows.moveHere' : 'flows.copyHere')}
          </Button>
        </>
      }
    >
      {!list ? (
        <SkeletonRows count={3} label={t('collections.loading')} />
      ) : (
        <fieldset className="target-list">
          <legend className="visually-hidden">{title}</legend>
          {failed && (
            <p className="field__error" role="alert">
              {t('collections.failed')}
            </p>
          )}
          {options.map((o) => {
            const current = o.id === here;
            const disabled = current && props.mode === 'move';
            return (
              <label key={o.id || 'none'} className={`target-list__item${disabled ? ' is-disabled' : ''}`}>
                <input
                  type="radio"
                  name="flow-target"
                  value={o.id}
                  checked={choice === o.id}
                  disabled={disabled}
                  onChange={() => setChoice(o.id)}
                />
                <span className="target-list__name">{o.name}</span>
                {current && <span className="badge badge--muted">{t('flows.currentPlace')}</span>}
              </label>
            );
          })}
        </fieldset>
      )}
    </Dialog>
  );
}
