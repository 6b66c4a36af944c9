import { render } from 'preact';
import { browser } from 'wxt/browser';
import '../../components/ui/theme.css';
import { t } from '../../lib/i18n';
import { App } from './App';
import './style.css';

document.documentElement.lang = browser.i18n.getUILanguage();
document.title = t('options_title');

const root = document.getElementById('app');
if (root) render(<App />, root);
