export { explorer } from './tools.store';
