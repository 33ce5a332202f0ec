import { auth, getAccessToken, signOut } from '../features/auth';
import { type ApiReaction, reactionFor } from '../shared/api/error-catalogue';
import { type ApiError, configureApi } from '../shared/api/http';
import { ErrorCode } from '../shared/contract/errors';
import { creditsChanged } from '../ui/credits-signal';
import { noteSavedCopy } from '../ui/saved-copies';
import { space } from '../ui/space';
import { showPopup, showToast, TOAST_MS } from '../ui/surfaces';
import { i18n } from './i18n';
import { markStale, online } from './online';

/**
 * Wires the one transport: bearer token (refreshed first when needed), orgId when the space is not
 * personal, and the error catalogues of spec 01 §8 and spec 03 §8 applied in one place.
 */
export function applyReaction(reaction: ApiReaction): void {
  const t = (key: string, values?: Record<string, unknown>) => i18n.t(key, { ns: 'common', ...values });
  switch (reaction.kind) {
    case 'silent':
      return;
    case 'signOut':
      void signOut({ expired: true, callServer: false });
      return;
    case 'popup':
      if (reaction.popup === 'offline') {
        showPopup({
          title: t('errors.offlineTitle'),
          message: t('errors.offlineMessage'),
          lines: [t('errors.tryLater')],
        });
      } else if (reaction.popup === 'outOfCredits') {
        showPopup({ title: t('credits.outTitle'), message: t('credits.outMessage') });
      } else if (reaction.popup === 'orgOutOfCredits') {
        showPopup({
          title: t('credits.outTitle'),
          message: t('credits.orgOutMessage'),
          lines: [t('credits.orgOutContact')],
        });
      } else if (reaction.popup === 'monthlyLimit') {
        const limit = reaction.limit ? t('credits.monthlyLimitValue', { limit: reaction.limit }) : '';
        showPopup({
          title: t('credits.monthlyTitle'),
          message: t('credits.monthlyMessage', { limit }),
          lines: [t('credits.monthlyBilling'), t('credits.monthlyContact')],
        });
      }
      return;
    case 'toast':
      showToast({
        type: 'Error',
        title: reaction.titleKey ? t(reaction.titleKey) : undefined,
        message: reaction.message ?? t(reaction.messageKey ?? 'errors.unknown', reaction.values),
        durationMs: reaction.durationMs ?? TOAST_MS.utility,
      });
  }
}

const CREDIT_ERRORS = new Set<string>([
  ErrorCode.UNIT_BALANCE_INSUFFICIENT,
  ErrorCode.ORG_UNIT_BALANCE_INSUFFICIENT,
  ErrorCode.ORGANIZATION_MONTHLY_CREDIT_LIMIT_EXCEEDED,
]);

export function setupApiClient(): void {
  configureApi({
    getAccessToken,
    getOrgId: () => (space.orgId === 'personal' ? null : space.orgId),
    isOnline: () => online.isOnline,
    onStale: (path, savedAt) => {
      markStale();
      noteSavedCopy(path, savedAt);
    },
    onCreditsChanged: creditsChanged,
    onError: (error: ApiError, req) => {
      if (CREDIT_ERRORS.has(error.errorCode ?? '')) creditsChanged();
      // A 401 while signed out (e.g. a failed sign-in) is the screen's business, not a global sign-out.
      if (error.status === 401 && auth.status !== 'signedIn') return;
      applyReaction(reactionFor(error, { quiet: req.quiet }));
    },
  });
}
