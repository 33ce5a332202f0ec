import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Redirect, useParams } from 'wouter';
import { ApiError } from '../../../../shared/api/http';
import type { TAssignmentDetail, TCoOwner } from '../../../../shared/contract/assignments';
import { ZEmail } from '../../../../shared/contract/auth';
import { Button } from '../../../../ui/Button';
import { SkeletonRows } from '../../../../ui/Skeleton';
import { space } from '../../../../ui/space';
import { confirmDialog, toastSuccess } from '../../../../ui/surfaces';
import { assignmentsApi } from '../../assignments.api';
import { assignmentDetail, loadAssignment } from '../../detail.store';
import { Avatar, displayName } from '../Avatar';
import { Breadcrumb } from '../Breadcrumb';
import { FeatureToggles } from './FeatureToggles';
import '../../assignments.css';

const splitEmails = (text: string) => [
  ...new Set(
    text
      .split(/[\s,;]+/)
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  ),
];

/** /{orgCode}/assignment/{id}/settings: Permission Settings, the co-owners (spec 02 §2). */
export default function AssignmentSettingsPage() {
  const { t } = useTranslation('assignment');
  const { assignmentId = '' } = useParams<{ assignmentId: string }>();
  const { orgCode } = useSnapshot(space);
  const snap = useSnapshot(assignmentDetail);
  const [owner, setOwner] = useState<{ email: string; fullname: string } | null>(null);
  const [coOwners, setCoOwners] = useState<TCoOwner[] | null>(null);
  const [missing, setMissing] = useState(false);
  const [emails, setEmails] = useState('');
  const [invalid, setInvalid] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const inputId = useId();

  const load = useCallback(() => {
    assignmentsApi.coOwners(assignmentId).then(
      (r) => {
        setOwner(r.owner);
        setCoOwners(r.coOwners);
      },
      (err) => setMissing(err instanceof ApiError && (err.status === 404 || err.status === 403)),
    );
  }, [assignmentId]);
  useEffect(() => {
    load();
    if (assignmentDetail.id !== assignmentId) void loadAssignment(assignmentId);
  }, [assignmentId, load]);

  const add = async (e: FormEvent) => {
    e.preventDefault();
    const list = splitEmails(emails);
    const bad = list.filter((x) => !ZEmail.safeParse(x).success);
    setInvalid(bad);
    if (!list.length || bad.length) return;
    setBusy(true);
    try {
      const res = await assignmentsApi.addCoOwners(assignmentId, list);
      setCoOwners(res.coOwners);
      setEmails('');
      toastSuccess(t('toast.coOwnersAdded'));
    } catch {
      // The api-client showed the server's reason (e.g. no account uses that address).
    } finally {
      setBusy(false);
    }
  };
  const remove = async (c: TCoOwner) => {
    const ok = await confirmDialog({
      title: t('coOwners.removeTitle'),
      message: t('coOwners.removeMessage', { name: displayName(c, t('unknownUser')) }),
      confirmLabel: t('coOwners.remove'),
      cancelLabel: t('common:actions.cancel'),
      danger: true,
    });
    if (!ok) return;
    try {
      await assignmentsApi.removeCoOwner(assignmentId, c.id);
      setCoOwners((l) => (l ?? []).filter((x) => x.id !== c.id));
      toastSuccess(t('toast.coOwnerRemoved'));
    } catch {
      // shown by the api-client
    }
  };

  if (missing) return <Redirect to="/not-found" replace />;
  const detail = snap.id === assignmentId ? (snap.data as TAssignmentDetail | null) : null;
  const name = detail?.name;
  return (
    <section className="page assignment-settings">
      <Breadcrumb orgCode={orgCode} assignmentId={assignmentId} name={name} settings />
      <h1>{t('breadcrumb.settings')}</h1>
      <section className="card settings-card" aria-labelledby="co-owners-title">
        <h2 id="co-owners-title">{t('coOwners.title')}</h2>
        <p className="muted">{t('coOwners.lead')}</p>
        {owner && (
          <p className="settings-card__owner">
            {t('coOwners.owner')}: <strong>{owner.fullname || owner.email}</strong> ({owner.email})
          </p>
        )}
        <form className="co-owner-form" onSubmit={add} noValidate>
          <label htmlFor={inputId}>{t('coOwners.addLabel')}</label>
          <div className="co-owner-form__row">
            <input
              id={inputId}
              className="input"
              inputMode="email"
              autoCapitalize="none"
              placeholder={t('coOwners.placeholder')}
              value={emails}
              onChange={(e) => setEmails(e.target.value)}
            />
            <Button type="submit" busy={busy} disabled={!emails.trim()}>
              {t('coOwners.add')}
            </Button>
          </div>
          {invalid.length > 0 && (
            <span className="field__error" role="alert">
              {t('coOwners.invalid', { emails: invalid.join(', ') })}
            </span>
          )}
        </form>
        {!coOwners ? (
          <SkeletonRows count={2} label={t('loading')} />
        ) : coOwners.length === 0 ? (
          <p className="empty-note">{t('coOwners.empty')}</p>
        ) : (
          <ul className="co-owner-list">
            {coOwners.map((c) => (
              <li key={c.id} className="co-owner-list__item" data-testid="co-owner">
                <Avatar email={c.email} name={displayName(c, t('unknownUser'))} src={c.profileImg} />
                <span className="co-owner-list__who">
                  <strong>{displayName(c, t('unknownUser'))}</strong>
                  <span className="muted">{c.email}</span>
                </span>
                <Button size="sm" variant="ghost" onClick={() => void remove(c)}>
                  {t('coOwners.remove')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {detail && <FeatureToggles a={detail} />}
    </section>
  );
}
