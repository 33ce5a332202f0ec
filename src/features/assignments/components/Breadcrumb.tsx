import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

/**
 * Assignments list › optional middle item › current item (spec 02 §2). The settings variant adds
 * 'Permission Settings'; the current item links to the assignment's page.
 */
export function Breadcrumb(props: {
  orgCode: string;
  assignmentId: string;
  name?: string;
  settings?: boolean;
}) {
  const { t } = useTranslation('assignment');
  const name = props.name?.trim() || t('untitled');
  const href = `/${props.orgCode}/assignment/${props.assignmentId}`;
  return (
    <nav className="breadcrumb" aria-label={t('breadcrumb.label')}>
      <ol>
        <li>
          <Link href={`/${props.orgCode}/assignment`}>{t('title')}</Link>
        </li>
        <li>
          <Link href={href} aria-current={props.settings ? undefined : 'page'}>
            {name}
          </Link>
        </li>
        {props.settings && (
          <li>
            <span aria-current="page">{t('breadcrumb.settings')}</span>
          </li>
        )}
      </ol>
    </nav>
  );
}
