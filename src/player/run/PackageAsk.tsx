import { useEffect, useRef, useState } from 'react';
import type { TPackageUnit } from '../../shared/contract/player-launch';
import type { TJson, TLearnerAnswer, TLearnerRequest } from '../../shared/domain/runtime';
import { PlainButton as Button } from '../../ui/PlainButton';
import { useTranslation } from '../i18n';
import { PackageUnits } from './PackageUnits';
import { fetchPackage, launchPackage } from './package-api';
import { type TRunWhere, uuid } from './ports';

type TPackageRequest = Extract<TLearnerRequest, { kind: 'package' }>;
const MAX_STATEMENTS = 200;

/**
 * Plays an uploaded package in a frame sandboxed without allow-same-origin (its files carry the same
 * sandbox in their CSP): it runs untrusted code that can reach none of ours. An H5P frame posts each
 * xAPI statement H5P emits; only messages from this frame's window are kept, and on Done they go to the
 * runtime, which records them with the learner and the assignment (the frame knows neither).
 * In an assignment or behind a link, the player asks the server to launch the package (a learner is not
 * a member of the package's space): an xAPI or cmi5 package's URL then carries LRS credentials scoped to
 * this learner, package and registration, and it sends its statements itself.
 */
export function PackageAsk({
  request,
  busy,
  onAnswer,
  where,
}: {
  request: TPackageRequest;
  busy: boolean;
  onAnswer: (a: TLearnerAnswer) => void;
  where?: TRunWhere;
}) {
  const { t } = useTranslation('player');
  const frame = useRef<HTMLIFrameElement>(null);
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [reported, setReported] = useState<TJson[]>([]);
  // cmi5 courses of several AUs: the unit asked for (none: the first) and the course's units. One
  // registration for the block, so that every unit's launch counts towards the same course.
  const [asked, setAsked] = useState<string | undefined>(undefined);
  const [auId, setAuId] = useState<string | undefined>(undefined);
  const [units, setUnits] = useState<TPackageUnit[]>([]);
  const registration = useRef(request.registration ?? uuid());

  // Read at launch only: a new `where` object on each render must not launch (and record) again.
  const whereRef = useRef(where);
  whereRef.current = where;
  useEffect(() => {
    let live = true;
    const at = whereRef.current;
    const url = at?.target
      ? launchPackage(at.target, at.flowId, {
          packageId: request.packageId,
          registration: registration.current,
          ...(asked ? { auId: asked } : {}),
          ...(at.target.kind === 'public' && at.learner ? { learner: at.learner } : {}),
        }).then((r) => {
          if (live && r.data.units) setUnits(r.data.units);
          if (live && r.data.auId) setAuId(r.data.auId);
          return r.data.launchUrl;
        })
      : fetchPackage(request.format, request.packageId).then((r) => r.data.playUrl);
    url.then((u) => live && setSrc(u)).catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [request.format, request.packageId, asked]);

  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (!frame.current || e.source !== frame.current.contentWindow) return;
      const m = e.data as { source?: unknown; type?: unknown; statement?: unknown } | null;
      if (m?.source !== 'flowlearn-package') return;
      if (m.type === 'error') setFailed(true);
      if (m.type === 'xapi' && m.statement && typeof m.statement === 'object')
        setReported((list) => (list.length < MAX_STATEMENTS ? [...list, m.statement as TJson] : list));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  return (
    <div className="pl-form" data-package={request.format}>
      {request.prompt && <p>{request.prompt}</p>}
      {src && (
        <iframe
          ref={frame}
          className="pl-frame pl-frame--package"
          title={t('run.packageFrame')}
          src={src}
          sandbox="allow-scripts allow-forms allow-popups"
          referrerPolicy="no-referrer"
        />
      )}
      {units.length > 1 && (
        <PackageUnits
          units={units}
          current={auId}
          onOpen={(id) => {
            setSrc(null);
            setAsked(id);
          }}
        />
      )}
      {!src && !failed && <p className="pl-muted">{t('run.loading')}</p>}
      {failed && <p role="alert">{t('run.packageFailed')}</p>}
      {reported.length > 0 && (
        <p className="pl-muted">{t('run.packageRecorded', { count: reported.length })}</p>
      )}
      <Button busy={busy} onClick={() => onAnswer({ kind: 'package', statements: reported })}>
        {t('run.packageDone')}
      </Button>
    </div>
  );
}
