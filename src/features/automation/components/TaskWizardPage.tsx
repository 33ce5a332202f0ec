import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation, useParams } from 'wouter';
import { TASK_DESCRIPTION_MAX, TASK_NAME_MAX } from '../../../shared/contract/automation';
import type { TFlowSummary } from '../../../shared/contract/flows';
import { Button } from '../../../ui/Button';
import { LoadingScreen } from '../../../ui/LoadingScreen';
import { space } from '../../../ui/space';
import { showToast, toastSuccess } from '../../../ui/surfaces';
import { WizardHeader } from '../../../ui/WizardHeader';
import { automationApi } from '../automation.api';
import '../automation.css';

/**
 * /{orgCode}/create-automation and /personal/edit-automation/{taskId} (spec 03 §2, §5): step 1 picks
 * exactly one flow, step 2 the name (required) and description; edit returns to /automation.
 */
export default function TaskWizardPage() {
  const { t } = useTranslation('task');
  const { taskId } = useParams<{ taskId?: string }>();
  const { orgCode } = useSnapshot(space);
  const [, navigate] = useLocation();
  const ids = { filter: useId(), name: useId(), description: useId() };
  const editing = !!taskId;
  const back = `/${orgCode}/automation`;
  const [step, setStep] = useState<0 | 1>(0);
  const [flows, setFlows] = useState<TFlowSummary[] | null>(null);
  const [filter, setFilter] = useState('');
  const [flowId, setFlowId] = useState('');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [loaded, setLoaded] = useState(!editing);
  const [busy, setBusy] = useState(false);
  const [generating, setGenerating] = useState(false);

  useEffect(() => {
    automationApi.userFlows().then(
      (r) => setFlows(r.data),
      () => setFlows([]),
    );
  }, []);
  useEffect(() => {
    if (!taskId) return;
    automationApi.detail(taskId).then(
      ({ data }) => {
        setFlowId(data.flowId);
        setName(data.name);
        setDescription(data.description);
        setStep(1);
        setLoaded(true);
      },
      () => {
        showToast({ type: 'Error', title: t('errors.title'), message: t('errors.load') });
        navigate(back, { replace: true });
      },
    );
  }, [taskId, back, navigate, t]);

  const generate = async () => {
    setGenerating(true);
    try {
      const r = await automationApi.generate([flowId]);
      setName(r.name);
      setDescription(r.description);
    } catch {
      // The api-client said why.
    } finally {
      setGenerating(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!flowId || !name.trim()) return;
    setBusy(true);
    try {
      if (taskId) {
        await automationApi.update(taskId, { name: name.trim(), description: description.trim() });
        toastSuccess(t('toast.updated'));
        navigate(back);
      } else {
        const { data } = await automationApi.create({
          flowId,
          name: name.trim(),
          description: description.trim(),
        });
        toastSuccess(t('toast.created'));
        navigate(`/${orgCode}/automation/task/${data._id}`);
      }
    } catch {
      showToast({ type: 'Error', title: t('errors.title'), message: t('errors.update') });
    } finally {
      setBusy(false);
    }
  };

  if (!loaded) return <LoadingScreen label={t('loading')} />;
  const shown = (flows ?? []).filter((f) => f.name.toLowerCase().includes(filter.trim().toLowerCase()));
  return (
    <div className="wizard task-wizard">
      <WizardHeader
        back={back}
        backLabel={t('title')}
        title={editing ? t('wizard.editTitle') : t('wizard.createTitle')}
        stepsLabel={t('wizard.steps')}
        steps={[t('wizard.stepFlow'), t('wizard.stepDetails')]}
        current={step}
      />
      <form className="wizard__body card" onSubmit={submit} noValidate>
        {step === 0 ? (
          <fieldset className="field">
            <legend>{t('wizard.pickFlow')}</legend>
            <label htmlFor={ids.filter} className="visually-hidden">
              {t('wizard.searchFlows')}
            </label>
            <input
              id={ids.filter}
              className="input"
              placeholder={t('wizard.searchFlows')}
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
            />
            {!flows ? (
              <p className="muted">{t('loading')}</p>
            ) : shown.length === 0 ? (
              <p className="muted">{t('wizard.noFlows')}</p>
            ) : (
              <ul className="wizard-flows">
                {shown.map((f) => (
                  <li key={f._id}>
                    <label className="radio-card">
                      <input
                        type="radio"
                        name="task-flow"
                        checked={flowId === f._id}
                        disabled={editing}
                        onChange={() => setFlowId(f._id)}
                      />
                      <span>
                        <strong>{f.name}</strong>
                        {f.description && <span className="radio-card__hint">{f.description}</span>}
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
          </fieldset>
        ) : (
          <>
            <div className="field">
              <label htmlFor={ids.name}>{t('wizard.name')}</label>
              <input
                id={ids.name}
                className="input"
                value={name}
                maxLength={TASK_NAME_MAX}
                required
                onChange={(e) => setName(e.target.value)}
              />
              {!name.trim() && <span className="field__hint">{t('wizard.nameRequired')}</span>}
            </div>
            <div className="field">
              <label htmlFor={ids.description}>{t('wizard.description')}</label>
              <textarea
                id={ids.description}
                className="input"
                rows={4}
                value={description}
                maxLength={TASK_DESCRIPTION_MAX}
                onChange={(e) => setDescription(e.target.value)}
              />
            </div>
            {!editing && (
              <Button variant="secondary" busy={generating} onClick={() => void generate()}>
                ✨ {t('wizard.generate')}
              </Button>
            )}
          </>
        )}
        <div className="wizard__actions">
          {step === 1 && !editing && (
            <Button variant="secondary" onClick={() => setStep(0)}>
              {t('wizard.previous')}
            </Button>
          )}
          {step === 0 ? (
            <Button key="next" disabled={!flowId} onClick={() => setStep(1)}>
              {t('wizard.next')}
            </Button>
          ) : (
            <Button key="submit" type="submit" busy={busy} disabled={!name.trim()}>
              {editing ? t('wizard.save') : t('wizard.submit')}
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}
