import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../ui/surfaces';
import { exportOpenFlow } from '../store/export.actions';

/** The editor's Export, for its buttons: a failure is said in a toast, never thrown into React. */
export function useFlowExport(): () => void {
  const { t } = useTranslation();
  return useCallback(() => {
    try {
      exportOpenFlow();
    } catch (error) {
      console.error('Flowlearn: the flow could not be exported', error);
      toastError(t('canvas.exportFailed'));
    }
  }, [t]);
}
