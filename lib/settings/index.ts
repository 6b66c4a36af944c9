// The extension's settings: one versioned value in storage.local, validated with zod/mini on
// write and on read (anything unusable falls back to its default), with an administrator's
// values from storage.managed on top. Callers import from here, never from the files beside.
export {
  type CheckFieldsOptions,
  checkField,
  checkFields,
  type FieldCheck,
  type FieldsCheck,
  hasErrors,
} from './fields';
export {
  DEFAULT_SETTINGS,
  type LoadedSettings,
  MANAGEABLE_KEYS,
  type SaveResult,
  SETTING_KEYS,
  SETTINGS_KEY,
  SETTINGS_VERSION,
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
  isSettingsChange,
  loadSettings,
  onSettingsChanged,
  saveSettings,
  syncSettingsSummary,
} from './store';
export { isConnected, summaryOf } from './summary';
