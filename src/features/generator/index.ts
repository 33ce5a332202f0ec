export { default as GeneratorPage } from './components/GeneratorPage';
export { generate, generator, reset, stop } from './generator.store';
