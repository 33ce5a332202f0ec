/**
 * The dashboard's Live switch, remembered on this device: a teacher who watches a
 * lesson live turns it on once, not on every visit. The first state stays the spec's "Get Dashboard
 * Data" button (02 §2); Live only applies once the data is fetched.
 */
export const LIVE_KEY = 'reports.dashboard.live';

export function rememberedLive(): boolean {
  try {
    return localStorage.getItem(LIVE_KEY) === 'on';
  } catch {
    return false;
  }
}

export function rememberLive(on: boolean): void {
  try {
    if (on) localStorage.setItem(LIVE_KEY, 'on');
    else localStorage.removeItem(LIVE_KEY);
  } catch {
    // Storage can be full or refused (private mode); the switch still works for this visit.
  }
}
