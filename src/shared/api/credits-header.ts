/**
 * Set on an answer whose request moved credits: the client refreshes the balance it shows.
 * Its own file so the transport (in the shell chunk) reads it without the zod contracts.
 */
export const CREDITS_CHANGED_HEADER = 'X-Credits-Changed';
