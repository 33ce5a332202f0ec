import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation, useParams } from 'wouter';
import { ApiError } from '../../../../shared/api/http';
import type { TFlowSummary } from '../../../../shared/contract/flows';
import { Button } from '../../../../ui/Button';
import { LoadingScreen } from '../../../../ui/LoadingScreen';
import { defaultPaymentOption } from '../../../../ui/PaymentOptionField';
import { space } from '../../../../ui/space';
import { toastError, toastSuccess } from '../../../../ui/surfaces';
import { WizardHeader } from '../../../../ui/WizardHeader';
import { assignmentsApi } from '../../assignments.api';
import {
  canLeaveFlows,
  DEFAULT_END_TIME,
  endDateIso,
  splitEndDate,
  typeFor,
  type WizardState,
  wizardProblems,
} from '../../wizard-rules';
import { DetailsStep } from './DetailsStep';
import { FlowsStep } from './FlowsStep';
import '../../assignments.css';

/**
 * /{orgCode}/create-assignment and /{orgCode}/edit-assignment/{assignmentId}: step 0 picks flows,
 * step 1 the details, then submit (spec 02 §2, §5). Leaving returns to the list.
 */
export default function AssignmentWizardPage() {
  const { t } = useTranslation('assignment');
  const { assignmentId } = useParams<{ assignmentId?: string }>();
  const { orgId, orgCode } = useSnapshot(space);
  const [, navigate] = useLocation();
  const editing = !!assignmentId;
  const [step, setStep] = useState<0 | 1>(0);
  const [flows, setFlows] = useState<TFlowSummary[] | null>(null);
  const [typeChosen, setTypeChosen] = useState(editing);
  const [loaded, setLoaded] = useState(!editing);
  const [busy, setBusy] = useState(false);
  const [state, setState] = useState<WizardState>({
    flowIds: [],
    name: '',
    description: '',
    type: 'single',
    payment: defaultPaymentOption(orgId),
    endDate: '',
    endTime: DEFAULT_END_TIME,
  });
  const back = `/${orgCode}/assignment`;

  useEffect(() => {
    assignmentsApi.userFlows().then(
      (r) => setFlows(r.data),
      () => setFlows([]),
    );
  }, []);
  useEffect(() => {
    if (!assignmentId) return;
    assignmentsApi.get(assignmentId).then(
      ({ data }) => {
        setState({
          flowIds: data.flowIds,
          name: data.name,
          description: data.description,
          type: data.type,
          payment: data.unitUsageOption,
          ...splitEndDate(data.endDate),
        });
        setLoaded(true);
      },
      () => navigate(back, { replace: true }),
    );
  }, [assignmentId, back, navigate]);

  const change = (patch: Partial<WizardState>) => {
    if (patch.type) setTypeChosen(true);
    setState((s) => ({ ...s, ...patch }));
  };
  const toggle = (id: string) =>
    setState((s) => {
      const flowIds = s.flowIds.includes(id) ? s.flowIds.filter((x) => x !== id) : [...s.flowIds, id];
      return { ...s, flowIds, type: typeChosen ? s.type : typeFor(flowIds.length) };
    });
  const problems = wizardProblems(state);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (problems.length || !state.payment) return;
    const body = {
      name: state.name.trim(),
      description: state.description.trim(),
      type: state.type,
      flowIds: state.flowIds,
      unitUsageOption: state.payment,
      endDate: endDateIso(state.endDate, state.endTime),
    };
    setBusy(true);
    try {
      if (assignmentId) {
        await assignmentsApi.update(assignmentId, body);
        toastSuccess(t('toast.edited'));
        navigate(back);
      } else {
        const { data } = await assignmentsApi.create(body);
        toastSuccess(t('toast.created'));
        navigate(`/${orgCode}/assignment/${data._id}`);
      }
    } catch (err) {
      if (err instanceof ApiError && err.kind === 'queued') {
        toastSuccess(t('offline.queued'));
        navigate(back);
      } else if (err instanceof ApiError && err.kind === 'http' && !err.message) {
        toastError(t('wizard.failed'));
      }
    } finally {
      setBusy(false);
    }
  };

  if (!loaded) return <LoadingScreen label={t('loading')} />;
  return (
    <div className="wizard assignment-wizard">
      <WizardHeader
        back={back}
        backLabel={t('title')}
        title={editing ? t('wizard.editTitle') : t('wizard.createTitle')}
        stepsLabel={t('wizard.steps')}
        steps={[t('wizard.stepFlows'), t('wizard.stepDetails')]}
        current={step}
      />
      <form className="wizard__body card" onSubmit={submit} noValidate>
        {step === 0 ? (
          <FlowsStep flows={flows} selected={state.flowIds} onToggle={toggle} />
        ) : (
          <DetailsStep value={state} onChange={change} orgId={orgId} problems={problems} />
        )}
        <div className="wizard__actions">
          {step === 1 && (
            <Button variant="secondary" onClick={() => setStep(0)}>
              {t('wizard.previous')}
            </Button>
          )}
          {/* Distinct keys: React must not turn the clicked Next into the submit button mid-click,
              or the browser submits the form at once (an edit would save before it was changed). */}
          {step === 0 ? (
            <Button key="next" disabled={!canLeaveFlows(state)} onClick={() => setStep(1)}>
              {t('wizard.next')}
            </Button>
          ) : (
            <Button key="submit" type="submit" busy={busy} disabled={problems.length > 0}>
              {editing ? t('wizard.save') : t('wizard.submit')}
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}
