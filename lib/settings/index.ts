// The extension's settings, validated on write and on read (anything unusable falls back to its
// default), with an administrator's values on top. Callers import from here.
export {
  type CheckFieldsOptions,
  checkField,
  checkFields,
  type FieldCheck,
  type FieldsCheck,
  hasErrors,
} from './fields';
export {
  isConnected,
  isSettingsChange,
  loadSettings,
  onSettingsChanged,
  settingsItem,
  summaryOf,
} from './read';
export {
  DEFAULT_SETTINGS,
  type LoadedSettings,
  MANAGEABLE_KEYS,
  type SaveResult,
  SETTING_KEYS,
  type SettingErrors,
  type SettingKey,
  type Settings,
  SettingsSchema,
} from './schema';
export {
  effectiveSiteUrl,
  endsWithApiVersion,
  hostPermissionPattern,
  normaliseServiceUrl,
  type UrlCheck,
} from './service-url';
export {
  dropAccount,
  moveToAccounts,
  noteServiceAccountId,
  type SaveTarget,
  saveSettings,
  syncSettingsSummary,
  upgradeDone,
  useAccount,
} from './store';
export {
  parseSettingsSummary,
  SettingsSummary,
  settingsSummaryItem,
  storedSettingsSummary,
} from './summary';
