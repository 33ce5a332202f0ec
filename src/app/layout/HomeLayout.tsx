import type { ReactNode } from 'react';
import { Navbar } from './Navbar';
import { OfflineBanner } from './OfflineBanner';

/** The home layout of spec 01 §2: navbar on top, the page below. */
export function HomeLayout({ children }: { children: ReactNode }) {
  return (
    <div className="home-layout">
      <Navbar />
      <OfflineBanner />
      <main className="home-layout__main" id="main">
        {children}
      </main>
    </div>
  );
}
