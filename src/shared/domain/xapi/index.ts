export { checkActivity, checkDefinition } from './activity';
export { agentIdsOnly, agentIfi, checkActor, checkAgent, checkGroup } from './agents';
export { isObject, type Json, type JsonObject, XapiValidationError } from './check';
export { type StatementColumns, statementColumns, withFlowlearnContext } from './columns';
export * from './constants';
export * from './formats';
export { type ValidateOptions, validateStatement } from './statement';
