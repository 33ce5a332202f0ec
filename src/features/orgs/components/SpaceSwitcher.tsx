import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { Menu } from '../../../ui/Menu';
import { PERSONAL, space } from '../../../ui/space';
import { toastSuccess } from '../../../ui/surfaces';
import { orgsApi } from '../orgs.api';
import { orgs } from '../orgs.store';
import { CreateOrgDialog } from './CreateOrgDialog';

/** Navbar menu to switch between the personal space and the user's organisations. */
export function SpaceSwitcher() {
  const { t } = useTranslation('navbar');
  const spaceSnap = useSnapshot(space);
  const orgSnap = useSnapshot(orgs);
  const [, navigate] = useLocation();
  const [creating, setCreating] = useState(false);
  const current =
    spaceSnap.orgCode === PERSONAL ? t('space.personal') : spaceSnap.orgName || spaceSnap.orgCode;

  const switchTo = async (orgId: string, orgCode: string) => {
    if (orgCode === spaceSnap.orgCode) return;
    const res = await orgsApi.switchOrg(orgId).catch(() => null);
    if (!res) return;
    orgs.lastVisitedOrgId = orgId === PERSONAL ? '' : orgId;
    toastSuccess(t('space.switched'));
    navigate(`/${orgCode}/explore`);
  };

  return (
    <>
      <Menu
        label={t('space.label')}
        current={current}
        trigger={
          <span className="space-switcher__current">
            {/* The initial is drawn by CSS, so the visible label is the space's name alone (WCAG 2.5.3). */}
            <span
              className="space-switcher__badge"
              aria-hidden="true"
              data-initial={current.slice(0, 1).toUpperCase()}
            />
            <span className="space-switcher__name">{current}</span>
          </span>
        }
        items={[
          {
            key: PERSONAL,
            label: t('space.personal'),
            checked: spaceSnap.orgCode === PERSONAL,
            onSelect: () => switchTo(PERSONAL, PERSONAL),
          },
          ...orgSnap.list.map((o) => ({
            key: o.orgId,
            label: o.name,
            hint: o.orgCode,
            checked: spaceSnap.orgCode === o.orgCode,
            onSelect: () => switchTo(o.orgId, o.orgCode),
          })),
          { key: 'sep', separator: true },
          { key: 'join', label: t('space.join'), onSelect: () => navigate(`/${spaceSnap.orgCode}/join-org`) },
          { key: 'create', label: t('space.create'), onSelect: () => setCreating(true) },
        ]}
      />
      {creating && <CreateOrgDialog onClose={() => setCreating(false)} />}
    </>
  );
}
