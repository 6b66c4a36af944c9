// The Reports and Projects views in one chunk with their styles, loaded once This page is on
// screen (App.tsx, lazy-view.tsx). The workspace imports the views themselves.
import '../../components/ui/lists.css';

export { ProjectsPanel, ReportsPanel } from './ListPanels';
