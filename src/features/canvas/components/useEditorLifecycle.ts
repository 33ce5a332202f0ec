import { useEffect } from 'react';
import { editor } from '../store/canvas.store';
import { closeFlow, openFlow } from '../store/load.actions';
import { saveNow } from '../store/save.actions';

/**
 * Opens the flow, warns before the tab closes with unsaved changes (beforeunload), and resumes
 * saving when the network comes back.
 */
export function useEditorLifecycle(flowId: string): void {
  useEffect(() => {
    void openFlow(flowId);
    return () => closeFlow();
  }, [flowId]);

  useEffect(() => {
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (editor.pending === 0 && !editor.saving) return;
      e.preventDefault();
      // Older browsers need returnValue set to show their own "leave site?" question.
      e.returnValue = '';
    };
    const online = () => {
      editor.online = true;
      editor.networkFailed = false;
      void saveNow();
    };
    const offline = () => {
      editor.online = false;
    };
    window.addEventListener('beforeunload', beforeUnload);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, []);
}
