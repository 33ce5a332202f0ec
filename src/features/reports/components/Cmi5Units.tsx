import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCmi5CourseProgress, TCmi5WaiveRequest } from '../../../shared/contract/cmi5-units';
import { Button } from '../../../ui/Button';
import { reportsApi } from '../reports.api';
import { useReport } from './common';

type WaiveTarget = Pick<TCmi5WaiveRequest, 'packageId' | 'userId' | 'auId'>;

/**
 * Each participant's units of each cmi5 course, in their latest registration: met, waived or not yet,
 * with Waive on the ones not yet met (the LMS then writes cmi5's "waived", reason Administrative).
 */
export function Cmi5UnitsTable({
  courses,
  onWaive,
  busy,
}: {
  courses: TCmi5CourseProgress[];
  onWaive: (target: WaiveTarget) => void;
  /** The unit being waived (`{userId} {auId}`): its button waits. */
  busy?: string | null;
}) {
  const { t } = useTranslation('reports');
  return (
    <>
      {courses.map((course) => (
        <section key={course.packageId} className="report-section" data-testid="cmi5-units">
          <h3>{t('cmi5.title', { course: course.title })}</h3>
          {course.learners.length === 0 ? (
            <p>{t('cmi5.none')}</p>
          ) : (
            <table className="report-table">
              <tbody>
                {course.learners.map((l) => (
                  <tr key={l.userId}>
                    <th scope="row" className="report-person">
                      {l.name}{' '}
                      {l.satisfied && <span className="cmi5-satisfied">· {t('cmi5.satisfied')}</span>}
                    </th>
                    {l.units.map((u) => (
                      <td key={u.auId}>
                        <span>{u.title}</span>: <span>{t(`cmi5.state.${u.state}`)}</span>{' '}
                        {u.state === 'open' && (
                          <Button
                            variant="secondary"
                            size="sm"
                            disabled={busy === `${l.userId} ${u.auId}`}
                            aria-label={t('cmi5.waiveLabel', { unit: u.title, name: l.name })}
                            onClick={() =>
                              onWaive({ packageId: course.packageId, userId: l.userId, auId: u.auId })
                            }
                          >
                            {t('cmi5.waive')}
                          </Button>
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ))}
    </>
  );
}

/** The assignment's cmi5 courses (nothing when it has none), loaded and waived through the API. */
export function Cmi5Units({ assignmentId }: { assignmentId: string }) {
  const { t } = useTranslation('reports');
  const load = useReport(assignmentId, 'cmi5-units', reportsApi.cmi5Units);
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const courses = load.data?.data.courses ?? [];
  if (courses.length === 0) return null;
  const waive = async (target: WaiveTarget) => {
    setBusy(`${target.userId} ${target.auId}`);
    setFailed(false);
    try {
      await reportsApi.cmi5Waive(assignmentId, { ...target, reason: 'Administrative' });
      await load.reload?.();
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      {failed && <p role="alert">{t('cmi5.waiveFailed')}</p>}
      <Cmi5UnitsTable courses={courses} onWaive={(x) => void waive(x)} busy={busy} />
    </>
  );
}
