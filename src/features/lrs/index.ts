export { loadCredentials, lrs } from './lrs.store';
