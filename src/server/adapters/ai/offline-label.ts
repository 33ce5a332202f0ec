/** How the offline provider names itself everywhere it answers (ARCHITECTURE §1). */
export const OFFLINE_LABEL = 'Offline demo — no AI model';
