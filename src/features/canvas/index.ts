/** The flow editor is reached through its lazy route (app/route-table.ts); this is its public helper. */
export const flowEditorPath = (orgCode: string, projectId: string | null, flowId: string): string =>
  `/${orgCode}/projects/${projectId ?? 'no-project'}/flows/${flowId}`;
