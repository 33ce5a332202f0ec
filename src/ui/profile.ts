import { proxy } from 'valtio';

/**
 * What features need to know of the signed-in user without importing the auth feature (a feature
 * never imports another). The app keeps it in step with the session (App.tsx).
 */
export const profile = proxy({
  /** Spec 01 §3/§4: lets csv reach a Google Spreadsheet block that names no sheet yet. */
  linkedWithGoogleSpreadSheet: false,
});

export function setProfile(user: { linkedWithGoogleSpreadSheet: boolean } | null): void {
  profile.linkedWithGoogleSpreadSheet = user?.linkedWithGoogleSpreadSheet ?? false;
}
