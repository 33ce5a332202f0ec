export { POST_LOGIN_KEY } from './auth.session';
export { auth, dismissSessionExpired, getAccessToken, initAuth, signIn, signOut } from './auth.store';
export { AuthLayout } from './components/AuthLayout';
export { EmailField, FormError } from './components/EmailField';
export { PasswordField } from './components/PasswordField';
export { useAuthForm } from './components/useAuthForm';
