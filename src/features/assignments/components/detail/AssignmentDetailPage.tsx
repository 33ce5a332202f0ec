import {
  Component,
  type ComponentType,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Redirect, useParams } from 'wouter';
import type { TAssignmentDetail } from '../../../../shared/contract/assignments';
import { Button } from '../../../../ui/Button';
import { SkeletonRows } from '../../../../ui/Skeleton';
import { useScrollHint } from '../../../../ui/scroll-hint';
import { space } from '../../../../ui/space';
import { assignmentDetail, loadAssignment } from '../../detail.store';
import { type DetailTab, type DetailTabProps, tabLoader, visibleTabs } from '../../detail-tabs';
import { Breadcrumb } from '../Breadcrumb';
import { tabKeys } from '../tab-keys';
import { DetailHeader } from './DetailHeader';
import { InvitePanel } from './InvitePanel';
import '../../assignments.css';

const tabCache = new Map<DetailTab, ComponentType<DetailTabProps>>();
function tabComponent(tab: DetailTab): ComponentType<DetailTabProps> {
  let c = tabCache.get(tab);
  if (!c) {
    c = lazy(tabLoader(tab));
    tabCache.set(tab, c);
  }
  return c;
}

/** `reason`: which part failed, in the spec's words (02 §8 "Failed to get Assignment Info"). */
function LoadFailed({ reason }: { reason?: string }) {
  const { t } = useTranslation('assignment');
  return (
    <div className="empty-state detail-failed" role="alert">
      <p className="empty-state__title">{t('detail.unableToLoad')}</p>
      {reason && <p>{reason}</p>}
      <Button onClick={() => window.location.reload()}>{t('detail.refreshPage')}</Button>
    </div>
  );
}

/** An uncaught error inside the page: 'Unable to load assignment details page' with Refresh Page. */
class DetailBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <LoadFailed /> : this.props.children;
  }
}

function Tabs({ a, orgCode }: { a: TAssignmentDetail; orgCode: string }) {
  const { t } = useTranslation('assignment');
  const tabs = useMemo(() => visibleTabs(a), [a]);
  const [tab, setTab] = useState<DetailTab>('participants');
  const current = tabs.includes(tab) ? tab : 'participants';
  const Current = tabComponent(current);
  const row = useRef<HTMLDivElement>(null);
  useScrollHint(row, current);
  return (
    <>
      <div
        ref={row}
        className="detail-tabs"
        role="tablist"
        aria-label={t('tabs.detailLabel')}
        onKeyDown={tabKeys(tabs, current, setTab)}
      >
        {tabs.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`tab-${key}`}
            aria-selected={current === key}
            tabIndex={current === key ? 0 : -1}
            aria-controls="detail-tabpanel"
            className="detail-tabs__tab"
            onClick={() => setTab(key)}
          >
            {t(`tabs.${key}`)}
          </button>
        ))}
      </div>
      <div
        id="detail-tabpanel"
        role="tabpanel"
        aria-labelledby={`tab-${current}`}
        className="detail-tabpanel"
      >
        <Suspense fallback={<SkeletonRows count={3} label={t('loading')} />}>
          <Current assignment={a} orgCode={orgCode} />
        </Suspense>
      </div>
    </>
  );
}

/** /{orgCode}/assignment/{id} (also /assignment-detail/{id}): header, invite panel and the tabs. */
export default function AssignmentDetailPage() {
  const { t } = useTranslation('assignment');
  const { assignmentId = '' } = useParams<{ assignmentId: string }>();
  const snap = useSnapshot(assignmentDetail);
  const { orgCode, orgId } = useSnapshot(space);

  // A change of space (orgId) reloads: the same id may answer differently there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: orgId is a reason to load again, not a value read
  useEffect(() => {
    void loadAssignment(assignmentId);
  }, [assignmentId, orgId]);

  const a = snap.id === assignmentId ? (snap.data as TAssignmentDetail | null) : null;
  if (snap.error === 'notFound') return <Redirect to="/not-found" replace />;
  return (
    <section className="page assignment-detail">
      <Breadcrumb orgCode={orgCode} assignmentId={assignmentId} name={a?.name} />
      <DetailBoundary>
        {snap.error === 'failed' ? (
          <LoadFailed reason={t('detail.failedInfo')} />
        ) : !a ? (
          <SkeletonRows count={4} label={t('loading')} />
        ) : (
          <>
            <div className="assignment-detail__top">
              <DetailHeader a={a} orgCode={orgCode} />
              <InvitePanel a={a} />
            </div>
            <Tabs a={a} orgCode={orgCode} />
          </>
        )}
      </DetailBoundary>
    </section>
  );
}
