import { useTranslation } from 'react-i18next';
import { useClassroomScreen } from './use-classroom-screen';

const BIG_QR = 720;

/**
 * "Show to the class": the code and a large QR code filling a projector screen, in full screen
 * where the browser allows it. Escape or Close leaves.
 */
export function ClassroomView(props: { link: string; code: string; name: string; onClose: () => void }) {
  const { t } = useTranslation('assignment');
  const { onClose, link } = props;
  const { root, qr: src } = useClassroomScreen(link, BIG_QR, onClose, true);

  const site = link.replace(/\/assignments\/join-assignment\/.*$/, '/join');
  return (
    <div
      ref={root}
      className="classroom"
      role="dialog"
      aria-modal="true"
      aria-label={t('qr.present')}
      tabIndex={-1}
    >
      <button type="button" className="classroom__close btn btn--secondary" onClick={onClose}>
        {t('common:actions.close')}
      </button>
      <h2 className="classroom__name">{props.name}</h2>
      <div className="classroom__main">
        {src && <img className="classroom__qr" src={src} alt={t('qr.alt', { code: props.code })} />}
        <div className="classroom__text">
          <p>{t('qr.scan')}</p>
          <p>{t('qr.orGoTo')}</p>
          <p className="classroom__site">{site}</p>
          <p>{t('qr.andEnter')}</p>
          <p className="classroom__code" data-testid="classroom-code">
            {props.code}
          </p>
        </div>
      </div>
    </div>
  );
}
