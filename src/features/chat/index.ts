export { default as ChatPage } from './components/ChatPage';
