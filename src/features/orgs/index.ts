export { LanguageMenu } from './components/LanguageMenu';
export { SpaceSwitcher } from './components/SpaceSwitcher';
export {
  fetchPublicOrg,
  joinOrg,
  lastVisitedOrgCode,
  loadLanguageDefaults,
  loadOrgs,
  orgs,
  resetOrgs,
  resolveSpace,
  saveDefaultLanguage,
} from './orgs.store';
