import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchRoute, Redirect, Route, Switch, useLocation, useRouter } from 'wouter';
import { lastVisitedOrgCode } from '../features/orgs';
import { LoadingScreen } from '../ui/LoadingScreen';
import { space } from '../ui/space';
import { Guard } from './Guard';
import { HomeLayout } from './layout/HomeLayout';
import { NotFoundPage } from './pages/NotFoundPage';
import { preloadedPage } from './route-preload';
import {
  FULL_ROUTES,
  GUARDED_WORDS,
  HOME_PATH,
  HOME_ROUTES,
  PUBLIC_ROUTES,
  type RouteDef,
} from './route-table';

const lazyCache = new Map<RouteDef['load'], ComponentType>();
function pageOf(def: RouteDef): ComponentType {
  if (!def.load) return NotFoundPage;
  const ready = preloadedPage(def.load);
  if (ready) return ready;
  let page = lazyCache.get(def.load);
  if (!page) {
    page = lazy(def.load);
    lazyCache.set(def.load, page);
  }
  return page;
}

function Page({ def }: { def: RouteDef }) {
  const { t } = useTranslation('common');
  const Component = pageOf(def);
  return (
    <Suspense fallback={<LoadingScreen label={t('loading')} />}>
      <Component />
    </Suspense>
  );
}

/** A guarded path typed without its org code (e.g. /assignment) gets the active one. */
function MissingOrgCode() {
  const [location] = useLocation();
  const first = location.split('/')[1] ?? '';
  if (!GUARDED_WORDS.has(first)) return <NotFoundPage standalone />;
  const rest = first === 'explore' && location === '/explore' ? HOME_PATH : location;
  return <Redirect to={`/${space.orgCode}${rest}`} replace />;
}

/** "/" (the installed app's start URL, and where sign-in lands) opens the last-visited space. */
function StartRedirect() {
  const { t } = useTranslation('common');
  const [orgCode, setOrgCode] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void lastVisitedOrgCode().then((code) => live && setOrgCode(code));
    return () => {
      live = false;
    };
  }, []);
  if (!orgCode) return <LoadingScreen label={t('loading')} />;
  return <Redirect to={`/${orgCode}${HOME_PATH}`} replace />;
}

/** One mounted layout for every home route, so navigating keeps the navbar (and its state). */
function HomeArea() {
  const [location] = useLocation();
  const { parser } = useRouter();
  const def = HOME_ROUTES.find((r) => matchRoute(parser, r.path, location)[0]);
  if (!def) return <MissingOrgCode />;
  return (
    <Guard>
      <HomeLayout>
        <Switch>
          {HOME_ROUTES.map((r) => (
            <Route key={r.path} path={r.path}>
              <Page def={r} />
            </Route>
          ))}
        </Switch>
      </HomeLayout>
    </Guard>
  );
}

export function AppRoutes() {
  return (
    <Switch>
      {PUBLIC_ROUTES.map((def) => (
        <Route key={def.path} path={def.path}>
          {def.load ? <Page def={def} /> : <NotFoundPage standalone />}
        </Route>
      ))}
      {FULL_ROUTES.map((def) => (
        <Route key={def.path} path={def.path}>
          <Guard>{def.load ? <Page def={def} /> : <NotFoundPage standalone />}</Guard>
        </Route>
      ))}
      <Route path="/:orgCode/*">
        <HomeArea />
      </Route>
      <Route path="/">
        <Guard>
          <StartRedirect />
        </Guard>
      </Route>
      <Route>
        <MissingOrgCode />
      </Route>
    </Switch>
  );
}
