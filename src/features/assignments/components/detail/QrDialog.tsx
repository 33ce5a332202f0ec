import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TLiveStartRequest } from '../../../../shared/contract/live';
import { Button } from '../../../../ui/Button';
import { Dialog } from '../../../../ui/Dialog';
import { LiveClassroom } from '../live/LiveClassroom';
import { LiveStartOptions } from '../live/LiveStartOptions';
import { ClassroomView } from './ClassroomView';
import { qrDataUrl, qrWidth } from './qr';

/**
 * 'Invite Participants QR': the join link as a QR code, Download PNG, a view for the projector, and
 * (given the assignment's id) "Start live", the projector's screen of a teacher-paced lesson.
 */
export function QrDialog(props: {
  link: string;
  code: string;
  name: string;
  assignmentId?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('assignment');
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [classroom, setClassroom] = useState(false);
  const [live, setLive] = useState(false);
  const [liveOptions, setLiveOptions] = useState<TLiveStartRequest>({});
  const width = qrWidth(window.innerWidth);

  useEffect(() => {
    let alive = true;
    qrDataUrl(props.link, width).then(
      (url) => alive && setSrc(url),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [props.link, width]);

  const download = () => {
    if (!src) return;
    const a = document.createElement('a');
    a.href = src;
    a.download = `join-${props.code}.png`;
    document.body.append(a);
    a.click();
    a.remove();
  };

  if (classroom) return <ClassroomView {...props} onClose={() => setClassroom(false)} />;
  if (live && props.assignmentId)
    return (
      <LiveClassroom
        assignmentId={props.assignmentId}
        link={props.link}
        name={props.name}
        options={liveOptions}
        onClose={() => setLive(false)}
      />
    );
  return (
    <Dialog
      title={t('qr.title')}
      onClose={props.onClose}
      className="qr-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={download} disabled={!src}>
            {t('qr.download')}
          </Button>
          <Button variant="secondary" onClick={() => setClassroom(true)} disabled={!src}>
            {t('qr.present')}
          </Button>
          {props.assignmentId && (
            <Button variant="secondary" onClick={() => setLive(true)} needsConnection>
              {t('live.start')}
            </Button>
          )}
          <Button onClick={props.onClose}>{t('common:actions.close')}</Button>
        </>
      }
    >
      <div className="qr-dialog__body">
        {src ? (
          <img
            src={src}
            width={width}
            height={width}
            alt={t('qr.alt', { code: props.code })}
            data-testid="qr-image"
          />
        ) : failed ? (
          <p className="field__error">{t('qr.failed')}</p>
        ) : (
          <span className="spinner" role="status" aria-label={t('loading')} />
        )}
        <p className="qr-dialog__code">
          {t('qr.code')} <strong>{props.code}</strong>
        </p>
        <p className="qr-dialog__link">{props.link}</p>
        {props.assignmentId && <LiveStartOptions value={liveOptions} onChange={setLiveOptions} />}
      </div>
    </Dialog>
  );
}
