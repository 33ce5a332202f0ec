export { QuickBalance } from './components/QuickBalance';
