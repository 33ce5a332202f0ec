/** xAPI constants shared by the store, the learner player and the reports. */

/** Versions the /xapi/ endpoint speaks, oldest first (the About resource lists them). */
export const XAPI_VERSIONS = ['1.0.0', '1.0.1', '1.0.2', '1.0.3', '2.0.0'] as const;
export type XapiMajor = '1.0' | '2.0';
/** The version the LRS answers with for each major version a client asks for. */
export const XAPI_LATEST: Record<XapiMajor, string> = { '1.0': '1.0.3', '2.0': '2.0.0' };

export const VERB_VOIDED = 'http://adlnet.gov/expapi/verbs/voided';
export const SIGNATURE_USAGE_TYPE = 'http://adlnet.gov/expapi/attachments/signature';

/**
 * Context extensions with which Flowlearn's own writers (the learner player, flow nodes) say which
 * assignment and flow a statement belongs to; the store copies them into indexed columns.
 */
export const FLOWLEARN_EXTENSIONS = {
  assignment: 'https://flowlearn.app/xapi/extensions/assignment-id',
  flow: 'https://flowlearn.app/xapi/extensions/flow-id',
} as const;

export const INTERACTION_TYPES = [
  'true-false',
  'choice',
  'fill-in',
  'long-fill-in',
  'matching',
  'performance',
  'sequencing',
  'likert',
  'numeric',
  'other',
] as const;

/** Which interaction-component lists each interaction type may carry. */
export const INTERACTION_COMPONENTS: Record<string, readonly string[]> = {
  choice: ['choices'],
  sequencing: ['choices'],
  likert: ['scale'],
  matching: ['source', 'target'],
  performance: ['steps'],
};
export const COMPONENT_LISTS = ['choices', 'scale', 'source', 'target', 'steps'] as const;
