import type { TFunction } from 'i18next';
import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { auth, signOut } from '../../features/auth';
import { LanguageMenu, SpaceSwitcher } from '../../features/orgs';
import { Menu } from '../../ui/Menu';
import { outboxState } from '../../ui/outbox-state';
import { space } from '../../ui/space';
import { confirmDialog } from '../../ui/surfaces';
import { loadAreaTexts } from '../i18n';
import { HOME_ROUTES } from '../route-table';
import { InstallButton } from './InstallButton';
import { PhoneMenu } from './PhoneMenu';
import { SectionLinks } from './SectionLinks';

// Its own chunk, so the balance (and the credits contracts) stay out of the shell's first load.
// A signed-in start fetches it beside the page's chunk (route-preload.ts); once it is here the navbar
// renders it directly instead of suspending for a promise that has already resolved.
let loadedQuickBalance: ComponentType<{ userId: string }> | undefined;
export const loadQuickBalance = () =>
  Promise.all([import('../../features/credits'), loadAreaTexts(['quickBalance'])]).then(([m]) => {
    loadedQuickBalance = m.QuickBalance;
    return { default: m.QuickBalance };
  });
const LazyQuickBalance = lazy(loadQuickBalance);

/** Top-level sections; only those whose screen exists are shown (no links to not-found pages). */
const SECTIONS = [
  'explore',
  'collections',
  'library',
  'prompt-templates',
  'assignment',
  'automation',
  'chat',
  'ai-flow-generator',
] as const;
const built = new Set(HOME_ROUTES.filter((r) => r.load).map((r) => r.path.split('/')[2]));
const SHOWN = SECTIONS.filter((s) => built.has(s));

/**
 * Changes the service worker still holds are kept for this user across a sign-out (they wait for the
 * next sign-in here), but a teacher handing the tablet on should know before leaving them behind.
 */
async function confirmWaitingChanges(t: TFunction<'navbar'>): Promise<boolean> {
  const count = outboxState.size;
  if (count === 0) return true;
  return confirmDialog({
    title: t('account.signOutWaitingTitle'),
    message: t('account.signOutWaiting', { count }),
    confirmLabel: t('account.signOutAnyway'),
    cancelLabel: t('common:actions.cancel'),
  });
}

export function Navbar() {
  const { t } = useTranslation('navbar');
  const spaceSnap = useSnapshot(space);
  const authSnap = useSnapshot(auth);
  const [location, navigate] = useLocation();
  const section = location.split('/')[2];
  const user = authSnap.user;
  const QuickBalance = loadedQuickBalance ?? LazyQuickBalance;
  return (
    <header className="navbar">
      <div className="navbar__row">
        <Link href={`/${spaceSnap.orgCode}/explore`} className="navbar__brand" aria-label={t('brand')}>
          <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={28} height={28} />
          <span>Flowlearn</span>
        </Link>
        <SpaceSwitcher />
        <SectionLinks sections={SHOWN} base={spaceSnap.orgCode} current={section} />
        <div className="navbar__end">
          <Suspense fallback={null}>{user && <QuickBalance userId={user._id} />}</Suspense>
          <span className="navbar__wide">
            <InstallButton />
            <LanguageMenu />
          </span>
          <Menu
            label={t('account.label')}
            trigger={
              <span className="avatar" aria-hidden="true">
                {(user?.fullname || user?.email || '?').slice(0, 1).toUpperCase()}
              </span>
            }
            items={[
              {
                key: 'who',
                label: user?.fullname || user?.email || '',
                hint: user?.fullname ? user.email : undefined,
                disabled: true,
              },
              { key: 'sep', separator: true },
              ...(spaceSnap.orgCode && spaceSnap.orgCode !== 'personal'
                ? [
                    {
                      key: 'org-settings',
                      label: t('account.orgSettings'),
                      onSelect: () => navigate(`/${spaceSnap.orgCode}/org-settings`),
                    },
                  ]
                : []),
              {
                key: 'settings',
                label: t('account.settings'),
                onSelect: () => navigate(`/${spaceSnap.orgCode}/settings`),
              },
              {
                key: 'lrs',
                label: t('account.lrs'),
                onSelect: () => navigate(`/${spaceSnap.orgCode}/lrs`),
              },
              {
                key: 'signout',
                label: t('account.signOut'),
                onSelect: async () => {
                  if (!(await confirmWaitingChanges(t))) return;
                  await signOut();
                  navigate('/login', { replace: true });
                },
              },
            ]}
          />
          <PhoneMenu sections={SHOWN} base={spaceSnap.orgCode} />
        </div>
      </div>
    </header>
  );
}
