import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation, useSearch } from 'wouter';
import type { TFlowSummary } from '../../../shared/contract/flows';
import type { TPaymentOption, TTag } from '../../../shared/contract/tools';
import { Button } from '../../../ui/Button';
import { defaultPaymentOption, PaymentOptionField } from '../../../ui/PaymentOptionField';
import { space } from '../../../ui/space';
import { toastError, toastSuccess } from '../../../ui/surfaces';
import { WizardHeader } from '../../../ui/WizardHeader';
import { toolsApi } from '../tools.api';
import { FlowPicker } from './FlowPicker';
import { ToolDetailsFields } from './ToolDetailsFields';

/** /{orgCode}/create-tool: step 0 choose flows, step 1 details; returns to the explorer. */
export default function CreateToolPage() {
  const { t } = useTranslation('navbar');
  const { orgId, orgCode } = useSnapshot(space);
  const [, navigate] = useLocation();
  const presetTag = new URLSearchParams(useSearch()).get('tag');
  const [step, setStep] = useState<0 | 1>(0);
  const [flows, setFlows] = useState<TFlowSummary[] | null>(null);
  const [tags, setTags] = useState<TTag[]>([]);
  const [selected, setSelected] = useState<string[]>([]);
  const [details, setDetails] = useState({
    name: '',
    description: '',
    iconUrl: '',
    tagIds: presetTag ? [presetTag] : ([] as string[]),
  });
  const [payment, setPayment] = useState<TPaymentOption | ''>(defaultPaymentOption(orgId));
  const [busy, setBusy] = useState(false);
  const back = `/${orgCode}/explore`;

  useEffect(() => {
    toolsApi.userFlows().then(
      (r) => setFlows(r.data),
      () => setFlows([]),
    );
    toolsApi.tags().then(
      (r) => setTags(r.data),
      () => setTags([]),
    );
    setPayment(defaultPaymentOption(orgId));
  }, [orgId]);

  const toggle = (id: string) =>
    setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const valid = selected.length > 0 && details.name.trim() !== '' && payment !== '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid || !payment) return;
    setBusy(true);
    try {
      await toolsApi.create({
        name: details.name.trim(),
        description: details.description.trim(),
        iconUrl: details.iconUrl.trim() || null,
        flowIds: selected,
        tagIds: details.tagIds,
        unitUsageOption: payment,
      });
      toastSuccess(t('createTool.created'));
      navigate(back);
    } catch {
      toastError(t('createTool.failed'), t('createTool.failedTitle'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="wizard">
      <WizardHeader
        back={back}
        backLabel={t('createTool.back')}
        title={t('createTool.title')}
        stepsLabel={t('createTool.steps')}
        steps={[t('createTool.stepFlows'), t('createTool.stepDetails')]}
        current={step}
      />
      <form className="wizard__body card" onSubmit={submit} noValidate>
        {step === 0 ? (
          <FlowPicker flows={flows} selected={selected} onToggle={toggle} />
        ) : (
          <>
            <ToolDetailsFields value={details} onChange={setDetails} tags={tags} flowIds={selected} />
            <PaymentOptionField orgId={orgId} value={payment} onChange={setPayment} />
          </>
        )}
        <div className="wizard__actions">
          {step === 1 && (
            <Button variant="secondary" onClick={() => setStep(0)}>
              {t('createTool.previous')}
            </Button>
          )}
          {step === 0 ? (
            <Button disabled={selected.length === 0} onClick={() => setStep(1)}>
              {t('createTool.next')}
            </Button>
          ) : (
            <Button type="submit" busy={busy} needsConnection disabled={!valid}>
              {t('createTool.create')}
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}
