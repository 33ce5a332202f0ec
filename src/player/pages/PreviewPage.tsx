import { isId } from '../../shared/domain/ids';
import { useTranslation } from '../i18n';
import { loadRunScreen } from '../prefetch';
import { previewApi } from '../preview.api';
import { SharePage } from './FlowPage';
import { Problem } from './Problem';
import { useLoad } from './useLoad';

const loadPreview = (id: string) =>
  Promise.all([previewApi.flow(id), loadRunScreen()]).then(([f, Run]) => ({ f: f.data, Run }));
const loadDemo = (type: string) =>
  Promise.all([previewApi.demo(type), loadRunScreen()]).then(([f, Run]) => ({ f: f.data, Run }));

/**
 * /viewer/flow-preview/{flowId}: the author runs their own flow as a learner would, without an
 * assignment. AI blocks work (paid by the flow's space); no statements, journals or runs are sent.
 */
export function PreviewPage({ id }: { id: string }) {
  return <RunPreview id={id} load={loadPreview} badge="share.author" preview />;
}

/**
 * /viewer/flow/share/{id}: a published flow by its id, or a block type's demo (its help link). A demo
 * runs like a shared flow: nothing is recorded and AI blocks say they are off.
 */
export function ShareOrDemoPage({ id }: { id: string }) {
  if (isId(id)) return <SharePage id={id} />;
  return <RunPreview id={id} load={loadDemo} badge="share.demo" />;
}

type TLoaded = Awaited<ReturnType<typeof loadPreview>>;

function RunPreview({
  id,
  load,
  badge,
  preview = false,
}: {
  id: string;
  load: (id: string) => Promise<TLoaded>;
  badge: 'share.author' | 'share.demo';
  preview?: boolean;
}) {
  const { t, i18n } = useTranslation('player');
  const { state, reload } = useLoad(() => load(id), `${badge}:${id}`);
  if (state.status === 'loading') return <p className="pl-page pl-muted">{t('run.loading')}</p>;
  if (state.status === 'error')
    return (
      <div className="pl-page">
        <Problem state={state} onSignedIn={reload} />
      </div>
    );
  const { f, Run } = state.data;
  return (
    <div className="pl-page">
      <p className="pl-badge pl-badge--note" role="status" data-testid="preview-badge">
        {t(badge)}
      </p>
      <Run
        flow={f}
        // The revision is in the key: a preview after an edit starts the flow as it is now.
        runKey={`${preview ? 'preview' : 'demo'}:${id}:${f.revision}`}
        where={{ target: null, flowId: id, flowName: f.name, language: i18n.language, preview }}
      />
    </div>
  );
}
