import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { joinLink, type TAssignmentDetail } from '../../../../shared/contract/assignments';
import { Button } from '../../../../ui/Button';
import { useCopied } from '../useCopied';
import { CodeEditDialog } from './CodeEditDialog';
import { QrDialog } from './QrDialog';

/** Where participants join: the viewer site of this server. */
export const viewerOrigin = () => window.location.origin;

/**
 * 'Invite Participants' (spec 02 §2): two steps (open the join site, enter the code), copy the
 * code ('Copied' for 2 s), edit it, copy the whole join link, and the QR dialog.
 */
export function InvitePanel({ a }: { a: TAssignmentDetail }) {
  const { t } = useTranslation('assignment');
  const { copied, copy } = useCopied();
  const [editing, setEditing] = useState(false);
  const [qr, setQr] = useState(false);
  const link = joinLink(viewerOrigin(), a.code);
  const site = `${viewerOrigin()}/viewer/join`;
  return (
    <section className="invite-panel card" aria-labelledby="invite-title">
      <h2 id="invite-title">{t('invite.title')}</h2>
      <ol className="invite-panel__steps">
        <li>
          {t('invite.step1')} <strong className="invite-panel__site">{site}</strong>
        </li>
        <li>{t('invite.step2')}</li>
      </ol>
      <div className="invite-panel__code">
        <code className="join-code join-code--big" data-testid="join-code">
          {a.code}
        </code>
        <Button size="sm" variant="secondary" onClick={() => void copy('code', a.code)}>
          {copied === 'code' ? `✓ ${t('invite.copied')}` : t('invite.copyCode')}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
          ✎ {t('invite.editCode')}
        </Button>
      </div>
      <div className="invite-panel__actions">
        <Button size="sm" variant="secondary" onClick={() => void copy('link', link)}>
          {copied === 'link' ? `✓ ${t('invite.copied')}` : t('invite.copyLink')}
        </Button>
        <Button size="sm" onClick={() => setQr(true)}>
          {t('invite.showQr')}
        </Button>
      </div>
      {editing && <CodeEditDialog current={a.code} onClose={() => setEditing(false)} />}
      {qr && (
        <QrDialog link={link} code={a.code} name={a.name} assignmentId={a._id} onClose={() => setQr(false)} />
      )}
    </section>
  );
}
