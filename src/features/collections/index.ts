export { collections } from './collections.store';
export { flowList } from './flow-list.store';
