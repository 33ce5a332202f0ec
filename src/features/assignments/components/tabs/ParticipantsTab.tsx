import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api/http';
import { ASSIGNMENT_SEARCH_DEBOUNCE_MS, type TParticipant } from '../../../../shared/contract/assignments';
import { Button } from '../../../../ui/Button';
import { LoadFailed } from '../../../../ui/LoadFailed';
import { SearchBox } from '../../../../ui/SearchBox';
import { SkeletonRows } from '../../../../ui/Skeleton';
import { confirmDialog, toastError, toastSuccess } from '../../../../ui/surfaces';
import { assignmentsApi } from '../../assignments.api';
import type { DetailTabProps } from '../../detail-tabs';
import { CoOwnerSummary } from './CoOwnerSummary';
import { ParticipantMatrix } from './ParticipantMatrix';

/** While the tab is visible the list refreshes itself: a teacher watches the class join. */
const REFRESH_MS = 10_000;

type Data = { data: TParticipant[]; flows: Array<{ _id: string; name: string }> };

/** The Participants tab (spec 02 §2): co-owner summary, search, the matrix and remove mode. */
export default function ParticipantsTab({ assignment, orgCode }: DetailTabProps) {
  const { t } = useTranslation('assignment');
  const id = assignment._id;
  const [search, setSearch] = useState('');
  const [list, setList] = useState<Data | null>(null);
  const [error, setError] = useState<'load' | 'refresh' | null>(null);
  const [removing, setRemoving] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const inflight = useRef<AbortController | undefined>(undefined);
  const term = useRef('');

  const load = useCallback(
    async (quietRefresh = false) => {
      inflight.current?.abort();
      const ctrl = new AbortController();
      inflight.current = ctrl;
      try {
        const res = await assignmentsApi.participants(id, term.current || undefined, ctrl.signal);
        setList(res);
        setError(null);
      } catch (err) {
        // A cancelled request returns nothing (spec 02 §7).
        if (err instanceof ApiError && err.kind === 'cancelled') return;
        setError(quietRefresh ? 'refresh' : 'load');
      }
    },
    [id],
  );

  useEffect(() => {
    term.current = search.trim();
    const timer = setTimeout(() => void load(), term.current ? ASSIGNMENT_SEARCH_DEBOUNCE_MS : 0);
    return () => clearTimeout(timer);
  }, [search, load]);
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && !removing) void load(true);
    }, REFRESH_MS);
    return () => {
      clearInterval(timer);
      inflight.current?.abort();
    };
  }, [load, removing]);

  const remove = async () => {
    const ok = await confirmDialog({
      title: t('participants.removeTitle'),
      message: t('participants.removeMessage', { count: selected.length }),
      confirmLabel: t('participants.remove'),
      cancelLabel: t('common:actions.cancel'),
      danger: true,
    });
    if (!ok) return;
    setBusy(true);
    try {
      await assignmentsApi.removeParticipants(id, selected);
      toastSuccess(t('toast.participantRemoved'));
      setSelected([]);
      setRemoving(false);
      await load();
    } catch {
      toastError(t('participants.removeFailed'));
    } finally {
      setBusy(false);
    }
  };

  const people = list?.data ?? [];
  return (
    <div className="participants-tab">
      <CoOwnerSummary assignmentId={id} orgCode={orgCode} />
      <div className="participants-tab__bar">
        <SearchBox
          label={t('participants.search')}
          clearLabel={t('common:actions.clear')}
          value={search}
          onChange={setSearch}
        />
        <div className="participants-tab__actions">
          <Button size="sm" variant="ghost" onClick={() => void load()}>
            ↻ {t('participants.refresh')}
          </Button>
          {removing ? (
            <>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => {
                  setRemoving(false);
                  setSelected([]);
                }}
              >
                {t('common:actions.cancel')}
              </Button>
              <Button
                size="sm"
                variant="danger"
                busy={busy}
                disabled={selected.length === 0}
                onClick={() => void remove()}
              >
                {t('participants.removeCount', { count: selected.length })}
              </Button>
            </>
          ) : (
            people.length > 0 && (
              <Button size="sm" variant="secondary" onClick={() => setRemoving(true)}>
                {t('participants.removeMode')}
              </Button>
            )
          )}
        </div>
      </div>
      {error === 'refresh' && <p className="field__error">{t('participants.refreshFailed')}</p>}
      {!list && !error ? (
        <SkeletonRows count={3} label={t('participants.loading')} />
      ) : error === 'load' && !list ? (
        <LoadFailed message={t('participants.loadFailed')} retryLabel={t('retry')} onRetry={() => load()} />
      ) : people.length === 0 ? (
        <div className="empty-state" data-testid="participants-empty">
          <p className="empty-state__title">
            {search.trim() ? t('participants.noMatch') : t('participants.empty')}
          </p>
        </div>
      ) : (
        <ParticipantMatrix
          participants={people}
          flows={list?.flows ?? []}
          removing={removing}
          selected={selected}
          onSelect={setSelected}
        />
      )}
    </div>
  );
}
