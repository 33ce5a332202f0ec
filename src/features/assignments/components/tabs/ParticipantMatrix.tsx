import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MATRIX_SCROLL_STEP_PX, type TParticipant } from '../../../../shared/contract/assignments';
import { capCount, interactionTone } from '../../../../shared/domain/report-rules';
import { Avatar, displayName } from '../Avatar';

/**
 * One row per participant, one column per flow, interaction counts per cell, coloured by the 40/70
 * bands (spec 02 §5). Scroll buttons move 200 px; in remove mode each row has a checkbox and the
 * header a select-all box.
 */
export function ParticipantMatrix(props: {
  participants: TParticipant[];
  flows: Array<{ _id: string; name: string }>;
  removing: boolean;
  selected: string[];
  onSelect: (ids: string[]) => void;
}) {
  const { t } = useTranslation('assignment');
  const scroller = useRef<HTMLDivElement>(null);
  const { participants, flows, selected, onSelect } = props;
  const all = participants.length > 0 && participants.every((p) => selected.includes(p.id));
  const scroll = (dx: number) => scroller.current?.scrollBy({ left: dx, behavior: 'smooth' });
  const toggle = (id: string) =>
    onSelect(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);

  return (
    <div className="matrix">
      <div className="matrix__scroll-buttons">
        <button
          type="button"
          className="icon-button"
          aria-label={t('participants.scrollLeft')}
          onClick={() => scroll(-MATRIX_SCROLL_STEP_PX)}
        >
          ‹
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={t('participants.scrollRight')}
          onClick={() => scroll(MATRIX_SCROLL_STEP_PX)}
        >
          ›
        </button>
      </div>
      <div className="matrix__scroller" ref={scroller} data-testid="matrix-scroller">
        <table className="matrix__table">
          <thead>
            <tr>
              {props.removing && (
                <th scope="col" className="matrix__check">
                  <input
                    type="checkbox"
                    aria-label={t('participants.selectAll')}
                    checked={all}
                    onChange={() => onSelect(all ? [] : participants.map((p) => p.id))}
                  />
                </th>
              )}
              <th scope="col" className="matrix__person">
                {t('participants.participant')}
              </th>
              {flows.map((f) => (
                <th scope="col" key={f._id} className="matrix__flow">
                  {f.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {participants.map((p) => (
              <tr key={p.id} data-testid="participant-row">
                {props.removing && (
                  <td className="matrix__check">
                    <input
                      type="checkbox"
                      aria-label={t('participants.select', { name: displayName(p, t('unknownUser')) })}
                      checked={selected.includes(p.id)}
                      onChange={() => toggle(p.id)}
                    />
                  </td>
                )}
                <th scope="row" className="matrix__person">
                  <Avatar email={p.email} name={displayName(p, t('unknownUser'))} src={p.profileImg} />
                  <span className="matrix__who">
                    <span className="matrix__name">{displayName(p, t('unknownUser'))}</span>
                    {p.isGuest ? (
                      <span className="matrix__email matrix__guest" data-testid="guest-badge">
                        {t('participants.guest')}
                      </span>
                    ) : (
                      p.fullname && <span className="matrix__email">{p.email}</span>
                    )}
                  </span>
                </th>
                {flows.map((f) => {
                  const n = p.flows.find((x) => x.id === f._id)?.interactions ?? 0;
                  return (
                    <td key={f._id} className="matrix__cell">
                      <span
                        className={`interaction interaction--${interactionTone(n)}`}
                        data-testid="interaction-badge"
                        title={t('participants.interactions', { count: n })}
                      >
                        {capCount(n)}
                      </span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
